//! Reactions: a bot (one at a time) or a person (up to three) sets reactions on a message. The
//! emoji allowed are the schema's own list (`ReactionTypeEmoji.emoji`); custom emoji do not exist
//! here yet. Bots learn of people's reactions as `message_reaction` (only when they ask for it,
//! and in groups only as administrators); people see a bot's.

use std::sync::{Arc, OnceLock};

use msg_core::{ApiError, BotRecord, Change, NewUpdate, UserRecord};
use msg_spec::types;
use serde_json::{Value, json};

use crate::internal;
use crate::kernel::act::Act;
use crate::kernel::records::Table;
use crate::kernel::serial::{Entity, Held};
use crate::kernel::standing::ChatDetails;
use crate::kernel::stored::decode;
use crate::kernel::world::{Actor, Conversation, MESSAGE_TTL, Platform, now, typed};

/// The reaction emoji the schema lists.
fn allowed_emoji() -> &'static Vec<String> {
    static EMOJI: OnceLock<Vec<String>> = OnceLock::new();
    EMOJI.get_or_init(|| {
        let spec = msg_spec::spec();
        let description =
            spec.types["ReactionTypeEmoji"].fields.iter().find(|f| f.name == "emoji").map(|f| f.description.clone());
        description.unwrap_or_default().split('"').skip(1).step_by(2).map(str::to_owned).collect()
    })
}

/// A `reaction` parameter (an array of `ReactionType`) as the reference reads it; absent or
/// empty removes the reactions.
pub fn reaction_types(raw: Option<&str>) -> Result<Vec<Value>, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(Vec::new()) };
    let value: Value =
        serde_json::from_str(raw).map_err(|_| ApiError::bad_request("can't parse reaction types JSON object"))?;
    let Value::Array(items) = value else { return Err(ApiError::bad_request("expected an Array of ReactionType")) };
    let wrap = |inner: &str| ApiError::bad_request(format!("can't parse ReactionType: {inner}"));
    let mut out = Vec::new();
    for item in items {
        let Value::Object(fields) = item else { return Err(wrap("expected an Object")) };
        match fields.get("type").and_then(Value::as_str) {
            None => return Err(wrap("Can't find field \"type\"")),
            Some("emoji") => {
                let emoji =
                    fields.get("emoji").and_then(Value::as_str).ok_or_else(|| wrap("Can't find field \"emoji\""))?;
                out.push(json!({"type": "emoji", "emoji": emoji}));
            }
            Some("custom_emoji") => {
                let id = fields.get("custom_emoji_id").ok_or_else(|| wrap("Can't find field \"custom_emoji_id\""))?;
                let id = id.as_str().map(str::to_owned).or_else(|| id.as_i64().map(|n| n.to_string()));
                out.push(json!({"type": "custom_emoji", "custom_emoji_id": id.unwrap_or_default()}));
            }
            Some(_) => return Err(wrap("invalid reaction type specified")),
        }
    }
    Ok(out)
}

/// People's reactions: scope the person, key `<conversation>#<message id>`.
pub(super) const REACTIONS: Table<Vec<Value>> = Table::new("message_reaction");

fn key(conversation: Conversation, message_id: i64) -> String {
    format!("{}#{message_id}", conversation.key())
}

/// `actor` sets its reactions on a message; the others concerned are told.
pub(super) async fn react(
    platform: &Platform,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    reactions: Vec<Value>,
) -> Result<(), ApiError> {
    let most = if matches!(actor, Actor::Bot(_)) { 1 } else { 3 };
    if reactions.len() > most {
        return Err(ApiError::bad_request("REACTIONS_TOO_MANY"));
    }
    for reaction in &reactions {
        let known = reaction["emoji"].as_str().is_some_and(|e| allowed_emoji().iter().any(|a| a == e));
        if !known {
            return Err(ApiError::bad_request("REACTION_INVALID"));
        }
    }
    if super::load_message_seen(platform, conversation, message_id, actor.id()).await?.is_none() {
        return Err(ApiError::bad_request("message to react not found"));
    }
    if !reactions.is_empty() {
        may_react(platform, actor.id(), conversation).await?;
    }
    // The reaction and everyone's update are one act, stored under the reactor's lock.
    let (_held, old, change) = match actor {
        Actor::Bot(bot) => bot_reaction(platform, bot, conversation, message_id, &reactions).await?,
        Actor::User(user) => person_reaction(platform, user, conversation, message_id, &reactions).await?,
    };
    let mut act = Act::with(vec![change]);
    if old == reactions {
        return Ok(());
    }
    tell_reaction(platform, &mut act, actor, conversation, message_id, old, reactions).await?;
    platform.commit(act).await
}

