//! Buying paid media (the user-side `buyPaidMedia`): the Stars go from the person to the bot (or
//! to the channel the media was posted in), the purchase is recorded, and a bot that gave the
//! media a payload gets `purchased_paid_media`, all in one batch, under both owners' locks.

use msg_core::{ApiError, NewUpdate, UserRecord};
use msg_spec::types;
use serde_json::{Value, json};

use crate::files::paid::{PAID_MEDIA, PURCHASES, paid_key};
use crate::kernel::serial::Entity;
use crate::kernel::world::{CALLBACK_TTL, Conversation, Platform, now, person, typed};
use crate::payments::ledger::{self, BOT_BALANCE_LOCK, LEDGER};
use crate::payments::short_of;

impl Platform {
    /// `user` buys the paid media of message `message_id` in `conversation`: `{"paid": true,
    /// "message"}` (the message as they now see it), or `{"paid": false, "stage": "balance"}`.
    pub(crate) async fn buy_paid_media(
        &self,
        user: &UserRecord,
        conversation: Conversation,
        message_id: i64,
    ) -> Result<Value, ApiError> {
        let key = paid_key(conversation, message_id);
        let mut message = self
            .load_message(conversation, message_id)
            .await?
            .ok_or_else(|| ApiError::bad_request("message not found"))?;
        let terms = PAID_MEDIA
            .get(self.storage.as_ref(), 0, &key)
            .await?
            .filter(|_| message.paid_media.is_some())
            .ok_or_else(|| ApiError::bad_request("the message has no paid media to buy"))?;
        let _buyer = self.locks.lock(Entity::User(user.id)).await;
        let _seller = self.locks.lock(Entity::BotSetting(terms.credited, BOT_BALANCE_LOCK.into())).await;
        if terms.bot == user.id || PURCHASES.get(self.storage.as_ref(), user.id, &key).await?.is_some() {
            return Err(ApiError::bad_request("the paid media is bought already"));
        }
        let (held, earned) = (self.stars(user.id).await?, self.stars(terms.credited).await?);
        if held < terms.star_count {
            return Ok(short_of(terms.star_count, held));
        }
        let mut changes = vec![
            Self::set_stars(user.id, held - terms.star_count),
            Self::set_stars(terms.credited, earned + terms.star_count),
            PURCHASES.put(user.id, &key, &now()),
        ];
        let payload = (!terms.payload.is_empty()).then(|| terms.payload.clone());
        let bot = self.bot_record(terms.bot).await?;
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
            (Some(bot), Some(payload)) if !self.is_channel(conversation).await? => {
                self.updates.accepts(bot, "purchased_paid_media").await?.then(|| {
                    let purchased =
                        types::PaidMediaPurchased { from: Box::new(person(user)), paid_media_payload: payload };
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
            Some((bot, update)) => self.updates.push(&bot, update, changes).await?,
            None => self.storage.apply(changes).await.map_err(crate::internal)?,
        }
        let shown = self.message_for(conversation, &mut message, user.id).await?;
        let mut shown = shown;
        self.files.adopt(&mut shown, user.id, false).await?;
        Ok(json!({"paid": true, "message": shown}))
    }
}
