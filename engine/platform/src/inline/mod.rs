//! Inline mode: a person types an inline query to a bot (the user-side `inlineQuery`), the bot
//! gets `inline_query` and answers with `answerInlineQuery` (results validated as the reference
//! validates them), the person sees the results and picks one (`chooseInlineResult`): it is
//! posted in the person's chat `via_bot`, and a bot with feedback on gets `chosen_inline_result`.
//! A bot's inline mode is the operator's setting (`bot set --inline on`).

pub(crate) mod callbacks;
pub(crate) mod domain;
mod methods;
mod user;

pub(crate) use self::callbacks::press;
use self::callbacks::press_button;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use msg_core::{ApiError, NewUpdate, Params, UserRecord};
use msg_spec::types;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::files::Kind;
use crate::files::input::{self, Extras, Sender, Source};
use crate::files::methods::Shown;
use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::stored::{decode, entity_list};
use crate::kernel::world::{Actor, Content, Conversation, MESSAGE_TTL, Platform, bot_user, now, person, typed};
use crate::messages;

/// An inline answer kept for its `cache_time`: the answer, its results, until when.
type CachedAnswer = (Value, Vec<Value>, Instant);

/// One inline query: who asked whom, and the answer's results (once there), kept for the
/// person to pick from; an open Web App's query (`query` [`WEB_APP`]) until the bot answers.
struct InlineAsked {
    pub(crate) bot_id: i64,
    pub(crate) user_id: i64,
    pub(crate) query: String,
    pub(crate) results: Vec<Value>,
    pub(crate) at: Instant,
}

/// An answered inline query or an open Web App's query as a shared storage keeps it (scope the
/// person, key the query id), so the person picks a result, and the bot answers a Web App's
/// query, through any server; kept [`RESULTS_KEPT`], the person's older rows go with the next.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct AskedRow {
    bot_id: i64,
    query: String,
    results: Vec<Value>,
    /// Unix time it was asked.
    at: i64,
}

impl AskedRow {
    /// Whether it is still kept at unix time `at`.
    fn kept_at(&self, at: i64) -> bool {
        self.at + RESULTS_KEPT.as_secs() as i64 > at
    }
}

const ASKED: Table<AskedRow> = Table::new("inline_asked");

/// The inline domain's state ([`crate::kernel::domain::Domain::state`]).
#[derive(Default)]
struct InlineState {
    /// Inline queries answered here (or given a cached answer) and Web Apps opened here.
    asked: Mutex<HashMap<String, InlineAsked>>,
    /// Answers kept for their `cache_time`, by bot, query, offset and (personal answers) person.
    cache: Mutex<HashMap<String, CachedAnswer>>,
}

/// How long an inline query waits for its answer (the public platform's limit is similar).
const ANSWER_TTL: i64 = 30;
/// How long answered results stay available to pick from.
const RESULTS_KEPT: Duration = Duration::from_secs(600);

/// The cache key of an answer: per person when it is personal.
fn cache_key(bot_id: i64, query: &str, offset: &str, person: Option<i64>) -> String {
    format!("{bot_id}|{}|{query}|{offset}", person.map_or("*".to_owned(), |p| p.to_string()))
}

