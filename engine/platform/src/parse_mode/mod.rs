//! `parse_mode`: formatted text into plain text plus entities, the way the reference server does it.
//!
//! The reference Bot API server hands `parse_mode` text to tdlib (`td/telegram/MessageEntity.cpp`):
//! `HTML` goes to `parse_html`, `MarkdownV2` to `parse_markdown_v2` and legacy `Markdown` to
//! `parse_markdown`. This module reimplements those three parsers byte for byte, with tdlib's error
//! strings behind the Bot API's `can't parse entities: ` prefix, and renders the entities as the
//! Bot API renders them: UTF-16 offsets and lengths, sorted by offset, longer first, then by tdlib's
//! type priority.
//!
//! Links go through tdlib's checks (`url`): bare domains get `http://` and a `/` path, anything that
//! is not an http(s) URL with a dotted host or a `tg:`/`ton:` link silently loses its entity, as in
//! tdlib. Current tdlib also knows `date_time` entities (`<tg-time unix=… format=…>` and
//! `![…](tg://time?unix=…&format=…)`); they are supported too, rendered as the reference server
//! renders them (`unix_time`, `date_time_format`).
//!
//! tdlib's quirks are kept on purpose, e.g. legacy `Markdown`'s `[text]` without `(url)` (see
//! `markdown`), or an empty entity not consuming its `(url)`.
//!
//! Deliberate deviations from the reference:
//! - A `tg://user?id=N` link becomes a `text_mention` in tdlib, and the reference server then fills
//!   in the whole user (or fails to send if the bot cannot see them). The parser knows no users, so
//!   such a link is emitted as a `text_link` with the canonical url `tg://user?id=N`.
//! - tdlib's later `fix_formatted_text` pass (trimming the text, splitting overlapping entities) is
//!   not applied here; the entities are exactly what `parseTextEntities` returns.
//! - An HTML entity that decodes to a lone surrogate inside an attribute value becomes U+FFFD (tdlib
//!   would keep invalid UTF-8 bytes there); in the text it is the same error as in tdlib.

mod entity;
mod html;
mod markdown;
mod markdown_v2;
pub(crate) mod url;

/// tdlib's `decode_html_entity`, for the rich messages' HTML.
pub(crate) use html::decode_entity as decode_reference;

use msg_core::ApiError;
use serde_json::Value;

use entity::Entity;

/// Longest input tdlib's `parseTextEntities` accepts, in Unicode code points.
const MAX_CODE_POINTS: usize = 1 << 16;

/// A parser's result: the plain text and its entities, or tdlib's error message.
type Parsed = Result<(String, Vec<Entity>), String>;

/// Parses `input` according to the `parse_mode` parameter `mode` (case-insensitive: `HTML`,
/// `MarkdownV2`, `Markdown`; `none` means plain text). Returns the plain text and the Bot API JSON
/// array of its entities, or the reference server's 400 error. For `none` the reference server uses
/// the explicit `entities` parameter instead; callers that want that should not call this for `none`.
pub fn parse(mode: &str, input: &str) -> Result<(String, Value), ApiError> {
    // The reference server only looks at parse_mode when there is text to parse.
    if input.is_empty() {
        return Ok((String::new(), Value::Array(Vec::new())));
    }
    let parser: fn(&str) -> Parsed = match mode.to_ascii_lowercase().as_str() {
        "" | "none" => return Ok((input.to_owned(), Value::Array(Vec::new()))),
        "html" => html::parse,
        "markdown" => markdown::parse,
        "markdownv2" => markdown_v2::parse,
        _ => return Err(ApiError::bad_request("unsupported parse_mode")),
    };
    let parsed =
        if input.chars().count() > MAX_CODE_POINTS { Err("Text is too long".to_owned()) } else { parser(input) };
    let parsed = parsed.map_err(|message| ApiError::bad_request(format!("can't parse entities: {message}")))?;
    Ok(render(parsed))
}

/// A parser's output as the Bot API shows it: entities in tdlib's order, as JSON.
fn render((text, mut entities): (String, Vec<Entity>)) -> (String, Value) {
    entity::sort(&mut entities);
    (text, entity::to_json(&entities))
}

/// Helpers for the parsers' tests.
#[cfg(test)]
mod test_support {
    use super::{Parsed, Value, render};

