//! What the hardening campaign found besides crashes: permissions on the embedded platform,
//! explicit entities and keyboards checked and rebuilt, webhook replies in every body encoding,
//! and the reference's behaviour in sendMessage's details.

use msg_testkit::{Multipart, Receiver, poll_until};
use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, ok};

/// The person's next update with a message, skipping others. Polls for up to 30 s: an empty
/// long poll is not an error by itself (a webhook retried on a loaded machine may take longer
/// than one poll), but 30 s without the message is; the server's log is shown then.
fn next_message(server: &msg_testkit::Server, user: &str, offset: &mut i64) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let updates = ok(server.user_call(user, "getUpdates", json!({"offset": *offset, "timeout": 10})));
        let updates = updates.as_array().unwrap();
        if updates.is_empty() {
            assert!(
                std::time::Instant::now() < deadline,
                "no update came in 30 s; the server said:\n{}",
                server.output()
            );
            continue;
        }
        for update in updates {
            *offset = update["update_id"].as_i64().unwrap() + 1;
            if update.get("message").is_some() {
                return update["message"].clone();
            }
        }
    }
}

#[test]
fn only_admins_remove_members_and_only_the_asked_bot_answers_its_callback() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "asked_bot");
    let other = create_bot(root.path(), "other_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).start();
    let members = json!([id_of(&bot), id_of(&bob), id_of(&carol)]);
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Club", "member_ids": members})));
    let chat = group["id"].as_i64().unwrap();

    // A plain member removes nobody; the creator may; anyone may leave.
    for target in [id_of(&carol), id_of(&bot), id_of(&alice)] {
        let refused = server.user_call(&bob, "removeChatMember", json!({"chat_id": chat, "user_id": target}));
        assert_eq!(error(refused), (400, "Bad Request: CHAT_ADMIN_REQUIRED".into()), "removing {target}");
    }
    ok(server.user_call(&alice, "removeChatMember", json!({"chat_id": chat, "user_id": id_of(&carol)})));
    ok(server.user_call(&bob, "removeChatMember", json!({"chat_id": chat, "user_id": id_of(&bob)})));

    // A callback query is answered only by the bot it went to.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&bot), "text": "/start"})));
    let keyboard = json!({"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]});
    let sent = ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": id_of(&alice), "text": "Ready?", "reply_markup": keyboard}),
    ));
    let pressing = {
        let (api, alice, bot_id, message_id) = (server.api, alice.clone(), id_of(&bot), sent["message_id"].clone());
        std::thread::spawn(move || {
            let body = json!({"chat_id": bot_id, "message_id": message_id, "callback_data": "go", "timeout": 20});
            msg_testkit::post(
                api,
                &format!("/user{alice}/pressButton"),
                "application/json",
                body.to_string().as_bytes(),
            )
            .unwrap()
        })
    };
    let mut query = Value::Null;
    let mut offset = 0;
    poll_until("the bot gets the callback query", || {
        let updates = ok(server.call(&bot, "getUpdates", json!({"offset": offset, "timeout": 1})));
        for update in updates.as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if update.get("callback_query").is_some() {
                query = update["callback_query"].clone();
            }
        }
        !query.is_null()
    });
    let id = query["id"].clone();
    let stolen = server.call(&other, "answerCallbackQuery", json!({"callback_query_id": id, "text": "mine"}));
    assert_eq!(
        error(stolen),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into())
    );
    ok(server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": id, "text": "ok"})));
    let pressed = ok(pressing.join().unwrap());
    assert_eq!(pressed["answer"]["text"], "ok");
}

#[test]
fn a_person_created_while_the_server_runs_is_served_at_once() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "early_bot");
    let server = launch(root.path()).start();
    for name in ["Dora", "Eve", "Finn"] {
        let person = create_user(root.path(), name);
        let me = server.user_call(&person, "getMe", json!({}));
        assert_eq!(me.status, 200, "{}", me.text());
        ok(server.user_call(&person, "sendMessage", json!({"chat_id": id_of(&bot), "text": "hi"})));
    }
}

