//! Widgets (Bot API 10.4) from both sides: a bot sends a widget (and a shared one, and again),
//! a person's widget asks the bot and gets its answer, the bot changes the widget's data, the
//! production rules hold (private chats, protected) until the operator lifts them, a forwarded
//! shared widget asks the bot that made it; bad input in the documented limits.

use serde_json::{Value, json};

use crate::{Started, assert_typed, error, launch, next_person_update, next_update, ok, refused, waiting};

const KEY: &str = "widgets-operator-key";

const HTML: &str = "<!doctype html><p id=out>…</p><script>TelegramWidget.request('hi')</script>";

#[test]
fn a_widget_asks_its_bot_and_the_bot_changes_its_data() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = crate::started("widget_bot");
    // The documented limits.
    let send = |params: Value| server.call(&bot, "sendWidget", params);
    assert_eq!(error(send(json!({"chat_id": alice_id}))).1, "Bad Request: parameter \"html\" is required");
    assert!(error(send(json!({"chat_id": alice_id, "html": "x".repeat(32_769)}))).1.contains("at most 32768 bytes"));
    // xorshift64: noise that zlib cannot shrink below 4096 bytes.
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let noise: String = (0..8000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            char::from(b'!' + (x % 90) as u8)
        })
        .collect();
    assert!(error(send(json!({"chat_id": alice_id, "html": noise}))).1.contains("compressed by zlib"));
    assert_eq!(
        error(send(json!({"chat_id": alice_id, "html": HTML, "chat_data": "x".repeat(1025)}))).1,
        "Bad Request: chat_data must be at most 1024 bytes"
    );
    assert_eq!(
        error(send(json!({"chat_id": alice_id, "html": HTML, "width": 0}))).1,
        "Bad Request: width must be positive"
    );

    // A widget that takes queries, with its data and a caption.
    let sent = ok(send(json!({
        "chat_id": alice_id, "html": HTML, "height": 120, "public_data": "{\"score\":1}",
        "chat_data": "round 1", "caption": "<b>Play</b>", "parse_mode": "HTML", "allow_queries": true,
    })));
    assert_typed("Message", &sent);
    assert_eq!(
        sent["widget"],
        json!({"html": HTML, "height": 120, "public_data": "{\"score\":1}", "chat_data": "round 1"})
    );
    assert_eq!((sent["caption"].as_str(), sent["caption_entities"][0]["type"].as_str()), (Some("Play"), Some("bold")));
    assert_eq!(sent["has_protected_content"], true, "production: always protected");
    let mut seen = 0;
    let shown = next_person_update(&server, &alice, &mut seen, "message");
    assert_eq!(shown["widget"]["chat_data"], "round 1");
    let message_id = sent["message_id"].as_i64().unwrap();

    // The person's widget asks; the bot gets widget_query and answers the widget alone.
    let query = |data: &str, timeout: u64| {
        waiting(
            &server,
            &alice,
            "sendWidgetQuery",
            json!({"chat_id": bot_id, "message_id": message_id, "data": data, "timeout": timeout}),
        )
    };
    let asking = query("hi", 20);
    let mut offset = 0;
    let update = next_update(&server, &bot, &mut offset, "widget_query");
    assert_typed("WidgetQuery", &update);
    assert_eq!((update["data"].as_str(), update["type"]["type"].as_str()), (Some("hi"), Some("data")));
    assert_eq!((update["chat"]["id"].as_i64(), update["message_id"].as_i64()), (Some(alice_id), Some(message_id)));
    assert!(update["chat_instance"].as_str().is_some_and(|c| !c.is_empty()));
    assert_eq!(
        refused(&server, &bot, "answerWidgetQuery", json!({"widget_query_id": update["id"], "data": "x".repeat(1025)})),
        "Bad Request: data must be at most 1024 bytes"
    );
    ok(server.call(&bot, "answerWidgetQuery", json!({"widget_query_id": update["id"], "data": "hello"})));
    let answer = asking.join().unwrap().json()["result"].clone();
    assert_eq!((answer["answered"].as_bool(), answer["data"].as_str()), (Some(true), Some("hello")));
    assert_eq!(
        refused(&server, &bot, "answerWidgetQuery", json!({"widget_query_id": update["id"]})),
        "Bad Request: query is too old and response timeout expired or query ID is invalid",
        "answered once"
    );
    // Unanswered: the widget is told so; bad data is refused before the bot hears of it.
    let unanswered = ok(server.user_call(
        &alice,
        "sendWidgetQuery",
        json!({"chat_id": bot_id, "message_id": message_id, "data": "late", "timeout": 0}),
    ));
    assert_eq!(unanswered["answered"], false);
    let too_long = server.user_call(
        &alice,
        "sendWidgetQuery",
        json!({"chat_id": bot_id, "message_id": message_id, "data": "x".repeat(65)}),
    );
    assert_eq!(error(too_long).1, "Bad Request: data must be 1-64 bytes");
    // Five queries per five seconds: the next one waits.
    let mut limited = None;
    for _ in 0..6 {
        let reply = server.user_call(
            &alice,
            "sendWidgetQuery",
            json!({"chat_id": bot_id, "message_id": message_id, "data": "spam", "timeout": 0}),
        );
        if reply.status == 429 {
            limited = Some(reply);
            break;
        }
    }
    let limited = limited.expect("the sixth query in five seconds is refused");
    assert!(limited.json()["description"].as_str().unwrap().starts_with("Too Many Requests: retry after "));

    // The bot changes the message's data: the person sees the edit; a widget that takes no
    // queries refuses them.
    let edit = json!({"chat_id": alice_id, "message_id": message_id, "chat_data": "round 2"});
    assert_eq!(ok(server.call(&bot, "editMessageWidgetData", edit)), true);
    let edited = next_person_update(&server, &alice, &mut seen, "edited_message");
    assert_eq!(
        (edited["widget"]["chat_data"].as_str(), edited["widget"]["public_data"].as_str()),
        (Some("round 2"), Some("{\"score\":1}"))
    );
    let data = ok(server.user_call(&alice, "getWidgetData", json!({"chat_id": bot_id, "message_id": message_id})));
    assert_eq!(data, json!({"public_data": "{\"score\":1}", "chat_data": "round 2", "cache_time": 30}));
    let text = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "plain"})));
    assert_eq!(
        refused(
            &server,
            &bot,
            "editMessageWidgetData",
            json!({"chat_id": alice_id, "message_id": text["message_id"], "chat_data": "x"})
        ),
        "Bad Request: there is no widget in the message to edit"
    );
    let quiet = ok(send(json!({"chat_id": alice_id, "html": HTML})));
    let refused_query = server.user_call(
        &alice,
        "sendWidgetQuery",
        json!({"chat_id": bot_id, "message_id": quiet["message_id"], "data": "hi"}),
    );
    assert_eq!(error(refused_query).1, "Bad Request: the widget can't send queries");
    // Inline results cannot carry a widget (the production rule).
    let result = json!([{"type": "article", "id": "w", "title": "Widget", "input_message_content": {"html": HTML}}]);
    assert_eq!(
        refused(&server, &bot, "answerInlineQuery", json!({"inline_query_id": "1", "results": result})),
        "Bad Request: can't parse inline query result: widgets can't be sent in response to inline queries"
    );
    // Protected: the person cannot forward it.
    let forward = server.user_call(
        &alice,
        "forwardMessage",
        json!({"chat_id": alice_id, "from_chat_id": bot_id, "message_id": message_id}),
    );
    assert_eq!(error(forward).0, 400);
}

