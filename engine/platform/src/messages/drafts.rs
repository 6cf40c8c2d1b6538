//! Drafts a bot streams to a person (`sendMessageDraft`) that the person may stop (Bot API 10.3:
//! `can_stop`): the person's `stopMessageGeneration` tells the bot `stopped_message_generation`.
//! A draft is a preview of at most [`STOPPABLE_FOR`] seconds, never stored: which drafts may be
//! stopped is kept in memory only (a restart ends every preview), and on a shared storage as
//! rows of [`OFFERS`], so a person stops a draft through any server.

use std::collections::HashMap;
use std::sync::Mutex;

use msg_core::{ApiError, NewUpdate};
use msg_spec::types;

use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::user::UserCall;
use crate::kernel::world::{Conversation, MESSAGE_TTL, Platform, now, typed};

/// How long a stoppable draft may be stopped after its last part (its preview's life, and then
/// some).
pub(super) const STOPPABLE_FOR: i64 = 60;

/// A draft: (person, bot, draft id).
type DraftKey = (i64, i64, i64);

/// Until when a draft may be stopped, and its thread.
type Offer = (i64, Option<i64>);

/// A shared storage's stop offers: scope the person, key `<bot>:<draft id>`.
const OFFERS: Table<Offer> = Table::new("draft_offer");

/// The key of the lock over all of a person's offers: [`offer`] sweeps the person's expired
/// offers from what it read, so it and [`take`] hold it from their read to their write.
const PERSON_LOCK: &str = "*";

fn offer_key(bot: i64, draft_id: i64) -> String {
    format!("{bot}:{draft_id}")
}

/// Draft `draft_id` of `bot` to `person` may be stopped (`can_stop`), or with `thread` `None`
/// no longer (a later part without it): in memory, or on a shared storage as a row (the
/// person's expired offers go in the same batch).
pub(super) async fn offer(
    platform: &Platform,
    person: i64,
    bot: i64,
    draft_id: i64,
    stoppable: Option<Option<i64>>,
) -> Result<(), ApiError> {
    let state = platform.state::<Drafts>();
    if !platform.storage.shared() {
        match stoppable {
            Some(thread) => state.offer_stop(person, bot, draft_id, thread),
            None => drop(state.withdraw(person, bot, draft_id)),
        }
        return Ok(());
    }
    let key = offer_key(bot, draft_id);
    let at = now();
    let _held = OFFERS.lock(&platform.locks, person, PERSON_LOCK).await;
    let standing = OFFERS.all(platform.storage.as_ref(), person).await?;
    let expired = standing.iter().filter(|(k, (until, _))| **k != key && *until < at);
    let mut changes: Vec<msg_core::Change> = expired.map(|(k, _)| OFFERS.delete(person, k)).collect();
    match stoppable {
        Some(thread) => changes.push(OFFERS.put(person, &key, &(at + STOPPABLE_FOR, thread))),
        None if standing.contains_key(&key) => changes.push(OFFERS.delete(person, &key)),
        None => {}
    }
    if changes.is_empty() {
        return Ok(());
    }
    platform.storage.apply(changes).await.map_err(internal)
}

/// Takes the stop offer of a draft, once (on a shared storage under the person's lock, whichever
/// server the person stops it through): its thread, or `None` when there is none standing.
async fn take(platform: &Platform, person: i64, bot: i64, draft_id: i64) -> Result<Option<Option<i64>>, ApiError> {
    if !platform.storage.shared() {
        return Ok(platform.state::<Drafts>().withdraw(person, bot, draft_id));
    }
    let key = offer_key(bot, draft_id);
    let _held = OFFERS.lock(&platform.locks, person, PERSON_LOCK).await;
    let Some((until, thread)) = OFFERS.get(platform.storage.as_ref(), person, &key).await? else { return Ok(None) };
    platform.storage.apply(vec![OFFERS.delete(person, &key)]).await.map_err(internal)?;
    Ok((until >= now()).then_some(thread))
}

/// The messages domain's state: the drafts people may stop.
#[derive(Default)]
pub(super) struct Drafts {
    stoppable: Mutex<HashMap<DraftKey, Offer>>,
}

impl Drafts {
    /// Draft `draft_id` of `bot` to `person` may be stopped (a part sent with `can_stop`).
    pub(super) fn offer_stop(&self, person: i64, bot: i64, draft_id: i64, thread: Option<i64>) {
        let at = now();
        let mut stoppable = self.stoppable.lock().expect("drafts lock");
        stoppable.retain(|_, (until, _)| *until >= at);
        stoppable.insert((person, bot, draft_id), (at + STOPPABLE_FOR, thread));
    }

    /// Takes the stop offer of a draft (a later part without `can_stop` withdraws it).
    pub(super) fn withdraw(&self, person: i64, bot: i64, draft_id: i64) -> Option<Option<i64>> {
        let mut stoppable = self.stoppable.lock().expect("drafts lock");
        let (until, thread) = stoppable.remove(&(person, bot, draft_id))?;
        (until >= now()).then_some(thread)
    }
}

/// The person's `stopMessageGeneration`: `chat_id` the bot's private chat, `draft_id` the draft
/// it streams with `can_stop`. The bot that asked for `stopped_message_generation` (by default
/// it does) is told.
pub(super) async fn stop_generation(c: UserCall) -> Result<serde_json::Value, ApiError> {
    let conversation = c.chat().await?;
    let draft_id = msg_spec::args::integer(c.params.get("draft_id")).unwrap_or(0);
    let bot = match conversation {
        Conversation::Private(a, b) => c.platform.bot_record(if a == c.user.id { b } else { a }).await?,
        Conversation::Group(_) => None,
    };
    let Some(bot) = bot else { return Err(ApiError::bad_request("drafts come from bots in private chats")) };
    let platform: &Platform = &c.platform;
    let Some(thread) = take(platform, c.user.id, bot.id, draft_id).await? else {
        return Err(ApiError::bad_request("DRAFT_ID_INVALID"));
    };
    let mut act = Act::new();
    if platform.updates.accepts(&bot, "stopped_message_generation").await? {
        let stopped = types::MessageGenerationStopped {
            chat: Box::new(platform.chat(conversation, bot.id).await?),
            message_thread_id: thread,
            draft_id,
        };
        let chat_key = conversation.chat_id_for(bot.id);
        let update =
            NewUpdate::new("stopped_message_generation", typed(&stopped).to_string(), chat_key, now() + MESSAGE_TTL);
        platform.tell_bot(&mut act, &bot, update).await?;
    }
    platform.commit(act).await?;
    Ok(serde_json::Value::Bool(true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_is_stopped_once_and_only_while_its_offer_stands() {
        let drafts = Drafts::default();
        assert_eq!(drafts.withdraw(1, 2, 7), None, "never offered");
        drafts.offer_stop(1, 2, 7, Some(4));
        assert_eq!(drafts.withdraw(1, 3, 7), None, "another bot's");
        assert_eq!(drafts.withdraw(1, 2, 7), Some(Some(4)));
        assert_eq!(drafts.withdraw(1, 2, 7), None, "once");
        drafts.stoppable.lock().unwrap().insert((1, 2, 8), (now() - 1, None));
        assert_eq!(drafts.withdraw(1, 2, 8), None, "expired");
    }
}
