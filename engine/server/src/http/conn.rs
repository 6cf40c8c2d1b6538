//! One client connection's life limits: the header-read bound (a request head, and the first one
//! after accept, must arrive within `header_timeout`: slowloris), the body-read bound (while a
//! request's body is read, no byte for `body_timeout` closes the connection), the idle bound (no
//! bytes either way and no request in progress for `idle_timeout`, the reference's 500 s), and
//! the count of open connections (past the cap, the newest are shed). Not here: what a request
//! means.
//!
//! A request in progress is never idle, however long it waits (a long poll): the connection's
//! [`Activity`] counts requests from the moment hyper hands them to the service until their
//! response future ends.

use std::io::IoSlice;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::time::Instant;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The bounds of one connection; see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    pub header_timeout: Duration,
    /// While a request's body is read, the longest wait for its next byte.
    pub body_timeout: Duration,
    pub idle_timeout: Duration,
    /// Open connections at most (per listener); the newest past it are closed at once.
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(500),
            max_connections: 65_536,
        }
    }
}

/// What a connection is doing, shared by its I/O wrapper, its service and its watchdog.
#[derive(Debug)]
pub struct Activity {
    /// When the connection began, on the coarse clock (every read and write reads it).
    start: Duration,
    /// Milliseconds since `start` of the last byte read or written.
    last_io: AtomicU64,
    /// Milliseconds since `start` + 1 when the head being read began to arrive; 0 = none.
    head_since: AtomicU64,
    in_flight: AtomicUsize,
    /// Request bodies being read now (see [`Activity::reading_body`]).
    reading: AtomicUsize,
}

impl Activity {
    /// A fresh connection: it is waiting for its first request head, from now.
    pub fn new() -> Arc<Self> {
        Arc::new(Self {
            start: msg_core::coarse::now(),
            last_io: AtomicU64::new(0),
            head_since: AtomicU64::new(1),
            in_flight: AtomicUsize::new(0),
            reading: AtomicUsize::new(0),
        })
    }

    fn now_ms(&self) -> u64 {
        msg_core::coarse::now().saturating_sub(self.start).as_millis() as u64
    }

    fn touched(&self) {
        let now = self.now_ms();
        self.last_io.store(now, Ordering::Relaxed);
        if self.in_flight.load(Ordering::Acquire) == 0 {
            // Bytes while no request is in progress: a new head is arriving.
            let _ = self.head_since.compare_exchange(0, now + 1, Ordering::AcqRel, Ordering::Relaxed);
        }
    }

    /// Marks a request in progress until the returned guard drops.
    pub fn request(self: &Arc<Self>) -> RequestGuard {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        self.head_since.store(0, Ordering::Release);
        RequestGuard(self.clone())
    }

    /// Marks a request body being read until the returned guard drops: meanwhile the
    /// connection must bring a byte every `body_timeout`. A handler's own wait after the body
    /// (a long poll) is not reading.
    pub fn reading_body(self: &Arc<Self>) -> BodyGuard {
        self.last_io.store(self.now_ms(), Ordering::Relaxed);
        self.reading.fetch_add(1, Ordering::AcqRel);
        BodyGuard(self.clone())
    }

    /// Waits until the connection overstays a bound; returns which one.
    pub async fn expired(&self, limits: ConnectionLimits) -> &'static str {
        let header = limits.header_timeout.as_millis() as u64;
        let body = limits.body_timeout.as_millis() as u64;
        let idle = limits.idle_timeout.as_millis() as u64;
        loop {
            let now = self.now_ms();
            let (deadline, reason) = if self.reading.load(Ordering::Acquire) > 0 {
                (self.last_io.load(Ordering::Relaxed) + body, "request body not received in time")
            } else if self.in_flight.load(Ordering::Acquire) > 0 {
                (now + header.min(idle).min(body), "")
            } else {
                match self.head_since.load(Ordering::Acquire) {
                    0 => (self.last_io.load(Ordering::Relaxed) + idle, "idle"),
                    since => (since - 1 + header, "request header not received in time"),
                }
            };
            if now >= deadline && !reason.is_empty() {
                return reason;
            }
            tokio::time::sleep(Duration::from_millis(deadline.saturating_sub(now).max(10))).await;
        }
    }
}

/// A request in progress (see [`Activity::request`]).
pub struct RequestGuard(Arc<Activity>);