/// The reference's `get_inline_query_result`: the result as the person sees it, or the inner
/// error text.
pub fn inline_result(value: &Value) -> Result<Value, String> {
    let Value::Object(fields) = value else { return Err("Inline query result must be an object".into()) };
    let text = |name: &str| -> Result<Option<String>, String> {
        match fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(_) => Err(format!("Field \"{name}\" must be of type String")),
        }
    };
    let required =
        |name: &str| -> Result<String, String> { text(name)?.ok_or_else(|| format!("Can't find field \"{name}\"")) };
    let number = |name: &str| -> Result<f64, String> {
        match fields.get(name) {
            None => Err(format!("Can't find field \"{name}\"")),
            Some(Value::Number(n)) => Ok(n.as_f64().unwrap_or(0.0)),
            Some(_) => Err(format!("Field \"{name}\" must be of type Number")),
        }
    };
    let kind = required("type")?.to_ascii_lowercase();
    required("id")?;
    match fields.get("input_message_content") {
        None | Some(Value::Null) | Some(Value::Object(_)) => {}
        Some(_) => return Err("Field \"input_message_content\" must be of type Object".into()),
    }
    let content = fields.get("input_message_content").and_then(Value::as_object);
    // Bot API 10.4's widget contents: "currently, widgets can't be sent in response to inline
    // queries" (the production rule, kept).
    if content.is_some_and(|c| c.contains_key("html") || c.contains_key("widget_id")) {
        return Err("widgets can't be sent in response to inline queries".into());
    }
    let has_content_text =
        content.and_then(|c| c.get("message_text")).and_then(Value::as_str).is_some_and(|t| !t.is_empty())
            || content.and_then(|c| c.get("rich_message")).is_some_and(|r| !r.is_null());
    match kind.as_str() {
        "article" => {
            required("title")?;
            let legacy = text("message_text")?.is_some_and(|t| !t.is_empty());
            let located = content.is_some_and(|c| c.contains_key("latitude") || c.contains_key("phone_number"));
            if !has_content_text && !legacy && !located {
                return Err(if content.is_some() {
                    "Input message content is not specified"
                } else {
                    "Can't find field \"message_text\""
                }
                .into());
            }
        }
        "photo" => {
            if text("photo_url")?.unwrap_or_default().is_empty() {
                required("photo_file_id")?;
            }
        }
        "gif" => {
            if text("gif_url")?.unwrap_or_default().is_empty() {
                required("gif_file_id")?;
            }
        }
        "mpeg4_gif" => {
            if text("mpeg4_url")?.unwrap_or_default().is_empty() {
                required("mpeg4_file_id")?;
            }
        }
        "sticker" => {
            required("sticker_file_id")?;
        }
        "audio" => {
            if text("audio_url")?.unwrap_or_default().is_empty() {
                required("audio_file_id")?;
            } else {
                required("title")?;
            }
        }
        "document" | "video" => {
            required("title")?;
            let url = if kind == "document" { "document_url" } else { "video_url" };
            if text(url)?.unwrap_or_default().is_empty() {
                required(&format!("{kind}_file_id"))?;
            } else {
                required("mime_type")?;
            }
        }
        "voice" => {
            required("title")?;
            if text("voice_url")?.unwrap_or_default().is_empty() {
                required("voice_file_id")?;
            }
        }
        "location" => {
            number("latitude")?;
            number("longitude")?;
            required("title")?;
        }
        "venue" => {
            number("latitude")?;
            number("longitude")?;
            required("title")?;
            required("address")?;
        }
        "contact" => {
            required("phone_number")?;
            required("first_name")?;
        }
        "game" => {
            required("game_short_name")?;
        }
        other => return Err(format!("type \"{other}\" is unsupported for the inline query result")),
    }
    let mut result = fields.clone();
    result.insert("type".into(), kind.into());
    Ok(Value::Object(result))
}

