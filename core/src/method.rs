//! The `MethodHandler` extension point: one Bot API method (`/bot<token>/<name>`), built in or
//! added by a plugin. Handlers receive decoded parameters and a [`MethodContext`] with the calling
//! bot and the host services; they return the `result` value or an [`ApiError`].

use std::path::PathBuf;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::ApiError;

/// A file part of a multipart request, already streamed to the temp dir.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct UploadedFile {
    /// The form field it came in.
    pub field: String,
    /// The client's file name, if any.
    pub file_name: Option<String>,
    /// The client's content type, if any.
    pub content_type: Option<String>,
    /// Where it lies on disk (removed when the request ends).
    pub path: PathBuf,
    /// Size in bytes.
    pub size: u64,
}

impl UploadedFile {
    pub fn new(
        field: String,
        file_name: Option<String>,
        content_type: Option<String>,
        path: PathBuf,
        size: u64,
    ) -> Self {
        Self { field, file_name, content_type, path, size }
    }
}

/// Request parameters, merged from the query string and the body: the first occurrence wins
/// (query before body), as in the reference server. Non-string JSON values are kept as raw JSON.
#[derive(Debug, Clone, Default)]
pub struct Params {
    values: Vec<(String, String)>,
    files: Vec<UploadedFile>,
}

impl Params {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.values.push((name.into(), value.into()));
    }

    pub fn push_file(&mut self, file: UploadedFile) {
        self.files.push(file);
    }

    /// The value of `name`, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The value of `name`, or `Bad Request: parameter "<name>" is required` when absent or empty.
    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.get(name).filter(|v| !v.is_empty()).ok_or_else(|| ApiError::parameter_required(name))
    }

    /// An integer parsed the reference's lenient way: absent or empty gives `default`, garbage
    /// gives 0, and the result is clamped to `min..=max`.
    pub fn integer(&self, name: &str, default: i64, min: i64, max: i64) -> i64 {
        let value = match self.get(name).map(str::trim) {
            None | Some("") => default,
            Some(v) => v.parse::<i64>().or_else(|_| v.parse::<f64>().map(|f| f as i64)).unwrap_or(0),
        };
        value.clamp(min, max)
    }

    /// A boolean the reference's way: trimmed, case-insensitive `true`, `yes` or `1`.
    pub fn boolean(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "true" | "yes" | "1"))
    }

    /// A JSON-typed parameter (sent natively in a JSON body or as a JSON string in a form).
    pub fn json<T: DeserializeOwned>(&self, name: &str) -> Option<Result<T, serde_json::Error>> {
        self.get(name).map(serde_json::from_str)
    }

    /// All uploaded files.
    pub fn files(&self) -> &[UploadedFile] {
        &self.files
    }

    /// The uploaded file in field `name`.
    pub fn file(&self, name: &str) -> Option<&UploadedFile> {
        self.files.iter().find(|f| f.field == name)
    }

    /// Parameter names and values, for handlers that forward everything.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Everything as a JSON object: raw JSON values stay structured, other values are strings.
    pub fn to_json(&self) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for (k, v) in &self.values {
            if map.contains_key(k) {
                continue;
            }
            let value = match serde_json::from_str::<serde_json::Value>(v) {
                Ok(j @ (serde_json::Value::Object(_) | serde_json::Value::Array(_))) => j,
                _ => serde_json::Value::String(v.clone()),
            };
            map.insert(k.clone(), value);
        }
        serde_json::Value::Object(map)
    }
}

/// Services the engine offers to method handlers. New capabilities are added as methods with
/// defaults, so existing handlers keep compiling.
#[async_trait::async_trait]
pub trait Host: Send + Sync + 'static {
    /// Whether the server runs in local mode.
    fn local_mode(&self) -> bool;

    /// Invokes another method as the calling bot (e.g. `sendMessage`), through the same registry.
    async fn call_method(&self, bot_id: i64, method: &str, params: Params) -> Result<serde_json::Value, ApiError>;

    /// A value an extension keeps for a bot under `key`, stored with the bot's own state (so it
    /// moves with the bot's directory). `None` when never set.
    async fn bot_data(&self, bot_id: i64, key: &str) -> Result<Option<String>, ApiError> {
        let mut params = Params::new();
        params.push("key", key);
        let value = self.call_method(bot_id, HOST_GET_BOT_DATA, params).await?;
        Ok(value.as_str().map(str::to_owned))
    }

    /// Sets (or with `None` removes) a value kept for a bot; durable when this returns.
    async fn set_bot_data(&self, bot_id: i64, key: &str, value: Option<&str>) -> Result<(), ApiError> {
        let mut params = Params::new();
        params.push("key", key);
        if let Some(value) = value {
            params.push("value", value);
        }
        self.call_method(bot_id, HOST_SET_BOT_DATA, params).await.map(drop)
    }
}