/// Whether `who` may react in `conversation`: in a group, `can_react_to_messages` of their
/// standing and the chat's permissions (when not set, as `can_send_messages`, Bot API 10.0);
/// anywhere else, yes.
async fn may_react(platform: &Platform, who: i64, conversation: Conversation) -> Result<(), ApiError> {
    let Conversation::Group(id) = conversation else { return Ok(()) };
    if platform.is_channel(conversation).await? {
        return Ok(());
    }
    let permissions = ChatDetails::parse(&platform.group(id).await?.details).permissions();
    let react = |p: &types::ChatPermissions| p.can_react_to_messages.or(p.can_send_messages).unwrap_or(false);
    match platform.standing(id, who).await?.allowed(&permissions, react) {
        true => Ok(()),
        false => Err(ApiError::bad_request("not enough rights to react to messages in the chat")),
    }
}

/// A bot removes the reactions person `sender` put on message `message_id` of group
/// `conversation`, or (`None`) on the chat's messages, the 10,000 most recent (deleteMessageReaction,
/// deleteAllMessageReactions): with `can_delete_messages`, in one act, everyone concerned told
/// as if the person had taken them back. A sender who is not a person here has none.
pub(super) async fn remove_reactions(
    platform: &Platform,
    bot: &BotRecord,
    conversation: Conversation,
    sender: i64,
    message_id: Option<i64>,
) -> Result<(), ApiError> {
    let admin = match conversation {
        Conversation::Group(id) => platform.standing(id, bot.id).await?.may(|r| r.can_delete_messages),
        Conversation::Private(..) => false,
    };
    if !admin {
        return Err(ApiError::bad_request("CHAT_ADMIN_REQUIRED"));
    }
    let Some(user) = platform.user(sender).await? else { return Ok(()) };
    let _held = platform.locks.lock(Entity::User(user.id)).await;
    let prefix = format!("{}#", conversation.key());
    let mut found: Vec<(i64, Vec<Value>)> = REACTIONS
        .all(platform.storage.as_ref(), user.id)
        .await?
        .into_iter()
        .filter_map(|(key, reactions)| Some((key.strip_prefix(&prefix)?.parse().ok()?, reactions)))
        .filter(|(id, _)| message_id.is_none_or(|m| m == *id))
        .collect();
    found.sort_unstable_by_key(|(id, _)| std::cmp::Reverse(*id));
    found.truncate(10_000);
    if found.is_empty() {
        return Ok(());
    }
    let (id, actor) = (user.id, Actor::User(user));
    let mut act = Act::new();
    for (message_id, old) in found {
        act.change(REACTIONS.delete(id, &key(conversation, message_id)));
        tell_reaction(platform, &mut act, &actor, conversation, message_id, old, Vec::new()).await?;
    }
    platform.commit(act).await
}

/// Tells everyone concerned that `actor`'s reactions on a message went from `old` to
/// `reactions`, into `act` (which stores the change).
async fn tell_reaction(
    platform: &Platform,
    act: &mut Act,
    actor: &Actor,
    conversation: Conversation,
    message_id: i64,
    old: Vec<Value>,
    reactions: Vec<Value>,
) -> Result<(), ApiError> {
    let date = now();
    let (old_reaction, new_reaction): (Vec<types::ReactionType>, Vec<types::ReactionType>) =
        (decode(Value::Array(old), "reactions")?, decode(Value::Array(reactions.clone()), "reactions")?);
    for member in platform.participants(conversation).await? {
        if member == actor.id() {
            continue;
        }
        let update = types::MessageReactionUpdated {
            chat: Box::new(platform.chat(conversation, member).await?),
            message_id,
            user: Some(Box::new(actor.user())),
            actor_chat: None,
            date,
            old_reaction: old_reaction.clone(),
            new_reaction: new_reaction.clone(),
        };
        let update = typed(&update);
        if platform.user(member).await?.is_some() {
            let mailbox = platform.user_mailbox(member).await?;
            act.tell_person(&mailbox, NewUpdate::new("message_reaction", update.to_string(), 0, date + MESSAGE_TTL));
        } else if let Some(bot) = platform.bot_record(member).await?
            && matches!(actor, Actor::User(_))
            && !platform.is_channel(conversation).await?
        {
            let admin = match conversation {
                Conversation::Group(id) => platform.standing(id, bot.id).await?.is_admin(),
                Conversation::Private(..) => true,
            };
            if admin && platform.updates.accepts(&bot, "message_reaction").await? {
                let chat_key = conversation.chat_id_for(bot.id);
                let update = NewUpdate::new("message_reaction", update.to_string(), chat_key, date + MESSAGE_TTL);
                platform.tell_bot(act, &bot, update).await?;
            }
        }
    }
    if platform.is_channel(conversation).await? {
        let reacting = match actor {
            Actor::User(user) => Some((user.id, reactions.as_slice())),
            Actor::Bot(_) => None,
        };
        count_reactions(platform, act, conversation, message_id, date, reacting).await?;
    }
    Ok(())
}

