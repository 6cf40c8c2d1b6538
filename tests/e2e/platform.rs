//! The embedded platform end to end: a person sends, a bot long-polls and replies, the person
//! receives; buttons and callback answers; 409 conflicts; webhooks with the secret header, in
//! order, surviving a receiver outage; logOut; restarts without losing updates.

use std::time::Duration;

use msg_testkit::{Receiver, post};
use serde_json::{Value, json};

use crate::{create_bot, create_user, id_of, launch, ok};

#[test]
fn a_person_and_a_bot_talk_with_buttons_and_callback_answers() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "echo_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));

    // A bot cannot write first.
    let first = server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "hi"}));
    assert_eq!(first.status, 403, "{}", first.text());
    assert_eq!(first.json()["description"], "Forbidden: bot can't initiate conversation with a user");

    let sent =
        ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start now 😀 @echo_bot"})));
    assert_eq!(sent["chat"]["id"], bot_id);
    assert_eq!(sent["chat"]["type"], "private");

    let updates = ok(server.call(&bot, "getUpdates", json!({"timeout": 5})));
    let update = &updates[0];
    let update_id = update["update_id"].as_i64().unwrap();
    assert!((2_000_001..=1_000_000_000).contains(&update_id), "{update_id}");
    let message = &update["message"];
    assert_eq!(message["chat"]["id"], alice_id);
    assert_eq!(message["from"]["first_name"], "Alice");
    assert_eq!(message["text"], "/start now 😀 @echo_bot");
    assert_eq!(
        message["entities"],
        json!([{"offset": 0, "length": 6, "type": "bot_command"}, {"offset": 14, "length": 9, "type": "mention"}])
    );

    // A waiting long poll wakes when the person writes again.
    let waiting = {
        let (api, bot) = (server.api, bot.clone());
        std::thread::spawn(move || {
            let body = json!({"offset": update_id + 1, "timeout": 20}).to_string();
            post(api, &format!("/bot{bot}/getUpdates"), "application/json", body.as_bytes()).unwrap()
        })
    };
    msg_testkit::poll_until("the long poll is waiting", || {
        server.call(&bot, "getWebhookInfo", json!({})).json()["result"]["pending_update_count"] == 0
    });
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "second"})));
    let woken = waiting.join().unwrap();
    let woken = ok(woken);
    assert_eq!(woken[0]["update_id"], update_id + 1);
    assert_eq!(woken[0]["message"]["text"], "second");

    // The bot answers with a keyboard; the person receives it and presses a button.
    let keyboard = json!({"inline_keyboard": [[{"text": "Yes", "callback_data": "yes"}]]});
    let reply = ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": alice_id, "text": "<b>Sure?</b>", "parse_mode": "HTML", "reply_markup": keyboard}),
    ));
    assert_eq!(reply["entities"], json!([{"type": "bold", "offset": 0, "length": 5}]));
    let inbox = ok(server.user_call(&alice, "getUpdates", json!({"timeout": 5})));
    let received = &inbox[0]["message"];
    assert_eq!(received["chat"]["id"], bot_id);
    assert_eq!(received["text"], "Sure?");
    assert_eq!(received["reply_markup"], keyboard);
    let message_id = received["message_id"].as_i64().unwrap();

    let pressing = {
        let (api, alice) = (server.api, alice.clone());
        std::thread::spawn(move || {
            let body =
                json!({"chat_id": bot_id, "message_id": message_id, "callback_data": "yes", "timeout": 20}).to_string();
            post(api, &format!("/user{alice}/pressButton"), "application/json", body.as_bytes()).unwrap()
        })
    };
    let queries = ok(server.call(&bot, "getUpdates", json!({"offset": update_id + 2, "timeout": 20})));
    let query = &queries[0]["callback_query"];
    assert_eq!(query["data"], "yes");
    assert_eq!(query["from"]["id"], alice_id);
    assert_eq!(query["message"]["message_id"], message_id);
    let answered = server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"], "text": "Done!"}));
    assert_eq!(ok(answered), json!(true));
    let pressed = ok(pressing.join().unwrap());
    assert_eq!(pressed["answered"], true);
    assert_eq!(pressed["answer"]["text"], "Done!");
    let stale = server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"]}));
    assert_eq!(
        stale.json()["description"],
        "Bad Request: query is too old and response timeout expired or query ID is invalid"
    );

    // The person edits and deletes their own message.
    let edited = ok(server.user_call(
        &alice,
        "editMessageText",
        json!({"chat_id": bot_id, "message_id": sent["message_id"], "text": "/help"}),
    ));
    assert_eq!(edited["text"], "/help");
    let edits = ok(server.call(
        &bot,
        "getUpdates",
        json!({"offset": queries[0]["update_id"].as_i64().unwrap() + 1, "timeout": 5}),
    ));
    assert_eq!(edits[0]["edited_message"]["text"], "/help");
    assert!(edits[0]["edited_message"]["edit_date"].is_i64());
    assert_eq!(
        ok(server.user_call(&alice, "deleteMessage", json!({"chat_id": bot_id, "message_id": sent["message_id"]}))),
        json!(true)
    );

    // Commands and chat actions.
    let commands = json!([{"command": "start", "description": "Start"}]);
    assert_eq!(ok(server.call(&bot, "setMyCommands", json!({"commands": commands}))), json!(true));
    assert_eq!(ok(server.call(&bot, "getMyCommands", json!({}))), commands);
    assert_eq!(ok(server.call(&bot, "getMyCommands", json!({"language_code": "de"}))), json!([]));
    assert_eq!(ok(server.call(&bot, "deleteMyCommands", json!({}))), json!(true));
    assert_eq!(ok(server.call(&bot, "getMyCommands", json!({}))), json!([]));
    assert_eq!(
        server.call(&bot, "setMyCommands", json!({"commands": [{"command": "Bad!", "description": "x"}]})).json()["description"],
        "Bad Request: BOT_COMMAND_INVALID"
    );
    assert_eq!(ok(server.call(&bot, "sendChatAction", json!({"chat_id": alice_id, "action": "typing"}))), json!(true));
    assert_eq!(
        server.call(&bot, "sendChatAction", json!({"chat_id": alice_id, "action": "dancing"})).json()["description"],
        "Bad Request: wrong parameter action in request"
    );
    assert_eq!(
        server.call(&bot, "sendMessage", json!({"chat_id": alice_id})).json()["description"],
        "Bad Request: message text is empty"
    );
    assert_eq!(
        server.call(&bot, "sendMessage", json!({"text": "x"})).json()["description"],
        "Bad Request: chat_id is empty"
    );
    assert_eq!(
        server.call(&bot, "sendMessage", json!({"chat_id": 5, "text": "x"})).json()["description"],
        "Bad Request: chat not found"
    );
}

