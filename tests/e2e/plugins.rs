//! Dynamic plugins in the real binary: the example and the broken fixtures are built as cdylibs
//! (`msg_plugin_host::test_support`), loaded through `MSG_PLUGINS` or `[[plugins]]`, and called
//! over HTTP. Failures are contained: load problems stop the start naming the file, a panicking
//! or garbled method answers 500 for that request only.

use std::time::{Duration, Instant};

use msg_plugin_host::test_support::build_test_plugins;
use msg_testkit::{get, post};
use serde_json::json;

use crate::{create_bot, create_user, id_of, launch};

#[test]
fn the_example_plugin_adds_methods_and_a_stats_page_and_calls_back_into_the_server() {
    let plugins = build_test_plugins();
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "plug_bot");
    let erin = create_user(root.path(), "Erin");
    let config = root.path().join("msg.toml");
    std::fs::write(
        &config,
        format!(
            "[[plugins]]\npath = \"{}\"\n[plugins.settings]\ngreeting = \"Hi from a plugin\"\n",
            plugins.example.display()
        ),
    )
    .unwrap();
    let server = launch(root.path())
        .env("MSG_HTTP_STAT_PORT", "0")
        .arg("--config")
        .arg(config.display().to_string())
        .arg("--http-stat-port")
        .arg(msg_testkit::free_port().to_string())
        .start();
    assert!(
        server.output().contains(&format!("loaded plugin example 0.1.0 from {}", plugins.example.display())),
        "{}",
        server.output()
    );

    let bot_id = id_of(&bot);
    let time = server.call(&bot, "getServerTime", json!({}));
    assert_eq!(time.status, 200, "{}", time.text());
    let result = &time.json()["result"];
    assert_eq!((result["bot_id"].as_i64(), result["greeting"].as_str()), (Some(bot_id), Some("Hi from a plugin")));
    let echoed = server.call(&bot, "ECHO", json!({"a": "1", "b": {"c": 2}}));
    assert_eq!(echoed.json()["result"]["params"], json!({"a": "1", "b": {"c": 2}}), "method names ignore case");

    // The plugin calls sendMessage through the host; the person receives it.
    let erin_id = id_of(&erin);
    let opened = post(
        server.api,
        &format!("/user{erin}/sendMessage"),
        "application/json",
        json!({"chat_id": bot_id, "text": "hi"}).to_string().as_bytes(),
    )
    .unwrap();
    assert_eq!(opened.status, 200);
    let greeted = server.call(&bot, "sendGreeting", json!({"chat_id": erin_id}));
    assert_eq!(greeted.status, 200, "{}", greeted.text());
    assert_eq!(greeted.json()["result"]["text"], "Hi from a plugin");
    let missing = server.call(&bot, "sendGreeting", json!({}));
    assert_eq!(
        missing.text(),
        r#"{"ok":false,"error_code":400,"description":"Bad Request: parameter \"chat_id\" is required"}"#
    );

    let stats = get(server.stats.expect("stats port"), "/example").unwrap();
    assert_eq!(stats.status, 200);
    assert_eq!(stats.header("content-type"), Some("text/plain; charset=utf-8"));
    assert!(stats.text().starts_with("bots "), "{}", stats.text());

    // Data a plugin keeps for a bot lives in the bot's storage: it survives a restart.
    assert_eq!(server.call(&bot, "countVisits", json!({})).json()["result"], 1);
    assert_eq!(server.call(&bot, "countVisits", json!({})).json()["result"], 2);
    assert_eq!(server.call(&bot, "host.getBotData", json!({"key": "example.visits"})).status, 404, "host-only");
    drop(server);
    let server = launch(root.path()).arg("--config").arg(config.display().to_string()).start();
    assert_eq!(server.call(&bot, "countVisits", json!({})).json()["result"], 3);
}

#[test]
fn a_panicking_or_garbled_plugin_costs_one_request_and_slow_calls_do_not_block_others() {
    let plugins = build_test_plugins();
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "plug_bot");
    let list = [&plugins.panicking, &plugins.invalid_json, &plugins.slow].map(|p| p.display().to_string()).join(",");
    let server = launch(root.path()).env("MSG_PLUGINS", list).start();

    for method in ["boom", "garbage"] {
        let failed = server.call(&bot, method, json!({}));
        assert_eq!(failed.status, 500, "{method}: {}", failed.text());
        assert_eq!(failed.text(), r#"{"ok":false,"error_code":500,"description":"Internal Server Error"}"#);
    }
    assert_eq!(server.call(&bot, "ok", json!({})).status, 200, "the server keeps serving after a plugin panic");
    assert_eq!(server.call(&bot, "getMe", json!({})).status, 200);

    let slow = {
        let (api, bot) = (server.api, bot.clone());
        std::thread::spawn(move || {
            let reply = post(api, &format!("/bot{bot}/slow"), "application/json", br#"{"seconds":"2"}"#).unwrap();
            (reply, Instant::now())
        })
    };
    let started = Instant::now();
    msg_testkit::poll_until("a fast call answers while the slow one runs", || {
        server.call(&bot, "getMe", json!({})).status == 200 && started.elapsed() > Duration::from_millis(100)
    });
    let fast_done = Instant::now();
    let (slow_reply, slow_done) = slow.join().unwrap();
    assert_eq!(slow_reply.json()["result"], "slow");
    assert!(fast_done < slow_done, "the slow plugin call did not hold up other requests");
}

#[test]
fn broken_plugins_stop_the_start_naming_the_file_and_the_problem() {
    let plugins = build_test_plugins();
    let root = tempfile::tempdir().unwrap();
    let cases = [
        (&plugins.wrong_abi, "999"),
        (&plugins.missing_symbol, "msg_plugin_entry"),
        (&plugins.init_fails, "database url missing"),
    ];
    for (library, problem) in cases {
        let (status, _, stderr) = launch(root.path()).env("MSG_PLUGINS", library.display().to_string()).run();
        assert_eq!(status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&library.display().to_string()), "names the file: {stderr}");
        assert!(stderr.contains(problem), "names the problem ({problem}): {stderr}");
        assert!(stderr.contains("MSG_PLUGINS"), "names where it was configured: {stderr}");
    }
    let missing = root.path().join("nope.so");
    let (status, _, stderr) = launch(root.path()).env("MSG_PLUGINS", missing.display().to_string()).run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&missing.display().to_string()), "{stderr}");

    // Overriding a built-in is explicit and allowed.
    let bot = create_bot(root.path(), "over_bot");
    let server = launch(root.path()).env("MSG_PLUGINS", plugins.clash.display().to_string()).start();
    let me = server.call(&bot, "getMe", json!({}));
    assert_eq!(me.json()["result"]["overridden_by"], "clash", "{}", me.text());
    assert_eq!(me.json()["result"]["username"], "over_bot");
    drop(server);

    let both = format!("{},{}", plugins.example.display(), plugins.clash.display());
    let (status, _, stderr) = launch(root.path()).env("MSG_PLUGINS", both).run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("getServerTime") && stderr.contains("example") && stderr.contains("clash"), "{stderr}");
}
