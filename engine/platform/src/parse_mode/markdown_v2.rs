//! `MarkdownV2`, following tdlib's `parse_markdown_v2`.
//!
//! Entities nest: `*bold*`, `_italic_`, `__underline__`, `~strikethrough~`, `||spoiler||`,
//! `` `code` ``, ```` ```language\npre``` ````, `[text](url)`, `![emoji](tg://emoji?id=N)` (or
//! `tg://time?unix=N&format=F` for a `date_time`), `>` quoted lines, and a quote whose last line ends
//! with `||` is expandable. `\` escapes any ASCII character; an unescaped reserved character is an
//! error. Like tdlib, the text is rewritten in place, in a byte buffer.

use super::entity::{Entity, Kind};
use super::{Parsed, at, into_string, language_end, leading_newline_len, url, utf16_units};

/// Characters that must be escaped outside code.
const RESERVED: &[u8] = b"_*[]()~`>#+-=|{}.!\n";

/// An entity still open, as tdlib names it in errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    Bold,
    Italic,
    Underline,
    Strikethrough,
    Spoiler,
    Code,
    Pre,
    PreCode,
    TextUrl,
    CustomEmoji,
    BlockQuote,
}

impl Open {
    fn name(self) -> &'static str {
        match self {
            Open::Bold => "Bold",
            Open::Italic => "Italic",
            Open::Underline => "Underline",
            Open::Strikethrough => "Strikethrough",
            Open::Spoiler => "Spoiler",
            Open::Code => "Code",
            Open::Pre => "Pre",
            Open::PreCode => "PreCode",
            Open::TextUrl => "TextUrl",
            Open::CustomEmoji => "CustomEmoji",
            Open::BlockQuote => "BlockQuote",
        }
    }
}

/// An open entity: its kind, the pre language, where it starts in UTF-16 units, in the input and
/// in the output.
struct Frame {
    kind: Open,
    language: String,
    offset: usize,
    byte_offset: usize,
    begin_pos: usize,
}

fn reserved_error(c: u8) -> String {
    format!("Character '{}' is reserved and must be escaped with the preceding '\\'", char::from(c))
}

fn unfinished(frame: &Frame) -> String {
    format!("Can't find end of {} entity at byte offset {}", frame.kind.name(), frame.byte_offset)
}

/// Parses `MarkdownV2` text.
pub(super) fn parse(input: &str) -> Parsed {
    let mut parser = Parser {
        text: input.as_bytes().to_vec(),
        i: 0,
        result_len: 0,
        utf16_offset: 0,
        stack: Vec::new(),
        entities: Vec::new(),
        have_blockquote: false,
        can_start_blockquote: true,
    };
    while parser.i < parser.text.len() {
        parser.step()?;
        parser.i += 1;
    }
    parser.finish()
}

/// The parser state: the buffer being rewritten in place (output before `result_len`, unread input
/// from `i`), the open entities and the finished ones.
struct Parser {
    text: Vec<u8>,
    i: usize,
    result_len: usize,
    utf16_offset: usize,
    stack: Vec<Frame>,
    entities: Vec<Entity>,
    have_blockquote: bool,
    can_start_blockquote: bool,
}

impl Parser {
    fn at(&self, i: usize) -> u8 {
        at(&self.text, i)
    }

    fn emit(&mut self, c: u8) {
        self.text[self.result_len] = c;
        self.result_len += 1;
    }

    fn top_kind(&self) -> Option<Open> {
        self.stack.last().map(|frame| frame.kind)
    }

    /// Handles the byte at `i`; the caller then moves past it.
    fn step(&mut self) -> Result<(), String> {
        let c = self.at(self.i);
        let next = self.at(self.i + 1);
        if c == b'\\' && (1..=126).contains(&next) {
            self.i += 1;
            self.utf16_offset += 1;
            self.emit(next);
            if next != b'\r' {
                self.can_start_blockquote = next == b'\n';
            }
            return Ok(());
        }
        let in_code = matches!(self.top_kind(), Some(Open::Code | Open::Pre | Open::PreCode));
        let reserved = if in_code { &b"`"[..] } else { RESERVED };
        if !reserved.contains(&c) {
            let units = utf16_units(c);
            if units > 0 {
                self.utf16_offset += units;
                if c != b'\r' {
                    self.can_start_blockquote = false;
                }
            }
            self.emit(c);
            return Ok(());
        }
        if self.is_end(c) { self.end(c) } else { self.begin(c) }
    }

