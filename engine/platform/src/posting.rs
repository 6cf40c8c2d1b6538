//! Messages on the embedded platform: each one posted into a conversation (with the sender's
//! checks: permissions, topics, sending as a channel), stored once, and delivered to every other
//! participant as they see it (the `chat` per viewer, file ids per recipient, privacy mode for
//! bots, `channel_post` in channels); edits and deletions the same way.

use msg_core::{ApiError, BotRecord, Change, MessageRecord, NewUpdate};
use msg_spec::types;
use serde_json::{Map, Value, json};

use crate::entities;
use crate::internal;
use crate::world::{Actor, Content, Conversation, MESSAGE_TTL, Platform, channel_bot, now, typed, with_chat};

impl Platform {
    // ---------------------------------------------------------------- messages

    /// A stored message (without `chat`).
    pub async fn load_message(&self, conversation: Conversation, message_id: i64) -> Result<Option<Value>, ApiError> {
        let stored = self.storage.load_message(&conversation.key(), message_id).await.map_err(internal)?;
        Ok(stored.and_then(|s| serde_json::from_str(&s).ok()))
    }

    /// Posts a new message from `actor` into `conversation`; returns it as the sender sees it.
    pub async fn post(&self, actor: &Actor, conversation: Conversation, content: Content) -> Result<Value, ApiError> {
        let mut content = content;
        if content.service.is_none() {
            let field = content
                .media
                .as_ref()
                .and_then(|m| m.keys().find(|k| !k.starts_with("media_group") && *k != "forward_origin").cloned());
            self.may_send(actor, conversation, field.as_deref().unwrap_or("text")).await?;
            content.thread = self.thread_for(actor, conversation, content.thread.unwrap_or(0)).await?;
            if let Some(channel) = content.sender_chat {
                self.may_send_as(actor, conversation, channel).await?;
            }
        }
        let cell = self.directory().await?;
        let mut stored = Map::new();
        let message_id = {
            let mut dir = self.dir(cell);
            let counter = dir.last_message_id.entry(conversation.key()).or_insert(0);
            *counter += 1;
            *counter
        };
        let thread = match content.thread {
            Some(0) => Some(message_id),
            other => other,
        };
        stored.insert("message_id".into(), message_id.into());
        if let Some(thread) = thread {
            stored.insert("message_thread_id".into(), thread.into());
        }
        // A channel's posts come from the channel itself; a post in a group on behalf of a
        // channel carries the channel and, for older clients, the platform's placeholder user.
        if self.is_channel(conversation).await? {
            stored.insert("sender_chat".into(), self.chat_json(conversation, actor.id()).await?);
        } else if let Some(channel) = content.sender_chat {
            stored.insert("from".into(), typed(&channel_bot()));
            stored.insert("sender_chat".into(), self.chat_json(Conversation::Group(channel), actor.id()).await?);
        } else {
            stored.insert("from".into(), actor.json());
        }
        stored.insert("date".into(), now().into());
        if thread.is_some() {
            stored.insert("is_topic_message".into(), true.into());
        }
        if let Some(reply_to) = content.reply_to {
            // A reply to a message of another chat is an external reply (origin, chat, id).
            let other = match content.reply_chat.as_deref() {
                Some(chat) if chat != conversation.chat_id_for(actor.id()).to_string() => {
                    Some(self.resolve_chat(actor, chat).await?)
                }
                _ => None,
            };
            let source = other.unwrap_or(conversation);
            match self.load_message(source, reply_to).await? {
                Some(original) => {
                    if let Some(quote) = &content.quote {
                        let quoted = original.get("text").or_else(|| original.get("caption")).and_then(Value::as_str);
                        if !quoted.is_some_and(|t| t.contains(&quote.text)) {
                            return Err(ApiError::bad_request("QUOTE_TEXT_INVALID"));
                        }
                    }
                    if other.is_some() {
                        stored
                            .insert("external_reply".into(), self.external_reply(source, &original, actor.id()).await?);
                    } else {
                        stored.insert("reply_to_message".into(), original);
                    }
                    if let Some(quote) = &content.quote {
                        // Entities were normalised when the quote was read: they are the schema's.
                        let entities = quote
                            .entities
                            .clone()
                            .filter(|e| e.as_array().is_some_and(|a| !a.is_empty()))
                            .map(serde_json::from_value)
                            .transpose()
                            .map_err(|e| ApiError::bad_request(format!("can't parse quote entities: {e}")))?;
                        let quote = types::TextQuote {
                            text: quote.text.clone(),
                            entities,
                            position: quote.position,
                            is_manual: Some(true),
                        };
                        stored.insert("quote".into(), typed(&quote));
                    }
                }
                None if content.allow_without_reply => {}
                None => return Err(ApiError::bad_request("message to be replied not found")),
            }
        }
        let entities = match content.entities {
            Some(Value::Array(entities)) => Some(Value::Array(self.mentions(entities).await?)),
            other => other,
        };
        if let Some(service) = content.service {
            stored.extend(service);
        } else if let Some(media) = content.media {
            stored.extend(media);
            put_caption(&mut stored, content.text, entities);
        } else {
            stored.insert("text".into(), content.text.clone().into());
            if let Some(entities) = entities.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
                stored.insert("entities".into(), entities);
            }
        }
        // Options that apply: a preview's options to text, a caption's place to media.
        for (field, value) in content.extra {
            let applies = match field.as_str() {
                "link_preview_options" => stored.contains_key("text"),
                "show_caption_above_media" => stored.contains_key("caption"),
                _ => true,
            };
            if applies {
                stored.insert(field, value);
            }
        }
        if content.protect {
            stored.insert("has_protected_content".into(), true.into());
        }
        // Inline keyboards belong to the message; reply keyboards (and their removal, and
        // force_reply) are shown to the people in the chat only, as on the public platform.
        let mut keyboard = None;
        match content.reply_markup {
            Some(markup) if markup.get("inline_keyboard").is_some() => {
                stored.insert("reply_markup".into(), markup);
            }
            other => keyboard = other,
        }
        let stored = Value::Object(stored);
        let record = MessageRecord { conversation: conversation.key(), message_id, payload: stored.to_string() };
        let changes = vec![Change::PutMessage(record)];
        self.deliver(actor.id(), conversation, &stored, keyboard.as_ref(), "message", changes).await?;
        let chat = self.chat_json(conversation, actor.id()).await?;
        Ok(with_chat(&stored, &chat))
    }

    /// Entities that name a user (`text_mention`, and `text_link`s to `tg://user?id=`) become
    /// `text_mention`s with the user's `User` object when the platform knows that person or bot;
    /// otherwise they are dropped (as the platform drops mentions of unknown users).
    async fn mentions(&self, entities: Vec<Value>) -> Result<Vec<Value>, ApiError> {
        let mut out = Vec::with_capacity(entities.len());
        for mut entity in entities {
            let user_id = match entity["type"].as_str() {
                Some("text_mention") => entity["user"]["id"].as_i64(),
                Some("text_link") => entity["url"].as_str().and_then(entities::mentioned_user),
                _ => {
                    out.push(entity);
                    continue;
                }
            };
            match user_id {
                Some(id) => {
                    if let Some(user) = self.participant(id).await? {
                        let fields = entity.as_object_mut().expect("entities are objects");
                        fields.remove("url");
                        fields.insert("type".into(), "text_mention".into());
                        fields.insert("user".into(), typed(&user));
                        out.push(entity);
                    }
                }
                None => out.push(entity),
            }
        }
        Ok(out)
    }

    /// A message `actor` sent, loaded for editing.
    async fn own_message(&self, actor: &Actor, conversation: Conversation, message_id: i64) -> Result<Value, ApiError> {
        let stored = self
            .load_message(conversation, message_id)
            .await?
            .ok_or_else(|| ApiError::bad_request("message to edit not found"))?;
        // At any time: the 48-hour limit of the Bot API is for business messages only.
        let allowed = match self.manages_channel_post(actor.id(), conversation, &stored).await? {
            Some(allowed) => allowed,
            // A message sent via a bot (inline mode) is edited by that bot.
            None => {
                stored["from"]["id"].as_i64() == Some(actor.id())
                    || stored["via_bot"]["id"].as_i64() == Some(actor.id())
            }
        };
        if !allowed {
            return Err(ApiError::bad_request("message can't be edited"));
        }
        Ok(stored)
    }

    /// For a channel's post (which carries no author), whether `user_id` is one of the channel's
    /// administrators who may edit or post, and so edit it or stop its poll; `None` for any
    /// other message.
    pub(crate) async fn manages_channel_post(
        &self,
        user_id: i64,
        conversation: Conversation,
        stored: &Value,
    ) -> Result<Option<bool>, ApiError> {
        let Conversation::Group(id) = conversation else { return Ok(None) };
        if stored.get("from").is_some() || !self.is_channel(conversation).await? {
            return Ok(None);
        }
        let standing = self.standing(id, user_id).await?;
        Ok(Some(standing.may(|r| r.can_edit_messages.unwrap_or(false) || r.can_post_messages.unwrap_or(false))))
    }

    /// Stores an edited message, sends `edited_message` to the others and returns it as the
    /// editor sees it. An edit that changes nothing (content, entities, keyboard) is refused
    /// with the reference's "message is not modified".
    async fn publish_edit(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        original: &Value,
        mut stored: Value,
    ) -> Result<Value, ApiError> {
        if same_but_edit_date(original, &stored) {
            return Err(not_modified());
        }
        stored.as_object_mut().expect("stored messages are objects").insert("edit_date".into(), now().into());
        let record = MessageRecord { conversation: conversation.key(), message_id, payload: stored.to_string() };
        let changes = vec![Change::PutMessage(record)];
        self.deliver(actor.id(), conversation, &stored, None, "edited_message", changes).await?;
        let chat = self.chat_json(conversation, actor.id()).await?;
        Ok(with_chat(&stored, &chat))
    }

    /// Edits a message's text (only its sender may); returns it as the editor sees it.
    pub async fn edit_text(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        text: String,
        entities: Option<Value>,
        keyboard: Keyboard,
    ) -> Result<Value, ApiError> {
        let original = self.own_message(actor, conversation, message_id).await?;
        if original.get("text").is_none() {
            return Err(ApiError::bad_request("there is no text in the message to edit"));
        }
        let mut stored = original.clone();
        let fields = stored.as_object_mut().expect("stored messages are objects");
        fields.insert("text".into(), text.into());
        match entities.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
            Some(e) => {
                fields.insert("entities".into(), e);
            }
            None => {
                fields.remove("entities");
            }
        }
        if let Keyboard::Replace(markup) = keyboard {
            set_markup(fields, markup);
        }
        self.publish_edit(actor, conversation, message_id, &original, stored).await
    }

    /// Replaces a message's media and caption (`content.media`, `text`, `entities`, and
    /// `reply_markup` when given; only its sender may); returns it as the editor sees it.
    pub async fn edit_media(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        content: Content,
    ) -> Result<Value, ApiError> {
        let original = self.own_message(actor, conversation, message_id).await?;
        let mut stored = original.clone();
        let fields = stored.as_object_mut().expect("stored messages are objects");
        if !crate::files::Kind::ALL.iter().any(|k| fields.contains_key(k.field())) {
            return Err(ApiError::bad_request("there is no media in the message to edit"));
        }
        for kind in crate::files::Kind::ALL {
            fields.remove(kind.field());
        }
        fields.remove("caption");
        fields.remove("caption_entities");
        fields.extend(content.media.unwrap_or_default());
        put_caption(fields, content.text, content.entities);
        set_markup(fields, content.reply_markup);
        self.publish_edit(actor, conversation, message_id, &original, stored).await
    }

    /// Deletes a message (its sender's own, or any in a private chat, as people may).
    pub async fn delete(&self, actor: &Actor, conversation: Conversation, message_id: i64) -> Result<(), ApiError> {
        let stored = self
            .load_message(conversation, message_id)
            .await?
            .ok_or_else(|| ApiError::bad_request("message to delete not found"))?;
        self.may_delete(actor, conversation, &stored).await?;
        self.storage
            .apply(vec![Change::DeleteMessage { conversation: conversation.key(), message_id }])
            .await
            .map_err(internal)?;
        // People in the chat see the deletion; bots get no update for it (as on the platform).
        for member in self.participants(conversation).await? {
            if member != actor.id() && self.user(member).await?.is_some() {
                let chat = self.chat_json(conversation, member).await?;
                let payload = json!({"chat": chat, "message_ids": [message_id]}).to_string();
                let mailbox = self.user_mailbox(member).await?;
                mailbox
                    .push(&self.storage, "deleted_messages", payload, 0, now() + MESSAGE_TTL, Vec::new())
                    .await
                    .map_err(internal)?;
            }
        }
        Ok(())
    }

    /// The public platform's deletion rules: nothing older than 48 hours; in private chats
    /// anything; in groups one's own messages, or anyone's as an administrator (in a supergroup
    /// or channel with `can_delete_messages`; a channel's posts also by its posting
    /// administrators).
    pub(crate) async fn may_delete(
        &self,
        actor: &Actor,
        conversation: Conversation,
        stored: &Value,
    ) -> Result<(), ApiError> {
        let refused = || ApiError::bad_request("message can't be deleted");
        if past_deletion_window(stored, now()) {
            return Err(refused());
        }
        let Conversation::Group(id) = conversation else { return Ok(()) };
        let standing = self.standing(id, actor.id()).await?;
        let own = stored["from"]["id"].as_i64() == Some(actor.id());
        let allowed = match self.group(id).await?.kind.as_str() {
            "group" => own || standing.is_admin(),
            "channel" => standing.may(|r| r.can_delete_messages || r.can_post_messages.unwrap_or(false)),
            _ => own || standing.may(|r| r.can_delete_messages),
        };
        if allowed { Ok(()) } else { Err(refused()) }
    }

    /// Edits a media message's caption (its sender only); an empty caption removes it.
    pub async fn edit_caption(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        caption: String,
        entities: Option<Value>,
        reply_markup: Option<Value>,
    ) -> Result<Value, ApiError> {
        let original = self.own_message(actor, conversation, message_id).await?;
        if original.get("text").is_some() || original.get("new_chat_members").is_some() {
            return Err(ApiError::bad_request("there is no caption in the message to edit"));
        }
        let mut stored = original.clone();
        let fields = stored.as_object_mut().expect("stored messages are objects");
        fields.remove("caption");
        fields.remove("caption_entities");
        put_caption(fields, caption, entities);
        set_markup(fields, reply_markup);
        self.publish_edit(actor, conversation, message_id, &original, stored).await
    }

    /// Moves (`to`: latitude, longitude, accuracy) or stops (`None`) a live location of its
    /// sender's while it is live.
    pub async fn edit_live_location(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        to: Option<Map<String, Value>>,
        reply_markup: Option<Value>,
    ) -> Result<Value, ApiError> {
        let original = self.own_message(actor, conversation, message_id).await?;
        let mut stored = original.clone();
        let live_until = stored["date"].as_i64().unwrap_or(0) + stored["location"]["live_period"].as_i64().unwrap_or(0);
        if stored["location"]["live_period"].as_i64().is_none() || live_until <= now() {
            return Err(ApiError::bad_request("there is no live location in the message to edit"));
        }
        let location = stored["location"].as_object_mut().expect("checked above");
        match to {
            Some(to) => location.extend(to),
            None => {
                // Stopped: the location stays where it was, no longer live.
                for field in ["live_period", "heading", "proximity_alert_radius"] {
                    location.remove(field);
                }
            }
        }
        set_markup(stored.as_object_mut().expect("stored messages are objects"), reply_markup);
        self.publish_edit(actor, conversation, message_id, &original, stored).await
    }

    /// A draft streamed to the people of a conversation (`message_draft` in their updates).
    pub async fn draft(
        &self,
        actor: &Actor,
        conversation: Conversation,
        draft_id: i64,
        text: String,
        entities: Option<Value>,
    ) -> Result<(), ApiError> {
        if draft_id == 0 {
            return Err(ApiError::bad_request("DRAFT_ID_INVALID"));
        }
        for member in self.participants(conversation).await? {
            if member != actor.id() && self.user(member).await?.is_some() {
                let chat = self.chat_json(conversation, member).await?;
                let mut draft = json!({"chat": chat, "from": actor.json(), "draft_id": draft_id, "text": text});
                if let Some(entities) = entities.clone().filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
                    draft["entities"] = entities;
                }
                let mailbox = self.user_mailbox(member).await?;
                mailbox
                    .push(&self.storage, "message_draft", draft.to_string(), 0, now() + 60, Vec::new())
                    .await
                    .map_err(internal)?;
            }
        }
        Ok(())
    }

    /// Replaces (or with `None` removes) a message's inline keyboard (its sender only).
    pub async fn edit_markup(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        reply_markup: Option<Value>,
    ) -> Result<Value, ApiError> {
        let original = self.own_message(actor, conversation, message_id).await?;
        let mut stored = original.clone();
        set_markup(stored.as_object_mut().expect("stored messages are objects"), reply_markup);
        self.publish_edit(actor, conversation, message_id, &original, stored).await
    }

    /// Forwards (`copy` false) or copies a message into `to`: the content as it is (a copy
    /// without its origin, with `caption` replacing a caption when given), as a new message of
    /// `actor`'s.
    pub async fn forward(
        &self,
        actor: &Actor,
        from: Conversation,
        message_id: i64,
        to: Conversation,
        copy: Option<Option<(String, Option<Value>)>>,
        mut content: Content,
    ) -> Result<Value, ApiError> {
        let what = if copy.is_some() { "message to copy" } else { "message to forward" };
        // The album the caller puts it in (forwardMessages, copyMessages), never the original's.
        let album = content.media.take().and_then(|mut m| m.remove("media_group_id"));
        let Some(original) = self.load_message(from, message_id).await? else {
            return Err(ApiError::bad_request(format!("{what} not found")));
        };
        if original.get("has_protected_content").is_some() {
            return Err(ApiError::bad_request(if copy.is_some() {
                "the message can't be copied"
            } else {
                "message has protected content and can't be forwarded"
            }));
        }
        const ENVELOPE: [&str; 14] = [
            "message_id",
            "message_thread_id",
            "from",
            "sender_chat",
            "date",
            "chat",
            "forward_origin",
            "is_topic_message",
            "reply_to_message",
            "edit_date",
            "has_protected_content",
            "author_signature",
            "reply_markup",
            "media_group_id",
        ];
        let mut fields: Map<String, Value> = original
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(k, _)| !ENVELOPE.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if SERVICE.iter().any(|f| fields.contains_key(*f)) || fields.is_empty() {
            return Err(ApiError::bad_request(if copy.is_some() {
                "the message can't be copied"
            } else {
                "the message can't be forwarded"
            }));
        }
        match copy {
            Some(Some((caption, entities))) if !fields.contains_key("text") => {
                fields.remove("caption");
                fields.remove("caption_entities");
                put_caption(&mut fields, caption, entities.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())));
            }
            Some(_) => {}
            None => {
                let origin = self.origin_of(from, &original).await?;
                let mut with_origin = Map::new();
                with_origin.insert("forward_origin".into(), origin);
                with_origin.extend(fields);
                fields = with_origin;
            }
        }
        if let Some(album) = album {
            fields.insert("media_group_id".into(), album);
        }
        content.media = Some(fields);
        self.post(actor, to, content).await
    }

    /// The `ExternalReplyInfo` of `original`, a message of `source` replied to from elsewhere.
    async fn external_reply(&self, source: Conversation, original: &Value, viewer: i64) -> Result<Value, ApiError> {
        let mut info = Map::new();
        info.insert("origin".into(), self.origin_of(source, original).await?);
        if let Conversation::Group(_) = source {
            info.insert("chat".into(), self.chat_json(source, viewer).await?);
            info.insert("message_id".into(), original["message_id"].clone());
        }
        const CONTENT: [&str; 13] = [
            "link_preview_options",
            "animation",
            "audio",
            "document",
            "photo",
            "sticker",
            "video",
            "video_note",
            "voice",
            "contact",
            "dice",
            "location",
            "venue",
        ];
        for field in CONTENT {
            if let Some(value) = original.get(field) {
                info.insert(field.into(), value.clone());
            }
        }
        if let Some(poll) = original.get("poll") {
            info.insert("poll".into(), poll.clone());
        }
        Ok(Value::Object(info))
    }

    /// The `MessageOrigin` of a forwarded message.
    async fn origin_of(&self, from: Conversation, original: &Value) -> Result<Value, ApiError> {
        let date = original["date"].clone();
        if let Some(origin) = original.get("forward_origin") {
            return Ok(origin.clone());
        }
        Ok(if self.is_channel(from).await? {
            json!({"type": "channel", "chat": original["sender_chat"], "message_id": original["message_id"], "date": date})
        } else if let Some(chat) = original.get("sender_chat") {
            json!({"type": "chat", "sender_chat": chat, "date": date})
        } else {
            json!({"type": "user", "sender_user": original["from"], "date": date})
        })
    }

    /// Puts an update about `stored` into every other participant's mailbox, with `extra`
    /// changes persisted in the first batch.
    async fn deliver(
        &self,
        sender: i64,
        conversation: Conversation,
        stored: &Value,
        keyboard: Option<&Value>,
        kind: &str,
        mut extra: Vec<Change>,
    ) -> Result<(), ApiError> {
        let expires = now() + MESSAGE_TTL;
        let channel = self.is_channel(conversation).await?;
        let bot_kind = match kind {
            "message" if channel => "channel_post",
            "edited_message" if channel => "edited_channel_post",
            other => other,
        };
        for member in self.participants(conversation).await? {
            if member == sender {
                continue;
            }
            let chat_key = conversation.chat_id_for(member);
            if let Some(user) = self.user(member).await? {
                let chat = self.chat_json(conversation, user.id).await?;
                let mut payload = with_chat(stored, &chat);
                if let Some(keyboard) = keyboard {
                    payload["reply_markup"] = keyboard.clone();
                }
                self.files.adopt(&mut payload, user.id, false).await?;
                let payload = payload.to_string();
                let mailbox = self.user_mailbox(user.id).await?;
                mailbox
                    .push(&self.storage, kind, payload, chat_key, expires, std::mem::take(&mut extra))
                    .await
                    .map_err(internal)?;
            } else if let Some(bot) = self.bot_record(member).await? {
                // Channel posts reach administrator bots only, all of them; in groups privacy
                // mode decides for the others.
                if let Conversation::Group(id) = conversation {
                    // Administrator bots see everything, as on the public platform.
                    let skip = if channel {
                        !self.standing(id, bot.id).await?.is_admin()
                    } else {
                        !addressed_to(stored, &bot)
                            && self.bot_flags(bot.id).await?.privacy
                            && !self.standing(id, bot.id).await?.is_admin()
                    };
                    if skip {
                        continue;
                    }
                }
                if !self.updates.accepts(&bot, bot_kind).await? {
                    continue;
                }
                let chat = self.chat_json(conversation, bot.id).await?;
                let mut payload = with_chat(stored, &chat);
                self.files.adopt(&mut payload, bot.id, true).await?;
                let update = NewUpdate::new(bot_kind, payload.to_string(), chat_key, expires);
                self.updates.push(&bot, update, std::mem::take(&mut extra)).await?;
            }
        }
        if !extra.is_empty() {
            self.storage.apply(extra).await.map_err(internal)?;
        }
        Ok(())
    }

    /// A chat action (typing, ...) shown to the people in the chat.
    pub async fn chat_action(&self, actor: &Actor, conversation: Conversation, action: &str) -> Result<(), ApiError> {
        for member in self.participants(conversation).await? {
            if member != actor.id() && self.user(member).await?.is_some() {
                let chat = self.chat_json(conversation, member).await?;
                let payload = json!({"chat": chat, "from": actor.json(), "action": action}).to_string();
                let mailbox = self.user_mailbox(member).await?;
                mailbox
                    .push(&self.storage, "chat_action", payload, 0, now() + 5, Vec::new())
                    .await
                    .map_err(internal)?;
            }
        }
        Ok(())
    }
}

