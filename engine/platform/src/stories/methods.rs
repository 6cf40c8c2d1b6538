//! The stories Bot API methods, with the reference's reading first (`get_input_story_content`,
//! `get_input_story_areas`, `get_caption`; `repostStory`'s `from_chat_id`), then the business
//! connection, then the right (`can_manage_stories`: `BOT_ACCESS_FORBIDDEN`) and TDLib's and
//! the platform's checks (`invalid story active period specified`, `STORY_ID_INVALID`).

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply, UserRecord};
use msg_spec::types;
use serde_json::{Map, Value};

use super::{ACTIVE_PERIODS, NEXT_ID, STORIES, Story, story_key};
use crate::Platform;
use crate::kernel::methods::done;
use crate::kernel::serial::Entity;
use crate::kernel::world::{Conversation, now, typed};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// A story's content as the reference reads it: `{type: "photo", photo}` or `{type: "video",
/// video, duration, cover_frame_timestamp, is_animation}`, the file uploaded with the call.
struct Content {
    kind: crate::files::Kind,
    file: String,
    duration: Option<f64>,
}

fn content_of(call: &MethodCall) -> Result<Content, ApiError> {
    let raw =
        call.params.get("content").filter(|c| !c.is_empty()).ok_or_else(|| bad("story content isn't specified"))?;
    let value: Value = serde_json::from_str(raw).map_err(|_| bad("can't parse story content JSON object"))?;
    let Value::Object(object) = value else { return Err(bad("object expected as story content")) };
    let string = |name: &str| match object.get(name) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(bad(format!("field \"{name}\" must be of type String"))),
        None => Err(bad(format!("can't find field \"{name}\""))),
    };
    let number = |name: &str| match object.get(name) {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(_) => Err(bad(format!("field \"{name}\" must be of type Number"))),
    };
    let uploaded = |file: &str| {
        crate::files::input::source(&call.params, file, "", false).is_some() && file.starts_with("attach://")
    };
    match string("type")?.as_str() {
        "photo" => {
            let file = string("photo")?;
            if !uploaded(&file) {
                return Err(bad("story photo must be uploaded as a file"));
            }
            Ok(Content { kind: crate::files::Kind::Photo, file, duration: None })
        }
        "video" => {
            let file = string("video")?;
            let duration = number("duration")?;
            number("cover_frame_timestamp")?;
            if !uploaded(&file) {
                return Err(bad("story video must be uploaded as a file"));
            }
            Ok(Content { kind: crate::files::Kind::Video, file, duration })
        }
        _ => Err(bad("invalid story content type specified")),
    }
}

/// One area as the reference reads it (`get_input_story_area`).
fn area_of(value: &Value) -> Result<Value, String> {
    let Value::Object(object) = value else { return Err("expected an Object".into()) };
    let number = |o: &Map<String, Value>, name: &str| match o.get(name) {
        Some(Value::Number(n)) => Ok(n.clone()),
        Some(_) => Err(format!("Field \"{name}\" must be of type Number")),
        None => Err(format!("Can't find field \"{name}\"")),
    };
    let string = |o: &Map<String, Value>, name: &str| match o.get(name) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(format!("Field \"{name}\" must be of type String")),
        None => Err(format!("Can't find field \"{name}\"")),
    };
    let object_field = |o: &Map<String, Value>, name: &str| match o.get(name) {
        Some(Value::Object(inner)) => Ok(inner.clone()),
        Some(_) => Err(format!("Field \"{name}\" must be of type Object")),
        None => Err(format!("Can't find field \"{name}\"")),
    };
    let position = object_field(object, "position")?;
    let mut shown = Map::new();
    for name in [
        "x_percentage",
        "y_percentage",
        "width_percentage",
        "height_percentage",
        "rotation_angle",
        "corner_radius_percentage",
    ] {
        shown.insert(name.into(), Value::Number(number(&position, name)?));
    }
    let kind = object_field(object, "type")?;
    let mut area_type = Map::new();
    let type_name = string(&kind, "type")?;
    area_type.insert("type".into(), type_name.clone().into());
    match type_name.as_str() {
        "location" => {
            area_type.insert("latitude".into(), Value::Number(number(&kind, "latitude")?));
            area_type.insert("longitude".into(), Value::Number(number(&kind, "longitude")?));
            if let Some(address) = kind.get("address").filter(|a| a.is_object()) {
                area_type.insert("address".into(), address.clone());
            }
        }
        "suggested_reaction" => {
            let reaction = object_field(&kind, "reaction_type")?;
            area_type.insert("reaction_type".into(), Value::Object(reaction));
            for flag in ["is_dark", "is_flipped"] {
                if let Some(Value::Bool(true)) = kind.get(flag) {
                    area_type.insert(flag.into(), true.into());
                }
            }
        }
        "link" => {
            area_type.insert("url".into(), string(&kind, "url")?.into());
        }
        "weather" => {
            area_type.insert("temperature".into(), Value::Number(number(&kind, "temperature")?));
            area_type.insert("emoji".into(), string(&kind, "emoji")?.into());
            let color = number(&kind, "background_color")?;
            if !color.as_i64().is_some_and(|c| (0..=0xFFFF_FFFF).contains(&c)) {
                return Err("invalid background color specified".into());
            }
            area_type.insert("background_color".into(), Value::Number(color));
        }
        "unique_gift" => {
            area_type.insert("name".into(), string(&kind, "name")?.into());
        }
        _ => return Err("invalid story area type specified".into()),
    }
    Ok(serde_json::json!({"position": shown, "type": area_type}))
}

