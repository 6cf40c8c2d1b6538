//! Update queues ("mailboxes"), one per bot and one per person. An update becomes visible only
//! once the storage batch holding it has committed, and always in update-id order: ids are taken
//! under the queue's lock, the entry waits uncommitted, and readers stop at the first uncommitted
//! entry. Long polls and webhook workers wait on a `Notify`, so a new update wakes them at once.
//!
//! On a [shared](msg_core::Journal::shared) storage (several servers on one PostgreSQL) the queue
//! is the storage's: an update gets its id when its batch commits ([`Change::AppendUpdate`]), and
//! a mailbox is a cache of what it read back ([`Mailbox::refresh`]), looked at again when the
//! storage says a batch appended to it ([`Mailbox::wake`], from any server) and every
//! [`RECHECK`] while something waits, so a lost wake delays an update but never loses it.
#![forbid(unsafe_code)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use msg_core::{Change, Owner, Reserved, Settle, StorageBackend, StorageError, StoredUpdate};
use tokio::sync::Notify;

/// The reference's cap on one getUpdates answer (~4 MiB of JSON; each update counts size + 50).
const MAX_RESPONSE_BYTES: usize = 4 << 20;
/// The reference's per-queue caps: excess updates are dropped.
const MAX_QUEUE_LEN: usize = 100_000;
/// Committed updates whose payload a queue keeps in memory. Those after them keep only their
/// id, chat and expiry (about a sixth of the memory); their payload stays on disk until a reader
/// gets near them ([`Mailbox::fill`]), so a queue nobody reads costs little memory however long.
const KEPT: usize = 1_000;
/// Payloads on disk [`Mailbox::fill`] reads back from the first the next read needs on (with
/// the others that read needs), so the reads after it find theirs in memory.
const READ_AHEAD: usize = 256;
/// How often a reader of a shared queue reads it back while it waits, whether or not it was
/// woken.
pub const RECHECK: Duration = Duration::from_secs(1);
/// Updates a shared queue reads back at once.
const REFRESH_PAGE: usize = 1_000;

#[derive(Debug)]
struct Entry {
    update: StoredUpdate,
    committed: bool,
    /// A webhook delivery of this update is in flight.
    in_flight: bool,
    /// Committed, and its kind and payload are on disk only (emptied here): readers stop at it
    /// as at an uncommitted one, until [`Mailbox::fill`] reads them back.
    stored: bool,
}

impl Entry {
    /// Whether a reader can hand it out now.
    fn readable(&self) -> bool {
        self.committed && !self.stored
    }
}

#[derive(Debug)]
struct Queue {
    /// The id the next update gets; on a shared storage, one past the highest read back (the
    /// least id the storage may give next).
    next_id: i64,
    /// The queue is a shared storage's ([`Mailbox::refresh`]).
    shared: bool,
    entries: VecDeque<Entry>,
    /// Committed entries holding their payload.
    kept: usize,
    /// How many committed entries may hold their payload ([`KEPT`]; fewer in tests).
    keep: usize,
    /// How many payloads a read-back reads on from the first it needs ([`READ_AHEAD`]; fewer in
    /// tests).
    ahead: usize,
    /// Bumped by each getUpdates so an older waiting poll knows it was superseded.
    poll_generation: u64,
    /// Why waiting polls must stop (set with a bumped generation).
    poll_abort: Option<PollAbort>,
    /// The offset and arrival of the previous getUpdates (anti-busy-loop).
    last_poll: Option<(i64, Instant)>,
    /// When the last 409 was answered without delay.
    last_conflict: Option<Instant>,
}

/// getUpdates pacing, as the reference: the same offset again within 3 s raises `timeout` to
/// 3 s; within 0.5 s it also forces `limit` to 1.
const BUSY_LOOP_WINDOW: Duration = Duration::from_secs(3);
const BUSY_LOOP_TIMEOUT: i64 = 3;
const BUSY_LOOP_LIMIT_WINDOW: Duration = Duration::from_millis(500);
/// One 409 is answered at once per 3 s; the others wait 3 s before they are answered.
const CONFLICT_WINDOW: Duration = Duration::from_secs(3);

/// Why a long poll ended early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PollAbort {
    /// A newer getUpdates arrived.
    OtherGetUpdates,
    /// setWebhook was called.
    SetWebhook,
    /// The bot was logged out or closed, or the server is draining: answer with what there is.
    Closing,
}

impl PollAbort {
    /// As a shared storage records it ([`msg_core::Journal::begin_poll`]).
    fn code(self) -> i16 {
        match self {
            Self::OtherGetUpdates => 0,
            Self::SetWebhook => 1,
            Self::Closing => 2,
        }
    }

    fn of_code(code: i16) -> Self {
        match code {
            1 => Self::SetWebhook,
            2 => Self::Closing,
            _ => Self::OtherGetUpdates,
        }
    }
}

/// One owner's queue.
pub struct Mailbox {
    pub owner: Owner,
    queue: Mutex<Queue>,
    notify: Notify,
    /// Held while a long poll of a shared queue begins here and in the storage, so that this
    /// server's polls get their generations in the same order in both.
    beginning: tokio::sync::Mutex<()>,
    /// Held while a shared queue is read back, and how many read-backs took it: readers woken
    /// together (a thousand push streams of one person) share one ([`Mailbox::refresh`]).
    refreshing: tokio::sync::Mutex<()>,
    refreshes: std::sync::atomic::AtomicU64,
}

/// The bot setting that keeps a bot queue's next update id, written whenever updates are
/// forgotten, so ids go on increasing after a restart that finds the queue empty (a bot that
/// acknowledged with `offset` would not see a reused, lower id).
pub const NEXT_ID_SETTING: &str = "next_update_id";

/// The first update id of a new queue: random in [2000001, 1e9], as the reference does.
pub fn first_update_id() -> i64 {
    msg_core::random::between(2_000_001, 1_000_000_000)
}

/// What a reader does at an entry, in queue order.
enum Step {
    /// Uncommitted: nothing after it is handed out yet.
    Stop,
    /// In flight, or of a chat with one in flight (deliveries only).
    Skip,
    Expired,
    /// Handed out.
    Take,
    /// Would be handed out, but its payload is on disk only: the reader stops until
    /// [`Mailbox::fill`] reads it back (never skipping past it).
    OnDisk,
}

