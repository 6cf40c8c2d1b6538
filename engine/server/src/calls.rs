//! The call log: every Bot API call of every bot (and each webhook delivery), kept in a bounded
//! ring per bot (`--call-log-size`, 0 turns it off): when, which method, the parameters (files by
//! name and size), the HTTP status, the answer, how long it took and the fault rule that fired.
//! The operator API reads it (`getCalls`: filters by method, sequence and status, as JSON or a
//! text transcript, and waits for new calls: the live stream). Recording copies what the request
//! already holds; secrets are redacted when the log is read, never written anywhere.

use std::collections::VecDeque;
use std::time::Duration;

use bytes::Bytes;
use msg_core::{ApiError, Params};
use serde_json::{Value, json};
use tokio::sync::Notify;

use crate::sharded::{OwnLine, Sharded};

/// One call as kept (`A`: where its answer's body is; see [`Answer`]).
struct Entry<A = Answer> {
    seq: u64,
    /// Unix time in milliseconds (real time: when it happened on this host).
    at_ms: u64,
    method: String,
    /// The call's parameters, files by name and size (their contents are not kept).
    params: Params,
    status: u16,
    answer: A,
    duration_us: u64,
    fault: Option<u64>,
}

/// A kept call's answer.
///
/// A small body is copied into its ring's byte buffer (`Ring::bodies`), in the order of the
/// calls, rather than kept alive with the response's own allocation: a thousand responses kept
/// per bot would each be freed, cold, a thousand calls later, and the allocator would hand
/// every new response a cold block. A large body (a long getUpdates) is shared, not copied, and
/// so is a body the calls before it answered too (a getMe, an empty getUpdates): its ring keeps
/// it once ([`Ring::repeated`]).
enum Answer {
    /// The next this many bytes of the ring's buffer.
    Copied(usize),
    Shared(Bytes),
    /// The error as answered (its `parameters` too).
    Error(Box<ApiError>),
}

/// Bodies up to this size are copied into the ring (see [`Answer`]).
const COPIED_BODY: usize = 16 << 10;

/// One bot's calls in one shard, oldest first.
#[derive(Default)]
struct Ring {
    entries: VecDeque<Entry>,
    /// The copied bodies of `entries`, in their order.
    bodies: VecDeque<u8>,
    /// The body calls answered again and again, kept once for all of them: each such call would
    /// otherwise write its copy into a ring too large to stay in the cache.
    repeated: Option<Bytes>,
}

/// Whether `bytes` ends with `tail`.
fn ends_with(bytes: &VecDeque<u8>, tail: &[u8]) -> bool {
    let n = tail.len();
    if bytes.len() < n {
        return false;
    }
    let (front, back) = bytes.as_slices();
    if back.len() >= n {
        return &back[back.len() - n..] == tail;
    }
    let from_front = n - back.len();
    front[front.len() - from_front..] == tail[..from_front] && back == &tail[from_front..]
}

impl Ring {
    fn push(&mut self, mut entry: Entry, body: Option<&Bytes>, size: usize) {
        if self.entries.len() == size
            && let Some(Entry { answer: Answer::Copied(len), .. }) = self.entries.pop_front()
        {
            self.bodies.drain(..len);
        }
        if let Some(body) = body {
            let again = |previous: &Entry| matches!(previous.answer, Answer::Copied(len) if len == body.len());
            entry.answer = if body.len() > COPIED_BODY {
                Answer::Shared(body.clone())
            } else if let Some(repeated) = self.repeated.as_ref().filter(|r| r[..] == body[..]) {
                Answer::Shared(repeated.clone())
            } else if self.entries.back().is_some_and(again) && ends_with(&self.bodies, body) {
                // The same as the call before: from now on kept once.
                let repeated = Bytes::copy_from_slice(body);
                self.repeated = Some(repeated.clone());
                Answer::Shared(repeated)
            } else {
                self.bodies.extend(body.iter());
                Answer::Copied(body.len())
            };
        }
        self.entries.push_back(entry);
    }