/// `areas` as the reference reads them (`get_input_story_areas`).
fn areas_of(raw: Option<&str>) -> Result<Vec<Value>, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(Vec::new()) };
    let value: Value = serde_json::from_str(raw).map_err(|_| bad("can't parse story areas JSON object"))?;
    let Value::Array(items) = value else { return Err(bad("expected an Array of InputStoryArea")) };
    items.iter().map(|item| area_of(item).map_err(|e| bad(format!("can't parse InputStoryArea: {e}")))).collect()
}

/// The caption, as every caption is read.
fn caption_of(call: &MethodCall) -> Result<(String, Option<Vec<types::MessageEntity>>), ApiError> {
    let p = &call.params;
    let (text, entities) = crate::messages::send::formatted(
        p.get("caption").unwrap_or_default(),
        p.get("parse_mode").unwrap_or_default(),
        crate::messages::send::json_value(p.get("caption_entities")),
    )?;
    Ok((text, crate::kernel::stored::entity_list(entities)?))
}

/// The most characters a story's caption holds.
const MOST_CAPTION: usize = 2048;

/// The uploaded content stored as the person's own file.
async fn store_content(
    platform: &Platform,
    call: &MethodCall,
    user: &UserRecord,
    content: &Content,
) -> Result<Value, ApiError> {
    use crate::files::input::{self, Extras, Sender};
    let source = input::source(&call.params, &content.file, "", false)
        .ok_or_else(|| bad("story photo must be uploaded as a file"))?;
    let mut extras = Extras::from_params(&call.params, platform.local);
    extras.duration = content.duration.map(|d| d.round() as i64);
    let sender = Sender { id: user.id, is_bot: false };
    let value = input::attach(&platform.files, &platform.temp_dir, sender, content.kind, source, extras).await?;
    let field = if content.kind == crate::files::Kind::Photo { "photo" } else { "video" };
    Ok(serde_json::json!({ field: value }))
}

/// The story as the Bot API answers it: the person's chat, as the bot sees it, and the id.
async fn answer(platform: &Platform, bot_id: i64, user_id: i64, id: i64) -> Result<Reply, ApiError> {
    let chat = platform.chat(Conversation::private(bot_id, user_id), bot_id).await?;
    Ok(typed(&types::Story { chat: Box::new(chat), id }).into())
}

/// A new story of `user`'s, stored under their lock with the next id.
async fn add(platform: &Platform, user_id: i64, story: impl FnOnce(i64) -> Story) -> Result<i64, ApiError> {
    let _held = platform.locks.lock(Entity::User(user_id)).await;
    let id = NEXT_ID.get(platform.storage.as_ref(), user_id, "").await?.unwrap_or(1);
    let story = story(id);
    let changes = vec![STORIES.put(user_id, &story_key(id), &story), NEXT_ID.put(user_id, "", &(id + 1))];
    platform.storage.apply(changes).await.map_err(crate::internal)?;
    Ok(id)
}

/// What `postStory` and `editStory` read before the connection, in the reference's order.
struct Given {
    content: Content,
    areas: Vec<Value>,
    caption: String,
    caption_entities: Option<Vec<types::MessageEntity>>,
}

fn given(call: &MethodCall) -> Result<Given, ApiError> {
    let content = content_of(call)?;
    let areas = areas_of(call.params.get("areas"))?;
    let (caption, caption_entities) = caption_of(call)?;
    Ok(Given { content, areas, caption, caption_entities })
}

/// TDLib's check of a story's period: 6, 12, 24 or 48 hours.
fn check_period(period: i64) -> Result<(), ApiError> {
    if !ACTIVE_PERIODS.contains(&period) {
        return Err(bad("invalid story active period specified"));
    }
    Ok(())
}

pub(super) async fn post_story(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let Given { content, areas, caption, caption_entities } = given(&call)?;
    let (bot, _, connection) = crate::business::connection_of(&platform, &call).await?;
    let period = call.params.integer("active_period", 0, 0, 1_000_000_000);
    let post_to_chat_page = call.params.boolean("post_to_chat_page");
    let protect_content = call.params.boolean("protect_content");
    let user = crate::business::account(&platform, &connection, |r| r.can_manage_stories).await?;
    check_period(period)?;
    if caption.chars().count() > MOST_CAPTION {
        return Err(bad("CAPTION_TOO_LONG"));
    }
    let stored = store_content(&platform, &call, &user, &content).await?;
    let date = now();
    let id = add(&platform, user.id, |id| Story {
        id,
        bot_id: bot.id,
        date,
        expiration_date: date + period,
        content: stored,
        caption,
        caption_entities,
        areas,
        post_to_chat_page,
        protect_content,
        repost_of: None,
    })
    .await?;
    answer(&platform, bot.id, user.id, id).await
}

