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

mod blocks;
pub(crate) mod domain;
mod html;
mod markdown;
mod methods;
mod resolve;

use std::collections::HashMap;

use msg_core::{ApiError, Params};
use msg_spec::types::{InputRichBlock, InputRichMessage, RichMessage};
use serde_json::Value;

use crate::kernel::world::{Actor, Conversation, Hooked, Platform, PostDraft};
use msg_spec::types::ChatPermissions;

/// The documentation's limits: characters of text, blocks (list items and table rows
/// included), levels of nesting, media, and columns of a table.
pub(crate) const MOST_CHARACTERS: usize = 32768;
pub(crate) const MOST_BLOCKS: usize = 500;
pub(crate) const MOST_DEPTH: usize = 16;
pub(crate) const MOST_MEDIA: usize = 50;
pub(crate) const MOST_COLUMNS: i64 = 20;

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
    let (mut ids, mut references) = (Vec::new(), std::collections::HashSet::new());
    blocks::gather(&nodes, &mut ids, &mut references);
    let mut users = HashMap::new();
    for id in ids {
        if let Some(user) = platform.user(id).await? {
            users.insert(id, crate::kernel::world::person(&user));
        }
    }
    let context = blocks::Context { media, users: &users, references: &references, detect };
    context.blocks(&nodes).map_err(|e| bad(format!("can't parse rich message: {e}")))
}

/// `media` by id: ids of 1-64 of `A-Z a-z 0-9 _ -`, each once, of the kinds a rich message holds.
fn media_by_id(media: &[msg_spec::types::InputRichMessageMedia]) -> Result<HashMap<String, Value>, ApiError> {
    let mut by_id = HashMap::new();
    for item in media {
        let id_ok = (1..=64).contains(&item.id.len())
            && item.id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !id_ok {
            return Err(bad("Invalid rich message file identifier specified"));
        }
        let kind = item.media.get("type").and_then(Value::as_str).unwrap_or_default();
        if !MEDIA_KINDS.contains(&kind) {
            return Err(bad("Unallowed media specified"));
        }
        if by_id.insert(item.id.clone(), item.media.clone()).is_some() {
            return Err(bad("Invalid rich message file identifier specified"));
        }
    }
    Ok(by_id)
}

