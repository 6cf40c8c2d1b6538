//! Getting updates: `getUpdates` (offset acknowledgement, long polls woken by new updates, the
//! three 409 conflicts), `setWebhook`, `deleteWebhook` and `getWebhookInfo`, with the reference
//! server's clamps, defaults and exact descriptions.

use std::sync::Arc;
use std::time::{Duration, Instant};

use msg_core::{ApiError, Change, MethodCall, Params, Reply, UploadedFile};
use serde_json::{Map, Value, json};

use super::{bot_of, internal};
use crate::Shared;
use crate::sessions::session::{self, BotSession, Webhook};
use msg_queue::{PollAbort, PollArgs, long_poll};
use msg_spec::args::Decode;
use msg_spec::params;

/// A method's parameters through its generated struct (the reference's reading rules).
fn decode<'a, T: Decode<'a>>(p: &'a Params) -> Result<T, ApiError> {
    T::decode(&|name| p.get(name)).map_err(|e| ApiError::bad_request(e.0))
}

/// Applies an `allowed_updates` parameter: absent, empty or unparsable keeps the setting; `[]` or
/// no known kind restores the default set.
async fn update_allowed(shared: &Shared, session: &BotSession, allowed: Option<&str>) -> Result<(), ApiError> {
    let Some(Ok(kinds)) = allowed.map(serde_json::from_str::<Vec<String>>) else { return Ok(()) };
    let mask = session::mask_of(kinds.iter().map(String::as_str));
    let (mask, stored) = if mask == 0 {
        (session::default_mask(), None)
    } else {
        (mask, Some(serde_json::to_string(&session::kinds_of(mask)).expect("strings serialize")))
    };
    if session.allowed_mask() == mask {
        return Ok(());
    }
    shared
        .storage
        .apply(vec![Change::BotSetting { bot_id: session.bot.id, key: "allowed_updates".into(), value: stored }])
        .await
        .map_err(internal)?;
    session.settings.lock().expect("settings").allowed_mask = mask;
    Ok(())
}

pub(crate) async fn get_updates(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = bot_of(&shared, &call).await?;
    let session = shared.sessions.session(&bot).await?;
    let result = bot_poll(&shared, &session, &call.params).await;
    if let Err(e) = &result
        && e.code == 409
        && let Some(delay) = session.mailbox.conflict_delay()
    {
        // The reference throttles conflicts so two bot instances fighting over one token do
        // not spin: one 409 at once per 3 s, the others after 3 s.
        tokio::time::sleep(delay).await;
    }
    let (updates, count) = result?;
    shared.stats.record_updates(bot.id, count as u64);
    Ok(Reply::json_text(updates))
}

