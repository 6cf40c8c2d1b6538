//! Which plugins to load: the `[[plugins]]` entries of the config file (free JSON as the config
//! layer hands it over) and the `MSG_PLUGINS` variable, read into [`PluginSpec`]s. Only reading;
//! loading is `loaded.rs`.
//!
//! ```toml
//! [[plugins]]
//! path = "/opt/msg-bot-api/plugins/libmsg_plugin_example.so"   # required
//! [plugins.settings]                                           # optional, given to the plugin
//! greeting = "hello"
//! ```
//!
//! `MSG_PLUGINS` lists more libraries, separated like `PATH` (`:` on Unix), loaded after the
//! file's entries with no settings.

use std::path::{Path, PathBuf};

use crate::PluginConfigError;

/// One plugin library to load and the settings to give it.
#[derive(Debug, Clone, PartialEq)]
pub struct PluginSpec {
    /// The library file.
    pub path: PathBuf,
    /// Its `[plugins.settings]` table as JSON; `null` when absent.
    pub settings: serde_json::Value,
}

impl PluginSpec {
    pub fn new(path: impl Into<PathBuf>, settings: serde_json::Value) -> Self {
        Self { path: path.into(), settings }
    }

    /// Reads the `plugins` section (`null` or an array of tables with `path` and optional
    /// `settings`) and then `MSG_PLUGINS`. Relative paths in the file are resolved against
    /// `base_dir` (the config file's directory) when given; relative `MSG_PLUGINS` paths
    /// against the working directory. A `MSG_PLUGINS` path that a file entry already names is
    /// skipped. Every problem is reported, not just the first.
    pub fn from_config(
        section: &serde_json::Value,
        msg_plugins: Option<&str>,
        base_dir: Option<&Path>,
    ) -> Result<Vec<PluginSpec>, Vec<PluginConfigError>> {
        let entries = match section {
            serde_json::Value::Null => &Vec::new(),
            serde_json::Value::Array(entries) => entries,
            _ => return Err(vec![PluginConfigError::NotAnArray]),
        };
        let mut specs = Vec::new();
        let mut errors = Vec::new();
        for (index, entry) in entries.iter().enumerate() {
            let entry_number = index + 1;
            let Some(table) = entry.as_object() else {
                errors.push(PluginConfigError::NotATable { entry: entry_number });
                continue;
            };
            for key in table.keys().filter(|k| !matches!(k.as_str(), "path" | "settings")) {
                errors.push(PluginConfigError::UnknownKey { entry: entry_number, key: key.clone() });
            }
            match table.get("path").and_then(|p| p.as_str()).filter(|p| !p.trim().is_empty()) {
                Some(path) => {
                    let path = Path::new(path);
                    let path = match base_dir {
                        Some(base) if path.is_relative() => base.join(path),
                        _ => path.to_owned(),
                    };
                    let settings = table.get("settings").cloned().unwrap_or(serde_json::Value::Null);
                    specs.push(PluginSpec { path, settings });
                }
                None => errors.push(PluginConfigError::MissingPath { entry: entry_number }),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        for path in msg_plugins.map(std::env::split_paths).into_iter().flatten() {
            if !path.as_os_str().is_empty() && !specs.iter().any(|s| s.path == path) {
                specs.push(PluginSpec { path, settings: serde_json::Value::Null });
            }
        }
        Ok(specs)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn entries_then_the_variable_with_relative_paths_resolved() {
        let section = json!([
            { "path": "libs/liba.so", "settings": { "greeting": "hi" } },
            { "path": "/abs/libb.so" },
        ]);
        let specs =
            PluginSpec::from_config(&section, Some("/abs/libb.so:/x/libc.so::"), Some(Path::new("/etc/msg"))).unwrap();
        assert_eq!(
            specs,
            [
                PluginSpec::new("/etc/msg/libs/liba.so", json!({ "greeting": "hi" })),
                PluginSpec::new("/abs/libb.so", serde_json::Value::Null),
                PluginSpec::new("/x/libc.so", serde_json::Value::Null),
            ]
        );
        assert_eq!(PluginSpec::from_config(&serde_json::Value::Null, None, None).unwrap(), []);
    }

    #[test]
    fn every_bad_entry_is_reported_with_its_number() {
        let section = json!([{ "path": "" }, 3, { "path": "a.so", "setings": {} }]);
        let errors = PluginSpec::from_config(&section, None, None).unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert!(text[0].contains("entry 1 needs `path`"), "{}", text[0]);
        assert!(text[1].contains("entry 2 must be a table"), "{}", text[1]);
        assert!(text[2].contains("entry 3 has unknown key `setings`"), "{}", text[2]);
        assert_eq!(PluginSpec::from_config(&json!({}), None, None).unwrap_err(), [PluginConfigError::NotAnArray]);
    }
}
