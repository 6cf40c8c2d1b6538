//! The people's side of messages: sending, editing, deleting, reacting, forwarding, and the
//! small sends (locations, venues, contacts, dice) through the Bot API's own readers.

use msg_core::{ApiError, Params};
use serde_json::{Value, json};

use crate::entities;
use crate::kernel::user::{UserCall, message_id};
use crate::kernel::world::Content;
use crate::messages::posting::{EditedText, Keyboard};
use crate::messages::send as messages;

pub(crate) async fn send_message(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let (text, entities) = typed_text(&c.params)?;
    // `reply_parameters` as the Bot API's (a quote, another chat, a poll's option), else the
    // older `reply_to_message_id`.
    let reply = messages::ReplyTo::read(c.params.get("reply_parameters"), &c.params)?;
    let thread = msg_spec::args::integer(c.params.get("message_thread_id")).filter(|t| *t > 0);
    let sender_chat = msg_spec::args::integer(c.params.get("sender_chat_id")).filter(|id| *id != 0);
    // A post suggested to a channel, in its direct messages (as the Bot API's parameter).
    let suggested = messages::suggested_post(c.params.get("suggested_post_parameters"))?;
    let mut content = Content { text, entities, thread, sender_chat, ..Content::default() };
    content.body.suggested_post_info = suggested.map(Box::new);
    // An ephemeral command to one bot, or a reply to its ephemeral message (Bot API 10.2).
    content.ephemeral = messages::ephemeral(c.params.get("ephemeral_message_parameters"))?;
    // A channel's administrator answers in a topic of its direct messages (or the replied one's).
    let topic = msg_spec::args::integer(c.params.get("direct_messages_topic_id")).filter(|t| *t != 0);
    content.body.direct_messages_topic =
        topic.map(|topic_id| Box::new(msg_spec::types::DirectMessagesTopic { topic_id, user: None }));
    reply.fill(&mut content);
    super::post(&c.platform, &c.actor(), conversation, content).await
}

pub(crate) async fn edit_message_text(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let (text, entities) = typed_text(&c.params)?;
    let text = EditedText { text, entities, preview: None, rich: None };
    super::edit_text(&c.platform, &c.actor(), conversation, message_id(&c.params)?, text, Keyboard::Keep).await
}

pub(crate) async fn delete_message(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::delete(&c.platform, &c.actor(), conversation, message_id(&c.params)?).await?;
    Ok(json!(true))
}

pub(super) async fn set_reaction(c: UserCall) -> Result<Value, ApiError> {
    let reactions = crate::messages::reactions::reaction_types(c.params.get("reaction"))?;
    let conversation = c.chat().await?;
    super::react(&c.platform, &c.actor(), conversation, message_id(&c.params)?, reactions).await?;
    Ok(json!(true))
}

/// A person's send of a message whose content `build` reads from the Bot API's parameters.
pub(crate) async fn send_fields(
    c: UserCall,
    build: fn(&Params) -> Result<msg_spec::types::Message, ApiError>,
) -> Result<Value, ApiError> {
    let body = build(&c.params)?;
    let conversation = c.chat().await?;
    let content = Content::of(body);
    super::post(&c.platform, &c.actor(), conversation, content).await
}

/// A contact; one's own (`user_id` naming the person, as apps share it for a `request_contact`
/// button) carries the person's `user_id`, so the bot knows whose number it is.
pub(crate) async fn send_contact(c: UserCall) -> Result<Value, ApiError> {
    let mut body = crate::messages::bodies::contact_message(&c.params)?;
    let own = msg_spec::args::integer(c.params.get("user_id")) == Some(c.user.id);
    if let Some(contact) = body.contact.as_mut().filter(|_| own) {
        contact.user_id = Some(c.user.id);
    }
    let conversation = c.chat().await?;
    super::post(&c.platform, &c.actor(), conversation, Content::of(body)).await
}

pub(crate) async fn forward_message(c: UserCall) -> Result<Value, ApiError> {
    let from = c.params.get("from_chat_id").unwrap_or_default();
    if from.is_empty() {
        return Err(ApiError::parameter_required("from_chat_id"));
    }
    let from = c.platform.resolve_chat(&c.actor(), from).await?;
    let to = c.chat().await?;
    super::forward(&c.platform, &c.actor(), from, message_id(&c.params)?, to, None, Content::default()).await
}

/// Text typed by a person: explicit entities or parse_mode, else computed (commands, mentions…).
fn typed_text(p: &Params) -> Result<(String, Option<Value>), ApiError> {
    let (text, entities) =
        messages::text_and_entities(p.get("text").unwrap_or_default(), p.get("parse_mode"), p.get("entities"))?;
    messages::non_blank(&text)?;
    let entities = entities.or_else(|| Some(Value::Array(entities::detect(&text))));
    Ok((text, entities))
}
