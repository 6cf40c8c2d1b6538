//! Sticker sets' Bot API methods, in the reference's check order: its parameters (the InputSticker
//! parser's words, wrapped as it wraps them), then TDLib's checks, then the platform's.

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, MethodCall, Params, Reply};
use msg_spec::{params, types};
use serde_json::{Map, Value, json};

use crate::Platform;
use crate::files::Kind;
use crate::files::id::{FileId, unique_id};
use crate::files::input::{self, Extras, Sender};
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::serial::{Entity, Held};
use crate::kernel::world::typed;
use crate::stickers::{MOST_STICKERS, OF_EMOJI, OF_FILE, SETS, SetSticker, StickerSet, set_not_found, valid_name};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// An `InputSticker` as parsed: where its file is, its format, emoji and keywords.
struct Asked {
    file: String,
    format: String,
    emoji_list: Vec<String>,
    keywords: Vec<String>,
    mask_position: Option<types::MaskPosition>,
}

/// `get_mask_position`: a `MaskPosition` (null: none).
fn mask_position(value: &Value) -> Result<Option<types::MaskPosition>, String> {
    let object = match value {
        Value::Null => return Ok(None),
        Value::Object(object) => object,
        _ => return Err("MaskPosition must be an Object".into()),
    };
    let point = string_field(object, "point")?.ok_or("Can't find field \"point\"")?.trim().to_lowercase();
    if !["forehead", "eyes", "mouth", "chin"].contains(&point.as_str()) {
        return Err("Wrong point specified in MaskPosition".into());
    }
    let number = |name: &str| match object.get(name) {
        None => Err(format!("Can't find field \"{name}\"")),
        Some(Value::Number(n)) => n.as_f64().ok_or_else(|| format!("Field \"{name}\" must be of type Number")),
        Some(Value::String(s)) => s.trim().parse().map_err(|_| format!("Field \"{name}\" must be of type Number")),
        Some(_) => Err(format!("Field \"{name}\" must be of type Number")),
    };
    Ok(Some(types::MaskPosition {
        point,
        x_shift: number("x_shift")?,
        y_shift: number("y_shift")?,
        scale: number("scale")?,
    }))
}

fn string_field<'a>(object: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>, String> {
    match object.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("Field \"{name}\" must be of type String")),
    }
}

/// Whether `text` is an emoji (what an app's emoji keyboard gives: no ASCII in it).
fn is_emoji(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| !c.is_ascii())
}

/// `get_sticker_emojis`: 1 to 20 emoji.
fn emoji_list(value: &Value) -> Result<Vec<String>, String> {
    let Value::Array(items) = value else { return Err("expected an Array of string".into()) };
    if items.is_empty() {
        return Err("emoji list must be non-empty".into());
    }
    if items.len() > 20 {
        return Err("too many emoji specified".into());
    }
    items
        .iter()
        .map(|item| match item {
            Value::String(s) if is_emoji(s) => Ok(s.clone()),
            Value::String(_) => Err("expected a Unicode emoji".to_owned()),
            _ => Err("emoji must be a string".to_owned()),
        })
        .collect()
}

/// The reference's InputSticker parser; `default_format` for `addStickerToSet` ("auto").
fn input_sticker(p: &Params, value: &Value, default_format: Option<&str>, local: bool) -> Result<Asked, String> {
    let Value::Object(object) = value else { return Err("InputSticker must be an Object".into()) };
    let file = string_field(object, "sticker")?.unwrap_or_default();
    if file.is_empty() || input::source(p, file, "sticker", local).is_none() {
        return Err("sticker not found".into());
    }
    let format = match (string_field(object, "format")?, default_format) {
        (Some(f), _) if !f.is_empty() => f,
        (_, Some(default)) => default,
        (None, None) => return Err("Can't find field \"format\"".into()),
        (Some(f), None) => f,
    };
    if !["static", "animated", "video", "auto"].contains(&format) {
        return Err("Invalid sticker format specified".into());
    }
    let emoji = match object.get("emoji_list") {
        None => return Err("Can't find field \"emoji_list\"".into()),
        Some(v @ Value::Array(_)) => emoji_list(v)?,
        Some(_) => return Err("Field \"emoji_list\" must be of type Array".into()),
    };
    let mask_position = match object.get("mask_position") {
        None => None,
        Some(value) => mask_position(value)?,
    };
    let keywords = match object.get("keywords") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|k| k.as_str().map(str::to_owned).ok_or_else(|| "keyword must be a string".to_owned()))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("Field \"keywords\" must be of type Array".into()),
    };
    Ok(Asked { file: file.to_owned(), format: format.to_owned(), emoji_list: emoji, keywords, mask_position })
}

