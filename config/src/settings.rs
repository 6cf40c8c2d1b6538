//! From layered sources to validated [`Settings`]: every problem is collected before failing, each
//! naming the variable, flag or file that supplied the bad value, and secrets are never echoed.

use std::fmt;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

use figment::providers::{Format, Toml};
use figment::value::Value;
use figment::{Figment, Profile, Provider};
use msg_core::Secret;

use crate::error::{ConfigError, Problem};
use crate::layers::{
    self, COMMAND_LINE, DEFAULTS, ENVIRONMENT, EXTRA_ARGS, FILE_ONLY_KEYS, KEYS, Layer, SECRET_FILES, SPECIAL_VARS,
};
use crate::sections::{self, DeclaredBot, PluginSpec};
use crate::{Sources, describe_source, parse_extra_args};

/// `--filter <remainder>/<modulo>`: serve only bots with `id % modulo == remainder`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filter {
    pub remainder: u64,
    pub modulo: u64,
}

impl Filter {
    pub fn admits(&self, bot_id: i64) -> bool {
        bot_id.unsigned_abs() % self.modulo == self.remainder
    }
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.remainder, self.modulo)
    }
}

/// The validated configuration.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Settings {
    pub api_id: Secret,
    pub api_hash: Secret,
    pub http_port: u16,
    /// 0 disables the statistics port.
    pub http_stat_port: u16,
    pub http_ip_address: IpAddr,
    pub http_stat_ip_address: IpAddr,
    /// Absolute working directory.
    pub dir: PathBuf,
    /// Absolute temp directory (a relative one is resolved against `dir`).
    pub temp_dir: PathBuf,
    /// Absolute log file (a relative one is resolved against `dir`).
    pub log_file: PathBuf,
    pub local: bool,
    /// Per-bot default, already resolved (40, or 100 in local mode, when not given).
    pub max_webhook_connections: u32,
    pub log_verbosity_level: u32,
    pub log_max_file_size: u64,
    pub filter: Option<Filter>,
    /// Files unused for this long are removed; `None` keeps them for ever.
    pub file_retention: Option<std::time::Duration>,
    /// Keep-alive connections with no request in progress are closed after this long.
    pub http_idle_timeout: std::time::Duration,
    /// A request head (the first one included) must arrive within this long.
    pub http_header_timeout: std::time::Duration,
    /// A request body that is being read must make progress within this long.
    pub http_body_timeout: std::time::Duration,
    /// How often the supervisor checks the engine's health.
    pub health_interval: std::time::Duration,
    /// The browser console is served at `/console/`.
    pub console: bool,
    /// The operator's console key, when configured (else the server makes one per start).
    pub console_token: Option<Secret>,
    /// What an acknowledged change survives.
    pub durability: msg_core::Durability,
    /// Messages older than this are forgotten; `None` keeps them for ever.
    pub message_retention: Option<std::time::Duration>,
    /// The PostgreSQL URL (`postgres` storage), a secret: it may carry a password.
    pub database_url: Option<Secret>,
    /// The object store files' content is kept in (`s3://bucket/prefix`), when set.
    pub files: Option<String>,
    /// This server is for tests (`--testing`): a manual clock is allowed.
    pub testing: bool,
    /// The platform's send rates answered with 429 (`--flood-control`).
    pub flood_control: bool,
    /// Calls kept per bot in the call log (`--call-log-size`; 0 turns it off).
    pub call_log_size: usize,
    /// The platform's random choices repeat from this seed (`--seed`, with `--testing`).
    pub seed: Option<u64>,
    /// `[[faults]]`: fault rules in force from the start.
    pub faults: Vec<serde_json::Value>,
    /// The platform's clock stands still until the operator advances it (`--clock manual`).
    pub manual_clock: bool,
    /// The config file that was read, if any.
    pub config_file: Option<PathBuf>,
    /// `MSG_EXTRA_ARGS` split into words.
    pub extra_args: Vec<String>,
    /// Bots declared in `[[bots]]`.
    pub bots: Vec<DeclaredBot>,
    /// Plugins from `MSG_PLUGINS`, then `[[plugins]]`, in load order.
    pub plugins: Vec<PluginSpec>,
    /// `[storage]` from the config file (an object, possibly empty).
    pub storage: serde_json::Value,
    /// Things worth a log line that do not stop the start (unknown `MSG_*` variables, ...).
    pub warnings: Vec<String>,
    /// The startup line, without the leading `Starting ...` words' timestamp.
    pub startup_line: String,
    /// For `config print`: each key and where its value came from.
    pub origins: Vec<(&'static str, String)>,
}

impl Settings {
    /// The storage backend `[storage] kind` selects (`postgres` when only a database URL is
    /// given, else `sqlite`).
    pub fn storage_kind(&self) -> &str {
        match self.storage.get("kind").and_then(|k| k.as_str()) {
            Some(kind) => kind,
            None if self.database_url.is_some() => "postgres",
            None => "sqlite",
        }
    }

    /// The configuration section the storage backend is built from: `[storage]` with the
    /// durability level and the database URL folded in.
    pub fn storage_section(&self) -> serde_json::Value {
        let mut section = match &self.storage {
            serde_json::Value::Object(map) => map.clone(),
            _ => serde_json::Map::new(),
        };
        section.insert("kind".into(), self.storage_kind().into());
        section.insert("durability".into(), self.durability.name().into());
        if let Some(url) = &self.database_url {
            section.insert("url".into(), url.expose().into());
        }
        serde_json::Value::Object(section)
    }

