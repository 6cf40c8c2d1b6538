//! The user-side API of the embedded platform: people (or test harnesses) act at
//! `/user<user id>:<secret>/<method>` with the Bot API's conventions (same envelope, parameter
//! encodings and long-polled `getUpdates`). Its methods form a registry ([`methods`]): each has
//! its name, its parameters and result as the book's user-side table documents them, and its handler. The
//! handlers are each domain's verbs (`<domain>/user.rs`, on [`crate::kernel::user::UserCall`],
//! contributed by the domain's `Domain::user_verbs`); the ones here read the person's own views
//! (chats, history, members, topics, a bot's info) and queue. This file names no domain: it
//! lists the verbs in the book's table's order ([`ORDER`]). Not here: what the platform does with them.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use msg_core::{ApiError, BotToken, Params, Reply, UserRecord};
use serde_json::{Value, json};

use crate::kernel::user::{UserCall, message_id};
use crate::kernel::world::{Access, Conversation, Platform, user_json};
use crate::views;
use msg_queue::{PollArgs, long_poll};

pub use crate::kernel::user::UserMethod;
use crate::kernel::user::method;

/// Every user-side method, in the order of the book's user-side table ([`ORDER`]): the person's own views
/// and queue here, and each domain's verbs (its `Domain::user_verbs`).
pub fn methods() -> &'static [UserMethod] {
    static METHODS: OnceLock<Vec<UserMethod>> = OnceLock::new();
    METHODS.get_or_init(|| {
        let mut all = vec![
            method(
                "getMe",
                "—",
                "the person as a `User`, with their profile's `personal_chat_id` and `country_code` when set",
                get_me,
            ),
            method("getUpdates", "`offset`, `limit`, `timeout`, `allowed_updates`", "the person's updates (their own new messages, `outgoing_message`, only when `allowed_updates` names it)", get_updates),
            method(
                "getChats",
                "—",
                "`[{\"chat\",\"last_message\",\"unread_count\"}]`: the person's chats (bots they wrote to, groups and channels they are in), the most recent first",
                get_chats,
            ),
            method(
                "getChatHistory",
                "`chat_id`, `before_message_id` (exclusive; the newest without it), `limit` (1-100, default 50), `message_thread_id`",
                "the `Message`s of that page as the person sees them, oldest first (fewer than `limit`: no older ones)",
                get_history,
            ),
            method(
                "readChatHistory",
                "`chat_id`, `message_id`",
                "`true`; `getChats` counts as unread only others' messages after it",
                read_history,
            ),
            method(
                "getChatMembers",
                "`chat_id`",
                "the present members as `ChatMember`s, the creator and administrators first",
                get_members,
            ),
            method("getForumTopics", "`chat_id` (a forum)", "the `ForumTopic`s", get_topics),
            method(
                "getBotInfo",
                "`chat_id` (the bot), `in_chat_id` (a group the person is in: its commands there, `is_ephemeral` ones too)",
                "`{\"user\",\"commands\",\"menu_button\",\"inline_placeholder\",\"supports_inline\"}`: what an app shows in a chat with the bot",
                get_bot_info,
            ),
        ];
        all.extend(crate::DOMAINS.iter().flat_map(|d| d.user_verbs()));
        all.sort_by_key(|m| ORDER.iter().position(|name| *name == m.name).unwrap_or(usize::MAX));
        all
    })
}

