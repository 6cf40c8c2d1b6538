//! The startup contract: the one args line, `--version`, configuration errors and exit codes,
//! preflight (permissions, ports, the lock), logging, signals.

use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use msg_testkit::get;

use crate::launch;

fn line_for(root: &std::path::Path, extra: &str) -> String {
    format!(
        "Starting msg-bot-api (Bot API 10.5) with args: --http-port 0 --http-stat-port 0 --dir {root}/data --temp-dir {root}/tmp --log {root}/data/logs/msg-bot-api.log{extra}",
        root = root.display()
    )
}

#[test]
fn env_only_start_prints_the_exact_line_serves_and_drains_on_sigterm() {
    let root = tempfile::tempdir().unwrap();
    let mut server =
        launch(root.path()).env("MSG_EXTRA_ARGS", "--max-webhook-connections 60 --log-verbosity-level 3").start();
    let expected = line_for(root.path(), " --max-webhook-connections 60 --log-verbosity-level 3");
    let output = server.output();
    assert_eq!(output.lines().next(), Some(expected.as_str()), "first line of the container output");
    assert_eq!(output.matches("Starting msg-bot-api").count(), 1);
    assert_eq!(server.log_file().lines().next(), Some(expected.as_str()), "first line of the log file");
    assert!(!output.contains("0123456789abcdef0123456789abcdef") && !output.contains("12345 "));

    let root_reply = get(server.api, "/").unwrap();
    assert_eq!(root_reply.status, 200);
    assert_eq!(root_reply.header("content-type"), Some("application/json"));
    let body = root_reply.json();
    assert_eq!(body["ok"], true);
    assert_eq!(body["result"]["bot_api_version"], "10.5");
    assert_eq!(body["result"]["phase"], "ready");

    server.signal("TERM");
    let (status, took) = server.wait_exit(Duration::from_secs(9)).expect("drains within 8 s");
    assert!(status.success(), "{status}");
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!(server.log_file().contains("SIGTERM received; draining"));
}

#[test]
fn config_file_only_and_file_with_env_both_work() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("from-file");
    let file = root.path().join("msg.toml");
    std::fs::write(
        &file,
        format!(
            "api_id = 99\napi_hash = \"abcdef12\"\nhttp_port = 0\nhttp_stat_port = 0\nhttp_ip_address = \"127.0.0.1\"\ndir = \"{}\"\ntemp_dir = \"tmp\"\nlocal = true\n",
            dir.display()
        ),
    )
    .unwrap();
    let bare = launch(root.path())
        .without("MSG_API_ID")
        .without("MSG_API_HASH")
        .without("MSG_DIR")
        .without("MSG_TEMP_DIR")
        .without("MSG_HTTP_PORT")
        .without("MSG_HTTP_STAT_PORT")
        .without("MSG_HTTP_IP_ADDRESS")
        .arg("--config")
        .arg(file.display().to_string());
    let mut server = bare.start();
    let d = dir.display();
    let expected = format!(
        "Starting msg-bot-api (Bot API 10.5) with args: --http-port 0 --http-stat-port 0 --dir {d} --temp-dir {d}/tmp --log {d}/logs/msg-bot-api.log --local"
    );
    assert_eq!(server.output().lines().next(), Some(expected.as_str()));
    assert!(std::fs::read_to_string(dir.join("logs/msg-bot-api.log")).unwrap().starts_with(&expected));
    server.signal("INT");
    assert!(server.wait_exit(Duration::from_secs(9)).unwrap().0.success());

    // The environment overrides the file; the command line overrides both.
    let both = bare.env("MSG_LOCAL", "false").env("MSG_TEMP_DIR", "/tmp/msg-e2e-env").arg("--http-stat-port").arg("0");
    let server = both.start();
    let first = server.output().lines().next().unwrap().to_owned();
    assert!(first.contains("--temp-dir /tmp/msg-e2e-env ") && !first.contains("--local"), "{first}");
}

#[test]
fn version_needs_no_environment() {
    let root = tempfile::tempdir().unwrap();
    let (status, stdout, _) = launch(root.path()).without("MSG_API_ID").without("MSG_API_HASH").arg("--version").run();
    assert!(status.success());
    assert_eq!(stdout.trim(), format!("msg-bot-api {} (Bot API 10.5)", env!("CARGO_PKG_VERSION")));
}

