//! The bot's command list per scope and language: `setMyCommands`, `getMyCommands`,
//! `deleteMyCommands`. Kept in the bot's own directory.

use std::sync::Arc;

use msg_core::{ApiError, Change, MethodCall, Reply};
use serde_json::{Value, json};

use msg_spec::params;

use crate::Platform;
use crate::internal;
use crate::kernel::methods::{args, done, platform_bot};

/// The storage key of a scope and language: `commands:<canonical scope JSON>:<language>`.
fn key(scope: Option<&str>, language: Option<&str>) -> Result<String, ApiError> {
    let scope = match scope.map(serde_json::from_str::<Value>) {
        None => json!({"type": "default"}),
        Some(Ok(v)) if v.get("type").and_then(Value::as_str).is_some() => v,
        Some(_) => return Err(ApiError::bad_request("can't parse BotCommandScope JSON object")),
    };
    let kind = scope["type"].as_str().unwrap_or_default();
    let known = [
        "default",
        "all_private_chats",
        "all_group_chats",
        "all_chat_administrators",
        "chat",
        "chat_administrators",
        "chat_member",
    ];
    if !known.contains(&kind) {
        return Err(ApiError::bad_request("unsupported bot command scope type specified"));
    }
    let mut canonical = json!({"type": kind});
    for field in ["chat_id", "user_id"] {
        if let Some(v) = scope.get(field) {
            canonical[field] = v.clone();
        }
    }
    let language = language.unwrap_or_default();
    if !(language.is_empty() || (language.len() == 2 && language.chars().all(|c| c.is_ascii_lowercase()))) {
        return Err(ApiError::bad_request("invalid language code specified"));
    }
    Ok(crate::kernel::commands::commands_key(&canonical, language))
}

async fn store(platform: &Platform, bot_id: i64, key: String, value: Option<String>) -> Result<(), ApiError> {
    platform.storage.apply(vec![Change::BotSetting { bot_id, key, value }]).await.map_err(internal)
}

pub(crate) async fn set_my_commands(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::SetMyCommands = args(&call.params)?;
    // Without commands the list is cleared, as the reference reads an absent list as empty.
    let commands = match p.commands.filter(|c| !c.is_empty()).map(serde_json::from_str::<Value>) {
        None => Vec::new(),
        Some(Err(_)) => return Err(ApiError::bad_request("can't parse commands JSON object")),
        Some(Ok(Value::Array(list))) => list,
        Some(Ok(_)) => return Err(ApiError::bad_request("expected an Array of BotCommand")),
    };
    if commands.len() > 100 {
        return Err(ApiError::bad_request("too many commands specified"));
    }
    let mut clean = Vec::with_capacity(commands.len());
    for c in &commands {
        let command = c.get("command").and_then(Value::as_str).unwrap_or_default().trim_start_matches('/');
        let description = c.get("description").and_then(Value::as_str).unwrap_or_default();
        let valid = (1..=32).contains(&command.len())
            && command.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_');
        if !valid {
            return Err(ApiError::bad_request("BOT_COMMAND_INVALID"));
        }
        if !(1..=256).contains(&description.chars().count()) {
            return Err(ApiError::bad_request("BOT_COMMAND_DESCRIPTION_INVALID"));
        }
        // A command people send as an ephemeral message to the bot (Bot API 10.2).
        let mut kept = json!({"command": command, "description": description});
        if c.get("is_ephemeral").and_then(Value::as_bool) == Some(true) {
            kept["is_ephemeral"] = true.into();
        }
        clean.push(kept);
    }
    let key = key(p.scope, p.language_code)?;
    let value = (!clean.is_empty()).then(|| Value::Array(clean).to_string());
    store(&platform, bot.id, key, value).await?;
    done()
}

pub(crate) async fn get_my_commands(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::GetMyCommands = args(&call.params)?;
    let key = key(p.scope, p.language_code)?;
    let stored = platform.storage.load_bot_setting(bot.id, &key).await.map_err(internal)?;
    let list = stored.and_then(|v| serde_json::from_str(&v).ok());
    Ok(list.unwrap_or_else(|| json!([])).into())
}

pub(super) async fn delete_my_commands(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::DeleteMyCommands = args(&call.params)?;
    let key = key(p.scope, p.language_code)?;
    store(&platform, bot.id, key, None).await?;
    done()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(scope: Option<&str>, language: Option<&str>) -> String {
        key(scope, language).expect_err("must be refused").description.into_owned()
    }

    #[test]
    fn a_command_list_is_kept_under_its_canonical_scope_and_language() {
        assert_eq!(key(None, None).unwrap(), r#"commands:{"type":"default"}:"#);
        assert_eq!(key(Some(r#"{"type": "default"}"#), Some("")).unwrap(), key(None, None).unwrap());
        // Field order and fields of no meaning to the scope do not change the key.
        let scope = key(Some(r#"{"type": "chat_member", "chat_id": -5, "user_id": 7}"#), Some("en")).unwrap();
        let reordered = key(Some(r#"{"user_id": 7, "extra": true, "chat_id": -5, "type": "chat_member"}"#), Some("en"));
        assert_eq!(reordered.unwrap(), scope);
        assert!(scope.ends_with(":en") && scope.contains("-5") && !scope.contains("extra"));
        assert_ne!(scope, key(Some(r#"{"type": "chat_member", "chat_id": -5, "user_id": 8}"#), Some("en")).unwrap());
    }

    #[test]
    fn an_unknown_scope_or_language_code_is_refused() {
        for scope in ["nope", "{}", r#"{"type": 1}"#] {
            assert_eq!(refusal(Some(scope), None), "Bad Request: can't parse BotCommandScope JSON object");
        }
        assert_eq!(
            refusal(Some(r#"{"type": "everyone"}"#), None),
            "Bad Request: unsupported bot command scope type specified"
        );
        for language in ["EN", "eng", "e"] {
            assert_eq!(refusal(None, Some(language)), "Bad Request: invalid language code specified");
        }
    }
}
