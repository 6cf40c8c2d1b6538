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

fn ids() -> (u32, u32) {
    (rustix::process::getuid().as_raw(), rustix::process::getgid().as_raw())
}

fn permission_problem(action: &str, path: &Path, e: &io::Error) -> PreflightError {
    let (uid, gid) = ids();
    let hint = if e.kind() == io::ErrorKind::PermissionDenied || e.raw_os_error() == Some(30) {
        format!(
            "; the server runs as UID {uid}: make the directory writable for it, e.g. `chown -R {uid}:{gid} ./data` on the host directory mounted there, or choose another directory with MSG_DIR/MSG_TEMP_DIR/MSG_LOG_FILE"
        )
    } else {
        String::new()
    };
    PreflightError(format!("cannot {action} {}: {e} (running as UID {uid}){hint}", path.display()))
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

/// Holds the working directory's lock for the life of the process.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
    pub path: PathBuf,
}

/// Takes `<dir>/msg-bot-api.lock`, refusing if another process holds it.
pub fn lock(dir: &Path) -> Result<DirLock, PreflightError> {
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
            let pid = if holder.is_empty() { String::new() } else { format!(" (pid {holder})") };
            return Err(PreflightError(format!(
                "the working directory {} is already in use by another msg-bot-api{pid}: lock file {} is held; stop the other server first, or give this one its own MSG_DIR",
                dir.display(),
                path.display()
            )));
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(permission_problem("lock", &path, &e)),
    }
    file.set_len(0)
        .and_then(|()| writeln!(file, "{}", std::process::id()))
        .map_err(|e| permission_problem("write", &path, &e))?;
    Ok(DirLock { _file: file, path })
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
