//! The bot's profile, kept in its own directory (so it moves with the bot): `setMyName` /
//! `getMyName`, `setMyDescription` / `getMyDescription`, `setMyShortDescription` /
//! `getMyShortDescription` (each per `language_code`, falling back to the default language),
//! `setMyDefaultAdministratorRights` / `getMyDefaultAdministratorRights` (groups and channels
//! apart), `setChatMenuButton` / `getChatMenuButton` (the default button and per-person ones),
//! and what the bot may read of people's profiles: `getUserProfilePhotos`, `getUserProfileAudios`
//! (people here have neither yet).

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, Change, MethodCall, Reply};
use msg_spec::{params, types};
use serde_json::{Value, json};

use crate::Platform;
use crate::internal;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::standing::rights_of_kind;
use crate::kernel::stored::decode;
use crate::kernel::world::typed;

/// TDLib's `validate_bot_language_code`: empty, or two letters `a-z`.
fn language(code: Option<&str>) -> Result<&str, ApiError> {
    let code = code.unwrap_or_default();
    if code.is_empty() || (code.len() == 2 && code.bytes().all(|b| b.is_ascii_lowercase())) {
        Ok(code)
    } else {
        Err(ApiError::bad_request("invalid language code specified"))
    }
}

async fn setting(platform: &Platform, bot: i64, key: &str) -> Result<Option<String>, ApiError> {
    platform.storage.load_bot_setting(bot, key).await.map_err(internal)
}

async fn store(platform: &Platform, bot_id: i64, key: String, value: Option<String>) -> Result<(), ApiError> {
    platform.storage.apply(vec![Change::BotSetting { bot_id, key, value }]).await.map_err(internal)
}

/// One of the texts of the bot's profile (`name`, `description`, `short_description`).
struct Text {
    field: &'static str,
    /// The platform's length limit, in characters.
    max: usize,
}

const NAME: Text = Text { field: "name", max: 64 };
const DESCRIPTION: Text = Text { field: "description", max: 512 };
const SHORT_DESCRIPTION: Text = Text { field: "short_description", max: 120 };

impl Text {
    async fn set(
        &self,
        platform: &Platform,
        bot: &BotRecord,
        value: Option<&str>,
        code: Option<&str>,
    ) -> Result<Reply, ApiError> {
        let code = language(code)?;
        let value = value.unwrap_or_default();
        if value.chars().count() > self.max {
            return Err(ApiError::bad_request(format!("bot {} is too long", self.field.replace('_', " "))));
        }
        let value = (!value.is_empty()).then(|| value.to_owned());
        store(platform, bot.id, format!("profile:{}:{code}", self.field), value).await?;
        done()
    }

    /// The text for `code`, else the default language's; a bot's name defaults to its first name.
    async fn get(&self, platform: &Platform, bot: &BotRecord, code: Option<&str>) -> Result<Reply, ApiError> {
        let code = language(code)?;
        let mut value = None;
        for code in [code, ""] {
            if value.is_none() {
                value = setting(platform, bot.id, &format!("profile:{}:{code}", self.field)).await?;
            }
        }
        let fallback = if self.field == "name" { bot.first_name.clone() } else { String::new() };
        let value = value.unwrap_or(fallback);
        let typed = match self.field {
            "name" => typed(&types::BotName { name: value }),
            "description" => typed(&types::BotDescription { description: value }),
            _ => typed(&types::BotShortDescription { short_description: value }),
        };
        Ok(typed.into())
    }
}

pub(super) async fn set_my_name(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetMyName = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let reply = NAME.set(&platform, &bot, p.name, p.language_code).await?;
    // The default language's name is the bot's name.
    if let Some(name) = p.name.filter(|n| !n.is_empty() && p.language_code.unwrap_or_default().is_empty()) {
        platform.rename_bot(&bot, name).await?;
    }
    Ok(reply)
}

pub(super) async fn get_my_name(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetMyName = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    NAME.get(&platform, &bot, p.language_code).await
}

pub(super) async fn set_my_description(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetMyDescription = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    DESCRIPTION.set(&platform, &bot, p.description, p.language_code).await
}

pub(super) async fn get_my_description(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetMyDescription = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    DESCRIPTION.get(&platform, &bot, p.language_code).await
}

pub(super) async fn set_my_short_description(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetMyShortDescription = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    SHORT_DESCRIPTION.set(&platform, &bot, p.short_description, p.language_code).await
}

pub(super) async fn get_my_short_description(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetMyShortDescription = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    SHORT_DESCRIPTION.get(&platform, &bot, p.language_code).await
}

