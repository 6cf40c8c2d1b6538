//! Managed bots (Bot API 9.6, 10.0): a bot with bot management on (`bot set --manage-bots on`,
//! getMe's `can_manage_bots`) shows people a `request_managed_bot` keyboard button; a person who
//! presses it creates a bot (the user-side `createManagedBot`) that this bot manages. The manager
//! hears of it (`managed_bot`, and the person's `managed_bot_created` service message in their
//! chat), reads and replaces the new bot's token (`getManagedBotToken`,
//! `replaceManagedBotToken`) and decides who may use it (`getManagedBotAccessSettings`,
//! `setManagedBotAccessSettings`; the owner always may), which every post to it obeys. Prepared
//! keyboard buttons (`prepared.rs`) are the same requests made from a Mini App: a managed bot,
//! users or a chat shared with the bot.

pub(crate) mod domain;
mod methods;
mod prepared;

use serde::{Deserialize, Serialize};

use crate::kernel::records::Table;

/// A managed bot: who manages it, who made it, and who may use it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Managed {
    pub manager: i64,
    pub owner: i64,
    /// Only the owner and `added` may use the bot.
    pub restricted: bool,
    pub added: Vec<i64>,
}

/// Managed bots: scope 0, key the managed bot's id.
pub(crate) const MANAGED: Table<Managed> = Table::new("managed_bot");
