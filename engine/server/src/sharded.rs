//! State every request writes, kept in shards: a thread writes its own (by a number it draws
//! once), under its own lock, on its own cache line, and readers visit them all. One lock and
//! one cache line shared by the workers answering requests at once would be written from every
//! core, and passing the line back and forth costs more than the request around it. Not here:
//! what the shards hold (the stats' counts, the call log's rings).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Shards per value: more than the workers of a usual machine; threads beyond share.
pub(crate) const SHARDS: usize = 8;

/// A value on a cache line of its own: written by every request, it does not make the fields
/// beside it (read by every request) miss too.
#[repr(align(128))]
#[derive(Debug, Default)]
pub(crate) struct OwnLine<T>(pub T);

/// One shard, on a cache line of its own.
#[repr(align(128))]
#[derive(Default)]
struct Shard<T>(Mutex<T>);

/// `T` kept once per shard.
pub(crate) struct Sharded<T> {
    shards: [Shard<T>; SHARDS],
}

impl<T: Default> Default for Sharded<T> {
    fn default() -> Self {
        Self { shards: std::array::from_fn(|_| Shard::default()) }
    }
}

impl<T> Sharded<T> {
    /// This thread's shard.
    pub fn local(&self) -> MutexGuard<'_, T> {
        static THREADS: AtomicUsize = AtomicUsize::new(0);
        thread_local! {
            static SHARD: usize = THREADS.fetch_add(1, Ordering::Relaxed) % SHARDS;
        }
        self.shards[SHARD.with(|s| *s)].0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every shard, one after the other (each locked while visited).
    pub fn each(&self, mut visit: impl FnMut(&mut T)) {
        for shard in &self.shards {
            visit(&mut shard.0.lock().unwrap_or_else(PoisonError::into_inner));
        }
    }
}
