//! Buying paid media (the user-side `buyPaidMedia`): the Stars go from the person to the bot (or
//! to the channel the media was posted in), the purchase is recorded, and a bot that gave the
//! media a payload gets `purchased_paid_media`, all in one batch, under both owners' locks.

use msg_core::{ApiError, NewUpdate, UserRecord};
use msg_spec::types;
use serde_json::{Value, json};

use crate::files::paid::{PAID_MEDIA, PURCHASES, paid_key};
use crate::kernel::serial::Entity;
use crate::kernel::world::{CALLBACK_TTL, Conversation, Platform, now, person, typed};
use crate::messages;
use crate::payments::ledger::{self, BOT_BALANCE_LOCK, LEDGER};
use crate::payments::short_of;

/// `user` buys the paid media of message `message_id` in `conversation`: `{"paid": true,
/// "message"}` (the message as they now see it), or `{"paid": false, "stage": "balance"}`.
pub(super) async fn buy_paid_media(
    platform: &Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
) -> Result<Value, ApiError> {
    let key = paid_key(conversation, message_id);
    let mut message = messages::load_message(platform, conversation, message_id)
        .await?
        .ok_or_else(|| ApiError::bad_request("message not found"))?;
    let terms = PAID_MEDIA
        .get(platform.storage.as_ref(), 0, &key)
        .await?
        .filter(|_| message.paid_media.is_some())
        .ok_or_else(|| ApiError::bad_request("the message has no paid media to buy"))?;
    let _buyer = platform.locks.lock(Entity::User(user.id)).await;
    let _seller = platform.locks.lock(Entity::BotSetting(terms.credited, BOT_BALANCE_LOCK.into())).await;
    if terms.bot == user.id || PURCHASES.get(platform.storage.as_ref(), user.id, &key).await?.is_some() {
        return Err(ApiError::bad_request("the paid media is bought already"));
    }
    let (held, earned) = (super::stars(platform, user.id).await?, super::stars(platform, terms.credited).await?);
    if held < terms.star_count {
        return Ok(short_of(terms.star_count, held));
    }
    let mut changes = vec![
        super::set_stars(user.id, held - terms.star_count),
        super::set_stars(terms.credited, earned + terms.star_count),
        PURCHASES.put(user.id, &key, &now()),
    ];
    let payload = (!terms.payload.is_empty()).then(|| terms.payload.clone());
    let bot = platform.bot_record(terms.bot).await?;
    if terms.credited == terms.bot {
        let id = format!("paidmedia{:016x}", msg_core::random::next_u64());
        let partner = types::TransactionPartnerUser {
            transaction_type: "paid_media_payment".into(),
            user: Box::new(person(user)),
            paid_media: message.paid_media.as_ref().map(|m| m.paid_media.clone()),
            paid_media_payload: payload.clone(),
            ..Default::default()
        };
        let entry = ledger::Entry::received(&id, terms.star_count, user.id, &terms.payload, partner);
        changes.push(LEDGER.put(terms.bot, &ledger::ledger_key(&id), &entry));
    }
    // A bot that named the media (a payload) learns of the purchase, outside channels.
    let told = match (&bot, payload) {
        (Some(bot), Some(payload)) if !platform.is_channel(conversation).await? => {
            platform.updates.accepts(bot, "purchased_paid_media").await?.then(|| {
                let purchased = types::PaidMediaPurchased { from: Box::new(person(user)), paid_media_payload: payload };
                (
                    bot.clone(),
                    NewUpdate::new(
                        "purchased_paid_media",
                        typed(&purchased).to_string(),
                        user.id,
                        now() + CALLBACK_TTL,
                    ),
                )
            })
        }
        _ => None,
    };
    match told {
        Some((bot, update)) => platform.updates.push(&bot, update, changes).await?,
        None => platform.storage.apply(changes).await.map_err(crate::internal)?,
    }
    let shown = messages::message_for_person(platform, conversation, &mut message, user.id).await?;
    Ok(json!({"paid": true, "message": shown}))
}
