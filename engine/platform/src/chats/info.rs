//! What a bot may read of a chat: `getChat` (a full `ChatFullInfo`, with the viewer's own
//! file ids for the photo), a member, the administrators, the member count, and whether a sender
//! may post what it is posting (`may_send`, which every post passes).

use msg_core::ApiError;
use msg_spec::types;
use serde_json::Value;

use crate::chats::standing::{PersonDetails, Standing};
use crate::kernel::world::{Actor, Conversation, Hooked, Platform, PostDraft, now, typed};
use crate::messages;

// ---------------------------------------------------------------- what a bot may read

/// getChat: the chat `viewer` sees, in full.
pub(super) async fn chat_full(platform: &Platform, conversation: Conversation, viewer: i64) -> Result<Value, ApiError> {
    let chat = platform.chat(conversation, viewer).await?;
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
        && let Some(person) = platform.user(conversation.chat_id_for(viewer)).await?
    {
        let details = PersonDetails::parse(&person.details);
        full.bio = details.bio.clone();
        *full.accepted_gift_types = details.accepted_gifts();
        if let Some((emoji, until)) = details.emoji_status(now()) {
            full.emoji_status_custom_emoji_id = Some(emoji);
            full.emoji_status_expiration_date = until;
        }
        // The channel on the person's profile, as the viewer sees it.
        if let Some(channel) = details.personal_chat {
            full.personal_chat = Some(Box::new(platform.chat(Conversation::Group(channel), viewer).await?));
        }
    }
    if let Conversation::Group(id) = conversation {
        let record = platform.group(id).await?;
        let (details, _) = super::chat_details(platform, &record).await?;
        full.description = details.description.clone();
        // A channel's direct-messages chat names its channel.
        if let Some(parent) = details.parent_chat {
            full.is_direct_messages = Some(true);
            full.parent_chat = Some(Box::new(platform.chat(Conversation::Group(parent), viewer).await?));
        }
        if record.kind == "supergroup" {
            full.sticker_set_name = details.sticker_set_name.clone();
            let standing = platform.standing(id, viewer).await?;
            full.can_set_sticker_set = Some(standing.may(|r| r.can_change_info));
            // The guard bot, for the chat's administrators only (while it may be one).
            if standing.is_admin()
                && let Some(guard) = super::guard::guard_of(platform, id, &details).await?
            {
                full.guard_bot = Some(Box::new(crate::kernel::world::bot_user(&guard)));
            }
        }
        full.invite_link = details.invites.iter().find(|i| i.is_primary).map(|i| i.link.clone());
        // What other domains add (a community's chat: its `community`).
        platform.chat_info(id, viewer, &mut full).await?;
        full.photo = super::chat_photo(platform, &details, viewer).await?.map(Box::new);
        if record.kind != "channel" {
            full.permissions = Some(Box::new(details.permissions()));
        }
        if let Some(pinned) = details.pinned.last()
            && let Some(message) = messages::load_message(platform, conversation, *pinned).await?
        {
            let chat = platform.chat(conversation, viewer).await?;
            full.pinned_message = Some(Box::new(crate::kernel::stored::with_chat(message, &chat)));
        }
    }
    Ok(typed(&full))
}

/// getChatMember.
pub(crate) async fn member_info(
    platform: &Platform,
    conversation: Conversation,
    viewer: i64,
    user_id: i64,
) -> Result<Value, ApiError> {
    let user = platform.participant(user_id).await?;
    match conversation {
        Conversation::Private(a, b) => match user {
            Some(user) if user_id == a || user_id == b => Ok(typed(&Standing::of("member").member(user))),
            _ => Err(ApiError::bad_request("member not found")),
        },
        Conversation::Group(id) => {
            let user = user.ok_or_else(|| ApiError::bad_request("user not found"))?;
            let mut standing = platform.standing(id, user_id).await?;
            if viewer != user_id {
                standing = standing.seen_by_others(&platform.chat_kind(id).await?.unwrap_or_default());
            }
            Ok(typed(&standing.member(user)))
        }
    }
}

