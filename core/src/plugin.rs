//! Plugins and the registry they fill. A [`Plugin`] registers methods, storage backends and stats
//! exporters into a [`Registrar`]; built-ins go through the same door under the plugin name
//! `builtin`. [`Registrar::freeze`] resolves clashes once, before any socket is bound, and yields
//! the immutable [`Registry`] the engine dispatches from.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::Arc;

use crate::MethodHandler;
use crate::stats::StatsExporter;
use crate::storage::StorageFactory;

/// The name built-in registrations carry.
pub const BUILTIN: &str = "builtin";

/// A plugin failed to register.
#[derive(Debug, thiserror::Error)]
#[error("plugin {plugin}: {message}")]
pub struct PluginError {
    pub plugin: String,
    pub message: String,
}

impl PluginError {
    pub fn new(plugin: impl Into<String>, message: impl Into<String>) -> Self {
        Self { plugin: plugin.into(), message: message.into() }
    }
}

/// A set of extensions with a name.
pub trait Plugin: Send + Sync + 'static {
    fn name(&self) -> &str;

    fn version(&self) -> &str {
        "0.0.0"
    }

    /// Registers the plugin's extensions; `config` is its `[[plugins]]` section (or `null`).
    fn register(&self, registrar: &mut Registrar, config: &serde_json::Value) -> Result<(), PluginError>;
}

/// A clash or dangling override found when freezing the registry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    #[error("method {method} is registered by both plugin {first} and plugin {second}; remove one of them")]
    MethodClash { method: String, first: String, second: String },
    #[error("plugin {plugin} overrides method {method}, which no built-in provides; use `method` instead")]
    NothingToOverride { method: String, plugin: String },
    #[error("{kind} {name} is registered by both plugin {first} and plugin {second}")]
    NameClash { kind: &'static str, name: String, first: String, second: String },
}

/// A registered method: its byte-exact name, owner and handler.
#[derive(Clone)]
pub struct MethodEntry {
    pub name: String,
    pub plugin: String,
    pub handler: Arc<dyn MethodHandler>,
}

struct Pending<T> {
    name: String,
    plugin: String,
    item: T,
    is_override: bool,
}

/// Collects registrations; see the module docs.
#[derive(Default)]
pub struct Registrar {
    current: String,
    methods: Vec<Pending<Arc<dyn MethodHandler>>>,
    storages: Vec<Pending<Arc<dyn StorageFactory>>>,
    exporters: Vec<Pending<Arc<dyn StatsExporter>>>,
    plugins: Vec<(String, String)>,
}

impl Registrar {
    pub fn new() -> Self {
        Self { current: BUILTIN.to_owned(), ..Self::default() }
    }

    /// Runs `plugin.register` with registrations attributed to it.
    pub fn add_plugin(&mut self, plugin: &dyn Plugin, config: &serde_json::Value) -> Result<(), PluginError> {
        let previous = std::mem::replace(&mut self.current, plugin.name().to_owned());
        self.plugins.push((plugin.name().to_owned(), plugin.version().to_owned()));
        let result = plugin.register(self, config);
        self.current = previous;
        result
    }

    /// Adds a method. Clashing with another registration of the same name is an error at freeze.
    pub fn method(&mut self, name: &str, handler: Arc<dyn MethodHandler>) {
        self.push_method(name, handler, false);
    }

    /// Replaces a built-in method explicitly.
    pub fn override_method(&mut self, name: &str, handler: Arc<dyn MethodHandler>) {
        self.push_method(name, handler, true);
    }

    fn push_method(&mut self, name: &str, handler: Arc<dyn MethodHandler>, is_override: bool) {
        let plugin = self.current.clone();
        self.methods.push(Pending { name: name.to_owned(), plugin, item: handler, is_override });
    }

    /// Adds a storage backend kind, selected by configuration.
    pub fn storage(&mut self, kind: &str, factory: Arc<dyn StorageFactory>) {
        let plugin = self.current.clone();
        self.storages.push(Pending { name: kind.to_owned(), plugin, item: factory, is_override: false });
    }

    /// Adds a stats exporter.
    pub fn exporter(&mut self, exporter: Arc<dyn StatsExporter>) {
        let (name, plugin) = (exporter.path().to_owned(), self.current.clone());
        self.exporters.push(Pending { name, plugin, item: exporter, is_override: false });
    }