#[test]
fn configuration_errors_exit_2_and_name_the_source() {
    let root = tempfile::tempdir().unwrap();
    let (status, stdout, stderr) = launch(root.path()).without("MSG_API_ID").run();
    assert_eq!(status.code(), Some(2));
    assert_eq!(stderr.lines().next(), Some("error: MSG_API_ID is not set"), "{stderr}");
    assert_eq!(stderr.lines().filter(|l| l.starts_with("hint: ")).count(), 1, "{stderr}");
    assert!(stdout.is_empty(), "no startup line when the configuration is bad: {stdout}");

    let (status, _, stderr) = launch(root.path()).without("MSG_API_HASH").run();
    assert_eq!(status.code(), Some(2));
    assert_eq!(stderr.lines().next(), Some("error: MSG_API_HASH is not set"));

    let (status, _, stderr) = launch(root.path()).env("MSG_API_HASH", "SECRET-not-hex").env("MSG_LOCAL", "sure").run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("error: MSG_API_HASH must be a hexadecimal string"), "{stderr}");
    assert!(stderr.contains("error: MSG_LOCAL must be a boolean"), "{stderr}");
    assert!(!stderr.contains("SECRET"), "{stderr}");

    let (status, _, stderr) = launch(root.path()).env("MSG_EXTRA_ARGS", "--no-such-flag 1").run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("error: MSG_EXTRA_ARGS: unexpected argument '--no-such-flag'"), "{stderr}");

    let (status, _, stderr) = launch(root.path()).arg("--no-such-flag").run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("--no-such-flag"), "{stderr}");

    let (status, _, stderr) = launch(root.path()).env("MSG_HTTP_PORT", "9000").env("MSG_HTTP_STAT_PORT", "9000").run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("both 9000"), "{stderr}");
}

#[test]
fn config_check_and_print() {
    let root = tempfile::tempdir().unwrap();
    let (status, stdout, _) = launch(root.path()).arg("config").arg("check").run();
    assert!(status.success());
    assert_eq!(stdout.trim(), "configuration is valid");
    let (status, stdout, _) =
        launch(root.path()).env("MSG_EXTRA_ARGS", "--verbosity 4").arg("config").arg("print").run();
    assert!(status.success());
    assert!(stdout.contains("api_hash = \"<redacted>\""), "{stdout}");
    assert!(stdout.contains("log_verbosity_level = 4  # --log-verbosity-level in MSG_EXTRA_ARGS"), "{stdout}");
    assert!(stdout.contains("http_port = 0  # MSG_HTTP_PORT"), "{stdout}");
    assert!(!stdout.contains("0123456789abcdef"), "{stdout}");
    let (status, _, stderr) = launch(root.path()).env("MSG_HTTP_PORT", "x").arg("config").arg("check").run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("MSG_HTTP_PORT must be a port number"));
}

#[test]
fn a_busy_port_is_named_with_its_variable_and_the_mapping_advice() {
    let root = tempfile::tempdir().unwrap();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let (status, _, stderr) = launch(root.path()).env("MSG_HTTP_PORT", port.to_string()).run();
    assert_eq!(status.code(), Some(1));
    assert!(stderr.contains(&format!("port {port} is already in use")), "{stderr}");
    assert!(stderr.contains("MSG_HTTP_PORT") && stderr.contains("published port mapping"), "{stderr}");
    let (status, _, stderr) = launch(root.path()).env("MSG_HTTP_STAT_PORT", port.to_string()).run();
    assert_eq!(status.code(), Some(1));
    assert!(stderr.contains("MSG_HTTP_STAT_PORT"), "{stderr}");
}

