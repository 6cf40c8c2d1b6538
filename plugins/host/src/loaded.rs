//! Loading a plugin library and serving it: [`load`] opens and checks the library, initialises
//! it and reads its description; [`LoadedPlugin`] registers a [`MethodHandler`] per described
//! method and a [`StatsExporter`] per described exporter, each forwarding across the ABI. The
//! callbacks the plugin calls back into live in `callbacks.rs`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use msg_core::{ApiError, MethodCall, MethodHandler, Plugin, PluginError, Registrar, Reply, StatsExporter};
use msg_plugin_abi::wire::{self, Description, ExporterDescription, Failure, MethodDescription, MethodRequest};
use msg_plugin_abi::{
    ABI_VERSION, Buffer, CallMethodFn, ENTRY_SYMBOL, EntryFn, PluginTable, Slice, Status, read_header, read_table,
};
use tokio::sync::oneshot;

use crate::callbacks::{Answer, CallContext, ContextToken, PendingCall, host_table, method_done};
use crate::{LOG_TARGET, LoadError};

type RenderStatsFn = unsafe extern "C" fn(request: Slice, out: *mut Buffer) -> Status;
type FreeBufferFn = unsafe extern "C" fn(buffer: Buffer);

/// Libraries loaded successfully, by canonical path: each may be loaded once.
static LOADED: LazyLock<Mutex<HashSet<PathBuf>>> = LazyLock::new(Default::default);

/// A plugin library, opened, initialised and described; register it like any [`Plugin`]. Cheap
/// to clone; the library stays loaded for the rest of the process.
#[derive(Clone)]
pub struct LoadedPlugin {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    name: Arc<str>,
    version: String,
    description: Description,
    call_method: CallMethodFn,
    render_stats: RenderStatsFn,
    free_buffer: FreeBufferFn,
}

impl std::fmt::Debug for LoadedPlugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedPlugin")
            .field("path", &self.inner.path)
            .field("name", &self.inner.name)
            .field("version", &self.inner.version)
            .field("description", &self.inner.description)
            .finish()
    }
}

impl LoadedPlugin {
    /// The library file, as given to [`load`].
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// The methods the plugin registers, in its registration order.
    pub fn methods(&self) -> &[MethodDescription] {
        &self.inner.description.methods
    }

    /// The stats exporters the plugin registers.
    pub fn exporters(&self) -> &[ExporterDescription] {
        &self.inner.description.exporters
    }
}

impl Plugin for LoadedPlugin {
    fn name(&self) -> &str {
        &self.inner.name
    }

    fn version(&self) -> &str {
        &self.inner.version
    }

    /// Registers the described methods (overrides with `override_method`) and exporters. The
    /// plugin received its settings in [`load`]; `config` here is ignored.
    fn register(&self, registrar: &mut Registrar, _config: &serde_json::Value) -> Result<(), PluginError> {
        for method in &self.inner.description.methods {
            let handler = Arc::new(PluginMethod { plugin: self.inner.clone(), name: method.name.clone() });
            if method.is_override {
                registrar.override_method(&method.name, handler);
            } else {
                registrar.method(&method.name, handler);
            }
        }
        for exporter in &self.inner.description.exporters {
            registrar.exporter(Arc::new(PluginExporter { plugin: self.inner.clone(), description: exporter.clone() }));
        }
        Ok(())
    }
}