/// The order of the book's user-side table of the user-side methods (`methods --user` prints it).
const ORDER: &[&str] = &[
    "getMe",
    "sendMessage",
    "editMessageText",
    "deleteMessage",
    "markChecklistTasksAsDone",
    "addChecklistTasks",
    "setMessageReaction",
    "stopMessageGeneration",
    "inlineQuery",
    "openWebApp",
    "chooseInlineResult",
    "sendLocation",
    "sendVenue",
    "sendContact",
    "sendDice",
    "sendPoll",
    "forwardMessage",
    "votePoll",
    "addPollOption",
    "deletePollOption",
    "getUpdates",
    "getChats",
    "getChatHistory",
    "readChatHistory",
    "getChatMembers",
    "getForumTopics",
    "getBotInfo",
    "createManagedBot",
    "usePreparedKeyboardButton",
    "shareUsers",
    "shareChat",
    "pressButton",
    "getStickerSet",
    "playGame",
    "sendWidgetQuery",
    "getWidgetData",
    "getPaymentForm",
    "payInvoice",
    "buyPaidMedia",
    "getStarBalance",
    "getStarSubscriptions",
    "editStarSubscription",
    "getAvailableGifts",
    "getGifts",
    "sendGift",
    "connectBusinessBot",
    "disconnectBusinessBot",
    "getBusinessConnection",
    "getStories",
    "getVerification",
    "getPassportDataErrors",
    "createGroup",
    "createChannel",
    "setChatDirectMessagesGroup",
    "getDirectMessagesChat",
    "approveSuggestedPost",
    "declineSuggestedPost",
    "createCommunity",
    "addCommunityChat",
    "removeCommunityChat",
    "getCommunity",
    "getCommunities",
    "joinCommunityChat",
    "createSupergroup",
    "createForumTopic",
    "addChatMember",
    "removeChatMember",
    "leaveChat",
    "upgradeGroup",
    "joinChat",
    "getChatJoinRequests",
    "approveChatJoinRequest",
    "declineChatJoinRequest",
    "getGuardBotWebAppUrl",
    "setChatGuardBot",
    "createChatInviteLink",
    "revokeChatInviteLink",
    "blockBot",
    "unblockBot",
    "allowEmojiStatus",
    "setPersonalChat",
    "setCountryCode",
    "setProfilePhoto",
    "deleteProfilePhoto",
    "promoteChatMember",
    "banChatMember",
    "unbanChatMember",
    "restrictChatMember",
    "setChatPermissions",
    "setChatTitle",
    "setChatPhoto",
    "deleteChatPhoto",
    "setChatDescription",
    "pinChatMessage",
    "sendPhoto",
    "sendAudio",
    "sendDocument",
    "sendVideo",
    "sendAnimation",
    "sendVoice",
    "sendVideoNote",
    "sendSticker",
    "sendLivePhoto",
];

pub(crate) async fn authenticate(platform: &Platform, token: &str) -> Result<UserRecord, ApiError> {
    let token = BotToken::parse(token)?;
    let user = platform.user(token.bot_id()).await?;
    match user {
        Some(u) if msg_core::same_secret(u.secret.expose(), token.secret()) => Ok(u),
        _ => Err(ApiError::unauthorized()),
    }
}

/// Runs the user-side method `method` for the person `token` names.
pub(crate) async fn request(
    platform: Arc<Platform>,
    token: &str,
    method: &str,
    params: Params,
    serving: bool,
) -> Result<Reply, ApiError> {
    let user = authenticate(&platform, token).await?;
    let entry =
        methods().iter().find(|m| m.name.eq_ignore_ascii_case(method)).ok_or_else(ApiError::method_not_found)?;
    (entry.handler)(UserCall { platform, user, params, serving }).await.map(Reply::from)
}

/// The kinds a person's getUpdates leaves out unless `allowed_updates` names them: their own
/// messages, which the push stream carries to their other tabs.
const ASKED_FOR_ONLY: &[&str] = &["outgoing_message"];

