//! The user-side API of the embedded platform: people (or test harnesses) act at
//! `/user<user id>:<secret>/<method>` with the Bot API's conventions (same envelope, parameter
//! encodings and long-polled `getUpdates`). Its methods form a registry ([`methods`]): each has
//! its name, its parameters and result as README's table documents them, and its handler. The
//! handlers are each domain's verbs (`<domain>/user.rs`, on [`crate::kernel::user::UserCall`]);
//! the ones here read the person's own views (chats, history, members, topics, a bot's info)
//! and queue. Not here: what the platform does with them.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use msg_core::{ApiError, BotToken, Params, Reply, UserRecord};
use serde_json::{Value, json};

use crate::files::Kind;
use crate::kernel::user::{UserCall, message_id};
use crate::kernel::world::{Access, Conversation, Platform, user_json};
use crate::{chats::user as chat_verbs, inline::user as inline_verbs, messages::user as message_verbs};
use crate::{messages::editing, people::user as people_verbs, polls::methods as polls, polls::user as poll_verbs};
use msg_queue::{PollArgs, long_poll};

type UserFuture = Pin<Box<dyn Future<Output = Result<Value, ApiError>> + Send>>;
type UserHandler = Box<dyn Fn(UserCall) -> UserFuture + Send + Sync>;

/// One method of the user-side API.
pub struct UserMethod {
    pub name: &'static str,
    /// The parameters, as README's table documents them.
    pub params: &'static str,
    /// The result, as README's table documents it.
    pub result: &'static str,
    handler: UserHandler,
}