#[test]
fn explicit_entities_and_keyboards_reach_people_checked_and_rebuilt() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "format_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let alice_id = id_of(&alice);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&bot), "text": "/start"})));
    let send = |params: Value| server.call(&bot, "sendMessage", params);

    for (entities, description) in [
        (
            json!([{"type": "bold", "offset": -1, "length": 2}]),
            "Bad Request: receive an entity with incorrect offset -1",
        ),
        (
            json!([{"type": "bold", "offset": 2, "length": 50}]),
            "Bad Request: entity beginning at UTF-16 offset 2 ends after the end of the text at UTF-16 offset 52",
        ),
        (
            json!([{"type": "shouting", "offset": 0, "length": 2}]),
            "Bad Request: can't parse MessageEntity: Unsupported type specified",
        ),
        (json!([{"type": "bold", "offset": 0}]), "Bad Request: can't parse MessageEntity: Can't find field \"length\""),
    ] {
        let refused = send(json!({"chat_id": alice_id, "text": "Hello world", "entities": entities}));
        assert_eq!(error(refused), (400, description.into()), "{entities}");
    }
    let entities = json!([
        {"type": "italic", "offset": 6, "length": 5, "colour": "red"},
        {"type": "bold", "offset": 0, "length": 5, "user": {"id": 1}},
        {"type": "mention", "offset": 0, "length": 5},
    ]);
    // telegraf adds `"hide": false` to buttons; anything else a client adds goes too.
    let keyboard =
        json!({"inline_keyboard": [[{"text": "Open", "url": "https://example.com", "hide": false, "x": 1}]]});
    let sent =
        ok(send(json!({"chat_id": alice_id, "text": "Hello world", "entities": entities, "reply_markup": keyboard})));
    let expected_entities = json!([
        {"offset": 0, "length": 5, "type": "bold"},
        {"offset": 6, "length": 5, "type": "italic"},
    ]);
    assert_eq!(sent["entities"], expected_entities);
    let mut offset = 0;
    let received = next_message(&server, &alice, &mut offset);
    assert_eq!(received["entities"], expected_entities);
    assert_eq!(
        received["reply_markup"],
        json!({"inline_keyboard": [[{"text": "Open", "url": "https://example.com"}]]})
    );

    let reply_keyboard = json!({"keyboard": [[{"text": "A", "request_contact": false, "bogus": true}, "B"]], "resize_keyboard": true, "weird": 1});
    ok(send(json!({"chat_id": alice_id, "text": "Pick", "reply_markup": reply_keyboard})));
    let received = next_message(&server, &alice, &mut offset);
    assert_eq!(
        received["reply_markup"],
        json!({"keyboard": [[{"text": "A"}, {"text": "B"}]], "resize_keyboard": true})
    );
}

#[test]
fn send_message_follows_the_reference_in_its_details() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "exact_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (alice_id, bot_id) = (id_of(&alice), id_of(&bot));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let send = |params: Value| server.call(&bot, "sendMessage", params);

    // The text is checked before the chat; a blank text after it.
    assert_eq!(error(send(json!({}))), (400, "Bad Request: message text is empty".into()));
    assert_eq!(error(send(json!({"text": " \n "}))), (400, "Bad Request: chat_id is empty".into()));
    assert_eq!(
        error(send(json!({"chat_id": alice_id, "text": " \n "}))),
        (400, "Bad Request: text must be non-empty".into())
    );
    // chat_id is read leniently: digits up to the first other character.
    let lenient = ok(send(json!({"chat_id": format!("{alice_id}abc"), "text": "lenient"})));
    assert_eq!(lenient["chat"]["id"], alice_id);
    assert_eq!(error(send(json!({"chat_id": "abc", "text": "x"}))), (400, "Bad Request: chat not found".into()));

    // A reply to a message that is gone: refused, or sent without the reply when allowed.
    let gone = json!({"message_id": 999_999});
    assert_eq!(
        error(send(json!({"chat_id": alice_id, "text": "re", "reply_parameters": gone}))),
        (400, "Bad Request: message to be replied not found".into())
    );
    let allowed = json!({"message_id": 999_999, "allow_sending_without_reply": true});
    let sent = ok(send(json!({"chat_id": alice_id, "text": "re", "reply_parameters": allowed})));
    assert!(sent.get("reply_to_message").is_none(), "{sent}");
    let sent = ok(send(
        json!({"chat_id": alice_id, "text": "re", "reply_to_message_id": 999_999, "allow_sending_without_reply": true}),
    ));
    assert!(sent.get("reply_to_message").is_none(), "{sent}");

    // protect_content shows as has_protected_content, to the person too.
    let protected = ok(send(json!({"chat_id": alice_id, "text": "secret", "protect_content": true})));
    assert_eq!(protected["has_protected_content"], true);
    let mut offset = 0;
    let mut received = next_message(&server, &alice, &mut offset);
    while received["text"] != "secret" {
        received = next_message(&server, &alice, &mut offset);
    }
    assert_eq!(received["has_protected_content"], true);

    // Links, addresses, mentions and tags in a bot's text are found as for people.
    let found = ok(send(
        json!({"chat_id": alice_id, "text": "see https://example.com or bob@example.org, @alice_x #news /help"}),
    ));
    let kinds: Vec<&str> = found["entities"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["url", "email", "mention", "hashtag", "bot_command"]);

    // A tg://user link names a known person as a text_mention; an unknown one is dropped.
    let html = format!("<a href=\"tg://user?id={alice_id}\">Alice</a> and <a href=\"tg://user?id=42\">nobody</a>");
    let mentioned = ok(send(json!({"chat_id": alice_id, "text": html, "parse_mode": "HTML"})));
    assert_eq!(
        mentioned["entities"],
        json!([{"offset": 0, "length": 5, "type": "text_mention", "user": {"id": alice_id, "is_bot": false, "first_name": "Alice"}}])
    );
}

