//! Ephemeral messages (Bot API 10.2-10.3): a bot's message in a group or supergroup that one
//! member alone sees. It has no place in the chat's history: it is kept in a conversation of
//! its own per receiver ([`key`]), whose ids are the receiver's `ephemeral_message_id`s, and its
//! `message_id` is 0. So no history page, search, forward, copy or reply by `message_id` of
//! the group can ever reach it, and only its receiver is told of it, its edits and its deletion.
//! Sent through every send method's `ephemeral_message_parameters` (`posting.rs` asks
//! `ephemeral_store.rs` who may and where it is kept, and tells its receiver); changed with
//! `editEphemeralMessage*`; removed with `deleteEphemeralMessage`.

use std::sync::Arc;

use msg_core::{ApiError, Change, MethodCall, NewUpdate, Reply};
use msg_spec::params;
use msg_spec::types::Message;
use serde_json::{Value, json};

use crate::Platform;
use crate::kernel::act::Act;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::serial::{Entity, Held};
use crate::kernel::stored;
use crate::kernel::world::{Actor, Conversation, MESSAGE_TTL, now};
use crate::messages::editing::inline_markup;
use crate::messages::ephemeral_store::{key, load};
use crate::messages::posting::{
    EditedText, deliver_ephemeral as deliver, not_modified, put_caption, put_edited_text, set_markup,
};
use crate::messages::send::{formatted, json_value, link_preview, text_and_entities};

fn bad(message: &str) -> ApiError {
    ApiError::bad_request(message)
}

/// Ephemeral message `id` to `receiver` in `conversation`, sent by `actor`, under its lock.
async fn own<'a>(
    platform: &'a Platform,
    actor: &Actor,
    conversation: Conversation,
    receiver: i64,
    id: i64,
    missing: &str,
) -> Result<(Held<'a>, Message), ApiError> {
    let held = platform.locks.lock(Entity::Message(key(conversation, receiver), id)).await;
    let message = load(platform, conversation, receiver, id).await?.ok_or_else(|| bad(missing))?;
    if message.from.as_ref().map(|f| f.id) != Some(actor.id()) {
        return Err(bad("message can't be edited"));
    }
    Ok((held, message))
}

/// The chat, receiver and ephemeral message a call names, read as the reference reads a
/// message's chat and id (`chat_id` first), for the bot that calls (files' reader of
/// `editEphemeralMessageMedia` asks it too).
pub(crate) async fn target(
    platform: &Platform,
    call: &MethodCall,
    chat_id: &str,
    receiver: i64,
    id: i64,
) -> Result<(Actor, Conversation), ApiError> {
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let conversation = platform.resolve_chat(&actor, chat_id).await?;
    if receiver <= 0 {
        return Err(bad("invalid receiver_user_id specified"));
    }
    if id <= 0 {
        return Err(bad("ephemeral message identifier is not specified"));
    }
    Ok((actor, conversation))
}

/// The ephemeral message an edit names, the calling bot's own, under its lock.
async fn editing<'a>(
    platform: &'a Platform,
    call: &MethodCall,
    chat_id: &str,
    receiver: i64,
    id: i64,
) -> Result<(Conversation, Held<'a>, Message), ApiError> {
    let (actor, conversation) = target(platform, call, chat_id, receiver, id).await?;
    let (held, original) = own(platform, &actor, conversation, receiver, id, "message to edit not found").await?;
    Ok((conversation, held, original))
}

/// Stores `edited` (ephemeral message of `original`) and tells its receiver (`edited_message`).
async fn publish(
    platform: &Platform,
    _held: &Held<'_>,
    conversation: Conversation,
    receiver: i64,
    original: &Message,
    mut edited: Message,
) -> Result<Reply, ApiError> {
    if stored::same_but_edit_date(original, &mut edited) {
        return Err(not_modified());
    }
    edited.edit_date = Some(now());
    let mut act = Act::new();
    deliver(platform, &mut act, conversation, &mut edited, receiver, "edited_message").await?;
    platform.commit(act).await?;
    done()
}

