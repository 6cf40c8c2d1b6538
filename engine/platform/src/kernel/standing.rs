//! Where each member stands in a group, and what the group itself allows: a member's
//! [`Standing`] (creator, administrator with its `ChatAdministratorRights`, member, restricted
//! with its `ChatPermissions` and until date, left, kicked with its until date) and a chat's
//! [`ChatDetails`] (description, chat-wide permissions, and the lists kept as rows of their own,
//! `chats/rows.rs`). A standing and a chat's own fields are stored as the JSON `details` of their
//! storage records. Temporary bans and restrictions end by time: a
//! standing is always read through [`Standing::at`]. Not here: who may change them (see
//! `chats/groups.rs`). In the kernel: every domain reads standings.

use msg_core::MemberRecord;
use msg_spec::types;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A restriction or ban ends at its until date; 0 (or one under 30 s away or over 366 days
/// away, as the platform reads it) is for ever.
fn forever(until_date: i64, now: i64) -> bool {
    until_date == 0 || until_date < now + 30 || until_date > now + 366 * 86_400
}

/// The until date as stored: 0 for ever.
pub fn until(until_date: i64, now: i64) -> i64 {
    if until_date <= 0 || forever(until_date, now) { 0 } else { until_date }
}

fn is_zero(value: &i64) -> bool {
    *value == 0
}

/// One member's standing in a group.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Standing {
    /// `creator`, `administrator`, `member`, `restricted`, `left` or `kicked` (the record's column).
    #[serde(skip)]
    pub status: String,
    /// An administrator's rights.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rights: Option<types::ChatAdministratorRights>,
    /// A restricted member's permissions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permissions: Option<types::ChatPermissions>,
    /// When a restriction or ban ends (0: never).
    #[serde(skip_serializing_if = "is_zero")]
    pub until_date: i64,
    /// A restricted member who is still in the chat.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub is_member: bool,
    /// An administrator's (or the creator's) custom title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_title: Option<String>,
    /// A member's tag.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// Who promoted an administrator (they, and the creator, may edit it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promoted_by: Option<i64>,
    /// When the member joined, by the platform's clock (0: not known, a member since before
    /// joins were dated or since the chat was made); kept while they stay.
    #[serde(skip_serializing_if = "is_zero")]
    pub since: i64,
}

impl Standing {
    pub fn of(status: &str) -> Self {
        Self { status: status.to_owned(), ..Self::default() }
    }

    pub fn left() -> Self {
        Self::of("left")
    }

    pub fn from_record(record: &MemberRecord) -> Self {
        let mut standing: Standing = serde_json::from_str(&record.details).unwrap_or_default();
        standing.status = record.status.clone();
        standing
    }

    pub fn record(&self, chat_id: i64, user_id: i64) -> MemberRecord {
        let details = serde_json::to_string(self).expect("a standing serializes");
        MemberRecord::new(chat_id, user_id, self.status.clone(), details)
    }

    /// The standing as it is at `now`: an expired ban is `left`, an expired restriction lifts.
    pub fn at(self, now: i64) -> Self {
        if self.until_date == 0 || self.until_date > now {
            return self;
        }
        match self.status.as_str() {
            "kicked" => Self::left(),
            // A member again, keeping what a member keeps (the join date, a tag).
            "restricted" if self.is_member => Self { since: self.since, tag: self.tag, ..Self::of("member") },
            "restricted" => Self::left(),
            _ => self,
        }
    }

    /// In the chat now (an administrator, the creator, a member, or restricted but present).
    pub fn present(&self) -> bool {
        match self.status.as_str() {
            "creator" | "administrator" | "member" => true,
            "restricted" => self.is_member,
            _ => false,
        }
    }

    /// [`Standing::present`] as of `now`, without copying the standing.
    pub fn present_at(&self, now: i64) -> bool {
        if self.until_date != 0 && self.until_date <= now {
            return self.status == "restricted" && self.is_member;
        }
        self.present()
    }

    /// The standing as someone else sees it: a basic group keeps no list of the removed, so a
    /// bot kicked from one (only it is told so) has simply left for the others.
    pub fn seen_by_others(self, chat_kind: &str) -> Self {
        if chat_kind == "group" && self.status == "kicked" { Self::left() } else { self }
    }

    pub fn is_admin(&self) -> bool {
        matches!(self.status.as_str(), "creator" | "administrator")
    }

