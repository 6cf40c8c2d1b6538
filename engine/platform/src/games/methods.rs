//! Games' Bot API methods: `sendGame`, `setGameScore`, `getGameHighScores`, with the reference's
//! checks in its order (`process_send_game_query`, `process_set_game_score_query`,
//! `process_get_game_high_scores_query`), TDLib's (`GameManager`: "Game score can't be set") and
//! the platform's (`GAME_SHORTNAME_INVALID`, `REPLY_MARKUP_GAME_EMPTY`, `BOT_SCORE_NOT_MODIFIED`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::params::{self, SendArgs};
use msg_spec::types::{self, Message};
use serde_json::Value;

use crate::Platform;
use crate::games::{MESSAGES, SCORES, Score, launches, play_keyboard};
use crate::kernel::methods::{args, platform_bot};
use crate::kernel::serial::Entity;
use crate::kernel::world::{Access, Actor, Conversation, now};
use crate::messages;
use crate::messages::posting::sender_id;
use crate::messages::send::SendOptions;
use crate::messages::target::{edited_for, message_target};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// `sendGame`'s send options (its `chat_id` is read as any chat's, as the reference reads it).
struct GameSend<'a> {
    p: params::SendGame<'a>,
    chat_id: &'a str,
}

impl<'a> SendArgs<'a> for GameSend<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.p.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.p.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.p.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.p.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.p.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.p.reply_markup
    }
}

pub(super) async fn send_game(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendGame = args(&call.params)?;
    if p.game_short_name.is_empty() {
        return Err(ApiError::parameter_required("game_short_name"));
    }
    let short_name = p.game_short_name;
    let send = GameSend { p, chat_id: call.params.get("chat_id").unwrap_or_default() };
    let options = SendOptions::read(&send, &call.params)?;
    options.without_business()?;
    let bot = platform_bot(&platform, &call).await?;
    let actor = Actor::Bot(bot.clone());
    let conversation = platform.resolve_chat(&actor, send.chat_id).await?;
    if platform.is_channel(conversation).await? {
        return Err(bad("games can't be sent to channel chats"));
    }
    let game = super::game(&platform, bot.id, short_name).await?.ok_or_else(|| bad("GAME_SHORTNAME_INVALID"))?;
    let title = game.title.clone();
    let body = Message { game: Some(Box::new(game)), ..Default::default() };
    let mut content = options.content(String::new(), None, body);
    match &content.reply_markup {
        Some(markup) if !launches(markup) => return Err(bad("REPLY_MARKUP_GAME_EMPTY")),
        Some(_) => {}
        None => content.reply_markup = Some(play_keyboard(&title)),
    }
    content.attached.push(MESSAGES.record(bot.id, &conversation.message_rows(), &short_name.to_owned()));
    Ok(messages::post(&platform, &actor, conversation, content).await?.into())
}

/// A game message `bot_id` may keep scores on: its own or sent via it, a game, with the game's
/// short name; `None` otherwise.
async fn game_of(
    platform: &Platform,
    bot_id: i64,
    conversation: Conversation,
    stored: &Message,
) -> Result<Option<String>, ApiError> {
    let owner = stored.via_bot.as_ref().map(|b| b.id).or_else(|| sender_id(stored));
    if owner != Some(bot_id) || stored.game.is_none() {
        return Ok(None);
    }
    let key = conversation.message_row(stored.message_id);
    MESSAGES.get(platform.storage.as_ref(), bot_id, &key).await
}

/// The board a game message's scores are on: the chat's for that game, or an inline message's own.
fn board(conversation: Conversation, stored: &Message, short_name: &str) -> String {
    if stored.via_bot.is_some() {
        format!("inline/{}", conversation.inline_id(stored.message_id))
    } else {
        format!("{}/{short_name}", conversation.key())
    }
}

/// A board's scores, best first (an earlier score first among equals): (player, score).
async fn ranked(platform: &Platform, bot_id: i64, board: &str) -> Result<Vec<(i64, Score)>, ApiError> {
    let prefix = format!("{board}/");
    let mut rows: Vec<(i64, Score)> = SCORES
        .all(platform.storage.as_ref(), bot_id)
        .await?
        .into_iter()
        .filter_map(|(key, score)| Some((key.strip_prefix(&prefix)?.parse().ok()?, score)))
        .collect();
    rank(&mut rows);
    Ok(rows)
}

/// The platform's ranking: a higher score first, then the earlier, then the lower user id.
fn rank(rows: &mut [(i64, Score)]) {
    rows.sort_by(|(a, x), (b, y)| y.score.cmp(&x.score).then(x.date.cmp(&y.date)).then(a.cmp(b)));
}

/// The scoreboard a game message shows: its best ten.
async fn scoreboard(platform: &Platform, rows: &[(i64, Score)]) -> Result<String, ApiError> {
    let mut lines = Vec::new();
    for (position, (player, score)) in rows.iter().take(10).enumerate() {
        let name = match platform.participant(*player).await? {
            Some(user) => user.first_name,
            None => player.to_string(),
        };
        lines.push(format!("{}. {name}: {}", position + 1, score.score));
    }
    Ok(lines.join("\n"))
}

