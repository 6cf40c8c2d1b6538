//! Payments on the embedded platform: a bot's invoice checked as the reference and the platform
//! check it, paid by a person through the test provider (shipping query, tip, pre-checkout query,
//! `successful_payment`), refused by the bot, and not answered in time.

use msg_testkit::{Server, poll_until};
use serde_json::{Value, json};

use crate::{Started, error, next_update, ok, started};

const PROVIDER: &str = "284685063:TEST:c2hvcA";

/// `payInvoice` in a thread of its own (it waits for the bot's answers).
fn paying(server: &Server, person: &str, params: Value) -> std::thread::JoinHandle<msg_testkit::HttpResponse> {
    crate::waiting(server, person, "payInvoice", params)
}

/// What a bot was handed, by what it tells of (a charge id, a paid media payload): the update ids
/// that told it (one update may be handed twice across a kill, under one id; two ids would be two
/// updates for one act).
type Told = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<String, std::collections::BTreeSet<i64>>>>;

/// Notes in `told` what `update` tells of, if it is a `successful_payment` or a
/// `purchased_paid_media`.
fn note(told: &Told, update: &Value) {
    let id = update["update_id"].as_i64().unwrap();
    let what = update["message"]["successful_payment"]["telegram_payment_charge_id"]
        .as_str()
        .or_else(|| update["purchased_paid_media"]["paid_media_payload"].as_str());
    if let Some(what) = what {
        told.lock().unwrap().entry(what.to_owned()).or_default().insert(id);
    }
}

/// Every update a bot's queue still holds, noted in `told` and confirmed.
fn drain(server: &Server, bot: &str, told: &Told) {
    let mut offset = 0;
    loop {
        let updates = ok(server.call(bot, "getUpdates", json!({"offset": offset, "timeout": 0})));
        let Some(last) = updates.as_array().unwrap().last() else { break };
        offset = last["update_id"].as_i64().unwrap() + 1;
        updates.as_array().unwrap().iter().for_each(|u| note(told, u));
    }
}

/// Checks that each act in `ledger` was told once, and nothing else was.
fn told_once(told: &Told, ledger: &std::collections::HashSet<String>) {
    let told = told.lock().unwrap().clone();
    let untold: Vec<&String> = ledger.iter().filter(|k| !told.contains_key(*k)).collect();
    assert!(untold.is_empty(), "paid, and the bot was never told: {untold:?}");
    let twice: Vec<(&String, &std::collections::BTreeSet<i64>)> =
        told.iter().filter(|(_, ids)| ids.len() > 1).collect();
    assert!(twice.is_empty(), "one act told in two updates: {twice:?}");
    let unpaid: Vec<&String> = told.keys().filter(|k| !ledger.contains(*k)).collect();
    assert!(unpaid.is_empty(), "the bot was told of acts the ledger does not hold: {unpaid:?}");
}

/// A bot that confirms every pre-checkout query until its server is gone, noting in `told` the
/// `successful_payment` updates it is handed.
fn confirming(api: std::net::SocketAddr, bot: String, told: Option<Told>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut offset = 0;
        loop {
            let body = json!({"offset": offset, "timeout": 1}).to_string();
            let Ok(reply) =
                msg_testkit::post(api, &format!("/bot{bot}/getUpdates"), "application/json", body.as_bytes())
            else {
                return;
            };
            if reply.status != 200 {
                return;
            }
            for update in reply.json()["result"].as_array().cloned().unwrap_or_default() {
                offset = update["update_id"].as_i64().unwrap() + 1;
                if let Some(told) = &told {
                    note(told, &update);
                }
                if let Some(id) = update["pre_checkout_query"]["id"].as_str() {
                    let answer = json!({"pre_checkout_query_id": id, "ok": true}).to_string();
                    let path = format!("/bot{bot}/answerPreCheckoutQuery");
                    if msg_testkit::post(api, &path, "application/json", answer.as_bytes()).is_err() {
                        return;
                    }
                }
            }
        }
    })
}

