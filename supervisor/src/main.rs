//! `msg-bot-api`: reads the configuration, logs the startup line, prepares directories and
//! logging, takes the working directory's lock, binds the ports, builds the engine and keeps it
//! alive until a shutdown signal. `main` alone maps outcomes to exit codes: 0 ok, 1 runtime
//! failure, 2 configuration or usage error.
#![forbid(unsafe_code)]

mod admin;
mod coverage;
mod health;
mod lifecycle;
mod logging;
mod plugins;
mod preflight;
mod signals;
mod transfer;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use msg_config::{ServerFlags, Settings, Sources};
use msg_core::{Engine, Listeners, Registrar};
use msg_server::{BotApiEngine, EngineConfig};

const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (Bot API ", msg_core::bot_api_version!(), ")");

/// mimalloc instead of the C library's allocator: a request allocates and frees many small
/// buffers on two threads, and glibc's malloc, free and consolidation were a fifth of the
/// server's CPU under load (`perf`, session 15; the figures in bench/README.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Self-hosted Bot API server with an embedded platform.
#[derive(Parser, Debug)]
#[command(name = "msg-bot-api", version = VERSION, about, max_term_width = 110)]
struct Cli {
    /// TOML config file [env: MSG_CONFIG; default /etc/msg-bot-api/config.toml when it exists]
    #[arg(long, value_name = "PATH", global = true)]
    config: Option<PathBuf>,
    #[command(flatten)]
    flags: ServerFlags,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check or show the effective configuration
    Config {
        #[command(subcommand)]
        action: ConfigAction,
    },
    /// Probe a running server's liveness endpoint; exit 0 when it answers (container health checks)
    Healthcheck {
        /// Address to probe [default: the configured Bot API port on loopback]
        #[arg(long, value_name = "HOST:PORT")]
        addr: Option<std::net::SocketAddr>,
    },
    /// Manage the bots of the embedded platform
    Bot {
        #[command(subcommand)]
        action: Box<BotAction>,
    },
    /// Manage the people of the embedded platform (the user-side API's accounts)
    User {
        #[command(subcommand)]
        action: UserAction,
    },
    /// Set, list or clear the fault rules of the server running with this configuration (its
    /// operator API, reached with the configured console key)
    Fault {
        #[command(subcommand)]
        action: FaultAction,
        /// The server's address [default: the configured Bot API address]
        #[arg(long, global = true)]
        addr: Option<std::net::SocketAddr>,
    },
    /// List every Bot API method with its status on this server, and the totals
    Methods {
        /// A Markdown table (the checked-in METHODS.md)
        #[arg(long)]
        markdown: bool,
        /// The user-side API's methods instead (name, parameters, result)
        #[arg(long)]
        user: bool,
    },
}

#[derive(Subcommand, Debug)]
enum FaultAction {
    /// Add a rule, given as JSON (the book, "Testing the bad days"); prints it with its id
    Add {
        /// e.g. '{"method": "getUpdates", "error": {"code": 502}, "times": 3}'
        rule: String,
    },
    /// Print the rules in force
    List,
    /// Remove one rule, or all of them
    Clear {
        /// The rule's id (all rules without it)
        id: Option<u64>,
    },
}

#[derive(Subcommand, Debug)]
enum UserAction {
    /// Create a person and print their user-API token
    Create {
        /// Display name (first_name)
        #[arg(long)]
        name: String,
        /// Optional username
        #[arg(long)]
        username: Option<String>,
    },
    /// Print a person's Telegram Stars, or grant them some (as if bought; while no server runs
    /// on this directory: a running server's operator grants through its console)
    Stars {
        /// The person's user id
        user: i64,
        /// Stars to give
        #[arg(long)]
        grant: Option<i64>,
    },
}

#[derive(Subcommand, Debug)]
enum ConfigAction {
    /// Validate the configuration and exit (0 when valid, 2 otherwise)
    Check,
    /// Print the effective configuration with the source of each value, secrets redacted
    Print,
    /// Print every variable, flag, config key and default as Markdown (the book's generated
    /// configuration reference)
    Reference,
}