    /// Whether the reserved byte `c` closes the innermost open entity.
    fn is_end(&self, c: u8) -> bool {
        let Some(top) = self.top_kind() else { return false };
        let (next, after) = (self.at(self.i + 1), self.at(self.i + 2));
        if self.have_blockquote && c == b'\n' && (self.i + 1 == self.text.len() || next != b'>') {
            return true;
        }
        match top {
            Open::Bold => c == b'*',
            Open::Italic => c == b'_' && next != b'_',
            Open::Underline => c == b'_' && next == b'_',
            Open::Strikethrough => c == b'~',
            Open::Spoiler => c == b'|' && next == b'|',
            Open::Code => c == b'`',
            Open::Pre | Open::PreCode => c == b'`' && next == b'`' && after == b'`',
            Open::TextUrl | Open::CustomEmoji => c == b']',
            Open::BlockQuote => false,
        }
    }

    /// Opens an entity at the reserved byte `c`, or emits a line break, or fails.
    fn begin(&mut self, c: u8) -> Result<(), String> {
        let byte_offset = self.i;
        let (next, after) = (self.at(self.i + 1), self.at(self.i + 2));
        let mut language = String::new();
        let kind = match c {
            b'_' if next == b'_' => {
                self.i += 1;
                Open::Underline
            }
            b'_' => Open::Italic,
            b'*' => Open::Bold,
            b'~' => Open::Strikethrough,
            b'|' if next == b'|' => {
                self.i += 1;
                Open::Spoiler
            }
            b'[' => Open::TextUrl,
            b'`' if next == b'`' && after == b'`' => {
                let (kind, pre_language) = self.begin_pre();
                language = pre_language;
                kind
            }
            b'`' => Open::Code,
            b'!' if next == b'[' => {
                self.i += 1;
                Open::CustomEmoji
            }
            b'\n' => {
                self.utf16_offset += 1;
                self.emit(b'\n');
                self.can_start_blockquote = true;
                return Ok(());
            }
            b'>' if self.can_start_blockquote => {
                if self.have_blockquote {
                    // A continuation line of the open quote.
                    return Ok(());
                }
                self.have_blockquote = true;
                Open::BlockQuote
            }
            _ => return Err(reserved_error(c)),
        };
        let begin_pos = self.result_len;
        self.stack.push(Frame { kind, language, offset: self.utf16_offset, byte_offset, begin_pos });
        Ok(())
    }

    /// Skips a pre block's opening: the backquotes, the language and one line break. Leaves `i` on
    /// the last skipped byte.
    fn begin_pre(&mut self) -> (Open, String) {
        self.i += 3;
        let end = language_end(&self.text, self.i);
        let mut result = (Open::Pre, String::new());
        if self.i != end && end < self.text.len() && self.at(end) != b'`' {
            result = (Open::PreCode, into_string(self.text[self.i..end].to_vec()));
            self.i = end;
        }
        self.i += leading_newline_len(&self.text, self.i);
        self.i -= 1;
        result
    }

    /// Closes the innermost entity at `c` (its closing marker, or the line break ending a quote).
    fn end(&mut self, c: u8) -> Result<(), String> {
        let mut expandable = false;
        if c == b'\n' && self.top_kind() != Some(Open::BlockQuote) {
            self.close_spoiler_before_line_break()?;
            expandable = true;
        }
        let frame = self.stack.pop().expect("is_end is only true with an open entity");
        let empty = self.utf16_offset == frame.offset;
        let kind = match frame.kind {
            Open::Bold => Some(Kind::Bold),
            Open::Italic => Some(Kind::Italic),
            Open::Strikethrough => Some(Kind::Strikethrough),
            Open::Code => Some(Kind::Code),
            Open::Underline | Open::Spoiler => {
                self.i += 1;
                Some(if frame.kind == Open::Spoiler { Kind::Spoiler } else { Kind::Underline })
            }
            Open::Pre | Open::PreCode => {
                self.i += 2;
                Some(if frame.kind == Open::Pre { Kind::Pre } else { Kind::PreCode(frame.language) })
            }
            Open::TextUrl => self.close_text_url(frame.begin_pos)?,
            Open::CustomEmoji => Some(self.close_custom_emoji()?),
            Open::BlockQuote => {
                self.have_blockquote = false;
                self.emit(c);
                self.can_start_blockquote = true;
                self.utf16_offset += 1;
                Some(if expandable { Kind::ExpandableBlockQuote } else { Kind::BlockQuote })
            }
        };
        let skip = empty && frame.kind != Open::BlockQuote;
        if let Some(kind) = kind.filter(|_| !skip) {
            self.entities.push(Entity { kind, offset: frame.offset, length: self.utf16_offset - frame.offset });
        }
        Ok(())
    }

