//! Sending: `sendMessage` (text, entities, inline and reply keyboards, replies), `sendChatAction`
//! and `answerCallbackQuery`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Params, Reply};
use msg_spec::params::{self, SendArgs};
use msg_spec::types;
use serde_json::{Map, Value, json};

use crate::Platform;
use crate::entities;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{Actor, Content};
use crate::parse_mode::url;

/// The chat actions the reference takes, each with the name people see: the old names
/// (`record_audio`, `upload_audio`, `pick_up_location`) stand for the current ones.
const CHAT_ACTIONS: &[(&str, &str)] = &[
    ("cancel", "cancel"),
    ("typing", "typing"),
    ("upload_photo", "upload_photo"),
    ("record_video", "record_video"),
    ("upload_video", "upload_video"),
    ("record_voice", "record_voice"),
    ("record_audio", "record_voice"),
    ("upload_voice", "upload_voice"),
    ("upload_audio", "upload_voice"),
    ("upload_document", "upload_document"),
    ("choose_sticker", "choose_sticker"),
    ("find_location", "find_location"),
    ("pick_up_location", "find_location"),
    ("record_video_note", "record_video_note"),
    ("upload_video_note", "upload_video_note"),
];

fn field_type(name: &str, ty: &str) -> ApiError {
    ApiError::bad_request(format!("Field \"{name}\" must be of type {ty}"))
}

/// A button's required `text`, as tdlib reads it: a string (a number is taken as its digits).
fn button_text(button: &Map<String, Value>) -> Result<(), String> {
    match button.get("text") {
        Some(Value::String(_) | Value::Number(_)) => Ok(()),
        Some(_) => Err("Field \"text\" must be of type String".into()),
        None => Err("Can't find field \"text\"".into()),
    }
}

fn rows<'a>(markup: &'a Value, field: &str, rows_error: &str) -> Result<Option<&'a Vec<Value>>, ApiError> {
    let Some(rows) = markup.get(field).filter(|v| !v.is_null()) else { return Ok(None) };
    let rows = rows.as_array().ok_or_else(|| field_type(field, "Array"))?;
    if rows.iter().any(|r| !r.is_array()) {
        return Err(ApiError::bad_request(rows_error.to_owned()));
    }
    Ok(Some(rows))
}

/// Checks one inline button the reference's way (a text and exactly one action).
fn inline_button(button: &Value) -> Result<(), ApiError> {
    let unparsable = |e: &str| ApiError::bad_request(format!("Can't parse inline keyboard button: {e}"));
    let object = button.as_object().ok_or_else(|| unparsable("InlineKeyboardButton must be an Object"))?;
    button_text(object).map_err(|e| unparsable(&e))?;
    if let Some(data) = object.get("callback_data").and_then(Value::as_str).filter(|d| !d.is_empty()) {
        // The platform's own error, not a parsing one.
        return if data.len() > 64 { Err(ApiError::bad_request("BUTTON_DATA_INVALID")) } else { Ok(()) };
    }
    // A disabled button (Bot API 10.3) does nothing, so it needs no other action.
    const ACTIONS: &[&str] = &[
        "disabled",
        "url",
        "callback_game",
        "pay",
        "switch_inline_query",
        "switch_inline_query_chosen_chat",
        "switch_inline_query_current_chat",
        "login_url",
        "web_app",
        "copy_text",
    ];
    if object.get("url").and_then(Value::as_str).is_some_and(str::is_empty)
        || !ACTIONS.iter().any(|a| object.contains_key(*a))
    {
        return Err(unparsable("Text buttons are unallowed in the inline keyboard"));
    }
    Ok(())
}

