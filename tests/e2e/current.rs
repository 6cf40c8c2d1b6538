//! Bot API 10.3 on the wire: quizzes with several correct options and revoting (9.6), the
//! compatibility the reference keeps for older clients (`correct_option_id`), and what the
//! platform does not do yet refused with its feature's error, never ignored. Every answer
//! passes the server's schema check against 10.3 (validation mode).

use std::time::{Duration, Instant};

use msg_testkit::Server;
use serde_json::{Value, json};

use super::{Started, error, ok, started};

/// The first of the bot's poll answers.
fn poll_answer(server: &Server, bot: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    loop {
        assert!(Instant::now() < deadline, "the bot never heard the answer");
        let params = json!({"offset": offset, "timeout": 5, "allowed_updates": ["message", "poll_answer"]});
        for update in ok(server.call(bot, "getUpdates", params)).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if update.get("poll_answer").is_some() {
                ok(server.call(bot, "getUpdates", json!({"offset": offset, "timeout": 0})));
                return update["poll_answer"].clone();
            }
        }
    }
}

#[test]
fn a_quiz_takes_several_correct_options_and_revotes_only_when_allowed() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("quizmaster_bot");
    let quiz = |extra: Value| {
        let mut params = json!({"chat_id": alice_id, "question": "Primes?", "options": ["2", "4", "5"], "type": "quiz",
            "is_anonymous": false});
        params.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        server.call(&bot, "sendPoll", params)
    };
    let two = ok(quiz(json!({"correct_option_ids": [0, 2], "allows_multiple_answers": true})));
    let poll = &two["poll"];
    assert_eq!(poll["correct_option_ids"], json!([0, 2]));
    assert!(poll.get("correct_option_id").is_none(), "several correct options: the list alone: {poll}");
    assert_eq!(
        (poll["allows_multiple_answers"].as_bool(), poll["allows_revoting"].as_bool()),
        (Some(true), Some(false))
    );
    let ids: Vec<&str> =
        poll["options"].as_array().unwrap().iter().map(|o| o["persistent_id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["0", "1", "2"]);
    let vote = |message: &Value, options: Value| {
        server.user_call(
            &alice,
            "votePoll",
            json!({"chat_id": bot_id, "message_id": message["message_id"], "option_ids": options}),
        )
    };
    let counted = ok(vote(&two, json!([0, 2])));
    assert_eq!(counted["total_voter_count"], 1);
    let answer = poll_answer(&server, &bot);
    assert_eq!(
        (answer["option_ids"].clone(), answer["option_persistent_ids"].clone()),
        (json!([0, 2]), json!(["0", "2"]))
    );
    assert_eq!(error(vote(&two, json!([1]))), (400, "Bad Request: REVOTE_NOT_ALLOWED".into()));

    // A quiz that allows revoting takes a second answer; the bot hears each.
    let open = ok(quiz(json!({"correct_option_ids": [2], "allows_revoting": true})));
    assert_eq!(
        (open["poll"]["correct_option_ids"].clone(), open["poll"]["correct_option_id"].clone()),
        (json!([2]), json!(2))
    );
    ok(vote(&open, json!([1])));
    assert_eq!(poll_answer(&server, &bot)["option_ids"], json!([1]));
    let changed = ok(vote(&open, json!([2])));
    assert_eq!(
        (changed["options"][1]["voter_count"].as_i64(), changed["options"][2]["voter_count"].as_i64()),
        (Some(0), Some(1))
    );
    assert_eq!(poll_answer(&server, &bot)["option_persistent_ids"], json!(["2"]));

    // An older client's correct_option_id still makes a quiz, with both fields.
    let older = ok(quiz(json!({"correct_option_id": 1})));
    assert_eq!(
        (older["poll"]["correct_option_id"].clone(), older["poll"]["correct_option_ids"].clone()),
        (json!(1), json!([1]))
    );
    for (extra, expected) in [
        (json!({"correct_option_ids": [2, 0]}), "Bad Request: wrong correct option identifier specified"),
        (json!({"correct_option_ids": []}), "Bad Request: wrong correct option identifier specified"),
        (json!({"correct_option_ids": "[0"}), "Bad Request: can't parse correct option identifiers JSON object"),
    ] {
        assert_eq!(error(quiz(extra.clone())), (400, expected.into()), "{extra}");
    }
}

#[test]
fn later_abilities_are_stated_and_nothing_a_newer_client_sends_is_ignored() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("careful_bot");
    // getMe says which later abilities the bot does not have here.
    let me = ok(server.call(&bot, "getMe", json!({})));
    for ability in ["supports_guest_queries", "can_manage_bots", "supports_join_request_queries"] {
        assert_eq!(me[ability], json!(false), "{ability}: {me}");
    }
    // Rich messages (the last feature that answered "not supported"): a text edited into one.
    let hi = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "for all"})));
    let rich = json!({"chat_id": alice_id, "message_id": hi["message_id"], "rich_message": {"html": "<b>x</b>"}});
    let edited = ok(server.call(&bot, "editMessageText", rich));
    assert_eq!(edited["rich_message"]["blocks"][0]["text"]["type"], "bold", "{edited}");
    // An ephemeral message is never sent as a plain one: in a private chat it is refused.
    let ephemeral = json!({"chat_id": alice_id, "text": "only you", "ephemeral_message_parameters": {"receiver_user_id": alice_id}});
    assert_eq!(
        error(server.call(&bot, "sendMessage", ephemeral)),
        (400, "Bad Request: ephemeral messages can be sent only to group and supergroup chats".into())
    );
    let commands = json!([{"command": "open", "description": "Everyone sees it", "is_ephemeral": false}]);
    assert_eq!(ok(server.call(&bot, "setMyCommands", json!({"commands": commands}))), json!(true));
    // Alice got only what was sent.
    let texts: Vec<Value> = ok(server.user_call(&alice, "getUpdates", json!({"timeout": 0})))
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["message"]["from"]["id"] == bot_id)
        .map(|u| u["message"]["text"].clone())
        .collect();
    assert_eq!(texts, [json!("for all")]);
}

#[test]
fn administrators_take_reactions_off_and_restricted_members_cannot_react() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id: _ } = started("moderator_bot");
    let bob = super::create_user(_root.path(), "Bob");
    let bob_id = super::id_of(&bob);
    let other = super::create_bot(_root.path(), "bystander_bot");
    let members = json!([bot_id, bob_id, super::id_of(&other)]);
    let group = ok(server.user_call(&alice, "createSupergroup", json!({"title": "Mods", "member_ids": members})));
    let chat = group["id"].as_i64().unwrap();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_delete_messages": true}),
    ));
    ok(server.call(&bot, "getUpdates", json!({"allowed_updates": ["message", "message_reaction"]})));
    let first = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "first"})));
    let second = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "second"})));
    let like = json!([{"type": "emoji", "emoji": "👍"}]);
    for message in [&first, &second] {
        let react = json!({"chat_id": chat, "message_id": message["message_id"], "reaction": like});
        ok(server.user_call(&bob, "setMessageReaction", react));
    }
    let reactions = |message: &Value| {
        let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": chat, "limit": 10})));
        let found = history.as_array().unwrap().iter().find(|m| m["message_id"] == message["message_id"]).cloned();
        found.unwrap()["reactions"].clone()
    };
    assert_eq!(reactions(&first)[0]["total_count"], 1);

    // Without can_delete_messages: refused. With it: Bob's reaction on one message goes, and
    // the bot hears it as Bob taking it back.
    let one = json!({"chat_id": chat, "message_id": first["message_id"], "user_id": bob_id});
    assert_eq!(
        error(server.call(&other, "deleteMessageReaction", one.clone())),
        (400, "Bad Request: CHAT_ADMIN_REQUIRED".into())
    );
    assert_eq!(ok(server.call(&bot, "deleteMessageReaction", one)), json!(true));
    assert!(reactions(&first).is_null(), "gone");
    assert_eq!(reactions(&second)[0]["total_count"], 1, "the other stays");
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    let heard = loop {
        assert!(Instant::now() < deadline, "the bot never heard the removal");
        let got = ok(server.call(&bot, "getUpdates", json!({"offset": offset, "timeout": 5})));
        let found = got.as_array().unwrap().iter().find(|u| {
            u["message_reaction"]["message_id"] == first["message_id"]
                && u["message_reaction"]["new_reaction"] == json!([])
        });
        if let Some(update) = found {
            break update["message_reaction"].clone();
        }
        if let Some(last) = got.as_array().unwrap().last() {
            offset = last["update_id"].as_i64().unwrap() + 1;
        }
    };
    assert_eq!((heard["user"]["id"].as_i64(), heard["old_reaction"].clone()), (Some(bob_id), like.clone()));
    // Every recent reaction of Bob's in the chat; a missing message is named.
    ok(server.call(&bot, "deleteAllMessageReactions", json!({"chat_id": chat, "user_id": bob_id})));
    assert!(reactions(&second).is_null());
    let missing = json!({"chat_id": chat, "message_id": 999_999, "user_id": bob_id});
    assert_eq!(
        error(server.call(&bot, "deleteMessageReaction", missing)),
        (400, "Bad Request: message to delete reactions not found".into())
    );

    // A member restricted from reacting (Bot API 10.0) cannot; sending stays allowed.
    let restricted = json!({"chat_id": chat, "user_id": bob_id,
        "permissions": {"can_send_messages": true, "can_react_to_messages": false}});
    ok(server.user_call(&alice, "restrictChatMember", restricted));
    let react = json!({"chat_id": chat, "message_id": second["message_id"], "reaction": like});
    assert_eq!(
        error(server.user_call(&bob, "setMessageReaction", react)),
        (400, "Bad Request: not enough rights to react to messages in the chat".into())
    );
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "still here"})));
    let member = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    assert_eq!(
        (member["status"].as_str(), member["can_react_to_messages"].as_bool()),
        (Some("restricted"), Some(false))
    );
}

