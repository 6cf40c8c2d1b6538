//! The server's side of the bots: one live session per bot (its update queue, allowed_updates,
//! webhook, presence), activated from the bot's stored state on its first use. The platform hands
//! updates over through [`BotUpdates`], which this implements: it never sees a session. Not here:
//! what makes an update (the platform) nor how it is delivered (`webhook`, getUpdates).

pub mod session;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use msg_core::{ApiError, BotRecord, BotUpdates, Change, NewUpdate, Owner, Reserved, StorageBackend, StorageError};

use self::session::{BotSession, Presence, Settings, Webhook, WebhookHealth};
use msg_queue::{self as queue, Mailbox, PollAbort};

/// What [`Sessions::on_activate`] is given.
pub type OnActivate = Box<dyn Fn(&Arc<BotSession>) + Send + Sync>;

/// What a session takes from the bot's stored settings.
struct Stored {
    allowed_mask: u32,
    webhook: Option<Webhook>,
    presence: Presence,
}

/// Every active bot session.
pub struct Sessions {
    storage: Arc<dyn StorageBackend>,
    server_start: Instant,
    sessions: tokio::sync::Mutex<HashMap<i64, Arc<BotSession>>>,
    /// A copy of `sessions` readable without awaiting: the per-request fast path. Written only
    /// while `sessions` is locked, so the two never disagree for long.
    ready: std::sync::RwLock<HashMap<i64, Arc<BotSession>>>,
    /// Identifies this working directory, so a logOut recorded here is not honoured by another
    /// server the bot's directory is copied to.
    instance_id: String,
    /// A shared storage's deployment (set at the start): a logOut through any of its servers
    /// holds on all of them, and on none of another deployment.
    deployment: std::sync::OnceLock<String>,
    /// Each thread's copies of `ready`'s entries it used ([`Sessions::presence`]); a session
    /// leaving `ready` makes them stale.
    copies: msg_core::front::Front,
    /// Called with each session activated (the server starts the webhook worker of a bot whose
    /// webhook another server of a shared storage set).
    on_activate: std::sync::OnceLock<OnActivate>,
}

impl Sessions {
    pub fn new(storage: Arc<dyn StorageBackend>, instance_id: String) -> Self {
        Self {
            storage,
            server_start: Instant::now(),
            sessions: tokio::sync::Mutex::default(),
            ready: std::sync::RwLock::default(),
            instance_id,
            deployment: std::sync::OnceLock::new(),
            copies: msg_core::front::Front::new(),
            on_activate: std::sync::OnceLock::new(),
        }
    }

    /// What a logOut's cool-down belongs to: the shared storage's deployment, or else this
    /// working directory.
    pub fn logout_scope(&self) -> &str {
        self.deployment.get().unwrap_or(&self.instance_id)
    }

    /// Sets the shared storage's deployment (once, at the start, before any session loads).
    pub fn set_deployment(&self, id: String) {
        let _ = self.deployment.set(id);
    }

    /// Sets what is called with each session activated from now on (once).
    pub fn on_activate(&self, call: OnActivate) {
        let _ = self.on_activate.set(call);
    }

    /// The presence of a bot whose session is active (`None`: not active yet), read from this
    /// thread's copy of the session: every request asks, and the shared map's lock and the
    /// session's count would be written from every core at once.
    pub fn presence(&self, bot_id: i64) -> Option<Presence> {
        // A copy lives until its session leaves `ready` (no lifetime of its own).
        let copied = self.copies.with(bot_id, Duration::MAX, |session: &Arc<BotSession>| session.presence());
        if copied.is_some() {
            return copied;
        }
        let generation = self.copies.generation();
        let session = self.ready.read().expect("sessions").get(&bot_id).cloned()?;
        let presence = session.presence();
        self.copies.put(bot_id, session, msg_core::coarse::now(), generation);
        Some(presence)
    }