#[test]
fn shared_widgets_share_their_public_data_and_a_forwarded_one_asks_its_maker() {
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "shared_widget_bot");
    let (alice, bob) = (crate::create_user(root.path(), "Alice"), crate::create_user(root.path(), "Bob"));
    let (bot_id, alice_id, bob_id) = (crate::id_of(&bot), crate::id_of(&alice), crate::id_of(&bob));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let group =
        ok(server.user_call(&alice, "createSupergroup", json!({"title": "Board", "member_ids": [bot_id, bob_id]})));

    // Production rules: a group is refused.
    let shared = json!({"html": HTML, "is_shared": true, "allow_queries": true, "public_data": "v1"});
    let mut to_group = shared.clone();
    to_group["chat_id"] = group["id"].clone();
    assert_eq!(
        refused(&server, &bot, "sendWidget", to_group.clone()),
        "Bad Request: widgets can be sent only to private chats"
    );

    let mut to_alice = shared.clone();
    to_alice["chat_id"] = json!(alice_id);
    let first = ok(server.call(&bot, "sendWidget", to_alice));
    let widget_id = first["widget"]["id"].as_str().expect("a shared widget has an id").to_owned();
    let again = ok(server.call(
        &bot,
        "sendSharedWidget",
        json!({"chat_id": alice_id, "widget_id": widget_id, "chat_data": "second"}),
    ));
    assert_typed("Message", &again);
    assert_eq!((again["widget"]["html"].as_str(), again["widget"]["public_data"].as_str()), (Some(HTML), Some("v1")));
    assert_eq!(again["widget"]["chat_data"], "second");
    assert_eq!(
        refused(&server, &bot, "sendSharedWidget", json!({"chat_id": alice_id, "widget_id": "0000"})),
        "Bad Request: WIDGET_ID_INVALID"
    );

    // One change of the public data shows in every message; once a second at most.
    assert_eq!(
        refused(
            &server,
            &bot,
            "editSharedWidgetData",
            json!({"widget_id": widget_id, "public_data": "v2", "cache_time": 4})
        ),
        "Bad Request: cache_time must be between 5 and 3600"
    );
    let edited = ok(server.call(
        &bot,
        "editSharedWidgetData",
        json!({"widget_id": widget_id, "public_data": "v2", "cache_time": 60}),
    ));
    assert_eq!(edited, true);
    let too_soon = server.call(&bot, "editSharedWidgetData", json!({"widget_id": widget_id, "public_data": "v3"}));
    assert_eq!(error(too_soon), (429, "Too Many Requests: retry after 1".into()));
    for message in [&first, &again] {
        let data = ok(server.user_call(
            &alice,
            "getWidgetData",
            json!({"chat_id": bot_id, "message_id": message["message_id"]}),
        ));
        assert_eq!((data["public_data"].as_str(), data["cache_time"].as_i64()), (Some("v2"), Some(60)));
    }
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id, "limit": 5})));
    let shown: Vec<&Value> = history.as_array().unwrap().iter().filter(|m| m.get("widget").is_some()).collect();
    assert!(shown.iter().all(|m| m["widget"]["public_data"] == "v2"), "{shown:?}");

    // The operator lifts the production rules for this bot: the widget goes to the group, is not
    // protected, and a person forwards it to another chat, whose widget asks the bot that made it.
    ok(crate::console::operator(&server, KEY, "setBotFlags", json!({"bot_id": bot_id, "widgets_anywhere": true})));
    let posted = ok(server.call(&bot, "sendSharedWidget", json!({"chat_id": group["id"], "widget_id": widget_id})));
    assert!(posted.get("has_protected_content").is_none(), "{posted}");
    let forwarded = ok(server.user_call(
        &bob,
        "forwardMessage",
        json!({"chat_id": alice_id, "from_chat_id": group["id"], "message_id": posted["message_id"]}),
    ));
    assert_eq!(forwarded["widget"]["id"], widget_id.as_str());
    let asking = waiting(
        &server,
        &alice,
        "sendWidgetQuery",
        json!({"chat_id": bob_id, "message_id": forwarded["message_id"], "data": "from a forward", "timeout": 20}),
    );
    let mut offset = 0;
    let query = next_update(&server, &bot, &mut offset, "shared_widget_query");
    assert_typed("SharedWidgetQuery", &query);
    assert_eq!((query["widget_id"].as_str(), query["from"]["id"].as_i64()), (Some(widget_id.as_str()), Some(alice_id)));
    ok(server.call(&bot, "answerWidgetQuery", json!({"widget_query_id": query["id"], "data": "hi from the maker"})));
    assert_eq!(asking.join().unwrap().json()["result"]["data"], "hi from the maker");

    // editMessageWidgetData changes a shared widget's public data everywhere at once (not as an
    // edit of the message); a copy another bot cannot speak for.
    let data_of = |message: &Value| {
        ok(server.user_call(&alice, "getWidgetData", json!({"chat_id": bot_id, "message_id": message["message_id"]})))
    };
    let wait_a_second = std::time::Instant::now() + std::time::Duration::from_millis(1100);
    msg_testkit::poll_until("a second since the last edit", || std::time::Instant::now() >= wait_a_second);
    let edit = json!({"chat_id": alice_id, "message_id": first["message_id"], "public_data": "v4"});
    assert_eq!(ok(server.call(&bot, "editMessageWidgetData", edit)), true);
    assert_eq!(
        (data_of(&first)["public_data"].as_str(), data_of(&again)["public_data"].as_str()),
        (Some("v4"), Some("v4"))
    );
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id, "limit": 5})));
    assert!(
        history
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m.get("widget").is_some())
            .all(|m| m["widget"]["public_data"] == "v4")
    );

    // The kinds of queries stay apart: a callback answer is no widget answer, and the reverse.
    let asking = waiting(
        &server,
        &alice,
        "sendWidgetQuery",
        json!({"chat_id": bob_id, "message_id": forwarded["message_id"], "data": "kinds", "timeout": 5}),
    );
    let query = next_update(&server, &bot, &mut offset, "shared_widget_query");
    assert_eq!(
        refused(&server, &bot, "answerCallbackQuery", json!({"callback_query_id": query["id"]})),
        "Bad Request: query is too old and response timeout expired or query ID is invalid"
    );
    ok(server.call(&bot, "answerWidgetQuery", json!({"widget_query_id": query["id"], "data": "right kind"})));
    assert_eq!(asking.join().unwrap().json()["result"]["data"], "right kind");
    assert_eq!(
        refused(&server, &bot, "answerWidgetQuery", json!({"widget_query_id": "12345"})),
        "Bad Request: query is too old and response timeout expired or query ID is invalid"
    );

    // In a channel (the operator's rules lifted): a subscriber's widget asks the bot that posted
    // it, which edits its post's data.
    let channel =
        ok(server.user_call(&alice, "createChannel", json!({"title": "Board news", "member_ids": [bot_id, bob_id]})));
    let rights =
        json!({"chat_id": channel["id"], "user_id": bot_id, "can_post_messages": true, "can_edit_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    let post =
        ok(server.call(&bot, "sendWidget", json!({"chat_id": channel["id"], "html": HTML, "allow_queries": true})));
    let asking = waiting(
        &server,
        &bob,
        "sendWidgetQuery",
        json!({"chat_id": channel["id"], "message_id": post["message_id"], "data": "from the channel", "timeout": 10}),
    );
    let query = next_update(&server, &bot, &mut offset, "widget_query");
    assert_eq!((query["chat"]["id"].as_i64(), query["from"]["id"].as_i64()), (channel["id"].as_i64(), Some(bob_id)));
    ok(server.call(&bot, "answerWidgetQuery", json!({"widget_query_id": query["id"], "data": "ok"})));
    assert_eq!(asking.join().unwrap().json()["result"]["data"], "ok");
    let edit = json!({"chat_id": channel["id"], "message_id": post["message_id"], "chat_data": "posted"});
    assert_eq!(ok(server.call(&bot, "editMessageWidgetData", edit)), true);

    // The share theme's backdrops (10.4).
    let backdrops = ok(server.call(&bot, "getChatShareThemeBackdrops", json!({})));
    assert_typed("ChatShareThemeBackdrops", &backdrops);
    assert!(!backdrops["backdrops"].as_array().unwrap().is_empty());
}
