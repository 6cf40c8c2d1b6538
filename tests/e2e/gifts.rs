//! Gifts (issue 41): the operator's catalogue, bots sending gifts to people and channels from
//! their Stars, people sending them from theirs, the owned gifts each side sees, Premium given
//! for Stars, every error in the reference's order and words; and money conserved when many
//! buy one limited edition at once and when the server is killed mid-stream.

use msg_testkit::Server;
use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, ok, refused};

const KEY: &str = "gifts-operator-key";

fn operator(server: &Server, method: &str, params: Value) -> Value {
    ok(crate::console::operator(server, KEY, method, params))
}

fn balance(server: &Server, bot: &str) -> i64 {
    ok(server.call(bot, "getMyStarBalance", json!({})))["amount"].as_i64().unwrap()
}

/// The gift of the catalogue with emoji `emoji`, as `bot` lists it.
fn gift_with(server: &Server, bot: &str, emoji: &str) -> Value {
    let gifts = ok(server.call(bot, "getAvailableGifts", json!({})));
    gifts["gifts"].as_array().unwrap().iter().find(|g| g["sticker"]["emoji"] == emoji).cloned().unwrap()
}

#[test]
fn bots_and_people_send_gifts_from_the_operators_catalogue_and_each_side_sees_what_is_owned() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "gift_shop_bot");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let (bot_id, alice_id, bob_id) = (id_of(&bot), id_of(&alice), id_of(&bob));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();

    // The standard catalogue, cheapest first; each sticker a file of the bot's own.
    let gifts = ok(server.call(&bot, "getAvailableGifts", json!({})))["gifts"].as_array().unwrap().clone();
    assert_eq!(gifts.len(), 6, "{gifts:?}");
    let prices: Vec<i64> = gifts.iter().map(|g| g["star_count"].as_i64().unwrap()).collect();
    assert_eq!(prices, [15, 15, 25, 25, 50, 100]);
    let diamond = gift_with(&server, &bot, "💎");
    assert_eq!((diamond["total_count"].as_i64(), diamond["remaining_count"].as_i64()), (Some(1000), Some(1000)));
    assert_eq!(diamond["upgrade_star_count"], 150);
    let sticker = &gifts[0]["sticker"];
    assert_eq!((sticker["type"].as_str(), sticker["width"].as_i64()), (Some("regular"), Some(512)));
    let file = ok(server.call(&bot, "getFile", json!({"file_id": sticker["file_id"]})));
    let served =
        msg_testkit::get(server.api, &format!("/file/bot{bot}/{}", file["file_path"].as_str().unwrap())).unwrap();
    assert!(served.body.starts_with(b"\x89PNG"), "the sticker downloads");

    // The operator adds a limited edition of 2 that can be upgraded.
    let rare = operator(
        &server,
        "setGift",
        json!({"star_count": 10, "upgrade_star_count": 5, "total_count": 2, "emoji": "🦄", "color": "#aa44cc"}),
    );
    let rare_id = rare["gift_id"].as_str().unwrap().to_owned();
    assert_eq!(rare["remaining_count"], 2);
    assert_eq!(operator(&server, "listGifts", json!({})).as_array().unwrap().len(), 7);
    let bad_price = crate::console::operator(&server, KEY, "setGift", json!({"star_count": 0}));
    assert_eq!(bad_price.status, 400, "{}", bad_price.text());

    // The reference's order: the text, then the receiver; then the platform's checks.
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": rare_id})),
        "Bad Request: invalid user_id specified"
    );
    assert_eq!(
        refused(
            &server,
            &bot,
            "sendGift",
            json!({"gift_id": rare_id, "user_id": alice_id, "text": "hi", "text_parse_mode": "Nope"})
        ),
        "Bad Request: unsupported parse_mode"
    );
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": rare_id, "user_id": 7})),
        "Bad Request: user not found"
    );
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": rare_id, "chat_id": -42})),
        "Bad Request: chat not found"
    );
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": "123", "user_id": alice_id})),
        "Bad Request: STARGIFT_INVALID"
    );
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": rare_id, "user_id": alice_id})),
        "Bad Request: BALANCE_TOO_LOW"
    );
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": rare_id, "user_id": alice_id, "text": "x".repeat(129)})),
        "Bad Request: MESSAGE_TOO_LONG"
    );
    let heart = gift_with(&server, &bot, "❤️");
    assert_eq!(
        refused(
            &server,
            &bot,
            "sendGift",
            json!({"gift_id": heart["id"], "user_id": alice_id, "pay_for_upgrade": true})
        ),
        "Bad Request: STARGIFT_UPGRADE_UNAVAILABLE"
    );

    // Funded by the operator, the bot sends; Stars leave in the gift's commit, with the ledger.
    let granted = operator(&server, "grantStars", json!({"bot_id": bot_id, "amount": 100}));
    assert_eq!(granted["balance"], 100);
    let entities = json!([{"type": "bold", "offset": 0, "length": 5}, {"type": "url", "offset": 6, "length": 7}]);
    let sent = server.call(
        &bot,
        "sendGift",
        json!({"gift_id": rare_id, "user_id": alice_id, "text": "Hello example", "text_entities": entities.to_string(), "pay_for_upgrade": true}),
    );
    assert_eq!(ok(sent), true);
    assert_eq!(balance(&server, &bot), 85, "10 for the gift, 5 for its upgrade");
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"].clone();
    let bought = ledger.as_array().unwrap().last().unwrap().clone();
    assert_eq!(bought["amount"], 15);
    assert_eq!(bought["receiver"]["type"], "user");
    assert_eq!(bought["receiver"]["transaction_type"], "gift_purchase");
    assert_eq!(bought["receiver"]["user"]["id"], alice_id);
    assert_eq!(bought["receiver"]["gift"]["id"], rare_id.as_str());
    assert_eq!(ledger[0]["source"], json!({"type": "other"}), "the operator's grant");

    // Alice sees the gift in her chat with the bot, with her own copy of the sticker; the bot
    // is told nothing of its own service message.
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let message = history.as_array().unwrap().last().unwrap().clone();
    let info = &message["gift"];
    assert_eq!(message["from"]["id"], bot_id);
    assert_eq!(info["gift"]["id"], rare_id.as_str());
    assert_eq!(info["text"], "Hello example");
    assert_eq!(info["entities"], json!([{"type": "bold", "offset": 0, "length": 5}]), "a gift keeps bold, not links");
    assert_eq!(info["prepaid_upgrade_star_count"], 5);
    assert_eq!(info["can_be_upgraded"], true);
    assert!(info.get("owned_gift_id").is_none(), "only business accounts' gifts have one");
    assert_ne!(info["gift"]["sticker"]["file_id"], gifts[0]["sticker"]["file_id"]);
    assert_eq!(ok(server.call(&bot, "getUpdates", json!({"timeout": 0}))), json!([]));

    // The limited edition: one left, then sold out (and gone from the list); never to a channel.
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "Gifts news", "member_ids": [bot_id]})));
    let channel_id = channel["id"].as_i64().unwrap();
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": rare_id, "chat_id": channel_id})),
        "Bad Request: STARGIFT_PEER_INVALID"
    );
    ok(server.call(&bot, "sendGift", json!({"gift_id": rare_id, "user_id": bob_id})));
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": rare_id, "user_id": bob_id})),
        "Bad Request: STARGIFT_USAGE_LIMITED"
    );
    let listed = ok(server.call(&bot, "getAvailableGifts", json!({})));
    assert!(!listed["gifts"].as_array().unwrap().iter().any(|g| g["id"] == rare_id.as_str()), "sold out");
    assert_eq!(balance(&server, &bot), 75);

    // A channel's gift is on its profile.
    ok(server.call(&bot, "sendGift", json!({"gift_id": heart["id"], "chat_id": channel_id})));
    let owned = ok(server.call(&bot, "getChatGifts", json!({"chat_id": channel_id})));
    assert_eq!(owned["total_count"], 1);
    assert_eq!(owned["gifts"][0]["type"], "regular");
    assert_eq!(owned["gifts"][0]["sender_user"]["id"], bot_id);
    let to_chat =
        ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"].as_array().unwrap().last().cloned();
    assert_eq!(to_chat.unwrap()["receiver"]["chat"]["id"], channel_id);

    // People send gifts from their own Stars; a private one's sender and text are the receiver's.
    operator(&server, "grantStars", json!({"user_id": alice_id, "amount": 30}));
    let poor = server.user_call(&alice, "sendGift", json!({"gift_id": diamond["id"], "user_id": bob_id}));
    assert_eq!(error(poor).1, "Bad Request: BALANCE_TOO_LOW");
    let given = ok(server.user_call(
        &alice,
        "sendGift",
        json!({"gift_id": heart["id"], "user_id": bob_id, "text": "Secret", "is_private": true}),
    ));
    assert_eq!(given, json!({"sent": true, "star_balance": 15}));
    let bobs = ok(server.user_call(&bob, "getGifts", json!({})));
    assert_eq!(bobs["total_count"], 2);
    assert_eq!(bobs["gifts"][0]["sender_user"]["id"], alice_id, "newest first");
    assert_eq!(bobs["gifts"][0]["text"], "Secret");
    let seen_by_bot = ok(server.call(&bot, "getUserGifts", json!({"user_id": bob_id})));
    assert_eq!(seen_by_bot["total_count"], 2);
    assert_eq!(seen_by_bot["gifts"][0]["is_private"], true);
    assert!(seen_by_bot["gifts"][0].get("sender_user").is_none(), "{seen_by_bot}");
    assert!(seen_by_bot["gifts"][0].get("text").is_none(), "{seen_by_bot}");
    assert_eq!(seen_by_bot["gifts"][1]["sender_user"]["id"], bot_id);

    // Filters, price order and pages.
    let limited = ok(server.call(&bot, "getUserGifts", json!({"user_id": bob_id, "exclude_unlimited": true})));
    assert_eq!(limited["total_count"], 1);
    let paged = ok(server.call(&bot, "getUserGifts", json!({"user_id": bob_id, "sort_by_price": true, "limit": 1})));
    assert_eq!(
        (paged["gifts"][0]["gift"]["star_count"].as_i64(), paged["next_offset"].as_str()),
        (Some(15), Some("1"))
    );
    let rest = ok(server.call(&bot, "getUserGifts", json!({"user_id": bob_id, "offset": "1", "limit": 0})));
    assert_eq!(rest["gifts"].as_array().unwrap().len(), 1);
    assert!(rest.get("next_offset").is_none());
    assert_eq!(refused(&server, &bot, "getUserGifts", json!({})), "Bad Request: invalid user_id specified");

    // Removed from the catalogue: sold no more, still owned.
    assert_eq!(operator(&server, "deleteGift", json!({"gift_id": heart["id"]})), true);
    assert_eq!(
        refused(&server, &bot, "sendGift", json!({"gift_id": heart["id"], "user_id": alice_id})),
        "Bad Request: STARGIFT_INVALID"
    );
    assert_eq!(ok(server.user_call(&bob, "getGifts", json!({})))["total_count"], 2);
}

