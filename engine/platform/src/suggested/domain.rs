//! The suggested posts domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::Registrar;
use msg_core::method::{Late, bound};
use tokio_util::sync::CancellationToken;

use super::methods as m;
use crate::Platform;
use crate::kernel::domain::{Domain, Task};
use crate::kernel::user::{UserMethod, method};

pub(crate) struct SuggestedPosts;

impl Domain for SuggestedPosts {
    fn name(&self) -> &'static str {
        "suggested"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("approveSuggestedPost", bound(slot, m::approve_suggested_post));
        registrar.method("declineSuggestedPost", bound(slot, m::decline_suggested_post));
    }

    fn tasks(&self, platform: &Arc<Platform>, stop: &CancellationToken) -> Vec<Task> {
        vec![Box::pin(super::run(platform.clone(), stop.clone()))]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "approveSuggestedPost",
                "`chat_id` (a channel's direct-messages chat; an administrator who may post there), `message_id`, `send_date`",
                "`true`: as the bot method (the price held from the person, the post published now or at its date, `suggested_post_approved`; `suggested_post_approval_failed` when the person's Stars fall short)",
                |c| m::person_decides(c, true),
            ),
            method(
                "declineSuggestedPost",
                "`chat_id`, `message_id`, `comment` (0-128 characters; an administrator who may manage direct messages)",
                "`true`: `suggested_post_declined` in the person's topic",
                |c| m::person_decides(c, false),
            ),
        ]
    }
}
