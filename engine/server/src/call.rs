//! Running a request's method: reading its parameters ([`read_params`]), running its handler to
//! completion whatever happens to the request ([`detached`]), and calling a registered method
//! with the schema check and panic containment ([`invoke`]). Used by the HTTP dispatch, the
//! user-side API and webhook replies alike; not here: routing and authentication.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures_util::FutureExt;
use hyper::Request;
use hyper::body::Incoming;
use hyper::header::HeaderMap;
use msg_core::{ApiError, BotRecord, MethodCall, MethodContext, Params, Reply};

use crate::Shared;
use crate::http::request::{self, UploadDir};

/// Parameters of a request: the query string, then the body.
pub(crate) async fn read_params(shared: &Shared, req: Request<Incoming>) -> Result<(Params, UploadDir), ApiError> {
    let (parts, body) = req.into_parts();
    let mut params = Params::new();
    if let Some(query) = parts.uri.query() {
        request::parse_urlencoded(query.as_bytes(), &mut params);
    }
    // While the body is read, the connection must keep bringing it (`--http-body-timeout`).
    let _reading = parts.extensions.get::<crate::http::conn::BodyWatch>().map(|watch| watch.0.reading_body());
    let uploads = read_body(shared, &parts.headers, body, &mut params).await?;
    Ok((params, uploads))
}

/// A body (a request's, or a webhook reply's) into `params`, with the server's limits; its
/// uploaded files live as long as the returned directory.
pub(crate) async fn read_body(
    shared: &Shared,
    headers: &HeaderMap,
    body: Incoming,
    params: &mut Params,
) -> Result<UploadDir, ApiError> {
    let uploads = UploadDir::default();
    // Most calls (getMe, a getUpdates by query string) bring no body at all (a typed empty one,
    // say multipart, is read as before).
    if hyper::body::Body::is_end_stream(&body) && !headers.contains_key(hyper::header::CONTENT_TYPE) {
        return Ok(uploads);
    }
    let max_file = msg_core::limits::max_upload(shared.config.local);
    request::check_content_length(headers, max_file)?;
    request::read_body(headers, body, params, &uploads, &shared.config.temp_dir, max_file).await?;
    Ok(uploads)
}

/// Runs `work` as a task of its own and waits for it.
///
/// Cancellation safety: hyper drops a request's future when its client goes away, so code after
/// any `.await` in a handler might never run. A handler's state changes span many awaits (a
/// message is stored, then fanned out to several queues), so every request runs its handler
/// through this: the spawned task finishes whatever happens to the request, and the request
/// only waits for its answer. A panic in the task becomes a 500 for this request.
pub(crate) async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::spawn(work).await {
        Ok(result) => result,
        Err(e) => {
            tracing::error!("a request's task failed: {e}");
            Err(ApiError::internal("method handler failed"))
        }
    }
}

/// Runs a registered method for `bot`; a panicking handler becomes a 500 for this call only.
pub(crate) async fn invoke(
    shared: &Shared,
    bot: &Arc<BotRecord>,
    method: String,
    params: Params,
) -> Result<Reply, ApiError> {
    let entry = shared.registry.method(&method).ok_or_else(ApiError::method_not_found)?;
    let ctx = MethodContext::new(bot.id, bot.username.clone(), shared.host()).with_bot(bot.clone());
    let call = MethodCall::new(method, params, ctx);
    match AssertUnwindSafe(entry.handler.call(call)).catch_unwind().await {
        Ok(result) => {
            // Only the built-in methods answer for the server; a plugin's results are its own.
            if shared.config.validate
                && entry.plugin == "builtin"
                && let Ok(reply) = &result
                && let Some(Err(violations)) = msg_spec::spec().check_result(&entry.name, &reply.value())
            {
                tracing::error!("spec violation: the result of {}: {}", entry.name, violations.join("; "));
            }
            result
        }
        Err(panic) => {
            let message = msg_core::panic_message(&*panic);
            tracing::error!("method {} of plugin {} panicked: {message}", entry.name, entry.plugin);
            Err(ApiError::internal("method handler failed"))
        }
    }
}
