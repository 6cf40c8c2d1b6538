//! Where an edit goes and what the editor gets back, shared by the edit methods
//! (`editMessageText`, `editMessageCaption`, `editMessageMedia`, ...).

use msg_core::{ApiError, MethodCall, Reply};
use serde_json::{Value, json};

use crate::Platform;
use crate::kernel::methods::platform_bot;
use crate::kernel::world::{Access, Actor, Conversation};

/// Where an edit goes: a chat's message, or (chat_id and message_id both absent) an inline
/// message sent via this bot, named by `inline_message_id`; with a `business_connection_id`, a
/// message of the person's chat with `chat_id`, edited as the person (their business bot's
/// messages on their behalf, their own).
pub(crate) async fn edit_target(
    platform: &Platform,
    call: &MethodCall,
    chat_id: Option<&str>,
    message_id: Option<i64>,
) -> Result<(Actor, Conversation, i64), ApiError> {
    if let Some(business) = call.params.get("business_connection_id").filter(|b| !b.is_empty()) {
        let bot = platform_bot(platform, call).await?;
        let sending = platform.sending(bot, Some(business), chat_id.unwrap_or_default()).await?;
        let message_id = message_id.unwrap_or(0).max(0);
        if message_id == 0 || super::load_message(platform, sending.conversation, message_id).await?.is_none() {
            return Err(ApiError::bad_request("message to edit not found"));
        }
        return Ok((sending.actor, sending.conversation, message_id));
    }
    message_target(platform, call, chat_id, message_id, "message to edit", Access::Write).await
}

/// [`edit_target`] for any use of a message: `what` names it in the "not found" answer (the
/// reference's `message_type`: "message to set game score"), `access` is what the chat is
/// resolved for.
pub(crate) async fn message_target(
    platform: &Platform,
    call: &MethodCall,
    chat_id: Option<&str>,
    message_id: Option<i64>,
    what: &str,
    access: Access,
) -> Result<(Actor, Conversation, i64), ApiError> {
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let (chat_id, message_id) = (chat_id.unwrap_or_default(), message_id.unwrap_or(0).max(0));
    if chat_id.is_empty() && message_id == 0 {
        let inline = call.params.get("inline_message_id").unwrap_or_default();
        if inline.is_empty() {
            return Err(ApiError::bad_request("message identifier is not specified"));
        }
        // An inline message: one sent via this bot, its answer as a guest (Bot API 10.0), or one
        // it sent itself, whose presses it may get with an inline message id (Bot API 10.5).
        let invalid = || ApiError::bad_request("invalid inline message identifier specified");
        let (conversation, message_id) = Conversation::from_inline_id(inline).ok_or_else(invalid)?;
        // A message not sent via this bot answers as one that is not there: a forged id tells
        // nothing of other chats.
        let stored = super::load_message(platform, conversation, message_id).await?;
        let Some(stored) = stored else { return Err(ApiError::bad_request("MESSAGE_ID_INVALID")) };
        if stored.via_bot.as_ref().map(|b| b.id) == Some(actor.id()) {
            return Ok((actor, conversation, message_id));
        }
        if super::posting::sender_id(&stored) != Some(actor.id()) {
            return Err(ApiError::bad_request("MESSAGE_ID_INVALID"));
        }
        // The bot's own message (a guest's answer, or a press it got as an inline message):
        // the id is no key to a chat the bot may no longer use, so the chat is checked as if
        // named by its id.
        let chat = conversation.chat_id_for(actor.id()).to_string();
        if stored.guest_bot_caller_user.is_none()
            && platform.resolve_chat_for(&actor, &chat, access).await? != conversation
        {
            return Err(ApiError::bad_request("MESSAGE_ID_INVALID"));
        }
        return Ok((actor, conversation, message_id));
    }
    let conversation = platform.resolve_chat_for(&actor, chat_id, access).await?;
    if message_id == 0 || super::load_message(platform, conversation, message_id).await?.is_none() {
        return Err(ApiError::bad_request(format!("{what} not found")));
    }
    Ok((actor, conversation, message_id))
}

/// An edited message as the editor gets it back: without the message it replies to; `true`
/// for an inline message (edited by `inline_message_id`).
pub(crate) fn edited_for(call: &MethodCall, mut message: Value) -> Reply {
    if call.params.get("inline_message_id").is_some_and(|id| !id.is_empty())
        && call.params.get("chat_id").unwrap_or_default().is_empty()
    {
        return json!(true).into();
    }
    // Edited on a person's behalf: the message as the person's chat holds it, with the
    // connection it was edited through.
    if let Some(business) = call.params.get("business_connection_id").filter(|b| !b.is_empty()) {
        message["business_connection_id"] = business.into();
    }
    edited(message)
}

/// An edited message as the editor gets it back: without the message it replies to.
pub(crate) fn edited(mut message: Value) -> Reply {
    if let Some(fields) = message.as_object_mut() {
        fields.remove("reply_to_message");
    }
    message.into()
}
