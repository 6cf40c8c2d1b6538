//! The world of the embedded platform: [`Platform`], the authority for people, bots, groups and
//! messages on this server. Bot API methods and the user-side API both act through it; it builds
//! messages as each participant sees them and puts updates into the right mailboxes (bots' and
//! people's). Nothing outside it invents ids, messages or updates.

use crate::internal;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use msg_core::{
    ApiError, BotRecord, BotUpdates, Change, ChatRecord, MessageRecord, NewUpdate, Owner, StorageBackend, UserRecord,
};
use msg_spec::types;
use serde_json::{Map, Value, json};
use tokio::sync::oneshot;

use msg_queue::{Mailbox, PollAbort};

use crate::PlatformConfig;
use crate::entities;
use crate::standing::{ChatDetails, Standing};

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
/// `privacy` and `join_groups` (`off` turns them off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotFlags {
    /// Privacy mode: in groups the bot sees only what is addressed to it (unless an administrator).
    pub privacy: bool,
    /// The bot may be added to groups.
    pub join_groups: bool,
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

/// A conversation: the pair of a private chat, or a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// Inserts `chat` after `from` (or first) into a stored message and its nested reply.
pub(crate) fn with_chat(stored: &Value, chat: &Value) -> Value {
    let Value::Object(fields) = stored else { return stored.clone() };
    let mut out = Map::new();
    let mut placed = false;
    for (k, v) in fields {
        if k == "reply_to_message" {
            out.insert(k.clone(), with_chat(v, chat));
        } else {
            out.insert(k.clone(), v.clone());
        }
        if k == "from" || (k == "message_id" && !fields.contains_key("from")) {
            out.insert("chat".into(), chat.clone());
            placed = true;
        }
    }
    if !placed {
        out.insert("chat".into(), chat.clone());
    }
    Value::Object(out)
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
    /// Service-message fields (`new_chat_members`, `group_chat_created`, ...).
    pub service: Option<Map<String, Value>>,
    /// Media fields (`photo`, `document`, `media_group_id`, ...); `text` and `entities` are then
    /// the caption.
    pub media: Option<Map<String, Value>>,
    /// The forum topic (`message_thread_id`) it is posted in; `Some(0)` opens a new topic whose
    /// id is this message's own.
    pub thread: Option<i64>,
    /// A channel the sender posts as (in a group), instead of themselves.
    pub sender_chat: Option<i64>,
}

pub(crate) struct Directory {
    users: HashMap<i64, UserRecord>,
    pub(crate) chats: HashMap<i64, ChatRecord>,
    pub(crate) members: HashMap<i64, BTreeMap<i64, Standing>>,
    last_message_id: HashMap<String, i64>,
}

/// The embedded platform.
pub struct Platform {
    pub storage: Arc<dyn StorageBackend>,
    directory: tokio::sync::OnceCell<Mutex<Directory>>,
    user_mailboxes: tokio::sync::Mutex<HashMap<i64, Arc<Mailbox>>>,
    /// Where bots' updates go (the server's queues).
    pub(crate) updates: Arc<dyn BotUpdates>,
    /// Bot identities by id, each trusted for [`BOT_CACHE_TTL`].
    bots: std::sync::RwLock<HashMap<i64, (Arc<BotRecord>, Instant)>>,
    /// Bots' operator settings by id, each trusted for [`BOT_CACHE_TTL`].
    flags: std::sync::RwLock<HashMap<i64, (BotFlags, Instant)>>,
    /// Bots already announced in the log (found at start or since): a bot directory copied into
    /// the working directory of a running server is announced when first used.
    pub(crate) announced: Mutex<HashSet<i64>>,
    pub config: PlatformConfig,
    /// Open callback queries: the bot that may answer, and where its answer goes.
    callbacks: Mutex<HashMap<String, (i64, oneshot::Sender<Value>)>>,
    pub local: bool,
    /// Where uploads in flight and fetched files wait (the server's temp dir).
    pub temp_dir: std::path::PathBuf,
    self_ref: std::sync::Weak<Platform>,
    /// Where files live; messages carry file ids that [`crate::files::FileStore::adopt`]
    /// rewrites for each recipient.
    pub files: Arc<crate::files::FileStore>,
}

