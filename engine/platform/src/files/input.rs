//! `InputFile` parameters: where a file to send comes from (a multipart part, `attach://<name>`,
//! a `file://` path in local mode, an HTTP URL, or an existing `file_id`), read the reference's
//! way (`Client::get_input_file`), and turned into a file object by [`attach`].

use std::path::{Path, PathBuf};

use futures_util::StreamExt;
use http_body_util::BodyStream;
use msg_core::{ApiError, Params, UploadedFile};
use serde_json::{Map, Value};
use tokio::io::AsyncWriteExt;

use super::id::FileId;
use super::{Blob, FileStore, Kind, photo};
use crate::kernel::world::{Actor, Platform};

/// Where a file to send comes from.
#[derive(Debug)]
pub enum Source<'a> {
    Upload(&'a UploadedFile),
    Local(PathBuf),
    Url(String),
    /// A `file_id`, as given: decoded when the file is attached, after the chat is checked (a
    /// wrong one is refused then, as the reference passes it on to TDLib unread).
    Existing(String),
}

pub fn wrong_file_identifier() -> ApiError {
    ApiError::bad_request("wrong file identifier/HTTP URL specified")
}

pub fn unavailable() -> ApiError {
    ApiError::bad_request("wrong file_id or the file is temporarily unavailable")
}

/// The path of a `file:/` URI, as the reference reads it: `file:///abs` and
/// `file://localhost/abs` both give `/abs`; then percent-decoded.
fn local_path(rest: &str) -> PathBuf {
    let rest = if let Some(stripped) = rest.strip_prefix("/localhost") {
        stripped
    } else {
        rest.strip_prefix('/').unwrap_or(rest)
    };
    PathBuf::from(percent_encoding::percent_decode_str(rest).decode_utf8_lossy().into_owned())
}

/// Reads an `InputFile` value: `value` is the parameter's (or a JSON media's) string, `field`
/// the multipart part to use when it is empty. `None` when there is no file.
pub fn source<'a>(p: &'a Params, value: &str, field: &str, local: bool) -> Option<Source<'a>> {
    if !value.is_empty() {
        if local && let Some(rest) = value.strip_prefix("file:/") {
            return Some(Source::Local(local_path(rest)));
        }
        if let Some(name) = value.strip_prefix("attach://") {
            return p.file(name).map(Source::Upload);
        }
        if value.starts_with("http://") || value.starts_with("https://") {
            return Some(Source::Url(value.to_owned()));
        }
        return Some(Source::Existing(value.to_owned()));
    }
    if field.is_empty() {
        return None;
    }
    p.file(field).map(Source::Upload)
}

/// A thumbnail must be a new upload (a part or `attach://`), or in local mode a `file://` path.
pub fn thumbnail<'a>(p: &'a Params, value: &str, local: bool) -> Option<Source<'a>> {
    let fields = ["thumbnail", "thumb"];
    let from_value = match source(p, value, "", local) {
        Some(s @ (Source::Upload(_) | Source::Local(_))) => Some(s),
        _ => None,
    };
    from_value.or_else(|| fields.iter().find_map(|f| p.file(f).map(Source::Upload)))
}

/// Caller-given facts about the file (the platform cannot probe media here).
#[derive(Debug, Default)]
pub struct Extras<'a> {
    pub duration: Option<i64>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub length: Option<i64>,
    pub performer: Option<String>,
    pub title: Option<String>,
    pub thumbnail: Option<Source<'a>>,
    /// A sticker's emoji (`sendSticker`).
    pub emoji: Option<String>,
}

const MAX_LENGTH: i64 = 10_000;
const MAX_DURATION: i64 = 1 << 30;