/// A string field as the reference reads one (a number is taken as its digits).
fn text_of(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The buttons TDLib takes from a keyboard's `rows` and checks (`get_reply_markup` in
/// td/telegram/ReplyMarkup.cpp): those with a text or an icon, at most 12 a row and 300 in all.
fn taken_buttons(rows: &[Value]) -> Vec<&Map<String, Value>> {
    let shown = |button: &&Map<String, Value>| {
        let icon = match button.get("icon_custom_emoji_id") {
            Some(Value::String(s)) => s.parse::<i64>().is_ok_and(|id| id != 0),
            Some(Value::Number(n)) => n.as_i64().is_some_and(|id| id != 0),
            _ => false,
        };
        icon || text_of(button.get("text")).is_some_and(|text| !text.is_empty())
    };
    let mut taken = Vec::new();
    for row in rows {
        let mut in_row = 0;
        for button in row.as_array().into_iter().flatten().filter_map(Value::as_object).filter(shown) {
            taken.push(button);
            in_row += 1;
            if in_row >= 12 || taken.len() >= 300 {
                break;
            }
        }
        if taken.len() >= 300 {
            break;
        }
    }
    taken
}

/// TDLib's check of a link that opens a page of the bot's (a Web App, a login URL): never a
/// person's link (`buttons` names the kind), and HTTPS only but on a test server (TDLib's test
/// environment takes plain HTTP there too);
/// `prefix` names the button in the error (`Inline keyboard button Web App URL '…' is invalid: …`).
pub(crate) fn page_link(link: &str, buttons: &str, prefix: &str) -> Result<(), ApiError> {
    if url::link_user_id(link.as_bytes()).is_some() {
        return Err(ApiError::bad_request(format!("Link to a user can't be used in {buttons} buttons")));
    }
    url::check_page_link(link).map(drop).map_err(|e| ApiError::bad_request(format!("{prefix} {e}")))
}

/// TDLib's check of an inline button's link, once the reference has read the button: its kind is
/// the first the reference finds (`url`, `callback_data`, `callback_game`, `pay`, the inline
/// switches, `login_url`, `web_app`). A URL button takes http(s), `tg:` and `ton:` links (a
/// person's `tg://user?id=` link makes it a button to the person); login URL and Web App buttons
/// take HTTPS only.
fn inline_link(button: &Map<String, Value>) -> Result<(), ApiError> {
    if let Some(link) = text_of(button.get("url")).filter(|u| !u.is_empty()) {
        if url::link_user_id(link.as_bytes()).is_some() {
            return Ok(());
        }
        return url::check_link(&link, false, false)
            .map(drop)
            .map_err(|e| ApiError::bad_request(format!("Inline keyboard button {e}")));
    }
    const OTHER_KINDS: &[&str] = &[
        "callback_game",
        "pay",
        "switch_inline_query",
        "switch_inline_query_chosen_chat",
        "switch_inline_query_current_chat",
    ];
    if text_of(button.get("callback_data")).is_some_and(|d| !d.is_empty())
        || OTHER_KINDS.iter().any(|kind| button.contains_key(*kind))
    {
        return Ok(());
    }
    if let Some(login) = button.get("login_url") {
        return match text_of(login.get("url")) {
            Some(link) => page_link(&link, "login URL", "Inline keyboard button login"),
            None => Ok(()),
        };
    }
    match button.get("web_app").and_then(|app| text_of(app.get("url"))) {
        Some(link) => page_link(&link, "Web App URL", "Inline keyboard button Web App"),
        None => Ok(()),
    }
}

/// TDLib's check of a reply keyboard button's Web App link. The reference reads a contact, a
/// location or a poll request before a Web App, so only a Web App button is checked.
fn keyboard_link(button: &Map<String, Value>) -> Result<(), ApiError> {
    let asks = |name: &str| button.get(name) == Some(&Value::Bool(true));
    if asks("request_phone_number")
        || asks("request_contact")
        || asks("request_location")
        || button.contains_key("request_poll")
    {
        return Ok(());
    }
    match button.get("web_app").and_then(|app| text_of(app.get("url"))) {
        Some(link) => page_link(&link, "Web App URL", "Keyboard button Web App"),
        None => Ok(()),
    }
}

/// The shape of a declared field, for rebuilding keyboards from their declared fields only.
#[derive(Clone, Copy)]
enum Shape {
    Text,
    /// Kept only when true (the reference prints a button's flags only when set).
    Flag,
    Integer,
    Object(&'static [(&'static str, Shape)]),
}