impl Platform {
    pub fn new(config: PlatformConfig, storage: Arc<dyn StorageBackend>, updates: Arc<dyn BotUpdates>) -> Arc<Self> {
        let files = Arc::new(crate::files::FileStore::new(
            config.dir.clone(),
            storage.clone(),
            config.local,
            config.outbound.clone(),
        ));
        Arc::new_cyclic(|self_ref| Self {
            files,
            storage,
            directory: tokio::sync::OnceCell::new(),
            user_mailboxes: tokio::sync::Mutex::default(),
            updates,
            bots: std::sync::RwLock::default(),
            flags: std::sync::RwLock::default(),
            announced: Mutex::default(),
            callbacks: Mutex::default(),
            local: config.local,
            temp_dir: config.temp_dir.clone(),
            config,
            self_ref: self_ref.clone(),
        })
    }

    /// This platform as an `Arc` (it always lives in one).
    pub fn self_arc(&self) -> Arc<Platform> {
        self.self_ref.upgrade().expect("the platform is alive while used")
    }

    pub(crate) async fn directory(&self) -> Result<&Mutex<Directory>, ApiError> {
        self.directory
            .get_or_try_init(|| async {
                let state = self.storage.load_platform().await.map_err(internal)?;
                Ok(Mutex::new(Directory::from_state(state)))
            })
            .await
    }

