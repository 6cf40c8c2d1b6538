//! Checklists: a business bot sends one on its person's behalf (`sendChecklist`) and edits it
//! (`editMessageChecklist`); the people in the chat mark its tasks done (the user-side
//! `markChecklistTasksAsDone`) and add tasks (`addChecklistTasks`) when the checklist lets
//! others, each change the checklist's edit and its service message (`checklist_tasks_done`,
//! `checklist_tasks_added`) in one act.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};
use msg_spec::types::{self, Message};
use serde_json::{Map, Value, json};

use super::posting::{business_text, deliver, load_message, lock_message, post_in, put_message};
use super::send::{SendOptions, formatted};
use crate::kernel::act::Act;
use crate::kernel::methods::platform_bot;
use crate::kernel::stored::entity_list;
use crate::kernel::user::UserCall;
use crate::kernel::world::{Actor, Content, Platform, now};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// The most tasks a checklist holds, and the longest title and task text.
const MOST_TASKS: usize = 30;
const MOST_TITLE: usize = 255;
const MOST_TASK_TEXT: usize = 100;

fn field_string(object: &Map<String, Value>, name: &str) -> Result<String, String> {
    match object.get(name) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(format!("Field \"{name}\" must be of type String")),
        None => Err(format!("Can't find field \"{name}\"")),
    }
}

fn field_bool(object: &Map<String, Value>, name: &str) -> Result<bool, String> {
    match object.get(name) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(format!("Field \"{name}\" must be of type Boolean")),
    }
}

/// A text with its parse mode and entities, as the reference's `get_formatted_text` reads one.
fn text_of(
    object: &Map<String, Value>,
    text: &str,
    mode: &str,
    entities: &str,
) -> Result<(String, Option<Vec<types::MessageEntity>>), String> {
    let raw = field_string(object, text)?;
    let mode = match object.get(mode) {
        None => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(format!("Field \"{mode}\" must be of type String")),
    };
    let (text, entities) = formatted(&raw, &mode, object.get(entities).cloned()).map_err(|e| strip(&e))?;
    Ok((text, entity_list(entities).map_err(|e| strip(&e))?))
}

/// An error's text without the `Bad Request: ` its kind puts before it.
fn strip(e: &ApiError) -> String {
    e.description.trim_start_matches("Bad Request: ").to_owned()
}

/// One task as the reference reads it (`get_input_checklist_task`).
fn task_of(value: &Value) -> Result<types::ChecklistTask, String> {
    let Value::Object(object) = value else { return Err("expected an Object".into()) };
    let id = match object.get("id") {
        Some(Value::Number(n)) => n.as_i64().ok_or("Field \"id\" must be a valid Number")?,
        Some(_) => return Err("Field \"id\" must be a Number".into()),
        None => return Err("Can't find field \"id\"".into()),
    };
    let (text, text_entities) = text_of(object, "text", "parse_mode", "text_entities")?;
    Ok(types::ChecklistTask { id, text, text_entities, ..Default::default() })
}

/// The tasks of `value` (an array), as the reference reads them.
fn tasks_of(value: &Value) -> Result<Vec<types::ChecklistTask>, String> {
    let Value::Array(items) = value else { return Err("Expected an Array of InputChecklistTask".into()) };
    items.iter().map(|item| task_of(item).map_err(|e| format!("Can't parse InputChecklistTask: {e}"))).collect()
}

