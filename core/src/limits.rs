//! The Bot API's size limits that both sides enforce: the server on request bodies, the
//! platform on files it fetches by URL.

/// Upload limit per file without `--local` (the public platform's 50 MB).
pub const MAX_UPLOAD: u64 = 50 << 20;
/// Upload limit per file with `--local` (2000 MB).
pub const MAX_UPLOAD_LOCAL: u64 = 2000 << 20;

/// The upload limit per file in this mode.
pub fn max_upload(local: bool) -> u64 {
    if local { MAX_UPLOAD_LOCAL } else { MAX_UPLOAD }
}
