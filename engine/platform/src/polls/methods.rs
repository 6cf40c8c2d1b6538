//! The polls' Bot API methods: `sendPoll` and `stopPoll` (the poll itself, its votes and timers
//! are in this domain's `mod.rs`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Params, Reply};
use msg_spec::params;
use msg_spec::types;
use serde_json::Value;

use crate::Platform;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::stored::entity_list;
use crate::kernel::world::Actor;
use crate::messages::bodies::post_body;
use crate::messages::editing::inline_markup;
use crate::messages::send::{formatted, json_value};

/// One poll option (`String` or `InputPollOption`) as the poll shows it.
fn poll_option(item: &Value) -> Result<types::PollOption, ApiError> {
    let (text, entities) = match item {
        Value::String(text) => (text.clone(), None),
        Value::Object(fields) => {
            let text = match fields.get("text") {
                None => return Err(ApiError::bad_request("can't find field \"text\"")),
                Some(Value::String(text)) => text.clone(),
                Some(Value::Number(n)) => n.to_string(),
                Some(_) => return Err(ApiError::bad_request("field \"text\" must be of type String")),
            };
            let mode = fields.get("text_parse_mode").and_then(Value::as_str).unwrap_or_default();
            formatted(&text, mode, fields.get("text_entities").cloned())?
        }
        _ => return Err(ApiError::bad_request("expected an option to be of type String")),
    };
    if text.trim().is_empty() {
        return Err(ApiError::bad_request("poll options must be non-empty"));
    }
    if text.chars().count() > 100 {
        return Err(ApiError::bad_request("poll options length must not exceed 100"));
    }
    Ok(types::PollOption { text, text_entities: entity_list(entities)?, voter_count: 0, ..Default::default() })
}

/// The message of a poll (the bot's `sendPoll`, a person's too).
pub(crate) fn poll_message(params: &Params) -> Result<types::Message, ApiError> {
    let p: params::SendPoll = args(params)?;
    let given = json_value(p.question_entities);
    let (question, question_entities) = formatted(p.question, p.question_parse_mode.unwrap_or_default(), given)?;
    let raw = p.options.unwrap_or_default();
    let items: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("can't parse options JSON object"))?;
    let Value::Array(items) = items else {
        return Err(ApiError::bad_request("expected an Array of String as options"));
    };
    let mut options = items.iter().map(poll_option).collect::<Result<Vec<_>, _>>()?;
    for (i, option) in options.iter_mut().enumerate() {
        option.persistent_id = i.to_string();
    }
    // True unless given (the decoded flag cannot tell absent from false).
    let is_anonymous = params.get("is_anonymous").is_none_or(msg_spec::args::to_bool);
    let quiz = match p.r#type.unwrap_or_default() {
        "" | "regular" => false,
        "quiz" => true,
        _ => return Err(ApiError::bad_request("unsupported poll type specified")),
    };
    if question.trim().is_empty() {
        return Err(ApiError::bad_request("poll question must be non-empty"));
    }
    if question.chars().count() > 300 {
        return Err(ApiError::bad_request("poll question length must not exceed 300"));
    }
    if options.len() < 2 {
        return Err(ApiError::bad_request("poll must have at least 2 option"));
    }
    if options.len() > 12 {
        return Err(ApiError::bad_request("poll can't have more than 12 options"));
    }
    let count = options.len() as i64;
    let mut poll = types::Poll {
        id: (msg_core::random::next_u64() >> 1).to_string(),
        question,
        question_entities: entity_list(question_entities)?,
        options,
        total_voter_count: 0,
        is_closed: p.is_closed,
        is_anonymous,
        r#type: if quiz { "quiz" } else { "regular" }.into(),
        allows_multiple_answers: p.allows_multiple_answers && !quiz,
        allows_revoting: params.get("allows_revoting").map_or(!quiz, msg_spec::args::to_bool),
        members_only: params.boolean("members_only"),
        ..Default::default()
    };
    if quiz {
        // Bot API 10.0 clients send `correct_option_ids`; a quiz here has exactly one.
        let correct = match params.get("correct_option_ids") {
            Some(raw) => {
                let value: Value = serde_json::from_str(raw)
                    .map_err(|_| ApiError::bad_request("can't parse correct option identifiers JSON object"))?;
                let Value::Array(ids) = value else {
                    return Err(ApiError::bad_request("expected an Array of correct option identifiers"));
                };
                let mut parsed = Vec::new();
                for id in ids {
                    let Some(id) = id.as_i64() else {
                        return Err(ApiError::bad_request("correct option identifier must be of type Number"));
                    };
                    parsed.push(id);
                }
                if parsed.len() == 1 { parsed[0] } else { -1 }
            }
            None => p.correct_option_id.unwrap_or(-1),
        };
        if correct < 0 || correct >= count {
            return Err(ApiError::bad_request("wrong correct option identifier specified"));
        }
        poll.correct_option_id = Some(correct);
        if let Some(explanation) = p.explanation.filter(|e| !e.is_empty()) {
            let given = json_value(p.explanation_entities);
            let (text, entities) = formatted(explanation, p.explanation_parse_mode.unwrap_or_default(), given)?;
            if text.chars().count() > 200 {
                return Err(ApiError::bad_request("poll explanation length must not exceed 200"));
            }
            poll.explanation = Some(text);
            poll.explanation_entities = Some(entity_list(entities)?.unwrap_or_default());
        }
    }
    // The reference takes either; a poll carries both, `open_period` counted from now.
    let now = crate::kernel::world::now();
    let open_period = p.open_period.unwrap_or(0).clamp(0, 2_628_000);
    let (open_period, close_date) = match p.close_date.unwrap_or(0) {
        _ if open_period != 0 => (open_period, now + open_period),
        date if date > now => {
            let period = (date - now).min(2_628_000);
            (period, now + period)
        }
        _ => (0, 0),
    };
    if open_period != 0 {
        poll.open_period = Some(open_period);
        poll.close_date = Some(close_date);
    }
    Ok(types::Message { poll: Some(Box::new(poll)), ..Default::default() })
}

pub(crate) async fn send_poll(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendPoll = args(&call.params)?;
    let body = poll_message(&call.params)?;
    let close_date = body.poll.as_ref().and_then(|p| p.close_date);
    let (conversation, sent) = post_body(&platform, &call, &p, body).await?;
    let message_id = sent["message_id"].as_i64().unwrap_or_default();
    if platform.is_channel(conversation).await? {
        platform.own_channel_poll(call.ctx.bot_id, conversation, message_id).await?;
    }
    if let Some(close_date) = close_date {
        platform.arm_poll_timer(call.ctx.bot_id, conversation, message_id, close_date).await?;
    }
    Ok(sent.into())
}

pub(crate) async fn stop_poll(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::StopPoll = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let bot = platform_bot(&platform, &call).await?;
    let conversation = platform.resolve_chat(&Actor::Bot(bot.clone()), p.chat_id).await?;
    Ok(platform.stop_poll(&bot, conversation, p.message_id, markup).await?.into())
}