/// Opens the plugin library at `path` (never to be unloaded), checks its ABI version and
/// function table, initialises it with `settings` (its `[plugins.settings]`, `null` when none)
/// and reads what it provides. Each library can be loaded once per process; one whose
/// initialisation failed may be tried again.
pub fn load(path: &Path, settings: serde_json::Value) -> Result<LoadedPlugin, LoadError> {
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    // Held throughout, so two loads of one file cannot both pass the check.
    let mut loaded = LOADED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if loaded.contains(&canonical) {
        return Err(LoadError::AlreadyLoaded { path: path.to_owned() });
    }
    let entry = open(path)?;
    // SAFETY: `entry` is the library's `msg_plugin_entry`, of type `EntryFn` per the ABI; the
    // library is never unloaded, so the table it returns stays valid.
    let table = unsafe { entry() };
    // SAFETY: a non-null table pointer from the entry point points to a live, `'static` table.
    let plugin = unsafe { from_table(path, table, &settings) }?;
    loaded.insert(canonical);
    tracing::info!(
        target: LOG_TARGET,
        "loaded plugin {} {} from {}: methods [{}], stats exporters [{}]",
        plugin.inner.name,
        plugin.inner.version,
        path.display(),
        plugin.methods().iter().map(|m| m.name.as_str()).collect::<Vec<_>>().join(", "),
        plugin.exporters().iter().map(|e| e.path.as_str()).collect::<Vec<_>>().join(", "),
    );
    Ok(plugin)
}

/// dlopen's error text, with its cause.
fn dl_message(error: &libloading::Error) -> String {
    match std::error::Error::source(error) {
        Some(source) => format!("{error}: {source}"),
        None => error.to_string(),
    }
}

/// Opens the library for good and finds its entry point.
fn open(path: &Path) -> Result<EntryFn, LoadError> {
    // A bare file name would make dlopen search the system's library path instead of the
    // working directory.
    let file = if path.is_relative() && path.parent().is_none_or(|p| p.as_os_str().is_empty()) {
        Path::new(".").join(path)
    } else {
        path.to_owned()
    };
    // SAFETY: opening a library runs its initialisers; plugins are trusted code (see the crate
    // docs). RTLD_NOW reports unresolved symbols here rather than at some later call.
    #[cfg(unix)]
    let library = unsafe {
        use libloading::os::unix::{Library, RTLD_LOCAL, RTLD_NOW};
        Library::open(Some(&file), RTLD_NOW | RTLD_LOCAL).map(libloading::Library::from)
    };
    // SAFETY: as above.
    #[cfg(not(unix))]
    let library = unsafe { libloading::Library::new(&file) };
    let library = library.map_err(|e| LoadError::Open { path: path.to_owned(), message: dl_message(&e) })?;
    // SAFETY: the symbol's type is fixed by the ABI (`EntryFn`); a library exporting the name
    // with another type is not a plugin, which we cannot detect.
    let entry = unsafe { library.get::<EntryFn>(ENTRY_SYMBOL) }
        .map(|symbol| *symbol)
        .map_err(|e| LoadError::MissingEntry { path: path.to_owned(), message: dl_message(&e) })?;
    // Never unloaded: plugin code may run on the plugin's threads at any time, and the table and
    // `entry` point into the library.
    std::mem::forget(library);
    Ok(entry)
}

/// Takes a plugin's bytes out of a buffer it wrote, and frees the buffer.
///
/// # Safety
/// `buffer` was written by the plugin whose `free_buffer` this is, and is not used again.
unsafe fn take(buffer: Buffer, free_buffer: FreeBufferFn) -> Vec<u8> {
    // SAFETY: a live buffer from this plugin (caller).
    let bytes = unsafe { buffer.as_bytes() }.to_vec();
    // SAFETY: freed once, by the side that allocated it.
    unsafe { free_buffer(buffer) };
    bytes
}

