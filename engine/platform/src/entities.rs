//! Entities: those the platform computes for text (`bot_command`, `mention`, `hashtag`,
//! `cashtag`, `url` and `email`, as TDLib finds them in people's and bots' messages), and the
//! validation of entities a client gives explicitly, with the reference's errors and TDLib's
//! normalisation (sorted, checked against the text, only the declared fields kept). Offsets and
//! lengths count UTF-16 code units, as the Bot API does.

use msg_core::ApiError;
use serde_json::{Map, Value, json};

/// Length of `s` in UTF-16 code units.
pub fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Entities found in `text`, in order.
pub fn detect(text: &str) -> Vec<Value> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        let prev = if i == 0 { None } else { Some(chars[i - 1].1) };
        let at_boundary = prev.is_none_or(|p| !is_word(p) && p != '/' && p != '@');
        let token_end = |from: usize, ok: &dyn Fn(char) -> bool| {
            let mut j = from;
            while j < chars.len() && ok(chars[j].1) {
                j += 1;
            }
            j
        };
        let byte = |idx: usize| chars.get(idx).map_or(text.len(), |(b, _)| *b);
        let mut found: Option<(&str, usize)> = None;
        // TDLib's `match_bot_commands`: not after a word character, `/`, `<` or `>`; 1-64
        // characters, an optional `@` and 3-32 more (a shorter one: no command at all), and
        // not followed by a word character, `/`, `<` or `>`.
        let command_edge = |c: char| is_word(c) || c == '/' || c == '<' || c == '>';
        if c == '/' && prev.is_none_or(|p| !command_edge(p)) {
            let mut j = token_end(i + 1, &|c| c.is_ascii_alphanumeric() || c == '_');
            let mut whole = j > i + 1 && j - i - 1 <= 64;
            if whole && j < chars.len() && chars[j].1 == '@' {
                let k = token_end(j + 1, &|c| c.is_ascii_alphanumeric() || c == '_');
                whole = (3..=32).contains(&(k - j - 1));
                j = k;
            }
            if whole && chars.get(j).is_none_or(|(_, next)| !command_edge(*next)) {
                found = Some(("bot_command", j));
            }
        } else if at_boundary && c == '@' {
            let j = token_end(i + 1, &|c| c.is_ascii_alphanumeric() || c == '_');
            if (4..=32).contains(&(j - i - 1)) {
                found = Some(("mention", j));
            }
        } else if at_boundary && c == '#' {
            let j = token_end(i + 1, &is_word);
            if j > i + 1 && chars[i + 1..j].iter().any(|(_, c)| !c.is_ascii_digit()) {
                found = Some(("hashtag", j));
            }
        } else if at_boundary && c == '$' {
            let j = token_end(i + 1, &|c| c.is_ascii_uppercase());
            if (1..=8).contains(&(j - i - 1)) && chars.get(j).is_none_or(|(_, c)| !is_word(*c)) {
                found = Some(("cashtag", j));
            }
        } else if at_boundary && (text[start..].starts_with("http://") || text[start..].starts_with("https://")) {
            let mut j = token_end(i, &|c| !c.is_whitespace());
            while j > i && matches!(chars[j - 1].1, '.' | ',' | '!' | '?' | ')' | ';' | ':' | '"' | '\'') {
                j -= 1;
            }
            found = Some(("url", j));
        } else if at_boundary && is_word(c) {
            // An e-mail address: word chars, dots, '+' or '-', '@', a domain with a dot.
            let j = token_end(i, &|c| is_word(c) || matches!(c, '.' | '+' | '-' | '@'));
            let word = &text[start..byte(j)];
            let word = word.trim_end_matches('.');
            if let Some((local, domain)) = word.split_once('@')
                && !local.is_empty()
                && domain.contains('.')
                && !domain.contains('@')
                && !domain.starts_with('.')
            {
                let end = i + word.chars().count();
                found = Some(("email", end));
            } else {
                i = j.max(i + 1);
                continue;
            }
        }
        match found {
            Some((kind, end)) => {
                let offset = utf16_len(&text[..start]);
                let length = utf16_len(&text[start..byte(end)]);
                out.push(json!({"offset": offset, "length": length, "type": kind}));
                i = end;
            }
            None => i += 1,
        }
    }
    out
}

/// Types whose explicit entities the reference drops (the platform finds them itself).
const FOUND_TYPES: &[&str] =
    &["mention", "hashtag", "cashtag", "bot_command", "url", "email", "phone_number", "bank_card_number"];

/// Types a client may give, in TDLib's sort priority for entities at the same place.
const GIVEN_TYPES: &[(&str, u8)] = &[
    ("blockquote", 0),
    ("expandable_blockquote", 0),
    ("pre", 11),
    ("code", 20),
    ("date_time", 30),
    ("text_link", 49),
    ("text_mention", 49),
    ("bold", 90),
    ("italic", 91),
    ("underline", 92),
    ("strikethrough", 93),
    ("spoiler", 94),
    ("custom_emoji", 99),
];

