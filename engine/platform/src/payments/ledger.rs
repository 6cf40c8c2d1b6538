//! Telegram Stars: balances and the ledger. A person's and a bot's balance are rows of
//! [`BALANCES`]; every movement of a bot's Stars is a row of [`LEDGER`], written in the same
//! batch as the balances it moves and the message that shows it, so a payment or a refund happens
//! whole or not at all. Balances are read, changed and written back under the owner's lock
//! (`Entity::User` for a person, `Entity::BotSetting(bot, "stars")` for a bot), in the kernel's
//! lock order (message, person, bot setting).

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, Change};
use msg_spec::types::{self, Message};
use serde::{Deserialize, Serialize};

use crate::kernel::records::Table;
use crate::kernel::serial::Entity;
use crate::kernel::world::{Actor, Content, Conversation, Platform, now, person as person_json};
use crate::messages;

/// Stars balances: scope the owner (a person or a bot), key [`STARS_KEY`].
pub(crate) const BALANCES: Table<i64> = Table::new("payment_balance");
pub(crate) const STARS_KEY: &str = "XTR";
/// A bot's Stars transactions: scope the bot, key the time in nanoseconds (20 digits) and the
/// transaction's id, so a scope's rows are in the order they happened.
pub(crate) const LEDGER: Table<Entry> = Table::new("payment_ledger");
/// The lock key of a bot's balance (`Entity::BotSetting`).
pub(crate) const BOT_BALANCE_LOCK: &str = "stars";

/// One movement of a bot's Stars.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Entry {
    /// The transaction as `getStarTransactions` shows it.
    pub transaction: types::StarTransaction,
    /// The person paid or refunded.
    pub user_id: i64,
    /// The payment's charge id (a refund names the payment it gave back).
    pub charge_id: String,
    pub payload: String,
    /// A payment given back already.
    #[serde(default)]
    pub refunded: bool,
}

impl Entry {
    /// Stars a bot received from person `user_id` (`partner` says how: an invoice, a
    /// subscription's period, paid media), under charge `id`, dated now.
    pub(crate) fn received(
        id: &str,
        amount: i64,
        user_id: i64,
        payload: &str,
        partner: types::TransactionPartnerUser,
    ) -> Self {
        Self {
            transaction: types::StarTransaction {
                id: id.to_owned(),
                amount,
                date: now(),
                source: Some(Box::new(types::TransactionPartner::TransactionPartnerUser(partner))),
                ..Default::default()
            },
            user_id,
            charge_id: id.to_owned(),
            payload: payload.to_owned(),
            refunded: false,
        }
    }
}

/// The row key of an entry made now.
pub(crate) fn ledger_key(id: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{nanos:020}-{id}")
}

/// Stars held by `owner` (a person or a bot).
pub(crate) async fn stars(platform: &Platform, owner: i64) -> Result<i64, ApiError> {
    Ok(BALANCES.get(platform.storage.as_ref(), owner, STARS_KEY).await?.unwrap_or(0))
}

/// The change that sets `owner`'s balance to `amount`.
pub(crate) fn set_stars(owner: i64, amount: i64) -> Change {
    BALANCES.put(owner, STARS_KEY, &amount)
}

