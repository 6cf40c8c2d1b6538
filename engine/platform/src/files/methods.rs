//! Files in messages: `sendPhoto`, `sendDocument`, `sendVideo`, `sendAudio`, `sendVoice`,
//! `sendAnimation`, `sendVideoNote`, `sendLivePhoto`, `sendMediaGroup`, `editMessageMedia` and
//! `getFile`. The send functions take an [`Actor`], so the user-side API sends files through the
//! same code. A live photo is a photo with a short video: the video is stored as a video, the
//! message carries both `live_photo` (the video, the photo's sizes inside) and `photo`, as the
//! reference writes it for clients that know only photos.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Params, Reply};
use msg_spec::params::{self, FileArgs};
use msg_spec::types;
use serde_json::Value;

use crate::Platform;
use crate::files::id::FileId;
use crate::files::input::{self, Extras, Sender, Source};
use crate::files::{Kind, MAX_DOWNLOAD};
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::stored::decode;
use crate::kernel::world::{Actor, Content};
use crate::messages;
use crate::messages::send::{SendOptions, reply_markup, reply_to};

const MAX_ALBUM: usize = 10;

/// A caption with its entities: explicit ones, or parsed from `parse_mode`.
pub(crate) fn caption(text: &str, mode: &str, entities: Option<Value>) -> Result<(String, Option<Value>), ApiError> {
    if text.is_empty() {
        return Ok((String::new(), None));
    }
    let (text, entities) = crate::messages::send::formatted(text, mode, entities)?;
    crate::limits::check_caption(&text)?;
    Ok((text, entities))
}

fn caption_of(args: &dyn FileArgs<'_>) -> Result<(String, Option<Value>), ApiError> {
    let entities = crate::messages::send::json_value(args.caption_entities());
    caption(args.caption().unwrap_or_default(), args.parse_mode().unwrap_or_default(), entities)
}

fn sender(actor: &Actor) -> Sender {
    Sender { id: actor.id(), is_bot: matches!(actor, Actor::Bot(_)) }
}

/// How the reference names a missing file: `There is no video note in the request`.
fn missing(kind: Kind) -> ApiError {
    ApiError::bad_request(format!("There is no {} in the request", kind.field().replace('_', " ")))
}

/// How a file is shown: `show_caption_above_media` and `has_spoiler` of a send or an
/// `InputMedia`.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Shown {
    pub caption_above: bool,
    pub spoiler: bool,
}

/// The message of a file: the file store's object as the field of its kind. An animation also
/// fills `document`, as on the platform (the same file as a `Document`: without `duration`,
/// `width` and `height`).
pub(crate) fn media_body(kind: Kind, object: Value, shown: Shown) -> Result<types::Message, ApiError> {
    let mut body = types::Message::default();
    let what = kind.field();
    match kind {
        Kind::Animation => {
            let animation: types::Animation = decode(object, what)?;
            let document = types::Document {
                file_id: animation.file_id.clone(),
                file_unique_id: animation.file_unique_id.clone(),
                thumbnail: animation.thumbnail.clone(),
                file_name: animation.file_name.clone(),
                mime_type: animation.mime_type.clone(),
                file_size: animation.file_size,
            };
            body.document = Some(Box::new(document));
            body.animation = Some(Box::new(animation));
        }
        Kind::Photo => body.photo = Some(decode(object, what)?),
        Kind::Video => body.video = Some(decode(object, what)?),
        Kind::Document => body.document = Some(decode(object, what)?),
        Kind::Audio => body.audio = Some(decode(object, what)?),
        Kind::Voice => body.voice = Some(decode(object, what)?),
        Kind::VideoNote => body.video_note = Some(decode(object, what)?),
        Kind::Sticker => body.sticker = Some(decode(object, what)?),
        Kind::Thumbnail => return Err(ApiError::bad_request("a thumbnail is not a message's file")),
    }
    body.show_caption_above_media = shown.caption_above.then_some(true);
    body.has_media_spoiler =
        (shown.spoiler && matches!(kind, Kind::Photo | Kind::Video | Kind::Animation)).then_some(true);
    Ok(body)
}

