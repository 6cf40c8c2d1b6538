//! `bot export` / `bot import`: a bot as one gzip tar archive (its state as a `bot.sqlite` and the
//! files of its directory `<dir>/<bot id>/`), so moving a bot between servers is one command on
//! each side instead of a copy and a chown, whatever either server's storage. On SQLite the bot's
//! database is its state: export takes a consistent snapshot of it even while a server runs, and
//! import renames the staged directory into place in one step. On a backend that keeps bots in
//! shared tables (PostgreSQL) export writes the archive's database from what the storage gives
//! through the seam, and import moves the files into place, then replaces the bot's stored state
//! in one transaction ([`Administration::replace_bot`]). Import checks the archive, stages it
//! beside the working directory's bots and gives it the working directory's owner. Both refuse to
//! act on a bot that is live: exporting one a running server still serves, or importing over a
//! bot a server has open. Not here: what a bot's data means (that is the engine's storage).

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, bail};
use msg_core::storage::now_unix;
use msg_core::{Administration, BotRecord, BotState, FileRecord, Journal, StorageBackend};
use msg_storage::sqlite::{BOT_DB, SqliteStorage};
use serde_json::json;

use crate::preflight::{self, LockAttempt};

/// The first entry of every archive: what it holds, for checks and for the operator.
pub const MANIFEST: &str = "msg-bot-api-export.json";
/// Bumped when an archive's layout changes incompatibly; import refuses other formats.
const FORMAT: u64 = 1;
/// SQLite's side files, never archived (the snapshot is self-contained).
const SIDE_FILES: &[&str] = &["bot.sqlite-wal", "bot.sqlite-shm", "bot.sqlite-journal"];

/// The storage a bot is exported from or imported into.
pub enum Storage {
    /// SQLite: a bot's state is the database in its own directory, moved as it is.
    Directories(SqliteStorage),
    /// A backend that keeps bots in shared tables (PostgreSQL): read and written through the seam.
    Shared(std::sync::Arc<dyn StorageBackend>),
}

impl Storage {
    fn seam(&self) -> &dyn StorageBackend {
        match self {
            Storage::Directories(storage) => storage,
            Storage::Shared(storage) => storage.as_ref(),
        }
    }
}

/// What an archive says about its bot.
#[derive(Debug, Clone)]
pub struct Manifest {
    pub bot_id: i64,
    pub username: String,
    pub pending_updates: u64,
    pub webhook_url: Option<String>,
    pub logged_out: bool,
}

impl Manifest {
    fn to_json(&self) -> serde_json::Value {
        json!({
            "format": FORMAT,
            "server": format!("{} {}", msg_core::SERVER_NAME, crate::VERSION),
            "exported_at": now_unix(),
            "bot_id": self.bot_id,
            "username": self.username,
            "pending_updates": self.pending_updates,
            "webhook_url": self.webhook_url,
            "logged_out_on_source": self.logged_out,
        })
    }

    fn from_json(value: &serde_json::Value) -> anyhow::Result<Self> {
        let format = value["format"].as_u64().unwrap_or(0);
        if format != FORMAT {
            bail!(
                "the archive has format {format}, this msg-bot-api reads format {FORMAT}; use the same version on both servers"
            );
        }
        let bot_id = value["bot_id"].as_i64().filter(|id| *id > 0).context("the manifest names no bot id")?;
        Ok(Self {
            bot_id,
            username: value["username"].as_str().unwrap_or_default().to_owned(),
            pending_updates: value["pending_updates"].as_u64().unwrap_or(0),
            webhook_url: value["webhook_url"].as_str().map(str::to_owned),
            logged_out: value["logged_out_on_source"].as_bool().unwrap_or(false),
        })
    }

    /// `@name (id 123): 2 pending updates, webhook http://...`
    pub fn describe(&self) -> String {
        let webhook = self.webhook_url.as_deref().map_or_else(|| "no webhook".to_owned(), |u| format!("webhook {u}"));
        format!("@{} (id {}): {} pending update(s), {webhook}", self.username, self.bot_id, self.pending_updates)
    }
}