/// Host-only method names behind [`Host::bot_data`] and [`Host::set_bot_data`]: the engine
/// answers them in `call_method` (so they also cross the plugin ABI), and they are not in the
/// registry, so no HTTP client can call them.
pub const HOST_GET_BOT_DATA: &str = "host.getBotData";
/// See [`HOST_GET_BOT_DATA`].
pub const HOST_SET_BOT_DATA: &str = "host.setBotData";

/// What a handler knows about the call besides its parameters.
#[derive(Clone)]
#[non_exhaustive]
pub struct MethodContext {
    /// The calling bot's user id.
    pub bot_id: i64,
    /// The calling bot's username, without `@`.
    pub bot_username: String,
    /// Host services.
    pub host: Arc<dyn Host>,
    /// The calling bot's record as the server authenticated it for this call, when it did
    /// (a handler need not look the bot up again).
    pub bot: Option<Arc<crate::BotRecord>>,
}

impl MethodContext {
    pub fn new(bot_id: i64, bot_username: String, host: Arc<dyn Host>) -> Self {
        Self { bot_id, bot_username, host, bot: None }
    }

    /// With the record of the bot the server authenticated for the call.
    pub fn with_bot(mut self, bot: Arc<crate::BotRecord>) -> Self {
        self.bot = Some(bot);
        self
    }
}

/// One call of a method.
#[non_exhaustive]
pub struct MethodCall {
    /// The method name as the client spelled it.
    pub method: String,
    pub params: Params,
    pub ctx: MethodContext,
}

impl MethodCall {
    pub fn new(method: String, params: Params, ctx: MethodContext) -> Self {
        Self { method, params, ctx }
    }
}

/// A successful answer: the `result` and, rarely, a `description` (e.g. `Webhook was set`).
///
/// The result is a JSON value, or JSON text a handler wrote itself ([`Reply::json_text`]): a
/// typed object serialized at once, or updates already stored as text, go to the client without
/// being built into a [`serde_json::Value`] first (its maps hash every key) and written again.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    result: ReplyResult,
    pub description: Option<std::borrow::Cow<'static, str>>,
}

#[derive(Debug, Clone, PartialEq)]
enum ReplyResult {
    Value(serde_json::Value),
    /// Valid JSON text (the maker's promise; [`Reply::json_text`]).
    Text(String),
}

impl Reply {
    pub fn with_description(result: serde_json::Value, description: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        Self { result: ReplyResult::Value(result), description: Some(description.into()) }
    }

    /// A result already written as JSON text, which must be valid JSON (a value serialized by
    /// serde, or text made of such values).
    pub fn json_text(text: String) -> Self {
        Self { result: ReplyResult::Text(text), description: None }
    }

    /// A typed result, serialized at once (no [`serde_json::Value`] in between).
    pub fn typed<T: serde::Serialize>(result: &T) -> Self {
        Self::json_text(serde_json::to_string(result).expect("a typed result serializes"))
    }

    /// The result as a value (read from its text when it was written so).
    pub fn value(&self) -> std::borrow::Cow<'_, serde_json::Value> {
        match &self.result {
            ReplyResult::Value(value) => std::borrow::Cow::Borrowed(value),
            ReplyResult::Text(text) => std::borrow::Cow::Owned(parse_text(text)),
        }
    }

    /// The result as a value, taken.
    pub fn into_value(self) -> serde_json::Value {
        match self.result {
            ReplyResult::Value(value) => value,
            ReplyResult::Text(text) => parse_text(&text),
        }
    }

    /// The wire envelope, `{"ok":true,"result":…[,"description":…]}`.
    pub fn to_body(&self) -> Vec<u8> {
        let description = self.description.as_deref();
        match &self.result {
            ReplyResult::Value(value) => crate::ok_body(value, description),
            ReplyResult::Text(text) => {
                let mut body = Vec::with_capacity(text.len() + 64);
                body.extend_from_slice(br#"{"ok":true,"result":"#);
                body.extend_from_slice(text.as_bytes());
                if let Some(description) = description {
                    body.extend_from_slice(br#","description":"#);
                    serde_json::to_writer(&mut body, description).expect("a string serializes");
                }
                body.push(b'}');
                body
            }
        }
    }
}

fn parse_text(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("a reply's JSON text is valid JSON")
}

impl From<serde_json::Value> for Reply {
    fn from(result: serde_json::Value) -> Self {
        Self { result: ReplyResult::Value(result), description: None }
    }
}

/// A Bot API method.
#[async_trait::async_trait]
pub trait MethodHandler: Send + Sync + 'static {
    /// Runs the method; `Ok` becomes `{"ok":true,"result":...}`.
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError>;

    /// Whether a call may change state. The server runs every call that may in a task of its
    /// own, so a client that goes away never cuts a change in half (cancellation safety); a
    /// method that only reads (see [`read_only`]) runs in the request itself, without that cost.
    fn changes_state(&self) -> bool {
        true
    }
}

