//! The platform's Bot API methods, listed in one place, in the order of the Bot API
//! documentation. Each is an async function of the [`Platform`] and the call, in the file of its
//! topic; [`register`] adds them under the plugin name `builtin`, through the same door plugins
//! use. Adding a method is one function there and one line here.

mod bot;
pub(crate) mod chats;
mod commands;
pub(crate) mod editing;
mod forums;
mod invites;
pub(crate) mod media;
pub(crate) mod messages;
mod profile;
mod target;

use std::sync::Arc;

use msg_core::method::{Late, bound, read_only};
use msg_core::{ApiError, BotRecord, MethodCall, Params, Registrar};
use msg_spec::args::Decode;

use crate::Platform;
use crate::files::Kind;

/// Every method of the platform.
pub(crate) fn register(r: &mut Registrar, slot: &Late<Platform>) {
    r.method("getMe", read_only(bound(slot, bot::get_me)));
    r.method("sendMessage", bound(slot, messages::send_message));
    r.method("forwardMessage", bound(slot, editing::forward_message));
    r.method("forwardMessages", bound(slot, editing::forward_messages));
    r.method("copyMessage", bound(slot, editing::copy_message));
    r.method("copyMessages", bound(slot, editing::copy_messages));
    for kind in Kind::SENDABLE {
        r.method(kind.send_method(), bound(slot, move |platform, call| media::send_kind(platform, call, kind)));
    }
    r.method("sendMediaGroup", bound(slot, media::send_media_group));
    r.method("sendLocation", bound(slot, editing::send_location));
    r.method("sendVenue", bound(slot, editing::send_venue));
    r.method("sendContact", bound(slot, editing::send_contact));
    r.method("sendPaidMedia", bound(slot, editing::send_paid_media));
    r.method("sendPoll", bound(slot, editing::send_poll));
    r.method("sendChecklist", bound(slot, editing::business_checklist));
    r.method("sendDice", bound(slot, editing::send_dice));
    r.method("sendMessageDraft", bound(slot, editing::send_message_draft));
    r.method("sendChatAction", bound(slot, messages::send_chat_action));
    r.method("getFile", bound(slot, media::get_file));
    // Not read-only: a chat photo's file is linked into the bot's directory as it is shown.
    r.method("getChat", bound(slot, chats::get_chat));
    r.method("getChatAdministrators", read_only(bound(slot, chats::get_chat_administrators)));
    r.method("getChatMemberCount", read_only(bound(slot, chats::get_chat_member_count)));
    r.method("getChatMembersCount", read_only(bound(slot, chats::get_chat_member_count)));
    r.method("getChatMember", read_only(bound(slot, chats::get_chat_member)));
    r.method("leaveChat", bound(slot, chats::leave_chat));
    r.method("banChatMember", bound(slot, chats::ban_chat_member));
    r.method("kickChatMember", bound(slot, chats::ban_chat_member));
    r.method("unbanChatMember", bound(slot, chats::unban_chat_member));
    r.method("restrictChatMember", bound(slot, chats::restrict_chat_member));
    r.method("promoteChatMember", bound(slot, chats::promote_chat_member));
    r.method("setChatAdministratorCustomTitle", bound(slot, chats::set_chat_administrator_custom_title));
    r.method("setChatMemberTag", bound(slot, chats::set_chat_member_tag));
    r.method("banChatSenderChat", bound(slot, chats::ban_chat_sender_chat));
    r.method("unbanChatSenderChat", bound(slot, chats::unban_chat_sender_chat));
    r.method("setChatPermissions", bound(slot, chats::set_chat_permissions));
    r.method("setChatPhoto", bound(slot, chats::set_chat_photo));
    r.method("deleteChatPhoto", bound(slot, chats::delete_chat_photo));
    r.method("setChatTitle", bound(slot, chats::set_chat_title));
    r.method("setChatDescription", bound(slot, chats::set_chat_description));
    r.method("pinChatMessage", bound(slot, chats::pin_chat_message));
    r.method("unpinChatMessage", bound(slot, chats::unpin_chat_message));
    r.method("unpinAllChatMessages", bound(slot, chats::unpin_all_chat_messages));
    r.method("exportChatInviteLink", bound(slot, invites::export_chat_invite_link));
    r.method("createChatInviteLink", bound(slot, invites::create_chat_invite_link));
    r.method("editChatInviteLink", bound(slot, invites::edit_chat_invite_link));
    r.method("createChatSubscriptionInviteLink", bound(slot, invites::create_chat_subscription_invite_link));
    r.method("editChatSubscriptionInviteLink", bound(slot, invites::edit_chat_subscription_invite_link));
    r.method("revokeChatInviteLink", bound(slot, invites::revoke_chat_invite_link));
    r.method("approveChatJoinRequest", bound(slot, invites::approve_chat_join_request));
    r.method("declineChatJoinRequest", bound(slot, invites::decline_chat_join_request));
    r.method("setChatStickerSet", bound(slot, chats::set_chat_sticker_set));
    r.method("deleteChatStickerSet", bound(slot, chats::delete_chat_sticker_set));
    r.method("answerCallbackQuery", bound(slot, messages::answer_callback_query));
    r.method("setMyCommands", bound(slot, commands::set_my_commands));
    r.method("deleteMyCommands", bound(slot, commands::delete_my_commands));
    r.method("getMyCommands", read_only(bound(slot, commands::get_my_commands)));
    r.method("setMyName", bound(slot, profile::set_my_name));
    r.method("getMyName", read_only(bound(slot, profile::get_my_name)));
    r.method("setMyDescription", bound(slot, profile::set_my_description));
    r.method("getMyDescription", read_only(bound(slot, profile::get_my_description)));
    r.method("setMyShortDescription", bound(slot, profile::set_my_short_description));
    r.method("getMyShortDescription", read_only(bound(slot, profile::get_my_short_description)));
    r.method("setMyProfilePhoto", bound(slot, profile::set_my_profile_photo));
    r.method("removeMyProfilePhoto", bound(slot, profile::remove_my_profile_photo));
    r.method("setChatMenuButton", bound(slot, profile::set_chat_menu_button));
    r.method("getChatMenuButton", read_only(bound(slot, profile::get_chat_menu_button)));
    r.method("setMyDefaultAdministratorRights", bound(slot, profile::set_my_default_administrator_rights));
    r.method("getMyDefaultAdministratorRights", read_only(bound(slot, profile::get_my_default_administrator_rights)));
    r.method("getForumTopicIconStickers", read_only(bound(slot, forums::get_forum_topic_icon_stickers)));
    r.method("createForumTopic", bound(slot, forums::create_forum_topic));
    r.method("editForumTopic", bound(slot, forums::edit_forum_topic));
    r.method("closeForumTopic", bound(slot, forums::close_forum_topic));
    r.method("reopenForumTopic", bound(slot, forums::reopen_forum_topic));
    r.method("deleteForumTopic", bound(slot, forums::delete_forum_topic));
    r.method("unpinAllForumTopicMessages", bound(slot, forums::unpin_all_forum_topic_messages));
    r.method("editGeneralForumTopic", bound(slot, forums::edit_general_forum_topic));
    r.method("closeGeneralForumTopic", bound(slot, forums::close_general_forum_topic));
    r.method("reopenGeneralForumTopic", bound(slot, forums::reopen_general_forum_topic));
    r.method("hideGeneralForumTopic", bound(slot, forums::hide_general_forum_topic));
    r.method("unhideGeneralForumTopic", bound(slot, forums::unhide_general_forum_topic));
    r.method("unpinAllGeneralForumTopicMessages", bound(slot, forums::unpin_all_general_forum_topic_messages));
    r.method("getUserChatBoosts", read_only(bound(slot, chats::get_user_chat_boosts)));
    r.method("setUserEmojiStatus", bound(slot, chats::set_user_emoji_status));
    r.method("getUserProfilePhotos", bound(slot, profile::get_user_profile_photos));
    r.method("getUserProfileAudios", read_only(bound(slot, profile::get_user_profile_audios)));
    r.method("editMessageText", bound(slot, editing::edit_message_text));
    r.method("editMessageCaption", bound(slot, editing::edit_message_caption));
    r.method("editMessageMedia", bound(slot, media::edit_message_media));
    r.method("editMessageLiveLocation", bound(slot, editing::edit_message_live_location));
    r.method("stopMessageLiveLocation", bound(slot, editing::stop_message_live_location));
    r.method("editMessageChecklist", bound(slot, editing::business_checklist));
    r.method("editMessageReplyMarkup", bound(slot, editing::edit_message_reply_markup));
    r.method("stopPoll", bound(slot, editing::stop_poll));
    r.method("setMessageReaction", bound(slot, editing::set_message_reaction));
    r.method("answerInlineQuery", bound(slot, editing::answer_inline_query));
    r.method("answerWebAppQuery", bound(slot, editing::answer_web_app_query));
    r.method("savePreparedInlineMessage", bound(slot, editing::save_prepared_inline_message));
    r.method("deleteMessage", bound(slot, editing::delete_message));
    r.method("deleteMessages", bound(slot, editing::delete_messages));
}

/// The call's parameters as `T`, a struct generated from the schema (`msg_spec::params`), read
/// the reference's way; the only failures are the ones the reference reports while reading.
pub(crate) fn args<'a, T: Decode<'a>>(params: &'a Params) -> Result<T, ApiError> {
    T::decode(&|name| params.get(name)).map_err(|e| ApiError::bad_request(e.0))
}

/// The bot a method acts for (authenticated by the server before the call).
pub(crate) async fn platform_bot(platform: &Platform, call: &MethodCall) -> Result<Arc<BotRecord>, ApiError> {
    platform.bot(call.ctx.bot_id).await.map_err(crate::internal)?.ok_or_else(ApiError::unauthorized)
}

pub(crate) use crate::internal;