/// The working directory's identity, as the engine keeps it in `<dir>/instance-id`.
fn instance_id(dir: &Path) -> Option<String> {
    std::fs::read_to_string(dir.join("instance-id")).ok().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

/// Whether the bot's `logged_out` record (`<unix time>:<scope>`, written by the engine's logOut)
/// was made here: by the server of `dir`, or on a shared storage by any server of its
/// deployment. A record another server made (the bot came from there) does not count: this
/// server serves the bot.
async fn logged_out_here(storage: &dyn StorageBackend, dir: &Path, bot_id: i64) -> anyhow::Result<bool> {
    let record = storage.load_bot_setting(bot_id, "logged_out").await?;
    let here = storage.deployment_id().await?.or_else(|| instance_id(dir));
    Ok(record.as_deref().and_then(|r| r.split_once(':')).is_some_and(|(_, scope)| Some(scope) == here.as_deref()))
}

/// How recently a server of a shared storage must have said it is alive to count as running
/// (servers say so every 5 s).
const ALIVE_WITHIN: i64 = 15;

/// The working directory's lock; on a shared storage, also whether a server of the deployment
/// is running elsewhere (it holds no lock here, but serves the bot all the same), which counts
/// as the lock being held.
async fn try_lock_deployment(dir: &Path, storage: &dyn StorageBackend) -> anyhow::Result<LockAttempt> {
    let lock = preflight::try_lock(dir)?;
    if matches!(lock, LockAttempt::Held { .. }) || !storage.shared() {
        return Ok(lock);
    }
    let alive = storage.instances(ALIVE_WITHIN).await?;
    if alive.is_empty() {
        return Ok(lock);
    }
    let ids: Vec<&str> = alive.iter().map(|i| i.id.as_str()).collect();
    Ok(LockAttempt::Held { holder: format!(" (and the deployment's servers {}, on one database)", ids.join(", ")) })
}

fn find_bot(bots: Vec<BotRecord>, who: &str) -> anyhow::Result<BotRecord> {
    let who = who.trim_start_matches('@');
    bots.into_iter().find(|b| b.id.to_string() == who || b.username.eq_ignore_ascii_case(who)).with_context(|| {
        format!("no bot `{who}` in this working directory; `msg-bot-api bot list` shows the bots there")
    })
}

/// A bot as an archive holds it: its record, settings, pending updates and file records.
struct Held {
    bot: BotRecord,
    state: BotState,
    files: Vec<FileRecord>,
}

impl Held {
    /// The bot in working directory `dir` (a snapshot or a staging dir).
    async fn read(dir: &Path, bot_id: i64) -> anyhow::Result<Self> {
        let storage = SqliteStorage::open(dir)?;
        let bot = storage.load_bot(bot_id).await?.with_context(|| format!("{BOT_DB} does not hold bot {bot_id}"))?;
        Ok(Self { bot, state: storage.load_bot_state(bot_id).await?, files: storage.list_files(bot_id).await? })
    }

    fn pending(&self) -> u64 {
        self.state.updates.len() as u64
    }

    fn webhook_url(&self) -> Option<String> {
        let webhook = self.state.settings.iter().find(|(key, _)| key == "webhook")?;
        let webhook: serde_json::Value = serde_json::from_str(&webhook.1).ok()?;
        webhook["url"].as_str().map(str::to_owned)
    }
}

/// Writes bot `bot`'s state as `storage` holds it into `<target>/<bot id>/bot.sqlite`, read
/// through the seam (a backend without bot directories: the archive's database is made here).
async fn write_bot_database(storage: &dyn StorageBackend, bot: &BotRecord, target: &Path) -> anyhow::Result<()> {
    let (state, files) = (storage.load_bot_state(bot.id).await?, storage.list_files(bot.id).await?);
    let staging = tempfile::Builder::new().prefix("msg-bot-api-db-").tempdir()?;
    let written = SqliteStorage::open(staging.path())?;
    written.replace_bot(bot, &state, &files).await?;
    // Dropped, the storage has made its last commit and closed the file.
    drop(written);
    let name = Path::new(&bot.id.to_string()).join(BOT_DB);
    std::fs::create_dir_all(target.join(bot.id.to_string()))?;
    std::fs::copy(staging.path().join(&name), target.join(&name))
        .with_context(|| format!("cannot write {}", target.join(&name).display()))?;
    Ok(())
}

/// A consistent copy of a live SQLite database (`VACUUM INTO` reads one transaction's view).
fn snapshot(source: &Path, target: &Path) -> anyhow::Result<()> {
    use rusqlite::{Connection, OpenFlags};
    let conn = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .with_context(|| format!("cannot open {}", source.display()))?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.execute("VACUUM INTO ?1", [target.display().to_string()])
        .with_context(|| format!("cannot snapshot {}", source.display()))?;
    Ok(())
}

/// Adds `dir` (relative name `name`) to the archive: regular files and directories, recursively.
fn append_tree<W: Write>(tar: &mut tar::Builder<W>, dir: &Path, name: &Path, skip: &[&str]) -> anyhow::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let file_name = entry.file_name();
        if skip.iter().any(|s| file_name == *s) {
            continue;
        }
        let (path, archived) = (entry.path(), name.join(&file_name));
        let kind = entry.file_type()?;
        if kind.is_dir() {
            tar.append_dir(&archived, &path)?;
            append_tree(tar, &path, &archived, &[])?;
        } else if kind.is_file() {
            tar.append_path_with_name(&path, &archived)
                .with_context(|| format!("cannot archive {}", path.display()))?;
        } else {
            eprintln!("warning: {} is not a regular file or directory and is not exported", path.display());
        }
    }
    Ok(())
}

