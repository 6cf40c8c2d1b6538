//! Webhook delivery: one worker per bot with a webhook. It POSTs each update as JSON with the
//! secret header, keeps at most `max_connections` deliveries in flight and one per chat (so each
//! chat's order holds), retries failures with the reference's backoff (immediately, then 2, 4,
//! 8 … s up to a random 60–120 s; `Retry-After` overrides), drops updates that expire, records
//! `last_error_*`, and executes a `method` found in a 2xx reply. `https` receivers are verified
//! against public CAs, or against the certificate uploaded with setWebhook (see
//! [`msg_outbound::client`]). An update leaves the queue only after a 2xx answer, so a restart
//! resumes where delivery stopped.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::header::CONTENT_TYPE;
use msg_core::{Change, Params, StoredUpdate};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::Shared;
use crate::http::request::UploadDir;
use crate::sessions::session::{BotSession, CERTIFICATE_FILE, Presence, Webhook};
use msg_core::storage::now_unix as now;
use msg_outbound::client::{self, CustomCertificate, HttpClient, Trust};
use msg_queue::render;

/// Starts (or restarts) the bot's webhook worker.
pub(crate) fn start(shared: &Arc<Shared>, session: &Arc<BotSession>) {
    let token = CancellationToken::new();
    if let Some(old) = session.webhook_stop.lock().expect("webhook stop").replace(token.clone()) {
        old.cancel();
    }
    let (shared, session) = (shared.clone(), session.clone());
    if shared.storage.shared() {
        tokio::spawn(async move { run_leased(shared, session, token).await });
    } else {
        tokio::spawn(async move { run(shared, session, token, None).await });
    }
}

/// The lease whose holder delivers bot `bot_id`'s webhook on a shared storage.
pub(crate) fn lease_name(bot_id: i64) -> String {
    format!("webhook:{bot_id}")
}

/// How long a server holds a bot's webhook lease without renewing it, how often it renews it,
/// and how often the others try to take it: a server that dies is replaced within about
/// [`LEASE_TTL`] + [`LEASE_RETRY`].
const LEASE_TTL: i64 = 8;
const LEASE_RENEW: Duration = Duration::from_secs(2);
const LEASE_RETRY: Duration = Duration::from_secs(2);

/// The bot's webhook deliveries on a shared storage: every server with the bot's session runs
/// this, and only the one holding the lease `webhook:<bot id>` delivers (the others try to
/// take it every [`LEASE_RETRY`]). The holder renews it every [`LEASE_RENEW`]; a holder that
/// cannot (the lease went to another after it expired) stops delivering at once, and what it
/// removes from the queue after a delivery is fenced by the lease's epoch. Per-chat order holds
/// across a takeover: the new holder reads the queue from the storage and starts at its head;
/// an update the old holder delivered but could not remove is delivered again (same id, same
/// body).
async fn run_leased(shared: Arc<Shared>, session: Arc<BotSession>, stop: CancellationToken) {
    let name = lease_name(session.bot.id);
    let holder = shared.instance.clone();
    while session.webhook().is_some() && !stop.is_cancelled() {
        let taken = shared.storage.lease(&name, &holder, LEASE_TTL).await;
        let Ok(Some(epoch)) = taken else {
            if let Err(e) = taken {
                tracing::warn!("bot {}: cannot take the webhook lease: {e}", session.bot.id);
            }
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(LEASE_RETRY) => continue,
            }
        };
        tracing::info!("bot {}: this server delivers its webhook (lease epoch {epoch})", session.bot.id);
        // What another holder delivered and removed meanwhile is not in memory any more.
        if let Err(e) = session.mailbox.reload(&shared.storage).await {
            tracing::warn!("bot {}: cannot read the queue back: {e}", session.bot.id);
        }
        let held = stop.child_token();
        let renewing = tokio::spawn({
            let (storage, name, holder, held) = (shared.storage.clone(), name.clone(), holder.clone(), held.clone());
            async move {
                loop {
                    tokio::select! {
                        () = held.cancelled() => return,
                        () = tokio::time::sleep(LEASE_RENEW) => {}
                    }
                    match storage.lease(&name, &holder, LEASE_TTL).await {
                        Ok(Some(now)) if now == epoch => {}
                        Ok(_) => {
                            tracing::warn!("lease {name} went to another server; delivering stops here");
                            held.cancel();
                            return;
                        }
                        // Not renewed this time; it has LEASE_TTL to succeed before it expires.
                        Err(e) => tracing::warn!("cannot renew lease {name}: {e}"),
                    }
                }
            }
        });
        let fence = Change::Fence { lease: name.clone(), holder: holder.clone(), epoch };
        run(shared.clone(), session.clone(), held.clone(), Some(fence)).await;
        held.cancel();
        let _ = renewing.await;
        // Given up for others to take at once when nothing is left to deliver here (the webhook
        // went, the bot logged out, the server drains); a worker replaced by a new one on this
        // server (the webhook changed) keeps it: its successor takes it on as the same holder.
        let ended = session.webhook().is_none() || session.presence() != Presence::Active;
        if ended || shared.draining.is_cancelled() {
            let _ = shared.storage.release(&name, &holder).await;
        }
        if ended || stop.is_cancelled() {
            return;
        }
    }
}

