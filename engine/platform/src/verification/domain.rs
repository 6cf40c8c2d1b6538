//! The verification domain as the platform lists it (see [`Domain`]).

use std::sync::Arc;

use msg_core::method::{Late, bound};
use msg_core::{ApiError, Params, Registrar};
use serde_json::{Value, json};

use super::{ORGANIZATIONS, Organization, VERIFIED};
use crate::Platform;
use crate::kernel::domain::{Domain, OperatorVerb, OperatorWork};
use crate::kernel::user::{UserCall, UserMethod, method};
use crate::kernel::world::bot_user;

pub(crate) struct Verification;

impl Domain for Verification {
    fn name(&self) -> &'static str {
        "verification"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        registrar.method("verifyUser", bound(slot, super::methods::verify_user));
        registrar.method("verifyChat", bound(slot, super::methods::verify_chat));
        registrar.method("removeUserVerification", bound(slot, super::methods::remove_user_verification));
        registrar.method("removeChatVerification", bound(slot, super::methods::remove_chat_verification));
    }

    fn operator_verbs(&self) -> &'static [OperatorVerb] {
        &[
            OperatorVerb { name: "setVerificationOrganization", run: set_organization },
            OperatorVerb { name: "removeVerificationOrganization", run: remove_organization },
            OperatorVerb { name: "listVerificationOrganizations", run: list_organizations },
        ]
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![method(
            "getVerification",
            "`user_id` or `chat_id`",
            "`{\"organization\": User, \"custom_description\"}` of the organisation that verified them, or `null`",
            get_verification,
        )]
    }
}

/// `setVerificationOrganization`: makes bot `bot_id` a verification organisation, allowed to
/// give descriptions of its own when `can_set_custom_description` is true.
fn set_organization(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        let bot = platform.operator_bot(&params).await?;
        let can_set_custom_description = params.boolean("can_set_custom_description");
        let organization = Organization { can_set_custom_description };
        let key = bot.id.to_string();
        platform.storage.apply(vec![ORGANIZATIONS.put(0, &key, &organization)]).await.map_err(crate::internal)?;
        Ok(json!({"bot": bot_user(&bot), "can_set_custom_description": can_set_custom_description}))
    })
}

/// `removeVerificationOrganization`: bot `bot_id` verifies no more (what it verified stays).
fn remove_organization(platform: Arc<Platform>, params: Params) -> OperatorWork {
    Box::pin(async move {
        let bot = platform.operator_bot(&params).await?;
        let key = bot.id.to_string();
        let was = ORGANIZATIONS.get(platform.storage.as_ref(), 0, &key).await?.is_some();
        platform.storage.apply(vec![ORGANIZATIONS.delete(0, &key)]).await.map_err(crate::internal)?;
        Ok(json!(was))
    })
}

/// `listVerificationOrganizations`: every organisation, with what it may do.
fn list_organizations(platform: Arc<Platform>, _params: Params) -> OperatorWork {
    Box::pin(async move {
        let mut list = Vec::new();
        for (key, organization) in ORGANIZATIONS.all(platform.storage.as_ref(), 0).await? {
            let Some(bot) = platform.bot_record(key.parse().unwrap_or_default()).await? else { continue };
            list.push(
                json!({"bot": bot_user(&bot), "can_set_custom_description": organization.can_set_custom_description}),
            );
        }
        Ok(Value::Array(list))
    })
}

/// The person's `getVerification`: who verified user `user_id` or chat `chat_id` (which the
/// person can see), and with what description; `null` when nobody has.
async fn get_verification(c: UserCall) -> Result<Value, ApiError> {
    let target = match c.params.get("user_id") {
        Some(user_id) => {
            let id = msg_spec::args::to_integer(user_id);
            c.platform.participant(id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
            id
        }
        None => super::target_of(c.chat().await?, c.user.id),
    };
    let Some(verified) = VERIFIED.get(c.platform.storage.as_ref(), target, "").await? else { return Ok(Value::Null) };
    let Some(bot) = c.platform.bot_record(verified.bot_id).await? else { return Ok(Value::Null) };
    Ok(json!({"organization": bot_user(&bot), "custom_description": verified.custom_description}))
}