/// `checklist` as the reference reads it (`get_input_checklist`); the platform's limits are
/// checked later ([`check`]), after the business connection, as TDLib and Telegram do.
pub(crate) fn checklist_of(raw: Option<&str>) -> Result<types::Checklist, ApiError> {
    let raw = raw.filter(|r| !r.is_empty()).ok_or_else(|| ApiError::parameter_required("checklist"))?;
    let value: Value = serde_json::from_str(raw).map_err(|_| bad("can't parse InputChecklist JSON object"))?;
    let read = || -> Result<types::Checklist, String> {
        let Value::Object(object) = &value else { return Err("expected an Object".into()) };
        let (title, title_entities) = text_of(object, "title", "parse_mode", "title_entities")?;
        let others_can_add_tasks = field_bool(object, "others_can_add_tasks")?;
        let others_can_mark_tasks_as_done = field_bool(object, "others_can_mark_tasks_as_done")?;
        let tasks = match object.get("tasks") {
            Some(tasks @ Value::Array(_)) => tasks_of(tasks)?,
            Some(_) => return Err("Field \"tasks\" must be of type Array".into()),
            None => return Err("Can't find field \"tasks\"".into()),
        };
        Ok(types::Checklist {
            title,
            title_entities,
            tasks,
            others_can_add_tasks: others_can_add_tasks.then_some(true),
            others_can_mark_tasks_as_done: others_can_mark_tasks_as_done.then_some(true),
        })
    };
    read().map_err(|e| bad(format!("can't parse InputChecklist: {e}")))
}

/// The platform's limits: a title, 1-30 tasks of 1-100 characters, ids positive and distinct.
fn check(checklist: &types::Checklist) -> Result<(), ApiError> {
    if checklist.title.trim().is_empty() || checklist.title.chars().count() > MOST_TITLE {
        return Err(bad("TODO_TITLE_INVALID"));
    }
    if checklist.tasks.is_empty() || checklist.tasks.len() > MOST_TASKS {
        return Err(bad("TODO_ITEMS_EMPTY"));
    }
    check_tasks(&checklist.tasks, &[])
}

/// New tasks: their texts, and ids positive and distinct from each other and from `taken`.
fn check_tasks(tasks: &[types::ChecklistTask], taken: &[i64]) -> Result<(), ApiError> {
    let mut seen = taken.to_vec();
    for task in tasks {
        if task.text.trim().is_empty() || task.text.chars().count() > MOST_TASK_TEXT {
            return Err(bad("TODO_ITEM_INVALID"));
        }
        if task.id <= 0 || seen.contains(&task.id) {
            return Err(bad("TODO_ITEM_DUPLICATE"));
        }
        seen.push(task.id);
    }
    Ok(())
}

/// `sendChecklist`'s send options (its `business_connection_id` is required).
struct ChecklistSend<'a>(msg_spec::params::SendChecklist<'a>);

impl<'a> msg_spec::params::SendArgs<'a> for ChecklistSend<'a> {
    fn chat_id(&self) -> &'a str {
        self.0.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        Some(self.0.business_connection_id)
    }
    fn message_thread_id(&self) -> Option<i64> {
        None
    }
    fn protect_content(&self) -> bool {
        self.0.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.0.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.0.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.0.reply_markup
    }
}