    /// Whether this member holds `right` (the creator holds every right).
    pub fn may(&self, right: impl Fn(&types::ChatAdministratorRights) -> bool) -> bool {
        match self.status.as_str() {
            "creator" => true,
            "administrator" => self.rights.as_ref().is_some_and(right),
            _ => false,
        }
    }

    /// Whether this member holds every right `granted` sets: nobody grants a right they do not
    /// hold themselves (the creator holds them all).
    pub fn holds_all(&self, granted: &types::ChatAdministratorRights) -> bool {
        let own = match self.status.as_str() {
            "creator" => return true,
            "administrator" => self.rights.as_ref().map(|r| serde_json::to_value(r).expect("rights serialize")),
            _ => None,
        };
        let granted = serde_json::to_value(granted).expect("rights serialize");
        let set = granted.as_object().into_iter().flatten().filter(|(_, v)| **v == Value::Bool(true));
        set.into_iter().all(|(name, _)| own.as_ref().is_some_and(|own| own[name] == Value::Bool(true)))
    }

    /// Whether this member may do what `permission` names, under the chat's permissions.
    pub fn allowed(&self, chat: &types::ChatPermissions, permission: impl Fn(&types::ChatPermissions) -> bool) -> bool {
        match self.status.as_str() {
            "creator" | "administrator" => true,
            "restricted" => self.permissions.as_ref().is_some_and(&permission) && permission(chat),
            _ => permission(chat),
        }
    }

    /// The `ChatMember` object of `user` in this standing.
    pub fn member(&self, user: types::User) -> types::ChatMember {
        let user = Box::new(user);
        match self.status.as_str() {
            "creator" => types::ChatMember::ChatMemberOwner(types::ChatMemberOwner {
                user,
                is_anonymous: false,
                custom_title: self.custom_title.clone(),
            }),
            "administrator" => {
                let r = self.rights.clone().unwrap_or_default();
                types::ChatMember::ChatMemberAdministrator(types::ChatMemberAdministrator {
                    user,
                    can_be_edited: false,
                    is_anonymous: r.is_anonymous,
                    can_manage_chat: r.can_manage_chat,
                    can_delete_messages: r.can_delete_messages,
                    can_manage_video_chats: r.can_manage_video_chats,
                    can_restrict_members: r.can_restrict_members,
                    can_promote_members: r.can_promote_members,
                    can_change_info: r.can_change_info,
                    can_invite_users: r.can_invite_users,
                    can_post_stories: r.can_post_stories,
                    can_edit_stories: r.can_edit_stories,
                    can_delete_stories: r.can_delete_stories,
                    can_post_messages: r.can_post_messages,
                    can_edit_messages: r.can_edit_messages,
                    can_pin_messages: r.can_pin_messages,
                    can_manage_topics: r.can_manage_topics,
                    can_manage_direct_messages: r.can_manage_direct_messages,
                    can_manage_tags: r.can_manage_tags,
                    can_send_welcome_messages: r.can_send_welcome_messages,
                    custom_title: self.custom_title.clone(),
                })
            }
            "member" => types::ChatMember::ChatMemberMember(types::ChatMemberMember {
                user,
                tag: self.tag.clone(),
                until_date: None,
            }),
            "restricted" => {
                let p = self.permissions.clone().unwrap_or_default();
                let on = |flag: Option<bool>| flag.unwrap_or(false);
                types::ChatMember::ChatMemberRestricted(types::ChatMemberRestricted {
                    user,
                    tag: self.tag.clone(),
                    is_member: self.is_member,
                    can_send_messages: on(p.can_send_messages),
                    can_send_audios: on(p.can_send_audios),
                    can_send_documents: on(p.can_send_documents),
                    can_send_photos: on(p.can_send_photos),
                    can_send_videos: on(p.can_send_videos),
                    can_send_video_notes: on(p.can_send_video_notes),
                    can_send_voice_notes: on(p.can_send_voice_notes),
                    can_send_polls: on(p.can_send_polls),
                    can_send_other_messages: on(p.can_send_other_messages),
                    can_add_web_page_previews: on(p.can_add_web_page_previews),
                    can_react_to_messages: p.can_react_to_messages.or(p.can_send_messages).unwrap_or(false),
                    can_edit_tag: on(p.can_edit_tag),
                    can_change_info: on(p.can_change_info),
                    can_invite_users: on(p.can_invite_users),
                    can_pin_messages: on(p.can_pin_messages),
                    can_manage_topics: on(p.can_manage_topics),
                    until_date: self.until_date,
                })
            }
            "kicked" => {
                types::ChatMember::ChatMemberBanned(types::ChatMemberBanned { user, until_date: self.until_date })
            }
            _ => types::ChatMember::ChatMemberLeft(types::ChatMemberLeft { user }),
        }
    }
}

