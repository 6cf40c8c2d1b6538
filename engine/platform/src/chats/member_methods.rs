//! Members' standing: `banChatMember`, `unbanChatMember`, `restrictChatMember`,
//! `promoteChatMember`, `setChatAdministratorCustomTitle`, `setChatMemberTag`,
//! `banChatSenderChat`, `unbanChatSenderChat`, and the parsers the people's side shares
//! ([`permissions`], [`rights`]).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::{params, types};
use serde_json::Value;

use crate::Platform;
use crate::kernel::methods::args;

use super::methods::bot_chat;
use crate::kernel::methods::done;

/// A `permissions` parameter (`ChatPermissions`) read as the reference reads it: absent is no
/// permission at all; a flag left out follows the reference's implications (media flags from
/// `can_send_media_messages`, and without `use_independent_chat_permissions` sending media,
/// polls or other messages implies sending messages).
pub(crate) fn permissions(raw: Option<&str>, independent: bool) -> Result<types::ChatPermissions, ApiError> {
    let Some(raw) = raw else { return Ok(crate::chats::standing::all_permissions(false)) };
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("can't parse permissions JSON object"))?;
    let Value::Object(fields) = value else { return Err(ApiError::bad_request("object expected as permissions")) };
    let flag = |name: &str| -> Result<Option<bool>, ApiError> {
        match fields.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(ApiError::bad_request(format!(
                "can't parse chat permissions: Field \"{name}\" must be of type Boolean"
            ))),
        }
    };
    let get = |name: &str| flag(name).map(|v| v.unwrap_or(false));
    let mut messages = get("can_send_messages")?;
    let polls = get("can_send_polls")?;
    let other = get("can_send_other_messages")?;
    let previews = get("can_add_web_page_previews")?;
    let change_info = get("can_change_info")?;
    let invite = get("can_invite_users")?;
    let pin = get("can_pin_messages")?;
    let topics = flag("can_manage_topics")?.unwrap_or(pin);
    let media_names = [
        "can_send_audios",
        "can_send_documents",
        "can_send_photos",
        "can_send_videos",
        "can_send_video_notes",
        "can_send_voice_notes",
    ];
    let mut media = [false; 6];
    if media_names.iter().any(|n| fields.contains_key(*n)) {
        for (slot, name) in media.iter_mut().zip(media_names) {
            *slot = get(name)?;
        }
    } else {
        let all = get("can_send_media_messages")?;
        media = [all; 6];
        if all && !independent {
            messages = true;
        }
    }
    let tag = flag("can_edit_tag")?.unwrap_or(pin);
    let react = flag("can_react_to_messages")?.unwrap_or(messages);
    if (other || previews) && !independent {
        media = [true; 6];
        messages = true;
    }
    if polls && !independent {
        messages = true;
    }
    let [audios, documents, photos, videos, video_notes, voice_notes] = media.map(Some);
    Ok(types::ChatPermissions {
        can_send_messages: Some(messages),
        can_send_audios: audios,
        can_send_documents: documents,
        can_send_photos: photos,
        can_send_videos: videos,
        can_send_video_notes: video_notes,
        can_send_voice_notes: voice_notes,
        can_send_polls: Some(polls),
        can_send_other_messages: Some(other),
        can_add_web_page_previews: Some(previews),
        can_react_to_messages: Some(react),
        can_edit_tag: Some(tag),
        can_change_info: Some(change_info),
        can_invite_users: Some(invite),
        can_pin_messages: Some(pin),
        can_manage_topics: Some(topics),
    })
}

/// The rights promoteChatMember's flags grant (the platform keeps those of the chat's kind).
pub(crate) fn rights(p: &params::PromoteChatMember, legacy_video_chats: bool) -> types::ChatAdministratorRights {
    types::ChatAdministratorRights {
        is_anonymous: p.is_anonymous,
        can_manage_chat: p.can_manage_chat,
        can_delete_messages: p.can_delete_messages,
        can_manage_video_chats: p.can_manage_video_chats || legacy_video_chats,
        can_restrict_members: p.can_restrict_members,
        can_promote_members: p.can_promote_members,
        can_change_info: p.can_change_info,
        can_invite_users: p.can_invite_users,
        can_post_stories: p.can_post_stories,
        can_edit_stories: p.can_edit_stories,
        can_delete_stories: p.can_delete_stories,
        can_post_messages: Some(p.can_post_messages),
        can_edit_messages: Some(p.can_edit_messages),
        can_manage_direct_messages: Some(p.can_manage_direct_messages),
        can_pin_messages: Some(p.can_pin_messages),
        can_manage_topics: Some(p.can_manage_topics),
        can_manage_tags: Some(p.can_manage_tags),
        can_send_welcome_messages: p.can_send_welcome_messages,
    }
}

