//! The `StorageBackend` extension point: where bot identities, per-bot state, update queues and
//! the embedded platform's people, chats and messages persist. The engine keeps the live state in
//! memory and writes a journal of [`Change`]s through [`Journal::apply`]: one call is one
//! atomic batch, and the engine answers a request only after the batch holding its effects is
//! durable. Loads happen when a bot or the platform is activated. Async and fallible so a
//! networked backend (PostgreSQL) fits. The default implementation (SQLite under
//! `<dir>/<bot id>/` and `<dir>/platform.sqlite`) is in the engine.

use std::sync::Arc;

use crate::Secret;

/// A bot known to the embedded platform.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BotRecord {
    /// The bot's user id, the part of its token before the colon.
    pub id: i64,
    /// The part of its token after the colon.
    pub secret: Secret,
    /// Username without `@`, ending in `bot`.
    pub username: String,
    /// Display name (`first_name` in `getMe`).
    pub first_name: String,
    /// Unix time of creation.
    pub created_at: i64,
    /// A revoked bot's token answers `401 Unauthorized`.
    pub revoked: bool,
}

impl BotRecord {
    pub fn new(id: i64, secret: Secret, username: String, first_name: String, created_at: i64) -> Self {
        Self { id, secret, username, first_name, created_at, revoked: false }
    }

    /// The full token `<id>:<secret>`. Never log it.
    pub fn token(&self) -> String {
        format!("{}:{}", self.id, self.secret.expose())
    }

    /// The public platform's bot username rule: 5-32 of `[A-Za-z0-9_]`, a letter first, ending in
    /// `bot` (any case). `name` is given without `@`.
    pub fn valid_username(name: &str) -> bool {
        (5..=32).contains(&name.len())
            && name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && name.to_ascii_lowercase().ends_with("bot")
    }
}

/// Whose update queue: a bot's (getUpdates/webhook) or a person's (the user-side API).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    Bot(i64),
    User(i64),
}

/// One queued update as stored: its id, kind, JSON payload and expiry (unix seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredUpdate {
    pub update_id: i64,
    /// `message`, `callback_query`, ...
    pub kind: String,
    /// The update object's payload, without `update_id`.
    pub payload: String,
    /// Delivery order key (updates of one chat are delivered one at a time, in order).
    pub chat_key: i64,
    pub expires_at: i64,
}

/// A person on the embedded platform (a row of the platform's, stored as JSON).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct UserRecord {
    pub id: i64,
    /// Stored as it is (the platform's own row), never shown: see [`Secret`].
    #[serde(with = "crate::secret::stored")]
    pub secret: Secret,
    pub first_name: String,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub language_code: Option<String>,
    pub created_at: i64,
    /// The platform's further details of the person (emoji status, ...) as a JSON object it
    /// alone reads; `{}` when none.
    pub details: String,
}

impl UserRecord {
    pub fn new(id: i64, secret: Secret, first_name: String, created_at: i64) -> Self {
        Self {
            id,
            secret,
            first_name,
            last_name: None,
            username: None,
            language_code: None,
            created_at,
            details: "{}".into(),
        }
    }
}

/// A group chat (private chats need no record: they are the pair of their members).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct ChatRecord {
    /// Negative, as on the public platform (`-100…` for supergroups).
    pub id: i64,
    /// `group` or `supergroup`.
    pub kind: String,
    pub title: String,
    pub created_at: i64,
    /// The platform's further details of the chat (description, permissions, pins, ...) as a
    /// JSON object it alone reads; `{}` when none.
    pub details: String,
}

impl ChatRecord {
    pub fn new(id: i64, kind: String, title: String, created_at: i64) -> Self {
        Self { id, kind, title, created_at, details: "{}".into() }
    }
}

/// One member's standing in a group chat.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct MemberRecord {
    pub chat_id: i64,
    pub user_id: i64,
    /// `creator`, `administrator`, `member`, `restricted`, `left` or `kicked`.
    pub status: String,
    /// The platform's details of the standing (rights, permissions, until date, title) as a
    /// JSON object it alone reads; `{}` when none.
    pub details: String,
}

