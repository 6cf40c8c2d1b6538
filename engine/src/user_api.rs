//! The user-side API of the embedded platform: people (or test harnesses) act at
//! `/user<user id>:<secret>/<method>` with the Bot API's conventions (same envelope, parameter
//! encodings and long-polled `getUpdates`). Methods: `getMe`, `sendMessage`, `editMessageText`,
//! `deleteMessage`, `getUpdates`, `sendPhoto`/`sendDocument`/`sendVideo`/`sendAudio`/`sendVoice`/
//! `sendAnimation`/`sendVideoNote` (multipart uploads), `pressButton`, `createGroup`, `addChatMember`,
//! `removeChatMember`.

use std::sync::Arc;
use std::time::Duration;

use hyper::Request;
use hyper::body::Incoming;
use msg_core::{ApiError, BotToken, Params, Reply, UserRecord};
use serde_json::{Value, json};

use crate::Shared;
use crate::methods::{long_poll, messages};
use crate::platform::entities;
use crate::platform::{Actor, Content, Conversation, user_json};

async fn authenticate(shared: &Shared, token: &str) -> Result<UserRecord, ApiError> {
    let token = BotToken::parse(token)?;
    let user = shared.platform.user(token.bot_id()).await?;
    match user {
        Some(u) if msg_core::same_secret(u.secret.expose(), token.secret()) => Ok(u),
        _ => Err(ApiError::unauthorized()),
    }
}

fn message_id(p: &Params) -> Result<i64, ApiError> {
    let id = p.integer("message_id", 0, 0, i64::MAX);
    if id == 0 { Err(ApiError::bad_request("message identifier is not specified")) } else { Ok(id) }
}

fn user_ids(p: &Params, field: &str) -> Result<Vec<i64>, ApiError> {
    match p.json::<Vec<i64>>(field) {
        None => Ok(Vec::new()),
        Some(Ok(ids)) => Ok(ids),
        Some(Err(_)) => Err(ApiError::bad_request(format!("can't parse {field} JSON array of user identifiers"))),
    }
}

/// Text typed by a person: explicit entities or parse_mode, else computed (commands, mentions…).
fn typed_text(p: &Params) -> Result<(String, Option<Value>), ApiError> {
    let (text, entities) = messages::text_and_entities(p, "text", "entities")?;
    messages::non_blank(&text)?;
    let entities = entities.or_else(|| Some(Value::Array(entities::detect(&text))));
    Ok((text, entities))
}

pub(crate) async fn handle(
    shared: &Arc<Shared>,
    token: String,
    method: String,
    req: Request<Incoming>,
) -> Result<Reply, ApiError> {
    let user = authenticate(shared, &token).await?;
    let (p, uploads) = crate::call::read_params(shared, req).await?;
    let shared = shared.clone();
    // Cancellation safety: see `call::detached`.
    crate::call::detached(async move {
        let reply = execute(&shared, user, &method, p).await;
        drop(uploads);
        reply
    })
    .await
}

async fn execute(shared: &Shared, user: UserRecord, method: &str, p: Params) -> Result<Reply, ApiError> {
    let platform = &shared.platform;
    let actor = Actor::User(user.clone());
    let chat = |p: &Params| {
        let chat_id = p.get("chat_id").unwrap_or_default().to_owned();
        let actor = actor.clone();
        async move { platform.resolve_chat(&actor, &chat_id).await }
    };
    let file_kind = crate::files::Kind::SENDABLE.into_iter().find(|k| k.send_method().eq_ignore_ascii_case(method));
    if let Some(kind) = file_kind {
        return Ok(crate::methods::media::send_file(shared, actor, &p, kind).await?.into());
    }
    let result = match method.to_ascii_lowercase().as_str() {
        "getme" => user_json(&user),
        "sendmessage" => {
            let conversation = chat(&p).await?;
            let (text, entities) = typed_text(&p)?;
            let reply_to = p.get("reply_to_message_id").and_then(|v| v.trim().parse().ok());
            let content = Content { text, entities, reply_to, ..Content::default() };
            platform.post(&actor, conversation, content).await?
        }
        "editmessagetext" => {
            let conversation = chat(&p).await?;
            let (text, entities) = typed_text(&p)?;
            platform.edit_text(&actor, conversation, message_id(&p)?, text, entities, None).await?
        }
        "deletemessage" => {
            let conversation = chat(&p).await?;
            platform.delete(&actor, conversation, message_id(&p)?).await?;
            json!(true)
        }
        "getupdates" => {
            let mailbox = platform.user_mailbox(user.id).await?;
            long_poll(shared, &mailbox, &p, false).await?
        }
        "pressbutton" => {
            let conversation = chat(&p).await?;
            let data = p.required("callback_data")?;
            let wait = Duration::from_secs(p.integer("timeout", 15, 0, 60) as u64);
            platform.press_button(&user, conversation, message_id(&p)?, data, wait).await?
        }
        "creategroup" => {
            let title = p.required("title")?;
            platform.create_group(&user, title, &user_ids(&p, "member_ids")?).await?
        }
        "addchatmember" | "removechatmember" => {
            let conversation = chat(&p).await?;
            let Conversation::Group(chat_id) = conversation else {
                return Err(ApiError::bad_request("method is available for group chats only"));
            };
            let member = p.integer("user_id", 0, i64::MIN, i64::MAX);
            if method.eq_ignore_ascii_case("addChatMember") {
                platform.add_member(&actor, chat_id, member).await?;
            } else {
                platform.remove_member(&actor, chat_id, member).await?;
            }
            json!(true)
        }
        _ => return Err(ApiError::method_not_found()),
    };
    Ok(result.into())
}