    /// The entries `keep` accepts, with their bodies.
    fn read(&self, mut keep: impl FnMut(&Entry) -> bool) -> Vec<Entry<Result<Bytes, ApiError>>> {
        let mut at = 0;
        let mut out = Vec::new();
        for e in &self.entries {
            // Where this entry's copied body begins (each copied one follows the last).
            let from = at;
            if let Answer::Copied(len) = e.answer {
                at += len;
            }
            if !keep(e) {
                continue;
            }
            let answer = match &e.answer {
                Answer::Copied(len) => {
                    Ok(Bytes::from(self.bodies.range(from..from + len).copied().collect::<Vec<u8>>()))
                }
                Answer::Shared(body) => Ok(body.clone()),
                Answer::Error(error) => Err((**error).clone()),
            };
            out.push(Entry {
                seq: e.seq,
                at_ms: e.at_ms,
                method: e.method.clone(),
                params: e.params.clone(),
                status: e.status,
                answer,
                duration_us: e.duration_us,
                fault: e.fault,
            });
        }
        out
    }
}

/// What a call was, as the request path hands it over.
pub(crate) struct Call<'a> {
    pub bot_id: i64,
    pub method: String,
    pub params: Params,
    pub status: u16,
    /// The answer's body (`{"ok":true,…}`) as sent, or the error.
    pub answer: Result<&'a Bytes, &'a ApiError>,
    /// When the call began (the log's wall time is derived from it: no second clock read).
    pub started: std::time::Instant,
    pub duration: Duration,
    pub fault: Option<u64>,
}

/// The rings, one per bot in each shard (`sharded.rs`): a call is kept in the shard of the
/// thread that answered it, and a reader merges the bot's rings by sequence number and keeps
/// the newest `size`.
pub(crate) struct CallLog {
    size: usize,
    rings: Sharded<rustc_hash::FxHashMap<i64, Ring>>,
    /// The one thing every call writes here for all threads (readers need one order); on a
    /// line of its own, so the fields read beside it stay where each core has them.
    next: OwnLine<std::sync::atomic::AtomicU64>,
    arrived: Notify,
    /// Readers waiting for a new call: a record wakes them only when there are some.
    readers: std::sync::atomic::AtomicUsize,
    /// The wall time (Unix milliseconds) at one instant, to date calls by their `started`.
    base: (std::time::Instant, u64),
}

/// Parameter names whose values are secrets.
const SECRET_PARAMS: &[&str] = &["token", "secret_token", "provider_token", "password", "api_hash"];

impl CallLog {
    pub(crate) fn new(size: usize) -> Self {
        Self {
            size,
            rings: Sharded::default(),
            next: OwnLine(std::sync::atomic::AtomicU64::new(1)),
            arrived: Notify::new(),
            readers: std::sync::atomic::AtomicUsize::new(0),
            base: (
                std::time::Instant::now(),
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64),
            ),
        }
    }

    pub(crate) fn enabled(&self) -> bool {
        self.size > 0
    }

    /// Keeps one call (the oldest of its bot's ring goes when it is full).
    pub(crate) fn record(&self, call: Call<'_>) {
        if self.size == 0 {
            return;
        }
        let at_ms = self.base.1 + call.started.saturating_duration_since(self.base.0).as_millis() as u64;
        let (answer, body) = match call.answer {
            Ok(body) => (Answer::Copied(0), Some(body)),
            // (A small body is copied, a large one shared: `Ring::push`.)
            Err(e) => (Answer::Error(Box::new(e.clone())), None),
        };
        let entry = Entry {
            seq: self.next.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            at_ms,
            method: call.method,
            params: call.params,
            status: call.status,
            answer,
            duration_us: call.duration.as_micros() as u64,
            fault: call.fault,
        };
        self.rings.local().entry(call.bot_id).or_default().push(entry, body, self.size);
        if self.readers.load(std::sync::atomic::Ordering::SeqCst) > 0 {
            self.arrived.notify_waiters();
        }
    }

    /// The calls of `bot_id` after sequence number `after`, oldest first, filtered; with `wait`,
    /// waits that long for one to arrive when there is none yet (the live stream).
    pub(crate) async fn read(&self, bot_id: i64, filter: &Filter, wait: Duration) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        // Counted as a reader for as long as this waits (records wake readers only).
        struct Reading<'a>(&'a std::sync::atomic::AtomicUsize);
        impl Drop for Reading<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
            }
        }
        self.readers.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let _reading = Reading(&self.readers);
        loop {
            let arrived = self.arrived.notified();
            let found = self.matching(bot_id, filter);
            if !found.is_empty() || wait.is_zero() {
                return found;
            }
            if tokio::time::timeout_at(deadline, arrived).await.is_err() {
                return Vec::new();
            }
        }
    }

    fn matching(&self, bot_id: i64, filter: &Filter) -> Vec<Value> {
        // The bot's newest `size` calls, as one ring would have kept them: the oldest of those
        // first (sequence numbers only), then copies of the ones asked for (a live reader asks
        // for the few after the last it saw).
        let mut seqs: Vec<u64> = Vec::new();
        self.rings.each(|rings| seqs.extend(rings.get(&bot_id).into_iter().flat_map(|r| &r.entries).map(|e| e.seq)));
        seqs.sort_unstable();
        let oldest = seqs.len().checked_sub(self.size).map_or(0, |cut| seqs[cut]);
        let mut kept = Vec::new();
        self.rings.each(|rings| {
            if let Some(ring) = rings.get(&bot_id) {
                kept.extend(ring.read(|e| e.seq >= oldest && e.seq > filter.after));
            }
        });
        kept.sort_unstable_by_key(|e| e.seq);
        let found: Vec<&Entry<_>> = kept
            .iter()
            .filter(|e| e.at_ms >= filter.since_ms)
            .filter(|e| filter.method.as_ref().is_none_or(|m| e.method.eq_ignore_ascii_case(m)))
            .filter(|e| filter.status.is_none_or(|s| e.status == s))
            .collect();
        let skip = found.len().saturating_sub(filter.limit);
        found.into_iter().skip(skip).map(shown).collect()
    }
}