    /// The effective configuration as TOML-like lines with their sources, secrets redacted.
    pub fn render(&self) -> String {
        let values: Vec<(&str, String)> = vec![
            ("api_id", "\"<redacted>\"".into()),
            ("api_hash", "\"<redacted>\"".into()),
            ("http_port", self.http_port.to_string()),
            ("http_stat_port", self.http_stat_port.to_string()),
            ("dir", quote(&self.dir.display().to_string())),
            ("temp_dir", quote(&self.temp_dir.display().to_string())),
            ("log_file", quote(&self.log_file.display().to_string())),
            ("local", self.local.to_string()),
            ("max_webhook_connections", self.max_webhook_connections.to_string()),
            ("log_verbosity_level", self.log_verbosity_level.to_string()),
            ("http_ip_address", quote(&self.http_ip_address.to_string())),
            ("http_stat_ip_address", quote(&self.http_stat_ip_address.to_string())),
            ("log_max_file_size", self.log_max_file_size.to_string()),
            ("filter", self.filter.map_or("\"\"".into(), |f| quote(&f.to_string()))),
            ("file_retention", quote(&self.file_retention.map_or("forever".into(), |d| format!("{}s", d.as_secs())))),
            ("http_idle_timeout", quote(&format!("{}s", self.http_idle_timeout.as_secs()))),
            ("http_header_timeout", quote(&format!("{}s", self.http_header_timeout.as_secs()))),
            ("http_body_timeout", quote(&format!("{}s", self.http_body_timeout.as_secs()))),
            ("health_interval", quote(&format!("{}s", self.health_interval.as_secs()))),
            ("console", self.console.to_string()),
            ("console_token", if self.console_token.is_some() { "\"<redacted>\"".into() } else { "\"\"".into() }),
            ("durability", quote(self.durability.name())),
            (
                "message_retention",
                quote(&self.message_retention.map_or("forever".into(), |d| format!("{}s", d.as_secs()))),
            ),
            ("database_url", self.database_url.as_ref().map_or("\"\"".into(), |u| quote(&redact_url(u.expose())))),
            ("files", quote(self.files.as_deref().unwrap_or(""))),
            ("testing", self.testing.to_string()),
            ("flood_control", self.flood_control.to_string()),
            ("call_log_size", self.call_log_size.to_string()),
            ("seed", self.seed.map_or("\"\"".into(), |s| s.to_string())),
            ("clock", quote(if self.manual_clock { "manual" } else { "real" })),
        ];
        let mut out = String::new();
        if let Some(file) = &self.config_file {
            out.push_str(&format!("# config file: {}\n", file.display()));
        }
        for (key, value) in values {
            let origin = self.origins.iter().find(|(k, _)| *k == key).map_or("", |(_, o)| o.as_str());
            out.push_str(&format!("{key} = {value}  # {origin}\n"));
        }
        for bot in &self.bots {
            let name = bot.name.as_deref().map(|n| format!(", name = {}", quote(n))).unwrap_or_default();
            out.push_str(&format!(
                "[[bots]] token = \"{}:<redacted>\", username = {}{name}\n",
                bot.token.bot_id(),
                quote(&bot.username)
            ));
        }
        for plugin in &self.plugins {
            out.push_str(&format!(
                "[[plugins]] path = {}  # {}\n",
                quote(&plugin.path.display().to_string()),
                plugin.source
            ));
        }
        out
    }
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("string serializes")
}

const TRUE_WORDS: &[&str] = &["true", "1", "yes", "on"];
const FALSE_WORDS: &[&str] = &["false", "0", "no", "off"];

/// Parses a boolean strictly; anything but the listed words is an error, never a silent true.
fn parse_bool(text: &str) -> Option<bool> {
    let t = text.trim().to_ascii_lowercase();
    if TRUE_WORDS.contains(&t.as_str()) {
        Some(true)
    } else if FALSE_WORDS.contains(&t.as_str()) {
        Some(false)
    } else {
        None
    }
}

/// `forever`, or a period: seconds, or a number with `s`, `m`, `h` or `d`. `Some(None)` is
/// forever.
fn parse_period(text: &str) -> Option<Option<std::time::Duration>> {
    let t = text.trim().to_ascii_lowercase();
    if t == "forever" || t == "never" {
        return Some(None);
    }
    let (digits, unit) = t.find(|c: char| !c.is_ascii_digit()).map_or((t.as_str(), ""), |i| t.split_at(i));
    let factor: u64 = match unit.trim() {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return None,
    };
    let seconds = digits.parse::<u64>().ok()?.checked_mul(factor)?;
    (seconds > 0).then(|| Some(std::time::Duration::from_secs(seconds)))
}

fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let (digits, unit) = t.find(|c: char| !c.is_ascii_digit()).map_or((t, ""), |i| t.split_at(i));
    let factor: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" => 1_000,
        "M" | "MB" => 1_000_000,
        "G" | "GB" => 1_000_000_000,
        "KIB" => 1 << 10,
        "MIB" => 1 << 20,
        "GIB" => 1 << 30,
        _ => return None,
    };
    digits.parse::<u64>().ok()?.checked_mul(factor)
}

fn value_text(value: &Value) -> Option<String> {
    match value {
        Value::String(_, s) => Some(s.clone()),
        Value::Char(_, c) => Some(c.to_string()),
        Value::Bool(_, b) => Some(b.to_string()),
        Value::Num(_, n) => n.to_i128().map(|i| i.to_string()).or_else(|| n.to_f64().map(|f| f.to_string())),
        _ => None,
    }
}

/// Reads typed values out of one figment, recording problems.
struct Reader<'a> {
    figment: &'a Figment,
    problems: Vec<Problem>,
}

impl Reader<'_> {
    fn raw(&mut self, key: &str) -> Option<(String, String)> {
        let value = self.figment.find_value(key).ok()?;
        let source = describe_source(self.figment.find_metadata(key), key);
        match value_text(&value) {
            Some(text) => Some((text, source)),
            None => {
                self.problems.push(Problem::new(format!("{source} must be a single value, not a table or list")));
                None
            }
        }
    }

    /// A value parsed by `parse`; on failure records `{source} must be {expected}, found `{text}``.
    fn typed<T>(&mut self, key: &str, expected: &str, parse: impl FnOnce(&str) -> Option<T>) -> Option<T> {
        let (text, source) = self.raw(key)?;
        let parsed = parse(&text);
        if parsed.is_none() {
            self.problems.push(Problem::new(format!("{source} must be {expected}, found `{text}`")));
        }
        parsed
    }

    fn path(&mut self, key: &str) -> Option<PathBuf> {
        self.typed(key, "a non-empty path", |t| (!t.trim().is_empty()).then(|| PathBuf::from(t)))
    }

    fn source(&self, key: &str) -> String {
        describe_source(self.figment.find_metadata(key), key)
    }
}

/// The subset of settings the startup line shows.
struct Shown {
    http_port: Option<u16>,
    http_stat_port: Option<u16>,
    dir: Option<PathBuf>,
    temp_dir: Option<PathBuf>,
    log_file: Option<PathBuf>,
    local: bool,
}

fn resolve_paths(reader: &mut Reader<'_>) -> (Option<PathBuf>, Option<PathBuf>, Option<PathBuf>) {
    let dir = reader.path("dir").map(|d| std::path::absolute(&d).unwrap_or(d));
    let under_dir = |p: PathBuf| match &dir {
        Some(d) if p.is_relative() => d.join(p),
        _ => p,
    };
    let temp_dir = reader.path("temp_dir").map(under_dir);
    let log_file = match reader.path("log_file") {
        Some(p) => Some(under_dir(p)),
        None => dir.as_ref().map(|d| d.join("logs").join(crate::LOG_FILE_NAME)),
    };
    (dir, temp_dir, log_file)
}

