//! The HTTP front: accept loops for the API and statistics ports, one hyper HTTP/1.1 connection
//! per socket, graceful draining on shutdown, and the response helpers every route uses.

pub mod client;
pub mod request;

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::{CONNECTION, CONTENT_TYPE, HeaderValue, RETRY_AFTER};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use hyper_util::server::graceful::GracefulShutdown;
use msg_core::{ApiError, Reply};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// Response body type: buffered JSON, or a file streamed from disk.
pub type Body = UnsyncBoxBody<Bytes, std::io::Error>;

pub fn full(bytes: impl Into<Bytes>) -> Body {
    Full::new(bytes.into()).map_err(|never| match never {}).boxed_unsync()
}

fn json_response(status: u16, body: Vec<u8>) -> Response<Body> {
    let mut response = Response::new(full(body));
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(CONNECTION, HeaderValue::from_static("keep-alive"));
    response
}

/// `{"ok":true,"result":...}` with status 200.
pub fn ok_response(reply: &Reply) -> Response<Body> {
    json_response(200, msg_core::ok_body(&reply.result, reply.description.as_deref()))
}

/// The error envelope with status = `error_code` and `Retry-After` for 429s.
pub fn error_response(error: &ApiError) -> Response<Body> {
    let mut response = json_response(error.code, error.to_body());
    if let Some(n) = error.retry_after {
        response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(n));
    }
    response
}

/// A bare status with no body (the reference's reader-level errors, e.g. 501).
pub fn empty_response(status: StatusCode) -> Response<Body> {
    let mut response = Response::new(full(Bytes::new()));
    *response.status_mut() = status;
    response
}

/// A text or other non-JSON response.
pub fn typed_response(content_type: &str, body: impl Into<Bytes>) -> Response<Body> {
    let mut response = Response::new(full(body));
    if let Ok(value) = HeaderValue::from_str(content_type) {
        response.headers_mut().insert(CONTENT_TYPE, value);
    }
    response
}

/// Serves HTTP/1.1 on `listener` until `shutdown` fires, then waits for in-flight requests.
/// Returns an error only if accepting fails for good.
pub async fn serve<F, Fut>(listener: TcpListener, handle: F, shutdown: CancellationToken) -> std::io::Result<()>
where
    F: Fn(Request<Incoming>, SocketAddr) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Response<Body>> + Send + 'static,
{
    let graceful = GracefulShutdown::new();
    let mut consecutive_errors = 0u32;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = shutdown.cancelled() => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => {
                consecutive_errors = 0;
                pair
            }
            Err(e) => {
                // Out of file descriptors and the like: back off briefly, give up if it persists.
                consecutive_errors += 1;
                tracing::warn!("accept failed: {e}");
                if consecutive_errors > 100 {
                    return Err(e);
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let handle = handle.clone();
        let service = service_fn(move |req| {
            let fut = handle(req, peer);
            async move { Ok::<_, Infallible>(fut.await) }
        });
        let connection = http1::Builder::new().keep_alive(true).serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!("connection from {peer} ended: {e}");
            }
        });
    }
    graceful.shutdown().await;
    Ok(())
}
