//! teloxide 0.17 (Rust), beyond the client-library matrix: the bot program in
//! `tests/clients/teloxide` (its `Dispatcher` long-polling, a `dptree` handler tree) against the
//! real binary in validation mode, driven from a person's side: identity, a button press
//! answered by an edit, the echo repertoire, a file round trip with its `download_file`, a
//! supergroup and inline mode.

use msg_client_teloxide::teloxide as tx;
use serde_json::json;

use super::person::Person;
use super::{create_bot, create_user, id_of, launch};

#[test]
fn teloxide_runs_its_typical_bot() {
    let root = tempfile::tempdir().unwrap();
    let token = create_bot(root.path(), "telox_bot");
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("telox_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let server = launch(root.path()).start();
    let (mut alice, mut bob) = (Person::new(&server, alice), Person::new(&server, bob));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let bot = msg_client_teloxide::bot(&format!("http://{}", server.api), &token);

    // Identity.
    let me = runtime.block_on(async { tx::requests::Requester::get_me(&bot).await }).expect("getMe");
    assert_eq!((me.id.0 as i64, me.username()), (id_of(&token), "telox_bot"));
    let me = me.id.0 as i64;

    let (removed_tx, mut removed) = tokio::sync::mpsc::unbounded_channel();
    let victim = tx::types::UserId(bob.id() as u64);
    let running = runtime.block_on(async { msg_client_teloxide::start(bot, victim, removed_tx) });

    // A button press edits the message.
    alice.call("sendMessage", json!({"chat_id": me, "text": "/start"}));
    let hello = alice.expect_message("the greeting", |m| m["text"].as_str().is_some_and(|t| t.starts_with("Hello")));
    assert_eq!(hello["entities"], json!([{"type": "bold", "offset": 6, "length": 5}]));
    let press =
        alice.call("pressButton", json!({"chat_id": me, "message_id": hello["message_id"], "callback_data": "yes"}));
    assert_eq!(press["answer"]["text"], "noted");
    let edited = alice.expect_message("the edit", |m| m["text"] == "Chosen: yes");
    assert_eq!(edited["reply_markup"]["inline_keyboard"][0][0]["text"], "Undo");

    // The echo repertoire ends with the commands it set and read back.
    alice.call("sendMessage", json!({"chat_id": me, "text": "echo me"}));
    let reply = alice.expect_message("the reply", |m| m["text"] == "ECHO ME");
    assert_eq!(reply["reply_to_message"]["text"], "echo me");
    alice.expect_message("the venue", |m| !m["venue"].is_null());
    alice.expect_message("the commands", |m| m["text"] == "commands: start");

    // A file round trip.
    let path = format!("/user{}/sendDocument", alice.token);
    let sent = msg_testkit::Multipart::new()
        .text("chat_id", &me.to_string())
        .file("document", "notes.txt", "text/plain", &[b'x'; 1000])
        .post(server.api, &path);
    assert_eq!(sent.status, 200, "{}", sent.text());
    alice.expect_message("the downloaded size", |m| m["text"] == "got 1000 bytes");
    let uploaded = alice.expect_message("the upload", |m| m["caption"] == "uploaded");
    assert_eq!(uploaded["document"]["file_size"], 1000);
    alice.expect_message("the document by file_id", |m| m["caption"] == "by id");

    // A supergroup.
    let group = alice.call("createSupergroup", json!({"title": "Guild", "member_ids": [me, bob.id()]}));
    alice.call("promoteChatMember", json!({"chat_id": group["id"], "user_id": me, "can_restrict_members": true}));
    alice.call("sendMessage", json!({"chat_id": group["id"], "text": "/info@telox_bot"}));
    alice.expect_message("the group info", |m| m["text"] == "Guild|creator|2|3");
    alice.call("removeChatMember", json!({"chat_id": group["id"], "user_id": me}));
    let left = runtime.block_on(async {
        tokio::time::timeout(std::time::Duration::from_secs(20), removed.recv()).await.expect("my_chat_member in time")
    });
    assert_eq!(left.map(|c| c.0), group["id"].as_i64());

    // Inline mode.
    let chat = alice.call("createGroup", json!({"title": "Inline", "member_ids": [bob.id()]}));
    alice.pick_inline(me, "Hello", "a1", &chat["id"]);
    let picked = bob.expect_message("the inline article", |m| m["text"] == "Hello!");
    assert_eq!(picked["via_bot"]["username"], "telox_bot");

    runtime.block_on(running.stop());
}
