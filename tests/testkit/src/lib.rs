//! Harness for end-to-end tests: start the real `msg-bot-api` binary with a chosen environment
//! in a fresh working directory, wait (by polling, never sleeping blindly) for its readiness line
//! and `GET /`, and speak plain HTTP/1.1 to it over loopback. Kept dependency-light on purpose:
//! the tests exercise the server's own HTTP parsing with hand-made requests.

pub mod postgres;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Generous upper bound for anything the tests wait on.
pub const WAIT: Duration = Duration::from_secs(30);

/// Polls `check` every few milliseconds until it holds; panics naming `what` after [`WAIT`].
pub fn poll_until(what: &str, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + WAIT;
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A free loopback port (bound then released). Used only where port 0 cannot be used.
///
/// Taken below the kernel's ephemeral range, so a server of another test binding port 0 in the
/// meantime cannot be handed the same port (it was, in CI: "port … is already in use"), and never
/// the same twice in one process. Processes start at different places (their id).
pub fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let ephemeral_low = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|range| range.split_whitespace().next()?.parse::<u32>().ok())
        .unwrap_or(32768);
    let (low, high) = (10_000u32, ephemeral_low.max(10_001));
    let span = high - low;
    let start = std::process::id().wrapping_mul(7919) % span;
    for _ in 0..span {
        let port = low + (start + NEXT.fetch_add(1, Ordering::Relaxed)) % span;
        if TcpListener::bind(("127.0.0.1", port as u16)).is_ok() {
            return port as u16;
        }
    }
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// An HTTP response as the test sees it.
#[derive(Debug, Clone)]
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl HttpResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

/// Sends one raw HTTP/1.1 request (the caller writes the head) and reads the response.
pub fn raw_request(addr: SocketAddr, request: &[u8]) -> std::io::Result<HttpResponse> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(WAIT))?;
    stream.write_all(request)?;
    read_response(&mut BufReader::new(stream))
}

/// A request or status line and the headers after it.
type Head = (String, Vec<(String, String)>);

/// Reads a [`Head`]; `None` at end of stream.
fn read_head(reader: &mut impl BufRead) -> std::io::Result<Option<Head>> {
    let mut first = String::new();
    if reader.read_line(&mut first)? == 0 {
        return Ok(None);
    }
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let trimmed = line.trim_end();
        if trimmed.is_empty() {
            return Ok(Some((first, headers)));
        }
        if let Some((k, v)) = trimmed.split_once(':') {
            headers.push((k.trim().to_owned(), v.trim().to_owned()));
        }
    }
}

fn read_response(reader: &mut impl BufRead) -> std::io::Result<HttpResponse> {
    let closed = || std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "connection closed before a response");
    let (line, headers) = read_head(reader)?.ok_or_else(closed)?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, format!("bad status line {line:?}")))?;
    let length =
        headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("content-length")).and_then(|(_, v)| v.parse().ok());
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            reader.read_exact(&mut body)?;
        }
        None => {
            reader.read_to_end(&mut body)?;
        }
    }
    Ok(HttpResponse { status, headers, body })
}

/// `GET path` with `Connection: close`.
pub fn get(addr: SocketAddr, path: &str) -> std::io::Result<HttpResponse> {
    raw_request(addr, format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes())
}

/// `POST path` with a body of the given content type.
pub fn post(addr: SocketAddr, path: &str, content_type: &str, body: &[u8]) -> std::io::Result<HttpResponse> {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    raw_request(addr, &request)
}

/// A started server process with its output captured line by line.
/// How a client gives up on a request it sent (see [`abandon`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandon {
    /// The whole request is sent, then the socket is closed at once.
    AfterRequest,
    /// Half the body is sent, then the socket is closed.
    HalfBody,
    /// The whole request is sent, then the connection is reset (RST, linger 0).
    Reset,
}

/// Sends a POST and gives up on it as `how` says, without reading any answer: a client timing
/// out, crashing or a proxy giving up.
pub fn abandon(addr: SocketAddr, path: &str, content_type: &str, body: &[u8], how: Abandon) {
    let stream = TcpStream::connect(addr).unwrap();
    let mut socket = socket2::Socket::from(stream);
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    socket.write_all(head.as_bytes()).unwrap();
    let sent = if how == Abandon::HalfBody { &body[..body.len() / 2] } else { body };
    socket.write_all(sent).unwrap();
    if how == Abandon::Reset {
        socket.set_linger(Some(Duration::ZERO)).unwrap();
    }
}