async fn bot_poll(shared: &Shared, session: &BotSession, p: &Params) -> Result<(String, usize), ApiError> {
    if session.webhook().is_some() {
        return Err(ApiError::conflict(
            "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        ));
    }
    let args: params::GetUpdates = decode(p)?;
    update_allowed(shared, session, args.allowed_updates).await?;
    let serving = shared.phase.get() == msg_core::Phase::Ready;
    let poll = PollArgs::new(args.offset, args.limit, args.timeout);
    long_poll(&session.mailbox, &shared.storage, poll, true, serving).await
}

/// The reference's check of a webhook address outside local mode: IPv4 only, and public.
fn check_webhook_ip(ip: std::net::IpAddr) -> Result<(), ApiError> {
    let ip = match ip {
        std::net::IpAddr::V6(v6) => v6
            .to_ipv4_mapped()
            .map(std::net::IpAddr::V4)
            .ok_or_else(|| ApiError::bad_request("bad webhook: IPv6-only addresses are not allowed"))?,
        v4 => v4,
    };
    if !msg_outbound::is_public(ip) {
        return Err(ApiError::bad_request(format!("bad webhook: IP address {ip} is reserved")));
    }
    Ok(())
}

/// Where a webhook will connect, checked at setWebhook as the reference's webhook actor does
/// (outside local mode): an IP-literal host is that address (a given `ip_address` is then
/// ignored), a given `ip_address` replaces DNS, else the host is resolved now and its first IPv4
/// address counts. Returns the address to report in getWebhookInfo.
async fn webhook_address(
    shared: &Shared,
    url: &str,
    ip_address: Option<&str>,
) -> Result<(Option<String>, Option<std::net::IpAddr>), ApiError> {
    let uri: hyper::Uri = url.parse().map_err(|_| ApiError::bad_request("invalid webhook URL specified"))?;
    let host = uri.host().unwrap_or_default().trim_matches(['[', ']']).to_owned();
    let local = shared.config.local;
    if let Ok(ip) = host.parse::<std::net::IpAddr>() {
        return Ok((None, Some(ip)));
    }
    if let Some(given) = ip_address {
        let ip = given
            .parse::<std::net::IpAddr>()
            .map_err(|_| ApiError::bad_request("bad webhook: Invalid IP address specified"))?;
        if !local {
            check_webhook_ip(ip)?;
        }
        return Ok((Some(ip.to_string()), Some(ip)));
    }
    let policy = &shared.outbound;
    let resolved: Vec<std::net::IpAddr> = match policy.fixed(&host) {
        Some(ip) => vec![ip],
        None => {
            let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("http") { 80 } else { 443 });
            match tokio::net::lookup_host((host.as_str(), port)).await {
                Ok(addrs) => addrs.map(|a| a.ip()).collect(),
                Err(e) if local => {
                    tracing::debug!("webhook host {host} does not resolve yet: {e}");
                    return Ok((None, None));
                }
                Err(e) => {
                    let why = e.to_string();
                    let why = why.strip_prefix("failed to lookup address information: ").unwrap_or(&why).to_owned();
                    return Err(ApiError::bad_request(format!("bad webhook: Failed to resolve host: {why}")));
                }
            }
        }
    };
    let first = resolved.iter().find(|ip| ip.is_ipv4()).or(resolved.first()).copied();
    if !local && policy.fixed(&host).is_none() {
        match first {
            Some(ip) => check_webhook_ip(ip)?,
            None => return Err(ApiError::bad_request("bad webhook: Failed to find IPv4/IPv6 address")),
        }
    }
    Ok((None, first))
}

/// Validates a webhook URL per mode; returns it normalized (scheme added when missing).
fn check_url(url: &str, local: bool) -> Result<String, ApiError> {
    let full = if url.contains("://") { url.to_owned() } else { format!("https://{url}") };
    let uri: hyper::Uri = full.parse().map_err(|_| ApiError::bad_request("invalid webhook URL specified"))?;
    let scheme = uri.scheme_str().unwrap_or_default().to_ascii_lowercase();
    let host = uri.host().unwrap_or_default();
    if !matches!(scheme.as_str(), "http" | "https") || host.is_empty() {
        return Err(ApiError::bad_request("invalid webhook URL specified"));
    }
    if local {
        return Ok(full);
    }
    if scheme != "https" {
        return Err(ApiError::bad_request("bad webhook: An HTTPS URL must be provided for webhook"));
    }
    let port = uri.port_u16().unwrap_or(443);
    if ![80, 88, 443, 8443].contains(&port) {
        return Err(ApiError::bad_request("bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"));
    }
    if let Ok(ip) = host.trim_matches(['[', ']']).parse::<std::net::IpAddr>() {
        check_webhook_ip(ip)?;
    }
    Ok(full)
}

fn check_secret(secret: &str) -> Result<(), ApiError> {
    if secret.len() > 256 {
        return Err(ApiError::bad_request("secret token is too long"));
    }
    if !secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
        return Err(ApiError::bad_request("secret token contains unallowed characters"));
    }
    Ok(())
}

/// The `certificate` of a setWebhook call: a file part, or `attach://<name>` naming one.
fn certificate_upload(p: &Params) -> Option<&UploadedFile> {
    p.file("certificate").or_else(|| p.get("certificate")?.strip_prefix("attach://").and_then(|name| p.file(name)))
}

