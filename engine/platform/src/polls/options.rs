//! What polls 2.0 (Bot API 9.6-10.0) keep beside the `Poll` the Bot API shows: a poll's
//! settings (options people may add, options shown shuffled, results hidden until it closes),
//! what a person is shown because of them, and the options people add and delete (the
//! user-side `addPollOption` and `deletePollOption`), each one act: the poll, its votes, the
//! `poll_option_added` / `poll_option_deleted` service message and the bot's `poll` update.

use msg_core::{ApiError, UserRecord};
use msg_spec::types::{self, MaybeInaccessibleMessage, Message, Poll};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::world::{Actor, Content, Conversation, Hooked, PersonView, Platform, now, person, typed};
use crate::messages;
use crate::messages::posting::{put_message, sender_id};

/// A poll's settings the Bot API never writes: scope 0, key the poll's id; stored with the
/// poll's message when any is set (a forwarded poll, the same poll, keeps them).
pub(super) const POLL_SETTINGS: Table<PollSettings> = Table::new("poll_settings");

/// The most options a poll has, people's included.
const MOST_OPTIONS: usize = 12;

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(super) struct PollSettings {
    /// `allow_adding_options`: people may add options (regular polls only).
    #[serde(default)]
    pub adding: bool,
    /// `shuffle_options`: each person's app shows the options in an order of its own.
    #[serde(default)]
    pub shuffle: bool,
    /// `hide_results_until_closes`: people see no counts while the poll is open (bots do).
    #[serde(default)]
    pub hide: bool,
    /// The `persistent_id` the next option people add gets (ids are never reused).
    #[serde(default)]
    pub next_option: i64,
}

impl PollSettings {
    /// The settings `sendPoll`'s parameters ask for (the reference reads each with `to_bool`);
    /// `None` when none is set.
    fn asked(params: &msg_core::Params, poll: &Poll) -> Option<PollSettings> {
        let settings = PollSettings {
            // Not for quizzes (TDLib turns it off) nor anonymous polls (the Bot API: an added
            // option names who added it).
            adding: params.boolean("allow_adding_options") && poll.r#type != "quiz" && !poll.is_anonymous,
            shuffle: params.boolean("shuffle_options"),
            hide: params.boolean("hide_results_until_closes"),
            next_option: poll.options.len() as i64,
        };
        (settings.adding || settings.shuffle || settings.hide).then_some(settings)
    }
}

/// The most settings [`super::PollsState`] keeps in memory (then it starts again).
const REMEMBERED: usize = 10_000;

/// Remembers the settings of poll `id` about to be stored, for views written before the act
/// commits (its deliveries); `settings` is the row stored with the poll's message.
pub(super) fn remember(platform: &Platform, id: &str, settings: Option<&PollSettings>) {
    let mut known = platform.state::<super::PollsState>().settings.lock().expect("not poisoned");
    if known.len() >= REMEMBERED {
        known.clear();
    }
    known.insert(id.to_owned(), settings.cloned());
}

/// The settings of poll `id`, if it has any.
async fn settings_of(platform: &Platform, id: &str) -> Result<Option<PollSettings>, ApiError> {
    let known = platform.state::<super::PollsState>().settings.lock().expect("not poisoned").get(id).cloned();
    if let Some(known) = known {
        return Ok(known);
    }
    let stored = POLL_SETTINGS.get(platform.storage.as_ref(), 0, id).await?;
    remember(platform, id, stored.as_ref());
    Ok(stored)
}

/// The row storing the settings `sendPoll`'s parameters ask for (if any) with the poll's
/// message, remembered for the message's first views.
pub(super) fn stored_with(platform: &Platform, params: &msg_core::Params, poll: &Poll) -> Option<msg_core::Change> {
    let settings = PollSettings::asked(params, poll);
    remember(platform, &poll.id, settings.as_ref());
    Some(POLL_SETTINGS.put(0, &poll.id, &settings?))
}

/// Polls' [`PersonView`]: the messages that show a poll, themselves or in what they carry.
pub(super) static PERSON_VIEW: PersonView = PersonView { concerns: shows_poll, rule: shown_rule };

fn shows_poll(m: &Message) -> bool {
    let inner = |carried: &Option<Box<MaybeInaccessibleMessage>>| matches!(carried.as_deref(), Some(MaybeInaccessibleMessage::Message(m)) if m.poll.is_some());
    m.poll.is_some()
        || m.reply_to_message.as_ref().is_some_and(|r| r.poll.is_some())
        || m.external_reply.as_ref().is_some_and(|r| r.poll.is_some())
        || inner(&m.pinned_message)
        || m.poll_option_added.as_ref().is_some_and(|a| inner(&a.poll_message))
        || m.poll_option_deleted.as_ref().is_some_and(|d| inner(&d.poll_message))
}

