//! Files on the embedded platform: the files domain's Bot API methods ([`methods`]: the send
//! methods of each kind, sendMediaGroup, getFile, editMessageMedia), reading uploads
//! ([`input`]), looking files up ([`lookup`]), paid media ([`paid`]), photos' and stickers'
//! conversions, and the retention sweep. The store itself, and `file_id`s, are the kernel's
//! ([`FileStore`], [`id`]): re-exported here under their old paths.

pub use crate::kernel::file_store::id;
pub(crate) mod domain;
pub mod input;
pub mod lookup;
pub(crate) mod methods;
pub(crate) mod paid;
pub mod photo;
pub mod retention;
pub mod sticker;

pub(crate) use self::input::uploaded_photo;
pub(crate) use crate::kernel::file_store::io_failed;
pub use crate::kernel::file_store::{
    Blob, FileStore, Kind, STORE_DIR, extension, extension_of, file_object, mime_type,
};
pub use msg_core::limits::max_upload;

/// Photos are at most 10 MB.
pub const MAX_PHOTO: u64 = 10 << 20;
/// getFile refuses bigger files without `--local` (the reference's `MAX_DOWNLOAD_FILE_SIZE`).
pub const MAX_DOWNLOAD: u64 = 20 << 20;