fn method<F, Fut>(name: &'static str, params: &'static str, result: &'static str, f: F) -> UserMethod
where
    F: Fn(UserCall) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Value, ApiError>> + Send + 'static,
{
    UserMethod { name, params, result, handler: Box::new(move |call| Box::pin(f(call))) }
}

/// Every user-side method, in the order of README's table.
pub fn methods() -> &'static [UserMethod] {
    static METHODS: OnceLock<Vec<UserMethod>> = OnceLock::new();
    METHODS.get_or_init(|| {
        let mut all = vec![
            method("getMe", "—", "the person as a `User`", |c: UserCall| async move { Ok(user_json(&c.user)) }),
            method(
                "sendMessage",
                "`chat_id`, `text`, `entities`/`parse_mode`, `reply_to_message_id`, `message_thread_id`, `sender_chat_id`",
                "the `Message`",
                message_verbs::send_message,
            ),
            method("editMessageText", "`chat_id`, `message_id`, `text`", "the edited `Message`", message_verbs::edit_message_text),
            method("deleteMessage", "`chat_id`, `message_id`", "`true`", message_verbs::delete_message),
            method(
                "setMessageReaction",
                "`chat_id`, `message_id`, `reaction` (up to three `ReactionType`s; empty removes)",
                "`true`; bots that asked for `message_reaction` get it (in groups, administrator bots)",
                message_verbs::set_reaction,
            ),
            method(
                "inlineQuery",
                "`chat_id` (the bot, or `@username`), `query`, `offset`, `in_chat_id` (the chat typed in: the bot's by default; the bot's `chat_type`), `timeout` (default 15 s)",
                "`{\"inline_query_id\",\"answered\",\"answer\":{\"results\",\"cache_time\",\"is_personal\",\"next_offset\",\"button\"}}` once the bot calls `answerInlineQuery`",
                inline_verbs::inline_query,
            ),
            method(
                "openWebApp",
                "`chat_id` (the bot)",
                "`{\"web_app_query_id\",\"init_data\"}`: `init_data` is the Mini App's signed `initData`; the bot answers the query once with `answerWebAppQuery`, whose result the person sends to the bot via it",
                inline_verbs::open_web_app,
            ),
            method(
                "chooseInlineResult",
                "`inline_query_id`, `result_id`, `chat_id` (where to post it)",
                "the `Message` posted `via_bot`; a bot with feedback on gets `chosen_inline_result`",
                inline_verbs::choose_inline,
            ),
            method("sendLocation", "as the Bot API's", "the `Message`", |c| message_verbs::send_fields(c, editing::location_message)),
            method("sendVenue", "as the Bot API's", "the `Message`", |c| message_verbs::send_fields(c, editing::venue_message)),
            method(
                "sendContact",
                "as the Bot API's, and `user_id` (the person's own id: they share their own contact, as a `request_contact` button does)",
                "the `Message`; the contact's `user_id` is the person's when they shared their own",
                message_verbs::send_contact,
            ),
            method("sendDice", "as the Bot API's", "the `Message` (a random value)", |c| message_verbs::send_fields(c, editing::dice_message)),
            method("sendPoll", "as the Bot API's", "the `Message` with its `Poll`", |c| message_verbs::send_fields(c, polls::poll_message)),
            method(
                "forwardMessage",
                "`chat_id`, `from_chat_id`, `message_id`",
                "the `Message` with its `forward_origin`",
                message_verbs::forward_message,
            ),
            method(
                "votePoll",
                "`chat_id`, `message_id`, `option_ids` (JSON array; empty retracts)",
                "the `Poll` as it stands",
                poll_verbs::vote_poll,
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
                "`chat_id` (the bot)",
                "`{\"user\",\"commands\",\"menu_button\",\"inline_placeholder\",\"supports_inline\"}`: what an app shows in a chat with the bot",
                get_bot_info,
            ),
            method(
                "pressButton",
                "`chat_id`, `message_id`, `callback_data`, `timeout`",
                "the bot's answer",
                inline_verbs::press_button,
            ),
            method(
                "getStickerSet",
                "`name`",
                "the `StickerSet`, its stickers with this person's file ids (to send them with `sendSticker`)",
                crate::stickers::user::get_sticker_set,
            ),
            method(
                "playGame",
                "`chat_id`, `message_id` (a game message), `timeout`",
                "the bot's answer, with the game's `url`",
                crate::games::user::play_game,
            ),
            method(
                "getPaymentForm",
                "`chat_id` and `message_id` (an invoice message) or `invoice_link`",
                "`{\"bot\",\"invoice\",\"prices\",\"exp\",\"max_tip_amount\",\"suggested_tip_amounts\",\"need_name\",\"need_phone_number\",\"need_email\",\"need_shipping_address\",\"is_flexible\",\"paid\",\"star_balance\"}`: what an app shows before paying",
                crate::payments::user::get_payment_form,
            ),
            method(
                "payInvoice",
                "`chat_id` and `message_id` (an invoice message) or `invoice_link`, `name`, `phone_number`, `email`, `shipping_address` (a `ShippingAddress` as JSON), `shipping_option_id`, `tip_amount`, `timeout` (seconds for each of the bot's answers; at most and by default 10)",
                "`{\"paid\":true,\"message\"}` (the `successful_payment` message) or `{\"paid\":false,\"stage\",\"error_message\"}`; a flexible invoice without `shipping_option_id` answers the bot's `shipping_options`",
                crate::payments::user::pay_invoice,
            ),
            method(
                "buyPaidMedia",
                "`chat_id`, `message_id` (a paid media message)",
                "`{\"paid\":true,\"message\"}` (the message with its media) or `{\"paid\":false,\"stage\":\"balance\",\"error_message\"}`",
                crate::payments::user::buy_paid_media,
            ),
            method(
                "getStarBalance",
                "—",
                "the person's Telegram Stars as a `StarAmount` (the operator grants them: `grantStars`)",
                crate::payments::user::get_star_balance,
            ),
            method("createGroup", "`title`, `member_ids`", "the group `Chat`", |c| chat_verbs::create_group(c, false)),
            method("createChannel", "`title`, `member_ids` (subscribers)", "the channel `Chat`", chat_verbs::create_channel),
            method("createSupergroup", "`title`, `member_ids`, `is_forum`", "the supergroup `Chat`", |c| {
                chat_verbs::create_group(c, true)
            }),
            method(
                "createForumTopic",
                "`chat_id`, `name`, `icon_color`, `icon_custom_emoji_id`",
                "the `ForumTopic`",
                chat_verbs::create_topic,
            ),
            method("addChatMember", "`chat_id`, `user_id`", "`true`", |c| chat_verbs::change_member(c, true)),
            method("removeChatMember", "`chat_id`, `user_id`", "`true`", |c| chat_verbs::change_member(c, false)),
            method("leaveChat", "`chat_id`", "`true`", chat_verbs::leave_chat),
            method("upgradeGroup", "`chat_id` (a basic group; its creator)", "the supergroup `Chat`", chat_verbs::upgrade),
            method("joinChat", "`invite_link`", "`true`", chat_verbs::join_chat),
            method(
                "getChatJoinRequests",
                "`chat_id` (an administrator who may invite)",
                "the pending `ChatJoinRequest`s, oldest first",
                chat_verbs::join_requests,
            ),
            method("approveChatJoinRequest", "`chat_id`, `user_id`", "`true`; the person joins", |c| {
                chat_verbs::settle_request(c, true)
            }),
            method("declineChatJoinRequest", "`chat_id`, `user_id`", "`true`", |c| chat_verbs::settle_request(c, false)),
            method(
                "createChatInviteLink",
                "`chat_id`, `name`, `expire_date`, `member_limit`, `creates_join_request`",
                "the `ChatInviteLink`",
                chat_verbs::create_invite,
            ),
            method("revokeChatInviteLink", "`chat_id`, `invite_link`", "the revoked `ChatInviteLink`", chat_verbs::revoke_invite),
            method("blockBot", "`chat_id` (the bot)", "`true`", |c| people_verbs::block(c, true)),
            method("unblockBot", "`chat_id` (the bot)", "`true`", |c| people_verbs::block(c, false)),
            method("allowEmojiStatus", "`chat_id` (the bot)", "`true`", people_verbs::allow_emoji_status),
            method("setProfilePhoto", "`photo` (a multipart part)", "`true`", |c| people_verbs::profile_photo(c, true)),
            method("deleteProfilePhoto", "—", "`true` (the newest goes)", |c| people_verbs::profile_photo(c, false)),
            method(
                "promoteChatMember",
                "`chat_id`, `user_id`, the `can_*` rights and `is_anonymous` as the Bot API's",
                "`true`",
                chat_verbs::promote,
            ),
            method("banChatMember", "`chat_id`, `user_id`, `until_date`", "`true`", chat_verbs::ban),
            method("unbanChatMember", "`chat_id`, `user_id`, `only_if_banned`", "`true`", chat_verbs::unban),
            method(
                "restrictChatMember",
                "`chat_id`, `user_id`, `permissions`, `use_independent_chat_permissions`, `until_date`",
                "`true`",
                chat_verbs::restrict,
            ),
            method(
                "setChatPermissions",
                "`chat_id`, `permissions`, `use_independent_chat_permissions`",
                "`true`",
                chat_verbs::set_permissions,
            ),
            method("setChatTitle", "`chat_id`, `title`", "`true`", chat_verbs::set_title),
            method("setChatPhoto", "`chat_id`, `photo` (a multipart part)", "`true`", chat_verbs::set_photo),
            method("deleteChatPhoto", "`chat_id`", "`true`", chat_verbs::delete_photo),
            method("setChatDescription", "`chat_id`, `description`", "`true`", chat_verbs::set_description),
            method("pinChatMessage", "`chat_id`, `message_id`", "`true`", chat_verbs::pin),
        ];
        for kind in Kind::SENDABLE {
            all.push(method(kind.send_method(), "as the Bot API's", "the `Message`", move |c: UserCall| async move {
                // A sticker by `file_id` is one of a set's, sent from the person's sticker panel.
                if kind == Kind::Sticker && crate::stickers::user::by_file_id(&c) {
                    return crate::stickers::user::send_sticker(c).await;
                }
                crate::files::methods::send_file(&c.platform, c.actor(), &c.params, kind).await
            }));
        }
        all
    })
}

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
    let mut offset = integer("offset");
    let deadline =
        tokio::time::Instant::now() + Duration::from_secs(integer("timeout").unwrap_or(0).clamp(0, 50) as u64);
    loop {
        let timeout = deadline.saturating_duration_since(tokio::time::Instant::now()).as_secs() as i64;
        let args = PollArgs::new(offset, integer("limit"), Some(timeout));
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
        offset = Some(last + 1);
    }
}