#[test]
fn webhook_replies_run_in_every_body_encoding() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "reply_bot");
    let alice = create_user(root.path(), "Alice");
    let receiver = Receiver::start();
    let server = launch(root.path()).env("MSG_LOCAL", "1").start();
    let (alice_id, bot_id) = (id_of(&alice), id_of(&bot));
    ok(server.call(&bot, "setWebhook", json!({"url": format!("http://{}/hook", receiver.addr)})));

    receiver.reply_next(
        "application/json",
        json!({"method": "sendMessage", "chat_id": alice_id, "text": "by json"}).to_string(),
    );
    receiver
        .reply_next("application/x-www-form-urlencoded", format!("method=sendMessage&chat_id={alice_id}&text=by+form"));
    let (content_type, body) = Multipart::new()
        .text("method", "sendDocument")
        .text("chat_id", &alice_id.to_string())
        .text("caption", "by multipart")
        .file("document", "reply.txt", "text/plain", b"a file in a reply")
        .finish();
    receiver.reply_next(&content_type, body);
    // A method a reply may not call is logged, not run.
    receiver.reply_next("application/json", json!({"method": "getMe"}).to_string());

    let mut offset = 0;
    let mut replies = Vec::new();
    for text in ["one", "two", "three", "four"] {
        ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": text})));
        receiver.wait_for(replies.len() + 1);
        if replies.len() < 3 {
            replies.push(next_message(&server, &alice, &mut offset));
        } else {
            replies.push(Value::Null);
        }
    }
    assert_eq!(replies[0]["text"], "by json");
    assert_eq!(replies[1]["text"], "by form");
    assert_eq!(replies[2]["caption"], "by multipart");
    assert_eq!(replies[2]["document"]["file_name"], "reply.txt");
    assert_eq!(replies[2]["document"]["file_size"], 17);
    let mut server = server;
    server.wait_for_line(|l| l.contains("a webhook reply asked for getMe, which a webhook reply may not call"));
}

