//! One act, one commit. Everything one act of the platform does (a message stored, balances
//! moved, a ledger entry, a standing changed, and every recipient's update: the people's and the
//! bots') is gathered in an [`Act`] and committed in one storage batch, so it is stored whole or
//! not at all: a crash can never leave a payment whose bot was not told, nor a message some of
//! its recipients never get. Updates are reserved in their queues as the act goes (readers stop
//! at them) and become visible when the batch is durable; an act dropped before it commits (an
//! error, a cancelled task) takes its reservations out again. Not responsible for what an act
//! checks or decides: only for storing its effects together.

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, Change, MessageIds, NewUpdate, Reserved};
use msg_queue::Mailbox;

use crate::internal;
use crate::kernel::world::Platform;

/// The effects of one act, gathered until [`Platform::commit`] stores them in one batch.
#[derive(Debug, Default)]
#[must_use = "an act's effects are stored only when it is committed"]
pub(crate) struct Act {
    changes: Vec<Change>,
    reserved: Vec<Reserved>,
    /// Conversations whose index rows the act stores (see `Platform::conversation_indexed`),
    /// marked so once it has committed.
    indexed: Vec<String>,
    /// The message ids the act took on a shared storage, held until it has committed.
    ids: Option<ActIds>,
}

/// An act's [`MessageIds`] (a storage's own type, shown by name only).
struct ActIds(Box<dyn MessageIds>);

impl std::fmt::Debug for ActIds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ActIds")
    }
}

impl Act {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// An act starting with `changes`.
    pub(crate) fn with(changes: Vec<Change>) -> Self {
        Self { changes, ..Self::default() }
    }

    pub(crate) fn change(&mut self, change: Change) {
        self.changes.push(change);
    }

    pub(crate) fn changes(&mut self, changes: impl IntoIterator<Item = Change>) {
        self.changes.extend(changes);
    }

    /// An update for a person, in their queue.
    pub(crate) fn tell_person(&mut self, mailbox: &Arc<Mailbox>, update: NewUpdate) {
        self.reserved.extend(mailbox.reserve(&update.kind, update.payload, update.chat_key, update.expires_at));
    }

    /// The message ids the act takes, asked of `storage` on the first (`None`: the storage
    /// hands them out one at a time, [`msg_core::Journal::next_message_id`]).
    pub(crate) async fn message_ids(
        &mut self,
        storage: &dyn msg_core::StorageBackend,
    ) -> Result<Option<&mut Box<dyn MessageIds>>, ApiError> {
        if self.ids.is_none() {
            let Some(ids) = storage.message_ids().await.map_err(internal)? else { return Ok(None) };
            self.ids = Some(ActIds(ids));
        }
        Ok(self.ids.as_mut().map(|held| &mut held.0))
    }

    /// Conversation `key`'s index rows are among the act's changes.
    pub(crate) fn indexes(&mut self, key: String) {
        self.indexed.push(key);
    }
}

impl Platform {
    /// An update for `bot` in `act` (the caller has checked that the bot takes it).
    pub(crate) async fn tell_bot(
        &self,
        act: &mut Act,
        bot: &Arc<BotRecord>,
        update: NewUpdate,
    ) -> Result<(), ApiError> {
        act.reserved.extend(self.updates.reserve(bot, update).await?);
        Ok(())
    }

    /// Stores every effect of `act` in one batch; returns once it is durable (its updates are
    /// then visible), or with the error, having stored nothing.
    pub(crate) async fn commit(&self, act: Act) -> Result<(), ApiError> {
        let Act { changes, reserved, indexed, ids } = act;
        let committed = msg_queue::commit(&self.storage, changes, reserved).await;
        // Only now may the next post into the act's conversations take its id.
        drop(ids);
        committed.map_err(internal)?;
        for key in indexed {
            self.conversation_indexed(&key).await?;
        }
        Ok(())
    }
}