/// The person a set is for: a person the platform knows (not a bot).
async fn person_for(platform: &Platform, user_id: i64) -> Result<(), ApiError> {
    if platform.bot_record(user_id).await?.is_some() {
        return Err(bad("USER_IS_BOT"));
    }
    platform.user(user_id).await?.map(|_| ()).ok_or_else(|| bad("user not found"))
}

/// An InputSticker's file, stored as a sticker of its format (PNG allowed in sets: one side of
/// 512, neither more).
async fn sticker_file(
    platform: &Platform,
    bot: &BotRecord,
    p: &Params,
    asked: &Asked,
    format: &str,
    set_type: &str,
) -> Result<types::Sticker, ApiError> {
    let source = input::source(p, &asked.file, "sticker", platform.local).ok_or_else(|| bad("sticker not found"))?;
    let sender = Sender { id: bot.id, is_bot: true };
    let (kind, object) =
        input::attach_sticker(&platform.files, &platform.temp_dir, sender, source, Extras::default(), true).await?;
    if kind != Kind::Sticker {
        return Err(bad("STICKER_FILE_INVALID"));
    }
    let mut sticker: types::Sticker = serde_json::from_value(object).map_err(|_| bad("STICKER_FILE_INVALID"))?;
    let fits = match format {
        "static" => !sticker.is_animated && !sticker.is_video,
        "animated" => sticker.is_animated,
        "video" => sticker.is_video,
        _ => true,
    };
    if !fits {
        return Err(bad("STICKER_FILE_INVALID"));
    }
    // A custom emoji is 100 on its longer side, any other sticker 512.
    let side = if set_type == "custom_emoji" { 100 } else { 512 };
    if sticker.is_animated || sticker.is_video {
        (sticker.width, sticker.height) = (side, side);
    } else if sticker.width.max(sticker.height) != side {
        return Err(bad("STICKER_PNG_DIMENSIONS"));
    }
    sticker.r#type = set_type.to_owned();
    Ok(sticker)
}

fn the_format(sticker: &types::Sticker) -> &'static str {
    if sticker.is_animated {
        "animated"
    } else if sticker.is_video {
        "video"
    } else {
        "static"
    }
}

/// A set's key, and its lock held while it is read, changed and written back.
async fn lock_set<'a>(platform: &'a Platform, bot_id: i64, name: &str) -> (String, Held<'a>) {
    let key = name.trim().to_lowercase();
    let held = platform.locks.lock(Entity::BotSetting(bot_id, format!("sticker_set:{key}"))).await;
    (key, held)
}

/// The set of a sticker this bot made, by the sticker's `file_id`: its key and lock.
async fn set_of<'a>(
    platform: &'a Platform,
    bot_id: i64,
    file_id: &str,
) -> Result<(String, String, Held<'a>), ApiError> {
    let file_id = file_id.trim();
    if file_id.is_empty() {
        return Err(bad("Sticker is not specified"));
    }
    let id = FileId::decode(file_id).ok_or_else(|| bad("wrong sticker file specified"))?;
    if id.kind == Kind::Photo {
        return Err(bad("Can't use file of type Photo as Sticker"));
    }
    let unique = unique_id(&id.hash);
    let key = OF_FILE.get(platform.storage.as_ref(), bot_id, &unique).await?.ok_or_else(|| bad("STICKER_INVALID"))?;
    let (key, held) = lock_set(platform, bot_id, &key).await;
    Ok((key, unique, held))
}

