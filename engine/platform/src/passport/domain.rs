//! The passport domain as the platform lists it (see [`Domain`]).

use msg_core::method::{Late, bound};
use msg_core::{ApiError, Registrar};
use serde_json::{Value, json};

use super::ERRORS;
use crate::Platform;
use crate::kernel::domain::Domain;
use crate::kernel::user::{UserCall, UserMethod, method};

pub(crate) struct Passport;

impl Domain for Passport {
    fn name(&self) -> &'static str {
        "passport"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("setPassportDataErrors", bound(slot, super::methods::set_passport_data_errors));
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![method(
            "getPassportDataErrors",
            "`bot_id`",
            "the Array of PassportElementError the bot last set for the person (`[]` when none)",
            get_passport_data_errors,
        )]
    }
}

/// The person's `getPassportDataErrors`: what bot `bot_id` last reported of their data.
async fn get_passport_data_errors(c: UserCall) -> Result<Value, ApiError> {
    let bot_id = c.params.integer("bot_id", 0, i64::MIN, i64::MAX);
    let errors = ERRORS.get(c.platform.storage.as_ref(), c.user.id, &bot_id.to_string()).await?;
    Ok(errors.unwrap_or_else(|| json!([])))
}
