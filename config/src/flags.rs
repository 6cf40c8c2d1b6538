//! The one flag grammar shared by the command line and `MSG_EXTRA_ARGS` (`--flag value`,
//! `--flag=value`, the reference's short aliases). Flags are kept as text here; typing and
//! validation happen once, in `settings`, whichever layer a value came from.

use clap::{Args, FromArgMatches, Parser};

/// Server flags. Every field maps to the config key of the same name. (Their docs are the
/// command line's help, `<placeholders>` included.)
#[allow(rustdoc::invalid_html_tags)]
#[derive(Args, Debug, Clone, Default)]
pub struct ServerFlags {
    /// Application id from the platform's developer portal [env: MSG_API_ID]
    #[arg(long = "api-id", value_name = "ID", global = true)]
    pub api_id: Option<String>,
    /// Application hash (hex) from the developer portal [env: MSG_API_HASH]
    #[arg(long = "api-hash", value_name = "HASH", global = true)]
    pub api_hash: Option<String>,
    /// Bot API port, 0 for any free port [env: MSG_HTTP_PORT, default 8081]
    #[arg(short = 'p', long = "http-port", value_name = "PORT", global = true)]
    pub http_port: Option<String>,
    /// Statistics port, 0 to disable [env: MSG_HTTP_STAT_PORT, default 8082]
    #[arg(short = 's', long = "http-stat-port", value_name = "PORT", global = true)]
    pub http_stat_port: Option<String>,
    /// Working directory: one subdirectory per bot [env: MSG_DIR, default /data]
    #[arg(short = 'd', long = "dir", value_name = "DIR", global = true)]
    pub dir: Option<String>,
    /// Directory for uploads in flight [env: MSG_TEMP_DIR, default /tmp]
    #[arg(short = 't', long = "temp-dir", value_name = "DIR", global = true)]
    pub temp_dir: Option<String>,
    /// Log file [env: MSG_LOG_FILE, default <dir>/logs/msg-bot-api.log]
    #[arg(short = 'l', long = "log", value_name = "FILE", global = true)]
    pub log_file: Option<String>,
    /// Local mode: files up to 2000 MB, absolute file paths, file:// uploads [env: MSG_LOCAL, default false]
    #[arg(long = "local", value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true", global = true)]
    pub local: Option<String>,
    /// Default webhook connections per bot (0: 40, or 100 in local mode)
    #[arg(long = "max-webhook-connections", value_name = "N", global = true)]
    pub max_webhook_connections: Option<String>,
    /// Log verbosity: 0-1 errors, 2 warnings, 3 info, 4 debug, 5+ trace [default 3]
    #[arg(short = 'v', long = "log-verbosity-level", visible_alias = "verbosity", value_name = "N", global = true)]
    pub log_verbosity_level: Option<String>,
    /// Address the Bot API port binds [default 0.0.0.0]
    #[arg(long = "http-ip-address", value_name = "IP", global = true)]
    pub http_ip_address: Option<String>,
    /// Address the statistics port binds [default 0.0.0.0]
    #[arg(long = "http-stat-ip-address", value_name = "IP", global = true)]
    pub http_stat_ip_address: Option<String>,
    /// Log file size that triggers rotation, bytes or with K/M/G [default 50000000]
    #[arg(long = "log-max-file-size", value_name = "SIZE", global = true)]
    pub log_max_file_size: Option<String>,
    /// Serve only bots whose id % <mod> == <rem>
    #[arg(long = "filter", value_name = "REM/MOD", global = true)]
    pub filter: Option<String>,
    /// Remove files unused for this long: forever, or seconds, or 90m, 24h, 7d [env: MSG_FILE_RETENTION, default forever]
    #[arg(long = "file-retention", value_name = "PERIOD", global = true)]
    pub file_retention: Option<String>,
    /// Close a keep-alive connection with no request in progress after this long: seconds, or 5m [env: MSG_HTTP_IDLE_TIMEOUT, default 500]
    #[arg(long = "http-idle-timeout", value_name = "PERIOD", global = true)]
    pub http_idle_timeout: Option<String>,
    /// Close a connection whose request head has not fully arrived after this long (slowloris) [env: MSG_HTTP_HEADER_TIMEOUT, default 30]
    #[arg(long = "http-header-timeout", value_name = "PERIOD", global = true)]
    pub http_header_timeout: Option<String>,
    /// Close a connection whose request body makes no progress for this long [env: MSG_HTTP_BODY_TIMEOUT, default 30]
    #[arg(long = "http-body-timeout", value_name = "PERIOD", global = true)]
    pub http_body_timeout: Option<String>,
    /// How often the supervisor checks that the engine answers (three failures restart it) [env: MSG_HEALTH_INTERVAL, default 10]
    #[arg(long = "health-interval", value_name = "PERIOD", global = true)]
    pub health_interval: Option<String>,
    /// Serve the browser console at /console/ on the Bot API port [env: MSG_CONSOLE, default false]
    #[arg(long = "console", value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true", global = true)]
    pub console: Option<String>,
    /// The operator's console key (16+ characters); without it a new one is made at every start and printed in a login link [env: MSG_CONSOLE_TOKEN]
    #[arg(long = "console-token", value_name = "KEY", global = true)]
    pub console_token: Option<String>,
    /// What an acknowledged change survives: process (a crash of the server) or power (a power loss or kernel crash: flushed to disk before the answer) [env: MSG_DURABILITY, default power]
    #[arg(long = "durability", value_name = "LEVEL", global = true)]
    pub durability: Option<String>,
    /// Forget messages older than this: forever, or seconds, or 90m, 24h, 30d [env: MSG_MESSAGE_RETENTION, default forever]
    #[arg(long = "message-retention", value_name = "PERIOD", global = true)]
    pub message_retention: Option<String>,
    /// PostgreSQL connection URL (postgres://user:password@host/db); selects the postgres storage [env: MSG_DATABASE_URL]
    #[arg(long = "database-url", value_name = "URL", global = true)]
    pub database_url: Option<String>,
    /// Keep files' content in an S3-compatible object store too (s3://bucket/prefix), for several servers; endpoint, region and credentials from AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (AWS_ALLOW_HTTP=true for a plain-HTTP endpoint) [env: MSG_FILES]
    #[arg(long = "files", value_name = "URL", global = true)]
    pub files: Option<String>,
    /// This server is for tests: allows what must never run in production (--clock manual) [env: MSG_TESTING, default false]
    #[arg(long = "testing", value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true", global = true)]
    pub testing: Option<String>,
    /// The platform's clock: real, or manual (stands still until the operator advances it; needs --testing) [env: MSG_CLOCK, default real]
    #[arg(long = "clock", value_name = "CLOCK", global = true)]
    pub clock: Option<String>,
    /// Answer sends over the platform's rates with 429 and retry_after (1 a second per private chat, 20 a minute per group, 30 a second overall) [env: MSG_FLOOD_CONTROL, default false]
    #[arg(long = "flood-control", value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true", global = true)]
    pub flood_control: Option<String>,
    /// Seed the platform's random choices (update ids, dice, ids, link hashes, token secrets) so runs repeat; needs --testing [env: MSG_SEED]
    #[arg(long = "seed", value_name = "N", global = true)]
    pub seed: Option<String>,
    /// Calls kept per bot in the call log the operator reads (0 turns it off) [env: MSG_CALL_LOG_SIZE, default 1000]
    #[arg(long = "call-log-size", value_name = "N", global = true)]
    pub call_log_size: Option<String>,
}

