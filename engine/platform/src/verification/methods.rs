//! Verification's Bot API methods: `verifyUser`, `verifyChat`, `removeUserVerification`,
//! `removeChatVerification`, with the reference's checks in its order
//! (`process_verify_user_query` … `process_remove_chat_verification_query`: the user or chat
//! checked first, the removals' lenient checks with their `sender_chat_id` wording), then the
//! platform's (`BOT_VERIFIER_FORBIDDEN` for a bot that is no organisation, `PEER_ID_INVALID` for
//! an unknown user or chat to remove from). Telegram's wording for a description that is too
//! long or not allowed is not known; those two errors are the platform's own, and say which.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;

use super::{MOST_DESCRIPTION, ORGANIZATIONS, VERIFIED, Verified, target_of};
use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Access, Actor};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// What the platform answers a bot that is not a verification organisation.
const NOT_AN_ORGANIZATION: &str = "BOT_VERIFIER_FORBIDDEN";

/// Bot `bot_id` verifies `target` with `description`, or takes its verification back
/// (`None`): checked against what the operator allowed it, under the target's lock.
async fn verify(platform: &Platform, bot_id: i64, target: i64, description: Option<&str>) -> Result<(), ApiError> {
    let organization = ORGANIZATIONS.get(platform.storage.as_ref(), 0, &bot_id.to_string()).await?;
    let organization = organization.ok_or_else(|| bad(NOT_AN_ORGANIZATION))?;
    let _held = VERIFIED.lock(&platform.locks, target, "").await;
    let change = match description {
        Some(description) => {
            if description.chars().count() > MOST_DESCRIPTION {
                return Err(bad(format!("custom_description must be at most {MOST_DESCRIPTION} characters")));
            }
            if !description.is_empty() && !organization.can_set_custom_description {
                return Err(bad("custom_description must be empty: the organization may not set its own"));
            }
            VERIFIED.put(target, "", &Verified { bot_id, custom_description: description.to_owned() })
        }
        None => match VERIFIED.get(platform.storage.as_ref(), target, "").await? {
            // Only the organisation's own verification is its to take back.
            Some(verified) if verified.bot_id == bot_id => VERIFIED.delete(target, ""),
            _ => return Ok(()),
        },
    };
    platform.storage.apply(vec![change]).await.map_err(crate::internal)
}

pub(super) async fn verify_user(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::VerifyUser = args(&call.params)?;
    platform.participant(p.user_id).await?.ok_or_else(|| bad("user not found"))?;
    let bot = platform_bot(&platform, &call).await?;
    verify(&platform, bot.id, p.user_id, Some(p.custom_description.unwrap_or_default())).await?;
    done()
}

pub(super) async fn verify_chat(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::VerifyChat = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let conversation = platform.resolve_chat_for(&Actor::Bot(bot.clone()), p.chat_id, Access::Read).await?;
    verify(&platform, bot.id, target_of(conversation, bot.id), Some(p.custom_description.unwrap_or_default())).await?;
    done()
}

pub(super) async fn remove_user_verification(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::RemoveUserVerification = args(&call.params)?;
    // The reference does not check the user (`check_user_no_fail`): the platform refuses one
    // it does not know.
    platform.participant(p.user_id).await?.ok_or_else(|| bad("PEER_ID_INVALID"))?;
    let bot = platform_bot(&platform, &call).await?;
    verify(&platform, bot.id, p.user_id, None).await?;
    done()
}

pub(super) async fn remove_chat_verification(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    // `check_chat_no_fail`: a strict integer, named as the reference names it.
    let chat_id = call.params.get("chat_id").unwrap_or_default();
    if chat_id.is_empty() {
        return Err(bad("sender_chat_id is empty"));
    }
    let id: i64 = chat_id.parse().map_err(|_| bad("sender_chat_id is not a valid Integer"))?;
    if id == 0 {
        return Err(bad("invalid chat identifier specified"));
    }
    let bot = platform_bot(&platform, &call).await?;
    let known = if id > 0 {
        platform.participant(id).await?.is_some()
    } else {
        platform.room(id, |room| room.chat.is_some()).await?
    };
    if !known {
        return Err(bad("PEER_ID_INVALID"));
    }
    verify(&platform, bot.id, id, None).await?;
    done()
}
