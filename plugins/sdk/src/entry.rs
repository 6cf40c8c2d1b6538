//! The plugin's side of the C ABI: the [`PluginTable`] behind `msg_plugin_entry` and the
//! `extern "C"` functions in it, each wrapped in `catch_unwind`. Holds the library's one plugin
//! instance, its runtime and its frozen registrations in statics (each plugin library has its own
//! copy of this crate, so these are per plugin). Talking back to the host is `host.rs`.

use std::collections::HashMap;
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, OnceLock};

use futures_util::FutureExt;
use msg_core::{ApiError, MethodCall, MethodContext, MethodHandler, Plugin, Registrar, StatsExporter};
use msg_plugin_abi::wire::{self, Description, ExporterDescription, MethodDescription, MethodRequest, StatsRequest};
use msg_plugin_abi::{ABI_VERSION, Buffer, Completer, Completion, HostTable, PluginTable, Slice, Status};

use crate::host::SdkHost;
use msg_core::panic_message;

/// The plugin instance, built by `msg_plugin_entry` (or the panic message of its constructor).
static PLUGIN: OnceLock<Result<Box<dyn Plugin>, String>> = OnceLock::new();
/// The table `msg_plugin_entry` returns.
static TABLE: OnceLock<PluginTable> = OnceLock::new();
/// Everything `init` set up.
static STATE: OnceLock<State> = OnceLock::new();
/// Serialises `init` calls, so a second one reliably fails.
static INIT: Mutex<()> = Mutex::new(());

/// A plugin after `init`.
pub(crate) struct State {
    runtime: tokio::runtime::Runtime,
    /// Methods by lower-cased name (the server matches names case-insensitively).
    methods: HashMap<String, Arc<dyn MethodHandler>>,
    exporters: Vec<Arc<dyn StatsExporter>>,
    description: Vec<u8>,
    /// The server's services (a copy of its table; absent fields are `None`).
    pub(crate) host: HostTable,
}

/// Body of the `msg_plugin_entry` that [`export_plugin!`](crate::export_plugin) emits.
pub fn entry(make: fn() -> Box<dyn Plugin>) -> *const PluginTable {
    let table = catch_unwind(|| {
        let plugin = PLUGIN.get_or_init(|| catch_unwind(make).map_err(|p| panic_message(&*p)));
        TABLE.get_or_init(|| {
            let (name, version) = match plugin {
                Ok(plugin) => (plugin.name(), plugin.version()),
                Err(_) => ("", ""),
            };
            PluginTable {
                abi_version: ABI_VERSION,
                struct_size: PluginTable::MIN_SIZE,
                name: Slice::new(name.as_bytes()),
                version: Slice::new(version.as_bytes()),
                init: Some(init),
                describe: Some(describe),
                call_method: Some(call_method),
                render_stats: Some(render_stats),
                free_buffer: Some(free_buffer),
            }
        }) as *const PluginTable
    });
    // A panic in `name()` or `version()`: the host reports a null table for this file.
    table.unwrap_or(std::ptr::null())
}

/// Writes `bytes` to an out-pointer, if the host gave one.
///
/// # Safety
/// `out` is null or valid for a write of a `Buffer`.
unsafe fn write_out(out: *mut Buffer, bytes: Vec<u8>) {
    if !out.is_null() {
        // SAFETY: non-null and, per the ABI, valid for writes; the host frees it with `free_buffer`.
        unsafe { out.write(Buffer::from_vec(bytes)) };
    }
}

/// `PluginTable::init`.
unsafe extern "C" fn init(config: Slice, host: *const HostTable, error_out: *mut Buffer) -> Status {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the ABI guarantees `config` is valid for this call; copied before use.
        let config = unsafe { config.as_bytes() }.to_vec();
        // SAFETY: the ABI guarantees a null or valid, `'static` host table.
        let host = unsafe { read_host(host) }?;
        initialise(&config, host)
    }));
    let (status, message) = match outcome {
        Ok(Ok(())) => return Status::OK,
        Ok(Err(failure)) => failure,
        Err(panic) => (Status::PANIC, panic_message(&*panic)),
    };
    // SAFETY: the ABI: `error_out` is null or writable.
    unsafe { write_out(error_out, message.into_bytes()) };
    status
}