/// A `rights` parameter (`ChatAdministratorRights`) with the reference's errors; absent is none.
fn administrator_rights(raw: Option<&str>) -> Result<types::ChatAdministratorRights, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(types::ChatAdministratorRights::default()) };
    let prefix = "can't parse ChatAdministratorRights";
    let value: Value = serde_json::from_str(raw).map_err(|_| ApiError::bad_request(format!("{prefix} JSON object")))?;
    let Value::Object(fields) = value else {
        return Err(ApiError::bad_request(format!("{prefix}: ChatAdministratorRights must be an Object")));
    };
    let flag = |name: &str| -> Result<bool, ApiError> {
        match fields.get(name) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(ApiError::bad_request(format!("{prefix}: Field \"{name}\" must be of type Boolean"))),
        }
    };
    Ok(types::ChatAdministratorRights {
        is_anonymous: flag("is_anonymous")?,
        can_manage_chat: flag("can_manage_chat")?,
        can_delete_messages: flag("can_delete_messages")?,
        can_manage_video_chats: flag("can_manage_video_chats")? || flag("can_manage_voice_chats")?,
        can_restrict_members: flag("can_restrict_members")?,
        can_promote_members: flag("can_promote_members")?,
        can_change_info: flag("can_change_info")?,
        can_invite_users: flag("can_invite_users")?,
        can_post_stories: flag("can_post_stories")?,
        can_edit_stories: flag("can_edit_stories")?,
        can_delete_stories: flag("can_delete_stories")?,
        can_post_messages: Some(flag("can_post_messages")?),
        can_edit_messages: Some(flag("can_edit_messages")?),
        can_pin_messages: Some(flag("can_pin_messages")?),
        can_manage_topics: Some(flag("can_manage_topics")?),
        can_manage_direct_messages: Some(flag("can_manage_direct_messages")?),
        can_manage_tags: Some(flag("can_manage_tags")?),
        can_send_welcome_messages: flag("can_send_welcome_messages")?,
    })
}

/// The rights as written for a chat kind ([`rights_of_kind`]), those the kind has all present.
fn for_kind(rights: types::ChatAdministratorRights, channels: bool) -> types::ChatAdministratorRights {
    let on = |flag: Option<bool>| Some(flag.unwrap_or(false));
    let present = types::ChatAdministratorRights {
        can_post_messages: on(rights.can_post_messages),
        can_edit_messages: on(rights.can_edit_messages),
        can_manage_direct_messages: on(rights.can_manage_direct_messages),
        can_pin_messages: on(rights.can_pin_messages),
        can_manage_topics: on(rights.can_manage_topics),
        can_manage_tags: on(rights.can_manage_tags),
        ..rights
    };
    rights_of_kind(present, channels)
}

fn rights_key(channels: bool) -> String {
    format!("default_rights:{}", if channels { "channels" } else { "groups" })
}

pub(super) async fn set_my_default_administrator_rights(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::SetMyDefaultAdministratorRights = args(&call.params)?;
    let rights = administrator_rights(p.rights)?;
    let bot = platform_bot(&platform, &call).await?;
    let value = serde_json::to_string(&for_kind(rights, p.for_channels)).expect("rights serialize");
    store(&platform, bot.id, rights_key(p.for_channels), Some(value)).await?;
    done()
}

pub(super) async fn get_my_default_administrator_rights(
    platform: Arc<Platform>,
    call: MethodCall,
) -> Result<Reply, ApiError> {
    let p: params::GetMyDefaultAdministratorRights = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let stored = setting(&platform, bot.id, &rights_key(p.for_channels)).await?;
    let rights = stored.and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default();
    Ok(serde_json::to_value(for_kind(rights, p.for_channels)).expect("rights serialize").into())
}

