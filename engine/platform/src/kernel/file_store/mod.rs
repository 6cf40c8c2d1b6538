//! The platform's file store (in the kernel: the world holds it and every domain that carries
//! files uses it; the files domain's Bot API methods are in `files/methods.rs`).
//!
//! Bytes enter once, through [`FileStore::ingest`], into the platform's content store
//! `<dir>/files/<2 hex>/<BLAKE3 hex>` (one copy per distinct content, whoever sent it). A bot
//! sees a file as `<dir>/<bot id>/<kind>/file_<N>.<ext>`, a hard link to the stored content
//! (a copy where links are impossible), recorded in the bot's own storage ([`FileRecord`]). So
//! content shared by many bots takes its space once, and each bot's directory is still
//! self-contained: copying it copies real files, and the move-by-copy procedure keeps working.
//!
//! `file_id`s name the kind, the owner (the bot or person who may use it) and the content
//! ([`id`]); messages are stored with the sender's ids and rewritten for
//! each recipient on delivery ([`FileStore::adopt`]), which also links the files into a
//! recipient bot's directory.

pub mod id;
pub mod remote;

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use msg_core::{ApiError, Change, FileRecord, StorageBackend};
use serde_json::{Map, Value};

use self::id::FileId;
use crate::internal;

/// The content store's directory name inside the working directory.
pub use msg_core::storage::STORE_DIR;

/// What a file is, which decides its directory, its field in a Message and its file_id tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Photo,
    Video,
    Document,
    Audio,
    Voice,
    Animation,
    VideoNote,
    Sticker,
    Thumbnail,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Photo,
        Kind::Video,
        Kind::Document,
        Kind::Audio,
        Kind::Voice,
        Kind::Animation,
        Kind::VideoNote,
        Kind::Sticker,
        Kind::Thumbnail,
    ];

    /// The bot subdirectory (the reference's names, §3.2).
    pub fn dir(self) -> &'static str {
        match self {
            Kind::Photo => "photos",
            Kind::Video => "videos",
            Kind::Document => "documents",
            Kind::Audio => "music",
            Kind::Voice => "voice",
            Kind::Animation => "animations",
            Kind::VideoNote => "video_notes",
            Kind::Sticker => "stickers",
            Kind::Thumbnail => "thumbnails",
        }
    }

    /// The Message field (and InputMedia `type`, and send method parameter).
    pub fn field(self) -> &'static str {
        match self {
            Kind::Photo => "photo",
            Kind::Video => "video",
            Kind::Document => "document",
            Kind::Audio => "audio",
            Kind::Voice => "voice",
            Kind::Animation => "animation",
            Kind::VideoNote => "video_note",
            Kind::Sticker => "sticker",
            Kind::Thumbnail => "thumbnail",
        }
    }

    /// The kinds with a send method of their own, in the Bot API documentation's order.
    pub const SENDABLE: [Kind; 8] = [
        Kind::Photo,
        Kind::Audio,
        Kind::Document,
        Kind::Video,
        Kind::Animation,
        Kind::Voice,
        Kind::VideoNote,
        Kind::Sticker,
    ];

    /// The Bot API method that sends this kind (`sendPhoto`, ...), for [`Kind::SENDABLE`].
    pub fn send_method(self) -> &'static str {
        match self {
            Kind::Photo => "sendPhoto",
            Kind::Video => "sendVideo",
            Kind::Document => "sendDocument",
            Kind::Audio => "sendAudio",
            Kind::Voice => "sendVoice",
            Kind::Animation => "sendAnimation",
            Kind::VideoNote => "sendVideoNote",
            Kind::Sticker => "sendSticker",
            Kind::Thumbnail => "",
        }
    }

    /// As the platform names it in errors.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Photo => "Photo",
            Kind::Video => "Video",
            Kind::Document => "Document",
            Kind::Audio => "Audio",
            Kind::Voice => "VoiceNote",
            Kind::Animation => "Animation",
            Kind::VideoNote => "VideoNote",
            Kind::Sticker => "Sticker",
            Kind::Thumbnail => "Thumbnail",
        }
    }

    pub fn code(self) -> u8 {
        Kind::ALL.iter().position(|k| *k == self).expect("listed") as u8 + 1
    }

    pub fn from_code(code: u8) -> Option<Kind> {
        Kind::ALL.get(usize::from(code).checked_sub(1)?).copied()
    }

    pub fn from_dir(dir: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.dir() == dir)
    }

    pub fn from_field(field: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.field() == field)
    }

    fn default_extension(self) -> &'static str {
        match self {
            Kind::Photo | Kind::Thumbnail => "jpg",
            Kind::Video | Kind::Animation | Kind::VideoNote => "mp4",
            Kind::Audio => "mp3",
            Kind::Voice => "oga",
            Kind::Sticker => "webp",
            Kind::Document => "",
        }
    }
}