#[test]
fn a_bot_gives_premium_for_the_platforms_price_and_the_person_is_premium_for_the_period() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "premium_gift_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let premium = |months: i64, stars: i64| json!({"user_id": alice_id, "month_count": months, "star_count": stars});

    assert_eq!(refused(&server, &bot, "giftPremiumSubscription", json!({})), "Bad Request: invalid user_id specified");
    let unknown = json!({"user_id": 7, "month_count": 3, "star_count": 1000});
    assert_eq!(refused(&server, &bot, "giftPremiumSubscription", unknown), "Bad Request: user not found");
    assert_eq!(
        refused(&server, &bot, "giftPremiumSubscription", premium(3, 0)),
        "Bad Request: invalid amount of the currency specified"
    );
    assert_eq!(refused(&server, &bot, "giftPremiumSubscription", premium(5, 1000)), "Bad Request: MONTH_INVALID");
    assert_eq!(
        refused(&server, &bot, "giftPremiumSubscription", premium(3, 1500)),
        "Bad Request: wrong Premium subscription price specified"
    );
    assert_eq!(refused(&server, &bot, "giftPremiumSubscription", premium(3, 1000)), "Bad Request: BALANCE_TOO_LOW");

    operator(&server, "grantStars", json!({"bot_id": bot_id, "amount": 1200}));
    assert_eq!(ok(server.call(&bot, "giftPremiumSubscription", premium(3, 1000))), true);
    assert_eq!(balance(&server, &bot), 200);
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"].clone();
    let bought = &ledger.as_array().unwrap().last().unwrap()["receiver"];
    assert_eq!(bought["transaction_type"], "premium_purchase");
    assert_eq!(bought["premium_subscription_duration"], 3);
    assert_eq!(bought["user"]["is_premium"], true);

    // Everyone sees Alice as Premium now: her own app, and the bot she writes to.
    assert_eq!(ok(server.user_call(&alice, "getMe", json!({})))["is_premium"], true);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "thanks"})));
    let updates = ok(server.call(&bot, "getUpdates", json!({"timeout": 0})));
    assert_eq!(updates[0]["message"]["from"]["is_premium"], true);
}

