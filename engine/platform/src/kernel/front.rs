//! Per-thread copies of the platform's read-mostly caches: bots' identities and settings, read
//! by every call. One copy shared by all threads has its lock and its reference count written
//! from every core on every call, and the cache line passed back and forth costs more than the
//! call around it. A thread's copy is its own allocation. It is trusted as long as the shared
//! entry it was copied from (the same stamp and lifetime), and dropped when the platform changes
//! an entry itself ([`Front::invalidate`]). Not here: what is cached, or how it is loaded.

use std::any::Any;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rustc_hash::FxHashMap;

/// Entries a thread keeps at most (all of them are forgotten when it would keep more).
const MAX_COPIES: usize = 4096;

/// What a thread's copy is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Bot,
    Flags,
}

/// One platform's per-thread copies.
#[derive(Debug)]
pub(crate) struct Front {
    /// This platform among the process's (several run in one test process).
    id: u64,
    /// Bumped when the platform changes a cached entry itself: every copy taken before is stale.
    generation: AtomicU64,
}

/// A copy: the value, the stamp of the shared entry it came from, the generation it was taken at.
type Copy = (Box<dyn Any>, Duration, u64);

thread_local! {
    static COPIES: RefCell<FxHashMap<(u64, Kind, i64), Copy>> = RefCell::default();
}

impl Front {
    pub fn new() -> Self {
        static PLATFORMS: AtomicU64 = AtomicU64::new(0);
        Self { id: PLATFORMS.fetch_add(1, Ordering::Relaxed), generation: AtomicU64::new(0) }
    }

    /// This thread's copy of `key`, while its shared entry would still be trusted (`ttl` since
    /// its stamp) and the platform changed nothing since it was taken.
    pub fn get<V: Clone + 'static>(&self, kind: Kind, key: i64, ttl: Duration) -> Option<V> {
        let generation = self.generation.load(Ordering::Acquire);
        COPIES.with_borrow(|copies| {
            let (value, stamp, taken) = copies.get(&(self.id, kind, key))?;
            let fresh = *taken == generation && msg_core::coarse::now().saturating_sub(*stamp) < ttl;
            fresh.then(|| value.downcast_ref::<V>().cloned()).flatten()
        })
    }

    /// Keeps `value` (a copy the thread owns) as this thread's copy of the shared entry stamped
    /// `stamp`, taken while the platform was at `generation` (read before the shared entry).
    pub fn put<V: 'static>(&self, kind: Kind, key: i64, value: V, stamp: Duration, generation: u64) {
        COPIES.with_borrow_mut(|copies| {
            if copies.len() >= MAX_COPIES {
                copies.clear();
            }
            copies.insert((self.id, kind, key), (Box::new(value), stamp, generation));
        });
    }

    /// The generation to pass to [`Front::put`]: read it before reading the shared entry.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The platform changed a cached entry: every thread's copies are stale.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_lives_as_long_as_its_shared_entry_and_no_change_since() {
        let (front, other) = (Front::new(), Front::new());
        let ttl = Duration::from_secs(2);
        let now = msg_core::coarse::now();
        front.put(Kind::Flags, 7, 42u32, now, front.generation());
        assert_eq!(front.get::<u32>(Kind::Flags, 7, ttl), Some(42));
        assert_eq!(front.get::<u32>(Kind::Bot, 7, ttl), None, "another kind");
        assert_eq!(other.get::<u32>(Kind::Flags, 7, ttl), None, "another platform");
        assert_eq!(front.get::<u64>(Kind::Flags, 7, ttl), None, "another type");
        // Another thread has no copy of its own.
        let front = std::sync::Arc::new(front);
        let elsewhere = front.clone();
        assert_eq!(std::thread::spawn(move || elsewhere.get::<u32>(Kind::Flags, 7, ttl)).join().unwrap(), None);
        // A change by the platform, or a stamp past the lifetime, makes it stale.
        let generation = front.generation();
        front.invalidate();
        assert_eq!(front.get::<u32>(Kind::Flags, 7, ttl), None);
        front.put(Kind::Flags, 7, 43u32, now, generation);
        assert_eq!(front.get::<u32>(Kind::Flags, 7, ttl), None, "taken before the change");
        front.put(Kind::Flags, 7, 44u32, now.saturating_sub(ttl), front.generation());
        assert_eq!(front.get::<u32>(Kind::Flags, 7, ttl), None, "past its lifetime");
    }
}