const WEB_APP: &[(&str, Shape)] = &[("url", Shape::Text)];
const LOGIN_URL: &[(&str, Shape)] = &[
    ("url", Shape::Text),
    ("forward_text", Shape::Text),
    ("bot_username", Shape::Text),
    ("request_write_access", Shape::Flag),
];
const CHOSEN_CHAT: &[(&str, Shape)] = &[
    ("query", Shape::Text),
    ("allow_user_chats", Shape::Flag),
    ("allow_bot_chats", Shape::Flag),
    ("allow_group_chats", Shape::Flag),
    ("allow_channel_chats", Shape::Flag),
];
const INLINE_BUTTON: &[(&str, Shape)] = &[
    ("text", Shape::Text),
    ("icon_custom_emoji_id", Shape::Text),
    ("style", Shape::Text),
    ("url", Shape::Text),
    ("callback_data", Shape::Text),
    ("web_app", Shape::Object(WEB_APP)),
    ("login_url", Shape::Object(LOGIN_URL)),
    ("switch_inline_query", Shape::Text),
    ("switch_inline_query_current_chat", Shape::Text),
    ("switch_inline_query_chosen_chat", Shape::Object(CHOSEN_CHAT)),
    ("copy_text", Shape::Object(&[("text", Shape::Text)])),
    ("callback_game", Shape::Object(&[])),
    ("pay", Shape::Flag),
    ("disabled", Shape::Object(&[])),
];
const RIGHTS: &[(&str, Shape)] = &[
    ("is_anonymous", Shape::Flag),
    ("can_manage_chat", Shape::Flag),
    ("can_delete_messages", Shape::Flag),
    ("can_manage_video_chats", Shape::Flag),
    ("can_restrict_members", Shape::Flag),
    ("can_promote_members", Shape::Flag),
    ("can_change_info", Shape::Flag),
    ("can_invite_users", Shape::Flag),
    ("can_post_stories", Shape::Flag),
    ("can_edit_stories", Shape::Flag),
    ("can_delete_stories", Shape::Flag),
    ("can_post_messages", Shape::Flag),
    ("can_edit_messages", Shape::Flag),
    ("can_pin_messages", Shape::Flag),
    ("can_manage_topics", Shape::Flag),
    ("can_manage_direct_messages", Shape::Flag),
];
const KEYBOARD_BUTTON: &[(&str, Shape)] = &[
    ("text", Shape::Text),
    ("icon_custom_emoji_id", Shape::Text),
    ("style", Shape::Text),
    (
        "request_users",
        Shape::Object(&[
            ("request_id", Shape::Integer),
            ("user_is_bot", Shape::Flag),
            ("user_is_premium", Shape::Flag),
            ("max_quantity", Shape::Integer),
            ("request_name", Shape::Flag),
            ("request_username", Shape::Flag),
            ("request_photo", Shape::Flag),
        ]),
    ),
    (
        "request_chat",
        Shape::Object(&[
            ("request_id", Shape::Integer),
            ("chat_is_channel", Shape::Flag),
            ("chat_is_forum", Shape::Flag),
            ("chat_has_username", Shape::Flag),
            ("chat_is_created", Shape::Flag),
            ("user_administrator_rights", Shape::Object(RIGHTS)),
            ("bot_administrator_rights", Shape::Object(RIGHTS)),
            ("bot_is_member", Shape::Flag),
            ("request_title", Shape::Flag),
            ("request_username", Shape::Flag),
            ("request_photo", Shape::Flag),
        ]),
    ),
    ("request_contact", Shape::Flag),
    ("request_location", Shape::Flag),
    ("request_poll", Shape::Object(&[("type", Shape::Text)])),
    ("web_app", Shape::Object(WEB_APP)),
    (
        "request_managed_bot",
        Shape::Object(&[
            ("request_id", Shape::Integer),
            ("suggested_name", Shape::Text),
            ("suggested_username", Shape::Text),
        ]),
    ),
];

/// `value` rebuilt from the `declared` fields only, each in its declared JSON type: unknown keys
/// (telegraf's `"hide": false`, anything a client adds) never reach a person.
fn declared(value: &Value, fields: &[(&str, Shape)]) -> Value {
    let mut out = Map::new();
    for (name, shape) in fields {
        let Some(v) = value.get(*name).filter(|v| !v.is_null()) else { continue };
        let kept = match (shape, v) {
            (Shape::Text, Value::String(_)) => Some(v.clone()),
            (Shape::Text, Value::Number(n)) => Some(Value::String(n.to_string())),
            (Shape::Flag, Value::Bool(true)) => Some(Value::Bool(true)),
            (Shape::Flag, Value::String(s)) if matches!(s.as_str(), "true" | "1") => Some(Value::Bool(true)),
            (Shape::Integer, Value::Number(n)) => n.as_i64().map(Value::from),
            (Shape::Integer, Value::String(s)) => s.trim().parse::<i64>().ok().map(Value::from),
            (Shape::Object(inner), Value::Object(_)) => Some(declared(v, inner)),
            _ => None,
        };
        if let Some(kept) = kept {
            out.insert((*name).to_owned(), kept);
        }
    }
    Value::Object(out)
}

fn declared_rows(rows: &Value, fields: &[(&str, Shape)]) -> Value {
    let rows = rows.as_array().into_iter().flatten();
    Value::Array(
        rows.map(|row| Value::Array(row.as_array().into_iter().flatten().map(|b| declared(b, fields)).collect()))
            .collect(),
    )
}

/// A `KeyboardButtonRequestManagedBot`, read as the reference reads it (`request_id` a required
/// integer, the suggestions strings).
fn managed_bot_button(asked: &Value) -> Result<(), String> {
    let object = asked.as_object().ok_or("Field \"request_managed_bot\" must be of type Object")?;
    match object.get("request_id") {
        None => return Err("Can't find field \"request_id\"".into()),
        Some(Value::Number(n)) if n.is_i64() => {}
        Some(_) => return Err("Field \"request_id\" must be of type Number".into()),
    }
    for name in ["suggested_name", "suggested_username"] {
        if object.get(name).is_some_and(|v| !v.is_string()) {
            return Err(format!("Field \"{name}\" must be of type String"));
        }
    }
    Ok(())
}

