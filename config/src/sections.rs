//! The config file's structured sections: `[[bots]]` (bots declared with their tokens, so CI
//! pipelines get stable tokens) and `[[plugins]]` (dynamic plugins with their settings), plus
//! `MSG_PLUGINS`. Each problem names the entry (`bots[1].token`) and the file.

use std::path::{Path, PathBuf};

use msg_core::{BotRecord, BotToken};
use serde_json::Value;

use crate::error::Problem;

/// A bot declared in the config file. Its token is authoritative: the server creates the bot,
/// or updates its secret, username and name, at every start.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct DeclaredBot {
    pub token: BotToken,
    pub username: String,
    /// Display name; defaults to the username.
    pub name: Option<String>,
    /// The operator's settings of the bot on the embedded platform, as `bot set` stores them
    /// (`privacy`/`join_groups` `off`, `inline`/`inline_feedback`/`join_request_queries`/`manage_bots`/`guest_queries`/`business` `on`,
    /// `inline_placeholder`;
    /// `None` back to the default), for the keys the entry gives.
    pub settings: Vec<(String, Option<String>)>,
}

/// A dynamic plugin to load at start.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct PluginSpec {
    /// The shared library (`.so`).
    pub path: PathBuf,
    /// The plugin's own settings (`[plugins.settings]`), `null` when absent.
    pub settings: Value,
    /// Where it was declared, for messages: `MSG_PLUGINS` or `plugins[0] in config file X`.
    pub source: String,
}

fn entries<'a>(section: &'a Value, name: &str, file: &Path, problems: &mut Vec<Problem>) -> &'a [Value] {
    match section {
        Value::Array(items) => items,
        _ => {
            problems.push(Problem::new(format!(
                "config file {}: `{name}` must be an array of tables, written [[{name}]]",
                file.display()
            )));
            &[]
        }
    }
}

fn text<'a>(entry: &'a Value, key: &str) -> Option<&'a str> {
    entry.get(key).and_then(Value::as_str)
}

/// The keys a `[[bots]]` entry may have.
const BOT_KEYS: [&str; 12] = [
    "token",
    "username",
    "name",
    "privacy",
    "can_join_groups",
    "inline",
    "inline_feedback",
    "join_request_queries",
    "manage_bots",
    "guest_queries",
    "business",
    "inline_placeholder",
];

/// Validates `[[bots]]` entries: `token` (required), `username` (required), `name` (optional),
/// and the operator's settings `privacy`, `can_join_groups`, `inline`, `inline_feedback`,
/// `join_request_queries`, `manage_bots`, `guest_queries`, `business` (booleans) and `inline_placeholder`
/// (optional).
pub(crate) fn bots(section: &Value, file: &Path, problems: &mut Vec<Problem>) -> Vec<DeclaredBot> {
    let mut out: Vec<DeclaredBot> = Vec::new();
    // Index of each declared id in `out`, and the usernames taken (lower case): thousands of
    // declared bots are checked in one pass.
    let mut by_id = std::collections::HashMap::new();
    let mut usernames = std::collections::HashSet::new();
    for (i, entry) in entries(section, "bots", file, problems).iter().enumerate() {
        let at = |key: &str| format!("`bots[{i}].{key}` in config file {}", file.display());
        if let Some(unknown) = entry.as_object().and_then(|o| o.keys().find(|k| !BOT_KEYS.contains(&k.as_str()))) {
            problems.push(Problem::new(format!(
                "{}: unknown key; a bot has token, username, name, privacy, can_join_groups, inline, inline_feedback, join_request_queries, manage_bots, guest_queries, business and inline_placeholder",
                at(unknown)
            )));
        }
        let mut settings = Vec::new();
        for (key, setting, default_on) in [
            ("privacy", "privacy", true),
            ("can_join_groups", "join_groups", true),
            ("inline", "inline", false),
            ("inline_feedback", "inline_feedback", false),
            ("join_request_queries", "join_request_queries", false),
            ("manage_bots", "manage_bots", false),
            ("guest_queries", "guest_queries", false),
            ("business", "business", false),
        ] {
            match entry.get(key) {
                None => {}
                Some(Value::Bool(on)) => {
                    let value = (*on != default_on).then(|| if *on { "on" } else { "off" }.to_owned());
                    settings.push((setting.to_owned(), value));
                }
                Some(_) => problems.push(Problem::new(format!("{} must be true or false", at(key)))),
            }
        }
        match entry.get("inline_placeholder") {
            None => {}
            Some(Value::String(text)) if text.chars().count() <= 64 => {
                settings.push(("inline_placeholder".to_owned(), Some(text.clone()).filter(|t| !t.is_empty())));
            }
            Some(_) => problems
                .push(Problem::new(format!("{} must be a text of at most 64 characters", at("inline_placeholder")))),
        }
        let token = match text(entry, "token").map(BotToken::parse) {
            Some(Ok(token)) => Some(token),
            Some(Err(_)) => {
                problems.push(Problem::new(format!(
                    "{} is not a bot token; write `<bot user id>:<secret>` as printed by `msg-bot-api bot create`",
                    at("token")
                )));
                None
            }
            None => {
                problems.push(Problem::new(format!("{} is missing; every declared bot needs its token", at("token"))));
                None
            }
        };
        let username = match text(entry, "username").map(|u| u.trim_start_matches('@')) {
            Some(u) if BotRecord::valid_username(u) => Some(u.to_owned()),
            Some(u) => {
                problems.push(Problem::new(format!(
                    "{}: `{u}` is not a bot username; use 5-32 letters, digits or underscores, starting with a letter and ending in `bot`",
                    at("username")
                )));
                None
            }
            None => {
                problems.push(Problem::new(format!("{} is missing, e.g. username = \"echo_bot\"", at("username"))));
                None
            }
        };
        let name = text(entry, "name").map(str::to_owned);
        if name.as_ref().is_some_and(|n| n.trim().is_empty() || n.chars().count() > 64) {
            problems.push(Problem::new(format!("{} must have 1 to 64 characters", at("name"))));
        }
        let (Some(token), Some(username)) = (token, username) else { continue };
        if let Some(&other) = by_id.get(&token.bot_id()) {
            let other: &DeclaredBot = &out[other];
            problems.push(Problem::new(format!(
                "{}: bot id {} is declared twice (also @{})",
                at("token"),
                token.bot_id(),
                other.username
            )));
            continue;
        }
        if !usernames.insert(username.to_ascii_lowercase()) {
            problems.push(Problem::new(format!("{}: @{username} is declared twice", at("username"))));
            continue;
        }
        by_id.insert(token.bot_id(), out.len());
        out.push(DeclaredBot { token, username, name, settings });
    }
    out
}

