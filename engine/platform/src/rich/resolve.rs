//! A rich message to send (`InputRichBlock`s, whichever way the bot wrote it) made into the
//! one it becomes (`RichBlock`s): each media block's file stored as the sender's through the
//! files domain (a `file_id`, a URL or an upload, as for any media), each list item labelled,
//! each map given its size and zoom.

use msg_core::{ApiError, Params};
use msg_spec::types::{
    InputRichBlock as In, InputRichBlockListItem, Location, RichBlock as Out, RichBlockAnimation, RichBlockAudio,
    RichBlockBlockQuotation, RichBlockCollage, RichBlockDetails, RichBlockDocument, RichBlockList, RichBlockListItem,
    RichBlockMap, RichBlockPhoto, RichBlockSlideshow, RichBlockVideo, RichBlockVoiceNote,
};
use serde_json::Value;

use crate::kernel::world::{Actor, Platform};

/// A map's zoom, width and height when the bot gives none (a city block, 16:9).
pub(super) const MAP_ZOOM: i64 = 15;
pub(super) const MAP_WIDTH: i64 = 640;
pub(super) const MAP_HEIGHT: i64 = 360;

/// Where files come from: the call's uploads, and whether only stored files may be named (an
/// inline result's rich message, a draft).
pub(super) struct Files<'a> {
    pub platform: &'a Platform,
    pub actor: &'a Actor,
    pub params: &'a Params,
    pub stored_only: bool,
    /// Each file stored once, however many blocks name it (an upload is moved into the store
    /// the first time).
    pub stored: std::sync::Mutex<std::collections::HashMap<String, msg_spec::types::Message>>,
}

/// The blocks as sent, media stored.
pub(super) async fn blocks(files: &Files<'_>, blocks: Vec<In>) -> Result<Vec<Out>, ApiError> {
    let mut out = Vec::with_capacity(blocks.len());
    for block in blocks {
        out.push(Box::pin(block_of(files, block)).await?);
    }
    Ok(out)
}

async fn block_of(files: &Files<'_>, block: In) -> Result<Out, ApiError> {
    Ok(match block {
        In::InputRichBlockParagraph(b) => Out::RichBlockParagraph(convert(b)),
        In::InputRichBlockSectionHeading(b) => Out::RichBlockSectionHeading(convert(b)),
        In::InputRichBlockPreformatted(b) => Out::RichBlockPreformatted(convert(b)),
        In::InputRichBlockFooter(b) => Out::RichBlockFooter(convert(b)),
        In::InputRichBlockDivider(b) => Out::RichBlockDivider(convert(b)),
        In::InputRichBlockMathematicalExpression(b) => Out::RichBlockMathematicalExpression(convert(b)),
        In::InputRichBlockAnchor(b) => Out::RichBlockAnchor(convert(b)),
        In::InputRichBlockExpandableBlockQuotation(b) => Out::RichBlockExpandableBlockQuotation(convert(b)),
        In::InputRichBlockPullQuotation(b) => Out::RichBlockPullQuotation(convert(b)),
        In::InputRichBlockTable(b) => Out::RichBlockTable(convert(b)),
        In::InputRichBlockButtons(b) => Out::RichBlockButtons(convert(b)),
        In::InputRichBlockThinking(b) => Out::RichBlockThinking(convert(b)),
        In::InputRichBlockList(b) => Out::RichBlockList(RichBlockList { items: items(files, b.items).await? }),
        In::InputRichBlockBlockQuotation(b) => Out::RichBlockBlockQuotation(RichBlockBlockQuotation {
            blocks: blocks(files, b.blocks).await?,
            credit: b.credit,
        }),
        In::InputRichBlockCollage(b) => {
            Out::RichBlockCollage(RichBlockCollage { blocks: blocks(files, b.blocks).await?, caption: b.caption })
        }
        In::InputRichBlockSlideshow(b) => {
            Out::RichBlockSlideshow(RichBlockSlideshow { blocks: blocks(files, b.blocks).await?, caption: b.caption })
        }
        In::InputRichBlockDetails(b) => Out::RichBlockDetails(RichBlockDetails {
            summary: b.summary,
            blocks: blocks(files, b.blocks).await?,
            is_open: b.is_open,
        }),
        In::InputRichBlockMap(b) => Out::RichBlockMap(RichBlockMap {
            location: Box::new(Location {
                latitude: b.location.latitude,
                longitude: b.location.longitude,
                ..Location::default()
            }),
            zoom: b.zoom.unwrap_or(MAP_ZOOM),
            width: b.width.unwrap_or(MAP_WIDTH),
            height: b.height.unwrap_or(MAP_HEIGHT),
            caption: b.caption,
        }),
        In::InputRichBlockPhoto(b) => {
            let spoiler = b.photo.has_spoiler.filter(|s| *s);
            let body = media(files, json(&b.photo), "photo").await?;
            Out::RichBlockPhoto(RichBlockPhoto {
                photo: body.photo.unwrap_or_default(),
                has_spoiler: spoiler,
                caption: b.caption,
            })
        }
        In::InputRichBlockVideo(b) => {
            let spoiler = b.video.has_spoiler.filter(|s| *s);
            let body = media(files, json(&b.video), "video").await?;
            let video = body.video.unwrap_or_default();
            Out::RichBlockVideo(RichBlockVideo { video, has_spoiler: spoiler, caption: b.caption })
        }
        In::InputRichBlockAnimation(b) => {
            let spoiler = b.animation.has_spoiler.filter(|s| *s);
            let body = media(files, json(&b.animation), "animation").await?;
            let animation = body.animation.unwrap_or_default();
            Out::RichBlockAnimation(RichBlockAnimation { animation, has_spoiler: spoiler, caption: b.caption })
        }
        In::InputRichBlockAudio(b) => {
            let body = media(files, json(&b.audio), "audio").await?;
            let audio = body.audio.unwrap_or_default();
            Out::RichBlockAudio(RichBlockAudio { audio, caption: b.caption })
        }
        In::InputRichBlockDocument(b) => {
            let body = media(files, json(&b.document), "document").await?;
            let document = body.document.unwrap_or_default();
            Out::RichBlockDocument(RichBlockDocument { document, caption: b.caption })
        }
        In::InputRichBlockVoiceNote(b) => {
            let body = media(files, json(&b.voice_note), "voice_note").await?;
            let voice_note = body.voice.unwrap_or_default();
            Out::RichBlockVoiceNote(RichBlockVoiceNote { voice_note, caption: b.caption })
        }
    })
}