pub struct Server {
    pub child: Child,
    pub dir: PathBuf,
    pub api: SocketAddr,
    pub stats: Option<SocketAddr>,
    lines: Arc<Mutex<Vec<String>>>,
    events: mpsc::Receiver<String>,
}

/// How to start a server.
pub struct Launch {
    pub bin: PathBuf,
    pub env: Vec<(String, String)>,
    pub args: Vec<String>,
    pub dir: PathBuf,
}

impl Launch {
    /// Credentials, a working dir under `root`, the API on an OS-chosen port and statistics off
    /// unless the caller asks otherwise.
    pub fn new(bin: impl Into<PathBuf>, root: &Path) -> Self {
        let dir = root.join("data");
        let env = vec![
            ("MSG_API_ID".into(), "12345".into()),
            ("MSG_API_HASH".into(), "0123456789abcdef0123456789abcdef".into()),
            ("MSG_DIR".into(), dir.display().to_string()),
            ("MSG_TEMP_DIR".into(), root.join("tmp").display().to_string()),
            ("MSG_HTTP_PORT".into(), "0".into()),
            ("MSG_HTTP_STAT_PORT".into(), "0".into()),
            ("MSG_HTTP_IP_ADDRESS".into(), "127.0.0.1".into()),
            ("MSG_HTTP_STAT_IP_ADDRESS".into(), "127.0.0.1".into()),
            // Every result and webhook update is checked against the Bot API schema; a violation
            // fails the test when its server is dropped (see `Drop for Server`).
            ("BOTAPI_VALIDATE".into(), "1".into()),
        ];
        let mut launch = Self { bin: bin.into(), env, args: Vec::new(), dir };
        // The suite on PostgreSQL: a database per working directory.
        if let Some(base) = std::env::var(postgres::URL_VAR).ok().filter(|b| !b.is_empty()) {
            let url = postgres::database_url(&base, &launch.dir);
            launch = launch.env("MSG_DATABASE_URL", url);
        }
        launch
    }

    pub fn env(mut self, key: &str, value: impl Into<String>) -> Self {
        self.env.retain(|(k, _)| k != key);
        self.env.push((key.to_owned(), value.into()));
        self
    }

    /// The value this launch gives variable `key` (`MSG_DATABASE_URL` on PostgreSQL, say).
    pub fn env_value(&self, key: &str) -> Option<&str> {
        self.env.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    pub fn without(mut self, key: &str) -> Self {
        self.env.retain(|(k, _)| k != key);
        self
    }

    pub fn arg(mut self, arg: impl Into<String>) -> Self {
        self.args.push(arg.into());
        self
    }

    fn command(&self) -> Command {
        let mut cmd = Command::new(&self.bin);
        cmd.env_clear().env("PATH", std::env::var("PATH").unwrap_or_default());
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd.args(&self.args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        cmd
    }

    /// Runs to completion (for commands and start-up failures); returns (status, stdout, stderr).
    pub fn run(&self) -> (ExitStatus, String, String) {
        let out = self.command().output().expect("binary runs");
        (
            out.status,
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Starts the server and waits for readiness.
    pub fn start(&self) -> Server {
        self.start_within(WAIT)
    }

    /// Starts the server and waits up to `limit` for readiness.
    pub fn start_within(&self, limit: Duration) -> Server {
        let mut child = self.command().spawn().expect("binary starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let (tx, events) = mpsc::channel();
        for pipe in
            [Box::new(child.stdout.take().unwrap()) as Box<dyn Read + Send>, Box::new(child.stderr.take().unwrap())]
        {
            let (lines, tx) = (lines.clone(), tx.clone());
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                    lines.lock().unwrap().push(line.clone());
                    let _ = tx.send(line);
                }
            });
        }
        let mut server =
            Server { child, dir: self.dir.clone(), api: "0.0.0.0:0".parse().unwrap(), stats: None, lines, events };
        let ready = server.wait_for_line_within(limit, |l| l.contains(" ready: Bot API on http://"));
        let addr_of = |marker: &str| {
            let rest = &ready[ready.find(marker)? + marker.len()..];
            rest.split('/').next()?.parse::<SocketAddr>().ok()
        };
        server.api = addr_of("Bot API on http://").expect("API address in the ready line");
        server.stats = addr_of("statistics http://");
        let root = get(server.api, "/").expect("GET / answers after the ready line");
        assert_eq!(root.status, 200, "{}", root.text());
        server
    }
}

impl Server {
    /// Waits until an output line satisfies `pred`; panics with the output so far on timeout or exit.
    pub fn wait_for_line(&mut self, pred: impl Fn(&str) -> bool) -> String {
        self.wait_for_line_within(WAIT, pred)
    }

    /// [`wait_for_line`](Self::wait_for_line) with another bound (benchmarks with big setups).
    pub fn wait_for_line_within(&mut self, limit: Duration, pred: impl Fn(&str) -> bool) -> String {
        if let Some(line) = self.lines.lock().unwrap().iter().find(|l| pred(l)) {
            return line.clone();
        }
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left.min(Duration::from_millis(200))) {
                Ok(line) if pred(&line) => return line,
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Ok(Some(status)) = self.child.try_wait() {
                        panic!("server exited ({status}) before the expected line; output:\n{}", self.output());
                    }
                    if Instant::now() >= deadline {
                        panic!("timed out waiting for a line; output:\n{}", self.output());
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    panic!("server output closed before the expected line; output:\n{}", self.output());
                }
            }
        }
    }

