//! Logging: every line to standard output (the container's output) and to the log file. The file
//! rotates to `<log>.1` when it would grow past `--log-max-file-size` and is reopened on SIGUSR1
//! or SIGHUP (after an external logrotate). Secrets never reach here because the types that hold
//! them redact themselves; as a last line of defence every line (libraries' at trace level too)
//! passes [`msg_core::redact()`], which hides token secrets and URL passwords.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

struct Inner {
    file: File,
    size: u64,
}

/// The log file, shared by the tracing layer and the supervisor (for the startup line).
pub struct LogFile {
    path: PathBuf,
    max_size: u64,
    inner: Mutex<Inner>,
}

fn open_append(path: &Path) -> io::Result<(File, u64)> {
    let file = OpenOptions::new().create(true).append(true).open(path)?;
    let size = file.metadata()?.len();
    Ok((file, size))
}

impl LogFile {
    pub fn open(path: &Path, max_size: u64) -> io::Result<Arc<Self>> {
        let (file, size) = open_append(path)?;
        Ok(Arc::new(Self { path: path.to_path_buf(), max_size, inner: Mutex::new(Inner { file, size }) }))
    }

    /// The path of the rotated file.
    pub fn rotated_path(&self) -> PathBuf {
        let mut name = self.path.as_os_str().to_owned();
        name.push(".1");
        PathBuf::from(name)
    }

    /// Closes and reopens the file at its path (after an external rotation).
    pub fn reopen(&self) -> io::Result<()> {
        let (file, size) = open_append(&self.path)?;
        *self.inner.lock().expect("log lock") = Inner { file, size };
        Ok(())
    }

    /// Appends one or more whole lines, rotating first when they would not fit.
    pub fn write_lines(&self, buf: &[u8]) -> io::Result<()> {
        let mut inner = self.inner.lock().expect("log lock");
        if inner.size > 0 && inner.size + buf.len() as u64 > self.max_size {
            let _ = inner.file.flush();
            std::fs::rename(&self.path, self.rotated_path())?;
            let (file, size) = open_append(&self.path)?;
            *inner = Inner { file, size };
        }
        inner.file.write_all(buf)?;
        inner.size += buf.len() as u64;
        Ok(())
    }
}

/// The `io::Write` handle tracing writes each formatted event through.
pub struct LogWriter(Arc<LogFile>);

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write_lines(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for LogWriter {
    type Writer = LogWriter;

    fn make_writer(&'a self) -> Self::Writer {
        LogWriter(self.0.clone())
    }
}

/// A writer factory whose writers redact secrets in every line (see [`msg_core::redact()`]).
pub struct Redacting<M>(pub M);

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for Redacting<M> {
    type Writer = RedactingWriter<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter(self.0.make_writer())
    }
}

/// One event's writer: tracing hands it the whole formatted line at once.
pub struct RedactingWriter<W>(W);

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match std::str::from_utf8(buf) {
            Ok(text) => self.0.write_all(msg_core::redact(text).as_bytes())?,
            Err(_) => self.0.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The tracing filter for a `--log-verbosity-level`: 0-1 error, 2 warn, 3 info, 4 debug, 5+ trace.
/// Up to 4 the level applies to msg-bot-api's own crates; libraries stay at `warn`.
pub fn filter_for(verbosity: u32) -> String {
    let level = match verbosity {
        0 | 1 => "error",
        2 => "warn",
        3 => "info",
        4 => "debug",
        _ => return "trace".to_owned(),
    };
    let ours = [
        "msg_core",
        "msg_config",
        "msg_server",
        "msg_platform",
        "msg_storage",
        "msg_outbound",
        "msg_queue",
        "msg_supervisor",
        "msg_bot_api",
        "msg_plugins",
    ];
    let mut filter = if verbosity <= 1 { "error" } else { "warn" }.to_owned();
    for krate in ours {
        filter.push_str(&format!(",{krate}={level}"));
    }
    filter
}

/// Installs the global subscriber: standard output plus the log file.
pub fn init(verbosity: u32, file: Arc<LogFile>) {
    let stdout =
        tracing_subscriber::fmt::layer().with_target(false).with_ansi(false).with_writer(Redacting(io::stdout));
    let to_file =
        tracing_subscriber::fmt::layer().with_target(false).with_ansi(false).with_writer(Redacting(LogWriter(file)));
    tracing_subscriber::registry().with(EnvFilter::new(filter_for(verbosity))).with(stdout).with(to_file).init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_rotates_once_full_and_reopens_after_a_move() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.log");
        let log = LogFile::open(&path, 10).unwrap();
        log.write_lines(b"0123456\n").unwrap();
        log.write_lines(b"abcdefg\n").unwrap();
        assert_eq!(std::fs::read_to_string(log.rotated_path()).unwrap(), "0123456\n");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "abcdefg\n");
        std::fs::rename(&path, dir.path().join("moved.log")).unwrap();
        log.reopen().unwrap();
        log.write_lines(b"after\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "after\n");
    }

    #[test]
    fn written_lines_lose_their_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.log");
        let log = LogFile::open(&path, 1 << 20).unwrap();
        let writers = Redacting(LogWriter(log));
        let line = "GET http://a:S3cret@h/file/bot1:AAbbCCddEEff00112233445566778899aab/x\n";
        writers.make_writer().write_all(line.as_bytes()).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "GET http://a:<redacted>@h/file/bot1:<redacted>/x\n");
    }

    #[test]
    fn verbosity_maps_to_levels() {
        assert!(filter_for(0).contains("msg_server=error"));
        assert!(filter_for(3).contains("msg_platform=info") && filter_for(3).starts_with("warn,"));
        assert_eq!(filter_for(7), "trace");
    }
}
