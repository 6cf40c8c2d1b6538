//! The messages domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::method::{Late, bound};
use msg_core::{Change, Registrar};
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, Task};
use crate::kernel::standing::PersonLists;
use crate::kernel::stored::ContentKind;
use crate::kernel::user::{UserMethod, method};

pub(crate) struct Messages;

impl Domain for Messages {
    fn name(&self) -> &'static str {
        "messages"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("sendMessage", bound(slot, super::send::send_message));
        registrar.method(
            "getUserPersonalChatMessages",
            msg_core::method::read_only(bound(slot, super::personal::personal_chat_messages)),
        );
        registrar.method("forwardMessage", bound(slot, super::forwarding::forward_message));
        registrar.method("forwardMessages", bound(slot, super::forwarding::forward_messages));
        registrar.method("copyMessage", bound(slot, super::forwarding::copy_message));
        registrar.method("copyMessages", bound(slot, super::forwarding::copy_messages));
        registrar.method("sendLocation", bound(slot, super::bodies::send_location));
        registrar.method("sendVenue", bound(slot, super::bodies::send_venue));
        registrar.method("sendContact", bound(slot, super::bodies::send_contact));
        registrar.method("sendChecklist", bound(slot, super::checklists::send_checklist));
        registrar.method("sendDice", bound(slot, super::bodies::send_dice));
        registrar.method("sendMessageDraft", bound(slot, super::editing::send_message_draft));
        registrar.method("sendChatAction", bound(slot, super::send::send_chat_action));
        registrar.method("editMessageText", bound(slot, super::editing::edit_message_text));
        registrar.method("editMessageCaption", bound(slot, super::editing::edit_message_caption));
        registrar.method("editMessageLiveLocation", bound(slot, super::editing::edit_message_live_location));
        registrar.method("stopMessageLiveLocation", bound(slot, super::editing::stop_message_live_location));
        registrar.method("editMessageChecklist", bound(slot, super::checklists::edit_message_checklist));
        registrar.method("editMessageReplyMarkup", bound(slot, super::editing::edit_message_reply_markup));
        registrar.method("editEphemeralMessageText", bound(slot, super::ephemeral::edit_text));
        registrar.method("editEphemeralMessageCaption", bound(slot, super::ephemeral::edit_caption));
        registrar.method("editEphemeralMessageReplyMarkup", bound(slot, super::ephemeral::edit_reply_markup));
        registrar.method("deleteEphemeralMessage", bound(slot, super::ephemeral::delete));
        registrar.method("setMessageReaction", bound(slot, super::editing::set_message_reaction));
        registrar.method("deleteMessageReaction", bound(slot, super::editing::delete_message_reaction));
        registrar.method("deleteAllMessageReactions", bound(slot, super::editing::delete_all_message_reactions));
        registrar.method("deleteMessage", bound(slot, super::editing::delete_message));
        registrar.method("deleteMessages", bound(slot, super::editing::delete_messages));
    }

    /// The drafts people may stop.
    fn state(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        Some(Box::new(super::drafts::Drafts::default()))
    }

    /// `--message-retention`'s sweep, when the operator set a period.
    fn tasks(&self, platform: &Arc<Platform>, stop: &CancellationToken) -> Vec<Task> {
        let Some(period) = platform.config.message_retention else { return Vec::new() };
        vec![Box::pin(super::history::run(platform.clone(), period, stop.clone()))]
    }

    /// The person's reactions.
    fn split_person(&self, user_id: i64, lists: &PersonLists) -> Vec<Change> {
        lists.reactions.iter().map(|(key, r)| super::reactions::REACTIONS.put(user_id, key, r)).collect()
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "sendMessage",
                "`chat_id`, `text`, `entities`/`parse_mode`, `reply_to_message_id`, `message_thread_id`, `sender_chat_id`",
                "the `Message`",
                crate::messages::user::send_message,
            ),
            method(
                "editMessageText",
                "`chat_id`, `message_id`, `text`",
                "the edited `Message`",
                crate::messages::user::edit_message_text,
            ),
            method(
                "markChecklistTasksAsDone",
                "`chat_id`, `message_id` (a checklist), `marked_as_done_task_ids`, `marked_as_not_done_task_ids` (JSON arrays of task ids)",
                "`{\"checklist_message_id\",\"message_id\"}`: the checklist edited (its sender's, or anyone's when it lets others mark tasks) and its `checklist_tasks_done` service message, in one act",
                super::checklists::mark_tasks,
            ),
            method(
                "addChecklistTasks",
                "`chat_id`, `message_id` (a checklist), `tasks` (a JSON array of `InputChecklistTask`)",
                "`{\"checklist_message_id\",\"message_id\"}`: the tasks added (by its sender, or anyone when it lets others) and its `checklist_tasks_added` service message, in one act",
                super::checklists::add_tasks,
            ),
            method("deleteMessage", "`chat_id`, `message_id`", "`true`", crate::messages::user::delete_message),
            method(
                "stopMessageGeneration",
                "`chat_id` (the bot), `draft_id` (a draft the bot streams with `can_stop`)",
                "`true`; the bot gets `stopped_message_generation`",
                super::drafts::stop_generation,
            ),
            method(
                "setMessageReaction",
                "`chat_id`, `message_id`, `reaction` (up to three `ReactionType`s; empty removes)",
                "`true`; bots that asked for `message_reaction` get it (in groups, administrator bots)",
                crate::messages::user::set_reaction,
            ),
            method("sendLocation", "as the Bot API's", "the `Message`", |c| {
                crate::messages::user::send_fields(c, crate::messages::bodies::location_message)
            }),
            method("sendVenue", "as the Bot API's", "the `Message`", |c| {
                crate::messages::user::send_fields(c, crate::messages::bodies::venue_message)
            }),
            method(
                "sendContact",
                "as the Bot API's, and `user_id` (the person's own id: they share their own contact, as a `request_contact` button does)",
                "the `Message`; the contact's `user_id` is the person's when they shared their own",
                crate::messages::user::send_contact,
            ),
            method("sendDice", "as the Bot API's", "the `Message` (a random value)", |c| {
                crate::messages::user::send_fields(c, crate::messages::bodies::dice_message)
            }),
            method(
                "forwardMessage",
                "`chat_id`, `from_chat_id`, `message_id`",
                "the `Message` with its `forward_origin`",
                crate::messages::user::forward_message,
            ),
        ]
    }

    /// Dice, places and contacts; a venue is also a location, so it comes first.
    fn content_kinds(&self) -> &'static [ContentKind] {
        &[
            ContentKind { present: |m| m.dice.is_some(), right: |p| p.can_send_other_messages, plural: "dice" },
            ContentKind { present: |m| m.venue.is_some(), right: |p| p.can_send_messages, plural: "venues" },
            ContentKind { present: |m| m.location.is_some(), right: |p| p.can_send_messages, plural: "locations" },
            ContentKind { present: |m| m.contact.is_some(), right: |p| p.can_send_messages, plural: "contacts" },
        ]
    }
}
