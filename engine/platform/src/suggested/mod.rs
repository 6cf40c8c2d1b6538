//! Suggested posts (Bot API 9.2): a person suggests a post to a channel in its direct-messages
//! chat (`suggested_post_parameters`: a price in Stars, a date), and the channel's bot approves
//! or declines it (`approveSuggestedPost`, `declineSuggestedPost`). Each decision is one act:
//! the suggestion's new state, its service message in the person's topic and, on approval, the
//! price held from the person and the post published in the channel (or later, at its date,
//! by this domain's task on the platform's clock). A post that stays 24 hours pays the channel
//! (`suggested_post_paid`); one deleted before that refunds the person
//! (`suggested_post_refunded`, `post_deleted`), when the 24 hours are over.
//! Money moves under the suggestion's message lock, then the person's (or the channel's)
//! balance lock, in the kernel's lock order.

pub(crate) mod domain;
mod methods;

use std::sync::Arc;
use std::time::Duration;

use msg_core::{ApiError, NewUpdate};
use msg_spec::types::{self, Message};
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

use crate::kernel::act::Act;
use crate::kernel::direct::DirectChat;
use crate::kernel::records::Table;
use crate::kernel::serial::Entity;
use crate::kernel::world::{Actor, Content, Conversation, MESSAGE_TTL, Platform, now};
use crate::messages;
use crate::payments::ledger::{set_stars, stars};

/// How long a published post must stay for the channel to be paid.
const PAID_AFTER: i64 = 24 * 60 * 60;
/// The latest a post may be published: 30 days ahead.
const LATEST: i64 = 2_678_400;
/// The most characters a decline's comment has.
const MAX_COMMENT: usize = 128;

/// Approved suggestions still under way (to publish, to pay or refund): scope 0, key
/// [`key`] (the direct-messages chat and the suggestion's message).
pub(crate) const POSTS: Table<Suggestion> = Table::new("suggested_post");

/// An approved suggestion the platform still has to act on.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub(crate) struct Suggestion {
    /// The direct-messages chat and the suggestion's message there.
    pub direct: i64,
    pub message_id: i64,
    /// The channel it is published in.
    pub channel: i64,
    /// The person who suggested it, and the Stars held from them.
    pub payer: i64,
    pub stars: i64,
    /// Who approved it (a bot or a person): the channel's post is theirs.
    pub approver: i64,
    /// When it is to be published.
    pub publish_at: i64,
    /// The channel's post, once published; the channel is paid from `pay_at`.
    pub post_id: Option<i64>,
    pub pay_at: i64,
}

fn key(direct: i64, message_id: i64) -> String {
    format!("{direct}:{message_id}")
}

/// The suggestion carried by a service message: without its reply, as the Bot API says.
fn carried(message: &Message) -> Box<Message> {
    let mut inner = message.clone();
    inner.reply_to_message = None;
    Box::new(inner)
}

/// A service message about `suggestion` in its person's topic, from `actor` (as the channel).
fn service(suggestion: &Message, body: Message) -> Content {
    let mut body = body;
    body.direct_messages_topic = suggestion.direct_messages_topic.clone();
    Content::of(body)
}

/// The suggestion's person sees its new state (their app's `edited_message`; bots are told
/// nothing, as the reference tells them nothing), in `act`.
async fn tell_state(platform: &Platform, act: &mut Act, direct: i64, message: &Message) -> Result<(), ApiError> {
    let Some(person) = message.direct_messages_topic.as_ref().map(|t| t.topic_id) else { return Ok(()) };
    let conversation = Conversation::Group(direct);
    let mut shown = message.clone();
    let payload = messages::message_for_person(platform, conversation, &mut shown, person).await?;
    let mailbox = platform.user_mailbox(person).await?;
    let update = NewUpdate::new("edited_message", payload.to_string(), direct, now() + MESSAGE_TTL);
    act.tell_person(&mailbox, update);
    Ok(())
}

