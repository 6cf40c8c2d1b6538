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
//!
//! No connection keeps a timer, and nothing its task polls is shared with another connection:
//! one sweeper per listener ([`Connections::sweep`]) walks the open connections a few times per
//! bound and tells the overdue ones to close, and a drain tells them all to finish their
//! request and close. Each hears it through its own [`Activity`] (a flag and a waker), which its
//! task reads on every poll. (A timer per connection, and a shutdown signal every connection
//! waited on, cost every request a timer poll and a lock shared by all connections.)

use std::io::IoSlice;
use std::pin::Pin;
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use futures_util::task::AtomicWaker;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;
use tokio::time::Instant;

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

/// What a connection is doing, shared by its I/O wrapper, its service, its task and its
/// listener's sweeper.
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
    /// What the connection's task is told: [`SERVE`], [`DRAIN`] or a bound it overstayed
    /// ([`HEADER_LATE`], [`BODY_LATE`], [`IDLE`]).
    ending: AtomicU8,
    /// The connection's task, woken when `ending` changes.
    task: AtomicWaker,
}

const SERVE: u8 = 0;
const DRAIN: u8 = 1;
// The bounds, above DRAIN: closing wins over draining (see `Activity::tell`).
const HEADER_LATE: u8 = 2;
const BODY_LATE: u8 = 3;
const IDLE: u8 = 4;

/// Why an overdue connection is closed (logged at debug level).
fn reason(bound: u8) -> &'static str {
    match bound {
        HEADER_LATE => "request header not received in time",
        BODY_LATE => "request body not received in time",
        _ => "idle",
    }
}

/// What a connection's task must do, read on each of its polls ([`Activity::ending`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Go on serving.
    Serve,
    /// The server is draining: finish the request in progress, then close.
    Drain,
    /// Close now: the connection overstayed a bound (which one).
    Overdue(&'static str),
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
            ending: AtomicU8::new(SERVE),
            task: AtomicWaker::new(),
        })
    }

    /// What the connection's task must do now; `waker` is woken when that changes.
    pub fn ending(&self, waker: &Waker) -> Ending {
        // Registered before the read: a change after the read wakes this poll's waker.
        self.task.register(waker);
        match self.ending.load(Ordering::Acquire) {
            SERVE => Ending::Serve,
            DRAIN => Ending::Drain,
            bound => Ending::Overdue(reason(bound)),
        }
    }

    /// Tells the connection's task to end: `DRAIN`, or a bound it overstayed. Closing wins over
    /// draining.
    fn tell(&self, ending: u8) {
        if self.ending.fetch_max(ending, Ordering::AcqRel) < ending {
            self.task.wake();
        }
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

    /// The bound the connection has overstayed, if any.
    fn overdue(&self, limits: ConnectionLimits) -> Option<u8> {
        self.overdue_at(self.now_ms(), limits)
    }

    fn overdue_at(&self, now: u64, limits: ConnectionLimits) -> Option<u8> {
        let ms = |bound: Duration| bound.as_millis() as u64;
        let (deadline, reason) = if self.reading.load(Ordering::Acquire) > 0 {
            (self.last_io.load(Ordering::Relaxed) + ms(limits.body_timeout), BODY_LATE)
        } else if self.in_flight.load(Ordering::Acquire) > 0 {
            return None;
        } else {
            match self.head_since.load(Ordering::Acquire) {
                0 => (self.last_io.load(Ordering::Relaxed) + ms(limits.idle_timeout), IDLE),
                since => (since - 1 + ms(limits.header_timeout), HEADER_LATE),
            }
        };
        (now >= deadline).then_some(reason)
    }
}

/// The open connections of one listener, for its sweeper and its drain.
#[derive(Debug, Default)]
pub struct Connections {
    /// Added at accept; the closed ones are dropped by the next sweep.
    open: Mutex<Vec<Weak<Activity>>>,
}

impl Connections {
    pub fn add(&self, activity: &Arc<Activity>) {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).push(Arc::downgrade(activity));
    }

    /// Calls `f` on each open connection, forgetting the closed ones.
    fn each(&self, mut f: impl FnMut(&Activity)) {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).retain(|weak| match weak.upgrade() {
            Some(activity) => {
                f(&activity);
                true
            }
            None => false,
        });
    }

    /// Tells each connection that overstayed a bound to close.
    pub fn close_overdue(&self, limits: ConnectionLimits) {
        self.each(|activity| {
            if let Some(bound) = activity.overdue(limits) {
                activity.tell(bound);
            }
        });
    }

    /// Tells every connection to finish its request in progress and close.
    pub fn drain(&self) {
        self.each(|activity| activity.tell(DRAIN));
    }

    /// Closes overdue connections every `limits.sweep_interval()`, for as long as it runs.
    pub async fn sweep(self: Arc<Self>, limits: ConnectionLimits) {
        let mut ticks = tokio::time::interval(limits.sweep_interval());
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            self.close_overdue(limits);
        }
    }
}

