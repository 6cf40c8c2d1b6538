//! The built-in Bot API methods, listed in one place, in order. Each is an async function of the
//! engine state and the call; [`register`] wraps them into registry entries under the plugin name
//! `builtin`, through the same door plugins use.

mod bot;
mod commands;
pub(crate) mod media;
pub(crate) mod messages;
mod updates;

pub(crate) use updates::long_poll;

use std::future::Future;
use std::sync::Arc;

use msg_core::{ApiError, BotRecord, MethodCall, MethodHandler, Registrar, Reply};

use crate::files::Kind;
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

/// Every built-in method, in the order of the Bot API documentation.
pub(crate) fn register(r: &mut Registrar, slot: &Slot) {
    add(r, slot, "getUpdates", updates::get_updates);
    add(r, slot, "setWebhook", updates::set_webhook);
    add(r, slot, "deleteWebhook", updates::delete_webhook);
    add(r, slot, "getWebhookInfo", updates::get_webhook_info);
    add(r, slot, "getMe", bot::get_me);
    add(r, slot, "logOut", bot::log_out);
    add(r, slot, "close", bot::close);
    add(r, slot, "sendMessage", messages::send_message);
    for kind in Kind::SENDABLE {
        add(r, slot, kind.send_method(), move |shared, call| media::send_kind(shared, call, kind));
    }
    add(r, slot, "sendMediaGroup", media::send_media_group);
    add(r, slot, "sendChatAction", messages::send_chat_action);
    add(r, slot, "getFile", media::get_file);
    add(r, slot, "answerCallbackQuery", messages::answer_callback_query);
    add(r, slot, "setMyCommands", commands::set_my_commands);
    add(r, slot, "deleteMyCommands", commands::delete_my_commands);
    add(r, slot, "getMyCommands", commands::get_my_commands);
    add(r, slot, "editMessageMedia", media::edit_message_media);
}

pub(crate) use crate::storage_failed as internal;

/// The calling bot's record.
pub(crate) async fn bot_of(shared: &Shared, call: &MethodCall) -> Result<Arc<BotRecord>, ApiError> {
    shared.bot(call.ctx.bot_id).await.map_err(internal)?.ok_or_else(ApiError::unauthorized)
}
