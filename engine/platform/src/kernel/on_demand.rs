//! The platform's reads on demand through its [`Directory`]: a person, a chat with its
//! standings, a conversation's message counter, each read from the storage the first time it is
//! touched and kept while the cache has room; the database's one-time upgrade
//! ([`upgrade`]) is done before the directory is first used.

use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

use msg_core::{ApiError, ChatRecord, MemberRecord, UserRecord};

use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::directory::{CONVERSATIONS, COUNTER_IDLE, COUNTERS_KEPT, Counter, Directory, LegacySplit, Room};
use crate::kernel::rows::{
    CHATS, MEMBERS, PEOPLE, RECORDS_UPGRADE, ROWS_UPGRADE, UPGRADES, put_chat, put_member, put_person,
};
use crate::kernel::standing::Standing;
use crate::kernel::world::{Conversation, Platform, now};

impl Platform {
    /// The directory, after the database's one-time upgrade (the first call does it).
    pub(crate) async fn directory(&self) -> Result<&Mutex<Directory>, ApiError> {
        self.directory
            .get_or_try_init(|| async {
                upgrade(self.storage.as_ref(), self.legacy).await?;
                Ok(Mutex::new(Directory::default()))
            })
            .await
    }

    fn dir<'a>(&self, cell: &'a Mutex<Directory>) -> MutexGuard<'a, Directory> {
        cell.lock().expect("directory lock")
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
        let Some(loaded) = PEOPLE.get(self.storage.as_ref(), 0, &id.to_string()).await? else { return Ok(None) };
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
        let mut people: Vec<UserRecord> = PEOPLE.all(self.storage.as_ref(), 0).await?.into_values().collect();
        people.sort_unstable_by_key(|p| p.id);
        Ok(people)
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
        let storage = self.storage.as_ref();
        let chat = if chat_id < 0 { CHATS.get(storage, 0, &chat_id.to_string()).await? } else { None };
        let members: Vec<MemberRecord> = MEMBERS.all(storage, chat_id).await?.into_values().collect();
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
        let mut ids: Vec<i64> = CHATS.all(self.storage.as_ref(), 0).await?.into_values().map(|c| c.id).collect();
        ids.sort_unstable();
        Ok(ids)
    }

    /// The tables another server's writes to which make this one's copies stale (a shared
    /// storage tells of them: [`Platform::forget_row`]).
    pub(crate) fn watched_tables() -> [&'static str; 4] {
        [PEOPLE.name(), CHATS.name(), MEMBERS.name(), crate::kernel::queries::QUERY_ANSWERS.name()]
    }

    /// Drops what the directory keeps of a row another server wrote: a person, or a chat's
    /// room (its record or a standing in it). A load under way does not cache what it read.
    pub(crate) fn forget_row(&self, table: &str, scope: i64, key: &str) {
        let Some(cell) = self.directory.get() else { return };
        let mut dir = self.dir(cell);
        if table == PEOPLE.name() {
            dir.people_writes += 1;
            if let Ok(id) = key.parse::<i64>() {
                dir.people.remove(&id);
            }
        } else if table == CHATS.name() {
            dir.room_writes += 1;
            if let Ok(id) = key.parse::<i64>() {
                dir.rooms.remove(&id);
            }
        } else if table == MEMBERS.name() {
            dir.room_writes += 1;
            dir.rooms.remove(&scope);
        } else if table == crate::kernel::queries::QUERY_ANSWERS.name() {
            drop(dir);
            let (platform, query_id) = (self.self_arc(), key.to_owned());
            tokio::spawn(async move { platform.answer_arrived(&query_id).await });
        }
    }

    /// Drops what the directory keeps of an entity whose storage lock was just taken.
    pub(crate) fn forget_locked(&self, entity: &crate::kernel::serial::Entity) {
        use crate::kernel::serial::Entity;
        match entity {
            Entity::Chat(id) => self.forget_row(CHATS.name(), 0, &id.to_string()),
            Entity::User(id) => self.forget_row(PEOPLE.name(), 0, &id.to_string()),
            _ => {}
        }
    }

    /// Drops everything the directory keeps of people and chats (another server's writes may
    /// have been missed); counters stay (the storage hands ids out on a shared one).
    pub(crate) fn forget_directory(&self) {
        let Some(cell) = self.directory.get() else { return };
        let mut dir = self.dir(cell);
        dir.people_writes += 1;
        dir.room_writes += 1;
        dir.people.clear();
        dir.rooms.clear();
    }

    // ---------------------------------------------------------------- message counters

    /// The highest message id conversation `key` has given (0: none yet).
    pub(crate) async fn last_message_id(&self, key: &str) -> Result<i64, ApiError> {
        Ok(self.counter(key, 0).await?.0)
    }

    /// Whether conversation `key` has given a message id (a bot may write into a private chat
    /// only then). Ids never go back, so on a shared storage an id this process handed out
    /// answers without asking the storage.
    pub(crate) async fn conversation_started(&self, key: &str) -> Result<bool, ApiError> {
        if self.storage.shared() {
            let cell = self.directory().await?;
            if self.dir(cell).counters.get(key).is_some_and(|counter| counter.last > 0) {
                return Ok(true);
            }
        }
        Ok(self.last_message_id(key).await? > 0)
    }

    /// Hands out conversation `key`'s next message id, with whether the post must store the
    /// conversation's [`CONVERSATIONS`] rows (then [`Platform::conversation_indexed`] once stored).
    ///
    /// On a [shared](msg_core::Journal::shared) storage the id is held by `act` until it has
    /// committed ([`msg_core::MessageIds`]), so ids rise in commit order.
    pub(crate) async fn next_message_id(&self, act: &mut Act, key: &str) -> Result<(i64, bool), ApiError> {
        if !self.storage.shared() {
            return self.counter(key, 1).await;
        }
        let cell = self.directory().await?;
        // The stored last id is read once, as the counter row's floor.
        let known = self.dir(cell).counters.contains_key(key);
        let at_least = if known { 1 } else { self.storage.last_message_id(key).await.map_err(internal)? + 1 };
        let id = match act.message_ids(self.storage.as_ref()).await? {
            Some(ids) => ids.next(key, at_least).await,
            None => self.storage.next_message_id(key, at_least).await,
        };
        let id = id.map_err(internal)?;
        let mut dir = self.dir(cell);
        if dir.counters.len() >= COUNTERS_KEPT {
            dir.counters.retain(|_, counter| counter.used.elapsed() < COUNTER_IDLE);
        }
        let counter =
            dir.counters.entry(key.to_owned()).or_insert(Counter { last: id, used: Instant::now(), indexed: false });
        counter.last = counter.last.max(id);
        counter.used = Instant::now();
        Ok((id, !counter.indexed))
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
    ///
    /// On a [shared](msg_core::Journal::shared) storage the storage's counter row hands ids
    /// out (other servers post in the same conversations, [`Platform::next_message_id`]); what
    /// is kept here is only whether the conversation's rows were stored by this process, and
    /// that it has read the stored last id once (the counter row's floor, for a conversation it
    /// never counted).
    async fn counter(&self, key: &str, step: i64) -> Result<(i64, bool), ApiError> {
        let cell = self.directory().await?;
        if self.storage.shared() && step == 0 {
            return self.storage.last_message_id(key).await.map(|id| (id, false)).map_err(internal);
        }
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

/// Brings a database written by an earlier version up to the rows, once (marked by rows of
/// [`UPGRADES`] stored in the same batch): the people, groups and standings of the legacy tables
/// become rows, after `split` took the lists older records held into their domains' rows (when
/// that was not done yet), and the legacy tables go. Safe to run again and from a second
/// process (every write is a whole row, the same either time).
pub(crate) async fn upgrade(
    storage: &dyn msg_core::StorageBackend,
    split: LegacySplit,
) -> Result<(), msg_core::ApiError> {
    let done = UPGRADES.all(storage, 0).await?;
    if done.contains_key(RECORDS_UPGRADE) {
        // Dropping them may have been cut short the first time.
        return storage.retire_legacy_platform().await.map_err(internal);
    }
    let mut changes = Vec::new();
    if let Some(mut state) = storage.legacy_platform().await.map_err(internal)? {
        if !done.contains_key(ROWS_UPGRADE) {
            changes = split(&mut state);
            for (key, _) in &state.last_message_ids {
                if let Some(Conversation::Private(a, b)) = Conversation::from_key(key) {
                    changes.push(CONVERSATIONS.put(a, key, &()));
                    changes.push(CONVERSATIONS.put(b, key, &()));
                }
            }
        }
        changes.extend(state.users.iter().map(put_person));
        changes.extend(state.chats.iter().map(put_chat));
        changes.extend(state.members.iter().map(put_member));
        tracing::info!(
            "{} people, {} groups and {} standings moved into rows ({} changes)",
            state.users.len(),
            state.chats.len(),
            state.members.len(),
            changes.len()
        );
    }
    changes.push(UPGRADES.put(0, ROWS_UPGRADE, &now()));
    changes.push(UPGRADES.put(0, RECORDS_UPGRADE, &now()));
    storage.apply(changes).await.map_err(internal)?;
    storage.retire_legacy_platform().await.map_err(internal)
}
