//! Channels' direct messages and suggested posts (issue 41): the channel's owner turns its
//! direct messages on; people write there, each in a topic only they and the channel's
//! administrators see, and suggest posts with a price in Stars; the channel's bot answers in a
//! topic, approves (the price held, the post published now or at its date, the channel paid
//! after 24 hours, the person refunded for a post deleted before) or declines. Every error in
//! the reference's (or TDLib's) words; the isolation of topics as a property of every path that
//! shows a message; Stars conserved when approvals race.

use msg_testkit::{Server, poll_until};
use serde_json::{Value, json};

use crate::{assert_typed, create_bot, create_user, error, id_of, manual_clock, ok, refused};

const KEY: &str = "suggested-operator-key-01";

/// A channel of Alice's with the bot as an administrator who may post and manage direct
/// messages, Bob and Carol subscribed, its direct messages on.
struct World {
    server: Server,
    bot: String,
    alice: String,
    bob: String,
    carol: String,
    channel: i64,
    direct: i64,
}

fn world(root: &std::path::Path, bot_name: &str) -> World {
    let bot = create_bot(root, bot_name);
    let (alice, bob, carol) = (create_user(root, "Alice"), create_user(root, "Bob"), create_user(root, "Carol"));
    let server = manual_clock(root, KEY);
    let members = json!([id_of(&bot), id_of(&bob), id_of(&carol)]);
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "News", "member_ids": members})));
    let channel = channel["id"].as_i64().unwrap();
    let rights = json!({"chat_id": channel, "user_id": id_of(&bot), "can_post_messages": true,
        "can_manage_direct_messages": true, "can_delete_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    assert_eq!(ok(server.user_call(&bob, "getDirectMessagesChat", json!({"chat_id": channel}))), Value::Null, "off");
    let refused = server.user_call(&bob, "setChatDirectMessagesGroup", json!({"chat_id": channel, "is_enabled": true}));
    assert_eq!(error(refused), (400, "Bad Request: CHAT_ADMIN_REQUIRED".into()));
    let on = json!({"chat_id": channel, "is_enabled": true});
    let direct = ok(server.user_call(&alice, "setChatDirectMessagesGroup", on));
    assert_eq!((direct["type"].as_str(), direct["is_direct_messages"].as_bool()), (Some("supergroup"), Some(true)));
    let direct = direct["id"].as_i64().unwrap();
    let found = ok(server.user_call(&bob, "getDirectMessagesChat", json!({"chat_id": channel})));
    assert_eq!(found["id"], direct);
    World { server, bot, alice, bob, carol, channel, direct }
}

/// The next update of a person's with `field` in its message (others are passed over).
fn person_message(server: &Server, person: &str, offset: &mut i64, field: &str) -> Value {
    person_update(server, person, offset, "message", field)
}

/// The next update of a person's of `kind` whose message has `field` (others are passed over).
fn person_update(server: &Server, person: &str, offset: &mut i64, kind: &str, field: &str) -> Value {
    let mut found = Value::Null;
    poll_until(&format!("the person gets {kind} with {field}"), || {
        let updates = ok(server.user_call(person, "getUpdates", json!({"offset": *offset, "timeout": 1})));
        for update in updates.as_array().unwrap() {
            if found.is_null() {
                *offset = update["update_id"].as_i64().unwrap() + 1;
                if !update[kind][field].is_null() {
                    found = update[kind].clone();
                }
            }
        }
        !found.is_null()
    });
    found
}

/// Everything a person has been sent so far, as text (nothing waited for).
fn everything(server: &Server, person: &str) -> String {
    ok(server.user_call(person, "getUpdates", json!({"timeout": 0}))).to_string()
}

fn advance(server: &Server, seconds: i64) {
    ok(crate::console::operator(server, KEY, "advanceClock", json!({"seconds": seconds})));
}

fn grant(server: &Server, user: i64, amount: i64) {
    ok(crate::console::operator(server, KEY, "grantStars", json!({"user_id": user, "amount": amount})));
}

fn balance(server: &Server, person: &str, params: Value) -> i64 {
    ok(server.user_call(person, "getStarBalance", params))["amount"].as_i64().unwrap()
}

fn suggest(server: &Server, person: &str, direct: i64, text: &str, parameters: Value) -> Value {
    let params = json!({"chat_id": direct, "text": text, "suggested_post_parameters": parameters.to_string()});
    ok(server.user_call(person, "sendMessage", params))
}

#[test]
fn people_suggest_posts_in_their_own_topics_and_the_channels_bot_approves_declines_and_is_paid() {
    let root = tempfile::tempdir().unwrap();
    let w = world(root.path(), "channel_editor_bot");
    let (server, bot) = (&w.server, &w.bot);
    let (bob_id, carol_id) = (id_of(&w.bob), id_of(&w.carol));
    let mut bot_offset = 0;
    let changed = crate::next_update(server, bot, &mut bot_offset, "channel_post");
    assert_eq!(
        changed["direct_message_price_changed"],
        json!({"are_direct_messages_enabled": true, "direct_message_star_count": 0})
    );

    // The parameters are read in the reference's words, then checked in TDLib's.
    for (parameters, expected) in [
        ("{", "can't parse suggested post parameters JSON object"),
        ("[]", "object expected as suggested post parameters"),
        (r#"{"price":1}"#, "field \"price\" must be of type Object"),
        (r#"{"price":{"amount":5}}"#, "can't find field \"currency\""),
        (r#"{"send_date":"soon"}"#, "field \"send_date\" must be a valid Number"),
        (r#"{"send_date":[]}"#, "field \"send_date\" must be a Number"),
        (r#"{"price":{"currency":"USD","amount":5}}"#, "invalid suggested post price currency specified"),
        (
            r#"{"price":{"currency":"TON","amount":5}}"#,
            "suggested post price must be divisible by 10000000 nanotoncoins",
        ),
        (r#"{"price":{"currency":"XTR","amount":4}}"#, "invalid amount of Telegram Stars specified"),
        (r#"{"send_date":-1}"#, "invalid post send date specified"),
        (r#"{"send_date":1}"#, "invalid post send date specified"),
        (
            r#"{"price":{"currency":"TON","amount":10000000}}"#,
            "suggested posts paid in TON are not available: the embedded platform has no TON",
        ),
    ] {
        let params = json!({"chat_id": w.direct, "text": "x", "suggested_post_parameters": parameters});
        assert_eq!(error(server.user_call(&w.bob, "sendMessage", params)), (400, format!("Bad Request: {expected}")));
    }

    // Bob suggests a post for 30 Stars, in his own topic; the bot sees it with the topic.
    let suggestion =
        suggest(server, &w.bob, w.direct, "Read my blog", json!({"price": {"currency": "XTR", "amount": 30}}));
    assert_typed("Message", &suggestion);
    assert_eq!(suggestion["direct_messages_topic"]["topic_id"], bob_id);
    assert_eq!(
        suggestion["suggested_post_info"],
        json!({"state": "pending", "price": {"currency": "XTR", "amount": 30}})
    );
    let seen = crate::next_update(server, bot, &mut bot_offset, "message");
    assert_typed("Message", &seen);
    assert_eq!(
        (seen["chat"]["id"].as_i64(), seen["chat"]["is_direct_messages"].as_bool()),
        (Some(w.direct), Some(true))
    );
    assert_eq!(seen["direct_messages_topic"]["user"]["id"], bob_id);
    let full = ok(server.call(bot, "getChat", json!({"chat_id": w.direct})));
    assert_typed("ChatFullInfo", &full);
    assert_eq!(
        (full["is_direct_messages"].as_bool(), full["parent_chat"]["id"].as_i64()),
        (Some(true), Some(w.channel))
    );
    ok(server.user_call(&w.bob, "sendMessage", json!({"chat_id": id_of(bot), "text": "/start"})));
    let elsewhere = json!({"chat_id": bob_id, "text": "x", "suggested_post_parameters": "{}"});
    assert_eq!(
        refused(server, bot, "sendMessage", elsewhere),
        "Bad Request: suggested posts can be sent only to channel direct messages"
    );

    // Carol writes too; neither sees the other's topic by any path.
    let hers = ok(server.user_call(&w.carol, "sendMessage", json!({"chat_id": w.direct, "text": "Carol's secret"})));
    let carol_message = hers["message_id"].as_i64().unwrap();
    assert_eq!(hers["direct_messages_topic"]["topic_id"], carol_id);
    let bob_sees = everything(server, &w.bob);
    assert!(!bob_sees.contains("Carol's secret"), "{bob_sees}");
    assert!(!everything(server, &w.carol).contains("Read my blog"));
    let history = ok(server.user_call(&w.bob, "getChatHistory", json!({"chat_id": w.direct})));
    let texts: Vec<&str> = history.as_array().unwrap().iter().filter_map(|m| m["text"].as_str()).collect();
    assert_eq!(texts, ["Read my blog"]);
    let owner_sees = ok(server.user_call(&w.alice, "getChatHistory", json!({"chat_id": w.direct})));
    assert_eq!(owner_sees.as_array().unwrap().len(), 2, "the channel's owner sees every topic");
    let chats = ok(server.user_call(&w.bob, "getChats", json!({})));
    let listed = chats.as_array().unwrap().iter().find(|c| c["chat"]["id"] == w.direct).expect("the chat is Bob's");
    assert_eq!(listed["last_message"]["text"], "Read my blog");
    let at_hers = |method: &str, params: Value| {
        let mut params = params;
        params["chat_id"] = w.direct.into();
        error(server.user_call(&w.bob, method, params)).1
    };
    let reply = json!({"text": "x", "reply_parameters": json!({"message_id": carol_message}).to_string()});
    assert_eq!(at_hers("sendMessage", reply), "Bad Request: message to be replied not found");
    let to_bot = server.user_call(
        &w.bob,
        "forwardMessage",
        json!({"chat_id": id_of(bot), "from_chat_id": w.direct, "message_id": carol_message}),
    );
    assert_eq!(error(to_bot).1, "Bad Request: message to forward not found");
    let react = json!({"message_id": carol_message, "reaction": r#"[{"type":"emoji","emoji":"👍"}]"#});
    assert_eq!(at_hers("setMessageReaction", react), "Bad Request: message to react not found");
    assert_eq!(
        at_hers("deleteMessage", json!({"message_id": carol_message})),
        "Bad Request: message to delete not found"
    );
    assert_eq!(
        at_hers("editMessageText", json!({"message_id": carol_message, "text": "mine"})),
        "Bad Request: message to edit not found"
    );

    // The bot answers in a topic, as the channel; only that topic's person hears it.
    let answer = json!({"chat_id": w.direct, "text": "Thanks!"});
    assert_eq!(
        refused(server, bot, "sendMessage", answer.clone()),
        "Bad Request: channel direct messages topic must be specified"
    );
    let mut to_nobody = answer.clone();
    to_nobody["direct_messages_topic_id"] = 12345.into();
    assert_eq!(refused(server, bot, "sendMessage", to_nobody), "Bad Request: topic not found");
    let mut to_bob = answer;
    to_bob["direct_messages_topic_id"] = bob_id.into();
    let sent = ok(server.call(bot, "sendMessage", to_bob));
    assert_eq!(
        (sent["sender_chat"]["id"].as_i64(), sent["direct_messages_topic"]["topic_id"].as_i64()),
        (Some(w.channel), Some(bob_id))
    );
    let mut bob_offset = 0;
    assert_eq!(person_message(server, &w.bob, &mut bob_offset, "direct_messages_topic")["text"], "Thanks!");
    assert!(!everything(server, &w.carol).contains("Thanks!"));
    // The channel's owner answers from the user side by replying (the replied message's topic).
    let bobs = json!({"message_id": suggestion["message_id"]}).to_string();
    let answer = json!({"chat_id": w.direct, "text": "Looks good", "reply_parameters": bobs});
    let answered = ok(server.user_call(&w.alice, "sendMessage", answer));
    assert_eq!(
        (answered["sender_chat"]["id"].as_i64(), answered["direct_messages_topic"]["topic_id"].as_i64()),
        (Some(w.channel), Some(bob_id))
    );
    assert_eq!(person_message(server, &w.bob, &mut bob_offset, "direct_messages_topic")["text"], "Looks good");
    let unreplied = json!({"chat_id": w.direct, "text": "to whom?"});
    assert_eq!(
        error(server.user_call(&w.alice, "sendMessage", unreplied)).1,
        "Bad Request: channel direct messages topic must be specified"
    );
    let poll = json!({"chat_id": w.direct, "question": "?", "options": r#"["a","b"]"#});
    assert_eq!(
        error(server.user_call(&w.bob, "sendPoll", poll)).1,
        "Bad Request: polls can't be sent to channel direct messages chats"
    );

    // The reference's checks of the two methods, then TDLib's.
    assert_eq!(refused(server, bot, "approveSuggestedPost", json!({})), "Bad Request: chat_id is empty");
    let approve = |message_id: i64| json!({"chat_id": w.direct, "message_id": message_id});
    assert_eq!(refused(server, bot, "approveSuggestedPost", approve(0)), "Bad Request: suggested post not found");
    assert_eq!(refused(server, bot, "approveSuggestedPost", approve(999)), "Bad Request: suggested post not found");
    assert_eq!(
        refused(server, bot, "declineSuggestedPost", approve(carol_message)),
        "Bad Request: message can't be used in the method"
    );
    let stranger = create_bot(root.path(), "stranger_bot");
    let denied = server.call(&stranger, "approveSuggestedPost", approve(1));
    assert_eq!(error(denied), (403, "Forbidden: bot is not a member of the supergroup chat".into()));
    let too_late = json!({"chat_id": w.direct, "message_id": suggestion["message_id"], "send_date": 4_000_000_000i64});
    assert_eq!(refused(server, bot, "approveSuggestedPost", too_late), "Bad Request: SCHEDULE_DATE_TOO_LATE");

    // Bob has no Stars: the approval fails, and the suggestion stays pending.
    let suggestion_id = suggestion["message_id"].as_i64().unwrap();
    ok(server.call(bot, "approveSuggestedPost", approve(suggestion_id)));
    let failed = person_message(server, &w.bob, &mut bob_offset, "suggested_post_approval_failed");
    assert_typed("Message", &failed);
    assert_eq!(failed["suggested_post_approval_failed"]["price"], json!({"currency": "XTR", "amount": 30}));
    assert_eq!(failed["suggested_post_approval_failed"]["suggested_post_message"]["text"], "Read my blog");

    // With 50 Stars it is approved: 30 held, the post in the channel at once.
    grant(server, bob_id, 50);
    ok(server.call(bot, "approveSuggestedPost", approve(suggestion_id)));
    // Bob's app sees his suggestion's new state, then the service message.
    let edited = person_update(server, &w.bob, &mut bob_offset, "edited_message", "suggested_post_info");
    assert_eq!(
        (edited["message_id"].as_i64(), edited["suggested_post_info"]["state"].as_str()),
        (Some(suggestion_id), Some("approved"))
    );
    let approved = person_message(server, &w.bob, &mut bob_offset, "suggested_post_approved");
    assert_typed("Message", &approved);
    assert_eq!(
        approved["suggested_post_approved"]["suggested_post_message"]["suggested_post_info"]["state"],
        "approved"
    );
    assert_eq!(balance(server, &w.bob, json!({})), 20);
    let post = person_message(server, &w.carol, &mut 0, "text");
    assert_eq!((post["chat"]["id"].as_i64(), post["text"].as_str()), (Some(w.channel), Some("Read my blog")));
    assert!(post.get("suggested_post_info").is_none() && post.get("direct_messages_topic").is_none());
    assert_eq!(
        refused(server, bot, "approveSuggestedPost", approve(suggestion_id)),
        "Bad Request: message can't be used in the method"
    );
    let history = ok(server.user_call(&w.bob, "getChatHistory", json!({"chat_id": w.direct})));
    let mine = history.as_array().unwrap().iter().find(|m| m["message_id"] == suggestion_id).unwrap();
    assert_eq!(mine["suggested_post_info"]["state"], "approved");

    // A day later the channel is paid.
    advance(server, 24 * 60 * 60 + 1);
    let paid = person_message(server, &w.bob, &mut bob_offset, "suggested_post_paid");
    assert_typed("Message", &paid);
    assert_eq!(paid["suggested_post_paid"]["star_amount"], json!({"amount": 30}));
    assert_eq!(balance(server, &w.alice, json!({"chat_id": w.channel})), 30);
    assert_eq!(
        error(server.user_call(&w.bob, "getStarBalance", json!({"chat_id": w.channel}))).1,
        "Bad Request: CHAT_ADMIN_REQUIRED"
    );

    // Declined, with a comment (at most 128 characters).
    let unpaid = suggest(server, &w.bob, w.direct, "Free post?", json!({}));
    let unpaid_id = unpaid["message_id"].as_i64().unwrap();
    let long = json!({"chat_id": w.direct, "message_id": unpaid_id, "comment": "x".repeat(129)});
    assert_eq!(
        refused(server, bot, "declineSuggestedPost", long),
        "Bad Request: comment must be at most 128 characters"
    );
    ok(server.call(
        bot,
        "declineSuggestedPost",
        json!({"chat_id": w.direct, "message_id": unpaid_id, "comment": "Not our style"}),
    ));
    let declined = person_message(server, &w.bob, &mut bob_offset, "suggested_post_declined");
    assert_typed("Message", &declined);
    assert_eq!(declined["suggested_post_declined"]["comment"], "Not our style");

    // Approved for an hour later: held at once, published then; deleted before the day is out,
    // so Bob gets his Stars back.
    let later =
        suggest(server, &w.bob, w.direct, "Tomorrow's news", json!({"price": {"currency": "XTR", "amount": 10}}));
    let at = approved["date"].as_i64().unwrap() + 24 * 60 * 60 + 3600;
    ok(server.call(
        bot,
        "approveSuggestedPost",
        json!({"chat_id": w.direct, "message_id": later["message_id"], "send_date": at}),
    ));
    let scheduled = person_message(server, &w.bob, &mut bob_offset, "suggested_post_approved");
    assert_eq!(scheduled["suggested_post_approved"]["send_date"], at);
    assert_eq!(balance(server, &w.bob, json!({})), 10);
    // (What Carol was sent a day ago has expired, as updates do after 24 hours.)
    let mut carol_offset = 0;
    assert!(!everything(server, &w.carol).contains("Tomorrow's news"), "not yet published");
    advance(server, 3600);
    let published = person_message(server, &w.carol, &mut carol_offset, "text");
    assert_eq!(published["text"], "Tomorrow's news");
    ok(server.call(bot, "deleteMessage", json!({"chat_id": w.channel, "message_id": published["message_id"]})));
    advance(server, 24 * 60 * 60);
    let refunded = person_message(server, &w.bob, &mut bob_offset, "suggested_post_refunded");
    assert_typed("Message", &refunded);
    assert_eq!(refunded["suggested_post_refunded"]["reason"], "post_deleted");
    assert_eq!(balance(server, &w.bob, json!({})), 20);
    assert_eq!(balance(server, &w.alice, json!({"chat_id": w.channel})), 30, "nothing paid for a deleted post");

    // Off: nobody finds or writes to them; on again, the same chat with its history.
    let off = json!({"chat_id": w.channel, "is_enabled": false});
    ok(server.user_call(&w.alice, "setChatDirectMessagesGroup", off));
    assert_eq!(ok(server.user_call(&w.bob, "getDirectMessagesChat", json!({"chat_id": w.channel}))), Value::Null);
    let shut = server.user_call(&w.bob, "sendMessage", json!({"chat_id": w.direct, "text": "hello?"}));
    assert_eq!(error(shut), (400, "Bad Request: have no rights to send a message".into()));
    let on = json!({"chat_id": w.channel, "is_enabled": true});
    assert_eq!(ok(server.user_call(&w.alice, "setChatDirectMessagesGroup", on))["id"], w.direct);
    ok(server.user_call(&w.bob, "sendMessage", json!({"chat_id": w.direct, "text": "hello again"})));
}

#[test]
fn racing_approvals_hold_no_more_stars_than_the_person_has() {
    let root = tempfile::tempdir().unwrap();
    let w = world(root.path(), "busy_editor_bot");
    let bob_id = id_of(&w.bob);
    grant(&w.server, bob_id, 100);
    let ids: Vec<i64> = (0..6)
        .map(|i| {
            let price = json!({"price": {"currency": "XTR", "amount": 30}});
            suggest(&w.server, &w.bob, w.direct, &format!("post {i}"), price)["message_id"].as_i64().unwrap()
        })
        .collect();
    let (api, path) = (w.server.api, format!("/bot{}/approveSuggestedPost", w.bot));
    std::thread::scope(|s| {
        let calls: Vec<_> = ids
            .iter()
            .map(|id| {
                let body = json!({"chat_id": w.direct, "message_id": id}).to_string();
                let path = path.clone();
                s.spawn(move || msg_testkit::post(api, &path, "application/json", body.as_bytes()).unwrap())
            })
            .collect();
        for call in calls {
            assert_eq!(call.join().unwrap().status, 200);
        }
    });
    assert_eq!(balance(&w.server, &w.bob, json!({})), 10, "three of 30 held of 100");
    let history = ok(w.server.user_call(&w.bob, "getChatHistory", json!({"chat_id": w.direct, "limit": 100})));
    let states: Vec<&str> =
        history.as_array().unwrap().iter().filter_map(|m| m["suggested_post_info"]["state"].as_str()).collect();
    assert_eq!(states.iter().filter(|s| **s == "approved").count(), 3, "{states:?}");
    assert_eq!(states.iter().filter(|s| **s == "pending").count(), 3, "{states:?}");
    let failed = history.as_array().unwrap().iter().filter(|m| !m["suggested_post_approval_failed"].is_null()).count();
    assert_eq!(failed, 3);
    advance(&w.server, 24 * 60 * 60 + 1);
    poll_until("the channel is paid for three posts", || {
        balance(&w.server, &w.alice, json!({"chat_id": w.channel})) == 90
    });
    assert_eq!(balance(&w.server, &w.bob, json!({})) + 90, 100, "every Star is somewhere");
}

#[test]
fn approvals_cut_short_by_kill_9_hold_and_publish_exactly_what_was_acknowledged() {
    const PRICE: i64 = 20;
    const GRANTED: i64 = 1000;
    let root = tempfile::tempdir().unwrap();
    let mut w = world(root.path(), "killed_editor_bot");
    let bob_id = id_of(&w.bob);
    grant(&w.server, bob_id, GRANTED);
    let ids: Vec<i64> = (0..40)
        .map(|i| {
            let price = json!({"price": {"currency": "XTR", "amount": PRICE}});
            suggest(&w.server, &w.bob, w.direct, &format!("post {i}"), price)["message_id"].as_i64().unwrap()
        })
        .collect();
    // The bot approves them one after another; the server is killed after ten answers.
    let (sent_tx, sent_rx) = std::sync::mpsc::channel::<()>();
    let approving = {
        let (api, path, direct) = (w.server.api, format!("/bot{}/approveSuggestedPost", w.bot), w.direct);
        std::thread::spawn(move || {
            for id in ids {
                let body = json!({"chat_id": direct, "message_id": id}).to_string();
                let answered = msg_testkit::post(api, &path, "application/json", body.as_bytes());
                if !answered.is_ok_and(|r| r.status == 200) || sent_tx.send(()).is_err() {
                    return;
                }
            }
        })
    };
    let acknowledged = sent_rx.iter().take(10).count();
    w.server.signal("KILL");
    w.server.wait_exit(std::time::Duration::from_secs(5)).expect("killed");
    approving.join().unwrap();
    let acknowledged = acknowledged + sent_rx.try_iter().count();

    let server = manual_clock(root.path(), KEY);
    let history = ok(server.user_call(&w.bob, "getChatHistory", json!({"chat_id": w.direct, "limit": 100})));
    let history = history.as_array().unwrap();
    let approved = history.iter().filter(|m| m["suggested_post_info"]["state"] == "approved").count();
    assert!(
        approved >= acknowledged && approved <= acknowledged + 1,
        "{approved} approved, {acknowledged} acknowledged"
    );
    let told = history.iter().filter(|m| !m["suggested_post_approved"].is_null()).count();
    assert_eq!(told, approved, "each approval has its service message");
    assert_eq!(balance(&server, &w.bob, json!({})) + approved as i64 * PRICE, GRANTED, "no Star lost or made");
    let posts = ok(server.user_call(&w.carol, "getChatHistory", json!({"chat_id": w.channel, "limit": 100})));
    let published =
        posts.as_array().unwrap().iter().filter(|m| m["text"].as_str().is_some_and(|t| t.starts_with("post "))).count();
    assert_eq!(published, approved, "each approval has its post");
    // The day after, the channel is paid for each, by the restarted server's task.
    advance(&server, 24 * 60 * 60 + 1);
    poll_until("the channel is paid for every approved post", || {
        balance(&server, &w.alice, json!({"chat_id": w.channel})) == approved as i64 * PRICE
    });
    assert_eq!(balance(&server, &w.bob, json!({})) + approved as i64 * PRICE, GRANTED);
}
