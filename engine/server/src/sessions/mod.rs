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
    pub instance_id: String,
    /// Each thread's copies of `ready`'s entries it used ([`Sessions::presence`]); a session
    /// leaving `ready` makes them stale.
    copies: msg_core::front::Front,
}

impl Sessions {
    pub fn new(storage: Arc<dyn StorageBackend>, instance_id: String) -> Self {
        Self {
            storage,
            server_start: Instant::now(),
            sessions: tokio::sync::Mutex::default(),
            ready: std::sync::RwLock::default(),
            instance_id,
            copies: msg_core::front::Front::new(),
        }
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
        let allowed_mask = setting("allowed_updates")
            .and_then(|v| serde_json::from_str::<Vec<String>>(&v).ok())
            .map(|kinds| session::mask_of(kinds.iter().map(String::as_str)))
            .filter(|m| *m != 0)
            .unwrap_or_else(session::default_mask);
        let webhook = setting("webhook").and_then(|v| serde_json::from_str::<Webhook>(&v).ok());
        let logged_out_at = setting("logged_out").and_then(|v| {
            let (at, instance) = v.split_once(':')?;
            let at = at.parse::<i64>().ok()?;
            (msg_core::storage::now_unix() - at < crate::LOGOUT_COOLDOWN_SECS && instance == self.instance_id)
                .then_some(at)
        });
        let session = Arc::new(BotSession {
            bot: bot.clone(),
            mailbox: Mailbox::new(Owner::Bot(bot.id), state.updates, next_id, self.storage.shared()),
            settings: Mutex::new(Settings { allowed_mask, webhook, last_set_webhook: None }),
            health: Mutex::new(WebhookHealth::default()),
            presence: std::sync::atomic::AtomicI64::new(
                logged_out_at.map_or(Presence::Active, |at| Presence::LoggedOut { at }).to_word(),
            ),
            started: Instant::now(),
            webhook_stop: Mutex::new(None),
        });
        // Updates that outlived their 24 hours while the bot was away leave its queue now.
        self.forget_expired(&session).await;
        sessions.insert(bot.id, session.clone());
        self.ready.write().expect("sessions").insert(bot.id, session.clone());
        Ok(session)
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
    pub fn wake(&self, owner: Option<Owner>) {
        let ready = self.ready.read().expect("sessions");
        match owner {
            Some(Owner::Bot(id)) => ready.get(&id).into_iter().for_each(|s| s.mailbox.wake()),
            Some(Owner::User(_)) => {}
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