/// Stores a live photo's video (with the caller's `extras`: its size and duration) and its
/// photo: the `LivePhoto` (the video's facts and file, the photo's sizes, the video's frame taken
/// from the photo when the sender gave none). The platform stores what it is given: the 10-second
/// and 10 MB bounds of the Bot API documentation are the public platform's, which probes the
/// video; a URL is refused, as the Bot API documents.
pub(crate) async fn store_live_photo(
    platform: &Platform,
    sender: Sender,
    video: Source<'_>,
    photo: Source<'_>,
    extras: Extras<'_>,
) -> Result<types::LivePhoto, ApiError> {
    if matches!(video, Source::Url(_)) {
        return Err(ApiError::bad_request("sending live photos by a URL is not supported"));
    }
    let (files, temp) = (&platform.files, &platform.temp_dir);
    let video = input::attach(files, temp, sender, Kind::Video, video, extras).await?;
    let photo = input::attach(files, temp, sender, Kind::Photo, photo, Extras::default()).await?;
    let mut video: types::Video = decode(video, "live photo")?;
    let photo: Vec<types::PhotoSize> = decode(photo, "live photo")?;
    if let Some(largest) = photo.last()
        && video.width == 0
    {
        (video.width, video.height) = (largest.width, largest.height);
    }
    Ok(types::LivePhoto {
        photo: Some(photo),
        file_id: video.file_id,
        file_unique_id: video.file_unique_id,
        width: video.width,
        height: video.height,
        duration: video.duration,
        mime_type: video.mime_type,
        file_size: video.file_size,
    })
}

/// A live photo's message content: `live_photo`, and `photo` (its sizes) for clients that know
/// only photos.
async fn attach_live(
    platform: &Platform,
    actor: &Actor,
    video: Source<'_>,
    photo: Source<'_>,
    extras: Extras<'_>,
    shown: Shown,
) -> Result<types::Message, ApiError> {
    let live = store_live_photo(platform, sender(actor), video, photo, extras).await?;
    let sizes = serde_json::to_value(&live.photo).expect("generated types serialize");
    let mut body = media_body(Kind::Photo, sizes, shown)?;
    body.live_photo = Some(Box::new(live));
    Ok(body)
}

/// `sendLivePhoto` from `actor` (a bot, or a person through the user-side API), checked in the
/// reference's order: the live photo's video, the photo, the caption, then the chat.
pub(super) async fn send_live_photo(platform: &Platform, actor: Actor, p: &Params) -> Result<Value, ApiError> {
    let local = platform.local;
    let live: params::SendLivePhoto = args(p)?;
    let video = input::source(p, live.live_photo.unwrap_or_default(), "live_photo", local)
        .ok_or_else(|| ApiError::bad_request("There is no live photo in the request"))?;
    let photo = input::source(p, live.photo.unwrap_or_default(), "photo", local).ok_or_else(|| missing(Kind::Photo))?;
    let (text, entities) = caption_of(&live)?;
    let mut options = SendOptions::read(&live, p)?;
    let (actor, conversation) = options.sending(platform, &actor, live.chat_id).await?;
    let shown = Shown { caption_above: live.show_caption_above_media, spoiler: live.has_spoiler };
    let body = attach_live(platform, &actor, video, photo, Extras::from_args(&live, p, local), shown).await?;
    let entities = if matches!(actor, Actor::Bot(_)) { crate::entities::with_found(&text, entities) } else { entities };
    messages::post(platform, &actor, conversation, options.content(text, entities, body)).await
}

/// The bot's `sendLivePhoto`.
pub(super) async fn send_live_photo_method(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    Ok(send_live_photo(&platform, Actor::Bot(bot), &call.params).await?.into())
}

/// The parameters of the method that sends a file of `kind`, decoded by its generated struct.
fn file_args<'a>(p: &'a Params, kind: Kind) -> Result<Box<dyn FileArgs<'a> + Send + 'a>, ApiError> {
    Ok(match kind {
        Kind::Photo => Box::new(args::<params::SendPhoto>(p)?),
        Kind::Audio => Box::new(args::<params::SendAudio>(p)?),
        Kind::Document => Box::new(args::<params::SendDocument>(p)?),
        Kind::Video => Box::new(args::<params::SendVideo>(p)?),
        Kind::Animation => Box::new(args::<params::SendAnimation>(p)?),
        Kind::Voice => Box::new(args::<params::SendVoice>(p)?),
        Kind::VideoNote => Box::new(args::<params::SendVideoNote>(p)?),
        Kind::Sticker => Box::new(args::<params::SendSticker>(p)?),
        Kind::Thumbnail => return Err(ApiError::bad_request("wrong file kind to send")),
    })
}

