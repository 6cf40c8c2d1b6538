//! The embedded platform: the authority for people, bots, chats and messages on this server, so
//! bots can be developed and tested offline, end to end. Its kernel ([`kernel`]: the world model,
//! [`world`], and what every domain shares), its domains (one folder each, listed in `DOMAINS`,
//! with the Bot API methods that act on them, registered under `builtin`), the files its
//! messages carry ([`files`]), text formatting ([`parse_mode`], [`entities`]) and the people's
//! side ([`user_api`]). The server reaches it only through [`msg_core::PlatformService`] and builds it
//! through [`msg_core::PlatformBuilder`] ([`Builder`]): a connector to a real network or a relay
//! to an upstream Bot API server would take its place without touching the server.
#![forbid(unsafe_code)]

mod business;
mod chats;
mod communities;
pub mod entities;
pub mod files;
pub mod games;
mod gifts;
mod inline;
pub mod kernel;
pub mod limits;
mod managed;
mod messages;
pub mod operator;
pub mod parse_mode;
mod passport;
pub mod payments;
mod people;
mod polls;
mod rich;
mod stickers;
mod stories;
mod suggested;
mod upgrade;
pub mod user_api;
mod verification;
mod views;
mod widgets;

pub use kernel::world;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use msg_core::method::Late;
use msg_core::{
    ApiError, BotRecord, BotUpdates, Change, Params, PlatformBuilder, PlatformService, Registrar, Reply,
    StorageBackend, StorageError,
};
use tokio_util::sync::CancellationToken;

use crate::kernel::domain::Domain;

pub use world::Platform;

/// What the platform needs to know, validated by the supervisor's configuration.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PlatformConfig {
    /// Absolute working directory: bots' directories and the content store.
    pub dir: PathBuf,
    /// Absolute temp directory for files fetched by URL.
    pub temp_dir: PathBuf,
    /// Local mode: absolute file paths, 2000 MB uploads, `file://`, any outbound address.
    pub local: bool,
    /// Where uploads by URL may be fetched from.
    pub outbound: msg_outbound::OutboundPolicy,
    /// Files unused for this long are removed (see [`files::retention`]); `None` keeps them.
    pub file_retention: Option<Duration>,
    /// Messages older than this are forgotten (see [`messages::history`]); `None` keeps them.
    pub message_retention: Option<Duration>,
    /// The object store content is kept in (`--files s3://bucket/prefix`); `None`: the
    /// working directory only.
    pub object_store: Option<Arc<kernel::file_store::remote::Remote>>,
}

impl PlatformConfig {
    pub fn new(dir: PathBuf, temp_dir: PathBuf, local: bool, outbound: msg_outbound::OutboundPolicy) -> Self {
        Self { dir, temp_dir, local, outbound, file_retention: None, message_retention: None, object_store: None }
    }
}

/// Builds the platform for a server ([`PlatformBuilder`]).
pub struct Builder {
    config: PlatformConfig,
    slot: Late<Platform>,
}

impl Builder {
    pub fn new(config: PlatformConfig) -> Self {
        Self { config, slot: Late::default() }
    }
}

impl PlatformBuilder for Builder {
    fn register(&mut self, registrar: &mut Registrar) {
        register(registrar, &self.slot);
    }

    fn build(
        self: Box<Self>,
        storage: Arc<dyn StorageBackend>,
        updates: Arc<dyn BotUpdates>,
    ) -> Result<Arc<dyn PlatformService>, StorageError> {
        let states = DOMAINS.iter().filter_map(|d| d.state()).collect();
        let hooks = kernel::domain::hooks(DOMAINS);
        let platform = Platform::new(self.config, storage, updates, upgrade::split_legacy, states, hooks);
        self.slot.set(Arc::downgrade(&platform)).expect("the platform is built once");
        Ok(platform)
    }
}

/// Brings a database written by an earlier version up to the platform's rows (once; nothing
/// afterwards): the server does it when the platform is first used, the operator's commands
/// that read people (`user stars`) before they read.
pub async fn upgrade_database(storage: &dyn StorageBackend) -> Result<(), ApiError> {
    kernel::on_demand::upgrade(storage, upgrade::split_legacy).await
}