pub(crate) async fn ban_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::BanChatMember = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::ban(&platform, &actor, conversation, p.user_id, p.until_date.unwrap_or(0)).await?;
    done()
}

pub(crate) async fn unban_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnbanChatMember = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::unban(&platform, &actor, conversation, p.user_id, p.only_if_banned).await?;
    done()
}

pub(super) async fn restrict_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::RestrictChatMember = args(&call.params)?;
    let permissions = permissions(p.permissions, p.use_independent_chat_permissions)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::restrict(&platform, &actor, conversation, p.user_id, permissions, p.until_date.unwrap_or(0)).await?;
    done()
}

pub(super) async fn promote_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::PromoteChatMember = args(&call.params)?;
    let legacy = call.params.get("can_manage_voice_chats").is_some_and(msg_spec::args::to_bool);
    let rights = rights(&p, legacy);
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::promote(&platform, &actor, conversation, p.user_id, rights).await?;
    done()
}

pub(super) async fn set_chat_administrator_custom_title(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::SetChatAdministratorCustomTitle = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::set_custom_title(&platform, &actor, conversation, p.user_id, p.custom_title).await?;
    done()
}

pub(super) async fn set_chat_member_tag(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatMemberTag = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    super::set_tag(&platform, &actor, conversation, p.user_id, p.tag.unwrap_or_default()).await?;
    done()
}

/// `sender_chat_id` as the reference reads it: present and a valid integer.
fn sender_chat_id(call: &MethodCall) -> Result<i64, ApiError> {
    let raw = call.params.get("sender_chat_id").unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::bad_request("sender_chat_id is empty"));
    }
    match raw.parse::<i64>() {
        Ok(id) if id.to_string() == raw => Ok(id),
        _ => Err(ApiError::bad_request("sender_chat_id is not a valid Integer")),
    }
}

pub(super) async fn ban_chat_sender_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::BanChatSenderChat = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let sender = sender_chat_id(&call)?;
    super::ban_sender(&platform, &actor, conversation, sender, true).await?;
    done()
}

pub(super) async fn unban_chat_sender_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnbanChatSenderChat = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let sender = sender_chat_id(&call)?;
    super::ban_sender(&platform, &actor, conversation, sender, false).await?;
    done()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(raw: &str, independent: bool) -> types::ChatPermissions {
        permissions(Some(raw), independent).expect("permissions")
    }

    #[test]
    fn permissions_follow_the_references_implications() {
        assert_eq!(permissions(None, false).unwrap(), crate::chats::standing::all_permissions(false));
        // Media, polls or other messages imply sending messages, unless independent.
        let polls = read(r#"{"can_send_polls": true}"#, false);
        assert_eq!((polls.can_send_polls, polls.can_send_messages), (Some(true), Some(true)));
        let independent = read(r#"{"can_send_polls": true}"#, true);
        assert_eq!(independent.can_send_messages, Some(false));
        let media = read(r#"{"can_send_media_messages": true}"#, false);
        assert_eq!(
            (media.can_send_photos, media.can_send_voice_notes, media.can_send_messages),
            (Some(true), Some(true), Some(true))
        );
        let other = read(r#"{"can_send_other_messages": true}"#, false);
        assert_eq!((other.can_send_documents, other.can_send_messages), (Some(true), Some(true)));
        // A single media flag given: the legacy one is not read, the others are false.
        let photos = read(r#"{"can_send_photos": true, "can_send_media_messages": true}"#, true);
        assert_eq!((photos.can_send_photos, photos.can_send_videos), (Some(true), Some(false)));
        // Left out: topics and tags follow pinning, reactions follow sending messages.
        let pin = read(r#"{"can_pin_messages": true, "can_send_messages": true}"#, true);
        assert_eq!(
            (pin.can_manage_topics, pin.can_edit_tag, pin.can_react_to_messages),
            (Some(true), Some(true), Some(true))
        );
        let no_react = read(r#"{"can_send_messages": true, "can_react_to_messages": false}"#, true);
        assert_eq!(no_react.can_react_to_messages, Some(false));
    }

    #[test]
    fn permissions_are_refused_in_the_references_words() {
        let refused = |raw: &str| permissions(Some(raw), false).expect_err("refused").description.into_owned();
        assert_eq!(refused("{"), "Bad Request: can't parse permissions JSON object");
        assert_eq!(refused("[]"), "Bad Request: object expected as permissions");
        assert_eq!(
            refused(r#"{"can_send_polls": 1}"#),
            "Bad Request: can't parse chat permissions: Field \"can_send_polls\" must be of type Boolean"
        );
    }
}
