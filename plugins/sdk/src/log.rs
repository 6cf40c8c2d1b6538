//! Forwards the plugin's `tracing` events to the server's log through `HostTable::log`: a
//! minimal global subscriber, installed at `init`, that formats each event's fields into one
//! line. Spans are accepted and ignored. It is not a general-purpose subscriber.

use std::fmt::Write as _;

use msg_plugin_abi::{HostTable, Slice, log_level};
use tracing::field::{Field, Visit};
use tracing::level_filters::LevelFilter;
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::Interest;
use tracing::{Event, Level, Metadata, Subscriber};

type LogFn = unsafe extern "C" fn(level: u32, source: Slice, message: Slice);

/// Installs the forwarding subscriber as the plugin's global default, if the server offers a
/// log and no other subscriber was installed.
pub(crate) fn install(plugin: &'static str, host: &HostTable) {
    if let Some(log) = host.log {
        let subscriber = HostLog { log, max: host.max_log_level.min(log_level::TRACE), source: plugin };
        let _ = tracing::subscriber::set_global_default(subscriber);
    }
}

struct HostLog {
    log: LogFn,
    max: u32,
    source: &'static str,
}

fn number(level: &Level) -> u32 {
    match *level {
        Level::ERROR => log_level::ERROR,
        Level::WARN => log_level::WARN,
        Level::INFO => log_level::INFO,
        Level::DEBUG => log_level::DEBUG,
        Level::TRACE => log_level::TRACE,
    }
}

/// `message` first, then ` name=value` for every other field.
#[derive(Default)]
struct Line {
    message: String,
    fields: String,
}

impl Visit for Line {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={value:?}", field.name());
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            let _ = write!(self.fields, " {}={value:?}", field.name());
        }
    }
}

impl Subscriber for HostLog {
    fn register_callsite(&self, metadata: &'static Metadata<'static>) -> Interest {
        if self.enabled(metadata) { Interest::always() } else { Interest::never() }
    }

    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        number(metadata.level()) <= self.max
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(match self.max {
            log_level::OFF => LevelFilter::OFF,
            log_level::ERROR => LevelFilter::ERROR,
            log_level::WARN => LevelFilter::WARN,
            log_level::INFO => LevelFilter::INFO,
            log_level::DEBUG => LevelFilter::DEBUG,
            _ => LevelFilter::TRACE,
        })
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut line = Line::default();
        event.record(&mut line);
        line.message.push_str(&line.fields);
        // SAFETY: `log` comes from the server's table and is callable from any thread; both
        // slices outlive the call.
        unsafe {
            (self.log)(
                number(event.metadata().level()),
                Slice::new(self.source.as_bytes()),
                Slice::new(line.message.as_bytes()),
            )
        };
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}