impl<'a> Extras<'a> {
    /// From a send method's parameters.
    pub fn from_params(p: &'a Params, local: bool) -> Self {
        let int = |name: &str, max: i64| p.get(name).map(|_| p.integer(name, 0, 0, max));
        let text = |name: &str| p.get(name).filter(|v| !v.is_empty()).map(str::to_owned);
        Self {
            duration: int("duration", MAX_DURATION),
            width: int("width", MAX_LENGTH),
            height: int("height", MAX_LENGTH),
            length: int("length", MAX_LENGTH),
            performer: text("performer"),
            title: text("title"),
            thumbnail: thumbnail(p, p.get("thumbnail").or(p.get("thumb")).unwrap_or_default(), local),
            emoji: text("emoji"),
        }
    }

    /// From the parameters of a method that sends one file (`thumb`, the older name of
    /// `thumbnail` that the schema no longer declares, read by name).
    pub fn from_args(args: &dyn msg_spec::params::FileArgs<'_>, p: &'a Params, local: bool) -> Self {
        let int = |value: Option<i64>, max: i64| value.map(|v| v.clamp(0, max));
        let text = |value: Option<&str>| value.filter(|v| !v.is_empty()).map(str::to_owned);
        Self {
            duration: int(args.duration(), MAX_DURATION),
            width: int(args.width(), MAX_LENGTH),
            height: int(args.height(), MAX_LENGTH),
            length: int(args.length(), MAX_LENGTH),
            performer: text(args.performer()),
            title: text(args.title()),
            thumbnail: thumbnail(p, args.thumbnail().or(p.get("thumb")).unwrap_or_default(), local),
            emoji: text(args.emoji()),
        }
    }

    /// From an `InputMedia` object.
    pub fn from_media(p: &'a Params, media: &Map<String, Value>, local: bool) -> Self {
        let int = |name: &str, max: i64| media.get(name).and_then(Value::as_i64).map(|v| v.clamp(0, max));
        let text = |name: &str| media.get(name).and_then(Value::as_str).filter(|v| !v.is_empty()).map(str::to_owned);
        let thumb = text("thumbnail").or_else(|| text("thumb")).unwrap_or_default();
        Self {
            duration: int("duration", MAX_DURATION),
            width: int("width", MAX_LENGTH),
            height: int("height", MAX_LENGTH),
            length: None,
            performer: text("performer"),
            title: text("title"),
            thumbnail: thumbnail(p, &thumb, local),
            emoji: None,
        }
    }
}

/// A temp file removed when dropped (unless moved away first).
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A file ready to enter the store.
struct Fetched {
    path: PathBuf,
    movable: bool,
    size: u64,
    name: Option<String>,
    mime: Option<String>,
    _temp: Option<TempFile>,
}

/// URL downloads are capped as on the public platform: 5 MB for photos, 20 MB otherwise.
fn url_limit(kind: Kind) -> u64 {
    if kind == Kind::Photo { 5 << 20 } else { 20 << 20 }
}

fn url_failed() -> ApiError {
    ApiError::bad_request("failed to get HTTP URL content")
}

/// Redirects followed at most, each checked like the first request.
const MAX_REDIRECTS: usize = 5;