pub(super) async fn edit_text(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditEphemeralMessageText = args(&call.params)?;
    let rich = p.rich_message.filter(|r| !r.trim().is_empty());
    let preview = link_preview(p.link_preview_options, &call.params)?;
    let (text, entities) = match rich {
        Some(_) => (String::new(), None),
        None => text_and_entities(p.text.unwrap_or_default(), p.parse_mode, p.entities)?,
    };
    let markup = inline_markup(p.reply_markup)?;
    let (conversation, held, original) =
        editing(&platform, &call, p.chat_id, p.receiver_user_id, p.ephemeral_message_id).await?;
    // A text and a rich message each become the other (Bot API 10.3).
    if original.text.is_none() && original.rich_message.is_none() {
        return Err(bad("there is no text in the message to edit"));
    }
    let rich = match rich {
        Some(raw) => {
            let actor = Actor::Bot(platform_bot(&platform, &call).await?);
            Some(platform.read_rich(&actor, &call.params, raw, false).await?)
        }
        None => None,
    };
    let entities = crate::entities::with_found(&text, entities);
    let mut edited = original.clone();
    put_edited_text(&mut edited, EditedText { text, entities, preview: Some(preview), rich })?;
    set_markup(&mut edited, markup)?;
    publish(&platform, &held, conversation, p.receiver_user_id, &original, edited).await
}

pub(super) async fn edit_caption(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditEphemeralMessageCaption = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let given = json_value(p.caption_entities);
    let (caption, entities) = formatted(p.caption.unwrap_or_default(), p.parse_mode.unwrap_or_default(), given)?;
    let (conversation, held, original) =
        editing(&platform, &call, p.chat_id, p.receiver_user_id, p.ephemeral_message_id).await?;
    if original.text.is_some() {
        return Err(bad("there is no caption in the message to edit"));
    }
    let mut edited = original.clone();
    stored::clear_caption(&mut edited);
    put_caption(&mut edited, caption.clone(), crate::entities::with_found(&caption, entities))?;
    if p.show_caption_above_media && edited.caption.is_some() {
        edited.show_caption_above_media = Some(true);
    } else {
        edited.show_caption_above_media = None;
    }
    set_markup(&mut edited, markup)?;
    publish(&platform, &held, conversation, p.receiver_user_id, &original, edited).await
}

pub(super) async fn edit_reply_markup(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditEphemeralMessageReplyMarkup = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let (conversation, held, original) =
        editing(&platform, &call, p.chat_id, p.receiver_user_id, p.ephemeral_message_id).await?;
    let mut edited = original.clone();
    set_markup(&mut edited, markup)?;
    publish(&platform, &held, conversation, p.receiver_user_id, &original, edited).await
}

/// `editEphemeralMessageMedia`'s change, once files' reader has stored the new file (`body`,
/// with `caption` and `entities`): the message's file replaced, as `editMessageMedia` does.
pub(crate) async fn edit_media(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    receiver: i64,
    id: i64,
    content: crate::kernel::world::Content,
) -> Result<Reply, ApiError> {
    let (held, original) = own(platform, actor, conversation, receiver, id, "message to edit not found").await?;
    if !stored::has_file(&original) {
        return Err(bad("there is no media in the message to edit"));
    }
    let mut edited = original.clone();
    stored::replace_file(&mut edited, content.body);
    put_caption(&mut edited, content.text, content.entities)?;
    set_markup(&mut edited, content.reply_markup)?;
    publish(platform, &held, conversation, receiver, &original, edited).await
}

pub(super) async fn delete(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteEphemeralMessage = args(&call.params)?;
    let (actor, conversation) = target(&platform, &call, p.chat_id, p.receiver_user_id, p.ephemeral_message_id).await?;
    let (receiver, id) = (p.receiver_user_id, p.ephemeral_message_id);
    let (_held, _) = own(&platform, &actor, conversation, receiver, id, "message to delete not found").await?;
    let mut act = Act::with(vec![Change::DeleteMessage { conversation: key(conversation, receiver), message_id: id }]);
    let chat = platform.chat_json(conversation, receiver).await?;
    let payload = json!({"chat": chat, "message_ids": Value::Array(Vec::new()), "ephemeral_message_ids": [id]});
    let mailbox = platform.user_mailbox(receiver).await?;
    act.tell_person(&mailbox, NewUpdate::new("deleted_messages", payload.to_string(), 0, now() + MESSAGE_TTL));
    platform.commit(act).await?;
    done()
}
