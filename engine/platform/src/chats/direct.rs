//! A channel's direct messages (Bot API 9.2): the channel's owner, or an administrator who may
//! change its info, turns them on (a supergroup of their own beside the channel, made once) or
//! off, and the channel shows `direct_message_price_changed`. Who sees which topic is the
//! kernel's (`kernel::direct`); suggested posts are their own domain's.

use msg_core::{ApiError, ChatRecord};
use msg_spec::types;
use serde_json::Value;

use crate::chats::groups::{next_group_id, save_group, write_group};
use crate::chats::standing::ChatDetails;
use crate::internal;
use crate::kernel::rows::put_chat;
use crate::kernel::user::UserCall;
use crate::kernel::world::{Actor, Content, Conversation, Platform, now};
use crate::messages;

/// User-side `setChatDirectMessagesGroup`: `chat_id` (a channel), `is_enabled`; the
/// direct-messages `Chat`.
pub(super) async fn set(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let enabled = c.params.boolean("is_enabled");
    let Conversation::Group(channel_id) = conversation else {
        return Err(ApiError::bad_request("chat is not a channel"));
    };
    let actor = Actor::User(c.user.clone());
    let direct = switch(&c.platform, &actor, channel_id, enabled).await?;
    c.platform.chat_json(Conversation::Group(direct), c.user.id).await
}

/// User-side `getDirectMessagesChat`: `chat_id` (a channel); its direct-messages `Chat`, for
/// anyone who can see the channel, while they are on (`null` while they are off).
pub(super) async fn get(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let Conversation::Group(channel_id) = conversation else {
        return Err(ApiError::bad_request("chat is not a channel"));
    };
    let record = c.platform.group(channel_id).await?;
    if record.kind != "channel" {
        return Err(ApiError::bad_request("chat is not a channel"));
    }
    let Some(direct) = ChatDetails::parse(&record.details).direct_messages_chat else { return Ok(Value::Null) };
    let direct_record = c.platform.group(direct).await?;
    if ChatDetails::parse(&direct_record.details).direct_messages_off {
        return Ok(Value::Null);
    }
    c.platform.chat_json(Conversation::Group(direct), c.user.id).await
}

/// Turns channel `channel_id`'s direct messages on or off, as `actor` (who may change its
/// info); the direct-messages chat's id. Under the channel's lock, then the chat's (made the
/// first time, named as the channel), so two owners' switches are one after the other.
async fn switch(platform: &Platform, actor: &Actor, channel_id: i64, enabled: bool) -> Result<i64, ApiError> {
    let mut channel = write_group(platform, channel_id).await?;
    if channel.chat.kind != "channel" {
        return Err(ApiError::bad_request("chat is not a channel"));
    }
    if !platform.standing(channel_id, actor.id()).await?.may(|r| r.can_change_info) {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    let changed = match channel.details.direct_messages_chat {
        Some(direct) => {
            let mut chat = write_group(platform, direct).await?;
            let changed = chat.details.direct_messages_off == enabled;
            chat.details.direct_messages_off = !enabled;
            save_group(platform, &chat).await?;
            changed
        }
        None if !enabled => false,
        None => {
            let id = next_group_id(platform, true).await?;
            let mut chat = ChatRecord::new(id, "supergroup".into(), channel.chat.title.clone(), now());
            let details = ChatDetails { parent_chat: Some(channel_id), ..ChatDetails::default() };
            chat.details = details.to_json();
            platform.storage.apply(vec![put_chat(&chat)]).await.map_err(internal)?;
            platform.cache_new_chat(chat, &[]).await?;
            channel.details.direct_messages_chat = Some(id);
            save_group(platform, &channel).await?;
            true
        }
    };
    let direct = channel.details.direct_messages_chat;
    drop(channel);
    if changed {
        let news = types::DirectMessagePriceChanged {
            are_direct_messages_enabled: enabled,
            direct_message_star_count: enabled.then_some(0),
        };
        let service = types::Message { direct_message_price_changed: Some(Box::new(news)), ..Default::default() };
        messages::post(platform, actor, Conversation::Group(channel_id), Content::of(service)).await?;
    }
    direct.ok_or_else(|| ApiError::bad_request("the channel's direct messages were never on"))
}