/// 20 buyers race for the last 5 of a limited edition with Stars for 12: exactly 5 are sold,
/// each paid once, each owned once.
#[test]
fn a_limited_edition_is_never_oversold_and_no_star_is_lost_under_concurrency() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "rush_gift_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let gift = operator(&server, "setGift", json!({"star_count": 10, "total_count": 5}));
    let gift_id = gift["gift_id"].as_str().unwrap().to_owned();
    operator(&server, "grantStars", json!({"bot_id": bot_id, "amount": 120}));

    let body = json!({"gift_id": gift_id, "user_id": alice_id});
    let results: Vec<(u16, String)> =
        crate::at_once(&[server.api], &bot, "sendGift", &body, 20).into_iter().map(error_or_ok).collect();
    let sold = results.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(sold, 5, "{results:?}");
    assert!(results.iter().all(|(s, d)| *s == 200 || d == "Bad Request: STARGIFT_USAGE_LIMITED"), "{results:?}");
    assert_eq!(balance(&server, &bot), 70);
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"].clone();
    let purchases = ledger.as_array().unwrap().iter().filter(|t| t["receiver"]["transaction_type"] == "gift_purchase");
    assert_eq!(purchases.count(), 5);
    assert_eq!(ok(server.call(&bot, "getUserGifts", json!({"user_id": alice_id})))["total_count"], 5);
    let listed = operator(&server, "listGifts", json!({}));
    let left = listed.as_array().unwrap().iter().find(|g| g["gift_id"] == gift_id.as_str()).unwrap()["remaining_count"]
        .clone();
    assert_eq!(left, 0);
}

