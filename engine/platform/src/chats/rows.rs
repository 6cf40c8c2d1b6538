//! A group's stored rows: its invite links, join requests, forum topics, pins and the sender
//! chats it banned, one row each in this domain's tables. [`ChatDetails`] is assembled from the
//! chat's record and these rows when a writer ([`crate::chats::groups::GroupWrite`]) or a view
//! needs the lists; a writer's changes are stored as the rows that differ, so a new link, a
//! vote on one topic's name or one more person joining through a link writes that row alone.
//! Not a cache: rows are read from the storage each time.

use std::collections::BTreeMap;

use msg_core::{ApiError, Change, ChatRecord};

use crate::chats::standing::{ChatDetails, Invite, JoinRequest, Topic};
use crate::kernel::records::Table;
use crate::kernel::world::Platform;

/// A group's invite links, by link.
pub(super) const INVITES: Table<Invite> = Table::new("chat_invite");
/// People waiting for approval, by user id.
pub(super) const JOIN_REQUESTS: Table<JoinRequest> = Table::new("chat_join_request");
/// A forum's topics by thread id; the general topic's settings under [`GENERAL_KEY`].
pub(super) const TOPICS: Table<Topic> = Table::new("chat_topic");
/// Pinned messages by message id; the value is the pin's place (higher: pinned later).
pub(super) const PINS: Table<i64> = Table::new("chat_pin");
/// Sender chats banned from posting as themselves, by chat id.
pub(super) const BANNED_SENDERS: Table<()> = Table::new("chat_banned_sender");

/// The key of the general topic's row in [`TOPICS`].
pub(super) const GENERAL_KEY: &str = "general";

/// A group's rows, table by table, as stored or as a writer leaves them.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ChatRows {
    invites: BTreeMap<String, Invite>,
    requests: BTreeMap<String, JoinRequest>,
    topics: BTreeMap<String, Topic>,
    pins: BTreeMap<String, i64>,
    banned: BTreeMap<String, ()>,
}

impl ChatRows {
    /// The rows that hold `details`' lists. A pin keeps its stored place while the order allows,
    /// so pinning one more message writes its row only.
    pub(crate) fn of(details: &ChatDetails, stored: &ChatRows) -> Self {
        let keyed = |id: i64| id.to_string();
        let mut pins = BTreeMap::new();
        let mut highest = stored.pins.values().copied().max().unwrap_or(0);
        let mut last = i64::MIN;
        for id in &details.pinned {
            let place = match stored.pins.get(&keyed(*id)) {
                Some(place) if *place > last => *place,
                _ => {
                    highest = highest.max(last) + 1;
                    highest
                }
            };
            last = place;
            pins.insert(keyed(*id), place);
        }
        let mut topics: BTreeMap<String, Topic> = details.topics.iter().map(|t| (keyed(t.id), t.clone())).collect();
        if let Some(general) = &details.general {
            topics.insert(GENERAL_KEY.into(), general.clone());
        }
        Self {
            invites: details.invites.iter().map(|i| (i.link.clone(), i.clone())).collect(),
            requests: details.requests.iter().map(|r| (keyed(r.user_id), r.clone())).collect(),
            topics,
            pins,
            banned: details.banned_senders.iter().map(|id| (keyed(*id), ())).collect(),
        }
    }

    /// Puts the rows into `details`' lists, each in its order.
    fn fill(&self, details: &mut ChatDetails) {
        details.invites = self.invites.values().cloned().collect();
        details.requests = self.requests.values().cloned().collect();
        details.requests.sort_by_key(|r| (r.date, r.user_id));
        details.general = self.topics.get(GENERAL_KEY).cloned();
        details.topics = self.topics.iter().filter(|(k, _)| *k != GENERAL_KEY).map(|(_, t)| t.clone()).collect();
        details.topics.sort_by_key(|t| t.id);
        let mut pins: Vec<(i64, i64)> =
            self.pins.iter().filter_map(|(id, place)| Some((*place, id.parse().ok()?))).collect();
        pins.sort_unstable();
        details.pinned = pins.into_iter().map(|(_, id)| id).collect();
        details.banned_senders = self.banned.keys().filter_map(|id| id.parse().ok()).collect();
        details.banned_senders.sort_unstable();
    }