#[test]
fn an_invoice_is_checked_paid_with_shipping_and_a_tip_refused_and_timed_out() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("tea_shop_bot");
    let invoice = |changes: Value| {
        let mut params = json!({
            "chat_id": alice_id, "title": "Tea", "description": "A pot of green tea", "payload": "order-1",
            "provider_token": PROVIDER, "currency": "USD", "prices": json!([{"label": "Tea", "amount": 500}]).to_string(),
        });
        for (key, value) in changes.as_object().unwrap() {
            if value.is_null() {
                params.as_object_mut().unwrap().remove(key);
            } else {
                params[key] = value.clone();
            }
        }
        server.call(&bot, "sendInvoice", params)
    };
    // The reference's checks, in its order, then the platform's.
    let refused = [
        (json!({"title": null}), "parameter \"title\" is required"),
        (json!({"prices": null}), "parameter \"prices\" is required"),
        (json!({"prices": "tea"}), "can't parse prices JSON object"),
        (json!({"prices": "[]"}), "there must be at least one price"),
        (
            json!({"prices": "[{\"label\":\"\",\"amount\":5}]"}),
            "can't parse labeled price: LabeledPrice label must be non-empty",
        ),
        (json!({"prices": "[{\"label\":\"Tea\"}]"}), "can't parse labeled price: Can't find field \"amount\""),
        (json!({"max_tip_amount": "lots"}), "can't parse \"max_tip_amount\" as Number"),
        (json!({"suggested_tip_amounts": "[true]"}), "suggested tip amount must be of type Number or String"),
        (json!({"currency": "ZZZ"}), "CURRENCY_INVALID"),
        (json!({"prices": "[{\"label\":\"Tea\",\"amount\":5}]"}), "CURRENCY_TOTAL_AMOUNT_INVALID"),
        (json!({"provider_token": null}), "PAYMENT_PROVIDER_INVALID"),
        (json!({"provider_token": "284685063:LIVE:c2hvcA"}), "PAYMENT_PROVIDER_INVALID"),
        (
            json!({"prices": "[{\"label\":\"Tea\",\"amount\":500},{\"label\":\"Discount\",\"amount\":-500}]"}),
            "total price must be positive",
        ),
        (
            json!({"max_tip_amount": 100, "suggested_tip_amounts": "[50,200]"}),
            "suggested tip amount can't be bigger than max_tip_amount",
        ),
        (
            json!({"max_tip_amount": 100, "suggested_tip_amounts": "[1,2,3,4,5]"}),
            "there can be at most 4 suggested tip amounts",
        ),
        (json!({"max_tip_amount": 100, "suggested_tip_amounts": "[50,20]"}), "SUGGESTED_TIP_AMOUNTS_INVALID"),
        (json!({"payload": "x".repeat(129)}), "INVOICE_PAYLOAD_INVALID"),
        (json!({"currency": "XTR", "prices": "[{\"label\":\"Tea\",\"amount\":50}]"}), "STARS_INVOICE_INVALID"),
        (
            json!({"reply_markup": json!({"inline_keyboard": [[{"text": "Menu", "callback_data": "menu"}]]}).to_string()}),
            "REPLY_MARKUP_BUY_EMPTY",
        ),
    ];
    for (changes, description) in refused {
        assert_eq!(error(invoice(changes.clone())), (400, format!("Bad Request: {description}")), "{changes}");
    }

    // A flexible invoice that asks for a name and an address, with tips.
    let sent = ok(invoice(json!({
        "is_flexible": true, "need_name": true, "need_shipping_address": true,
        "max_tip_amount": 300, "suggested_tip_amounts": "[100,200]", "start_parameter": "tea",
    })));
    assert_eq!(
        sent["invoice"],
        json!({"title": "Tea", "description": "A pot of green tea", "start_parameter": "tea", "currency": "USD", "total_amount": 500})
    );
    let message_id = sent["message_id"].clone();
    let address = json!({"country_code": "GB", "state": "", "city": "London", "street_line1": "1 Tea St", "street_line2": "", "post_code": "E1"});
    let mut offset = 0;
    let pay_for = |message_id: &Value, extra: Value| {
        let mut params = json!({"chat_id": bot_id, "message_id": message_id, "name": "Alice", "shipping_address": address.to_string()});
        for (key, value) in extra.as_object().unwrap() {
            params[key] = value.clone();
        }
        paying(&server, &alice, params)
    };
    let pay = |extra: Value| pay_for(&message_id, extra);
    let options = json!([
        {"id": "post", "title": "Post", "prices": [{"label": "Post", "amount": 100}]},
        {"id": "fast", "title": "Courier", "prices": [{"label": "Courier", "amount": 200}, {"label": "Insurance", "amount": 50}]},
    ]);

    // Without a name the invoice cannot be paid.
    let missing = server.user_call(&alice, "payInvoice", json!({"chat_id": bot_id, "message_id": message_id}));
    assert_eq!(error(missing), (400, "Bad Request: the invoice asks for name".into()));

    // First the person sees the shipping options the bot gives for the address.
    let choosing = pay(json!({}));
    let query = next_update(&server, &bot, &mut offset, "shipping_query");
    assert_eq!(query["invoice_payload"], "order-1");
    assert_eq!(query["shipping_address"], address);
    assert_eq!(query["from"]["id"], alice_id);
    let bad = server.call(
        &bot,
        "answerShippingQuery",
        json!({"shipping_query_id": query["id"], "ok": true, "shipping_options": "[]"}),
    );
    assert_eq!(error(bad), (400, "Bad Request: there must be at least one shipping option".into()));
    let bad = server.call(&bot, "answerShippingQuery", json!({"shipping_query_id": query["id"], "ok": false}));
    assert_eq!(error(bad), (400, "Bad Request: parameter \"error_message\" is required".into()));
    let answer = json!({"shipping_query_id": query["id"], "ok": true, "shipping_options": options.to_string()});
    ok(server.call(&bot, "answerShippingQuery", answer));
    let chosen = ok(choosing.join().unwrap());
    // The bot's answer to each later shipping query: the same options.
    let offer_options = |offset: &mut i64| {
        let query = next_update(&server, &bot, offset, "shipping_query");
        let answer = json!({"shipping_query_id": query["id"], "ok": true, "shipping_options": options.to_string()});
        ok(server.call(&bot, "answerShippingQuery", answer));
    };
    assert_eq!(chosen, json!({"paid": false, "stage": "shipping_option", "shipping_options": options}));

    // Then pays with the courier and a tip: shipping query again, then the pre-checkout query.
    let payment = pay(json!({"shipping_option_id": "fast", "tip_amount": 200}));
    offer_options(&mut offset);
    let checkout = next_update(&server, &bot, &mut offset, "pre_checkout_query");
    assert_eq!(checkout["currency"], "USD");
    assert_eq!(checkout["total_amount"], 500 + 250 + 200, "prices, the courier's prices and the tip");
    assert_eq!(checkout["invoice_payload"], "order-1");
    assert_eq!(checkout["shipping_option_id"], "fast");
    assert_eq!(checkout["order_info"], json!({"name": "Alice", "shipping_address": address}));
    let stolen = server.call(&bot, "answerPreCheckoutQuery", json!({"pre_checkout_query_id": "12345", "ok": true}));
    assert_eq!(
        error(stolen),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into())
    );
    ok(server.call(&bot, "answerPreCheckoutQuery", json!({"pre_checkout_query_id": checkout["id"], "ok": true})));
    let paid = ok(payment.join().unwrap());
    assert_eq!(paid["paid"], true, "{paid}");
    let receipt = &paid["message"]["successful_payment"];
    assert_eq!(receipt["total_amount"], 950);
    assert_eq!(receipt["invoice_payload"], "order-1");
    assert!(receipt["telegram_payment_charge_id"].as_str().is_some_and(|c| !c.is_empty()));
    assert!(receipt["provider_payment_charge_id"].as_str().is_some_and(|c| !c.is_empty()));
    let seen = next_update(&server, &bot, &mut offset, "message");
    assert_eq!(seen["successful_payment"], *receipt, "the bot sees the payment in the chat");
    assert_eq!(seen["from"]["id"], alice_id);

    // The bot refuses (another invoice: this one is paid): the person is shown its words and
    // nothing is paid.
    let flexible = json!({"is_flexible": true, "need_name": true, "need_shipping_address": true});
    let another = ok(invoice(flexible))["message_id"].clone();
    let payment = pay_for(&another, json!({"shipping_option_id": "post"}));
    offer_options(&mut offset);
    let checkout = next_update(&server, &bot, &mut offset, "pre_checkout_query");
    let refusal = json!({"pre_checkout_query_id": checkout["id"], "ok": false, "error_message": "Out of green tea"});
    ok(server.call(&bot, "answerPreCheckoutQuery", refusal));
    let refused = ok(payment.join().unwrap());
    assert_eq!(refused, json!({"paid": false, "stage": "pre_checkout", "error_message": "Out of green tea"}));

    // An invoice the bot does not confirm in time: not paid, and its late answer is refused.
    let plain = ok(invoice(json!({})));
    let late = paying(&server, &alice, json!({"chat_id": bot_id, "message_id": plain["message_id"], "timeout": 1}));
    let checkout = next_update(&server, &bot, &mut offset, "pre_checkout_query");
    assert_eq!((checkout["currency"].clone(), checkout["total_amount"].clone()), (json!("USD"), json!(500)));
    assert!(checkout.get("order_info").is_none() && checkout.get("shipping_option_id").is_none(), "{checkout}");
    let unanswered = ok(late.join().unwrap());
    assert_eq!(unanswered["paid"], false);
    assert_eq!(unanswered["stage"], "pre_checkout");
    let too_late =
        server.call(&bot, "answerPreCheckoutQuery", json!({"pre_checkout_query_id": checkout["id"], "ok": true}));
    assert_eq!(
        error(too_late),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into())
    );
    // Nothing else reached the chat: one successful payment only.
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let payments = history.as_array().unwrap().iter().filter(|m| !m["successful_payment"].is_null()).count();
    assert_eq!(payments, 1);
}