#[test]
fn a_person_stops_a_draft_the_bot_offered_to_stop_and_newer_keyboard_fields_are_kept() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("streaming_bot");
    // An empty draft is the "Thinking..." placeholder; a draft with can_stop offers a stop.
    let thinking = json!({"chat_id": alice_id, "draft_id": 7, "text": "", "can_stop": true, "keep_on_stop": true});
    assert_eq!(ok(server.call(&bot, "sendMessageDraft", thinking)), json!(true));
    let draft = super::messages::person_sees(&server, &alice, |u| u["message_draft"]["draft_id"] == 7);
    assert_eq!(
        (draft["message_draft"]["can_stop"].as_bool(), draft["message_draft"]["keep_on_stop"].as_bool()),
        (Some(true), Some(true))
    );
    let stop = |draft_id: i64| {
        server.user_call(&alice, "stopMessageGeneration", json!({"chat_id": bot_id, "draft_id": draft_id}))
    };
    assert_eq!(error(stop(8)), (400, "Bad Request: DRAFT_ID_INVALID".into()), "never offered");
    assert_eq!(ok(stop(7)), json!(true));
    assert_eq!(error(stop(7)), (400, "Bad Request: DRAFT_ID_INVALID".into()), "stopped once");
    let deadline = Instant::now() + Duration::from_secs(20);
    let stopped = loop {
        assert!(Instant::now() < deadline, "the bot never heard the stop");
        let got = ok(server.call(&bot, "getUpdates", json!({"timeout": 5})));
        if let Some(update) = got.as_array().unwrap().iter().find(|u| u.get("stopped_message_generation").is_some()) {
            break update["stopped_message_generation"].clone();
        }
    };
    assert_eq!((stopped["draft_id"].as_i64(), stopped["chat"]["id"].as_i64()), (Some(7), Some(alice_id)));
    // A later part without can_stop withdraws the offer.
    ok(server.call(
        &bot,
        "sendMessageDraft",
        json!({"chat_id": alice_id, "draft_id": 9, "text": "a", "can_stop": true}),
    ));
    ok(server.call(&bot, "sendMessageDraft", json!({"chat_id": alice_id, "draft_id": 9, "text": "ab"})));
    assert_eq!(error(stop(9)), (400, "Bad Request: DRAFT_ID_INVALID".into()));

    // Bot API 10.3's keyboard fields are kept, never dropped: a disabled button, force_reply.
    let markup = json!({"inline_keyboard": [[{"text": "Soon", "disabled": {}}, {"text": "Go", "callback_data": "go"}]], "force_reply": true});
    let sent =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "menu", "reply_markup": markup})));
    assert_eq!(sent["reply_markup"]["inline_keyboard"][0][0], json!({"text": "Soon", "disabled": {}}));
    assert_eq!(sent["reply_markup"]["force_reply"], json!(true));
}

/// A live photo (Bot API 10.0) sent with its video and photo as parts, again by file ids, in an
/// album, as an edit, as paid media and by a person: each message carries `live_photo` (the
/// video, the photo's sizes inside) and `photo`, every viewer with file ids of their own, and
/// the video downloads as sent. The reference's errors for what is missing.
#[test]
fn a_live_photo_is_a_photo_with_its_video_everywhere_a_photo_goes() {
    let Started { server, bot, alice, alice_id, bot_id, root: _root } = started("live_photo_bot");
    let png = crate::files::png(40, 30);
    let clip = b"not really an mp4, but the platform stores what it is given".to_vec();
    let send = |method: &str, form: msg_testkit::Multipart| {
        let sent = form.post(server.api, &format!("/bot{bot}/{method}"));
        assert_eq!(sent.status, 200, "{method}: {}", sent.text());
        sent.json()["result"].clone()
    };
    let sent = send(
        "sendLivePhoto",
        msg_testkit::Multipart::new()
            .text("chat_id", &alice_id.to_string())
            .text("caption", "<b>live</b>")
            .text("parse_mode", "HTML")
            .file("live_photo", "clip.mp4", "video/mp4", &clip)
            .file("photo", "still.png", "image/png", &png),
    );
    let live = &sent["live_photo"];
    // The platform does not probe videos: no duration; the frame is the photo's.
    assert_eq!(
        (live["duration"].as_i64(), live["width"].as_i64(), live["height"].as_i64()),
        (Some(0), Some(40), Some(30))
    );
    assert_eq!(live["photo"], sent["photo"], "the photo's sizes, inside the live photo and beside it");
    assert_eq!(sent["caption"], json!("live"));
    let file = ok(server.call(&bot, "getFile", json!({"file_id": live["file_id"]})));
    let path = file["file_path"].as_str().unwrap();
    assert!(path.starts_with("videos/"), "{path}");
    let served = msg_testkit::get(server.api, &format!("/file/bot{bot}/{path}")).unwrap();
    assert_eq!(served.body, clip, "the live photo's video downloads as sent");
    // Alice sees it with her own file ids, and sends one of her own.
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let seen = history.as_array().unwrap().iter().find(|m| m.get("live_photo").is_some()).unwrap().clone();
    assert_ne!(seen["live_photo"]["file_id"], live["file_id"]);
    assert_eq!(seen["live_photo"]["file_unique_id"], live["file_unique_id"]);
    let hers = msg_testkit::Multipart::new()
        .text("chat_id", &bot_id.to_string())
        .file("live_photo", "mine.mp4", "video/mp4", b"Alice's clip")
        .file("photo", "mine.png", "image/png", &png)
        .post(server.api, &format!("/user{alice}/sendLivePhoto"));
    assert_eq!(hers.status, 200, "{}", hers.text());
    let mut offset = 0;
    let heard = loop {
        let message = crate::next_update(&server, &bot, &mut offset, "message");
        if message.get("live_photo").is_some() {
            break message;
        }
    };
    assert!(heard["live_photo"]["file_id"].is_string() && heard["photo"].is_array(), "{heard}");
    let largest = |m: &Value| m["photo"].as_array().unwrap().last().unwrap()["file_id"].clone();
    // The bot again by its own file ids; an album of a live photo and a photo.
    let again = ok(server.call(
        &bot,
        "sendLivePhoto",
        json!({"chat_id": alice_id, "live_photo": live["file_id"], "photo": largest(&sent), "has_spoiler": true}),
    ));
    assert_eq!(
        (again["has_media_spoiler"].clone(), again["live_photo"]["file_unique_id"].clone()),
        (json!(true), live["file_unique_id"].clone())
    );
    let album = json!([{"type": "live_photo", "media": "attach://v", "photo": "attach://p", "caption": "one"}, {"type": "photo", "media": largest(&sent)}]);
    let sent_album = send(
        "sendMediaGroup",
        msg_testkit::Multipart::new()
            .text("chat_id", &alice_id.to_string())
            .text("media", &album.to_string())
            .file("v", "v.mp4", "video/mp4", &clip)
            .file("p", "p.png", "image/png", &png),
    );
    let items = sent_album.as_array().unwrap();
    assert!(items[0].get("live_photo").is_some() && items[0].get("photo").is_some());
    assert!(items[1].get("live_photo").is_none());
    assert_eq!(items[0]["media_group_id"], items[1]["media_group_id"]);
    // A plain photo edited into a live photo.
    let edited = ok(server.call(
        &bot,
        "editMessageMedia",
        json!({"chat_id": alice_id, "message_id": items[1]["message_id"],
            "media": {"type": "live_photo", "media": live["file_id"], "photo": largest(&sent)}}),
    ));
    assert_eq!(edited["live_photo"]["file_unique_id"], live["file_unique_id"]);
    // An external reply shows the live photo alone, as the reference writes it.
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Live", "member_ids": [bot_id]})));
    let group_id = group["id"].as_i64().unwrap();
    let reply = ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": group_id, "text": "look", "reply_parameters": {"chat_id": alice_id, "message_id": sent["message_id"]}}),
    ));
    let external = &reply["external_reply"];
    assert!(external.get("live_photo").is_some() && external.get("photo").is_none(), "{external}");
    // Paid media: the bot sees its live photo, Alice a preview until she buys it.
    let paid = ok(server.call(
        &bot,
        "sendPaidMedia",
        json!({"chat_id": alice_id, "star_count": 5, "media": [{"type": "live_photo", "media": live["file_id"], "photo": largest(&sent)}]}),
    ));
    let item = &paid["paid_media"]["paid_media"][0];
    assert_eq!((item["type"].clone(), item["live_photo"]["width"].clone()), (json!("live_photo"), json!(40)));
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let locked = history.as_array().unwrap().iter().find(|m| m.get("paid_media").is_some()).unwrap();
    assert_eq!(locked["paid_media"]["paid_media"][0], json!({"type": "preview", "width": 40, "height": 30}));
    // The reference's errors, in its order: the video, then the photo, then the chat.
    let refused = |method: &str, params: Value| error(server.call(&bot, method, params));
    assert_eq!(refused("sendLivePhoto", json!({})), (400, "Bad Request: there is no live photo in the request".into()));
    assert_eq!(
        refused("sendLivePhoto", json!({"live_photo": live["file_id"]})),
        (400, "Bad Request: there is no photo in the request".into())
    );
    assert_eq!(
        refused("sendLivePhoto", json!({"live_photo": live["file_id"], "photo": largest(&sent)})),
        (400, "Bad Request: chat_id is empty".into())
    );
    assert_eq!(
        refused(
            "sendMediaGroup",
            json!({"chat_id": alice_id, "media": [{"type": "live_photo", "media": live["file_id"]}]})
        ),
        (400, "Bad Request: can't parse InputMedia: photo not found".into())
    );
    assert_eq!(
        refused(
            "sendPaidMedia",
            json!({"chat_id": alice_id, "star_count": 5, "media": [{"type": "live_photo", "media": live["file_id"]}]})
        ),
        (400, "Bad Request: can't parse InputPaidMedia: photo not found".into())
    );
    assert_eq!(
        refused(
            "sendLivePhoto",
            json!({"chat_id": alice_id, "live_photo": "https://example.com/v.mp4", "photo": largest(&sent)})
        ),
        (400, "Bad Request: sending live photos by a URL is not supported".into())
    );
}

