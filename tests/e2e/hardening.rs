//! What careless clients and attackers do: requests abandoned mid-flight (no queue may stall,
//! nothing half-written may remain), connections that never finish their header or sit idle,
//! more connections than descriptors, oversized bodies.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use msg_testkit::{Abandon, Multipart, Receiver, Server, abandon, poll_until};
use serde_json::{Value, json};

use crate::{create_bot, create_user, id_of, launch, ok, walk, webhook_info};

const WAYS: [Abandon; 3] = [Abandon::AfterRequest, Abandon::HalfBody, Abandon::Reset];

/// Every update `token` receives until one satisfies `last`, then whatever the abandoned
/// requests still in their tasks add, until the queue stays empty; checks the ids increase.
fn receive_until(server: &Server, token: &str, user: bool, last: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut all: Vec<Value> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen = false;
    loop {
        assert!(Instant::now() < deadline, "the last update never came; got {all:?}");
        let offset = all.last().map_or(0, |u| u["update_id"].as_i64().unwrap() + 1);
        // Once the awaited update is in, a poll that stays empty for a second ends the stream.
        let params = json!({"offset": offset, "timeout": if seen { 1 } else { 5 }});
        let reply =
            if user { server.user_call(token, "getUpdates", params) } else { server.call(token, "getUpdates", params) };
        let batch = ok(reply);
        let batch = batch.as_array().unwrap();
        if seen && batch.is_empty() {
            return all;
        }
        for update in batch {
            if let Some(previous) = all.last() {
                assert!(update["update_id"].as_i64() > previous["update_id"].as_i64(), "{all:?} then {update}");
            }
            seen |= last(update);
            all.push(update.clone());
        }
    }
}

/// The texts (or captions) of the messages among `updates`; each may appear only once.
fn texts(updates: &[Value]) -> Vec<String> {
    let texts: Vec<String> = updates
        .iter()
        .filter_map(|u| u["message"]["text"].as_str().or(u["message"]["caption"].as_str()))
        .map(str::to_owned)
        .collect();
    let mut unique = texts.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), texts.len(), "a message came twice: {texts:?}");
    texts
}

fn json_body(value: Value) -> Vec<u8> {
    value.to_string().into_bytes()
}

/// No request's upload directory is left in the temp dir.
fn no_uploads_left(root: &Path) {
    poll_until("abandoned uploads are removed", || {
        walk(&root.join("tmp")).iter().all(|p| !p.to_string_lossy().contains("msg-upload-"))
    });
}