/// What a picked result posts: its `input_message_content`, else its own media or place (texts
/// and captions already parsed when the answer arrived).
async fn content_of(platform: &Platform, bot_id: i64, result: &Value) -> Result<types::Message, ApiError> {
    let mut body = types::Message::default();
    let content = result.get("input_message_content").or_else(|| result.get("message_text").map(|_| result));
    if let Some(content) = content {
        // A rich message, read when the answer came (see `methods::rich_content`).
        if let Some(rich) = content.get("rich_message").filter(|r| r.get("blocks").is_some()) {
            body.rich_message = Some(Box::new(decode(rich.clone(), "rich message")?));
            return Ok(body);
        }
        if let Some(text) = content.get("message_text").and_then(Value::as_str).filter(|t| !t.is_empty()) {
            body.text = Some(text.to_owned());
            body.entities = entity_list(content.get("entities").cloned())?;
            body.link_preview_options =
                content.get("link_preview_options").cloned().map(|o| decode(o, "link preview options")).transpose()?;
            return Ok(body);
        }
        if content.get("latitude").is_some() && content.get("longitude").is_some() {
            place(content, &mut body);
            return Ok(body);
        }
        if content.get("phone_number").is_some() {
            body.contact = Some(Box::new(contact(content)));
            return Ok(body);
        }
    }
    let kind = result["type"].as_str().unwrap_or_default();
    match kind {
        "location" | "venue" => place(result, &mut body),
        "contact" => body.contact = Some(Box::new(contact(result))),
        other => {
            let Some((kind, field)) = file_kind(other) else {
                return Err(ApiError::bad_request("RESULT_TYPE_INVALID"));
            };
            let params = Params::new();
            let source = match result.get(field).and_then(Value::as_str).filter(|f| !f.is_empty()) {
                Some(file_id) => input::source(&params, file_id, "", platform.local),
                None => {
                    let url =
                        result.get(format!("{other}_url")).or_else(|| result.get("mpeg4_url")).and_then(Value::as_str);
                    url.map(|u| Source::Url(u.to_owned()))
                }
            };
            let source = source.ok_or_else(|| ApiError::bad_request("RESULT_TYPE_INVALID"))?;
            let sender = Sender { id: bot_id, is_bot: true };
            let object = input::attach(
                &platform.files,
                &platform.temp_dir,
                sender,
                kind,
                source,
                Extras::from_params(&params, false),
            )
            .await?;
            let caption = result.get("caption").and_then(Value::as_str).filter(|c| !c.is_empty());
            let above =
                caption.is_some() && result.get("show_caption_above_media").and_then(Value::as_bool) == Some(true);
            let shown = Shown { caption_above: above, spoiler: false };
            body = crate::files::methods::media_body(kind, object, shown)?;
            if let Some(caption) = caption {
                body.caption = Some(caption.to_owned());
                body.caption_entities = entity_list(result.get("caption_entities").cloned())?;
            }
        }
    }
    Ok(body)
}

/// What a picked result (or a Web App's answer) posts in `conversation`: its content via `bot`,
/// with its inline keyboard (a kind of result another domain brings, such as a game, as that
/// domain's [`InlineResultKind`](crate::kernel::world::InlineResultKind) says).
async fn via_bot(
    platform: &Platform,
    bot: &msg_core::BotRecord,
    result: &Value,
    conversation: Conversation,
) -> Result<Content, ApiError> {
    let reply_markup = result.get("reply_markup").filter(|m| m.get("inline_keyboard").is_some()).cloned();
    // A kind another domain brings (games' `game`) posts what that domain says.
    let kind = result["type"].as_str().and_then(|t| platform.inline_result_kind(t));
    let mut content = match kind {
        Some(kind) => (kind.post)(platform, bot, result, reply_markup, conversation).await?,
        None => Content { reply_markup, ..Content::of(content_of(platform, bot.id, result).await?) },
    };
    content.body.via_bot = Some(Box::new(bot_user(bot)));
    Ok(content)
}

/// The kind of file a result `type` sends, and the field of its cached `file_id`.
fn file_kind(result_type: &str) -> Option<(Kind, &'static str)> {
    match result_type {
        "photo" => Some((Kind::Photo, "photo_file_id")),
        "gif" => Some((Kind::Animation, "gif_file_id")),
        "mpeg4_gif" => Some((Kind::Animation, "mpeg4_file_id")),
        "sticker" => Some((Kind::Sticker, "sticker_file_id")),
        "audio" => Some((Kind::Audio, "audio_file_id")),
        "document" => Some((Kind::Document, "document_file_id")),
        "video" => Some((Kind::Video, "video_file_id")),
        "voice" => Some((Kind::Voice, "voice_file_id")),
        _ => None,
    }
}

/// A cached result's `file_id` is one `bot_id` may send (its own, as on the platform), checked
/// when the answer arrives: a person is never shown another bot's file. Results by URL and
/// without a file pass.
fn check_cached_file(result: &Value, bot_id: i64) -> Result<(), ApiError> {
    let Some((_, field)) = result["type"].as_str().and_then(file_kind) else { return Ok(()) };
    let Some(file_id) = result.get(field).and_then(Value::as_str).filter(|f| !f.is_empty()) else { return Ok(()) };
    match crate::files::id::FileId::decode(file_id) {
        Some(id) if id.owner == bot_id => Ok(()),
        _ => Err(input::wrong_file_identifier()),
    }
}