#[test]
fn a_newer_get_updates_ends_the_older_one_with_409() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "single_bot");
    let server = launch(root.path()).start();
    let older = {
        let (api, bot) = (server.api, bot.clone());
        std::thread::spawn(move || {
            post(api, &format!("/bot{bot}/getUpdates"), "application/json", br#"{"timeout":30}"#).unwrap()
        })
    };
    // Until the older poll is registered, a newer one would not conflict with it; retry.
    msg_testkit::poll_until("the older poll is terminated", || {
        let newer = server.call(&bot, "getUpdates", json!({"timeout": 0}));
        assert_eq!(newer.status, 200);
        older.is_finished()
    });
    let older = older.join().unwrap();
    assert_eq!(older.status, 409);
    assert_eq!(
        older.text(),
        r#"{"ok":false,"error_code":409,"description":"Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"}"#
    );
}

#[test]
fn webhooks_deliver_in_order_with_the_secret_and_survive_an_outage_and_a_restart() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "hooked_bot");
    let bob = create_user(root.path(), "Bob");
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let receiver = Receiver::start();
    let url = format!("http://127.0.0.1:{}/hook/path", receiver.addr.port());
    let server = launch(root.path()).start();

    let refused = server.call(&bot, "setWebhook", json!({"url": url}));
    assert_eq!(refused.json()["description"], "Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
    drop(server);
    let mut server = launch(root.path()).env("MSG_LOCAL", "true").start();
    let set = server.call(&bot, "setWebhook", json!({"url": url, "secret_token": "s3cr-et_", "max_connections": 5}));
    assert_eq!(set.text(), r#"{"ok":true,"result":true,"description":"Webhook was set"}"#);
    let again = server.call(&bot, "setWebhook", json!({"url": url, "secret_token": "s3cr-et_", "max_connections": 5}));
    assert_eq!(again.status, 429, "setWebhook at most once a second");
    let polled = server.call(&bot, "getUpdates", json!({}));
    assert_eq!(polled.status, 409);
    assert_eq!(
        polled.json()["description"],
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"
    );
    // Conflicts are throttled: one answered at once per 3 s, the next held for 3 s.
    let started = std::time::Instant::now();
    assert_eq!(server.call(&bot, "getUpdates", json!({})).status, 409);
    assert!(started.elapsed() >= Duration::from_millis(2900), "second 409 within 3 s is held: {:?}", started.elapsed());
    let info = ok(server.call(&bot, "getWebhookInfo", json!({})));
    assert_eq!(
        info,
        json!({"url": url, "has_custom_certificate": false, "pending_update_count": 0, "max_connections": 5, "ip_address": "127.0.0.1"})
    );

    for n in 0..5 {
        ok(server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": format!("m{n}")})));
    }
    let got = receiver.wait_for(5);
    let texts: Vec<Value> = got.iter().map(|r| r.json()["message"]["text"].clone()).collect();
    assert_eq!(texts, ["m0", "m1", "m2", "m3", "m4"].map(Value::from), "one chat's updates arrive in order");
    for r in &got {
        assert_eq!(r.path, "/hook/path");
        assert_eq!(r.header("X-Telegram-Bot-Api-Secret-Token"), Some("s3cr-et_"));
        assert_eq!(r.header("Content-Type"), Some("application/json"));
        assert!(
            String::from_utf8_lossy(&r.body)
                .starts_with(&format!("{{\"update_id\":{},\n\"message\":", r.json()["update_id"]))
        );
        assert_eq!(r.json()["message"]["chat"]["id"], bob_id);
    }

    // The receiver fails: updates wait, the error is reported, nothing is lost.
    receiver.set_status(500);
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "during outage"})));
    msg_testkit::poll_until("the failure is reported", || {
        let info = server.call(&bot, "getWebhookInfo", json!({})).json()["result"].clone();
        info["last_error_message"] == "Wrong response from the webhook: 500 Internal Server Error"
            && info["pending_update_count"] == 1
    });

    // Restart the server while the update is pending; delivery resumes once the receiver is back.
    server.signal("TERM");
    assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());
    receiver.set_status(200);
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    let got = receiver.wait_for(6);
    assert_eq!(got[5].json()["message"]["text"], "during outage");
    let all_ids: Vec<i64> = got.iter().map(|r| r.json()["update_id"].as_i64().unwrap()).collect();
    assert!(all_ids.windows(2).all(|w| w[1] == w[0] + 1), "ids increase by one across the restart: {all_ids:?}");
    msg_testkit::poll_until("the queue is empty", || {
        server.call(&bot, "getWebhookInfo", json!({})).json()["result"]["pending_update_count"] == 0
    });
    let deleted = server.call(&bot, "deleteWebhook", json!({}));
    assert_eq!(deleted.text(), r#"{"ok":true,"result":true,"description":"Webhook was deleted"}"#);
    let deleted = server.call(&bot, "deleteWebhook", json!({}));
    assert_eq!(deleted.json()["description"], "Webhook is already deleted");
}

