//! `msg-bench`: starts the release `msg-bot-api` in a scratch directory and prints figures for
//! the targets in bench/README.md. Run on demand: `cargo build --release -p msg-supervisor -p
//! msg-bench && target/release/msg-bench [seconds-per-run]`. Load comes from this process over
//! loopback with keep-alive connections; the bare-hyper baseline is this binary re-executed as
//! `msg-bench bare-hyper` so both servers run as separate processes on the same machine.
//! `msg-bench files` runs only the file download figure (next to nginx when installed).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use msg_testkit::{Launch, Server};
use serde_json::{Value, json};

mod instances;

const CONNECTIONS: usize = 32;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("bare-hyper") {
        return bare_hyper();
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    if args.get(1).map(String::as_str) == Some("files") {
        return rt.block_on(files_only());
    }
    let seconds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let only: Vec<String> = args.iter().skip(2).cloned().collect();
    rt.block_on(run(Duration::from_secs(seconds), Figures(only)));
}

/// A server launch as the tests make it, but without the schema check of every result (the
/// testkit's validation mode), which costs what the benchmark measures.
fn launch(root: &std::path::Path) -> Launch {
    Launch::new(binary(), root).without("BOTAPI_VALIDATE")
}

fn binary() -> PathBuf {
    let me = std::env::current_exe().expect("own path");
    let bin = me.with_file_name("msg-bot-api");
    assert!(
        bin.is_file(),
        "build the server first: cargo build --release -p msg-supervisor ({} missing)",
        bin.display()
    );
    bin
}

/// A bare hyper server answering every request with a getMe-sized JSON body.
fn bare_hyper() {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        println!("{}", listener.local_addr().expect("addr"));
        let body = Bytes::from_static(
            br#"{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"Bench","username":"bench_bot","can_join_groups":true,"can_read_all_group_messages":false,"supports_inline_queries":false,"can_connect_to_business":false,"has_main_web_app":false}}"#,
        );
        serve_forever(listener, move |_req| {
            let body = body.clone();
            async move {
                Response::builder().header("content-type", "application/json").body(Full::new(body)).expect("response")
            }
        })
        .await;
    });
}

/// Serves HTTP/1.1 on `listener` until the process ends, answering each request with `handle`.
async fn serve_forever<F, Fut>(listener: tokio::net::TcpListener, handle: F)
where
    F: Fn(Request<Incoming>) -> Fut + Clone + Send + Sync + 'static,
    Fut: std::future::Future<Output = Response<Full<Bytes>>> + Send + 'static,
{
    loop {
        let (stream, _) = listener.accept().await.expect("accept");
        let handle = handle.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| {
                let answer = handle(req);
                async move { Ok::<_, std::convert::Infallible>(answer.await) }
            });
            let _ = hyper::server::conn::http1::Builder::new().serve_connection(TokioIo::new(stream), service).await;
        });
    }
}

type Sender = hyper::client::conn::http1::SendRequest<Full<Bytes>>;

async fn connect(addr: SocketAddr) -> Sender {
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.set_nodelay(true).expect("nodelay");
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await.expect("handshake");
    tokio::spawn(conn);
    sender
}

async fn send(sender: &mut Sender, path: &str, body: &Value) -> (u16, Value) {
    let req = Request::post(path)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("request");
    sender.ready().await.expect("ready");
    let resp = sender.send_request(req).await.expect("response");
    let status = resp.status().as_u16();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// Requests per second driven by `wrk` (Debian's package; `-t2 -c32`), a load client lighter
/// than this program's own, which saturates near 70k req/s on 2 cores and so hides the server's
/// cost. `post` names a path and the JSON bodies to rotate through (a Lua script posts them).
/// `None` when wrk is not installed. Non-2xx answers are returned as the second value.
fn wrk(addr: SocketAddr, duration: Duration, path: &str, bodies: &[String]) -> Option<(f64, u64)> {
    wrk_with(addr, duration, path, bodies, CONNECTIONS)
}

/// Debian's wrk, where it is installed.
fn wrk_binary() -> Option<&'static str> {
    ["/usr/bin/wrk", "/usr/local/bin/wrk"].into_iter().find(|p| Path::new(p).is_file())
}

