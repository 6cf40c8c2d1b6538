//! The kernel: what every domain shares. The platform's state and its lookups ([`world`]: ids,
//! the clock, people, bots, chats and who stands where, the fan-out of updates), the locks that
//! serialise writers of one entity ([`serial`]), the bounded cache of what was read on demand
//! ([`directory`], [`on_demand`]), the queries a person waits on until a bot answers
//! ([`queries`]), domains' typed records ([`records`]) and the kernel's own (people, groups,
//! standings: [`rows`]), how a message is stored ([`stored`]), the
//! helpers of every Bot API method ([`methods`]), what every user-side verb gets ([`user`]) and
//! who stands where in a chat ([`standing`]: every domain reads it), channels' direct-messages
//! chats and who sees which of their topics ([`direct`]), bots' command lists as apps read them
//! ([`commands`]), and the file store
//! ([`file_store`], with its `file_id`s: the world holds it, and every domain that carries files uses
//! it). It depends on no domain; domains depend on it.

pub(crate) mod act;
pub(crate) mod commands;
pub(crate) mod direct;
pub(crate) mod directory;
pub(crate) mod domain;
pub mod file_store;
pub mod methods;
pub mod not_yet;
pub(crate) mod on_demand;
pub(crate) mod queries;
pub(crate) mod records;
pub(crate) mod rows;
pub mod serial;
pub(crate) mod standing;
pub mod stored;
pub(crate) mod user;
pub mod web_app;
pub mod world;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

/// How often a retention sweep runs for a period: a quarter of it, between 1 s and 10 min.
pub fn sweep_interval(period: Duration) -> Duration {
    (period / 4).clamp(Duration::from_secs(1), Duration::from_secs(600))
}

/// Runs `sweep` at once and then every [`sweep_interval`] of `period`, until `stop`: the
/// retention sweeps of files and messages.
pub(crate) async fn sweep_every<F, Fut>(period: Duration, stop: CancellationToken, mut sweep: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ()>,
{
    every(sweep_interval(period), stop, || {
        let run = sweep();
        async move {
            run.await;
            None
        }
    })
    .await;
}

/// How often single-place work on a shared storage looks whether this server holds its lease,
/// and how long a lease lasts unrenewed: a server that dies is replaced within about
/// [`LEASE_TTL`] + [`LEASE_TICK`].
const LEASE_TICK: Duration = Duration::from_secs(5);
const LEASE_TTL: i64 = 15;

/// [`every`] for work one server at a time does on a shared storage (poll timers,
/// subscriptions' renewals): there it runs where lease `name` is held, looking every
/// [`LEASE_TICK`] (and at the moment it last asked for) whether it holds it; on a storage of one
/// process it is [`every`] with `period`.
pub(crate) async fn leased_every<F, Fut>(
    storage: Arc<dyn msg_core::StorageBackend>,
    name: &'static str,
    period: Duration,
    stop: CancellationToken,
    mut work: F,
) where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<i64>>,
{
    if !storage.shared() {
        return every(period, stop, work).await;
    }
    let holder = msg_core::instance::instance();
    every(LEASE_TICK.min(period), stop, || {
        let (storage, run) = (storage.clone(), work());
        async move {
            match storage.lease(name, holder, LEASE_TTL).await {
                Ok(Some(_)) => run.await,
                Ok(None) => None,
                Err(e) => {
                    tracing::warn!("lease {name} cannot be taken: {e}");
                    None
                }
            }
        }
    })
    .await;
}

/// The platform's periodic work: runs `work` at once, then every `period` (a late run delays
/// the next rather than bunching them), at every move of a manual clock, and at the moment on
/// the platform's clock `work` last asked for (its answer: `Some(unix time)`), until `stop`.
pub(crate) async fn every<F, Fut>(period: Duration, stop: CancellationToken, mut work: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<i64>>,
{
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut moves = msg_core::clock::moves();
    let mut next = None;
    loop {
        tokio::select! {
            () = stop.cancelled() => return,
            () = msg_core::clock::tick(&mut tick, &mut moves) => {}
            () = msg_core::clock::sleep_until(next.unwrap_or(i64::MAX)) => {}
        }
        next = work().await;
    }
}