/// Guard bots (Bot API 10.1): a supergroup's administrator names a bot with join request
/// queries on; a request through a link asking for approval is put to it with a `query_id`, and
/// the person's `joinChat` ends with its answer: joined, declined, left to the administrators,
/// its Mini App to open first (then `chat_join_result`), or `JOIN_GUARD_TIMEOUT` when it says
/// nothing in ten seconds. Every refusal in the reference's words where it has them.
#[test]
fn a_guard_bot_decides_join_requests_within_ten_seconds_or_after_its_mini_app() {
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "gatekeeper_bot");
    let plain = crate::create_bot(root.path(), "plain_helper_bot");
    let watcher = crate::create_bot(root.path(), "watcher_bot");
    let (status, _, stderr) = crate::launch(root.path())
        .arg("bot")
        .arg("set")
        .arg("gatekeeper_bot")
        .arg("--join-request-queries")
        .arg("on")
        .run();
    assert!(status.success(), "{stderr}");
    assert!(stderr.is_empty() || !stderr.contains("error"), "{stderr}");
    let names = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Henry"];
    let people: Vec<String> = names.iter().map(|n| crate::create_user(root.path(), n)).collect();
    let [alice, bob, carol, dave, erin, frank, henry] = &people[..] else { unreachable!() };
    let server = crate::launch(root.path()).start();
    let (bot_id, plain_id) = (crate::id_of(&bot), crate::id_of(&plain));
    let me = ok(server.call(&bot, "getMe", json!({})));
    assert_eq!(me["supports_join_request_queries"], json!(true));
    assert_eq!(ok(server.call(&plain, "getMe", json!({})))["supports_join_request_queries"], json!(false));

    let group = ok(server.user_call(
        alice,
        "createSupergroup",
        json!({"title": "Gated", "member_ids": [bot_id, plain_id, crate::id_of(&watcher), crate::id_of(bob)]}),
    ));
    let chat = group["id"].as_i64().unwrap();
    let guard =
        |who: &str, bot_id: i64| server.user_call(who, "setChatGuardBot", json!({"chat_id": chat, "bot_id": bot_id}));
    assert_eq!(
        error(guard(alice, bot_id)),
        (400, "Bad Request: the guard bot must be an administrator who may invite users".into())
    );
    let rights = |id: i64| json!({"chat_id": chat, "user_id": id, "can_invite_users": true});
    ok(server.user_call(alice, "promoteChatMember", rights(bot_id)));
    ok(server.user_call(alice, "promoteChatMember", rights(plain_id)));
    assert_eq!(
        error(guard(alice, plain_id)),
        (400, "Bad Request: the bot doesn't support join request queries".into())
    );
    assert_eq!(error(guard(bob, bot_id)), (400, "Bad Request: not enough rights".into()));
    assert_eq!(ok(guard(alice, bot_id)), json!(true));
    assert_eq!(ok(server.call(&bot, "getChat", json!({"chat_id": chat})))["guard_bot"]["id"], json!(bot_id));
    assert!(ok(server.call(&watcher, "getChat", json!({"chat_id": chat}))).get("guard_bot").is_none(), "admins only");
    let link =
        ok(server.user_call(alice, "createChatInviteLink", json!({"chat_id": chat, "creates_join_request": true})));
    let link = link["invite_link"].as_str().unwrap().to_owned();

    // Erin asks first and the bot never answers her: her joinChat ends after ten seconds.
    let erin_asks = crate::waiting(&server, erin, "joinChat", json!({"invite_link": link}));
    let mut offset = 0;
    let request = crate::next_update(&server, &bot, &mut offset, "chat_join_request");
    assert_eq!(request["from"]["id"].as_i64(), Some(crate::id_of(erin)));
    assert!(request["query_id"].is_string(), "the guard bot's request carries a query: {request}");
    let erin_query = request["query_id"].as_str().unwrap().to_owned();
    let plain_heard = crate::next_update(&server, &plain, &mut 0, "chat_join_request");
    assert!(plain_heard.get("query_id").is_none(), "other administrator bots hear of it without a query");

    // Each answer, with the person's joinChat ending by it.
    let answer = |query: &str, result: &str| {
        server.call(&bot, "answerChatJoinRequestQuery", json!({"chat_join_request_query_id": query, "result": result}))
    };
    let mut ask = |who: &str, result: &str| {
        let asking = crate::waiting(&server, who, "joinChat", json!({"invite_link": link}));
        let request = crate::next_update(&server, &bot, &mut offset, "chat_join_request");
        assert_eq!(request["from"]["id"].as_i64(), Some(crate::id_of(who)));
        let query = request["query_id"].as_str().unwrap().to_owned();
        assert_eq!(ok(answer(&query, result)), json!(true));
        (asking.join().unwrap(), query)
    };
    assert_eq!(
        error(server.user_call(bob, "joinChat", json!({"invite_link": link}))),
        (400, "Bad Request: USER_ALREADY_PARTICIPANT".into()),
        "a member asks nobody"
    );
    let (carol_joined, carol_query) = ask(carol, "approve");
    assert_eq!(ok(carol_joined), json!(true));
    let member = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": crate::id_of(carol)})));
    assert_eq!(member["status"], json!("member"));
    assert_eq!(
        error(answer(&carol_query, "decline")),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into()),
        "a query is answered once"
    );
    let (dave_joined, dave_query) = ask(dave, "decline");
    assert_eq!(error(dave_joined), (400, "Bad Request: INVITE_REQUEST_DECLINED".into()));
    let pending = |who: &str| {
        let requests = ok(server.user_call(alice, "getChatJoinRequests", json!({"chat_id": chat})));
        requests.as_array().unwrap().iter().any(|r| r["from"]["id"].as_i64() == Some(crate::id_of(who)))
    };
    assert!(!pending(dave), "a declined request is gone");
    assert!(error(answer(&dave_query, "approve")).1.contains("query ID is invalid"));
    let (henry_joined, _) = ask(henry, "queue");
    assert_eq!(error(henry_joined), (400, "Bad Request: INVITE_REQUEST_SENT".into()));
    assert!(pending(henry), "a queued request waits for the administrators");

    // Frank is shown the bot's Mini App; the bot approves after it, and Frank hears how it ended.
    let frank_asks = crate::waiting(&server, frank, "joinChat", json!({"invite_link": link}));
    let request = crate::next_update(&server, &bot, &mut offset, "chat_join_request");
    let frank_query = request["query_id"].as_str().unwrap().to_owned();
    let web_app = |url: &str| {
        server.call(
            &bot,
            "sendChatJoinRequestWebApp",
            json!({"chat_join_request_query_id": frank_query, "web_app_url": url}),
        )
    };
    assert!(error(web_app("javascript:alert(1)")).1.starts_with("Bad Request: URL 'javascript:alert(1)' is invalid"));
    assert_eq!(ok(web_app("https://gate.example/check")), json!(true));
    let shown = ok(frank_asks.join().unwrap());
    assert_eq!(
        (shown["guard_bot"]["id"].as_i64(), shown["query_id"].as_str()),
        (Some(bot_id), Some(frank_query.as_str()))
    );
    let page = ok(server.user_call(frank, "getGuardBotWebAppUrl", json!({"query_id": frank_query})));
    assert_eq!(page["url"], json!("https://gate.example/check"));
    assert!(page["init_data"].as_str().unwrap().contains("hash="), "{page}");
    assert_eq!(
        error(server.user_call(erin, "getGuardBotWebAppUrl", json!({"query_id": frank_query}))).0,
        400,
        "only the one who asked opens it"
    );
    assert_eq!(ok(answer(&frank_query, "approve")), json!(true));
    let result = loop {
        let updates = ok(server.user_call(frank, "getUpdates", json!({"timeout": 5})));
        if let Some(u) = updates.as_array().unwrap().iter().find(|u| u.get("chat_join_result").is_some()) {
            break u["chat_join_result"].clone();
        }
    };
    assert_eq!(
        (result["query_id"].as_str(), result["result"].as_str()),
        (Some(frank_query.as_str()), Some("approved"))
    );
    assert_eq!(result["chat"]["id"].as_i64(), Some(chat));

    // Erin's time ran out: her request waits for the administrators, and her query is closed.
    assert_eq!(error(erin_asks.join().unwrap()), (400, "Bad Request: JOIN_GUARD_TIMEOUT".into()));
    assert!(pending(erin), "a request the bot did not answer waits for the administrators");
    assert!(error(answer(&erin_query, "approve")).1.contains("query ID is invalid"));
    assert_eq!(
        error(answer(&erin_query, "maybe")),
        (400, "Bad Request: result must be one of \"approve\", \"decline\" or \"queue\"".into())
    );
    ok(server.user_call(alice, "approveChatJoinRequest", json!({"chat_id": chat, "user_id": crate::id_of(erin)})));

    // A guard bot that may no longer invite is no guard: requests go to the administrators.
    ok(server.user_call(
        alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_invite_users": false}),
    ));
    assert!(ok(server.call(&plain, "getChat", json!({"chat_id": chat}))).get("guard_bot").is_none());
    let george = crate::create_user(root.path(), "George");
    assert_eq!(
        error(server.user_call(&george, "joinChat", json!({"invite_link": link}))),
        (400, "Bad Request: INVITE_REQUEST_SENT".into())
    );
}

