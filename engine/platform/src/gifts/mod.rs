//! Gifts: a catalogue the operator manages ([`CATALOGUE`]: prices in Stars, limited editions,
//! the price of an upgrade), which bots list (`getAvailableGifts`) and send to people and
//! channels from their Stars balance (`sendGift`), and the gifts each person or chat owns
//! ([`OWNED`]: `getUserGifts`, `getChatGifts`). A bot also gives people Telegram Premium for
//! Stars (`giftPremiumSubscription`): the person is Premium until the period ends
//! (`User.is_premium`).
//!
//! A sale is one act: the payer's balance, the bot's ledger entry, a limited gift's remaining
//! count, the receiver's owned gift and the `gift` service message in the bot's chat with the
//! person are stored in one commit, under the gift's lock and then the payer's, so an edition
//! is never oversold and no Star is made or lost (see `methods.rs`).
//!
//! A gift's sticker is drawn here (a box in the gift's colour, tied with a white ribbon), the
//! same every time, so the store holds it once; each bot and person gets file ids of their own.

pub(crate) mod domain;
mod methods;
pub(crate) mod unique;
mod user;

pub(crate) use methods::{Listing, owned_gifts};

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use msg_core::ApiError;
use msg_spec::types;
use serde::{Deserialize, Serialize};
use serde_json::Map;

use crate::kernel::file_store::{Blob, Kind, file_object};
use crate::kernel::records::Table;
use crate::kernel::world::Platform;

/// The catalogue: scope 0, key the gift's id (a decimal number, as the platform's are).
const CATALOGUE: Table<Listed> = Table::new("gift");
/// Whether the first start's catalogue was laid out (scope 0, key [`SEEDED`]): after that, what
/// the operator removed stays removed.
const CATALOGUE_STATE: Table<bool> = Table::new("gift_catalogue");
const SEEDED: &str = "seeded";
/// Owned gifts: scope the owner (a person's id, or a channel's), key the time it was received in
/// nanoseconds (20 digits) and a random part, so a scope's rows are in the order they came.
const OWNED: Table<Owned> = Table::new("owned_gift");

/// The most characters a gift's text holds (the Bot API's 0-128).
const MOST_TEXT: usize = 128;

/// A gift of the catalogue.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Listed {
    /// What it costs to send.
    pub star_count: i64,
    /// What making it unique costs (0: it can't be upgraded).
    #[serde(default)]
    pub upgrade_star_count: i64,
    /// How many can ever be sent (0: unlimited) ...
    #[serde(default)]
    pub total_count: i64,
    /// ... and how many are left.
    #[serde(default)]
    pub remaining_count: i64,
    /// The emoji its sticker stands for.
    pub emoji: String,
    /// Its sticker's colour.
    pub color: [u8; 3],
    /// Its name (a unique gift's `base_name`).
    #[serde(default = "default_title")]
    pub title: String,
    /// How many were made unique (the last unique one's number).
    #[serde(default)]
    pub upgraded: i64,
}

fn default_title() -> String {
    "Gift".into()
}

impl Listed {
    fn limited(&self) -> bool {
        self.total_count > 0
    }
}

/// A gift someone owns.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Owned {
    pub gift_id: String,
    /// The gift as it was when it was sent.
    pub gift: Listed,
    /// Who sent it (a bot or a person).
    pub sender: i64,
    pub date: i64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Vec<types::MessageEntity>>,
    /// Only the receiver sees who sent it and the text.
    #[serde(default)]
    pub is_private: bool,
    /// Stars the sender paid for the upgrade (`pay_for_upgrade`).
    #[serde(default)]
    pub prepaid_upgrade_star_count: i64,
    /// Shown on the owner's profile (`getUserGifts` lists only these).
    #[serde(default = "yes")]
    pub saved: bool,
    /// What made it unique, once upgraded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<unique::Unique>,
}

fn yes() -> bool {
    true
}

/// The catalogue a new server starts with, so bots can send gifts at once: its emoji, colour,
/// price, edition (0: unlimited) and upgrade price.
/// A standard gift: emoji, title, colour, price, edition and upgrade price.
type Standard = (&'static str, &'static str, [u8; 3], i64, i64, i64);
const STANDARD: [Standard; 6] = [
    ("🧸", "Teddy Bear", [0xc8, 0x8a, 0x4e], 15, 0, 25),
    ("❤️", "Heart", [0xe0, 0x3c, 0x4f], 15, 0, 0),
    ("🎁", "Gift Box", [0x4a, 0x90, 0xd9], 25, 0, 0),
    ("🌹", "Rose", [0xd9, 0x2b, 0x5c], 25, 0, 0),
    ("🎂", "Cake", [0xf5, 0xb0, 0x41], 50, 0, 50),
    ("💎", "Diamond", [0x3f, 0xc1, 0xc9], 100, 1000, 150),
];

