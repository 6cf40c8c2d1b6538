//! Serialised writers: one async lock per entity (a group with its members' standings, a
//! person's details, a message, one of a bot's settings), held from the read a change is decided
//! on until the change is stored, so two concurrent writers of one entity can never both start
//! from the same old state and lose each other's acknowledged change. Not a cache and not a
//! transaction: what is read under the lock still comes from the directory or storage.
//!
//! Locks are taken in one order when several are held: a group, then (in `polls.rs`) the poll
//! lock, then a message, then a gift of the catalogue (a sale, an upgrade) or a shared widget's
//! row, then a person, then a bot setting. Nothing that holds one of them
//! calls a function that takes the same entity's lock again (the locks are not re-entrant):
//! functions that need the lock held take the [`Held`] guard as a parameter instead.
//!
//! On a shared storage (several servers on one PostgreSQL) a lock is also taken in the storage
//! (`Journal::lock`, after this process's own, in the same order), so one server at a time
//! decides on an entity, and what this server keeps of the entity (a chat's standings, a
//! person) is dropped when the lock is taken: the read that follows comes from the storage.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::OwnedMutexGuard;

/// What a lock is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Entity {
    /// A group's record and rows (title, details, links, topics, pins, …) and every member's standing
    /// in it; also the standing of people towards a bot (the "chat" whose id is the bot's).
    Chat(i64),
    /// A person's record and rows (emoji status; votes, reactions, read marks, photos).
    User(i64),
    /// A stored message by its conversation's key and id (edits, votes, closing a poll,
    /// deletion).
    Message(String, i64),
    /// One of a bot's settings that is read, changed and written back.
    BotSetting(i64, String),
    /// One row of a domain's table (by table, scope and key) that is read, then changed or used
    /// up (a guest query answered once, a prepared button used once, a managed bot's access).
    Row(&'static str, i64, String),
    /// The directory of bot usernames, while a new bot is checked against it and stored.
    BotNames,
    /// The last group ids handed out, while the next is taken.
    GroupIds,
}

/// How many entries the map may hold before idle ones are swept.
const SWEEP_AT: usize = 4096;

/// What [`Locks::on_acquire`] is given.
pub(crate) type OnAcquire = Box<dyn Fn(&Entity) + Send + Sync>;

/// The locks in use, one per entity with a holder or a waiter; an entry goes with its last user.
#[derive(Default)]
pub(crate) struct Locks {
    entries: Mutex<HashMap<Entity, Arc<tokio::sync::Mutex<()>>>>,
    /// A shared storage, whose lock of the entity is taken too.
    storage: Option<Arc<dyn msg_core::StorageBackend>>,
    /// Called once the storage's lock is taken (the platform drops its copies of the entity).
    on_acquire: std::sync::OnceLock<OnAcquire>,
}

/// A held lock. Dropping it lets the next writer of the entity in.
pub(crate) struct Held<'a> {
    locks: &'a Locks,
    entity: Entity,
    guard: Option<OwnedMutexGuard<()>>,
    /// The storage's lock (a shared storage).
    _remote: Option<msg_core::StorageLock>,
}

/// How many times taking the storage's lock is tried before the writer goes on without it (the
/// storage is failing: what it then writes fails too, and the failure is logged).
const REMOTE_TRIES: u32 = 5;

/// The storage's lock key of an entity: a hash of its name, the same on every server.
fn key(entity: &Entity) -> i64 {
    let hash = blake3::hash(format!("{entity:?}").as_bytes());
    i64::from_le_bytes(hash.as_bytes()[..8].try_into().expect("eight bytes"))
}

impl Locks {
    /// Locks that also take the lock in `storage` when it is shared.
    pub(crate) fn of(storage: &Arc<dyn msg_core::StorageBackend>) -> Self {
        Self { storage: storage.shared().then(|| storage.clone()), ..Self::default() }
    }

    /// Sets what is called with each entity whose storage lock was taken (once).
    pub(crate) fn on_acquire(&self, call: OnAcquire) {
        let _ = self.on_acquire.set(call);
    }

    /// Waits for `entity`'s lock. Cancel-safe: a dropped wait leaves the lock as it was.
    pub(crate) async fn lock(&self, entity: Entity) -> Held<'_> {
        let lock = {
            let mut entries = self.entries.lock().expect("locks");
            // A wait abandoned just as the lock was handed to it can leave an idle entry behind;
            // a sweep now and then keeps the map to the entities in use.
            if entries.len() >= SWEEP_AT {
                entries.retain(|_, lock| Arc::strong_count(lock) > 1);
            }
            entries.entry(entity.clone()).or_default().clone()
        };
        // If this future is dropped while waiting, `lock` (the Arc) is dropped too; the entry
        // then outlives it until the next holder of the entity releases it (see `Drop`).
        let guard = lock.lock_owned().await;
        let mut remote = None;
        if let Some(storage) = &self.storage {
            for attempt in 1..=REMOTE_TRIES {
                match storage.lock(key(&entity)).await {
                    Ok(taken) => {
                        remote = taken;
                        break;
                    }
                    Err(e) if attempt == REMOTE_TRIES => {
                        tracing::error!("the storage's lock of {entity:?} cannot be taken: {e}; going on without it");
                    }
                    Err(_) => tokio::time::sleep(std::time::Duration::from_millis(100 << attempt)).await,
                }
            }
            if let Some(call) = self.on_acquire.get() {
                call(&entity);
            }
        }
        Held { locks: self, entity, guard: Some(guard), _remote: remote }
    }

    /// How many entities have a lock entry (holders or waiters); for tests.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.lock().expect("locks").len()
    }
}

impl Held<'_> {
    /// Whether this guard holds `entity`'s lock.
    pub(crate) fn holds(&self, entity: &Entity) -> bool {
        self.entity == *entity
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.guard.take();
        let mut entries = self.locks.entries.lock().expect("locks");
        // Only the map holds it now: nobody waits, so the entry can go. Waiters clone the Arc
        // under this same map lock, so none can appear between the check and the removal.
        if entries.get(&self.entity).is_some_and(|lock| Arc::strong_count(lock) == 1) {
            entries.remove(&self.entity);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writers_of_one_entity_take_turns_and_entries_go_with_them() {
        let locks = Arc::new(Locks::default());
        let counter = Arc::new(Mutex::new(0_u32));
        let mut tasks = Vec::new();
        for _ in 0..50 {
            let (locks, counter) = (locks.clone(), counter.clone());
            tasks.push(tokio::spawn(async move {
                let _held = locks.lock(Entity::Chat(-1)).await;
                // A read-modify-write spanning an await: without the lock, updates get lost.
                let seen = *counter.lock().unwrap();
                tokio::task::yield_now().await;
                *counter.lock().unwrap() = seen + 1;
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        assert_eq!(*counter.lock().unwrap(), 50);
        assert_eq!(locks.len(), 0, "no entry outlives its last holder");
        let a = locks.lock(Entity::User(1)).await;
        let b = locks.lock(Entity::User(2)).await;
        assert!(a.holds(&Entity::User(1)) && !a.holds(&Entity::User(2)));
        drop((a, b));
        assert_eq!(locks.len(), 0);
    }

    #[tokio::test]
    async fn an_abandoned_wait_leaves_the_lock_usable() {
        let locks = Locks::default();
        let held = locks.lock(Entity::Chat(-1)).await;
        let waiting = locks.lock(Entity::Chat(-1));
        assert!(tokio::time::timeout(std::time::Duration::from_millis(10), waiting).await.is_err());
        drop(held);
        let _again = locks.lock(Entity::Chat(-1)).await;
    }
}
