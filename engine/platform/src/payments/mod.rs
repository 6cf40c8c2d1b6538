//! Payments: a bot sends an invoice (`sendInvoice`), a person pays it through the test provider
//! (the user-side `payInvoice`, `user.rs`): the bot answers the shipping query of a flexible
//! invoice (`answerShippingQuery`) and the pre-checkout query
//! (`answerPreCheckoutQuery`) within the platform's 10 seconds, and a paid invoice becomes a
//! `successful_payment` service message in its chat, seen by the bot and the person. An invoice's
//! terms are a row of [`INVOICES`] stored with its message. Telegram Stars (`XTR`) invoices are
//! checked as the platform checks them; balances, links, refunds and subscriptions come next.

mod currencies;
pub(crate) mod domain;
pub(crate) mod ledger;
mod methods;
mod paid_media;
mod subscriptions;
mod user;

use self::ledger::{grant_stars, ledger, refund_stars};
pub(crate) use self::ledger::{set_stars, stars};
use self::paid_media::buy_paid_media;

/// The bot setting holding the payment provider token the operator made for a bot
/// (`bot set --payment-provider test`): the only token its invoices may name then.
pub const PAYMENT_PROVIDER: &str = "payment_provider";

use std::time::Duration;

use msg_core::{ApiError, NewUpdate, StorageBackend, UserRecord};
use msg_spec::types::{self, LabeledPrice, Message, OrderInfo, ShippingAddress, ShippingOption};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::kernel::records::Table;
use crate::kernel::serial::Entity;
use crate::kernel::world::{CALLBACK_TTL, Content, Conversation, Platform, now, person, typed};
use crate::messages;
use crate::messages::posting::sender_id;

/// An invoice's terms: scope the bot, key `<conversation key>/<message id>`.
const INVOICES: Table<Terms> = Table::new("payment_invoice");
/// Invoices paid (an invoice message is paid once): scope the bot, key as [`INVOICES`]', value
/// the payment's `telegram_payment_charge_id`.
const PAID: Table<String> = Table::new("payment_paid");

/// Invoice links (`createInvoiceLink`): scope the bot, key the link's slug
/// (`https://t.me/$<slug>`).
const LINKS: Table<Linked> = Table::new("payment_invoice_link");

/// An invoice link's invoice and terms.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct Linked {
    pub invoice: types::Invoice,
    pub terms: Terms,
}

/// What a person pays: an invoice message, or an invoice link's slug.
enum Paying {
    Message(Conversation, i64),
    Link(String),
}

/// How long the platform waits for a bot's answer to a shipping or pre-checkout query.
const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// What an invoice asks, as its bot sent it (what the message's `invoice` does not show).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Terms {
    pub payload: String,
    pub currency: String,
    pub prices: Vec<LabeledPrice>,
    #[serde(default)]
    pub max_tip_amount: i64,
    #[serde(default)]
    pub suggested_tip_amounts: Vec<i64>,
    #[serde(default)]
    pub need_name: bool,
    #[serde(default)]
    pub need_phone_number: bool,
    #[serde(default)]
    pub need_email: bool,
    #[serde(default)]
    pub need_shipping_address: bool,
    #[serde(default)]
    pub is_flexible: bool,
    /// A Stars subscription's period in seconds (an invoice link's `subscription_period`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub subscription_period: i64,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

impl Terms {
    fn total(&self) -> i64 {
        self.prices.iter().map(|p| p.amount).sum()
    }

    /// The terms as the platform applies them: the Bot API ignores the name, phone number,
    /// e-mail and shipping address an invoice asks for, and a flexible price, "for payments in
    /// Telegram Stars", so a Stars invoice asks nothing of its payer and has no shipping step
    /// (terms stored before this rule included).
    pub(crate) fn applied(mut self) -> Self {
        if self.currency == currencies::STARS {
            self.need_name = false;
            self.need_phone_number = false;
            self.need_email = false;
            self.need_shipping_address = false;
            self.is_flexible = false;
        }
        self
    }
}

/// A Stars payment its payer cannot afford: nothing is paid.
fn short_of(total: i64, held: i64) -> Value {
    json!({"paid": false, "stage": "balance", "error_message": format!("not enough Stars: {total} needed, {held} held")})
}

