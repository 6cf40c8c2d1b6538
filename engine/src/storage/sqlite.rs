//! The default storage backend: SQLite files under the working directory. A bot's own state lives
//! in `<dir>/<bot id>/bot.sqlite` (never named by the token); people, chats and the id allocator
//! in `<dir>/platform.sqlite`. Blocking SQLite calls run on tokio's blocking pool.

use std::path::{Path, PathBuf};
use std::time::Duration;

use msg_core::{BotRecord, Secret, StorageBackend, StorageError};
use rand::Rng;
use rusqlite::{Connection, OptionalExtension, params};

/// The name of a bot's database inside its directory.
pub const BOT_DB: &str = "bot.sqlite";
/// The platform-wide database inside the working directory.
pub const PLATFORM_DB: &str = "platform.sqlite";

/// User ids are drawn from this range, like the public platform's 10-digit ids, so ids minted on
/// different servers rarely collide when bots move between them.
const ID_RANGE: std::ops::Range<i64> = 1_000_000_000..8_000_000_000;

pub struct SqliteStorage {
    dir: PathBuf,
}

fn db_error(path: &Path, e: impl std::fmt::Display) -> StorageError {
    StorageError::Database { path: path.display().to_string(), message: e.to_string() }
}

fn open(path: &Path) -> Result<Connection, StorageError> {
    let conn = Connection::open(path).map_err(|e| db_error(path, e))?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(|e| db_error(path, e))?;
    conn.pragma_update(None, "journal_mode", "WAL").map_err(|e| db_error(path, e))?;
    conn.pragma_update(None, "synchronous", "NORMAL").map_err(|e| db_error(path, e))?;
    Ok(conn)
}

const BOT_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS bot (
    id INTEGER PRIMARY KEY,
    secret TEXT NOT NULL,
    username TEXT NOT NULL,
    first_name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
";

const PLATFORM_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS user_ids (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, created_at INTEGER NOT NULL);
";

pub fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl SqliteStorage {
    /// Opens (creating if needed) the platform database under `dir`.
    pub fn open(dir: &Path) -> Result<Self, StorageError> {
        let path = dir.join(PLATFORM_DB);
        let conn = open(&path)?;
        conn.execute_batch(PLATFORM_SCHEMA).map_err(|e| db_error(&path, e))?;
        Ok(Self { dir: dir.to_path_buf() })
    }

    pub fn bot_dir(&self, bot_id: i64) -> PathBuf {
        self.dir.join(bot_id.to_string())
    }

    fn read_bot(dir: &Path, bot_id: i64) -> Result<Option<BotRecord>, StorageError> {
        let path = dir.join(bot_id.to_string()).join(BOT_DB);
        if !path.is_file() {
            return Ok(None);
        }
        let conn = open(&path)?;
        conn.execute_batch(BOT_SCHEMA).map_err(|e| db_error(&path, e))?;
        let row = conn
            .query_row(
                "SELECT id, secret, username, first_name, created_at, revoked FROM bot WHERE id = ?1",
                params![bot_id],
                |r| {
                    let mut bot =
                        BotRecord::new(r.get(0)?, Secret::new(r.get::<_, String>(1)?), r.get(2)?, r.get(3)?, r.get(4)?);
                    bot.revoked = r.get::<_, i64>(5)? != 0;
                    Ok(bot)
                },
            )
            .optional()
            .map_err(|e| db_error(&path, e))?;
        Ok(row)
    }

    /// Directory entries of the working dir: bot ids found, and names that are not bot dirs.
    pub fn scan(dir: &Path) -> Result<(Vec<i64>, Vec<String>), StorageError> {
        let io = |e| StorageError::Io { path: dir.display().to_string(), source: e };
        let mut ids = Vec::new();
        let mut strays = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            if !entry.file_type().map_err(io)?.is_dir() {
                continue;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "logs" || name.starts_with('.') {
                continue;
            }
            match name.parse::<i64>() {
                Ok(id) if id > 0 && id.to_string() == name && entry.path().join(BOT_DB).is_file() => ids.push(id),
                _ => strays.push(name),
            }
        }
        ids.sort_unstable();
        Ok((ids, strays))
    }
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StorageError> + Send + 'static,
) -> Result<T, StorageError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| StorageError::Conflict(format!("storage task failed: {e}")))?
}