/// A location result or content: its `location` (with accuracy and, when live, the live
/// fields), and a `venue` when it has a title and an address.
fn place(from: &Value, body: &mut types::Message) {
    let number = |name: &str| from.get(name).and_then(Value::as_f64);
    let whole = |name: &str| from.get(name).and_then(Value::as_i64);
    let live = whole("live_period").filter(|p| *p > 0);
    let location = types::Location {
        latitude: number("latitude").unwrap_or_default(),
        longitude: number("longitude").unwrap_or_default(),
        horizontal_accuracy: number("horizontal_accuracy"),
        live_period: live,
        heading: live.and(whole("heading")),
        proximity_alert_radius: live.and(whole("proximity_alert_radius")),
    };
    let text = |name: &str| from.get(name).and_then(Value::as_str).map(str::to_owned);
    if let (Some(title), Some(address)) = (text("title"), text("address")) {
        body.venue = Some(Box::new(types::Venue {
            location: Box::new(location.clone()),
            title,
            address,
            foursquare_id: text("foursquare_id"),
            foursquare_type: text("foursquare_type"),
            google_place_id: text("google_place_id"),
            google_place_type: text("google_place_type"),
        }));
    }
    body.location = Some(Box::new(location));
}

/// A contact result or content as a `Contact`.
fn contact(from: &Value) -> types::Contact {
    let text = |name: &str| from.get(name).and_then(Value::as_str).map(str::to_owned);
    types::Contact {
        phone_number: text("phone_number").unwrap_or_default(),
        first_name: text("first_name").unwrap_or_default(),
        last_name: text("last_name"),
        vcard: text("vcard"),
        ..Default::default()
    }
}

/// A person's inline query to a bot in inline mode, typed in a chat of `chat_type`; waits up
/// to `wait` for the answer.
#[allow(clippy::too_many_arguments)]
async fn inline_query(
    platform: &Platform,
    user: &UserRecord,
    bot_id: i64,
    query: &str,
    offset: &str,
    chat_type: &str,
    location: Option<types::Location>,
    wait: Duration,
) -> Result<Value, ApiError> {
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
    let flags = platform.bot_flags(bot.id).await?;
    if !flags.inline {
        return Err(ApiError::bad_request("BOT_INLINE_DISABLED"));
    }
    let location = location.filter(|_| flags.inline_location).map(Box::new);
    // An answer the bot allowed to be cached is given again without asking it.
    let cached = {
        let mut cache = platform.state::<InlineState>().cache.lock().expect("inline cache");
        cache.retain(|_, (_, _, until)| *until > Instant::now());
        [cache_key(bot_id, query, offset, Some(user.id)), cache_key(bot_id, query, offset, None)]
            .iter()
            .find_map(|k| cache.get(k).map(|(answer, results, _)| (answer.clone(), results.clone())))
    };
    if let Some((answer, results)) = cached {
        let id = (msg_core::random::next_u64() >> 1).to_string();
        keep_asked(platform, &id, bot_id, user.id, query, results).await?;
        return Ok(json!({"inline_query_id": id, "answered": true, "answer": answer}));
    }
    // The bot answers through any server, once, while the person waits.
    let open = platform.open_query(bot_id).await?;
    let id = open.id.clone();
    let update = types::InlineQuery {
        id: id.clone(),
        from: Box::new(person(user)),
        query: query.to_owned(),
        offset: offset.to_owned(),
        chat_type: Some(chat_type.to_owned()),
        location,
    };
    if platform.updates.accepts(&bot, "inline_query").await? {
        let update = NewUpdate::new("inline_query", typed(&update).to_string(), user.id, now() + ANSWER_TTL);
        platform.updates.push(&bot, update, Vec::new()).await?;
    }
    let mut reply = match platform.await_answer(open, wait).await {
        Some(answered) => {
            let (answer, results) = (answered["answer"].clone(), answered["results"].clone());
            let results: Vec<Value> = serde_json::from_value(results).unwrap_or_default();
            let cache_time = answered["cache_time"].as_i64().unwrap_or(0);
            if cache_time > 0 {
                let personal = answered["is_personal"].as_bool().unwrap_or(false);
                let key = cache_key(bot_id, query, offset, personal.then_some(user.id));
                let until = Instant::now() + Duration::from_secs(cache_time as u64);
                let mut cache = platform.state::<InlineState>().cache.lock().expect("inline cache");
                cache.insert(key, (answer.clone(), results.clone(), until));
            }
            keep_asked(platform, &id, bot_id, user.id, query, results).await?;
            json!({"inline_query_id": id, "answered": true, "answer": answer})
        }
        None => json!({"inline_query_id": id, "answered": false}),
    };
    // What the person's inline field shows, when the operator set it.
    if let Some(placeholder) =
        platform.storage.load_bot_setting(bot.id, "inline_placeholder").await.map_err(crate::internal)?
    {
        reply["placeholder"] = placeholder.into();
    }
    Ok(reply)
}

