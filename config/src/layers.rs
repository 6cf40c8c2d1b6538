//! The figment providers for each layer and the wording that names where a value came from
//! (`MSG_HTTP_PORT`, `--http-port in MSG_EXTRA_ARGS`, `` `http_port` in config file /x.toml ``).

use std::path::PathBuf;

use figment::value::{Dict, Map, Value};
use figment::{Error, Metadata, Profile, Provider, Source};

use crate::ServerFlags;

pub(crate) const DEFAULTS: &str = "built-in defaults";
pub(crate) const ENVIRONMENT: &str = "environment";
/// Secrets read from the files `MSG_API_ID_FILE` / `MSG_API_HASH_FILE` name (container secrets).
pub(crate) const SECRET_FILES: &str = "secret files";
pub(crate) const EXTRA_ARGS: &str = "MSG_EXTRA_ARGS";
pub(crate) const COMMAND_LINE: &str = "command line";

/// Config keys, their environment variables and flags. The variable is always `MSG_` + the key
/// in upper case; the flag is listed because `--log` does not follow the key's name.
pub(crate) const KEYS: &[(&str, &str)] = &[
    ("api_id", "--api-id"),
    ("api_hash", "--api-hash"),
    ("http_port", "--http-port"),
    ("http_stat_port", "--http-stat-port"),
    ("dir", "--dir"),
    ("temp_dir", "--temp-dir"),
    ("log_file", "--log"),
    ("local", "--local"),
    ("max_webhook_connections", "--max-webhook-connections"),
    ("log_verbosity_level", "--log-verbosity-level"),
    ("http_ip_address", "--http-ip-address"),
    ("http_stat_ip_address", "--http-stat-ip-address"),
    ("log_max_file_size", "--log-max-file-size"),
    ("filter", "--filter"),
    ("file_retention", "--file-retention"),
    ("http_idle_timeout", "--http-idle-timeout"),
    ("http_header_timeout", "--http-header-timeout"),
    ("http_body_timeout", "--http-body-timeout"),
    ("health_interval", "--health-interval"),
    ("console", "--console"),
    ("console_token", "--console-token"),
    ("durability", "--durability"),
    ("message_retention", "--message-retention"),
    ("database_url", "--database-url"),
    ("files", "--files"),
    ("testing", "--testing"),
    ("clock", "--clock"),
    ("flood_control", "--flood-control"),
    ("call_log_size", "--call-log-size"),
    ("seed", "--seed"),
];

/// Sections only the config file can carry (tables, not flags).
pub(crate) const FILE_ONLY_KEYS: &[&str] = &["bots", "plugins", "storage", "faults"];

/// Variables with a meaning of their own rather than a config key.
pub(crate) const SPECIAL_VARS: &[&str] =
    &["MSG_CONFIG", "MSG_EXTRA_ARGS", "MSG_API_ID_FILE", "MSG_API_HASH_FILE", "MSG_PLUGINS"];

pub(crate) fn flag_of(key: &str) -> &'static str {
    KEYS.iter().find(|(k, _)| *k == key).map_or("", |(_, f)| f)
}

pub(crate) fn env_of(key: &str) -> String {
    format!("MSG_{}", key.to_ascii_uppercase())
}

/// Everything configuration is read from, captured once so tests can build it by hand.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// `--config PATH` from the command line.
    pub config_flag: Option<PathBuf>,
    /// The process environment (only `MSG_*` entries matter).
    pub env: Vec<(String, String)>,
    /// Flags from the command line.
    pub cli: ServerFlags,
    /// Admin commands (`bot create`, ...) work on the working directory without API credentials.
    pub credentials_optional: bool,
}

impl Sources {
    /// Captures the process environment; non-UTF-8 `MSG_*` values are reported by name.
    pub fn from_process(config_flag: Option<PathBuf>, cli: ServerFlags) -> Result<Self, String> {
        let mut env = Vec::new();
        for (name, value) in std::env::vars_os() {
            let Some(name) = name.to_str().map(str::to_owned) else {
                continue;
            };
            if !name.starts_with("MSG_") {
                continue;
            }
            let value = value.into_string().map_err(|_| format!("{name} is not valid UTF-8"))?;
            env.push((name, value));
        }
        env.sort();
        Ok(Self { config_flag, env, cli, credentials_optional: false })
    }

    pub fn var(&self, name: &str) -> Option<&str> {
        self.env.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// A layer of string values with a name figment keeps as metadata.
pub(crate) struct Layer {
    pub name: &'static str,
    pub dict: Dict,
}

impl Layer {
    pub fn from_flags(name: &'static str, flags: &ServerFlags) -> Self {
        let dict = flags.entries().into_iter().map(|(k, v)| (k.to_owned(), Value::from(v))).collect();
        Self { name, dict }
    }
}

impl Provider for Layer {
    fn metadata(&self) -> Metadata {
        let name = self.name;
        Metadata::named(name).interpolater(move |_, keys| {
            let key = keys.first().copied().unwrap_or_default();
            match name {
                ENVIRONMENT => env_of(key),
                SECRET_FILES => format!("{}_FILE", env_of(key)),
                _ => flag_of(key).to_owned(),
            }
        })
    }

    fn data(&self) -> Result<Map<Profile, Dict>, Error> {
        Ok(Profile::Default.collect(self.dict.clone()))
    }
}

/// The config file's keys, parsed once: figment would otherwise parse the whole file again for
/// every key it looks up (seconds for a file that declares 100,000 bots). Its tables
/// (`[[bots]]`, `[[plugins]]`, `[storage]`) are read apart and left out.
pub(crate) struct FileKeys {
    pub path: PathBuf,
    pub dict: Dict,
}

impl Provider for FileKeys {
    fn metadata(&self) -> Metadata {
        Metadata::from("TOML file", Source::File(self.path.clone()))
    }

    fn data(&self) -> Result<Map<Profile, Dict>, Error> {
        let dict = self.dict.iter().filter(|(k, _)| !FILE_ONLY_KEYS.contains(&k.as_str()));
        Ok(Profile::Default.collect(dict.map(|(k, v)| (k.clone(), v.clone())).collect()))
    }
}

/// Words naming where the value of `key` came from, for error messages and `config print`.
pub fn describe_source(metadata: Option<&Metadata>, key: &str) -> String {
    let Some(metadata) = metadata else {
        return format!("`{key}`");
    };
    match (&*metadata.name, &metadata.source) {
        (ENVIRONMENT, _) => env_of(key),
        (SECRET_FILES, _) => format!("the content of {}_FILE", env_of(key)),
        (EXTRA_ARGS, _) => format!("{} in MSG_EXTRA_ARGS", flag_of(key)),
        (COMMAND_LINE, _) => format!("{} on the command line", flag_of(key)),
        (DEFAULTS, _) => format!("the built-in default of `{key}`"),
        (_, Some(Source::File(path))) => format!("`{key}` in config file {}", path.display()),
        _ => format!("`{key}` in {}", metadata.name),
    }
}