    /// The bot's live session, activated from its stored state on first use.
    pub async fn session(&self, bot: &Arc<BotRecord>) -> Result<Arc<BotSession>, ApiError> {
        if let Some(s) = self.ready.read().expect("sessions").get(&bot.id) {
            return Ok(s.clone());
        }
        let mut sessions = self.sessions.lock().await;
        if let Some(s) = sessions.get(&bot.id) {
            return Ok(s.clone());
        }
        let state = self.storage.load_bot_state(bot.id).await.map_err(StorageError::into_api_error)?;
        let setting = |key: &str| state.settings.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let stored = self.stored(setting);
        let first_id = match setting("first_update_id").and_then(|v| v.parse::<i64>().ok()) {
            Some(id) => id,
            None => {
                let id = queue::first_update_id();
                self.storage
                    .apply(vec![Change::BotSetting {
                        bot_id: bot.id,
                        key: "first_update_id".into(),
                        value: Some(id.to_string()),
                    }])
                    .await
                    .map_err(StorageError::into_api_error)?;
                id
            }
        };
        let next_id = setting(queue::NEXT_ID_SETTING).and_then(|v| v.parse::<i64>().ok()).unwrap_or(first_id);
        let Stored { allowed_mask, webhook, presence } = stored;
        let session = Arc::new(BotSession {
            bot: bot.clone(),
            mailbox: Mailbox::new(Owner::Bot(bot.id), state.updates, next_id, self.storage.shared()),
            settings: Mutex::new(Settings { allowed_mask, webhook, last_set_webhook: None }),
            health: Mutex::new(WebhookHealth::default()),
            presence: std::sync::atomic::AtomicI64::new(presence.to_word()),
            started: Instant::now(),
            webhook_stop: Mutex::new(None),
            reloading: tokio::sync::Mutex::default(),
        });
        // Updates that outlived their 24 hours while the bot was away leave its queue now.
        self.forget_expired(&session).await;
        sessions.insert(bot.id, session.clone());
        self.ready.write().expect("sessions").insert(bot.id, session.clone());
        if let Some(call) = self.on_activate.get() {
            call(&session);
        }
        Ok(session)
    }

    /// What a session takes from the bot's stored settings (`setting` reads one).
    fn stored(&self, setting: impl Fn(&str) -> Option<String>) -> Stored {
        let allowed_mask = setting("allowed_updates")
            .and_then(|v| serde_json::from_str::<Vec<String>>(&v).ok())
            .map(|kinds| session::mask_of(kinds.iter().map(String::as_str)))
            .filter(|m| *m != 0)
            .unwrap_or_else(session::default_mask);
        let webhook = setting("webhook").and_then(|v| serde_json::from_str::<Webhook>(&v).ok());
        let logged_out_at = setting("logged_out").and_then(|v| {
            let (at, instance) = v.split_once(':')?;
            let at = at.parse::<i64>().ok()?;
            (msg_core::storage::now_unix() - at < crate::LOGOUT_COOLDOWN_SECS && instance == self.logout_scope())
                .then_some(at)
        });
        Stored {
            allowed_mask,
            webhook,
            presence: logged_out_at.map_or(Presence::Active, |at| Presence::LoggedOut { at }),
        }
    }

    /// Reads an active session's settings again from the storage (another server of a shared
    /// storage changed them); returns the session and whether its webhook changed (its worker
    /// is to start or stop). `None` when the bot has no session here.
    pub async fn reload(&self, bot_id: i64) -> Result<Option<(Arc<BotSession>, bool)>, StorageError> {
        let Some(session) = self.ready.read().expect("sessions").get(&bot_id).cloned() else { return Ok(None) };
        let held = session.clone();
        let _reloading = held.reloading.lock().await;
        let mut values = Vec::new();
        for key in ["allowed_updates", "webhook", "logged_out"] {
            values.push((key, self.storage.load_bot_setting(bot_id, key).await?));
        }
        let Stored { allowed_mask, webhook, presence } =
            self.stored(|key| values.iter().find(|(k, _)| *k == key).and_then(|(_, v)| v.clone()));
        let changed = {
            let mut settings = session.settings.lock().expect("settings");
            settings.allowed_mask = allowed_mask;
            let changed = settings.webhook != webhook;
            settings.webhook = webhook;
            changed
        };
        if presence != session.presence() {
            session.set_presence(presence);
            self.copies.invalidate();
            if presence != Presence::Active {
                session.mailbox.abort_polls(PollAbort::Closing);
            }
        }
        Ok(Some((session, changed)))
    }