impl ServerFlags {
    /// The flags that were given, as (config key, text) pairs.
    pub fn entries(&self) -> Vec<(&'static str, String)> {
        let all = [
            ("api_id", &self.api_id),
            ("api_hash", &self.api_hash),
            ("http_port", &self.http_port),
            ("http_stat_port", &self.http_stat_port),
            ("dir", &self.dir),
            ("temp_dir", &self.temp_dir),
            ("log_file", &self.log_file),
            ("local", &self.local),
            ("max_webhook_connections", &self.max_webhook_connections),
            ("log_verbosity_level", &self.log_verbosity_level),
            ("http_ip_address", &self.http_ip_address),
            ("http_stat_ip_address", &self.http_stat_ip_address),
            ("log_max_file_size", &self.log_max_file_size),
            ("filter", &self.filter),
            ("file_retention", &self.file_retention),
            ("http_idle_timeout", &self.http_idle_timeout),
            ("http_header_timeout", &self.http_header_timeout),
            ("http_body_timeout", &self.http_body_timeout),
            ("health_interval", &self.health_interval),
            ("console", &self.console),
            ("console_token", &self.console_token),
            ("durability", &self.durability),
            ("message_retention", &self.message_retention),
            ("database_url", &self.database_url),
            ("files", &self.files),
            ("testing", &self.testing),
            ("clock", &self.clock),
            ("flood_control", &self.flood_control),
            ("call_log_size", &self.call_log_size),
            ("seed", &self.seed),
        ];
        all.into_iter().filter_map(|(k, v)| v.clone().map(|v| (k, v))).collect()
    }
}

