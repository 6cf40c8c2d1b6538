//! Where ephemeral messages are kept and who may send one (see `ephemeral.rs`): a leaf that
//! posting asks while a message is built, so the edits (`ephemeral.rs`) and posting share it
//! without a circle.

use msg_core::ApiError;
use msg_spec::types::{self, Message};

use crate::Platform;
use crate::internal;
use crate::kernel::stored;
use crate::kernel::world::{Actor, Conversation, Ephemeral, bot_user, person};

fn bad(message: &str) -> ApiError {
    ApiError::bad_request(message)
}

/// Where the ephemeral messages to `receiver` in `conversation` are kept (their own ids).
pub(crate) fn key(conversation: Conversation, receiver: i64) -> String {
    format!("e{}:{}", conversation.key(), receiver)
}

/// Whether `actor` may send `ephemeral` into `conversation`, a group or supergroup: a bot to a
/// person present there; a person to a bot present there, only an ephemeral command of that bot
/// (`BotCommand.is_ephemeral`, as the person sees its commands there) or a reply to one of its
/// ephemeral messages (`replies`), as TDLib's `sendEphemeralMessage` allows. The receiver.
pub(crate) async fn check(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    ephemeral: &Ephemeral,
    text: &str,
    replies: bool,
) -> Result<types::User, ApiError> {
    let Conversation::Group(chat_id) = conversation else {
        return Err(bad("ephemeral messages can be sent only to group and supergroup chats"));
    };
    let kind = platform.chat_kind(chat_id).await?.unwrap_or_default();
    if kind == "channel" || platform.direct_chat(conversation).await?.is_some() {
        return Err(bad("ephemeral messages can be sent only to group and supergroup chats"));
    }
    let receiver = match actor {
        Actor::Bot(_) => person(&platform.user(ephemeral.receiver).await?.ok_or_else(|| bad("user not found"))?),
        Actor::User(user) => {
            let bot = platform.bot_record(ephemeral.receiver).await?.ok_or_else(|| bad("bot not found"))?;
            if !replies && !is_ephemeral_command(platform, &bot, chat_id, user, text).await? {
                return Err(bad("only ephemeral bot commands and replies to ephemeral messages can be sent to a bot"));
            }
            bot_user(&bot)
        }
    };
    if !platform.standing(chat_id, receiver.id).await?.present() {
        return Err(bad("USER_NOT_PARTICIPANT"));
    }
    Ok(receiver)
}

/// Whether `text` (a person's message) is one of `bot`'s commands that it marked ephemeral for
/// that person in group `chat_id` (`/command`, or `/command@its_username`).
async fn is_ephemeral_command(
    platform: &Platform,
    bot: &msg_core::BotRecord,
    chat_id: i64,
    user: &msg_core::UserRecord,
    text: &str,
) -> Result<bool, ApiError> {
    let Some(word) = text.split_whitespace().next().and_then(|w| w.strip_prefix('/')) else { return Ok(false) };
    let (command, to) = word.split_once('@').map_or((word, None), |(c, to)| (c, Some(to)));
    if to.is_some_and(|to| !to.eq_ignore_ascii_case(&bot.username)) {
        return Ok(false);
    }
    let language = user.language_code.clone().unwrap_or_default();
    let commands = platform.group_commands(bot.id, chat_id, user.id, &language).await?;
    Ok(commands.as_array().into_iter().flatten().any(|c| c["command"] == command && c["is_ephemeral"] == true))
}

/// Ephemeral message `id` to `receiver` in `conversation`, if there is one.
pub(crate) async fn load(
    platform: &Platform,
    conversation: Conversation,
    receiver: i64,
    id: i64,
) -> Result<Option<Message>, ApiError> {
    let stored = platform.storage.load_message(&key(conversation, receiver), id).await.map_err(internal)?;
    Ok(stored.and_then(|s| stored::parse(&s)))
}
