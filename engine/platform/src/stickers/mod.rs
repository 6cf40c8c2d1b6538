//! Sticker sets: a bot makes sets for a person (`createNewStickerSet`, from files it uploaded with
//! `uploadStickerFile` or sends with the set), reads them (`getStickerSet`: any bot, each getting
//! file ids of its own), and changes its own sets (`addStickerToSet`, `replaceStickerInSet`,
//! `setStickerPositionInSet`, `deleteStickerFromSet`, `setStickerEmojiList`, `setStickerKeywords`,
//! `setStickerSetTitle`, `setStickerSetThumbnail`, `deleteStickerSet`). A set
//! is one row of [`SETS`] under its bot, read, changed and written back under the set's lock; a
//! sticker's set is found by its content through [`OF_FILE`]. The checks and words are the
//! reference's (its InputSticker parser), TDLib's and the platform's.

pub(crate) mod domain;
mod icons;
mod methods;
pub(crate) mod user;

pub(crate) use self::icons::topic_icons;

use msg_core::ApiError;
use msg_spec::types;
use serde::{Deserialize, Serialize};

use crate::kernel::records::Table;
use crate::kernel::world::{Hooked, Platform};

/// Sticker sets: scope the bot that made it, key its name in lower case.
const SETS: Table<StickerSet> = Table::new("sticker_set");
/// Which set a sticker is in: scope the set's bot, key the sticker's `file_unique_id`, value the
/// set's key.
const OF_FILE: Table<String> = Table::new("sticker_of_set");

/// Which set a custom emoji is in: scope the set's bot, key the sticker's `custom_emoji_id`,
/// value the set's key (`getCustomEmojiStickers`).
const OF_EMOJI: Table<String> = Table::new("sticker_custom_emoji");

/// Most stickers a regular set holds (the Bot API's 120).
const MOST_STICKERS: usize = 120;

/// A sticker set as kept.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct StickerSet {
    pub name: String,
    pub title: String,
    pub sticker_type: String,
    /// The person the set was made for.
    pub owner: i64,
    pub stickers: Vec<SetSticker>,
    /// A custom emoji set's thumbnail: one of its stickers, by its custom emoji id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_custom_emoji_id: Option<String>,
    /// A regular or mask set's own thumbnail (`setStickerSetThumbnail`), file ids as its bot has
    /// them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<types::PhotoSize>,
}

/// A sticker in a set: as its bot sees it, with its emoji and keywords.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct SetSticker {
    pub sticker: types::Sticker,
    pub emoji_list: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
}

impl StickerSet {
    /// The set as the Bot API shows it (file ids as its bot has them).
    pub(crate) fn shown(&self) -> types::StickerSet {
        let stickers: Vec<types::Sticker> = self
            .stickers
            .iter()
            .map(|s| {
                let mut sticker = s.sticker.clone();
                sticker.set_name = Some(self.name.clone());
                sticker.emoji = s.emoji_list.first().cloned();
                sticker
            })
            .collect();
        let emoji_thumbnail = self.thumbnail_custom_emoji_id.as_ref().and_then(|id| {
            let s = stickers.iter().find(|s| s.custom_emoji_id.as_ref() == Some(id))?;
            Some(Box::new(types::PhotoSize {
                file_id: s.file_id.clone(),
                file_unique_id: s.file_unique_id.clone(),
                width: s.width,
                height: s.height,
                file_size: s.file_size,
            }))
        });
        let thumbnail = self.thumbnail.clone().map(Box::new).or(emoji_thumbnail);
        types::StickerSet {
            name: self.name.clone(),
            title: self.title.clone(),
            sticker_type: self.sticker_type.clone(),
            stickers,
            thumbnail,
        }
    }
}

/// The platform's rules for a set's name: English letters, digits and underscores, a letter
/// first, no two underscores in a row, at most 64 characters, ending in `_by_<bot username>`
/// (any case).
fn valid_name(name: &str, bot_username: &str) -> bool {
    let suffix = format!("_by_{}", bot_username.to_lowercase());
    name.len() <= 64
        && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.contains("__")
        && name.to_lowercase().ends_with(&suffix)
        && name.len() > suffix.len()
}

/// Whether `custom_emoji_id` names a sticker: one of a custom emoji set's, or a forum topic
/// icon.
pub(super) fn custom_emoji<'a>(platform: &'a Platform, custom_emoji_id: &'a str) -> Hooked<'a, bool> {
    Box::pin(custom_emoji_exists(platform, custom_emoji_id))
}

async fn custom_emoji_exists(platform: &Platform, custom_emoji_id: &str) -> Result<bool, ApiError> {
    if custom_emoji_id.is_empty() {
        return Ok(false);
    }
    if icons::is_icon(custom_emoji_id) {
        return Ok(true);
    }
    Ok(!OF_EMOJI.find(platform.storage.as_ref(), custom_emoji_id).await?.is_empty())
}

/// The name of the sticker set called `name` in any case, as it was made (any bot's).
pub(crate) async fn sticker_set_name(platform: &Platform, name: &str) -> Result<Option<String>, ApiError> {
    let key = name.trim().to_lowercase();
    Ok(SETS.find(platform.storage.as_ref(), &key).await?.into_iter().next().map(|(_, set)| set.name))
}

fn set_not_found() -> ApiError {
    ApiError::bad_request("STICKERSET_INVALID")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_names_follow_the_platforms_rules() {
        assert!(valid_name("animals_by_zoo_bot", "Zoo_Bot"));
        assert!(valid_name("Animals2_BY_ZOO_BOT", "zoo_bot"));
        assert!(!valid_name("animals", "zoo_bot"), "no suffix");
        assert!(!valid_name("_by_zoo_bot", "zoo_bot"), "a letter first");
        assert!(!valid_name("a__b_by_zoo_bot", "zoo_bot"), "no double underscore");
        assert!(!valid_name("cats-and-dogs_by_zoo_bot", "zoo_bot"));
        assert!(!valid_name("animals_by_other_bot", "zoo_bot"), "another bot's suffix");
        assert!(!valid_name(&format!("{}_by_zoo_bot", "a".repeat(60)), "zoo_bot"), "64 at most");
    }
}
