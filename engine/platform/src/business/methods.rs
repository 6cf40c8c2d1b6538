//! Business accounts' Bot API methods, each with the reference's reading of its parameters
//! first (`process_*_query`: a required `first_name`, the photo, the accepted gift types, the
//! clamped `star_count`), then `check_business_connection` (`business connection not found`:
//! unknown, or another bot's), then the right the method needs (`BOT_ACCESS_FORBIDDEN`, as the
//! platform answers a bot without it) and the platform's own checks in Telegram's words
//! (`FIRSTNAME_INVALID`, `USERNAME_OCCUPIED`, `ABOUT_TOO_LONG`, `BALANCE_TOO_LOW`, ...).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply, UserRecord};
use msg_spec::types;
use serde_json::Value;

use super::{account, connection_of};
use crate::Platform;
use crate::kernel::methods::done;
use crate::kernel::serial::Entity;
use crate::kernel::standing::PersonDetails;
use crate::kernel::world::{Conversation, now, person, typed};
use crate::payments::ledger::{self, BOT_BALANCE_LOCK, Entry, LEDGER};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

pub(super) async fn get_business_connection(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let (_, id, connection) = connection_of(&platform, &call).await?;
    Ok(typed(&super::shown(&platform, &id, &connection).await?).into())
}

/// The most characters a name holds.
const MOST_NAME: usize = 64;
/// The most characters a bio holds.
const MOST_BIO: usize = 70;

pub(super) async fn set_name(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let first_name = call.params.get("first_name").filter(|n| !n.is_empty());
    let first_name = first_name.ok_or_else(|| ApiError::parameter_required("first_name"))?.to_owned();
    let last_name = call.params.get("last_name").unwrap_or_default().to_owned();
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_edit_name).await?;
    let first_name = first_name.trim().to_owned();
    if first_name.is_empty() || first_name.chars().count() > MOST_NAME {
        return Err(bad("FIRSTNAME_INVALID"));
    }
    let last_name = last_name.trim().to_owned();
    if last_name.chars().count() > MOST_NAME {
        return Err(bad("LASTNAME_INVALID"));
    }
    platform
        .update_person_record(user.id, |u| {
            u.first_name = first_name;
            u.last_name = (!last_name.is_empty()).then_some(last_name);
            Ok(())
        })
        .await?;
    done()
}

/// A username the platform allows: 5-32 letters, digits and underscores, a letter first, no
/// underscore last or twice in a row (TDLib's `is_allowed_username`).
fn allowed_username(name: &str) -> bool {
    (5..=32).contains(&name.len())
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.ends_with('_')
        && !name.contains("__")
}

pub(super) async fn set_username(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let username = call.params.get("username").unwrap_or_default().trim_start_matches('@').to_owned();
    let (_, _, connection) = connection_of(&platform, &call).await?;
    if !username.is_empty() && !allowed_username(&username) {
        return Err(bad("username is invalid"));
    }
    let user = account(&platform, &connection, |r| r.can_edit_username).await?;
    if user.username.as_deref().unwrap_or_default().eq_ignore_ascii_case(&username) {
        return Err(bad("USERNAME_NOT_MODIFIED"));
    }
    // Usernames are claimed one at a time, against bots' and people's.
    let _names = platform.locks.lock(Entity::BotNames).await;
    if !username.is_empty() {
        let bots = platform.storage.list_bots().await.map_err(crate::internal)?;
        let people = crate::kernel::rows::PEOPLE.all(platform.storage.as_ref(), 0).await?;
        let taken = bots.iter().any(|b| b.username.eq_ignore_ascii_case(&username))
            || people
                .values()
                .any(|p| p.id != user.id && p.username.as_deref().is_some_and(|u| u.eq_ignore_ascii_case(&username)));
        if taken {
            return Err(bad("USERNAME_OCCUPIED"));
        }
    }
    platform
        .update_person_record(user.id, |u| {
            u.username = (!username.is_empty()).then_some(username);
            Ok(())
        })
        .await?;
    done()
}

