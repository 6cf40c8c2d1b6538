//! The vocabulary shared by every crate of msg-bot-api and by plugin authors: the [`Engine`]
//! trait the supervisor drives, the extension points ([`MethodHandler`], [`StorageBackend`],
//! [`StatsExporter`]) with the [`Registrar`] plugins register into, the Bot API error type and the
//! redacting secret types. It holds no HTTP server, no configuration parser and no FFI.
#![forbid(unsafe_code)]

pub mod clock;
pub mod coarse;
pub mod engine;
pub mod environment;
pub mod error;
pub mod front;
pub mod instance;
pub mod limits;
pub mod method;
pub mod plugin;
pub mod random;
pub mod redact;
pub mod secret;
pub mod stats;
pub mod storage;
pub mod updates;

pub use engine::{Engine, EngineError, Listeners, Phase, PhaseCell};
pub use error::{ApiError, ok_body, panic_message};
pub use method::{Host, MethodCall, MethodContext, MethodHandler, Params, Reply, UploadedFile};
pub use plugin::{
    MethodEntry, MethodRegistration, Plugin, PluginError, Registrar, Registrations, Registry, RegistryError,
};
pub use redact::redact;
pub use secret::{BotToken, Secret, TokenError, same_secret};
pub use stats::{DeploymentStats, StatsExporter, StatsSnapshot};
pub use storage::{
    Administration, Applying, BotRecord, BotState, Change, ChatRecord, Durability, FileRecord, Instance, Journal,
    Lease, MemberRecord, MessageIds, MessageRecord, Notice, Owner, PlatformState, Record, Settle, StorageBackend,
    StorageError, StorageFactory, StorageLock, StoredUpdate, Survey, Unapplied, UserRecord, Wake,
};
pub use updates::{BotDeclaration, BotUpdates, NewUpdate, PlatformBuilder, PlatformService, Reserved};

/// Name the server reports in its startup line and on `--version`.
pub const SERVER_NAME: &str = "msg-bot-api";
/// The Bot API version this server implements, as a literal (for `concat!`): the one place it is
/// written; a test pins it to the schema's (`msg_spec::VERSION`).
#[macro_export]
macro_rules! bot_api_version {
    () => {
        "10.5"
    };
}

/// The Bot API version this server implements (the schema in `engine/spec`).
pub const BOT_API_VERSION: &str = bot_api_version!();
/// This build's version.
pub const SERVER_VERSION: &str = env!("CARGO_PKG_VERSION");