#[async_trait::async_trait]
impl StorageBackend for SqliteStorage {
    fn kind(&self) -> &str {
        "sqlite"
    }

    async fn list_bots(&self) -> Result<Vec<BotRecord>, StorageError> {
        let dir = self.dir.clone();
        blocking(move || {
            let (ids, _) = Self::scan(&dir)?;
            let mut bots = Vec::with_capacity(ids.len());
            for id in ids {
                bots.extend(Self::read_bot(&dir, id)?);
            }
            Ok(bots)
        })
        .await
    }

    async fn load_bot(&self, bot_id: i64) -> Result<Option<BotRecord>, StorageError> {
        let dir = self.dir.clone();
        blocking(move || Self::read_bot(&dir, bot_id)).await
    }

    async fn save_bot(&self, bot: &BotRecord) -> Result<(), StorageError> {
        let bot_dir = self.bot_dir(bot.id);
        let bot = bot.clone();
        blocking(move || {
            std::fs::create_dir_all(&bot_dir)
                .map_err(|e| StorageError::Io { path: bot_dir.display().to_string(), source: e })?;
            let path = bot_dir.join(BOT_DB);
            let conn = open(&path)?;
            conn.execute_batch(BOT_SCHEMA).map_err(|e| db_error(&path, e))?;
            conn.execute(
                "INSERT INTO bot (id, secret, username, first_name, created_at, revoked) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT(id) DO UPDATE SET secret = excluded.secret, username = excluded.username,
                 first_name = excluded.first_name, revoked = excluded.revoked",
                params![bot.id, bot.secret.expose(), bot.username, bot.first_name, bot.created_at, bot.revoked as i64],
            )
            .map_err(|e| db_error(&path, e))?;
            Ok(())
        })
        .await
    }

    async fn allocate_user_id(&self) -> Result<i64, StorageError> {
        let dir = self.dir.clone();
        blocking(move || {
            let path = dir.join(PLATFORM_DB);
            let conn = open(&path)?;
            let mut rng = rand::rng();
            for _ in 0..64 {
                let id = rng.random_range(ID_RANGE);
                if dir.join(id.to_string()).exists() {
                    continue;
                }
                let inserted = conn
                    .execute(
                        "INSERT OR IGNORE INTO user_ids (id, kind, created_at) VALUES (?1, 'user', ?2)",
                        params![id, now_unix()],
                    )
                    .map_err(|e| db_error(&path, e))?;
                if inserted == 1 {
                    return Ok(id);
                }
            }
            Err(StorageError::Conflict("could not find a free user id".into()))
        })
        .await
    }

    async fn disk_usage(&self, bot_id: i64) -> Option<u64> {
        let dir = self.bot_dir(bot_id);
        tokio::task::spawn_blocking(move || dir_size(&dir)).await.ok().flatten()
    }
}

fn dir_size(dir: &Path) -> Option<u64> {
    let mut total = 0;
    for entry in std::fs::read_dir(dir).ok()? {
        let entry = entry.ok()?;
        let meta = entry.metadata().ok()?;
        total += if meta.is_dir() { dir_size(&entry.path()).unwrap_or(0) } else { meta.len() };
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn bots_round_trip_through_their_own_directory() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        let id = storage.allocate_user_id().await.unwrap();
        assert!(ID_RANGE.contains(&id));
        let bot = BotRecord::new(id, Secret::new("s".repeat(35)), "demo_bot".into(), "Demo".into(), 1);
        storage.save_bot(&bot).await.unwrap();
        assert!(tmp.path().join(id.to_string()).join(BOT_DB).is_file());
        assert_eq!(storage.load_bot(id).await.unwrap(), Some(bot.clone()));
        assert_eq!(storage.list_bots().await.unwrap(), vec![bot]);
        std::fs::create_dir(tmp.path().join("not-a-bot")).unwrap();
        let (ids, strays) = SqliteStorage::scan(tmp.path()).unwrap();
        assert_eq!((ids, strays), (vec![id], vec!["not-a-bot".to_owned()]));
        assert!(storage.disk_usage(id).await.unwrap() > 0);
    }
}
