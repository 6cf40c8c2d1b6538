//! A chat's own settings: permissions, title, description, photo and pinned messages, changed
//! by those with the right (`can_restrict_members`, `can_change_info`, `can_pin_messages`), with
//! the service messages the public platform posts.

use msg_core::ApiError;
use msg_spec::types;
use serde_json::{Value, json};

use crate::chats::groups::GroupWrite;
use crate::chats::standing::{ChatDetails, all_permissions, restrict_right};
use crate::kernel::stored::decode;
use crate::kernel::world::{Actor, Content, Conversation, Platform};
use crate::messages;

// ---------------------------------------------------------------- the chat's own settings

/// The chat-wide permissions of a group (every permission in a private chat).
pub(super) async fn chat_permissions(
    platform: &Platform,
    conversation: Conversation,
) -> Result<types::ChatPermissions, ApiError> {
    match conversation {
        Conversation::Group(id) => Ok(ChatDetails::parse(&platform.group(id).await?.details).permissions()),
        Conversation::Private(..) => Ok(all_permissions(true)),
    }
}

/// setChatPermissions.
pub(super) async fn set_permissions(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    permissions: types::ChatPermissions,
) -> Result<(), ApiError> {
    let mut group =
        super::write_group_for(platform, conversation, "can't change private chat permissions", None).await?;
    if !platform.standing(group.chat.id, actor.id()).await?.may(restrict_right) {
        return Err(ApiError::bad_request("not enough rights to change chat permissions"));
    }
    if group.details.permissions() == permissions {
        return Ok(());
    }
    group.details.permissions = Some(permissions);
    super::save_group(platform, &group).await
}

/// setChatTitle: posts `new_chat_title`.
pub(super) async fn set_title(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    title: &str,
) -> Result<(), ApiError> {
    let title: String = title.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(128).collect();
    if title.is_empty() {
        return Err(ApiError::bad_request("title must be non-empty"));
    }
    let mut group = super::write_group_for(platform, conversation, "can't change private chat title", None).await?;
    if !platform.standing(group.chat.id, actor.id()).await?.may(|r| r.can_change_info) {
        return Err(ApiError::bad_request("not enough rights to change chat title"));
    }
    if group.chat.title == title {
        return Ok(());
    }
    group.chat.title = title.clone();
    super::save_group(platform, &group).await?;
    let service = types::Message { new_chat_title: Some(title), ..Default::default() };
    messages::post(platform, actor, conversation, Content::of(service)).await?;
    Ok(())
}

/// setChatDescription.
pub(super) async fn set_description(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    description: &str,
) -> Result<(), ApiError> {
    let mut group =
        super::write_group_for(platform, conversation, "can't change private chat description", None).await?;
    if !platform.standing(group.chat.id, actor.id()).await?.may(|r| r.can_change_info) {
        return Err(ApiError::bad_request("not enough rights to set chat description"));
    }
    let description: String = description.trim().chars().take(255).collect();
    if group.details.description.as_deref().unwrap_or_default() == description {
        return Err(ApiError::bad_request("chat description is not modified"));
    }
    group.details.description = Some(description).filter(|d| !d.is_empty());
    super::save_group(platform, &group).await
}

/// setChatStickerSet (`name` given: a set's name as it is stored) or deleteChatStickerSet.
pub(super) async fn set_chat_sticker_set(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    name: Option<String>,
) -> Result<(), ApiError> {
    let mut group =
        super::write_group_for(platform, conversation, "method is available only for supergroups", None).await?;
    if !platform.standing(group.chat.id, actor.id()).await?.may(|r| r.can_change_info) {
        return Err(ApiError::bad_request("not enough rights to change supergroup sticker set"));
    }
    if group.details.sticker_set_name == name {
        return Err(ApiError::bad_request("CHAT_NOT_MODIFIED"));
    }
    group.details.sticker_set_name = name;
    super::save_group(platform, &group).await
}

/// setChatPhoto (`photo` given: the sizes of the stored upload) or deleteChatPhoto; posts
/// `new_chat_photo` or `delete_chat_photo`.
pub(super) async fn set_photo(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    photo: Option<Value>,
) -> Result<(), ApiError> {
    let private = if photo.is_some() { "can't change private chat photo" } else { "can't delete private chat photo" };
    let mut group = super::write_group_for(platform, conversation, private, None).await?;
    if !platform.standing(group.chat.id, actor.id()).await?.may(|r| r.can_change_info) {
        return Err(ApiError::bad_request("not enough rights to change chat photo"));
    }
    if photo.is_none() && group.details.photo.is_none() {
        return Err(ApiError::bad_request("CHAT_NOT_MODIFIED"));
    }
    group.details.photo = photo.clone();
    super::save_group(platform, &group).await?;
    let service = match photo {
        Some(sizes) => types::Message { new_chat_photo: Some(decode(sizes, "chat photo")?), ..Default::default() },
        None => types::Message { delete_chat_photo: Some(true), ..Default::default() },
    };
    messages::post(platform, actor, conversation, Content::of(service)).await?;
    Ok(())
}

