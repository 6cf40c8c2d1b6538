//! The payments domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::method::{Late, bound, read_only};
use msg_core::{Params, Registrar};
use serde_json::json;
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, OperatorVerb, OperatorWork, Task};
use crate::kernel::user::{UserMethod, method};

pub(crate) struct Payments;

impl Domain for Payments {
    fn name(&self) -> &'static str {
        "payments"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("sendInvoice", bound(slot, super::methods::send_invoice));
        registrar.method("createInvoiceLink", bound(slot, super::methods::create_invoice_link));
        registrar.method("answerShippingQuery", bound(slot, super::methods::answer_shipping_query));
        registrar.method("answerPreCheckoutQuery", bound(slot, super::methods::answer_pre_checkout_query));
        registrar.method("getMyStarBalance", read_only(bound(slot, super::methods::get_my_star_balance)));
        registrar.method("getStarTransactions", read_only(bound(slot, super::methods::get_star_transactions)));
        registrar.method("refundStarPayment", bound(slot, super::methods::refund_star_payment));
        registrar.method("editUserStarSubscription", bound(slot, super::subscriptions::edit_user_star_subscription));
    }

    /// Stars subscriptions renewed (or ended) when their period is over.
    fn tasks(&self, platform: &Arc<Platform>, stop: &CancellationToken) -> Vec<Task> {
        vec![Box::pin(super::subscriptions::run(platform.clone(), stop.clone()))]
    }

    fn operator_verbs(&self) -> &'static [OperatorVerb] {
        &[OperatorVerb { name: "grantStars", run: grant_stars }]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "getPaymentForm",
                "`chat_id` and `message_id` (an invoice message) or `invoice_link`",
                "`{\"bot\",\"invoice\",\"prices\",\"exp\",\"max_tip_amount\",\"suggested_tip_amounts\",\"need_name\",\"need_phone_number\",\"need_email\",\"need_shipping_address\",\"is_flexible\",\"paid\",\"star_balance\"}`: what an app shows before paying",
                crate::payments::user::get_payment_form,
            ),
            method(
                "payInvoice",
                "`chat_id` and `message_id` (an invoice message) or `invoice_link`, `name`, `phone_number`, `email`, `shipping_address` (a `ShippingAddress` as JSON), `shipping_option_id`, `tip_amount`, `timeout` (seconds for each of the bot's answers; at most and by default 10)",
                "`{\"paid\":true,\"message\"}` (the `successful_payment` message) or `{\"paid\":false,\"stage\",\"error_message\"}`; a flexible invoice without `shipping_option_id` answers the bot's `shipping_options`",
                crate::payments::user::pay_invoice,
            ),
            method(
                "buyPaidMedia",
                "`chat_id`, `message_id` (a paid media message)",
                "`{\"paid\":true,\"message\"}` (the message with its media) or `{\"paid\":false,\"stage\":\"balance\",\"error_message\"}`",
                crate::payments::user::buy_paid_media,
            ),
            method(
                "getStarBalance",
                "`chat_id` (a channel the person administers; without it, the person's own)",
                "the person's (or the channel's) Telegram Stars as a `StarAmount` (the operator grants them: `grantStars`; a channel earns them from suggested posts)",
                crate::payments::user::get_star_balance,
            ),
            method(
                "getStarSubscriptions",
                "—",
                "the person's Star subscriptions: `[{\"telegram_payment_charge_id\",\"bot_id\",\"invoice_payload\",\"star_count\",\"period\",\"expiration_date\",\"is_canceled\",\"is_canceled_by_bot\",\"is_ended\"}]` (`is_canceled`: by the person), latest expiry first",
                crate::payments::user::get_star_subscriptions,
            ),
            method(
                "editStarSubscription",
                "`telegram_payment_charge_id` (the subscription's first payment), `is_canceled` (required); only the person's own cancellation, not the bot's, is theirs to undo",
                "the subscription as `getStarSubscriptions` shows it; its bot gets a `subscription` update (`canceled` or `active`) when this changes it",
                crate::payments::user::edit_star_subscription,
            ),
        ]
    }
}

/// `grantStars`: the operator gives a person Stars (`user_id`, `amount`), as if bought, or a bot
/// (`bot_id`), as if earned (its ledger shows them from the partner `other`).
fn grant_stars(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        if params.get("bot_id").is_some() {
            let bot = platform.operator_bot(&params).await?;
            let amount = msg_spec::args::integer(params.get("amount")).unwrap_or(0);
            return Ok(
                json!({"bot_id": bot.id, "balance": super::ledger::grant_bot_stars(&platform, bot.id, amount).await?}),
            );
        }
        let user_id = msg_spec::args::integer(params.get("user_id")).unwrap_or(0);
        let amount = msg_spec::args::integer(params.get("amount")).unwrap_or(0);
        Ok(json!({"user_id": user_id, "balance": super::grant_stars(&platform, user_id, amount).await?}))
    })
}
