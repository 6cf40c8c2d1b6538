//! End-to-end tests: the real `msg-bot-api` binary, started as an operator would, spoken to over
//! HTTP on loopback. One test binary keeps link time down; modules group the topics.

mod api;
mod business;
mod clients;
mod clock;
mod communities;
mod console;
mod current;
mod decoding;
mod ephemeral;
mod faults;
mod fidelity;
mod files;
mod frankenstein;
mod games;
mod gifts;
mod groups;
mod guards;
mod hardening;
mod messages;
mod operations;
mod outbound;
mod payments;
mod person;
mod platform;
mod plugins;
mod rich;
mod settings;
mod several;
mod startup;
mod sticker_sets;
mod stickers;
mod stories;
mod suggested;
mod surface;
mod teloxide;
mod tls;
mod verification;
mod widgets;
mod wording;
mod writers;

use std::path::Path;

use msg_testkit::{HttpResponse, Launch, Server};
use serde_json::{Value, json};

/// A launch of the binary under test with credentials and a fresh working dir under `root`.
/// Whether the suite runs on the default SQLite storage rather than on PostgreSQL
/// (`MSG_TEST_DATABASE_URL`, see `.ci/test`): what a bot directory holds is checked there only.
pub fn on_sqlite() -> bool {
    std::env::var(msg_testkit::postgres::URL_VAR).map_or(true, |v| v.is_empty())
}

/// For the tests of bot directories (copying, exporting, permissions): true, after a note, when
/// the suite runs on PostgreSQL, where bots have no directory of their own.
pub fn directories_not_kept() -> bool {
    if on_sqlite() {
        return false;
    }
    eprintln!("not run on PostgreSQL: bots keep no directory of their own there");
    true
}

/// A server in testing mode on the platform's manual clock, with the operator's API under
/// `operator_key` (to move the clock and grant Stars), for a test that moves time.
pub fn manual_clock(root: &Path, operator_key: &str) -> Server {
    launch(root)
        .env("MSG_TESTING", "true")
        .env("MSG_CLOCK", "manual")
        .env("MSG_CONSOLE", "true")
        .env("MSG_CONSOLE_TOKEN", operator_key)
        .start()
}

pub fn launch(root: &Path) -> Launch {
    Launch::new(env!("CARGO_BIN_EXE_msg-bot-api"), root)
}

/// Person `person`'s next update of `kind` from `offset` on (others are passed over).
pub fn next_person_update(server: &Server, person: &str, offset: &mut i64, kind: &str) -> Value {
    let mut found = Value::Null;
    msg_testkit::poll_until(&format!("the person gets {kind}"), || {
        let updates = ok(server.user_call(person, "getUpdates", json!({"offset": *offset, "timeout": 1})));
        for update in updates.as_array().unwrap() {
            if found.is_null() {
                *offset = update["update_id"].as_i64().unwrap() + 1;
                if !update[kind].is_null() {
                    found = update[kind].clone();
                }
            }
        }
        !found.is_null()
    });
    found
}

/// Creates a bot with the CLI and returns its token.
pub fn create_bot(root: &Path, username: &str) -> String {
    let (status, stdout, stderr) = launch(root).arg("bot").arg("create").arg("--username").arg(username).run();
    assert!(status.success(), "bot create failed: {stderr}");
    let token = stdout.trim().to_owned();
    assert!(stderr.contains(&format!("created @{username}")), "{stderr}");
    token
}

/// `n` calls of bot `token`'s `method` with `body` made at once, call `i` through
/// `apis[i % apis.len()]`: the answers, in the order the calls were made.
pub fn at_once(apis: &[std::net::SocketAddr], token: &str, method: &str, body: &Value, n: usize) -> Vec<HttpResponse> {
    let (path, body) = (format!("/bot{token}/{method}"), body.to_string());
    std::thread::scope(|s| {
        let calls: Vec<_> = (0..n)
            .map(|i| {
                let (api, path, body) = (apis[i % apis.len()], &path, &body);
                s.spawn(move || msg_testkit::post(api, path, "application/json", body.as_bytes()).unwrap())
            })
            .collect();
        calls.into_iter().map(|c| c.join().unwrap()).collect()
    })
}

