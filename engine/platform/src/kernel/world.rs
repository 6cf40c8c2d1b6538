//! The world of the embedded platform: [`Platform`], the authority for people, bots, groups and
//! messages on this server, and its directory (people, bots, chats and who stands where), the
//! conversations a `chat_id` names, and the objects (`User`, `Chat`) participants see. Bot API
//! methods and the user-side API both act through it. Its other parts live beside it:
//! `posting.rs` (messages and their fan-out), `groups.rs`, `forums.rs`, `invites.rs`,
//! `callbacks.rs`. Nothing outside the platform invents ids, messages or updates.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use msg_core::{ApiError, BotRecord, BotUpdates, Owner, StorageBackend, UserRecord};
use msg_spec::types;
use serde_json::Value;

use msg_queue::{Mailbox, PollAbort};

use crate::PlatformConfig;
use crate::internal;
use crate::kernel::directory::LegacySplit;
use crate::kernel::rows::put_person;
use crate::kernel::standing::{ChatDetails, PersonDetails, Standing};

/// How long a message update may wait for delivery (the reference's 86400 s after the event).
pub const MESSAGE_TTL: i64 = 86_400;
/// How long a callback query may wait (the reference's 150 s).
pub const CALLBACK_TTL: i64 = 150;
/// How long a cached bot identity is trusted before it is read again (so `bot revoke` run
/// against a live server takes effect quickly).
const BOT_CACHE_TTL: Duration = Duration::from_secs(2);

pub fn now() -> i64 {
    msg_core::storage::now_unix()
}

/// What the operator decides for a bot (`msg-bot-api bot set`), kept as the bot's own settings
/// `privacy` and `join_groups` (`off` turns them off), `inline`, `inline_feedback`,
/// `join_request_queries`, `manage_bots`, `guest_queries`, `business`, `inline_location`,
/// `topics`, `user_topics` and `topic_sidebar` (`on` turns them on); since Bot API 10.5 the bot
/// sets them too (`setMySettings`), with `callback_query_mode` and `inline_feedback_share`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotFlags {
    /// Privacy mode: in groups the bot sees only what is addressed to it (unless an administrator).
    pub privacy: bool,
    /// The bot may be added to groups.
    pub join_groups: bool,
    /// Inline mode: people may send it inline queries.
    pub inline: bool,
    /// The bot gets `chosen_inline_result` when a person picks one of its results.
    pub inline_feedback: bool,
    /// The bot may be a supergroup's guard bot, deciding its join requests (Bot API 10.1).
    pub join_request_queries: bool,
    /// People may create bots this bot manages (Bot API 9.6).
    pub manage_bots: bool,
    /// A mention summons the bot in groups it is not a member of (Bot API 10.0's guest mode).
    pub guest_queries: bool,
    /// People may connect the bot to their business accounts (Bot API 7.2's business mode).
    pub business: bool,
    /// Inline queries carry the person's location (Bot API 10.5's `needs_inline_query_location`).
    pub inline_location: bool,
    /// Forum topic mode in private chats with the bot (`has_topics_enabled`).
    pub topics: bool,
    /// People may create and delete topics in their private chat with the bot.
    pub user_topics: bool,
    /// The topics are listed in a sidebar (`has_topic_sidebar`; only while `topics` is on).
    pub topic_sidebar: bool,
    /// How callback queries from the bot's own messages reach it (Bot API 10.5).
    pub callback_mode: CallbackMode,
    /// The bot is told of one in this many chosen inline results (while `inline_feedback`).
    pub feedback_share: u32,
    /// Its widgets follow the test environment's rules: any chat, forwardable unless protected
    /// (the operator's; Bot API 10.4's production rule is private chats, always protected).
    pub widgets_anywhere: bool,
}

/// `setMySettings`' `callback_query_mode`: whether a callback query from a button of a message
/// the bot sent carries the message (`Default`), its `inline_message_id` when the message is
/// inaccessible to the bot (`Auto`; the platform keeps every message a bot sent accessible, so
/// as `Default`), or always its `inline_message_id` (`Inline`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CallbackMode {
    #[default]
    Default,
    Auto,
    Inline,
}

impl CallbackMode {
    /// The mode named `name` on the wire.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "default" => Some(Self::Default),
            "auto" => Some(Self::Auto),
            "inline" => Some(Self::Inline),
            _ => None,
        }
    }
}

/// Who acts.
#[derive(Debug, Clone)]
pub enum Actor {
    User(UserRecord),
    Bot(Arc<BotRecord>),
}

impl Actor {
    pub fn id(&self) -> i64 {
        match self {
            Actor::User(u) => u.id,
            Actor::Bot(b) => b.id,
        }
    }

    /// The actor as a `User`.
    pub fn user(&self) -> types::User {
        match self {
            Actor::User(u) => person(u),
            Actor::Bot(b) => bot_user(b),
        }
    }

    /// The `User` object of the actor, as JSON.
    pub fn json(&self) -> Value {
        typed(&self.user())
    }
}

/// A person as a `User`.
pub fn person(u: &UserRecord) -> types::User {
    types::User {
        id: u.id,
        is_bot: false,
        first_name: u.first_name.clone(),
        last_name: u.last_name.clone(),
        username: u.username.clone(),
        language_code: u.language_code.clone(),
        // Premium a bot gave (`giftPremiumSubscription`) until its period ends.
        is_premium: (u.details.contains("\"premium_until\"") && PersonDetails::parse(&u.details).premium_until > now())
            .then_some(true),
        ..types::User::default()
    }
}

/// A bot as a `User`.
pub fn bot_user(b: &BotRecord) -> types::User {
    types::User {
        id: b.id,
        is_bot: true,
        first_name: b.first_name.clone(),
        username: Some(b.username.clone()),
        ..types::User::default()
    }
}

