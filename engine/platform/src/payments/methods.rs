//! Payments' Bot API methods: `sendInvoice`, `answerShippingQuery`, `answerPreCheckoutQuery`,
//! with the reference's parameter checks in its order (`get_input_message_invoice`,
//! `get_labeled_price_parts`, `get_suggested_tip_amounts`, `get_shipping_options`), then the
//! platform's own (the currency and its amounts, the provider, Stars' rules: `currencies.rs`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use msg_spec::types::{self, LabeledPrice, ShippingOption};
use serde_json::{Value, json};

use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::Actor;
use crate::messages;
use crate::messages::send::SendOptions;
use crate::payments::{Terms, currencies};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// A required string field of a JSON object, as td's `get_required_string_field` reads it.
fn string_field<'a>(object: &'a serde_json::Map<String, Value>, name: &str) -> Result<&'a str, String> {
    match object.get(name) {
        None => Err(format!("Can't find field \"{name}\"")),
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(format!("Field \"{name}\" must be of type String")),
    }
}

/// A required integer field (a Number, or a String holding one), as td's `get_required_long_field`.
fn long_field(object: &serde_json::Map<String, Value>, name: &str) -> Result<i64, String> {
    let parsed = match object.get(name) {
        None => return Err(format!("Can't find field \"{name}\"")),
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        Some(_) => None,
    };
    parsed.ok_or_else(|| format!("Field \"{name}\" must be a valid Number"))
}

/// `get_labeled_price_parts`: a non-empty array of `LabeledPrice`.
fn labeled_prices(value: &Value) -> Result<Vec<LabeledPrice>, String> {
    let Value::Array(items) = value else { return Err("Expected an Array of labeled prices".into()) };
    let mut prices = Vec::new();
    for item in items {
        let price = (|| {
            let Value::Object(object) = item else { return Err("LabeledPrice must be an Object".to_owned()) };
            let label = string_field(object, "label")?;
            if label.is_empty() {
                return Err("LabeledPrice label must be non-empty".into());
            }
            Ok(LabeledPrice { label: label.to_owned(), amount: long_field(object, "amount")? })
        })();
        prices.push(price.map_err(|e| format!("Can't parse labeled price: {e}"))?);
    }
    if prices.is_empty() {
        return Err("There must be at least one price".into());
    }
    Ok(prices)
}

/// `get_suggested_tip_amounts`.
fn tip_amounts(value: &Value) -> Result<Vec<i64>, ApiError> {
    let Value::Array(items) = value else { return Err(bad("Expected an Array of suggested tip amounts")) };
    items
        .iter()
        .map(|amount| {
            let number = match amount {
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.clone(),
                _ => return Err(bad("Suggested tip amount must be of type Number or String")),
            };
            number.parse::<i64>().map_err(|_| bad("Can't parse suggested tip amount as Number"))
        })
        .collect()
}

/// The parameters `sendInvoice` and `createInvoiceLink` share.
struct Asked<'a> {
    title: &'a str,
    description: &'a str,
    payload: &'a str,
    currency: &'a str,
    prices: Option<&'a str>,
    suggested_tip_amounts: Option<&'a str>,
    start_parameter: Option<&'a str>,
    need_name: bool,
    need_phone_number: bool,
    need_email: bool,
    need_shipping_address: bool,
    send_phone_number_to_provider: bool,
    send_email_to_provider: bool,
    is_flexible: bool,
}

macro_rules! asked {
    ($p:expr, $start:expr) => {
        Asked {
            title: $p.title,
            description: $p.description,
            payload: $p.payload,
            currency: $p.currency,
            prices: $p.prices,
            suggested_tip_amounts: $p.suggested_tip_amounts,
            start_parameter: $start,
            need_name: $p.need_name,
            need_phone_number: $p.need_phone_number,
            need_email: $p.need_email,
            need_shipping_address: $p.need_shipping_address,
            send_phone_number_to_provider: $p.send_phone_number_to_provider,
            send_email_to_provider: $p.send_email_to_provider,
            is_flexible: $p.is_flexible,
        }
    };
}

