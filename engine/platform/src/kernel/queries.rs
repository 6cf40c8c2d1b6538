//! Queries a person's app waits on until a bot answers: callback queries, shipping and
//! pre-checkout queries. Each is opened with a fresh id and the bot that may answer it; its
//! answer goes to the one waiting, once; an answer after the wait ended, or from another bot,
//! is refused with the reference's words. Process-local by nature: the person waits on a
//! connection to this process.

use std::collections::HashMap;
use std::time::Duration;

use msg_core::ApiError;
use serde_json::Value;
use tokio::sync::oneshot;

use crate::kernel::world::Platform;

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
        close_abandoned(&mut open);
        open.insert(id.clone(), (bot_id, tx));
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
            Some((owner, _)) if *owner == bot_id => {
                let (_, tx) = open.remove(query_id).expect("present");
                let _ = tx.send(answer);
                Ok(())
            }
            _ => Err(query_invalid()),
        }
    }
}

/// Closes the queries whose waiter is gone (the person's request was dropped mid-wait, so
/// `await_answer` never closed them): answering one is then refused as too old.
fn close_abandoned(open: &mut HashMap<String, (i64, oneshot::Sender<Value>)>) {
    open.retain(|_, (_, waiting)| !waiting.is_closed());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_whose_waiter_is_gone_is_closed() {
        let mut open = HashMap::new();
        let (gone, abandoned) = oneshot::channel::<Value>();
        let (kept, _waiting) = oneshot::channel::<Value>();
        open.insert("gone".to_owned(), (7, gone));
        open.insert("kept".to_owned(), (7, kept));
        drop(abandoned);
        close_abandoned(&mut open);
        assert_eq!(open.keys().collect::<Vec<_>>(), ["kept"]);
    }
}
