//! Operator commands on the working directory: `bot create`, `bot list`, `bot revoke`. They work
//! whether or not a server is running on the same directory (SQLite arbitrates); a running server
//! sees a new bot on its first request and a revocation within seconds.

use anyhow::{Context, bail};
use msg_core::storage::now_unix;
use msg_core::{BotRecord, Secret, StorageBackend, UserRecord};

pub use msg_platform::operator::new_secret;
use msg_platform::operator::{
    BOT_SWITCHES, bot_display_name, check_bot_username, check_person, new_provider_token, store_new_bot,
    store_new_person, switch_value,
};
use msg_platform::payments::PAYMENT_PROVIDER;

/// The public platform's bot username rules (see `msg_platform::operator`).
pub fn check_username(name: &str) -> anyhow::Result<String> {
    check_bot_username(name).map_err(anyhow::Error::msg)
}

pub async fn create(storage: &dyn StorageBackend, username: &str, name: Option<&str>) -> anyhow::Result<BotRecord> {
    let username = check_username(username)?;
    match store_new_bot(storage, &username, name).await.context("storing the new bot")? {
        Some(bot) => Ok(bot),
        None => bail!("a bot named @{username} already exists in this working directory; pick another username"),
    }
}

/// The record of a bot declared in `[[bots]]`.
pub fn declared_bot(bot: &msg_config::DeclaredBot) -> BotRecord {
    let display = bot_display_name(&bot.username, bot.name.as_deref());
    BotRecord::new(bot.token.bot_id(), Secret::new(bot.token.secret()), bot.username.clone(), display, now_unix())
}

