//! Loads the dynamic plugins named by `MSG_PLUGINS` and `[[plugins]]` into the registrar before
//! the engine is built, and logs each one with its version and what it adds. Any failure stops
//! the start (exit 2) with a message naming the library, where it was configured and the fix.

use msg_config::PluginSpec;
use msg_core::Registrar;

pub fn load(specs: &[PluginSpec], registrar: &mut Registrar) -> Result<(), String> {
    let mut problems = Vec::new();
    for spec in specs {
        match msg_plugin_host::load(&spec.path, spec.settings.clone()) {
            // The host logs each loaded plugin with its version, methods and stats pages.
            Ok(plugin) => {
                if let Err(e) = registrar.add_plugin(&plugin, &serde_json::Value::Null) {
                    problems.push(format!("{e} (loaded from {}, configured by {})", spec.path.display(), spec.source));
                }
            }
            Err(e) => problems.push(format!("{e} (configured by {})", spec.source)),
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}
