//! Changing and moving messages: `editMessageText`, `editMessageCaption`,
//! `editMessageReplyMarkup`, `deleteMessage`, `deleteMessages`, `forwardMessage`,
//! `forwardMessages`, `copyMessage`, `copyMessages`, and the small send methods
//! `sendLocation`, `sendVenue`, `sendContact`, `sendDice`, in the reference's check order (what
//! is read from the parameters first, then the chats, then the message).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Params, Reply};
use msg_spec::params::{self, SendArgs};
use msg_spec::types;
use serde_json::{Value, json};

use crate::Platform;
use crate::kernel::act::Act;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::world::{Actor, Conversation};
use crate::messages::posting::{EditedText, Keyboard};
use crate::messages::send::{SendOptions, formatted, json_value, link_preview, reply_markup, text_and_entities};
use crate::messages::target::{edit_target, edited_for};

/// Only inline keyboards belong to a message.
pub(crate) fn inline_markup(raw: Option<&str>) -> Result<Option<Value>, ApiError> {
    match reply_markup(raw)? {
        Some(markup) if markup.get("inline_keyboard").is_none() => Err(ApiError::bad_request("REPLY_MARKUP_INVALID")),
        other => Ok(other),
    }
}

pub(crate) async fn edit_message_text(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageText = args(&call.params)?;
    // The new text comes with its own preview options (none given: none), as on the platform.
    let preview = link_preview(p.link_preview_options, &call.params)?;
    let (text, entities) = text_and_entities(p.text, p.parse_mode, p.entities)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    let entities = crate::entities::with_found(&text, entities);
    let text = EditedText { text, entities, preview: Some(preview) };
    Ok(edited_for(&call, platform.edit_text(&actor, conversation, message_id, text, Keyboard::Replace(markup)).await?))
}

pub(crate) async fn edit_message_caption(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageCaption = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let given = json_value(p.caption_entities);
    let (caption, entities) = formatted(p.caption.unwrap_or_default(), p.parse_mode.unwrap_or_default(), given)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    let entities = crate::entities::with_found(&caption, entities);
    Ok(edited_for(&call, platform.edit_caption(&actor, conversation, message_id, caption, entities, markup).await?))
}

pub(crate) async fn edit_message_reply_markup(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageReplyMarkup = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    Ok(edited_for(&call, platform.edit_markup(&actor, conversation, message_id, markup).await?))
}

pub(crate) async fn delete_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteMessage = args(&call.params)?;
    if p.chat_id.is_empty() {
        return Err(ApiError::bad_request("chat identifier is not specified"));
    }
    if p.message_id <= 0 {
        return Err(ApiError::bad_request("message identifier is not specified"));
    }
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    platform.delete(&actor, conversation, p.message_id).await?;
    Ok(json!(true).into())
}

/// `message_ids` as the reference reads it (`get_message_ids`, at most 100).
fn message_ids(raw: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::bad_request("message identifiers are not specified"));
    }
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("can't parse message_ids JSON object"))?;
    let Value::Array(items) = value else {
        return Err(ApiError::bad_request("expected an Array of message identifiers"));
    };
    if items.len() > 100 {
        return Err(ApiError::bad_request("too many message identifiers specified"));
    }
    let mut ids = Vec::with_capacity(items.len());
    for item in items {
        let id = match item {
            Value::Number(n) => n.as_i64().filter(|n| i32::try_from(*n).is_ok()),
            Value::String(s) => s.parse::<i32>().ok().map(i64::from),
            _ => return Err(ApiError::bad_request("message identifier must be a Number")),
        };
        match id {
            None => return Err(ApiError::bad_request("can't parse message identifier as a Number")),
            Some(id) if id <= 0 => return Err(ApiError::bad_request("invalid message identifier specified")),
            Some(id) => ids.push(id),
        }
    }
    if ids.is_empty() {
        return Err(ApiError::bad_request("message identifiers are not specified"));
    }
    Ok(ids)
}

pub(crate) async fn delete_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteMessages = args(&call.params)?;
    let ids = message_ids(p.message_ids)?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    // Missing messages are skipped; one that may not be deleted refuses the whole call.
    let mut found = Vec::new();
    for id in ids {
        if let Some(stored) = platform.load_message(conversation, id).await? {
            platform.may_delete(&actor, conversation, &stored).await?;
            found.push(id);
        }
    }
    for id in found {
        platform.delete(&actor, conversation, id).await?;
    }
    Ok(json!(true).into())
}

/// `from_chat_id`, required, and the source chat as the bot sees it.
async fn source(platform: &Platform, actor: &Actor, from: &str) -> Result<Conversation, ApiError> {
    if from.is_empty() {
        return Err(ApiError::parameter_required("from_chat_id"));
    }
    platform.resolve_chat(actor, from).await
}

