//! Groups on the embedded platform: creating basic groups and supergroups, members joining,
//! leaving, being banned, restricted and promoted, and the chat's own settings (title,
//! description, permissions, pins). Every change of a member's standing goes through
//! `transition`, which stores it, tells a bot of its own change (`my_chat_member`),
//! the chat's administrator bots of others' (`chat_member`, when they asked for it) and posts
//! the service message when someone joins or leaves. Who may do what is decided here, with the
//! platform's errors as the reference server words them.

use msg_core::{ApiError, Change, ChatRecord, NewUpdate, UserRecord};
use msg_spec::types;
use serde_json::Value;

use crate::chats::rows::ChatRows;
use crate::chats::standing::{ChatDetails, Standing, all_permissions, no_rights, restrict_right, until};
use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::rows::{put_chat, put_member};
use crate::kernel::serial::{Entity, Held};
use crate::kernel::world::{Actor, Content, Conversation, MESSAGE_TTL, Platform, now, typed};
use crate::messages;

/// A group held for writing: its lock ([`Entity::Chat`]) and its record and details as they
/// were once the lock was taken. Until it is dropped nobody else changes the chat or anyone's
/// standing in it, so what is decided on them (rights included) still holds when
/// `save_group` or `transition` stores the change.
pub(super) struct GroupWrite<'a> {
    pub(crate) held: Held<'a>,
    pub(crate) chat: ChatRecord,
    pub(crate) details: ChatDetails,
    /// The record and rows as last stored, so a save writes what differs from them.
    stored: std::sync::Mutex<(ChatRecord, ChatRows)>,
}

/// Supergroup ids are `-100` followed by the channel id.
const SUPERGROUP_BASE: i64 = 1_000_000_000_000;
/// The last group id handed out, by kind ([`BASIC_GROUPS`] or [`SUPERGROUPS`], scope 0): the
/// id's magnitude (a supergroup's without `-100`).
pub(super) const GROUP_IDS: Table<i64> = Table::new("chat_group_id");
const BASIC_GROUPS: &str = "group";
const SUPERGROUPS: &str = "supergroup";
/// The first ids handed out: basic groups `-4000000001`, supergroups `-1002000000000`.
const FIRST_GROUP: i64 = 4_000_000_001;
const FIRST_SUPERGROUP: i64 = 2_000_000_000;

/// The rows that make the next group ids follow those of `chats` (a database from before the
/// ids were kept as rows).
pub(super) fn group_id_rows(chats: &[ChatRecord]) -> Vec<Change> {
    let supergroup = chats.iter().filter(|c| c.id < -SUPERGROUP_BASE).map(|c| -c.id - SUPERGROUP_BASE).max();
    let basic = chats.iter().filter(|c| c.id < 0 && c.id > -SUPERGROUP_BASE).map(|c| -c.id).max();
    let mut rows = Vec::new();
    if let Some(last) = supergroup.filter(|last| *last >= FIRST_SUPERGROUP) {
        rows.push(GROUP_IDS.put(0, SUPERGROUPS, &last));
    }
    if let Some(last) = basic.filter(|last| *last >= FIRST_GROUP) {
        rows.push(GROUP_IDS.put(0, BASIC_GROUPS, &last));
    }
    rows
}

/// The rights a basic group's administrator keeps in the supergroup it is upgraded to.
fn basic_group_admin() -> types::ChatAdministratorRights {
    types::ChatAdministratorRights {
        can_manage_chat: true,
        can_change_info: true,
        can_delete_messages: true,
        can_invite_users: true,
        can_restrict_members: true,
        can_pin_messages: Some(true),
        can_manage_video_chats: true,
        can_manage_topics: Some(true),
        ..Default::default()
    }
}

/// Takes group `chat_id`'s lock and reads it with its rows (`chat not found` when there is
/// none).
pub(super) async fn write_group(platform: &Platform, chat_id: i64) -> Result<GroupWrite<'_>, ApiError> {
    let held = platform.locks.lock(Entity::Chat(chat_id)).await;
    let chat = platform.group(chat_id).await?;
    let (details, rows) = super::chat_details(platform, &chat).await?;
    Ok(GroupWrite { held, stored: std::sync::Mutex::new((chat.clone(), rows)), chat, details })
}

