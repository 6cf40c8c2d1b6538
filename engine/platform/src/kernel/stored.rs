//! A message as the platform keeps it: the schema's [`types::Message`], typed, so a message can
//! neither carry a field the Bot API does not declare nor miss one it requires. Its `chat` is
//! not the platform's to store (each viewer sees the chat their own way: a private chat shows its
//! other side): a stored message's chat, and the chats of the messages it carries (the one it
//! replies to, the one a pin names, of the same chat), are placeholders that [`set_chat`] fills
//! in for each viewer. Messages stored before they were typed have no `chat` at all; [`parse`]
//! reads those too.

use msg_core::ApiError;
use msg_spec::types::{self, MaybeInaccessibleMessage, Message};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The fields of a message that carry another message of the same chat.
const CARRIED: [&str; 2] = ["reply_to_message", "pinned_message"];

/// The text a message is stored as (its chat a placeholder).
pub(crate) fn payload(message: &Message) -> String {
    serde_json::to_string(message).expect("generated types serialize")
}

/// A stored message, read back; `None` for a text that is not one.
pub(crate) fn parse(payload: &str) -> Option<Message> {
    if let Ok(message) = serde_json::from_str(payload) {
        return Some(upgraded(message));
    }
    // Stored without a chat (before messages were typed), or not a message at all.
    let mut value: Value = serde_json::from_str(payload).ok()?;
    fill_chat(&mut value);
    match serde_json::from_value(value) {
        Ok(message) => Some(upgraded(message)),
        Err(e) => {
            tracing::warn!("a stored message does not read as a Message: {e}");
            None
        }
    }
}

/// A message stored by an earlier version in today's shape: a quiz stored with its one
/// `correct_option_id` (before Bot API 9.6) gets `correct_option_ids` too, and options stored
/// without a `persistent_id` get the one a new poll's would have (their place).
fn upgraded(mut message: Message) -> Message {
    let quizzes = [Some(&mut message.poll), message.reply_to_message.as_deref_mut().map(|m| &mut m.poll)];
    for poll in quizzes.into_iter().flatten().filter_map(|p| p.as_deref_mut()) {
        if poll.correct_option_ids.is_none() {
            poll.correct_option_ids = poll.correct_option_id.map(|id| vec![id]);
        }
        for (i, option) in poll.options.iter_mut().enumerate().filter(|(_, o)| o.persistent_id.is_empty()) {
            option.persistent_id = i.to_string();
        }
    }
    message
}

fn fill_chat(value: &mut Value) {
    let Some(fields) = value.as_object_mut() else { return };
    if !fields.contains_key("chat") {
        fields.insert("chat".into(), json!({"id": 0, "type": "private"}));
    }
    for field in CARRIED {
        if let Some(carried) = fields.get_mut(field) {
            fill_chat(carried);
        }
    }
}

/// Puts the viewer's `chat` into a message and the messages it carries.
pub(crate) fn set_chat(message: &mut Message, chat: &types::Chat) {
    *message.chat = chat.clone();
    if let Some(replied) = message.reply_to_message.as_deref_mut() {
        set_chat(replied, chat);
    }
    // The messages a service message carries are in its chat too.
    let carried = [
        message.pinned_message.as_deref_mut(),
        message.poll_option_added.as_deref_mut().and_then(|a| a.poll_message.as_deref_mut()),
        message.poll_option_deleted.as_deref_mut().and_then(|d| d.poll_message.as_deref_mut()),
    ];
    for inner in carried.into_iter().flatten() {
        match inner {
            MaybeInaccessibleMessage::Message(inner) => set_chat(inner, chat),
            MaybeInaccessibleMessage::InaccessibleMessage(inner) => *inner.chat = chat.clone(),
        }
    }
    // A suggested post's service messages carry the suggestion (in the same chat).
    let suggestions = [
        message.suggested_post_approved.as_deref_mut().and_then(|m| m.suggested_post_message.as_deref_mut()),
        message.suggested_post_approval_failed.as_deref_mut().and_then(|m| m.suggested_post_message.as_deref_mut()),
        message.suggested_post_declined.as_deref_mut().and_then(|m| m.suggested_post_message.as_deref_mut()),
        message.suggested_post_paid.as_deref_mut().and_then(|m| m.suggested_post_message.as_deref_mut()),
        message.suggested_post_refunded.as_deref_mut().and_then(|m| m.suggested_post_message.as_deref_mut()),
    ];
    for inner in suggestions.into_iter().flatten() {
        set_chat(inner, chat);
    }
}