/// A standard gift's id: fixed for its emoji, so every server's catalogue names it alike.
fn standard_id(emoji: &str) -> String {
    let hash = blake3::hash(format!("gift/{emoji}").as_bytes());
    (u64::from_le_bytes(hash.as_bytes()[..8].try_into().expect("8 bytes")) >> 1).to_string()
}

/// A new gift's id.
fn new_id() -> String {
    (rand::random::<u64>() >> 1).max(1).to_string()
}

/// Lays the standard catalogue out, the first time it is asked for (one read of a marker after).
async fn seeded(platform: &Platform) -> Result<(), ApiError> {
    let storage = platform.storage.as_ref();
    if CATALOGUE_STATE.get(storage, 0, SEEDED).await?.is_none() {
        let _held = CATALOGUE_STATE.lock(&platform.locks, 0, SEEDED).await;
        if CATALOGUE_STATE.get(storage, 0, SEEDED).await?.is_none() {
            let mut changes: Vec<_> = STANDARD
                .iter()
                .map(|&(emoji, title, color, star_count, total_count, upgrade_star_count)| {
                    let listed = Listed {
                        star_count,
                        upgrade_star_count,
                        total_count,
                        remaining_count: total_count,
                        emoji: emoji.to_owned(),
                        color,
                        title: title.to_owned(),
                        upgraded: 0,
                    };
                    CATALOGUE.put(0, &standard_id(emoji), &listed)
                })
                .collect();
            changes.push(CATALOGUE_STATE.put(0, SEEDED, &true));
            storage.apply(changes).await.map_err(crate::internal)?;
        }
    }
    Ok(())
}

/// The catalogue, cheapest first.
async fn catalogue(platform: &Platform) -> Result<Vec<(String, Listed)>, ApiError> {
    seeded(platform).await?;
    let storage = platform.storage.as_ref();
    let mut gifts: Vec<(String, Listed)> = CATALOGUE.all(storage, 0).await?.into_iter().collect();
    gifts.sort_by(|a, b| a.1.star_count.cmp(&b.1.star_count).then_with(|| a.0.cmp(&b.0)));
    Ok(gifts)
}

/// The catalogue's gifts that can still be bought, as `viewer` sees them: what TDLib leaves
/// out for bots (sold out) is left out.
async fn available(mut viewer: Viewer<'_>) -> Result<Vec<types::Gift>, ApiError> {
    let mut gifts = Vec::new();
    for (id, gift) in catalogue(viewer.platform).await? {
        if !(gift.limited() && gift.remaining_count == 0) {
            gifts.push(viewer.gift(&id, &gift).await?);
        }
    }
    Ok(gifts)
}

/// One gift of the catalogue.
async fn listed(platform: &Platform, gift_id: &str) -> Result<Option<Listed>, ApiError> {
    if gift_id.is_empty() || gift_id.len() > 20 {
        return Ok(None);
    }
    seeded(platform).await?;
    CATALOGUE.get(platform.storage.as_ref(), 0, gift_id).await
}

/// A gift's picture: a PNG and its content hash.
struct Picture {
    bytes: Vec<u8>,
    hash: blake3::Hash,
}

/// The picture of a gift of colour `rgb`: a box tied with a white ribbon on a transparent
/// square of 512, as a PNG (made, and hashed, once per colour).
fn picture(rgb: [u8; 3]) -> Arc<Picture> {
    type Made = Mutex<HashMap<[u8; 3], Arc<Picture>>>;
    static MADE: OnceLock<Made> = OnceLock::new();
    let made = MADE.get_or_init(Default::default);
    if let Some(picture) = made.lock().expect("gift pictures").get(&rgb) {
        return picture.clone();
    }
    let image = image::RgbaImage::from_fn(512, 512, |x, y| {
        let in_box = (96..416).contains(&x) && (160..448).contains(&y);
        let in_lid = (80..432).contains(&x) && (128..192).contains(&y);
        let ribbon = (236..276).contains(&x) || (in_box && (280..320).contains(&y));
        let (dx, dy) = (x as i32 - 256, y as i32 - 112);
        let bow = dx * dx / 4 + dy * dy <= 32 * 32 && y < 128;
        if (in_box || in_lid) && ribbon || bow {
            image::Rgba([255, 255, 255, 255])
        } else if in_lid {
            image::Rgba([rgb[0].saturating_sub(24), rgb[1].saturating_sub(24), rgb[2].saturating_sub(24), 255])
        } else if in_box {
            image::Rgba([rgb[0], rgb[1], rgb[2], 255])
        } else {
            image::Rgba([0, 0, 0, 0])
        }
    });
    let mut bytes = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).expect("a PNG encodes into memory");
    let hash = blake3::hash(&bytes);
    let picture = Arc::new(Picture { bytes, hash });
    made.lock().expect("gift pictures").insert(rgb, picture.clone());
    picture
}