/// Checks, initialises and describes the plugin behind `table`.
///
/// # Safety
/// `table` is null or points to a live plugin table that stays valid for the rest of the
/// process, whose functions follow the ABI.
pub(crate) unsafe fn from_table(
    path: &Path,
    table: *const PluginTable,
    settings: &serde_json::Value,
) -> Result<LoadedPlugin, LoadError> {
    let path_buf = || path.to_owned();
    if table.is_null() {
        return Err(LoadError::NullTable { path: path_buf() });
    }
    // SAFETY: non-null and live (caller); every table starts with its header.
    let header = unsafe { read_header(table) };
    if header.abi_version != ABI_VERSION {
        return Err(LoadError::AbiMismatch {
            path: path_buf(),
            found: header.abi_version,
            expected: ABI_VERSION,
            sdk: env!("CARGO_PKG_VERSION"),
        });
    }
    if header.struct_size < PluginTable::MIN_SIZE {
        return Err(LoadError::TableTooSmall {
            path: path_buf(),
            found: header.struct_size,
            min: PluginTable::MIN_SIZE,
            abi: ABI_VERSION,
        });
    }
    // SAFETY: live, and at least `MIN_SIZE` bytes as just checked.
    let table = unsafe { read_table(table) };
    let missing = |field| LoadError::MissingFunction { path: path_buf(), field };
    let init = table.init.ok_or_else(|| missing("init"))?;
    let describe = table.describe.ok_or_else(|| missing("describe"))?;
    let call_method = table.call_method.ok_or_else(|| missing("call_method"))?;
    let render_stats = table.render_stats.ok_or_else(|| missing("render_stats"))?;
    let free_buffer = table.free_buffer.ok_or_else(|| missing("free_buffer"))?;
    // SAFETY: the table's strings are `'static` in the plugin (ABI).
    let (name, version) = unsafe { (table.name.as_bytes(), table.version.as_bytes()) };
    let name = match std::str::from_utf8(name) {
        Ok(name) if !name.trim().is_empty() => name.to_owned(),
        _ => return Err(LoadError::InvalidName { path: path_buf() }),
    };
    let version = match String::from_utf8_lossy(version) {
        v if v.is_empty() => "0.0.0".to_owned(),
        v => v.into_owned(),
    };

    let settings = serde_json::to_vec(settings).expect("JSON values serialize");
    let mut error_out = Buffer::EMPTY;
    // SAFETY: `init` follows the ABI: the settings and the `'static` host table outlive the call;
    // `error_out` is a valid out-pointer.
    let status = unsafe { init(Slice::new(&settings), host_table(), &mut error_out) };
    if status != Status::OK {
        // SAFETY: written by the plugin (or still empty), freed once.
        let message = String::from_utf8_lossy(&unsafe { take(error_out, free_buffer) }).into_owned();
        return Err(match status {
            Status::PANIC => LoadError::InitPanicked { path: path_buf(), name, message },
            Status::ERROR => LoadError::InitFailed { path: path_buf(), name, message },
            Status(other) => {
                LoadError::InitFailed { path: path_buf(), name, message: format!("status {other}: {message}") }
            }
        });
    }

    let mut out = Buffer::EMPTY;
    // SAFETY: `describe` follows the ABI; `out` is a valid out-pointer.
    let status = unsafe { describe(&mut out) };
    // SAFETY: written by the plugin (or still empty), freed once.
    let bytes = unsafe { take(out, free_buffer) };
    let invalid = |message| LoadError::InvalidDescription { path: path_buf(), name: name.clone(), message };
    if status != Status::OK {
        return Err(invalid(format!("describe failed: {}", String::from_utf8_lossy(&bytes))));
    }
    let description: Description =
        serde_json::from_slice(&bytes).map_err(|e| invalid(format!("not JSON: {}", wire::invalid(&bytes, &e))))?;
    if description.methods.iter().any(|m| m.name.trim().is_empty()) {
        return Err(invalid("a method has an empty name".to_owned()));
    }
    if let Some(e) = description.exporters.iter().find(|e| !e.path.starts_with('/')) {
        return Err(invalid(format!("exporter path {:?} does not start with /", e.path)));
    }
    Ok(LoadedPlugin {
        inner: Arc::new(Inner {
            path: path_buf(),
            name: name.into(),
            version,
            description,
            call_method,
            render_stats,
            free_buffer,
        }),
    })
}

/// One described method: forwards each call across the ABI and awaits the completion.
struct PluginMethod {
    plugin: Arc<Inner>,
    name: String,
}

