//! What a person's app shows besides the updates it is sent (the user-side `getChats`,
//! `getChatHistory`, `readChatHistory`, `getChatMembers`, `getForumTopics`, `getBotInfo`), and
//! the two ways the browser console reads a person's world without the JSON API: the push
//! stream's reads of the person's queue and the person's own files. Not here: what changes the
//! world (posting, groups, ...), nor the console's operator side (`operator.rs`).

use std::path::PathBuf;
use std::time::Duration;

use msg_core::{ApiError, UserRecord};
use msg_spec::types;
use serde_json::{Value, json};

use crate::chats;
use crate::chats::standing::Standing;
use crate::files::Kind;
use crate::files::id::FileId;
use crate::internal;
use crate::kernel::direct::{DIRECT_TOPICS, shown_in};
use crate::kernel::directory::CONVERSATIONS;
use crate::kernel::records::Table;
use crate::kernel::rows::MEMBERS;
use crate::kernel::serial::Entity;
use crate::kernel::stored;
use crate::kernel::world::{Conversation, Platform, now, typed};
use crate::messages;

/// The most messages one history page holds.
pub const MAX_PAGE: usize = 100;
/// Unread counts stop at this many (the chat list shows "999+").
const MAX_UNREAD: usize = 999;
/// Updates one read of the push stream hands over.
const EVENTS_PER_READ: usize = 100;

/// How far each person has read each conversation (`readChatHistory`): scope the person, key
/// the conversation's key, the value the newest message read.
pub(crate) const READ_MARKS: Table<i64> = Table::new("person_read_mark");

/// The conversations `user` takes part in: private chats with bots that hold a message, and
/// the groups, supergroups and channels the person is in, each with its newest message and
/// the messages from others after the person's read mark; the most recent first.
pub(crate) async fn person_chats(platform: &Platform, user: &UserRecord) -> Result<Value, ApiError> {
    let storage = platform.storage.as_ref();
    let private = CONVERSATIONS.all(storage, user.id).await?;
    let mut conversations: Vec<Conversation> = private
        .keys()
        .filter_map(|key| Conversation::from_key(key))
        .filter(|c| matches!(c, Conversation::Private(a, b) if (*a == user.id) != (*b == user.id)))
        .collect();
    let at = now();
    for (_, membership) in MEMBERS.find(storage, &user.id.to_string()).await? {
        if membership.chat_id >= 0 || !Standing::from_record(&membership).present_at(at) {
            continue;
        }
        // A basic group upgraded to a supergroup lives on as the supergroup.
        let chat = platform.room(membership.chat_id, |room| room.chat.clone()).await?;
        let Some(chat) = chat.filter(|c| !c.details.contains("\"migrated_to\"")) else { continue };
        conversations.push(Conversation::Group(membership.chat_id));
        // A channel's administrators have its direct messages too (every topic).
        if chat.details.contains("\"direct_messages_chat\"")
            && Standing::from_record(&membership).is_admin()
            && let Some(direct) = chats::standing::ChatDetails::parse(&chat.details).direct_messages_chat
        {
            conversations.push(Conversation::Group(direct));
        }
    }
    // The channels' direct messages the person wrote to (their own topic).
    for key in DIRECT_TOPICS.all(storage, user.id).await?.into_keys() {
        if let Ok(id) = key.parse::<i64>()
            && !conversations.contains(&Conversation::Group(id))
        {
            conversations.push(Conversation::Group(id));
        }
    }
    let read = READ_MARKS.all(platform.storage.as_ref(), user.id).await?;
    let mut rows = Vec::new();
    for conversation in conversations {
        // A private chat with a bot that is gone is gone (one with a person stays).
        if let Conversation::Private(..) = conversation
            && platform.participant(conversation.chat_id_for(user.id)).await?.is_none()
        {
            continue;
        }
        let chat = match platform.chat(conversation, user.id).await {
            Ok(chat) => chat,
            Err(_) => continue,
        };
        let mark = read.get(&conversation.key()).copied().unwrap_or(0);
        // In a channel's direct messages, a person who does not administer it sees their topic.
        let only = platform.only_topic(conversation, user.id).await?;
        let mut after_mark = page(platform, conversation, mark, i64::MAX, MAX_UNREAD).await?;
        after_mark.retain(|m| shown_in(m, only));
        let unread = after_mark.iter().filter(|m| crate::messages::posting::sender_id(m) != Some(user.id)).count();
        // The newest message is the first after the mark when there is one (one read, not two).
        let newest = match after_mark.into_iter().next() {
            Some(newest) => Some(newest),
            None if only.is_some() => {
                let last = page(platform, conversation, 0, i64::MAX, MAX_PAGE).await?;
                last.into_iter().find(|m| shown_in(m, only))
            }
            None => page(platform, conversation, 0, i64::MAX, 1).await?.pop(),
        };
        let date = newest.as_ref().map_or(0, |m| m.date);
        let last_message = match newest {
            Some(mut message) => messages::message_for_person(platform, conversation, &mut message, user.id).await?,
            None => Value::Null,
        };
        rows.push((date, json!({"chat": typed(&chat), "last_message": last_message, "unread_count": unread})));
    }
    rows.sort_by_key(|row| std::cmp::Reverse(row.0));
    Ok(Value::Array(rows.into_iter().map(|(_, row)| row).collect()))
}

