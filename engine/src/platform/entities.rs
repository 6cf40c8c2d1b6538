//! Entities the platform computes for text people type: `bot_command`, `mention`, `hashtag`,
//! `cashtag`, `url` and `email`. Offsets and lengths count UTF-16 code units, as the Bot API does.

use serde_json::{Value, json};

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
        if at_boundary && c == '/' {
            let mut j = token_end(i + 1, &|c| c.is_ascii_alphanumeric() || c == '_');
            if j > i + 1 && j - i - 1 <= 64 {
                if j < chars.len() && chars[j].1 == '@' {
                    let k = token_end(j + 1, &|c| c.is_ascii_alphanumeric() || c == '_');
                    if k - j > 3 {
                        j = k;
                    }
                }
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

#[cfg(test)]
mod tests {
    use super::*;

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