/// Stops the bot's webhook worker, if any.
pub(crate) fn stop(session: &BotSession) {
    if let Some(token) = session.webhook_stop.lock().expect("webhook stop").take() {
        token.cancel();
    }
}

/// Where the bot's webhook certificate is kept: in its own directory, so it moves with the bot.
pub(crate) fn certificate_path(shared: &Shared, bot_id: i64) -> std::path::PathBuf {
    shared.bot_dir(bot_id).join(CERTIFICATE_FILE)
}

/// The client for `webhook`: its certificate (when set with one) and its fixed address.
async fn webhook_client(shared: &Shared, bot_id: i64, webhook: &Webhook) -> Result<HttpClient, String> {
    let trust = if webhook.certificate {
        let path = certificate_path(shared, bot_id);
        let bytes = tokio::fs::read(&path).await.map_err(|e| format!("{}: {e}", path.display()))?;
        Trust::Custom(Arc::new(CustomCertificate::parse(&bytes)?))
    } else {
        Trust::Public
    };
    let fixed = webhook.ip_address.as_deref().and_then(|ip| ip.parse().ok());
    Ok(client::client(&trust, fixed, &shared.outbound))
}

/// Delivers the bot's queue while it has a webhook; `fence` (a shared storage's lease) goes
/// with every removal from the queue.
async fn run(shared: Arc<Shared>, session: Arc<BotSession>, stop: CancellationToken, fence: Option<Change>) {
    let Some(first) = session.webhook() else { return };
    let client = match webhook_client(&shared, session.bot.id, &first).await {
        Ok(client) => client,
        Err(e) => {
            let message = format!("Can't create an SSL context: {e}");
            tracing::warn!("bot {}: webhook {}: {message}", session.bot.id, msg_core::redact(&first.url));
            let mut health = session.health.lock().expect("health");
            health.last_error_date = Some(now());
            health.last_error_message = Some(message);
            return;
        }
    };
    let mut deliveries = JoinSet::new();
    while let Some(webhook) = session.webhook() {
        // A changed webhook is another worker's (its changer starts one): this one's client
        // was made for `first`.
        if webhook != first || session.presence() != Presence::Active {
            break;
        }
        let changed = session.mailbox.notified();
        tokio::pin!(changed);
        changed.as_mut().enable();
        // A shared queue is read back each round (woken, or every RECHECK).
        let mut failed = false;
        if let Err(e) = session.mailbox.refresh(&shared.storage).await {
            tracing::warn!("bot {}: cannot read the queue back: {e}", session.bot.id);
            failed = true;
        }
        let in_flight = deliveries.len();
        let room = (webhook.max_connections as usize).saturating_sub(in_flight);
        let (batch, expired, short) = session.mailbox.take_for_delivery(room + in_flight, now());
        let dropped = !expired.is_empty();
        for update_id in expired {
            tracing::warn!("bot {}: drop update {update_id}: it expired before delivery", session.bot.id);
            let _ = session.mailbox.remove_fenced(&shared.storage, update_id, fence.clone()).await;
        }
        for update in batch {
            // Claimed here, not in the task: a task aborted before it first runs (the worker
            // stopping) still hands its update back.
            let claim = Claim { mailbox: session.mailbox.clone(), update };
            let task = deliver(
                shared.clone(),
                session.clone(),
                client.clone(),
                webhook.clone(),
                claim,
                stop.clone(),
                fence.clone(),
            );
            deliveries.spawn(task);
        }
        if dropped {
            // What the expired updates stood before may be deliverable now: look again at once
            // (each round removes what it found, so this ends).
            continue;
        }
        // It stopped at an update whose payload is on disk only (a long queue keeps the rest
        // there): read back what it would take, and take again at once if that brought any;
        // a failed read-back is tried again within a second.
        if short {
            match session.mailbox.fill(&shared.storage, None, room, now(), true).await {
                Ok(0) => {}
                Ok(_) => continue,
                Err(e) => {
                    tracing::warn!("bot {}: cannot read queued updates back: {e}", session.bot.id);
                    failed = true;
                }
            }
        }
        tokio::select! {
            () = stop.cancelled() => break,
            () = &mut changed => {}
            Some(_) = deliveries.join_next(), if !deliveries.is_empty() => {}
            () = tokio::time::sleep(std::time::Duration::from_secs(1)), if failed => {}
            () = tokio::time::sleep(msg_queue::RECHECK), if session.mailbox.shared() => {}
        }
    }
    deliveries.abort_all();
    session.health.lock().expect("health").active_connections = 0;
}

