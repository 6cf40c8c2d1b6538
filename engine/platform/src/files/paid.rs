//! Paid media: a bot sends photos and videos that people buy with Telegram Stars
//! (`sendPaidMedia`, the reference's `get_paid_media` parser and words). The message keeps the
//! media whole; each viewer sees it as `paid_view` shapes it: the bot that sent it and
//! whoever bought it see the media, anyone else a preview of each (its size and duration, no
//! file). The terms are a row of [`PAID_MEDIA`] stored with the message; a purchase is a row of
//! [`PURCHASES`] under its buyer, stored in the batch that moves the Stars (`payments/`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use msg_spec::types::{self, Message, PaidMedia};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::files::Kind;
use crate::files::input::{self, Extras, Sender};
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::records::Table;
use crate::kernel::world::{Actor, Conversation, Hooked, Platform};
use crate::messages;
use crate::messages::send::SendOptions;

/// The terms of a paid media message: scope 0 (any viewer's lookup), key
/// `<conversation key>/<message id>` (stored in the message's batch).
pub(crate) const PAID_MEDIA: Table<Terms> = Table::new("paid_media");
/// Purchases: scope the buyer, key as [`PAID_MEDIA`]'s, value the date.
pub(crate) const PURCHASES: Table<i64> = Table::new("paid_media_purchase");

/// The most Stars a paid media message may ask, and the most media it holds.
const MOST_STARS: i64 = 25_000;
const MOST_MEDIA: usize = 10;

/// What a paid media message asks and for whom.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Terms {
    /// The bot that sent it.
    pub bot: i64,
    pub star_count: i64,
    pub payload: String,
    /// Whose balance the Stars go to: a channel's own, else the bot's.
    pub credited: i64,
}

/// The key of a message's paid media rows.
pub(crate) fn paid_key(conversation: Conversation, message_id: i64) -> String {
    conversation.message_row(message_id)
}

/// One parsed `InputPaidMedia`: its kind, file, extras, and a live photo's photo (`source` is
/// then its video).
struct Asked<'a> {
    kind: Kind,
    source: input::Source<'a>,
    extras: Extras<'a>,
    photo: Option<input::Source<'a>>,
}

/// One `InputPaidMedia` (`get_input_paid_media`).
fn input_paid_media<'a>(p: &'a msg_core::Params, value: &Value, local: bool) -> Result<Asked<'a>, String> {
    let object = value.as_object().ok_or("expected an Object")?;
    let media = match object.get("media") {
        None => "",
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err("Field \"media\" must be of type String".into()),
    };
    let source = input::source(p, media, "", local).ok_or("media not found")?;
    let (kind, live) = match object.get("type") {
        None => return Err("Can't find field \"type\"".into()),
        Some(Value::String(t)) if t == "photo" => (Kind::Photo, false),
        Some(Value::String(t)) if t == "video" => (Kind::Video, false),
        Some(Value::String(t)) if t == "live_photo" => (Kind::Video, true),
        Some(Value::String(t)) => return Err(format!("type \"{t}\" is unsupported")),
        Some(_) => return Err("Field \"type\" must be of type String".into()),
    };
    // A live photo's photo: named, or (the reference's quirk here only) a part called `photo`.
    let photo = match live {
        true => {
            let named = object.get("photo").and_then(Value::as_str).unwrap_or_default();
            Some(input::source(p, named, "photo", local).ok_or("photo not found")?)
        }
        false => None,
    };
    Ok(Asked { kind, source, extras: Extras::from_media(p, object, local), photo })
}