fn shown_rule<'a>(platform: &'a Platform, _message: &'a Message, value: &'a mut Value) -> Hooked<'a, ()> {
    Box::pin(async move {
        for path in [
            &["poll"][..],
            &["reply_to_message", "poll"],
            &["external_reply", "poll"],
            &["pinned_message", "poll"],
            &["poll_option_added", "poll_message", "poll"],
            &["poll_option_deleted", "poll_message", "poll"],
        ] {
            if let Some(poll) = path.iter().try_fold(&mut *value, |v, name| v.get_mut(*name)) {
                show_poll(platform, poll).await?;
            }
        }
        Ok(())
    })
}

/// A poll (as JSON) as a person sees it: with the settings their app needs
/// (`allow_adding_options`, `shuffle_options`, `hide_results_until_closes`), and while it is
/// open without its counts when they are hidden.
pub(super) async fn show_poll(platform: &Platform, poll: &mut Value) -> Result<(), ApiError> {
    let Some(id) = poll.get("id").and_then(Value::as_str) else { return Ok(()) };
    let Some(settings) = settings_of(platform, id).await? else { return Ok(()) };
    for (name, set) in [
        ("allow_adding_options", settings.adding),
        ("shuffle_options", settings.shuffle),
        ("hide_results_until_closes", settings.hide),
    ] {
        if set {
            poll[name] = Value::Bool(true);
        }
    }
    let closing = poll.get("close_date").and_then(Value::as_i64).filter(|d| *d != 0);
    let open = !poll["is_closed"].as_bool().unwrap_or(false) && closing.is_none_or(|d| d > now());
    if settings.hide && open {
        poll["total_voter_count"] = 0.into();
        for option in poll["options"].as_array_mut().into_iter().flatten() {
            option["voter_count"] = 0.into();
        }
    }
    Ok(())
}

/// A person adds an option to the poll of message `message_id`; the service message as the
/// person sees it.
pub(super) async fn add_option(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
    option: types::PollOption,
) -> Result<Value, ApiError> {
    let _poll_state = platform.state::<super::PollsState>().lock.lock().await;
    let _message = messages::lock_message(platform, conversation, message_id).await;
    let (mut stored, poll) = open_poll(platform, conversation, message_id).await?;
    let mut settings = POLL_SETTINGS.get(platform.storage.as_ref(), 0, &poll.id).await?.unwrap_or_default();
    if !settings.adding {
        return Err(ApiError::bad_request("POLL_ADDING_OPTIONS_DISABLED"));
    }
    if poll.options.len() >= MOST_OPTIONS {
        return Err(ApiError::bad_request("poll can't have more than 12 options"));
    }
    if poll.options.iter().any(|o| o.text == option.text) {
        return Err(ApiError::bad_request("POLL_OPTION_DUPLICATE"));
    }
    let option = types::PollOption {
        persistent_id: settings.next_option.to_string(),
        added_by_user: Some(Box::new(person(user))),
        addition_date: Some(now()),
        ..option
    };
    settings.next_option += 1;
    let news = types::PollOptionAdded {
        poll_message: None,
        option_persistent_id: option.persistent_id.clone(),
        option_text: option.text.clone(),
        option_text_entities: option.text_entities.clone(),
    };
    let poll = stored.poll.as_deref_mut().expect("open_poll found a poll");
    poll.options.push(option);
    let poll_id = poll.id.clone();
    let act = Act::with(vec![put_message(conversation, &stored), POLL_SETTINGS.put(0, &poll_id, &settings)]);
    let body = Message { poll_option_added: Some(Box::new(news)), ..Default::default() };
    tell_change(platform, act, user, conversation, stored, body).await
}

