//! Operator commands on the working directory: `bot create`, `bot list`, `bot revoke`. They work
//! whether or not a server is running on the same directory (SQLite arbitrates); a running server
//! sees a new bot on its first request and a revocation within seconds.

use anyhow::{Context, bail};
use msg_core::storage::now_unix;
use msg_core::{BotRecord, Change, Secret, StorageBackend, UserRecord};
use msg_storage::sqlite::SqliteStorage;
use rand::Rng;

const TOKEN_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/// A fresh 35-character URL-safe token secret, shaped like the public platform's (`AA...`).
pub fn new_secret() -> String {
    let mut rng = rand::rng();
    let tail: String = (0..33).map(|_| TOKEN_ALPHABET[rng.random_range(0..TOKEN_ALPHABET.len())] as char).collect();
    format!("AA{tail}")
}

/// The public platform's bot username rules: 5-32 of `[A-Za-z0-9_]`, a letter first, ending in `bot`.
pub fn check_username(name: &str) -> anyhow::Result<String> {
    let name = name.trim_start_matches('@');
    if !BotRecord::valid_username(name) {
        bail!(
            "invalid bot username `{name}`: use 5-32 letters, digits or underscores, starting with a letter and ending in `bot` (e.g. weather_bot)"
        );
    }
    Ok(name.to_owned())
}

pub async fn create(storage: &SqliteStorage, username: &str, name: Option<&str>) -> anyhow::Result<BotRecord> {
    let username = check_username(username)?;
    let existing = storage.list_bots().await?;
    if existing.iter().any(|b| b.username.eq_ignore_ascii_case(&username)) {
        bail!("a bot named @{username} already exists in this working directory; pick another username");
    }
    let id = storage.allocate_user_id().await.context("allocating a user id")?;
    let display = display_name(&username, name);
    let bot = BotRecord::new(id, Secret::new(new_secret()), username, display, now_unix());
    storage.save_bot(&bot).await?;
    Ok(bot)
}

/// A bot's display name: the one given, else its username without the `bot` suffix.
fn display_name(username: &str, name: Option<&str>) -> String {
    let display =
        name.map_or_else(|| username.trim_end_matches("_bot").trim_end_matches("bot").to_owned(), str::to_owned);
    if display.is_empty() { username.to_owned() } else { display }
}

/// The record of a bot declared in `[[bots]]`.
pub fn declared_bot(bot: &msg_config::DeclaredBot) -> BotRecord {
    let display = display_name(&bot.username, bot.name.as_deref());
    BotRecord::new(bot.token.bot_id(), Secret::new(bot.token.secret()), bot.username.clone(), display, now_unix())
}

/// Creates a person on the embedded platform; their token is `<id>:<secret>`.
pub async fn create_user(storage: &SqliteStorage, name: &str, username: Option<&str>) -> anyhow::Result<UserRecord> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 {
        bail!("a person's name must have 1 to 64 characters");
    }
    if let Some(u) = username {
        let valid = (5..=32).contains(&u.len()) && u.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid || u.to_ascii_lowercase().ends_with("bot") {
            bail!("invalid username `{u}`: 5-32 letters, digits or underscores, not ending in `bot`");
        }
    }
    let id = storage.allocate_user_id().await.context("allocating a user id")?;
    let mut user = UserRecord::new(id, Secret::new(new_secret()), name.to_owned(), now_unix());
    user.username = username.map(str::to_owned);
    storage.apply(vec![Change::PutUser(user.clone())]).await?;
    Ok(user)
}

