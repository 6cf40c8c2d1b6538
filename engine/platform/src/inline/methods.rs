//! Inline mode's and callbacks' Bot API methods: `answerInlineQuery`, `answerWebAppQuery`,
//! `savePreparedInlineMessage` and `answerCallbackQuery`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use msg_spec::types;
use serde_json::{Map, Value, json};

use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Actor, now};
use crate::messages::send::formatted;

/// An inline result's texts as they will be posted: `message_text` of its
/// `input_message_content` and its own `caption` parsed by their `parse_mode` (or their given
/// entities normalised), as the reference parses them when the answer arrives.
fn format_result(result: &mut Value) -> Result<(), ApiError> {
    let format = |fields: &mut Map<String, Value>, text: &str, entities: &str| -> Result<(), ApiError> {
        let Some(raw) = fields.get(text).and_then(Value::as_str).map(str::to_owned) else { return Ok(()) };
        let mode = fields.remove("parse_mode").and_then(|m| m.as_str().map(str::to_owned)).unwrap_or_default();
        let (formatted_text, found) = formatted(&raw, &mode, fields.remove(entities))?;
        match text {
            "caption" => crate::limits::check_caption(&formatted_text)?,
            _ => crate::limits::check_text(&formatted_text)?,
        }
        fields.insert(text.into(), formatted_text.into());
        if let Some(found) = found.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
            fields.insert(entities.into(), found);
        }
        Ok(())
    };
    if let Some(content) = result.get_mut("input_message_content").and_then(Value::as_object_mut) {
        format(content, "message_text", "entities")?;
    }
    if let Some(fields) = result.as_object_mut() {
        format(fields, "caption", "caption_entities")?;
    }
    Ok(())
}

/// A result's rich message (`InputRichMessageContent`, Bot API 10.1) read by the domain that has
/// them, with files the bot stored before, and kept as the message it becomes: the person is
/// shown it, and picking the result posts it as it is.
async fn rich_content(platform: &Platform, bot: &Actor, call: &MethodCall, result: &mut Value) -> Result<(), ApiError> {
    let Some(content) = result.get_mut("input_message_content").and_then(Value::as_object_mut) else { return Ok(()) };
    let Some(given) = content.get("rich_message").filter(|r| !r.is_null()) else { return Ok(()) };
    let raw = match given {
        Value::String(raw) => raw.clone(),
        other => other.to_string(),
    };
    let rich = platform.read_rich(bot, &call.params, &raw, true).await?;
    content.insert("rich_message".into(), crate::kernel::world::typed(&rich));
    Ok(())
}

/// `button` of answerInlineQuery (`InlineQueryResultsButton`), with the reference's errors.
fn results_button(raw: Option<&str>) -> Result<Option<Value>, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(None) };
    let value: Value = serde_json::from_str(raw)
        .map_err(|_| ApiError::bad_request("can't parse inline query results button JSON object"))?;
    let inner = |m: &str| ApiError::bad_request(format!("can't parse inline query results button: {m}"));
    let Value::Object(fields) = &value else { return Err(inner("InlineQueryResultsButton must be an Object")) };
    if !fields.get("text").is_some_and(Value::is_string) {
        return Err(inner("Can't find field \"text\""));
    }
    if fields.get("start_parameter").is_none() && fields.get("web_app").is_none_or(|w| w.get("url").is_none()) {
        return Err(inner("InlineQueryResultsButton must have exactly one optional field"));
    }
    // A Web App's link: HTTPS (plain HTTP on a test server), as every Web App button's.
    if let Some(link) = fields.get("web_app").and_then(|w| w.get("url")).and_then(Value::as_str) {
        crate::messages::send::page_link(link, "Web App URL", "inline query results button Web App")?;
    }
    Ok(Some(value))
}