/// Content in the store: its hash and size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blob {
    pub hash: blake3::Hash,
    pub size: u64,
}

/// The platform's file storage on the local disk.
pub struct FileStore {
    root: PathBuf,
    store: PathBuf,
    storage: Arc<dyn StorageBackend>,
    /// Next `file_<N>` number per bot, known after the first use.
    counters: Mutex<HashMap<i64, u64>>,
    pub local: bool,
    /// Where uploads by URL may be fetched from.
    pub outbound: msg_outbound::OutboundPolicy,
    /// (person, content) pairs already recorded as given ([`FileStore::grant`]), so a message
    /// shown again writes nothing; forgotten wholesale past [`GRANTS_REMEMBERED`].
    granted: Mutex<std::collections::HashSet<(i64, blake3::Hash)>>,
    /// The object store content is kept in (`--files s3://…`); the local content store is then
    /// a cache of it.
    remote: Option<Arc<remote::Remote>>,
}

/// How many person-content grants are remembered in memory before the set starts anew.
const GRANTS_REMEMBERED: usize = 100_000;

pub(crate) fn io_failed(what: &str, e: std::io::Error) -> ApiError {
    tracing::error!("file storage: {what}: {e}");
    ApiError::internal("failed to store the file")
}

impl FileStore {
    pub fn new(
        root: PathBuf,
        storage: Arc<dyn StorageBackend>,
        local: bool,
        outbound: msg_outbound::OutboundPolicy,
        remote: Option<Arc<remote::Remote>>,
    ) -> Self {
        let store = root.join(STORE_DIR);
        Self { root, store, storage, counters: Mutex::default(), local, outbound, granted: Mutex::default(), remote }
    }

    /// Makes sure content `hash` is in the local content store, fetching it from the object
    /// store when there is one; `false` when it is in neither.
    pub async fn ensure_local(&self, hash: &blake3::Hash) -> Result<bool, ApiError> {
        let path = self.blob_path(hash);
        if tokio::fs::metadata(&path).await.is_ok() {
            return Ok(true);
        }
        match &self.remote {
            Some(remote) => remote.fetch(hash.to_hex().as_str(), &path).await,
            None => Ok(false),
        }
    }

    /// Puts content just taken into the local store into the object store too (when there is
    /// one), whole, before anything names it.
    async fn keep(&self, blob: Blob) -> Result<Blob, ApiError> {
        if let Some(remote) = &self.remote {
            remote.put(blob.hash.to_hex().as_str(), &self.blob_path(&blob.hash)).await?;
        }
        Ok(blob)
    }

    pub fn bot_dir(&self, bot_id: i64) -> PathBuf {
        self.root.join(bot_id.to_string())
    }

    pub fn store_dir(&self) -> &Path {
        &self.store
    }

    /// Where content with this hash lives in the store.
    pub fn blob_path(&self, hash: &blake3::Hash) -> PathBuf {
        let hex = hash.to_hex();
        self.store.join(&hex[..2]).join(hex.as_str())
    }

