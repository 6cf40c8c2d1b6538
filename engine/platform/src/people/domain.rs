//! The people domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::Late;

use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::user::{UserMethod, method};

pub(crate) struct People;

impl Domain for People {
    fn name(&self) -> &'static str {
        "people"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::register(registrar, slot);
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method("blockBot", "`chat_id` (the bot)", "`true`", |c| crate::people::user::block(c, true)),
            method("unblockBot", "`chat_id` (the bot)", "`true`", |c| crate::people::user::block(c, false)),
            method("allowEmojiStatus", "`chat_id` (the bot)", "`true`", crate::people::user::allow_emoji_status),
            method("setProfilePhoto", "`photo` (a multipart part)", "`true`", |c| {
                crate::people::user::profile_photo(c, true)
            }),
            method("deleteProfilePhoto", "—", "`true` (the newest goes)", |c| {
                crate::people::user::profile_photo(c, false)
            }),
        ]
    }
}