/// Entities that may overlap others (TDLib splits and merges them instead of dropping).
fn splittable(kind: &str) -> bool {
    matches!(
        kind,
        "bold" | "italic" | "underline" | "strikethrough" | "spoiler" | "blockquote" | "expandable_blockquote"
    )
}

fn priority(kind: &str) -> u8 {
    GIVEN_TYPES.iter().find(|(k, _)| *k == kind).map_or(50, |(_, p)| *p)
}

fn entity_error(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(format!("can't parse MessageEntity: {message}"))
}

/// An int32 field, as the reference reads it (a number, or a string holding one).
fn int_field(object: &Map<String, Value>, name: &str) -> Result<i64, ApiError> {
    let value = object.get(name).ok_or_else(|| entity_error(format!("Can't find field \"{name}\"")))?;
    let parsed = match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => return Err(entity_error(format!("Field \"{name}\" must be a Number"))),
    };
    parsed
        .filter(|n| i32::try_from(*n).is_ok())
        .ok_or_else(|| entity_error(format!("Field \"{name}\" must be a valid Number")))
}

/// A string field (a number is taken as its digits).
fn string_field(object: &Map<String, Value>, name: &str, required: bool) -> Result<Option<String>, ApiError> {
    match object.get(name) {
        None | Some(Value::Null) if !required => Ok(None),
        None => Err(entity_error(format!("Can't find field \"{name}\""))),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(entity_error(format!("Field \"{name}\" must be of type String"))),
    }
}

/// A checked entity: offset, length and its declared fields.
type Given = (i64, i64, Map<String, Value>);

/// One explicit entity with only its declared fields, or `None` for a type the platform finds
/// itself.
fn given_entity(value: &Value) -> Result<Option<Given>, ApiError> {
    let object = value.as_object().ok_or_else(|| entity_error("expected an Object"))?;
    let offset = int_field(object, "offset")?;
    let length = int_field(object, "length")?;
    let kind = string_field(object, "type", true)?.unwrap_or_default();
    if kind.is_empty() {
        return Err(entity_error("Type is not specified"));
    }
    if FOUND_TYPES.contains(&kind.as_str()) {
        return Ok(None);
    }
    if !GIVEN_TYPES.iter().any(|(k, _)| *k == kind) {
        return Err(entity_error("Unsupported type specified"));
    }
    let mut out = Map::new();
    out.insert("offset".into(), offset.into());
    out.insert("length".into(), length.into());
    out.insert("type".into(), kind.clone().into());
    match kind.as_str() {
        "text_link" => {
            out.insert("url".into(), string_field(object, "url", true)?.unwrap_or_default().into());
        }
        "text_mention" => {
            let user = match object.get("user") {
                None => return Err(entity_error("Can't find field \"user\"")),
                Some(Value::Object(user)) => user,
                Some(_) => return Err(entity_error("Field \"user\" must be of type Object")),
            };
            let id = match user.get("id") {
                None => return Err(entity_error("Can't find field \"id\"")),
                Some(Value::Number(n)) => n.as_i64(),
                Some(Value::String(s)) => s.trim().parse().ok(),
                Some(_) => return Err(entity_error("Field \"id\" must be a Number")),
            };
            let id = id.ok_or_else(|| entity_error("Field \"id\" must be a valid Number"))?;
            // Completed (or dropped) by the platform, which knows its people.
            out.insert("user".into(), json!({"id": id}));
        }
        "pre" => {
            if let Some(language) = string_field(object, "language", false)?.filter(|l| !l.is_empty()) {
                out.insert("language".into(), language.into());
            }
        }
        "custom_emoji" => {
            out.insert(
                "custom_emoji_id".into(),
                string_field(object, "custom_emoji_id", true)?.unwrap_or_default().into(),
            );
        }
        "date_time" => {
            let unix_time = match object.get("unix_time") {
                Some(Value::Number(n)) => n.as_i64(),
                Some(Value::String(s)) => s.trim().parse().ok(),
                None => return Err(entity_error("Can't find field \"unix_time\"")),
                Some(_) => return Err(entity_error("Field \"unix_time\" must be a Number")),
            };
            out.insert("unix_time".into(), unix_time.unwrap_or_default().into());
            if let Some(format) = string_field(object, "date_time_format", false)? {
                out.insert("date_time_format".into(), format.into());
            }
        }
        _ => {}
    }
    Ok(Some((offset, length, out)))
}