/// Whom gifts are shown to in one answer, with the stickers made for it so far: each colour's
/// and emoji's sticker is stored, and linked into a bot's directory or granted to a person,
/// once per answer however many gifts show it.
pub(super) struct Viewer<'a> {
    platform: &'a Platform,
    id: i64,
    is_bot: bool,
    made: HashMap<([u8; 3], String), types::Sticker>,
}

impl<'a> Viewer<'a> {
    pub(super) fn new(platform: &'a Platform, id: i64, is_bot: bool) -> Self {
        Self { platform, id, is_bot, made: HashMap::new() }
    }

    /// A gift's sticker as the viewer gets it: their own file id.
    async fn sticker(&mut self, gift: &Listed) -> Result<types::Sticker, ApiError> {
        let key = (gift.color, gift.emoji.clone());
        if let Some(sticker) = self.made.get(&key) {
            return Ok(sticker.clone());
        }
        let (platform, picture) = (self.platform, picture(gift.color));
        let blob = if platform.files.ensure_local(&picture.hash).await? {
            Blob { hash: picture.hash, size: picture.bytes.len() as u64 }
        } else {
            platform.files.ingest_bytes(picture.bytes.clone()).await?
        };
        let mut fields = Map::new();
        fields.insert("type".into(), "regular".into());
        fields.insert("width".into(), 512.into());
        fields.insert("height".into(), 512.into());
        fields.insert("is_animated".into(), false.into());
        fields.insert("is_video".into(), false.into());
        fields.insert("emoji".into(), gift.emoji.clone().into());
        let object = file_object(self.id, Kind::Sticker, &blob, fields);
        if self.is_bot {
            platform.files.link(self.id, &blob, Kind::Sticker, "png", &object).await?;
        } else {
            platform.files.grant(self.id, &[picture.hash]).await?;
        }
        let sticker: types::Sticker =
            serde_json::from_value(object).map_err(|_| ApiError::internal("a gift's sticker is damaged"))?;
        self.made.insert(key, sticker.clone());
        Ok(sticker)
    }

    /// A gift as the viewer sees it.
    pub(super) async fn gift(&mut self, id: &str, gift: &Listed) -> Result<types::Gift, ApiError> {
        Ok(types::Gift {
            id: id.to_owned(),
            sticker: Box::new(self.sticker(gift).await?),
            star_count: gift.star_count,
            upgrade_star_count: (gift.upgrade_star_count > 0).then_some(gift.upgrade_star_count),
            total_count: gift.limited().then_some(gift.total_count),
            remaining_count: gift.limited().then_some(gift.remaining_count),
            ..Default::default()
        })
    }
}

/// Whether an owned gift may be converted to Stars: a bot's gifts may not (the Bot API's
/// `sendGift`: "can't be converted to Telegram Stars by the receiver").
async fn convertible(platform: &Platform, owned: &Owned) -> Result<bool, ApiError> {
    Ok(owned.unique.is_none() && platform.user(owned.sender).await?.is_some())
}

/// Gift `owned_gift_id` of person `owner` becomes Stars on their balance (its price), in one
/// commit, under the person's lock; returns the new balance.
pub(crate) async fn convert(platform: &Platform, owner: i64, owned_gift_id: &str) -> Result<i64, ApiError> {
    let bad = ApiError::bad_request;
    if owned_gift_id.is_empty() {
        return Err(bad("invalid gift identifier specified"));
    }
    let _held = platform.locks.lock(crate::kernel::serial::Entity::User(owner)).await;
    let owned =
        OWNED.get(platform.storage.as_ref(), owner, owned_gift_id).await?.ok_or_else(|| bad("STARGIFT_NOT_FOUND"))?;
    if !convertible(platform, &owned).await? {
        return Err(bad("STARGIFT_CONVERT_FORBIDDEN"));
    }
    let balance = crate::payments::ledger::stars(platform, owner).await? + owned.gift.star_count;
    let changes = vec![OWNED.delete(owner, owned_gift_id), crate::payments::ledger::set_stars(owner, balance)];
    platform.storage.apply(changes).await.map_err(crate::internal)?;
    Ok(balance)
}

/// The row key of a gift received now.
fn owned_key() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{nanos:020}-{:08x}", rand::random::<u32>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_gifts_have_fixed_ids_of_their_own_and_one_picture_per_colour() {
        let ids: std::collections::HashSet<String> = STANDARD.iter().map(|g| standard_id(g.0)).collect();
        assert_eq!(ids.len(), STANDARD.len());
        assert_eq!(standard_id("🧸"), standard_id("🧸"));
        assert!(Arc::ptr_eq(&picture(STANDARD[0].2), &picture(STANDARD[0].2)));
        assert_ne!(picture(STANDARD[0].2).bytes, picture(STANDARD[1].2).bytes);
        assert_eq!(picture([1, 2, 3]).hash, blake3::hash(&picture([1, 2, 3]).bytes));
        let image = image::load_from_memory(&picture([1, 2, 3]).bytes).expect("a PNG");
        assert_eq!((image.width(), image.height()), (512, 512));
    }
}