impl Drop for RequestGuard {
    fn drop(&mut self) {
        self.0.last_io.store(self.0.now_ms(), Ordering::Relaxed);
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A request body being read (see [`Activity::reading_body`]).
pub struct BodyGuard(Arc<Activity>);

impl Drop for BodyGuard {
    fn drop(&mut self) {
        self.0.reading.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Where a request's body is read, for its handler: the connection's [`Activity`], put into
/// the request's extensions by [`super::serve`].
#[derive(Clone)]
pub struct BodyWatch(pub Arc<Activity>);

/// A socket whose reads and writes are recorded in an [`Activity`].
pub struct Tracked<S> {
    inner: S,
    activity: Arc<Activity>,
}

impl<S> Tracked<S> {
    pub fn new(inner: S, activity: Arc<Activity>) -> Self {
        Self { inner, activity }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Tracked<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touched();
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Tracked<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.last_io.store(self.activity.now_ms(), Ordering::Relaxed);
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.last_io.store(self.activity.now_ms(), Ordering::Relaxed);
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Counts open connections; a slot is held until its [`Slot`] drops.
#[derive(Debug, Default)]
pub struct Occupancy(AtomicUsize);

impl Occupancy {
    /// A slot, unless `max` are taken.
    pub fn enter(self: &Arc<Self>, max: usize) -> Option<Slot> {
        let mut current = self.0.load(Ordering::Relaxed);
        loop {
            if current >= max {
                return None;
            }
            match self.0.compare_exchange_weak(current, current + 1, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return Some(Slot(self.clone())),
                Err(seen) => current = seen,
            }
        }
    }

    pub fn count(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }
}

/// One open connection's place in an [`Occupancy`].
pub struct Slot(Arc<Occupancy>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A warning logged at most once per `every`, with the count of the ones held back.
#[derive(Debug)]
pub struct Throttled {
    every: Duration,
    last: Option<Instant>,
    held_back: u64,
}

impl Throttled {
    pub fn new(every: Duration) -> Self {
        Self { every, last: None, held_back: 0 }
    }

    /// Logs `message` unless one was logged within the interval.
    pub fn warn(&mut self, message: std::fmt::Arguments<'_>) {
        if self.last.is_some_and(|at| at.elapsed() < self.every) {
            self.held_back += 1;
            return;
        }
        if self.held_back > 0 {
            tracing::warn!("{message} ({} more like this since the last report)", self.held_back);
        } else {
            tracing::warn!("{message}");
        }
        self.last = Some(Instant::now());
        self.held_back = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_fresh_connection_must_send_its_head_and_an_idle_one_is_reaped() {
        let limits = ConnectionLimits {
            header_timeout: Duration::from_millis(100),
            body_timeout: Duration::from_millis(200),
            idle_timeout: Duration::from_millis(400),
            max_connections: 1,
        };
        let activity = Activity::new();
        assert_eq!(activity.expired(limits).await, "request header not received in time");

        // A request in progress is never reaped; after it, the idle bound applies.
        let activity = Activity::new();
        let guard = activity.request();
        let waiting = tokio::time::timeout(Duration::from_secs(1), activity.expired(limits)).await;
        assert!(waiting.is_err(), "a request in progress was reaped");
        drop(guard);
        let started = Instant::now();
        assert_eq!(activity.expired(limits).await, "idle");
        assert!(started.elapsed() >= Duration::from_millis(350), "{:?}", started.elapsed());

        // A body that stops coming is reaped; one that keeps coming is not.
        let activity = Activity::new();
        let _request = activity.request();
        let reading = activity.reading_body();
        let trickle = async {
            for _ in 0..6 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                activity.touched();
            }
        };
        tokio::select! {
            reason = activity.expired(limits) => panic!("a progressing body was reaped: {reason}"),
            () = trickle => {}
        }
        assert_eq!(activity.expired(limits).await, "request body not received in time");
        drop(reading);
        let waiting = tokio::time::timeout(Duration::from_millis(500), activity.expired(limits)).await;
        assert!(waiting.is_err(), "a request past its body was reaped");
    }

    #[test]
    fn occupancy_sheds_past_the_cap_and_frees_slots() {
        let occupancy = Arc::new(Occupancy::default());
        let first = occupancy.enter(2).unwrap();
        let _second = occupancy.enter(2).unwrap();
        assert!(occupancy.enter(2).is_none());
        drop(first);
        assert!(occupancy.enter(2).is_some());
    }
}