fn error_or_ok(response: msg_testkit::HttpResponse) -> (u16, String) {
    let status = response.status;
    (status, response.json()["description"].as_str().unwrap_or_default().to_owned())
}

/// A bot sends gifts as fast as it can; the server is killed mid-stream. After the restart
/// every Star is in the bot's balance or paid for a gift that Alice owns, with its message.
#[test]
fn kill_9_mid_gifts_leaves_each_gift_whole_or_absent() {
    const GRANTED: i64 = 100_000;
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "kill_gift_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let start = || launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let mut server = start();
    operator(&server, "grantStars", json!({"bot_id": bot_id, "amount": GRANTED}));
    let bear = gift_with(&server, &bot, "🧸");
    let price = bear["star_count"].as_i64().unwrap();

    let body = json!({"gift_id": bear["id"], "user_id": alice_id});
    let acknowledged = crate::acknowledged_until_killed(&mut server, &bot, "sendGift", &body, 30);

    let server = start();
    let left = balance(&server, &bot);
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({"limit": 100})))["transactions"].clone();
    let bought =
        ledger.as_array().unwrap().iter().filter(|t| t["receiver"]["transaction_type"] == "gift_purchase").count();
    assert!(bought >= acknowledged && bought <= acknowledged + 1, "{bought} bought, {acknowledged} acknowledged");
    assert_eq!(left + bought as i64 * price, GRANTED, "no Star lost or made");
    assert_eq!(ok(server.user_call(&alice, "getGifts", json!({})))["total_count"], bought);
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id, "limit": 100})));
    let messages = history.as_array().unwrap().iter().filter(|m| m.get("gift").is_some()).count();
    assert_eq!(messages, bought, "each gift has its message");
}