/// On PostgreSQL: a second server on the same database (from another directory, another
/// machine) is refused while the first serves it, as several instances are not safe yet; an
/// admin command still works beside the running server, and once the first stops, the second
/// starts.
#[test]
fn a_second_server_on_the_same_database_is_refused() {
    if crate::on_sqlite() {
        println!("note: runs on PostgreSQL only (MSG_TEST_DATABASE_URL)");
        return;
    }
    let (first_root, second_root) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let first = launch(first_root.path());
    let url = first.env_value("MSG_DATABASE_URL").expect("on PostgreSQL").to_owned();
    let mut first = first.start();
    let (status, _, stderr) = launch(second_root.path()).env("MSG_DATABASE_URL", &url).run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("another msg-bot-api server serves this database already"), "{stderr}");
    assert!(stderr.contains("MSG_DATABASE_URL") && !stderr.contains("password="), "{stderr}");
    let (status, _, stderr) = launch(second_root.path()).env("MSG_DATABASE_URL", &url).arg("bot").arg("list").run();
    assert!(status.success(), "an admin command is no server: {stderr}");
    first.signal("TERM");
    first.wait_exit(std::time::Duration::from_secs(10)).expect("the first server stops");
    let second = launch(second_root.path()).env("MSG_DATABASE_URL", &url).start();
    drop(second);
}

#[test]
fn a_second_instance_on_the_same_directory_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let _first = launch(root.path()).start();
    let (status, _, stderr) = launch(root.path()).run();
    assert_eq!(status.code(), Some(1));
    assert!(stderr.contains("is already in use by another msg-bot-api (pid "), "{stderr}");
    assert!(stderr.contains("msg-bot-api.lock"), "{stderr}");
}

fn is_root() -> bool {
    std::process::Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0\n")).unwrap_or(false)
}

#[test]
fn an_unwritable_directory_names_the_path_the_uid_and_the_fix() {
    let root = tempfile::tempdir().unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let data = root.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o555)).unwrap();
    let mut run = launch(root.path()).env("MSG_TEMP_DIR", "/tmp");
    if is_root() {
        // Root writes anywhere: run as UID 1000, as in the container.
        let bin = run.bin.display().to_string();
        run.bin = "setpriv".into();
        run.args = ["--reuid=1000", "--regid=1000", "--clear-groups", &bin].map(String::from).to_vec();
    }
    let (status, _, stderr) = run.run();
    assert_eq!(status.code(), Some(1), "{stderr}");
    let uid = if is_root() {
        "1000".to_owned()
    } else {
        String::from_utf8(std::process::Command::new("id").arg("-u").output().unwrap().stdout)
            .unwrap()
            .trim()
            .to_owned()
    };
    assert!(stderr.contains(&data.display().to_string()), "{stderr}");
    assert!(stderr.contains(&format!("running as UID {uid}")), "{stderr}");
    assert!(stderr.contains(&format!("chown -R {uid}:")), "{stderr}");
}

#[test]
fn sigusr1_and_sighup_reopen_the_log_file() {
    let root = tempfile::tempdir().unwrap();
    let mut server = launch(root.path()).start();
    let log = server.dir.join("logs/msg-bot-api.log");
    for (i, signal) in ["USR1", "HUP"].into_iter().enumerate() {
        let moved = root.path().join(format!("rotated-{i}.log"));
        std::fs::rename(&log, &moved).unwrap();
        server.signal(signal);
        server.wait_for_count("log file reopened", i + 1);
        msg_testkit::poll_until("the new log file gets the new lines", || {
            std::fs::read_to_string(&log).is_ok_and(|t| t.contains("log file reopened"))
        });
        assert!(std::fs::read_to_string(&moved).unwrap().contains("Starting msg-bot-api") || i > 0);
    }
}

