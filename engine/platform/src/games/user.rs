//! The people's side of games: pressing a game message's Play button (`playGame`).

use std::time::Duration;

use msg_core::ApiError;
use serde_json::Value;

use crate::inline::callbacks::Pressed;
use crate::kernel::user::{UserCall, message_id};

/// `playGame`: `chat_id`, `message_id` (a game message), `timeout` (seconds to wait for the
/// bot's answer, which carries the game's `url`).
pub(crate) async fn play_game(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let wait = Duration::from_secs(c.params.integer("timeout", 15, 0, 60) as u64);
    c.platform.press(&c.user, conversation, message_id(&c.params)?, Pressed::Game, wait).await
}