    /// Takes the file at `src` into the store: moved when `movable` (an upload in the temp dir),
    /// copied otherwise (a `file://` path, which stays where it is). Memory stays bounded.
    pub async fn ingest(&self, src: &Path, movable: bool) -> Result<Blob, ApiError> {
        let (src, store, incoming) = (src.to_path_buf(), self.store.clone(), self.incoming_path());
        let blob = tokio::task::spawn_blocking(move || ingest_blocking(&src, movable, &store, &incoming))
            .await
            .map_err(|e| ApiError::internal(format!("file task failed: {e}")))??;
        self.keep(blob).await
    }

    /// Takes generated bytes (a downscaled photo) into the store.
    pub async fn ingest_bytes(&self, bytes: Vec<u8>) -> Result<Blob, ApiError> {
        let incoming = self.incoming_path();
        let store = self.store.clone();
        let blob = tokio::task::spawn_blocking(move || {
            create_parent(&incoming)?;
            std::fs::write(&incoming, &bytes).map_err(|e| io_failed("writing generated content", e))?;
            ingest_blocking(&incoming, true, &store, &incoming)
        })
        .await
        .map_err(|e| ApiError::internal(format!("file task failed: {e}")))??;
        self.keep(blob).await
    }

    fn incoming_path(&self) -> PathBuf {
        self.store.join(".incoming").join(format!("{:016x}", rand::random::<u64>()))
    }

    /// Gives `bot_id` the content as a file of `kind` in its directory (a hard link into the
    /// store), recording it with `meta`, the object as the bot sees it. Returns the record.
    pub async fn link(
        &self,
        bot_id: i64,
        blob: &Blob,
        kind: Kind,
        extension: &str,
        meta: &Value,
    ) -> Result<FileRecord, ApiError> {
        let content = blob.hash.to_hex().to_string();
        let now = msg_core::storage::now_unix();
        let existing = self.storage.load_file(bot_id, &content, kind.dir()).await.map_err(internal)?;
        let mut record = match existing {
            Some(record) => record,
            None => {
                let n = self.next_number(bot_id).await?;
                let name = if extension.is_empty() { format!("file_{n}") } else { format!("file_{n}.{extension}") };
                let path = format!("{}/{name}", kind.dir());
                FileRecord::new(bot_id, content, kind.dir().to_owned(), path, blob.size, meta.to_string(), now)
            }
        };
        self.place(bot_id, &record, blob).await?;
        record.accessed_at = now;
        record.meta = meta.to_string();
        self.storage.apply(vec![Change::PutFile(record.clone())]).await.map_err(internal)?;
        Ok(record)
    }

    /// Makes sure the record's file exists in the bot's directory (re-linking it from the store
    /// after the retention policy removed it). `false` when the content is gone from both.
    pub async fn restore(&self, record: &FileRecord) -> Result<bool, ApiError> {
        let target = self.bot_dir(record.bot_id).join(&record.path);
        if tokio::fs::metadata(&target).await.is_ok_and(|m| m.is_file()) {
            return Ok(true);
        }
        let Ok(hash) = blake3::Hash::from_hex(&record.content) else { return Ok(false) };
        if !self.ensure_local(&hash).await? {
            return Ok(false);
        }
        self.place(record.bot_id, record, &Blob { hash, size: record.size }).await?;
        Ok(true)
    }

    async fn place(&self, bot_id: i64, record: &FileRecord, blob: &Blob) -> Result<(), ApiError> {
        if !self.ensure_local(&blob.hash).await? {
            tracing::error!("bot {bot_id}: content {} is in no content store", blob.hash.to_hex());
            return Err(ApiError::internal("failed to store the file"));
        }
        let target = self.bot_dir(bot_id).join(&record.path);
        let source = self.blob_path(&blob.hash);
        tokio::task::spawn_blocking(move || {
            if target.is_file() {
                return Ok(());
            }
            create_parent(&target)?;
            if std::fs::hard_link(&source, &target).is_err() {
                // Another filesystem: a copy keeps the bot's directory self-contained.
                std::fs::copy(&source, &target).map_err(|e| io_failed("copying into a bot directory", e))?;
            }
            Ok(())
        })
        .await
        .map_err(|e| ApiError::internal(format!("file task failed: {e}")))?
    }

