//! Rich messages (Bot API 10.1-10.3): long structured messages of blocks — headings, lists,
//! tables, quotations, details, maps, media, buttons — that a bot writes as HTML, as Markdown or
//! as the blocks themselves (`InputRichMessage`), sends with `sendRichMessage`, streams with
//! `sendRichMessageDraft`, and puts in place of a text with `editMessageText`'s `rich_message`.
//!
//! Reading one is three steps: the input into [`InputRichBlock`]s ([`html`] reads HTML into a
//! tree, [`markdown`] writes Markdown as that HTML, [`blocks`] makes the tree blocks; blocks given
//! as JSON are read by their generated types), the platform's limits ([`check`]), then each media
//! block's file stored as the sender's ([`resolve`]). The message carries `rich_message` and no
//! `text`.

pub(crate) mod domain;
mod blocks;
mod html;
mod markdown;
mod methods;
mod resolve;

use std::collections::HashMap;

use msg_core::{ApiError, Params};
use msg_spec::types::{InputRichBlock, InputRichMessage, RichMessage};
use serde_json::Value;

use crate::kernel::world::{Actor, Hooked, Platform};

/// The most characters of text a rich message holds, media blocks and nested blocks.
pub(crate) const MOST_CHARACTERS: usize = 32768;
pub(crate) const MOST_MEDIA: usize = 50;
pub(crate) const MOST_DEPTH: usize = 16;

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// Where a rich message is read, which decides what it may hold.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Use {
    /// A message sent or edited: files of any kind, no "thinking" block.
    Message,
    /// A draft: stored files only, and "thinking" blocks.
    Draft,
    /// An inline result's content: stored files only.
    Inline,
}

/// A rich message read but its files not yet stored.
pub(crate) struct Read {
    blocks: Vec<InputRichBlock>,
    is_rtl: bool,
}

/// `rich_message` as the bot gave it: its JSON, exactly one of `html`, `markdown` and `blocks`,
/// the media the first two name, then the blocks they make and the platform's limits.
pub(crate) async fn read(platform: &Platform, raw: Option<&str>, purpose: Use) -> Result<Read, ApiError> {
    let raw = raw.filter(|r| !r.trim().is_empty()).ok_or_else(|| ApiError::parameter_required("rich_message"))?;
    let value: Value = serde_json::from_str(raw).map_err(|_| bad("can't parse InputRichMessage JSON object"))?;
    if !value.is_object() {
        return Err(bad("can't parse InputRichMessage: expected an Object"));
    }
    let input: InputRichMessage =
        serde_json::from_value(value).map_err(|e| bad(format!("can't parse InputRichMessage: {e}")))?;
    let given = [input.html.is_some(), input.markdown.is_some(), input.blocks.is_some()];
    if given.iter().filter(|g| **g).count() != 1 {
        return Err(bad("exactly one of the fields html, markdown and blocks of InputRichMessage must be specified"));
    }
    let media = media_by_id(input.media.as_deref().unwrap_or_default())?;
    let detect = !input.skip_entity_detection.unwrap_or(false);
    let blocks = match (input.html, input.markdown, input.blocks) {
        (_, _, Some(blocks)) => {
            if !media.is_empty() {
                return Err(bad("media can be specified only for html and markdown rich messages"));
            }
            blocks
        }
        (Some(html), _, _) => from_html(platform, &html, &media, detect).await?,
        (_, Some(markdown), _) => from_html(platform, &markdown::to_html(&markdown), &media, detect).await?,
        _ => unreachable!("exactly one was given"),
    };
    check(&blocks, purpose)?;
    Ok(Read { blocks, is_rtl: input.is_rtl.unwrap_or(false) })
}

/// HTML (or Markdown written as HTML) into blocks; the people its mentions name are looked up.
async fn from_html(
    platform: &Platform,
    html: &str,
    media: &HashMap<String, Value>,
    detect: bool,
) -> Result<Vec<InputRichBlock>, ApiError> {
    let nodes = html::parse(html).map_err(|e| bad(format!("can't parse rich message: {e}")))?;
    let mut ids = Vec::new();
    blocks::mentioned(&nodes, &mut ids);
    let mut users = HashMap::new();
    for id in ids {
        if let Some(user) = platform.user(id).await? {
            users.insert(id, crate::kernel::world::person(&user));
        }
    }
    let context = blocks::Context { media, users: &users, detect };
    context.blocks(&nodes).map_err(|e| bad(format!("can't parse rich message: {e}")))
}