/// Managed bots (Bot API 9.6, 10.0): a bot with bot management on asks for one with a reply
/// keyboard button (private chats only); the person creates it; the manager hears `managed_bot`
/// and sees `managed_bot_created`, reads and replaces its token (the old one stops at once), and
/// restricts who may use it, which every post to it obeys. The reference's errors for the rest.
#[test]
fn a_person_creates_a_bot_another_bot_manages_and_restricts() {
    let root = tempfile::tempdir().unwrap();
    let factory = crate::create_bot(root.path(), "factory_bot");
    let plain = crate::create_bot(root.path(), "ordinary_bot");
    let (status, _, stderr) =
        crate::launch(root.path()).arg("bot").arg("set").arg("factory_bot").arg("--manage-bots").arg("on").run();
    assert!(status.success(), "{stderr}");
    let alice = crate::create_user(root.path(), "Alice");
    let bob = crate::create_user(root.path(), "Bob");
    let server = crate::launch(root.path()).start();
    let (factory_id, alice_id, bob_id) = (crate::id_of(&factory), crate::id_of(&alice), crate::id_of(&bob));
    assert_eq!(ok(server.call(&factory, "getMe", json!({})))["can_manage_bots"], json!(true));
    assert_eq!(ok(server.call(&plain, "getMe", json!({})))["can_manage_bots"], json!(false));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": factory_id, "text": "/start"})));
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": factory_id, "text": "/start"})));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": crate::id_of(&plain), "text": "/start"})));

    // The button: in private chats, from a bot that manages bots; its fields as the reference reads them.
    let button = json!({"keyboard": [[{"text": "Make a bot", "request_managed_bot": {"request_id": 7, "suggested_name": "Pal", "suggested_username": "alice_pal_bot"}}]]});
    let sent = ok(server.call(
        &factory,
        "sendMessage",
        json!({"chat_id": alice_id, "text": "Need a bot?", "reply_markup": button}),
    ));
    assert!(sent.get("reply_markup").is_none(), "a reply keyboard is the person's");
    let updates = ok(server.user_call(&alice, "getUpdates", json!({"timeout": 0})));
    let shown = updates.as_array().unwrap().iter().map(|u| &u["message"]).find(|m| m["text"] == "Need a bot?").unwrap();
    assert_eq!(
        shown["reply_markup"]["keyboard"][0][0]["request_managed_bot"]["suggested_username"],
        json!("alice_pal_bot")
    );
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "G", "member_ids": [factory_id]})));
    assert_eq!(
        error(server.call(
            &factory,
            "sendMessage",
            json!({"chat_id": group["id"], "text": "x", "reply_markup": button})
        )),
        (400, "Bad Request: managed bots can be requested in private chats only".into())
    );
    assert!(
        error(server.call(&plain, "sendMessage", json!({"chat_id": alice_id, "text": "x", "reply_markup": button})))
            .1
            .contains("bot management is off")
    );
    let bad = json!({"keyboard": [[{"text": "B", "request_managed_bot": {"suggested_name": "x"}}]]});
    assert_eq!(
        error(server.call(&factory, "sendMessage", json!({"chat_id": alice_id, "text": "x", "reply_markup": bad}))),
        (400, "Bad Request: can't parse keyboard button: Can't find field \"request_id\"".into())
    );

    // Alice presses it: the bot is made, the factory hears of it in the same act.
    let made = ok(server.user_call(
        &alice,
        "createManagedBot",
        json!({"bot_id": factory_id, "username": "alice_pal_bot", "name": "Pal"}),
    ));
    let (pal_id, pal_token) = (made["bot"]["id"].as_i64().unwrap(), made["token"].as_str().unwrap().to_owned());
    assert_eq!(made["bot"]["username"], json!("alice_pal_bot"));
    let mut offset = 0;
    let update = crate::next_update(&server, &factory, &mut offset, "managed_bot");
    assert_eq!((update["user"]["id"].as_i64(), update["bot"]["id"].as_i64()), (Some(alice_id), Some(pal_id)));
    let created = crate::next_update(&server, &factory, &mut offset, "message");
    assert_eq!(created["managed_bot_created"]["bot"]["id"].as_i64(), Some(pal_id), "{created}");
    assert_eq!(created["from"]["id"].as_i64(), Some(alice_id));
    assert_eq!(
        error(server.user_call(
            &alice,
            "createManagedBot",
            json!({"bot_id": crate::id_of(&plain), "username": "x_pal_bot"})
        ))
        .1,
        "Bad Request: the bot doesn't manage bots (its bot management is off)"
    );

    // Its token, as the manager reads it; the bot works with it.
    let token = ok(server.call(&factory, "getManagedBotToken", json!({"user_id": pal_id})));
    assert_eq!(token, json!(pal_token));
    assert_eq!(ok(server.call(&pal_token, "getMe", json!({})))["id"].as_i64(), Some(pal_id));
    let refused = |method: &str, params: Value| error(server.call(&plain, method, params));
    assert_eq!(refused("getManagedBotToken", json!({"user_id": pal_id})), (400, "Bad Request: BOT_INVALID".into()));
    assert_eq!(
        refused("getManagedBotToken", json!({"user_id": alice_id})),
        (400, "Bad Request: user is not a bot".into())
    );
    assert_eq!(refused("getManagedBotToken", json!({"user_id": 5})), (400, "Bad Request: user not found".into()));
    assert_eq!(refused("getManagedBotToken", json!({})), (400, "Bad Request: invalid user_id specified".into()));

    // A new token: the old one stops at once, and the factory hears of it.
    let renewed = ok(server.call(&factory, "replaceManagedBotToken", json!({"user_id": pal_id})));
    let renewed = renewed.as_str().unwrap().to_owned();
    assert_ne!(renewed, pal_token);
    assert_eq!(server.call(&pal_token, "getMe", json!({})).status, 401);
    assert_eq!(ok(server.call(&renewed, "getMe", json!({})))["id"].as_i64(), Some(pal_id));
    let again = crate::next_update(&server, &factory, &mut offset, "managed_bot");
    assert_eq!(again["bot"]["id"].as_i64(), Some(pal_id));

    // Access: open to all, then to Alice (the owner, always) and nobody else.
    let access = |params: Value| server.call(&factory, "setManagedBotAccessSettings", params);
    let read = || ok(server.call(&factory, "getManagedBotAccessSettings", json!({"user_id": pal_id})));
    assert_eq!(read(), json!({"is_access_restricted": false}));
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": pal_id, "text": "hi pal"})));
    assert_eq!(ok(access(json!({"user_id": pal_id, "is_access_restricted": true}))), json!(true));
    assert_eq!(read(), json!({"is_access_restricted": true}));
    assert_eq!(
        error(server.user_call(&bob, "sendMessage", json!({"chat_id": pal_id, "text": "still there?"}))).1,
        "Bad Request: the bot's owner allows only selected users to use it"
    );
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": pal_id, "text": "mine"})));
    assert_eq!(
        error(access(json!({"user_id": pal_id, "is_access_restricted": true, "added_user_ids": ""}))),
        (400, "Bad Request: user identifiers are not specified".into())
    );
    assert_eq!(
        error(access(
            json!({"user_id": pal_id, "is_access_restricted": true, "added_user_ids": (1..=11).collect::<Vec<i64>>()})
        )),
        (400, "Bad Request: too many user identifiers specified".into())
    );
    ok(access(json!({"user_id": pal_id, "is_access_restricted": true, "added_user_ids": [bob_id, 999]})));
    let settings = read();
    assert_eq!(settings["added_users"].as_array().map(Vec::len), Some(1), "unknown ids are dropped: {settings}");
    assert_eq!(settings["added_users"][0]["id"].as_i64(), Some(bob_id));
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": pal_id, "text": "let in"})));
    // Unrestricted, the list is ignored (not even read).
    ok(access(json!({"user_id": pal_id, "is_access_restricted": false, "added_user_ids": "garbage"})));
    assert_eq!(read(), json!({"is_access_restricted": false}));
}