#[derive(Subcommand, Debug)]
enum BotAction {
    /// Create a bot and print its token
    Create {
        /// Username, ending in `bot`
        #[arg(long)]
        username: String,
        /// Display name (getMe's first_name)
        #[arg(long)]
        name: Option<String>,
    },
    /// List the bots in the working directory
    List,
    /// Change a bot's settings on the embedded platform (kept in its directory; a running
    /// server follows within seconds)
    Set {
        /// The bot, by id or username
        bot: String,
        /// Privacy mode: with `off` the bot sees every message in its groups (getMe's
        /// can_read_all_group_messages)
        #[arg(long, value_parser = ["on", "off"])]
        privacy: Option<String>,
        /// With `off` people cannot add the bot to groups (getMe's can_join_groups)
        #[arg(long, value_parser = ["on", "off"])]
        join_groups: Option<String>,
        /// Inline mode: with `on` people may send the bot inline queries (getMe's
        /// supports_inline_queries)
        #[arg(long, value_parser = ["on", "off"])]
        inline: Option<String>,
        /// Inline feedback: with `on` the bot gets chosen_inline_result
        #[arg(long, value_parser = ["on", "off"])]
        inline_feedback: Option<String>,
        /// Join request queries (Bot API 10.1): with `on` the bot may be a supergroup's guard
        /// bot, deciding its join requests (getMe's supports_join_request_queries)
        #[arg(long, value_parser = ["on", "off"])]
        join_request_queries: Option<String>,
        /// Bot management (Bot API 9.6): with `on` people may create bots this bot manages
        /// (getMe's can_manage_bots; KeyboardButtonRequestManagedBot)
        #[arg(long, value_parser = ["on", "off"])]
        manage_bots: Option<String>,
        /// Guest mode (Bot API 10.0): with `on` a mention summons the bot in groups it is not a
        /// member of (getMe's supports_guest_queries; guest_message, answerGuestQuery)
        #[arg(long, value_parser = ["on", "off"])]
        guest_queries: Option<String>,
        /// Business mode: with `on` people may connect the bot to their accounts (getMe's
        /// can_connect_to_business; business_connection, getBusinessConnection, ...)
        #[arg(long, value_parser = ["on", "off"])]
        business: Option<String>,
        /// Widgets (Bot API 10.4) under the test environment's rules: with `on` the bot's widgets
        /// go to any chat and can be forwarded unless protected (by default: private chats only,
        /// always protected, as in production)
        #[arg(long, value_parser = ["on", "off"])]
        widgets_anywhere: Option<String>,
        /// The placeholder people see in the bot's inline query field (empty removes it)
        #[arg(long)]
        inline_placeholder: Option<String>,
        /// `test` gives the bot a test payment provider's token for sendInvoice (printed; kept
        /// if it has one); `none` takes it away (any `<digits>:TEST:<secret>` token works then)
        #[arg(long, value_parser = ["test", "none"])]
        payment_provider: Option<String>,
    },
    /// Register, change, list or remove a bot's games, as BotFather would (sendGame sends them)
    Game {
        /// The bot, by id or username
        bot: String,
        /// The game's short name (3-64 letters, digits or underscores); without it, the bot's
        /// games are listed
        short_name: Option<String>,
        /// The game's title (required to register a game)
        #[arg(long)]
        title: Option<String>,
        /// The game's description (required to register a game)
        #[arg(long)]
        description: Option<String>,
        /// The game's photo (JPEG, PNG, WebP or GIF; 640x360 shows best); a placeholder without
        #[arg(long)]
        photo: Option<PathBuf>,
        /// Remove the game (messages already sent keep showing it)
        #[arg(long, conflicts_with_all = ["title", "description", "photo"])]
        delete: bool,
    },
    /// Revoke a bot's token (by id or username)
    Revoke { bot: String },
    /// Write a bot's directory to an archive for `bot import` on another server. Call logOut
    /// first: a bot that a running server still serves is refused
    Export {
        /// The bot, by id or username
        bot: String,
        /// Archive to write (gzip tar; `-` for standard output). It holds the bot's token
        archive: PathBuf,
        /// Export even a live bot (a backup snapshot; do not serve it elsewhere meanwhile)
        #[arg(long)]
        force: bool,
    },
    /// Add a bot from a `bot export` archive to the working directory, owned like the directory
    Import {
        /// Archive to read (`-` for standard input)
        archive: PathBuf,
        /// Replace the bot if it already exists here (its current copy is kept as a backup);
        /// never while a server on this directory runs
        #[arg(long)]
        force: bool,
        /// Owner of the imported files when run as root [default: the working directory's owner]
        #[arg(long, value_name = "UID:GID")]
        owner: Option<String>,
    },
}

