//! The people's side of sticker sets: a person sends a sticker of a set by the `file_id` they
//! have of it (a sticker they received), as an app sends one from the sticker panel.

use msg_core::ApiError;
use msg_spec::{params, types};
use serde_json::Value;

use crate::files::Kind;
use crate::files::id::{FileId, unique_id};
use crate::files::input::wrong_file_identifier;
use crate::kernel::methods::args;
use crate::kernel::user::UserCall;
use crate::kernel::world::Platform;
use crate::messages;
use crate::messages::send::SendOptions;
use crate::stickers::{OF_FILE, SETS};

/// Whether a user-side `sendSticker` names a sticker by `file_id` (then [`send_sticker`] sends
/// it); an upload, a URL or a path goes the way of any file.
pub(crate) fn by_file_id(c: &UserCall) -> bool {
    c.params.get("sticker").and_then(FileId::decode).is_some_and(|id| id.kind == Kind::Sticker)
}

/// `sendSticker` by `file_id`: a sticker of a set, which the person has (received).
pub(crate) async fn send_sticker(c: UserCall) -> Result<Value, ApiError> {
    let p: params::SendSticker = args(&c.params)?;
    let options = SendOptions::read(&p, &c.params)?;
    let conversation = c.platform.resolve_chat(&c.actor(), p.chat_id).await?;
    let sticker = set_sticker_of(&c.platform, c.user.id, p.sticker.unwrap_or_default()).await?;
    let body = types::Message { sticker: Some(Box::new(sticker)), ..Default::default() };
    messages::post(&c.platform, &c.actor(), conversation, options.content(String::new(), None, body)).await
}

/// The set sticker a person's `file_id` names, as they send it: one they were given, of a
/// set that still holds it.
async fn set_sticker_of(platform: &Platform, person: i64, raw: &str) -> Result<types::Sticker, ApiError> {
    let id = FileId::decode(raw).ok_or_else(wrong_file_identifier)?;
    if id.owner != person || id.kind != Kind::Sticker || !platform.files.granted(person, &id.hash).await? {
        return Err(wrong_file_identifier());
    }
    let unique = unique_id(&id.hash);
    for (bot_id, key) in OF_FILE.find(platform.storage.as_ref(), &unique).await? {
        let Some(set) = SETS.get(platform.storage.as_ref(), bot_id, &key).await? else { continue };
        if let Some(mut sticker) = set.shown().stickers.into_iter().find(|s| s.file_unique_id == unique) {
            sticker.file_id = id.encode();
            return Ok(sticker);
        }
    }
    Err(ApiError::bad_request("the sticker is in no sticker set: a person sends stickers of sets"))
}

/// `getStickerSet`: a set by its name, as a person's sticker panel shows it (file ids of the
/// person's own, to send its stickers with).
pub(super) async fn get_sticker_set(c: UserCall) -> Result<Value, ApiError> {
    let key = c.params.required("name")?.trim().to_lowercase();
    let found = SETS.find(c.platform.storage.as_ref(), &key).await?.into_iter().next();
    let (_, set) = found.ok_or_else(crate::stickers::set_not_found)?;
    let mut value = crate::kernel::world::typed(&set.shown());
    for sticker in value["stickers"].as_array_mut().into_iter().flatten() {
        let mut wrapped = serde_json::json!({"sticker": sticker.take()});
        c.platform.files.adopt(&mut wrapped, c.user.id, false).await?;
        *sticker = wrapped["sticker"].take();
    }
    if let Some(thumbnail) = value.get_mut("thumbnail").filter(|t| t.is_object()) {
        let mut wrapped = serde_json::json!({"sticker": thumbnail.take()});
        c.platform.files.adopt(&mut wrapped, c.user.id, false).await?;
        *thumbnail = wrapped["sticker"].take();
    }
    Ok(value)
}
