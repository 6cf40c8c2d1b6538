//! Groups on the embedded platform: creating basic groups and supergroups, members joining,
//! leaving, being banned, restricted and promoted, and the chat's own settings (title,
//! description, permissions, pins). Every change of a member's standing goes through
//! [`Platform::transition`], which stores it, tells a bot of its own change (`my_chat_member`),
//! the chat's administrator bots of others' (`chat_member`, when they asked for it) and posts
//! the service message when someone joins or leaves. Who may do what is decided here, with the
//! platform's errors as the reference server words them.

use msg_core::{ApiError, Change, ChatRecord, NewUpdate, UserRecord};
use msg_spec::types;
use serde_json::{Map, Value, json};

use crate::internal;
use crate::standing::{ChatDetails, PersonDetails, Standing, all_permissions, no_rights, until};
use crate::world::{Actor, Content, Conversation, MESSAGE_TTL, Platform, now, typed};

/// Supergroup ids are `-100` followed by the channel id.
const SUPERGROUP_BASE: i64 = 1_000_000_000_000;

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

/// The right to restrict and ban, and the error without it.
fn restrict_right(r: &types::ChatAdministratorRights) -> bool {
    r.can_restrict_members
}

impl Platform {
    /// The chat record of a group (`chat not found` when there is none).
    pub(crate) async fn group(&self, chat_id: i64) -> Result<ChatRecord, ApiError> {
        let cell = self.directory().await?;
        self.dir(cell).chats.get(&chat_id).cloned().ok_or_else(|| ApiError::bad_request("chat not found"))
    }

    /// Where `user_id` stands in `chat_id` now (`left` when never a member).
    pub(crate) async fn standing(&self, chat_id: i64, user_id: i64) -> Result<Standing, ApiError> {
        let cell = self.directory().await?;
        let standing = self.dir(cell).members.get(&chat_id).and_then(|m| m.get(&user_id)).cloned();
        Ok(standing.map_or_else(Standing::left, |s| s.at(now())))
    }

    /// Every member of a group with a standing (present or not), as of now.
    pub(crate) async fn standings(&self, chat_id: i64) -> Result<Vec<(i64, Standing)>, ApiError> {
        let cell = self.directory().await?;
        let dir = self.dir(cell);
        let members = dir.members.get(&chat_id).into_iter().flatten();
        Ok(members.map(|(id, s)| (*id, s.clone().at(now()))).collect())
    }

    /// A fresh id for a basic group (`-4…`) or a supergroup (`-100…`).
    async fn next_group_id(&self, supergroup: bool) -> Result<i64, ApiError> {
        let cell = self.directory().await?;
        let dir = self.dir(cell);
        Ok(if supergroup {
            let highest = dir.chats.keys().filter(|k| **k < -SUPERGROUP_BASE).map(|k| -k - SUPERGROUP_BASE).max();
            -(SUPERGROUP_BASE + 1 + highest.unwrap_or(1_999_999_999))
        } else {
            let groups = dir.chats.keys().filter(|k| **k > -SUPERGROUP_BASE).map(|k| k.unsigned_abs() as i64);
            -(1 + groups.max().unwrap_or(4_000_000_000).max(4_000_000_000))
        })
    }

