//! The people's side of people and bots: blocking a bot, letting it set one's emoji status,
//! profile photos.

use msg_core::ApiError;
use serde_json::{Value, json};

use crate::kernel::user::UserCall;

pub(crate) async fn block(c: UserCall, blocked: bool) -> Result<Value, ApiError> {
    let bot_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    super::block(&c.platform, &c.user, bot_id, blocked).await?;
    Ok(json!(true))
}

pub(super) async fn profile_photo(c: UserCall, add: bool) -> Result<Value, ApiError> {
    let photo = if add { Some(crate::files::uploaded_photo(&c.platform, &c.actor(), &c.params).await?) } else { None };
    super::set_profile_photo(&c.platform, &c.user, photo).await?;
    Ok(json!(true))
}

pub(super) async fn allow_emoji_status(c: UserCall) -> Result<Value, ApiError> {
    let bot_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    super::allow_emoji_status(&c.platform, &c.user, bot_id).await?;
    Ok(json!(true))
}
