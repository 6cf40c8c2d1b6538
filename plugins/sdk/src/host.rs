//! The [`Host`] a plugin's handlers see: `call_method` goes back to the server through the
//! `HostTable` the server passed to `init`, bridged to a future with a oneshot channel. It knows
//! nothing of the server beyond that table.

use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind};

use msg_core::{ApiError, Host, Params};
use msg_plugin_abi::wire::{self, MethodRequest};
use msg_plugin_abi::{CallMethodFn, Slice, Status};
use tokio::sync::oneshot;

/// What the completion of a host call carries back.
type Answer = (Status, Vec<u8>);

/// The host services of one method call: `host_ctx` is the server's token for that call, `call`
/// the server's `HostTable::call_method` (if it offers one).
pub(crate) struct SdkHost {
    host_ctx: u64,
    local_mode: bool,
    call: Option<CallMethodFn>,
}

impl SdkHost {
    pub(crate) fn new(host_ctx: u64, local_mode: bool, call: Option<CallMethodFn>) -> Self {
        Self { host_ctx, local_mode, call }
    }
}

#[async_trait::async_trait]
impl Host for SdkHost {
    fn local_mode(&self) -> bool {
        self.local_mode
    }

    async fn call_method(&self, bot_id: i64, method: &str, params: Params) -> Result<serde_json::Value, ApiError> {
        let Some(call) = self.call else {
            tracing::error!("the server offers no call_method to plugins; cannot call {method}");
            return Err(ApiError::internal_server_error());
        };
        let request = serde_json::to_vec(&MethodRequest::new(method, bot_id, &params)).expect("a request serializes");
        let (tx, rx) = oneshot::channel::<Answer>();
        let user_data = Box::into_raw(Box::new(tx)).cast::<c_void>();
        // SAFETY: `call` comes from the server's table; the request outlives the call; the
        // server invokes `host_call_done` exactly once with `user_data`, which owns the sender.
        unsafe { call(self.host_ctx, Slice::new(&request), host_call_done, user_data) };
        let Ok((status, payload)) = rx.await else {
            tracing::error!("the server dropped the call of {method} without an answer");
            return Err(ApiError::internal_server_error());
        };
        match wire::decode_outcome(status, &payload) {
            Ok(outcome) => outcome.map(msg_core::Reply::into_value),
            Err(failure) => {
                tracing::error!("the server's answer to {method} {failure}");
                Err(ApiError::internal_server_error())
            }
        }
    }
}

/// The completion of a host call: forwards the answer to the waiting future.
unsafe extern "C" fn host_call_done(user_data: *mut c_void, status: Status, payload: Slice) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `user_data` is the boxed sender `call_method` leaked for this call; the server
        // completes exactly once, so it is reclaimed exactly once.
        let tx = unsafe { Box::from_raw(user_data.cast::<oneshot::Sender<Answer>>()) };
        // SAFETY: the payload is valid for the duration of this callback; copied.
        let payload = unsafe { payload.as_bytes() }.to_vec();
        // The waiting future may be gone (its request was cancelled); nothing to do then.
        let _ = tx.send((status, payload));
    }));
}