    /// The creator upgrades a basic group to a supergroup: everyone present keeps their place
    /// (administrators with a basic group's administrator rights), the old group gets
    /// `migrate_to_chat_id`, the new one `migrate_from_chat_id`, and from then on the old id
    /// answers `group chat was upgraded to a supergroup chat` with `migrate_to_chat_id`.
    pub async fn upgrade(&self, creator: &UserRecord, chat_id: i64) -> Result<Value, ApiError> {
        let actor = Actor::User(creator.clone());
        let old_conversation = self.resolve_chat(&actor, &chat_id.to_string()).await?;
        let mut old = self.group(chat_id).await?;
        if old.kind != "group" {
            return Err(ApiError::bad_request("CHAT_ID_INVALID"));
        }
        if self.standing(chat_id, creator.id).await?.status != "creator" {
            return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
        }
        let id = self.next_group_id(true).await?;
        let old_details = ChatDetails::parse(&old.details);
        let mut chat = ChatRecord::new(id, "supergroup".into(), old.title.clone(), now());
        let details = ChatDetails {
            description: old_details.description.clone(),
            permissions: old_details.permissions.clone(),
            ..ChatDetails::default()
        };
        chat.details = details.to_json();
        let mut changes = vec![Change::PutChat(chat.clone())];
        let mut standings = Vec::new();
        for (user_id, standing) in self.standings(chat_id).await? {
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
            changes.push(Change::PutMember(standing.record(id, user_id)));
            standings.push((user_id, standing));
        }
        self.storage.apply(changes).await.map_err(internal)?;
        {
            let cell = self.directory().await?;
            let mut dir = self.dir(cell);
            dir.chats.insert(id, chat);
            dir.members.entry(id).or_default().extend(standings);
        }
        let mut service = Map::new();
        service.insert("migrate_to_chat_id".into(), id.into());
        self.post(&actor, old_conversation, Content { service: Some(service), ..Content::default() }).await?;
        let mut old_details = old_details;
        old_details.migrated_to = Some(id);
        old.details = old_details.to_json();
        self.put_group(old).await?;
        let mut service = Map::new();
        service.insert("migrate_from_chat_id".into(), chat_id.into());
        self.post(&actor, Conversation::Group(id), Content { service: Some(service), ..Content::default() }).await?;
        self.chat_json(Conversation::Group(id), creator.id).await
    }

    /// A person creates a basic group or a supergroup with the given members (people and bots).
    pub async fn create_group(
        &self,
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
        let cell = self.directory().await?;
        let id = self.next_group_id(supergroup).await?;
        let kind = match (supergroup, channel) {
            (_, true) => "channel",
            (true, false) => "supergroup",
            (false, false) => "group",
        };
        let chat = ChatRecord::new(id, kind.into(), title.to_owned(), now());
        let owner = Standing::of("creator");
        self.storage
            .apply(vec![Change::PutChat(chat.clone()), Change::PutMember(owner.record(id, creator.id))])
            .await
            .map_err(internal)?;
        {
            let mut dir = self.dir(cell);
            dir.chats.insert(id, chat);
            dir.members.entry(id).or_default().insert(creator.id, owner);
        }
        if supergroup && forum {
            self.make_forum(id).await?;
        }
        let actor = Actor::User(creator.clone());
        let mut service = Map::new();
        let created = match kind {
            "channel" => "channel_chat_created",
            "supergroup" => "supergroup_chat_created",
            _ => "group_chat_created",
        };
        service.insert(created.into(), true.into());
        self.post(&actor, Conversation::Group(id), Content { service: Some(service), ..Content::default() }).await?;
        for member in members {
            if *member != creator.id {
                self.add_member(&actor, id, *member).await?;
            }
        }
        self.chat_json(Conversation::Group(id), creator.id).await
    }

    /// Adds a person or bot to a group (anyone present may add).
    pub async fn add_member(&self, actor: &Actor, chat_id: i64, user_id: i64) -> Result<(), ApiError> {
        self.resolve_chat(actor, &chat_id.to_string()).await?;
        let old = self.standing(chat_id, user_id).await?;
        if old.present() {
            return Err(ApiError::bad_request("USER_ALREADY_PARTICIPANT"));
        }
        let acting = self.standing(chat_id, actor.id()).await?;
        if old.status == "kicked" && !acting.is_admin() {
            return Err(ApiError::bad_request("USER_KICKED"));
        }
        // Adding someone takes the right to invite: an administrator's, or every member's where
        // the chat allows it (never in a channel).
        let chat = self.group(chat_id).await?;
        // The operator may keep a bot out of groups (`bot set --join-groups off`).
        if chat.kind != "channel"
            && self.bot_record(user_id).await?.is_some()
            && !self.bot_flags(user_id).await?.join_groups
        {
            return Err(ApiError::bad_request("BOT_GROUPS_BLOCKED"));
        }
        let permissions = ChatDetails::parse(&chat.details).permissions();
        let may_invite = if chat.kind == "channel" {
            acting.may(|r| r.can_invite_users)
        } else {
            acting.may(|r| r.can_invite_users)
                || (!acting.is_admin() && acting.allowed(&permissions, |p| p.can_invite_users.unwrap_or(false)))
        };
        if !may_invite {
            return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
        }
        self.transition(actor, chat_id, user_id, old, Standing::of("member")).await
    }