#[async_trait::async_trait]
impl MethodHandler for PluginMethod {
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        let plugin = &self.plugin;
        let mut request = MethodRequest::new(&call.method, call.ctx.bot_id, &call.params);
        request.bot_username = call.ctx.bot_username.clone();
        request.local_mode = call.ctx.host.local_mode();
        let request = serde_json::to_vec(&request).expect("a request serializes");
        let token = ContextToken::register(CallContext {
            host: call.ctx.host.clone(),
            runtime: tokio::runtime::Handle::try_current().ok(),
            plugin: plugin.name.clone(),
        });
        let host_ctx = token.0;
        let (tx, rx) = oneshot::channel::<Answer>();
        let pending = Box::into_raw(Box::new(PendingCall { answer: tx, _context: token }));
        // SAFETY: `call_method` follows the ABI: the request outlives the call, and the plugin
        // completes exactly once through `method_done` with `pending`, which owns the sender.
        unsafe { (plugin.call_method)(host_ctx, Slice::new(&request), method_done, pending.cast()) };
        let failure = match rx.await {
            Ok((status, payload)) => match wire::decode_outcome(status, &payload) {
                Ok(outcome) => return outcome,
                Err(failure) => failure,
            },
            Err(_) => Failure::Panic("the completion was dropped".to_owned()),
        };
        match failure {
            Failure::Panic(message) => {
                tracing::error!(target: LOG_TARGET, "plugin {}: method {} panicked: {message}", plugin.name, self.name);
            }
            Failure::Invalid(message) => tracing::error!(
                target: LOG_TARGET,
                "plugin {}: method {} answered with an invalid payload: {message}",
                plugin.name,
                self.name
            ),
        }
        Err(ApiError::internal_server_error())
    }
}

/// One described stats exporter: renders synchronously across the ABI.
struct PluginExporter {
    plugin: Arc<Inner>,
    description: ExporterDescription,
}

impl StatsExporter for PluginExporter {
    fn path(&self) -> &str {
        &self.description.path
    }

    fn content_type(&self) -> &str {
        &self.description.content_type
    }

