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
use crate::kernel::world::{Actor, Conversation};
use crate::messages::bodies::post_body_with;
use crate::messages::editing::inline_markup;
use crate::messages::send::{formatted, json_value};

/// One poll option (`String` or `InputPollOption`) as the poll shows it.
pub(super) fn poll_option(item: &Value) -> Result<types::PollOption, ApiError> {
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

/// `country_codes`: 0-12 two-letter ISO 3166-1 codes, upper case (`FT` for anonymous numbers),
/// read as the reference reads them (`get_strings`), then checked as TDLib checks them.
fn country_codes(raw: Option<&str>) -> Result<Option<Vec<String>>, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(None) };
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("Can't parse country_codes JSON object"))?;
    let Value::Array(items) = value else { return Err(ApiError::bad_request("Expected an Array of String")) };
    if items.len() > 12 {
        return Err(ApiError::bad_request("Too many items specified"));
    }
    let codes = items
        .iter()
        .map(|item| {
            item.as_str().map(str::to_owned).ok_or_else(|| ApiError::bad_request("Expected an Array of String"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if codes.iter().any(|code| code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase())) {
        return Err(ApiError::bad_request("Invalid country code specified"));
    }
    Ok((!codes.is_empty()).then_some(codes))
}

/// The message of a poll (the bot's `sendPoll`, a person's too).
pub(super) fn poll_message(params: &Params) -> Result<types::Message, ApiError> {
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
        allows_multiple_answers: p.allows_multiple_answers,
        allows_revoting: params.get("allows_revoting").map_or(!quiz, msg_spec::args::to_bool),
        members_only: params.boolean("members_only"),
        ..Default::default()
    };
    if quiz {
        // `correct_option_ids` (Bot API 9.6), else `correct_option_id` (as the reference takes
        // both); a quiz shows the list, and the single id too when there is one.
        let correct: Vec<i64> = match params.get("correct_option_ids") {
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
                    if i32::try_from(id).is_err() {
                        return Err(ApiError::bad_request("invalid correct option identifier specified"));
                    }
                    parsed.push(id);
                }
                parsed
            }
            None => vec![p.correct_option_id.unwrap_or(-1)],
        };
        let increasing = correct.windows(2).all(|w| w[0] < w[1]);
        if correct.is_empty() || !increasing || correct.iter().any(|id| *id < 0 || *id >= count) {
            return Err(ApiError::bad_request("wrong correct option identifier specified"));
        }
        poll.correct_option_id = (correct.len() == 1).then(|| correct[0]);
        poll.correct_option_ids = Some(correct);
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
    // A description (Bot API 10.0): TDLib's caption, formatted and as long.
    if let Some(description) = p.description.filter(|d| !d.is_empty()) {
        let given = json_value(p.description_entities);
        let (text, entities) = formatted(description, p.description_parse_mode.unwrap_or_default(), given)?;
        if text.chars().count() > 1024 {
            return Err(ApiError::bad_request("Message caption is too long"));
        }
        poll.description = Some(text);
        poll.description_entities = entity_list(entities)?;
    }
    poll.country_codes = country_codes(p.country_codes)?;
    // The reference takes either; a poll carries both. An `open_period` is counted from the
    // message's date, which posting gives it (`close_date` left for posting to fill in); a
    // `close_date` stays as given, its period counted from now here and again from the date.
    let now = crate::kernel::world::now();
    let open_period = p.open_period.unwrap_or(0).clamp(0, 2_628_000);
    match p.close_date.unwrap_or(0) {
        _ if open_period != 0 => poll.open_period = Some(open_period),
        date if date > now => {
            let period = (date - now).min(2_628_000);
            poll.open_period = Some(period);
            poll.close_date = Some(now + period);
        }
        _ => {}
    }
    Ok(types::Message { poll: Some(Box::new(poll)), ..Default::default() })
}

/// What a bot's and a person's `sendPoll` do between reading the poll (`body`, from
/// [`poll_message`]) and posting it, in the reference's order: its media read and stored as
/// `actor`'s files, then voters restricted (by membership age or country) only in a channel
/// (`target`: the chat, resolved only when that is asked); the row of polls 2.0's settings (which
/// the Bot API never shows) to store with the message.
pub(super) async fn prepare(
    platform: &Platform,
    actor: &Actor,
    params: &Params,
    body: &mut types::Message,
    target: impl std::future::Future<Output = Result<Conversation, ApiError>>,
) -> Result<Option<msg_core::Change>, ApiError> {
    let poll = body.poll.as_deref_mut().expect("poll_message makes a poll");
    super::media::attach(platform, actor, params, poll).await?;
    if (poll.members_only || poll.country_codes.is_some()) && !platform.is_channel(target.await?).await? {
        return Err(ApiError::bad_request("Poll voters can be restricted only in channel chats"));
    }
    Ok(super::options::stored_with(platform, params, poll))
}

