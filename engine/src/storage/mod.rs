//! Storage backends shipped with the engine. `sqlite` (the default) keeps each bot in
//! `<dir>/<bot id>/bot.sqlite` so copying that directory moves the bot, and platform-wide state
//! in `<dir>/platform.sqlite`.

pub mod sqlite;

use std::sync::Arc;

use msg_core::{StorageBackend, StorageError, StorageFactory};

/// Builds the `sqlite` backend rooted at the working directory.
pub struct SqliteFactory {
    pub dir: std::path::PathBuf,
}

impl StorageFactory for SqliteFactory {
    fn create(&self, _config: &serde_json::Value) -> Result<Arc<dyn StorageBackend>, StorageError> {
        Ok(Arc::new(sqlite::SqliteStorage::open(&self.dir)?))
    }
}