/// The outcome of one POST.
enum Attempt {
    /// A 2xx answer, with the method call its body carries (JSON, urlencoded or multipart).
    Delivered(Option<(Params, UploadDir)>),
    Failed {
        message: String,
        retry_after: Option<u64>,
    },
}

async fn post(shared: &Shared, client: &HttpClient, webhook: &Webhook, body: String) -> Attempt {
    let failed = |message: String| Attempt::Failed { message, retry_after: None };
    let Ok(uri) = webhook.url.parse::<hyper::Uri>() else { return failed("Bad webhook URL".into()) };
    let Some(request) = client::request_to(hyper::Method::POST, &uri) else { return failed("Bad webhook URL".into()) };
    let mut request = request.header(CONTENT_TYPE, "application/json").header("Accept-Encoding", "identity");
    if let Some(secret) = &webhook.secret_token {
        request = request.header("X-Telegram-Bot-Api-Secret-Token", secret);
    }
    let Ok(request) = request.body(Full::new(Bytes::from(body))) else { return failed("Bad webhook request".into()) };
    let response = match tokio::time::timeout(Duration::from_secs(60), client.request(request)).await {
        Err(_) => return failed("Webhook connection timed out".into()),
        Ok(Err(e)) => return failed(client::describe(&e)),
        Ok(Ok(r)) => r,
    };
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(|s| s.min(3600));
    if status.is_success() {
        return Attempt::Delivered(reply_call(shared, response).await);
    }
    let _ = response.into_body().collect().await;
    let reason = status.canonical_reason().unwrap_or("");
    Attempt::Failed { message: format!("Wrong response from the webhook: {} {reason}", status.as_u16()), retry_after }
}

/// The method call in a 2xx answer's body, read exactly as a request to `/bot<token>/<method>`
/// is (JSON, urlencoded or multipart with files); `None` when it carries none.
async fn reply_call(shared: &Shared, response: hyper::Response<hyper::body::Incoming>) -> Option<(Params, UploadDir)> {
    let (parts, body) = response.into_parts();
    let mut params = Params::new();
    let uploads = match crate::call::read_body(shared, &parts.headers, body, &mut params).await {
        Ok(uploads) => uploads,
        Err(e) => {
            tracing::warn!("a webhook reply could not be read, so its method call is not executed: {}", e.description);
            return None;
        }
    };
    params.get("method").is_some_and(|m| !m.is_empty()).then_some((params, uploads))
}

