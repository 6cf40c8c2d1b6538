//! The platform database's index of bots (who is where, and which hold an indexed setting), kept
//! in step with the bot directories on disk; reading a bot's identity from its own database.

use super::*;

/// Brings the bot index (`bot_index`, `bot_setting_index` in the platform database) in line
/// with the bot directories: a directory copied in (or made before the index existed) is read
/// once, a directory gone leaves the index. The directories stay the truth (a bot moves by
/// copying its directory); the index spares start-up a visit to each of them.
pub(super) fn reconcile_index(dir: &Path, conn: &Connection, on_disk: &[i64]) -> Result<(), StorageError> {
    let path = dir.join(PLATFORM_DB);
    let db = |e| db_error(&path, e);
    let indexed = indexed_ids(conn).map_err(db)?;
    let on_disk_set: HashSet<i64> = on_disk.iter().copied().collect();
    let new: Vec<i64> = on_disk.iter().copied().filter(|id| !indexed.contains(id)).collect();
    let gone: Vec<i64> = indexed.difference(&on_disk_set).copied().collect();
    if new.is_empty() && gone.is_empty() {
        return Ok(());
    }
    let mut found = Vec::new();
    for id in &new {
        match read_index_entry(dir, *id)? {
            Some(entry) => found.push(entry),
            None => warn_if_misnamed(dir, *id),
        }
    }
    conn.execute_batch("BEGIN").map_err(db)?;
    let written = (|| {
        for id in &gone {
            forget_index_entry(conn, *id)?;
        }
        for (bot, keys) in &found {
            write_index_entry(conn, bot, keys)?;
        }
        conn.execute_batch("COMMIT")
    })();
    if let Err(e) = written {
        let _ = conn.execute_batch("ROLLBACK");
        return Err(db(e));
    }
    tracing::info!("bot index: {} bot directories added, {} gone", found.len(), gone.len());
    Ok(())
}

/// The bots the index of the working directory `dir` lists, read without opening the storage
/// (none when there is no index yet): the start-up checks skip what it already vouches for.
pub fn indexed_bots(dir: &Path) -> HashSet<i64> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let Ok(conn) = Connection::open_with_flags(dir.join(PLATFORM_DB), flags) else { return HashSet::new() };
    indexed_ids(&conn).unwrap_or_default()
}

/// Every bot id in `bot_index`.
pub(super) fn indexed_ids(conn: &Connection) -> rusqlite::Result<HashSet<i64>> {
    conn.prepare("SELECT id FROM bot_index")?.query_map([], |r| r.get(0))?.collect()
}

/// Warns about a bot directory that holds another bot than the one it is named after (it is not
/// indexed, so this is said at every start until it is renamed).
pub(super) fn warn_if_misnamed(dir: &Path, named: i64) {
    let path = db_path(dir, DbFile::Bot(named));
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let Ok(conn) = Connection::open_with_flags(&path, flags) else { return };
    let held: Option<i64> = conn.query_row("SELECT id FROM bot LIMIT 1", [], |r| r.get(0)).ok();
    if let Some(held) = held.filter(|held| *held != named) {
        tracing::warn!(
            "directory {} holds bot {held}, not bot {named}: the server looks for bot {held} in {}, so it is not served from there; rename the directory to {held} (a bot directory is named by its bot's user id, the part of its token before the colon)",
            dir.join(named.to_string()).display(),
            dir.join(held.to_string()).display()
        );
    }
}

/// A bot directory's database, opened (its schema brought up to date), if it exists.
pub(super) fn open_bot_db(dir: &Path, bot_id: i64) -> Result<Option<(Connection, PathBuf)>, StorageError> {
    let path = db_path(dir, DbFile::Bot(bot_id));
    if !path.is_file() {
        return Ok(None);
    }
    let conn = open(&path, DbFile::Bot(bot_id), Durability::Process)?;
    patiently(|| conn.execute_batch(BOT_SCHEMA)).map_err(|e| db_error(&path, e))?;
    Ok(Some((conn, path)))
}

/// The bot `bot_id` of a bot database, if it holds that one.
pub(super) fn query_bot(conn: &Connection, path: &Path, bot_id: i64) -> Result<Option<BotRecord>, StorageError> {
    conn.query_row(&format!("{BOT_COLUMNS} FROM bot WHERE id = ?1"), params![bot_id], bot_row)
        .optional()
        .map_err(|e| db_error(path, e))
}

/// The identity and the `bot_setting_index` keys ([`INDEXED_SETTINGS`] it holds) of a bot
/// directory, read on one connection; `None` when it holds no bot of that id.
pub(super) fn read_index_entry(dir: &Path, bot_id: i64) -> Result<Option<(BotRecord, Vec<String>)>, StorageError> {
    let Some((conn, path)) = open_bot_db(dir, bot_id)? else { return Ok(None) };
    let Some(bot) = query_bot(&conn, &path, bot_id)? else { return Ok(None) };
    let mut keys = Vec::new();
    for key in INDEXED_SETTINGS {
        let has = conn
            .prepare("SELECT 1 FROM kv WHERE key = ?1")
            .and_then(|mut stmt| stmt.exists([key]))
            .map_err(|e| db_error(&path, e))?;
        if has {
            keys.push((*key).to_owned());
        }
    }
    Ok(Some((bot, keys)))
}

/// Writes a bot's index entry: its identity and exactly the setting keys `keys`.
pub(super) fn write_index_entry(conn: &Connection, bot: &BotRecord, keys: &[String]) -> rusqlite::Result<()> {
    index_bot(conn, bot)?;
    exec(conn, "DELETE FROM bot_setting_index WHERE bot_id = ?1", [bot.id])?;
    for key in keys {
        exec(conn, "INSERT OR IGNORE INTO bot_setting_index (bot_id, key) VALUES (?1, ?2)", params![bot.id, key])?;
    }
    Ok(())
}

/// Removes a bot from the index.
pub(super) fn forget_index_entry(conn: &Connection, bot_id: i64) -> rusqlite::Result<()> {
    exec(conn, "DELETE FROM bot_index WHERE id = ?1", [bot_id])?;
    exec(conn, "DELETE FROM bot_setting_index WHERE bot_id = ?1", [bot_id])?;
    Ok(())
}

/// The columns [`bot_row`] reads, from `bot` (a bot's own database) or `bot_index`.
pub(super) const BOT_COLUMNS: &str = "SELECT id, secret, username, first_name, created_at, revoked";

/// A bot from a [`BOT_COLUMNS`] row.
pub(super) fn bot_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<BotRecord> {
    let mut bot = BotRecord::new(r.get(0)?, Secret::new(r.get::<_, String>(1)?), r.get(2)?, r.get(3)?, r.get(4)?);
    bot.revoked = r.get::<_, i64>(5)? != 0;
    Ok(bot)
}

/// Creates or replaces a bot's row in the index.
pub(super) fn index_bot(conn: &Connection, bot: &BotRecord) -> rusqlite::Result<()> {
    exec(
        conn,
        "INSERT OR REPLACE INTO bot_index (id, secret, username, first_name, created_at, revoked) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![bot.id, bot.secret.expose(), bot.username, bot.first_name, bot.created_at, bot.revoked as i64],
    )?;
    Ok(())
}
