//! The gifts domain as the platform lists it (see [`Domain`]), with the operator's catalogue
//! (`setGift`, `listGifts`, `deleteGift`).

use std::sync::Arc;

use msg_core::method::{Late, bound, read_only};
use msg_core::{ApiError, Params, Registrar};
use serde_json::{Value, json};

use super::{CATALOGUE, Listed};
use crate::Platform;
use crate::kernel::domain::{Domain, OperatorVerb, OperatorWork};
use crate::kernel::user::{UserMethod, method};

pub(crate) struct Gifts;

impl Domain for Gifts {
    fn name(&self) -> &'static str {
        "gifts"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("getAvailableGifts", read_only(bound(slot, super::methods::get_available_gifts)));
        registrar.method(
            "getChatShareThemeBackdrops",
            read_only(bound(slot, super::unique::get_chat_share_theme_backdrops)),
        );
        registrar.method("sendGift", bound(slot, super::methods::send_gift));
        registrar.method("giftPremiumSubscription", bound(slot, super::methods::gift_premium_subscription));
        registrar.method("getUserGifts", read_only(bound(slot, super::methods::get_user_gifts)));
        registrar.method("getChatGifts", read_only(bound(slot, super::methods::get_chat_gifts)));
    }

    fn operator_verbs(&self) -> &'static [OperatorVerb] {
        &[
            OperatorVerb { name: "setGift", run: set_gift },
            OperatorVerb { name: "listGifts", run: list_gifts },
            OperatorVerb { name: "deleteGift", run: delete_gift },
        ]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "getAvailableGifts",
                "—",
                "`Gifts`: the catalogue's gifts that can still be bought, cheapest first, as bots list them",
                super::user::get_available_gifts,
            ),
            method(
                "getGifts",
                "`user_id` or `chat_id` (a chat the person can see; neither: the person), `sort_by_price`, `offset`, `limit` (1-100)",
                "`OwnedGifts`: the gifts they own, newest first (the person's own include those hidden from their profile); a private gift's sender and text only for its receiver",
                super::user::get_gifts,
            ),
            method(
                "sendGift",
                "`gift_id`, `user_id` (a person) or `chat_id` (a channel), `text` (0-128 characters), `text_parse_mode`, `text_entities`, `is_private`, `pay_for_upgrade`",
                "`{\"sent\":true,\"star_balance\"}`: the gift paid from the person's Stars (`BALANCE_TOO_LOW`, `STARGIFT_USAGE_LIMITED`, ... as for bots)",
                super::user::send_gift,
            ),
        ]
    }
}

/// A gift of the catalogue as the operator sees it.
fn listed_json(id: &str, gift: &Listed) -> Value {
    let [r, g, b] = gift.color;
    json!({
        "gift_id": id,
        "title": gift.title,
        "emoji": gift.emoji,
        "color": format!("#{r:02x}{g:02x}{b:02x}"),
        "star_count": gift.star_count,
        "upgrade_star_count": gift.upgrade_star_count,
        "total_count": gift.total_count,
        "remaining_count": gift.remaining_count,
    })
}

fn bad(message: &str) -> ApiError {
    ApiError::bad_request(message)
}

/// `setGift`: adds a gift to the catalogue, or changes gift `gift_id`: `title` (its name, a
/// unique one's `base_name`), `star_count` (1-100000, required), `upgrade_star_count` (0: it can't be upgraded), `total_count` (a limited edition of
/// so many; 0: unlimited; a change keeps what was sold), `emoji` and `color` (`#rrggbb`) of its
/// sticker.
fn set_gift(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        let star_count = params.integer("star_count", 0, 0, i64::MAX);
        if !(1..=100_000).contains(&star_count) {
            return Err(bad("star_count must be between 1 and 100000"));
        }
        let upgrade_star_count = params.integer("upgrade_star_count", 0, 0, i64::MAX);
        if upgrade_star_count > 100_000 {
            return Err(bad("upgrade_star_count must be between 0 and 100000"));
        }
        let total_count = params.integer("total_count", 0, 0, i64::MAX);
        if total_count > 1_000_000 {
            return Err(bad("total_count must be between 0 and 1000000"));
        }
        let emoji = params.get("emoji").filter(|e| !e.is_empty()).unwrap_or("🎁");
        if emoji.chars().count() > 8 {
            return Err(bad("emoji must be one emoji"));
        }
        let color = match params.get("color").filter(|c| !c.is_empty()) {
            None => None,
            Some(hex) => Some(parse_color(hex).ok_or_else(|| bad("color must be #rrggbb"))?),
        };
        super::seeded(&platform).await?;
        let id = match params.get("gift_id").filter(|i| !i.is_empty()) {
            Some(id) => id.to_owned(),
            None => super::new_id(),
        };
        let _held = CATALOGUE.lock(&platform.locks, 0, &id).await;
        let was = CATALOGUE.get(platform.storage.as_ref(), 0, &id).await?;
        if was.is_none() && params.get("gift_id").is_some_and(|i| !i.is_empty()) {
            return Err(bad("gift not found"));
        }
        let sold = was.as_ref().map_or(0, |w| (w.total_count - w.remaining_count).max(0));
        let title = match params.get("title").filter(|t| !t.trim().is_empty()) {
            Some(title) if title.chars().count() > 32 => return Err(bad("title must be at most 32 characters")),
            Some(title) => title.trim().to_owned(),
            None => was.as_ref().map_or_else(super::default_title, |w| w.title.clone()),
        };
        let upgraded = was.as_ref().map_or(0, |w| w.upgraded);
        let gift = Listed {
            title,
            upgraded,
            star_count,
            upgrade_star_count,
            total_count,
            remaining_count: if total_count > 0 { (total_count - sold).max(0) } else { 0 },
            emoji: emoji.to_owned(),
            color: color.or(was.map(|w| w.color)).unwrap_or([0x4a, 0x90, 0xd9]),
        };
        platform.storage.apply(vec![CATALOGUE.put(0, &id, &gift)]).await.map_err(crate::internal)?;
        Ok(listed_json(&id, &gift))
    })
}

/// `#rrggbb` as its three bytes.
fn parse_color(hex: &str) -> Option<[u8; 3]> {
    let digits = hex.strip_prefix('#').unwrap_or(hex);
    if digits.len() != 6 || !digits.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// `listGifts`: the catalogue, cheapest first.
fn list_gifts(platform: Arc<Platform>, _params: Params) -> OperatorWork {
    Box::pin(async move {
        let gifts = super::catalogue(&platform).await?;
        Ok(Value::Array(gifts.iter().map(|(id, gift)| listed_json(id, gift)).collect()))
    })
}

/// `deleteGift`: gift `gift_id` is sold no more (those who own one keep it).
fn delete_gift(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        super::seeded(&platform).await?;
        let id = params.get("gift_id").unwrap_or_default().to_owned();
        let _held = CATALOGUE.lock(&platform.locks, 0, &id).await;
        let was = CATALOGUE.get(platform.storage.as_ref(), 0, &id).await?.is_some();
        platform.storage.apply(vec![CATALOGUE.delete(0, &id)]).await.map_err(crate::internal)?;
        Ok(json!(was))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn colours_are_read_as_hex() {
        assert_eq!(super::parse_color("#4a90D9"), Some([0x4a, 0x90, 0xd9]));
        assert_eq!(super::parse_color("4a90d9"), Some([0x4a, 0x90, 0xd9]));
        assert_eq!(super::parse_color("#4a90d"), None);
        assert_eq!(super::parse_color("#4a90dé"), None);
    }
}
