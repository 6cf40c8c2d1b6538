//! The people's side of polls: voting.

use msg_core::ApiError;
use serde_json::Value;

use crate::kernel::user::{UserCall, message_id};

pub(super) async fn vote_poll(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let options = match c.params.json::<Vec<i64>>("option_ids") {
        Some(Ok(ids)) => ids,
        None => Vec::new(),
        Some(Err(_)) => return Err(ApiError::bad_request("can't parse option_ids JSON array")),
    };
    super::vote(&c.platform, &c.user, conversation, message_id(&c.params)?, options).await
}