/// Copies the host's table (an absent one offers nothing).
///
/// # Safety
/// `host` is null or points to a live table whose header tells its readable size.
unsafe fn read_host(host: *const HostTable) -> Result<HostTable, (Status, String)> {
    let none = HostTable {
        abi_version: ABI_VERSION,
        struct_size: 0,
        max_log_level: 0,
        reserved: 0,
        call_method: None,
        log: None,
    };
    if host.is_null() {
        return Ok(none);
    }
    // SAFETY: non-null, and the host publishes at least the header.
    let header = unsafe { msg_plugin_abi::read_header(host) };
    if header.abi_version != ABI_VERSION {
        let message = format!(
            "the server speaks plugin ABI version {}, this plugin speaks {ABI_VERSION}; rebuild the plugin against \
             the msg-plugin-sdk of the server's release",
            header.abi_version
        );
        return Err((Status::ERROR, message));
    }
    // SAFETY: as above; `read_table` reads no more than the header's `struct_size`.
    Ok(unsafe { msg_plugin_abi::read_table(host) })
}

fn initialise(config: &[u8], host: HostTable) -> Result<(), (Status, String)> {
    let plugin = match PLUGIN.get() {
        Some(Ok(plugin)) => &**plugin,
        Some(Err(panic)) => return Err((Status::PANIC, format!("the plugin's constructor panicked: {panic}"))),
        None => return Err((Status::ERROR, "init called before msg_plugin_entry".to_owned())),
    };
    let _serial = INIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if STATE.get().is_some() {
        return Err((Status::ERROR, "this plugin library is already initialised (load each library once)".to_owned()));
    }
    let name: &'static str = plugin.name();
    crate::log::install(name, &host);
    let settings = if config.is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::from_slice(config).map_err(|e| (Status::ERROR, format!("settings are not JSON: {e}")))?
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(format!("plugin-{name}"))
        .enable_all()
        .build()
        .map_err(|e| (Status::ERROR, format!("cannot start the plugin's runtime: {e}")))?;

    let mut registrar = Registrar::new();
    {
        // `register` may spawn background tasks: give it the plugin's runtime.
        let _runtime = runtime.enter();
        registrar.add_plugin(plugin, &settings).map_err(|e| (Status::ERROR, e.message))?;
    }
    let registrations = registrar.into_registrations();
    if let Some((kind, _)) = registrations.storages.first() {
        let message = format!(
            "registers storage backend `{kind}`, but storage backends cannot cross the plugin ABI yet; build it into \
             the server instead"
        );
        return Err((Status::ERROR, message));
    }
    let mut description = Description::default();
    let mut methods = HashMap::new();
    for m in registrations.methods {
        description.methods.push(MethodDescription { name: m.name.clone(), is_override: m.is_override });
        // Duplicates are reported by the server's registrar, which sees the full description.
        methods.entry(m.name.to_ascii_lowercase()).or_insert(m.handler);
    }
    for e in &registrations.exporters {
        description
            .exporters
            .push(ExporterDescription { path: e.path().to_owned(), content_type: e.content_type().to_owned() });
    }
    let description = serde_json::to_vec(&description).expect("a description serializes");
    let state = State { runtime, methods, exporters: registrations.exporters, description, host };
    if STATE.set(state).is_err() {
        unreachable!("init is serialised by INIT");
    }
    Ok(())
}

/// `PluginTable::describe`.
unsafe extern "C" fn describe(out: *mut Buffer) -> Status {
    let outcome = catch_unwind(|| match STATE.get() {
        Some(state) => (Status::OK, state.description.clone()),
        None => (Status::ERROR, b"describe called before a successful init".to_vec()),
    });
    let (status, bytes) = outcome.unwrap_or_else(|p| (Status::PANIC, panic_message(&*p).into_bytes()));
    // SAFETY: the ABI: `out` is null or writable.
    unsafe { write_out(out, bytes) };
    status
}

