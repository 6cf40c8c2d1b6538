//! The person's side of stories: a person's stories as people see them (`getStories`).

use msg_core::ApiError;
use serde_json::{Value, json};

use super::STORIES;
use crate::kernel::user::UserCall;
use crate::kernel::world::now;

/// The person's `getStories`: person `user_id`'s stories (the caller's without it) still shown
/// or kept on their profile page, newest first, each with its content as the caller's own files.
pub(super) async fn get_stories(c: UserCall) -> Result<Value, ApiError> {
    let owner = match c.params.get("user_id") {
        Some(id) => msg_spec::args::to_integer(id),
        None => c.user.id,
    };
    if c.platform.user(owner).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    let at = now();
    let mut shown = Vec::new();
    for story in STORIES.all(c.platform.storage.as_ref(), owner).await?.into_values().rev() {
        if story.expiration_date <= at && !story.post_to_chat_page {
            continue;
        }
        let mut value = json!({
            "id": story.id,
            "date": story.date,
            "expiration_date": story.expiration_date,
            "is_active": story.expiration_date > at,
            "is_posted_to_chat_page": story.post_to_chat_page,
            "protect_content": story.protect_content,
            "content": story.content,
            "caption": story.caption,
            "areas": story.areas,
        });
        if let Some(entities) = &story.caption_entities {
            value["caption_entities"] = serde_json::to_value(entities).expect("entities serialize");
        }
        if let Some((from, id)) = story.repost_of {
            value["repost_of"] = json!({"user_id": from, "story_id": id});
        }
        // Each viewer opens the files by ids of their own.
        c.platform.files.adopt(&mut value["content"], c.user.id, false).await?;
        shown.push(value);
    }
    Ok(Value::Array(shown))
}
