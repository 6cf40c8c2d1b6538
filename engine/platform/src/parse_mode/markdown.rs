//! Legacy `Markdown`, following tdlib's `parse_markdown`.
//!
//! `*bold*`, `_italic_`, `` `code` ``, ```` ```language\npre``` ```` and `[text](url)`, without
//! nesting: inside an entity everything up to its closing character is literal. `\` escapes only
//! `_`, `*`, `` ` `` and `[`.
//!
//! Like tdlib, the text is rewritten in place. That matters for `[text]` without `(url)`: tdlib then
//! reads the url from the input bytes after `[`, which the shifted output has partly overwritten, so
//! `[google.com]` at the start of the text links to `http://oogle.comm/`. The reference server
//! answers that way, and so does this parser.

use super::entity::{Entity, Kind};
use super::{Parsed, at, into_string, language_end, leading_newline_len, url, utf16_units};

/// Parses legacy `Markdown` text.
pub(super) fn parse(input: &str) -> Parsed {
    let mut parser =
        Parser { text: input.as_bytes().to_vec(), i: 0, result_len: 0, utf16_offset: 0, entities: Vec::new() };
    while parser.i < parser.text.len() {
        parser.step()?;
        parser.i += 1;
    }
    parser.text.truncate(parser.result_len);
    Ok((into_string(parser.text), parser.entities))
}

/// The parser state: the buffer being rewritten in place (output before `result_len`, unread input
/// from `i`) and the entities found.
struct Parser {
    text: Vec<u8>,
    i: usize,
    result_len: usize,
    utf16_offset: usize,
    entities: Vec<Entity>,
}

fn is_marker(c: u8) -> bool {
    matches!(c, b'_' | b'*' | b'`' | b'[')
}

impl Parser {
    fn at(&self, i: usize) -> u8 {
        at(&self.text, i)
    }

    /// Moves the byte at `i` to the output.
    fn copy(&mut self) {
        self.text[self.result_len] = self.text[self.i];
        self.result_len += 1;
    }

    /// Handles the byte at `i`; the caller then moves past it.
    fn step(&mut self) -> Result<(), String> {
        let c = self.at(self.i);
        if c == b'\\' && is_marker(self.at(self.i + 1)) {
            self.i += 1;
            self.utf16_offset += 1;
            self.copy();
            return Ok(());
        }
        if !is_marker(c) {
            self.utf16_offset += utf16_units(c);
            self.copy();
            return Ok(());
        }
        self.entity(c)
    }

    /// An entity opened by `c` at `i`: copies its content, then records it if non-empty.
    fn entity(&mut self, c: u8) -> Result<(), String> {
        let begin_pos = self.i;
        let end_character = if c == b'[' { b']' } else { c };
        self.i += 1;
        let is_pre = c == b'`' && self.at(self.i) == b'`' && self.at(self.i + 1) == b'`';
        let language = if is_pre { self.begin_pre() } else { String::new() };
        let offset = self.utf16_offset;
        while self.i < self.text.len() && !self.at_end(end_character, is_pre) {
            self.utf16_offset += utf16_units(self.at(self.i));
            self.copy();
            self.i += 1;
        }
        if self.i >= self.text.len() {
            return Err(format!("Can't find end of the entity starting at byte offset {begin_pos}"));
        }
        if offset != self.utf16_offset {
            let kind = match c {
                b'_' => Some(Kind::Italic),
                b'*' => Some(Kind::Bold),
                b'[' => self.link(begin_pos),
                _ if !is_pre => Some(Kind::Code),
                _ if language.is_empty() => Some(Kind::Pre),
                _ => Some(Kind::PreCode(language)),
            };
            if let Some(kind) = kind {
                self.entities.push(Entity { kind, offset, length: self.utf16_offset - offset });
            }
        }
        if is_pre {
            self.i += 2;
        }
        Ok(())
    }

    /// Whether `i` is at the entity's closing character (three backquotes for pre).
    fn at_end(&self, end_character: u8, is_pre: bool) -> bool {
        self.at(self.i) == end_character && (!is_pre || (self.at(self.i + 1) == b'`' && self.at(self.i + 2) == b'`'))
    }

