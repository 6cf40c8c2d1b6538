//! Widgets (Bot API 10.4): messages whose content is a small HTML program the person's app runs
//! in a sandbox with no network, fed by two pieces of data only the bot writes: `public_data`
//! (the same wherever the widget is shown; for a shared widget, in every message that shows it)
//! and `chat_data` (the message's own). The widget may ask the bot (a widget query, 1-64 bytes,
//! at most 5 per 5 seconds from one person to one bot); the bot answers the widget alone
//! (`answerWidgetQuery`) and changes the data with `editMessageWidgetData` /
//! `editSharedWidgetData`.
//!
//! A shared widget is one row of [`SHARED`] (its HTML, size, public data, cache time and
//! whether it takes queries), sent again with `sendSharedWidget`; a message keeps a copy of the
//! widget and reads the shared public data through the domain's view rule. Whether a widget
//! message takes queries is a row of [`PLACED`], stored in the message's batch.
//!
//! The platform keeps the production environment's rules: widgets go to private chats only
//! and are protected from forwarding. The operator lifts both per bot (`widgets_anywhere`, the
//! test environment's rules), which is how forwarded shared widgets and their
//! `shared_widget_query` are reached.

pub(crate) mod domain;
mod methods;
mod user;

use std::collections::{HashMap, VecDeque};
use std::io::Write as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use msg_core::ApiError;
use msg_spec::types;
use serde::{Deserialize, Serialize};

use crate::kernel::records::Table;

/// Shared widgets: scope the bot that made it, key its id.
const SHARED: Table<Shared> = Table::new("shared_widget");
/// Widget messages' settings: scope the bot whose widget it is, key `<conversation>/<message id>`.
const PLACED: Table<Placed> = Table::new("widget_message");

/// A shared widget as its bot made it and last edited it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct Shared {
    html: String,
    width: Option<i64>,
    height: Option<i64>,
    public_data: Option<String>,
    /// How long an app may keep its public data (`editSharedWidgetData`'s `cache_time`).
    cache_time: i64,
    allow_queries: bool,
    /// When its public data last changed (milliseconds): once a second at most.
    edited_ms: i64,
}

impl Shared {
    /// A new shared widget's row: `widget` as sent.
    fn of(widget: &types::Widget, allow_queries: bool) -> Self {
        Shared {
            html: widget.html.clone(),
            width: widget.width,
            height: widget.height,
            public_data: widget.public_data.clone(),
            cache_time: DEFAULT_CACHE_TIME,
            allow_queries,
            edited_ms: 0,
        }
    }

    /// The widget `id` shows in a message of its own `chat_data`.
    fn widget(&self, id: &str, chat_data: Option<String>) -> types::Widget {
        types::Widget {
            html: self.html.clone(),
            id: Some(id.to_owned()),
            width: self.width,
            height: self.height,
            public_data: self.public_data.clone(),
            chat_data,
        }
    }
}

/// What a widget message allows.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct Placed {
    allow_queries: bool,
}

/// The documented limits.
const MOST_HTML: usize = 32_768;
const MOST_COMPRESSED: usize = 4096;
const MOST_DATA: usize = 1024;
const MOST_QUERY: usize = 64;
const DEFAULT_CACHE_TIME: i64 = 30;
/// Queries one person may send one bot's widgets in [`QUERY_WINDOW`].
const QUERIES_PER_WINDOW: usize = 5;
const QUERY_WINDOW: Duration = Duration::from_secs(5);
/// How long a person's app waits for the bot's answer ("within 15 seconds").
const ANSWER_WAIT: u64 = 15;
/// The ids of widget queries: `w` and a number, answered by `answerWidgetQuery` alone.
const QUERY_PREFIX: &str = "w";
/// How long this server trusts a shared widget's row it read (its public data as shown):
/// well within the 5 seconds an app keeps it at least.
const SHARED_TTL: Duration = Duration::from_secs(1);

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// A widget's HTML within its limits: 1-32768 bytes, at most 4096 compressed by zlib at the
/// best level.
fn check_html(html: &str) -> Result<(), ApiError> {
    if html.is_empty() {
        return Err(ApiError::parameter_required("html"));
    }
    if html.len() > MOST_HTML {
        return Err(bad(format!("widget HTML must be at most {MOST_HTML} bytes")));
    }
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    zlib.write_all(html.as_bytes()).expect("writing to memory");
    let compressed = zlib.finish().expect("writing to memory").len();
    if compressed > MOST_COMPRESSED {
        return Err(bad(format!(
            "widget HTML must be at most {MOST_COMPRESSED} bytes compressed by zlib; it is {compressed}"
        )));
    }
    Ok(())
}

/// A widget's data (`public_data`, `chat_data`): 0-1024 bytes.
fn check_data(name: &str, data: Option<&str>) -> Result<(), ApiError> {
    match data {
        Some(data) if data.len() > MOST_DATA => Err(bad(format!("{name} must be at most {MOST_DATA} bytes"))),
        _ => Ok(()),
    }
}

