//! What a domain contributes to the platform, through hooks that default to nothing: its Bot API
//! methods, its background work, its verbs in the people's API and its operator verbs, its kinds of
//! content, its rules about who may post what where. Each domain is one value of a type of its own (in its
//! `domain.rs`, a leaf only `lib.rs` names), listed once in `lib.rs`'s `DOMAINS`; the kernel
//! knows the trait, never a domain.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use msg_core::method::Late;
use msg_core::{ApiError, Change, Params, PlatformState, Registrar};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::kernel::standing::PersonLists;
use crate::kernel::stored::ContentKind;
use crate::kernel::user::UserMethod;
use crate::kernel::world::{
    ChatInfoRule, EmojiCheck, Hooks, InlineResultKind, MessageView, PersonView, Platform, PostRule, RichReader,
};

/// A domain's background work: a future the platform spawns when it starts serving.
pub(crate) type Task = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// An operator verb's work (see [`OperatorVerb`]).
pub(crate) type OperatorWork = Pin<Box<dyn Future<Output = Result<Value, ApiError>> + Send + 'static>>;

/// A verb a domain adds to the operator's API (`/console/api/<method>`; the server has checked
/// the operator's key before any of it runs).
pub(crate) struct OperatorVerb {
    pub name: &'static str,
    pub run: fn(Arc<Platform>, Params) -> OperatorWork,
}

/// The hooks of `domains`, gathered for the kernel.
pub(crate) fn hooks(domains: &[&dyn Domain]) -> Hooks {
    Hooks {
        kinds: domains.iter().flat_map(|d| d.content_kinds()).collect(),
        post_rules: domains.iter().flat_map(|d| d.post_rules()).copied().collect(),
        emoji_checks: domains.iter().filter_map(|d| d.custom_emoji()).collect(),
        views: domains.iter().filter_map(|d| d.view()).collect(),
        shown: domains.iter().filter_map(|d| d.shown()).collect(),
        inline_results: domains.iter().flat_map(|d| d.inline_results()).collect(),
        business: domains.iter().find_map(|d| d.business()),
        chat_info: domains.iter().filter_map(|d| d.chat_info()).collect(),
        rich: domains.iter().find_map(|d| d.rich_messages()),
    }
}

/// A domain of the platform.
pub(crate) trait Domain: Sync {
    /// Its name, as folders and logs say it.
    fn name(&self) -> &'static str;

    /// The state it keeps beside its rows (locks, what waits in memory), made once when the
    /// platform is built and read back with [`Platform::state`] by its type.
    fn state(&self) -> Option<Box<dyn std::any::Any + Send + Sync>> {
        None
    }

    /// Its Bot API methods, in the order of the Bot API documentation, under the plugin name
    /// `builtin`, through the same door plugins use.
    fn methods(&self, _registrar: &mut Registrar, _slot: &Late<Platform>) {}

    /// Its background work (timers, sweeps, renewals), each ending when `stop` fires.
    fn tasks(&self, _platform: &Arc<Platform>, _stop: &CancellationToken) -> Vec<Task> {
        Vec::new()
    }

    /// Its verbs in the people's API (`/user<token>/<method>`), each with its documentation.
    fn user_verbs(&self) -> Vec<UserMethod> {
        Vec::new()
    }

    /// The rows its part of records written before the domains kept rows of their own becomes
    /// (`upgrade.rs` runs it once per database): of the platform's state (its chats' lists, in
    /// `state`, which it changes to match) ...
    fn split_legacy(&self, _state: &mut PlatformState) -> Vec<Change> {
        Vec::new()
    }

    /// ... and of person `user_id`'s lists.
    fn split_person(&self, _user_id: i64, _lists: &PersonLists) -> Vec<Change> {
        Vec::new()
    }

    /// The kinds of message content it brings, the more particular first (an animation is also
    /// a document, a venue also a location).
    fn content_kinds(&self) -> &'static [ContentKind] {
        &[]
    }

    /// Its rules about who may post what where (every post that is not a service message passes
    /// each; see `may_post`).
    fn post_rules(&self) -> &'static [PostRule] {
        &[]
    }

    /// How it tells a custom emoji it keeps (see `custom_emoji_exists`).
    fn custom_emoji(&self) -> Option<EmojiCheck> {
        None
    }

    /// How a viewer sees its part of a message (see [`Platform::view_for`]).
    fn view(&self) -> Option<&'static MessageView> {
        None
    }

    /// What a person is shown of its part of a message beyond a bot's view (see
    /// [`PersonView`]).
    fn shown(&self) -> Option<&'static PersonView> {
        None
    }

    /// The business accounts' side of sending and of people's private chats (one domain).
    fn business(&self) -> Option<&'static crate::kernel::world::BusinessHooks> {
        None
    }

    /// How the methods of other domains read a rich message (`editMessageText`'s
    /// `rich_message`, an inline result's): one domain's (see [`RichReader`]).
    fn rich_messages(&self) -> Option<RichReader> {
        None
    }

    /// What it adds to a group's `getChat` (see [`ChatInfoRule`]).
    fn chat_info(&self) -> Option<ChatInfoRule> {
        None
    }

    /// The kinds of inline query result it brings (see [`InlineResultKind`]).
    fn inline_results(&self) -> &'static [InlineResultKind] {
        &[]
    }

    /// Its verbs in the operator's API.
    fn operator_verbs(&self) -> &'static [OperatorVerb] {
        &[]
    }
}