/// Reads an uploaded certificate and checks that it can verify servers, so a bad file fails
/// setWebhook instead of every delivery.
async fn read_certificate(upload: &UploadedFile) -> Result<Vec<u8>, ApiError> {
    if upload.size > msg_outbound::client::MAX_CERTIFICATE_SIZE {
        return Err(ApiError::bad_request(format!("certificate size is too big ({} bytes)", upload.size)));
    }
    let bytes = tokio::fs::read(&upload.path).await.map_err(|e| {
        tracing::error!("cannot read an uploaded certificate: {e}");
        ApiError::internal("failed to save certificate")
    })?;
    msg_outbound::client::CustomCertificate::parse(&bytes)
        .map_err(|e| ApiError::bad_request(format!("bad webhook: Can't create an SSL context: {e}")))?;
    Ok(bytes)
}

/// Writes the bot's webhook certificate file, atomically.
async fn save_certificate(shared: &Shared, bot_id: i64, bytes: &[u8]) -> Result<(), ApiError> {
    let path = crate::webhook::certificate_path(shared, bot_id);
    let partial = path.with_extension("pem.partial");
    let written = async {
        // A backend that keeps no bot directories (postgres) still keeps the bot's files there.
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await?;
        }
        tokio::fs::write(&partial, bytes).await?;
        tokio::fs::rename(&partial, &path).await
    };
    written.await.map_err(|e| {
        tracing::error!("cannot save {}: {e}", path.display());
        ApiError::internal("failed to save certificate")
    })
}

async fn store_webhook(shared: &Shared, session: &BotSession, webhook: Option<&Webhook>) -> Result<(), ApiError> {
    let value = webhook.map(|w| serde_json::to_string(w).expect("webhook serializes"));
    shared
        .storage
        .apply(vec![Change::BotSetting { bot_id: session.bot.id, key: "webhook".into(), value }])
        .await
        .map_err(internal)
}

async fn set_or_delete(shared: Arc<Shared>, call: MethodCall, delete: bool) -> Result<Reply, ApiError> {
    let bot = bot_of(&shared, &call).await?;
    let session = shared.sessions.session(&bot).await?;
    let p = &call.params;
    // setWebhook's parameters; deleteWebhook has only drop_pending_updates of them.
    let args: params::SetWebhook = decode(p)?;
    let url = if delete { String::new() } else { args.url.trim().to_owned() };
    let local = shared.config.local;
    let mut resolved_ip = None;
    let mut wanted = if url.is_empty() {
        None
    } else {
        {
            // As the reference: a setWebhook with a URL at most once a second, counted first.
            let mut settings = session.settings.lock().expect("settings");
            if settings.last_set_webhook.is_some_and(|t| t.elapsed() < Duration::from_secs(1)) {
                return Err(ApiError::too_many_requests(1));
            }
            settings.last_set_webhook = Some(Instant::now());
        }
        let url = check_url(&url, local)?;
        let secret = args.secret_token.filter(|s| !s.is_empty()).map(str::to_owned);
        if let Some(s) = &secret {
            check_secret(s)?;
        }
        let max = if local { 100_000 } else { 100 };
        let max_connections =
            args.max_connections.unwrap_or(shared.config.max_webhook_connections as i64).clamp(1, max) as u32;
        let given = args.ip_address.map(str::trim).filter(|s| !s.is_empty());
        let (ip_address, resolved) = webhook_address(&shared, &url, given).await?;
        resolved_ip = resolved;
        Some(Webhook { url, max_connections, ip_address, secret_token: secret, certificate: false })
    };
    let certificate = match certificate_upload(p).filter(|_| wanted.is_some()) {
        Some(upload) => Some(read_certificate(upload).await?),
        None => None,
    };
    if let Some(webhook) = &mut wanted {
        webhook.certificate = certificate.is_some();
    }
    let drop_pending = args.drop_pending_updates;
    let current = session.webhook();
    let with_certificate = |w: &Option<Webhook>| w.as_ref().is_some_and(|w| w.certificate);
    let unchanged = current == wanted && !with_certificate(&current) && !with_certificate(&wanted);
    update_allowed(&shared, &session, args.allowed_updates).await?;
    if drop_pending {
        session.mailbox.clear(&shared.storage).await.map_err(internal)?;
    }
    if unchanged && !drop_pending {
        let description = if wanted.is_some() { "Webhook is already set" } else { "Webhook is already deleted" };
        return Ok(Reply::with_description(json!(true), description));
    }
    if let Some(bytes) = &certificate {
        save_certificate(&shared, bot.id, bytes).await?;
    }
    store_webhook(&shared, &session, wanted.as_ref()).await?;
    if certificate.is_none() && with_certificate(&current) {
        // The previous webhook's certificate goes with it (the new one has none).
        let _ = tokio::fs::remove_file(crate::webhook::certificate_path(&shared, bot.id)).await;
    }
    session.settings.lock().expect("settings").webhook = wanted.clone();
    *session.health.lock().expect("health") =
        session::WebhookHealth { ip_address: resolved_ip.map(|ip| ip.to_string()), ..Default::default() };
    match wanted {
        Some(_) => {
            // A poll waiting on another server of a shared storage ends too.
            if let Err(e) = session.mailbox.abort_polls_everywhere(&shared.storage, PollAbort::SetWebhook).await {
                tracing::warn!("bot {}: other servers' polls were not told of the webhook: {e}", bot.id);
            }
            crate::webhook::start(&shared, &session);
            Ok(Reply::with_description(json!(true), "Webhook was set"))
        }
        None => {
            crate::webhook::stop(&session);
            let description = if current.is_some() { "Webhook was deleted" } else { "Webhook is already deleted" };
            Ok(Reply::with_description(json!(true), description))
        }
    }
}

