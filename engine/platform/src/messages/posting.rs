//! Messages on the embedded platform: each one posted into a conversation (with the sender's
//! checks: permissions, topics, sending as a channel), stored once as a typed `Message` (see
//! `stored.rs`), and delivered to every other participant as they see it (the `chat` per viewer,
//! file ids per recipient, privacy mode for bots, `channel_post` in channels); edits and
//! deletions the same way.

use msg_core::{ApiError, BotRecord, Change, MessageRecord, NewUpdate, Reply};
use msg_spec::types::{self, Message};
use serde_json::{Value, json};

use crate::entities;
use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::directory::CONVERSATIONS;
use crate::kernel::serial::{Entity, Held};
use crate::kernel::stored::{self, decode, entity_list};
use crate::kernel::world::{Actor, Content, Conversation, MESSAGE_TTL, Platform, PostDraft, channel_bot, now, typed};

/// How a file object's id shows in a message's JSON text (a person's text that says so is
/// escaped: `\"file_id\":`, never this).
const FILE_KEY: &str = "\"file_id\":";

// ---------------------------------------------------------------- messages

/// A stored message (its chat a placeholder: see `stored::set_chat`).
pub(crate) async fn load_message(
    platform: &Platform,
    conversation: Conversation,
    message_id: i64,
) -> Result<Option<Message>, ApiError> {
    let stored = platform.storage.load_message(&conversation.key(), message_id).await.map_err(internal)?;
    Ok(stored.and_then(|s| stored::parse(&s)))
}

/// A stored message `viewer` may see (none for one of another's topic of a channel's direct
/// messages: see [`Platform::hidden_from`]), for every lookup of a message by its id that a
/// person's act or a bot's can make.
pub(crate) async fn load_message_seen(
    platform: &Platform,
    conversation: Conversation,
    message_id: i64,
    viewer: i64,
) -> Result<Option<Message>, ApiError> {
    let message = load_message(platform, conversation, message_id).await?;
    match message {
        Some(m) if platform.hidden_from(conversation, &m, viewer).await? => Ok(None),
        other => Ok(other),
    }
}

/// `message` as `viewer` sees it, as JSON (its chat set to theirs in place).
pub(crate) async fn message_for(
    platform: &Platform,
    conversation: Conversation,
    message: &mut Message,
    viewer: i64,
) -> Result<Value, ApiError> {
    stored::set_chat(message, &platform.chat(conversation, viewer).await?);
    if platform.viewed_differently(message) {
        // Paid media show whole only to their bot and their buyers; a shared widget its
        // bot's public data.
        let mut shown = message.clone();
        platform.view_for(conversation, &mut shown, viewer).await?;
        return Ok(typed(&shown));
    }
    Ok(typed(message))
}

/// A stored message as person `viewer` sees it: their chat, their own file ids (what they are
/// shown is theirs to open again), and what `PersonView`s add (a poll's settings, its counts
/// hidden until it closes).
pub(crate) async fn message_for_person(
    platform: &Platform,
    conversation: Conversation,
    message: &mut Message,
    viewer: i64,
) -> Result<Value, ApiError> {
    let mut value = message_for(platform, conversation, message, viewer).await?;
    platform.files.adopt(&mut value, viewer, false).await?;
    platform.shown_to_person(message, &mut value).await?;
    Ok(value)
}

/// `message` as `viewer` sees it, as JSON text, with `keyboard` (a reply keyboard, shown to
/// people only) and its files made the viewer's own when `adopt` says whose (`Some(true)` a
/// bot, `Some(false)` a person; see `FileStore::adopt`). Written at once when nothing in it
/// is rewritten for the viewer (no keyboard, no paid media, no file to adopt), without a
/// `Value` in between (whose maps hash every key).
async fn text_for(
    platform: &Platform,
    conversation: Conversation,
    message: &mut Message,
    viewer: i64,
    adopt: Option<bool>,
    keyboard: Option<&Value>,
) -> Result<String, ApiError> {
    // A person may be shown more of it than a bot (a poll's settings): see `PersonView`.
    let person = adopt == Some(false) && platform.shown_differently(message);
    let mut value = if keyboard.is_none() && !platform.viewed_differently(message) && !person {
        stored::set_chat(message, &platform.chat(conversation, viewer).await?);
        let text = serde_json::to_string(message).expect("generated types serialize");
        if adopt.is_none() || !text.contains(FILE_KEY) {
            return Ok(text);
        }
        // The chat is set and no paid media is shown per viewer: `message_for`'s value.
        typed(message)
    } else {
        message_for(platform, conversation, message, viewer).await?
    };
    if person {
        platform.shown_to_person(message, &mut value).await?;
    }
    if let Some(keyboard) = keyboard {
        value["reply_markup"] = keyboard.clone();
    }
    if let Some(viewer_is_bot) = adopt {
        platform.files.adopt(&mut value, viewer, viewer_is_bot).await?;
    }
    Ok(value.to_string())
}

/// Posts a new message from `actor` into `conversation`; returns it as the sender sees it.
pub(crate) async fn post(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    content: Content,
) -> Result<Value, ApiError> {
    let on_behalf = content.on_behalf.clone();
    let mut message = post_message(platform, actor, conversation, content).await?;
    if let Some(on_behalf) = on_behalf {
        let text = business_text(platform, conversation, &mut message, actor.id(), &on_behalf).await?;
        return serde_json::from_str(&text).map_err(|e| ApiError::internal(e.to_string()));
    }
    match actor {
        Actor::User(_) => message_for_person(platform, conversation, &mut message, actor.id()).await,
        Actor::Bot(_) => message_for(platform, conversation, &mut message, actor.id()).await,
    }
}

/// [`post`] for a bot's method: the answer written as JSON text at once (see
/// [`text_for`]).
pub(super) async fn post_reply(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    content: Content,
) -> Result<Reply, ApiError> {
    let on_behalf = content.on_behalf.clone();
    let mut message = post_message(platform, actor, conversation, content).await?;
    if let Some(on_behalf) = on_behalf {
        return Ok(Reply::json_text(
            business_text(platform, conversation, &mut message, actor.id(), &on_behalf).await?,
        ));
    }
    // What a person sends is theirs to open again (their own file ids), as in `post`.
    let adopt = matches!(actor, Actor::User(_)).then_some(false);
    Ok(Reply::json_text(text_for(platform, conversation, &mut message, actor.id(), adopt, None).await?))
}

/// A message of person `owner`'s private chat as their business bot sees it: its own file ids,
/// the chat with the other person, and the connection's id.
pub(crate) async fn business_text(
    platform: &Platform,
    conversation: Conversation,
    message: &mut Message,
    owner: i64,
    on_behalf: &crate::kernel::world::OnBehalf,
) -> Result<String, ApiError> {
    let text = text_for(platform, conversation, message, on_behalf.bot.id, Some(true), None).await?;
    let mut value: Value = serde_json::from_str(&text).map_err(|e| ApiError::internal(e.to_string()))?;
    value["chat"] = typed(&platform.chat(conversation, owner).await?);
    value["business_connection_id"] = on_behalf.connection_id.clone().into();
    Ok(value.to_string())
}

