//! Changing messages: `editMessageText`, `editMessageCaption`, `editMessageReplyMarkup`,
//! `editMessageLiveLocation`, `stopMessageLiveLocation`, `deleteMessage`, `deleteMessages`,
//! `setMessageReaction`, `sendMessageDraft` and the checklists, in the reference's check order
//! (what is read from the parameters first, then the chats, then the message). Moving them is
//! `forwarding.rs`'s; the small send methods are `bodies.rs`'s.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use serde_json::Value;

use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::Actor;
use crate::messages::bodies::location;
use crate::messages::posting::{EditedText, Keyboard};
use crate::messages::send::{formatted, json_value, link_preview, reply_markup, text_and_entities};
use crate::messages::target::{edit_target, edited_for};

/// Only inline keyboards belong to a message.
pub(crate) fn inline_markup(raw: Option<&str>) -> Result<Option<Value>, ApiError> {
    match reply_markup(raw)? {
        Some(markup) if markup.get("inline_keyboard").is_none() => Err(ApiError::bad_request("REPLY_MARKUP_INVALID")),
        other => Ok(other),
    }
}

pub(crate) async fn edit_message_text(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageText = args(&call.params)?;
    // A rich message in place of the text (Bot API 10.1), read by the domain that has them.
    let rich = p.rich_message.filter(|r| !r.trim().is_empty());
    if let Some(raw) = rich {
        let markup = inline_markup(p.reply_markup)?;
        let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
        let rich = platform.read_rich(&actor, &call.params, raw, false).await?;
        let text = EditedText { text: String::new(), entities: None, preview: None, rich: Some(rich) };
        let edited = super::edit_text(&platform, &actor, conversation, message_id, text, Keyboard::Replace(markup));
        return Ok(edited_for(&call, edited.await?));
    }
    // The new text comes with its own preview options (none given: none), as on the platform.
    let preview = link_preview(p.link_preview_options, &call.params)?;
    let (text, entities) = text_and_entities(p.text.unwrap_or_default(), p.parse_mode, p.entities)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    let entities = crate::entities::with_found(&text, entities);
    let text = EditedText { text, entities, preview: Some(preview), rich: None };
    Ok(edited_for(
        &call,
        super::edit_text(&platform, &actor, conversation, message_id, text, Keyboard::Replace(markup)).await?,
    ))
}

pub(super) async fn edit_message_caption(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageCaption = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let given = json_value(p.caption_entities);
    let (caption, entities) = formatted(p.caption.unwrap_or_default(), p.parse_mode.unwrap_or_default(), given)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    let entities = crate::entities::with_found(&caption, entities);
    Ok(edited_for(
        &call,
        super::edit_caption(&platform, &actor, conversation, message_id, caption, entities, markup).await?,
    ))
}

pub(super) async fn edit_message_reply_markup(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageReplyMarkup = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    Ok(edited_for(&call, super::edit_markup(&platform, &actor, conversation, message_id, markup).await?))
}

pub(crate) async fn delete_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteMessage = args(&call.params)?;
    if p.chat_id.is_empty() {
        return Err(ApiError::bad_request("chat identifier is not specified"));
    }
    if p.message_id <= 0 {
        return Err(ApiError::bad_request("message identifier is not specified"));
    }
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    super::delete(&platform, &actor, conversation, p.message_id).await?;
    done()
}

/// `message_ids` as the reference reads it (`get_message_ids`, at most 100).
pub(crate) fn message_ids(raw: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::bad_request("message identifiers are not specified"));
    }
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("can't parse message_ids JSON object"))?;
    let Value::Array(items) = value else {
        return Err(ApiError::bad_request("expected an Array of message identifiers"));
    };
    if items.len() > 100 {
        return Err(ApiError::bad_request("too many message identifiers specified"));
    }
    let mut ids = Vec::with_capacity(items.len());
    for item in items {
        let id = match item {
            Value::Number(n) => n.as_i64().filter(|n| i32::try_from(*n).is_ok()),
            Value::String(s) => s.parse::<i32>().ok().map(i64::from),
            _ => return Err(ApiError::bad_request("message identifier must be a Number")),
        };
        match id {
            None => return Err(ApiError::bad_request("can't parse message identifier as a Number")),
            Some(id) if id <= 0 => return Err(ApiError::bad_request("invalid message identifier specified")),
            Some(id) => ids.push(id),
        }
    }
    if ids.is_empty() {
        return Err(ApiError::bad_request("message identifiers are not specified"));
    }
    Ok(ids)
}

pub(super) async fn delete_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteMessages = args(&call.params)?;
    let ids = message_ids(p.message_ids)?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    // Missing messages are skipped; one that may not be deleted refuses the whole call.
    let mut found = Vec::new();
    for id in ids {
        if let Some(stored) = super::load_message(&platform, conversation, id).await? {
            super::may_delete(&platform, &actor, conversation, &stored).await?;
            found.push(id);
        }
    }
    for id in found {
        super::delete(&platform, &actor, conversation, id).await?;
    }
    done()
}