/// `PluginTable::call_method`: decodes the request, then runs the handler as a task on the
/// plugin's runtime, which completes the call.
unsafe extern "C" fn call_method(host_ctx: u64, request: Slice, completion: Completion, user_data: *mut c_void) {
    // SAFETY: the ABI hands us this completion and user data for this one call.
    let mut completer = Some(unsafe { Completer::new(completion, user_data) });
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the ABI guarantees `request` is valid for this call; copied before use.
        let request = unsafe { request.as_bytes() };
        start_call(host_ctx, request, &mut completer);
    }));
    if let (Err(panic), Some(completer)) = (outcome, completer) {
        completer.complete(Status::PANIC, panic_message(&*panic).as_bytes());
    }
}

fn start_call(host_ctx: u64, request: &[u8], completer: &mut Option<Completer>) {
    let answer = |completer: &mut Option<Completer>, status, bytes: &[u8]| {
        if let Some(c) = completer.take() {
            c.complete(status, bytes);
        }
    };
    let Some(state) = STATE.get() else {
        return answer(completer, Status::PANIC, b"call_method called before a successful init");
    };
    let request: MethodRequest = match serde_json::from_slice(request) {
        Ok(request) => request,
        Err(e) => {
            let message = format!("the server sent an invalid request: {}", wire::invalid(request, &e));
            return answer(completer, Status::PANIC, message.as_bytes());
        }
    };
    let Some(handler) = state.methods.get(&request.method.to_ascii_lowercase()).cloned() else {
        return answer(completer, Status::ERROR, &ApiError::method_not_found().to_body());
    };
    let params = request.to_params();
    let host = Arc::new(SdkHost::new(host_ctx, request.local_mode, state.host.call_method));
    let ctx = MethodContext::new(request.bot_id, request.bot_username, host);
    let call = MethodCall::new(request.method, params, ctx);
    let Some(completer) = completer.take() else { return };
    // Dropping the task (never, in practice: the runtime lives as long as the process) would
    // still complete the call, through the `Completer`'s drop.
    state.runtime.spawn(async move {
        match AssertUnwindSafe(handler.call(call)).catch_unwind().await {
            Ok(outcome) => completer.complete(wire::status_of(&outcome), &wire::encode_outcome(&outcome)),
            Err(panic) => completer.complete(Status::PANIC, panic_message(&*panic).as_bytes()),
        }
    });
}

/// `PluginTable::render_stats`.
unsafe extern "C" fn render_stats(request: Slice, out: *mut Buffer) -> Status {
    let outcome = catch_unwind(|| {
        // SAFETY: the ABI guarantees `request` is valid for this call.
        let request = unsafe { request.as_bytes() };
        let Some(state) = STATE.get() else {
            return (Status::ERROR, b"render_stats called before a successful init".to_vec());
        };
        let request: StatsRequest = match serde_json::from_slice(request) {
            Ok(request) => request,
            Err(e) => return (Status::ERROR, format!("invalid stats request: {}", wire::invalid(request, &e)).into()),
        };
        match state.exporters.iter().find(|e| e.path() == request.path) {
            Some(exporter) => (Status::OK, exporter.render(&request.snapshot, request.bot_filter.as_deref()).into()),
            None => (Status::ERROR, format!("no stats exporter at {}", request.path).into_bytes()),
        }
    });
    let (status, bytes) = outcome.unwrap_or_else(|p| (Status::PANIC, panic_message(&*p).into_bytes()));
    // SAFETY: the ABI: `out` is null or writable.
    unsafe { write_out(out, bytes) };
    status
}

/// `PluginTable::free_buffer`.
unsafe extern "C" fn free_buffer(buffer: Buffer) {
    // SAFETY: the ABI: the host hands back a buffer this library wrote, exactly once.
    let _ = catch_unwind(AssertUnwindSafe(|| unsafe { buffer.free() }));
}

#[cfg(test)]
mod tests {
    //! The SDK's table driven in-process, as the host would drive it after `dlopen`. One plugin
    //! per process (the statics), so one test.

    use std::sync::mpsc;

    use msg_core::{PluginError, Reply};

    use super::*;

    struct Hello;