async fn get_updates(c: UserCall) -> Result<Value, ApiError> {
    let mailbox = c.platform.user_mailbox(c.user.id).await?;
    let integer = |name| msg_spec::args::integer(c.params.get(name));
    let allowed: Vec<String> = c.params.json::<Vec<String>>("allowed_updates").and_then(Result::ok).unwrap_or_default();
    let left_out: Vec<&str> = ASKED_FOR_ONLY.iter().copied().filter(|k| !allowed.iter().any(|a| a == k)).collect();
    // The reference's defaults and clamps once; each round waits what is left of the timeout.
    let mut args = PollArgs::new(integer("offset"), integer("limit"), integer("timeout"));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(args.timeout as u64);
    loop {
        args.timeout = deadline.saturating_duration_since(tokio::time::Instant::now()).as_secs() as i64;
        let (updates, _) = long_poll(&mailbox, &c.platform.storage, args, false, c.serving).await?;
        let updates: Vec<Value> =
            serde_json::from_str(&updates).map_err(|e| ApiError::internal(format!("updates are not JSON: {e}")))?;
        let Some(last) = updates.last().and_then(|u| u["update_id"].as_i64()) else { return Ok(json!([])) };
        let kept: Vec<Value> =
            updates.into_iter().filter(|u| !left_out.iter().any(|kind| u.get(*kind).is_some())).collect();
        // Only left-out kinds: taken as read, and the poll goes on for the rest of its time
        // (each round takes at least one update, so it ends).
        if !kept.is_empty() {
            return Ok(Value::Array(kept));
        }
        args.offset = last + 1;
    }
}

async fn get_chats(c: UserCall) -> Result<Value, ApiError> {
    views::person_chats(&c.platform, &c.user).await
}

async fn get_history(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    let before = msg_spec::args::integer(c.params.get("before_message_id")).filter(|id| *id > 0);
    let limit = c.params.integer("limit", 50, 1, crate::views::MAX_PAGE as i64) as usize;
    let thread = msg_spec::args::integer(c.params.get("message_thread_id")).filter(|t| *t > 0);
    views::history(&c.platform, c.user.id, conversation, before, limit, thread).await
}

async fn read_history(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    views::mark_read(&c.platform, c.user.id, conversation, message_id(&c.params)?).await?;
    Ok(json!(true))
}

async fn get_members(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    views::members(&c.platform, conversation, c.user.id).await
}

async fn get_topics(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    views::topics(&c.platform, conversation).await
}

async fn get_bot_info(c: UserCall) -> Result<Value, ApiError> {
    let chat_id = c.params.get("chat_id").unwrap_or_default();
    let bot_id = match c.platform.resolve_chat_for(&c.actor(), chat_id, Access::Read).await? {
        conversation @ Conversation::Private(..) => conversation.chat_id_for(c.user.id),
        Conversation::Group(_) => return Err(ApiError::bad_request("BOT_INVALID")),
    };
    // Its commands as a group the person is in shows them (`in_chat_id`), else a private chat.
    let group = match c.params.get("in_chat_id").filter(|v| !v.is_empty()) {
        Some(chat) => match c.platform.resolve_chat_for(&c.actor(), chat, Access::Read).await? {
            Conversation::Group(id) => Some(id),
            Conversation::Private(..) => None,
        },
        None => None,
    };
    views::bot_info(&c.platform, &c.user, bot_id, group).await
}

/// The person as a `User`, with what their profile adds (`setPersonalChat`, `setCountryCode`).
async fn get_me(c: UserCall) -> Result<Value, ApiError> {
    let mut me = user_json(&c.user);
    let details = crate::kernel::standing::PersonDetails::parse(&c.user.details);
    if let Some(channel) = details.personal_chat {
        me["personal_chat_id"] = channel.into();
    }
    if let Some(country) = details.country_code {
        me["country_code"] = country.into();
    }
    Ok(me)
}

#[cfg(test)]
mod tests {
    use super::{ORDER, methods};

    #[test]
    fn every_verb_has_its_place_in_the_order_once() {
        let listed: Vec<&str> = methods().iter().map(|m| m.name).collect();
        let mut ordered = ORDER.to_vec();
        assert_eq!(listed, ordered, "each verb once, in ORDER's order (a new verb needs its place there)");
        ordered.sort_unstable();
        ordered.dedup();
        assert_eq!(ordered.len(), ORDER.len(), "a name twice in ORDER");
    }

    #[test]
    fn the_book_documents_every_user_side_method() {
        let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/src/developers/user-api.md");
        let section = std::fs::read_to_string(page).unwrap();
        assert!(section.starts_with("# People and the user-side API"), "the book's user-side page");
        for method in methods() {
            assert!(
                section.contains(&format!("`{}`", method.name)),
                "the book's user-side table lacks {}",
                method.name
            );
        }
    }
}
