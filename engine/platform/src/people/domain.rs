//! The people domain as the platform lists it (see [`Domain`]).

use msg_core::method::{Late, bound, read_only};
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
        registrar.method("getMe", read_only(bound(slot, super::bot::get_me)));
        registrar.method("setMySettings", bound(slot, super::bot::set_my_settings));
        registrar.method("setUserEmojiStatus", bound(slot, super::set_user_emoji_status));
        registrar.method("setMyCommands", bound(slot, super::commands::set_my_commands));
        registrar.method("deleteMyCommands", bound(slot, super::commands::delete_my_commands));
        registrar.method("getMyCommands", read_only(bound(slot, super::commands::get_my_commands)));
        registrar.method("setMyName", bound(slot, super::profile::set_my_name));
        registrar.method("getMyName", read_only(bound(slot, super::profile::get_my_name)));
        registrar.method("setMyDescription", bound(slot, super::profile::set_my_description));
        registrar.method("getMyDescription", read_only(bound(slot, super::profile::get_my_description)));
        registrar.method("setMyShortDescription", bound(slot, super::profile::set_my_short_description));
        registrar.method("getMyShortDescription", read_only(bound(slot, super::profile::get_my_short_description)));
        registrar.method("setMyProfilePhoto", bound(slot, super::profile::set_my_profile_photo));
        registrar.method("removeMyProfilePhoto", bound(slot, super::profile::remove_my_profile_photo));
        registrar.method("setChatMenuButton", bound(slot, super::profile::set_chat_menu_button));
        registrar.method("getChatMenuButton", read_only(bound(slot, super::profile::get_chat_menu_button)));
        registrar.method(
            "setMyDefaultAdministratorRights",
            bound(slot, super::profile::set_my_default_administrator_rights),
        );
        registrar.method(
            "getMyDefaultAdministratorRights",
            read_only(bound(slot, super::profile::get_my_default_administrator_rights)),
        );
        registrar.method("getUserProfilePhotos", bound(slot, super::profile::get_user_profile_photos));
        registrar.method("getUserProfileAudios", read_only(bound(slot, super::profile::get_user_profile_audios)));
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
            method(
                "setPersonalChat",
                "`chat_id` (a channel the person owns; 0 takes it off)",
                "`true`; bots see it as `personal_chat` in the person's `getChat` and read it with `getUserPersonalChatMessages`",
                crate::people::user::set_personal_chat,
            ),
            method(
                "setCountryCode",
                "`country_code` (two upper-case letters, ISO 3166-1, as the person's phone number would say it; empty takes it off)",
                "`true`; polls restricted to countries (`country_codes`) take the votes of people from those",
                crate::people::user::set_country_code,
            ),
            method("setProfilePhoto", "`photo` (a multipart part)", "`true`", |c| {
                crate::people::user::profile_photo(c, true)
            }),
            method("deleteProfilePhoto", "—", "`true` (the newest goes)", |c| {
                crate::people::user::profile_photo(c, false)
            }),
        ]
    }
}
