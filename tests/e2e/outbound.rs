//! The outbound address policy and secrets in logs: outside local mode uploads by URL and
//! webhooks never reach loopback, private or reserved addresses (by literal, name, fixed
//! `ip_address` or redirect); local mode keeps reaching them; no token, hash or URL password is
//! ever logged.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener};

use msg_testkit::{Server, free_port};
use serde_json::{Value, json};

use crate::{create_bot, create_user, id_of, launch, ok, webhook_info};

/// A tiny HTTP server on `ip`: `/ok` serves a file, `/to?<url>` redirects to `<url>`.
fn origin(ip: &str) -> SocketAddr {
    let listener = TcpListener::bind((ip, 0)).unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut line = String::new();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let _ = reader.read_line(&mut line);
            let path = line.split(' ').nth(1).unwrap_or_default().to_owned();
            loop {
                let mut header = String::new();
                if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
                    break;
                }
            }
            let response = match path.split_once("/to?") {
                Some((_, target)) => {
                    format!("HTTP/1.1 302 Found\r\nLocation: {target}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                }
                None => "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 6\r\nConnection: close\r\n\r\nsecret"
                    .to_owned(),
            };
            let _ = stream.write_all(response.as_bytes());
        }
    });
    addr
}

/// A bot, a person who wrote to it, on a server launched with `env`.
fn conversation(root: &std::path::Path, env: &[(&str, &str)]) -> (Server, String, i64) {
    let bot = create_bot(root, "fetch_bot");
    let alice = create_user(root, "Alice");
    let mut launch = launch(root).env("BOTAPI_TEST_RESOLVE", "files.test=127.0.0.2,hook.test=127.0.0.2");
    for (k, v) in env {
        launch = launch.env(k, *v);
    }
    let server = launch.start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&bot), "text": "hi"})));
    (server, bot, id_of(&alice))
}

fn send_url(server: &Server, bot: &str, chat: i64, url: &str) -> Value {
    server.call(bot, "sendDocument", json!({"chat_id": chat, "document": url})).json()
}

#[test]
fn uploads_by_url_reach_only_public_addresses_outside_local_mode() {
    let root = tempfile::tempdir().unwrap();
    let inside = origin("127.0.0.1");
    let public = origin("127.0.0.2"); // "public" through the name files.test only
    let stat_port = free_port();
    let (server, bot, chat) = conversation(root.path(), &[("MSG_HTTP_STAT_PORT", &stat_port.to_string())]);
    let port = inside.port();
    let refused = json!({"ok": false, "error_code": 400, "description": "Bad Request: failed to get HTTP URL content"});
    for url in [
        format!("http://127.0.0.1:{port}/ok"),
        format!("http://localhost:{port}/ok"),
        format!("http://0x7f000001:{port}/ok"),
        format!("http://[::ffff:127.0.0.1]:{port}/ok"),
        format!("http://[::1]:{port}/ok"),
        format!("http://127.0.0.1:{stat_port}/"),
        format!("http://10.0.0.1:{port}/ok"),
        format!("http://169.254.169.254:{port}/latest/meta-data"),
        // A public-looking name that redirects inside, by literal and by name.
        format!("http://files.test:{}/to?http://127.0.0.1:{port}/ok", public.port()),
        format!("http://files.test:{}/to?http://localhost:{port}/ok", public.port()),
    ] {
        assert_eq!(send_url(&server, &bot, chat, &url), refused, "{url}");
    }
    // The log says why.
    let log = server.log_file();
    assert!(
        log.contains(&format!(
            "cannot fetch http://127.0.0.1:{port}/ok: 127.0.0.1 resolves to 127.0.0.1, a reserved address"
        )),
        "{log}"
    );
    assert!(log.contains("localhost resolves to 127.0.0.1, a reserved address"), "{log}");

    // A public name is fetched, and a redirect to another public URL is followed.
    let fetched = send_url(&server, &bot, chat, &format!("http://files.test:{}/ok", public.port()));
    assert_eq!(fetched["result"]["document"]["file_size"], 6, "{fetched}");
    let redirected = format!("http://files.test:{0}/to?http://files.test:{0}/ok", public.port());
    assert_eq!(send_url(&server, &bot, chat, &redirected)["ok"], true);
    drop(server);

    // Local mode trusts its clients: loopback is fetched as before.
    let server = launch(root.path()).env("MSG_LOCAL", "1").start();
    let fetched = send_url(&server, &bot, chat, &format!("http://127.0.0.1:{port}/ok"));
    assert_eq!(fetched["result"]["document"]["file_size"], 6, "{fetched}");
}

