//! The protocol's own Bot API methods: getting updates and webhooks (`updates`), `logOut` and
//! `close` (`bot`). They act on the server's state (sessions, queues, webhooks); every other
//! built-in method is the platform's. [`register`] adds them under the plugin name `builtin`,
//! through the same door plugins use.

mod bot;
mod updates;

use std::sync::Arc;

use msg_core::method::{bound, read_only};
use msg_core::{ApiError, BotRecord, MethodCall, Registrar};

use crate::{Shared, Slot};

/// The protocol's methods, in the order of the Bot API documentation.
pub(crate) fn register(r: &mut Registrar, slot: &Slot) {
    r.method("getUpdates", bound(slot, updates::get_updates));
    r.method("setWebhook", bound(slot, updates::set_webhook));
    r.method("deleteWebhook", bound(slot, updates::delete_webhook));
    r.method("getWebhookInfo", read_only(bound(slot, updates::get_webhook_info)));
    r.method("logOut", bound(slot, bot::log_out));
    r.method("close", bound(slot, bot::close));
}

/// A storage failure as the generic 500 (logged).
pub(crate) fn internal(e: msg_core::StorageError) -> ApiError {
    e.into_api_error()
}

/// The calling bot's record.
pub(crate) async fn bot_of(shared: &Shared, call: &MethodCall) -> Result<Arc<BotRecord>, ApiError> {
    shared.bot(call.ctx.bot_id).await.map_err(internal)?.ok_or_else(ApiError::unauthorized)
}
