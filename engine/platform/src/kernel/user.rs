//! What every domain's user-side verbs share: the call they get ([`UserCall`]: the platform, the
//! person acting, the parameters) and the parameter readers of the people's side. The verbs
//! themselves live in their domains (`<domain>/user.rs`); `user_api.rs` lists them in the book's
//! order.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use msg_core::{ApiError, Params, UserRecord};
use serde_json::Value;

use crate::kernel::world::{Access, Actor, Conversation, Platform};

type UserFuture = Pin<Box<dyn Future<Output = Result<Value, ApiError>> + Send>>;
type UserHandler = Box<dyn Fn(UserCall) -> UserFuture + Send + Sync>;

/// One method of the user-side API: the verbs here are the kernel's vocabulary, the domains
/// contribute them (`Domain::user_verbs`) and `user_api.rs` lists them.
pub struct UserMethod {
    pub name: &'static str,
    /// The parameters, as the book's user-side table documents them.
    pub params: &'static str,
    /// The result, as the book's user-side table documents it.
    pub result: &'static str,
    pub(crate) handler: UserHandler,
}

/// A user-side method of `name`, documented by `params` and `result`, run by `f`.
pub(crate) fn method<F, Fut>(name: &'static str, params: &'static str, result: &'static str, f: F) -> UserMethod
where
    F: Fn(UserCall) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Value, ApiError>> + Send + 'static,
{
    UserMethod { name, params, result, handler: Box::new(move |call| Box::pin(f(call))) }
}

/// What a user-side method gets: the platform, the person acting, the parameters, and whether
/// the server is serving (a draining server answers long polls at once).
pub(crate) struct UserCall {
    pub platform: Arc<Platform>,
    pub user: UserRecord,
    pub params: Params,
    pub serving: bool,
}

impl UserCall {
    pub(crate) fn actor(&self) -> Actor {
        Actor::User(self.user.clone())
    }

    /// The conversation `chat_id` names, for this person.
    pub(crate) async fn chat(&self) -> Result<Conversation, ApiError> {
        let chat_id = self.params.get("chat_id").unwrap_or_default();
        self.platform.resolve_chat(&self.actor(), chat_id).await
    }

    /// The conversation `chat_id` names, for this person to read (a chat with a bot they
    /// blocked stays readable).
    pub(crate) async fn chat_to_read(&self) -> Result<Conversation, ApiError> {
        let chat_id = self.params.get("chat_id").unwrap_or_default();
        self.platform.resolve_chat_for(&self.actor(), chat_id, Access::Read).await
    }
}

pub(crate) fn message_id(p: &Params) -> Result<i64, ApiError> {
    let id = p.integer("message_id", 0, 0, i64::MAX);
    if id == 0 { Err(ApiError::bad_request("message identifier is not specified")) } else { Ok(id) }
}

pub(crate) fn user_ids(p: &Params, field: &str) -> Result<Vec<i64>, ApiError> {
    match p.json::<Vec<i64>>(field) {
        None => Ok(Vec::new()),
        Some(Ok(ids)) => Ok(ids),
        Some(Err(_)) => Err(ApiError::bad_request(format!("can't parse {field} JSON array of user identifiers"))),
    }
}