/// `reply_markup`, validated as the reference does: an inline keyboard, a reply keyboard (string
/// buttons normalised to `{"text": ...}`), `remove_keyboard` or `force_reply`. `None` when absent
/// or when the object holds none of them.
pub(crate) fn reply_markup(raw: Option<&str>) -> Result<Option<Value>, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(None) };
    let mut markup: Value = serde_json::from_str(raw)
        .map_err(|_| ApiError::bad_request("Can't parse reply keyboard markup JSON object"))?;
    if !markup.is_object() {
        return Err(ApiError::bad_request("Object expected as reply markup"));
    }
    let mut keyboard = Vec::new();
    if let Some(rows) = rows(&markup, "keyboard", "Field \"keyboard\" must be an Array of Arrays")? {
        for row in rows {
            let mut buttons = Vec::new();
            for button in row.as_array().expect("rows are arrays") {
                let normalised = match button {
                    Value::String(text) => json!({"text": text}),
                    Value::Object(object) => {
                        let asked = object.get("request_managed_bot");
                        button_text(object)
                            .and_then(|()| asked.map_or(Ok(()), managed_bot_button))
                            .map_err(|e| ApiError::bad_request(format!("Can't parse keyboard button: {e}")))?;
                        button.clone()
                    }
                    _ => {
                        return Err(ApiError::bad_request(
                            "Can't parse keyboard button: KeyboardButton must be a String or an Object",
                        ));
                    }
                };
                buttons.push(normalised);
            }
            keyboard.push(Value::Array(buttons));
        }
    }
    let inline = rows(
        &markup,
        "inline_keyboard",
        "Field \"inline_keyboard\" of the InlineKeyboardMarkup must be an Array of Arrays",
    )?;
    let inline_count = inline.map_or(0, |rows| rows.iter().map(|r| r.as_array().map_or(0, Vec::len)).sum());
    for button in inline.into_iter().flatten().flat_map(|r| r.as_array().expect("rows are arrays")) {
        inline_button(button)?;
    }
    let object = markup.as_object_mut().expect("checked above");
    let flag = |object: &Map<String, Value>, name: &str| object.get(name).and_then(Value::as_bool).unwrap_or(false);
    // What TDLib then checks of the keyboard sent (its links), once the whole markup is read.
    if keyboard.iter().any(|r| r.as_array().is_some_and(|r| !r.is_empty())) {
        for button in taken_buttons(&keyboard) {
            keyboard_link(button)?;
        }
        let mut reply = declared(
            &markup,
            &[
                ("is_persistent", Shape::Flag),
                ("resize_keyboard", Shape::Flag),
                ("one_time_keyboard", Shape::Flag),
                ("input_field_placeholder", Shape::Text),
                ("selective", Shape::Flag),
                ("force_reply", Shape::Flag),
            ],
        );
        let keyboard = declared_rows(&Value::Array(keyboard), KEYBOARD_BUTTON);
        reply.as_object_mut().expect("an object").shift_insert(0, "keyboard".into(), keyboard);
        return Ok(Some(reply));
    }
    if inline_count > 0 {
        let rows = object.remove("inline_keyboard").expect("counted");
        for button in taken_buttons(rows.as_array().expect("rows are arrays")) {
            inline_link(button)?;
        }
        let mut inline = json!({"inline_keyboard": declared_rows(&rows, INLINE_BUTTON)});
        // Bot API 10.3: the person's app opens the reply field at once.
        if flag(object, "force_reply") {
            inline["force_reply"] = Value::Bool(true);
        }
        return Ok(Some(inline));
    }
    let selective = flag(object, "selective");
    if flag(object, "remove_keyboard") || flag(object, "hide_keyboard") {
        return Ok(Some(json!({"remove_keyboard": true, "selective": selective})));
    }
    if flag(object, "force_reply") {
        let mut reply = json!({"force_reply": true, "selective": selective});
        if let Some(placeholder) = object.get("input_field_placeholder") {
            reply["input_field_placeholder"] = placeholder.clone();
        }
        return Ok(Some(reply));
    }
    Ok(None)
}

/// Text with its entities: explicit `entities` (validated and normalised), or parsed from
/// `parse_mode`. An empty text is refused here; a text of only spaces and newlines is refused by
/// [`non_blank`], which the reference checks later (after the chat).
pub(super) fn text_and_entities(
    text: &str,
    parse_mode: Option<&str>,
    entities: Option<&str>,
) -> Result<(String, Option<Value>), ApiError> {
    if text.is_empty() {
        return Err(ApiError::bad_request("message text is empty"));
    }
    if text.len() > 1 << 15 {
        return Err(ApiError::bad_request("text is too long"));
    }
    let (text, entities) = formatted(text, parse_mode.unwrap_or_default(), json_value(entities))?;
    crate::limits::check_text(&text)?;
    Ok((text, entities))
}

