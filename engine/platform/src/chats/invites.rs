//! Invite links and join requests: a group's links (the primary one, and named ones with an
//! expiry, a member limit, or administrator approval), people joining through them, and the
//! join requests administrator bots approve or decline (`chat_join_request`). Kept as the chat's
//! rows (`rows.rs`); the rights are the public platform's (`can_invite_users`).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use msg_core::{ApiError, NewUpdate, UserRecord};
use msg_spec::types;

use crate::chats::groups::GroupWrite;
use crate::chats::guard::{Joined, Outcome};
use crate::chats::standing::{ChatDetails, GuardQuery, Invite, JoinRequest, Standing};
use crate::kernel::act::Act;
use crate::kernel::serial::Entity;
use crate::kernel::world::{Actor, Conversation, MESSAGE_TTL, Platform, now, typed};
use crate::payments;

/// What createChatInviteLink and editChatInviteLink set.
#[derive(Debug, Clone, Default)]
pub struct InviteTerms {
    pub name: Option<String>,
    pub expire_date: i64,
    pub member_limit: i64,
    pub creates_join_request: bool,
}

impl InviteTerms {
    /// The reference's clamps and the platform's rule about approval and limits.
    pub fn new(
        name: Option<&str>,
        expire_date: Option<i64>,
        member_limit: Option<i64>,
        approval: bool,
    ) -> Result<Self, ApiError> {
        // The reference reads 0 to 100 000; the platform takes up to 99 999.
        let member_limit = member_limit.unwrap_or(0).clamp(0, 100_000);
        crate::limits::check_invite_members(member_limit)?;
        if approval && member_limit > 0 {
            return Err(ApiError::bad_request(
                "member limit can't be specified for links requiring administrator approval",
            ));
        }
        let name: Option<String> =
            name.map(|n| n.trim().chars().take(32).collect::<String>()).filter(|n| !n.is_empty());
        Ok(Self {
            name,
            expire_date: expire_date.unwrap_or(0).clamp(0, i64::from(i32::MAX)),
            member_limit,
            creates_join_request: approval,
        })
    }
}

/// A subscription's only period: 30 days.
const SUBSCRIPTION_PERIOD: i64 = 2_592_000;
/// The highest price of a subscription period, in Stars.
const MAX_SUBSCRIPTION_PRICE: i64 = 10_000;

fn new_link() -> String {
    format!("https://t.me/+{}", URL_SAFE_NO_PAD.encode(msg_core::random::bytes::<12>()))
}

/// The group held for writing, after checking `actor` may manage its invite links; with
/// whether `actor` is its owner (who manages everyone's links; others manage their own).
pub(super) async fn invite_admin<'a>(
    platform: &'a Platform,
    actor: &Actor,
    conversation: Conversation,
) -> Result<(GroupWrite<'a>, bool), ApiError> {
    let Conversation::Group(id) = conversation else {
        return Err(ApiError::bad_request("can't invite members to a private chat"));
    };
    let group = super::write_group(platform, id).await?;
    let standing = platform.standing(id, actor.id()).await?;
    let allowed =
        if group.chat.kind == "supergroup" { standing.may(|r| r.can_invite_users) } else { standing.is_admin() };
    if !allowed {
        return Err(ApiError::bad_request("not enough rights to manage chat invite link"));
    }
    Ok((group, standing.status == "creator"))
}

/// The `ChatInviteLink` object of `invite`.
async fn invite_object(
    platform: &Platform,
    invite: &Invite,
    details: &ChatDetails,
) -> Result<types::ChatInviteLink, ApiError> {
    let creator = platform.participant(invite.creator).await?.unwrap_or_default();
    let pending = details.requests.iter().filter(|r| r.link == invite.link).count() as i64;
    Ok(types::ChatInviteLink {
        invite_link: invite.link.clone(),
        creator: Box::new(creator),
        creates_join_request: invite.creates_join_request,
        is_primary: invite.is_primary,
        is_revoked: invite.is_revoked,
        name: invite.name.clone(),
        expire_date: (invite.expire_date != 0).then_some(invite.expire_date),
        member_limit: (invite.member_limit != 0).then_some(invite.member_limit),
        pending_join_request_count: (pending != 0).then_some(pending),
        subscription_period: (invite.subscription_period != 0).then_some(invite.subscription_period),
        subscription_price: (invite.subscription_period != 0).then_some(invite.subscription_price),
    })
}

/// exportChatInviteLink: a new primary link (the old one is revoked).
pub(super) async fn export_invite(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
) -> Result<String, ApiError> {
    let (mut group, _) = invite_admin(platform, actor, conversation).await?;
    for invite in group.details.invites.iter_mut().filter(|i| i.is_primary) {
        invite.is_revoked = true;
        invite.is_primary = false;
    }
    let link = new_link();
    let primary = Invite { link: link.clone(), creator: actor.id(), is_primary: true, ..Invite::default() };
    group.details.invites.push(primary);
    super::save_group(platform, &group).await?;
    Ok(link)
}

