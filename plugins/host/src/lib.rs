//! The server's side of dynamic plugins: opens a plugin library (libloading), checks its ABI
//! version and table, initialises it with its settings and adapts it to the msg-core
//! [`Plugin`](msg_core::Plugin) trait, so the supervisor registers it like any other plugin. Reading `[[plugins]]` and
//! `MSG_PLUGINS` is the configuration's job (`msg_config::PluginSpec`). It knows nothing of how a plugin is written (that is the SDK) and
//! nothing of the engine beyond the [`msg_core::Host`] each method call carries.
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use msg_core::Registrar;
//!
//! let settings = serde_json::json!({ "greeting": "hello" });
//! let plugin = msg_plugin_host::load("plugins/libmsg_plugin_example.so".as_ref(), settings)?;
//! let mut registrar = Registrar::new();
//! registrar.add_plugin(&plugin, &serde_json::Value::Null)?; // the settings went to `load`
//! # Ok(()) }
//! ```
//!
//! # Guarantees
//!
//! - A library is opened once per process and never unloaded (its code may be running on its
//!   own threads at any time). Loading the same file again is an error; a [`LoadedPlugin`] can
//!   be registered into any number of registrars (e.g. once per engine restart).
//! - Every startup problem is a [`LoadError`] naming the file and what to do.
//! - A plugin method that panics, answers with an invalid payload or reports an unknown status
//!   answers that one request with `500 Internal Server Error`; the detail is logged (target
//!   `msg_plugins`) with the plugin's name. Stats pages likewise render `Internal Server Error`.
//! - Panics in the host's callbacks (the plugin calling the server, logging) are caught too.
//!
//! Plugins are trusted native code in the server's address space: a crash that is not a Rust
//! panic (abort, segmentation fault, a `panic = "abort"` build) takes the server down.

mod callbacks;
mod error;
mod loaded;
#[cfg(feature = "test-support")]
pub mod test_support;

pub use error::LoadError;
pub use loaded::{LoadedPlugin, load};
pub use msg_plugin_abi::ABI_VERSION;
pub use msg_plugin_abi::wire::{ExporterDescription, MethodDescription};

/// The `tracing` target of every log line about plugins (the supervisor's log filter knows it).
pub const LOG_TARGET: &str = "msg_plugins";