/// Explicit `entities` for `text`, validated and normalised as the reference and TDLib do: each
/// checked (the reference's error for a malformed one), the types the platform finds itself
/// dropped, offsets and lengths checked against the text (errors, not clamps), empty ones
/// dropped, sorted by offset (longer first), and a non-nesting entity that intersects an earlier
/// one dropped. Only the fields `MessageEntity` declares for each type are kept.
pub fn normalize(text: &str, given: &[Value]) -> Result<Vec<Value>, ApiError> {
    let total = utf16_len(text) as i64;
    let mut kept = Vec::new();
    for value in given {
        let Some((offset, length, entity)) = given_entity(value)? else { continue };
        if !(0..=1_000_000).contains(&offset) {
            return Err(ApiError::bad_request(format!("receive an entity with incorrect offset {offset}")));
        }
        if !(0..=1_000_000).contains(&length) {
            return Err(ApiError::bad_request(format!("receive an entity with incorrect length {length}")));
        }
        if length == 0 {
            continue;
        }
        if offset >= total {
            return Err(ApiError::bad_request(format!(
                "entity begins after the end of the text at UTF-16 offset {offset}"
            )));
        }
        if offset + length > total {
            return Err(ApiError::bad_request(format!(
                "entity beginning at UTF-16 offset {offset} ends after the end of the text at UTF-16 offset {}",
                offset + length
            )));
        }
        kept.push((offset, length, entity));
    }
    let kind = |e: &Map<String, Value>| e["type"].as_str().unwrap_or_default().to_owned();
    kept.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(priority(&kind(&a.2)).cmp(&priority(&kind(&b.2)))));
    let mut out: Vec<Given> = Vec::new();
    for (offset, length, entity) in kept {
        let this = kind(&entity);
        let intersects = out.iter().any(|(o, l, e)| {
            let other = kind(e);
            !splittable(&this) && !splittable(&other) && offset < o + l && *o < offset + length
        });
        if !intersects {
            out.push((offset, length, entity));
        }
    }
    // Text styles inside code are dropped; the same style overlapping or touching is one entity.
    let text_style = |k: &str| matches!(k, "bold" | "italic" | "underline" | "strikethrough" | "spoiler");
    let code: Vec<(i64, i64)> =
        out.iter().filter(|(_, _, e)| matches!(kind(e).as_str(), "code" | "pre")).map(|(o, l, _)| (*o, *l)).collect();
    out.retain(|(o, l, e)| !(text_style(&kind(e)) && code.iter().any(|(co, cl)| co <= o && o + l <= co + cl)));
    let mut merged: Vec<Given> = Vec::new();
    for (offset, length, entity) in out {
        let this = kind(&entity);
        let joined = text_style(&this)
            && merged.iter_mut().rev().find(|(o, l, e)| kind(e) == this && o + l >= offset).is_some_and(|previous| {
                let end = (previous.0 + previous.1).max(offset + length);
                previous.1 = end - previous.0;
                previous.2.insert("length".into(), previous.1.into());
                true
            });
        if !joined {
            merged.push((offset, length, entity));
        }
    }
    merged.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(priority(&kind(&a.2)).cmp(&priority(&kind(&b.2)))));
    Ok(merged.into_iter().map(|(_, _, e)| Value::Object(e)).collect())
}

/// `entities` (given or parsed) with the ones the platform finds in `text` added where they do
/// not intersect a non-nesting entity, as TDLib merges found entities for bots' messages.
pub fn with_found(text: &str, entities: Option<Value>) -> Option<Value> {
    let mut all = match entities {
        Some(Value::Array(all)) => all,
        _ => Vec::new(),
    };
    let span = |e: &Value| (e["offset"].as_i64().unwrap_or(0), e["length"].as_i64().unwrap_or(0));
    for found in detect(text) {
        let (offset, length) = span(&found);
        let blocked = all.iter().any(|e| {
            let (o, l) = span(e);
            !splittable(e["type"].as_str().unwrap_or_default()) && offset < o + l && o < offset + length
        });
        if !blocked {
            all.push(found);
        }
    }
    all.sort_by_key(|e| (span(e).0, -span(e).1));
    (!all.is_empty()).then_some(Value::Array(all))
}