/// Where a manual clock starts when a seed is set too: 2026-01-01T00:00:00Z.
const SEEDED_CLOCK_START: i64 = 1_767_225_600;

/// A failure already reported, carrying its exit code.
struct Failure(u8);

fn fail(code: u8, message: impl std::fmt::Display) -> Failure {
    eprintln!("error: {message}");
    Failure(code)
}

fn load_settings(cli: &Cli, credentials_optional: bool) -> Result<Settings, Failure> {
    let mut sources = Sources::from_process(cli.config.clone(), cli.flags.clone()).map_err(|e| fail(2, e))?;
    sources.credentials_optional = credentials_optional;
    let settings = msg_config::load(&sources).map_err(|e| {
        eprint!("{e}");
        Failure(2)
    })?;
    // A test server's seed makes every random choice of this process repeat (the CLI's too:
    // the ids and tokens of the bots and people it makes).
    if let Some(seed) = settings.seed {
        msg_core::random::seed(seed);
    }
    msg_core::environment::set_test(settings.testing);
    Ok(settings)
}

/// The testing knob `BOTAPI_TEST_RESOLVE=name=ip[,name=ip…]`: those names resolve to those
/// addresses, which count as public when reached through them (a test's "public" host on
/// loopback). Not a `MSG_*` setting on purpose: never for production.
fn resolve_overrides() -> Result<Vec<(String, std::net::IpAddr)>, Failure> {
    let Ok(text) = std::env::var("BOTAPI_TEST_RESOLVE") else { return Ok(Vec::new()) };
    let mut overrides = Vec::new();
    for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let parsed =
            entry.split_once('=').and_then(|(name, ip)| Some((name.trim().to_owned(), ip.trim().parse().ok()?)));
        match parsed {
            Some(pair) => overrides.push(pair),
            None => return Err(fail(2, format!("BOTAPI_TEST_RESOLVE must be name=ip[,name=ip...], found `{entry}`"))),
        }
    }
    Ok(overrides)
}

fn engine_config(settings: &Settings) -> EngineConfig {
    let mut config = EngineConfig::new(settings.dir.clone(), settings.temp_dir.clone());
    config.local = settings.local;
    config.max_webhook_connections = settings.max_webhook_connections;
    config.filter = settings.filter.map(|f| (f.remainder, f.modulo));
    config.storage_kind = settings.storage_kind().to_owned();
    config.storage_config = settings.storage_section();
    config.connections.idle_timeout = settings.http_idle_timeout;
    config.connections.header_timeout = settings.http_header_timeout;
    config.connections.body_timeout = settings.http_body_timeout;
    config.flood_control = settings.flood_control;
    config.call_log_size = settings.call_log_size;
    config.faults = settings.faults.clone();
    config.console = settings
        .console
        .then(|| settings.console_token.clone().unwrap_or_else(|| msg_core::Secret::new(admin::new_secret())));
    config
}

/// The line that tells the operator where the console is (output only, never the log file): a
/// login link carrying a key made for this start, or, with a configured key, the address alone.
fn console_line(settings: &Settings, config: &EngineConfig, api: std::net::SocketAddr) -> Option<String> {
    let key = config.console.as_ref()?;
    let host = match api.ip() {
        ip if ip.is_unspecified() => "127.0.0.1".to_owned(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    let address = format!("http://{host}:{}/console/", api.port());
    Some(match settings.console_token {
        Some(_) => format!("Console: {address} (sign in with the configured console_token)"),
        None => format!("Console: {address}#key={}", key.expose()),
    })
}

/// How long unused files and old messages are kept (`None`: for ever), and the object store
/// files' content is kept in.
#[derive(Debug, Clone, Default)]
pub(crate) struct Retention {
    pub files: Option<Duration>,
    pub messages: Option<Duration>,
    /// The object store files' content is kept in (`--files`), opened.
    pub object_store: Option<std::sync::Arc<msg_platform::kernel::file_store::remote::Remote>>,
}

/// The server with the embedded platform behind it, on the storage backends shipped here (and
/// whatever plugins registered into `registrar`).
pub(crate) fn assemble(
    config: EngineConfig,
    retention: Retention,
    mut registrar: Registrar,
) -> Result<BotApiEngine, msg_server::BuildError> {
    msg_storage::register(&mut registrar, &config.dir);
    let mut platform =
        msg_platform::PlatformConfig::new(config.dir.clone(), config.temp_dir.clone(), config.local, config.outbound());
    platform.file_retention = retention.files;
    platform.message_retention = retention.messages;
    platform.object_store = retention.object_store;
    BotApiEngine::new(config, registrar, Box::new(msg_platform::Builder::new(platform)))
}

fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| fail(1, format!("cannot start the runtime: {e}")))
}

