//! The configuration reference (`msg-bot-api config reference`): every variable, flag, config
//! key and default, made from the flag definitions ([`ServerFlags`]'s help texts, the key table
//! of `layers`), so the page the book shows (`docs/src/operators/configuration-reference.md`)
//! cannot drift from the code: a test compares them.

use clap::{Args, Command};

use crate::flags::ServerFlags;
use crate::layers::{KEYS, SPECIAL_VARS, env_of};

/// What each variable without a config key does (`SPECIAL_VARS`).
const SPECIAL: &[(&str, &str)] = &[
    ("MSG_CONFIG", "The config file (TOML) to read; without it `/etc/msg-bot-api/config.toml` when that exists"),
    (
        "MSG_EXTRA_ARGS",
        "More flags, split as a shell would (quotes keep spaces); they come after the variables, so they win",
    ),
    ("MSG_API_ID_FILE", "Read `MSG_API_ID` from this file (container secrets); set it or `MSG_API_ID`, not both"),
    ("MSG_API_HASH_FILE", "Read `MSG_API_HASH` from this file; set it or `MSG_API_HASH`, not both"),
    ("MSG_PLUGINS", "Dynamic plugins to load: comma-separated paths to `.so` files"),
];

/// What each config-file-only section holds.
const SECTIONS: &[(&str, &str)] = &[
    (
        "[storage]",
        "`kind` = `sqlite` (default), `postgres` (with `url`, or `MSG_DATABASE_URL`) or `memory`; `instances` = `one` or `several`",
    ),
    (
        "[[bots]]",
        "Bots declared with their tokens (`token`, `username`, `name`, and `bot set`'s switches), created or updated at every start",
    ),
    ("[[plugins]]", "A plugin's `path` (relative to the config file) and its `settings`, handed to it as JSON"),
    ("[[faults]]", "Fault rules in force from the start, as the operator's `addFault` takes them"),
];

/// A flag's help text without its `[env: …, default …]` note, and the default the note names.
fn meaning_and_default(help: &str) -> (String, String) {
    let help = help.trim();
    let Some(open) = help.rfind(" [").filter(|_| help.ends_with(']')) else { return (help.to_owned(), String::new()) };
    let note = &help[open + 2..help.len() - 1];
    let default =
        note.split(", ").find_map(|part| part.strip_prefix("default ")).map(str::to_owned).unwrap_or_default();
    (help[..open].to_owned(), default)
}

/// A table cell's text: its `|` escaped, and `<`, `>` written as references (the book renders
/// Markdown, where `<mod>` would be a tag).
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('<', "&lt;").replace('>', "&gt;")
}

/// The reference as Markdown.
pub fn markdown() -> String {
    let command = ServerFlags::augment_args(Command::new("msg-bot-api"));
    let mut out = String::from(
        "# Configuration reference\n\n\
         Generated from the flag definitions by `msg-bot-api config reference`; a test fails when \
         this page and the code differ. Each setting has one name in every layer: the config \
         file's key, the `MSG_` variable (the key in capitals) and the flag. Precedence, lowest \
         to highest: defaults, the config file, the environment, `MSG_EXTRA_ARGS`, the command \
         line. See [Configuration](configuration.md) for what needs more words.\n\n\
         | Variable | Flag | Config key | Default | Meaning |\n|---|---|---|---|---|\n",
    );
    for (key, flag) in KEYS {
        let arg = command.get_arguments().find(|a| a.get_id().as_str() == *key);
        let Some(arg) = arg else { continue };
        let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
        let (meaning, default) = meaning_and_default(&help);
        let mut flags = vec![format!("`{flag}`")];
        if let Some(short) = arg.get_short() {
            flags.push(format!("`-{short}`"));
        }
        for alias in arg.get_visible_aliases().unwrap_or_default() {
            flags.push(format!("`--{alias}`"));
        }
        let default = if default.is_empty() { "—".to_owned() } else { format!("`{default}`") };
        out.push_str(&format!(
            "| `{}` | {} | `{key}` | {} | {} |\n",
            env_of(key),
            flags.join(", "),
            default.replace('|', "\\|"),
            cell(&meaning)
        ));
    }
    out.push_str("\nVariables of their own (no config key, no flag):\n\n| Variable | Meaning |\n|---|---|\n");
    for var in SPECIAL_VARS {
        let meaning = SPECIAL.iter().find(|(v, _)| v == var).map_or("", |(_, m)| m);
        out.push_str(&format!("| `{var}` | {} |\n", cell(meaning)));
    }
    out.push_str("\nSections only the config file has:\n\n| Section | Holds |\n|---|---|\n");
    for (section, holds) in SECTIONS {
        out.push_str(&format!("| `{section}` | {} |\n", cell(holds)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The book's page is the generator's output (`UPDATE_GENERATED=1` rewrites it).
    #[test]
    fn the_books_configuration_reference_is_current() {
        let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/src/operators/configuration-reference.md");
        let made = markdown();
        if std::env::var("UPDATE_GENERATED").is_ok_and(|v| v == "1") {
            std::fs::write(page, &made).unwrap();
        }
        let kept = std::fs::read_to_string(page).unwrap_or_default();
        assert!(
            kept == made,
            "docs/src/operators/configuration-reference.md differs from the flag definitions: run \
             `UPDATE_GENERATED=1 cargo test -p msg-config` (or `msg-bot-api config reference`) and commit it"
        );
    }

    #[test]
    fn every_key_and_special_variable_is_described() {
        let made = markdown();
        for (key, _) in KEYS {
            assert!(made.contains(&format!("`{}`", env_of(key))), "{key} is missing");
        }
        for var in SPECIAL_VARS {
            assert!(SPECIAL.iter().any(|(v, m)| v == var && !m.is_empty()), "{var} has no description");
        }
        assert_eq!(meaning_and_default("Port [env: MSG_X, default 8081]"), ("Port".into(), "8081".into()));
        assert_eq!(meaning_and_default("Filter"), ("Filter".into(), String::new()));
    }
}