/// [`wrk`] from `connections` connections instead of [`CONNECTIONS`].
fn wrk_with(
    addr: SocketAddr,
    duration: Duration,
    path: &str,
    bodies: &[String],
    connections: usize,
) -> Option<(f64, u64)> {
    let binary = wrk_binary()?;
    let scratch = tempfile::tempdir().ok()?;
    let script = scratch.path().join("load.lua");
    let quoted: Vec<String> = bodies.iter().map(|b| format!("[==[{b}]==]")).collect();
    let lua = if bodies.is_empty() {
        format!("wrk.method = \"POST\"\nwrk.path = \"{path}\"\n")
    } else {
        // The requests are formatted once, at start: the load client's cost per request
        // stays as small as for getMe's fixed request (formatting each one in Lua cost wrk
        // about 1 µs a request, on the same two cores as the server).
        format!(
            "local bodies = {{{}}}\nlocal requests = {{}}\nfor i, body in ipairs(bodies) do\n  requests[i] = wrk.format(\"POST\", \"{path}\", {{[\"Content-Type\"] = \"application/json\"}}, body)\nend\nlocal n = 0\nrequest = function()\n  n = n + 1\n  return requests[(n % #requests) + 1]\nend\n",
            quoted.join(", ")
        )
    };
    std::fs::write(&script, lua).ok()?;
    let out = std::process::Command::new(binary)
        .args(["-t2", &format!("-c{connections}"), &format!("-d{}s", duration.as_secs().max(1)), "-s"])
        .arg(&script)
        .arg(format!("http://{addr}"))
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let rate = text.lines().find_map(|l| l.strip_prefix("Requests/sec:"))?.trim().parse().ok()?;
    let failed = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Non-2xx or 3xx responses:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    Some((rate, failed))
}

/// CPU time (user and system) of process `pid` while `run` loads it for `duration`, in µs per
/// request of the rate `run` answers; infinite when unknown.
fn with_cpu(pid: u32, duration: Duration, run: impl FnOnce() -> Option<(f64, u64)>) -> (Option<(f64, u64)>, f64) {
    let ticks = || process_ticks(pid).map(|(ticks, _)| ticks);
    let before = ticks();
    let out = run();
    let cpu = match (before, ticks(), out) {
        (Some(a), Some(b), Some((rate, _))) if rate > 0.0 => {
            (b - a) as f64 * 10_000.0 / (rate * duration.as_secs_f64().max(1.0))
        }
        _ => f64::INFINITY,
    };
    (out, cpu)
}

/// A process's CPU time so far, utime + stime (fields 14 and 15 of `/proc/<pid>/stat`) in clock
/// ticks (USER_HZ: 100), and its parent's pid (field 4).
fn process_ticks(pid: u32) -> Option<(u64, u32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let parent = fields.get(1)?.parse().ok()?;
    Some((fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?, parent))
}

/// The faster of two wrk runs (rate, failures), failures of both counted.
fn best(a: Option<(f64, u64)>, b: Option<(f64, u64)>) -> Option<(f64, u64)> {
    match (a, b) {
        (Some((ra, fa)), Some((rb, fb))) => Some((ra.max(rb), fa + fb)),
        (a, b) => a.or(b),
    }
}

/// The bodies of a sendMessage load into `chats`, rotated by wrk.
fn send_bodies(chats: &[i64]) -> Vec<String> {
    (0..200).map(|n| json!({"chat_id": chats[n % chats.len()], "text": format!("bench {n}")}).to_string()).collect()
}

/// Requests per second from `CONNECTIONS` keep-alive connections, each sending `body(n)` to
/// `path(n)` in a loop for `duration`. Non-200 answers are counted and reported.
async fn load(
    addr: SocketAddr,
    duration: Duration,
    request: impl Fn(u64) -> (String, Value) + Send + Sync + 'static,
) -> (f64, u64) {
    let request = Arc::new(request);
    let (done, failed, stop) =
        (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    let mut tasks = Vec::new();
    for c in 0..CONNECTIONS as u64 {
        let (request, done, failed, stop) = (request.clone(), done.clone(), failed.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let mut sender = connect(addr).await;
            let mut n = c;
            while !stop.load(Ordering::Relaxed) {
                let (path, body) = request(n);
                let (status, _) = send(&mut sender, &path, &body).await;
                if status == 200 {
                    done.fetch_add(1, Ordering::Relaxed)
                } else {
                    failed.fetch_add(1, Ordering::Relaxed)
                };
                n += CONNECTIONS as u64;
            }
        }));
    }
    let started = Instant::now();
    tokio::time::sleep(duration).await;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    (done.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64(), failed.load(Ordering::Relaxed))
}

fn cli(root: &Path, args: &[&str]) -> String {
    cli_with(root, &[], args)
}

/// An admin command (`bot create`, ...) on `root` with `env` (the server's storage settings).
fn cli_with(root: &Path, env: &[(&str, &str)], args: &[&str]) -> String {
    let mut launch = launch(root);
    for (key, value) in env {
        launch = launch.env(key, *value);
    }
    for a in args {
        launch = launch.arg(*a);
    }
    let (status, stdout, stderr) = launch.run();
    assert!(status.success(), "{args:?}: {stderr}");
    stdout.trim().to_owned()
}