/// Bot `token` calls `method` with `body` as fast as answers come; `server` is killed with
/// SIGKILL once `before_kill` calls were acknowledged. How many were acknowledged in all.
pub fn acknowledged_until_killed(
    server: &mut Server,
    token: &str,
    method: &str,
    body: &Value,
    before_kill: usize,
) -> usize {
    let (sent_tx, sent_rx) = std::sync::mpsc::channel::<()>();
    let sending = {
        let (api, path, body) = (server.api, format!("/bot{token}/{method}"), body.to_string());
        std::thread::spawn(move || {
            while msg_testkit::post(api, &path, "application/json", body.as_bytes()).is_ok_and(|r| r.status == 200) {
                if sent_tx.send(()).is_err() {
                    return;
                }
            }
        })
    };
    let acknowledged = sent_rx.iter().take(before_kill).count();
    server.signal("KILL");
    server.wait_exit(std::time::Duration::from_secs(5)).expect("killed");
    sending.join().unwrap();
    acknowledged + sent_rx.try_iter().count()
}

/// A Bot API call `server` refuses with 400: its description.
pub fn refused(server: &msg_testkit::Server, token: &str, method: &str, params: serde_json::Value) -> String {
    let (status, description) = error(server.call(token, method, params.clone()));
    assert_eq!(status, 400, "{method} {params}: {description}");
    description
}

/// Creates a person with the CLI and returns their user token.
pub fn create_user(root: &Path, name: &str) -> String {
    let (status, stdout, stderr) = launch(root).arg("user").arg("create").arg("--name").arg(name).run();
    assert!(status.success(), "user create failed: {stderr}");
    stdout.trim().to_owned()
}

/// The `result` of a successful call (fails the test with the answer otherwise).
/// Fails unless `value` is a `ty` of the Bot API schema (plus the supplement's later fields).
pub fn assert_typed(ty: &str, value: &Value) {
    let problems = msg_spec::spec().check(ty, value, "result");
    assert!(problems.is_empty(), "not a {ty}: {problems:?}\n{value}");
}

pub fn ok(reply: HttpResponse) -> Value {
    assert_eq!(reply.status, 200, "{}", reply.text());
    reply.json()["result"].clone()
}

/// The status and description of a refused call (fails the test if the call succeeded).
pub fn error(reply: HttpResponse) -> (u16, String) {
    assert_ne!(reply.status, 200, "{}", reply.text());
    (reply.status, reply.json()["description"].as_str().unwrap_or_default().to_owned())
}

/// The next update of `kind` the bot gets by long polling from `offset` (earlier ones of other
/// kinds are passed over and confirmed); `offset` moves past what was read.
pub fn next_update(server: &Server, bot: &str, offset: &mut i64, kind: &str) -> Value {
    let mut found = Value::Null;
    msg_testkit::poll_until(&format!("the bot gets {kind}"), || {
        let updates = ok(server.call(bot, "getUpdates", json!({"offset": *offset, "timeout": 1})));
        for update in updates.as_array().unwrap() {
            *offset = update["update_id"].as_i64().unwrap() + 1;
            if found.is_null() && !update[kind].is_null() {
                found = update[kind].clone();
                return true;
            }
        }
        false
    });
    found
}

/// A user-side call in a thread of its own, for one that waits for the bot (a button pressed,
/// an invoice paid, an inline query asked).
pub fn waiting(server: &Server, person: &str, method: &str, params: Value) -> std::thread::JoinHandle<HttpResponse> {
    let (api, path) = (server.api, format!("/user{person}/{method}"));
    std::thread::spawn(move || {
        msg_testkit::post(api, &path, "application/json", params.to_string().as_bytes()).unwrap()
    })
}

/// The bot's getWebhookInfo result.
pub fn webhook_info(server: &Server, bot: &str) -> Value {
    ok(server.call(bot, "getWebhookInfo", json!({})))
}

/// A server with a bot and Alice, who has started it: the commonest setup here.
/// Bind `root` first when destructuring (`Started { root: _root, .. }`), and it is dropped last:
/// the server's directory outlives the server, as the field order keeps it too.
pub struct Started {
    pub server: Server,
    pub bot: String,
    pub alice: String,
    pub bot_id: i64,
    pub alice_id: i64,
    pub root: tempfile::TempDir,
}

pub fn started(username: &str) -> Started {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), username);
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    Started { root, server, bot, alice, bot_id, alice_id }
}

/// The Bot API schema the server is generated from (10.3, with 10.4 and 10.5 applied).
pub fn spec() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/spec/api-10.3.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The user id a bot or user token starts with.
pub fn id_of(token: &str) -> i64 {
    token.split(':').next().unwrap().parse().unwrap()
}

/// Every entry below `dir`, directories included (none when `dir` does not exist).
pub fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all.extend(walk(&path));
        }
        all.push(path);
    }
    all
}