    /// A quote line ending in `||` right before the line break: drops that empty spoiler, which
    /// makes the quote expandable. Anything else still open there is an error.
    fn close_spoiler_before_line_break(&mut self) -> Result<(), String> {
        let Some(top) = self.stack.last() else { return Ok(()) };
        let after_crlf = self.result_len != 0 && self.text[self.result_len - 1] == b'\r';
        let just_before = top.byte_offset + 2 == self.i || (top.byte_offset + 3 == self.i && after_crlf);
        if top.kind != Open::Spoiler || !just_before {
            return Err(unfinished(top));
        }
        let spoiler = self.stack.pop().expect("the spoiler frame was just inspected");
        match self.stack.last() {
            Some(frame) if frame.kind == Open::BlockQuote => Ok(()),
            Some(frame) => Err(unfinished(frame)),
            None => Err(unfinished(&spoiler)),
        }
    }

    /// Reads a `(url)` whose `(` is at `i - 1`, unescaping `\`; leaves `i` on the `)`.
    fn read_url(&mut self) -> Result<Vec<u8>, String> {
        let begin = self.i;
        let mut url = Vec::new();
        while self.i < self.text.len() && self.at(self.i) != b')' {
            let (c, next) = (self.at(self.i), self.at(self.i + 1));
            if c == b'\\' && (1..=126).contains(&next) {
                url.push(next);
                self.i += 2;
            } else {
                url.push(c);
                self.i += 1;
            }
        }
        if self.at(self.i) != b')' {
            return Err(format!("Can't find end of a URL at byte offset {begin}"));
        }
        Ok(url)
    }

    /// `[text](url)`, or `[text]` which links to its own text. `None` when tdlib drops the link.
    fn close_text_url(&mut self, begin_pos: usize) -> Result<Option<Kind>, String> {
        let url = if self.at(self.i + 1) == b'(' {
            self.i += 2;
            self.read_url()?
        } else {
            self.text[begin_pos..self.result_len].to_vec()
        };
        Ok(match url::link_user_id(&url) {
            Some(user_id) => Some(Kind::MentionName(user_id)),
            None => url::checked_link(&url).map(Kind::TextUrl),
        })
    }

    /// `![emoji](tg://emoji?id=N)` or `![text](tg://time?unix=N&format=F)`.
    fn close_custom_emoji(&mut self) -> Result<Kind, String> {
        if self.at(self.i + 1) != b'(' {
            return Err("The entity must contain a tg://emoji or tg://time URL".to_owned());
        }
        self.i += 2;
        let url = self.read_url()?;
        if let Some(id) = url::custom_emoji_id(&url) {
            return Ok(Kind::CustomEmoji(id));
        }
        match url::formatted_date(&url) {
            Some((unix_time, flags)) => Ok(Kind::DateTime { unix_time, flags }),
            None => Err("Invalid tg://emoji or tg://time URL specified".to_owned()),
        }
    }

