//! The manual clock (`--clock manual`, a test server's): the platform's time stands still until
//! the operator advances it, and everything the platform times follows it: message dates, a
//! poll's `open_period`, a restriction's `until_date`, an invite link's `expire_date`, the
//! deadline of a bot's answer to a callback query, the 24 hours an update is kept.

use msg_testkit::{Server, poll_until};
use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, ok, waiting};

const KEY: &str = "clock-operator-key-0123";

fn operator(server: &Server, method: &str, params: Value) -> Value {
    ok(crate::console::operator(server, KEY, method, params))
}

fn advance(server: &Server, seconds: i64) -> i64 {
    operator(server, "advanceClock", json!({"seconds": seconds}))["now"].as_i64().unwrap()
}

#[test]
fn a_manual_clock_needs_a_test_server_and_a_real_one_does_not_move() {
    let root = tempfile::tempdir().unwrap();
    let (status, _, stderr) = launch(root.path()).env("MSG_CLOCK", "manual").arg("config").arg("check").run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("MSG_CLOCK is manual") && stderr.contains("MSG_TESTING=true"), "{stderr}");
    let (status, _, stderr) = launch(root.path()).env("MSG_CLOCK", "sundial").arg("config").arg("check").run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("real or manual"), "{stderr}");
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    assert_eq!(operator(&server, "getClock", json!({}))["manual"], false);
    let refused = crate::console::operator(&server, KEY, "advanceClock", json!({"seconds": 60}));
    assert_eq!(error(refused).1, "Bad Request: the clock is real: start the server with --clock manual to move it");
}

#[test]
fn everything_the_platform_times_follows_the_manual_clock() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "clock_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let (bot_id, alice_id, bob_id) = (id_of(&bot), id_of(&alice), id_of(&bob));
    let server = launch(root.path())
        .env("MSG_TESTING", "true")
        .env("MSG_CLOCK", "manual")
        .env("MSG_CONSOLE", "true")
        .env("MSG_CONSOLE_TOKEN", KEY)
        .start();
    let start = operator(&server, "getClock", json!({}));
    assert_eq!(start["manual"], true);
    let t0 = start["now"].as_i64().unwrap();
    assert!(crate::console::operator(&server, KEY, "advanceClock", json!({"seconds": -5})).status == 400);

    // Dates are the clock's, however long the test runs.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let sent = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "now"})));
    assert_eq!(sent["date"].as_i64(), Some(t0));
    assert_eq!(advance(&server, 3_600), t0 + 3_600);
    let later = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "an hour later"})));
    assert_eq!(later["date"].as_i64(), Some(t0 + 3_600));
    let t1 = t0 + 3_600;
    // The 48-hour deletion window is the clock's too (checked here and undone below).
    let old = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "old news"})));

    // A poll with an open period closes when the clock passes it.
    let poll = ok(server.call(
        &bot,
        "sendPoll",
        json!({"chat_id": alice_id, "question": "Tea?", "options": ["Yes", "No"], "open_period": 60}),
    ));
    assert_eq!(poll["poll"]["close_date"].as_i64(), Some(t1 + 60));
    let poll_id = poll["message_id"].clone();
    let closed = |server: &Server| {
        let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
        history.as_array().unwrap().iter().any(|m| m["message_id"] == poll_id && m["poll"]["is_closed"] == true)
    };
    assert!(!closed(&server));
    advance(&server, 61);
    poll_until("the poll closes at its close_date", || closed(&server));

    // A restriction lifts at its until_date; an invite link ends at its expire_date.
    let group =
        ok(server.user_call(&alice, "createSupergroup", json!({"title": "Timed", "member_ids": [bot_id, bob_id]})));
    let chat = group["id"].clone();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_restrict_members": true, "can_invite_users": true}),
    ));
    let now = t1 + 61;
    let until = now + 300;
    let muted =
        json!({"chat_id": chat, "user_id": bob_id, "permissions": {"can_send_messages": false}, "until_date": until});
    ok(server.call(&bot, "restrictChatMember", muted));
    let status = |server: &Server| {
        ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["status"].clone()
    };
    assert_eq!(status(&server), "restricted");
    let link = ok(server.call(&bot, "createChatInviteLink", json!({"chat_id": chat, "expire_date": now + 120})));
    advance(&server, 121);
    let carol = create_user(root.path(), "Carol");
    let refused = server.user_call(&carol, "joinChat", json!({"invite_link": link["invite_link"]}));
    assert_eq!(error(refused), (400, "Bad Request: INVITE_HASH_EXPIRED".into()));
    assert_eq!(status(&server), "restricted");
    advance(&server, 180);
    assert_eq!(status(&server), "member", "the restriction lifted at its until_date");

    // A bot's answer to a callback query is due by the clock: advanced past the person's wait,
    // the press ends unanswered at once and a late answer is too old.
    let keyboard = json!({"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]}).to_string();
    let buttons =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "press", "reply_markup": keyboard})));
    let pressing = waiting(
        &server,
        &alice,
        "pressButton",
        json!({"chat_id": bot_id, "message_id": buttons["message_id"], "callback_data": "go", "timeout": 30}),
    );
    let query = crate::next_update(&server, &bot, &mut 0, "callback_query");
    let started = std::time::Instant::now();
    advance(&server, 31);
    let pressed = ok(pressing.join().unwrap());
    assert_eq!(pressed["answered"], false);
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "ended by the clock, not by real time");
    let late = server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"]}));
    assert_eq!(error(late).0, 400);

    // A fault rule's window is the clock's: it fires from `from` until `until`.
    let now = operator(&server, "getClock", json!({}))["now"].as_i64().unwrap();
    let window = json!({"method": "getMyName", "error": {"code": 502}, "from": now + 100, "until": now + 200});
    ok(crate::console::operator(&server, KEY, "addFault", json!({"rule": window.to_string()})));
    ok(server.call(&bot, "getMyName", json!({})));
    advance(&server, 100);
    assert_eq!(error(server.call(&bot, "getMyName", json!({}))).0, 502, "inside the window");
    advance(&server, 100);
    ok(server.call(&bot, "getMyName", json!({})));

    // Past 48 hours by the clock, a message can't be deleted any more; a fresh one can.
    advance(&server, 48 * 3_600);
    let refused = server.call(&bot, "deleteMessage", json!({"chat_id": alice_id, "message_id": old["message_id"]}));
    assert_eq!(error(refused), (400, "Bad Request: message can't be deleted".into()));
    let fresh = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "fresh"})));
    ok(server.call(&bot, "deleteMessage", json!({"chat_id": alice_id, "message_id": fresh["message_id"]})));

    // An update nobody reads leaves the queue after 24 hours by the clock.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "unread"})));
    let pending = |server: &Server| ok(server.call(&bot, "getWebhookInfo", json!({})))["pending_update_count"].clone();
    assert!(pending(&server).as_i64() >= Some(1));
    advance(&server, 86_401);
    poll_until("the day-old update is forgotten", || pending(&server) == 0);
}

