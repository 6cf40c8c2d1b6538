//! Forum supergroups: topics (created, edited, closed, reopened, deleted), the general topic
//! (renamed, closed, hidden), and which topic a message goes to. A topic's id is the id of the
//! `forum_topic_created` message that opened it, and every message in it carries that id as
//! `message_thread_id` with `is_topic_message`. Kept in the chat's details; the rights are the
//! public platform's (`can_manage_topics`, `can_delete_messages`, `can_pin_messages`).

use msg_core::{ApiError, ChatRecord};
use msg_spec::types;
use serde_json::Value;

use crate::chats::groups::GroupWrite;
use crate::chats::rows::{GENERAL_KEY, TOPICS};
use crate::chats::standing::{ChatDetails, Topic};
use crate::kernel::world::{Actor, Content, Conversation, Platform, typed};
use crate::messages;

/// The topic icon colours the platform offers; 0 picks the first.
pub const ICON_COLORS: [i64; 6] = [0x6F_B9F0, 0xFF_D67E, 0xCB_86DB, 0x8E_EE98, 0xFF_93B2, 0xFB_6F5F];

/// The general topic's thread id.
const GENERAL: i64 = 1;

/// What an administrative act on a topic needs.
#[derive(Clone, Copy)]
pub enum TopicAct {
    Edit,
    CloseOrOpen,
    Delete,
}

/// A forum held for writing (`the chat is not a forum` otherwise).
async fn forum(platform: &Platform, conversation: Conversation) -> Result<GroupWrite<'_>, ApiError> {
    let not_forum = || ApiError::bad_request("the chat is not a forum");
    let Conversation::Group(id) = conversation else { return Err(not_forum()) };
    let group = super::write_group(platform, id).await?;
    if !group.details.is_forum {
        return Err(not_forum());
    }
    Ok(group)
}

/// Whether `actor` manages topics here (an administrator with the right, or anyone when the
/// chat's permissions allow it).
async fn manages_topics(
    platform: &Platform,
    actor: &Actor,
    chat: &ChatRecord,
    details: &ChatDetails,
) -> Result<bool, ApiError> {
    let standing = platform.standing(chat.id, actor.id()).await?;
    let permissions = details.permissions();
    Ok(standing.may(|r| r.can_manage_topics.unwrap_or(false))
        || (!standing.is_admin() && standing.allowed(&permissions, |p| p.can_manage_topics.unwrap_or(false))))
}

/// Makes a forum of a supergroup (at its creation).
pub(super) async fn make_forum(platform: &Platform, chat_id: i64) -> Result<(), ApiError> {
    let mut group = super::write_group(platform, chat_id).await?;
    group.details.is_forum = true;
    super::save_group(platform, &group).await
}

/// The thread a new message in `conversation` goes to: `thread` (0: none) in a forum,
/// checked; nothing elsewhere.
pub(super) async fn thread_for(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    thread: i64,
) -> Result<Option<i64>, ApiError> {
    let Conversation::Group(id) = conversation else { return Ok(None) };
    let chat = platform.group(id).await?;
    if !chat.details.contains("\"is_forum\"") {
        return Ok(None);
    }
    let details = ChatDetails::parse(&chat.details);
    let storage = platform.storage.as_ref();
    if !details.is_forum || thread == 0 {
        if !details.is_forum {
            return Ok(None);
        }
        let general_closed = TOPICS.get(storage, id, GENERAL_KEY).await?.is_some_and(|g| g.closed);
        if general_closed && !platform.standing(id, actor.id()).await?.is_admin() {
            return Err(ApiError::bad_request("TOPIC_CLOSED"));
        }
        return Ok(None);
    }
    let Some(topic) = TOPICS.get(storage, id, &thread.to_string()).await? else {
        return Err(ApiError::bad_request("message thread not found"));
    };
    if topic.closed && !manages_topics(platform, actor, &chat, &details).await? {
        return Err(ApiError::bad_request("TOPIC_CLOSED"));
    }
    Ok(Some(thread))
}

/// Posts a service message about a topic into it.
async fn topic_service(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    thread: Option<i64>,
    service: types::Message,
) -> Result<Value, ApiError> {
    let content = Content { thread, ..Content::of(service) };
    messages::post(platform, actor, conversation, content).await
}