    pub(crate) fn dir<'a>(&self, cell: &'a Mutex<Directory>) -> std::sync::MutexGuard<'a, Directory> {
        cell.lock().expect("directory lock")
    }

    /// A person by id. A person created by the CLI while the server runs is not in the
    /// directory yet: a miss reads that one person from storage (as bots are read), unless the
    /// id is a known bot's.
    pub async fn user(&self, id: i64) -> Result<Option<UserRecord>, ApiError> {
        let cell = self.directory().await?;
        if let Some(u) = self.dir(cell).users.get(&id) {
            return Ok(Some(u.clone()));
        }
        if self.bots.read().expect("bot cache").contains_key(&id) {
            return Ok(None);
        }
        let Some(loaded) = self.storage.load_user(id).await.map_err(internal)? else { return Ok(None) };
        Ok(Some(self.dir(cell).users.entry(id).or_insert(loaded).clone()))
    }

    /// Creates a person (used by `user create`).
    pub async fn create_user(&self, user: UserRecord) -> Result<(), ApiError> {
        self.storage.apply(vec![Change::PutUser(user.clone())]).await.map_err(internal)?;
        let cell = self.directory().await?;
        self.dir(cell).users.insert(user.id, user);
        Ok(())
    }

    // ---------------------------------------------------------------- people's mailboxes

    pub async fn user_mailbox(&self, user_id: i64) -> Result<Arc<Mailbox>, ApiError> {
        let mut boxes = self.user_mailboxes.lock().await;
        if let Some(m) = boxes.get(&user_id) {
            return Ok(m.clone());
        }
        let updates = self.storage.load_user_updates(user_id).await.map_err(internal)?;
        let m = Mailbox::new(Owner::User(user_id), updates, 1);
        boxes.insert(user_id, m.clone());
        Ok(m)
    }

    /// Ends every person's long poll (server draining).
    pub async fn abort_user_polls(&self) {
        for m in self.user_mailboxes.lock().await.values() {
            m.abort_polls(PollAbort::Closing);
        }
    }

    // ---------------------------------------------------------------- chats

    /// Resolves a `chat_id` parameter into a conversation `actor` takes part in.
    pub async fn resolve_chat(&self, actor: &Actor, chat_id: &str) -> Result<Conversation, ApiError> {
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
            let cell = self.directory().await?;
            let dir = self.dir(cell);
            let Some(chat) = dir.chats.get(&id) else {
                return Err(ApiError::bad_request("chat not found"));
            };
            if chat.details.contains("\"migrated_to\"")
                && let Some(to) = ChatDetails::parse(&chat.details).migrated_to
            {
                let mut upgraded = ApiError::bad_request("group chat was upgraded to a supergroup chat");
                upgraded.migrate_to_chat_id = Some(to);
                return Err(upgraded);
            }
            let standing = dir.members.get(&id).and_then(|m| m.get(&actor.id())).cloned().map(|s| s.at(now()));
            let standing = standing.unwrap_or_else(Standing::left);
            if !standing.present() {
                let kind = &dir.chats[&id].kind;
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
                if self.blocked(id, actor.id()).await? {
                    return Err(ApiError::forbidden("bot was blocked by the user"));
                }
                let conversation = Conversation::private(actor.id(), id);
                let cell = self.directory().await?;
                if !self.dir(cell).last_message_id.contains_key(&conversation.key()) {
                    return Err(ApiError::forbidden("bot can't initiate conversation with a user"));
                }
                Ok(conversation)
            }
            Actor::User(_) => {
                if self.bot_record(id).await?.is_none() {
                    return Err(ApiError::bad_request("chat not found"));
                }
                if self.blocked(actor.id(), id).await? {
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

    /// The bot with this id, from the cache or storage (revoked or not).
    pub async fn bot(&self, id: i64) -> Result<Option<Arc<BotRecord>>, msg_core::StorageError> {
        if let Some((bot, at)) = self.bots.read().expect("bot cache").get(&id)
            && at.elapsed() < BOT_CACHE_TTL
        {
            return Ok(Some(bot.clone()));
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
            Some(bot) => cache.insert(id, (bot.clone(), Instant::now())),
            None => cache.remove(&id),
        };
        Ok(loaded)
    }

    /// The operator's settings of a bot (`bot set`), trusted for [`BOT_CACHE_TTL`].
    pub async fn bot_flags(&self, bot_id: i64) -> Result<BotFlags, ApiError> {
        if let Some((flags, at)) = self.flags.read().expect("flags cache").get(&bot_id)
            && at.elapsed() < BOT_CACHE_TTL
        {
            return Ok(*flags);
        }
        let off = |v: Option<String>| v.is_some_and(|v| v == "off");
        let flags = BotFlags {
            privacy: !off(self.storage.load_bot_setting(bot_id, "privacy").await.map_err(internal)?),
            join_groups: !off(self.storage.load_bot_setting(bot_id, "join_groups").await.map_err(internal)?),
        };
        self.flags.write().expect("flags cache").insert(bot_id, (flags, Instant::now()));
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
                let cell = self.directory().await?;
                let dir = self.dir(cell);
                let chat = dir.chats.get(&id).ok_or_else(|| ApiError::bad_request("chat not found"))?;
                let forum = chat.details.contains("\"is_forum\"") && ChatDetails::parse(&chat.details).is_forum;
                Ok(types::Chat {
                    id: chat.id,
                    r#type: chat.kind.clone(),
                    title: Some(chat.title.clone()),
                    is_forum: forum.then_some(true),
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
        let cell = self.directory().await?;
        Ok(self.dir(cell).chats.get(&id).is_some_and(|c| c.kind == "channel"))
    }

    /// Present members of a conversation.
    pub(crate) async fn participants(&self, conversation: Conversation) -> Result<Vec<i64>, ApiError> {
        Ok(match conversation {
            Conversation::Private(a, b) => vec![a, b],
            Conversation::Group(id) => {
                let cell = self.directory().await?;
                let dir = self.dir(cell);
                dir.members
                    .get(&id)
                    .map(|m| m.iter().filter(|(_, s)| s.present_at(now())).map(|(u, _)| *u).collect())
                    .unwrap_or_default()
            }
        })
    }

    // ---------------------------------------------------------------- messages

    /// A stored message (without `chat`).
    pub async fn load_message(&self, conversation: Conversation, message_id: i64) -> Result<Option<Value>, ApiError> {
        let stored = self.storage.load_message(&conversation.key(), message_id).await.map_err(internal)?;
        Ok(stored.and_then(|s| serde_json::from_str(&s).ok()))
    }

    /// Posts a new message from `actor` into `conversation`; returns it as the sender sees it.
    pub async fn post(&self, actor: &Actor, conversation: Conversation, content: Content) -> Result<Value, ApiError> {
        let mut content = content;
        if content.service.is_none() {
            let field = content.media.as_ref().and_then(|m| m.keys().find(|k| !k.starts_with("media_group")).cloned());
            self.may_send(actor, conversation, field.as_deref().unwrap_or("text")).await?;
            content.thread = self.thread_for(actor, conversation, content.thread.unwrap_or(0)).await?;
            if let Some(channel) = content.sender_chat {
                self.may_send_as(actor, conversation, channel).await?;
            }
        }
        let cell = self.directory().await?;
        let mut stored = Map::new();
        let message_id = {
            let mut dir = self.dir(cell);
            let counter = dir.last_message_id.entry(conversation.key()).or_insert(0);
            *counter += 1;
            *counter
        };
        let thread = match content.thread {
            Some(0) => Some(message_id),
            other => other,
        };
        stored.insert("message_id".into(), message_id.into());
        if let Some(thread) = thread {
            stored.insert("message_thread_id".into(), thread.into());
        }
        // A channel's posts come from the channel itself; a post in a group on behalf of a
        // channel carries the channel and, for older clients, the platform's placeholder user.
        if self.is_channel(conversation).await? {
            stored.insert("sender_chat".into(), self.chat_json(conversation, actor.id()).await?);
        } else if let Some(channel) = content.sender_chat {
            stored.insert("from".into(), typed(&channel_bot()));
            stored.insert("sender_chat".into(), self.chat_json(Conversation::Group(channel), actor.id()).await?);
        } else {
            stored.insert("from".into(), actor.json());
        }
        stored.insert("date".into(), now().into());
        if thread.is_some() {
            stored.insert("is_topic_message".into(), true.into());
        }
        if let Some(reply_to) = content.reply_to {
            match self.load_message(conversation, reply_to).await? {
                Some(original) => {
                    stored.insert("reply_to_message".into(), original);
                }
                None if content.allow_without_reply => {}
                None => return Err(ApiError::bad_request("message to be replied not found")),
            }
        }
        let entities = match content.entities {
            Some(Value::Array(entities)) => Some(Value::Array(self.mentions(entities).await?)),
            other => other,
        };
        if let Some(service) = content.service {
            stored.extend(service);
        } else if let Some(media) = content.media {
            stored.extend(media);
            put_caption(&mut stored, content.text, entities);
        } else {
            stored.insert("text".into(), content.text.clone().into());
            if let Some(entities) = entities.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
                stored.insert("entities".into(), entities);
            }
        }
        if content.protect {
            stored.insert("has_protected_content".into(), true.into());
        }
        // Inline keyboards belong to the message; reply keyboards (and their removal, and
        // force_reply) are shown to the people in the chat only, as on the public platform.
        let mut keyboard = None;
        match content.reply_markup {
            Some(markup) if markup.get("inline_keyboard").is_some() => {
                stored.insert("reply_markup".into(), markup);
            }
            other => keyboard = other,
        }
        let stored = Value::Object(stored);
        let record = MessageRecord { conversation: conversation.key(), message_id, payload: stored.to_string() };
        let changes = vec![Change::PutMessage(record)];
        self.deliver(actor.id(), conversation, &stored, keyboard.as_ref(), "message", changes).await?;
        let chat = self.chat_json(conversation, actor.id()).await?;
        Ok(with_chat(&stored, &chat))
    }

    /// Entities that name a user (`text_mention`, and `text_link`s to `tg://user?id=`) become
    /// `text_mention`s with the user's `User` object when the platform knows that person or bot;
    /// otherwise they are dropped (as the platform drops mentions of unknown users).
    async fn mentions(&self, entities: Vec<Value>) -> Result<Vec<Value>, ApiError> {
        let mut out = Vec::with_capacity(entities.len());
        for mut entity in entities {
            let user_id = match entity["type"].as_str() {
                Some("text_mention") => entity["user"]["id"].as_i64(),
                Some("text_link") => entity["url"].as_str().and_then(entities::mentioned_user),
                _ => {
                    out.push(entity);
                    continue;
                }
            };
            match user_id {
                Some(id) => {
                    if let Some(user) = self.participant(id).await? {
                        let fields = entity.as_object_mut().expect("entities are objects");
                        fields.remove("url");
                        fields.insert("type".into(), "text_mention".into());
                        fields.insert("user".into(), typed(&user));
                        out.push(entity);
                    }
                }
                None => out.push(entity),
            }
        }
        Ok(out)
    }

    /// A message `actor` sent, loaded for editing.
    async fn own_message(&self, actor: &Actor, conversation: Conversation, message_id: i64) -> Result<Value, ApiError> {
        let stored = self
            .load_message(conversation, message_id)
            .await?
            .ok_or_else(|| ApiError::bad_request("message to edit not found"))?;
        // A channel's posts carry no author: its posting administrators may edit them.
        let allowed = match conversation {
            Conversation::Group(id) if stored.get("from").is_none() && self.is_channel(conversation).await? => {
                let standing = self.standing(id, actor.id()).await?;
                standing.may(|r| r.can_edit_messages.unwrap_or(false) || r.can_post_messages.unwrap_or(false))
            }
            _ => stored["from"]["id"].as_i64() == Some(actor.id()),
        };
        if !allowed {
            return Err(ApiError::bad_request("message can't be edited"));
        }
        Ok(stored)
    }

    /// Stores an edited message, sends `edited_message` to the others and returns it as the
    /// editor sees it.
    async fn publish_edit(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        stored: Value,
    ) -> Result<Value, ApiError> {
        let record = MessageRecord { conversation: conversation.key(), message_id, payload: stored.to_string() };
        let changes = vec![Change::PutMessage(record)];
        self.deliver(actor.id(), conversation, &stored, None, "edited_message", changes).await?;
        let chat = self.chat_json(conversation, actor.id()).await?;
        Ok(with_chat(&stored, &chat))
    }

    /// Edits a message's text (only its sender may); returns it as the editor sees it.
    pub async fn edit_text(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        text: String,
        entities: Option<Value>,
        reply_markup: Option<Value>,
    ) -> Result<Value, ApiError> {
        let mut stored = self.own_message(actor, conversation, message_id).await?;
        if stored.get("text").is_none() {
            return Err(ApiError::bad_request("there is no text in the message to edit"));
        }
        let same_markup = reply_markup.is_none() || stored.get("reply_markup") == reply_markup.as_ref();
        if stored.get("text").and_then(Value::as_str) == Some(text.as_str()) && same_markup {
            return Err(ApiError::bad_request(
                "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
            ));
        }
        let fields = stored.as_object_mut().expect("stored messages are objects");
        fields.insert("edit_date".into(), now().into());
        fields.insert("text".into(), text.into());
        match entities.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
            Some(e) => {
                fields.insert("entities".into(), e);
            }
            None => {
                fields.remove("entities");
            }
        }
        if let Some(markup) = reply_markup {
            fields.insert("reply_markup".into(), markup);
        }
        self.publish_edit(actor, conversation, message_id, stored).await
    }

    /// Replaces a message's media and caption (`content.media`, `text`, `entities`, and
    /// `reply_markup` when given; only its sender may); returns it as the editor sees it.
    pub async fn edit_media(
        &self,
        actor: &Actor,
        conversation: Conversation,
        message_id: i64,
        content: Content,
    ) -> Result<Value, ApiError> {
        let mut stored = self.own_message(actor, conversation, message_id).await?;
        let fields = stored.as_object_mut().expect("stored messages are objects");
        if !crate::files::Kind::ALL.iter().any(|k| fields.contains_key(k.field())) {
            return Err(ApiError::bad_request("there is no media in the message to edit"));
        }
        for kind in crate::files::Kind::ALL {
            fields.remove(kind.field());
        }
        fields.remove("caption");
        fields.remove("caption_entities");
        fields.insert("edit_date".into(), now().into());
        fields.extend(content.media.unwrap_or_default());
        put_caption(fields, content.text, content.entities);
        if let Some(markup) = content.reply_markup {
            fields.insert("reply_markup".into(), markup);
        }
        self.publish_edit(actor, conversation, message_id, stored).await
    }

    /// Deletes a message (its sender's own, or any in a private chat, as people may).
    pub async fn delete(&self, actor: &Actor, conversation: Conversation, message_id: i64) -> Result<(), ApiError> {
        let stored = self
            .load_message(conversation, message_id)
            .await?
            .ok_or_else(|| ApiError::bad_request("message to delete not found"))?;
        let own = stored["from"]["id"].as_i64() == Some(actor.id());
        if !own && matches!(conversation, Conversation::Group(_)) {
            return Err(ApiError::bad_request("message can't be deleted"));
        }
        self.storage
            .apply(vec![Change::DeleteMessage { conversation: conversation.key(), message_id }])
            .await
            .map_err(internal)?;
        // People in the chat see the deletion; bots get no update for it (as on the platform).
        for member in self.participants(conversation).await? {
            if member != actor.id() && self.user(member).await?.is_some() {
                let chat = self.chat_json(conversation, member).await?;
                let payload = json!({"chat": chat, "message_ids": [message_id]}).to_string();
                let mailbox = self.user_mailbox(member).await?;
                mailbox
                    .push(&self.storage, "deleted_messages", payload, 0, now() + MESSAGE_TTL, Vec::new())
                    .await
                    .map_err(internal)?;
            }
        }
        Ok(())
    }

    /// Puts an update about `stored` into every other participant's mailbox, with `extra`
    /// changes persisted in the first batch.
    async fn deliver(
        &self,
        sender: i64,
        conversation: Conversation,
        stored: &Value,
        keyboard: Option<&Value>,
        kind: &str,
        mut extra: Vec<Change>,
    ) -> Result<(), ApiError> {
        let expires = now() + MESSAGE_TTL;
        let channel = self.is_channel(conversation).await?;
        let bot_kind = match kind {
            "message" if channel => "channel_post",
            "edited_message" if channel => "edited_channel_post",
            other => other,
        };
        for member in self.participants(conversation).await? {
            if member == sender {
                continue;
            }
            let chat_key = conversation.chat_id_for(member);
            if let Some(user) = self.user(member).await? {
                let chat = self.chat_json(conversation, user.id).await?;
                let mut payload = with_chat(stored, &chat);
                if let Some(keyboard) = keyboard {
                    payload["reply_markup"] = keyboard.clone();
                }
                self.files.adopt(&mut payload, user.id, false).await?;
                let payload = payload.to_string();
                let mailbox = self.user_mailbox(user.id).await?;
                mailbox
                    .push(&self.storage, kind, payload, chat_key, expires, std::mem::take(&mut extra))
                    .await
                    .map_err(internal)?;
            } else if let Some(bot) = self.bot_record(member).await? {
                // Channel posts reach administrator bots only, all of them; in groups privacy
                // mode decides for the others.
                if let Conversation::Group(id) = conversation {
                    // Administrator bots see everything, as on the public platform.
                    let skip = if channel {
                        !self.standing(id, bot.id).await?.is_admin()
                    } else {
                        !addressed_to(stored, &bot)
                            && self.bot_flags(bot.id).await?.privacy
                            && !self.standing(id, bot.id).await?.is_admin()
                    };
                    if skip {
                        continue;
                    }
                }
                if !self.updates.accepts(&bot, bot_kind).await? {
                    continue;
                }
                let chat = self.chat_json(conversation, bot.id).await?;
                let mut payload = with_chat(stored, &chat);
                self.files.adopt(&mut payload, bot.id, true).await?;
                let update = NewUpdate::new(bot_kind, payload.to_string(), chat_key, expires);
                self.updates.push(&bot, update, std::mem::take(&mut extra)).await?;
            }
        }
        if !extra.is_empty() {
            self.storage.apply(extra).await.map_err(internal)?;
        }
        Ok(())
    }

    /// A chat action (typing, ...) shown to the people in the chat.
    pub async fn chat_action(&self, actor: &Actor, conversation: Conversation, action: &str) -> Result<(), ApiError> {
        for member in self.participants(conversation).await? {
            if member != actor.id() && self.user(member).await?.is_some() {
                let chat = self.chat_json(conversation, member).await?;
                let payload = json!({"chat": chat, "from": actor.json(), "action": action}).to_string();
                let mailbox = self.user_mailbox(member).await?;
                mailbox
                    .push(&self.storage, "chat_action", payload, 0, now() + 5, Vec::new())
                    .await
                    .map_err(internal)?;
            }
        }
        Ok(())
    }

    // ---------------------------------------------------------------- callback queries

    /// A person presses an inline button; waits up to `wait` for the bot's answer.
    pub async fn press_button(
        &self,
        user: &UserRecord,
        conversation: Conversation,
        message_id: i64,
        data: &str,
        wait: Duration,
    ) -> Result<Value, ApiError> {
        let stored = self
            .load_message(conversation, message_id)
            .await?
            .ok_or_else(|| ApiError::bad_request("message not found"))?;
        let buttons = stored["reply_markup"]["inline_keyboard"].as_array().cloned().unwrap_or_default();
        let pressed = buttons
            .iter()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .any(|b| b["callback_data"] == data);
        if !pressed {
            return Err(ApiError::bad_request("the message has no button with this callback_data"));
        }
        let bot_id = stored["from"]["id"].as_i64().unwrap_or_default();
        let bot = self.bot_record(bot_id).await?.ok_or_else(|| ApiError::bad_request("bot not found"))?;
        let query_id = format!("{}", rand::random::<u64>() >> 1);
        let chat = self.chat_json(conversation, bot.id).await?;
        let chat_instance = format!(
            "{}",
            (conversation.key().bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64))) >> 1
        );
        let message: types::Message = serde_json::from_value(with_chat(&stored, &chat)).map_err(|e| {
            tracing::error!("message {message_id} is not a Bot API Message: {e}");
            ApiError::internal("failed to build the update")
        })?;
        let query = types::CallbackQuery {
            id: query_id.clone(),
            from: Box::new(person(user)),
            message: Some(Box::new(types::MaybeInaccessibleMessage::Message(message))),
            chat_instance,
            data: Some(data.to_owned()),
            ..Default::default()
        };
        let payload = typed(&query).to_string();
        let (tx, rx) = oneshot::channel();
        self.callbacks.lock().expect("callbacks").insert(query_id.clone(), (bot.id, tx));
        if self.updates.accepts(&bot, "callback_query").await? {
            let chat_key = conversation.chat_id_for(bot.id);
            let update = NewUpdate::new("callback_query", payload, chat_key, now() + CALLBACK_TTL);
            self.updates.push(&bot, update, Vec::new()).await?;
        }
        let answer = tokio::time::timeout(wait, rx).await;
        self.callbacks.lock().expect("callbacks").remove(&query_id);
        Ok(match answer {
            Ok(Ok(answer)) => json!({"callback_query_id": query_id, "answered": true, "answer": answer}),
            _ => json!({"callback_query_id": query_id, "answered": false}),
        })
    }

    /// `bot_id` answers a callback query; only the bot the query was sent to may.
    pub fn answer_callback(&self, bot_id: i64, query_id: &str, answer: Value) -> Result<(), ApiError> {
        let mut open = self.callbacks.lock().expect("callbacks");
        match open.get(query_id) {
            Some((owner, _)) if *owner == bot_id => {
                let (_, tx) = open.remove(query_id).expect("present");
                let _ = tx.send(answer);
                Ok(())
            }
            _ => Err(ApiError::bad_request("query is too old and response timeout expired or query ID is invalid")),
        }
    }
}

