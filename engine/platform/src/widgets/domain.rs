//! The widgets domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::{Late, bound};
use msg_spec::types::Message;

use super::WidgetState;
use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::stored::ContentKind;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::{Conversation, Hooked, MessageView};

pub(crate) struct Widgets;

impl Domain for Widgets {
    fn name(&self) -> &'static str {
        "widgets"
    }

    fn state(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        Some(Box::new(WidgetState::default()))
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("sendWidget", bound(slot, super::methods::send_widget));
        registrar.method("sendSharedWidget", bound(slot, super::methods::send_shared_widget));
        registrar.method("answerWidgetQuery", bound(slot, super::methods::answer_widget_query));
        registrar.method("editMessageWidgetData", bound(slot, super::methods::edit_message_widget_data));
        registrar.method("editSharedWidgetData", bound(slot, super::methods::edit_shared_widget_data));
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "sendWidgetQuery",
                "`chat_id`, `message_id` (a widget message), `data` (1-64 bytes), `timeout` (default 15 s)",
                "`{\"widget_query_id\",\"answered\",\"data\"}` once the bot calls `answerWidgetQuery`",
                super::user::send_widget_query,
            ),
            method(
                "getWidgetData",
                "`chat_id`, `message_id` (a widget message)",
                "`{\"public_data\",\"chat_data\",\"cache_time\"}`: what the widget is shown now",
                super::user::get_widget_data,
            ),
        ]
    }

    /// Widgets, an "other message" in groups (where the operator lets a bot send them).
    fn content_kinds(&self) -> &'static [ContentKind] {
        &[ContentKind { present: |m| m.widget.is_some(), right: |p| p.can_send_other_messages, plural: "widgets" }]
    }

    fn view(&self) -> Option<&'static MessageView> {
        Some(&SHARED_VIEW)
    }
}

const SHARED_VIEW: MessageView =
    MessageView { concerns: |m| m.widget.as_ref().is_some_and(|w| w.id.is_some()), rule: shared_view };

/// A shared widget's message shows its public data as the bot last set it.
fn shared_view<'a>(platform: &'a Platform, _: Conversation, message: &'a mut Message, _: i64) -> Hooked<'a, ()> {
    Box::pin(async move {
        let Some(id) = message.widget.as_ref().and_then(|w| w.id.clone()) else { return Ok(()) };
        if let Some((_, shared)) = super::shared_row(platform, &id).await?
            && let Some(widget) = message.widget.as_mut()
        {
            widget.public_data = shared.public_data;
        }
        Ok(())
    })
}