pub fn user_json(u: &UserRecord) -> Value {
    typed(&person(u))
}

pub fn bot_json(b: &BotRecord) -> Value {
    typed(&bot_user(b))
}

/// The user the platform puts in `from` of messages sent on behalf of a channel.
pub fn channel_bot() -> types::User {
    types::User {
        id: 136_817_688,
        is_bot: true,
        first_name: "Channel".into(),
        username: Some("Channel_Bot".into()),
        ..types::User::default()
    }
}

/// A value of a generated Bot API type as JSON (it declares every field it can carry).
pub(crate) fn typed(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("generated types serialize")
}

/// A private chat as its viewer sees the other side, `other`.
fn private_chat(other: types::User) -> types::Chat {
    types::Chat {
        id: other.id,
        r#type: "private".into(),
        first_name: Some(other.first_name),
        last_name: other.last_name,
        username: other.username,
        ..types::Chat::default()
    }
}

/// What a call needs of the chat it names (the reference's `AccessRights`, as far as the
/// platform tells them apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// getChat and a bot's own getChatMember. (The reference also reads the source of a
    /// forward so; the platform does not, as it cannot tell which messages of a basic group a
    /// removed bot saw.)
    Read,
    /// Everything else.
    Write,
}

/// A conversation: the pair of a private chat, or a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Conversation {
    Private(i64, i64),
    Group(i64),
}

impl Conversation {
    pub fn private(a: i64, b: i64) -> Self {
        Conversation::Private(a.min(b), a.max(b))
    }

    pub fn key(&self) -> String {
        match self {
            Conversation::Private(a, b) => format!("p{a}:{b}"),
            Conversation::Group(id) => format!("g{id}"),
        }
    }

    /// The conversation a [`Conversation::key`] names.
    pub fn from_key(key: &str) -> Option<Self> {
        if let Some(pair) = key.strip_prefix('p') {
            let (a, b) = pair.split_once(':')?;
            return Some(Conversation::Private(a.parse().ok()?, b.parse().ok()?));
        }
        key.strip_prefix('g')?.parse().ok().map(Conversation::Group)
    }

    /// The key of a row a domain keeps beside message `message_id` here (`<conversation>/<id>`:
    /// an invoice's terms, paid media, a game, a widget).
    pub fn message_row(&self, message_id: i64) -> String {
        format!("{}{message_id}", self.message_rows())
    }

    /// The key of such a row before its message has an id: a row carried in the message's own
    /// batch (`Content::attached`), whose key the id completes into [`Conversation::message_row`].
    pub fn message_rows(&self) -> String {
        format!("{}/", self.key())
    }

    /// The `chat_instance` of queries from messages here (callback and widget queries): a
    /// stable number of the conversation that names no chat.
    pub fn chat_instance(&self) -> String {
        format!("{}", (self.key().bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))) >> 1)
    }

    /// The `inline_message_id` of message `message_id` here (a message sent via a bot).
    pub fn inline_id(&self, message_id: i64) -> String {
        use base64::Engine as _;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("{}|{message_id}", self.key()))
    }

    /// The conversation and message an `inline_message_id` names.
    pub fn from_inline_id(id: &str) -> Option<(Self, i64)> {
        use base64::Engine as _;
        let raw = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(id).ok()?;
        let (key, message_id) = std::str::from_utf8(&raw).ok()?.split_once('|')?;
        Some((Self::from_key(key)?, message_id.parse().ok()?))
    }

    /// The chat id `viewer` uses for this conversation.
    pub fn chat_id_for(&self, viewer: i64) -> i64 {
        match *self {
            Conversation::Private(a, b) => {
                if a == viewer {
                    b
                } else {
                    a
                }
            }
            Conversation::Group(id) => id,
        }
    }
}

/// What a new message carries besides its sender and chat.
#[derive(Debug, Clone, Default)]
pub struct Content {
    pub text: String,
    pub entities: Option<Value>,
    pub reply_markup: Option<Value>,
    pub reply_to: Option<i64>,
    /// Send without the reply when `reply_to` is gone (`allow_sending_without_reply`).
    pub allow_without_reply: bool,
    /// `protect_content`: the message carries `has_protected_content`.
    pub protect: bool,
    /// The message's own fields besides its text: a file, a place, a poll, a service
    /// message's event, an album (`media_group_id`), what the send options add
    /// (`link_preview_options`, `effect_id`, `show_caption_above_media`). With media,
    /// `text` and `entities` are the caption. The envelope (id, sender, date, chat, the reply)
    /// is `post`'s.
    pub body: types::Message,
    /// The forum topic (`message_thread_id`) it is posted in; `Some(0)` opens a new topic whose
    /// id is this message's own.
    pub thread: Option<i64>,
    /// A channel the sender posts as (in a group), instead of themselves.
    pub sender_chat: Option<i64>,
    /// The chat of the message replied to, when another (`reply_parameters.chat_id`).
    pub reply_chat: Option<String>,
    /// The part of the replied message quoted.
    pub quote: Option<Quote>,
    /// Domains' rows stored in the message's own batch, each row's key followed by the
    /// message's id (an invoice's terms), so the message and its rows exist together or not.
    pub attached: Vec<msg_core::Record>,
    /// Other changes stored in the message's own batch, as given (a payment's balances).
    pub also: Vec<msg_core::Change>,
    /// The business bot sending it on the person's behalf (`business_connection_id`).
    pub on_behalf: Option<OnBehalf>,
    /// Sent to one receiver only (`ephemeral_message_parameters`).
    pub ephemeral: Option<Ephemeral>,
    /// The incoming ephemeral message it replies to (`reply_parameters.ephemeral_message_id`).
    pub reply_ephemeral: Option<i64>,
}

