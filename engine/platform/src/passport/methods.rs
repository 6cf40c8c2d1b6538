//! `setPassportDataErrors`, with the reference's checks in its order
//! (`process_set_passport_data_errors_query`: the user id, then each error as
//! `get_passport_element_error` reads it, then the user), TDLib's (`set_secure_value_errors`:
//! "file hashes must be non-empty") and the platform server's (`DATA_HASH_SIZE_INVALID`,
//! `HASH_SIZE_INVALID`: a hash is a SHA-256, 32 bytes).

use std::sync::Arc;

use base64::Engine as _;
use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use serde_json::Value;

use super::ERRORS;
use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};

/// The element types the reference knows (`get_passport_element_type`).
const TYPES: [&str; 13] = [
    "personal_details",
    "passport",
    "driver_license",
    "identity_card",
    "internal_passport",
    "address",
    "utility_bill",
    "bank_statement",
    "rental_agreement",
    "passport_registration",
    "temporary_registration",
    "phone_number",
    "email",
];

/// A hash's bytes (SHA-256).
const HASH_BYTES: usize = 32;

/// A hash as TDLib's `is_base64` takes it: the standard alphabet, padding optional (whole when
/// present), no stray bits; the empty string too.
fn hash(value: &Value) -> Result<Vec<u8>, String> {
    let text = value.as_str().ok_or("hash must be a string")?;
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    engine.decode(text).map_err(|_| "hash isn't a valid base64-encoded string".to_owned())
}

/// Field `name` of `error`, a string (a number is taken as its text), as the reference's
/// `get_required_string_field` words it.
fn required_string(error: &serde_json::Map<String, Value>, name: &str) -> Result<String, String> {
    match error.get(name) {
        None => Err(format!("Can't find field \"{name}\"")),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        Some(_) => Err(format!("Field \"{name}\" must be of type String")),
    }
}

/// A required field's hash (`element_hash`, `data_hash`, `file_hash`).
fn required_hash(error: &serde_json::Map<String, Value>, name: &str) -> Result<Vec<u8>, String> {
    match error.get(name) {
        None => Err(format!("Can't find field \"{name}\"")),
        Some(value) => hash(value),
    }
}

/// The hashes an error names, with what the platform calls a wrong size, once it parsed
/// (`get_passport_element_error`'s checks in its order).
fn parse_error(value: &Value) -> Result<Vec<(Vec<u8>, &'static str)>, String> {
    let error = value.as_object().ok_or("expected an Object")?;
    let kind = required_string(error, "type")?;
    if !TYPES.contains(&kind.as_str()) {
        return Err("wrong Telegram Passport element type specified".into());
    }
    required_string(error, "message")?;
    // Optional: missing is "unspecified".
    let source = if error.contains_key("source") { required_string(error, "source")? } else { String::new() };
    let sized = |hash: Vec<u8>, size_error: &'static str| vec![(hash, size_error)];
    Ok(match source.as_str() {
        "" | "unspecified" => sized(required_hash(error, "element_hash")?, "HASH_SIZE_INVALID"),
        "data" => {
            let data_hash = required_hash(error, "data_hash")?;
            required_string(error, "field_name")?;
            sized(data_hash, "DATA_HASH_SIZE_INVALID")
        }
        "file" | "selfie" | "translation_file" | "front_side" | "reverse_side" => {
            sized(required_hash(error, "file_hash")?, "HASH_SIZE_INVALID")
        }
        "files" | "translation_files" => {
            let hashes = match error.get("file_hashes") {
                None => return Err("Can't find field \"file_hashes\"".into()),
                Some(Value::Array(hashes)) => hashes,
                Some(_) => return Err("Field \"file_hashes\" must be of type Array".into()),
            };
            let hashes = hashes.iter().map(hash).collect::<Result<Vec<_>, _>>()?;
            if hashes.is_empty() {
                // TDLib's, after the user is checked: marked by an empty list.
                return Ok(Vec::new());
            }
            hashes.into_iter().map(|h| (h, "HASH_SIZE_INVALID")).collect()
        }
        _ => return Err("wrong source specified".into()),
    })
}

pub(super) async fn set_passport_data_errors(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetPassportDataErrors = args(&call.params)?;
    let errors: Value = serde_json::from_str(p.errors.unwrap_or_default())
        .map_err(|_| ApiError::bad_request("can't parse errors JSON object"))?;
    let list = errors.as_array().ok_or_else(|| ApiError::bad_request("expected an Array of PassportElementError"))?;
    let mut hashes = Vec::with_capacity(list.len());
    for error in list {
        // Only the whole message's first letter is lower-cased on the wire, not the inner one's.
        let parsed = parse_error(error)
            .map_err(|inner| ApiError::bad_request(format!("can't parse PassportElementError: {inner}")))?;
        hashes.push(parsed);
    }
    platform.participant(p.user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    if hashes.iter().any(Vec::is_empty) {
        return Err(ApiError::bad_request("file hashes must be non-empty"));
    }
    if let Some((_, size_error)) = hashes.iter().flatten().find(|(hash, _)| hash.len() != HASH_BYTES) {
        return Err(ApiError::bad_request(*size_error));
    }
    let bot = platform_bot(&platform, &call).await?;
    let change = ERRORS.put(p.user_id, &bot.id.to_string(), &errors);
    platform.storage.apply(vec![change]).await.map_err(crate::internal)?;
    done()
}
