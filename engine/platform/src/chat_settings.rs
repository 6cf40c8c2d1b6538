//! A chat's own settings: permissions, title, description, photo and pinned messages, changed
//! by those with the right (`can_restrict_members`, `can_change_info`, `can_pin_messages`), with
//! the service messages the public platform posts.

use msg_core::{ApiError, Change, ChatRecord};
use msg_spec::types;
use serde_json::{Value, json};

use crate::internal;
use crate::standing::{ChatDetails, all_permissions, restrict_right};
use crate::stored::decode;
use crate::world::{Actor, Content, Conversation, Platform};

impl Platform {
    // ---------------------------------------------------------------- the chat's own settings

    pub(crate) async fn put_group(&self, chat: ChatRecord) -> Result<(), ApiError> {
        self.storage.apply(vec![Change::PutChat(chat.clone())]).await.map_err(internal)?;
        let cell = self.directory().await?;
        self.dir(cell).chats.insert(chat.id, chat);
        Ok(())
    }

    /// The chat-wide permissions of a group (every permission in a private chat).
    pub(crate) async fn chat_permissions(
        &self,
        conversation: Conversation,
    ) -> Result<types::ChatPermissions, ApiError> {
        match conversation {
            Conversation::Group(id) => Ok(ChatDetails::parse(&self.group(id).await?.details).permissions()),
            Conversation::Private(..) => Ok(all_permissions(true)),
        }
    }

    /// setChatPermissions.
    pub async fn set_permissions(
        &self,
        actor: &Actor,
        conversation: Conversation,
        permissions: types::ChatPermissions,
    ) -> Result<(), ApiError> {
        let mut chat = self.group_for(conversation, "can't change private chat permissions", None).await?;
        if !self.standing(chat.id, actor.id()).await?.may(restrict_right) {
            return Err(ApiError::bad_request("not enough rights to change chat permissions"));
        }
        let mut details = ChatDetails::parse(&chat.details);
        if details.permissions() == permissions {
            return Ok(());
        }
        details.permissions = Some(permissions);
        chat.details = details.to_json();
        self.put_group(chat).await
    }

    /// setChatTitle: posts `new_chat_title`.
    pub async fn set_title(&self, actor: &Actor, conversation: Conversation, title: &str) -> Result<(), ApiError> {
        let title: String = title.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(128).collect();
        if title.is_empty() {
            return Err(ApiError::bad_request("title must be non-empty"));
        }
        let mut chat = self.group_for(conversation, "can't change private chat title", None).await?;
        if !self.standing(chat.id, actor.id()).await?.may(|r| r.can_change_info) {
            return Err(ApiError::bad_request("not enough rights to change chat title"));
        }
        if chat.title == title {
            return Ok(());
        }
        chat.title = title.clone();
        self.put_group(chat).await?;
        let service = types::Message { new_chat_title: Some(title), ..Default::default() };
        self.post(actor, conversation, Content::of(service)).await?;
        Ok(())
    }

    /// setChatDescription.
    pub async fn set_description(
        &self,
        actor: &Actor,
        conversation: Conversation,
        description: &str,
    ) -> Result<(), ApiError> {
        let mut chat = self.group_for(conversation, "can't change private chat description", None).await?;
        if !self.standing(chat.id, actor.id()).await?.may(|r| r.can_change_info) {
            return Err(ApiError::bad_request("not enough rights to set chat description"));
        }
        let description: String = description.trim().chars().take(255).collect();
        let mut details = ChatDetails::parse(&chat.details);
        if details.description.as_deref().unwrap_or_default() == description {
            return Err(ApiError::bad_request("chat description is not modified"));
        }
        details.description = Some(description).filter(|d| !d.is_empty());
        chat.details = details.to_json();
        self.put_group(chat).await
    }

    /// setChatPhoto (`photo` given: the sizes of the stored upload) or deleteChatPhoto; posts
    /// `new_chat_photo` or `delete_chat_photo`.
    pub async fn set_photo(
        &self,
        actor: &Actor,
        conversation: Conversation,
        photo: Option<Value>,
    ) -> Result<(), ApiError> {
        let private =
            if photo.is_some() { "can't change private chat photo" } else { "can't delete private chat photo" };
        let mut chat = self.group_for(conversation, private, None).await?;
        if !self.standing(chat.id, actor.id()).await?.may(|r| r.can_change_info) {
            return Err(ApiError::bad_request("not enough rights to change chat photo"));
        }
        let mut details = ChatDetails::parse(&chat.details);
        if photo.is_none() && details.photo.is_none() {
            return Err(ApiError::bad_request("CHAT_NOT_MODIFIED"));
        }
        details.photo = photo.clone();
        chat.details = details.to_json();
        self.put_group(chat).await?;
        let service = match photo {
            Some(sizes) => types::Message { new_chat_photo: Some(decode(sizes, "chat photo")?), ..Default::default() },
            None => types::Message { delete_chat_photo: Some(true), ..Default::default() },
        };
        self.post(actor, conversation, Content::of(service)).await?;
        Ok(())
    }