/// A custom emoji's id and repainting: a number from the set and the sticker's content, the same
/// each time (none for other stickers).
fn custom_emoji(sticker: &mut types::Sticker, key: &str, needs_repainting: bool) {
    if sticker.r#type != "custom_emoji" {
        return;
    }
    let hash = blake3::hash(format!("{key}/{}", sticker.file_unique_id).as_bytes());
    let id = u64::from_le_bytes(hash.as_bytes()[..8].try_into().expect("8 bytes")) >> 1;
    sticker.custom_emoji_id = Some(id.to_string());
    sticker.needs_repainting = needs_repainting.then_some(true);
}

/// The rows that find a set's sticker: by its content, and by its custom emoji id.
fn rows_of(bot_id: i64, sticker: &types::Sticker, key: &str) -> Vec<msg_core::Change> {
    let mut rows = vec![OF_FILE.put(bot_id, &sticker.file_unique_id, &key.to_owned())];
    if let Some(id) = &sticker.custom_emoji_id {
        rows.push(OF_EMOJI.put(bot_id, id, &key.to_owned()));
    }
    rows
}

fn unrows_of(bot_id: i64, sticker: &types::Sticker) -> Vec<msg_core::Change> {
    let mut rows = vec![OF_FILE.delete(bot_id, &sticker.file_unique_id)];
    if let Some(id) = &sticker.custom_emoji_id {
        rows.push(OF_EMOJI.delete(bot_id, id));
    }
    rows
}

async fn load_set(platform: &Platform, bot_id: i64, key: &str) -> Result<StickerSet, ApiError> {
    SETS.get(platform.storage.as_ref(), bot_id, key).await?.ok_or_else(set_not_found)
}

/// [`load_set`] for a change asked for person `user_id`: the set must have been made for them.
async fn load_own_set(platform: &Platform, bot_id: i64, key: &str, user_id: i64) -> Result<StickerSet, ApiError> {
    let set = load_set(platform, bot_id, key).await?;
    if set.owner != user_id {
        return Err(set_not_found());
    }
    Ok(set)
}

async fn store(platform: &Platform, changes: Vec<msg_core::Change>) -> Result<Reply, ApiError> {
    platform.storage.apply(changes).await.map_err(crate::internal)?;
    done()
}

/// The set's stickers as its bot sends them again by `file_id`: with the set's name and emoji.
/// `only`: the one sticker (by `file_unique_id`) whose showing changed; `None`: all of them.
async fn label(platform: &Platform, bot_id: i64, set: &StickerSet, only: Option<&str>) -> Result<(), ApiError> {
    let shown = set.shown().stickers.into_iter();
    for sticker in shown.filter(|s| only.is_none_or(|unique| s.file_unique_id == unique)) {
        platform.files.set_meta(bot_id, &sticker.file_id, &typed(&sticker)).await?;
    }
    Ok(())
}

/// What `addStickerToSet` and `replaceStickerInSet` share before the set: the sticker parsed
/// (`format` optional), the person, the set's name.
async fn sticker_for_set(
    platform: &Platform,
    p: &Params,
    raw: Option<&str>,
    user_id: i64,
    name: &str,
) -> Result<Asked, ApiError> {
    let raw = raw.filter(|s| !s.is_empty()).ok_or_else(|| bad("there is no sticker file in the request"))?;
    let value: Value = serde_json::from_str(raw).map_err(|_| bad("Can't parse sticker JSON object"))?;
    let asked =
        input_sticker(p, &value, Some("auto"), platform.local).map_err(|e| bad(format!("Can't parse sticker: {e}")))?;
    person_for(platform, user_id).await?;
    if name.trim().is_empty() {
        return Err(bad("Sticker set name must be non-empty"));
    }
    Ok(asked)
}

