//! `GET /file/bot<token>/<file_path>`: a bot's files, streamed with `Content-Length`,
//! `Content-Type`, `Accept-Ranges` and Range support (tower-http's `ServeFile`). Which file a path
//! names is the platform's answer ([`msg_core::PlatformService::file`]); anything it does not
//! know, and any bad token, is `404 Not Found`. Also a person's own files
//! (`GET /user<token>/file/<file_id>`), which the browser console shows.

use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use hyper::{Request, Response};
use msg_core::{ApiError, BotToken};
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::Shared;
use crate::http::{self, Body};

/// Read size per body frame: large frames keep per-frame costs low on big files.
const CHUNK: usize = 256 << 10;

/// Serves one download request.
pub async fn handle(shared: &Shared, token: &str, path: &str, req: Request<Incoming>) -> Response<Body> {
    let Ok(token) = BotToken::parse(token) else {
        return http::error_response(&ApiError::not_found());
    };
    let bot = match shared.bot(token.bot_id()).await {
        Ok(Some(bot)) if !bot.revoked && msg_core::same_secret(bot.secret.expose(), token.secret()) => bot,
        _ => return http::error_response(&ApiError::not_found()),
    };
    // The fault layer, for downloads: after the token check, before the file.
    let fired = shared.faults.fire(crate::faults::Place::Download, bot.id, path, &msg_core::Params::new()).await;
    if let Some(fired) = &fired {
        if !fired.delay.is_zero() {
            tokio::time::sleep(fired.delay).await;
        }
        match &fired.action {
            crate::faults::Action::Error(e) => return http::error_response(e),
            crate::faults::Action::Close => return http::abort_response(),
            crate::faults::Action::Truncate | crate::faults::Action::Delay => {}
        }
    }
    let Some(file) = shared.upstream.file(bot.id, path).await else {
        return http::error_response(&ApiError::not_found());
    };
    match ServeFile::new(file).with_buf_chunk_size(CHUNK).oneshot(req).await {
        Ok(response) => {
            let mut response = response.map(|body| body.boxed_unsync());
            never_run(response.headers_mut());
            if fired.is_some_and(|f| f.action == crate::faults::Action::Truncate) {
                return http::cut_short(response);
            }
            response
        }
        Err(never) => match never {},
    }
}

/// A file is never a page of this origin (where the console keeps its key): whatever its type,
/// a browser that opens it runs nothing of it with this origin's rights (`sandbox`) and does not
/// guess a type that would run (`nosniff`).
fn never_run(headers: &mut hyper::HeaderMap) {
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    headers.insert("content-security-policy", HeaderValue::from_static("sandbox; default-src 'none'"));
}

/// Serves one of a person's files by its `file_id` (the person's own: ids name their owner), with
/// its type; never as something a browser would run (`nosniff`, a sandboxing CSP).
pub async fn person(shared: &Shared, token: &str, file_id: &str, req: Request<Incoming>) -> Response<Body> {
    let Some((file, mime)) = shared.upstream.user_file(token, file_id).await else {
        return http::error_response(&ApiError::not_found());
    };
    match ServeFile::new(file).with_buf_chunk_size(CHUNK).oneshot(req).await {
        Ok(response) => {
            let mut response = response.map(|body| body.boxed_unsync());
            let headers = response.headers_mut();
            if let Ok(value) = HeaderValue::from_str(&mime) {
                headers.insert(CONTENT_TYPE, value);
            }
            never_run(headers);
            headers.insert(CACHE_CONTROL, HeaderValue::from_static("private, max-age=86400, immutable"));
            response
        }
        Err(never) => match never {},
    }
}
