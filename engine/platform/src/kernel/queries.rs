//! Queries a person's app waits on until a bot answers: callback queries, shipping and
//! pre-checkout queries. Each is opened with a fresh id and the bot that may answer it; its
//! answer goes to the one waiting, once; an answer after the wait ended, or from another bot,
//! is refused with the reference's words. The person waits on a connection to this process; on
//! a shared storage (several servers) the bot may answer through another one, so an open query
//! is also a row ([`OPEN_QUERIES`]): an answer claims the row under its lock (once), and one
//! given on another server comes back as a row of [`QUERY_ANSWERS`], which the storage tells
//! this server of ([`Platform::answer_arrived`]).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use msg_core::ApiError;
use serde_json::Value;
use tokio::sync::oneshot;

use crate::internal;
use crate::kernel::records::Table;
use crate::kernel::serial::Entity;
use crate::kernel::world::{OpenEntry, Platform};

/// A shared storage's open queries: key the query id, the bot that may answer it.
pub(crate) const OPEN_QUERIES: Table<i64> = Table::new("open_query");
/// Answers given on another server than the one waiting: key the query id.
pub(crate) const QUERY_ANSWERS: Table<Value> = Table::new("query_answer");

/// An open query: its id (given to the bot) and where its answer arrives.
pub(crate) struct OpenQuery {
    pub(crate) id: String,
    answer: oneshot::Receiver<Value>,
}

/// The reference's refusal of an answer to a query that is gone, was answered, or is not the
/// bot's.
pub(crate) fn query_invalid() -> ApiError {
    ApiError::bad_request("query is too old and response timeout expired or query ID is invalid")
}

impl Platform {
    /// Opens a query `bot_id` may answer (closing those nobody waits for any more); on a
    /// shared storage its row is stored first, so a bot answering through any server finds it.
    pub(crate) async fn open_query(&self, bot_id: i64) -> Result<OpenQuery, ApiError> {
        self.open_query_as(bot_id, "").await
    }

    /// [`Platform::open_query`] for a kind of query with ids of its own, `prefix` before the
    /// number (a widget's `w…`): answered only through [`Platform::answer_query_as`] with the
    /// same prefix, so no other kind's answer reaches it, nor its answer another kind's.
    pub(crate) async fn open_query_as(&self, bot_id: i64, prefix: &'static str) -> Result<OpenQuery, ApiError> {
        let id = format!("{prefix}{}", msg_core::random::next_u64() >> 1);
        if self.storage.shared() {
            self.storage.apply(vec![OPEN_QUERIES.put(0, &id, &bot_id)]).await.map_err(internal)?;
        }
        let (tx, answer) = oneshot::channel();
        let mut open = self.queries.lock().expect("open queries");
        let now = Instant::now();
        close_abandoned(&mut open, now);
        open.insert(id.clone(), OpenEntry { bot_id, answer: tx, opened: now });
        Ok(OpenQuery { id, answer })
    }

    /// Waits up to `wait` by the platform's clock for the answer to `query`, then closes it
    /// (`None`: not answered).
    pub(crate) async fn await_answer(&self, query: OpenQuery, wait: Duration) -> Option<Value> {
        let answer = msg_core::clock::timeout(wait, query.answer).await;
        self.queries.lock().expect("open queries").remove(&query.id);
        if self.storage.shared() {
            // Closed: an answer coming now is refused wherever it comes.
            let closing = vec![OPEN_QUERIES.delete(0, &query.id), QUERY_ANSWERS.delete(0, &query.id)];
            if let Err(e) = self.storage.apply(closing).await {
                tracing::warn!("an open query's row stays behind: {e}");
            }
        }
        answer.and_then(Result::ok)
    }

    /// `bot_id` answers query `query_id`; only the bot it was sent to may, while it is open.
    pub(crate) async fn answer_query(&self, bot_id: i64, query_id: &str, answer: Value) -> Result<(), ApiError> {
        self.answer_query_as(bot_id, query_id, "", answer).await
    }

