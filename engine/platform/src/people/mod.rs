//! People and bots between themselves: a person blocking a bot (kept as the person's standing
//! in the chat whose id is the bot's, so the bot gets `my_chat_member` and `403 bot was blocked
//! by the user`), allowing it to set their emoji status, and their profile photos.

mod bot;
mod commands;
pub(crate) mod domain;
pub(crate) mod profile;
mod user;

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, NewUpdate, Reply, UserRecord};
use msg_spec::{params, types};
use serde_json::Value;

use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::records::Table;
use crate::kernel::rows::put_member;
use crate::kernel::serial::Entity;
use crate::kernel::standing::Standing;
use crate::kernel::world::{Conversation, MESSAGE_TTL, Platform, now, typed};

/// Bots a person allowed to set their emoji status: scope the person, key the bot's id.
const EMOJI_STATUS_BOTS: Table<()> = Table::new("person_emoji_status_bot");
/// A person's profile photos: scope the person, key the photo's number (see [`photo_key`];
/// higher is newer), the value its sizes with the person's own file ids.
pub(crate) const PHOTOS: Table<Value> = Table::new("person_photo");

/// A photo's key: its number in 20 digits, so keys sort as numbers.
pub(crate) fn photo_key(number: u64) -> String {
    format!("{number:020}")
}

// ---------------------------------------------------------------- blocking a bot

/// A person blocks (`blocked`) or unblocks a bot. Kept as the person's standing in the
/// chat whose id is the bot's (`kicked` while blocked); the bot gets `my_chat_member`.
async fn block(platform: &Platform, user: &UserRecord, bot_id: i64, blocked: bool) -> Result<(), ApiError> {
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
    // People's standings towards a bot change under the lock of the "chat" that is the bot.
    let _held = platform.locks.lock(Entity::Chat(bot_id)).await;
    let old = if platform.blocked(user.id, bot_id).await? { Standing::of("kicked") } else { Standing::of("member") };
    let new = if blocked { Standing::of("kicked") } else { Standing::of("member") };
    if old == new {
        return Ok(());
    }
    // The standing and the bot's update are one act.
    let mut act = Act::with(vec![put_member(&new.record(bot_id, user.id))]);
    if platform.updates.accepts(&bot, "my_chat_member").await? {
        let bot_user = crate::kernel::world::bot_user(&bot);
        let update = types::ChatMemberUpdated {
            chat: Box::new(platform.chat(Conversation::private(user.id, bot_id), bot_id).await?),
            from: Box::new(crate::kernel::world::person(user)),
            date: now(),
            old_chat_member: Box::new(old.member(bot_user.clone())),
            new_chat_member: Box::new(new.member(bot_user)),
            ..Default::default()
        };
        let update = NewUpdate::new("my_chat_member", typed(&update).to_string(), user.id, now() + MESSAGE_TTL);
        platform.tell_bot(&mut act, &bot, update).await?;
    }
    platform.commit(act).await?;
    platform.cache_standing(bot_id, user.id, new).await
}

// ---------------------------------------------------------------- people's emoji statuses

/// A person allows a bot to set their emoji status.
async fn allow_emoji_status(platform: &Platform, user: &UserRecord, bot_id: i64) -> Result<(), ApiError> {
    platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
    let allow = EMOJI_STATUS_BOTS.put(user.id, &bot_id.to_string(), &());
    platform.storage.apply(vec![allow]).await.map_err(internal)
}

/// setUserEmojiStatus: only for a person who allowed the bot; `""` or `"0"` clears it.
async fn set_emoji_status(
    platform: &Platform,
    bot_id: i64,
    user_id: i64,
    emoji: &str,
    until: i64,
) -> Result<(), ApiError> {
    // Read the person first: the first touch of the directory splits old records into rows.
    platform.user(user_id).await?;
    let allowed = EMOJI_STATUS_BOTS.get(platform.storage.as_ref(), user_id, &bot_id.to_string()).await?;
    platform
        .update_person(user_id, |details| {
            if allowed.is_none() {
                return Err(ApiError::bad_request("USER_PERMISSION_DENIED"));
            }
            let emoji = Some(emoji.to_owned()).filter(|e| !e.is_empty() && e != "0");
            details.emoji_status_expiration_date = if emoji.is_some() { until.max(0) } else { 0 };
            details.emoji_status_custom_emoji_id = emoji;
            Ok(())
        })
        .await
}

/// A person adds a profile photo (the sizes of a stored upload), or with `None` removes
/// the newest.
pub(crate) async fn set_profile_photo(
    platform: &Platform,
    user: &UserRecord,
    photo: Option<Value>,
) -> Result<(), ApiError> {
    let _held = platform.locks.lock(Entity::User(user.id)).await;
    let photos = PHOTOS.all(platform.storage.as_ref(), user.id).await?;
    let newest = photos.keys().next_back();
    let change = match (photo, newest) {
        (Some(sizes), _) => {
            let number = newest.and_then(|n| n.parse::<u64>().ok()).map_or(0, |n| n + 1);
            PHOTOS.put(user.id, &photo_key(number), &sizes)
        }
        (None, Some(newest)) => PHOTOS.delete(user.id, newest),
        (None, None) => return Err(ApiError::bad_request("PHOTO_ID_INVALID")),
    };
    platform.storage.apply(vec![change]).await.map_err(internal)
}

/// A person's profile photos, the newest first: each one's sizes with their own file ids.
async fn profile_photos(platform: &Platform, user_id: i64) -> Result<Vec<Value>, ApiError> {
    Ok(PHOTOS.all(platform.storage.as_ref(), user_id).await?.into_values().rev().collect())
}

/// setUserEmojiStatus: for a person who allowed the bot (the user-side `allowEmojiStatus`);
/// shown in the person's `getChat`.
async fn set_user_emoji_status(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetUserEmojiStatus = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let emoji = p.emoji_status_custom_emoji_id.unwrap_or_default();
    let until = p.emoji_status_expiration_date.unwrap_or(0);
    set_emoji_status(&platform, bot.id, p.user_id, emoji, until).await?;
    done()
}
