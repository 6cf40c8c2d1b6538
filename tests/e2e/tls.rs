//! HTTPS out of the server: webhooks to TLS receivers (public trust, an uploaded self-signed
//! certificate, an uploaded CA), and uploads by https:// URL. The receivers are real TLS servers
//! on loopback with certificates made for the test.

use msg_testkit::{HttpResponse, Multipart, Receiver, Server, TlsIdentity};
use serde_json::json;

use crate::{create_bot, create_user, id_of, launch, webhook_info};

/// setWebhook as a multipart form (text fields, then an optional certificate file part named
/// `part`), repeated while the once-a-second limit answers 429.
fn set_webhook(
    server: &Server,
    bot: &str,
    fields: &[(&str, &str)],
    certificate: Option<(&str, &[u8])>,
) -> HttpResponse {
    let mut answer = None;
    msg_testkit::poll_until("setWebhook is not rate limited", || {
        let mut form = Multipart::new();
        for (name, value) in fields {
            form = form.text(name, value);
        }
        if let Some((part, bytes)) = certificate {
            form = form.file(part, "cert.pem", "application/x-pem-file", bytes);
        }
        let reply = form.post(server.api, &format!("/bot{bot}/setWebhook"));
        let limited = reply.status == 429;
        answer = Some(reply);
        !limited
    });
    answer.unwrap()
}

#[test]
fn https_webhooks_verify_the_receiver_against_public_roots_or_the_uploaded_certificate() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "tls_bot");
    let bob = create_user(root.path(), "Bob");
    let bot_id = id_of(&bot);
    let cert_file = root.path().join("data").join(bot_id.to_string()).join("cert.pem");
    let stats_port = msg_testkit::free_port().to_string();
    let mut server = launch(root.path()).env("MSG_LOCAL", "true").env("MSG_HTTP_STAT_PORT", &stats_port).start();

    // A self-signed certificate as the platform's docs have operators make it with openssl:
    // the address only in the subject's CN, marked as a CA.
    let self_signed = TlsIdentity::self_signed("127.0.0.1");
    let receiver = Receiver::start_tls(&self_signed);
    let url = format!("https://127.0.0.1:{}/hook", receiver.addr.port());

    // Without the certificate, the receiver is not trusted: the update waits, the reason shows.
    let set = set_webhook(&server, &bot, &[("url", &url)], None);
    assert_eq!(set.text(), r#"{"ok":true,"result":true,"description":"Webhook was set"}"#);
    server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "over tls"}));
    msg_testkit::poll_until("the TLS failure is reported", || {
        let info = webhook_info(&server, &bot);
        info["pending_update_count"] == 1
            && info["last_error_message"]
                .as_str()
                .is_some_and(|m| m.starts_with("Can't create an SSL connection: invalid peer certificate"))
    });
    assert_eq!(webhook_info(&server, &bot)["has_custom_certificate"], false);
    assert!(receiver.requests.lock().unwrap().is_empty());

    // Files that cannot verify anything are refused by setWebhook itself; the webhook stays.
    let garbage = b"-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n";
    let refused = set_webhook(&server, &bot, &[("url", &url)], Some(("certificate", garbage)));
    assert_eq!(refused.status, 400, "{}", refused.text());
    let description = refused.json()["description"].as_str().unwrap().to_owned();
    assert!(description.starts_with("Bad Request: bad webhook: Can't create an SSL context: "), "{description}");
    let too_big = vec![b'a'; (3 << 20) + 1];
    let refused = set_webhook(&server, &bot, &[("url", &url)], Some(("certificate", &too_big)));
    assert_eq!(refused.json()["description"], "Bad Request: certificate size is too big (3145729 bytes)");
    assert!(!cert_file.exists());

    // With the certificate uploaded, the waiting update is delivered with the secret.
    let set = set_webhook(
        &server,
        &bot,
        &[("url", &url), ("secret_token", "tls-secret")],
        Some(("certificate", self_signed.trust_pem.as_bytes())),
    );
    assert_eq!(set.json()["description"], "Webhook was set", "{}", set.text());
    let got = receiver.wait_for(1);
    assert_eq!(got[0].json()["message"]["text"], "over tls");
    assert_eq!(got[0].header("X-Telegram-Bot-Api-Secret-Token"), Some("tls-secret"));
    assert_eq!(got[0].header("Host"), Some(format!("127.0.0.1:{}", receiver.addr.port()).as_str()));
    msg_testkit::poll_until("the queue is empty", || webhook_info(&server, &bot)["pending_update_count"] == 0);
    assert_eq!(webhook_info(&server, &bot)["has_custom_certificate"], true);
    assert_eq!(std::fs::read_to_string(&cert_file).unwrap(), self_signed.trust_pem, "kept in the bot's directory");
    let stats = msg_testkit::get(server.stats.expect("stats port"), "/").unwrap().text();
    assert!(stats.contains("has_custom_certificate\t1"), "{stats}");

    // The certificate is part of the bot's state: it survives a restart.
    server.signal("TERM");
    assert!(server.wait_exit(std::time::Duration::from_secs(9)).unwrap().0.success());
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "after restart"}));
    assert_eq!(receiver.wait_for(2)[1].json()["message"]["text"], "after restart");
    // Acknowledged before the webhook changes (an update whose answer has not arrived when the
    // webhook changes is sent again to the new one).
    msg_testkit::poll_until("the queue is empty", || webhook_info(&server, &bot)["pending_update_count"] == 0);
    assert_eq!(webhook_info(&server, &bot)["has_custom_certificate"], true);

    // An uploaded CA (as attach://) verifies the certificates it issued, names included; a fixed
    // ip_address keeps the URL's name for SNI and the check.
    let issued = TlsIdentity::issued_by_ca(&["hooks.example"]);
    let ca_receiver = Receiver::start_tls(&issued);
    let named = format!("https://hooks.example:{}/hook", ca_receiver.addr.port());
    let set = set_webhook(
        &server,
        &bot,
        &[("url", &named), ("ip_address", "127.0.0.1"), ("certificate", "attach://ca")],
        Some(("ca", issued.trust_pem.as_bytes())),
    );
    assert_eq!(set.json()["description"], "Webhook was set", "{}", set.text());
    server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "to the CA's server"}));
    assert_eq!(ca_receiver.wait_for(1)[0].json()["message"]["text"], "to the CA's server");
    msg_testkit::poll_until("the queue is empty", || webhook_info(&server, &bot)["pending_update_count"] == 0);
    let other_name = format!("https://other.example:{}/hook", ca_receiver.addr.port());
    set_webhook(
        &server,
        &bot,
        &[("url", &other_name), ("ip_address", "127.0.0.1")],
        Some(("certificate", issued.trust_pem.as_bytes())),
    );
    server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "wrong name"}));
    msg_testkit::poll_until("the name mismatch is reported", || {
        webhook_info(&server, &bot)["last_error_message"].as_str().is_some_and(|m| {
            m.starts_with("Can't create an SSL connection: invalid peer certificate: certificate not valid for name \"other.example\"")
        })
    });
    assert_eq!(ca_receiver.requests.lock().unwrap().len(), 1);

    // Deleting the webhook removes the certificate file.
    let deleted = server.call(&bot, "deleteWebhook", json!({}));
    assert_eq!(deleted.json()["description"], "Webhook was deleted");
    assert!(!cert_file.exists());
}