/// Whether person `user_id` exists (the operator's commands).
pub async fn person_exists(storage: &dyn StorageBackend, user_id: i64) -> Result<bool, ApiError> {
    Ok(kernel::rows::PEOPLE.get(storage, 0, &user_id.to_string()).await?.is_some())
}

/// The platform's domains, each a folder owning its state, storage, Bot API methods and tests,
/// and contributing them through its [`Domain`] value (its `domain.rs`). A new domain is a folder,
/// its `mod` line above, and one line here.
const DOMAINS: &[&dyn Domain] = &[
    &people::domain::People,
    &messages::domain::Messages,
    &files::domain::Files,
    &polls::domain::Polls,
    &chats::domain::Chats,
    &inline::domain::Inline,
    &payments::domain::Payments,
    &stickers::domain::Stickers,
    &games::domain::Games,
    &managed::domain::ManagedBots,
    &verification::domain::Verification,
    &passport::domain::Passport,
    &gifts::domain::Gifts,
    &business::domain::Business,
    &stories::domain::Stories,
    &suggested::domain::SuggestedPosts,
    &communities::domain::Communities,
    &rich::domain::RichMessages,
    &widgets::domain::Widgets,
];

/// Every domain's Bot API methods, under the plugin name `builtin`, through the same door
/// plugins use.
fn register(registrar: &mut Registrar, slot: &Late<Platform>) {
    register_domains(DOMAINS, registrar, slot);
}

/// The Bot API methods of `domains`, each refusing what needs a feature the platform does not
/// have yet ([`kernel::not_yet`]), and the methods of those features, answering why.
fn register_domains(domains: &[&dyn Domain], registrar: &mut Registrar, slot: &Late<Platform>) {
    let mut own = Registrar::new();
    for domain in domains {
        domain.methods(&mut own, slot);
    }
    let registry = own.freeze().expect("the platform's methods never clash");
    for name in registry.method_names() {
        let entry = registry.method(name).expect("a listed method");
        registrar.method(&entry.name, kernel::not_yet::guarded(&entry.name, entry.handler.clone()));
    }
    for missing in kernel::not_yet::MISSING {
        for name in missing.methods {
            registrar.method(name, kernel::not_yet::unavailable(missing));
        }
    }
}

/// The methods of the Bot API features the platform does not have yet, with each feature's
/// error (`methods` reports them as unavailable).
pub fn unavailable_methods() -> Vec<(&'static str, String)> {
    kernel::not_yet::MISSING
        .iter()
        .flat_map(|m| m.methods.iter().map(move |name| (*name, kernel::not_yet::error(m).description.into_owned())))
        .collect()
}

/// The names of the platform's Bot API methods, as registered (for the coverage report).
pub fn method_names() -> Vec<String> {
    let mut registrar = Registrar::new();
    register(&mut registrar, &Late::default());
    let registry = registrar.freeze().expect("the platform's methods never clash");
    registry.method_names().into_iter().map(str::to_owned).collect()
}

/// The user-side API's methods as (name, parameters, result), in the order the book documents them.
pub fn user_methods() -> Vec<(&'static str, &'static str, &'static str)> {
    user_api::methods().iter().map(|m| (m.name, m.params, m.result)).collect()
}

/// A storage failure as the generic 500 (logged).
pub(crate) fn internal(e: StorageError) -> ApiError {
    e.into_api_error()
}

#[async_trait::async_trait]
impl PlatformService for Platform {
    async fn bot(&self, bot_id: i64) -> Result<Option<Arc<BotRecord>>, StorageError> {
        Platform::bot(self, bot_id).await
    }

    fn known_bot_count(&self) -> u64 {
        Platform::known_bot_count(self)
    }

    async fn user_request(&self, token: &str, method: &str, params: Params, serving: bool) -> Result<Reply, ApiError> {
        user_api::request(self.self_arc(), token, method, params, serving).await
    }

