//! Business accounts (issue 41): a person connects a bot in business mode with the rights they
//! choose, and the bot manages the account within them (name, username, bio, photo, gift
//! settings, Stars, gifts), hearing of each change of the connection; both sides, each right,
//! and bad input in the reference's words and order.

use msg_testkit::Server;
use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, ok, refused};

const KEY: &str = "business-operator-key";

fn business_mode(root: &std::path::Path, username: &str) {
    let (status, _, err) = launch(root).arg("bot").arg("set").arg(username).arg("--business").arg("on").run();
    assert!(status.success(), "{err}");
}

/// Every update the bot has now, acknowledged.
fn updates(server: &Server, bot: &str) -> Vec<Value> {
    let got = ok(server.call(bot, "getUpdates", json!({"timeout": 0})));
    let list = got.as_array().unwrap().clone();
    if let Some(last) = list.last() {
        ok(server.call(bot, "getUpdates", json!({"offset": last["update_id"].as_i64().unwrap() + 1, "timeout": 0})));
    }
    list
}

#[test]
fn a_person_connects_a_business_bot_which_manages_their_account_within_its_rights() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "desk_business_bot");
    let other = create_bot(root.path(), "rival_business_bot");
    let plain = create_bot(root.path(), "plain_helper_bot");
    business_mode(root.path(), "desk_business_bot");
    business_mode(root.path(), "rival_business_bot");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let (bot_id, other_id, alice_id) = (id_of(&bot), id_of(&other), id_of(&alice));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    assert_eq!(updates(&server, &bot).len(), 1, "the /start");
    assert_eq!(ok(server.call(&bot, "getMe", json!({})))["can_connect_to_business"], true);
    assert_eq!(ok(server.call(&plain, "getMe", json!({})))["can_connect_to_business"], false);

    // Only a bot in business mode can be connected.
    let refusal = server.user_call(&alice, "connectBusinessBot", json!({"bot_id": id_of(&plain)}));
    assert_eq!(error(refusal).1, "Bad Request: BOT_BUSINESS_MISSING");
    assert_eq!(ok(server.user_call(&alice, "getBusinessConnection", json!({}))), Value::Null);

    // Alice connects the bot, allowing her name and her Stars to be seen; it is told.
    let rights =
        json!({"can_reply": true, "can_edit_name": true, "can_view_gifts_and_stars": true, "can_edit_bio": false});
    let connected =
        ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id, "rights": rights.to_string()})));
    let id = connected["id"].as_str().unwrap().to_owned();
    assert_eq!(
        connected["rights"],
        json!({"can_reply": true, "can_edit_name": true, "can_view_gifts_and_stars": true})
    );
    let told = updates(&server, &bot);
    let connection = &told[0]["business_connection"];
    assert_eq!(connection["id"], id.as_str());
    assert_eq!(connection["user"]["id"], alice_id);
    assert_eq!(connection["user_chat_id"], alice_id);
    assert_eq!(connection["is_enabled"], true);
    assert_eq!(connection["rights"], connected["rights"]);
    assert_eq!(ok(server.call(&bot, "getBusinessConnection", json!({"business_connection_id": id}))), *connection);

    // The reference's checks first: the parameters it reads, then the connection (unknown, or
    // another bot's), then the right.
    let named = |params: Value| refused(&server, &bot, "setBusinessAccountName", params);
    assert_eq!(named(json!({"business_connection_id": id})), "Bad Request: parameter \"first_name\" is required");
    assert_eq!(named(json!({"first_name": "A"})), "Bad Request: business connection not found");
    assert_eq!(
        refused(&server, &other, "getBusinessConnection", json!({"business_connection_id": id})),
        "Bad Request: business connection not found"
    );
    assert_eq!(
        refused(&server, &bot, "setBusinessAccountBio", json!({"business_connection_id": id, "bio": "Hi"})),
        "Bad Request: BOT_ACCESS_FORBIDDEN"
    );
    assert_eq!(
        named(json!({"business_connection_id": id, "first_name": "x".repeat(65)})),
        "Bad Request: FIRSTNAME_INVALID"
    );
    let renamed = json!({"business_connection_id": id, "first_name": "Alice", "last_name": "Shop"});
    assert_eq!(ok(server.call(&bot, "setBusinessAccountName", renamed)), true);
    let me = ok(server.user_call(&alice, "getMe", json!({})));
    assert_eq!((me["first_name"].as_str(), me["last_name"].as_str()), (Some("Alice"), Some("Shop")));

    // Stars: seen with the right, not moved without it.
    ok(crate::console::operator(&server, KEY, "grantStars", json!({"user_id": alice_id, "amount": 50})));
    let balance = ok(server.call(&bot, "getBusinessAccountStarBalance", json!({"business_connection_id": id})));
    assert_eq!(balance, json!({"amount": 50}));
    let transfer = json!({"business_connection_id": id, "star_count": 20});
    assert_eq!(
        refused(&server, &bot, "transferBusinessAccountStars", transfer.clone()),
        "Bad Request: BOT_ACCESS_FORBIDDEN"
    );

    // Alice gives more rights: the same connection, told again.
    let all = json!({"can_reply": true, "can_edit_name": true, "can_edit_bio": true, "can_edit_username": true,
        "can_edit_profile_photo": true, "can_view_gifts_and_stars": true, "can_transfer_stars": true,
        "can_change_gift_settings": true, "can_convert_gifts_to_stars": true});
    let again =
        ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id, "rights": all.to_string()})));
    assert_eq!(again["id"], id.as_str());
    assert_eq!(updates(&server, &bot)[0]["business_connection"]["rights"]["can_transfer_stars"], true);

    // Stars move to the bot in one commit, with its ledger entry.
    let zero = json!({"business_connection_id": id, "star_count": 0});
    assert_eq!(
        refused(&server, &bot, "transferBusinessAccountStars", zero),
        "Bad Request: invalid amount of Telegram Stars to transfer specified"
    );
    let too_many = json!({"business_connection_id": id, "star_count": 51});
    assert_eq!(refused(&server, &bot, "transferBusinessAccountStars", too_many), "Bad Request: BALANCE_TOO_LOW");
    assert_eq!(ok(server.call(&bot, "transferBusinessAccountStars", transfer)), true);
    assert_eq!(ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"], 20);
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 30);
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"][0].clone();
    assert_eq!(ledger["source"]["transaction_type"], "business_account_transfer");
    assert_eq!(ledger["source"]["user"]["id"], alice_id);

    // Bio and username, in Telegram's words when refused; both show in the bot's getChat.
    let bio = |text: String| json!({"business_connection_id": id, "bio": text});
    assert_eq!(refused(&server, &bot, "setBusinessAccountBio", bio("b".repeat(71))), "Bad Request: ABOUT_TOO_LONG");
    ok(server.call(&bot, "setBusinessAccountBio", bio("Open 9 to 5 <b>daily</b>".into())));
    let username = |name: &str| json!({"business_connection_id": id, "username": name});
    assert_eq!(
        refused(&server, &bot, "setBusinessAccountUsername", username("al")),
        "Bad Request: username is invalid"
    );
    assert_eq!(
        refused(&server, &bot, "setBusinessAccountUsername", username("rival_business_bot")),
        "Bad Request: USERNAME_OCCUPIED"
    );
    ok(server.call(&bot, "setBusinessAccountUsername", username("alice_shop")));
    assert_eq!(
        refused(&server, &bot, "setBusinessAccountUsername", username("alice_shop")),
        "Bad Request: USERNAME_NOT_MODIFIED"
    );
    let chat = ok(server.call(&bot, "getChat", json!({"chat_id": alice_id})));
    assert_eq!(chat["bio"], "Open 9 to 5 <b>daily</b>");
    assert_eq!(chat["username"], "alice_shop");

    // A profile photo, uploaded as the Alice's own; then removed.
    let set = msg_testkit::Multipart::new()
        .text("business_connection_id", &id)
        .text("photo", r#"{"type":"static","photo":"attach://face"}"#)
        .file("face", "face.png", "image/png", &super::files::png(320, 320))
        .post(server.api, &format!("/bot{bot}/setBusinessAccountProfilePhoto"));
    assert_eq!(ok(set), true);
    assert_eq!(ok(server.call(&bot, "getUserProfilePhotos", json!({"user_id": alice_id})))["total_count"], 1);
    ok(server.call(&bot, "removeBusinessAccountProfilePhoto", json!({"business_connection_id": id})));
    assert_eq!(ok(server.call(&bot, "getUserProfilePhotos", json!({"user_id": alice_id})))["total_count"], 0);

    // Gift settings: read as the reference reads them; a refused kind is refused to senders.
    let settings =
        |types: &str| json!({"business_connection_id": id, "show_gift_button": true, "accepted_gift_types": types});
    assert_eq!(
        refused(&server, &bot, "setBusinessAccountGiftSettings", settings("{}")),
        "Bad Request: can't find field \"unlimited_gifts\""
    );
    let no_unlimited =
        r#"{"unlimited_gifts":false,"limited_gifts":true,"unique_gifts":true,"premium_subscription":true}"#;
    ok(server.call(&bot, "setBusinessAccountGiftSettings", settings(no_unlimited)));
    let accepted = ok(server.call(&bot, "getChat", json!({"chat_id": alice_id})))["accepted_gift_types"].clone();
    assert_eq!(accepted["unlimited_gifts"], false);
    assert_eq!(accepted["gifts_from_channels"], true);
    ok(crate::console::operator(&server, KEY, "grantStars", json!({"user_id": id_of(&bob), "amount": 100})));
    let gifts = ok(server.user_call(&bob, "getAvailableGifts", json!({})))["gifts"].clone();
    let heart = gifts.as_array().unwrap().iter().find(|g| g.get("total_count").is_none()).unwrap()["id"].clone();
    let limited = gifts.as_array().unwrap().iter().find(|g| g.get("total_count").is_some()).unwrap()["id"].clone();
    let declined = server.user_call(&bob, "sendGift", json!({"gift_id": heart, "user_id": alice_id}));
    assert_eq!(error(declined).1, "Bad Request: USER_DISALLOWED_STARGIFTS");
    ok(server.user_call(&bob, "sendGift", json!({"gift_id": limited, "user_id": alice_id, "text": "for the shop"})));

    // The account's gifts, each with its owned_gift_id; Bob's may become Stars, once.
    let owned = ok(server.call(&bot, "getBusinessAccountGifts", json!({"business_connection_id": id})));
    assert_eq!(owned["total_count"], 1);
    let gift = &owned["gifts"][0];
    let owned_id = gift["owned_gift_id"].as_str().unwrap().to_owned();
    assert_eq!(gift["convert_star_count"], 100);
    let convert = json!({"business_connection_id": id, "owned_gift_id": owned_id});
    assert_eq!(ok(server.call(&bot, "convertGiftToStars", convert.clone())), true);
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 130);
    assert_eq!(refused(&server, &bot, "convertGiftToStars", convert), "Bad Request: STARGIFT_NOT_FOUND");
    let empty = json!({"business_connection_id": id, "owned_gift_id": ""});
    assert_eq!(refused(&server, &bot, "convertGiftToStars", empty), "Bad Request: invalid gift identifier specified");

    // Connecting another bot ends the first one's connection; both are told. The first still
    // reads its connection, disabled, and may do nothing with it.
    ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": other_id})));
    let ended = updates(&server, &bot);
    let gift = ended.iter().find_map(|u| u.get("business_message")).expect("Bob's gift, in Alice's chat");
    assert_eq!(gift["gift"]["text"], "for the shop");
    assert_eq!(ended.iter().find_map(|u| u.get("business_connection")).unwrap()["is_enabled"], false);
    assert_eq!(updates(&server, &other)[0]["business_connection"]["user"]["id"], alice_id);
    let stale = ok(server.call(&bot, "getBusinessConnection", json!({"business_connection_id": id})));
    assert_eq!(stale["is_enabled"], false);
    assert_eq!(
        refused(&server, &bot, "getBusinessAccountStarBalance", json!({"business_connection_id": id})),
        "Bad Request: BUSINESS_CONNECTION_INVALID"
    );
    assert_eq!(ok(server.user_call(&alice, "getBusinessConnection", json!({})))["bot"]["id"], other_id);
    assert_eq!(ok(server.user_call(&alice, "disconnectBusinessBot", json!({}))), true);
    assert_eq!(updates(&server, &other)[0]["business_connection"]["is_enabled"], false);
    assert_eq!(ok(server.user_call(&alice, "disconnectBusinessBot", json!({}))), false);
}

