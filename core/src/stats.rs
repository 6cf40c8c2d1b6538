//! The `StatsExporter` extension point: a renderer of a [`StatsSnapshot`] on the statistics port.
//! The engine gathers the snapshot; exporters only format it (text, Prometheus, JSON, ...).
//! Snapshots carry bot ids and usernames, never tokens. They serialize to JSON and back (missing
//! fields read as their defaults), which is how a snapshot reaches an exporter in a dynamic plugin.

use serde::{Deserialize, Serialize};

/// Per-second rates over the reference's windows: since start, 5 s, 1 min, 1 h.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Rates(pub [f64; 4]);

/// The window names, in [`Rates`] order.
pub const WINDOWS: [&str; 4] = ["inf", "5sec", "1min", "1hour"];

/// One bot's figures.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct BotStats {
    pub id: i64,
    pub username: String,
    pub uptime_secs: f64,
    pub active_request_count: u64,
    pub webhook: Option<String>,
    pub webhook_max_connections: Option<u32>,
    /// The webhook was set with a certificate of its own.
    pub webhook_has_custom_certificate: bool,
    pub head_update_id: i64,
    pub pending_update_count: u64,
    pub request_rate: Rates,
    pub update_rate: Rates,
    pub disk_usage_bytes: Option<u64>,
}

impl BotStats {
    pub fn new(id: i64, username: String) -> Self {
        Self { id, username, ..Self::default() }
    }
}

/// Monotonic totals since start (Prometheus counters).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct Totals {
    pub requests: u64,
    pub request_bytes: u64,
    pub responses_ok: u64,
    pub responses_error: u64,
    pub response_bytes: u64,
    pub updates: u64,
}

/// What the storage's writer did since start (Prometheus counters): how many writes it took,
/// in how many group commits, and how many disk flushes it waited for before answering them
/// (`power` durability: one per group commit). Writes per commit is what a flush is shared by:
/// the fewer clients write at once, the more each write pays for the flush.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct StorageActivity {
    /// Jobs in the commits counted below: each a request's changes, or a read that shared
    /// such a commit (SQLite reads through its writer too).
    pub writes: u64,
    /// Transactions committed that changed a file or were flushed (a connection's first is,
    /// whatever it did), each holding the jobs that were waiting together; a batch of reads
    /// alone is not counted.
    pub commits: u64,
    /// Disk flushes made before answering (0 in `process` durability).
    pub flushes: u64,
}

/// Everything the stats port can show, taken at one instant.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct StatsSnapshot {
    pub uptime_secs: f64,
    pub bot_count: u64,
    pub active_bot_count: u64,
    pub rss_bytes: Option<u64>,
    pub vm_bytes: Option<u64>,
    pub rss_peak_bytes: Option<u64>,
    pub vm_peak_bytes: Option<u64>,
    pub active_webhook_connections: u64,
    pub active_requests: u64,
    pub request_count: Rates,
    pub request_bytes: Rates,
    pub response_count: Rates,
    pub response_count_ok: Rates,
    pub response_count_error: Rates,
    pub response_bytes: Rates,
    pub update_count: Rates,
    pub totals: Totals,
    /// The storage's writer, where the backend counts it (SQLite).
    pub storage: Option<StorageActivity>,
    /// Bots, most active first.
    pub bots: Vec<BotStats>,
    /// The servers sharing the storage with this one, and their leases (a shared storage
    /// only).
    pub deployment: Option<DeploymentStats>,
}

/// A shared storage's deployment as one of its servers sees it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct DeploymentStats {
    /// This server's instance id.
    pub instance: String,
    /// The servers alive (by their last heartbeat), this one included.
    pub instances: Vec<crate::Instance>,
    /// Every lease: which server does each single-place work.
    pub leases: Vec<crate::Lease>,
}

impl DeploymentStats {
    pub fn new(instance: String, instances: Vec<crate::Instance>, leases: Vec<crate::Lease>) -> Self {
        Self { instance, instances, leases }
    }
}

/// Renders the snapshot for one path of the stats port.
pub trait StatsExporter: Send + Sync + 'static {
    /// The path it answers, e.g. `/metrics`. The exporter for `/` also answers unknown paths,
    /// as the reference stats port ignores the path.
    fn path(&self) -> &str;

    /// The `Content-Type` of [`render`](Self::render)'s output.
    fn content_type(&self) -> &str;

    /// Formats the snapshot. `bot_filter` is the `?id=` prefix filter, when given.
    fn render(&self, snapshot: &StatsSnapshot, bot_filter: Option<&str>) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_round_trip_through_json_and_missing_fields_default() {
        let mut snapshot = StatsSnapshot { bot_count: 2, uptime_secs: 1.5, ..StatsSnapshot::default() };
        snapshot.bots.push(BotStats::new(7, "seven_bot".to_owned()));
        snapshot.request_count = Rates([1.0, 2.0, 3.0, 4.0]);
        let json = serde_json::to_value(&snapshot).unwrap();
        let back: StatsSnapshot = serde_json::from_value(json).unwrap();
        assert_eq!((back.bot_count, back.bots[0].id, back.request_count), (2, 7, Rates([1.0, 2.0, 3.0, 4.0])));
        let sparse: StatsSnapshot =
            serde_json::from_str(r#"{"bot_count":3,"bots":[{"id":1}],"later_field":true}"#).unwrap();
        assert_eq!((sparse.bot_count, sparse.bots[0].id, sparse.bots[0].username.as_str()), (3, 1, ""));
    }
}
