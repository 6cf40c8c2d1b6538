//! The inline domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::{Late, bound};

use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::user::{UserMethod, method};

pub(crate) struct Inline;

impl Domain for Inline {
    fn name(&self) -> &'static str {
        "inline"
    }

    fn state(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        Some(Box::new(super::InlineState::default()))
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("answerCallbackQuery", bound(slot, super::methods::answer_callback_query));
        registrar.method("answerInlineQuery", bound(slot, super::methods::answer_inline_query));
        registrar.method("answerWebAppQuery", bound(slot, super::methods::answer_web_app_query));
        registrar.method("answerGuestQuery", bound(slot, super::methods::answer_guest_query));
        registrar.method("savePreparedInlineMessage", bound(slot, super::methods::save_prepared_inline_message));
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "inlineQuery",
                "`chat_id` (the bot, or `@username`), `query`, `offset`, `in_chat_id` (the chat typed in: the bot's by default; the bot's `chat_type`), `location` (`{\"latitude\",\"longitude\"}`: sent to a bot that asks for it), `timeout` (default 15 s)",
                "`{\"inline_query_id\",\"answered\",\"answer\":{\"results\",\"cache_time\",\"is_personal\",\"next_offset\",\"button\"}}` once the bot calls `answerInlineQuery`",
                crate::inline::user::inline_query,
            ),
            method(
                "openWebApp",
                "`chat_id` (the bot)",
                "`{\"web_app_query_id\",\"init_data\"}`: `init_data` is the Mini App's signed `initData`; the bot answers the query once with `answerWebAppQuery`, whose result the person sends to the bot via it",
                crate::inline::user::open_web_app,
            ),
            method(
                "chooseInlineResult",
                "`inline_query_id`, `result_id`, `chat_id` (where to post it)",
                "the `Message` posted `via_bot`; a bot with feedback on gets `chosen_inline_result`",
                crate::inline::user::choose_inline,
            ),
            method(
                "pressButton",
                "`chat_id`, `message_id`, `callback_data`, `timeout`",
                "the bot's answer",
                crate::inline::user::press_button,
            ),
        ]
    }
}
