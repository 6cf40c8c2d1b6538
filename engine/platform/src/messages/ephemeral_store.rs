//! Where ephemeral messages are kept and who may send one (see `ephemeral.rs`): a leaf that
//! posting asks while a message is built, so the edits (`ephemeral.rs`) and posting share it
//! without a circle.

use msg_core::ApiError;
use msg_spec::types::{self, Message};

use crate::Platform;
use crate::internal;
use crate::kernel::stored;
use crate::kernel::world::{Actor, Conversation, Ephemeral, person};

fn bad(message: &str) -> ApiError {
    ApiError::bad_request(message)
}

/// Where the ephemeral messages to `receiver` in `conversation` are kept (their own ids).
pub(crate) fn key(conversation: Conversation, receiver: i64) -> String {
    format!("e{}:{}", conversation.key(), receiver)
}

/// Whether `actor` may send `ephemeral` into `conversation`: a bot, in a group or supergroup, to
/// a person present there. The receiver as a `User`.
pub(crate) async fn check(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    ephemeral: &Ephemeral,
) -> Result<types::User, ApiError> {
    if !matches!(actor, Actor::Bot(_)) {
        return Err(bad("ephemeral messages are sent by bots"));
    }
    let Conversation::Group(chat_id) = conversation else {
        return Err(bad("ephemeral messages can be sent only to group and supergroup chats"));
    };
    let kind = platform.chat_kind(chat_id).await?.unwrap_or_default();
    if kind == "channel" || platform.direct_chat(conversation).await?.is_some() {
        return Err(bad("ephemeral messages can be sent only to group and supergroup chats"));
    }
    let receiver = platform.user(ephemeral.receiver).await?.ok_or_else(|| bad("user not found"))?;
    if !platform.standing(chat_id, receiver.id).await?.present() {
        return Err(bad("USER_NOT_PARTICIPANT"));
    }
    Ok(person(&receiver))
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
