//! `file_id` and `file_unique_id`. A `file_id` is URL-safe base64 of a version byte, the kind,
//! the owner's user id and the content hash: opaque to clients, stable across restarts and
//! moves (nothing in it depends on the server), and usable only by its owner, as on the public
//! platform. A `file_unique_id` is derived from the content alone, so it is equal for the same
//! bytes whoever holds them.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::Kind;

const VERSION: u8 = 1;
const LEN: usize = 1 + 1 + 8 + 32;

/// A decoded `file_id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileId {
    pub kind: Kind,
    /// The bot or person who may use it.
    pub owner: i64,
    pub hash: blake3::Hash,
}

impl FileId {
    pub fn encode(&self) -> String {
        let mut bytes = Vec::with_capacity(LEN);
        bytes.push(VERSION);
        bytes.push(self.kind.code());
        bytes.extend_from_slice(&self.owner.to_le_bytes());
        bytes.extend_from_slice(self.hash.as_bytes());
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// `None` for anything that is not a `file_id` of ours.
    pub fn decode(text: &str) -> Option<FileId> {
        let bytes = URL_SAFE_NO_PAD.decode(text.trim()).ok()?;
        if bytes.len() != LEN || bytes[0] != VERSION {
            return None;
        }
        let kind = Kind::from_code(bytes[1])?;
        let owner = i64::from_le_bytes(bytes[2..10].try_into().ok()?);
        let hash = blake3::Hash::from_bytes(bytes[10..].try_into().ok()?);
        Some(FileId { kind, owner, hash })
    }
}

/// The content's `file_unique_id`.
pub fn unique_id(hash: &blake3::Hash) -> String {
    URL_SAFE_NO_PAD.encode(&hash.as_bytes()[..12])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_ids_round_trip_and_refuse_anything_else() {
        let id = FileId { kind: Kind::Video, owner: 1_234_567_890, hash: blake3::hash(b"bytes") };
        let text = id.encode();
        assert!(text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{text}");
        assert_eq!(FileId::decode(&text), Some(id));
        assert_eq!(FileId::decode("AgACAgIAAxkBAAI"), None);
        assert_eq!(FileId::decode(""), None);
        assert_eq!(FileId::decode(&text[1..]), None);
        assert_eq!(unique_id(&id.hash), unique_id(&blake3::hash(b"bytes")));
        assert_ne!(unique_id(&id.hash), unique_id(&blake3::hash(b"other")));
        assert_eq!(unique_id(&id.hash).len(), 16);
    }
}
