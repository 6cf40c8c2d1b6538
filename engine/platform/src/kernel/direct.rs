//! Channels' direct-messages chats (Bot API 9.2): a supergroup of its own beside a channel
//! (`is_direct_messages`, `parent_chat`), where each person who writes has a topic of their own
//! (`direct_messages_topic`, its id the person's). The channel's administrators, bots included,
//! see every topic; a person sees only their own. That isolation is the kernel's because every
//! path that shows a message keeps it: delivery ([`Platform::direct_audience`]), history, and
//! every lookup of a message by its id on a person's behalf ([`Platform::hidden_from`]).

use msg_core::ApiError;
use msg_spec::types;

use crate::kernel::records::Table;
use crate::kernel::standing::ChatDetails;
use crate::kernel::world::{Conversation, Platform};

/// The topics of direct-messages chats, kept both ways: scope the chat, key the person (a topic
/// exists once its person wrote), and scope the person, key the chat (their chat list); the
/// value is when the topic began.
pub(crate) const DIRECT_TOPICS: Table<i64> = Table::new("direct_messages_topic");

/// A direct-messages chat as its writers need it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DirectChat {
    /// The chat itself.
    pub id: i64,
    /// Its channel.
    pub parent: i64,
}

impl Platform {
    /// The direct-messages chat `conversation` is, if it is one.
    pub(crate) async fn direct_chat(&self, conversation: Conversation) -> Result<Option<DirectChat>, ApiError> {
        let Conversation::Group(id) = conversation else { return Ok(None) };
        self.room(id, |room| {
            let chat = room.chat.as_ref().filter(|c| c.details.contains("\"parent_chat\""))?;
            let details = ChatDetails::parse(&chat.details);
            Some(DirectChat { id, parent: details.parent_chat? })
        })
        .await
    }

    /// Whether `user` administers `direct`'s channel (and so sees and answers every topic).
    pub(crate) async fn manages_direct(&self, direct: &DirectChat, user: i64) -> Result<bool, ApiError> {
        Ok(self.standing(direct.parent, user).await?.is_admin())
    }

    /// The one topic `viewer` sees of `conversation`: their own, in a direct-messages chat whose
    /// channel they do not administer; `None` where they see every message.
    pub(crate) async fn only_topic(&self, conversation: Conversation, viewer: i64) -> Result<Option<i64>, ApiError> {
        match self.direct_chat(conversation).await? {
            Some(direct) if !self.manages_direct(&direct, viewer).await? => Ok(Some(viewer)),
            _ => Ok(None),
        }
    }

    /// Whether `message` of `conversation` is hidden from `viewer`: a message of a
    /// direct-messages chat's topic other than the viewer's own, when the viewer does not
    /// administer its channel.
    pub(crate) async fn hidden_from(
        &self,
        conversation: Conversation,
        message: &types::Message,
        viewer: i64,
    ) -> Result<bool, ApiError> {
        // Only a message of a topic other than the viewer's asks who the viewer is.
        if message.direct_messages_topic.as_ref().is_none_or(|t| t.topic_id == viewer) {
            return Ok(false);
        }
        Ok(!shown_in(message, self.only_topic(conversation, viewer).await?))
    }

    /// Who is told of a message in topic `topic` of `direct`: the topic's person and the
    /// channel's administrators (people and bots).
    pub(crate) async fn direct_audience(&self, direct: &DirectChat, topic: i64) -> Result<Vec<i64>, ApiError> {
        let mut audience: Vec<i64> =
            self.standings(direct.parent).await?.into_iter().filter(|(_, s)| s.is_admin()).map(|(id, _)| id).collect();
        if !audience.contains(&topic) {
            audience.push(topic);
        }
        Ok(audience)
    }

    /// Whether person `person` has a topic in direct-messages chat `chat_id`.
    pub(crate) async fn has_direct_topic(&self, chat_id: i64, person: i64) -> Result<bool, ApiError> {
        Ok(DIRECT_TOPICS.get(self.storage.as_ref(), chat_id, &person.to_string()).await?.is_some())
    }
}

/// Whether `message` shows to a viewer who sees only topic `only` (see
/// [`Platform::only_topic`]; `None`: every message).
pub(crate) fn shown_in(message: &types::Message, only: Option<i64>) -> bool {
    match (only, message.direct_messages_topic.as_deref()) {
        (Some(only), Some(topic)) => topic.topic_id == only,
        _ => true,
    }
}
