//! Business accounts: a person connects a bot to their account with the rights they choose
//! (the user-side `connectBusinessBot`, one bot at a time, as on the platform), and the bot
//! manages the account within them: its name, username, bio and profile photo, its gift
//! settings, its Stars and its gifts (`getBusinessConnection`, `setBusinessAccount*`,
//! `getBusinessAccountStarBalance`, `transferBusinessAccountStars`, `getBusinessAccountGifts`,
//! `convertGiftToStars`). The bot hears of each change of the connection as a
//! `business_connection` update, in the change's own commit.
//!
//! A connection is one row of [`CONNECTIONS`]; the person's current one is named by a row of
//! [`CURRENT`]. A connection the person ended stays (disabled), so the bot can still read it.

pub(crate) mod domain;
mod methods;
mod user;

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, MethodCall, NewUpdate, UserRecord};
use msg_spec::types;
use serde::{Deserialize, Serialize};

use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::world::{MESSAGE_TTL, Platform, now, person, typed};

/// Business connections: scope 0, key the connection's id.
const CONNECTIONS: Table<Connection> = Table::new("business_connection");
/// A person's current connection: scope the person, key "", the connection's id.
const CURRENT: Table<String> = Table::new("business_current");

/// A bot's connection to a person's account.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Connection {
    pub bot_id: i64,
    pub user_id: i64,
    pub date: i64,
    pub rights: types::BusinessBotRights,
    pub is_enabled: bool,
}

/// A new connection's id: 16 random bytes, as URL-safe base64 (the platform's are opaque
/// strings of that kind).
fn new_id() -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 16]>())
}

/// A connection as its bot sees it.
async fn shown(platform: &Platform, id: &str, connection: &Connection) -> Result<types::BusinessConnection, ApiError> {
    let user = platform.user(connection.user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    let any = connection.rights != types::BusinessBotRights::default();
    Ok(types::BusinessConnection {
        id: id.to_owned(),
        user: Box::new(person(&user)),
        user_chat_id: connection.user_id,
        date: connection.date,
        rights: any.then(|| Box::new(connection.rights.clone())),
        is_enabled: connection.is_enabled,
    })
}

/// Connection `business_connection_id` of the calling bot.
pub(crate) async fn connection_of(
    platform: &Platform,
    call: &MethodCall,
) -> Result<(Arc<BotRecord>, String, Connection), ApiError> {
    let id = call.params.get("business_connection_id").unwrap_or_default().to_owned();
    let bot = crate::kernel::methods::platform_bot(platform, call).await?;
    let found = if id.is_empty() { None } else { CONNECTIONS.get(platform.storage.as_ref(), 0, &id).await? };
    match found {
        Some(connection) if connection.bot_id == bot.id => Ok((bot, id, connection)),
        _ => Err(ApiError::bad_request("business connection not found")),
    }
}

/// The connection's person, when the connection is enabled and holds the right `right` picks.
pub(crate) async fn account(
    platform: &Platform,
    connection: &Connection,
    right: fn(&types::BusinessBotRights) -> Option<bool>,
) -> Result<UserRecord, ApiError> {
    if !connection.is_enabled {
        return Err(ApiError::bad_request("BUSINESS_CONNECTION_INVALID"));
    }
    if right(&connection.rights) != Some(true) {
        return Err(ApiError::bad_request("BOT_ACCESS_FORBIDDEN"));
    }
    platform.user(connection.user_id).await?.ok_or_else(|| ApiError::bad_request("BUSINESS_CONNECTION_INVALID"))
}

/// The person bot `bot` sends on behalf of through connection `id`: the connection must be
/// the bot's, enabled, and allow replies (`can_reply`).
async fn sender(platform: &Platform, bot: &BotRecord, id: &str) -> Result<UserRecord, ApiError> {
    let found = CONNECTIONS.get(platform.storage.as_ref(), 0, id).await?;
    let connection =
        found.filter(|c| c.bot_id == bot.id).ok_or_else(|| ApiError::bad_request("business connection not found"))?;
    account(platform, &connection, |r| r.can_reply).await
}

/// The bot whose connection to person `user_id`'s account is enabled, with the connection's id.
async fn observer(platform: &Platform, user_id: i64) -> Result<Option<(Arc<BotRecord>, String)>, ApiError> {
    let storage = platform.storage.as_ref();
    let Some(id) = CURRENT.get(storage, user_id, "").await? else { return Ok(None) };
    let Some(connection) = CONNECTIONS.get(storage, 0, &id).await?.filter(|c| c.is_enabled) else { return Ok(None) };
    Ok(platform.bot_record(connection.bot_id).await?.map(|bot| (bot, id)))
}

/// Whether bot `bot_id` manages person `user_id`'s account now.
pub(crate) async fn manages(platform: &Platform, bot_id: i64, user_id: i64) -> Result<bool, ApiError> {
    let storage = platform.storage.as_ref();
    let Some(id) = CURRENT.get(storage, user_id, "").await? else { return Ok(false) };
    Ok(CONNECTIONS.get(storage, 0, &id).await?.is_some_and(|c| c.bot_id == bot_id && c.is_enabled))
}

/// Adds the bot's `business_connection` update about `connection` to `act`.
async fn tell(
    platform: &Platform,
    act: &mut Act,
    bot: &std::sync::Arc<BotRecord>,
    id: &str,
    connection: &Connection,
) -> Result<(), ApiError> {
    if !platform.updates.accepts(bot, "business_connection").await? {
        return Ok(());
    }
    let payload = typed(&shown(platform, id, connection).await?).to_string();
    platform
        .tell_bot(act, bot, NewUpdate::new("business_connection", payload, connection.user_id, now() + MESSAGE_TTL))
        .await
}
