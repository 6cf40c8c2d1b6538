//! The games domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::method::{Late, bound, read_only};
use msg_core::{ApiError, Params, Registrar};
use serde_json::{Value, json};

use super::{NewGame, Registered, games, register_game, remove_game};
use crate::Platform;
use crate::kernel::domain::{Domain, OperatorVerb, OperatorWork};
use crate::kernel::stored::ContentKind;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::InlineResultKind;

pub(crate) struct Games;

impl Domain for Games {
    fn name(&self) -> &'static str {
        "games"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("sendGame", bound(slot, super::methods::send_game));
        registrar.method("setGameScore", bound(slot, super::methods::set_game_score));
        registrar.method("getGameHighScores", read_only(bound(slot, super::methods::get_game_high_scores)));
    }

    fn inline_results(&self) -> &'static [InlineResultKind] {
        &[super::GAME_RESULT]
    }

    fn operator_verbs(&self) -> &'static [OperatorVerb] {
        &[
            OperatorVerb { name: "setGame", run: set_game },
            OperatorVerb { name: "listGames", run: list_games },
            OperatorVerb { name: "deleteGame", run: delete_game },
        ]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![method(
            "playGame",
            "`chat_id`, `message_id` (a game message), `timeout`",
            "the bot's answer, with the game's `url`",
            crate::games::user::play_game,
        )]
    }

    /// Games, an "other message".
    fn content_kinds(&self) -> &'static [ContentKind] {
        &[ContentKind { present: |m| m.game.is_some(), right: |p| p.can_send_other_messages, plural: "games" }]
    }
}

/// A game as the operator sees it.
pub fn game_json(game: &Registered) -> Value {
    let largest = game.photo.last().map(|p| json!({"width": p.width, "height": p.height}));
    json!({"short_name": game.short_name, "title": game.title, "description": game.description, "photo": largest})
}

/// `setGame`: registers (or replaces) a bot's game (`bot_id`, `short_name`, `title`,
/// `description`), as `bot game add` does.
fn set_game(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        let bot = platform.operator_bot(&params).await?;
        let game = NewGame {
            short_name: params.get("short_name").unwrap_or_default().trim(),
            title: params.get("title").unwrap_or_default(),
            description: params.get("description").unwrap_or_default(),
            photo: None,
        };
        let registered = register_game(&platform.files, platform.storage.as_ref(), bot.id, game)
            .await
            .map_err(ApiError::bad_request)?;
        Ok(game_json(&registered))
    })
}

/// `listGames`: a bot's games (`bot_id`).
fn list_games(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        let bot = platform.operator_bot(&params).await?;
        Ok(Value::Array(games(platform.storage.as_ref(), bot.id).await?.iter().map(game_json).collect()))
    })
}

/// `deleteGame`: removes a bot's game (`bot_id`, `short_name`).
fn delete_game(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        let bot = platform.operator_bot(&params).await?;
        let short_name = params.get("short_name").unwrap_or_default();
        Ok(json!(remove_game(platform.storage.as_ref(), bot.id, short_name).await?))
    })
}
