//! The Bot API port's first face: the liveness probe, the path grammar, token checks in the
//! reference's order with byte-exact envelopes, bots created by the CLI while the server runs,
//! parameter encodings, the statistics port, and secrets kept out of every log line.

use msg_testkit::{free_port, get, post, raw_request};
use serde_json::json;

use crate::{create_bot, launch};

const NOT_FOUND: &str = r#"{"ok":false,"error_code":404,"description":"Not Found"}"#;

#[test]
fn paths_and_tokens_get_the_reference_envelopes() {
    let root = tempfile::tempdir().unwrap();
    let server = launch(root.path()).start();
    let cases: &[(&str, u16, &str)] = &[
        ("/favicon.ico", 404, NOT_FOUND),
        ("/bot123:abc", 404, NOT_FOUND),
        ("/file/bot123:abc", 404, NOT_FOUND),
        (
            "/bot0123:abc/getMe",
            401,
            r#"{"ok":false,"error_code":401,"description":"Unauthorized: invalid token specified"}"#,
        ),
        (
            "/bot123abc/getMe",
            401,
            r#"{"ok":false,"error_code":401,"description":"Unauthorized: invalid token specified"}"#,
        ),
        (
            "/botabc:def/getMe",
            421,
            r#"{"ok":false,"error_code":421,"description":"Misdirected Request: unallowed token specified"}"#,
        ),
        (
            "/bot18014398509481984:abc/getMe",
            401,
            r#"{"ok":false,"error_code":401,"description":"Unauthorized: invalid token specified"}"#,
        ),
        (
            "/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe",
            401,
            r#"{"ok":false,"error_code":401,"description":"Unauthorized"}"#,
        ),
        (
            "/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/close",
            400,
            r#"{"ok":false,"error_code":400,"description":"Bad Request: the bot has already been closed"}"#,
        ),
    ];
    for (path, status, body) in cases {
        let reply = get(server.api, path).unwrap();
        assert_eq!((reply.status, reply.text().as_str()), (*status, *body), "GET {path}");
        assert_eq!(reply.header("content-type"), Some("application/json"), "GET {path}");
    }
    let put = raw_request(
        server.api,
        b"PUT /bot1:a/getMe HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    assert_eq!((put.status, put.body.len()), (501, 0));
}

#[test]
fn a_bot_created_while_running_answers_get_me_in_every_encoding() {
    let root = tempfile::tempdir().unwrap();
    let server = launch(root.path()).start();
    let token = create_bot(root.path(), "weather_bot");
    let id = crate::id_of(&token);
    if crate::on_sqlite() {
        let dir = root.path().join("data");
        assert!(dir.join(id.to_string()).join("bot.sqlite").is_file(), "the bot lives in <dir>/<id>/");
        let named_by_token =
            std::fs::read_dir(&dir).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().contains(':'));
        assert!(!named_by_token);
    }

    let me = get(server.api, &format!("/bot{token}/getMe")).unwrap();
    assert_eq!(me.status, 200, "{}", me.text());
    let me = me.json();
    assert_eq!(me["result"]["id"], id, "getMe id equals the token prefix");
    assert_eq!(me["result"]["is_bot"], true);
    assert_eq!(me["result"]["username"], "weather_bot");
    assert_eq!(me["result"]["first_name"], "weather");

    // Case-insensitive method names; the method may come as a parameter; every body encoding.
    let encoded = token.replace(':', "%3A");
    for (path, content_type, body) in [
        (format!("/bot{token}/GETME"), "", String::new()),
        (format!("/bot{encoded}/getme"), "application/x-www-form-urlencoded", String::new()),
        (format!("/bot{token}/"), "application/x-www-form-urlencoded", "method=getMe".to_owned()),
        (format!("/bot{token}/?method=getMe"), "application/json", "{}".to_owned()),
        (format!("/bot{token}/getMe"), "application/json", String::new()),
        (
            format!("/bot{token}/getMe"),
            "multipart/form-data; boundary=XyZ",
            "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XyZ--\r\n".to_owned(),
        ),
    ] {
        let reply = post(server.api, &path, content_type, body.as_bytes()).unwrap();
        assert_eq!(reply.status, 200, "{path} {content_type}: {}", reply.text());
        assert_eq!(reply.json()["result"]["id"], id);
    }
    let chunked = format!(
        "POST /bot{token}/getMe HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    let part = "--b\r\nContent-Disposition: form-data; name=\"doc\"; filename=a.txt\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n";
    let request = format!("{chunked}{:x}\r\n{part}\r\n0\r\n\r\n", part.len());
    let reply = raw_request(server.api, request.as_bytes()).unwrap();
    assert_eq!(reply.status, 200, "chunked multipart with an unquoted filename: {}", reply.text());

    let missing = server.call(&token, "noSuchMethod", json!({}));
    assert_eq!(missing.status, 404);
    assert_eq!(missing.text(), r#"{"ok":false,"error_code":404,"description":"Not Found: method not found"}"#);
    let bad_boundary = post(server.api, &format!("/bot{token}/getMe"), "multipart/form-data", b"x").unwrap();
    assert_eq!(bad_boundary.json()["description"], "Bad Request: boundary not found");

    let wrong = get(server.api, &format!("/bot{id}:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/getMe")).unwrap();
    assert_eq!(wrong.status, 401, "a wrong secret for a real id");

    // Revocation from the CLI takes effect on the running server.
    let (status, _, stderr) = launch(root.path()).arg("bot").arg("revoke").arg("weather_bot").run();
    assert!(status.success(), "{stderr}");
    msg_testkit::poll_until("the revocation takes effect", || {
        get(server.api, &format!("/bot{token}/getMe")).unwrap().status == 401
    });
    let reply = get(server.api, &format!("/bot{token}/getMe")).unwrap();
    assert_eq!(reply.text(), r#"{"ok":false,"error_code":401,"description":"Unauthorized"}"#);
}

#[test]
fn filter_sends_foreign_tokens_away_with_421() {
    let root = tempfile::tempdir().unwrap();
    let token = create_bot(root.path(), "sharded_bot");
    let id: u64 = token.split(':').next().unwrap().parse().unwrap();
    let other = (id + 1) % 2;
    let server = launch(root.path()).env("MSG_EXTRA_ARGS", format!("--filter {other}/2")).start();
    let reply = get(server.api, &format!("/bot{token}/getMe")).unwrap();
    assert_eq!(reply.status, 421);
    drop(server);
    let server = launch(root.path()).env("MSG_EXTRA_ARGS", format!("--filter {}/2", id % 2)).start();
    assert_eq!(get(server.api, &format!("/bot{token}/getMe")).unwrap().status, 200);
}

#[test]
fn stats_show_bots_without_tokens_and_logs_never_hold_secrets() {
    let root = tempfile::tempdir().unwrap();
    let token = create_bot(root.path(), "counted_bot");
    let secret = token.split(':').nth(1).unwrap().to_owned();
    let stat_port = free_port();
    let alice = crate::create_user(root.path(), "Alice");
    let server = launch(root.path())
        .env("MSG_HTTP_STAT_PORT", stat_port.to_string())
        .env("MSG_EXTRA_ARGS", "--log-verbosity-level 5 --api-hash=fedcba9876543210fedcba9876543210 --api-id 918273645")
        .env("BOTAPI_TEST_RESOLVE", "hook.test=127.0.0.2")
        .start();
    assert!(
        server.output().contains(" --log-verbosity-level 5 --api-hash=<redacted> --api-id <redacted>"),
        "{}",
        server.output()
    );
    // Clients re-send files by their download URL (with the token in it) and URLs with passwords.
    let bot_id = crate::id_of(&token);
    crate::ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "hi"})));
    for url in [
        format!("http://{}/file/bot{token}/documents/file_1.txt", server.api),
        "http://someone:S3cretPw@127.0.0.1:1/x".to_owned(),
    ] {
        let chat = crate::id_of(&alice);
        let answer = server.call(&token, "sendDocument", json!({"chat_id": chat, "document": url}));
        assert_eq!(answer.json()["description"], "Bad Request: failed to get HTTP URL content");
    }
    // A webhook with a password in its URL, failing (nothing listens): hyper's pool logs at trace.
    crate::ok(server.call(&token, "setWebhook", json!({"url": "https://hookuser:HookPw123@hook.test:8443/h"})));
    msg_testkit::poll_until("the webhook failed once", || {
        crate::webhook_info(&server, &token).get("last_error_message").is_some()
    });
    crate::ok(server.call(&token, "deleteWebhook", json!({})));
    for _ in 0..3 {
        assert_eq!(get(server.api, &format!("/bot{token}/getMe")).unwrap().status, 200);
    }
    let _ = get(server.api, &format!("/bot{token}/noSuchMethod?api_hash=x"));
    let stats_addr = server.stats.expect("stats enabled");
    let text = get(stats_addr, "/").unwrap();
    assert_eq!(text.status, 200);
    assert_eq!(text.header("content-type"), Some("text/plain"));
    let body = text.text();
    assert!(body.starts_with("DURATION\tinf\t5sec\t1min\t1hour\nuptime\t"), "{body}");
    assert!(body.contains("\nbot_count\t1\n") && body.contains("\nactive_bot_count\t1\n"), "{body}");
    let id = token.split(':').next().unwrap();
    assert!(body.contains(&format!("\nid\t{id}\n")) && body.contains(&format!("\ntoken\t{id}:<redacted>\n")), "{body}");
    assert!(body.contains("\nusername\tcounted_bot\n"));
    assert!(!body.contains(&secret));
    let filtered = get(stats_addr, &format!("/?id={id}")).unwrap().text();
    assert!(filtered.starts_with(&format!("\nid\t{id}\n")), "?id= drops the server block: {filtered}");
    let none = get(stats_addr, "/?id=999").unwrap().text();
    assert!(none.is_empty(), "{none}");

    let everything = format!("{}\n{}", server.output(), server.log_file());
    assert!(everything.contains("TRACE") || everything.contains("DEBUG"), "verbosity 5 logs everything");
    assert!(!everything.contains(&secret), "a token leaked into the logs");
    assert!(!everything.contains("0123456789abcdef0123456789abcdef"), "the API hash leaked into the logs");
    assert!(!everything.contains("fedcba9876543210"), "the API hash from MSG_EXTRA_ARGS leaked");
    assert!(!everything.contains("918273645"), "the API id from MSG_EXTRA_ARGS leaked");
    for password in ["S3cretPw", "HookPw123"] {
        let leaks: Vec<&str> = everything.lines().filter(|l| l.contains(password)).collect();
        assert!(leaks.is_empty(), "a URL password leaked: {leaks:#?}");
    }
    assert!(everything.contains("cannot fetch http://someone:<redacted>@127.0.0.1:1/x"), "{everything}");
    assert!(everything.contains(&format!("/file/bot{bot_id}:<redacted>/documents/file_1.txt")), "{everything}");
}