/// A chat's details besides its id, type and title, as its writers and views see them. The
/// chat's record keeps its own fields (description, permissions, forum, migration, photo); the
/// lists are rows of their own (`rows.rs`: one per link, request, topic, pin, banned sender), so
/// they are never written into the record ([`ChatDetails::to_json`] skips them). A record written
/// before the rows still reads with its lists, which start-up moves into rows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChatDetails {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A supergroup's sticker set (`setChatStickerSet`), by its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticker_set_name: Option<String>,
    /// The chat-wide permissions of members; `None` is the platform's default (everything).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permissions: Option<types::ChatPermissions>,
    /// Pinned messages, the most recent last.
    #[serde(skip_serializing)]
    pub pinned: Vec<i64>,
    /// Invite links.
    #[serde(skip_serializing)]
    pub invites: Vec<Invite>,
    /// People waiting for approval to join, the earliest first.
    #[serde(skip_serializing)]
    pub requests: Vec<JoinRequest>,
    /// A forum supergroup: its messages are organised in topics.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub is_forum: bool,
    /// A forum's topics besides the general one, the oldest first.
    #[serde(skip_serializing)]
    pub topics: Vec<Topic>,
    /// The general topic's settings (a forum's thread 1).
    #[serde(skip_serializing)]
    pub general: Option<Topic>,
    /// A basic group upgraded to this supergroup.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub migrated_to: Option<i64>,
    /// The chat's photo: its sizes as the one who set it sees them (file ids are rewritten for
    /// each viewer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub photo: Option<serde_json::Value>,
    /// Chats banned from posting here as themselves (`banChatSenderChat`).
    #[serde(skip_serializing)]
    pub banned_senders: Vec<i64>,
    /// A supergroup's guard bot, which decides its join requests (Bot API 10.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guard_bot: Option<i64>,
    /// A channel's direct-messages chat (a supergroup of its own), once its owner turned it on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direct_messages_chat: Option<i64>,
    /// A direct-messages chat's channel (`ChatFullInfo.parent_chat`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_chat: Option<i64>,
    /// A direct-messages chat its channel turned off: people no longer write to it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub direct_messages_off: bool,
}

/// One forum topic: its thread id is the id of the message that created it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Topic {
    pub id: i64,
    pub name: String,
    pub icon_color: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_custom_emoji_id: Option<String>,
    pub creator: i64,
    pub closed: bool,
    pub hidden: bool,
}

/// One invite link of a group.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Invite {
    pub link: String,
    pub creator: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub expire_date: i64,
    pub member_limit: i64,
    pub creates_join_request: bool,
    pub is_primary: bool,
    pub is_revoked: bool,
    /// People who joined through it.
    pub joined: i64,
    /// A channel's subscription link: seconds per period (0 for other links) and its price.
    pub subscription_period: i64,
    pub subscription_price: i64,
}

/// A person waiting for approval.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct JoinRequest {
    pub user_id: i64,
    pub date: i64,
    pub link: String,
    /// The chat's guard bot's query about it (Bot API 10.1), while it may still answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query: Option<GuardQuery>,
}

/// A join request put to a supergroup's guard bot (`ChatJoinRequest.query_id`): answered within
/// its deadline, or after the Mini App the bot asked the person to open (then until the request
/// is settled).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GuardQuery {
    pub id: String,
    pub bot: i64,
    /// When the bot's time to answer ends (the platform's clock).
    pub deadline: i64,
    /// The Mini App the bot asked the person to open (`sendChatJoinRequestWebApp`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub web_app: Option<String>,
}

impl ChatDetails {
    pub fn parse(text: &str) -> Self {
        serde_json::from_str(text).unwrap_or_default()
    }

    /// The chat's own fields, as its record keeps them (the lists are rows of their own).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("chat details serialize")
    }

    /// Whether a record still holds lists (written before the rows).
    pub fn has_rows(&self) -> bool {
        !(self.pinned.is_empty()
            && self.invites.is_empty()
            && self.requests.is_empty()
            && self.topics.is_empty()
            && self.general.is_none()
            && self.banned_senders.is_empty())
    }

    /// The chat-wide permissions, every flag spelt out.
    pub fn permissions(&self) -> types::ChatPermissions {
        self.permissions.clone().unwrap_or_else(|| all_permissions(true))
    }
}