pub(super) async fn send_paid_media(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendPaidMedia = args(&call.params)?;
    let star_count = call.params.integer("star_count", 0, 0, 1_000_000_000);
    let raw = p.media.filter(|m| !m.is_empty()).ok_or_else(|| ApiError::parameter_required("media"))?;
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("Can't parse paid media JSON object"))?;
    let Value::Array(items) = &value else {
        return Err(ApiError::bad_request("Expected an Array of InputPaidMedia"));
    };
    let mut asked = Vec::with_capacity(items.len());
    for item in items {
        let parsed = input_paid_media(&call.params, item, platform.local)
            .map_err(|e| ApiError::bad_request(format!("Can't parse InputPaidMedia: {e}")))?;
        asked.push(parsed);
    }
    let entities = crate::messages::send::json_value(p.caption_entities);
    let (text, entities) =
        crate::files::methods::caption(p.caption.unwrap_or_default(), p.parse_mode.unwrap_or_default(), entities)?;
    let options = SendOptions::read(&p, &call.params)?;
    options.without_business()?;
    let bot = platform_bot(&platform, &call).await?;
    let actor = Actor::Bot(bot.clone());
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    // The platform's own checks, after the chat's.
    if !(1..=MOST_STARS).contains(&star_count) {
        return Err(ApiError::bad_request("STARS_AMOUNT_INVALID"));
    }
    if asked.is_empty() || asked.len() > MOST_MEDIA {
        return Err(ApiError::bad_request("MEDIA_INVALID"));
    }
    let payload = p.payload.unwrap_or_default();
    if payload.len() > 128 {
        return Err(ApiError::bad_request("PAYLOAD_INVALID"));
    }
    let sender = Sender { id: bot.id, is_bot: true };
    let mut paid_media = Vec::with_capacity(asked.len());
    let (files, temp) = (&platform.files, &platform.temp_dir);
    for Asked { kind, source, extras, photo } in asked {
        if let Some(photo) = photo {
            let live = crate::files::methods::store_live_photo(&platform, sender, source, photo, extras).await?;
            paid_media.push(PaidMedia::PaidMediaLivePhoto(types::PaidMediaLivePhoto { live_photo: Box::new(live) }));
            continue;
        }
        let object = input::attach(files, temp, sender, kind, source, extras).await?;
        let unreadable = |_| ApiError::internal("paid media could not be stored");
        paid_media.push(match kind {
            Kind::Photo => PaidMedia::PaidMediaPhoto(types::PaidMediaPhoto {
                photo: serde_json::from_value(object).map_err(unreadable)?,
            }),
            _ => PaidMedia::PaidMediaVideo(types::PaidMediaVideo {
                video: Box::new(serde_json::from_value(object).map_err(unreadable)?),
            }),
        });
    }
    let info = types::PaidMediaInfo { star_count, paid_media };
    let mut body = Message { paid_media: Some(Box::new(info)), ..Default::default() };
    if p.show_caption_above_media {
        body.show_caption_above_media = Some(true);
    }
    let mut content = options.content(text, entities, body);
    let credited = if platform.is_channel(conversation).await? { conversation.chat_id_for(bot.id) } else { bot.id };
    let terms = Terms { bot: bot.id, star_count, payload: payload.to_owned(), credited };
    content.attached.push(PAID_MEDIA.record(0, &conversation.message_rows(), &terms));
    Ok(messages::post(&platform, &actor, conversation, content).await?.into())
}

/// A paid media item as someone who has not bought it sees it: its size and duration.
fn preview(media: &PaidMedia) -> PaidMedia {
    let (width, height, duration) = match media {
        PaidMedia::PaidMediaPhoto(p) => {
            let largest = p.photo.iter().max_by_key(|s| s.width * s.height);
            (largest.map(|s| s.width), largest.map(|s| s.height), None)
        }
        PaidMedia::PaidMediaVideo(v) => (Some(v.video.width), Some(v.video.height), Some(v.video.duration)),
        PaidMedia::PaidMediaLivePhoto(l) => {
            (Some(l.live_photo.width), Some(l.live_photo.height), Some(l.live_photo.duration))
        }
        PaidMedia::PaidMediaPreview(p) => (p.width, p.height, p.duration),
    };
    PaidMedia::PaidMediaPreview(types::PaidMediaPreview {
        width: width.filter(|w| *w > 0),
        height: height.filter(|h| *h > 0),
        duration: duration.filter(|d| *d > 0),
    })
}

/// The files' view: paid media by [`paid_view`].
pub(super) const PAID_VIEW: crate::kernel::world::MessageView =
    crate::kernel::world::MessageView { concerns: |m| m.paid_media.is_some(), rule: paid_view_rule };

fn paid_view_rule<'a>(
    platform: &'a Platform,
    conversation: Conversation,
    message: &'a mut Message,
    viewer: i64,
) -> Hooked<'a, ()> {
    Box::pin(paid_view(platform, conversation, message, viewer))
}

/// A paid media message as `viewer` sees it: whole for the bot that sent it and for those
/// who bought it, previews for anyone else (and for everyone in a copy that carries no
/// terms).
async fn paid_view(
    platform: &Platform,
    conversation: Conversation,
    message: &mut Message,
    viewer: i64,
) -> Result<(), ApiError> {
    let Some(info) = message.paid_media.as_mut() else { return Ok(()) };
    let key = paid_key(conversation, message.message_id);
    let terms = PAID_MEDIA.get(platform.storage.as_ref(), 0, &key).await?;
    let whole = match terms {
        Some(terms) if terms.bot == viewer => true,
        Some(_) => PURCHASES.get(platform.storage.as_ref(), viewer, &key).await?.is_some(),
        None => false,
    };
    if !whole {
        info.paid_media = info.paid_media.iter().map(preview).collect();
    }
    Ok(())
}