/// The file a send method names, under its kind's parameter.
fn file_of<'a>(args: &dyn FileArgs<'a>, kind: Kind) -> Option<&'a str> {
    match kind {
        Kind::Photo => args.photo(),
        Kind::Audio => args.audio(),
        Kind::Document => args.document(),
        Kind::Video => args.video(),
        Kind::Animation => args.animation(),
        Kind::Voice => args.voice(),
        Kind::VideoNote => args.video_note(),
        Kind::Sticker => args.sticker(),
        Kind::Thumbnail => None,
    }
}

/// Sends one file of `kind` from `actor` (a bot, or a person through the user-side API).
pub(super) async fn send_file(platform: &Platform, actor: Actor, p: &Params, kind: Kind) -> Result<Value, ApiError> {
    let local = platform.local;
    let args = file_args(p, kind)?;
    let args = args.as_ref();
    let source =
        input::source(p, file_of(args, kind).unwrap_or_default(), kind.field(), local).ok_or_else(|| missing(kind))?;
    let extras = Extras::from_args(args, p, local);
    let (text, entities) =
        if matches!(kind, Kind::VideoNote | Kind::Sticker) { (String::new(), None) } else { caption_of(args)? };
    let mut options = SendOptions::read(args, p)?;
    let (actor, conversation) = options.sending(platform, &actor, args.chat_id()).await?;
    let files = &platform.files;
    let (kind, object) = match kind {
        Kind::Sticker => {
            input::attach_sticker(files, &platform.temp_dir, sender(&actor), source, extras, false).await?
        }
        _ => (kind, input::attach(files, &platform.temp_dir, sender(&actor), kind, source, extras).await?),
    };
    let shown = Shown { caption_above: args.show_caption_above_media(), spoiler: args.has_spoiler() };
    let body = media_body(kind, object, shown)?;
    let entities = if matches!(actor, Actor::Bot(_)) { crate::entities::with_found(&text, entities) } else { entities };
    messages::post(platform, &actor, conversation, options.content(text, entities, body)).await
}

/// A bot's send method for one kind of file.
pub(super) async fn send_kind(platform: Arc<Platform>, call: MethodCall, kind: Kind) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    Ok(send_file(&platform, Actor::Bot(bot), &call.params, kind).await?.into())
}

/// One parsed `InputMedia`: its kind, file source, extras and caption.
struct InputMedia<'a> {
    kind: Kind,
    source: Source<'a>,
    /// A live photo's photo (`source` is then its video).
    photo: Option<Source<'a>>,
    extras: Extras<'a>,
    caption: (String, Option<Value>),
    shown: Shown,
}

fn parse_input_media<'a>(p: &'a Params, value: &Value, local: bool, album: bool) -> Result<InputMedia<'a>, String> {
    let object = value.as_object().ok_or("expected an Object")?;
    let text = |name: &str| object.get(name).and_then(Value::as_str).unwrap_or_default();
    let entities = object.get("caption_entities").cloned();
    let caption = caption(text("caption"), text("parse_mode"), entities).map_err(reason)?;
    let kind_name = object.get("type").and_then(Value::as_str).ok_or("Can't find field \"type\"")?;
    let flag = |name: &str| object.get(name).and_then(Value::as_bool).unwrap_or(false);
    let shown = Shown { caption_above: flag("show_caption_above_media"), spoiler: flag("has_spoiler") };
    let extras = Extras::from_media(p, object, local);
    if kind_name == "live_photo" {
        // `media` is the video; the photo must be named (a file_id or `attach://`).
        let video = input::source(p, text("media"), "", local).ok_or("media not found")?;
        let photo = input::source(p, text("photo"), "", local).ok_or("photo not found")?;
        return Ok(InputMedia { kind: Kind::Video, source: video, photo: Some(photo), extras, caption, shown });
    }
    let kind = Kind::from_field(kind_name)
        .filter(|k| matches!(k, Kind::Photo | Kind::Video | Kind::Animation | Kind::Audio | Kind::Document))
        .ok_or_else(|| format!("type \"{kind_name}\" is unsupported"))?;
    if album && kind == Kind::Animation {
        return Err(format!("type \"{kind_name}\" can't be used in sendMediaGroup"));
    }
    let source = input::source(p, text("media"), "", local).ok_or("media not found")?;
    Ok(InputMedia { kind, source, photo: None, extras, caption, shown })
}

