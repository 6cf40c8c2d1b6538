//! Guest mode (Bot API 10.0): a bot with guest queries on (`bot set --guest-queries on`, getMe's
//! `supports_guest_queries`) is summoned by a person's mention of it in a group or supergroup it
//! is not a member of. It gets the message as `guest_message`, with a `guest_query_id`, and
//! answers it once with `answerGuestQuery` (inline's: an inline query result), which posts the
//! answer in that group as the bot, replying to the mention and naming who called it
//! (`guest_bot_caller_user`). A query is a row stored with the mention's act, so it holds across a
//! restart; it is answered once, within the day the update lives. Channels and private chats
//! summon nobody (a guest in two people's chat would be a third party neither of them chose).

use msg_core::ApiError;
use msg_spec::types::Message;
use serde::{Deserialize, Serialize};

use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::world::{Conversation, MESSAGE_TTL, Platform, now};

/// Open guest queries: scope 0, key the query id.
pub(crate) const GUEST_QUERIES: Table<GuestQuery> = Table::new("guest_query");

/// A guest bot's query: where it was summoned, by whom, and to what message.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct GuestQuery {
    pub bot: i64,
    pub chat: i64,
    pub message_id: i64,
    pub caller: i64,
    pub date: i64,
}

impl GuestQuery {
    /// Whether `bot_id` may still answer it (its update's day is not over).
    pub(crate) fn open_to(&self, bot_id: i64) -> bool {
        self.bot == bot_id && now() - self.date <= MESSAGE_TTL
    }
}

/// The usernames a message mentions (`@name` entities), lower case.
fn mentioned(message: &Message) -> Vec<String> {
    let Some(text) = message.text.as_deref().or(message.caption.as_deref()) else { return Vec::new() };
    let units: Vec<u16> = text.encode_utf16().collect();
    let entities = message.entities.iter().chain(message.caption_entities.iter()).flatten();
    entities
        .filter(|e| e.r#type == "mention")
        .filter_map(|e| {
            let (offset, length) = (e.offset.max(0) as usize, e.length.max(0) as usize);
            let piece = String::from_utf16_lossy(units.get(offset..offset + length)?);
            Some(piece.trim_start_matches('@').to_ascii_lowercase())
        })
        .collect()
}

/// A guest bot a message summoned: the bot and its new query's id (its row is in the act).
pub(super) struct Summoned {
    pub bot: std::sync::Arc<msg_core::BotRecord>,
    pub query_id: String,
}

/// The guest bots a person's new `message` in `conversation` summons: bots with guest mode on,
/// mentioned by username, not members of the chat, that take `guest_message`; each query's row is
/// added to `act` (the caller tells each bot, in the same act).
pub(super) async fn summon(
    platform: &Platform,
    act: &mut Act,
    sender: i64,
    conversation: Conversation,
    message: &Message,
) -> Result<Vec<Summoned>, ApiError> {
    let Conversation::Group(chat_id) = conversation else { return Ok(Vec::new()) };
    // Bots' usernames end in `bot`: a message that mentions only people lists no bots.
    let mut names = mentioned(message);
    names.retain(|name| name.ends_with("bot"));
    if names.is_empty() || platform.user(sender).await?.is_none() || platform.is_channel(conversation).await? {
        return Ok(Vec::new());
    }
    let bots = platform.storage.list_bots().await.map_err(crate::internal)?;
    let mut summoned = Vec::new();
    for listed in bots.iter().filter(|b| !b.revoked && names.contains(&b.username.to_ascii_lowercase())) {
        let Some(bot) = platform.bot_record(listed.id).await? else { continue };
        // A member hears it as a member does; only a bot outside the chat is a guest.
        if platform.standing(chat_id, bot.id).await?.present()
            || !platform.bot_flags(bot.id).await?.guest_queries
            || !platform.updates.accepts(&bot, "guest_message").await?
        {
            continue;
        }
        let query_id = format!("{}", msg_core::random::next_u64() >> 1);
        let query =
            GuestQuery { bot: bot.id, chat: chat_id, message_id: message.message_id, caller: sender, date: now() };
        act.change(GUEST_QUERIES.put(0, &query_id, &query));
        summoned.push(Summoned { bot, query_id });
    }
    Ok(summoned)
}
