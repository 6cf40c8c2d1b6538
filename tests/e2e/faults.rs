//! Fault injection and the call log, as the book's "Testing the bad days" describes them: rules the
//! operator sets at run time (or in the config file) make calls, downloads and webhook
//! deliveries fail as they would on a bad day, a fault never changes state, the built-in flood
//! control answers 429 at the platform's rates, and the call log shows what each bot called.

use std::time::{Duration, Instant};

use msg_testkit::{Multipart, Receiver, Server, poll_until};
use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, ok};

const KEY: &str = "faults-operator-key-0123";

fn operator(server: &Server, method: &str, params: Value) -> msg_testkit::HttpResponse {
    crate::console::operator(server, KEY, method, params)
}

fn fault(server: &Server, rule: Value) -> Value {
    ok(operator(server, "addFault", json!({"rule": rule.to_string()})))
}

fn calls(server: &Server, bot_id: i64, filter: Value) -> Vec<Value> {
    let mut params = json!({"bot_id": bot_id});
    for (k, v) in filter.as_object().unwrap() {
        params[k] = v.clone();
    }
    ok(operator(server, "getCalls", params)).as_array().unwrap().clone()
}

/// Everything the server sends for `GET path` until it closes the connection, as (the promised
/// `Content-Length`, the body bytes that came): what a client of a cut answer receives.
fn cut_body(server: &Server, path: &str) -> (usize, Vec<u8>) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(server.api).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.api);
    stream.write_all(request.as_bytes()).unwrap();
    let mut received = Vec::new();
    let mut chunk = [0u8; 8192];
    // Until the end or the reset that cuts it.
    while let Ok(n @ 1..) = stream.read(&mut chunk) {
        received.extend_from_slice(&chunk[..n]);
    }
    let end = received.windows(4).position(|w| w == b"\r\n\r\n").expect("the head came whole") + 4;
    let head = String::from_utf8_lossy(&received[..end]).to_ascii_lowercase();
    let length = head.lines().find_map(|l| l.strip_prefix("content-length:")).unwrap().trim().parse().unwrap();
    (length, received[end..].to_vec())
}

fn raw(server: &Server, path: &str) -> std::io::Result<msg_testkit::HttpResponse> {
    let request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", server.api);
    msg_testkit::raw_request(server.api, request.as_bytes())
}

