//! The business domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::{Late, bound, read_only};

use super::{methods as m, user};
use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::BusinessHooks;

pub(crate) struct Business;

impl Domain for Business {
    fn name(&self) -> &'static str {
        "business"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("getBusinessConnection", read_only(bound(slot, m::get_business_connection)));
        registrar.method("setBusinessAccountName", bound(slot, m::set_name));
        registrar.method("setBusinessAccountUsername", bound(slot, m::set_username));
        registrar.method("setBusinessAccountBio", bound(slot, m::set_bio));
        registrar.method("setBusinessAccountProfilePhoto", bound(slot, m::set_profile_photo));
        registrar.method("removeBusinessAccountProfilePhoto", bound(slot, m::remove_profile_photo));
        registrar.method("setBusinessAccountGiftSettings", bound(slot, m::set_gift_settings));
        registrar.method("getBusinessAccountStarBalance", read_only(bound(slot, m::get_star_balance)));
        registrar.method("transferBusinessAccountStars", bound(slot, m::transfer_stars));
        registrar.method("getBusinessAccountGifts", read_only(bound(slot, m::get_gifts)));
        registrar.method("convertGiftToStars", bound(slot, m::convert_gift));
        registrar.method("upgradeGift", bound(slot, m::upgrade_gift));
        registrar.method("readBusinessMessage", bound(slot, m::read_message));
        registrar.method("deleteBusinessMessages", bound(slot, m::delete_messages));
        registrar.method("transferGift", bound(slot, m::transfer_gift));
    }

    fn business(&self) -> Option<&'static BusinessHooks> {
        Some(&HOOKS)
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "connectBusinessBot",
                "`bot_id` (a bot in business mode), `rights` (a `BusinessBotRights` JSON object; without it `can_reply` and `can_read_messages`)",
                "`{\"id\",\"bot\",\"date\",\"rights\",\"is_enabled\"}`: the connection; the bot gets a `business_connection` update (a bot connected before gets one with `is_enabled` false)",
                user::connect,
            ),
            method(
                "disconnectBusinessBot",
                "—",
                "whether a bot was connected; it gets a `business_connection` update with `is_enabled` false",
                user::disconnect,
            ),
            method(
                "getBusinessConnection",
                "—",
                "the person's connection as `connectBusinessBot` answers it, or `null`",
                user::get,
            ),
        ]
    }
}

/// Sending on an account's behalf and seeing its private chats.
static HOOKS: BusinessHooks = BusinessHooks {
    sender: |platform, bot, id| Box::pin(super::sender(platform, bot, id)),
    observer: |platform, user_id| Box::pin(super::observer(platform, user_id)),
};