    /// Everything registered so far, unresolved and in registration order, instead of a
    /// [`Registry`]. For code that forwards registrations elsewhere rather than dispatching from
    /// them: the dynamic-plugin SDK runs a plugin's `register` inside the plugin library, then
    /// describes these registrations to the server, whose own [`Registrar`] resolves clashes.
    pub fn into_registrations(self) -> Registrations {
        let methods = self
            .methods
            .into_iter()
            .map(|p| MethodRegistration { name: p.name, plugin: p.plugin, handler: p.item, is_override: p.is_override })
            .collect();
        let storages = self.storages.into_iter().map(|p| (p.name, p.item)).collect();
        let exporters = self.exporters.into_iter().map(|p| p.item).collect();
        Registrations { methods, storages, exporters }
    }

    /// Resolves every registration into the immutable registry, reporting all clashes.
    pub fn freeze(self) -> Result<Registry, Vec<RegistryError>> {
        let mut errors = Vec::new();
        let mut methods: HashMap<String, MethodEntry> = HashMap::new();
        let (overrides, plain): (Vec<_>, Vec<_>) = self.methods.into_iter().partition(|p| p.is_override);
        for p in plain {
            match methods.entry(p.name.to_ascii_lowercase()) {
                Entry::Occupied(e) => errors.push(RegistryError::MethodClash {
                    method: p.name,
                    first: e.get().plugin.clone(),
                    second: p.plugin,
                }),
                Entry::Vacant(e) => {
                    e.insert(MethodEntry { name: p.name, plugin: p.plugin, handler: p.item });
                }
            }
        }
        let mut overridden: HashMap<String, String> = HashMap::new();
        for p in overrides {
            let key = p.name.to_ascii_lowercase();
            if let Some(first) = overridden.get(&key) {
                errors.push(RegistryError::MethodClash { method: p.name, first: first.clone(), second: p.plugin });
                continue;
            }
            match methods.get_mut(&key) {
                Some(entry) if entry.plugin == BUILTIN => {
                    overridden.insert(key, p.plugin.clone());
                    *entry = MethodEntry { name: entry.name.clone(), plugin: p.plugin, handler: p.item };
                }
                _ => errors.push(RegistryError::NothingToOverride { method: p.name, plugin: p.plugin }),
            }
        }
        let storages = unique("storage backend", self.storages, &mut errors);
        let exporters = unique("stats exporter for path", self.exporters, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Registry { methods, storages, exporters, plugins: self.plugins })
    }
}

fn unique<T: Clone>(kind: &'static str, items: Vec<Pending<T>>, errors: &mut Vec<RegistryError>) -> Vec<(String, T)> {
    let mut seen: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for p in items {
        if let Some(first) = seen.get(&p.name) {
            errors.push(RegistryError::NameClash { kind, name: p.name, first: first.clone(), second: p.plugin });
            continue;
        }
        seen.insert(p.name.clone(), p.plugin);
        out.push((p.name, p.item));
    }
    out
}

/// One method as registered, before clashes are resolved (see [`Registrar::into_registrations`]).
#[derive(Clone)]
#[non_exhaustive]
pub struct MethodRegistration {
    /// The name as registered.
    pub name: String,
    /// The plugin it was registered under.
    pub plugin: String,
    pub handler: Arc<dyn MethodHandler>,
    /// Registered with [`Registrar::override_method`].
    pub is_override: bool,
}

/// What a [`Registrar`] collected, in registration order (see [`Registrar::into_registrations`]).
#[non_exhaustive]
pub struct Registrations {
    pub methods: Vec<MethodRegistration>,
    /// Storage backend kinds and their factories.
    pub storages: Vec<(String, Arc<dyn StorageFactory>)>,
    pub exporters: Vec<Arc<dyn StatsExporter>>,
}

/// The frozen registry.
pub struct Registry {
    methods: HashMap<String, MethodEntry>,
    storages: Vec<(String, Arc<dyn StorageFactory>)>,
    exporters: Vec<(String, Arc<dyn StatsExporter>)>,
    plugins: Vec<(String, String)>,
}

