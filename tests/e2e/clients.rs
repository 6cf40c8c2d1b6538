//! Real client libraries against the real binary: python-telegram-bot 22.8 with an `Application`
//! polling and one receiving webhooks, pointed at the server by `base_url`; the statistics
//! port's Prometheus page read by `prometheus_client`'s parser. The person on the
//! other side of the chat is driven over the user-side API. The interpreter comes from
//! `BOT_API_TEST_PYTHON`, else `target/ci-venv` (which `.ci/test` creates).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::{create_bot, create_user, id_of, launch};

pub(crate) fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the supervisor crate sits in the workspace").to_path_buf()
}

fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("BOT_API_TEST_PYTHON") {
        return PathBuf::from(p);
    }
    let venv = workspace().join("target/ci-venv/bin/python");
    assert!(
        venv.is_file(),
        "no Python with the client libraries: run `.ci/test` once (it creates target/ci-venv) or set BOT_API_TEST_PYTHON"
    );
    venv
}

/// Runs `tests/clients/<script>` with the server's address and tokens; fails with its output.
fn run_script(script: &str, env: &[(&str, String)]) -> String {
    let dir = workspace().join("tests/clients");
    let mut cmd = Command::new(python());
    cmd.arg(dir.join(script)).current_dir(&dir).env("PYTHONPATH", &dir).env("PYTHONUNBUFFERED", "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("python runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{script} failed ({}):\n{stdout}\n{stderr}", out.status);
    // Shown with --nocapture: `.ci/matrix` reads the flows each library passed from it.
    print!("{stdout}");
    stdout.into_owned()
}

#[test]
fn python_telegram_bot_polling_application_converses() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "ptb_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let out = run_script(
        "ptb_polling.py",
        &[("MSG_BASE_URL", format!("http://{}", server.api)), ("MSG_BOT_TOKEN", bot), ("MSG_USER_TOKEN", alice)],
    );
    assert!(out.contains("ptb polling: ok"), "{out}");
}

#[test]
fn python_telegram_bot_payment_example_takes_a_payment_with_shipping() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "ptb_shop_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let out = run_script(
        "ptb_payments.py",
        &[("MSG_BASE_URL", format!("http://{}", server.api)), ("MSG_BOT_TOKEN", bot), ("MSG_USER_TOKEN", alice)],
    );
    assert!(out.contains("python-telegram-bot payments (shipping, pre-checkout, successful payment): ok"), "{out}");
}

#[test]
fn python_telegram_bot_shop_sells_for_stars_and_sends_a_gift() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "ptb_gift_bot");
    let alice = create_user(root.path(), "Alice");
    let alice_id = crate::id_of(&alice).to_string();
    let (status, _, err) = launch(root.path()).arg("user").arg("stars").arg(&alice_id).arg("--grant").arg("100").run();
    assert!(status.success(), "{err}");
    let server = launch(root.path()).start();
    let out = run_script(
        "ptb_gifts.py",
        &[("MSG_BASE_URL", format!("http://{}", server.api)), ("MSG_BOT_TOKEN", bot), ("MSG_USER_TOKEN", alice)],
    );
    assert!(out.contains("python-telegram-bot gifts (Stars in, a gift out, owned and accounted): ok"), "{out}");
}

#[test]
fn python_telegram_bot_webhook_application_converses() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "ptb_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    let out = run_script(
        "ptb_webhook.py",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_USER_TOKEN", alice),
            ("MSG_WEBHOOK_PORT", msg_testkit::free_port().to_string()),
        ],
    );
    assert!(out.contains("ptb webhook: ok"), "{out}");
}

#[test]
fn python_telegram_bot_administers_a_forum_supergroup() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "ptb_admin_bot");
    let people: Vec<String> = ["Alice", "Bob", "Carol", "Dave"].iter().map(|n| create_user(root.path(), n)).collect();
    let server = launch(root.path()).start();
    let out = run_script(
        "ptb_admin.py",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_ALICE", people[0].clone()),
            ("MSG_BOB", people[1].clone()),
            ("MSG_CAROL", people[2].clone()),
            ("MSG_DAVE", people[3].clone()),
        ],
    );
    assert!(out.contains("ptb admin: ok"), "{out}");
}