/// What `actor` (a channel's administrator) may do with suggestion `message_id` of `direct`:
/// the pending suggestion of the topic's person, under its lock.
async fn pending<'a>(
    platform: &'a Platform,
    direct: &DirectChat,
    message_id: i64,
    allowed: bool,
) -> Result<(crate::kernel::serial::Held<'a>, Message), ApiError> {
    let conversation = Conversation::Group(direct.id);
    let held = messages::lock_message(platform, conversation, message_id).await;
    let message = messages::load_message(platform, conversation, message_id)
        .await?
        .ok_or_else(|| ApiError::bad_request("suggested post not found"))?;
    let by_person = message
        .direct_messages_topic
        .as_ref()
        .is_some_and(|t| message.from.as_ref().is_some_and(|f| f.id == t.topic_id));
    let is_pending = message.suggested_post_info.as_ref().is_some_and(|i| i.state == "pending");
    if !allowed || !by_person || !is_pending {
        return Err(ApiError::bad_request("Message can't be used in the method"));
    }
    Ok((held, message))
}

/// Approves suggestion `message_id` of `direct` as `actor` (who may post in the channel),
/// to be published at `send_date` (0: the suggestion's date, or now). One act: the price held,
/// the state `approved`, `suggested_post_approved` in the topic and, when it is due, the post; or,
/// on a balance short of the price, `suggested_post_approval_failed` alone.
pub(crate) async fn approve(
    platform: &Platform,
    actor: &Actor,
    direct: &DirectChat,
    message_id: i64,
    send_date: i64,
) -> Result<(), ApiError> {
    let allowed = platform.standing(direct.parent, actor.id()).await?.may(|r| r.can_post_messages.unwrap_or(false));
    let (_held, mut message) = pending(platform, direct, message_id, allowed).await?;
    let info = message.suggested_post_info.as_deref().cloned().unwrap_or_default();
    let asked = if send_date != 0 { send_date } else { info.send_date.unwrap_or(0) };
    if asked > now() + LATEST {
        return Err(ApiError::bad_request("SCHEDULE_DATE_TOO_LATE"));
    }
    let publish_at = asked.max(now());
    let payer = message.direct_messages_topic.as_ref().map_or(0, |t| t.topic_id);
    let price = info.price.as_deref().filter(|p| p.currency == "XTR").map_or(0, |p| p.amount);
    let conversation = Conversation::Group(direct.id);
    let _payer = platform.locks.lock(Entity::User(payer)).await;
    let balance = stars(platform, payer).await?;
    let mut act = Act::new();
    if balance < price {
        let failed = types::SuggestedPostApprovalFailed {
            suggested_post_message: Some(carried(&message)),
            price: Box::new(info.price.as_deref().cloned().unwrap_or_default()),
        };
        let body = Message { suggested_post_approval_failed: Some(Box::new(failed)), ..Default::default() };
        messages::post_in(platform, &mut act, actor, conversation, service(&message, body)).await?;
        return platform.commit(act).await;
    }
    if price > 0 {
        act.change(set_stars(payer, balance - price));
    }
    if let Some(info) = message.suggested_post_info.as_deref_mut() {
        info.state = "approved".into();
    }
    act.change(messages::put_message(conversation, &message));
    tell_state(platform, &mut act, direct.id, &message).await?;
    let approved = types::SuggestedPostApproved {
        suggested_post_message: Some(carried(&message)),
        price: info.price.clone(),
        send_date: publish_at,
    };
    let body = Message { suggested_post_approved: Some(Box::new(approved)), ..Default::default() };
    messages::post_in(platform, &mut act, actor, conversation, service(&message, body)).await?;
    let mut suggestion = Suggestion {
        direct: direct.id,
        message_id,
        channel: direct.parent,
        payer,
        stars: price,
        approver: actor.id(),
        publish_at,
        post_id: None,
        pay_at: 0,
    };
    if publish_at <= now() {
        publish(platform, &mut act, actor, &mut suggestion).await?;
    }
    if suggestion.post_id.is_none() || price > 0 {
        act.change(POSTS.put(0, &key(direct.id, message_id), &suggestion));
    }
    // A later date is the task's (at the latest a minute after it, or at a move of a manual
    // clock).
    platform.commit(act).await
}

