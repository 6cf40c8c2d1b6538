//! The Bot API server: it knows the protocol, not what the methods do. The HTTP front (`http`),
//! routing, token checks and parameter decoding (`dispatch`, `call`), dispatch through the
//! method registry, the bots' update queues and their delivery (`sessions`, getUpdates long polls,
//! `webhook`), the file route (`files`) and statistics (`stats`). What the methods act on is the
//! platform behind [`msg_core::PlatformService`], built through [`msg_core::PlatformBuilder`]:
//! this crate never names it. It implements [`msg_core::Engine`]; the supervisor owns the process
//! around it (configuration, signals, logging, restarts), so nothing here exits or reads the
//! environment.
#![forbid(unsafe_code)]

mod call;
mod calls;
mod console;
mod dispatch;
mod faults;
mod files;
pub mod http;
mod methods;
mod sessions;
mod sharded;
pub mod stats;
mod stream;
mod webhook;

/// Checks a `[[faults]]` rule as the start would (for `config check`).
pub use faults::check as check_fault_rule;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use msg_core::method::Late;
use msg_core::{
    BotRecord, Engine, EngineError, Listeners, Phase, PhaseCell, PlatformBuilder, PlatformService, Registrar, Registry,
    RegistryError, StorageBackend, StorageError,
};
use tokio_util::sync::CancellationToken;

/// What the engine needs to know, already validated by the supervisor's configuration.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct EngineConfig {
    /// Absolute working directory.
    pub dir: PathBuf,
    /// Absolute temp directory for uploads in flight.
    pub temp_dir: PathBuf,
    pub local: bool,
    /// Default `max_connections` of a webhook.
    pub max_webhook_connections: u32,
    /// `(remainder, modulo)`: serve only bots with `id % modulo == remainder`.
    pub filter: Option<(u64, u64)>,
    /// Storage backend kind (`sqlite` by default).
    pub storage_kind: String,
    /// The `[storage]` section handed to the backend's factory.
    pub storage_config: serde_json::Value,
    /// Header-read and idle bounds of client connections, and how many may be open.
    pub connections: http::conn::ConnectionLimits,
    /// Names resolved to fixed addresses that count as public (tests: `BOTAPI_TEST_RESOLVE`).
    pub resolve_overrides: Vec<(String, std::net::IpAddr)>,
    /// Check every Bot API result and webhook update against the schema and log violations
    /// (`spec violation: …`); the test suite runs every server this way (`BOTAPI_VALIDATE`).
    pub validate: bool,
    /// The browser console at `/console/`, when on: the operator's key its operator API asks for.
    pub console: Option<msg_core::Secret>,
    /// Fault rules in force from the start (`[[faults]]`), as the operator API's `addFault` takes them.
    pub faults: Vec<serde_json::Value>,
    /// The platform's send rates answered with 429 (`--flood-control`).
    pub flood_control: bool,
    /// Calls kept per bot in the call log (0: no log).
    pub call_log_size: usize,
}

impl EngineConfig {
    pub fn new(dir: PathBuf, temp_dir: PathBuf) -> Self {
        Self {
            dir,
            temp_dir,
            local: false,
            max_webhook_connections: 40,
            filter: None,
            storage_kind: "sqlite".to_owned(),
            storage_config: serde_json::Value::Null,
            connections: http::conn::ConnectionLimits::default(),
            resolve_overrides: Vec::new(),
            validate: false,
            console: None,
            faults: Vec::new(),
            flood_control: false,
            call_log_size: 1000,
        }
    }

    /// Where outbound connections (webhooks, and the platform's uploads by URL) may go.
    pub fn outbound(&self) -> msg_outbound::OutboundPolicy {
        msg_outbound::OutboundPolicy { any_address: self.local, overrides: Arc::new(self.resolve_overrides.clone()) }
    }
}

/// Why the engine could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Registry(Vec<RegistryError>),
    #[error("unknown storage backend `{kind}`; available: {available}")]
    UnknownStorage { kind: String, available: String },
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error("{0}")]
    Fault(String),
}

/// After logOut a bot answers `400 Logged out` on this server for this long, then can be used
/// here again (rollback). Another server its directory is copied to is not affected.
pub const LOGOUT_COOLDOWN_SECS: i64 = 60;