    async fn next_number(&self, bot_id: i64) -> Result<u64, ApiError> {
        let shared = self.storage.shared();
        if shared && self.counters.lock().expect("file counters").contains_key(&bot_id) {
            // The storage's counter row numbers them (its floor was read once, below).
            let n = self.storage.next_number(&format!("files:{bot_id}"), 0).await.map_err(internal)?;
            return Ok(n as u64);
        }
        if let Some(n) = self.counters.lock().expect("file counters").get_mut(&bot_id) {
            *n += 1;
            return Ok(*n - 1);
        }
        let files = self.storage.list_files(bot_id).await.map_err(internal)?;
        let highest = files
            .iter()
            .filter_map(|f| f.path.rsplit('/').next()?.strip_prefix("file_")?.split('.').next()?.parse::<u64>().ok())
            .max();
        let first = highest.map_or(0, |n| n + 1);
        if shared {
            // Other servers number this bot's files too: the storage's counter hands them out.
            let n = self.storage.next_number(&format!("files:{bot_id}"), first as i64).await.map_err(internal)?;
            self.counters.lock().expect("file counters").insert(bot_id, n as u64);
            return Ok(n as u64);
        }
        let mut counters = self.counters.lock().expect("file counters");
        let n = counters.entry(bot_id).or_insert(first);
        *n += 1;
        Ok(*n - 1)
    }

    /// Records that person `person` was given these contents: their own `file_id`s for them
    /// then open them (`/user<token>/file/<file_id>`), and no id they make up does.
    pub async fn grant(&self, person: i64, contents: &[blake3::Hash]) -> Result<(), ApiError> {
        let changes: Vec<Change> = {
            let mut granted = self.granted.lock().expect("file grants");
            if granted.len() > GRANTS_REMEMBERED {
                granted.clear();
            }
            contents
                .iter()
                .filter(|hash| granted.insert((person, **hash)))
                .map(|hash| Change::PersonFile { user_id: person, content: hash.to_hex().to_string() })
                .collect()
        };
        if changes.is_empty() {
            return Ok(());
        }
        self.storage.apply(changes).await.map_err(internal)
    }

    /// Whether person `person` was given the content `hash` ([`FileStore::grant`]).
    pub async fn granted(&self, person: i64, hash: &blake3::Hash) -> Result<bool, ApiError> {
        if self.granted.lock().expect("file grants").contains(&(person, *hash)) {
            return Ok(true);
        }
        self.storage.person_has_file(person, &hash.to_hex()).await.map_err(internal)
    }

    /// Rewrites every file in a message for `viewer` (their own `file_id`s) and, when the viewer
    /// is a bot, links the files into its directory; a person is granted the contents.
    pub async fn adopt(&self, message: &mut Value, viewer: i64, viewer_is_bot: bool) -> Result<(), ApiError> {
        let mut found = Vec::new();
        collect_files(message, &mut Vec::new(), &mut found);
        if !viewer_is_bot {
            let contents: Vec<blake3::Hash> = found
                .iter()
                .filter_map(|(path, _, _)| {
                    pointer_mut(message, path)?.get("file_id")?.as_str().and_then(FileId::decode)
                })
                .map(|id| id.hash)
                .collect();
            if !contents.is_empty() {
                self.grant(viewer, &contents).await?;
            }
        }
        for (path, kind, meta_path) in found {
            let Some(object) = pointer_mut(message, &path) else { continue };
            let Some(file_id) = object.get("file_id").and_then(Value::as_str).and_then(FileId::decode) else {
                continue;
            };
            if file_id.owner == viewer {
                continue;
            }
            let new_id = FileId { owner: viewer, ..file_id };
            object["file_id"] = new_id.encode().into();
            let size = object.get("file_size").and_then(Value::as_u64).unwrap_or(0);
            let extension = extension_of(object, kind);
            if viewer_is_bot {
                // The record keeps the object as the viewer sees it (for re-sending by file_id):
                // the whole photo, with every size rewritten.
                let mut meta = pointer_mut(message, &meta_path).cloned().unwrap_or(Value::Null);
                // A live photo's video is kept as a video: its photo's sizes are files of their own.
                if kind == Kind::Video
                    && let Some(fields) = meta.as_object_mut()
                {
                    fields.remove("photo");
                }
                rewrite_owner(&mut meta, viewer);
                let blob = Blob { hash: file_id.hash, size };
                if self.ensure_local(&blob.hash).await? {
                    self.link(viewer, &blob, kind, &extension, &meta).await?;
                }
            }
        }
        Ok(())
    }

