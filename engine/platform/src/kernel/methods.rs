//! What every domain's Bot API methods share: reading a call's parameters the reference's way,
//! the bot a method acts for, and the plain `true` most setters answer. Each domain lists its
//! own methods (its `domain.rs`, `Domain::methods`); the crate root lists the domains.

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, MethodCall, Params, Reply};
use msg_spec::args::Decode;

use crate::Platform;

/// The call's parameters as `T`, a struct generated from the schema (`msg_spec::params`), read
/// the reference's way; the only failures are the ones the reference reports while reading.
pub(crate) fn args<'a, T: Decode<'a>>(params: &'a Params) -> Result<T, ApiError> {
    T::decode(&|name| params.get(name)).map_err(|e| ApiError::bad_request(e.0))
}

/// The bot a method acts for (authenticated by the server before the call).
pub(crate) async fn platform_bot(platform: &Platform, call: &MethodCall) -> Result<Arc<BotRecord>, ApiError> {
    // As the server found it a moment ago, from the same cache.
    if let Some(bot) = call.ctx.bot.as_ref().filter(|b| b.id == call.ctx.bot_id) {
        return Ok(bot.clone());
    }
    platform.bot(call.ctx.bot_id).await.map_err(crate::internal)?.ok_or_else(ApiError::unauthorized)
}

/// The answer of a method that succeeded with nothing to return: `true`.
pub(crate) fn done() -> Result<Reply, ApiError> {
    Ok(serde_json::Value::Bool(true).into())
}