/// Which calls `getCalls` reads.
#[derive(Debug, Default)]
pub(crate) struct Filter {
    pub after: u64,
    pub since_ms: u64,
    pub method: Option<String>,
    pub status: Option<u16>,
    pub limit: usize,
}

/// A kept call as the operator reads it: secrets redacted.
fn shown(e: &Entry<Result<Bytes, ApiError>>) -> Value {
    let mut params: Value = e.params.iter().map(|(k, v)| (k.to_owned(), Value::String(v.to_owned()))).collect();
    redact_value(&mut params);
    let files: Vec<Value> =
        e.params.files().iter().map(|f| json!({"field": f.field, "name": f.file_name, "size": f.size})).collect();
    let mut out = json!({
        "seq": e.seq,
        "date": e.at_ms as f64 / 1000.0,
        "method": e.method,
        "params": params,
        "status": e.status,
        "duration_ms": e.duration_us as f64 / 1000.0,
    });
    if !files.is_empty() {
        out["files"] = Value::Array(files);
    }
    match &e.answer {
        Ok(body) => {
            let mut result = serde_json::from_slice::<Value>(body).map_or(Value::Null, |mut v| v["result"].take());
            redact_value(&mut result);
            out["result"] = result;
        }
        Err(error) => {
            out["error"] =
                json!({"error_code": error.code, "description": msg_core::redact::redact(&error.description)});
            let mut parameters = serde_json::Map::new();
            if let Some(retry_after) = error.retry_after {
                parameters.insert("retry_after".into(), retry_after.into());
            }
            if let Some(chat) = error.migrate_to_chat_id {
                parameters.insert("migrate_to_chat_id".into(), chat.into());
            }
            if !parameters.is_empty() {
                out["error"]["parameters"] = Value::Object(parameters);
            }
        }
    }
    if let Some(rule) = e.fault {
        out["fault"] = if rule == 0 { json!("flood_control") } else { json!(rule) };
    }
    out
}

