//! The person's side of business accounts: connecting a bot (`connectBusinessBot`), ending the
//! connection (`disconnectBusinessBot`) and reading it (`getBusinessConnection`).

use msg_core::ApiError;
use msg_spec::types;
use serde_json::{Value, json};

use super::{CONNECTIONS, CURRENT, Connection};
use crate::kernel::act::Act;
use crate::kernel::serial::Entity;
use crate::kernel::user::UserCall;
use crate::kernel::world::{bot_user, now};

/// What a person gives a bot they connect without naming rights: replying and reading, as the
/// apps suggest.
fn default_rights() -> types::BusinessBotRights {
    types::BusinessBotRights { can_reply: Some(true), can_read_messages: Some(true), ..Default::default() }
}

/// The rights in `rights` (a JSON `BusinessBotRights`), only those set to true kept.
fn rights_of(raw: Option<&str>) -> Result<types::BusinessBotRights, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(default_rights()) };
    let rights: types::BusinessBotRights = serde_json::from_str(raw)
        .map_err(|_| ApiError::bad_request("rights must be a BusinessBotRights object of booleans"))?;
    // `false` is the same as absent, as the Bot API prints rights.
    let value = serde_json::to_value(&rights).expect("rights serialize");
    let kept: serde_json::Map<String, Value> = value
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, v)| v.as_bool() == Some(true))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Ok(serde_json::from_value(Value::Object(kept)).expect("rights deserialize"))
}

/// The person's `connectBusinessBot`: bot `bot_id` (in business mode) manages the person's
/// account with `rights`; a bot connected before is disconnected. Both bots are told.
pub(super) async fn connect(c: UserCall) -> Result<Value, ApiError> {
    let bot_id = msg_spec::args::to_integer(c.params.get("bot_id").unwrap_or_default());
    let rights = rights_of(c.params.get("rights"))?;
    let bot = c.platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("bot not found"))?;
    if !c.platform.bot_flags(bot.id).await?.business {
        return Err(ApiError::bad_request("BOT_BUSINESS_MISSING"));
    }
    let platform = &c.platform;
    let _held = platform.locks.lock(Entity::User(c.user.id)).await;
    let mut act = Act::new();
    let storage = platform.storage.as_ref();
    let current = CURRENT.get(storage, c.user.id, "").await?;
    let before = match &current {
        Some(id) => CONNECTIONS.get(storage, 0, id).await?.map(|conn| (id.clone(), conn)),
        None => None,
    };
    // The same bot keeps its connection (with the new rights); another bot's ends.
    let (id, date) = match &before {
        Some((id, old)) if old.bot_id == bot.id && old.is_enabled => (id.clone(), old.date),
        Some((id, old)) => {
            if old.is_enabled {
                let ended = Connection { is_enabled: false, ..old.clone() };
                act.change(CONNECTIONS.put(0, id, &ended));
                if let Some(old_bot) = platform.bot_record(old.bot_id).await? {
                    super::tell(platform, &mut act, &old_bot, id, &ended).await?;
                }
            }
            (super::new_id(), now())
        }
        None => (super::new_id(), now()),
    };
    let connection = Connection { bot_id: bot.id, user_id: c.user.id, date, rights, is_enabled: true };
    act.changes([CONNECTIONS.put(0, &id, &connection), CURRENT.put(c.user.id, "", &id)]);
    super::tell(platform, &mut act, &bot, &id, &connection).await?;
    platform.commit(act).await?;
    Ok(person_view(&id, &connection, &bot))
}

/// The person's `disconnectBusinessBot`: their connected bot manages the account no more (it is
/// told, `is_enabled` false); `false` when none was connected.
pub(super) async fn disconnect(c: UserCall) -> Result<Value, ApiError> {
    let platform = &c.platform;
    let _held = platform.locks.lock(Entity::User(c.user.id)).await;
    let storage = platform.storage.as_ref();
    let Some(id) = CURRENT.get(storage, c.user.id, "").await? else { return Ok(json!(false)) };
    let Some(old) = CONNECTIONS.get(storage, 0, &id).await? else { return Ok(json!(false)) };
    let ended = Connection { is_enabled: false, ..old.clone() };
    let mut act = Act::with(vec![CONNECTIONS.put(0, &id, &ended), CURRENT.delete(c.user.id, "")]);
    if let Some(bot) = platform.bot_record(old.bot_id).await? {
        super::tell(platform, &mut act, &bot, &id, &ended).await?;
    }
    platform.commit(act).await?;
    Ok(json!(old.is_enabled))
}

/// The person's `getBusinessConnection`: their connected bot and its rights, or `null`.
pub(super) async fn get(c: UserCall) -> Result<Value, ApiError> {
    let storage = c.platform.storage.as_ref();
    let Some(id) = CURRENT.get(storage, c.user.id, "").await? else { return Ok(Value::Null) };
    let Some(connection) = CONNECTIONS.get(storage, 0, &id).await? else { return Ok(Value::Null) };
    let Some(bot) = c.platform.bot_record(connection.bot_id).await? else { return Ok(Value::Null) };
    Ok(person_view(&id, &connection, &bot))
}

fn person_view(id: &str, connection: &Connection, bot: &msg_core::BotRecord) -> Value {
    json!({
        "id": id,
        "bot": bot_user(bot),
        "date": connection.date,
        "rights": connection.rights,
        "is_enabled": connection.is_enabled,
    })
}
