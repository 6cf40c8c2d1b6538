//! Operations as the book (Operators) describes them, against the real binary: moving a bot between two
//! running servers with `bot export`/`bot import` (pending updates and webhook survive; rollback
//! both with the archive and by the old server's cool-down), the refusals that keep a bot from
//! being live twice, bot directories the server cannot write, `--version` without any
//! configuration, `healthcheck` following the configuration, and the shipped example files.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use msg_testkit::{Launch, Receiver, Server};
use serde_json::{Value, json};

use crate::{create_bot, create_user, id_of, launch, ok, walk, webhook_info};

fn is_root() -> bool {
    euid() == 0
}

/// The effective uid, read from /proc (the tests avoid extra dependencies).
fn euid() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Uid:")).unwrap();
    line.split_whitespace().nth(2).unwrap().parse().unwrap()
}

/// Runs a `msg-bot-api` command on the working directory under `root`; (exit code, stdout, stderr).
fn command(root: &Path, args: &[&str]) -> (i32, String, String) {
    let mut run = launch(root);
    for a in args {
        run = run.arg(*a);
    }
    let (status, out, err) = run.run();
    (status.code().unwrap_or(-1), out, err)
}

fn stop(server: &mut Server) {
    server.signal("TERM");
    let (status, _) = server.wait_exit(Duration::from_secs(9)).expect("drains within 8 s");
    assert!(status.success());
}