/// The operator gives a person `amount` Stars (as if bought); returns the new balance.
pub(super) async fn grant_stars(platform: &Platform, user_id: i64, amount: i64) -> Result<i64, ApiError> {
    if amount <= 0 || amount > 1_000_000_000 {
        return Err(ApiError::bad_request("amount must be between 1 and 1000000000"));
    }
    if platform.user(user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    let _held = platform.locks.lock(Entity::User(user_id)).await;
    let balance = stars(platform, user_id).await? + amount;
    platform.storage.apply(vec![set_stars(user_id, balance)]).await.map_err(crate::internal)?;
    Ok(balance)
}

/// The operator gives bot `bot_id` `amount` Stars (as if earned: the ledger's entry is from the
/// partner `other`); returns the new balance.
pub(super) async fn grant_bot_stars(platform: &Platform, bot_id: i64, amount: i64) -> Result<i64, ApiError> {
    if amount <= 0 || amount > 1_000_000_000 {
        return Err(ApiError::bad_request("amount must be between 1 and 1000000000"));
    }
    let _held = platform.locks.lock(Entity::BotSetting(bot_id, BOT_BALANCE_LOCK.into())).await;
    let balance = stars(platform, bot_id).await? + amount;
    let id = format!("grant{:016x}", rand::random::<u64>());
    let entry = Entry {
        transaction: types::StarTransaction {
            id: id.clone(),
            amount,
            date: now(),
            source: Some(Box::new(types::TransactionPartner::TransactionPartnerOther(Default::default()))),
            ..Default::default()
        },
        charge_id: id.clone(),
        ..Default::default()
    };
    let changes = vec![set_stars(bot_id, balance), LEDGER.put(bot_id, &ledger_key(&id), &entry)];
    platform.storage.apply(changes).await.map_err(crate::internal)?;
    Ok(balance)
}

/// `bot` gives back the Stars person `user_id` paid with charge `charge_id`: both balances,
/// the payment marked refunded, the refund's own ledger row and the `refunded_payment`
/// message in their private chat are stored in one batch.
pub(super) async fn refund_stars(
    platform: &Platform,
    bot: &Arc<BotRecord>,
    user_id: i64,
    charge_id: &str,
) -> Result<(), ApiError> {
    let person = platform.user(user_id).await?.ok_or_else(|| ApiError::bad_request("USER_ID_INVALID"))?;
    let _payer = platform.locks.lock(Entity::User(user_id)).await;
    let _earner = platform.locks.lock(Entity::BotSetting(bot.id, BOT_BALANCE_LOCK.into())).await;
    let ledger = ledger(platform, bot.id).await?;
    let paid = ledger
        .into_iter()
        .find(|(_, e)| e.charge_id == charge_id && e.transaction.source.is_some() && e.user_id == user_id);
    let Some((key, mut payment)) = paid else { return Err(ApiError::bad_request("CHARGE_NOT_FOUND")) };
    if payment.refunded {
        return Err(ApiError::bad_request("CHARGE_ALREADY_REFUNDED"));
    }
    let amount = payment.transaction.amount;
    let (held, earned) = (stars(platform, user_id).await?, stars(platform, bot.id).await?);
    if earned < amount {
        return Err(ApiError::bad_request("BALANCE_TOO_LOW"));
    }
    payment.refunded = true;
    let partner = types::TransactionPartnerUser {
        transaction_type: "invoice_payment".into(),
        user: Box::new(person_json(&person)),
        invoice_payload: Some(payment.payload.clone()),
        ..Default::default()
    };
    // A refund is the payment's own id going the other way (the Bot API's StarTransaction).
    let refund = Entry {
        transaction: types::StarTransaction {
            id: charge_id.to_owned(),
            amount,
            date: now(),
            receiver: Some(Box::new(types::TransactionPartner::TransactionPartnerUser(partner))),
            ..Default::default()
        },
        user_id,
        charge_id: charge_id.to_owned(),
        payload: payment.payload.clone(),
        refunded: false,
    };
    let receipt = types::RefundedPayment {
        currency: crate::payments::currencies::STARS.into(),
        total_amount: amount,
        invoice_payload: payment.payload.clone(),
        telegram_payment_charge_id: charge_id.to_owned(),
        provider_payment_charge_id: None,
    };
    let mut content = Content::of(Message { refunded_payment: Some(Box::new(receipt)), ..Default::default() });
    content.also.extend([
        set_stars(user_id, held + amount),
        set_stars(bot.id, earned - amount),
        LEDGER.put(bot.id, &key, &payment),
        LEDGER.put(bot.id, &ledger_key(charge_id), &refund),
    ]);
    let conversation = Conversation::private(bot.id, user_id);
    messages::post(platform, &Actor::User(person), conversation, content).await?;
    Ok(())
}

/// A bot's ledger, oldest first.
pub(super) async fn ledger(platform: &Platform, bot_id: i64) -> Result<Vec<(String, Entry)>, ApiError> {
    Ok(LEDGER.all(platform.storage.as_ref(), bot_id).await?.into_iter().collect())
}