#[test]
fn a_business_bot_upgrades_its_persons_gifts_to_unique_ones_and_transfers_them() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "gift_keeper_bot");
    business_mode(root.path(), "gift_keeper_bot");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let (bot_id, alice_id, bob_id) = (id_of(&bot), id_of(&alice), id_of(&bob));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let operator = |method: &str, params: Value| ok(crate::console::operator(&server, KEY, method, params));
    operator("grantStars", json!({"bot_id": bot_id, "amount": 100}));
    operator("grantStars", json!({"user_id": alice_id, "amount": 100}));
    operator("grantStars", json!({"user_id": bob_id, "amount": 100}));
    let gifts = ok(server.call(&bot, "getAvailableGifts", json!({})))["gifts"].clone();
    let by_emoji =
        |emoji: &str| gifts.as_array().unwrap().iter().find(|g| g["sticker"]["emoji"] == emoji).unwrap()["id"].clone();
    // The bot pays the bear's upgrade when it sends it; Bob sends a cake and a heart.
    ok(server.call(&bot, "sendGift", json!({"gift_id": by_emoji("🧸"), "user_id": alice_id, "pay_for_upgrade": true})));
    ok(server.user_call(&bob, "sendGift", json!({"gift_id": by_emoji("🎂"), "user_id": alice_id, "text": "Enjoy"})));
    ok(server.user_call(&bob, "sendGift", json!({"gift_id": by_emoji("❤️"), "user_id": alice_id})));

    let rights = json!({"can_view_gifts_and_stars": true, "can_transfer_and_upgrade_gifts": true});
    let connected =
        ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id, "rights": rights.to_string()})));
    let id = connected["id"].as_str().unwrap().to_owned();
    let owned = || ok(server.call(&bot, "getBusinessAccountGifts", json!({"business_connection_id": id})));
    let listed = owned();
    let find = |emoji: &str| {
        let gift = listed["gifts"].as_array().unwrap().iter().find(|g| g["gift"]["sticker"]["emoji"] == emoji).cloned();
        gift.unwrap()["owned_gift_id"].as_str().unwrap().to_owned()
    };
    let (bear, cake, heart) = (find("🧸"), find("🎂"), find("❤️"));
    let upgrade =
        |gift: &str, stars: i64| json!({"business_connection_id": id, "owned_gift_id": gift, "star_count": stars});

    // Prepaid: free, and needs no right to spend Stars; then unique, numbered in its series.
    assert_eq!(refused(&server, &bot, "upgradeGift", upgrade(&bear, 25)), "Bad Request: NO_PAYMENT_NEEDED");
    assert_eq!(ok(server.call(&bot, "upgradeGift", upgrade(&bear, 0))), true);
    assert_eq!(refused(&server, &bot, "upgradeGift", upgrade(&bear, 0)), "Bad Request: STARGIFT_ALREADY_UPGRADED");
    assert_eq!(refused(&server, &bot, "upgradeGift", upgrade(&heart, 0)), "Bad Request: STARGIFT_UPGRADE_UNAVAILABLE");
    // Paid from Alice's Stars: only with can_transfer_stars, and only the upgrade's price.
    assert_eq!(refused(&server, &bot, "upgradeGift", upgrade(&cake, 0)), "Bad Request: PAYMENT_REQUIRED");
    assert_eq!(refused(&server, &bot, "upgradeGift", upgrade(&cake, 50)), "Bad Request: BOT_ACCESS_FORBIDDEN");
    let more = json!({"can_view_gifts_and_stars": true, "can_transfer_and_upgrade_gifts": true, "can_transfer_stars": true,
        "can_convert_gifts_to_stars": true});
    ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id, "rights": more.to_string()})));
    assert_eq!(refused(&server, &bot, "upgradeGift", upgrade(&cake, 40)), "Bad Request: STARS_AMOUNT_INVALID");
    assert_eq!(ok(server.call(&bot, "upgradeGift", upgrade(&cake, 50))), true);
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 50);

    let listed = owned();
    let unique: Vec<&Value> = listed["gifts"].as_array().unwrap().iter().filter(|g| g["type"] == "unique").collect();
    assert_eq!(unique.len(), 2, "{listed}");
    let cake_unique = unique.iter().find(|g| g["gift"]["base_name"] == "Cake").unwrap();
    assert_eq!(cake_unique["gift"]["name"], "Cake-1");
    assert_eq!(cake_unique["gift"]["number"], 1);
    assert!(cake_unique["gift"]["model"]["rarity_per_mille"].as_i64().unwrap() > 0);
    assert!(cake_unique["gift"]["backdrop"]["colors"]["center_color"].is_i64());
    assert_eq!(cake_unique["can_be_transferred"], true);
    assert_eq!(cake_unique["transfer_star_count"], 25);
    let only_regular =
        ok(server.call(&bot, "getBusinessAccountGifts", json!({"business_connection_id": id, "exclude_unique": true})));
    assert_eq!(only_regular["total_count"], 1);

    // A unique gift changes hands for the platform's price; a regular one does not.
    let transfer = |gift: &str, to: Value, stars: i64| json!({"business_connection_id": id, "owned_gift_id": gift, "new_owner_chat_id": to, "star_count": stars});
    assert_eq!(
        refused(&server, &bot, "transferGift", transfer(&cake, json!(""), 25)),
        "Bad Request: chat identifier is empty"
    );
    assert_eq!(
        refused(&server, &bot, "transferGift", transfer(&cake, json!("bob"), 25)),
        "Bad Request: chat identifier must be a valid Integer"
    );
    assert_eq!(
        refused(&server, &bot, "transferGift", transfer(&heart, json!(bob_id), 25)),
        "Bad Request: STARGIFT_NOT_UNIQUE"
    );
    assert_eq!(
        refused(&server, &bot, "transferGift", transfer(&cake, json!(bob_id), 0)),
        "Bad Request: PAYMENT_REQUIRED"
    );
    assert_eq!(
        refused(&server, &bot, "transferGift", transfer(&cake, json!(7), 25)),
        "Bad Request: STARGIFT_OWNER_INVALID"
    );
    assert_eq!(ok(server.call(&bot, "transferGift", transfer(&cake, json!(bob_id), 25))), true);
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 25);
    // Both changes show in Alice and Bob's chat: the upgrade, then the transfer.
    let chat = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": alice_id})));
    let told: Vec<(String, String)> = chat
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m.get("unique_gift"))
        .map(|u| (u["origin"].as_str().unwrap().to_owned(), u["gift"]["name"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(told, [("upgrade".to_owned(), "Cake-1".to_owned()), ("transfer".to_owned(), "Cake-1".to_owned())]);
    let gifted = chat.as_array().unwrap().iter().filter(|m| m.get("gift").is_some()).count();
    assert_eq!(gifted, 2, "Bob's cake and heart, each a message in their chat");
    let bobs = ok(server.user_call(&bob, "getGifts", json!({})));
    assert_eq!(bobs["gifts"][0]["type"], "unique");
    assert_eq!(bobs["gifts"][0]["gift"]["name"], "Cake-1");
    assert_eq!(bobs["gifts"][0]["sender_user"]["id"], alice_id);
    assert_eq!(owned()["total_count"], 2, "the bear and the heart stay");
    let convert = json!({"business_connection_id": id, "owned_gift_id": bear});
    assert_eq!(refused(&server, &bot, "convertGiftToStars", convert), "Bad Request: STARGIFT_CONVERT_FORBIDDEN");
}

#[test]
fn a_business_bot_sees_its_persons_private_chats_and_answers_on_their_behalf() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "front_desk_bot");
    business_mode(root.path(), "front_desk_bot");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let (bot_id, alice_id, bob_id) = (id_of(&bot), id_of(&alice), id_of(&bob));
    let server = launch(root.path()).start();
    let connected = ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id})));
    let id = connected["id"].as_str().unwrap().to_owned();
    assert_eq!(updates(&server, &bot).len(), 1, "the connection");

    // People write to each other; Alice's bot sees both sides of her chat with Bob.
    let asked = ok(server.user_call(&bob, "sendMessage", json!({"chat_id": alice_id, "text": "Open today?"})));
    assert_eq!(asked["chat"]["id"], alice_id, "Bob's chat with Alice");
    let seen = updates(&server, &bot);
    let message = &seen[0]["business_message"];
    assert_eq!(message["business_connection_id"], id.as_str());
    assert_eq!(message["chat"]["id"], bob_id, "Alice's chat with Bob, as her bot sees it");
    assert_eq!(message["from"]["id"], bob_id);
    assert_eq!(message["text"], "Open today?");

    // The bot answers as Alice: Bob sees Alice's message, sent by her bot.
    let reply = json!({"business_connection_id": id, "chat_id": bob_id, "text": "Yes, until 5",
        "reply_parameters": {"message_id": message["message_id"]}});
    let sent = ok(server.call(&bot, "sendMessage", reply));
    assert_eq!(sent["from"]["id"], alice_id);
    assert_eq!(sent["chat"]["id"], bob_id);
    assert_eq!(sent["sender_business_bot"]["id"], bot_id);
    assert_eq!(sent["business_connection_id"], id.as_str());
    assert_eq!(sent["reply_to_message"]["text"], "Open today?");
    let bobs = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": alice_id})));
    let last = bobs.as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["from"]["id"].as_i64(), last["text"].as_str()), (Some(alice_id), Some("Yes, until 5")));
    assert_eq!(last["sender_business_bot"]["id"], bot_id);
    assert!(updates(&server, &bot).is_empty(), "no update of its own message");

    // The bot edits its answer on Alice's behalf; Bob sees the edit.
    let edit = json!({"business_connection_id": id, "chat_id": bob_id, "message_id": sent["message_id"], "text": "Yes, until 6"});
    let edited = ok(server.call(&bot, "editMessageText", edit));
    assert_eq!(
        (edited["text"].as_str(), edited["business_connection_id"].as_str()),
        (Some("Yes, until 6"), Some(id.as_str()))
    );
    let bobs = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": alice_id})));
    assert_eq!(bobs.as_array().unwrap().last().unwrap()["text"], "Yes, until 6");
    let foreign =
        json!({"business_connection_id": id, "chat_id": bob_id, "message_id": asked["message_id"], "text": "x"});
    assert_eq!(refused(&server, &bot, "editMessageText", foreign), "Bad Request: message can't be edited");
    assert!(updates(&server, &bot).is_empty(), "no update of its own edit");

    // Alice's own messages and edits reach it too; so do deletions.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bob_id, "text": "See you"})));
    let own = updates(&server, &bot);
    assert_eq!(own[0]["business_message"]["from"]["id"], alice_id);
    let edit = json!({"chat_id": alice_id, "message_id": asked["message_id"], "text": "Open today? (Sat)"});
    ok(server.user_call(&bob, "editMessageText", edit));
    let edited = updates(&server, &bot);
    assert_eq!(edited[0]["edited_business_message"]["text"], "Open today? (Sat)");
    let photo = msg_testkit::Multipart::new()
        .text("business_connection_id", &id)
        .text("chat_id", &bob_id.to_string())
        .text("caption", "Our menu")
        .file("photo", "menu.png", "image/png", &super::files::png(64, 64))
        .post(server.api, &format!("/bot{bot}/sendPhoto"));
    let photo = ok(photo);
    assert_eq!((photo["from"]["id"].as_i64(), photo["caption"].as_str()), (Some(alice_id), Some("Our menu")));

    // Read marks and deletions on the person's behalf, within the rights.
    let read = json!({"business_connection_id": id, "chat_id": bob_id, "message_id": asked["message_id"]});
    assert_eq!(ok(server.call(&bot, "readBusinessMessage", read)), true);
    let chats = ok(server.user_call(&alice, "getChats", json!({})));
    let with_bob = chats.as_array().unwrap().iter().find(|c| c["chat"]["id"] == bob_id).cloned().unwrap();
    assert_eq!(with_bob["unread_count"], 0, "{with_bob}");
    let delete = |ids: Value| json!({"business_connection_id": id, "message_ids": ids});
    assert_eq!(
        refused(&server, &bot, "deleteBusinessMessages", delete(json!([sent["message_id"]]))),
        "Bad Request: BOT_ACCESS_FORBIDDEN"
    );
    let rights = json!({"can_reply": true, "can_read_messages": true, "can_delete_sent_messages": true});
    ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id, "rights": rights.to_string()})));
    updates(&server, &bot);
    assert_eq!(
        refused(&server, &bot, "deleteBusinessMessages", delete(json!([asked["message_id"]]))),
        "Bad Request: BOT_ACCESS_FORBIDDEN",
        "Bob's message is not the bot's to delete"
    );
    assert_eq!(ok(server.call(&bot, "deleteBusinessMessages", delete(json!([sent["message_id"]])))), true);
    let gone = updates(&server, &bot);
    assert_eq!(gone[0]["deleted_business_messages"]["message_ids"], json!([sent["message_id"]]));
    assert_eq!(gone[0]["deleted_business_messages"]["chat"]["id"], bob_id);
    let bobs = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": alice_id})));
    assert!(!bobs.as_array().unwrap().iter().any(|m| m["message_id"] == sent["message_id"]), "deleted for Bob too");

    // Refusals in the reference's order and words.
    let send = |chat: Value| json!({"business_connection_id": id, "chat_id": chat, "text": "x"});
    assert_eq!(
        refused(&server, &bot, "sendMessage", send(json!("@bob"))),
        "Bad Request: chat identifier must be a valid Integer"
    );
    assert_eq!(
        refused(&server, &bot, "sendMessage", send(json!(alice_id))),
        "Bad Request: messages must not be sent to self"
    );
    assert_eq!(refused(&server, &bot, "sendMessage", send(json!(-42))), "Bad Request: chat must be a private chat");
    let unknown = json!({"business_connection_id": "nope", "chat_id": bob_id, "text": "x"});
    assert_eq!(refused(&server, &bot, "sendMessage", unknown), "Bad Request: business connection not found");
    ok(server.user_call(
        &alice,
        "connectBusinessBot",
        json!({"bot_id": bot_id, "rights": json!({"can_read_messages": true}).to_string()}),
    ));
    assert_eq!(refused(&server, &bot, "sendMessage", send(json!(bob_id))), "Bad Request: BOT_ACCESS_FORBIDDEN");

    // Disconnected: the bot sees her chats no more.
    ok(server.user_call(&alice, "disconnectBusinessBot", json!({})));
    updates(&server, &bot);
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": alice_id, "text": "Hello?"})));
    assert!(updates(&server, &bot).is_empty());
}

