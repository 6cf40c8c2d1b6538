//! The platform's length and range limits, each in one place: every method that sets a value
//! checks it here, so a limit that holds for one method holds for all (sendDocument's caption
//! limit is copyMessage's and editMessageCaption's too). Not the upload sizes (`msg_core::limits`).

use msg_core::ApiError;

use crate::entities::utf16_len;

/// A message's text, in UTF-16 code units after entities are parsed out.
pub const MAX_TEXT: usize = 4096;
/// A media message's caption, the same way.
pub const MAX_CAPTION: usize = 1024;
/// An invite link's `member_limit` (0: none).
pub const MAX_INVITE_MEMBERS: i64 = 99_999;

/// A message's text fits.
pub fn check_text(text: &str) -> Result<(), ApiError> {
    if utf16_len(text) > MAX_TEXT {
        return Err(ApiError::bad_request("message is too long"));
    }
    Ok(())
}

/// A caption fits.
pub fn check_caption(caption: &str) -> Result<(), ApiError> {
    if utf16_len(caption) > MAX_CAPTION {
        return Err(ApiError::bad_request("message caption is too long"));
    }
    Ok(())
}

/// An invite link's member limit is in range (the reference reads 0 to 100 000; the platform
/// takes at most 99 999).
pub fn check_invite_members(limit: i64) -> Result<(), ApiError> {
    if !(0..=MAX_INVITE_MEMBERS).contains(&limit) {
        return Err(ApiError::bad_request("USAGE_LIMIT_INVALID"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_count_utf16_units_and_hold_at_their_edges() {
        assert!(check_text(&"a".repeat(MAX_TEXT)).is_ok());
        assert_eq!(check_text(&"a".repeat(MAX_TEXT + 1)).unwrap_err().description, "Bad Request: message is too long");
        // An emoji outside the BMP is two units.
        assert!(check_caption(&"😀".repeat(MAX_CAPTION / 2)).is_ok());
        assert!(check_caption(&"😀".repeat(MAX_CAPTION / 2 + 1)).is_err());
        assert!(check_invite_members(0).is_ok() && check_invite_members(MAX_INVITE_MEMBERS).is_ok());
        assert!(check_invite_members(MAX_INVITE_MEMBERS + 1).is_err() && check_invite_members(-1).is_err());
    }
}