/// What [`post`] does before answering: the message checked, stored and
/// delivered, in an act of its own; returned as stored.
async fn post_message(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    content: Content,
) -> Result<Message, ApiError> {
    let mut act = Act::new();
    let message = post_in(platform, &mut act, actor, conversation, content).await?;
    platform.commit(act).await?;
    Ok(message)
}

/// Posts a new message as part of `act`: checked, and its storing and every recipient's
/// update added to the act (stored when the act commits); returned as it will be stored.
pub(crate) async fn post_in(
    platform: &Platform,
    act: &mut Act,
    actor: &Actor,
    conversation: Conversation,
    content: Content,
) -> Result<Message, ApiError> {
    let mut content = content;
    let service = stored::is_service(&content.body);
    if !service {
        content.thread = may_post(platform, actor, conversation, &content).await?;
    }
    if let Some(channel) = direct_topic(platform, act, actor, conversation, &mut content).await? {
        // The channel's administrators answer as the channel.
        content.sender_chat = Some(channel);
    }
    // One receiver's alone: its id is of the receiver's own id space (`ephemeral.rs`).
    let ephemeral = match content.ephemeral.take() {
        Some(e) => {
            let replies = content.reply_ephemeral.is_some();
            Some((super::ephemeral_store::check(platform, actor, conversation, &e, &content.text, replies).await?, e))
        }
        None => None,
    };
    let counter = match &ephemeral {
        Some((_, e)) => super::ephemeral_store::key(conversation, e.receiver),
        None => conversation.key(),
    };
    let (message_id, unindexed) = platform.next_message_id(act, &counter).await?;
    let thread = match content.thread {
        Some(0) => Some(message_id),
        other => other,
    };
    let mut message = std::mem::take(&mut content.body);
    message.message_id = message_id;
    message.message_thread_id = thread;
    // A channel's posts come from the channel itself; a post in a group on behalf of a
    // channel carries the channel and, for older clients, the platform's placeholder user.
    if platform.is_channel(conversation).await? {
        message.sender_chat = Some(Box::new(platform.chat(conversation, actor.id()).await?));
    } else if let Some(channel) = content.sender_chat {
        message.from = Some(Box::new(channel_bot()));
        message.sender_chat = Some(Box::new(platform.chat(Conversation::Group(channel), actor.id()).await?));
    } else {
        message.from = Some(Box::new(actor.user()));
    }
    // Sent by the person's business bot on their behalf.
    if let Some(on_behalf) = &content.on_behalf {
        message.sender_business_bot = Some(Box::new(crate::kernel::world::bot_user(&on_behalf.bot)));
    }
    message.date = now();
    // A poll's open period runs from its message's date (a `close_date` the sender gave stays).
    if let Some(poll) = message.poll.as_mut()
        && let Some(period) = poll.open_period
    {
        let close = *poll.close_date.get_or_insert(message.date + period);
        poll.open_period = Some((close - message.date).max(0));
    }
    if thread.is_some() {
        message.is_topic_message = Some(true);
    }
    if let Some(reply_to) = content.reply_to {
        // A reply to a message of another chat is an external reply (origin, chat, id).
        let other = match content.reply_chat.as_deref() {
            Some(chat) if chat != conversation.chat_id_for(actor.id()).to_string() => {
                Some(platform.resolve_chat(actor, chat).await?)
            }
            _ => None,
        };
        let source = other.unwrap_or(conversation);
        // Protected content never leaves its chat: a reply from another chat cannot carry
        // it (nor a quote of it), so there it is as if the message were not there.
        let original = load_message_seen(platform, source, reply_to, actor.id()).await?;
        let original = original.filter(|m| other.is_none() || m.has_protected_content.is_none());
        match original {
            Some(original) => {
                if let Some(quote) = &content.quote {
                    let quoted = original.text.as_deref().or(original.caption.as_deref());
                    if !quoted.is_some_and(|t| t.contains(&quote.text)) {
                        return Err(ApiError::bad_request("QUOTE_TEXT_INVALID"));
                    }
                }
                // A reply to one option of a poll (Bot API 10.0) keeps an option the poll has;
                // TDLib drops it quietly otherwise (a message that is not a poll, another id).
                if let Some(option) = &message.reply_to_poll_option_id {
                    let options = original.poll.as_ref().map(|p| p.options.as_slice()).unwrap_or_default();
                    if !options.iter().any(|o| &o.persistent_id == option) {
                        message.reply_to_poll_option_id = None;
                    }
                }
                if other.is_some() {
                    let external = external_reply(platform, source, &original, actor.id()).await?;
                    message.external_reply = Some(Box::new(external));
                } else {
                    message.reply_to_message = Some(Box::new(original));
                }
                if let Some(quote) = &content.quote {
                    // Entities were normalised when the quote was read: they are the schema's.
                    let entities = entity_list(quote.entities.clone())
                        .map_err(|e| ApiError::bad_request(format!("can't parse quote entities: {e}")))?;
                    let quote = types::TextQuote {
                        text: quote.text.clone(),
                        entities,
                        position: quote.position,
                        is_manual: Some(true),
                    };
                    message.quote = Some(Box::new(quote));
                }
            }
            None if content.allow_without_reply => message.reply_to_poll_option_id = None,
            None => return Err(ApiError::bad_request("message to be replied not found")),
        }
    }
    // A reply to an incoming ephemeral message (Bot API 10.2): itself ephemeral, to that
    // message's sender, within 15 seconds of it.
    if let Some(id) = content.reply_ephemeral {
        let Some((receiver, _)) = &ephemeral else {
            return Err(ApiError::bad_request("a reply to an ephemeral message must be an ephemeral message"));
        };
        let original = super::ephemeral_store::load(platform, conversation, actor.id(), id).await?;
        let original = original
            .filter(|m| sender_id(m) == Some(receiver.id) && now() - m.date <= EPHEMERAL_REPLY_WINDOW)
            .ok_or_else(|| ApiError::bad_request("message to be replied not found"))?;
        message.reply_to_message = Some(Box::new(original));
    }
    let entities = match content.entities {
        Some(Value::Array(entities)) => Some(Value::Array(mentions(platform, entities).await?)),
        other => other,
    };
    // The text, or the caption of media; the options that apply (a preview's to text, a
    // caption's place to a caption).
    if !service {
        if stored::has_media(&message) {
            put_caption(&mut message, content.text, entities)?;
            message.link_preview_options = None;
            if message.caption.is_none() {
                message.show_caption_above_media = None;
            }
        } else {
            // A rich message has its blocks and no text.
            if message.text.is_none() && message.rich_message.is_none() {
                crate::limits::check_text(&content.text)?;
                message.text = Some(content.text);
                message.entities = entity_list(entities)?;
            }
            message.show_caption_above_media = None;
        }
    }
    if content.protect {
        message.has_protected_content = Some(true);
    }
    // Inline keyboards belong to the message; reply keyboards (and their removal, and
    // force_reply) are shown to the people in the chat only, as on the public platform.
    let mut keyboard = None;
    match content.reply_markup {
        Some(markup) if markup.get("inline_keyboard").is_some() => {
            message.reply_markup = Some(decode(markup, "inline keyboard")?);
        }
        other => keyboard = other,
    }
    if let Some((receiver, _)) = ephemeral {
        // Stored and told to its receiver alone; the chat's history never holds it.
        message.ephemeral_message_id = Some(message.message_id);
        message.message_id = 0;
        message.message_thread_id = message.message_thread_id.filter(|t| *t != message_id);
        let receiver_id = receiver.id;
        message.receiver_user = Some(Box::new(receiver));
        deliver_ephemeral(platform, act, conversation, &mut message, receiver_id, "message").await?;
        return Ok(message);
    }
    act.change(put_message(conversation, &message));
    // A bot's reply keyboard asking a person for users or a chat: the requests are kept, so the
    // person's answer (`shareUsers`, `shareChat`) is checked against what was asked.
    if let (Conversation::Private(..), Some(markup), Actor::Bot(bot)) = (conversation, keyboard.as_ref(), actor) {
        let person = conversation.chat_id_for(bot.id);
        let buttons =
            markup["keyboard"].as_array().into_iter().flatten().flat_map(|row| row.as_array().into_iter().flatten());
        for button in buttons {
            for kind in ["request_users", "request_chat"] {
                if let Some(request) = button.get(kind).filter(|r| r.is_object()) {
                    let id = request["request_id"].as_i64().unwrap_or(0);
                    let asked = serde_json::json!({"kind": kind, "request": request});
                    act.change(KEYBOARD_REQUESTS.put(person, &format!("{}|{id}", bot.id), &asked));
                }
            }
        }
    }
    act.changes(content.attached.drain(..).map(|mut row| {
        row.key.push_str(&message_id.to_string());
        Change::PutRecord(row)
    }));
    act.changes(content.also.drain(..));
    // A private conversation's first message makes it one of both sides' conversations.
    if let Conversation::Private(a, b) = conversation
        && unindexed
    {
        let key = conversation.key();
        act.changes([CONVERSATIONS.put(a, &key, &()), CONVERSATIONS.put(b, &key, &())]);
        act.indexes(key);
    }
    if message.from.is_none() || message.sender_chat.is_some() {
        // A channel's post names no author (nor a message sent as a chat); who posted it
        // decides who may edit it.
        let poster = MessageRecord {
            conversation: poster_key(conversation),
            message_id,
            payload: actor.id().to_string(),
            date: message.date,
        };
        act.change(Change::PutMessage(poster));
    }
    deliver(platform, act, actor.id(), conversation, &mut message, keyboard.as_ref(), "message").await?;
    Ok(message)
}

