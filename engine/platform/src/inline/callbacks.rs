//! Callback queries: a person presses an inline button, the bot that sent the message gets
//! `callback_query`, and its `answerCallbackQuery` goes back to the person who pressed.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use msg_core::{ApiError, NewUpdate, UserRecord};
use msg_spec::types;
use serde_json::{Value, json};

use crate::kernel::world::{CALLBACK_TTL, CallbackMode, Conversation, Platform, now, person, typed};
use crate::messages;
use crate::messages::posting::sender_id;

/// What a button's callback query carries besides `data`, read for the bot that answers.
pub(crate) type ShortName<'a> = Pin<Box<dyn Future<Output = Result<String, ApiError>> + Send + 'a>>;

/// A kind of inline button another domain brings, whose press also reaches the bot as a
/// callback query (games' Play button): how to find it on a message, the refusal when the
/// message has none, and the `game_short_name` its query carries (read for bot `bot_id` from
/// the message's key, `<conversation>/<message id>`).
pub(crate) struct ButtonKind {
    pub on: fn(&types::InlineKeyboardButton) -> bool,
    pub missing: &'static str,
    pub short_name: for<'a> fn(&'a Platform, i64, String) -> ShortName<'a>,
}

/// Which button a person presses.
#[derive(Clone, Copy)]
pub(crate) enum Pressed<'a> {
    /// A callback button, by its `callback_data`.
    Data(&'a str),
    /// A button of another domain's kind.
    Button(&'static ButtonKind),
}

// ---------------------------------------------------------------- callback queries

/// A person presses an inline button (of an ephemeral message of theirs when `ephemeral`:
/// `message_id` is then its `ephemeral_message_id`); waits up to `wait` for the bot's answer.
pub(super) async fn press_button(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
    ephemeral: bool,
    data: &str,
    wait: Duration,
) -> Result<Value, ApiError> {
    if ephemeral {
        let stored = messages::ephemeral_store::load(platform, conversation, user.id, message_id)
            .await?
            .ok_or_else(|| ApiError::bad_request("message not found"))?;
        return press_loaded(platform, user, conversation, message_id, stored, Pressed::Data(data), wait).await;
    }
    press(platform, user, conversation, message_id, Pressed::Data(data), wait).await
}

/// A person presses a message's button `pressed`; waits up to `wait` for the bot's answer.
pub(crate) async fn press(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
    pressed: Pressed<'_>,
    wait: Duration,
) -> Result<Value, ApiError> {
    let stored = messages::load_message_seen(platform, conversation, message_id, user.id)
        .await?
        .ok_or_else(|| ApiError::bad_request("message not found"))?;
    press_loaded(platform, user, conversation, message_id, stored, pressed, wait).await
}

/// Whether a rich message's buttons (in its blocks or its text, Bot API 10.3) include a
/// callback button with `data`.
fn rich_has_data(stored: &types::Message, data: &str) -> bool {
    fn holds(value: &Value, data: &str) -> bool {
        match value {
            Value::Array(items) => items.iter().any(|item| holds(item, data)),
            Value::Object(object) => {
                object.get("callback_data").and_then(Value::as_str) == Some(data)
                    || object.values().any(|item| holds(item, data))
            }
            _ => false,
        }
    }
    stored.rich_message.as_ref().is_some_and(|rich| holds(&serde_json::to_value(rich).unwrap_or_default(), data))
}

/// [`press`] once the message is found (`stored`).
async fn press_loaded(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
    stored: types::Message,
    pressed: Pressed<'_>,
    wait: Duration,
) -> Result<Value, ApiError> {
    let mut buttons = stored.reply_markup.iter().flat_map(|markup| markup.inline_keyboard.iter().flatten());
    let found = match pressed {
        Pressed::Data(data) => {
            buttons.any(|b| b.callback_data.as_deref() == Some(data)) || rich_has_data(&stored, data)
        }
        Pressed::Button(kind) => buttons.any(|b| (kind.on)(b)),
    };
    if !found {
        return Err(ApiError::bad_request(match pressed {
            Pressed::Data(_) => "the message has no button with this callback_data",
            Pressed::Button(kind) => kind.missing,
        }));
    }
    // A message sent via a bot (inline mode) brings its buttons' presses to that bot, as an
    // inline message: `inline_message_id` instead of the message.
    let via_bot = stored.via_bot.as_ref().map(|b| b.id);
    let bot_id = via_bot.or_else(|| sender_id(&stored)).unwrap_or_default();
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("bot not found"))?;
    let open = platform.open_query(bot.id).await?;
    let query_id = open.id.clone();
    let chat = platform.chat(conversation, bot.id).await?;
    let chat_instance = conversation.chat_instance();
    let (data, game_short_name) = match pressed {
        Pressed::Data(data) => (Some(data.to_owned()), None),
        Pressed::Button(kind) => {
            let key = conversation.message_row(message_id);
            (None, Some((kind.short_name)(platform, bot.id, key).await?))
        }
    };
    let message = crate::kernel::stored::with_chat(stored, &chat);
    // A bot that asked for inline message ids (Bot API 10.5's `callback_query_mode` "inline")
    // gets its own messages' presses as inline messages too.
    let as_inline = via_bot.is_some() || platform.bot_flags(bot.id).await?.callback_mode == CallbackMode::Inline;
    let (message, inline_message_id) = match as_inline {
        true => (None, Some(conversation.inline_id(message_id))),
        false => (Some(Box::new(types::MaybeInaccessibleMessage::Message(message))), None),
    };
    let query = types::CallbackQuery {
        id: query_id.clone(),
        from: Box::new(person(user)),
        message,
        inline_message_id,
        chat_instance,
        data,
        game_short_name,
    };
    let payload = typed(&query).to_string();
    if platform.updates.accepts(&bot, "callback_query").await? {
        let chat_key = conversation.chat_id_for(bot.id);
        let update = NewUpdate::new("callback_query", payload, chat_key, now() + CALLBACK_TTL);
        platform.updates.push(&bot, update, Vec::new()).await?;
    }
    let answer = platform.await_answer(open, wait).await;
    Ok(match answer {
        Some(answer) => json!({"callback_query_id": query_id, "answered": true, "answer": answer}),
        None => json!({"callback_query_id": query_id, "answered": false}),
    })
}
