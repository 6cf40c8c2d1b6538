//! The operator's side of the embedded platform: creating people and bots, reading their
//! tokens, the operator's bot switches (`bot set`), every chat (`listChats`), and the overview the browser console's
//! operator panel shows (`/console/api/<method>`; the server checks the operator's credential
//! before any of it runs). The rules for names, usernames and token secrets live here once, for
//! the console and the `bot create` / `user create` commands alike.

use msg_core::storage::now_unix;
use msg_core::{ApiError, BotRecord, Change, Params, Reply, Secret, StorageBackend, StorageError, UserRecord};
use serde_json::{Value, json};

use crate::internal;
use crate::kernel::rows::put_person;
use crate::kernel::world::{BotFlags, Platform, bot_json, user_json};

const TOKEN_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/// A fresh 35-character URL-safe token secret, shaped like the public platform's (`AA...`).
pub fn new_secret() -> String {
    format!("AA{}", msg_core::random::secret(33, TOKEN_ALPHABET))
}

/// A test payment provider's token, shaped as the public platform's test tokens are:
/// `<provider id>:TEST:<secret>`.
pub fn new_provider_token() -> String {
    let provider = msg_core::random::between(100_000_000, 999_999_999);
    format!("{provider}:TEST:{}", msg_core::random::secret(24, TOKEN_ALPHABET))
}

/// The public platform's bot username rules: 5-32 of `[A-Za-z0-9_]`, a letter first, ending in
/// `bot`. Returns the name without a leading `@`.
pub fn check_bot_username(name: &str) -> Result<String, String> {
    let name = name.trim().trim_start_matches('@');
    if !BotRecord::valid_username(name) {
        return Err(format!(
            "invalid bot username `{name}`: use 5-32 letters, digits or underscores, starting with a letter and ending in `bot` (e.g. weather_bot)"
        ));
    }
    Ok(name.to_owned())
}

/// A bot's display name: the one given, else its username without the `bot` suffix.
pub fn bot_display_name(username: &str, name: Option<&str>) -> String {
    let name = name.map(str::trim).filter(|n| !n.is_empty());
    let display =
        name.map_or_else(|| username.trim_end_matches("_bot").trim_end_matches("bot").to_owned(), str::to_owned);
    if display.is_empty() { username.to_owned() } else { display }
}

/// A person's name and optional username, checked; the trimmed name.
pub fn check_person(name: &str, username: Option<&str>) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 64 {
        return Err("a person's name must have 1 to 64 characters".into());
    }
    if let Some(u) = username {
        let valid = (5..=32).contains(&u.len()) && u.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid || u.to_ascii_lowercase().ends_with("bot") {
            return Err(format!("invalid username `{u}`: 5-32 letters, digits or underscores, not ending in `bot`"));
        }
    }
    Ok(name.to_owned())
}

/// The operator's bot switches (`bot set`): (setting key, on by default). A setting is stored
/// only while it differs from its default (`off` or `on`).
pub const BOT_SWITCHES: [(&str, bool); 13] = [
    ("privacy", true),
    ("join_groups", true),
    ("inline", false),
    ("inline_feedback", false),
    ("join_request_queries", false),
    ("manage_bots", false),
    ("guest_queries", false),
    ("business", false),
    ("inline_location", false),
    ("topics", false),
    ("user_topics", false),
    ("topic_sidebar", false),
    ("widgets_anywhere", false),
];

/// The stored value of switch `key` turned `on` (`None`: the default, nothing stored).
pub fn switch_value(key: &str, on: bool) -> Option<String> {
    let default_on = BOT_SWITCHES.iter().find(|(k, _)| *k == key).is_none_or(|(_, d)| *d);
    (on != default_on).then(|| if on { "on".to_owned() } else { "off".to_owned() })
}

