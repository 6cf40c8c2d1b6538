//! `parse_mode`: formatted text into plain text plus entities (UTF-16 offsets). HTML is parsed
//! here; `Markdown` and `MarkdownV2` are answered with an explicit error until they land.

use msg_core::ApiError;
use serde_json::{Value, json};

use crate::platform::entities::utf16_len;

fn unescape(entity: &str) -> Option<char> {
    match entity {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "quot" => Some('"'),
        _ => {
            let code = entity.strip_prefix('#')?;
            let n = match code.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => code.parse().ok()?,
            };
            char::from_u32(n)
        }
    }
}

fn can_parse(offset: usize, message: &str) -> ApiError {
    ApiError::bad_request(format!("can't parse entities: {message} at byte offset {offset}"))
}

/// Parses the reference's HTML subset.
pub fn parse_html(input: &str) -> Result<(String, Value), ApiError> {
    let mut text = String::new();
    let mut entities = Vec::new();
    let mut open: Vec<(String, usize, Value)> = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let c = input[i..].chars().next().expect("in bounds");
        if c == '&' {
            if let Some(end) = input[i + 1..].find(';').filter(|e| *e <= 10)
                && let Some(ch) = unescape(&input[i + 1..i + 1 + end])
            {
                text.push(ch);
                i += end + 2;
                continue;
            }
            text.push('&');
            i += 1;
            continue;
        }
        if c != '<' {
            text.push(c);
            i += c.len_utf8();
            continue;
        }
        let Some(close) = input[i..].find('>') else {
            return Err(can_parse(i, "Unclosed start tag"));
        };
        let tag = &input[i + 1..i + close];
        let start = i;
        i += close + 1;
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            let Some((open_name, offset, mut entity)) = open.pop() else {
                return Err(can_parse(start, &format!("Unexpected end tag \"{name}\"")));
            };
            if open_name != name && !name.is_empty() {
                return Err(can_parse(
                    start,
                    &format!(
                        "Unmatched end tag at byte offset {start}, expected \"</{open_name}>\", found \"</{name}>\""
                    ),
                ));
            }
            let length = utf16_len(&text) - offset;
            if length > 0 {
                entity["offset"] = offset.into();
                entity["length"] = length.into();
                entities.push(entity);
            }
            continue;
        }
        let (name, attrs) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
        let name = name.to_ascii_lowercase();
        let attr = |key: &str| {
            let pos = attrs.find(&format!("{key}="))?;
            let rest = attrs[pos + key.len() + 1..].trim_start();
            let quote = rest.chars().next()?;
            if quote == '"' || quote == '\'' {
                rest[1..].split(quote).next().map(str::to_owned)
            } else {
                rest.split(char::is_whitespace).next().map(str::to_owned)
            }
        };
        let entity = match name.as_str() {
            "b" | "strong" => json!({"type": "bold"}),
            "i" | "em" => json!({"type": "italic"}),
            "u" | "ins" => json!({"type": "underline"}),
            "s" | "strike" | "del" => json!({"type": "strikethrough"}),
            "tg-spoiler" => json!({"type": "spoiler"}),
            "span" if attr("class").as_deref() == Some("tg-spoiler") => json!({"type": "spoiler"}),
            "code" => json!({"type": "code"}),
            "pre" => json!({"type": "pre"}),
            "blockquote" if attrs.contains("expandable") => json!({"type": "expandable_blockquote"}),
            "blockquote" => json!({"type": "blockquote"}),
            "a" => match attr("href") {
                Some(href) => json!({"type": "text_link", "url": href}),
                None => return Err(can_parse(start, "Can't find end of href attribute")),
            },
            "span" => return Err(can_parse(start, "Tag \"span\" must have class \"tg-spoiler\"")),
            other => return Err(can_parse(start, &format!("Unsupported start tag \"{other}\""))),
        };
        open.push((name, utf16_len(&text), entity));
    }
    if let Some((name, _, _)) = open.last() {
        return Err(can_parse(input.len(), &format!("Can't find end tag corresponding to start tag \"{name}\"")));
    }
    entities.sort_by_key(|e| (e["offset"].as_u64(), std::cmp::Reverse(e["length"].as_u64())));
    Ok((text, Value::Array(entities)))
}

/// Dispatches on the `parse_mode` parameter (case-insensitive).
pub fn parse(mode: &str, input: &str) -> Result<(String, Value), ApiError> {
    match mode.to_ascii_lowercase().as_str() {
        "html" => parse_html(input),
        "markdown" | "markdownv2" => Err(ApiError::bad_request(format!(
            "parse_mode {mode} is not supported yet by this server; use HTML or entities"
        ))),
        _ => Err(ApiError::bad_request("unsupported parse_mode")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_text_and_entities() {
        let (text, entities) = parse_html("<b>bold</b> &amp; <a href=\"https://x.y\">link</a> 😀<i>it</i>").unwrap();
        assert_eq!(text, "bold & link 😀it");
        assert_eq!(
            entities,
            json!([
                {"type": "bold", "offset": 0, "length": 4},
                {"type": "text_link", "url": "https://x.y", "offset": 7, "length": 4},
                {"type": "italic", "offset": 14, "length": 2},
            ])
        );
        assert!(parse_html("<b>open").unwrap_err().description.starts_with("Bad Request: can't parse entities: "));
        assert!(parse_html("<x>y</x>").unwrap_err().description.contains("Unsupported start tag \"x\""));
        assert_eq!(parse("nope", "x").unwrap_err().description, "Bad Request: unsupported parse_mode");
    }
}
