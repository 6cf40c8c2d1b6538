//! Unique gifts: a regular gift upgraded by its owner (through their business bot's
//! `upgradeGift`) becomes one of a numbered series with a model, a symbol and a backdrop of
//! their own, picked by the platform by rarity; a unique gift changes hands with
//! `transferGift`. Each is one act: the owned row, the catalogue's count of the series, and the
//! Stars paid, in one commit under the owner's lock (and the gift's, for the number).

use msg_core::ApiError;
use msg_spec::types;
use serde::{Deserialize, Serialize};

use super::{CATALOGUE, Listed, OWNED, Owned};
use crate::kernel::serial::Entity;
use crate::kernel::world::{Platform, now};
use crate::payments::ledger;

/// What the platform asks for transferring a unique gift, in Stars.
pub(crate) const TRANSFER_STARS: i64 = 25;

/// What made a gift unique.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Unique {
    /// Its number in its gift's series (1, 2, ...).
    pub number: i64,
    pub model: usize,
    pub symbol: usize,
    pub backdrop: usize,
}

/// Models: a name and how many in a thousand have it.
const MODELS: [(&str, i64); 5] = [("Classic", 400), ("Velvet", 300), ("Marble", 200), ("Aurora", 80), ("Stardust", 20)];
/// Symbols: a name and how many in a thousand have it.
const SYMBOLS: [(&str, i64); 4] = [("Star", 400), ("Heart", 300), ("Crown", 200), ("Comet", 100)];
/// Backdrops: a name, their colours (centre, edge, symbol, text) and how many in a thousand.
const BACKDROPS: [(&str, [i64; 4], i64); 4] = [
    ("Ivory", [0xf2_e8_d5, 0xd9_c7_a5, 0x8a_6d_3b, 0x3b_2f_1a], 400),
    ("Midnight", [0x2b_3a_67, 0x14_1e_3c, 0xc9_d6_ff, 0xff_ff_ff], 300),
    ("Emerald", [0x3f_b5_8a, 0x1e_6b_4f, 0xe6_ff_f3, 0xff_ff_ff], 200),
    ("Ruby", [0xd9_3b_4f, 0x7a_14_24, 0xff_e1_e6, 0xff_ff_ff], 100),
];

fn backdrop_colors(colors: [i64; 4]) -> types::UniqueGiftBackdropColors {
    types::UniqueGiftBackdropColors {
        center_color: colors[0],
        edge_color: colors[1],
        symbol_color: colors[2],
        text_color: colors[3],
    }
}

/// `getChatShareThemeBackdrops` (Bot API 10.4): the backdrops a theme of the screen for sharing
/// a link may use, the platform's unique gifts' backdrops (ids from 1, in their order).
pub(super) async fn get_chat_share_theme_backdrops(
    _platform: std::sync::Arc<Platform>,
    _call: msg_core::MethodCall,
) -> Result<msg_core::Reply, ApiError> {
    let backdrops = (1..)
        .zip(BACKDROPS)
        .map(|(id, (name, colors, _))| types::ChatShareThemeBackdrop {
            id,
            name: name.into(),
            colors: Box::new(backdrop_colors(colors)),
        })
        .collect();
    Ok(msg_core::Reply::typed(&types::ChatShareThemeBackdrops { backdrops }))
}

/// The index a rarity table gives `seed` (0..1000).
fn pick(rarities: impl Iterator<Item = i64>, seed: u64) -> usize {
    let mut left = (seed % 1000) as i64;
    for (i, per_mille) in rarities.enumerate() {
        if left < per_mille {
            return i;
        }
        left -= per_mille;
    }
    0
}