    async fn abort_polls(&self) {
        self.abort_user_polls().await;
    }

    fn start(&self, stop: CancellationToken) {
        survey(self);
        tokio::spawn(self.self_arc().expire_people_updates(stop.clone()));
        if self.storage.shared() {
            // Another server's update to a person's queue wakes its readers here; its change of
            // a bot drops the copy kept here.
            self.storage.watch(&Platform::watched_tables());
            // Under a storage lock, what is read of the entity comes from the storage (another
            // server may have changed it a moment ago, its notice still on the way).
            let weak = Arc::downgrade(&self.self_arc());
            let platform = weak.clone();
            self.locks.on_acquire(Box::new(move |entity| {
                if let Some(platform) = weak.upgrade() {
                    platform.forget_locked(entity);
                }
            }));
            self.storage.listen(Arc::new(move |notice| {
                let Some(platform) = platform.upgrade() else { return };
                match notice {
                    msg_core::Notice::Queue(msg_core::Owner::Bot(_)) => {}
                    msg_core::Notice::Bot(id) => {
                        platform.forget_bot(id);
                        platform.forget_flags(id);
                    }
                    msg_core::Notice::Queue(msg_core::Owner::User(id)) => {
                        tokio::spawn(async move { platform.wake_people(Some(id)).await });
                    }
                    msg_core::Notice::Row { table, scope, key } => platform.forget_row(&table, scope, &key),
                    msg_core::Notice::Everything => {
                        platform.forget_bots();
                        platform.forget_directory();
                        tokio::spawn(async move { platform.wake_people(None).await });
                    }
                }
            }));
        }
        let platform = self.self_arc();
        for domain in DOMAINS {
            let tasks = domain.tasks(&platform, &stop);
            tracing::debug!("domain {}: {} background tasks", domain.name(), tasks.len());
            for task in tasks {
                tokio::spawn(task);
            }
        }
    }

    async fn provision(&self, declared: Vec<msg_core::BotDeclaration>) -> Result<(), StorageError> {
        let settings: Vec<Change> = declared
            .iter()
            .flat_map(|d| {
                d.settings.iter().map(|(key, value)| Change::BotSetting {
                    bot_id: d.record.id,
                    key: key.clone(),
                    value: value.clone(),
                })
            })
            .collect();
        provision(self, declared.into_iter().map(|d| d.record).collect()).await?;
        self.storage.apply(settings).await
    }

    async fn file(&self, bot_id: i64, file_path: &str) -> Option<PathBuf> {
        files::lookup::resolve(&self.files.bot_dir(bot_id), file_path).await
    }

    async fn user_events(
        &self,
        token: &str,
        after: Option<i64>,
        wait: std::time::Duration,
    ) -> Result<Vec<(i64, String)>, ApiError> {
        let user = user_api::authenticate(self, token).await?;
        views::person_events(self, &user, after, wait).await
    }

    async fn user_file(&self, token: &str, file_id: &str) -> Option<(PathBuf, String)> {
        let user = user_api::authenticate(self, token).await.ok()?;
        views::person_file(self, &user, file_id).await
    }

    async fn operator_request(&self, method: &str, params: Params) -> Result<Reply, ApiError> {
        operator::operator_request(self, method, params).await
    }
}

/// Logs what the working directory holds: bots found, and directories that are not bots.
fn survey(platform: &Platform) {
    let survey = match platform.storage.survey() {
        None => return,
        Some(Ok(survey)) => survey,
        Some(Err(e)) => return tracing::warn!("cannot survey the working directory: {e}"),
    };
    let dir = &platform.config.dir;
    tracing::info!("working directory {} holds {} bot(s)", dir.display(), survey.bots.len());
    platform.announced.lock().expect("announced").extend(survey.bots.iter().copied());
    let own_temp = platform.config.temp_dir.strip_prefix(dir).ok();
    let own_temp = own_temp.and_then(|p| p.components().next()).map(|c| c.as_os_str().to_string_lossy().into_owned());
    for name in survey.strays.into_iter().filter(|n| Some(n) != own_temp.as_ref()) {
        tracing::warn!(
            "directory {} in the working directory is not a bot directory (bot directories are named by the bot's numeric user id and hold {}); it is ignored",
            name,
            survey.marker
        );
    }
}

