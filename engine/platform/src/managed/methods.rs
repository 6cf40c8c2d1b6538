//! The managed bots' methods: the person's `createManagedBot`, the manager's token and access
//! methods, and the rule that keeps a restricted bot for its owner and the people added.

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, MethodCall, NewUpdate, Reply, Secret};
use msg_spec::{params, types};
use serde_json::{Value, json};

use super::{MANAGED, Managed};
use crate::kernel::act::Act;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::user::UserCall;
use crate::kernel::world::{
    Actor, Content, Conversation, Hooked, MESSAGE_TTL, Platform, PostDraft, bot_user, now, person, typed,
};

/// The reference's words when the bot named is not one the caller manages (the platform's
/// `bots.exportBotToken` refusal).
const NOT_MANAGED: &str = "BOT_INVALID";

/// The most people a restricted bot may be opened to at once (`added_user_ids`).
const MOST_ADDED: usize = 10;

/// `user_id`'s bot as the caller manages it: the reference's checks in its order (the user, a
/// bot, managed by the caller).
async fn managed_by(platform: &Platform, manager: i64, user_id: i64) -> Result<(Arc<BotRecord>, Managed), ApiError> {
    if platform.participant(user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    let bot = platform.bot_record(user_id).await?.ok_or_else(|| ApiError::bad_request("User is not a bot"))?;
    match MANAGED.get(platform.storage.as_ref(), 0, &user_id.to_string()).await? {
        Some(managed) if managed.manager == manager => Ok((bot, managed)),
        _ => Err(ApiError::bad_request(NOT_MANAGED)),
    }
}

/// `managed_bot` for the manager, in `act`: who made the bot, and the bot.
async fn tell_manager(
    platform: &Platform,
    act: &mut Act,
    manager: &Arc<BotRecord>,
    owner: i64,
    bot: &BotRecord,
) -> Result<(), ApiError> {
    if !platform.updates.accepts(manager, "managed_bot").await? {
        return Ok(());
    }
    let owner = platform.user(owner).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    let update = types::ManagedBotUpdated { user: Box::new(person(&owner)), bot: Box::new(bot_user(bot)) };
    platform
        .tell_bot(
            act,
            manager,
            NewUpdate::new("managed_bot", typed(&update).to_string(), owner.id, now() + MESSAGE_TTL),
        )
        .await
}

/// The person's `createManagedBot`: a new bot, managed by `bot_id` (which must have bot
/// management on), owned by the person. The bot is stored first; the manager's row, its
/// `managed_bot` update and the person's `managed_bot_created` message are then one act (a stop
/// between the two leaves a bot nobody manages or knows, as a `bot create` that was never used).
pub(super) async fn create(c: UserCall) -> Result<Value, ApiError> {
    let manager_id = msg_spec::args::integer(c.params.get("bot_id").or_else(|| c.params.get("chat_id"))).unwrap_or(0);
    create_for(&c, manager_id, Act::new()).await
}

/// [`create`] for manager `manager_id`, as part of `act` (a prepared button used up with it).
pub(super) async fn create_for(c: &UserCall, manager_id: i64, act: Act) -> Result<Value, ApiError> {
    let mut act = act;
    let manager = c.platform.bot_record(manager_id).await?.ok_or_else(|| ApiError::bad_request("bot not found"))?;
    if !c.platform.bot_flags(manager.id).await?.manage_bots {
        return Err(ApiError::bad_request("the bot doesn't manage bots (its bot management is off)"));
    }
    let username = crate::operator::check_bot_username(c.params.get("username").unwrap_or_default())
        .map_err(ApiError::bad_request)?;
    let by = format!("by @{} for {}", manager.username, c.user.id);
    let bot = crate::operator::new_bot(&c.platform, &username, c.params.get("name"), &by).await?;
    let managed = Managed { manager: manager.id, owner: c.user.id, restricted: false, added: Vec::new() };
    act.change(MANAGED.put(0, &bot.id.to_string(), &managed));
    tell_manager(&c.platform, &mut act, &manager, c.user.id, &bot).await?;
    let created = types::ManagedBotCreated { bot: Box::new(bot_user(&bot)) };
    let body = types::Message { managed_bot_created: Some(Box::new(created)), ..Default::default() };
    let conversation = Conversation::private(c.user.id, manager.id);
    crate::messages::post_in(&c.platform, &mut act, &Actor::User(c.user.clone()), conversation, Content::of(body))
        .await?;
    c.platform.commit(act).await?;
    Ok(json!({"bot": typed(&bot_user(&bot)), "token": bot.token()}))
}

/// `getManagedBotToken`.
pub(super) async fn get_token(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let manager = platform_bot(&platform, &call).await?;
    let p: params::GetManagedBotToken = args(&call.params)?;
    let (bot, _) = managed_by(&platform, manager.id, p.user_id).await?;
    Ok(Value::String(bot.token()).into())
}

/// `replaceManagedBotToken`: a new secret; the old token stops working at once, and the manager
/// hears of it (`managed_bot`).
pub(super) async fn replace_token(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let manager = platform_bot(&platform, &call).await?;
    let p: params::ReplaceManagedBotToken = args(&call.params)?;
    // One replacement at a time: each answers the token that stands after it.
    let _held = MANAGED.lock(&platform.locks, 0, &p.user_id.to_string()).await;
    let (bot, managed) = managed_by(&platform, manager.id, p.user_id).await?;
    let mut renewed = BotRecord::clone(&bot);
    renewed.secret = Secret::new(crate::operator::new_secret());
    platform.storage.save_bot(&renewed).await.map_err(crate::internal)?;
    platform.forget_bot(renewed.id);
    let mut act = Act::new();
    tell_manager(&platform, &mut act, &manager, managed.owner, &renewed).await?;
    platform.commit(act).await?;
    Ok(Value::String(renewed.token()).into())
}

/// `getManagedBotAccessSettings`: `added_users` only while restricted and not empty.
pub(super) async fn get_access(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let manager = platform_bot(&platform, &call).await?;
    let p: params::GetManagedBotAccessSettings = args(&call.params)?;
    let (_, managed) = managed_by(&platform, manager.id, p.user_id).await?;
    let mut added = Vec::new();
    for id in managed.added.iter().filter(|_| managed.restricted) {
        if let Some(user) = platform.user(*id).await? {
            added.push(person(&user));
        }
    }
    let settings = types::BotAccessSettings {
        is_access_restricted: managed.restricted,
        added_users: (!added.is_empty()).then_some(added),
    };
    Ok(Reply::typed(&settings))
}

/// The reference's `get_user_ids` (its errors in its order), up to `most`.
fn user_ids(raw: &str, field: &str, most: usize) -> Result<Vec<i64>, ApiError> {
    if raw.is_empty() {
        return Err(ApiError::bad_request("User identifiers are not specified"));
    }
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request(format!("Can't parse {field} JSON object")))?;
    let items = value.as_array().ok_or_else(|| ApiError::bad_request("Expected an Array of user identifiers"))?;
    if items.len() > most {
        return Err(ApiError::bad_request("Too many user identifiers specified"));
    }
    items
        .iter()
        .map(|item| {
            let id = match item {
                Value::Number(n) => n.as_i64(),
                Value::String(s) => Some(
                    s.trim()
                        .parse::<i64>()
                        .map_err(|_| ApiError::bad_request("Can't parse user identifier as a Number"))?,
                ),
                _ => return Err(ApiError::bad_request("User identifier must be a Number")),
            };
            id.filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request("Invalid user identifier specified"))
        })
        .collect()
}