/// `value` with secrets redacted, parameters and answers alike: a field named like a secret
/// parameter is `<redacted>`, and every string has its tokens and URL passwords redacted (a
/// `getWebhookInfo` answer's URL, a token in a file link).
fn redact_value(value: &mut Value) {
    match value {
        Value::String(text) => {
            if let std::borrow::Cow::Owned(redacted) = msg_core::redact::redact(text) {
                *text = redacted;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_value),
        Value::Object(fields) => {
            for (key, field) in fields.iter_mut() {
                if SECRET_PARAMS.contains(&key.as_str()) && !field.is_null() {
                    *field = Value::String(msg_core::redact::REDACTED.to_owned());
                } else {
                    redact_value(field);
                }
            }
        }
        _ => {}
    }
}

/// A text transcript of calls, one per line: time, method, status, duration, then parameters
/// and the answer's gist.
pub(crate) fn transcript(calls: &[Value]) -> String {
    let mut out = String::new();
    for call in calls {
        let params = call["params"].as_object().map_or_else(String::new, |p| {
            p.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or_default())).collect::<Vec<_>>().join(" ")
        });
        let answer = match call.get("error") {
            Some(error) => format!("{} {}", error["error_code"], error["description"].as_str().unwrap_or_default()),
            None => {
                let result = call["result"].to_string();
                if result.chars().count() > 120 {
                    format!("{}…", result.chars().take(120).collect::<String>())
                } else {
                    result
                }
            }
        };
        let fault = call.get("fault").map(|f| format!(" [fault {f}]")).unwrap_or_default();
        out.push_str(&format!(
            "#{} {:.3} {} {} {:.1}ms{fault} {params} -> {answer}\n",
            call["seq"],
            call["date"].as_f64().unwrap_or_default(),
            call["method"].as_str().unwrap_or_default(),
            call["status"],
            call["duration_ms"].as_f64().unwrap_or_default()
        ));
    }
    out
}

