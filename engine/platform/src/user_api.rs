//! The user-side API of the embedded platform: people (or test harnesses) act at
//! `/user<user id>:<secret>/<method>` with the Bot API's conventions (same envelope, parameter
//! encodings and long-polled `getUpdates`). Its methods form a registry ([`methods`]): each has
//! its name, its parameters and result as README's table documents them (the table a web console
//! will be built from), and its handler. Not here: what the platform does with them.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use msg_core::{ApiError, BotToken, Params, Reply, UserRecord};
use serde_json::{Value, json};

use crate::chats::invites::InviteTerms;
use crate::entities;
use crate::files::Kind;
use crate::kernel::world::{Access, Actor, Content, Conversation, Platform, user_json};
use crate::messages::posting::{EditedText, Keyboard};
use crate::{chats::methods as chats, messages::editing, messages::send as messages, polls::methods as polls};
use msg_queue::{PollArgs, long_poll};
use msg_spec::params;

/// What a user-side method gets: the platform, the person acting, the parameters, and whether
/// the server is serving (a draining server answers long polls at once).
struct UserCall {
    platform: Arc<Platform>,
    user: UserRecord,
    params: Params,
    serving: bool,
}

impl UserCall {
    fn actor(&self) -> Actor {
        Actor::User(self.user.clone())
    }

    /// The conversation `chat_id` names, for this person.
    async fn chat(&self) -> Result<Conversation, ApiError> {
        let chat_id = self.params.get("chat_id").unwrap_or_default();
        self.platform.resolve_chat(&self.actor(), chat_id).await
    }