impl MemberRecord {
    pub fn new(chat_id: i64, user_id: i64, status: impl Into<String>, details: impl Into<String>) -> Self {
        Self { chat_id, user_id, status: status.into(), details: details.into() }
    }
}

/// One stored message: the conversation it belongs to, its id there and its JSON (as sent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageRecord {
    /// Private chats: the pair's key (see the engine's platform); groups: the chat id.
    pub conversation: String,
    pub message_id: i64,
    pub payload: String,
    /// Unix time the message was sent: `--message-retention` forgets it after the period.
    pub date: i64,
}

/// A file held in a bot's directory: where its bytes are and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FileRecord {
    pub bot_id: i64,
    /// The platform-wide identity of the bytes (their BLAKE3 hash, hex).
    pub content: String,
    /// The kind directory it lives in: `photos`, `documents`, `videos`, ...
    pub kind: String,
    /// Path relative to the bot's directory, e.g. `photos/file_3.jpg`.
    pub path: String,
    pub size: u64,
    /// The Bot API object as this bot sees it (JSON; an array for photos), reused when the bot
    /// sends the file again by `file_id`.
    pub meta: String,
    pub created_at: i64,
    /// Last use (sent, received, getFile); the retention policy reads it.
    pub accessed_at: i64,
}

impl FileRecord {
    #[allow(clippy::too_many_arguments)]
    pub fn new(bot_id: i64, content: String, kind: String, path: String, size: u64, meta: String, at: i64) -> Self {
        Self { bot_id, content, kind, path, size, meta, created_at: at, accessed_at: at }
    }
}

/// One row of a platform domain's own table: one invite link, one forum topic, one person's
/// vote. A domain declares its tables (their names and value types) in its own folder; the
/// storage keeps each row under `(table, scope, key)` and never reads the value, so a new domain
/// needs no change here or in any backend. One change writes one row: two writers of different
/// rows of one chat cannot undo each other.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The domain's table, e.g. `chat_invite`.
    pub table: String,
    /// What the row belongs to: a chat id, a person's or a bot's user id.
    pub scope: i64,
    /// The row's key within its scope (a link, a topic id, a poll id, ...).
    pub key: String,
    /// The row (the domain's typed record, serialized; JSON for the built-in domains).
    pub value: String,
}

impl Record {
    pub fn new(table: impl Into<String>, scope: i64, key: impl Into<String>, value: impl Into<String>) -> Self {
        Self { table: table.into(), scope, key: key.into(), value: value.into() }
    }
}

/// One durable effect. A batch of changes is applied atomically by [`Journal::apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Change {
    /// Sets (or with `None` removes) a per-bot setting: webhook, allowed_updates, commands, ...
    BotSetting { bot_id: i64, key: String, value: Option<String> },
    /// Appends to a queue, with the id the engine gave the update (one process serves the
    /// storage: see [`Journal::shared`]). Never replaces a stored update.
    PushUpdate { owner: Owner, update: StoredUpdate },
    /// Appends to a queue of a [shared](Journal::shared) storage: the update gets the queue's
    /// next id from the queue's counter row, taken in this batch and held until it commits, so
    /// the ids of a queue follow the order its updates committed in, whichever server made them
    /// (`update.update_id` is ignored). `first_id` is the least id it may get: the id the engine
    /// would give next (a queue's first id, or the next after those it knows).
    AppendUpdate { owner: Owner, update: StoredUpdate, first_id: i64 },
    /// Removes every update with an id below `below` from a queue.
    DropUpdatesBelow { owner: Owner, below: i64 },
    /// Removes one update (a delivered webhook update, an expired one).
    DropUpdate { owner: Owner, update_id: i64 },
    /// Creates or replaces a message.
    PutMessage(MessageRecord),
    /// Deletes a message.
    DeleteMessage { conversation: String, message_id: i64 },
    /// Creates or replaces a bot's file record (kept in the bot's own storage).
    PutFile(FileRecord),
    /// The id a person's queue gives its next update, written whenever updates leave it (as
    /// a bot's is, in its `next_update_id` setting), so ids go on increasing after a restart
    /// that finds the queue empty: a reader resuming after the last id it saw (the console's
    /// push stream) sees every later update.
    PersonQueueHead { user_id: i64, next_update_id: i64 },
    /// A person was shown (or sent) the content `content` (its BLAKE3 hex): they may download
    /// it by their own `file_id` (a person's ids are not recorded otherwise, and an id alone,
    /// which names its owner and the content, proves nothing).
    PersonFile { user_id: i64, content: String },
    /// Creates or replaces one row of a domain's table.
    PutRecord(Record),
    /// Removes one row of a domain's table (nothing when there is none).
    DeleteRecord { table: String, scope: i64, key: String },
    /// Applies the batch only while `holder` still holds lease `lease` at `epoch`
    /// ([`Journal::lease`]); else the whole batch fails with [`StorageError::Fenced`], so a
    /// server that lost a lease (paused past its expiry) cannot write the work's effects after
    /// its successor. Only [shared](Journal::shared) storages are given it.
    Fence { lease: String, holder: String, epoch: i64 },
}