fn port(text: &str) -> Option<u16> {
    text.trim().parse().ok()
}

fn shown(figment: &Figment) -> Shown {
    let mut r = Reader { figment, problems: Vec::new() };
    let (dir, temp_dir, log_file) = resolve_paths(&mut r);
    Shown {
        http_port: r.typed("http_port", "", port),
        http_stat_port: r.typed("http_stat_port", "", port),
        dir,
        temp_dir,
        log_file,
        local: r.typed("local", "", parse_bool).unwrap_or(false),
    }
}

/// A word as a shell would need it: bare when it has only safe characters, else quoted.
fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,@%+".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_owned()
    } else {
        shlex::try_quote(word).map_or_else(|_| word.to_owned(), |q| q.into_owned())
    }
}

fn shell_path(path: &Path) -> String {
    shell_word(&path.display().to_string())
}

fn startup_line(mapped: &Shown, effective: &Settings, extra: &[String]) -> String {
    let mut line = format!(
        "Starting {} (Bot API {}) with args: --http-port {} --http-stat-port {} --dir {} --temp-dir {} --log {}",
        msg_core::SERVER_NAME,
        msg_core::BOT_API_VERSION,
        mapped.http_port.unwrap_or(effective.http_port),
        mapped.http_stat_port.unwrap_or(effective.http_stat_port),
        shell_path(mapped.dir.as_deref().unwrap_or(&effective.dir)),
        shell_path(mapped.temp_dir.as_deref().unwrap_or(&effective.temp_dir)),
        shell_path(mapped.log_file.as_deref().unwrap_or(&effective.log_file)),
    );
    if mapped.local {
        line.push_str(" --local");
    }
    for word in redact_secret_flags(extra) {
        line.push(' ');
        line.push_str(&word);
    }
    line
}

/// The extra args as given (shell-quoted where needed), except the values of the secret flags
/// (`--api-id`, `--api-hash`): `--api-hash=<redacted>` or `--api-hash <redacted>`, in the
/// spelling that was used, unquoted.
fn redact_secret_flags(words: &[String]) -> Vec<String> {
    const SECRET: &[&str] = &["--api-id", "--api-hash", "--console-token", "--database-url"];
    let mut out = Vec::with_capacity(words.len());
    let mut value_follows = false;
    for word in words {
        if value_follows {
            out.push(REDACTED.to_owned());
            value_follows = false;
            continue;
        }
        match word.split_once('=') {
            Some((flag, _)) if SECRET.contains(&flag) => out.push(format!("{flag}={REDACTED}")),
            _ => {
                value_follows = SECRET.contains(&word.as_str());
                out.push(shell_word(word));
            }
        }
    }
    out
}

const REDACTED: &str = "<redacted>";

/// A connection URL with its password replaced by `<redacted>`: the userinfo's, as
/// [`msg_core::redact()`] hides it in log lines, and a query that may carry `password=`.
pub fn redact_url(url: &str) -> String {
    if !url.contains("://") {
        return REDACTED.to_owned();
    }
    let url = msg_core::redact(url);
    match url.split_once('?') {
        Some((base, query)) if query.contains("password") => format!("{base}?{REDACTED}"),
        _ => url.into_owned(),
    }
}

fn defaults() -> Layer {
    let entries = [
        ("http_port", crate::DEFAULT_HTTP_PORT.to_string()),
        ("http_stat_port", crate::DEFAULT_HTTP_STAT_PORT.to_string()),
        ("dir", crate::DEFAULT_DIR.to_owned()),
        ("temp_dir", crate::DEFAULT_TEMP_DIR.to_owned()),
        ("local", "false".to_owned()),
        ("max_webhook_connections", "0".to_owned()),
        ("log_verbosity_level", crate::DEFAULT_LOG_VERBOSITY.to_string()),
        ("http_ip_address", "0.0.0.0".to_owned()),
        ("http_stat_ip_address", "0.0.0.0".to_owned()),
        ("log_max_file_size", crate::DEFAULT_LOG_MAX_FILE_SIZE.to_string()),
        ("http_idle_timeout", "500".to_owned()),
        ("http_header_timeout", "30".to_owned()),
        ("http_body_timeout", "30".to_owned()),
        ("health_interval", "10".to_owned()),
        ("console", "false".to_owned()),
        ("durability", "power".to_owned()),
        ("testing", "false".to_owned()),
        ("flood_control", "false".to_owned()),
        ("call_log_size", "1000".to_owned()),
        ("clock", "real".to_owned()),
    ];
    Layer { name: DEFAULTS, dict: entries.into_iter().map(|(k, v)| (k.to_owned(), Value::from(v))).collect() }
}

/// The config file to read and whether its absence is an error.
fn config_file(sources: &Sources) -> Option<(PathBuf, String)> {
    if let Some(p) = &sources.config_flag {
        return Some((p.clone(), "--config".to_owned()));
    }
    if let Some(p) = sources.var("MSG_CONFIG").filter(|p| !p.is_empty()) {
        return Some((PathBuf::from(p), "MSG_CONFIG".to_owned()));
    }
    let system = Path::new(crate::SYSTEM_CONFIG_FILE);
    system.exists().then(|| (system.to_path_buf(), String::new()))
}

/// Reads `MSG_API_ID_FILE` / `MSG_API_HASH_FILE` (container secrets such as `/run/secrets/...`)
/// into their own layer, so a bad value is reported as coming from the file. Returns the keys
/// whose `_FILE` variable was given (read or not), so "is not set" is not reported for them too.
fn secret_files(sources: &Sources, problems: &mut Vec<Problem>) -> (Layer, Vec<&'static str>) {
    let mut layer = Layer { name: SECRET_FILES, dict: Default::default() };
    let mut given = Vec::new();
    let hint = "the file must exist inside the container and be readable by the server's user (UID 1000 in the image), e.g. a compose `secrets:` entry mounted at /run/secrets/<name>; or set the variable itself instead";
    for key in ["api_id", "api_hash"] {
        let var = layers::env_of(key);
        let file_var = format!("{var}_FILE");
        let Some(path) = sources.var(&file_var).filter(|p| !p.trim().is_empty()) else {
            continue;
        };
        given.push(key);
        if sources.var(&var).is_some() {
            problems.push(Problem::new(format!("both {var} and {file_var} are set; keep only one of them")));
            continue;
        }
        match std::fs::read_to_string(path) {
            Ok(text) if text.trim().is_empty() => {
                problems.push(Problem { message: format!("{file_var} names {path}, which is empty"), hint: None });
            }
            Ok(text) => {
                layer.dict.insert(key.to_owned(), Value::from(text.trim().to_owned()));
            }
            Err(e) => problems.push(Problem {
                message: format!("{file_var} names {path}, which cannot be read: {e}"),
                hint: Some(hint.to_owned()),
            }),
        }
    }
    (layer, given)
}

