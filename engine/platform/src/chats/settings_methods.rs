//! A chat's own settings: `setChatPermissions`, `setChatPhoto`, `deleteChatPhoto`,
//! `setChatTitle`, `setChatDescription`, the pins, and the sticker-set pair (a precise error: no
//! sticker sets yet).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;

use crate::Platform;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::world::Actor;
use crate::stickers;

use super::member_methods::permissions;
use super::methods::{bot_chat, business_unavailable, supergroup_only};
use crate::kernel::methods::done;

pub(super) async fn set_chat_permissions(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatPermissions = args(&call.params)?;
    let permissions = permissions(p.permissions, p.use_independent_chat_permissions)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::set_permissions(&platform, &actor, conversation, permissions).await?;
    done()
}

pub(super) async fn set_chat_title(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatTitle = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::set_title(&platform, &actor, conversation, p.title).await?;
    done()
}

pub(super) async fn set_chat_description(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatDescription = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::set_description(&platform, &actor, conversation, p.description.unwrap_or_default()).await?;
    done()
}

pub(super) async fn pin_chat_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::PinChatMessage = args(&call.params)?;
    business_unavailable(p.business_connection_id)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::pin(&platform, &actor, conversation, p.message_id.max(0), p.disable_notification).await?;
    done()
}

pub(super) async fn unpin_chat_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnpinChatMessage = args(&call.params)?;
    business_unavailable(p.business_connection_id)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::unpin(&platform, &actor, conversation, p.message_id.unwrap_or(0).max(0)).await?;
    done()
}

pub(super) async fn unpin_all_chat_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnpinAllChatMessages = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::unpin_all(&platform, &actor, conversation).await?;
    done()
}

/// setChatStickerSet: the reference's checks (a supergroup, a name), then the set (any bot's,
/// found by its name in any case) and the right to change the chat's information.
pub(super) async fn set_chat_sticker_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatStickerSet = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    supergroup_only(&platform, conversation).await?;
    if p.sticker_set_name.is_empty() {
        return Err(ApiError::bad_request("sticker_set_name is empty"));
    }
    let name = stickers::sticker_set_name(&platform, p.sticker_set_name)
        .await?
        .ok_or_else(|| ApiError::bad_request("sticker set not found"))?;
    super::set_chat_sticker_set(&platform, &actor, conversation, Some(name)).await?;
    done()
}

/// deleteChatStickerSet: a supergroup's set taken away (`CHAT_NOT_MODIFIED` when it has none).
pub(super) async fn delete_chat_sticker_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteChatStickerSet = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    supergroup_only(&platform, conversation).await?;
    super::set_chat_sticker_set(&platform, &actor, conversation, None).await?;
    done()
}

pub(super) async fn set_chat_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatPhoto = args(&call.params)?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    // The file is read before the chat, as the reference does.
    if p.photo.unwrap_or_default().is_empty() && call.params.file("photo").is_none() {
        return Err(ApiError::bad_request("there is no photo in the request"));
    }
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    let photo = crate::files::uploaded_photo(&platform, &actor, &call.params).await?;
    super::set_photo(&platform, &actor, conversation, Some(photo)).await?;
    done()
}

pub(crate) async fn delete_chat_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteChatPhoto = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::set_photo(&platform, &actor, conversation, None).await?;
    done()
}