/// What a person gives when paying.
#[derive(Debug, Default)]
struct Payment {
    pub order: OrderInfo,
    pub shipping_option_id: Option<String>,
    pub tip: i64,
    pub wait: Duration,
}

/// An invoice's terms as the row its message carries (stored in the message's batch, its
/// key completed with the message's id).
fn invoice_row(bot_id: i64, conversation: Conversation, terms: &Terms) -> msg_core::Record {
    INVOICES.record(bot_id, &conversation.message_rows(), terms)
}

/// The invoice of message `message_id` in `conversation`, its bot and terms.
async fn invoice_of(
    platform: &Platform,
    conversation: Conversation,
    message_id: i64,
) -> Result<(std::sync::Arc<msg_core::BotRecord>, types::Invoice, Terms, String), ApiError> {
    let stored = messages::load_message(platform, conversation, message_id)
        .await?
        .ok_or_else(|| ApiError::bad_request("message not found"))?;
    let invoice =
        stored.invoice.as_deref().cloned().ok_or_else(|| ApiError::bad_request("the message is not an invoice"))?;
    let bot_id = sender_id(&stored).unwrap_or_default();
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("bot not found"))?;
    let key = conversation.message_row(message_id);
    let terms = INVOICES
        .get(platform.storage.as_ref(), bot_id, &key)
        .await?
        .ok_or_else(|| ApiError::bad_request("the invoice is not available"))?;
    Ok((bot, invoice, terms.applied(), key))
}

async fn ask_shipping(
    platform: &Platform,
    user: &UserRecord,
    bot: &std::sync::Arc<msg_core::BotRecord>,
    terms: &Terms,
    address: ShippingAddress,
    wait: Duration,
) -> Result<Value, ApiError> {
    let open = platform.open_query(bot.id).await?;
    let query = types::ShippingQuery {
        id: open.id.clone(),
        from: Box::new(person(user)),
        invoice_payload: terms.payload.clone(),
        shipping_address: Box::new(address),
    };
    if platform.updates.accepts(bot, "shipping_query").await? {
        let update = NewUpdate::new("shipping_query", typed(&query).to_string(), user.id, now() + CALLBACK_TTL);
        platform.updates.push(bot, update, Vec::new()).await?;
    }
    Ok(match platform.await_answer(open, wait).await {
        Some(answer) => answer,
        None => json!({"ok": false, "error_message": "the bot did not answer the shipping query in time"}),
    })
}

/// What a person's app shows before paying the invoice `paying` names.
async fn payment_form(platform: &Platform, user: &UserRecord, paying: Paying) -> Result<Value, ApiError> {
    let (bot, invoice, terms, paid) = match paying {
        Paying::Message(conversation, message_id) => {
            let (bot, invoice, terms, key) = invoice_of(platform, conversation, message_id).await?;
            let paid = PAID.get(platform.storage.as_ref(), bot.id, &key).await?.is_some();
            (bot, invoice, terms, paid)
        }
        Paying::Link(slug) => {
            let (bot, linked) = invoice_link(platform, &slug).await?;
            (bot, linked.invoice, linked.terms, false)
        }
    };
    let exp = currencies::table().get(&terms.currency).map_or(0, |c| c.exp);
    Ok(json!({
        "bot": crate::kernel::world::bot_json(&bot),
        "invoice": typed(&invoice),
        "prices": terms.prices,
        "exp": exp,
        "max_tip_amount": terms.max_tip_amount,
        "suggested_tip_amounts": terms.suggested_tip_amounts,
        "need_name": terms.need_name,
        "need_phone_number": terms.need_phone_number,
        "need_email": terms.need_email,
        "need_shipping_address": terms.need_shipping_address,
        "is_flexible": terms.is_flexible,
        "subscription_period": terms.subscription_period,
        "paid": paid,
        "star_balance": stars(platform, user.id).await?,
    }))
}

/// An invoice link's bot and invoice (`INVOICE_INVALID` for an unknown link).
async fn invoice_link(
    platform: &Platform,
    slug: &str,
) -> Result<(std::sync::Arc<msg_core::BotRecord>, Linked), ApiError> {
    let found = LINKS.find(platform.storage.as_ref(), slug).await?.into_iter().next();
    let (bot_id, mut linked) = found.ok_or_else(|| ApiError::bad_request("INVOICE_INVALID"))?;
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("INVOICE_INVALID"))?;
    linked.terms = linked.terms.applied();
    Ok((bot, linked))
}

