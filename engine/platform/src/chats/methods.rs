//! Reading chats and leaving them: `getChat`, `getChatAdministrators`, `getChatMemberCount`,
//! `getChatMember`, `leaveChat`, `getUserChatBoosts`, `setUserEmojiStatus`, and what every chat
//! method shares (the bot acting and the chat it names). Members' standing is
//! `member_methods.rs`'s, a chat's own settings `settings_methods.rs`'s. As in the reference,
//! what is read from the parameters is checked first, then the chat.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::{params, types};
use serde_json::json;

use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Access, Actor, Conversation};

/// The bot acting and the chat `chat_id` names, as the bot sees it.
pub(super) async fn bot_chat(
    platform: &Platform,
    call: &MethodCall,
    chat_id: &str,
) -> Result<(Actor, Conversation), ApiError> {
    bot_chat_for(platform, call, chat_id, Access::Write).await
}

/// [`bot_chat`] for what the call needs of the chat.
pub(super) async fn bot_chat_for(
    platform: &Platform,
    call: &MethodCall,
    chat_id: &str,
    access: Access,
) -> Result<(Actor, Conversation), ApiError> {
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let conversation = platform.resolve_chat_for(&actor, chat_id, access).await?;
    Ok((actor, conversation))
}

pub(crate) async fn get_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChat = args(&call.params)?;
    let (actor, conversation) = bot_chat_for(&platform, &call, p.chat_id, Access::Read).await?;
    Ok(super::chat_full(&platform, conversation, actor.id()).await?.into())
}

pub(crate) async fn get_chat_administrators(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChatAdministrators = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let return_bots = call.params.get("return_bots").is_some_and(msg_spec::args::to_bool);
    Ok(super::administrators(&platform, conversation, actor.id(), return_bots).await?.into())
}

pub(crate) async fn get_chat_member_count(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChatMemberCount = args(&call.params)?;
    let (_, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    Ok(json!(super::member_count(&platform, conversation).await?).into())
}

pub(crate) async fn get_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChatMember = args(&call.params)?;
    // Its own standing a bot may read anywhere it may read the chat; others' take more.
    let access = if p.user_id == call.ctx.bot_id { Access::Read } else { Access::Write };
    let (actor, conversation) = bot_chat_for(&platform, &call, p.chat_id, access).await?;
    Ok(super::member_info(&platform, conversation, actor.id(), p.user_id).await?.into())
}

pub(super) async fn leave_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::LeaveChat = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::leave(&platform, &actor, conversation).await?;
    done()
}

/// getUserChatBoosts: nobody boosts chats on the embedded platform yet.
pub(super) async fn get_user_chat_boosts(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetUserChatBoosts = args(&call.params)?;
    let (_, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let _ = conversation;
    if platform.participant(p.user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    Ok(crate::kernel::world::typed(&types::UserChatBoosts { boosts: Vec::new() }).into())
}

pub(super) async fn supergroup_only(platform: &Platform, conversation: Conversation) -> Result<(), ApiError> {
    let only = || ApiError::bad_request("method is available only for supergroups");
    let Conversation::Group(id) = conversation else { return Err(only()) };
    if platform.group(id).await?.kind != "supergroup" {
        return Err(only());
    }
    Ok(())
}

/// Business connections do not exist on the embedded platform yet.
pub(super) fn business_unavailable(id: Option<&str>) -> Result<(), ApiError> {
    match id {
        Some(id) if !id.is_empty() => Err(ApiError::bad_request("business connection not found")),
        _ => Ok(()),
    }
}