#[test]
fn abandoned_requests_never_stall_a_queue_nor_leave_anything_half_done() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "steady_bot");
    let hook_bot = create_bot(root.path(), "hooked_bot");
    let alice = create_user(root.path(), "Alice");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).env("MSG_LOCAL", "1").start();
    let (bot_id, hook_id, alice_id) = (id_of(&bot), id_of(&hook_bot), id_of(&alice));
    let api = server.api;

    // Person → bot.
    for (i, how) in WAYS.iter().cycle().take(21).enumerate() {
        let body = json_body(json!({"chat_id": bot_id, "text": format!("lost {i}")}));
        abandon(api, &format!("/user{alice}/sendMessage"), "application/json", &body, *how);
    }
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "marker 1"})));
    // Everything each recipient got, to judge what surfaces after the restart.
    let mut seen: std::collections::HashMap<String, Vec<Value>> = std::collections::HashMap::new();
    let got = receive_until(&server, &bot, false, |u| u["message"]["text"] == "marker 1");
    seen.entry(bot.clone()).or_default().extend(got.clone());
    assert!(texts(&got).contains(&"marker 1".to_owned()));

    // Bot → person.
    for (i, how) in WAYS.iter().cycle().take(21).enumerate() {
        let body = json_body(json!({"chat_id": alice_id, "text": format!("lost {i}")}));
        abandon(api, &format!("/bot{bot}/sendMessage"), "application/json", &body, *how);
    }
    ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "marker 2"})));
    let got = receive_until(&server, &alice, true, |u| u["message"]["text"] == "marker 2");
    seen.entry(alice.clone()).or_default().extend(got.clone());
    assert!(texts(&got).contains(&"marker 2".to_owned()));

    // A group: people and the bot (privacy mode: commands) all get the next message.
    let group =
        ok(server.user_call(&alice, "createGroup", json!({"title": "Steady", "member_ids": [bot_id, id_of(&carol)]})));
    let group_id = group["id"].as_i64().unwrap();
    let got = receive_until(&server, &carol, true, |u| u["message"]["group_chat_created"] == true);
    seen.entry(carol.clone()).or_default().extend(got);
    let got = receive_until(&server, &bot, false, |u| u["message"]["group_chat_created"] == true);
    seen.entry(bot.clone()).or_default().extend(got);
    for (i, how) in WAYS.iter().cycle().take(21).enumerate() {
        let body = json_body(json!({"chat_id": group_id, "text": format!("/lost{i}")}));
        abandon(api, &format!("/user{alice}/sendMessage"), "application/json", &body, *how);
    }
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": group_id, "text": "/marker3"})));
    let got = receive_until(&server, &carol, true, |u| u["message"]["text"] == "/marker3");
    assert!(texts(&got).contains(&"/marker3".to_owned()));
    seen.entry(carol.clone()).or_default().extend(got);
    let got = receive_until(&server, &bot, false, |u| u["message"]["text"] == "/marker3");
    assert!(texts(&got).contains(&"/marker3".to_owned()));
    seen.entry(bot.clone()).or_default().extend(got);

    // Uploads: abandoned halfway, after the body, or reset.
    for (i, how) in WAYS.iter().cycle().take(9).enumerate() {
        let (content_type, body) = Multipart::new()
            .text("chat_id", &bot_id.to_string())
            .text("caption", &format!("lost file {i}"))
            .file("document", "lost.bin", "application/octet-stream", &vec![7u8; 256 * 1024])
            .finish();
        abandon(api, &format!("/user{alice}/sendDocument"), &content_type, &body, *how);
    }
    let sent = Multipart::new()
        .text("chat_id", &bot_id.to_string())
        .text("caption", "marker 4")
        .file("document", "kept.bin", "application/octet-stream", b"kept")
        .post(api, &format!("/user{alice}/sendDocument"));
    ok(sent);
    let got = receive_until(&server, &bot, false, |u| u["message"]["caption"] == "marker 4");
    seen.entry(bot.clone()).or_default().extend(got.clone());
    assert!(texts(&got).contains(&"marker 4".to_owned()));
    no_uploads_left(root.path());

    // setWebhook given up on: the webhook is then set normally and delivers.
    let receiver = Receiver::start();
    let url = format!("http://{}/hook", receiver.addr);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": hook_id, "text": "hello"})));
    for how in WAYS.iter().cycle().take(9) {
        // The same URL: abandoned calls may still finish after the normal one below.
        let body = json_body(json!({"url": url}));
        abandon(api, &format!("/bot{hook_bot}/setWebhook"), "application/json", &body, *how);
    }
    // (A change within a second is answered 429 retry_after 1, as the reference does.)
    poll_until("setWebhook succeeds", || server.call(&hook_bot, "setWebhook", json!({"url": url})).status == 200);
    assert_eq!(webhook_info(&server, &hook_bot)["url"], url);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": hook_id, "text": "marker 5"})));
    let delivered = receiver.wait_for(2);
    let delivered: Vec<String> =
        delivered.iter().map(|r| r.json()["message"]["text"].as_str().unwrap_or_default().to_owned()).collect();
    assert_eq!(delivered, ["hello", "marker 5"]);
    poll_until("the webhook queue is empty", || webhook_info(&server, &hook_bot)["pending_update_count"] == 0);

    // Nothing half-written waits for a restart to surface out of order: what comes after it is
    // only abandoned requests that were still being carried out (a received request is carried
    // out to its end), each new, after everything delivered before.
    drop(server);
    let server = launch(root.path()).env("MSG_LOCAL", "1").start();
    for (token, user) in [(&bot, false), (&alice, true), (&carol, true)] {
        let params = json!({"timeout": 0});
        let late = ok(if user {
            server.user_call(token, "getUpdates", params)
        } else {
            server.call(token, "getUpdates", params)
        });
        let before = seen.get(token.as_str()).cloned().unwrap_or_default();
        let last = before.iter().filter_map(|u| u["update_id"].as_i64()).max().unwrap_or(0);
        let mut all = before.clone();
        for update in late.as_array().unwrap() {
            assert!(update["update_id"].as_i64().unwrap() > last, "an update surfaced out of order: {update}");
            // A person also gets the service messages of their own acts (the group they made).
            let own_service = user
                && update["message"]["from"]["id"].as_i64() == Some(crate::id_of(token))
                && update["message"]["text"].is_null()
                && update["message"]["caption"].is_null();
            if own_service {
                continue;
            }
            let text = update["message"]["text"].as_str().or(update["message"]["caption"].as_str()).unwrap_or_default();
            assert!(text.contains("lost"), "only abandoned requests may come late: {update}");
            all.push(update.clone());
        }
        texts(&all);
    }
    no_uploads_left(root.path());
}

