//! Guard bots (Bot API 10.1): a supergroup's administrators name a bot that decides its join
//! requests. A request through a link that asks for approval is put to the guard bot at once
//! (`chat_join_request` with `query_id`); within ten seconds the bot approves, declines, leaves
//! it to the administrators (`answerChatJoinRequestQuery`) or first shows the person a Mini App
//! (`sendChatJoinRequestWebApp`) and answers later. The person's `joinChat` waits for that
//! first answer and ends as TDLib's `ChatJoinResult` does: joined, `INVITE_REQUEST_DECLINED`,
//! `INVITE_REQUEST_SENT`, `JOIN_GUARD_TIMEOUT` (no answer: the request waits for the
//! administrators), or the Mini App to open (`getGuardBotWebAppUrl`), after which the person
//! hears the end as `chat_join_result`. The bot's answer is applied by its own call, under the
//! chat's lock and with its rights checked, so it holds whether or not the person still waits.

use std::sync::Arc;
use std::time::Duration;

use msg_core::{ApiError, BotRecord, NewUpdate};
use msg_spec::types;
use serde_json::json;

use crate::chats::standing::{ChatDetails, GuardQuery};
use crate::kernel::act::Act;
use crate::kernel::queries::OpenQuery;
use crate::kernel::records::Table;
use crate::kernel::world::{Conversation, MESSAGE_TTL, Platform, now, typed};

/// What following an invite link came to, besides the refusals (`INVITE_REQUEST_SENT` among them).
pub(crate) enum Joined {
    Member,
    /// The chat's guard bot asks the person to open its Mini App first (Bot API 10.1).
    GuardApproval {
        bot: types::User,
        query_id: String,
    },
}

/// How a join request is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Approve,
    Decline,
    /// Left to the chat's administrators (a guard bot's `queue`).
    Queue,
}

/// Open guard queries: scope the chat, key the query id, value the person who asked to join.
pub(super) const GUARD_QUERIES: Table<i64> = Table::new("chat_guard_query");

/// How long a guard bot has to answer (the Bot API's ten seconds).
const GUARD_WAIT_SECS: i64 = 10;

/// A new guard query about a request made at `date`.
pub(super) fn query(bot_id: i64, id: &str, date: i64) -> GuardQuery {
    GuardQuery { id: id.to_owned(), bot: bot_id, deadline: date + GUARD_WAIT_SECS, web_app: None }
}

/// Whether `query` is query `id` of bot `bot_id` and may still be answered: within its time, or
/// after the Mini App the bot showed.
pub(super) fn open(query: &GuardQuery, id: &str, bot_id: i64) -> bool {
    query.id == id && query.bot == bot_id && (query.web_app.is_some() || now() <= query.deadline)
}

/// The refusal of an answer to a request that is not there: the reference's words for a query,
/// `HIDE_REQUESTER_MISSING` for an administrator's approval.
pub(super) fn refused(query: Option<&str>) -> ApiError {
    if query.is_some() {
        crate::kernel::queries::query_invalid()
    } else {
        ApiError::bad_request("HIDE_REQUESTER_MISSING")
    }
}

/// The chat's guard bot while it may be one: a bot with join request queries on, an
/// administrator of the chat who may invite users.
pub(super) async fn guard_of(
    platform: &Platform,
    chat_id: i64,
    details: &ChatDetails,
) -> Result<Option<Arc<BotRecord>>, ApiError> {
    let Some(bot_id) = details.guard_bot else { return Ok(None) };
    let Some(bot) = platform.bot_record(bot_id).await? else { return Ok(None) };
    if !platform.bot_flags(bot_id).await?.join_request_queries {
        return Ok(None);
    }
    let standing = platform.standing(chat_id, bot_id).await?;
    Ok(standing.may(|r| r.can_invite_users).then_some(bot))
}

/// What the person's `joinChat` answers once the guard bot answered `open` (about `user_id`'s
/// request to join `chat_id`), or its time ran out.
pub(super) async fn outcome(
    platform: &Platform,
    bot: &BotRecord,
    open: OpenQuery,
    chat_id: i64,
    user_id: i64,
) -> Result<Joined, ApiError> {
    let query_id = open.id.clone();
    let wait = Duration::from_secs(GUARD_WAIT_SECS as u64);
    let Some(answer) = platform.await_answer(open, wait).await else {
        return expire(platform, bot, chat_id, user_id, &query_id).await;
    };
    match answer["result"].as_str() {
        Some("approve") => Ok(Joined::Member),
        Some("decline") => Err(ApiError::bad_request("INVITE_REQUEST_DECLINED")),
        Some("queue") => Err(ApiError::bad_request("INVITE_REQUEST_SENT")),
        _ => Ok(Joined::GuardApproval { bot: crate::kernel::world::bot_user(bot), query_id }),
    }
}

/// The guard bot said nothing in time: its query closes (the request waits for the
/// administrators), under the chat's lock, so an answer after this is refused. An answer that
/// came as the wait ended is what the request shows, and the person hears that instead.
async fn expire(
    platform: &Platform,
    bot: &BotRecord,
    chat_id: i64,
    user_id: i64,
    query_id: &str,
) -> Result<Joined, ApiError> {
    let mut group = super::write_group(platform, chat_id).await?;
    let Some(request) = group.details.requests.iter_mut().find(|r| r.user_id == user_id) else {
        return match platform.standing(chat_id, user_id).await?.present() {
            true => Ok(Joined::Member),
            false => Err(ApiError::bad_request("INVITE_REQUEST_DECLINED")),
        };
    };
    match &request.query {
        Some(query) if query.id == query_id && query.web_app.is_some() => {
            let bot = crate::kernel::world::bot_user(bot);
            Ok(Joined::GuardApproval { bot, query_id: query_id.to_owned() })
        }
        Some(query) if query.id == query_id => {
            request.query = None;
            let (changes, saved) = super::group_changes(&group);
            let mut act = Act::with(changes);
            act.change(GUARD_QUERIES.delete(chat_id, query_id));
            platform.commit(act).await?;
            super::group_saved(platform, &group, saved).await?;
            Err(ApiError::bad_request("JOIN_GUARD_TIMEOUT"))
        }
        _ => Err(ApiError::bad_request("INVITE_REQUEST_SENT")),
    }
}

/// `chat_join_result` for the person a guard bot's Mini App was shown to: how the request
/// ended, with the chat when they joined.
pub(super) async fn tell_result(
    platform: &Platform,
    act: &mut Act,
    query: &GuardQuery,
    chat_id: i64,
    user_id: i64,
    outcome: Outcome,
) -> Result<(), ApiError> {
    let result = match outcome {
        Outcome::Approve => "approved",
        Outcome::Decline => "declined",
        Outcome::Queue => "queued",
    };
    let mut payload = json!({"query_id": query.id, "result": result});
    if outcome == Outcome::Approve {
        payload["chat"] = typed(&platform.chat(Conversation::Group(chat_id), user_id).await?);
    }
    let mailbox = platform.user_mailbox(user_id).await?;
    act.tell_person(&mailbox, NewUpdate::new("chat_join_result", payload.to_string(), 0, now() + MESSAGE_TTL));
    Ok(())
}
