//! Real client libraries against the real binary: python-telegram-bot 22.8 with an `Application`
//! polling and one receiving webhooks, pointed at the server by `base_url`. The person on the
//! other side of the chat is driven over the user-side API. The interpreter comes from
//! `BOT_API_TEST_PYTHON`, else `target/ci-venv` (which `.ci/test` creates).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{create_bot, launch};

fn workspace() -> PathBuf {
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

fn create_user(root: &Path, name: &str) -> String {
    let (status, stdout, stderr) = launch(root).arg("user").arg("create").arg("--name").arg(name).run();
    assert!(status.success(), "{stderr}");
    stdout.trim().to_owned()
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