/// Stores what changed in a group held for writing since it was read or last saved: its
/// record when its own fields changed, and each row added, changed or gone, in one batch.
pub(super) async fn save_group(platform: &Platform, group: &GroupWrite<'_>) -> Result<(), ApiError> {
    let (changes, saved) = group_changes(group);
    if changes.is_empty() {
        return Ok(());
    }
    platform.storage.apply(changes).await.map_err(internal)?;
    group_saved(platform, group, saved).await
}

/// What storing `group` as it is now changes (its rows, its record), for an act that
/// stores it with the rest; `group_saved` once that act has committed.
pub(super) fn group_changes(group: &GroupWrite<'_>) -> (Vec<Change>, (ChatRecord, ChatRows)) {
    let mut chat = group.chat.clone();
    chat.details = group.details.to_json();
    let (old_chat, old_rows) = group.stored.lock().expect("a group's stored state").clone();
    let rows = ChatRows::of(&group.details, &old_rows);
    let mut changes = old_rows.changes(chat.id, &rows);
    if chat != old_chat {
        changes.push(put_chat(&chat));
    }
    (changes, (chat, rows))
}

/// `group` is stored as `group_changes` said: it is what is cached now.
pub(super) async fn group_saved(
    platform: &Platform,
    group: &GroupWrite<'_>,
    (chat, rows): (ChatRecord, ChatRows),
) -> Result<(), ApiError> {
    *group.stored.lock().expect("a group's stored state") = (chat.clone(), rows);
    platform.cache_chat(chat).await
}

/// A fresh id for a basic group (`-4…`) or a supergroup (`-100…`): the last one handed out
/// is a row of [`GROUP_IDS`], moved on under its lock and stored before the id is used, so
/// an id is never handed out twice (one that was not used after all stays unused).
pub(super) async fn next_group_id(platform: &Platform, supergroup: bool) -> Result<i64, ApiError> {
    let _held = platform.locks.lock(Entity::GroupIds).await;
    let (key, first) = if supergroup { (SUPERGROUPS, FIRST_SUPERGROUP) } else { (BASIC_GROUPS, FIRST_GROUP) };
    let last = GROUP_IDS.get(platform.storage.as_ref(), 0, key).await?.unwrap_or(first - 1);
    let next = if platform.storage.shared() {
        // Other servers create groups too: the storage's counter row hands the ids out (the
        // lock above is this process's only), never below the row's.
        platform.storage.next_number(&format!("group_ids:{key}"), last + 1).await.map_err(internal)?
    } else {
        last + 1
    };
    platform.storage.apply(vec![GROUP_IDS.put(0, key, &next)]).await.map_err(internal)?;
    Ok(if supergroup { -(SUPERGROUP_BASE + next) } else { -next })
}