/// A single-threaded runtime for the short-lived subcommands.
fn small_runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| fail(1, e))
}

fn serve(cli: &Cli) -> Result<(), Failure> {
    let settings = load_settings(cli, false)?;
    // The one startup line, first on the container output; it repeats in the log file below.
    println!("{}", settings.startup_line);
    preflight::directories(&settings).map_err(|e| fail(1, e))?;
    let log = logging::LogFile::open(&settings.log_file, settings.log_max_file_size)
        .map_err(|e| fail(1, format!("cannot open the log file {}: {e}", settings.log_file.display())))?;
    log.write_lines(format!("{}\n", settings.startup_line).as_bytes())
        .map_err(|e| fail(1, format!("cannot write the log file {}: {e}", settings.log_file.display())))?;
    logging::init(settings.log_verbosity_level, log.clone());
    let report = |code: u8, message: String| {
        tracing::error!("{message}");
        eprintln!("error: {message}");
        Failure(code)
    };
    for warning in &settings.warnings {
        tracing::warn!("{warning}");
    }
    let lock = preflight::lock(&settings.dir).map_err(|e| report(1, e.0))?;
    tracing::debug!("holding {}", lock.path.display());
    if settings.storage_kind() == "sqlite" {
        preflight::bot_directories(&settings.dir).map_err(|e| report(1, e.0))?;
    }
    let api = preflight::bind(settings.http_ip_address, settings.http_port, "MSG_HTTP_PORT", "--http-port")
        .map_err(|e| report(1, e.0))?;
    let stats = match settings.http_stat_port {
        0 => None,
        port => Some(
            preflight::bind(settings.http_stat_ip_address, port, "MSG_HTTP_STAT_PORT", "--http-stat-port")
                .map_err(|e| report(1, e.0))?,
        ),
    };
    let api_addr = api.local_addr().map_err(|e| report(1, e.to_string()))?;
    let stat_addr = stats.as_ref().map(|l| l.local_addr()).transpose().map_err(|e| report(1, e.to_string()))?;

    let (open_files, before) = preflight::raise_open_file_limit();
    let mut config = engine_config(&settings);
    if let Some(line) = console_line(&settings, &config, api_addr) {
        // After the startup line, on the output only: the key in it is a credential.
        println!("{line}");
    }
    config.resolve_overrides = resolve_overrides()?;
    // Testing knob: check every result and webhook update against the Bot API schema.
    config.validate = std::env::var("BOTAPI_VALIDATE").is_ok_and(|v| v == "1");
    if !config.resolve_overrides.is_empty() {
        tracing::warn!(
            "BOTAPI_TEST_RESOLVE is set: {:?} count as public addresses (for tests only)",
            config.resolve_overrides
        );
    }
    config.connections.max_connections = preflight::connection_cap(open_files);
    match open_files {
        Some(limit) => tracing::info!(
            "open-file limit {limit}{}: at most {} connections per port",
            if before != open_files { format!(" (raised from {})", before.unwrap_or_default()) } else { String::new() },
            config.connections.max_connections
        ),
        None => tracing::info!("open-file limit: unlimited"),
    }

    if settings.manual_clock {
        // With a seed too, the clock starts at a fixed moment, so dates repeat as well.
        let start = if settings.seed.is_some() { SEEDED_CLOCK_START } else { msg_core::clock::now_unix() };
        msg_core::clock::install_manual(start);
        tracing::warn!(
            "the platform's clock is manual (--clock manual, a test setting): it stands still until the operator advances it (POST /console/api/advanceClock)"
        );
    }
    let mut registrar = Registrar::new();
    plugins::load(&settings.plugins, &mut registrar).map_err(|e| report(2, e))?;
    let object_store = match &settings.files {
        Some(url) => {
            let opened = msg_platform::kernel::file_store::remote::Remote::open(url).map_err(|e| {
                report(2, format!("MSG_FILES (--files): {e}; check the URL and the AWS_* variables it is used with"))
            })?;
            tracing::info!("files' content is kept in {url} too");
            Some(std::sync::Arc::new(opened))
        }
        None => None,
    };
    let retention = Retention { files: settings.file_retention, messages: settings.message_retention, object_store };
    let engine = assemble(config, retention, registrar).map_err(|e| report(2, e.to_string()))?;
    tracing::info!(
        "engine built: {} methods, storage {}, local mode {}",
        engine.registry().method_names().len(),
        settings.storage_kind(),
        if settings.local { "on" } else { "off" }
    );
    let signals = signals::listen().map_err(|e| report(1, format!("cannot install signal handlers: {e}")))?;
    let declared: Vec<msg_core::BotDeclaration> = settings
        .bots
        .iter()
        .map(|bot| msg_core::BotDeclaration::new(admin::declared_bot(bot), bot.settings.clone()))
        .collect();
    runtime()?.block_on(async {
        engine.provision(declared).await.map_err(|e| report(2, e.to_string()))?;
        let supervision = lifecycle::Supervision {
            engine: Arc::new(engine) as Arc<dyn Engine>,
            listeners: Listeners::new(api, stats),
            api_addr,
            stat_addr,
            log,
            health_interval: settings.health_interval,
        };
        supervision.run(signals).await.map_err(|e| report(1, format!("supervision failed: {e}")))
    })?;
    Ok(())
}

