//! The whole Bot API surface, and the people's side, against malformed input through real HTTP:
//! every method of the schema (and of `methods --user`) is called with no parameters, then with
//! each of its declared parameters in turn set to a hostile value (the other parameters absent,
//! `chat_id` naming a real conversation so the calls reach past the first check). Whatever a method makes of it, the answer is a
//! well-formed envelope with a client error (or a success), never a 5xx, a hang or a dropped
//! connection; and every success still passes the schema check of validation mode (the
//! testkit fails the test on any `spec violation` the server logged).

use std::collections::BTreeMap;
use std::time::Instant;

use serde_json::{Value, json};

use super::{create_bot, create_user, id_of, launch, ok, spec};

/// Values that have broken parsers before: empty, garbage, edge integers, half and wrong JSON,
/// control characters; then raw JSON of every kind (a JSON body keeps non-strings as they are).
fn hostile_values() -> Vec<Value> {
    let texts =
        ["", "x", "-1", "0", "18446744073709551617", "{}", "[]", "[{}]", "{\"", "null", "true", "\u{1F4A5}\u{0}"];
    let mut values: Vec<Value> = texts.iter().map(|t| json!(t)).collect();
    values.extend([json!({}), json!([]), json!([[{}]]), json!(1.5), json!(false), json!(null)]);
    values
}

/// Methods left out: they end the bot's session here. Waits (`timeout`) are not fuzzed either,
/// nor getUpdates' parameters: the same offset again within 3 s waits, as the reference paces
/// busy loops.
const SKIPPED: [&str; 2] = ["logOut", "close"];

/// Calls `method` with no parameters, then with each of `fields` set to each hostile value in
/// turn, `context` filling the other parameters it names; `call` checks each answer.
fn fuzz(method: &str, fields: &[String], context: &Value, mut call: impl FnMut(&str, Value)) {
    call(method, json!({}));
    for field in fields.iter().filter(|f| *f != "timeout" && method != "getUpdates") {
        for value in hostile_values() {
            let mut params = json!({ field.as_str(): value });
            for (name, known) in context.as_object().unwrap() {
                if name != field && (fields.contains(name) || name == "timeout") {
                    params[name] = known.clone();
                }
            }
            call(method, params);
        }
    }
}

/// A well-formed answer: a success or a client error with its code and description.
fn well_formed(method: &str, params: &Value, reply: msg_testkit::HttpResponse) -> u16 {
    let what = format!("{method} {params}: {} {}", reply.status, reply.text());
    assert!([200, 400, 401, 403, 404, 409, 413, 429].contains(&reply.status), "{what}");
    let body = reply.json();
    assert_eq!(body["ok"], reply.status == 200, "{what}");
    if reply.status != 200 {
        assert_eq!(body["error_code"], reply.status, "{what}");
        assert!(body["description"].as_str().is_some_and(|d| !d.is_empty()), "{what}");
    }
    reply.status
}

#[test]
fn every_method_survives_missing_and_malformed_parameters() {
    let spec = spec();
    let required: BTreeMap<String, Vec<String>> = spec["methods"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, m)| {
            let fields = m["fields"].as_array().into_iter().flatten().filter(|f| f["required"] == true);
            (name.clone(), fields.map(|f| f["name"].as_str().unwrap().to_owned()).collect())
        })
        .collect();
    let methods: BTreeMap<String, Vec<String>> = spec["methods"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, m)| {
            let fields = m["fields"].as_array().into_iter().flatten();
            (name.clone(), fields.map(|f| f["name"].as_str().unwrap().to_owned()).collect())
        })
        .collect();
    assert_eq!(methods.len(), 185);

    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "sturdy_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));

    let started = Instant::now();
    let mut calls = BTreeMap::new();
    // A method with required parameters refuses a call without them (the reference's wording
    // for each is pinned in wording.rs). The exceptions are the reference's own: setWebhook
    // without a url removes the webhook, setMyCommands without commands clears them.
    let mut succeeded = Vec::new();
    let exempt = ["setWebhook", "setMyCommands"];
    for (method, _) in required.iter().filter(|(m, needed)| !needed.is_empty() && !exempt.contains(&m.as_str())) {
        if server.call(&bot, method, json!({})).status == 200 {
            succeeded.push(method.clone());
        }
    }
    assert!(succeeded.is_empty(), "succeeded without their required parameters: {succeeded:?}");
    for (method, fields) in methods.iter().filter(|(m, _)| !SKIPPED.contains(&m.as_str())) {
        fuzz(method, fields, &json!({"chat_id": alice_id}), |method, params| {
            let status = well_formed(method, &params, server.call(&bot, method, params.clone()));
            *calls.entry(("bot", status)).or_insert(0) += 1;
        });
    }
    // The people's side: its documented parameters (the Bot API's where it says so).
    let (status, table, stderr) = launch(root.path()).arg("methods").arg("--user").run();
    assert!(status.success(), "{stderr}");
    let mut people = 0;
    for row in table.lines().skip(2) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let method = cells[1].trim_matches('`');
        let mut fields: Vec<String> =
            cells[2].split('`').skip(1).step_by(2).map(|name| name.split('/').next().unwrap().to_owned()).collect();
        fields.extend(methods.get(method).into_iter().flatten().cloned());
        fields.dedup();
        people += 1;
        fuzz(method, &fields, &json!({"chat_id": bot_id, "timeout": 0}), |method, params| {
            let status = well_formed(method, &params, server.user_call(&alice, method, params.clone()));
            *calls.entry(("person", status)).or_insert(0) += 1;
        });
    }
    assert!(people > 40, "{table}");
    // The bot still works after all that.
    assert_eq!(ok(server.call(&bot, "getMe", json!({})))["id"], bot_id);
    eprintln!("hostile calls (side, status) -> count: {calls:?} in {:?}", started.elapsed());
}