/// What forwardMessage and copyMessage share: where from and to, which message.
struct MoveOne<'a> {
    chat_id: &'a str,
    from_chat_id: &'a str,
    message_id: i64,
}

/// A copy's caption as given: `caption` replaces the original's when given at all.
struct CopyCaption<'a> {
    caption: Option<&'a str>,
    parse_mode: Option<&'a str>,
    entities: Option<&'a str>,
}

/// forwardMessage / copyMessage (`copy`: a copy, with its caption as given), in the reference's
/// order: the source chat, the message id, the caption, the send options, then the message.
async fn move_one(
    platform: Arc<Platform>,
    call: &MethodCall,
    args: &dyn SendArgs<'_>,
    one: MoveOne<'_>,
    copy: Option<CopyCaption<'_>>,
) -> Result<Reply, ApiError> {
    let actor = Actor::Bot(platform_bot(&platform, call).await?);
    let from = source(&platform, &actor, one.from_chat_id).await?;
    let message_id = one.message_id.max(0);
    let copying = copy.is_some();
    let what = if copying { "message to copy" } else { "message to forward" };
    let caption = match copy {
        None => None,
        Some(CopyCaption { caption: None, .. }) => Some(None),
        Some(CopyCaption { caption: Some(text), parse_mode, entities }) => {
            Some(Some(formatted(text, parse_mode.unwrap_or_default(), json_value(entities))?))
        }
    };
    let options = SendOptions::read(args, &call.params)?;
    if message_id == 0 || platform.load_message(from, message_id).await?.is_none() {
        return Err(ApiError::bad_request(format!("{what} not found")));
    }
    let to = platform.resolve_chat(&actor, one.chat_id).await?;
    let content = options.content(String::new(), None, types::Message::default());
    let sent = platform.forward(&actor, from, message_id, to, caption, content).await?;
    Ok(if copying { message_id_of(&sent) } else { sent }.into())
}

pub(crate) async fn forward_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ForwardMessage = args(&call.params)?;
    let one = MoveOne { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_id: p.message_id };
    move_one(platform, &call, &p, one, None).await
}

pub(crate) async fn copy_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CopyMessage = args(&call.params)?;
    let one = MoveOne { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_id: p.message_id };
    let caption = CopyCaption { caption: p.caption, parse_mode: p.parse_mode, entities: p.caption_entities };
    move_one(platform, &call, &p, one, Some(caption)).await
}

/// The `MessageId` of a message just sent.
fn message_id_of(sent: &Value) -> Value {
    crate::kernel::world::typed(&types::MessageId { message_id: sent["message_id"].as_i64().unwrap_or_default() })
}

/// What forwardMessages and copyMessages share.
struct MoveMany<'a> {
    chat_id: &'a str,
    from_chat_id: &'a str,
    message_ids: Option<&'a str>,
}

/// forwardMessages / copyMessages (`copy`: with or without captions): the messages found, in
/// order; the ids of the new ones.
async fn move_many(
    platform: Arc<Platform>,
    call: &MethodCall,
    args: &dyn SendArgs<'_>,
    many: MoveMany<'_>,
    copy: Option<bool>,
) -> Result<Reply, ApiError> {
    let actor = Actor::Bot(platform_bot(&platform, call).await?);
    if many.from_chat_id.is_empty() {
        return Err(ApiError::parameter_required("from_chat_id"));
    }
    let ids = message_ids(many.message_ids)?;
    let to = platform.resolve_chat(&actor, many.chat_id).await?;
    let from = source(&platform, &actor, many.from_chat_id).await?;
    let caption = match copy {
        None => None,
        Some(true) => Some(Some((String::new(), None))),
        Some(false) => Some(None),
    };
    // All or nothing, as documented: what cannot be moved (gone, protected, a service message)
    // is skipped, and everything else is checked against the chat it goes to before the first
    // message is posted, so a refusal never follows a partial delivery a retry would repeat.
    let mut contents = Vec::new();
    for id in ids {
        let body = match platform.moved(from, id, caption.clone()).await {
            Ok(body) => body,
            Err(refused) if refused.code == 400 => continue,
            Err(failed) => return Err(failed),
        };
        let content = SendOptions::read(args, &call.params)?.content(String::new(), None, body);
        platform.may_post(&actor, to, &content).await?;
        contents.push(content);
    }
    if contents.is_empty() {
        return Err(ApiError::bad_request("there are no messages to forward"));
    }
    // Albums stay together: the messages of one album form a new album. The messages are one
    // act: all of them are stored and delivered, or none.
    let mut albums = std::collections::HashMap::new();
    let mut sent = Vec::new();
    let mut act = Act::new();
    for mut content in contents {
        if let Some(album) = content.body.media_group_id.take() {
            let group = albums.entry(album).or_insert_with(|| (msg_core::random::next_u64() >> 1).to_string());
            content.body.media_group_id = Some(group.clone());
        }
        let message = platform.post_in(&mut act, &actor, to, content).await?;
        sent.push(crate::kernel::world::typed(&types::MessageId { message_id: message.message_id }));
    }
    platform.commit(act).await?;
    Ok(Value::Array(sent).into())
}

