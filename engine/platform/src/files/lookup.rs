//! Which file a download path names: `file_path` is what getFile returned, relative to the bot's
//! directory or (local mode) absolute. Only regular files inside one of the bot's own kind
//! directories are found; anything else (`..`, symlinks leading out, other bots' files, the
//! database, the temp dir) is not. The server streams what this finds.

use std::path::{Path, PathBuf};

use super::Kind;

/// The file `requested` names, if it is one of the bot's own files. A relative path is tried
/// against the bot's directory, then as an absolute one (clients that join `.../bot<token>` and
/// an absolute local-mode path without a slash between them).
pub async fn resolve(bot_dir: &Path, requested: &str) -> Option<PathBuf> {
    if requested.starts_with('/') {
        return resolve_candidate(bot_dir, Path::new(requested)).await;
    }
    match resolve_candidate(bot_dir, &bot_dir.join(requested)).await {
        Some(found) => Some(found),
        None => resolve_candidate(bot_dir, &Path::new("/").join(requested)).await,
    }
}

async fn resolve_candidate(bot_dir: &Path, candidate: &Path) -> Option<PathBuf> {
    let real = tokio::fs::canonicalize(candidate).await.ok()?;
    let real_dir = tokio::fs::canonicalize(bot_dir).await.ok()?;
    let inside = real.strip_prefix(&real_dir).ok()?;
    let mut components = inside.components();
    let kind_dir = components.next()?.as_os_str().to_str()?;
    Kind::from_dir(kind_dir)?;
    components.next()?;
    tokio::fs::metadata(&real).await.ok().filter(|m| m.is_file())?;
    Some(real)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn only_files_in_the_bots_own_kind_directories_resolve() {
        let root = tempfile::tempdir().unwrap();
        let bot = root.path().join("1001");
        let other = root.path().join("1002");
        for dir in [bot.join("documents"), other.join("documents"), bot.join("temp")] {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(bot.join("documents/file_0.txt"), b"mine").unwrap();
        std::fs::write(other.join("documents/file_0.txt"), b"theirs").unwrap();
        std::fs::write(bot.join("bot.sqlite"), b"db").unwrap();
        std::fs::write(bot.join("temp/x"), b"tmp").unwrap();
        std::os::unix::fs::symlink(other.join("documents/file_0.txt"), bot.join("documents/link.txt")).unwrap();
        std::os::unix::fs::symlink("/etc", bot.join("documents/etc")).unwrap();
        let mine = resolve(&bot, "documents/file_0.txt").await.unwrap();
        assert_eq!(std::fs::read(&mine).unwrap(), b"mine");
        let absolute = bot.join("documents/file_0.txt").display().to_string();
        assert_eq!(resolve(&bot, &absolute).await, Some(mine));
        for attempt in [
            "bot.sqlite",
            "temp/x",
            "documents",
            "documents/",
            "documents/../bot.sqlite",
            "../1002/documents/file_0.txt",
            "documents/../../1002/documents/file_0.txt",
            "documents/link.txt",
            "documents/etc/passwd",
            "/etc/passwd",
            &other.join("documents/file_0.txt").display().to_string(),
            "documents/missing.txt",
            "",
        ] {
            assert_eq!(resolve(&bot, attempt).await, None, "{attempt} must not resolve");
        }
    }
}
