//! Turning an HTTP request into a route and [`Params`]: the path grammar of the reference server
//! (`/bot<token>/<method>`, percent-decoded first), the query string, and urlencoded, JSON,
//! multipart (file parts streamed to the temp dir) or raw bodies. Errors come back as the
//! reference's exact 4xx descriptions.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use bytes::Bytes;
use futures_util::StreamExt;
use http_body_util::{BodyExt, BodyStream, Limited};
use hyper::body::Incoming;
use hyper::header::{CONTENT_TYPE, HeaderMap};
use msg_core::{ApiError, Params, UploadedFile};
use tokio::io::AsyncWriteExt;

/// All non-file parameters of a request together may not exceed this (reference: 1 MiB).
pub const MAX_PARAMS_SIZE: usize = 1 << 20;
/// At most this many files per request (reference: 50).
pub const MAX_FILES: usize = 50;

/// Where a request goes.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET /`: the liveness probe.
    Root,
    /// `/bot<token>/<method>`.
    Bot { token: String, method: String },
    /// `/file/bot<token>/<path>`.
    File { token: String, path: String },
    /// `/user<token>/<method>`: the user-side API of the embedded platform (`stream` is the
    /// person's push stream, `file/<file_id>` one of their files).
    User { token: String, method: String },
    /// `/console/<file>`: the browser console's page and assets (`""` for the page).
    Console { path: String },
    /// `/console/api/<method>`: the console's operator API.
    Operator { method: String },
    /// Anything else: `404 Not Found`.
    NotFound,
}

/// Routes a raw (still percent-encoded) path.
pub fn route(raw_path: &str) -> Route {
    let decoded = percent_encoding::percent_decode_str(raw_path).decode_utf8_lossy();
    let path = decoded.as_ref();
    if path == "/" {
        return Route::Root;
    }
    if let Some(rest) = path.strip_prefix("/file/bot") {
        return match rest.split_once('/') {
            Some((token, file)) => Route::File { token: token.to_owned(), path: file.to_owned() },
            None => Route::NotFound,
        };
    }
    if path == "/console" {
        return Route::Console { path: "/".into() };
    }
    if let Some(method) = path.strip_prefix("/console/api/") {
        return Route::Operator { method: method.to_owned() };
    }
    if let Some(file) = path.strip_prefix("/console/") {
        return Route::Console { path: file.to_owned() };
    }
    if let Some((token, method)) = path.strip_prefix("/user").and_then(|rest| rest.split_once('/')) {
        return Route::User { token: token.to_owned(), method: method.to_owned() };
    }
    match path.strip_prefix("/bot").and_then(|rest| rest.split_once('/')) {
        Some((token, method)) => Route::Bot { token: token.to_owned(), method: method.to_owned() },
        None => Route::NotFound,
    }
}

fn too_large(what: &str) -> ApiError {
    ApiError::new(413, format!("Request Entity Too Large: {what}"))
}

/// Parses `a=1&b=2` into `params`.
pub fn parse_urlencoded(input: &[u8], params: &mut Params) {
    for (k, v) in form_urlencoded::parse(input) {
        params.push(k, v);
    }
}

/// A JSON object body: string values are taken as they are, others as raw JSON text (the
/// handlers parse them again). A top-level string becomes the parameter `content`. Malformed
/// JSON is ignored, as the reference server does.
pub fn parse_json(input: &[u8], params: &mut Params) {
    match serde_json::from_slice::<serde_json::Value>(input) {
        Ok(serde_json::Value::Object(map)) => {
            for (k, v) in map {
                match v {
                    serde_json::Value::String(s) => params.push(k, s),
                    other => params.push(k, other.to_string()),
                }
            }
        }
        Ok(serde_json::Value::String(s)) => params.push("content", s),
        Ok(_) => {}
        Err(e) => tracing::debug!("ignoring malformed JSON body: {e}"),
    }
}

async fn collect_limited(body: Incoming, what: &str) -> Result<Bytes, ApiError> {
    match Limited::new(body, MAX_PARAMS_SIZE).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => Err(too_large(what)),
        Err(_) => Err(ApiError::bad_request("unexpected end of request content")),
    }
}

/// A file name safe to use inside the request's temp dir.
fn sanitize(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = base.chars().filter(|c| !c.is_control()).take(128).collect();
    match clean.as_str() {
        "" | "." | ".." => "file".to_owned(),
        _ => clean,
    }
}

/// The reference's cap on Content-Length: this or more is refused before anything is read.
const MAX_CONTENT_LENGTH: u64 = u32::MAX as u64;

/// A file part may run over the limit by this much and still be read to its end (so the client
/// sees the 413 instead of a reset); past it the request is answered at once.
const SMALL_OVERFLOW: u64 = 1 << 20;

