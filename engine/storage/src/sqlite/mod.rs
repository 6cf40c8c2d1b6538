//! The default storage backend: SQLite files under the working directory. A bot's own state
//! (identity, settings, pending updates) lives in `<dir>/<bot id>/bot.sqlite`, never named by the
//! token; people, groups, messages, people's updates and the id allocator in
//! `<dir>/platform.sqlite`. Journal writes go through one writer thread that commits whatever has
//! queued up in one transaction per database file (group commit); each caller is answered after
//! the commit that holds its changes. Batches are atomic per database file (and acts across
//! files are made whole at the next open: `acts`). By job: opening and tuning a database
//! (`connection`), the schemas (`schema`), the bot index (`index`), the writer and checkpoint
//! threads (`writer`), the SQL of each change (`changes`), the tables people, groups and
//! memberships had before they were the platform's rows (`legacy`); here, the `StorageBackend` itself.

use std::path::{Path, PathBuf};
use std::time::Duration;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use msg_core::stats::StorageActivity;
use msg_core::storage::now_unix;
use msg_core::{
    Administration, Applying, BotRecord, BotState, Change, ChatRecord, Durability, FileRecord, Journal, MemberRecord,
    Owner, PlatformState, Secret, Settle, StorageError, StoredUpdate, Unapplied, UserRecord,
};
use rusqlite::{Connection, OptionalExtension, params};

mod acts;
mod changes;
mod connection;
mod index;
mod legacy;
mod schema;
mod writer;

use changes::*;
use connection::*;
use index::*;
use schema::*;
use writer::*;

pub use index::indexed_bots;

/// The name of a bot's database inside its directory.
pub const BOT_DB: &str = "bot.sqlite";
/// The platform-wide database inside the working directory.
pub const PLATFORM_DB: &str = "platform.sqlite";

/// The bot settings whose holders the platform database indexes (`bot_setting_index`): start-up
/// resumes webhooks and re-arms poll timers for those bots only, without opening every bot's
/// database.
const INDEXED_SETTINGS: &[&str] = &["webhook", "poll_timers"];

/// User ids are drawn from this range, like the public platform's 10-digit ids, so ids minted on
/// different servers rarely collide when bots move between them.
const ID_RANGE: std::ops::Range<i64> = 1_000_000_000..8_000_000_000;

pub struct SqliteStorage {
    dir: PathBuf,
    /// The writer thread's queue; `None` only while dropping (see `Drop`).
    writer: Option<mpsc::Sender<Job>>,
    /// The writer and checkpoint threads, joined when the storage is dropped.
    threads: Vec<std::thread::JoinHandle<()>>,
    durability: Durability,
    /// What the writer did: its writes, commits and flushes (the stats port's `storage_*`).
    counts: Arc<WriterCounts>,
    /// What the working directory held at open (bot directories, strays), for the start-up log.
    found: (Vec<i64>, Vec<String>),
    /// The acts across database files under way (`acts.rs`).
    journal: Arc<Mutex<acts::Journal>>,
    /// Jobs handed to the writer so far (tests wait for a batch to queue up).
    #[cfg(test)]
    sent: std::sync::atomic::AtomicU64,
}

/// Which database file a job runs against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum DbFile {
    Platform,
    Bot(i64),
}

impl SqliteStorage {
    /// Opens (creating if needed) the platform database under `dir`, at the default durability.
    pub fn open(dir: &Path) -> Result<Self, StorageError> {
        Self::open_with(dir, Durability::default())
    }