/// An asked sticker stored for set `key` of `set_type`: its file, its custom emoji id, a mask's
/// position.
#[allow(clippy::too_many_arguments)]
async fn set_sticker(
    platform: &Platform,
    bot: &BotRecord,
    p: &Params,
    asked: Asked,
    format: &str,
    set_type: &str,
    key: &str,
    needs_repainting: bool,
) -> Result<SetSticker, ApiError> {
    let mut sticker = sticker_file(platform, bot, p, &asked, format, set_type).await?;
    custom_emoji(&mut sticker, key, needs_repainting);
    sticker.mask_position = asked.mask_position.filter(|_| set_type == "mask").map(Box::new);
    Ok(SetSticker { sticker, emoji_list: asked.emoji_list, keywords: asked.keywords })
}

pub(super) async fn get_sticker_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetStickerSet = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let key = p.name.trim().to_lowercase();
    let found = SETS.find(platform.storage.as_ref(), &key).await?.into_iter().next();
    let (owner, set) = found.ok_or_else(set_not_found)?;
    let mut value = typed(&set.shown());
    if owner != bot.id {
        // Another bot reads the set: each sticker with a file id of its own.
        for sticker in value["stickers"].as_array_mut().into_iter().flatten() {
            let mut wrapped = json!({"sticker": sticker.take()});
            platform.files.adopt(&mut wrapped, bot.id, true).await?;
            *sticker = wrapped["sticker"].take();
        }
        if let Some(thumbnail) = value.get_mut("thumbnail").filter(|t| t.is_object()) {
            let mut wrapped = json!({"sticker": thumbnail.take()});
            platform.files.adopt(&mut wrapped, bot.id, true).await?;
            *thumbnail = wrapped["sticker"].take();
        }
    }
    Ok(value.into())
}

pub(super) async fn upload_sticker_file(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::UploadStickerFile = args(&call.params)?;
    if !["static", "animated", "video"].contains(&p.sticker_format) {
        return Err(bad("Invalid sticker format specified"));
    }
    let raw = p.sticker.unwrap_or_default();
    let source = match input::source(&call.params, raw, "sticker", platform.local) {
        Some(input::Source::Existing(_)) | None => return Err(bad("InputFile is not specified")),
        Some(source) => source,
    };
    person_for(&platform, p.user_id).await?;
    let bot = platform_bot(&platform, &call).await?;
    let sender = Sender { id: bot.id, is_bot: true };
    let (kind, object) =
        input::attach_sticker(&platform.files, &platform.temp_dir, sender, source, Extras::default(), true).await?;
    let wrong = || bad("Can't upload sticker file: wrong file type");
    if kind != Kind::Sticker {
        return Err(wrong());
    }
    let sticker: types::Sticker = serde_json::from_value(object).map_err(|_| wrong())?;
    if the_format(&sticker) != p.sticker_format {
        return Err(wrong());
    }
    let file = types::File {
        file_id: sticker.file_id,
        file_unique_id: sticker.file_unique_id,
        file_size: sticker.file_size,
        file_path: None,
    };
    Ok(typed(&file).into())
}

