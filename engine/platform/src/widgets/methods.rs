//! Widgets' Bot API methods: `sendWidget`, `sendSharedWidget`, `answerWidgetQuery`,
//! `editMessageWidgetData`, `editSharedWidgetData`. The reference's source has no widget code
//! yet (it stops at Bot API 10.0), so the checks are the documented limits, worded in the
//! reference's manner, and the platform's own refusals (`WIDGET_ID_INVALID`, a group chat).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params::{self, SendArgs};
use msg_spec::types::{self, Message};

use super::{
    DEFAULT_CACHE_TIME, MOST_DATA, PLACED, Placed, SHARED, Shared, bad, check_data, check_html, check_size,
    new_widget_id, placed_prefix,
};
use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Access, Actor, Conversation};
use crate::messages;
use crate::messages::posting::{load_message, lock_message, publish_edit_stored, sender_id};
use crate::messages::send::{SendOptions, json_value};
use crate::messages::target::message_target;

/// The widget, its caption and what the message allows, as a send method gives them.
struct Placing<'a> {
    widget: types::Widget,
    caption: Option<&'a str>,
    parse_mode: Option<&'a str>,
    caption_entities: Option<&'a str>,
    allow_queries: bool,
    /// A new shared widget's row, stored with the message.
    shared: Option<Shared>,
}

/// Posts a widget message from the bot with the send options of `send`.
async fn place(
    platform: &Platform,
    call: &MethodCall,
    send: &dyn SendArgs<'_>,
    placing: Placing<'_>,
) -> Result<Reply, ApiError> {
    let mut options = SendOptions::read(send, &call.params)?;
    let bot = platform_bot(platform, call).await?;
    let anywhere = platform.bot_flags(bot.id).await?.widgets_anywhere;
    let (actor, conversation) = options.sending(platform, &Actor::Bot(bot.clone()), send.chat_id()).await?;
    if !anywhere && !matches!(conversation, Conversation::Private(..)) {
        return Err(bad("widgets can be sent only to private chats"));
    }
    let (text, entities) = crate::files::methods::caption(
        placing.caption.unwrap_or_default(),
        placing.parse_mode.unwrap_or_default(),
        json_value(placing.caption_entities),
    )?;
    let entities = crate::entities::with_found(&text, entities);
    let body = Message { widget: Some(Box::new(placing.widget.clone())), ..Default::default() };
    let mut content = options.content(text, entities, body);
    // The production environment's rule: a widget can't be forwarded.
    content.protect |= !anywhere;
    let placed = Placed { allow_queries: placing.allow_queries };
    content.attached.push(PLACED.record(bot.id, &placed_prefix(conversation), &placed));
    if let (Some(shared), Some(id)) = (&placing.shared, &placing.widget.id) {
        content.also.push(SHARED.put(bot.id, id, shared));
    }
    Ok(messages::post(platform, &actor, conversation, content).await?.into())
}

pub(super) async fn send_widget(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendWidget = args(&call.params)?;
    check_html(p.html)?;
    check_size("width", p.width)?;
    check_size("height", p.height)?;
    check_data("public_data", p.public_data)?;
    check_data("chat_data", p.chat_data)?;
    let public_data = p.public_data.filter(|d| !d.is_empty()).map(str::to_owned);
    let id = p.is_shared.then(new_widget_id);
    let shared = id.as_ref().map(|_| Shared {
        html: p.html.to_owned(),
        width: p.width,
        height: p.height,
        public_data: public_data.clone(),
        cache_time: DEFAULT_CACHE_TIME,
        allow_queries: p.allow_queries,
        edited_ms: 0,
    });
    let widget = types::Widget {
        html: p.html.to_owned(),
        id,
        width: p.width,
        height: p.height,
        public_data,
        chat_data: p.chat_data.filter(|d| !d.is_empty()).map(str::to_owned),
    };
    let placing = Placing {
        widget,
        caption: p.caption,
        parse_mode: p.parse_mode,
        caption_entities: p.caption_entities,
        allow_queries: p.allow_queries,
        shared,
    };
    place(&platform, &call, &p, placing).await
}

pub(super) async fn send_shared_widget(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendSharedWidget = args(&call.params)?;
    if p.widget_id.is_empty() {
        return Err(ApiError::parameter_required("widget_id"));
    }
    check_data("chat_data", p.chat_data)?;
    let bot = platform_bot(&platform, &call).await?;
    let shared = SHARED.get(platform.storage.as_ref(), bot.id, p.widget_id).await?;
    let shared = shared.ok_or_else(|| bad("WIDGET_ID_INVALID"))?;
    let widget = types::Widget {
        html: shared.html,
        id: Some(p.widget_id.to_owned()),
        width: shared.width,
        height: shared.height,
        public_data: shared.public_data,
        chat_data: p.chat_data.filter(|d| !d.is_empty()).map(str::to_owned),
    };
    let placing = Placing {
        widget,
        caption: p.caption,
        parse_mode: p.parse_mode,
        caption_entities: p.caption_entities,
        allow_queries: shared.allow_queries,
        shared: None,
    };
    place(&platform, &call, &p, placing).await
}