/// State shared by every request of one engine.
pub(crate) struct Shared {
    pub config: EngineConfig,
    pub registry: Arc<Registry>,
    pub storage: Arc<dyn StorageBackend>,
    pub stats: stats::Stats,
    /// The bots' live sessions: their update queues, webhooks and presence.
    pub sessions: Arc<sessions::Sessions>,
    /// Where webhook deliveries may go.
    pub outbound: msg_outbound::OutboundPolicy,
    /// The platform as the server sees it: bots to authenticate, files, the people's side.
    pub upstream: Arc<dyn PlatformService>,
    pub phase: PhaseCell,
    /// Cancelled when the server starts draining: push streams end then, so they never hold the
    /// drain.
    pub draining: CancellationToken,
    /// Fault rules and the flood control (`faults.rs`): asked once per call, download and
    /// webhook delivery.
    pub faults: faults::Faults,
    /// Every bot's recent calls (`calls.rs`).
    pub calls: calls::CallLog,
    /// Disk usage per bot, measured at most every [`DISK_USAGE_TTL`] (it walks the bot's dir).
    disk_usage: std::sync::Mutex<HashMap<i64, (Option<u64>, Instant)>>,
    /// Each thread's own host handle ([`Shared::host`]).
    hosts: msg_core::front::Front,
    self_ref: Weak<Shared>,
    /// This process among the servers of a shared storage: its id (host name and a random
    /// part, new at each start: the holder of its leases), its start, and the servers the
    /// storage last said were alive ([`heartbeats`]).
    pub instance: String,
    pub started_at: i64,
    pub deployment: std::sync::RwLock<Vec<msg_core::Instance>>,
}

const DISK_USAGE_TTL: Duration = Duration::from_secs(30);

impl Shared {
    /// The bot with this id, as the platform knows it.
    pub async fn bot(&self, bot_id: i64) -> Result<Option<Arc<BotRecord>>, StorageError> {
        self.upstream.bot(bot_id).await
    }

    /// Bytes the bot's state and files use, when the storage can tell (cached briefly).
    pub async fn disk_usage(&self, bot_id: i64) -> Option<u64> {
        if let Some((bytes, at)) = self.disk_usage.lock().expect("disk usage").get(&bot_id)
            && at.elapsed() < DISK_USAGE_TTL
        {
            return *bytes;
        }
        let bytes = self.storage.disk_usage(bot_id).await;
        self.disk_usage.lock().expect("disk usage").insert(bot_id, (bytes, Instant::now()));
        bytes
    }

    pub fn known_bot_count(&self) -> u64 {
        self.upstream.known_bot_count()
    }

    /// This state as an `Arc` (it always lives in one).
    pub fn self_arc(&self) -> Arc<Shared> {
        self.self_ref.upgrade().expect("shared state is alive while used")
    }

    /// A bot's directory, `<dir>/<bot user id>`: the operator's contract, so the server knows it
    /// without asking the platform.
    pub fn bot_dir(&self, bot_id: i64) -> std::path::PathBuf {
        self.config.dir.join(bot_id.to_string())
    }

    /// The handle method handlers reach the server through. Every call takes one: each thread
    /// keeps its own, as one handle shared by all would have its count written from every core
    /// at once (the cache line passed back and forth costs more than the call around it).
    pub fn host(&self) -> Arc<dyn msg_core::Host> {
        if let Some(host) = self.hosts.get::<Arc<dyn msg_core::Host>>(0, Duration::MAX) {
            return host;
        }
        let host: Arc<dyn msg_core::Host> = Arc::new(dispatch::EngineHost(self.self_ref.clone()));
        self.hosts.put(0, host.clone(), msg_core::coarse::now(), self.hosts.generation());
        host
    }
}

/// The handle the protocol's methods use to reach the server once it exists.
pub(crate) type Slot = Late<Shared>;

/// The names of the protocol's methods this crate implements (for the coverage report).
pub fn method_names() -> Vec<String> {
    let mut registrar = Registrar::new();
    methods::register(&mut registrar, &Slot::default());
    let registry = registrar.freeze().expect("the protocol's methods never clash");
    registry.method_names().into_iter().map(str::to_owned).collect()
}

