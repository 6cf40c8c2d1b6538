//! The bot itself: `getMe` (a `BotFullInfo` since Bot API 10.5) and `setMySettings`.

use std::sync::Arc;

use msg_core::{ApiError, Change, MethodCall, Reply};
use msg_spec::{params, types};

use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::world::{CallbackMode, bot_user};
use crate::operator::switch_value;

/// `getMe`: the bot with its settings; `id` equals the token's prefix. The fields a `User`
/// carried only here before Bot API 10.5 stay where clients of earlier versions read them.
pub(crate) async fn get_me(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let flags = platform.bot_flags(bot.id).await?;
    let user = bot_user(&bot);
    // Read only where it is shown (inline mode on): getMe stays a read of cached flags.
    let placeholder = match flags.inline {
        true => platform.storage.load_bot_setting(bot.id, "inline_placeholder").await.map_err(crate::internal)?,
        false => None,
    };
    let me = types::BotFullInfo {
        id: user.id,
        is_bot: true,
        first_name: user.first_name,
        last_name: user.last_name,
        username: user.username.clone(),
        can_join_groups: flags.join_groups,
        can_read_all_group_messages: !flags.privacy,
        supports_guest_queries: flags.guest_queries,
        supports_inline_queries: flags.inline,
        can_connect_to_business: flags.business,
        has_main_web_app: false,
        has_topics_enabled: flags.topics,
        allows_users_to_create_topics: flags.topics && flags.user_topics,
        can_manage_bots: flags.manage_bots,
        supports_join_request_queries: flags.join_request_queries,
        active_usernames: user.username.into_iter().collect(),
        inline_query_placeholder: placeholder,
        needs_inline_query_location: flags.inline && flags.inline_location,
        has_topic_sidebar: flags.topics && flags.topic_sidebar,
    };
    Ok(Reply::typed(&me))
}

/// `setMySettings`' switches: parameter, stored setting, whether the parameter says the
/// opposite of the setting (`can_read_all_group_messages` is privacy mode off).
const SWITCHES: [(&str, &str, bool); 11] = [
    ("supports_inline_queries", "inline", false),
    ("needs_inline_query_location", "inline_location", false),
    ("can_join_groups", "join_groups", false),
    ("can_read_all_group_messages", "privacy", true),
    ("can_connect_to_business", "business", false),
    ("can_manage_bots", "manage_bots", false),
    ("supports_guest_queries", "guest_queries", false),
    ("supports_join_request_queries", "join_request_queries", false),
    ("has_topics_enabled", "topics", false),
    ("allows_users_to_create_topics", "user_topics", false),
    ("has_topic_sidebar", "topic_sidebar", false),
];

/// The denominators of chosen inline results' share the platform takes (TDLib's
/// `BotSettingInlineFeedbackShare`): 0 asks for none.
const FEEDBACK_SHARES: [i64; 5] = [0, 1, 10, 100, 1000];

/// The longest inline placeholder (BotFather's limit).
const MOST_PLACEHOLDER: usize = 64;

/// `setMySettings` (Bot API 10.5): the settings given change, in one commit; those not given
/// stay. The operator's switches (`msg-bot-api bot set`, the console) are the same settings.
pub(crate) async fn set_my_settings(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SetMySettings = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let given = |name: &str| call.params.get(name).is_some();
    let mut changes = Vec::new();
    let mut setting = |key: &str, value: Option<String>| {
        changes.push(Change::BotSetting { bot_id: bot.id, key: key.into(), value });
    };
    if let Some(placeholder) = p.inline_query_placeholder {
        if placeholder.chars().count() > MOST_PLACEHOLDER {
            return Err(ApiError::bad_request(format!(
                "inline_query_placeholder must be at most {MOST_PLACEHOLDER} characters"
            )));
        }
        setting("inline_placeholder", Some(placeholder.to_owned()).filter(|p| !p.is_empty()));
    }
    if let Some(mode) = p.callback_query_mode {
        let known = CallbackMode::parse(mode).ok_or_else(|| {
            ApiError::bad_request("callback_query_mode must be one of \"default\", \"auto\", \"inline\"")
        })?;
        setting("callback_query_mode", (known != CallbackMode::Default).then(|| mode.to_owned()));
    }
    if let Some(share) = p.inline_feedback_share_denominator {
        if !FEEDBACK_SHARES.contains(&share) {
            return Err(ApiError::bad_request("inline_feedback_share_denominator must be one of 0, 1, 10, 100, 1000"));
        }
        setting("inline_feedback", switch_value("inline_feedback", share > 0));
        setting("inline_feedback_share", (share > 1).then(|| share.to_string()));
    }
    // Kept as asked; the platform's delivery between bots does not depend on it (bots see one
    // another's messages in groups as they did before 10.5).
    if given("can_communicate_with_bots") {
        let on = msg_spec::args::boolean(call.params.get("can_communicate_with_bots"));
        setting("can_communicate_with_bots", Some(if on { "on" } else { "off" }.to_owned()));
    }
    for (name, key, inverted) in SWITCHES {
        if given(name) {
            let on = msg_spec::args::boolean(call.params.get(name)) != inverted;
            setting(key, switch_value(key, on));
        }
    }
    platform.storage.apply(changes).await.map_err(crate::internal)?;
    platform.forget_flags(bot.id);
    done()
}