#[test]
fn uploads_by_https_url_trust_the_system_store() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "fetch_bot");
    let bob = create_user(root.path(), "Bob");
    let issued = TlsIdentity::issued_by_ca(&["localhost"]);
    let ca_file = root.path().join("ca.pem");
    std::fs::write(&ca_file, &issued.trust_pem).unwrap();
    // SSL_CERT_FILE adds the CA to the system store the server reads; `localhost` stands for a
    // public host (outside local mode loopback is never fetched).
    let server = launch(root.path())
        .env("SSL_CERT_FILE", ca_file.to_str().unwrap())
        .env("BOTAPI_TEST_RESOLVE", "localhost=127.0.0.1")
        .start();
    server.user_call(&bob, "sendMessage", json!({"chat_id": id_of(&bot), "text": "/start"}));
    let trusted = Receiver::start_tls(&issued);
    let url = format!("https://localhost:{}/report.json", trusted.addr.port());
    let sent = server.call(&bot, "sendDocument", json!({"chat_id": id_of(&bob), "document": url}));
    assert_eq!(sent.status, 200, "{}", sent.text());
    let document = &sent.json()["result"]["document"];
    assert_eq!(document["file_name"], "report.json");
    assert_eq!(document["file_size"], 2, "the receiver's body `{{}}`");

    // A server whose certificate nobody issued is not fetched.
    let untrusted = Receiver::start_tls(&TlsIdentity::self_signed("localhost"));
    let url = format!("https://localhost:{}/report.json", untrusted.addr.port());
    let refused = server.call(&bot, "sendDocument", json!({"chat_id": id_of(&bob), "document": url}));
    assert_eq!(refused.json()["description"], "Bad Request: failed to get HTTP URL content");
}
