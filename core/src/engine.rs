//! The contract between the supervisor and the Bot API engine. The supervisor binds the sockets
//! (so it can name a busy port by its variable) and hands them over; the engine serves until the
//! shutdown token fires or it fails, and the supervisor restarts it. Nothing here runs a runtime.

use std::net::TcpListener;
use std::sync::atomic::{AtomicU8, Ordering};

use tokio_util::sync::CancellationToken;

/// Sockets the engine serves on, already bound and listening.
#[derive(Debug)]
#[non_exhaustive]
pub struct Listeners {
    /// The Bot API port (`--http-port`).
    pub api: TcpListener,
    /// The statistics port (`--http-stat-port`); `None` when disabled.
    pub stats: Option<TcpListener>,
}

impl Listeners {
    pub fn new(api: TcpListener, stats: Option<TcpListener>) -> Self {
        Self { api, stats }
    }

    /// Duplicates the sockets, so a restarted engine serves on the very same ports.
    pub fn try_clone(&self) -> std::io::Result<Self> {
        Ok(Self { api: self.api.try_clone()?, stats: self.stats.as_ref().map(TcpListener::try_clone).transpose()? })
    }
}

/// Where the engine is in its life; health checks and tests wait on it, never on sleeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    Starting = 0,
    Ready = 1,
    Draining = 2,
    Stopped = 3,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Starting => "starting",
            Phase::Ready => "ready",
            Phase::Draining => "draining",
            Phase::Stopped => "stopped",
        }
    }
}

/// A [`Phase`] shared between threads.
#[derive(Debug, Default)]
pub struct PhaseCell(AtomicU8);

impl PhaseCell {
    pub fn get(&self) -> Phase {
        match self.0.load(Ordering::Acquire) {
            0 => Phase::Starting,
            1 => Phase::Ready,
            2 => Phase::Draining,
            _ => Phase::Stopped,
        }
    }

    pub fn set(&self, phase: Phase) {
        self.0.store(phase as u8, Ordering::Release);
    }
}

/// Why the engine stopped serving.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    #[error("i/o error on {what}: {source}")]
    Io { what: String, source: std::io::Error },
    #[error("storage failed: {0}")]
    Storage(#[from] crate::StorageError),
    #[error("{0}")]
    Other(String),
}

/// The Bot API server as the supervisor sees it.
#[async_trait::async_trait]
pub trait Engine: Send + Sync + 'static {
    /// Serves on `listeners` until `shutdown` is cancelled (then drains and returns `Ok`) or a
    /// fatal error occurs (returns `Err`; the supervisor may call `serve` again).
    async fn serve(&self, listeners: Listeners, shutdown: CancellationToken) -> Result<(), EngineError>;

    /// The current phase.
    fn phase(&self) -> Phase;
}
