//! Acts that span database files. SQLite commits atomically per file only, and a bot's state
//! lives in its own file, so an act that stores a person's message and a bot's update (a payment
//! and its `successful_payment`) is two transactions. The platform's file is the act's commit
//! point: its transaction also records what the act writes to each bot's file (`pending_acts`),
//! it commits before them (the writer commits the platform's file first in every batch), and
//! each bot file's transaction marks the act applied there (`applied_acts`). Once every part
//! has committed the record is dropped. At open, a record left by a crash between the two is
//! applied to the bot's file unless its mark says it was, so an act is whole after a restart.
//! Not responsible for grouping changes by file or for the writer (see `sqlite.rs`).

use std::collections::BTreeSet;
use std::path::Path;

use msg_core::{Change, FileRecord, Owner, StorageError, StoredUpdate};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};

use super::{BOT_DB, BOT_SCHEMA, DbFile, apply_bot, db_error, db_path, exec, open};

/// The acts across files under way: the next act's number, and those not yet whole.
#[derive(Debug)]
pub(super) struct Journal {
    next: i64,
    open: BTreeSet<i64>,
}

impl Journal {
    /// A new act's number, and the lowest of those still open (marks below it are no longer
    /// needed: their records are gone).
    pub(super) fn begin(&mut self) -> (i64, i64) {
        let seq = self.next;
        self.next += 1;
        self.open.insert(seq);
        (seq, *self.open.first().expect("the act just opened"))
    }

    /// Act `seq`'s record is dropped.
    pub(super) fn end(&mut self, seq: i64) {
        self.open.remove(&seq);
    }
}

/// In the platform file's transaction: what act `seq` writes to bot `bot_id`'s file.
pub(super) fn record(conn: &Connection, seq: i64, bot_id: i64, changes: &str) -> rusqlite::Result<()> {
    exec(
        conn,
        "INSERT OR REPLACE INTO pending_acts (seq, bot_id, changes) VALUES (?1, ?2, ?3)",
        params![seq, bot_id, changes],
    )?;
    exec(
        conn,
        "INSERT INTO act_seq (id, seq) VALUES (0, ?1) ON CONFLICT (id) DO UPDATE SET seq = max(seq, excluded.seq)",
        params![seq],
    )?;
    Ok(())
}

/// In a bot file's transaction: act `seq` is applied here; marks below `low` are dropped.
pub(super) fn mark(conn: &Connection, seq: i64, low: i64) -> rusqlite::Result<()> {
    exec(conn, "INSERT OR IGNORE INTO applied_acts (seq) VALUES (?1)", params![seq])?;
    exec(conn, "DELETE FROM applied_acts WHERE seq < ?1", params![low])?;
    Ok(())
}

/// Once every part of act `seq` has committed: its record goes.
pub(super) fn forget(conn: &Connection, seq: i64) -> rusqlite::Result<()> {
    exec(conn, "DELETE FROM pending_acts WHERE seq = ?1", params![seq])?;
    Ok(())
}

/// A bot file's changes of an act, as its record keeps them.
pub(super) fn encode(changes: &[Change]) -> String {
    let items: Vec<Value> = changes
        .iter()
        .filter_map(|change| match change {
            Change::BotSetting { key, value, .. } => Some(json!({"k": "setting", "key": key, "value": value})),
            Change::PushUpdate { update: u, .. } => Some(json!({"k": "push", "update_id": u.update_id, "kind": u.kind,
                "payload": u.payload, "chat_key": u.chat_key, "expires_at": u.expires_at})),
            Change::DropUpdatesBelow { below, .. } => Some(json!({"k": "drop_below", "below": below})),
            Change::DropUpdate { update_id, .. } => Some(json!({"k": "drop", "update_id": update_id})),
            Change::PutFile(f) => Some(json!({"k": "file", "content": f.content, "kind": f.kind, "path": f.path,
                "size": f.size, "meta": f.meta, "created_at": f.created_at, "accessed_at": f.accessed_at})),
            other => {
                tracing::error!("change {other:?} is not a bot file's");
                None
            }
        })
        .collect();
    Value::Array(items).to_string()
}

