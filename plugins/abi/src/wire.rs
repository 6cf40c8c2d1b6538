//! The JSON payloads that cross the ABI, as serde types, and their conversions to and from the
//! msg-core types (`Params`, `Reply`, `ApiError`, `StatsSnapshot`). Shared by the SDK and the host
//! so both sides agree byte for byte; a plugin written by hand follows the same shapes. Every
//! field a reader may miss has a default, and unknown keys are ignored (see the crate docs on
//! evolution).

use std::borrow::Cow;
use std::path::PathBuf;

use msg_core::{ApiError, Params, Reply, UploadedFile};
use serde::{Deserialize, Serialize};

use crate::Status;

/// `describe`'s answer: what the plugin registered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Description {
    #[serde(default)]
    pub methods: Vec<MethodDescription>,
    #[serde(default)]
    pub exporters: Vec<ExporterDescription>,
}

/// One Bot API method the plugin serves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodDescription {
    /// The method name, byte-exact (e.g. `getServerTime`).
    pub name: String,
    /// Replaces a built-in method (`Registrar::override_method`) instead of adding one.
    #[serde(default, rename = "override")]
    pub is_override: bool,
}

/// One stats exporter the plugin serves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExporterDescription {
    /// The stats-port path, e.g. `/example`.
    pub path: String,
    /// The `Content-Type` of its body.
    pub content_type: String,
}

/// A method call, in either direction. Parameters are a list of `[name, value]` pairs in order,
/// duplicates included, so that [`Params`]' first-occurrence rule survives the trip; uploaded
/// files travel as metadata and the path of the file on disk.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodRequest {
    /// The method name (as the client spelled it, host to plugin; the method to invoke, plugin
    /// to host).
    pub method: String,
    /// The calling (host to plugin) or acting (plugin to host) bot.
    #[serde(default)]
    pub bot_id: i64,
    /// The calling bot's username (host to plugin only).
    #[serde(default)]
    pub bot_username: String,
    /// Whether the server runs in local mode (host to plugin only).
    #[serde(default)]
    pub local_mode: bool,
    #[serde(default)]
    pub params: Vec<(String, String)>,
    #[serde(default)]
    pub files: Vec<FileDescription>,
}

/// An uploaded file, already on disk (removed when the request ends).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDescription {
    pub field: String,
    #[serde(default)]
    pub file_name: Option<String>,
    #[serde(default)]
    pub content_type: Option<String>,
    pub path: PathBuf,
    #[serde(default)]
    pub size: u64,
}

impl MethodRequest {
    /// A request for `method` with `params`, as `bot_id`.
    pub fn new(method: &str, bot_id: i64, params: &Params) -> Self {
        let files = params
            .files()
            .iter()
            .map(|f| FileDescription {
                field: f.field.clone(),
                file_name: f.file_name.clone(),
                content_type: f.content_type.clone(),
                path: f.path.clone(),
                size: f.size,
            })
            .collect();
        let params = params.iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
        Self { method: method.to_owned(), bot_id, params, files, ..Self::default() }
    }

    /// The parameters, rebuilt.
    pub fn to_params(&self) -> Params {
        let mut params = Params::new();
        for (name, value) in &self.params {
            params.push(name.as_str(), value.as_str());
        }
        for f in &self.files {
            params.push_file(UploadedFile::new(
                f.field.clone(),
                f.file_name.clone(),
                f.content_type.clone(),
                f.path.clone(),
                f.size,
            ));
        }
        params
    }
}

/// `render_stats`' request. The host serializes it with `S = &StatsSnapshot`; the SDK reads it
/// with the default `S = StatsSnapshot`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StatsRequest<S = msg_core::StatsSnapshot> {
    /// The exporter's path, as described.
    pub path: String,
    /// The `?id=` bot filter, when given.
    #[serde(default)]
    pub bot_filter: Option<String>,
    pub snapshot: S,
}

/// The Bot API envelope of a method outcome: `{"ok":true,"result":...}` or the error envelope.
pub fn encode_outcome(outcome: &Result<Reply, ApiError>) -> Vec<u8> {
    match outcome {
        Ok(reply) => reply.to_body(),
        Err(error) => error.to_body(),
    }
}

/// The [`Status`] that goes with an outcome.
pub fn status_of(outcome: &Result<Reply, ApiError>) -> Status {
    if outcome.is_ok() { Status::OK } else { Status::ERROR }
}

/// Why a completion could not be turned into an outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The callee reported [`Status::PANIC`] (or a status this version does not know); the
    /// message is for the log.
    Panic(String),
    /// The payload is not a valid envelope for its status.
    Invalid(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Panic(message) => write!(f, "panicked: {message}"),
            Failure::Invalid(message) => write!(f, "answered with an invalid payload: {message}"),
        }
    }
}