/// A `menu_button` parameter with the reference's errors; absent is the default button.
fn menu_button(raw: Option<&str>) -> Result<Value, ApiError> {
    let Some(raw) = raw.filter(|r| !r.is_empty()) else { return Ok(json!({"type": "default"})) };
    let prefix = "can't parse menu button";
    let value: Value = serde_json::from_str(raw).map_err(|_| ApiError::bad_request(format!("{prefix} JSON object")))?;
    let Value::Object(fields) = value else {
        return Err(ApiError::bad_request(format!("{prefix}: MenuButton must be an Object")));
    };
    let missing = |field: &str| ApiError::bad_request(format!("{prefix}: Can't find field \"{field}\""));
    match fields.get("type").ok_or_else(|| missing("type"))?.as_str() {
        Some("default") => Ok(json!({"type": "default"})),
        Some("commands") => Ok(json!({"type": "commands"})),
        Some("web_app") => {
            let text = fields.get("text").ok_or_else(|| missing("text"))?.as_str().unwrap_or_default();
            let web_app = fields.get("web_app").ok_or_else(|| missing("web_app"))?;
            let Value::Object(web_app) = web_app else {
                return Err(ApiError::bad_request(format!("{prefix}: Field \"web_app\" must be of type Object")));
            };
            let url = web_app.get("url").ok_or_else(|| missing("url"))?.as_str().unwrap_or_default();
            if text.is_empty() {
                return Err(ApiError::bad_request("menu button text must be non-empty"));
            }
            // TDLib's check (`set_menu_button`).
            crate::parse_mode::url::check_page_link(url)
                .map_err(|e| ApiError::bad_request(format!("Menu button Web App {e}")))?;
            Ok(json!({"type": "web_app", "text": text, "web_app": {"url": url}}))
        }
        _ => Err(ApiError::bad_request(format!("{prefix}: MenuButton has unsupported type"))),
    }
}

/// The person a menu-button call names (`chat_id`, given at all): 0 for the default button.
async fn menu_owner(platform: &Platform, call: &MethodCall) -> Result<i64, ApiError> {
    if call.params.get("chat_id").is_none() {
        return Ok(0);
    }
    let id = msg_spec::args::user_id(call.params.get("chat_id"), "chat_id").map_err(|e| ApiError::bad_request(e.0))?;
    if platform.user(id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    Ok(id)
}

pub(super) async fn set_chat_menu_button(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetChatMenuButton = args(&call.params)?;
    let button = menu_button(p.menu_button)?;
    let owner = menu_owner(&platform, &call).await?;
    let bot = platform_bot(&platform, &call).await?;
    let value = (button != json!({"type": "default"})).then(|| button.to_string());
    store(&platform, bot.id, format!("menu_button:{owner}"), value).await?;
    done()
}

pub(super) async fn get_chat_menu_button(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let owner = menu_owner(&platform, &call).await?;
    let bot = platform_bot(&platform, &call).await?;
    let mut stored = setting(&platform, bot.id, &format!("menu_button:{owner}")).await?;
    if stored.is_none() && owner != 0 {
        stored = setting(&platform, bot.id, "menu_button:0").await?;
    }
    let button: types::MenuButton = stored
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or(types::MenuButton::MenuButtonDefault(types::MenuButtonDefault {}));
    Ok(typed(&button).into())
}

/// The person a profile query names, after the reference's checks and clamps.
async fn profile_owner(platform: &Platform, user_id: i64) -> Result<(), ApiError> {
    if platform.participant(user_id).await?.is_none() {
        return Err(ApiError::bad_request("user not found"));
    }
    Ok(())
}

/// getUserProfilePhotos: a person's photos (the user-side `setProfilePhoto`) or a bot's
/// (setMyProfilePhoto), with the viewer's own file ids.
pub(super) async fn get_user_profile_photos(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetUserProfilePhotos = args(&call.params)?;
    profile_owner(&platform, p.user_id).await?;
    let viewer = platform_bot(&platform, &call).await?;
    let all: Vec<Value> = match platform.user(p.user_id).await? {
        Some(person) => super::profile_photos(&platform, person.id).await?,
        None => {
            let stored = setting(&platform, p.user_id, "profile_photo").await?;
            stored.and_then(|s| serde_json::from_str::<Value>(&s).ok()).into_iter().collect()
        }
    };
    let offset = p.offset.unwrap_or(0).clamp(0, i64::from(i32::MAX)) as usize;
    let limit = p.limit.unwrap_or(100).clamp(1, 100) as usize;
    let mut photos = Vec::new();
    for sizes in all.iter().skip(offset).take(limit) {
        // Each viewer gets file ids of its own (and the files in its directory).
        let mut holder = json!({ "photo": sizes });
        platform.files.adopt(&mut holder, viewer.id, true).await?;
        photos.push(decode(holder["photo"].take(), "profile photo")?);
    }
    Ok(typed(&types::UserProfilePhotos { total_count: all.len() as i64, photos }).into())
}

pub(super) async fn get_user_profile_audios(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetUserProfileAudios = args(&call.params)?;
    profile_owner(&platform, p.user_id).await?;
    Ok(typed(&types::UserProfileAudios { total_count: 0, audios: Vec::new() }).into())
}

/// A `photo` parameter (`InputProfilePhoto`) with the reference's errors: the file it names,
/// which must be a new upload (a part, or `file://` in local mode).
pub(crate) fn profile_photo_file(params: &msg_core::Params, local: bool) -> Result<String, ApiError> {
    let raw = params.get("photo").unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::bad_request("photo isn't specified"));
    }
    let value: Value = serde_json::from_str(raw).map_err(|_| ApiError::bad_request("can't parse photo JSON object"))?;
    let Value::Object(fields) = value else { return Err(ApiError::bad_request("object expected as profile photo")) };
    let kind = match fields.get("type") {
        None => return Err(ApiError::bad_request("can't find field \"type\"")),
        Some(Value::String(kind)) => kind.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return Err(ApiError::bad_request("field \"type\" must be of type String")),
    };
    let field = match kind.as_str() {
        "static" => "photo",
        "animated" => {
            if let Some(stamp) = fields.get("main_frame_timestamp") {
                let Some(stamp) = stamp.as_f64() else {
                    return Err(ApiError::bad_request("field \"main_frame_timestamp\" must be of type Number"));
                };
                if !(0.0..=10.0).contains(&stamp) {
                    return Err(ApiError::bad_request("wrong main frame timestamp specified"));
                }
            }
            "animation"
        }
        _ => return Err(ApiError::bad_request("invalid profile photo type specified")),
    };
    let file = fields.get(field).ok_or_else(|| ApiError::bad_request(format!("can't find field \"{field}\"")))?;
    let file = file.as_str().unwrap_or_default();
    let uploaded = file.strip_prefix("attach://").is_some_and(|part| params.file(part).is_some())
        || (local && file.starts_with("file:/"));
    if !uploaded {
        return Err(ApiError::bad_request("photo must be uploaded as a file"));
    }
    Ok(file.to_owned())
}