pub(super) async fn send_checklist(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: msg_spec::params::SendChecklist = crate::kernel::methods::args(&call.params)?;
    let checklist = checklist_of(p.checklist)?;
    let mut options = SendOptions::read(&ChecklistSend(p.clone()), &call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    // Only on behalf of a business account (the platform's rule for checklists from bots).
    if p.business_connection_id.is_empty() {
        return Err(bad("business connection not found"));
    }
    let (actor, conversation) = options.sending(&platform, &Actor::Bot(bot), p.chat_id).await?;
    check(&checklist)?;
    let body = Message { checklist: Some(Box::new(checklist)), ..Default::default() };
    Ok(super::post(&platform, &actor, conversation, options.content(String::new(), None, body)).await?.into())
}

pub(super) async fn edit_message_checklist(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p = &call.params;
    let message_id = p.integer("message_id", 0, 0, i64::from(i32::MAX));
    let markup = super::send::reply_markup(p.get("reply_markup"))?;
    let checklist = checklist_of(p.get("checklist"))?;
    let bot = platform_bot(&platform, &call).await?;
    let business = p.get("business_connection_id").filter(|b| !b.is_empty());
    let Some(business) = business else { return Err(bad("business connection not found")) };
    let sending = platform.sending(bot, Some(business), p.get("chat_id").unwrap_or_default()).await?;
    let on_behalf = sending.on_behalf.expect("a business connection was named");
    check(&checklist)?;
    let conversation = sending.conversation;
    let held = lock_message(&platform, conversation, message_id).await;
    let original =
        load_message(&platform, conversation, message_id).await?.ok_or_else(|| bad("message to edit not found"))?;
    let Some(old) = original.checklist.as_deref() else { return Err(bad("message can't be edited")) };
    if super::posting::sender_id(&original) != Some(sending.actor.id()) {
        return Err(bad("message can't be edited"));
    }
    // Tasks that stay keep whether (and by whom) they were done.
    let mut checklist = checklist;
    for task in &mut checklist.tasks {
        if let Some(was) = old.tasks.iter().find(|t| t.id == task.id) {
            task.completed_by_user = was.completed_by_user.clone();
            task.completion_date = was.completion_date;
        }
    }
    let mut edited = original.clone();
    edited.checklist = Some(Box::new(checklist));
    if let Some(markup) = markup {
        edited.reply_markup = Some(crate::kernel::stored::decode(markup, "inline keyboard")?);
    }
    let actor = &sending.actor;
    let mut stored =
        super::posting::publish_edit_stored(&platform, &held, actor, conversation, &original, edited, Vec::new())
            .await?;
    drop(held);
    let owner = sending.actor.id();
    Ok(Reply::json_text(business_text(&platform, conversation, &mut stored, owner, &on_behalf).await?))
}

/// The checklist message `message_id` of the person's chat `chat_id`, with its lock.
async fn checklist_message<'a>(
    c: &'a UserCall,
) -> Result<(crate::kernel::world::Conversation, crate::kernel::serial::Held<'a>, Message), ApiError> {
    let conversation = c.chat().await?;
    let message_id = crate::kernel::user::message_id(&c.params)?;
    let held = lock_message(&c.platform, conversation, message_id).await;
    let message = load_message(&c.platform, conversation, message_id).await?.ok_or_else(|| bad("message not found"))?;
    if message.checklist.is_none() {
        return Err(bad("the message is not a checklist"));
    }
    Ok((conversation, held, message))
}

/// The ids in parameter `name` (a JSON array of numbers; none when absent).
fn ids(c: &UserCall, name: &str) -> Result<Vec<i64>, ApiError> {
    match c.params.get(name).filter(|v| !v.is_empty()) {
        None => Ok(Vec::new()),
        Some(raw) => serde_json::from_str(raw).map_err(|_| bad(format!("{name} must be a JSON array of task ids"))),
    }
}

/// Stores `edited` (the checklist after the change) and posts `service` about it in one act.
async fn change(
    c: &UserCall,
    conversation: crate::kernel::world::Conversation,
    original: &Message,
    mut edited: Message,
    service: Message,
) -> Result<Value, ApiError> {
    let platform = &c.platform;
    let actor = c.actor();
    edited.edit_date = Some(now());
    let mut act = Act::with(vec![put_message(conversation, &edited)]);
    deliver(platform, &mut act, actor.id(), conversation, &mut edited, None, "edited_message").await?;
    let mut content = Content::of(service);
    content.reply_to = Some(original.message_id);
    content.allow_without_reply = true;
    let posted = post_in(platform, &mut act, &actor, conversation, content).await?;
    platform.commit(act).await?;
    Ok(json!({"checklist_message_id": original.message_id, "message_id": posted.message_id}))
}

