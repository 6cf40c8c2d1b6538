//! Prepared keyboard buttons (Bot API 9.6): a bot stores a `request_users`, `request_chat` or
//! `request_managed_bot` button for a person (`savePreparedKeyboardButton`), and the person's
//! Mini App uses it by id (the user-side `usePreparedKeyboardButton`): the users or the chat the
//! person picks are shared with the bot (`users_shared`, `chat_shared`, the person's service
//! message in their chat with it, with only the details the button asked for), or a bot it
//! manages is made (as `createManagedBot`). A button is used once.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::{params, types};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::kernel::act::Act;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::records::Table;
use crate::kernel::user::UserCall;
use crate::kernel::world::{Actor, Content, Conversation, Platform};
use crate::messages::posting::KEYBOARD_REQUESTS;

/// Prepared buttons: scope the person, key the button's id.
const PREPARED: Table<Prepared> = Table::new("prepared_keyboard_button");

/// A button a bot prepared for a person.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Prepared {
    bot: i64,
    button: Value,
}

/// The kinds of button a Mini App may use.
const KINDS: [&str; 3] = ["request_users", "request_chat", "request_managed_bot"];

/// `savePreparedKeyboardButton`: the reference's parse (`Can't parse keyboard button …`), then
/// the kinds the Bot API allows.
pub(super) async fn save(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::SavePreparedKeyboardButton = args(&call.params)?;
    let raw = p.button.unwrap_or_default();
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("Can't parse keyboard button JSON object"))?;
    let markup = json!({"keyboard": [[value]]}).to_string();
    let parsed = crate::messages::send::reply_markup(Some(&markup))?.unwrap_or_default();
    let button = parsed["keyboard"][0][0].clone();
    if !KINDS.iter().any(|k| button.get(*k).is_some()) {
        return Err(ApiError::bad_request("BUTTON_TYPE_INVALID"));
    }
    if platform.user(p.user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    let id = format!("{:016x}", msg_core::random::next_u64());
    let prepared = Prepared { bot: bot.id, button };
    platform.commit(Act::with(vec![PREPARED.put(p.user_id, &id, &prepared)])).await?;
    Ok(Reply::typed(&types::PreparedKeyboardButton { id }))
}

/// The person's `usePreparedKeyboardButton`: `id`, and what the button asks for: `user_ids`
/// (request_users), `shared_chat_id` (request_chat), `username` and `name`
/// (request_managed_bot). The button goes once used.
pub(super) async fn use_button(c: UserCall) -> Result<Value, ApiError> {
    let id = c.params.get("id").unwrap_or_default();
    // Used once: read and dropped under the row's lock.
    let _held = PREPARED.lock(&c.platform.locks, c.user.id, id).await;
    let prepared = PREPARED.get(c.platform.storage.as_ref(), c.user.id, id).await?;
    let prepared = prepared.ok_or_else(|| ApiError::bad_request("the prepared keyboard button is not there"))?;
    let button = &prepared.button;
    let conversation = Conversation::private(c.user.id, prepared.bot);
    let mut act = Act::with(vec![PREPARED.delete(c.user.id, id)]);
    if button.get("request_managed_bot").is_some() {
        return super::methods::create_for(&c, prepared.bot, act).await;
    }
    let body = if let Some(asked) = button.get("request_users") {
        users_shared(&c, asked).await?
    } else {
        chat_shared(&c, &button["request_chat"], prepared.bot).await?
    };
    let actor = Actor::User(c.user.clone());
    let sent = crate::messages::post_in(&c.platform, &mut act, &actor, conversation, Content::of(body)).await?;
    c.platform.commit(act).await?;
    Ok(crate::kernel::world::typed(&sent))
}

/// The person's `shareUsers` and `shareChat`: a reply keyboard's `request_users` or
/// `request_chat` button pressed: `chat_id` (the bot that showed it), `request_id` (the
/// button's), and the pick: `user_ids` or `shared_chat_id`. The request is the one the bot's
/// keyboard made (`KEYBOARD_REQUESTS`), never the client's word; the person's service message to
/// the bot, as `usePreparedKeyboardButton` posts it.
pub(super) async fn share(c: UserCall, users: bool) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let Conversation::Private(a, b) = conversation else {
        return Err(ApiError::bad_request("a keyboard's request is answered in the chat with its bot"));
    };
    let bot = if a == c.user.id { b } else { a };
    if c.platform.bot_record(bot).await?.is_none() {
        return Err(ApiError::bad_request("a keyboard's request is answered in the chat with its bot"));
    }
    let request_id = msg_spec::args::integer(c.params.get("request_id")).unwrap_or(0);
    let key = format!("{bot}|{request_id}");
    let kind = if users { "request_users" } else { "request_chat" };
    let made = KEYBOARD_REQUESTS.get(c.platform.storage.as_ref(), c.user.id, &key).await?;
    let Some(asked) = made.filter(|m| m["kind"] == kind).map(|m| m["request"].clone()) else {
        return Err(ApiError::bad_request("the bot's keyboard made no such request"));
    };
    let body = match users {
        true => users_shared(&c, &asked).await?,
        false => chat_shared(&c, &asked, bot).await?,
    };
    let mut act = Act::new();
    let actor = Actor::User(c.user.clone());
    let sent = crate::messages::post_in(&c.platform, &mut act, &actor, conversation, Content::of(body)).await?;
    c.platform.commit(act).await?;
    Ok(crate::kernel::world::typed(&sent))
}