/// Guest mode (Bot API 10.0): a bot with guest queries on, mentioned in a group it is not a
/// member of, gets `guest_message` with a `guest_query_id` and answers once with
/// `answerGuestQuery`; the answer is posted there as the bot, replying to the mention, with
/// `guest_bot_caller_user`, and can be edited by its `inline_message_id`. A member bot, a bot
/// without guest mode, a channel and a second answer summon or post nothing.
#[test]
fn a_mentioned_guest_bot_answers_in_a_group_it_is_not_a_member_of() {
    let root = tempfile::tempdir().unwrap();
    let guest = crate::create_bot(root.path(), "guest_helper_bot");
    let shy = crate::create_bot(root.path(), "shy_helper_bot");
    let (status, _, stderr) =
        crate::launch(root.path()).arg("bot").arg("set").arg("guest_helper_bot").arg("--guest-queries").arg("on").run();
    assert!(status.success(), "{stderr}");
    let alice = crate::create_user(root.path(), "Alice");
    let bob = crate::create_user(root.path(), "Bob");
    let server = crate::launch(root.path()).start();
    let (guest_id, alice_id, bob_id) = (crate::id_of(&guest), crate::id_of(&alice), crate::id_of(&bob));
    assert_eq!(ok(server.call(&guest, "getMe", json!({})))["supports_guest_queries"], json!(true));
    let group = ok(server.user_call(&alice, "createSupergroup", json!({"title": "Lounge", "member_ids": [bob_id]})));
    let chat = group["id"].as_i64().unwrap();
    let asked = ok(server.user_call(
        &alice,
        "sendMessage",
        json!({"chat_id": chat, "text": "@guest_helper_bot and @shy_helper_bot, what's 6x7?"}),
    ));
    let mut offset = 0;
    let message = crate::next_update(&server, &guest, &mut offset, "guest_message");
    assert_eq!((message["chat"]["id"].as_i64(), message["from"]["id"].as_i64()), (Some(chat), Some(alice_id)));
    assert_eq!(message["message_id"], asked["message_id"]);
    let query = message["guest_query_id"].as_str().unwrap().to_owned();
    let shy_heard = ok(server.call(&shy, "getUpdates", json!({"timeout": 0})));
    assert_eq!(shy_heard, json!([]), "a bot without guest mode is not summoned");

    let result = |text: &str| {
        json!({"type": "article", "id": "a", "title": "Answer", "input_message_content": {"message_text": text}})
            .to_string()
    };
    let answer = |id: &str, text: &str| {
        server.call(&guest, "answerGuestQuery", json!({"guest_query_id": id, "result": result(text)}))
    };
    let sent = ok(answer(&query, "42"));
    let inline_id = sent["inline_message_id"].as_str().unwrap().to_owned();
    let history = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": chat})));
    let posted = history.as_array().unwrap().last().unwrap().clone();
    assert_eq!((posted["text"].as_str(), posted["from"]["id"].as_i64()), (Some("42"), Some(guest_id)));
    assert_eq!(posted["guest_bot_caller_user"]["id"].as_i64(), Some(alice_id));
    assert_eq!(posted["reply_to_message"]["message_id"], asked["message_id"]);
    let invalid = (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into());
    assert_eq!(error(answer(&query, "again")), invalid, "a query is answered once");
    assert_eq!(error(answer("12345", "x")), invalid);
    assert_eq!(
        error(server.call(&guest, "answerGuestQuery", json!({"guest_query_id": query}))),
        (400, "Bad Request: result isn't specified".into())
    );
    let edited =
        ok(server.call(&guest, "editMessageText", json!({"inline_message_id": inline_id, "text": "42, surely"})));
    assert_eq!(edited, json!(true));
    let history = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": chat})));
    assert_eq!(history.as_array().unwrap().last().unwrap()["text"], json!("42, surely"));
    // Nobody else's query: another bot cannot answer it.
    let second = ok(server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "@guest_helper_bot hi"})));
    let message = crate::next_update(&server, &guest, &mut offset, "guest_message");
    assert_eq!(message["message_id"], second["message_id"]);
    let other = message["guest_query_id"].as_str().unwrap();
    let refused = server.call(&shy, "answerGuestQuery", json!({"guest_query_id": other, "result": result("mine")}));
    assert_eq!(error(refused), invalid);

    // A member of the chat hears a mention as a member does: no guest query.
    ok(server.user_call(&alice, "addChatMember", json!({"chat_id": chat, "user_id": guest_id})));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "@guest_helper_bot you're in"})));
    let message = crate::next_update(&server, &guest, &mut offset, "message");
    assert!(message.get("guest_query_id").is_none(), "{message}");
}

