//! A bot's command lists as people's apps read them: the most specific scope, of the ones a chat
//! offers, that has a list (`people::commands` stores them, one bot setting per scope and
//! language: `commands:<canonical scope JSON>:<language>`).

use msg_core::ApiError;
use serde_json::{Value, json};

use crate::internal;
use crate::kernel::world::Platform;

/// The storage key of a canonical scope (its `type`, then `chat_id` and `user_id` when it has
/// them) and a language (empty: every language).
pub(crate) fn commands_key(scope: &Value, language: &str) -> String {
    format!("commands:{scope}:{language}")
}

impl Platform {
    /// Bot `bot_id`'s commands for a person whose language is `language`, from the first of
    /// `scopes` (the most specific first) that has a list, in their language or any.
    pub(crate) async fn bot_commands(&self, bot_id: i64, scopes: &[Value], language: &str) -> Result<Value, ApiError> {
        let languages = if language.is_empty() { vec![""] } else { vec![language, ""] };
        for scope in scopes {
            for language in &languages {
                let stored =
                    self.storage.load_bot_setting(bot_id, &commands_key(scope, language)).await.map_err(internal)?;
                if let Some(list) = stored.and_then(|s| serde_json::from_str::<Value>(&s).ok()) {
                    return Ok(list);
                }
            }
        }
        Ok(json!([]))
    }

    /// Bot `bot_id`'s commands as person `user_id` sees them in group `chat_id` (an administrator
    /// or not): the Bot API's group scopes, the most specific first.
    pub(crate) async fn group_commands(
        &self,
        bot_id: i64,
        chat_id: i64,
        user_id: i64,
        language: &str,
    ) -> Result<Value, ApiError> {
        let admin = self.standing(chat_id, user_id).await?.is_admin();
        let mut scopes = vec![json!({"type": "chat_member", "chat_id": chat_id, "user_id": user_id})];
        if admin {
            scopes.push(json!({"type": "chat_administrators", "chat_id": chat_id}));
        }
        scopes.push(json!({"type": "chat", "chat_id": chat_id}));
        if admin {
            scopes.push(json!({"type": "all_chat_administrators"}));
        }
        scopes.extend([json!({"type": "all_group_chats"}), json!({"type": "default"})]);
        self.bot_commands(bot_id, &scopes, language).await
    }
}
