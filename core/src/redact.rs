//! Redaction of secrets inside free text: bot and user tokens (`<id>:<secret>`, e.g. in
//! `/file/bot<token>/…` URLs that clients send back as uploads) and URL passwords
//! (`scheme://user:password@host`). Used where the server logs text it did not write itself
//! (URLs, library errors) and, as a last line of defence, by the log writer on every line.
//! Not here: typed secrets, which redact themselves ([`crate::Secret`], [`crate::BotToken`]).

use std::borrow::Cow;

/// What a redacted secret reads as.
pub const REDACTED: &str = "<redacted>";

/// The shortest secret part of a token that is redacted (ours have 35 characters).
const MIN_SECRET_LEN: usize = 30;

fn token_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// `text` with every token secret and URL password replaced by `<redacted>`.
pub fn redact(text: &str) -> Cow<'_, str> {
    let tokens = redact_tokens(text);
    match redact_passwords(&tokens) {
        Cow::Borrowed(_) => tokens,
        Cow::Owned(owned) => Cow::Owned(owned),
    }
}

/// `<digits>:<30+ url-safe characters>` → `<digits>:<redacted>`.
fn redact_tokens(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b':' && i > 0 && bytes[i - 1].is_ascii_digit() {
            let end = bytes[i + 1..].iter().position(|b| !token_char(*b)).map_or(bytes.len(), |n| i + 1 + n);
            if end - (i + 1) >= MIN_SECRET_LEN {
                let out = out.get_or_insert_with(|| String::with_capacity(text.len()));
                out.push_str(&text[copied..=i]);
                out.push_str(REDACTED);
                copied = end;
                i = end;
                continue;
            }
        }
        i += 1;
    }
    match out {
        None => Cow::Borrowed(text),
        Some(mut out) => {
            out.push_str(&text[copied..]);
            Cow::Owned(out)
        }
    }
}

/// `scheme://user:password@host` → `scheme://user:<redacted>@host`.
fn redact_passwords(text: &str) -> Cow<'_, str> {
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut from = 0;
    while let Some(found) = text[from..].find("://") {
        let start = from + found + 3;
        let authority_len =
            text[start..].find(['/', '?', '#', ' ', '\t', '\n', '"', '\'']).unwrap_or(text.len() - start);
        let authority = &text[start..start + authority_len];
        if let Some(at) = authority.rfind('@')
            && let Some(colon) = authority[..at].find(':')
            && authority[colon + 1..at] != *REDACTED
        {
            let out = out.get_or_insert_with(|| String::with_capacity(text.len()));
            out.push_str(&text[copied..start + colon + 1]);
            out.push_str(REDACTED);
            copied = start + at;
        }
        from = start;
    }
    match out {
        None => Cow::Borrowed(text),
        Some(mut out) => {
            out.push_str(&text[copied..]);
            Cow::Owned(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_url_passwords_are_redacted_and_the_rest_kept() {
        let secret = "AAbbCCddEEff00112233445566778899aab";
        assert_eq!(
            redact(&format!("cannot fetch http://h:8081/file/bot123456:{secret}/documents/file_1.txt: HTTP 404")),
            "cannot fetch http://h:8081/file/bot123456:<redacted>/documents/file_1.txt: HTTP 404"
        );
        assert_eq!(redact(&format!("token 42:{secret}")), "token 42:<redacted>");
        assert_eq!(
            redact("fetch http://user:S3cretPw@example.com:8080/a?b=1 failed"),
            "fetch http://user:<redacted>@example.com:8080/a?b=1 failed"
        );
        assert_eq!(
            redact("https://u:p@a.example/ and ftp://x:y@b/"),
            "https://u:<redacted>@a.example/ and ftp://x:<redacted>@b/"
        );
        for kept in ["time 12:30:45", "http://example.com:8443/path", "bot 42 (@x_bot)", "https://user@host/"] {
            assert!(matches!(redact(kept), Cow::Borrowed(_)), "{kept}");
        }
        assert_eq!(redact("ünïcode 1:ääääääääääääääääääääääääääääää"), "ünïcode 1:ääääääääääääääääääääääääääääää");
    }
}
