//! The schemas of a bot's database and of the platform's, a new bot's database made from a
//! template, and the platform database's upgrades.

use super::*;

/// Both schemas start with `auto_vacuum = INCREMENTAL` (it takes effect in a new, empty file):
/// space freed by deletions goes back to the system a step at a time, while the server runs.
pub(super) const BOT_SCHEMA: &str = "
PRAGMA auto_vacuum = INCREMENTAL;
CREATE TABLE IF NOT EXISTS bot (
    id INTEGER PRIMARY KEY,
    secret TEXT NOT NULL,
    username TEXT NOT NULL,
    first_name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS updates (
    update_id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    chat_key INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS files (
    content TEXT NOT NULL,
    kind TEXT NOT NULL,
    path TEXT NOT NULL,
    size INTEGER NOT NULL,
    meta TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    accessed_at INTEGER NOT NULL,
    PRIMARY KEY (content, kind)
);
CREATE TABLE IF NOT EXISTS applied_acts (seq INTEGER PRIMARY KEY);
";

pub(super) const PLATFORM_SCHEMA: &str = "
PRAGMA auto_vacuum = INCREMENTAL;
CREATE TABLE IF NOT EXISTS user_ids (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
    conversation TEXT NOT NULL,
    message_id INTEGER NOT NULL,
    payload TEXT NOT NULL,
    date INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (conversation, message_id)
);
CREATE TABLE IF NOT EXISTS message_counters (conversation TEXT PRIMARY KEY, last_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS user_updates (
    user_id INTEGER NOT NULL,
    update_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    chat_key INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, update_id)
);
CREATE TABLE IF NOT EXISTS bot_index (
    id INTEGER PRIMARY KEY,
    secret TEXT NOT NULL,
    username TEXT NOT NULL,
    first_name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS bot_setting_index (bot_id INTEGER NOT NULL, key TEXT NOT NULL, PRIMARY KEY (bot_id, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS person_queue_heads (user_id INTEGER PRIMARY KEY, next_update_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS person_files (user_id INTEGER NOT NULL, content TEXT NOT NULL, PRIMARY KEY (user_id, content)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (tbl TEXT NOT NULL, scope INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (tbl, scope, key)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS records_by_key ON records (tbl, key);
CREATE TABLE IF NOT EXISTS pending_acts (seq INTEGER NOT NULL, bot_id INTEGER NOT NULL, changes TEXT NOT NULL, PRIMARY KEY (seq, bot_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS act_seq (id INTEGER PRIMARY KEY CHECK (id = 0), seq INTEGER NOT NULL);
";

/// An empty bot database (the schema, no rows) as bytes, in rollback-journal mode: a new bot's
/// file starts as a copy, and the server's first connection to it turns on WAL.
pub(super) fn bot_template(dir: &Path) -> Result<Vec<u8>, StorageError> {
    // Made in the working directory (writable, where a container's /tmp may not be), under a
    // dot name the directory scan ignores.
    let name = format!(".bot-template-{}-{:x}.sqlite", std::process::id(), rand::random::<u64>());
    let scratch = dir.join(name);
    let db = |e| db_error(&scratch, e);
    let built = (|| {
        let conn = Connection::open(&scratch).map_err(db)?;
        conn.execute_batch(BOT_SCHEMA).map_err(db)?;
        drop(conn);
        std::fs::read(&scratch).map_err(|e| StorageError::Io { path: scratch.display().to_string(), source: e })
    })();
    let _ = std::fs::remove_file(&scratch);
    built
}

/// Writes a bot's identity into its own database, creating its directory. A new database is a
/// copy of `template` with the identity written without a journal (nothing to recover in a file
/// nobody has seen); the caller flushes (see `save_bots`).
pub(super) fn write_bot(dir: &Path, bot: &BotRecord, template: &[u8]) -> Result<(), StorageError> {
    let bot_dir = dir.join(bot.id.to_string());
    let io = |e| StorageError::Io { path: bot_dir.display().to_string(), source: e };
    std::fs::create_dir_all(&bot_dir).map_err(io)?;
    let path = bot_dir.join(BOT_DB);
    let upsert =
        "INSERT INTO bot (id, secret, username, first_name, created_at, revoked) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT(id) DO UPDATE SET secret = excluded.secret, username = excluded.username,
         first_name = excluded.first_name, revoked = excluded.revoked";
    let values = params![bot.id, bot.secret.expose(), bot.username, bot.first_name, bot.created_at, bot.revoked as i64];
    let db = |e| db_error(&path, e);
    if path.exists() {
        let conn = open(&path, DbFile::Bot(bot.id), Durability::Process)?;
        patiently(|| conn.execute_batch(BOT_SCHEMA)).map_err(db)?;
        patiently(|| conn.execute(upsert, values)).map_err(db)?;
        return Ok(());
    }
    std::fs::write(&path, template).map_err(io)?;
    let conn = Connection::open(&path).map_err(db)?;
    conn.execute_batch("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF").map_err(db)?;
    conn.execute(upsert, values).map_err(db)?;
    Ok(())
}

/// Brings a platform database written by an earlier version up to the current schema: the
/// `details` columns of the tables that held people, chats and members before they were the
/// platform's rows (added with supergroups, member standings and people's emoji statuses; read
/// once more by `legacy.rs`), messages' `date` (added with retention, read from the stored
/// message; a channel post's poster record takes its post's), and incremental vacuum (a
/// one-time `VACUUM` of a file made before it).
/// Whether the database has table `name`.
pub(super) fn table_exists(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1")?.exists([name])
}

pub(super) fn upgrade_platform(conn: &Connection, path: &Path) -> rusqlite::Result<()> {
    let has_column = |table: &str, column: &str| {
        conn.prepare(&format!("SELECT 1 FROM pragma_table_info('{table}') WHERE name = '{column}'"))?.exists([])
    };
    for table in ["users", "chats", "members"] {
        if table_exists(conn, table)? && !has_column(table, "details")? {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN details TEXT NOT NULL DEFAULT '{{}}'"))?;
        }
    }
    if !has_column("messages", "date")? {
        conn.execute_batch(
            "BEGIN;
             ALTER TABLE messages ADD COLUMN date INTEGER NOT NULL DEFAULT 0;
             UPDATE messages SET date = COALESCE(json_extract(payload, '$.date'), 0) WHERE json_valid(payload);
             UPDATE messages SET date = COALESCE((SELECT m.date FROM messages m
                 WHERE m.conversation = substr(messages.conversation, 2) AND m.message_id = messages.message_id), 0)
                 WHERE conversation LIKE 'a%';
             COMMIT;",
        )?;
    }
    let auto_vacuum: i64 = conn.query_row("PRAGMA auto_vacuum", [], |r| r.get(0))?;
    if auto_vacuum != 2 {
        tracing::info!("{}: turning on incremental vacuum (once; the file is rewritten)", path.display());
        conn.execute_batch("PRAGMA auto_vacuum = INCREMENTAL; VACUUM;")?;
    }
    Ok(())
}