#[test]
fn a_client_that_half_closes_after_its_request_gets_the_answer() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "half_bot");
    let server = launch(root.path()).start();
    let mut stream = TcpStream::connect(server.api).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(stream, "GET /bot{bot}/getMe HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"username\":\"half_bot\""), "{answer}");
}

/// Reads until the server closes the connection; returns how long that took.
fn closed_within(mut stream: TcpStream, limit: Duration) -> Duration {
    let start = Instant::now();
    stream.set_read_timeout(Some(limit)).unwrap();
    let mut sink = Vec::new();
    match stream.read_to_end(&mut sink) {
        Ok(_) => start.elapsed(),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => start.elapsed(),
        Err(e) => panic!("the server kept the connection open for {:?}: {e}", start.elapsed()),
    }
}

#[test]
fn slow_headers_and_idle_connections_are_closed_but_long_polls_are_not() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "patient_bot");
    let server = launch(root.path())
        .env("MSG_HTTP_HEADER_TIMEOUT", "1")
        .env("MSG_HTTP_IDLE_TIMEOUT", "3s")
        .env("MSG_HTTP_BODY_TIMEOUT", "1")
        .start();

    // Nothing sent at all, and half a header: closed after the header bound.
    let silent = TcpStream::connect(server.api).unwrap();
    let mut slow = TcpStream::connect(server.api).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").unwrap();
    assert!(closed_within(silent, Duration::from_secs(10)) < Duration::from_secs(3));
    assert!(closed_within(slow, Duration::from_secs(10)) < Duration::from_secs(3));

    // A head and 3 bytes of a 100-byte body, then nothing: closed after the body bound.
    let mut stalled = TcpStream::connect(server.api).unwrap();
    write!(stalled, "POST /bot{bot}/getMe HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\na=1").unwrap();
    assert!(closed_within(stalled, Duration::from_secs(10)) < Duration::from_secs(4));
    // A body that keeps coming, a byte at a time for longer than the bound, is read and answered.
    let body = "offset=0&limit=100&x=1234567";
    let mut trickle = TcpStream::connect(server.api).unwrap();
    write!(trickle, "POST /bot{bot}/getMe HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n", body.len()).unwrap();
    let started = Instant::now();
    for byte in body.bytes() {
        std::thread::sleep(Duration::from_millis(100));
        trickle.write_all(&[byte]).unwrap();
    }
    assert!(started.elapsed() > Duration::from_secs(2));
    let mut head = [0u8; 12];
    trickle.read_exact(&mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");

    // Idle between keep-alive requests: closed after the idle bound, not the header bound.
    let mut idle = TcpStream::connect(server.api).unwrap();
    write!(idle, "GET /bot{bot}/getMe HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut first = [0u8; 12];
    idle.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    let waited = closed_within(idle, Duration::from_secs(15));
    assert!(waited >= Duration::from_secs(2) && waited < Duration::from_secs(8), "{waited:?}");

    // A long poll of 5 s outlives both bounds and is answered.
    let started = Instant::now();
    let updates = ok(server.call(&bot, "getUpdates", json!({"timeout": 5})));
    assert_eq!(updates, json!([]));
    assert!(started.elapsed() >= Duration::from_secs(4), "{:?}", started.elapsed());

    // The bounds are checked at start.
    let (status, _, stderr) = launch(root.path()).env("MSG_HTTP_IDLE_TIMEOUT", "soon").run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("MSG_HTTP_IDLE_TIMEOUT must be a period such as 500, 90s or 10m, found `soon`"),
        "{stderr}"
    );
}