/// `message` as `chat`'s viewer sees it.
pub(crate) fn with_chat(mut message: Message, chat: &types::Chat) -> Message {
    set_chat(&mut message, chat);
    message
}

/// A part of a message built as JSON elsewhere (a file's object from the file store, a keyboard
/// or entities a client sent, normalised), as its schema type; one that does not fit is refused
/// with `can't parse <what>`.
pub(crate) fn decode<T: DeserializeOwned>(value: Value, what: &str) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::bad_request(format!("can't parse {what}: {e}")))
}

/// Entities as a message carries them: none when there are none.
pub(crate) fn entity_list(entities: Option<Value>) -> Result<Option<Vec<types::MessageEntity>>, ApiError> {
    match entities {
        Some(Value::Array(items)) if !items.is_empty() => decode(Value::Array(items), "entities").map(Some),
        _ => Ok(None),
    }
}

/// A kind of message content a domain brings: how to tell a message holds it, and the group
/// permission that covers sending it.
pub(crate) struct ContentKind {
    /// Whether a message holds it (its `Message` field: `photo`, `venue`, ...).
    pub present: fn(&Message) -> bool,
    /// The permission that covers sending it (polls their own; dice, stickers, animations and
    /// games the "other messages"; places and contacts plain messages) ...
    pub right: fn(&types::ChatPermissions) -> Option<bool>,
    /// ... and how a refusal names it, as TDLib does (`not enough rights to send photos to the
    /// chat`).
    pub plural: &'static str,
}

/// Whether a message is a service message (members, title, photo, pins, topics, ...): such
/// messages can't be forwarded, copied or pinned.
pub(crate) fn is_service(m: &Message) -> bool {
    m.new_chat_members.is_some()
        || m.left_chat_member.is_some()
        || m.new_chat_title.is_some()
        || m.new_chat_photo.is_some()
        || m.delete_chat_photo.is_some()
        || m.group_chat_created.is_some()
        || m.supergroup_chat_created.is_some()
        || m.channel_chat_created.is_some()
        || m.migrate_to_chat_id.is_some()
        || m.migrate_from_chat_id.is_some()
        || m.pinned_message.is_some()
        || m.forum_topic_created.is_some()
        || m.forum_topic_edited.is_some()
        || m.forum_topic_closed.is_some()
        || m.forum_topic_reopened.is_some()
        || m.general_forum_topic_hidden.is_some()
        || m.general_forum_topic_unhidden.is_some()
        || m.successful_payment.is_some()
        || m.refunded_payment.is_some()
        || m.managed_bot_created.is_some()
        || m.users_shared.is_some()
        || m.chat_shared.is_some()
        || m.poll_option_added.is_some()
        || m.poll_option_deleted.is_some()
        || m.gift.is_some()
        || m.unique_gift.is_some()
        || m.gift_upgrade_sent.is_some()
        || m.direct_message_price_changed.is_some()
        || m.suggested_post_approved.is_some()
        || m.suggested_post_approval_failed.is_some()
        || m.suggested_post_declined.is_some()
        || m.suggested_post_paid.is_some()
        || m.suggested_post_refunded.is_some()
        || m.community_chat_added.is_some()
        || m.community_chat_removed.is_some()
        || m.community_chat_joined.is_some()
}

/// Whether a message's content is a file, a place, a contact, a dice, a poll, a game, an
/// invoice or paid media (so its text, if any, is a caption), rather than text.
pub(crate) fn has_media(m: &Message) -> bool {
    has_file(m)
        || m.paid_media.is_some()
        || m.game.is_some()
        || m.invoice.is_some()
        || m.contact.is_some()
        || m.dice.is_some()
        || m.location.is_some()
        || m.venue.is_some()
        || m.poll.is_some()
        || m.widget.is_some()
}

/// Whether a message has a file (the content `editMessageMedia` replaces).
pub(crate) fn has_file(m: &Message) -> bool {
    m.animation.is_some()
        || m.audio.is_some()
        || m.document.is_some()
        || m.photo.is_some()
        || m.sticker.is_some()
        || m.video.is_some()
        || m.video_note.is_some()
        || m.voice.is_some()
}

/// Puts the file of `from` (and how it shows) in place of `m`'s, without a caption.
pub(crate) fn replace_file(m: &mut Message, from: Message) {
    m.animation = from.animation;
    m.audio = from.audio;
    m.document = from.document;
    m.photo = from.photo;
    m.live_photo = from.live_photo;
    m.sticker = from.sticker;
    m.video = from.video;
    m.video_note = from.video_note;
    m.voice = from.voice;
    m.has_media_spoiler = from.has_media_spoiler;
    m.show_caption_above_media = from.show_caption_above_media;
    clear_caption(m);
}