/// Stores a new bot (its username already checked) with a fresh id and token, unless a bot has
/// its username (`None`). The one way bots are made, for the console and `bot create` alike.
pub async fn store_new_bot(
    storage: &dyn StorageBackend,
    username: &str,
    name: Option<&str>,
) -> Result<Option<BotRecord>, StorageError> {
    let existing = storage.list_bots().await?;
    if existing.iter().any(|b| b.username.eq_ignore_ascii_case(username)) {
        return Ok(None);
    }
    let id = storage.allocate_user_id().await?;
    let display = bot_display_name(username, name);
    let bot = BotRecord::new(id, Secret::new(new_secret()), username.to_owned(), display, now_unix());
    storage.save_bot(&bot).await?;
    Ok(Some(bot))
}

/// Stores a new person (name and username already checked) with a fresh id and token. The one
/// way people are made, for the console and `user create` alike.
pub async fn store_new_person(
    storage: &dyn StorageBackend,
    name: &str,
    username: Option<&str>,
) -> Result<UserRecord, StorageError> {
    let id = storage.allocate_user_id().await?;
    let mut user = UserRecord::new(id, Secret::new(new_secret()), name.to_owned(), now_unix());
    user.username = username.map(str::to_owned);
    storage.apply(vec![put_person(&user)]).await?;
    Ok(user)
}

fn flags_json(flags: BotFlags) -> Value {
    json!({
        "privacy": flags.privacy,
        "join_groups": flags.join_groups,
        "inline": flags.inline,
        "inline_feedback": flags.inline_feedback,
        "join_request_queries": flags.join_request_queries,
        "manage_bots": flags.manage_bots,
        "guest_queries": flags.guest_queries,
        "business": flags.business,
        "inline_location": flags.inline_location,
        "topics": flags.topics,
        "user_topics": flags.user_topics,
        "topic_sidebar": flags.topic_sidebar,
        "widgets_anywhere": flags.widgets_anywhere,
    })
}

fn created(user: Value, token: String) -> Value {
    json!({"user": user, "token": token})
}

/// One operator request (`/console/api/<method>`).
pub(crate) async fn operator_request(platform: &Platform, method: &str, params: Params) -> Result<Reply, ApiError> {
    let result = match method {
        "getOverview" => overview(platform).await?,
        "createPerson" => {
            let name = check_person(params.get("name").unwrap_or_default(), params.get("username"))
                .map_err(ApiError::bad_request)?;
            let user = new_person(platform, &name, params.get("username")).await?;
            let token = format!("{}:{}", user.id, user.secret.expose());
            created(user_json(&user), token)
        }
        "createBot" => {
            let username =
                check_bot_username(params.get("username").unwrap_or_default()).map_err(ApiError::bad_request)?;
            let bot = new_bot(platform, &username, params.get("name"), "from the console").await?;
            created(bot_json(&bot), bot.token())
        }
        "listChats" => all_groups(platform).await?,
        "getClock" => json!({"now": msg_core::clock::now_unix(), "manual": msg_core::clock::is_manual()}),
        "advanceClock" => {
            let seconds = params.get("seconds").and_then(|s| s.trim().parse::<i64>().ok());
            let seconds = seconds.ok_or_else(|| ApiError::bad_request("seconds must be a whole number of seconds"))?;
            let now = msg_core::clock::advance(seconds).map_err(ApiError::bad_request)?;
            json!({"now": now, "manual": true})
        }
        "getBotToken" => {
            let bot = platform.operator_bot(&params).await?;
            json!({"token": bot.token()})
        }
        "setBotFlags" => {
            let bot = platform.operator_bot(&params).await?;
            let mut changes = Vec::new();
            for (key, _) in BOT_SWITCHES {
                if params.get(key).is_some() {
                    let value = switch_value(key, params.boolean(key));
                    changes.push(Change::BotSetting { bot_id: bot.id, key: key.into(), value });
                }
            }
            platform.storage.apply(changes).await.map_err(internal)?;
            platform.forget_flags(bot.id);
            flags_json(platform.bot_flags(bot.id).await?)
        }
        // The domains' verbs (grantStars, a bot's games, …).
        _ => match crate::DOMAINS.iter().flat_map(|d| d.operator_verbs()).find(|v| v.name == method) {
            Some(verb) => (verb.run)(platform.self_arc(), params).await?,
            None => return Err(ApiError::method_not_found()),
        },
    };
    Ok(result.into())
}