    /// The bots with a session here.
    pub fn active(&self) -> Vec<i64> {
        self.ready.read().expect("sessions").keys().copied().collect()
    }

    /// Every minute until `stop`, forgets the updates past their expiry in every loaded bot's
    /// queue: an update leaves the queue after 24 hours, as the Bot API promises, whether or not
    /// the bot ever reads it (a queue not loaded is swept when its bot comes back).
    pub async fn expire_updates(self: Arc<Self>, stop: tokio_util::sync::CancellationToken) {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        let mut moves = msg_core::clock::moves();
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                () = msg_core::clock::tick(&mut tick, &mut moves) => {}
            }
            for session in self.sessions().await {
                self.forget_expired(&session).await;
            }
        }
    }

    /// Forgets the updates of `session`'s queue that are past their expiry (a failure is logged:
    /// they are skipped when read all the same, and the next sweep tries again).
    async fn forget_expired(&self, session: &BotSession) {
        if let Err(e) = session.mailbox.expire(&self.storage, msg_core::storage::now_unix()).await {
            tracing::warn!("bot {}: expired updates could not be forgotten: {e}", session.bot.id);
        }
    }

    /// All active sessions.
    pub async fn sessions(&self) -> Vec<Arc<BotSession>> {
        self.sessions.lock().await.values().cloned().collect()
    }

    /// Drops a session from memory (close): its data stays on disk.
    pub async fn deactivate(&self, bot_id: i64) {
        let mut sessions = self.sessions.lock().await;
        self.ready.write().expect("sessions").remove(&bot_id);
        self.copies.invalidate();
        if let Some(s) = sessions.remove(&bot_id) {
            s.mailbox.abort_polls(PollAbort::Closing);
            if let Some(stop) = s.webhook_stop.lock().expect("webhook stop").take() {
                stop.cancel();
            }
        }
    }

    /// Seconds since this server started.
    pub fn server_age(&self) -> Duration {
        self.server_start.elapsed()
    }

    /// Wakes the readers of a bot's queue (`None`: every bot's) so they read it back: another
    /// server appended to it (see `Journal::listen`).
    pub fn wake(&self, bot: Option<i64>) {
        let ready = self.ready.read().expect("sessions");
        match bot {
            Some(id) => ready.get(&id).into_iter().for_each(|s| s.mailbox.wake()),
            None => ready.values().for_each(|s| s.mailbox.wake()),
        }
    }

    /// Ends every bot's long poll (server draining).
    pub async fn abort_all_polls(&self) {
        for s in self.sessions.lock().await.values() {
            s.mailbox.abort_polls(PollAbort::Closing);
        }
    }
}

#[async_trait::async_trait]
impl BotUpdates for Sessions {
    async fn accepts(&self, bot: &Arc<BotRecord>, kind: &str) -> Result<bool, ApiError> {
        let session = self.session(bot).await?;
        Ok(session.wants(kind) && !matches!(session.presence(), Presence::LoggedOut { .. }))
    }

    async fn push(&self, bot: &Arc<BotRecord>, update: NewUpdate, extra: Vec<Change>) -> Result<(), ApiError> {
        let session = self.session(bot).await?;
        session
            .mailbox
            .push(&self.storage, &update.kind, update.payload, update.chat_key, update.expires_at, extra)
            .await
            .map_err(StorageError::into_api_error)?;
        Ok(())
    }

    async fn reserve(&self, bot: &Arc<BotRecord>, update: NewUpdate) -> Result<Option<Reserved>, ApiError> {
        let session = self.session(bot).await?;
        Ok(session.mailbox.reserve(&update.kind, update.payload, update.chat_key, update.expires_at))
    }
}