/// A person pays the invoice of message `message_id`: with a flexible invoice the bot is
/// asked for shipping options (without `shipping_option_id` they are returned for the person
/// to choose, and nothing is paid; with it, it must be among them), then the bot gets
/// `pre_checkout_query`; when it accepts in time, `successful_payment` is posted in the
/// chat. Returns `{"paid":true,"message":…}` or `{"paid":false,"stage",…}`.
async fn pay_invoice(
    platform: &Platform,
    user: &UserRecord,
    paying: Paying,
    payment: Payment,
) -> Result<Value, ApiError> {
    // One payment of an invoice message at a time; a paid one is not paid again (a retry
    // included). An invoice link is paid as often as people pay it, each in their chat with
    // the bot.
    let (_invoice, conversation, bot, invoice, terms, paid_key) = match paying {
        Paying::Message(conversation, message_id) => {
            let held = messages::lock_message(platform, conversation, message_id).await;
            let (bot, invoice, terms, key) = invoice_of(platform, conversation, message_id).await?;
            if PAID.get(platform.storage.as_ref(), bot.id, &key).await?.is_some() {
                return Err(ApiError::bad_request("the invoice is paid already"));
            }
            (Some(held), conversation, bot, invoice, terms, Some(key))
        }
        Paying::Link(slug) => {
            let (bot, linked) = invoice_link(platform, &slug).await?;
            (None, Conversation::private(bot.id, user.id), bot, linked.invoice, linked.terms, None)
        }
    };
    let stars = terms.currency == currencies::STARS;
    let order = payment.order;
    let missing = [
        (terms.need_name && order.name.is_none(), "name"),
        (terms.need_phone_number && order.phone_number.is_none(), "phone_number"),
        (terms.need_email && order.email.is_none(), "email"),
        ((terms.need_shipping_address || terms.is_flexible) && order.shipping_address.is_none(), "shipping_address"),
    ];
    if let Some((_, name)) = missing.iter().find(|(missing, _)| *missing) {
        return Err(ApiError::bad_request(format!("the invoice asks for {name}")));
    }
    if payment.tip < 0 || payment.tip > terms.max_tip_amount {
        return Err(ApiError::bad_request(format!("tip_amount must be between 0 and {}", terms.max_tip_amount)));
    }
    let mut total = terms.total() + payment.tip;
    let mut option_id = None;
    if terms.is_flexible {
        let address = order.shipping_address.as_deref().cloned().unwrap_or_default();
        let answer = ask_shipping(platform, user, &bot, &terms, address, payment.wait).await?;
        if answer["ok"] != json!(true) {
            return Ok(json!({"paid": false, "stage": "shipping", "error_message": answer["error_message"]}));
        }
        let options: Vec<ShippingOption> =
            serde_json::from_value(answer["shipping_options"].clone()).unwrap_or_default();
        let Some(wanted) = payment.shipping_option_id else {
            // The person sees the options first, then pays naming one.
            return Ok(json!({"paid": false, "stage": "shipping_option", "shipping_options": options}));
        };
        let Some(option) = options.iter().find(|o| o.id == wanted) else {
            return Ok(json!({"paid": false, "stage": "shipping_option", "shipping_options": options,
                "error_message": "choose one of the bot's shipping options"}));
        };
        total += option.prices.iter().map(|p| p.amount).sum::<i64>();
        option_id = Some(option.id.clone());
    }
    if stars {
        let held = ledger::stars(platform, user.id).await?;
        if held < total {
            return Ok(short_of(total, held));
        }
    }
    let given = order.name.is_some()
        || order.phone_number.is_some()
        || order.email.is_some()
        || order.shipping_address.is_some();
    let order_info = given.then(|| Box::new(order.clone()));
    let open = platform.open_query(bot.id).await?;
    let query = types::PreCheckoutQuery {
        id: open.id.clone(),
        from: Box::new(person(user)),
        currency: terms.currency.clone(),
        total_amount: total,
        invoice_payload: terms.payload.clone(),
        shipping_option_id: option_id.clone(),
        order_info: order_info.clone(),
    };
    if platform.updates.accepts(&bot, "pre_checkout_query").await? {
        let update = NewUpdate::new("pre_checkout_query", typed(&query).to_string(), user.id, now() + CALLBACK_TTL);
        platform.updates.push(&bot, update, Vec::new()).await?;
    }
    let answer = platform.await_answer(open, payment.wait).await;
    let error = match &answer {
        None => Some(json!("the bot did not confirm the payment in time")),
        Some(answer) if answer["ok"] != json!(true) => Some(answer["error_message"].clone()),
        Some(_) => None,
    };
    if let Some(error_message) = error {
        return Ok(json!({"paid": false, "stage": "pre_checkout", "error_message": error_message}));
    }
    let charge = format!("{:016x}{:016x}", msg_core::random::next_u64(), msg_core::random::next_u64());
    let receipt = types::SuccessfulPayment {
        currency: invoice.currency.clone(),
        total_amount: total,
        invoice_payload: terms.payload.clone(),
        shipping_option_id: option_id,
        order_info,
        telegram_payment_charge_id: format!("stxmsg{charge}"),
        provider_payment_charge_id: format!("test_{charge}"),
        ..Default::default()
    };
    let charge_id = receipt.telegram_payment_charge_id.clone();
    let subscription = (terms.subscription_period > 0).then(|| subscriptions::Subscription {
        bot: bot.id,
        user: user.id,
        amount: total,
        period: terms.subscription_period,
        payload: terms.payload.clone(),
        expires: now() + terms.subscription_period,
        canceled: false,
        canceled_by_user: false,
        ended: false,
    });
    let mut receipt = receipt;
    if let Some(subscription) = &subscription {
        receipt.is_recurring = Some(true);
        receipt.is_first_recurring = Some(true);
        receipt.subscription_expiration_date = Some(subscription.expires);
    }
    let body = Message { successful_payment: Some(Box::new(receipt)), ..Default::default() };
    let mut content = Content::of(body);
    if let Some(subscription) = &subscription {
        content.also.push(subscriptions::SUBSCRIPTIONS.put(0, &charge_id, subscription));
    }
    if let Some(key) = &paid_key {
        content.also.push(PAID.put(bot.id, key, &charge_id));
    }
    // Stars move in the receipt's batch, under both owners' locks, checked again.
    let mut _owners = None;
    if stars {
        _owners = Some((
            platform.locks.lock(Entity::User(user.id)).await,
            platform.locks.lock(Entity::BotSetting(bot.id, ledger::BOT_BALANCE_LOCK.into())).await,
        ));
        let (held, earned) = (ledger::stars(platform, user.id).await?, ledger::stars(platform, bot.id).await?);
        if held < total {
            return Ok(short_of(total, held));
        }
        let partner = types::TransactionPartnerUser {
            transaction_type: "invoice_payment".into(),
            user: Box::new(person(user)),
            invoice_payload: Some(terms.payload.clone()),
            subscription_period: (terms.subscription_period > 0).then_some(terms.subscription_period),
            ..Default::default()
        };
        let entry = ledger::Entry::received(&charge_id, total, user.id, &terms.payload, partner);
        content.also.extend([
            set_stars(user.id, held - total),
            set_stars(bot.id, earned + total),
            ledger::LEDGER.put(bot.id, &ledger::ledger_key(&charge_id), &entry),
        ]);
    }
    let message =
        messages::post(platform, &crate::kernel::world::Actor::User(user.clone()), conversation, content).await?;
    Ok(json!({"paid": true, "message": message}))
}

/// A person's Telegram Stars, read from the storage (the `user stars` command).
pub async fn stars_of(storage: &dyn StorageBackend, user_id: i64) -> Result<i64, ApiError> {
    Ok(ledger::BALANCES.get(storage, user_id, ledger::STARS_KEY).await?.unwrap_or(0))
}

/// Gives a person `amount` Stars in the storage directly (`user stars --grant`; the caller makes
/// sure no server runs on it, whose payments would race the read and the write); the new balance.
pub async fn grant_stars_stored(storage: &dyn StorageBackend, user_id: i64, amount: i64) -> Result<i64, ApiError> {
    if amount <= 0 || amount > 1_000_000_000 {
        return Err(ApiError::bad_request("amount must be between 1 and 1000000000"));
    }
    let balance = stars_of(storage, user_id).await? + amount;
    storage.apply(vec![set_stars(user_id, balance)]).await.map_err(crate::internal)?;
    Ok(balance)
}