/// Everyone on the platform: the people (with their tokens, for the console to act as
/// them) and the bots that are not revoked (with the operator's switches).
async fn overview(platform: &Platform) -> Result<Value, ApiError> {
    let mut people = platform.people().await?;
    people.sort_by_key(|u| u.id);
    let people: Vec<Value> =
        people.iter().map(|u| created(user_json(u), format!("{}:{}", u.id, u.secret.expose()))).collect();
    let mut bots = Vec::new();
    for bot in platform.storage.list_bots().await.map_err(internal)?.into_iter().filter(|b| !b.revoked) {
        let flags = platform.bot_flags(bot.id).await?;
        bots.push(json!({"user": bot_json(&bot), "flags": flags_json(flags)}));
    }
    Ok(json!({"people": people, "bots": bots}))
}

/// Every group, supergroup and channel, with its member count (the operator sees them all).
async fn all_groups(platform: &Platform) -> Result<Value, ApiError> {
    let mut ids = platform.all_chat_ids().await?;
    ids.sort_unstable();
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let conversation = crate::kernel::world::Conversation::Group(id);
        let chat = platform.chat_json(conversation, 0).await?;
        let members = platform.participants(conversation).await?.len();
        out.push(json!({"chat": chat, "member_count": members}));
    }
    Ok(Value::Array(out))
}

/// Creates a person (name and username already checked).
async fn new_person(platform: &Platform, name: &str, username: Option<&str>) -> Result<UserRecord, ApiError> {
    let user = store_new_person(platform.storage.as_ref(), name, username).await.map_err(internal)?;
    platform.remember_user(user.clone()).await?;
    Ok(user)
}

/// Creates a bot (username already checked) unless one has its username.
/// A new bot made on the running platform (`by` says how, for the log: "from the console").
pub(crate) async fn new_bot(
    platform: &Platform,
    username: &str,
    name: Option<&str>,
    by: &str,
) -> Result<BotRecord, ApiError> {
    // Two bots created at once never share a username.
    let _names = platform.locks.lock(crate::kernel::serial::Entity::BotNames).await;
    let bot = store_new_bot(platform.storage.as_ref(), username, name).await.map_err(internal)?.ok_or_else(|| {
        ApiError::bad_request(format!("a bot named @{username} already exists; pick another username"))
    })?;
    platform.announced.lock().expect("announced").insert(bot.id);
    tracing::info!("bot @{} ({}) created {by}", bot.username, bot.id);
    Ok(bot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_usernames_and_switches_follow_the_platform_shapes() {
        let s = new_secret();
        assert_eq!(s.len(), 35);
        assert!(msg_core::BotToken::parse(&format!("123:{s}")).is_ok());
        assert!(check_bot_username("weather_bot").is_ok());
        assert_eq!(check_bot_username("@WeatherBot").unwrap(), "WeatherBot");
        assert!(check_bot_username("bot").is_err());
        assert!(check_bot_username("1weather_bot").is_err());
        assert!(check_bot_username("weather").is_err());
        assert_eq!(bot_display_name("weather_bot", None), "weather");
        assert_eq!(bot_display_name("weather_bot", Some(" ")), "weather");
        assert!(check_person("", None).is_err());
        assert!(check_person("Alice", Some("alice_bot")).is_err());
        assert_eq!(check_person(" Alice ", Some("alice")).unwrap(), "Alice");
        assert_eq!(switch_value("privacy", false).as_deref(), Some("off"));
        assert_eq!(switch_value("privacy", true), None);
        assert_eq!(switch_value("inline", true).as_deref(), Some("on"));
        assert_eq!(switch_value("inline_feedback", false), None);
    }
}
