//! Values that must never reach a log line: [`Secret`] (the API hash, webhook secrets) and
//! [`BotToken`]. Their `Debug` and `Display` redact; the raw value is reachable only through an
//! explicitly named method, so a stray `{}` or `{:?}` cannot leak it.

use std::fmt;

/// A string that prints as `<redacted>`.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The secret itself. Call only where the value is needed, never to log it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// Compares secrets in time independent of where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Why a token string is refused, in the order the reference server checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// `401 Unauthorized: invalid token specified`.
    #[error("invalid token specified")]
    Invalid,
    /// The id part is not an integer: `421 Misdirected Request: unallowed token specified`.
    #[error("unallowed token specified")]
    Unallowed,
}

impl From<TokenError> for crate::ApiError {
    fn from(e: TokenError) -> Self {
        match e {
            TokenError::Invalid => crate::ApiError::invalid_token(),
            TokenError::Unallowed => crate::ApiError::unallowed_token(),
        }
    }
}

/// A bot token `<bot user id>:<secret>`. Prints as `<bot user id>:<redacted>`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BotToken {
    raw: String,
    bot_id: i64,
}

/// Ids at or above this bound are refused (the reference's `2^54`).
pub const MAX_BOT_ID: i64 = 1 << 54;

impl BotToken {
    /// Parses a token with the reference server's syntactic checks (`ClientManager::send`).
    pub fn parse(raw: &str) -> Result<Self, TokenError> {
        if raw.starts_with('0') || raw.len() > 80 || raw.contains('/') {
            return Err(TokenError::Invalid);
        }
        let Some((id, _secret)) = raw.split_once(':') else {
            return Err(TokenError::Invalid);
        };
        let bot_id: i64 = id.parse().map_err(|_| TokenError::Unallowed)?;
        if bot_id <= 0 || bot_id >= MAX_BOT_ID {
            return Err(TokenError::Invalid);
        }
        Ok(Self { raw: raw.to_owned(), bot_id })
    }

    /// The bot's user id (the part before the colon).
    pub fn bot_id(&self) -> i64 {
        self.bot_id
    }

    /// The part after the colon. Call only to compare or store it.
    pub fn secret(&self) -> &str {
        &self.raw[self.raw.find(':').map_or(0, |i| i + 1)..]
    }

    /// The whole token. Call only to hand it to the bot's owner, never to log it.
    pub fn expose(&self) -> &str {
        &self.raw
    }
}

impl fmt::Debug for BotToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:<redacted>", self.bot_id)
    }
}

impl fmt::Display for BotToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_checks_follow_the_reference_order() {
        assert_eq!(BotToken::parse("0123:abc"), Err(TokenError::Invalid));
        assert_eq!(BotToken::parse("123abc"), Err(TokenError::Invalid));
        assert_eq!(BotToken::parse("12/3:abc"), Err(TokenError::Invalid));
        assert_eq!(BotToken::parse(&format!("1:{}", "a".repeat(80))), Err(TokenError::Invalid));
        assert_eq!(BotToken::parse("abc:def"), Err(TokenError::Unallowed));
        assert_eq!(BotToken::parse("-5:def"), Err(TokenError::Invalid));
        assert_eq!(BotToken::parse("18014398509481984:def"), Err(TokenError::Invalid));
        let token = BotToken::parse("123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw").unwrap();
        assert_eq!(token.bot_id(), 123456);
        assert_eq!(token.secret(), "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw");
    }

    #[test]
    fn secrets_never_print() {
        let token = BotToken::parse("123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw").unwrap();
        let shown = format!("{token} {token:?} {} {:?}", Secret::new("deadbeef"), Secret::new("deadbeef"));
        assert!(!shown.contains("AAHdq"), "{shown}");
        assert!(!shown.contains("deadbeef"), "{shown}");
        assert!(shown.contains("123456:<redacted>"));
    }
}

/// A secret in a stored row, as its plain text (`#[serde(with = "crate::secret::stored")]`):
/// for the storage only, which keeps tokens' secrets anyway. `Secret` itself implements no
/// `Serialize`; a record that stores one this way (a person's) is serialized for its row and
/// nowhere else (answers and logs are built from its fields).
pub(crate) mod stored {
    use super::Secret;

    pub(crate) fn serialize<S: serde::Serializer>(secret: &Secret, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(secret.expose())
    }

    pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Secret, D::Error> {
        <String as serde::Deserialize>::deserialize(deserializer).map(Secret::new)
    }
}