/// Whether a stored message is a service message (members, title, photo, pins, topics, ...).
pub(crate) fn is_service(stored: &Value) -> bool {
    SERVICE.iter().any(|f| stored.get(*f).is_some())
}

/// Service-message fields: such messages can't be forwarded, copied or pinned.
const SERVICE: [&str; 17] = [
    "new_chat_members",
    "left_chat_member",
    "new_chat_title",
    "new_chat_photo",
    "delete_chat_photo",
    "group_chat_created",
    "supergroup_chat_created",
    "channel_chat_created",
    "migrate_to_chat_id",
    "migrate_from_chat_id",
    "pinned_message",
    "forum_topic_created",
    "forum_topic_edited",
    "forum_topic_closed",
    "forum_topic_reopened",
    "general_forum_topic_hidden",
    "general_forum_topic_unhidden",
];

/// The reference's answer to an edit that changes nothing.
pub(crate) fn not_modified() -> ApiError {
    ApiError::bad_request(
        "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
    )
}

/// What a text edit does to the message's inline keyboard.
pub enum Keyboard {
    /// Leaves it as it is (people's apps do not touch it).
    Keep,
    /// Replaces it with this one, or none (a bot's edit: one it does not repeat is dropped).
    Replace(Option<Value>),
}

/// The inline keyboard a message keeps after an edit: the one the edit gives, or none (the
/// public platform drops a keyboard that an edit does not repeat).
fn set_markup(fields: &mut Map<String, Value>, markup: Option<Value>) {
    match markup {
        Some(markup) => fields.insert("reply_markup".into(), markup),
        None => fields.remove("reply_markup"),
    };
}

