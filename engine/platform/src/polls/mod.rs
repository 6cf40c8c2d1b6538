//! Polls: a poll is a message whose `poll` field holds the poll as everyone sees it (counts
//! included); each voter's choice is a row of its own ([`POLL_VOTES`]), so votes can change (regular
//! polls) or not (quizzes, polls without revoting). A bot's poll tells its bot: non-anonymous
//! votes as `poll_answer`, the new state as `poll`. People vote through the user-side
//! `votePoll` and send polls with the user-side `sendPoll`; the settings of polls 2.0 and the
//! options people add and delete are `options.rs`'s.

pub(crate) mod domain;
mod media;
mod methods;
mod options;
mod user;

use msg_core::{ApiError, BotRecord, Change, NewUpdate, UserRecord};
use msg_spec::types::{self, Message, Poll};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::serial::Entity;
use crate::kernel::world::{Conversation, MESSAGE_TTL, Platform, now, person, typed};
use crate::messages;
use crate::messages::posting::{put_message, sender_id, set_markup};

/// A person votes (`options` empty: retracts) in the poll of message `message_id`.
async fn vote(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
    options: Vec<i64>,
) -> Result<Value, ApiError> {
    let _poll_state = platform.state::<PollsState>().lock.lock().await;
    let _message = messages::lock_message(platform, conversation, message_id).await;
    let Some(mut stored) = messages::load_message(platform, conversation, message_id).await? else {
        return Err(ApiError::bad_request("message not found"));
    };
    // A bot's poll tells its bot; a person's poll tells nobody.
    let bot = poll_owner(platform, conversation, &stored).await?;
    let Some(poll) = stored.poll.as_deref_mut() else {
        return Err(ApiError::bad_request("message is not a poll"));
    };
    let close_date = poll.close_date.unwrap_or(0);
    if poll.is_closed || (close_date != 0 && close_date <= now()) {
        return Err(ApiError::bad_request("POLL_CLOSED"));
    }
    let count = poll.options.len() as i64;
    let mut options = options;
    options.sort_unstable();
    options.dedup();
    if options.iter().any(|o| *o < 0 || *o >= count) || (options.len() > 1 && !poll.allows_multiple_answers) {
        return Err(ApiError::bad_request("OPTION_INVALID"));
    }
    if !options.is_empty() {
        may_vote(platform, user, conversation, poll, stored.date).await?;
    }
    // Each voter's choice is kept with the voter; the counts everyone sees with the poll.
    let _voter = platform.locks.lock(Entity::User(user.id)).await;
    let old = POLL_VOTES.get(platform.storage.as_ref(), user.id, &poll.id).await?;
    if old.is_some() && !poll.allows_revoting {
        return Err(ApiError::bad_request("REVOTE_NOT_ALLOWED"));
    }
    for (i, option) in poll.options.iter_mut().enumerate() {
        let i = i as i64;
        let was = old.as_ref().is_some_and(|o| o.contains(&i));
        let is = options.contains(&i);
        option.voter_count = (option.voter_count - i64::from(was) + i64::from(is)).max(0);
    }
    poll.total_voter_count =
        (poll.total_voter_count - i64::from(old.is_some()) + i64::from(!options.is_empty())).max(0);
    let vote = match options.is_empty() {
        true => POLL_VOTES.delete(user.id, &poll.id),
        false => POLL_VOTES.put(user.id, &poll.id, &options),
    };
    let poll = poll.clone();
    // The vote, the counts and what the bot is told are one act, stored in one batch.
    let mut act = Act::with(vec![put_message(conversation, &stored), vote]);
    if let Some(bot) = bot {
        announce_vote(platform, &mut act, &bot, user, conversation, &poll, &options).await?;
    }
    platform.commit(act).await?;
    options::poll_for_person(platform, &poll, user.id).await
}

/// Who may vote in a channel's restricted poll (Bot API 10.0): with `members_only`, members
/// who joined at least a day before it was posted (on `date`); with `country_codes`, people
/// from one of those countries.
async fn may_vote(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    poll: &Poll,
    date: i64,
) -> Result<(), ApiError> {
    if poll.members_only
        && let Conversation::Group(chat_id) = conversation
    {
        let standing = platform.standing(chat_id, user.id).await?;
        if !standing.present() || standing.since > date - MEMBERS_FOR {
            return Err(ApiError::bad_request("POLL_VOTE_MEMBERS_ONLY"));
        }
    }
    if let Some(codes) = &poll.country_codes {
        let country = crate::kernel::standing::PersonDetails::parse(&user.details).country_code;
        if !country.is_some_and(|c| codes.contains(&c)) {
            return Err(ApiError::bad_request("POLL_VOTE_COUNTRY_RESTRICTED"));
        }
    }
    Ok(())
}

