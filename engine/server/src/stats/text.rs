//! The reference server's tab-separated text layout (`HttpStatConnection`), tokens redacted:
//! each bot is shown by id and username, and webhook URLs lose their path and query.

use std::fmt::Write;

use msg_core::StatsExporter;
use msg_core::stats::{Rates, StatsSnapshot};

/// Serves `/` (and every path no other exporter claims) on the stats port.
pub struct TextExporter;

/// The reference's cap on the stats body.
const MAX_BODY: usize = 16 << 10;
/// The reference lists at most this many bots.
const MAX_BOTS: usize = 50;

/// `td::format::as_size`: switches unit once the value reaches 100000 of the smaller one.
pub fn as_size(bytes: u64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"];
    let (mut value, mut unit) = (bytes, 0);
    while value >= 100_000 && unit + 1 < units.len() {
        value /= 1024;
        unit += 1;
    }
    format!("{value}{}", units[unit])
}

fn rates(out: &mut String, name: &str, r: &Rates) {
    let _ = writeln!(out, "{name}\t{:.6}\t{:.6}\t{:.6}\t{:.6}", r.0[0], r.0[1], r.0[2], r.0[3]);
}

/// A webhook URL with its path and query replaced, since they often carry the bot token.
pub fn redact_url(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or(host);
    let tail = if rest.len() > host.len() { "/<redacted>" } else { "" };
    if scheme.is_empty() { format!("{host}{tail}") } else { format!("{scheme}://{host}{tail}") }
}

impl StatsExporter for TextExporter {
    fn path(&self) -> &str {
        "/"
    }

    fn content_type(&self) -> &str {
        "text/plain"
    }

    fn render(&self, s: &StatsSnapshot, bot_filter: Option<&str>) -> String {
        let mut out = String::new();
        if bot_filter.is_none() {
            out.push_str("DURATION\tinf\t5sec\t1min\t1hour\n");
            let _ = writeln!(out, "uptime\t{:.6}", s.uptime_secs);
            let _ = writeln!(out, "bot_count\t{}", s.bot_count);
            let _ = writeln!(out, "active_bot_count\t{}", s.active_bot_count);
            for (name, value) in
                [("rss", s.rss_bytes), ("vm", s.vm_bytes), ("rss_peak", s.rss_peak_bytes), ("vm_peak", s.vm_peak_bytes)]
            {
                if let Some(v) = value {
                    let _ = writeln!(out, "{name}\t{}", as_size(v));
                }
            }
            let _ = writeln!(out, "active_webhook_connections\t{}", s.active_webhook_connections);
            let _ = writeln!(out, "active_requests\t{}", s.active_requests);
            rates(&mut out, "request_count", &s.request_count);
            rates(&mut out, "request_bytes", &s.request_bytes);
            rates(&mut out, "response_count", &s.response_count);
            rates(&mut out, "response_count_ok", &s.response_count_ok);
            rates(&mut out, "response_count_error", &s.response_count_error);
            rates(&mut out, "response_bytes", &s.response_bytes);
            rates(&mut out, "update_count", &s.update_count);
            if let Some(d) = &s.deployment {
                let _ = writeln!(out, "instance\t{}", d.instance);
                let _ = writeln!(out, "deployment_instances\t{}", d.instances.len());
                for i in &d.instances {
                    let _ = writeln!(
                        out,
                        "deployment_instance\t{}\tstarted_at {}\tseen {} s ago",
                        i.id, i.started_at, i.seen_ago
                    );
                }
                for l in &d.leases {
                    let _ = writeln!(
                        out,
                        "lease\t{}\t{}\tepoch {}\texpires in {} s",
                        l.name, l.holder, l.epoch, l.expires_in
                    );
                }
            }
            if let Some(storage) = s.storage {
                let _ = writeln!(out, "storage_writes\t{}", storage.writes);
                let _ = writeln!(out, "storage_commits\t{}", storage.commits);
                let _ = writeln!(out, "storage_flushes\t{}", storage.flushes);
                if storage.commits != 0 {
                    let _ = writeln!(
                        out,
                        "storage_writes_per_commit\t{:.1}",
                        storage.writes as f64 / storage.commits as f64
                    );
                }
            }
        }
        let bots = s.bots.iter().filter(|b| bot_filter.is_none_or(|prefix| b.id.to_string().starts_with(prefix)));
        for b in bots.take(MAX_BOTS) {
            out.push('\n');
            let _ = writeln!(out, "id\t{}", b.id);
            let _ = writeln!(out, "uptime\t{:.6}", b.uptime_secs);
            let _ = writeln!(out, "token\t{}:<redacted>", b.id);
            let _ = writeln!(out, "username\t{}", if b.username.is_empty() { "<unknown>" } else { &b.username });
            if b.active_request_count != 0 {
                let _ = writeln!(out, "active_request_count\t{}", b.active_request_count);
            }
            if let Some(url) = &b.webhook {
                let _ = writeln!(out, "webhook\t{}", redact_url(url));
                if b.webhook_has_custom_certificate {
                    let _ = writeln!(out, "has_custom_certificate\t1");
                }
                if let Some(n) = b.webhook_max_connections {
                    let _ = writeln!(out, "webhook_max_connections\t{n}");
                }
            }
            let _ = writeln!(out, "head_update_id\t{}", b.head_update_id);
            if b.pending_update_count != 0 {
                let _ = writeln!(out, "tail_update_id\t{}", b.head_update_id + b.pending_update_count as i64);
                let _ = writeln!(out, "pending_update_count\t{}", b.pending_update_count);
            }
            if let Some(bytes) = b.disk_usage_bytes {
                let _ = writeln!(out, "disk_usage\t{}", as_size(bytes));
            }
            rates(&mut out, "request_count/sec", &b.request_rate);
            rates(&mut out, "update_count/sec", &b.update_rate);
        }
        if out.len() > MAX_BODY {
            let mut cut = MAX_BODY;
            while !out.is_char_boundary(cut) {
                cut -= 1;
            }
            out.truncate(cut);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_urls_render_like_the_reference_but_without_secrets() {
        assert_eq!(as_size(99_999), "99999B");
        assert_eq!(as_size(100_663_296), "98304KB");
        assert_eq!(as_size(125_829_120), "120MB");
        assert_eq!(
            redact_url("https://user:pw@example.com:8443/bot123:SECRET?x=1"),
            "https://example.com:8443/<redacted>"
        );
        assert_eq!(redact_url("http://127.0.0.1:9000"), "http://127.0.0.1:9000");
    }
}