impl ConnectionLimits {
    /// How often the sweeper looks: a quarter of the shortest bound, between 10 ms and 1 s, so
    /// a connection is closed within a quarter of its bound after it (or a second at most).
    pub fn sweep_interval(&self) -> Duration {
        let shortest = self.header_timeout.min(self.body_timeout).min(self.idle_timeout);
        (shortest / 4).clamp(Duration::from_millis(10), Duration::from_secs(1))
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
pub struct Occupancy(AtomicUsize, Notify);

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

    /// Waits until no connection is open.
    pub async fn emptied(&self) {
        loop {
            // Created before the count is read: a last slot dropped in between still wakes it.
            let emptied = self.1.notified();
            if self.0.load(Ordering::Acquire) == 0 {
                return;
            }
            emptied.await;
        }
    }
}

/// One open connection's place in an [`Occupancy`].
pub struct Slot(Arc<Occupancy>);

impl Drop for Slot {
    fn drop(&mut self) {
        if self.0.0.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.1.notify_waiters();
        }
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

    const LIMITS: ConnectionLimits = ConnectionLimits {
        header_timeout: Duration::from_millis(100),
        body_timeout: Duration::from_millis(200),
        idle_timeout: Duration::from_millis(400),
        max_connections: 1,
    };

    #[test]
    fn the_bound_that_applies_follows_what_the_connection_is_doing() {
        let activity = Activity::new();
        // A fresh connection must send its head within the header bound.
        assert_eq!(activity.overdue_at(99, LIMITS), None);
        assert_eq!(activity.overdue_at(100, LIMITS), Some(HEADER_LATE));

        // A request in progress is never overdue, however long it waits (a long poll)...
        let request = activity.request();
        assert_eq!(activity.overdue_at(1_000_000, LIMITS), None);
        // ...except while its body is read: then a byte must come every body bound.
        let reading = activity.reading_body();
        let last = activity.last_io.load(Ordering::Relaxed);
        assert_eq!(activity.overdue_at(last + 199, LIMITS), None);
        assert_eq!(activity.overdue_at(last + 200, LIMITS), Some(BODY_LATE));
        activity.last_io.store(last + 150, Ordering::Relaxed);
        assert_eq!(activity.overdue_at(last + 300, LIMITS), None, "a body that keeps coming");
        drop(reading);
        assert_eq!(activity.overdue_at(1_000_000, LIMITS), None, "past its body, the request waits");

        // After the request, the idle bound, not the header bound.
        drop(request);
        let last = activity.last_io.load(Ordering::Relaxed);
        assert_eq!(activity.overdue_at(last + 399, LIMITS), None);
        assert_eq!(activity.overdue_at(last + 400, LIMITS), Some(IDLE));
        // Bytes of a new head: the header bound again, from their arrival.
        activity.touched();
        let since = activity.head_since.load(Ordering::Relaxed) - 1;
        assert_eq!(activity.overdue_at(since + 99, LIMITS), None);
        assert_eq!(activity.overdue_at(since + 100, LIMITS), Some(HEADER_LATE));
    }

    #[test]
    fn connections_hear_a_drain_and_a_close_through_their_own_activity() {
        let connections = Connections::default();
        let (first, second) = (Activity::new(), Activity::new());
        connections.add(&first);
        connections.add(&second);
        let waker = Waker::noop();
        assert_eq!(first.ending(waker), Ending::Serve);

        // Nobody is overdue yet; a connection that closed is forgotten at the next walk.
        connections.close_overdue(LIMITS);
        assert_eq!(first.ending(waker), Ending::Serve);
        drop(second);
        connections.close_overdue(LIMITS);
        assert_eq!(connections.open.lock().unwrap().len(), 1);

        connections.drain();
        assert_eq!(first.ending(waker), Ending::Drain);
        // Closing wins over draining (a drained connection still keeps its bounds), and a
        // drain never turns a close back.
        first.tell(IDLE);
        assert_eq!(first.ending(waker), Ending::Overdue("idle"));
        connections.drain();
        assert_eq!(first.ending(waker), Ending::Overdue("idle"));
    }

    #[test]
    fn the_sweeper_looks_a_few_times_per_bound() {
        assert_eq!(LIMITS.sweep_interval(), Duration::from_millis(25));
        assert_eq!(ConnectionLimits::default().sweep_interval(), Duration::from_secs(1));
        let tiny = ConnectionLimits { header_timeout: Duration::from_millis(1), ..LIMITS };
        assert_eq!(tiny.sweep_interval(), Duration::from_millis(10));
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