pub(crate) async fn answer_inline_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AnswerInlineQuery = args(&call.params)?;
    let cache_time = p.cache_time.unwrap_or(300).clamp(0, 86_400);
    let button = results_button(p.button)?;
    let results = match p.results.filter(|r| !r.is_empty()) {
        None => Vec::new(),
        Some(raw) => {
            let value: Value = serde_json::from_str(raw)
                .map_err(|e| ApiError::bad_request(format!("can't parse JSON encoded inline query results: {e}")))?;
            match value {
                Value::Null => Vec::new(),
                Value::Array(items) => items,
                _ => return Err(ApiError::bad_request("expected an Array of inline query results")),
            }
        }
    };
    if results.len() > 50 {
        return Err(ApiError::bad_request("too many inline query results specified"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let results = results
        .iter()
        .map(|r| {
            let unparsable =
                |e: &dyn std::fmt::Display| ApiError::bad_request(format!("can't parse inline query result: {e}"));
            let mut result = crate::inline::inline_result(r).map_err(|e| unparsable(&e))?;
            // TDLib's own message, as it words it (capitalised) after the reference's prefix.
            format_result(&mut result)
                .and_then(|()| crate::inline::check_cached_file(&result, bot.id))
                .and_then(|()| result_keyboard(&result))
                .map_err(|e| {
                    let inner = e.description.strip_prefix("Bad Request: ").unwrap_or(&e.description);
                    let mut chars = inner.chars();
                    let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
                    unparsable(&format!("{first}{}", chars.as_str()))
                })?;
            Ok(result)
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let mut results = results;
    let actor = Actor::Bot(bot.clone());
    for result in &mut results {
        rich_content(&platform, &actor, &call, result).await?;
    }
    let mut answer = json!({"results": results, "cache_time": cache_time, "is_personal": p.is_personal});
    if let Some(offset) = p.next_offset.filter(|o| !o.is_empty()) {
        answer["next_offset"] = offset.into();
    }
    if let Some(button) = button {
        answer["button"] = button;
    }
    super::answer_inline(&platform, bot.id, p.inline_query_id, answer, results, cache_time, p.is_personal).await?;
    done()
}

/// `result` of answerWebAppQuery and savePreparedInlineMessage: one inline query result.
fn single_result(raw: Option<&str>) -> Result<Value, ApiError> {
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::bad_request("result isn't specified"));
    }
    let value: Value = serde_json::from_str(raw)
        .map_err(|e| ApiError::bad_request(format!("can't parse JSON encoded web view query results {e}")))?;
    let result = crate::inline::inline_result(&value).map_err(ApiError::bad_request)?;
    result_keyboard(&result)?;
    Ok(result)
}

/// A result's inline keyboard, checked as a message's is (TDLib reads it the same way): the
/// links of its buttons among them, so a `javascript:` button never reaches a person.
fn result_keyboard(result: &Value) -> Result<(), ApiError> {
    match result.get("reply_markup").filter(|m| !m.is_null()) {
        Some(markup) => crate::messages::send::reply_markup(Some(&markup.to_string())).map(drop),
        None => Ok(()),
    }
}

/// answerGuestQuery: a guest bot's answer where it was summoned (a `SentGuestMessage`). The
/// reference reads `result` as answerWebAppQuery's (its words say "web view").
pub(super) async fn answer_guest_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AnswerGuestQuery = args(&call.params)?;
    let mut result = single_result(p.result)?;
    let bot = platform_bot(&platform, &call).await?;
    rich_content(&platform, &Actor::Bot(bot.clone()), &call, &mut result).await?;
    Ok(Reply::typed(&super::answer_guest(&platform, &bot, p.guest_query_id, &result).await?))
}

/// answerWebAppQuery: the result of a Web App a person opened (the user-side `openWebApp`).
pub(super) async fn answer_web_app_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AnswerWebAppQuery = args(&call.params)?;
    let mut result = single_result(p.result)?;
    let bot = platform_bot(&platform, &call).await?;
    rich_content(&platform, &Actor::Bot(bot.clone()), &call, &mut result).await?;
    Ok(super::answer_web_app(&platform, bot.id, p.web_app_query_id, &result).await?.into())
}

/// savePreparedInlineMessage: the result, kept for a day for the person named.
pub(super) async fn save_prepared_inline_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SavePreparedInlineMessage = args(&call.params)?;
    let mut result = single_result(p.result)?;
    let bot = platform_bot(&platform, &call).await?;
    rich_content(&platform, &Actor::Bot(bot), &call, &mut result).await?;
    if platform.user(p.user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    let id = format!("{:016x}", msg_core::random::next_u64());
    let prepared = types::PreparedInlineMessage { id, expiration_date: crate::kernel::world::now() + 86_400 };
    Ok(crate::kernel::world::typed(&prepared).into())
}

pub(crate) async fn answer_callback_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    // No check of its own: an absent id is an unknown query, as in the reference.
    let p: params::AnswerCallbackQuery = args(&call.params)?;
    let text = p.text.unwrap_or_default();
    if text.chars().count() > 200 {
        return Err(ApiError::bad_request("MESSAGE_TOO_LONG"));
    }
    let cache_time = p.cache_time.unwrap_or(0).max(0);
    let mut answer = json!({"text": text, "show_alert": p.show_alert, "cache_time": cache_time, "date": now()});
    if let Some(url) = p.url.filter(|u| !u.is_empty()) {
        answer["url"] = url.into();
    }
    platform.answer_query(bot.id, p.callback_query_id, answer).await?;
    done()
}