/// `setManagedBotAccessSettings`: `added_user_ids` is read only when access is restricted (the
/// reference ignores it otherwise); ids of nobody the platform knows are dropped, as TDLib does.
pub(super) async fn set_access(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let manager = platform_bot(&platform, &call).await?;
    let p: params::SetManagedBotAccessSettings = args(&call.params)?;
    let restricted = p.is_access_restricted;
    let asked = match p.added_user_ids.filter(|_| restricted) {
        Some(raw) => user_ids(raw, "added_user_ids", MOST_ADDED)?,
        None => Vec::new(),
    };
    let key = p.user_id.to_string();
    // Read and written under the row's lock: two changes never lose one another.
    let _held = MANAGED.lock(&platform.locks, 0, &key).await;
    let (_, mut managed) = managed_by(&platform, manager.id, p.user_id).await?;
    let mut added = Vec::new();
    for id in asked {
        if platform.user(id).await?.is_some() && !added.contains(&id) {
            added.push(id);
        }
    }
    managed.restricted = restricted;
    managed.added = added;
    platform.commit(Act::with(vec![MANAGED.put(0, &key, &managed)])).await?;
    done()
}

/// Managed bots' rules of a post: a keyboard that asks for a managed bot comes in a private chat
/// from a bot with bot management on (TDLib's words for the first; the platform's for the
/// second); a post to a managed bot whose access is restricted comes from its owner or the
/// people added.
pub(super) fn post_rule<'a>(platform: &'a Platform, draft: &'a PostDraft<'a>) -> Hooked<'a, Option<i64>> {
    Box::pin(async move {
        let rows = draft.reply_markup.and_then(|k| k.get("keyboard")).and_then(Value::as_array);
        let mut buttons = rows.into_iter().flatten().filter_map(Value::as_array).flatten();
        if buttons.any(|b| b.get("request_managed_bot").is_some()) {
            if !matches!(draft.conversation, Conversation::Private(..)) {
                return Err(ApiError::bad_request("Managed bots can be requested in private chats only"));
            }
            if let Actor::Bot(bot) = draft.actor
                && !platform.bot_flags(bot.id).await?.manage_bots
            {
                return Err(ApiError::bad_request(
                    "the bot can't request managed bots: its bot management is off (`msg-bot-api bot set <bot> --manage-bots on`)",
                ));
            }
        }
        let (Actor::User(user), Conversation::Private(a, b)) = (draft.actor, draft.conversation) else {
            return Ok(None);
        };
        let other = if a == user.id { b } else { a };
        let Some(managed) = MANAGED.get(platform.storage.as_ref(), 0, &other.to_string()).await? else {
            return Ok(None);
        };
        if managed.restricted && managed.owner != user.id && !managed.added.contains(&user.id) {
            return Err(ApiError::bad_request("the bot's owner allows only selected users to use it"));
        }
        Ok(None)
    })
}