pub(super) async fn set_my_profile_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    use crate::files::input::{self, Extras, Sender};
    let file = profile_photo_file(&call.params, platform.local)?;
    let bot = platform_bot(&platform, &call).await?;
    let source = input::source(&call.params, &file, "", platform.local)
        .ok_or_else(|| ApiError::bad_request("photo must be uploaded as a file"))?;
    let sender = Sender { id: bot.id, is_bot: true };
    let extras = Extras::from_params(&call.params, platform.local);
    let kind = crate::files::Kind::Photo;
    let sizes = input::attach(&platform.files, &platform.temp_dir, sender, kind, source, extras).await?;
    store(&platform, bot.id, "profile_photo".into(), Some(sizes.to_string())).await?;
    done()
}

pub(super) async fn remove_my_profile_photo(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    store(&platform, bot.id, "profile_photo".into(), None).await?;
    done()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal<T: std::fmt::Debug>(result: Result<T, ApiError>) -> String {
        result.expect_err("must be refused").description.into_owned()
    }

    #[test]
    fn administrator_rights_are_an_object_of_booleans() {
        assert_eq!(administrator_rights(None).unwrap(), types::ChatAdministratorRights::default());
        assert_eq!(administrator_rights(Some("")).unwrap(), types::ChatAdministratorRights::default());
        assert_eq!(
            refusal(administrator_rights(Some("{"))),
            "Bad Request: can't parse ChatAdministratorRights JSON object"
        );
        assert_eq!(
            refusal(administrator_rights(Some("[]"))),
            "Bad Request: can't parse ChatAdministratorRights: ChatAdministratorRights must be an Object"
        );
        assert_eq!(
            refusal(administrator_rights(Some(r#"{"can_manage_chat": 1}"#))),
            "Bad Request: can't parse ChatAdministratorRights: Field \"can_manage_chat\" must be of type Boolean"
        );
        // The older name of the video chats right still counts.
        let rights = administrator_rights(Some(r#"{"can_manage_voice_chats": true}"#)).unwrap();
        assert!(rights.can_manage_video_chats);
        assert!(!rights.can_manage_chat);
        assert_eq!(rights.can_pin_messages, Some(false));
    }

    #[test]
    fn default_rights_carry_every_flag_their_chat_kind_has() {
        let groups = for_kind(types::ChatAdministratorRights::default(), false);
        assert_eq!(
            (groups.can_pin_messages, groups.can_manage_topics, groups.can_manage_tags),
            (Some(false), Some(false), Some(false))
        );
        assert_eq!(
            (groups.can_post_messages, groups.can_edit_messages, groups.can_manage_direct_messages),
            (None, None, None)
        );
        let given = types::ChatAdministratorRights { can_post_messages: Some(true), ..Default::default() };
        let channels = for_kind(given, true);
        assert_eq!(
            (channels.can_post_messages, channels.can_edit_messages, channels.can_manage_direct_messages),
            (Some(true), Some(false), Some(false))
        );
        assert_eq!(
            (channels.can_pin_messages, channels.can_manage_topics, channels.can_manage_tags),
            (None, None, None)
        );
    }

    #[test]
    fn a_menu_button_is_the_default_one_unless_given() {
        assert_eq!(menu_button(None).unwrap(), json!({"type": "default"}));
        assert_eq!(menu_button(Some("")).unwrap(), json!({"type": "default"}));
        assert_eq!(menu_button(Some(r#"{"type": "commands"}"#)).unwrap(), json!({"type": "commands"}));
        assert_eq!(refusal(menu_button(Some("nope"))), "Bad Request: can't parse menu button JSON object");
        assert_eq!(
            refusal(menu_button(Some("[]"))),
            "Bad Request: can't parse menu button: MenuButton must be an Object"
        );
        assert_eq!(refusal(menu_button(Some("{}"))), "Bad Request: can't parse menu button: Can't find field \"type\"");
        assert_eq!(
            refusal(menu_button(Some(r#"{"type": "mini_app"}"#))),
            "Bad Request: can't parse menu button: MenuButton has unsupported type"
        );
    }

    #[test]
    fn a_web_app_menu_button_needs_text_and_an_https_link() {
        let button = r#"{"type": "web_app", "text": "Open", "web_app": {"url": "https://example.com/app"}}"#;
        assert_eq!(
            menu_button(Some(button)).unwrap(),
            json!({"type": "web_app", "text": "Open", "web_app": {"url": "https://example.com/app"}})
        );
        let no_text = r#"{"type": "web_app", "web_app": {"url": "https://example.com"}}"#;
        assert_eq!(
            refusal(menu_button(Some(no_text))),
            "Bad Request: can't parse menu button: Can't find field \"text\""
        );
        let no_app = r#"{"type": "web_app", "text": "Open", "web_app": "https://example.com"}"#;
        assert_eq!(
            refusal(menu_button(Some(no_app))),
            "Bad Request: can't parse menu button: Field \"web_app\" must be of type Object"
        );
        let empty = r#"{"type": "web_app", "text": "", "web_app": {"url": "https://example.com"}}"#;
        assert_eq!(refusal(menu_button(Some(empty))), "Bad Request: menu button text must be non-empty");
        // Plain HTTP only on a test server (which a unit test's process is not, unless made one).
        if !msg_core::environment::is_test() {
            let http = r#"{"type": "web_app", "text": "Open", "web_app": {"url": "http://example.com"}}"#;
            assert_eq!(
                refusal(menu_button(Some(http))),
                "Bad Request: menu button Web App URL 'http://example.com' is invalid: Only HTTPS links are allowed"
            );
        }
    }

    #[test]
    fn a_profile_photo_must_be_a_new_upload() {
        let photo = |value: &str, local: bool| {
            let mut params = msg_core::Params::new();
            params.push("photo", value);
            params.push_file(msg_core::UploadedFile::new("sent".into(), None, None, "/tmp/sent".into(), 1));
            profile_photo_file(&params, local)
        };
        assert_eq!(refusal(profile_photo_file(&msg_core::Params::new(), false)), "Bad Request: photo isn't specified");
        assert_eq!(refusal(photo("[]", false)), "Bad Request: object expected as profile photo");
        assert_eq!(refusal(photo(r#"{"photo": "x"}"#, false)), "Bad Request: can't find field \"type\"");
        assert_eq!(refusal(photo(r#"{"type": "video"}"#, false)), "Bad Request: invalid profile photo type specified");
        let late_frame = r#"{"type": "animated", "animation": "attach://sent", "main_frame_timestamp": 11}"#;
        assert_eq!(refusal(photo(late_frame, false)), "Bad Request: wrong main frame timestamp specified");
        assert_eq!(photo(r#"{"type": "static", "photo": "attach://sent"}"#, false).unwrap(), "attach://sent");
        // A link, a part that was not sent, or a local path outside local mode is no upload.
        for file in ["https://example.com/a.jpg", "attach://other", "file:///tmp/a.jpg"] {
            let value = json!({"type": "static", "photo": file}).to_string();
            assert_eq!(refusal(photo(value.as_str(), false)), "Bad Request: photo must be uploaded as a file");
        }
        assert_eq!(photo(r#"{"type": "static", "photo": "file:///tmp/a.jpg"}"#, true).unwrap(), "file:///tmp/a.jpg");
    }
}
