//! Chats and their members: `getChat`, `getChatAdministrators`, `getChatMemberCount`,
//! `getChatMember`, `leaveChat`, `banChatMember`, `unbanChatMember`, `restrictChatMember`,
//! `promoteChatMember`, `setChatAdministratorCustomTitle`, `setChatPermissions`, `setChatTitle`,
//! `setChatDescription`, the pins, and the sticker-set pair (a precise error: no sticker sets
//! yet). As in the reference, what is read from the parameters is checked first, then the chat.
//! The people's side calls the same parsers ([`permissions`], [`rights`]).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::{params, types};
use serde_json::{Value, json};

use crate::Platform;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::world::{Access, Actor, Conversation};

/// The bot acting and the chat `chat_id` names, as the bot sees it.
async fn bot_chat(platform: &Platform, call: &MethodCall, chat_id: &str) -> Result<(Actor, Conversation), ApiError> {
    bot_chat_for(platform, call, chat_id, Access::Write).await
}

/// [`bot_chat`] for what the call needs of the chat.
async fn bot_chat_for(
    platform: &Platform,
    call: &MethodCall,
    chat_id: &str,
    access: Access,
) -> Result<(Actor, Conversation), ApiError> {
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let conversation = platform.resolve_chat_for(&actor, chat_id, access).await?;
    Ok((actor, conversation))
}

fn done() -> Result<Reply, ApiError> {
    Ok(json!(true).into())
}

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

pub(crate) async fn get_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChat = args(&call.params)?;
    let (actor, conversation) = bot_chat_for(&platform, &call, p.chat_id, Access::Read).await?;
    Ok(platform.chat_full(conversation, actor.id()).await?.into())
}

pub(crate) async fn get_chat_administrators(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChatAdministrators = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let return_bots = call.params.get("return_bots").is_some_and(msg_spec::args::to_bool);
    Ok(platform.administrators(conversation, actor.id(), return_bots).await?.into())
}

pub(crate) async fn get_chat_member_count(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChatMemberCount = args(&call.params)?;
    let (_, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    Ok(json!(platform.member_count(conversation).await?).into())
}

pub(crate) async fn get_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChatMember = args(&call.params)?;
    // Its own standing a bot may read anywhere it may read the chat; others' take more.
    let access = if p.user_id == call.ctx.bot_id { Access::Read } else { Access::Write };
    let (actor, conversation) = bot_chat_for(&platform, &call, p.chat_id, access).await?;
    Ok(platform.member_info(conversation, actor.id(), p.user_id).await?.into())
}

pub(crate) async fn leave_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::LeaveChat = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.leave(&actor, conversation).await?;
    done()
}

pub(crate) async fn ban_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::BanChatMember = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.ban(&actor, conversation, p.user_id, p.until_date.unwrap_or(0)).await?;
    done()
}

pub(crate) async fn unban_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnbanChatMember = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.unban(&actor, conversation, p.user_id, p.only_if_banned).await?;
    done()
}

pub(crate) async fn restrict_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::RestrictChatMember = args(&call.params)?;
    let permissions = permissions(p.permissions, p.use_independent_chat_permissions)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.restrict(&actor, conversation, p.user_id, permissions, p.until_date.unwrap_or(0)).await?;
    done()
}

pub(crate) async fn promote_chat_member(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::PromoteChatMember = args(&call.params)?;
    let legacy = call.params.get("can_manage_voice_chats").is_some_and(msg_spec::args::to_bool);
    let rights = rights(&p, legacy);
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.promote(&actor, conversation, p.user_id, rights).await?;
    done()
}

pub(crate) async fn set_chat_administrator_custom_title(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::SetChatAdministratorCustomTitle = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.set_custom_title(&actor, conversation, p.user_id, p.custom_title).await?;
    done()
}

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

async fn supergroup_only(platform: &Platform, conversation: Conversation) -> Result<(), ApiError> {
    let only = || ApiError::bad_request("method is available only for supergroups");
    let Conversation::Group(id) = conversation else { return Err(only()) };
    if platform.group(id).await?.kind != "supergroup" {
        return Err(only());
    }
    Ok(())
}

/// Business connections do not exist on the embedded platform yet.
fn business_unavailable(id: Option<&str>) -> Result<(), ApiError> {
    match id {
        Some(id) if !id.is_empty() => Err(ApiError::bad_request("business connection not found")),
        _ => Ok(()),
    }
}

pub(crate) async fn set_chat_member_tag(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatMemberTag = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    platform.set_tag(&actor, conversation, p.user_id, p.tag.unwrap_or_default()).await?;
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

pub(crate) async fn ban_chat_sender_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::BanChatSenderChat = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let sender = sender_chat_id(&call)?;
    platform.ban_sender(&actor, conversation, sender, true).await?;
    done()
}

pub(crate) async fn unban_chat_sender_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UnbanChatSenderChat = args(&call.params)?;
    let (actor, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let sender = sender_chat_id(&call)?;
    platform.ban_sender(&actor, conversation, sender, false).await?;
    done()
}

/// getUserChatBoosts: nobody boosts chats on the embedded platform yet.
pub(crate) async fn get_user_chat_boosts(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetUserChatBoosts = args(&call.params)?;
    let (_, conversation) = bot_chat(&platform, &call, p.chat_id).await?;
    let _ = conversation;
    if platform.participant(p.user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    Ok(crate::kernel::world::typed(&types::UserChatBoosts { boosts: Vec::new() }).into())
}

/// setUserEmojiStatus: for a person who allowed the bot (the user-side `allowEmojiStatus`);
/// shown in the person's `getChat`.
pub(crate) async fn set_user_emoji_status(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetUserEmojiStatus = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let emoji = p.emoji_status_custom_emoji_id.unwrap_or_default();
    let until = p.emoji_status_expiration_date.unwrap_or(0);
    platform.set_emoji_status(bot.id, p.user_id, emoji, until).await?;
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
