//! Star subscriptions: an invoice link with a `subscription_period` (the platform's 30 days, in
//! Stars, at most 10,000) charges whoever pays it at once and then again each period by the
//! platform's clock, with a `successful_payment` (`is_recurring`) each time, until the payer
//! runs out of Stars or the bot cancels (`editUserStarSubscription`, which also re-enables). A
//! subscription is one row of [`SUBSCRIPTIONS`], stored with its first payment; a renewal is one
//! batch (both balances, the ledger, the receipt and the row), under the row's lock and both
//! owners' locks, so a renewal and an edit never lose each other. The payer cancels and
//! re-enables too (the user-side `editStarSubscription`), and the bot hears of it, and of a
//! renewal the payer could not pay, as a `subscription` update (Bot API 10.2) in the same act.

use std::sync::Arc;
use std::time::Duration;

use msg_core::{ApiError, MethodCall, NewUpdate, Reply, UserRecord};
use msg_spec::types::{self, Message};
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

use crate::kernel::act::Act;
use crate::kernel::methods::{done, platform_bot};
use crate::kernel::records::Table;
use crate::kernel::serial::Entity;
use crate::kernel::world::{Actor, Content, Conversation, MESSAGE_TTL, Platform, now, person, typed};
use crate::messages;
use crate::payments::ledger::{self, BOT_BALANCE_LOCK, LEDGER};
use crate::payments::{Terms, currencies};

/// Subscriptions: scope 0, key the first payment's `telegram_payment_charge_id`.
pub(super) const SUBSCRIPTIONS: Table<Subscription> = Table::new("payment_subscription");

/// The one period the platform takes (30 days), and the most Stars a period may cost.
pub(super) const PERIOD: i64 = 2_592_000;
const MOST_STARS: i64 = 10_000;

/// A person's subscription to a bot.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Subscription {
    pub bot: i64,
    pub user: i64,
    /// Stars each period.
    pub amount: i64,
    pub period: i64,
    pub payload: String,
    /// When the period paid for ends (and the next is charged).
    pub expires: i64,
    /// The bot cancelled it: it ends when the paid period does.
    pub canceled: bool,
    /// The payer cancelled it (the user-side `editStarSubscription`): the same, and only the
    /// payer re-enables it, as only the bot re-enables what it cancelled.
    #[serde(default)]
    pub canceled_by_user: bool,
    /// Not renewed any more (cancelled, or the payer lacked the Stars).
    pub ended: bool,
}

/// The platform's rules for a subscription link's terms.
pub(crate) fn check(period: i64, terms: &Terms) -> Result<(), ApiError> {
    if period != PERIOD {
        return Err(ApiError::bad_request("SUBSCRIPTION_PERIOD_INVALID"));
    }
    if terms.currency != currencies::STARS || terms.total() > MOST_STARS {
        return Err(ApiError::bad_request("STARS_INVOICE_INVALID"));
    }
    Ok(())
}

/// `editUserStarSubscription`: the bot cancels (`is_canceled`) or re-enables a subscription it
/// has from `user_id`, named by its first payment's charge id.
pub(super) async fn edit_user_star_subscription(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let user_id = msg_spec::args::integer(call.params.get("user_id")).unwrap_or(0).max(0);
    if user_id == 0 {
        return Err(ApiError::bad_request("Invalid user_id specified"));
    }
    let charge_id = call.params.get("telegram_payment_charge_id").unwrap_or_default().to_owned();
    let canceled = call.params.boolean("is_canceled");
    let bot = platform_bot(&platform, &call).await?;
    let _held = platform.locks.lock(subscription_lock(bot.id, &charge_id)).await;
    let found = SUBSCRIPTIONS.get(platform.storage.as_ref(), 0, &charge_id).await?;
    let mut subscription = found
        .filter(|s| s.bot == bot.id && s.user == user_id)
        .ok_or_else(|| ApiError::bad_request("CHARGE_NOT_FOUND"))?;
    if subscription.ended {
        return Err(ApiError::bad_request("SUBSCRIPTION_EXPIRED"));
    }
    subscription.canceled = canceled;
    platform.storage.apply(vec![SUBSCRIPTIONS.put(0, &charge_id, &subscription)]).await.map_err(crate::internal)?;
    done()
}