/// The topic of a channel's direct-messages chat a message goes to (`body.direct_messages_topic`,
/// with its person): a person's own (begun with their first message, in `act`), or the one an
/// administrator names (`direct_messages_topic_id`, else the topic of the message replied to, as
/// an app answers in the topic it shows: TDLib's words when it is missing or unknown).
/// Elsewhere the topic is ignored and a suggested post refused, as TDLib does. The channel, when
/// an administrator answers (as the channel).
async fn direct_topic(
    platform: &Platform,
    act: &mut Act,
    actor: &Actor,
    conversation: Conversation,
    content: &mut Content,
) -> Result<Option<i64>, ApiError> {
    use crate::kernel::direct::DIRECT_TOPICS;
    let Some(direct) = platform.direct_chat(conversation).await? else {
        content.body.direct_messages_topic = None;
        if content.body.suggested_post_info.is_some() {
            return Err(ApiError::bad_request("Suggested posts can be sent only to channel direct messages"));
        }
        return Ok(None);
    };
    let admin = platform.manages_direct(&direct, actor.id()).await?;
    // An administrator's answer without a topic goes to the replied message's (read only then).
    let replied = match (admin, content.reply_to, content.reply_chat.is_none(), &content.body.direct_messages_topic) {
        (true, Some(id), true, None) => {
            load_message(platform, conversation, id).await?.and_then(|m| m.direct_messages_topic)
        }
        _ => None,
    };
    let body = &mut content.body;
    let topic = if admin {
        let topic = body.direct_messages_topic.as_ref().or(replied.as_ref()).map(|t| t.topic_id);
        let topic = topic.ok_or_else(|| ApiError::bad_request("Channel direct messages topic must be specified"))?;
        if !platform.has_direct_topic(direct.id, topic).await? {
            return Err(ApiError::bad_request("Topic not found"));
        }
        if body.suggested_post_info.is_some() && !stored::is_service(body) {
            return Err(ApiError::bad_request(
                "suggested posts are sent by people: the embedded platform has no offers from a channel's side",
            ));
        }
        topic
    } else {
        let person = actor.id();
        if !platform.has_direct_topic(direct.id, person).await? {
            let date = now();
            act.changes([
                DIRECT_TOPICS.put(direct.id, &person.to_string(), &date),
                DIRECT_TOPICS.put(person, &direct.id.to_string(), &date),
            ]);
        }
        person
    };
    if let Some(info) = body.suggested_post_info.as_deref()
        && !stored::is_service(body)
    {
        if info.price.as_ref().is_some_and(|p| p.currency == "TON") {
            return Err(ApiError::bad_request(
                "suggested posts paid in TON are not available: the embedded platform has no TON",
            ));
        }
        // The Bot API's window for a proposed date: 5 minutes to 30 days ahead.
        if info.send_date.is_some_and(|d| d < now() + 300 || d > now() + 2_678_400) {
            return Err(ApiError::bad_request("Invalid post send date specified"));
        }
    }
    let user = platform.participant(topic).await?.map(Box::new);
    body.direct_messages_topic = Some(Box::new(types::DirectMessagesTopic { topic_id: topic, user }));
    Ok(admin.then_some(direct.parent))
}

/// How long an ephemeral message may be replied to (the Bot API's 15 seconds).
const EPHEMERAL_REPLY_WINDOW: i64 = 15;

/// The requests for users or a chat that bots' reply keyboards made of a person: scope the
/// person, key `bot_id|request_id`, the value `{"kind","request"}` (`request_users` or
/// `request_chat`, and its object as sent); a later keyboard with the same id replaces it.
pub(crate) const KEYBOARD_REQUESTS: crate::kernel::records::Table<Value> =
    crate::kernel::records::Table::new("keyboard_request");