/// How long before a members-only poll a voter must have been a member (TDLib's 86400 s).
const MEMBERS_FOR: i64 = 86_400;

/// `poll_answer` (non-anonymous polls) and `poll` (the new state) to the poll's bot.
async fn announce_vote(
    platform: &Platform,
    act: &mut Act,
    bot: &Arc<BotRecord>,
    user: &UserRecord,
    conversation: Conversation,
    poll: &Poll,
    options: &[i64],
) -> Result<(), ApiError> {
    let chat_key = conversation.chat_id_for(bot.id);
    if !poll.is_anonymous && platform.updates.accepts(bot, "poll_answer").await? {
        let persistent: Vec<String> = options.iter().map(|o| poll.options[*o as usize].persistent_id.clone()).collect();
        let answer = types::PollAnswer {
            poll_id: poll.id.clone(),
            user: Some(Box::new(person(user))),
            option_ids: options.to_vec(),
            option_persistent_ids: persistent,
            ..Default::default()
        };
        let update = NewUpdate::new("poll_answer", typed(&answer).to_string(), chat_key, now() + MESSAGE_TTL);
        platform.tell_bot(act, bot, update).await?;
    }
    tell_poll(platform, act, bot, conversation, poll).await
}

/// The poll's new state to its bot, as `poll`, in `act`.
async fn tell_poll(
    platform: &Platform,
    act: &mut Act,
    bot: &Arc<BotRecord>,
    conversation: Conversation,
    poll: &Poll,
) -> Result<(), ApiError> {
    if platform.updates.accepts(bot, "poll").await? {
        let chat_key = conversation.chat_id_for(bot.id);
        let update = NewUpdate::new("poll", typed(poll).to_string(), chat_key, now() + MESSAGE_TTL);
        platform.tell_bot(act, bot, update).await?;
    }
    Ok(())
}

/// stopPoll: closes the bot's poll; the final `Poll`.
async fn stop_poll(
    platform: &Platform,
    bot: &BotRecord,
    conversation: Conversation,
    message_id: i64,
    reply_markup: Option<Value>,
) -> Result<Value, ApiError> {
    let _poll_state = platform.state::<PollsState>().lock.lock().await;
    let _message = messages::lock_message(platform, conversation, message_id).await;
    let Some(stored) = messages::load_message(platform, conversation, message_id).await? else {
        return Err(ApiError::bad_request("message with poll to stop not found"));
    };
    let Some(close_date) = stored.poll.as_ref().map(|p| p.close_date) else {
        return Err(ApiError::bad_request("message is not a poll"));
    };
    let allowed = match messages::manages_channel_post(platform, bot.id, conversation, &stored).await? {
        Some(allowed) => allowed,
        None => sender_id(&stored) == Some(bot.id),
    };
    if !allowed {
        return Err(ApiError::bad_request("poll can't be stopped"));
    }
    // A timed poll past its close_date whose timer has not fired yet (a restart's re-arming
    // still under way) is closed now all the same, and answers that it was closed already.
    let overdue = close_date.is_some_and(|date| date < now());
    let poll = close_poll(platform, conversation, stored, reply_markup).await?;
    if overdue {
        return Err(ApiError::bad_request("poll has already been closed"));
    }
    Ok(typed(&poll))
}

/// Closes the poll of a stored message (stopped, or its `close_date` come): stored closed
/// (with a new keyboard when given), and the final state to the poll's bot as `poll`. The
/// caller holds `polls` and the message's lock.
async fn close_poll(
    platform: &Platform,
    conversation: Conversation,
    mut stored: Message,
    reply_markup: Option<Value>,
) -> Result<Poll, ApiError> {
    let poll = stored.poll.as_deref_mut().expect("the caller checked that the message has a poll");
    if poll.is_closed {
        return Err(ApiError::bad_request("poll has already been closed"));
    }
    poll.is_closed = true;
    let poll = poll.clone();
    if reply_markup.is_some() {
        set_markup(&mut stored, reply_markup)?;
    }
    // Closed, and its bot told, in one act.
    let mut act = Act::with(vec![put_message(conversation, &stored)]);
    if let Some(bot) = poll_owner(platform, conversation, &stored).await? {
        tell_poll(platform, &mut act, &bot, conversation, &poll).await?;
        if stored.from.is_none() {
            // A closed channel poll changes no more: its bot need not be found again.
            act.change(CHANNEL_POLLS.delete(bot.id, &poll_key(conversation, stored.message_id)));
        }
    }
    platform.commit(act).await?;
    Ok(poll)
}

