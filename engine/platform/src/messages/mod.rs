//! Messages: posting and its fan-out to every recipient ([`posting`]), sending ([`send`]: the
//! options every send shares), edits, deletions and drafts ([`editing`], resolving the message
//! a method names in [`target`]), forwards and copies ([`forwarding`]), locations, venues,
//! contacts and dice ([`bodies`]), reactions
//! ([`reactions`]) and how long messages are kept ([`history`]).

pub(crate) mod bodies;
mod checklists;
pub(crate) mod domain;
mod drafts;
pub(crate) mod editing;
pub(crate) mod ephemeral;
pub(crate) mod ephemeral_store;
mod forwarding;
pub(crate) mod guest;
pub(crate) mod history;
mod personal;
pub(crate) mod posting;
mod reactions;
pub(crate) mod send;
pub(crate) mod target;
pub(crate) mod user;

pub(crate) use self::posting::{
    DraftText, draft, edit_media, load_message, load_message_seen, lock_message, manages_channel_post, message_for,
    message_for_person, moved, post, post_in, publish_edit_with, put_message,
};
use self::posting::{
    chat_action, delete, edit_caption, edit_live_location, edit_markup, edit_text, forward, may_delete, may_post,
    post_reply,
};
pub(crate) use self::reactions::attach_reactions;

/// Whether a draft part offers the person a stop button (`sendMessageDraft`'s `can_stop`,
/// `keep_on_stop`), and its thread.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct DraftStop {
    pub(crate) can_stop: bool,
    pub(crate) keep_on_stop: bool,
    pub(crate) thread: Option<i64>,
}
use self::reactions::react;