/// The largest request that could be valid when files may have `max_file` bytes: ten media with
/// a cover (a photo, 10 MiB) and a thumbnail each, and the parameters.
pub fn max_request(max_file: u64) -> u64 {
    10 * (max_file + (10 << 20) + (1 << 20)) + MAX_PARAMS_SIZE as u64
}

/// Refuses a request whose Content-Length already exceeds what could be valid, before a byte of
/// the body is read (a 3 GB upload is not read to its end to be refused).
pub fn check_content_length(headers: &HeaderMap, max_file: u64) -> Result<(), ApiError> {
    let Some(length) = headers.get(hyper::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()) else {
        return Ok(());
    };
    let length = length.trim().parse::<u64>().unwrap_or(u64::MAX).min(MAX_CONTENT_LENGTH);
    if length >= MAX_CONTENT_LENGTH {
        return Err(too_large(&format!("content length is {length}")));
    }
    if length > max_request(max_file) {
        return Err(file_too_big());
    }
    Ok(())
}

/// 413 for a file over the upload limit, as the public platform answers it.
fn file_too_big() -> ApiError {
    ApiError::new(413, "Request Entity Too Large")
}

/// A request's upload directory under the temp dir, named and created only when a file arrives
/// (most requests bring none) and removed (with its files) when dropped, i.e. when the request is
/// done. Its name, `msg-upload-<random>-<pid>@<host>`, tells which server made it, so a server
/// killed mid-upload leaves nothing for long: the next start on the host sweeps it
/// ([`sweep_stale_uploads`]).
#[derive(Default)]
pub struct UploadDir {
    path: OnceLock<PathBuf>,
}

const UPLOAD_PREFIX: &str = "msg-upload-";

impl UploadDir {
    /// Where an uploaded file named `relative` goes, the directory under `temp_dir` (made on
    /// the first file); it is removed on drop from now on.
    fn file(&self, temp_dir: &Path, relative: impl AsRef<Path>) -> PathBuf {
        let dir = self.path.get_or_init(|| {
            let owner = owner();
            temp_dir.join(format!("{UPLOAD_PREFIX}{:016x}-{}@{}", rand::random::<u64>(), owner.0, owner.1))
        });
        dir.join(relative)
    }
}

impl Drop for UploadDir {
    fn drop(&mut self) {
        if let Some(path) = self.path.get() {
            let _ = std::fs::remove_dir_all(path);
        }
    }
}

/// This process and its host, as upload directories name them.
fn owner() -> &'static (u32, String) {
    static OWNER: std::sync::OnceLock<(u32, String)> = std::sync::OnceLock::new();
    OWNER.get_or_init(|| {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .or_else(|| std::env::var("HOSTNAME").ok())
            .map(|h| h.trim().replace(['/', '@'], "_"))
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "localhost".into());
        (std::process::id(), host)
    })
}

/// An upload directory left without its request for this long is stale whoever made it.
const ABANDONED: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// Removes the upload directories of requests that cannot finish any more, at start (before the
/// server takes requests): those this host's servers made that are no longer running (this
/// process's id included: it has made none yet), and any untouched for a day (another host's, or
/// named before the owner was part of the name). Answers how many it removed.
pub fn sweep_stale_uploads(temp_dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(temp_dir) else { return 0 };
    let (own_pid, own_host) = owner();
    let can_see_processes = Path::new("/proc/self").exists();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(UPLOAD_PREFIX) else { continue };
        let path = entry.path();
        let made_here = rest.split_once('-').and_then(|(_, owner)| owner.split_once('@')).and_then(|(pid, host)| {
            let pid: u32 = pid.parse().ok()?;
            (host == own_host).then_some(pid)
        });
        let gone = made_here.is_some_and(|pid| {
            pid == *own_pid || (can_see_processes && !Path::new("/proc").join(pid.to_string()).exists())
        });
        if (gone || untouched_for(&path, ABANDONED)) && std::fs::remove_dir_all(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Whether neither the directory nor any file in it changed for `age`.
fn untouched_for(dir: &Path, age: std::time::Duration) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let files = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path());
    let newest = std::iter::once(dir.to_path_buf()).chain(files).filter_map(|p| modified(&p)).max();
    newest.is_some_and(|t| t.elapsed().is_ok_and(|elapsed| elapsed >= age))
}