/// A media message's caption and its entities (none when empty).
fn put_caption(fields: &mut Map<String, Value>, caption: String, entities: Option<Value>) {
    if caption.is_empty() {
        return;
    }
    fields.insert("caption".into(), caption.into());
    if let Some(entities) = entities.filter(|e| e.as_array().is_some_and(|a| !a.is_empty())) {
        fields.insert("caption_entities".into(), entities);
    }
}

/// Privacy mode: in groups a bot sees commands (its own or unaddressed), mentions of it, replies
/// to its messages and service messages about members.
fn addressed_to(stored: &Value, bot: &BotRecord) -> bool {
    if stored.get("text").is_none() {
        return true;
    }
    if stored["reply_to_message"]["from"]["id"].as_i64() == Some(bot.id) {
        return true;
    }
    let text = stored["text"].as_str().unwrap_or_default();
    let mention = format!("@{}", bot.username).to_ascii_lowercase();
    stored["entities"].as_array().into_iter().flatten().any(|e| {
        let (offset, length) = (e["offset"].as_u64().unwrap_or(0) as usize, e["length"].as_u64().unwrap_or(0) as usize);
        let units: Vec<u16> = text.encode_utf16().collect();
        let piece =
            String::from_utf16_lossy(units.get(offset..offset + length).unwrap_or_default()).to_ascii_lowercase();
        match e["type"].as_str() {
            Some("bot_command") => piece.split_once('@').is_none_or(|(_, to)| format!("@{to}") == mention),
            Some("mention") => piece == mention,
            _ => false,
        }
    })
}

impl Directory {
    fn from_state(state: msg_core::PlatformState) -> Self {
        let mut members: HashMap<i64, BTreeMap<i64, Standing>> = HashMap::new();
        for record in &state.members {
            members.entry(record.chat_id).or_default().insert(record.user_id, Standing::from_record(record));
        }
        Self {
            users: state.users.into_iter().map(|u| (u.id, u)).collect(),
            chats: state.chats.into_iter().map(|c| (c.id, c)).collect(),
            members,
            last_message_id: state.last_message_ids.into_iter().collect(),
        }
    }
}
