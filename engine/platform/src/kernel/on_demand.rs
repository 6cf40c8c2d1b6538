//! The platform's reads on demand through its [`Directory`]: a person, a chat with its
//! standings, a conversation's message counter, each read from the storage the first time it is
//! touched and kept while the cache has room; and the database's one-time upgrade, done before
//! the directory is first used.

use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use msg_core::{ApiError, ChatRecord, MemberRecord, UserRecord};

use crate::internal;
use crate::kernel::directory::{
    CONVERSATIONS, COUNTER_IDLE, COUNTERS_KEPT, Counter, Directory, ROWS_UPGRADE, Room, UPGRADES,
};
use crate::kernel::standing::Standing;
use crate::kernel::world::{Platform, now};

impl Platform {
    /// The directory, after the database's one-time upgrade (the first call does it).
    pub(crate) async fn directory(&self) -> Result<&Mutex<Directory>, ApiError> {
        self.directory
            .get_or_try_init(|| async {
                self.upgrade_once().await?;
                Ok(Mutex::new(Directory::default()))
            })
            .await
    }

    fn dir<'a>(&self, cell: &'a Mutex<Directory>) -> MutexGuard<'a, Directory> {
        cell.lock().expect("directory lock")
    }

    /// Splits an older database's records into rows and indexes its conversations, once per
    /// database (marked by a row of [`UPGRADES`], stored in the same batch).
    async fn upgrade_once(&self) -> Result<(), ApiError> {
        let storage = self.storage.as_ref();
        if UPGRADES.get(storage, 0, ROWS_UPGRADE).await?.is_some() {
            return Ok(());
        }
        let mut state = storage.load_platform().await.map_err(internal)?;
        let mut changes = (self.legacy)(&mut state);
        for (key, _) in &state.last_message_ids {
            if let Some(crate::kernel::world::Conversation::Private(a, b)) =
                crate::kernel::world::Conversation::from_key(key)
            {
                changes.push(CONVERSATIONS.put(a, key, &()));
                changes.push(CONVERSATIONS.put(b, key, &()));
            }
        }
        if !changes.is_empty() {
            tracing::info!("{} rows split from records written before the domains kept rows", changes.len());
        }
        changes.push(UPGRADES.put(0, ROWS_UPGRADE, &now()));
        storage.apply(changes).await.map_err(internal)
    }

    // ---------------------------------------------------------------- people

    /// A person from the cache, or read from the storage.
    pub(crate) async fn cached_person(&self, id: i64) -> Result<Option<UserRecord>, ApiError> {
        let cell = self.directory().await?;
        let writes = {
            let mut dir = self.dir(cell);
            if let Some(person) = dir.people.get(&id) {
                return Ok(Some(person.clone()));
            }
            dir.people_writes
        };
        let Some(loaded) = self.storage.load_user(id).await.map_err(internal)? else { return Ok(None) };
        let mut dir = self.dir(cell);
        if let Some(person) = dir.people.get(&id) {
            return Ok(Some(person.clone()));
        }
        if dir.people_writes == writes {
            dir.people.insert(id, loaded.clone());
        }
        Ok(Some(loaded))
    }

    /// Puts a person just stored into the cache.
    pub(crate) async fn remember_user(&self, user: UserRecord) -> Result<(), ApiError> {
        let cell = self.directory().await?;
        let mut dir = self.dir(cell);
        dir.people_writes += 1;
        dir.people.insert(user.id, user);
        Ok(())
    }

    /// Everyone (the operator's listing: read whole from the storage, not cached).
    pub(crate) async fn people(&self) -> Result<Vec<UserRecord>, ApiError> {
        self.directory().await?;
        Ok(self.storage.load_platform().await.map_err(internal)?.users)
    }

    // ---------------------------------------------------------------- chats and standings

    /// The chat record of a group (`chat not found` when there is none).
    pub(crate) async fn group(&self, chat_id: i64) -> Result<ChatRecord, ApiError> {
        let chat = self.room(chat_id, |room| room.chat.clone()).await?;
        chat.ok_or_else(|| ApiError::bad_request("chat not found"))
    }

    /// Where `user_id` stands in `chat_id` now (`left` when never a member).
    pub(crate) async fn standing(&self, chat_id: i64, user_id: i64) -> Result<Standing, ApiError> {
        let standing = self.room(chat_id, |room| room.members.get(&user_id).cloned()).await?;
        Ok(standing.map_or_else(Standing::left, |s| s.at(now())))
    }

    /// Every member of a group with a standing (present or not), as of now.
    pub(crate) async fn standings(&self, chat_id: i64) -> Result<Vec<(i64, Standing)>, ApiError> {
        let at = now();
        self.room(chat_id, |room| room.members.iter().map(|(id, s)| (*id, s.clone().at(at))).collect()).await
    }

    /// `read` applied to chat `chat_id`'s room, from the cache or read from the storage (an
    /// unknown id gives an empty room, cached too: a bot's private sends ask for the standings
    /// of people towards it, which are usually none).
    pub(crate) async fn room<T>(&self, chat_id: i64, read: impl FnOnce(&Room) -> T) -> Result<T, ApiError> {
        let cell = self.directory().await?;
        let writes = {
            let mut dir = self.dir(cell);
            if let Some(room) = dir.rooms.get(&chat_id) {
                return Ok(read(room));
            }
            dir.room_writes
        };
        let chat = if chat_id < 0 { self.storage.load_chat(chat_id).await.map_err(internal)? } else { None };
        let members = self.storage.load_members(chat_id).await.map_err(internal)?;
        let loaded = Room::of(chat, &members);
        let mut dir = self.dir(cell);
        if let Some(room) = dir.rooms.get(&chat_id) {
            return Ok(read(room));
        }
        let out = read(&loaded);
        if dir.room_writes == writes {
            dir.rooms.insert(chat_id, loaded);
        }
        Ok(out)
    }

    /// Records in the cache a standing just stored (the caller holds the chat's lock).
    pub(crate) async fn cache_standing(&self, chat_id: i64, user_id: i64, standing: Standing) -> Result<(), ApiError> {
        let cell = self.directory().await?;
        let mut dir = self.dir(cell);
        dir.room_writes += 1;
        if let Some(room) = dir.rooms.get_mut(&chat_id) {
            room.members.insert(user_id, standing);
        }
        Ok(())
    }

    /// The bot an operator request names by `bot_id` (not revoked).
    pub(crate) async fn operator_bot(
        &self,
        params: &msg_core::Params,
    ) -> Result<std::sync::Arc<msg_core::BotRecord>, ApiError> {
        let id = params.integer("bot_id", 0, i64::MIN, i64::MAX);
        self.bot_record(id).await?.ok_or_else(|| ApiError::bad_request("bot not found"))
    }

    /// Whether `user_id` has blocked the bot `bot_id` (their standing in the bot's own room).
    pub(crate) async fn blocked(&self, user_id: i64, bot_id: i64) -> Result<bool, ApiError> {
        self.room(bot_id, |room| room.members.get(&user_id).is_some_and(|s| s.status == "kicked")).await
    }

    /// Records in the cache a chat record just stored (the caller holds the chat's lock).
    pub(crate) async fn cache_chat(&self, chat: ChatRecord) -> Result<(), ApiError> {
        let cell = self.directory().await?;
        let mut dir = self.dir(cell);
        dir.room_writes += 1;
        if let Some(room) = dir.rooms.get_mut(&chat.id) {
            room.chat = Some(chat);
        }
        Ok(())
    }

    /// Records in the cache a chat just created and stored with all its standings.
    pub(crate) async fn cache_new_chat(&self, chat: ChatRecord, members: &[MemberRecord]) -> Result<(), ApiError> {
        let cell = self.directory().await?;
        let mut dir = self.dir(cell);
        dir.room_writes += 1;
        dir.rooms.insert(chat.id, Room::of(Some(chat), members));
        Ok(())
    }

    /// Every group, supergroup and channel id (the operator's listing: read from the storage).
    pub(crate) async fn all_chat_ids(&self) -> Result<Vec<i64>, ApiError> {
        self.directory().await?;
        let chats = self.storage.load_platform().await.map_err(internal)?.chats;
        Ok(chats.iter().map(|c| c.id).collect())
    }

    // ---------------------------------------------------------------- message counters

    /// The highest message id conversation `key` has given (0: none yet).
    pub(crate) async fn last_message_id(&self, key: &str) -> Result<i64, ApiError> {
        Ok(self.counter(key, 0).await?.0)
    }

    /// Hands out conversation `key`'s next message id, with whether the post must store the
    /// conversation's [`CONVERSATIONS`] rows (then [`Platform::conversation_indexed`] once stored).
    pub(crate) async fn next_message_id(&self, key: &str) -> Result<(i64, bool), ApiError> {
        self.counter(key, 1).await
    }

    /// Conversation `key`'s [`CONVERSATIONS`] rows are stored.
    pub(crate) async fn conversation_indexed(&self, key: &str) -> Result<(), ApiError> {
        let cell = self.directory().await?;
        if let Some(counter) = self.dir(cell).counters.get_mut(key) {
            counter.indexed = true;
        }
        Ok(())
    }

    /// Moves conversation `key`'s counter on by `step` and returns it with whether the
    /// conversation still needs its rows, reading it from the storage when it is not kept.
    async fn counter(&self, key: &str, step: i64) -> Result<(i64, bool), ApiError> {
        let cell = self.directory().await?;
        {
            let mut dir = self.dir(cell);
            if let Some(counter) = dir.counters.get_mut(key) {
                counter.last += step;
                counter.used = Instant::now();
                return Ok((counter.last, !counter.indexed));
            }
        }
        let stored = self.storage.last_message_id(key).await.map_err(internal)?;
        let mut dir = self.dir(cell);
        if dir.counters.len() >= COUNTERS_KEPT {
            dir.counters.retain(|_, counter| counter.used.elapsed() < COUNTER_IDLE);
        }
        // Another call may have read it meanwhile and handed out ids: theirs is the counter.
        let fresh = Counter { last: stored, used: Instant::now(), indexed: stored > 0 };
        let counter = dir.counters.entry(key.to_owned()).or_insert(fresh);
        counter.last += step;
        counter.used = Instant::now();
        Ok((counter.last, !counter.indexed))
    }
}