/// createChatInviteLink.
pub(super) async fn create_invite(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    terms: InviteTerms,
) -> Result<serde_json::Value, ApiError> {
    let (mut group, _) = invite_admin(platform, actor, conversation).await?;
    let invite = Invite {
        link: new_link(),
        creator: actor.id(),
        name: terms.name,
        expire_date: terms.expire_date,
        member_limit: terms.member_limit,
        creates_join_request: terms.creates_join_request,
        ..Invite::default()
    };
    group.details.invites.push(invite.clone());
    let object = invite_object(platform, &invite, &group.details).await?;
    super::save_group(platform, &group).await?;
    Ok(typed(&object))
}

/// createChatSubscriptionInviteLink: a channel's link that joins for a price per period
/// (30 days); nobody pays on the embedded platform yet, so people join by it for free.
pub(super) async fn create_subscription(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    name: Option<&str>,
    period: i64,
    price: i64,
) -> Result<serde_json::Value, ApiError> {
    let (period, price) = (period.clamp(0, 1_000_000_000), price.clamp(0, 1_000_000));
    let (mut group, _) = invite_admin(platform, actor, conversation).await?;
    if group.chat.kind != "channel" {
        return Err(ApiError::bad_request("subscription links can be created only in channels"));
    }
    if period <= 0 || price <= 0 {
        return Err(ApiError::bad_request("invalid subscription pricing specified"));
    }
    if period != SUBSCRIPTION_PERIOD {
        return Err(ApiError::bad_request("SUBSCRIPTION_PERIOD_INVALID"));
    }
    if price > MAX_SUBSCRIPTION_PRICE {
        return Err(ApiError::bad_request("SUBSCRIPTION_PRICE_INVALID"));
    }
    let terms = InviteTerms::new(name, None, None, false)?;
    let invite = Invite {
        link: new_link(),
        creator: actor.id(),
        name: terms.name,
        subscription_period: period,
        subscription_price: price,
        ..Invite::default()
    };
    group.details.invites.push(invite.clone());
    let object = invite_object(platform, &invite, &group.details).await?;
    super::save_group(platform, &group).await?;
    Ok(typed(&object))
}