/// getChatAdministrators: the creator and administrators; other bots only with `return_bots`.
pub(super) async fn administrators(
    platform: &Platform,
    conversation: Conversation,
    viewer: i64,
    return_bots: bool,
) -> Result<Value, ApiError> {
    let Conversation::Group(id) = conversation else {
        return Err(ApiError::bad_request("there are no administrators in the private chat"));
    };
    let mut out = Vec::new();
    for (member, standing) in platform.standings(id).await? {
        if !standing.is_admin() {
            continue;
        }
        let Some(user) = platform.participant(member).await? else { continue };
        if user.is_bot && member != viewer && !return_bots {
            continue;
        }
        out.push(typed(&standing.member(user)));
    }
    Ok(Value::Array(out))
}

/// getChatMemberCount.
pub(super) async fn member_count(platform: &Platform, conversation: Conversation) -> Result<i64, ApiError> {
    Ok(match conversation {
        Conversation::Private(a, b) => 1 + i64::from(a != b),
        Conversation::Group(_) => platform.participants(conversation).await?.len() as i64,
    })
}

/// The chats' rule about posts (a [`PostRule`](crate::kernel::world::PostRule)): the permission for the content's kind, the
/// forum topic, the channel it is sent as; the topic it goes to.
pub(super) fn post_rule<'a>(platform: &'a Platform, draft: &'a PostDraft<'a>) -> Hooked<'a, Option<i64>> {
    Box::pin(async move {
        let PostDraft { actor, conversation, message, thread, sender_chat, .. } = *draft;
        // A guest bot's answer goes where it was summoned (its query checked by inline's
        // answerGuestQuery), a chat it is not a member of.
        if matches!(actor, Actor::Bot(_)) && message.guest_bot_caller_user.is_some() {
            return Ok(None);
        }
        may_send(platform, actor, conversation, message).await?;
        let thread = super::thread_for(platform, actor, conversation, thread).await?;
        if let Some(channel) = sender_chat {
            super::may_send_as(platform, actor, conversation, channel).await?;
        }
        Ok(thread)
    })
}

/// Whether `actor` may post `message` here; the platform's error when not (TDLib's: each
/// kind of content names itself, and the right that covers it, as its domain says:
/// `Domain::content_kinds`).
async fn may_send(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message: &types::Message,
) -> Result<(), ApiError> {
    let Conversation::Group(id) = conversation else { return Ok(()) };
    // A channel's direct messages take what a person writes (resolving the chat let them in),
    // but no poll, game or checklist (TDLib's words).
    if platform.direct_chat(conversation).await?.is_some() {
        let refused = if message.poll.is_some() {
            "Polls"
        } else if message.game.is_some() {
            "Games"
        } else if message.checklist.is_some() {
            "Checklists"
        } else {
            return Ok(());
        };
        return Err(ApiError::bad_request(format!("{refused} can't be sent to channel direct messages chats")));
    }
    if platform.group(id).await?.kind == "channel" {
        if platform.standing(id, actor.id()).await?.may(|r| r.can_post_messages.unwrap_or(false)) {
            return Ok(());
        }
        return Err(ApiError::bad_request("need administrator rights in the channel chat"));
    }
    let (allowed, what): (fn(&types::ChatPermissions) -> Option<bool>, &str) = match platform.content_kind(message) {
        Some(kind) => (kind.right, kind.plural),
        None => (|p| p.can_send_messages, "text messages"),
    };
    may_send_kind(platform, actor, id, allowed, what).await
}

/// Whether `actor` may send content that `allowed` covers to group `id` (its standing there
/// and the chat's permissions); TDLib's error naming `what` when not.
pub(crate) async fn may_send_kind(
    platform: &Platform,
    actor: &Actor,
    id: i64,
    allowed: fn(&types::ChatPermissions) -> Option<bool>,
    what: &str,
) -> Result<(), ApiError> {
    let permissions = super::chat_permissions(platform, Conversation::Group(id)).await?;
    let standing = platform.standing(id, actor.id()).await?;
    if standing.allowed(&permissions, |p| allowed(p).unwrap_or(false)) {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!("not enough rights to send {what} to the chat")))
    }
}