/// Probes `GET /` of the server this configuration describes (so `MSG_EXTRA_ARGS=--http-port`,
/// `MSG_HTTP_IP_ADDRESS` and a config file count), or `--addr`.
/// `fault add|list|clear`: the running server's fault rules, through its operator API.
fn faults(cli: &Cli, action: &FaultAction, addr: Option<std::net::SocketAddr>) -> Result<(), Failure> {
    let settings = load_settings(cli, true)?;
    let Some(key) = settings.console_token.as_ref() else {
        return Err(fail(
            2,
            "`fault` speaks to the running server's operator API, which needs its console key: set MSG_CONSOLE_TOKEN (and MSG_CONSOLE=true) for the server and for this command",
        ));
    };
    let addr = match addr {
        Some(a) => a,
        None if settings.http_port == 0 => {
            return Err(fail(2, "the configured Bot API port is 0 (any free port); give the address with --addr"));
        }
        None => health::local_target(std::net::SocketAddr::new(settings.http_ip_address, settings.http_port)),
    };
    let (method, body) = match action {
        FaultAction::Add { rule } => {
            serde_json::from_str::<serde_json::Value>(rule)
                .map_err(|e| fail(2, format!("the rule is not JSON: {e}")))?;
            ("addFault", serde_json::json!({"rule": rule}))
        }
        FaultAction::List => ("listFaults", serde_json::json!({})),
        FaultAction::Clear { id } => {
            ("clearFaults", id.map_or_else(|| serde_json::json!({}), |id| serde_json::json!({"id": id})))
        }
    };
    let rt = small_runtime()?;
    let result = rt.block_on(health::operator_call(addr, key.expose(), method, &body)).map_err(|e| fail(1, e))?;
    println!("{}", serde_json::to_string_pretty(&result).unwrap_or_default());
    Ok(())
}

fn healthcheck(cli: &Cli, addr: Option<std::net::SocketAddr>) -> Result<(), Failure> {
    let addr = match addr {
        Some(a) => a,
        None => {
            let settings = load_settings(cli, true)?;
            if settings.http_port == 0 {
                return Err(fail(2, "the configured Bot API port is 0 (any free port); give the address with --addr"));
            }
            health::local_target(std::net::SocketAddr::new(settings.http_ip_address, settings.http_port))
        }
    };
    let rt = small_runtime()?;
    rt.block_on(health::probe(addr, Duration::from_secs(5))).map_err(|e| fail(1, e))?;
    println!("ok: http://{addr}/ answers");
    Ok(())
}