    /// A bot's record of a file it may use, by `file_id`.
    pub async fn record_of(&self, bot_id: i64, file_id: &FileId) -> Result<Option<FileRecord>, ApiError> {
        if file_id.owner != bot_id {
            return Ok(None);
        }
        let content = file_id.hash.to_hex().to_string();
        self.storage.load_file(bot_id, &content, file_id.kind.dir()).await.map_err(internal)
    }

    /// Replaces the object a bot's file shows when it is sent again by `file_id` (a sticker that
    /// joined a set carries the set's name and its emoji); nothing for a file the bot lacks.
    pub async fn set_meta(&self, bot_id: i64, file_id: &str, meta: &Value) -> Result<(), ApiError> {
        let Some(id) = FileId::decode(file_id) else { return Ok(()) };
        let Some(mut record) = self.record_of(bot_id, &id).await? else { return Ok(()) };
        record.meta = meta.to_string();
        self.storage.apply(vec![msg_core::Change::PutFile(record)]).await.map_err(internal)
    }
}

/// Every `file_id` in `value` gets `owner`.
fn rewrite_owner(value: &mut Value, owner: i64) {
    match value {
        Value::Object(map) => {
            if let Some(id) = map.get("file_id").and_then(Value::as_str).and_then(FileId::decode) {
                map.insert("file_id".into(), FileId { owner, ..id }.encode().into());
            }
            for v in map.values_mut() {
                rewrite_owner(v, owner);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite_owner(v, owner)),
        _ => {}
    }
}

/// A path of keys/indices into a JSON value.
type JsonPath = Vec<PathStep>;

#[derive(Debug, Clone)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn pointer_mut<'a>(value: &'a mut Value, path: &[PathStep]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |v, step| match step {
        PathStep::Key(k) => v.get_mut(k.as_str()),
        PathStep::Index(i) => v.get_mut(*i),
    })
}