/// A list's items, labelled as the person's app draws them: a bullet, or the item's number in
/// its kind (`1`, `a`, `A`, `i`, `I`) counted from the previous one's value.
async fn items(files: &Files<'_>, given: Vec<InputRichBlockListItem>) -> Result<Vec<RichBlockListItem>, ApiError> {
    let mut out = Vec::with_capacity(given.len());
    let mut next = 1;
    for item in given {
        let label = match (&item.r#type, item.value) {
            (None, None) => "•".to_owned(),
            (kind, value) => {
                let value = value.unwrap_or(next);
                next = value + 1;
                format!("{}.", label(kind.as_deref().unwrap_or("1"), value))
            }
        };
        out.push(RichBlockListItem {
            label,
            blocks: blocks(files, item.blocks).await?,
            has_checkbox: item.has_checkbox.filter(|c| *c),
            is_checked: item.is_checked.filter(|c| *c),
            value: item.value,
            r#type: item.r#type,
        });
    }
    Ok(out)
}

/// `value` written as a label of `kind`.
pub(super) fn label(kind: &str, value: i64) -> String {
    match kind {
        "a" | "A" if value > 0 => {
            let mut letters = Vec::new();
            let mut n = value;
            while n > 0 {
                n -= 1;
                letters.push(b'a' + (n % 26) as u8);
                n /= 26;
            }
            let word: String = letters.iter().rev().map(|&b| b as char).collect();
            if kind == "A" { word.to_uppercase() } else { word }
        }
        "i" | "I" if (1..4000).contains(&value) => {
            const NUMERALS: [(i64, &str); 13] = [
                (1000, "m"),
                (900, "cm"),
                (500, "d"),
                (400, "cd"),
                (100, "c"),
                (90, "xc"),
                (50, "l"),
                (40, "xl"),
                (10, "x"),
                (9, "ix"),
                (5, "v"),
                (4, "iv"),
                (1, "i"),
            ];
            let mut n = value;
            let mut word = String::new();
            for (worth, letters) in NUMERALS {
                while n >= worth {
                    word.push_str(letters);
                    n -= worth;
                }
            }
            if kind == "I" { word.to_uppercase() } else { word }
        }
        _ => value.to_string(),
    }
}

/// A block whose input and output have the same fields (no file, no nested blocks).
fn convert<I: serde::Serialize, O: serde::de::DeserializeOwned + Default>(block: I) -> O {
    serde_json::to_value(block).ok().and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default()
}

fn json<T: serde::Serialize>(media: &T) -> Value {
    let mut value = serde_json::to_value(media).unwrap_or_default();
    // Everything but the file and its properties is ignored (the block has its own caption).
    if let Some(object) = value.as_object_mut() {
        for ignored in ["caption", "parse_mode", "caption_entities", "show_caption_above_media", "has_spoiler"] {
            object.remove(ignored);
        }
    }
    value
}

/// Stores one media block's file (of `kind`) as the sender's; the message fields it makes.
async fn media(files: &Files<'_>, value: Value, kind: &str) -> Result<msg_spec::types::Message, ApiError> {
    let given = value.get("media").and_then(Value::as_str).unwrap_or_default();
    // An upload (`attach://`) or a URL: anything but a file_id.
    if files.stored_only && given.contains("://") {
        return Err(ApiError::bad_request("only previously uploaded files can be used in the rich message"));
    }
    let key = format!("{kind} {value}");
    if let Some(body) = files.stored.lock().expect("not poisoned").get(&key) {
        return Ok(body.clone());
    }
    let body = crate::files::methods::nested_media(files.platform, files.actor, files.params, &value, &[kind])
        .await
        .map_err(ApiError::bad_request)?;
    files.stored.lock().expect("not poisoned").insert(key, body.clone());
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn labels_count_in_each_kind() {
        let of = |kind, values: &[i64]| values.iter().map(|v| label(kind, *v)).collect::<Vec<_>>();
        assert_eq!(of("1", &[1, 10]), ["1", "10"]);
        assert_eq!(of("a", &[1, 26, 27, 28]), ["a", "z", "aa", "ab"]);
        assert_eq!(of("A", &[3]), ["C"]);
        assert_eq!(of("i", &[4, 9, 14, 1994]), ["iv", "ix", "xiv", "mcmxciv"]);
        assert_eq!(of("I", &[3]), ["III"]);
        assert_eq!(of("i", &[0]), ["0"], "no numeral for zero");
    }
}