    /// Waits until `needle` has been printed at least `count` times.
    pub fn wait_for_count(&mut self, needle: &str, count: usize) {
        let deadline = Instant::now() + WAIT;
        while self.output().matches(needle).count() < count {
            match self.events.recv_timeout(Duration::from_millis(200)) {
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() < deadline => {}
                Err(_) => panic!("waiting for {count} × {needle:?}; output:\n{}", self.output()),
            }
        }
    }

    /// Everything printed so far.
    pub fn output(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    pub fn log_file(&self) -> String {
        std::fs::read_to_string(self.dir.join("logs/msg-bot-api.log")).unwrap_or_default()
    }

    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill").arg(format!("-{signal}")).arg(self.child.id().to_string()).status().unwrap();
        assert!(status.success());
    }

    /// Waits for the process to exit, up to `limit`; returns its status and how long it took.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<(ExitStatus, Duration)> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some((status, start.elapsed()));
            }
            // Polling the child's state; exit has no readiness signal to wait on.
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// `POST /bot<token>/<method>` with a JSON body.
    pub fn call(&self, token: &str, method: &str, params: serde_json::Value) -> HttpResponse {
        post(self.api, &format!("/bot{token}/{method}"), "application/json", params.to_string().as_bytes()).unwrap()
    }

    /// `POST /user<token>/<method>` with a JSON body: a person acting through the user-side API.
    pub fn user_call(&self, token: &str, method: &str, params: serde_json::Value) -> HttpResponse {
        post(self.api, &format!("/user{token}/{method}"), "application/json", params.to_string().as_bytes()).unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            return;
        }
        let everything = format!("{}\n{}", self.output(), self.log_file());
        let violations: std::collections::BTreeSet<&str> =
            everything.lines().filter(|l| l.contains("spec violation:")).collect();
        assert!(violations.is_empty(), "the server answered outside the Bot API schema:\n{violations:#?}");
    }
}

/// One request a [`Receiver`] got.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Received {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

/// A small real HTTP/1.1 server on loopback that records every request and answers with the
/// status currently set (a webhook receiver for tests). Dropping it stops accepting.
pub struct Receiver {
    pub addr: SocketAddr,
    pub requests: Arc<Mutex<Vec<Received>>>,
    /// The requests answered with another status than 200 ([`Receiver::set_status`]).
    pub refused: Arc<Mutex<Vec<Received>>>,
    status: Arc<Mutex<Answer>>,
    events: mpsc::Receiver<()>,
}

/// What a [`Receiver`] answers: a status, and bodies (content type, bytes) for its next 2xx
/// answers (`{}` as JSON once they are used up).
#[derive(Debug, Default)]
struct Answer {
    status: u16,
    bodies: std::collections::VecDeque<(String, Vec<u8>)>,
}

impl Receiver {
    pub fn start() -> Self {
        Self::start_with(None)
    }

    /// The same receiver speaking HTTPS with `identity`'s certificate.
    pub fn start_tls(identity: &TlsIdentity) -> Self {
        Self::start_with(Some(identity.server_config()))
    }