/// Finds the file objects of a message (and of the message it replies to): their path, kind
/// and the path of the object a bot's record keeps for them.
fn collect_files(message: &Value, at: &mut JsonPath, found: &mut Vec<(JsonPath, Kind, JsonPath)>) {
    let Value::Object(map) = message else { return };
    for (key, value) in map {
        // A game's photo (and animation) sit inside the game, paid media's inside each item, a
        // poll's in its media, its explanation's and its options' (and a poll's message inside
        // the service message about one of its options), a rich message's in its blocks.
        const INSIDE: &[&str] = &[
            "reply_to_message",
            "external_reply",
            "pinned_message",
            "game",
            "paid_media",
            "poll",
            "media",
            "explanation_media",
            "options",
            "poll_option_added",
            "poll_option_deleted",
            "poll_message",
            "gift",
            "unique_gift",
            "model",
            "symbol",
            // A rich message's media blocks, at any depth (lists' items, quotations, collages).
            "rich_message",
            "blocks",
            "items",
        ];
        if INSIDE.contains(&key.as_str()) {
            at.push(PathStep::Key(key.clone()));
            match value {
                Value::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        at.push(PathStep::Index(i));
                        collect_files(item, at, found);
                        at.pop();
                    }
                }
                _ => collect_files(value, at, found),
            }
            at.pop();
            continue;
        }
        // A live photo is a video with its photo's sizes inside.
        if key == "live_photo"
            && let Value::Object(_) = value
        {
            at.push(PathStep::Key(key.clone()));
            found.push((at.clone(), Kind::Video, at.clone()));
            collect_files(value, at, found);
            at.pop();
            continue;
        }
        // A chat's new photo is a photo like any other (its sizes).
        let field = match key.as_str() {
            "new_chat_photo" => "photo",
            // A rich message's voice note block.
            "voice_note" => "voice",
            other => other,
        };
        let Some(kind) = Kind::from_field(field).filter(|k| *k != Kind::Thumbnail) else { continue };
        let mut here = at.clone();
        here.push(PathStep::Key(key.clone()));
        match value {
            Value::Array(sizes) => {
                for i in 0..sizes.len() {
                    let mut size = here.clone();
                    size.push(PathStep::Index(i));
                    found.push((size, kind, here.clone()));
                }
            }
            Value::Object(object) => {
                found.push((here.clone(), kind, here.clone()));
                if object.contains_key("thumbnail") {
                    let mut thumb = here.clone();
                    thumb.push(PathStep::Key("thumbnail".into()));
                    found.push((thumb.clone(), Kind::Thumbnail, thumb));
                }
            }
            _ => {}
        }
    }
}

/// The extension a file of this object gets in a bot's directory.
pub fn extension_of(object: &Value, kind: Kind) -> String {
    let name = object.get("file_name").and_then(Value::as_str);
    let mime = object.get("mime_type").and_then(Value::as_str);
    extension(name, mime, kind)
}

/// From the file name, else the MIME type, else the kind's usual one.
pub fn extension(file_name: Option<&str>, mime: Option<&str>, kind: Kind) -> String {
    let from_name = file_name
        .and_then(|n| n.rsplit_once('.').map(|(_, ext)| ext))
        .filter(|ext| (1..=8).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric()));
    if let Some(ext) = from_name {
        return ext.to_ascii_lowercase();
    }
    if matches!(kind, Kind::Document)
        && let Some(ext) = mime.and_then(mime_guess::get_mime_extensions_str).and_then(|e| e.first())
    {
        return (*ext).to_owned();
    }
    kind.default_extension().to_owned()
}

/// The MIME type of a file: from its name, else what the client said, else a default.
pub fn mime_type(file_name: Option<&str>, declared: Option<&str>, kind: Kind) -> Option<String> {
    let declared = declared.map(str::trim).filter(|m| !m.is_empty() && *m != "application/octet-stream");
    if let Some(guess) = file_name.and_then(|n| mime_guess::from_path(n).first()) {
        return Some(guess.essence_str().to_owned());
    }
    if let Some(m) = declared {
        return Some(m.to_owned());
    }
    match kind {
        Kind::Video | Kind::Animation | Kind::VideoNote => Some("video/mp4".into()),
        Kind::Audio => Some("audio/mpeg".into()),
        Kind::Voice => Some("audio/ogg".into()),
        Kind::Document => Some("application/octet-stream".into()),
        _ => None,
    }
}

fn create_parent(path: &Path) -> Result<(), ApiError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io_failed("creating a directory", e))?;
    }
    Ok(())
}

/// Copies `src` to `out` while hashing it (`std::io::sink()` to only hash).
fn copy_hashing(src: &Path, mut out: impl Write) -> std::io::Result<Blob> {
    let mut hasher = blake3::Hasher::new();
    let mut input = std::fs::File::open(src)?;
    let mut buffer = vec![0u8; 1 << 16];
    let mut size = 0u64;
    loop {
        let n = input.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
        out.write_all(&buffer[..n])?;
        size += n as u64;
    }
    out.flush()?;
    Ok(Blob { hash: hasher.finalize(), size })
}