#[test]
fn more_connections_than_descriptors_never_restart_the_engine() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "crowded_bot");
    let mut launch = launch(root.path());
    // The server's own process, with 256 descriptors at most (soft and hard).
    let bin = launch.bin.clone();
    launch.bin = "prlimit".into();
    launch.args = vec!["--nofile=256:256".into(), "--".into(), bin.display().to_string()];
    // Health checks every second: three that could not connect used to restart the engine.
    let mut server = launch.env("MSG_HEALTH_INTERVAL", "1").start();
    server.wait_for_line(|l| l.contains("open-file limit 256: at most 192 connections per port"));

    let mut kept = TcpStream::connect(server.api).unwrap();
    kept.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let get_me = format!("GET /bot{bot}/getMe HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(exchange(&mut kept, &get_me).starts_with("HTTP/1.1 200"));
    let mut crowd: Vec<TcpStream> = (0..260).filter_map(|_| TcpStream::connect(server.api).ok()).collect();
    server.wait_for_line(|l| l.contains("connections are open, the most allowed; closing new ones"));

    // The connection that was there keeps being served, through several health checks.
    let crowded = Instant::now();
    while crowded.elapsed() < Duration::from_secs(5) {
        let answer = exchange(&mut kept, &get_me);
        assert!(answer.starts_with("HTTP/1.1 200") && answer.contains("crowded_bot"), "{answer}");
    }

    crowd.clear();
    poll_until("new connections are served again", || {
        msg_testkit::get(server.api, &format!("/bot{bot}/getMe")).is_ok_and(|r| r.status == 200)
    });
    let output = server.output();
    assert!(!output.contains("restart"), "{output}");
    assert!(!output.contains("the Bot API server failed"), "{output}");
}

#[test]
fn descriptors_taken_after_start_leave_the_engine_running_and_serving() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "starved_bot");
    // Health checks every second; the server starts with its ordinary open-file limit.
    let mut server = launch(root.path()).env("MSG_HEALTH_INTERVAL", "1").start();
    let get_me = format!("GET /bot{bot}/getMe HTTP/1.1\r\nHost: x\r\n\r\n");
    let mut kept = TcpStream::connect(server.api).unwrap();
    kept.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    assert!(exchange(&mut kept, &get_me).starts_with("HTTP/1.1 200"));

    // Then its limit drops to 128 under it, and 300 keep-alive clients come, one GET / each:
    // the headroom computed at start no longer holds, and accept() meets EMFILE.
    let pid = server.child.id().to_string();
    let lowered = std::process::Command::new("prlimit").args(["--pid", &pid, "--nofile=128:128"]).status().unwrap();
    assert!(lowered.success());
    let crowd: Vec<TcpStream> = (0..300)
        .filter_map(|_| {
            let mut stream = TcpStream::connect(server.api).ok()?;
            stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").ok()?;
            Some(stream)
        })
        .collect();
    assert!(crowd.len() > 128, "the crowd is larger than the limit: {}", crowd.len());
    server.wait_for_line(|l| l.contains("accept failed") && l.contains("closing the newest connections"));

    // Starved of descriptors through several health checks (each within 1 s, timing out after
    // 5 s): the connection that was there keeps being served, and the engine is not taken for
    // dead (it used to fail three checks in a row and restart, dropping every client).
    // (GET /: a bot's call may need a descriptor of its own, to read its database.)
    let starved = Instant::now();
    while starved.elapsed() < Duration::from_secs(14) {
        let status = status_of_get(&mut kept, "/")
            .unwrap_or_else(|e| panic!("the kept connection failed ({e}); the server said:\n{}", server.output()));
        assert_eq!(status, 200, "{}", server.output());
    }
    let output = server.output();
    assert!(!output.contains("health check 1/3 failed"), "{output}");
    assert!(!output.contains("restart"), "{output}");

    drop(crowd);
    poll_until("new connections are served again", || {
        msg_testkit::get(server.api, &format!("/bot{bot}/getMe")).is_ok_and(|r| r.status == 200)
    });
    assert!(!server.output().contains("restart"));
}