/// Opens the archive's destination: `-` is standard output; a file is written as `<name>.partial`
/// (readable by its owner only: the archive holds the bot's token) and renamed when complete.
fn create_archive(archive: &Path) -> anyhow::Result<(Box<dyn Write>, Option<PathBuf>)> {
    if archive == Path::new("-") {
        return Ok((Box::new(io::stdout().lock()), None));
    }
    let mut partial = archive.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&partial)
        .with_context(|| format!("cannot create {}", partial.display()))?;
    Ok((Box::new(io::BufWriter::new(file)), Some(partial)))
}

/// `bot export <bot> <archive>`.
pub async fn export(dir: &Path, storage: &Storage, who: &str, archive: &Path, force: bool) -> anyhow::Result<Manifest> {
    let bot = find_bot(storage.seam().list_bots().await?, who)?;
    let bot_dir = dir.join(bot.id.to_string());
    let archive_dir = archive.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(archive_dir), std::fs::canonicalize(&bot_dir))
        && a.starts_with(&b)
    {
        bail!(
            "the archive cannot be written inside the bot's own directory {}; choose another place",
            bot_dir.display()
        );
    }
    let logged_out = logged_out_here(storage.seam(), dir, bot.id).await?;
    // Holding the lock (no server running) keeps a server from starting mid-export.
    let _lock = match try_lock_deployment(dir, storage.seam()).await? {
        LockAttempt::Taken(lock) => {
            if !logged_out {
                eprintln!(
                    "warning: @{} was not logged out on this server; if this server starts again it serves the bot too, and a bot served by two servers loses updates: keep this server stopped, or start it and call logOut before serving the bot elsewhere",
                    bot.username
                );
            }
            Some(lock)
        }
        LockAttempt::Held { holder } if !logged_out && !force => bail!(
            "@{} (id {}) is live on the server running on {}{holder}: call logOut first (`curl http://<server>/bot<token>/logOut`, wait for {{\"ok\":true,\"result\":true}}), then export; --force exports a snapshot of a live bot anyway (a backup: do not serve it elsewhere while this server serves it)",
            bot.username,
            bot.id,
            dir.display()
        ),
        LockAttempt::Held { .. } if !logged_out => {
            eprintln!(
                "warning: @{} is live on the server running on {}: this archive is a backup; serving it elsewhere while this server serves the bot loses updates",
                bot.username,
                dir.display()
            );
            None
        }
        LockAttempt::Held { .. } => None,
    };

    let staging = tempfile::Builder::new().prefix("msg-bot-api-export-").tempdir()?;
    let snapshot_dir = staging.path().join(bot.id.to_string());
    std::fs::create_dir(&snapshot_dir)?;
    match storage {
        Storage::Directories(_) => snapshot(&bot_dir.join(BOT_DB), &snapshot_dir.join(BOT_DB))?,
        Storage::Shared(storage) => write_bot_database(storage.as_ref(), &bot, staging.path()).await?,
    }
    let held = Held::read(staging.path(), bot.id).await?;
    let manifest = Manifest {
        bot_id: bot.id,
        username: bot.username.clone(),
        pending_updates: held.pending(),
        webhook_url: held.webhook_url(),
        logged_out,
    };

    let (out, partial) = create_archive(archive)?;
    let mut tar = tar::Builder::new(flate2::write::GzEncoder::new(out, flate2::Compression::default()));
    tar.mode(tar::HeaderMode::Deterministic);
    let manifest_bytes = serde_json::to_vec_pretty(&manifest.to_json())?;
    let mut header = tar::Header::new_gnu();
    header.set_size(manifest_bytes.len() as u64);
    header.set_mode(0o644);
    header.set_mtime(now_unix().max(0) as u64);
    tar.append_data(&mut header, MANIFEST, manifest_bytes.as_slice())?;
    let name = PathBuf::from(bot.id.to_string());
    // A bot with no files on a backend without bot directories has no directory here.
    let has_dir = bot_dir.is_dir();
    tar.append_dir(&name, if has_dir { &bot_dir } else { &snapshot_dir })?;
    tar.append_path_with_name(snapshot_dir.join(BOT_DB), name.join(BOT_DB))?;
    if has_dir {
        let mut skip = vec![BOT_DB];
        skip.extend_from_slice(SIDE_FILES);
        append_tree(&mut tar, &bot_dir, &name, &skip)?;
    }
    let mut out = tar.into_inner()?.finish()?;
    out.flush()?;
    drop(out);
    if let Some(partial) = partial {
        File::open(&partial)?.sync_all()?;
        std::fs::rename(&partial, archive)
            .with_context(|| format!("cannot rename {} into place", partial.display()))?;
    }
    Ok(manifest)
}