/// Reads the body into `params`; uploaded files go below `upload_dir`. A file larger than
/// `max_file` bytes fails the request with 413 once the body has been read to its end (so the
/// client sees the answer): its partial copy is removed at once and nothing more is written.
pub async fn read_body(
    headers: &HeaderMap,
    body: Incoming,
    params: &mut Params,
    upload_dir: &UploadDir,
    temp_dir: &Path,
    max_file: u64,
) -> Result<(), ApiError> {
    let content_type = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
    if content_type.contains("multipart/form-data") {
        let raw = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let boundary = multer::parse_boundary(raw).map_err(|_| ApiError::bad_request("boundary not found"))?;
        if boundary.is_empty() || boundary.len() > 70 {
            return Err(ApiError::bad_request("boundary too big or empty"));
        }
        // Boxed, as the raw file below: their states are kilobytes, and a request's future
        // (moved whole at least once per request) would otherwise be as large for every call.
        return Box::pin(read_multipart(body, boundary, params, upload_dir, temp_dir, max_file)).await;
    }
    if content_type.contains("application/x-www-form-urlencoded") {
        let bytes = collect_limited(body, "too many parameters").await?;
        parse_urlencoded(&bytes, params);
        return Ok(());
    }
    if content_type.contains("application/json") {
        let bytes = collect_limited(body, "too many parameters").await?;
        parse_json(&bytes, params);
        return Ok(());
    }
    Box::pin(read_raw_file(body, &content_type, params, upload_dir, temp_dir, max_file)).await
}

/// Any other body: one uploaded file named `file`.
async fn read_raw_file(
    body: Incoming,
    content_type: &str,
    params: &mut Params,
    upload_dir: &UploadDir,
    temp_dir: &Path,
    max_file: u64,
) -> Result<(), ApiError> {
    let mut stream = BodyStream::new(body);
    let mut file: Option<(tokio::fs::File, std::path::PathBuf, u64)> = None;
    let mut received = 0u64;
    while let Some(frame) = stream.next().await {
        let frame = frame.map_err(|_| ApiError::bad_request("unexpected end of request content"))?;
        let Ok(data) = frame.into_data() else { continue };
        if data.is_empty() {
            continue;
        }
        received += data.len() as u64;
        if received > max_file {
            if let Some((f, path, _)) = file.take() {
                drop(f);
                let _ = tokio::fs::remove_file(path).await;
            }
            if received > max_file + SMALL_OVERFLOW {
                return Err(file_too_big());
            }
            continue;
        }
        if file.is_none() {
            let path = upload_dir.file(temp_dir, "file");
            let f = create_upload(&path).await?;
            file = Some((f, path, 0));
        }
        let (f, _, size) = file.as_mut().expect("created above");
        f.write_all(&data).await.map_err(upload_failed)?;
        *size += data.len() as u64;
    }
    if received > max_file {
        return Err(file_too_big());
    }
    if let Some((mut f, path, size)) = file {
        f.flush().await.map_err(upload_failed)?;
        params.push_file(UploadedFile::new("file".into(), None, non_empty(content_type), path, size));
    }
    Ok(())
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

fn upload_failed(e: std::io::Error) -> ApiError {
    tracing::error!("cannot store an upload in the temp dir: {e}");
    ApiError::internal("failed to store the uploaded file")
}

async fn create_upload(path: &Path) -> Result<tokio::fs::File, ApiError> {
    if let Some(parent) = path.parent() {
        tokio::fs::create_dir_all(parent).await.map_err(upload_failed)?;
    }
    tokio::fs::File::create(path).await.map_err(upload_failed)
}

async fn read_multipart(
    body: Incoming,
    boundary: String,
    params: &mut Params,
    upload_dir: &UploadDir,
    temp_dir: &Path,
    max_file: u64,
) -> Result<(), ApiError> {
    let stream = BodyStream::new(body).filter_map(|frame| async move {
        match frame {
            Ok(frame) => frame.into_data().ok().map(Ok),
            Err(e) => Some(Err(e)),
        }
    });
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut text_size = 0usize;
    let mut file_count = 0usize;
    let mut too_big = false;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(e) => return Err(multipart_error(e)),
        };
        let name = field.name().unwrap_or_default().to_owned();
        if let Some(file_name) = field.file_name().map(str::to_owned) {
            file_count += 1;
            if file_count > MAX_FILES {
                return Err(too_large("too many files attached"));
            }
            let content_type = field.content_type().map(|m| m.to_string());
            let path = upload_dir.file(temp_dir, Path::new(&file_count.to_string()).join(sanitize(&file_name)));
            let mut out = if too_big { None } else { Some(create_upload(&path).await?) };
            let mut size = 0u64;
            let mut field = field;
            while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                size += chunk.len() as u64;
                if size > max_file && out.is_some() {
                    // Keep reading (and dropping) a small overflow so the client gets the 413.
                    too_big = true;
                    drop(out.take());
                    let _ = tokio::fs::remove_file(&path).await;
                }
                if size > max_file + SMALL_OVERFLOW {
                    return Err(file_too_big());
                }
                if let Some(out) = out.as_mut() {
                    out.write_all(&chunk).await.map_err(upload_failed)?;
                }
            }
            if let Some(mut out) = out {
                out.flush().await.map_err(upload_failed)?;
                params.push_file(UploadedFile::new(name, Some(file_name), content_type, path, size));
            }
        } else {
            let is_form = field.content_type().is_some_and(|m| m.essence_str() == "application/x-www-form-urlencoded");
            let text = field.bytes().await.map_err(multipart_error)?;
            text_size += text.len() + name.len();
            if text_size > MAX_PARAMS_SIZE {
                return Err(too_large("too many parameters in form data"));
            }
            if is_form {
                parse_urlencoded(&text, params);
            } else {
                params.push(name, String::from_utf8_lossy(&text).into_owned());
            }
        }
    }
    if too_big {
        return Err(file_too_big());
    }
    Ok(())
}

