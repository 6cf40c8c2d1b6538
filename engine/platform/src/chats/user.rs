//! The people's side of chats: making groups, channels and topics, members, rights, invite
//! links and join requests, a chat's settings and pins.

use msg_core::ApiError;
use serde_json::{Value, json};

use crate::chats::invites::InviteTerms;
use crate::chats::member_methods;
use crate::kernel::user::{UserCall, message_id, user_ids};
use crate::kernel::world::Conversation;
use msg_spec::params;

pub(super) async fn create_group(c: UserCall, supergroup: bool) -> Result<Value, ApiError> {
    let title = c.params.required("title")?;
    let forum = c.params.boolean("is_forum");
    super::create_group(&c.platform, &c.user, title, &user_ids(&c.params, "member_ids")?, supergroup, forum, false)
        .await
}

pub(super) async fn create_channel(c: UserCall) -> Result<Value, ApiError> {
    let title = c.params.required("title")?;
    super::create_group(&c.platform, &c.user, title, &user_ids(&c.params, "member_ids")?, true, false, true).await
}

/// A person's action on a group member, with the Bot API's parameters: the user id is read
/// first, then the chat, as the reference does for bots.
pub(super) async fn member_action(c: &UserCall) -> Result<(Conversation, i64), ApiError> {
    let user_id =
        msg_spec::args::user_id(c.params.get("user_id"), "user_id").map_err(|e| ApiError::bad_request(e.0))?;
    Ok((c.chat().await?, user_id))
}

pub(super) async fn create_topic(c: UserCall) -> Result<Value, ApiError> {
    let color = msg_spec::args::integer(c.params.get("icon_color")).unwrap_or(0);
    let conversation = c.chat().await?;
    let name = c.params.get("name").unwrap_or_default();
    super::create_topic(&c.platform, &c.actor(), conversation, name, color, c.params.get("icon_custom_emoji_id")).await
}

pub(crate) async fn upgrade(c: UserCall) -> Result<Value, ApiError> {
    let chat_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    super::upgrade(&c.platform, &c.user, chat_id).await
}

pub(super) async fn create_invite(c: UserCall) -> Result<Value, ApiError> {
    let p = &c.params;
    let integer = |name| msg_spec::args::integer(p.get(name));
    let terms = InviteTerms::new(
        p.get("name"),
        integer("expire_date"),
        integer("member_limit"),
        p.boolean("creates_join_request"),
    );
    let conversation = c.chat().await?;
    super::create_invite(&c.platform, &c.actor(), conversation, terms?).await
}

pub(super) async fn revoke_invite(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::change_invite(&c.platform, &c.actor(), conversation, c.params.get("invite_link").unwrap_or_default(), None)
        .await
}

pub(super) async fn join_requests(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::join_requests(&c.platform, &c.actor(), conversation).await
}

pub(super) async fn settle_request(c: UserCall, approve: bool) -> Result<Value, ApiError> {
    let (conversation, user_id) = member_action(&c).await?;
    super::settle_request(&c.platform, &c.actor(), conversation, user_id, approve).await?;
    Ok(json!(true))
}

pub(super) async fn leave_chat(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::leave(&c.platform, &c.actor(), conversation).await?;
    Ok(json!(true))
}

pub(crate) async fn promote(c: UserCall) -> Result<Value, ApiError> {
    let p: params::PromoteChatMember = crate::kernel::methods::args(&c.params)?;
    let legacy = c.params.get("can_manage_voice_chats").is_some_and(msg_spec::args::to_bool);
    let rights = member_methods::rights(&p, legacy);
    let (conversation, user_id) = member_action(&c).await?;
    super::promote(&c.platform, &c.actor(), conversation, user_id, rights).await?;
    Ok(json!(true))
}

pub(crate) async fn ban(c: UserCall) -> Result<Value, ApiError> {
    let (conversation, user_id) = member_action(&c).await?;
    let until = msg_spec::args::integer(c.params.get("until_date")).unwrap_or(0);
    super::ban(&c.platform, &c.actor(), conversation, user_id, until).await?;
    Ok(json!(true))
}

pub(crate) async fn unban(c: UserCall) -> Result<Value, ApiError> {
    let (conversation, user_id) = member_action(&c).await?;
    let only_if_banned = c.params.boolean("only_if_banned");
    super::unban(&c.platform, &c.actor(), conversation, user_id, only_if_banned).await?;
    Ok(json!(true))
}

pub(crate) async fn restrict(c: UserCall) -> Result<Value, ApiError> {
    let permissions =
        member_methods::permissions(c.params.get("permissions"), c.params.boolean("use_independent_chat_permissions"))?;
    let (conversation, user_id) = member_action(&c).await?;
    let until = msg_spec::args::integer(c.params.get("until_date")).unwrap_or(0);
    super::restrict(&c.platform, &c.actor(), conversation, user_id, permissions, until).await?;
    Ok(json!(true))
}

pub(crate) async fn set_permissions(c: UserCall) -> Result<Value, ApiError> {
    let permissions =
        member_methods::permissions(c.params.get("permissions"), c.params.boolean("use_independent_chat_permissions"))?;
    let conversation = c.chat().await?;
    super::set_permissions(&c.platform, &c.actor(), conversation, permissions).await?;
    Ok(json!(true))
}

pub(super) async fn set_photo(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let photo = crate::files::uploaded_photo(&c.platform, &c.actor(), &c.params).await?;
    super::set_photo(&c.platform, &c.actor(), conversation, Some(photo)).await?;
    Ok(json!(true))
}

pub(super) async fn delete_photo(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::set_photo(&c.platform, &c.actor(), conversation, None).await?;
    Ok(json!(true))
}

pub(super) async fn set_title(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::set_title(&c.platform, &c.actor(), conversation, c.params.get("title").unwrap_or_default()).await?;
    Ok(json!(true))
}

pub(super) async fn set_description(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::set_description(&c.platform, &c.actor(), conversation, c.params.get("description").unwrap_or_default())
        .await?;
    Ok(json!(true))
}

pub(crate) async fn pin(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::pin(&c.platform, &c.actor(), conversation, message_id(&c.params)?, false).await?;
    Ok(json!(true))
}

pub(super) async fn change_member(c: UserCall, add: bool) -> Result<Value, ApiError> {
    let Conversation::Group(chat_id) = c.chat().await? else {
        return Err(ApiError::bad_request("method is available for group chats only"));
    };
    let member = c.params.integer("user_id", 0, i64::MIN, i64::MAX);
    if add {
        super::add_member(&c.platform, &c.actor(), chat_id, member).await?;
    } else {
        super::remove_member(&c.platform, &c.actor(), chat_id, member).await?;
    }
    Ok(json!(true))
}
