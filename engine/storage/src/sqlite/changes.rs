//! The SQL of each change (`apply_bot`, `apply_platform`), the database file a change goes to,
//! and reading rows back into records.

use super::*;

pub(super) fn read_updates(rows: &mut rusqlite::Rows<'_>) -> rusqlite::Result<Vec<StoredUpdate>> {
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        out.push(StoredUpdate {
            update_id: r.get(0)?,
            kind: r.get(1)?,
            payload: r.get(2)?,
            chat_key: r.get(3)?,
            expires_at: r.get(4)?,
        });
    }
    Ok(out)
}

pub(super) const FILE_COLUMNS: &str = "SELECT content, kind, path, size, meta, created_at, accessed_at FROM files";

pub(super) fn read_files(bot_id: i64, rows: &mut rusqlite::Rows<'_>) -> rusqlite::Result<Vec<FileRecord>> {
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        let mut f =
            FileRecord::new(bot_id, r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, i64>(3)? as u64, r.get(4)?, r.get(5)?);
        f.accessed_at = r.get(6)?;
        out.push(f);
    }
    Ok(out)
}

pub(super) fn apply_bot(conn: &Connection, bot_id: i64, change: &Change) -> rusqlite::Result<()> {
    match change {
        Change::BotSetting { key, value: Some(value), .. } => {
            exec(conn, "INSERT OR REPLACE INTO kv (key, value) VALUES (?1, ?2)", params![key, value])?;
        }
        Change::BotSetting { key, value: None, .. } => {
            exec(conn, "DELETE FROM kv WHERE key = ?1", params![key])?;
        }
        Change::PushUpdate { update: u, .. } => {
            exec(
                conn,
                "INSERT OR REPLACE INTO updates (update_id, kind, payload, chat_key, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![u.update_id, u.kind, u.payload, u.chat_key, u.expires_at],
            )?;
        }
        Change::DropUpdatesBelow { below, .. } => {
            exec(conn, "DELETE FROM updates WHERE update_id < ?1", params![below])?;
        }
        Change::DropUpdate { update_id, .. } => {
            exec(conn, "DELETE FROM updates WHERE update_id = ?1", params![update_id])?;
        }
        Change::PutFile(f) => {
            exec(
                conn,
                "INSERT OR REPLACE INTO files (content, kind, path, size, meta, created_at, accessed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![f.content, f.kind, f.path, f.size as i64, f.meta, f.created_at, f.accessed_at],
            )?;
        }
        other => tracing::error!("change {other:?} routed to bot {bot_id}'s database"),
    }
    Ok(())
}

pub(super) fn apply_platform(conn: &Connection, change: &Change) -> rusqlite::Result<()> {
    match change {
        Change::PushUpdate { owner: Owner::User(user_id), update: u } => {
            exec(
                conn,
                "INSERT OR REPLACE INTO user_updates (user_id, update_id, kind, payload, chat_key, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![user_id, u.update_id, u.kind, u.payload, u.chat_key, u.expires_at],
            )?;
        }
        Change::DropUpdatesBelow { owner: Owner::User(user_id), below } => {
            exec(conn, "DELETE FROM user_updates WHERE user_id = ?1 AND update_id < ?2", params![user_id, below])?;
        }
        Change::DropUpdate { owner: Owner::User(user_id), update_id } => {
            exec(conn, "DELETE FROM user_updates WHERE user_id = ?1 AND update_id = ?2", params![user_id, update_id])?;
        }
        Change::PersonQueueHead { user_id, next_update_id } => {
            exec(
                conn,
                "INSERT INTO person_queue_heads (user_id, next_update_id) VALUES (?1, ?2) ON CONFLICT (user_id) DO UPDATE SET next_update_id = MAX(next_update_id, excluded.next_update_id)",
                params![user_id, next_update_id],
            )?;
        }
        Change::PersonFile { user_id, content } => {
            exec(
                conn,
                "INSERT OR IGNORE INTO person_files (user_id, content) VALUES (?1, ?2)",
                params![user_id, content],
            )?;
        }
        Change::PutMessage(m) => {
            exec(
                conn,
                "INSERT OR REPLACE INTO messages (conversation, message_id, payload, date) VALUES (?1, ?2, ?3, ?4)",
                params![m.conversation, m.message_id, m.payload, m.date],
            )?;
        }
        Change::DeleteMessage { conversation, message_id } => {
            exec(
                conn,
                "DELETE FROM messages WHERE conversation = ?1 AND message_id = ?2",
                params![conversation, message_id],
            )?;
        }
        Change::PutRecord(r) => {
            exec(
                conn,
                "INSERT OR REPLACE INTO records (tbl, scope, key, value) VALUES (?1, ?2, ?3, ?4)",
                params![r.table, r.scope, r.key, r.value],
            )?;
        }
        Change::DeleteRecord { table, scope, key } => {
            exec(conn, "DELETE FROM records WHERE tbl = ?1 AND scope = ?2 AND key = ?3", params![table, scope, key])?;
        }
        other => tracing::error!("change {other:?} routed to the platform database"),
    }
    Ok(())
}

pub(super) fn db_of(change: &Change) -> DbFile {
    match change {
        Change::BotSetting { bot_id, .. } | Change::PutFile(FileRecord { bot_id, .. }) => DbFile::Bot(*bot_id),
        Change::PushUpdate { owner: Owner::Bot(id), .. }
        | Change::DropUpdatesBelow { owner: Owner::Bot(id), .. }
        | Change::DropUpdate { owner: Owner::Bot(id), .. } => DbFile::Bot(*id),
        _ => DbFile::Platform,
    }
}