/// Keeps what person `user_id` asked bot `bot_id` (the answer's `results`, or an open Web App's
/// query) for [`RESULTS_KEPT`]: here, and on a shared storage as a row (the person's rows older
/// than that go in the same batch).
async fn keep_asked(
    platform: &Platform,
    id: &str,
    bot_id: i64,
    user_id: i64,
    query: &str,
    results: Vec<Value>,
) -> Result<(), ApiError> {
    if platform.storage.shared() {
        let row = AskedRow { bot_id, query: query.to_owned(), results: results.clone(), at: now() };
        let mut changes = vec![ASKED.put(user_id, id, &row)];
        let kept = ASKED.all(platform.storage.as_ref(), user_id).await?;
        let old = kept.iter().filter(|(_, r)| !r.kept_at(row.at));
        changes.extend(old.map(|(key, _)| ASKED.delete(user_id, key)));
        platform.storage.apply(changes).await.map_err(crate::internal)?;
    }
    let mut asked = platform.state::<InlineState>().asked.lock().expect("inline");
    asked.retain(|_, a| a.at.elapsed() < RESULTS_KEPT);
    let entry = InlineAsked { bot_id, user_id, query: query.to_owned(), results, at: Instant::now() };
    asked.insert(id.to_owned(), entry);
    Ok(())
}

/// What person `user_id` asked in query `id`: (the bot, the query, the results), kept here or
/// on a shared storage by the server asked.
async fn asked(platform: &Platform, user_id: i64, id: &str) -> Result<Option<(i64, String, Vec<Value>)>, ApiError> {
    {
        let asked = platform.state::<InlineState>().asked.lock().expect("inline");
        if let Some(a) = asked.get(id).filter(|a| a.user_id == user_id && a.at.elapsed() < RESULTS_KEPT) {
            return Ok(Some((a.bot_id, a.query.clone(), a.results.clone())));
        }
    }
    if !platform.storage.shared() {
        return Ok(None);
    }
    let row = ASKED.get(platform.storage.as_ref(), user_id, id).await?;
    Ok(row.filter(|r| r.kept_at(now())).map(|r| (r.bot_id, r.query, r.results)))
}

/// answerInlineQuery: the bot's results go to the person who asked, through whichever server
/// they wait on; `answer` is what the person is shown, `results` what a pick posts.
async fn answer_inline(
    platform: &Platform,
    bot_id: i64,
    query_id: &str,
    answer: Value,
    results: Vec<Value>,
    cache_time: i64,
    personal: bool,
) -> Result<(), ApiError> {
    let answered = json!({"answer": answer, "results": results, "cache_time": cache_time, "is_personal": personal});
    platform.answer_query(bot_id, query_id, answered).await
}