    #[async_trait::async_trait]
    impl MethodHandler for Hello {
        async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
            match call.params.get("fail") {
                Some(_) => Err(ApiError::bad_request("asked to fail")),
                None => Ok(serde_json::json!({ "bot": call.ctx.bot_id, "local": call.ctx.host.local_mode() }).into()),
            }
        }
    }

    struct TestPlugin;

    impl Plugin for TestPlugin {
        fn name(&self) -> &str {
            "sdk-test"
        }
        fn register(&self, r: &mut Registrar, settings: &serde_json::Value) -> Result<(), PluginError> {
            if settings.is_null() {
                return Err(PluginError::new(self.name(), "settings required"));
            }
            r.method("hello", Arc::new(Hello));
            r.override_method("getMe", Arc::new(Hello));
            Ok(())
        }
    }

    type Answer = (Status, Vec<u8>);

    unsafe extern "C" fn to_channel(user_data: *mut c_void, status: Status, payload: Slice) {
        // SAFETY: `user_data` is the boxed sender `call` leaked; the payload is valid now.
        let tx = unsafe { Box::from_raw(user_data.cast::<mpsc::Sender<Answer>>()) };
        tx.send((status, unsafe { payload.as_bytes() }.to_vec())).unwrap();
    }

    fn call(table: &PluginTable, request: &str) -> Answer {
        let (tx, rx) = mpsc::channel::<Answer>();
        let user_data = Box::into_raw(Box::new(tx)).cast::<c_void>();
        // SAFETY: as the host would: a live request, a completion that reclaims `user_data`.
        unsafe { table.call_method.unwrap()(0, Slice::new(request.as_bytes()), to_channel, user_data) };
        rx.recv().unwrap()
    }

    fn init_with(table: &PluginTable, config: &[u8]) -> (Status, String) {
        let mut error = Buffer::EMPTY;
        // SAFETY: no host table; a valid out-pointer; the buffer is freed by the table's own
        // `free_buffer`.
        unsafe {
            let status = table.init.unwrap()(Slice::new(config), std::ptr::null(), &mut error);
            let message = String::from_utf8_lossy(error.as_bytes()).into_owned();
            table.free_buffer.unwrap()(error);
            (status, message)
        }
    }

    #[test]
    fn the_table_initialises_describes_and_serves_calls() {
        // SAFETY: the table returned by `entry` is `'static`.
        let table = unsafe { &*entry(|| Box::new(TestPlugin)) };
        assert_eq!((table.abi_version, table.struct_size), (ABI_VERSION, PluginTable::MIN_SIZE));
        // SAFETY: `'static` strings.
        assert_eq!(unsafe { table.name.as_bytes() }, b"sdk-test");

        assert_eq!(init_with(table, b"null"), (Status::ERROR, "settings required".to_owned()));
        assert_eq!(init_with(table, b"{}"), (Status::OK, String::new()));
        let (status, message) = init_with(table, b"{}");
        assert_eq!(status, Status::ERROR);
        assert!(message.contains("already initialised"), "{message}");

        let mut out = Buffer::EMPTY;
        // SAFETY: a valid out-pointer, freed by the table's `free_buffer`.
        let description = unsafe {
            assert_eq!(table.describe.unwrap()(&mut out), Status::OK);
            let bytes = out.as_bytes().to_vec();
            table.free_buffer.unwrap()(out);
            bytes
        };
        let description: Description = serde_json::from_slice(&description).unwrap();
        let methods: Vec<_> = description.methods.iter().map(|m| (m.name.as_str(), m.is_override)).collect();
        assert_eq!(methods, [("hello", false), ("getMe", true)]);

        let (status, body) = call(table, r#"{"method":"HELLO","bot_id":9,"local_mode":true}"#);
        assert_eq!(
            (status, String::from_utf8(body).unwrap()),
            (Status::OK, r#"{"ok":true,"result":{"bot":9,"local":true}}"#.to_owned())
        );
        let (status, body) = call(table, r#"{"method":"hello","params":[["fail","1"]]}"#);
        assert_eq!(status, Status::ERROR);
        assert_eq!(body, ApiError::bad_request("asked to fail").to_body());
        let (status, body) = call(table, r#"{"method":"nope"}"#);
        assert_eq!((status, body), (Status::ERROR, ApiError::method_not_found().to_body()));
        let (status, body) = call(table, "not json");
        assert_eq!(status, Status::PANIC);
        assert!(String::from_utf8(body).unwrap().contains("invalid request"));
    }
}