pub(super) async fn set_message_reaction(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetMessageReaction = args(&call.params)?;
    let reactions = crate::messages::reactions::reaction_types(p.reaction)?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    super::react(&platform, &actor, conversation, p.message_id, reactions).await?;
    done()
}

/// deleteMessageReaction: an administrator bot takes a person's reactions off a group message.
pub(super) async fn delete_message_reaction(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteMessageReaction = args(&call.params)?;
    remove_reactions_of(&platform, &call, p.chat_id, p.user_id, p.actor_chat_id, Some(p.message_id)).await
}

/// deleteAllMessageReactions: an administrator bot takes a person's recent reactions in a group
/// off every message.
pub(super) async fn delete_all_message_reactions(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteAllMessageReactions = args(&call.params)?;
    remove_reactions_of(&platform, &call, p.chat_id, p.user_id, p.actor_chat_id, None).await
}

/// The reference's reading of the reaction sender: `user_id` when given, else `actor_chat_id`
/// (chats never react on the embedded platform, so a known one has nothing to remove).
async fn remove_reactions_of(
    platform: &Platform,
    call: &MethodCall,
    chat_id: &str,
    user_id: Option<i64>,
    actor_chat_id: Option<i64>,
    message_id: Option<i64>,
) -> Result<Reply, ApiError> {
    let bot = platform_bot(platform, call).await?;
    let actor = Actor::Bot(bot.clone());
    let conversation = platform.resolve_chat(&actor, chat_id).await?;
    // The message first, then the sender, then the rights: the reference's order.
    if let Some(id) = message_id
        && super::load_message(platform, conversation, id).await?.is_none()
    {
        return Err(ApiError::bad_request("message to delete reactions not found"));
    }
    match user_id.filter(|_| call.params.get("user_id").is_some_and(|u| !u.is_empty())) {
        Some(user_id) => {
            super::reactions::remove_reactions(platform, &bot, conversation, user_id, message_id).await?;
        }
        None => {
            let chat = actor_chat_id.map(|id| id.to_string()).unwrap_or_default();
            platform.resolve_chat(&actor, &chat).await?;
        }
    }
    done()
}

pub(super) async fn edit_message_live_location(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageLiveLocation = args(&call.params)?;
    let place = location(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    Ok(edited_for(
        &call,
        super::edit_live_location(&platform, &actor, conversation, message_id, Some(place), markup).await?,
    ))
}

pub(super) async fn stop_message_live_location(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::StopMessageLiveLocation = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    Ok(edited_for(&call, super::edit_live_location(&platform, &actor, conversation, message_id, None, markup).await?))
}

/// sendMessageDraft: a partial message streamed to a person (they see it as `message_draft`).
pub(super) async fn send_message_draft(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendMessageDraft = args(&call.params)?;
    let (text, entities) =
        formatted(p.text.unwrap_or_default(), p.parse_mode.unwrap_or_default(), json_value(p.entities))?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    // The chat as given: the decoded Integer cannot tell an absent chat from chat 0.
    let conversation = platform.resolve_chat(&actor, call.params.get("chat_id").unwrap_or_default()).await?;
    let stop = super::DraftStop { can_stop: p.can_stop, keep_on_stop: p.keep_on_stop, thread: p.message_thread_id };
    let text = super::posting::DraftText::Plain(text, entities);
    super::draft(&platform, &actor, conversation, p.draft_id, text, stop).await?;
    done()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(raw: &str) -> String {
        message_ids(Some(raw)).expect_err("must be refused").description.into_owned()
    }

    #[test]
    fn message_ids_are_1_to_100_positive_32_bit_numbers() {
        assert_eq!(message_ids(Some(r#"[3, "4", 5]"#)).unwrap(), vec![3, 4, 5], "numbers given as strings too");
        assert_eq!(
            message_ids(None).expect_err("refused").description,
            "Bad Request: message identifiers are not specified"
        );
        assert_eq!(refusal("[]"), "Bad Request: message identifiers are not specified");
        assert_eq!(refusal("[1,"), "Bad Request: can't parse message_ids JSON object");
        assert_eq!(refusal("{}"), "Bad Request: expected an Array of message identifiers");
        let many = serde_json::to_string(&(1..=101).collect::<Vec<i64>>()).unwrap();
        assert_eq!(refusal(&many), "Bad Request: too many message identifiers specified");
        assert_eq!(refusal("[true]"), "Bad Request: message identifier must be a Number");
        assert_eq!(refusal("[4294967296]"), "Bad Request: can't parse message identifier as a Number");
        assert_eq!(refusal("[0]"), "Bad Request: invalid message identifier specified");
    }
}
