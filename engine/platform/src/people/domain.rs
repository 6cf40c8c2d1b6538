//! The people domain as the platform lists it (see [`Domain`]).

use msg_core::method::Late;
use msg_core::{Change, Registrar};

use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::standing::PersonLists;
use crate::kernel::user::{UserMethod, method};

pub(crate) struct People;

impl Domain for People {
    fn name(&self) -> &'static str {
        "people"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::register(registrar, slot);
    }

    /// The bots allowed to set the person's emoji status, and their profile photos.
    fn split_person(&self, user_id: i64, lists: &PersonLists) -> Vec<Change> {
        let mut changes: Vec<Change> = lists
            .emoji_status_bots
            .iter()
            .map(|bot| super::EMOJI_STATUS_BOTS.put(user_id, &bot.to_string(), &()))
            .collect();
        // Newest first in the list; the newest has the highest number as a row.
        let count = lists.photos.len() as u64;
        for (i, sizes) in lists.photos.iter().enumerate() {
            changes.push(super::PHOTOS.put(user_id, &super::photo_key(count - 1 - i as u64), sizes));
        }
        changes
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