    /// The changes that store `new` over these rows in chat `chat_id`.
    pub(crate) fn changes(&self, chat_id: i64, new: &ChatRows) -> Vec<Change> {
        let mut changes = INVITES.diff(chat_id, &self.invites, &new.invites);
        changes.extend(JOIN_REQUESTS.diff(chat_id, &self.requests, &new.requests));
        changes.extend(TOPICS.diff(chat_id, &self.topics, &new.topics));
        changes.extend(PINS.diff(chat_id, &self.pins, &new.pins));
        changes.extend(BANNED_SENDERS.diff(chat_id, &self.banned, &new.banned));
        changes
    }
}

/// Group `chat_id`'s rows as stored.
async fn chat_rows(platform: &Platform, chat_id: i64) -> Result<ChatRows, ApiError> {
    let storage = platform.storage.as_ref();
    Ok(ChatRows {
        invites: INVITES.all(storage, chat_id).await?,
        requests: JOIN_REQUESTS.all(storage, chat_id).await?,
        topics: TOPICS.all(storage, chat_id).await?,
        pins: PINS.all(storage, chat_id).await?,
        banned: BANNED_SENDERS.all(storage, chat_id).await?,
    })
}

/// A group's details with its lists, and its rows as read.
pub(crate) async fn chat_details(platform: &Platform, chat: &ChatRecord) -> Result<(ChatDetails, ChatRows), ApiError> {
    let mut details = ChatDetails::parse(&chat.details);
    let rows = chat_rows(platform, chat.id).await?;
    rows.fill(&mut details);
    Ok((details, rows))
}

/// A record written before chats kept rows: its lists become rows and it keeps its own fields
/// (`chat` is changed, for the caller to store); nothing when it holds no lists.
pub(crate) fn split_legacy(chat: &mut ChatRecord) -> Vec<Change> {
    let details = ChatDetails::parse(&chat.details);
    if !details.has_rows() {
        return Vec::new();
    }
    let changes = ChatRows::default().changes(chat.id, &ChatRows::of(&details, &ChatRows::default()));
    chat.details = details.to_json();
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn details(pinned: &[i64]) -> ChatDetails {
        ChatDetails { pinned: pinned.to_vec(), ..ChatDetails::default() }
    }

    #[test]
    fn pinning_one_more_message_writes_its_row_alone() {
        let stored = ChatRows::of(&details(&[5, 3, 9]), &ChatRows::default());
        let more = ChatRows::of(&details(&[5, 3, 9, 2]), &stored);
        assert_eq!(stored.changes(-1, &more).len(), 1);
        // Pinned again, an older pin moves to the end: its row alone changes.
        let again = ChatRows::of(&details(&[3, 9, 2, 5]), &more);
        assert_eq!(more.changes(-1, &again).len(), 1);
        let mut read = ChatDetails::default();
        again.fill(&mut read);
        assert_eq!(read.pinned, vec![3, 9, 2, 5], "the order comes back");
        let fewer = ChatRows::of(&details(&[3, 2, 5]), &again);
        assert_eq!(again.changes(-1, &fewer), vec![PINS.delete(-1, "9")]);
    }

    #[test]
    fn a_record_with_lists_is_split_into_rows() {
        let legacy = r#"{"description":"d","pinned":[4,2],"invites":[{"link":"https://t.me/+a","creator":7}],
            "requests":[{"user_id":8,"date":1,"link":"https://t.me/+a"}],"is_forum":true,
            "topics":[{"id":3,"name":"T"}],"general":{"name":"G"},"banned_senders":[-100]}"#;
        let mut chat = ChatRecord::new(-1, "supergroup".into(), "S".into(), 1);
        chat.details = legacy.into();
        let changes = split_legacy(&mut chat);
        assert_eq!(changes.len(), 7, "two pins, a link, a request, two topics and a banned sender");
        assert_eq!(chat.details, r#"{"description":"d","is_forum":true}"#);
        assert!(split_legacy(&mut chat).is_empty(), "once only");
        let expected = ChatDetails::parse(legacy);
        let mut read = ChatDetails::parse(&chat.details);
        ChatRows::of(&expected, &ChatRows::default()).fill(&mut read);
        assert_eq!(read, expected);
    }
}
