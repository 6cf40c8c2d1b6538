//! The liveness probe: `GET /` over HTTP/1.1 with a deadline. The supervisor polls it through a
//! [`Prober`] until the engine answers, then checks it periodically through the same one, which
//! keeps the connection of the readiness check open from then on (a server whose descriptors
//! are all taken by clients still answers on it); `msg-bot-api healthcheck` runs the probe once
//! for containers.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use http_body_util::Empty;
use hyper::Request;
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

/// Where to reach a listener bound to `addr` from this host (wildcards become loopback).
pub fn local_target(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => SocketAddr::new(Ipv4Addr::LOCALHOST.into(), addr.port()),
        IpAddr::V6(ip) if ip.is_unspecified() => SocketAddr::new(Ipv6Addr::LOCALHOST.into(), addr.port()),
        _ => addr,
    }
}

/// Why a periodic check failed.
#[derive(Debug)]
pub enum CheckError {
    /// No connection could be made (or kept), or a new one was never answered: the engine may
    /// be out of descriptors (a connection it cannot accept waits in the listen backlog).
    Unreachable(String),
    /// A connection was there and `GET /` did not answer 200 in time.
    Unhealthy(String),
}

/// Periodic checks on one kept-alive connection, reconnecting when it is gone.
pub struct Prober {
    target: SocketAddr,
    sender: Option<SendRequest<Empty<Bytes>>>,
}

impl Prober {
    pub fn new(target: SocketAddr) -> Self {
        Self { target, sender: None }
    }

    /// `GET /` on the kept connection (or a new one), within `deadline`.
    pub async fn check(&mut self, deadline: Duration) -> Result<(), CheckError> {
        let target = self.target;
        let mut fresh = false;
        let attempt = async {
            let alive = match self.sender.as_mut() {
                Some(sender) => sender.ready().await.is_ok(),
                None => false,
            };
            if !alive {
                fresh = true;
                self.sender = Some(connect(target).await.map_err(CheckError::Unreachable)?);
            }
            let sender = self.sender.as_mut().expect("connected above");
            let response = sender
                .send_request(get(target))
                .await
                .map_err(|e| CheckError::Unreachable(format!("GET http://{target}/ lost its connection: {e}")))?;
            if response.status() == hyper::StatusCode::OK {
                Ok(())
            } else {
                Err(CheckError::Unhealthy(format!("GET http://{target}/ answered {}", response.status())))
            }
        };
        let result = tokio::time::timeout(deadline, attempt).await.unwrap_or_else(|_| {
            Err(if fresh {
                // The kernel completes a connection the engine has not accepted: silence on a
                // new one says nothing of the engine's health, only that it cannot accept.
                CheckError::Unreachable(format!(
                    "GET http://{target}/ on a new connection had no answer within {deadline:?} (not accepted?)"
                ))
            } else {
                CheckError::Unhealthy(format!("GET http://{target}/ took longer than {deadline:?}"))
            })
        });
        if result.is_err() {
            self.sender = None;
        }
        result
    }
}

async fn connect(addr: SocketAddr) -> Result<SendRequest<Empty<Bytes>>, String> {
    let stream = TcpStream::connect(addr).await.map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    let (sender, connection) =
        hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    Ok(sender)
}

fn get(addr: SocketAddr) -> Request<Empty<Bytes>> {
    Request::get("/")
        .header(hyper::header::HOST, addr.to_string())
        .body(Empty::<Bytes>::new())
        .expect("a static request is well-formed")
}

/// One call of the operator API of the server at `addr` (`POST /console/api/<method>` with the
/// console's `key`, a JSON body): its `result`, or the server's error description.
pub async fn operator_call(
    addr: SocketAddr,
    key: &str,
    method: &str,
    body: &serde_json::Value,
) -> Result<serde_json::Value, String> {
    use http_body_util::{BodyExt, Full};
    let stream = TcpStream::connect(addr).await.map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.map_err(|e| e.to_string())?;
    tokio::spawn(connection);
    let request = Request::post(format!("/console/api/{method}"))
        .header(hyper::header::HOST, addr.to_string())
        .header(hyper::header::AUTHORIZATION, format!("Bearer {key}"))
        .header(hyper::header::CONTENT_TYPE, "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .map_err(|e| e.to_string())?;
    let response = sender.send_request(request).await.map_err(|e| format!("{addr}: {e}"))?;
    let status = response.status();
    let bytes = response.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    match status {
        hyper::StatusCode::UNAUTHORIZED => {
            return Err(format!(
                "the server at {addr} refused the console key: MSG_CONSOLE_TOKEN here differs from the running server's"
            ));
        }
        hyper::StatusCode::NOT_FOUND => {
            return Err(format!(
                "the server at {addr} has its console off, and with it the operator API: start it with MSG_CONSOLE=true (and MSG_CONSOLE_TOKEN)"
            ));
        }
        _ => {}
    }
    let answer: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|_| format!("{addr} did not answer as msg-bot-api's operator API (is the console on?)"))?;
    if answer["ok"] == serde_json::Value::Bool(true) {
        Ok(answer["result"].clone())
    } else {
        Err(answer["description"].as_str().unwrap_or("refused").to_owned())
    }
}

/// `Ok` when `GET /` at `addr` answers 200 within `deadline`.
pub async fn probe(addr: SocketAddr, deadline: Duration) -> Result<(), String> {
    let attempt = async {
        let mut sender = connect(addr).await?;
        let response = sender.send_request(get(addr)).await.map_err(|e| e.to_string())?;
        if response.status() == hyper::StatusCode::OK {
            Ok(())
        } else {
            Err(format!("GET http://{addr}/ answered {}", response.status()))
        }
    };
    tokio::time::timeout(deadline, attempt)
        .await
        .unwrap_or_else(|_| Err(format!("GET http://{addr}/ took longer than {deadline:?}")))
}
