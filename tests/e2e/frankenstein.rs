//! frankenstein 0.52 (Rust), the fourth column of the client-library matrix: the bot program in
//! `tests/clients/frankenstein` (its blocking client, its own polling loop, a hyper webhook
//! receiver decoding its `Update`) against the real binary in validation mode, driven from a
//! person's side over the user-side API. Each flow prints `frankenstein flow N (...): ok`, which
//! `.ci/matrix` reads.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use msg_client_frankenstein::{EchoBot, Webhook};
use msg_testkit::Server;
use serde_json::json;

use super::person::Person;
use super::{create_bot, create_user, id_of, launch, ok};

/// Runs the bot's polling loop on a thread while `body` acts as the person; stops it after.
fn with_polling(bot: &Arc<EchoBot>, body: impl FnOnce()) {
    let stop = Arc::new(AtomicBool::new(false));
    let polling = {
        let (bot, stop) = (bot.clone(), stop.clone());
        std::thread::spawn(move || bot.poll(&stop))
    };
    // The bot's own error, if it met one, explains a person's timeout better than the timeout.
    let acted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body));
    stop.store(true, Ordering::Relaxed);
    polling.join().expect("the polling loop does not panic").expect("the polling loop meets no error");
    if let Err(panic) = acted {
        std::panic::resume_unwind(panic);
    }
}

fn connect(server: &Server, bot: &str, scratch: &Path, victim: i64) -> Arc<EchoBot> {
    let base = format!("http://{}", server.api);
    Arc::new(EchoBot::connect(&base, bot, scratch.to_path_buf(), victim as u64).expect("getMe through frankenstein"))
}

