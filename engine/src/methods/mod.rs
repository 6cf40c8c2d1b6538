//! The built-in Bot API methods, listed in one place, in order. Each is an async function of the
//! engine state and the call; [`register`] wraps them into registry entries under the plugin name
//! `builtin`, through the same door plugins use.

mod bot;

use std::future::Future;
use std::sync::Arc;

use msg_core::{ApiError, MethodCall, MethodHandler, Registrar, Reply};

use crate::{Shared, Slot};

struct Builtin<F> {
    slot: Slot,
    f: F,
}

#[async_trait::async_trait]
impl<F, Fut> MethodHandler for Builtin<F>
where
    F: Fn(Arc<Shared>, MethodCall) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Reply, ApiError>> + Send + 'static,
{
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        let shared = self.slot.get().and_then(std::sync::Weak::upgrade).ok_or_else(|| ApiError::internal("restart"))?;
        (self.f)(shared, call).await
    }
}

fn add<F, Fut>(r: &mut Registrar, slot: &Slot, name: &str, f: F)
where
    F: Fn(Arc<Shared>, MethodCall) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Reply, ApiError>> + Send + 'static,
{
    r.method(name, Arc::new(Builtin { slot: slot.clone(), f }));
}

/// Every built-in method.
pub(crate) fn register(r: &mut Registrar, slot: &Slot) {
    add(r, slot, "getMe", bot::get_me);
}
