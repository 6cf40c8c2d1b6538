//! Loads the real example and fixture plugin libraries (built by `test_support`) and drives them
//! through the msg-core traits, as the engine would: broken libraries fail to load with errors
//! naming the file; methods, host calls and stats pages work across the ABI; panics and invalid
//! answers cost one request a 500; slow calls do not block others.

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use msg_core::{ApiError, Host, MethodCall, MethodContext, Params, Plugin, Registrar, Registry, Reply, StatsSnapshot};
use msg_plugin_host::test_support::{PluginPaths, build_test_plugins};
use msg_plugin_host::{LoadError, LoadedPlugin, load};
use serde_json::{Value, json};

fn paths() -> &'static PluginPaths {
    build_test_plugins()
}

/// Each library loads once per process; tests share the loaded plugins.
fn shared(cell: &'static OnceLock<LoadedPlugin>, path: &Path, settings: Value) -> &'static LoadedPlugin {
    cell.get_or_init(|| load(path, settings).unwrap_or_else(|e| panic!("{e}")))
}

fn example() -> &'static LoadedPlugin {
    static CELL: OnceLock<LoadedPlugin> = OnceLock::new();
    shared(&CELL, &paths().example, json!({ "greeting": "Hi there" }))
}

fn registry(plugins: &[&LoadedPlugin]) -> Registry {
    let mut registrar = Registrar::new();
    for plugin in plugins {
        registrar.add_plugin(*plugin, &Value::Null).unwrap();
    }
    registrar.freeze().unwrap_or_else(|e| panic!("{e:?}"))
}

/// A call a plugin made: bot, method, parameters.
type HostCall = (i64, String, Vec<(String, String)>);

/// What the engine would be: records the methods plugins call and answers `sendMessage`.
#[derive(Default)]
struct RecordingHost {
    calls: Mutex<Vec<HostCall>>,
}

#[async_trait::async_trait]
impl Host for RecordingHost {
    fn local_mode(&self) -> bool {
        true
    }

    async fn call_method(&self, bot_id: i64, method: &str, params: Params) -> Result<Value, ApiError> {
        let pairs = params.iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
        self.calls.lock().unwrap().push((bot_id, method.to_owned(), pairs));
        match params.get("chat_id") {
            Some("404") => Err(ApiError::bad_request("chat not found")),
            chat => Ok(json!({ "message_id": 1, "chat": { "id": chat }, "text": params.get("text") })),
        }
    }
}

async fn call(registry: &Registry, host: Arc<RecordingHost>, method: &str, params: Params) -> Result<Value, ApiError> {
    let entry = registry.method(method).unwrap_or_else(|| panic!("{method} is not registered"));
    let ctx = MethodContext::new(7, "seven_bot".to_owned(), host);
    entry.handler.call(MethodCall::new(method.to_owned(), params, ctx)).await.map(Reply::into_value)
}

fn params(pairs: &[(&str, &str)]) -> Params {
    let mut params = Params::new();
    for (k, v) in pairs {
        params.push(*k, *v);
    }
    params
}

fn internal_server_error() -> ApiError {
    ApiError::new(500, "Internal Server Error")
}

fn assert_names_file(error: &LoadError, path: &Path, needles: &[&str]) {
    let text = error.to_string();
    assert_eq!(error.path(), path);
    assert!(text.contains(&path.display().to_string()), "{text}");
    for needle in needles {
        assert!(text.contains(needle), "{needle:?} not in: {text}");
    }
}

