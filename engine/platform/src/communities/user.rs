//! The people's side of communities: making one, adding and removing its chats and bots (its
//! owner), reading it, and joining one of its chats from another.

use msg_core::ApiError;
use serde_json::{Value, json};

use crate::kernel::user::{UserCall, user_ids};
use crate::kernel::world::typed;

/// `community_id`, required.
fn community_id(c: &UserCall) -> Result<i64, ApiError> {
    match msg_spec::args::integer(c.params.get("community_id")) {
        Some(id) if id > 0 => Ok(id),
        _ => Err(ApiError::bad_request("community_id is not specified")),
    }
}

/// `chat_id` as a number (a chat, or a bot's id), required.
fn member_id(c: &UserCall) -> Result<i64, ApiError> {
    match msg_spec::args::integer(c.params.get("chat_id")) {
        Some(id) if id != 0 => Ok(id),
        _ => Err(ApiError::bad_request("chat_id is empty")),
    }
}

pub(super) async fn create(c: UserCall) -> Result<Value, ApiError> {
    let name = c.params.get("name").unwrap_or_default();
    let members = user_ids(&c.params, "chat_ids")?;
    // Every member checked before the community is made (none is made for a refused one).
    let actor = c.actor();
    for member in &members {
        super::check_member(&c.platform, &actor, *member).await?;
    }
    let community = super::create(&c.platform, &c.user, name).await?;
    for member in members {
        super::add(&c.platform, &c.user, community.id, member).await?;
    }
    Ok(typed(&community))
}

pub(super) async fn add(c: UserCall) -> Result<Value, ApiError> {
    let (id, member) = (community_id(&c)?, member_id(&c)?);
    super::add(&c.platform, &c.user, id, member).await?;
    Ok(json!(true))
}

pub(super) async fn remove(c: UserCall) -> Result<Value, ApiError> {
    let (id, member) = (community_id(&c)?, member_id(&c)?);
    super::remove(&c.platform, &c.user, id, member).await?;
    Ok(json!(true))
}

/// `community_id`, or `chat_id` (the community a chat is in; `null` when none).
pub(super) async fn get(c: UserCall) -> Result<Value, ApiError> {
    let community = match c.params.get("community_id").filter(|v| !v.is_empty()) {
        Some(_) => super::community(&c.platform, community_id(&c)?).await?,
        None => {
            let conversation = c.chat_to_read().await?;
            let crate::kernel::world::Conversation::Group(chat) = conversation else { return Ok(Value::Null) };
            match super::community_of(&c.platform, chat).await? {
                Some(community) => Some(community),
                None => return Ok(Value::Null),
            }
        }
    };
    match community {
        Some(community) if super::sees(&c.platform, &community, c.user.id).await? => {
            super::view(&c.platform, &community, c.user.id).await
        }
        _ => Err(super::not_found()),
    }
}

pub(super) async fn list(c: UserCall) -> Result<Value, ApiError> {
    super::of_person(&c.platform, c.user.id).await
}

pub(super) async fn join(c: UserCall) -> Result<Value, ApiError> {
    let chat = member_id(&c)?;
    super::join(&c.platform, &c.user, chat).await?;
    Ok(json!(true))
}
