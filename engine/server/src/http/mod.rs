//! The HTTP front: accept loops for the API and statistics ports, one hyper HTTP/1.1 connection
//! per socket, graceful draining on shutdown, and the response helpers every route uses.

pub mod conn;
pub mod request;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::task::Poll;
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
    let frames = then_cut(futures_util::stream::iter([Ok(hyper::body::Frame::data(half))]));
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
    let half = length / 2;
    response.map(|body| {
        let kept = futures_util::StreamExt::scan(http_body_util::BodyStream::new(body), half, |left, frame| {
            let kept = match frame {
                Ok(frame) => match frame.into_data() {
                    Ok(_) if *left == 0 => None,
                    Ok(data) => {
                        let keep = (data.len() as u64).min(*left);
                        *left -= keep;
                        Some(Ok(hyper::body::Frame::data(data.slice(0..keep as usize))))
                    }
                    Err(frame) => Some(Ok(frame)),
                },
                Err(e) => Some(Err(e)),
            };
            std::future::ready(kept)
        });
        http_body_util::StreamBody::new(then_cut(kept)).boxed_unsync()
    })
}

/// The frames of `kept`, then the connection cut (a fault's "truncate"). The error comes one
/// poll after the last kept frame: hyper writes out what it has buffered when the body has
/// nothing ready, and drops it unsent when the body fails in the same poll.
fn then_cut<S>(kept: S) -> impl futures_util::Stream<Item = Result<hyper::body::Frame<Bytes>, std::io::Error>>
where
    S: futures_util::Stream<Item = Result<hyper::body::Frame<Bytes>, std::io::Error>>,
{
    futures_util::StreamExt::chain(
        kept,
        futures_util::stream::once(async {
            tokio::task::yield_now().await;
            Err(std::io::Error::new(std::io::ErrorKind::ConnectionAborted, "cut short (fault)"))
        }),
    )
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
    let occupancy = Arc::new(conn::Occupancy::default());
    let connections = Arc::new(conn::Connections::default());
    let sweeper = tokio::spawn(connections.clone().sweep(limits));
    let mut reserve = reserve_descriptor();
    let mut exhausted = conn::Throttled::new(Duration::from_secs(10));
    let mut shed = conn::Throttled::new(Duration::from_secs(10));
    loop {
        // Taken back when a shed let another descriptor user (a database, a client of ours)
        // have it first.
        if reserve.is_none() {
            reserve = reserve_descriptor();
        }
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
        connections.add(&activity);
        tokio::spawn(async move {
            let _slot = slot;
            let mut connection = std::pin::pin!(connection);
            let mut draining = false;
            // The connection, and what its activity is told (see `conn`): nothing else is polled.
            let ended = std::future::poll_fn(|cx| {
                match activity.ending(cx.waker()) {
                    conn::Ending::Overdue(reason) => return Poll::Ready(Err(reason)),
                    conn::Ending::Drain if !draining => {
                        draining = true;
                        connection.as_mut().graceful_shutdown();
                    }
                    conn::Ending::Drain | conn::Ending::Serve => {}
                }
                connection.as_mut().poll(cx).map(Ok)
            })
            .await;
            match ended {
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::debug!("connection from {peer} ended: {e}"),
                Err(reason) => tracing::debug!("closing the connection from {peer}: {reason}"),
            }
        });
    }
    // Each connection finishes the request it is serving, then closes; the bounds still apply.
    connections.drain();
    occupancy.emptied().await;
    sweeper.abort();
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};
    use tokio::sync::Notify;

    use super::*;

    async fn read_answer(stream: &mut TcpStream) -> String {
        let mut answer = Vec::new();
        let mut buf = [0u8; 1024];
        while !answer.ends_with(b"done") {
            let n = stream.read(&mut buf).await.unwrap();
            assert!(n > 0, "closed before the answer: {}", String::from_utf8_lossy(&answer));
            answer.extend_from_slice(&buf[..n]);
        }
        String::from_utf8(answer).unwrap()
    }

    #[tokio::test]
    async fn a_drain_lets_the_request_in_progress_finish_and_closes_the_idle_connections() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let release = Arc::new(Notify::new());
        let started = Arc::new(Notify::new());
        let (release2, started2) = (release.clone(), started.clone());
        let handle = move |req: Request<Incoming>, _peer| {
            let (release, started) = (release2.clone(), started2.clone());
            async move {
                if req.uri().path() == "/slow" {
                    started.notify_one();
                    release.notified().await;
                }
                typed_response("text/plain", "done")
            }
        };
        let shutdown = CancellationToken::new();
        let mut served = tokio::spawn(serve(listener, handle, ConnectionLimits::default(), shutdown.clone()));

        let mut idle = TcpStream::connect(addr).await.unwrap();
        idle.write_all(b"GET /quick HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
        assert!(read_answer(&mut idle).await.starts_with("HTTP/1.1 200"));
        let mut busy = TcpStream::connect(addr).await.unwrap();
        busy.write_all(b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
        started.notified().await;

        shutdown.cancel();
        // The idle connection is closed; the server waits for the request in progress.
        let mut rest = Vec::new();
        let closed = tokio::time::timeout(Duration::from_secs(5), idle.read_to_end(&mut rest)).await;
        assert!(matches!(closed, Ok(Ok(0))), "{closed:?}");
        assert!(tokio::time::timeout(Duration::from_millis(200), &mut served).await.is_err(), "returned too early");
        release.notify_one();
        assert!(read_answer(&mut busy).await.starts_with("HTTP/1.1 200"));
        tokio::time::timeout(Duration::from_secs(5), served).await.unwrap().unwrap().unwrap();
    }

    #[tokio::test]
    async fn a_connection_that_never_sends_its_head_is_closed_by_the_sweeper() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let limits = ConnectionLimits { header_timeout: Duration::from_millis(100), ..ConnectionLimits::default() };
        let handle = |_req: Request<Incoming>, _peer| async { typed_response("text/plain", "done") };
        tokio::spawn(serve(listener, handle, limits, CancellationToken::new()));

        let mut silent = TcpStream::connect(addr).await.unwrap();
        let begun = tokio::time::Instant::now();
        let mut rest = Vec::new();
        let closed = tokio::time::timeout(Duration::from_secs(5), silent.read_to_end(&mut rest)).await;
        assert!(matches!(closed, Ok(Ok(0))), "{closed:?}");
        // The bound, and at most a sweep (a quarter of it) after it.
        let waited = begun.elapsed();
        assert!(waited >= Duration::from_millis(100) && waited < Duration::from_millis(1000), "{waited:?}");
    }
}