/// A lease as the storage holds it ([`Journal::leases`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct Lease {
    /// What it is for: `webhook:<bot id>`, `poll_timers`, ...
    pub name: String,
    /// The server holding it (its instance id).
    pub holder: String,
    /// Bumped whenever the lease changes hands.
    pub epoch: i64,
    /// Seconds until it expires unless renewed (negative: expired).
    pub expires_in: i64,
}

impl Lease {
    pub fn new(name: impl Into<String>, holder: impl Into<String>, epoch: i64, expires_in: i64) -> Self {
        Self { name: name.into(), holder: holder.into(), epoch, expires_in }
    }
}

/// A server of a shared storage as it last said it was alive ([`Journal::heartbeat`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct Instance {
    pub id: String,
    /// Unix time it started.
    pub started_at: i64,
    /// Seconds since it last said it was alive.
    pub seen_ago: i64,
}

impl Instance {
    pub fn new(id: impl Into<String>, started_at: i64, seen_ago: i64) -> Self {
        Self { id: id.into(), started_at, seen_ago }
    }
}

/// What a bot's directory holds besides its identity.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct BotState {
    pub settings: Vec<(String, String)>,
    pub updates: Vec<StoredUpdate>,
}

/// What a database written before people, groups and memberships were the platform's rows
/// kept of them ([`Administration::legacy_platform`]), with every conversation's highest
/// message id: the platform reads it once per database and stores it as rows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlatformState {
    pub users: Vec<UserRecord>,
    pub chats: Vec<ChatRecord>,
    pub members: Vec<MemberRecord>,
    /// (conversation, highest message id).
    pub last_message_ids: Vec<(String, i64)>,
}

/// What an acknowledged change survives (`--durability`, `MSG_DURABILITY`). Either way a request
/// is answered only after its batch committed; the level says how far the commit reached.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Durability {
    /// The commit is in the operating system's hands: it survives the server's crash or kill -9,
    /// not a power loss or a kernel crash.
    Process,
    /// The commit is flushed to the disk (fsync) before the answer: it survives a power loss too.
    /// Concurrent requests share one flush per batch.
    #[default]
    Power,
}

impl Durability {
    pub fn name(self) -> &'static str {
        match self {
            Self::Process => "process",
            Self::Power => "power",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "process" => Some(Self::Process),
            "power" => Some(Self::Power),
            _ => None,
        }
    }

    /// The level a backend's configuration section names (`durability`), the default when absent.
    pub fn of_section(section: &serde_json::Value) -> Self {
        section.get("durability").and_then(|d| d.as_str()).and_then(Self::parse).unwrap_or_default()
    }
}