/// Up to `limit` messages just before `before` (newest first), parsed.
async fn page(
    platform: &Platform,
    conversation: Conversation,
    after: i64,
    before: i64,
    limit: usize,
) -> Result<Vec<types::Message>, ApiError> {
    Ok(rows(platform, conversation, after, before, limit).await?.1)
}

/// `page` with the id of the oldest row read, parsed or not (paging goes on
/// past a row that does not parse) and whether the rows ran out.
async fn rows(
    platform: &Platform,
    conversation: Conversation,
    after: i64,
    before: i64,
    limit: usize,
) -> Result<(Option<i64>, Vec<types::Message>, bool), ApiError> {
    let rows = platform.storage.load_messages(&conversation.key(), after, before, limit).await.map_err(internal)?;
    let oldest = rows.last().map(|(id, _)| *id);
    let exhausted = rows.len() < limit;
    Ok((oldest, rows.iter().filter_map(|(_, payload)| stored::parse(payload)).collect(), exhausted))
}

/// One page of a chat's history as `viewer` sees it: up to `limit` messages before
/// `before` (the newest without it), oldest first; within a forum topic with `thread`.
pub(crate) async fn history(
    platform: &Platform,
    viewer: i64,
    conversation: Conversation,
    before: Option<i64>,
    limit: usize,
    thread: Option<i64>,
) -> Result<Value, ApiError> {
    let limit = limit.clamp(1, MAX_PAGE);
    let mut before = before.unwrap_or(i64::MAX);
    let mut found = Vec::new();
    // A person's topic of a channel's direct messages is a subset too.
    let only = platform.only_topic(conversation, viewer).await?;
    let subset = thread.is_some() || only.is_some();
    // A topic's messages are a subset: read on in larger pages until the page is full.
    loop {
        let batch = if subset { limit * 4 } else { limit };
        let (oldest, page, exhausted) = rows(platform, conversation, 0, before, batch).await?;
        for message in page.into_iter().filter(|m| shown_in(m, only)) {
            let in_thread = thread.is_none_or(|t| message.message_thread_id == Some(t) || message.message_id == t);
            if in_thread && found.len() < limit {
                found.push(message);
            }
        }
        match oldest {
            Some(oldest) if !exhausted && found.len() < limit => before = oldest,
            _ => break,
        }
    }
    let mut out = Vec::with_capacity(found.len());
    for mut message in found.into_iter().rev() {
        out.push(messages::message_for_person(platform, conversation, &mut message, viewer).await?);
    }
    messages::attach_reactions(platform, conversation, &mut out, viewer).await?;
    Ok(Value::Array(out))
}

