//! Counters behind the statistics port: server-wide and per-bot rates over the reference's
//! windows (since start, 5 s, 1 min, 1 h), process memory, and the snapshot exporters render.

pub mod prometheus;
pub mod text;

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use msg_core::stats::{BotStats, Rates, StatsSnapshot, Totals};

/// A counter with per-second buckets for the last minute and per-minute buckets for the last hour.
/// Buckets are 32-bit (4 billion a minute is far beyond a bot): two windows per bot, kept for
/// every bot that made a request, are most of an idle session's memory.
#[derive(Debug, Clone)]
struct Window {
    total: u64,
    secs: [u32; 60],
    mins: [u32; 60],
    /// The absolute second the newest bucket belongs to.
    now: u64,
}

impl Default for Window {
    fn default() -> Self {
        Self { total: 0, secs: [0; 60], mins: [0; 60], now: 0 }
    }
}

impl Window {
    fn advance(&mut self, now: u64) {
        if now <= self.now {
            return;
        }
        let (old_sec, old_min) = (self.now, self.now / 60);
        for s in (old_sec + 1..=now).take(60) {
            self.secs[(s % 60) as usize] = 0;
        }
        for m in (old_min + 1..=now / 60).take(60) {
            self.mins[(m % 60) as usize] = 0;
        }
        self.now = now;
    }

    fn add(&mut self, now: u64, n: u64) {
        self.advance(now);
        self.total += n;
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        let (sec, min) = (&mut self.secs[(now % 60) as usize], &mut self.mins[((now / 60) % 60) as usize]);
        *sec = sec.saturating_add(n);
        *min = min.saturating_add(n);
    }

    fn rates(&mut self, now: u64, uptime: f64) -> Rates {
        self.advance(now);
        let last = |n: u64| (0..n).map(|i| u64::from(self.secs[((now + 60 - i) % 60) as usize])).sum::<u64>() as f64;
        Rates([
            self.total as f64 / uptime.max(1.0),
            last(5) / 5.0,
            last(60) / 60.0,
            self.mins.iter().map(|&m| u64::from(m)).sum::<u64>() as f64 / 3600.0,
        ])
    }
}

#[derive(Default)]
struct BotCounters {
    username: String,
    first_seen: Option<Instant>,
    last_active: Option<Instant>,
    requests: Window,
    updates: Window,
}

#[derive(Default)]
struct Counters {
    requests: Window,
    request_bytes: Window,
    responses: Window,
    responses_ok: Window,
    responses_error: Window,
    response_bytes: Window,
    updates: Window,
    bots: HashMap<i64, BotCounters>,
}

/// Live statistics of one engine.
pub struct Stats {
    started: Instant,
    active_requests: AtomicU64,
    counters: Mutex<Counters>,
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
        Self { started: Instant::now(), active_requests: AtomicU64::new(0), counters: Mutex::default() }
    }

    fn second(&self) -> u64 {
        self.started.elapsed().as_secs()
    }

    pub fn uptime(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Marks a request in flight until the guard drops.
    pub fn begin_request(&self, bytes: u64) -> ActiveRequest<'_> {
        self.active_requests.fetch_add(1, Ordering::Relaxed);
        let now = self.second();
        let mut c = self.counters.lock().expect("stats lock");
        c.requests.add(now, 1);
        c.request_bytes.add(now, bytes);
        ActiveRequest(self)
    }

    pub fn record_response(&self, ok: bool, bytes: u64) {
        let now = self.second();
        let mut c = self.counters.lock().expect("stats lock");
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
        let now = self.second();
        let mut c = self.counters.lock().expect("stats lock");
        let bot = c.bots.entry(bot_id).or_default();
        if bot.username != username {
            bot.username = username.to_owned();
        }
        let instant = Instant::now();
        bot.first_seen.get_or_insert(instant);
        bot.last_active = Some(instant);
        bot.requests.add(now, 1);
    }

    /// Counts updates queued for a bot.
    pub fn record_updates(&self, bot_id: i64, n: u64) {
        let now = self.second();
        let mut c = self.counters.lock().expect("stats lock");
        c.updates.add(now, n);
        let bot = c.bots.entry(bot_id).or_default();
        bot.first_seen.get_or_insert_with(Instant::now);
        bot.last_active = Some(Instant::now());
        bot.updates.add(now, n);
    }

    /// Takes a snapshot; `extras` supplies what the engine knows about each bot.
    pub fn snapshot(&self, bot_count: u64, extras: impl Fn(i64) -> BotExtras) -> StatsSnapshot {
        let now = self.second();
        let uptime = self.uptime();
        let memory = memory();
        let mut c = self.counters.lock().expect("stats lock");
        let day_ago = Instant::now().checked_sub(std::time::Duration::from_secs(86_400));
        let active = c.bots.values().filter(|b| match (b.last_active, day_ago) {
            (Some(t), Some(d)) => t >= d,
            (Some(_), None) => true,
            _ => false,
        });
        let active_bot_count = active.count() as u64;
        let mut bots: Vec<BotStats> = c
            .bots
            .iter_mut()
            .map(|(id, b)| {
                let extra = extras(*id);
                let mut s = BotStats::new(*id, b.username.clone());
                s.uptime_secs = b.first_seen.map_or(0.0, |t| t.elapsed().as_secs_f64());
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
        snapshot.active_requests = self.active_requests.load(Ordering::Relaxed);
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
        self.0.active_requests.fetch_sub(1, Ordering::Relaxed);
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
        let mut w = Window::default();
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
}