#[test]
fn stars_move_whole_between_a_person_and_a_bot_an_invoice_is_paid_once_and_a_refund_gives_them_back() {
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "star_shop_bot");
    let alice = crate::create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (crate::id_of(&bot), crate::id_of(&alice));
    let (server, key) = crate::console::console_server(root.path());
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let stars = |token: &str| ok(server.user_call(token, "getStarBalance", json!({})))["amount"].clone();
    assert_eq!(stars(&alice), 0);
    assert_eq!(ok(server.call(&bot, "getMyStarBalance", json!({}))), json!({"amount": 0}));
    // The operator grants Alice Stars (as if she bought them).
    let refused = crate::console::operator(&server, &key, "grantStars", json!({"user_id": alice_id, "amount": 0}));
    assert_eq!(error(refused).0, 400);
    let granted = ok(crate::console::operator(&server, &key, "grantStars", json!({"user_id": alice_id, "amount": 70})));
    assert_eq!(granted, json!({"user_id": alice_id, "balance": 70}));

    let invoice = |amount: i64| {
        let prices = json!([{"label": "Sticker pack", "amount": amount}]).to_string();
        let params = json!({"chat_id": alice_id, "title": "Pack", "description": "Stickers", "payload": format!("pack-{amount}"), "currency": "XTR", "prices": prices});
        ok(server.call(&bot, "sendInvoice", params))
    };
    let mut offset = 0;
    // Too dear: refused before the bot is asked.
    let dear = invoice(100);
    let answer =
        ok(server.user_call(&alice, "payInvoice", json!({"chat_id": bot_id, "message_id": dear["message_id"]})));
    assert_eq!(
        answer,
        json!({"paid": false, "stage": "balance", "error_message": "not enough Stars: 100 needed, 70 held"})
    );

    // Paid: 50 Stars move from Alice to the bot, in the ledger with the payment's charge id.
    let cheap = invoice(50);
    let payment = paying(&server, &alice, json!({"chat_id": bot_id, "message_id": cheap["message_id"]}));
    let checkout = next_update(&server, &bot, &mut offset, "pre_checkout_query");
    ok(server.call(&bot, "answerPreCheckoutQuery", json!({"pre_checkout_query_id": checkout["id"], "ok": true})));
    let paid = ok(payment.join().unwrap());
    let charge = paid["message"]["successful_payment"]["telegram_payment_charge_id"].clone();
    assert_eq!(paid["message"]["successful_payment"]["currency"], "XTR");
    assert_eq!(
        (stars(&alice), ok(server.call(&bot, "getMyStarBalance", json!({})))),
        (json!(20), json!({"amount": 50}))
    );
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({})));
    let transactions = ledger["transactions"].as_array().unwrap();
    assert_eq!(transactions.len(), 1);
    assert_eq!(transactions[0]["id"], charge);
    assert_eq!(transactions[0]["amount"], 50);
    assert_eq!(transactions[0]["source"]["type"], "user");
    assert_eq!(transactions[0]["source"]["transaction_type"], "invoice_payment");
    assert_eq!(transactions[0]["source"]["user"]["id"], alice_id);
    assert_eq!(transactions[0]["source"]["invoice_payload"], "pack-50");

    // An invoice is paid once: paying it again (a retry) changes nothing.
    let again = server.user_call(&alice, "payInvoice", json!({"chat_id": bot_id, "message_id": cheap["message_id"]}));
    assert_eq!(error(again), (400, "Bad Request: the invoice is paid already".into()));
    assert_eq!(stars(&alice), 20);

    // The refund: checked, then both balances, the ledger and the message move together.
    let refund = |params: Value| server.call(&bot, "refundStarPayment", params);
    assert_eq!(
        error(refund(json!({"telegram_payment_charge_id": charge}))),
        (400, "Bad Request: invalid user_id specified".into())
    );
    assert_eq!(
        error(refund(json!({"user_id": alice_id}))),
        (400, "Bad Request: parameter \"telegram_payment_charge_id\" is required".into())
    );
    assert_eq!(
        error(refund(json!({"user_id": alice_id, "telegram_payment_charge_id": "nope"}))),
        (400, "Bad Request: CHARGE_NOT_FOUND".into())
    );
    assert_eq!(ok(refund(json!({"user_id": alice_id, "telegram_payment_charge_id": charge}))), json!(true));
    assert_eq!(
        error(refund(json!({"user_id": alice_id, "telegram_payment_charge_id": charge}))),
        (400, "Bad Request: CHARGE_ALREADY_REFUNDED".into())
    );
    assert_eq!(
        (stars(&alice), ok(server.call(&bot, "getMyStarBalance", json!({})))),
        (json!(70), json!({"amount": 0}))
    );
    let refunded = next_update(&server, &bot, &mut offset, "message");
    let refunded = if refunded["refunded_payment"].is_null() {
        next_update(&server, &bot, &mut offset, "message")
    } else {
        refunded
    };
    assert_eq!(
        refunded["refunded_payment"],
        json!({"currency": "XTR", "total_amount": 50, "invoice_payload": "pack-50", "telegram_payment_charge_id": charge})
    );
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({"offset": 1, "limit": 5})));
    assert_eq!(ledger["transactions"].as_array().unwrap().len(), 1, "the refund, after the payment");
    assert_eq!(ledger["transactions"][0]["id"], charge, "a refund carries its payment's id");
    assert_eq!(ledger["transactions"][0]["receiver"]["user"]["id"], alice_id);
    assert_eq!(ledger["transactions"][0]["amount"], 50);

    // All of it survives a restart.
    drop(server);
    let server = crate::launch(root.path()).start();
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 70);
    assert_eq!(ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"].as_array().unwrap().len(), 2);
}

#[test]
fn an_invoice_link_is_paid_by_whoever_opens_it_each_in_their_chat_with_the_bot() {
    let Started { root, server, bot, alice, bot_id, alice_id } = started("link_shop_bot");
    let bob = crate::create_user(root.path(), "Bob");
    let bob_id = crate::id_of(&bob);
    let params = json!({"title": "Tea", "description": "A pot of tea", "payload": "link-1", "provider_token": PROVIDER,
        "currency": "EUR", "prices": json!([{"label": "Tea", "amount": 400}]).to_string(), "send_email_to_provider": true});
    let refused = server.call(&bot, "createInvoiceLink", json!({"currency": "EUR"}));
    assert_eq!(error(refused), (400, "Bad Request: parameter \"title\" is required".into()));
    let mut monthly = params.clone();
    monthly["subscription_period"] = json!(2592000);
    assert_eq!(error(server.call(&bot, "createInvoiceLink", monthly)).0, 400);
    let link = ok(server.call(&bot, "createInvoiceLink", params));
    let link = link.as_str().unwrap().to_owned();
    assert!(link.starts_with("https://t.me/$") && link.len() > 20, "{link}");

    let mut offset = 0;
    let unknown = server.user_call(&alice, "payInvoice", json!({"invoice_link": "https://t.me/$nothing"}));
    assert_eq!(error(unknown), (400, "Bad Request: INVOICE_INVALID".into()));
    // Sending the e-mail to the provider asks for it.
    let no_email = server.user_call(&alice, "payInvoice", json!({"invoice_link": link}));
    assert_eq!(error(no_email), (400, "Bad Request: the invoice asks for email".into()));
    for (person, id, times) in [(&alice, alice_id, 2), (&bob, bob_id, 1)] {
        for _ in 0..times {
            let payment = paying(&server, person, json!({"invoice_link": link, "email": "tea@example.com"}));
            let checkout = next_update(&server, &bot, &mut offset, "pre_checkout_query");
            assert_eq!(checkout["from"]["id"], id);
            assert_eq!(checkout["order_info"], json!({"email": "tea@example.com"}));
            ok(server.call(
                &bot,
                "answerPreCheckoutQuery",
                json!({"pre_checkout_query_id": checkout["id"], "ok": true}),
            ));
            let paid = ok(payment.join().unwrap());
            assert_eq!(paid["paid"], true, "{paid}");
            assert_eq!(paid["message"]["chat"]["id"], bot_id, "in the person's chat with the bot");
            let seen = next_update(&server, &bot, &mut offset, "message");
            assert_eq!(seen["chat"]["id"], id);
            assert_eq!(seen["successful_payment"]["total_amount"], 400);
        }
    }
}