/// Creates a person on the embedded platform; their token is `<id>:<secret>`.
pub async fn create_user(
    storage: &dyn StorageBackend,
    name: &str,
    username: Option<&str>,
) -> anyhow::Result<UserRecord> {
    let name = check_person(name, username).map_err(anyhow::Error::msg)?;
    store_new_person(storage, &name, username).await.context("storing the new person")
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
async fn find(storage: &dyn StorageBackend, who: &str) -> anyhow::Result<BotRecord> {
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
    pub join_request_queries: Option<&'a str>,
    pub manage_bots: Option<&'a str>,
    pub guest_queries: Option<&'a str>,
    pub business: Option<&'a str>,
    pub widgets_anywhere: Option<&'a str>,
    /// The inline placeholder; empty removes it.
    pub inline_placeholder: Option<&'a str>,
    /// `test` gives the bot a test payment provider's token (kept if it has one), `none` takes
    /// it away.
    pub payment_provider: Option<&'a str>,
}

/// `bot set`: the operator's settings of a bot on the embedded platform, kept in the bot's own
/// storage as the value that differs from the default (`off` or `on`), absent otherwise.
/// Returns the bot and a summary.
pub async fn set(
    storage: &dyn StorageBackend,
    who: &str,
    changes: BotSettings<'_>,
) -> anyhow::Result<(BotRecord, String)> {
    let bot = find(storage, who).await?;
    let wanted = [
        changes.privacy,
        changes.join_groups,
        changes.inline,
        changes.inline_feedback,
        changes.join_request_queries,
        changes.manage_bots,
        changes.guest_queries,
        changes.business,
        // The bot's own settings since Bot API 10.5 (setMySettings); the operator's API sets them too.
        None,
        None,
        None,
        None,
        changes.widgets_anywhere,
    ];
    let mut batch = Vec::new();
    for ((key, _), value) in BOT_SWITCHES.iter().zip(wanted) {
        if let Some(value) = value {
            let stored = switch_value(key, value == "on");
            batch.push(msg_core::Change::BotSetting { bot_id: bot.id, key: (*key).into(), value: stored });
        }
    }
    if let Some(text) = changes.inline_placeholder {
        let value = Some(text.to_owned()).filter(|t| !t.is_empty());
        batch.push(msg_core::Change::BotSetting { bot_id: bot.id, key: "inline_placeholder".into(), value });
    }
    match changes.payment_provider {
        Some("test") if storage.load_bot_setting(bot.id, PAYMENT_PROVIDER).await?.is_none() => {
            let token = new_provider_token();
            batch.push(msg_core::Change::BotSetting {
                bot_id: bot.id,
                key: PAYMENT_PROVIDER.into(),
                value: Some(token),
            });
        }
        Some("none") => {
            batch.push(msg_core::Change::BotSetting { bot_id: bot.id, key: PAYMENT_PROVIDER.into(), value: None });
        }
        _ => {}
    }
    storage.apply(batch).await?;
    let mut summary = Vec::new();
    for (key, default_on) in BOT_SWITCHES {
        let on = match storage.load_bot_setting(bot.id, key).await? {
            Some(v) => v == "on",
            None => default_on,
        };
        summary.push(format!("{} {}", key.replace('_', "-"), if on { "on" } else { "off" }));
    }
    if let Some(token) = storage.load_bot_setting(bot.id, PAYMENT_PROVIDER).await? {
        summary.push(format!("payment provider token {token}"));
    }
    Ok((bot, summary.join(", ")))
}

/// `bot game`: lists a bot's games (no short name), removes one (`delete`), or registers or
/// changes one (title and description given; its photo into the content store).
#[allow(clippy::too_many_arguments)]
pub async fn game(
    settings: &msg_config::Settings,
    storage: &std::sync::Arc<dyn StorageBackend>,
    who: &str,
    short_name: Option<&str>,
    title: &Option<String>,
    description: &Option<String>,
    photo: &Option<std::path::PathBuf>,
    delete: bool,
) -> anyhow::Result<()> {
    use msg_platform::games::{NewGame, games, register_game, remove_game};
    let bot = find(storage.as_ref(), who).await?;
    let api = |e: msg_core::ApiError| anyhow::anyhow!(e.description);
    let Some(short_name) = short_name else {
        let listed = games(storage.as_ref(), bot.id).await.map_err(api)?;
        if listed.is_empty() {
            println!(
                "@{} has no games; `msg-bot-api bot game {} <short_name> --title T --description D` registers one",
                bot.username, bot.username
            );
        }
        for game in listed {
            println!("{:<24} {:<32} {}", game.short_name, game.title, game.description);
        }
        return Ok(());
    };
    if delete {
        if !remove_game(storage.as_ref(), bot.id, short_name).await.map_err(api)? {
            bail!("@{} has no game `{short_name}`", bot.username);
        }
        println!("@{} (id {}): game {short_name} removed", bot.username, bot.id);
        return Ok(());
    }
    let (Some(title), Some(description)) = (title, description) else {
        bail!(
            "registering a game needs --title and --description (and optionally --photo); without them give no short name to list the games"
        );
    };
    // With an object store, the game's photo goes there too, as the server's files do.
    let remote = settings.files.as_deref().map(msg_platform::kernel::file_store::remote::Remote::open);
    let remote = remote.transpose().map_err(|e| anyhow::anyhow!("MSG_FILES (--files): {e}"))?.map(std::sync::Arc::new);
    let files =
        msg_platform::files::FileStore::new(settings.dir.clone(), storage.clone(), false, Default::default(), remote);
    let game = NewGame { short_name, title, description, photo: photo.as_deref() };
    let registered = register_game(&files, storage.as_ref(), bot.id, game).await.map_err(|e| anyhow::anyhow!(e))?;
    println!("@{} (id {}): game {} registered ({})", bot.username, bot.id, registered.short_name, registered.title);
    Ok(())
}

/// `user stars`: a person's Stars, after granting `grant` more when given. A grant writes the
/// storage directly, so it is refused while a server runs on the directory (its payments would
/// race the grant): such a server's operator grants through the console.
pub async fn stars(
    settings: &msg_config::Settings,
    storage: &dyn StorageBackend,
    user_id: i64,
    grant: Option<i64>,
) -> anyhow::Result<i64> {
    let api = |e: msg_core::ApiError| anyhow::anyhow!(e.description.trim_start_matches("Bad Request: ").to_owned());
    msg_platform::upgrade_database(storage).await.map_err(api)?;
    if !msg_platform::person_exists(storage, user_id).await.map_err(api)? {
        bail!("no person {user_id} here; `msg-bot-api user create` makes one");
    }
    let Some(amount) = grant else {
        return msg_platform::payments::stars_of(storage, user_id).await.map_err(api);
    };
    let _lock = match crate::preflight::try_lock(&settings.dir)? {
        crate::preflight::LockAttempt::Taken(lock) => lock,
        crate::preflight::LockAttempt::Held { holder } => bail!(
            "a server runs on {}{holder}: grant Stars through it (the console's People and bots panel, or POST /console/api/grantStars)",
            settings.dir.display()
        ),
    };
    msg_platform::payments::grant_stars_stored(storage, user_id, amount).await.map_err(api)
}

pub async fn revoke(storage: &dyn StorageBackend, who: &str) -> anyhow::Result<BotRecord> {
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
