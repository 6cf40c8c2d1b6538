//! The platform's own checks of an invoice, after the reference's parameter checks: TDLib's
//! (amounts and tips, its wording), then the platform's (the payload, the currency and the
//! total's bounds in it, the provider, Telegram Stars' rules, as `Bad Request: <NAME>`).
//!
//! The currencies are Telegram's published table, `currencies.json` beside this file: a copy of
//! <https://core.telegram.org/bots/payments/currencies.json> as crawled into the public repository
//! MarshalX/telegram-crawler (`data/core.telegram.org/bots/payments/currencies.json`, commit
//! 02f06174e50bae7b77a669b3eaa98e43585acbf4, about 2021). `exp` is the number of digits after the
//! decimal point (amounts are in the smallest unit); a total outside `min_amount..=max_amount`
//! (about US$1 to US$10,000 at that day's rates) is refused. Stars (`XTR`) are not in it: one
//! to 100,000 Stars an invoice (measured on the public platform by a third party).
//! Title and description lengths (1–32, 1–255) are the Bot API's; the public platform's error
//! names for them are not documented, so these are the embedded platform's.

use std::collections::HashMap;
use std::sync::OnceLock;

use msg_core::ApiError;
use serde_json::Value;

use crate::payments::Terms;

/// Telegram Stars.
pub(super) const STARS: &str = "XTR";
/// The most Stars one invoice asks.
const MOST_STARS: i64 = 100_000;
/// TDLib's bound on any amount (`check_currency_amount`).
const MOST_AMOUNT: i64 = 999_999_999_999;

/// A currency's `exp`, `min_amount` and `max_amount`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Currency {
    pub exp: u32,
    pub min: i64,
    pub max: i64,
}

/// Telegram's currencies by code.
pub(crate) fn table() -> &'static HashMap<String, Currency> {
    static TABLE: OnceLock<HashMap<String, Currency>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let all: HashMap<String, Value> =
            serde_json::from_str(include_str!("currencies.json")).expect("currencies.json");
        let number = |v: &Value| v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).expect("an amount");
        all.into_iter()
            .map(|(code, c)| {
                let currency = Currency {
                    exp: c["exp"].as_u64().expect("exp") as u32,
                    min: number(&c["min_amount"]),
                    max: number(&c["max_amount"]),
                };
                (code, currency)
            })
            .collect()
    })
}

/// The bounds of a total in `currency`.
fn bounds(currency: &str) -> Option<(i64, i64)> {
    if currency == STARS {
        return Some((1, MOST_STARS));
    }
    table().get(currency).map(|c| (c.min, c.max))
}

/// Whether `token` is a test provider's token (`<provider id>:TEST:<secret>`), the only
/// provider the embedded platform has.
fn test_provider(token: &str) -> bool {
    let mut parts = token.splitn(3, ':');
    matches!(
        (parts.next(), parts.next(), parts.next()),
        (Some(id), Some("TEST"), Some(secret)) if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && !secret.is_empty()
    )
}

/// `configured`: the provider token the operator made for the bot (`bot set --payment-provider
/// test`), the only one it may use then; without one, any test provider's token.
pub(crate) fn check(
    title: &str,
    description: &str,
    provider_token: &str,
    configured: Option<&str>,
    terms: &Terms,
) -> Result<(), ApiError> {
    let bad = ApiError::bad_request;
    // TDLib's, in its order.
    if terms.prices.iter().any(|p| p.amount.abs() > MOST_AMOUNT) {
        return Err(bad("Too big amount of the currency specified"));
    }
    let total = terms.total();
    if total <= 0 {
        return Err(bad("Total price must be positive"));
    }
    if total > MOST_AMOUNT {
        return Err(bad("Total price is too big"));
    }
    if terms.max_tip_amount < 0 || terms.max_tip_amount > MOST_AMOUNT {
        return Err(bad("Invalid max_tip_amount of the currency specified"));
    }
    for tip in &terms.suggested_tip_amounts {
        if *tip <= 0 {
            return Err(bad("Suggested tip amount must be positive"));
        }
        if *tip > terms.max_tip_amount {
            return Err(bad("Suggested tip amount can't be bigger than max_tip_amount"));
        }
    }
    if terms.suggested_tip_amounts.len() > 4 {
        return Err(bad("There can be at most 4 suggested tip amounts"));
    }
    // The platform's.
    if title.chars().count() > 32 {
        return Err(bad("INVOICE_TITLE_INVALID"));
    }
    if description.chars().count() > 255 {
        return Err(bad("INVOICE_DESCRIPTION_INVALID"));
    }
    if terms.payload.len() > 128 {
        return Err(bad("INVOICE_PAYLOAD_INVALID"));
    }
    if terms.suggested_tip_amounts.windows(2).any(|w| w[0] >= w[1]) {
        return Err(bad("SUGGESTED_TIP_AMOUNTS_INVALID"));
    }
    let Some((min, max)) = bounds(&terms.currency) else { return Err(bad("CURRENCY_INVALID")) };
    if terms.currency == STARS {
        if !provider_token.is_empty() || terms.prices.len() != 1 || terms.max_tip_amount != 0 {
            return Err(bad("STARS_INVOICE_INVALID"));
        }
    } else if !configured.map_or_else(|| test_provider(provider_token), |token| token == provider_token) {
        return Err(bad("PAYMENT_PROVIDER_INVALID"));
    }
    if total < min || total > max {
        return Err(bad("CURRENCY_TOTAL_AMOUNT_INVALID"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_telegrams_currencies_with_their_digits_and_bounds() {
        let table = table();
        assert_eq!(table.len(), 84);
        assert_eq!(table["USD"], Currency { exp: 2, min: 100, max: 1_000_000 });
        assert_eq!(table["JPY"].exp, 0);
        assert!(table.values().all(|c| 0 < c.min && c.min < c.max));
        assert!(!table.contains_key(STARS));
    }

    #[test]
    fn test_tokens_are_the_only_providers() {
        assert!(test_provider("284685063:TEST:abc"));
        assert!(!test_provider("284685063:LIVE:abc"));
        assert!(!test_provider(":TEST:abc"));
        assert!(!test_provider("284685063:TEST:"));
        assert!(!test_provider(""));
    }
}
