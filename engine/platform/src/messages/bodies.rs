//! Messages built from their fields, and the small send methods that post them: `sendLocation`,
//! `sendVenue`, `sendContact`, `sendDice` (the people's side builds the same bodies).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Params, Reply};
use msg_spec::params::{self, SendArgs};
use msg_spec::types;
use serde_json::Value;

use crate::Platform;
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::world::{Actor, Conversation};
use crate::messages::send::SendOptions;

/// `latitude` and `longitude` (the reference's `get_location`), checked as the platform does.
pub(crate) fn location(p: &Params) -> Result<types::Location, ApiError> {
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
    post_body_with(platform, call, args, body, Vec::new()).await
}

/// [`post_body`] with a domain's rows stored in the message's own batch (a poll's settings).
pub(crate) async fn post_body_with(
    platform: &Platform,
    call: &MethodCall,
    args: &dyn SendArgs<'_>,
    body: types::Message,
    also: Vec<msg_core::Change>,
) -> Result<(Conversation, Value), ApiError> {
    let mut options = SendOptions::read(args, &call.params)?;
    let bot = Actor::Bot(platform_bot(platform, call).await?);
    let (actor, conversation) = options.sending(platform, &bot, args.chat_id()).await?;
    let mut content = options.content(String::new(), None, body);
    content.also.extend(also);
    let sent = super::post(platform, &actor, conversation, content).await?;
    Ok((conversation, sent))
}

/// The message of a location (the bot's `send_location`, a person's too).
pub(super) fn location_message(params: &Params) -> Result<types::Message, ApiError> {
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
pub(super) fn venue_message(params: &Params) -> Result<types::Message, ApiError> {
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
pub(super) fn contact_message(params: &Params) -> Result<types::Message, ApiError> {
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

/// The message of a dice (the bot's `send_dice`, a person's too).
pub(super) fn dice_message(params: &Params) -> Result<types::Message, ApiError> {
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

/// The dice the platform rolls, and each one's highest value.
const DICE: [(&str, i64); 6] = [("🎲", 6), ("🎯", 6), ("🎳", 6), ("🏀", 5), ("⚽", 5), ("🎰", 64)];

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> Params {
        let mut params = Params::new();
        for (name, value) in pairs {
            params.push(*name, *value);
        }
        params
    }

    fn refusal(result: Result<types::Message, ApiError>) -> String {
        result.expect_err("must be refused").description.into_owned()
    }

    #[test]
    fn a_dice_is_one_of_the_six_and_rolls_within_its_faces() {
        let die = dice_message(&params(&[])).unwrap().dice.unwrap();
        assert_eq!(die.emoji, "🎲", "the default die");
        assert!((1..=6).contains(&die.value));
        for _ in 0..200 {
            let slot = dice_message(&params(&[("emoji", "🎰")])).unwrap().dice.unwrap();
            assert!((1..=64).contains(&slot.value), "{}", slot.value);
            let ball = dice_message(&params(&[("emoji", "⚽\u{fe0f}")])).unwrap().dice.unwrap();
            assert_eq!(ball.emoji, "⚽", "the variation selector is dropped");
            assert!((1..=5).contains(&ball.value));
        }
        assert_eq!(refusal(dice_message(&params(&[("emoji", "🃏")]))), "Bad Request: EMOTICON_INVALID");
    }

    #[test]
    fn a_location_needs_both_coordinates_on_the_globe() {
        let place = |pairs: &[(&str, &str)]| location(&params(pairs));
        let here = place(&[("latitude", "51.5"), ("longitude", "-0.12"), ("horizontal_accuracy", "5000")]).unwrap();
        assert_eq!((here.latitude, here.longitude), (51.5, -0.12));
        assert_eq!(here.horizontal_accuracy, Some(1500.0), "accuracy is clamped to 1500 m");
        let refused = |pairs: &[(&str, &str)]| place(pairs).expect_err("must be refused").description.into_owned();
        assert_eq!(refused(&[("longitude", "1")]), "Bad Request: latitude is empty");
        assert_eq!(refused(&[("latitude", "1"), ("longitude", " ")]), "Bad Request: longitude is empty");
        assert_eq!(refused(&[("latitude", "91"), ("longitude", "0")]), "Bad Request: wrong location specified");
        assert_eq!(refused(&[("latitude", "0"), ("longitude", "-180.5")]), "Bad Request: wrong location specified");
    }
}