/// Money is never lost or doubled: a person pays a bot in Stars as fast as the bot confirms,
/// the server is killed mid-stream, and after the restart every Star is somewhere, every
/// acknowledged payment is in the ledger once, and each payment in the ledger has its receipt.
#[test]
fn kill_9_mid_payments_leaves_each_payment_whole_or_absent() {
    const KEY: &str = "payments-kill-9-operator-key";
    const GRANTED: i64 = 1_000_000;
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "kill_shop_bot");
    let alice = crate::create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (crate::id_of(&bot), crate::id_of(&alice));
    let launch = || crate::launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY);
    let mut server = launch().start();
    ok(crate::console::operator(&server, KEY, "grantStars", json!({"user_id": alice_id, "amount": GRANTED})));
    let prices = json!([{"label": "A Star", "amount": 1}]).to_string();
    let link = ok(server.call(
        &bot,
        "createInvoiceLink",
        json!({"title": "Star", "description": "One Star", "payload": "star", "currency": "XTR", "prices": prices}),
    ));

    // The bot confirms every payment until the server is gone.
    let confirming = confirming(server.api, bot.clone(), None);
    // Alice pays as fast as the bot confirms; each `paid: true` is a promise.
    let (paid_tx, paid_rx) = std::sync::mpsc::channel::<String>();
    let paying = {
        let (api, alice, link) = (server.api, alice.clone(), link.clone());
        std::thread::spawn(move || {
            loop {
                let body = json!({"invoice_link": link}).to_string();
                match msg_testkit::post(api, &format!("/user{alice}/payInvoice"), "application/json", body.as_bytes()) {
                    Ok(r) if r.status == 200 && r.json()["result"]["paid"] == true => {
                        let charge =
                            r.json()["result"]["message"]["successful_payment"]["telegram_payment_charge_id"].clone();
                        if paid_tx.send(charge.as_str().unwrap().to_owned()).is_err() {
                            return;
                        }
                    }
                    _ => return,
                }
            }
        })
    };
    let acknowledged: Vec<String> = paid_rx.iter().take(40).collect();
    server.signal("KILL");
    server.wait_exit(std::time::Duration::from_secs(5)).expect("killed");
    paying.join().unwrap();
    confirming.join().unwrap();
    let acknowledged: Vec<String> = acknowledged.into_iter().chain(paid_rx.try_iter()).collect();

    let server = launch().start();
    let held = ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"].as_i64().unwrap();
    let earned = ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"].as_i64().unwrap();
    assert_eq!(held + earned, GRANTED, "no Star lost or made");
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({"limit": 100})));
    let ids: Vec<String> =
        ledger["transactions"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(ids.len() as i64, earned, "the ledger is the bot's balance");
    for charge in &acknowledged {
        assert_eq!(ids.iter().filter(|id| *id == charge).count(), 1, "{charge} is in the ledger once");
    }
    assert!(ids.len() <= acknowledged.len() + 1, "only the payment in doubt may add one");
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id, "limit": 100})));
    let receipts: Vec<String> = history
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["successful_payment"]["telegram_payment_charge_id"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(receipts, ids, "each payment in the ledger has its receipt in the chat, in order");
}

#[test]
fn the_operator_makes_a_bots_provider_token_and_then_only_that_token_pays() {
    let Started { root, server, bot, alice_id, .. } = started("provider_bot");
    let set = |value: &str| {
        let (status, out, err) = crate::launch(root.path())
            .arg("bot")
            .arg("set")
            .arg("provider_bot")
            .arg("--payment-provider")
            .arg(value)
            .run();
        assert!(status.success(), "{err}");
        out
    };
    let out = set("test");
    let token = out.split("payment provider token ").nth(1).expect("the token is printed").trim().to_owned();
    assert!(token.split(':').nth(1) == Some("TEST"), "{token}");
    assert!(set("test").contains(&token), "asked again, the bot keeps its token");
    let invoice = |provider: &str| {
        let prices = json!([{"label": "Tea", "amount": 500}]).to_string();
        server.call(
            &bot,
            "sendInvoice",
            json!({"chat_id": alice_id, "title": "Tea", "description": "Tea", "payload": "p",
            "provider_token": provider, "currency": "USD", "prices": prices}),
        )
    };
    // A running server follows the operator at once.
    assert_eq!(error(invoice(PROVIDER)), (400, "Bad Request: PAYMENT_PROVIDER_INVALID".into()));
    ok(invoice(&token));
    assert!(!set("none").contains("payment provider token"));
    ok(invoice(PROVIDER));
}

fn photo_bytes(rgb: [u8; 3]) -> Vec<u8> {
    let mut bytes = Vec::new();
    image::RgbImage::from_pixel(400, 300, image::Rgb(rgb))
        .write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)
        .unwrap();
    bytes
}

