//! The host's `extern "C"` callbacks: the [`HostTable`] plugins call into (`call_method` back to
//! the engine, `log`), and the completion of a plugin method call. Also the registry of in-flight
//! call contexts behind the opaque `host_ctx` tokens. Every callback catches panics.
//!
//! Why tokens rather than pointers: a plugin may keep `ctx.host` after its method call ended (in a
//! background task, say). A token that is no longer registered is a clean error for the plugin;
//! a dangling pointer would be undefined behaviour in the server.

use std::collections::HashMap;
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use futures_util::FutureExt;
use msg_core::{ApiError, Host, Reply};
use msg_plugin_abi::wire::{self, MethodRequest};
use msg_plugin_abi::{ABI_VERSION, Completer, Completion, HostTable, Slice, Status, log_level};
use tokio::sync::oneshot;

use msg_core::panic_message;

use crate::LOG_TARGET;

/// What the host needs to serve a plugin's `call_method` during one of its method calls.
pub(crate) struct CallContext {
    /// The engine's services, as the method call received them.
    pub(crate) host: Arc<dyn Host>,
    /// The engine's runtime, where host calls run (`None` when the call came from outside one).
    pub(crate) runtime: Option<tokio::runtime::Handle>,
    /// For log lines.
    pub(crate) plugin: Arc<str>,
}

static CONTEXTS: LazyLock<Mutex<HashMap<u64, Arc<CallContext>>>> = LazyLock::new(Default::default);
static NEXT_TOKEN: AtomicU64 = AtomicU64::new(1);

fn contexts() -> std::sync::MutexGuard<'static, HashMap<u64, Arc<CallContext>>> {
    // The map stays consistent even if a holder panicked: every operation is a single insert,
    // remove or get.
    CONTEXTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A registered call context; unregistered when dropped (when the plugin completes the call).
pub(crate) struct ContextToken(pub(crate) u64);

impl ContextToken {
    pub(crate) fn register(context: CallContext) -> Self {
        let token = NEXT_TOKEN.fetch_add(1, Ordering::Relaxed);
        contexts().insert(token, Arc::new(context));
        Self(token)
    }
}

impl Drop for ContextToken {
    fn drop(&mut self) {
        contexts().remove(&self.0);
    }
}

/// The host's table, as given to a plugin's `init`; leaked, since the plugin may use it for the
/// rest of the process.
pub(crate) fn host_table() -> &'static HostTable {
    let max_log_level = match tracing::level_filters::LevelFilter::current().into_level() {
        None => log_level::OFF,
        Some(tracing::Level::ERROR) => log_level::ERROR,
        Some(tracing::Level::WARN) => log_level::WARN,
        Some(tracing::Level::INFO) => log_level::INFO,
        Some(tracing::Level::DEBUG) => log_level::DEBUG,
        Some(tracing::Level::TRACE) => log_level::TRACE,
    };
    Box::leak(Box::new(HostTable {
        abi_version: ABI_VERSION,
        struct_size: HostTable::MIN_SIZE,
        max_log_level,
        reserved: 0,
        call_method: Some(host_call_method),
        log: Some(host_log),
    }))
}

/// What a plugin method's completion carries back.
pub(crate) type Answer = (Status, Vec<u8>);

/// The `user_data` of a plugin method call: where the answer goes, and the call's context
/// registration, which ends with the call.
pub(crate) struct PendingCall {
    pub(crate) answer: oneshot::Sender<Answer>,
    pub(crate) _context: ContextToken,
}

/// The completion of a plugin method call ([`Completion`]); `user_data` is a boxed [`PendingCall`].
pub(crate) unsafe extern "C" fn method_done(user_data: *mut c_void, status: Status, payload: Slice) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `user_data` is the `Box<PendingCall>` leaked for this call, and the plugin
        // completes each call exactly once (ABI contract), so it is reclaimed exactly once.
        let pending = unsafe { Box::from_raw(user_data.cast::<PendingCall>()) };
        // SAFETY: valid for the duration of this callback; copied.
        let payload = unsafe { payload.as_bytes() }.to_vec();
        // The handler's future may be gone (the request was cancelled); nothing to do then.
        let _ = pending.answer.send((status, payload));
    }));
}

/// `HostTable::call_method`: runs a method of the engine for the plugin, on the engine's runtime.
unsafe extern "C" fn host_call_method(host_ctx: u64, request: Slice, completion: Completion, user_data: *mut c_void) {
    // SAFETY: the ABI hands us this completion and user data for this one call.
    let mut completer = Some(unsafe { Completer::new(completion, user_data) });
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the ABI guarantees `request` is valid for this call; copied before use.
        let request = unsafe { request.as_bytes() };
        start_host_call(host_ctx, request, &mut completer);
    }));
    if let (Err(panic), Some(completer)) = (outcome, completer) {
        let message = panic_message(&*panic);
        tracing::error!(target: LOG_TARGET, "a plugin's call of the server panicked: {message}");
        completer.complete(Status::PANIC, message.as_bytes());
    }
}