/// Personal chats (Bot API 10.0): a person shows a channel they own on their profile; a bot sees
/// it in the person's `getChat` and reads its last messages (newest first, `limit` clamped to
/// 20, the reference's errors). Prepared keyboard buttons (9.6): a bot prepares a button for a
/// person's Mini App, which uses it once: the users or the chat picked are shared with the bot
/// with only what the button asked, or a managed bot is made.
#[test]
fn a_personal_channel_is_read_and_prepared_buttons_share_what_they_ask() {
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "profile_reader_bot");
    let (status, _, stderr) =
        crate::launch(root.path()).arg("bot").arg("set").arg("profile_reader_bot").arg("--manage-bots").arg("on").run();
    assert!(status.success(), "{stderr}");
    let alice = crate::create_user(root.path(), "Alice");
    let bob = crate::create_user(root.path(), "Bob");
    let server = crate::launch(root.path()).start();
    let (bot_id, alice_id, bob_id) = (crate::id_of(&bot), crate::id_of(&alice), crate::id_of(&bob));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));

    // Alice's channel, shown on her profile.
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "Alice's notes"})));
    let channel_id = channel["id"].as_i64().unwrap();
    for n in 1..=25 {
        ok(server.user_call(&alice, "sendMessage", json!({"chat_id": channel_id, "text": format!("note {n}")})));
    }
    let group = ok(server.user_call(&bob, "createGroup", json!({"title": "Bob's", "member_ids": [alice_id]})));
    assert_eq!(
        error(server.user_call(&alice, "setPersonalChat", json!({"chat_id": group["id"]}))).1,
        "Bad Request: a personal chat is a channel"
    );
    let read = |params: Value| server.call(&bot, "getUserPersonalChatMessages", params);
    assert_eq!(ok(read(json!({"user_id": alice_id, "limit": 5}))), json!([]), "no personal chat yet");
    ok(server.user_call(&alice, "setPersonalChat", json!({"chat_id": channel_id})));
    let chat = ok(server.call(&bot, "getChat", json!({"chat_id": alice_id})));
    assert_eq!(chat["personal_chat"]["id"].as_i64(), Some(channel_id), "{chat}");
    let last = ok(read(json!({"user_id": alice_id, "limit": 3})));
    let texts: Vec<&str> = last.as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["note 25", "note 24", "note 23"]);
    assert_eq!(ok(read(json!({"user_id": alice_id, "limit": 100}))).as_array().unwrap().len(), 20, "clamped to 20");
    assert_eq!(error(read(json!({"user_id": alice_id}))), (400, "Bad Request: limit must be positive".into()));
    assert_eq!(error(read(json!({"user_id": 77, "limit": 3}))), (400, "Bad Request: user not found".into()));
    assert_eq!(error(read(json!({"limit": 3}))), (400, "Bad Request: invalid user_id specified".into()));
    ok(server.user_call(&alice, "setPersonalChat", json!({"chat_id": 0})));
    assert!(ok(server.call(&bot, "getChat", json!({"chat_id": alice_id}))).get("personal_chat").is_none());

    // Prepared buttons: the kinds a Mini App may use, parsed as a keyboard button.
    let save = |button: Value| {
        server.call(&bot, "savePreparedKeyboardButton", json!({"user_id": alice_id, "button": button.to_string()}))
    };
    assert_eq!(error(save(json!({"text": "Hi"}))), (400, "Bad Request: BUTTON_TYPE_INVALID".into()));
    assert_eq!(
        error(server.call(&bot, "savePreparedKeyboardButton", json!({"user_id": alice_id, "button": "{"}))),
        (400, "Bad Request: can't parse keyboard button JSON object".into())
    );
    let users = json!({"text": "Pick", "request_users": {"request_id": 5, "max_quantity": 2, "request_name": true}});
    let prepared = ok(save(users));
    let id = prepared["id"].as_str().unwrap().to_owned();
    let use_it = |params: Value| server.user_call(&alice, "usePreparedKeyboardButton", params);
    assert!(error(use_it(json!({"id": id, "user_ids": [bob_id, alice_id, bot_id]}))).1.contains("between 1 and 2"));
    let shared = ok(use_it(json!({"id": id, "user_ids": [bob_id]})));
    let users = &shared["users_shared"];
    assert_eq!(users["request_id"], json!(5));
    assert_eq!(users["users"], json!([{"user_id": bob_id, "first_name": "Bob"}]), "the name asked, no username");
    let mut offset = 0;
    let heard = crate::next_update(&server, &bot, &mut offset, "message");
    let heard = if heard.get("users_shared").is_some() {
        heard
    } else {
        crate::next_update(&server, &bot, &mut offset, "message")
    };
    assert_eq!(heard["users_shared"]["users"][0]["user_id"].as_i64(), Some(bob_id));
    assert!(error(use_it(json!({"id": id, "user_ids": [bob_id]}))).1.contains("not there"), "used once");
    let chat_button =
        json!({"text": "Channel", "request_chat": {"request_id": 6, "chat_is_channel": true, "request_title": true}});
    let id = ok(save(chat_button))["id"].as_str().unwrap().to_owned();
    assert!(error(use_it(json!({"id": id, "shared_chat_id": group["id"]}))).1.contains("another kind of chat"));
    let shared = ok(use_it(json!({"id": id, "shared_chat_id": channel_id})));
    assert_eq!(shared["chat_shared"], json!({"request_id": 6, "chat_id": channel_id, "title": "Alice's notes"}));
    let managed = json!({"text": "Bot", "request_managed_bot": {"request_id": 7}});
    let id = ok(save(managed))["id"].as_str().unwrap().to_owned();
    let made = ok(use_it(json!({"id": id, "username": "alices_own_bot", "name": "Own"})));
    assert_eq!(made["bot"]["username"], json!("alices_own_bot"));
    assert!(crate::next_update(&server, &bot, &mut offset, "managed_bot").get("bot").is_some());
}

/// Polls of Bot API 10.0: a description (formatted, at most 1024 characters), country codes and
/// members-only voting in channels only, replies to one option of a poll
/// (`reply_to_poll_option_id`).
#[test]
fn a_poll_carries_its_description_and_a_reply_names_one_of_its_options() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("poll_two_bot");
    let send = |params: Value| server.call(&bot, "sendPoll", params);
    let options = json!(["Tea", "Coffee"]).to_string();
    let poll = ok(send(json!({"chat_id": alice_id, "question": "Drink?", "options": options,
        "description": "*Pick* one", "description_parse_mode": "MarkdownV2", "shuffle_options": false})));
    assert_eq!(poll["poll"]["description"], json!("Pick one"));
    assert_eq!(poll["poll"]["description_entities"][0]["type"], json!("bold"));
    let long = "x".repeat(1025);
    assert_eq!(
        error(send(json!({"chat_id": alice_id, "question": "Q", "options": options, "description": long}))),
        (400, "Bad Request: message caption is too long".into())
    );
    assert_eq!(
        error(send(json!({"chat_id": alice_id, "question": "Q", "options": options, "members_only": true}))),
        (400, "Bad Request: poll voters can be restricted only in channel chats".into())
    );
    assert_eq!(
        error(send(json!({"chat_id": alice_id, "question": "Q", "options": options, "country_codes": "[\"USA\"]"}))),
        (400, "Bad Request: invalid country code specified".into())
    );
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "News", "member_ids": [bot_id]})));
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": channel["id"], "user_id": bot_id, "can_post_messages": true}),
    ));
    let in_channel = ok(send(json!({"chat_id": channel["id"], "question": "Where?", "options": options,
        "members_only": true, "country_codes": "[\"DE\", \"FT\"]"})));
    assert_eq!(in_channel["poll"]["country_codes"], json!(["DE", "FT"]));
    assert_eq!(in_channel["poll"]["members_only"], json!(true));

    // A reply to one option of the poll.
    let reply = |option: &str| {
        server.call(
            &bot,
            "sendMessage",
            json!({"chat_id": alice_id, "text": "Coffee, then",
                "reply_parameters": {"message_id": poll["message_id"], "poll_option_id": option}}),
        )
    };
    let sent = ok(reply("1"));
    assert_eq!(sent["reply_to_poll_option_id"], json!("1"));
    assert_eq!(sent["reply_to_message"]["message_id"], poll["message_id"]);
    // An option the poll lacks is dropped, as TDLib drops it.
    assert!(ok(reply("7")).get("reply_to_poll_option_id").is_none());
}

