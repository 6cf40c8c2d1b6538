//! Domains' typed records: a [`Table`] names one of a domain's tables and the Rust type of its
//! rows, and turns them into the storage's [`Record`]s (`(table, scope, key) → value`, the value
//! the row as JSON). A domain declares its tables as constants in its own folder; the storage
//! seam and its backends know nothing of them, so a new domain edits neither.
//!
//! One change writes one row: a domain that holds a list (a chat's invite links, its topics)
//! keeps one row per item and stores what changed with [`Table::diff`], so two writers of
//! different items never undo each other, and a writer of one item (under the entity's lock,
//! `serial.rs`) rewrites that item alone. Not a cache: every read goes to the storage.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use msg_core::{ApiError, Change, Record, StorageBackend};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::internal;

/// One of a domain's tables, its rows of type `T`.
pub(crate) struct Table<T> {
    name: &'static str,
    row: PhantomData<fn() -> T>,
}

impl<T: Serialize + DeserializeOwned + PartialEq> Table<T> {
    pub(crate) const fn new(name: &'static str) -> Self {
        Self { name, row: PhantomData }
    }

    /// The table's name in the storage.
    pub(crate) const fn name(&self) -> &'static str {
        self.name
    }

    /// Creates or replaces row `key` of `scope`.
    pub(crate) fn put(&self, scope: i64, key: &str, row: &T) -> Change {
        Change::PutRecord(self.record(scope, key, row))
    }

    /// Row `key` of `scope` as stored (a row another change carries: `Content::attached`).
    pub(crate) fn record(&self, scope: i64, key: &str, row: &T) -> Record {
        Record::new(self.name, scope, key, serde_json::to_string(row).expect("a record serializes"))
    }

    /// Removes row `key` of `scope`.
    pub(crate) fn delete(&self, scope: i64, key: &str) -> Change {
        Change::DeleteRecord { table: self.name.into(), scope, key: key.into() }
    }

    /// Takes row `key` of `scope`'s lock (`serial::Entity::Row`), for a read that a change of the
    /// row follows.
    pub(crate) async fn lock<'a>(
        &self,
        locks: &'a crate::kernel::serial::Locks,
        scope: i64,
        key: &str,
    ) -> crate::kernel::serial::Held<'a> {
        locks.lock(crate::kernel::serial::Entity::Row(self.name, scope, key.to_owned())).await
    }

    /// Row `key` of `scope`.
    pub(crate) async fn get(&self, storage: &dyn StorageBackend, scope: i64, key: &str) -> Result<Option<T>, ApiError> {
        let value = storage.load_record(self.name, scope, key).await.map_err(internal)?;
        Ok(value.and_then(|v| self.read(scope, key, &v)))
    }

    /// Every row of `scope`, by key.
    pub(crate) async fn all(&self, storage: &dyn StorageBackend, scope: i64) -> Result<BTreeMap<String, T>, ApiError> {
        let rows = storage.load_records(self.name, scope).await.map_err(internal)?;
        Ok(rows.into_iter().filter_map(|(key, v)| Some((key.clone(), self.read(scope, &key, &v)?))).collect())
    }

    /// The rows with key `key` in any scope, as `(scope, row)`.
    pub(crate) async fn find(&self, storage: &dyn StorageBackend, key: &str) -> Result<Vec<(i64, T)>, ApiError> {
        let rows = storage.find_records(self.name, key).await.map_err(internal)?;
        Ok(rows.into_iter().filter_map(|(scope, v)| Some((scope, self.read(scope, key, &v)?))).collect())
    }

    /// The scopes holding a row.
    pub(crate) async fn scopes(&self, storage: &dyn StorageBackend) -> Result<Vec<i64>, ApiError> {
        storage.record_scopes(self.name).await.map_err(internal)
    }

    /// The changes that turn the rows `old` into `new` in `scope`: a put for each row added or
    /// changed, a delete for each row gone, nothing for the rest.
    pub(crate) fn diff(&self, scope: i64, old: &BTreeMap<String, T>, new: &BTreeMap<String, T>) -> Vec<Change> {
        let gone = old.keys().filter(|key| !new.contains_key(*key)).map(|key| self.delete(scope, key));
        let changed =
            new.iter().filter(|(key, row)| old.get(*key) != Some(row)).map(|(key, row)| self.put(scope, key, row));
        gone.chain(changed).collect()
    }

    /// A stored row; one that does not read as `T` (written by a later version) is skipped.
    fn read(&self, scope: i64, key: &str, value: &str) -> Option<T> {
        serde_json::from_str(value)
            .inspect_err(|e| tracing::warn!("record {}/{scope}/{key} is unreadable and skipped: {e}", self.name))
            .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NUMBERS: Table<i64> = Table::new("numbers");

    #[test]
    fn a_diff_writes_only_the_rows_that_changed() {
        let old: BTreeMap<String, i64> = [("a".into(), 1), ("b".into(), 2), ("c".into(), 3)].into();
        let new: BTreeMap<String, i64> = [("a".into(), 1), ("b".into(), 20), ("d".into(), 4)].into();
        let changes = NUMBERS.diff(-5, &old, &new);
        assert_eq!(
            changes,
            vec![
                Change::DeleteRecord { table: "numbers".into(), scope: -5, key: "c".into() },
                Change::PutRecord(Record::new("numbers", -5, "b", "20")),
                Change::PutRecord(Record::new("numbers", -5, "d", "4")),
            ]
        );
        assert!(NUMBERS.diff(-5, &new, &new).is_empty(), "nothing changed, nothing written");
    }

    #[test]
    fn a_row_that_does_not_read_is_skipped() {
        assert_eq!(NUMBERS.read(1, "x", "7"), Some(7));
        assert_eq!(NUMBERS.read(1, "y", "not a number"), None);
    }
}