#[test]
fn log_out_stops_delivery_keeps_the_directory_and_the_bot_moves_to_another_server() {
    if crate::directories_not_kept() {
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "mover_bot");
    let carol = create_user(root.path(), "Carol");
    let bot_id = id_of(&bot);
    let mut server = launch(root.path()).start();
    ok(server.user_call(&carol, "sendMessage", json!({"chat_id": bot_id, "text": "pending 1"})));
    ok(server.user_call(&carol, "sendMessage", json!({"chat_id": bot_id, "text": "pending 2"})));
    ok(msg_testkit::Multipart::new()
        .text("chat_id", &bot_id.to_string())
        .file("document", "carried.txt", "text/plain", b"moves with the bot")
        .post(server.api, &format!("/user{carol}/sendDocument")));
    assert_eq!(ok(server.call(&bot, "logOut", json!({}))), json!(true));
    let after = server.call(&bot, "getMe", json!({}));
    assert_eq!(after.text(), r#"{"ok":false,"error_code":400,"description":"Logged out"}"#);
    let bot_dir = root.path().join("data").join(bot_id.to_string());
    assert!(bot_dir.join("bot.sqlite").is_file(), "logOut keeps the directory");
    server.signal("TERM");
    assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());

    // Copy the bot's directory into a second server's working directory.
    let other = tempfile::tempdir().unwrap();
    copy_dir(&bot_dir, &other.path().join("data").join(bot_id.to_string()));
    let second = launch(other.path()).start();
    assert_eq!(ok(second.call(&bot, "getMe", json!({})))["id"], bot_id);
    let updates = ok(second.call(&bot, "getUpdates", json!({})));
    let texts: Vec<&Value> = updates.as_array().unwrap().iter().map(|u| &u["message"]["text"]).collect();
    assert_eq!(texts[..2], [&json!("pending 1"), &json!("pending 2")], "pending updates moved with the directory");
    // Its files moved too: the document's file_id works on the new server.
    let file = ok(second.call(&bot, "getFile", json!({"file_id": updates[2]["message"]["document"]["file_id"]})));
    let path = format!("/file/bot{bot}/{}", file["file_path"].as_str().unwrap());
    assert_eq!(msg_testkit::get(second.api, &path).unwrap().body, b"moves with the bot");

    // The first server still refuses the bot during the cool-down (rollback waits it out).
    let first = launch(root.path()).start();
    assert_eq!(first.call(&bot, "getMe", json!({})).json()["description"], "Logged out");
}