/// createForumTopic: the topic, opened by its `forum_topic_created` message.
pub(super) async fn create_topic(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    name: &str,
    icon_color: i64,
    icon_custom_emoji_id: Option<&str>,
) -> Result<Value, ApiError> {
    let mut group = forum(platform, conversation).await?;
    if !manages_topics(platform, actor, &group.chat, &group.details).await? {
        return Err(ApiError::bad_request("not enough rights to create a topic"));
    }
    let name = clean_name(name);
    if name.is_empty() {
        return Err(ApiError::bad_request("name must be non-empty"));
    }
    if !(0..=0xFF_FFFF).contains(&icon_color) {
        return Err(ApiError::bad_request("invalid icon color specified"));
    }
    let icon_color = if icon_color == 0 { ICON_COLORS[0] } else { icon_color };
    if !ICON_COLORS.contains(&icon_color) {
        return Err(ApiError::bad_request("TOPIC_COLOR_INVALID"));
    }
    let emoji = icon_custom_emoji_id.filter(|e| !e.is_empty() && *e != "0").map(str::to_owned);
    let created = types::ForumTopicCreated {
        name: name.clone(),
        icon_color,
        icon_custom_emoji_id: emoji.clone(),
        ..Default::default()
    };
    let service = types::Message { forum_topic_created: Some(Box::new(created)), ..Default::default() };
    let message = topic_service(platform, actor, conversation, Some(0), service).await?;
    let id = message["message_id"].as_i64().unwrap_or_default();
    let topic = Topic { id, name, icon_color, icon_custom_emoji_id: emoji, creator: actor.id(), ..Topic::default() };
    group.details.topics.push(topic.clone());
    super::save_group(platform, &group).await?;
    let object = types::ForumTopic {
        message_thread_id: topic.id,
        name: topic.name,
        icon_color: topic.icon_color,
        icon_custom_emoji_id: topic.icon_custom_emoji_id,
        ..Default::default()
    };
    Ok(typed(&object))
}

/// The topic `thread` of a forum after checking `actor` may do `act` to it; `GENERAL` names
/// the general topic. Returns the forum held for writing and the topic's index (`None`:
/// general).
async fn topic_for<'a>(
    platform: &'a Platform,
    actor: &Actor,
    conversation: Conversation,
    thread: i64,
    act: TopicAct,
) -> Result<(GroupWrite<'a>, Option<usize>), ApiError> {
    let group = forum(platform, conversation).await?;
    let (chat, details) = (&group.chat, &group.details);
    if thread <= 0 {
        return Err(ApiError::bad_request("invalid forum topic identifier specified"));
    }
    let index = if thread == GENERAL {
        None
    } else {
        let index = details.topics.iter().position(|t| t.id == thread);
        Some(index.ok_or_else(|| ApiError::bad_request("message thread not found"))?)
    };
    let standing = platform.standing(chat.id, actor.id()).await?;
    let own = index.is_some_and(|i| details.topics[i].creator == actor.id());
    let allowed = match act {
        TopicAct::Delete => standing.may(|r| r.can_delete_messages),
        TopicAct::Edit | TopicAct::CloseOrOpen => own || manages_topics(platform, actor, chat, details).await?,
    };
    if !allowed {
        return Err(ApiError::bad_request(match act {
            TopicAct::Edit => "not enough rights to edit the topic",
            TopicAct::CloseOrOpen => "not enough rights to close or open the topic",
            TopicAct::Delete => "not enough rights to delete the topic",
        }));
    }
    Ok((group, index))
}

/// editForumTopic / editGeneralForumTopic (`thread` 1): an empty name and no icon change
/// nothing.
pub(super) async fn edit_topic(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    thread: i64,
    name: &str,
    icon_custom_emoji_id: Option<&str>,
) -> Result<(), ApiError> {
    let (mut group, index) = topic_for(platform, actor, conversation, thread, TopicAct::Edit).await?;
    let details = &mut group.details;
    let name = clean_name(name);
    if name.is_empty() && icon_custom_emoji_id.is_none() {
        return Ok(());
    }
    let mut edited = types::ForumTopicEdited::default();
    match index {
        Some(i) => {
            let topic = &mut details.topics[i];
            if !name.is_empty() {
                topic.name = name.clone();
                edited.name = Some(name);
            }
            if let Some(emoji) = icon_custom_emoji_id {
                topic.icon_custom_emoji_id = Some(emoji.to_owned()).filter(|e| !e.is_empty() && e != "0");
                edited.icon_custom_emoji_id = Some(emoji.to_owned());
            }
        }
        None => {
            details.general.get_or_insert_with(Topic::default).name = name.clone();
            edited.name = Some(name);
        }
    }
    super::save_group(platform, &group).await?;
    let thread = index.map(|_| thread);
    let service = types::Message { forum_topic_edited: Some(Box::new(edited)), ..Default::default() };
    topic_service(platform, actor, conversation, thread, service).await?;
    Ok(())
}