pub(super) async fn set_bio(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bio = call.params.get("bio").unwrap_or_default().to_owned();
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_edit_bio).await?;
    if bio.chars().count() > MOST_BIO {
        return Err(bad("ABOUT_TOO_LONG"));
    }
    platform
        .update_person(user.id, |details| {
            details.bio = (!bio.is_empty()).then_some(bio);
            Ok(())
        })
        .await?;
    done()
}

pub(super) async fn set_profile_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    use crate::files::input::{self, Extras, Sender};
    let file = crate::people::profile::profile_photo_file(&call.params, platform.local)?;
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_edit_profile_photo).await?;
    let source = input::source(&call.params, &file, "", platform.local)
        .ok_or_else(|| bad("photo must be uploaded as a file"))?;
    let sender = Sender { id: user.id, is_bot: false };
    let extras = Extras::from_params(&call.params, platform.local);
    let sizes =
        input::attach(&platform.files, &platform.temp_dir, sender, crate::files::Kind::Photo, source, extras).await?;
    crate::people::set_profile_photo(&platform, &user, Some(sizes)).await?;
    done()
}

pub(super) async fn remove_profile_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_edit_profile_photo).await?;
    crate::people::set_profile_photo(&platform, &user, None).await?;
    done()
}

/// `accepted_gift_types` as the reference reads it (`get_accepted_gift_types`).
fn accepted_gift_types(raw: Option<&str>) -> Result<types::AcceptedGiftTypes, ApiError> {
    let raw = raw.filter(|r| !r.is_empty()).ok_or_else(|| bad("accepted gift types aren't specified"))?;
    let value: Value = serde_json::from_str(raw).map_err(|_| bad("can't parse accepted gift types JSON object"))?;
    let Value::Object(object) = value else { return Err(bad("object expected as accepted gift types")) };
    let field = |name: &str, default: Option<bool>| match object.get(name) {
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(bad(format!("field \"{name}\" must be of type Boolean"))),
        None => default.ok_or_else(|| bad(format!("can't find field \"{name}\""))),
    };
    Ok(types::AcceptedGiftTypes {
        unlimited_gifts: field("unlimited_gifts", None)?,
        limited_gifts: field("limited_gifts", None)?,
        unique_gifts: field("unique_gifts", None)?,
        premium_subscription: field("premium_subscription", None)?,
        gifts_from_channels: field("gifts_from_channels", Some(true))?,
    })
}

pub(super) async fn set_gift_settings(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let show_gift_button = call.params.boolean("show_gift_button");
    let accepted = accepted_gift_types(call.params.get("accepted_gift_types"))?;
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_change_gift_settings).await?;
    platform
        .update_person(user.id, |details: &mut PersonDetails| {
            details.accepted_gift_types = Some(accepted);
            details.show_gift_button = Some(show_gift_button);
            Ok(())
        })
        .await?;
    done()
}

pub(super) async fn get_star_balance(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_view_gifts_and_stars).await?;
    let amount = ledger::stars(&platform, user.id).await?;
    Ok(typed(&types::StarAmount { amount, nanostar_amount: None }).into())
}