/// The configured storage, for admin commands: the same backends the server opens, through the
/// same seam (`memory` keeps nothing between processes, so it is refused).
fn admin_storage(cli: &Cli) -> Result<(Settings, Arc<dyn msg_core::StorageBackend>), Failure> {
    let settings = load_settings(cli, true)?;
    let kind = settings.storage_kind();
    if kind == "memory" {
        return Err(fail(
            2,
            "the configured storage is `memory`, which keeps nothing between processes; declare bots in [[bots]] of the config file instead",
        ));
    }
    std::fs::create_dir_all(&settings.dir)
        .map_err(|e| fail(1, format!("cannot create the working directory {}: {e}", settings.dir.display())))?;
    let storage = msg_storage::open(kind, &settings.dir, &settings.storage_section()).map_err(|e| fail(1, e))?;
    Ok((settings, storage))
}

/// The storage `bot export` / `bot import` work on: on SQLite the bot's own database is moved as
/// it is; another backend is read and written through the seam.
fn transfer_storage(
    settings: &Settings,
    storage: &Arc<dyn msg_core::StorageBackend>,
) -> Result<transfer::Storage, Failure> {
    Ok(match settings.storage_kind() {
        "sqlite" => transfer::Storage::Directories(
            msg_storage::sqlite::SqliteStorage::open_with(&settings.dir, settings.durability)
                .map_err(|e| fail(1, e))?,
        ),
        _ => transfer::Storage::Shared(storage.clone()),
    })
}

/// Runs an admin command, then hands files it created as root back to the directory's owner.
fn with_give_back(settings: &Settings, result: Result<(), Failure>) -> Result<(), Failure> {
    if let Err(e) = admin::give_back(&settings.dir) {
        eprintln!("warning: cannot give the files in {} back to their owner: {e}", settings.dir.display());
    }
    result
}

fn users(cli: &Cli, action: &UserAction) -> Result<(), Failure> {
    let (settings, storage) = admin_storage(cli)?;
    let rt = small_runtime()?;
    let result = rt.block_on(async {
        match action {
            UserAction::Create { name, username } => {
                let user = admin::create_user(storage.as_ref(), name, username.as_deref())
                    .await
                    .map_err(|e| fail(1, format!("{e:#}")))?;
                eprintln!("created {} (id {})", user.first_name, user.id);
                println!("{}:{}", user.id, user.secret.expose());
            }
            UserAction::Stars { user, grant } => {
                let balance = admin::stars(&settings, storage.as_ref(), *user, *grant)
                    .await
                    .map_err(|e| fail(1, format!("{e:#}")))?;
                println!("{user}: {balance} Stars");
            }
        }
        Ok(())
    });
    drop(storage);
    with_give_back(&settings, result)
}