/// Loads and validates the configuration from `sources`.
/// The config file's sections that are not settings: `[[bots]]`, `[[plugins]]`, `[storage]`,
/// `[[faults]]`, as JSON.
struct FileSections {
    bots: serde_json::Value,
    plugins: serde_json::Value,
    storage: serde_json::Value,
    faults: serde_json::Value,
}

impl Default for FileSections {
    fn default() -> Self {
        let list = || serde_json::json!([]);
        Self { bots: list(), plugins: list(), storage: serde_json::json!({}), faults: list() }
    }
}

/// The config file `path` (named by `named_by`): its settings as a layer over `figment`, and its
/// other sections; what is wrong with it goes to `problems`.
fn read_config_file(
    path: &Path,
    named_by: &str,
    figment: Figment,
    problems: &mut Vec<Problem>,
) -> (Figment, FileSections) {
    if !path.is_file() {
        problems.push(Problem::new(format!(
            "config file {} (named by {named_by}) does not exist or is not a file",
            path.display()
        )));
        return (figment, FileSections::default());
    }
    let data = match Toml::file_exact(path).data() {
        Err(e) => {
            problems.push(Problem::new(format!("config file {}: {e}", path.display())));
            return (figment, FileSections::default());
        }
        Ok(data) => data,
    };
    let dict = data.get(&Profile::Default).cloned().unwrap_or_default();
    for key in dict.keys() {
        if !KEYS.iter().any(|(k, _)| k == key) && !FILE_ONLY_KEYS.contains(&key.as_str()) {
            problems.push(Problem::new(format!(
                "config file {}: unknown key `{key}`; known keys: {}",
                path.display(),
                KEYS.iter().map(|(k, _)| *k).chain(FILE_ONLY_KEYS.iter().copied()).collect::<Vec<_>>().join(", ")
            )));
        }
    }
    let section = |name: &str, empty: serde_json::Value| {
        dict.get(name).and_then(|v| serde_json::to_value(v).ok()).unwrap_or(empty)
    };
    let sections = FileSections {
        bots: section("bots", serde_json::json!([])),
        plugins: section("plugins", serde_json::json!([])),
        storage: section("storage", serde_json::json!({})),
        faults: section("faults", serde_json::json!([])),
    };
    (figment.merge(layers::FileKeys { path: path.to_owned(), dict }), sections)
}

/// The `MSG_*` variables that are settings, as a layer; the others are warned about.
fn environment_layer(sources: &Sources, warnings: &mut Vec<String>) -> Layer {
    let mut env = Layer { name: ENVIRONMENT, dict: Default::default() };
    for (name, value) in &sources.env {
        if SPECIAL_VARS.contains(&name.as_str()) {
            continue;
        }
        let key = name.trim_start_matches("MSG_").to_ascii_lowercase();
        if KEYS.iter().any(|(k, _)| *k == key) {
            env.dict.insert(key, Value::from(value.clone()));
        } else {
            warnings.push(format!("environment variable {name} is not a msg-bot-api setting and was ignored"));
        }
    }
    env
}

/// `api_id` and `api_hash`, checked (optional for commands that do not reach the platform, and
/// when a secret file gives them).
fn credentials(r: &mut Reader<'_>, sources: &Sources, secrets_given: &[&str]) -> (Option<Secret>, Option<Secret>) {
    let credentials_hint = "obtain the api id and hash at the platform's developer portal and set MSG_API_ID and MSG_API_HASH (in .env, as api_id/api_hash in the config file, or as --api-id/--api-hash); the embedded platform accepts any positive id with any hex hash";
    let api_id = match r.raw("api_id") {
        None if sources.credentials_optional || secrets_given.contains(&"api_id") => Some(Secret::default()),
        None => {
            r.problems.push(Problem { message: "MSG_API_ID is not set".into(), hint: Some(credentials_hint.into()) });
            None
        }
        Some((text, source)) => {
            let ok = text.trim().parse::<i32>().is_ok_and(|v| v > 0);
            if !ok {
                r.problems.push(Problem {
                    message: format!("{source} must be a positive integer (the api id from the developer portal)"),
                    hint: Some(credentials_hint.into()),
                });
            }
            ok.then(|| Secret::new(text.trim()))
        }
    };
    let api_hash = match r.raw("api_hash") {
        None if sources.credentials_optional || secrets_given.contains(&"api_hash") => Some(Secret::default()),
        None => {
            r.problems.push(Problem { message: "MSG_API_HASH is not set".into(), hint: Some(credentials_hint.into()) });
            None
        }
        Some((text, source)) => {
            let t = text.trim();
            let ok = !t.is_empty() && t.chars().all(|c| c.is_ascii_hexdigit());
            if !ok {
                r.problems.push(Problem {
                    message: format!("{source} must be a hexadecimal string (the api hash from the developer portal)"),
                    hint: Some(credentials_hint.into()),
                });
            }
            ok.then(|| Secret::new(t))
        }
    };
    (api_id, api_hash)
}

/// What settings say together, for [`check_together`].
struct Together {
    seed: bool,
    testing: bool,
    manual_clock: bool,
    database_url: bool,
    ports: (Option<u16>, Option<u16>),
}

/// The checks of settings that are each valid alone but not together: a test server's settings
/// without `--testing`, a PostgreSQL URL beside another storage kind, one port for both.
fn check_together(r: &mut Reader<'_>, t: Together, storage_kind: Option<&str>) {
    if t.seed && !t.testing {
        let source = r.source("seed");
        r.problems.push(Problem::new(format!(
            "{source} makes the platform's random choices, token secrets among them, predictable (a test server's setting): add --testing (MSG_TESTING=true) to say this server is for tests, or remove it"
        )));
    }
    if t.manual_clock && !t.testing {
        let source = r.source("clock");
        r.problems.push(Problem::new(format!(
            "{source} is manual, which stops the platform's time (a test server's setting): add --testing (MSG_TESTING=true) to say this server is for tests, or use --clock real"
        )));
    }
    if let Some(kind) = storage_kind.filter(|kind| t.database_url && *kind != "postgres") {
        let url_source = r.source("database_url");
        r.problems.push(Problem::new(format!(
            "{url_source} names a PostgreSQL database but the config file's [storage] kind is \"{kind}\"; remove one of them"
        )));
    }
    if let (Some(a), Some(b)) = t.ports
        && a == b
        && a != 0
    {
        let (sa, sb) = (r.source("http_port"), r.source("http_stat_port"));
        r.problems.push(Problem::new(format!(
            "the Bot API port and the statistics port are both {a} ({sa}, {sb}); give MSG_HTTP_STAT_PORT a port of its own"
        )));
    }
}