    /// Removes a person or bot from a group, or (removing oneself) leaves it.
    pub async fn remove_member(&self, actor: &Actor, chat_id: i64, user_id: i64) -> Result<(), ApiError> {
        self.resolve_chat(actor, &chat_id.to_string()).await?;
        let old = self.standing(chat_id, user_id).await?;
        if !old.present() {
            return Err(ApiError::bad_request("USER_NOT_PARTICIPANT"));
        }
        // Removing someone else takes the creator or an administrator (the platform's answer to
        // anyone else); leaving is always allowed.
        if user_id != actor.id() && !self.standing(chat_id, actor.id()).await?.is_admin() {
            return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
        }
        if old.status == "creator" {
            return Err(ApiError::bad_request("can't remove chat owner"));
        }
        self.transition(actor, chat_id, user_id, old, Standing::left()).await
    }

    /// Moves `user_id` from `old` to `new` in `chat_id`: stored, announced to the bots concerned
    /// and, when presence changes, posted as a service message everyone present sees.
    pub(crate) async fn transition(
        &self,
        actor: &Actor,
        chat_id: i64,
        user_id: i64,
        old: Standing,
        new: Standing,
    ) -> Result<(), ApiError> {
        let user = self.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let conversation = Conversation::Group(chat_id);
        self.storage.apply(vec![Change::PutMember(new.record(chat_id, user_id))]).await.map_err(internal)?;
        let cell = self.directory().await?;
        let joined = !old.present() && new.present();
        let left = old.present() && !new.present();
        // The one leaving sees the service message too: it is posted while still listed.
        let listed = if left { old.clone() } else { new.clone() };
        self.dir(cell).members.entry(chat_id).or_default().insert(user_id, listed);
        let date = now();
        let change = |viewer_chat: types::Chat| types::ChatMemberUpdated {
            chat: Box::new(viewer_chat),
            from: Box::new(actor.user()),
            date,
            old_chat_member: Box::new(old.member(user.clone())),
            new_chat_member: Box::new(new.member(user.clone())),
            ..Default::default()
        };
        // A bot learns of its own standing through my_chat_member.
        if let Some(bot) = self.bot_record(user_id).await?
            && self.updates.accepts(&bot, "my_chat_member").await?
        {
            let payload = typed(&change(self.chat(conversation, bot.id).await?)).to_string();
            let update = NewUpdate::new("my_chat_member", payload, chat_id, date + MESSAGE_TTL);
            self.updates.push(&bot, update, Vec::new()).await?;
        }
        // Administrator bots that asked for chat_member learn of everyone else's.
        for (member, standing) in self.standings(chat_id).await? {
            if member == user_id || !standing.is_admin() {
                continue;
            }
            let Some(bot) = self.bot_record(member).await? else { continue };
            if self.updates.accepts(&bot, "chat_member").await? {
                let payload = typed(&change(self.chat(conversation, bot.id).await?)).to_string();
                let update = NewUpdate::new("chat_member", payload, chat_id, date + MESSAGE_TTL);
                self.updates.push(&bot, update, Vec::new()).await?;
            }
        }
        if joined || left {
            let mut service = Map::new();
            if joined {
                service.insert("new_chat_members".into(), json!([typed(&user)]));
            } else {
                service.insert("left_chat_member".into(), typed(&user));
            }
            let posted = self.post(actor, conversation, Content { service: Some(service), ..Content::default() }).await;
            if left {
                self.dir(cell).members.entry(chat_id).or_default().insert(user_id, new);
            }
            posted?;
        }
        Ok(())
    }

    // ---------------------------------------------------------------- blocking a bot

