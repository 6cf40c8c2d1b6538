//! `HTML`, following tdlib's `parse_html`.
//!
//! Tags: `b`/`strong`, `i`/`em`, `u`/`ins`, `s`/`strike`/`del`, `tg-spoiler` and
//! `span class="tg-spoiler"`, `a href` (a `tg://user?id=` link, or the link text when `href` is
//! missing), `code` (with `class="language-x"` inside or around `pre`), `pre`, `blockquote`
//! (`expandable`), `tg-emoji emoji-id` and `tg-time unix format`. Tag names are case-insensitive,
//! `</>` closes any tag, and only `&lt;`, `&gt;`, `&amp;`, `&quot;` and numeric character
//! references are decoded; anything else starting with `&` stays as it is.

use super::entity::{Entity, Kind, parse_date_flags};
use super::{Parsed, at, into_string, is_space, to_integer_i32, to_integer_safe, url, utf16_units};

/// The tags tdlib knows.
const TAGS: &[&str] = &[
    "a",
    "b",
    "strong",
    "i",
    "em",
    "s",
    "strike",
    "del",
    "u",
    "ins",
    "tg-spoiler",
    "tg-emoji",
    "tg-time",
    "span",
    "pre",
    "code",
    "blockquote",
];

/// An open tag: its lower-cased name, the argument its attributes gave it, the `tg-time` Unix
/// time, and where it starts in UTF-16 units and in the output.
struct Frame {
    tag: String,
    argument: String,
    unix_time: i32,
    offset: usize,
    begin_pos: usize,
}

/// Parses `HTML` text.
pub(super) fn parse(input: &str) -> Parsed {
    let mut parser = Parser {
        input: input.as_bytes(),
        i: 0,
        out: Vec::with_capacity(input.len()),
        utf16_offset: 0,
        stack: Vec::new(),
        entities: Vec::new(),
        has_surrogate: false,
    };
    while parser.i < parser.input.len() {
        parser.step()?;
    }
    parser.finish()
}

/// tdlib's `decode_html_entity` on the `&` at `*pos`: the code point, with `*pos` moved past the
/// reference (and its `;` if present), or `None` if it is not one tdlib decodes.
pub(crate) fn decode_entity(s: &[u8], pos: &mut usize) -> Option<u32> {
    let start = *pos;
    let mut end = start + 1;
    let mut code: u32 = 0;
    if at(s, start + 1) == b'#' {
        end += 1;
        let hex = at(s, start + 2) == b'x';
        if hex {
            end += 1;
        }
        let radix = if hex { 16 } else { 10 };
        while let Some(digit) = char::from(at(s, end)).to_digit(radix) {
            code = code.wrapping_mul(radix).wrapping_add(digit);
            end += 1;
        }
        if code == 0 || code >= 0x10ffff || end - start >= 10 {
            return None;
        }
    } else {
        while at(s, end).is_ascii_alphabetic() {
            end += 1;
        }
        code = match &s[start + 1..end] {
            b"lt" => u32::from('<'),
            b"gt" => u32::from('>'),
            b"amp" => u32::from('&'),
            b"quot" => u32::from('"'),
            _ => return None,
        };
    }
    *pos = if at(s, end) == b';' { end + 1 } else { end };
    Some(code)
}

/// Appends `code` as UTF-8; a surrogate (which tdlib would write as invalid UTF-8) becomes U+FFFD
/// and returns `false`.
fn push_code(out: &mut Vec<u8>, code: u32) -> bool {
    let (c, valid) = match char::from_u32(code) {
        Some(c) => (c, true),
        None => (char::REPLACEMENT_CHARACTER, false),
    };
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    valid
}

/// The parser state: the input, the output, the open tags and the entities closed so far (with
/// the `code` language, which only survives by merging into a `pre`).
struct Parser<'a> {
    input: &'a [u8],
    i: usize,
    out: Vec<u8>,
    utf16_offset: usize,
    stack: Vec<Frame>,
    entities: Vec<(Entity, String)>,
    has_surrogate: bool,
}

