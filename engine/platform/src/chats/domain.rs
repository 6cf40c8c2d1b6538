//! The chats domain as the platform lists it (see [`Domain`]).

use msg_core::method::{Late, bound, read_only};
use msg_core::{Change, PlatformState, Registrar};

use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::PostRule;

pub(crate) struct Chats;

impl Domain for Chats {
    fn name(&self) -> &'static str {
        "chats"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        // Not read-only: a chat photo's file is linked into the bot's directory as it is shown.
        registrar.method("getChat", bound(slot, super::methods::get_chat));
        registrar.method("getChatAdministrators", read_only(bound(slot, super::methods::get_chat_administrators)));
        registrar.method("getChatMemberCount", read_only(bound(slot, super::methods::get_chat_member_count)));
        registrar.method("getChatMembersCount", read_only(bound(slot, super::methods::get_chat_member_count)));
        registrar.method("getChatMember", read_only(bound(slot, super::methods::get_chat_member)));
        registrar.method("leaveChat", bound(slot, super::methods::leave_chat));
        registrar.method("banChatMember", bound(slot, super::member_methods::ban_chat_member));
        registrar.method("kickChatMember", bound(slot, super::member_methods::ban_chat_member));
        registrar.method("unbanChatMember", bound(slot, super::member_methods::unban_chat_member));
        registrar.method("restrictChatMember", bound(slot, super::member_methods::restrict_chat_member));
        registrar.method("promoteChatMember", bound(slot, super::member_methods::promote_chat_member));
        registrar.method(
            "setChatAdministratorCustomTitle",
            bound(slot, super::member_methods::set_chat_administrator_custom_title),
        );
        registrar.method("setChatMemberTag", bound(slot, super::member_methods::set_chat_member_tag));
        registrar.method("banChatSenderChat", bound(slot, super::member_methods::ban_chat_sender_chat));
        registrar.method("unbanChatSenderChat", bound(slot, super::member_methods::unban_chat_sender_chat));
        registrar.method("setChatPermissions", bound(slot, super::settings_methods::set_chat_permissions));
        registrar.method("setChatPhoto", bound(slot, super::settings_methods::set_chat_photo));
        registrar.method("deleteChatPhoto", bound(slot, super::settings_methods::delete_chat_photo));
        registrar.method("setChatTitle", bound(slot, super::settings_methods::set_chat_title));
        registrar.method("setChatDescription", bound(slot, super::settings_methods::set_chat_description));
        registrar.method("pinChatMessage", bound(slot, super::settings_methods::pin_chat_message));
        registrar.method("unpinChatMessage", bound(slot, super::settings_methods::unpin_chat_message));
        registrar.method("unpinAllChatMessages", bound(slot, super::settings_methods::unpin_all_chat_messages));
        registrar.method("exportChatInviteLink", bound(slot, super::invite_methods::export_chat_invite_link));
        registrar.method("createChatInviteLink", bound(slot, super::invite_methods::create_chat_invite_link));
        registrar.method("editChatInviteLink", bound(slot, super::invite_methods::edit_chat_invite_link));
        registrar.method(
            "createChatSubscriptionInviteLink",
            bound(slot, super::invite_methods::create_chat_subscription_invite_link),
        );
        registrar.method(
            "editChatSubscriptionInviteLink",
            bound(slot, super::invite_methods::edit_chat_subscription_invite_link),
        );
        registrar.method("revokeChatInviteLink", bound(slot, super::invite_methods::revoke_chat_invite_link));
        registrar.method("approveChatJoinRequest", bound(slot, super::invite_methods::approve_chat_join_request));
        registrar.method("declineChatJoinRequest", bound(slot, super::invite_methods::decline_chat_join_request));
        registrar.method("answerChatJoinRequestQuery", bound(slot, super::guard_methods::answer_query));
        registrar.method("sendChatJoinRequestWebApp", bound(slot, super::guard_methods::send_web_app));
        registrar.method("setChatStickerSet", bound(slot, super::settings_methods::set_chat_sticker_set));
        registrar.method("deleteChatStickerSet", bound(slot, super::settings_methods::delete_chat_sticker_set));
        registrar.method(
            "getForumTopicIconStickers",
            read_only(bound(slot, super::forum_methods::get_forum_topic_icon_stickers)),
        );
        registrar.method("createForumTopic", bound(slot, super::forum_methods::create_forum_topic));
        registrar.method("editForumTopic", bound(slot, super::forum_methods::edit_forum_topic));
        registrar.method("closeForumTopic", bound(slot, super::forum_methods::close_forum_topic));
        registrar.method("reopenForumTopic", bound(slot, super::forum_methods::reopen_forum_topic));
        registrar.method("deleteForumTopic", bound(slot, super::forum_methods::delete_forum_topic));
        registrar
            .method("unpinAllForumTopicMessages", bound(slot, super::forum_methods::unpin_all_forum_topic_messages));
        registrar.method("editGeneralForumTopic", bound(slot, super::forum_methods::edit_general_forum_topic));
        registrar.method("closeGeneralForumTopic", bound(slot, super::forum_methods::close_general_forum_topic));
        registrar.method("reopenGeneralForumTopic", bound(slot, super::forum_methods::reopen_general_forum_topic));
        registrar.method("hideGeneralForumTopic", bound(slot, super::forum_methods::hide_general_forum_topic));
        registrar.method("unhideGeneralForumTopic", bound(slot, super::forum_methods::unhide_general_forum_topic));
        registrar.method(
            "unpinAllGeneralForumTopicMessages",
            bound(slot, super::forum_methods::unpin_all_general_forum_topic_messages),
        );
        registrar.method("getUserChatBoosts", read_only(bound(slot, super::methods::get_user_chat_boosts)));
    }

    /// Group ids counting on from the groups there are, and each chat's lists as rows.
    fn split_legacy(&self, state: &mut PlatformState) -> Vec<Change> {
        let mut changes = super::groups::group_id_rows(&state.chats);
        for chat in &mut state.chats {
            changes.extend(super::rows::split_legacy(chat));
        }
        changes
    }

    fn post_rules(&self) -> &'static [PostRule] {
        &[super::info::post_rule]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method("createGroup", "`title`, `member_ids`", "the group `Chat`", |c| {
                crate::chats::user::create_group(c, false)
            }),
            method(
                "createChannel",
                "`title`, `member_ids` (subscribers)",
                "the channel `Chat`",
                crate::chats::user::create_channel,
            ),
            method("createSupergroup", "`title`, `member_ids`, `is_forum`", "the supergroup `Chat`", |c| {
                crate::chats::user::create_group(c, true)
            }),
            method(
                "setChatDirectMessagesGroup",
                "`chat_id` (a channel; its owner, or an administrator who may change its info), `is_enabled`",
                "the channel's direct-messages `Chat` (a supergroup with `is_direct_messages`, made the first time); the channel gets `direct_message_price_changed`",
                super::direct::set,
            ),
            method(
                "getDirectMessagesChat",
                "`chat_id` (a channel)",
                "its direct-messages `Chat`, where anyone writes to the channel (each person in a topic of their own, which only they and the channel's administrators see) and suggests posts with `suggested_post_parameters`; `null` while they are off",
                super::direct::get,
            ),
            method(
                "createForumTopic",
                "`chat_id`, `name`, `icon_color`, `icon_custom_emoji_id`",
                "the `ForumTopic`",
                crate::chats::user::create_topic,
            ),
            method("addChatMember", "`chat_id`, `user_id`", "`true`", |c| crate::chats::user::change_member(c, true)),
            method("removeChatMember", "`chat_id`, `user_id`", "`true`", |c| {
                crate::chats::user::change_member(c, false)
            }),
            method("leaveChat", "`chat_id`", "`true`", crate::chats::user::leave_chat),
            method(
                "upgradeGroup",
                "`chat_id` (a basic group; its creator)",
                "the supergroup `Chat`",
                crate::chats::user::upgrade,
            ),
            method(
                "joinChat",
                "`invite_link`",
                "`true` once joined; `{\"guard_bot\",\"query_id\"}` when the chat's guard bot asks for its Mini App first",
                super::guard_methods::join_chat,
            ),
            method(
                "getGuardBotWebAppUrl",
                "`query_id` (from `joinChat`)",
                "`{\"url\",\"init_data\",\"guard_bot\"}`: the Mini App to open, its launch data signed by the bot's token",
                super::guard_methods::web_app_url,
            ),
            method(
                "setChatGuardBot",
                "`chat_id`, `bot_id` (0 removes it)",
                "`true`; the bot decides the supergroup's join requests (one who may restrict members; a bot with join request queries on, an administrator who may invite users)",
                super::guard_methods::set_guard,
            ),
            method(
                "getChatJoinRequests",
                "`chat_id` (an administrator who may invite)",
                "the pending `ChatJoinRequest`s, oldest first",
                crate::chats::user::join_requests,
            ),
            method("approveChatJoinRequest", "`chat_id`, `user_id`", "`true`; the person joins", |c| {
                crate::chats::user::settle_request(c, true)
            }),
            method("declineChatJoinRequest", "`chat_id`, `user_id`", "`true`", |c| {
                crate::chats::user::settle_request(c, false)
            }),
            method(
                "createChatInviteLink",
                "`chat_id`, `name`, `expire_date`, `member_limit`, `creates_join_request`",
                "the `ChatInviteLink`",
                crate::chats::user::create_invite,
            ),
            method(
                "revokeChatInviteLink",
                "`chat_id`, `invite_link`",
                "the revoked `ChatInviteLink`",
                crate::chats::user::revoke_invite,
            ),
            method(
                "promoteChatMember",
                "`chat_id`, `user_id`, the `can_*` rights and `is_anonymous` as the Bot API's",
                "`true`",
                crate::chats::user::promote,
            ),
            method("banChatMember", "`chat_id`, `user_id`, `until_date`", "`true`", crate::chats::user::ban),
            method("unbanChatMember", "`chat_id`, `user_id`, `only_if_banned`", "`true`", crate::chats::user::unban),
            method(
                "restrictChatMember",
                "`chat_id`, `user_id`, `permissions`, `use_independent_chat_permissions`, `until_date`",
                "`true`",
                crate::chats::user::restrict,
            ),
            method(
                "setChatPermissions",
                "`chat_id`, `permissions`, `use_independent_chat_permissions`",
                "`true`",
                crate::chats::user::set_permissions,
            ),
            method("setChatTitle", "`chat_id`, `title`", "`true`", crate::chats::user::set_title),
            method("setChatPhoto", "`chat_id`, `photo` (a multipart part)", "`true`", crate::chats::user::set_photo),
            method("deleteChatPhoto", "`chat_id`", "`true`", crate::chats::user::delete_photo),
            method("setChatDescription", "`chat_id`, `description`", "`true`", crate::chats::user::set_description),
            method("pinChatMessage", "`chat_id`, `message_id`", "`true`", crate::chats::user::pin),
        ]
    }
}
