//! Polls: a poll is a message whose `poll` field holds the poll as everyone sees it (counts
//! included); each voter's choice is kept in the voter's details, so votes can change (regular
//! polls) or not (quizzes, polls without revoting). A bot's poll tells its bot: non-anonymous
//! votes as `poll_answer`, the new state as `poll`. People vote through the user-side
//! `votePoll` and send polls with the user-side `sendPoll`.

use msg_core::{ApiError, BotRecord, Change, MessageRecord, NewUpdate, UserRecord};
use serde_json::Value;
use std::sync::Arc;

use crate::internal;
use crate::standing::PersonDetails;
use crate::world::{Conversation, MESSAGE_TTL, Platform, now, person};

impl Platform {
    /// A person votes (`options` empty: retracts) in the poll of message `message_id`.
    pub async fn vote(
        &self,
        user: &UserRecord,
        conversation: Conversation,
        message_id: i64,
        options: Vec<i64>,
    ) -> Result<Value, ApiError> {
        let _poll_state = self.polls.lock().await;
        let Some(mut stored) = self.load_message(conversation, message_id).await? else {
            return Err(ApiError::bad_request("message not found"));
        };
        let Some(poll) = stored.get("poll").cloned() else {
            return Err(ApiError::bad_request("message is not a poll"));
        };
        // A bot's poll tells its bot; a person's poll tells nobody.
        let owner = stored["from"]["id"].as_i64().unwrap_or_default();
        let bot = self.bot_record(owner).await?;
        let poll_id = poll["id"].as_str().unwrap_or_default().to_owned();
        let close_date = poll["close_date"].as_i64().unwrap_or(0);
        if poll["is_closed"] == true || (close_date != 0 && close_date <= now()) {
            return Err(ApiError::bad_request("POLL_CLOSED"));
        }
        let count = poll["options"].as_array().map_or(0, Vec::len) as i64;
        let mut options = options;
        options.sort_unstable();
        options.dedup();
        if options.iter().any(|o| *o < 0 || *o >= count)
            || (options.len() > 1 && poll["allows_multiple_answers"] != true)
        {
            return Err(ApiError::bad_request("OPTION_INVALID"));
        }
        // Each voter's choice is kept with the voter; the counts everyone sees with the poll.
        let mut voter = self.user(user.id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let mut details = PersonDetails::parse(&voter.details);
        let old = details.poll_votes.get(&poll_id).cloned();
        if old.is_some() && (poll["type"] == "quiz" || poll["allows_revoting"] == false) {
            return Err(ApiError::bad_request("REVOTE_NOT_ALLOWED"));
        }
        let mut poll = poll;
        for (i, option) in poll["options"].as_array_mut().into_iter().flatten().enumerate() {
            let i = i as i64;
            let before = option["voter_count"].as_i64().unwrap_or(0);
            let was = old.as_ref().is_some_and(|o| o.contains(&i));
            let is = options.contains(&i);
            option["voter_count"] = (before - i64::from(was) + i64::from(is)).max(0).into();
        }
        let total = poll["total_voter_count"].as_i64().unwrap_or(0);
        poll["total_voter_count"] = (total - i64::from(old.is_some()) + i64::from(!options.is_empty())).max(0).into();
        if options.is_empty() {
            details.poll_votes.remove(&poll_id);
        } else {
            details.poll_votes.insert(poll_id, options.clone());
        }
        voter.details = details.to_json();
        stored["poll"] = poll.clone();
        let record = MessageRecord { conversation: conversation.key(), message_id, payload: stored.to_string() };
        // The vote and the counts are stored in one batch.
        self.storage.apply(vec![Change::PutMessage(record), Change::PutUser(voter.clone())]).await.map_err(internal)?;
        self.remember_user(voter).await?;
        if let Some(bot) = bot {
            self.announce_vote(&bot, user, conversation, &poll, &options).await?;
        }
        Ok(poll)
    }

    /// `poll_answer` (non-anonymous polls) and `poll` (the new state) to the poll's bot.
    async fn announce_vote(
        &self,
        bot: &Arc<BotRecord>,
        user: &UserRecord,
        conversation: Conversation,
        poll: &Value,
        options: &[i64],
    ) -> Result<(), ApiError> {
        let chat_key = conversation.chat_id_for(bot.id);
        if poll["is_anonymous"] == false && self.updates.accepts(bot, "poll_answer").await? {
            let persistent: Vec<String> = options
                .iter()
                .map(|o| poll["options"][*o as usize]["persistent_id"].as_str().unwrap_or_default().to_owned())
                .collect();
            let answer = msg_spec::types::PollAnswer {
                poll_id: poll["id"].as_str().unwrap_or_default().to_owned(),
                user: Some(Box::new(person(user))),
                option_ids: options.to_vec(),
                option_persistent_ids: persistent,
                ..Default::default()
            };
            let answer = crate::world::typed(&answer);
            let update = NewUpdate::new("poll_answer", answer.to_string(), chat_key, now() + MESSAGE_TTL);
            self.updates.push(bot, update, Vec::new()).await?;
        }
        if self.updates.accepts(bot, "poll").await? {
            let update = NewUpdate::new("poll", poll.to_string(), chat_key, now() + MESSAGE_TTL);
            self.updates.push(bot, update, Vec::new()).await?;
        }
        Ok(())
    }

    /// stopPoll: closes the bot's poll; the final `Poll`.
    pub async fn stop_poll(
        &self,
        bot: &BotRecord,
        conversation: Conversation,
        message_id: i64,
        reply_markup: Option<Value>,
    ) -> Result<Value, ApiError> {
        let _poll_state = self.polls.lock().await;
        let Some(stored) = self.load_message(conversation, message_id).await? else {
            return Err(ApiError::bad_request("message with poll to stop not found"));
        };
        if stored.get("poll").is_none() {
            return Err(ApiError::bad_request("message is not a poll"));
        }
        let allowed = match self.manages_channel_post(bot.id, conversation, &stored).await? {
            Some(allowed) => allowed,
            None => stored["from"]["id"].as_i64() == Some(bot.id),
        };
        if !allowed {
            return Err(ApiError::bad_request("poll can't be stopped"));
        }
        // A timed poll past its close_date (its timer lost to a restart) is closed now all the
        // same, and answers that it was closed already.
        let overdue = stored["poll"]["close_date"].as_i64().is_some_and(|date| date < now());
        let poll = self.close_poll(conversation, message_id, stored, reply_markup).await?;
        if overdue {
            return Err(ApiError::bad_request("poll has already been closed"));
        }
        Ok(poll)
    }

    /// Closes the poll of a stored message (stopped, or its `close_date` come): stored closed
    /// (with a new keyboard when given), and the final state to the poll's bot as `poll`. The
    /// caller holds `polls`.
    async fn close_poll(
        &self,
        conversation: Conversation,
        message_id: i64,
        mut stored: Value,
        reply_markup: Option<Value>,
    ) -> Result<Value, ApiError> {
        let mut poll = stored["poll"].clone();
        if poll["is_closed"] == true {
            return Err(ApiError::bad_request("poll has already been closed"));
        }
        poll["is_closed"] = true.into();
        stored["poll"] = poll.clone();
        if let Some(markup) = reply_markup {
            stored["reply_markup"] = markup;
        }
        let record = MessageRecord { conversation: conversation.key(), message_id, payload: stored.to_string() };
        self.storage.apply(vec![Change::PutMessage(record)]).await.map_err(internal)?;
        let owner = stored["from"]["id"].as_i64().unwrap_or_default();
        if let Some(bot) = self.bot_record(owner).await?
            && self.updates.accepts(&bot, "poll").await?
        {
            let update =
                NewUpdate::new("poll", poll.to_string(), conversation.chat_id_for(bot.id), now() + MESSAGE_TTL);
            self.updates.push(&bot, update, Vec::new()).await?;
        }
        Ok(poll)
    }

    /// Closes a poll when its `close_date` comes: a task per timed poll while the server runs
    /// (it holds the platform weakly, so a stopped platform ends it). After a restart such a poll
    /// still refuses votes once its time has passed, and is closed at the next stopPoll.
    pub(crate) fn close_when_due(&self, conversation: Conversation, message_id: i64, close_date: i64) {
        let platform = Arc::downgrade(&self.self_arc());
        tokio::spawn(async move {
            let wait = u64::try_from(close_date - now()).unwrap_or(0);
            tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
            let Some(platform) = platform.upgrade() else { return };
            let closing = async {
                let _poll_state = platform.polls.lock().await;
                let Some(stored) = platform.load_message(conversation, message_id).await? else { return Ok(()) };
                if stored["poll"]["is_closed"] == false {
                    platform.close_poll(conversation, message_id, stored, None).await?;
                }
                Ok::<_, ApiError>(())
            };
            if let Err(e) = closing.await {
                tracing::warn!("a poll could not be closed at its close_date: {}", e.description);
            }
        });
    }
}