/// `media` by id: ids of 1-64 of `A-Z a-z 0-9 _ -`, each once, of the kinds a rich message holds.
fn media_by_id(media: &[msg_spec::types::InputRichMessageMedia]) -> Result<HashMap<String, Value>, ApiError> {
    let mut by_id = HashMap::new();
    for item in media {
        let id_ok = (1..=64).contains(&item.id.len())
            && item.id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !id_ok {
            return Err(bad(format!("invalid media identifier \"{}\" specified", item.id)));
        }
        let kind = item.media.get("type").and_then(Value::as_str).unwrap_or_default();
        if !["photo", "video", "animation", "audio", "document", "voice_note"].contains(&kind) {
            return Err(bad(format!("can't parse InputRichMessageMedia: unsupported media type \"{kind}\"")));
        }
        if by_id.insert(item.id.clone(), item.media.clone()).is_some() {
            return Err(bad(format!("duplicate media identifier \"{}\" specified", item.id)));
        }
    }
    Ok(by_id)
}

/// The platform's limits: not empty, at most [`MOST_CHARACTERS`] characters of text,
/// [`MOST_MEDIA`] media and [`MOST_DEPTH`] levels of nesting; "thinking" blocks only in drafts.
fn check(blocks: &[InputRichBlock], purpose: Use) -> Result<(), ApiError> {
    if blocks.is_empty() {
        return Err(bad("rich message is empty"));
    }
    let value = serde_json::to_value(blocks).unwrap_or_default();
    let mut tally = Tally::default();
    tally.walk(&value, 0);
    if tally.characters == 0 && tally.media == 0 && tally.solid == 0 {
        return Err(bad("rich message is empty"));
    }
    if tally.characters > MOST_CHARACTERS {
        return Err(bad("rich message is too long"));
    }
    if tally.media > MOST_MEDIA {
        return Err(bad("too many media in the rich message"));
    }
    if tally.depth > MOST_DEPTH {
        return Err(bad("rich message blocks are nested too deeply"));
    }
    if tally.thinking && purpose != Use::Draft {
        return Err(bad("thinking blocks can be used only in sendRichMessageDraft"));
    }
    Ok(())
}

/// What [`check`] counts over the blocks as JSON.
#[derive(Default)]
struct Tally {
    characters: usize,
    media: usize,
    /// Blocks that show without text (dividers, maps, tables' borders).
    solid: usize,
    depth: usize,
    thinking: bool,
}

impl Tally {
    fn walk(&mut self, value: &Value, depth: usize) {
        match value {
            Value::String(text) => self.characters += text.chars().count(),
            Value::Array(items) => items.iter().for_each(|item| self.walk(item, depth)),
            Value::Object(object) => {
                let kind = object.get("type").and_then(Value::as_str).unwrap_or_default();
                let nests = object.contains_key("blocks") || object.contains_key("items");
                let depth = if nests { depth + 1 } else { depth };
                self.depth = self.depth.max(depth);
                match kind {
                    "photo" | "video" | "animation" | "audio" | "document" | "voice_note"
                        if object.contains_key(kind) =>
                    {
                        self.media += 1
                    }
                    "divider" | "map" | "anchor" | "table" | "buttons" => self.solid += 1,
                    "thinking" => self.thinking = true,
                    _ => {}
                }
                for (key, item) in object {
                    // What is shown as text; not the names, links and settings beside it.
                    if TEXT_FIELDS.contains(&key.as_str()) || item.is_object() || item.is_array() {
                        if !MEDIA_FIELDS.contains(&key.as_str()) {
                            self.walk(item, depth);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

const TEXT_FIELDS: &[&str] = &["text", "summary", "credit", "caption", "expression", "alternative_text"];
const MEDIA_FIELDS: &[&str] = &["photo", "video", "animation", "audio", "document", "voice_note", "location", "user"];

/// The blocks read, their files stored as `actor`'s: the message's `rich_message`.
pub(crate) async fn finish(
    platform: &Platform,
    actor: &Actor,
    params: &Params,
    read: Read,
    purpose: Use,
) -> Result<RichMessage, ApiError> {
    let files = resolve::Files { platform, actor, params, stored_only: purpose != Use::Message };
    let blocks = resolve::blocks(&files, read.blocks).await?;
    Ok(RichMessage { blocks, is_rtl: read.is_rtl.then_some(true) })
}

/// [`crate::kernel::world::RichReader`]: the other domains' door.
fn reader<'a>(
    platform: &'a Platform,
    actor: &'a Actor,
    params: &'a Params,
    raw: &'a str,
    method: &'static str,
) -> Hooked<'a, RichMessage> {
    Box::pin(async move {
        let purpose = if method == "answerInlineQuery" { Use::Inline } else { Use::Message };
        let read = read(platform, Some(raw), purpose).await?;
        finish(platform, actor, params, read, purpose).await
    })
}

#[cfg(test)]
mod tests;