/// The reference's delay before attempt `n` (1-based count of failures so far).
fn backoff(failures: u32) -> Duration {
    if failures <= 1 {
        return Duration::ZERO;
    }
    let secs = 1u64 << (failures - 1).min(16);
    let cap = rand::random_range(60..=120);
    Duration::from_secs(secs.min(cap))
}

/// An update taken for delivery: however the delivery ends (delivered, given up, or its task
/// aborted when the webhook changes), dropping the claim hands the update back to the queue,
/// which does nothing once the update has been removed.
struct Claim {
    mailbox: Arc<msg_queue::Mailbox>,
    update: StoredUpdate,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.mailbox.release(self.update.update_id);
    }
}

/// A delivery's connection, counted in the bot's `active_connections` while it lives. The count
/// may be reset meanwhile (setWebhook, the worker stopping), so it never goes below zero, and an
/// aborted delivery still gives its connection back.
struct InUse<'a>(&'a BotSession);

impl<'a> InUse<'a> {
    fn new(session: &'a BotSession) -> Self {
        session.health.lock().expect("health").active_connections += 1;
        Self(session)
    }
}

impl Drop for InUse<'_> {
    fn drop(&mut self) {
        let mut health = self.0.health.lock().expect("health");
        health.active_connections = health.active_connections.saturating_sub(1);
    }
}

async fn deliver(
    shared: Arc<Shared>,
    session: Arc<BotSession>,
    client: HttpClient,
    webhook: Webhook,
    claim: Claim,
    stop: CancellationToken,
    fence: Option<Change>,
) {
    let update = &claim.update;
    let body = render(update, ",\n");
    if shared.config.validate
        && let Ok(value) = serde_json::from_str::<serde_json::Value>(&body)
        && let violations = msg_spec::spec().check("Update", &value, "update")
        && !violations.is_empty()
    {
        tracing::error!("spec violation: a webhook update: {}", violations.join("; "));
    }
    let mut failures = 0u32;
    loop {
        // The fault layer, for deliveries (matched by the update's kind as the method): a delay,
        // a receiver's error answer or a timeout recorded as such, without posting.
        let mut update_params = Params::new();
        update_params.push("update_id", update.update_id.to_string());
        update_params.push("kind", update.kind.clone());
        let fired =
            shared.faults.fire(crate::faults::Place::Webhook, session.bot.id, &update.kind, &update_params).await;
        if let Some(fired) = &fired
            && !fired.delay.is_zero()
        {
            tokio::select! {
                () = stop.cancelled() => return,
                () = tokio::time::sleep(fired.delay) => {}
            }
        }
        let started = std::time::Instant::now();
        let attempt = match fired.as_ref().map(|f| &f.action) {
            Some(crate::faults::Action::Error(e)) => {
                let reason = hyper::StatusCode::from_u16(e.code).ok().and_then(|c| c.canonical_reason()).unwrap_or("");
                let message = format!("Wrong response from the webhook: {} {reason}", e.code);
                Attempt::Failed { message, retry_after: e.retry_after.map(u64::from) }
            }
            Some(crate::faults::Action::Close) => {
                Attempt::Failed { message: "Webhook connection timed out".into(), retry_after: None }
            }
            _ => {
                let _in_use = InUse::new(&session);
                post(&shared, &client, &webhook, body.clone()).await
            }
        };
        if shared.calls.enabled() {
            let delivered = bytes::Bytes::from(msg_core::ok_body(&serde_json::json!("delivered"), None));
            let failed = match &attempt {
                Attempt::Failed { message, .. } => Some(msg_core::ApiError::new(0, message.clone())),
                Attempt::Delivered(_) => None,
            };
            shared.calls.record(crate::calls::Call {
                bot_id: session.bot.id,
                method: "webhook".to_owned(),
                params: update_params.clone(),
                status: if failed.is_some() { 0 } else { 200 },
                answer: failed.as_ref().map_or(Ok(&delivered), Err),
                started,
                duration: started.elapsed(),
                fault: fired.map(|f| f.rule),
            });
        }
        match attempt {
            Attempt::Delivered(reply) => {
                if let Err(e) = session.mailbox.remove_fenced(&shared.storage, update.update_id, fence).await {
                    tracing::error!("bot {}: cannot forget delivered update {}: {e}", session.bot.id, update.update_id);
                }
                shared.stats.record_updates(session.bot.id, 1);
                if let Some((params, uploads)) = reply {
                    // Its own task: stopping delivery (setWebhook) must not cut a call in half.
                    let (shared, bot) = (shared.clone(), session.bot.clone());
                    tokio::spawn(async move {
                        run_reply_method(&shared, &bot, params).await;
                        drop(uploads);
                    });
                }
                session.mailbox.wake();
                return;
            }
            Attempt::Failed { message, retry_after } => {
                failures += 1;
                {
                    let mut health = session.health.lock().expect("health");
                    health.last_error_date = Some(now());
                    health.last_error_message = Some(message.clone());
                }
                let delay = retry_after.map_or_else(|| backoff(failures), Duration::from_secs);
                if now() + delay.as_secs() as i64 > update.expires_at {
                    tracing::warn!("bot {}: drop update {}: {message}", session.bot.id, update.update_id);
                    let _ = session.mailbox.remove_fenced(&shared.storage, update.update_id, fence).await;
                    session.mailbox.wake();
                    return;
                }
                tracing::debug!("bot {}: webhook failed ({message}); retry in {delay:?}", session.bot.id);
                tokio::select! {
                    () = stop.cancelled() => return,
                    () = tokio::time::sleep(delay) => {}
                }
                if session.webhook().as_ref() != Some(&webhook) || session.presence() != Presence::Active {
                    return;
                }
            }
        }
    }
}