/// The Bot API engine.
pub struct BotApiEngine {
    shared: Arc<Shared>,
}

impl BotApiEngine {
    /// Registers the protocol's methods and the platform's next to whatever plugins already
    /// registered, freezes the registry, opens storage (a factory registered by the caller) and
    /// builds the platform on it.
    pub fn new(
        config: EngineConfig,
        mut registrar: Registrar,
        mut platform: Box<dyn PlatformBuilder>,
    ) -> Result<Self, BuildError> {
        let slot = Slot::default();
        methods::register(&mut registrar, &slot);
        platform.register(&mut registrar);
        registrar.exporter(Arc::new(stats::text::TextExporter));
        registrar.exporter(Arc::new(stats::prometheus::PrometheusExporter));
        registrar.exporter(Arc::new(stats::prometheus::JsonExporter));
        let registry = registrar.freeze().map_err(BuildError::Registry)?;
        let factory = registry.storage(&config.storage_kind).ok_or_else(|| BuildError::UnknownStorage {
            kind: config.storage_kind.clone(),
            available: registry.storage_kinds().join(", "),
        })?;
        let storage = factory.create(&config.storage_config)?;
        let instance_id = instance_id(&config.dir)?;
        let sessions = Arc::new(sessions::Sessions::new(storage.clone(), instance_id));
        let upstream = platform.build(storage.clone(), sessions.clone())?;
        let outbound = config.outbound();
        let faults = faults::Faults::new(config.flood_control, registry.method_names().into_iter().map(str::to_owned));
        for rule in &config.faults {
            faults.add(rule).map_err(|e| BuildError::Fault(format!("a [[faults]] rule: {e}")))?;
        }
        let calls = calls::CallLog::new(config.call_log_size);
        let shared = Arc::new_cyclic(|self_ref| Shared {
            config,
            registry: Arc::new(registry),
            storage,
            stats: stats::Stats::new(),
            sessions,
            outbound,
            upstream,
            phase: PhaseCell::default(),
            draining: CancellationToken::new(),
            faults,
            calls,
            disk_usage: Default::default(),
            hosts: msg_core::front::Front::new(),
            self_ref: self_ref.clone(),
            instance: msg_core::instance::instance().to_owned(),
            started_at: msg_core::storage::now_unix(),
            deployment: Default::default(),
        });
        slot.set(Arc::downgrade(&shared)).expect("slot set once");
        Ok(Self { shared })
    }

    /// The frozen registry (for listing methods and plugins).
    pub fn registry(&self) -> &Registry {
        &self.shared.registry
    }

    /// Creates or updates the bots declared in the configuration (the platform's job).
    /// Checks the storage first: a database that cannot be reached, or that another server
    /// serves already, stops the start.
    pub async fn provision(&self, declared: Vec<msg_core::BotDeclaration>) -> Result<(), BuildError> {
        self.shared.storage.ready().await?;
        self.shared.storage.claim().await?;
        if let Some(deployment) = self.shared.storage.deployment_id().await? {
            self.shared.sessions.set_deployment(deployment);
        }
        if self.shared.storage.shared() {
            // The operator API's fault rules are the deployment's.
            self.shared.faults.share(self.shared.storage.clone());
            self.shared.storage.watch(&[faults::TABLE]);
            self.shared.faults.reload().await;
        }
        Ok(self.shared.upstream.provision(declared).await?)
    }
}

/// Reads bot `bot_id`'s settings again after another server changed them, starting or stopping
/// its webhook worker here to match (a failure is logged: the next notice or restart reads them).
async fn reload_bot(shared: &Arc<Shared>, bot_id: i64) {
    match shared.sessions.reload(bot_id).await {
        Ok(Some((session, true))) => match session.webhook() {
            Some(_) => webhook::start(shared, &session),
            None => webhook::stop(&session),
        },
        Ok(_) => {}
        Err(e) => tracing::warn!("bot {bot_id}: its settings changed on another server and cannot be read: {e}"),
    }
}