/// The layers (built-in defaults, the config file, the environment, secret files,
/// `MSG_EXTRA_ARGS`, the command line), read into typed settings, every problem reported at once.
pub fn load(sources: &Sources) -> Result<Settings, ConfigError> {
    let mut problems = Vec::new();
    let mut warnings = Vec::new();

    let file = config_file(sources);
    let (figment, file_sections) = match &file {
        Some((path, named_by)) => read_config_file(path, named_by, Figment::from(defaults()), &mut problems),
        None => (Figment::from(defaults()), FileSections::default()),
    };
    let env = environment_layer(sources, &mut warnings);
    let (secrets, secrets_given) = secret_files(sources, &mut problems);
    let base = figment.merge(env).merge(secrets);
    let file_path = file.as_ref().map(|(p, _)| p.as_path());
    let declared_bots = match file_path {
        Some(path) => sections::bots(&file_sections.bots, path, &mut problems),
        None => Vec::new(),
    };
    let plugins = sections::plugins(sources.var("MSG_PLUGINS"), &file_sections.plugins, file_path, &mut problems);

    let (extra_words, extra) = match sources.var("MSG_EXTRA_ARGS").map(parse_extra_args) {
        None => (Vec::new(), Layer { name: EXTRA_ARGS, dict: Default::default() }),
        Some(Ok((words, flags))) => (words, Layer::from_flags(EXTRA_ARGS, &flags)),
        Some(Err(e)) => {
            problems.push(Problem::new(e));
            (Vec::new(), Layer { name: EXTRA_ARGS, dict: Default::default() })
        }
    };
    let cli = || Layer::from_flags(COMMAND_LINE, &sources.cli);
    let full = base.clone().merge(extra).merge(cli());
    let mapped = shown(&base.merge(cli()));

    let mut r = Reader { figment: &full, problems };
    let (api_id, api_hash) = credentials(&mut r, sources, &secrets_given);
    let port_expected = "a port number from 0 to 65535";
    let http_port = r.typed("http_port", port_expected, port);
    let http_stat_port = r.typed("http_stat_port", &format!("{port_expected} (0 disables statistics)"), port);
    let ip_expected = "an IP address such as 0.0.0.0, 127.0.0.1 or ::";
    let http_ip_address = r.typed("http_ip_address", ip_expected, |t| t.trim().parse().ok());
    let http_stat_ip_address = r.typed("http_stat_ip_address", ip_expected, |t| t.trim().parse().ok());
    let (dir, temp_dir, log_file) = resolve_paths(&mut r);
    let local = r.typed("local", "a boolean (true/false, 1/0, yes/no, on/off)", parse_bool);
    let max_webhook_connections =
        r.typed("max_webhook_connections", "a whole number (0 for the default)", |t| t.trim().parse::<u32>().ok());
    let log_verbosity_level = r.typed("log_verbosity_level", "a whole number from 0 to 1024", |t| {
        t.trim().parse::<u32>().ok().filter(|v| *v <= 1024)
    });
    let log_max_file_size =
        r.typed("log_max_file_size", "a size of at least 4096 bytes (e.g. 50000000, 50MB or 64MiB)", |t| {
            parse_size(t).filter(|v| *v >= 4096)
        });
    let filter = r.typed("filter", "<remainder>/<modulo> with remainder < modulo, such as 0/2", |t| {
        let (rem, modulo) = t.trim().split_once('/')?;
        let filter = Filter { remainder: rem.trim().parse().ok()?, modulo: modulo.trim().parse().ok()? };
        (filter.modulo > 0 && filter.remainder < filter.modulo).then_some(filter)
    });
    let file_retention =
        r.typed("file_retention", "forever, or a period such as 3600, 90m, 24h or 7d", parse_period).flatten();
    let period = |t: &str| parse_period(t).flatten();
    let http_idle_timeout = r.typed("http_idle_timeout", "a period such as 500, 90s or 10m", period);
    let http_header_timeout = r.typed("http_header_timeout", "a period such as 30, 30s or 1m", period);
    let http_body_timeout = r.typed("http_body_timeout", "a period such as 30, 30s or 1m", period);
    let health_interval = r.typed("health_interval", "a period such as 10, 10s or 1m", period);
    let console = r.typed("console", "a boolean (true/false, 1/0, yes/no, on/off)", parse_bool);
    // A secret: a bad one is reported without its value.
    let console_token = r.raw("console_token").and_then(|(text, source)| {
        let t = text.trim();
        let ok = (16..=128).contains(&t.len()) && t.chars().all(|c| c.is_ascii_alphanumeric() || "-_.~".contains(c));
        if !ok {
            r.problems.push(Problem::new(format!(
                "{source} must be a key of 16 to 128 letters, digits, `-`, `_`, `.` or `~` (e.g. from `openssl rand -hex 24`); the value given is not shown"
            )));
        }
        ok.then(|| Secret::new(t))
    });
    let durability = r.typed("durability", "process or power", msg_core::Durability::parse);
    let files = r.raw("files").and_then(|(text, source)| {
        let t = text.trim();
        let bucket = t.strip_prefix("s3://").map(|rest| rest.split('/').next().unwrap_or_default());
        if bucket.is_none_or(str::is_empty) || t.contains('@') {
            r.problems.push(Problem::new(format!(
                "{source} must be an object store URL such as s3://bucket or s3://bucket/prefix (credentials go in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, never in the URL)"
            )));
            return None;
        }
        Some(t.to_owned())
    });
    let message_retention =
        r.typed("message_retention", "forever, or a period such as 3600, 90m, 24h or 30d", parse_period).flatten();
    // A secret too: the URL may carry a password.
    let database_url = r.raw("database_url").and_then(|(text, source)| {
        let t = text.trim();
        let ok = t.starts_with("postgres://") || t.starts_with("postgresql://");
        if !ok {
            r.problems.push(Problem::new(format!(
                "{source} must be a PostgreSQL URL such as postgres://botapi:PASSWORD@db:5432/botapi; the value given is not shown"
            )));
        }
        ok.then(|| Secret::new(t))
    });
    let testing = r.typed("testing", "a boolean (true/false, 1/0, yes/no, on/off)", parse_bool).unwrap_or(false);
    let manual_clock = r
        .typed("clock", "real or manual", |t| match t.trim() {
            "real" => Some(false),
            "manual" => Some(true),
            _ => None,
        })
        .unwrap_or(false);
    let flood_control =
        r.typed("flood_control", "a boolean (true/false, 1/0, yes/no, on/off)", parse_bool).unwrap_or(false);
    let call_log_size = r
        .typed("call_log_size", "a number of calls kept per bot, 0 to 100000 (0 turns the log off)", |t| {
            t.trim().parse::<usize>().ok().filter(|n| *n <= 100_000)
        })
        .unwrap_or(1000);
    let faults = match &file_sections.faults {
        serde_json::Value::Array(rules) => rules.clone(),
        _ => {
            r.problems.push(Problem::new(
                "the config file's faults must be [[faults]] tables, one per rule (see the book: Bot developers, \"Testing the bad days\")"
                    .to_owned(),
            ));
            Vec::new()
        }
    };
    let seed = r.typed("seed", "a whole number from 0 to 18446744073709551615", |t| t.trim().parse::<u64>().ok());
    check_together(
        &mut r,
        Together {
            seed: seed.is_some(),
            testing,
            manual_clock,
            database_url: database_url.is_some(),
            ports: (http_port, http_stat_port),
        },
        file_sections.storage.get("kind").and_then(|k| k.as_str()),
    );
    let origins = KEYS.iter().map(|(k, _)| (*k, r.source(k))).collect();
    let problems = r.problems;

    match (
        api_id,
        api_hash,
        http_port,
        http_stat_port,
        http_ip_address,
        http_stat_ip_address,
        dir,
        temp_dir,
        log_file,
        local,
        max_webhook_connections,
        log_verbosity_level,
        log_max_file_size,
        http_idle_timeout,
        http_header_timeout,
        http_body_timeout,
        health_interval,
        console,
        durability,
    ) {
        (
            Some(api_id),
            Some(api_hash),
            Some(http_port),
            Some(http_stat_port),
            Some(http_ip_address),
            Some(http_stat_ip_address),
            Some(dir),
            Some(temp_dir),
            Some(log_file),
            Some(local),
            Some(max_webhook_connections),
            Some(log_verbosity_level),
            Some(log_max_file_size),
            Some(http_idle_timeout),
            Some(http_header_timeout),
            Some(http_body_timeout),
            Some(health_interval),
            Some(console),
            Some(durability),
        ) if problems.is_empty() => {
            let max_webhook_connections = match max_webhook_connections {
                0 if local => 100,
                0 => 40,
                n => n,
            };
            let mut settings = Settings {
                api_id,
                api_hash,
                http_port,
                http_stat_port,
                http_ip_address,
                http_stat_ip_address,
                dir,
                temp_dir,
                log_file,
                local,
                max_webhook_connections,
                log_verbosity_level,
                log_max_file_size,
                filter,
                file_retention,
                http_idle_timeout,
                http_header_timeout,
                http_body_timeout,
                health_interval,
                console,
                console_token,
                durability,
                message_retention,
                database_url,
                files,
                testing,
                manual_clock,
                flood_control,
                call_log_size,
                seed,
                faults,
                config_file: file.map(|(p, _)| p),
                extra_args: extra_words,
                bots: declared_bots,
                plugins,
                storage: file_sections.storage,
                warnings,
                startup_line: String::new(),
                origins,
            };
            settings.startup_line = startup_line(&mapped, &settings, &settings.extra_args);
            Ok(settings)
        }
        _ => Err(ConfigError { problems }),
    }
}