/// A nested parameter's raw JSON as a value; what does not parse is no value (as the reference
/// ignores given entities that are not JSON).
pub(crate) fn json_value(raw: Option<&str>) -> Option<Value> {
    raw.and_then(|r| serde_json::from_str(r).ok())
}

/// A text (or caption) with its entities: the `given` ones validated and normalised, or those
/// parsed from `parse_mode`. As the reference, given entities that are not a JSON array are
/// ignored, not refused.
pub(crate) fn formatted(text: &str, mode: &str, given: Option<Value>) -> Result<(String, Option<Value>), ApiError> {
    let mode = mode.trim();
    if mode.is_empty() || mode.eq_ignore_ascii_case("none") {
        let entities = match given {
            Some(Value::Array(given)) => Some(Value::Array(entities::normalize(text, &given)?)),
            _ => None,
        };
        return Ok((text.to_owned(), entities));
    }
    let (text, entities) = crate::parse_mode::parse(mode, text)?;
    Ok((text, Some(entities)))
}

/// TDLib's refusal of a text of only spaces and newlines (control characters count as spaces).
pub(super) fn non_blank(text: &str) -> Result<(), ApiError> {
    if text.chars().all(|c| c == ' ' || c.is_control()) {
        return Err(ApiError::bad_request("text must be non-empty"));
    }
    Ok(())
}

/// `reply_parameters` (or the older `reply_to_message_id` and `allow_sending_without_reply`,
/// used only when `reply_parameters` is absent): the message replied to, and whether to send
/// without the reply when it is gone.
pub(crate) fn reply_to(reply_parameters: Option<&str>, p: &Params) -> Result<(Option<i64>, bool), ApiError> {
    let reply = ReplyTo::read(reply_parameters, p)?;
    Ok((reply.message_id, reply.allow_without_reply))
}

/// A message's reply: `reply_parameters` (the message, its chat when another, a quote), or the
/// older `reply_to_message_id` and `allow_sending_without_reply` when it is absent.
#[derive(Debug, Default)]
pub(super) struct ReplyTo {
    message_id: Option<i64>,
    allow_without_reply: bool,
    chat_id: Option<String>,
    quote: Option<crate::kernel::world::Quote>,
    /// The option of the poll replied to (Bot API 10.0's `poll_option_id`).
    poll_option_id: Option<String>,
    /// An incoming ephemeral message replied to (Bot API 10.2's `ephemeral_message_id`).
    ephemeral_message_id: Option<i64>,
}

impl ReplyTo {
    /// Puts the reply into a message to post (a person's, whose other parts are read their way).
    pub(super) fn fill(self, content: &mut Content) {
        content.body.reply_to_poll_option_id = self.poll_option_id;
        content.reply_to = self.message_id;
        content.allow_without_reply = self.allow_without_reply;
        content.reply_chat = self.chat_id;
        content.quote = self.quote;
        content.reply_ephemeral = self.ephemeral_message_id;
    }

    /// From the method's `reply_parameters`, else the older parameters (which the schema no
    /// longer declares, so they are read by name).
    pub(crate) fn read(reply_parameters: Option<&str>, p: &Params) -> Result<Self, ApiError> {
        let Some(parsed) = reply_parameters.map(serde_json::from_str::<Value>) else {
            let id = p.get("reply_to_message_id").and_then(|v| v.trim().parse().ok()).filter(|id: &i64| *id > 0);
            return Ok(Self {
                message_id: id,
                allow_without_reply: p.boolean("allow_sending_without_reply"),
                ..Self::default()
            });
        };
        let v = parsed.map_err(|_| ApiError::bad_request("can't parse reply parameters JSON object"))?;
        let Value::Object(fields) = &v else {
            return Err(ApiError::bad_request("object expected as reply parameters"));
        };
        if fields.is_empty() {
            return Ok(Self::default());
        }
        // Read field by field in the reference's order, each with tdutils' JSON wording (its
        // first letter lowered, as the reference lowers it).
        let chat_id = json_field::string(fields, "chat_id")?;
        // Either the message, or an incoming ephemeral message (Bot API 10.2).
        let ephemeral_message_id = json_field::int(fields, "ephemeral_message_id")?.filter(|id| *id > 0);
        let message_id = match json_field::int(fields, "message_id")? {
            Some(id) => id,
            None if ephemeral_message_id.is_some() => 0,
            None => return Err(json_field::missing("message_id")),
        };
        let allow_without_reply = json_field::boolean(fields, "allow_sending_without_reply")?.unwrap_or(false);
        let quote = json_field::string(fields, "quote")?;
        let mode = json_field::string(fields, "quote_parse_mode")?.unwrap_or_default();
        let quote = match quote.filter(|q| !q.is_empty()) {
            None => None,
            Some(quote) => Some(formatted(&quote, &mode, fields.get("quote_entities").cloned())?),
        };
        let position = json_field::int(fields, "quote_position")?.unwrap_or(0).max(0);
        json_field::int(fields, "checklist_task_id")?;
        let poll_option_id = json_field::string(fields, "poll_option_id")?.filter(|id| !id.is_empty());
        Ok(Self {
            poll_option_id,
            ephemeral_message_id,
            message_id: Some(message_id).filter(|id| *id > 0),
            allow_without_reply,
            chat_id: chat_id.filter(|c| !c.is_empty()),
            quote: quote.map(|(text, entities)| crate::kernel::world::Quote { text, entities, position }),
        })
    }
}

