//! Polls: a bot's poll is a message whose `poll` field holds the poll as everyone sees it (counts
//! included); who voted for what is kept in the sending bot's own storage (`poll:<id>`), so
//! votes can change (regular polls) or not (quizzes) and non-anonymous votes reach the bot as
//! `poll_answer`, with the new state as `poll`. People vote through the user-side `votePoll`.

use msg_core::{ApiError, BotRecord, Change, MessageRecord, NewUpdate, UserRecord};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::internal;
use crate::world::{Conversation, MESSAGE_TTL, Platform, now, person};

/// Who voted for which options in one poll, and where the poll is.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
struct Votes {
    conversation: String,
    message_id: i64,
    /// `Conversation::key()` is not reversible for private chats: the two participants.
    chat: (i64, i64),
    votes: BTreeMap<i64, Vec<i64>>,
}

fn key(poll_id: &str) -> String {
    format!("poll:{poll_id}")
}

impl Platform {
    /// Remembers a bot's new poll (sent in `conversation` as `message_id`).
    pub(crate) async fn register_poll(
        &self,
        bot_id: i64,
        poll_id: &str,
        conversation: Conversation,
        message_id: i64,
    ) -> Result<(), ApiError> {
        let chat = match conversation {
            Conversation::Private(a, b) => (a, b),
            Conversation::Group(id) => (id, 0),
        };
        let votes = Votes { conversation: conversation.key(), message_id, chat, votes: BTreeMap::new() };
        let value = serde_json::to_string(&votes).expect("votes serialize");
        let change = Change::BotSetting { bot_id, key: key(poll_id), value: Some(value) };
        self.storage.apply(vec![change]).await.map_err(internal)
    }

    /// A person votes (`options` empty: retracts) in the poll of message `message_id`.
    pub async fn vote(
        &self,
        user: &UserRecord,
        conversation: Conversation,
        message_id: i64,
        options: Vec<i64>,
    ) -> Result<Value, ApiError> {
        let Some(mut stored) = self.load_message(conversation, message_id).await? else {
            return Err(ApiError::bad_request("message not found"));
        };
        let Some(poll) = stored.get("poll").cloned() else {
            return Err(ApiError::bad_request("message is not a poll"));
        };
        let bot_id = stored["from"]["id"].as_i64().unwrap_or_default();
        let Some(bot) = self.bot_record(bot_id).await? else { return Err(ApiError::bad_request("POLL_ID_INVALID")) };
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
        let stored_votes = self.storage.load_bot_setting(bot.id, &key(&poll_id)).await.map_err(internal)?;
        let mut votes: Votes = stored_votes.and_then(|v| serde_json::from_str(&v).ok()).unwrap_or_default();
        if (poll["type"] == "quiz" || poll["allows_revoting"] == false) && votes.votes.contains_key(&user.id) {
            return Err(ApiError::bad_request("REVOTE_NOT_ALLOWED"));
        }
        if options.is_empty() {
            votes.votes.remove(&user.id);
        } else {
            votes.votes.insert(user.id, options.clone());
        }
        // The counts everyone sees.
        let mut poll = poll;
        for (i, option) in poll["options"].as_array_mut().into_iter().flatten().enumerate() {
            option["voter_count"] = votes.votes.values().filter(|v| v.contains(&(i as i64))).count().into();
        }
        poll["total_voter_count"] = votes.votes.len().into();
        stored["poll"] = poll.clone();
        let record = MessageRecord { conversation: conversation.key(), message_id, payload: stored.to_string() };
        let value = serde_json::to_string(&votes).expect("votes serialize");
        self.storage
            .apply(vec![
                Change::PutMessage(record),
                Change::BotSetting { bot_id: bot.id, key: key(&poll_id), value: Some(value) },
            ])
            .await
            .map_err(internal)?;
        self.announce_vote(&bot, user, conversation, &poll, &options).await?;
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
            let answer = json!({"poll_id": poll["id"], "user": crate::world::typed(&person(user)), "option_ids": options,
                    "option_persistent_ids": persistent});
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
        let Some(mut stored) = self.load_message(conversation, message_id).await? else {
            return Err(ApiError::bad_request("message with poll to stop not found"));
        };
        let Some(mut poll) = stored.get("poll").cloned() else {
            return Err(ApiError::bad_request("message is not a poll"));
        };
        if stored["from"]["id"].as_i64() != Some(bot.id) {
            return Err(ApiError::bad_request("poll can't be stopped"));
        }
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
        Ok(poll)
    }
}
