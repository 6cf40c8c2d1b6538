//! OS signals turned into [`Signal`]s on a channel: SIGTERM, SIGINT and SIGQUIT ask for a graceful
//! shutdown; SIGUSR1 and SIGHUP ask for the log file to be reopened.

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1};
use signal_hook::iterator::Signals;
use tokio::sync::mpsc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    Shutdown { name: &'static str },
    ReopenLogs,
}

/// Starts the signal thread; signals arrive on the returned channel.
pub fn listen() -> std::io::Result<mpsc::UnboundedReceiver<Signal>> {
    let mut signals = Signals::new([SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGHUP])?;
    let (tx, rx) = mpsc::unbounded_channel();
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        for number in signals.forever() {
            let signal = match number {
                SIGTERM => Signal::Shutdown { name: "SIGTERM" },
                SIGINT => Signal::Shutdown { name: "SIGINT" },
                SIGQUIT => Signal::Shutdown { name: "SIGQUIT" },
                _ => Signal::ReopenLogs,
            };
            if tx.send(signal).is_err() {
                break;
            }
        }
    })?;
    Ok(rx)
}