pub(crate) async fn send_poll(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendPoll = args(&call.params)?;
    let mut body = poll_message(&call.params)?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    let target = platform.resolve_chat(&actor, p.chat_id);
    let also = prepare(&platform, &actor, &call.params, &mut body, target).await?.into_iter().collect();
    let (conversation, sent) = post_body_with(&platform, &call, &p, body, also).await?;
    let close_date = sent["poll"]["close_date"].as_i64();
    let message_id = sent["message_id"].as_i64().unwrap_or_default();
    if platform.is_channel(conversation).await? {
        super::own_channel_poll(&platform, call.ctx.bot_id, conversation, message_id).await?;
    }
    if let Some(close_date) = close_date {
        super::arm_poll_timer(&platform, call.ctx.bot_id, conversation, message_id, close_date).await?;
    }
    Ok(sent.into())
}

pub(super) async fn stop_poll(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::StopPoll = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let bot = platform_bot(&platform, &call).await?;
    let conversation = platform.resolve_chat(&Actor::Bot(bot.clone()), p.chat_id).await?;
    Ok(super::stop_poll(&platform, &bot, conversation, p.message_id, markup).await?.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The poll `sendPoll` would send with these parameters.
    fn poll(pairs: &[(&str, &str)]) -> Result<types::Poll, ApiError> {
        let mut params = Params::new();
        for (name, value) in pairs {
            params.push(*name, *value);
        }
        poll_message(&params).map(|message| *message.poll.expect("a poll"))
    }

    fn refusal(pairs: &[(&str, &str)]) -> String {
        poll(pairs).expect_err("must be refused").description.into_owned()
    }

    #[test]
    fn a_poll_needs_a_question_and_2_to_12_options() {
        let options = r#"["a", "b"]"#;
        assert_eq!(refusal(&[("options", options)]), "Bad Request: poll question must be non-empty");
        let long = "q".repeat(301);
        assert_eq!(
            refusal(&[("question", long.as_str()), ("options", options)]),
            "Bad Request: poll question length must not exceed 300"
        );
        assert_eq!(refusal(&[("question", "Q"), ("options", "a, b")]), "Bad Request: can't parse options JSON object");
        assert_eq!(
            refusal(&[("question", "Q"), ("options", r#"{"a": 1}"#)]),
            "Bad Request: expected an Array of String as options"
        );
        assert_eq!(
            refusal(&[("question", "Q"), ("options", r#"["a"]"#)]),
            "Bad Request: poll must have at least 2 option"
        );
        let thirteen = serde_json::to_string(&(0..13).map(|i| i.to_string()).collect::<Vec<_>>()).unwrap();
        assert_eq!(
            refusal(&[("question", "Q"), ("options", thirteen.as_str())]),
            "Bad Request: poll can't have more than 12 options"
        );
        assert_eq!(
            refusal(&[("question", "Q"), ("options", options), ("type", "survey")]),
            "Bad Request: unsupported poll type specified"
        );
    }

    #[test]
    fn a_poll_option_is_1_to_100_characters_of_text() {
        let refused = |options: &str| refusal(&[("question", "Q"), ("options", options)]);
        assert_eq!(refused(r#"["a", " "]"#), "Bad Request: poll options must be non-empty");
        let long = serde_json::json!(["a", "x".repeat(101)]).to_string();
        assert_eq!(refused(long.as_str()), "Bad Request: poll options length must not exceed 100");
        assert_eq!(refused(r#"["a", true]"#), "Bad Request: expected an option to be of type String");
        assert_eq!(refused(r#"["a", {"label": "b"}]"#), "Bad Request: can't find field \"text\"");
        assert_eq!(refused(r#"["a", {"text": ["b"]}]"#), "Bad Request: field \"text\" must be of type String");
        let made = poll(&[("question", "Q"), ("options", r#"["a", {"text": "b"}]"#)]).unwrap();
        let texts: Vec<_> = made.options.iter().map(|o| (o.text.as_str(), o.persistent_id.as_str())).collect();
        assert_eq!(texts, [("a", "0"), ("b", "1")]);
    }

    #[test]
    fn a_regular_poll_is_anonymous_and_revotable_unless_told() {
        let made =
            poll(&[("question", "Q"), ("options", r#"["a", "b"]"#), ("allows_multiple_answers", "true")]).unwrap();
        assert_eq!(made.r#type, "regular");
        assert!(made.is_anonymous && made.allows_revoting && made.allows_multiple_answers);
        assert_eq!((made.correct_option_id, made.open_period, made.close_date), (None, None, None));
        let told =
            [("question", "Q"), ("options", r#"["a", "b"]"#), ("is_anonymous", "false"), ("allows_revoting", "0")];
        let made = poll(&told).unwrap();
        assert!(!made.is_anonymous && !made.allows_revoting);
    }

    #[test]
    fn a_quiz_has_correct_options_in_increasing_order() {
        let quiz = |extra: &[(&str, &str)]| {
            let mut pairs = vec![("question", "Q"), ("options", r#"["a", "b", "c"]"#), ("type", "quiz")];
            pairs.extend_from_slice(extra);
            poll(&pairs)
        };
        let wrong = "Bad Request: wrong correct option identifier specified";
        let cases: [&[(&str, &str)]; 6] = [
            &[],
            &[("correct_option_id", "3")],
            &[("correct_option_id", "-1")],
            &[("correct_option_ids", "[]")],
            &[("correct_option_ids", "[2, 1]")],
            &[("correct_option_ids", "[1, 1]")],
        ];
        for extra in cases {
            assert_eq!(quiz(extra).expect_err("must be refused").description, wrong, "{extra:?}");
        }
        assert_eq!(
            quiz(&[("correct_option_ids", r#"["0"]"#)]).expect_err("a string").description,
            "Bad Request: correct option identifier must be of type Number"
        );
        // One correct option: both fields, as the reference sends them to older clients too.
        let made = quiz(&[("correct_option_ids", "[1]")]).unwrap();
        assert_eq!((made.correct_option_id, made.correct_option_ids), (Some(1), Some(vec![1])));
        let made = quiz(&[("correct_option_id", "2")]).unwrap();
        assert_eq!((made.correct_option_id, made.correct_option_ids), (Some(2), Some(vec![2])));
        // Several: the list alone; a quiz may take several answers, and by default no second try.
        let made = quiz(&[("correct_option_ids", "[0, 2]"), ("allows_multiple_answers", "true")]).unwrap();
        assert_eq!((made.correct_option_id, made.correct_option_ids), (None, Some(vec![0, 2])));
        assert!(made.allows_multiple_answers && !made.allows_revoting);
        assert_eq!(made.r#type, "quiz");
        assert!(quiz(&[("correct_option_ids", "[0]"), ("allows_revoting", "true")]).unwrap().allows_revoting);
    }

    #[test]
    fn a_quiz_explanation_is_at_most_200_characters() {
        let quiz = |explanation: &str| {
            let pairs = [
                ("question", "Q"),
                ("options", r#"["a", "b"]"#),
                ("type", "quiz"),
                ("correct_option_id", "0"),
                ("explanation", explanation),
            ];
            poll(&pairs)
        };
        let long = "e".repeat(201);
        assert_eq!(
            quiz(long.as_str()).expect_err("too long").description,
            "Bad Request: poll explanation length must not exceed 200"
        );
        let made = quiz("because").unwrap();
        assert_eq!(made.explanation.as_deref(), Some("because"));
        assert_eq!(made.explanation_entities, Some(Vec::new()));
        assert_eq!(quiz("").unwrap().explanation, None);
    }

    #[test]
    fn a_poll_closes_after_its_open_period_or_at_its_close_date() {
        let timed = |extra: (&str, String)| {
            poll(&[("question", "Q"), ("options", r#"["a", "b"]"#), (extra.0, extra.1.as_str())]).unwrap()
        };
        let before = crate::kernel::world::now();
        let made = timed(("open_period", "60".into()));
        assert_eq!((made.open_period, made.close_date), (Some(60), None), "counted from the date posting gives");
        let after = crate::kernel::world::now();
        let made = timed(("close_date", (after + 100).to_string()));
        assert_eq!(made.close_date, Some(after + 100));
        assert!((90..=100).contains(&made.open_period.unwrap()));
        // A close_date passed already times nothing; a long open_period is cut to a month.
        let made = timed(("close_date", (before - 10).to_string()));
        assert_eq!((made.open_period, made.close_date), (None, None));
        assert_eq!(timed(("open_period", "99999999".into())).open_period, Some(2_628_000));
    }
}
