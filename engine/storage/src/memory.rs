//! The `memory` backend: everything in one process-wide structure, nothing on disk. For ephemeral
//! runs (CI pipelines, demos) and tests: bots come from `[[bots]]` in the config file and all
//! state is gone when the server stops. It proves the [`StorageBackend`](msg_core::StorageBackend) boundary with a second
//! real implementation next to SQLite; batches apply atomically under one lock.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Mutex;

use msg_core::{
    Administration, BotRecord, BotState, Change, FileRecord, Journal, Notice, Owner, StorageError, StoredUpdate,
};

/// User ids handed out here: the same range as the SQLite backend's.
const ID_RANGE: std::ops::Range<i64> = 1_000_000_000..8_000_000_000;

#[derive(Default)]
struct State {
    bots: BTreeMap<i64, BotRecord>,
    settings: HashMap<i64, BTreeMap<String, String>>,
    queues: HashMap<Owner, BTreeMap<i64, StoredUpdate>>,
    messages: HashMap<String, BTreeMap<i64, String>>,
    /// (date, conversation, message id) of every message, oldest first (retention).
    by_date: std::collections::BTreeSet<(i64, String, i64)>,
    dates: HashMap<(String, i64), i64>,
    /// The highest message id of conversations whose messages retention forgot.
    forgotten_ids: HashMap<String, i64>,
    /// Per bot: (content, kind) → record.
    files: HashMap<i64, BTreeMap<(String, String), FileRecord>>,
    ids: HashSet<i64>,
    person_queue_heads: HashMap<i64, i64>,
    person_files: HashSet<(i64, String)>,
    /// Domains' rows by (table, scope, key).
    records: BTreeMap<(String, i64, String), String>,
    /// Shared mode's counter rows: each queue's last id, each conversation's last message id,
    /// each named counter's last number.
    queue_heads: HashMap<Owner, i64>,
    polls: HashMap<Owner, (i64, i16)>,
    /// Leases by name: (holder, epoch, expires at); servers by id: (started, last seen).
    leases: BTreeMap<String, (String, i64, i64)>,
    instances: BTreeMap<String, (i64, i64)>,
    message_counters: HashMap<String, i64>,
    counters: HashMap<String, i64>,
}

impl State {
    /// Applies one change. A change kind this backend does not know yet (a newer msg-core) is
    /// refused before anything of its batch is applied (see [`MemoryStorage::apply`]).
    fn apply(&mut self, change: Change) {
        match change {
            Change::BotSetting { bot_id, key, value } => {
                let settings = self.settings.entry(bot_id).or_default();
                match value {
                    Some(v) => settings.insert(key, v),
                    None => settings.remove(&key),
                };
            }
            Change::PushUpdate { owner, update } => {
                self.queues.entry(owner).or_default().insert(update.update_id, update);
            }
            Change::Fence { .. } => {}
            Change::AppendUpdate { owner, mut update, first_id } => {
                let head = self.queue_heads.entry(owner).or_insert(first_id - 1);
                *head = (*head + 1).max(first_id);
                update.update_id = *head;
                self.queues.entry(owner).or_default().insert(update.update_id, update);
            }
            Change::DropUpdatesBelow { owner, below } => {
                if let Some(queue) = self.queues.get_mut(&owner) {
                    *queue = queue.split_off(&below);
                }
            }
            Change::DropUpdate { owner, update_id } => {
                if let Some(queue) = self.queues.get_mut(&owner) {
                    queue.remove(&update_id);
                }
            }
            Change::PutMessage(m) => {
                if let Some(old) = self.dates.insert((m.conversation.clone(), m.message_id), m.date) {
                    self.by_date.remove(&(old, m.conversation.clone(), m.message_id));
                }
                self.by_date.insert((m.date, m.conversation.clone(), m.message_id));
                self.messages.entry(m.conversation).or_default().insert(m.message_id, m.payload);
            }
            Change::DeleteMessage { conversation, message_id } => {
                if let Some(date) = self.dates.remove(&(conversation.clone(), message_id)) {
                    self.by_date.remove(&(date, conversation.clone(), message_id));
                }
                if let Some(messages) = self.messages.get_mut(&conversation) {
                    messages.remove(&message_id);
                }
            }
            Change::PutFile(f) => {
                self.files.entry(f.bot_id).or_default().insert((f.content.clone(), f.kind.clone()), f);
            }
            Change::PersonQueueHead { user_id, next_update_id } => {
                let head = self.person_queue_heads.entry(user_id).or_insert(next_update_id);
                *head = (*head).max(next_update_id);
            }
            Change::PersonFile { user_id, content } => {
                self.person_files.insert((user_id, content));
            }
            Change::PutRecord(r) => {
                self.records.insert((r.table, r.scope, r.key), r.value);
            }
            Change::DeleteRecord { table, scope, key } => {
                self.records.remove(&(table, scope, key));
            }
            _ => unreachable!("refused by MemoryStorage::apply"),
        }
    }