#[test]
fn python_telegram_bot_edits_echoes_and_answers_inline_queries() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "ptb_echo_bot");
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("ptb_echo_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).start();
    let out = run_script(
        "ptb_messages.py",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_ALICE", alice),
            ("MSG_BOB", bob),
        ],
    );
    assert!(out.contains("ptb messages: ok"), "{out}");
}

#[test]
fn the_pytest_plugin_passes_its_own_tests() {
    // The plugin is installed in the venv by `.ci/test`, as a bot developer installs it; its
    // fixtures start this build's binary.
    let out = Command::new(python())
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"])
        .current_dir(workspace().join("tests/helpers/python"))
        .env("MSG_BOT_API_BIN", env!("CARGO_BIN_EXE_msg-bot-api"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the pytest plugin's tests failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains(" passed"), "{stdout}");
}

#[test]
fn the_ci_recipes_run_their_example_bot_test_as_written() {
    // The book's CI recipes (deploy/ci): the example bot and its test, run under the pytest plugin
    // with the command both workflows run, from the example's folder as from a bot's repository.
    let recipes = workspace().join("deploy/ci");
    let out = Command::new(python())
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"])
        .current_dir(recipes.join("example"))
        .env("MSG_BOT_API_BIN", env!("CARGO_BIN_EXE_msg-bot-api"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the recipes' example failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("1 passed"), "{stdout}");
    // The files only GitHub and GitLab run: valid YAML, the same test command, the plugin from
    // this repository, and the aiogram this CI tested (its pin in tests/clients/requirements.txt).
    let pinned = std::fs::read_to_string(workspace().join("tests/clients/requirements.txt")).unwrap();
    let aiogram = pinned.lines().find(|l| l.starts_with("aiogram==")).expect("aiogram is pinned").to_owned();
    let check = "import sys, yaml\nfor p in sys.argv[1:]:\n    yaml.safe_load(open(p))\nprint('yaml ok')";
    let files = ["github-actions.yml", "gitlab-ci.yml", "compose.yaml"].map(|f| recipes.join(f));
    let parsed = Command::new(python()).arg("-c").arg(check).args(&files).output().expect("python runs");
    assert!(parsed.status.success(), "{}", String::from_utf8_lossy(&parsed.stderr));
    for workflow in &files[..2] {
        let text = std::fs::read_to_string(workflow).unwrap();
        for needed in ["python -m pytest -q tests", "subdirectory=tests/helpers/python", aiogram.as_str()] {
            assert!(text.contains(needed), "{} lacks {needed}", workflow.display());
        }
    }
}

/// Runs `tests/clients/node/<script>` with Node and the libraries in `target/ci-node` (which
/// `.ci/test` installs with `npm ci`); fails with its output.
fn run_node(script: &str, env: &[(&str, String)]) -> String {
    let dir = workspace().join("tests/clients/node");
    let modules = workspace().join("target/ci-node/node_modules");
    assert!(modules.is_dir(), "no Node client libraries: run `.ci/test` once (it installs target/ci-node)");
    let node = std::env::var_os("BOT_API_TEST_NODE").unwrap_or_else(|| "node".into());
    let mut cmd = Command::new(node);
    cmd.arg(dir.join(script)).current_dir(&dir).env("NODE_PATH", &modules);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("node runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{script} failed ({}):\n{stdout}\n{stderr}", out.status);
    // Shown with --nocapture: `.ci/matrix` reads the flows each library passed from it.
    print!("{stdout}");
    stdout.into_owned()
}

#[test]
fn aiogram_and_py_telegram_bot_api_run_under_the_pytest_plugin() {
    // Beyond the matrix: two more Python libraries' typical bots, written as a bot developer
    // would test them (tests/clients/pytest, with the plugin's fixtures), aiogram's Stars
    // invoice paid and refunded, an aiogram game bot, an aiogram quiz of Bot API 9.6 (several
    // correct options, revoting), a pyTelegramBotAPI sticker echo bot and its live photos (Bot
    // API 10.0: sent, received, echoed by file_id and in an album), and an aiogram bot factory
    // (Bot API 9.6's managed bots: created by a person, their token fetched, access restricted)
    // a pyTelegramBotAPI guest bot (Bot API 10.0: summoned by a mention, answering there) and an
    // aiogram business bot answering a person's private chats on their behalf.
    let out = Command::new(python())
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/clients/pytest"])
        .current_dir(workspace())
        .env("MSG_BOT_API_BIN", env!("CARGO_BIN_EXE_msg-bot-api"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "aiogram / pyTelegramBotAPI failed ({}):\n{stdout}\n{stderr}", out.status);
    assert!(stdout.contains("11 passed"), "{stdout}");
}

#[test]
fn telegraf_runs_under_the_node_testing_module() {
    let out = run_node_test(&workspace().join("tests/clients/node"), "telegraf.test.js");
    assert!(out.contains("# pass 1") && out.contains("# fail 0"), "{out}");
}

#[test]
fn telegrafs_shop_bot_example_sells_with_shipping_through_the_test_provider() {
    let out = run_node_test(&workspace().join("tests/clients/node"), "telegraf_shop.test.js");
    assert!(out.contains("# pass 1") && out.contains("# fail 0"), "{out}");
}

#[test]
fn grammy_as_a_guard_bot_decides_join_requests() {
    let out = run_node_test(&workspace().join("tests/clients/node"), "grammy_guard.test.js");
    assert!(out.contains("# pass 1") && out.contains("# fail 0"), "{out}");
}

/// `node --test <what>` in `dir`, with the Node libraries and this build's binary; its stdout.
pub(crate) fn run_node_test(dir: &Path, what: &str) -> String {
    let modules = workspace().join("target/ci-node/node_modules");
    assert!(modules.is_dir(), "no Node client libraries: run `.ci/test` once (it installs target/ci-node)");
    let node = std::env::var_os("BOT_API_TEST_NODE").unwrap_or_else(|| "node".into());
    let out = Command::new(node)
        .args(["--test", "--test-reporter=tap", what])
        .current_dir(dir)
        .env("NODE_PATH", &modules)
        .env("MSG_BOT_API_BIN", env!("CARGO_BIN_EXE_msg-bot-api"))
        .output()
        .expect("node runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "node --test {what} failed ({}):\n{stdout}\n{stderr}\n== what failed, again (a log's tail may be all that is kept):\n{}",
        out.status,
        failures_of(&stdout)
    );
    stdout.into_owned()
}

/// The failed subtests of a `node --test` report (TAP) with their diagnostics: each `not ok`
/// line and its YAML block (the first 40 lines of it).
fn failures_of(tap: &str) -> String {
    let mut out = String::new();
    let mut lines = tap.lines();
    while let Some(line) = lines.next() {
        if !line.trim_start().starts_with("not ok ") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
        for detail in lines.by_ref().take(40) {
            if detail.trim() == "..." {
                break;
            }
            out.push_str(detail);
            out.push('\n');
        }
    }
    out
}

#[test]
fn the_node_testing_module_passes_its_own_tests() {
    // Its tests (node:test) start this build's binary; the README example among them uses grammY.
    let out = run_node_test(&workspace().join("tests/helpers/node"), "test/");
    assert!(out.contains("# fail 0") && !out.contains("# pass 0"), "{out}");
}

#[test]
fn grammy_drives_identity_callbacks_and_the_echo_bot() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "grammy_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let out = run_node(
        "grammy_flows.js",
        &[("MSG_BASE_URL", format!("http://{}", server.api)), ("MSG_BOT_TOKEN", bot), ("MSG_USER_TOKEN", alice)],
    );
    assert!(out.contains("grammy: ok"), "{out}");
}

#[test]
fn grammy_drives_groups_its_webhook_runner_and_inline_mode() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "grammy_more_bot");
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("grammy_more_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    let out = run_node(
        "grammy_more.js",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_USER_TOKEN", alice),
            ("MSG_BOB_TOKEN", bob),
        ],
    );
    assert!(out.contains("grammy more: ok"), "{out}");
}

/// grammY's files flow, with and without `--local`.
fn grammy_files(local: bool) {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "grammy_files_bot");
    let alice = create_user(root.path(), "Alice");
    let photo = root.path().join("photo.png");
    std::fs::write(&photo, crate::files::png(320, 240)).unwrap();
    let server = launch(root.path()).env("MSG_LOCAL", local.to_string()).start();
    let out = run_node(
        "grammy_files.js",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_USER_TOKEN", alice),
            ("MSG_PHOTO", photo.display().to_string()),
            ("MSG_LOCAL_MODE", if local { "1" } else { "0" }.to_owned()),
        ],
    );
    assert!(out.contains(&format!("grammY flow 4 (files, local={local}): ok")), "{out}");
}