/// An ephemeral message's parameters (Bot API 10.2-10.3's `EphemeralMessageParameters`): the one
/// person who sees it, and the callback query that led to it.
#[derive(Debug, Clone, Default)]
pub struct Ephemeral {
    pub receiver: i64,
    pub callback_query_id: Option<String>,
    /// Shown in place of the callback query's message (the receiver's app shows it there).
    pub replace: bool,
}

/// A business bot sending on behalf of the person whose account it manages.
#[derive(Debug, Clone)]
pub struct OnBehalf {
    pub bot: Arc<BotRecord>,
    /// The connection's id, which the bot's view of the message carries.
    pub connection_id: String,
}

/// Who sends a bot's message, and where: the bot itself, or the person whose business account
/// it manages (`business_connection_id`), in the person's private chat with `chat_id`.
pub(crate) struct Sending {
    pub actor: Actor,
    pub conversation: Conversation,
    pub on_behalf: Option<OnBehalf>,
}

/// What the business domain tells the kernel (see `Domain::business`).
pub(crate) struct BusinessHooks {
    /// The person whose account bot `bot` manages through connection `id`, when it may reply
    /// on their behalf (`business connection not found`, `BOT_ACCESS_FORBIDDEN`, ... otherwise).
    pub sender: for<'a> fn(&'a Platform, &'a BotRecord, &'a str) -> Hooked<'a, UserRecord>,
    /// The bot managing person `user_id`'s account now, and the connection's id.
    pub observer: for<'a> fn(&'a Platform, i64) -> Hooked<'a, Observer>,
}

/// How a rich message is read (one domain's): `rich_message` as given, made into the message it
/// becomes with its files stored as `actor`'s (uploads from `params`; with `stored_only`, as in
/// an inline result, only files stored before may be named).
pub(crate) type RichReader =
    for<'a> fn(&'a Platform, &'a Actor, &'a msg_core::Params, &'a str, bool) -> Hooked<'a, types::RichMessage>;

/// The business bot that sees a person's private chats, and its connection's id.
pub(crate) type Observer = Option<(Arc<BotRecord>, String)>;

impl Content {
    /// A message of `body` alone (a service message's event, a file, a place, ...).
    pub fn of(body: types::Message) -> Self {
        Content { body, ..Content::default() }
    }
}

/// A quote of the message replied to (`reply_parameters.quote`).
#[derive(Debug, Clone, Default)]
pub struct Quote {
    pub text: String,
    pub entities: Option<Value>,
    pub position: i64,
}

// ------------------------------------------------------------ what the kernel asks of domains

/// A hook's answer, later (the hooks that look at storage).
pub(crate) type Hooked<'a, T> = Pin<Box<dyn Future<Output = Result<T, ApiError>> + Send + 'a>>;

/// A message about to be posted (not a service message), as the rules about who may post what
/// where see it.
pub(crate) struct PostDraft<'a> {
    pub actor: &'a Actor,
    pub conversation: Conversation,
    pub message: &'a types::Message,
    /// The forum topic asked for (0: none).
    pub thread: i64,
    /// The chat it is sent on behalf of, if any.
    pub sender_chat: Option<i64>,
    /// The keyboard it comes with, as sent (a reply keyboard's buttons are rules' business too).
    pub reply_markup: Option<&'a Value>,
}

/// A rule about who may post what where: an error refuses the post (in the platform's words);
/// `Some(thread)` is the forum topic the post goes to.
pub(crate) type PostRule = for<'a> fn(&'a Platform, &'a PostDraft<'a>) -> Hooked<'a, Option<i64>>;

/// How a viewer sees a domain's part of a message (paid media locked until bought, a shared
/// widget's public data as its bot last set it), changing `message` in place.
pub(crate) type ViewRule = for<'a> fn(&'a Platform, Conversation, &'a mut types::Message, i64) -> Hooked<'a, ()>;

/// A domain's [`ViewRule`] and the messages it concerns (a cheap test, so a message no rule
/// concerns is written at once, as stored).
pub(crate) struct MessageView {
    pub concerns: fn(&types::Message) -> bool,
    pub rule: ViewRule,
}

/// What a person is shown of a domain's part of a message beyond, or instead of, what a bot is
/// (a poll's settings, its counts hidden until it closes), on the message as JSON once
/// [`ViewRule`]s have run. Called for people only.
pub(crate) type ShownRule = for<'a> fn(&'a Platform, &'a types::Message, &'a mut Value) -> Hooked<'a, ()>;

/// A domain's [`ShownRule`] and the messages it concerns (a cheap test, so a message no rule
/// concerns is written for a person at once, without a `Value` in between).
pub(crate) struct PersonView {
    pub concerns: fn(&types::Message) -> bool,
    pub rule: ShownRule,
}

/// A kind of inline query result a domain brings (games' `game`): what picking one posts in a
/// conversation via the bot (its content, its keyboard, the rows that ride with it; the `via_bot`
/// is inline's).
pub(crate) struct InlineResultKind {
    /// The result's `type`.
    pub result_type: &'static str,
    /// What picking `result` posts in the conversation, given the result's inline keyboard (if
    /// it has one).
    pub post: for<'a> fn(&'a Platform, &'a BotRecord, &'a Value, Option<Value>, Conversation) -> Hooked<'a, Content>,
}

/// What a domain adds to a group's `getChat` (`ChatFullInfo`) as `viewer` sees it (a community's
/// chat its `community`), changing it in place.
pub(crate) type ChatInfoRule = for<'a> fn(&'a Platform, i64, i64, &'a mut types::ChatFullInfo) -> Hooked<'a, ()>;

