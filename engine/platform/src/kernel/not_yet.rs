//! What the Bot API this server declares has and the embedded platform does not do yet, in one
//! table: the methods of a missing feature are registered and answer its error (`methods`
//! reports them as "unavailable"), and a parameter of one, sent to a method that declares it, is
//! refused with the same error before the method runs: a newer client's field is never dropped silently (a
//! message that quietly lost its rich text or its single receiver would be a different message).
//! METHODS.md lists the table (`msg-bot-api methods --markdown`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, MethodHandler, Reply};

/// A feature the embedded platform does not have yet.
pub struct Missing {
    /// How the error names it ("rich messages are not supported …").
    pub feature: &'static str,
    /// Its methods: registered, each answering the error.
    pub methods: &'static [&'static str],
    /// Its parameters in other methods, as (method, parameter); method `*`: any method declaring
    /// it; a parameter `list[].field` is a field inside a parameter, checked by its method.
    pub params: &'static [(&'static str, &'static str)],
}

/// Every missing feature (none now: issue 42 built rich messages, the last of Bot API 10.3).
pub const MISSING: &[Missing] = &[];

/// The error a missing feature answers: `400 Bad Request: <feature> are not supported by this
/// server yet`.
pub fn error(missing: &Missing) -> ApiError {
    ApiError::bad_request(reason(missing.feature))
}

/// Why a missing feature is refused, without the `Bad Request: ` of its error.
fn reason(feature: &str) -> String {
    format!("{feature} are not supported by this server yet")
}

/// Whether a parameter's value asks for something: not empty, and not a flag that reads false
/// (`false`, `0`: a client that sends every flag asks for nothing with them).
fn given(value: &str) -> bool {
    let value = value.trim();
    !value.is_empty() && !value.eq_ignore_ascii_case("false") && value != "0"
}

/// The missing feature a call of `method` with `params` needs: the method's, or a parameter's.
fn needed(method: &str, params: &msg_core::Params) -> Option<&'static Missing> {
    MISSING.iter().find(|m| {
        m.methods.iter().any(|name| name.eq_ignore_ascii_case(method))
            || m.params.iter().any(|(of, name)| {
                (*of == "*" || of.eq_ignore_ascii_case(method)) && params.get(name).is_some_and(given)
            })
    })
}

/// `handler` of method `name`, refusing a call that needs a missing feature before it runs; the
/// handler itself when no missing feature's parameter is one `name` declares (a parameter a
/// method does not declare is ignored, as the reference ignores it), so most methods pay nothing.
pub(crate) fn guarded(name: &str, handler: Arc<dyn MethodHandler>) -> Arc<dyn MethodHandler> {
    let declared =
        |param: &str| msg_spec::spec().method(name).is_some_and(|m| m.fields.iter().any(|f| f.name == param));
    let concerned = MISSING.iter().any(|m| {
        m.methods.iter().any(|n| n.eq_ignore_ascii_case(name))
            || m.params.iter().any(|(of, param)| (*of == "*" && declared(param)) || of.eq_ignore_ascii_case(name))
    });
    if concerned { Arc::new(Guarded(handler)) } else { handler }
}

struct Guarded(Arc<dyn MethodHandler>);

#[async_trait::async_trait]
impl MethodHandler for Guarded {
    async fn call(&self, call: MethodCall) -> Result<Reply, ApiError> {
        match needed(&call.method, &call.params) {
            Some(missing) => Err(error(missing)),
            None => self.0.call(call).await,
        }
    }

    fn changes_state(&self) -> bool {
        self.0.changes_state()
    }
}

/// The handler of a method of `missing`: its error, always.
pub(crate) fn unavailable(missing: &'static Missing) -> Arc<dyn MethodHandler> {
    msg_core::method::read_only(Arc::new(Unavailable(missing)))
}

struct Unavailable(&'static Missing);

#[async_trait::async_trait]
impl MethodHandler for Unavailable {
    async fn call(&self, _call: MethodCall) -> Result<Reply, ApiError> {
        Err(error(self.0))
    }
}

#[cfg(test)]
mod tests {
    use msg_core::Params;

    use super::*;

    fn feature(method: &str, pairs: &[(&str, &str)]) -> Option<&'static str> {
        let mut params = Params::new();
        for (name, value) in pairs {
            params.push(*name, *value);
        }
        needed(method, &params).map(|m| m.feature)
    }

    #[test]
    fn nothing_is_missing_so_every_method_and_parameter_passes() {
        assert_eq!(feature("sendRichMessage", &[]), None);
        assert_eq!(feature("editMessageText", &[("rich_message", "{}")]), None);
        let ephemeral = [("text", "hi"), ("ephemeral_message_parameters", "{}")];
        assert_eq!(feature("sendMessage", &ephemeral), None, "ephemeral messages are the platform's");
        let widgets = Missing { feature: "widgets", methods: &["sendWidget"], params: &[] };
        assert_eq!(error(&widgets).description, "Bad Request: widgets are not supported by this server yet");
    }
}