/// [`encode`]'s changes back, for bot `bot_id`.
fn decode(bot_id: i64, text: &str) -> Result<Vec<Change>, String> {
    let items: Vec<Value> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let owner = Owner::Bot(bot_id);
    let s = |v: &Value, k: &str| v[k].as_str().map(str::to_owned).ok_or_else(|| format!("no {k} in {v}"));
    let n = |v: &Value, k: &str| v[k].as_i64().ok_or_else(|| format!("no {k} in {v}"));
    items
        .iter()
        .map(|v| {
            Ok(match v["k"].as_str() {
                Some("setting") => {
                    Change::BotSetting { bot_id, key: s(v, "key")?, value: v["value"].as_str().map(str::to_owned) }
                }
                Some("push") => Change::PushUpdate {
                    owner,
                    update: StoredUpdate {
                        update_id: n(v, "update_id")?,
                        kind: s(v, "kind")?,
                        payload: s(v, "payload")?,
                        chat_key: n(v, "chat_key")?,
                        expires_at: n(v, "expires_at")?,
                    },
                },
                Some("drop_below") => Change::DropUpdatesBelow { owner, below: n(v, "below")? },
                Some("drop") => Change::DropUpdate { owner, update_id: n(v, "update_id")? },
                Some("file") => {
                    let size = v["size"].as_u64().ok_or_else(|| format!("no size in {v}"))?;
                    let mut f = FileRecord::new(
                        bot_id,
                        s(v, "content")?,
                        s(v, "kind")?,
                        s(v, "path")?,
                        size,
                        s(v, "meta")?,
                        n(v, "created_at")?,
                    );
                    f.accessed_at = n(v, "accessed_at")?;
                    Change::PutFile(f)
                }
                _ => return Err(format!("unknown change {v}")),
            })
        })
        .collect()
}

/// At open, on the platform file's connection: completes the acts a crash left with their bot
/// files' parts unapplied, drops their records, and returns the journal to go on from.
pub(super) fn recover(dir: &Path, conn: &Connection) -> Result<Journal, StorageError> {
    let platform = db_path(dir, DbFile::Platform);
    let db = |e: rusqlite::Error| db_error(&platform, e);
    let stored: Option<i64> =
        conn.query_row("SELECT seq FROM act_seq WHERE id = 0", [], |r| r.get(0)).optional().map_err(db)?;
    // A new file's acts start at a random number: a bot's file carried here from another server
    // keeps that server's last marks, which must not pass for this one's acts.
    let next = stored.map_or_else(|| rand::random_range(1_i64 << 40..1_i64 << 62), |seq| seq + 1);
    let pending: Vec<(i64, i64, String)> = {
        let mut statement = conn.prepare("SELECT seq, bot_id, changes FROM pending_acts ORDER BY seq").map_err(db)?;
        let rows = statement.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).map_err(db)?;
        rows.collect::<rusqlite::Result<_>>().map_err(db)?
    };
    for (seq, bot_id, changes) in pending {
        let path = db_path(dir, DbFile::Bot(bot_id));
        if path.parent().is_some_and(|p| p.join(BOT_DB).is_file()) {
            complete(&path, bot_id, seq, &changes)?;
        } else {
            tracing::warn!("an unfinished act names bot {bot_id}, whose directory is gone; its part there is dropped");
        }
        exec(conn, "DELETE FROM pending_acts WHERE seq = ?1 AND bot_id = ?2", params![seq, bot_id]).map_err(db)?;
    }
    Ok(Journal { next, open: BTreeSet::new() })
}

/// Applies act `seq`'s part to a bot's file unless it is marked applied there.
fn complete(path: &Path, bot_id: i64, seq: i64, changes: &str) -> Result<(), StorageError> {
    let conn = open(path, DbFile::Bot(bot_id), msg_core::Durability::Power)?;
    let db = |e: rusqlite::Error| db_error(path, e);
    conn.execute_batch(BOT_SCHEMA).map_err(db)?;
    let applied: Option<i64> = conn
        .query_row("SELECT seq FROM applied_acts WHERE seq = ?1", params![seq], |r| r.get(0))
        .optional()
        .map_err(db)?;
    if applied.is_some() {
        return Ok(());
    }
    let changes = decode(bot_id, changes).map_err(|e| db_error(path, format!("an unfinished act's record: {e}")))?;
    conn.execute_batch("BEGIN IMMEDIATE").map_err(db)?;
    let done =
        changes.iter().try_for_each(|change| apply_bot(&conn, bot_id, change)).and_then(|()| mark(&conn, seq, seq));
    match done {
        Ok(()) => conn.execute_batch("COMMIT").map_err(db)?,
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            return Err(db(e));
        }
    }
    tracing::info!("completed an act a stop had cut short: its part for bot {bot_id} is stored");
    Ok(())
}
