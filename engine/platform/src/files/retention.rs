//! The retention policy. With `--file-retention` unset (the default) files are kept for ever. With
//! a period set, a sweep removes from each bot's directory the files it has not used (sent,
//! received, getFile) for that long — their records stay, so a later getFile or send restores
//! them from the content store while it still has them — and removes from the content store
//! content no bot directory links to any more and that is older than the period.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::Platform;

/// Sweeps until `stop` fires.
pub async fn run(platform: Arc<Platform>, period: Duration, stop: CancellationToken) {
    crate::kernel::sweep_every(period, stop, || async {
        if let Err(e) = sweep(&platform, period).await {
            tracing::warn!("file retention sweep failed: {e}");
        }
    })
    .await;
}

async fn sweep(platform: &Platform, period: Duration) -> Result<(), String> {
    let cutoff = msg_core::storage::now_unix() - period.as_secs() as i64;
    let bots = platform.storage.list_bots().await.map_err(|e| e.to_string())?;
    let mut removed = 0u64;
    for bot in bots {
        let files = platform.storage.list_files(bot.id).await.map_err(|e| e.to_string())?;
        let dir = platform.files.bot_dir(bot.id);
        for file in files.into_iter().filter(|f| f.accessed_at < cutoff) {
            if tokio::fs::remove_file(dir.join(&file.path)).await.is_ok() {
                removed += 1;
            }
        }
    }
    let store = platform.files.store_dir().to_path_buf();
    let period_ago = std::time::SystemTime::now() - period;
    let store_removed =
        tokio::task::spawn_blocking(move || sweep_store(&store, period_ago)).await.map_err(|e| e.to_string())?;
    if removed + store_removed > 0 {
        tracing::info!(
            "file retention: removed {removed} file(s) from bot directories and {store_removed} from the content store"
        );
    }
    Ok(())
}

/// Content linked from no bot directory (one link: the store's own) and older than the period.
fn sweep_store(store: &Path, period_ago: std::time::SystemTime) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let mut removed = 0;
    let Ok(prefixes) = std::fs::read_dir(store) else { return 0 };
    for prefix in prefixes.flatten() {
        let Ok(entries) = std::fs::read_dir(prefix.path()) else { continue };
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            let old = meta.modified().is_ok_and(|m| m < period_ago);
            if meta.is_file() && meta.nlink() == 1 && old && std::fs::remove_file(entry.path()).is_ok() {
                removed += 1;
            }
        }
    }
    removed
}