/// Whether `actor` may post `content` (not a service message) in `conversation`, by the domains'
/// rules (the permission for its kind, its forum topic, the channel it is sent as: chats' rules);
/// the topic it goes to when so.
pub(super) async fn may_post(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    content: &Content,
) -> Result<Option<i64>, ApiError> {
    let draft = PostDraft {
        actor,
        conversation,
        message: &content.body,
        thread: content.thread.unwrap_or(0),
        sender_chat: content.sender_chat,
        reply_markup: content.reply_markup.as_ref(),
    };
    platform.may_post(&draft).await
}

/// Entities that name a user (`text_mention`, and `text_link`s to `tg://user?id=`) become
/// `text_mention`s with the user's `User` object when the platform knows that person or bot;
/// otherwise they are dropped (as the platform drops mentions of unknown users). A
/// `custom_emoji` stays only when its `custom_emoji_id` is a sticker's (a custom emoji set's,
/// or a forum topic icon): apps draw it from that sticker.
async fn mentions(platform: &Platform, entities: Vec<Value>) -> Result<Vec<Value>, ApiError> {
    let mut out = Vec::with_capacity(entities.len());
    for mut entity in entities {
        let user_id = match entity["type"].as_str() {
            Some("text_mention") => entity["user"]["id"].as_i64(),
            Some("text_link") => entity["url"].as_str().and_then(entities::mentioned_user),
            Some("custom_emoji") => {
                let id = entity["custom_emoji_id"].as_str().unwrap_or_default();
                if platform.custom_emoji_exists(id).await? {
                    out.push(entity);
                }
                continue;
            }
            _ => {
                out.push(entity);
                continue;
            }
        };
        match user_id {
            Some(id) => {
                if let Some(user) = platform.participant(id).await? {
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

/// Takes a stored message's lock (`serial::Entity::Message`): held from the read an edit,
/// a vote or a deletion starts from until its change is stored.
pub(crate) async fn lock_message(platform: &Platform, conversation: Conversation, message_id: i64) -> Held<'_> {
    platform.locks.lock(Entity::Message(conversation.key(), message_id)).await
}

/// A message `actor` sent, loaded for editing under its lock.
async fn own_message<'a>(
    platform: &'a Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
) -> Result<(Held<'a>, Message), ApiError> {
    let held = lock_message(platform, conversation, message_id).await;
    let stored = load_message_seen(platform, conversation, message_id, actor.id())
        .await?
        .ok_or_else(|| ApiError::bad_request("message to edit not found"))?;
    // At any time: the 48-hour limit of the Bot API is for business messages only.
    let allowed = match manages_channel_post(platform, actor.id(), conversation, &stored).await? {
        Some(allowed) => allowed,
        // A message sent via a bot (inline mode) is edited by that bot.
        None => {
            sender_id(&stored) == Some(actor.id())
                || stored.via_bot.as_ref().map(|b| b.id) == Some(actor.id())
                // Sent as a chat (a channel's answer in its direct messages): by its poster.
                || (stored.sender_chat.is_some()
                    && poster(platform, conversation, message_id).await? == Some(actor.id()))
        }
    };
    if !allowed {
        return Err(ApiError::bad_request("message can't be edited"));
    }
    Ok((held, stored))
}

/// For a channel's post (which carries no author), whether `user_id` may edit it or stop
/// its poll: an administrator who may edit messages, or the one who posted it while they
/// may post; `None` for any other message.
pub(crate) async fn manages_channel_post(
    platform: &Platform,
    user_id: i64,
    conversation: Conversation,
    stored: &Message,
) -> Result<Option<bool>, ApiError> {
    let Conversation::Group(id) = conversation else { return Ok(None) };
    if stored.from.is_some() || !platform.is_channel(conversation).await? {
        return Ok(None);
    }
    let standing = platform.standing(id, user_id).await?;
    let own = poster(platform, conversation, stored.message_id).await? == Some(user_id);
    Ok(Some(standing.may(|r| r.can_edit_messages.unwrap_or(false) || (own && r.can_post_messages.unwrap_or(false)))))
}

/// Who posted a channel's post (kept beside it, as the post names no author); `None` for
/// a post from before the platform kept it.
async fn poster(platform: &Platform, conversation: Conversation, message_id: i64) -> Result<Option<i64>, ApiError> {
    let stored = platform.storage.load_message(&poster_key(conversation), message_id).await.map_err(internal)?;
    Ok(stored.and_then(|id| id.parse().ok()))
}

/// Stores an edited message, sends `edited_message` to the others and returns it as the
/// editor sees it. An edit that changes nothing (content, entities, keyboard) is refused
/// with the reference's "message is not modified".
/// The caller holds the message's lock (`held`), taken before `original` was read.
async fn publish_edit(
    platform: &Platform,
    held: &Held<'_>,
    actor: &Actor,
    conversation: Conversation,
    original: &Message,
    edited: Message,
) -> Result<Value, ApiError> {
    publish_edit_with(platform, held, actor, conversation, original, edited, Vec::new()).await
}

/// [`publish_edit_with`] without the answer: the edited message as stored (for a caller that
/// shows it another way: a business bot's view of the person's message).
pub(crate) async fn publish_edit_stored(
    platform: &Platform,
    held: &Held<'_>,
    actor: &Actor,
    conversation: Conversation,
    original: &Message,
    mut edited: Message,
    also: Vec<Change>,
) -> Result<Message, ApiError> {
    assert!(held.holds(&Entity::Message(conversation.key(), original.message_id)), "an edit holds its message");
    if stored::same_but_edit_date(original, &mut edited) {
        return Err(not_modified());
    }
    edited.edit_date = Some(now());
    let mut act = Act::with(vec![put_message(conversation, &edited)]);
    act.changes(also);
    deliver(platform, &mut act, actor.id(), conversation, &mut edited, None, "edited_message").await?;
    platform.commit(act).await?;
    Ok(edited)
}

/// `publish_edit` storing `also` in the edit's own batch (a game's new score
/// with the scoreboard it shows).
pub(crate) async fn publish_edit_with(
    platform: &Platform,
    held: &Held<'_>,
    actor: &Actor,
    conversation: Conversation,
    original: &Message,
    edited: Message,
    also: Vec<Change>,
) -> Result<Value, ApiError> {
    let mut edited = publish_edit_stored(platform, held, actor, conversation, original, edited, also).await?;
    let mut shown = message_for(platform, conversation, &mut edited, actor.id()).await?;
    if let Actor::User(_) = actor {
        platform.shown_to_person(&edited, &mut shown).await?;
    }
    Ok(shown)
}

/// Edits a message's text (only its sender may); returns it as the editor sees it.
pub(super) async fn edit_text(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    text: EditedText,
    keyboard: Keyboard,
) -> Result<Value, ApiError> {
    let (held, original) = own_message(platform, actor, conversation, message_id).await?;
    // A text and a rich message each become the other.
    if original.text.is_none() && original.rich_message.is_none() {
        return Err(ApiError::bad_request("there is no text in the message to edit"));
    }
    let mut edited = original.clone();
    put_edited_text(&mut edited, text)?;
    if let Keyboard::Replace(markup) = keyboard {
        set_markup(&mut edited, markup)?;
    }
    publish_edit(platform, &held, actor, conversation, &original, edited).await
}

/// A text edit's new content put in `edited`: a rich message in place of the text, or the text
/// with its entities (and its preview options, when the edit gives them) in place of either.
pub(crate) fn put_edited_text(edited: &mut Message, text: EditedText) -> Result<(), ApiError> {
    match text.rich {
        Some(rich) => {
            edited.text = None;
            edited.entities = None;
            edited.link_preview_options = None;
            edited.rich_message = Some(Box::new(rich));
        }
        None => {
            crate::limits::check_text(&text.text)?;
            edited.rich_message = None;
            edited.text = Some(text.text);
            edited.entities = entity_list(text.entities)?;
            if let Some(preview) = text.preview {
                edited.link_preview_options = preview.map(Box::new);
            }
        }
    }
    Ok(())
}

/// Replaces a message's media and caption (`content.body`'s file, `text`, `entities`, and
/// `reply_markup` when given; only its sender may); returns it as the editor sees it.
pub(crate) async fn edit_media(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    content: Content,
) -> Result<Value, ApiError> {
    let (held, original) = own_message(platform, actor, conversation, message_id).await?;
    if !stored::has_file(&original) {
        return Err(ApiError::bad_request("there is no media in the message to edit"));
    }
    let mut edited = original.clone();
    stored::replace_file(&mut edited, content.body);
    put_caption(&mut edited, content.text, content.entities)?;
    set_markup(&mut edited, content.reply_markup)?;
    publish_edit(platform, &held, actor, conversation, &original, edited).await
}

/// Deletes a message (its sender's own, or any in a private chat, as people may).
pub(crate) async fn delete(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
) -> Result<(), ApiError> {
    // Under the message's lock, so an edit or a vote under way cannot store it back.
    let _held = lock_message(platform, conversation, message_id).await;
    let stored = load_message_seen(platform, conversation, message_id, actor.id())
        .await?
        .ok_or_else(|| ApiError::bad_request("message to delete not found"))?;
    may_delete(platform, actor, conversation, &stored).await?;
    let mut act = Act::with(vec![
        Change::DeleteMessage { conversation: conversation.key(), message_id },
        Change::DeleteMessage { conversation: poster_key(conversation), message_id },
    ]);
    // People in the chat see the deletion; bots get no update for it (as on the platform).
    // How many people (not bots) are in it: a private chat of two people is a business chat.
    let mut people = 0;
    let (_, members) = audience(platform, conversation, &stored).await?;
    for member in members {
        // The actor is known; anyone else is looked up once.
        let is_person =
            if member == actor.id() { matches!(actor, Actor::User(_)) } else { platform.user(member).await?.is_some() };
        if !is_person {
            continue;
        }
        people += 1;
        if member != actor.id() {
            let chat = platform.chat_json(conversation, member).await?;
            let payload = json!({"chat": chat, "message_ids": [message_id]}).to_string();
            let mailbox = platform.user_mailbox(member).await?;
            act.tell_person(&mailbox, NewUpdate::new("deleted_messages", payload, 0, now() + MESSAGE_TTL));
        }
    }
    // A person's business bot hears of deletions in their private chats with people.
    if let Conversation::Private(a, b) = conversation
        && people == 2
    {
        for owner in [a, b] {
            let Some((bot, connection_id)) = platform.business_observer(owner).await? else { continue };
            if !platform.updates.accepts(&bot, "deleted_business_messages").await? {
                continue;
            }
            let chat = platform.chat_json(conversation, owner).await?;
            let deleted = json!({"business_connection_id": connection_id, "chat": chat, "message_ids": [message_id]});
            let update = NewUpdate::new(
                "deleted_business_messages",
                deleted.to_string(),
                conversation.chat_id_for(owner),
                now() + MESSAGE_TTL,
            );
            platform.tell_bot(&mut act, &bot, update).await?;
        }
    }
    platform.commit(act).await
}

/// The public platform's deletion rules: nothing older than 48 hours; in private chats
/// anything; in groups one's own messages, or anyone's as an administrator (in a supergroup
/// or channel with `can_delete_messages`; in a channel one's own posts while one may post).
pub(super) async fn may_delete(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    stored: &Message,
) -> Result<(), ApiError> {
    let refused = || ApiError::bad_request("message can't be deleted");
    if stored::past_deletion_window(stored, now()) {
        return Err(refused());
    }
    let Conversation::Group(id) = conversation else { return Ok(()) };
    let own = sender_id(stored) == Some(actor.id());
    // In a channel's direct messages: one's own, or any as the channel's administrator.
    if let Some(direct) = platform.direct_chat(conversation).await? {
        return if own || platform.manages_direct(&direct, actor.id()).await? { Ok(()) } else { Err(refused()) };
    }
    let standing = platform.standing(id, actor.id()).await?;
    let allowed = match platform.group(id).await?.kind.as_str() {
        "group" => own || standing.is_admin(),
        "channel" => {
            let own = poster(platform, conversation, stored.message_id).await? == Some(actor.id());
            standing.may(|r| r.can_delete_messages || (own && r.can_post_messages.unwrap_or(false)))
        }
        _ => own || standing.may(|r| r.can_delete_messages),
    };
    if allowed { Ok(()) } else { Err(refused()) }
}

/// Edits a media message's caption (its sender only); an empty caption removes it.
pub(super) async fn edit_caption(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    caption: String,
    entities: Option<Value>,
    reply_markup: Option<Value>,
) -> Result<Value, ApiError> {
    let (held, original) = own_message(platform, actor, conversation, message_id).await?;
    if original.text.is_some() || original.new_chat_members.is_some() {
        return Err(ApiError::bad_request("there is no caption in the message to edit"));
    }
    let mut edited = original.clone();
    stored::clear_caption(&mut edited);
    put_caption(&mut edited, caption, entities)?;
    set_markup(&mut edited, reply_markup)?;
    publish_edit(platform, &held, actor, conversation, &original, edited).await
}

/// Moves (`to`: latitude, longitude, accuracy) or stops (`None`) a live location of its
/// sender's while it is live.
pub(super) async fn edit_live_location(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    to: Option<types::Location>,
    reply_markup: Option<Value>,
) -> Result<Value, ApiError> {
    let (held, original) = own_message(platform, actor, conversation, message_id).await?;
    let mut edited = original.clone();
    let live = edited.location.as_deref_mut().filter(|l| l.live_period.is_some());
    let Some(location) = live.filter(|l| original.date + l.live_period.unwrap_or(0) > now()) else {
        return Err(ApiError::bad_request("there is no live location in the message to edit"));
    };
    match to {
        Some(to) => {
            location.latitude = to.latitude;
            location.longitude = to.longitude;
            if to.horizontal_accuracy.is_some() {
                location.horizontal_accuracy = to.horizontal_accuracy;
            }
        }
        None => {
            // Stopped: the location stays where it was, no longer live.
            location.live_period = None;
            location.heading = None;
            location.proximity_alert_radius = None;
        }
    }
    set_markup(&mut edited, reply_markup)?;
    publish_edit(platform, &held, actor, conversation, &original, edited).await
}

/// A draft streamed to the people of a conversation (`message_draft` in their updates).
pub(crate) async fn draft(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    draft_id: i64,
    text: DraftText,
    stop: super::DraftStop,
) -> Result<(), ApiError> {
    if draft_id == 0 {
        return Err(ApiError::bad_request("DRAFT_ID_INVALID"));
    }
    for member in platform.participants(conversation).await? {
        if member != actor.id() && platform.user(member).await?.is_some() {
            let chat = platform.chat_json(conversation, member).await?;
            let mut draft = json!({"chat": chat, "from": actor.json(), "draft_id": draft_id});
            match &text {
                DraftText::Plain(text, entities) => {
                    draft["text"] = Value::String(text.clone());
                    if let Some(entities) = entities.clone().filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
                        draft["entities"] = entities;
                    }
                }
                DraftText::Rich(rich) => draft["rich_message"] = rich.clone(),
            }
            // The person's app shows a stop button (Bot API 10.3), and keeps the draft on stop.
            match stop.can_stop {
                true => {
                    draft["can_stop"] = Value::Bool(true);
                    if stop.keep_on_stop {
                        draft["keep_on_stop"] = Value::Bool(true);
                    }
                    super::drafts::offer(platform, member, actor.id(), draft_id, Some(stop.thread)).await?;
                }
                false => super::drafts::offer(platform, member, actor.id(), draft_id, None).await?,
            }
            let mailbox = platform.user_mailbox(member).await?;
            mailbox
                .push(&platform.storage, "message_draft", draft.to_string(), 0, now() + 60, Vec::new())
                .await
                .map_err(internal)?;
        }
    }
    Ok(())
}

/// What a draft shows: a text and its entities, or a rich message (as JSON).
pub(crate) enum DraftText {
    Plain(String, Option<Value>),
    Rich(Value),
}

/// Replaces (or with `None` removes) a message's inline keyboard (its sender only).
pub(super) async fn edit_markup(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    reply_markup: Option<Value>,
) -> Result<Value, ApiError> {
    let (held, original) = own_message(platform, actor, conversation, message_id).await?;
    let mut edited = original.clone();
    set_markup(&mut edited, reply_markup)?;
    publish_edit(platform, &held, actor, conversation, &original, edited).await
}

/// Forwards (`copy` false) or copies a message into `to`: the content as it is (a copy
/// without its origin, with `caption` replacing a caption when given), as a new message of
/// `actor`'s.
pub(super) async fn forward(
    platform: &Platform,
    actor: &Actor,
    from: Conversation,
    message_id: i64,
    to: Conversation,
    copy: Option<Option<(String, Option<Value>)>>,
    mut content: Content,
) -> Result<Value, ApiError> {
    // The album the caller puts it in (forwardMessages, copyMessages), never the original's.
    let album = content.body.media_group_id.take();
    content.body = moved(platform, from, message_id, copy, actor.id()).await?;
    content.body.media_group_id = album;
    post(platform, actor, to, content).await
}

/// What a forward (`copy` `None`) or copy of a message carries: its content alone, with its
/// origin when forwarded; refused for a message that is gone, protected or cannot move.
pub(crate) async fn moved(
    platform: &Platform,
    from: Conversation,
    message_id: i64,
    copy: Option<Option<(String, Option<Value>)>>,
    viewer: i64,
) -> Result<Message, ApiError> {
    let what = if copy.is_some() { "message to copy" } else { "message to forward" };
    let Some(original) = load_message_seen(platform, from, message_id, viewer).await? else {
        return Err(ApiError::bad_request(format!("{what} not found")));
    };
    if original.has_protected_content.is_some() {
        return Err(ApiError::bad_request(if copy.is_some() {
            "the message can't be copied"
        } else {
            "message has protected content and can't be forwarded"
        }));
    }
    let origin = if copy.is_none() { Some(origin_of(platform, from, &original).await?) } else { None };
    // The content alone, without the original's envelope.
    let mut body = original;
    body.message_id = 0;
    body.message_thread_id = None;
    body.from = None;
    body.sender_chat = None;
    body.date = 0;
    body.forward_origin = None;
    body.is_topic_message = None;
    body.reply_to_message = None;
    body.external_reply = None;
    body.quote = None;
    body.edit_date = None;
    body.author_signature = None;
    body.reply_markup = None;
    body.direct_messages_topic = None;
    body.suggested_post_info = None;
    // The album stays, for the caller to map to a new one (or drop: `forward`).
    // Paid media and invoices stay where they were sent (their terms are the message's).
    let bound = body.paid_media.is_some() || body.invoice.is_some();
    if bound || stored::is_service(&body) || (body.text.is_none() && !stored::has_media(&body)) {
        return Err(ApiError::bad_request(if copy.is_some() {
            "the message can't be copied"
        } else {
            "the message can't be forwarded"
        }));
    }
    // A copy of a poll is a new poll (its own votes, from none); a forward shares the original.
    if copy.is_some()
        && let Some(poll) = body.poll.as_deref_mut()
    {
        poll.id = (msg_core::random::next_u64() >> 1).to_string();
        poll.total_voter_count = 0;
        poll.options.iter_mut().for_each(|o| o.voter_count = 0);
    }
    if let Some(Some((caption, entities))) = copy
        && body.text.is_none()
    {
        stored::clear_caption(&mut body);
        put_caption(&mut body, caption, entities)?;
    }
    body.forward_origin = origin.map(Box::new);
    Ok(body)
}

/// The `ExternalReplyInfo` of `original`, a message of `source` replied to from elsewhere.
async fn external_reply(
    platform: &Platform,
    source: Conversation,
    original: &Message,
    viewer: i64,
) -> Result<types::ExternalReplyInfo, ApiError> {
    let mut info = types::ExternalReplyInfo {
        origin: Box::new(origin_of(platform, source, original).await?),
        link_preview_options: original.link_preview_options.clone(),
        animation: original.animation.clone(),
        audio: original.audio.clone(),
        document: original.document.clone(),
        // Either the live photo or the photo, as the reference writes an external reply.
        live_photo: original.live_photo.clone(),
        photo: original.photo.clone().filter(|_| original.live_photo.is_none()),
        sticker: original.sticker.clone(),
        video: original.video.clone(),
        video_note: original.video_note.clone(),
        voice: original.voice.clone(),
        contact: original.contact.clone(),
        dice: original.dice.clone(),
        location: original.location.clone(),
        venue: original.venue.clone(),
        poll: original.poll.clone(),
        // Bot API 10.4.
        widget: original.widget.clone(),
        ..types::ExternalReplyInfo::default()
    };
    if let Conversation::Group(_) = source {
        info.chat = Some(Box::new(platform.chat(source, viewer).await?));
        info.message_id = Some(original.message_id);
    }
    Ok(info)
}

/// The `MessageOrigin` of a forwarded message.
async fn origin_of(
    platform: &Platform,
    from: Conversation,
    original: &Message,
) -> Result<types::MessageOrigin, ApiError> {
    use types::MessageOrigin;
    if let Some(origin) = &original.forward_origin {
        return Ok((**origin).clone());
    }
    let date = original.date;
    Ok(if platform.is_channel(from).await? {
        MessageOrigin::MessageOriginChannel(types::MessageOriginChannel {
            chat: original.sender_chat.clone().unwrap_or_default(),
            message_id: original.message_id,
            date,
            ..Default::default()
        })
    } else if let Some(chat) = &original.sender_chat {
        MessageOrigin::MessageOriginChat(types::MessageOriginChat {
            sender_chat: chat.clone(),
            date,
            ..Default::default()
        })
    } else {
        MessageOrigin::MessageOriginUser(types::MessageOriginUser {
            sender_user: original.from.clone().unwrap_or_default(),
            date,
        })
    })
}

/// Puts an update about `message` into every other participant's mailbox, with `extra`
/// changes persisted in the first batch (the message's chat is each one's in turn).
pub(super) async fn deliver(
    platform: &Platform,
    act: &mut Act,
    sender: i64,
    conversation: Conversation,
    message: &mut Message,
    keyboard: Option<&Value>,
    kind: &str,
) -> Result<(), ApiError> {
    let expires = now() + MESSAGE_TTL;
    let channel = platform.is_channel(conversation).await?;
    let bot_kind = match kind {
        "message" if channel => "channel_post",
        "edited_message" if channel => "edited_channel_post",
        other => other,
    };
    // A service message reaches the person who caused it too (their app shows "You added
    // …" as the others see theirs); anything else reaches the others only.
    let service = kind == "message" && stored::is_service(message);
    // How many people (not bots) are in it: a private chat of two people is a business chat.
    let mut people = 0;
    let (direct, members) = audience(platform, conversation, message).await?;
    for member in members {
        let chat_key = conversation.chat_id_for(member);
        if let Some(user) = platform.user(member).await? {
            people += 1;
            // The person's own new message reaches their other apps and tabs, as
            // `outgoing_message` (which their getUpdates leaves out unless asked for).
            let kind = match kind {
                "message" if member == sender && !service => "outgoing_message",
                _ if member == sender && !service => continue,
                other => other,
            };
            // A person's app shows a reply keyboard too (a bot's `Message` cannot hold one).
            let payload = text_for(platform, conversation, message, user.id, Some(false), keyboard).await?;
            let mailbox = platform.user_mailbox(user.id).await?;
            act.tell_person(&mailbox, NewUpdate::new(kind, payload, chat_key, expires));
        } else if member == sender {
            continue;
        } else if let Some(bot) = platform.bot_record(member).await? {
            // Channel posts reach administrator bots only, all of them; in groups privacy
            // mode decides for the others.
            if let Conversation::Group(id) = conversation
                && direct.is_none()
            {
                // Administrator bots see everything, as on the public platform.
                let skip = if channel {
                    !platform.standing(id, bot.id).await?.is_admin()
                } else {
                    !addressed_to(message, &bot)
                        && platform.bot_flags(bot.id).await?.privacy
                        && !platform.standing(id, bot.id).await?.is_admin()
                };
                if skip {
                    continue;
                }
            }
            if !platform.updates.accepts(&bot, bot_kind).await? {
                continue;
            }
            let payload = text_for(platform, conversation, message, bot.id, Some(true), None).await?;
            platform.tell_bot(act, &bot, NewUpdate::new(bot_kind, payload, chat_key, expires)).await?;
        }
    }
    // People's private chats reach the business bot of each side's account (not the bot that
    // sent the message on its person's behalf).
    if let Conversation::Private(a, b) = conversation
        && let Some(business_kind) = match kind {
            "message" => Some("business_message"),
            "edited_message" => Some("edited_business_message"),
            _ => None,
        }
        && people == 2
    {
        for owner in [a, b] {
            let Some((bot, connection_id)) = platform.business_observer(owner).await? else { continue };
            // The bot's own act on the person's behalf (a message it sent, its edit) is not news
            // to it; what the other person does to that message is.
            let sent_by_it = sender == owner && message.sender_business_bot.as_ref().is_some_and(|s| s.id == bot.id);
            if sent_by_it || !platform.updates.accepts(&bot, business_kind).await? {
                continue;
            }
            let on_behalf = crate::kernel::world::OnBehalf { bot: bot.clone(), connection_id };
            let payload = business_text(platform, conversation, message, owner, &on_behalf).await?;
            let chat_key = conversation.chat_id_for(owner);
            platform.tell_bot(act, &bot, NewUpdate::new(business_kind, payload, chat_key, expires)).await?;
        }
    }
    // A person's mention of a guest bot outside the chat summons it (Bot API 10.0): the
    // message as the bot sees it, with the query to answer.
    if kind == "message" && !service {
        for summoned in super::guest::summon(platform, act, sender, conversation, message).await? {
            let chat_key = conversation.chat_id_for(summoned.bot.id);
            let bot = summoned.bot;
            let text = text_for(platform, conversation, message, bot.id, Some(true), None).await?;
            let mut value: Value = serde_json::from_str(&text).map_err(|e| ApiError::internal(e.to_string()))?;
            value["guest_query_id"] = summoned.query_id.into();
            let update = NewUpdate::new("guest_message", value.to_string(), chat_key, expires);
            platform.tell_bot(act, &bot, update).await?;
        }
    }
    Ok(())
}

/// Who is told of `message` of `conversation`: its participants, or in a channel's direct
/// messages its topic's person and the channel's administrators only; the direct-messages chat
/// when it is one.
async fn audience(
    platform: &Platform,
    conversation: Conversation,
    message: &Message,
) -> Result<(Option<crate::kernel::direct::DirectChat>, Vec<i64>), ApiError> {
    let direct = platform.direct_chat(conversation).await?;
    let members = match (&direct, message.direct_messages_topic.as_deref()) {
        (Some(direct), Some(topic)) => platform.direct_audience(direct, topic.topic_id).await?,
        (Some(_), None) => Vec::new(),
        (None, _) => platform.participants(conversation).await?,
    };
    Ok((direct, members))
}

/// Stores `message` (an ephemeral message to `receiver`, its id `id`) and tells its receiver
/// alone, in `act`.
pub(crate) async fn deliver_ephemeral(
    platform: &Platform,
    act: &mut Act,
    conversation: Conversation,
    message: &mut Message,
    receiver: i64,
    kind: &str,
) -> Result<(), ApiError> {
    let id = message.ephemeral_message_id.unwrap_or(0);
    act.change(Change::PutMessage(MessageRecord {
        conversation: super::ephemeral_store::key(conversation, receiver),
        message_id: id,
        payload: stored::payload(message),
        date: message.date,
    }));
    let chat_key = conversation.chat_id_for(receiver);
    // A bot receives a person's ephemeral command, or reply, as its other messages.
    if let Some(bot) = platform.bot_record(receiver).await? {
        if platform.updates.accepts(&bot, kind).await? {
            let payload = text_for(platform, conversation, message, bot.id, Some(true), None).await?;
            platform.tell_bot(act, &bot, NewUpdate::new(kind, payload, chat_key, now() + MESSAGE_TTL)).await?;
        }
        return Ok(());
    }
    let payload = message_for_person(platform, conversation, message, receiver).await?;
    let mailbox = platform.user_mailbox(receiver).await?;
    act.tell_person(&mailbox, NewUpdate::new(kind, payload.to_string(), chat_key, now() + MESSAGE_TTL));
    Ok(())
}

/// A chat action (typing, ...) shown to the people in the chat.
pub(super) async fn chat_action(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    action: &str,
) -> Result<(), ApiError> {
    for member in platform.participants(conversation).await? {
        if member != actor.id() && platform.user(member).await?.is_some() {
            let chat = platform.chat_json(conversation, member).await?;
            let payload = json!({"chat": chat, "from": actor.json(), "action": action}).to_string();
            let mailbox = platform.user_mailbox(member).await?;
            mailbox
                .push(&platform.storage, "chat_action", payload, 0, now() + 5, Vec::new())
                .await
                .map_err(internal)?;
        }
    }
    Ok(())
}

/// The change that stores a message as it is now (a new one, or one changed).
pub(crate) fn put_message(conversation: Conversation, message: &Message) -> Change {
    Change::PutMessage(MessageRecord {
        conversation: conversation.key(),
        message_id: message.message_id,
        payload: stored::payload(message),
        date: message.date,
    })
}

/// Who sent a message (none for a channel's post).
pub(crate) fn sender_id(message: &Message) -> Option<i64> {
    message.from.as_ref().map(|u| u.id)
}

/// Where the author of each of a channel's posts is kept: a conversation of its own beside
/// the channel's, one record per post (its payload the poster's id).
fn poster_key(conversation: Conversation) -> String {
    format!("a{}", conversation.key())
}

/// The reference's answer to an edit that changes nothing.
pub(super) fn not_modified() -> ApiError {
    ApiError::bad_request(
        "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
    )
}

/// A message's new text: its entities, and its link preview options when the edit sets them
/// (`None`: kept as they are; `Some(None)`: removed).
pub struct EditedText {
    pub text: String,
    pub entities: Option<Value>,
    pub preview: Option<Option<types::LinkPreviewOptions>>,
    /// A rich message in place of the text (`editMessageText`'s `rich_message`).
    pub rich: Option<types::RichMessage>,
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
pub(crate) fn set_markup(message: &mut Message, markup: Option<Value>) -> Result<(), ApiError> {
    message.reply_markup = markup.map(|m| decode(m, "inline keyboard")).transpose()?;
    Ok(())
}

/// A media message's caption and its entities (none when empty).
pub(super) fn put_caption(message: &mut Message, caption: String, entities: Option<Value>) -> Result<(), ApiError> {
    if caption.is_empty() {
        return Ok(());
    }
    crate::limits::check_caption(&caption)?;
    message.caption = Some(caption);
    message.caption_entities = entity_list(entities)?;
    Ok(())
}

/// Privacy mode: in groups a bot sees commands (its own or unaddressed), mentions of it, replies
/// to its messages and service messages about members.
fn addressed_to(message: &Message, bot: &BotRecord) -> bool {
    let Some(text) = message.text.as_deref() else { return true };
    if message.reply_to_message.as_deref().and_then(sender_id) == Some(bot.id) {
        return true;
    }
    let mention = format!("@{}", bot.username).to_ascii_lowercase();
    let units: Vec<u16> = text.encode_utf16().collect();
    message.entities.iter().flatten().any(|e| {
        let (offset, length) = (e.offset.max(0) as usize, e.length.max(0) as usize);
        let piece =
            String::from_utf16_lossy(units.get(offset..offset + length).unwrap_or_default()).to_ascii_lowercase();
        match e.r#type.as_str() {
            "bot_command" => piece.split_once('@').is_none_or(|(_, to)| format!("@{to}") == mention),
            "mention" => piece == mention,
            _ => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use msg_spec::types::Message;
    use serde_json::json;

    use crate::kernel::world::typed;

    /// A message as `Platform::text_for` writes it (at once) and as `message_for` did (a
    /// `Value` first, then its text): the same bytes, floats, escapes and nested objects
    /// included; and the check that sends a message with files the long way finds a file,
    /// and does not take a person's text for one.
    #[test]
    fn a_message_written_at_once_is_the_text_its_value_gives() {
        let message: Message = serde_json::from_value(json!({
            "message_id": 7,
            "date": 1_764_000_000,
            "chat": {"id": 42, "type": "private", "first_name": "Ada"},
            "from": {"id": 9, "is_bot": true, "first_name": "Bot", "username": "a_bot"},
            "text": "say \"file_id\": x, a \\ and 🎉 and \u{1}",
            "entities": [{"type": "bold", "offset": 0, "length": 3}],
            "link_preview_options": {"is_disabled": true},
            "has_protected_content": true,
            "reply_markup": {"inline_keyboard": [[{"text": "go", "callback_data": "g"}]]},
            "reply_to_message": {
                "message_id": 6,
                "date": 1_763_999_999,
                "chat": {"id": 42, "type": "private", "first_name": "Ada"},
                "location": {"latitude": 51.5074, "longitude": -0.1278, "horizontal_accuracy": 1.5},
            },
        }))
        .unwrap();
        let text = serde_json::to_string(&message).unwrap();
        assert_eq!(text, typed(&message).to_string());
        assert!(!text.contains(super::FILE_KEY), "a person's text is not a file: {text}");
        let with_photo: Message = serde_json::from_value(json!({
            "message_id": 8,
            "date": 1_764_000_001,
            "chat": {"id": 42, "type": "private", "first_name": "Ada"},
            "reply_to_message": {
                "message_id": 6,
                "date": 1_763_999_999,
                "chat": {"id": 42, "type": "private", "first_name": "Ada"},
                "photo": [{"file_id": "f", "file_unique_id": "u", "width": 1, "height": 1}],
            },
        }))
        .unwrap();
        let text = serde_json::to_string(&with_photo).unwrap();
        assert_eq!(text, typed(&with_photo).to_string());
        assert!(text.contains(super::FILE_KEY), "a file in a replied message is found: {text}");
    }
}
