//! Sending: `sendMessage` (text, entities, inline and reply keyboards, replies), `sendChatAction`
//! and `answerCallbackQuery`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Params, Reply};
use serde_json::{Map, Value, json};

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

fn field_type(name: &str, ty: &str) -> ApiError {
    ApiError::bad_request(format!("Field \"{name}\" must be of type {ty}"))
}

/// A button's required `text`, as tdlib reads it: a string (a number is taken as its digits).
fn button_text(button: &Map<String, Value>) -> Result<(), String> {
    match button.get("text") {
        Some(Value::String(_) | Value::Number(_)) => Ok(()),
        Some(_) => Err("Field \"text\" must be of type String".into()),
        None => Err("Can't find field \"text\"".into()),
    }
}

fn rows<'a>(markup: &'a Value, field: &str, rows_error: &str) -> Result<Option<&'a Vec<Value>>, ApiError> {
    let Some(rows) = markup.get(field).filter(|v| !v.is_null()) else { return Ok(None) };
    let rows = rows.as_array().ok_or_else(|| field_type(field, "Array"))?;
    if rows.iter().any(|r| !r.is_array()) {
        return Err(ApiError::bad_request(rows_error.to_owned()));
    }
    Ok(Some(rows))
}

/// Checks one inline button the reference's way (a text and exactly one action).
fn inline_button(button: &Value) -> Result<(), ApiError> {
    let unparsable = |e: &str| ApiError::bad_request(format!("Can't parse inline keyboard button: {e}"));
    let object = button.as_object().ok_or_else(|| unparsable("InlineKeyboardButton must be an Object"))?;
    button_text(object).map_err(|e| unparsable(&e))?;
    if let Some(data) = object.get("callback_data").and_then(Value::as_str).filter(|d| !d.is_empty()) {
        // The platform's own error, not a parsing one.
        return if data.len() > 64 { Err(ApiError::bad_request("BUTTON_DATA_INVALID")) } else { Ok(()) };
    }
    const ACTIONS: &[&str] = &[
        "url",
        "callback_game",
        "pay",
        "switch_inline_query",
        "switch_inline_query_chosen_chat",
        "switch_inline_query_current_chat",
        "login_url",
        "web_app",
        "copy_text",
    ];
    if object.get("url").and_then(Value::as_str).is_some_and(str::is_empty)
        || !ACTIONS.iter().any(|a| object.contains_key(*a))
    {
        return Err(unparsable("Text buttons are unallowed in the inline keyboard"));
    }
    Ok(())
}

/// `reply_markup`, validated as the reference does: an inline keyboard, a reply keyboard (string
/// buttons normalised to `{"text": ...}`), `remove_keyboard` or `force_reply`. `None` when absent
/// or when the object holds none of them.
pub(crate) fn reply_markup(p: &Params) -> Result<Option<Value>, ApiError> {
    let Some(raw) = p.get("reply_markup").filter(|r| !r.is_empty()) else { return Ok(None) };
    let mut markup: Value = serde_json::from_str(raw)
        .map_err(|_| ApiError::bad_request("Can't parse reply keyboard markup JSON object"))?;
    if !markup.is_object() {
        return Err(ApiError::bad_request("Object expected as reply markup"));
    }
    let mut keyboard = Vec::new();
    if let Some(rows) = rows(&markup, "keyboard", "Field \"keyboard\" must be an Array of Arrays")? {
        for row in rows {
            let mut buttons = Vec::new();
            for button in row.as_array().expect("rows are arrays") {
                let normalised = match button {
                    Value::String(text) => json!({"text": text}),
                    Value::Object(object) => {
                        button_text(object)
                            .map_err(|e| ApiError::bad_request(format!("Can't parse keyboard button: {e}")))?;
                        button.clone()
                    }
                    _ => {
                        return Err(ApiError::bad_request(
                            "Can't parse keyboard button: KeyboardButton must be a String or an Object",
                        ));
                    }
                };
                buttons.push(normalised);
            }
            keyboard.push(Value::Array(buttons));
        }
    }
    let inline = rows(
        &markup,
        "inline_keyboard",
        "Field \"inline_keyboard\" of the InlineKeyboardMarkup must be an Array of Arrays",
    )?;
    let inline_count = inline.map_or(0, |rows| rows.iter().map(|r| r.as_array().map_or(0, Vec::len)).sum());
    for button in inline.into_iter().flatten().flat_map(|r| r.as_array().expect("rows are arrays")) {
        inline_button(button)?;
    }
    let object = markup.as_object_mut().expect("checked above");
    let flag = |object: &Map<String, Value>, name: &str| object.get(name).and_then(Value::as_bool).unwrap_or(false);
    if keyboard.iter().any(|r| r.as_array().is_some_and(|r| !r.is_empty())) {
        object.insert("keyboard".into(), Value::Array(keyboard));
        object.remove("inline_keyboard");
        return Ok(Some(markup));
    }
    if inline_count > 0 {
        let rows = object.remove("inline_keyboard").expect("counted");
        return Ok(Some(json!({"inline_keyboard": rows})));
    }
    let selective = flag(object, "selective");
    if flag(object, "remove_keyboard") || flag(object, "hide_keyboard") {
        return Ok(Some(json!({"remove_keyboard": true, "selective": selective})));
    }
    if flag(object, "force_reply") {
        let mut reply = json!({"force_reply": true, "selective": selective});
        if let Some(placeholder) = object.get("input_field_placeholder") {
            reply["input_field_placeholder"] = placeholder.clone();
        }
        return Ok(Some(reply));
    }
    Ok(None)
}

/// Text with its entities: explicit `entities`, or parsed from `parse_mode`.
pub(crate) fn text_and_entities(
    p: &Params,
    field: &str,
    entities_field: &str,
) -> Result<(String, Option<Value>), ApiError> {
    let text = p.get(field).unwrap_or_default().to_owned();
    if text.len() > 1 << 15 {
        return Err(ApiError::bad_request("Text is too long"));
    }
    let mode = p.get("parse_mode").map(str::trim).unwrap_or_default();
    let (text, entities) = if mode.is_empty() || mode.eq_ignore_ascii_case("none") || text.is_empty() {
        // As the reference: entities that are not a JSON array are ignored, not refused.
        let entities = match p.json::<Value>(entities_field) {
            Some(Ok(v @ Value::Array(_))) => Some(v),
            _ => None,
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
pub(crate) fn reply_to(p: &Params) -> Result<Option<i64>, ApiError> {
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
    let content = Content { text, entities, reply_markup: markup, reply_to: reply, service: None, media: None };
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