/// An `InputMedia` with a file inside another object (a poll's media, Bot API 10.0), of one of
/// the `types` its place takes: its file stored as `actor`'s, and the message content it makes
/// (the file's fields; a live photo's `live_photo`). It carries no caption of its own. Errors are
/// reasons, for the caller to word (`Failed to parse InputPollMedia: <reason>`).
pub(crate) async fn nested_media(
    platform: &Platform,
    actor: &Actor,
    p: &Params,
    value: &Value,
    types: &[&str],
) -> Result<types::Message, String> {
    let object = value.as_object().ok_or("expected an Object")?;
    let kind_name = object.get("type").and_then(Value::as_str).unwrap_or_default();
    if !types.contains(&kind_name) {
        return Err("invalid type specified".into());
    }
    if object.get("caption").and_then(Value::as_str).is_some_and(|c| !c.is_empty()) {
        return Err("Media caption must be empty".into());
    }
    let local = platform.local;
    // Kinds no `InputMedia` of a message names: a poll's sticker, a rich message's voice note.
    let own = match kind_name {
        "sticker" => Some((Kind::Sticker, Extras::default())),
        "voice_note" => Some((Kind::Voice, Extras::from_media(p, object, local))),
        _ => None,
    };
    if let Some((kind, extras)) = own {
        let media = object.get("media").and_then(Value::as_str).unwrap_or_default();
        let source = input::source(p, media, "", local).ok_or("media not found")?;
        let (files, temp) = (&platform.files, &platform.temp_dir);
        let object = input::attach(files, temp, sender(actor), kind, source, extras).await.map_err(reason)?;
        return media_body(kind, object, Shown::default()).map_err(reason);
    }
    let media = parse_input_media(p, value, local, false)?;
    let content = attach_media(platform, actor, media).await.map_err(reason)?;
    Ok(content.body)
}

/// An error's message without its `Bad Request: ` prefix, to nest in another message.
fn reason(e: ApiError) -> String {
    e.description.strip_prefix("Bad Request: ").unwrap_or(&e.description).to_owned()
}

fn unparsable_media(e: String) -> ApiError {
    ApiError::bad_request(format!("Can't parse InputMedia: {e}"))
}

/// Stores an `InputMedia`'s file: the message content it makes (media fields and caption).
async fn attach_media(platform: &Platform, actor: &Actor, media: InputMedia<'_>) -> Result<Content, ApiError> {
    let (text, entities) = media.caption;
    let body = match media.photo {
        Some(photo) => attach_live(platform, actor, media.source, photo, media.extras, media.shown).await?,
        None => {
            let (files, temp) = (&platform.files, &platform.temp_dir);
            let object = input::attach(files, temp, sender(actor), media.kind, media.source, media.extras).await?;
            media_body(media.kind, object, media.shown)?
        }
    };
    Ok(Content { text, entities, body, ..Content::default() })
}

pub(super) async fn send_media_group(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p = &call.params;
    let group: params::SendMediaGroup = args(p)?;
    let (reply, allow_without_reply) = reply_to(group.reply_parameters, p)?;
    if group.business_connection_id.is_some_and(|b| !b.is_empty()) {
        return Err(ApiError::bad_request("business connection not found"));
    }
    let raw = group.media.filter(|m| !m.is_empty()).ok_or_else(|| ApiError::parameter_required("media"))?;
    let value: Value = serde_json::from_str(raw).map_err(|_| ApiError::bad_request("Can't parse media JSON object"))?;
    let items = value.as_array().ok_or_else(|| ApiError::bad_request("Expected an Array of InputMedia"))?;
    let local = platform.local;
    let parsed = items
        .iter()
        .map(|item| parse_input_media(p, item, local, true).map_err(unparsable_media))
        .collect::<Result<Vec<_>, _>>()?;
    if parsed.is_empty() {
        return Err(ApiError::bad_request("There are no messages to send"));
    }
    if parsed.len() > MAX_ALBUM {
        return Err(ApiError::bad_request("Too many messages to send as an album"));
    }
    // Documents go only with documents, audio only with audio (MEDIA_GROUPED_INVALID).
    let exclusive = |k: Kind| matches!(k, Kind::Document | Kind::Audio);
    if parsed.iter().any(|m| exclusive(m.kind)) && parsed.iter().any(|m| m.kind != parsed[0].kind) {
        return Err(ApiError::bad_request("Can't use the media of the specified type in the album"));
    }
    let actor = Actor::Bot(bot);
    let conversation = platform.resolve_chat(&actor, group.chat_id).await?;
    let mut prepared = Vec::new();
    for media in parsed {
        prepared.push(attach_media(&platform, &actor, media).await?);
    }
    let group_id = format!("{}", msg_core::random::next_u64() >> 1);
    let mut sent = Vec::new();
    for mut content in prepared {
        content.body.media_group_id = Some(group_id.clone());
        content.reply_to = reply;
        content.allow_without_reply = allow_without_reply;
        content.protect = group.protect_content;
        content.thread = group.message_thread_id.filter(|t| *t > 0);
        sent.push(messages::post(&platform, &actor, conversation, content).await?);
    }
    Ok(Value::Array(sent).into())
}