fn bots(cli: &Cli, action: &BotAction) -> Result<(), Failure> {
    let (settings, storage) = admin_storage(cli)?;
    let rt = small_runtime()?;
    let result = rt.block_on(async {
        match action {
            BotAction::Create { username, name } => {
                let bot = admin::create(storage.as_ref(), username, name.as_deref())
                    .await
                    .map_err(|e| fail(1, format!("{e:#}")))?;
                let place = match settings.storage_kind() {
                    "sqlite" => settings.dir.join(bot.id.to_string()).display().to_string(),
                    kind => format!("the {kind} storage"),
                };
                eprintln!("created @{} (id {}) in {place}", bot.username, bot.id);
                println!("{}", bot.token());
            }
            BotAction::List => {
                let bots = storage.list_bots().await.map_err(|e| fail(1, e))?;
                println!("{:<12} {:<33} {:<8} name", "id", "username", "state");
                for b in bots {
                    let state = if b.revoked { "revoked" } else { "active" };
                    println!("{:<12} {:<33} {:<8} {}", b.id, format!("@{}", b.username), state, b.first_name);
                }
            }
            BotAction::Set {
                bot,
                privacy,
                join_groups,
                inline,
                inline_feedback,
                join_request_queries,
                manage_bots,
                guest_queries,
                business,
                widgets_anywhere,
                inline_placeholder,
                payment_provider,
            } => {
                let changes = admin::BotSettings {
                    privacy: privacy.as_deref(),
                    join_groups: join_groups.as_deref(),
                    inline: inline.as_deref(),
                    inline_feedback: inline_feedback.as_deref(),
                    join_request_queries: join_request_queries.as_deref(),
                    manage_bots: manage_bots.as_deref(),
                    guest_queries: guest_queries.as_deref(),
                    business: business.as_deref(),
                    widgets_anywhere: widgets_anywhere.as_deref(),
                    inline_placeholder: inline_placeholder.as_deref(),
                    payment_provider: payment_provider.as_deref(),
                };
                let (bot, settings) =
                    admin::set(storage.as_ref(), bot, changes).await.map_err(|e| fail(1, format!("{e:#}")))?;
                println!("@{} (id {}): {settings}", bot.username, bot.id);
            }
            BotAction::Game { bot, short_name, title, description, photo, delete } => {
                admin::game(&settings, &storage, bot, short_name.as_deref(), title, description, photo, *delete)
                    .await
                    .map_err(|e| fail(1, format!("{e:#}")))?;
            }
            BotAction::Revoke { bot } => {
                let bot = admin::revoke(storage.as_ref(), bot).await.map_err(|e| fail(1, format!("{e:#}")))?;
                println!("revoked @{} (id {})", bot.username, bot.id);
            }
            BotAction::Export { bot, archive, force } => {
                let manifest =
                    transfer::export(&settings.dir, &transfer_storage(&settings, &storage)?, bot, archive, *force)
                        .await
                        .map_err(|e| fail(1, format!("{e:#}")))?;
                eprintln!("exported {} to {}", manifest.describe(), archive.display());
                if !manifest.logged_out {
                    eprintln!("note: the bot was not logged out on this server (see the warning above)");
                }
            }
            BotAction::Import { archive, force, owner } => {
                let owner = owner.as_deref().map(transfer::parse_owner).transpose().map_err(|e| fail(2, e))?;
                let done =
                    transfer::import(&settings.dir, &transfer_storage(&settings, &storage)?, archive, *force, owner)
                        .await
                        .map_err(|e| fail(1, format!("{e:#}")))?;
                println!(
                    "imported {} into {} (owner {}:{})",
                    done.manifest.describe(),
                    done.path.display(),
                    done.owner.0,
                    done.owner.1
                );
                if let Some(backup) = &done.replaced {
                    println!("the previous copy is in {}; remove it once the bot works", backup.display());
                }
                if done.server_running {
                    println!("the server running on {} serves the bot from its next request", settings.dir.display());
                } else {
                    println!("start the server, then check: curl http://<server>/bot<token>/getWebhookInfo");
                }
            }
        }
        Ok(())
    });
    drop(storage);
    with_give_back(&settings, result)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        None => serve(&cli),
        Some(Command::Config { action: ConfigAction::Check }) => load_settings(&cli, false).and_then(|s| {
            for (n, rule) in s.faults.iter().enumerate() {
                msg_server::check_fault_rule(rule)
                    .map_err(|e| fail(2, format!("the config file's [[faults]] rule {}: {e}", n + 1)))?;
            }
            for warning in &s.warnings {
                eprintln!("warning: {warning}");
            }
            println!("configuration is valid");
            Ok(())
        }),
        Some(Command::Config { action: ConfigAction::Reference }) => {
            print!("{}", msg_config::reference::markdown());
            Ok(())
        }
        Some(Command::Config { action: ConfigAction::Print }) => load_settings(&cli, true).map(|s| {
            print!("{}", s.render());
        }),
        Some(Command::Healthcheck { addr }) => healthcheck(&cli, *addr),
        Some(Command::Fault { action, addr }) => faults(&cli, action, *addr),
        Some(Command::Bot { action }) => bots(&cli, action),
        Some(Command::User { action }) => users(&cli, action),
        Some(Command::Methods { markdown, user }) => {
            print!("{}", if *user { coverage::user_report() } else { coverage::report(*markdown) });
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(code)) => ExitCode::from(code),
    }
}

#[cfg(test)]
mod tests {
    /// The version the server names (`--version`, the startup line, `methods`, getMe's stats)
    /// is the schema's it is generated from.
    #[test]
    fn the_bot_api_version_is_the_schemas() {
        assert_eq!(format!("Bot API {}", msg_core::BOT_API_VERSION), msg_spec::VERSION);
        assert_eq!(msg_spec::spec().version, msg_spec::VERSION);
        assert!(super::VERSION.ends_with(&format!("({})", msg_spec::VERSION)), "{}", super::VERSION);
    }
}