pub(super) async fn create_new_sticker_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::CreateNewStickerSet = args(&call.params)?;
    let raw = p.stickers.filter(|s| !s.is_empty()).ok_or_else(|| bad("there is no sticker file in the request"))?;
    let list: Value = serde_json::from_str(raw).map_err(|_| bad("Can't parse stickers JSON object"))?;
    let Value::Array(items) = list else { return Err(bad("Expected an Array of InputSticker")) };
    if items.len() > 50 {
        return Err(bad("Too many stickers specified"));
    }
    let asked = items
        .iter()
        .map(|item| input_sticker(&call.params, item, None, platform.local))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(format!("Can't parse InputSticker: {e}")))?;
    let sticker_type = match p.sticker_type.unwrap_or_default() {
        "" | "regular" => "regular",
        "mask" => "mask",
        "custom_emoji" => "custom_emoji",
        _ => return Err(bad("Unsupported sticker type specified")),
    };
    person_for(&platform, p.user_id).await?;
    let title: String = p.title.trim().chars().take(64).collect();
    if title.is_empty() {
        return Err(bad("Sticker set title must be non-empty"));
    }
    if p.name.trim().is_empty() {
        return Err(bad("Sticker set name must be non-empty"));
    }
    if asked.is_empty() {
        return Err(bad("At least 1 sticker must be specified"));
    }
    if p.needs_repainting && sticker_type != "custom_emoji" {
        return Err(bad("Only custom emoji stickers support repainting"));
    }
    if asked.iter().any(|a| a.format == "auto") {
        return Err(bad("Sticker format must be non-empty"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let name = p.name.trim();
    if !valid_name(name, &bot.username) {
        return Err(bad("invalid sticker set name is specified"));
    }
    let (key, _held) = lock_set(&platform, bot.id, name).await;
    if SETS.get(platform.storage.as_ref(), bot.id, &key).await?.is_some() {
        return Err(bad("sticker set name is already occupied"));
    }
    let mut stickers = Vec::new();
    for a in asked {
        let format = a.format.clone();
        let sticker = set_sticker(&platform, &bot, &call.params, a, &format, sticker_type, &key, p.needs_repainting);
        stickers.push(sticker.await?);
    }
    let set = StickerSet {
        name: name.to_owned(),
        title,
        sticker_type: sticker_type.into(),
        owner: p.user_id,
        stickers,
        thumbnail_custom_emoji_id: None,
        thumbnail: None,
    };
    let mut changes: Vec<_> = set.stickers.iter().flat_map(|s| rows_of(bot.id, &s.sticker, &key)).collect();
    changes.push(SETS.put(bot.id, &key, &set));
    let done = store(&platform, changes).await?;
    label(&platform, bot.id, &set, None).await?;
    Ok(done)
}

pub(super) async fn add_sticker_to_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::AddStickerToSet = args(&call.params)?;
    let asked = sticker_for_set(&platform, &call.params, p.sticker, p.user_id, p.name).await?;
    let bot = platform_bot(&platform, &call).await?;
    let (key, _held) = lock_set(&platform, bot.id, p.name).await;
    let mut set = load_own_set(&platform, bot.id, &key, p.user_id).await?;
    if set.stickers.len() >= MOST_STICKERS {
        return Err(bad("STICKERS_TOO_MUCH"));
    }
    let format = match asked.format.as_str() {
        "auto" => set.stickers.first().map_or("static", |s| the_format(&s.sticker)),
        other => other,
    }
    .to_owned();
    let repainted = set.stickers.first().and_then(|s| s.sticker.needs_repainting).unwrap_or(false);
    let added = set_sticker(&platform, &bot, &call.params, asked, &format, &set.sticker_type, &key, repainted).await?;
    let (mut changes, unique) = (rows_of(bot.id, &added.sticker, &key), added.sticker.file_unique_id.clone());
    set.stickers.push(added);
    changes.push(SETS.put(bot.id, &key, &set));
    let done = store(&platform, changes).await?;
    label(&platform, bot.id, &set, Some(&unique)).await?;
    Ok(done)
}

pub(super) async fn replace_sticker_in_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::ReplaceStickerInSet = args(&call.params)?;
    if p.old_sticker.trim().is_empty() {
        return Err(bad("Sticker is not specified"));
    }
    let asked = sticker_for_set(&platform, &call.params, p.sticker, p.user_id, p.name).await?;
    let bot = platform_bot(&platform, &call).await?;
    let (key, old, _held) = set_of(&platform, bot.id, p.old_sticker).await?;
    if key != p.name.trim().to_lowercase() {
        return Err(bad("STICKER_INVALID"));
    }
    let mut set = load_own_set(&platform, bot.id, &key, p.user_id).await?;
    let at = set.stickers.iter().position(|s| s.sticker.file_unique_id == old).ok_or_else(|| bad("STICKER_INVALID"))?;
    let old = &set.stickers[at].sticker;
    let format = match asked.format.as_str() {
        "auto" => the_format(old),
        other => other,
    }
    .to_owned();
    let repainted = old.needs_repainting.unwrap_or(false);
    let new = set_sticker(&platform, &bot, &call.params, asked, &format, &set.sticker_type, &key, repainted).await?;
    let mut changes = unrows_of(bot.id, &set.stickers[at].sticker);
    changes.extend(rows_of(bot.id, &new.sticker, &key));
    let unique = new.sticker.file_unique_id.clone();
    set.stickers[at] = new;
    changes.push(SETS.put(bot.id, &key, &set));
    let done = store(&platform, changes).await?;
    label(&platform, bot.id, &set, Some(&unique)).await?;
    Ok(done)
}