/// One run of a small conversation on a test server with `seed` and a manual clock: every
/// answer's body, as bytes.
fn seeded_run(seed: &str) -> Vec<String> {
    let root = tempfile::tempdir().unwrap();
    let with_env = |launch: msg_testkit::Launch| {
        launch.env("MSG_TESTING", "true").env("MSG_SEED", seed).env("MSG_CLOCK", "manual")
    };
    let cli = |args: &[&str]| {
        let mut command = with_env(launch(root.path()));
        for arg in args {
            command = command.arg(*arg);
        }
        let (status, out, err) = command.run();
        assert!(status.success(), "{err}");
        out.trim().to_owned()
    };
    let bot = cli(&["bot", "create", "--username", "seeded_bot"]);
    let alice = cli(&["user", "create", "--name", "Alice"]);
    let server = with_env(launch(root.path())).start();
    let bot_id = id_of(&bot);
    let mut answers = vec![bot.clone(), alice.clone()];
    let mut keep = |reply: msg_testkit::HttpResponse| {
        assert_eq!(reply.status, 200, "{}", reply.text());
        answers.push(reply.text());
        reply.json()["result"].clone()
    };
    keep(server.call(&bot, "getMe", json!({})));
    keep(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let updates = keep(server.call(&bot, "getUpdates", json!({})));
    let chat = updates[0]["message"]["chat"]["id"].clone();
    keep(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "hello"})));
    for _ in 0..3 {
        keep(server.call(&bot, "sendDice", json!({"chat_id": chat})));
    }
    keep(server.call(&bot, "sendPoll", json!({"chat_id": chat, "question": "Tea?", "options": ["Yes", "No"]})));
    let group = keep(server.user_call(&alice, "createSupergroup", json!({"title": "Seeded", "member_ids": [bot_id]})));
    let promote = json!({"chat_id": group["id"], "user_id": bot_id, "can_invite_users": true});
    keep(server.user_call(&alice, "promoteChatMember", promote));
    keep(server.call(&bot, "createChatInviteLink", json!({"chat_id": group["id"]})));
    keep(server.call(&bot, "getUpdates", json!({"offset": updates[0]["update_id"].as_i64().unwrap() + 1})));
    answers
}

#[test]
fn two_runs_with_the_same_seed_answer_byte_for_byte_alike() {
    let root = tempfile::tempdir().unwrap();
    let (status, _, stderr) = launch(root.path()).env("MSG_SEED", "42").arg("config").arg("check").run();
    assert_eq!(status.code(), Some(2), "a seed needs --testing");
    assert!(stderr.contains("MSG_SEED") && stderr.contains("MSG_TESTING=true"), "{stderr}");
    let first = seeded_run("42");
    let second = seeded_run("42");
    assert_eq!(first.len(), second.len());
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(a, b, "the same seed, the same answer");
    }
    assert!(first.iter().any(|a| a.contains("\"dice\"")) && first.iter().any(|a| a.contains("t.me/+")));
    let other = seeded_run("43");
    assert_ne!(first, other, "another seed, other choices");
}

#[test]
fn seeded_token_secrets_made_one_after_another_share_nothing() {
    let root = tempfile::tempdir().unwrap();
    // Each `bot create` is a process of its own, seeded alike; each draws a little more than
    // the one before (the bots before it), which once made each secret the last one shifted.
    let secrets: Vec<String> = (0..4)
        .map(|n| {
            let (status, out, err) = launch(root.path())
                .env("MSG_TESTING", "true")
                .env("MSG_SEED", "7")
                .arg("bot")
                .arg("create")
                .arg("--username")
                .arg(format!("seeded_{n}_bot"))
                .run();
            assert!(status.success(), "{err}");
            out.trim().split_once(':').unwrap().1.to_owned()
        })
        .collect();
    for (i, a) in secrets.iter().enumerate() {
        for b in &secrets[i + 1..] {
            let shared = (0..a.len() - 8).find(|&at| b.contains(&a[at..at + 8]));
            assert!(shared.is_none(), "{a} and {b} share {:?}", shared.map(|at| &a[at..at + 8]));
        }
    }
}