/// Declines suggestion `message_id` of `direct` as `actor` (who may manage the channel's direct
/// messages), with `comment` for its person: the state `declined` and `suggested_post_declined`
/// in the topic, one act.
pub(crate) async fn decline(
    platform: &Platform,
    actor: &Actor,
    direct: &DirectChat,
    message_id: i64,
    comment: &str,
) -> Result<(), ApiError> {
    let allowed =
        platform.standing(direct.parent, actor.id()).await?.may(|r| r.can_manage_direct_messages.unwrap_or(false));
    let (_held, mut message) = pending(platform, direct, message_id, allowed).await?;
    if comment.chars().count() > MAX_COMMENT {
        return Err(ApiError::bad_request("comment must be at most 128 characters"));
    }
    let conversation = Conversation::Group(direct.id);
    if let Some(info) = message.suggested_post_info.as_deref_mut() {
        info.state = "declined".into();
    }
    let mut act = Act::with(vec![messages::put_message(conversation, &message)]);
    tell_state(platform, &mut act, direct.id, &message).await?;
    let declined = types::SuggestedPostDeclined {
        suggested_post_message: Some(carried(&message)),
        comment: (!comment.is_empty()).then(|| comment.to_owned()),
    };
    let body = Message { suggested_post_declined: Some(Box::new(declined)), ..Default::default() };
    messages::post_in(platform, &mut act, actor, conversation, service(&message, body)).await?;
    platform.commit(act).await
}

/// Publishes `suggestion` in its channel as `actor`, in `act`: a copy of the suggestion's
/// content, paid from 24 hours on.
async fn publish(
    platform: &Platform,
    act: &mut Act,
    actor: &Actor,
    suggestion: &mut Suggestion,
) -> Result<(), ApiError> {
    let body = messages::moved(
        platform,
        Conversation::Group(suggestion.direct),
        suggestion.message_id,
        Some(None),
        actor.id(),
    )
    .await?;
    let post =
        messages::post_in(platform, act, actor, Conversation::Group(suggestion.channel), Content::of(body)).await?;
    suggestion.post_id = Some(post.message_id);
    suggestion.pay_at = now() + PAID_AFTER;
    Ok(())
}

/// Publishes, pays and refunds what is due, then waits for the next by the platform's clock
/// (or a minute, or a move of a manual clock), until `stop`; on a shared storage where lease
/// `suggested_posts` is held.
pub(crate) async fn run(platform: Arc<Platform>, stop: CancellationToken) {
    let storage = platform.storage.clone();
    crate::kernel::leased_every(storage, "suggested_posts", Duration::from_secs(60), stop, || async {
        due(&platform).await.unwrap_or_else(|e| {
            tracing::warn!("suggested posts could not be settled: {}", e.description);
            None
        })
    })
    .await;
}