/// A storage failure; the real cause is logged, clients see `500 Internal Server Error`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StorageError {
    #[error("storage i/o on {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("database {path}: {message}")]
    Database { path: String, message: String },
    #[error("{0}")]
    Conflict(String),
    /// A [`Change::Fence`] found its lease held by another server or at another epoch.
    #[error("lease {0} is no longer held by this server")]
    Fenced(String),
    /// The task that applied a batch ended without an answer (it panicked).
    #[error("{0}")]
    Task(String),
    /// What the act needed stayed taken for longer than the storage waits (a conversation's
    /// counter row under a flood of posts into it): the client is asked to try again.
    #[error("{0}")]
    Busy(String),
}

impl StorageError {
    /// Logs the failure and gives the client the generic 500 (the cause stays in the log).
    pub fn into_api_error(self) -> crate::ApiError {
        if let StorageError::Busy(what) = &self {
            // The platform's answer to a flood: 429 with the time to wait, which clients honour.
            tracing::warn!("storage busy: {what}; the client is asked to retry after 1 s");
            return crate::ApiError::too_many_requests(1);
        }
        tracing::error!("storage failed: {self}");
        crate::ApiError::internal("failed to store the request's effects")
    }
}

/// The content store's directory inside the working directory (it holds no bot).
pub const STORE_DIR: &str = "files";

/// Seconds since the Unix epoch: the clock of stored timestamps (`expires_at`, message dates).
pub fn now_unix() -> i64 {
    crate::clock::now_unix()
}

/// What a [shared](Journal::shared) storage tells every server after a commit, whichever server
/// made it ([`Journal::listen`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A batch appended to this queue, or a long poll of it began: its readers look again.
    Queue(Owner),
    /// This bot's record or settings changed (a token, a revocation, a webhook,
    /// allowed_updates, a logOut): copies of them are stale.
    Bot(i64),
    /// A row of a [watched](Journal::watch) table was written or removed.
    Row { table: String, scope: i64, key: String },
    /// Notices may have been missed (the listening connection came back): everything kept of
    /// the storage is to be looked at again.
    Everything,
}

/// A lock a [shared](Journal::shared) storage holds for this process until it is dropped
/// ([`Journal::lock`]).
pub type StorageLock = Box<dyn std::any::Any + Send + Sync>;

/// The message ids one act takes ([`Journal::message_ids`]). Each conversation's counter row
/// stays held from the act's first id in it until this is dropped (after the act's batch has
/// committed), so the next post into the conversation, through any server, waits and takes the
/// next id: message ids rise in commit order. Dropping it gives the rows back whether the act
/// committed or not (an id not used is a gap, never given twice).
#[async_trait::async_trait]
pub trait MessageIds: Send + Sync {
    /// Conversation `conversation`'s next message id, never less than `at_least` (as
    /// [`Journal::next_message_id`]). [`StorageError::Busy`] when the conversation's row was
    /// not free within a few seconds.
    async fn next(&mut self, conversation: &str, at_least: i64) -> Result<i64, StorageError>;
}

/// What [`Journal::listen`] calls with each [`Notice`].
pub type Wake = Arc<dyn Fn(Notice) + Send + Sync>;

/// What [`Journal::apply_then`] calls with whether the changes are durable.
pub type Settle = Box<dyn FnOnce(bool) + Send>;

/// What [`Journal::apply_then`] gives back when the backend cannot do it itself.
pub type Unapplied = (Vec<Change>, Settle);

/// [`Journal::apply_then`]'s wait for the outcome.
pub type Applying = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), StorageError>> + Send>>;

