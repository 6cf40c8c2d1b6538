//! The chats domain as the platform lists it (see [`Domain`]).

use msg_core::method::Late;
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
        super::register(registrar, slot);
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
            method("joinChat", "`invite_link`", "`true`", crate::chats::user::join_chat),
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