    /// [`Platform::answer_query`] for a query opened with [`Platform::open_query_as`]`(prefix)`.
    pub(crate) async fn answer_query_as(
        &self,
        bot_id: i64,
        query_id: &str,
        prefix: &str,
        answer: Value,
    ) -> Result<(), ApiError> {
        let number = query_id.strip_prefix(prefix).and_then(|n| n.chars().next());
        if !number.is_some_and(|c| c.is_ascii_digit()) {
            return Err(query_invalid());
        }
        if self.storage.shared() {
            return self.answer_shared_query(bot_id, query_id, answer).await;
        }
        let mut open = self.queries.lock().expect("open queries");
        match open.get(query_id) {
            Some(entry) if entry.bot_id == bot_id => {
                let entry = open.remove(query_id).expect("present");
                let _ = entry.answer.send(answer);
                Ok(())
            }
            _ => Err(query_invalid()),
        }
    }

    /// [`Platform::answer_query`] on a shared storage: the answer claims the query's row under
    /// its lock; the one waiting here gets it at once, one waiting on another server by a row
    /// of [`QUERY_ANSWERS`].
    async fn answer_shared_query(&self, bot_id: i64, query_id: &str, answer: Value) -> Result<(), ApiError> {
        let _held = self.locks.lock(Entity::Row(OPEN_QUERIES.name(), 0, query_id.to_owned())).await;
        if OPEN_QUERIES.get(self.storage.as_ref(), 0, query_id).await? != Some(bot_id) {
            return Err(query_invalid());
        }
        let local = {
            let mut open = self.queries.lock().expect("open queries");
            open.get(query_id).is_some_and(|e| e.bot_id == bot_id).then(|| open.remove(query_id).expect("present"))
        };
        let mut changes = vec![OPEN_QUERIES.delete(0, query_id)];
        if local.is_none() {
            changes.push(QUERY_ANSWERS.put(0, query_id, &answer));
        }
        self.storage.apply(changes).await.map_err(internal)?;
        if let Some(entry) = local {
            let _ = entry.answer.send(answer);
        }
        Ok(())
    }

    /// Another server stored the answer to query `query_id`: the one waiting here gets it.
    pub(crate) async fn answer_arrived(&self, query_id: &str) {
        if !self.queries.lock().expect("open queries").contains_key(query_id) {
            return;
        }
        let answer = match QUERY_ANSWERS.get(self.storage.as_ref(), 0, query_id).await {
            Ok(Some(answer)) => answer,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!("an answer given on another server cannot be read: {e}");
                return;
            }
        };
        if let Some(entry) = self.queries.lock().expect("open queries").remove(query_id) {
            let _ = entry.answer.send(answer);
        }
    }
}

/// Closes the queries whose waiter is gone (the person's request was dropped mid-wait, so
/// `await_answer` never closed them) once no wait could still be running: a bot answering within
/// its window is not refused because the person's connection went first.
fn close_abandoned(open: &mut HashMap<String, OpenEntry>, now: Instant) {
    open.retain(|_, entry| !entry.answer.is_closed() || now.duration_since(entry.opened) < LONGEST_WAIT);
}

/// Longer than any query's wait (callback, shipping, pre-checkout and join queries wait seconds).
const LONGEST_WAIT: Duration = Duration::from_secs(300);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_whose_waiter_is_gone_is_closed_once_no_wait_could_run() {
        let mut open = HashMap::new();
        let start = Instant::now();
        let entry = |answer| OpenEntry { bot_id: 7, answer, opened: start };
        let (gone, abandoned) = oneshot::channel::<Value>();
        let (kept, _waiting) = oneshot::channel::<Value>();
        open.insert("gone".to_owned(), entry(gone));
        open.insert("kept".to_owned(), entry(kept));
        drop(abandoned);
        close_abandoned(&mut open, start + Duration::from_secs(10));
        assert_eq!(open.len(), 2, "the bot may still answer within its window");
        close_abandoned(&mut open, start + LONGEST_WAIT);
        assert_eq!(open.keys().collect::<Vec<_>>(), ["kept"]);
    }
}
