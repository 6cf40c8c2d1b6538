//! The platform's directory: a bounded cache of what the platform reads from the storage when it
//! touches it (people; chats with everyone's standing in them, "rooms"; conversations' message
//! counters; the reads themselves are in [`super::on_demand`]). The
//! storage is the authority: any entry may be dropped at any time and is read again, so start-up
//! reads nothing and memory follows the people and chats in use, not the history.
//!
//! A load races the writes that land while it reads: a writer stores its change, then (under the
//! directory's lock) counts a write and updates the entry if it is cached. A load caches what it
//! read only when no write was counted since it began, so a stale read never replaces a newer
//! change. Message counters are kept while in use (a counter hands out ids before the message is
//! stored, so it is dropped only after [`COUNTER_IDLE`]).

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use hashlink::LruCache;
use msg_core::{ChatRecord, MemberRecord, PlatformState, UserRecord};

use crate::kernel::records::Table;
use crate::kernel::standing::Standing;

/// People kept in the cache at most.
const PEOPLE_CACHED: usize = 100_000;
/// Rooms (a chat with its standings) kept in the cache at most.
const ROOMS_CACHED: usize = 20_000;
/// Counters kept before idle ones are dropped.
pub(super) const COUNTERS_KEPT: usize = 100_000;
/// How long a counter must be idle to be dropped: far longer than any post takes to be stored.
pub(super) const COUNTER_IDLE: Duration = Duration::from_secs(600);

/// The private conversations of each participant: scope the participant (a person or a bot),
/// key the conversation's key. Written with a conversation's first message (`posting.rs`).
pub(crate) const CONVERSATIONS: Table<()> = Table::new("conversation");

/// What splits an older database's state into rows, once ([`crate::Platform::new`] gets it from the
/// crate's root, which knows the domains; the kernel knows none).
pub type LegacySplit = fn(&mut PlatformState) -> Vec<msg_core::Change>;

/// A chat as the directory keeps it: its record (none for the standings of people towards a
/// bot, kept under the bot's id) and every standing in it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Room {
    pub(crate) chat: Option<ChatRecord>,
    pub(crate) members: BTreeMap<i64, Standing>,
}

impl Room {
    pub(super) fn of(chat: Option<ChatRecord>, members: &[MemberRecord]) -> Self {
        Self { chat, members: members.iter().map(|m| (m.user_id, Standing::from_record(m))).collect() }
    }
}

pub(crate) struct Directory {
    pub(super) people: LruCache<i64, UserRecord>,
    pub(super) people_writes: u64,
    pub(super) rooms: LruCache<i64, Room>,
    pub(super) room_writes: u64,
    pub(super) counters: HashMap<String, Counter>,
}

/// A conversation's message counter as kept.
pub(super) struct Counter {
    /// The last id handed out.
    pub(super) last: i64,
    pub(super) used: Instant,
    /// Whether the conversation is known to have its [`CONVERSATIONS`] rows: it has a stored
    /// message, or a post here stored them. A post whose id was handed out but which then failed
    /// leaves it false, so the next post stores them.
    pub(super) indexed: bool,
}

impl Default for Directory {
    fn default() -> Self {
        Self {
            people: LruCache::new(PEOPLE_CACHED),
            people_writes: 0,
            rooms: LruCache::new(ROOMS_CACHED),
            room_writes: 0,
            counters: HashMap::new(),
        }
    }
}