#[test]
fn fault_rules_fail_calls_as_the_platform_would_and_a_failed_call_does_nothing() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "unlucky_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));

    // A 429 with retry_after, in the reference's words, twice; then the call goes through.
    let rule = fault(
        &server,
        json!({"bot_id": bot_id, "method": "getMe", "error": {"code": 429, "retry_after": 3}, "times": 2}),
    );
    assert_eq!(rule["times_left"], 2);
    for _ in 0..2 {
        let refused = server.call(&bot, "getMe", json!({}));
        assert_eq!(refused.status, 429);
        assert_eq!(
            refused.json(),
            json!({"ok": false, "error_code": 429, "description": "Too Many Requests: retry after 3", "parameters": {"retry_after": 3}})
        );
        assert_eq!(refused.header("retry-after"), Some("3"));
    }
    assert_eq!(ok(server.call(&bot, "getMe", json!({})))["id"], bot_id);
    assert_eq!(ok(operator(&server, "listFaults", json!({}))), json!([]), "a rule is spent after its times");

    // A 502 outage of getUpdates confirms nothing: the update is there once it ends.
    fault(&server, json!({"method": "getUpdates", "error": {"code": 502}, "times": 1}));
    let outage = server.call(&bot, "getUpdates", json!({"offset": 0}));
    assert_eq!(error(outage), (502, "Bad Gateway".into()));
    let updates = ok(server.call(&bot, "getUpdates", json!({"offset": 0})));
    assert_eq!(updates[0]["message"]["text"], "/start");

    // Only the matching parameters; a sendMessage that failed by rule sent nothing.
    fault(&server, json!({"method": "send*", "params": {"text": "doomed"}, "error": {"code": 500}}));
    let refused = server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "doomed"}));
    assert_eq!(error(refused), (500, "Internal Server Error".into()));
    ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "fine"})));
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let texts: Vec<&str> = history.as_array().unwrap().iter().filter_map(|m| m["text"].as_str()).collect();
    assert!(texts.contains(&"fine") && !texts.contains(&"doomed"), "{texts:?}");
    assert_eq!(ok(operator(&server, "clearFaults", json!({}))), json!({"cleared": 1}));

    // A rule answers before the method's own checks; a migration names the new chat.
    fault(
        &server,
        json!({"method": "approveSuggestedPost", "error": {"code": 403, "description": "Forbidden: bot was blocked by the user"}, "times": 1}),
    );
    assert_eq!(
        error(server.call(&bot, "approveSuggestedPost", json!({}))),
        (403, "Forbidden: bot was blocked by the user".into())
    );
    assert_eq!(
        error(server.call(&bot, "approveSuggestedPost", json!({}))),
        (400, "Bad Request: chat_id is empty".into()),
        "spent: the method's own answer again"
    );
    let migrate = json!({"code": 400, "description": "Bad Request: group chat was upgraded to a supergroup chat", "migrate_to_chat_id": -1001234});
    fault(&server, json!({"method": "sendMessage", "error": migrate, "times": 1}));
    let moved = server.call(&bot, "sendMessage", json!({"chat_id": -42, "text": "hi"})).json();
    assert_eq!(moved["parameters"], json!({"migrate_to_chat_id": -1001234}));

    // A delay, then the answer; a connection closed without one; an answer cut short.
    fault(&server, json!({"method": "getMe", "delay_ms": 400, "times": 1}));
    let started = Instant::now();
    ok(server.call(&bot, "getMe", json!({})));
    assert!(started.elapsed() >= Duration::from_millis(400));
    fault(&server, json!({"method": "getMe", "close": true, "times": 1}));
    let closed = raw(&server, &format!("/bot{bot}/getMe"));
    assert!(closed.is_err(), "closed without an answer: {:?}", closed.map(|r| r.status));
    fault(&server, json!({"method": "getMe", "truncate": true, "times": 1}));
    let (promised, came) = cut_body(&server, &format!("/bot{bot}/getMe"));
    assert!(
        !came.is_empty() && came.len() < promised && came.starts_with(br#"{"ok":true"#),
        "a prefix of the answer, then the end: {promised} promised, {:?} came",
        String::from_utf8_lossy(&came)
    );
    assert_eq!(ok(server.call(&bot, "getMe", json!({})))["id"], bot_id);

    // Bad rules are refused with what is wrong.
    let refused = operator(&server, "addFault", json!({"rule": json!({"error": {"code": 200}}).to_string()}));
    assert_eq!(error(refused).1, "Bad Request: error.code must be 400-599");
    let refuses = |rule: Value, says: &str| {
        let refused = operator(&server, "addFault", json!({"rule": rule.to_string()}));
        let (status, description) = error(refused);
        assert!(status == 400 && description.contains(says), "{rule}: {description}");
    };
    refuses(json!({"method": "frob*", "close": true}), "method `frob*` matches no Bot API method name");
    refuses(json!({"method": "sendMesage", "close": true}), "did you mean sendMessage?");
    refuses(json!({"method": "message", "close": true}), "it is an update kind");
    refuses(json!({"place": "webhook", "method": "sendMessage", "close": true}), "is not an update kind");
    refuses(
        json!({"method": "getMe", "close": true, "from": 2_000_000_000, "until": 1_000_000_000}),
        "must come after from",
    );
    refuses(json!({"method": 7, "close": true}), "method must be a string");
    ok(operator(
        &server,
        "addFault",
        json!({"rule": json!({"place": "webhook", "method": "callback_*", "close": true}).to_string()}),
    ));
    // A body that is not JSON is not taken for an empty rule.
    let cut = "{\"rule\": {\"method\": ";
    let request = format!(
        "POST /console/api/addFault HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {KEY}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{cut}",
        server.api,
        cut.len()
    );
    let garbage = msg_testkit::raw_request(server.api, request.as_bytes()).unwrap();
    assert!(error(garbage).1.contains("addFault takes a rule"), "a cut body");
    let unknown = operator(&server, "clearFaults", json!({"id": 987_654}));
    assert_eq!(
        error(unknown).1,
        "Bad Request: no fault rule 987654 is in force (it was cleared, or spent its times); listFaults shows the rules in force"
    );
    assert_eq!(ok(operator(&server, "clearFaults", json!({}))), json!({"cleared": 1}));

    // The call log: each call with its status, answer, duration and the rule that fired.
    let logged = calls(&server, bot_id, json!({"method": "getMe"}));
    assert!(logged.len() >= 6, "{logged:?}");
    let first = &logged[0];
    assert_eq!((first["status"].as_i64(), first["error"]["error_code"].as_i64()), (Some(429), Some(429)));
    assert_eq!(first["error"]["parameters"], json!({"retry_after": 3}), "the answer as given: {first}");
    assert!(first["fault"].is_u64() && first["duration_ms"].is_f64(), "{first}");
    let sent = calls(&server, bot_id, json!({"method": "sendMessage", "status": 200}));
    assert_eq!(sent.last().unwrap()["params"]["text"], "fine");
    assert_eq!(sent.last().unwrap()["result"]["text"], "fine");
    let transcript = ok(operator(
        &server,
        "getCalls",
        json!({"bot_id": bot_id, "format": "text", "method": "approveSuggestedPost"}),
    ));
    assert!(transcript.as_str().unwrap().contains("approveSuggestedPost 403"), "{transcript}");
    // Secrets never show.
    // (The URL does not resolve here: the call fails, and is logged all the same.)
    server.call(&bot, "setWebhook", json!({"url": "https://example.com/hook", "secret_token": "s3cr3t-token"}));
    let hooks = calls(&server, bot_id, json!({"method": "setWebhook"}));
    assert_eq!(hooks[0]["params"]["secret_token"], "<redacted>");
    assert!(!Value::Array(calls(&server, bot_id, json!({}))).to_string().contains("s3cr3t"));
    // The live stream: a reader waiting after the last call wakes for the next.
    let last = calls(&server, bot_id, json!({})).last().unwrap()["seq"].as_u64().unwrap();
    let (api, waiting_bot) = (server.api, bot.clone());
    let later = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        msg_testkit::get(api, &format!("/bot{waiting_bot}/getMe")).unwrap()
    });
    let streamed = calls(&server, bot_id, json!({"after": last, "wait": 10}));
    later.join().unwrap();
    assert_eq!((streamed.len(), streamed[0]["method"].as_str()), (1, Some("getMe")));
}

