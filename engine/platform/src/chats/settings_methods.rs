//! A chat's own settings: `setChatPermissions`, `setChatPhoto`, `deleteChatPhoto`,
//! `setChatTitle`, `setChatDescription`, the pins, and the sticker-set pair (a precise error: no
//! sticker sets yet).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use serde_json::Value;

use crate::Platform;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::world::Actor;

use super::member_methods::permissions;
use super::methods::{bot_chat, business_unavailable, done, supergroup_only};

pub(crate) async fn set_chat_permissions(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatPermissions = args(&call.params)?;
    let permissions = permissions(p.permissions, p.use_independent_chat_permissions)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.set_permissions(&actor, conversation, permissions).await?;
    done()
}

pub(crate) async fn set_chat_title(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatTitle = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.set_title(&actor, conversation, p.title).await?;
    done()
}

pub(crate) async fn set_chat_description(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatDescription = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.set_description(&actor, conversation, p.description.unwrap_or_default()).await?;
    done()
}

pub(crate) async fn pin_chat_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::PinChatMessage = args(&call.params)?;
    business_unavailable(p.business_connection_id)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.pin(&actor, conversation, p.message_id.max(0), p.disable_notification).await?;
    done()
}

pub(crate) async fn unpin_chat_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnpinChatMessage = args(&call.params)?;
    business_unavailable(p.business_connection_id)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.unpin(&actor, conversation, p.message_id.unwrap_or(0).max(0)).await?;
    done()
}

pub(crate) async fn unpin_all_chat_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnpinAllChatMessages = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.unpin_all(&actor, conversation).await?;
    done()
}

/// setChatStickerSet: the reference's checks (a supergroup, a name), then the set (any bot's,
/// found by its name in any case) and the right to change the chat's information.
pub(crate) async fn set_chat_sticker_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatStickerSet = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    supergroup_only(&platform, conversation).await?;
    if p.sticker_set_name.is_empty() {
        return Err(ApiError::bad_request("sticker_set_name is empty"));
    }
    let name = platform
        .sticker_set_name(p.sticker_set_name)
        .await?
        .ok_or_else(|| ApiError::bad_request("sticker set not found"))?;
    platform.set_chat_sticker_set(&actor, conversation, Some(name)).await?;
    done()
}

/// deleteChatStickerSet: a supergroup's set taken away (`CHAT_NOT_MODIFIED` when it has none).
pub(crate) async fn delete_chat_sticker_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteChatStickerSet = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    supergroup_only(&platform, conversation).await?;
    platform.set_chat_sticker_set(&actor, conversation, None).await?;
    done()
}

/// The chat photo of a setChatPhoto call (a person's too), stored: its sizes as the caller sees
/// them. The reference wants a new upload: a part, `attach://`, or `file://` in local mode.
pub(crate) async fn uploaded_photo(
    platform: &Platform,
    actor: &Actor,
    params: &msg_core::Params,
) -> Result<Value, ApiError> {
    use crate::files::input::{self, Extras, Sender, Source};
    let value = params.get("photo").unwrap_or_default();
    let source = match input::source(params, value, "photo", platform.local) {
        Some(source @ (Source::Upload(_) | Source::Local(_))) => source,
        _ if value.is_empty() => return Err(ApiError::bad_request("there is no photo in the request")),
        _ => return Err(ApiError::bad_request("photo must be uploaded as an InputFile")),
    };
    let sender = Sender { id: actor.id(), is_bot: matches!(actor, Actor::Bot(_)) };
    let extras = Extras::from_params(params, platform.local);
    let kind = crate::files::Kind::Photo;
    input::attach(&platform.files, &platform.temp_dir, sender, kind, source, extras).await
}

pub(crate) async fn set_chat_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatPhoto = args(&call.params)?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    // The file is read before the chat, as the reference does.
    if p.photo.unwrap_or_default().is_empty() && call.params.file("photo").is_none() {
        return Err(ApiError::bad_request("there is no photo in the request"));
    }
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    let photo = uploaded_photo(&platform, &actor, &call.params).await?;
    platform.set_photo(&actor, conversation, Some(photo)).await?;
    done()
}

pub(crate) async fn delete_chat_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteChatPhoto = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.set_photo(&actor, conversation, None).await?;
    done()
}