/// A person's details besides name and username: the emoji status, kept in the person's record
/// (its JSON `details`). What a person holds many of is kept in rows of its domain's table: votes
/// (`polls`), reactions (`messages`), read marks (`views.rs`), bots allowed to set the emoji
/// status and profile photos (`people`). A record written before the rows still reads with them
/// ([`PersonDetails::legacy`]), which start-up moves into rows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PersonDetails {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emoji_status_custom_emoji_id: Option<String>,
    /// When the emoji status ends (0: never).
    #[serde(skip_serializing_if = "is_zero")]
    pub emoji_status_expiration_date: i64,
    /// The channel the person shows on their profile (Bot API 10.0's personal chat).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub personal_chat: Option<i64>,
    /// The person's country (ISO 3166-1 alpha-2, as their phone number would say it), which
    /// polls restricted to countries ask.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country_code: Option<String>,
    /// When the Telegram Premium a bot gave the person ends (`giftPremiumSubscription`; 0:
    /// never had it).
    #[serde(skip_serializing_if = "is_zero")]
    pub premium_until: i64,
    /// The person's bio (set by their business bot: `setBusinessAccountBio`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bio: Option<String>,
    /// Which gifts the person accepts (`setBusinessAccountGiftSettings`; all when unset).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted_gift_types: Option<msg_spec::types::AcceptedGiftTypes>,
    /// Whether the person shows the gift button in their chats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub show_gift_button: Option<bool>,
    /// What records written before the rows held; never written.
    #[serde(flatten, skip_serializing)]
    pub legacy: PersonLists,
}

/// The lists a person's record held before they became rows.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct PersonLists {
    pub emoji_status_bots: Vec<i64>,
    pub photos: Vec<serde_json::Value>,
    pub poll_votes: std::collections::BTreeMap<String, Vec<i64>>,
    pub reactions: std::collections::BTreeMap<String, Vec<serde_json::Value>>,
    pub read: std::collections::BTreeMap<String, i64>,
}

impl PersonLists {
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

impl PersonDetails {
    /// The gifts the person accepts: all, unless they said otherwise.
    pub fn accepted_gifts(&self) -> msg_spec::types::AcceptedGiftTypes {
        self.accepted_gift_types.clone().unwrap_or(msg_spec::types::AcceptedGiftTypes {
            unlimited_gifts: true,
            limited_gifts: true,
            unique_gifts: true,
            premium_subscription: true,
            gifts_from_channels: true,
        })
    }

    pub fn parse(text: &str) -> Self {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("person details serialize")
    }

