//! The liveness probe: `GET /` over HTTP/1.1 with a deadline. The supervisor polls it until the
//! engine answers and then periodically; `msg-bot-api healthcheck` runs it once for containers.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use http_body_util::Empty;
use hyper::Request;
use hyper::body::Bytes;
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

/// `Ok` when `GET /` at `addr` answers 200 within `deadline`.
pub async fn probe(addr: SocketAddr, deadline: Duration) -> Result<(), String> {
    let attempt = async {
        let stream = TcpStream::connect(addr).await.map_err(|e| format!("cannot connect to {addr}: {e}"))?;
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.map_err(|e| e.to_string())?;
        tokio::spawn(connection);
        let request = Request::get("/")
            .header(hyper::header::HOST, addr.to_string())
            .body(Empty::<Bytes>::new())
            .map_err(|e| e.to_string())?;
        let response = sender.send_request(request).await.map_err(|e| e.to_string())?;
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
