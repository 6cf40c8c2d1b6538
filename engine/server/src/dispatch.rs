//! From a routed request to a method call and back: token checks in the reference's order,
//! `--filter`, parameter decoding, bot authentication, registry lookup, and panics contained per
//! request. The stats port's handler is here too.

use std::net::SocketAddr;
use std::sync::{Arc, Weak};

use futures_util::FutureExt;
use http_body_util::BodyExt;
use hyper::body::{Body as _, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use msg_core::{ApiError, BotRecord, BotToken, Params, Phase, Reply};
use serde_json::json;

use crate::Shared;
use crate::http::request::{self, Route};
use crate::http::{self, Body};

/// Every request to the Bot API port.
pub(crate) async fn handle_api(shared: Arc<Shared>, req: Request<Incoming>, peer: SocketAddr) -> Response<Body> {
    let size = req.body().size_hint().exact().unwrap_or(0);
    let _active = shared.stats.begin_request(size);
    let response = route(&shared, req, peer).await;
    let bytes = response.body().size_hint().exact().unwrap_or(0);
    shared.stats.record_response(response.status() == StatusCode::OK, bytes);
    response
}

/// Each route's work is boxed: hyper keeps a request's future in its connection's state and
/// moves it there, so this one stays a few words long instead of the largest route's size
/// (kilobytes copied on every request cost more than one allocation).
async fn route(shared: &Arc<Shared>, req: Request<Incoming>, _peer: SocketAddr) -> Response<Body> {
    if req.method() == Method::HEAD {
        // The console's page and files answer HEAD as GET (hyper sends no body); the Bot API,
        // as the reference, answers only GET and POST.
        return match request::route(req.uri().path()) {
            Route::Console { path } => crate::console::asset(shared, &path, req.headers()),
            _ => http::empty_response(StatusCode::NOT_IMPLEMENTED),
        };
    }
    if req.method() != Method::GET && req.method() != Method::POST {
        return http::empty_response(StatusCode::NOT_IMPLEMENTED);
    }
    match request::route(req.uri().path()) {
        Route::Root => {
            let result = json!({
                "server": msg_core::SERVER_NAME,
                "version": msg_core::SERVER_VERSION,
                "bot_api_version": msg_core::BOT_API_VERSION,
                "phase": shared.phase.get().as_str(),
                "uptime": shared.stats.uptime().floor(),
            });
            http::ok_response(&result.into())
        }
        Route::Bot { token, method } => match Box::pin(bot_request(shared, &token, method, req)).await {
            Ok(Outcome::Answer(body)) => http::ok_body_response(body),
            Ok(Outcome::Close) => http::abort_response(),
            Ok(Outcome::Truncate) => http::truncated_response(&json!(true).into()),
            Err(e) => http::error_response(&e),
        },
        Route::User { token, method } if method == "stream" => {
            Box::pin(crate::stream::handle(shared, token, req)).await
        }
        Route::User { token, method } if method.starts_with("file/") => {
            Box::pin(crate::files::person(shared, &token, &method["file/".len()..], req)).await
        }
        Route::User { token, method } => match Box::pin(user_request(shared, token, method, req)).await {
            Ok(reply) => http::ok_response(&reply),
            Err(e) => http::error_response(&e),
        },
        Route::Console { path } => crate::console::asset(shared, &path, req.headers()),
        Route::Operator { method } => Box::pin(crate::console::operator(shared, method, req)).await,
        Route::File { token, path } => Box::pin(crate::files::handle(shared, &token, &path, req)).await,
        Route::NotFound => http::error_response(&ApiError::not_found()),
    }
}

/// What a Bot API call comes to: an answer, or (a fault rule's) a connection closed without one
/// or an answer cut short. In every case but the answer, the method did not run.
pub(crate) enum Outcome {
    /// The answer's body, made once: shared with the call log, which keeps it as it was sent.
    Answer(bytes::Bytes),
    Close,
    Truncate,
}

async fn bot_request(
    shared: &Arc<Shared>,
    token: &str,
    method: String,
    req: Request<Incoming>,
) -> Result<Outcome, ApiError> {
    let token = BotToken::parse(token)?;
    if let Some((remainder, modulo)) = shared.config.filter
        && token.bot_id().unsigned_abs() % modulo != remainder
    {
        return Err(ApiError::unallowed_token());
    }
    let (params, uploads) = crate::call::read_params(shared, req).await?;
    let method = if method.is_empty() { params.get("method").unwrap_or_default().to_owned() } else { method };
    // A method that may change state runs to its end even if the client goes away (a task of
    // its own); one that only reads runs here. What runs before it (authentication, a logged-out
    // bot's return) is idempotent: cut short, the next request does it again.
    let read_only = shared.registry.method(&method).is_some_and(|e| !e.handler.changes_state());
    if !read_only {
        let shared = shared.clone();
        return crate::call::detached(async move { call_bot(&shared, token, method, params, uploads).await }).await;
    }
    // As in a task of its own, a panic answers 500 for this request only. (No clone of the
    // shared state here: its count is written by every request on every core.)
    let call = Box::pin(call_bot(shared, token, method, params, uploads));
    match std::panic::AssertUnwindSafe(call).catch_unwind().await {
        Ok(reply) => reply,
        Err(_) => Err(ApiError::internal("method handler failed")),
    }
}

/// A Bot API call once its parameters are read: authentication, presence, the fault layer, the
/// method, the call log.
async fn call_bot(
    shared: &Arc<Shared>,
    token: BotToken,
    method: String,
    params: Params,
    uploads: crate::http::request::UploadDir,
) -> Result<Outcome, ApiError> {
    let bot = authenticate(shared, &token, &method).await?;
    shared.stats.record_bot_request(bot.id, &bot.username);
    check_presence(shared, &bot).await?;
    // The call log's copy of the call (and when it began), taken only while the log is on.
    let logged = shared.calls.enabled().then(|| (std::time::Instant::now(), method.clone(), params.clone()));
    // The fault layer: after the token check, before the method (unrouted ones too).
    let fired = shared.faults.fire(crate::faults::Place::Call, bot.id, &method, &params).await;
    if let Some(fired) = &fired
        && !fired.delay.is_zero()
    {
        tokio::time::sleep(fired.delay).await;
    }
    let (result, status) = match fired.as_ref().map(|f| &f.action) {
        Some(crate::faults::Action::Error(e)) => (Err(e.clone()), e.code),
        Some(crate::faults::Action::Close) => (Ok(Outcome::Close), 0),
        Some(crate::faults::Action::Truncate) => (Ok(Outcome::Truncate), 200),
        Some(crate::faults::Action::Delay) | None => {
            let reply = crate::call::invoke(shared, &bot, method, params).await;
            let status = reply.as_ref().map_or_else(|e| e.code, |_| 200);
            let body = reply.map(|r| Outcome::Answer(r.to_body().into()));
            (body, status)
        }
    };
    drop(uploads);
    if let Some((started, method, params)) = logged {
        let closed = ApiError::new(0, "the connection was closed without an answer (fault)");
        let cut_short: bytes::Bytes;
        let answer = match &result {
            // Borrowed: the log copies what it keeps (a clone shared with the response would
            // cost its count's writes and a later drop).
            Ok(Outcome::Answer(body)) => Ok(body),
            Ok(Outcome::Close) => Err(&closed),
            Ok(Outcome::Truncate) => {
                cut_short = msg_core::ok_body(&json!("the answer was cut short (fault)"), None).into();
                Ok(&cut_short)
            }
            Err(e) => Err(e),
        };
        shared.calls.record(crate::calls::Call {
            bot_id: bot.id,
            method,
            params,
            status,
            answer,
            started,
            duration: started.elapsed(),
            fault: fired.map(|f| f.rule),
        });
    }
    result
}

/// The people's side, `/user<token>/<method>`: parameters decoded here, then the platform's
/// answer, computed in a task of its own (cancellation safety: see `call::detached`).
async fn user_request(
    shared: &Arc<Shared>,
    token: String,
    method: String,
    req: Request<Incoming>,
) -> Result<Reply, ApiError> {
    let (params, uploads) = crate::call::read_params(shared, req).await?;
    let serving = shared.phase.get() == Phase::Ready;
    let platform = shared.upstream.clone();
    crate::call::detached(async move {
        let reply = platform.user_request(&token, &method, params, serving).await;
        drop(uploads);
        reply
    })
    .await
}

/// A logged-out bot answers `400 Logged out` until the cool-down ends; then it is usable again.
async fn check_presence(shared: &Shared, bot: &Arc<BotRecord>) -> Result<(), ApiError> {
    if shared.sessions.presence(bot.id) == Some(crate::sessions::session::Presence::Active) {
        return Ok(());
    }
    let session = shared.sessions.session(bot).await?;
    if let crate::sessions::session::Presence::LoggedOut { at } = session.presence() {
        if msg_core::storage::now_unix() - at < crate::LOGOUT_COOLDOWN_SECS {
            return Err(ApiError::new(400, "Logged out"));
        }
        shared
            .storage
            .apply(vec![msg_core::Change::BotSetting { bot_id: bot.id, key: "logged_out".into(), value: None }])
            .await
            .map_err(msg_core::StorageError::into_api_error)?;
        session.set_presence(crate::sessions::session::Presence::Active);
        if session.webhook().is_some() {
            crate::webhook::start(&shared.self_arc(), &session);
        }
    }
    Ok(())
}

async fn authenticate(shared: &Shared, token: &BotToken, method: &str) -> Result<Arc<BotRecord>, ApiError> {
    let bot = shared.bot(token.bot_id()).await.map_err(|e| {
        tracing::error!("cannot load bot {}: {e}", token.bot_id());
        ApiError::internal("failed to load the bot")
    })?;
    match bot {
        Some(bot) if !bot.revoked && msg_core::same_secret(bot.secret.expose(), token.secret()) => Ok(bot),
        _ if method.eq_ignore_ascii_case("close") => Err(ApiError::bad_request("the bot has already been closed")),
        _ => Err(ApiError::unauthorized()),
    }
}

/// The [`msg_core::Host`] handed to method handlers.
pub(crate) struct EngineHost(pub Weak<Shared>);

#[async_trait::async_trait]
impl msg_core::Host for EngineHost {
    fn local_mode(&self) -> bool {
        self.0.upgrade().is_some_and(|s| s.config.local)
    }

    async fn call_method(&self, bot_id: i64, method: &str, params: Params) -> Result<serde_json::Value, ApiError> {
        let shared = self.0.upgrade().ok_or_else(|| ApiError::internal("restart"))?;
        let bot = shared.bot(bot_id).await.ok().flatten().ok_or_else(ApiError::unauthorized)?;
        match method {
            msg_core::method::HOST_GET_BOT_DATA | msg_core::method::HOST_SET_BOT_DATA => {
                bot_data(&shared, bot.id, method, &params).await
            }
            _ => crate::call::invoke(&shared, &bot, method.to_owned(), params).await.map(Reply::into_value),
        }
    }
}

/// Extension data kept per bot, as `data:<key>` settings in the bot's own storage.
async fn bot_data(shared: &Shared, bot_id: i64, method: &str, params: &Params) -> Result<serde_json::Value, ApiError> {
    let key = format!("data:{}", params.required("key")?);
    if method == msg_core::method::HOST_SET_BOT_DATA {
        let value = params.get("value").map(str::to_owned);
        let change = msg_core::Change::BotSetting { bot_id, key, value };
        shared.storage.apply(vec![change]).await.map_err(msg_core::StorageError::into_api_error)?;
        return Ok(serde_json::Value::Bool(true));
    }
    let value = shared.storage.load_bot_setting(bot_id, &key).await.map_err(msg_core::StorageError::into_api_error)?;
    Ok(value.map_or(serde_json::Value::Null, serde_json::Value::from))
}

/// Every request to the statistics port: the path picks the exporter, `?id=` filters bots.
pub(crate) async fn handle_stats(shared: Arc<Shared>, req: Request<Incoming>) -> Response<Body> {
    let (parts, body) = req.into_parts();
    let _ = body.collect().await;
    if shared.phase.get() == Phase::Draining {
        return http::typed_response("text/plain", "Closing");
    }
    let filter = parts
        .uri
        .query()
        .and_then(|q| form_urlencoded::parse(q.as_bytes()).find(|(k, _)| k == "id").map(|(_, v)| v.into_owned()));
    let Some(exporter) = shared.registry.exporter(parts.uri.path()) else {
        return http::empty_response(StatusCode::NOT_FOUND);
    };
    let sessions: std::collections::HashMap<i64, _> =
        shared.sessions.sessions().await.into_iter().map(|s| (s.bot.id, s)).collect();
    let mut disk = std::collections::HashMap::new();
    for id in sessions.keys() {
        disk.insert(*id, shared.disk_usage(*id).await);
    }
    let mut snapshot = shared.stats.snapshot(shared.known_bot_count(), |id| match sessions.get(&id) {
        Some(session) => {
            let webhook = session.webhook();
            crate::stats::BotExtras {
                webhook_max_connections: webhook.as_ref().map(|w| w.max_connections),
                webhook_has_custom_certificate: webhook.as_ref().is_some_and(|w| w.certificate),
                webhook: webhook.map(|w| w.url),
                head_update_id: session.mailbox.head().unwrap_or_else(|| session.mailbox.next_id()),
                pending_update_count: session.mailbox.pending(),
                disk_usage_bytes: disk.get(&id).copied().flatten(),
            }
        }
        None => crate::stats::BotExtras::default(),
    });
    snapshot.storage = shared.storage.activity();
    if shared.storage.shared() {
        let instances = shared.deployment.read().expect("deployment").clone();
        let leases = shared.storage.leases().await.unwrap_or_else(|e| {
            tracing::warn!("the stats page cannot read the leases: {e}");
            Vec::new()
        });
        snapshot.deployment = Some(msg_core::DeploymentStats::new(shared.instance.clone(), instances, leases));
    }
    snapshot.active_webhook_connections =
        sessions.values().map(|s| u64::from(s.health.lock().expect("health").active_connections)).sum();
    http::typed_response(exporter.content_type(), exporter.render(&snapshot, filter.as_deref()))
}