/// Whether a `custom_emoji_id` names a sticker a domain keeps (apps draw the emoji from it).
pub(crate) type EmojiCheck = for<'a> fn(&'a Platform, &'a str) -> Hooked<'a, bool>;

/// What the kernel asks of the domains while it serves, gathered once from the list of domains
/// when the platform is built.
pub(crate) struct Hooks {
    /// `Domain::content_kinds`, in the domains' order.
    pub kinds: Vec<&'static crate::kernel::stored::ContentKind>,
    /// `Domain::post_rules`.
    pub post_rules: Vec<PostRule>,
    /// `Domain::custom_emoji`.
    pub emoji_checks: Vec<EmojiCheck>,
    /// `Domain::view`.
    pub views: Vec<&'static MessageView>,
    /// `Domain::shown`.
    pub shown: Vec<&'static PersonView>,
    /// `Domain::inline_results`.
    pub inline_results: Vec<&'static InlineResultKind>,
    /// `Domain::business`.
    pub business: Option<&'static BusinessHooks>,
    /// `Domain::chat_info`.
    pub chat_info: Vec<ChatInfoRule>,
    /// `Domain::rich_messages`.
    pub rich: Option<RichReader>,
}

/// An open query as the platform keeps it (see `queries.rs`): the bot that may answer, where
/// the answer goes, and when it was opened (by the process's clock: this is memory
/// housekeeping, not the platform's time).
pub(crate) struct OpenEntry {
    pub bot_id: i64,
    pub answer: tokio::sync::oneshot::Sender<Value>,
    pub opened: std::time::Instant,
}

/// The embedded platform.
pub struct Platform {
    pub storage: Arc<dyn StorageBackend>,
    pub(super) directory: tokio::sync::OnceCell<Mutex<crate::kernel::directory::Directory>>,
    user_mailboxes: tokio::sync::Mutex<HashMap<i64, Arc<Mailbox>>>,
    /// Where bots' updates go (the server's queues).
    pub(crate) updates: Arc<dyn BotUpdates>,
    /// Bot identities by id, each trusted for [`BOT_CACHE_TTL`].
    /// (Stamped on the coarse clock: every call reads them.)
    bots: std::sync::RwLock<HashMap<i64, (Arc<BotRecord>, Duration)>>,
    /// Bots' operator settings by id, each trusted for [`BOT_CACHE_TTL`].
    flags: std::sync::RwLock<HashMap<i64, (BotFlags, Duration)>>,
    /// Each thread's own copies of `bots` and `flags` (`msg_core::front`).
    front: msg_core::front::Front,
    /// Bots already announced in the log (found at start or since): a bot directory copied into
    /// the working directory of a running server is announced when first used.
    pub(crate) announced: Mutex<HashSet<i64>>,
    pub config: PlatformConfig,
    /// Open queries a person waits on (`queries.rs`): the bot that may answer, and where its
    /// answer goes.
    pub(crate) queries: Mutex<HashMap<String, OpenEntry>>,
    /// What the kernel asks of the domains (content kinds, post rules, custom emoji, views,
    /// inline result kinds).
    hooks: Hooks,
    /// Each domain's own state (`Domain::state`), by its type: see [`Platform::state`].
    states: HashMap<std::any::TypeId, Box<dyn std::any::Any + Send + Sync>>,
    /// One lock per entity that is read, changed and written back (`serial.rs`).
    pub(crate) locks: crate::kernel::serial::Locks,
    pub local: bool,
    /// Where uploads in flight and fetched files wait (the server's temp dir).
    pub temp_dir: std::path::PathBuf,
    self_ref: std::sync::Weak<Platform>,
    /// Where files live; messages carry file ids that [`crate::kernel::file_store::FileStore::adopt`]
    /// rewrites for each recipient.
    pub files: Arc<crate::kernel::file_store::FileStore>,
    /// Splits records written before the domains kept rows, when the directory is first touched
    /// (`directory.rs`).
    pub(super) legacy: LegacySplit,
}

impl Platform {
    pub(crate) fn new(
        config: PlatformConfig,
        storage: Arc<dyn StorageBackend>,
        updates: Arc<dyn BotUpdates>,
        legacy: LegacySplit,
        states: Vec<Box<dyn std::any::Any + Send + Sync>>,
        hooks: Hooks,
    ) -> Arc<Self> {
        let files = Arc::new(crate::kernel::file_store::FileStore::new(
            config.dir.clone(),
            storage.clone(),
            config.local,
            config.outbound.clone(),
            config.object_store.clone(),
        ));
        let locks = crate::kernel::serial::Locks::of(&storage);
        Arc::new_cyclic(|self_ref| Self {
            files,
            storage,
            directory: tokio::sync::OnceCell::new(),
            user_mailboxes: tokio::sync::Mutex::default(),
            updates,
            bots: std::sync::RwLock::default(),
            flags: std::sync::RwLock::default(),
            front: msg_core::front::Front::new(),
            announced: Mutex::default(),
            queries: Mutex::default(),
            hooks,
            states: states.into_iter().map(|state| ((*state).type_id(), state)).collect(),
            locks,
            local: config.local,
            temp_dir: config.temp_dir.clone(),
            config,
            self_ref: self_ref.clone(),
            legacy,
        })
    }

    /// The state a domain keeps (its `Domain::state`, made when the platform is built), by its
    /// type: only the domain that owns the type can name it.
    pub(crate) fn state<T: std::any::Any>(&self) -> &T {
        self.states
            .get(&std::any::TypeId::of::<T>())
            .and_then(|state| state.downcast_ref())
            .expect("each domain's state is made when the platform is built")
    }

