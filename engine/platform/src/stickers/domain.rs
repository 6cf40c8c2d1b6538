//! The stickers domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::Late;

use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::stored::ContentKind;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::EmojiCheck;

pub(crate) struct Stickers;

impl Domain for Stickers {
    fn name(&self) -> &'static str {
        "stickers"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::register(registrar, slot);
    }

    fn custom_emoji(&self) -> Option<EmojiCheck> {
        Some(super::custom_emoji)
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![method(
            "getStickerSet",
            "`name`",
            "the `StickerSet`, its stickers with this person's file ids (to send them with `sendSticker`)",
            crate::stickers::user::get_sticker_set,
        )]
    }

    /// Stickers, an "other message".
    fn content_kinds(&self) -> &'static [ContentKind] {
        &[ContentKind { present: |m| m.sticker.is_some(), right: |p| p.can_send_other_messages, plural: "stickers" }]
    }
}