pub(super) async fn set_sticker_position_in_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetStickerPositionInSet = args(&call.params)?;
    if p.sticker.trim().is_empty() {
        return Err(bad("Sticker is not specified"));
    }
    let position = call.params.get("position").map_or(-1, |v| v.trim().parse::<i64>().unwrap_or(0));
    if position < 0 {
        return Err(bad("Wrong sticker position specified"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let (key, unique, _held) = set_of(&platform, bot.id, p.sticker).await?;
    let mut set = load_set(&platform, bot.id, &key).await?;
    let at =
        set.stickers.iter().position(|s| s.sticker.file_unique_id == unique).ok_or_else(|| bad("STICKER_INVALID"))?;
    let moved = set.stickers.remove(at);
    let to = (position as usize).min(set.stickers.len());
    set.stickers.insert(to, moved);
    store(&platform, vec![SETS.put(bot.id, &key, &set)]).await
}

pub(super) async fn delete_sticker_from_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteStickerFromSet = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let (key, unique, _held) = set_of(&platform, bot.id, p.sticker).await?;
    let mut set = load_set(&platform, bot.id, &key).await?;
    let gone = set.stickers.iter().filter(|s| s.sticker.file_unique_id == unique);
    let mut changes: Vec<_> = gone.flat_map(|s| unrows_of(bot.id, &s.sticker)).collect();
    set.stickers.retain(|s| s.sticker.file_unique_id != unique);
    changes.push(SETS.put(bot.id, &key, &set));
    store(&platform, changes).await
}

pub(super) async fn set_sticker_emoji_list(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetStickerEmojiList = args(&call.params)?;
    if p.sticker.trim().is_empty() {
        return Err(bad("Sticker is not specified"));
    }
    let value: Value =
        serde_json::from_str(p.emoji_list.unwrap_or_default()).map_err(|_| bad("Can't parse emoji list JSON array"))?;
    let emoji = emoji_list(&value).map_err(|e| bad(format!("Can't parse emoji list: {e}")))?;
    let bot = platform_bot(&platform, &call).await?;
    let (key, unique, _held) = set_of(&platform, bot.id, p.sticker).await?;
    let mut set = load_set(&platform, bot.id, &key).await?;
    for s in set.stickers.iter_mut().filter(|s| s.sticker.file_unique_id == unique) {
        s.emoji_list = emoji.clone();
    }
    let done = store(&platform, vec![SETS.put(bot.id, &key, &set)]).await?;
    label(&platform, bot.id, &set, Some(&unique)).await?;
    Ok(done)
}

pub(super) async fn set_sticker_keywords(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetStickerKeywords = args(&call.params)?;
    if p.sticker.trim().is_empty() {
        return Err(bad("Sticker is not specified"));
    }
    let keywords = match p.keywords.filter(|k| !k.is_empty()) {
        None => Vec::new(),
        Some(raw) => {
            let value: Value = serde_json::from_str(raw).map_err(|_| bad("Can't parse keywords JSON object"))?;
            let Value::Array(items) = value else { return Err(bad("Field \"keywords\" must be an Array")) };
            items
                .into_iter()
                .map(|k| k.as_str().map(str::to_owned).ok_or_else(|| bad("keyword must be a string")))
                .collect::<Result<Vec<_>, _>>()?
        }
    };
    // The platform's bounds: 20 keywords, 64 characters in all.
    if keywords.len() > 20 || keywords.iter().map(|k| k.chars().count()).sum::<usize>() > 64 {
        return Err(bad("STICKER_KEYWORDS_INVALID"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let (key, unique, _held) = set_of(&platform, bot.id, p.sticker).await?;
    let mut set = load_set(&platform, bot.id, &key).await?;
    for s in set.stickers.iter_mut().filter(|s| s.sticker.file_unique_id == unique) {
        s.keywords = keywords.clone();
    }
    store(&platform, vec![SETS.put(bot.id, &key, &set)]).await
}

pub(super) async fn set_sticker_set_title(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetStickerSetTitle = args(&call.params)?;
    if p.name.trim().is_empty() {
        return Err(bad("Sticker set name must be non-empty"));
    }
    let title: String = p.title.trim().chars().take(64).collect();
    if title.is_empty() {
        return Err(bad("Sticker set title must be non-empty"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let (key, _held) = lock_set(&platform, bot.id, p.name).await;
    let mut set = load_set(&platform, bot.id, &key).await?;
    set.title = title;
    store(&platform, vec![SETS.put(bot.id, &key, &set)]).await
}

pub(super) async fn delete_sticker_set(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::DeleteStickerSet = args(&call.params)?;
    if p.name.trim().is_empty() {
        return Err(bad("Sticker set name must be non-empty"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let (key, _held) = lock_set(&platform, bot.id, p.name).await;
    let set = load_set(&platform, bot.id, &key).await?;
    let mut changes: Vec<_> = set.stickers.iter().flat_map(|s| unrows_of(bot.id, &s.sticker)).collect();
    changes.push(SETS.delete(bot.id, &key));
    store(&platform, changes).await
}

pub(super) async fn get_custom_emoji_stickers(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetCustomEmojiStickers = args(&call.params)?;
    let raw =
        p.custom_emoji_ids.filter(|v| !v.is_empty()).ok_or_else(|| ApiError::parameter_required("custom_emoji_ids"))?;
    let value: Value =
        serde_json::from_str(raw).map_err(|_| bad("Can't parse custom emoji identifiers JSON object"))?;
    let Value::Array(items) = value else { return Err(bad("Expected an Array of custom emoji identifiers")) };
    let mut ids = Vec::new();
    for item in items {
        let Value::String(id) = item else { return Err(bad("Custom emoji identifier must be of type String")) };
        id.trim().parse::<i64>().map_err(|_| bad("Invalid custom emoji identifier specified"))?;
        ids.push(id.trim().to_owned());
    }
    if ids.len() > 200 {
        return Err(bad("Too many custom emoji identifiers specified"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let mut found = Vec::new();
    for id in ids {
        // Unknown ids are left out, as the platform leaves them out.
        let Some((owner, key)) = OF_EMOJI.find(platform.storage.as_ref(), &id).await?.into_iter().next() else {
            continue;
        };
        let Some(set) = SETS.get(platform.storage.as_ref(), owner, &key).await? else { continue };
        let Some(sticker) = set.shown().stickers.into_iter().find(|s| s.custom_emoji_id.as_deref() == Some(&id)) else {
            continue;
        };
        let mut wrapped = json!({"sticker": typed(&sticker)});
        if owner != bot.id {
            platform.files.adopt(&mut wrapped, bot.id, true).await?;
        }
        found.push(wrapped["sticker"].take());
    }
    Ok(Value::Array(found).into())
}

pub(super) async fn set_sticker_mask_position(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetStickerMaskPosition = args(&call.params)?;
    if p.sticker.trim().is_empty() {
        return Err(bad("Sticker is not specified"));
    }
    let position = match p.mask_position.filter(|m| !m.is_empty()) {
        None => None,
        Some(raw) => {
            let value: Value = serde_json::from_str(raw).map_err(|_| bad("Can't parse mask position JSON object"))?;
            mask_position(&value).map_err(|e| bad(format!("Can't parse mask position: {e}")))?
        }
    };
    let bot = platform_bot(&platform, &call).await?;
    let (key, unique, _held) = set_of(&platform, bot.id, p.sticker).await?;
    let mut set = load_set(&platform, bot.id, &key).await?;
    if set.sticker_type != "mask" {
        return Err(bad("STICKER_MASK_COORDS_NOT_SUPPORTED"));
    }
    for s in set.stickers.iter_mut().filter(|s| s.sticker.file_unique_id == unique) {
        s.sticker.mask_position = position.clone().map(Box::new);
    }
    let done = store(&platform, vec![SETS.put(bot.id, &key, &set)]).await?;
    label(&platform, bot.id, &set, Some(&unique)).await?;
    Ok(done)
}

/// The most bytes a set's thumbnail has: a static one's, and an animated or video one's.
const THUMBNAIL_BYTES: (u64, u64) = (128 * 1024, 32 * 1024);

pub(super) async fn set_sticker_set_thumbnail(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetStickerSetThumbnail = args(&call.params)?;
    let format = if p.format.is_empty() { "auto" } else { p.format };
    if !["auto", "static", "animated", "video"].contains(&format) {
        return Err(bad("Invalid sticker format specified"));
    }
    person_for(&platform, p.user_id).await?;
    if p.name.trim().is_empty() {
        return Err(bad("Sticker set name must be non-empty"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let raw = p.thumbnail.unwrap_or_default();
    let source = input::source(&call.params, raw, "thumbnail", platform.local);
    let (key, _held) = lock_set(&platform, bot.id, p.name).await;
    let mut set = load_own_set(&platform, bot.id, &key, p.user_id).await?;
    // A custom emoji set takes one of its own emoji instead.
    if set.sticker_type == "custom_emoji" {
        return Err(set_not_found());
    }
    set.thumbnail = match source {
        // No thumbnail: the set's first sticker shows instead.
        None => None,
        Some(source) => {
            let sender = Sender { id: bot.id, is_bot: true };
            let (kind, object) =
                input::attach_sticker(&platform.files, &platform.temp_dir, sender, source, Extras::default(), true)
                    .await?;
            let sticker: Option<types::Sticker> = serde_json::from_value(object).ok().filter(|_| kind == Kind::Sticker);
            let sticker = sticker.ok_or_else(|| bad("STICKER_THUMB_PNG_NOPNG"))?;
            let found = the_format(&sticker);
            if format != "auto" && found != format {
                return Err(bad(match format {
                    "static" => "STICKER_THUMB_PNG_NOPNG",
                    "animated" => "STICKER_THUMB_TGS_NOTGS",
                    _ => "STICKER_VIDEO_NOWEBM",
                }));
            }
            let size = sticker.file_size.unwrap_or(0) as u64;
            let most = if found == "static" { THUMBNAIL_BYTES.0 } else { THUMBNAIL_BYTES.1 };
            if size > most {
                return Err(bad("STICKER_FILE_INVALID"));
            }
            if found != "animated" && (sticker.width, sticker.height) != (100, 100) {
                return Err(bad("STICKER_PNG_DIMENSIONS"));
            }
            Some(types::PhotoSize {
                file_id: sticker.file_id,
                file_unique_id: sticker.file_unique_id,
                width: sticker.width,
                height: sticker.height,
                file_size: sticker.file_size,
            })
        }
    };
    store(&platform, vec![SETS.put(bot.id, &key, &set)]).await
}

pub(super) async fn set_custom_emoji_sticker_set_thumbnail(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::SetCustomEmojiStickerSetThumbnail = args(&call.params)?;
    let id = p.custom_emoji_id.unwrap_or_default().trim().parse::<i64>().unwrap_or(0);
    if p.name.trim().is_empty() {
        return Err(bad("Sticker set name must be non-empty"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let (key, _held) = lock_set(&platform, bot.id, p.name).await;
    let mut set = load_set(&platform, bot.id, &key).await?;
    if set.sticker_type != "custom_emoji" {
        return Err(bad("STICKERSET_INVALID"));
    }
    let id = (id != 0).then(|| id.to_string());
    if let Some(id) = &id
        && !set.stickers.iter().any(|s| s.sticker.custom_emoji_id.as_ref() == Some(id))
    {
        return Err(bad("CUSTOM_EMOJI_INVALID"));
    }
    set.thumbnail_custom_emoji_id = id;
    store(&platform, vec![SETS.put(bot.id, &key, &set)]).await
}
