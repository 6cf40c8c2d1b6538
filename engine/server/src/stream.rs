//! A person's push stream, `GET /user<token>/stream`: Server-Sent Events carrying the updates of
//! the person's queue, the same queue `getUpdates` reads (one source of truth). Each event's `id`
//! is its `update_id`; a client that reconnects (`Last-Event-ID`, or `?after=` after a reload)
//! resumes after it (nothing is lost: updates are durable before they are visible, and a stream
//! acknowledges nothing, so two tabs of one person never take updates from each other; nothing
//! is doubled: the stream sends only ids above the resume point). Updates leave the queue when
//! getUpdates acknowledges them or when they expire. Not here: what the updates are (the
//! platform's).
//!
//! Bounded: a stream is a future in its connection, with no task or buffer of its own; it waits
//! on the queue's notification and wakes every [`HEARTBEAT`] to send a comment (so proxies and
//! the idle reaper see traffic). A reader that goes away drops the future (nothing to undo: the
//! stream changes nothing after it starts); a slow reader only slows its own stream, as the
//! platform's pushes never wait for readers. Streams end when the server starts draining.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use hyper::{Request, Response};

use crate::Shared;
use crate::http::{self, Body};

/// How often an idle stream sends a comment line.
const HEARTBEAT: Duration = Duration::from_secs(15);
/// How long EventSource waits before it reconnects (milliseconds).
const RETRY_MS: u32 = 1000;

/// Where a (re)connecting client resumes: `Last-Event-ID` (EventSource's own reconnect), else
/// the `after` query parameter.
fn resume_point(req: &Request<Incoming>) -> Option<i64> {
    let header = req.headers().get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse().ok());
    header.or_else(|| {
        let query = req.uri().query()?;
        form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == "after").and_then(|(_, v)| v.trim().parse().ok())
    })
}

/// The events of `updates` as SSE lines.
fn render(updates: &[(i64, String)], out: &mut String) {
    for (id, json) in updates {
        out.push_str("id: ");
        out.push_str(&id.to_string());
        out.push_str("\ndata: ");
        // An update is one line of JSON (serde_json escapes newlines in strings).
        out.push_str(json);
        out.push_str("\n\n");
    }
}

struct State {
    shared: Arc<Shared>,
    token: String,
    last: Option<i64>,
    first: Option<String>,
}

/// Opens the stream (authenticating the person first, so a bad token is a plain error
/// envelope).
pub async fn handle(shared: &Arc<Shared>, token: String, req: Request<Incoming>) -> Response<Body> {
    let after = resume_point(&req);
    let first = match shared.upstream.user_events(&token, after, Duration::ZERO).await {
        Ok(events) => events,
        Err(e) => return http::error_response(&e),
    };
    let mut opening = format!("retry: {RETRY_MS}\n\n");
    render(&first, &mut opening);
    let last = first.last().map(|(id, _)| *id).or(after);
    let state = State { shared: shared.clone(), token, last, first: Some(opening) };
    let stream = futures_util::stream::unfold(state, |mut state| async move {
        if let Some(opening) = state.first.take() {
            return Some((Ok::<_, std::io::Error>(Frame::data(Bytes::from(opening))), state));
        }
        let read = state.shared.upstream.user_events(&state.token, state.last, HEARTBEAT);
        let events = tokio::select! {
            () = state.shared.draining.cancelled() => return None,
            events = read => events,
        };
        let mut chunk = String::new();
        match events {
            // The person's token was revoked or the storage failed: end; EventSource retries.
            Err(_) => return None,
            Ok(events) if events.is_empty() => chunk.push_str(": keep-alive\n\n"),
            Ok(events) => {
                state.last = events.last().map(|(id, _)| *id);
                render(&events, &mut chunk);
            }
        }
        Some((Ok(Frame::data(Bytes::from(chunk))), state))
    });
    let mut response = Response::new(StreamBody::new(stream).boxed_unsync());
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn events_carry_their_update_id() {
        let mut out = String::new();
        render(&[(7, r#"{"update_id":7,"message":{"text":"a\nb"}}"#.into()), (8, "{}".into())], &mut out);
        assert_eq!(out, "id: 7\ndata: {\"update_id\":7,\"message\":{\"text\":\"a\\nb\"}}\n\nid: 8\ndata: {}\n\n");
    }
}