#[test]
fn groups_bring_bots_and_people_together() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "group_helper_bot");
    let dave = create_user(root.path(), "Dave");
    let erin = create_user(root.path(), "Erin");
    let (bot_id, erin_id) = (id_of(&bot), id_of(&erin));
    let server = launch(root.path()).start();
    let group = ok(server.user_call(&dave, "createGroup", json!({"title": "Team", "member_ids": [bot_id, erin_id]})));
    let chat_id = group["id"].as_i64().unwrap();
    assert!(chat_id < 0);
    assert_eq!(group["type"], "group");

    ok(server.user_call(&dave, "sendMessage", json!({"chat_id": chat_id, "text": "just chatting"})));
    ok(server.user_call(&dave, "sendMessage", json!({"chat_id": chat_id, "text": "/help@group_helper_bot"})));
    let updates = ok(server.call(&bot, "getUpdates", json!({"timeout": 5})));
    let seen = updates.as_array().unwrap().last().unwrap()["update_id"].as_i64().unwrap();
    let kinds: Vec<String> = updates
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            if u.get("my_chat_member").is_some() {
                "my_chat_member".into()
            } else {
                u["message"]["text"].as_str().map_or("service".into(), str::to_owned)
            }
        })
        .collect();
    assert!(kinds.contains(&"my_chat_member".to_owned()), "{kinds:?}");
    assert!(kinds.contains(&"/help@group_helper_bot".to_owned()), "{kinds:?}");
    assert!(!kinds.contains(&"just chatting".to_owned()), "privacy mode hides plain chatter: {kinds:?}");

    let reply = ok(server.call(&bot, "sendMessage", json!({"chat_id": chat_id, "text": "hello team"})));
    assert_eq!(reply["chat"], json!({"id": chat_id, "title": "Team", "type": "group"}));
    let erin_inbox = ok(server.user_call(&erin, "getUpdates", json!({"timeout": 5})));
    assert!(erin_inbox.as_array().unwrap().iter().any(|u| u["message"]["text"] == "hello team"), "{erin_inbox}");

    assert_eq!(
        ok(server.user_call(&dave, "removeChatMember", json!({"chat_id": chat_id, "user_id": bot_id}))),
        json!(true)
    );
    // Removed by someone else, a bot is kicked from a basic group (TDLib reports it banned).
    let gone = server.call(&bot, "sendMessage", json!({"chat_id": chat_id, "text": "still here?"}));
    assert_eq!(gone.json()["description"], "Forbidden: bot was kicked from the group chat");
    let kicked = ok(server.call(&bot, "getUpdates", json!({"offset": seen + 1, "timeout": 0})));
    let mine = kicked.as_array().unwrap().iter().find_map(|u| u.get("my_chat_member")).cloned().unwrap_or_default();
    assert_eq!(mine["new_chat_member"]["status"], "kicked", "{kicked}");
    assert_eq!(mine["new_chat_member"]["until_date"], 0, "{kicked}");
    // To the others it has left: a basic group keeps no list of the removed.
    let watcher = create_bot(root.path(), "team_watcher_bot");
    ok(server.user_call(&dave, "addChatMember", json!({"chat_id": chat_id, "user_id": id_of(&watcher)})));
    let seen = ok(server.call(&watcher, "getChatMember", json!({"chat_id": chat_id, "user_id": bot_id})));
    assert_eq!(seen["status"], "left", "{seen}");
    // It may still read the chat and its own standing, as the reference lets it; not the members.
    assert_eq!(ok(server.call(&bot, "getChat", json!({"chat_id": chat_id})))["type"], "group");
    let own = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat_id, "user_id": bot_id})));
    assert_eq!(own["status"], "kicked", "{own}");
    let members = server.call(&bot, "getChatMemberCount", json!({"chat_id": chat_id}));
    assert_eq!(members.json()["description"], "Forbidden: bot was kicked from the group chat");
    assert_eq!(
        ok(server.user_call(&dave, "addChatMember", json!({"chat_id": chat_id, "user_id": bot_id}))),
        json!(true)
    );
    ok(server.call(&bot, "sendMessage", json!({"chat_id": chat_id, "text": "back"})));
    // A bot that leaves by itself has left.
    ok(server.call(&bot, "leaveChat", json!({"chat_id": chat_id})));
    let left = server.call(&bot, "sendMessage", json!({"chat_id": chat_id, "text": "bye?"}));
    assert_eq!(left.json()["description"], "Forbidden: bot is not a member of the group chat");
}