/// Who the imported files should belong to: `--owner UID:GID`, else the working directory's owner.
pub fn parse_owner(text: &str) -> anyhow::Result<(u32, u32)> {
    let (u, g) = text.split_once(':').unwrap_or((text, text));
    match (u.trim().parse(), g.trim().parse()) {
        (Ok(u), Ok(g)) => Ok((u, g)),
        _ => bail!("--owner must be numeric UID:GID such as 1000:1000, found `{text}`"),
    }
}

/// A path inside the archive, checked: `<bot id>/...` with plain components only.
fn checked_entry_path(path: &Path, bot_id: i64) -> anyhow::Result<PathBuf> {
    let mut parts = path.components();
    let first_ok = matches!(parts.next(), Some(Component::Normal(first)) if first == bot_id.to_string().as_str());
    if !first_ok || !parts.all(|c| matches!(c, Component::Normal(_))) {
        bail!(
            "the archive entry {} is outside the bot's directory {bot_id}/; it is not a msg-bot-api export",
            path.display()
        );
    }
    Ok(path.to_path_buf())
}

fn open_archive(archive: &Path) -> anyhow::Result<Box<dyn Read>> {
    if archive == Path::new("-") {
        return Ok(Box::new(io::stdin().lock()));
    }
    let file = File::open(archive).with_context(|| format!("cannot open {}", archive.display()))?;
    Ok(Box::new(io::BufReader::new(file)))
}