impl Parser<'_> {
    fn at(&self, i: usize) -> u8 {
        at(self.input, i)
    }

    /// Blanks from `i` on.
    fn skip_spaces(&mut self) {
        while self.at(self.i) != 0 && is_space(self.at(self.i)) {
            self.i += 1;
        }
    }

    /// Lower-cased input bytes `from..to` (a tag name or a name token).
    fn lower(&self, from: usize, to: usize) -> String {
        into_string(self.input[from..to].to_ascii_lowercase())
    }

    /// Handles text, a character reference or a tag at `i`, moving past it.
    fn step(&mut self) -> Result<(), String> {
        let c = self.at(self.i);
        if c == b'&'
            && let Some(code) = decode_entity(self.input, &mut self.i)
        {
            self.utf16_offset += if code > 0xffff { 2 } else { 1 };
            self.has_surrogate |= !push_code(&mut self.out, code);
            return Ok(());
        }
        if c != b'<' {
            self.utf16_offset += utf16_units(c);
            self.out.push(c);
            self.i += 1;
            return Ok(());
        }
        let begin_pos = self.i;
        self.i += 1;
        if self.at(self.i) == b'/' {
            self.end_tag(begin_pos)?
        } else {
            self.start_tag(begin_pos)?
        }
        self.i += 1;
        Ok(())
    }

    /// A start tag at `begin_pos`; leaves `i` on its `>`.
    fn start_tag(&mut self, begin_pos: usize) -> Result<(), String> {
        while !is_space(self.at(self.i)) && self.at(self.i) != b'>' {
            self.i += 1;
        }
        if self.at(self.i) == 0 {
            return Err(format!("Unclosed start tag at byte offset {begin_pos}"));
        }
        let tag = self.lower(begin_pos + 1, self.i);
        if !TAGS.contains(&tag.as_str()) {
            return Err(format!("Unsupported start tag \"{tag}\" at byte offset {begin_pos}"));
        }
        let (argument, unix_time) = self.attributes(&tag, begin_pos)?;
        if tag == "span" && argument != "spoiler" {
            return Err(format!("Tag \"span\" must have class \"tg-spoiler\" at byte offset {begin_pos}"));
        }
        let (offset, begin_pos) = (self.utf16_offset, self.out.len());
        self.stack.push(Frame { tag, argument, unix_time, offset, begin_pos });
        Ok(())
    }

    /// Reads the attributes of `tag` up to its `>`; returns the argument they give the tag and the
    /// `tg-time` Unix time.
    fn attributes(&mut self, tag: &str, begin_pos: usize) -> Result<(String, i32), String> {
        let mut argument = String::new();
        let mut unix_time = 0;
        while self.at(self.i) != b'>' {
            self.skip_spaces();
            if self.at(self.i) == b'>' {
                break;
            }
            let name_begin = self.i;
            while !is_space(self.at(self.i)) && !b"=>/\"'".contains(&self.at(self.i)) {
                self.i += 1;
            }
            let name = &self.input[name_begin..self.i];
            if name.is_empty() {
                return Err(format!("Empty attribute name in the tag \"{tag}\" at byte offset {begin_pos}"));
            }
            self.skip_spaces();
            if self.at(self.i) != b'=' {
                if self.at(self.i) == 0 {
                    return Err(format!("Unclosed start tag \"{tag}\" at byte offset {begin_pos}"));
                }
                if tag == "blockquote" && name == b"expandable" {
                    argument = "1".to_owned();
                }
                continue;
            }
            self.i += 1;
            self.skip_spaces();
            if self.at(self.i) == 0 {
                return Err(format!("Unclosed start tag \"{tag}\" at byte offset {begin_pos}"));
            }
            let value = self.attribute_value()?;
            if self.at(self.i) == 0 {
                return Err(format!("Unclosed start tag at byte offset {begin_pos}"));
            }
            match (tag, name) {
                ("a", b"href") | ("tg-emoji", b"emoji-id") | ("tg-time", b"format") => argument = value,
                ("code", b"class") if value.starts_with("language-") => {
                    argument = value["language-".len()..].to_owned()
                }
                ("span", b"class") if value.starts_with("tg-") => argument = value["tg-".len()..].to_owned(),
                ("blockquote", b"expandable") => argument = "1".to_owned(),
                ("tg-time", b"unix") => unix_time = to_integer_i32(value.as_bytes()),
                _ => {}
            }
        }
        Ok((argument, unix_time))
    }

    /// An attribute value at `i`: a quoted string with character references decoded, or a
    /// lower-cased name token.
    fn attribute_value(&mut self) -> Result<String, String> {
        let quote = self.at(self.i);
        if quote != b'"' && quote != b'\'' {
            let token_begin = self.i;
            while self.at(self.i).is_ascii_alphanumeric() || matches!(self.at(self.i), b'.' | b'-') {
                self.i += 1;
            }
            if !is_space(self.at(self.i)) && self.at(self.i) != b'>' {
                return Err(format!("Unexpected end of name token at byte offset {token_begin}"));
            }
            return Ok(self.lower(token_begin, self.i));
        }
        self.i += 1;
        let mut value = Vec::new();
        while self.at(self.i) != quote && self.at(self.i) != 0 {
            if self.at(self.i) == b'&'
                && let Some(code) = decode_entity(self.input, &mut self.i)
            {
                push_code(&mut value, code);
                continue;
            }
            value.push(self.at(self.i));
            self.i += 1;
        }
        if self.at(self.i) == quote {
            self.i += 1;
        }
        Ok(into_string(value))
    }

    /// An end tag at `begin_pos` (`i` on its `/`); leaves `i` on its `>`.
    fn end_tag(&mut self, begin_pos: usize) -> Result<(), String> {
        if self.stack.is_empty() {
            return Err(format!("Unexpected end tag at byte offset {begin_pos}"));
        }
        while !is_space(self.at(self.i)) && self.at(self.i) != b'>' {
            self.i += 1;
        }
        let end_tag = self.lower(begin_pos + 2, self.i);
        self.skip_spaces();
        if self.at(self.i) != b'>' {
            return Err(format!("Unclosed end tag at byte offset {begin_pos}"));
        }
        let frame = self.stack.pop().expect("the stack was checked non-empty on entry");
        if !end_tag.is_empty() && end_tag != frame.tag {
            return Err(format!(
                "Unmatched end tag at byte offset {begin_pos}, expected \"</{}>\", found \"</{end_tag}>\"",
                frame.tag
            ));
        }
        if self.utf16_offset > frame.offset {
            self.close(frame)?;
        }
        Ok(())
    }

    /// Records the entity of a closed, non-empty tag.
    fn close(&mut self, frame: Frame) -> Result<(), String> {
        let (offset, length) = (frame.offset, self.utf16_offset - frame.offset);
        match frame.tag.as_str() {
            "pre" => self.close_pre(offset, length),
            "code" => self.close_code(offset, length, frame.argument),
            _ => {
                if let Some(kind) = self.kind_of(&frame)? {
                    self.entities.push((Entity { kind, offset, length }, String::new()));
                }
            }
        }
        Ok(())
    }

    /// The entity of a closed tag other than `pre` and `code`; `None` when tdlib records nothing.
    fn kind_of(&self, frame: &Frame) -> Result<Option<Kind>, String> {
        let kind = match frame.tag.as_str() {
            "i" | "em" => Kind::Italic,
            "b" | "strong" => Kind::Bold,
            "s" | "strike" | "del" => Kind::Strikethrough,
            "u" | "ins" => Kind::Underline,
            "tg-spoiler" | "span" => Kind::Spoiler,
            "blockquote" if frame.argument.is_empty() => Kind::BlockQuote,
            "blockquote" => Kind::ExpandableBlockQuote,
            "tg-emoji" => match to_integer_safe::<i64>(frame.argument.as_bytes()).filter(|&id| id != 0) {
                Some(id) => Kind::CustomEmoji(id),
                None => return Err("Invalid custom emoji identifier specified".to_owned()),
            },
            "tg-time" => {
                let flags = parse_date_flags(frame.argument.as_bytes()).ok_or("Invalid date format used")?;
                if frame.unix_time <= 0 {
                    return Ok(None);
                }
                Kind::DateTime { unix_time: frame.unix_time, flags }
            }
            "a" => return Ok(self.link(frame)),
            _ => return Ok(None),
        };
        Ok(Some(kind))
    }

    /// The link of an `a` tag: its `href`, or its text without one. `None` when tdlib drops it.
    fn link(&self, frame: &Frame) -> Option<Kind> {
        let text = &self.out[frame.begin_pos..];
        let url = if frame.argument.is_empty() { text } else { frame.argument.as_bytes() };
        match url::link_user_id(url) {
            Some(user_id) => Some(Kind::MentionName(user_id)),
            None => url::checked_link(url).map(Kind::TextUrl),
        }
    }

    /// `pre`: merges with a `code` of the same range that has a language, else a plain `pre`.
    fn close_pre(&mut self, offset: usize, length: usize) {
        if let Some((entity, language)) = self.entities.last_mut()
            && entity.kind == Kind::Code
            && (entity.offset, entity.length) == (offset, length)
            && !language.is_empty()
        {
            entity.kind = Kind::PreCode(std::mem::take(language));
            return;
        }
        self.entities.push((Entity { kind: Kind::Pre, offset, length }, String::new()));
    }

    /// `code`: gives its language to a `pre` of the same range, else a `code` remembering the
    /// language for an enclosing `pre`.
    fn close_code(&mut self, offset: usize, length: usize, language: String) {
        if let Some((entity, _)) = self.entities.last_mut()
            && entity.kind == Kind::Pre
            && (entity.offset, entity.length) == (offset, length)
            && !language.is_empty()
        {
            entity.kind = Kind::PreCode(language);
            return;
        }
        self.entities.push((Entity { kind: Kind::Code, offset, length }, language));
    }

    /// Fails on a tag left open or a decoded surrogate; otherwise the text and entities.
    fn finish(self) -> Parsed {
        if let Some(frame) = self.stack.last() {
            return Err(format!("Can't find end tag corresponding to start tag \"{}\"", frame.tag));
        }
        if self.has_surrogate {
            return Err("Text contains invalid Unicode characters after decoding HTML entities, check for unmatched \
                        surrogate code units"
                .to_owned());
        }
        Ok((into_string(self.out), self.entities.into_iter().map(|(entity, _)| entity).collect()))
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

    fn brief(input: &str) -> (String, Vec<String>) {
        test_support::brief(parse, input)
    }

    fn err(input: &str) -> String {
        parse(input).expect_err(input)
    }

    #[test]
    fn tags_become_entities() {
        assert_eq!(
            ok("<b>bold</b> &amp; <a href=\"https://x.y\">link</a> 😀<i>it</i>"),
            (
                "bold & link 😀it".to_owned(),
                json!([
                    {"offset": 0, "length": 4, "type": "bold"},
                    {"offset": 7, "length": 4, "type": "text_link", "url": "https://x.y/"},
                    {"offset": 14, "length": 2, "type": "italic"},
                ])
            )
        );
        for (tag, kind) in [
            ("b", "bold"),
            ("strong", "bold"),
            ("i", "italic"),
            ("em", "italic"),
            ("u", "underline"),
            ("ins", "underline"),
            ("s", "strikethrough"),
            ("strike", "strikethrough"),
            ("del", "strikethrough"),
            ("tg-spoiler", "spoiler"),
            ("code", "code"),
            ("pre", "pre"),
            ("blockquote", "blockquote"),
        ] {
            assert_eq!(brief(&format!("➡️ <{tag}>➡️</{}>", tag.to_uppercase())).1, [format!("{kind} 3 2")]);
        }
        assert_eq!(brief("<span class=\"tg-spoiler\">s</span>").1, ["spoiler 0 1"]);
        assert_eq!(brief("<blockquote expandable>q</blockquote>").1, ["expandable_blockquote 0 1"]);
        assert_eq!(brief("<blockquote   expandable=false>a</>").1, ["expandable_blockquote 0 1"]);
    }

    #[test]
    fn links_emoji_and_dates() {
        assert_eq!(
            ok("<a href='tg://user?id=42'>Ann</a> <a>telegram.org</a> <a href=as>x</a> <a> </a>"),
            (
                "Ann telegram.org x  ".to_owned(),
                json!([
                    {"offset": 0, "length": 3, "type": "text_link", "url": "tg://user?id=42"},
                    {"offset": 4, "length": 12, "type": "text_link", "url": "http://telegram.org/"},
                ])
            )
        );
        assert_eq!(ok("<a   href=  'telegram.org?&lt;'   > </a>").1[0]["url"], "http://telegram.org/?<");
        assert_eq!(
            ok("<tg-emoji emoji-id=\"5368324170671202286\">👍</tg-emoji>").1,
            json!([{"offset": 0, "length": 2, "type": "custom_emoji", "custom_emoji_id": "5368324170671202286"}])
        );
        assert_eq!(
            ok("<tg-time unix = \"12345\", format = \"tttTTdDwW\">x</tg-time>").1,
            json!([{"offset": 0, "length": 1, "type": "date_time", "unix_time": 12345, "date_time_format": "wdt"}])
        );
        assert_eq!(ok("<tg-time format=r>x</tg-time>"), ("x".to_owned(), json!([])));
    }

    #[test]
    fn pre_with_code_language() {
        assert_eq!(
            ok("<pre><code class=\"language-rust\">let x;</code></pre>"),
            ("let x;".to_owned(), json!([{"offset": 0, "length": 6, "type": "pre", "language": "rust"}]))
        );
        assert_eq!(brief("<code class=\"language-fift\"><pre>x</></>").1, ["pre 0 1"]);
        assert_eq!(brief("<pre><code class=\"language-\">x</code></>").1, ["pre 0 1", "code 0 1"]);
        assert_eq!(brief("<pre><code class=\"language-c\">x</> </>").1, ["pre 0 2", "code 0 1"]);
        assert_eq!(ok("<code class=\"language-c\">x</code>").1, json!([{"offset": 0, "length": 1, "type": "code"}]));
    }

    #[test]
    fn character_references() {
        assert_eq!(brief("&ge;&lt;&gt;&amp;&quot;&laquo;&raquo;&#12345678;").0, "&ge;<>&\"&laquo;&raquo;&#12345678;");
        assert_eq!(brief("&Or;&lt&#60;&#x3c;&#X3c;&#;&").0, "&Or;<<<&#X3c;&#;&");
        assert_eq!(brief("&#x1F600;<b>x</b>"), ("😀x".to_owned(), vec!["bold 2 1".to_owned()]));
        assert_eq!(brief("🏟 🏟<i>🏟 &lt🏟</i>"), ("🏟 🏟🏟 <🏟".to_owned(), vec!["italic 5 6".to_owned()]));
    }

    #[test]
    fn attributes_are_tolerated_like_tdlib() {
        assert_eq!(brief("🏟 🏟&lt;<i    aba  =  190azAz-.   >a</i>").1, ["italic 6 1"]);
        assert_eq!(brief("<i aba='&lt;&gt;&quot;'>a</>").1, ["italic 0 1"]);
        assert_eq!(brief("<i>a</    >").1, ["italic 0 1"]);
        assert_eq!(brief("<b></b>"), (String::new(), vec![]));
        assert_eq!(brief("<blockquote   cite=\"\" askdlbas nasjdbaj nj12b3>a</>").1, ["blockquote 0 1"]);
    }

    #[test]
    fn errors_match_tdlib() {
        let cases = [
            ("🏟 🏟&lt;<abacaba", "Unclosed start tag at byte offset 13"),
            ("🏟 🏟&lt;<abac aba>", "Unsupported start tag \"abac\" at byte offset 13"),
            ("<x>y</x>", "Unsupported start tag \"x\" at byte offset 0"),
            ("🏟 🏟&lt;<i   =aba>", "Empty attribute name in the tag \"i\" at byte offset 13"),
            ("🏟 🏟&lt;<i    aba>", "Can't find end tag corresponding to start tag \"i\""),
            ("🏟 🏟&lt;<i    aba  =  ", "Unclosed start tag \"i\" at byte offset 13"),
            ("<b x", "Unclosed start tag \"b\" at byte offset 0"),
            ("🏟 🏟&lt;<i    aba  =  190azAz-.,", "Unexpected end of name token at byte offset 27"),
            ("🏟 🏟&lt;<i    aba  =  \"&lt;&gt;&quot;>", "Unclosed start tag at byte offset 13"),
            ("🏟 🏟&lt;</", "Unexpected end tag at byte offset 13"),
            ("🏟 🏟&lt;<b></b></", "Unexpected end tag at byte offset 20"),
            ("🏟 🏟&lt;<i>a</i   ", "Unclosed end tag at byte offset 17"),
            ("🏟 🏟&lt;<i>a</em   >", "Unmatched end tag at byte offset 17, expected \"</i>\", found \"</em>\""),
            ("<b>a</i>", "Unmatched end tag at byte offset 4, expected \"</b>\", found \"</i>\""),
            ("<span>x</span>", "Tag \"span\" must have class \"tg-spoiler\" at byte offset 0"),
            ("<span class=tg-x>x</span>", "Tag \"span\" must have class \"tg-spoiler\" at byte offset 0"),
            ("<tg-emoji emoji-id=abc>x</tg-emoji>", "Invalid custom emoji identifier specified"),
            ("<tg-time unix=5 format=rt>x</tg-time>", "Invalid date format used"),
            (
                "&#57311;",
                "Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units",
            ),
            (
                "&#xDFDF",
                "Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(err(input), message, "{input:?}");
        }
    }
}