pub(super) async fn set_game_score(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetGameScore = args(&call.params)?;
    let edit_message = if call.params.get("disable_edit_message").is_some() {
        !p.disable_edit_message
    } else if call.params.get("edit_message").is_some() {
        call.params.boolean("edit_message")
    } else {
        true
    };
    let chat_id = call.params.get("chat_id").filter(|c| !c.is_empty());
    let (actor, conversation, message_id) =
        message_target(&platform, &call, chat_id, p.message_id, "message to set game score", Access::Write).await?;
    let player = platform.user(p.user_id).await?.ok_or_else(|| bad("user not found"))?;
    let held = messages::lock_message(&platform, conversation, message_id).await;
    let stored = messages::load_message(&platform, conversation, message_id)
        .await?
        .ok_or_else(|| bad("message to set game score not found"))?;
    let short_name =
        game_of(&platform, actor.id(), conversation, &stored).await?.ok_or_else(|| bad("game score can't be set"))?;
    if p.score < 0 || p.score > i64::from(i32::MAX) {
        return Err(bad("SCORE_INVALID"));
    }
    let board = board(conversation, &stored, &short_name);
    let _board = platform.locks.lock(Entity::BotSetting(actor.id(), format!("game_board:{board}"))).await;
    let key = format!("{board}/{}", player.id);
    let old = SCORES.get(platform.storage.as_ref(), actor.id(), &key).await?;
    let unchanged = old.as_ref().is_some_and(|old| old.score == p.score);
    if old.as_ref().is_some_and(|old| old.score >= p.score) && !p.force {
        return Err(bad("BOT_SCORE_NOT_MODIFIED"));
    }
    let score = Score { score: p.score, date: now() };
    let change = (!unchanged).then(|| SCORES.put(actor.id(), &key, &score));
    let mut message = stored.clone();
    if edit_message {
        let mut rows = ranked(&platform, actor.id(), &board).await?;
        rows.retain(|(id, _)| *id != player.id);
        rows.push((player.id, if unchanged { old.clone().unwrap_or_default() } else { score }));
        rank(&mut rows);
        let text = scoreboard(&platform, &rows).await?;
        if let Some(game) = message.game.as_mut() {
            game.text = Some(text);
            game.text_entities = None;
        }
    }
    let shown = if message == stored {
        if let Some(change) = change {
            platform.storage.apply(vec![change]).await.map_err(crate::internal)?;
        }
        messages::message_for(&platform, conversation, &mut message, actor.id()).await?
    } else {
        let also = change.into_iter().collect();
        messages::publish_edit_with(&platform, &held, &actor, conversation, &stored, message, also).await?
    };
    Ok(edited_for(&call, shown))
}

pub(super) async fn get_game_high_scores(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetGameHighScores = args(&call.params)?;
    let chat_id = call.params.get("chat_id").filter(|c| !c.is_empty());
    let what = "message to get game high scores";
    let (actor, conversation, message_id) =
        message_target(&platform, &call, chat_id, p.message_id, what, Access::Read).await?;
    let player = platform.user(p.user_id).await?.ok_or_else(|| bad("user not found"))?;
    let stored = messages::load_message(&platform, conversation, message_id)
        .await?
        .ok_or_else(|| bad(format!("{what} not found")))?;
    let short_name =
        game_of(&platform, actor.id(), conversation, &stored).await?.ok_or_else(|| bad("MESSAGE_ID_INVALID"))?;
    let rows = ranked(&platform, actor.id(), &board(conversation, &stored, &short_name)).await?;
    let mut shown = Vec::new();
    for position in neighbours(&rows, player.id) {
        let (id, score) = &rows[position];
        let Some(user) = platform.participant(*id).await? else { continue };
        shown.push(types::GameHighScore { position: position as i64 + 1, user: Box::new(user), score: score.score });
    }
    Ok(Value::from(shown.iter().map(crate::kernel::world::typed).collect::<Vec<_>>()).into())
}

/// Which places of a ranking `getGameHighScores` shows for `player`: the player and two
/// neighbours on each side, and the best three when they are not among them (the best three
/// alone for a player without a score), in order.
fn neighbours(rows: &[(i64, Score)], player: i64) -> Vec<usize> {
    let mut places: Vec<usize> = (0..rows.len().min(3)).collect();
    if let Some(at) = rows.iter().position(|(id, _)| *id == player) {
        places.extend(at.saturating_sub(2)..(at + 3).min(rows.len()));
    }
    places.sort_unstable();
    places.dedup();
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn high_scores_show_the_player_their_neighbours_and_the_best_three() {
        let rows: Vec<(i64, Score)> = (1..=10).map(|id| (id, Score { score: 100 - id, date: 0 })).collect();
        assert_eq!(neighbours(&rows, 7), vec![0, 1, 2, 4, 5, 6, 7, 8]);
        assert_eq!(neighbours(&rows, 2), vec![0, 1, 2, 3]);
        assert_eq!(neighbours(&rows, 10), vec![0, 1, 2, 7, 8, 9]);
        assert_eq!(neighbours(&rows, 99), vec![0, 1, 2], "no score: the best three");
        assert_eq!(neighbours(&rows[..1], 1), vec![0]);
        assert!(neighbours(&[], 1).is_empty());
    }
}