/// An edit's `media` (required), read as the reference reads it: the JSON object, then the
/// `InputMedia` (not an album's).
fn edited_media<'a>(p: &'a Params, raw: Option<&str>, local: bool) -> Result<InputMedia<'a>, ApiError> {
    let raw = raw.filter(|m| !m.is_empty()).ok_or_else(|| ApiError::parameter_required("media"))?;
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("Can't parse input media JSON object"))?;
    parse_input_media(p, &value, local, false).map_err(unparsable_media)
}

pub(super) async fn edit_message_media(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditMessageMedia = args(&call.params)?;
    let media = edited_media(&call.params, p.media, platform.local)?;
    let markup = reply_markup(p.reply_markup)?;
    let chat_id = p.chat_id.filter(|c| !c.is_empty());
    let message_id = p.message_id.filter(|id| *id > 0);
    let (actor, conversation, message_id) =
        crate::messages::target::edit_target(&platform, &call, chat_id, message_id).await?;
    let mut content = attach_media(&platform, &actor, media).await?;
    content.reply_markup = markup;
    let edited = messages::edit_media(&platform, &actor, conversation, message_id, content).await?;
    Ok(crate::messages::target::edited_for(&call, edited))
}

/// `editEphemeralMessageMedia`: the media read and stored as `editMessageMedia` reads them, then
/// the ephemeral message's change (`messages::ephemeral`).
pub(super) async fn edit_ephemeral_message_media(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::EditEphemeralMessageMedia = args(&call.params)?;
    let media = edited_media(&call.params, p.media, platform.local)?;
    let markup = crate::messages::editing::inline_markup(p.reply_markup)?;
    let (receiver, id) = (p.receiver_user_id, p.ephemeral_message_id);
    let (actor, conversation) = crate::messages::ephemeral::target(&platform, &call, p.chat_id, receiver, id).await?;
    let mut content = attach_media(&platform, &actor, media).await?;
    content.reply_markup = markup;
    crate::messages::ephemeral::edit_media(&platform, &actor, conversation, receiver, id, content).await
}

pub(crate) async fn get_file(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::GetFile = args(&call.params)?;
    let text = p.file_id.trim();
    if text.is_empty() {
        return Err(ApiError::bad_request("file_id not specified"));
    }
    let id = FileId::decode(text).ok_or_else(|| ApiError::bad_request("invalid file_id"))?;
    let files = &platform.files;
    let mut record = files.record_of(bot.id, &id).await?.ok_or_else(input::unavailable)?;
    let local = platform.local;
    if !local && record.size > MAX_DOWNLOAD {
        return Err(ApiError::bad_request("file is too big"));
    }
    if !files.restore(&record).await? {
        return Err(input::unavailable());
    }
    // A use, for the retention policy.
    record.accessed_at = crate::kernel::world::now();
    platform.storage.apply(vec![msg_core::Change::PutFile(record.clone())]).await.map_err(crate::internal)?;
    let file_path =
        if local { files.bot_dir(bot.id).join(&record.path).display().to_string() } else { record.path.clone() };
    let file = msg_spec::types::File {
        file_id: id.encode(),
        file_unique_id: crate::files::id::unique_id(&id.hash),
        file_size: Some(record.size as i64),
        file_path: Some(file_path),
    };
    Ok(crate::kernel::world::typed(&file).into())
}
