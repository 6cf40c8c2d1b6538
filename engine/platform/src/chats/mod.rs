//! Chats: groups, supergroups and channels ([`groups`]), members and their rights
//! ([`standing`]), a chat's settings and what a viewer sees of it ([`settings`], [`info`]),
//! invite links and join requests ([`invites`]), forum topics ([`forums`]), a channel's direct
//! messages turned on and off ([`direct`]); their Bot API
//! methods ([`methods`], [`invite_methods`], [`forum_methods`]).

mod direct;
pub(crate) mod domain;
mod forum_methods;
mod forums;
mod groups;
mod guard;
mod guard_methods;
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
use self::groups::{
    add_member, ban, ban_sender, create_group, group_changes, group_saved, leave, promote, remove_member, restrict,
    save_group, set_custom_title, set_tag, transition_with, unban, write_group, write_group_for,
};
pub(crate) use self::groups::{join_vouched, upgrade};
pub(crate) use self::info::may_send_kind;
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
