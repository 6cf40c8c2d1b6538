//! Personal chats (Bot API 10.0): a person shows one of their channels on their profile (the
//! user-side `setPersonalChat`); a bot reads its last messages with
//! `getUserPersonalChatMessages` (the reference's checks and clamps: `limit` 1-20, newest first,
//! as TDLib's history gives them), and sees the channel as `personal_chat` in the person's
//! `getChat`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use serde_json::Value;

use crate::kernel::methods::{args, platform_bot};
use crate::kernel::standing::PersonDetails;
use crate::kernel::world::{Conversation, Platform};

/// The most messages one call returns.
const MOST: i64 = 20;

/// `getUserPersonalChatMessages`.
pub(super) async fn personal_chat_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::GetUserPersonalChatMessages = args(&call.params)?;
    // The reference reads `limit` leniently and clamps it (0 when absent), then checks the user,
    // then TDLib refuses a limit that is not positive.
    let limit = p.limit.clamp(0, MOST);
    if platform.participant(p.user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    if limit <= 0 {
        return Err(ApiError::bad_request("Limit must be positive"));
    }
    // A bot has no personal chat; nor has a person who shows none.
    let user = platform.user(p.user_id).await?;
    let Some(channel) = user.and_then(|u| PersonDetails::parse(&u.details).personal_chat) else {
        return Ok(Value::Array(Vec::new()).into());
    };
    let conversation = Conversation::Group(channel);
    let rows = platform
        .storage
        .load_messages(&conversation.key(), 0, i64::MAX, limit as usize)
        .await
        .map_err(crate::internal)?;
    let mut out = Vec::with_capacity(rows.len());
    for (_, payload) in rows {
        let Some(mut message) = crate::kernel::stored::parse(&payload) else { continue };
        let mut value = super::message_for(&platform, conversation, &mut message, bot.id).await?;
        platform.files.adopt(&mut value, bot.id, true).await?;
        out.push(value);
    }
    Ok(Value::Array(out).into())
}
