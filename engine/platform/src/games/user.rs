//! The people's side of games: pressing a game message's Play button (`playGame`).

use std::time::Duration;

use msg_core::ApiError;
use serde_json::Value;

use crate::Platform;
use crate::inline;
use crate::inline::callbacks::{ButtonKind, Pressed, ShortName};
use crate::kernel::user::{UserCall, message_id};

/// A game message's Play button: a callback query carrying the game's short name.
static PLAY: ButtonKind = ButtonKind {
    on: |button| button.callback_game.is_some(),
    missing: "the message has no button that launches a game",
    short_name: game_of,
};

/// The game a message launches, as its bot registered it with the message.
fn game_of(platform: &Platform, bot_id: i64, key: String) -> ShortName<'_> {
    Box::pin(async move {
        let game = super::MESSAGES.get(platform.storage.as_ref(), bot_id, &key).await?;
        game.ok_or_else(|| ApiError::bad_request("the message's game is not available"))
    })
}

/// `playGame`: `chat_id`, `message_id` (a game message), `timeout` (seconds to wait for the
/// bot's answer, which carries the game's `url`).
pub(super) async fn play_game(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let wait = Duration::from_secs(c.params.integer("timeout", 15, 0, 60) as u64);
    inline::press(&c.platform, &c.user, conversation, message_id(&c.params)?, Pressed::Button(&PLAY), wait).await
}
