//! Methods about the bot itself: `getMe`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use serde_json::json;

use crate::Shared;

/// `getMe`: the bot as a `User`; `id` equals the token's prefix.
pub(crate) async fn get_me(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = shared
        .bot(call.ctx.bot_id)
        .await
        .map_err(|e| {
            tracing::error!("cannot load bot {}: {e}", call.ctx.bot_id);
            ApiError::internal("failed to load the bot")
        })?
        .ok_or_else(ApiError::unauthorized)?;
    Ok(json!({
        "id": bot.id,
        "is_bot": true,
        "first_name": bot.first_name,
        "username": bot.username,
        "can_join_groups": true,
        "can_read_all_group_messages": false,
        "supports_inline_queries": false,
        "can_connect_to_business": false,
        "has_main_web_app": false,
    })
    .into())
}