    /// `input` parsed by `parser` and rendered; panics naming the input on an error.
    pub(super) fn rendered(parser: fn(&str) -> Parsed, input: &str) -> (String, Value) {
        render(parser(input).unwrap_or_else(|e| panic!("{input:?}: {e}")))
    }

    /// Text and entities as `type offset length` strings, for compact expectations.
    pub(super) fn brief(parser: fn(&str) -> Parsed, input: &str) -> (String, Vec<String>) {
        let (text, entities) = rendered(parser, input);
        let entities = entities.as_array().expect("an array").iter();
        (text, entities.map(|e| format!("{} {} {}", e["type"].as_str().unwrap(), e["offset"], e["length"])).collect())
    }
}

/// Byte `i` of `bytes`, or 0 past the end: tdlib's parsers read the C string's terminator there.
fn at(bytes: &[u8], i: usize) -> u8 {
    bytes.get(i).copied().unwrap_or(0)
}

/// tdlib's `is_space`: ASCII blanks, including NUL and vertical tab.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n' | 0 | 0x0b)
}

/// UTF-16 code units added by the UTF-8 byte `c`: one per character, two for a 4-byte sequence,
/// none for continuation bytes.
fn utf16_units(c: u8) -> usize {
    match c {
        _ if c & 0xC0 == 0x80 => 0,
        0xF0.. => 2,
        _ => 1,
    }
}

/// Bytes back into a string. The parsers only ever drop or insert ASCII bytes, so this is lossless
/// for valid input; the lossy path only guards against surprises.
fn into_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// End of a pre block's language: the first blank or backquote at or after `i`.
fn language_end(bytes: &[u8], i: usize) -> usize {
    let mut end = i;
    while !is_space(at(bytes, end)) && at(bytes, end) != b'`' {
        end += 1;
    }
    end
}

/// Length of the one line break a pre block skips at `i`: `\n`, `\r`, `\r\n` or `\n\r`.
fn leading_newline_len(bytes: &[u8], i: usize) -> usize {
    let c = at(bytes, i);
    if c != b'\n' && c != b'\r' {
        return 0;
    }
    let next = at(bytes, i + 1);
    if (next == b'\n' || next == b'\r') && next != c { 2 } else { 1 }
}

/// tdlib's `to_integer_safe`: the integer only if `s` is exactly its canonical decimal form.
fn to_integer_safe<T: std::str::FromStr + ToString>(s: &[u8]) -> Option<T> {
    let value: T = std::str::from_utf8(s).ok()?.parse().ok()?;
    (value.to_string().as_bytes() == s).then_some(value)
}