async fn get_chats(c: UserCall) -> Result<Value, ApiError> {
    c.platform.person_chats(&c.user).await
}

async fn get_history(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    let before = msg_spec::args::integer(c.params.get("before_message_id")).filter(|id| *id > 0);
    let limit = c.params.integer("limit", 50, 1, crate::views::MAX_PAGE as i64) as usize;
    let thread = msg_spec::args::integer(c.params.get("message_thread_id")).filter(|t| *t > 0);
    c.platform.history(c.user.id, conversation, before, limit, thread).await
}

async fn read_history(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    c.platform.mark_read(c.user.id, conversation, message_id(&c.params)?).await?;
    Ok(json!(true))
}

async fn get_members(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    c.platform.members(conversation, c.user.id).await
}

async fn get_topics(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat_to_read().await?;
    c.platform.topics(conversation).await
}

async fn get_bot_info(c: UserCall) -> Result<Value, ApiError> {
    let chat_id = c.params.get("chat_id").unwrap_or_default();
    let bot_id = match c.platform.resolve_chat_for(&c.actor(), chat_id, Access::Read).await? {
        conversation @ Conversation::Private(..) => conversation.chat_id_for(c.user.id),
        Conversation::Group(_) => return Err(ApiError::bad_request("BOT_INVALID")),
    };
    c.platform.bot_info(&c.user, bot_id).await
}

#[cfg(test)]
mod tests {
    use super::methods;

    #[test]
    fn readme_documents_every_user_side_method() {
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
        let start = readme.find("## People and the user-side API").expect("the section");
        let section = &readme[start..start + readme[start..].find("\n## ").unwrap_or(readme.len() - start)];
        for method in methods() {
            assert!(section.contains(&format!("`{}`", method.name)), "README's user-side table lacks {}", method.name);
        }
    }
}