/// Each of `messages` (as `viewer` sees them) with the reactions on it, as the person's apps
/// show them: `reactions`, each reaction with how many chose it (people and bots) and
/// whether `viewer` did (`[{type, total_count, chosen}]`, in the order first chosen); a
/// message nobody reacted to has none.
pub(crate) async fn attach_reactions(
    platform: &Platform,
    conversation: Conversation,
    messages: &mut [Value],
    viewer: i64,
) -> Result<(), ApiError> {
    // People first, from the directory: only the others are looked up as bots.
    let mut bots = Vec::new();
    for member in platform.participants(conversation).await? {
        if platform.user(member).await?.is_none() && platform.bot_record(member).await?.is_some() {
            bots.push(member);
        }
    }
    for message in messages {
        let Some(message_id) = message["message_id"].as_i64() else { continue };
        let key = key(conversation, message_id);
        let mut reacted = REACTIONS.find(platform.storage.as_ref(), &key).await?;
        for bot in &bots {
            let setting =
                platform.storage.load_bot_setting(*bot, &format!("reaction:{key}")).await.map_err(internal)?;
            if let Some(reactions) = setting.and_then(|s| serde_json::from_str::<Vec<Value>>(&s).ok()) {
                reacted.push((*bot, reactions));
            }
        }
        let mut counts: Vec<(Value, i64, bool)> = Vec::new();
        for (who, reactions) in reacted {
            for reaction in reactions {
                match counts.iter_mut().find(|(r, _, _)| *r == reaction) {
                    Some((_, n, chosen)) => (*n, *chosen) = (*n + 1, *chosen || who == viewer),
                    None => counts.push((reaction, 1, who == viewer)),
                }
            }
        }
        if !counts.is_empty() {
            message["reactions"] = counts
                .into_iter()
                .map(|(r, n, chosen)| json!({"type": r, "total_count": n, "chosen": chosen}))
                .collect();
        }
    }
    Ok(())
}

