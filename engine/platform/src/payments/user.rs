//! The people's side of payments: what an invoice asks (`getPaymentForm`), paying it
//! (`payInvoice`), one's Stars (`getStarBalance`).

use std::time::Duration;

use msg_core::ApiError;
use msg_spec::types::{OrderInfo, ShippingAddress};
use serde_json::Value;

use crate::kernel::user::{UserCall, message_id};
use crate::payments::{ANSWER_WAIT, Paying, Payment};

/// `payInvoice`: `chat_id` and `message_id` (an invoice message) or `invoice_link` (an invoice
/// link, `https://t.me/$…`), the order's `name`, `phone_number`, `email`,
/// `shipping_address` (a `ShippingAddress` as JSON), `shipping_option_id`, `tip_amount`,
/// `timeout` (seconds to wait for each of the bot's answers, at most the platform's 10).
pub(super) async fn pay_invoice(c: UserCall) -> Result<Value, ApiError> {
    let paying = paying(&c).await?;
    let given = |name| c.params.get(name).filter(|v| !v.is_empty()).map(str::to_owned);
    let shipping_address = match given("shipping_address") {
        Some(raw) => Some(Box::new(
            serde_json::from_str::<ShippingAddress>(&raw)
                .map_err(|e| ApiError::bad_request(format!("can't parse shipping_address: {e}")))?,
        )),
        None => None,
    };
    let order =
        OrderInfo { name: given("name"), phone_number: given("phone_number"), email: given("email"), shipping_address };
    let max = ANSWER_WAIT.as_secs() as i64;
    let payment = Payment {
        order,
        shipping_option_id: given("shipping_option_id"),
        tip: c.params.integer("tip_amount", 0, i64::MIN, i64::MAX),
        wait: Duration::from_secs(c.params.integer("timeout", max, 0, max) as u64),
    };
    super::pay_invoice(&c.platform, &c.user, paying, payment).await
}

/// `getStarBalance`: the person's Stars.
pub(super) async fn get_star_balance(c: UserCall) -> Result<Value, ApiError> {
    // A channel's Stars (what its suggested posts earned), for its administrators.
    let owner = match c.params.get("chat_id").filter(|v| !v.is_empty()) {
        Some(_) => {
            let crate::kernel::world::Conversation::Group(id) = c.chat().await? else {
                return Err(ApiError::bad_request("chat is not a channel"));
            };
            if !c.platform.standing(id, c.user.id).await?.is_admin() {
                return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
            }
            id
        }
        None => c.user.id,
    };
    let balance = msg_spec::types::StarAmount { amount: super::stars(&c.platform, owner).await?, ..Default::default() };
    Ok(crate::kernel::world::typed(&balance))
}

/// The invoice a call names: `invoice_link`, else `chat_id` and `message_id`.
async fn paying(c: &UserCall) -> Result<Paying, ApiError> {
    Ok(match c.params.get("invoice_link").filter(|v| !v.is_empty()) {
        Some(link) => {
            let slug =
                link.trim().trim_start_matches("https://t.me/").trim_start_matches("t.me/").trim_start_matches('$');
            Paying::Link(slug.to_owned())
        }
        None => Paying::Message(c.chat().await?, message_id(&c.params)?),
    })
}

/// `getPaymentForm`: what an app shows before paying (the invoice, its prices, what it asks,
/// the tips, whether it is paid already, the currency's digits and the person's Stars).
pub(super) async fn get_payment_form(c: UserCall) -> Result<Value, ApiError> {
    let paying = paying(&c).await?;
    super::payment_form(&c.platform, &c.user, paying).await
}

/// `buyPaidMedia`: `chat_id`, `message_id` (a paid media message); the Stars it asks are paid.
pub(super) async fn buy_paid_media(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    super::buy_paid_media(&c.platform, &c.user, conversation, message_id(&c.params)?).await
}

/// `editStarSubscription`: `telegram_payment_charge_id` (the subscription's first payment),
/// `is_canceled`; the subscription as it stands.
pub(super) async fn edit_star_subscription(c: UserCall) -> Result<Value, ApiError> {
    let charge_id = c.params.get("telegram_payment_charge_id").unwrap_or_default();
    let canceled = match c.params.get("is_canceled") {
        Some(value) => msg_spec::args::to_bool(value),
        None => return Err(ApiError::parameter_required("is_canceled")),
    };
    super::subscriptions::edit_own(&c.platform, &c.user, charge_id, canceled).await
}

/// `getStarSubscriptions`: the person's subscriptions.
pub(super) async fn get_star_subscriptions(c: UserCall) -> Result<Value, ApiError> {
    super::subscriptions::own(&c.platform, &c.user).await
}