    fn start_with(tls: Option<Arc<rustls::ServerConfig>>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let refused = Arc::new(Mutex::new(Vec::new()));
        let status = Arc::new(Mutex::new(Answer { status: 200, ..Answer::default() }));
        let (tx, events) = mpsc::channel();
        let (reqs, refs, st) = (requests.clone(), refused.clone(), status.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { break };
                let (reqs, refs, st, tx, tls) = (reqs.clone(), refs.clone(), st.clone(), tx.clone(), tls.clone());
                std::thread::spawn(move || match tls {
                    None => serve_receiver(stream, (&reqs, &refs), &st, &tx),
                    Some(config) => {
                        let Ok(session) = rustls::ServerConnection::new(config) else { return };
                        serve_receiver(rustls::StreamOwned::new(session, stream), (&reqs, &refs), &st, &tx);
                    }
                });
            }
        });
        Self { addr, requests, refused, status, events }
    }

    pub fn set_status(&self, status: u16) {
        self.status.lock().unwrap().status = status;
    }

    /// Answers the next successful delivery with this body (a webhook reply's method call).
    pub fn reply_next(&self, content_type: &str, body: impl Into<Vec<u8>>) {
        self.status.lock().unwrap().bodies.push_back((content_type.to_owned(), body.into()));
    }

    /// Waits until at least `n` requests arrived; returns them.
    pub fn wait_for(&self, n: usize) -> Vec<Received> {
        let deadline = Instant::now() + WAIT;
        loop {
            let got = self.requests.lock().unwrap().clone();
            if got.len() >= n {
                return got;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "receiver got {} of {n} requests", got.len());
            let _ = self.events.recv_timeout(left);
        }
    }
}

fn serve_receiver(
    stream: impl Read + Write,
    (reqs, refused): (&Mutex<Vec<Received>>, &Mutex<Vec<Received>>),
    status: &Mutex<Answer>,
    tx: &mpsc::Sender<()>,
) {
    let mut reader = BufReader::new(stream);
    while let Ok(Some((line, headers))) = read_head(&mut reader) {
        let path = line.split_whitespace().nth(1).unwrap_or_default().to_owned();
        let len = headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or(0);
        let mut body = vec![0; len];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let (code, (content_type, answer)) = {
            let mut status = status.lock().unwrap();
            let code = status.status;
            let default = || ("application/json".to_owned(), b"{}".to_vec());
            let answer = if code == 200 { status.bodies.pop_front().unwrap_or_else(default) } else { default() };
            (code, answer)
        };
        let received = Received { path, headers, body };
        if code == 200 {
            reqs.lock().unwrap().push(received)
        } else {
            refused.lock().unwrap().push(received)
        }
        let _ = tx.send(());
        let head =
            format!("HTTP/1.1 {code} X\r\nContent-Length: {}\r\nContent-Type: {content_type}\r\n\r\n", answer.len());
        if reader.get_mut().write_all(head.as_bytes()).is_err() || reader.get_mut().write_all(&answer).is_err() {
            return;
        }
    }
}

/// A TLS server identity made for a test: a certificate (PEM, what a bot uploads to setWebhook
/// or an operator puts in a CA file) and the chain and key a [`Receiver`] presents.
pub struct TlsIdentity {
    /// The certificate to trust: the server's own when self-signed, else the issuing CA's.
    pub trust_pem: String,
    chain: Vec<rustls::pki_types::CertificateDer<'static>>,
    key_der: Vec<u8>,
}

impl TlsIdentity {
    /// A self-signed certificate made the way the platform's documentation has operators make
    /// one with `openssl req -x509 -subj /CN=<name>`: the name only in the subject, no
    /// subjectAltName, and marked as a CA.
    pub fn self_signed(common_name: &str) -> Self {
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.distinguished_name.push(rcgen::DnType::CommonName, common_name);
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        let key = rcgen::KeyPair::generate().unwrap();
        let cert = params.self_signed(&key).unwrap();
        Self { trust_pem: cert.pem(), chain: vec![cert.der().clone()], key_der: key.serialize_der() }
    }