#[test]
fn a_business_bot_sends_a_checklist_that_people_tick_and_extend() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "todo_desk_bot");
    business_mode(root.path(), "todo_desk_bot");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let (bot_id, alice_id, bob_id) = (id_of(&bot), id_of(&alice), id_of(&bob));
    let server = launch(root.path()).start();
    let connected = ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id})));
    let id = connected["id"].as_str().unwrap().to_owned();
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": alice_id, "text": "What do I bring?"})));
    updates(&server, &bot);

    // The reference reads the checklist first; checklists go only on behalf of an account.
    let list = json!({"title": "<b>Picnic</b>", "parse_mode": "HTML", "others_can_mark_tasks_as_done": true,
        "tasks": [{"id": 1, "text": "Bread"}, {"id": 2, "text": "Cheese"}]});
    assert_eq!(refused(&server, &bot, "sendChecklist", json!({})), "Bad Request: parameter \"checklist\" is required");
    assert_eq!(
        refused(&server, &bot, "sendChecklist", json!({"checklist": "{}", "chat_id": bob_id})),
        "Bad Request: can't parse InputChecklist: Can't find field \"title\""
    );
    let as_bot = json!({"checklist": list.to_string(), "chat_id": bob_id});
    assert_eq!(refused(&server, &bot, "sendChecklist", as_bot), "Bad Request: business connection not found");
    let send = json!({"business_connection_id": id, "chat_id": bob_id, "checklist": list.to_string()});
    let sent = ok(server.call(&bot, "sendChecklist", send));
    assert_eq!(sent["checklist"]["title"], "Picnic");
    assert_eq!(sent["checklist"]["title_entities"], json!([{"type": "bold", "offset": 0, "length": 6}]));
    assert_eq!(sent["from"]["id"], alice_id);
    assert_eq!(sent["sender_business_bot"]["id"], bot_id);
    let message_id = sent["message_id"].clone();

    // Bob ticks a task: the checklist changes and a service message says so, in one act; the
    // bot sees both in Alice's chat.
    let ticked = ok(server.user_call(
        &bob,
        "markChecklistTasksAsDone",
        json!({"chat_id": alice_id, "message_id": message_id, "marked_as_done_task_ids": "[1]"}),
    ));
    assert_eq!(ticked["checklist_message_id"], message_id);
    let seen = updates(&server, &bot);
    let edited = seen.iter().find_map(|u| u.get("edited_business_message")).unwrap();
    assert_eq!(edited["checklist"]["tasks"][0]["completed_by_user"]["id"], bob_id);
    assert!(edited["checklist"]["tasks"][1].get("completion_date").is_none());
    let done = seen.iter().find_map(|u| u.get("business_message")).unwrap();
    assert_eq!(done["checklist_tasks_done"]["marked_as_done_task_ids"], json!([1]));
    assert_eq!(done["reply_to_message"]["message_id"], message_id);

    // Others may not add tasks to this one; the bot edits it, keeping what was done.
    let more = json!({"chat_id": alice_id, "message_id": message_id, "tasks": r#"[{"id": 3, "text": "Juice"}]"#});
    let refusal = server.user_call(&bob, "addChecklistTasks", more);
    assert_eq!(error(refusal).1, "Bad Request: tasks can be added to the checklist by its sender only");
    let longer = json!({"title": "Picnic", "others_can_add_tasks": true, "others_can_mark_tasks_as_done": true,
        "tasks": [{"id": 1, "text": "Bread"}, {"id": 2, "text": "Cheese"}, {"id": 3, "text": "Juice"}]});
    let edit = json!({"business_connection_id": id, "chat_id": bob_id, "message_id": message_id, "checklist": longer.to_string()});
    let edited = ok(server.call(&bot, "editMessageChecklist", edit));
    assert_eq!(edited["checklist"]["tasks"].as_array().unwrap().len(), 3);
    assert_eq!(edited["checklist"]["tasks"][0]["completed_by_user"]["id"], bob_id, "done stays done");
    assert_eq!(edited["business_connection_id"], id.as_str());
    let added = json!({"chat_id": alice_id, "message_id": message_id, "tasks": r#"[{"id": 3, "text": "Again"}]"#});
    assert_eq!(error(server.user_call(&bob, "addChecklistTasks", added)).1, "Bad Request: TODO_ITEM_DUPLICATE");
    let added = json!({"chat_id": alice_id, "message_id": message_id, "tasks": r#"[{"id": 4, "text": "Plates"}]"#});
    ok(server.user_call(&bob, "addChecklistTasks", added));
    let history = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": alice_id})));
    let checklist = history.as_array().unwrap().iter().find(|m| m["message_id"] == message_id).unwrap().clone();
    assert_eq!(checklist["checklist"]["tasks"].as_array().unwrap().len(), 4);
    let last = history.as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["checklist_tasks_added"]["tasks"][0]["text"], "Plates");
}

/// Stars moved from a business account to its bot are conserved: many transfers at once never
/// overdraw the account, and a kill -9 mid-stream leaves each transfer whole or absent.
#[test]
fn business_stars_transfers_are_conserved_under_concurrency_and_kill_9() {
    const GRANTED: i64 = 150;
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "star_keeper_bot");
    business_mode(root.path(), "star_keeper_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let start = || launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let mut server = start();
    ok(crate::console::operator(&server, KEY, "grantStars", json!({"user_id": alice_id, "amount": GRANTED})));
    let rights = json!({"can_transfer_stars": true}).to_string();
    let connected = ok(server.user_call(&alice, "connectBusinessBot", json!({"bot_id": bot_id, "rights": rights})));
    let id = connected["id"].as_str().unwrap().to_owned();

    // 20 transfers of 10 at once from 150: exactly 15 go through.
    let body = json!({"business_connection_id": id, "star_count": 10});
    let statuses: Vec<u16> = crate::at_once(&[server.api], &bot, "transferBusinessAccountStars", &body, 20)
        .iter()
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 15, "{statuses:?}");
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 0);
    assert_eq!(ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"], 150);

    // One Star at a time until the server is killed: after the restart every Star is on one side.
    ok(crate::console::operator(&server, KEY, "grantStars", json!({"user_id": alice_id, "amount": 1000})));
    let body = json!({"business_connection_id": id, "star_count": 1});
    let acknowledged = crate::acknowledged_until_killed(&mut server, &bot, "transferBusinessAccountStars", &body, 30);
    let server = start();
    let held = ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"].as_i64().unwrap();
    let earned = ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"].as_i64().unwrap();
    assert_eq!(held + earned, GRANTED + 1000, "no Star lost or made");
    let moved = earned - 150;
    assert!(
        moved >= acknowledged as i64 && moved <= acknowledged as i64 + 1,
        "{moved} moved, {acknowledged} acknowledged"
    );
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({"limit": 100})))["transactions"].clone();
    let entries: i64 = ledger.as_array().unwrap().iter().map(|t| t["amount"].as_i64().unwrap()).sum();
    assert_eq!(entries, earned, "the ledger is the bot's balance");
}
