//! Configuration of msg-bot-api: four figment layers (built-in defaults, TOML config file, `MSG_*`
//! environment with `MSG_EXTRA_ARGS`, command-line flags) turned into validated [`Settings`], and
//! the exact startup args line. It reads its sources and nothing else: no directories are created,
//! no sockets bound (that is the supervisor's preflight).
#![forbid(unsafe_code)]

mod error;
mod flags;
mod layers;
pub mod reference;
mod sections;
mod settings;

pub use error::{ConfigError, Problem};
pub use flags::{ServerFlags, parse_extra_args};
pub use layers::{Sources, describe_source};
pub use sections::{DeclaredBot, PluginSpec};
pub use settings::{Filter, Settings, load};

/// Default Bot API port.
pub const DEFAULT_HTTP_PORT: u16 = 8081;
/// Default statistics port.
pub const DEFAULT_HTTP_STAT_PORT: u16 = 8082;
/// Default working directory.
pub const DEFAULT_DIR: &str = "/data";
/// Default temporary directory.
pub const DEFAULT_TEMP_DIR: &str = "/tmp";
/// The log file's name inside `<dir>/logs/` when `MSG_LOG_FILE` is not set.
pub const LOG_FILE_NAME: &str = "msg-bot-api.log";
/// Default log rotation size: 50 MB (the reference's is 2 GB).
pub const DEFAULT_LOG_MAX_FILE_SIZE: u64 = 50_000_000;
/// Default log verbosity (3 = info).
pub const DEFAULT_LOG_VERBOSITY: u32 = 3;
/// Config file used when it exists and none is named.
pub const SYSTEM_CONFIG_FILE: &str = "/etc/msg-bot-api/config.toml";