/// Restarts delivery for every bot whose webhook was set before the server stopped (those the
/// storage lists as holding a `webhook` setting: no other bot is visited).
async fn resume_webhooks(shared: Arc<Shared>) {
    let ids = match shared.storage.bots_with_setting("webhook").await {
        Ok(ids) => ids,
        Err(e) => return tracing::error!("cannot list the bots with webhooks to resume them: {e}"),
    };
    for id in ids {
        if shared.draining.is_cancelled() {
            return;
        }
        if let Some((remainder, modulo)) = shared.config.filter
            && id.unsigned_abs() % modulo != remainder
        {
            continue;
        }
        let bot = match shared.storage.load_bot(id).await {
            Ok(Some(bot)) if !bot.revoked => bot,
            Ok(_) => continue,
            Err(e) => {
                tracing::error!("cannot read bot {id}: {e}");
                continue;
            }
        };
        match shared.sessions.session(&Arc::new(bot)).await {
            Ok(session) if session.presence() == sessions::session::Presence::Active => {
                tracing::info!("bot {}: resuming webhook delivery", session.bot.id);
                webhook::start(&shared, &session);
            }
            Ok(_) => {}
            Err(e) => tracing::error!("cannot resume a webhook: {}", e.description),
        }
    }
}

/// How often a server of a shared storage says it is alive, and how long one that stopped
/// saying so is still listed.
const HEARTBEAT: Duration = Duration::from_secs(5);
const HEARTBEAT_LISTED: i64 = 30;

/// Until `stop`, tells a shared storage every [`HEARTBEAT`] that this server is alive and keeps
/// the deployment's list it answers (the stats page shows it).
async fn heartbeats(shared: Arc<Shared>, stop: CancellationToken) {
    let mut tick = tokio::time::interval(HEARTBEAT);
    loop {
        tokio::select! {
            () = stop.cancelled() => return,
            _ = tick.tick() => {}
        }
        match shared.storage.heartbeat(&shared.instance, shared.started_at, HEARTBEAT_LISTED).await {
            Ok(instances) => *shared.deployment.write().expect("deployment") = instances,
            Err(e) => tracing::warn!("cannot tell the storage this server is alive: {e}"),
        }
    }
}

/// This working directory's identity, kept in `<dir>/instance-id`.
fn instance_id(dir: &std::path::Path) -> Result<String, StorageError> {
    let path = dir.join("instance-id");
    let io = |source| StorageError::Io { path: path.display().to_string(), source };
    match std::fs::read_to_string(&path) {
        Ok(id) if !id.trim().is_empty() => return Ok(id.trim().to_owned()),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(e)),
        _ => {}
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let id = format!("{:016x}", rand::random::<u64>());
    std::fs::write(&path, format!("{id}\n")).map_err(io)?;
    Ok(id)
}

fn to_tokio(listener: std::net::TcpListener, what: &str) -> Result<tokio::net::TcpListener, EngineError> {
    let io = |source| EngineError::Io { what: what.to_owned(), source };
    listener.set_nonblocking(true).map_err(io)?;
    tokio::net::TcpListener::from_std(listener).map_err(io)
}