fn id_of(token: &str) -> i64 {
    token.split(':').next().and_then(|s| s.parse().ok()).expect("token id")
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Which figures to print: all, or the ones named after the seconds (`getme send edit wake webhook
/// files calllog durability postgres instances disk idle`), so one figure can be profiled alone.
struct Figures(Vec<String>);

impl Figures {
    fn wants(&self, name: &str) -> bool {
        self.0.is_empty() || self.0.iter().any(|n| n == name)
    }
}

async fn run(duration: Duration, figures: Figures) {
    println!(
        "msg-bench: {} s per load run, {CONNECTIONS} connections, {} cores",
        duration.as_secs(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let root = tempfile::tempdir().expect("scratch dir");
    // A bot and the 20 people who opened their private chats with it.
    let (server, bot, people) = chat_setup(root.path(), &[]).await;
    let bot_id = id_of(&bot);

    // Bare hyper's getMe rate under wrk, the yardstick of the wrk figures.
    let mut bare_hyper_wrk: Option<f64> = None;
    if figures.wants("getme") {
        // 1. getMe next to bare hyper.
        let mut bare = std::process::Command::new(std::env::current_exe().expect("self"))
            .arg("bare-hyper")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("bare hyper starts");
        let bare_addr: SocketAddr = {
            use std::io::BufRead;
            let mut line = String::new();
            std::io::BufReader::new(bare.stdout.take().expect("stdout")).read_line(&mut line).expect("address");
            line.trim().parse().expect("address line")
        };
        let (bare_rps, _) = load(bare_addr, duration, |_| ("/".into(), json!({}))).await;
        // Under wrk, bare hyper and getMe alternately, best of two each: this machine's speed
        // drifts by more than the figure's margin within a minute.
        let path = format!("/bot{bot}/getMe");
        let (mut bare_wrk, mut getme_wrk) = (None, None);
        // The CPU time each server spends per request (user and system), the least of the
        // runs: steadier than the rates, which also follow the load generator's share.
        let (mut bare_cpu, mut getme_cpu) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..2 {
            let (run, cpu) = with_cpu(bare.id(), duration, || wrk(bare_addr, duration, "/", &[]));
            (bare_wrk, bare_cpu) = (best(bare_wrk, run), bare_cpu.min(cpu));
            let (run, cpu) = with_cpu(server.child.id(), duration, || wrk(server.api, duration, &path, &[]));
            (getme_wrk, getme_cpu) = (best(getme_wrk, run), getme_cpu.min(cpu));
        }
        let _ = bare.kill();
        let _ = bare.wait();
        // The server's HTTP layer alone (connection bounds, stats, routing): its liveness probe,
        // which reads no token and runs no method. What getMe costs beyond it is the Bot API path.
        let root_wrk = wrk(server.api, duration, "/", &[]);
        let (getme_rps, failed) = load(server.api, duration, move |_| (path.clone(), json!({}))).await;
        println!(
            "getMe (msg-bench's client): {getme_rps:.0} req/s; bare hyper: {bare_rps:.0} req/s; ratio {:.0} %; failures {failed}",
            100.0 * getme_rps / bare_rps
        );
        if let (Some((bare, _)), Some((getme, failed))) = (bare_wrk, getme_wrk) {
            println!(
                "getMe (wrk): {getme:.0} req/s; bare hyper: {bare:.0} req/s; ratio {:.0} % (target >= 80 %); failures {failed}",
                100.0 * getme / bare
            );
            if getme_cpu.is_finite() && bare_cpu.is_finite() {
                println!(
                    "server CPU per request (wrk): getMe {getme_cpu:.1} µs; bare hyper {bare_cpu:.1} µs; ratio {:.0} %",
                    100.0 * bare_cpu / getme_cpu
                );
            }
            if let Some((root, _)) = root_wrk {
                println!(
                    "the HTTP layer alone (wrk, `/`): {root:.0} req/s; {:.0} % of bare hyper (getMe is {:.0} % of it)",
                    100.0 * root / bare,
                    100.0 * getme / root
                );
            }
            bare_hyper_wrk = Some(bare);
        }
    }
    let mut writer = connect(server.api).await;

    if figures.wants("send") {
        // 2. Persisted sendMessage/s: 20 private chats.
        let chats: Vec<i64> = people.iter().map(|p| id_of(p)).collect();
        let path = format!("/bot{bot}/sendMessage");
        if let Some((rate, failed)) = wrk(server.api, duration, &path, &send_bodies(&chats)) {
            let ratio = bare_hyper_wrk
                .map(|bare| format!("; {:.0} % of bare hyper's getMe", 100.0 * rate / bare))
                .unwrap_or_default();
            println!("sendMessage (wrk, power mode, committed before ok): {rate:.0} msg/s{ratio}; failures {failed}");
            // The target is set in `process` mode (a fresh server, the same load), best of two
            // as bare hyper's getMe beside it.
            let process = [("MSG_DURABILITY", "process")];
            let rate = send_rate(duration, &process).await.max(send_rate(duration, &process).await);
            let ratio = bare_hyper_wrk
                .map(|bare| format!("; {:.0} % of bare hyper's getMe (target >= 30 %)", 100.0 * rate / bare))
                .unwrap_or_default();
            println!("sendMessage (wrk, process mode, committed before ok): {rate:.0} msg/s{ratio}");
        }
        let (send_rps, failed) = load(server.api, duration, move |n| {
            (path.clone(), json!({"chat_id": chats[n as usize % chats.len()], "text": format!("bench {n}")}))
        })
        .await;
        let wal = |path: PathBuf| std::fs::metadata(path).map_or(0.0, |m| m.len() as f64 / (1 << 20) as f64);
        println!(
            "sendMessage (committed before ok): {send_rps:.0} msg/s (target >= 20000); failures {failed}; WAL after: platform {:.1} MiB, bot {:.1} MiB",
            wal(root.path().join("data/platform.sqlite-wal")),
            wal(root.path().join("data").join(bot_id.to_string()).join("bot.sqlite-wal")),
        );
    }
    if figures.wants("edit") {
        // 2b. editMessageText round trips: the bot edits its messages in 20 private chats (each
        //     edit stored and the person's edited_message committed before ok).
        let mut targets = Vec::new();
        for person in &people {
            let sent = send(
                &mut writer,
                &format!("/bot{bot}/sendMessage"),
                &json!({"chat_id": id_of(person), "text": "to edit"}),
            )
            .await
            .1;
            targets.push((id_of(person), sent["result"]["message_id"].as_i64().unwrap_or(0)));
        }
        let path = format!("/bot{bot}/editMessageText");
        let (edit_rps, failed) = load(server.api, duration, move |n| {
            let (chat, message) = targets[n as usize % targets.len()];
            (path.clone(), json!({"chat_id": chat, "message_id": message, "text": format!("edit {n}")}))
        })
        .await;
        println!("editMessageText (committed before ok): {edit_rps:.0} edits/s; failures {failed}");
    }
    if figures.wants("wake") {
        // 3. Wake latency: a bot waiting in getUpdates, a person writes.
        let mut poller = Some(connect(server.api).await);
        let drained =
            send(poller.as_mut().expect("connected"), &format!("/bot{bot}/getUpdates"), &json!({"offset": -1})).await.1;
        let mut offset = drained["result"][0]["update_id"].as_i64().unwrap_or(0) + 1;
        let mut latencies = Vec::new();
        for i in 0..500 {
            let poll = {
                let mut poller_conn = poller.take().expect("connection returned by the last poll");
                let path = format!("/bot{bot}/getUpdates");
                tokio::spawn(async move {
                    let answer = send(&mut poller_conn, &path, &json!({"offset": offset, "timeout": 10})).await;
                    (answer, Instant::now(), poller_conn)
                })
            };
            // Let the poll reach the server and start waiting (a wake-up is what we measure).
            tokio::time::sleep(Duration::from_millis(2)).await;
            let sent_at = Instant::now();
            let user = &people[i % people.len()];
            send(
                &mut writer,
                &format!("/user{user}/sendMessage"),
                &json!({"chat_id": bot_id, "text": format!("wake {i}")}),
            )
            .await;
            let ((_, answer), woke_at, conn) = poll.await.expect("poll task");
            poller = Some(conn);
            if let Some(last) = answer["result"].as_array().and_then(|a| a.last()) {
                offset = last["update_id"].as_i64().unwrap_or(offset) + 1;
            }
            latencies.push(woke_at.duration_since(sent_at).as_secs_f64() * 1000.0);
        }
        latencies.sort_by(f64::total_cmp);
        println!(
            "wake latency (person's sendMessage sent -> bot's long poll answered): p50 {:.2} ms, p99 {:.2} ms (target p99 < 2 ms)",
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99)
        );
    }
    if figures.wants("webhook") {
        // 4. Webhook delivery: a backlog of updates from 20 chats, drained to a local receiver.
        let received = Arc::new(AtomicU64::new(0));
        let receiver = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind receiver");
        let receiver_addr = receiver.local_addr().expect("addr");
        {
            let received = received.clone();
            tokio::spawn(serve_forever(receiver, move |req| {
                let received = received.clone();
                async move {
                    let _ = req.into_body().collect().await;
                    received.fetch_add(1, Ordering::Relaxed);
                    Response::new(Full::new(Bytes::new()))
                }
            }));
        }
        let backlog = 5000;
        let ack = send(&mut writer, &format!("/bot{bot}/getUpdates"), &json!({"offset": -1})).await.1;
        let last = ack["result"][0]["update_id"].as_i64().unwrap_or(0);
        send(&mut writer, &format!("/bot{bot}/getUpdates"), &json!({"offset": last + 1})).await;
        for n in 0..backlog {
            let user = &people[n % people.len()];
            send(
                &mut writer,
                &format!("/user{user}/sendMessage"),
                &json!({"chat_id": bot_id, "text": format!("hook {n}")}),
            )
            .await;
        }
        let started = Instant::now();
        let url = format!("http://{receiver_addr}/hook");
        let (status, body) =
            send(&mut writer, &format!("/bot{bot}/setWebhook"), &json!({"url": url, "max_connections": 100})).await;
        assert_eq!(status, 200, "{body}");
        while received.load(Ordering::Relaxed) < backlog as u64 && started.elapsed() < Duration::from_secs(120) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let got = received.load(Ordering::Relaxed);
        println!(
            "webhook: {:.0} updates/s ({got} of {backlog} delivered from 20 chats)",
            got as f64 / started.elapsed().as_secs_f64()
        );
    }
    if figures.wants("files") {
        file_download(root.path(), &server, &bot, people[0].as_str()).await;
    }
    drop(server);

    if figures.wants("calllog") {
        // The call log's cost: getMe and sendMessage under wrk with the log on (its default ring
        // of 1000 calls per bot) and off, on fresh directories, alternately (on first, then off
        // first), best of two each.
        let mut best: std::collections::HashMap<(&str, &str), f64> = std::collections::HashMap::new();
        // Each order once: whichever runs second in a round may find the machine warmer.
        for order in [[("on", "1000"), ("off", "0")], [("off", "0"), ("on", "1000")]] {
            for (label, size) in order {
                let root = tempfile::tempdir().expect("scratch dir");
                let (server, bot, people) = chat_setup(root.path(), &[("MSG_CALL_LOG_SIZE", size)]).await;
                let chats: Vec<i64> = people.iter().map(|p| id_of(p)).collect();
                let getme = wrk(server.api, duration, &format!("/bot{bot}/getMe"), &[]);
                let sent = wrk(server.api, duration, &format!("/bot{bot}/sendMessage"), &send_bodies(&chats));
                for (figure, measured) in [("getMe", getme), ("sendMessage", sent)] {
                    if let Some((rate, _)) = measured {
                        let entry = best.entry((figure, label)).or_insert(0.0);
                        *entry = entry.max(rate);
                    }
                }
            }
        }
        for figure in ["getMe", "sendMessage"] {
            if let (Some(on), Some(off)) = (best.get(&(figure, "on")), best.get(&(figure, "off"))) {
                println!(
                    "call log ({figure}, wrk, best of two): on {on:.0}/s, off {off:.0}/s; on is {:.1} % of off (target >= 95 %)",
                    100.0 * on / off
                );
            }
        }
    }
    if figures.wants("durability") {
        durability(duration).await;
    }
    if figures.wants("postgres") {
        postgres(duration).await;
    }
    if figures.wants("instances") {
        instances::instances(duration).await;
    }
    if figures.wants("disk") {
        disk().await;
    }
    if figures.wants("idle") {
        idle_bots(root.path()).await;
    }
}

/// `msg-bench files`: only the file download figure.
async fn files_only() {
    let root = tempfile::tempdir().expect("scratch dir");
    let bot = cli(root.path(), &["bot", "create", "--username", "bench_bot"]);
    let person_token = cli(root.path(), &["user", "create", "--name", "P"]);
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    file_download(root.path(), &server, &bot, &person_token).await;
}

/// Downloads of one 256 MiB file through `/file/bot<token>/...`, next to nginx (if installed)
/// serving the same file from the bot's directory in the same run. Four concurrent downloads,
/// repeated; bytes per second of body received.
async fn file_download(root: &Path, server: &Server, bot: &str, person_token: &str) {
    const SIZE: u64 = 256 << 20;
    person(server, person_token, "sendMessage", json!({"chat_id": id_of(bot), "text": "file please"})).await;
    let (api, path, chat) = (server.api, format!("/bot{bot}/sendDocument"), id_of(person_token).to_string());
    let sent = tokio::task::spawn_blocking(move || {
        msg_testkit::upload_pattern(api, &path, &[("chat_id", &chat)], ("document", "bench.bin"), SIZE)
    })
    .await
    .expect("upload");
    let file_id = sent.json()["result"]["document"]["file_id"].clone();
    let mut sender = connect(server.api).await;
    let (_, file) = send(&mut sender, &format!("/bot{bot}/getFile"), &json!({"file_id": file_id})).await;
    let absolute = PathBuf::from(file["result"]["file_path"].as_str().expect("file_path"));
    let bot_dir = server.dir.join(id_of(bot).to_string());
    let relative = absolute.strip_prefix(&bot_dir).expect("inside the bot dir").display().to_string();
    let ours = throughput(server.api, format!("/file/bot{bot}/{relative}"), SIZE).await;
    let theirs = match nginx(root, &bot_dir) {
        Some((mut child, addr)) => {
            let rate = throughput(addr, format!("/{relative}"), SIZE).await;
            let _ = child.kill();
            let _ = child.wait();
            Some(rate)
        }
        None => None,
    };
    let mib = |rate: f64| rate / f64::from(1 << 20);
    match theirs {
        Some(theirs) => println!(
            "file download: {:.0} MiB/s; nginx: {:.0} MiB/s; ratio {:.0} % (target >= 90 %)",
            mib(ours),
            mib(theirs),
            100.0 * ours / theirs
        ),
        None => println!("file download: {:.0} MiB/s; nginx not found (apt-get install nginx-light)", mib(ours)),
    }
}

/// Bytes per second of `path` downloaded by 4 connections, 4 times each.
async fn throughput(addr: SocketAddr, path: String, size: u64) -> f64 {
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..4 {
        let path = path.clone();
        tasks.push(tokio::spawn(async move {
            let mut sender = connect(addr).await;
            let mut total = 0u64;
            for _ in 0..4 {
                let req = Request::get(path.as_str())
                    .header("host", "127.0.0.1")
                    .body(Full::new(Bytes::new()))
                    .expect("request");
                sender.ready().await.expect("ready");
                let mut body = sender.send_request(req).await.expect("response").into_body();
                while let Some(frame) = body.frame().await {
                    if let Ok(data) = frame.expect("body").into_data() {
                        total += data.len() as u64;
                    }
                }
            }
            total
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.expect("download task");
    }
    assert_eq!(total, 16 * size, "every download complete");
    total as f64 / started.elapsed().as_secs_f64()
}

/// nginx serving `root_dir` on a free loopback port, in the foreground, if it is installed.
fn nginx(scratch: &Path, root_dir: &Path) -> Option<(std::process::Child, SocketAddr)> {
    let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].into_iter().find(|p| Path::new(p).is_file())?;
    let port = msg_testkit::free_port();
    let dir = scratch.join("nginx");
    std::fs::create_dir_all(&dir).ok()?;
    let d = dir.display();
    let config = format!(
        "daemon off; master_process off; worker_processes 1; error_log {d}/error.log; pid {d}/nginx.pid;\n\
         events {{}}\n\
         http {{ access_log off; sendfile on; tcp_nopush on; client_body_temp_path {d}/body; proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi; uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;\n\
         server {{ listen 127.0.0.1:{port}; root {}; }} }}\n",
        root_dir.display()
    );
    std::fs::write(dir.join("nginx.conf"), config).ok()?;
    let child = std::process::Command::new(binary)
        .arg("-p")
        .arg(&dir)
        .arg("-c")
        .arg(dir.join("nginx.conf"))
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().ok()?;
    msg_testkit::poll_until("nginx accepts connections", || std::net::TcpStream::connect(addr).is_ok());
    Some((child, addr))
}

/// A server on a fresh directory with `env`, a bot and 20 people who opened their chats with it.
async fn chat_setup(root: &Path, env: &[(&str, &str)]) -> (Server, String, Vec<String>) {
    let bot = cli_with(root, env, &["bot", "create", "--username", "bench_bot"]);
    let people: Vec<String> =
        (0..20).map(|i| cli_with(root, env, &["user", "create", "--name", &format!("P{i}")])).collect();
    let mut launch = launch(root).env("MSG_LOCAL", "true");
    for (key, value) in env {
        launch = launch.env(key, *value);
    }
    let server = launch.start();
    for p in &people {
        person(&server, p, "sendMessage", json!({"chat_id": id_of(&bot), "text": "/start"})).await;
    }
    (server, bot, people)
}

/// sendMessage/s on a fresh server with `env`: wrk where it is installed (the server's cost, not
/// the client's, decides), else msg-bench's own client.
async fn send_rate(duration: Duration, env: &[(&str, &str)]) -> f64 {
    send_rate_with(duration, env, CONNECTIONS).await.0
}

/// [`send_rate`] from `connections` connections (wrk's; msg-bench's own client, where wrk is not
/// installed, always opens [`CONNECTIONS`]), with the writes each of the storage's commits held
/// meanwhile (its counters on the stats port; `None` where the backend keeps none).
async fn send_rate_with(duration: Duration, env: &[(&str, &str)], connections: usize) -> (f64, Option<f64>) {
    let root = tempfile::tempdir().expect("scratch dir");
    let port = msg_testkit::free_port().to_string();
    let env: Vec<(&str, &str)> = env.iter().copied().chain([("MSG_HTTP_STAT_PORT", port.as_str())]).collect();
    let (server, bot, people) = chat_setup(root.path(), &env).await;
    let chats: Vec<i64> = people.iter().map(|p| id_of(p)).collect();
    let path = format!("/bot{bot}/sendMessage");
    let before = storage_counts(&server);
    let (rate, failed) = match wrk_with(server.api, duration, &path, &send_bodies(&chats), connections) {
        Some(figures) => figures,
        None => {
            load(server.api, duration, move |n| {
                (path.clone(), json!({"chat_id": chats[n as usize % chats.len()], "text": format!("bench {n}")}))
            })
            .await
        }
    };
    assert_eq!(failed, 0, "{env:?}: {failed} failures");
    let per_commit = match (before, storage_counts(&server)) {
        (Some((w0, c0)), Some((w1, c1))) if c1 > c0 => Some((w1 - w0) as f64 / (c1 - c0) as f64),
        _ => None,
    };
    (rate, per_commit)
}

/// The storage's (writes, commits) so far, from the stats port's JSON.
fn storage_counts(server: &Server) -> Option<(u64, u64)> {
    let snapshot = msg_testkit::get(server.stats?, "/json").ok()?.json();
    Some((snapshot["storage"]["writes"].as_u64()?, snapshot["storage"]["commits"].as_u64()?))
}

/// sendMessage/s in each durability mode, alternately (process, power, process, power) on
/// fresh directories, so both see the same machine; the best run of each counts.
///
/// Then the same from twice as many connections (wrk only), with no target: `power` mode's
/// rate from 32 clients is bound by how many of them wait on each flush (a flush's latency
/// here is two round trips to the virtual disk), and that line shows how much of the gap goes
/// when more clients share each flush (bench/README.md, session 21).
async fn durability(duration: Duration) {
    // The best rate of each mode, and the writes a flush held in `power` mode's best run.
    let rates = |connections| async move {
        let (mut best, mut shared) = ([0.0f64; 2], None);
        for round in 0..4 {
            let mode = ["process", "power"][round % 2];
            let (rate, per_commit) = send_rate_with(duration, &[("MSG_DURABILITY", mode)], connections).await;
            if rate > best[round % 2] {
                best[round % 2] = rate;
                if mode == "power" {
                    shared = per_commit;
                }
            }
        }
        let shared = shared.map(|n| format!("; {n:.1} writes a flush")).unwrap_or_default();
        (best, shared)
    };
    let (best, shared) = rates(CONNECTIONS).await;
    println!(
        "durability: sendMessage {:.0} msg/s in process mode, {:.0} msg/s in power mode{shared}; power/process {:.0} % (target >= 85 %)",
        best[0],
        best[1],
        100.0 * best[1] / best[0]
    );
    if wrk_binary().is_some() {
        let (best, shared) = rates(2 * CONNECTIONS).await;
        println!(
            "durability from {} connections: sendMessage {:.0} msg/s in process mode, {:.0} msg/s in power mode{shared}; power/process {:.0} %",
            2 * CONNECTIONS,
            best[0],
            best[1],
            100.0 * best[1] / best[0]
        );
    }
}

/// sendMessage/s on PostgreSQL (a throwaway cluster from Debian's package, flushing to disk)
/// beside SQLite, alternately, both in `power` mode.
async fn postgres(duration: Duration) {
    if msg_testkit::postgres::bin_dir().is_none() {
        return println!("postgres: not measured (Debian's postgresql is not installed)");
    }
    let cluster = msg_testkit::postgres::Cluster::start(true);
    let mut best = [0.0f64; 2];
    for round in 0..4 {
        let rate = if round % 2 == 0 {
            send_rate(duration, &[]).await
        } else {
            let url = cluster.create_database(&format!("bench{round}"));
            send_rate(duration, &[("MSG_DATABASE_URL", url.as_str())]).await
        };
        best[round % 2] = best[round % 2].max(rate);
    }
    println!(
        "postgres: sendMessage {:.0} msg/s on PostgreSQL, {:.0} msg/s on SQLite; PostgreSQL/SQLite {:.0} %",
        best[1],
        best[0],
        100.0 * best[1] / best[0]
    );
}

/// Disk per stored message: 100,000 messages sent and every update acknowledged by both sides,
/// then again once `--message-retention` forgot them.
async fn disk() {
    const MESSAGES: usize = 100_000;
    let root = tempfile::tempdir().expect("scratch dir");
    // Retention only after the restart below: on from the start, its sweeps would forget the
    // first messages before they are measured.
    let (server, bot, people) = chat_setup(root.path(), &[]).await;
    let chats: Arc<Vec<i64>> = Arc::new(people.iter().map(|p| id_of(p)).collect());
    let tasks: Vec<_> = (0..CONNECTIONS)
        .map(|c| {
            let (addr, chats, bot) = (server.api, chats.clone(), bot.clone());
            tokio::spawn(async move {
                let mut sender = connect(addr).await;
                for n in (c..MESSAGES).step_by(CONNECTIONS) {
                    let body = json!({"chat_id": chats[n % chats.len()], "text": format!("stored message number {n}")});
                    assert_eq!(send(&mut sender, &format!("/bot{bot}/sendMessage"), &body).await.0, 200);
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("sender");
    }
    // Everyone reads everything: the bot's queue and each person's.
    drain_updates(&server, &format!("/bot{bot}/getUpdates")).await;
    for p in &people {
        drain_updates(&server, &format!("/user{p}/getUpdates")).await;
    }
    let data = root.path().join("data");
    // (database files, their write-ahead logs) in bytes.
    let sizes = || {
        let (mut files, mut logs) = (0, 0);
        for entry in walk(&data) {
            let name = entry.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let len = std::fs::metadata(&entry).map_or(0, |m| m.len());
            if name.ends_with(".sqlite") {
                files += len;
            } else if name.ends_with(".sqlite-wal") {
                logs += len;
            }
        }
        (files, logs)
    };
    let running_logs = sizes().1;
    // A clean stop folds the logs back into the files: what the messages take, WAL or not.
    let stop = |mut server: Server| {
        server.signal("TERM");
        assert!(server.wait_exit(Duration::from_secs(30)).is_some(), "the server did not stop");
    };
    stop(server);
    let stored = sizes();
    let server = launch(root.path()).env("MSG_LOCAL", "true").env("MSG_MESSAGE_RETENTION", "6s").start();
    // Retention (6 s, swept every 1.5 s) forgets them; the space goes back while it runs.
    let history = format!("/user{}/getChatHistory", people[0]);
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut sender = connect(server.api).await;
    loop {
        let (_, page) = send(&mut sender, &history, &json!({"chat_id": id_of(&bot)})).await;
        if page["result"].as_array().is_some_and(Vec::is_empty) || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let after_running = sizes();
    stop(server);
    let left = sizes();
    let mib = |bytes: u64| bytes as f64 / (1 << 20) as f64;
    println!(
        "disk: {MESSAGES} messages stored and read by both sides: {:.0} bytes per message ({:.1} MiB in the database files after a clean stop; while running, {:.1} MiB of write-ahead logs beside them); after retention forgot them: {:.1} MiB while running (logs included), {:.1} MiB after a clean stop",
        stored.0 as f64 / MESSAGES as f64,
        mib(stored.0),
        mib(running_logs),
        mib(after_running.0 + after_running.1),
        mib(left.0 + left.1)
    );
}

/// Reads a queue to its end, acknowledging everything.
async fn drain_updates(server: &Server, path: &str) {
    let mut sender = connect(server.api).await;
    let mut offset = 0i64;
    loop {
        let (_, body) = send(&mut sender, path, &json!({"offset": offset, "limit": 100})).await;
        let Some(last) = body["result"].as_array().and_then(|a| a.last()).and_then(|u| u["update_id"].as_i64()) else {
            // Acknowledge the last batch.
            send(&mut sender, path, &json!({"offset": offset, "limit": 1})).await;
            return;
        };
        offset = last + 1;
    }
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

async fn person(server: &Server, token: &str, method: &str, params: Value) -> Value {
    let mut sender = connect(server.api).await;
    let (status, body) = send(&mut sender, &format!("/user{token}/{method}"), &params).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// 10,000 bots (`MSG_BENCH_IDLE_BOTS` for another number) declared in a config file, each
/// having made one request (so its session is loaded), then left idle.
async fn idle_bots(root: &Path) {
    let bots: i64 = std::env::var("MSG_BENCH_IDLE_BOTS").ok().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    let dir = root.join("idle");
    std::fs::create_dir_all(&dir).expect("dir");
    let mut config = String::new();
    let token = |i: i64| format!("{}:AAidleBotSecret_{:019}", 1_000_000 + i, i);
    for i in 0..bots {
        config.push_str(&format!("[[bots]]\ntoken = \"{}\"\nusername = \"idle{i}_bot\"\n", token(i)));
    }
    let config_path = dir.join("bots.toml");
    std::fs::write(&config_path, config).expect("config");
    let started = Instant::now();
    let launch = launch(&dir).arg("--config").arg(config_path.display().to_string());
    let server = launch.start_within(Duration::from_secs(600));
    let provisioned = started.elapsed();
    let before = msg_testkit::rss_kib(server.child.id());
    let mut sender = connect(server.api).await;
    for i in 0..bots {
        let (status, body) = send(&mut sender, &format!("/bot{}/getMe", token(i)), &json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    let after = msg_testkit::rss_kib(server.child.id());
    println!(
        "idle bots: {bots} bots provisioned in {:.1} s; RSS {:.1} MiB before their first request, {:.1} MiB with all {bots} sessions loaded (targets: 10,000 < 200 MB, 100,000 < 600 MiB and provisioned < 30 s)",
        provisioned.as_secs_f64(),
        before as f64 / 1024.0,
        after as f64 / 1024.0
    );
}
