//! The one Bot API error type: an HTTP status that equals the JSON `error_code`, and the exact
//! description string the reference server sends. Rendering to the wire envelope lives here too,
//! so no other place formats an error body.

use std::borrow::Cow;

use serde::Serialize;

/// A Bot API failure as the client sees it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code} {description}")]
pub struct ApiError {
    /// HTTP status and JSON `error_code`.
    pub code: u16,
    /// Exact wire description, e.g. `Bad Request: chat not found`.
    pub description: Cow<'static, str>,
    /// `parameters.retry_after` and the `Retry-After` header (429 answers).
    pub retry_after: Option<u32>,
    /// `parameters.migrate_to_chat_id` (group upgraded to a supergroup).
    pub migrate_to_chat_id: Option<i64>,
}

/// The reference's casing of a TDLib-style message (see [`ApiError::bad_request`]).
fn reference_case(message: &str) -> Cow<'_, str> {
    let bytes = message.as_bytes();
    if bytes.len() < 2 || bytes[1] == b'_' || bytes[1].is_ascii_uppercase() || !bytes[0].is_ascii_uppercase() {
        return Cow::Borrowed(message);
    }
    let mut owned = message.to_owned();
    owned[..1].make_ascii_lowercase();
    Cow::Owned(owned)
}

impl ApiError {
    pub fn new(code: u16, description: impl Into<Cow<'static, str>>) -> Self {
        Self { code, description: description.into(), retry_after: None, migrate_to_chat_id: None }
    }

    /// 400 `Bad Request: <message>`, cased as the reference's `fail_query_with_error` does: the
    /// first letter is lowercased unless the message looks like an `UPPER_CASE` token
    /// (`Can't parse keyboard button` → `can't parse keyboard button`, `BUTTON_DATA_INVALID` kept).
    pub fn bad_request(message: impl std::fmt::Display) -> Self {
        Self::new(400, format!("Bad Request: {}", reference_case(&message.to_string())))
    }

    /// 400 `Bad Request: parameter "<name>" is required`.
    pub fn parameter_required(name: &str) -> Self {
        Self::bad_request(format_args!("Parameter \"{name}\" is required"))
    }

    /// 401 `Unauthorized` (a well-formed token the platform does not know).
    pub fn unauthorized() -> Self {
        Self::new(401, "Unauthorized")
    }

    /// 401 `Unauthorized: invalid token specified` (a malformed token).
    pub fn invalid_token() -> Self {
        Self::new(401, "Unauthorized: invalid token specified")
    }

    /// 403 `Forbidden: <message>`.
    pub fn forbidden(message: impl std::fmt::Display) -> Self {
        Self::new(403, format!("Forbidden: {message}"))
    }

    /// 404 `Not Found` (a path outside the Bot API).
    pub fn not_found() -> Self {
        Self::new(404, "Not Found")
    }

    /// 404 `Not Found: method not found`.
    pub fn method_not_found() -> Self {
        Self::new(404, "Not Found: method not found")
    }

    /// 409 `Conflict: <message>`.
    pub fn conflict(message: impl std::fmt::Display) -> Self {
        Self::new(409, format!("Conflict: {message}"))
    }

    /// 421 `Misdirected Request: unallowed token specified` (token outside `--filter`).
    pub fn unallowed_token() -> Self {
        Self::new(421, "Misdirected Request: unallowed token specified")
    }

    /// 429 `Too Many Requests: retry after <n>` with `retry_after`.
    pub fn too_many_requests(retry_after: u32) -> Self {
        Self {
            retry_after: Some(retry_after),
            ..Self::new(429, format!("Too Many Requests: retry after {retry_after}"))
        }
    }

    /// 500 `Internal Server Error: <message>`.
    pub fn internal(message: impl std::fmt::Display) -> Self {
        Self::new(500, format!("Internal Server Error: {message}"))
    }

    /// A bare 500 `Internal Server Error`: what a client sees when an extension failed in a way
    /// that is not a Bot API error (it panicked, or answered garbage); the detail goes to the log.
    pub fn internal_server_error() -> Self {
        Self::new(500, "Internal Server Error")
    }

    /// The JSON error envelope, byte-compatible with the reference server.
    pub fn to_body(&self) -> Vec<u8> {
        #[derive(Serialize)]
        struct Parameters {
            #[serde(skip_serializing_if = "Option::is_none")]
            migrate_to_chat_id: Option<i64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            retry_after: Option<u32>,
        }
        #[derive(Serialize)]
        struct Envelope<'a> {
            ok: bool,
            error_code: u16,
            description: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            parameters: Option<Parameters>,
        }
        let parameters = (self.retry_after.is_some() || self.migrate_to_chat_id.is_some())
            .then_some(Parameters { migrate_to_chat_id: self.migrate_to_chat_id, retry_after: self.retry_after });
        let envelope = Envelope { ok: false, error_code: self.code, description: &self.description, parameters };
        serde_json::to_vec(&envelope).expect("error envelope serializes")
    }
}

/// The message of a caught panic's payload (`panic!` gives a `&str` or a `String`).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic with a non-string payload".to_owned())
}

/// The JSON success envelope: `{"ok":true,"result":...}` plus an optional description.
pub fn ok_body(result: &serde_json::Value, description: Option<&str>) -> Vec<u8> {
    #[derive(Serialize)]
    struct Envelope<'a> {
        ok: bool,
        result: &'a serde_json::Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        description: Option<&'a str>,
    }
    // Most answers fit: no growing (and copying) the buffer as it is written.
    let mut body = Vec::with_capacity(512);
    serde_json::to_writer(&mut body, &Envelope { ok: true, result, description }).expect("value serializes");
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelopes_match_the_reference_bytes() {
        assert_eq!(
            String::from_utf8(ApiError::invalid_token().to_body()).unwrap(),
            r#"{"ok":false,"error_code":401,"description":"Unauthorized: invalid token specified"}"#
        );
        assert_eq!(
            String::from_utf8(ApiError::too_many_requests(5).to_body()).unwrap(),
            r#"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 5","parameters":{"retry_after":5}}"#
        );
        assert_eq!(
            String::from_utf8(ok_body(&serde_json::json!(true), Some("Webhook was set"))).unwrap(),
            r#"{"ok":true,"result":true,"description":"Webhook was set"}"#
        );
        assert_eq!(
            ApiError::parameter_required("chat_id").description,
            r#"Bad Request: parameter "chat_id" is required"#
        );
    }
}
