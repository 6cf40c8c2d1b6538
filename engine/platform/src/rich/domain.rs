//! The rich messages domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::{Late, bound};

use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::world::{PostRule, RichReader};

pub(crate) struct RichMessages;

impl Domain for RichMessages {
    fn name(&self) -> &'static str {
        "rich"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("sendRichMessage", bound(slot, super::methods::send_rich_message));
        registrar.method("sendRichMessageDraft", bound(slot, super::methods::send_rich_message_draft));
    }

    fn post_rules(&self) -> &'static [PostRule] {
        &[super::post_rule]
    }

    fn rich_messages(&self) -> Option<RichReader> {
        Some(super::reader)
    }
}
