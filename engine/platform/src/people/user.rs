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

/// `setPersonalChat`: the channel the person shows on their profile (Bot API 10.0), one they
/// own; `chat_id` 0 (or none) takes it off.
pub(super) async fn set_personal_chat(c: UserCall) -> Result<Value, ApiError> {
    let chat_id = c.params.get("chat_id").unwrap_or_default();
    let channel = match msg_spec::args::to_integer(chat_id) {
        0 => None,
        _ => {
            let conversation = c.chat().await?;
            let crate::kernel::world::Conversation::Group(id) = conversation else {
                return Err(ApiError::bad_request("a personal chat is a channel"));
            };
            if !c.platform.is_channel(conversation).await? {
                return Err(ApiError::bad_request("a personal chat is a channel"));
            }
            if c.platform.standing(id, c.user.id).await?.status != "creator" {
                return Err(ApiError::bad_request("a personal chat is a channel you own"));
            }
            Some(id)
        }
    };
    c.platform
        .update_person(c.user.id, |details| {
            details.personal_chat = channel;
            Ok(())
        })
        .await?;
    Ok(json!(true))
}

/// `setCountryCode`: the person's country, two upper-case letters (empty takes it off).
pub(super) async fn set_country_code(c: UserCall) -> Result<Value, ApiError> {
    let code = c.params.get("country_code").unwrap_or_default().trim().to_owned();
    if !code.is_empty() && (code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase())) {
        return Err(ApiError::bad_request("Invalid country code specified"));
    }
    c.platform
        .update_person(c.user.id, |details| {
            details.country_code = Some(code).filter(|c| !c.is_empty());
            Ok(())
        })
        .await?;
    Ok(json!(true))
}