/// A widget's size: positive, if given (the app clamps it).
fn check_size(name: &str, size: Option<i64>) -> Result<(), ApiError> {
    match size {
        Some(size) if size <= 0 => Err(bad(format!("{name} must be positive"))),
        _ => Ok(()),
    }
}

/// The domain's memory: who asked which bot when (the query limit, per server), and the shared
/// widgets' rows read lately (the view reads each once per [`SHARED_TTL`], not once per
/// recipient).
#[derive(Default)]
pub(crate) struct WidgetState {
    asked: Mutex<HashMap<(i64, i64), VecDeque<Instant>>>,
    shared: Mutex<HashMap<String, (Option<Maker>, Instant)>>,
}

/// A shared widget's row and the bot that made it.
type Maker = (i64, Shared);

impl WidgetState {
    /// Counts a query from `user_id` to `bot_id`; the seconds to wait when over the limit.
    fn count(&self, user_id: i64, bot_id: i64) -> Result<(), u64> {
        let now = Instant::now();
        let mut asked = self.asked.lock().expect("widget queries");
        if asked.len() > 4096 {
            asked.retain(|_, times| times.back().is_some_and(|t| now.duration_since(*t) < QUERY_WINDOW));
        }
        let times = asked.entry((user_id, bot_id)).or_default();
        while times.front().is_some_and(|t| now.duration_since(*t) >= QUERY_WINDOW) {
            times.pop_front();
        }
        if times.len() >= QUERIES_PER_WINDOW {
            let oldest = *times.front().expect("full");
            let left = QUERY_WINDOW - now.duration_since(oldest);
            // Rounded up: a client that waits as told is not refused again.
            return Err(left.as_secs() + u64::from(left.subsec_nanos() > 0));
        }
        times.push_back(now);
        Ok(())
    }

    /// Shared widget `id`'s row and its maker, as read within [`SHARED_TTL`].
    fn cached(&self, id: &str) -> Option<Option<Maker>> {
        let shared = self.shared.lock().expect("shared widgets");
        shared.get(id).filter(|(_, at)| at.elapsed() < SHARED_TTL).map(|(row, _)| row.clone())
    }

    fn remember(&self, id: &str, row: Option<Maker>) {
        let mut shared = self.shared.lock().expect("shared widgets");
        if shared.len() > 4096 {
            shared.retain(|_, (_, at)| at.elapsed() < SHARED_TTL);
        }
        shared.insert(id.to_owned(), (row, Instant::now()));
    }
}

/// Shared widget `id`'s row and the bot that made it (read at most once a [`SHARED_TTL`] here).
async fn shared_row(platform: &crate::Platform, id: &str) -> Result<Option<Maker>, ApiError> {
    let state = platform.state::<WidgetState>();
    if let Some(row) = state.cached(id) {
        return Ok(row);
    }
    let row = SHARED.find(platform.storage.as_ref(), id).await?.into_iter().next();
    state.remember(id, row.clone());
    Ok(row)
}

/// A widget's data as given: an empty string is none.
fn data(given: Option<&str>) -> Option<String> {
    given.filter(|d| !d.is_empty()).map(str::to_owned)
}

/// A fresh shared widget id.
fn new_widget_id() -> String {
    format!("{:016x}", msg_core::random::next_u64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_measured_as_written_and_as_compressed() {
        assert!(check_html("<b>hi</b>").is_ok());
        assert_eq!(check_html("").unwrap_err().description, "Bad Request: parameter \"html\" is required");
        let long = "a".repeat(MOST_HTML + 1);
        assert!(check_html(&long).unwrap_err().description.contains("at most 32768 bytes"));
        // 32 KB that compress well pass; 8 KB of noise do not.
        assert!(check_html(&"<p>same</p>".repeat(2900)).is_ok());
        // xorshift64: noise that zlib cannot shrink below 4096 bytes.
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let noise: String = (0..8000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                char::from(b'!' + (x % 90) as u8)
            })
            .collect();
        assert!(check_html(&noise).unwrap_err().description.contains("compressed by zlib"));
    }

    #[test]
    fn data_and_sizes_have_their_bounds() {
        assert!(check_data("public_data", Some(&"x".repeat(1024))).is_ok());
        assert_eq!(
            check_data("chat_data", Some(&"x".repeat(1025))).unwrap_err().description,
            "Bad Request: chat_data must be at most 1024 bytes"
        );
        assert!(check_size("width", Some(0)).is_err());
        assert!(check_size("height", None).is_ok());
    }

    #[test]
    fn a_person_asks_a_bot_five_times_in_five_seconds_at_most() {
        let state = WidgetState::default();
        for _ in 0..5 {
            assert!(state.count(1, 2).is_ok());
        }
        assert_eq!(state.count(1, 2), Err(5), "rounded up");
        assert!(state.count(1, 3).is_ok(), "another bot");
        assert!(state.count(4, 2).is_ok(), "another person");
    }
}
