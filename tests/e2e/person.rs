//! A person on the embedded platform for the Rust client-library tests (frankenstein, teloxide):
//! user-side calls and long-polled waits over the testkit's HTTP.

use std::time::{Duration, Instant};

use msg_testkit::Server;
use serde_json::{Value, json};

use super::{id_of, ok};

/// A person acting over the user-side API, reading what they receive with long polls.
pub struct Person<'a> {
    pub server: &'a Server,
    pub token: String,
    offset: i64,
}

impl<'a> Person<'a> {
    pub fn new(server: &'a Server, token: String) -> Self {
        Self { server, token, offset: 0 }
    }

    pub fn id(&self) -> i64 {
        id_of(&self.token)
    }

    pub fn call(&self, method: &str, params: Value) -> Value {
        ok(self.server.user_call(&self.token, method, params))
    }

    /// Asks `bot` an inline query (waiting for its answer) and picks `result` into `chat`.
    pub fn pick_inline(&self, bot: i64, query: &str, result: &str, chat: &Value) {
        let asked = self.call("inlineQuery", json!({"chat_id": bot, "query": query, "timeout": 30}));
        assert_eq!(asked["answered"], true, "{asked}");
        let pick = json!({"inline_query_id": asked["inline_query_id"], "result_id": result, "chat_id": chat});
        self.call("chooseInlineResult", pick);
    }

    /// Long-polls until an update satisfies `want` (20 s at most); returns it.
    pub fn expect(&mut self, what: &str, want: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        while Instant::now() < deadline {
            for update in self.call("getUpdates", json!({"offset": self.offset, "timeout": 2})).as_array().unwrap() {
                self.offset = update["update_id"].as_i64().unwrap() + 1;
                if want(update) {
                    return update.clone();
                }
                seen.push(update.clone());
            }
        }
        // One line per update (its id, kind and text), so the whole list fits a CI excerpt.
        let seen: Vec<String> = seen.iter().map(summary).collect();
        panic!("never received {what} (offset {}); saw:\n{}", self.offset, seen.join("\n"));
    }

    pub fn expect_message(&mut self, what: &str, want: impl Fn(&Value) -> bool) -> Value {
        self.expect(what, |u| {
            let message = if u["message"].is_null() { &u["edited_message"] } else { &u["message"] };
            !message.is_null() && want(message)
        })
        .as_object()
        .and_then(|u| u.get("message").or_else(|| u.get("edited_message")))
        .cloned()
        .unwrap()
    }
}

/// An update in one line: its id, its kind, and the message's chat, id and text or service field.
fn summary(update: &Value) -> String {
    let Some((kind, body)) = update.as_object().and_then(|u| u.iter().find(|(k, _)| *k != "update_id")) else {
        return update.to_string();
    };
    let text = body["text"].as_str().or(body["caption"].as_str()).map(str::to_owned).unwrap_or_else(|| {
        let fields = body.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>().join(",")).unwrap_or_default();
        format!("<{fields}>")
    });
    format!("{} {kind} chat {} message {}: {text}", update["update_id"], body["chat"]["id"], body["message_id"])
}