/// `handler`, declared to change no state: it only reads, so being dropped halfway (a client
/// gone) leaves nothing half done. Declare only methods that write nothing at all.
pub fn read_only(handler: std::sync::Arc<dyn MethodHandler>) -> std::sync::Arc<dyn MethodHandler> {
    std::sync::Arc::new(ReadOnly(handler))
}

struct ReadOnly(std::sync::Arc<dyn MethodHandler>);

#[async_trait::async_trait]
impl MethodHandler for ReadOnly {
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        self.0.call(call).await
    }

    fn changes_state(&self) -> bool {
        false
    }
}

/// State that exists only once the engine is built, while its methods are registered before:
/// the slot is filled once, and handlers hold it weakly (no cycle through the registry).
pub type Late<S> = std::sync::Arc<std::sync::OnceLock<std::sync::Weak<S>>>;

/// A method handler of `f`, an async function of the state behind `slot` and the call. Before
/// the slot is filled, or after the state is gone, the call answers 500 `restart`.
pub fn bound<S, F, Fut>(slot: &Late<S>, f: F) -> std::sync::Arc<dyn MethodHandler>
where
    S: Send + Sync + 'static,
    F: Fn(std::sync::Arc<S>, MethodCall) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = Result<Reply, ApiError>> + Send + 'static,
{
    std::sync::Arc::new(Bound { slot: slot.clone(), f })
}

struct Bound<S, F> {
    slot: Late<S>,
    f: F,
}

#[async_trait::async_trait]
impl<S, F, Fut> MethodHandler for Bound<S, F>
where
    S: Send + Sync + 'static,
    F: Fn(std::sync::Arc<S>, MethodCall) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = Result<Reply, ApiError>> + Send + 'static,
{
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        let state = self.slot.get().and_then(std::sync::Weak::upgrade).ok_or_else(|| ApiError::internal("restart"))?;
        (self.f)(state, call).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_change_state_unless_declared_read_only() {
        let slot: Late<()> = Late::default();
        let handler = bound(&slot, |_state, _call| async { Ok(Reply::from(serde_json::json!(true))) });
        assert!(handler.changes_state(), "the safe default");
        assert!(!read_only(handler).changes_state());
    }

    #[test]
    fn parameters_follow_the_reference_rules() {
        let mut p = Params::new();
        p.push("limit", "500");
        p.push("limit", "5");
        p.push("offset", "junk");
        p.push("flag", " Yes ");
        p.push("markup", r#"{"inline_keyboard":[]}"#);
        assert_eq!(p.integer("limit", 100, 1, 100), 100, "first occurrence wins, then clamp");
        assert_eq!(p.integer("offset", 7, -10, 10), 0, "garbage is 0");
        assert_eq!(p.integer("missing", 7, -10, 10), 7);
        assert!(p.boolean("flag"));
        assert!(!p.boolean("missing"));
        assert_eq!(p.required("nope").unwrap_err().description, r#"Bad Request: parameter "nope" is required"#);
        assert_eq!(p.to_json()["markup"]["inline_keyboard"], serde_json::json!([]));
    }

    #[test]
    fn a_reply_written_as_text_answers_the_same_bytes_as_its_value() {
        #[derive(serde::Serialize)]
        struct Me {
            id: i64,
            first_name: &'static str,
            username: Option<&'static str>,
        }
        let me = Me { id: 7, first_name: "Bench \"quoted\"", username: None };
        let value = serde_json::to_value(&me).unwrap();
        let (typed, plain) = (Reply::typed(&me), Reply::from(value.clone()));
        assert_eq!(typed.to_body(), plain.to_body());
        assert_eq!(typed.value().into_owned(), value);
        assert_eq!(typed.clone().into_value(), value);
        let described = |mut r: Reply| {
            r.description = Some("Webhook \"was\" set".into());
            r.to_body()
        };
        assert_eq!(described(typed), described(plain));
        assert_eq!(
            String::from_utf8(described(Reply::json_text("[1,2]".into()))).unwrap(),
            r#"{"ok":true,"result":[1,2],"description":"Webhook \"was\" set"}"#
        );
    }
}