/// `users_shared`: the people (and bots, when asked) the person picked, with the details asked.
async fn users_shared(c: &UserCall, asked: &Value) -> Result<types::Message, ApiError> {
    let ids = crate::kernel::user::user_ids(&c.params, "user_ids")?;
    let most = asked["max_quantity"].as_i64().unwrap_or(1).clamp(1, 10) as usize;
    if ids.is_empty() || ids.len() > most {
        return Err(ApiError::bad_request(format!("pick between 1 and {most} users")));
    }
    let flag = |name: &str| asked[name].as_bool().unwrap_or(false);
    // The platform has no Premium: a request for Premium users finds none.
    if asked["user_is_premium"].as_bool() == Some(true) {
        return Err(ApiError::bad_request("the button asks for other users"));
    }
    let mut users = Vec::new();
    for id in ids {
        let user = c.platform.participant(id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        if let Some(bot) = asked["user_is_bot"].as_bool()
            && bot != user.is_bot
        {
            return Err(ApiError::bad_request("the button asks for other users"));
        }
        users.push(types::SharedUser {
            user_id: user.id,
            first_name: flag("request_name").then(|| user.first_name.clone()),
            last_name: flag("request_name").then(|| user.last_name.clone()).flatten(),
            username: flag("request_username").then(|| user.username.clone()).flatten(),
            ..Default::default()
        });
    }
    let request_id = asked["request_id"].as_i64().unwrap_or(0);
    Ok(types::Message { users_shared: Some(Box::new(types::UsersShared { request_id, users })), ..Default::default() })
}

/// `chat_shared`: a group or channel the person is in, of the kind the button asks for (a
/// channel or not, a forum or not, created by the person, with the person's and `bot`'s rights
/// as administrators, `bot` a member; the platform's chats have no public usernames).
async fn chat_shared(c: &UserCall, asked: &Value, bot: i64) -> Result<types::Message, ApiError> {
    let chat_id = msg_spec::args::integer(c.params.get("shared_chat_id")).unwrap_or(0);
    let conversation = c.platform.resolve_chat(&c.actor(), &chat_id.to_string()).await?;
    let Conversation::Group(_) = conversation else {
        return Err(ApiError::bad_request("the button asks for a group or a channel"));
    };
    let channel = c.platform.is_channel(conversation).await?;
    if asked["chat_is_channel"].as_bool().unwrap_or(false) != channel {
        return Err(ApiError::bad_request("the button asks for another kind of chat"));
    }
    let chat = c.platform.chat(conversation, c.user.id).await?;
    let other = || ApiError::bad_request("the button asks for another kind of chat");
    if asked["chat_is_forum"].as_bool().is_some_and(|forum| forum != chat.is_forum.unwrap_or(false))
        || asked["chat_has_username"].as_bool() == Some(true)
    {
        return Err(other());
    }
    let Conversation::Group(chat_id) = conversation else { return Err(other()) };
    let standing = c.platform.standing(chat_id, c.user.id).await?;
    if asked["chat_is_created"].as_bool() == Some(true) && standing.status != "creator" {
        return Err(other());
    }
    let rights = |name: &str| -> Result<Option<types::ChatAdministratorRights>, ApiError> {
        match asked.get(name).filter(|r| r.is_object()) {
            None => Ok(None),
            Some(r) => {
                // The rights asked are those set; what a normalised keyboard left out is false.
                let mut full = crate::kernel::world::typed(&types::ChatAdministratorRights::default());
                for (right, value) in r.as_object().into_iter().flatten() {
                    full[right] = value.clone();
                }
                crate::kernel::stored::decode(full, "administrator rights").map(Some)
            }
        }
    };
    if let Some(rights) = rights("user_administrator_rights")?
        && !(standing.is_admin() && standing.holds_all(&rights))
    {
        return Err(ApiError::bad_request("you lack the administrator rights the button asks for"));
    }
    let bot_standing = c.platform.standing(chat_id, bot).await?;
    if let Some(rights) = rights("bot_administrator_rights")?
        && !(bot_standing.is_admin() && bot_standing.holds_all(&rights))
    {
        return Err(ApiError::bad_request("the bot lacks the administrator rights the button asks for"));
    }
    if asked["bot_is_member"].as_bool() == Some(true) && !bot_standing.present() {
        return Err(ApiError::bad_request("the button asks for a chat the bot is in"));
    }
    let flag = |name: &str| asked[name].as_bool().unwrap_or(false);
    let shared = types::ChatShared {
        request_id: asked["request_id"].as_i64().unwrap_or(0),
        chat_id: conversation.chat_id_for(c.user.id),
        title: flag("request_title").then(|| chat.title.clone()).flatten(),
        username: flag("request_username").then(|| chat.username.clone()).flatten(),
        ..Default::default()
    };
    Ok(types::Message { chat_shared: Some(Box::new(shared)), ..Default::default() })
}