/// The invoice and its terms from `sendInvoice`'s or `createInvoiceLink`'s parameters
/// (`get_input_message_invoice`; TDLib's and the platform's checks follow the chat's, in
/// [`currencies::check`]). As TDLib does,
/// sending the phone number or e-mail to the provider asks for it, and a flexible price asks
/// for the shipping address; a Stars invoice asks for none of them ([`Terms::applied`]).
fn invoice(p: &Asked<'_>, raw: &msg_core::Params) -> Result<(types::Invoice, Terms), ApiError> {
    let required =
        |value: &str, name: &str| if value.is_empty() { Err(ApiError::parameter_required(name)) } else { Ok(()) };
    required(p.title, "title")?;
    required(p.description, "description")?;
    required(p.payload, "payload")?;
    required(p.currency, "currency")?;
    let prices = p.prices.filter(|v| !v.is_empty()).ok_or_else(|| ApiError::parameter_required("prices"))?;
    let prices: Value = serde_json::from_str(prices).map_err(|_| bad("Can't parse prices JSON object"))?;
    let prices = labeled_prices(&prices).map_err(bad)?;
    let max_tip_amount = match raw.get("max_tip_amount").filter(|v| !v.is_empty()) {
        Some(text) => text.trim().parse().map_err(|_| bad("Can't parse \"max_tip_amount\" as Number"))?,
        None => 0,
    };
    let suggested_tip_amounts = match p.suggested_tip_amounts.filter(|v| !v.is_empty()) {
        Some(raw) => {
            let value: Value =
                serde_json::from_str(raw).map_err(|_| bad("Can't parse suggested_tip_amounts JSON object"))?;
            tip_amounts(&value)?
        }
        None => Vec::new(),
    };
    let terms = Terms {
        payload: p.payload.to_owned(),
        // Apps and libraries write currencies in any case (telegraf's shop example: `usd`).
        currency: p.currency.to_ascii_uppercase(),
        prices,
        max_tip_amount,
        suggested_tip_amounts,
        need_name: p.need_name,
        need_phone_number: p.need_phone_number || p.send_phone_number_to_provider,
        need_email: p.need_email || p.send_email_to_provider,
        need_shipping_address: p.need_shipping_address || p.is_flexible,
        is_flexible: p.is_flexible,
        subscription_period: 0,
    }
    .applied();
    let invoice = types::Invoice {
        title: p.title.to_owned(),
        description: p.description.to_owned(),
        start_parameter: p.start_parameter.unwrap_or_default().to_owned(),
        currency: terms.currency.clone(),
        total_amount: terms.total(),
    };
    Ok((invoice, terms))
}

/// TDLib's and the platform's checks of an invoice, with the provider token the operator made
/// for the bot, if any.
async fn checked(
    platform: &Platform,
    bot_id: i64,
    title: &str,
    description: &str,
    provider_token: Option<&str>,
    terms: &Terms,
) -> Result<(), ApiError> {
    let configured =
        platform.storage.load_bot_setting(bot_id, super::PAYMENT_PROVIDER).await.map_err(crate::internal)?;
    currencies::check(title, description, provider_token.unwrap_or_default(), configured.as_deref(), terms)
}

pub(super) async fn send_invoice(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendInvoice = args(&call.params)?;
    let (invoice, terms) = invoice(&asked!(p, p.start_parameter), &call.params)?;
    let options = SendOptions::read(&p, &call.params)?;
    options.without_business()?;
    let bot = platform_bot(&platform, &call).await?;
    let actor = Actor::Bot(bot.clone());
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    checked(&platform, bot.id, p.title, p.description, p.provider_token, &terms).await?;
    let body = types::Message { invoice: Some(Box::new(invoice)), ..Default::default() };
    let mut content = options.content(String::new(), None, body);
    // An invoice's own keyboard starts with its Pay button.
    if let Some(first) = content.reply_markup.as_ref().and_then(|m| m["inline_keyboard"][0][0].as_object())
        && first.get("pay") != Some(&json!(true))
    {
        return Err(bad("REPLY_MARKUP_BUY_EMPTY"));
    }
    content.attached.push(super::invoice_row(bot.id, conversation, &terms));
    Ok(messages::post(&platform, &actor, conversation, content).await?.into())
}

pub(super) async fn answer_shipping_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AnswerShippingQuery = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let answer = if p.ok {
        let raw = p
            .shipping_options
            .filter(|v| !v.is_empty())
            .ok_or_else(|| ApiError::parameter_required("shipping_options"))?;
        let value: Value = serde_json::from_str(raw).map_err(|_| bad("Can't parse shipping options JSON object"))?;
        json!({"ok": true, "shipping_options": shipping_options(&value)?})
    } else {
        let message =
            p.error_message.filter(|v| !v.is_empty()).ok_or_else(|| ApiError::parameter_required("error_message"))?;
        json!({"ok": false, "error_message": message})
    };
    platform.answer_query(bot.id, p.shipping_query_id, answer).await?;
    done()
}

/// `get_shipping_options`.
fn shipping_options(value: &Value) -> Result<Vec<ShippingOption>, ApiError> {
    let Value::Array(items) = value else { return Err(bad("Expected an Array of shipping options")) };
    let mut options = Vec::new();
    for item in items {
        let option = (|| {
            let Value::Object(object) = item else { return Err("ShippingOption must be an Object".to_owned()) };
            let id = string_field(object, "id")?;
            if id.is_empty() {
                return Err("ShippingOption identifier must be non-empty".into());
            }
            let title = string_field(object, "title")?;
            if title.is_empty() {
                return Err("ShippingOption title must be non-empty".into());
            }
            let prices = match object.get("prices") {
                None => return Err("Can't find field \"prices\"".into()),
                Some(prices @ Value::Array(_)) => labeled_prices(prices),
                Some(_) => return Err("Field \"prices\" must be of type Array".into()),
            };
            let prices = prices.map_err(|e| format!("Can't parse shipping option prices: {e}"))?;
            Ok(ShippingOption { id: id.to_owned(), title: title.to_owned(), prices })
        })();
        options.push(option.map_err(|e| bad(format!("Can't parse shipping option: {e}")))?);
    }
    if options.is_empty() {
        return Err(bad("There must be at least one shipping option"));
    }
    Ok(options)
}

