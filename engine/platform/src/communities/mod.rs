//! Communities (Bot API 10.2, 10.3): a person groups supergroups, channels and bots they manage
//! into a community. Each chat in one shows it in `getChat` (`ChatFullInfo.community`), and
//! hears of being added (`community_chat_added`) or removed (`community_chat_removed`); a bot
//! hears it in its chat with the community's owner. A member of one of its chats may join any
//! other on their own (`community_chat_joined` instead of `new_chat_members`). A community is a
//! row (COMMUNITIES) changed under its row lock, after the chat's lock when a chat joins or
//! leaves it (the kernel's lock order: a group, then a row); each chat or bot names its
//! community in a row of its own (OF), written in the same act.

pub(crate) mod domain;
mod user;

use msg_core::{ApiError, UserRecord};
use msg_spec::types::{self, Message};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::serial::Entity;
use crate::kernel::world::{Actor, Content, Conversation, Platform, typed};
use crate::messages;

/// The communities: scope 0, key the id.
const COMMUNITIES: Table<Community> = Table::new("community");
/// The community of each chat or bot in one: scope the chat's or bot's id, key [`OF_KEY`].
const OF: Table<i64> = Table::new("community_of");
const OF_KEY: &str = "community";
/// The last community id handed out: scope 0, key [`LAST_KEY`].
const LAST_ID: Table<i64> = Table::new("community_last_id");
const LAST_KEY: &str = "last";
/// The longest name a community has.
const MAX_NAME: usize = 64;

/// A community as kept.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
struct Community {
    id: i64,
    name: String,
    /// The person who made it, who alone adds and removes its chats and bots.
    owner: i64,
    /// Its supergroups and channels, in the order they were added.
    chats: Vec<i64>,
    /// Its bots.
    bots: Vec<i64>,
}

impl Community {
    fn shown(&self) -> types::Community {
        types::Community { id: self.id, name: self.name.clone() }
    }
}

fn not_found() -> ApiError {
    ApiError::bad_request("community not found")
}

/// `person` makes a community named `name`; it is theirs.
async fn create(platform: &Platform, person: &UserRecord, name: &str) -> Result<types::Community, ApiError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(ApiError::bad_request("community name is empty or too long"));
    }
    let storage = platform.storage.as_ref();
    let _held = LAST_ID.lock(&platform.locks, 0, LAST_KEY).await;
    let id = LAST_ID.get(storage, 0, LAST_KEY).await?.unwrap_or(0) + 1;
    let community = Community { id, name: name.to_owned(), owner: person.id, ..Community::default() };
    let act = Act::with(vec![LAST_ID.put(0, LAST_KEY, &id), COMMUNITIES.put(0, &id.to_string(), &community)]);
    platform.commit(act).await?;
    Ok(community.shown())
}

/// Community `id`, if there is one.
async fn community(platform: &Platform, id: i64) -> Result<Option<Community>, ApiError> {
    COMMUNITIES.get(platform.storage.as_ref(), 0, &id.to_string()).await
}

/// The community chat or bot `id` is in.
async fn community_of(platform: &Platform, id: i64) -> Result<Option<Community>, ApiError> {
    match OF.get(platform.storage.as_ref(), id, OF_KEY).await? {
        Some(community_id) => community(platform, community_id).await,
        None => Ok(None),
    }
}