#[test]
fn downloads_and_webhook_deliveries_fail_by_rule_and_the_queue_keeps_everything() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "mirror_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let receiver = Receiver::start();
    let server =
        launch(root.path()).env("MSG_LOCAL", "1").env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let document = Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .file("document", "notes.txt", "text/plain", &[b'x'; 1000])
        .post(server.api, &format!("/bot{bot}/sendDocument"));
    let file = ok(server.call(&bot, "getFile", json!({"file_id": ok(document)["document"]["file_id"]})));
    let path = format!("/file/bot{bot}/{}", file["file_path"].as_str().unwrap());
    fault(&server, json!({"place": "download", "error": {"code": 502}, "times": 1}));
    assert_eq!(raw(&server, &path).unwrap().status, 502);
    assert!(file["file_path"].as_str().unwrap().starts_with('/'), "local mode hands out absolute paths");
    fault(&server, json!({"place": "download", "method": "documents/*", "error": {"code": 503}, "times": 1}));
    assert_eq!(raw(&server, &path).unwrap().status, 503, "a pattern names the path inside the bot's directory");
    fault(&server, json!({"place": "download", "truncate": true, "times": 1}));
    let (promised, came) = cut_body(&server, &path);
    assert_eq!((promised, came.len(), &came[..]), (1000, 500, &[b'x'; 500][..]), "the first half, then the end");
    fault(&server, json!({"place": "download", "close": true, "times": 1}));
    assert!(raw(&server, &path).is_err(), "closed without an answer");
    fault(&server, json!({"place": "download", "delay_ms": 300, "times": 1}));
    let started = Instant::now();
    assert_eq!(raw(&server, &path).unwrap().body.len(), 1000);
    assert!(started.elapsed() >= Duration::from_millis(300), "a slow download");
    assert_eq!(raw(&server, &path).unwrap().body.len(), 1000);

    // A webhook whose receiver fails twice (as the rule has it): the update stays queued,
    // getWebhookInfo shows the error, and it is delivered once the rule is spent.
    let read = ok(server.call(&bot, "getUpdates", json!({})));
    ok(server.call(&bot, "getUpdates", json!({"offset": read[0]["update_id"].as_i64().unwrap() + 1, "timeout": 0})));
    fault(&server, json!({"place": "webhook", "method": "message", "error": {"code": 500}, "times": 2}));
    let password = "pa55-w0rd-of-the-hook";
    let hook = format!("http://hook:{password}@{}/hook/{bot}", receiver.addr);
    ok(server.call(&bot, "setWebhook", json!({"url": hook})));
    // The update carries a secret of its own (a person pasted the hook's URL): delivered whole,
    // never shown in the log.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": format!("deliver me to {hook}")})));
    poll_until("the failed delivery is recorded", || {
        let info = ok(server.call(&bot, "getWebhookInfo", json!({})));
        info["last_error_message"] == "Wrong response from the webhook: 500 Internal Server Error"
            && info["pending_update_count"].as_i64() >= Some(1)
    });
    let delivered = receiver.wait_for(1);
    assert!(String::from_utf8_lossy(&delivered[0].body).contains(&format!("deliver me to {hook}")));
    // A receiver that times out (the rule's "close") and a slow delivery: recorded and retried.
    fault(&server, json!({"place": "webhook", "close": true, "times": 1}));
    fault(&server, json!({"place": "webhook", "delay_ms": 200, "times": 1}));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "again"})));
    poll_until("the timeout is recorded", || {
        ok(server.call(&bot, "getWebhookInfo", json!({})))["last_error_message"] == "Webhook connection timed out"
    });
    let delivered = receiver.wait_for(2);
    assert!(String::from_utf8_lossy(&delivered[1].body).contains("again"));
    // The delivery is logged once the receiver's answer is in.
    let mut log = Vec::new();
    poll_until("the call log shows the delivery", || {
        log = calls(&server, bot_id, json!({"method": "webhook"}));
        log.last().is_some_and(|c| c["result"] == "delivered")
    });
    assert!(log.len() >= 3, "two failures and the delivery: {log:?}");
    // The log shows answers and deliveries as it shows parameters: secrets redacted.
    assert_eq!(ok(server.call(&bot, "getWebhookInfo", json!({})))["url"], hook, "the bot sees its own URL");
    let secret = bot.split_once(':').unwrap().1;
    let everything = Value::Array(calls(&server, bot_id, json!({}))).to_string();
    let transcript = ok(operator(&server, "getCalls", json!({"bot_id": bot_id, "format": "text"})));
    for shown in [everything, transcript.to_string()] {
        assert!(!shown.contains(password) && !shown.contains(secret), "a secret in the call log: {shown}");
    }
    let info = calls(&server, bot_id, json!({"method": "getWebhookInfo"}));
    assert_eq!(info[0]["result"]["url"], format!("http://hook:<redacted>@{}/hook/{bot_id}:<redacted>", receiver.addr));
    assert!(log[0]["fault"].is_u64() && log.last().unwrap()["result"] == "delivered", "{log:?}");
}

