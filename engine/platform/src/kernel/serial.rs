//! Serialised writers: one async lock per entity (a group with its members' standings, a
//! person's details, a message, one of a bot's settings), held from the read a change is decided
//! on until the change is stored, so two concurrent writers of one entity can never both start
//! from the same old state and lose each other's acknowledged change. Not a cache and not a
//! transaction: what is read under the lock still comes from the directory or storage.
//!
//! Locks are taken in one order when several are held: a group, then (in `polls.rs`) the poll
//! lock, then a message, then a person, then a bot setting. Nothing that holds one of them
//! calls a function that takes the same entity's lock again (the locks are not re-entrant):
//! functions that need the lock held take the [`Held`] guard as a parameter instead.

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

/// The locks in use, one per entity with a holder or a waiter; an entry goes with its last user.
#[derive(Default)]
pub(crate) struct Locks {
    entries: Mutex<HashMap<Entity, Arc<tokio::sync::Mutex<()>>>>,
}

/// A held lock. Dropping it lets the next writer of the entity in.
pub(crate) struct Held<'a> {
    locks: &'a Locks,
    entity: Entity,
    guard: Option<OwnedMutexGuard<()>>,
}

impl Locks {
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
        Held { locks: self, entity, guard: Some(guard) }
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