/// Reads a completion: the status and the Bot API envelope it carries.
pub fn decode_outcome(status: Status, payload: &[u8]) -> Result<Result<Reply, ApiError>, Failure> {
    if status != Status::OK && status != Status::ERROR {
        let message = String::from_utf8_lossy(payload);
        let message =
            if status == Status::PANIC { message.into_owned() } else { format!("status {}: {message}", status.0) };
        return Err(Failure::Panic(message));
    }
    #[derive(Deserialize)]
    struct Parameters {
        retry_after: Option<u32>,
        migrate_to_chat_id: Option<i64>,
    }
    #[derive(Deserialize)]
    struct Envelope {
        ok: bool,
        /// `null` when absent (a `null` result would otherwise read as absent).
        #[serde(default)]
        result: serde_json::Value,
        description: Option<String>,
        error_code: Option<u16>,
        parameters: Option<Parameters>,
    }
    let envelope: Envelope = serde_json::from_slice(payload).map_err(|e| Failure::Invalid(invalid(payload, &e)))?;
    match (status, envelope) {
        (Status::OK, Envelope { ok: true, result, description, .. }) => {
            let mut reply = Reply::from(result);
            reply.description = description.map(Cow::Owned);
            Ok(Ok(reply))
        }
        (
            Status::ERROR,
            Envelope { ok: false, error_code: Some(code), description: Some(description), parameters, .. },
        ) if (400..=599).contains(&code) => {
            let mut error = ApiError::new(code, description);
            if let Some(p) = parameters {
                error.retry_after = p.retry_after;
                error.migrate_to_chat_id = p.migrate_to_chat_id;
            }
            Ok(Err(error))
        }
        (Status::OK, _) => Err(Failure::Invalid("status OK needs {\"ok\":true,\"result\":...}".to_owned())),
        _ => Err(Failure::Invalid(
            "status ERROR needs {\"ok\":false,\"error_code\":400..599,\"description\":\"...\"}".to_owned(),
        )),
    }
}

/// A short account of a payload that failed to parse: the parser's error and the first bytes.
pub fn invalid(payload: &[u8], error: &serde_json::Error) -> String {
    const SHOWN: usize = 80;
    let head = String::from_utf8_lossy(&payload[..payload.len().min(SHOWN)]);
    let more = if payload.len() > SHOWN { "..." } else { "" };
    format!("{error} in {head:?}{more}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_keep_duplicates_order_and_files() {
        let mut params = Params::new();
        params.push("a", "1");
        params.push("a", "2");
        params.push("markup", r#"{"x":1}"#);
        params.push_file(UploadedFile::new("doc".into(), Some("a.txt".into()), None, "/tmp/a".into(), 3));
        let request = MethodRequest::new("echo", 42, &params);
        let bytes = serde_json::to_vec(&request).unwrap();
        let back: MethodRequest = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(back, request);
        let rebuilt = back.to_params();
        assert_eq!(rebuilt.iter().collect::<Vec<_>>(), [("a", "1"), ("a", "2"), ("markup", r#"{"x":1}"#)]);
        assert_eq!(rebuilt.file("doc").unwrap().size, 3);
        let minimal: MethodRequest = serde_json::from_str(r#"{"method":"m","later":1}"#).unwrap();
        assert_eq!((minimal.bot_id, minimal.params.len()), (0, 0));
    }

    #[test]
    fn outcomes_round_trip_and_bad_payloads_are_named() {
        let ok: Result<Reply, ApiError> = Ok(Reply::with_description(serde_json::json!({"a":1}), "done"));
        let back = decode_outcome(status_of(&ok), &encode_outcome(&ok)).unwrap();
        assert_eq!(back, ok);
        let null: Result<Reply, ApiError> = Ok(serde_json::Value::Null.into());
        assert_eq!(decode_outcome(Status::OK, &encode_outcome(&null)).unwrap(), null);
        let err: Result<Reply, ApiError> = Err(ApiError::too_many_requests(3));
        assert_eq!(decode_outcome(status_of(&err), &encode_outcome(&err)).unwrap(), err);
        assert!(matches!(decode_outcome(Status::OK, b"not json"), Err(Failure::Invalid(m)) if m.contains("not json")));
        assert!(matches!(decode_outcome(Status::OK, br#"{"ok":false}"#), Err(Failure::Invalid(_))));
        assert!(matches!(
            decode_outcome(Status::ERROR, br#"{"ok":false,"error_code":200,"description":"x"}"#),
            Err(Failure::Invalid(_))
        ));
        assert_eq!(decode_outcome(Status::PANIC, b"boom"), Err(Failure::Panic("boom".to_owned())));
        assert!(matches!(decode_outcome(Status(7), b"?"), Err(Failure::Panic(m)) if m.contains("status 7")));
    }
}