/// Plugins from `MSG_PLUGINS` (comma-separated paths) then `[[plugins]]` (`path`, `settings`).
pub(crate) fn plugins(
    env: Option<&str>,
    section: &Value,
    file: Option<&Path>,
    problems: &mut Vec<Problem>,
) -> Vec<PluginSpec> {
    let mut out = Vec::new();
    for path in env.unwrap_or_default().split(',').map(str::trim).filter(|p| !p.is_empty()) {
        out.push(PluginSpec { path: PathBuf::from(path), settings: Value::Null, source: "MSG_PLUGINS".into() });
    }
    let Some(file) = file else { return out };
    for (i, entry) in entries(section, "plugins", file, problems).iter().enumerate() {
        let source = format!("plugins[{i}] in config file {}", file.display());
        if let Some(unknown) =
            entry.as_object().and_then(|o| o.keys().find(|k| !["path", "settings"].contains(&k.as_str())))
        {
            problems
                .push(Problem::new(format!("`{unknown}` in {source}: unknown key; a plugin has path and settings")));
        }
        match text(entry, "path") {
            Some(path) if !path.trim().is_empty() => out.push(PluginSpec {
                // Relative to the config file, so a config and its plugins move together.
                path: file.parent().unwrap_or(Path::new("/")).join(path),
                settings: entry.get("settings").cloned().unwrap_or(Value::Null),
                source,
            }),
            _ => problems.push(Problem::new(format!(
                "`path` in {source} is missing; give the plugin's shared library, e.g. path = \"/usr/lib/msg-bot-api/libmy_plugin.so\""
            ))),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn declared_bots_are_checked_entry_by_entry() {
        let file = Path::new("/etc/m.toml");
        let mut problems = Vec::new();
        let section = json!([
            {"token": "123456:AAbcdefghijklmnopqrstuvwxyz01234567", "username": "echo_bot", "name": "Echo"},
            {"token": "nope", "username": "x"},
            {"token": "123456:AAbcdefghijklmnopqrstuvwxyz01234567", "username": "other_bot"},
        ]);
        let bots = bots(&section, file, &mut problems);
        assert_eq!(bots.len(), 1);
        assert_eq!((bots[0].token.bot_id(), bots[0].username.as_str()), (123456, "echo_bot"));
        let text: Vec<_> = problems.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert!(text[0].starts_with("`bots[1].token` in config file /etc/m.toml is not a bot token"), "{}", text[0]);
        assert!(!text[0].contains("nope"), "a bad token is never echoed");
        assert!(text[1].starts_with("`bots[1].username`"));
        assert!(text[2].contains("declared twice"));
    }

    #[test]
    fn plugins_come_from_the_environment_and_the_file() {
        let mut problems = Vec::new();
        let section = json!([{"path": "b.so", "settings": {"greeting": "hi"}}, {"settings": {}}]);
        let specs = plugins(Some("/p/a.so, "), &section, Some(Path::new("/c.toml")), &mut problems);
        assert_eq!(specs.len(), 2);
        assert_eq!((specs[0].source.as_str(), specs[0].settings.clone()), ("MSG_PLUGINS", Value::Null));
        assert_eq!(specs[1].settings["greeting"], "hi");
        assert_eq!(specs[1].path, Path::new("/b.so"), "relative to the config file's directory");
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.contains("plugins[1] in config file /c.toml"));
    }
}