fn ingest_blocking(src: &Path, movable: bool, store: &Path, incoming: &Path) -> Result<Blob, ApiError> {
    create_parent(incoming)?;
    let (blob, staged) = if movable {
        let blob = copy_hashing(src, std::io::sink()).map_err(|e| io_failed("reading an upload", e))?;
        (blob, src.to_path_buf())
    } else {
        let copy = std::fs::File::create(incoming).and_then(|out| copy_hashing(src, out));
        (copy.map_err(|e| io_failed("copying a local file", e))?, incoming.to_path_buf())
    };
    let hex = blob.hash.to_hex();
    let target = store.join(&hex[..2]).join(hex.as_str());
    if target.is_file() {
        if staged.as_path() == incoming {
            let _ = std::fs::remove_file(&staged);
        }
        return Ok(blob);
    }
    create_parent(&target)?;
    if std::fs::rename(&staged, &target).is_err() {
        // The temp dir is on another filesystem: copy next to the target, then rename.
        std::fs::copy(&staged, incoming).map_err(|e| io_failed("moving an upload into the store", e))?;
        std::fs::rename(incoming, &target).map_err(|e| io_failed("moving an upload into the store", e))?;
    }
    set_mode(&target);
    Ok(blob)
}

#[cfg(unix)]
fn set_mode(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o640));
}

#[cfg(not(unix))]
fn set_mode(_path: &Path) {}

/// Builds a file object: ids for `owner`, then the given fields.
pub fn file_object(owner: i64, kind: Kind, blob: &Blob, fields: Map<String, Value>) -> Value {
    let id = FileId { kind, owner, hash: blob.hash };
    let mut object = Map::new();
    object.insert("file_id".into(), id.encode().into());
    object.insert("file_unique_id".into(), id::unique_id(&blob.hash).into());
    object.extend(fields);
    object.insert("file_size".into(), blob.size.into());
    Value::Object(object)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_codes_dirs_and_fields() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_code(kind.code()), Some(kind));
            assert_eq!(Kind::from_dir(kind.dir()), Some(kind));
            assert_eq!(Kind::from_field(kind.field()), Some(kind));
        }
        assert_eq!(Kind::from_code(0), None);
        assert_eq!(Kind::from_dir("temp"), None);
    }

    #[test]
    fn extensions_come_from_the_name_then_the_type_then_the_kind() {
        assert_eq!(extension(Some("Report.PDF"), None, Kind::Document), "pdf");
        assert_eq!(extension(Some("../../x.sh;rm"), None, Kind::Document), "");
        assert_eq!(extension(None, Some("application/pdf"), Kind::Document), "pdf");
        assert_eq!(extension(None, None, Kind::Photo), "jpg");
        assert_eq!(extension(Some("noext"), None, Kind::Voice), "oga");
        assert_eq!(mime_type(Some("a.png"), Some("application/octet-stream"), Kind::Document).unwrap(), "image/png");
        assert_eq!(mime_type(None, None, Kind::Document).unwrap(), "application/octet-stream");
    }

    #[test]
    fn messages_are_rewritten_for_their_viewer() {
        let blob = Blob { hash: blake3::hash(b"x"), size: 1 };
        let photo = file_object(1, Kind::Photo, &blob, Map::new());
        let mut message = serde_json::json!({"message_id": 1, "photo": [photo.clone(), photo],
            "reply_to_message": {"document": file_object(1, Kind::Document, &blob, Map::new())}});
        let mut found = Vec::new();
        collect_files(&message, &mut Vec::new(), &mut found);
        assert_eq!(found.len(), 3);
        rewrite_owner(&mut message, 7);
        let id = FileId::decode(message["reply_to_message"]["document"]["file_id"].as_str().unwrap()).unwrap();
        assert_eq!((id.owner, id.kind), (7, Kind::Document));
    }
}