#[test]
fn broken_libraries_fail_to_load_naming_the_file_and_the_problem() {
    let paths = paths();

    let error = load(&paths.wrong_abi, Value::Null).unwrap_err();
    assert!(matches!(error, LoadError::AbiMismatch { found: 999, expected: 1, .. }), "{error:?}");
    assert_names_file(&error, &paths.wrong_abi, &["version 999", "speaks version 1", "rebuild the plugin"]);

    let error = load(&paths.missing_symbol, Value::Null).unwrap_err();
    assert!(matches!(error, LoadError::MissingEntry { .. }), "{error:?}");
    assert_names_file(&error, &paths.missing_symbol, &["msg_plugin_entry", "msg-plugin-sdk"]);

    let error = load(&paths.init_fails, Value::Null).unwrap_err();
    assert!(matches!(error, LoadError::InitFailed { .. }), "{error:?}");
    assert_names_file(&error, &paths.init_fails, &["(init-fails)", "failed to initialise: database url missing"]);

    // A failed library may be tried again; this time its register panics.
    let error = load(&paths.init_fails, json!({ "panic": true })).unwrap_err();
    assert!(matches!(error, LoadError::InitPanicked { .. }), "{error:?}");
    assert_names_file(&error, &paths.init_fails, &["panicked while initialising: init-fails was asked to panic"]);

    let nowhere = paths.target_dir.join("no-such-plugin.so");
    let error = load(&nowhere, Value::Null).unwrap_err();
    assert!(matches!(error, LoadError::Open { .. }), "{error:?}");
    assert_names_file(&error, &nowhere, &["cannot open the library", "no-such-plugin.so"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_json_is_a_load_error_in_a_description_and_a_500_in_an_answer() {
    let path = &paths().invalid_json;
    let error = load(path, json!({ "bad_describe": true })).unwrap_err();
    assert!(matches!(error, LoadError::InvalidDescription { .. }), "{error:?}");
    assert_names_file(&error, path, &["(invalid-json)", "not JSON"]);

    let plugin = load(path, Value::Null).unwrap();
    let registry = registry(&[&plugin]);
    let host = Arc::new(RecordingHost::default());
    for _ in 0..2 {
        let error = call(&registry, host.clone(), "garbage", Params::new()).await.unwrap_err();
        assert_eq!(error, internal_server_error());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_example_answers_its_methods_with_settings_and_the_calling_bot() {
    let plugin = example();
    assert_eq!((plugin.name(), plugin.version()), ("example", "0.1.0"));
    let names: Vec<_> = plugin.methods().iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["getServerTime", "echo", "sendGreeting", "countVisits"]);
    let registry = registry(&[plugin]);
    let host = Arc::new(RecordingHost::default());

    // Lookups ignore case, as for built-ins.
    let time = call(&registry, host.clone(), "getservertime", Params::new()).await.unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let unix_time = time["unix_time"].as_u64().unwrap();
    assert!(unix_time.abs_diff(now) < 60, "{time}");
    assert_eq!(
        (&time["bot_id"], &time["bot_username"], &time["plugin"], &time["greeting"]),
        (&json!(7), &json!("seven_bot"), &json!("example"), &json!("Hi there"))
    );

    let mut echo_params = params(&[("text", "one"), ("text", "two"), ("markup", r#"{"a":[1]}"#)]);
    echo_params.push_file(msg_core::UploadedFile::new(
        "document".to_owned(),
        Some("a.txt".to_owned()),
        Some("text/plain".to_owned()),
        "/tmp/a.txt".into(),
        12,
    ));
    let echo = call(&registry, host, "echo", echo_params).await.unwrap();
    assert_eq!(
        echo,
        json!({
            "bot_id": 7,
            "params": { "text": "one", "markup": { "a": [1] } },
            "files": [{ "field": "document", "file_name": "a.txt", "size": 12 }],
        })
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plugin_calls_the_server_through_the_host_of_its_call() {
    let registry = registry(&[example()]);
    let host = Arc::new(RecordingHost::default());

    let message = call(&registry, host.clone(), "sendGreeting", params(&[("chat_id", "55")])).await.unwrap();
    assert_eq!(message, json!({ "message_id": 1, "chat": { "id": "55" }, "text": "Hi there" }));
    let calls = host.calls.lock().unwrap().clone();
    let expected = vec![("chat_id".to_owned(), "55".to_owned()), ("text".to_owned(), "Hi there".to_owned())];
    assert_eq!(calls, [(7, "sendMessage".to_owned(), expected)]);

    // The server's errors reach the plugin, and the plugin passes them on.
    let error = call(&registry, host.clone(), "sendGreeting", params(&[("chat_id", "404")])).await.unwrap_err();
    assert_eq!(error, ApiError::bad_request("chat not found"));
    let error = call(&registry, host, "sendGreeting", Params::new()).await.unwrap_err();
    assert_eq!(error, ApiError::parameter_required("chat_id"));
}

#[test]
fn the_example_renders_its_stats_page() {
    let registry = registry(&[example()]);
    let exporter = registry.exporter("/example").unwrap();
    assert_eq!(exporter.content_type(), "text/plain; charset=utf-8");
    let mut snapshot = StatsSnapshot::default();
    (snapshot.bot_count, snapshot.uptime_secs) = (2, 12.4);
    snapshot.bots.push(msg_core::stats::BotStats::new(123, "a_bot".to_owned()));
    snapshot.bots.push(msg_core::stats::BotStats::new(456, "b_bot".to_owned()));
    assert_eq!(
        exporter.render(&snapshot, None),
        "bots 2\nuptime 12\nbot 123 a_bot pending 0\nbot 456 b_bot pending 0\n"
    );
    assert_eq!(exporter.render(&snapshot, Some("45")), "bots 2\nuptime 12\nbot 456 b_bot pending 0\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_costs_one_request_a_500_and_the_plugin_keeps_serving() {
    static CELL: OnceLock<LoadedPlugin> = OnceLock::new();
    let plugin = shared(&CELL, &paths().panicking, Value::Null);
    let registry = registry(&[plugin]);
    let host = Arc::new(RecordingHost::default());
    for _ in 0..3 {
        assert_eq!(call(&registry, host.clone(), "boom", Params::new()).await.unwrap_err(), internal_server_error());
        assert_eq!(call(&registry, host.clone(), "ok", Params::new()).await.unwrap(), json!(true));
    }
    let exporter = registry.exporter("/panicking").unwrap();
    assert_eq!(exporter.render(&StatsSnapshot::default(), None), "Internal Server Error");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_call_does_not_hold_up_the_next_one() {
    static CELL: OnceLock<LoadedPlugin> = OnceLock::new();
    let registry = registry(&[shared(&CELL, &paths().slow, Value::Null)]);
    let host = Arc::new(RecordingHost::default());
    let once = std::time::Duration::ZERO;
    let mut slow = Box::pin(call(&registry, host.clone(), "slow", params(&[("seconds", "1")])));
    // One poll sends the call to the plugin; it is now sleeping there.
    assert!(tokio::time::timeout(once, &mut slow).await.is_err(), "slow answered at once");
    assert_eq!(call(&registry, host.clone(), "quick", Params::new()).await.unwrap(), json!("quick"));
    assert!(tokio::time::timeout(once, &mut slow).await.is_err(), "ok waited for slow");
    assert_eq!(slow.await.unwrap(), json!("slow"));
}

#[test]
fn two_plugins_registering_one_method_name_both_in_the_freeze_error() {
    static CELL: OnceLock<LoadedPlugin> = OnceLock::new();
    let clash = shared(&CELL, &paths().clash, Value::Null);
    let mut registrar = Registrar::new();
    registrar.add_plugin(example(), &Value::Null).unwrap();
    registrar.add_plugin(clash, &Value::Null).unwrap();
    let errors = registrar.freeze().err().expect("a clash");
    let text = errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n");
    assert!(text.contains("getServerTime") && text.contains("example") && text.contains("clash"), "{text}");
}

#[test]
fn a_library_loads_once_per_process() {
    let path = &example().path().to_owned();
    let error = load(path, Value::Null).unwrap_err();
    assert!(matches!(error, LoadError::AlreadyLoaded { .. }), "{error:?}");
    assert_names_file(&error, path, &["already loaded"]);
}