#[test]
fn paid_media_show_previews_until_bought_with_stars_and_the_bot_learns_of_the_purchase() {
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "gallery_bot");
    let alice = crate::create_user(root.path(), "Alice");
    let bob = crate::create_user(root.path(), "Bob");
    let (bot_id, alice_id, bob_id) = (crate::id_of(&bot), crate::id_of(&alice), crate::id_of(&bob));
    let (server, key) = crate::console::console_server(root.path());
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let send = |chat: &Value, media: &str, stars: i64| {
        msg_testkit::Multipart::new()
            .text("chat_id", &chat.to_string())
            .text("star_count", &stars.to_string())
            .text("media", media)
            .text("caption", "Two *sunsets*")
            .text("parse_mode", "MarkdownV2")
            .text("payload", "sunsets-1")
            .file("a", "a.png", "image/png", &photo_bytes([250, 120, 40]))
            .file("b", "b.png", "image/png", &photo_bytes([200, 60, 90]))
            .post(server.api, &format!("/bot{bot}/sendPaidMedia"))
    };
    let two = json!([{"type": "photo", "media": "attach://a"}, {"type": "photo", "media": "attach://b"}]).to_string();
    let alice_chat = json!(alice_id);
    let refused = [
        ("x", 5, "can't parse paid media JSON object"),
        ("{}", 5, "expected an Array of InputPaidMedia"),
        (
            "[{\"type\":\"audio\",\"media\":\"attach://a\"}]",
            5,
            "can't parse InputPaidMedia: type \"audio\" is unsupported",
        ),
        ("[{\"type\":\"photo\"}]", 5, "can't parse InputPaidMedia: media not found"),
        (two.as_str(), 0, "STARS_AMOUNT_INVALID"),
        ("[]", 5, "MEDIA_INVALID"),
    ];
    for (media, stars, words) in refused {
        assert_eq!(error(send(&alice_chat, media, stars)), (400, format!("Bad Request: {words}")), "{media}");
    }
    let sent = ok(send(&alice_chat, &two, 5));
    assert_eq!(sent["paid_media"]["star_count"], 5);
    assert_eq!(sent["paid_media"]["paid_media"][0]["type"], "photo", "the bot sees its media: {sent}");
    assert_eq!(sent["caption"], "Two sunsets");
    assert_eq!(sent["caption_entities"], json!([{"type": "bold", "offset": 4, "length": 7}]));
    let message_id = sent["message_id"].clone();

    // Alice sees previews (sizes, no files) and the caption, until she pays.
    let seen = |token: &str, chat: i64, id: &Value| {
        let history = ok(server.user_call(token, "getChatHistory", json!({"chat_id": chat})));
        history.as_array().unwrap().iter().find(|m| m["message_id"] == *id).cloned().unwrap()
    };
    let before = seen(&alice, bot_id, &message_id);
    assert_eq!(before["paid_media"]["paid_media"][0], json!({"type": "preview", "width": 400, "height": 300}));
    assert!(!before.to_string().contains("file_id"), "no file reaches a person who did not pay: {before}");
    assert_eq!(before["caption"], "Two sunsets");
    let buy = |token: &str, chat: i64, id: &Value| {
        server.user_call(token, "buyPaidMedia", json!({"chat_id": chat, "message_id": id}))
    };
    let poor = ok(buy(&alice, bot_id, &message_id));
    assert_eq!((poor["paid"].as_bool(), poor["stage"].as_str()), (Some(false), Some("balance")));
    ok(crate::console::operator(&server, &key, "grantStars", json!({"user_id": alice_id, "amount": 8})));
    let bought = ok(buy(&alice, bot_id, &message_id));
    assert_eq!(bought["paid"], true, "{bought}");
    let photo = bought["message"]["paid_media"]["paid_media"][1]["photo"].clone();
    assert!(photo.as_array().is_some_and(|sizes| !sizes.is_empty()), "{bought}");
    let largest = photo.as_array().unwrap().last().unwrap()["file_id"].as_str().unwrap().to_owned();
    let file = msg_testkit::get(server.api, &format!("/user{alice}/file/{largest}")).unwrap();
    assert!(file.body == photo_bytes([200, 60, 90]), "the bought photo downloads: {}", file.status);
    assert_eq!(seen(&alice, bot_id, &message_id)["paid_media"]["paid_media"][0]["type"], "photo");
    assert_eq!(error(buy(&alice, bot_id, &message_id)), (400, "Bad Request: the paid media is bought already".into()));
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 3);
    assert_eq!(ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"], 5);
    let purchased = next_update(&server, &bot, &mut 0, "purchased_paid_media");
    assert_eq!(
        (purchased["from"]["id"].as_i64(), purchased["paid_media_payload"].as_str()),
        (Some(alice_id), Some("sunsets-1"))
    );
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({})));
    let source = &ledger["transactions"][0]["source"];
    assert_eq!(
        (source["transaction_type"].as_str(), source["paid_media_payload"].as_str()),
        (Some("paid_media_payment"), Some("sunsets-1"))
    );

    // In a group a purchase is the buyer's own; the media neither copy nor forward.
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Art", "member_ids": [bot_id, bob_id]})));
    let group_id = group["id"].as_i64().unwrap();
    let posted = ok(send(&group["id"], &two, 2));
    let id = posted["message_id"].clone();
    assert_eq!(ok(buy(&alice, group_id, &id))["paid"], true);
    assert_eq!(seen(&alice, group_id, &id)["paid_media"]["paid_media"][0]["type"], "photo");
    assert_eq!(seen(&bob, group_id, &id)["paid_media"]["paid_media"][0]["type"], "preview");
    let copy =
        server.call(&bot, "copyMessage", json!({"chat_id": alice_id, "from_chat_id": group_id, "message_id": id}));
    assert_eq!(error(copy), (400, "Bad Request: the message can't be copied".into()));
    let forward = server.user_call(
        &bob,
        "forwardMessage",
        json!({"chat_id": bot_id, "from_chat_id": group_id, "message_id": id}),
    );
    assert_eq!(error(forward).0, 400);
}

