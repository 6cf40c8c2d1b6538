//! The engine's life inside the process: start it on the already-bound sockets, poll `GET /`
//! until it answers, health-check it periodically, restart it with bounded exponential backoff
//! when it fails, and drain it within [`DRAIN_BOUND`] on SIGTERM/SIGINT (a second signal exits
//! at once). SIGUSR1/SIGHUP reopen the log file at any time.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use msg_core::{Engine, Listeners, Phase};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::health;
use crate::logging::LogFile;
use crate::signals::Signal;

/// Graceful drain bound: below a container runtime's default 10 s stop timeout.
pub const DRAIN_BOUND: Duration = Duration::from_secs(8);
const READY_DEADLINE: Duration = Duration::from_secs(30);
const READY_POLL: Duration = Duration::from_millis(10);
const HEALTH_TIMEOUT: Duration = Duration::from_secs(5);
const HEALTH_FAILURES: u32 = 3;
const BACKOFF_FIRST: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(30);
/// An engine that served this long is considered healthy again: the backoff starts over.
const HEALTHY_RUN: Duration = Duration::from_secs(60);

/// Everything the supervisor keeps across engine restarts.
pub struct Supervision {
    pub engine: Arc<dyn Engine>,
    pub listeners: Listeners,
    pub api_addr: SocketAddr,
    pub stat_addr: Option<SocketAddr>,
    pub log: Arc<LogFile>,
    /// How often a running engine is checked (`--health-interval`).
    pub health_interval: Duration,
}

/// How supervision ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Exit {
    /// Drained after a shutdown signal.
    Graceful,
    /// The drain did not finish within the bound.
    DrainTimedOut,
}

enum Run {
    Shutdown(Exit),
    Failed(String),
}

type EngineTask = JoinHandle<Result<(), msg_core::EngineError>>;

fn describe(result: Result<Result<(), msg_core::EngineError>, tokio::task::JoinError>) -> String {
    match result {
        Ok(Ok(())) => "the engine stopped on its own".to_owned(),
        Ok(Err(e)) => format!("the engine failed: {e}"),
        Err(e) => format!("the engine panicked: {e}"),
    }
}

impl Supervision {
    fn reopen_logs(&self) {
        match self.log.reopen() {
            Ok(()) => tracing::info!("log file reopened"),
            Err(e) => tracing::error!("cannot reopen the log file: {e}"),
        }
    }

    /// Handles a log-reopen signal in place; true when the signal (or a closed channel) asks
    /// to shut down.
    fn is_shutdown(&self, signal: Option<Signal>) -> bool {
        if signal == Some(Signal::ReopenLogs) {
            self.reopen_logs();
            return false;
        }
        true
    }

    /// Runs until a shutdown signal; restarts the engine whenever it fails.
    pub async fn run(self, mut signals: UnboundedReceiver<Signal>) -> std::io::Result<Exit> {
        let mut backoff = BACKOFF_FIRST;
        loop {
            let started = Instant::now();
            match self.run_once(&mut signals).await? {
                Run::Shutdown(exit) => return Ok(exit),
                Run::Failed(reason) => {
                    if started.elapsed() >= HEALTHY_RUN {
                        backoff = BACKOFF_FIRST;
                    }
                    tracing::error!("{reason}; restarting the engine in {} ms", backoff.as_millis());
                    let wait = tokio::time::sleep(backoff);
                    tokio::pin!(wait);
                    loop {
                        tokio::select! {
                            () = &mut wait => break,
                            signal = signals.recv() => match signal {
                                Some(Signal::ReopenLogs) => self.reopen_logs(),
                                Some(Signal::Shutdown { name }) => {
                                    tracing::info!("{name} received while the engine was down; exiting");
                                    return Ok(Exit::Graceful);
                                }
                                None => return Ok(Exit::Graceful),
                            },
                        }
                    }
                    backoff = (backoff * 2).min(BACKOFF_MAX);
                }
            }
        }
    }

