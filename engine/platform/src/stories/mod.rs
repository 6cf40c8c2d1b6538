//! Stories: a bot posts stories on behalf of the business accounts it manages (`postStory`,
//! `repostStory`, with the `can_manage_stories` right), edits and deletes them (`editStory`,
//! `deleteStory`); people see a person's active stories (the user-side `getStories`, and the
//! console's Stories panel), each with its photo or video, caption and areas.
//!
//! A story is one row of [`STORIES`] under its person; the person's next story id is a row of
//! [`NEXT_ID`], taken under the person's lock.

pub(crate) mod domain;
mod methods;
mod user;

use msg_spec::types;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::kernel::records::Table;

/// Stories: scope the person, key the story's id in 10 digits.
const STORIES: Table<Story> = Table::new("story");
/// The id a person's next story gets: scope the person, key "".
const NEXT_ID: Table<i64> = Table::new("story_next_id");

/// A story as stored.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct Story {
    pub id: i64,
    /// The bot that posted it on the person's behalf.
    pub bot_id: i64,
    pub date: i64,
    /// When it stops being shown (a story on the profile page stays there).
    pub expiration_date: i64,
    /// `{"photo": [PhotoSize]}` or `{"video": Video}`, with the person's own file ids.
    pub content: Value,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub caption: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<types::MessageEntity>>,
    /// The areas as given (`StoryArea`s).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<Value>,
    #[serde(default)]
    pub post_to_chat_page: bool,
    #[serde(default)]
    pub protect_content: bool,
    /// The story it reposts, when one: `[person, story id]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repost_of: Option<(i64, i64)>,
}

fn story_key(id: i64) -> String {
    format!("{id:010}")
}

/// The periods a story may be shown for, in seconds (6, 12, 24 and 48 hours).
const ACTIVE_PERIODS: [i64; 4] = [6 * 3600, 12 * 3600, 86400, 2 * 86400];