#[test]
fn a_star_subscription_renews_each_period_by_the_clock_until_the_stars_run_out_or_the_bot_cancels() {
    const OPERATOR: &str = "subscriptions-operator-key";
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "club_bot");
    let alice = crate::create_user(root.path(), "Alice");
    let bob = crate::create_user(root.path(), "Bob");
    let (alice_id, bob_id) = (crate::id_of(&alice), crate::id_of(&bob));
    let server = crate::manual_clock(root.path(), OPERATOR);
    let operator = |method: &str, params: Value| ok(crate::console::operator(&server, OPERATOR, method, params));
    operator("grantStars", json!({"user_id": alice_id, "amount": 120}));
    operator("grantStars", json!({"user_id": bob_id, "amount": 500}));
    let prices = json!([{"label": "Club", "amount": 50}]).to_string();
    let link = |params: Value| {
        let mut all = json!({"title": "Club", "description": "Monthly club", "payload": "club", "currency": "XTR", "prices": prices});
        for (k, v) in params.as_object().unwrap() {
            all[k] = v.clone();
        }
        server.call(&bot, "createInvoiceLink", all)
    };
    assert_eq!(
        error(link(json!({"subscription_period": 3600}))),
        (400, "Bad Request: SUBSCRIPTION_PERIOD_INVALID".into())
    );
    let dear = json!([{"label": "Club", "amount": 20000}]).to_string();
    let refused = link(json!({"subscription_period": 2_592_000, "prices": dear}));
    assert_eq!(error(refused), (400, "Bad Request: STARS_INVOICE_INVALID".into()));
    let url = ok(link(json!({"subscription_period": 2_592_000})));
    let form = ok(server.user_call(&alice, "getPaymentForm", json!({"invoice_link": url})));
    assert_eq!(form["subscription_period"], 2_592_000);

    // Alice and Bob subscribe; the bot accepts each pre-checkout query.
    let mut offset = 0;
    let mut subscribe = |person: &str| {
        let paying = paying(&server, person, json!({"invoice_link": url}));
        let checkout = next_update(&server, &bot, &mut offset, "pre_checkout_query");
        ok(server.call(&bot, "answerPreCheckoutQuery", json!({"pre_checkout_query_id": checkout["id"], "ok": true})));
        ok(paying.join().unwrap())
    };
    let t0 = operator("getClock", json!({}))["now"].as_i64().unwrap();
    let first = subscribe(&alice);
    let receipt = &first["message"]["successful_payment"];
    assert_eq!((receipt["is_recurring"].as_bool(), receipt["is_first_recurring"].as_bool()), (Some(true), Some(true)));
    assert_eq!(receipt["subscription_expiration_date"].as_i64(), Some(t0 + 2_592_000));
    let alice_charge = receipt["telegram_payment_charge_id"].as_str().unwrap().to_owned();
    let bobs = subscribe(&bob);
    let bob_charge = bobs["message"]["successful_payment"]["telegram_payment_charge_id"].as_str().unwrap().to_owned();
    let stars = |token: &str| ok(server.user_call(token, "getStarBalance", json!({})))["amount"].as_i64().unwrap();
    assert_eq!((stars(&alice), stars(&bob)), (70, 450));

    // The bot cancels Bob's, re-enables it, cancels it again; a wrong id is refused.
    let edit = |user: i64, charge: &str, canceled: bool| {
        server.call(
            &bot,
            "editUserStarSubscription",
            json!({"user_id": user, "telegram_payment_charge_id": charge, "is_canceled": canceled}),
        )
    };
    assert_eq!(error(edit(alice_id, &bob_charge, true)), (400, "Bad Request: CHARGE_NOT_FOUND".into()));
    for canceled in [true, false, true] {
        assert_eq!(ok(edit(bob_id, &bob_charge, canceled)), json!(true));
    }
    // Alice cancels her own and thinks again; the bot hears both (Bot API 10.2's
    // `subscription`), while its own edits above told it nothing. Nobody edits another's.
    let own = |person: &str, charge: &str, canceled: bool| {
        let params = json!({"telegram_payment_charge_id": charge, "is_canceled": canceled});
        server.user_call(person, "editStarSubscription", params)
    };
    assert_eq!(error(own(&alice, &bob_charge, true)), (400, "Bad Request: CHARGE_NOT_FOUND".into()));
    assert_eq!(ok(own(&alice, &alice_charge, true))["is_canceled"], true);
    assert_eq!(ok(own(&alice, &alice_charge, true))["is_canceled"], true, "no change, no news");
    assert_eq!(ok(own(&alice, &alice_charge, false))["is_canceled"], false);
    for state in ["canceled", "active"] {
        let news = next_update(&server, &bot, &mut offset, "subscription");
        assert_eq!(news, json!({"user": news["user"], "invoice_payload": "club", "state": state}));
        assert_eq!(news["user"]["id"].as_i64(), Some(alice_id));
    }
    // The bot's cancellation is the bot's to undo, not the payer's.
    assert_eq!(ok(edit(alice_id, &alice_charge, true)), json!(true));
    assert_eq!(ok(own(&alice, &alice_charge, false))["is_canceled_by_bot"], true);
    assert_eq!(ok(edit(alice_id, &alice_charge, false)), json!(true));
    let missing = server.user_call(&alice, "editStarSubscription", json!({"telegram_payment_charge_id": alice_charge}));
    assert_eq!(error(missing), (400, "Bad Request: parameter \"is_canceled\" is required".into()));
    let mine = ok(server.user_call(&alice, "getStarSubscriptions", json!({})));
    assert_eq!(mine.as_array().map(Vec::len), Some(1), "{mine}");
    assert_eq!(mine[0]["telegram_payment_charge_id"], alice_charge.as_str());
    assert_eq!((mine[0]["star_count"].as_i64(), mine[0]["expiration_date"].as_i64()), (Some(50), Some(t0 + 2_592_000)));

    // Thirty days on, Alice's renews (a recurring payment, not the first) and Bob's ends.
    operator("advanceClock", json!({"seconds": 2_592_001}));
    let renewed = next_update(&server, &bot, &mut offset, "message");
    let receipt = &renewed["successful_payment"];
    assert_eq!(renewed["from"]["id"].as_i64(), Some(alice_id), "{renewed}");
    assert_eq!((receipt["is_recurring"].as_bool(), receipt.get("is_first_recurring")), (Some(true), None));
    assert_eq!(receipt["subscription_expiration_date"].as_i64(), Some(t0 + 2 * 2_592_000));
    poll_until("Alice pays the second period", || stars(&alice) == 20);
    // Cancelling again changes nothing until the renewal sweep ends it.
    poll_until("Bob's cancelled subscription ends", || edit(bob_id, &bob_charge, true).status == 400);
    assert_eq!(error(edit(bob_id, &bob_charge, false)), (400, "Bad Request: SUBSCRIPTION_EXPIRED".into()));
    assert_eq!(stars(&bob), 450, "a cancelled subscription is not renewed");
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({})));
    let transactions = ledger["transactions"].as_array().unwrap();
    assert_eq!(transactions.len(), 3);
    assert!(transactions.iter().all(|t| t["source"]["subscription_period"] == 2_592_000), "{ledger}");
    assert_eq!(ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"], 150);

    // Another thirty days: Alice has 20 Stars of 50, and her subscription ends.
    operator("advanceClock", json!({"seconds": 2_592_000}));
    poll_until("Alice's subscription ends", || edit(alice_id, &alice_charge, false).status == 400);
    assert_eq!(error(edit(alice_id, &alice_charge, true)).1, "Bad Request: SUBSCRIPTION_EXPIRED");
    let failed = next_update(&server, &bot, &mut offset, "subscription");
    assert_eq!((failed["state"].as_str(), failed["user"]["id"].as_i64()), (Some("failed"), Some(alice_id)));
    let expired = own(&alice, &alice_charge, false);
    assert_eq!(error(expired), (400, "Bad Request: SUBSCRIPTION_EXPIRED".into()));
    assert_eq!(ok(server.user_call(&alice, "getStarSubscriptions", json!({})))[0]["is_ended"], true);
    assert_eq!(stars(&alice), 20);
    assert_eq!(ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"].as_array().unwrap().len(), 3);
}

#[test]
fn the_operator_grants_stars_from_the_command_line_while_no_server_runs() {
    let root = tempfile::tempdir().unwrap();
    let alice = crate::create_user(root.path(), "Alice");
    let id = crate::id_of(&alice).to_string();
    let stars = |args: &[&str]| {
        let mut command = crate::launch(root.path()).arg("user").arg("stars").arg(&id);
        for arg in args {
            command = command.arg(*arg);
        }
        command.run()
    };
    let (status, out, err) = stars(&[]);
    assert!(status.success(), "{err}");
    assert_eq!(out, format!("{id}: 0 Stars\n"));
    let (status, out, _) = stars(&["--grant", "40"]);
    assert!(status.success());
    assert_eq!(out, format!("{id}: 40 Stars\n"));
    let (status, _, err) = stars(&["--grant", "0"]);
    assert!(!status.success() && err.contains("amount must be between 1 and 1000000000"), "{err}");
    let (status, _, err) = crate::launch(root.path()).arg("user").arg("stars").arg("42").run();
    assert!(!status.success() && err.contains("no person 42 here"), "{err}");
    // A running server grants through its console: the command would race its payments.
    let server = crate::launch(root.path()).start();
    let (status, _, err) = stars(&["--grant", "5"]);
    assert!(!status.success() && err.contains("a server runs on") && err.contains("grantStars"), "{err}");
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 40);
}