/// The chat's photo as `viewer` sees it (`ChatPhoto`), linking it into a bot's directory.
pub(super) async fn chat_photo(
    platform: &Platform,
    details: &ChatDetails,
    viewer: i64,
) -> Result<Option<types::ChatPhoto>, ApiError> {
    let Some(sizes) = &details.photo else { return Ok(None) };
    let mut holder = json!({ "photo": sizes });
    let is_bot = platform.bot_record(viewer).await?.is_some();
    platform.files.adopt(&mut holder, viewer, is_bot).await?;
    let sizes = holder["photo"].as_array().cloned().unwrap_or_default();
    let (Some(small), Some(big)) = (sizes.first(), sizes.last()) else { return Ok(None) };
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_owned();
    Ok(Some(types::ChatPhoto {
        small_file_id: text(small, "file_id"),
        small_file_unique_id: text(small, "file_unique_id"),
        big_file_id: text(big, "file_id"),
        big_file_unique_id: text(big, "file_unique_id"),
    }))
}

/// May `actor` manage pinned messages in `group` (`None`: a private chat, where anyone may)?
/// In a channel that takes an administrator who may edit messages, as on the platform.
async fn may_pin(platform: &Platform, actor: &Actor, group: Option<&GroupWrite<'_>>) -> Result<(), ApiError> {
    let Some(group) = group else { return Ok(()) };
    let standing = platform.standing(group.chat.id, actor.id()).await?;
    let permissions = group.details.permissions();
    let allowed = match group.chat.kind.as_str() {
        "channel" => standing.may(|r| r.can_edit_messages.unwrap_or(false)),
        "supergroup" => {
            standing.may(|r| r.can_pin_messages.unwrap_or(false))
                || (!standing.is_admin() && standing.allowed(&permissions, |p| p.can_pin_messages.unwrap_or(false)))
        }
        _ => standing.is_admin() || standing.allowed(&permissions, |p| p.can_pin_messages.unwrap_or(false)),
    };
    if allowed { Ok(()) } else { Err(ApiError::bad_request("not enough rights to manage pinned messages in the chat")) }
}

/// The group whose pins change, held for writing; `None` for a private chat, whose pins are
/// shown (the service message) but not kept.
async fn write_pins(platform: &Platform, conversation: Conversation) -> Result<Option<GroupWrite<'_>>, ApiError> {
    match conversation {
        Conversation::Group(id) => Ok(Some(super::write_group(platform, id).await?)),
        Conversation::Private(..) => Ok(None),
    }
}

/// pinChatMessage: posts the `pinned_message` service message.
pub(super) async fn pin(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    silent: bool,
) -> Result<(), ApiError> {
    let Some(mut message) = messages::load_message(platform, conversation, message_id).await? else {
        return Err(ApiError::bad_request("message to pin not found"));
    };
    if crate::kernel::stored::is_service(&message) {
        return Err(ApiError::bad_request("service messages can't be pinned"));
    }
    let mut group = write_pins(platform, conversation).await?;
    may_pin(platform, actor, group.as_ref()).await?;
    if let Some(group) = &mut group {
        group.details.pinned.retain(|id| *id != message_id);
        group.details.pinned.push(message_id);
        super::save_group(platform, group).await?;
    }
    // The pinned message comes without the message it replies to, as the Bot API says.
    message.reply_to_message = None;
    let pinned = types::MaybeInaccessibleMessage::Message(message);
    let service = types::Message { pinned_message: Some(Box::new(pinned)), ..Default::default() };
    let _ = silent;
    messages::post(platform, actor, conversation, Content::of(service)).await?;
    Ok(())
}

/// unpinChatMessage: `message_id` 0 unpins the most recent pin.
pub(super) async fn unpin(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
) -> Result<(), ApiError> {
    let mut group = write_pins(platform, conversation).await?;
    let pinned = group.as_ref().map(|g| g.details.pinned.clone()).unwrap_or_default();
    let target = if message_id == 0 { pinned.last().copied() } else { Some(message_id) };
    let Some(target) = target.filter(|t| pinned.contains(t) || message_id != 0) else {
        return Err(ApiError::bad_request("message to unpin not found"));
    };
    if messages::load_message(platform, conversation, target).await?.is_none() {
        return Err(ApiError::bad_request("message to unpin not found"));
    }
    may_pin(platform, actor, group.as_ref()).await?;
    match &mut group {
        Some(group) => {
            group.details.pinned.retain(|id| *id != target);
            super::save_group(platform, group).await
        }
        None => Ok(()),
    }
}

/// unpinAllChatMessages.
pub(super) async fn unpin_all(platform: &Platform, actor: &Actor, conversation: Conversation) -> Result<(), ApiError> {
    let mut group = write_pins(platform, conversation).await?;
    may_pin(platform, actor, group.as_ref()).await?;
    match &mut group {
        Some(group) => {
            group.details.pinned.clear();
            super::save_group(platform, group).await
        }
        None => Ok(()),
    }
}
