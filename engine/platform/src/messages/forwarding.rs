//! Moving messages: `forwardMessage`, `forwardMessages`, `copyMessage`, `copyMessages`, in the
//! reference's check order; several at once are one act (all or none).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params::{self, SendArgs};
use msg_spec::types;
use serde_json::Value;

use crate::Platform;
use crate::kernel::act::Act;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::world::{Actor, Conversation};
use crate::messages::editing::message_ids;
use crate::messages::send::{SendOptions, formatted, json_value};

/// `from_chat_id`, required, and the source chat as the bot sees it.
async fn source(platform: &Platform, actor: &Actor, from: &str) -> Result<Conversation, ApiError> {
    if from.is_empty() {
        return Err(ApiError::parameter_required("from_chat_id"));
    }
    platform.resolve_chat(actor, from).await
}

/// forwardMessage / copyMessage (`copy`: a copy, with its caption as given), in the reference's
/// order: the source chat, the message id, the caption, the send options, then the message.
async fn move_one(
    platform: Arc<Platform>,
    call: &MethodCall,
    args: &dyn SendArgs<'_>,
    one: MoveOne<'_>,
    copy: Option<CopyCaption<'_>>,
) -> Result<Reply, ApiError> {
    let actor = Actor::Bot(platform_bot(&platform, call).await?);
    let from = source(&platform, &actor, one.from_chat_id).await?;
    let message_id = one.message_id.max(0);
    let copying = copy.is_some();
    let what = if copying { "message to copy" } else { "message to forward" };
    let caption = match copy {
        None => None,
        Some(CopyCaption { caption: None, .. }) => Some(None),
        Some(CopyCaption { caption: Some(text), parse_mode, entities }) => {
            Some(Some(formatted(text, parse_mode.unwrap_or_default(), json_value(entities))?))
        }
    };
    let options = SendOptions::read(args, &call.params)?;
    options.without_business()?;
    if message_id == 0 || super::load_message_seen(&platform, from, message_id, actor.id()).await?.is_none() {
        return Err(ApiError::bad_request(format!("{what} not found")));
    }
    let to = platform.resolve_chat(&actor, one.chat_id).await?;
    let content = options.content(String::new(), None, types::Message::default());
    let sent = super::forward(&platform, &actor, from, message_id, to, caption, content).await?;
    Ok(if copying { message_id_of(&sent) } else { sent }.into())
}

pub(crate) async fn forward_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ForwardMessage = args(&call.params)?;
    let one = MoveOne { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_id: p.message_id };
    move_one(platform, &call, &p, one, None).await
}

pub(crate) async fn copy_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CopyMessage = args(&call.params)?;
    let one = MoveOne { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_id: p.message_id };
    let caption = CopyCaption { caption: p.caption, parse_mode: p.parse_mode, entities: p.caption_entities };
    move_one(platform, &call, &p, one, Some(caption)).await
}

/// The `MessageId` of a message just sent.
fn message_id_of(sent: &Value) -> Value {
    crate::kernel::world::typed(&types::MessageId { message_id: sent["message_id"].as_i64().unwrap_or_default() })
}

/// forwardMessages / copyMessages (`copy`: with or without captions): the messages found, in
/// order; the ids of the new ones.
async fn move_many(
    platform: Arc<Platform>,
    call: &MethodCall,
    args: &dyn SendArgs<'_>,
    many: MoveMany<'_>,
    copy: Option<bool>,
) -> Result<Reply, ApiError> {
    let actor = Actor::Bot(platform_bot(&platform, call).await?);
    if many.from_chat_id.is_empty() {
        return Err(ApiError::parameter_required("from_chat_id"));
    }
    let ids = message_ids(many.message_ids)?;
    let to = platform.resolve_chat(&actor, many.chat_id).await?;
    let from = source(&platform, &actor, many.from_chat_id).await?;
    let caption = match copy {
        None => None,
        Some(true) => Some(Some((String::new(), None))),
        Some(false) => Some(None),
    };
    // All or nothing, as documented: what cannot be moved (gone, protected, a service message)
    // is skipped, and everything else is checked against the chat it goes to before the first
    // message is posted, so a refusal never follows a partial delivery a retry would repeat.
    let mut contents = Vec::new();
    for id in ids {
        let body = match super::moved(&platform, from, id, caption.clone(), actor.id()).await {
            Ok(body) => body,
            Err(refused) if refused.code == 400 => continue,
            Err(failed) => return Err(failed),
        };
        let options = SendOptions::read(args, &call.params)?;
        options.without_business()?;
        let content = options.content(String::new(), None, body);
        super::may_post(&platform, &actor, to, &content).await?;
        contents.push(content);
    }
    if contents.is_empty() {
        return Err(ApiError::bad_request("there are no messages to forward"));
    }
    // Albums stay together: the messages of one album form a new album. The messages are one
    // act: all of them are stored and delivered, or none.
    let mut albums = std::collections::HashMap::new();
    let mut sent = Vec::new();
    let mut act = Act::new();
    for mut content in contents {
        if let Some(album) = content.body.media_group_id.take() {
            let group = albums.entry(album).or_insert_with(|| (msg_core::random::next_u64() >> 1).to_string());
            content.body.media_group_id = Some(group.clone());
        }
        let message = super::post_in(&platform, &mut act, &actor, to, content).await?;
        sent.push(crate::kernel::world::typed(&types::MessageId { message_id: message.message_id }));
    }
    platform.commit(act).await?;
    Ok(Value::Array(sent).into())
}

pub(super) async fn forward_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ForwardMessages = args(&call.params)?;
    let many = MoveMany { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_ids: p.message_ids };
    move_many(platform, &call, &p, many, None).await
}

pub(super) async fn copy_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CopyMessages = args(&call.params)?;
    let many = MoveMany { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_ids: p.message_ids };
    move_many(platform, &call, &p, many, Some(p.remove_caption)).await
}

/// What forwardMessage and copyMessage share: where from and to, which message.
struct MoveOne<'a> {
    chat_id: &'a str,
    from_chat_id: &'a str,
    message_id: i64,
}

/// A copy's caption as given: `caption` replaces the original's when given at all.
struct CopyCaption<'a> {
    caption: Option<&'a str>,
    parse_mode: Option<&'a str>,
    entities: Option<&'a str>,
}

/// What forwardMessages and copyMessages share.
struct MoveMany<'a> {
    chat_id: &'a str,
    from_chat_id: &'a str,
    message_ids: Option<&'a str>,
}
