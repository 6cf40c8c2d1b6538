//! Widgets' Bot API methods: `sendWidget`, `sendSharedWidget`, `answerWidgetQuery`,
//! `editMessageWidgetData`, `editSharedWidgetData`. The reference's source has no widget code
//! yet (it stops at Bot API 10.0), so the checks are the documented limits, worded in the
//! reference's manner, and the platform's own refusals (`WIDGET_ID_INVALID`, a group chat).

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, MethodCall, Reply};
use msg_spec::params::{self, SendArgs};
use msg_spec::types::{self, Message};

use super::{
    MOST_DATA, PLACED, Placed, QUERY_PREFIX, SHARED, Shared, bad, check_data, check_html, check_size, data,
    new_widget_id,
};
use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Access, Actor, Conversation};
use crate::messages;
use crate::messages::posting::{load_message, lock_message, manages_channel_post, publish_edit_stored};
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

/// Posts a widget message from `bot` with the send options of `send`.
async fn place(
    platform: &Platform,
    call: &MethodCall,
    bot: Arc<BotRecord>,
    send: &dyn SendArgs<'_>,
    placing: Placing<'_>,
) -> Result<Reply, ApiError> {
    let mut options = SendOptions::read(send, &call.params)?;
    let anywhere = platform.bot_flags(bot.id).await?.widgets_anywhere;
    let bot_id = bot.id;
    let (actor, conversation) = options.sending(platform, &Actor::Bot(bot), send.chat_id()).await?;
    if !anywhere && !matches!(conversation, Conversation::Private(..)) {
        return Err(bad("widgets can be sent only to private chats"));
    }
    let (text, entities) = crate::files::methods::caption(
        placing.caption.unwrap_or_default(),
        placing.parse_mode.unwrap_or_default(),
        json_value(placing.caption_entities),
    )?;
    let entities = crate::entities::with_found(&text, entities);
    let shared = placing.shared.as_ref().zip(placing.widget.id.as_deref()).map(|(row, id)| SHARED.put(bot_id, id, row));
    let body = Message { widget: Some(Box::new(placing.widget)), ..Default::default() };
    let mut content = options.content(text, entities, body);
    content.also.extend(shared);
    // The production environment's rule: a widget can't be forwarded.
    content.protect |= !anywhere;
    let placed = Placed { allow_queries: placing.allow_queries };
    content.attached.push(PLACED.record(bot_id, &conversation.message_rows(), &placed));
    Ok(messages::post(platform, &actor, conversation, content).await?.into())
}

pub(super) async fn send_widget(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendWidget = args(&call.params)?;
    check_html(p.html)?;
    check_size("width", p.width)?;
    check_size("height", p.height)?;
    check_data("public_data", p.public_data)?;
    check_data("chat_data", p.chat_data)?;
    let widget = types::Widget {
        html: p.html.to_owned(),
        id: p.is_shared.then(new_widget_id),
        width: p.width,
        height: p.height,
        public_data: data(p.public_data),
        chat_data: data(p.chat_data),
    };
    let shared = widget.id.is_some().then(|| Shared::of(&widget, p.allow_queries));
    let bot = platform_bot(&platform, &call).await?;
    let placing = Placing {
        widget,
        caption: p.caption,
        parse_mode: p.parse_mode,
        caption_entities: p.caption_entities,
        allow_queries: p.allow_queries,
        shared,
    };
    place(&platform, &call, bot, &p, placing).await
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
    let placing = Placing {
        widget: shared.widget(p.widget_id, data(p.chat_data)),
        caption: p.caption,
        parse_mode: p.parse_mode,
        caption_entities: p.caption_entities,
        allow_queries: shared.allow_queries,
        shared: None,
    };
    place(&platform, &call, bot, &p, placing).await
}

/// `answerWidgetQuery`: the answer goes to the widget that asked, once, within its wait (a
/// widget query's id alone: no other kind of query is answered here).
pub(super) async fn answer_widget_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AnswerWidgetQuery = args(&call.params)?;
    let data = p.data.unwrap_or_default();
    if data.len() > MOST_DATA {
        return Err(bad(format!("data must be at most {MOST_DATA} bytes")));
    }
    let bot = platform_bot(&platform, &call).await?;
    let answer = serde_json::json!({"data": data});
    platform.answer_query_as(bot.id, p.widget_query_id, QUERY_PREFIX, answer).await?;
    done()
}

/// The wall clock in milliseconds (a rate, not a date: the platform's manual clock has no say).
fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

/// Sets shared widget `id`'s public data (and cache time), once a second at most, under its
/// row's lock; `false` when it already was that. Its own act: the data is the widget's, shown in
/// every message with it (the view reads it), so no message changes.
async fn set_shared(
    platform: &Platform,
    bot_id: i64,
    id: &str,
    public_data: &str,
    cache_time: Option<i64>,
) -> Result<bool, ApiError> {
    let _held = SHARED.lock(&platform.locks, bot_id, id).await;
    let shared = SHARED.get(platform.storage.as_ref(), bot_id, id).await?;
    let mut shared = shared.ok_or_else(|| bad("WIDGET_ID_INVALID"))?;
    let public_data = data(Some(public_data));
    if shared.public_data == public_data && cache_time.is_none_or(|c| c == shared.cache_time) {
        return Ok(false);
    }
    let now_ms = now_ms();
    // A wall clock set back allows the edit rather than refusing edits until it catches up.
    if (0..1000).contains(&(now_ms - shared.edited_ms)) {
        return Err(ApiError::too_many_requests(1));
    }
    shared.public_data = public_data;
    shared.cache_time = cache_time.unwrap_or(shared.cache_time);
    shared.edited_ms = now_ms;
    platform.storage.apply(vec![SHARED.put(bot_id, id, &shared)]).await.map_err(crate::internal)?;
    platform.state::<super::WidgetState>().remember(id, Some((bot_id, shared)));
    Ok(true)
}

/// `editMessageWidgetData`: a widget message of the bot's (sent by it, or a channel post of its
/// it may edit). Its `chat_data` (and a plain widget's `public_data`) change as an edit of the
/// message, delivered to the chat; a shared widget's `public_data` is the widget's, changed as
/// `editSharedWidgetData` changes it, first, in an act of its own (every message with the
/// widget shows it). `True`.
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
    let Some(widget) = original.widget.as_deref() else { return Err(bad("there is no widget in the message to edit")) };
    // The bot's widget message: the one it placed (a forward's copy is nobody's to edit), in a
    // channel while it may still edit posts there.
    let placed = PLACED.get(platform.storage.as_ref(), actor.id(), &conversation.message_row(message_id)).await?;
    let may_edit = manages_channel_post(&platform, actor.id(), conversation, &original).await?.unwrap_or(true);
    if placed.is_none() || original.forward_origin.is_some() || !may_edit {
        return Err(bad("message can't be edited"));
    }
    let mut edited = original.clone();
    let new = edited.widget.as_mut().expect("a widget");
    let mut shared_changed = false;
    match (&widget.id, p.public_data) {
        (Some(id), Some(public_data)) => {
            shared_changed = set_shared(&platform, actor.id(), id, public_data, None).await?
        }
        (None, Some(public_data)) => new.public_data = data(Some(public_data)),
        (_, None) => {}
    }
    if let Some(chat_data) = p.chat_data {
        new.chat_data = data(Some(chat_data));
    }
    if shared_changed && edited.widget == original.widget {
        return done();
    }
    publish_edit_stored(&platform, &held, &actor, conversation, &original, edited, Vec::new()).await?;
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
    set_shared(&platform, bot.id, p.widget_id, p.public_data, p.cache_time).await?;
    done()
}