/// tdutils' readers of a JSON object's fields, with its words for what does not fit.
mod json_field {
    use msg_core::ApiError;
    use serde_json::{Map, Value};

    pub(super) fn missing(name: &str) -> ApiError {
        ApiError::bad_request(format!("can't find field \"{name}\""))
    }

    /// A string (a number is taken as its digits).
    pub(super) fn string(fields: &Map<String, Value>, name: &str) -> Result<Option<String>, ApiError> {
        match fields.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(_) => Err(ApiError::bad_request(format!("field \"{name}\" must be of type String"))),
        }
    }

    /// A 32-bit integer, as a number or a string of one.
    pub(super) fn int(fields: &Map<String, Value>, name: &str) -> Result<Option<i64>, ApiError> {
        let text = match fields.get(name) {
            None => return Ok(None),
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            Some(_) => return Err(ApiError::bad_request(format!("field \"{name}\" must be a Number"))),
        };
        match text.parse::<i32>() {
            Ok(n) => Ok(Some(i64::from(n))),
            Err(_) => Err(ApiError::bad_request(format!("field \"{name}\" must be a valid Number"))),
        }
    }

    /// A 64-bit integer (tdutils' `get_optional_long_field`), as a number or a string of one;
    /// `null` is none.
    pub(super) fn long(fields: &Map<String, Value>, name: &str) -> Result<Option<i64>, ApiError> {
        let invalid = || ApiError::bad_request(format!("field \"{name}\" must be a valid Number"));
        match fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n.as_i64().map(Some).ok_or_else(invalid),
            Some(Value::String(s)) => s.parse().map(Some).map_err(|_| invalid()),
            Some(_) => Err(ApiError::bad_request(format!("field \"{name}\" must be a Number"))),
        }
    }

    pub(super) fn boolean(fields: &Map<String, Value>, name: &str) -> Result<Option<bool>, ApiError> {
        match fields.get(name) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(ApiError::bad_request(format!("field \"{name}\" must be of type Boolean"))),
        }
    }
}

/// What the send options add to a message: `message_effect_id` and `show_caption_above_media`.
#[derive(Debug, Default)]
struct Extras {
    effect_id: Option<String>,
    show_caption_above_media: bool,
}

fn message_extras(args: &dyn SendArgs<'_>) -> Extras {
    Extras {
        effect_id: args.message_effect_id().filter(|e| !e.is_empty()).map(str::to_owned),
        show_caption_above_media: args.show_caption_above_media(),
    }
}

/// A text message's `link_preview_options` (`raw`; or the older `disable_web_page_preview` in
/// `p`), read as the reference reads them for sendMessage and editMessageText, before the text.
/// A preview is described, not fetched; other methods ignore the parameter, as the reference does.
pub(super) fn link_preview(raw: Option<&str>, p: &Params) -> Result<Option<types::LinkPreviewOptions>, ApiError> {
    match raw.filter(|v| !v.is_empty()) {
        Some(raw) => {
            let value: Value = serde_json::from_str(raw)
                .map_err(|_| ApiError::bad_request("can't parse link preview options JSON object"))?;
            let Value::Object(fields) = value else {
                return Err(ApiError::bad_request("object expected as link preview options"));
            };
            let flag = |name: &str| match fields.get(name) {
                None | Some(Value::Bool(false)) => Ok(None),
                Some(Value::Bool(true)) => Ok(Some(true)),
                Some(_) => Err(field_type(name, "Boolean")),
            };
            let mut options = types::LinkPreviewOptions {
                is_disabled: flag("is_disabled")?,
                prefer_small_media: flag("prefer_small_media")?,
                prefer_large_media: flag("prefer_large_media")?,
                show_above_text: flag("show_above_text")?,
                ..Default::default()
            };
            match fields.get("url") {
                None => {}
                Some(Value::String(url)) if url.is_empty() => {}
                Some(Value::String(url)) => options.url = Some(url.clone()),
                Some(_) => return Err(field_type("url", "String")),
            }
            Ok((options != types::LinkPreviewOptions::default()).then_some(options))
        }
        // The older parameter, no longer declared.
        None if p.boolean("disable_web_page_preview") => {
            Ok(Some(types::LinkPreviewOptions { is_disabled: Some(true), ..Default::default() }))
        }
        None => Ok(None),
    }
}

