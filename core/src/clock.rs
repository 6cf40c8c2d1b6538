//! The server's one source of time. Everything the platform times (dates of messages, polls'
//! closing, bans' and links' ends, the 48-hour windows, subscriptions' renewals, the 24 hours an
//! update is kept, the deadlines of a bot's answers) reads [`now_unix`] and waits with
//! [`sleep_until`] or [`timeout`]. The clock is real unless a test server installed a manual one
//! ([`install_manual`]: `--clock manual`), which stands still until the operator advances it
//! ([`advance`]); waiters whose moment has come then wake. Long polls, webhook retries and the
//! network keep real time.
//!
//! One clock per process (a server is one process): a manual clock is installed once, at start.

use std::future::Future;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tokio::sync::watch;

struct Manual {
    now: AtomicI64,
    changed: watch::Sender<i64>,
}

static MANUAL: OnceLock<Manual> = OnceLock::new();

fn real_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Makes the clock manual, starting at `start` (Unix seconds); `false` when it already is.
pub fn install_manual(start: i64) -> bool {
    let (changed, _) = watch::channel(start);
    MANUAL.set(Manual { now: AtomicI64::new(start), changed }).is_ok()
}

/// Whether the clock is manual.
pub fn is_manual() -> bool {
    MANUAL.get().is_some()
}

/// The time now, in Unix seconds.
pub fn now_unix() -> i64 {
    match MANUAL.get() {
        Some(manual) => manual.now.load(Ordering::SeqCst),
        None => real_now(),
    }
}

/// Moves a manual clock `seconds` forward (0 or more) and wakes whoever waits for a moment now
/// past; the new time. `Err` when the clock is real.
pub fn advance(seconds: i64) -> Result<i64, &'static str> {
    let manual = MANUAL.get().ok_or("the clock is real: start the server with --clock manual to move it")?;
    if seconds < 0 {
        return Err("the clock only moves forward");
    }
    let now = manual.now.fetch_add(seconds, Ordering::SeqCst) + seconds;
    manual.changed.send_replace(now);
    Ok(now)
}

/// A receiver that sees every move of a manual clock (`None` when the clock is real), for
/// periodic work that should run at once when time jumps.
pub fn moves() -> Option<watch::Receiver<i64>> {
    MANUAL.get().map(|m| m.changed.subscribe())
}

/// Waits until the clock reads `at` or later.
pub async fn sleep_until(at: i64) {
    match MANUAL.get() {
        Some(manual) => {
            let mut moves = manual.changed.subscribe();
            while manual.now.load(Ordering::SeqCst) < at {
                if moves.changed().await.is_err() {
                    return std::future::pending().await;
                }
            }
        }
        None => {
            let wait = at - real_now();
            if wait > 0 {
                tokio::time::sleep(Duration::from_secs(wait as u64)).await;
            }
        }
    }
}

/// Waits for `work` at most `wait` by the clock (on a manual clock, until it is advanced past
/// `wait` from now, in whole seconds rounded up); `None` when the time ran out first.
pub async fn timeout<F: Future>(wait: Duration, work: F) -> Option<F::Output> {
    if !is_manual() {
        return tokio::time::timeout(wait, work).await.ok();
    }
    let seconds = wait.as_secs() as i64 + i64::from(wait.subsec_nanos() > 0);
    let deadline = now_unix() + seconds;
    tokio::select! {
        done = work => Some(done),
        _ = sleep_until(deadline) => None,
    }
}

/// Periodic work's wait: the next tick of `interval`, or sooner when a manual clock moves (so
/// sweeps by the clock's time run at once after a jump). `moves` is [`moves`]' receiver, kept by
/// the caller across calls.
pub async fn tick(interval: &mut tokio::time::Interval, moves: &mut Option<watch::Receiver<i64>>) {
    match moves {
        Some(receiver) => {
            tokio::select! {
                _ = interval.tick() => {}
                moved = receiver.changed() => if moved.is_err() { *moves = None; },
            }
        }
        None => {
            interval.tick().await;
        }
    }
}