#[test]
fn reply_keyboards_reach_people_and_busy_loops_are_paced() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "keys_bot");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).start();
    let (bot_id, carol_id) = (id_of(&bot), id_of(&carol));
    ok(server.user_call(&carol, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    ok(server.user_call(&carol, "sendMessage", json!({"chat_id": bot_id, "text": "again"})));

    // Pacing: the same offset again within 0.5 s gets one update; within 3 s, an empty answer
    // only after at least 3 s, however small the timeout.
    let both = ok(server.call(&bot, "getUpdates", json!({"timeout": 0})));
    assert_eq!(both.as_array().unwrap().len(), 2);
    let first_id = both[0]["update_id"].as_i64().unwrap();
    let paced = ok(server.call(&bot, "getUpdates", json!({"offset": first_id})));
    let paced_again = ok(server.call(&bot, "getUpdates", json!({"offset": first_id})));
    assert!(paced.as_array().unwrap().len() <= 2 && paced_again.as_array().unwrap().len() == 1, "{paced_again}");
    ok(server.call(&bot, "getUpdates", json!({"offset": first_id + 2, "timeout": 0})));
    let started = std::time::Instant::now();
    let empty = ok(server.call(&bot, "getUpdates", json!({"offset": first_id + 2, "timeout": 0})));
    assert_eq!(empty, json!([]));
    assert!(started.elapsed() >= Duration::from_millis(2900), "a busy loop waits 3 s: {:?}", started.elapsed());

    // Reply keyboards: validated like the reference, shown to the person, not echoed to the bot.
    let bad = server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": carol_id, "text": "x", "reply_markup": {"keyboard": [["a", 5]]}}),
    );
    assert_eq!(
        bad.json()["description"],
        "Bad Request: can't parse keyboard button: KeyboardButton must be a String or an Object"
    );
    let bad = server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": carol_id, "text": "x", "reply_markup": {"keyboard": ["a"]}}),
    );
    assert_eq!(bad.json()["description"], "Bad Request: field \"keyboard\" must be an Array of Arrays");
    let bad = server.call(&bot, "sendMessage", json!({"chat_id": carol_id, "text": "x", "reply_markup": "[1]"}));
    assert_eq!(bad.json()["description"], "Bad Request: object expected as reply markup");
    let bad = server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": carol_id, "text": "x", "reply_markup": {"inline_keyboard": [[{"text": "plain"}]]}}),
    );
    assert_eq!(
        bad.json()["description"],
        "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"
    );
    let keyboard = json!({"keyboard": [["Red", {"text": "Blue"}]], "resize_keyboard": true, "one_time_keyboard": true});
    let sent =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": carol_id, "text": "Pick", "reply_markup": keyboard})));
    assert!(sent.get("reply_markup").is_none(), "a bot's own message carries only inline keyboards: {sent}");
    let inbox = ok(server.user_call(&carol, "getUpdates", json!({"timeout": 5})));
    let shown = &inbox.as_array().unwrap().last().unwrap()["message"];
    assert_eq!(shown["text"], "Pick");
    assert_eq!(
        shown["reply_markup"],
        json!({"keyboard": [[{"text": "Red"}, {"text": "Blue"}]], "resize_keyboard": true, "one_time_keyboard": true})
    );
    let offset = inbox.as_array().unwrap().last().unwrap()["update_id"].as_i64().unwrap() + 1;
    ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": carol_id, "text": "Done", "reply_markup": {"remove_keyboard": true}}),
    ));
    let inbox = ok(server.user_call(&carol, "getUpdates", json!({"offset": offset, "timeout": 5})));
    assert_eq!(inbox[0]["message"]["reply_markup"], json!({"remove_keyboard": true, "selective": false}));
}