/// A person deletes an option people added: the poll's author any such option, the person who
/// added it their own. Votes for it are withdrawn (a voter left with none no longer counts).
pub(super) async fn delete_option(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
    persistent_id: &str,
) -> Result<Value, ApiError> {
    let _poll_state = platform.state::<super::PollsState>().lock.lock().await;
    let _message = messages::lock_message(platform, conversation, message_id).await;
    let (mut stored, poll) = open_poll(platform, conversation, message_id).await?;
    let Some(index) = poll.options.iter().position(|o| o.persistent_id == persistent_id) else {
        return Err(ApiError::bad_request("POLL_OPTION_INVALID"));
    };
    let option = &poll.options[index];
    let adder = option.added_by_user.as_ref().map(|u| u.id);
    // The poll's author: its sender, or for a channel's post whoever may edit it.
    let author = match messages::manages_channel_post(platform, user.id, conversation, &stored).await? {
        Some(manages) => manages,
        None => sender_id(&stored) == Some(user.id),
    };
    if adder.is_none() || !(author || adder == Some(user.id)) {
        return Err(ApiError::bad_request("POLL_OPTION_DELETE_FORBIDDEN"));
    }
    let news = types::PollOptionDeleted {
        poll_message: None,
        option_persistent_id: option.persistent_id.clone(),
        option_text: option.text.clone(),
        option_text_entities: option.text_entities.clone(),
    };
    // Each voter's choice names options by their place: those after it move up one.
    let mut changes = Vec::new();
    let mut lost_voters = 0;
    let index = index as i64;
    for (voter, chosen) in super::POLL_VOTES.find(platform.storage.as_ref(), &poll.id).await? {
        if !chosen.iter().any(|o| *o >= index) {
            continue;
        }
        let kept: Vec<i64> =
            chosen.iter().filter(|o| **o != index).map(|o| if *o > index { o - 1 } else { *o }).collect();
        if kept.is_empty() {
            lost_voters += 1;
            changes.push(super::POLL_VOTES.delete(voter, &poll.id));
        } else {
            changes.push(super::POLL_VOTES.put(voter, &poll.id, &kept));
        }
    }
    let poll = stored.poll.as_deref_mut().expect("open_poll found a poll");
    poll.options.remove(index as usize);
    poll.total_voter_count = (poll.total_voter_count - lost_voters).max(0);
    changes.push(put_message(conversation, &stored));
    let body = Message { poll_option_deleted: Some(Box::new(news)), ..Default::default() };
    tell_change(platform, Act::with(changes), user, conversation, stored, body).await
}

/// The open poll of a stored message, and the message.
async fn open_poll(
    platform: &Platform,
    conversation: Conversation,
    message_id: i64,
) -> Result<(Message, Poll), ApiError> {
    let Some(stored) = messages::load_message(platform, conversation, message_id).await? else {
        return Err(ApiError::bad_request("message not found"));
    };
    let Some(poll) = stored.poll.as_deref().cloned() else {
        return Err(ApiError::bad_request("message is not a poll"));
    };
    if poll.is_closed || poll.close_date.is_some_and(|d| d != 0 && d <= now()) {
        return Err(ApiError::bad_request("POLL_CLOSED"));
    }
    // A forward shares the poll (its votes) but not its list of options: options change in
    // the poll's own message only.
    if stored.forward_origin.is_some() {
        return Err(ApiError::bad_request("poll options can be changed only in the poll's own message"));
    }
    Ok((stored, poll))
}

/// Completes an act that changed the poll of `stored`: the poll's bot gets `poll`, and
/// everyone the service message `body` (which carries the poll's message as it now is),
/// stored together; the service message as `user` sees it.
async fn tell_change(
    platform: &Platform,
    mut act: Act,
    user: &UserRecord,
    conversation: Conversation,
    stored: Message,
    mut body: Message,
) -> Result<Value, ApiError> {
    let poll = stored.poll.as_deref().cloned().expect("a poll message");
    let thread = stored.message_thread_id.filter(|_| stored.is_topic_message == Some(true));
    if let Some(bot) = super::poll_owner(platform, conversation, &stored).await? {
        super::tell_poll(platform, &mut act, &bot, conversation, &poll).await?;
    }
    // The poll's message as a service message carries it: without the message it replies to.
    let carried = Some(Box::new(MaybeInaccessibleMessage::Message(Message { reply_to_message: None, ..stored })));
    if let Some(added) = body.poll_option_added.as_deref_mut() {
        added.poll_message = carried;
    } else if let Some(deleted) = body.poll_option_deleted.as_deref_mut() {
        deleted.poll_message = carried;
    }
    let actor = Actor::User(user.clone());
    // In the poll's forum topic, if it has one.
    let content = Content { thread, ..Content::of(body) };
    let mut posted = messages::post_in(platform, &mut act, &actor, conversation, content).await?;
    platform.commit(act).await?;
    messages::message_for_person(platform, conversation, &mut posted, user.id).await
}

/// `poll` as person `viewer` sees it (`votePoll`'s answer).
pub(super) async fn poll_for_person(platform: &Platform, poll: &Poll, viewer: i64) -> Result<Value, ApiError> {
    let mut shown = typed(poll);
    platform.files.adopt(&mut shown, viewer, false).await?;
    show_poll(platform, &mut shown).await?;
    Ok(shown)
}
