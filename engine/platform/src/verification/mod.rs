//! Verification: the operator makes a bot a verification organisation (the operator API's
//! `setVerificationOrganization`, as the platform's team does for real organisations), and the
//! bot verifies people and chats on its behalf (`verifyUser`, `verifyChat`) or takes its
//! verification back (`removeUserVerification`, `removeChatVerification`). A person sees who
//! verified a user or a chat, with the organisation's description, through `getVerification`.
//!
//! An organisation is one row of [`ORGANIZATIONS`]; a verified person or chat one row of
//! [`VERIFIED`] (one organisation at a time, as on the platform: a later verification by another
//! organisation replaces it).

pub(crate) mod domain;
mod methods;

use serde::{Deserialize, Serialize};

use crate::kernel::records::Table;
use crate::kernel::world::Conversation;

/// The verification organisations: scope 0, key the bot's id.
const ORGANIZATIONS: Table<Organization> = Table::new("verification_organization");
/// The verified: scope the person's or chat's id, key "" (one organisation at a time).
const VERIFIED: Table<Verified> = Table::new("verification");

/// What the operator allowed an organisation.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct Organization {
    /// Whether it may give a verification a description of its own (`custom_description`).
    can_set_custom_description: bool,
}

/// A verification: by which organisation (a bot), with its description.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct Verified {
    bot_id: i64,
    custom_description: String,
}

/// The longest description an organisation may give (the Bot API's 0-70 characters).
const MOST_DESCRIPTION: usize = 70;

/// The person or chat a conversation names as `viewer` sees it: a private chat is the other
/// person in it.
fn target_of(conversation: Conversation, viewer: i64) -> i64 {
    match conversation {
        Conversation::Group(id) => id,
        private => private.chat_id_for(viewer),
    }
}