/// Long-polls `bot` from `offset`, recording message texts; stops at the first transport error
/// (the server died) or once `done` says so. Returns the next offset.
fn drain(
    server_api: std::net::SocketAddr,
    bot: &str,
    mut offset: i64,
    seen: &mut Vec<String>,
    done: impl Fn(&[String]) -> bool,
) -> i64 {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while !done(seen) && std::time::Instant::now() < deadline {
        let body = json!({"offset": offset, "timeout": 1}).to_string();
        let Ok(reply) = post(server_api, &format!("/bot{bot}/getUpdates"), "application/json", body.as_bytes()) else {
            break;
        };
        if reply.status != 200 {
            break;
        }
        for update in reply.json()["result"].as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            seen.push(update["message"]["text"].as_str().unwrap().to_owned());
        }
    }
    offset
}

#[test]
fn kill_9_mid_stream_loses_and_repeats_nothing_that_was_acknowledged_in_power_mode() {
    kill_9_mid_stream("power");
}

#[test]
fn kill_9_mid_stream_loses_and_repeats_nothing_that_was_acknowledged_in_process_mode() {
    kill_9_mid_stream("process");
}

fn kill_9_mid_stream(durability: &str) {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "durable_bot");
    let dave = create_user(root.path(), "Dave");
    let bot_id = id_of(&bot);
    let launch = |root: &std::path::Path| launch(root).env("MSG_DURABILITY", durability);
    let mut server = launch(root.path()).start();

    // A person writes as fast as the server answers; each `ok: true` is a promise.
    let writer = {
        let (api, dave) = (server.api, dave.clone());
        std::thread::spawn(move || {
            let (mut acknowledged, mut in_doubt) = (Vec::new(), None);
            for n in 0.. {
                let text = format!("m{n}");
                let body = json!({"chat_id": bot_id, "text": text}).to_string();
                match post(api, &format!("/user{dave}/sendMessage"), "application/json", body.as_bytes()) {
                    Ok(r) if r.status == 200 => acknowledged.push(text),
                    _ => {
                        in_doubt = Some(text);
                        break;
                    }
                }
            }
            (acknowledged, in_doubt)
        })
    };
    // The bot reads concurrently; the server is killed once it has read a good part.
    let mut seen = Vec::new();
    let offset = drain(server.api, &bot, 0, &mut seen, |s| s.len() >= 200);
    server.signal("KILL");
    server.wait_exit(Duration::from_secs(5)).expect("killed");
    let (acknowledged, in_doubt) = writer.join().unwrap();
    // (The one in doubt included: the reader may have seen a message whose answer the kill cut.)
    let reached = acknowledged.len() + usize::from(in_doubt.is_some());
    assert!(reached >= 200, "the writer got at least as far as the reader");

    let server = launch(root.path()).start();
    drain(server.api, &bot, offset, &mut seen, |s| acknowledged.iter().all(|a| s.contains(a)));
    for text in &acknowledged {
        assert_eq!(seen.iter().filter(|s| *s == text).count(), 1, "{text} delivered exactly once");
    }
    let extra: Vec<&String> = seen.iter().filter(|s| !acknowledged.contains(s)).collect();
    assert!(
        extra.len() <= 1 && extra.iter().all(|s| Some(*s) == in_doubt.as_ref()),
        "only the request in doubt may add: {extra:?}"
    );
    let order: Vec<usize> = seen.iter().map(|s| s[1..].parse().unwrap()).collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "in order");
}

/// `cp -r`: what an operator's copy of a bot directory does.
fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn update_ids_go_on_increasing_after_a_restart_that_finds_the_queue_empty() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "counting_bot");
    let bob = create_user(root.path(), "Bob");
    let mut server = launch(root.path()).start();
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": id_of(&bot), "text": "before"})));
    let first = ok(server.call(&bot, "getUpdates", json!({})))[0]["update_id"].as_i64().unwrap();
    let acked = ok(server.call(&bot, "getUpdates", json!({"offset": first + 1})));
    assert_eq!(acked, json!([]), "everything acknowledged: the queue is empty");

    server.signal("TERM");
    assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());
    let server = launch(root.path()).start();
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": id_of(&bot), "text": "after"})));
    // The bot polls on with the offset it had; the new update must be above it, not a reused id.
    let updates = ok(server.call(&bot, "getUpdates", json!({"offset": first + 1})));
    assert_eq!(updates[0]["update_id"], first + 1, "{updates}");
    assert_eq!(updates[0]["message"]["text"], "after");
}

