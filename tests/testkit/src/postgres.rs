//! A throwaway PostgreSQL cluster for tests, from Debian's server package: `initdb` into a
//! directory, `pg_ctl start` on a free loopback port, run as an unprivileged user (`nobody` when
//! the tests run as root, since PostgreSQL refuses root), no service manager. [`Cluster`] stops
//! its cluster when dropped; `msg-pg start|stop <dir>` (this crate's binary) keeps one running
//! for a whole test run (`.ci/test` runs the e2e suite on it).
//!
//! With `MSG_TEST_DATABASE_URL` set (`postgres://postgres@127.0.0.1:<port>`), every [`Launch`]
//! gets a database of its own, one per working directory, so a restarted server finds its data.
//!
//! [`Launch`]: crate::Launch

use std::path::{Path, PathBuf};
use std::process::Command;

/// The variable that points the e2e harness at a running cluster.
pub const URL_VAR: &str = "MSG_TEST_DATABASE_URL";

const NOBODY: u32 = 65_534;

/// The server binaries' directory: `MSG_TEST_PG_BIN`, or the newest `/usr/lib/postgresql/*/bin`.
pub fn bin_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("MSG_TEST_PG_BIN") {
        return Some(PathBuf::from(dir));
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0).unwrap_or(false)
}

/// `program` from the server binaries, as an unprivileged user when we are root.
fn command(bin: &Path, program: &str) -> Command {
    if is_root() {
        let mut cmd = Command::new("setpriv");
        cmd.args([&format!("--reuid={NOBODY}"), &format!("--regid={NOBODY}"), "--clear-groups", "--"]);
        cmd.arg(bin.join(program));
        cmd
    } else {
        Command::new(bin.join(program))
    }
}

/// `pg_ctl stop` at once (`-m immediate`) for the cluster in `dir`.
fn stop_command(bin: &Path, dir: &Path) -> Command {
    let mut stop = command(bin, "pg_ctl");
    stop.arg("-D").arg(dir.join("data")).args(["-m", "immediate", "-w", "stop"]);
    stop
}

fn run(mut cmd: Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A running cluster in a directory; dropped, it stops (unless [`Cluster::keep`] was called).
pub struct Cluster {
    pub dir: PathBuf,
    pub port: u16,
    bin: PathBuf,
    keep: bool,
    _scratch: Option<tempfile::TempDir>,
}

impl Cluster {
    /// A new cluster in a temporary directory, flushing to disk only if `fsync` (tests leave it
    /// off for speed; benchmarks turn it on). Panics when the server binaries are missing.
    pub fn start(fsync: bool) -> Self {
        let scratch = tempfile::tempdir().expect("scratch dir");
        let mut cluster = Self::start_in(scratch.path(), fsync);
        cluster._scratch = Some(scratch);
        cluster
    }

    /// A new cluster in `dir` (created; it must not hold one yet).
    pub fn start_in(dir: &Path, fsync: bool) -> Self {
        let bin = bin_dir().expect("PostgreSQL's server binaries (Debian: apt-get install postgresql)");
        std::fs::create_dir_all(dir).expect("cluster dir");
        if is_root() {
            std::os::unix::fs::chown(dir, Some(NOBODY), Some(NOBODY)).expect("hand the cluster dir to nobody");
        }
        let data = dir.join("data");
        let mut initdb = command(&bin, "initdb");
        initdb.arg("-D").arg(&data).args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
        initdb.env("LC_ALL", "C");
        run(initdb, "initdb");
        let port = crate::free_port();
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync={} -c max_connections=400 -c shared_buffers=64MB",
            dir.display(),
            if fsync { "on" } else { "off" }
        );
        std::fs::write(dir.join("port"), port.to_string()).ok();
        let mut start = command(&bin, "pg_ctl");
        start.arg("-D").arg(&data).arg("-l").arg(dir.join("log")).args(["-w", "-o", &options, "start"]);
        run(start, "pg_ctl start");
        Self { dir: dir.to_path_buf(), port, bin, keep: false, _scratch: None }
    }

    /// Stops the cluster kept in `dir` (by `msg-pg start`).
    pub fn stop_in(dir: &Path) {
        run(stop_command(&bin_dir().expect("PostgreSQL's server binaries"), dir), "pg_ctl stop");
    }

    /// Leaves the cluster running after this value is gone.
    pub fn keep(mut self) -> Self {
        self.keep = true;
        self
    }

    /// The cluster's address, without a database (`MSG_TEST_DATABASE_URL`'s form).
    pub fn base_url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}", self.port)
    }

    /// A new, empty database; its URL.
    pub fn create_database(&self, name: &str) -> String {
        create_database(&self.base_url(), name)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if !self.keep {
            let _ = stop_command(&self.bin, &self.dir).output();
        }
    }
}

/// Creates database `name` (if it does not exist) on the cluster at `base` (a URL without a
/// database); returns its URL.
pub fn create_database(base: &str, name: &str) -> String {
    let port = base.rsplit(':').next().and_then(|p| p.parse::<u16>().ok()).expect("a port in the cluster URL");
    let bin = bin_dir().expect("PostgreSQL's client binaries");
    let out = Command::new(bin.join("createdb"))
        .args(["-h", "127.0.0.1", "-p", &port.to_string(), "-U", "postgres", name])
        .output()
        .expect("createdb runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() || stderr.contains("already exists"), "createdb {name}: {stderr}");
    format!("{base}/{name}")
}

/// The database name a working directory gets: the same one each time, so a restart finds it.
pub fn database_for(dir: &Path) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    dir.hash(&mut hasher);
    format!("t{:016x}", hasher.finish())
}

/// The URL of `dir`'s database on the cluster at `base`, created on first use in this process.
pub fn database_url(base: &str, dir: &Path) -> String {
    static CREATED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let name = database_for(dir);
    let mut created = CREATED.lock().unwrap_or_else(|e| e.into_inner());
    if !created.contains(&name) {
        create_database(base, &name);
        created.push(name.clone());
    }
    format!("{base}/{name}")
}