/// `answerWidgetQuery`: the answer goes to the widget that asked, once, within its wait.
pub(super) async fn answer_widget_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AnswerWidgetQuery = args(&call.params)?;
    let data = p.data.unwrap_or_default();
    if data.len() > MOST_DATA {
        return Err(bad(format!("data must be at most {MOST_DATA} bytes")));
    }
    let bot = platform_bot(&platform, &call).await?;
    platform.answer_query(bot.id, p.widget_query_id, serde_json::json!({"data": data})).await?;
    done()
}

/// The wall clock in milliseconds (a rate, not a date: the platform's manual clock has no say).
fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

/// When a shared widget's public data may change again: once a second.
fn may_edit_shared(shared: &Shared, now_ms: i64) -> Result<(), ApiError> {
    if now_ms - shared.edited_ms < 1000 {
        return Err(ApiError::too_many_requests(1));
    }
    Ok(())
}

/// `editMessageWidgetData`: the message's data (and a shared widget's public data, in every
/// message that shows it), one commit; `True`.
pub(super) async fn edit_message_widget_data(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageWidgetData = args(&call.params)?;
    check_data("public_data", p.public_data)?;
    check_data("chat_data", p.chat_data)?;
    let chat_id = p.chat_id.filter(|c| !c.is_empty());
    let (actor, conversation, message_id) =
        message_target(&platform, &call, chat_id, p.message_id, "message to edit", Access::Write).await?;
    let held = lock_message(&platform, conversation, message_id).await;
    let original = load_message(&platform, conversation, message_id).await?;
    let original = original.ok_or_else(|| bad("message to edit not found"))?;
    let own = sender_id(&original) == Some(actor.id()) || original.via_bot.as_ref().map(|b| b.id) == Some(actor.id());
    if !own || original.forward_origin.is_some() {
        return Err(bad("message can't be edited"));
    }
    let Some(widget) = original.widget.as_deref() else { return Err(bad("there is no widget in the message to edit")) };
    let mut edited = original.clone();
    let new = edited.widget.as_mut().expect("a widget");
    let mut also = Vec::new();
    if let Some(public_data) = p.public_data {
        new.public_data = Some(public_data.to_owned()).filter(|d| !d.is_empty());
        if let Some(id) = &widget.id {
            let _shared = SHARED.lock(&platform.locks, actor.id(), id).await;
            if let Some(mut shared) = SHARED.get(platform.storage.as_ref(), actor.id(), id).await? {
                let now_ms = now_ms();
                may_edit_shared(&shared, now_ms)?;
                shared.public_data = new.public_data.clone();
                shared.edited_ms = now_ms;
                also.push(SHARED.put(actor.id(), id, &shared));
            }
        }
    }
    if let Some(chat_data) = p.chat_data {
        new.chat_data = Some(chat_data.to_owned()).filter(|d| !d.is_empty());
    }
    publish_edit_stored(&platform, &held, &actor, conversation, &original, edited, also).await?;
    done()
}

/// `editSharedWidgetData`: a shared widget's public data and cache time, for every message
/// that shows it; `True`.
pub(super) async fn edit_shared_widget_data(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditSharedWidgetData = args(&call.params)?;
    if p.widget_id.is_empty() {
        return Err(ApiError::parameter_required("widget_id"));
    }
    if call.params.get("public_data").is_none() {
        return Err(ApiError::parameter_required("public_data"));
    }
    check_data("public_data", Some(p.public_data))?;
    if let Some(cache_time) = p.cache_time
        && !(5..=3600).contains(&cache_time)
    {
        return Err(bad("cache_time must be between 5 and 3600"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let _held = SHARED.lock(&platform.locks, bot.id, p.widget_id).await;
    let shared = SHARED.get(platform.storage.as_ref(), bot.id, p.widget_id).await?;
    let mut shared = shared.ok_or_else(|| bad("WIDGET_ID_INVALID"))?;
    let now_ms = now_ms();
    may_edit_shared(&shared, now_ms)?;
    shared.public_data = Some(p.public_data.to_owned()).filter(|d| !d.is_empty());
    shared.cache_time = p.cache_time.unwrap_or(shared.cache_time);
    shared.edited_ms = now_ms;
    platform.storage.apply(vec![SHARED.put(bot.id, p.widget_id, &shared)]).await.map_err(crate::internal)?;
    done()
}