/// Removes a message's caption.
pub(crate) fn clear_caption(m: &mut Message) {
    m.caption = None;
    m.caption_entities = None;
}

/// Whether `edited` is `original` but for when it was last edited (compared in place, without
/// a copy of either).
pub(crate) fn same_but_edit_date(original: &Message, edited: &mut Message) -> bool {
    let date = std::mem::replace(&mut edited.edit_date, original.edit_date);
    let same = original == edited;
    edited.edit_date = date;
    same
}

/// Whether a message is past the 48 hours in which it may be deleted.
pub(crate) fn past_deletion_window(m: &Message, now: i64) -> bool {
    m.date != 0 && now - m.date > 48 * 3600
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> Message {
        Message { message_id: 1, date: 5, text: Some(text.into()), ..Message::default() }
    }

    #[test]
    fn a_stored_message_reads_back_with_each_viewers_chat() {
        let mut sent = message("a");
        sent.reply_to_message = Some(Box::new(message("b")));
        let stored = payload(&sent);
        // Stored as the reference prints a message: its id, then the chat, the date, the text.
        assert!(stored.starts_with(r#"{"message_id":1,"chat":{"id":0,"type":""},"date":5,"#), "{stored}");
        let back = parse(&stored).expect("reads back");
        let chat = types::Chat { id: 7, r#type: "group".into(), ..types::Chat::default() };
        let seen = with_chat(back, &chat);
        assert_eq!((seen.chat.id, seen.reply_to_message.as_ref().map(|r| r.chat.id)), (7, Some(7)));
        assert_eq!(seen.text.as_deref(), Some("a"));
    }

    #[test]
    fn a_message_stored_without_a_chat_still_reads() {
        let old = r#"{"message_id":3,"from":{"id":1,"is_bot":false,"first_name":"A"},"date":9,
            "reply_to_message":{"message_id":2,"date":8,"text":"b"},"text":"a"}"#;
        let back = parse(old).expect("reads back");
        assert_eq!((back.message_id, back.reply_to_message.map(|r| r.message_id)), (3, Some(2)));
    }

    #[test]
    fn a_quiz_stored_before_bot_api_9_6_reads_with_its_correct_option_ids() {
        let old = r#"{"message_id":1,"chat":{"id":0,"type":"private"},"date":1,"poll":{"id":"p","question":"Q",
            "options":[{"text":"a","voter_count":0},{"text":"b","voter_count":0}],"total_voter_count":0,
            "is_closed":false,"is_anonymous":true,"type":"quiz","allows_multiple_answers":false,"correct_option_id":1}}"#;
        let poll = parse(old).expect("it reads").poll.expect("a poll");
        assert_eq!((poll.correct_option_id, poll.correct_option_ids), (Some(1), Some(vec![1])));
        assert!(!poll.allows_revoting && !poll.members_only, "later flags read as false");
        assert_eq!(poll.options[1].persistent_id, "1");
    }

    #[test]
    fn a_text_that_is_not_a_message_reads_as_none() {
        assert!(parse(r#"{"message_id": 1, "date": 1, "undeclared": true}"#).is_none());
        assert!(parse("not json").is_none());
    }

    #[test]
    fn an_edit_that_only_moves_the_edit_date_changes_nothing() {
        let mut before = message("a");
        before.edit_date = Some(5);
        assert!(same_but_edit_date(&before, &mut message("a")));
        assert!(same_but_edit_date(&message("a"), &mut before.clone()));
        assert_eq!(before.edit_date, Some(5), "the edit keeps its own date");
        assert!(!same_but_edit_date(&before, &mut message("b")));
        let mut with_keyboard = message("a");
        with_keyboard.reply_markup = Some(Box::default());
        assert!(!same_but_edit_date(&before, &mut with_keyboard));
    }

    #[test]
    fn media_and_files_are_told_apart_from_text() {
        let venue = Message { venue: Some(Box::default()), location: Some(Box::default()), ..Message::default() };
        assert!(has_media(&venue) && !has_media(&message("a")) && !has_file(&venue));
    }

    #[test]
    fn messages_are_deleted_for_48_hours() {
        let now = 1_800_000_000;
        let sent = |ago: i64| Message { message_id: 1, date: now - ago, ..Message::default() };
        assert!(!past_deletion_window(&sent(0), now));
        assert!(!past_deletion_window(&sent(48 * 3600), now));
        assert!(past_deletion_window(&sent(48 * 3600 + 1), now));
        // A message without a date (never stored so) is never too old.
        assert!(!past_deletion_window(&Message { message_id: 1, ..Message::default() }, now));
    }
}