#[test]
fn a_queue_longer_than_its_memory_window_is_read_whole_and_in_order_before_and_after_a_restart() {
    // A queue keeps the payloads of its first 1 000 updates in memory and reads the others back
    // from the database as the bot gets to them.
    const SENT: usize = 2_300;
    const FIRST: usize = 1_200;
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "patient_bot");
    let bob = create_user(root.path(), "Bob");
    let mut server = launch(root.path()).start();
    for n in 0..SENT {
        ok(server.user_call(&bob, "sendMessage", json!({"chat_id": id_of(&bot), "text": format!("m{n}")})));
    }
    let read_all = |server: &msg_testkit::Server, offset: i64, want: usize| {
        let (mut texts, mut offset) = (Vec::new(), offset);
        while texts.len() < want {
            let batch = ok(server.call(&bot, "getUpdates", json!({"offset": offset, "limit": 100})));
            let batch = batch.as_array().unwrap();
            assert!(!batch.is_empty(), "the queue stopped after {} updates", texts.len());
            for update in batch {
                texts.push(update["message"]["text"].as_str().unwrap().to_owned());
                offset = update["update_id"].as_i64().unwrap() + 1;
            }
        }
        (texts, offset)
    };
    let expected = |range: std::ops::Range<usize>| range.map(|n| format!("m{n}")).collect::<Vec<_>>();
    // This server reads past its window...
    let (texts, offset) = read_all(&server, 0, FIRST);
    assert_eq!(texts, expected(0..FIRST));
    // ...the next one loads a queue longer than the window from the database and reads it all.
    server.signal("TERM");
    assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());
    let server = launch(root.path()).start();
    let (texts, offset) = read_all(&server, offset, SENT - FIRST);
    assert_eq!(texts, expected(FIRST..SENT));
    assert_eq!(ok(server.call(&bot, "getUpdates", json!({"offset": offset}))), json!([]));
}

#[test]
fn messages_past_the_retention_period_are_forgotten_and_their_ids_stay_taken() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "forgetful_bot");
    let bob = create_user(root.path(), "Bob");
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let launch = |root: &std::path::Path| launch(root).env("MSG_MESSAGE_RETENTION", "2s");
    let mut server = launch(root.path()).start();
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "old news"})));
    let sent = ok(server.call(&bot, "sendMessage", json!({"chat_id": bob_id, "text": "an old answer"})));
    let last_id = sent["message_id"].as_i64().unwrap();
    let history = |server: &msg_testkit::Server| {
        ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": bot_id}))).as_array().unwrap().len()
    };
    assert_eq!(history(&server), 2);
    // The sweep runs every second for a 2 s period.
    msg_testkit::poll_until("both messages are forgotten", || history(&server) == 0);
    let edit = crate::error(server.call(
        &bot,
        "editMessageText",
        json!({"chat_id": bob_id, "message_id": last_id, "text": "too late"}),
    ));
    assert_eq!(edit, (400, "Bad Request: message to edit not found".to_owned()));

    // After a restart the chat goes on counting where it was.
    server.signal("TERM");
    assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());
    let server = launch(root.path()).start();
    let next = ok(server.call(&bot, "sendMessage", json!({"chat_id": bob_id, "text": "new"})));
    assert_eq!(next["message_id"].as_i64().unwrap(), last_id + 1);
}

