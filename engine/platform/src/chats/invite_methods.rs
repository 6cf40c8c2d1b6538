//! Invite links and join requests: `exportChatInviteLink`, `createChatInviteLink`,
//! `editChatInviteLink`, `revokeChatInviteLink`, `approveChatJoinRequest`,
//! `declineChatJoinRequest`. The reference clamps `expire_date` and `member_limit` before it
//! looks at the chat.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use serde_json::json;

use crate::Platform;
use crate::chats::invites::InviteTerms;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Actor, Conversation};

async fn bot_chat(platform: &Platform, call: &MethodCall, chat_id: &str) -> Result<(Actor, Conversation), ApiError> {
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let conversation = platform.resolve_chat(&actor, chat_id).await?;
    Ok((actor, conversation))
}

pub(super) async fn export_chat_invite_link(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ExportChatInviteLink = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    Ok(json!(super::export_invite(&platform, &actor, conversation).await?).into())
}

pub(super) async fn create_chat_invite_link(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CreateChatInviteLink = args(&call.params)?;
    let terms = InviteTerms::new(p.name, p.expire_date, p.member_limit, p.creates_join_request);
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    Ok(super::create_invite(&platform, &actor, conversation, terms?).await?.into())
}

pub(super) async fn edit_chat_invite_link(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditChatInviteLink = args(&call.params)?;
    let terms = InviteTerms::new(p.name, p.expire_date, p.member_limit, p.creates_join_request);
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    Ok(super::change_invite(&platform, &actor, conversation, p.invite_link, Some(terms?)).await?.into())
}

pub(super) async fn revoke_chat_invite_link(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::RevokeChatInviteLink = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    Ok(super::change_invite(&platform, &actor, conversation, p.invite_link, None).await?.into())
}

pub(super) async fn approve_chat_join_request(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ApproveChatJoinRequest = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::settle_request(&platform, &actor, conversation, p.user_id, true).await?;
    done()
}

pub(super) async fn decline_chat_join_request(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeclineChatJoinRequest = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::settle_request(&platform, &actor, conversation, p.user_id, false).await?;
    done()
}

pub(super) async fn create_chat_subscription_invite_link(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::CreateChatSubscriptionInviteLink = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let link = super::create_subscription(
        &platform,
        &actor,
        conversation,
        p.name,
        p.subscription_period,
        p.subscription_price,
    );
    Ok(link.await?.into())
}

pub(super) async fn edit_chat_subscription_invite_link(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::EditChatSubscriptionInviteLink = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    Ok(super::rename_subscription(&platform, &actor, conversation, p.invite_link, p.name).await?.into())
}