/// The journal: what the platform and the queues need while they serve (apply a unit of
/// changes, read back rows, records, messages and queues). Every backend is one, and a
/// [`StorageBackend`] with its [`Administration`].
#[async_trait::async_trait]
pub trait Journal: Send + Sync + 'static {
    /// Whether several server processes may use this storage at once (PostgreSQL): then ids come
    /// from its counter rows ([`Journal::next_message_id`], [`Journal::next_number`],
    /// [`Change::AppendUpdate`]) and queues are read back from it ([`Journal::load_updates_after`])
    /// instead of being the process's own, and [`Journal::listen`] tells of other processes'
    /// updates. The others (SQLite, memory) belong to one process, which keeps those in memory.
    fn shared(&self) -> bool {
        false
    }
    /// Hands out conversation `conversation`'s next message id from its counter row, never less
    /// than `at_least` (what the caller read as the conversation's last id, plus one, the first
    /// time it asks; 1 after). Only [shared](Journal::shared) storages keep such counters.
    async fn next_message_id(&self, _conversation: &str, _at_least: i64) -> Result<i64, StorageError> {
        Err(StorageError::Conflict("this storage keeps no message counters".into()))
    }
    /// The message ids of one act, held until dropped, which the act does once its batch has
    /// committed ([`MessageIds`]); `None` when ids come from [`Journal::next_message_id`] one at
    /// a time (storages of one process, whose acts commit in the order they took their ids or
    /// need no such order).
    async fn message_ids(&self) -> Result<Option<Box<dyn MessageIds>>, StorageError> {
        Ok(None)
    }
    /// Hands out the next number of counter `name` (a bot's file numbers, group ids), never less
    /// than `at_least`, as [`Journal::next_message_id`] does.
    async fn next_number(&self, _name: &str, _at_least: i64) -> Result<i64, StorageError> {
        Err(StorageError::Conflict("this storage keeps no counters".into()))
    }
    /// Starts a long poll of `owner`'s queue for the whole deployment (a [shared](Journal::shared)
    /// storage): bumps the queue's poll generation, records `reason` (what ends the polls
    /// waiting before it: the queue's code for a newer getUpdates, a setWebhook, a close) and
    /// wakes every server's readers of the queue; returns the new generation. A waiting poll
    /// that finds the generation moved on ([`Journal::poll_generation`]) ends with the reason,
    /// whichever server it waits on.
    async fn begin_poll(&self, _owner: Owner, _reason: i16) -> Result<i64, StorageError> {
        Err(StorageError::Conflict("this storage keeps no poll generations".into()))
    }
    /// The poll generation of `owner`'s queue and the reason recorded with it ((0, 0): none
    /// yet).
    async fn poll_generation(&self, _owner: Owner) -> Result<(i64, i16), StorageError> {
        Ok((0, 0))
    }
    /// Waits for lock `key` among every server of a [shared](Journal::shared) storage and holds
    /// it until the answer is dropped: what a server decides under its own lock of an entity (a
    /// balance read, then written) is then decided by one server at a time. Cancel-safe: a wait
    /// dropped early never leaves the lock taken. Storages of one process answer `None` (the
    /// process's own lock is enough).
    async fn lock(&self, _key: i64) -> Result<Option<StorageLock>, StorageError> {
        Ok(None)
    }
    /// Adds `tables` to those whose rows' changes are told as [`Notice::Row`] (the tables a
    /// server keeps copies of: people, chats, standings). Only [shared](Journal::shared)
    /// storages tell.
    fn watch(&self, _tables: &[&str]) {}
    /// Takes lease `name` for `holder` for `ttl` seconds of the storage's clock, or keeps it
    /// when `holder` has it: `Some(epoch)` while held (the epoch moves on whenever the lease
    /// changes hands), `None` while another holder's lease has not expired. Single-place work
    /// (a bot's webhook deliveries, poll timers, renewals) runs where its lease is held, and its
    /// writes carry a [`Change::Fence`]. A storage of one process holds every lease itself.
    async fn lease(&self, _name: &str, _holder: &str, _ttl: i64) -> Result<Option<i64>, StorageError> {
        Ok(Some(1))
    }
    /// Gives lease `name` up if `holder` has it (a draining server), so another takes it at once.
    async fn release(&self, _name: &str, _holder: &str) -> Result<(), StorageError> {
        Ok(())
    }
    /// Every lease, in name order (the stats page).
    async fn leases(&self) -> Result<Vec<Lease>, StorageError> {
        Ok(Vec::new())
    }
    /// Records that server `id` (started at `started_at`) is alive, and answers every server
    /// seen within `within` seconds, in id order (the stats page): a shared storage's
    /// deployment. Others answer nothing.
    async fn heartbeat(&self, _id: &str, _started_at: i64, _within: i64) -> Result<Vec<Instance>, StorageError> {
        Ok(Vec::new())
    }
    /// Server `id` stops: it is no longer listed among the deployment's servers.
    async fn leave(&self, _id: &str) -> Result<(), StorageError> {
        Ok(())
    }
    /// The servers of a [shared](Journal::shared) storage seen alive within `within` seconds,
    /// in id order, without recording anything (the command line asks whether a deployment is
    /// running). Others answer nothing.
    async fn instances(&self, _within: i64) -> Result<Vec<Instance>, StorageError> {
        Ok(Vec::new())
    }
    /// What names a [shared](Journal::shared) storage's deployment, the same for every server
    /// of it and different for another deployment (what a logOut's cool-down belongs to);
    /// `None` for a storage of one process, whose working directory names it.
    async fn deployment_id(&self) -> Result<Option<String>, StorageError> {
        Ok(None)
    }
    /// Calls `wake` with the [`Notice`]s of every commit, from this process or another. Only
    /// [shared](Journal::shared) storages call it; the others need not (their one process
    /// wakes its own readers and drops its own copies).
    fn listen(&self, _wake: Wake) {}
    /// Every bot, revoked ones included.
    async fn list_bots(&self) -> Result<Vec<BotRecord>, StorageError>;
    /// One bot by user id.
    async fn load_bot(&self, bot_id: i64) -> Result<Option<BotRecord>, StorageError>;
    /// The bots that hold setting `key` (a webhook to resume, poll timers to re-arm), so the
    /// work at start-up visits those bots only. Backends with an index should override this.
    async fn bots_with_setting(&self, key: &str) -> Result<Vec<i64>, StorageError> {
        bots_with_setting_by_scan(self, key).await
    }
    /// Allocates a fresh user id (bots and people share one id space).
    async fn allocate_user_id(&self) -> Result<i64, StorageError>;
    /// Applies a batch of changes atomically; returns once they are durable.
    async fn apply(&self, changes: Vec<Change>) -> Result<(), StorageError>;
    /// Applies `changes` as [`apply`](Self::apply) does, handing them over before it returns,
    /// and calls `then` with whether they are durable as soon as that is known: before the
    /// returned future resolves, and whether or not it is still awaited (a caller dropped
    /// mid-wait, its client gone, still has them applied and `then` called). A queue settles
    /// the update it pushed this way (committed, or removed), in every case.
    ///
    /// A backend that hands its work to a thread of its own (SQLite's writer) does this from
    /// there. The others answer `Err` with what they were given, and the caller runs
    /// [`apply`](Self::apply) in a task of its own and calls `then` there.
    fn apply_then(self: Arc<Self>, changes: Vec<Change>, then: Settle) -> Result<Applying, Unapplied> {
        Err((changes, then))
    }
    /// A bot's settings and pending updates.
    async fn load_bot_state(&self, bot_id: i64) -> Result<BotState, StorageError>;
    /// One of a bot's settings, without its pending updates. Backends that can read one key
    /// directly should override this.
    async fn load_bot_setting(&self, bot_id: i64, key: &str) -> Result<Option<String>, StorageError> {
        let state = self.load_bot_state(bot_id).await?;
        Ok(state.settings.into_iter().find(|(k, _)| k == key).map(|(_, v)| v))
    }
    /// The highest message id a conversation has given, forgotten messages included; 0 when it
    /// has none.
    async fn last_message_id(&self, conversation: &str) -> Result<i64, StorageError>;
    /// A person's pending updates.
    async fn load_user_updates(&self, user_id: i64) -> Result<Vec<StoredUpdate>, StorageError>;
    /// The updates `ids` (ascending) of `owner`'s queue that are stored, in id order: a queue
    /// keeps the payloads of its first updates in memory and reads the others back when a
    /// reader gets to them. The default loads the whole queue; backends that can look updates
    /// up by id should override it.
    async fn load_updates(&self, owner: Owner, ids: &[i64]) -> Result<Vec<StoredUpdate>, StorageError> {
        let all = match owner {
            Owner::Bot(bot_id) => self.load_bot_state(bot_id).await?.updates,
            Owner::User(user_id) => self.load_user_updates(user_id).await?,
        };
        Ok(all.into_iter().filter(|u| ids.binary_search(&u.update_id).is_ok()).collect())
    }
    /// Up to `limit` stored updates of `owner`'s queue with ids above `after`, in id order, and
    /// the lowest id the queue holds (`None`: empty): how a queue of a [shared](Journal::shared)
    /// storage learns what other processes appended and acknowledged. The default loads the
    /// whole queue.
    async fn load_updates_after(
        &self,
        owner: Owner,
        after: i64,
        limit: usize,
    ) -> Result<(Vec<StoredUpdate>, Option<i64>), StorageError> {
        let all = match owner {
            Owner::Bot(bot_id) => self.load_bot_state(bot_id).await?.updates,
            Owner::User(user_id) => self.load_user_updates(user_id).await?,
        };
        let first = all.first().map(|u| u.update_id);
        Ok((all.into_iter().filter(|u| u.update_id > after).take(limit).collect(), first))
    }
    /// Whether a person was given the content `content` ([`Change::PersonFile`]).
    async fn person_has_file(&self, _user_id: i64, _content: &str) -> Result<bool, StorageError> {
        Ok(false)
    }
    /// The id a person's queue gives its next update, as last recorded
    /// ([`Change::PersonQueueHead`]); `None` when never recorded.
    async fn load_person_queue_head(&self, _user_id: i64) -> Result<Option<i64>, StorageError> {
        Ok(None)
    }
    /// One message.
    async fn load_message(&self, conversation: &str, message_id: i64) -> Result<Option<String>, StorageError>;
    /// Up to `limit` messages of a conversation with ids strictly between `after` and `before`,
    /// newest first, as `(message_id, payload)` (a chat's history, page by page).
    async fn load_messages(
        &self,
        conversation: &str,
        after: i64,
        before: i64,
        limit: usize,
    ) -> Result<Vec<(i64, String)>, StorageError>;
    /// One row of a domain's table ([`Change::PutRecord`]).
    async fn load_record(&self, table: &str, scope: i64, key: &str) -> Result<Option<String>, StorageError>;
    /// Every row of `table` in `scope` as `(key, value)`, in key order (bytewise).
    async fn load_records(&self, table: &str, scope: i64) -> Result<Vec<(String, String)>, StorageError>;
    /// The rows of `table` with key `key` in any scope, as `(scope, value)` in scope order (an
    /// invite link found by the link alone).
    async fn find_records(&self, table: &str, key: &str) -> Result<Vec<(i64, String)>, StorageError>;
    /// The scopes that hold a row of `table`, in order (the bots with poll timers to re-arm).
    async fn record_scopes(&self, table: &str) -> Result<Vec<i64>, StorageError>;
    /// One of a bot's files by content and kind.
    async fn load_file(&self, bot_id: i64, content: &str, kind: &str) -> Result<Option<FileRecord>, StorageError>;
    /// Every file record of a bot (retention sweeps, numbering).
    async fn list_files(&self, bot_id: i64) -> Result<Vec<FileRecord>, StorageError>;
}