/// The person's `markChecklistTasksAsDone`.
pub(super) async fn mark_tasks(c: UserCall) -> Result<Value, ApiError> {
    let done = ids(&c, "marked_as_done_task_ids")?;
    let undone = ids(&c, "marked_as_not_done_task_ids")?;
    let (conversation, _held, original) = checklist_message(&c).await?;
    let checklist = original.checklist.as_deref().expect("a checklist");
    let own = super::posting::sender_id(&original) == Some(c.user.id);
    if !own && checklist.others_can_mark_tasks_as_done != Some(true) {
        return Err(bad("the checklist's tasks can be marked by its sender only"));
    }
    let known = |id: &i64| checklist.tasks.iter().any(|t| t.id == *id);
    let done: Vec<i64> = done.into_iter().filter(known).collect();
    let undone: Vec<i64> = undone.into_iter().filter(|id| known(id) && !done.contains(id)).collect();
    if done.is_empty() && undone.is_empty() {
        return Err(bad("no task of the checklist is named"));
    }
    let mut edited = original.clone();
    let list = edited.checklist.as_deref_mut().expect("a checklist");
    for task in &mut list.tasks {
        if done.contains(&task.id) {
            task.completed_by_user = Some(Box::new(crate::kernel::world::person(&c.user)));
            task.completion_date = Some(now());
        } else if undone.contains(&task.id) {
            task.completed_by_user = None;
            task.completion_date = None;
        }
    }
    let service = Message {
        checklist_tasks_done: Some(Box::new(types::ChecklistTasksDone {
            checklist_message: None,
            marked_as_done_task_ids: (!done.is_empty()).then_some(done),
            marked_as_not_done_task_ids: (!undone.is_empty()).then_some(undone),
        })),
        ..Default::default()
    };
    change(&c, conversation, &original, edited, service).await
}

/// The person's `addChecklistTasks`.
pub(super) async fn add_tasks(c: UserCall) -> Result<Value, ApiError> {
    let raw: Value = serde_json::from_str(c.params.get("tasks").unwrap_or_default())
        .map_err(|_| bad("can't parse tasks JSON object"))?;
    let tasks = tasks_of(&raw).map_err(|e| bad(format!("can't parse tasks: {e}")))?;
    let (conversation, _held, original) = checklist_message(&c).await?;
    let checklist = original.checklist.as_deref().expect("a checklist");
    let own = super::posting::sender_id(&original) == Some(c.user.id);
    if !own && checklist.others_can_add_tasks != Some(true) {
        return Err(bad("tasks can be added to the checklist by its sender only"));
    }
    let taken: Vec<i64> = checklist.tasks.iter().map(|t| t.id).collect();
    if tasks.is_empty() || taken.len() + tasks.len() > MOST_TASKS {
        return Err(bad("TODO_ITEMS_EMPTY"));
    }
    check_tasks(&tasks, &taken)?;
    let mut edited = original.clone();
    edited.checklist.as_deref_mut().expect("a checklist").tasks.extend(tasks.iter().cloned());
    let service = Message {
        checklist_tasks_added: Some(Box::new(types::ChecklistTasksAdded { checklist_message: None, tasks })),
        ..Default::default()
    };
    change(&c, conversation, &original, edited, service).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checklist_is_read_as_the_reference_reads_it() {
        let refusal = |raw: &str| checklist_of(Some(raw)).unwrap_err().description.into_owned();
        assert_eq!(refusal("{"), "Bad Request: can't parse InputChecklist JSON object");
        assert_eq!(refusal("[]"), "Bad Request: can't parse InputChecklist: expected an Object");
        assert_eq!(refusal("{}"), "Bad Request: can't parse InputChecklist: Can't find field \"title\"");
        assert_eq!(refusal(r#"{"title":"T"}"#), "Bad Request: can't parse InputChecklist: Can't find field \"tasks\"");
        assert_eq!(
            refusal(r#"{"title":"T","tasks":[1]}"#),
            "Bad Request: can't parse InputChecklist: Can't parse InputChecklistTask: expected an Object"
        );
        let checked = |raw: &str| check(&checklist_of(Some(raw)).unwrap()).unwrap_err().description.into_owned();
        assert_eq!(checked(r#"{"title":"T","tasks":[]}"#), "Bad Request: TODO_ITEMS_EMPTY");
        let twice = r#"{"title":"T","tasks":[{"id":1,"text":"a"},{"id":1,"text":"b"}]}"#;
        assert_eq!(checked(twice), "Bad Request: TODO_ITEM_DUPLICATE");
        let good = r#"{"title":"<b>Trip</b>","parse_mode":"HTML","tasks":[{"id":1,"text":"Tickets"}],"others_can_mark_tasks_as_done":true}"#;
        let read = checklist_of(Some(good)).unwrap();
        assert_eq!(read.title, "Trip");
        assert_eq!(read.tasks[0].text, "Tickets");
        assert_eq!(read.others_can_mark_tasks_as_done, Some(true));
    }
}
