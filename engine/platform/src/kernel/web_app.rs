//! Mini Apps' launch data: what the platform's apps hand a bot's Web App when a person opens it
//! (a menu or keyboard button, an inline button, a guard bot's join request), signed with the
//! bot's token so the bot can check it came from the platform.

/// A Mini App's `initData` as the public platform's apps hand it over (a query string the bot
/// verifies): `auth_date`, `query_id` and `user`, with `hash` the hex HMAC-SHA-256 of the other
/// fields sorted by name, one `key=value` a line, keyed by HMAC-SHA-256("WebAppData", token).
pub fn init_data(token: &str, query_id: &str, user: &serde_json::Value, auth_date: i64) -> String {
    use ring::hmac;
    let user = user.to_string();
    let auth_date = auth_date.to_string();
    let mut fields = [("auth_date", auth_date.as_str()), ("query_id", query_id), ("user", user.as_str())];
    fields.sort_by_key(|(k, _)| *k);
    let check: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let secret = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, b"WebAppData"), token.as_bytes());
    let hash = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, secret.as_ref()), check.join("\n").as_bytes());
    let hex: String = hash.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        out.append_pair(k, v);
    }
    out.append_pair("hash", &hex);
    out.finish()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn web_app_init_data_is_signed_with_the_bot_token() {
        use ring::hmac;
        let data = init_data("1:secret", "AAQ1", &json!({"id": 7}), 100);
        let (fields, hash) = data.rsplit_once("&hash=").expect("a hash");
        assert_eq!(fields, "auth_date=100&query_id=AAQ1&user=%7B%22id%22%3A7%7D");
        // Telegram's check: HMAC-SHA-256 of the sorted `key=value` lines, keyed by
        // HMAC-SHA-256("WebAppData", token).
        let secret = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, b"WebAppData"), b"1:secret");
        let check = "auth_date=100\nquery_id=AAQ1\nuser={\"id\":7}";
        let expected = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, secret.as_ref()), check.as_bytes());
        let expected: String = expected.as_ref().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hash, expected);
        assert_ne!(data, init_data("1:other", "AAQ1", &json!({"id": 7}), 100));
    }
}
