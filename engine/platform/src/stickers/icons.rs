//! The platform's forum topic icons (`getForumTopicIconStickers`): a custom emoji set of its
//! own, twelve 100×100 static stickers drawn here (a disc in each icon's colour), each with a
//! fixed `custom_emoji_id`. Their content is made the same every time, so the store holds it
//! once whoever asks first; each bot gets file ids of its own.

use msg_core::ApiError;
use msg_spec::types;
use serde_json::Map;

use crate::files::{Blob, Kind, file_object};
use crate::kernel::world::Platform;

/// The icons: the emoji each stands for and its colour.
const ICONS: [(&str, [u8; 3]); 12] = [
    ("📰", [0x6f, 0xb9, 0xf0]),
    ("💡", [0xff, 0xd6, 0x7e]),
    ("⚡", [0xcb, 0x86, 0xdb]),
    ("🎙", [0x8e, 0xee, 0x98]),
    ("🔝", [0xff, 0x93, 0xb2]),
    ("🗣", [0xfb, 0x6f, 0x5f]),
    ("🆒", [0x4a, 0x90, 0xd9]),
    ("❗", [0xe0, 0x3c, 0x31]),
    ("📝", [0xf5, 0xb0, 0x41]),
    ("📆", [0x5c, 0xc8, 0x6e]),
    ("📁", [0x9b, 0x59, 0xb6]),
    ("🔎", [0xe8, 0x6a, 0x92]),
];

/// An icon's custom emoji id: fixed for its emoji.
pub(super) fn icon_id(emoji: &str) -> String {
    let hash = blake3::hash(format!("forum_topic_icon/{emoji}").as_bytes());
    (u64::from_le_bytes(hash.as_bytes()[..8].try_into().expect("8 bytes")) >> 1).to_string()
}

/// Whether `custom_emoji_id` is one of the icons'.
pub(super) fn is_icon(custom_emoji_id: &str) -> bool {
    ICONS.iter().any(|(emoji, _)| icon_id(emoji) == custom_emoji_id)
}

/// An icon's picture: a disc of `rgb` on a transparent square of 100, as a PNG.
fn picture(rgb: [u8; 3]) -> Vec<u8> {
    let image = image::RgbaImage::from_fn(100, 100, |x, y| {
        let (dx, dy) = (x as i32 - 50, y as i32 - 50);
        if dx * dx + dy * dy <= 46 * 46 {
            image::Rgba([rgb[0], rgb[1], rgb[2], 255])
        } else {
            image::Rgba([0, 0, 0, 0])
        }
    });
    let mut bytes = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).expect("a PNG encodes into memory");
    bytes
}

/// The forum topic icons as `bot_id` gets them.
pub(crate) async fn topic_icons(platform: &Platform, bot_id: i64) -> Result<Vec<types::Sticker>, ApiError> {
    let mut icons = Vec::with_capacity(ICONS.len());
    for (emoji, rgb) in ICONS {
        let bytes = picture(rgb);
        let hash = blake3::hash(&bytes);
        let blob = if platform.files.ensure_local(&hash).await? {
            Blob { hash, size: bytes.len() as u64 }
        } else {
            platform.files.ingest_bytes(bytes).await?
        };
        let mut fields = Map::new();
        fields.insert("type".into(), "custom_emoji".into());
        fields.insert("width".into(), 100.into());
        fields.insert("height".into(), 100.into());
        fields.insert("is_animated".into(), false.into());
        fields.insert("is_video".into(), false.into());
        fields.insert("emoji".into(), emoji.into());
        fields.insert("custom_emoji_id".into(), icon_id(emoji).into());
        let object = file_object(bot_id, Kind::Sticker, &blob, fields);
        platform.files.link(bot_id, &blob, Kind::Sticker, "png", &object).await?;
        icons.push(serde_json::from_value(object).map_err(|_| ApiError::internal("an icon is damaged"))?);
    }
    Ok(icons)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn icons_are_the_same_each_time_with_ids_of_their_own() {
        assert_eq!(picture(ICONS[0].1), picture(ICONS[0].1));
        let ids: std::collections::HashSet<String> = ICONS.iter().map(|(e, _)| icon_id(e)).collect();
        assert_eq!(ids.len(), ICONS.len());
        let pictures: std::collections::HashSet<Vec<u8>> = ICONS.iter().map(|(_, rgb)| picture(*rgb)).collect();
        assert_eq!(pictures.len(), ICONS.len(), "each icon a sticker of its own");
        assert_eq!(icon_id("📰"), icon_id("📰"));
    }
}