fn multipart_error(e: multer::Error) -> ApiError {
    match e {
        multer::Error::IncompleteStream
        | multer::Error::IncompleteFieldData { .. }
        | multer::Error::StreamReadFailed(_) => ApiError::bad_request("unexpected end of request content"),
        other => ApiError::bad_request(format_args!("can't parse multipart form data: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_uploads_are_told_from_live_ones() {
        let temp = tempfile::tempdir().unwrap();
        let (pid, host) = owner();
        let make = |name: &str| {
            std::fs::create_dir(temp.path().join(name)).unwrap();
            name.to_owned()
        };
        // This process has made none yet; no process has the largest pid; pid 1 always runs.
        let own = make(&format!("msg-upload-01-{pid}@{host}"));
        let dead = make(&format!("msg-upload-02-{}@{host}", u32::MAX));
        let live = make(&format!("msg-upload-03-1@{host}"));
        let elsewhere = make("msg-upload-04-77@another-host");
        let legacy = make("msg-upload-00000000000000ab");
        let unrelated = make("kept");
        // Untouched for a day: stale whoever made it.
        let old = make("msg-upload-05-77@another-host");
        let day_ago = std::time::SystemTime::now() - ABANDONED - std::time::Duration::from_secs(60);
        std::fs::File::open(temp.path().join(&old)).unwrap().set_modified(day_ago).unwrap();

        assert_eq!(sweep_stale_uploads(temp.path()), 3);
        let left = |name: &String| temp.path().join(name).exists();
        assert!(!left(&own) && !left(&dead) && !left(&old));
        assert!(left(&live) && left(&elsewhere) && left(&legacy) && left(&unrelated));
        assert_eq!(sweep_stale_uploads(&temp.path().join("missing")), 0);
    }

    #[test]
    fn routes_follow_the_reference_grammar() {
        assert_eq!(route("/"), Route::Root);
        assert_eq!(route("/favicon.ico"), Route::NotFound);
        assert_eq!(route("/console"), Route::Console { path: "/".into() });
        assert_eq!(route("/console/"), Route::Console { path: String::new() });
        assert_eq!(route("/console/app.js"), Route::Console { path: "app.js".into() });
        assert_eq!(route("/console/api/getOverview"), Route::Operator { method: "getOverview".into() });
        assert_eq!(route("/user1:a/file/AbC"), Route::User { token: "1:a".into(), method: "file/AbC".into() });
        assert_eq!(route("/bot123:abc"), Route::NotFound);
        assert_eq!(route("/bot123%3Aabc/getMe"), Route::Bot { token: "123:abc".into(), method: "getMe".into() });
        assert_eq!(route("/bot1:a/"), Route::Bot { token: "1:a".into(), method: String::new() });
        assert_eq!(
            route("/file/bot1%3Aa/documents%2Ffile_1.txt"),
            Route::File { token: "1:a".into(), path: "documents/file_1.txt".into() }
        );
    }

    #[test]
    fn json_bodies_keep_non_strings_raw_and_ignore_garbage() {
        let mut p = Params::new();
        parse_json(br#"{"chat_id":42,"text":"hi \"you\"","reply_markup":{"a":[1]},"flag":true}"#, &mut p);
        assert_eq!(p.get("chat_id"), Some("42"));
        assert_eq!(p.get("text"), Some(r#"hi "you""#));
        assert_eq!(p.get("reply_markup"), Some(r#"{"a":[1]}"#));
        assert_eq!(p.get("flag"), Some("true"));
        let mut p = Params::new();
        parse_json(b"{not json", &mut p);
        parse_json(br#""just text""#, &mut p);
        assert_eq!(p.get("content"), Some("just text"));
        assert_eq!(sanitize("../../etc/passwd"), "passwd");
        assert_eq!(sanitize(".."), "file");
    }
}
