//! The built-in Bot API methods, listed in one place, in order. Each is an async function of the
//! engine state and the call; [`register`] wraps them into registry entries under the plugin name
//! `builtin`, through the same door plugins use.

mod bot;
mod commands;
pub(crate) mod media;
pub(crate) mod messages;
mod updates;

use std::future::Future;
use std::sync::{Arc, OnceLock, Weak};

use msg_core::{ApiError, BotRecord, MethodCall, MethodHandler, Registrar, Reply};

use crate::files::Kind;
use crate::platform::Platform;
use crate::{PlatformSlot, Shared, Slot};

/// A built-in method bound to the state it acts on (the server's `Shared`, or the `Platform`),
/// reached through a slot filled once the engine is built.
struct Bound<S, F> {
    slot: Arc<OnceLock<Weak<S>>>,
    f: F,
}

#[async_trait::async_trait]
impl<S, F, Fut> MethodHandler for Bound<S, F>
where
    S: Send + Sync + 'static,
    F: Fn(Arc<S>, MethodCall) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Reply, ApiError>> + Send + 'static,
{
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        let state = self.slot.get().and_then(Weak::upgrade).ok_or_else(|| ApiError::internal("restart"))?;
        (self.f)(state, call).await
    }
}

/// Registers `f` under `name`, bound to the state behind `slot`: the server's (`Slot`) for the
/// protocol's methods, the platform (`PlatformSlot`) for the platform's.
fn add<S, F, Fut>(r: &mut Registrar, slot: &Arc<OnceLock<Weak<S>>>, name: &str, f: F)
where
    S: Send + Sync + 'static,
    F: Fn(Arc<S>, MethodCall) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Reply, ApiError>> + Send + 'static,
{
    r.method(name, Arc::new(Bound { slot: slot.clone(), f }));
}

/// Every built-in method, in the order of the Bot API documentation: the protocol's (updates,
/// webhooks, logOut, close) on the server's state, the others on the platform.
pub(crate) fn register(r: &mut Registrar, slot: &Slot, platform: &PlatformSlot) {
    add(r, slot, "getUpdates", updates::get_updates);
    add(r, slot, "setWebhook", updates::set_webhook);
    add(r, slot, "deleteWebhook", updates::delete_webhook);
    add(r, slot, "getWebhookInfo", updates::get_webhook_info);
    add(r, platform, "getMe", bot::get_me);
    add(r, slot, "logOut", bot::log_out);
    add(r, slot, "close", bot::close);
    add(r, platform, "sendMessage", messages::send_message);
    for kind in Kind::SENDABLE {
        add(r, platform, kind.send_method(), move |platform, call| media::send_kind(platform, call, kind));
    }
    add(r, platform, "sendMediaGroup", media::send_media_group);
    add(r, platform, "sendChatAction", messages::send_chat_action);
    add(r, platform, "getFile", media::get_file);
    add(r, platform, "answerCallbackQuery", messages::answer_callback_query);
    add(r, platform, "setMyCommands", commands::set_my_commands);
    add(r, platform, "deleteMyCommands", commands::delete_my_commands);
    add(r, platform, "getMyCommands", commands::get_my_commands);
    add(r, platform, "editMessageMedia", media::edit_message_media);
}

/// The bot a platform method acts for (authenticated by the server before the call).
pub(crate) async fn platform_bot(platform: &Platform, call: &MethodCall) -> Result<Arc<BotRecord>, ApiError> {
    platform.bot(call.ctx.bot_id).await.map_err(internal)?.ok_or_else(ApiError::unauthorized)
}

pub(crate) use crate::storage_failed as internal;

/// The calling bot's record.
pub(crate) async fn bot_of(shared: &Shared, call: &MethodCall) -> Result<Arc<BotRecord>, ApiError> {
    shared.bot(call.ctx.bot_id).await.map_err(internal)?.ok_or_else(ApiError::unauthorized)
}
