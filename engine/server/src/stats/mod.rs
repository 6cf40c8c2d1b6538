//! Counters behind the statistics port: server-wide and per-bot rates over the reference's
//! windows (since start, 5 s, 1 min, 1 h), process memory, and the snapshot exporters render.

pub mod prometheus;
pub mod text;

use std::time::Duration;

use msg_core::stats::{BotStats, Rates, StatsSnapshot, Totals};

use crate::sharded::Sharded;

/// One bucket of a [`Window`].
trait Bucket: Copy + Default {
    fn add(&mut self, n: u64);
    fn get(self) -> u64;
}

/// Per-bot buckets are 32-bit (4 billion a minute is far beyond a bot): two windows per bot,
/// kept for every bot that made a request, are most of an idle session's memory.
impl Bucket for u32 {
    fn add(&mut self, n: u64) {
        *self = self.saturating_add(u32::try_from(n).unwrap_or(u32::MAX));
    }
    fn get(self) -> u64 {
        u64::from(self)
    }
}

/// The server's buckets are 64-bit: its byte counts pass 4 GiB a minute with downloads.
impl Bucket for u64 {
    fn add(&mut self, n: u64) {
        *self = self.saturating_add(n);
    }
    fn get(self) -> u64 {
        self
    }
}

/// A counter with per-second buckets for the last minute and per-minute buckets for the last hour.
#[derive(Debug, Clone)]
struct Window<B: Bucket> {
    total: u64,
    secs: [B; 60],
    mins: [B; 60],
    /// The absolute second the newest bucket belongs to.
    now: u64,
}

impl<B: Bucket> Default for Window<B> {
    fn default() -> Self {
        Self { total: 0, secs: [B::default(); 60], mins: [B::default(); 60], now: 0 }
    }
}

impl<B: Bucket> Window<B> {
    fn advance(&mut self, now: u64) {
        if now <= self.now {
            return;
        }
        let (old_sec, old_min) = (self.now, self.now / 60);
        for s in (old_sec + 1..=now).take(60) {
            self.secs[(s % 60) as usize] = B::default();
        }
        for m in (old_min + 1..=now / 60).take(60) {
            self.mins[(m % 60) as usize] = B::default();
        }
        self.now = now;
    }

    fn add(&mut self, now: u64, n: u64) {
        self.advance(now);
        self.total += n;
        self.secs[(now % 60) as usize].add(n);
        self.mins[((now / 60) % 60) as usize].add(n);
    }

    /// Adds `other`'s counts (both moved to `now` first): the shards' windows summed.
    fn merge<O: Bucket>(&mut self, other: &mut Window<O>, now: u64) {
        self.advance(now);
        other.advance(now);
        self.total += other.total;
        for (mine, theirs) in self.secs.iter_mut().zip(other.secs) {
            mine.add(theirs.get());
        }
        for (mine, theirs) in self.mins.iter_mut().zip(other.mins) {
            mine.add(theirs.get());
        }
    }

    fn rates(&mut self, now: u64, uptime: f64) -> Rates {
        self.advance(now);
        let last = |n: u64| (0..n).map(|i| self.secs[((now + 60 - i) % 60) as usize].get()).sum::<u64>() as f64;
        Rates([
            self.total as f64 / uptime.max(1.0),
            last(5) / 5.0,
            last(60) / 60.0,
            self.mins.iter().map(|m| m.get()).sum::<u64>() as f64 / 3600.0,
        ])
    }
}

#[derive(Default, Clone)]
struct BotCounters {
    username: String,
    /// Since the stats began.
    first_seen: Option<Duration>,
    last_active: Option<Duration>,
    requests: Window<u32>,
    updates: Window<u32>,
}

impl BotCounters {
    fn active(&mut self, at: Duration) {
        self.first_seen.get_or_insert(at);
        self.last_active = Some(self.last_active.map_or(at, |t| t.max(at)));
    }

    /// Adds `other`'s (another shard's) counts.
    fn merge(&mut self, other: &mut BotCounters, now: u64) {
        if self.username.is_empty() || other.last_active > self.last_active {
            self.username.clone_from(&other.username);
        }
        self.first_seen = match (self.first_seen, other.first_seen) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.last_active = self.last_active.max(other.last_active);
        self.requests.merge(&mut other.requests, now);
        self.updates.merge(&mut other.updates, now);
    }
}

/// The counts one shard holds.
#[derive(Default)]
struct Counters {
    /// Requests begun here less those ended here (negative when more ended here).
    active: i64,
    requests: Window<u64>,
    request_bytes: Window<u64>,
    responses: Window<u64>,
    responses_ok: Window<u64>,
    responses_error: Window<u64>,
    response_bytes: Window<u64>,
    updates: Window<u64>,
    bots: rustc_hash::FxHashMap<i64, BotCounters>,
}