/// The rules every reader of a queue walks by ([`Mailbox::read_after`],
/// [`Mailbox::take_for_delivery`], [`Mailbox::fill`]), in one place so that what `fill` reads
/// back is what the others hand out.
struct Walk {
    now: i64,
    /// For deliveries: the chats with an update in flight or taken (one per chat at a time).
    busy: Option<Vec<i64>>,
}

impl Walk {
    fn reading(now: i64) -> Self {
        Self { now, busy: None }
    }

    fn delivering(q: &Queue, now: i64) -> Self {
        Self { now, busy: Some(q.entries.iter().filter(|e| e.in_flight).map(|e| e.update.chat_key).collect()) }
    }

    fn step(&mut self, e: &Entry) -> Step {
        if !e.committed {
            return Step::Stop;
        }
        if let Some(busy) = &self.busy
            && (e.in_flight || busy.contains(&e.update.chat_key))
        {
            return Step::Skip;
        }
        if e.update.expires_at < self.now {
            return Step::Expired;
        }
        if let Some(busy) = &mut self.busy {
            busy.push(e.update.chat_key);
        }
        if e.stored { Step::OnDisk } else { Step::Take }
    }
}

impl Queue {
    /// Whether a reader from the head hands out an update (or reads one back) before it stops.
    fn has_readable(&self, now: i64) -> bool {
        let mut walk = Walk::reading(now);
        for e in &self.entries {
            match walk.step(e) {
                Step::Stop => return false,
                Step::Take | Step::OnDisk => return true,
                Step::Skip | Step::Expired => {}
            }
        }
        false
    }

    /// Forgets the entries `gone` picks, keeping the count of payloads held right.
    fn forget(&mut self, gone: impl Fn(&Entry) -> bool) {
        let mut released = 0;
        self.entries.retain(|e| {
            let go = gone(e);
            released += usize::from(go && e.readable());
            !go
        });
        self.kept = self.kept.saturating_sub(released);
    }

    /// Marks `entry`'s update committed: it keeps its payload while fewer than `keep` do, else
    /// lets it go (it is on disk).
    fn commit(kept: &mut usize, keep: usize, entry: &mut Entry) {
        entry.committed = true;
        if *kept < keep {
            *kept += 1;
        } else {
            entry.stored = true;
            entry.update.kind = String::new();
            entry.update.payload = String::new();
        }
    }

    /// Takes in an update read back from a shared storage, committed, at its place in id order
    /// (nothing when it is there already); the next id moves past it.
    fn admit(&mut self, update: StoredUpdate) {
        let id = update.update_id;
        let at = self.entries.partition_point(|e| e.update.update_id < id);
        if self.entries.get(at).is_some_and(|e| e.update.update_id == id) {
            return;
        }
        self.next_id = self.next_id.max(id + 1);
        let mut entry = Entry { update, committed: false, in_flight: false, stored: false };
        Queue::commit(&mut self.kept, self.keep, &mut entry);
        self.entries.insert(at, entry);
    }

    /// The entry of `update_id`; entries are in update_id order, so no walk through the queue.
    /// A pushed entry is settled while it is still at or near the back, where this looks first:
    /// a binary search of a long queue (nobody reading it) missed the cache at every step.
    fn entry_mut(&mut self, update_id: i64) -> Option<&mut Entry> {
        let len = self.entries.len();
        let at = match self.entries.iter().rev().take(8).position(|e| e.update.update_id <= update_id) {
            Some(from_back) => len - 1 - from_back,
            None => self.entries.partition_point(|e| e.update.update_id < update_id),
        };
        self.entries.get_mut(at).filter(|e| e.update.update_id == update_id)
    }
}

impl Mailbox {
    /// A mailbox holding `updates` (loaded from storage) whose next id is `next_id`, of a
    /// storage [shared](msg_core::Journal::shared) or not.
    pub fn new(owner: Owner, updates: Vec<StoredUpdate>, next_id: i64, shared: bool) -> Arc<Self> {
        let mailbox = Self::keeping(owner, updates, next_id, KEPT, READ_AHEAD);
        mailbox.lock().shared = shared;
        mailbox
    }