pub(super) async fn repost_story(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let from_chat_id = call.params.get("from_chat_id").filter(|c| !c.is_empty());
    let from_chat_id = from_chat_id.ok_or_else(|| ApiError::parameter_required("from_chat_id"))?.to_owned();
    let (bot, _, connection) = crate::business::connection_of(&platform, &call).await?;
    let from = platform
        .resolve_chat_for(
            &crate::kernel::world::Actor::Bot(bot.clone()),
            &from_chat_id,
            crate::kernel::world::Access::Read,
        )
        .await?;
    let from = from.chat_id_for(bot.id);
    let from_story_id = call.params.integer("from_story_id", 0, 0, 1_000_000_000);
    let period = call.params.integer("active_period", 0, 0, 1_000_000_000);
    let post_to_chat_page = call.params.boolean("post_to_chat_page");
    let protect_content = call.params.boolean("protect_content");
    let user = crate::business::account(&platform, &connection, |r| r.can_manage_stories).await?;
    check_period(period)?;
    // Only a story of another account the bot manages, still shown and not protected.
    let managed = crate::business::manages(&platform, bot.id, from).await?;
    let original = STORIES.get(platform.storage.as_ref(), from, &story_key(from_story_id)).await?;
    let original =
        original.filter(|s| managed && from != user.id && (s.expiration_date > now() || s.post_to_chat_page));
    let original = original.ok_or_else(|| bad("STORY_ID_INVALID"))?;
    if original.protect_content {
        return Err(bad("STORY_ID_INVALID"));
    }
    let date = now();
    let id = add(&platform, user.id, |id| Story {
        id,
        bot_id: bot.id,
        date,
        expiration_date: date + period,
        repost_of: Some((from, original.id)),
        post_to_chat_page,
        protect_content,
        ..original
    })
    .await?;
    answer(&platform, bot.id, user.id, id).await
}

pub(super) async fn edit_story(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let Given { content, areas, caption, caption_entities } = given(&call)?;
    let (bot, _, connection) = crate::business::connection_of(&platform, &call).await?;
    let story_id = call.params.integer("story_id", 0, 0, 1_000_000_000);
    let user = crate::business::account(&platform, &connection, |r| r.can_manage_stories).await?;
    if caption.chars().count() > MOST_CAPTION {
        return Err(bad("CAPTION_TOO_LONG"));
    }
    let stored = store_content(&platform, &call, &user, &content).await?;
    let _held = platform.locks.lock(Entity::User(user.id)).await;
    let key = story_key(story_id);
    let story = STORIES.get(platform.storage.as_ref(), user.id, &key).await?;
    let mut story =
        story.filter(|s| s.expiration_date > now() || s.post_to_chat_page).ok_or_else(|| bad("STORY_ID_INVALID"))?;
    story.content = stored;
    story.caption = caption;
    story.caption_entities = caption_entities;
    story.areas = areas;
    platform.storage.apply(vec![STORIES.put(user.id, &key, &story)]).await.map_err(crate::internal)?;
    answer(&platform, bot.id, user.id, story_id).await
}

pub(super) async fn delete_story(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let (_, _, connection) = crate::business::connection_of(&platform, &call).await?;
    let story_id = call.params.integer("story_id", 0, 0, 1_000_000_000);
    let user = crate::business::account(&platform, &connection, |r| r.can_manage_stories).await?;
    let _held = platform.locks.lock(Entity::User(user.id)).await;
    let key = story_key(story_id);
    if STORIES.get(platform.storage.as_ref(), user.id, &key).await?.is_none() {
        return Err(bad("STORY_ID_INVALID"));
    }
    platform.storage.apply(vec![STORIES.delete(user.id, &key)]).await.map_err(crate::internal)?;
    done()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_are_read_as_the_reference_reads_them() {
        let refusal = |raw: &str| areas_of(Some(raw)).unwrap_err().description.into_owned();
        assert_eq!(refusal("{"), "Bad Request: can't parse story areas JSON object");
        assert_eq!(refusal("{}"), "Bad Request: expected an Array of InputStoryArea");
        assert_eq!(refusal("[1]"), "Bad Request: can't parse InputStoryArea: expected an Object");
        assert_eq!(refusal("[{}]"), "Bad Request: can't parse InputStoryArea: Can't find field \"position\"");
        let position = r#"{"x_percentage":10,"y_percentage":10,"width_percentage":20,"height_percentage":20,"rotation_angle":0,"corner_radius_percentage":5}"#;
        let link = format!(r#"[{{"position":{position},"type":{{"type":"link","url":"https://example.com"}}}}]"#);
        assert_eq!(areas_of(Some(&link)).unwrap()[0]["type"]["url"], "https://example.com");
        let odd = format!(r#"[{{"position":{position},"type":{{"type":"poll"}}}}]"#);
        assert_eq!(refusal(&odd), "Bad Request: can't parse InputStoryArea: invalid story area type specified");
        assert!(areas_of(None).unwrap().is_empty());
    }
}