    /// A person blocks (`blocked`) or unblocks a bot. Kept as the person's standing in the
    /// chat whose id is the bot's (`kicked` while blocked); the bot gets `my_chat_member`.
    pub async fn block(&self, user: &UserRecord, bot_id: i64, blocked: bool) -> Result<(), ApiError> {
        let bot = self.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
        let old = if self.blocked(user.id, bot_id).await? { Standing::of("kicked") } else { Standing::of("member") };
        let new = if blocked { Standing::of("kicked") } else { Standing::of("member") };
        if old == new {
            return Ok(());
        }
        self.storage.apply(vec![Change::PutMember(new.record(bot_id, user.id))]).await.map_err(internal)?;
        let cell = self.directory().await?;
        self.dir(cell).members.entry(bot_id).or_default().insert(user.id, new.clone());
        if self.updates.accepts(&bot, "my_chat_member").await? {
            let bot_user = crate::world::bot_user(&bot);
            let update = types::ChatMemberUpdated {
                chat: Box::new(self.chat(Conversation::private(user.id, bot_id), bot_id).await?),
                from: Box::new(crate::world::person(user)),
                date: now(),
                old_chat_member: Box::new(old.member(bot_user.clone())),
                new_chat_member: Box::new(new.member(bot_user)),
                ..Default::default()
            };
            let update = NewUpdate::new("my_chat_member", typed(&update).to_string(), user.id, now() + MESSAGE_TTL);
            self.updates.push(&bot, update, Vec::new()).await?;
        }
        Ok(())
    }

    /// Whether `user_id` has blocked the bot `bot_id`.
    pub(crate) async fn blocked(&self, user_id: i64, bot_id: i64) -> Result<bool, ApiError> {
        let cell = self.directory().await?;
        let dir = self.dir(cell);
        Ok(dir.members.get(&bot_id).and_then(|m| m.get(&user_id)).is_some_and(|s| s.status == "kicked"))
    }

    // ---------------------------------------------------------------- people's emoji statuses