/// `GET path` on a kept-alive connection: the answer's status, its body read to its length.
fn status_of_get(stream: &mut TcpStream, path: &str) -> std::io::Result<u16> {
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())?;
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        if let Some(end) = received.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&received[..end]).to_ascii_lowercase();
            let length: usize =
                head.lines().find_map(|l| l.strip_prefix("content-length:")).map_or(0, |v| v.trim().parse().unwrap());
            if received.len() >= end + 4 + length {
                return Ok(head[9..12].parse().unwrap());
            }
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        received.extend_from_slice(&buf[..n]);
    }
}

/// Sends `request` on a kept-alive connection and reads its JSON answer (up to the final `}}`).
fn exchange(stream: &mut TcpStream, request: &str) -> String {
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while !answer.ends_with(b"}}") {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "closed after {}", String::from_utf8_lossy(&answer));
        answer.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn oversized_bodies_are_refused_before_they_are_read() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "big_bot");
    let server = launch(root.path()).start();
    let answer = |head: String| {
        let mut stream = TcpStream::connect(server.api).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(&[b'x'; 1024]).unwrap();
        let started = Instant::now();
        let mut answer = String::new();
        // The server answers and closes without waiting for gigabytes that never come.
        let _ = stream.read_to_string(&mut answer);
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
        answer
    };
    let path = format!("/bot{bot}/sendDocument");

    let huge = answer(format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5000000000\r\n\r\n"
    ));
    assert!(huge.starts_with("HTTP/1.1 413"), "{huge}");
    assert!(huge.to_ascii_lowercase().contains("connection: close"), "{huge}");
    assert!(huge.ends_with(r#""description":"Request Entity Too Large: content length is 4294967295"}"#), "{huge}");

    let three_gb = answer(format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 3000000000\r\n\r\n"
    ));
    assert!(three_gb.starts_with("HTTP/1.1 413"), "{three_gb}");
    assert!(three_gb.ends_with(r#""description":"Request Entity Too Large"}"#), "{three_gb}");

    // A part far over the limit is answered as soon as it is, without the rest of the body.
    let mut stream = TcpStream::connect(server.api).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 400000000\r\n\r\n--b\r\nContent-Disposition: form-data; name=\"document\"; filename=\"big.bin\"\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    let chunk = vec![0u8; 1 << 20];
    let mut sent = 0usize;
    while sent < 300 << 20 && stream.write_all(&chunk).is_ok() {
        sent += chunk.len();
    }
    assert!(sent < 300 << 20, "the server read {sent} bytes of a 400 MB upload");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 413"), "{answer}");
    no_uploads_left(root.path());
}

#[test]
fn uploads_cut_off_by_a_kill_9_are_swept_at_the_next_start() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "swept_bot");
    let mut server = launch(root.path()).start();
    let uploads = || -> Vec<String> {
        let names = std::fs::read_dir(root.path().join("tmp")).unwrap().flatten();
        names.map(|e| e.file_name().to_string_lossy().into_owned()).filter(|n| n.starts_with("msg-upload-")).collect()
    };
    // Another host's upload in a shared temp dir, still fresh: not this host's to judge.
    let foreign = "msg-upload-00000000000000ff-1@another-host";
    std::fs::create_dir(root.path().join("tmp").join(foreign)).unwrap();

    let mut stream = TcpStream::connect(server.api).unwrap();
    let head = format!(
        "POST /bot{bot}/sendDocument HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 10000000\r\n\r\n--b\r\nContent-Disposition: form-data; name=\"document\"; filename=\"big.bin\"\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&vec![7u8; 1 << 20]).unwrap();
    poll_until("the upload is being written", || uploads().len() == 2);
    server.signal("KILL");
    server.wait_exit(Duration::from_secs(5)).expect("killed");
    drop((stream, server));
    assert_eq!(uploads().len(), 2, "the killed server left its upload behind");

    let server = launch(root.path()).start();
    assert_eq!(uploads(), [foreign]);
    assert!(server.output().contains("removed 1 upload directories"), "{}", server.output());
}