/// The bot a poll's votes and closing are told to: its sender, or for a channel's post (which
/// names no author) the channel's administrator bot that posted it (`own_channel_poll`).
async fn poll_owner(
    platform: &Platform,
    conversation: Conversation,
    stored: &Message,
) -> Result<Option<Arc<BotRecord>>, ApiError> {
    if let Some(sender) = sender_id(stored) {
        return platform.bot_record(sender).await;
    }
    let Conversation::Group(chat_id) = conversation else { return Ok(None) };
    let key = poll_key(conversation, stored.message_id);
    for (bot_id, _) in CHANNEL_POLLS.find(platform.storage.as_ref(), &key).await? {
        if platform.standing(chat_id, bot_id).await?.is_admin()
            && let Some(bot) = platform.bot_record(bot_id).await?
        {
            return Ok(Some(bot));
        }
    }
    // Posted before polls kept rows: the bot's `channel_polls` setting.
    for (member, standing) in platform.standings(chat_id).await? {
        if standing.is_admin()
            && let Some(bot) = platform.bot_record(member).await?
            && legacy_map(platform, bot.id, LEGACY_CHANNEL_POLLS).await?.contains_key(&key)
        {
            return Ok(Some(bot));
        }
    }
    Ok(None)
}

/// Remembers that `bot` posted the poll of channel post `message_id` (channel posts carry no
/// author), so its votes and its closing reach the bot as `poll` updates.
async fn own_channel_poll(
    platform: &Platform,
    bot_id: i64,
    conversation: Conversation,
    message_id: i64,
) -> Result<(), ApiError> {
    let own = CHANNEL_POLLS.put(bot_id, &poll_key(conversation, message_id), &now());
    platform.storage.apply(vec![own]).await.map_err(internal)
}

/// Closes a timed poll of `bot` when its `close_date` comes. The timer is stored (a row of
/// [`POLL_TIMERS`]) before this returns, so a restart re-arms it
/// (`rearm_poll_timers`); while the server runs a task waits for it.
async fn arm_poll_timer(
    platform: &Platform,
    bot_id: i64,
    conversation: Conversation,
    message_id: i64,
    close_date: i64,
) -> Result<(), ApiError> {
    let timer = POLL_TIMERS.put(bot_id, &poll_key(conversation, message_id), &close_date);
    platform.storage.apply(vec![timer]).await.map_err(internal)?;
    close_when_due(platform, bot_id, conversation, message_id, close_date);
    Ok(())
}

/// Re-arms the timers of every bot's timed polls (at start); those already due close now.
/// Timers kept in a bot's `poll_timers` setting (before polls kept rows) become rows first.
async fn rearm_poll_timers(platform: &Platform) -> Result<usize, ApiError> {
    let storage = platform.storage.as_ref();
    for bot_id in storage.bots_with_setting(LEGACY_POLL_TIMERS).await.map_err(internal)? {
        let legacy = legacy_map(platform, bot_id, LEGACY_POLL_TIMERS).await?;
        let rows: Vec<Change> = legacy.iter().map(|(key, date)| POLL_TIMERS.put(bot_id, key, date)).collect();
        // The rows and the setting live in different files: the setting goes only once the
        // rows are stored, so a failure in between leaves both (and the next start redoes it).
        storage.apply(rows).await.map_err(internal)?;
        let done = Change::BotSetting { bot_id, key: LEGACY_POLL_TIMERS.into(), value: None };
        storage.apply(vec![done]).await.map_err(internal)?;
    }
    let mut armed = 0;
    for bot_id in POLL_TIMERS.scopes(storage).await? {
        for (key, close_date) in POLL_TIMERS.all(storage, bot_id).await? {
            match key.rsplit_once('|').and_then(|(c, m)| Some((Conversation::from_key(c)?, m.parse().ok()?))) {
                Some((conversation, message_id)) => {
                    close_when_due(platform, bot_id, conversation, message_id, close_date);
                    armed += 1;
                }
                None => tracing::warn!("bot {bot_id}: an unreadable poll timer {key:?} is skipped"),
            }
        }
    }
    Ok(armed)
}

