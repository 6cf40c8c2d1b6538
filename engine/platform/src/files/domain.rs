//! The files domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::Registrar;
use msg_core::method::{Late, bound};
use tokio_util::sync::CancellationToken;

use super::Kind;
use crate::Platform;
use crate::kernel::domain::{Domain, Task};
use crate::kernel::stored::ContentKind;
use crate::kernel::user::{UserCall, UserMethod, method};
use crate::kernel::world::MessageView;

pub(crate) struct Files;

impl Domain for Files {
    fn name(&self) -> &'static str {
        "files"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        for kind in Kind::SENDABLE {
            let send = move |platform, call| super::methods::send_kind(platform, call, kind);
            registrar.method(kind.send_method(), bound(slot, send));
        }
        registrar.method("sendLivePhoto", bound(slot, super::methods::send_live_photo_method));
        registrar.method("sendMediaGroup", bound(slot, super::methods::send_media_group));
        registrar.method("sendPaidMedia", bound(slot, super::paid::send_paid_media));
        registrar.method("getFile", bound(slot, super::methods::get_file));
        registrar.method("editMessageMedia", bound(slot, super::methods::edit_message_media));
        registrar.method("editEphemeralMessageMedia", bound(slot, super::methods::edit_ephemeral_message_media));
    }

    fn view(&self) -> Option<&'static MessageView> {
        Some(&super::paid::PAID_VIEW)
    }

    /// `--file-retention`'s sweep, when the operator set a period.
    fn tasks(&self, platform: &Arc<Platform>, stop: &CancellationToken) -> Vec<Task> {
        let Some(period) = platform.config.file_retention else { return Vec::new() };
        vec![Box::pin(super::retention::run(platform.clone(), period, stop.clone()))]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        Kind::SENDABLE
            .into_iter()
            .map(|kind| {
                method(kind.send_method(), "as the Bot API's", "the `Message`", move |c: UserCall| async move {
                    // A sticker by `file_id` is one of a set's, sent from the person's sticker panel.
                    if kind == Kind::Sticker && crate::stickers::user::by_file_id(&c) {
                        return crate::stickers::user::send_sticker(c).await;
                    }
                    crate::files::methods::send_file(&c.platform, c.actor(), &c.params, kind).await
                })
            })
            .chain([method("sendLivePhoto", "as the Bot API's", "the `Message`", |c: UserCall| async move {
                crate::files::methods::send_live_photo(&c.platform, c.actor(), &c.params).await
            })])
            .collect()
    }

    /// Files of each kind; an animation is also a document, so it comes first.
    fn content_kinds(&self) -> &'static [ContentKind] {
        &[
            ContentKind {
                present: |m| m.animation.is_some(),
                right: |p| p.can_send_other_messages,
                plural: "animations",
            },
            ContentKind { present: |m| m.photo.is_some(), right: |p| p.can_send_photos, plural: "photos" },
            ContentKind { present: |m| m.video.is_some(), right: |p| p.can_send_videos, plural: "videos" },
            ContentKind { present: |m| m.audio.is_some(), right: |p| p.can_send_audios, plural: "music" },
            ContentKind { present: |m| m.document.is_some(), right: |p| p.can_send_documents, plural: "documents" },
            ContentKind { present: |m| m.voice.is_some(), right: |p| p.can_send_voice_notes, plural: "voice notes" },
            ContentKind {
                present: |m| m.video_note.is_some(),
                right: |p| p.can_send_video_notes,
                plural: "video notes",
            },
        ]
    }
}