/// Polls 2.0's settings: people add options to a poll that allows it and delete those added
/// (service messages, the option's adder and date, votes moved with the options, the bot's
/// `poll`), see no counts until a poll that hides them closes (bots do), and their views carry
/// the settings the Bot API never writes; a quiz takes no added options.
#[test]
fn people_add_and_delete_options_and_see_hidden_results_only_once_the_poll_closes() {
    let Started { root, server, bot, alice, bot_id, alice_id } = started("open_poll_bot");
    let bob = super::create_user(root.path(), "Bob");
    let bob_id = super::id_of(&bob);
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Drinks", "member_ids": [bot_id, bob_id]})));
    let chat = group["id"].clone();
    let sent = ok(server.call(&bot, "sendPoll", json!({"chat_id": chat, "question": "Drink?", "options": ["Tea", "Coffee"],
        "is_anonymous": false, "allow_adding_options": true, "shuffle_options": true, "hide_results_until_closes": true})));
    let message_id = sent["message_id"].clone();
    for flag in ["allow_adding_options", "shuffle_options", "hide_results_until_closes"] {
        assert!(sent["poll"].get(flag).is_none(), "the Bot API never writes {flag}");
    }
    let seen = |person: &str| {
        let history = ok(server.user_call(person, "getChatHistory", json!({"chat_id": chat, "limit": 20})));
        let found = history.as_array().unwrap().iter().find(|m| m["message_id"] == message_id).cloned();
        found.expect("the poll is in the history")["poll"].clone()
    };
    let poll = seen(&alice);
    assert_eq!(
        (&poll["allow_adding_options"], &poll["shuffle_options"], &poll["hide_results_until_closes"]),
        (&json!(true), &json!(true), &json!(true))
    );

    // Bob votes; he sees no counts, the bot does.
    let mut offset = 0;
    let vote = |person: &str, options: Value| {
        server.user_call(person, "votePoll", json!({"chat_id": chat, "message_id": message_id, "option_ids": options}))
    };
    let voted = ok(vote(&bob, json!([1])));
    assert_eq!((&voted["total_voter_count"], &voted["options"][1]["voter_count"]), (&json!(0), &json!(0)));
    let told = super::next_update(&server, &bot, &mut offset, "poll");
    assert_eq!((&told["total_voter_count"], &told["options"][1]["voter_count"]), (&json!(1), &json!(1)));

    // Alice adds two options; a duplicate is refused.
    let add = |person: &str, text: &str| {
        server.user_call(person, "addPollOption", json!({"chat_id": chat, "message_id": message_id, "text": text}))
    };
    let added = ok(add(&alice, "Juice"));
    let news = &added["poll_option_added"];
    assert_eq!((&news["option_persistent_id"], &news["option_text"]), (&json!("2"), &json!("Juice")));
    let carried = &news["poll_message"]["poll"]["options"][2];
    assert_eq!(carried["added_by_user"]["id"].as_i64(), Some(alice_id));
    assert!(carried["addition_date"].as_i64().is_some_and(|d| d > 0), "{carried}");
    assert_eq!(news["poll_message"]["poll"]["total_voter_count"], 0, "hidden in what people are shown");
    let told = super::next_update(&server, &bot, &mut offset, "poll");
    assert_eq!(told["options"].as_array().map(Vec::len), Some(3));
    assert_eq!(told["options"][2]["added_by_user"]["id"].as_i64(), Some(alice_id));
    assert_eq!(error(add(&bob, "Juice")), (400, "Bad Request: POLL_OPTION_DUPLICATE".into()));
    assert_eq!(ok(add(&bob, "Water"))["poll_option_added"]["option_persistent_id"], "3");
    let voted = ok(vote(&bob, json!([3])));
    assert_eq!(voted["options"][3]["text"], "Water");

    // Deleting: only an added option, by the poll's author or its adder; votes move with it.
    let delete = |person: &str, id: &str| {
        let params = json!({"chat_id": chat, "message_id": message_id, "option_persistent_id": id});
        server.user_call(person, "deletePollOption", params)
    };
    assert_eq!(error(delete(&bob, "2")), (400, "Bad Request: POLL_OPTION_DELETE_FORBIDDEN".into()));
    assert_eq!(error(delete(&alice, "0")), (400, "Bad Request: POLL_OPTION_DELETE_FORBIDDEN".into()));
    assert_eq!(error(delete(&alice, "9")), (400, "Bad Request: POLL_OPTION_INVALID".into()));
    let deleted = ok(delete(&alice, "2"));
    assert_eq!(deleted["poll_option_deleted"]["option_text"], "Juice");
    let stopped = ok(server.call(&bot, "stopPoll", json!({"chat_id": chat, "message_id": message_id})));
    let ids: Vec<&str> =
        stopped["options"].as_array().unwrap().iter().map(|o| o["persistent_id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["0", "1", "3"]);
    assert_eq!((&stopped["options"][2]["voter_count"], &stopped["total_voter_count"]), (&json!(1), &json!(1)));
    // Closed, the results show to people too; no more options.
    let poll = seen(&bob);
    assert_eq!((&poll["options"][2]["voter_count"], &poll["total_voter_count"]), (&json!(1), &json!(1)));
    assert_eq!(error(add(&alice, "Milk")), (400, "Bad Request: POLL_CLOSED".into()));

    // A forward shares the poll but its options change only in the poll's own message; a copy
    // is a new poll, its votes from none.
    let other = ok(server.call(
        &bot,
        "sendPoll",
        json!({"chat_id": chat, "question": "Again?", "options": ["A", "B"],
        "is_anonymous": false, "allow_adding_options": true}),
    ));
    ok(server.user_call(
        &bob,
        "votePoll",
        json!({"chat_id": chat, "message_id": other["message_id"], "option_ids": [0]}),
    ));
    let forwarded = ok(server.user_call(
        &alice,
        "forwardMessage",
        json!({"chat_id": bot_id, "from_chat_id": chat, "message_id": other["message_id"]}),
    ));
    let refused = server.user_call(
        &alice,
        "addPollOption",
        json!({"chat_id": bot_id, "message_id": forwarded["message_id"], "text": "C"}),
    );
    assert_eq!(error(refused).1, "Bad Request: poll options can be changed only in the poll's own message");
    let copied = ok(server.call(
        &bot,
        "copyMessage",
        json!({"chat_id": alice_id, "from_chat_id": chat, "message_id": message_id}),
    ));
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id, "limit": 5})));
    let copy = history.as_array().unwrap().iter().find(|m| m["message_id"] == copied["message_id"]).unwrap().clone();
    assert_ne!(copy["poll"]["id"], poll["id"], "a copy is a poll of its own");
    assert_eq!(copy["poll"]["total_voter_count"], 0);

    // A poll that does not allow it, an anonymous one (whose added options would name their
    // adder) and a quiz take no added options.
    for extra in [
        json!({}),
        json!({"allow_adding_options": true}),
        json!({"type": "quiz", "correct_option_id": 0, "allow_adding_options": true, "is_anonymous": false}),
    ] {
        let mut params = json!({"chat_id": chat, "question": "Q?", "options": ["A", "B"]});
        params.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let other = ok(server.call(&bot, "sendPoll", params));
        let refused = server.user_call(
            &alice,
            "addPollOption",
            json!({"chat_id": chat, "message_id": other["message_id"], "text": "C"}),
        );
        assert_eq!(error(refused), (400, "Bad Request: POLL_ADDING_OPTIONS_DISABLED".into()));
    }
}

/// Poll media (Bot API 10.0): a poll's own media uploaded with it, a quiz's explanation with a
/// place, options with a photo by file id, a link and a venue; every viewer gets file ids of their
/// own; the reference's words for what it refuses.
#[test]
fn a_poll_shows_media_of_its_own_its_explanations_and_its_options() {
    let Started { server, bot, alice, alice_id, bot_id, root: _root } = started("media_poll_bot");
    let png = crate::files::png(40, 30);
    let form = |extra: &[(&str, String)]| {
        let mut form = msg_testkit::Multipart::new()
            .text("chat_id", &alice_id.to_string())
            .text("question", "Which?")
            .file("still", "still.png", "image/png", &png);
        for (name, value) in extra {
            form = form.text(name, value);
        }
        form.post(server.api, &format!("/bot{bot}/sendPoll"))
    };
    let options = json!(["A", "B"]).to_string();
    let photo = json!({"type": "photo", "media": "attach://still"}).to_string();
    let sent = form(&[("options", options.clone()), ("media", photo.clone())]);
    assert_eq!(sent.status, 200, "{}", sent.text());
    let poll = sent.json()["result"]["poll"].clone();
    let sizes = poll["media"]["photo"].as_array().expect("the poll's photo").clone();
    let file_id = sizes.last().unwrap()["file_id"].clone();
    assert_eq!(poll["media"].as_object().map(|m| m.len()), Some(1), "a photo alone: {poll}");

    // Options with media: a photo by file id, a link, a venue; a quiz's explanation with a place.
    let options = json!([
        {"text": "Here", "media": {"type": "photo", "media": file_id}},
        {"text": "There", "media": {"type": "link", "url": "https://example.com/there"}},
        {"text": "Cafe", "media": {"type": "venue", "latitude": 52.5, "longitude": 13.4, "title": "Cafe", "address": "Main St 1"}}
    ]);
    let quiz = ok(server.call(
        &bot,
        "sendPoll",
        json!({"chat_id": alice_id, "question": "Where?", "options": options,
        "type": "quiz", "correct_option_id": 2, "explanation": "Coffee",
        "explanation_media": {"type": "location", "latitude": 52.5, "longitude": 13.4}}),
    ));
    let poll = &quiz["poll"];
    assert_eq!(poll["options"][0]["media"]["photo"].as_array().unwrap().last().unwrap()["file_id"], file_id);
    assert_eq!(poll["options"][1]["media"], json!({"link": {"url": "https://example.com/there"}}));
    assert_eq!(poll["options"][2]["media"]["venue"]["title"], "Cafe");
    assert_eq!(poll["explanation_media"]["location"]["latitude"], 52.5);
    // Alice sees the photo with a file id of her own, and can open it.
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let seen = history.as_array().unwrap().iter().find(|m| m["poll"]["question"] == "Which?").unwrap().clone();
    let hers = seen["poll"]["media"]["photo"].as_array().unwrap().last().unwrap()["file_id"].clone();
    assert_ne!(hers, file_id);
    assert_eq!(seen["poll"]["media"]["photo"][0]["file_unique_id"], sizes[0]["file_unique_id"]);
    // Voting answers the poll with Alice's own file ids too.
    let voted = ok(server.user_call(
        &alice,
        "votePoll",
        json!({"chat_id": bot_id, "message_id": seen["message_id"], "option_ids": [0]}),
    ));
    assert_eq!(voted["media"]["photo"].as_array().unwrap().last().unwrap()["file_id"], hers);
    let link = json!({"type": "link", "url": "https://example.com/a"});
    let mine = ok(server.user_call(
        &alice,
        "sendPoll",
        json!({"chat_id": bot_id, "question": "Mine?",
        "options": [{"text": "A", "media": link}, "B"]}),
    ));
    assert_eq!(mine["poll"]["options"][0]["media"]["link"]["url"], "https://example.com/a", "a person's too");

    // Refused as the reference refuses them.
    let refused = |extra: Value| {
        let mut params = json!({"chat_id": alice_id, "question": "Q", "options": ["A", "B"]});
        params.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        error(server.call(&bot, "sendPoll", params)).1
    };
    assert_eq!(refused(json!({"media": "{"})), "Bad Request: can't parse InputPollMedia JSON object");
    assert_eq!(
        refused(json!({"media": {"type": "sticker", "media": file_id}})),
        "Bad Request: failed to parse InputPollMedia: invalid type specified"
    );
    assert_eq!(
        refused(json!({"media": {"type": "photo", "media": file_id, "caption": "no"}})),
        "Bad Request: failed to parse InputPollMedia: Media caption must be empty"
    );
    assert_eq!(
        refused(json!({"media": {"type": "photo", "media": "attach://nothing"}})),
        "Bad Request: failed to parse InputPollMedia: media not found"
    );
    assert_eq!(
        refused(json!({"options": [{"text": "A", "media": {"type": "audio", "media": file_id}}, "B"]})),
        "Bad Request: failed to parse poll option media: invalid type specified"
    );
    assert_eq!(
        refused(json!({"options": [{"text": "A", "media": {"type": "link", "url": "ftp://example.com"}}, "B"]})),
        "Bad Request: failed to parse poll option media: Invalid media content specified"
    );
    assert_eq!(
        refused(json!({"media": {"type": "location", "latitude": 91, "longitude": 0}})),
        "Bad Request: failed to parse InputPollMedia: Invalid media content specified"
    );
}

