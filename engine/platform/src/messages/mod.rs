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