    async fn run_once(&self, signals: &mut UnboundedReceiver<Signal>) -> std::io::Result<Run> {
        let token = CancellationToken::new();
        let listeners = self.listeners.try_clone()?;
        let engine = self.engine.clone();
        let serve_token = token.clone();
        let mut task: EngineTask = tokio::spawn(async move { engine.serve(listeners, serve_token).await });

        // Readiness: poll GET / until it answers, on the connection the periodic checks keep
        // (made before clients can take the descriptors).
        let target = health::local_target(self.api_addr);
        let mut prober = health::Prober::new(target);
        let deadline = Instant::now() + READY_DEADLINE;
        let mut poll = tokio::time::interval(READY_POLL);
        loop {
            tokio::select! {
                result = &mut task => return Ok(Run::Failed(describe(result))),
                signal = signals.recv() => if self.is_shutdown(signal) {
                    tracing::info!("{} received while starting; draining", name_of(signal));
                    return Ok(Run::Shutdown(drain(token, task, signals).await));
                },
                _ = poll.tick() => {
                    if prober.check(HEALTH_TIMEOUT).await.is_ok() {
                        break;
                    }
                    if Instant::now() > deadline {
                        token.cancel();
                        let _ = tokio::time::timeout(DRAIN_BOUND, &mut task).await;
                        return Ok(Run::Failed(format!("the engine did not answer GET / within {READY_DEADLINE:?}")));
                    }
                }
            }
        }
        let stats = self.stat_addr.map_or_else(|| "disabled".to_owned(), |a| format!("http://{a}/"));
        tracing::info!("ready: Bot API on http://{}/, statistics {stats}", self.api_addr);

        let interval = self.health_interval;
        let mut checks = tokio::time::interval_at(tokio::time::Instant::now() + interval, interval);
        let mut failures = 0;
        let mut degraded = false;
        loop {
            tokio::select! {
                result = &mut task => return Ok(Run::Failed(describe(result))),
                signal = signals.recv() => if self.is_shutdown(signal) {
                    tracing::info!("{} received; draining (at most {} s)", name_of(signal), DRAIN_BOUND.as_secs());
                    return Ok(Run::Shutdown(drain(token, task, signals).await));
                },
                _ = checks.tick() => match prober.check(HEALTH_TIMEOUT).await {
                    Ok(()) => (failures, degraded) = (0, false),
                    // No connection to be had, and the engine says it serves: its descriptors are
                    // taken (by clients), which a restart would not mend. Degraded, not dead.
                    Err(health::CheckError::Unreachable(e)) if self.engine.phase() == Phase::Ready => {
                        if !degraded {
                            tracing::warn!("health check could not reach the engine ({e}); it reports itself ready, so it is taken as degraded (out of descriptors?) and left running");
                            degraded = true;
                        }
                    }
                    Err(health::CheckError::Unreachable(e) | health::CheckError::Unhealthy(e)) => {
                        failures += 1;
                        tracing::warn!("health check {failures}/{HEALTH_FAILURES} failed: {e}");
                        if failures >= HEALTH_FAILURES {
                            token.cancel();
                            let _ = tokio::time::timeout(DRAIN_BOUND, &mut task).await;
                            return Ok(Run::Failed(format!("the engine failed {HEALTH_FAILURES} health checks in a row")));
                        }
                    }
                },
            }
        }
    }
}

fn name_of(signal: Option<Signal>) -> &'static str {
    match signal {
        Some(Signal::Shutdown { name }) => name,
        _ => "shutdown",
    }
}

/// Cancels the engine and waits for it to drain; a second shutdown signal exits immediately.
async fn drain(token: CancellationToken, mut task: EngineTask, signals: &mut UnboundedReceiver<Signal>) -> Exit {
    token.cancel();
    let bound = tokio::time::sleep(DRAIN_BOUND);
    tokio::pin!(bound);
    loop {
        tokio::select! {
            result = &mut task => {
                if let Ok(Err(e)) | Err(e) = result.map_err(|e| msg_core::EngineError::Other(e.to_string())) {
                    tracing::warn!("the engine reported while draining: {e}");
                }
                tracing::info!("drained; bye");
                return Exit::Graceful;
            }
            () = &mut bound => {
                tracing::warn!("the engine did not drain within {} s; exiting anyway", DRAIN_BOUND.as_secs());
                return Exit::DrainTimedOut;
            }
            signal = signals.recv() => {
                if let Some(Signal::Shutdown { name }) = signal {
                    tracing::warn!("{name} received again; exiting immediately");
                    std::process::exit(1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use msg_core::{EngineError, Phase};
    use msg_server::{BotApiEngine, EngineConfig};

    use super::*;

    /// The real engine, except that its first `failures` starts fail.
    struct Flaky {
        inner: BotApiEngine,
        failures: AtomicU32,
        starts: AtomicU32,
    }

    #[async_trait::async_trait]
    impl Engine for Flaky {
        async fn serve(&self, listeners: Listeners, shutdown: CancellationToken) -> Result<(), EngineError> {
            self.starts.fetch_add(1, Ordering::SeqCst);
            if self.failures.load(Ordering::SeqCst) > 0 {
                self.failures.fetch_sub(1, Ordering::SeqCst);
                return Err(EngineError::Other("injected failure".into()));
            }
            self.inner.serve(listeners, shutdown).await
        }

        fn phase(&self) -> Phase {
            self.inner.phase()
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failing_engine_is_restarted_with_backoff_then_drained_on_signal() {
        let dir = tempfile::tempdir().unwrap();
        let config = EngineConfig::new(dir.path().to_path_buf(), dir.path().join("tmp"));
        let engine = Arc::new(Flaky {
            inner: crate::assemble(config, crate::Retention::default(), msg_core::Registrar::new()).unwrap(),
            failures: AtomicU32::new(2),
            starts: AtomicU32::new(0),
        });
        let api = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let api_addr = api.local_addr().unwrap();
        let supervision = Supervision {
            engine: engine.clone(),
            listeners: Listeners::new(api, None),
            api_addr,
            stat_addr: None,
            log: LogFile::open(&dir.path().join("test.log"), 1 << 20).unwrap(),
            health_interval: Duration::from_secs(10),
        };
        let (signals, rx) = tokio::sync::mpsc::unbounded_channel();
        let started = Instant::now();
        let running = tokio::spawn(supervision.run(rx));
        let mut poll = tokio::time::interval(Duration::from_millis(10));
        while health::probe(api_addr, HEALTH_TIMEOUT).await.is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "never became healthy");
            poll.tick().await;
        }
        assert_eq!(engine.starts.load(Ordering::SeqCst), 3, "two failures, then a good start");
        assert!(started.elapsed() >= BACKOFF_FIRST * 3, "waited 250 ms, then 500 ms");
        assert_eq!(engine.phase(), Phase::Ready);
        signals.send(Signal::Shutdown { name: "SIGTERM" }).unwrap();
        assert_eq!(running.await.unwrap().unwrap(), Exit::Graceful);
        assert_eq!(engine.phase(), Phase::Stopped);
        assert!(health::probe(api_addr, Duration::from_millis(500)).await.is_err(), "nothing serves after the drain");
    }
}