    fn render(&self, snapshot: &msg_core::StatsSnapshot, bot_filter: Option<&str>) -> String {
        let plugin = &self.plugin;
        let request = wire::StatsRequest {
            path: self.description.path.clone(),
            bot_filter: bot_filter.map(str::to_owned),
            snapshot,
        };
        let request = serde_json::to_vec(&request).expect("a stats request serializes");
        let mut out = Buffer::EMPTY;
        // SAFETY: `render_stats` follows the ABI: the request outlives the call, `out` is a valid
        // out-pointer.
        let status = unsafe { (plugin.render_stats)(Slice::new(&request), &mut out) };
        // SAFETY: written by the plugin (or still empty), freed once.
        let body = String::from_utf8_lossy(&unsafe { take(out, plugin.free_buffer) }).into_owned();
        if status == Status::OK {
            return body;
        }
        let what = if status == Status::PANIC { "panicked" } else { "failed" };
        tracing::error!(
            target: LOG_TARGET,
            "plugin {}: stats exporter {} {what}: {body}",
            plugin.name,
            self.description.path
        );
        "Internal Server Error".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use msg_core::{MethodContext, Params};
    use msg_plugin_abi::{Completion, HostTable};

    use super::*;

    unsafe extern "C" fn init_ok(_: Slice, _: *const HostTable, _: *mut Buffer) -> Status {
        Status::OK
    }

    unsafe extern "C" fn describe_one(out: *mut Buffer) -> Status {
        let json = br#"{"methods":[{"name":"odd","override":true}],"exporters":[{"path":"/odd","content_type":"x"}]}"#;
        // SAFETY: the host passes a valid out-pointer.
        unsafe { out.write(Buffer::from_vec(json.to_vec())) };
        Status::OK
    }

    unsafe extern "C" fn describe_relative(out: *mut Buffer) -> Status {
        // SAFETY: the host passes a valid out-pointer.
        unsafe { out.write(Buffer::from_vec(br#"{"exporters":[{"path":"odd","content_type":"x"}]}"#.to_vec())) };
        Status::OK
    }

    /// Answers every call with a status this ABI version does not know.
    unsafe extern "C" fn call_odd(_: u64, _: Slice, completion: Completion, user_data: *mut std::ffi::c_void) {
        // SAFETY: completing once with the host's user data.
        unsafe { completion(user_data, Status(9), Slice::new(b"what")) };
    }

    unsafe extern "C" fn render_odd(_: Slice, out: *mut Buffer) -> Status {
        // SAFETY: the host passes a valid out-pointer.
        unsafe { out.write(Buffer::from_vec(b"no".to_vec())) };
        Status(9)
    }

    unsafe extern "C" fn free(buffer: Buffer) {
        // SAFETY: buffers in these tests come from `Buffer::from_vec` in this binary.
        unsafe { buffer.free() };
    }

    fn table() -> PluginTable {
        PluginTable {
            abi_version: ABI_VERSION,
            struct_size: PluginTable::MIN_SIZE,
            name: Slice::new(b"fake"),
            version: Slice::EMPTY,
            init: Some(init_ok),
            describe: Some(describe_one),
            call_method: Some(call_odd),
            render_stats: Some(render_odd),
            free_buffer: Some(free),
        }
    }

    fn try_load(table: Option<PluginTable>) -> Result<LoadedPlugin, LoadError> {
        let pointer = table.as_ref().map_or(std::ptr::null(), |t| t as *const PluginTable);
        // SAFETY: null or a complete table of valid functions; it is only read during the call.
        unsafe { from_table(Path::new("/plugins/libfake.so"), pointer, &serde_json::Value::Null) }
    }

    fn message(result: Result<LoadedPlugin, LoadError>) -> String {
        let text = result.unwrap_err().to_string();
        assert!(text.starts_with("plugin /plugins/libfake.so"), "{text}");
        text
    }

    #[test]
    fn malformed_tables_are_refused_with_the_reason() {
        assert!(message(try_load(None)).contains("returned no function table"));
        let small = PluginTable { struct_size: 8, ..table() };
        assert!(message(try_load(Some(small))).contains("function table is 8 bytes"));
        let no_init = PluginTable { init: None, ..table() };
        assert!(message(try_load(Some(no_init))).contains("has no `init` function"));
        let no_name = PluginTable { name: Slice::EMPTY, ..table() };
        assert!(message(try_load(Some(no_name))).contains("its name is missing"));
        let relative = PluginTable { describe: Some(describe_relative), ..table() };
        assert!(message(try_load(Some(relative))).contains("\"odd\" does not start with /"));
    }

    #[tokio::test]
    async fn unknown_statuses_are_500s_and_overrides_are_registered_as_such() {
        let plugin = try_load(Some(table())).unwrap();
        assert_eq!((plugin.name(), plugin.version()), ("fake", "0.0.0"));
        let mut registrar = Registrar::new();
        registrar.method("odd", Arc::new(PluginMethod { plugin: plugin.inner.clone(), name: "builtin".into() }));
        registrar.add_plugin(&plugin, &serde_json::Value::Null).unwrap();
        let registry = registrar.freeze().unwrap_or_else(|e| panic!("{e:?}"));
        let entry = registry.method("odd").unwrap();
        assert_eq!(entry.plugin, "fake", "the override replaced the built-in");
        struct NoHost;
        #[async_trait::async_trait]
        impl msg_core::Host for NoHost {
            fn local_mode(&self) -> bool {
                false
            }
            async fn call_method(&self, _: i64, _: &str, _: Params) -> Result<serde_json::Value, ApiError> {
                unreachable!()
            }
        }
        let ctx = MethodContext::new(1, "b".into(), Arc::new(NoHost));
        let error = entry.handler.call(MethodCall::new("odd".into(), Params::new(), ctx)).await.unwrap_err();
        assert_eq!(error, ApiError::internal_server_error());
        let page = registry.exporter("/odd").unwrap().render(&msg_core::StatsSnapshot::default(), None);
        assert_eq!(page, "Internal Server Error");
    }
}
