//! The polls domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::method::{Late, bound};
use msg_core::{Change, Registrar};
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, Task};
use crate::kernel::standing::PersonLists;
use crate::kernel::stored::ContentKind;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::PersonView;

pub(crate) struct Polls;

impl Domain for Polls {
    fn name(&self) -> &'static str {
        "polls"
    }

    fn state(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        Some(Box::new(super::PollsState::default()))
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("sendPoll", bound(slot, super::methods::send_poll));
        registrar.method("stopPoll", bound(slot, super::methods::stop_poll));
    }

    /// Re-arms the timers of polls that close by time, once at start; on a shared storage,
    /// the holder of lease `poll_timers` also closes those due that another server armed.
    fn tasks(&self, platform: &Arc<Platform>, stop: &CancellationToken) -> Vec<Task> {
        let rearm = platform.clone();
        let mut tasks: Vec<Task> = vec![Box::pin(async move {
            match super::rearm_poll_timers(&rearm).await {
                Ok(0) => {}
                Ok(armed) => tracing::info!("{armed} timed polls re-armed"),
                Err(e) => tracing::warn!("timed polls could not be re-armed: {}", e.description),
            }
        })];
        if platform.storage.shared() {
            let (platform, stop) = (platform.clone(), stop.clone());
            let storage = platform.storage.clone();
            tasks.push(Box::pin(crate::kernel::leased_every(
                storage,
                "poll_timers",
                std::time::Duration::from_secs(60),
                stop,
                move || {
                    let platform = platform.clone();
                    async move {
                        super::sweep_poll_timers(&platform).await.unwrap_or_else(|e| {
                            tracing::warn!("timed polls could not be swept: {}", e.description);
                            None
                        })
                    }
                },
            )));
        }
        tasks
    }

    /// The person's votes.
    fn split_person(&self, user_id: i64, lists: &PersonLists) -> Vec<Change> {
        lists.poll_votes.iter().map(|(poll, options)| super::POLL_VOTES.put(user_id, poll, options)).collect()
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "sendPoll",
                "as the Bot API's (`allow_adding_options`, `shuffle_options` and `hide_results_until_closes` included)",
                "the `Message` with its `Poll`",
                crate::polls::user::send_poll,
            ),
            method(
                "votePoll",
                "`chat_id`, `message_id`, `option_ids` (JSON array; empty retracts)",
                "the `Poll` as it stands",
                crate::polls::user::vote_poll,
            ),
            method(
                "addPollOption",
                "`chat_id`, `message_id`, `text` (1-100 characters), `text_parse_mode`, `text_entities`: a poll that allows adding options (`POLL_ADDING_OPTIONS_DISABLED`, `POLL_CLOSED`, `POLL_OPTION_DUPLICATE`, at most 12 options)",
                "the `poll_option_added` service message; the option has `added_by_user` and `addition_date`, the poll's bot gets a `poll` update",
                crate::polls::user::add_poll_option,
            ),
            method(
                "deletePollOption",
                "`chat_id`, `message_id`, `option_persistent_id`: an option a person added, deleted by the poll's author or by whoever added it (`POLL_OPTION_DELETE_FORBIDDEN`)",
                "the `poll_option_deleted` service message; votes for the option are withdrawn, the poll's bot gets a `poll` update",
                crate::polls::user::delete_poll_option,
            ),
        ]
    }

    /// A poll's settings and its hidden counts, as people see them.
    fn shown(&self) -> Option<&'static PersonView> {
        Some(&super::options::PERSON_VIEW)
    }

    /// Polls, under their own permission.
    fn content_kinds(&self) -> &'static [ContentKind] {
        &[ContentKind { present: |m| m.poll.is_some(), right: |p| p.can_send_polls, plural: "polls" }]
    }
}
