//! The Rust libraries read what the platform emits since Bot API 9.6: every update kind and
//! object of the 9.6-10.3 families reaches a bot (live photos, polls 2.0 with media and added
//! options, replies to an option, stopped drafts, managed bots, guest messages, subscriptions),
//! and each update is decoded with frankenstein's `Update` and teloxide's, then written back. For
//! frankenstein 0.52 (Bot API 10.x) nothing may be lost on the way; teloxide 0.17 speaks an
//! older Bot API, so what it cannot read is printed, and what it must still read is asserted
//! (every update decodes; the kinds it knows keep their kind).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use msg_client_frankenstein::frankenstein;
use msg_client_teloxide::teloxide;
use msg_testkit::Server;
use serde_json::{Value, json};

use super::{create_bot, create_user, id_of, launch, ok};

const OPERATOR: &str = "decoding-operator-key";

/// Every update the bot reads, in order.
struct Reader<'a> {
    server: &'a Server,
    bot: &'a str,
    offset: i64,
    seen: Vec<Value>,
}

impl Reader<'_> {
    /// The next update of `kind` (reading every update before it too).
    fn next(&mut self, kind: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            assert!(Instant::now() < deadline, "the bot never got {kind}; it read {:?}", self.seen.last());
            let params = json!({"offset": self.offset, "timeout": 2, "allowed_updates": KINDS});
            for update in ok(self.server.call(self.bot, "getUpdates", params)).as_array().unwrap().clone() {
                self.offset = update["update_id"].as_i64().unwrap() + 1;
                self.seen.push(update.clone());
                if let Some(found) = update.get(kind) {
                    return found.clone();
                }
            }
        }
    }
}

const KINDS: &[&str] = &[
    "message",
    "poll",
    "poll_answer",
    "pre_checkout_query",
    "managed_bot",
    "guest_message",
    "subscription",
    "stopped_message_generation",
];

/// The paths of `value`'s leaves (`a.b.0.c`), nulls left out (a library writes no `None`).
fn leaves(value: &Value, at: String, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => map.iter().for_each(|(k, v)| leaves(v, format!("{at}.{k}"), out)),
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| leaves(v, format!("{at}.{i}"), out)),
        Value::Null => {}
        _ => {
            out.insert(at);
        }
    }
}

/// The leaves of `original` that `written` (a library's decoding written back) lacks.
fn lost(original: &Value, written: &Value) -> Vec<String> {
    let (mut before, mut after) = (BTreeSet::new(), BTreeSet::new());
    leaves(original, String::new(), &mut before);
    leaves(written, String::new(), &mut after);
    before.difference(&after).cloned().collect()
}

/// The update's kind: its one field besides `update_id`.
fn kind_of(update: &Value) -> String {
    update.as_object().unwrap().keys().find(|k| *k != "update_id").cloned().unwrap_or_default()
}