pub(crate) async fn forward_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ForwardMessages = args(&call.params)?;
    let many = MoveMany { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_ids: p.message_ids };
    move_many(platform, &call, &p, many, None).await
}

pub(crate) async fn copy_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CopyMessages = args(&call.params)?;
    let many = MoveMany { chat_id: p.chat_id, from_chat_id: p.from_chat_id, message_ids: p.message_ids };
    move_many(platform, &call, &p, many, Some(p.remove_caption)).await
}

/// `latitude` and `longitude` (the reference's `get_location`), checked as the platform does.
fn location(p: &Params) -> Result<types::Location, ApiError> {
    let read = |name: &str| -> Result<f64, ApiError> {
        let raw = p.get(name).unwrap_or_default().trim();
        if raw.is_empty() {
            return Err(ApiError::bad_request(format!("{name} is empty")));
        }
        Ok(raw.parse().unwrap_or(0.0))
    };
    let (latitude, longitude) = (read("latitude")?, read("longitude")?);
    let horizontal_accuracy =
        p.get("horizontal_accuracy").and_then(|v| v.trim().parse::<f64>().ok()).map(|a| a.clamp(0.0, 1500.0));
    if !(latitude.is_finite() && longitude.is_finite() && latitude.abs() <= 90.0 && longitude.abs() <= 180.0) {
        return Err(ApiError::bad_request("wrong location specified"));
    }
    Ok(types::Location { latitude, longitude, horizontal_accuracy, ..Default::default() })
}

/// Sends a message of `body` from the bot, with the send options of the method's `args`.
pub(crate) async fn send(
    platform: Arc<Platform>,
    call: &MethodCall,
    args: &dyn SendArgs<'_>,
    body: types::Message,
) -> Result<Reply, ApiError> {
    Ok(post_body(&platform, call, args, body).await?.1.into())
}

/// Posts a message of `body` with the send options of the method's `args`; where it went and
/// the message.
pub(crate) async fn post_body(
    platform: &Platform,
    call: &MethodCall,
    args: &dyn SendArgs<'_>,
    body: types::Message,
) -> Result<(Conversation, Value), ApiError> {
    let options = SendOptions::read(args, &call.params)?;
    let actor = Actor::Bot(platform_bot(platform, call).await?);
    let conversation = platform.resolve_chat(&actor, args.chat_id()).await?;
    let sent = platform.post(&actor, conversation, options.content(String::new(), None, body)).await?;
    Ok((conversation, sent))
}

/// The message of a location (the bot's `send_location`, a person's too).
pub(crate) fn location_message(params: &Params) -> Result<types::Message, ApiError> {
    let p: params::SendLocation = args(params)?;
    let mut place = location(params)?;
    let live_period = p.live_period.unwrap_or(0);
    if live_period != 0 && !(60..=86_400).contains(&live_period) && live_period != i64::from(i32::MAX) {
        return Err(ApiError::bad_request("wrong live location period specified"));
    }
    let heading = p.heading.unwrap_or(0);
    if heading != 0 && !(1..=360).contains(&heading) {
        return Err(ApiError::bad_request("wrong live location heading specified"));
    }
    let radius = p.proximity_alert_radius.unwrap_or(0);
    if !(0..=100_000).contains(&radius) {
        return Err(ApiError::bad_request("wrong live location proximity alert radius specified"));
    }
    if live_period != 0 {
        place.live_period = Some(live_period);
        place.heading = Some(heading).filter(|h| *h != 0);
        place.proximity_alert_radius = Some(radius).filter(|r| *r != 0);
    }
    Ok(types::Message { location: Some(Box::new(place)), ..Default::default() })
}

pub(crate) async fn send_location(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendLocation = args(&call.params)?;
    let body = location_message(&call.params)?;
    send(platform, &call, &p, body).await
}

/// The message of a venue (the bot's `send_venue`, a person's too).
pub(crate) fn venue_message(params: &Params) -> Result<types::Message, ApiError> {
    let p: params::SendVenue = args(params)?;
    let place = location(params)?;
    if p.title.trim().is_empty() || p.address.trim().is_empty() {
        return Err(ApiError::bad_request(if p.title.trim().is_empty() {
            "VENUE_TITLE_INVALID"
        } else {
            "VENUE_ADDRESS_INVALID"
        }));
    }
    let mut venue = types::Venue {
        location: Box::new(place.clone()),
        title: p.title.into(),
        address: p.address.into(),
        ..Default::default()
    };
    let given = |v: Option<&str>| v.filter(|v| !v.is_empty()).map(str::to_owned);
    if let Some(id) = given(p.foursquare_id) {
        venue.foursquare_id = Some(id);
        venue.foursquare_type = given(p.foursquare_type);
    } else if let Some(id) = given(p.google_place_id) {
        venue.google_place_id = Some(id);
        venue.google_place_type = given(p.google_place_type);
    }
    // A venue message carries its location too.
    Ok(types::Message { venue: Some(Box::new(venue)), location: Some(Box::new(place)), ..Default::default() })
}