#[derive(Parser, Debug)]
#[command(name = "MSG_EXTRA_ARGS", no_binary_name = true, disable_help_flag = true, disable_version_flag = true)]
struct ExtraArgs {
    #[command(flatten)]
    flags: ServerFlags,
}

/// Splits `MSG_EXTRA_ARGS` like a shell (quotes keep spaces) and parses it with the same
/// grammar as the command line. Returns the words as given and the parsed flags.
pub fn parse_extra_args(text: &str) -> Result<(Vec<String>, ServerFlags), String> {
    let words = shlex::split(text).ok_or_else(|| "MSG_EXTRA_ARGS has an unterminated quote or escape".to_owned())?;
    let matches = ExtraArgs::command_for_update().try_get_matches_from(&words).map_err(|e| {
        let rendered = e.to_string();
        let first = rendered.lines().next().unwrap_or_default().trim_start_matches("error: ");
        format!("MSG_EXTRA_ARGS: {first}")
    })?;
    let parsed = ExtraArgs::from_arg_matches(&matches).map_err(|e| format!("MSG_EXTRA_ARGS: {e}"))?;
    Ok((words, parsed.flags))
}

use clap::CommandFactory;

impl ExtraArgs {
    fn command_for_update() -> clap::Command {
        <Self as CommandFactory>::command()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_args_accept_both_forms_aliases_and_quotes() {
        let (words, flags) =
            parse_extra_args("--max-webhook-connections=60 --verbosity 4 --dir '/srv/my bots' --local").unwrap();
        assert_eq!(words, ["--max-webhook-connections=60", "--verbosity", "4", "--dir", "/srv/my bots", "--local"]);
        assert_eq!(flags.max_webhook_connections.as_deref(), Some("60"));
        assert_eq!(flags.log_verbosity_level.as_deref(), Some("4"));
        assert_eq!(flags.dir.as_deref(), Some("/srv/my bots"));
        assert_eq!(flags.local.as_deref(), Some("true"));
        let (_, flags) = parse_extra_args("-v 2 --local=false").unwrap();
        assert_eq!(flags.log_verbosity_level.as_deref(), Some("2"));
        assert_eq!(flags.local.as_deref(), Some("false"));
    }

    #[test]
    fn extra_args_errors_name_the_variable_and_the_flag() {
        let e = parse_extra_args("--max-webhook-connection 5").unwrap_err();
        assert!(e.starts_with("MSG_EXTRA_ARGS: ") && e.contains("--max-webhook-connection"), "{e}");
        let e = parse_extra_args("--http-port").unwrap_err();
        assert!(e.contains("--http-port"), "{e}");
        assert!(parse_extra_args("--dir 'open").unwrap_err().contains("quote"));
    }
}