/// The book's move procedure (Operators, "Moving bots"), step by step, between two servers with their own directories.
#[test]
fn moving_a_bot_with_export_and_import_keeps_pending_updates_and_webhook_and_rolls_back() {
    // On PostgreSQL too: the archive's database is written from the storage and read into it.
    let (old_root, new_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (old_root, new_root) = (old_root.path(), new_root.path());
    let bot = create_bot(old_root, "moving_bot");
    let ann = create_user(old_root, "Ann");
    let bot_id = id_of(&bot);
    let receiver = Receiver::start();
    receiver.set_status(500);
    let url = format!("http://127.0.0.1:{}/moved/hook", receiver.addr.port());
    let local = |root: &Path| launch(root).env("MSG_LOCAL", "true");

    // The bot lives on the old server with a webhook that is failing, so updates wait there.
    let mut old = local(old_root).start();
    ok(old.call(&bot, "setWebhook", json!({"url": url, "secret_token": "moving-secret"})));
    for text in ["sent before the move 1", "sent before the move 2"] {
        ok(old.user_call(&ann, "sendMessage", json!({"chat_id": bot_id, "text": text})));
    }
    msg_testkit::poll_until("two updates wait for the failing webhook", || {
        let info = webhook_info(&old, &bot);
        info["pending_update_count"] == 2 && info["last_error_message"].is_string()
    });

    // The bot's files go with it.
    let sent = ok(msg_testkit::Multipart::new()
        .text("chat_id", &id_of(&ann).to_string())
        .file("document", "ledger.csv", "text/csv", b"a,b\n1,2\n")
        .post(old.api, &format!("/bot{bot}/sendDocument")));
    let file_id = sent["document"]["file_id"].clone();
    // So does its own profile: name, descriptions, commands, menu button, default rights.
    for (method, params) in [
        ("setMyName", json!({"name": "Mover"})),
        ("setMyDescription", json!({"description": "Moves house", "language_code": "de"})),
        ("setMyShortDescription", json!({"short_description": "Mobile"})),
        ("setMyCommands", json!({"commands": [{"command": "go", "description": "Go"}]})),
        ("setChatMenuButton", json!({"menu_button": {"type": "commands"}})),
        ("setMyDefaultAdministratorRights", json!({"rights": {"can_pin_messages": true}})),
    ] {
        ok(old.call(&bot, method, params));
    }
    let profile = |server: &msg_testkit::Server| -> Vec<Value> {
        [
            ("getMe", json!({})),
            ("getMyDescription", json!({"language_code": "de"})),
            ("getMyShortDescription", json!({})),
            ("getMyCommands", json!({})),
            ("getChatMenuButton", json!({})),
            ("getMyDefaultAdministratorRights", json!({})),
        ]
        .into_iter()
        .map(|(method, params)| ok(server.call(&bot, method, params)))
        .collect()
    };
    let before = profile(&old);
    assert_eq!(before[0]["first_name"], "Mover");

    // A bot that is still live on a running server is not exported (it would then be live twice).
    let archive = old_root.join("moving_bot.tgz");
    let archive_arg = archive.display().to_string();
    let (code, _, err) = command(old_root, &["bot", "export", "moving_bot", &archive_arg]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is live on the server running on") && err.contains("call logOut first"), "{err}");
    assert!(!archive.exists());

    // 1. logOut on the old server and wait for success.
    assert_eq!(ok(old.call(&bot, "logOut", json!({}))), json!(true));
    // 2. Stop the old server and export the bot.
    stop(&mut old);
    let (code, out, err) = command(old_root, &["bot", "export", &bot_id.to_string(), &archive_arg]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty(), "export prints nothing on stdout (it may be the archive): {out}");
    assert!(err.contains(&format!("exported @moving_bot (id {bot_id}): 2 pending update(s), webhook {url}")), "{err}");
    assert_eq!(std::fs::metadata(&archive).unwrap().mode() & 0o777, 0o600, "the archive holds the token");

    // 3. Import it into the new server's working directory, owned like that directory.
    let new_data = new_root.join("data");
    std::fs::create_dir_all(&new_data).unwrap();
    let owner = if is_root() {
        std::os::unix::fs::chown(&new_data, Some(1000), Some(1000)).unwrap();
        1000
    } else {
        euid()
    };
    let (code, out, err) = command(new_root, &["bot", "import", &archive_arg]);
    assert_eq!(code, 0, "{err}");
    let moved_dir = new_data.join(bot_id.to_string());
    assert!(
        out.contains(&format!(
            "imported @moving_bot (id {bot_id}): 2 pending update(s), webhook {url} into {}",
            moved_dir.display()
        )),
        "{out}"
    );
    assert!(out.contains(&format!("(owner {owner}:{owner})")), "{out}");
    for entry in walk(&new_data) {
        assert_eq!(
            std::fs::symlink_metadata(&entry).unwrap().uid(),
            owner,
            "{} belongs to the server's user",
            entry.display()
        );
    }

    // 4. Start the new server: the bot, its pending updates and its webhook are there.
    let new = local(new_root).start();
    assert_eq!(ok(new.call(&bot, "getMe", json!({})))["username"], "moving_bot");
    assert_eq!(profile(&new), before);
    let info = webhook_info(&new, &bot);
    assert_eq!(info["url"], url.as_str());
    let file = ok(new.call(&bot, "getFile", json!({"file_id": file_id})));
    let path = file["file_path"].as_str().unwrap();
    assert!(path.starts_with(&moved_dir.display().to_string()), "{path}");
    assert_eq!(msg_testkit::get(new.api, &format!("/file/bot{bot}/{path}")).unwrap().body, b"a,b\n1,2\n");
    receiver.set_status(200);
    let delivered = receiver.wait_for(2);
    let texts: Vec<Value> = delivered.iter().map(|r| r.json()["message"]["text"].clone()).collect();
    assert_eq!(texts, [json!("sent before the move 1"), json!("sent before the move 2")]);
    assert!(delivered.iter().all(|r| r.header("X-Telegram-Bot-Api-Secret-Token") == Some("moving-secret")));
    msg_testkit::poll_until("the moved queue is empty", || webhook_info(&new, &bot)["pending_update_count"] == 0);

    // The running new server has the bot open: importing over it is refused, even with --force.
    for force in [false, true] {
        let args: Vec<&str> = ["bot", "import", &archive_arg].into_iter().chain(force.then_some("--force")).collect();
        let (code, _, err) = command(new_root, &args);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("already exists in") && err.contains("has it open: stop that server first"), "{err}");
    }

    // Rollback with the bot's current state: logOut on the new server, export, import over the
    // old copy (which needs --force and keeps a backup), start the old server.
    assert_eq!(ok(new.call(&bot, "logOut", json!({}))), json!(true));
    let back = new_root.join("back.tgz");
    let back_arg = back.display().to_string();
    let (code, _, err) = command(new_root, &["bot", "export", "moving_bot", &back_arg]);
    assert_eq!(code, 0, "a logged-out bot can be exported while its server runs: {err}");
    assert!(err.contains("0 pending update(s)"), "{err}");
    let (code, _, err) = command(old_root, &["bot", "import", &back_arg]);
    assert_eq!(code, 1);
    assert!(err.contains("where it is logged out; importing replaces it") && err.contains("add --force"), "{err}");
    let (code, out, err) = command(old_root, &["bot", "import", &back_arg, "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the previous copy is in "), "{out}");
    let old = local(old_root).start();
    assert_eq!(ok(old.call(&bot, "getMe", json!({})))["id"], bot_id, "served at once: the logOut was the new server's");
    assert_eq!(webhook_info(&old, &bot)["pending_update_count"], 0, "nothing delivered twice");
    ok(old.user_call(&ann, "sendMessage", json!({"chat_id": bot_id, "text": "after the rollback"})));
    let delivered = receiver.wait_for(3);
    assert_eq!(delivered[2].json()["message"]["text"], "after the rollback");
    assert_eq!(new.call(&bot, "getMe", json!({})).json()["description"], "Logged out");
}

/// The seed's rollback without an archive: once the old server's logOut cool-down (60 s) has
/// passed, it serves the bot again from its own copy.
#[test]
fn after_the_cool_down_the_old_server_serves_the_bot_again() {
    let (old_root, new_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let bot = create_bot(old_root.path(), "rollback_bot");
    let mut old = launch(old_root.path()).start();
    let logged_out_at = Instant::now();
    assert_eq!(ok(old.call(&bot, "logOut", json!({}))), json!(true));
    stop(&mut old);
    let archive = old_root.path().join("bot.tgz").display().to_string();
    assert_eq!(command(old_root.path(), &["bot", "export", "rollback_bot", &archive]).0, 0);
    assert_eq!(command(new_root.path(), &["bot", "import", &archive]).0, 0);
    let new = launch(new_root.path()).start();
    ok(new.call(&bot, "getUpdates", json!({})));

    // Roll back: logOut on the new server, point the bot at the old one, start it.
    assert_eq!(ok(new.call(&bot, "logOut", json!({}))), json!(true));
    let old = launch(old_root.path()).start();
    assert_eq!(old.call(&bot, "getMe", json!({})).json()["description"], "Logged out");
    let deadline = logged_out_at + Duration::from_secs(90);
    loop {
        let reply = old.call(&bot, "getMe", json!({}));
        if reply.status == 200 {
            break;
        }
        assert_eq!(reply.json()["description"], "Logged out");
        assert!(Instant::now() < deadline, "the old server still refuses the bot 90 s after logOut");
        // Polling a 60 s cool-down: nothing signals its end.
        std::thread::sleep(Duration::from_millis(500));
    }
    assert!(logged_out_at.elapsed() >= Duration::from_secs(59), "not before the cool-down");
    assert_eq!(ok(old.call(&bot, "getUpdates", json!({}))), json!([]));
}

#[test]
fn archives_that_are_not_exports_are_refused_and_username_clashes_too() {
    if crate::directories_not_kept() {
        return;
    }
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let token = create_bot(a.path(), "clash_bot");
    let archive = a.path().join("clash.tgz").display().to_string();
    assert_eq!(command(a.path(), &["bot", "export", "clash_bot", &archive]).0, 0);
    // Another bot with the same username already lives in b.
    create_bot(b.path(), "clash_bot");
    let (code, _, err) = command(b.path(), &["bot", "import", &archive]);
    assert_eq!(code, 1);
    assert!(err.contains("already uses the username @clash_bot"), "{err}");
    // Not an archive at all.
    let junk = a.path().join("junk.tgz");
    std::fs::write(&junk, b"not a tarball").unwrap();
    let (code, _, err) = command(b.path(), &["bot", "import", &junk.display().to_string()]);
    assert_eq!(code, 1);
    assert!(err.contains("is not a `msg-bot-api bot export` archive"), "{err}");
    assert_eq!(command(b.path(), &["bot", "export", "nobody_bot", &archive]).0, 1);
    // Export to standard output and import from standard input (for `... | ssh host ... import -`).
    let c = tempfile::tempdir().unwrap();
    let export = std::process::Command::new(env!("CARGO_BIN_EXE_msg-bot-api"))
        .args(["bot", "export", "clash_bot", "-", "--dir"])
        .arg(a.path().join("data"))
        .output()
        .unwrap();
    assert!(export.status.success());
    let mut import = std::process::Command::new(env!("CARGO_BIN_EXE_msg-bot-api"))
        .args(["bot", "import", "-", "--dir"])
        .arg(c.path().join("data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(import.stdin.as_mut().unwrap(), &export.stdout).unwrap();
    let imported = import.wait_with_output().unwrap();
    assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stdout));
    let server = launch(c.path()).start();
    assert_eq!(ok(server.call(&token, "getMe", json!({})))["username"], "clash_bot");
}

#[test]
fn a_bot_directory_the_server_cannot_write_stops_the_start_naming_it() {
    if crate::directories_not_kept() {
        return;
    }
    let root = tempfile::tempdir().unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let token = create_bot(root.path(), "locked_bot");
    let data = root.path().join("data");
    let bot_dir = data.join(id_of(&token).to_string());
    let mut run = launch(root.path()).env("MSG_TEMP_DIR", "/tmp");
    let uid = if is_root() {
        // As in a container: the server runs as 1000; the bot directory stays root's.
        for entry in walk(&data).into_iter().chain([data.clone()]) {
            if !entry.starts_with(&bot_dir) {
                std::os::unix::fs::lchown(&entry, Some(1000), Some(1000)).unwrap();
            }
        }
        std::fs::set_permissions(&bot_dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        let bin = run.bin.display().to_string();
        run.bin = "setpriv".into();
        run.args = ["--reuid=1000", "--regid=1000", "--clear-groups", &bin].map(String::from).to_vec();
        1000
    } else {
        std::fs::set_permissions(&bot_dir, std::fs::Permissions::from_mode(0o500)).unwrap();
        euid()
    };
    let (status, _, stderr) = run.run();
    std::fs::set_permissions(&bot_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(status.code(), Some(1), "{stderr}");
    let expected = format!(
        "error: bot data is not readable and writable by UID {uid}, so these bots cannot be served: {} (owned by ",
        bot_dir.display()
    );
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(stderr.contains(&format!("chown -R {uid}:")), "{stderr}");
}

#[test]
fn version_needs_no_configuration_and_healthcheck_follows_the_configuration() {
    // No variables at all, in a directory nobody may write.
    let empty = tempfile::tempdir().unwrap();
    std::fs::set_permissions(empty.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_msg-bot-api"))
        .arg("--version")
        .env_clear()
        .current_dir(empty.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "msg-bot-api 0.1.0 (Bot API 10.5)\n");
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0, "--version writes nothing");

    // The probe finds the port where the configuration puts it (here MSG_EXTRA_ARGS).
    let root = tempfile::tempdir().unwrap();
    let port = msg_testkit::free_port();
    let configured = |l: Launch| l.env("MSG_EXTRA_ARGS", format!("--http-port {port}"));
    let _server = configured(launch(root.path())).start();
    let (status, out, err) = configured(launch(root.path())).without("MSG_API_ID").arg("healthcheck").run();
    assert!(status.success(), "{err}");
    assert_eq!(out, format!("ok: http://127.0.0.1:{port}/ answers\n"));
    let (status, _, err) = launch(root.path()).arg("healthcheck").run();
    assert_eq!(status.code(), Some(2), "port 0 cannot be probed: {err}");
    assert!(err.contains("give the address with --addr"), "{err}");
    let (status, _, err) = launch(root.path())
        .arg("healthcheck")
        .arg("--addr")
        .arg(format!("127.0.0.1:{}", msg_testkit::free_port()))
        .run();
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("cannot connect to 127.0.0.1:"), "{err}");
}

fn repo_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name)
}

#[test]
fn the_bare_metal_config_and_the_env_example_pass_config_check() {
    let root = tempfile::tempdir().unwrap();
    let config = repo_file("config/msg-bot-api.toml").display().to_string();
    let (status, out, err) = launch(root.path())
        .without("MSG_DIR")
        .without("MSG_TEMP_DIR")
        .without("MSG_HTTP_PORT")
        .without("MSG_HTTP_STAT_PORT")
        .without("MSG_HTTP_IP_ADDRESS")
        .without("MSG_HTTP_STAT_IP_ADDRESS")
        .arg("--config")
        .arg(&config)
        .arg("config")
        .arg("check")
        .run();
    assert!(status.success(), "{err}");
    assert_eq!(out, "configuration is valid\n");
    assert!(err.is_empty(), "{err}");

    // .env.example: every value it sets is valid, and it documents every variable the book's
    // configuration reference (generated from the flag definitions) lists.
    let example = std::fs::read_to_string(repo_file(".env.example")).unwrap();
    let mut check = Launch::new(env!("CARGO_BIN_EXE_msg-bot-api"), root.path());
    check.env.clear();
    for line in example.lines().filter(|l| !l.starts_with('#') && l.contains('=')) {
        let (key, value) = line.split_once('=').unwrap();
        check = check.env(key, value);
    }
    let check = check
        .env("MSG_API_ID", "12345")
        .env("MSG_API_HASH", "0123abcd")
        .env("MSG_DIR", root.path().display().to_string());
    let (status, out, err) = check.arg("config").arg("check").run();
    assert!(status.success(), "{err}");
    assert_eq!((out.as_str(), err.as_str()), ("configuration is valid\n", ""), "no unknown variables");
    let reference = std::fs::read_to_string(repo_file("docs/src/operators/configuration-reference.md")).unwrap();
    let documented: Vec<&str> =
        reference.lines().filter_map(|l| l.strip_prefix("| `MSG_")).filter_map(|l| l.split('`').next()).collect();
    assert!(documented.len() >= 15, "{documented:?}");
    for var in documented {
        let var = format!("MSG_{var}");
        assert!(example.contains(&format!("{var}=")), ".env.example does not document {var}");
    }
}

#[test]
fn a_bot_directory_under_another_name_is_reported_and_its_bot_is_unknown() {
    if crate::directories_not_kept() {
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let token = create_bot(root.path(), "renamed_bot");
    let data = root.path().join("data");
    let (right, wrong) = (data.join(id_of(&token).to_string()), data.join("5555"));
    std::fs::rename(&right, &wrong).unwrap();
    std::fs::create_dir(data.join(format!("{}:AAtokenNamed", id_of(&token)))).unwrap();
    let mut server = launch(root.path()).start();
    let warning = server.wait_for_line(|l| l.contains("holds bot"));
    assert!(
        warning.ends_with(&format!(
            "WARN directory {} holds bot {id}, not bot 5555: the server looks for bot {id} in {}, so it is not served from there; rename the directory to {id} (a bot directory is named by its bot's user id, the part of its token before the colon)",
            wrong.display(),
            right.display(),
            id = id_of(&token)
        )),
        "{warning}"
    );
    server.wait_for_line(|l| l.contains(":AAtokenNamed in the working directory is not a bot directory"));
    assert_eq!(
        server.call(&token, "getMe", json!({})).text(),
        r#"{"ok":false,"error_code":401,"description":"Unauthorized"}"#
    );
}

#[test]
fn the_coverage_report_pins_the_totals_and_methods_md_is_current() {
    let root = tempfile::tempdir().unwrap();
    let (status, stdout, stderr) = launch(root.path()).arg("methods").run();
    assert!(status.success(), "{stderr}");
    assert_eq!(stdout.lines().count(), 193, "one line per Bot API method, then the totals");
    // Pinned: a method can never silently disappear (update with the work that moves it).
    assert_eq!(
        stdout.lines().last().unwrap(),
        "msg-bot-api (Bot API 10.5): 192 methods: 192 work on the embedded platform, 0 answer a documented unavailability error, 0 unrouted; 2 more of Bot API 10.5's 194 are named by no source its schema was written from (engine/spec/changes-10.5.json)"
    );
    assert!(
        stdout.contains("works        sendMessage\n")
            && stdout.contains("works        getChat\n")
            && stdout.contains("works        sendInvoice\n")
            && stdout.contains("works        sendSticker\n")
            && stdout.contains("works        getStickerSet\n")
            && stdout.contains("works        sendGame\n")
            && stdout.contains("works        verifyUser\n")
            && stdout.contains("works        sendGift\n")
            && stdout.contains("works        getBusinessConnection\n")
            && stdout.contains("works        approveSuggestedPost\n")
            && stdout.contains("works        sendRichMessage\n")
            && !stdout.contains("unrouted "),
        "{stdout}"
    );
    let (status, markdown, _) = launch(root.path()).arg("methods").arg("--markdown").run();
    assert!(status.success());
    let checked_in = std::fs::read_to_string(repo_file("METHODS.md")).unwrap();
    assert!(markdown == checked_in, "METHODS.md is stale: run `msg-bot-api methods --markdown > METHODS.md`");
}