    /// A CA and a server certificate for `names` (subjectAltNames) issued by it; `trust_pem` is
    /// the CA's.
    pub fn issued_by_ca(names: &[&str]) -> Self {
        let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        ca_params.distinguished_name.push(rcgen::DnType::CommonName, "msg-bot-api test CA");
        ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        let ca_key = rcgen::KeyPair::generate().unwrap();
        let ca = ca_params.self_signed(&ca_key).unwrap();
        let issuer = rcgen::Issuer::new(ca_params, ca_key);
        let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let key = rcgen::KeyPair::generate().unwrap();
        let leaf = rcgen::CertificateParams::new(names).unwrap().signed_by(&key, &issuer).unwrap();
        Self { trust_pem: ca.pem(), chain: vec![leaf.der().clone()], key_der: key.serialize_der() }
    }

    fn server_config(&self) -> Arc<rustls::ServerConfig> {
        let key = rustls::pki_types::PrivateKeyDer::Pkcs8(self.key_der.clone().into());
        let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(self.chain.clone(), key)
            .unwrap();
        Arc::new(config)
    }
}

/// A `multipart/form-data` body built by hand, so tests control every byte (quoting, names).
pub struct Multipart {
    boundary: String,
    body: Vec<u8>,
}

impl Default for Multipart {
    fn default() -> Self {
        Self::new()
    }
}

impl Multipart {
    pub fn new() -> Self {
        Self { boundary: "msgtestboundary7MA4YWxkTrZu0gW".into(), body: Vec::new() }
    }

    /// A text field.
    pub fn text(mut self, name: &str, value: &str) -> Self {
        self.body.extend_from_slice(
            format!("--{}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n", self.boundary)
                .as_bytes(),
        );
        self
    }

    /// A file part with a quoted file name.
    pub fn file(self, name: &str, file_name: &str, content_type: &str, bytes: &[u8]) -> Self {
        self.part(&format!("name=\"{name}\"; filename=\"{file_name}\""), content_type, bytes)
    }

    /// A file part whose name and file name are not quoted (some clients send that).
    pub fn file_unquoted(self, name: &str, file_name: &str, content_type: &str, bytes: &[u8]) -> Self {
        self.part(&format!("name={name}; filename={file_name}"), content_type, bytes)
    }

    fn part(mut self, disposition: &str, content_type: &str, bytes: &[u8]) -> Self {
        self.body.extend_from_slice(
            format!(
                "--{}\r\nContent-Disposition: form-data; {disposition}\r\nContent-Type: {content_type}\r\n\r\n",
                self.boundary
            )
            .as_bytes(),
        );
        self.body.extend_from_slice(bytes);
        self.body.extend_from_slice(b"\r\n");
        self
    }

    /// The `Content-Type` header value and the body.
    pub fn finish(mut self) -> (String, Vec<u8>) {
        self.body.extend_from_slice(format!("--{}--\r\n", self.boundary).as_bytes());
        (format!("multipart/form-data; boundary={}", self.boundary), self.body)
    }

    /// Posts it.
    pub fn post(self, addr: SocketAddr, path: &str) -> HttpResponse {
        let (content_type, body) = self.finish();
        post(addr, path, &content_type, &body).unwrap()
    }
}

/// `POST` with `Transfer-Encoding: chunked`, the body cut into `chunk`-byte pieces.
pub fn post_chunked(addr: SocketAddr, path: &str, content_type: &str, body: &[u8], chunk: usize) -> HttpResponse {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: {content_type}\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    .into_bytes();
    for piece in body.chunks(chunk) {
        request.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
        request.extend_from_slice(piece);
        request.extend_from_slice(b"\r\n");
    }
    request.extend_from_slice(b"0\r\n\r\n");
    raw_request(addr, &request).unwrap()
}

/// The byte at `offset` of the generated test content (so big files need no disk to compare).
pub fn pattern_byte(offset: u64) -> u8 {
    (offset % 251) as u8
}

const PATTERN_CHUNK: usize = 1 << 20;

/// [`pattern_byte`]s from offset 0, long enough to slice a chunk at any phase of the cycle.
fn pattern_block() -> Vec<u8> {
    (0..(PATTERN_CHUNK + 251) as u64).map(pattern_byte).collect()
}

