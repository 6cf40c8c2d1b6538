//! Per-thread copies of read-mostly state that every call reads: the platform's bots'
//! identities and settings, the server's active sessions and its host handle. One copy shared by
//! all threads has its lock and its reference count written from every core on every call, and
//! the cache line passed back and forth costs more than the call around it. A thread's copy is
//! its own. It is trusted as long as the shared entry it was copied from (the same stamp and
//! lifetime), and dropped when its owner changes an entry itself ([`Front::invalidate`]). Not
//! here: what is copied, or how the shared entry is loaded.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rustc_hash::FxHashMap;

/// Entries a thread keeps at most (all of them are forgotten when it would keep more).
const MAX_COPIES: usize = 4096;

/// One owner's per-thread copies (a platform's, a server's sessions'...).
#[derive(Debug)]
pub struct Front {
    /// This owner among the process's (several run in one test process).
    id: u64,
    /// Bumped when the owner changes a copied entry itself: every copy taken before is stale.
    generation: AtomicU64,
}

/// A copy: the value, the stamp of the shared entry it came from (on [`crate::coarse`]'s
/// clock), the generation it was taken at.
type Copy = (Box<dyn Any>, Duration, u64);

thread_local! {
    /// (owner, what is copied, its key) → the copy.
    static COPIES: RefCell<FxHashMap<(u64, TypeId, i64), Copy>> = RefCell::default();
}

impl Default for Front {
    fn default() -> Self {
        Self::new()
    }
}

impl Front {
    pub fn new() -> Self {
        static OWNERS: AtomicU64 = AtomicU64::new(0);
        Self { id: OWNERS.fetch_add(1, Ordering::Relaxed), generation: AtomicU64::new(0) }
    }

    /// `read` of this thread's copy of the `V` under `key`, while its shared entry would still be
    /// trusted (`ttl` since its stamp) and the owner changed nothing since it was taken. The copy
    /// is lent, not cloned (a clone of a shared `Arc` would write its count).
    pub fn with<V: 'static, R>(&self, key: i64, ttl: Duration, read: impl FnOnce(&V) -> R) -> Option<R> {
        let generation = self.generation.load(Ordering::Acquire);
        COPIES.with_borrow(|copies| {
            let (value, stamp, taken) = copies.get(&(self.id, TypeId::of::<V>(), key))?;
            let fresh = *taken == generation && crate::coarse::now().saturating_sub(*stamp) < ttl;
            fresh.then(|| value.downcast_ref::<V>().map(read)).flatten()
        })
    }

    /// This thread's copy of the `V` under `key` (see [`Front::with`]), cloned.
    pub fn get<V: Clone + 'static>(&self, key: i64, ttl: Duration) -> Option<V> {
        self.with(key, ttl, V::clone)
    }

    /// Keeps `value` (a copy the thread owns) as this thread's copy of the shared entry stamped
    /// `stamp`, taken while the owner was at `generation` (read before the shared entry).
    pub fn put<V: 'static>(&self, key: i64, value: V, stamp: Duration, generation: u64) {
        COPIES.with_borrow_mut(|copies| {
            if copies.len() >= MAX_COPIES {
                copies.clear();
            }
            copies.insert((self.id, TypeId::of::<V>(), key), (Box::new(value), stamp, generation));
        });
    }

    /// The generation to pass to [`Front::put`]: read it before reading the shared entry.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The owner changed a copied entry: every thread's copies are stale.
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
        let now = crate::coarse::now();
        front.put(7, 42u32, now, front.generation());
        assert_eq!(front.get::<u32>(7, ttl), Some(42));
        assert_eq!(front.with(7, ttl, |n: &u32| n + 1), Some(43), "lent");
        assert_eq!(front.get::<u32>(8, ttl), None, "another key");
        assert_eq!(other.get::<u32>(7, ttl), None, "another owner");
        assert_eq!(front.get::<u64>(7, ttl), None, "another kind of copy");
        // Another thread has no copy of its own.
        let front = std::sync::Arc::new(front);
        let elsewhere = front.clone();
        assert_eq!(std::thread::spawn(move || elsewhere.get::<u32>(7, ttl)).join().unwrap(), None);
        // A change by the owner, or a stamp past the lifetime, makes it stale.
        let generation = front.generation();
        front.invalidate();
        assert_eq!(front.get::<u32>(7, ttl), None);
        front.put(7, 43u32, now, generation);
        assert_eq!(front.get::<u32>(7, ttl), None, "taken before the change");
        front.put(7, 44u32, now.saturating_sub(ttl), front.generation());
        assert_eq!(front.get::<u32>(7, ttl), None, "past its lifetime");
    }
}