    /// The conversation `chat_id` names, for this person to read (a chat with a bot they
    /// blocked stays readable).
    async fn chat_to_read(&self) -> Result<Conversation, ApiError> {
        let chat_id = self.params.get("chat_id").unwrap_or_default();
        self.platform.resolve_chat_for(&self.actor(), chat_id, Access::Read).await
    }
}

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
                send_message,
            ),
            method("editMessageText", "`chat_id`, `message_id`, `text`", "the edited `Message`", edit_message_text),
            method("deleteMessage", "`chat_id`, `message_id`", "`true`", delete_message),
            method(
                "setMessageReaction",
                "`chat_id`, `message_id`, `reaction` (up to three `ReactionType`s; empty removes)",
                "`true`; bots that asked for `message_reaction` get it (in groups, administrator bots)",
                set_reaction,
            ),
            method(
                "inlineQuery",
                "`chat_id` (the bot, or `@username`), `query`, `offset`, `in_chat_id` (the chat typed in: the bot's by default; the bot's `chat_type`), `timeout` (default 15 s)",
                "`{\"inline_query_id\",\"answered\",\"answer\":{\"results\",\"cache_time\",\"is_personal\",\"next_offset\",\"button\"}}` once the bot calls `answerInlineQuery`",
                inline_query,
            ),
            method(
                "openWebApp",
                "`chat_id` (the bot)",
                "`{\"web_app_query_id\",\"init_data\"}`: `init_data` is the Mini App's signed `initData`; the bot answers the query once with `answerWebAppQuery`, whose result the person sends to the bot via it",
                open_web_app,
            ),
            method(
                "chooseInlineResult",
                "`inline_query_id`, `result_id`, `chat_id` (where to post it)",
                "the `Message` posted `via_bot`; a bot with feedback on gets `chosen_inline_result`",
                choose_inline,
            ),
            method("sendLocation", "as the Bot API's", "the `Message`", |c| send_fields(c, editing::location_message)),
            method("sendVenue", "as the Bot API's", "the `Message`", |c| send_fields(c, editing::venue_message)),
            method(
                "sendContact",
                "as the Bot API's, and `user_id` (the person's own id: they share their own contact, as a `request_contact` button does)",
                "the `Message`; the contact's `user_id` is the person's when they shared their own",
                send_contact,
            ),
            method("sendDice", "as the Bot API's", "the `Message` (a random value)", |c| send_fields(c, editing::dice_message)),
            method("sendPoll", "as the Bot API's", "the `Message` with its `Poll`", |c| send_fields(c, polls::poll_message)),
            method(
                "forwardMessage",
                "`chat_id`, `from_chat_id`, `message_id`",
                "the `Message` with its `forward_origin`",
                forward_message,
            ),
            method(
                "votePoll",
                "`chat_id`, `message_id`, `option_ids` (JSON array; empty retracts)",
                "the `Poll` as it stands",
                vote_poll,
            ),
            method("getUpdates", "`offset`, `limit`, `timeout`", "the person's updates", get_updates),
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
                press_button,
            ),
            method("createGroup", "`title`, `member_ids`", "the group `Chat`", |c| create_group(c, false)),
            method("createChannel", "`title`, `member_ids` (subscribers)", "the channel `Chat`", create_channel),
            method("createSupergroup", "`title`, `member_ids`, `is_forum`", "the supergroup `Chat`", |c| {
                create_group(c, true)
            }),
            method(
                "createForumTopic",
                "`chat_id`, `name`, `icon_color`, `icon_custom_emoji_id`",
                "the `ForumTopic`",
                create_topic,
            ),
            method("addChatMember", "`chat_id`, `user_id`", "`true`", |c| change_member(c, true)),
            method("removeChatMember", "`chat_id`, `user_id`", "`true`", |c| change_member(c, false)),
            method("leaveChat", "`chat_id`", "`true`", leave_chat),
            method("upgradeGroup", "`chat_id` (a basic group; its creator)", "the supergroup `Chat`", upgrade),
            method("joinChat", "`invite_link`", "`true`", join_chat),
            method(
                "getChatJoinRequests",
                "`chat_id` (an administrator who may invite)",
                "the pending `ChatJoinRequest`s, oldest first",
                join_requests,
            ),
            method("approveChatJoinRequest", "`chat_id`, `user_id`", "`true`; the person joins", |c| {
                settle_request(c, true)
            }),
            method("declineChatJoinRequest", "`chat_id`, `user_id`", "`true`", |c| settle_request(c, false)),
            method(
                "createChatInviteLink",
                "`chat_id`, `name`, `expire_date`, `member_limit`, `creates_join_request`",
                "the `ChatInviteLink`",
                create_invite,
            ),
            method("revokeChatInviteLink", "`chat_id`, `invite_link`", "the revoked `ChatInviteLink`", revoke_invite),
            method("blockBot", "`chat_id` (the bot)", "`true`", |c| block(c, true)),
            method("unblockBot", "`chat_id` (the bot)", "`true`", |c| block(c, false)),
            method("allowEmojiStatus", "`chat_id` (the bot)", "`true`", allow_emoji_status),
            method("setProfilePhoto", "`photo` (a multipart part)", "`true`", |c| profile_photo(c, true)),
            method("deleteProfilePhoto", "—", "`true` (the newest goes)", |c| profile_photo(c, false)),
            method(
                "promoteChatMember",
                "`chat_id`, `user_id`, the `can_*` rights and `is_anonymous` as the Bot API's",
                "`true`",
                promote,
            ),
            method("banChatMember", "`chat_id`, `user_id`, `until_date`", "`true`", ban),
            method("unbanChatMember", "`chat_id`, `user_id`, `only_if_banned`", "`true`", unban),
            method(
                "restrictChatMember",
                "`chat_id`, `user_id`, `permissions`, `use_independent_chat_permissions`, `until_date`",
                "`true`",
                restrict,
            ),
            method(
                "setChatPermissions",
                "`chat_id`, `permissions`, `use_independent_chat_permissions`",
                "`true`",
                set_permissions,
            ),
            method("setChatTitle", "`chat_id`, `title`", "`true`", set_title),
            method("setChatPhoto", "`chat_id`, `photo` (a multipart part)", "`true`", set_photo),
            method("deleteChatPhoto", "`chat_id`", "`true`", delete_photo),
            method("setChatDescription", "`chat_id`, `description`", "`true`", set_description),
            method("pinChatMessage", "`chat_id`, `message_id`", "`true`", pin),
        ];
        for kind in Kind::SENDABLE {
            all.push(method(kind.send_method(), "as the Bot API's", "the `Message`", move |c: UserCall| async move {
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

fn message_id(p: &Params) -> Result<i64, ApiError> {
    let id = p.integer("message_id", 0, 0, i64::MAX);
    if id == 0 { Err(ApiError::bad_request("message identifier is not specified")) } else { Ok(id) }
}

fn user_ids(p: &Params, field: &str) -> Result<Vec<i64>, ApiError> {
    match p.json::<Vec<i64>>(field) {
        None => Ok(Vec::new()),
        Some(Ok(ids)) => Ok(ids),
        Some(Err(_)) => Err(ApiError::bad_request(format!("can't parse {field} JSON array of user identifiers"))),
    }
}

/// Text typed by a person: explicit entities or parse_mode, else computed (commands, mentions…).
fn typed_text(p: &Params) -> Result<(String, Option<Value>), ApiError> {
    let (text, entities) =
        messages::text_and_entities(p.get("text").unwrap_or_default(), p.get("parse_mode"), p.get("entities"))?;
    messages::non_blank(&text)?;
    let entities = entities.or_else(|| Some(Value::Array(entities::detect(&text))));
    Ok((text, entities))
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

async fn send_message(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let (text, entities) = typed_text(&c.params)?;
    let reply_to = c.params.get("reply_to_message_id").and_then(|v| v.trim().parse().ok());
    let thread = msg_spec::args::integer(c.params.get("message_thread_id")).filter(|t| *t > 0);
    let sender_chat = msg_spec::args::integer(c.params.get("sender_chat_id")).filter(|id| *id != 0);
    let content = Content { text, entities, reply_to, thread, sender_chat, ..Content::default() };
    c.platform.post(&c.actor(), conversation, content).await
}

async fn edit_message_text(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let (text, entities) = typed_text(&c.params)?;
    let text = EditedText { text, entities, preview: None };
    c.platform.edit_text(&c.actor(), conversation, message_id(&c.params)?, text, Keyboard::Keep).await
}

async fn delete_message(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.delete(&c.actor(), conversation, message_id(&c.params)?).await?;
    Ok(json!(true))
}

async fn set_reaction(c: UserCall) -> Result<Value, ApiError> {
    let reactions = crate::messages::reactions::reaction_types(c.params.get("reaction"))?;
    let conversation = c.chat().await?;
    c.platform.react(&c.actor(), conversation, message_id(&c.params)?, reactions).await?;
    Ok(json!(true))
}

async fn inline_query(c: UserCall) -> Result<Value, ApiError> {
    let bot = match c.chat().await? {
        Conversation::Private(a, b) => {
            if a == c.user.id {
                b
            } else {
                a
            }
        }
        Conversation::Group(_) => return Err(ApiError::bad_request("BOT_INVALID")),
    };
    let wait = Duration::from_secs(c.params.integer("timeout", 15, 0, 60) as u64);
    let query = c.params.get("query").unwrap_or_default();
    let offset = c.params.get("offset").unwrap_or_default();
    // The chat the person types in (the bot's own by default), as the bot learns it: `sender`
    // for one's own chat, else the chat's type.
    let chat_type = match c.params.get("in_chat_id").filter(|v| !v.is_empty()) {
        None => "private".to_owned(),
        Some(raw) if msg_spec::args::to_integer(raw.trim()) == c.user.id => "sender".to_owned(),
        Some(raw) => match c.platform.resolve_chat(&c.actor(), raw).await? {
            Conversation::Private(..) => "private".to_owned(),
            Conversation::Group(id) => c.platform.group(id).await?.kind,
        },
    };
    c.platform.inline_query(&c.user, bot, query, offset, &chat_type, wait).await
}

async fn open_web_app(c: UserCall) -> Result<Value, ApiError> {
    let bot_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    c.platform.open_web_app(&c.user, bot_id).await
}

async fn choose_inline(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let query = c.params.get("inline_query_id").unwrap_or_default();
    let result = c.params.get("result_id").unwrap_or_default();
    c.platform.choose_inline(&c.user, query, result, conversation).await
}

/// A person's send of a message whose content `build` reads from the Bot API's parameters.
async fn send_fields(
    c: UserCall,
    build: fn(&Params) -> Result<msg_spec::types::Message, ApiError>,
) -> Result<Value, ApiError> {
    let body = build(&c.params)?;
    let conversation = c.chat().await?;
    let content = Content::of(body);
    c.platform.post(&c.actor(), conversation, content).await
}

/// A contact; one's own (`user_id` naming the person, as apps share it for a `request_contact`
/// button) carries the person's `user_id`, so the bot knows whose number it is.
async fn send_contact(c: UserCall) -> Result<Value, ApiError> {
    let mut body = editing::contact_message(&c.params)?;
    let own = msg_spec::args::integer(c.params.get("user_id")) == Some(c.user.id);
    if let Some(contact) = body.contact.as_mut().filter(|_| own) {
        contact.user_id = Some(c.user.id);
    }
    let conversation = c.chat().await?;
    c.platform.post(&c.actor(), conversation, Content::of(body)).await
}

async fn forward_message(c: UserCall) -> Result<Value, ApiError> {
    let from = c.params.get("from_chat_id").unwrap_or_default();
    if from.is_empty() {
        return Err(ApiError::parameter_required("from_chat_id"));
    }
    let from = c.platform.resolve_chat(&c.actor(), from).await?;
    let to = c.chat().await?;
    c.platform.forward(&c.actor(), from, message_id(&c.params)?, to, None, Content::default()).await
}

async fn vote_poll(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let options = match c.params.json::<Vec<i64>>("option_ids") {
        Some(Ok(ids)) => ids,
        None => Vec::new(),
        Some(Err(_)) => return Err(ApiError::bad_request("can't parse option_ids JSON array")),
    };
    c.platform.vote(&c.user, conversation, message_id(&c.params)?, options).await
}

async fn get_updates(c: UserCall) -> Result<Value, ApiError> {
    let mailbox = c.platform.user_mailbox(c.user.id).await?;
    let integer = |name| msg_spec::args::integer(c.params.get(name));
    let args = PollArgs::new(integer("offset"), integer("limit"), integer("timeout"));
    long_poll(&mailbox, &c.platform.storage, args, false, c.serving).await
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

async fn press_button(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let data = c.params.required("callback_data")?;
    let wait = Duration::from_secs(c.params.integer("timeout", 15, 0, 60) as u64);
    c.platform.press_button(&c.user, conversation, message_id(&c.params)?, data, wait).await
}

async fn create_group(c: UserCall, supergroup: bool) -> Result<Value, ApiError> {
    let title = c.params.required("title")?;
    let forum = c.params.boolean("is_forum");
    c.platform.create_group(&c.user, title, &user_ids(&c.params, "member_ids")?, supergroup, forum, false).await
}

async fn create_channel(c: UserCall) -> Result<Value, ApiError> {
    let title = c.params.required("title")?;
    c.platform.create_group(&c.user, title, &user_ids(&c.params, "member_ids")?, true, false, true).await
}

/// A person's action on a group member, with the Bot API's parameters: the user id is read
/// first, then the chat, as the reference does for bots.
async fn member_action(c: &UserCall) -> Result<(Conversation, i64), ApiError> {
    let user_id =
        msg_spec::args::user_id(c.params.get("user_id"), "user_id").map_err(|e| ApiError::bad_request(e.0))?;
    Ok((c.chat().await?, user_id))
}

async fn block(c: UserCall, blocked: bool) -> Result<Value, ApiError> {
    let bot_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    c.platform.block(&c.user, bot_id, blocked).await?;
    Ok(json!(true))
}

async fn create_topic(c: UserCall) -> Result<Value, ApiError> {
    let color = msg_spec::args::integer(c.params.get("icon_color")).unwrap_or(0);
    let conversation = c.chat().await?;
    let name = c.params.get("name").unwrap_or_default();
    c.platform.create_topic(&c.actor(), conversation, name, color, c.params.get("icon_custom_emoji_id")).await
}

async fn upgrade(c: UserCall) -> Result<Value, ApiError> {
    let chat_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    c.platform.upgrade(&c.user, chat_id).await
}

async fn create_invite(c: UserCall) -> Result<Value, ApiError> {
    let p = &c.params;
    let integer = |name| msg_spec::args::integer(p.get(name));
    let terms = InviteTerms::new(
        p.get("name"),
        integer("expire_date"),
        integer("member_limit"),
        p.boolean("creates_join_request"),
    );
    let conversation = c.chat().await?;
    c.platform.create_invite(&c.actor(), conversation, terms?).await
}

async fn revoke_invite(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.change_invite(&c.actor(), conversation, c.params.get("invite_link").unwrap_or_default(), None).await
}

async fn join_chat(c: UserCall) -> Result<Value, ApiError> {
    c.platform.join_by_link(&c.user, c.params.get("invite_link").unwrap_or_default()).await?;
    Ok(json!(true))
}

async fn join_requests(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.join_requests(&c.actor(), conversation).await
}

async fn settle_request(c: UserCall, approve: bool) -> Result<Value, ApiError> {
    let (conversation, user_id) = member_action(&c).await?;
    c.platform.settle_request(&c.actor(), conversation, user_id, approve).await?;
    Ok(json!(true))
}

async fn profile_photo(c: UserCall, add: bool) -> Result<Value, ApiError> {
    let photo = if add { Some(chats::uploaded_photo(&c.platform, &c.actor(), &c.params).await?) } else { None };
    c.platform.set_profile_photo(&c.user, photo).await?;
    Ok(json!(true))
}

async fn allow_emoji_status(c: UserCall) -> Result<Value, ApiError> {
    let bot_id = msg_spec::args::to_integer(c.params.get("chat_id").unwrap_or_default());
    c.platform.allow_emoji_status(&c.user, bot_id).await?;
    Ok(json!(true))
}

async fn leave_chat(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.leave(&c.actor(), conversation).await?;
    Ok(json!(true))
}

async fn promote(c: UserCall) -> Result<Value, ApiError> {
    let p: params::PromoteChatMember = crate::kernel::methods::args(&c.params)?;
    let legacy = c.params.get("can_manage_voice_chats").is_some_and(msg_spec::args::to_bool);
    let rights = chats::rights(&p, legacy);
    let (conversation, user_id) = member_action(&c).await?;
    c.platform.promote(&c.actor(), conversation, user_id, rights).await?;
    Ok(json!(true))
}

async fn ban(c: UserCall) -> Result<Value, ApiError> {
    let (conversation, user_id) = member_action(&c).await?;
    let until = msg_spec::args::integer(c.params.get("until_date")).unwrap_or(0);
    c.platform.ban(&c.actor(), conversation, user_id, until).await?;
    Ok(json!(true))
}

async fn unban(c: UserCall) -> Result<Value, ApiError> {
    let (conversation, user_id) = member_action(&c).await?;
    let only_if_banned = c.params.boolean("only_if_banned");
    c.platform.unban(&c.actor(), conversation, user_id, only_if_banned).await?;
    Ok(json!(true))
}

async fn restrict(c: UserCall) -> Result<Value, ApiError> {
    let permissions =
        chats::permissions(c.params.get("permissions"), c.params.boolean("use_independent_chat_permissions"))?;
    let (conversation, user_id) = member_action(&c).await?;
    let until = msg_spec::args::integer(c.params.get("until_date")).unwrap_or(0);
    c.platform.restrict(&c.actor(), conversation, user_id, permissions, until).await?;
    Ok(json!(true))
}

async fn set_permissions(c: UserCall) -> Result<Value, ApiError> {
    let permissions =
        chats::permissions(c.params.get("permissions"), c.params.boolean("use_independent_chat_permissions"))?;
    let conversation = c.chat().await?;
    c.platform.set_permissions(&c.actor(), conversation, permissions).await?;
    Ok(json!(true))
}

async fn set_photo(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    let photo = chats::uploaded_photo(&c.platform, &c.actor(), &c.params).await?;
    c.platform.set_photo(&c.actor(), conversation, Some(photo)).await?;
    Ok(json!(true))
}

async fn delete_photo(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.set_photo(&c.actor(), conversation, None).await?;
    Ok(json!(true))
}

async fn set_title(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.set_title(&c.actor(), conversation, c.params.get("title").unwrap_or_default()).await?;
    Ok(json!(true))
}

async fn set_description(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.set_description(&c.actor(), conversation, c.params.get("description").unwrap_or_default()).await?;
    Ok(json!(true))
}

async fn pin(c: UserCall) -> Result<Value, ApiError> {
    let conversation = c.chat().await?;
    c.platform.pin(&c.actor(), conversation, message_id(&c.params)?, false).await?;
    Ok(json!(true))
}

async fn change_member(c: UserCall, add: bool) -> Result<Value, ApiError> {
    let Conversation::Group(chat_id) = c.chat().await? else {
        return Err(ApiError::bad_request("method is available for group chats only"));
    };
    let member = c.params.integer("user_id", 0, i64::MIN, i64::MAX);
    if add {
        c.platform.add_member(&c.actor(), chat_id, member).await?;
    } else {
        c.platform.remove_member(&c.actor(), chat_id, member).await?;
    }
    Ok(json!(true))
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