    /// A rich message read by the domain that has them (`Domain::rich_messages`; see
    /// [`RichReader`]).
    pub(crate) async fn read_rich(
        &self,
        actor: &Actor,
        params: &msg_core::Params,
        raw: &str,
        stored_only: bool,
    ) -> Result<types::RichMessage, ApiError> {
        let reader = self.hooks.rich.ok_or_else(|| ApiError::bad_request("rich messages are not supported"))?;
        reader(self, actor, params, raw, stored_only).await
    }

    /// The kind of content `message` holds (the first the domains name that it has), `None` for
    /// text.
    pub(crate) fn content_kind(&self, message: &types::Message) -> Option<&'static crate::kernel::stored::ContentKind> {
        self.hooks.kinds.iter().copied().find(|kind| (kind.present)(message))
    }

    /// Whether `draft` may be posted, by every domain's rule; the forum topic it goes to.
    pub(crate) async fn may_post(&self, draft: &PostDraft<'_>) -> Result<Option<i64>, ApiError> {
        let mut thread = None;
        for rule in &self.hooks.post_rules {
            thread = rule(self, draft).await?.or(thread);
        }
        Ok(thread)
    }

    /// `message` as `viewer` sees it, by every domain's view (paid media locked until bought).
    pub(crate) async fn view_for(
        &self,
        conversation: Conversation,
        message: &mut types::Message,
        viewer: i64,
    ) -> Result<(), ApiError> {
        for view in &self.hooks.views {
            if (view.concerns)(message) {
                (view.rule)(self, conversation, message, viewer).await?;
            }
        }
        Ok(())
    }

    /// Whether a [`MessageView`] concerns `message` (else every viewer sees it as stored).
    pub(crate) fn viewed_differently(&self, message: &types::Message) -> bool {
        self.hooks.views.iter().any(|view| (view.concerns)(message))
    }

    /// What the domains add to group `chat_id`'s `ChatFullInfo` as `viewer` sees it.
    pub(crate) async fn chat_info(
        &self,
        chat_id: i64,
        viewer: i64,
        full: &mut types::ChatFullInfo,
    ) -> Result<(), ApiError> {
        for rule in &self.hooks.chat_info {
            rule(self, chat_id, viewer, full).await?;
        }
        Ok(())
    }

    /// What a person is shown of `message` (as `value`) beyond a bot's view: every domain's
    /// [`ShownRule`].
    pub(crate) async fn shown_to_person(&self, message: &types::Message, value: &mut Value) -> Result<(), ApiError> {
        for view in &self.hooks.shown {
            if (view.concerns)(message) {
                (view.rule)(self, message, value).await?;
            }
        }
        Ok(())
    }

    /// Whether a [`PersonView`] concerns `message` (else a person sees it as a bot does).
    pub(crate) fn shown_differently(&self, message: &types::Message) -> bool {
        self.hooks.shown.iter().any(|view| (view.concerns)(message))
    }

    /// The kind of inline result of `type` a domain brings, if one does.
    pub(crate) fn inline_result_kind(&self, result_type: &str) -> Option<&'static InlineResultKind> {
        self.hooks.inline_results.iter().copied().find(|kind| kind.result_type == result_type)
    }

    /// Whether `custom_emoji_id` names a sticker some domain keeps.
    pub(crate) async fn custom_emoji_exists(&self, custom_emoji_id: &str) -> Result<bool, ApiError> {
        for check in &self.hooks.emoji_checks {
            if check(self, custom_emoji_id).await? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// This platform as an `Arc` (it always lives in one).
    pub fn self_arc(&self) -> Arc<Platform> {
        self.self_ref.upgrade().expect("the platform is alive while used")
    }

    /// A person by id (read from the storage when not cached), unless the id is a known bot's.
    pub async fn user(&self, id: i64) -> Result<Option<UserRecord>, ApiError> {
        if self.bots.read().expect("bot cache").contains_key(&id) {
            return Ok(None);
        }
        self.cached_person(id).await
    }

    /// Changes a person's details under their lock (`serial::Entity::User`): `change` sees them
    /// as stored now, and what it leaves is stored (unless it fails); returns its result.
    pub(crate) async fn update_person<T>(
        &self,
        user_id: i64,
        change: impl FnOnce(&mut PersonDetails) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        self.update_person_record(user_id, |person| {
            let mut details = PersonDetails::parse(&person.details);
            let out = change(&mut details)?;
            person.details = details.to_json();
            Ok(out)
        })
        .await
    }

    /// [`Platform::update_person`] for the person's whole record (name, username, details).
    pub(crate) async fn update_person_record<T>(
        &self,
        user_id: i64,
        change: impl FnOnce(&mut UserRecord) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let _held = self.locks.lock(crate::kernel::serial::Entity::User(user_id)).await;
        let mut person = self.user(user_id).await?.ok_or_else(|| ApiError::bad_request("user not found"))?;
        let out = change(&mut person)?;
        self.create_user(person).await?;
        Ok(out)
    }

    /// Forgets a bot's cached identity (its token was replaced: the old one stops at once).
    pub(crate) fn forget_bot(&self, bot_id: i64) {
        self.bots.write().expect("bot cache").remove(&bot_id);
        self.front.invalidate();
    }

    /// Forgets every bot's cached identity and operator settings (another server's changes
    /// may have been missed).
    pub(crate) fn forget_bots(&self) {
        self.bots.write().expect("bot cache").clear();
        self.flags.write().expect("flags cache").clear();
        self.front.invalidate();
    }

    /// Forgets a bot's cached operator settings, so a change made here is seen at once.
    pub(crate) fn forget_flags(&self, bot_id: i64) {
        self.flags.write().expect("flags cache").remove(&bot_id);
        self.front.invalidate();
    }

    /// Creates a person (used by `user create`).
    pub async fn create_user(&self, user: UserRecord) -> Result<(), ApiError> {
        self.storage.apply(vec![put_person(&user)]).await.map_err(internal)?;
        self.remember_user(user).await
    }

    // ---------------------------------------------------------------- people's mailboxes

    pub async fn user_mailbox(&self, user_id: i64) -> Result<Arc<Mailbox>, ApiError> {
        let mut boxes = self.user_mailboxes.lock().await;
        if let Some(m) = boxes.get(&user_id) {
            return Ok(m.clone());
        }
        let updates = self.storage.load_user_updates(user_id).await.map_err(internal)?;
        let next = self.storage.load_person_queue_head(user_id).await.map_err(internal)?.unwrap_or(1);
        let m = Mailbox::new(Owner::User(user_id), updates, next, self.storage.shared());
        m.expire(&self.storage, now()).await.map_err(internal)?;
        boxes.insert(user_id, m.clone());
        Ok(m)
    }

    /// Every minute, forgets the people's updates past their expiry (a message's 24 hours, a
    /// chat action's seconds): the push stream acknowledges nothing, so without a getUpdates
    /// reader this is how updates leave a person's queue. Until `stop`.
    pub(crate) async fn expire_people_updates(self: Arc<Self>, stop: tokio_util::sync::CancellationToken) {
        crate::kernel::every(Duration::from_secs(60), stop, || async {
            let mailboxes: Vec<Arc<Mailbox>> = self.user_mailboxes.lock().await.values().cloned().collect();
            for mailbox in mailboxes {
                if let Err(e) = mailbox.expire(&self.storage, now()).await {
                    tracing::warn!("expired updates of a person could not be forgotten: {e}");
                }
            }
            None
        })
        .await;
    }

    /// Wakes the readers of a person's queue (`None`: everyone's) so they read it back: another
    /// server appended to it.
    pub(crate) async fn wake_people(&self, person: Option<i64>) {
        let boxes = self.user_mailboxes.lock().await;
        match person {
            Some(id) => boxes.get(&id).into_iter().for_each(|m| m.wake()),
            None => boxes.values().for_each(|m| m.wake()),
        }
    }

    /// Ends every person's long poll (server draining).
    pub async fn abort_user_polls(&self) {
        for m in self.user_mailboxes.lock().await.values() {
            m.abort_polls(PollAbort::Closing);
        }
    }

    // ---------------------------------------------------------------- chats

    /// Resolves a `chat_id` parameter into a conversation `actor` takes part in, to write to it.
    pub async fn resolve_chat(&self, actor: &Actor, chat_id: &str) -> Result<Conversation, ApiError> {
        self.resolve_chat_for(actor, chat_id, Access::Write).await
    }

    /// [`Platform::resolve_chat`] for what a call needs of the chat (the reference's access
    /// rights): reading a bot's private chat with someone who blocked it, or a basic group it was
    /// removed from, is allowed, as the reference checks nothing more for them.
    pub async fn resolve_chat_for(
        &self,
        actor: &Actor,
        chat_id: &str,
        access: Access,
    ) -> Result<Conversation, ApiError> {
        if chat_id.is_empty() {
            return Err(ApiError::bad_request("chat_id is empty"));
        }
        if let Some(username) = chat_id.strip_prefix('@') {
            return self.resolve_username(actor, username).await;
        }
        let id = msg_spec::args::to_integer(chat_id);
        if id == 0 {
            return Err(ApiError::bad_request("chat not found"));
        }
        if id < 0 {
            let room = self.room(id, |room| {
                let chat = room.chat.clone()?;
                Some((chat, room.members.get(&actor.id()).cloned().map(|s| s.at(now()))))
            });
            let Some((chat, standing)) = room.await? else {
                return Err(ApiError::bad_request("chat not found"));
            };
            if chat.details.contains("\"migrated_to\"")
                && let Some(to) = ChatDetails::parse(&chat.details).migrated_to
            {
                let mut upgraded = ApiError::bad_request("group chat was upgraded to a supergroup chat");
                upgraded.migrate_to_chat_id = Some(to);
                return Err(upgraded);
            }
            // A channel's direct-messages chat: anyone may write to it (each person to their
            // topic), and the channel's administrators answer there; nobody is its member.
            if chat.details.contains("\"parent_chat\"") {
                let details = ChatDetails::parse(&chat.details);
                let parent = details.parent_chat.unwrap_or_default();
                let admin = self.standing(parent, actor.id()).await?.is_admin();
                return match actor {
                    _ if admin => Ok(Conversation::Group(id)),
                    Actor::Bot(_) => Err(ApiError::forbidden("bot is not a member of the supergroup chat")),
                    Actor::User(_) if details.direct_messages_off && access == Access::Write => {
                        Err(ApiError::bad_request("have no rights to send a message"))
                    }
                    Actor::User(_) => Ok(Conversation::Group(id)),
                };
            }
            // A basic group the bot was once in stays readable to it (it knows the chat); one it
            // never joined does not.
            let once_in = standing.is_some();
            let standing = standing.unwrap_or_else(Standing::left);
            let kind = &chat.kind;
            let readable = access == Access::Read && once_in && kind == "group" && matches!(actor, Actor::Bot(_));
            if !standing.present() && !readable {
                return Err(match (actor, standing.status.as_str()) {
                    (Actor::Bot(_), "kicked") => ApiError::forbidden(format!("bot was kicked from the {kind} chat")),
                    (Actor::Bot(_), _) => ApiError::forbidden(format!("bot is not a member of the {kind} chat")),
                    (Actor::User(_), _) => ApiError::forbidden(format!("you are not a member of the {kind} chat")),
                });
            }
            return Ok(Conversation::Group(id));
        }
        if id == actor.id() {
            return Err(ApiError::bad_request("chat not found"));
        }
        match actor {
            Actor::Bot(_) => {
                if self.user(id).await?.is_none() {
                    return Err(ApiError::bad_request("chat not found"));
                }
                if access == Access::Write && self.blocked(id, actor.id()).await? {
                    return Err(ApiError::forbidden("bot was blocked by the user"));
                }
                let conversation = Conversation::private(actor.id(), id);
                if !self.conversation_started(&conversation.key()).await? {
                    return Err(ApiError::forbidden("bot can't initiate conversation with a user"));
                }
                Ok(conversation)
            }
            Actor::User(_) => {
                if self.bot_record(id).await?.is_none() {
                    // People write to each other in private chats too.
                    if self.user(id).await?.is_some() {
                        return Ok(Conversation::private(actor.id(), id));
                    }
                    return Err(ApiError::bad_request("chat not found"));
                }
                // One's chat with a bot one blocked stays readable (its history, in the apps).
                if access == Access::Write && self.blocked(actor.id(), id).await? {
                    return Err(ApiError::bad_request("YOU_BLOCKED_USER"));
                }
                Ok(Conversation::private(actor.id(), id))
            }
        }
    }

    async fn resolve_username(&self, actor: &Actor, name: &str) -> Result<Conversation, ApiError> {
        if let Actor::User(_) = actor {
            let bots = self.storage.list_bots().await.map_err(internal)?;
            if let Some(b) = bots.iter().find(|b| b.username.eq_ignore_ascii_case(name) && !b.revoked) {
                return Ok(Conversation::private(actor.id(), b.id));
            }
        }
        Err(ApiError::bad_request("chat not found"))
    }

    /// Who sends bot `bot`'s message to `chat_id`, and where: on behalf of a business account
    /// when `business_connection_id` names one (the person's private chat with `chat_id`, a
    /// person, as the reference's `check_business_connection_chat_id` reads it), the bot itself
    /// otherwise.
    pub(crate) async fn sending(
        &self,
        bot: Arc<BotRecord>,
        business_connection_id: Option<&str>,
        chat_id: &str,
    ) -> Result<Sending, ApiError> {
        let Some(connection_id) = business_connection_id.filter(|b| !b.is_empty()) else {
            let actor = Actor::Bot(bot);
            let conversation = self.resolve_chat(&actor, chat_id).await?;
            return Ok(Sending { actor, conversation, on_behalf: None });
        };
        if chat_id.is_empty() {
            return Err(ApiError::bad_request("chat identifier is empty"));
        }
        let chat: i64 =
            chat_id.parse().map_err(|_| ApiError::bad_request("chat identifier must be a valid Integer"))?;
        let hooks = self.hooks.business.ok_or_else(|| ApiError::bad_request("business connection not found"))?;
        let owner = (hooks.sender)(self, &bot, connection_id).await?;
        if chat == owner.id {
            return Err(ApiError::bad_request("messages must not be sent to self"));
        }
        if chat < 0 || self.user(chat).await?.is_none() {
            return Err(ApiError::bad_request("chat must be a private chat"));
        }
        let conversation = Conversation::private(owner.id, chat);
        let on_behalf = Some(OnBehalf { bot, connection_id: connection_id.to_owned() });
        Ok(Sending { actor: Actor::User(owner), conversation, on_behalf })
    }

    /// The business bot that sees person `user_id`'s private chats, and its connection's id.
    pub(crate) async fn business_observer(&self, user_id: i64) -> Result<Observer, ApiError> {
        match self.hooks.business {
            Some(hooks) => (hooks.observer)(self, user_id).await,
            None => Ok(None),
        }
    }

    /// The bot with this id, from the cache or storage (revoked or not).
    pub async fn bot(&self, id: i64) -> Result<Option<Arc<BotRecord>>, msg_core::StorageError> {
        if let Some(bot) = self.front.get::<Arc<BotRecord>>(id, BOT_CACHE_TTL) {
            return Ok(Some(bot));
        }
        let generation = self.front.generation();
        if let Some((bot, at)) = self.bots.read().expect("bot cache").get(&id)
            && msg_core::coarse::now().saturating_sub(*at) < BOT_CACHE_TTL
        {
            // This thread's own copy (its own count) from now on.
            let copy = Arc::new(BotRecord::clone(bot));
            self.front.put(id, copy.clone(), *at, generation);
            return Ok(Some(copy));
        }
        let loaded = self.storage.load_bot(id).await?.map(Arc::new);
        if let Some(bot) = &loaded
            && self.announced.lock().expect("announced").insert(id)
        {
            tracing::info!(
                "bot @{} ({}) appeared in {} while the server runs; serving it",
                bot.username,
                bot.id,
                self.files.bot_dir(bot.id).display()
            );
        }
        let mut cache = self.bots.write().expect("bot cache");
        match &loaded {
            Some(bot) => cache.insert(id, (bot.clone(), msg_core::coarse::now())),
            None => cache.remove(&id),
        };
        Ok(loaded)
    }

    /// A bot's new name (setMyName in the default language): its record stored, and the name
    /// seen at once (getMe, the `from` of what it sends).
    pub(crate) async fn rename_bot(&self, bot: &BotRecord, first_name: &str) -> Result<(), ApiError> {
        // The stored record as it is now (not the cached one): an operator's revoke or a new
        // token since is kept.
        let Some(mut record) = self.storage.load_bot(bot.id).await.map_err(internal)? else { return Ok(()) };
        record.first_name = first_name.to_owned();
        self.storage.save_bot(&record).await.map_err(internal)?;
        self.bots.write().expect("bot cache").insert(record.id, (Arc::new(record), msg_core::coarse::now()));
        self.front.invalidate();
        Ok(())
    }

    /// The operator's settings of a bot (`bot set`), trusted for [`BOT_CACHE_TTL`].
    pub async fn bot_flags(&self, bot_id: i64) -> Result<BotFlags, ApiError> {
        if let Some(flags) = self.front.get::<BotFlags>(bot_id, BOT_CACHE_TTL) {
            return Ok(flags);
        }
        let generation = self.front.generation();
        if let Some((flags, at)) = self.flags.read().expect("flags cache").get(&bot_id)
            && msg_core::coarse::now().saturating_sub(*at) < BOT_CACHE_TTL
        {
            self.front.put(bot_id, *flags, *at, generation);
            return Ok(*flags);
        }
        let off = |v: Option<String>| v.is_some_and(|v| v == "off");
        let on = |v: Option<String>| v.is_some_and(|v| v == "on");
        let setting = |key: &'static str| self.storage.load_bot_setting(bot_id, key);
        let flags = BotFlags {
            privacy: !off(setting("privacy").await.map_err(internal)?),
            join_groups: !off(setting("join_groups").await.map_err(internal)?),
            inline: on(setting("inline").await.map_err(internal)?),
            inline_feedback: on(setting("inline_feedback").await.map_err(internal)?),
            join_request_queries: on(setting("join_request_queries").await.map_err(internal)?),
            manage_bots: on(setting("manage_bots").await.map_err(internal)?),
            guest_queries: on(setting("guest_queries").await.map_err(internal)?),
            business: on(setting("business").await.map_err(internal)?),
            inline_location: on(setting("inline_location").await.map_err(internal)?),
            topics: on(setting("topics").await.map_err(internal)?),
            user_topics: on(setting("user_topics").await.map_err(internal)?),
            topic_sidebar: on(setting("topic_sidebar").await.map_err(internal)?),
            widgets_anywhere: on(setting("widgets_anywhere").await.map_err(internal)?),
            callback_mode: setting("callback_query_mode")
                .await
                .map_err(internal)?
                .and_then(|mode| CallbackMode::parse(&mode))
                .unwrap_or_default(),
            feedback_share: setting("inline_feedback_share")
                .await
                .map_err(internal)?
                .and_then(|n| n.parse().ok())
                .unwrap_or(1),
        };
        self.flags.write().expect("flags cache").insert(bot_id, (flags, msg_core::coarse::now()));
        Ok(flags)
    }

    /// How many bots the cache has seen.
    pub fn known_bot_count(&self) -> u64 {
        self.bots.read().expect("bot cache").len() as u64
    }

    /// A bot that is not revoked.
    pub(crate) async fn bot_record(&self, id: i64) -> Result<Option<Arc<BotRecord>>, ApiError> {
        Ok(self.bot(id).await.map_err(internal)?.filter(|b| !b.revoked))
    }

    /// The participant's identity as JSON (person or bot).
    pub(crate) async fn participant(&self, id: i64) -> Result<Option<types::User>, ApiError> {
        if let Some(u) = self.user(id).await? {
            return Ok(Some(person(&u)));
        }
        Ok(self.bot_record(id).await?.map(|b| bot_user(&b)))
    }

    /// The chat `viewer` sees for `conversation`.
    pub(crate) async fn chat(&self, conversation: Conversation, viewer: i64) -> Result<types::Chat, ApiError> {
        match conversation {
            Conversation::Private(..) => {
                let other = conversation.chat_id_for(viewer);
                let other = self.participant(other).await?.ok_or_else(|| ApiError::bad_request("chat not found"))?;
                Ok(private_chat(other))
            }
            Conversation::Group(id) => {
                let chat = self.room(id, |room| room.chat.clone()).await?;
                let chat = chat.ok_or_else(|| ApiError::bad_request("chat not found"))?;
                let forum = chat.details.contains("\"is_forum\"") && ChatDetails::parse(&chat.details).is_forum;
                let direct = chat.details.contains("\"parent_chat\"");
                Ok(types::Chat {
                    id: chat.id,
                    r#type: chat.kind.clone(),
                    title: Some(chat.title.clone()),
                    is_forum: forum.then_some(true),
                    is_direct_messages: direct.then_some(true),
                    ..types::Chat::default()
                })
            }
        }
    }

    /// The chat object `viewer` sees for `conversation`, as JSON.
    pub async fn chat_json(&self, conversation: Conversation, viewer: i64) -> Result<Value, ApiError> {
        Ok(typed(&self.chat(conversation, viewer).await?))
    }

    /// Whether `conversation` is a channel.
    pub(crate) async fn is_channel(&self, conversation: Conversation) -> Result<bool, ApiError> {
        let Conversation::Group(id) = conversation else { return Ok(false) };
        self.room(id, |room| room.chat.as_ref().is_some_and(|c| c.kind == "channel")).await
    }

    /// A group chat's kind (`group`, `supergroup` or `channel`), if there is such a chat.
    pub(crate) async fn chat_kind(&self, chat_id: i64) -> Result<Option<String>, ApiError> {
        self.room(chat_id, |room| room.chat.as_ref().map(|c| c.kind.clone())).await
    }

    /// Present members of a conversation.
    pub(crate) async fn participants(&self, conversation: Conversation) -> Result<Vec<i64>, ApiError> {
        Ok(match conversation {
            Conversation::Private(a, b) => vec![a, b],
            Conversation::Group(id) => {
                let at = now();
                self.room(id, |room| room.members.iter().filter(|(_, s)| s.present_at(at)).map(|(u, _)| *u).collect())
                    .await?
            }
        })
    }
}