/// Unpacks the archive into `staging` (`<staging>/<bot id>/...`); returns its manifest.
fn unpack(archive: &Path, staging: &Path) -> anyhow::Result<Manifest> {
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(open_archive(archive)?));
    let not_export = || format!("{} is not a `msg-bot-api bot export` archive", archive.display());
    let mut entries = tar.entries().with_context(not_export)?;
    let mut first = entries.next().with_context(not_export)?.with_context(not_export)?;
    if first.path().with_context(not_export)?.as_ref() != Path::new(MANIFEST) {
        bail!(not_export());
    }
    let mut text = String::new();
    first.read_to_string(&mut text).with_context(not_export)?;
    let manifest = Manifest::from_json(&serde_json::from_str(&text).with_context(not_export)?)?;
    for entry in entries {
        let mut entry = entry.with_context(not_export)?;
        let path = checked_entry_path(&entry.path()?, manifest.bot_id)?;
        let target = staging.join(&path);
        match entry.header().entry_type() {
            tar::EntryType::Directory => std::fs::create_dir_all(&target)?,
            tar::EntryType::Regular => {
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o644).open(&target)?;
                io::copy(&mut entry, &mut file)?;
                file.sync_all()?;
            }
            other => bail!("the archive entry {} is a {other:?}, not a file or directory; refusing it", path.display()),
        }
    }
    if !staging.join(manifest.bot_id.to_string()).join(BOT_DB).is_file() {
        bail!("the archive holds no {}/{BOT_DB}; it is incomplete", manifest.bot_id);
    }
    Ok(manifest)
}

fn chown_tree(path: &Path, owner: (u32, u32)) -> io::Result<()> {
    std::os::unix::fs::lchown(path, Some(owner.0), Some(owner.1))?;
    if std::fs::symlink_metadata(path)?.is_dir() {
        for entry in std::fs::read_dir(path)? {
            chown_tree(&entry?.path(), owner)?;
        }
    }
    Ok(())
}

/// What `bot import` did.
pub struct Imported {
    pub manifest: Manifest,
    pub path: PathBuf,
    pub owner: (u32, u32),
    pub replaced: Option<PathBuf>,
    pub server_running: bool,
}