#[test]
fn grammy_files_over_http() {
    grammy_files(false);
}

#[test]
fn grammy_files_in_local_mode() {
    grammy_files(true);
}

#[test]
fn node_telegram_bot_api_drives_identity_callbacks_and_the_echo_bot() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "nbta_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let out = run_node(
        "nbta_flows.js",
        &[("MSG_BASE_URL", format!("http://{}", server.api)), ("MSG_BOT_TOKEN", bot), ("MSG_USER_TOKEN", alice)],
    );
    assert!(out.contains("node-telegram-bot-api: ok"), "{out}");
}

#[test]
fn node_telegram_bot_api_drives_groups_its_webhook_server_and_inline_mode() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "nbta_more_bot");
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("nbta_more_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    let out = run_node(
        "nbta_more.js",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_USER_TOKEN", alice),
            ("MSG_BOB_TOKEN", bob),
        ],
    );
    assert!(out.contains("node-telegram-bot-api more: ok"), "{out}");
}

/// node-telegram-bot-api's files flow, with and without `--local`.
fn nbta_files(local: bool) {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "nbta_files_bot");
    let alice = create_user(root.path(), "Alice");
    let photo = root.path().join("photo.png");
    std::fs::write(&photo, crate::files::png(320, 240)).unwrap();
    let server = launch(root.path()).env("MSG_LOCAL", local.to_string()).start();
    let out = run_node(
        "nbta_files.js",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_USER_TOKEN", alice),
            ("MSG_PHOTO", photo.display().to_string()),
            ("MSG_LOCAL_MODE", if local { "1" } else { "0" }.to_owned()),
        ],
    );
    assert!(out.contains(&format!("node-telegram-bot-api flow 4 (files, local={local}): ok")), "{out}");
}