/// One act, one commit: five people pay a bot in Stars from five threads, the server is killed
/// with SIGKILL after a count of acknowledged payments, three times over (in both durability
/// modes). Every payment in the ledger reached the bot as one `successful_payment` update
/// (before a kill or after the restart), and none that is not in the ledger did: a payment is
/// never applied on the payer's side while its bot is never told.
#[test]
fn kill_9_mid_payments_never_leaves_a_paid_order_untold() {
    const KEY: &str = "payments-kill-9-told-operator-key";
    const GRANTED: i64 = 100_000;
    const ROUNDS: usize = 3;
    const PAID_PER_ROUND: usize = 25;
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "told_shop_bot");
    let people: Vec<String> = (0..5).map(|i| crate::create_user(root.path(), &format!("Payer{i}"))).collect();
    // Both durability modes, round by round.
    let launch = |round: usize| {
        crate::launch(root.path())
            .env("MSG_CONSOLE", "true")
            .env("MSG_CONSOLE_TOKEN", KEY)
            .env("MSG_DURABILITY", if round.is_multiple_of(2) { "power" } else { "process" })
    };
    let mut link = String::new();
    // Every successful_payment the bot was handed, across rounds (a kill may hand one twice).
    let told = Told::default();
    for round in 0..ROUNDS {
        let mut server = launch(round).start();
        if round == 0 {
            for person in &people {
                let id = crate::id_of(person);
                ok(crate::console::operator(&server, KEY, "grantStars", json!({"user_id": id, "amount": GRANTED})));
            }
            let prices = json!([{"label": "A Star", "amount": 1}]).to_string();
            link = ok(server.call(
                &bot,
                "createInvoiceLink",
                json!({"title": "Star", "description": "One Star", "payload": "star", "currency": "XTR", "prices": prices}),
            ))
            .as_str()
            .unwrap()
            .to_owned();
        }
        let confirming = confirming(server.api, bot.clone(), Some(told.clone()));
        let (paid_tx, paid_rx) = std::sync::mpsc::channel::<()>();
        let payers: Vec<_> = people
            .iter()
            .map(|person| {
                let (api, person, link, paid_tx) = (server.api, person.clone(), link.clone(), paid_tx.clone());
                std::thread::spawn(move || {
                    loop {
                        let body = json!({"invoice_link": link}).to_string();
                        let path = format!("/user{person}/payInvoice");
                        match msg_testkit::post(api, &path, "application/json", body.as_bytes()) {
                            Ok(r) if r.status == 200 && r.json()["result"]["paid"] == true => {
                                if paid_tx.send(()).is_err() {
                                    return;
                                }
                            }
                            _ => return,
                        }
                    }
                })
            })
            .collect();
        drop(paid_tx);
        // Count-triggered: the kill comes after this many acknowledged payments.
        assert_eq!(paid_rx.iter().take(PAID_PER_ROUND).count(), PAID_PER_ROUND, "round {round}: payments go through");
        server.signal("KILL");
        server.wait_exit(std::time::Duration::from_secs(5)).expect("killed");
        drop(paid_rx);
        for payer in payers {
            payer.join().unwrap();
        }
        confirming.join().unwrap();
    }

    let server = launch(ROUNDS).start();
    // What the bot was not handed yet waits in its queue.
    drain(&server, &bot, &told);
    let earned = ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"].as_i64().unwrap();
    let mut held = 0;
    for person in &people {
        held += ok(server.user_call(person, "getStarBalance", json!({})))["amount"].as_i64().unwrap();
    }
    assert_eq!(held + earned, GRANTED * people.len() as i64, "no Star lost or made");
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({"limit": 100, "offset": 0})));
    let mut ids: Vec<String> =
        ledger["transactions"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap().to_owned()).collect();
    let mut offset = ids.len();
    while offset < earned as usize {
        let more = ok(server.call(&bot, "getStarTransactions", json!({"limit": 100, "offset": offset})));
        let more = more["transactions"].as_array().unwrap().clone();
        assert!(!more.is_empty(), "the ledger holds the bot's balance");
        offset += more.len();
        ids.extend(more.iter().map(|t| t["id"].as_str().unwrap().to_owned()));
    }
    assert_eq!(ids.len() as i64, earned, "the ledger is the bot's balance");
    let ledger: std::collections::HashSet<String> = ids.iter().cloned().collect();
    assert_eq!(ledger.len(), ids.len(), "each payment is in the ledger once");
    told_once(&told, &ledger);
    assert!(ids.len() >= ROUNDS * PAID_PER_ROUND, "every acknowledged payment is in the ledger");
}

/// The Bot API ignores what an invoice asks of its payer, and a flexible price, for payments in
/// Telegram Stars: a Stars invoice sent with them (python-telegram-bot's payment example does)
/// asks nothing, sends the bot no shipping query and charges exactly its price, by message and
/// by link.
#[test]
fn a_stars_invoice_ignores_what_only_other_currencies_ask() {
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "star_asks_bot");
    let alice = crate::create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (crate::id_of(&bot), crate::id_of(&alice));
    let (server, key) = crate::console::console_server(root.path());
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    ok(crate::console::operator(&server, &key, "grantStars", json!({"user_id": alice_id, "amount": 300})));
    let asks = json!({"title": "Pack", "description": "Stickers", "payload": "pack", "currency": "XTR",
        "prices": json!([{"label": "Pack", "amount": 100}]).to_string(),
        "need_name": true, "need_phone_number": true, "need_email": true, "need_shipping_address": true,
        "send_phone_number_to_provider": true, "send_email_to_provider": true, "is_flexible": true});
    let mut by_message = asks.clone();
    by_message["chat_id"] = json!(alice_id);
    let sent = ok(server.call(&bot, "sendInvoice", by_message));
    let link = ok(server.call(&bot, "createInvoiceLink", asks));
    let mut offset = 0;
    for paying_what in [json!({"chat_id": bot_id, "message_id": sent["message_id"]}), json!({"invoice_link": link})] {
        let form = ok(server.user_call(&alice, "getPaymentForm", paying_what.clone()));
        for field in ["need_name", "need_phone_number", "need_email", "need_shipping_address", "is_flexible"] {
            assert_eq!(form[field], false, "{field} of a Stars invoice: {form}");
        }
        // Paid with no order information: the bot is asked to confirm, never for shipping.
        let payment = paying(&server, &alice, paying_what);
        let checkout = next_update(&server, &bot, &mut offset, "pre_checkout_query");
        assert_eq!(checkout["total_amount"], 100, "{checkout}");
        assert!(checkout.get("order_info").is_none(), "{checkout}");
        ok(server.call(&bot, "answerPreCheckoutQuery", json!({"pre_checkout_query_id": checkout["id"], "ok": true})));
        let paid = ok(payment.join().unwrap());
        assert_eq!(paid["paid"], true, "{paid}");
        assert_eq!(paid["message"]["successful_payment"]["total_amount"], 100, "{paid}");
    }
    assert_eq!(ok(server.user_call(&alice, "getStarBalance", json!({})))["amount"], 100, "charged 100 twice");
    let rest = ok(server.call(&bot, "getUpdates", json!({"offset": offset, "timeout": 0})));
    assert!(rest.as_array().unwrap().iter().all(|u| u.get("shipping_query").is_none()), "{rest}");
}

