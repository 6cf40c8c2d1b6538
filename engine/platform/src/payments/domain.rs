//! The payments domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::Registrar;
use msg_core::method::Late;
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, Task};

pub(crate) struct Payments;

impl Domain for Payments {
    fn name(&self) -> &'static str {
        "payments"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::register(registrar, slot);
    }

    /// Stars subscriptions renewed (or ended) when their period is over.
    fn tasks(&self, platform: &Arc<Platform>, stop: &CancellationToken) -> Vec<Task> {
        vec![Box::pin(super::subscriptions::run(platform.clone(), stop.clone()))]
    }
}