/// A database from before the domains kept rows held a chat's invite links and pins inside the
/// chat's record: the first start of this version splits them into rows once, and they work on.
#[test]
fn people_groups_and_lists_kept_by_an_older_version_become_rows_and_work_on() {
    if !crate::on_sqlite() {
        eprintln!("not run on PostgreSQL: the test writes an older version's SQLite records");
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "legacy_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let bot_id = id_of(&bot);
    let mut server = launch(root.path()).start();
    let group = ok(server.user_call(&alice, "createSupergroup", json!({"title": "Old", "member_ids": [bot_id]})));
    let chat = group["id"].as_i64().unwrap();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_invite_users": true, "can_pin_messages": true}),
    ));
    let link = ok(server.call(&bot, "createChatInviteLink", json!({"chat_id": chat, "name": "Old link"})));
    let link = link["invite_link"].as_str().unwrap().to_owned();
    let note = ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "pinned"})));
    ok(server.call(&bot, "pinChatMessage", json!({"chat_id": chat, "message_id": note["message_id"]})));
    server.signal("TERM");
    assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());

    // Written back as an older version kept them: people, groups and standings in tables of
    // their own, the group's lists inside its record, no rows.
    let path = root.path().join("data").join("platform.sqlite");
    let db = rusqlite::Connection::open(&path).unwrap();
    let rows = |db: &rusqlite::Connection, table: &str, scope: i64| -> Vec<Value> {
        let mut statement = db.prepare("SELECT value FROM records WHERE tbl = ?1 AND scope = ?2").unwrap();
        let values = statement.query_map(rusqlite::params![table, scope], |r| r.get::<_, String>(0)).unwrap();
        values.map(|v| serde_json::from_str(&v.unwrap()).unwrap()).collect()
    };
    let invites = rows(&db, "chat_invite", chat);
    assert_eq!(invites.len(), 1, "{invites:?}");
    assert_eq!(rows(&db, "chat_pin", chat).len(), 1);
    db.execute_batch(
        "CREATE TABLE users (id INTEGER PRIMARY KEY, secret TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT,
             username TEXT, language_code TEXT, created_at INTEGER NOT NULL, details TEXT NOT NULL DEFAULT '{}');
         CREATE TABLE chats (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, created_at INTEGER NOT NULL,
             details TEXT NOT NULL DEFAULT '{}');
         CREATE TABLE members (chat_id INTEGER NOT NULL, user_id INTEGER NOT NULL, status TEXT NOT NULL,
             details TEXT NOT NULL DEFAULT '{}', PRIMARY KEY (chat_id, user_id));",
    )
    .unwrap();
    let people = rows(&db, "person", 0);
    assert_eq!(people.len(), 2, "{people:?}");
    for p in &people {
        db.execute(
            "INSERT INTO users VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            rusqlite::params![
                p["id"].as_i64(),
                p["secret"].as_str(),
                p["first_name"].as_str(),
                p["last_name"].as_str(),
                p["username"].as_str(),
                p["language_code"].as_str(),
                p["created_at"].as_i64(),
                p["details"].as_str()
            ],
        )
        .unwrap();
    }
    let [group] = &rows(&db, "chat", 0)[..] else { panic!("one group") };
    let mut details: Value = serde_json::from_str(group["details"].as_str().unwrap()).unwrap();
    details["invites"] = Value::Array(invites);
    details["pinned"] = json!([note["message_id"]]);
    db.execute(
        "INSERT INTO chats VALUES (?1, ?2, ?3, ?4, ?5)",
        rusqlite::params![
            chat,
            group["kind"].as_str(),
            group["title"].as_str(),
            group["created_at"].as_i64(),
            details.to_string()
        ],
    )
    .unwrap();
    let standings = rows(&db, "member", chat);
    assert_eq!(standings.len(), 2, "{standings:?}");
    for m in &standings {
        db.execute(
            "INSERT INTO members VALUES (?1, ?2, ?3, ?4)",
            rusqlite::params![chat, m["user_id"].as_i64(), m["status"].as_str(), m["details"].as_str()],
        )
        .unwrap();
    }
    db.execute("DELETE FROM records WHERE scope = ?1 OR tbl IN ('kernel_upgrade', 'person', 'chat', 'member')", [chat])
        .unwrap();
    drop(db);

    let server = launch(root.path()).start();
    let info = ok(server.call(&bot, "getChat", json!({"chat_id": chat})));
    assert_eq!(info["pinned_message"]["message_id"], note["message_id"]);
    ok(server.user_call(&bob, "joinChat", json!({"invite_link": link})));
    let member = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": id_of(&bob)})));
    assert_eq!(member["status"], "member");
    assert_eq!(
        ok(server.user_call(&alice, "getMe", json!({})))["first_name"],
        "Alice",
        "the person's token still works"
    );
    let db = rusqlite::Connection::open(&path).unwrap();
    let invites = rows(&db, "chat_invite", chat);
    assert_eq!((invites.len(), invites[0]["joined"].as_i64()), (1, Some(1)), "one row, counting the join");
    assert_eq!(rows(&db, "chat_pin", chat).len(), 1);
    let [group] = &rows(&db, "chat", 0)[..] else { panic!("one group") };
    let details = group["details"].as_str().unwrap();
    assert!(!details.contains("invites") && !details.contains("pinned"), "{details}");
    assert_eq!((rows(&db, "person", 0).len(), rows(&db, "member", chat).len()), (2, 3), "Bob joined");
    let legacy: i64 = db
        .query_row("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('users', 'chats', 'members')", [], |r| r.get(0))
        .unwrap();
    assert_eq!(legacy, 0, "the tables they had are gone");
}
