//! The files domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::Registrar;
use msg_core::method::Late;
use tokio_util::sync::CancellationToken;

use super::Kind;
use crate::Platform;
use crate::kernel::domain::{Domain, Task};
use crate::kernel::user::{UserCall, UserMethod, method};

pub(crate) struct Files;

impl Domain for Files {
    fn name(&self) -> &'static str {
        "files"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::methods::register(registrar, slot);
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
            .collect()
    }
}