pub(super) async fn transfer_stars(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let star_count = call.params.integer("star_count", 0, 0, 1_000_000_000);
    let (bot, _, connection) = connection_of(&platform, &call).await?;
    if star_count <= 0 {
        return Err(bad("invalid amount of Telegram Stars to transfer specified"));
    }
    let user = account(&platform, &connection, |r| r.can_transfer_stars).await?;
    // The person's balance, then the bot's: the kernel's lock order.
    let _person = platform.locks.lock(Entity::User(user.id)).await;
    let _bot = platform.locks.lock(Entity::BotSetting(bot.id, BOT_BALANCE_LOCK.into())).await;
    let (held, earned) = (ledger::stars(&platform, user.id).await?, ledger::stars(&platform, bot.id).await?);
    if held < star_count {
        return Err(bad("BALANCE_TOO_LOW"));
    }
    let id = format!("business{:016x}", rand::random::<u64>());
    let partner = types::TransactionPartnerUser {
        transaction_type: "business_account_transfer".into(),
        user: Box::new(person(&user)),
        ..Default::default()
    };
    let entry = Entry {
        transaction: types::StarTransaction {
            id: id.clone(),
            amount: star_count,
            date: now(),
            source: Some(Box::new(types::TransactionPartner::TransactionPartnerUser(partner))),
            ..Default::default()
        },
        user_id: user.id,
        charge_id: id.clone(),
        ..Default::default()
    };
    let changes = vec![
        ledger::set_stars(user.id, held - star_count),
        ledger::set_stars(bot.id, earned + star_count),
        LEDGER.put(bot.id, &ledger::ledger_key(&id), &entry),
    ];
    platform.storage.apply(changes).await.map_err(crate::internal)?;
    done()
}

pub(super) async fn get_gifts(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let (bot, _, connection) = connection_of(&platform, &call).await?;
    // Read after the connection, as the reference does.
    let listing = crate::gifts::Listing::read(&call.params);
    let user = account(&platform, &connection, |r| r.can_view_gifts_and_stars).await?;
    Ok(crate::gifts::owned_gifts(&platform, user.id, bot.id, true, true, &listing).await?.into())
}

pub(super) async fn convert_gift(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let owned_gift_id = call.params.get("owned_gift_id").unwrap_or_default().to_owned();
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_convert_gifts_to_stars).await?;
    crate::gifts::convert(&platform, user.id, &owned_gift_id).await?;
    done()
}

pub(super) async fn upgrade_gift(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p = &call.params;
    let owned_gift_id = p.get("owned_gift_id").unwrap_or_default().to_owned();
    let keep = p.boolean("keep_original_details");
    let star_count = p.integer("star_count", 0, 0, 1_000_000);
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_transfer_and_upgrade_gifts).await?;
    let may_pay = connection.rights.can_transfer_stars == Some(true);
    crate::gifts::unique::upgrade(&platform, user.id, &owned_gift_id, keep, star_count, may_pay).await?;
    done()
}

pub(super) async fn transfer_gift(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p = &call.params;
    let owned_gift_id = p.get("owned_gift_id").unwrap_or_default().to_owned();
    // `get_business_connection_chat_id`, before the connection.
    let new_owner = p.get("new_owner_chat_id").unwrap_or_default();
    if new_owner.is_empty() {
        return Err(bad("chat identifier is empty"));
    }
    let new_owner: i64 = new_owner.parse().map_err(|_| bad("chat identifier must be a valid Integer"))?;
    let star_count = p.integer("star_count", 0, 0, 1_000_000);
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_transfer_and_upgrade_gifts).await?;
    let may_pay = connection.rights.can_transfer_stars == Some(true);
    crate::gifts::unique::transfer(&platform, user.id, &owned_gift_id, new_owner, star_count, may_pay).await?;
    done()
}

/// The person's private chat with person `chat_id`, as the reference reads the chat
/// (`check_business_connection_chat_id`) and TDLib checks it.
async fn private_chat(platform: &Platform, owner: &UserRecord, chat_id: i64) -> Result<Conversation, ApiError> {
    if chat_id == owner.id {
        return Err(bad("messages must not be sent to self"));
    }
    if chat_id < 0 || platform.user(chat_id).await?.is_none() {
        return Err(bad("chat must be a private chat"));
    }
    Ok(Conversation::private(owner.id, chat_id))
}

/// A chat identifier as the reference reads one for business calls.
fn chat_identifier(raw: Option<&str>) -> Result<i64, ApiError> {
    let raw = raw.unwrap_or_default();
    if raw.is_empty() {
        return Err(bad("chat identifier is empty"));
    }
    raw.parse().map_err(|_| bad("chat identifier must be a valid Integer"))
}