impl Counters {
    /// Adds `other`'s (another shard's) counts.
    fn merge(&mut self, other: &mut Counters, now: u64) {
        self.active += other.active;
        self.requests.merge(&mut other.requests, now);
        self.request_bytes.merge(&mut other.request_bytes, now);
        self.responses.merge(&mut other.responses, now);
        self.responses_ok.merge(&mut other.responses_ok, now);
        self.responses_error.merge(&mut other.responses_error, now);
        self.response_bytes.merge(&mut other.response_bytes, now);
        self.updates.merge(&mut other.updates, now);
        for (id, bot) in &mut other.bots {
            self.bots.entry(*id).or_default().merge(bot, now);
        }
    }
}

/// Live statistics of one engine.
pub struct Stats {
    /// On the coarse clock: every request reads it twice.
    started: Duration,
    /// The counts, in shards (`sharded.rs`); a snapshot sums them.
    shards: Sharded<Counters>,
}

/// Per-bot figures the stats module does not own (queue, webhook, disk), filled by the engine.
#[derive(Debug, Default)]
pub struct BotExtras {
    pub webhook: Option<String>,
    pub webhook_max_connections: Option<u32>,
    pub webhook_has_custom_certificate: bool,
    pub head_update_id: i64,
    pub pending_update_count: u64,
    pub disk_usage_bytes: Option<u64>,
}

impl Stats {
    pub fn new() -> Self {
        Self { started: msg_core::coarse::now(), shards: Default::default() }
    }

    fn elapsed(&self) -> Duration {
        msg_core::coarse::now().saturating_sub(self.started)
    }

    pub fn uptime(&self) -> f64 {
        self.elapsed().as_secs_f64()
    }

    /// This thread's shard of the counts.
    fn shard(&self) -> std::sync::MutexGuard<'_, Counters> {
        self.shards.local()
    }

    /// Marks a request in flight until the guard drops.
    pub fn begin_request(&self, bytes: u64) -> ActiveRequest<'_> {
        let now = self.elapsed().as_secs();
        let mut c = self.shard();
        c.active += 1;
        c.requests.add(now, 1);
        c.request_bytes.add(now, bytes);
        ActiveRequest(self)
    }

    pub fn record_response(&self, ok: bool, bytes: u64) {
        let now = self.elapsed().as_secs();
        let mut c = self.shard();
        c.responses.add(now, 1);
        if ok {
            c.responses_ok.add(now, 1)
        } else {
            c.responses_error.add(now, 1)
        }
        c.response_bytes.add(now, bytes);
    }

    /// Counts a request against a bot (after its token was accepted).
    pub fn record_bot_request(&self, bot_id: i64, username: &str) {
        let at = self.elapsed();
        let mut c = self.shard();
        let bot = c.bots.entry(bot_id).or_default();
        if bot.username != username {
            bot.username = username.to_owned();
        }
        bot.active(at);
        bot.requests.add(at.as_secs(), 1);
    }

    /// Counts updates queued for a bot.
    pub fn record_updates(&self, bot_id: i64, n: u64) {
        let at = self.elapsed();
        let mut c = self.shard();
        c.updates.add(at.as_secs(), n);
        let bot = c.bots.entry(bot_id).or_default();
        bot.active(at);
        bot.updates.add(at.as_secs(), n);
    }

    /// Takes a snapshot; `extras` supplies what the engine knows about each bot.
    pub fn snapshot(&self, bot_count: u64, extras: impl Fn(i64) -> BotExtras) -> StatsSnapshot {
        let elapsed = self.elapsed();
        let now = elapsed.as_secs();
        let uptime = elapsed.as_secs_f64();
        let memory = memory();
        let mut c = Counters::default();
        self.shards.each(|shard| c.merge(shard, now));
        // Active: a request or an update within the last day.
        let day_ago = elapsed.saturating_sub(Duration::from_secs(86_400));
        let active_bot_count = c.bots.values().filter(|b| b.last_active.is_some_and(|t| t >= day_ago)).count() as u64;
        let mut bots: Vec<BotStats> = c
            .bots
            .iter_mut()
            .map(|(id, b)| {
                let extra = extras(*id);
                let mut s = BotStats::new(*id, b.username.clone());
                s.uptime_secs = b.first_seen.map_or(0.0, |t| elapsed.saturating_sub(t).as_secs_f64());
                s.request_rate = b.requests.rates(now, uptime);
                s.update_rate = b.updates.rates(now, uptime);
                s.webhook = extra.webhook;
                s.webhook_max_connections = extra.webhook_max_connections;
                s.webhook_has_custom_certificate = extra.webhook_has_custom_certificate;
                s.head_update_id = extra.head_update_id;
                s.pending_update_count = extra.pending_update_count;
                s.disk_usage_bytes = extra.disk_usage_bytes;
                s
            })
            .collect();
        // The reference's score: recent activity first.
        let score =
            |s: &BotStats| s.request_rate.0[2] + s.update_rate.0[2] + 0.01 * (s.request_rate.0[0] + s.update_rate.0[0]);
        bots.sort_by(|a, b| score(b).total_cmp(&score(a)).then(a.id.cmp(&b.id)));
        let mut snapshot = StatsSnapshot::default();
        snapshot.uptime_secs = uptime;
        snapshot.bot_count = bot_count.max(c.bots.len() as u64);
        snapshot.active_bot_count = active_bot_count;
        (snapshot.rss_bytes, snapshot.vm_bytes, snapshot.rss_peak_bytes, snapshot.vm_peak_bytes) = memory;
        snapshot.active_requests = u64::try_from(c.active).unwrap_or(0);
        snapshot.request_count = c.requests.rates(now, uptime);
        snapshot.request_bytes = c.request_bytes.rates(now, uptime);
        snapshot.response_count = c.responses.rates(now, uptime);
        snapshot.response_count_ok = c.responses_ok.rates(now, uptime);
        snapshot.response_count_error = c.responses_error.rates(now, uptime);
        snapshot.response_bytes = c.response_bytes.rates(now, uptime);
        snapshot.update_count = c.updates.rates(now, uptime);
        let mut totals = Totals::default();
        totals.requests = c.requests.total;
        totals.request_bytes = c.request_bytes.total;
        totals.responses_ok = c.responses_ok.total;
        totals.responses_error = c.responses_error.total;
        totals.response_bytes = c.response_bytes.total;
        totals.updates = c.updates.total;
        snapshot.totals = totals;
        snapshot.bots = bots;
        snapshot
    }
}