/// The user id of a `tg://user?id=<id>` link (also `tg:user?id=` and `tg://user/?id=`).
pub fn mentioned_user(url: &str) -> Option<i64> {
    let lower = url.to_ascii_lowercase();
    let query = ["tg://user?", "tg:user?", "tg://user/?"].iter().find_map(|p| lower.strip_prefix(p))?;
    let query = query.split('#').next().unwrap_or_default();
    let id = form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == "id")?.1.parse::<i64>().ok()?;
    (1..=(1i64 << 40) - 1).contains(&id).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_entities_are_checked_sorted_and_stripped_to_their_declared_fields() {
        let text = "Hello world";
        let given = json!([
            {"type": "italic", "offset": 6, "length": 5, "extra": 1},
            {"type": "bold", "offset": 0, "length": 5},
            {"type": "mention", "offset": 0, "length": 5},
            {"type": "text_link", "offset": 0, "length": 3, "url": "https://example.com", "user": {"id": 1}},
            {"type": "code", "offset": 1, "length": 3},
            {"type": "bold", "offset": 2, "length": 0},
        ]);
        let normalized = normalize(text, given.as_array().unwrap()).unwrap();
        assert_eq!(
            Value::Array(normalized),
            json!([
                {"offset": 0, "length": 5, "type": "bold"},
                {"offset": 0, "length": 3, "type": "text_link", "url": "https://example.com"},
                {"offset": 6, "length": 5, "type": "italic"},
            ])
        );
        let error = |given: Value| normalize(text, given.as_array().unwrap()).unwrap_err().description;
        assert_eq!(
            error(json!([{"type": "shout", "offset": 0, "length": 1}])),
            "Bad Request: can't parse MessageEntity: Unsupported type specified"
        );
        assert_eq!(
            error(json!([{"type": "bold", "offset": -1, "length": 1}])),
            "Bad Request: receive an entity with incorrect offset -1"
        );
        assert_eq!(
            error(json!([{"type": "bold", "offset": 3, "length": 20}])),
            "Bad Request: entity beginning at UTF-16 offset 3 ends after the end of the text at UTF-16 offset 23"
        );
        assert_eq!(
            error(json!([{"type": "bold", "length": 1}])),
            "Bad Request: can't parse MessageEntity: Can't find field \"offset\""
        );
        assert_eq!(error(json!(["bold"])), "Bad Request: can't parse MessageEntity: expected an Object");
    }

    #[test]
    fn the_same_style_is_merged_and_styles_inside_code_are_dropped() {
        let given = json!([
            {"type": "bold", "offset": 0, "length": 3},
            {"type": "bold", "offset": 2, "length": 3},
            {"type": "bold", "offset": 5, "length": 1},
            {"type": "code", "offset": 7, "length": 4},
            {"type": "italic", "offset": 8, "length": 2},
        ]);
        let normalized = normalize("Hello world", given.as_array().unwrap()).unwrap();
        assert_eq!(
            Value::Array(normalized),
            json!([{"offset": 0, "length": 6, "type": "bold"}, {"offset": 7, "length": 4, "type": "code"}])
        );
    }

    #[test]
    fn found_entities_join_given_ones_and_user_links_are_read() {
        let merged =
            with_found("see https://a.example #tag", Some(json!([{"offset": 0, "length": 3, "type": "bold"}])));
        let kinds: Vec<&str> =
            merged.as_ref().unwrap().as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["bold", "url", "hashtag"]);
        assert_eq!(mentioned_user("tg://user?id=42"), Some(42));
        assert_eq!(mentioned_user("TG://USER?ID=42#x"), Some(42));
        assert_eq!(mentioned_user("tg://user?id=abc"), None);
        assert_eq!(mentioned_user("https://example.com"), None);
    }

    fn kinds(text: &str) -> Vec<(String, u64, u64)> {
        detect(text)
            .into_iter()
            .map(|e| {
                (e["type"].as_str().unwrap().to_owned(), e["offset"].as_u64().unwrap(), e["length"].as_u64().unwrap())
            })
            .collect()
    }

    #[test]
    fn commands_mentions_tags_links_and_mail() {
        assert_eq!(kinds("/start"), [("bot_command".into(), 0, 6)]);
        assert_eq!(kinds("/start@demo_bot now"), [("bot_command".into(), 0, 15)]);
        // TDLib's edges: not inside markup-like text, not before letters of any script.
        assert!(kinds("Yes, <b>until 5</b>").is_empty());
        assert!(kinds("a/b").is_empty());
        assert!(kinds("/startпривет").is_empty());
        assert!(kinds("/start@ab").is_empty(), "a mention too short: no command");
        assert_eq!(kinds("(/help)"), [("bot_command".into(), 1, 5)]);
        assert_eq!(kinds("a/b is no command"), []);
        assert_eq!(kinds("hi @alice_x!"), [("mention".into(), 3, 8)]);
        assert_eq!(kinds("#rust and #42"), [("hashtag".into(), 0, 5)]);
        assert_eq!(kinds("buy $USD"), [("cashtag".into(), 4, 4)]);
        assert_eq!(kinds("see https://example.com/x."), [("url".into(), 4, 21)]);
        assert_eq!(kinds("mail bob@example.org."), [("email".into(), 5, 15)]);
        // UTF-16 offsets: the emoji counts as two units.
        assert_eq!(kinds("😀 /help"), [("bot_command".into(), 3, 5)]);
    }
}
