//! The tables that held people, groups and memberships before they were the platform's rows
//! (`users`, `chats`, `members`): read once by [`Administration::legacy_platform`], then dropped.

use super::*;

/// What the legacy tables hold, with every conversation's highest message id; `None` when the
/// database has none of them.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<Option<PlatformState>> {
    let (users, chats, members) =
        (table_exists(conn, "users")?, table_exists(conn, "chats")?, table_exists(conn, "members")?);
    if !(users || chats || members) {
        return Ok(None);
    }
    let mut state = PlatformState::default();
    if users {
        let mut stmt = conn.prepare(
            "SELECT id, secret, first_name, last_name, username, language_code, created_at, details FROM users ORDER BY id",
        )?;
        state.users = stmt.query_map([], user_row)?.collect::<Result<_, _>>()?;
    }
    if chats {
        let mut stmt = conn.prepare("SELECT id, kind, title, created_at, details FROM chats ORDER BY id")?;
        state.chats = stmt.query_map([], chat_row)?.collect::<Result<_, _>>()?;
    }
    if members {
        let mut stmt =
            conn.prepare("SELECT chat_id, user_id, status, details FROM members ORDER BY chat_id, user_id")?;
        state.members = stmt.query_map([], member_row)?.collect::<Result<_, _>>()?;
    }
    // Retention may have forgotten a conversation's newest messages: their ids stay taken.
    let mut stmt = conn.prepare(
        "SELECT conversation, MAX(id) FROM (
            SELECT conversation, MAX(message_id) AS id FROM messages GROUP BY conversation
            UNION ALL SELECT conversation, last_id FROM message_counters
         ) GROUP BY conversation",
    )?;
    state.last_message_ids = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
    Ok(Some(state))
}

/// Drops the legacy tables.
pub(super) fn retire(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch("DROP TABLE IF EXISTS members; DROP TABLE IF EXISTS chats; DROP TABLE IF EXISTS users;")
}

fn chat_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ChatRecord> {
    let mut chat = ChatRecord::new(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
    chat.details = r.get(4)?;
    Ok(chat)
}

fn member_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<MemberRecord> {
    Ok(MemberRecord::new(r.get(0)?, r.get(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?))
}

fn user_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<UserRecord> {
    let mut u = UserRecord::new(r.get(0)?, Secret::new(r.get::<_, String>(1)?), r.get(2)?, r.get(6)?);
    u.last_name = r.get(3)?;
    u.username = r.get(4)?;
    u.language_code = r.get(5)?;
    u.details = r.get(7)?;
    Ok(u)
}
