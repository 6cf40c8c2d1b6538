//! Guard bots' methods: the bot's `answerChatJoinRequestQuery` and `sendChatJoinRequestWebApp`,
//! the person's `joinChat`, `getGuardBotWebAppUrl` and `setChatGuardBot` (the rules are in
//! `guard.rs`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use serde_json::{Value, json};

use super::guard::{GUARD_QUERIES, Joined, Outcome, open};
use super::invites::{invite_admin, settle};
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::queries::query_invalid;
use crate::kernel::user::UserCall;
use crate::kernel::world::{Actor, Conversation, Platform, now, typed};

/// The chat and person of guard query `id`, as stored.
async fn place_of(platform: &Platform, id: &str) -> Result<(i64, i64), ApiError> {
    let found = GUARD_QUERIES.find(platform.storage.as_ref(), id).await?;
    found.first().copied().ok_or_else(query_invalid)
}

/// `answerChatJoinRequestQuery`.
pub(super) async fn answer_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::AnswerChatJoinRequestQuery = args(&call.params)?;
    let outcome = match p.result {
        "approve" => Outcome::Approve,
        "decline" => Outcome::Decline,
        "queue" => Outcome::Queue,
        _ => return Err(ApiError::bad_request("result must be one of \"approve\", \"decline\" or \"queue\"")),
    };
    let id = p.chat_join_request_query_id;
    let (chat_id, user_id) = place_of(&platform, id).await?;
    let actor = Actor::Bot(bot.clone());
    let (group, _) = invite_admin(&platform, &actor, Conversation::Group(chat_id)).await?;
    settle(&platform, group, &actor, user_id, outcome, Some(id)).await?;
    // The person's joinChat, if it still waits, ends with the bot's word.
    let _ = platform.answer_query(bot.id, id, json!({"result": p.result})).await;
    done()
}

/// `sendChatJoinRequestWebApp`: the person is to open the bot's Mini App; the bot answers the
/// query after that, while the request waits.
pub(super) async fn send_web_app(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::SendChatJoinRequestWebApp = args(&call.params)?;
    let url = crate::parse_mode::url::check_page_link(p.web_app_url).map_err(ApiError::bad_request)?;
    let id = p.chat_join_request_query_id;
    let (chat_id, user_id) = place_of(&platform, id).await?;
    let actor = Actor::Bot(bot.clone());
    let (mut group, _) = invite_admin(&platform, &actor, Conversation::Group(chat_id)).await?;
    let request = group.details.requests.iter_mut().find(|r| r.user_id == user_id);
    let Some(query) = request.and_then(|r| r.query.as_mut()).filter(|q| open(q, id, bot.id) && q.web_app.is_none())
    else {
        return Err(query_invalid());
    };
    query.web_app = Some(url.clone());
    super::save_group(&platform, &group).await?;
    drop(group);
    let _ = platform.answer_query(bot.id, id, json!({"web_app": url})).await;
    done()
}

/// The person's `joinChat`: `true` once joined; the guard bot and its query when its Mini App
/// is to be opened first.
pub(super) async fn join_chat(c: UserCall) -> Result<Value, ApiError> {
    match super::join_by_link(&c.platform, &c.user, c.params.get("invite_link").unwrap_or_default()).await? {
        Joined::Member => Ok(json!(true)),
        Joined::GuardApproval { bot, query_id } => Ok(json!({"guard_bot": typed(&bot), "query_id": query_id})),
    }
}

/// The person's `getGuardBotWebAppUrl` (TDLib's name): the Mini App a guard bot asked them to
/// open about their join request, with its launch data signed by the bot's token.
pub(super) async fn web_app_url(c: UserCall) -> Result<Value, ApiError> {
    let id = c.params.get("query_id").unwrap_or_default();
    let (chat_id, user_id) = place_of(&c.platform, id).await?;
    let group = c.platform.group(chat_id).await?;
    let (details, _) = super::chat_details(&c.platform, &group).await?;
    let request = details.requests.iter().find(|r| r.user_id == user_id && user_id == c.user.id);
    let query = request.and_then(|r| r.query.as_ref()).filter(|q| q.id == id);
    let (Some(query), Some(url)) = (query, query.and_then(|q| q.web_app.clone())) else {
        return Err(query_invalid());
    };
    let bot = c.platform.bot_record(query.bot).await?.ok_or_else(query_invalid)?;
    let user = crate::kernel::world::user_json(&c.user);
    let init_data = crate::kernel::web_app::init_data(&bot.token(), id, &user, now());
    Ok(json!({"url": url, "init_data": init_data, "guard_bot": typed(&crate::kernel::world::bot_user(&bot))}))
}

/// The person's `setChatGuardBot`: names the supergroup's guard bot (`bot_id` 0 removes it), as
/// TDLib's `toggleSupergroupJoinByRequest` does: for one who may restrict members, a bot that
/// supports join request queries and is an administrator who may invite users.
pub(super) async fn set_guard(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let Conversation::Group(chat_id) = conversation else {
        return Err(ApiError::bad_request("the method can be called only for ordinary supergroups"));
    };
    let bot_id = msg_spec::args::integer(c.params.get("bot_id")).unwrap_or(0);
    let mut group = super::write_group(&c.platform, chat_id).await?;
    if group.chat.kind != "supergroup" || c.platform.is_channel(conversation).await? {
        return Err(ApiError::bad_request("the method can be called only for ordinary supergroups"));
    }
    if !c.platform.standing(chat_id, c.user.id).await?.may(|r| r.can_restrict_members) {
        return Err(ApiError::bad_request("not enough rights"));
    }
    // What `guard::guard_of` asks of a guard while it serves, each refused in its own words.
    if bot_id != 0 {
        if c.platform.bot_record(bot_id).await?.is_none() {
            return Err(ApiError::bad_request("bot not found"));
        }
        if !c.platform.bot_flags(bot_id).await?.join_request_queries {
            return Err(ApiError::bad_request("the bot doesn't support join request queries"));
        }
        if !c.platform.standing(chat_id, bot_id).await?.may(|r| r.can_invite_users) {
            return Err(ApiError::bad_request("the guard bot must be an administrator who may invite users"));
        }
    }
    group.details.guard_bot = (bot_id != 0).then_some(bot_id);
    super::save_group(&c.platform, &group).await?;
    Ok(json!(true))
}