    /// The chat's photo as `viewer` sees it (`ChatPhoto`), linking it into a bot's directory.
    pub(crate) async fn chat_photo(
        &self,
        details: &ChatDetails,
        viewer: i64,
    ) -> Result<Option<types::ChatPhoto>, ApiError> {
        let Some(sizes) = &details.photo else { return Ok(None) };
        let mut holder = json!({ "photo": sizes });
        let is_bot = self.bot_record(viewer).await?.is_some();
        self.files.adopt(&mut holder, viewer, is_bot).await?;
        let sizes = holder["photo"].as_array().cloned().unwrap_or_default();
        let (Some(small), Some(big)) = (sizes.first(), sizes.last()) else { return Ok(None) };
        let text = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_owned();
        Ok(Some(types::ChatPhoto {
            small_file_id: text(small, "file_id"),
            small_file_unique_id: text(small, "file_unique_id"),
            big_file_id: text(big, "file_id"),
            big_file_unique_id: text(big, "file_unique_id"),
        }))
    }

    /// May `actor` manage pinned messages here?
    async fn may_pin(&self, actor: &Actor, conversation: Conversation) -> Result<(), ApiError> {
        let Conversation::Group(id) = conversation else { return Ok(()) };
        let chat = self.group(id).await?;
        let standing = self.standing(id, actor.id()).await?;
        let permissions = ChatDetails::parse(&chat.details).permissions();
        let allowed = if chat.kind == "supergroup" {
            standing.may(|r| r.can_pin_messages.unwrap_or(false))
                || (!standing.is_admin() && standing.allowed(&permissions, |p| p.can_pin_messages.unwrap_or(false)))
        } else {
            standing.is_admin() || standing.allowed(&permissions, |p| p.can_pin_messages.unwrap_or(false))
        };
        if allowed {
            Ok(())
        } else {
            Err(ApiError::bad_request("not enough rights to manage pinned messages in the chat"))
        }
    }

    async fn pins(&self, conversation: Conversation) -> Result<(Option<ChatRecord>, ChatDetails), ApiError> {
        match conversation {
            Conversation::Group(id) => {
                let chat = self.group(id).await?;
                let details = ChatDetails::parse(&chat.details);
                Ok((Some(chat), details))
            }
            // Pins in private chats are shown (the service message) but not kept.
            Conversation::Private(..) => Ok((None, ChatDetails::default())),
        }
    }

    async fn put_pins(&self, chat: Option<ChatRecord>, details: ChatDetails) -> Result<(), ApiError> {
        match chat {
            Some(mut chat) => {
                chat.details = details.to_json();
                self.put_group(chat).await
            }
            None => Ok(()),
        }
    }

    /// pinChatMessage: posts the `pinned_message` service message.
    pub async fn pin(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        silent: bool,
    ) -> Result<(), ApiError> {
        let Some(mut message) = self.load_message(conversation, message_id).await? else {
            return Err(ApiError::bad_request("message to pin not found"));
        };
        if crate::stored::is_service(&message) {
            return Err(ApiError::bad_request("service messages can't be pinned"));
        }
        self.may_pin(actor, conversation).await?;
        let (chat, mut details) = self.pins(conversation).await?;
        details.pinned.retain(|id| *id != message_id);
        details.pinned.push(message_id);
        self.put_pins(chat, details).await?;
        // The pinned message comes without the message it replies to, as the Bot API says.
        message.reply_to_message = None;
        let pinned = types::MaybeInaccessibleMessage::Message(message);
        let service = types::Message { pinned_message: Some(Box::new(pinned)), ..Default::default() };
        let _ = silent;
        self.post(actor, conversation, Content::of(service)).await?;
        Ok(())
    }

    /// unpinChatMessage: `message_id` 0 unpins the most recent pin.
    pub async fn unpin(&self, actor: &Actor, conversation: Conversation, message_id: i64) -> Result<(), ApiError> {
        let (chat, mut details) = self.pins(conversation).await?;
        let target = if message_id == 0 { details.pinned.last().copied() } else { Some(message_id) };
        let Some(target) = target.filter(|t| details.pinned.contains(t) || message_id != 0) else {
            return Err(ApiError::bad_request("message to unpin not found"));
        };
        if self.load_message(conversation, target).await?.is_none() {
            return Err(ApiError::bad_request("message to unpin not found"));
        }
        self.may_pin(actor, conversation).await?;
        details.pinned.retain(|id| *id != target);
        self.put_pins(chat, details).await
    }

    /// unpinAllChatMessages.
    pub async fn unpin_all(&self, actor: &Actor, conversation: Conversation) -> Result<(), ApiError> {
        self.may_pin(actor, conversation).await?;
        let (chat, mut details) = self.pins(conversation).await?;
        details.pinned.clear();
        self.put_pins(chat, details).await
    }
}
