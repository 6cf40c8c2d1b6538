//! The HTTP front: accept loops for the API and statistics ports, one hyper HTTP/1.1 connection
//! per socket, graceful draining on shutdown, and the response helpers every route uses.

pub mod conn;
pub mod request;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
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

use self::conn::ConnectionLimits;

/// Response body type: buffered JSON, or a file streamed from disk.
pub type Body = UnsyncBoxBody<Bytes, std::io::Error>;

pub fn full(bytes: impl Into<Bytes>) -> Body {
    Full::new(bytes.into()).map_err(|never| match never {}).boxed_unsync()
}

fn json_response(status: u16, body: impl Into<Bytes>) -> Response<Body> {
    let mut response = Response::new(full(body));
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(CONNECTION, HeaderValue::from_static("keep-alive"));
    response
}

/// `{"ok":true,"result":...}` with status 200.
pub fn ok_response(reply: &Reply) -> Response<Body> {
    json_response(200, reply.to_body())
}

/// An answer's body already made (`{"ok":true,…}`), with status 200: shared with the call log.
pub fn ok_body_response(body: Bytes) -> Response<Body> {
    json_response(200, body)
}

/// The error envelope with status = `error_code` and `Retry-After` for 429s. A 413 closes the
/// connection, as the reference does after a refused request body (it may not have been read).
pub fn error_response(error: &ApiError) -> Response<Body> {
    let mut response = json_response(error.code, error.to_body());
    if let Some(n) = error.retry_after {
        response.headers_mut().insert(RETRY_AFTER, HeaderValue::from(n));
    }
    if error.code == 413 {
        response.headers_mut().insert(CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// Marks a response that must not be sent: the connection is closed instead (a fault rule's
/// "close", as a network failure would).
#[derive(Debug, Clone, Copy)]
pub struct Abort;

/// The connection closed without an answer (see [`Abort`]).
pub fn abort_response() -> Response<Body> {
    let mut response = Response::new(full(Bytes::new()));
    response.extensions_mut().insert(Abort);
    response
}

/// An answer cut short: the headers promise the whole `{"ok":true,…}` body, half of it is sent,
/// and the connection closes (a fault rule's "truncate").
pub fn truncated_response(reply: &Reply) -> Response<Body> {
    let body = reply.to_body();
    let half = Bytes::from(body[..body.len() / 2].to_vec());
    let frames = futures_util::stream::iter([
        Ok(hyper::body::Frame::data(half)),
        Err(std::io::Error::new(std::io::ErrorKind::ConnectionAborted, "the answer is cut short (fault)")),
    ]);
    let mut response = Response::new(http_body_util::StreamBody::new(frames).boxed_unsync());
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(hyper::header::CONTENT_LENGTH, HeaderValue::from(body.len()));
    response
}

/// `response` with its body cut after half its length (by `Content-Length`) and the connection
/// closed there: a download's "truncate" fault.
pub fn cut_short(response: Response<Body>) -> Response<Body> {
    let length = response
        .headers()
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    let mut left = length / 2;
    response.map(|body| {
        let frames = http_body_util::BodyStream::new(body);
        let cut = futures_util::StreamExt::flat_map(frames, move |frame| {
            let out: Vec<Result<hyper::body::Frame<Bytes>, std::io::Error>> = match frame {
                Ok(frame) => match frame.into_data() {
                    Ok(_) if left == 0 => {
                        vec![Err(std::io::Error::new(std::io::ErrorKind::ConnectionAborted, "cut short (fault)"))]
                    }
                    Ok(data) => {
                        let keep = (data.len() as u64).min(left);
                        left -= keep;
                        let mut out = vec![Ok(hyper::body::Frame::data(data.slice(0..keep as usize)))];
                        if left == 0 {
                            out.push(Err(std::io::Error::new(
                                std::io::ErrorKind::ConnectionAborted,
                                "cut short (fault)",
                            )));
                        }
                        out
                    }
                    Err(frame) => vec![Ok(frame)],
                },
                Err(e) => vec![Err(e)],
            };
            futures_util::stream::iter(out)
        });
        http_body_util::StreamBody::new(cut).boxed_unsync()
    })
}

/// The error a service returns to make hyper close a connection without a response.
#[derive(Debug)]
struct Aborted;

impl std::fmt::Display for Aborted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("closed without an answer (fault rule)")
    }
}

impl std::error::Error for Aborted {}

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
///
/// Accepting never fails for good: out of file descriptors (`EMFILE`), the loop sheds the newest
/// pending connection through a reserved descriptor, backs off briefly and goes on serving the
/// connections it has; past `limits.max_connections` the newest are closed at once. Each
/// connection is reaped by the bounds in [`conn`]. Clients may half-close after a complete
/// request and still get the answer.
pub async fn serve<F, Fut>(
    listener: TcpListener,
    handle: F,
    limits: ConnectionLimits,
    shutdown: CancellationToken,
) -> std::io::Result<()>
where
    F: Fn(Request<Incoming>, SocketAddr) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Response<Body>> + Send + 'static,
{
    let graceful = GracefulShutdown::new();
    let occupancy = Arc::new(conn::Occupancy::default());
    let mut reserve = reserve_descriptor();
    let mut exhausted = conn::Throttled::new(Duration::from_secs(10));
    let mut shed = conn::Throttled::new(Duration::from_secs(10));
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = shutdown.cancelled() => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(e) if is_out_of_descriptors(&e) => {
                // The pending connection would wait in the backlog until a descriptor frees up;
                // give up the reserved one to accept it and close it at once instead.
                exhausted.warn(format_args!(
                    "accept failed: {e}; closing the newest connections until descriptors free up ({} open)",
                    occupancy.count()
                ));
                drop(reserve.take());
                if let Ok((newest, _)) = listener.accept().await {
                    drop(newest);
                }
                reserve = reserve_descriptor();
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
            Err(e) => {
                // Aborted handshakes and the like concern one connection only.
                tracing::debug!("accept failed: {e}");
                continue;
            }
        };
        let Some(slot) = occupancy.enter(limits.max_connections) else {
            shed.warn(format_args!(
                "{} connections are open, the most allowed; closing new ones (raise the open-file limit to allow more)",
                limits.max_connections
            ));
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let activity = conn::Activity::new();
        let handle = handle.clone();
        let requests = activity.clone();
        let service = service_fn(move |mut req: Request<Incoming>| {
            let guard = requests.request();
            // Only a request with a body has one to watch (no extension map for the rest: getMe).
            if !hyper::body::Body::is_end_stream(req.body()) {
                req.extensions_mut().insert(conn::BodyWatch(requests.clone()));
            }
            let fut = handle(req, peer);
            async move {
                let response = fut.await;
                drop(guard);
                if response.extensions().get::<Abort>().is_some() {
                    return Err(Aborted);
                }
                Ok(response)
            }
        });
        let io = TokioIo::new(conn::Tracked::new(stream, activity.clone()));
        let connection = http1::Builder::new().keep_alive(true).half_close(true).serve_connection(io, service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _slot = slot;
            tokio::select! {
                ended = connection => if let Err(e) = ended {
                    tracing::debug!("connection from {peer} ended: {e}");
                },
                reason = activity.expired(limits) => tracing::debug!("closing the connection from {peer}: {reason}"),
            }
        });
    }
    graceful.shutdown().await;
    Ok(())
}

/// A descriptor held in reserve, given up to shed a connection when none are left.
fn reserve_descriptor() -> Option<std::fs::File> {
    std::fs::File::open("/dev/null").ok()
}

fn is_out_of_descriptors(e: &std::io::Error) -> bool {
    // EMFILE (24): this process's limit; ENFILE (23): the system's.
    matches!(e.raw_os_error(), Some(23 | 24))
}