impl Default for Stats {
    fn default() -> Self {
        Self::new()
    }
}

/// Decrements the in-flight count when dropped.
pub struct ActiveRequest<'a>(&'a Stats);

impl Drop for ActiveRequest<'_> {
    fn drop(&mut self) {
        // Counted down in the shard of the thread it ends on (maybe not the one it began on):
        // the shards' sum is right.
        self.0.shard().active -= 1;
    }
}

/// (rss, vm, rss_peak, vm_peak) in bytes from `/proc/self/status`, where available.
fn memory() -> (Option<u64>, Option<u64>, Option<u64>, Option<u64>) {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return (None, None, None, None) };
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse::<u64>().ok().map(|kb| kb * 1024))
    };
    (field("VmRSS:"), field("VmSize:"), field("VmHWM:"), field("VmPeak:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_forget_old_buckets() {
        let mut w = Window::<u32>::default();
        w.add(10, 5);
        w.add(11, 5);
        let r = w.rates(11, 12.0);
        assert_eq!(r.0[1], 2.0, "10 in the last 5 seconds");
        let r = w.rates(100, 101.0);
        assert_eq!(r.0[1], 0.0, "nothing in the 5 seconds before second 100");
        assert_eq!(r.0[3], 10.0 / 3600.0, "still in the last hour");
        let r = w.rates(4000, 4001.0);
        assert_eq!(r.0[3], 0.0);
        assert_eq!(w.total, 10);
    }

    #[test]
    fn counts_from_many_threads_are_summed_by_the_snapshot() {
        // Twelve threads (more than the shards: some share one) count requests and a bot's
        // updates at once; the snapshot finds every one.
        let stats = std::sync::Arc::new(Stats::new());
        let threads: Vec<_> = (0..12)
            .map(|_| {
                let stats = stats.clone();
                std::thread::spawn(move || {
                    for _ in 0..1_000 {
                        drop(stats.begin_request(10));
                        stats.record_response(true, 20);
                        stats.record_bot_request(7, "seven_bot");
                        stats.record_updates(7, 2);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let snapshot = stats.snapshot(1, |_| BotExtras::default());
        assert_eq!(snapshot.totals.requests, 12_000);
        assert_eq!(snapshot.totals.request_bytes, 120_000);
        assert_eq!(snapshot.totals.responses_ok, 12_000);
        assert_eq!(snapshot.totals.response_bytes, 240_000);
        assert_eq!(snapshot.totals.updates, 24_000);
        assert_eq!(snapshot.active_requests, 0);
        assert_eq!(snapshot.bots.len(), 1);
        let bot = &snapshot.bots[0];
        assert_eq!((bot.id, bot.username.as_str()), (7, "seven_bot"));
        // All within the last minute (the test takes well under one).
        assert!((bot.request_rate.0[2] * 60.0 - 12_000.0).abs() < 0.5, "{:?}", bot.request_rate);
        assert!((bot.update_rate.0[2] * 60.0 - 24_000.0).abs() < 0.5, "{:?}", bot.update_rate);
        assert_eq!(snapshot.active_bot_count, 1);
    }
}