/// setWebhook's answer, waiting out the reference's one call per second (429 retry_after 1).
fn set_webhook(server: &Server, bot: &str, params: &Value) -> Value {
    let mut answer = Value::Null;
    msg_testkit::poll_until("setWebhook answers other than 429", || {
        answer = server.call(bot, "setWebhook", params.clone()).json();
        answer["error_code"] != 429
    });
    answer
}

#[test]
fn webhooks_are_refused_reserved_addresses_however_they_are_named() {
    let root = tempfile::tempdir().unwrap();
    let (server, bot, _) = conversation(root.path(), &[]);
    for (params, reason) in [
        (json!({"url": "https://localhost:8443/h"}), "IP address 127.0.0.1 is reserved"),
        (json!({"url": "https://0x7f000001:8443/h"}), "IP address 127.0.0.1 is reserved"),
        (json!({"url": "https://127.0.0.1:8443/h"}), "IP address 127.0.0.1 is reserved"),
        (json!({"url": "https://[::1]:8443/h"}), "IPv6-only addresses are not allowed"),
        (json!({"url": "https://hook.invalid:8443/h", "ip_address": "127.0.0.1"}), "IP address 127.0.0.1 is reserved"),
        (json!({"url": "https://hook.invalid:8443/h", "ip_address": "10.9.8.7"}), "IP address 10.9.8.7 is reserved"),
        (json!({"url": "https://hook.invalid:8443/h", "ip_address": "nonsense"}), "Invalid IP address specified"),
    ] {
        let answer = set_webhook(&server, &bot, &params);
        assert_eq!(answer["description"], format!("Bad Request: bad webhook: {reason}"), "{params}");
    }
    let unresolvable = set_webhook(&server, &bot, &json!({"url": "https://hook.invalid:8443/h"}));
    let description = unresolvable["description"].as_str().unwrap();
    assert!(description.starts_with("Bad Request: bad webhook: Failed to resolve host: "), "{description}");
    assert_eq!(webhook_info(&server, &bot)["url"], "", "no refused webhook was kept");

    // A public name is accepted and reported with the address it resolved to.
    assert_eq!(set_webhook(&server, &bot, &json!({"url": "https://hook.test:8443/h"}))["ok"], true);
    assert_eq!(webhook_info(&server, &bot)["ip_address"], "127.0.0.2");
    drop(server);

    // Local mode: any address.
    let server = launch(root.path()).env("MSG_LOCAL", "1").start();
    assert_eq!(set_webhook(&server, &bot, &json!({"url": "http://localhost:8443/h"}))["ok"], true);
    let fixed = json!({"url": "https://hook.invalid:8443/h", "ip_address": "127.0.0.1"});
    assert_eq!(set_webhook(&server, &bot, &fixed)["ok"], true);
    assert_eq!(webhook_info(&server, &bot)["ip_address"], "127.0.0.1");
    // With an IP-literal URL, ip_address is not used for delivery, so it is not reported either.
    let literal = json!({"url": "http://127.0.0.3:8443/h", "ip_address": "10.1.1.1"});
    assert_eq!(set_webhook(&server, &bot, &literal)["ok"], true);
    assert_eq!(webhook_info(&server, &bot)["ip_address"], "127.0.0.3");
}