/// The platform's limits, as the documentation's "Rich message limits" state them and TDLib
/// words their breaches: not empty, at most [`MOST_CHARACTERS`] characters of text (custom emoji
/// and formulas included), [`MOST_BLOCKS`] blocks (list items and table rows included),
/// [`MOST_DEPTH`] levels of nesting, [`MOST_MEDIA`] media and [`MOST_COLUMNS`] columns; each
/// block's own rules (a heading's size, a list's items, a map's size, 1-8 buttons of one action
/// each); "thinking" blocks only in drafts.
fn check(blocks: &[InputRichBlock], purpose: Use) -> Result<(), ApiError> {
    let value = serde_json::to_value(blocks).unwrap_or_default();
    let mut tally = Tally { blocks: blocks.len(), ..Tally::default() };
    tally.walk(&value, 0).map_err(bad)?;
    if blocks.is_empty() || (tally.characters == 0 && tally.media == 0 && tally.solid == 0) {
        return Err(bad("rich message must be non-empty"));
    }
    if tally.characters > MOST_CHARACTERS {
        return Err(bad("rich message is too long"));
    }
    if tally.blocks > MOST_BLOCKS {
        return Err(bad("rich message has too many blocks"));
    }
    if tally.media > MOST_MEDIA {
        return Err(bad("rich message has too many media"));
    }
    if tally.depth > MOST_DEPTH {
        return Err(bad("rich message is nested too deeply"));
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
    blocks: usize,
    media: usize,
    /// Blocks that show without text (dividers, maps, anchors, buttons).
    solid: usize,
    depth: usize,
    thinking: bool,
}

impl Tally {
    fn walk(&mut self, value: &Value, depth: usize) -> Result<(), &'static str> {
        self.depth = self.depth.max(depth);
        match value {
            Value::String(text) => self.characters += text.chars().count(),
            Value::Array(items) => {
                for item in items {
                    self.walk(item, depth)?;
                }
            }
            Value::Object(object) => {
                let kind = object.get("type").and_then(Value::as_str).unwrap_or_default();
                if let Some(Value::Array(blocks)) = object.get("blocks") {
                    self.blocks += blocks.len();
                }
                rules(kind, object)?;
                if media_block(object).is_some() {
                    self.media += 1;
                }
                match kind {
                    "divider" | "map" | "anchor" | "buttons" | "mathematical_expression" => self.solid += 1,
                    "thinking" => self.thinking = true,
                    _ => {}
                }
                if let Some(Value::Array(rows)) = object.get("cells") {
                    self.blocks += rows.len();
                }
                if let Some(Value::Array(items)) = object.get("items") {
                    self.blocks += items.len();
                }
                for (key, item) in object {
                    // What is shown as text, and what nests; not the names, links and settings
                    // beside it, nor the files.
                    let shown = TEXT_FIELDS.contains(&key.as_str()) || item.is_object() || item.is_array();
                    if shown && !MEDIA_FIELDS.contains(&key.as_str()) {
                        self.walk(item, depth + 1)?;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// A block's (or rich text's) own rules, in TDLib's words where TDLib has them.
fn rules(kind: &str, object: &serde_json::Map<String, Value>) -> Result<(), &'static str> {
    let int = |name: &str| object.get(name).and_then(Value::as_i64);
    match kind {
        "heading" if !(1..=6).contains(&int("size").unwrap_or(0)) => Err("Invalid section heading size specified"),
        "list" => {
            let items = object.get("items").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            if items.is_empty() {
                return Err("List must be non-empty");
            }
            let kinds: Vec<Option<&str>> = items.iter().map(|i| i.get("type").and_then(Value::as_str)).collect();
            if kinds.iter().flatten().any(|k| !["a", "A", "i", "I", "1"].contains(k)) {
                return Err("Invalid list item type specified");
            }
            if kinds.iter().any(Option::is_some) && kinds.iter().any(Option::is_none) {
                return Err("List must be either ordered or unordered");
            }
            Ok(())
        }
        "table" => {
            let rows = object.get("cells").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            for cell in rows.iter().filter_map(Value::as_array).flatten() {
                let span = |name: &str| cell.get(name).and_then(Value::as_i64).unwrap_or(1);
                if span("colspan") < 0 {
                    return Err("Invalid table cell colspan specified");
                }
                if span("rowspan") < 0 {
                    return Err("Invalid table cell rowspan specified");
                }
                let align = cell.get("align").and_then(Value::as_str).unwrap_or_default();
                let valign = cell.get("valign").and_then(Value::as_str).unwrap_or_default();
                if !["left", "center", "right"].contains(&align) || !["top", "middle", "bottom"].contains(&valign) {
                    return Err("Invalid table cell alignment specified");
                }
            }
            let widest = rows
                .iter()
                .filter_map(Value::as_array)
                .map(|row| row.iter().map(|c| c.get("colspan").and_then(Value::as_i64).unwrap_or(1).max(1)).sum())
                .max()
                .unwrap_or(0i64);
            if widest > MOST_COLUMNS { Err("Table has too many columns") } else { Ok(()) }
        }
        "map" => {
            let location = object.get("location");
            let coordinate = |name: &str| location.and_then(|l| l.get(name)).and_then(Value::as_f64);
            let (Some(latitude), Some(longitude)) = (coordinate("latitude"), coordinate("longitude")) else {
                return Err("Invalid location specified");
            };
            if latitude.abs() > 90.0 || longitude.abs() > 180.0 {
                return Err("Invalid location specified");
            }
            let (zoom, width, height) = (int("zoom"), int("width"), int("height"));
            let (w, h) = (width.unwrap_or(resolve::MAP_WIDTH), height.unwrap_or(resolve::MAP_HEIGHT));
            let sized = (0..=10000).contains(&w) && (0..=10000).contains(&h) && w + h <= 10000;
            let ratio = w.max(h) <= 20 * w.min(h).max(1);
            if !zoom.is_none_or(|z| (0..=24).contains(&z)) || !sized || !ratio {
                return Err("Invalid map properties specified");
            }
            Ok(())
        }
        "buttons" => {
            let buttons = object.get("buttons").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            if !(1..=8).contains(&buttons.len()) {
                return Err("A row must have 1-8 buttons");
            }
            buttons.iter().try_for_each(button)
        }
        "button" => object.get("button").map_or(Ok(()), button),
        _ => Ok(()),
    }
}

/// A button: exactly one action, `callback_data` of 1-64 bytes, a known style (`link` only for
/// callback buttons).
fn button(button: &Value) -> Result<(), &'static str> {
    const ACTIONS: &[&str] = &[
        "url",
        "callback_data",
        "web_app",
        "login_url",
        "switch_inline_query",
        "switch_inline_query_current_chat",
        "switch_inline_query_chosen_chat",
        "copy_text",
        "disabled",
    ];
    if ACTIONS.iter().filter(|a| button.get(**a).is_some()).count() != 1 {
        return Err("A button must have exactly one action");
    }
    if let Some(data) = button.get("callback_data").and_then(Value::as_str)
        && !(1..=64).contains(&data.len())
    {
        return Err("BUTTON_DATA_INVALID");
    }
    match button.get("style").and_then(Value::as_str) {
        None | Some("danger" | "success" | "primary") => Ok(()),
        Some("link") if button.get("callback_data").is_some() => Ok(()),
        Some(_) => Err("Invalid button style specified"),
    }
}

const TEXT_FIELDS: &[&str] = &["text", "summary", "credit", "caption", "expression", "alternative_text"];
/// Fields that hold no text of the message: a media block's file, a map's place, a mention's user.
const MEDIA_FIELDS: &[&str] = &["photo", "video", "animation", "audio", "document", "voice_note", "location", "user"];

/// The kinds of media a rich message holds: `InputRichMessageMedia`'s types and the media
/// blocks' `type`s, each block's file under a field of its kind's name.
const MEDIA_KINDS: &[&str] = &["photo", "video", "animation", "audio", "document", "voice_note"];

/// The media kind of a block (as JSON) that is a media block.
fn media_block(object: &serde_json::Map<String, Value>) -> Option<&str> {
    let kind = object.get("type").and_then(Value::as_str)?;
    (MEDIA_KINDS.contains(&kind) && object.contains_key(kind)).then_some(kind)
}

/// The blocks read, their files stored as `actor`'s: the message's `rich_message`.
pub(crate) async fn finish(
    platform: &Platform,
    actor: &Actor,
    params: &Params,
    read: Read,
    purpose: Use,
) -> Result<RichMessage, ApiError> {
    let files =
        resolve::Files { platform, actor, params, stored_only: purpose != Use::Message, stored: Default::default() };
    let blocks = resolve::blocks(&files, read.blocks).await?;
    Ok(RichMessage { blocks, is_rtl: read.is_rtl.then_some(true) })
}

/// The rights a rich message's media need beside the right to send messages, as each media
/// kind needs its own (TDLib's words naming them): "the bot must have the right to send the
/// media to the chat".
fn post_rule<'a>(platform: &'a Platform, draft: &'a PostDraft<'a>) -> Hooked<'a, Option<i64>> {
    Box::pin(async move {
        let (Some(rich), Conversation::Group(id)) = (draft.message.rich_message.as_deref(), draft.conversation) else {
            return Ok(None);
        };
        // A channel's posts are its administrators' (the chats domain's rule).
        if platform.group(id).await?.kind == "channel" {
            return Ok(None);
        }
        let mut kinds = Vec::new();
        media_kinds(&serde_json::to_value(rich).unwrap_or_default(), &mut kinds);
        for kind in kinds {
            let (right, plural): (fn(&ChatPermissions) -> Option<bool>, &str) = match kind.as_str() {
                "photo" => (|p| p.can_send_photos, "photos"),
                "video" => (|p| p.can_send_videos, "videos"),
                "animation" => (|p| p.can_send_other_messages, "animations"),
                "audio" => (|p| p.can_send_audios, "audios"),
                "voice_note" => (|p| p.can_send_voice_notes, "voice notes"),
                _ => (|p| p.can_send_documents, "documents"),
            };
            crate::chats::may_send_kind(platform, draft.actor, id, right, plural).await?;
        }
        Ok(None)
    })
}

/// The media kinds the blocks (as JSON) hold, each once.
fn media_kinds(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => items.iter().for_each(|item| media_kinds(item, out)),
        Value::Object(object) => {
            if let Some(kind) = media_block(object)
                && !out.iter().any(|k| k == kind)
            {
                out.push(kind.to_owned());
            }
            object.values().for_each(|item| media_kinds(item, out));
        }
        _ => {}
    }
}

/// [`crate::kernel::world::RichReader`]: the other domains' door.
fn reader<'a>(
    platform: &'a Platform,
    actor: &'a Actor,
    params: &'a Params,
    raw: &'a str,
    stored_only: bool,
) -> Hooked<'a, RichMessage> {
    Box::pin(async move {
        let purpose = if stored_only { Use::Inline } else { Use::Message };
        let read = read(platform, Some(raw), purpose).await?;
        finish(platform, actor, params, read, purpose).await
    })
}

#[cfg(test)]
mod tests;