/// The user-side `editStarSubscription`: the payer cancels (`is_canceled`) or re-enables a
/// subscription of theirs, named by its first payment's charge id; its bot is told
/// (`subscription`, state `canceled` or `active`) when that changes it. The subscription as
/// [`subscription_json`] shows it.
pub(super) async fn edit_own(
    platform: &Platform,
    user: &UserRecord,
    charge_id: &str,
    canceled: bool,
) -> Result<serde_json::Value, ApiError> {
    let found = |s: Option<Subscription>| {
        s.filter(|s| s.user == user.id).ok_or_else(|| ApiError::bad_request("CHARGE_NOT_FOUND"))
    };
    // A subscription's bot never changes: read before the locks (the kernel's order: the
    // payer, then the row).
    let bot_id = found(SUBSCRIPTIONS.get(platform.storage.as_ref(), 0, charge_id).await?)?.bot;
    let _payer = platform.locks.lock(Entity::User(user.id)).await;
    let _held = platform.locks.lock(subscription_lock(bot_id, charge_id)).await;
    let mut subscription = found(SUBSCRIPTIONS.get(platform.storage.as_ref(), 0, charge_id).await?)?;
    if subscription.ended {
        return Err(ApiError::bad_request("SUBSCRIPTION_EXPIRED"));
    }
    if subscription.canceled_by_user != canceled {
        subscription.canceled_by_user = canceled;
        let mut act = Act::with(vec![SUBSCRIPTIONS.put(0, charge_id, &subscription)]);
        tell_state(platform, &mut act, &subscription, user, if canceled { "canceled" } else { "active" }).await?;
        platform.commit(act).await?;
    }
    Ok(subscription_json(charge_id, &subscription))
}

/// The user-side `getStarSubscriptions`: the person's subscriptions, newest expiry first.
pub(super) async fn own(platform: &Platform, user: &UserRecord) -> Result<serde_json::Value, ApiError> {
    let mut mine: Vec<(String, Subscription)> =
        SUBSCRIPTIONS.all(platform.storage.as_ref(), 0).await?.into_iter().filter(|(_, s)| s.user == user.id).collect();
    mine.sort_by_key(|(_, s)| std::cmp::Reverse(s.expires));
    Ok(serde_json::Value::Array(mine.iter().map(|(charge, s)| subscription_json(charge, s)).collect()))
}

/// A subscription as the person sees it.
fn subscription_json(charge_id: &str, s: &Subscription) -> serde_json::Value {
    serde_json::json!({
        "telegram_payment_charge_id": charge_id,
        "bot_id": s.bot,
        "invoice_payload": s.payload,
        "star_count": s.amount,
        "period": s.period,
        "expiration_date": s.expires,
        "is_canceled": s.canceled_by_user,
        "is_canceled_by_bot": s.canceled,
        "is_ended": s.ended,
    })
}

/// The bot's `subscription` update: `user`'s subscription is now `state`.
async fn tell_state(
    platform: &Platform,
    act: &mut Act,
    subscription: &Subscription,
    user: &UserRecord,
    state: &str,
) -> Result<(), ApiError> {
    let Some(bot) = platform.bot_record(subscription.bot).await? else { return Ok(()) };
    if !platform.updates.accepts(&bot, "subscription").await? {
        return Ok(());
    }
    let news = types::BotSubscriptionUpdated {
        user: Box::new(person(user)),
        invoice_payload: subscription.payload.clone(),
        state: state.into(),
    };
    let update = NewUpdate::new("subscription", typed(&news).to_string(), user.id, now() + MESSAGE_TTL);
    platform.tell_bot(act, &bot, update).await
}

fn subscription_lock(bot_id: i64, charge_id: &str) -> Entity {
    Entity::BotSetting(bot_id, format!("subscription:{charge_id}"))
}

/// Renews what is due, then waits for the next expiry by the clock (or a minute, or a move of a
/// manual clock), until `stop`; on a shared storage where lease `subscriptions` is held (the
/// renewal itself is decided under the payer's and the subscription's storage locks, so a
/// second server renewing at once finds it renewed).
pub(crate) async fn run(platform: Arc<Platform>, stop: CancellationToken) {
    let storage = platform.storage.clone();
    crate::kernel::leased_every(storage, "subscriptions", Duration::from_secs(60), stop, || async {
        renew_due(&platform).await.unwrap_or_else(|e| {
            tracing::warn!("subscriptions could not be renewed: {}", e.description);
            None
        })
    })
    .await;
}

