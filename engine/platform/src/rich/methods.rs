//! `sendRichMessage` and `sendRichMessageDraft`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params;
use msg_spec::types::Message;

use super::Use;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Actor, Platform};
use crate::messages::send::SendOptions;

/// `sendRichMessage`: the rich message read first, then the send options and the chat as for
/// any message, then its files stored as the sender's and the message posted.
pub(super) async fn send_rich_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::SendRichMessage = args(&call.params)?;
    let read = super::read(&platform, p.rich_message, Use::Message).await?;
    let mut options = SendOptions::read(&p, &call.params)?;
    if p.chat_id.is_empty() {
        return Err(ApiError::bad_request("chat_id is empty"));
    }
    let (actor, conversation) = options.sending(&platform, &Actor::Bot(bot), p.chat_id).await?;
    let rich = super::finish(&platform, &actor, &call.params, read, Use::Message).await?;
    let body = Message { rich_message: Some(Box::new(rich)), ..Message::default() };
    let posted = crate::messages::post(&platform, &actor, conversation, options.content(String::new(), None, body));
    Ok(posted.await?.into())
}

/// `sendRichMessageDraft`: a part of a rich message the person sees while the bot writes it
/// (stored files only; "thinking" blocks allowed), as `sendMessageDraft` streams a text.
pub(super) async fn send_rich_message_draft(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendRichMessageDraft = args(&call.params)?;
    let read = super::read(&platform, p.rich_message, Use::Draft).await?;
    let actor = Actor::Bot(platform_bot(&platform, &call).await?);
    // The chat as given: the decoded Integer cannot tell an absent chat from chat 0.
    let conversation = platform.resolve_chat(&actor, call.params.get("chat_id").unwrap_or_default()).await?;
    let rich = super::finish(&platform, &actor, &call.params, read, Use::Draft).await?;
    let rich = serde_json::to_value(rich).map_err(|e| ApiError::internal(e.to_string()))?;
    let stop =
        crate::messages::DraftStop { can_stop: p.can_stop, keep_on_stop: p.keep_on_stop, thread: p.message_thread_id };
    let text = crate::messages::DraftText::Rich(rich);
    crate::messages::draft(&platform, &actor, conversation, p.draft_id, text, stop).await?;
    done()
}