/// A channel's poll restricted to members or countries (Bot API 10.0) takes only the votes it
/// allows: members who joined a day before it by the platform's clock, people whose country is
/// listed; members from before joins were dated count as long-standing.
#[test]
fn a_restricted_channel_poll_takes_votes_only_from_long_standing_members_of_its_countries() {
    const OPERATOR: &str = "restricted-poll-operator-key";
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "restricted_poll_bot");
    let alice = crate::create_user(root.path(), "Alice");
    let bob = crate::create_user(root.path(), "Bob");
    let (bot_id, bob_id) = (crate::id_of(&bot), crate::id_of(&bob));
    let server = crate::manual_clock(root.path(), OPERATOR);
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "Town", "member_ids": [bot_id]})));
    let chat = channel["id"].clone();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_post_messages": true}),
    ));
    ok(server.user_call(&alice, "addChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    let poll = |extra: Value| {
        let mut params = json!({"chat_id": chat, "question": "Mayor?", "options": ["Ann", "Ben"]});
        params.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        ok(server.call(&bot, "sendPoll", params))["message_id"].clone()
    };
    let vote = |person: &str, message_id: &Value| {
        server.user_call(person, "votePoll", json!({"chat_id": chat, "message_id": message_id, "option_ids": [0]}))
    };
    let members = poll(json!({"members_only": true}));
    assert_eq!(error(vote(&bob, &members)), (400, "Bad Request: POLL_VOTE_MEMBERS_ONLY".into()), "joined just now");
    assert_eq!(ok(vote(&alice, &members))["total_voter_count"], 1, "the channel's creator");
    // A day on, a new poll takes Bob's vote; the first still does not.
    ok(crate::console::operator(&server, OPERATOR, "advanceClock", json!({"seconds": 86_400})));
    let later = poll(json!({"members_only": true}));
    assert_eq!(ok(vote(&bob, &later))["total_voter_count"], 1);
    assert_eq!(error(vote(&bob, &members)).1, "Bad Request: POLL_VOTE_MEMBERS_ONLY");

    // Countries: a person without one, or from another, cannot vote.
    let local = poll(json!({"country_codes": ["DE", "AT"]}));
    assert_eq!(error(vote(&bob, &local)).1, "Bad Request: POLL_VOTE_COUNTRY_RESTRICTED");
    let country = |person: &str, code: &str| server.user_call(person, "setCountryCode", json!({"country_code": code}));
    assert_eq!(error(country(&bob, "de")).1, "Bad Request: invalid country code specified");
    ok(country(&bob, "FR"));
    assert_eq!(error(vote(&bob, &local)).1, "Bad Request: POLL_VOTE_COUNTRY_RESTRICTED");
    ok(country(&bob, "AT"));
    assert_eq!(ok(server.user_call(&bob, "getMe", json!({})))["country_code"], "AT", "his profile shows it");
    assert_eq!(ok(vote(&bob, &local))["total_voter_count"], 1);
}

/// A reply keyboard's `request_users` and `request_chat` buttons pressed by a person (the
/// user-side `shareUsers`, `shareChat`): the bot gets the person's `users_shared` / `chat_shared`
/// with only the details its keyboard asked for; a request it never made, and picks it does not
/// allow (another kind of user or chat, rights the person or the bot lacks), are refused.
#[test]
fn a_person_answers_a_keyboards_request_for_users_and_a_chat() {
    let Started { root, server, bot, alice, bot_id, alice_id } = started("asking_bot");
    let bob = super::create_user(root.path(), "Bob");
    let bob_id = super::id_of(&bob);
    let keyboard = json!({"keyboard": [[
        {"text": "Friends", "request_users": {"request_id": 4, "max_quantity": 2, "user_is_bot": false, "request_name": true}},
        {"text": "Robots", "request_users": {"request_id": 6, "user_is_bot": true}},
        {"text": "Club", "request_chat": {"request_id": 5, "chat_is_channel": false, "request_title": true}},
        {"text": "Managed", "request_chat": {"request_id": 7, "chat_is_channel": false, "bot_is_member": true,
            "user_administrator_rights": {"is_anonymous": false, "can_manage_chat": false, "can_delete_messages": false,
                "can_manage_video_chats": false, "can_restrict_members": true, "can_promote_members": false,
                "can_change_info": false, "can_invite_users": false, "can_post_stories": false, "can_edit_stories": false,
                "can_delete_stories": false, "can_send_welcome_messages": false}}}
    ]]});
    ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "Tell me", "reply_markup": keyboard})));
    let share_users = |request_id: i64, ids: Value| {
        let params = json!({"chat_id": bot_id, "request_id": request_id, "user_ids": ids.to_string()});
        server.user_call(&alice, "shareUsers", params)
    };
    let sent = ok(share_users(4, json!([bob_id])));
    assert_eq!(sent["users_shared"], json!({"request_id": 4, "users": [{"user_id": bob_id, "first_name": "Bob"}]}));
    let mut offset = 0;
    let heard = loop {
        let message = super::next_update(&server, &bot, &mut offset, "message");
        if message.get("users_shared").is_some() {
            break message;
        }
    };
    assert_eq!(heard["users_shared"]["users"][0]["user_id"].as_i64(), Some(bob_id));
    assert_eq!(error(share_users(6, json!([bob_id]))).1, "Bad Request: the button asks for other users");
    assert_eq!(error(share_users(4, json!([]))).1, "Bad Request: pick between 1 and 2 users");
    assert_eq!(error(share_users(9, json!([bob_id]))).1, "Bad Request: the bot's keyboard made no such request");
    assert_eq!(
        error(share_users(5, json!([bob_id]))).1,
        "Bad Request: the bot's keyboard made no such request",
        "a chat's"
    );

    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Book club", "member_ids": [bob_id]})));
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "News"})));
    let share_chat = |person: &str, request_id: i64, id: &Value| {
        let params = json!({"chat_id": bot_id, "request_id": request_id, "shared_chat_id": id});
        server.user_call(person, "shareChat", params)
    };
    let sent = ok(share_chat(&alice, 5, &group["id"]));
    assert_eq!(sent["chat_shared"], json!({"request_id": 5, "chat_id": group["id"], "title": "Book club"}));
    assert_eq!(error(share_chat(&alice, 5, &channel["id"])).1, "Bad Request: the button asks for another kind of chat");
    // Rights: the creator holds them all, but the bot must be in the chat.
    assert_eq!(error(share_chat(&alice, 7, &group["id"])).1, "Bad Request: the button asks for a chat the bot is in");
    ok(server.user_call(&alice, "addChatMember", json!({"chat_id": group["id"], "user_id": bot_id})));
    assert_eq!(ok(share_chat(&alice, 7, &group["id"]))["chat_shared"]["request_id"], 7);
    // The keyboard was Alice's, not Bob's; shown to him too, his pick lacks the rights it asks.
    assert_eq!(error(share_chat(&bob, 7, &group["id"])).1, "Bad Request: the bot's keyboard made no such request");
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    ok(server.call(&bot, "sendMessage", json!({"chat_id": bob_id, "text": "Tell me", "reply_markup": keyboard})));
    assert_eq!(
        error(share_chat(&bob, 7, &group["id"])).1,
        "Bad Request: you lack the administrator rights the button asks for"
    );
    // Only in the chat with a bot.
    let elsewhere = server.user_call(
        &alice,
        "shareChat",
        json!({"chat_id": group["id"], "request_id": 5, "shared_chat_id": group["id"]}),
    );
    assert_eq!(error(elsewhere).1, "Bad Request: a keyboard's request is answered in the chat with its bot");
}
