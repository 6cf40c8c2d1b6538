//! The bot's instance on this server: `logOut` and `close` (`getMe` is the platform's).

use std::sync::Arc;
use std::time::Duration;

use msg_core::{ApiError, Change, MethodCall, Reply};
use serde_json::json;

use super::{bot_of, internal};
use crate::Shared;
use crate::sessions::session::Presence;
use msg_core::storage::now_unix as now;
use msg_queue::PollAbort;

/// A bot instance younger than this may not be closed (unless started with the server).
const CLOSE_GRACE: Duration = Duration::from_secs(600);

/// `logOut`: stops delivery here (long polls answered, webhook stopped), keeps the bot's
/// directory intact so it can be copied elsewhere, and answers `400 Logged out` on this server
/// for the cool-down.
pub(crate) async fn log_out(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = bot_of(&shared, &call).await?;
    let session = shared.sessions.session(&bot).await?;
    let at = now();
    shared
        .storage
        .apply(vec![Change::BotSetting {
            bot_id: bot.id,
            key: "logged_out".into(),
            value: Some(format!("{at}:{}", shared.sessions.logout_scope())),
        }])
        .await
        .map_err(internal)?;
    session.set_presence(Presence::LoggedOut { at });
    session.mailbox.abort_polls(PollAbort::Closing);
    crate::webhook::stop(&session);
    tracing::info!("bot {} logged out; its directory is kept", bot.id);
    Ok(json!(true).into())
}

/// `close`: stops the bot's instance here (data kept); the next request reopens it.
pub(crate) async fn close(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = bot_of(&shared, &call).await?;
    let session = shared.sessions.session(&bot).await?;
    let age = session.started.elapsed();
    if shared.sessions.server_age() > CLOSE_GRACE + age.min(CLOSE_GRACE) && age < CLOSE_GRACE {
        let left = (CLOSE_GRACE - age).as_secs().max(1) as u32;
        return Err(ApiError::too_many_requests(left));
    }
    shared.sessions.deactivate(bot.id).await;
    Ok(json!(true).into())
}