/// `suggested_post_parameters` as the reference reads them (`get_input_suggested_post_info`,
/// `get_suggested_post_price`), then checked as TDLib checks them (`SuggestedPost`,
/// `SuggestedPostPrice`): a price of 0 is none; the post is `pending` until the channel decides.
pub(crate) fn suggested_post(raw: Option<&str>) -> Result<Option<types::SuggestedPostInfo>, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(None) };
    let value: Value = serde_json::from_str(raw)
        .map_err(|_| ApiError::bad_request("Can't parse suggested post parameters JSON object"))?;
    let Value::Object(fields) = value else {
        return Err(ApiError::bad_request("Object expected as suggested post parameters"));
    };
    let send_date = json_field::long(&fields, "send_date")?.unwrap_or(0);
    let price = match fields.get("price") {
        None | Some(Value::Null) => None,
        Some(Value::Object(price)) => {
            let currency = match price.get("currency") {
                None | Some(Value::Null) => return Err(json_field::missing("currency")),
                Some(Value::String(c)) => c.clone(),
                Some(_) => return Err(field_type("currency", "String")),
            };
            let amount = json_field::long(price, "amount")?.ok_or_else(|| json_field::missing("amount"))?;
            match currency.as_str() {
                "XTR" => Some((currency, amount)),
                "TON" if amount % 10_000_000 != 0 => {
                    return Err(ApiError::bad_request(
                        "Suggested post price must be divisible by 10000000 nanotoncoins",
                    ));
                }
                "TON" => Some((currency, amount)),
                _ => return Err(ApiError::bad_request("Invalid suggested post price currency specified")),
            }
        }
        Some(_) => return Err(field_type("price", "Object")),
    };
    // TDLib's checks of what was read.
    let price = match price {
        Some((_, 0)) | None => None,
        Some((currency, amount)) if currency == "XTR" => {
            if !(5..=100_000).contains(&amount) {
                return Err(ApiError::bad_request("Invalid amount of Telegram Stars specified"));
            }
            Some(types::SuggestedPostPrice { currency, amount })
        }
        Some((currency, amount)) => {
            if !(1..=1_000_000).contains(&(amount / 10_000_000)) {
                return Err(ApiError::bad_request("Invalid amount of Gram cents specified"));
            }
            Some(types::SuggestedPostPrice { currency, amount })
        }
    };
    if send_date < 0 {
        return Err(ApiError::bad_request("Invalid post send date specified"));
    }
    let info = types::SuggestedPostInfo {
        state: "pending".into(),
        price: price.map(Box::new),
        send_date: (send_date != 0).then_some(send_date),
    };
    Ok(Some(info))
}

/// `ephemeral_message_parameters` (Bot API 10.3), read as the reference reads its other JSON
/// objects (its words: `can't parse …`, `object expected as …`, tdutils' for the fields).
pub(crate) fn ephemeral(raw: Option<&str>) -> Result<Option<crate::kernel::world::Ephemeral>, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(None) };
    let value: Value = serde_json::from_str(raw)
        .map_err(|_| ApiError::bad_request("can't parse ephemeral message parameters JSON object"))?;
    let Value::Object(fields) = value else {
        return Err(ApiError::bad_request("object expected as ephemeral message parameters"));
    };
    let receiver =
        json_field::long(&fields, "receiver_user_id")?.ok_or_else(|| json_field::missing("receiver_user_id"))?;
    let callback_query_id = json_field::string(&fields, "callback_query_id")?.filter(|id| !id.is_empty());
    let replace = json_field::boolean(&fields, "replace_callback_query_message")?.unwrap_or(false);
    Ok(Some(crate::kernel::world::Ephemeral { receiver, callback_query_id, replace }))
}

/// What every send method takes besides its content: the keyboard, the reply and protection.
pub(crate) struct SendOptions {
    markup: Option<Value>,
    reply: ReplyTo,
    protect: bool,
    /// Message fields the options add.
    extras: Extras,
    /// `message_thread_id` (the reference's `get_forum_topic_id`: absent or negative is none).
    thread: Option<i64>,
    /// `business_connection_id`: sent on behalf of the business account it names.
    business: Option<String>,
    /// Who sends it on the account's behalf, once [`SendOptions::sending`] has found out.
    on_behalf: Option<crate::kernel::world::OnBehalf>,
    /// `direct_messages_topic_id`: the topic of a channel's direct-messages chat it answers in
    /// (0 or absent is none; other chats ignore it, as the reference does).
    direct_topic: Option<i64>,
    /// `suggested_post_parameters`: a post suggested to a channel, in its direct-messages chat.
    suggested: Option<types::SuggestedPostInfo>,
    /// `ephemeral_message_parameters`: seen by one member of the group only.
    ephemeral: Option<crate::kernel::world::Ephemeral>,
}