#[cfg(test)]
// figment's `Jail::expect_with` closures must return `figment::Error`, which is large.
#[allow(clippy::result_large_err)]
mod tests {
    use figment::Jail;

    use super::*;
    use crate::ServerFlags;

    /// A figment jail without the caller's `MSG_*` variables (a CI knob must not leak in).
    fn jail(test: impl FnOnce(&mut Jail) -> figment::error::Result<()>) {
        Jail::expect_with(|jail| {
            let kept: Vec<(String, String)> = std::env::vars().filter(|(k, _)| !k.starts_with("MSG_")).collect();
            jail.clear_env();
            for (key, value) in kept {
                jail.set_env(key, value);
            }
            test(jail)
        });
    }

    fn load_in(jail: &Jail, cli: ServerFlags) -> Result<Settings, ConfigError> {
        let _ = jail;
        load(&Sources::from_process(None, cli).unwrap())
    }

    fn credentials(jail: &mut Jail) {
        jail.set_env("MSG_API_ID", "12345");
        jail.set_env("MSG_API_HASH", "0123456789abcdef0123456789abcdef");
    }

    fn messages(e: ConfigError) -> Vec<String> {
        e.problems.into_iter().map(|p| p.message).collect()
    }

    #[test]
    fn defaults_give_the_seed_startup_line() {
        jail(|jail| {
            credentials(jail);
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!(
                s.startup_line,
                "Starting msg-bot-api (Bot API 10.5) with args: --http-port 8081 --http-stat-port 8082 --dir /data --temp-dir /tmp --log /data/logs/msg-bot-api.log"
            );
            assert_eq!((s.http_port, s.http_stat_port, s.local, s.max_webhook_connections), (8081, 8082, false, 40));
            assert_eq!(s.log_max_file_size, crate::DEFAULT_LOG_MAX_FILE_SIZE);
            assert_eq!(s.file_retention, None, "files are kept for ever unless told");
            Ok(())
        });
    }

    #[test]
    fn durability_retention_and_the_database_url_are_read_and_checked() {
        jail(|jail| {
            credentials(jail);
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!(
                (s.durability, s.message_retention, s.storage_kind()),
                (msg_core::Durability::Power, None, "sqlite")
            );
            assert_eq!(s.storage_section()["durability"], "power");
            jail.set_env("MSG_DURABILITY", "Process");
            jail.set_env("MSG_MESSAGE_RETENTION", "30d");
            jail.set_env("MSG_DATABASE_URL", "postgres://botapi:hunter2@db:5432/botapi?sslmode=disable");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!(s.durability, msg_core::Durability::Process);
            assert_eq!(s.message_retention, Some(std::time::Duration::from_secs(30 * 86_400)));
            assert_eq!(s.storage_kind(), "postgres", "a database URL alone selects PostgreSQL");
            assert_eq!(s.storage_section()["url"], "postgres://botapi:hunter2@db:5432/botapi?sslmode=disable");
            let shown = s.render();
            assert!(!shown.contains("hunter2"), "{shown}");
            assert!(
                shown.contains("database_url = \"postgres://botapi:<redacted>@db:5432/botapi?sslmode=disable\""),
                "{shown}"
            );
            jail.set_env("MSG_DURABILITY", "disk");
            jail.set_env("MSG_DATABASE_URL", "mysql://root:hunter2@db/x");
            let e = messages(load_in(jail, ServerFlags::default()).unwrap_err());
            assert!(e.iter().any(|m| m.contains("MSG_DURABILITY must be process or power, found `disk`")), "{e:?}");
            assert!(e.iter().any(|m| m.starts_with("MSG_DATABASE_URL must be a PostgreSQL URL")), "{e:?}");
            assert!(e.iter().all(|m| !m.contains("hunter2")), "{e:?}");
            Ok(())
        });
    }

