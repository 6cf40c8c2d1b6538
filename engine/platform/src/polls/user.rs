//! The people's side of polls: sending one with its settings, voting, adding and deleting
//! options.

use msg_core::ApiError;
use serde_json::{Value, json};

use crate::kernel::user::{UserCall, message_id};
use crate::kernel::world::Content;

/// `sendPoll`, as the Bot API's: the poll's settings stored with it.
pub(super) async fn send_poll(c: UserCall) -> Result<Value, ApiError> {
    let mut body = super::methods::poll_message(&c.params)?;
    let conversation = c.chat().await?;
    let actor = c.actor();
    let target = async { Ok(conversation) };
    let stored = super::methods::prepare(&c.platform, &actor, &c.params, &mut body, target).await?;
    let mut content = Content::of(body);
    content.also.extend(stored);
    crate::messages::post(&c.platform, &actor, conversation, content).await
}

pub(super) async fn vote_poll(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let options = match c.params.json::<Vec<i64>>("option_ids") {
        Some(Ok(ids)) => ids,
        None => Vec::new(),
        Some(Err(_)) => return Err(ApiError::bad_request("can't parse option_ids JSON array")),
    };
    super::vote(&c.platform, &c.user, conversation, message_id(&c.params)?, options).await
}

/// `addPollOption`: `chat_id`, `message_id`, `text` (1-100 characters), `text_parse_mode`,
/// `text_entities`.
pub(super) async fn add_poll_option(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let mut given = json!({"text": c.params.get("text").unwrap_or_default()});
    if let Some(mode) = c.params.get("text_parse_mode") {
        given["text_parse_mode"] = mode.into();
    }
    if let Some(entities) = c.params.get("text_entities").filter(|e| !e.is_empty()) {
        given["text_entities"] = serde_json::from_str(entities)
            .map_err(|_| ApiError::bad_request("can't parse text_entities JSON array"))?;
    }
    let option = super::methods::poll_option(&given)?;
    super::options::add_option(&c.platform, &c.user, conversation, message_id(&c.params)?, option).await
}

/// `deletePollOption`: `chat_id`, `message_id`, `option_persistent_id`.
pub(super) async fn delete_poll_option(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let option = c.params.get("option_persistent_id").unwrap_or_default();
    super::options::delete_option(&c.platform, &c.user, conversation, message_id(&c.params)?, option).await
}
