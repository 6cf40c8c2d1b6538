//! The kernel's own rows: people, groups and standings, one typed row each (a `Table` like every
//! domain's), so the storage seam carries no record of the platform's and a write of one person,
//! one group or one standing stores that row alone. Read through the directory's cache
//! (`on_demand.rs`); written by whoever changes them, under the entity's lock (`serial.rs`).
//!
//! Databases written before kept them in tables of their own;
//! [`upgrade`](crate::kernel::on_demand::upgrade) moves them here once.

use msg_core::{Change, ChatRecord, MemberRecord, UserRecord};

use crate::kernel::records::Table;

/// People by user id (scope 0).
pub(crate) const PEOPLE: Table<UserRecord> = Table::new("person");
/// Groups, supergroups and channels by chat id (scope 0).
pub(crate) const CHATS: Table<ChatRecord> = Table::new("chat");
/// Standings: scope the chat (or the bot a person stands towards), key the user id; found by
/// user id alone for a person's chats.
pub(crate) const MEMBERS: Table<MemberRecord> = Table::new("member");

/// One-time upgrades done to this database: key the upgrade, value when.
pub(super) const UPGRADES: Table<i64> = Table::new("kernel_upgrade");
/// The upgrade that split old records' lists into the domains' rows and indexed conversations.
pub(super) const ROWS_UPGRADE: &str = "rows";
/// The upgrade that moved people, groups and standings into [`PEOPLE`], [`CHATS`] and
/// [`MEMBERS`].
pub(super) const RECORDS_UPGRADE: &str = "records";

/// Stores (or replaces) a person.
pub(crate) fn put_person(user: &UserRecord) -> Change {
    PEOPLE.put(0, &user.id.to_string(), user)
}

/// Stores (or replaces) a group's record.
pub(crate) fn put_chat(chat: &ChatRecord) -> Change {
    CHATS.put(0, &chat.id.to_string(), chat)
}

/// Stores (or replaces) a standing.
pub(crate) fn put_member(member: &MemberRecord) -> Change {
    MEMBERS.put(member.chat_id, &member.user_id.to_string(), member)
}