#[test]
fn url_and_web_app_buttons_take_only_the_links_the_reference_takes() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "links_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let alice_id = id_of(&alice);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&bot), "text": "/start"})));
    let send = |markup: Value| {
        server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "Go", "reply_markup": markup}))
    };
    let inline = |button: Value| json!({"inline_keyboard": [[button]]});
    let menu = |url: &str| json!({"menu_button": {"type": "web_app", "text": "App", "web_app": {"url": url}}});

    // tdlib's URL checker words the refusal; a scheme without `//` reads as a host and a port.
    for (url, reason) in [
        ("javascript:alert(1)", "Wrong port number specified in the URL"),
        ("data:text/html,hi", "Wrong port number specified in the URL"),
        ("javascript://x", "Unsupported URL protocol"),
        ("ftp://example.com", "Unsupported URL protocol"),
        ("http://localhost", "Wrong HTTP URL"),
    ] {
        let refused = send(inline(json!({"text": "Open", "url": url})));
        let expected = format!("Bad Request: inline keyboard button URL '{url}' is invalid: {reason}");
        assert_eq!(error(refused), (400, expected), "{url}");
    }

    // Web Apps (in both keyboards and the menu) and login URLs take HTTPS only, and never a
    // person's link.
    let app = "http://example.com/app";
    let person = format!("tg://user?id={alice_id}");
    let https_only = "is invalid: Only HTTPS links are allowed";
    for (refused, expected) in [
        (
            send(inline(json!({"text": "App", "web_app": {"url": app}}))),
            format!("inline keyboard button Web App URL '{app}' {https_only}"),
        ),
        (
            send(inline(json!({"text": "Log in", "login_url": {"url": "http://example.com/login"}}))),
            format!("inline keyboard button login URL 'http://example.com/login' {https_only}"),
        ),
        (
            send(inline(json!({"text": "App", "web_app": {"url": &person}}))),
            "link to a user can't be used in Web App URL buttons".to_owned(),
        ),
        (
            send(json!({"keyboard": [[{"text": "App", "web_app": {"url": app}}]]})),
            format!("keyboard button Web App URL '{app}' {https_only}"),
        ),
        (
            server.call(&bot, "setChatMenuButton", menu("http://example.com")),
            format!("menu button Web App URL 'http://example.com' {https_only}"),
        ),
    ] {
        assert_eq!(error(refused), (400, format!("Bad Request: {expected}")));
    }

    // What the reference takes still goes: https and tg links, a button to a person.
    ok(send(inline(json!({"text": "Open", "url": "https://example.com"}))));
    ok(send(inline(json!({"text": "Resolve", "url": "tg://resolve?domain=links_bot"}))));
    ok(send(inline(json!({"text": "Alice", "url": &person}))));
    ok(send(inline(json!({"text": "App", "web_app": {"url": "https://example.com/app"}}))));
    ok(send(json!({"keyboard": [[{"text": "App", "web_app": {"url": "https://example.com/app"}}]]})));
    ok(server.call(&bot, "setChatMenuButton", menu("https://example.com/app")));

    // Inline query results carry keyboards too, checked the same way; and the results' button
    // is a Web App button like any other.
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("links_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    msg_testkit::poll_until("the server takes up inline mode", || {
        ok(server.call(&bot, "getMe", json!({})))["supports_inline_queries"] == json!(true)
    });
    let asking =
        crate::waiting(&server, &alice, "inlineQuery", json!({"chat_id": id_of(&bot), "query": "x", "timeout": 20}));
    let query = crate::next_update(&server, &bot, &mut 0, "inline_query");
    let answer = |button: Value, extra: Value| {
        let results = json!([{"type": "article", "id": "1", "title": "T",
            "input_message_content": {"message_text": "hi"}, "reply_markup": inline(button)}]);
        let mut params = json!({"inline_query_id": query["id"], "results": results.to_string()});
        params.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        server.call(&bot, "answerInlineQuery", params)
    };
    assert_eq!(
        error(answer(json!({"text": "Open", "url": "javascript:alert(1)"}), json!({}))),
        (400, "Bad Request: can't parse inline query result: Inline keyboard button URL 'javascript:alert(1)' is invalid: Wrong port number specified in the URL".into())
    );
    let results_button = json!({"button": {"text": "App", "web_app": {"url": app}}});
    assert_eq!(
        error(answer(json!({"text": "Open", "url": "https://example.com"}), results_button)),
        (400, format!("Bad Request: inline query results button Web App URL '{app}' {https_only}"))
    );
    ok(answer(json!({"text": "Open", "url": "https://example.com"}), json!({})));
    let shown = ok(asking.join().unwrap());
    assert!(shown.to_string().contains("\"url\":\"https://example.com\""), "the person sees the result: {shown}");

    // A test server is the platform's test environment: plain http Mini Apps go there.
    drop(server);
    let test_server = launch(root.path()).env("MSG_TESTING", "true").start();
    let sent = test_server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": alice_id, "text": "Go", "reply_markup": inline(json!({"text": "App", "web_app": {"url": app}}))}),
    );
    assert_eq!(ok(sent)["reply_markup"]["inline_keyboard"][0][0]["web_app"]["url"], app);
    ok(test_server.call(&bot, "setChatMenuButton", menu("http://example.com/app")));
    let refused = test_server.call(&bot, "setChatMenuButton", menu("javascript:alert(1)"));
    assert_eq!(
        error(refused).1,
        "Bad Request: menu button Web App URL 'javascript:alert(1)' is invalid: Wrong port number specified in the URL"
    );
}