/// The person has read `conversation` up to `message_id` (a mark never moves back).
pub(crate) async fn mark_read(
    platform: &Platform,
    user_id: i64,
    conversation: Conversation,
    message_id: i64,
) -> Result<(), ApiError> {
    let newest = platform.last_message_id(&conversation.key()).await?;
    let mark = message_id.min(newest);
    let _held = platform.locks.lock(Entity::User(user_id)).await;
    platform.user(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    let key = conversation.key();
    if READ_MARKS.get(platform.storage.as_ref(), user_id, &key).await?.is_some_and(|old| old >= mark) {
        return Ok(());
    }
    platform.storage.apply(vec![READ_MARKS.put(user_id, &key, &mark)]).await.map_err(internal)
}

/// The present members of a group as `ChatMember`s (the creator and administrators first;
/// in a channel, a subscriber sees the administrators only), or both sides of a private chat.
pub(crate) async fn members(platform: &Platform, conversation: Conversation, viewer: i64) -> Result<Value, ApiError> {
    let Conversation::Group(id) = conversation else {
        let (a, b) = match conversation {
            Conversation::Private(a, b) => (a, b),
            Conversation::Group(_) => unreachable!("handled above"),
        };
        let mut out = Vec::new();
        for member in [a, b] {
            out.push(chats::member_info(platform, conversation, viewer, member).await?);
        }
        return Ok(Value::Array(out));
    };
    let kind = platform.chat_kind(id).await?.unwrap_or_default();
    // A channel's subscribers are seen by its administrators only, as in the apps.
    let admins_only = kind == "channel" && !platform.standing(id, viewer).await?.at(now()).is_admin();
    let mut rows = Vec::new();
    for (member, standing) in platform.standings(id).await? {
        let standing = standing.at(now());
        if !standing.present() || (admins_only && !standing.is_admin()) {
            continue;
        }
        let Some(user) = platform.participant(member).await? else { continue };
        let standing = if member == viewer { standing } else { standing.seen_by_others(&kind) };
        let rank = match standing.status.as_str() {
            "creator" => 0,
            "administrator" => 1,
            _ => 2,
        };
        rows.push((rank, typed(&standing.member(user))));
    }
    rows.sort_by_key(|(rank, _)| *rank);
    Ok(Value::Array(rows.into_iter().map(|(_, m)| m).collect()))
}

/// A forum's topics as `ForumTopic`s (hidden and closed ones too), in creation order.
pub(crate) async fn topics(platform: &Platform, conversation: Conversation) -> Result<Value, ApiError> {
    let Conversation::Group(id) = conversation else {
        return Err(ApiError::bad_request("the chat is not a forum"));
    };
    let (details, _) = chats::chat_details(platform, &platform.group(id).await?).await?;
    if !details.is_forum {
        return Err(ApiError::bad_request("the chat is not a forum"));
    }
    let topics = details.topics.into_iter().map(|t| {
        typed(&types::ForumTopic {
            message_thread_id: t.id,
            name: t.name,
            icon_color: t.icon_color,
            icon_custom_emoji_id: t.icon_custom_emoji_id,
            ..Default::default()
        })
    });
    Ok(Value::Array(topics.collect()))
}

/// What a person's app shows of a bot in a chat with it (or in `group`): the bot, its commands for this
/// person (the most specific scope that has any, as the public platform's apps pick them),
/// its menu button, its inline placeholder and whether it takes inline queries.
pub(crate) async fn bot_info(
    platform: &Platform,
    user: &UserRecord,
    bot_id: i64,
    group: Option<i64>,
) -> Result<Value, ApiError> {
    let bot = platform.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
    let language = user.language_code.clone().unwrap_or_default();
    let commands = match group {
        Some(chat_id) => platform.group_commands(bot.id, chat_id, user.id, &language).await?,
        None => {
            let scopes = [
                json!({"type": "chat", "chat_id": user.id}),
                json!({"type": "all_private_chats"}),
                json!({"type": "default"}),
            ];
            platform.bot_commands(bot.id, &scopes, &language).await?
        }
    };
    let storage = &platform.storage;
    let mut menu = storage.load_bot_setting(bot.id, &format!("menu_button:{}", user.id)).await.map_err(internal)?;
    if menu.is_none() {
        menu = storage.load_bot_setting(bot.id, "menu_button:0").await.map_err(internal)?;
    }
    let menu = menu.and_then(|m| serde_json::from_str::<Value>(&m).ok()).unwrap_or_else(|| json!({"type": "commands"}));
    let placeholder = storage.load_bot_setting(bot.id, "inline_placeholder").await.map_err(internal)?;
    let flags = platform.bot_flags(bot.id).await?;
    Ok(json!({
        "user": crate::kernel::world::bot_json(&bot),
        "commands": commands,
        "menu_button": menu,
        "inline_placeholder": placeholder,
        "supports_inline": flags.inline,
    }))
}

/// The push stream's read of a person's queue (see `PlatformService::user_events`).
pub(crate) async fn person_events(
    platform: &Platform,
    user: &UserRecord,
    after: Option<i64>,
    wait: Duration,
) -> Result<Vec<(i64, String)>, ApiError> {
    let mailbox = platform.user_mailbox(user.id).await?;
    let notified = mailbox.notified();
    tokio::pin!(notified);
    notified.as_mut().enable();
    let read = || async {
        mailbox.refresh(&platform.storage).await.map_err(internal)?;
        mailbox.read_after_filled(&platform.storage, after, EVENTS_PER_READ, now()).await.map_err(internal)
    };
    let events = read().await?;
    if !events.is_empty() || wait.is_zero() {
        return Ok(events);
    }
    // A shared queue is read back when woken and every RECHECK until the wait is over.
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let until =
            if mailbox.shared() { deadline.min(tokio::time::Instant::now() + msg_queue::RECHECK) } else { deadline };
        let _ = tokio::time::timeout_at(until, notified.as_mut()).await;
        let events = read().await?;
        if !events.is_empty() || tokio::time::Instant::now() >= deadline {
            return Ok(events);
        }
        notified.set(mailbox.notified());
        notified.as_mut().enable();
    }
}

/// The content a person's `file_id` names, and its type, when the id is the person's own and
/// the person was given that content (`FileStore::grant`: a message they were shown or sent).
pub(crate) async fn person_file(platform: &Platform, user: &UserRecord, file_id: &str) -> Option<(PathBuf, String)> {
    let id = FileId::decode(file_id).filter(|id| id.owner == user.id)?;
    // An id names its owner and its content, so anyone could write one: the person must
    // have been given the content (shown it, or sent it).
    if !platform.files.granted(user.id, &id.hash).await.ok()? {
        return None;
    }
    if !platform.files.ensure_local(&id.hash).await.ok()? {
        return None;
    }
    let path = platform.files.blob_path(&id.hash);
    let meta = tokio::fs::metadata(&path).await.ok()?;
    let mime = match id.kind {
        Kind::Photo | Kind::Thumbnail => "image/jpeg".to_owned(),
        Kind::Sticker => "image/webp".to_owned(),
        kind => crate::files::mime_type(None, None, kind).unwrap_or_else(|| "application/octet-stream".into()),
    };
    meta.is_file().then_some((path, mime))
}
