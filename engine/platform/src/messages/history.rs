//! Message retention. With `--message-retention` unset (the default) messages are kept for ever.
//! With a period set, a sweep forgets the messages sent longer ago than that, oldest first and a
//! bounded batch per storage call, and the storage gives their space back while the server runs.
//! A forgotten message is gone for everyone: replies, edits and history no longer find it, and
//! its chat's message ids go on counting after it.

use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::files::retention::sweep_interval;

/// Messages forgotten per storage call.
const BATCH: usize = 1000;

/// Sweeps until `stop` fires.
pub async fn run(platform: Arc<Platform>, period: Duration, stop: CancellationToken) {
    let mut tick = tokio::time::interval(sweep_interval(period));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = stop.cancelled() => return,
        }
        let cutoff = msg_core::storage::now_unix() - i64::try_from(period.as_secs()).unwrap_or(i64::MAX);
        let mut forgotten = 0;
        loop {
            match platform.storage.forget_messages(cutoff, BATCH).await {
                Ok(n) => {
                    forgotten += n;
                    if n < BATCH || stop.is_cancelled() {
                        break;
                    }
                }
                Err(e) => {
                    tracing::warn!("message retention sweep failed: {e}");
                    break;
                }
            }
        }
        if forgotten > 0 {
            tracing::info!("message retention: forgot {forgotten} messages sent before {cutoff}");
        }
    }
}