/// On a shared storage, where lease `poll_timers` is held: closes the timed polls that are due
/// whichever server armed their timer (that server may be gone); the next close date of the
/// others. Each server still closes the polls it armed when they are due; a poll closed twice
/// is closed once (the message's lock, the stored state read under it).
async fn sweep_poll_timers(platform: &Platform) -> Result<Option<i64>, ApiError> {
    let storage = platform.storage.as_ref();
    let mut next: Option<i64> = None;
    for bot_id in POLL_TIMERS.scopes(storage).await? {
        for (key, close_date) in POLL_TIMERS.all(storage, bot_id).await? {
            if close_date > now() {
                next = Some(next.map_or(close_date, |n| n.min(close_date)));
                continue;
            }
            if let Some((conversation, message_id)) =
                key.rsplit_once('|').and_then(|(c, m)| Some((Conversation::from_key(c)?, m.parse().ok()?)))
            {
                close_when_due(platform, bot_id, conversation, message_id, close_date);
            }
        }
    }
    Ok(next)
}

/// A map a bot's setting `name` kept before polls kept rows, `conversation|message_id` to
/// a date.
async fn legacy_map(platform: &Platform, bot_id: i64, name: &str) -> Result<BTreeMap<String, i64>, ApiError> {
    let stored = platform.storage.load_bot_setting(bot_id, name).await.map_err(internal)?;
    Ok(stored.and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default())
}

/// Closes a poll when its `close_date` comes, then forgets its timer (a poll stopped before
/// keeps its timer until then, which finds it closed). The task holds the platform weakly,
/// so a stopped platform ends it; a vote past the `close_date` is refused all the same.
fn close_when_due(platform: &Platform, bot_id: i64, conversation: Conversation, message_id: i64, close_date: i64) {
    let platform = Arc::downgrade(&platform.self_arc());
    tokio::spawn(async move {
        msg_core::clock::sleep_until(close_date).await;
        let Some(platform) = platform.upgrade() else { return };
        let closing = async {
            let _poll_state = platform.state::<PollsState>().lock.lock().await;
            let _message = messages::lock_message(&platform, conversation, message_id).await;
            if let Some(stored) = messages::load_message(&platform, conversation, message_id).await?
                && stored.poll.as_ref().is_some_and(|p| !p.is_closed)
            {
                close_poll(&platform, conversation, stored, None).await?;
            }
            let done = POLL_TIMERS.delete(bot_id, &poll_key(conversation, message_id));
            platform.storage.apply(vec![done]).await.map_err(internal)?;
            Ok::<_, ApiError>(())
        };
        if let Err(e) = closing.await {
            tracing::warn!("a poll could not be closed at its close_date: {}", e.description);
        }
    });
}

/// The polls domain's state ([`crate::kernel::domain::Domain::state`]).
#[derive(Default)]
struct PollsState {
    /// Held while a poll's state is read, changed and stored (votes, stopping, closing by time),
    /// so two of them never both see it open.
    lock: tokio::sync::Mutex<()>,
    /// Polls' settings by poll id (`None`: it has none), as stored (`options::POLL_SETTINGS`) or
    /// about to be: a poll's first deliveries are written before the act that stores it commits.
    /// Settings never change but `next_option`, which views do not read, and a poll without
    /// them never gets any.
    settings: std::sync::Mutex<std::collections::HashMap<String, Option<options::PollSettings>>>,
}

/// People's votes: scope the voter, key the poll's id, the value the options chosen.
const POLL_VOTES: Table<Vec<i64>> = Table::new("poll_vote");

/// Bots' timed polls: scope the bot, key `conversation|message_id`, the value its `close_date`.
const POLL_TIMERS: Table<i64> = Table::new("poll_timer");
/// The polls bots posted in channels (whose posts name no author): scope the bot, key
/// `conversation|message_id`, the value when it was posted.
const CHANNEL_POLLS: Table<i64> = Table::new("channel_poll");
/// The bot settings that kept those before polls kept rows.
const LEGACY_POLL_TIMERS: &str = "poll_timers";
const LEGACY_CHANNEL_POLLS: &str = "channel_polls";

fn poll_key(conversation: Conversation, message_id: i64) -> String {
    format!("{}|{message_id}", conversation.key())
}
