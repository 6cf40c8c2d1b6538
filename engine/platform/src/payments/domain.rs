//! The payments domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::method::Late;
use msg_core::{Params, Registrar};
use serde_json::json;
use tokio_util::sync::CancellationToken;

use crate::Platform;
use crate::kernel::domain::{Domain, OperatorVerb, OperatorWork, Task};

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

    fn operator_verbs(&self) -> &'static [OperatorVerb] {
        &[OperatorVerb { name: "grantStars", run: grant_stars }]
    }
}

/// `grantStars`: the operator gives a person Stars (`user_id`, `amount`), as if bought.
fn grant_stars(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        let user_id = msg_spec::args::integer(params.get("user_id")).unwrap_or(0);
        let amount = msg_spec::args::integer(params.get("amount")).unwrap_or(0);
        Ok(json!({"user_id": user_id, "balance": platform.grant_stars(user_id, amount).await?}))
    })
}