/// Uploads `size` bytes of [`pattern_byte`] content as one multipart file part, generated on
/// the fly (nothing of that size is ever held in memory or written by the test).
pub fn upload_pattern(
    addr: SocketAddr,
    path: &str,
    fields: &[(&str, &str)],
    file: (&str, &str),
    size: u64,
) -> HttpResponse {
    let boundary = "msgbigboundary9f8e7d6c";
    let mut head = Vec::new();
    for (name, value) in fields {
        head.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    head.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{}\"; filename=\"{}\"\r\nContent-Type: application/octet-stream\r\n\r\n",
            file.0, file.1
        )
        .as_bytes(),
    );
    let tail = format!("\r\n--{boundary}--\r\n").into_bytes();
    let length = head.len() as u64 + size + tail.len() as u64;
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(600))).unwrap();
    let request_head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {length}\r\n\r\n"
    );
    let mut send = || -> std::io::Result<()> {
        stream.write_all(request_head.as_bytes())?;
        stream.write_all(&head)?;
        let pattern = pattern_block();
        let mut sent = 0u64;
        while sent < size {
            let n = (size - sent).min(PATTERN_CHUNK as u64) as usize;
            let phase = (sent % 251) as usize;
            stream.write_all(&pattern[phase..phase + n])?;
            sent += n as u64;
        }
        stream.write_all(&tail)
    };
    // A server refusing early may close while we write; its answer is still readable.
    let _ = send();
    read_response(&mut BufReader::new(stream)).unwrap()
}

/// A download read to its end without keeping it: status, headers, length, and whether every
/// byte equals [`pattern_byte`] of its offset (starting at `first_offset`).
pub fn download_pattern(addr: SocketAddr, path: &str, first_offset: u64) -> (u16, Vec<(String, String)>, u64, bool) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(600))).unwrap();
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).unwrap();
    let mut reader = BufReader::with_capacity(1 << 20, stream);
    let (line, headers) = read_head(&mut reader).unwrap().expect("a response head");
    let status = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let pattern = pattern_block();
    let mut buffer = vec![0u8; PATTERN_CHUNK];
    let (mut total, mut matches) = (0u64, true);
    loop {
        let n = reader.read(&mut buffer).unwrap();
        if n == 0 {
            break;
        }
        let phase = ((first_offset + total) % 251) as usize;
        matches &= buffer[..n] == pattern[phase..phase + n];
        total += n as u64;
    }
    (status, headers, total, matches)
}

/// A scratch directory with room for `bytes`, for a test that moves gigabytes: in `/dev/shm`
/// (memory) when it has the room, so the test neither needs that much free disk nor stalls
/// every other test's flushes behind its writeback; else in the system's temp dir. Panics,
/// naming what is missing, when neither has the room.
pub fn roomy_tempdir(bytes: u64) -> tempfile::TempDir {
    let free = |dir: &Path| rustix::fs::statvfs(dir).map(|s| s.f_bavail.saturating_mul(s.f_frsize)).unwrap_or(0);
    let shm = Path::new("/dev/shm");
    // A tmpfs's free space is its size bound, not the memory left: ask both, with a margin for
    // everything else running.
    if free(shm) >= bytes
        && memory_available() >= bytes + (2 << 30)
        && let Ok(dir) = tempfile::Builder::new().prefix("msg-e2e-").tempdir_in(shm)
    {
        return dir;
    }
    let temp = std::env::temp_dir();
    let available = free(&temp);
    assert!(
        available >= bytes,
        "this test needs {} MiB free in /dev/shm or {}, which has {} MiB: free some space (or set TMPDIR)",
        bytes >> 20,
        temp.display(),
        available >> 20
    );
    tempfile::tempdir().unwrap()
}

/// The memory the system could give without swapping, in bytes (`MemAvailable`; 0 when unknown).
fn memory_available() -> u64 {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    kib_field(&info, "MemAvailable").unwrap_or(0).saturating_mul(1024)
}

/// The peak resident set size of a process, in KiB (`VmHWM`).
pub fn peak_rss_kib(pid: u32) -> u64 {
    status_kib(pid, "VmHWM")
}

/// The resident set size of a process now, in KiB (`VmRSS`).
pub fn rss_kib(pid: u32) -> u64 {
    status_kib(pid, "VmRSS")
}

/// A `kB` figure of `/proc/<pid>/status`.
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    kib_field(&status, field).unwrap_or_else(|| panic!("{field} in /proc/{pid}/status"))
}

/// A `Field:   123 kB` line's figure in a `/proc` file's text.
fn kib_field(text: &str, field: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