/// Run as root on a working directory that belongs to another user (the server's), an admin
/// command must not leave root-owned files the server cannot write: the lock file, a new
/// `platform.sqlite`, a new bot's directory. They are given to the working directory's owner.
pub fn give_back(dir: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    if !rustix::process::geteuid().is_root() {
        return Ok(());
    }
    let owner = std::fs::metadata(dir)?;
    if owner.uid() == 0 {
        return Ok(());
    }
    fn walk(path: &std::path::Path, uid: u32, gid: u32, deep: bool) -> std::io::Result<()> {
        for entry in std::fs::read_dir(path)? {
            let entry = entry?;
            let meta = entry.metadata()?;
            let is_bot_dir = entry.file_name().to_str().is_some_and(|n| n.parse::<i64>().is_ok());
            if meta.uid() == 0 && (deep || meta.is_file() || is_bot_dir) {
                std::os::unix::fs::lchown(entry.path(), Some(uid), Some(gid))?;
            }
            if meta.is_dir() && (deep || is_bot_dir) {
                walk(&entry.path(), uid, gid, true)?;
            }
        }
        Ok(())
    }
    walk(dir, owner.uid(), owner.gid(), false)
}

/// The bot `who` names (an id or a username, with or without `@`).
async fn find(storage: &SqliteStorage, who: &str) -> anyhow::Result<BotRecord> {
    let who = who.trim_start_matches('@');
    let bots = storage.list_bots().await?;
    match bots.into_iter().find(|b| b.id.to_string() == who || b.username.eq_ignore_ascii_case(who)) {
        Some(bot) => Ok(bot),
        None => bail!("no bot `{who}` in this working directory; `msg-bot-api bot list` shows the bots there"),
    }
}

/// What `bot set` changes (`on`/`off`; `None` leaves a setting as it is).
#[derive(Debug, Default)]
pub struct BotSettings<'a> {
    pub privacy: Option<&'a str>,
    pub join_groups: Option<&'a str>,
    pub inline: Option<&'a str>,
    pub inline_feedback: Option<&'a str>,
    /// The inline placeholder; empty removes it.
    pub inline_placeholder: Option<&'a str>,
}

/// The settings `bot set` knows: (key, on by default).
const BOT_SETTINGS: [(&str, bool); 4] =
    [("privacy", true), ("join_groups", true), ("inline", false), ("inline_feedback", false)];

/// `bot set`: the operator's settings of a bot on the embedded platform, kept in the bot's own
/// storage as the value that differs from the default (`off` or `on`), absent otherwise.
/// Returns the bot and a summary.
pub async fn set(storage: &SqliteStorage, who: &str, changes: BotSettings<'_>) -> anyhow::Result<(BotRecord, String)> {
    let bot = find(storage, who).await?;
    let wanted = [changes.privacy, changes.join_groups, changes.inline, changes.inline_feedback];
    let mut batch = Vec::new();
    for ((key, default_on), value) in BOT_SETTINGS.iter().zip(wanted) {
        if let Some(value) = value {
            let on = value == "on";
            let stored = (on != *default_on).then(|| value.to_owned());
            batch.push(msg_core::Change::BotSetting { bot_id: bot.id, key: (*key).into(), value: stored });
        }
    }
    if let Some(text) = changes.inline_placeholder {
        let value = Some(text.to_owned()).filter(|t| !t.is_empty());
        batch.push(msg_core::Change::BotSetting { bot_id: bot.id, key: "inline_placeholder".into(), value });
    }
    storage.apply(batch).await?;
    let mut summary = Vec::new();
    for (key, default_on) in BOT_SETTINGS {
        let on = match storage.load_bot_setting(bot.id, key).await? {
            Some(v) => v == "on",
            None => default_on,
        };
        summary.push(format!("{} {}", key.replace('_', "-"), if on { "on" } else { "off" }));
    }
    Ok((bot, summary.join(", ")))
}

pub async fn revoke(storage: &SqliteStorage, who: &str) -> anyhow::Result<BotRecord> {
    let mut bot = find(storage, who).await?;
    bot.revoked = true;
    storage.save_bot(&bot).await?;
    Ok(bot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_and_usernames_follow_the_platform_shapes() {
        let s = new_secret();
        assert_eq!(s.len(), 35);
        assert!(msg_core::BotToken::parse(&format!("123:{s}")).is_ok());
        assert!(check_username("weather_bot").is_ok());
        assert!(check_username("@WeatherBot").is_ok());
        assert!(check_username("bot").is_err());
        assert!(check_username("1weather_bot").is_err());
        assert!(check_username("weather").is_err());
    }
}