fn start_host_call(host_ctx: u64, request: &[u8], completer: &mut Option<Completer>) {
    let fail = |completer: &mut Option<Completer>, error: ApiError| {
        if let Some(c) = completer.take() {
            c.complete(Status::ERROR, &error.to_body());
        }
    };
    // Looked up in its own statement, so the map is unlocked before anything else runs.
    let context = contexts().get(&host_ctx).cloned();
    let Some(context) = context else {
        tracing::warn!(target: LOG_TARGET, "a plugin called the server after its method call had ended");
        let error =
            ApiError::internal("the method call this host belongs to has ended; call the host only while it runs");
        return fail(completer, error);
    };
    let request: MethodRequest = match serde_json::from_slice(request) {
        Ok(request) => request,
        Err(e) => {
            let detail = wire::invalid(request, &e);
            tracing::error!(target: LOG_TARGET, "plugin {}: invalid call_method request: {detail}", context.plugin);
            return fail(completer, ApiError::bad_request(format_args!("invalid call_method request: {detail}")));
        }
    };
    let Some(runtime) = context.runtime.clone() else {
        return fail(completer, ApiError::internal("the server has no runtime to run the call on"));
    };
    let Some(completer) = completer.take() else { return };
    runtime.spawn(async move {
        let params = request.to_params();
        let call = context.host.call_method(request.bot_id, &request.method, params);
        match AssertUnwindSafe(call).catch_unwind().await {
            Ok(result) => {
                let outcome = result.map(Reply::from);
                completer.complete(wire::status_of(&outcome), &wire::encode_outcome(&outcome));
            }
            Err(panic) => {
                let message = panic_message(&*panic);
                tracing::error!(
                    target: LOG_TARGET,
                    "plugin {}: the server's {} panicked: {message}",
                    context.plugin,
                    request.method
                );
                completer.complete(Status::PANIC, message.as_bytes());
            }
        }
    });
}

/// `HostTable::log`.
unsafe extern "C" fn host_log(level: u32, source: Slice, message: Slice) {
    let _ = catch_unwind(|| {
        // SAFETY: both slices are valid for the duration of this call.
        let (source, message) = unsafe { (source.as_bytes(), message.as_bytes()) };
        let (source, message) = (String::from_utf8_lossy(source), String::from_utf8_lossy(message));
        match level {
            log_level::OFF => {}
            log_level::ERROR => tracing::error!(target: LOG_TARGET, "plugin {source}: {message}"),
            log_level::WARN => tracing::warn!(target: LOG_TARGET, "plugin {source}: {message}"),
            log_level::INFO => tracing::info!(target: LOG_TARGET, "plugin {source}: {message}"),
            log_level::DEBUG => tracing::debug!(target: LOG_TARGET, "plugin {source}: {message}"),
            _ => tracing::trace!(target: LOG_TARGET, "plugin {source}: {message}"),
        }
    });
}

#[cfg(test)]
mod tests {
    use msg_core::Params;

    use super::*;

    struct EchoHost;

    #[async_trait::async_trait]
    impl Host for EchoHost {
        fn local_mode(&self) -> bool {
            false
        }
        async fn call_method(&self, bot_id: i64, method: &str, params: Params) -> Result<serde_json::Value, ApiError> {
            Ok(serde_json::json!({ "bot_id": bot_id, "method": method, "params": params.to_json() }))
        }
    }

    unsafe extern "C" fn to_channel(user_data: *mut c_void, status: Status, payload: Slice) {
        // SAFETY: `user_data` is the boxed sender `host_call` leaked; the payload is valid now.
        let tx = unsafe { Box::from_raw(user_data.cast::<oneshot::Sender<Answer>>()) };
        let _ = tx.send((status, unsafe { payload.as_bytes() }.to_vec()));
    }

    async fn host_call(host_ctx: u64, request: &[u8]) -> Answer {
        let (tx, rx) = oneshot::channel::<Answer>();
        let user_data = Box::into_raw(Box::new(tx)).cast::<c_void>();
        // SAFETY: `to_channel` reclaims `user_data` exactly once; the request outlives the call.
        unsafe { host_call_method(host_ctx, Slice::new(request), to_channel, user_data) };
        rx.await.unwrap()
    }

    #[tokio::test]
    async fn host_calls_run_while_their_method_call_lasts_and_fail_cleanly_after() {
        let token = ContextToken::register(CallContext {
            host: Arc::new(EchoHost),
            runtime: Some(tokio::runtime::Handle::current()),
            plugin: "test".into(),
        });
        let request = br#"{"method":"sendMessage","bot_id":5,"params":[["text","hi"]]}"#;
        let (status, payload) = host_call(token.0, request).await;
        assert_eq!(status, Status::OK);
        let reply = wire::decode_outcome(status, &payload).unwrap().unwrap();
        assert_eq!(
            reply.into_value(),
            serde_json::json!({ "bot_id": 5, "method": "sendMessage", "params": { "text": "hi" } })
        );

        let (status, payload) = host_call(token.0, b"not json").await;
        let error = wire::decode_outcome(status, &payload).unwrap().unwrap_err();
        assert!(error.description.starts_with("Bad Request: invalid call_method request"), "{error}");

        let expired = token.0;
        drop(token);
        let (status, payload) = host_call(expired, request).await;
        let error = wire::decode_outcome(status, &payload).unwrap().unwrap_err();
        assert_eq!(error.code, 500);
        assert!(error.description.contains("has ended"), "{error}");
    }
}