    /// Closes a quote running to the end (expandable if the text ends in `||`), then fails on
    /// anything still open.
    fn finish(mut self) -> Parsed {
        if self.have_blockquote {
            let mut kind = Kind::BlockQuote;
            if let Some(top) = self.stack.last()
                && top.kind == Open::Spoiler
                && top.byte_offset + 2 == self.text.len()
            {
                self.stack.pop();
                kind = Kind::ExpandableBlockQuote;
            }
            if let Some(top) = self.stack.pop_if(|top| top.kind == Open::BlockQuote) {
                let length = self.utf16_offset - top.offset;
                if length != 0 {
                    self.entities.push(Entity { kind, offset: top.offset, length });
                }
            }
        }
        if let Some(top) = self.stack.last() {
            return Err(unfinished(top));
        }
        self.text.truncate(self.result_len);
        Ok((into_string(self.text), self.entities))
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
    fn formatting_nests_with_utf16_offsets() {
        assert_eq!(
            ok("*bold _italic ~strike ||spoiler||~ __under__ it_ bold* 😀`code`"),
            (
                "bold italic strike spoiler under it bold 😀code".to_owned(),
                json!([
                    {"offset": 0, "length": 40, "type": "bold"},
                    {"offset": 5, "length": 30, "type": "italic"},
                    {"offset": 12, "length": 14, "type": "strikethrough"},
                    {"offset": 19, "length": 7, "type": "spoiler"},
                    {"offset": 27, "length": 5, "type": "underline"},
                    {"offset": 43, "length": 4, "type": "code"},
                ])
            )
        );
        // `__` inside italic opens underline, so `___` closes both.
        assert_eq!(brief("🏟 🏟_🏟 __🏟___").1, ["italic 5 5", "underline 8 2"]);
    }

    #[test]
    fn links_mentions_emoji_and_dates() {
        assert_eq!(
            ok("[site](example.com) [me](tg://user?id=123) ![👍](tg://emoji?id=5368324170671202286)"),
            (
                "site me 👍".to_owned(),
                json!([
                    {"offset": 0, "length": 4, "type": "text_link", "url": "http://example.com/"},
                    {"offset": 5, "length": 2, "type": "text_link", "url": "tg://user?id=123"},
                    {"offset": 8, "length": 2, "type": "custom_emoji", "custom_emoji_id": "5368324170671202286"},
                ])
            )
        );
        assert_eq!(
            ok("![now](tg://time?unix=1700000000&format=wDT)").1,
            json!([{"offset": 0, "length": 3, "type": "date_time", "unix_time": 1700000000, "date_time_format": "wDT"}])
        );
        assert_eq!(ok("[x](https://t.me/a\\)b)").1[0]["url"], "https://t.me/a)b");
        assert_eq!(brief("[telegram\\.org]a"), ("telegram.orga".to_owned(), vec!["text_link 0 12".to_owned()]));
        assert_eq!(brief("[ ](as)"), (" ".to_owned(), vec![]));
        assert_eq!(brief("[](telegram.org)"), (String::new(), vec![]));
        assert_eq!(brief("[telegram\\.org]()"), ("telegram.org".to_owned(), vec![]));
    }

    #[test]
    fn pre_blocks_take_a_language_and_one_line_break() {
        assert_eq!(
            ok("```rust\nfn main() {}\n```"),
            ("fn main() {}\n".to_owned(), json!([{"offset": 0, "length": 13, "type": "pre", "language": "rust"}]))
        );
        assert_eq!(ok("```\nx```").1, json!([{"offset": 0, "length": 1, "type": "pre"}]));
        assert_eq!(brief("🏟 🏟```🏟 🏟```"), ("🏟 🏟 🏟".to_owned(), vec!["pre 5 3".to_owned()]));
        assert_eq!(brief("🏟 🏟```🏟\n\n🏟```").0, "🏟 🏟\n🏟");
        assert_eq!(brief("🏟 🏟```🏟\r\n🏟```").0, "🏟 🏟🏟");
        assert_eq!(brief("🏟 🏟```🏟 \\\\\\`🏟```").0, "🏟 🏟 \\`🏟");
        assert_eq!(brief("`_* *_`__*` `*__").1, ["code 0 5", "code 5 1", "bold 5 1", "underline 5 1"]);
    }

    #[test]
    fn escapes_and_empty_entities() {
        assert_eq!(brief("\\\\\\a\\b\\c\\d\\e\\f\\1\\2\\3\\4\\➡️\\"), ("\\abcdef1234\\➡️\\".to_owned(), vec![]));
        assert_eq!(brief("1\\.5 \\- \\(x\\) \\#\\+\\=\\{\\}\\!\\|\\~\\>").0, "1.5 - (x) #+={}!|~>");
        assert_eq!(brief("🏟 🏟**"), ("🏟 🏟".to_owned(), vec![]));
        assert_eq!(brief("🏟 🏟``````"), ("🏟 🏟".to_owned(), vec![]));
        assert_eq!(brief("🏟 🏟_abac \\* asd _"), ("🏟 🏟abac * asd ".to_owned(), vec!["italic 5 11".to_owned()]));
        assert_eq!(brief("🏟 🏟__🏟 _🏟_ __").1, ["underline 5 6", "italic 8 2"]);
    }

    #[test]
    fn blockquotes_and_expandable_blockquotes() {
        assert_eq!(
            ok(">quote\n>more\nafter"),
            ("quote\nmore\nafter".to_owned(), json!([{"offset": 0, "length": 11, "type": "blockquote"}]))
        );
        assert_eq!(
            ok("**>hidden\n>lines||\nafter"),
            ("hidden\nlines\nafter".to_owned(), json!([{"offset": 0, "length": 13, "type": "expandable_blockquote"}]))
        );
        assert_eq!(brief(">asd\n>q||e||w||\nasdad").1, ["expandable_blockquote 0 8", "spoiler 5 1"]);
        assert_eq!(brief(">asd\r\n>q||e||w||").1, ["expandable_blockquote 0 8", "spoiler 6 1"]);
        assert_eq!(brief(">asd\n>q||ew||\nasdad").1, ["blockquote 0 8", "spoiler 5 2"]);
        assert_eq!(brief("abc\n> \n> \n>\ndef"), ("abc\n \n \n\ndef".to_owned(), vec!["blockquote 4 5".to_owned()]));
        assert_eq!(brief(">\n**>2").1, ["blockquote 0 1", "blockquote 1 1"]);
        assert_eq!(brief("\r\r>\r\ra\r\n\r").1, ["blockquote 2 5"]);
        assert_eq!(brief(">*b\n>ld \n>bo\n>ld*\nasd\ndef").1, ["blockquote 0 12", "bold 0 11"]);
        assert_eq!(brief(">||"), (String::new(), vec![]));
        assert_eq!(brief(">"), (String::new(), vec![]));
    }

    #[test]
    fn reserved_characters_must_be_escaped() {
        // Every other ASCII character is plain text (tdlib's own sweep).
        for c in (1..126u8).map(char::from).filter(|c| !"_*[~`>]()#+-=|{}.!".contains(*c)) {
            assert_eq!(ok(&c.to_string()), (c.to_string(), json!([])));
        }
        for c in "]()#+-=|{}.!".chars() {
            assert_eq!(
                err(&c.to_string()),
                format!("Character '{c}' is reserved and must be escaped with the preceding '\\'")
            );
            assert_eq!(ok(&format!("\\{c}")).0, c.to_string());
        }
        assert_eq!(err("Hello."), "Character '.' is reserved and must be escaped with the preceding '\\'");
        assert_eq!(ok("\\>").0, ">");
        assert_eq!(err("a>"), "Character '>' is reserved and must be escaped with the preceding '\\'");
        assert_eq!(err(">\n*a*>2"), "Character '>' is reserved and must be escaped with the preceding '\\'");
        assert_eq!(ok("`a.b!`").0, "a.b!");
    }

    #[test]
    fn unfinished_entities_name_their_kind_and_byte_offset() {
        let cases = [
            ("🏟 🏟_abacaba", "Can't find end of Italic entity at byte offset 9"),
            ("🏟 🏟_abac * asd ", "Can't find end of Bold entity at byte offset 15"),
            ("🏟 🏟`", "Can't find end of Code entity at byte offset 9"),
            ("🏟 🏟```a", "Can't find end of Pre entity at byte offset 9"),
            ("🏟 🏟```a ", "Can't find end of PreCode entity at byte offset 9"),
            ("🏟 🏟_🏟 🏟__", "Can't find end of Underline entity at byte offset 19"),
            ("🏟 🏟||test\\|", "Can't find end of Spoiler entity at byte offset 9"),
            ("~x", "Can't find end of Strikethrough entity at byte offset 0"),
            ("[x", "Can't find end of TextUrl entity at byte offset 0"),
            ("🏟 🏟![👍", "Can't find end of CustomEmoji entity at byte offset 9"),
            (">*b\n>ld \n>bo\nld*\nasd\ndef", "Can't find end of Bold entity at byte offset 1"),
            (">asd\n>q||ew\n||asdad", "Can't find end of Spoiler entity at byte offset 7"),
            (">asd\n>q||e||w__\n||asdad", "Can't find end of Underline entity at byte offset 13"),
            ("[telegram\\.org](asd\\)", "Can't find end of a URL at byte offset 16"),
            ("🏟 🏟![👍](tg://emoji?id=1234", "Can't find end of a URL at byte offset 17"),
            ("🏟 🏟![👍]", "The entity must contain a tg://emoji or tg://time URL"),
            ("🏟 🏟![👍](tg://emoji?test=1231&id=025)", "Invalid tg://emoji or tg://time URL specified"),
            ("![x](tg://time?unix=5&format=q)", "Invalid tg://emoji or tg://time URL specified"),
        ];
        for (input, message) in cases {
            assert_eq!(err(input), message, "{input:?}");
        }
    }
}
