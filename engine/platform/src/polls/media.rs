//! Poll media (Bot API 10.0): a poll's `media`, a quiz's `explanation_media` and each option's
//! `media`, read as the reference reads them (`InputPollMedia`, `InputPollOptionMedia`): files
//! stored through the files domain as any message's, places and links as given. A poll shows
//! them as `PollMedia`.

use msg_core::{ApiError, Params};
use msg_spec::types::{self, Poll, PollMedia};
use serde_json::{Map, Value};

use crate::Platform;
use crate::files::methods::nested_media;
use crate::kernel::world::Actor;

/// What a poll's `media` and a quiz's `explanation_media` may be.
const POLL_TYPES: &[&str] = &["animation", "audio", "document", "live_photo", "location", "photo", "venue", "video"];
/// What an option's `media` may be.
const OPTION_TYPES: &[&str] = &["animation", "link", "live_photo", "location", "photo", "sticker", "venue", "video"];

/// Reads and stores the media `sendPoll`'s parameters give `poll` (its own, a quiz's
/// explanation's, its options'), as `actor`'s files.
pub(super) async fn attach(platform: &Platform, actor: &Actor, p: &Params, poll: &mut Poll) -> Result<(), ApiError> {
    let failed = |what: &str, reason: String| ApiError::bad_request(format!("Failed to parse {what}: {reason}"));
    if let Some(raw) = p.get("options") {
        // The options were read already (`poll_message`): their places are the poll's.
        let items: Vec<Value> = serde_json::from_str(raw).unwrap_or_default();
        for (option, item) in poll.options.iter_mut().zip(&items) {
            if let Some(media) = item.get("media").filter(|m| !m.is_null()) {
                let read = poll_media(platform, actor, p, media, OPTION_TYPES).await;
                option.media = Some(Box::new(read.map_err(|e| failed("poll option media", e))?));
            }
        }
    }
    let mut fields = vec![("media", false)];
    if poll.r#type == "quiz" {
        fields.push(("explanation_media", true));
    }
    for (name, explanation) in fields {
        let Some(raw) = p.get(name).filter(|r| !r.is_empty()) else { continue };
        let value: Value =
            serde_json::from_str(raw).map_err(|_| ApiError::bad_request("Can't parse InputPollMedia JSON object"))?;
        if value.is_null() {
            continue;
        }
        let media = poll_media(platform, actor, p, &value, POLL_TYPES).await;
        let media = Some(Box::new(media.map_err(|e| failed("InputPollMedia", e))?));
        match explanation {
            true => poll.explanation_media = media,
            false => poll.media = media,
        }
    }
    Ok(())
}

/// One media object of one of `kinds`, as the poll shows it; an error is the reason.
async fn poll_media(
    platform: &Platform,
    actor: &Actor,
    p: &Params,
    value: &Value,
    kinds: &[&str],
) -> Result<PollMedia, String> {
    let object = value.as_object().ok_or("expected an Object")?;
    let kind = object.get("type").and_then(Value::as_str).unwrap_or_default();
    if !kinds.contains(&kind) {
        return Err("invalid type specified".into());
    }
    Ok(match kind {
        "location" => PollMedia { location: Some(Box::new(place(object)?)), ..Default::default() },
        "venue" => {
            let venue = types::Venue {
                location: Box::new(place(object)?),
                title: text(object, "title")?,
                address: text(object, "address")?,
                foursquare_id: optional(object, "foursquare_id"),
                foursquare_type: optional(object, "foursquare_type"),
                google_place_id: optional(object, "google_place_id"),
                google_place_type: optional(object, "google_place_type"),
            };
            PollMedia { venue: Some(Box::new(venue)), ..Default::default() }
        }
        "link" => {
            let url = text(object, "url")?;
            let parsed: hyper::Uri = url.parse().map_err(|_| "Invalid media content specified")?;
            if !matches!(parsed.scheme_str(), Some("http" | "https")) || parsed.host().is_none() {
                return Err("Invalid media content specified".into());
            }
            PollMedia { link: Some(Box::new(types::Link { url })), ..Default::default() }
        }
        _ => {
            let body = nested_media(platform, actor, p, value, kinds).await?;
            PollMedia {
                animation: body.animation,
                audio: body.audio,
                // An animation's message carries it as a document too; its media does not.
                document: if kind == "document" { body.document } else { None },
                live_photo: body.live_photo,
                photo: if kind == "photo" { body.photo } else { None },
                sticker: body.sticker,
                video: body.video,
                ..Default::default()
            }
        }
    })
}

/// A place's `latitude`, `longitude` and `horizontal_accuracy`, in their ranges.
fn place(object: &Map<String, Value>) -> Result<types::Location, String> {
    let number = |name: &str| match object.get(name) {
        None => Err(format!("Can't find field \"{name}\"")),
        Some(value) => value.as_f64().ok_or_else(|| format!("Field \"{name}\" must be of type Number")),
    };
    let (latitude, longitude) = (number("latitude")?, number("longitude")?);
    if !(-90.0..=90.0).contains(&latitude) || !(-180.0..=180.0).contains(&longitude) {
        return Err("Invalid media content specified".into());
    }
    let accuracy = object.get("horizontal_accuracy").and_then(Value::as_f64).filter(|a| *a > 0.0);
    Ok(types::Location {
        latitude,
        longitude,
        horizontal_accuracy: accuracy.map(|a| a.min(1500.0)),
        ..Default::default()
    })
}

fn text(object: &Map<String, Value>, name: &str) -> Result<String, String> {
    match object.get(name) {
        None => Err(format!("Can't find field \"{name}\"")),
        Some(Value::String(text)) if !text.trim().is_empty() => Ok(text.clone()),
        Some(Value::String(_)) => Err("Invalid media content specified".into()),
        Some(_) => Err(format!("Field \"{name}\" must be of type String")),
    }
}

fn optional(object: &Map<String, Value>, name: &str) -> Option<String> {
    object.get(name).and_then(Value::as_str).filter(|v| !v.is_empty()).map(str::to_owned)
}