/// In a channel reactions are anonymous: administrator bots that ask get the counts
/// (`message_reaction_count`).
/// `reacting` is the person whose reactions the act changes (not stored yet), if any.
async fn count_reactions(
    platform: &Platform,
    act: &mut Act,
    conversation: Conversation,
    message_id: i64,
    date: i64,
    reacting: Option<(i64, &[Value])>,
) -> Result<(), ApiError> {
    let Conversation::Group(id) = conversation else { return Ok(()) };
    let key = key(conversation, message_id);
    let mut counts: Vec<(Value, i64)> = Vec::new();
    let members: std::collections::HashSet<i64> = platform.participants(conversation).await?.into_iter().collect();
    let mut reacted = REACTIONS.find(platform.storage.as_ref(), &key).await?;
    if let Some((reactor, reactions)) = reacting {
        reacted.retain(|(person, _)| *person != reactor);
        reacted.push((reactor, reactions.to_vec()));
    }
    for (_, reactions) in reacted.iter().filter(|(person, _)| members.contains(person)) {
        for reaction in reactions {
            match counts.iter_mut().find(|(r, _)| r == reaction) {
                Some((_, n)) => *n += 1,
                None => counts.push((reaction.clone(), 1)),
            }
        }
    }
    let reactions = counts
        .into_iter()
        .map(|(r, n)| Ok(types::ReactionCount { r#type: decode(r, "reaction")?, total_count: n }))
        .collect::<Result<Vec<_>, ApiError>>()?;
    for (member, standing) in platform.standings(id).await? {
        let Some(bot) = platform.bot_record(member).await? else { continue };
        if standing.is_admin() && platform.updates.accepts(&bot, "message_reaction_count").await? {
            let update = types::MessageReactionCountUpdated {
                chat: Box::new(platform.chat(conversation, bot.id).await?),
                message_id,
                date,
                reactions: reactions.clone(),
            };
            let update = NewUpdate::new("message_reaction_count", typed(&update).to_string(), id, date + MESSAGE_TTL);
            platform.tell_bot(act, &bot, update).await?;
        }
    }
    Ok(())
}

/// A bot's reaction (kept in its own storage): the lock it is changed under, the one it
/// replaces and the change that stores it.
async fn bot_reaction<'a>(
    platform: &'a Platform,
    bot: &Arc<BotRecord>,
    conversation: Conversation,
    message_id: i64,
    reactions: &[Value],
) -> Result<(Held<'a>, Vec<Value>, Change), ApiError> {
    let key = format!("reaction:{}", key(conversation, message_id));
    let held = platform.locks.lock(Entity::BotSetting(bot.id, key.clone())).await;
    let old = platform.storage.load_bot_setting(bot.id, &key).await.map_err(internal)?;
    let old = old.and_then(|o| serde_json::from_str(&o).ok()).unwrap_or_default();
    let value = (!reactions.is_empty()).then(|| Value::Array(reactions.to_vec()).to_string());
    Ok((held, old, Change::BotSetting { bot_id: bot.id, key, value }))
}

/// A person's reactions (a row of [`REACTIONS`]): the lock they are changed under, the ones
/// they replace and the change that stores them.
async fn person_reaction<'a>(
    platform: &'a Platform,
    user: &UserRecord,
    conversation: Conversation,
    message_id: i64,
    reactions: &[Value],
) -> Result<(Held<'a>, Vec<Value>, Change), ApiError> {
    let key = key(conversation, message_id);
    let held = platform.locks.lock(Entity::User(user.id)).await;
    let old = REACTIONS.get(platform.storage.as_ref(), user.id, &key).await?;
    let change = match reactions {
        [] => REACTIONS.delete(user.id, &key),
        _ => REACTIONS.put(user.id, &key, &reactions.to_vec()),
    };
    Ok((held, old.unwrap_or_default(), change))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(raw: &str) -> String {
        reaction_types(Some(raw)).expect_err("must be refused").description.into_owned()
    }

    #[test]
    fn reactions_are_read_as_the_reference_reads_them() {
        assert_eq!(reaction_types(None).unwrap(), Vec::<Value>::new(), "absent removes the reactions");
        assert_eq!(reaction_types(Some("")).unwrap(), Vec::<Value>::new());
        let read = reaction_types(Some(
            r#"[{"type":"emoji","emoji":"👍","extra":1},{"type":"custom_emoji","custom_emoji_id":42}]"#,
        ));
        assert_eq!(
            read.unwrap(),
            vec![json!({"type": "emoji", "emoji": "👍"}), json!({"type": "custom_emoji", "custom_emoji_id": "42"})],
            "unknown fields dropped, a numeric custom emoji id read as text"
        );
        assert_eq!(refusal("[1"), "Bad Request: can't parse reaction types JSON object");
        assert_eq!(refusal("{}"), "Bad Request: expected an Array of ReactionType");
        assert_eq!(refusal("[1]"), "Bad Request: can't parse ReactionType: expected an Object");
        assert_eq!(refusal("[{}]"), "Bad Request: can't parse ReactionType: Can't find field \"type\"");
        assert_eq!(
            refusal(r#"[{"type":"emoji"}]"#),
            "Bad Request: can't parse ReactionType: Can't find field \"emoji\""
        );
        assert_eq!(
            refusal(r#"[{"type":"paid"}]"#),
            "Bad Request: can't parse ReactionType: invalid reaction type specified"
        );
    }

    #[test]
    fn the_allowed_emoji_come_from_the_schema() {
        let allowed = allowed_emoji();
        assert!(allowed.len() > 50, "{}", allowed.len());
        assert!(allowed.iter().any(|e| e == "👍") && allowed.iter().any(|e| e == "🔥"));
    }
}
