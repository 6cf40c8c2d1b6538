//! The files domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::Registrar;
use msg_core::method::Late;
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, Task};

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
}