    /// The emoji status shown at `now`, with its expiry.
    pub fn emoji_status(&self, now: i64) -> Option<(String, Option<i64>)> {
        let id = self.emoji_status_custom_emoji_id.clone()?;
        match self.emoji_status_expiration_date {
            0 => Some((id, None)),
            until if until > now => Some((id, Some(until))),
            _ => None,
        }
    }
}

/// The right to restrict and ban (`can_restrict_members`).
pub fn restrict_right(r: &types::ChatAdministratorRights) -> bool {
    r.can_restrict_members
}

/// Every permission set to `on`.
pub fn all_permissions(on: bool) -> types::ChatPermissions {
    let v = Some(on);
    types::ChatPermissions {
        can_send_messages: v,
        can_send_audios: v,
        can_send_documents: v,
        can_send_photos: v,
        can_send_videos: v,
        can_send_video_notes: v,
        can_send_voice_notes: v,
        can_send_polls: v,
        can_send_other_messages: v,
        can_add_web_page_previews: v,
        can_react_to_messages: v,
        can_edit_tag: v,
        can_change_info: v,
        can_invite_users: v,
        can_pin_messages: v,
        can_manage_topics: v,
    }
}

/// No right at all (promoteChatMember with every flag false demotes).
/// The rights a chat kind has: a channel has no pins, topics, tags or welcome messages, a group
/// no posting, editing or direct messages (those become absent); the others stay as given.
pub(crate) fn rights_of_kind(rights: types::ChatAdministratorRights, channel: bool) -> types::ChatAdministratorRights {
    if channel {
        types::ChatAdministratorRights {
            can_pin_messages: None,
            can_manage_topics: None,
            can_manage_tags: None,
            can_send_welcome_messages: false,
            ..rights
        }
    } else {
        types::ChatAdministratorRights {
            can_post_messages: None,
            can_edit_messages: None,
            can_manage_direct_messages: None,
            ..rights
        }
    }
}

pub fn no_rights(r: &types::ChatAdministratorRights) -> bool {
    let flags = [
        r.is_anonymous,
        r.can_manage_chat,
        r.can_delete_messages,
        r.can_manage_video_chats,
        r.can_restrict_members,
        r.can_promote_members,
        r.can_change_info,
        r.can_invite_users,
        r.can_post_stories,
        r.can_edit_stories,
        r.can_delete_stories,
        r.can_send_welcome_messages,
    ];
    let optional =
        [r.can_pin_messages, r.can_manage_topics, r.can_manage_tags, r.can_post_messages, r.can_edit_messages];
    !flags.iter().any(|f| *f) && !optional.iter().any(|f| f.unwrap_or(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lifted_restriction_keeps_the_members_join_date_and_tag() {
        let restricted = Standing {
            status: "restricted".into(),
            until_date: 10,
            is_member: true,
            since: 5,
            tag: Some("reader".into()),
            ..Standing::default()
        };
        let lifted = restricted.at(20);
        assert_eq!((lifted.status.as_str(), lifted.since, lifted.tag.as_deref()), ("member", 5, Some("reader")));
    }

    #[test]
    fn a_chat_kind_keeps_the_rights_it_has_and_drops_the_others() {
        let all = types::ChatAdministratorRights {
            can_post_messages: Some(true),
            can_edit_messages: Some(true),
            can_pin_messages: Some(true),
            can_manage_topics: Some(true),
            can_manage_direct_messages: Some(true),
            can_manage_tags: Some(true),
            can_send_welcome_messages: true,
            can_delete_messages: true,
            ..Default::default()
        };
        let channel = rights_of_kind(all.clone(), true);
        assert_eq!((channel.can_post_messages, channel.can_pin_messages), (Some(true), None));
        assert_eq!((channel.can_manage_tags, channel.can_send_welcome_messages), (None, false));
        let group = rights_of_kind(all, false);
        assert_eq!((group.can_post_messages, group.can_edit_messages), (None, None));
        assert_eq!(
            (group.can_pin_messages, group.can_send_welcome_messages, group.can_delete_messages),
            (Some(true), true, true)
        );
    }

    #[test]
    fn standings_round_trip_and_expire() {
        let mut banned = Standing::of("kicked");
        banned.until_date = 1_000;
        let record = banned.record(-5, 7);
        assert_eq!(record.details, r#"{"until_date":1000}"#);
        assert_eq!(Standing::from_record(&record), banned);
        assert_eq!(banned.clone().at(999).status, "kicked");
        // Only a basic group shows the removed as simply gone to the others.
        assert_eq!(banned.clone().seen_by_others("supergroup").status, "kicked");
        assert_eq!(banned.clone().seen_by_others("group").status, "left");
        assert_eq!(Standing::of("member").seen_by_others("group").status, "member");
        assert_eq!(banned.at(1_000).status, "left");
        let mut restricted = Standing::of("restricted");
        restricted.is_member = true;
        restricted.until_date = 50;
        assert!(restricted.present());
        assert_eq!(restricted.at(60).status, "member");
        assert_eq!(until(-1, 100), 0);
        assert_eq!(until(110, 100), 0, "under 30 s away is for ever");
        assert_eq!(until(1_000, 100), 1_000);
    }

    #[test]
    fn rights_stored_before_a_later_bot_api_field_still_read() {
        // Written before Bot API 10.3 added `can_send_welcome_messages`: read as false.
        let mut record = Standing::of("administrator").record(-5, 7);
        record.details = r#"{"rights":{"is_anonymous":false,"can_manage_chat":true,"can_delete_messages":false,"can_manage_video_chats":false,"can_restrict_members":true,"can_promote_members":false,"can_change_info":false,"can_invite_users":false,"can_post_stories":false,"can_edit_stories":false,"can_delete_stories":false}}"#.into();
        let rights = Standing::from_record(&record).rights.expect("the rights are read");
        assert!(rights.can_restrict_members && !rights.can_send_welcome_messages);
    }
}
