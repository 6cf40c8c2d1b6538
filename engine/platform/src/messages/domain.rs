//! The messages domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::Registrar;
use msg_core::method::Late;
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, Task};

pub(crate) struct Messages;

impl Domain for Messages {
    fn name(&self) -> &'static str {
        "messages"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::register(registrar, slot);
    }

    /// `--message-retention`'s sweep, when the operator set a period.
    fn tasks(&self, platform: &Arc<Platform>, stop: &CancellationToken) -> Vec<Task> {
        let Some(period) = platform.config.message_retention else { return Vec::new() };
        vec![Box::pin(super::history::run(platform.clone(), period, stop.clone()))]
    }
}