/// One act, one commit, for acts besides an invoice's: three people buy paid media from three
/// threads while the bot forwards three messages at a time to another chat, and the server is
/// killed with SIGKILL after a count of acknowledged purchases, twice. After the restart every
/// purchase in the ledger reached the bot as one `purchased_paid_media` update and nothing else
/// did, no Star is lost or made, and the forwards came in whole threes, in order.
#[test]
fn kill_9_mid_purchases_and_forwards_leaves_each_act_whole() {
    const KEY: &str = "purchases-kill-9-operator-key";
    const GRANTED: i64 = 1_000;
    const POSTS: usize = 40;
    const ROUNDS: usize = 2;
    const BOUGHT_PER_ROUND: usize = 15;
    let root = tempfile::tempdir().unwrap();
    let bot = crate::create_bot(root.path(), "kill_gallery_bot");
    let people: Vec<String> = (0..3).map(|i| crate::create_user(root.path(), &format!("Buyer{i}"))).collect();
    let ids: Vec<i64> = people.iter().map(|p| crate::id_of(p)).collect();
    // Both durability modes, round by round.
    let launch = |round: usize| {
        crate::launch(root.path())
            .env("MSG_CONSOLE", "true")
            .env("MSG_CONSOLE_TOKEN", KEY)
            .env("MSG_DURABILITY", if round.is_multiple_of(2) { "power" } else { "process" })
    };
    let told = Told::default();
    let mut posts: Vec<Vec<i64>> = Vec::new();
    let mut to_forward = Vec::new();
    for round in 0..ROUNDS {
        let mut server = launch(round).start();
        if round == 0 {
            for (person, id) in people.iter().zip(&ids) {
                ok(server.user_call(person, "sendMessage", json!({"chat_id": crate::id_of(&bot), "text": "/start"})));
                ok(crate::console::operator(&server, KEY, "grantStars", json!({"user_id": id, "amount": GRANTED})));
            }
            let photo = msg_testkit::Multipart::new()
                .text("chat_id", &ids[0].to_string())
                .file("photo", "p.png", "image/png", &photo_bytes([20, 120, 200]))
                .post(server.api, &format!("/bot{bot}/sendPhoto"));
            let file_id = ok(photo)["photo"][0]["file_id"].clone();
            for (p, id) in ids.iter().enumerate() {
                posts.push(
                    (0..POSTS)
                        .map(|i| {
                            let media = json!([{"type": "photo", "media": file_id}]).to_string();
                            let params = json!({"chat_id": id, "star_count": 1, "media": media, "payload": format!("pm-{p}-{i}")});
                            ok(server.call(&bot, "sendPaidMedia", params))["message_id"].as_i64().unwrap()
                        })
                        .collect(),
                );
            }
            for text in ["one", "two", "three"] {
                let sent = ok(server.call(&bot, "sendMessage", json!({"chat_id": ids[0], "text": text})));
                to_forward.push(sent["message_id"].as_i64().unwrap());
            }
        }
        let reader = confirming(server.api, bot.clone(), Some(told.clone()));
        let (bought_tx, bought_rx) = std::sync::mpsc::channel::<()>();
        let buyers: Vec<_> = people
            .iter()
            .zip(&posts)
            .map(|(person, mine)| {
                let (api, person, mine, bought_tx) = (server.api, person.clone(), mine.clone(), bought_tx.clone());
                let bot_id = crate::id_of(&bot);
                std::thread::spawn(move || {
                    for message_id in mine {
                        let body = json!({"chat_id": bot_id, "message_id": message_id}).to_string();
                        let path = format!("/user{person}/buyPaidMedia");
                        match msg_testkit::post(api, &path, "application/json", body.as_bytes()) {
                            Ok(r) if r.status == 200 && r.json()["result"]["paid"] == true => {
                                if bought_tx.send(()).is_err() {
                                    return;
                                }
                            }
                            // Bought in an earlier round (its answer cut by the kill, or given).
                            Ok(r) if r.status == 400 => {}
                            _ => return,
                        }
                    }
                })
            })
            .collect();
        drop(bought_tx);
        let forwarder = {
            let (api, bot, from, to) = (server.api, bot.clone(), ids[0], ids[1]);
            let ids = to_forward.clone();
            std::thread::spawn(move || {
                loop {
                    let body = json!({"chat_id": to, "from_chat_id": from, "message_ids": ids}).to_string();
                    match msg_testkit::post(
                        api,
                        &format!("/bot{bot}/forwardMessages"),
                        "application/json",
                        body.as_bytes(),
                    ) {
                        Ok(r) if r.status == 200 => {}
                        _ => return,
                    }
                }
            })
        };
        // Count-triggered: the kill comes after this many acknowledged purchases.
        assert_eq!(
            bought_rx.iter().take(BOUGHT_PER_ROUND).count(),
            BOUGHT_PER_ROUND,
            "round {round}: purchases go through"
        );
        server.signal("KILL");
        server.wait_exit(std::time::Duration::from_secs(5)).expect("killed");
        drop(bought_rx);
        buyers.into_iter().for_each(|b| b.join().unwrap());
        forwarder.join().unwrap();
        reader.join().unwrap();
    }

    let server = launch(ROUNDS).start();
    drain(&server, &bot, &told);
    let earned = ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"].as_i64().unwrap();
    let held: i64 =
        people.iter().map(|p| ok(server.user_call(p, "getStarBalance", json!({})))["amount"].as_i64().unwrap()).sum();
    assert_eq!(held + earned, GRANTED * people.len() as i64, "no Star lost or made");
    let ledger = ok(server.call(&bot, "getStarTransactions", json!({"limit": 100})));
    let payloads: std::collections::HashSet<String> = ledger["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["source"]["paid_media_payload"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(payloads.len() as i64, earned, "each purchase is in the ledger once, one Star each");
    assert!(payloads.len() >= ROUNDS * BOUGHT_PER_ROUND, "every acknowledged purchase is in the ledger");
    told_once(&told, &payloads);
    // The forwards: whole threes, in order, however many went before each kill.
    let mut texts = Vec::new();
    let mut before = None;
    loop {
        let mut params = json!({"chat_id": crate::id_of(&bot), "limit": 100});
        if let Some(id) = before {
            params["before_message_id"] = json!(id);
        }
        let page = ok(server.user_call(&people[1], "getChatHistory", params));
        let page = page.as_array().unwrap();
        let forwarded: Vec<String> = page
            .iter()
            .filter(|m| m.get("forward_origin").is_some())
            .map(|m| m["text"].as_str().unwrap_or_default().to_owned())
            .collect();
        texts.splice(0..0, forwarded);
        if page.len() < 100 {
            break;
        }
        before = page.first().and_then(|m| m["message_id"].as_i64());
    }
    assert!(!texts.is_empty(), "forwards went through");
    assert_eq!(texts.len() % 3, 0, "a forward of three is stored whole or not at all: {texts:?}");
    for chunk in texts.chunks(3) {
        assert_eq!(chunk, ["one", "two", "three"], "in order, each act whole");
    }
}