/// Creates or updates the bots declared in the configuration: their tokens, usernames and
/// names are authoritative, so a CI pipeline gets the same token at every start.
async fn provision(platform: &Platform, declared: Vec<BotRecord>) -> Result<(), StorageError> {
    if declared.is_empty() {
        return Ok(());
    }
    let storage = &platform.storage;
    let existing: std::collections::HashMap<i64, BotRecord> =
        storage.list_bots().await?.into_iter().map(|b| (b.id, b)).collect();
    let usernames: std::collections::HashMap<String, i64> =
        existing.values().map(|b| (b.username.to_ascii_lowercase(), b.id)).collect();
    let (total, mut created, mut updated) = (declared.len(), 0, 0);
    let mut to_save = Vec::new();
    for bot in declared {
        if let Some(other) = usernames.get(&bot.username.to_ascii_lowercase()).filter(|id| **id != bot.id) {
            return Err(StorageError::Conflict(format!(
                "declared bot @{} ({}) clashes with bot {other} in {} that already has this username; rename one of them",
                bot.username,
                bot.id,
                platform.config.dir.display()
            )));
        }
        match existing.get(&bot.id) {
            Some(old)
                if old.secret.expose() == bot.secret.expose()
                    && old.username == bot.username
                    && old.first_name == bot.first_name
                    && !old.revoked => {}
            Some(old) => {
                let mut record = bot;
                record.created_at = old.created_at;
                tracing::debug!("bot @{} ({}): updated from the configuration", record.username, record.id);
                to_save.push(record);
                updated += 1;
            }
            None => {
                if platform.user(bot.id).await.ok().flatten().is_some() {
                    return Err(StorageError::Conflict(format!(
                        "declared bot @{} has id {}, which belongs to a person on this server; pick another id for its token",
                        bot.username, bot.id
                    )));
                }
                tracing::debug!("bot @{} ({}) created from the configuration", bot.username, bot.id);
                to_save.push(bot);
                created += 1;
            }
        }
    }
    storage.save_bots(&to_save).await?;
    tracing::info!("{total} bot(s) declared in the configuration: {created} created, {updated} updated");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of ARCHITECTURE.md's "Adding a domain", compiled: a domain is a type
    /// implementing `Domain` (here in a test; in the crate, `<domain>/domain.rs`) and one entry
    /// in the list; the platform registers what it brings beside the others'.
    mod greetings {
        use std::sync::Arc;

        use msg_core::method::{Late, bound};
        use msg_core::{ApiError, MethodCall, Registrar, Reply};

        use crate::Platform;
        use crate::kernel::domain::Domain;
        use crate::kernel::user::{UserMethod, method};

        pub(super) struct Greetings;

        async fn say_hello(_platform: Arc<Platform>, _call: MethodCall) -> Result<Reply, ApiError> {
            Ok(serde_json::json!("hello").into())
        }

        impl Domain for Greetings {
            fn name(&self) -> &'static str {
                "greetings"
            }

            fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
                registrar.method("sayHello", bound(slot, say_hello));
            }

            fn user_verbs(&self) -> Vec<UserMethod> {
                vec![method("waveAt", "`chat_id`", "`true`", |_c| async move { Ok(serde_json::json!(true)) })]
            }
        }
    }

    #[test]
    fn a_new_domain_is_a_type_and_one_line_in_the_list() {
        let with_it: Vec<&dyn Domain> = DOMAINS.iter().copied().chain([&greetings::Greetings as &dyn Domain]).collect();
        let mut registrar = Registrar::new();
        register_domains(&with_it, &mut registrar, &Late::default());
        let registry = registrar.freeze().expect("its methods clash with no other domain's");
        assert!(registry.method_names().contains(&"sayHello"));
        assert_eq!(registry.method_names().len(), method_names().len() + 1);
        let verbs: Vec<&str> = with_it.iter().flat_map(|d| d.user_verbs()).map(|v| v.name).collect();
        assert!(verbs.contains(&"waveAt") && verbs.contains(&"sendMessage"));
    }

    #[test]
    fn each_domain_has_a_name_of_its_own_and_its_methods_or_verbs() {
        let mut names: Vec<&str> = DOMAINS.iter().map(|d| d.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), DOMAINS.len(), "{names:?}");
        for domain in DOMAINS {
            let mut registrar = Registrar::new();
            domain.methods(&mut registrar, &Late::default());
            let registry = registrar.freeze().expect("a domain's methods never clash");
            // A domain the Bot API has no method for (communities) serves people's verbs.
            let serves = !registry.method_names().is_empty() || !domain.user_verbs().is_empty();
            assert!(serves, "{} registers no method and no people's verb", domain.name());
        }
        let mut verbs: Vec<&str> = DOMAINS.iter().flat_map(|d| d.operator_verbs()).map(|v| v.name).collect();
        let count = verbs.len();
        verbs.sort_unstable();
        verbs.dedup();
        assert_eq!(verbs.len(), count, "an operator verb named twice: {verbs:?}");
        // Each domain's state is found by its type: two of one type would hide one.
        let mut states: Vec<std::any::TypeId> =
            DOMAINS.iter().filter_map(|d| d.state()).map(|s| (*s).type_id()).collect();
        let count = states.len();
        states.sort_unstable();
        states.dedup();
        assert_eq!(states.len(), count, "two domains keep a state of one type");
    }

    #[test]
    fn the_hooks_the_kernel_calls_are_the_domains_own() {
        // Each hook the kernel calls while serving comes from the domain that owns the rule; one
        // missing would let a post skip chats' permissions or show paid media to everyone.
        let hooks = kernel::domain::hooks(DOMAINS);
        assert_eq!(
            hooks.post_rules.len(),
            3,
            "chats' rule about who may post what where, managed bots' access, the rights rich messages' media need"
        );
        assert!(hooks.rich.is_some(), "rich messages' reader (editMessageText's rich_message, inline results)");
        assert_eq!(hooks.emoji_checks.len(), 1, "stickers' custom emoji");
        assert_eq!(hooks.views.len(), 2, "files' paid media, widgets' shared public data");
        assert_eq!(hooks.shown.len(), 1, "polls' settings and hidden counts");
        let types: Vec<&str> = hooks.inline_results.iter().map(|k| k.result_type).collect();
        assert_eq!(types, ["game"], "games' inline result");
    }

    #[test]
    fn a_message_is_checked_as_its_most_particular_kind_of_content() {
        use msg_spec::types::{Document, Message};
        let kinds: Vec<&kernel::stored::ContentKind> = DOMAINS.iter().flat_map(|d| d.content_kinds()).collect();
        let kind = |m: &Message| kinds.iter().find(|k| (k.present)(m)).map(|k| k.plural);
        let file =
            || Some(Box::new(Document { file_id: "f".into(), file_unique_id: "u".into(), ..Default::default() }));
        // An animation carries a document too; the permission that counts is the animation's.
        let animation = Message { animation: Some(Box::default()), document: file(), ..Message::default() };
        assert_eq!(kind(&animation), Some("animations"));
        assert_eq!(kind(&Message { document: file(), ..Message::default() }), Some("documents"));
        let venue = Message { venue: Some(Box::default()), location: Some(Box::default()), ..Message::default() };
        assert_eq!(kind(&venue), Some("venues"));
        assert_eq!(kind(&Message { poll: Some(Box::default()), ..Message::default() }), Some("polls"));
        assert_eq!(kind(&Message { text: Some("a".into()), ..Message::default() }), None, "text");
        assert_eq!(kind(&Message { widget: Some(Box::default()), ..Message::default() }), Some("widgets"));
        assert_eq!(kinds.len(), 15, "every kind of content the platform sends");
    }
}
