//! Forum topics: `createForumTopic`, `editForumTopic`, `closeForumTopic`, `reopenForumTopic`,
//! `deleteForumTopic`, `unpinAllForumTopicMessages`, the general topic's `editGeneralForumTopic`,
//! `closeGeneralForumTopic`, `reopenGeneralForumTopic`, `hideGeneralForumTopic`,
//! `unhideGeneralForumTopic`, `unpinAllGeneralForumTopicMessages`, and
//! `getForumTopicIconStickers` (the platform's own icons: `stickers/icons.rs`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;

use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Actor, Conversation};
use crate::stickers;

async fn bot_chat(platform: &Platform, call: &MethodCall, chat_id: &str) -> Result<(Actor, Conversation), ApiError> {
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let conversation = platform.resolve_chat(&actor, chat_id).await?;
    Ok((actor, conversation))
}

pub(super) async fn get_forum_topic_icon_stickers(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let icons = stickers::topic_icons(&platform, bot.id).await?;
    Ok(serde_json::Value::from(icons.iter().map(crate::kernel::world::typed).collect::<Vec<_>>()).into())
}

pub(super) async fn create_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CreateForumTopic = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let topic =
        super::create_topic(&platform, &actor, conversation, p.name, p.icon_color.unwrap_or(0), p.icon_custom_emoji_id);
    Ok(topic.await?.into())
}

pub(super) async fn edit_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditForumTopic = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let name = p.name.unwrap_or_default();
    super::edit_topic(&platform, &actor, conversation, p.message_thread_id, name, p.icon_custom_emoji_id).await?;
    done()
}

pub(super) async fn close_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CloseForumTopic = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::close_topic(&platform, &actor, conversation, p.message_thread_id, true).await?;
    done()
}

pub(super) async fn reopen_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ReopenForumTopic = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::close_topic(&platform, &actor, conversation, p.message_thread_id, false).await?;
    done()
}

pub(super) async fn delete_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteForumTopic = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::delete_topic(&platform, &actor, conversation, p.message_thread_id).await?;
    done()
}

pub(super) async fn unpin_all_forum_topic_messages(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::UnpinAllForumTopicMessages = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::unpin_topic(&platform, &actor, conversation, p.message_thread_id).await?;
    done()
}

pub(super) async fn edit_general_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditGeneralForumTopic = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::edit_topic(&platform, &actor, conversation, 1, p.name, None).await?;
    done()
}

/// The general topic's close, reopen, hide and unhide: `close` `Some(flag)`, or hide with `None`.
async fn general(
    platform: Arc<Platform>,
    call: MethodCall,
    close: Option<bool>,
    hide: bool,
) -> Result<Reply, ApiError> {
    let p: params::CloseGeneralForumTopic = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    match close {
        Some(closed) => super::close_topic(&platform, &actor, conversation, 1, closed).await?,
        None => super::hide_general(&platform, &actor, conversation, hide).await?,
    }
    done()
}

pub(super) async fn close_general_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    general(platform, call, Some(true), false).await
}

pub(super) async fn reopen_general_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    general(platform, call, Some(false), false).await
}

pub(super) async fn hide_general_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    general(platform, call, None, true).await
}

pub(super) async fn unhide_general_forum_topic(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    general(platform, call, None, false).await
}

pub(super) async fn unpin_all_general_forum_topic_messages(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::UnpinAllGeneralForumTopicMessages = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::unpin_topic(&platform, &actor, conversation, 1).await?;
    done()
}
