//! Chats: groups, supergroups and channels ([`groups`]), members and their rights
//! ([`standing`]), a chat's settings and what a viewer sees of it ([`settings`], [`info`]),
//! invite links and join requests ([`invites`]), forum topics ([`forums`]); their Bot API
//! methods ([`methods`], [`invite_methods`], [`forum_methods`]).

pub(crate) mod domain;
mod forum_methods;
mod forums;
mod groups;
mod info;
mod invite_methods;
mod invites;
mod member_methods;
mod methods;
mod rows;
mod settings;
mod settings_methods;
pub(crate) use crate::kernel::standing;
mod user;

use self::forums::thread_for;
use self::forums::{close_topic, create_topic, delete_topic, edit_topic, hide_general, make_forum, unpin_topic};
use self::groups::may_send_as;
pub(crate) use self::groups::upgrade;
use self::groups::{
    add_member, ban, ban_sender, create_group, group_changes, group_saved, leave, promote, remove_member, restrict,
    save_group, set_custom_title, set_tag, transition_with, unban, write_group, write_group_for,
};
pub(crate) use self::info::member_info;
use self::info::{administrators, chat_full, member_count};
use self::invites::{
    change_invite, create_invite, create_subscription, export_invite, join_by_link, join_requests, rename_subscription,
    settle_request,
};
pub(crate) use self::rows::chat_details;
use self::settings::{
    chat_permissions, chat_photo, pin, set_chat_sticker_set, set_description, set_permissions, set_photo, set_title,
    unpin, unpin_all,
};

use msg_core::Registrar;
use msg_core::method::{Late, bound, read_only};

use crate::Platform;

/// This domain's Bot API methods, in the order of the Bot API documentation.
pub(crate) fn register(r: &mut Registrar, slot: &Late<Platform>) {
    // Not read-only: a chat photo's file is linked into the bot's directory as it is shown.
    r.method("getChat", bound(slot, methods::get_chat));
    r.method("getChatAdministrators", read_only(bound(slot, methods::get_chat_administrators)));
    r.method("getChatMemberCount", read_only(bound(slot, methods::get_chat_member_count)));
    r.method("getChatMembersCount", read_only(bound(slot, methods::get_chat_member_count)));
    r.method("getChatMember", read_only(bound(slot, methods::get_chat_member)));
    r.method("leaveChat", bound(slot, methods::leave_chat));
    r.method("banChatMember", bound(slot, member_methods::ban_chat_member));
    r.method("kickChatMember", bound(slot, member_methods::ban_chat_member));
    r.method("unbanChatMember", bound(slot, member_methods::unban_chat_member));
    r.method("restrictChatMember", bound(slot, member_methods::restrict_chat_member));
    r.method("promoteChatMember", bound(slot, member_methods::promote_chat_member));
    r.method("setChatAdministratorCustomTitle", bound(slot, member_methods::set_chat_administrator_custom_title));
    r.method("setChatMemberTag", bound(slot, member_methods::set_chat_member_tag));
    r.method("banChatSenderChat", bound(slot, member_methods::ban_chat_sender_chat));
    r.method("unbanChatSenderChat", bound(slot, member_methods::unban_chat_sender_chat));
    r.method("setChatPermissions", bound(slot, settings_methods::set_chat_permissions));
    r.method("setChatPhoto", bound(slot, settings_methods::set_chat_photo));
    r.method("deleteChatPhoto", bound(slot, settings_methods::delete_chat_photo));
    r.method("setChatTitle", bound(slot, settings_methods::set_chat_title));
    r.method("setChatDescription", bound(slot, settings_methods::set_chat_description));
    r.method("pinChatMessage", bound(slot, settings_methods::pin_chat_message));
    r.method("unpinChatMessage", bound(slot, settings_methods::unpin_chat_message));
    r.method("unpinAllChatMessages", bound(slot, settings_methods::unpin_all_chat_messages));
    r.method("exportChatInviteLink", bound(slot, invite_methods::export_chat_invite_link));
    r.method("createChatInviteLink", bound(slot, invite_methods::create_chat_invite_link));
    r.method("editChatInviteLink", bound(slot, invite_methods::edit_chat_invite_link));
    r.method("createChatSubscriptionInviteLink", bound(slot, invite_methods::create_chat_subscription_invite_link));
    r.method("editChatSubscriptionInviteLink", bound(slot, invite_methods::edit_chat_subscription_invite_link));
    r.method("revokeChatInviteLink", bound(slot, invite_methods::revoke_chat_invite_link));
    r.method("approveChatJoinRequest", bound(slot, invite_methods::approve_chat_join_request));
    r.method("declineChatJoinRequest", bound(slot, invite_methods::decline_chat_join_request));
    r.method("setChatStickerSet", bound(slot, settings_methods::set_chat_sticker_set));
    r.method("deleteChatStickerSet", bound(slot, settings_methods::delete_chat_sticker_set));
    r.method("getForumTopicIconStickers", read_only(bound(slot, forum_methods::get_forum_topic_icon_stickers)));
    r.method("createForumTopic", bound(slot, forum_methods::create_forum_topic));
    r.method("editForumTopic", bound(slot, forum_methods::edit_forum_topic));
    r.method("closeForumTopic", bound(slot, forum_methods::close_forum_topic));
    r.method("reopenForumTopic", bound(slot, forum_methods::reopen_forum_topic));
    r.method("deleteForumTopic", bound(slot, forum_methods::delete_forum_topic));
    r.method("unpinAllForumTopicMessages", bound(slot, forum_methods::unpin_all_forum_topic_messages));
    r.method("editGeneralForumTopic", bound(slot, forum_methods::edit_general_forum_topic));
    r.method("closeGeneralForumTopic", bound(slot, forum_methods::close_general_forum_topic));
    r.method("reopenGeneralForumTopic", bound(slot, forum_methods::reopen_general_forum_topic));
    r.method("hideGeneralForumTopic", bound(slot, forum_methods::hide_general_forum_topic));
    r.method("unhideGeneralForumTopic", bound(slot, forum_methods::unhide_general_forum_topic));
    r.method("unpinAllGeneralForumTopicMessages", bound(slot, forum_methods::unpin_all_general_forum_topic_messages));
    r.method("getUserChatBoosts", read_only(bound(slot, methods::get_user_chat_boosts)));
}