impl Registry {
    /// The method called `name`, matched case-insensitively.
    pub fn method(&self, name: &str) -> Option<&MethodEntry> {
        // Lowercased on the stack: every request looks its method up, most names are short.
        let mut buffer = [0u8; 64];
        match buffer.get_mut(..name.len()) {
            Some(lower) => {
                lower.copy_from_slice(name.as_bytes());
                lower.make_ascii_lowercase();
                // ASCII lowercasing leaves UTF-8 valid.
                std::str::from_utf8(lower).ok().and_then(|lower| self.methods.get(lower))
            }
            None => self.methods.get(&name.to_ascii_lowercase()),
        }
    }

    /// Registered method names, sorted.
    pub fn method_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.methods.values().map(|e| e.name.as_str()).collect();
        names.sort_unstable();
        names
    }

    pub fn storage(&self, kind: &str) -> Option<&Arc<dyn StorageFactory>> {
        self.storages.iter().find(|(k, _)| k == kind).map(|(_, f)| f)
    }

    pub fn storage_kinds(&self) -> Vec<&str> {
        self.storages.iter().map(|(k, _)| k.as_str()).collect()
    }

    /// The exporter for `path`, falling back to the one at `/`.
    pub fn exporter(&self, path: &str) -> Option<&Arc<dyn StatsExporter>> {
        let find = |p: &str| self.exporters.iter().find(|(k, _)| k == p).map(|(_, e)| e);
        find(path).or_else(|| find("/"))
    }

    /// Loaded plugins (name, version), in registration order.
    pub fn plugins(&self) -> &[(String, String)] {
        &self.plugins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ApiError, MethodCall};

    struct Echo;

    #[async_trait::async_trait]
    impl MethodHandler for Echo {
        async fn call(&self, _call: MethodCall) -> Result<crate::Reply, ApiError> {
            Ok(serde_json::Value::Null.into())
        }
    }

    struct Adds(&'static str, &'static str, bool);

    impl Plugin for Adds {
        fn name(&self) -> &str {
            self.0
        }
        fn register(&self, r: &mut Registrar, _: &serde_json::Value) -> Result<(), PluginError> {
            if self.2 {
                r.override_method(self.1, Arc::new(Echo))
            } else {
                r.method(self.1, Arc::new(Echo))
            }
            Ok(())
        }
    }

    #[test]
    fn clashes_name_both_plugins_and_overrides_need_a_builtin() {
        let mut r = Registrar::new();
        r.method("getMe", Arc::new(Echo));
        r.add_plugin(&Adds("alpha", "myMethod", false), &serde_json::Value::Null).unwrap();
        r.add_plugin(&Adds("beta", "MYMETHOD", false), &serde_json::Value::Null).unwrap();
        r.add_plugin(&Adds("gamma", "noSuchBuiltin", true), &serde_json::Value::Null).unwrap();
        let errors = r.freeze().err().unwrap();
        assert_eq!(errors.len(), 2);
        let text = errors[0].to_string();
        assert!(text.contains("alpha") && text.contains("beta"), "{text}");
        assert!(errors[1].to_string().contains("gamma"));
    }

    #[test]
    fn registrations_come_out_unresolved_with_their_override_flags() {
        let mut r = Registrar::new();
        r.add_plugin(&Adds("alpha", "mine", false), &serde_json::Value::Null).unwrap();
        r.add_plugin(&Adds("alpha", "getMe", true), &serde_json::Value::Null).unwrap();
        let got = r.into_registrations();
        let methods: Vec<_> = got.methods.iter().map(|m| (m.name.as_str(), m.plugin.as_str(), m.is_override)).collect();
        assert_eq!(methods, [("mine", "alpha", false), ("getMe", "alpha", true)]);
        assert!(got.storages.is_empty() && got.exporters.is_empty());
    }

    #[test]
    fn an_override_replaces_the_builtin_and_lookups_ignore_case() {
        let mut r = Registrar::new();
        r.method("getMe", Arc::new(Echo));
        r.add_plugin(&Adds("alpha", "getme", true), &serde_json::Value::Null).unwrap();
        let registry = r.freeze().unwrap();
        let entry = registry.method("GETME").unwrap();
        assert_eq!((entry.name.as_str(), entry.plugin.as_str()), ("getMe", "alpha"));
        assert!(registry.method("sendMessage").is_none());
    }
}
