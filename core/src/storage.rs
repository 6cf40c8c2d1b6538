//! The `StorageBackend` extension point: where bot identities and (later) per-bot state and the
//! update queue live. Async and fallible so a networked backend (PostgreSQL) fits; writes are
//! batched per call. The default implementation (SQLite under `<dir>/<bot id>/`) is in the engine.

use std::sync::Arc;

use crate::Secret;

/// A bot known to the embedded platform.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BotRecord {
    /// The bot's user id, the part of its token before the colon.
    pub id: i64,
    /// The part of its token after the colon.
    pub secret: Secret,
    /// Username without `@`, ending in `bot`.
    pub username: String,
    /// Display name (`first_name` in `getMe`).
    pub first_name: String,
    /// Unix time of creation.
    pub created_at: i64,
    /// A revoked bot's token answers `401 Unauthorized`.
    pub revoked: bool,
}

impl BotRecord {
    pub fn new(id: i64, secret: Secret, username: String, first_name: String, created_at: i64) -> Self {
        Self { id, secret, username, first_name, created_at, revoked: false }
    }

    /// The full token `<id>:<secret>`. Never log it.
    pub fn token(&self) -> String {
        format!("{}:{}", self.id, self.secret.expose())
    }
}

/// A storage failure; the real cause is logged, clients see `500 Internal Server Error`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StorageError {
    #[error("storage i/o on {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("database {path}: {message}")]
    Database { path: String, message: String },
    #[error("{0}")]
    Conflict(String),
}

/// Persistent state of the platform and its bots.
#[async_trait::async_trait]
pub trait StorageBackend: Send + Sync + 'static {
    /// The configured name of this backend (`sqlite`, `memory`, ...).
    fn kind(&self) -> &str;

    /// Every bot, revoked ones included.
    async fn list_bots(&self) -> Result<Vec<BotRecord>, StorageError>;

    /// One bot by user id.
    async fn load_bot(&self, bot_id: i64) -> Result<Option<BotRecord>, StorageError>;

    /// Creates or replaces a bot record.
    async fn save_bot(&self, bot: &BotRecord) -> Result<(), StorageError>;

    /// Allocates a fresh user id (bots and people share one id space).
    async fn allocate_user_id(&self) -> Result<i64, StorageError>;

    /// Bytes on disk used by a bot's own state and files, when the backend can tell.
    async fn disk_usage(&self, _bot_id: i64) -> Option<u64> {
        None
    }
}

/// Builds a storage backend from its configuration section.
pub trait StorageFactory: Send + Sync + 'static {
    fn create(&self, config: &serde_json::Value) -> Result<Arc<dyn StorageBackend>, StorageError>;
}
