//! An example msg-bot-api plugin, meant to be copied: two custom Bot API methods, one that
//! calls back into the server, and a page on the statistics port. Everything here is plain
//! msg-core traits; the only plugin-specific line is `export_plugin!` at the bottom.
//!
//! Methods (call them like any Bot API method: `POST /bot<token>/getServerTime`):
//! - `getServerTime` → `{"unix_time":..,"bot_id":..,"bot_username":..,"plugin":"example","greeting":..}`
//! - `echo` → `{"bot_id":..,"params":{...},"files":[...]}`: what the client sent
//! - `sendGreeting` (`chat_id`) → sends the greeting with `sendMessage`, returns the Message
//! - `countVisits` → a per-bot counter kept with the host's bot data (survives restarts)
//!
//! Stats page: `GET /example` on the statistics port, plain text.
//!
//! Settings (`[plugins.settings]` in the server's config file):
//! - `greeting` (string, optional): the text of `sendGreeting`, also echoed by `getServerTime`.

// A plugin needs no unsafe code of its own: the SDK owns the C ABI.
#![deny(unsafe_code)]

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use msg_core::{ApiError, MethodCall, MethodHandler, Params, Plugin, PluginError, Registrar, Reply};
use msg_core::{StatsExporter, StatsSnapshot};
use msg_plugin_sdk::tracing;
use serde_json::json;

/// The name the server shows in its logs and in clash errors ("method X is registered by both
/// plugin example and plugin Y").
const NAME: &str = "example";

/// The plugin's settings, read once when the server starts it.
struct Settings {
    greeting: String,
}

impl Settings {
    /// Reads the `[plugins.settings]` table. A wrong value is an error here: the server refuses
    /// to start and prints the message, naming the plugin and its library file.
    fn from_json(settings: &serde_json::Value) -> Result<Self, String> {
        let greeting = match settings.get("greeting") {
            None => "Hello from the example plugin!".to_owned(),
            Some(serde_json::Value::String(text)) => text.clone(),
            Some(other) => return Err(format!("settings.greeting must be a string, not {other}")),
        };
        Ok(Self { greeting })
    }
}

/// The plugin itself: a constructor and `register`. Keep construction cheap and infallible; do
/// the real setup (reading settings, opening connections) in `register`, which can fail.
pub struct ExamplePlugin;

impl ExamplePlugin {
    pub fn new() -> Self {
        ExamplePlugin
    }
}

impl Default for ExamplePlugin {
    fn default() -> Self {
        Self::new()
    }
}

impl Plugin for ExamplePlugin {
    fn name(&self) -> &str {
        NAME
    }

    fn version(&self) -> &str {
        env!("CARGO_PKG_VERSION")
    }

    /// Called once at server start with this plugin's settings (`null` when there are none).
    /// Register each method under its exact Bot API name; `override_method` instead of `method`
    /// would replace a built-in one (e.g. `getMe`).
    fn register(&self, registrar: &mut Registrar, settings: &serde_json::Value) -> Result<(), PluginError> {
        let settings = Arc::new(Settings::from_json(settings).map_err(|message| PluginError::new(NAME, message))?);
        registrar.method("getServerTime", Arc::new(GetServerTime { settings: settings.clone() }));
        registrar.method("echo", Arc::new(Echo));
        registrar.method("sendGreeting", Arc::new(SendGreeting { settings }));
        registrar.method("countVisits", Arc::new(CountVisits));
        registrar.exporter(Arc::new(ExampleStats));
        Ok(())
    }
}

/// `getServerTime`: a method with no parameters.
struct GetServerTime {
    settings: Arc<Settings>,
}

#[msg_plugin_sdk::async_trait]
impl MethodHandler for GetServerTime {
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        let unix_time = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        // `tracing` events go to the server's log, tagged with the plugin's name.
        tracing::debug!("getServerTime for bot {}", call.ctx.bot_id);
        // `Ok(value.into())` becomes `{"ok":true,"result":value}` on the wire.
        Ok(json!({
            "unix_time": unix_time,
            "bot_id": call.ctx.bot_id,
            "bot_username": call.ctx.bot_username,
            "plugin": NAME,
            "greeting": self.settings.greeting,
        })
        .into())
    }
}

/// `echo`: shows how parameters arrive. Values are strings, as the client sent them (JSON
/// bodies' objects and arrays as JSON text); `Params` has the Bot API's parsing helpers
/// (`required`, `integer`, `boolean`, `json`). Uploaded files are already on disk.
struct Echo;

#[msg_plugin_sdk::async_trait]
impl MethodHandler for Echo {
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        let files: Vec<_> = call
            .params
            .files()
            .iter()
            .map(|f| json!({ "field": f.field, "file_name": f.file_name, "size": f.size }))
            .collect();
        Ok(json!({ "bot_id": call.ctx.bot_id, "params": call.params.to_json(), "files": files }).into())
    }
}

/// `sendGreeting`: calls another method through the server. `call.ctx.host.call_method` runs any
/// method (built-in or from a plugin) as a bot, and answers what a client would get.
struct SendGreeting {
    settings: Arc<Settings>,
}

#[msg_plugin_sdk::async_trait]
impl MethodHandler for SendGreeting {
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        // A missing parameter answers `400 Bad Request: parameter "chat_id" is required`.
        let chat_id = call.params.required("chat_id")?;
        let mut params = Params::new();
        params.push("chat_id", chat_id);
        params.push("text", self.settings.greeting.as_str());
        // Errors (say, `400 Bad Request: chat not found`) pass through to our client unchanged.
        let message = call.ctx.host.call_method(call.ctx.bot_id, "sendMessage", params).await?;
        Ok(message.into())
    }
}

/// `countVisits`: keeps a per-bot counter with the host's bot data (stored in the bot's own
/// state, so it survives restarts and moves with the bot's directory). Returns the new count.
struct CountVisits;

#[msg_plugin_sdk::async_trait]
impl MethodHandler for CountVisits {
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        let host = &call.ctx.host;
        let seen = host.bot_data(call.ctx.bot_id, "example.visits").await?;
        let count = seen.and_then(|v| v.parse::<u64>().ok()).unwrap_or(0) + 1;
        host.set_bot_data(call.ctx.bot_id, "example.visits", Some(&count.to_string())).await?;
        Ok(json!(count).into())
    }
}

/// A page on the statistics port. `render` gets a snapshot of the server's figures and the
/// `?id=` filter; it runs synchronously, so keep it quick.
struct ExampleStats;

impl StatsExporter for ExampleStats {
    fn path(&self) -> &str {
        "/example"
    }

    fn content_type(&self) -> &str {
        "text/plain; charset=utf-8"
    }

    fn render(&self, snapshot: &StatsSnapshot, bot_filter: Option<&str>) -> String {
        let mut page = format!("bots {}\nuptime {:.0}\n", snapshot.bot_count, snapshot.uptime_secs);
        for bot in &snapshot.bots {
            if bot_filter.is_none_or(|prefix| bot.id.to_string().starts_with(prefix)) {
                page.push_str(&format!("bot {} {} pending {}\n", bot.id, bot.username, bot.pending_update_count));
            }
        }
        page
    }
}

// Exports the `msg_plugin_entry` symbol the server looks for. The argument builds the plugin
// (any function or closure returning a type that implements `Plugin`).
msg_plugin_sdk::export_plugin!(ExamplePlugin::new);