/// The creator upgrades a basic group to a supergroup: everyone present keeps their place
/// (administrators with a basic group's administrator rights), the old group gets
/// `migrate_to_chat_id`, the new one `migrate_from_chat_id`, and from then on the old id
/// answers `group chat was upgraded to a supergroup chat` with `migrate_to_chat_id`.
pub(crate) async fn upgrade(platform: &Platform, creator: &UserRecord, chat_id: i64) -> Result<Value, ApiError> {
    let actor = Actor::User(creator.clone());
    let old_conversation = platform.resolve_chat(&actor, &chat_id.to_string()).await?;
    let mut old = write_group(platform, chat_id).await?;
    if old.chat.kind != "group" {
        return Err(ApiError::bad_request("CHAT_ID_INVALID"));
    }
    if platform.standing(chat_id, creator.id).await?.status != "creator" {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    let id = next_group_id(platform, true).await?;
    let mut chat = ChatRecord::new(id, "supergroup".into(), old.chat.title.clone(), now());
    let details = ChatDetails {
        description: old.details.description.clone(),
        permissions: old.details.permissions.clone(),
        ..ChatDetails::default()
    };
    chat.details = details.to_json();
    let mut changes = vec![put_chat(&chat)];
    let mut standings = Vec::new();
    for (user_id, standing) in platform.standings(chat_id).await? {
        if !standing.present() {
            continue;
        }
        let standing = match standing.status.as_str() {
            "administrator" => Standing {
                rights: Some(basic_group_admin()),
                promoted_by: Some(creator.id),
                ..Standing::of("administrator")
            },
            _ => standing,
        };
        changes.push(put_member(&standing.record(id, user_id)));
        standings.push((user_id, standing));
    }
    let members: Vec<_> = standings.iter().map(|(user_id, standing)| standing.record(id, *user_id)).collect();
    platform.storage.apply(changes).await.map_err(internal)?;
    platform.cache_new_chat(chat, &members).await?;
    let service = types::Message { migrate_to_chat_id: Some(id), ..Default::default() };
    messages::post(platform, &actor, old_conversation, Content::of(service)).await?;
    old.details.migrated_to = Some(id);
    save_group(platform, &old).await?;
    drop(old);
    let service = types::Message { migrate_from_chat_id: Some(chat_id), ..Default::default() };
    messages::post(platform, &actor, Conversation::Group(id), Content::of(service)).await?;
    platform.chat_json(Conversation::Group(id), creator.id).await
}

/// A person creates a basic group or a supergroup with the given members (people and bots).
pub(super) async fn create_group(
    platform: &Platform,
    creator: &UserRecord,
    title: &str,
    members: &[i64],
    supergroup: bool,
    forum: bool,
    channel: bool,
) -> Result<Value, ApiError> {
    let supergroup = supergroup || channel;
    let title = title.trim();
    if title.is_empty() || title.chars().count() > 128 {
        return Err(ApiError::bad_request("chat title is empty or too long"));
    }
    let id = next_group_id(platform, supergroup).await?;
    let kind = match (supergroup, channel) {
        (_, true) => "channel",
        (true, false) => "supergroup",
        (false, false) => "group",
    };
    let chat = ChatRecord::new(id, kind.into(), title.to_owned(), now());
    let owner = Standing::of("creator");
    platform.storage.apply(vec![put_chat(&chat), put_member(&owner.record(id, creator.id))]).await.map_err(internal)?;
    platform.cache_new_chat(chat, &[owner.record(id, creator.id)]).await?;
    if supergroup && forum {
        super::make_forum(platform, id).await?;
    }
    let actor = Actor::User(creator.clone());
    let mut service = types::Message::default();
    match kind {
        "channel" => service.channel_chat_created = Some(true),
        "supergroup" => service.supergroup_chat_created = Some(true),
        _ => service.group_chat_created = Some(true),
    }
    let creation = Content::of(service);
    // A basic group is created with its members, who all see `group_chat_created` (bots
    // too); nobody can be in a supergroup or channel as it is created, so there the members
    // join after it, each with `new_chat_members`.
    let basic = kind == "group";
    if !basic {
        messages::post(platform, &actor, Conversation::Group(id), creation.clone()).await?;
    }
    let joined = async {
        for member in members {
            if *member != creator.id {
                join_by(platform, &actor, id, *member, !basic).await?;
            }
        }
        Ok::<_, ApiError>(())
    }
    .await;
    // The group exists: its creation message is posted even when a member could not join.
    if basic {
        messages::post(platform, &actor, Conversation::Group(id), creation).await?;
    }
    joined?;
    platform.chat_json(Conversation::Group(id), creator.id).await
}

/// Adds a person or bot to a group (anyone present may add).
pub(super) async fn add_member(platform: &Platform, actor: &Actor, chat_id: i64, user_id: i64) -> Result<(), ApiError> {
    join_by(platform, actor, chat_id, user_id, true).await
}

/// Adds a member as `add_member` does; `announce` false leaves out the `new_chat_members`
/// message (a basic group's first members, who get `group_chat_created` instead).
async fn join_by(
    platform: &Platform,
    actor: &Actor,
    chat_id: i64,
    user_id: i64,
    announce: bool,
) -> Result<(), ApiError> {
    platform.resolve_chat(actor, &chat_id.to_string()).await?;
    let group = write_group(platform, chat_id).await?;
    let old = platform.standing(chat_id, user_id).await?;
    if old.present() {
        return Err(ApiError::bad_request("USER_ALREADY_PARTICIPANT"));
    }
    let acting = platform.standing(chat_id, actor.id()).await?;
    if old.status == "kicked" && !acting.is_admin() {
        return Err(ApiError::bad_request("USER_KICKED"));
    }
    // Adding someone takes the right to invite: an administrator's, or every member's where
    // the chat allows it (never in a channel).
    let chat = &group.chat;
    // The operator may keep a bot out of groups (`bot set --join-groups off`).
    if chat.kind != "channel"
        && platform.bot_record(user_id).await?.is_some()
        && !platform.bot_flags(user_id).await?.join_groups
    {
        return Err(ApiError::bad_request("BOT_GROUPS_BLOCKED"));
    }
    let permissions = group.details.permissions();
    let may_invite = if chat.kind == "channel" {
        acting.may(|r| r.can_invite_users)
    } else {
        acting.may(|r| r.can_invite_users)
            || (!acting.is_admin() && acting.allowed(&permissions, |p| p.can_invite_users.unwrap_or(false)))
    };
    if !may_invite {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    let announce = if announce { Announce::Presence } else { Announce::Nothing };
    change_standing(platform, &group.held, actor, chat_id, user_id, old, Standing::of("member"), announce, Act::new())
        .await
}

/// Removes a person or bot from a group, or (removing oneself) leaves it.
pub(super) async fn remove_member(
    platform: &Platform,
    actor: &Actor,
    chat_id: i64,
    user_id: i64,
) -> Result<(), ApiError> {
    platform.resolve_chat(actor, &chat_id.to_string()).await?;
    let group = write_group(platform, chat_id).await?;
    let old = platform.standing(chat_id, user_id).await?;
    if !old.present() {
        return Err(ApiError::bad_request("USER_NOT_PARTICIPANT"));
    }
    // Removing someone else takes the creator or an administrator (the platform's answer to
    // anyone else); leaving is always allowed.
    if user_id != actor.id() && !platform.standing(chat_id, actor.id()).await?.is_admin() {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    if old.status == "creator" {
        return Err(ApiError::bad_request("can't remove chat owner"));
    }
    let new = removed(platform, actor, &group.chat.kind, user_id).await?;
    transition(platform, &group.held, actor, chat_id, user_id, old, new).await
}

/// Where a removal leaves `user_id`: a bot that someone else removes from a basic group is
/// `kicked` (the platform shows it the chat as forbidden: TDLib reports it banned, and its
/// sends answer "bot was kicked from the group chat"); anyone else, or whoever leaves, has
/// left. Only an administrator adds a kicked bot back.
async fn removed(platform: &Platform, actor: &Actor, chat_kind: &str, user_id: i64) -> Result<Standing, ApiError> {
    let removed_bot = user_id != actor.id() && platform.bot_record(user_id).await?.is_some();
    Ok(if chat_kind == "group" && removed_bot { Standing::of("kicked") } else { Standing::left() })
}

/// Moves `user_id` from `old` to `new` in `chat_id`: stored, announced to the bots concerned
/// and, when presence changes, posted as a service message everyone present sees.
/// The caller holds the chat's lock (`held`), taken before `old` was read.
async fn transition(
    platform: &Platform,
    held: &Held<'_>,
    actor: &Actor,
    chat_id: i64,
    user_id: i64,
    old: Standing,
    new: Standing,
) -> Result<(), ApiError> {
    transition_with(platform, held, actor, chat_id, user_id, old, new, Act::new()).await
}

/// `transition` as part of `act` (a paid join's Stars, a settled join request), stored in one
/// batch with the standing.
#[allow(clippy::too_many_arguments)]
pub(super) async fn transition_with(
    platform: &Platform,
    held: &Held<'_>,
    actor: &Actor,
    chat_id: i64,
    user_id: i64,
    old: Standing,
    new: Standing,
    act: Act,
) -> Result<(), ApiError> {
    change_standing(platform, held, actor, chat_id, user_id, old, new, Announce::Presence, act).await
}

/// What a change of presence posts in the chat.
enum Announce {
    /// Nothing (a basic group's first members, who get `group_chat_created` instead).
    Nothing,
    /// `new_chat_members` or `left_chat_member`.
    Presence,
    /// This service message instead (a join through a community: `community_chat_joined`).
    With(Box<types::Message>),
}

/// Person `person` joins group `chat_id` on their own, by a way another domain vouches for (a
/// community they are in), which `service` announces instead of `new_chat_members`. Refused to
/// one already there (`USER_ALREADY_PARTICIPANT`) or banned (`USER_BANNED_IN_CHANNEL`).
pub(crate) async fn join_vouched(
    platform: &Platform,
    person: &UserRecord,
    chat_id: i64,
    service: types::Message,
) -> Result<(), ApiError> {
    let group = write_group(platform, chat_id).await?;
    let old = platform.standing(chat_id, person.id).await?;
    if old.present() {
        return Err(ApiError::bad_request("USER_ALREADY_PARTICIPANT"));
    }
    if old.status == "kicked" {
        return Err(ApiError::bad_request("USER_BANNED_IN_CHANNEL"));
    }
    let actor = Actor::User(person.clone());
    let (member, announce) = (Standing::of("member"), Announce::With(Box::new(service)));
    change_standing(platform, &group.held, &actor, chat_id, person.id, old, member, announce, Act::new()).await
}

/// `transition`, with the service message about presence as `announce` says.
#[allow(clippy::too_many_arguments)]
async fn change_standing(
    platform: &Platform,
    held: &Held<'_>,
    actor: &Actor,
    chat_id: i64,
    user_id: i64,
    old: Standing,
    new: Standing,
    announce: Announce,
    act: Act,
) -> Result<(), ApiError> {
    assert!(held.holds(&Entity::Chat(chat_id)), "a standing changes under its chat's lock");
    let user = platform.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    // The standing, its updates and its service message are one act: stored together.
    let mut act = act;
    let joined = !old.present() && new.present();
    // A member's join date: set when they join, kept while they stay.
    let mut new = new;
    new.since = match (joined, new.present()) {
        (true, _) => crate::kernel::world::now(),
        (false, true) => old.since,
        (false, false) => 0,
    };
    act.change(put_member(&new.record(chat_id, user_id)));
    let left = old.present() && !new.present();
    // The one leaving sees the service message too: it is posted while still listed. The
    // cache shows the act's standing before it commits (the chat's lock keeps writers out)
    // and the old one again if it fails.
    let listed = if left { old.clone() } else { new.clone() };
    platform.cache_standing(chat_id, user_id, listed).await?;
    let service = match announce {
        _ if !(joined || left) => None,
        Announce::Nothing => None,
        Announce::Presence if joined => {
            Some(types::Message { new_chat_members: Some(vec![user.clone()]), ..Default::default() })
        }
        Announce::Presence => {
            Some(types::Message { left_chat_member: Some(Box::new(user.clone())), ..Default::default() })
        }
        Announce::With(service) => Some(*service),
    };
    let acted = standing_act(platform, &mut act, actor, chat_id, &user, &old, &new, service).await;
    let committed = match acted {
        Ok(()) => platform.commit(act).await,
        Err(e) => Err(e),
    };
    let shown = if committed.is_ok() { new } else { old };
    platform.cache_standing(chat_id, user_id, shown).await?;
    committed
}

/// What a standing's change tells: the bot's own `my_chat_member`, administrator bots'
/// `chat_member`, and `service`, the service message of someone joining or leaving.
#[allow(clippy::too_many_arguments)]
async fn standing_act(
    platform: &Platform,
    act: &mut Act,
    actor: &Actor,
    chat_id: i64,
    user: &types::User,
    old: &Standing,
    new: &Standing,
    service: Option<types::Message>,
) -> Result<(), ApiError> {
    let conversation = Conversation::Group(chat_id);
    let user_id = user.id;
    let date = now();
    let kind = platform.chat_kind(chat_id).await?.unwrap_or_default();
    let change = |viewer_chat: types::Chat, own: bool| {
        let seen = |s: &Standing| if own { s.clone() } else { s.clone().seen_by_others(&kind) };
        types::ChatMemberUpdated {
            chat: Box::new(viewer_chat),
            from: Box::new(actor.user()),
            date,
            old_chat_member: Box::new(seen(old).member(user.clone())),
            new_chat_member: Box::new(seen(new).member(user.clone())),
            ..Default::default()
        }
    };
    // A bot learns of its own standing through my_chat_member.
    if let Some(bot) = platform.bot_record(user_id).await?
        && platform.updates.accepts(&bot, "my_chat_member").await?
    {
        let payload = typed(&change(platform.chat(conversation, bot.id).await?, true)).to_string();
        let update = NewUpdate::new("my_chat_member", payload, chat_id, date + MESSAGE_TTL);
        platform.tell_bot(act, &bot, update).await?;
    }
    // Administrator bots that asked for chat_member learn of everyone else's.
    for (member, standing) in platform.standings(chat_id).await? {
        if member == user_id || !standing.is_admin() {
            continue;
        }
        let Some(bot) = platform.bot_record(member).await? else { continue };
        if platform.updates.accepts(&bot, "chat_member").await? {
            let payload = typed(&change(platform.chat(conversation, bot.id).await?, false)).to_string();
            let update = NewUpdate::new("chat_member", payload, chat_id, date + MESSAGE_TTL);
            platform.tell_bot(act, &bot, update).await?;
        }
    }
    if let Some(service) = service {
        messages::post_in(platform, act, actor, conversation, Content::of(service)).await?;
    }
    Ok(())
}

// ---------------------------------------------------------------- members, by an admin

/// The group `conversation` names, or the error a method for groups only gives in a private
/// chat; `supergroup_only` is the error for a basic group, when it is refused there too.
/// Held for writing (see [`GroupWrite`]).
pub(super) async fn write_group_for<'a>(
    platform: &'a Platform,
    conversation: Conversation,
    private: &str,
    supergroup_only: Option<&str>,
) -> Result<GroupWrite<'a>, ApiError> {
    let Conversation::Group(id) = conversation else { return Err(ApiError::bad_request(private)) };
    let group = write_group(platform, id).await?;
    match supergroup_only {
        Some(error) if group.chat.kind != "supergroup" => Err(ApiError::bad_request(error)),
        _ => Ok(group),
    }
}

/// Where `user_id` stands in `chat` now, when `actor` may restrict them (`user not found` for
/// nobody the platform knows; then [`restrictable`]'s refusals).
async fn restrictable_member(
    platform: &Platform,
    actor: &Actor,
    chat: &ChatRecord,
    user_id: i64,
) -> Result<Standing, ApiError> {
    platform.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    let old = platform.standing(chat.id, user_id).await?;
    restrictable(platform, actor, chat, &old, user_id).await?;
    Ok(old)
}

/// Who `target` is to a restriction by `actor`: not the owner, not oneself, not another's
/// administrator.
async fn restrictable(
    platform: &Platform,
    actor: &Actor,
    chat: &ChatRecord,
    target: &Standing,
    user_id: i64,
) -> Result<(), ApiError> {
    let acting = platform.standing(chat.id, actor.id()).await?;
    if chat.kind == "group" {
        if !acting.is_admin() {
            return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
        }
    } else if !acting.may(restrict_right) {
        return Err(ApiError::bad_request("not enough rights to restrict/unrestrict chat member"));
    }
    if user_id == actor.id() {
        return Err(ApiError::bad_request("can't restrict self"));
    }
    if target.status == "creator" {
        return Err(ApiError::bad_request("can't remove chat owner"));
    }
    if target.status == "administrator" && acting.status != "creator" && target.promoted_by != Some(actor.id()) {
        return Err(ApiError::bad_request("user is an administrator of the chat"));
    }
    Ok(())
}

/// banChatMember: a supergroup bans until `until_date` (0: for ever); a basic group removes.
pub(super) async fn ban(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    user_id: i64,
    until_date: i64,
) -> Result<(), ApiError> {
    let group = write_group_for(platform, conversation, "can't ban members in private chats", None).await?;
    let chat = &group.chat;
    let old = restrictable_member(platform, actor, chat, user_id).await?;
    let new = if chat.kind == "supergroup" {
        Standing { until_date: until(until_date, now()), ..Standing::of("kicked") }
    } else if old.present() {
        removed(platform, actor, &chat.kind, user_id).await?
    } else {
        return Ok(());
    };
    transition(platform, &group.held, actor, chat.id, user_id, old, new).await
}

/// unbanChatMember: a banned user may join again; without `only_if_banned` a present member
/// is removed too (as the public platform does).
pub(super) async fn unban(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    user_id: i64,
    only_if_banned: bool,
) -> Result<(), ApiError> {
    let only = "method is available for supergroup and channel chats only";
    let group = write_group_for(platform, conversation, only, None).await?;
    let chat = &group.chat;
    if chat.kind == "group" {
        return Err(ApiError::bad_request(only));
    }
    let old = platform.standing(chat.id, user_id).await?;
    if (only_if_banned && old.status != "kicked") || old.status == "left" {
        return Ok(());
    }
    platform.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    restrictable(platform, actor, chat, &old, user_id).await?;
    transition(platform, &group.held, actor, chat.id, user_id, old, Standing::left()).await
}

/// restrictChatMember: `permissions` all true lifts a restriction.
pub(super) async fn restrict(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    user_id: i64,
    permissions: types::ChatPermissions,
    until_date: i64,
) -> Result<(), ApiError> {
    let only = "method is available only for supergroups";
    let group = write_group_for(platform, conversation, only, Some(only)).await?;
    let chat = &group.chat;
    let old = restrictable_member(platform, actor, chat, user_id).await?;
    let new = if permissions == all_permissions(true) {
        if old.present() { Standing::of("member") } else { Standing::left() }
    } else {
        Standing {
            permissions: Some(permissions),
            until_date: until(until_date, now()),
            is_member: old.present(),
            tag: old.tag.clone(),
            ..Standing::of("restricted")
        }
    };
    if new == old {
        return Ok(());
    }
    transition(platform, &group.held, actor, chat.id, user_id, old, new).await
}

/// promoteChatMember: `rights` with no right set demotes to a plain member.
pub(super) async fn promote(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    user_id: i64,
    rights: types::ChatAdministratorRights,
) -> Result<(), ApiError> {
    let only = "method is available for supergroup and channel chats only";
    let group = write_group_for(platform, conversation, only, None).await?;
    let chat = &group.chat;
    if chat.kind == "group" {
        return Err(ApiError::bad_request(only));
    }
    platform.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
    let acting = platform.standing(chat.id, actor.id()).await?;
    if !acting.may(|r| r.can_promote_members) {
        return Err(ApiError::bad_request("not enough rights"));
    }
    let old = platform.standing(chat.id, user_id).await?;
    if old.status == "creator" {
        return Err(ApiError::bad_request("can't remove chat owner"));
    }
    if user_id == actor.id() {
        return Err(ApiError::bad_request("can't promote self"));
    }
    if old.status == "administrator" && acting.status != "creator" && old.promoted_by != Some(actor.id()) {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    let any = !no_rights(&rights);
    if !old.present() {
        return Err(ApiError::bad_request(if any {
            "USER_NOT_PARTICIPANT"
        } else {
            "bots can't add new chat members"
        }));
    }
    let rights = crate::kernel::standing::rights_of_kind(rights, chat.kind == "channel");
    // An administrator grants only rights it holds itself.
    if !acting.holds_all(&rights) {
        return Err(ApiError::bad_request("RIGHT_FORBIDDEN"));
    }
    let new = if any {
        Standing {
            rights: Some(types::ChatAdministratorRights { can_manage_chat: true, ..rights }),
            custom_title: old.custom_title.clone(),
            promoted_by: Some(actor.id()),
            ..Standing::of("administrator")
        }
    } else {
        Standing { tag: old.tag.clone(), ..Standing::of("member") }
    };
    if new == old {
        return Ok(());
    }
    transition(platform, &group.held, actor, chat.id, user_id, old, new).await
}

/// setChatAdministratorCustomTitle.
pub(super) async fn set_custom_title(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    user_id: i64,
    title: &str,
) -> Result<(), ApiError> {
    let group =
        write_group_for(platform, conversation, "method is available only for groups and supergroups", None).await?;
    let chat = &group.chat;
    let mut standing = platform.standing(chat.id, user_id).await?;
    match standing.status.as_str() {
        "creator" if user_id != actor.id() => {
            return Err(ApiError::bad_request("only the owner can edit their custom title"));
        }
        "creator" => {}
        "administrator" => {
            let acting = platform.standing(chat.id, actor.id()).await?;
            if acting.status != "creator" && standing.promoted_by != Some(actor.id()) {
                return Err(ApiError::bad_request("not enough rights to change custom title of the user"));
            }
        }
        _ => return Err(ApiError::bad_request("user is not an administrator")),
    }
    standing.custom_title = member_label(title, "CUSTOM_TITLE_INVALID")?;
    put_standing(platform, &group.held, chat.id, user_id, standing).await
}

/// setChatMemberTag: a member's tag, set by an administrator who manages tags (or by the
/// member itself where the chat lets members edit their tags); empty removes it.
pub(super) async fn set_tag(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    user_id: i64,
    tag: &str,
) -> Result<(), ApiError> {
    let only = "method is available only for groups and supergroups";
    let group = write_group_for(platform, conversation, only, None).await?;
    let chat = &group.chat;
    if chat.kind == "channel" {
        return Err(ApiError::bad_request(only));
    }
    let mut standing = platform.standing(chat.id, user_id).await?;
    if !standing.present() {
        return Err(ApiError::bad_request("USER_NOT_PARTICIPANT"));
    }
    let acting = platform.standing(chat.id, actor.id()).await?;
    let permissions = group.details.permissions();
    let own = user_id == actor.id() && acting.allowed(&permissions, |p| p.can_edit_tag.unwrap_or(false));
    if !own && !acting.may(|r| r.can_manage_tags.unwrap_or(false)) {
        return Err(ApiError::bad_request("not enough rights"));
    }
    standing.tag = member_label(tag, "TAG_INVALID")?;
    put_standing(platform, &group.held, chat.id, user_id, standing).await
}

/// banChatSenderChat / unbanChatSenderChat: a chat (a channel) may no longer post here as
/// itself, or may again.
pub(super) async fn ban_sender(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    sender: i64,
    ban: bool,
) -> Result<(), ApiError> {
    let mut group = write_group_for(platform, conversation, "can't ban members in private chats", None).await?;
    if group.chat.kind == "group" {
        return Err(ApiError::bad_request("can't ban chats in basic groups"));
    }
    if !platform.standing(group.chat.id, actor.id()).await?.may(restrict_right) {
        return Err(ApiError::bad_request("not enough rights to restrict/unrestrict chat member"));
    }
    if !platform.is_channel(Conversation::Group(sender)).await? {
        return Err(ApiError::bad_request("invalid chat identifier specified"));
    }
    group.details.banned_senders.retain(|id| *id != sender);
    if ban {
        group.details.banned_senders.push(sender);
    }
    save_group(platform, &group).await
}

/// Whether `actor` may post in the group `conversation` on behalf of `channel`: an
/// administrator of that channel, in a group that has not banned it.
pub(super) async fn may_send_as(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    channel: i64,
) -> Result<(), ApiError> {
    let Conversation::Group(id) = conversation else { return Err(ApiError::bad_request("SEND_AS_PEER_INVALID")) };
    if !platform.is_channel(Conversation::Group(channel)).await?
        || !platform.standing(channel, actor.id()).await?.is_admin()
    {
        return Err(ApiError::bad_request("SEND_AS_PEER_INVALID"));
    }
    platform.group(id).await?;
    if crate::chats::rows::BANNED_SENDERS.get(platform.storage.as_ref(), id, &channel.to_string()).await?.is_some() {
        return Err(ApiError::bad_request("CHAT_SEND_AS_PEER_BANNED"));
    }
    Ok(())
}

/// Stores a standing that changes nothing anyone is told about (a title, a tag).
/// The caller holds the chat's lock (`held`).
async fn put_standing(
    platform: &Platform,
    held: &Held<'_>,
    chat_id: i64,
    user_id: i64,
    standing: Standing,
) -> Result<(), ApiError> {
    assert!(held.holds(&Entity::Chat(chat_id)), "a standing changes under its chat's lock");
    platform.storage.apply(vec![put_member(&standing.record(chat_id, user_id))]).await.map_err(internal)?;
    platform.cache_standing(chat_id, user_id, standing).await
}

/// leaveChat.
pub(super) async fn leave(platform: &Platform, actor: &Actor, conversation: Conversation) -> Result<(), ApiError> {
    let group = write_group_for(platform, conversation, "can't leave private chats", None).await?;
    let old = platform.standing(group.chat.id, actor.id()).await?;
    transition(platform, &group.held, actor, group.chat.id, actor.id(), old, Standing::left()).await
}

/// A label shown beside a member's name (an administrator's custom title, a member's tag): at
/// most 16 characters, no control characters; empty removes it. `invalid` names the error.
fn member_label(label: &str, invalid: &'static str) -> Result<Option<String>, ApiError> {
    if label.chars().count() > 16 || label.contains(|c: char| c.is_control()) {
        return Err(ApiError::bad_request(invalid));
    }
    Ok(Some(label.to_owned()).filter(|l| !l.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_label_is_16_characters_without_controls_and_empty_removes_it() {
        assert_eq!(member_label("Keeper of notes", "TAG_INVALID").unwrap().as_deref(), Some("Keeper of notes"));
        assert_eq!(member_label("", "TAG_INVALID").unwrap(), None);
        assert_eq!(member_label("ёжик в тумане 16", "TAG_INVALID").unwrap().as_deref(), Some("ёжик в тумане 16"));
        for bad in ["seventeen letters", "tab\there"] {
            assert_eq!(
                member_label(bad, "CUSTOM_TITLE_INVALID").unwrap_err().description,
                "Bad Request: CUSTOM_TITLE_INVALID"
            );
        }
    }

    #[test]
    fn group_ids_count_on_from_the_groups_of_an_older_database() {
        let chat = |id| ChatRecord::new(id, "group".into(), "G".into(), 1);
        let chats = [chat(-4_000_000_007), chat(-4_000_000_002), chat(-1_002_000_000_005), chat(-1_002_000_000_001)];
        assert_eq!(
            group_id_rows(&chats),
            vec![GROUP_IDS.put(0, SUPERGROUPS, &2_000_000_005), GROUP_IDS.put(0, BASIC_GROUPS, &4_000_000_007)]
        );
        assert!(group_id_rows(&[]).is_empty(), "a new database starts at the first ids");
    }
}