    #[test]
    fn urls_lose_their_passwords() {
        assert_eq!(redact_url("postgres://u:p@h/db"), "postgres://u:<redacted>@h/db");
        assert_eq!(redact_url("postgres://u@h:5432"), "postgres://u@h:5432");
        assert_eq!(redact_url("postgres://h/db?user=u&password=p"), "postgres://h/db?<redacted>");
        assert_eq!(redact_url("postgres://u:p:q@h/db"), "postgres://u:<redacted>@h/db");
        assert_eq!(redact_url("garbage"), "<redacted>");
    }

    #[test]
    fn file_retention_takes_periods_and_names_the_variable_when_wrong() {
        jail(|jail| {
            credentials(jail);
            for (text, seconds) in [
                ("3600", Some(3600)),
                ("90m", Some(5400)),
                ("24h", Some(86_400)),
                ("7d", Some(604_800)),
                ("forever", None),
            ] {
                jail.set_env("MSG_FILE_RETENTION", text);
                let s = load_in(jail, ServerFlags::default()).unwrap();
                assert_eq!(s.file_retention, seconds.map(std::time::Duration::from_secs), "{text}");
            }
            jail.set_env("MSG_FILE_RETENTION", "a week");
            let e = messages(load_in(jail, ServerFlags::default()).unwrap_err());
            assert!(
                e[0].contains(
                    "MSG_FILE_RETENTION must be forever, or a period such as 3600, 90m, 24h or 7d, found `a week`"
                ),
                "{e:?}"
            );
            Ok(())
        });
    }

    #[test]
    fn every_variable_maps_into_the_line_with_local_and_quoted_extra_args() {
        jail(|jail| {
            credentials(jail);
            jail.set_env("MSG_HTTP_PORT", "9081");
            jail.set_env("MSG_HTTP_STAT_PORT", "9082");
            jail.set_env("MSG_DIR", "/srv/bots");
            jail.set_env("MSG_TEMP_DIR", "/srv/tmp");
            jail.set_env("MSG_LOG_FILE", "/var/log/msg.log");
            jail.set_env("MSG_LOCAL", "TRUE");
            jail.set_env("MSG_EXTRA_ARGS", "--max-webhook-connections 60 --log-verbosity-level=4 --filter '1/2'");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!(
                s.startup_line,
                "Starting msg-bot-api (Bot API 10.5) with args: --http-port 9081 --http-stat-port 9082 --dir /srv/bots --temp-dir /srv/tmp --log /var/log/msg.log --local --max-webhook-connections 60 --log-verbosity-level=4 --filter 1/2"
            );
            assert_eq!(s.max_webhook_connections, 60);
            assert_eq!(s.log_verbosity_level, 4);
            assert_eq!(s.filter, Some(Filter { remainder: 1, modulo: 2 }));
            jail.set_env("MSG_LOCAL", "off");
            jail.set_env("MSG_EXTRA_ARGS", "--dir '/srv/my bots'");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert!(s.startup_line.ends_with("--log /var/log/msg.log --dir '/srv/my bots'"), "{}", s.startup_line);
            assert_eq!(s.dir, PathBuf::from("/srv/my bots"), "extra args come later, so they win");
            assert_eq!(s.max_webhook_connections, 40);
            Ok(())
        });
    }

    #[test]
    fn layers_stack_defaults_file_env_extra_args_cli() {
        jail(|jail| {
            jail.create_file(
                "msg.toml",
                "api_id = 7\napi_hash = \"abcdef\"\nhttp_port = 7001\nhttp_stat_port = 7002\ndir = \"/file/dir\"\nlocal = true\n",
            )?;
            jail.set_env("MSG_CONFIG", "msg.toml");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!((s.http_port, s.http_stat_port, s.local), (7001, 7002, true));
            assert_eq!(s.max_webhook_connections, 100, "local mode default");
            assert_eq!(s.log_file, PathBuf::from("/file/dir/logs/msg-bot-api.log"), "log follows dir");
            jail.set_env("MSG_HTTP_PORT", "7101");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!((s.http_port, s.http_stat_port), (7101, 7002), "env beats file");
            jail.set_env("MSG_EXTRA_ARGS", "--http-port 7201");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!(s.http_port, 7201, "extra args beat plain variables");
            assert!(s.startup_line.contains("--http-port 7101 ") && s.startup_line.ends_with(" --http-port 7201"));
            let cli = ServerFlags { http_port: Some("7301".into()), ..ServerFlags::default() };
            let s = load_in(jail, cli).unwrap();
            assert_eq!(s.http_port, 7301, "command-line flags beat everything");
            assert_eq!(s.origins.iter().find(|(k, _)| *k == "http_port").unwrap().1, "--http-port on the command line");
            assert_eq!(
                s.origins.iter().find(|(k, _)| *k == "http_stat_port").unwrap().1.split(" in ").next(),
                Some("`http_stat_port`")
            );
            Ok(())
        });
    }

    #[test]
    fn missing_credentials_are_both_reported() {
        jail(|jail| {
            let e = load_in(jail, ServerFlags::default()).unwrap_err();
            assert_eq!(messages(e.clone()), ["MSG_API_ID is not set", "MSG_API_HASH is not set"]);
            let text = e.to_string();
            assert!(text.starts_with("error: MSG_API_ID is not set\nerror: MSG_API_HASH is not set\nhint: "), "{text}");
            assert_eq!(text.matches("hint:").count(), 1);
            Ok(())
        });
    }