    /// Opens (creating if needed) the platform database under `dir`; commits reach `durability`
    /// before they are answered.
    pub fn open_with(dir: &Path, durability: Durability) -> Result<Self, StorageError> {
        let path = dir.join(PLATFORM_DB);
        let conn = open(&path, DbFile::Platform, durability)?;
        conn.execute_batch(PLATFORM_SCHEMA).map_err(|e| db_error(&path, e))?;
        upgrade_platform(&conn, &path).map_err(|e| db_error(&path, e))?;
        let found = Self::scan(dir)?;
        reconcile_index(dir, &conn, &found.0)?;
        let journal = Arc::new(Mutex::new(acts::recover(dir, &conn)?));
        let spawn_failed = |e| StorageError::Io { path: dir.display().to_string(), source: e };
        let (due_tx, due) = mpsc::channel();
        let (finished_tx, finished) = mpsc::channel();
        let root = dir.to_path_buf();
        let checkpointer = std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || checkpoint_loop(&root, &due, &finished_tx))
            .map_err(spawn_failed)?;
        let (writer, jobs) = mpsc::channel();
        let root = dir.to_path_buf();
        let counts = Arc::new(WriterCounts::default());
        let writer_counts = counts.clone();
        let flush = durability == Durability::Power;
        let writer_thread = std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer_loop(&root, &jobs, Checkpoints { due: due_tx, finished }, flush, &writer_counts))
            .map_err(spawn_failed)?;
        Ok(Self {
            dir: dir.to_path_buf(),
            writer: Some(writer),
            // The writer first: it ends the checkpoint thread by going.
            threads: vec![writer_thread, checkpointer],
            durability,
            counts,
            found,
            journal,
            #[cfg(test)]
            sent: std::sync::atomic::AtomicU64::new(0),
        })
    }

    /// Reads a bot's directory into the index again (after `bot import` put a new copy there).
    pub async fn reindex(&self, bot_id: i64) -> Result<(), StorageError> {
        let dir = self.dir.clone();
        let found = blocking(move || read_index_entry(&dir, bot_id)).await?;
        self.run(DbFile::Platform, move |conn| match &found {
            Some((bot, keys)) => write_index_entry(conn, bot, keys),
            None => forget_index_entry(conn, bot_id),
        })
        .await
    }

    /// WAL flushes made so far (`power` mode: one per commit that wrote, and a connection's
    /// first).
    pub fn flushes(&self) -> u64 {
        self.counts.lock().expect("writer counts").flushes
    }

    fn db_path(&self, db: DbFile) -> PathBuf {
        db_path(&self.dir, db)
    }

    /// Runs `f` on the writer thread inside the next group commit; resolves after the commit.
    async fn run<T: Send + 'static>(
        &self,
        db: DbFile,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, StorageError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let work = Work::Once(Box::new(move |conn| {
            let result = in_savepoint(conn, f);
            Box::new(move |commit: Result<(), String>| {
                let _ = tx.send(commit.and(result.map_err(|e| e.to_string())));
            })
        }));
        self.send(db, work, rx).await
    }

    async fn send<T>(
        &self,
        db: DbFile,
        work: Work,
        answer: tokio::sync::oneshot::Receiver<Result<T, String>>,
    ) -> Result<T, StorageError> {
        self.hand_over(db, work)?;
        let path = self.db_path(db);
        answer.await.map_err(|_| db_error(&path, "the writer thread dropped the job"))?.map_err(|e| db_error(&path, e))
    }

    /// Hands `work` to the writer thread now. A write it cannot take is answered with the
    /// failure at once (so whatever waits on its outcome hears it).
    fn hand_over(&self, db: DbFile, work: Work) -> Result<(), StorageError> {
        let path = self.db_path(db);
        let refused = |work: Work, why: &str| {
            if let Work::Again(_, finish) = work {
                finish(Err(why.to_owned()));
            }
            db_error(&path, why)
        };
        let Some(writer) = self.writer.as_ref() else { return Err(refused(work, "the storage is closing")) };
        writer.send(Job { db, work }).map_err(|refusal| refused(refusal.0.work, "the writer thread is gone"))?;
        #[cfg(test)]
        self.sent.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Hands `changes` to the writer now, one job per database file they touch (all in the
    /// next group commit); `then`, if any, hears whether they all committed, before the last
    /// one answers. The outcome of each job
    /// comes through its receiver.
    fn submit(&self, changes: Vec<Change>, then: Option<Settle>) -> Vec<(DbFile, Answer)> {
        let mut per_db: Vec<(DbFile, Vec<Change>)> = Vec::new();
        // Settings the index tracks: who holds them is written to the platform database too,
        // in the same group commit (with the batch's other platform changes, if any).
        let mut indexed: Vec<(i64, String, bool)> = changes
            .iter()
            .filter_map(|change| match change {
                Change::BotSetting { bot_id, key, value } if INDEXED_SETTINGS.contains(&key.as_str()) => {
                    Some((*bot_id, key.clone(), value.is_some()))
                }
                _ => None,
            })
            .collect();
        if !indexed.is_empty() {
            per_db.push((DbFile::Platform, Vec::new()));
        }
        for change in changes {
            let db = db_of(&change);
            match per_db.iter_mut().find(|(d, _)| *d == db) {
                Some((_, list)) => list.push(change),
                None => per_db.push((db, vec![change])),
            }
        }
        // An act across files: the platform's file records the bots' parts and commits first
        // (see `acts.rs`); its record goes once every part has committed.
        let across = per_db.len() > 1 && per_db.iter().any(|(db, _)| *db != DbFile::Platform);
        let mut journal = across.then(|| self.journal.lock().expect("the acts journal"));
        let act = journal.as_mut().map(|journal| journal.begin());
        let mut then = then;
        if let Some((seq, _)) = act {
            if !per_db.iter().any(|(db, _)| *db == DbFile::Platform) {
                per_db.push((DbFile::Platform, Vec::new()));
            }
            // The platform's part first: the writer commits jobs of a file in the order given.
            per_db.sort_by_key(|(db, _)| *db != DbFile::Platform);
            let (writer, journal) = (self.writer.clone(), self.journal.clone());
            let settle = then.take();
            then = Some(Box::new(move |durable| {
                if let Some(settle) = settle {
                    settle(durable);
                }
                // A part that failed leaves the record, for the next start to complete.
                if durable && let Some(writer) = writer {
                    let work = Work::Once(Box::new(move |conn| {
                        let result = in_savepoint(conn, |conn| acts::forget(conn, seq));
                        Box::new(move |commit: Result<(), String>| {
                            if commit.and(result.map_err(|e| e.to_string())).is_ok() {
                                journal.lock().expect("the acts journal").end(seq);
                            }
                        })
                    }));
                    let _ = writer.send(Job { db: DbFile::Platform, work });
                }
            }));
        }
        let records: Vec<(i64, String)> = match act {
            Some(_) => per_db
                .iter()
                .filter_map(|(db, list)| match db {
                    DbFile::Bot(id) => Some((*id, acts::encode(list))),
                    DbFile::Platform => None,
                })
                .collect(),
            None => Vec::new(),
        };
        let mut records = Some(records);
        let settling = then.map(|then| Arc::new(Settling::new(per_db.len(), then)));
        let jobs = per_db
            .into_iter()
            .map(|(db, list)| {
                let index = if db == DbFile::Platform { std::mem::take(&mut indexed) } else { Vec::new() };
                let records = if db == DbFile::Platform { records.take().unwrap_or_default() } else { Vec::new() };
                let write: Write = Box::new(move |conn| {
                    for change in &list {
                        match db {
                            DbFile::Bot(id) => apply_bot(conn, id, change)?,
                            DbFile::Platform => apply_platform(conn, change)?,
                        }
                    }
                    if let Some((seq, low)) = act {
                        match db {
                            DbFile::Platform => {
                                for (bot_id, changes) in &records {
                                    acts::record(conn, seq, *bot_id, changes)?;
                                }
                            }
                            DbFile::Bot(_) => acts::mark(conn, seq, low)?,
                        }
                    }
                    for (bot_id, key, held) in &index {
                        let sql = if *held {
                            "INSERT OR IGNORE INTO bot_setting_index (bot_id, key) VALUES (?1, ?2)"
                        } else {
                            "DELETE FROM bot_setting_index WHERE bot_id = ?1 AND key = ?2"
                        };
                        exec(conn, sql, params![bot_id, key])?;
                    }
                    Ok(())
                });
                let (tx, rx) = tokio::sync::oneshot::channel();
                let settling = settling.clone();
                let finish: Finish = Box::new(move |outcome| {
                    // Settled before the last job answers: its caller resumes to a settled queue.
                    if let Some(settling) = settling {
                        settling.finished(outcome.is_ok());
                    }
                    let _ = tx.send(outcome);
                });
                // Refused, it has answered already (see `hand_over`).
                let _ = self.hand_over(db, Work::Again(write, finish));
                (db, rx)
            })
            .collect();
        // Handed over while the journal was held: acts' parts reach the writer in their order.
        drop(journal);
        jobs
    }

    /// Waits for the jobs of [`submit`](Self::submit); the first failure, once all are done.
    async fn applied(&self, jobs: Vec<(DbFile, Answer)>) -> Result<(), StorageError> {
        let mut outcome = Ok(());
        for (db, answer) in jobs {
            let path = self.db_path(db);
            let done = answer.await.map_err(|_| db_error(&path, "the writer thread dropped the job"));
            if let Err(e) = done.and_then(|done| done.map_err(|e| db_error(&path, e))) {
                outcome = outcome.and(Err(e));
            }
        }
        outcome
    }

    pub fn bot_dir(&self, bot_id: i64) -> PathBuf {
        self.dir.join(bot_id.to_string())
    }

    fn read_bot(dir: &Path, bot_id: i64) -> Result<Option<BotRecord>, StorageError> {
        let Some((conn, path)) = open_bot_db(dir, bot_id)? else { return Ok(None) };
        query_bot(&conn, &path, bot_id)
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
            if name == "logs" || name == msg_core::storage::STORE_DIR || name.starts_with('.') {
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

/// Dropping the storage waits for its threads: every queued commit is made, and every database
/// file closed (its `-wal` and `-shm` files settled), before the drop returns, so a command can
/// hand the files to their owner afterwards and a server stops with nothing half-written.
impl Drop for SqliteStorage {
    fn drop(&mut self) {
        self.writer = None;
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StorageError> + Send + 'static,
) -> Result<T, StorageError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| StorageError::Conflict(format!("storage task failed: {e}")))?
}

#[async_trait::async_trait]
impl Journal for SqliteStorage {
    async fn list_bots(&self) -> Result<Vec<BotRecord>, StorageError> {
        // From the index (kept in line with the directories at open), not from each directory.
        self.run(DbFile::Platform, |conn| {
            let mut stmt = conn.prepare_cached(&format!("{BOT_COLUMNS} FROM bot_index ORDER BY id"))?;
            let rows = stmt.query_map([], bot_row)?;
            rows.collect()
        })
        .await
    }
    async fn bots_with_setting(&self, key: &str) -> Result<Vec<i64>, StorageError> {
        if !INDEXED_SETTINGS.contains(&key) {
            return msg_core::storage::bots_with_setting_by_scan(self, key).await;
        }
        let key = key.to_owned();
        self.run(DbFile::Platform, move |conn| {
            let mut stmt =
                conn.prepare_cached("SELECT bot_id FROM bot_setting_index WHERE key = ?1 ORDER BY bot_id")?;
            let rows = stmt.query_map([key], |r| r.get(0))?;
            rows.collect()
        })
        .await
    }
    async fn load_bot(&self, bot_id: i64) -> Result<Option<BotRecord>, StorageError> {
        let dir = self.dir.clone();
        blocking(move || Self::read_bot(&dir, bot_id)).await
    }
    async fn allocate_user_id(&self) -> Result<i64, StorageError> {
        let dir = self.dir.clone();
        let durability = self.durability;
        blocking(move || {
            let path = dir.join(PLATFORM_DB);
            let conn = open(&path, DbFile::Platform, durability)?;
            for _ in 0..64 {
                let id = msg_core::random::between(ID_RANGE.start, ID_RANGE.end - 1);
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
    async fn apply(&self, changes: Vec<Change>) -> Result<(), StorageError> {
        let jobs = self.submit(changes, None);
        self.applied(jobs).await
    }
    /// The writer calls `then` itself, after the commit and before the answer: no task.
    fn apply_then(self: Arc<Self>, changes: Vec<Change>, then: Settle) -> Result<Applying, Unapplied> {
        let jobs = self.submit(changes, Some(then));
        Ok(Box::pin(async move { self.applied(jobs).await }))
    }
    async fn load_bot_state(&self, bot_id: i64) -> Result<BotState, StorageError> {
        self.run(DbFile::Bot(bot_id), |conn| {
            let mut state = BotState::default();
            let mut stmt = conn.prepare("SELECT key, value FROM kv ORDER BY key")?;
            state.settings = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
            let mut stmt =
                conn.prepare("SELECT update_id, kind, payload, chat_key, expires_at FROM updates ORDER BY update_id")?;
            state.updates = read_updates(&mut stmt.query([])?)?;
            Ok(state)
        })
        .await
    }
    async fn load_bot_setting(&self, bot_id: i64, key: &str) -> Result<Option<String>, StorageError> {
        let key = key.to_owned();
        self.run(DbFile::Bot(bot_id), move |conn| {
            conn.query_row("SELECT value FROM kv WHERE key = ?1", [key], |r| r.get(0)).optional()
        })
        .await
    }
    async fn last_message_id(&self, conversation: &str) -> Result<i64, StorageError> {
        let conversation = conversation.to_owned();
        self.run(DbFile::Platform, move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT MAX(COALESCE((SELECT MAX(message_id) FROM messages WHERE conversation = ?1), 0),
                            COALESCE((SELECT last_id FROM message_counters WHERE conversation = ?1), 0))",
            )?;
            stmt.query_row(params![conversation], |r| r.get(0))
        })
        .await
    }
    async fn load_user_updates(&self, user_id: i64) -> Result<Vec<StoredUpdate>, StorageError> {
        self.run(DbFile::Platform, move |conn| {
            let mut stmt = conn.prepare(
                "SELECT update_id, kind, payload, chat_key, expires_at FROM user_updates WHERE user_id = ?1 ORDER BY update_id",
            )?;
            read_updates(&mut stmt.query(params![user_id])?)
        })
        .await
    }
    async fn load_updates(&self, owner: Owner, ids: &[i64]) -> Result<Vec<StoredUpdate>, StorageError> {
        let ids = ids.to_vec();
        let columns = "SELECT update_id, kind, payload, chat_key, expires_at";
        // One lookup by key per id, through one cached statement.
        let (db, sql, user) = match owner {
            Owner::Bot(bot_id) => (DbFile::Bot(bot_id), format!("{columns} FROM updates WHERE update_id = ?1"), None),
            Owner::User(user_id) => (
                DbFile::Platform,
                format!("{columns} FROM user_updates WHERE user_id = ?2 AND update_id = ?1"),
                Some(user_id),
            ),
        };
        self.run(db, move |conn| {
            let mut stmt = conn.prepare_cached(&sql)?;
            let mut out = Vec::with_capacity(ids.len());
            for id in ids {
                let rows = match user {
                    Some(user_id) => read_updates(&mut stmt.query(params![id, user_id])?)?,
                    None => read_updates(&mut stmt.query(params![id])?)?,
                };
                out.extend(rows);
            }
            Ok(out)
        })
        .await
    }
    async fn person_has_file(&self, user_id: i64, content: &str) -> Result<bool, StorageError> {
        let content = content.to_owned();
        self.run(DbFile::Platform, move |conn| {
            conn.query_row(
                "SELECT 1 FROM person_files WHERE user_id = ?1 AND content = ?2",
                params![user_id, content],
                |_| Ok(()),
            )
            .optional()
            .map(|found| found.is_some())
        })
        .await
    }
    async fn load_person_queue_head(&self, user_id: i64) -> Result<Option<i64>, StorageError> {
        self.run(DbFile::Platform, move |conn| {
            conn.query_row("SELECT next_update_id FROM person_queue_heads WHERE user_id = ?1", params![user_id], |r| {
                r.get(0)
            })
            .optional()
        })
        .await
    }
    async fn load_message(&self, conversation: &str, message_id: i64) -> Result<Option<String>, StorageError> {
        let conversation = conversation.to_owned();
        self.run(DbFile::Platform, move |conn| {
            conn.query_row(
                "SELECT payload FROM messages WHERE conversation = ?1 AND message_id = ?2",
                params![conversation, message_id],
                |r| r.get(0),
            )
            .optional()
        })
        .await
    }
    async fn load_messages(
        &self,
        conversation: &str,
        after: i64,
        before: i64,
        limit: usize,
    ) -> Result<Vec<(i64, String)>, StorageError> {
        let conversation = conversation.to_owned();
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.run(DbFile::Platform, move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT message_id, payload FROM messages WHERE conversation = ?1 AND message_id > ?2 AND message_id < ?3 ORDER BY message_id DESC LIMIT ?4",
            )?;
            let rows = stmt.query_map(params![conversation, after, before, limit], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        })
        .await
    }
    async fn load_record(&self, table: &str, scope: i64, key: &str) -> Result<Option<String>, StorageError> {
        let (table, key) = (table.to_owned(), key.to_owned());
        self.run(DbFile::Platform, move |conn| {
            let mut stmt =
                conn.prepare_cached("SELECT value FROM records WHERE tbl = ?1 AND scope = ?2 AND key = ?3")?;
            stmt.query_row(params![table, scope, key], |r| r.get(0)).optional()
        })
        .await
    }
    async fn load_records(&self, table: &str, scope: i64) -> Result<Vec<(String, String)>, StorageError> {
        let table = table.to_owned();
        self.run(DbFile::Platform, move |conn| {
            let mut stmt =
                conn.prepare_cached("SELECT key, value FROM records WHERE tbl = ?1 AND scope = ?2 ORDER BY key")?;
            let rows = stmt.query_map(params![table, scope], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        })
        .await
    }
    async fn find_records(&self, table: &str, key: &str) -> Result<Vec<(i64, String)>, StorageError> {
        let (table, key) = (table.to_owned(), key.to_owned());
        self.run(DbFile::Platform, move |conn| {
            let mut stmt =
                conn.prepare_cached("SELECT scope, value FROM records WHERE tbl = ?1 AND key = ?2 ORDER BY scope")?;
            let rows = stmt.query_map(params![table, key], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        })
        .await
    }
    async fn record_scopes(&self, table: &str) -> Result<Vec<i64>, StorageError> {
        let table = table.to_owned();
        self.run(DbFile::Platform, move |conn| {
            let mut stmt = conn.prepare_cached("SELECT DISTINCT scope FROM records WHERE tbl = ?1 ORDER BY scope")?;
            let rows = stmt.query_map(params![table], |r| r.get(0))?;
            rows.collect()
        })
        .await
    }
    async fn load_file(&self, bot_id: i64, content: &str, kind: &str) -> Result<Option<FileRecord>, StorageError> {
        let (content, kind) = (content.to_owned(), kind.to_owned());
        self.run(DbFile::Bot(bot_id), move |conn| {
            let mut stmt = conn.prepare(&format!("{FILE_COLUMNS} WHERE content = ?1 AND kind = ?2"))?;
            Ok(read_files(bot_id, &mut stmt.query(params![content, kind])?)?.pop())
        })
        .await
    }
    async fn list_files(&self, bot_id: i64) -> Result<Vec<FileRecord>, StorageError> {
        self.run(DbFile::Bot(bot_id), move |conn| {
            let mut stmt = conn.prepare(&format!("{FILE_COLUMNS} ORDER BY created_at"))?;
            read_files(bot_id, &mut stmt.query([])?)
        })
        .await
    }
}

#[async_trait::async_trait]
impl Administration for SqliteStorage {
    fn kind(&self) -> &str {
        "sqlite"
    }
    fn activity(&self) -> Option<StorageActivity> {
        Some(*self.counts.lock().expect("writer counts"))
    }
    async fn save_bot(&self, bot: &BotRecord) -> Result<(), StorageError> {
        self.save_bots(std::slice::from_ref(bot)).await
    }
    async fn save_bots(&self, bots: &[BotRecord]) -> Result<(), StorageError> {
        // Each bot's own database, written beside the others (a share of them per core), each
        // commit left to the system; then, in `power` mode, one flush of the whole file system
        // for all of them: provisioning thousands of bots costs one flush, not one per bot.
        let workers = (2 * std::thread::available_parallelism().map_or(2, |n| n.get())).clamp(2, 16);
        let per_worker = bots.len().div_ceil(workers).max(1);
        let dir = self.dir.clone();
        let template = Arc::new(blocking(move || bot_template(&dir)).await?);
        let tasks: Vec<_> = bots
            .chunks(per_worker)
            .map(|chunk| {
                let (dir, chunk, template) = (self.dir.clone(), chunk.to_vec(), template.clone());
                tokio::task::spawn_blocking(move || chunk.iter().try_for_each(|bot| write_bot(&dir, bot, &template)))
            })
            .collect();
        for task in tasks {
            task.await.map_err(|e| StorageError::Task(format!("writing bots failed: {e}")))??;
        }
        if self.durability == Durability::Power && !bots.is_empty() {
            let dir = self.dir.clone();
            blocking(move || {
                let io = |e: std::io::Error| StorageError::Io { path: dir.display().to_string(), source: e };
                let handle = std::fs::File::open(&dir).map_err(io)?;
                rustix::fs::syncfs(&handle).map_err(|e| io(e.into()))
            })
            .await?;
        }
        let bots = bots.to_vec();
        self.run(DbFile::Platform, move |conn| bots.iter().try_for_each(|bot| index_bot(conn, bot))).await
    }
    async fn forget_messages(&self, before: i64, limit: usize) -> Result<usize, StorageError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let forgotten = self
            .run(DbFile::Platform, move |conn| {
                // The index by date is made by the first sweep: a server without retention does
                // not pay for it on every message (about 4 % of sendMessage's rate).
                exec(conn, "CREATE INDEX IF NOT EXISTS messages_by_date ON messages (date)", [])?;
                exec(
                    conn,
                    "CREATE TEMP TABLE IF NOT EXISTS forgetting (conversation TEXT NOT NULL, message_id INTEGER NOT NULL)",
                    [],
                )?;
                exec(conn, "DELETE FROM forgetting", [])?;
                exec(
                    conn,
                    "INSERT INTO forgetting SELECT conversation, message_id FROM messages WHERE date < ?1 ORDER BY date LIMIT ?2",
                    params![before, limit],
                )?;
                // Their ids stay taken: a conversation goes on counting after its newest message.
                exec(
                    conn,
                    "INSERT INTO message_counters (conversation, last_id)
                     SELECT conversation, MAX(message_id) FROM forgetting WHERE true GROUP BY conversation
                     ON CONFLICT (conversation) DO UPDATE SET last_id = MAX(last_id, excluded.last_id)",
                    [],
                )?;
                exec(
                    conn,
                    "DELETE FROM messages WHERE (conversation, message_id) IN (SELECT conversation, message_id FROM forgetting)",
                    [],
                )
            })
            .await?;
        if forgotten > 0 {
            // Free pages go back to the system a step at a time, each step a commit of its own.
            let mut before = i64::MAX;
            loop {
                let left = self
                    .run(DbFile::Platform, |conn| {
                        // Each row the pragma steps through frees a page.
                        let mut stmt = conn.prepare(&format!("PRAGMA incremental_vacuum({VACUUM_STEP_PAGES})"))?;
                        let mut rows = stmt.query([])?;
                        while rows.next()?.is_some() {}
                        conn.query_row("PRAGMA freelist_count", [], |r| r.get::<_, i64>(0))
                    })
                    .await?;
                if left == 0 || left >= before {
                    break;
                }
                before = left;
            }
        }
        Ok(forgotten)
    }
    async fn replace_bot(&self, bot: &BotRecord, state: &BotState, files: &[FileRecord]) -> Result<(), StorageError> {
        // The bot's own database is its state: its record first (made from the template when
        // new), then everything else in one commit of that file, then the index from it.
        self.save_bot(bot).await?;
        let (bot_id, changes) = (bot.id, crate::bot_changes(bot.id, state, files));
        self.run(DbFile::Bot(bot_id), move |conn| {
            conn.execute_batch("DELETE FROM kv; DELETE FROM updates; DELETE FROM files;")?;
            changes.iter().try_for_each(|change| apply_bot(conn, bot_id, change))
        })
        .await?;
        self.reindex(bot_id).await
    }
    async fn disk_usage(&self, bot_id: i64) -> Option<u64> {
        let dir = self.bot_dir(bot_id);
        tokio::task::spawn_blocking(move || dir_size(&dir)).await.ok().flatten()
    }
    fn survey(&self) -> Option<Result<msg_core::Survey, StorageError>> {
        let (bots, strays) = self.found.clone();
        Some(Ok(msg_core::Survey::new(bots, strays, BOT_DB)))
    }
    async fn legacy_platform(&self) -> Result<Option<PlatformState>, StorageError> {
        self.run(DbFile::Platform, legacy::read).await
    }
    async fn retire_legacy_platform(&self) -> Result<(), StorageError> {
        self.run(DbFile::Platform, legacy::retire).await
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
    use msg_core::Record;

    use super::*;

    /// A bot made while the server runs is opened by several connections at once on its first
    /// use (its identity read, its queue written), each turning the new database to WAL: none
    /// may fail for the others (SQLite tells one of two at once, without its busy handler).
    #[test]
    fn a_new_bot_database_opened_by_many_at_once_opens_for_all() {
        for round in 0..40 {
            let tmp = tempfile::tempdir().unwrap();
            let template = bot_template(tmp.path()).unwrap();
            let bot = BotRecord::new(9_000 + round, Secret::new("s".repeat(35)), "race_bot".into(), "Race".into(), 1);
            write_bot(tmp.path(), &bot, &template).unwrap();
            let barrier = Arc::new(std::sync::Barrier::new(6));
            let opened: Vec<_> = (0..6)
                .map(|_| {
                    let (dir, barrier) = (tmp.path().to_path_buf(), barrier.clone());
                    std::thread::spawn(move || {
                        barrier.wait();
                        open_bot_db(&dir, bot.id).map(|found| found.is_some())
                    })
                })
                .collect();
            for thread in opened {
                assert!(thread.join().unwrap().expect("opens"), "round {round}");
            }
        }
    }

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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn journal_batches_land_in_the_right_files_and_load_back() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = std::sync::Arc::new(SqliteStorage::open(tmp.path()).unwrap());
        let update = |id| StoredUpdate {
            update_id: id,
            kind: "message".into(),
            payload: format!("{{\"n\":{id}}}"),
            chat_key: 7,
            expires_at: 99,
        };
        let mut tasks = Vec::new();
        for id in 1..=200 {
            let storage = storage.clone();
            tasks.push(tokio::spawn(async move {
                storage.apply(vec![Change::PushUpdate { owner: Owner::Bot(42), update: update(id) }]).await
            }));
        }
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        storage
            .apply(vec![
                Change::DropUpdatesBelow { owner: Owner::Bot(42), below: 101 },
                Change::BotSetting { bot_id: 42, key: "webhook".into(), value: Some("{}".into()) },
                Change::PutRecord(Record::new("person", 0, "5", "Alice")),
                Change::PushUpdate { owner: Owner::User(5), update: update(3) },
            ])
            .await
            .unwrap();
        let state = storage.load_bot_state(42).await.unwrap();
        assert_eq!(state.updates.len(), 100);
        assert_eq!(state.updates[0], update(101));
        assert_eq!(state.settings, vec![("webhook".to_owned(), "{}".to_owned())]);
        assert!(tmp.path().join("42").join(BOT_DB).is_file());
        assert_eq!(storage.load_record("person", 0, "5").await.unwrap().as_deref(), Some("Alice"));
        assert_eq!(storage.load_user_updates(5).await.unwrap(), vec![update(3)]);
        // A failing job fails alone; the others in its batch commit.
        let bad = storage.run(DbFile::Platform, |conn| conn.execute_batch("INSERT INTO nowhere VALUES (1)"));
        let good = storage.apply(vec![Change::PutRecord(Record::new("chat", 0, "-1", "G"))]);
        let (bad, good) = tokio::join!(bad, good);
        assert!(bad.is_err());
        good.unwrap();
        assert_eq!(storage.load_records("chat", 0).await.unwrap().len(), 1);
    }

    /// An act across files (a person's row and a bot's update) whose bot part did not commit,
    /// as if the server stopped between the two files' commits, is completed at the next open;
    /// a whole one is not applied again (its update acknowledged since stays gone).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_act_across_files_cut_between_them_is_completed_at_the_next_open() {
        let tmp = tempfile::tempdir().unwrap();
        let update = |id| StoredUpdate {
            update_id: id,
            kind: "message".into(),
            payload: format!("{{\"n\":{id}}}"),
            chat_key: 7,
            expires_at: 99,
        };
        let person = |id: i64| Change::PutRecord(Record::new("person", 0, id.to_string(), "P"));
        let push = |id| Change::PushUpdate { owner: Owner::Bot(42), update: update(id) };
        async fn pending(storage: &SqliteStorage) -> Result<i64, StorageError> {
            storage
                .run(DbFile::Platform, |conn| conn.query_row("SELECT count(*) FROM pending_acts", [], |r| r.get(0)))
                .await
        }
        {
            let storage = SqliteStorage::open(tmp.path()).unwrap();
            let bot = BotRecord::new(42, Secret::new("s".repeat(35)), "act_bot".into(), "Act".into(), 1);
            storage.save_bot(&bot).await.unwrap();
            storage.apply(vec![person(5), push(1)]).await.unwrap();
            // The whole act's record goes once both parts committed.
            let deadline = std::time::Instant::now() + Duration::from_secs(10);
            while pending(&storage).await.unwrap() != 0 {
                assert!(std::time::Instant::now() < deadline, "the record of a whole act stays");
                tokio::task::yield_now().await;
            }
            // The bot's part cannot commit: its table is away.
            storage
                .run(DbFile::Bot(42), |conn| conn.execute_batch("ALTER TABLE updates RENAME TO away"))
                .await
                .unwrap();
            assert!(storage.apply(vec![person(6), push(2)]).await.is_err(), "the bot's part fails");
            storage
                .run(DbFile::Bot(42), |conn| conn.execute_batch("ALTER TABLE away RENAME TO updates"))
                .await
                .unwrap();
            assert_eq!(pending(&storage).await.unwrap(), 1, "the cut act's record is kept");
            storage.apply(vec![Change::DropUpdatesBelow { owner: Owner::Bot(42), below: 2 }]).await.unwrap();
            assert!(storage.load_bot_state(42).await.unwrap().updates.is_empty());
        }
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        assert_eq!(storage.load_bot_state(42).await.unwrap().updates, vec![update(2)], "completed, nothing repeated");
        let people: Vec<String> =
            storage.load_records("person", 0).await.unwrap().into_iter().map(|(k, _)| k).collect();
        assert_eq!(people, ["5", "6"]);
        assert_eq!(pending(&storage).await.unwrap(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_failing_halfway_fails_alone_and_leaves_nothing_behind() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = std::sync::Arc::new(SqliteStorage::open(tmp.path()).unwrap());
        // A change that fails: its table is gone.
        storage.run(DbFile::Platform, |conn| conn.execute_batch("DROP TABLE person_files")).await.unwrap();
        let chat = |id: i64| Change::PutRecord(Record::new("chat", 0, id.to_string(), "G"));
        let failing = vec![chat(-5), Change::PersonFile { user_id: 1, content: "c".into() }];
        // The writer is kept busy, so the writes below wait for it and make one batch.
        let (busy, started) = (std::sync::Arc::new(std::sync::Barrier::new(2)), std::sync::mpsc::channel());
        let held = {
            let (storage, busy) = (storage.clone(), busy.clone());
            tokio::spawn(async move {
                storage
                    .run(DbFile::Platform, move |_| {
                        let _ = started.0.send(());
                        busy.wait();
                        Ok(())
                    })
                    .await
            })
        };
        started.1.recv().unwrap();
        let sent = storage.sent.load(Ordering::Relaxed);
        let writes: Vec<_> = [vec![chat(-4)], failing, vec![chat(-6)]]
            .into_iter()
            .map(|changes| {
                let storage = storage.clone();
                tokio::spawn(async move { storage.apply(changes).await })
            })
            .collect();
        // A read in the same batch sees the writes before it.
        let read = {
            let storage = storage.clone();
            tokio::spawn(async move {
                storage
                    .run(DbFile::Platform, |conn| {
                        conn.query_row("SELECT COUNT(*) FROM records WHERE tbl = 'chat'", [], |r| r.get::<_, i64>(0))
                    })
                    .await
            })
        };
        while storage.sent.load(Ordering::Relaxed) < sent + 4 {
            tokio::task::yield_now().await;
        }
        busy.wait();
        held.await.unwrap().unwrap();
        let outcomes: Vec<bool> =
            futures_util::future::join_all(writes).await.into_iter().map(|r| r.unwrap().is_ok()).collect();
        assert_eq!(outcomes, vec![true, false, true]);
        assert_eq!(read.await.unwrap().unwrap(), 2);
        let chats: Vec<String> = storage.load_records("chat", 0).await.unwrap().into_iter().map(|(k, _)| k).collect();
        assert_eq!(chats, ["-4", "-6"], "the failing write's first change was undone, the others kept");
        // A queue settling its entry from the writer hears the failure too.
        let (heard, outcome) = tokio::sync::oneshot::channel();
        let then: Settle = Box::new(move |durable| {
            let _ = heard.send(durable);
        });
        let failing = vec![chat(-7), Change::PersonFile { user_id: 1, content: "c".into() }];
        let Ok(applying) = storage.clone().apply_then(failing, then) else { panic!("SQLite settles itself") };
        assert!(applying.await.is_err());
        assert_eq!(outcome.await, Ok(false));
        assert_eq!(storage.load_records("chat", 0).await.unwrap().len(), 2);
        // A settle that panics (on the writer thread) leaves the writer serving.
        let then: Settle = Box::new(|_| panic!("a settle that panics"));
        let Ok(applying) = storage.clone().apply_then(vec![chat(-8)], then) else { panic!("SQLite settles itself") };
        applying.await.unwrap();
        storage.apply(vec![chat(-9)]).await.unwrap();
        assert_eq!(storage.load_records("chat", 0).await.unwrap().len(), 4);
    }

    fn numbered(id: i64) -> Change {
        let update =
            StoredUpdate { update_id: id, kind: "message".into(), payload: "{}".into(), chat_key: 1, expires_at: 99 };
        Change::PushUpdate { owner: Owner::Bot(42), update }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn power_mode_flushes_each_batch_before_answering() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = std::sync::Arc::new(SqliteStorage::open_with(tmp.path(), Durability::Power).unwrap());
        // One request at a time: each answer comes after a flush of its own.
        for id in 1..=20 {
            let before = storage.flushes();
            storage.apply(vec![numbered(id)]).await.unwrap();
            assert_eq!(storage.flushes(), before + 1, "batch {id} was answered before its flush");
        }
        // The writer's first commit on a file is flushed even when it only read: the file may
        // hold commits nobody flushed (a server killed between a commit and its flush).
        let before = storage.flushes();
        assert!(storage.list_bots().await.unwrap().is_empty());
        assert_eq!(storage.flushes(), before + 1, "the platform file's first commit was not flushed");
        // Then reads alone change nothing and wait for no flush (what they read was flushed
        // before its own answer): neither on a bot's file nor on the platform's.
        let (before, activity) = (storage.flushes(), storage.activity().unwrap());
        assert_eq!(storage.load_bot_state(42).await.unwrap().updates.len(), 20);
        assert!(storage.list_bots().await.unwrap().is_empty());
        assert_eq!(storage.load_record("t", 1, "k").await.unwrap(), None);
        assert_eq!(storage.flushes(), before, "a read waited for a flush");
        assert_eq!(storage.activity(), Some(activity), "reads are counted as commits");
        // A batch touching two files flushes both before the answer.
        let before = storage.flushes();
        let user = Change::PutRecord(Record::new("person", 0, "5", "Alice"));
        storage.apply(vec![numbered(21), user]).await.unwrap();
        assert_eq!(storage.flushes(), before + 2);
        // Concurrent requests share flushes (group commit): fewer flushes than requests.
        let before = storage.flushes();
        let tasks: Vec<_> = (100..400)
            .map(|id| {
                let storage = storage.clone();
                tokio::spawn(async move { storage.apply(vec![numbered(id)]).await })
            })
            .collect();
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        let used = storage.flushes() - before;
        assert!((1..300).contains(&used), "{used} flushes for 300 concurrent requests");
        assert_eq!(storage.load_bot_state(42).await.unwrap().updates.len(), 321);
        // The stats port's counters: every commit flushed, the writes shared among them.
        let activity = storage.activity().unwrap();
        assert_eq!(activity.flushes, storage.flushes());
        assert_eq!(activity.commits, activity.flushes, "{activity:?}");
        assert!(activity.writes >= 322 && activity.writes > activity.commits, "{activity:?}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn process_mode_leaves_flushing_to_the_system() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = SqliteStorage::open_with(tmp.path(), Durability::Process).unwrap();
        for id in 1..=20 {
            storage.apply(vec![numbered(id)]).await.unwrap();
        }
        assert_eq!(storage.flushes(), 0);
        assert_eq!(storage.load_bot_state(42).await.unwrap().updates.len(), 20);
        let activity = storage.activity().unwrap();
        assert_eq!(activity.flushes, 0);
        assert!(activity.commits >= 20 && activity.writes >= 20, "{activity:?}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn forgotten_messages_give_their_space_back() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        let payload = "y".repeat(1000);
        for chunk in 0..20 {
            let batch = (0..1000)
                .map(|i| {
                    let message_id = chunk * 1000 + i + 1;
                    Change::PutMessage(msg_core::MessageRecord {
                        conversation: "1:2".into(),
                        message_id,
                        payload: payload.clone(),
                        date: message_id,
                    })
                })
                .collect();
            storage.apply(batch).await.unwrap();
        }
        let size = || {
            ["", "-wal"]
                .iter()
                .map(|ext| std::fs::metadata(tmp.path().join(format!("{PLATFORM_DB}{ext}"))).map_or(0, |m| m.len()))
                .sum::<u64>()
        };
        let full = size();
        assert!(full > 20_000_000, "{full}");
        let mut forgotten = 0;
        loop {
            let n = storage.forget_messages(19_001, 5000).await.unwrap();
            forgotten += n;
            if n < 5000 {
                break;
            }
        }
        assert_eq!(forgotten, 19_000);
        // A checkpoint (the checkpoint thread's, here a full one at once) copies the shrunk file
        // back and cuts the WAL.
        let conn = Connection::open(tmp.path().join(PLATFORM_DB)).unwrap();
        conn.busy_timeout(Duration::from_secs(5)).unwrap();
        // (It waits for the checkpoint thread's own, which the vacuum's writes set off.)
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get::<_, i64>(0)).unwrap() != 0 {
            assert!(std::time::Instant::now() < deadline, "the checkpoint never completed");
            std::thread::sleep(Duration::from_millis(20));
        }
        let after = size();
        assert!(after < full / 5, "{full} bytes before, {after} after forgetting 95 % of the messages");
        assert_eq!(storage.load_messages("1:2", 0, i64::MAX, 2000).await.unwrap().len(), 1000);
        assert_eq!(storage.last_message_id("1:2").await.unwrap(), 20_000);
    }

    /// People, groups and memberships in the tables they had before they were the platform's
    /// rows (the oldest without `details`) are read once, whole, then the tables go.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_tables_people_chats_and_members_had_are_read_once_then_dropped() {
        let tmp = tempfile::tempdir().unwrap();
        let old = Connection::open(tmp.path().join(PLATFORM_DB)).unwrap();
        old.execute_batch(
            "CREATE TABLE users (id INTEGER PRIMARY KEY, secret TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT,
                 username TEXT, language_code TEXT, created_at INTEGER NOT NULL);
             CREATE TABLE chats (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, created_at INTEGER NOT NULL);
             CREATE TABLE members (chat_id INTEGER NOT NULL, user_id INTEGER NOT NULL, status TEXT NOT NULL, PRIMARY KEY (chat_id, user_id));
             CREATE TABLE messages (conversation TEXT NOT NULL, message_id INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (conversation, message_id));
             INSERT INTO users VALUES (7, 's', 'Al', NULL, 'al', 'en', 1);
             INSERT INTO chats VALUES (-5, 'group', 'Club', 2);
             INSERT INTO members VALUES (-5, 7, 'creator');
             INSERT INTO messages VALUES ('-5', 3, '{\"message_id\":3,\"date\":100}');",
        )
        .unwrap();
        drop(old);
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        let state = storage.legacy_platform().await.unwrap().expect("the legacy tables");
        let mut al = UserRecord::new(7, Secret::new("s"), "Al".into(), 1);
        al.username = Some("al".into());
        al.language_code = Some("en".into());
        assert_eq!(state.users, [al]);
        assert_eq!(state.chats, [ChatRecord::new(-5, "group".into(), "Club".into(), 2)]);
        assert_eq!(state.members, [MemberRecord::new(-5, 7, "creator", "{}")]);
        assert_eq!(state.last_message_ids, [("-5".to_owned(), 3)]);
        storage.retire_legacy_platform().await.unwrap();
        assert_eq!(storage.legacy_platform().await.unwrap(), None);
        drop(storage);
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        assert_eq!(storage.legacy_platform().await.unwrap(), None, "a reopened database does not make them again");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_database_from_before_retention_is_upgraded() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(PLATFORM_DB);
        let old = Connection::open(&path).unwrap();
        old.execute_batch(
            "CREATE TABLE messages (conversation TEXT NOT NULL, message_id INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (conversation, message_id));
             INSERT INTO messages VALUES ('-100', 1, '{\"message_id\":1,\"date\":100}'), ('a-100', 1, '42'), ('-100', 2, '{\"message_id\":2,\"date\":300}');",
        )
        .unwrap();
        drop(old);
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        assert_eq!(storage.forget_messages(200, 10).await.unwrap(), 2, "the post and its poster record");
        assert!(storage.load_message("-100", 2).await.unwrap().is_some());
        let auto_vacuum: i64 =
            Connection::open(&path).unwrap().query_row("PRAGMA auto_vacuum", [], |r| r.get(0)).unwrap();
        assert_eq!(auto_vacuum, 2, "incremental");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_bot_index_follows_directories_copied_in_and_taken_away() {
        let (from, to) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let bot = BotRecord::new(4242, Secret::new("s".repeat(35)), "moved_bot".into(), "Moved".into(), 1);
        let elsewhere = SqliteStorage::open(from.path()).unwrap();
        elsewhere.save_bot(&bot).await.unwrap();
        let hook = Change::BotSetting { bot_id: 4242, key: "webhook".into(), value: Some("{}".into()) };
        elsewhere.apply(vec![hook]).await.unwrap();
        drop(elsewhere);
        let here = SqliteStorage::open(to.path()).unwrap();
        assert!(here.list_bots().await.unwrap().is_empty());
        drop(here);
        // An operator copies the bot's directory in while the server is stopped.
        std::fs::create_dir(to.path().join("4242")).unwrap();
        for file in std::fs::read_dir(from.path().join("4242")).unwrap() {
            let file = file.unwrap();
            std::fs::copy(file.path(), to.path().join("4242").join(file.file_name())).unwrap();
        }
        let here = SqliteStorage::open(to.path()).unwrap();
        assert_eq!(here.list_bots().await.unwrap(), vec![bot.clone()]);
        assert_eq!(here.bots_with_setting("webhook").await.unwrap(), vec![4242]);
        drop(here);
        std::fs::remove_dir_all(to.path().join("4242")).unwrap();
        let here = SqliteStorage::open(to.path()).unwrap();
        assert!(here.list_bots().await.unwrap().is_empty(), "a directory taken away leaves the index");
        assert!(here.bots_with_setting("webhook").await.unwrap().is_empty());
    }

    /// An update of 3000 bytes for `owner`'s queue.
    fn big_update(owner: Owner, update_id: i64) -> Change {
        let payload = "x".repeat(3000);
        let update = StoredUpdate { update_id, kind: "message".into(), payload, chat_key: 7, expires_at: 99 };
        Change::PushUpdate { owner, update }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn checkpoints_beside_the_writer_keep_the_wal_bounded() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        for id in 1..=3000 {
            storage.apply(vec![big_update(Owner::Bot(42), id)]).await.unwrap();
        }
        // 3000 commits of a 3000-byte row: about 37 MiB of WAL if nothing checkpointed, about 4 MiB
        // (1000 pages) with checkpoints.
        let wal = tmp.path().join("42").join(format!("{BOT_DB}-wal"));
        let size = std::fs::metadata(&wal).unwrap().len();
        assert!(size < 12 << 20, "the WAL grew to {size} bytes");
        assert_eq!(storage.load_bot_state(42).await.unwrap().updates.len(), 3000);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_platform_wal_is_checkpointed_later_and_bounded_too() {
        let tmp = tempfile::tempdir().unwrap();
        let storage = SqliteStorage::open(tmp.path()).unwrap();
        let wal = tmp.path().join(format!("{PLATFORM_DB}-wal"));
        let wal_size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
        let mut largest = 0;
        for id in 1..=12_000 {
            storage.apply(vec![big_update(Owner::User(7), id)]).await.unwrap();
            largest = largest.max(wal_size());
        }
        // 12 000 commits of a 3000-byte row: about 140 MiB of WAL if nothing checkpointed. It
        // grows past a bot database's cut-back size (about 8 MB) before the first checkpoint
        // (8 000 pages), and the checkpoints keep it under twice that.
        assert!(largest > 16 << 20, "the platform's WAL reached only {largest} bytes");
        assert!(largest < 72 << 20, "the platform's WAL grew to {largest} bytes");
        // Once checkpointed it is cut back to twice the checkpoint's size, not below (it would
        // grow again at once); a bot's likewise. Connections outside the writer checkpoint no
        // sooner.
        let pragma = |path: &Path, db: DbFile, name: &str| -> i64 {
            let conn = open(path, db, Durability::Process).unwrap();
            conn.query_row(&format!("PRAGMA {name}"), [], |r| r.get(0)).unwrap()
        };
        let platform = tmp.path().join(PLATFORM_DB);
        assert_eq!(pragma(&platform, DbFile::Platform, "journal_size_limit"), 2 * 8000 * 4096);
        assert_eq!(pragma(&platform, DbFile::Platform, "wal_autocheckpoint"), 8000);
        let bot = tmp.path().join("42").join(BOT_DB);
        std::fs::create_dir_all(bot.parent().unwrap()).unwrap();
        assert_eq!(pragma(&bot, DbFile::Bot(42), "journal_size_limit"), 2 * 1000 * 4096);
        assert_eq!(pragma(&bot, DbFile::Bot(42), "wal_autocheckpoint"), 1000);
        assert_eq!(storage.load_user_updates(7).await.unwrap().len(), 12_000);
    }
}
