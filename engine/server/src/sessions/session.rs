//! A bot's live state on this server: its mailbox, its settings (webhook, allowed_updates,
//! commands), the webhook's health, and whether it is logged out or closed. Settings persist in
//! the bot's own directory; the session itself is rebuilt from them on activation.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use msg_core::BotRecord;
use serde::{Deserialize, Serialize};

use msg_queue::Mailbox;

/// Update kinds a bot can receive, in the reference's bit order.
pub const UPDATE_KINDS: &[&str] = &[
    "message",
    "edited_message",
    "channel_post",
    "edited_channel_post",
    "inline_query",
    "chosen_inline_result",
    "callback_query",
    "custom_event",
    "custom_query",
    "shipping_query",
    "pre_checkout_query",
    "poll",
    "poll_answer",
    "my_chat_member",
    "chat_member",
    "chat_join_request",
    "chat_boost",
    "removed_chat_boost",
    "message_reaction",
    "message_reaction_count",
    "business_connection",
    "business_message",
    "edited_business_message",
    "deleted_business_messages",
    "purchased_paid_media",
    "managed_bot",
    "guest_message",
    // Bot API 10.2 and 10.3 (after the reference's 10.0).
    "subscription",
    "stopped_message_generation",
    // Bot API 10.4.
    "widget_query",
    "shared_widget_query",
];

/// Kinds left out of the default set.
const NOT_DEFAULT: &[&str] = &["chat_member", "message_reaction", "message_reaction_count"];

/// Bit mask of the default allowed updates.
pub fn default_mask() -> u32 {
    mask_of(UPDATE_KINDS.iter().copied().filter(|k| !NOT_DEFAULT.contains(k)))
}

pub fn mask_of<'a>(kinds: impl IntoIterator<Item = &'a str>) -> u32 {
    let mut mask = 0;
    for kind in kinds {
        if let Some(bit) = UPDATE_KINDS.iter().position(|k| k.eq_ignore_ascii_case(kind)) {
            mask |= 1 << bit;
        }
    }
    mask
}

pub fn kinds_of(mask: u32) -> Vec<&'static str> {
    UPDATE_KINDS.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, k)| *k).collect()
}

/// A webhook as configured by setWebhook; persisted as JSON under the `webhook` setting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Webhook {
    pub url: String,
    pub max_connections: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_address: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_token: Option<String>,
    /// Set with a `certificate`, kept as [`CERTIFICATE_FILE`] in the bot's directory.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub certificate: bool,
}

/// A webhook's uploaded certificate, in the bot's directory (as the reference names it), so it
/// moves with the bot.
pub const CERTIFICATE_FILE: &str = "cert.pem";

/// Webhook delivery health, for getWebhookInfo.
#[derive(Debug, Clone, Default)]
pub struct WebhookHealth {
    pub last_error_date: Option<i64>,
    pub last_error_message: Option<String>,
    pub active_connections: u32,
    /// The address setWebhook found for the webhook (getWebhookInfo's `ip_address`).
    pub ip_address: Option<String>,
}

/// Whether the bot may be used on this server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    Active,
    /// logOut was called at this unix time; requests get `400 Logged out` until the cool-down ends.
    LoggedOut {
        at: i64,
    },
}

impl Presence {
    /// As one word: `i64::MIN` for active, else the logOut time.
    pub(super) fn to_word(self) -> i64 {
        match self {
            Presence::Active => i64::MIN,
            Presence::LoggedOut { at } => at,
        }
    }

    fn from_word(word: i64) -> Self {
        match word {
            i64::MIN => Presence::Active,
            at => Presence::LoggedOut { at },
        }
    }
}

pub struct Settings {
    pub allowed_mask: u32,
    pub webhook: Option<Webhook>,
    pub last_set_webhook: Option<Instant>,
}

/// One bot's live state.
pub struct BotSession {
    pub bot: Arc<BotRecord>,
    pub mailbox: Arc<Mailbox>,
    pub settings: Mutex<Settings>,
    pub health: Mutex<WebhookHealth>,
    /// [`Presence`] as one word (`i64::MIN`: active; else the logOut time): read by every
    /// request, which a lock would have each one write.
    pub(super) presence: std::sync::atomic::AtomicI64,
    pub started: Instant,
    /// Cancels the webhook worker.
    pub webhook_stop: Mutex<Option<tokio_util::sync::CancellationToken>>,
    /// Held by `Sessions::reload` from its read of the stored settings to its change of these,
    /// so a reload that read before a change was committed cannot write its older values over
    /// those of the reload that change's notice started (which reads after it).
    pub(super) reloading: tokio::sync::Mutex<()>,
}

impl BotSession {
    pub fn allowed_mask(&self) -> u32 {
        self.settings.lock().expect("settings").allowed_mask
    }

    pub fn webhook(&self) -> Option<Webhook> {
        self.settings.lock().expect("settings").webhook.clone()
    }

    pub fn presence(&self) -> Presence {
        Presence::from_word(self.presence.load(std::sync::atomic::Ordering::Acquire))
    }

    pub fn set_presence(&self, presence: Presence) {
        self.presence.store(presence.to_word(), std::sync::atomic::Ordering::Release);
    }

    /// Whether updates of `kind` are queued for this bot.
    pub fn wants(&self, kind: &str) -> bool {
        let mask = self.allowed_mask();
        UPDATE_KINDS.iter().position(|k| *k == kind).is_none_or(|bit| mask & (1 << bit) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_set_leaves_out_three_kinds() {
        let kinds = kinds_of(default_mask());
        assert!(kinds.contains(&"message") && kinds.contains(&"callback_query"));
        assert!(!kinds.contains(&"chat_member") && !kinds.contains(&"message_reaction"));
        assert_eq!(kinds.len(), UPDATE_KINDS.len() - 3);
        assert_eq!(mask_of(["MESSAGE", "nonsense"]), 1);
    }
}