    #[test]
    fn bad_values_name_their_source_and_never_echo_secrets() {
        jail(|jail| {
            jail.set_env("MSG_API_ID", "-42");
            jail.set_env("MSG_API_HASH", "not-hex-SECRET");
            jail.set_env("MSG_HTTP_PORT", "80801");
            jail.set_env("MSG_LOCAL", "maybe");
            jail.set_env("MSG_EXTRA_ARGS", "--log-verbosity-level loud --filter 3/2");
            let e = load_in(jail, ServerFlags::default()).unwrap_err();
            let all = messages(e.clone()).join("\n");
            assert!(!all.contains("-42") && !all.contains("SECRET"), "{all}");
            assert_eq!(
                messages(e),
                [
                    "MSG_API_ID must be a positive integer (the api id from the developer portal)",
                    "MSG_API_HASH must be a hexadecimal string (the api hash from the developer portal)",
                    "MSG_HTTP_PORT must be a port number from 0 to 65535, found `80801`",
                    "MSG_LOCAL must be a boolean (true/false, 1/0, yes/no, on/off), found `maybe`",
                    "--log-verbosity-level in MSG_EXTRA_ARGS must be a whole number from 0 to 1024, found `loud`",
                    "--filter in MSG_EXTRA_ARGS must be <remainder>/<modulo> with remainder < modulo, such as 0/2, found `3/2`",
                ]
            );
            Ok(())
        });
    }

    #[test]
    fn same_port_unknown_flag_and_unknown_file_key_are_errors() {
        jail(|jail| {
            credentials(jail);
            jail.set_env("MSG_HTTP_STAT_PORT", "8081");
            let e = messages(load_in(jail, ServerFlags::default()).unwrap_err());
            assert!(e[0].contains("both 8081") && e[0].contains("MSG_HTTP_STAT_PORT"), "{e:?}");
            jail.set_env("MSG_HTTP_STAT_PORT", "8082");
            jail.set_env("MSG_EXTRA_ARGS", "--max-webhook-connection 5");
            let e = messages(load_in(jail, ServerFlags::default()).unwrap_err());
            assert!(e[0].starts_with("MSG_EXTRA_ARGS: ") && e[0].contains("'--max-webhook-connection'"), "{e:?}");
            jail.set_env("MSG_EXTRA_ARGS", "");
            jail.create_file("bad.toml", "http_prot = 1\n")?;
            let sources = Sources {
                config_flag: Some("bad.toml".into()),
                ..Sources::from_process(None, ServerFlags::default()).unwrap()
            };
            let e = messages(load(&sources).unwrap_err());
            assert!(e[0].starts_with("config file bad.toml: unknown key `http_prot`"), "{e:?}");
            let sources = Sources { config_flag: Some("absent.toml".into()), ..sources };
            assert!(
                messages(load(&sources).unwrap_err())[0].contains("absent.toml (named by --config) does not exist")
            );
            Ok(())
        });
    }

    #[test]
    fn unknown_variables_warn_and_secret_files_are_read() {
        jail(|jail| {
            jail.create_file("id", "777\n")?;
            jail.create_file("hash", "cafe\n")?;
            jail.set_env("MSG_API_ID_FILE", "id");
            jail.set_env("MSG_API_HASH_FILE", "hash");
            jail.set_env("MSG_HTTP_PROT", "1");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!((s.api_id.expose(), s.api_hash.expose()), ("777", "cafe"));
            assert_eq!(s.warnings, ["environment variable MSG_HTTP_PROT is not a msg-bot-api setting and was ignored"]);
            assert!(!s.render().contains("cafe") && s.render().contains("api_hash = \"<redacted>\""));
            jail.set_env("MSG_API_ID", "1");
            let e = messages(load_in(jail, ServerFlags::default()).unwrap_err());
            assert_eq!(e, ["both MSG_API_ID and MSG_API_ID_FILE are set; keep only one of them"]);
            Ok(())
        });
    }

    #[test]
    fn secret_files_name_themselves_in_every_problem_and_are_never_echoed() {
        jail(|jail| {
            // Docker and compose secrets end with a newline; it is not part of the secret.
            jail.create_file("api_id", "4242\n")?;
            jail.create_file("api_hash", "  0123abcd\n\n")?;
            jail.set_env("MSG_API_ID_FILE", "api_id");
            jail.set_env("MSG_API_HASH_FILE", "api_hash");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!((s.api_id.expose(), s.api_hash.expose()), ("4242", "0123abcd"));
            assert_eq!(s.origins.iter().find(|(k, _)| *k == "api_hash").unwrap().1, "the content of MSG_API_HASH_FILE");

            // A missing file: the variable and the path are named, and "is not set" is not added.
            jail.set_env("MSG_API_ID_FILE", "/run/secrets/absent_id");
            let e = load_in(jail, ServerFlags::default()).unwrap_err();
            assert_eq!(
                messages(e.clone()),
                [
                    "MSG_API_ID_FILE names /run/secrets/absent_id, which cannot be read: No such file or directory (os error 2)"
                ]
            );
            assert!(e.to_string().contains("hint: the file must exist inside the container"), "{e}");

            // An empty file, and a file whose content is not a valid hash (named by the _FILE variable).
            jail.create_file("empty", "\n")?;
            jail.set_env("MSG_API_ID_FILE", "empty");
            jail.create_file("bad_hash", "not-hex-SECRET\n")?;
            jail.set_env("MSG_API_HASH_FILE", "bad_hash");
            let e = messages(load_in(jail, ServerFlags::default()).unwrap_err());
            assert_eq!(
                e,
                [
                    "MSG_API_ID_FILE names empty, which is empty",
                    "the content of MSG_API_HASH_FILE must be a hexadecimal string (the api hash from the developer portal)",
                ]
            );
            assert!(!e.join("\n").contains("SECRET"));

            // Both spellings at once is a conflict, whichever would win.
            jail.set_env("MSG_API_ID_FILE", "api_id");
            jail.set_env("MSG_API_HASH_FILE", "api_hash");
            jail.set_env("MSG_API_HASH", "cafe");
            let e = messages(load_in(jail, ServerFlags::default()).unwrap_err());
            assert_eq!(e, ["both MSG_API_HASH and MSG_API_HASH_FILE are set; keep only one of them"]);

            // An empty _FILE variable (a blank line in .env) counts as not given.
            jail.set_env("MSG_API_HASH_FILE", "");
            let s = load_in(jail, ServerFlags::default()).unwrap();
            assert_eq!((s.api_id.expose(), s.api_hash.expose()), ("4242", "cafe"));
            Ok(())
        });
    }

    #[test]
    fn sizes_and_booleans_parse_strictly() {
        assert_eq!(parse_size("50MB"), Some(50_000_000));
        assert_eq!(parse_size("64MiB"), Some(64 << 20));
        assert_eq!(parse_size("12"), Some(12));
        assert_eq!(parse_size("12 parsecs"), None);
        for t in ["true", "On", "YES", "1"] {
            assert_eq!(parse_bool(t), Some(true), "{t}");
        }
        for t in ["false", "Off", "no", "0"] {
            assert_eq!(parse_bool(t), Some(false), "{t}");
        }
        for t in ["", "y", "2", "enabled"] {
            assert_eq!(parse_bool(t), None, "{t}");
        }
    }
}
