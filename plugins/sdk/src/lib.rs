//! The SDK for msg-bot-api dynamic plugins: implement the msg-core [`Plugin`] trait as for a
//! built-in (register [`MethodHandler`]s and [`StatsExporter`]s into the [`Registrar`]), write
//! [`export_plugin!`], build the crate as a `cdylib`, and the server can load it. The SDK owns
//! the C ABI side of the plugin (`msg-plugin-abi`); it does not load anything (that is
//! `msg-plugin-host`, in the server).
//!
//! ```no_run
//! use std::sync::Arc;
//! use msg_plugin_sdk::{ApiError, MethodCall, MethodHandler, Plugin, PluginError, Registrar, Reply};
//!
//! struct Ping;
//!
//! #[msg_plugin_sdk::async_trait]
//! impl MethodHandler for Ping {
//!     async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
//!         Ok(serde_json::json!({ "pong": call.ctx.bot_id }).into())
//!     }
//! }
//!
//! struct PingPlugin;
//!
//! impl Plugin for PingPlugin {
//!     fn name(&self) -> &str {
//!         "ping"
//!     }
//!     fn register(&self, r: &mut Registrar, _settings: &serde_json::Value) -> Result<(), PluginError> {
//!         r.method("ping", Arc::new(Ping));
//!         Ok(())
//!     }
//! }
//!
//! msg_plugin_sdk::export_plugin!(|| PingPlugin);
//! ```
//!
//! # What the SDK does for you
//!
//! - **Registration.** At `init` the SDK runs your `register` against a local [`Registrar`] with
//!   the plugin's `settings` (`null` when none) and describes what you registered to the server,
//!   whose own registrar resolves clashes with built-ins and other plugins. `register` returning
//!   `Err(PluginError)` refuses the start with your message. Storage backends cannot cross the
//!   ABI yet; registering one fails `init`.
//! - **A runtime of its own.** Each plugin library gets its own multi-threaded tokio runtime
//!   (2 worker threads named after the plugin), created at `init`. `register` runs inside it, so
//!   you may `tokio::spawn` background tasks there; every method call runs as a task on it, so
//!   slow calls never block other calls or the server. Blocking work belongs in
//!   `tokio::task::spawn_blocking`. The server's runtime is a different one: do not pass tokio
//!   objects between them (nothing in the API lets you).
//! - **Panics are contained.** Every exported function is wrapped in `catch_unwind`; a method that
//!   panics answers that one request with `500 Internal Server Error` and the panic message goes
//!   to the server log. Build plugins with the default `panic = "unwind"`: with `panic = "abort"`
//!   a panic takes the whole server down.
//! - **The host.** `call.ctx.host` reaches the server: [`Host::call_method`] invokes any method
//!   (e.g. `sendMessage`) as any bot, through the server's registry. It is valid while the
//!   method call it came with is running; afterwards it answers `500 Internal Server Error`.
//! - **Logging.** The SDK installs a `tracing` subscriber that forwards events to the server's
//!   log (use the re-exported [`tracing`] so the versions match). Install none of your own.
//!
//! The settings arrive as JSON in `register`'s second argument: the `[plugins.settings]` table of
//! the plugin's `[[plugins]]` entry in the server's config file.

mod entry;
mod host;
mod log;

pub use async_trait::async_trait;
pub use msg_core;
pub use msg_core::{
    ApiError, Host, MethodCall, MethodContext, MethodHandler, Params, Plugin, PluginError, Registrar, Reply,
    StatsExporter, StatsSnapshot, UploadedFile,
};
pub use msg_plugin_abi as abi;
pub use tracing;

/// Exports a plugin: emits the `msg_plugin_entry` symbol the server looks for, serving the
/// [`Plugin`] that `$make()` returns. `$make` is anything callable with no arguments, such as a
/// constructor path (`MyPlugin::new`, `MyPlugin::default`) or a closure (`|| MyPlugin`). It runs
/// once, when the server opens the library; a panic in it fails the server's start with the
/// panic message. Use the macro once per library.
#[macro_export]
macro_rules! export_plugin {
    ($make:expr) => {
        /// The entry point msg-bot-api looks up (see `msg_plugin_sdk::abi::ENTRY_SYMBOL`).
        // Exporting an unmangled symbol counts as unsafe code; plugin crates may deny the rest.
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn msg_plugin_entry() -> *const $crate::abi::PluginTable {
            fn make() -> ::std::boxed::Box<dyn $crate::Plugin> {
                ::std::boxed::Box::new(($make)())
            }
            $crate::__private::entry(make)
        }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use crate::entry::entry;
}
