//! Checks made before serving, each failing with a message that names the path, port or lock and
//! the fix: directories exist and are writable by the running user, the working directory is not
//! used by another instance, and both ports can be bound.

use std::fs::File;
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};

use msg_config::Settings;

/// A preflight failure, already worded for the operator.
#[derive(Debug)]
pub struct PreflightError(pub String);

impl std::fmt::Display for PreflightError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PreflightError {}

/// Raises the soft open-file limit to the hard one (every connection holds a descriptor) and
/// returns the limit in force and what it was before.
pub fn raise_open_file_limit() -> (Option<u64>, Option<u64>) {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let before = getrlimit(Resource::Nofile);
    if before.current != before.maximum {
        let raised = Rlimit { current: before.maximum, maximum: before.maximum };
        if let Err(e) = setrlimit(Resource::Nofile, raised) {
            tracing::warn!("cannot raise the open-file limit to {:?}: {e}", before.maximum);
        }
    }
    (getrlimit(Resource::Nofile).current, before.current)
}

/// How many client connections one listener may hold with `limit` descriptors: a quarter of
/// them (at least 32, at most 1024) stays free for databases, uploads, webhooks and the log.
pub fn connection_cap(limit: Option<u64>) -> usize {
    match limit {
        None => 1 << 20,
        Some(limit) => {
            let reserve = (limit / 4).clamp(32, 1024);
            (limit.saturating_sub(reserve) as usize).max(16)
        }
    }
}

fn ids() -> (u32, u32) {
    (rustix::process::getuid().as_raw(), rustix::process::getgid().as_raw())
}

/// `0:0 with mode 755` for the path, or its nearest existing parent, for permission messages.
fn ownership(path: &Path) -> Option<(PathBuf, String)> {
    use std::os::unix::fs::MetadataExt;
    path.ancestors().find_map(|p| {
        let m = std::fs::metadata(p).ok()?;
        Some((p.to_path_buf(), format!("{}:{} with mode {:o}", m.uid(), m.gid(), m.mode() & 0o7777)))
    })
}

fn permission_problem(action: &str, path: &Path, e: &io::Error) -> PreflightError {
    let (uid, gid) = ids();
    let denied = e.kind() == io::ErrorKind::PermissionDenied || e.raw_os_error() == Some(30);
    let advice = match ownership(path) {
        Some((owned, owner)) if denied => format!(
            "; the server is running as UID {uid} (GID {gid}) and {} is owned by {owner}: make it writable for UID {uid}, e.g. `chown -R {uid}:{gid} ./data` on the host directory mounted there, or choose another directory with MSG_DIR, MSG_TEMP_DIR or MSG_LOG_FILE",
            owned.display()
        ),
        _ => format!(" (running as UID {uid})"),
    };
    PreflightError(format!("cannot {action} {}: {e}{advice}", path.display()))
}

/// Creates `dir` if needed and proves the running user can create, write and delete files in it.
fn writable_dir(dir: &Path) -> Result<(), PreflightError> {
    std::fs::create_dir_all(dir).map_err(|e| permission_problem("create directory", dir, &e))?;
    let probe = dir.join(format!(".msg-bot-api-write-test-{}", std::process::id()));
    let result = File::create(&probe).and_then(|mut f| f.write_all(b"ok"));
    let _ = std::fs::remove_file(&probe);
    result.map_err(|e| permission_problem("write files in", dir, &e))
}

/// The working dir, the log file's directory and the temp dir, created and writable.
pub fn directories(settings: &Settings) -> Result<(), PreflightError> {
    writable_dir(&settings.dir)?;
    if let Some(parent) = settings.log_file.parent() {
        writable_dir(parent)?;
    }
    writable_dir(&settings.temp_dir)
}