pub(crate) async fn send_venue(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendVenue = args(&call.params)?;
    let body = venue_message(&call.params)?;
    send(platform, &call, &p, body).await
}

/// The message of a contact (the bot's `send_contact`, a person's too).
pub(crate) fn contact_message(params: &Params) -> Result<types::Message, ApiError> {
    let p: params::SendContact = args(params)?;
    if p.phone_number.is_empty() {
        return Err(ApiError::parameter_required("phone_number"));
    }
    if p.first_name.is_empty() {
        return Err(ApiError::parameter_required("first_name"));
    }
    let given = |v: Option<&str>| v.filter(|v| !v.is_empty()).map(str::to_owned);
    let contact = types::Contact {
        phone_number: p.phone_number.into(),
        first_name: p.first_name.into(),
        last_name: given(p.last_name),
        vcard: given(p.vcard),
        ..Default::default()
    };
    Ok(types::Message { contact: Some(Box::new(contact)), ..Default::default() })
}

pub(crate) async fn send_contact(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendContact = args(&call.params)?;
    let body = contact_message(&call.params)?;
    send(platform, &call, &p, body).await
}

/// The dice the platform rolls, and each one's highest value.
const DICE: [(&str, i64); 6] = [("🎲", 6), ("🎯", 6), ("🎳", 6), ("🏀", 5), ("⚽", 5), ("🎰", 64)];

/// The message of a dice (the bot's `send_dice`, a person's too).
pub(crate) fn dice_message(params: &Params) -> Result<types::Message, ApiError> {
    let p: params::SendDice = args(params)?;
    let emoji = p.emoji.filter(|e| !e.is_empty()).unwrap_or("🎲").trim_end_matches('\u{fe0f}');
    let Some((emoji, max)) = DICE.iter().find(|(e, _)| *e == emoji) else {
        return Err(ApiError::bad_request("EMOTICON_INVALID"));
    };
    let value = 1 + (msg_core::random::next_u64() % *max as u64) as i64;
    let dice = types::Dice { emoji: (*emoji).to_owned(), value };
    Ok(types::Message { dice: Some(Box::new(dice)), ..Default::default() })
}

pub(crate) async fn send_dice(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendDice = args(&call.params)?;
    let body = dice_message(&call.params)?;
    send(platform, &call, &p, body).await
}

pub(crate) async fn set_message_reaction(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetMessageReaction = args(&call.params)?;
    let reactions = crate::messages::reactions::reaction_types(p.reaction)?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    platform.react(&actor, conversation, p.message_id, reactions).await?;
    Ok(json!(true).into())
}

pub(crate) async fn edit_message_live_location(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageLiveLocation = args(&call.params)?;
    let place = location(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    Ok(edited_for(&call, platform.edit_live_location(&actor, conversation, message_id, Some(place), markup).await?))
}

pub(crate) async fn stop_message_live_location(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::StopMessageLiveLocation = args(&call.params)?;
    let markup = inline_markup(p.reply_markup)?;
    let (actor, conversation, message_id) = edit_target(&platform, &call, p.chat_id, p.message_id).await?;
    Ok(edited_for(&call, platform.edit_live_location(&actor, conversation, message_id, None, markup).await?))
}

/// sendMessageDraft: a partial message streamed to a person (they see it as `message_draft`).
pub(crate) async fn send_message_draft(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendMessageDraft = args(&call.params)?;
    let (text, entities) = formatted(p.text, p.parse_mode.unwrap_or_default(), json_value(p.entities))?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    // The chat as given: the decoded Integer cannot tell an absent chat from chat 0.
    let conversation = platform.resolve_chat(&actor, call.params.get("chat_id").unwrap_or_default()).await?;
    platform.draft(&actor, conversation, p.draft_id, text, entities).await?;
    Ok(json!(true).into())
}

/// sendChecklist / editMessageChecklist: on behalf of a business account only, and business
/// connections do not exist on the embedded platform yet.
pub(crate) async fn business_checklist(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let raw = call.params.get("checklist").unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::parameter_required("checklist"));
    }
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("can't parse InputChecklist JSON object"))?;
    if !value.is_object() {
        return Err(ApiError::bad_request("can't parse InputChecklist: expected an Object"));
    }
    platform_bot(&platform, &call).await?;
    Err(ApiError::bad_request("business connection not found"))
}