#[test]
fn frankenstein_and_teloxide_read_every_newer_update_the_platform_sends() {
    let root = tempfile::tempdir().unwrap();
    let token = create_bot(root.path(), "types_bot");
    let mut setting = launch(root.path());
    for arg in ["bot", "set", "types_bot", "--manage-bots", "on", "--guest-queries", "on"] {
        setting = setting.arg(arg);
    }
    let (status, _, stderr) = setting.run();
    assert!(status.success(), "{stderr}");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let (bot_id, alice_id, bob_id) = (id_of(&token), id_of(&alice), id_of(&bob));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", OPERATOR).start();
    let mut reader = Reader { server: &server, bot: &token, offset: 0, seen: Vec::new() };
    let bot = |method: &str, params: Value| ok(server.call(&token, method, params));
    let person = |method: &str, params: Value| ok(server.user_call(&alice, method, params));

    // A live photo (10.0).
    person("sendMessage", json!({"chat_id": bot_id, "text": "/start"}));
    let png = crate::files::png(40, 30);
    let sent = msg_testkit::Multipart::new()
        .text("chat_id", &bot_id.to_string())
        .file("live_photo", "clip.mp4", "video/mp4", b"a moment")
        .file("photo", "still.png", "image/png", &png)
        .post(server.api, &format!("/user{alice}/sendLivePhoto"));
    assert_eq!(sent.status, 200, "{}", sent.text());
    while reader.next("message").get("live_photo").is_none() {}

    // Polls 2.0: media, an option with a link, options people add, a reply to an option, a quiz
    // with several correct options.
    let options = json!(["Tea", {"text": "Coffee", "media": {"type": "link", "url": "https://example.com/coffee"}}]);
    let poll = bot(
        "sendPoll",
        json!({"chat_id": alice_id, "question": "Drink?", "options": options,
        "is_anonymous": false, "allow_adding_options": true, "description": "Pick one",
        "media": {"type": "location", "latitude": 52.5, "longitude": 13.4}}),
    );
    let message_id = poll["message_id"].clone();
    person("votePoll", json!({"chat_id": bot_id, "message_id": message_id, "option_ids": [1]}));
    reader.next("poll_answer");
    person("addPollOption", json!({"chat_id": bot_id, "message_id": message_id, "text": "Juice"}));
    while reader.next("message").get("poll_option_added").is_none() {}
    person(
        "sendMessage",
        json!({"chat_id": bot_id, "text": "Coffee!",
        "reply_parameters": {"message_id": message_id, "poll_option_id": "1"}}),
    );
    while reader.next("message").get("reply_to_poll_option_id").is_none() {}
    let quiz = bot(
        "sendPoll",
        json!({"chat_id": alice_id, "question": "Primes?", "options": ["2", "3", "4"],
        "type": "quiz", "correct_option_ids": [0, 1], "allows_multiple_answers": true}),
    );
    person("votePoll", json!({"chat_id": bot_id, "message_id": quiz["message_id"], "option_ids": [0, 1]}));
    while reader.next("poll").get("correct_option_ids").is_none() {}

    // A stopped draft (10.3), a managed bot (9.6), a guest message (10.0).
    bot("sendMessageDraft", json!({"chat_id": alice_id, "draft_id": 3, "text": "Thinking", "can_stop": true}));
    person("stopMessageGeneration", json!({"chat_id": bot_id, "draft_id": 3}));
    reader.next("stopped_message_generation");
    person("createManagedBot", json!({"bot_id": bot_id, "username": "alice_types_pal_bot", "name": "Pal"}));
    reader.next("managed_bot");
    let group = person("createSupergroup", json!({"title": "Lounge", "member_ids": [bob_id]}));
    person("sendMessage", json!({"chat_id": group["id"], "text": "@types_bot hello"}));
    reader.next("guest_message");

    // A subscription the payer cancels (10.2).
    ok(crate::console::operator(&server, OPERATOR, "grantStars", json!({"user_id": alice_id, "amount": 100})));
    let prices = json!([{"label": "Club", "amount": 10}]).to_string();
    let link = bot(
        "createInvoiceLink",
        json!({"title": "Club", "description": "Monthly", "payload": "club",
        "currency": "XTR", "prices": prices, "subscription_period": 2_592_000}),
    );
    let paying = crate::waiting(&server, &alice, "payInvoice", json!({"invoice_link": link}));
    let checkout = reader.next("pre_checkout_query");
    bot("answerPreCheckoutQuery", json!({"pre_checkout_query_id": checkout["id"], "ok": true}));
    let paid = ok(paying.join().unwrap());
    let charge = paid["message"]["successful_payment"]["telegram_payment_charge_id"].clone();
    person("editStarSubscription", json!({"telegram_payment_charge_id": charge, "is_canceled": true}));
    reader.next("subscription");

    // Each update through both libraries.
    let mut kinds = BTreeSet::new();
    let mut teloxide_lost = BTreeSet::new();
    for update in &reader.seen {
        let kind = kind_of(update);
        kinds.insert(kind.clone());
        // Read from the wire's text, as the libraries read it (teloxide's keys borrow from it).
        let text = update.to_string();
        let franky: frankenstein::updates::Update = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("frankenstein cannot read a {kind} update: {e}\n{update}"));
        let written = serde_json::to_value(&franky).unwrap();
        assert_eq!(
            lost(update, &written),
            Vec::<String>::new(),
            "frankenstein loses part of a {kind} update: {update}"
        );
        let telo: teloxide::types::Update = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("teloxide cannot read a {kind} update: {e}\n{update}"));
        let known = !matches!(telo.kind, teloxide::types::UpdateKind::Error(_));
        if ["message", "poll", "poll_answer", "pre_checkout_query"].contains(&kind.as_str()) {
            assert!(known, "teloxide reads a {kind} update as one: {update}");
        }
        if known {
            let written = serde_json::to_value(&telo).unwrap();
            teloxide_lost.extend(lost(update, &written).into_iter().map(|path| format!("{kind}{path}")));
        } else {
            teloxide_lost.insert(format!("{kind} (the kind itself)"));
        }
    }
    let wanted: BTreeSet<String> = KINDS.iter().map(|k| k.to_string()).collect();
    assert_eq!(kinds, wanted, "every newer kind was read");
    // What teloxide 0.17 (older than Bot API 9.6) cannot read: the kind and its first field
    // (`message.live_photo`), indices left out.
    let folded: BTreeSet<String> = teloxide_lost
        .iter()
        .map(|p| {
            let parts: Vec<&str> = p.split('.').filter(|s| !s.is_empty() && s.parse::<usize>().is_err()).collect();
            parts.iter().enumerate().filter(|(i, _)| *i != 1).take(2).map(|(_, s)| *s).collect::<Vec<_>>().join(".")
        })
        .collect();
    println!("teloxide 0.17 does not read: {}", folded.into_iter().collect::<Vec<_>>().join(", "));
}