    /// Skips the rest of a pre block's opening ```` ``` ````, its language and one line break;
    /// returns the language.
    fn begin_pre(&mut self) -> String {
        self.i += 2;
        let end = language_end(&self.text, self.i);
        let mut language = String::new();
        if self.i != end && end < self.text.len() && self.at(end) != b'`' {
            language = into_string(self.text[self.i..end].to_vec());
            self.i = end;
        }
        self.i += leading_newline_len(&self.text, self.i);
        language
    }

    /// The link of `[text](url)` (or of `[text]`, see the module documentation), with `i` on the
    /// `]`; leaves `i` on the `)`. `None` when tdlib drops the link.
    fn link(&mut self, begin_pos: usize) -> Option<Kind> {
        let url = if self.at(self.i + 1) == b'(' {
            self.i += 2;
            let begin = self.i;
            while self.i < self.text.len() && self.at(self.i) != b')' {
                self.i += 1;
            }
            self.text[begin..self.i].to_vec()
        } else {
            self.text[begin_pos + 1..self.i].to_vec()
        };
        match url::link_user_id(&url) {
            Some(user_id) => Some(Kind::MentionName(user_id)),
            None => url::checked_link(&url).map(Kind::TextUrl),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::parse_mode::test_support;

    fn ok(input: &str) -> (String, serde_json::Value) {
        test_support::rendered(parse, input)
    }

    #[test]
    fn entities_do_not_nest() {
        assert_eq!(
            ok("*bold _not italic_* _it_ `co*de` 😀[link](https://t.me/x)"),
            (
                "bold _not italic_ it co*de 😀link".to_owned(),
                json!([
                    {"offset": 0, "length": 17, "type": "bold"},
                    {"offset": 18, "length": 2, "type": "italic"},
                    {"offset": 21, "length": 5, "type": "code"},
                    {"offset": 29, "length": 4, "type": "text_link", "url": "https://t.me/x"},
                ])
            )
        );
    }

    #[test]
    fn pre_mentions_and_escapes() {
        assert_eq!(
            ok("```python\nprint(1)\n```"),
            ("print(1)\n".to_owned(), json!([{"offset": 0, "length": 9, "type": "pre", "language": "python"}]))
        );
        assert_eq!(ok("```x```").1, json!([{"offset": 0, "length": 1, "type": "pre"}]));
        assert_eq!(
            ok("[Ann](tg://user?id=42)").1,
            json!([{"offset": 0, "length": 3, "type": "text_link", "url": "tg://user?id=42"}])
        );
        assert_eq!(ok("\\*not bold\\* a\\_b \\` \\[ \\."), ("*not bold* a_b ` [ \\.".to_owned(), json!([])));
        assert_eq!(ok("a.b (c) ~ | > !"), ("a.b (c) ~ | > !".to_owned(), json!([])));
    }

    #[test]
    fn dropped_links_and_empty_entities() {
        assert_eq!(ok("[x](not a url)"), ("x".to_owned(), json!([])));
        // An empty entity is dropped without consuming its `(url)`.
        assert_eq!(ok("[](t.me)**"), ("(t.me)".to_owned(), json!([])));
        // The upstream in-place quirk: see the module documentation.
        assert_eq!(
            ok("[google.com]").1,
            json!([{"offset": 0, "length": 10, "type": "text_link", "url": "http://oogle.comm/"}])
        );
        // Enough removed markup before it, and the url is read intact.
        assert_eq!(
            ok("****[t.me]"),
            ("t.me".to_owned(), json!([{"offset": 0, "length": 4, "type": "text_link", "url": "http://t.me/"}]))
        );
    }

    #[test]
    fn unfinished_entities_report_where_they_start() {
        for (input, offset) in [("*bold", 0), ("a _b", 2), ("🏟 `x", 5), ("```pre``", 0), ("[text", 0), ("ok *x* [y", 7)]
        {
            assert_eq!(
                parse(input).unwrap_err(),
                format!("Can't find end of the entity starting at byte offset {offset}"),
                "{input:?}"
            );
        }
    }
}