/// closeForumTopic / reopenForumTopic and their general-topic forms.
pub(super) async fn close_topic(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    thread: i64,
    closed: bool,
) -> Result<(), ApiError> {
    let (mut group, index) = topic_for(platform, actor, conversation, thread, TopicAct::CloseOrOpen).await?;
    let topic = match index {
        Some(i) => &mut group.details.topics[i],
        None => group.details.general.get_or_insert_with(Topic::default),
    };
    if topic.closed == closed {
        return Err(ApiError::bad_request("TOPIC_NOT_MODIFIED"));
    }
    topic.closed = closed;
    super::save_group(platform, &group).await?;
    let service = if closed {
        types::Message { forum_topic_closed: Some(Box::default()), ..Default::default() }
    } else {
        types::Message { forum_topic_reopened: Some(Box::default()), ..Default::default() }
    };
    topic_service(platform, actor, conversation, index.map(|_| thread), service).await?;
    Ok(())
}

/// hideGeneralForumTopic / unhideGeneralForumTopic.
pub(super) async fn hide_general(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    hidden: bool,
) -> Result<(), ApiError> {
    let (mut group, _) = topic_for(platform, actor, conversation, GENERAL, TopicAct::CloseOrOpen).await?;
    let general = group.details.general.get_or_insert_with(Topic::default);
    if general.hidden == hidden {
        return Err(ApiError::bad_request("TOPIC_NOT_MODIFIED"));
    }
    general.hidden = hidden;
    super::save_group(platform, &group).await?;
    let service = if hidden {
        types::Message { general_forum_topic_hidden: Some(Box::default()), ..Default::default() }
    } else {
        types::Message { general_forum_topic_unhidden: Some(Box::default()), ..Default::default() }
    };
    topic_service(platform, actor, conversation, None, service).await?;
    Ok(())
}

/// deleteForumTopic: the topic and its place in the forum go.
pub(super) async fn delete_topic(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    thread: i64,
) -> Result<(), ApiError> {
    let (mut group, index) = topic_for(platform, actor, conversation, thread, TopicAct::Delete).await?;
    let Some(index) = index else { return Err(ApiError::bad_request("TOPIC_ID_INVALID")) };
    group.details.topics.remove(index);
    super::save_group(platform, &group).await
}

/// unpinAllForumTopicMessages / unpinAllGeneralForumTopicMessages: the pins of one topic.
pub(super) async fn unpin_topic(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    thread: i64,
) -> Result<(), ApiError> {
    let mut group = forum(platform, conversation).await?;
    if thread <= 0 {
        return Err(ApiError::bad_request("invalid forum topic identifier specified"));
    }
    if thread != GENERAL && !group.details.topics.iter().any(|t| t.id == thread) {
        return Err(ApiError::bad_request("message thread not found"));
    }
    let standing = platform.standing(group.chat.id, actor.id()).await?;
    if !standing.may(|r| r.can_pin_messages.unwrap_or(false)) {
        return Err(ApiError::bad_request("not enough rights to manage pinned messages in the chat"));
    }
    let mut keep = Vec::new();
    for id in &group.details.pinned {
        let message = messages::load_message(platform, conversation, *id).await?.unwrap_or_default();
        let in_thread = message.message_thread_id.unwrap_or(GENERAL);
        if in_thread != thread {
            keep.push(*id);
        }
    }
    group.details.pinned = keep;
    super::save_group(platform, &group).await
}

/// TDLib's `clean_name`: whitespace runs become one space, trimmed, at most 128 characters.
fn clean_name(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(128).collect()
}
