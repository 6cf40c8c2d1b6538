//! Message retention. With `--message-retention` unset (the default) messages are kept for ever.
//! With a period set, a sweep forgets the messages sent longer ago than that, oldest first and a
//! bounded batch per storage call, and the storage gives their space back while the server runs.
//! A forgotten message is gone for everyone: replies, edits and history no longer find it, and
//! its chat's message ids go on counting after it.

use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::Platform;

/// Messages forgotten per storage call.
const BATCH: usize = 1000;

/// Sweeps until `stop` fires; on a shared storage (several servers) where the lease
/// `message_retention` is held, so one server sweeps at a time.
pub async fn run(platform: Arc<Platform>, period: Duration, stop: CancellationToken) {
    let stopping = stop.clone();
    let (storage, interval) = (platform.storage.clone(), crate::kernel::sweep_interval(period));
    crate::kernel::leased_every(storage, "message_retention", interval, stop, || async {
        sweep(&platform, period, &stopping).await;
        None
    })
    .await;
}

/// Forgets the messages older than `period`, a batch at a time, until none is left or `stop`.
async fn sweep(platform: &Platform, period: Duration, stop: &CancellationToken) {
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