#[test]
fn node_telegram_bot_api_files_over_http() {
    nbta_files(false);
}

#[test]
fn node_telegram_bot_api_files_in_local_mode() {
    nbta_files(true);
}

/// PTB sends, fetches and downloads files with and without local mode.
fn ptb_files(local: bool) {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "ptb_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).env("MSG_LOCAL", local.to_string()).start();
    let out = run_script(
        "ptb_files.py",
        &[
            ("MSG_BASE_URL", format!("http://{}", server.api)),
            ("MSG_BOT_TOKEN", bot),
            ("MSG_USER_TOKEN", alice),
            ("MSG_LOCAL_MODE", if local { "1" } else { "0" }.to_owned()),
        ],
    );
    assert!(out.contains(&format!("ptb files (local_mode={}): ok", if local { "True" } else { "False" })), "{out}");
}

#[test]
fn python_telegram_bot_files_over_http() {
    ptb_files(false);
}

#[test]
fn python_telegram_bot_files_in_local_mode() {
    ptb_files(true);
}

#[test]
fn prometheus_metrics_parse_with_a_real_parser_and_json_stats_carry_no_token() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "metric_bot");
    let secret = bot.split(':').nth(1).unwrap().to_owned();
    let id = id_of(&bot);
    let server = launch(root.path()).env("MSG_HTTP_STAT_PORT", msg_testkit::free_port().to_string()).start();
    for _ in 0..3 {
        assert_eq!(server.call(&bot, "getMe", serde_json::json!({})).status, 200);
    }
    assert_eq!(server.call(&bot, "sendMessage", serde_json::json!({})).status, 400);
    // A write, answered after its commit and (power durability, the default) its flush.
    let described = server.call(&bot, "setMyDescription", serde_json::json!({"description": "metrics"}));
    assert_eq!(described.status, 200);
    let stats = server.stats.expect("stats port");

    let metrics = msg_testkit::get(stats, "/metrics").unwrap();
    assert_eq!(metrics.header("content-type"), Some("text/plain; version=0.0.4; charset=utf-8"));
    assert!(!metrics.text().contains(&secret));
    let mut parser = Command::new(python())
        .arg(workspace().join("tests/clients/prometheus_parse.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    parser.stdin.take().unwrap().write_all(metrics.text().as_bytes()).unwrap();
    let out = parser.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let samples: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let value = |name: &str, label: Option<(&str, &str)>| {
        samples
            .iter()
            .find(|s| s["name"] == name && label.is_none_or(|(k, v)| s["labels"][k] == v))
            .unwrap_or_else(|| panic!("no sample {name} {label:?} in {samples:?}"))["value"]
            .as_f64()
            .unwrap()
    };
    assert!(value("msg_bot_api_requests_total", None) >= 4.0);
    assert_eq!(value("msg_bot_api_responses_total", Some(("outcome", "error"))), 1.0);
    assert!(value("msg_bot_api_responses_total", Some(("outcome", "ok"))) >= 3.0);
    assert_eq!(value("msg_bot_api_bots", None), 1.0);
    assert_eq!(value("msg_bot_api_bot_pending_updates", Some(("username", "metric_bot"))), 0.0);
    if crate::on_sqlite() {
        // Per-bot disk usage is what a bot directory holds; PostgreSQL keeps none.
        assert!(value("msg_bot_api_bot_disk_usage_bytes", Some(("bot_id", &id.to_string()))) > 0.0);
    }
    assert!(value("msg_bot_api_resident_memory_bytes", None) > 1e6);
    if crate::on_sqlite() {
        // The writer's counters: the write above committed and flushed before its answer.
        let commits = value("msg_bot_api_storage_commits_total", None);
        assert!(commits >= 1.0);
        assert!(value("msg_bot_api_storage_writes_total", None) >= commits);
        assert_eq!(value("msg_bot_api_storage_flushes_total", None), commits);
    }

    let json = msg_testkit::get(stats, "/json").unwrap();
    assert_eq!(json.header("content-type"), Some("application/json"));
    assert!(!json.text().contains(&secret));
    let snapshot = json.json();
    assert_eq!(snapshot["bots"][0]["id"], id);
    assert_eq!(snapshot["bots"][0]["username"], "metric_bot");
    if crate::on_sqlite() {
        assert!(snapshot["bots"][0]["disk_usage_bytes"].as_u64().unwrap() > 0);
    }
    assert!(snapshot["totals"]["requests"].as_u64().unwrap() >= 4);
    if crate::on_sqlite() {
        assert!(snapshot["storage"]["commits"].as_u64().unwrap() >= 1, "{snapshot}");
    } else {
        assert!(snapshot["storage"].is_null(), "{snapshot}");
    }
    let page = msg_testkit::get(stats, "/").unwrap().text();
    assert!(!page.contains(&secret));
    assert_eq!(page.contains("\nstorage_writes_per_commit\t"), crate::on_sqlite(), "{page}");
}
