//! Messages: posting and its fan-out to every recipient ([`posting`]), sending ([`send`]: the
//! options every send shares), edits, deletions and drafts ([`editing`], resolving the message
//! a method names in [`target`]), forwards and copies ([`forwarding`]), locations, venues,
//! contacts and dice ([`bodies`]), reactions
//! ([`reactions`]) and how long messages are kept ([`history`]).

pub(crate) mod bodies;
pub(crate) mod domain;
pub(crate) mod editing;
mod forwarding;
pub(crate) mod history;
pub(crate) mod posting;
mod reactions;
pub(crate) mod send;
pub(crate) mod target;
pub(crate) mod user;

use self::posting::{
    chat_action, delete, draft, edit_caption, edit_live_location, edit_markup, edit_text, forward, may_delete,
    may_post, moved, post_reply,
};
pub(crate) use self::posting::{
    edit_media, load_message, lock_message, manages_channel_post, message_for, post, post_in, publish_edit_with,
};
pub(crate) use self::reactions::attach_reactions;
use self::reactions::react;

use msg_core::Registrar;
use msg_core::method::{Late, bound};

use crate::Platform;

/// This domain's Bot API methods, in the order of the Bot API documentation.
pub(crate) fn register(r: &mut Registrar, slot: &Late<Platform>) {
    r.method("sendMessage", bound(slot, send::send_message));
    r.method("forwardMessage", bound(slot, forwarding::forward_message));
    r.method("forwardMessages", bound(slot, forwarding::forward_messages));
    r.method("copyMessage", bound(slot, forwarding::copy_message));
    r.method("copyMessages", bound(slot, forwarding::copy_messages));
    r.method("sendLocation", bound(slot, bodies::send_location));
    r.method("sendVenue", bound(slot, bodies::send_venue));
    r.method("sendContact", bound(slot, bodies::send_contact));
    r.method("sendChecklist", bound(slot, editing::business_checklist));
    r.method("sendDice", bound(slot, bodies::send_dice));
    r.method("sendMessageDraft", bound(slot, editing::send_message_draft));
    r.method("sendChatAction", bound(slot, send::send_chat_action));
    r.method("editMessageText", bound(slot, editing::edit_message_text));
    r.method("editMessageCaption", bound(slot, editing::edit_message_caption));
    r.method("editMessageLiveLocation", bound(slot, editing::edit_message_live_location));
    r.method("stopMessageLiveLocation", bound(slot, editing::stop_message_live_location));
    r.method("editMessageChecklist", bound(slot, editing::business_checklist));
    r.method("editMessageReplyMarkup", bound(slot, editing::edit_message_reply_markup));
    r.method("setMessageReaction", bound(slot, editing::set_message_reaction));
    r.method("deleteMessage", bound(slot, editing::delete_message));
    r.method("deleteMessages", bound(slot, editing::delete_messages));
}