/// Operations and administration: what the supervisor and the operator's tools need beside
/// the journal (the backend's name and readiness, the bots' list and provisioning, a bot
/// replaced whole, retention, disk usage, the writer's activity, the start-up survey).
#[async_trait::async_trait]
pub trait Administration: Send + Sync + 'static {
    /// The configured name of this backend (`sqlite`, `memory`, ...).
    fn kind(&self) -> &str;
    /// Checks that the storage can be used (a database answers, its schema is in place), once at
    /// start, so a bad configuration stops the start instead of failing the first requests.
    async fn ready(&self) -> Result<(), StorageError> {
        Ok(())
    }
    /// Claims the storage for this server alone, for as long as the process lives (a shared
    /// database: several instances on one are not safe yet, so a second is refused); called once
    /// by the server at start, never by admin commands. Backends on a directory need nothing
    /// here (the directory's lock file covers them).
    async fn claim(&self) -> Result<(), StorageError> {
        Ok(())
    }
    /// Creates or replaces a bot record.
    async fn save_bot(&self, bot: &BotRecord) -> Result<(), StorageError>;
    /// Creates or replaces many bots at once (provisioning from the configuration); backends
    /// that can should share the work and the flushes.
    async fn save_bots(&self, bots: &[BotRecord]) -> Result<(), StorageError> {
        for bot in bots {
            self.save_bot(bot).await?;
        }
        Ok(())
    }
    /// What the backend's writer did since it opened, for the stats port; `None` where the
    /// backend does not count it (memory, PostgreSQL, whose own statistics say it).
    fn activity(&self) -> Option<crate::stats::StorageActivity> {
        None
    }
    /// Forgets up to `limit` messages sent before `before` (unix seconds) and gives their space
    /// back to the system; returns how many were forgotten (the retention sweep calls it until
    /// it returns less than `limit`, so no call holds the writer for long).
    async fn forget_messages(&self, _before: i64, _limit: usize) -> Result<usize, StorageError> {
        Ok(0)
    }
    /// Replaces everything stored of bot `bot.id` (its record, settings, queued updates and file
    /// records) with what is given, in one transaction: `bot import` through the seam. What the
    /// bot had that is not given is gone afterwards.
    async fn replace_bot(&self, bot: &BotRecord, state: &BotState, files: &[FileRecord]) -> Result<(), StorageError>;
    /// Bytes on disk used by a bot's own state and files, when the backend can tell.
    async fn disk_usage(&self, _bot_id: i64) -> Option<u64> {
        None
    }
    /// What the working directory holds, for the start-up log; `None` from backends that keep
    /// no bot directories there.
    fn survey(&self) -> Option<Result<Survey, StorageError>> {
        None
    }
    /// People, groups and memberships as a database written before they were the platform's
    /// rows kept them (tables of their own), with every conversation's highest message id;
    /// `None` when the database has no such tables (made since, or by a backend that never had
    /// them). The platform reads it once, stores its rows, then calls
    /// [`retire_legacy_platform`](Self::retire_legacy_platform).
    async fn legacy_platform(&self) -> Result<Option<PlatformState>, StorageError> {
        Ok(None)
    }
    /// Removes the tables [`legacy_platform`](Self::legacy_platform) read (nothing when there
    /// are none).
    async fn retire_legacy_platform(&self) -> Result<(), StorageError> {
        Ok(())
    }
}

