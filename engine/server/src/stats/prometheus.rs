//! Prometheus text exposition format (version 0.0.4) at `/metrics` on the stats port. Bots are
//! labelled by id and username, never by token; webhook URLs do not appear.

use std::fmt::Write;

use msg_core::StatsExporter;
use msg_core::stats::StatsSnapshot;

pub struct PrometheusExporter;

fn metric(out: &mut String, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}");
}

fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// A label value escaped as the format requires.
fn label(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

impl StatsExporter for PrometheusExporter {
    fn path(&self) -> &str {
        "/metrics"
    }

    fn content_type(&self) -> &str {
        "text/plain; version=0.0.4; charset=utf-8"
    }

    fn render(&self, s: &StatsSnapshot, bot_filter: Option<&str>) -> String {
        let mut out = String::new();
        let t = &s.totals;
        metric(&mut out, "msg_bot_api_uptime_seconds", "gauge", "Seconds since the engine started.", s.uptime_secs);
        metric(&mut out, "msg_bot_api_bots", "gauge", "Bots known to this server.", s.bot_count);
        metric(
            &mut out,
            "msg_bot_api_active_bots",
            "gauge",
            "Bots that made a request in the last 24 hours.",
            s.active_bot_count,
        );
        if let Some(rss) = s.rss_bytes {
            metric(&mut out, "msg_bot_api_resident_memory_bytes", "gauge", "Resident set size of the process.", rss);
        }
        metric(&mut out, "msg_bot_api_active_requests", "gauge", "Requests being answered now.", s.active_requests);
        metric(
            &mut out,
            "msg_bot_api_webhook_connections",
            "gauge",
            "Webhook deliveries in flight, all bots.",
            s.active_webhook_connections,
        );
        metric(&mut out, "msg_bot_api_requests_total", "counter", "Bot API requests received.", t.requests);
        metric(&mut out, "msg_bot_api_request_bytes_total", "counter", "Bytes of Bot API requests.", t.request_bytes);
        header(&mut out, "msg_bot_api_responses_total", "counter", "Bot API responses by outcome.");
        let _ = writeln!(out, "msg_bot_api_responses_total{{outcome=\"ok\"}} {}", t.responses_ok);
        let _ = writeln!(out, "msg_bot_api_responses_total{{outcome=\"error\"}} {}", t.responses_error);
        metric(
            &mut out,
            "msg_bot_api_response_bytes_total",
            "counter",
            "Bytes of Bot API responses.",
            t.response_bytes,
        );
        metric(&mut out, "msg_bot_api_updates_total", "counter", "Updates handed to bots.", t.updates);
        if let Some(storage) = s.storage {
            let counters = [
                ("msg_bot_api_storage_writes_total", "Writes the storage committed.", storage.writes),
                (
                    "msg_bot_api_storage_commits_total",
                    "Transactions the storage committed (group commits).",
                    storage.commits,
                ),
                (
                    "msg_bot_api_storage_flushes_total",
                    "Disk flushes made before answering (power durability).",
                    storage.flushes,
                ),
            ];
            for (name, help, value) in counters {
                metric(&mut out, name, "counter", help, value);
            }
        }

        if let Some(d) = &s.deployment {
            header(
                &mut out,
                "msg_bot_api_instance_info",
                "gauge",
                "This server's instance id among the servers of a shared storage.",
            );
            let _ = writeln!(out, "msg_bot_api_instance_info{{instance=\"{}\"}} 1", label(&d.instance));
            metric(
                &mut out,
                "msg_bot_api_deployment_instances",
                "gauge",
                "Servers of the shared storage alive.",
                d.instances.len() as u64,
            );
            header(
                &mut out,
                "msg_bot_api_lease_expires_seconds",
                "gauge",
                "Seconds until a lease expires unless its holder renews it.",
            );
            for l in &d.leases {
                let _ = writeln!(
                    out,
                    "msg_bot_api_lease_expires_seconds{{name=\"{}\",holder=\"{}\"}} {}",
                    label(&l.name),
                    label(&l.holder),
                    l.expires_in
                );
            }
        }

        let bots: Vec<_> =
            s.bots.iter().filter(|b| bot_filter.is_none_or(|prefix| b.id.to_string().starts_with(prefix))).collect();
        let per_bot = [
            ("msg_bot_api_bot_pending_updates", "Updates waiting for the bot.", 0),
            ("msg_bot_api_bot_webhook_max_connections", "The bot's webhook max_connections (0 without a webhook).", 1),
            ("msg_bot_api_bot_disk_usage_bytes", "Bytes the bot's directory uses.", 2),
            ("msg_bot_api_bot_requests_per_second", "The bot's request rate over the last minute.", 3),
        ];
        for (name, help, which) in per_bot {
            header(&mut out, name, "gauge", help);
            for b in &bots {
                let value = match which {
                    0 => b.pending_update_count as f64,
                    1 => f64::from(b.webhook_max_connections.unwrap_or(0)),
                    2 => match b.disk_usage_bytes {
                        Some(bytes) => bytes as f64,
                        None => continue,
                    },
                    _ => b.request_rate.0[2],
                };
                let _ = writeln!(out, "{name}{{bot_id=\"{}\",username=\"{}\"}} {value}", b.id, label(&b.username));
            }
        }
        out
    }
}

/// The whole snapshot as JSON at `/json` on the stats port (field names as in msg-core's
/// `StatsSnapshot`; webhook URLs redacted as on the text page).
pub struct JsonExporter;

impl StatsExporter for JsonExporter {
    fn path(&self) -> &str {
        "/json"
    }

    fn content_type(&self) -> &str {
        "application/json"
    }

    fn render(&self, s: &StatsSnapshot, bot_filter: Option<&str>) -> String {
        let mut s = s.clone();
        s.bots.retain(|b| bot_filter.is_none_or(|prefix| b.id.to_string().starts_with(prefix)));
        for b in &mut s.bots {
            b.webhook = b.webhook.as_deref().map(super::text::redact_url);
        }
        serde_json::to_string(&s).expect("snapshots serialize")
    }
}