impl SendOptions {
    /// Reads the reply parameters, then `reply_markup` (the reference's order), from the
    /// method's parameters (`args`; `p` for the older ones the schema no longer declares); a
    /// business connection is looked for after both are read ([`SendOptions::sending`]).
    pub(crate) fn read(args: &dyn SendArgs<'_>, p: &Params) -> Result<Self, ApiError> {
        let reply = ReplyTo::read(args.reply_parameters(), p)?;
        let suggested = suggested_post(args.suggested_post_parameters())?;
        let ephemeral = ephemeral(args.ephemeral_message_parameters())?;
        let markup = reply_markup(args.reply_markup())?;
        let business = args.business_connection_id().filter(|b| !b.is_empty()).map(str::to_owned);
        let thread = args.message_thread_id().filter(|t| *t > 0);
        let direct_topic = args.direct_messages_topic_id().filter(|t| *t != 0);
        let extras = message_extras(args);
        let protect = args.protect_content();
        Ok(Self {
            markup,
            reply,
            protect,
            extras,
            thread,
            business,
            on_behalf: None,
            direct_topic,
            suggested,
            ephemeral,
        })
    }

    /// Who sends `actor`'s (a bot's) message to `chat_id`, and where: the bot in its chat, or
    /// the person whose business account it names (`business_connection_id`), in the person's
    /// chat. A person's own send (the user side) has no business connection.
    pub(crate) async fn sending(
        &mut self,
        platform: &crate::kernel::world::Platform,
        actor: &Actor,
        chat_id: &str,
    ) -> Result<(Actor, crate::kernel::world::Conversation), ApiError> {
        let Actor::Bot(bot) = actor else {
            return Ok((actor.clone(), platform.resolve_chat(actor, chat_id).await?));
        };
        let sending = platform.sending(bot.clone(), self.business.as_deref(), chat_id).await?;
        self.on_behalf = sending.on_behalf;
        Ok((sending.actor, sending.conversation))
    }

    /// Refuses a business connection where the platform does not send on an account's behalf.
    pub(crate) fn without_business(&self) -> Result<(), ApiError> {
        match self.business {
            Some(_) => Err(ApiError::bad_request("business connection not found")),
            None => Ok(()),
        }
    }

    /// The message to post: `text` (a caption when `body` has media) with these options.
    pub(crate) fn content(self, text: String, entities: Option<Value>, mut body: types::Message) -> Content {
        body.effect_id = self.extras.effect_id;
        if self.extras.show_caption_above_media {
            body.show_caption_above_media = Some(true);
        }
        body.reply_to_poll_option_id = self.reply.poll_option_id;
        body.direct_messages_topic =
            self.direct_topic.map(|topic_id| Box::new(types::DirectMessagesTopic { topic_id, user: None }));
        body.suggested_post_info = self.suggested.map(Box::new);
        Content {
            text,
            entities,
            body,
            reply_markup: self.markup,
            reply_to: self.reply.message_id,
            reply_ephemeral: self.reply.ephemeral_message_id,
            allow_without_reply: self.reply.allow_without_reply,
            reply_chat: self.reply.chat_id,
            quote: self.reply.quote,
            protect: self.protect,
            thread: self.thread,
            sender_chat: None,
            attached: Vec::new(),
            also: Vec::new(),
            on_behalf: self.on_behalf,
            ephemeral: self.ephemeral,
        }
    }
}

pub(crate) async fn send_message(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::SendMessage = args(&call.params)?;
    // The reference's order: the preview and the text first, then the reply and the markup,
    // then the chat.
    let preview = link_preview(p.link_preview_options, &call.params)?;
    let (text, entities) = text_and_entities(p.text, p.parse_mode, p.entities)?;
    let mut options = SendOptions::read(&p, &call.params)?;
    if p.chat_id.is_empty() {
        return Err(ApiError::bad_request("chat_id is empty"));
    }
    let (actor, conversation) = options.sending(&platform, &Actor::Bot(bot), p.chat_id).await?;
    non_blank(&text)?;
    let entities = entities::with_found(&text, entities);
    let body = types::Message { link_preview_options: preview.map(Box::new), ..types::Message::default() };
    super::post_reply(&platform, &actor, conversation, options.content(text, entities, body)).await
}

pub(crate) async fn send_chat_action(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let p: params::SendChatAction = args(&call.params)?;
    // Read before the chat, and one word for an absent action and an unknown one, as the
    // reference does.
    let given = p.action.to_ascii_lowercase();
    let Some(&(_, action)) = CHAT_ACTIONS.iter().find(|(name, _)| *name == given) else {
        return Err(ApiError::bad_request("wrong parameter action in request"));
    };
    let actor = Actor::Bot(bot);
    let conversation = platform.resolve_chat(&actor, p.chat_id).await?;
    super::chat_action(&platform, &actor, conversation, action).await?;
    done()
}
