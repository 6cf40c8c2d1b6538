//! The people's side of widgets: what a widget asks its bot (`sendWidgetQuery`, as the widget's
//! `TelegramWidget.request` does in a person's app) and the data it is shown
//! (`getWidgetData`).

use std::time::Duration;

use msg_core::{ApiError, NewUpdate};
use msg_spec::types;
use serde_json::{Value, json};

use super::{ANSWER_WAIT, MOST_QUERY, PLACED, WidgetState, bad, shared_row};
use crate::kernel::user::{UserCall, message_id};
use crate::kernel::world::{CALLBACK_TTL, Conversation, now, person, typed};
use crate::messages::posting::load_message_seen;

/// The widget message `chat_id`/`message_id` the person sees.
async fn widget_message(c: &UserCall) -> Result<(Conversation, types::Message, types::Widget), ApiError> {
    let conversation = c.chat_to_read().await?;
    let message_id = message_id(&c.params)?;
    let message = load_message_seen(&c.platform, conversation, message_id, c.user.id).await?;
    let message = message.ok_or_else(|| bad("message not found"))?;
    let widget = message.widget.as_deref().cloned().ok_or_else(|| bad("the message has no widget"))?;
    Ok((conversation, message, widget))
}

/// The person's widget asks its bot: `chat_id`, `message_id`, `data` (1-64 bytes), `timeout`
/// (seconds to wait for the answer; 15 by default). A widget in a message the bot sent (or one
/// sent via it) asks with `widget_query`; a forwarded shared widget asks the bot that made it
/// with `shared_widget_query`. The answer: `{"widget_query_id", "answered", "data"}`.
pub(super) async fn send_widget_query(c: UserCall) -> Result<Value, ApiError> {
    let (conversation, message, widget) = widget_message(&c).await?;
    let data = c.params.get("data").unwrap_or_default();
    if data.is_empty() || data.len() > MOST_QUERY {
        return Err(bad(format!("data must be 1-{MOST_QUERY} bytes")));
    }
    // The bot answers within 15 seconds or not at all.
    let wait = Duration::from_secs(c.params.integer("timeout", ANSWER_WAIT as i64, 0, ANSWER_WAIT as i64) as u64);
    let platform = &c.platform;
    let refused = || bad("the widget can't send queries");
    // Who is asked, and with which update.
    let (bot_id, forwarded) = if message.forward_origin.is_some() {
        let id = widget.id.as_deref().ok_or_else(refused)?;
        let (bot_id, row) = shared_row(platform, id).await?.ok_or_else(refused)?;
        if !row.allow_queries {
            return Err(refused());
        }
        (bot_id, true)
    } else {
        // The bot that placed it (its own message, or its channel's post).
        let key = conversation.message_row(message.message_id);
        let placed = PLACED.find(platform.storage.as_ref(), &key).await?.into_iter().next();
        match placed {
            Some((bot_id, placed)) if placed.allow_queries => (bot_id, false),
            _ => return Err(refused()),
        }
    };
    let bot = platform.bot_record(bot_id).await?.ok_or_else(refused)?;
    if let Err(wait) = platform.state::<WidgetState>().count(c.user.id, bot.id) {
        return Err(ApiError::too_many_requests(u32::try_from(wait).unwrap_or(5)));
    }
    let open = platform.open_query_as(bot.id, super::QUERY_PREFIX).await?;
    let id = open.id.clone();
    let kind = types::WidgetQueryType::WidgetQueryTypeData(types::WidgetQueryTypeData { wallet_card: None });
    let (kind_name, payload) = if forwarded {
        let query = types::SharedWidgetQuery {
            id: id.clone(),
            from: Box::new(person(&c.user)),
            r#type: Box::new(kind),
            data: data.to_owned(),
            widget_id: widget.id.clone().unwrap_or_default(),
        };
        ("shared_widget_query", typed(&query))
    } else {
        let inline = message.via_bot.is_some();
        let chat_type = match (inline, conversation) {
            (false, _) => None,
            (true, Conversation::Private(..)) => Some("private".to_owned()),
            (true, Conversation::Group(group)) => Some(platform.group(group).await?.kind),
        };
        let query = types::WidgetQuery {
            id: id.clone(),
            from: Box::new(person(&c.user)),
            chat_instance: conversation.chat_instance(),
            r#type: Box::new(kind),
            data: data.to_owned(),
            chat: if inline { None } else { Some(Box::new(platform.chat(conversation, bot.id).await?)) },
            message_id: (!inline).then_some(message.message_id),
            inline_message_id: inline.then(|| conversation.inline_id(message.message_id)),
            chat_type,
            widget_id: widget.id.clone(),
        };
        ("widget_query", typed(&query))
    };
    if platform.updates.accepts(&bot, kind_name).await? {
        let chat_key = if forwarded { c.user.id } else { conversation.chat_id_for(bot.id) };
        let update = NewUpdate::new(kind_name, payload.to_string(), chat_key, now() + CALLBACK_TTL);
        platform.updates.push(&bot, update, Vec::new()).await?;
    }
    Ok(match platform.await_answer(open, wait).await {
        Some(answer) => json!({"widget_query_id": id, "answered": true, "data": answer["data"]}),
        None => json!({"widget_query_id": id, "answered": false}),
    })
}

/// What a widget is shown now: `{"public_data", "chat_data", "cache_time"}` (a shared widget's
/// public data as its bot last set it, kept by the app for `cache_time` seconds).
pub(super) async fn get_widget_data(c: UserCall) -> Result<Value, ApiError> {
    let (_, _, widget) = widget_message(&c).await?;
    let shared = match &widget.id {
        Some(id) => shared_row(&c.platform, id).await?,
        None => None,
    };
    let (public_data, cache_time) = match shared {
        Some((_, row)) => (row.public_data, row.cache_time),
        None => (widget.public_data, super::DEFAULT_CACHE_TIME),
    };
    Ok(json!({
        "public_data": public_data.unwrap_or_default(),
        "chat_data": widget.chat_data.unwrap_or_default(),
        "cache_time": cache_time,
    }))
}