#[test]
fn frankenstein_drives_identity_callbacks_echo_groups_webhook_and_inline() {
    let root = tempfile::tempdir().unwrap();
    let token = create_bot(root.path(), "franky_bot");
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("franky_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    let (mut alice, mut bob) = (Person::new(&server, alice), Person::new(&server, bob));

    // 1. Identity.
    let bot = connect(&server, &token, root.path(), bob.id());
    assert_eq!(bot.me.id as i64, id_of(&token));
    assert!(bot.me.is_bot);
    assert_eq!(bot.me.username.as_deref(), Some("franky_bot"));
    println!("frankenstein flow 1 (identity): ok");
    let me = bot.me.id as i64;

    with_polling(&bot, || {
        // 2. A button press edits the message.
        alice.call("sendMessage", json!({"chat_id": me, "text": "/start"}));
        let hello =
            alice.expect_message("the greeting", |m| m["text"].as_str().is_some_and(|t| t.starts_with("Hello")));
        assert_eq!(hello["text"], "Hello Alice");
        assert_eq!(hello["entities"], json!([{"type": "bold", "offset": 6, "length": 5}]));
        let press = alice.call(
            "pressButton",
            json!({"chat_id": me, "message_id": hello["message_id"], "callback_data": "yes", "timeout": 30}),
        );
        assert_eq!(press["answer"]["text"], "noted");
        let edited = alice.expect_message("the edit", |m| m["text"] == "Chosen: yes");
        assert_eq!(edited["reply_markup"]["inline_keyboard"][0][0]["text"], "Undo");
        println!("frankenstein flow 2 (long polling, callback, edit): ok");

        // 3. The echo bot's repertoire.
        alice.call("sendMessage", json!({"chat_id": me, "text": "echo me"}));
        let mut want: std::collections::BTreeSet<&str> =
            ["reply", "forward", "copy", "deleted", "location", "contact", "poll", "dice", "commands", "action"].into();
        while !want.is_empty() {
            let update = alice.expect(&format!("the echo bot's {want:?}"), |_| true);
            if !update["deleted_messages"].is_null() {
                want.remove("deleted");
            }
            if !update["chat_action"].is_null() {
                want.remove("action");
            }
            let m = &update["message"];
            if m.is_null() {
                continue;
            }
            if m["text"] == "ECHO ME" && !m["reply_to_message"].is_null() {
                want.remove("reply");
            }
            if !m["forward_origin"].is_null() {
                want.remove("forward");
            } else if m["text"] == "echo me" {
                want.remove("copy");
            }
            for kind in ["location", "contact", "poll", "dice"] {
                if !m[kind].is_null() {
                    want.remove(kind);
                }
            }
            if m["text"] == "commands: start" {
                want.remove("commands");
            }
        }
        println!("frankenstein flow 3 (echo): ok");

        // 5. Groups.
        let group = alice.call("createSupergroup", json!({"title": "Guild", "member_ids": [me, bob.id()]}));
        alice.call("promoteChatMember", json!({"chat_id": group["id"], "user_id": me, "can_restrict_members": true}));
        alice.call("sendMessage", json!({"chat_id": group["id"], "text": "/info@franky_bot"}));
        let info =
            alice.expect_message("the group info", |m| m["text"].as_str().is_some_and(|t| t.starts_with("Guild|")));
        assert_eq!(info["text"], "Guild|creator|2|3");
        alice.call("removeChatMember", json!({"chat_id": group["id"], "user_id": me}));
        let group_id = group["id"].as_i64().unwrap();
        msg_testkit::poll_until("my_chat_member (left) reaches the bot", || bot.removed().contains(&group_id));
        println!("frankenstein flow 5 (groups): ok");

        // 7. Inline mode.
        let chat = alice.call("createGroup", json!({"title": "Inline", "member_ids": [bob.id()]}));
        alice.pick_inline(me, "Hello", "a1", &chat["id"]);
        let picked = bob.expect_message("the inline article", |m| m["text"] == "Hello!");
        assert_eq!(picked["via_bot"]["username"], "franky_bot");
        println!("frankenstein flow 7 (inline): ok");
    });

    // 6. The webhook receiver (local mode, plain http).
    let hook = Webhook::serve(bot.clone()).unwrap();
    ok(server.call(&token, "setWebhook", json!({"url": format!("http://{}/hook", hook.addr)})));
    alice.call("sendMessage", json!({"chat_id": me, "text": "ping"}));
    alice.expect_message("the answer by a call", |m| m["text"] == "call: ping");
    alice.expect_message("the answer in the webhook reply", |m| m["text"] == "hook: ping");
    ok(server.call(&token, "deleteWebhook", json!({})));
    assert!(hook.errors.lock().unwrap().is_empty(), "{:?}", hook.errors.lock().unwrap());
    println!("frankenstein flow 6 (webhook): ok");
}

/// Flow 4: the person sends a photo and a document; the bot fetches each with getFile and
/// downloads it from the file URL with frankenstein's own HTTP agent, byte-identical, then sends
/// each back by upload and by `file_id`.
fn frankenstein_files(local: bool) {
    let root = tempfile::tempdir().unwrap();
    let token = create_bot(root.path(), "franky_files_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).env("MSG_LOCAL", local.to_string()).start();
    let mut alice = Person::new(&server, alice);
    let scratch = root.path().join("bot");
    std::fs::create_dir(&scratch).unwrap();
    let bot = connect(&server, &token, &scratch, 0);
    let me = bot.me.id as i64;
    let png = crate::files::png(320, 240);
    let text = "a document's bytes\n".repeat(100).into_bytes();

    let user_path = |method: &str| format!("/user{}/{method}", alice.token);
    let (photo_path, document_path) = (user_path("sendPhoto"), user_path("sendDocument"));
    with_polling(&bot, || {
        let upload = |path: &str, field: &str, name: &str, bytes: &[u8]| {
            let reply = msg_testkit::Multipart::new()
                .text("chat_id", &me.to_string())
                .file(field, name, "application/octet-stream", bytes)
                .post(server.api, path);
            ok(reply)
        };
        upload(&photo_path, "photo", "cat.png", &png);
        let size =
            alice.expect_message("the photo's size", |m| m["text"].as_str().is_some_and(|t| t.starts_with("photo ")));
        let largest = std::fs::read(scratch.join("photo.bin")).unwrap();
        assert_eq!(size["text"], format!("photo {} bytes", largest.len()));
        assert_eq!(largest, png, "the photo's largest size is the person's upload, byte for byte");
        alice.expect_message("the uploaded photo", |m| m["caption"] == "photo uploaded" && !m["photo"].is_null());
        alice.expect_message("the photo by file_id", |m| m["caption"] == "photo by id" && !m["photo"].is_null());

        upload(&document_path, "document", "notes.txt", &text);
        let uploaded = alice.expect_message("the uploaded document", |m| m["caption"] == "document uploaded");
        assert_eq!(std::fs::read(scratch.join("notes.txt")).unwrap(), text, "the document downloads byte-identical");
        assert_eq!(uploaded["document"]["file_size"], text.len());
        let by_id = alice.expect_message("the document by file_id", |m| m["caption"] == "document by id");
        assert_eq!(by_id["document"]["file_name"], "notes.txt");
    });
    println!("frankenstein flow 4 (files, local={local}): ok");
}

#[test]
fn frankenstein_files_over_http() {
    frankenstein_files(false);
}

#[test]
fn frankenstein_files_in_local_mode() {
    frankenstein_files(true);
}