/// tdlib's lenient `to_integer::<int32>`: an optional `-`, then leading digits, wrapping on overflow.
fn to_integer_i32(s: &[u8]) -> i32 {
    let (mut negative, digits) = match s.strip_prefix(b"-") {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let mut value = digits
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .fold(0u32, |v, c| v.wrapping_mul(10).wrapping_add(u32::from(c - b'0')));
    let max = i32::MAX.unsigned_abs();
    if value > max {
        value = (!value).wrapping_add(1);
        negative = !negative;
        if value > max {
            return i32::MIN;
        }
    }
    let value = i32::try_from(value).expect("value <= i32::MAX");
    if negative { -value } else { value }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::entities::utf16_len;

    fn description(mode: &str, input: &str) -> String {
        parse(mode, input).expect_err("must fail").description.into_owned()
    }

    #[test]
    fn modes_are_case_insensitive_and_unknown_ones_rejected() {
        for mode in ["HTML", "html", "Html"] {
            assert_eq!(parse(mode, "<b>x</b>").unwrap().1, json!([{"offset": 0, "length": 1, "type": "bold"}]));
        }
        for mode in ["MarkdownV2", "markdownv2", "MARKDOWNV2"] {
            assert_eq!(parse(mode, "*x*").unwrap().1, json!([{"offset": 0, "length": 1, "type": "bold"}]));
        }
        for mode in ["Markdown", "markdown"] {
            assert_eq!(parse(mode, "*x*").unwrap().1, json!([{"offset": 0, "length": 1, "type": "bold"}]));
        }
        assert_eq!(description("nope", "x"), "Bad Request: unsupported parse_mode");
        assert_eq!(parse("none", "*x*").unwrap(), ("*x*".to_owned(), json!([])));
        assert_eq!(parse("nope", "").unwrap(), (String::new(), json!([])));
    }

    #[test]
    fn errors_carry_the_reference_prefix_and_status() {
        let error = parse("HTML", "<b>open").unwrap_err();
        assert_eq!(error.code, 400);
        assert_eq!(
            error.description,
            "Bad Request: can't parse entities: Can't find end tag corresponding to start tag \"b\""
        );
        let long = "a".repeat(MAX_CODE_POINTS + 1);
        assert_eq!(description("MarkdownV2", &long), "Bad Request: can't parse entities: Text is too long");
    }

    #[test]
    fn entities_are_sorted_by_offset_then_longer_first_then_priority() {
        let (_, entities) = parse("HTML", "<i>a<b>b</b></i><u><s>cd</s></u>").unwrap();
        assert_eq!(
            entities,
            json!([
                {"offset": 0, "length": 2, "type": "italic"},
                {"offset": 1, "length": 1, "type": "bold"},
                {"offset": 2, "length": 2, "type": "underline"},
                {"offset": 2, "length": 2, "type": "strikethrough"},
            ])
        );
    }

    #[test]
    fn integers_follow_tdlib() {
        assert_eq!(to_integer_safe::<i64>(b"123"), Some(123));
        assert_eq!(to_integer_safe::<i64>(b"-5"), Some(-5));
        for bad in [&b"+5"[..], b"007", b"-0", b"", b"1a", b"99999999999999999999"] {
            assert_eq!(to_integer_safe::<i64>(bad), None, "{bad:?}");
        }
        assert_eq!(to_integer_i32(b"12345"), 12345);
        assert_eq!(to_integer_i32(b"-7x"), -7);
        assert_eq!(to_integer_i32(b"abc"), 0);
        assert_eq!(to_integer_i32(b"4294967295"), -1);
    }

    /// A tiny deterministic generator (64-bit LCG), so the test needs no extra crate.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            usize::try_from(self.0 >> 33).unwrap() % n
        }
    }

    const PIECES: &[&str] = &[
        "*",
        "_",
        "__",
        "~",
        "|",
        "||",
        "`",
        "```",
        "[",
        "]",
        "(",
        ")",
        "](",
        "\\",
        ">",
        "**>",
        "!",
        "![",
        "\n",
        "\r",
        "<",
        ">",
        "</",
        "/",
        "&",
        ";",
        "&lt;",
        "&#x1F600;",
        "&#55357;",
        "#",
        "a",
        "b",
        "=",
        "\"",
        "'",
        " ",
        "🏟",
        "é",
        ".",
        "<b>",
        "</b>",
        "<i>",
        "</i>",
        "<a href=",
        "t.me",
        "tg://user?id=1",
        "tg://emoji?id=5",
        "tg://time?unix=9",
        "<pre>",
        "<code class=\"language-c\">",
        "</code>",
        "</pre>",
        "<blockquote expandable>",
        "</blockquote>",
        "<tg-emoji emoji-id=7>",
        "</tg-emoji>",
        "<span class=tg-spoiler>",
        "</span>",
        "</>",
    ];

    #[test]
    fn random_inputs_never_panic_and_entities_stay_inside_the_text() {
        let mut rng = Lcg(0x5eed);
        for _ in 0..400 {
            let input: String = (0..rng.below(24) + 1).map(|_| PIECES[rng.below(PIECES.len())]).collect();
            for mode in ["HTML", "MarkdownV2", "Markdown"] {
                let Ok((text, entities)) = parse(mode, &input) else { continue };
                let len = utf16_len(&text);
                let mut previous = (0, u64::MAX);
                for e in entities.as_array().unwrap() {
                    let (offset, length) = (e["offset"].as_u64().unwrap(), e["length"].as_u64().unwrap());
                    assert!(length > 0, "{mode} {input:?} -> {e}");
                    assert!(offset + length <= len as u64, "{mode} {input:?} -> {text:?} {e}");
                    assert!(offset > previous.0 || (offset == previous.0 && length <= previous.1), "{mode} {input:?}");
                    previous = (offset, length);
                }
            }
        }
    }
}