/// editChatSubscriptionInviteLink: only the name of a subscription link changes.
pub(super) async fn rename_subscription(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    link: &str,
    name: Option<&str>,
) -> Result<serde_json::Value, ApiError> {
    if link.is_empty() {
        return Err(ApiError::bad_request("invite link must be non-empty"));
    }
    let (mut group, owner) = invite_admin(platform, actor, conversation).await?;
    let found = group.details.invites.iter_mut().find(|i| i.link == link && i.subscription_period != 0);
    let Some(invite) = found else {
        return Err(ApiError::bad_request("INVITE_HASH_EXPIRED"));
    };
    if !owner && invite.creator != actor.id() {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    invite.name = InviteTerms::new(name, None, None, false)?.name;
    let invite = invite.clone();
    let object = invite_object(platform, &invite, &group.details).await?;
    super::save_group(platform, &group).await?;
    Ok(typed(&object))
}

/// editChatInviteLink (`terms`) or revokeChatInviteLink (`None`).
pub(super) async fn change_invite(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    link: &str,
    terms: Option<InviteTerms>,
) -> Result<serde_json::Value, ApiError> {
    if link.is_empty() {
        return Err(ApiError::bad_request("invite link must be non-empty"));
    }
    let (mut group, owner) = invite_admin(platform, actor, conversation).await?;
    let details = &mut group.details;
    let Some(index) = details.invites.iter().position(|i| i.link == link) else {
        return Err(ApiError::bad_request("INVITE_HASH_EXPIRED"));
    };
    // Administrators manage the links they made; everyone's takes the owner (TDLib's
    // "owner privileges for other links").
    if !owner && details.invites[index].creator != actor.id() {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    let revoking_primary = terms.is_none() && details.invites[index].is_primary;
    match terms {
        Some(terms) => {
            let invite = &mut details.invites[index];
            if invite.is_revoked {
                return Err(ApiError::bad_request("INVITE_HASH_EXPIRED"));
            }
            invite.name = terms.name;
            invite.expire_date = terms.expire_date;
            invite.member_limit = terms.member_limit;
            invite.creates_join_request = terms.creates_join_request;
        }
        None => {
            let invite = &mut details.invites[index];
            invite.is_revoked = true;
            invite.is_primary = false;
            details.requests.retain(|r| r.link != link);
        }
    }
    if revoking_primary {
        let fresh = Invite { link: new_link(), creator: actor.id(), is_primary: true, ..Invite::default() };
        details.invites.push(fresh);
    }
    let object = invite_object(platform, &details.invites[index], details).await?;
    super::save_group(platform, &group).await?;
    Ok(typed(&object))
}

/// A person follows an invite link: joins, or (when the link asks for approval) asks to
/// join, which administrator bots learn of through `chat_join_request`; a supergroup's guard
/// bot decides at once (see `guard.rs`).
pub(super) async fn join_by_link(platform: &Platform, user: &UserRecord, link: &str) -> Result<Joined, ApiError> {
    let found = crate::chats::rows::INVITES.find(platform.storage.as_ref(), link).await?;
    let Some((chat_id, _)) = found.first() else { return Err(ApiError::bad_request("INVITE_HASH_INVALID")) };
    // Read again under the chat's lock: the link may have changed since it was found.
    let mut group = super::write_group(platform, *chat_id).await?;
    let Some(index) = group.details.invites.iter().position(|i| i.link == link) else {
        return Err(ApiError::bad_request("INVITE_HASH_INVALID"));
    };
    let (chat, details) = (group.chat.clone(), &mut group.details);
    let invite = details.invites[index].clone();
    if invite.is_revoked || (invite.expire_date != 0 && invite.expire_date <= now()) {
        return Err(ApiError::bad_request("INVITE_HASH_EXPIRED"));
    }
    let old = platform.standing(chat.id, user.id).await?;
    if old.present() {
        return Err(ApiError::bad_request("USER_ALREADY_PARTICIPANT"));
    }
    if old.status == "kicked" {
        return Err(ApiError::bad_request("USER_BANNED_IN_CHANNEL"));
    }
    if invite.member_limit != 0 && invite.joined >= invite.member_limit {
        return Err(ApiError::bad_request("USERS_TOO_MUCH"));
    }
    if invite.creates_join_request {
        if details.requests.iter().any(|r| r.user_id == user.id) {
            return Err(ApiError::bad_request("INVITE_REQUEST_SENT"));
        }
        let date = now();
        // A guard bot's query is open before the request is stored: its answer may come at once.
        let guard = super::guard::guard_of(platform, chat.id, details).await?;
        let open = match &guard {
            Some(bot) => Some(platform.open_query(bot.id).await?),
            None => None,
        };
        let query = guard.as_ref().zip(open.as_ref()).map(|(bot, open)| super::guard::query(bot.id, &open.id, date));
        details.requests.push(JoinRequest { user_id: user.id, date, link: link.to_owned(), query: query.clone() });
        let object = invite_object(platform, &invite, details).await?;
        // The request, its query and the bots' updates about it are one act.
        let (changes, saved) = super::group_changes(&group);
        let mut act = Act::with(changes);
        if let Some(query) = &query {
            act.change(super::guard::GUARD_QUERIES.put(chat.id, &query.id, &user.id));
        }
        announce_request(platform, &mut act, chat.id, user, date, object, query.as_ref()).await?;
        platform.commit(act).await?;
        super::group_saved(platform, &group, saved).await?;
        drop(group);
        return match (guard, open) {
            (Some(bot), Some(open)) => super::guard::outcome(platform, &bot, open, chat.id, user.id).await,
            _ => Err(ApiError::bad_request("INVITE_REQUEST_SENT")),
        };
    }
    // A subscription link charges its first period in Stars, to the channel's balance, in
    // the join's own batch (kernel lock order: the chat, the person, the balance).
    let mut charge = Vec::new();
    let _owners = if invite.subscription_period != 0 {
        let owners = (
            platform.locks.lock(Entity::User(user.id)).await,
            platform.locks.lock(Entity::BotSetting(chat.id, crate::payments::ledger::BOT_BALANCE_LOCK.into())).await,
        );
        let (held, earned) = (payments::stars(platform, user.id).await?, payments::stars(platform, chat.id).await?);
        if held < invite.subscription_price {
            return Err(ApiError::bad_request(format!(
                "not enough Stars: the subscription costs {}, {held} held",
                invite.subscription_price
            )));
        }
        charge.extend([
            payments::set_stars(user.id, held - invite.subscription_price),
            payments::set_stars(chat.id, earned + invite.subscription_price),
        ]);
        Some(owners)
    } else {
        None
    };
    details.invites[index].joined += 1;
    // The link's count, the charge and the membership are one act.
    let (changes, saved) = super::group_changes(&group);
    charge.extend(changes);
    let actor = Actor::User(user.clone());
    let act = Act::with(charge);
    super::transition_with(platform, &group.held, &actor, chat.id, user.id, old, Standing::of("member"), act).await?;
    super::group_saved(platform, &group, saved).await?;
    Ok(Joined::Member)
}

/// `chat_join_request` to every administrator bot of the chat that may invite; the guard bot's
/// carries its `query_id`.
async fn announce_request(
    platform: &Platform,
    act: &mut Act,
    chat_id: i64,
    user: &UserRecord,
    date: i64,
    link: types::ChatInviteLink,
    query: Option<&GuardQuery>,
) -> Result<(), ApiError> {
    for (member, standing) in platform.standings(chat_id).await? {
        if !standing.may(|r| r.can_invite_users) {
            continue;
        }
        let Some(bot) = platform.bot_record(member).await? else { continue };
        if !platform.updates.accepts(&bot, "chat_join_request").await? {
            continue;
        }
        let request = types::ChatJoinRequest {
            chat: Box::new(platform.chat(Conversation::Group(chat_id), bot.id).await?),
            from: Box::new(crate::kernel::world::person(user)),
            user_chat_id: user.id,
            date,
            invite_link: Some(Box::new(link.clone())),
            query_id: query.filter(|q| q.bot == bot.id).map(|q| q.id.clone()),
            ..Default::default()
        };
        let update = NewUpdate::new("chat_join_request", typed(&request).to_string(), chat_id, date + MESSAGE_TTL);
        platform.tell_bot(act, &bot, update).await?;
    }
    Ok(())
}

/// The pending join requests of a chat, for an administrator who may invite (a person's
/// app lists them to approve or decline), oldest first.
pub(super) async fn join_requests(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
) -> Result<serde_json::Value, ApiError> {
    let (group, _) = invite_admin(platform, actor, conversation).await?;
    let chat = platform.chat(conversation, actor.id()).await?;
    let mut out = Vec::new();
    for request in &group.details.requests {
        let Some(user) = platform.user(request.user_id).await? else { continue };
        let link = match group.details.invites.iter().find(|i| i.link == request.link) {
            Some(invite) => Some(Box::new(invite_object(platform, invite, &group.details).await?)),
            None => None,
        };
        let object = types::ChatJoinRequest {
            chat: Box::new(chat.clone()),
            from: Box::new(crate::kernel::world::person(&user)),
            user_chat_id: user.id,
            date: request.date,
            invite_link: link,
            ..Default::default()
        };
        out.push(typed(&object));
    }
    Ok(serde_json::Value::Array(out))
}

/// approveChatJoinRequest (`approve`) or declineChatJoinRequest.
pub(super) async fn settle_request(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    user_id: i64,
    approve: bool,
) -> Result<(), ApiError> {
    let (group, _) = invite_admin(platform, actor, conversation).await?;
    let outcome = if approve { Outcome::Approve } else { Outcome::Decline };
    settle(platform, group, actor, user_id, outcome, None).await
}

/// Settles `user_id`'s join request in `group` (held for writing by one who may invite): the
/// person joins, or the request goes, or (queued) it waits for the administrators without its
/// guard query. `query`: the guard bot's query it answers, which must be the request's and still
/// open. A person who was shown the guard bot's Mini App hears how it ended (`chat_join_result`),
/// in the same act.
pub(super) async fn settle(
    platform: &Platform,
    group: GroupWrite<'_>,
    actor: &Actor,
    user_id: i64,
    outcome: Outcome,
    query: Option<&str>,
) -> Result<(), ApiError> {
    let mut group = group;
    let chat_id = group.chat.id;
    let details = &mut group.details;
    let Some(index) = details.requests.iter().position(|r| r.user_id == user_id) else {
        return Err(super::guard::refused(query));
    };
    if let Some(id) = query
        && !details.requests[index].query.as_ref().is_some_and(|q| super::guard::open(q, id, actor.id()))
    {
        return Err(super::guard::refused(query));
    }
    let mut act = Act::new();
    if let Some(asked) = details.requests[index].query.take() {
        act.change(super::guard::GUARD_QUERIES.delete(chat_id, &asked.id));
        if asked.web_app.is_some() {
            super::guard::tell_result(platform, &mut act, &asked, chat_id, user_id, outcome).await?;
        }
    }
    let request = match outcome {
        Outcome::Queue => details.requests[index].clone(),
        Outcome::Approve | Outcome::Decline => details.requests.remove(index),
    };
    let approve = outcome == Outcome::Approve;
    if approve && let Some(invite) = details.invites.iter_mut().find(|i| i.link == request.link) {
        invite.joined += 1;
    }
    let old = platform.standing(chat_id, user_id).await?;
    let (changes, saved) = super::group_changes(&group);
    act.changes(changes);
    if !approve || old.present() {
        platform.commit(act).await?;
        super::group_saved(platform, &group, saved).await?;
        return if approve { Err(ApiError::bad_request("USER_ALREADY_PARTICIPANT")) } else { Ok(()) };
    }
    // The request settled and the membership are one act.
    super::transition_with(platform, &group.held, actor, chat_id, user_id, old, Standing::of("member"), act).await?;
    super::group_saved(platform, &group, saved).await
}