/// Every bot directory (`<dir>/<numeric id>/`), its files and its first-level subdirectories
/// must be readable and writable by the running user; otherwise its bot would fail on its first
/// request (or look missing), so the start stops naming each directory and the fix.
pub fn bot_directories(dir: &Path) -> Result<(), PreflightError> {
    use rustix::fs::Access;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(()); // `directories` already proved the working directory usable.
    };
    let usable = |path: &Path, is_dir: bool| {
        let mode = if is_dir {
            Access::READ_OK | Access::WRITE_OK | Access::EXEC_OK
        } else {
            Access::READ_OK | Access::WRITE_OK
        };
        rustix::fs::access(path, mode).is_ok()
    };
    // Directories the bot index already lists were checked inside when they came; of those only
    // the directory itself is checked again (one call each, so start-up stays quick with
    // 100,000 bots).
    let indexed = msg_storage::sqlite::indexed_bots(dir);
    let mut bad = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(id) = name.parse::<i64>().ok().filter(|id| *id > 0 && id.to_string() == name) else { continue };
        if !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let path = entry.path();
        let first_bad = if indexed.contains(&id) {
            (!usable(&path, true)).then(|| path.clone())
        } else if usable(&path, true) {
            std::fs::read_dir(&path)
                .ok()
                .and_then(|inner| inner.flatten().map(|e| e.path()).find(|p| !usable(p, p.is_dir())))
        } else {
            Some(path.clone())
        };
        if let Some(problem) = first_bad {
            let owner = ownership(&problem).map(|(_, o)| o).unwrap_or_default();
            bad.push(format!("{} (owned by {owner})", problem.display()));
        }
    }
    if bad.is_empty() {
        return Ok(());
    }
    bad.sort();
    let (uid, gid) = ids();
    Err(PreflightError(format!(
        "bot data is not readable and writable by UID {uid}, so these bots cannot be served: {}; give the bot directories to the server's user, e.g. `chown -R {uid}:{gid} ./data` on the host directory mounted at {} (`msg-bot-api bot import` sets the owner itself)",
        bad.join(", "),
        dir.display()
    )))
}

/// Holds the working directory's lock for the life of the process.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
    pub path: PathBuf,
}

/// The outcome of trying the working directory's lock.
#[derive(Debug)]
pub enum LockAttempt {
    /// Nobody held it; now this process does.
    Taken(DirLock),
    /// A server (or another admin command) holds it; `holder` reads ` (pid 123)` or is empty.
    Held { holder: String },
}

/// Tries `<dir>/msg-bot-api.lock` without waiting; when taken, it names this process's pid.
pub fn try_lock(dir: &Path) -> Result<LockAttempt, PreflightError> {
    let path = dir.join("msg-bot-api.lock");
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| permission_problem("open the lock file", &path, &e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let holder = std::fs::read_to_string(&path).unwrap_or_default();
            let holder = holder.trim();
            let holder = if holder.is_empty() { String::new() } else { format!(" (pid {holder})") };
            return Ok(LockAttempt::Held { holder });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(permission_problem("lock", &path, &e)),
    }
    file.set_len(0)
        .and_then(|()| writeln!(file, "{}", std::process::id()))
        .map_err(|e| permission_problem("write", &path, &e))?;
    Ok(LockAttempt::Taken(DirLock { _file: file, path }))
}

/// Takes `<dir>/msg-bot-api.lock`, refusing if another process holds it.
pub fn lock(dir: &Path) -> Result<DirLock, PreflightError> {
    match try_lock(dir)? {
        LockAttempt::Taken(lock) => Ok(lock),
        LockAttempt::Held { holder } => Err(PreflightError(format!(
            "the working directory {} is already in use by another msg-bot-api{holder}: lock file {} is held; stop the other server first, or give this one its own MSG_DIR",
            dir.display(),
            dir.join("msg-bot-api.lock").display()
        ))),
    }
}

/// Binds one port, explaining a conflict in terms of the variable that sets it.
pub fn bind(ip: IpAddr, port: u16, variable: &str, flag: &str) -> Result<TcpListener, PreflightError> {
    TcpListener::bind(SocketAddr::new(ip, port)).map_err(|e| {
        let advice = match e.kind() {
            io::ErrorKind::AddrInUse => format!(
                "port {port} is already in use; stop whatever listens there or choose another port with {variable} (or {flag}), and change the container's published port mapping to match (e.g. `-p {next}:{next}` with {variable}={next})",
                next = port.wrapping_add(1000),
            ),
            io::ErrorKind::PermissionDenied => format!(
                "port {port} needs privileges the server does not have; choose a port above 1023 with {variable} (or {flag}) and publish it in the container's port mapping"
            ),
            _ => format!("cannot listen on {ip}:{port} ({variable}, {flag}): {e}"),
        };
        PreflightError(advice)
    })
}