/// Downloads `url` (an upload by URL) into the temp dir. Every hop, redirects included, goes
/// through the outbound policy: outside local mode a URL whose host is or resolves to a reserved
/// address is refused (logged with the reason; the client sees `failed to get HTTP URL content`).
async fn fetch_url(url: &str, kind: Kind, files: &FileStore, temp_dir: &Path) -> Result<Fetched, ApiError> {
    let mut uri: hyper::Uri = url.parse().map_err(|_| wrong_file_identifier())?;
    let shown = msg_core::redact(url);
    let client = msg_outbound::client::client(&msg_outbound::client::Trust::Public, None, &files.outbound);
    let mut hops = 0;
    let response = loop {
        if !matches!(uri.scheme_str(), Some("http" | "https")) {
            tracing::info!("cannot fetch {shown}: only http:// and https:// URLs are fetched");
            return Err(url_failed());
        }
        let request = msg_outbound::client::request_to(hyper::Method::GET, &uri)
            .ok_or_else(wrong_file_identifier)?
            .header(hyper::header::USER_AGENT, "msg-bot-api")
            .body(http_body_util::Full::new(bytes::Bytes::new()))
            .map_err(|_| wrong_file_identifier())?;
        let response = tokio::time::timeout(std::time::Duration::from_secs(60), client.request(request))
            .await
            .map_err(|_| {
                tracing::info!("cannot fetch {shown}: timed out");
                url_failed()
            })?
            .map_err(|e| {
                match msg_outbound::client::refused(&e) {
                    Some(refused) => tracing::info!("cannot fetch {shown}: {refused}"),
                    None => tracing::info!("cannot fetch {shown}: {}", msg_core::redact(&e.to_string())),
                }
                url_failed()
            })?;
        let location = response.headers().get(hyper::header::LOCATION).and_then(|v| v.to_str().ok());
        match location {
            Some(location) if response.status().is_redirection() && hops < MAX_REDIRECTS => {
                hops += 1;
                uri = redirect_target(&uri, location).ok_or_else(|| {
                    tracing::info!("cannot fetch {shown}: bad redirect");
                    url_failed()
                })?;
                tracing::debug!("fetching {shown}: redirected to {}", msg_core::redact(&uri.to_string()));
            }
            _ => break response,
        }
    };
    if !response.status().is_success() {
        tracing::info!("cannot fetch {shown}: HTTP {}", response.status());
        return Err(url_failed());
    }
    let mime = response.headers().get(hyper::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let name = uri.path().rsplit('/').next().filter(|n| !n.is_empty()).map(str::to_owned);
    tokio::fs::create_dir_all(temp_dir).await.map_err(|e| super::io_failed("creating the temp dir", e))?;
    let temp = TempFile(temp_dir.join(format!("msg-fetch-{:016x}", rand::random::<u64>())));
    let mut out = tokio::fs::File::create(&temp.0).await.map_err(|e| super::io_failed("creating a temp file", e))?;
    let mut body = BodyStream::new(response.into_body());
    let mut size = 0u64;
    while let Some(frame) = body.next().await {
        let frame = frame.map_err(|_| url_failed())?;
        let Ok(data) = frame.into_data() else { continue };
        size += data.len() as u64;
        if size > url_limit(kind) {
            return Err(url_failed());
        }
        out.write_all(&data).await.map_err(|e| super::io_failed("writing a fetched file", e))?;
    }
    out.flush().await.map_err(|e| super::io_failed("writing a fetched file", e))?;
    Ok(Fetched { path: temp.0.clone(), movable: true, size, name, mime, _temp: Some(temp) })
}

/// Where a redirect's `Location` points, absolute or relative to `base`.
fn redirect_target(base: &hyper::Uri, location: &str) -> Option<hyper::Uri> {
    let target: hyper::Uri = location.parse().ok()?;
    if target.scheme().is_some() {
        return Some(target);
    }
    let mut parts = base.clone().into_parts();
    let path = if location.starts_with('/') {
        location.to_owned()
    } else {
        let dir = base.path().rsplit_once('/').map_or("", |(dir, _)| dir);
        format!("{dir}/{location}")
    };
    parts.path_and_query = Some(path.parse().ok()?);
    hyper::Uri::from_parts(parts).ok()
}

async fn fetch(source: &Source<'_>, kind: Kind, files: &FileStore, temp_dir: &Path) -> Result<Fetched, ApiError> {
    let local = files.local;
    match source {
        Source::Upload(file) => Ok(Fetched {
            path: file.path.clone(),
            movable: true,
            size: file.size,
            name: file.file_name.clone(),
            mime: file.content_type.clone(),
            _temp: None,
        }),
        Source::Local(path) => {
            if !path.is_absolute() {
                return Err(ApiError::bad_request(format!(
                    "local file path \"{}\" must be absolute (file:///abs/path)",
                    path.display()
                )));
            }
            let meta = tokio::fs::metadata(path)
                .await
                .map_err(|e| ApiError::bad_request(format!("can't read local file \"{}\": {e}", path.display())))?;
            if !meta.is_file() {
                return Err(ApiError::bad_request(format!("local path \"{}\" is not a file", path.display())));
            }
            if meta.len() > super::max_upload(local) {
                return Err(ApiError::new(413, "Request Entity Too Large"));
            }
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            Ok(Fetched { path: path.clone(), movable: false, size: meta.len(), name, mime: None, _temp: None })
        }
        Source::Url(url) => fetch_url(url, kind, files, temp_dir).await,
        Source::Existing(_) => unreachable!("existing files are not fetched"),
    }
}

/// Who sends: a bot (whose files are linked into its directory) or a person.
#[derive(Debug, Clone, Copy)]
pub struct Sender {
    pub id: i64,
    pub is_bot: bool,
}

/// Turns a source into the Message field's value for `kind` (an object, or an array of
/// `PhotoSize` for photos), storing new content and recording it for a bot sender.
pub async fn attach(
    files: &FileStore,
    temp_dir: &Path,
    sender: Sender,
    kind: Kind,
    source: Source<'_>,
    extras: Extras<'_>,
) -> Result<Value, ApiError> {
    if let Source::Existing(id) = source {
        let id = FileId::decode(&id).ok_or_else(wrong_file_identifier)?;
        return reuse(files, sender, kind, &id).await;
    }
    let fetched = fetch(&source, kind, files, temp_dir).await?;
    if kind == Kind::Photo && fetched.size > super::MAX_PHOTO {
        return Err(ApiError::bad_request("PHOTO_SAVE_FILE_INVALID"));
    }
    if kind == Kind::Photo {
        return attach_photo(files, sender, &fetched).await;
    }
    attach_fetched(files, temp_dir, sender, kind, fetched, extras).await
}

/// `sendSticker`'s file (`sets`: a sticker set's, where a PNG is a static sticker too): a sticker (an uploaded WEBP, TGS or WEBM, or a sticker's `file_id`), or,
/// as on the public platform, whatever else it is: an upload of another format is sent as a
/// document, and the `file_id` of a document, video or audio as that file (a photo's is refused).
pub async fn attach_sticker(
    files: &FileStore,
    temp_dir: &Path,
    sender: Sender,
    source: Source<'_>,
    extras: Extras<'_>,
    sets: bool,
) -> Result<(Kind, Value), ApiError> {
    if let Source::Existing(raw) = &source {
        let id = FileId::decode(raw).ok_or_else(wrong_file_identifier)?;
        let kind = match id.kind {
            Kind::Photo | Kind::Thumbnail => {
                return Err(ApiError::bad_request(format!("can't use file of type {} as Sticker", id.kind.title())));
            }
            other => other,
        };
        return Ok((kind, reuse(files, sender, kind, &id).await?));
    }
    let fetched = fetch(&source, Kind::Sticker, files, temp_dir).await?;
    let path = fetched.path.clone();
    let format = tokio::task::spawn_blocking(move || super::sticker::Format::of(&path, sets))
        .await
        .map_err(|e| ApiError::internal(format!("file task failed: {e}")))?;
    let Some(format) = format else {
        return Ok((Kind::Document, attach_fetched(files, temp_dir, sender, Kind::Document, fetched, extras).await?));
    };
    let blob = files.ingest(&fetched.path, fetched.movable).await?;
    let mut fields = Map::new();
    fields.insert("type".into(), "regular".into());
    fields.insert("width".into(), format.width.into());
    fields.insert("height".into(), format.height.into());
    fields.insert("is_animated".into(), format.animated.into());
    fields.insert("is_video".into(), format.video.into());
    if let Some(emoji) = extras.emoji {
        fields.insert("emoji".into(), emoji.into());
    }
    let object = super::file_object(sender.id, Kind::Sticker, &blob, fields);
    if sender.is_bot {
        files.link(sender.id, &blob, Kind::Sticker, format.extension, &object).await?;
    }
    Ok((Kind::Sticker, object))
}

/// The Message field's value for a fetched file of `kind` (not a photo, not a sticker).
async fn attach_fetched(
    files: &FileStore,
    temp_dir: &Path,
    sender: Sender,
    kind: Kind,
    fetched: Fetched,
    extras: Extras<'_>,
) -> Result<Value, ApiError> {
    let thumbnail = match extras.thumbnail {
        Some(source) => Some(attach_thumbnail(files, temp_dir, sender, source).await?),
        None => None,
    };
    let blob = files.ingest(&fetched.path, fetched.movable).await?;
    let name = fetched.name.as_deref().filter(|n| !n.is_empty());
    let mut fields = Map::new();
    let mut put = |key: &str, value: Option<Value>| {
        if let Some(v) = value {
            fields.insert(key.into(), v);
        }
    };
    let zero = Some(0);
    match kind {
        Kind::Video | Kind::Animation => {
            put("width", extras.width.or(zero).map(Value::from));
            put("height", extras.height.or(zero).map(Value::from));
            put("duration", extras.duration.or(zero).map(Value::from));
        }
        Kind::Audio | Kind::Voice => put("duration", extras.duration.or(zero).map(Value::from)),
        Kind::VideoNote => {
            put("length", extras.length.or(zero).map(Value::from));
            put("duration", extras.duration.or(zero).map(Value::from));
        }
        _ => {}
    }
    if kind == Kind::Audio {
        put("performer", extras.performer.map(Value::from));
        put("title", extras.title.map(Value::from));
    }
    put("thumbnail", thumbnail);
    if !matches!(kind, Kind::Voice | Kind::VideoNote) {
        put("file_name", name.map(Value::from));
    }
    if kind != Kind::VideoNote {
        put("mime_type", super::mime_type(name, fetched.mime.as_deref(), kind).map(Value::from));
    }
    let object = super::file_object(sender.id, kind, &blob, fields);
    if sender.is_bot {
        files.link(sender.id, &blob, kind, &super::extension(name, fetched.mime.as_deref(), kind), &object).await?;
    }
    Ok(object)
}

async fn attach_thumbnail(
    files: &FileStore,
    temp_dir: &Path,
    sender: Sender,
    source: Source<'_>,
) -> Result<Value, ApiError> {
    let fetched = fetch(&source, Kind::Thumbnail, files, temp_dir).await?;
    let path = fetched.path.clone();
    let (width, height) = tokio::task::spawn_blocking(move || photo::dimensions(&path))
        .await
        .map_err(|e| ApiError::internal(format!("file task failed: {e}")))??;
    let blob = files.ingest(&fetched.path, fetched.movable).await?;
    let mut fields = Map::new();
    fields.insert("width".into(), width.into());
    fields.insert("height".into(), height.into());
    let object = super::file_object(sender.id, Kind::Thumbnail, &blob, fields);
    if sender.is_bot {
        files.link(sender.id, &blob, Kind::Thumbnail, "jpg", &object).await?;
    }
    Ok(object)
}

async fn attach_photo(files: &FileStore, sender: Sender, fetched: &Fetched) -> Result<Value, ApiError> {
    let path = fetched.path.clone();
    let sizes = tokio::task::spawn_blocking(move || photo::sizes(&path))
        .await
        .map_err(|e| ApiError::internal(format!("photo task failed: {e}")))??;
    let mut blobs: Vec<(Blob, &'static str)> = Vec::new();
    let mut objects = Vec::new();
    for size in sizes {
        let (blob, extension) = match size.bytes {
            Some(bytes) => (files.ingest_bytes(bytes).await?, "jpg"),
            None => {
                let ext = match image::guess_format(&head(&fetched.path).await) {
                    Ok(image::ImageFormat::Png) => "png",
                    Ok(image::ImageFormat::Gif) => "gif",
                    Ok(image::ImageFormat::WebP) => "webp",
                    _ => "jpg",
                };
                (files.ingest(&fetched.path, fetched.movable).await?, ext)
            }
        };
        let mut fields = Map::new();
        fields.insert("width".into(), size.width.into());
        fields.insert("height".into(), size.height.into());
        objects.push(super::file_object(sender.id, Kind::Photo, &blob, fields));
        blobs.push((blob, extension));
    }
    let photo = Value::Array(objects);
    if sender.is_bot {
        for (blob, extension) in &blobs {
            files.link(sender.id, blob, Kind::Photo, extension, &photo).await?;
        }
    }
    Ok(photo)
}

/// The first bytes of a file (format sniffing).
async fn head(path: &Path) -> Vec<u8> {
    use tokio::io::AsyncReadExt;
    let mut buffer = vec![0u8; 64];
    let n = match tokio::fs::File::open(path).await {
        Ok(mut f) => f.read(&mut buffer).await.unwrap_or(0),
        Err(_) => 0,
    };
    buffer.truncate(n);
    buffer
}

/// Sending again by `file_id`: only the owner may, and only as a compatible kind.
async fn reuse(files: &FileStore, sender: Sender, kind: Kind, id: &FileId) -> Result<Value, ApiError> {
    if !sender.is_bot || id.owner != sender.id {
        return Err(wrong_file_identifier());
    }
    let compatible = id.kind == kind || matches!((id.kind, kind), (Kind::Animation, Kind::Document));
    if !compatible {
        return Err(ApiError::bad_request(format!("can't use file of type {} as {}", id.kind.title(), kind.title())));
    }
    let record = files.record_of(sender.id, id).await?.ok_or_else(wrong_file_identifier)?;
    if !files.restore(&record).await? {
        return Err(unavailable());
    }
    serde_json::from_str(&record.meta).map_err(|_| unavailable())
}

/// The photo of a setChatPhoto call (a person's too, and a person's profile photo), stored: its sizes as the caller sees
/// them. The reference wants a new upload: a part, `attach://`, or `file://` in local mode.
pub(crate) async fn uploaded_photo(
    platform: &Platform,
    actor: &Actor,
    params: &msg_core::Params,
) -> Result<Value, ApiError> {
    let value = params.get("photo").unwrap_or_default();
    let source = match source(params, value, "photo", platform.local) {
        Some(source @ (Source::Upload(_) | Source::Local(_))) => source,
        _ if value.is_empty() => return Err(ApiError::bad_request("there is no photo in the request")),
        _ => return Err(ApiError::bad_request("photo must be uploaded as an InputFile")),
    };
    let sender = Sender { id: actor.id(), is_bot: matches!(actor, Actor::Bot(_)) };
    let extras = Extras::from_params(params, platform.local);
    let kind = crate::files::Kind::Photo;
    attach(&platform.files, &platform.temp_dir, sender, kind, source, extras).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_are_read_as_the_reference_reads_them() {
        assert_eq!(local_path("//tmp/a%20b.txt"), PathBuf::from("/tmp/a b.txt"));
        assert_eq!(local_path("/localhost/srv/x"), PathBuf::from("/srv/x"));
        let p = Params::new();
        assert!(matches!(source(&p, "file:///tmp/x", "doc", true), Some(Source::Local(_))));
        // Without local mode a file:// URI is just a file_id, refused when the file is attached.
        assert!(
            matches!(source(&p, "file:///tmp/x", "doc", false), Some(Source::Existing(id)) if id == "file:///tmp/x")
        );
        assert!(FileId::decode("file:///tmp/x").is_none());
        assert!(source(&p, "attach://nothing", "doc", false).is_none());
        assert!(source(&p, "", "doc", false).is_none());
        assert!(matches!(source(&p, "http://127.0.0.1/x.png", "", false), Some(Source::Url(_))));
    }
}