pub(super) async fn answer_pre_checkout_query(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AnswerPreCheckoutQuery = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let answer = if p.ok {
        json!({"ok": true})
    } else {
        let message =
            p.error_message.filter(|v| !v.is_empty()).ok_or_else(|| ApiError::parameter_required("error_message"))?;
        json!({"ok": false, "error_message": message})
    };
    platform.answer_query(bot.id, p.pre_checkout_query_id, answer).await?;
    done()
}

pub(super) async fn get_my_star_balance(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let balance = types::StarAmount { amount: super::stars(&platform, bot.id).await?, ..Default::default() };
    Ok(crate::kernel::world::typed(&balance).into())
}

pub(super) async fn get_star_transactions(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let offset = call.params.integer("offset", 0, 0, i64::from(i32::MAX)) as usize;
    let limit = call.params.integer("limit", 100, 1, 100) as usize;
    let bot = platform_bot(&platform, &call).await?;
    let transactions = super::ledger(&platform, bot.id)
        .await?
        .into_iter()
        .skip(offset)
        .take(limit)
        .map(|(_, e)| e.transaction)
        .collect();
    Ok(crate::kernel::world::typed(&types::StarTransactions { transactions }).into())
}

pub(super) async fn refund_star_payment(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let user_id = msg_spec::args::integer(call.params.get("user_id")).unwrap_or(0).max(0);
    if user_id == 0 {
        return Err(bad("Invalid user_id specified"));
    }
    let charge_id = call.params.get("telegram_payment_charge_id").filter(|v| !v.is_empty());
    let charge_id = charge_id.ok_or_else(|| ApiError::parameter_required("telegram_payment_charge_id"))?;
    let bot = platform_bot(&platform, &call).await?;
    super::refund_stars(&platform, &bot, user_id, charge_id).await?;
    done()
}

pub(super) async fn create_invoice_link(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CreateInvoiceLink = args(&call.params)?;
    let (invoice, terms) = invoice(&asked!(p, None), &call.params)?;
    if p.business_connection_id.is_some_and(|b| !b.is_empty()) {
        return Err(bad("business connection not found"));
    }
    let bot = platform_bot(&platform, &call).await?;
    checked(&platform, bot.id, p.title, p.description, p.provider_token, &terms).await?;
    let mut terms = terms;
    let period = call.params.integer("subscription_period", 0, 0, i64::from(i32::MAX));
    if period != 0 {
        crate::payments::subscriptions::check(period, &terms)?;
        terms.subscription_period = period;
    }
    let slug = {
        use base64::Engine as _;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(msg_core::random::bytes::<12>())
    };
    let linked = crate::payments::Linked { invoice, terms };
    platform.storage.apply(vec![crate::payments::LINKS.put(bot.id, &slug, &linked)]).await.map_err(crate::internal)?;
    Ok(json!(format!("https://t.me/${slug}")).into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn prices_are_a_non_empty_array_of_labelled_amounts_read_as_td_reads_them() {
        let read = labeled_prices(&json!([{"label": "Tea", "amount": 150}, {"label": "Cake", "amount": "75"}]));
        let read: Vec<(String, i64)> = read.unwrap().into_iter().map(|p| (p.label, p.amount)).collect();
        assert_eq!(read, [("Tea".to_owned(), 150), ("Cake".to_owned(), 75)], "an amount may be a String");
        let refused = |value: Value| labeled_prices(&value).expect_err("must be refused");
        assert_eq!(refused(json!({})), "Expected an Array of labeled prices");
        assert_eq!(refused(json!([])), "There must be at least one price");
        assert_eq!(refused(json!([1])), "Can't parse labeled price: LabeledPrice must be an Object");
        assert_eq!(refused(json!([{"amount": 1}])), "Can't parse labeled price: Can't find field \"label\"");
        assert_eq!(
            refused(json!([{"label": 5, "amount": 1}])),
            "Can't parse labeled price: Field \"label\" must be of type String"
        );
        assert_eq!(
            refused(json!([{"label": "", "amount": 1}])),
            "Can't parse labeled price: LabeledPrice label must be non-empty"
        );
        assert_eq!(
            refused(json!([{"label": "Tea", "amount": "a lot"}])),
            "Can't parse labeled price: Field \"amount\" must be a valid Number"
        );
    }

    #[test]
    fn tip_amounts_are_numbers_or_strings_holding_them() {
        assert_eq!(tip_amounts(&json!([100, "200"])).unwrap(), [100, 200]);
        let refused = |value: Value| tip_amounts(&value).expect_err("must be refused").description.into_owned();
        assert_eq!(refused(json!(100)), "Bad Request: expected an Array of suggested tip amounts");
        assert_eq!(refused(json!([true])), "Bad Request: suggested tip amount must be of type Number or String");
        assert_eq!(refused(json!(["ten"])), "Bad Request: can't parse suggested tip amount as Number");
    }
}
