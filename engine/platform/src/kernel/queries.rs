//! Queries a person's app waits on until a bot answers: callback queries, shipping and
//! pre-checkout queries. Each is opened with a fresh id and the bot that may answer it; its
//! answer goes to the one waiting, once; an answer after the wait ended, or from another bot,
//! is refused with the reference's words. Process-local by nature: the person waits on a
//! connection to this process.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use msg_core::ApiError;
use serde_json::Value;
use tokio::sync::oneshot;

use crate::kernel::world::{OpenEntry, Platform};

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
    /// Opens a query `bot_id` may answer (closing those nobody waits for any more).
    pub(crate) fn open_query(&self, bot_id: i64) -> OpenQuery {
        let id = format!("{}", msg_core::random::next_u64() >> 1);
        let (tx, answer) = oneshot::channel();
        let mut open = self.queries.lock().expect("open queries");
        let now = Instant::now();
        close_abandoned(&mut open, now);
        open.insert(id.clone(), OpenEntry { bot_id, answer: tx, opened: now });
        OpenQuery { id, answer }
    }

    /// Waits up to `wait` by the platform's clock for the answer to `query`, then closes it
    /// (`None`: not answered).
    pub(crate) async fn await_answer(&self, query: OpenQuery, wait: Duration) -> Option<Value> {
        let answer = msg_core::clock::timeout(wait, query.answer).await;
        self.queries.lock().expect("open queries").remove(&query.id);
        answer.and_then(Result::ok)
    }

    /// `bot_id` answers query `query_id`; only the bot it was sent to may, while it is open.
    pub(crate) fn answer_query(&self, bot_id: i64, query_id: &str, answer: Value) -> Result<(), ApiError> {
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
