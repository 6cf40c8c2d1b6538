//! Opening SQLite databases as this backend uses them: their pragmas by durability, the WAL's
//! checkpoint thresholds, retrying a busy database, flushing the WAL and its directory.

use super::*;

/// A database's WAL is checkpointed once it holds this many pages. The platform database takes
/// every message and every person's update, so the same few pages (each chat's newest, each
/// person's queue) are committed again and again: a checkpoint copies each page once however
/// often it was committed since, and each one ends with flushes on the writer's own thread
/// (its last frames, the WAL started over). At 8 000 pages (32 MiB) that happens an eighth as
/// often as at SQLite's default of 1 000, and sendMessage's rate went up by a quarter to a third
/// (bench/README.md, session 18). A bot's database, written by its own updates only and one of
/// possibly 100 000, keeps the default.
pub(super) fn checkpoint_pages(db: DbFile) -> i32 {
    match db {
        DbFile::Platform => 8000,
        DbFile::Bot(_) => 1000,
    }
}

/// What a database's WAL is cut back to after a checkpoint emptied it: twice what it reaches
/// between two checkpoints (it grows on while one runs), so that it is not cut and grown again
/// every time (a 32 MiB WAL cut to 4 MiB each time made sendMessage 12 % slower than before).
pub(super) fn journal_size_limit(db: DbFile) -> i64 {
    2 * i64::from(checkpoint_pages(db)) * 4096
}

thread_local! {
    /// Pages in the WAL of the database the writer thread last committed to.
    pub(super) static WAL_PAGES: std::cell::Cell<i32> = const { std::cell::Cell::new(0) };
}

/// The writer's WAL hook: SQLite calls it after each commit with the WAL's size in pages.
pub(super) fn record_wal_pages(_: &rusqlite::hooks::Wal, pages: std::ffi::c_int) -> rusqlite::Result<()> {
    WAL_PAGES.set(pages);
    Ok(())
}

pub(super) fn db_error(path: &Path, e: impl std::fmt::Display) -> StorageError {
    StorageError::Database { path: path.display().to_string(), message: e.to_string() }
}

/// Opens a database in WAL mode. Commits are not flushed by SQLite itself (`synchronous=NORMAL`:
/// a commit survives the process, and checkpoints flush): the writer flushes the WAL after each
/// group commit in `power` mode. The few writes made outside the writer (a bot's identity, a
/// user id) ask SQLite to flush them (`FULL`) in that mode. `path` is database `db`'s.
pub(super) fn open(path: &Path, db: DbFile, durability: Durability) -> Result<Connection, StorageError> {
    configure(Connection::open(path).map_err(|e| db_error(path, e))?, path, db, durability)
}

/// [`open`]'s settings on an opened connection.
pub(super) fn configure(
    conn: Connection,
    path: &Path,
    db: DbFile,
    durability: Durability,
) -> Result<Connection, StorageError> {
    conn.busy_timeout(Duration::from_secs(5)).map_err(|e| db_error(path, e))?;
    patiently(|| conn.pragma_update(None, "journal_mode", "WAL")).map_err(|e| db_error(path, e))?;
    let synchronous = match durability {
        Durability::Power => "FULL",
        Durability::Process => "NORMAL",
    };
    conn.pragma_update(None, "synchronous", synchronous).map_err(|e| db_error(path, e))?;
    // A checkpointed WAL is cut back to this size, so space freed by retention leaves it too.
    conn.pragma_update(None, "journal_size_limit", journal_size_limit(db)).map_err(|e| db_error(path, e))?;
    // The few commits made outside the writer (a user id, the schema at open) checkpoint only a
    // WAL the writer would have had checkpointed too: SQLite's default (1000 pages) would make
    // each of them copy the platform's longer WAL back on the caller's thread.
    conn.pragma_update(None, "wal_autocheckpoint", checkpoint_pages(db)).map_err(|e| db_error(path, e))?;
    Ok(conn)
}

/// Runs `f` again while SQLite answers "busy" at once, for up to 5 s. Two connections that
/// turn a new database to WAL, or create its tables, at the same moment would each wait for the
/// other: SQLite tells one of them at once instead of asking its busy handler (a bot made while
/// the server runs is opened so on its first use, its identity read as its queue is written).
pub(super) fn patiently<T>(mut f: impl FnMut() -> rusqlite::Result<T>) -> rusqlite::Result<T> {
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    loop {
        match f() {
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::DatabaseBusy && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(Duration::from_millis(2));
            }
            other => return other,
        }
    }
}

/// Flushes a database's WAL (the commits in it) to the disk, and once per connection the
/// directory that holds it, so a file created since is found after a power loss.
pub(super) fn flush_wal(path: &Path, dir_synced: &mut bool) -> std::io::Result<()> {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::File::open(&wal)?.sync_data()?;
    if !*dir_synced {
        if let Some(parent) = path.parent() {
            std::fs::File::open(parent)?.sync_all()?;
        }
        *dir_synced = true;
    }
    Ok(())
}

pub(super) fn db_path(dir: &Path, db: DbFile) -> PathBuf {
    match db {
        DbFile::Platform => dir.join(PLATFORM_DB),
        DbFile::Bot(id) => dir.join(id.to_string()).join(BOT_DB),
    }
}

pub(super) fn open_for_writer(dir: &Path, db: DbFile) -> Result<Connection, String> {
    let path = db_path(dir, db);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    // The writer flushes the WAL itself after each group commit (see `flush_wal`). It writes
    // each commit's WAL frames at once (see `msg_wal_vfs`), where that layer could be set up.
    let opened = if msg_wal_vfs::register() {
        Connection::open_with_flags_and_vfs(&path, rusqlite::OpenFlags::default(), msg_wal_vfs::NAME)
    } else {
        Connection::open(&path)
    };
    let conn = opened.map_err(|e| db_error(&path, e)).and_then(|c| configure(c, &path, db, Durability::Process));
    let conn = conn.map_err(|e| e.to_string())?;
    // Checkpoints run on their own thread (see `checkpoint_loop`), not inside a commit; the hook
    // (which replaces SQLite's automatic checkpoints) tells the writer when one is due.
    conn.pragma_update(None, "wal_autocheckpoint", 0).map_err(|e| e.to_string())?;
    conn.wal_hook(Some(record_wal_pages));
    if db == DbFile::Platform {
        // The platform's changes use dozens of statements (rusqlite keeps 16 by default): a
        // day's mix of them is never parsed twice. A bot's database uses a handful, and up to
        // `MAX_OPEN` of those connections are kept.
        conn.set_prepared_statement_cache_capacity(PLATFORM_STATEMENTS);
    }
    let schema = if db == DbFile::Platform { PLATFORM_SCHEMA } else { BOT_SCHEMA };
    patiently(|| conn.execute_batch(schema)).map_err(|e| e.to_string())?;
    Ok(conn)
}