pub(crate) async fn set_webhook(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    set_or_delete(shared, call, false).await
}

pub(crate) async fn delete_webhook(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    set_or_delete(shared, call, true).await
}

pub(crate) async fn get_webhook_info(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = bot_of(&shared, &call).await?;
    let session = shared.sessions.session(&bot).await?;
    session.mailbox.refresh(&shared.storage).await.map_err(msg_core::StorageError::into_api_error)?;
    let webhook = session.webhook();
    let health = session.health.lock().expect("health").clone();
    let mut info = Map::new();
    info.insert("url".into(), webhook.as_ref().map_or("", |w| w.url.as_str()).into());
    info.insert("has_custom_certificate".into(), webhook.as_ref().is_some_and(|w| w.certificate).into());
    info.insert("pending_update_count".into(), session.mailbox.pending().into());
    if let (Some(date), Some(message)) = (health.last_error_date, health.last_error_message) {
        info.insert("last_error_date".into(), date.into());
        info.insert("last_error_message".into(), message.into());
    }
    if let Some(w) = &webhook {
        info.insert("max_connections".into(), w.max_connections.into());
        let literal = || {
            let uri: hyper::Uri = w.url.parse().ok()?;
            uri.host()?.trim_matches(['[', ']']).parse::<std::net::IpAddr>().ok().map(|ip| ip.to_string())
        };
        let ip = w.ip_address.clone().or(health.ip_address).or_else(literal).unwrap_or_else(|| "<unknown>".into());
        info.insert("ip_address".into(), ip.into());
    }
    let mask = session.allowed_mask();
    if mask != session::default_mask() {
        info.insert("allowed_updates".into(), json!(session::kinds_of(mask)));
    }
    Ok(Value::Object(info).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webhook_urls_follow_the_mode_rules() {
        assert!(check_url("http://127.0.0.1:9000/hook", true).is_ok());
        assert_eq!(
            check_url("http://example.com/hook", false).unwrap_err().description,
            "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"
        );
        assert_eq!(
            check_url("https://example.com:9000/hook", false).unwrap_err().description,
            "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
        );
        assert_eq!(
            check_url("https://10.1.2.3/hook", false).unwrap_err().description,
            "Bad Request: bad webhook: IP address 10.1.2.3 is reserved"
        );
        assert_eq!(check_url("example.com/hook", false).unwrap(), "https://example.com/hook");
        assert_eq!(check_url("ftp://x/y", true).unwrap_err().description, "Bad Request: invalid webhook URL specified");
        assert_eq!(check_secret(&"a".repeat(257)).unwrap_err().description, "Bad Request: secret token is too long");
        assert_eq!(
            check_secret("no spaces").unwrap_err().description,
            "Bad Request: secret token contains unallowed characters"
        );
    }
}