/// Whether two stored messages are the same but for when they were last edited.
fn same_but_edit_date(a: &Value, b: &Value) -> bool {
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else { return a == b };
    let fields = |m: &Map<String, Value>| m.len() - usize::from(m.contains_key("edit_date"));
    fields(a) == fields(b) && a.iter().filter(|(k, _)| *k != "edit_date").all(|(k, v)| b.get(k) == Some(v))
}

/// Whether a stored message is past the 48 hours in which it may be deleted.
pub(crate) fn past_deletion_window(stored: &Value, now: i64) -> bool {
    stored["date"].as_i64().is_some_and(|date| now - date > 48 * 3600)
}

/// A media message's caption and its entities (none when empty).
fn put_caption(fields: &mut Map<String, Value>, caption: String, entities: Option<Value>) {
    if caption.is_empty() {
        return;
    }
    fields.insert("caption".into(), caption.into());
    if let Some(entities) = entities.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
        fields.insert("caption_entities".into(), entities);
    }
}

/// Privacy mode: in groups a bot sees commands (its own or unaddressed), mentions of it, replies
/// to its messages and service messages about members.
fn addressed_to(stored: &Value, bot: &BotRecord) -> bool {
    if stored.get("text").is_none() {
        return true;
    }
    if stored["reply_to_message"]["from"]["id"].as_i64() == Some(bot.id) {
        return true;
    }
    let text = stored["text"].as_str().unwrap_or_default();
    let mention = format!("@{}", bot.username).to_ascii_lowercase();
    stored["entities"].as_array().into_iter().flatten().any(|e| {
        let (offset, length) = (e["offset"].as_u64().unwrap_or(0) as usize, e["length"].as_u64().unwrap_or(0) as usize);
        let units: Vec<u16> = text.encode_utf16().collect();
        let piece =
            String::from_utf16_lossy(units.get(offset..offset + length).unwrap_or_default()).to_ascii_lowercase();
        match e["type"].as_str() {
            Some("bot_command") => piece.split_once('@').is_none_or(|(_, to)| format!("@{to}") == mention),
            Some("mention") => piece == mention,
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_that_only_moves_the_edit_date_changes_nothing() {
        let before = json!({"message_id": 1, "text": "a", "edit_date": 5});
        assert!(same_but_edit_date(&before, &json!({"message_id": 1, "text": "a"})));
        assert!(same_but_edit_date(&json!({"message_id": 1, "text": "a"}), &before));
        assert!(!same_but_edit_date(&before, &json!({"message_id": 1, "text": "b"})));
        assert!(!same_but_edit_date(&before, &json!({"message_id": 1, "text": "a", "reply_markup": {}})));
        assert!(!same_but_edit_date(
            &json!({"message_id": 1, "text": "a", "x": 1}),
            &json!({"message_id": 1, "text": "a"})
        ));
    }

    #[test]
    fn messages_are_deleted_for_48_hours() {
        let now = 1_800_000_000;
        let sent = |ago: i64| json!({"message_id": 1, "date": now - ago});
        assert!(!past_deletion_window(&sent(0), now));
        assert!(!past_deletion_window(&sent(48 * 3600), now));
        assert!(past_deletion_window(&sent(48 * 3600 + 1), now));
        // A message without a date (never stored so) is never too old.
        assert!(!past_deletion_window(&json!({"message_id": 1}), now));
    }
}
