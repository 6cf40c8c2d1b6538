//! The stories domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::{Late, bound};

use super::methods as m;
use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::user::{UserMethod, method};

pub(crate) struct Stories;

impl Domain for Stories {
    fn name(&self) -> &'static str {
        "stories"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("postStory", bound(slot, m::post_story));
        registrar.method("repostStory", bound(slot, m::repost_story));
        registrar.method("editStory", bound(slot, m::edit_story));
        registrar.method("deleteStory", bound(slot, m::delete_story));
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![method(
            "getStories",
            "`user_id` (the person without it)",
            "`[{\"id\",\"date\",\"expiration_date\",\"is_active\",\"is_posted_to_chat_page\",\"protect_content\",\"content\",\"caption\",\"caption_entities\",\"areas\",\"repost_of\"}]`: their stories still shown or kept on their profile page, newest first (`content`: `{\"photo\"}` or `{\"video\"}`, as the caller's own files)",
            super::user::get_stories,
        )]
    }
}