    fn supports(change: &Change) -> bool {
        matches!(
            change,
            Change::BotSetting { .. }
                | Change::PushUpdate { .. }
                | Change::AppendUpdate { .. }
                | Change::Fence { .. }
                | Change::DropUpdatesBelow { .. }
                | Change::DropUpdate { .. }
                | Change::PutMessage(_)
                | Change::DeleteMessage { .. }
                | Change::PutFile(_)
                | Change::PersonQueueHead { .. }
                | Change::PersonFile { .. }
                | Change::PutRecord(_)
                | Change::DeleteRecord { .. }
        )
    }

    fn queue(&self, owner: Owner) -> Vec<StoredUpdate> {
        self.queues.get(&owner).map(|q| q.values().cloned().collect()).unwrap_or_default()
    }
}

/// See the module docs.
#[derive(Default)]
pub struct MemoryStorage {
    state: Mutex<State>,
    /// Whether it plays a [shared](Journal::shared) storage (tests of several platforms on one
    /// storage), and the wakes of those listening.
    shared: bool,
    wakes: Mutex<Vec<msg_core::Wake>>,
    watched: Mutex<HashSet<String>>,
    /// Shared mode's locks by key.
    locks: Mutex<HashMap<i64, std::sync::Arc<tokio::sync::Mutex<()>>>>,
}

impl MemoryStorage {
    pub fn new() -> Self {
        Self::default()
    }

    /// A memory storage that behaves as a shared one does (ids from counters, queues read
    /// back, wakes after each batch that appended): several engines in one test process use
    /// it as several servers use one PostgreSQL.
    pub fn shared() -> Self {
        Self { shared: true, ..Self::default() }
    }