#[async_trait::async_trait]
impl Engine for BotApiEngine {
    async fn serve(&self, listeners: Listeners, shutdown: CancellationToken) -> Result<(), EngineError> {
        self.shared.phase.set(Phase::Starting);
        // Once a process: an engine restarted by the supervisor may still have requests of the
        // one before it carrying out their work with their uploads.
        static SWEEP: std::sync::Once = std::sync::Once::new();
        SWEEP.call_once(|| {
            let swept = http::request::sweep_stale_uploads(&self.shared.config.temp_dir);
            if swept > 0 {
                tracing::info!("removed {swept} upload directories left by requests that could not finish");
            }
        });
        let api = to_tokio(listeners.api, "the Bot API listener")?;
        let stop = shutdown.child_token();
        self.shared.upstream.start(stop.clone());
        let shared = self.shared.clone();
        let api_handle = move |req, peer| dispatch::handle_api(shared.clone(), req, peer);
        let mut api_task = tokio::spawn(http::serve(api, api_handle, self.shared.config.connections, stop.clone()));
        let mut stats_task = match listeners.stats {
            Some(listener) => {
                let listener = to_tokio(listener, "the statistics listener")?;
                let shared = self.shared.clone();
                let handle = move |req, _peer| dispatch::handle_stats(shared.clone(), req);
                Some(tokio::spawn(http::serve(listener, handle, self.shared.config.connections, stop.clone())))
            }
            None => None,
        };
        self.shared.phase.set(Phase::Ready);
        if self.shared.storage.shared() {
            // A bot whose webhook another server set is delivered from here too, once its
            // session is active here (only the lease holder delivers).
            let weak = Arc::downgrade(&self.shared);
            self.shared.sessions.on_activate(Box::new(move |session| {
                if let Some(shared) = weak.upgrade()
                    && session.webhook().is_some()
                    && session.presence() == sessions::session::Presence::Active
                {
                    webhook::start(&shared, session);
                }
            }));
            // Another server's update to a bot's queue wakes its readers here; its change of a
            // bot's settings is read again (a webhook set there is delivered from here too).
            let shared = Arc::downgrade(&self.shared);
            self.shared.storage.listen(Arc::new(move |notice| {
                let Some(shared) = shared.upgrade() else { return };
                match notice {
                    msg_core::Notice::Queue(msg_core::Owner::Bot(id)) => shared.sessions.wake(Some(id)),
                    msg_core::Notice::Row { table, .. } if table == faults::TABLE => {
                        tokio::spawn(async move { shared.faults.reload().await });
                    }
                    msg_core::Notice::Queue(msg_core::Owner::User(_)) | msg_core::Notice::Row { .. } => {}
                    msg_core::Notice::Bot(id) => {
                        tokio::spawn(async move { reload_bot(&shared, id).await });
                    }
                    msg_core::Notice::Everything => {
                        shared.sessions.wake(None);
                        tokio::spawn(async move {
                            shared.faults.reload().await;
                            for id in shared.sessions.active() {
                                reload_bot(&shared, id).await;
                            }
                        });
                    }
                }
            }));
            tracing::info!("instance {} of a shared storage", self.shared.instance);
            tokio::spawn(heartbeats(self.shared.clone(), stop.clone()));
        }
        tokio::spawn(resume_webhooks(self.shared.clone()));
        tokio::spawn(self.shared.sessions.clone().expire_updates(stop.clone()));
        let stats_done = async {
            match stats_task.as_mut() {
                Some(task) => task.await,
                None => std::future::pending().await,
            }
        };
        let failure = tokio::select! {
            // Cancelling `shutdown` also stops the servers (child token): it must win that race,
            // or a normal stop is reported as "the statistics server stopped unexpectedly".
            biased;
            () = shutdown.cancelled() => None,
            r = &mut api_task => Some(("Bot API", r)),
            r = stats_done => Some(("statistics", r)),
        };
        self.shared.phase.set(Phase::Draining);
        self.shared.draining.cancel();
        stop.cancel();
        // Long polls would hold the drain for up to 50 s: answer them now.
        self.shared.sessions.abort_all_polls().await;
        self.shared.upstream.abort_polls().await;
        if self.shared.storage.shared() {
            // The other servers take this one's webhook deliveries over at once.
            for session in self.shared.sessions.sessions().await {
                webhook::stop(&session);
                let lease = webhook::lease_name(session.bot.id);
                if let Err(e) = self.shared.storage.release(&lease, &self.shared.instance).await {
                    tracing::warn!("lease {lease} was not given up: {e}");
                }
            }
            // No longer listed as running (export and import ask whether the deployment is).
            if let Err(e) = self.shared.storage.leave(&self.shared.instance).await {
                tracing::warn!("this server is still listed among the deployment's: {e}");
            }
        }
        if let Some((which, result)) = failure {
            self.shared.phase.set(Phase::Stopped);
            let message = match result {
                Ok(Ok(())) => format!("the {which} server stopped unexpectedly"),
                Ok(Err(e)) => format!("the {which} server failed: {e}"),
                Err(e) => format!("the {which} server panicked: {e}"),
            };
            return Err(EngineError::Other(message));
        }
        let _ = api_task.await;
        if let Some(task) = stats_task {
            let _ = task.await;
        }
        self.shared.phase.set(Phase::Stopped);
        Ok(())
    }

    fn phase(&self) -> Phase {
        self.shared.phase.get()
    }
}