/// Whether `person` may see community `c`: its owner, or a member of one of its chats.
async fn sees(platform: &Platform, c: &Community, person: i64) -> Result<bool, ApiError> {
    if c.owner == person {
        return Ok(true);
    }
    for chat in &c.chats {
        if platform.standing(*chat, person).await?.present() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Where what happened to `member` (a chat, or a bot: its chat with the owner) is told.
fn told_in(c: &Community, member: i64) -> Conversation {
    if member < 0 { Conversation::Group(member) } else { Conversation::private(c.owner, member) }
}

/// The community's owner adds `member` (a supergroup or channel they may change the info of, or
/// a bot) to community `id`; the member is told (`community_chat_added`), in the same act.
async fn add(platform: &Platform, person: &UserRecord, id: i64, member: i64) -> Result<(), ApiError> {
    let actor = Actor::User(person.clone());
    let owned = |c: &Community| c.owner == person.id;
    // The community first (only its owner adds to it), then the chat.
    community(platform, id).await?.filter(owned).ok_or_else(not_found)?;
    check_member(platform, &actor, member).await?;
    let bot = member > 0;
    // A chat's lock, then the community's row: no other community takes the chat meanwhile.
    let _chat = platform.locks.lock(Entity::Chat(member)).await;
    let _row = COMMUNITIES.lock(&platform.locks, 0, &id.to_string()).await;
    let mut c = community(platform, id).await?.filter(owned).ok_or_else(not_found)?;
    if OF.get(platform.storage.as_ref(), member, OF_KEY).await?.is_some() {
        return Err(ApiError::bad_request("the chat is already in a community"));
    }
    if bot {
        c.bots.push(member)
    } else {
        c.chats.push(member)
    }
    let mut act = Act::with(vec![COMMUNITIES.put(0, &id.to_string(), &c), OF.put(member, OF_KEY, &id)]);
    let added = types::CommunityChatAdded { community: Box::new(c.shown()) };
    let service = Message { community_chat_added: Some(Box::new(added)), ..Default::default() };
    messages::post_in(platform, &mut act, &actor, told_in(&c, member), Content::of(service)).await?;
    platform.commit(act).await
}

/// The community's owner removes `member` from community `id`; it is told
/// (`community_chat_removed`), in the same act.
async fn remove(platform: &Platform, person: &UserRecord, id: i64, member: i64) -> Result<(), ApiError> {
    let actor = Actor::User(person.clone());
    let _chat = platform.locks.lock(Entity::Chat(member)).await;
    let _row = COMMUNITIES.lock(&platform.locks, 0, &id.to_string()).await;
    let mut c = community(platform, id).await?.filter(|c| c.owner == person.id).ok_or_else(not_found)?;
    if !c.chats.contains(&member) && !c.bots.contains(&member) {
        return Err(ApiError::bad_request("the chat is not in the community"));
    }
    c.chats.retain(|m| *m != member);
    c.bots.retain(|m| *m != member);
    let mut act = Act::with(vec![COMMUNITIES.put(0, &id.to_string(), &c), OF.delete(member, OF_KEY)]);
    let service = Message { community_chat_removed: Some(Box::default()), ..Default::default() };
    messages::post_in(platform, &mut act, &actor, told_in(&c, member), Content::of(service)).await?;
    platform.commit(act).await
}

/// A member a community may take: a bot, or a supergroup or channel whose info `actor` may
/// change.
async fn check_member(platform: &Platform, actor: &Actor, member: i64) -> Result<(), ApiError> {
    if member > 0 {
        platform.bot_record(member).await?.ok_or_else(|| ApiError::bad_request("bot not found"))?;
        return Ok(());
    }
    check_chat(platform, actor, member).await
}

/// A chat that may join a community: a supergroup or channel whose info `actor` may change.
async fn check_chat(platform: &Platform, actor: &Actor, chat_id: i64) -> Result<(), ApiError> {
    platform.resolve_chat(actor, &chat_id.to_string()).await?;
    let kind = platform.chat_kind(chat_id).await?.unwrap_or_default();
    if (kind != "supergroup" && kind != "channel")
        || platform.direct_chat(Conversation::Group(chat_id)).await?.is_some()
    {
        return Err(ApiError::bad_request("only supergroups, channels and bots join a community"));
    }
    if !platform.standing(chat_id, actor.id()).await?.may(|r| r.can_change_info) {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    Ok(())
}

/// A member of one of the community's chats joins another of them, `chat_id`, on their own
/// (`community_chat_joined`).
async fn join(platform: &Platform, person: &UserRecord, chat_id: i64) -> Result<(), ApiError> {
    let c = community_of(platform, chat_id).await?.filter(|c| c.chats.contains(&chat_id)).ok_or_else(not_found)?;
    let mut member_elsewhere = false;
    for chat in c.chats.iter().filter(|c| **c != chat_id) {
        member_elsewhere |= platform.standing(*chat, person.id).await?.present();
    }
    if !member_elsewhere {
        return Err(ApiError::bad_request("join one of the community's chats first"));
    }
    let joined = types::CommunityChatJoined { community: Box::new(c.shown()) };
    let service = Message { community_chat_joined: Some(Box::new(joined)), ..Default::default() };
    crate::chats::join_vouched(platform, person, chat_id, service).await
}

/// A community as `viewer` reads it: `{community, owner, chats, bots}` (the chats as they see
/// them, and whether they are in each).
async fn view(platform: &Platform, c: &Community, viewer: i64) -> Result<Value, ApiError> {
    let mut chats = Vec::new();
    for chat in &c.chats {
        let shown = platform.chat(Conversation::Group(*chat), viewer).await?;
        let member = platform.standing(*chat, viewer).await?.present();
        chats.push(json!({"chat": typed(&shown), "is_member": member}));
    }
    let mut bots = Vec::new();
    for bot in &c.bots {
        if let Some(user) = platform.participant(*bot).await? {
            bots.push(typed(&user));
        }
    }
    Ok(json!({"community": typed(&c.shown()), "owner_id": c.owner, "chats": chats, "bots": bots}))
}

/// The communities `person` owns or is in a chat of.
async fn of_person(platform: &Platform, person: i64) -> Result<Value, ApiError> {
    let mut out = Vec::new();
    for (_, c) in COMMUNITIES.all(platform.storage.as_ref(), 0).await? {
        if sees(platform, &c, person).await? {
            out.push(view(platform, &c, person).await?);
        }
    }
    Ok(Value::Array(out))
}

/// The community a chat shows in `getChat` (`ChatFullInfo.community`).
fn chat_info<'a>(
    platform: &'a Platform,
    chat_id: i64,
    _viewer: i64,
    full: &'a mut types::ChatFullInfo,
) -> crate::kernel::world::Hooked<'a, ()> {
    Box::pin(async move {
        if let Some(c) = community_of(platform, chat_id).await? {
            full.community = Some(Box::new(c.shown()));
        }
        Ok(())
    })
}