    /// Tells those listening of `notices` (a shared storage's commits).
    fn tell(&self, notices: &[Notice]) {
        let wakes = self.wakes.lock().expect("wakes").clone();
        for wake in wakes {
            notices.iter().for_each(|notice| wake(notice.clone()));
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Nothing under this lock can panic (every change is a total map operation), so it is
        // never poisoned.
        self.state.lock().expect("memory storage lock")
    }
}

#[async_trait::async_trait]
impl Journal for MemoryStorage {
    async fn list_bots(&self) -> Result<Vec<BotRecord>, StorageError> {
        Ok(self.lock().bots.values().cloned().collect())
    }
    async fn load_bot(&self, bot_id: i64) -> Result<Option<BotRecord>, StorageError> {
        Ok(self.lock().bots.get(&bot_id).cloned())
    }
    async fn allocate_user_id(&self) -> Result<i64, StorageError> {
        let mut state = self.lock();
        for _ in 0..64 {
            let id = msg_core::random::between(ID_RANGE.start, ID_RANGE.end - 1);
            if state.ids.insert(id) {
                return Ok(id);
            }
        }
        Err(StorageError::Conflict("could not find a free user id".into()))
    }
    async fn apply(&self, changes: Vec<Change>) -> Result<(), StorageError> {
        if let Some(unknown) = changes.iter().find(|c| !State::supports(c)) {
            return Err(StorageError::Conflict(format!("the memory backend cannot apply {unknown:?}")));
        }
        let mut notices: Vec<Notice> = Vec::new();
        {
            let mut state = self.lock();
            for change in &changes {
                if let Change::Fence { lease, holder, epoch } = change
                    && state.leases.get(lease).is_none_or(|(h, e, _)| h != holder || e != epoch)
                {
                    return Err(StorageError::Fenced(lease.clone()));
                }
            }
            for change in changes {
                let row = |table: &str, scope: i64, key: &str| {
                    let watched = self.watched.lock().expect("watched").contains(table);
                    watched.then(|| Notice::Row { table: table.to_owned(), scope, key: key.to_owned() })
                };
                let notice = match &change {
                    Change::AppendUpdate { owner, .. } => Some(Notice::Queue(*owner)),
                    Change::BotSetting { bot_id, .. } => Some(Notice::Bot(*bot_id)),
                    Change::PutRecord(r) => row(&r.table, r.scope, &r.key),
                    Change::DeleteRecord { table, scope, key } => row(table, *scope, key),
                    _ => None,
                };
                if let Some(notice) = notice.filter(|n| !notices.contains(n)) {
                    notices.push(notice);
                }
                state.apply(change);
            }
        }
        if self.shared {
            self.tell(&notices);
        }
        Ok(())
    }
    fn shared(&self) -> bool {
        self.shared
    }
    async fn next_message_id(&self, conversation: &str, at_least: i64) -> Result<i64, StorageError> {
        let mut state = self.lock();
        let next = state.message_counters.get(conversation).map_or(at_least, |last| (last + 1).max(at_least));
        state.message_counters.insert(conversation.to_owned(), next);
        Ok(next)
    }
    async fn next_number(&self, name: &str, at_least: i64) -> Result<i64, StorageError> {
        let mut state = self.lock();
        let next = state.counters.get(name).map_or(at_least, |last| (last + 1).max(at_least));
        state.counters.insert(name.to_owned(), next);
        Ok(next)
    }
    fn listen(&self, wake: msg_core::Wake) {
        self.wakes.lock().expect("wakes").push(wake);
    }
    async fn lock(&self, key: i64) -> Result<Option<msg_core::StorageLock>, StorageError> {
        if !self.shared {
            return Ok(None);
        }
        let lock = self.locks.lock().expect("locks").entry(key).or_default().clone();
        Ok(Some(Box::new(lock.lock_owned().await)))
    }
    fn watch(&self, tables: &[&str]) {
        self.watched.lock().expect("watched").extend(tables.iter().map(|t| (*t).to_owned()));
    }
    async fn begin_poll(&self, owner: Owner, reason: i16) -> Result<i64, StorageError> {
        let generation = {
            let mut state = self.lock();
            let poll = state.polls.entry(owner).or_insert((0, 0));
            *poll = (poll.0 + 1, reason);
            poll.0
        };
        self.tell(&[Notice::Queue(owner)]);
        Ok(generation)
    }
    async fn lease(&self, name: &str, holder: &str, ttl: i64) -> Result<Option<i64>, StorageError> {
        let now = msg_core::storage::now_unix();
        let mut state = self.lock();
        let lease = state.leases.entry(name.to_owned()).or_insert((holder.to_owned(), 0, 0));
        if lease.0 == holder {
            lease.1 = lease.1.max(1);
        } else if lease.2 < now {
            *lease = (holder.to_owned(), lease.1 + 1, 0);
        } else {
            return Ok(None);
        }
        lease.2 = now + ttl;
        Ok(Some(lease.1))
    }
    async fn release(&self, name: &str, holder: &str) -> Result<(), StorageError> {
        if let Some(lease) = self.lock().leases.get_mut(name).filter(|l| l.0 == holder) {
            lease.2 = 0;
        }
        Ok(())
    }
    async fn leases(&self) -> Result<Vec<msg_core::Lease>, StorageError> {
        let now = msg_core::storage::now_unix();
        let state = self.lock();
        Ok(state
            .leases
            .iter()
            .map(|(name, (holder, epoch, expires))| msg_core::Lease::new(name, holder, *epoch, expires - now))
            .collect())
    }
    async fn heartbeat(&self, id: &str, started_at: i64, within: i64) -> Result<Vec<msg_core::Instance>, StorageError> {
        if !self.shared {
            return Ok(Vec::new());
        }
        self.lock().instances.insert(id.to_owned(), (started_at, msg_core::storage::now_unix()));
        self.instances(within).await
    }
    async fn leave(&self, id: &str) -> Result<(), StorageError> {
        self.lock().instances.remove(id);
        Ok(())
    }
    async fn instances(&self, within: i64) -> Result<Vec<msg_core::Instance>, StorageError> {
        let now = msg_core::storage::now_unix();
        Ok(self
            .lock()
            .instances
            .iter()
            .filter(|(_, (_, seen))| now - seen <= within)
            .map(|(id, (started, seen))| msg_core::Instance::new(id, *started, now - seen))
            .collect())
    }
    async fn deployment_id(&self) -> Result<Option<String>, StorageError> {
        Ok(self.shared.then(|| "memory".to_owned()))
    }
    async fn poll_generation(&self, owner: Owner) -> Result<(i64, i16), StorageError> {
        Ok(self.lock().polls.get(&owner).copied().unwrap_or((0, 0)))
    }
    async fn load_bot_state(&self, bot_id: i64) -> Result<BotState, StorageError> {
        let state = self.lock();
        let mut out = BotState::default();
        out.settings = state.settings.get(&bot_id).map(|s| s.clone().into_iter().collect()).unwrap_or_default();
        out.updates = state.queue(Owner::Bot(bot_id));
        Ok(out)
    }
    async fn load_bot_setting(&self, bot_id: i64, key: &str) -> Result<Option<String>, StorageError> {
        Ok(self.lock().settings.get(&bot_id).and_then(|s| s.get(key)).cloned())
    }
    async fn last_message_id(&self, conversation: &str) -> Result<i64, StorageError> {
        let state = self.lock();
        let stored = state.messages.get(conversation).and_then(|m| m.keys().next_back().copied());
        let forgotten = state.forgotten_ids.get(conversation).copied();
        let counted = state.message_counters.get(conversation).copied();
        Ok(stored.unwrap_or(0).max(forgotten.unwrap_or(0)).max(counted.unwrap_or(0)))
    }
    async fn load_user_updates(&self, user_id: i64) -> Result<Vec<StoredUpdate>, StorageError> {
        Ok(self.lock().queue(Owner::User(user_id)))
    }
    async fn person_has_file(&self, user_id: i64, content: &str) -> Result<bool, StorageError> {
        Ok(self.lock().person_files.contains(&(user_id, content.to_owned())))
    }
    async fn load_person_queue_head(&self, user_id: i64) -> Result<Option<i64>, StorageError> {
        Ok(self.lock().person_queue_heads.get(&user_id).copied())
    }
    async fn load_message(&self, conversation: &str, message_id: i64) -> Result<Option<String>, StorageError> {
        Ok(self.lock().messages.get(conversation).and_then(|m| m.get(&message_id)).cloned())
    }
    async fn load_messages(
        &self,
        conversation: &str,
        after: i64,
        before: i64,
        limit: usize,
    ) -> Result<Vec<(i64, String)>, StorageError> {
        let state = self.lock();
        let Some(messages) = state.messages.get(conversation) else { return Ok(Vec::new()) };
        if after.saturating_add(1) >= before {
            return Ok(Vec::new());
        }
        Ok(messages.range(after + 1..before).rev().take(limit).map(|(id, p)| (*id, p.clone())).collect())
    }
    async fn load_record(&self, table: &str, scope: i64, key: &str) -> Result<Option<String>, StorageError> {
        Ok(self.lock().records.get(&(table.to_owned(), scope, key.to_owned())).cloned())
    }
    async fn load_records(&self, table: &str, scope: i64) -> Result<Vec<(String, String)>, StorageError> {
        let state = self.lock();
        let from = (table.to_owned(), scope, String::new());
        let rows = state.records.range(from..).take_while(|((t, s, _), _)| t == table && *s == scope);
        Ok(rows.map(|((_, _, key), value)| (key.clone(), value.clone())).collect())
    }
    async fn find_records(&self, table: &str, key: &str) -> Result<Vec<(i64, String)>, StorageError> {
        let state = self.lock();
        let rows = state.records.range((table.to_owned(), i64::MIN, String::new())..);
        let rows = rows.take_while(|((t, _, _), _)| t == table).filter(|((_, _, k), _)| k == key);
        Ok(rows.map(|((_, scope, _), value)| (*scope, value.clone())).collect())
    }
    async fn record_scopes(&self, table: &str) -> Result<Vec<i64>, StorageError> {
        let state = self.lock();
        let rows = state.records.range((table.to_owned(), i64::MIN, String::new())..);
        let mut scopes: Vec<i64> = rows.take_while(|((t, _, _), _)| t == table).map(|((_, s, _), _)| *s).collect();
        scopes.dedup();
        Ok(scopes)
    }
    async fn load_file(&self, bot_id: i64, content: &str, kind: &str) -> Result<Option<FileRecord>, StorageError> {
        let state = self.lock();
        Ok(state.files.get(&bot_id).and_then(|f| f.get(&(content.to_owned(), kind.to_owned()))).cloned())
    }
    async fn list_files(&self, bot_id: i64) -> Result<Vec<FileRecord>, StorageError> {
        Ok(self.lock().files.get(&bot_id).map(|f| f.values().cloned().collect()).unwrap_or_default())
    }
}

#[async_trait::async_trait]
impl Administration for MemoryStorage {
    fn kind(&self) -> &str {
        "memory"
    }
    async fn save_bot(&self, bot: &BotRecord) -> Result<(), StorageError> {
        let mut state = self.lock();
        state.ids.insert(bot.id);
        state.bots.insert(bot.id, bot.clone());
        drop(state);
        if self.shared {
            self.tell(&[Notice::Bot(bot.id)]);
        }
        Ok(())
    }
    async fn forget_messages(&self, before: i64, limit: usize) -> Result<usize, StorageError> {
        let mut state = self.lock();
        let state = &mut *state;
        let old: Vec<(i64, String, i64)> =
            state.by_date.iter().take_while(|(date, _, _)| *date < before).take(limit).cloned().collect();
        for (date, conversation, message_id) in &old {
            state.by_date.remove(&(*date, conversation.clone(), *message_id));
            state.dates.remove(&(conversation.clone(), *message_id));
            let last = state.forgotten_ids.entry(conversation.clone()).or_insert(*message_id);
            *last = (*last).max(*message_id);
            if let Some(messages) = state.messages.get_mut(conversation) {
                messages.remove(message_id);
            }
        }
        Ok(old.len())
    }
    async fn replace_bot(&self, bot: &BotRecord, state: &BotState, files: &[FileRecord]) -> Result<(), StorageError> {
        let mut held = self.lock();
        held.ids.insert(bot.id);
        held.bots.insert(bot.id, bot.clone());
        held.settings.insert(bot.id, state.settings.iter().cloned().collect());
        held.queues.insert(Owner::Bot(bot.id), state.updates.iter().map(|u| (u.update_id, u.clone())).collect());
        held.queue_heads.remove(&Owner::Bot(bot.id));
        let files = files.iter().map(|f| ((f.content.clone(), f.kind.clone()), f.clone())).collect();
        held.files.insert(bot.id, files);
        Ok(())
    }
}
