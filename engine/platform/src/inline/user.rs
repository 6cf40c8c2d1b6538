//! The people's side of inline mode and buttons: typing an inline query, picking a result,
//! opening a Mini App, pressing a callback button.

use std::time::Duration;

use msg_core::ApiError;
use serde_json::Value;

use crate::kernel::user::{UserCall, message_id};
use crate::kernel::world::Conversation;

pub(crate) async fn inline_query(c: UserCall) -> Result<Value, ApiError> {
    let bot = match c.chat().await? {
        Conversation::Private(a, b) => {
            if a == c.user.id {
                b
            } else {
                a
            }
        }
        Conversation::Group(_) => return Err(ApiError::bad_request("BOT_INVALID")),
    };
    let wait = Duration::from_secs(c.params.integer("timeout", 15, 0, 60) as u64);
    let query = c.params.get("query").unwrap_or_default();
    let offset = c.params.get("offset").unwrap_or_default();
    // The chat the person types in (the bot's own by default), as the bot learns it: `sender`
    // for one's own chat, else the chat's type.
    let chat_type = match c.params.get("in_chat_id").filter(|v| !v.is_empty()) {
        None => "private".to_owned(),
        Some(raw) if msg_spec::args::to_integer(raw.trim()) == c.user.id => "sender".to_owned(),
        Some(raw) => match c.platform.resolve_chat(&c.actor(), raw).await? {
            Conversation::Private(..) => "private".to_owned(),
            Conversation::Group(id) => c.platform.group(id).await?.kind,
        },
    };
    // Where the person is, when their app shares it (a bot asking for it gets it, Bot API 10.5's
    // needs_inline_query_location).
    let location = match c.params.get("location").filter(|v| !v.is_empty()) {
        Some(raw) => {
            let given: Value = serde_json::from_str(raw).unwrap_or_default();
            match (given["latitude"].as_f64(), given["longitude"].as_f64()) {
                (Some(latitude), Some(longitude))
                    if (-90.0..=90.0).contains(&latitude) && (-180.0..=180.0).contains(&longitude) =>
                {
                    Some(msg_spec::types::Location { latitude, longitude, ..Default::default() })
                }
                _ => {
                    return Err(ApiError::bad_request(
                        "location must be a JSON object with a latitude (-90..90) and a longitude (-180..180)",
                    ));
                }
            }
        }
        None => None,
    };
    super::inline_query(&c.platform, &c.user, bot, query, offset, &chat_type, location, wait).await
}

pub(super) async fn open_web_app(c: UserCall) -> Result<Value, ApiError> {
    let bot_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    super::open_web_app(&c.platform, &c.user, bot_id).await
}

pub(super) async fn choose_inline(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let query = c.params.get("inline_query_id").unwrap_or_default();
    let result = c.params.get("result_id").unwrap_or_default();
    super::choose_inline(&c.platform, &c.user, query, result, conversation).await
}

pub(super) async fn press_button(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let data = c.params.required("callback_data")?;
    let wait = Duration::from_secs(c.params.integer("timeout", 15, 0, 60) as u64);
    // A button of an ephemeral message of the person's (`ephemeral_message_id`).
    let ephemeral = c.params.integer("ephemeral_message_id", 0, 0, i64::MAX);
    let (id, is_ephemeral) = if ephemeral > 0 { (ephemeral, true) } else { (message_id(&c.params)?, false) };
    super::press_button(&c.platform, &c.user, conversation, id, is_ephemeral, data, wait).await
}