    /// A person allows a bot to set their emoji status.
    pub async fn allow_emoji_status(&self, user: &UserRecord, bot_id: i64) -> Result<(), ApiError> {
        self.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
        let mut person = self.user(user.id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let mut details = PersonDetails::parse(&person.details);
        if !details.emoji_status_bots.contains(&bot_id) {
            details.emoji_status_bots.push(bot_id);
        }
        person.details = details.to_json();
        self.create_user(person).await
    }

    /// setUserEmojiStatus: only for a person who allowed the bot; `""` or `"0"` clears it.
    pub async fn set_emoji_status(&self, bot_id: i64, user_id: i64, emoji: &str, until: i64) -> Result<(), ApiError> {
        let Some(mut person) = self.user(user_id).await? else {
            return Err(ApiError::bad_request("user not found"));
        };
        let mut details = PersonDetails::parse(&person.details);
        if !details.emoji_status_bots.contains(&bot_id) {
            return Err(ApiError::bad_request("USER_PERMISSION_DENIED"));
        }
        let emoji = Some(emoji.to_owned()).filter(|e| !e.is_empty() && e != "0");
        details.emoji_status_expiration_date = if emoji.is_some() { until.max(0) } else { 0 };
        details.emoji_status_custom_emoji_id = emoji;
        person.details = details.to_json();
        self.create_user(person).await
    }

    /// A person adds a profile photo (the sizes of a stored upload), or with `None` removes
    /// the newest.
    pub async fn set_profile_photo(&self, user: &UserRecord, photo: Option<Value>) -> Result<(), ApiError> {
        let mut person = self.user(user.id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let mut details = PersonDetails::parse(&person.details);
        match photo {
            Some(sizes) => details.photos.insert(0, sizes),
            None if details.photos.is_empty() => return Err(ApiError::bad_request("PHOTO_ID_INVALID")),
            None => {
                details.photos.remove(0);
            }
        }
        person.details = details.to_json();
        self.create_user(person).await
    }

    // ---------------------------------------------------------------- members, by an admin

    /// The group `conversation` names, or the error a method for groups only gives in a private
    /// chat; `supergroup_only` is the error for a basic group, when it is refused there too.
    async fn group_for(
        &self,
        conversation: Conversation,
        private: &str,
        supergroup_only: Option<&str>,
    ) -> Result<ChatRecord, ApiError> {
        let Conversation::Group(id) = conversation else { return Err(ApiError::bad_request(private)) };
        let chat = self.group(id).await?;
        match supergroup_only {
            Some(error) if chat.kind != "supergroup" => Err(ApiError::bad_request(error)),
            _ => Ok(chat),
        }
    }

    /// Who `target` is to a restriction by `actor`: not the owner, not oneself, not another's
    /// administrator.
    async fn restrictable(
        &self,
        actor: &Actor,
        chat: &ChatRecord,
        target: &Standing,
        user_id: i64,
    ) -> Result<(), ApiError> {
        let acting = self.standing(chat.id, actor.id()).await?;
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
    pub async fn ban(
        &self,
        actor: &Actor,
        conversation: Conversation,
        user_id: i64,
        until_date: i64,
    ) -> Result<(), ApiError> {
        let chat = self.group_for(conversation, "can't ban members in private chats", None).await?;
        self.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let old = self.standing(chat.id, user_id).await?;
        self.restrictable(actor, &chat, &old, user_id).await?;
        let new = if chat.kind == "supergroup" {
            Standing { until_date: until(until_date, now()), ..Standing::of("kicked") }
        } else if old.present() {
            Standing::left()
        } else {
            return Ok(());
        };
        self.transition(actor, chat.id, user_id, old, new).await
    }

    /// unbanChatMember: a banned user may join again; without `only_if_banned` a present member
    /// is removed too (as the public platform does).
    pub async fn unban(
        &self,
        actor: &Actor,
        conversation: Conversation,
        user_id: i64,
        only_if_banned: bool,
    ) -> Result<(), ApiError> {
        let only = "method is available for supergroup and channel chats only";
        let chat = self.group_for(conversation, only, None).await?;
        if chat.kind == "group" {
            return Err(ApiError::bad_request(only));
        }
        let old = self.standing(chat.id, user_id).await?;
        if (only_if_banned && old.status != "kicked") || old.status == "left" {
            return Ok(());
        }
        self.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        self.restrictable(actor, &chat, &old, user_id).await?;
        self.transition(actor, chat.id, user_id, old, Standing::left()).await
    }

    /// restrictChatMember: `permissions` all true lifts a restriction.
    pub async fn restrict(
        &self,
        actor: &Actor,
        conversation: Conversation,
        user_id: i64,
        permissions: types::ChatPermissions,
        until_date: i64,
    ) -> Result<(), ApiError> {
        let only = "method is available only for supergroups";
        let chat = self.group_for(conversation, only, Some(only)).await?;
        self.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let old = self.standing(chat.id, user_id).await?;
        self.restrictable(actor, &chat, &old, user_id).await?;
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
        self.transition(actor, chat.id, user_id, old, new).await
    }

    /// promoteChatMember: `rights` with no right set demotes to a plain member.
    pub async fn promote(
        &self,
        actor: &Actor,
        conversation: Conversation,
        user_id: i64,
        rights: types::ChatAdministratorRights,
    ) -> Result<(), ApiError> {
        let only = "method is available for supergroup and channel chats only";
        let chat = self.group_for(conversation, only, None).await?;
        if chat.kind == "group" {
            return Err(ApiError::bad_request(only));
        }
        self.participant(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let acting = self.standing(chat.id, actor.id()).await?;
        if !acting.may(|r| r.can_promote_members) {
            return Err(ApiError::bad_request("not enough rights"));
        }
        let old = self.standing(chat.id, user_id).await?;
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
        let rights = if chat.kind == "channel" {
            types::ChatAdministratorRights {
                can_pin_messages: None,
                can_manage_topics: None,
                can_manage_tags: None,
                ..rights
            }
        } else {
            types::ChatAdministratorRights {
                can_post_messages: None,
                can_edit_messages: None,
                can_manage_direct_messages: None,
                ..rights
            }
        };
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
        self.transition(actor, chat.id, user_id, old, new).await
    }

    /// setChatAdministratorCustomTitle.
    pub async fn set_custom_title(
        &self,
        actor: &Actor,
        conversation: Conversation,
        user_id: i64,
        title: &str,
    ) -> Result<(), ApiError> {
        let chat = self.group_for(conversation, "method is available only for groups and supergroups", None).await?;
        let mut standing = self.standing(chat.id, user_id).await?;
        match standing.status.as_str() {
            "creator" if user_id != actor.id() => {
                return Err(ApiError::bad_request("only the owner can edit their custom title"));
            }
            "creator" => {}
            "administrator" => {
                let acting = self.standing(chat.id, actor.id()).await?;
                if acting.status != "creator" && standing.promoted_by != Some(actor.id()) {
                    return Err(ApiError::bad_request("not enough rights to change custom title of the user"));
                }
            }
            _ => return Err(ApiError::bad_request("user is not an administrator")),
        }
        if title.chars().count() > 16 || title.contains(|c: char| c.is_control()) {
            return Err(ApiError::bad_request("CUSTOM_TITLE_INVALID"));
        }
        standing.custom_title = Some(title.to_owned()).filter(|t| !t.is_empty());
        self.put_standing(chat.id, user_id, standing).await
    }

    /// setChatMemberTag: a member's tag, set by an administrator who manages tags (or by the
    /// member itself where the chat lets members edit their tags); empty removes it.
    pub async fn set_tag(
        &self,
        actor: &Actor,
        conversation: Conversation,
        user_id: i64,
        tag: &str,
    ) -> Result<(), ApiError> {
        let only = "method is available only for groups and supergroups";
        let chat = self.group_for(conversation, only, None).await?;
        if chat.kind == "channel" {
            return Err(ApiError::bad_request(only));
        }
        let mut standing = self.standing(chat.id, user_id).await?;
        if !standing.present() {
            return Err(ApiError::bad_request("USER_NOT_PARTICIPANT"));
        }
        let acting = self.standing(chat.id, actor.id()).await?;
        let permissions = ChatDetails::parse(&chat.details).permissions();
        let own = user_id == actor.id() && acting.allowed(&permissions, |p| p.can_edit_tag.unwrap_or(false));
        if !own && !acting.may(|r| r.can_manage_tags.unwrap_or(false)) {
            return Err(ApiError::bad_request("not enough rights"));
        }
        if tag.chars().count() > 16 || tag.contains(|c: char| c.is_control()) {
            return Err(ApiError::bad_request("TAG_INVALID"));
        }
        standing.tag = Some(tag.to_owned()).filter(|t| !t.is_empty());
        self.put_standing(chat.id, user_id, standing).await
    }

    /// banChatSenderChat / unbanChatSenderChat: a chat (a channel) may no longer post here as
    /// itself, or may again.
    pub async fn ban_sender(
        &self,
        actor: &Actor,
        conversation: Conversation,
        sender: i64,
        ban: bool,
    ) -> Result<(), ApiError> {
        let mut chat = self.group_for(conversation, "can't ban members in private chats", None).await?;
        if chat.kind == "group" {
            return Err(ApiError::bad_request("can't ban chats in basic groups"));
        }
        if !self.standing(chat.id, actor.id()).await?.may(restrict_right) {
            return Err(ApiError::bad_request("not enough rights to restrict/unrestrict chat member"));
        }
        if !self.is_channel(Conversation::Group(sender)).await? {
            return Err(ApiError::bad_request("invalid chat identifier specified"));
        }
        let mut details = ChatDetails::parse(&chat.details);
        details.banned_senders.retain(|id| *id != sender);
        if ban {
            details.banned_senders.push(sender);
        }
        chat.details = details.to_json();
        self.put_group(chat).await
    }

    /// Whether `actor` may post in the group `conversation` on behalf of `channel`: an
    /// administrator of that channel, in a group that has not banned it.
    pub(crate) async fn may_send_as(
        &self,
        actor: &Actor,
        conversation: Conversation,
        channel: i64,
    ) -> Result<(), ApiError> {
        let Conversation::Group(id) = conversation else { return Err(ApiError::bad_request("SEND_AS_PEER_INVALID")) };
        if !self.is_channel(Conversation::Group(channel)).await?
            || !self.standing(channel, actor.id()).await?.is_admin()
        {
            return Err(ApiError::bad_request("SEND_AS_PEER_INVALID"));
        }
        if ChatDetails::parse(&self.group(id).await?.details).banned_senders.contains(&channel) {
            return Err(ApiError::bad_request("CHAT_SEND_AS_PEER_BANNED"));
        }
        Ok(())
    }

    /// Stores a standing that changes nothing anyone is told about (a title, a tag).
    async fn put_standing(&self, chat_id: i64, user_id: i64, standing: Standing) -> Result<(), ApiError> {
        self.storage.apply(vec![Change::PutMember(standing.record(chat_id, user_id))]).await.map_err(internal)?;
        let cell = self.directory().await?;
        self.dir(cell).members.entry(chat_id).or_default().insert(user_id, standing);
        Ok(())
    }

    /// leaveChat.
    pub async fn leave(&self, actor: &Actor, conversation: Conversation) -> Result<(), ApiError> {
        let chat = self.group_for(conversation, "can't leave private chats", None).await?;
        let old = self.standing(chat.id, actor.id()).await?;
        self.transition(actor, chat.id, actor.id(), old, Standing::left()).await
    }

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
        let mut service = Map::new();
        service.insert("new_chat_title".into(), title.into());
        self.post(actor, conversation, Content { service: Some(service), ..Content::default() }).await?;
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
        let mut service = Map::new();
        match photo {
            Some(sizes) => service.insert("new_chat_photo".into(), sizes),
            None => service.insert("delete_chat_photo".into(), true.into()),
        };
        self.post(actor, conversation, Content { service: Some(service), ..Content::default() }).await?;
        Ok(())
    }

    /// The chat's photo as `viewer` sees it (`ChatPhoto`), linking it into a bot's directory.
    async fn chat_photo(&self, details: &ChatDetails, viewer: i64) -> Result<Option<types::ChatPhoto>, ApiError> {
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
        let Some(message) = self.load_message(conversation, message_id).await? else {
            return Err(ApiError::bad_request("message to pin not found"));
        };
        if message.get("text").is_none() && message.get("caption").is_none() && !is_media(&message) {
            return Err(ApiError::bad_request("service messages can't be pinned"));
        }
        self.may_pin(actor, conversation).await?;
        let (chat, mut details) = self.pins(conversation).await?;
        details.pinned.retain(|id| *id != message_id);
        details.pinned.push(message_id);
        self.put_pins(chat, details).await?;
        let mut service = Map::new();
        service.insert("pinned_message".into(), message);
        let _ = silent;
        self.post(actor, conversation, Content { service: Some(service), ..Content::default() }).await?;
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

    // ---------------------------------------------------------------- what a bot may read

    /// getChat: the chat `viewer` sees, in full.
    pub async fn chat_full(&self, conversation: Conversation, viewer: i64) -> Result<Value, ApiError> {
        let chat = self.chat(conversation, viewer).await?;
        let mut full = types::ChatFullInfo {
            id: chat.id,
            r#type: chat.r#type,
            title: chat.title,
            username: chat.username,
            first_name: chat.first_name,
            last_name: chat.last_name,
            is_forum: chat.is_forum,
            accent_color_id: chat.id.rem_euclid(7),
            max_reaction_count: 11,
            accepted_gift_types: Box::new(types::AcceptedGiftTypes::default()),
            ..Default::default()
        };
        if let Conversation::Private(..) = conversation
            && let Some(person) = self.user(conversation.chat_id_for(viewer)).await?
            && let Some((emoji, until)) = PersonDetails::parse(&person.details).emoji_status(now())
        {
            full.emoji_status_custom_emoji_id = Some(emoji);
            full.emoji_status_expiration_date = until;
        }
        if let Conversation::Group(id) = conversation {
            let record = self.group(id).await?;
            let details = ChatDetails::parse(&record.details);
            full.description = details.description.clone();
            full.invite_link = details.invites.iter().find(|i| i.is_primary).map(|i| i.link.clone());
            full.photo = self.chat_photo(&details, viewer).await?.map(Box::new);
            if record.kind != "channel" {
                full.permissions = Some(Box::new(details.permissions()));
            }
            if let Some(pinned) = details.pinned.last()
                && let Some(message) = self.load_message(conversation, *pinned).await?
            {
                let chat = self.chat_json(conversation, viewer).await?;
                full.pinned_message =
                    serde_json::from_value(crate::world::with_chat(&message, &chat)).ok().map(Box::new);
            }
        }
        Ok(typed(&full))
    }

    /// getChatMember.
    pub async fn member_info(&self, conversation: Conversation, viewer: i64, user_id: i64) -> Result<Value, ApiError> {
        let user = self.participant(user_id).await?;
        match conversation {
            Conversation::Private(a, b) => match user {
                Some(user) if user_id == a || user_id == b => Ok(typed(&Standing::of("member").member(user))),
                _ => Err(ApiError::bad_request("member not found")),
            },
            Conversation::Group(id) => {
                let _ = viewer;
                let user = user.ok_or_else(|| ApiError::bad_request("user not found"))?;
                Ok(typed(&self.standing(id, user_id).await?.member(user)))
            }
        }
    }

    /// getChatAdministrators: the creator and administrators; other bots only with `return_bots`.
    pub async fn administrators(
        &self,
        conversation: Conversation,
        viewer: i64,
        return_bots: bool,
    ) -> Result<Value, ApiError> {
        let Conversation::Group(id) = conversation else {
            return Err(ApiError::bad_request("there are no administrators in the private chat"));
        };
        let mut out = Vec::new();
        for (member, standing) in self.standings(id).await? {
            if !standing.is_admin() {
                continue;
            }
            let Some(user) = self.participant(member).await? else { continue };
            if user.is_bot && member != viewer && !return_bots {
                continue;
            }
            out.push(typed(&standing.member(user)));
        }
        Ok(Value::Array(out))
    }

    /// getChatMemberCount.
    pub async fn member_count(&self, conversation: Conversation) -> Result<i64, ApiError> {
        Ok(match conversation {
            Conversation::Private(a, b) => 1 + i64::from(a != b),
            Conversation::Group(_) => self.participants(conversation).await?.len() as i64,
        })
    }

    /// Whether `actor` may post a message carrying `field` (`text`, `photo`, ...) here; the
    /// platform's error when not.
    pub(crate) async fn may_send(
        &self,
        actor: &Actor,
        conversation: Conversation,
        field: &str,
    ) -> Result<(), ApiError> {
        let Conversation::Group(id) = conversation else { return Ok(()) };
        if self.group(id).await?.kind == "channel" {
            if self.standing(id, actor.id()).await?.may(|r| r.can_post_messages.unwrap_or(false)) {
                return Ok(());
            }
            return Err(ApiError::bad_request("need administrator rights in the channel chat"));
        }
        let permissions = self.chat_permissions(conversation).await?;
        let standing = self.standing(id, actor.id()).await?;
        let (allowed, what): (fn(&types::ChatPermissions) -> Option<bool>, &str) = match field {
            "photo" => (|p| p.can_send_photos, "photos"),
            "video" => (|p| p.can_send_videos, "videos"),
            "audio" => (|p| p.can_send_audios, "music"),
            "document" => (|p| p.can_send_documents, "documents"),
            "voice" => (|p| p.can_send_voice_notes, "voice notes"),
            "video_note" => (|p| p.can_send_video_notes, "video notes"),
            "animation" | "sticker" => (|p| p.can_send_other_messages, "stickers"),
            _ => (|p| p.can_send_messages, "text messages"),
        };
        if standing.allowed(&permissions, |p| allowed(p).unwrap_or(false)) {
            Ok(())
        } else {
            Err(ApiError::bad_request(format!("not enough rights to send {what} to the chat")))
        }
    }
}

/// A message with media (which may be pinned without text).
fn is_media(message: &Value) -> bool {
    ["photo", "video", "audio", "document", "voice", "video_note", "animation", "sticker"]
        .iter()
        .any(|f| message.get(*f).is_some())
}