    /// [`Mailbox::new`] keeping the payloads of `keep` committed updates in memory and reading
    /// `ahead` more back at once.
    fn keeping(owner: Owner, updates: Vec<StoredUpdate>, next_id: i64, keep: usize, ahead: usize) -> Arc<Self> {
        let next_id = updates.last().map_or(next_id, |u| next_id.max(u.update_id + 1));
        let mut kept = 0;
        let entries = updates
            .into_iter()
            .map(|update| {
                let mut entry = Entry { update, committed: false, in_flight: false, stored: false };
                Queue::commit(&mut kept, keep, &mut entry);
                entry
            })
            .collect();
        Arc::new(Self {
            owner,
            queue: Mutex::new(Queue {
                next_id,
                shared: false,
                entries,
                kept,
                keep,
                ahead,
                poll_generation: 0,
                poll_abort: None,
                last_poll: None,
                last_conflict: None,
            }),
            notify: Notify::new(),
            beginning: tokio::sync::Mutex::new(()),
            refreshing: tokio::sync::Mutex::new(()),
            refreshes: std::sync::atomic::AtomicU64::new(0),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().expect("mailbox lock")
    }

    /// The id the next update will get.
    pub fn next_id(&self) -> i64 {
        self.lock().next_id
    }

    /// Appends an update and persists it with `extra` changes in one batch; visible (and
    /// returned) once durable. Returns `None` when the queue is full and the update was dropped.
    ///
    /// Cancellation safety: see [`commit`]; the reservation is committed in the same call.
    pub async fn push(
        self: &Arc<Self>,
        storage: &Arc<dyn StorageBackend>,
        kind: &str,
        payload: String,
        chat_key: i64,
        expires_at: i64,
        extra: Vec<Change>,
    ) -> Result<Option<i64>, StorageError> {
        let reserved = self.reserve(kind, payload, chat_key, expires_at);
        let id = reserved.as_ref().map(Reserved::update_id);
        commit(storage, extra, reserved.into_iter().collect()).await?;
        Ok(id)
    }

    /// Gives an update its id and its place at the end of the queue, uncommitted (readers stop
    /// at it), for the caller to commit with the rest of its act ([`commit`]). Dropped without
    /// being committed, the reservation takes the entry out again. `None` when the queue is
    /// full: the update is dropped, as the reference drops it.
    ///
    /// On a shared storage the update gets its id when the batch commits, and no place here:
    /// readers find it when they read the queue back (the reservation's id is 0).
    pub fn reserve(self: &Arc<Self>, kind: &str, payload: String, chat_key: i64, expires_at: i64) -> Option<Reserved> {
        let update = {
            let mut q = self.lock();
            if q.entries.len() >= MAX_QUEUE_LEN {
                return None;
            }
            if q.shared {
                let update = StoredUpdate { update_id: 0, kind: kind.to_owned(), payload, chat_key, expires_at };
                let change = Change::AppendUpdate { owner: self.owner, update, first_id: q.next_id };
                let mailbox = self.clone();
                let settle: Settle = Box::new(move |durable| {
                    if durable {
                        mailbox.wake();
                    }
                });
                return Some(Reserved::new(0, change, settle));
            }
            let update_id = q.next_id;
            q.next_id += 1;
            let update = StoredUpdate { update_id, kind: kind.to_owned(), payload, chat_key, expires_at };
            q.entries.push_back(Entry { update: update.clone(), committed: false, in_flight: false, stored: false });
            update
        };
        let id = update.update_id;
        let mailbox = self.clone();
        let settle: Settle = Box::new(move |durable| mailbox.settle(id, durable));
        Some(Reserved::new(id, Change::PushUpdate { owner: self.owner, update }, settle))
    }

    /// Marks a pushed entry committed (and wakes readers), or removes it when its batch failed.
    fn settle(&self, update_id: i64, committed: bool) {
        {
            let mut q = self.lock();
            if committed {
                let (keep, mut kept) = (q.keep, q.kept);
                if let Some(e) = q.entry_mut(update_id).filter(|e| !e.committed) {
                    Queue::commit(&mut kept, keep, e);
                }
                q.kept = kept;
            } else {
                q.forget(|e| e.update.update_id == update_id);
            }
        }
        if committed {
            self.notify.notify_waiters();
        }
    }

    /// Forgets updates below `below` (acknowledged by a getUpdates offset), durably.
    pub async fn ack_below(&self, storage: &Arc<dyn StorageBackend>, below: i64) -> Result<(), StorageError> {
        let any = {
            let mut q = self.lock();
            let before = q.entries.len();
            q.forget(|e| e.update.update_id < below && e.committed);
            before != q.entries.len()
        };
        if any {
            durably(storage, self.forgetting(Change::DropUpdatesBelow { owner: self.owner, below })).await?;
        }
        Ok(())
    }

    /// `change`, which forgets updates, with the next id recorded beside it (a shared storage
    /// keeps it in the queue's counter row).
    fn forgetting(&self, change: Change) -> Vec<Change> {
        std::iter::once(change).chain(self.head_record()).collect()
    }

    /// The change that records the queue's next id (a bot's setting, a person's queue head);
    /// none on a shared storage, whose queue counter row keeps it.
    fn head_record(&self) -> Option<Change> {
        let (shared, next) = {
            let q = self.lock();
            (q.shared, q.next_id)
        };
        if shared {
            return None;
        }
        Some(match self.owner {
            Owner::Bot(bot_id) => {
                Change::BotSetting { bot_id, key: NEXT_ID_SETTING.into(), value: Some(next.to_string()) }
            }
            Owner::User(user_id) => Change::PersonQueueHead { user_id, next_update_id: next },
        })
    }

    /// Forgets the updates past their expiry (not one in flight), durably; how many went.
    pub async fn expire(&self, storage: &Arc<dyn StorageBackend>, now: i64) -> Result<usize, StorageError> {
        let gone: Vec<i64> = {
            let mut q = self.lock();
            let gone = q
                .entries
                .iter()
                .filter(|e| e.committed && !e.in_flight && e.update.expires_at < now)
                .map(|e| e.update.update_id)
                .collect::<Vec<_>>();
            q.forget(|e| e.committed && !e.in_flight && e.update.expires_at < now);
            gone
        };
        if gone.is_empty() {
            return Ok(0);
        }
        let mut changes: Vec<Change> =
            gone.iter().map(|&update_id| Change::DropUpdate { owner: self.owner, update_id }).collect();
        changes.extend(self.head_record());
        durably(storage, changes).await?;
        Ok(gone.len())
    }

    /// Forgets everything pending (`drop_pending_updates`), durably.
    pub async fn clear(&self, storage: &Arc<dyn StorageBackend>) -> Result<(), StorageError> {
        self.refresh(storage).await?;
        let below = self.lock().next_id;
        self.ack_below(storage, below).await
    }

    /// Removes one update (delivered by webhook, or expired).
    pub async fn remove(&self, storage: &Arc<dyn StorageBackend>, update_id: i64) -> Result<(), StorageError> {
        self.remove_fenced(storage, update_id, None).await
    }

    /// [`Mailbox::remove`] with `fence` ([`Change::Fence`]: the webhook lease of a shared
    /// storage) in its batch: a server that lost the lease removes nothing from the storage.
    pub async fn remove_fenced(
        &self,
        storage: &Arc<dyn StorageBackend>,
        update_id: i64,
        fence: Option<Change>,
    ) -> Result<(), StorageError> {
        self.lock().forget(|e| e.update.update_id == update_id);
        let mut changes = self.forgetting(Change::DropUpdate { owner: self.owner, update_id });
        changes.extend(fence);
        durably(storage, changes).await
    }

    /// Reads a shared storage's queue again whole, from its head, dropping what is kept of it
    /// (nothing may be in flight): what another server removed from the middle of the queue
    /// (a webhook's deliveries, while it held the lease) is gone from here too.
    pub async fn reload(&self, storage: &Arc<dyn StorageBackend>) -> Result<(), StorageError> {
        if !self.shared() {
            return Ok(());
        }
        let mut after = i64::MIN;
        let mut first_page = true;
        loop {
            let (updates, _) = storage.load_updates_after(self.owner, after, REFRESH_PAGE).await?;
            let read = updates.len();
            let mut q = self.lock();
            if first_page {
                q.entries.retain(|e| e.in_flight);
                q.kept = q.entries.iter().filter(|e| e.readable()).count();
                first_page = false;
            }
            for update in updates {
                after = update.update_id;
                q.admit(update);
            }
            if read < REFRESH_PAGE {
                return Ok(());
            }
        }
    }

    /// Reads back what a shared storage holds of this queue that this mailbox does not know:
    /// the updates other servers (and this one) appended since it last looked, and what they
    /// acknowledged (the storage's queue starts later than this one). Nothing on a storage of
    /// this process's own, whose mailbox is the queue.
    ///
    /// Cancellation safety: what was read is put in under the lock only, each update once and
    /// in id order; a refresh dropped half-way leaves the next to read on.
    ///
    /// Readers asking at once share one read: one that began after this call was made covers
    /// it.
    pub async fn refresh(&self, storage: &Arc<dyn StorageBackend>) -> Result<(), StorageError> {
        if !self.lock().shared {
            return Ok(());
        }
        use std::sync::atomic::Ordering;
        let asked = self.refreshes.load(Ordering::Acquire);
        let _taken = self.refreshing.lock().await;
        if self.refreshes.load(Ordering::Acquire) != asked {
            // A read took the lock after this call was made (so began after it), and ended.
            return Ok(());
        }
        self.refreshes.fetch_add(1, Ordering::AcqRel);
        loop {
            let after = self.lock().next_id - 1;
            let (updates, first) = storage.load_updates_after(self.owner, after, REFRESH_PAGE).await?;
            let read = updates.len();
            let mut q = self.lock();
            if let Some(first) = first {
                q.forget(|e| e.committed && !e.in_flight && e.update.update_id < first);
            } else if read == 0 {
                q.forget(|e| e.committed && !e.in_flight);
            }
            let known = q.next_id;
            for update in updates.into_iter().filter(|u| u.update_id >= known) {
                q.admit(update);
            }
            if read < REFRESH_PAGE {
                return Ok(());
            }
        }
    }

    /// Whether this queue is a shared storage's.
    pub fn shared(&self) -> bool {
        self.lock().shared
    }

    /// Resolves a getUpdates `offset` into the id below which updates are acknowledged, with the
    /// reference's rules: negative keeps the last N; far outside the queue reads from the head.
    pub fn ack_point(&self, offset: i64) -> Option<i64> {
        let q = self.lock();
        let committed: Vec<i64> = q.entries.iter().filter(|e| e.committed).map(|e| e.update.update_id).collect();
        if offset < 0 {
            let keep = offset.unsigned_abs() as usize;
            return (committed.len() > keep).then(|| committed[committed.len() - keep]);
        }
        if offset == 0 {
            return None;
        }
        let head = committed.first().copied().unwrap_or(q.next_id);
        let tail = q.next_id;
        if offset > tail + 10 || offset < head.saturating_sub(100_000) { None } else { Some(offset) }
    }

    /// Reads back from `storage` the payloads the next read needs: of the first `limit` updates
    /// after `after` (`None`: from the head) that a reader would hand out at `now` (committed,
    /// unexpired; with `delivery`, as [`Mailbox::take_for_delivery`] takes them: not in flight,
    /// one per chat, none of a chat with one in flight), those that keep theirs on disk only. The
    /// readers that follow ([`Mailbox::read_after`], [`Mailbox::take_for_delivery`]) then get that
    /// far without stopping early.
    ///
    /// Cancellation safety: nothing changes until the payloads are read; they are then put back
    /// under the lock, each only if its entry is still there and still without one.
    pub async fn fill(
        &self,
        storage: &Arc<dyn StorageBackend>,
        after: Option<i64>,
        limit: usize,
        now: i64,
        delivery: bool,
    ) -> Result<usize, StorageError> {
        let wanted: Vec<i64> = {
            let q = self.lock();
            let start = after.map_or(0, |id| q.entries.partition_point(|e| e.update.update_id <= id));
            let mut walk = if delivery { Walk::delivering(&q, now) } else { Walk::reading(now) };
            let mut counted = 0;
            let mut wanted = Vec::new();
            for e in q.entries.iter().skip(start) {
                if counted >= limit {
                    break;
                }
                match walk.step(e) {
                    Step::Stop => break,
                    Step::Skip | Step::Expired => {}
                    Step::Take => counted += 1,
                    Step::OnDisk => {
                        counted += 1;
                        wanted.push(e.update.update_id);
                    }
                }
            }
            // Once it must read back, it reads ahead too: the next reads (a webhook's loop goes
            // round at each delivery) then find their payloads in memory, not a trip each.
            if let Some(&first) = wanted.first() {
                let from = q.entries.partition_point(|e| e.update.update_id < first);
                let ahead = q.entries.iter().skip(from).take_while(|e| e.committed);
                wanted.extend(ahead.filter(|e| e.stored).take(q.ahead).map(|e| e.update.update_id));
                wanted.sort_unstable();
                wanted.dedup();
            }
            wanted
        };
        if wanted.is_empty() {
            return Ok(0);
        }
        let loaded = storage.load_updates(self.owner, &wanted).await?;
        let mut q = self.lock();
        let mut restored = 0;
        // Asked for and not stored: gone (expired, or removed by another server of a shared
        // storage); a reader must not stop at it for ever.
        let missing: Vec<i64> =
            wanted.iter().copied().filter(|id| !loaded.iter().any(|u| u.update_id == *id)).collect();
        if !missing.is_empty() {
            q.forget(|e| e.stored && !e.in_flight && missing.binary_search(&e.update.update_id).is_ok());
        }
        for update in loaded {
            if let Some(e) = q.entry_mut(update.update_id).filter(|e| e.stored) {
                e.update.kind = update.kind;
                e.update.payload = update.payload;
                e.stored = false;
                restored += 1;
            }
        }
        q.kept += restored;
        Ok(restored)
    }

    /// Up to `limit` committed, unexpired updates from the head, as `(id, JSON)`.
    pub fn peek(&self, limit: usize, now: i64) -> Vec<(i64, String)> {
        self.read_after(None, limit, now)
    }

    /// [`Mailbox::peek`] past `after` (`None`: from the head): a reader that acknowledges
    /// nothing, such as a person's push stream, reads on from the last update it sent.
    pub fn read_after(&self, after: Option<i64>, limit: usize, now: i64) -> Vec<(i64, String)> {
        self.read(after, limit, now).0
    }

    /// [`Mailbox::read_after`], reading back from `storage` first what it needs when it would
    /// stop short at an update whose payload is on disk only. Cancellation-safe as
    /// [`Mailbox::fill`] is.
    pub async fn read_after_filled(
        &self,
        storage: &Arc<dyn StorageBackend>,
        after: Option<i64>,
        limit: usize,
        now: i64,
    ) -> Result<Vec<(i64, String)>, StorageError> {
        let (read, short) = self.read(after, limit, now);
        if !short {
            return Ok(read);
        }
        self.fill(storage, after, limit, now, false).await?;
        Ok(self.read(after, limit, now).0)
    }

    /// [`Mailbox::read_after`]'s updates, and whether it stopped short at one on disk only.
    fn read(&self, after: Option<i64>, limit: usize, now: i64) -> (Vec<(i64, String)>, bool) {
        let q = self.lock();
        let start = after.map_or(0, |id| q.entries.partition_point(|e| e.update.update_id <= id));
        let mut walk = Walk::reading(now);
        let mut out = Vec::new();
        let mut size = 0;
        for e in q.entries.iter().skip(start) {
            if out.len() >= limit {
                break;
            }
            match walk.step(e) {
                Step::Stop => break,
                Step::OnDisk => return (out, true),
                Step::Skip | Step::Expired => continue,
                Step::Take => {}
            }
            let json = render(&e.update, ",");
            size += json.len() + 50;
            if size > MAX_RESPONSE_BYTES && !out.is_empty() {
                break;
            }
            out.push((e.update.update_id, json));
        }
        (out, false)
    }

    /// Number of committed updates waiting.
    pub fn pending(&self) -> u64 {
        self.lock().entries.iter().filter(|e| e.committed).count() as u64
    }

    /// The first pending update id, if any.
    pub fn head(&self) -> Option<i64> {
        self.lock().entries.iter().find(|e| e.committed).map(|e| e.update.update_id)
    }

    /// Applies the reference's anti-busy-loop rule to a getUpdates with `offset`, `limit` and
    /// `timeout`; returns the limit and timeout to use.
    pub fn pace(&self, offset: i64, limit: usize, timeout: i64) -> (usize, i64) {
        let now = Instant::now();
        let mut q = self.lock();
        let previous = q.last_poll.replace((offset, now));
        let Some((_, at)) = previous.filter(|(o, _)| *o == offset) else { return (limit, timeout) };
        let since = now.duration_since(at);
        let limit = if since < BUSY_LOOP_LIMIT_WINDOW { 1 } else { limit };
        let timeout = if since < BUSY_LOOP_WINDOW { timeout.max(BUSY_LOOP_TIMEOUT) } else { timeout };
        (limit, timeout)
    }

    /// How long to hold a 409 before answering it: nothing for the first in 3 s, else 3 s.
    pub fn conflict_delay(&self) -> Option<Duration> {
        let now = Instant::now();
        let mut q = self.lock();
        match q.last_conflict {
            Some(at) if now.duration_since(at) < CONFLICT_WINDOW => Some(CONFLICT_WINDOW),
            _ => {
                q.last_conflict = Some(now);
                None
            }
        }
    }

    /// Registers a new long poll, superseding any older one; returns its generation.
    pub fn begin_poll(&self) -> u64 {
        let generation = {
            let mut q = self.lock();
            q.poll_generation += 1;
            q.poll_abort = Some(PollAbort::OtherGetUpdates);
            q.poll_generation
        };
        self.notify.notify_waiters();
        generation
    }

    /// Ends every waiting poll with `why`, on every server of a shared storage (the others
    /// learn it from the storage's poll generation).
    pub async fn abort_polls_everywhere(
        &self,
        storage: &Arc<dyn StorageBackend>,
        why: PollAbort,
    ) -> Result<(), StorageError> {
        self.abort_polls(why);
        if self.shared() {
            storage.begin_poll(self.owner, why.code()).await?;
        }
        Ok(())
    }

    /// Ends every waiting poll with `why`.
    pub fn abort_polls(&self, why: PollAbort) {
        {
            let mut q = self.lock();
            q.poll_generation += 1;
            q.poll_abort = Some(why);
        }
        self.notify.notify_waiters();
    }

    /// Waits until a reader from the head would hand out an update (by [`Walk`]'s rules, at
    /// `now()`), the poll is superseded, or `deadline` passes. Returns `Err(why)` when
    /// superseded.
    ///
    /// A committed update behind one still being committed does not end the wait: the read that
    /// follows would stop at the uncommitted one and answer nothing, although the update the
    /// poller waits for is moments away (two acts commit in their own order, more often so on
    /// PostgreSQL). Expired updates do not end it either.
    pub async fn wait(
        &self,
        generation: u64,
        deadline: tokio::time::Instant,
        now: impl Fn() -> i64,
    ) -> Result<(), PollAbort> {
        loop {
            let notified = self.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            {
                let q = self.lock();
                if q.poll_generation != generation {
                    return Err(q.poll_abort.unwrap_or(PollAbort::OtherGetUpdates));
                }
                if q.has_readable(now()) {
                    return Ok(());
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return Ok(());
            }
            // A shared queue learns what changed by reading it back: the caller does.
            let q = self.lock();
            if q.shared {
                if q.poll_generation != generation {
                    return Err(q.poll_abort.unwrap_or(PollAbort::OtherGetUpdates));
                }
                return Ok(());
            }
        }
    }

    /// A future that completes at the next change; `enable` it before checking the queue so
    /// no change between the check and the wait is missed.
    pub fn notified(&self) -> tokio::sync::futures::Notified<'_> {
        self.notify.notified()
    }

    /// Wakes everyone waiting (webhook workers re-check their state).
    pub fn wake(&self) {
        self.notify.notify_waiters();
    }

    /// Committed updates not in flight whose chat has nothing in flight, oldest first, up to
    /// `limit`; marks them in flight. One update per chat is in flight at a time. Also answers
    /// the expired updates it passed, and whether it stopped short at one whose payload is on
    /// disk only (then [`Mailbox::fill`] with `delivery`, and take again).
    pub fn take_for_delivery(&self, limit: usize, now: i64) -> (Vec<StoredUpdate>, Vec<i64>, bool) {
        let mut q = self.lock();
        let mut walk = Walk::delivering(&q, now);
        let mut in_flight = walk.busy.as_ref().map_or(0, Vec::len);
        let mut out = Vec::new();
        let mut expired = Vec::new();
        for e in q.entries.iter_mut() {
            if in_flight >= limit {
                break;
            }
            match walk.step(e) {
                Step::Stop => break,
                Step::OnDisk => return (out, expired, true),
                Step::Skip => continue,
                Step::Expired => {
                    expired.push(e.update.update_id);
                    continue;
                }
                Step::Take => {}
            }
            e.in_flight = true;
            in_flight += 1;
            out.push(e.update.clone());
        }
        (out, expired, false)
    }

    /// Returns an update to the queue after a failed delivery attempt.
    pub fn release(&self, update_id: i64) {
        if let Some(e) = self.lock().entry_mut(update_id) {
            e.in_flight = false;
        }
        self.notify.notify_waiters();
    }
}

/// The longest getUpdates wait, in seconds (the reference's 50).
const LONG_POLL_MAX: i64 = 50;

/// getUpdates' parameters, with the reference's defaults and clamps: `offset` 0, `limit` 100
/// (1 to 100), `timeout` 0 (0 to 50 s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PollArgs {
    pub offset: i64,
    pub limit: usize,
    pub timeout: i64,
}

impl PollArgs {
    /// From the parameters as decoded (absent: the default; garbage was read as 0).
    pub fn new(offset: Option<i64>, limit: Option<i64>, timeout: Option<i64>) -> Self {
        Self {
            offset: offset.unwrap_or(0),
            limit: limit.unwrap_or(100).clamp(1, 100) as usize,
            timeout: timeout.unwrap_or(0).clamp(0, LONG_POLL_MAX),
        }
    }
}

/// The getUpdates core shared by bots and people: acknowledge by `offset`, answer at once when
/// something is pending, else wait up to `timeout` seconds for the first new update (not at all
/// unless `serving`: the server is draining). `paced` applies the reference's anti-busy-loop rule
/// (bots only; people are test harnesses).
///
/// Answers the updates as JSON text (an array) and how many there are: each update is stored as
/// text and goes out as it is, not read into a `serde_json::Value` to be written again.
pub async fn long_poll(
    mailbox: &Arc<Mailbox>,
    storage: &Arc<dyn StorageBackend>,
    args: PollArgs,
    paced: bool,
    serving: bool,
) -> Result<(String, usize), msg_core::ApiError> {
    use msg_core::ApiError;
    let PollArgs { offset, limit, timeout } = args;
    let (limit, mut timeout) = if paced { mailbox.pace(offset, limit, timeout) } else { (limit, timeout) };
    if !serving {
        timeout = 0;
    }
    let now = msg_core::storage::now_unix;
    let shared = mailbox.shared();
    // On a shared storage a poll waiting on another server ends too (409), and this one ends
    // when one begins there: the storage's generation says whose turn it is.
    let (generation, everywhere) = if shared {
        let _order = mailbox.beginning.lock().await;
        let generation = mailbox.begin_poll();
        let everywhere = storage.begin_poll(mailbox.owner, PollAbort::OtherGetUpdates.code()).await;
        (generation, Some(everywhere.map_err(StorageError::into_api_error)?))
    } else {
        (mailbox.begin_poll(), None)
    };
    let refresh = || async { mailbox.refresh(storage).await.map_err(StorageError::into_api_error) };
    refresh().await?;
    if let Some(below) = mailbox.ack_point(offset) {
        mailbox.ack_below(storage, below).await.map_err(StorageError::into_api_error)?;
    }
    let read =
        || async { mailbox.read_after_filled(storage, None, limit, now()).await.map_err(StorageError::into_api_error) };
    let mut batch = read().await?;
    if batch.is_empty() && timeout > 0 {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(timeout as u64);
        loop {
            // A shared queue is read back when woken and every RECHECK (a lost wake).
            let until = if shared { deadline.min(tokio::time::Instant::now() + RECHECK) } else { deadline };
            let mut waited = mailbox.wait(generation, until, now).await;
            if let (Ok(()), Some(mine)) = (waited, everywhere) {
                let (current, reason) =
                    storage.poll_generation(mailbox.owner).await.map_err(StorageError::into_api_error)?;
                if current != mine {
                    waited = Err(PollAbort::of_code(reason));
                }
            }
            match waited {
                Ok(()) => {
                    refresh().await?;
                    batch = read().await?;
                    if !shared || !batch.is_empty() || tokio::time::Instant::now() >= deadline {
                        break;
                    }
                }
                Err(PollAbort::OtherGetUpdates) => {
                    return Err(ApiError::conflict(
                        "terminated by other getUpdates request; make sure that only one bot instance is running",
                    ));
                }
                Err(PollAbort::SetWebhook) => return Err(ApiError::conflict("terminated by setWebhook request")),
                Err(PollAbort::Closing) => break,
            }
        }
    }
    // An update whose stored text is not JSON (never written so; a damaged file) is left out
    // rather than breaking the answer: checked without building it.
    let valid = |json: &String| serde_json::from_str::<serde::de::IgnoredAny>(json).is_ok();
    let updates: Vec<String> = batch.into_iter().map(|(_, json)| json).filter(valid).collect();
    Ok((format!("[{}]", updates.join(",")), updates.len()))
}

/// Applies `changes` in a task of its own, so a forgetting that already happened in memory also
/// reaches storage when the caller is dropped (cancellation safety: the memory and the disk never
/// disagree about what was acknowledged).
/// Commits one act: `changes` and the updates `reserved` in their queues (any owners', bots' and
/// people's), in one storage batch, so they are stored together or not at all; each update
/// becomes visible in its queue once the batch is durable, and leaves it if the batch failed.
/// Returns once the batch is settled.
///
/// Cancellation safety: the changes are handed to the storage without awaiting, and the
/// storage settles the reserved entries whether or not this is still awaited
/// ([`Journal::apply_then`](msg_core::Journal::apply_then); for a backend that cannot, a task of its own commits and
/// settles), so a caller dropped mid-await never leaves an uncommitted entry that would stall
/// every reader of a queue, nor half an act.
pub async fn commit(
    storage: &Arc<dyn StorageBackend>,
    changes: Vec<Change>,
    reserved: Vec<Reserved>,
) -> Result<(), StorageError> {
    if reserved.is_empty() {
        return if changes.is_empty() { Ok(()) } else { durably(storage, changes).await };
    }
    let mut changes = changes;
    let mut settles = Vec::with_capacity(reserved.len());
    for r in reserved {
        let (change, settle) = r.into_parts();
        changes.push(change);
        settles.push(settle);
    }
    let settle: Settle = if settles.len() == 1 {
        settles.pop().expect("one")
    } else {
        Box::new(move |durable| settles.into_iter().for_each(|settle| settle(durable)))
    };
    match storage.clone().apply_then(changes, settle) {
        Ok(applying) => applying.await,
        // The backend cannot settle it itself: a task of its own does.
        Err((changes, settle)) => {
            let storage = storage.clone();
            let task = tokio::spawn(async move {
                let result = storage.apply(changes).await;
                settle(result.is_ok());
                result
            });
            match task.await {
                Ok(result) => result,
                Err(e) => Err(StorageError::Task(format!("committing an act failed: {e}"))),
            }
        }
    }
}

async fn durably(storage: &Arc<dyn StorageBackend>, changes: Vec<Change>) -> Result<(), StorageError> {
    let storage = storage.clone();
    match tokio::spawn(async move { storage.apply(changes).await }).await {
        Ok(result) => result,
        Err(e) => Err(StorageError::Task(format!("a storage batch failed: {e}"))),
    }
}

/// `{"update_id":N<sep>"kind":payload}`; the webhook body uses `,\n` as the reference does.
pub fn render(u: &StoredUpdate, separator: &str) -> String {
    format!("{{\"update_id\":{}{separator}\"{}\":{}}}", u.update_id, u.kind, u.payload)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use msg_core::{Change, Owner, StorageBackend, StoredUpdate};

    use super::{Mailbox, PollArgs, long_poll};

    /// The payloads the queue holds in memory, and the entries whose payload is on disk only.
    fn held(mailbox: &Mailbox) -> (usize, usize) {
        let q = mailbox.lock();
        (q.kept, q.entries.iter().filter(|e| e.stored).count())
    }

    fn ids(batch: &str) -> Vec<i64> {
        let updates: Vec<serde_json::Value> = serde_json::from_str(batch).unwrap();
        updates.iter().map(|u| u["update_id"].as_i64().unwrap()).collect()
    }

    #[tokio::test]
    async fn a_long_queue_keeps_few_payloads_in_memory_and_every_reader_gets_all_in_order() {
        let storage: Arc<dyn StorageBackend> = Arc::new(msg_storage::memory::MemoryStorage::new());
        let mailbox = Mailbox::keeping(Owner::Bot(1), Vec::new(), 1, 3, 2);
        for n in 1..=10 {
            mailbox.push(&storage, "message", format!("{{\"n\":{n}}}"), n % 2, i64::MAX, Vec::new()).await.unwrap();
        }
        assert_eq!(held(&mailbox), (3, 7), "three payloads kept, seven on disk only");
        assert_eq!(mailbox.pending(), 10);
        assert_eq!(mailbox.head(), Some(1));
        // A reader that does not read back stops where the payloads end, never skipping one.
        let unread: Vec<i64> = mailbox.peek(100, 50).into_iter().map(|(id, _)| id).collect();
        assert_eq!(unread, [1, 2, 3]);
        // Reading back what a read of four needs (update 4) reads on from it, two in all.
        mailbox.fill(&storage, None, 4, 50, false).await.unwrap();
        assert_eq!(held(&mailbox), (5, 5));
        // getUpdates reads them back as it goes: every update once, in order, acknowledged by
        // offset, while the queue never holds many payloads.
        let mut seen = Vec::new();
        let mut offset = 0;
        loop {
            let args = PollArgs::new(Some(offset), Some(4), Some(0));
            let (batch, count) = long_poll(&mailbox, &storage, args, false, true).await.unwrap();
            if count == 0 {
                break;
            }
            let got = ids(&batch);
            offset = got.last().unwrap() + 1;
            seen.extend(got);
            assert!(held(&mailbox).0 <= 3 + 4 + 2, "{:?}", held(&mailbox));
        }
        assert_eq!(seen, (1..=10).collect::<Vec<_>>());
        assert_eq!(held(&mailbox), (0, 0));
        assert_eq!(mailbox.pending(), 0);
    }

    #[tokio::test]
    async fn a_queue_loaded_from_disk_keeps_few_payloads_and_webhooks_and_streams_read_them_back() {
        let storage: Arc<dyn StorageBackend> = Arc::new(msg_storage::memory::MemoryStorage::new());
        let pushes = (1..=8).map(|n| {
            let update = StoredUpdate {
                update_id: n,
                kind: "message".into(),
                payload: format!("{{\"n\":{n}}}"),
                chat_key: n,
                expires_at: 100,
            };
            Change::PushUpdate { owner: Owner::User(5), update }
        });
        storage.apply(pushes.collect()).await.unwrap();
        let loaded = storage.load_user_updates(5).await.unwrap();
        let mailbox = Mailbox::keeping(Owner::User(5), loaded, 1, 2, 0);
        assert_eq!(held(&mailbox), (2, 6));
        // A webhook takes only what it can hand out, then what was read back.
        let (first, _, _) = mailbox.take_for_delivery(5, 50);
        assert_eq!(first.iter().map(|u| u.update_id).collect::<Vec<_>>(), [1, 2]);
        // Room for three more beside the two in flight.
        mailbox.fill(&storage, None, 3, 50, true).await.unwrap();
        let (more, _, _) = mailbox.take_for_delivery(5, 50);
        assert_eq!(more.iter().map(|u| u.update_id).collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!(more[0].payload, "{\"n\":3}", "the payload read back is the stored one");
        // A reader past an id (the push stream) reads back from there.
        mailbox.fill(&storage, Some(6), 10, 50, false).await.unwrap();
        let stream: Vec<i64> = mailbox.read_after(Some(6), 10, 50).into_iter().map(|(id, _)| id).collect();
        assert_eq!(stream, [7, 8]);
        assert_eq!(held(&mailbox), (7, 1), "6 was read back by neither");
        // Forgetting entries releases what they held.
        mailbox.ack_below(&storage, 4).await.unwrap();
        assert_eq!(held(&mailbox), (4, 1));
    }

    #[tokio::test]
    async fn reading_back_counts_only_what_the_reader_hands_out() {
        let storage: Arc<dyn StorageBackend> = Arc::new(msg_storage::memory::MemoryStorage::new());
        // Expired updates at the head do not use up what is read back.
        let mailbox = Mailbox::keeping(Owner::Bot(1), Vec::new(), 1, 2, 0);
        for (chat, expires) in [(1, 10), (1, 10), (1, 10), (1, 100), (1, 100), (1, 100)] {
            mailbox.push(&storage, "message", "{}".into(), chat, expires, Vec::new()).await.unwrap();
        }
        mailbox.fill(&storage, None, 2, 50, false).await.unwrap();
        let read: Vec<i64> = mailbox.peek(2, 50).into_iter().map(|(id, _)| id).collect();
        assert_eq!(read, [4, 5]);
        // A webhook's read-back skips what it would skip: updates in flight, chats with one.
        let mailbox = Mailbox::keeping(Owner::Bot(2), Vec::new(), 1, 1, 0);
        for chat in [7, 7, 8, 9] {
            mailbox.push(&storage, "message", "{}".into(), chat, 100, Vec::new()).await.unwrap();
        }
        let (first, _, _) = mailbox.take_for_delivery(10, 50);
        assert_eq!(first.iter().map(|u| u.update_id).collect::<Vec<_>>(), [1]);
        mailbox.fill(&storage, None, 2, 50, true).await.unwrap();
        let (next, _, _) = mailbox.take_for_delivery(10, 50);
        assert_eq!(next.iter().map(|u| u.update_id).collect::<Vec<_>>(), [3, 4], "chat 7 waits for its first");
        assert_eq!(held(&mailbox), (3, 1), "update 2 stays on disk until it can go");
    }

    #[tokio::test]
    async fn a_long_poll_waits_past_an_update_committed_behind_one_still_committing() {
        let storage: Arc<dyn StorageBackend> = Arc::new(msg_storage::memory::MemoryStorage::new());
        let mailbox = Mailbox::new(Owner::User(3), Vec::new(), 1, false);
        // Two acts: the first reserves its update, the second commits before it does.
        let first = mailbox.reserve("message", "{\"n\":1}".into(), 1, i64::MAX).unwrap();
        mailbox.push(&storage, "message", "{\"n\":2}".into(), 2, i64::MAX, Vec::new()).await.unwrap();
        let poll = tokio::spawn({
            let (mailbox, storage) = (mailbox.clone(), storage.clone());
            async move { long_poll(&mailbox, &storage, PollArgs::new(Some(0), None, Some(30)), false, true).await }
        });
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        assert!(!poll.is_finished(), "the poll answered nothing early instead of waiting for the first act");
        super::commit(&storage, Vec::new(), vec![first]).await.unwrap();
        let (batch, count) = poll.await.unwrap().unwrap();
        assert_eq!((ids(&batch), count), (vec![1, 2], 2));
        // Only expired updates: the poll waits for a live one.
        let mailbox = Mailbox::new(Owner::User(4), Vec::new(), 1, false);
        mailbox.push(&storage, "chat_action", "{}".into(), 1, 10, Vec::new()).await.unwrap();
        let waiting = tokio::spawn({
            let mailbox = mailbox.clone();
            let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
            async move { mailbox.wait(mailbox.begin_poll(), deadline, || 50).await }
        });
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        assert!(!waiting.is_finished(), "an expired update ended the wait");
        mailbox.push(&storage, "message", "{}".into(), 1, 100, Vec::new()).await.unwrap();
        assert_eq!(waiting.await.unwrap(), Ok(()));
    }

    #[tokio::test]
    async fn two_mailboxes_of_one_shared_queue_read_each_others_updates_in_commit_order() {
        let shared = Arc::new(msg_storage::memory::MemoryStorage::shared());
        let storage: Arc<dyn StorageBackend> = shared.clone();
        // Two servers' mailboxes of one person's queue; the storage wakes both at each append.
        let (a, b) =
            (Mailbox::new(Owner::User(9), Vec::new(), 50, true), Mailbox::new(Owner::User(9), Vec::new(), 50, true));
        let wakes = [a.clone(), b.clone()];
        storage.listen(Arc::new(move |_| wakes.iter().for_each(|m| m.wake())));
        let waiting = tokio::spawn({
            let (b, storage) = (b.clone(), storage.clone());
            async move { long_poll(&b, &storage, PollArgs::new(Some(0), None, Some(30)), false, true).await }
        });
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        assert!(!waiting.is_finished());
        a.push(&storage, "message", "{\"n\":1}".into(), 1, i64::MAX, Vec::new()).await.unwrap();
        let (batch, _) = waiting.await.unwrap().unwrap();
        assert_eq!(ids(&batch), [50], "B read what A pushed, with the queue's first id");
        b.push(&storage, "message", "{\"n\":2}".into(), 1, i64::MAX, Vec::new()).await.unwrap();
        a.push(&storage, "message", "{\"n\":3}".into(), 1, i64::MAX, Vec::new()).await.unwrap();
        // Acknowledged through B, gone for A too.
        let (batch, _) = long_poll(&b, &storage, PollArgs::new(Some(51), None, Some(0)), false, true).await.unwrap();
        assert_eq!(ids(&batch), [51, 52]);
        let (batch, _) = long_poll(&a, &storage, PollArgs::new(Some(0), None, Some(0)), false, true).await.unwrap();
        assert_eq!(ids(&batch), [51, 52], "A forgot what B acknowledged");
        assert_eq!(a.pending(), 2);
        a.clear(&storage).await.unwrap();
        b.refresh(&storage).await.unwrap();
        assert_eq!(b.pending(), 0);
        b.push(&storage, "message", "{}".into(), 1, i64::MAX, Vec::new()).await.unwrap();
        let (batch, _) = long_poll(&a, &storage, PollArgs::new(Some(0), None, Some(0)), false, true).await.unwrap();
        assert_eq!(ids(&batch), [53], "ids go on rising after the queue emptied");
    }

    #[tokio::test]
    async fn expired_updates_leave_the_queue_and_its_next_id_is_kept() {
        let storage: Arc<dyn StorageBackend> = Arc::new(msg_storage::memory::MemoryStorage::new());
        let mailbox = Mailbox::new(Owner::User(7), Vec::new(), 1, false);
        for (kind, expires) in [("message", 100), ("chat_action", 10), ("message", 100), ("message_draft", 20)] {
            mailbox.push(&storage, kind, "{}".into(), 0, expires, Vec::new()).await.unwrap();
        }
        assert_eq!(mailbox.expire(&storage, 50).await.unwrap(), 2);
        let left: Vec<i64> = mailbox.peek(10, 50).into_iter().map(|(id, _)| id).collect();
        assert_eq!(left, [1, 3]);
        assert_eq!(storage.load_user_updates(7).await.unwrap().len(), 2, "gone from storage too");
        assert_eq!(storage.load_person_queue_head(7).await.unwrap(), Some(5), "the next id is kept");
        assert_eq!(mailbox.expire(&storage, 50).await.unwrap(), 0);
        let reader: Vec<i64> = mailbox.read_after(Some(1), 10, 50).into_iter().map(|(id, _)| id).collect();
        assert_eq!(reader, [3], "a reader goes on past the id it saw");
    }
}