#[test]
fn bots_declared_in_the_config_file_get_stable_tokens_and_bad_entries_stop_the_start() {
    let root = tempfile::tempdir().unwrap();
    let token = "424242:AAstableTokenForCi_0123456789abcdefg";
    let config = root.path().join("msg.toml");
    std::fs::write(&config, format!("[[bots]]\ntoken = \"{token}\"\nusername = \"ci_bot\"\nname = \"CI\"\n")).unwrap();
    let server = launch(root.path()).arg("--config").arg(config.display().to_string()).start();
    let me = server.call(token, "getMe", serde_json::json!({}));
    assert_eq!(me.status, 200, "{}", me.text());
    assert_eq!(me.json()["result"]["id"], 424242);
    assert_eq!(me.json()["result"]["username"], "ci_bot");
    assert_eq!(me.json()["result"]["first_name"], "CI");
    if crate::on_sqlite() {
        assert!(root.path().join("data/424242/bot.sqlite").is_file(), "a declared bot lives in its own directory");
    }
    drop(server);

    // A restart with another name keeps the bot and its token, renamed.
    std::fs::write(&config, format!("[[bots]]\ntoken = \"{token}\"\nusername = \"ci_bot\"\nname = \"CI 2\"\n"))
        .unwrap();
    let server = launch(root.path()).arg("--config").arg(config.display().to_string()).start();
    assert_eq!(server.call(token, "getMe", serde_json::json!({})).json()["result"]["first_name"], "CI 2");
    drop(server);

    std::fs::write(&config, "[[bots]]\ntoken = \"not-a-token\"\nusername = \"ci\"\n").unwrap();
    let (status, _, stderr) = launch(root.path()).arg("--config").arg(config.display().to_string()).run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&format!("`bots[0].token` in config file {}", config.display())), "{stderr}");
    assert!(stderr.contains("`bots[0].username`"), "{stderr}");
    assert!(!stderr.contains("not-a-token"), "a bad token is never echoed: {stderr}");
}

#[test]
fn the_memory_backend_serves_declared_bots_and_forgets_everything_at_exit() {
    let root = tempfile::tempdir().unwrap();
    let token = "515151:AAephemeralToken_0123456789abcdefghij";
    let config = root.path().join("msg.toml");
    std::fs::write(
        &config,
        format!("[storage]\nkind = \"memory\"\n\n[[bots]]\ntoken = \"{token}\"\nusername = \"temp_bot\"\n"),
    )
    .unwrap();
    let start =
        || launch(root.path()).without("MSG_DATABASE_URL").arg("--config").arg(config.display().to_string()).start();
    let server = start();
    assert!(server.output().contains("storage memory"), "{}", server.output());
    let commands = serde_json::json!([{"command": "go", "description": "Go"}]);
    assert_eq!(server.call(token, "setMyCommands", serde_json::json!({"commands": commands})).json()["result"], true);
    assert_eq!(server.call(token, "getMyCommands", serde_json::json!({})).json()["result"], commands);
    assert!(!root.path().join("data/515151").exists(), "nothing of the bot on disk");
    drop(server);

    let server = start();
    assert_eq!(server.call(token, "getMe", serde_json::json!({})).json()["result"]["username"], "temp_bot");
    assert_eq!(server.call(token, "getMyCommands", serde_json::json!({})).json()["result"], serde_json::json!([]));
    let (status, _, stderr) = launch(root.path())
        .without("MSG_DATABASE_URL")
        .arg("--config")
        .arg(config.display().to_string())
        .arg("bot")
        .arg("list")
        .run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("storage is `memory`") && stderr.contains("[[bots]]"), "{stderr}");
}

#[test]
fn an_unreachable_database_stops_the_start_naming_the_variable_and_never_the_password() {
    let root = tempfile::tempdir().unwrap();
    let closed = msg_testkit::free_port();
    let url = format!("postgres://botapi:pa55word@127.0.0.1:{closed}/botapi");
    let (status, stdout, stderr) = launch(root.path()).env("MSG_DATABASE_URL", url).run();
    assert_eq!(status.code(), Some(2), "{stdout}{stderr}");
    assert!(stderr.contains("`botapi` on 127.0.0.1:") && stderr.contains("check MSG_DATABASE_URL"), "{stderr}");
    let log = std::fs::read_to_string(root.path().join("data/logs/msg-bot-api.log")).unwrap();
    for text in [&stdout, &stderr, &log] {
        assert!(!text.contains("pa55word"), "{text}");
    }
    // `config print` shows where the database is, not its password.
    let url = "postgres://botapi:pa55word@db.internal:5432/botapi";
    let (status, stdout, _) = launch(root.path()).env("MSG_DATABASE_URL", url).arg("config").arg("print").run();
    assert!(status.success());
    assert!(stdout.contains("database_url = \"postgres://botapi:<redacted>@db.internal:5432/botapi\""), "{stdout}");
    assert!(!stdout.contains("pa55word"));
}
