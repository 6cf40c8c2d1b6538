//! The polls domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::Registrar;
use msg_core::method::Late;
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, Task};
use crate::kernel::user::{UserMethod, method};

pub(crate) struct Polls;

impl Domain for Polls {
    fn name(&self) -> &'static str {
        "polls"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::register(registrar, slot);
    }

    /// Re-arms the timers of polls that close by time, once at start.
    fn tasks(&self, platform: &Arc<Platform>, _stop: &CancellationToken) -> Vec<Task> {
        let platform = platform.clone();
        vec![Box::pin(async move {
            match platform.rearm_poll_timers().await {
                Ok(0) => {}
                Ok(armed) => tracing::info!("{armed} timed polls re-armed"),
                Err(e) => tracing::warn!("timed polls could not be re-armed: {}", e.description),
            }
        })]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method("sendPoll", "as the Bot API's", "the `Message` with its `Poll`", |c| {
                crate::messages::user::send_fields(c, crate::polls::methods::poll_message)
            }),
            method(
                "votePoll",
                "`chat_id`, `message_id`, `option_ids` (JSON array; empty retracts)",
                "the `Poll` as it stands",
                crate::polls::user::vote_poll,
            ),
        ]
    }
}