/// `bot import <archive>`.
pub async fn import(
    dir: &Path,
    storage: &Storage,
    archive: &Path,
    force: bool,
    owner: Option<(u32, u32)>,
) -> anyhow::Result<Imported> {
    // Staged inside the working directory (a dot name the server ignores) so the final step is
    // one rename on the same filesystem: a running server never sees a half-written bot.
    let staging = tempfile::Builder::new().prefix(".import-").tempdir_in(dir)?;
    let manifest = unpack(archive, staging.path())?;
    let id = manifest.bot_id;
    let held = Held::read(staging.path(), id).await.context("the archive's bot database cannot be read")?;
    let bot = held.bot.clone();
    if bot.id != id {
        bail!("the archive's database holds bot {} but its manifest names {id}", bot.id);
    }

    let target = dir.join(id.to_string());
    let seam = storage.seam();
    let lock = try_lock_deployment(dir, seam).await?;
    let existing = seam.load_bot(id).await?;
    if let Some(other) =
        seam.list_bots().await?.into_iter().find(|b| b.id != id && b.username.eq_ignore_ascii_case(&bot.username))
    {
        bail!(
            "another bot, id {}, already uses the username @{} in {}; revoke or export it first",
            other.id,
            bot.username,
            dir.display()
        );
    }
    let live_here = existing.is_some() && !logged_out_here(seam, dir, id).await?;
    let state = if live_here { "where it is live (not logged out)" } else { "where it is logged out" };
    let present = existing.is_some() || target.exists();
    if present {
        if let LockAttempt::Held { holder } = &lock {
            bail!(
                "@{} (id {id}) already exists in {}, {state}, and the server running there{holder} has it open: stop that server first (after logOut if the bot is live), then import again with --force to replace it",
                bot.username,
                dir.display()
            );
        }
        if !force {
            bail!(
                "@{} (id {id}) already exists in {}, {state}; importing replaces it and whatever it received since the archive was made: add --force to replace it (the current copy is kept as a backup)",
                bot.username,
                dir.display()
            );
        }
    }

    let mut owner = match owner {
        Some(o) => o,
        None => {
            let m = std::fs::metadata(dir)?;
            (m.uid(), m.gid())
        }
    };
    let bot_dir = staging.path().join(id.to_string());
    if rustix::process::geteuid().is_root() {
        chown_tree(&bot_dir, owner)
            .with_context(|| format!("cannot give {} to {}:{}", bot_dir.display(), owner.0, owner.1))?;
    } else {
        let me = rustix::process::geteuid().as_raw();
        let mine = (me, rustix::process::getegid().as_raw());
        if me != owner.0 {
            eprintln!(
                "warning: the imported files belong to UID {me}, not to UID {} (the working directory's owner); run this as root or `chown -R {}:{} {}` so the server can write them",
                owner.0,
                owner.0,
                owner.1,
                target.display()
            );
        }
        owner = mine;
    }
    let replaced = if present {
        let backup = dir.join(format!(".replaced-{id}-{}", now_unix()));
        if target.exists() {
            std::fs::rename(&target, &backup).with_context(|| format!("cannot move {} aside", target.display()))?;
        }
        if let (Storage::Shared(storage), Some(current)) = (storage, &existing) {
            // The backup is what an archive holds: the bot's files and its state as a database.
            write_bot_database(storage.as_ref(), current, &backup).await?;
            std::fs::rename(backup.join(id.to_string()).join(BOT_DB), backup.join(BOT_DB))?;
            std::fs::remove_dir(backup.join(id.to_string()))?;
        }
        Some(backup)
    } else {
        None
    };
    match storage {
        Storage::Directories(storage) => {
            std::fs::rename(&bot_dir, &target)
                .with_context(|| format!("cannot move the bot into {}", target.display()))?;
            storage.reindex(id).await.context("the bot is in place but the bot index could not be updated")?;
        }
        Storage::Shared(storage) => {
            // The files first, then the state that names them, in one transaction.
            std::fs::remove_file(bot_dir.join(BOT_DB))?;
            std::fs::rename(&bot_dir, &target)
                .with_context(|| format!("cannot move the bot's files into {}", target.display()))?;
            storage
                .replace_bot(&held.bot, &held.state, &held.files)
                .await
                .context("the bot's files are in place but its state could not be stored")?;
        }
    }
    Ok(Imported { manifest, path: target, owner, replaced, server_running: matches!(lock, LockAttempt::Held { .. }) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_paths_stay_inside_the_bot_directory() {
        assert!(checked_entry_path(Path::new("123/bot.sqlite"), 123).is_ok());
        assert!(checked_entry_path(Path::new("123/photos/a.jpg"), 123).is_ok());
        for bad in ["124/bot.sqlite", "123/../x", "/123/bot.sqlite", "bot.sqlite", "./123/x"] {
            assert!(checked_entry_path(Path::new(bad), 123).is_err(), "{bad}");
        }
    }

    #[test]
    fn owners_parse_as_numbers() {
        assert_eq!(parse_owner("1000:1000").unwrap(), (1000, 1000));
        assert_eq!(parse_owner("1001").unwrap(), (1001, 1001));
        assert!(parse_owner("botapi:botapi").is_err());
    }

    #[test]
    fn manifests_round_trip_and_other_formats_are_refused() {
        let m = Manifest {
            bot_id: 77,
            username: "m_bot".into(),
            pending_updates: 2,
            webhook_url: Some("http://h/x".into()),
            logged_out: true,
        };
        let back = Manifest::from_json(&m.to_json()).unwrap();
        assert_eq!(back.describe(), "@m_bot (id 77): 2 pending update(s), webhook http://h/x");
        let mut v = m.to_json();
        v["format"] = json!(2);
        assert!(Manifest::from_json(&v).unwrap_err().to_string().contains("format 2"));
    }
}