/// Acts on every suggestion that is due; when the next one is.
async fn due(platform: &Platform) -> Result<Option<i64>, ApiError> {
    let mut next: Option<i64> = None;
    for (key, suggestion) in POSTS.all(platform.storage.as_ref(), 0).await? {
        let at = if suggestion.post_id.is_none() { suggestion.publish_at } else { suggestion.pay_at };
        let at = if at <= now() { settle(platform, &key).await? } else { Some(at) };
        next = match (next, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(next)
}

/// The approver, as who acts for the channel (a bot, or a person).
async fn approver(platform: &Platform, id: i64) -> Result<Option<Actor>, ApiError> {
    if let Some(bot) = platform.bot_record(id).await? {
        return Ok(Some(Actor::Bot(bot)));
    }
    Ok(platform.user(id).await?.map(Actor::User))
}

/// Settles suggestion `key` if it is due, under its message's lock (a second server settling at
/// once finds it settled): publishes it, or pays the channel for a post still there, or refunds
/// the person for one deleted. When it is next due, if it still is.
async fn settle(platform: &Platform, key: &str) -> Result<Option<i64>, ApiError> {
    let Some(first) = POSTS.get(platform.storage.as_ref(), 0, key).await? else { return Ok(None) };
    let direct = Conversation::Group(first.direct);
    let _held = messages::lock_message(platform, direct, first.message_id).await;
    let Some(mut suggestion) = POSTS.get(platform.storage.as_ref(), 0, key).await? else { return Ok(None) };
    let Some(message) = messages::load_message(platform, direct, suggestion.message_id).await? else {
        // The suggestion itself is gone: nothing is shown; what was held goes back.
        return refund(platform, key, &suggestion, None).await;
    };
    let Some(actor) = approver(platform, suggestion.approver).await? else {
        return refund(platform, key, &suggestion, None).await;
    };
    let mut act = Act::new();
    match suggestion.post_id {
        None if suggestion.publish_at > now() => return Ok(Some(suggestion.publish_at)),
        None => {
            if publish(platform, &mut act, &actor, &mut suggestion).await.is_err() {
                // The approver can no longer post there: the person is refunded.
                return refund(platform, key, &suggestion, Some((&actor, &message))).await;
            }
            if suggestion.stars > 0 {
                act.change(POSTS.put(0, key, &suggestion));
            } else {
                act.change(POSTS.delete(0, key));
            }
            platform.commit(act).await?;
            return Ok((suggestion.stars > 0).then_some(suggestion.pay_at));
        }
        Some(_) if suggestion.pay_at > now() => return Ok(Some(suggestion.pay_at)),
        Some(post_id) => {
            let channel = Conversation::Group(suggestion.channel);
            if messages::load_message(platform, channel, post_id).await?.is_none() {
                return refund(platform, key, &suggestion, Some((&actor, &message))).await;
            }
            let _earner = platform.locks.lock(Entity::User(suggestion.channel)).await;
            let earned = stars(platform, suggestion.channel).await?;
            act.changes([set_stars(suggestion.channel, earned + suggestion.stars), POSTS.delete(0, key)]);
            let paid = types::SuggestedPostPaid {
                suggested_post_message: Some(carried(&message)),
                currency: "XTR".into(),
                amount: None,
                star_amount: Some(Box::new(types::StarAmount { amount: suggestion.stars, nanostar_amount: None })),
            };
            let body = Message { suggested_post_paid: Some(Box::new(paid)), ..Default::default() };
            messages::post_in(platform, &mut act, &actor, direct, service(&message, body)).await?;
            platform.commit(act).await?;
        }
    }
    Ok(None)
}

/// Gives `suggestion`'s Stars back to its person, with `suggested_post_refunded` (`post_deleted`)
/// in their topic from `told` (the approver and the suggestion; none when either is gone), one
/// act.
async fn refund(
    platform: &Platform,
    key: &str,
    suggestion: &Suggestion,
    told: Option<(&Actor, &Message)>,
) -> Result<Option<i64>, ApiError> {
    let _payer = platform.locks.lock(Entity::User(suggestion.payer)).await;
    let held = stars(platform, suggestion.payer).await?;
    let mut act = Act::with(vec![POSTS.delete(0, key)]);
    if suggestion.stars > 0 {
        act.change(set_stars(suggestion.payer, held + suggestion.stars));
    }
    if let Some((actor, message)) = told {
        let refunded = types::SuggestedPostRefunded {
            suggested_post_message: Some(carried(message)),
            reason: "post_deleted".into(),
        };
        let body = Message { suggested_post_refunded: Some(Box::new(refunded)), ..Default::default() };
        let direct = Conversation::Group(suggestion.direct);
        messages::post_in(platform, &mut act, actor, direct, service(message, body)).await?;
    }
    platform.commit(act).await?;
    Ok(None)
}