/// The operator API's `getCalls`: `bot_id`, and optionally `method`, `status`, `after` (a
/// sequence number: the stream's cursor), `since` (Unix seconds), `limit` (at most the last
/// 1000), `wait` (seconds to wait for a new call, at most 60) and `format` (`json`, `text`).
pub(crate) async fn operator(log: &CallLog, params: &Params) -> Result<Value, ApiError> {
    let bot_id = params.integer("bot_id", 0, i64::MIN, i64::MAX);
    if bot_id == 0 {
        return Err(ApiError::bad_request("bot_id is required"));
    }
    if !log.enabled() {
        return Err(ApiError::bad_request("the call log is off (--call-log-size 0)"));
    }
    let filter = Filter {
        after: params.integer("after", 0, 0, i64::MAX) as u64,
        since_ms: params.integer("since", 0, 0, i64::MAX / 1000) as u64 * 1000,
        method: params.get("method").filter(|m| !m.is_empty()).map(str::to_owned),
        status: params.get("status").and_then(|s| s.trim().parse().ok()),
        limit: params.integer("limit", 1000, 1, 1000) as usize,
    };
    let wait = Duration::from_secs(params.integer("wait", 0, 0, 60) as u64);
    let calls = log.read(bot_id, &filter, wait).await;
    Ok(match params.get("format") {
        Some("text") => Value::String(transcript(&calls)),
        _ => Value::Array(calls),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call<'a>(params: &Params, answer: Result<&'a Bytes, &'a ApiError>, status: u16) -> Call<'a> {
        let (method, params) = ("sendMessage".to_owned(), params.clone());
        let started = std::time::Instant::now();
        Call { bot_id: 7, method, params, status, answer, started, duration: Duration::from_millis(2), fault: None }
    }

    #[tokio::test]
    async fn calls_are_kept_per_bot_in_a_bounded_ring_and_read_with_secrets_redacted() {
        let log = CallLog::new(3);
        let mut params = Params::new();
        params.push("chat_id", "42");
        params.push("provider_token", "284685063:TEST:abc");
        params.push("url", "https://user:hunter2@example.com/hook");
        let ok = Bytes::from(msg_core::ok_body(&json!({"message_id": 1}), None));
        for _ in 0..4 {
            log.record(call(&params, Ok(&ok), 200));
        }
        let refused = ApiError::bad_request("chat not found");
        log.record(call(&params, Err(&refused), 400));
        let all = log.read(7, &Filter { limit: 10, ..Filter::default() }, Duration::ZERO).await;
        assert_eq!(all.len(), 3, "the ring keeps the last three");
        assert_eq!(all[0]["seq"], 3);
        assert_eq!(all[0]["result"]["message_id"], 1, "its body, copied");
        let text = all[2].to_string();
        assert!(!text.contains("abc") && !text.contains("hunter2"), "{text}");
        assert_eq!(all[2]["error"]["description"], "Bad Request: chat not found");
        let failed = log.read(7, &Filter { status: Some(400), limit: 10, ..Filter::default() }, Duration::ZERO).await;
        assert_eq!(failed.len(), 1);
        assert!(log.read(8, &Filter { limit: 10, ..Filter::default() }, Duration::ZERO).await.is_empty());
        let after = Filter { after: 5, limit: 10, ..Filter::default() };
        let waiting = log.read(7, &after, Duration::from_secs(5));
        let (found, ()) = tokio::join!(waiting, async {
            tokio::task::yield_now().await;
            log.record(call(&params, Ok(&ok), 200))
        });
        assert_eq!(found.len(), 1, "the stream wakes for a new call");
        assert!(transcript(&found).contains("sendMessage 200"));
    }

    #[tokio::test]
    async fn an_answer_given_again_and_again_is_kept_once() {
        let log = CallLog::new(100);
        let params = Params::new();
        let me = Bytes::from(msg_core::ok_body(&json!({"id": 7, "is_bot": true}), None));
        let sent = |n: u64| Bytes::from(msg_core::ok_body(&json!({"message_id": n}), None));
        // Bodies of the same length that differ, the same body again and again, and a
        // different one in between.
        let answers =
            [sent(10), sent(11), me.clone(), me.clone(), me.clone(), sent(12), me.clone(), sent(13), sent(13)];
        for answer in &answers {
            log.record(call(&params, Ok(answer), 200));
        }
        {
            let rings = log.rings.local();
            let ring = &rings[&7];
            let copied: usize = ring.entries.iter().map(|e| if let Answer::Copied(n) = e.answer { n } else { 0 }).sum();
            // Copied: 10, 11, the first getMe, 12, the first 13; the rest shared.
            assert_eq!(copied, 4 * sent(10).len() + me.len());
            assert_eq!(ring.bodies.len(), copied);
            assert_eq!(ring.repeated.as_deref(), Some(&sent(13)[..]), "the latest repeated body");
        }
        let all = log.read(7, &Filter { limit: 100, ..Filter::default() }, Duration::ZERO).await;
        let read: Vec<Value> = all.iter().map(|c| c["result"].clone()).collect();
        let expected: Vec<Value> =
            answers.iter().map(|a| serde_json::from_slice::<Value>(a).unwrap()["result"].clone()).collect();
        assert_eq!(read, expected);

        // A ring that wraps around keeps reading the right bodies.
        let small = CallLog::new(3);
        for n in 0..50u64 {
            let answer = if n % 4 == 0 { sent(n) } else { me.clone() };
            small.record(call(&params, Ok(&answer), 200));
        }
        let kept = small.read(7, &Filter { limit: 10, ..Filter::default() }, Duration::ZERO).await;
        let ids: Vec<Value> = kept.iter().map(|c| c["result"]["message_id"].clone()).collect();
        assert_eq!(ids, vec![Value::Null, json!(48), Value::Null]);
        assert_eq!((&kept[0]["result"]["id"], &kept[2]["result"]["id"]), (&json!(7), &json!(7)));
    }

    #[tokio::test]
    async fn calls_answered_on_many_threads_read_as_one_ring() {
        // Each thread keeps its calls in its own shard; a reader sees the bot's newest five,
        // in order, as a single ring of five would have kept them.
        let log = std::sync::Arc::new(CallLog::new(5));
        let params = Params::new();
        let threads: Vec<_> = (0..6)
            .map(|_| {
                let (log, params) = (log.clone(), params.clone());
                std::thread::spawn(move || {
                    for n in 0..20 {
                        let body = msg_core::ok_body(&json!({"message_id": n}), None);
                        log.record(call(&params, Ok(&Bytes::from(body)), 200));
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let all = log.read(7, &Filter { limit: 10, ..Filter::default() }, Duration::ZERO).await;
        let seqs: Vec<u64> = all.iter().map(|c| c["seq"].as_u64().unwrap()).collect();
        assert_eq!(seqs, vec![116, 117, 118, 119, 120]);
        // Each with its own answer, read back from its ring's buffer.
        assert!(all.iter().all(|c| c["result"]["message_id"].as_u64().is_some_and(|n| n < 20)), "{all:?}");
        let after = log.read(7, &Filter { after: 118, limit: 10, ..Filter::default() }, Duration::ZERO).await;
        assert_eq!(after.len(), 2);
    }
}