/// The traits of number `number` of gift `gift_id`: fixed for the pair, so a series is the
/// same on every server.
fn traits(gift_id: &str, number: i64) -> Unique {
    let hash = blake3::hash(format!("unique/{gift_id}/{number}").as_bytes());
    let bytes = hash.as_bytes();
    let seed = |i: usize| u64::from_le_bytes(bytes[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
    Unique {
        number,
        model: pick(MODELS.iter().map(|m| m.1), seed(0)),
        symbol: pick(SYMBOLS.iter().map(|s| s.1), seed(1)),
        backdrop: pick(BACKDROPS.iter().map(|b| b.2), seed(2)),
    }
}

/// A unique gift as `viewer` sees it.
pub(super) async fn unique_object(
    viewer: &mut super::Viewer<'_>,
    gift_id: &str,
    gift: &Listed,
    unique: &Unique,
) -> Result<types::UniqueGift, ApiError> {
    let sticker = viewer.sticker(gift).await?;
    let (model, model_rarity) = MODELS[unique.model.min(MODELS.len() - 1)];
    let (symbol, symbol_rarity) = SYMBOLS[unique.symbol.min(SYMBOLS.len() - 1)];
    let (backdrop, colors, backdrop_rarity) = BACKDROPS[unique.backdrop.min(BACKDROPS.len() - 1)];
    let base_name = gift.title.clone();
    Ok(types::UniqueGift {
        gift_id: gift_id.to_owned(),
        name: format!("{}-{}", base_name.replace(' ', ""), unique.number),
        base_name,
        number: unique.number,
        model: Box::new(types::UniqueGiftModel {
            name: model.into(),
            sticker: Box::new(sticker.clone()),
            rarity_per_mille: model_rarity,
            rarity: None,
        }),
        symbol: Box::new(types::UniqueGiftSymbol {
            name: symbol.into(),
            sticker: Box::new(sticker),
            rarity_per_mille: symbol_rarity,
        }),
        backdrop: Box::new(types::UniqueGiftBackdrop {
            name: backdrop.into(),
            colors: Box::new(backdrop_colors(colors)),
            rarity_per_mille: backdrop_rarity,
        }),
        ..Default::default()
    })
}

fn bad(message: &str) -> ApiError {
    ApiError::bad_request(message)
}

/// Owned gift `owned_gift_id` of person `owner`, read under their lock.
async fn owned(platform: &Platform, owner: i64, owned_gift_id: &str) -> Result<Owned, ApiError> {
    if owned_gift_id.is_empty() {
        return Err(bad("invalid gift identifier specified"));
    }
    OWNED.get(platform.storage.as_ref(), owner, owned_gift_id).await?.ok_or_else(|| bad("STARGIFT_NOT_FOUND"))
}

/// Person `owner`'s gift `owned_gift_id` becomes unique. `star_count`: what the caller pays
/// from the owner's Stars (0 when the sender paid for the upgrade); `may_pay`: whether the
/// caller may spend the owner's Stars.
pub(crate) async fn upgrade(
    platform: &Platform,
    owner: i64,
    owned_gift_id: &str,
    keep_original_details: bool,
    star_count: i64,
    may_pay: bool,
) -> Result<(), ApiError> {
    // The gift's lock, then the owner's: the order a sale takes them in (`sell`), so an upgrade
    // and a sale of the same gift by its owner never wait on each other. An owned gift's row
    // never changes its gift, so the one read before the locks names the right series.
    let series_of = owned(platform, owner, owned_gift_id).await?.gift_id;
    let _series = CATALOGUE.lock(&platform.locks, 0, &series_of).await;
    let _held = platform.locks.lock(Entity::User(owner)).await;
    let mut gift = owned(platform, owner, owned_gift_id).await?;
    if gift.unique.is_some() {
        return Err(bad("STARGIFT_ALREADY_UPGRADED"));
    }
    if gift.gift.upgrade_star_count == 0 {
        return Err(bad("STARGIFT_UPGRADE_UNAVAILABLE"));
    }
    let price = if gift.prepaid_upgrade_star_count > 0 { 0 } else { gift.gift.upgrade_star_count };
    match (price, star_count) {
        (0, 0) => {}
        (0, _) => return Err(bad("NO_PAYMENT_NEEDED")),
        (_, 0) => return Err(bad("PAYMENT_REQUIRED")),
        (price, paid) if paid != price => return Err(bad("STARS_AMOUNT_INVALID")),
        _ if !may_pay => return Err(bad("BOT_ACCESS_FORBIDDEN")),
        _ => {}
    }
    let balance = ledger::stars(platform, owner).await?;
    if balance < price {
        return Err(bad("BALANCE_TOO_LOW"));
    }
    // The series' next number, under the gift's lock (its row counts the upgrades).
    let listed = CATALOGUE.get(platform.storage.as_ref(), 0, &gift.gift_id).await?;
    let mut series = listed.unwrap_or_else(|| gift.gift.clone());
    series.upgraded += 1;
    gift.unique = Some(traits(&gift.gift_id, series.upgraded));
    if !keep_original_details {
        gift.text.clear();
        gift.entities = None;
    }
    let mut changes = vec![OWNED.put(owner, owned_gift_id, &gift), CATALOGUE.put(0, &gift.gift_id, &series)];
    if price > 0 {
        changes.push(ledger::set_stars(owner, balance - price));
    }
    // The upgrade shows in the owner's chat with the gift's sender, in the same commit.
    let unique = gift.unique.as_ref().expect("just made unique");
    told(platform, owner, gift.sender, &gift, unique, "upgrade", changes).await
}

/// Posts `unique_gift` (origin `origin`) as person `owner` in their private chat with `other`
/// (a person or a bot), with `changes` in the message's commit; just the changes when the two
/// have no chat (the sender is gone).
async fn told(
    platform: &Platform,
    owner: i64,
    other: i64,
    gift: &Owned,
    unique: &Unique,
    origin: &str,
    changes: Vec<msg_core::Change>,
) -> Result<(), ApiError> {
    let Some(person) = platform.user(owner).await? else { return Err(bad("STARGIFT_OWNER_INVALID")) };
    if other == owner || platform.participant(other).await?.is_none() {
        return platform.storage.apply(changes).await.map_err(crate::internal);
    }
    let shown =
        unique_object(&mut super::Viewer::new(platform, owner, false), &gift.gift_id, &gift.gift, unique).await?;
    let info = types::UniqueGiftInfo { gift: Box::new(shown), origin: origin.into(), ..Default::default() };
    let mut content =
        crate::kernel::world::Content::of(types::Message { unique_gift: Some(Box::new(info)), ..Default::default() });
    content.also = changes;
    let actor = crate::kernel::world::Actor::User(person);
    let conversation = crate::kernel::world::Conversation::private(owner, other);
    crate::messages::post(platform, &actor, conversation, content).await?;
    Ok(())
}

/// Person `owner`'s unique gift `owned_gift_id` goes to person `new_owner`, paid `star_count`
/// from the owner's Stars (the platform's [`TRANSFER_STARS`]).
pub(crate) async fn transfer(
    platform: &Platform,
    owner: i64,
    owned_gift_id: &str,
    new_owner: i64,
    star_count: i64,
    may_pay: bool,
) -> Result<(), ApiError> {
    if platform.user(new_owner).await?.is_none() || new_owner == owner {
        return Err(bad("STARGIFT_OWNER_INVALID"));
    }
    // Both owners' rows change: their locks in the order of their ids.
    let (first, second) = (owner.min(new_owner), owner.max(new_owner));
    let _first = platform.locks.lock(Entity::User(first)).await;
    let _second = platform.locks.lock(Entity::User(second)).await;
    let gift = owned(platform, owner, owned_gift_id).await?;
    if gift.unique.is_none() {
        return Err(bad("STARGIFT_NOT_UNIQUE"));
    }
    match star_count {
        0 => return Err(bad("PAYMENT_REQUIRED")),
        paid if paid != TRANSFER_STARS => return Err(bad("STARS_AMOUNT_INVALID")),
        _ if !may_pay => return Err(bad("BOT_ACCESS_FORBIDDEN")),
        _ => {}
    }
    let balance = ledger::stars(platform, owner).await?;
    if balance < TRANSFER_STARS {
        return Err(bad("BALANCE_TOO_LOW"));
    }
    let moved = Owned { sender: owner, date: now(), is_private: false, text: String::new(), entities: None, ..gift };
    let changes = vec![
        OWNED.delete(owner, owned_gift_id),
        OWNED.put(new_owner, &super::owned_key(), &moved),
        ledger::set_stars(owner, balance - TRANSFER_STARS),
    ];
    // The new owner hears of it in their chat with the old one, in the same commit.
    let unique = moved.unique.as_ref().expect("a unique gift");
    told(platform, owner, new_owner, &moved, unique, "transfer", changes).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rarities_add_up_and_a_series_is_the_same_everywhere() {
        assert_eq!(MODELS.iter().map(|m| m.1).sum::<i64>(), 1000);
        assert_eq!(SYMBOLS.iter().map(|s| s.1).sum::<i64>(), 1000);
        assert_eq!(BACKDROPS.iter().map(|b| b.2).sum::<i64>(), 1000);
        assert_eq!(traits("42", 7), traits("42", 7));
        assert_eq!(pick([400, 600].into_iter(), 399), 0);
        assert_eq!(pick([400, 600].into_iter(), 400), 1);
        let models: std::collections::HashSet<usize> = (1..200).map(|n| traits("42", n).model).collect();
        assert!(models.len() > 2, "a series has more than one model");
    }
}