/// Renews or ends every subscription whose period is over (each missed period in turn);
/// the next expiry of those still running.
async fn renew_due(platform: &Platform) -> Result<Option<i64>, ApiError> {
    let mut next: Option<i64> = None;
    for (charge_id, subscription) in SUBSCRIPTIONS.all(platform.storage.as_ref(), 0).await? {
        if subscription.ended {
            continue;
        }
        let expires = if subscription.expires <= now() {
            renew(platform, &charge_id, subscription.bot).await?
        } else {
            Some(subscription.expires)
        };
        next = match (next, expires) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(next)
}

/// Charges the periods of subscription `charge_id` that are over, or ends it; its new
/// expiry while it runs.
async fn renew(platform: &Platform, charge_id: &str, bot_id: i64) -> Result<Option<i64>, ApiError> {
    // The kernel's lock order: the payer, then the subscription's row, then the bot's
    // balance (a subscription's payer never changes, so it is read before the locks).
    let Some(first) = SUBSCRIPTIONS.get(platform.storage.as_ref(), 0, charge_id).await? else { return Ok(None) };
    let _payer = platform.locks.lock(Entity::User(first.user)).await;
    let _held = platform.locks.lock(subscription_lock(bot_id, charge_id)).await;
    let _earner = platform.locks.lock(Entity::BotSetting(bot_id, BOT_BALANCE_LOCK.into())).await;
    loop {
        let Some(mut subscription) = SUBSCRIPTIONS.get(platform.storage.as_ref(), 0, charge_id).await? else {
            return Ok(None);
        };
        if subscription.ended {
            return Ok(None);
        }
        if subscription.expires > now() {
            return Ok(Some(subscription.expires));
        }
        let Some(user) = platform.user(subscription.user).await? else { return Ok(None) };
        let (held, earned) = (super::stars(platform, user.id).await?, super::stars(platform, bot_id).await?);
        let canceled = subscription.canceled || subscription.canceled_by_user;
        if canceled || held < subscription.amount {
            // Ended; a payment that failed (not a cancellation) is news to the bot, told in
            // the same act.
            subscription.ended = true;
            let mut act = Act::with(vec![SUBSCRIPTIONS.put(0, charge_id, &subscription)]);
            if !canceled {
                tell_state(platform, &mut act, &subscription, &user, "failed").await?;
            }
            platform.commit(act).await?;
            return Ok(None);
        }
        subscription.expires += subscription.period;
        let charge = format!("stxmsg{:016x}{:016x}", msg_core::random::next_u64(), msg_core::random::next_u64());
        let receipt = types::SuccessfulPayment {
            currency: currencies::STARS.into(),
            total_amount: subscription.amount,
            invoice_payload: subscription.payload.clone(),
            subscription_expiration_date: Some(subscription.expires),
            is_recurring: Some(true),
            telegram_payment_charge_id: charge.clone(),
            provider_payment_charge_id: format!("test_{}", &charge[6..]),
            ..Default::default()
        };
        let partner = types::TransactionPartnerUser {
            transaction_type: "invoice_payment".into(),
            user: Box::new(person(&user)),
            invoice_payload: Some(subscription.payload.clone()),
            subscription_period: Some(subscription.period),
            ..Default::default()
        };
        let entry = ledger::Entry::received(&charge, subscription.amount, user.id, &subscription.payload, partner);
        let mut content = Content::of(Message { successful_payment: Some(Box::new(receipt)), ..Default::default() });
        content.also.extend([
            super::set_stars(user.id, held - subscription.amount),
            super::set_stars(bot_id, earned + subscription.amount),
            LEDGER.put(bot_id, &ledger::ledger_key(&charge), &entry),
            SUBSCRIPTIONS.put(0, charge_id, &subscription),
        ]);
        let conversation = Conversation::private(bot_id, user.id);
        messages::post(platform, &Actor::User(user), conversation, content).await?;
    }
}
