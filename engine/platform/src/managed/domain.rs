//! The managed bots domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::{Late, bound, read_only};

use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::PostRule;

pub(crate) struct ManagedBots;

impl Domain for ManagedBots {
    fn name(&self) -> &'static str {
        "managed"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("getManagedBotToken", read_only(bound(slot, super::methods::get_token)));
        registrar.method("replaceManagedBotToken", bound(slot, super::methods::replace_token));
        registrar.method("getManagedBotAccessSettings", read_only(bound(slot, super::methods::get_access)));
        registrar.method("setManagedBotAccessSettings", bound(slot, super::methods::set_access));
        registrar.method("savePreparedKeyboardButton", bound(slot, super::prepared::save));
    }

    /// A keyboard asking for a managed bot goes where it may; a managed bot whose access is
    /// restricted takes posts from its owner and the people added.
    fn post_rules(&self) -> &'static [PostRule] {
        &[super::methods::post_rule]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "createManagedBot",
                "`bot_id` (the managing bot, which showed a `request_managed_bot` button), `username`, `name`",
                "`{\"bot\",\"token\"}`: the new bot, which the managing bot manages (it gets `managed_bot`; the person's chat with it shows `managed_bot_created`)",
                super::methods::create,
            ),
            method(
                "usePreparedKeyboardButton",
                "`id` (a button the bot prepared for the person), and what it asks: `user_ids` (request_users), `shared_chat_id` (request_chat), `username` and `name` (request_managed_bot)",
                "the person's `users_shared` or `chat_shared` `Message` to the bot, or the managed bot as `createManagedBot` gives it",
                super::prepared::use_button,
            ),
            method(
                "shareUsers",
                "`chat_id` (the bot whose reply keyboard has the button), `request_id` (the button's), `user_ids` (JSON array; 1 to its `max_quantity`, bots only or people only when it says)",
                "the person's `users_shared` `Message` to the bot, with the names and usernames the button asks for",
                |c| super::prepared::share(c, true),
            ),
            method(
                "shareChat",
                "`chat_id` (the bot), `request_id` (the button's), `shared_chat_id` (a group or channel the person is in, of the kind asked: channel or not, forum or not, created by the person, the person's and the bot's administrator rights, the bot a member)",
                "the person's `chat_shared` `Message` to the bot, with the title and username the button asks for",
                |c| super::prepared::share(c, false),
            ),
        ]
    }
}