pub(super) async fn read_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let message_id = call.params.integer("message_id", 0, 0, i64::from(i32::MAX));
    let chat_id = chat_identifier(call.params.get("chat_id"))?;
    let (_, _, connection) = connection_of(&platform, &call).await?;
    let user = account(&platform, &connection, |r| r.can_read_messages).await?;
    let conversation = private_chat(&platform, &user, chat_id).await?;
    if crate::messages::load_message(&platform, conversation, message_id).await?.is_none() {
        return Err(bad("MESSAGE_ID_INVALID"));
    }
    crate::views::mark_read(&platform, user.id, conversation, message_id).await?;
    done()
}

pub(super) async fn delete_messages(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let ids = crate::messages::editing::message_ids(call.params.get("message_ids"))?;
    let (bot, _, connection) = connection_of(&platform, &call).await?;
    let may_all = connection.rights.can_delete_all_messages == Some(true);
    let user = account(&platform, &connection, |r| {
        (r.can_delete_sent_messages == Some(true) || r.can_delete_all_messages == Some(true)).then_some(true)
    })
    .await?;
    // Message ids name messages of one of the person's chats with people: the one that holds
    // them all (the most recent such chat, should several).
    let storage = platform.storage.as_ref();
    let mut found: Option<(i64, Conversation, Vec<types::Message>)> = None;
    for key in crate::kernel::directory::CONVERSATIONS.all(storage, user.id).await?.keys() {
        let Some(conversation @ Conversation::Private(..)) = Conversation::from_key(key) else { continue };
        if platform.user(conversation.chat_id_for(user.id)).await?.is_none() {
            continue;
        }
        let mut messages = Vec::new();
        for id in &ids {
            match crate::messages::load_message(&platform, conversation, *id).await? {
                Some(message) => messages.push(message),
                None => break,
            }
        }
        let newest = messages.iter().map(|m| m.date).max().unwrap_or(0);
        if messages.len() == ids.len() && found.as_ref().is_none_or(|(date, ..)| newest > *date) {
            found = Some((newest, conversation, messages));
        }
    }
    let (_, conversation, messages) = found.ok_or_else(|| bad("MESSAGE_ID_INVALID"))?;
    // Without `can_delete_all_messages`, only what the bot sent on the person's behalf.
    if !may_all && messages.iter().any(|m| m.sender_business_bot.as_ref().is_none_or(|b| b.id != bot.id)) {
        return Err(bad("BOT_ACCESS_FORBIDDEN"));
    }
    let owner = crate::kernel::world::Actor::User(user);
    for message in messages {
        crate::messages::posting::delete(&platform, &owner, conversation, message.message_id).await?;
    }
    done()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_are_checked_as_tdlib_checks_them() {
        for ok in ["alice", "Alice_2024", "a1234"] {
            assert!(allowed_username(ok), "{ok}");
        }
        for no in ["abcd", "1alice", "alice_", "al__ice", "alice-b", &"a".repeat(33)] {
            assert!(!allowed_username(no), "{no}");
        }
    }

    #[test]
    fn accepted_gift_types_are_read_as_the_reference_reads_them() {
        let refusal = |raw: Option<&str>| accepted_gift_types(raw).unwrap_err().description.into_owned();
        assert_eq!(refusal(None), "Bad Request: accepted gift types aren't specified");
        assert_eq!(refusal(Some("{")), "Bad Request: can't parse accepted gift types JSON object");
        assert_eq!(refusal(Some("[]")), "Bad Request: object expected as accepted gift types");
        assert_eq!(refusal(Some("{}")), "Bad Request: can't find field \"unlimited_gifts\"");
        let wrong = r#"{"unlimited_gifts":1}"#;
        assert_eq!(refusal(Some(wrong)), "Bad Request: field \"unlimited_gifts\" must be of type Boolean");
        let given =
            r#"{"unlimited_gifts":true,"limited_gifts":false,"unique_gifts":true,"premium_subscription":false}"#;
        let read = accepted_gift_types(Some(given)).unwrap();
        assert!(read.unlimited_gifts && !read.limited_gifts && read.gifts_from_channels);
    }
}
