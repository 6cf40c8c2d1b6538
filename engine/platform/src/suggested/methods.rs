//! `approveSuggestedPost` and `declineSuggestedPost`, read as the reference reads them
//! (`chat_id`, `message_id`, then `send_date` or `comment`), then its `check_message` (the chat
//! for writing: `chat not found` and the access errors; `suggested post not found`), then
//! TDLib's `process_suggested_post` (`Message can't be used in the method`: not a pending
//! suggestion of the topic's person, or without the right).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use serde_json::Value;

use crate::Platform;
use crate::kernel::direct::DirectChat;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::user::UserCall;
use crate::kernel::world::Actor;

/// The direct-messages chat and suggestion a call names, checked as the reference's
/// `check_message` checks them.
async fn suggestion(
    platform: &Platform,
    actor: &Actor,
    chat_id: &str,
    message_id: i64,
) -> Result<DirectChat, ApiError> {
    let conversation = platform.resolve_chat(actor, chat_id).await?;
    let not_found = || ApiError::bad_request("suggested post not found");
    if message_id <= 0 {
        return Err(not_found());
    }
    if crate::messages::load_message_seen(platform, conversation, message_id, actor.id()).await?.is_none() {
        return Err(not_found());
    }
    match platform.direct_chat(conversation).await? {
        Some(direct) => Ok(direct),
        None => Err(ApiError::bad_request("Message can't be used in the method")),
    }
}

pub(super) async fn approve_suggested_post(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ApproveSuggestedPost = args(&call.params)?;
    let (actor, direct) = bot_decides(&platform, &call, p.message_id).await?;
    super::approve(&platform, &actor, &direct, p.message_id, p.send_date.unwrap_or(0)).await?;
    done()
}

pub(super) async fn decline_suggested_post(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeclineSuggestedPost = args(&call.params)?;
    let (actor, direct) = bot_decides(&platform, &call, p.message_id).await?;
    super::decline(&platform, &actor, &direct, p.message_id, p.comment.unwrap_or_default()).await?;
    done()
}

/// The bot deciding, and the direct-messages chat of the suggestion its call names.
async fn bot_decides(platform: &Platform, call: &MethodCall, message_id: i64) -> Result<(Actor, DirectChat), ApiError> {
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let chat_id = call.params.get("chat_id").unwrap_or_default();
    let direct = suggestion(platform, &actor, chat_id, message_id).await?;
    Ok((actor, direct))
}

/// User-side `approveSuggestedPost` / `declineSuggestedPost`: a channel's administrator decides
/// as its bot does, with the same parameters and errors.
pub(super) async fn person_decides(c: UserCall, approving: bool) -> Result<Value, ApiError> {
    let actor = c.actor();
    let chat_id = c.params.get("chat_id").unwrap_or_default();
    let message_id = msg_spec::args::integer(c.params.get("message_id")).unwrap_or(0);
    let direct = suggestion(&c.platform, &actor, chat_id, message_id).await?;
    if approving {
        let send_date = msg_spec::args::integer(c.params.get("send_date")).unwrap_or(0);
        super::approve(&c.platform, &actor, &direct, message_id, send_date).await?;
    } else {
        let comment = c.params.get("comment").unwrap_or_default();
        super::decline(&c.platform, &actor, &direct, message_id, comment).await?;
    }
    Ok(Value::Bool(true))
}
