//! The seam between the server and the platform behind it, both ways. The platform makes the
//! updates bots receive and hands them over through [`BotUpdates`]; the server keeps the queues,
//! the allowed_updates filters and the delivery (getUpdates, webhooks). The server asks the
//! platform what only it knows through [`PlatformService`]: the bots (to authenticate them) and
//! the people's side. A connector to a real network or a relay to an upstream Bot API server
//! would sit behind the same two traits.

use std::path::PathBuf;
use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use crate::{ApiError, BotRecord, Change, Params, Registrar, Reply, Settle, StorageBackend, StorageError};

/// An update for one bot, before it gets its id.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct NewUpdate {
    /// The Update field it fills: `message`, `callback_query`, ...
    pub kind: String,
    /// That field's JSON.
    pub payload: String,
    /// The chat it belongs to (webhook deliveries keep each chat's order).
    pub chat_key: i64,
    /// Unix time after which it is dropped undelivered.
    pub expires_at: i64,
}

impl NewUpdate {
    pub fn new(kind: impl Into<String>, payload: String, chat_key: i64, expires_at: i64) -> Self {
        Self { kind: kind.into(), payload, chat_key, expires_at }
    }
}

/// An update given its id and its place in a queue, not yet stored: the change that stores it,
/// and what makes it visible (or takes it out) once the batch holding that change is settled.
/// Readers of the queue stop at it until then. The platform gathers every effect of one act
/// (its rows and every recipient's update) and commits them in one batch; an act that fails or
/// is cancelled before committing drops its reservations, and a reservation dropped unsettled
/// takes its update out of the queue, so nothing of the act is left behind.
pub struct Reserved {
    update_id: i64,
    change: Option<Change>,
    settle: Option<Settle>,
}

impl Reserved {
    pub fn new(update_id: i64, change: Change, settle: Settle) -> Self {
        Self { update_id, change: Some(change), settle: Some(settle) }
    }

    /// The id the update got.
    pub fn update_id(&self) -> i64 {
        self.update_id
    }

    /// The change that stores the update and what settles it: whoever takes them must call
    /// the settle with the batch's outcome.
    pub fn into_parts(mut self) -> (Change, Settle) {
        let change = self.change.take().expect("a reservation is taken apart once");
        let settle = self.settle.take().expect("a reservation is taken apart once");
        (change, settle)
    }
}

impl std::fmt::Debug for Reserved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reserved").field("update_id", &self.update_id).finish_non_exhaustive()
    }
}

impl Drop for Reserved {
    fn drop(&mut self) {
        // Never committed: the update leaves its queue.
        if let Some(settle) = self.settle.take() {
            settle(false);
        }
    }
}

/// A bot the operator's configuration declares (`[[bots]]`): its record, and the bot settings
/// to store with it (key, value; `None` removes).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct BotDeclaration {
    pub record: BotRecord,
    pub settings: Vec<(String, Option<String>)>,
}

impl BotDeclaration {
    pub fn new(record: BotRecord, settings: Vec<(String, Option<String>)>) -> Self {
        Self { record, settings }
    }
}

/// Where the updates for bots go.
#[async_trait::async_trait]
pub trait BotUpdates: Send + Sync + 'static {
    /// Whether `bot` takes updates of `kind` now (its allowed_updates, and not logged out).
    async fn accepts(&self, bot: &Arc<BotRecord>, kind: &str) -> Result<bool, ApiError>;

    /// Queues `update` for `bot`, committed in one batch with `extra`; it becomes visible once
    /// durable, and the call returns then.
    async fn push(&self, bot: &Arc<BotRecord>, update: NewUpdate, extra: Vec<Change>) -> Result<(), ApiError>;

    /// Gives `update` its id and place in `bot`'s queue without storing it: the caller commits
    /// the reservation with the rest of its act (see [`Reserved`]). `None` when the queue is
    /// full and the update is dropped, as [`push`](Self::push) drops it.
    async fn reserve(&self, bot: &Arc<BotRecord>, update: NewUpdate) -> Result<Option<Reserved>, ApiError>;
}

/// What the server asks of the platform behind it.
#[async_trait::async_trait]
pub trait PlatformService: Send + Sync + 'static {
    /// A bot by user id, revoked ones included (the server checks the token's secret).
    async fn bot(&self, bot_id: i64) -> Result<Option<Arc<BotRecord>>, StorageError>;

    /// How many bots it has seen (the statistics page).
    fn known_bot_count(&self) -> u64;

    /// A request to the people's side (`/user<token>/<method>`), its parameters decoded;
    /// `serving` is false while the server drains (long polls answer at once).
    async fn user_request(&self, token: &str, method: &str, params: Params, serving: bool) -> Result<Reply, ApiError>;

    /// Ends every long poll the platform holds (the server is draining).
    async fn abort_polls(&self);

    /// The platform's own work, started as the server starts serving: what it reports at start
    /// (the working directory's survey) is logged before the server is ready; background work
    /// (file retention) runs until `stop`.
    fn start(&self, stop: CancellationToken);

    /// Creates or updates the bots the operator's configuration declares: their tokens,
    /// usernames, names and settings are authoritative. A clash is a
    /// [`StorageError::Conflict`] naming it.
    async fn provision(&self, declared: Vec<BotDeclaration>) -> Result<(), StorageError>;

    /// The local file a download path (`/file/bot<token>/<file_path>`) names, if it is one of
    /// `bot_id`'s own files; the server streams it.
    async fn file(&self, bot_id: i64, file_path: &str) -> Option<PathBuf>;

    /// A person's updates for the push stream (`/user<token>/stream`): up to 100 with ids above
    /// `after` (from the head without it), waiting up to `wait` for the first when there are
    /// none. A stream only reads: several (a person open in two tabs) read the one queue
    /// getUpdates reads, each from its own position, and updates leave it when getUpdates
    /// acknowledges them or when they expire.
    async fn user_events(
        &self,
        _token: &str,
        _after: Option<i64>,
        _wait: std::time::Duration,
    ) -> Result<Vec<(i64, String)>, ApiError> {
        Err(ApiError::not_found())
    }

    /// The local file a person's `file_id` names (`/user<token>/file/<file_id>`) and its content
    /// type, when it is that person's.
    async fn user_file(&self, _token: &str, _file_id: &str) -> Option<(PathBuf, String)> {
        None
    }

    /// A request of the operator's console (`/console/api/<method>`); the server has checked the
    /// operator's credential.
    async fn operator_request(&self, _method: &str, _params: Params) -> Result<Reply, ApiError> {
        Err(ApiError::method_not_found())
    }
}

/// Builds the platform behind a server, in two steps: its Bot API methods join the registry
/// (before it freezes), then, once the server has opened the storage and made the bots' update
/// queues, the platform is built on them. The server knows only this trait, so another
/// platform (a connector to a real network, a relay) is built the same way.
pub trait PlatformBuilder: Send {
    /// Registers the platform's Bot API methods (under the plugin name `builtin`).
    fn register(&mut self, registrar: &mut Registrar);

    /// The platform, on the server's storage, handing bots' updates to `updates`.
    fn build(
        self: Box<Self>,
        storage: Arc<dyn StorageBackend>,
        updates: Arc<dyn BotUpdates>,
    ) -> Result<Arc<dyn PlatformService>, StorageError>;
}