/// Executes the method call of a webhook reply as the bot, as the reference does: the result is
/// discarded; setWebhook, deleteWebhook, close, logOut and `get*` methods are refused. A call
/// that cannot be executed is logged.
async fn run_reply_method(shared: &Shared, bot: &Arc<msg_core::BotRecord>, params: Params) {
    let method = params.get("method").unwrap_or_default().to_owned();
    let lower = method.to_ascii_lowercase();
    if matches!(lower.as_str(), "setwebhook" | "deletewebhook" | "close" | "logout") || lower.starts_with("get") {
        tracing::warn!("bot {}: a webhook reply asked for {method}, which a webhook reply may not call", bot.id);
        return;
    }
    if let Err(e) = crate::call::invoke(shared, bot, method.clone(), params).await {
        tracing::warn!("bot {}: method {method} from a webhook reply failed: {}", bot.id, e.description);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A delivery task aborted before it ever ran (its worker stopped at once: the webhook
    /// changed) hands its update back, so the next worker delivers it.
    #[tokio::test(flavor = "current_thread")]
    async fn a_delivery_aborted_before_it_runs_hands_its_update_back() {
        let update = StoredUpdate {
            update_id: 7,
            kind: "message".into(),
            payload: "{}".into(),
            chat_key: 1,
            expires_at: i64::MAX,
        };
        let mailbox = msg_queue::Mailbox::new(msg_core::Owner::Bot(1), vec![update], 8, false);
        let (mut taken, _, _) = mailbox.take_for_delivery(10, 0);
        assert_eq!(taken.len(), 1);
        let mut deliveries = JoinSet::new();
        let claim = Claim { mailbox: mailbox.clone(), update: taken.remove(0) };
        deliveries.spawn(async move {
            let _claim = claim;
            std::future::pending::<()>().await;
        });
        assert!(mailbox.take_for_delivery(10, 0).0.is_empty(), "in flight while claimed");
        deliveries.abort_all();
        while deliveries.join_next().await.is_some() {}
        assert_eq!(mailbox.take_for_delivery(10, 0).0.len(), 1, "handed back");
    }

    #[test]
    fn backoff_follows_the_reference_schedule() {
        assert_eq!(backoff(1), Duration::ZERO);
        assert_eq!(backoff(2), Duration::from_secs(2));
        assert_eq!(backoff(3), Duration::from_secs(4));
        assert_eq!(backoff(6), Duration::from_secs(32));
        let capped = backoff(12).as_secs();
        assert!((60..=120).contains(&capped), "{capped}");
    }
}