/// The person picks a result: it is posted in `conversation` via the bot; a bot with
/// feedback on gets `chosen_inline_result`.
async fn choose_inline(
    platform: &Platform,
    user: &UserRecord,
    query_id: &str,
    result_id: &str,
    conversation: Conversation,
) -> Result<Value, ApiError> {
    let Some((bot_id, query, results)) = asked(platform, user.id, query_id).await?.filter(|(_, q, _)| q != WEB_APP)
    else {
        return Err(ApiError::bad_request("QUERY_ID_INVALID"));
    };
    let result = results.into_iter().find(|r| r["id"].as_str() == Some(result_id));
    let result = result.ok_or_else(|| ApiError::bad_request("RESULT_ID_INVALID"))?;
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
    let content = via_bot(platform, &bot, &result, conversation).await?;
    let sent = messages::post(platform, &Actor::User(user.clone()), conversation, content).await?;
    let flags = platform.bot_flags(bot.id).await?;
    // One in `feedback_share` chosen results is told (Bot API 10.5's
    // inline_feedback_share_denominator; 1 unless the bot set another).
    let told = msg_core::random::next_u64().is_multiple_of(u64::from(flags.feedback_share.max(1)));
    if flags.inline_feedback && told && platform.updates.accepts(&bot, "chosen_inline_result").await? {
        // With an inline keyboard the bot may edit the message later, by its
        // inline_message_id.
        let inline_message_id =
            sent.get("reply_markup").map(|_| conversation.inline_id(sent["message_id"].as_i64().unwrap_or_default()));
        let chosen = types::ChosenInlineResult {
            result_id: result_id.to_owned(),
            from: Box::new(person(user)),
            location: None,
            inline_message_id,
            query,
        };
        let chosen = typed(&chosen).to_string();
        let update = NewUpdate::new("chosen_inline_result", chosen, user.id, now() + MESSAGE_TTL);
        platform.updates.push(&bot, update, Vec::new()).await?;
    }
    Ok(sent)
}

/// The `query` of an open Web App's entry in the inline table.
const WEB_APP: &str = "\u{0}web_app";

/// A person opens a bot's Web App (the user-side `openWebApp`): its query id, which the bot
/// answers once with `answerWebAppQuery`.
async fn open_web_app(platform: &Platform, user: &UserRecord, bot_id: i64) -> Result<Value, ApiError> {
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
    let id = format!("AAQ{:016x}", msg_core::random::next_u64());
    keep_asked(platform, &id, bot_id, user.id, WEB_APP, Vec::new()).await?;
    let init_data = crate::kernel::web_app::init_data(
        &bot.token(),
        &id,
        &crate::kernel::world::user_json(user),
        crate::kernel::world::now(),
    );
    Ok(json!({"web_app_query_id": id, "init_data": init_data}))
}