#[test]
fn rules_from_the_config_file_hold_from_the_start_and_flood_control_answers_429_at_the_platforms_rates() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "flood_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let config = root.path().join("msg.toml");
    std::fs::write(&config, "[[faults]]\nmethod = \"getMyName\"\nerror = { code = 503 }\n").unwrap();
    let server = launch(root.path())
        .env("MSG_CONFIG", config.display().to_string())
        .env("MSG_FLOOD_CONTROL", "true")
        .env("MSG_TESTING", "true")
        .env("MSG_CLOCK", "manual")
        .env("MSG_CONSOLE", "true")
        .env("MSG_CONSOLE_TOKEN", KEY)
        .start();
    assert_eq!(error(server.call(&bot, "getMyName", json!({}))), (503, "Service Unavailable".into()));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    // One message a second in a private chat, after a burst of three, on the platform's clock
    // (manual here: it moves when the test says).
    let send = |text: &str| server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": text}));
    let advance = |seconds: i64| ok(operator(&server, "advanceClock", json!({"seconds": seconds})));
    for n in 0..3 {
        ok(send(&format!("burst {n}")));
    }
    let refused = send("one too many");
    assert_eq!(refused.status, 429);
    assert_eq!(refused.json()["parameters"]["retry_after"], 1);
    ok(server.call(&bot, "getMe", json!({})));
    // A bot keeping to the documented rate is never refused.
    for n in 0..30 {
        advance(1);
        assert_eq!(send(&format!("paced {n}")).status, 200, "the paced message {n}");
    }
    assert_eq!(send("unpaced").status, 429);
    let flood = calls(&server, bot_id, json!({"status": 429}));
    assert_eq!(flood[0]["fault"], "flood_control");

    // The command line sets rules on the running server, with the console's key.
    let fault_cli = |args: &[&str], key: Option<&str>| {
        let mut command = launch(root.path()).arg("fault");
        if let Some(key) = key {
            command = command.env("MSG_CONSOLE_TOKEN", key);
        }
        for arg in args {
            command = command.arg(*arg);
        }
        command.arg("--addr").arg(server.api.to_string()).run()
    };
    let (status, _, stderr) = fault_cli(&["list"], None);
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("MSG_CONSOLE_TOKEN"), "{stderr}");
    let (status, out, stderr) = fault_cli(&["add", r#"{"method": "getMe", "error": {"code": 502}}"#], Some(KEY));
    assert!(status.success(), "{stderr}");
    let added: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(error(server.call(&bot, "getMe", json!({}))), (502, "Bad Gateway".into()));
    let (_, out, _) = fault_cli(&["list"], Some(KEY));
    assert!(out.contains("\"getMe\""), "{out}");
    let (status, out, _) = fault_cli(&["clear", &added["id"].to_string()], Some(KEY));
    assert!(status.success() && out.contains("\"cleared\": 1"), "{out}");
    ok(server.call(&bot, "getMe", json!({})));
    let (status, _, stderr) = fault_cli(&["add", r#"{"error": {"code": 200}}"#], Some(KEY));
    assert!(!status.success() && stderr.contains("error.code must be 400-599"), "{stderr}");
    let (status, _, stderr) = fault_cli(&["clear", "4242"], Some(KEY));
    assert!(!status.success() && stderr.contains("no fault rule 4242 is in force"), "{stderr}");
    let (status, _, stderr) = fault_cli(&["list"], Some("not-the-servers-key-000"));
    assert!(!status.success() && stderr.contains("refused the console key"), "{stderr}");
    drop(server);
    let quiet = launch(root.path()).start();
    let (status, _, stderr) = launch(root.path())
        .env("MSG_CONSOLE_TOKEN", KEY)
        .arg("fault")
        .arg("list")
        .arg("--addr")
        .arg(quiet.api.to_string())
        .run();
    assert!(
        !status.success() && stderr.contains("has its console off") && stderr.contains("MSG_CONSOLE=true"),
        "{stderr}"
    );

    // `config check` checks [[faults]] as the start does.
    std::fs::write(&config, "[[faults]]\nmethod = \"sendMesage\"\nclose = true\n").unwrap();
    let (status, _, stderr) =
        launch(root.path()).env("MSG_CONFIG", config.display().to_string()).arg("config").arg("check").run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("[[faults]] rule 1") && stderr.contains("did you mean sendMessage?"), "{stderr}");
}
