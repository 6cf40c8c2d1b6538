//! The person's side of gifts: the gifts a person or channel owns (`getGifts`) and sending one
//! from the person's own Stars (`sendGift`).

use msg_core::ApiError;
use serde_json::{Value, json};

use super::methods::{Listing, Receiver, Sale, gift_text, owned_gifts, sell};
use crate::kernel::user::UserCall;
use crate::kernel::world::Conversation;

/// The person's `getAvailableGifts`: what can be bought, with the person's own file ids.
pub(super) async fn get_available_gifts(c: UserCall) -> Result<Value, ApiError> {
    let gifts = super::available(super::Viewer::new(&c.platform, c.user.id, false)).await?;
    Ok(crate::kernel::world::typed(&msg_spec::types::Gifts { gifts }))
}

/// The person's `getGifts`: the gifts of person `user_id` (the caller when absent) or of chat
/// `chat_id`, newest first; the person's own include those not shown on their profile.
pub(super) async fn get_gifts(c: UserCall) -> Result<Value, ApiError> {
    let owner = match (c.params.get("chat_id"), c.params.get("user_id")) {
        (Some(_), _) => match c.chat_to_read().await? {
            Conversation::Group(id) => id,
            private => private.chat_id_for(c.user.id),
        },
        (None, Some(user_id)) => msg_spec::args::to_integer(user_id),
        (None, None) => c.user.id,
    };
    if owner > 0 && c.platform.user(owner).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    let listing = Listing {
        exclude_unsaved: owner != c.user.id,
        sort_by_price: c.params.boolean("sort_by_price"),
        offset: c.params.get("offset").unwrap_or_default(),
        limit: c.params.integer("limit", 100, 1, 100),
        ..Default::default()
    };
    owned_gifts(&c.platform, owner, c.user.id, false, false, &listing).await
}

/// The person's `sendGift`: gift `gift_id` to person `user_id` or channel `chat_id`, paid from
/// the person's Stars, with `text` (and `text_parse_mode` / `text_entities`), `is_private` and
/// `pay_for_upgrade`.
pub(super) async fn send_gift(c: UserCall) -> Result<Value, ApiError> {
    let text = gift_text(c.params.get("text"), c.params.get("text_parse_mode"), c.params.get("text_entities"))?;
    let receiver = match c.params.get("chat_id").filter(|v| !v.is_empty()) {
        Some(_) => match c.chat_to_read().await? {
            Conversation::Group(id) if c.platform.is_channel(Conversation::Group(id)).await? => Receiver::Channel(id),
            _ => return Err(ApiError::bad_request("PEER_ID_INVALID")),
        },
        None => {
            let user_id = msg_spec::args::to_integer(c.params.get("user_id").unwrap_or_default());
            if user_id <= 0 || user_id == c.user.id {
                return Err(ApiError::bad_request("invalid user_id specified"));
            }
            c.platform.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
            Receiver::Person(user_id)
        }
    };
    let sale = Sale {
        gift_id: c.params.get("gift_id").unwrap_or_default(),
        text: text.0,
        entities: text.1,
        pay_for_upgrade: c.params.boolean("pay_for_upgrade"),
        is_private: c.params.boolean("is_private"),
    };
    sell(&c.platform, &c.actor(), receiver, sale).await?;
    Ok(json!({"sent": true, "star_balance": crate::payments::ledger::stars(&c.platform, c.user.id).await?}))
}
