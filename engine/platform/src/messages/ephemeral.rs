//! Ephemeral messages (Bot API 10.2-10.3): a bot's message in a group or supergroup that one
//! member alone sees. It has no place in the chat's history: it is kept in a conversation of
//! its own per receiver ([`key`]), whose ids are the receiver's `ephemeral_message_id`s, and its
//! `message_id` is 0. So no history page, search, forward, copy or reply by `message_id` of
//! the group can ever reach it, and only its receiver is told of it, its edits and its deletion.
//! Sent through every send method's `ephemeral_message_parameters` (`posting.rs` asks
//! [`check`] and [`deliver`]); changed with `editEphemeralMessage*`; removed with
//! `deleteEphemeralMessage`.

use std::sync::Arc;

use msg_core::{ApiError, Change, MessageRecord, MethodCall, NewUpdate, Reply};
use msg_spec::params;
use msg_spec::types::{self, Message};
use serde_json::{Value, json};

use crate::Platform;
use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::serial::{Entity, Held};
use crate::kernel::stored;
use crate::kernel::world::{Actor, Conversation, Ephemeral, MESSAGE_TTL, now, person};
use crate::messages::editing::inline_markup;
use crate::messages::posting::{message_for_person, not_modified, put_caption, set_markup};
use crate::messages::send::{formatted, json_value, link_preview, text_and_entities};

/// Where the ephemeral messages to `receiver` in `conversation` are kept (their own ids).
pub(crate) fn key(conversation: Conversation, receiver: i64) -> String {
    format!("e{}:{}", conversation.key(), receiver)
}

fn bad(message: &str) -> ApiError {
    ApiError::bad_request(message)
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

/// Stores `message` (an ephemeral message to `receiver`, its id `id`) and tells its receiver
/// alone, in `act`.
pub(crate) async fn deliver(
    platform: &Platform,
    act: &mut Act,
    conversation: Conversation,
    message: &mut Message,
    receiver: i64,
    kind: &str,
) -> Result<(), ApiError> {
    let id = message.ephemeral_message_id.unwrap_or(0);
    act.change(Change::PutMessage(MessageRecord {
        conversation: key(conversation, receiver),
        message_id: id,
        payload: stored::payload(message),
        date: message.date,
    }));
    let payload = message_for_person(platform, conversation, message, receiver).await?;
    let mailbox = platform.user_mailbox(receiver).await?;
    let chat_key = conversation.chat_id_for(receiver);
    act.tell_person(&mailbox, NewUpdate::new(kind, payload.to_string(), chat_key, now() + MESSAGE_TTL));
    Ok(())
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
/// message's chat and id (`chat_id` first), for the bot that calls.
async fn target(
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
    let preview = link_preview(p.link_preview_options, &call.params)?;
    let (text, entities) = text_and_entities(p.text.unwrap_or_default(), p.parse_mode, p.entities)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation) = target(&platform, &call, p.chat_id, p.receiver_user_id, p.ephemeral_message_id).await?;
    let (held, original) =
        own(&platform, &actor, conversation, p.receiver_user_id, p.ephemeral_message_id, "message to edit not found")
            .await?;
    if original.text.is_none() {
        return Err(bad("there is no text in the message to edit"));
    }
    crate::limits::check_text(&text)?;
    let mut edited = original.clone();
    edited.entities = stored::entity_list(crate::entities::with_found(&text, entities))?;
    edited.text = Some(text);
    edited.link_preview_options = preview.map(Box::new);
    set_markup(&mut edited, markup)?;
    publish(&platform, &held, conversation, p.receiver_user_id, &original, edited).await
}

pub(super) async fn edit_caption(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditEphemeralMessageCaption = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let given = json_value(p.caption_entities);
    let (caption, entities) = formatted(p.caption.unwrap_or_default(), p.parse_mode.unwrap_or_default(), given)?;
    let (actor, conversation) = target(&platform, &call, p.chat_id, p.receiver_user_id, p.ephemeral_message_id).await?;
    let (held, original) =
        own(&platform, &actor, conversation, p.receiver_user_id, p.ephemeral_message_id, "message to edit not found")
            .await?;
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
    let (actor, conversation) = target(&platform, &call, p.chat_id, p.receiver_user_id, p.ephemeral_message_id).await?;
    let (held, original) =
        own(&platform, &actor, conversation, p.receiver_user_id, p.ephemeral_message_id, "message to edit not found")
            .await?;
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

/// The chat, receiver and message `editEphemeralMessageMedia` names (for files' reader).
pub(crate) async fn media_target(
    platform: &Platform,
    call: &MethodCall,
    chat_id: &str,
    receiver: i64,
    id: i64,
) -> Result<(Actor, Conversation), ApiError> {
    target(platform, call, chat_id, receiver, id).await
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