/// answerWebAppQuery: the result is sent to the person's chat with the bot, on the person's
/// behalf via the bot; a `SentWebAppMessage`.
async fn answer_web_app(platform: &Platform, bot_id: i64, query_id: &str, result: &Value) -> Result<Value, ApiError> {
    // On a shared storage the row decides (any server may have opened it), once.
    let taken = match platform.storage.shared() {
        true => Some(take_web_app_row(platform, bot_id, query_id).await?),
        false => None,
    };
    let here = {
        let mut open = platform.state::<InlineState>().asked.lock().expect("inline");
        match open.get(query_id) {
            Some(a) if a.bot_id == bot_id && a.query == WEB_APP => open.remove(query_id).map(|a| a.user_id),
            _ => None,
        }
    };
    let user_id = taken.or(here).ok_or_else(crate::kernel::queries::query_invalid)?;
    let user = platform.user(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
    let conversation = Conversation::private(user.id, bot.id);
    let content = via_bot(platform, &bot, result, conversation).await?;
    let sent = messages::post(platform, &Actor::User(user), conversation, content).await?;
    let inline_message_id =
        sent.get("reply_markup").map(|_| conversation.inline_id(sent["message_id"].as_i64().unwrap_or_default()));
    Ok(typed(&types::SentWebAppMessage { inline_message_id }))
}

/// Claims an open Web App's query row on a shared storage (once, whichever server the bot
/// answers through): the person who opened it.
async fn take_web_app_row(platform: &Platform, bot_id: i64, query_id: &str) -> Result<i64, ApiError> {
    let storage = platform.storage.as_ref();
    let found =
        ASKED.find(storage, query_id).await?.into_iter().find(|(_, r)| r.bot_id == bot_id && r.query == WEB_APP);
    let Some((user_id, row)) = found else { return Err(crate::kernel::queries::query_invalid()) };
    let _held = ASKED.lock(&platform.locks, user_id, query_id).await;
    if ASKED.get(storage, user_id, query_id).await? != Some(row) {
        return Err(crate::kernel::queries::query_invalid());
    }
    platform.storage.apply(vec![ASKED.delete(user_id, query_id)]).await.map_err(crate::internal)?;
    Ok(user_id)
}

/// answerGuestQuery: the bot's answer to query `id`, posted in the chat where it was summoned, as
/// the bot, replying to the mention and naming its caller; once, while the query is open.
async fn answer_guest(
    platform: &Platform,
    bot: &Arc<msg_core::BotRecord>,
    id: &str,
    result: &Value,
) -> Result<types::SentGuestMessage, ApiError> {
    use crate::messages::guest::GUEST_QUERIES;
    let invalid = crate::kernel::queries::query_invalid;
    // One answer per query: read and dropped under the row's lock.
    let _held = GUEST_QUERIES.lock(&platform.locks, 0, id).await;
    let query = GUEST_QUERIES.get(platform.storage.as_ref(), 0, id).await?.filter(|q| q.open_to(bot.id));
    let query = query.ok_or_else(invalid)?;
    let caller = platform.user(query.caller).await?.ok_or_else(invalid)?;
    let conversation = Conversation::Group(query.chat);
    let mut content = via_bot(platform, bot, result, conversation).await?;
    content.body.via_bot = None;
    content.body.guest_bot_caller_user = Some(Box::new(crate::kernel::world::person(&caller)));
    content.reply_to = Some(query.message_id);
    content.allow_without_reply = true;
    let mut act = Act::with(vec![GUEST_QUERIES.delete(0, id)]);
    let sent = messages::post_in(platform, &mut act, &Actor::Bot(bot.clone()), conversation, content).await?;
    platform.commit(act).await?;
    Ok(types::SentGuestMessage { inline_message_id: conversation.inline_id(sent.message_id) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(result: Value) -> String {
        inline_result(&result).expect_err("must be refused")
    }

    /// A result with id `1` and `fields`.
    fn result(fields: Value) -> Value {
        let mut result = json!({"id": "1"});
        result.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
        result
    }

    #[test]
    fn an_inline_result_is_an_object_with_a_type_and_an_id() {
        assert_eq!(refusal(json!(["article"])), "Inline query result must be an object");
        assert_eq!(refusal(json!({"id": "1"})), "Can't find field \"type\"");
        assert_eq!(refusal(json!({"type": true, "id": "1"})), "Field \"type\" must be of type String");
        assert_eq!(refusal(json!({"type": "article"})), "Can't find field \"id\"");
        let unsupported = "type \"poll\" is unsupported for the inline query result";
        assert_eq!(refusal(result(json!({"type": "poll"}))), unsupported);
        // The type is read case-insensitively and given back in lower case; a numeric id is an id.
        let article = json!({"type": "ARTICLE", "id": 7, "title": "t", "message_text": "hi"});
        let shown = inline_result(&article).unwrap();
        assert_eq!(shown["type"], "article");
        assert_eq!(shown["id"], 7);
    }

    #[test]
    fn an_article_needs_a_title_and_something_to_post() {
        assert_eq!(refusal(result(json!({"type": "article", "message_text": "hi"}))), "Can't find field \"title\"");
        assert_eq!(refusal(result(json!({"type": "article", "title": "t"}))), "Can't find field \"message_text\"");
        let article =
            |content: Value| result(json!({"type": "article", "title": "t", "input_message_content": content}));
        assert_eq!(refusal(article(json!({}))), "Input message content is not specified");
        assert_eq!(refusal(article(json!({"message_text": ""}))), "Input message content is not specified");
        assert_eq!(refusal(article(json!("hi"))), "Field \"input_message_content\" must be of type Object");
        assert!(inline_result(&article(json!({"message_text": "hi"}))).is_ok());
        assert!(inline_result(&article(json!({"latitude": 1.0, "longitude": 2.0}))).is_ok());
        assert!(inline_result(&article(json!({"phone_number": "+1", "first_name": "A"}))).is_ok());
    }

    #[test]
    fn each_result_type_needs_its_own_fields() {
        let missing = |fields: Value, field: &str| {
            assert_eq!(refusal(result(fields)), format!("Can't find field \"{field}\""));
        };
        // Media: a URL or a cached file, and for some a title (and a MIME type with a URL).
        missing(json!({"type": "photo"}), "photo_file_id");
        missing(json!({"type": "photo", "photo_url": ""}), "photo_file_id");
        assert!(inline_result(&result(json!({"type": "photo", "photo_url": "https://a.b/c.jpg"}))).is_ok());
        missing(json!({"type": "mpeg4_gif"}), "mpeg4_file_id");
        missing(json!({"type": "sticker", "sticker_url": "https://a.b/c.webp"}), "sticker_file_id");
        missing(json!({"type": "audio", "audio_url": "https://a.b/c.mp3"}), "title");
        missing(json!({"type": "video", "video_file_id": "f"}), "title");
        missing(json!({"type": "voice", "voice_url": "https://a.b/c.ogg"}), "title");
        missing(json!({"type": "document", "title": "t", "document_url": "https://a.b/c.pdf"}), "mime_type");
        assert!(inline_result(&result(json!({"type": "document", "title": "t", "document_file_id": "f"}))).is_ok());
        // Places, contacts and games.
        let located = json!({"type": "location", "latitude": "1", "longitude": 2, "title": "t"});
        assert_eq!(refusal(result(located)), "Field \"latitude\" must be of type Number");
        missing(json!({"type": "location", "latitude": 1, "title": "t"}), "longitude");
        missing(json!({"type": "venue", "latitude": 1, "longitude": 2, "title": "t"}), "address");
        missing(json!({"type": "contact", "phone_number": "+1"}), "first_name");
        missing(json!({"type": "game"}), "game_short_name");
        assert!(inline_result(&result(json!({"type": "game", "game_short_name": "g"}))).is_ok());
    }

    #[test]
    fn a_picked_location_is_a_venue_once_it_has_a_title_and_an_address() {
        let mut body = types::Message::default();
        place(&json!({"latitude": 1.5, "longitude": 2.5, "heading": 90}), &mut body);
        let location = body.location.as_deref().expect("a location");
        assert_eq!((location.latitude, location.longitude), (1.5, 2.5));
        // A heading belongs to a live location only.
        assert_eq!((location.live_period, location.heading), (None, None));
        assert!(body.venue.is_none());
        let mut body = types::Message::default();
        let venue =
            json!({"latitude": 1, "longitude": 2, "live_period": 60, "heading": 90, "title": "T", "address": "A"});
        place(&venue, &mut body);
        assert_eq!(body.location.as_deref().map(|l| (l.live_period, l.heading)), Some((Some(60), Some(90))));
        let venue = body.venue.as_deref().expect("a venue");
        assert_eq!((venue.title.as_str(), venue.address.as_str()), ("T", "A"));
        let card = contact(&json!({"phone_number": "+1", "first_name": "A", "vcard": "V"}));
        assert_eq!(
            (card.phone_number.as_str(), card.first_name.as_str(), card.last_name.as_deref(), card.vcard.as_deref()),
            ("+1", "A", None, Some("V"))
        );
    }

    #[test]
    fn a_cached_file_must_be_the_answering_bots_own() {
        let file_id = crate::files::id::FileId { kind: Kind::Photo, owner: 5, hash: blake3::hash(b"photo") }.encode();
        let photo = result(json!({"type": "photo", "photo_file_id": file_id}));
        assert!(check_cached_file(&photo, 5).is_ok());
        let wrong = "Bad Request: wrong file identifier/HTTP URL specified";
        assert_eq!(check_cached_file(&photo, 6).expect_err("another bot's").description, wrong);
        let garbage = result(json!({"type": "photo", "photo_file_id": "nope"}));
        assert_eq!(check_cached_file(&garbage, 5).expect_err("not a file id").description, wrong);
        // Results by URL, and those that send no file, pass.
        assert!(check_cached_file(&result(json!({"type": "photo", "photo_url": "https://a.b/c.jpg"})), 6).is_ok());
        assert!(check_cached_file(&result(json!({"type": "article", "photo_file_id": "nope"})), 6).is_ok());
    }

    #[test]
    fn a_personal_answer_is_cached_for_its_person_only() {
        assert_eq!(cache_key(1, "cats", "10", None), "1|*|cats|10");
        assert_eq!(cache_key(1, "cats", "10", Some(7)), "1|7|cats|10");
        assert_ne!(cache_key(1, "cats", "", Some(7)), cache_key(1, "cats", "", Some(8)));
        assert_ne!(cache_key(1, "cats", "", None), cache_key(2, "cats", "", None));
    }
}