/// Persistent state of the platform and its bots: the [`Journal`] and its [`Administration`];
/// every type that is both is one.
pub trait StorageBackend: Journal + Administration {}

impl<T: Journal + Administration> StorageBackend for T {}

/// The bots holding setting `key`, found by asking every bot: what
/// [`Journal::bots_with_setting`] does for a backend without an index of its own.
pub async fn bots_with_setting_by_scan<S: Journal + ?Sized>(storage: &S, key: &str) -> Result<Vec<i64>, StorageError> {
    let mut found = Vec::new();
    for bot in storage.list_bots().await? {
        if storage.load_bot_setting(bot.id, key).await?.is_some() {
            found.push(bot.id);
        }
    }
    Ok(found)
}

/// The working directory as a backend sees it (see [`Administration::survey`]).
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Survey {
    /// Bot directories found, by bot id.
    pub bots: Vec<i64>,
    /// Directories that are not bot directories.
    pub strays: Vec<String>,
    /// What a bot directory holds, for the warning about strays (`bot.sqlite`).
    pub marker: String,
}

impl Survey {
    pub fn new(bots: Vec<i64>, strays: Vec<String>, marker: impl Into<String>) -> Self {
        Self { bots, strays, marker: marker.into() }
    }
}

/// Builds a storage backend from its configuration section.
pub trait StorageFactory: Send + Sync + 'static {
    fn create(&self, config: &serde_json::Value) -> Result<Arc<dyn StorageBackend>, StorageError>;
}
