//! Sending: `sendMessage` (text, entities, inline and reply keyboards, replies), `sendChatAction`
//! and `answerCallbackQuery`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Params, Reply};
use serde_json::{Value, json};

use super::bot_of;
use crate::Shared;
use crate::platform::entities::utf16_len;
use crate::platform::{Actor, Content, now};

const MAX_TEXT: usize = 4096;
const CHAT_ACTIONS: &[&str] = &[
    "typing",
    "upload_photo",
    "record_video",
    "upload_video",
    "record_voice",
    "upload_voice",
    "upload_document",
    "choose_sticker",
    "find_location",
    "record_video_note",
    "upload_video_note",
];

/// `reply_markup`: inline keyboards are checked button by button.
pub(crate) fn reply_markup(p: &Params) -> Result<Option<Value>, ApiError> {
    let Some(parsed) = p.json::<Value>("reply_markup") else { return Ok(None) };
    let markup = parsed.map_err(|_| ApiError::bad_request("can't parse reply keyboard markup JSON object"))?;
    if !markup.is_object() {
        return Err(ApiError::bad_request("can't parse reply keyboard markup JSON object"));
    }
    if let Some(rows) = markup.get("inline_keyboard") {
        let rows = rows.as_array().ok_or_else(|| {
            ApiError::bad_request("field \"inline_keyboard\" of the InlineKeyboardMarkup must be an Array")
        })?;
        for button in rows.iter().flat_map(|r| r.as_array().cloned().unwrap_or_default()) {
            if button.get("text").and_then(Value::as_str).is_none() {
                return Err(ApiError::bad_request("can't find field \"text\""));
            }
            if let Some(data) = button.get("callback_data").and_then(Value::as_str)
                && (data.is_empty() || data.len() > 64)
            {
                return Err(ApiError::bad_request("BUTTON_DATA_INVALID"));
            }
        }
    }
    Ok(Some(markup))
}

/// Text with its entities: explicit `entities`, or parsed from `parse_mode`.
pub(crate) fn text_and_entities(
    p: &Params,
    field: &str,
    entities_field: &str,
) -> Result<(String, Option<Value>), ApiError> {
    let text = p.get(field).unwrap_or_default().to_owned();
    let mode = p.get("parse_mode").map(str::trim).unwrap_or_default();
    let (text, entities) = if mode.is_empty() {
        let entities = match p.json::<Value>(entities_field) {
            None => None,
            Some(Ok(v @ Value::Array(_))) => Some(v),
            Some(_) => return Err(ApiError::bad_request("can't parse entities JSON object")),
        };
        (text, entities)
    } else {
        let (text, entities) = crate::parse_mode::parse(mode, &text)?;
        (text, Some(entities))
    };
    if text.trim().is_empty() {
        return Err(ApiError::bad_request("message text is empty"));
    }
    if utf16_len(&text) > MAX_TEXT {
        return Err(ApiError::bad_request("message is too long"));
    }
    Ok((text, entities))
}

/// `reply_parameters` (or the older `reply_to_message_id`).
fn reply_to(p: &Params) -> Result<Option<i64>, ApiError> {
    if let Some(parsed) = p.json::<Value>("reply_parameters") {
        let v = parsed.map_err(|_| ApiError::bad_request("can't parse reply parameters JSON object"))?;
        return Ok(v.get("message_id").and_then(Value::as_i64));
    }
    Ok(p.get("reply_to_message_id").and_then(|v| v.trim().parse().ok()).filter(|id: &i64| *id > 0))
}

pub(crate) async fn send_message(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = bot_of(&shared, &call).await?;
    let p = &call.params;
    let chat_id = p.get("chat_id").unwrap_or_default();
    if chat_id.trim().is_empty() {
        return Err(ApiError::bad_request("chat_id is empty"));
    }
    let (text, entities) = text_and_entities(p, "text", "entities")?;
    let markup = reply_markup(p)?;
    let reply = reply_to(p)?;
    let actor = Actor::Bot(bot);
    let conversation = shared.platform.resolve_chat(&actor, chat_id).await?;
    let content = Content { text, entities, reply_markup: markup, reply_to: reply, service: None };
    Ok(shared.platform.post(&actor, conversation, content).await?.into())
}

pub(crate) async fn send_chat_action(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = bot_of(&shared, &call).await?;
    let p = &call.params;
    let action = p.get("action").unwrap_or_default().trim().to_ascii_lowercase();
    if action.is_empty() {
        return Err(ApiError::parameter_required("action"));
    }
    if !CHAT_ACTIONS.contains(&action.as_str()) {
        return Err(ApiError::bad_request("wrong parameter action in request"));
    }
    let actor = Actor::Bot(bot);
    let conversation = shared.platform.resolve_chat(&actor, p.get("chat_id").unwrap_or_default()).await?;
    shared.platform.chat_action(&actor, conversation, &action).await?;
    Ok(json!(true).into())
}

pub(crate) async fn answer_callback_query(shared: Arc<Shared>, call: MethodCall) -> Result<Reply, ApiError> {
    let p = &call.params;
    let id = p.required("callback_query_id")?;
    let text = p.get("text").unwrap_or_default();
    if text.chars().count() > 200 {
        return Err(ApiError::bad_request("MESSAGE_TOO_LONG"));
    }
    let mut answer = json!({"text": text, "show_alert": p.boolean("show_alert"), "cache_time": p.integer("cache_time", 0, 0, i64::MAX), "date": now()});
    if let Some(url) = p.get("url").filter(|u| !u.is_empty()) {
        answer["url"] = url.into();
    }
    shared.platform.answer_callback(id, answer)?;
    Ok(json!(true).into())
}
