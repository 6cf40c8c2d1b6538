//! The stickers domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::{Late, bound, read_only};

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
        registrar.method("getStickerSet", read_only(bound(slot, super::methods::get_sticker_set)));
        registrar.method("getCustomEmojiStickers", bound(slot, super::methods::get_custom_emoji_stickers));
        registrar.method("uploadStickerFile", bound(slot, super::methods::upload_sticker_file));
        registrar.method("createNewStickerSet", bound(slot, super::methods::create_new_sticker_set));
        registrar.method("addStickerToSet", bound(slot, super::methods::add_sticker_to_set));
        registrar.method("replaceStickerInSet", bound(slot, super::methods::replace_sticker_in_set));
        registrar.method("setStickerPositionInSet", bound(slot, super::methods::set_sticker_position_in_set));
        registrar.method("deleteStickerFromSet", bound(slot, super::methods::delete_sticker_from_set));
        registrar.method("setStickerEmojiList", bound(slot, super::methods::set_sticker_emoji_list));
        registrar.method("setStickerKeywords", bound(slot, super::methods::set_sticker_keywords));
        registrar.method("setStickerMaskPosition", bound(slot, super::methods::set_sticker_mask_position));
        registrar.method("setStickerSetTitle", bound(slot, super::methods::set_sticker_set_title));
        registrar.method("setStickerSetThumbnail", bound(slot, super::methods::set_sticker_set_thumbnail));
        registrar.method(
            "setCustomEmojiStickerSetThumbnail",
            bound(slot, super::methods::set_custom_emoji_sticker_set_thumbnail),
        );
        registrar.method("deleteStickerSet", bound(slot, super::methods::delete_sticker_set));
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
