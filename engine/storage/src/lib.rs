//! Storage backends shipped with the server. `sqlite` (the default) keeps each bot in
//! `<dir>/<bot id>/bot.sqlite` so copying that directory moves the bot, and platform-wide state
//! in `<dir>/platform.sqlite`. `memory` keeps everything in the process (ephemeral runs, tests).
//! Both pass the same conformance test below.

#![forbid(unsafe_code)]

pub mod memory;
pub mod postgres;
pub mod sqlite;

use std::sync::Arc;

use msg_core::{BotState, Change, FileRecord, Owner, Registrar, StorageBackend, StorageError, StorageFactory};

/// Registers both backends; `sqlite` is rooted at the working directory `dir`.
pub fn register(registrar: &mut Registrar, dir: &std::path::Path) {
    registrar.storage("sqlite", Arc::new(SqliteFactory { dir: dir.to_path_buf() }));
    registrar.storage("memory", Arc::new(MemoryFactory));
    registrar.storage("postgres", Arc::new(PostgresFactory));
}

/// Opens the backend `kind` names with its configuration section (the admin commands' way in,
/// the same factories the server uses).
pub fn open(
    kind: &str,
    dir: &std::path::Path,
    section: &serde_json::Value,
) -> Result<Arc<dyn StorageBackend>, StorageError> {
    match kind {
        "sqlite" => SqliteFactory { dir: dir.to_path_buf() }.create(section),
        "postgres" => PostgresFactory.create(section),
        "memory" => MemoryFactory.create(section),
        other => Err(StorageError::Conflict(format!("unknown storage kind `{other}` (sqlite, postgres, memory)"))),
    }
}

/// Builds the `postgres` backend from the section's `url` (`MSG_DATABASE_URL`).
pub struct PostgresFactory;

impl StorageFactory for PostgresFactory {
    fn create(&self, config: &serde_json::Value) -> Result<Arc<dyn StorageBackend>, StorageError> {
        let url = config.get("url").and_then(|u| u.as_str()).filter(|u| !u.is_empty()).ok_or_else(|| {
            StorageError::Conflict(
                "the postgres storage needs a database: set MSG_DATABASE_URL (or `url` in [storage])".into(),
            )
        })?;
        let several = match config.get("instances").and_then(|v| v.as_str()) {
            None | Some("one") => false,
            Some("several") => true,
            Some(other) => {
                return Err(StorageError::Conflict(format!(
                    "[storage] instances = \"{other}\" is not a choice: \"one\" (the default: this server alone, a second is refused) or \"several\" (several servers on one database, one deployment)"
                )));
            }
        };
        let storage = postgres::PostgresStorage::connect(url, msg_core::Durability::of_section(config))?;
        Ok(Arc::new(storage.several(several)))
    }
}

/// Builds the `sqlite` backend rooted at the working directory.
pub struct SqliteFactory {
    pub dir: std::path::PathBuf,
}

impl StorageFactory for SqliteFactory {
    fn create(&self, config: &serde_json::Value) -> Result<Arc<dyn StorageBackend>, StorageError> {
        Ok(Arc::new(sqlite::SqliteStorage::open_with(&self.dir, msg_core::Durability::of_section(config))?))
    }
}

/// Builds the `memory` backend (`[storage] kind = "memory"`).
pub struct MemoryFactory;

impl StorageFactory for MemoryFactory {
    fn create(&self, _config: &serde_json::Value) -> Result<Arc<dyn StorageBackend>, StorageError> {
        Ok(Arc::new(memory::MemoryStorage::new()))
    }
}

/// A bot's settings, queued updates and file records as the changes that store them
/// ([`Administration::replace_bot`](msg_core::Administration::replace_bot)).
pub(crate) fn bot_changes(bot_id: i64, state: &BotState, files: &[FileRecord]) -> Vec<Change> {
    let settings = state.settings.iter().map(|(key, value)| Change::BotSetting {
        bot_id,
        key: key.clone(),
        value: Some(value.clone()),
    });
    let updates =
        state.updates.iter().map(|update| Change::PushUpdate { owner: Owner::Bot(bot_id), update: update.clone() });
    let files = files.iter().map(|file| {
        let mut file = file.clone();
        file.bot_id = bot_id;
        Change::PutFile(file)
    });
    settings.chain(updates).chain(files).collect()
}

/// What every backend must do, run against each one.
#[cfg(test)]
mod conformance {
    use msg_core::{BotRecord, BotState, Change, FileRecord, MessageRecord, Owner, Record, Secret, StoredUpdate};

    use super::*;

    fn update(id: i64, chat_key: i64) -> StoredUpdate {
        StoredUpdate {
            update_id: id,
            kind: "message".into(),
            payload: format!("{{\"n\":{id}}}"),
            chat_key,
            expires_at: 99,
        }
    }

    async fn exercise(storage: Arc<dyn StorageBackend>) {
        let a = storage.allocate_user_id().await.unwrap();
        let b = storage.allocate_user_id().await.unwrap();
        assert_ne!(a, b, "ids are never handed out twice");
        let bot = BotRecord::new(a, Secret::new("s".repeat(35)), "conf_bot".into(), "Conf".into(), 1);
        storage.save_bot(&bot).await.unwrap();
        assert_eq!(storage.load_bot(a).await.unwrap(), Some(bot.clone()));
        assert_eq!(storage.load_bot(b).await.unwrap(), None);
        assert_eq!(storage.list_bots().await.unwrap(), vec![bot]);

        // The platform's rows: a person (scope 0), a group (scope 0), a standing (the group's).
        let person = Record::new("person", 0, b.to_string(), r#"{"first_name":"Pat"}"#);
        let group = Record::new("chat", 0, "-5", r#"{"title":"G"}"#);
        let standing = Record::new("member", -5, b.to_string(), r#"{"status":"member"}"#);
        let conversation = format!("{a}:{b}");
        storage
            .apply(vec![
                Change::PutRecord(person.clone()),
                Change::PutRecord(group.clone()),
                Change::PutRecord(standing.clone()),
                Change::BotSetting { bot_id: a, key: "webhook".into(), value: Some("{}".into()) },
                Change::BotSetting { bot_id: a, key: "commands".into(), value: Some("[]".into()) },
                Change::PushUpdate { owner: Owner::Bot(a), update: update(10, 1) },
                Change::PushUpdate { owner: Owner::Bot(a), update: update(11, 2) },
                Change::PushUpdate { owner: Owner::Bot(a), update: update(12, 1) },
                Change::PushUpdate { owner: Owner::User(b), update: update(7, 1) },
                Change::PutMessage(MessageRecord {
                    conversation: conversation.clone(),
                    message_id: 1,
                    payload: "m1".into(),
                    date: 10,
                }),
                Change::PutMessage(MessageRecord {
                    conversation: conversation.clone(),
                    message_id: 2,
                    payload: "m2".into(),
                    date: 20,
                }),
            ])
            .await
            .unwrap();
        storage
            .apply(vec![
                Change::BotSetting { bot_id: a, key: "commands".into(), value: None },
                Change::DropUpdatesBelow { owner: Owner::Bot(a), below: 11 },
                Change::DropUpdate { owner: Owner::Bot(a), update_id: 12 },
                Change::DeleteMessage { conversation: conversation.clone(), message_id: 1 },
            ])
            .await
            .unwrap();

        let state = storage.load_bot_state(a).await.unwrap();
        assert_eq!(state.settings, vec![("webhook".to_owned(), "{}".to_owned())]);
        assert_eq!(storage.bots_with_setting("webhook").await.unwrap(), vec![a], "start-up finds the webhooks");
        assert!(storage.bots_with_setting("poll_timers").await.unwrap().is_empty());
        assert_eq!(storage.load_bot_setting(a, "webhook").await.unwrap().as_deref(), Some("{}"));
        assert_eq!(storage.load_bot_setting(a, "commands").await.unwrap(), None, "removed");
        assert_eq!(state.updates, vec![update(11, 2)], "in id order, dropped ones gone");
        assert_eq!(storage.load_user_updates(b).await.unwrap(), vec![update(7, 1)]);
        assert_eq!(storage.load_message(&conversation, 1).await.unwrap(), None);
        assert_eq!(storage.load_message(&conversation, 2).await.unwrap().as_deref(), Some("m2"));
        // Whatever a bot or a person typed comes back as it was, the NUL character included.
        let typed = "💥\0 x";
        let odd = Record::new("person", 0, (b + 1).to_string(), typed);
        let odd_chat = Record::new("chat", 0, "-6", typed);
        storage
            .apply(vec![
                Change::BotSetting { bot_id: a, key: "description".into(), value: Some(typed.into()) },
                Change::PutRecord(odd.clone()),
                Change::PutRecord(odd_chat.clone()),
            ])
            .await
            .unwrap();
        assert_eq!(storage.load_bot_setting(a, "description").await.unwrap().as_deref(), Some(typed));
        assert_eq!(storage.load_record("person", 0, &(b + 1).to_string()).await.unwrap().as_deref(), Some(typed));
        assert_eq!(storage.load_record("chat", 0, "-6").await.unwrap().as_deref(), Some(typed));
        storage.apply(vec![Change::BotSetting { bot_id: a, key: "description".into(), value: None }]).await.unwrap();
        assert_eq!(storage.load_person_queue_head(b).await.unwrap(), None);
        storage.apply(vec![Change::PersonQueueHead { user_id: b, next_update_id: 41 }]).await.unwrap();
        storage.apply(vec![Change::PersonQueueHead { user_id: b, next_update_id: 42 }]).await.unwrap();
        storage.apply(vec![Change::PersonQueueHead { user_id: b, next_update_id: 40 }]).await.unwrap();
        assert_eq!(storage.load_person_queue_head(b).await.unwrap(), Some(42), "a head never moves back");
        assert!(!storage.person_has_file(b, "abc").await.unwrap());
        let grant = || Change::PersonFile { user_id: b, content: "abc".into() };
        storage.apply(vec![grant(), grant()]).await.unwrap();
        assert!(storage.person_has_file(b, "abc").await.unwrap());
        assert!(!storage.person_has_file(a, "abc").await.unwrap());
        let more: Vec<Change> = (3..=7)
            .map(|id| {
                Change::PutMessage(MessageRecord {
                    conversation: conversation.clone(),
                    message_id: id,
                    payload: format!("m{id}"),
                    date: 100 + id,
                })
            })
            .collect();
        storage.apply(more).await.unwrap();
        let ids = |rows: Vec<(i64, String)>| rows.into_iter().map(|(id, _)| id).collect::<Vec<_>>();
        assert_eq!(ids(storage.load_messages(&conversation, 0, i64::MAX, 3).await.unwrap()), [7, 6, 5], "newest first");
        assert_eq!(ids(storage.load_messages(&conversation, 2, 6, 10).await.unwrap()), [5, 4, 3], "strictly between");
        assert_eq!(storage.load_messages(&conversation, 0, 6, 1).await.unwrap(), vec![(5, "m5".to_owned())]);
        assert!(storage.load_messages(&conversation, 5, 6, 10).await.unwrap().is_empty());
        assert!(storage.load_messages("p1:2", 0, i64::MAX, 10).await.unwrap().is_empty());
        storage
            .apply(
                (3..=7)
                    .map(|id| Change::DeleteMessage { conversation: conversation.clone(), message_id: id })
                    .collect(),
            )
            .await
            .unwrap();
        let people = storage.load_records("person", 0).await.unwrap();
        assert_eq!(people, vec![(person.key.clone(), person.value.clone()), (odd.key.clone(), odd.value.clone())]);
        assert_eq!(storage.load_records("chat", 0).await.unwrap().len(), 2);

        // Retention forgets the oldest messages first, a bounded number per call, and a
        // conversation's ids stay taken after its newest message is forgotten.
        let message = |conversation: &str, message_id, date| {
            Change::PutMessage(MessageRecord {
                conversation: conversation.into(),
                message_id,
                payload: "x".into(),
                date,
            })
        };
        storage.apply(vec![message("c2", 8, 5), message("c2", 9, 50)]).await.unwrap();
        assert_eq!(storage.forget_messages(30, 1).await.unwrap(), 1);
        assert_eq!(storage.load_message("c2", 8).await.unwrap(), None, "the oldest goes first");
        assert!(storage.load_message(&conversation, 2).await.unwrap().is_some());
        assert_eq!(storage.forget_messages(30, 10).await.unwrap(), 1);
        assert_eq!(storage.forget_messages(30, 10).await.unwrap(), 0);
        assert_eq!(storage.load_message(&conversation, 2).await.unwrap(), None);
        assert!(storage.load_message("c2", 9).await.unwrap().is_some(), "newer than the cut-off");
        // What the platform reads when it touches a conversation, a chat, a person's chats.
        assert_eq!(storage.last_message_id(&conversation).await.unwrap(), 2, "forgotten ids stay taken");
        assert_eq!(storage.last_message_id("c2").await.unwrap(), 9);
        assert_eq!(storage.last_message_id("p1:2").await.unwrap(), 0, "none yet");
        assert_eq!(storage.load_record("chat", 0, "-5").await.unwrap(), Some(group.value));
        assert_eq!(storage.load_record("chat", 0, "-7").await.unwrap(), None);
        assert_eq!(storage.load_records("member", -5).await.unwrap(), vec![(b.to_string(), standing.value.clone())]);
        assert!(storage.load_records("member", -6).await.unwrap().is_empty());
        assert_eq!(storage.find_records("member", &b.to_string()).await.unwrap(), vec![(-5, standing.value)]);
        assert!(storage.find_records("member", &a.to_string()).await.unwrap().is_empty());
        assert_eq!(storage.legacy_platform().await.unwrap(), None, "a database made now has no legacy tables");

        let file = |kind: &str, path: &str, accessed| {
            let mut f = FileRecord::new(a, "c0ffee".into(), kind.into(), path.into(), 5, "{}".into(), 1);
            f.accessed_at = accessed;
            f
        };
        storage.apply(vec![Change::PutFile(file("photos", "photos/file_0.jpg", 1))]).await.unwrap();
        storage.apply(vec![Change::PutFile(file("documents", "documents/file_1", 1))]).await.unwrap();
        storage.apply(vec![Change::PutFile(file("photos", "photos/file_0.jpg", 9))]).await.unwrap();
        let loaded = storage.load_file(a, "c0ffee", "photos").await.unwrap().unwrap();
        assert_eq!(loaded, file("photos", "photos/file_0.jpg", 9), "replaced by content and kind");
        assert_eq!(storage.load_file(a, "c0ffee", "videos").await.unwrap(), None);
        assert_eq!(storage.load_file(b, "c0ffee", "photos").await.unwrap(), None, "files are per bot");
        assert_eq!(storage.list_files(a).await.unwrap().len(), 2);

        storage.apply(vec![Change::BotSetting { bot_id: a, key: "webhook".into(), value: None }]).await.unwrap();
        assert!(storage.bots_with_setting("webhook").await.unwrap().is_empty(), "a removed webhook is not resumed");
        // Many bots at once (provisioning), then one renamed.
        let many: Vec<BotRecord> = (0..50)
            .map(|i| BotRecord::new(3_000_000 + i, Secret::new("m".repeat(35)), format!("many{i}_bot"), "M".into(), 1))
            .collect();
        storage.save_bots(&many).await.unwrap();
        let mut renamed = many[7].clone();
        renamed.first_name = "Renamed".into();
        storage.save_bot(&renamed).await.unwrap();
        let listed = storage.list_bots().await.unwrap();
        assert_eq!(listed.len(), 51);
        assert_eq!(listed.iter().find(|b| b.id == renamed.id), Some(&renamed));
        assert_eq!(storage.load_bot(many[49].id).await.unwrap().as_ref(), Some(&many[49]));

        // `apply_then`, where a backend does it itself, hands the changes over before it
        // returns: `then` hears that they are durable, once, even when nobody waits (a caller
        // gone), across two files at once. The others give the changes back as they were.
        let (other_bot, other_person) = (4_000_000, 4_000_001);
        let (heard, outcome) = tokio::sync::oneshot::channel();
        let then: msg_core::Settle = Box::new(move |durable| {
            let _ = heard.send(durable);
        });
        let changes = vec![
            Change::PushUpdate { owner: Owner::Bot(other_bot), update: update(30, 3) },
            Change::PushUpdate { owner: Owner::User(other_person), update: update(8, 3) },
        ];
        match storage.clone().apply_then(changes.clone(), then) {
            Ok(applying) => {
                drop(applying);
                let heard = tokio::time::timeout(std::time::Duration::from_secs(10), outcome).await.unwrap();
                assert_eq!(heard, Ok(true));
            }
            Err((given_back, then)) => {
                assert_eq!(given_back, changes);
                storage.apply(given_back).await.unwrap();
                then(true);
            }
        }
        assert_eq!(storage.load_bot_state(other_bot).await.unwrap().updates, vec![update(30, 3)]);
        assert_eq!(storage.load_user_updates(other_person).await.unwrap(), vec![update(8, 3)]);
        // Awaited, it resolves after `then`.
        let heard = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = heard.clone();
        let then: msg_core::Settle = Box::new(move |durable| flag.store(durable, std::sync::atomic::Ordering::SeqCst));
        let change = Change::PushUpdate { owner: Owner::User(other_person), update: update(9, 3) };
        if let Ok(applying) = storage.clone().apply_then(vec![change], then) {
            applying.await.unwrap();
            assert!(heard.load(std::sync::atomic::Ordering::SeqCst));
        }

        // Updates of a queue read back by id, and nobody else's.
        let reader = other_person + 1;
        let pushes = (40..44).map(|id| Change::PushUpdate { owner: Owner::User(reader), update: update(id, 4) });
        storage.apply(pushes.collect()).await.unwrap();
        let some = |ids: &'static [i64]| storage.load_updates(Owner::User(reader), ids);
        assert_eq!(some(&[40, 42]).await.unwrap(), vec![update(40, 4), update(42, 4)]);
        assert_eq!(some(&[43, 100]).await.unwrap(), vec![update(43, 4)]);
        assert_eq!(some(&[1, 39]).await.unwrap(), vec![]);
        assert_eq!(storage.load_updates(Owner::Bot(other_bot), &[30]).await.unwrap(), vec![update(30, 3)]);
        assert_eq!(storage.load_updates(Owner::Bot(reader), &[40, 41]).await.unwrap(), vec![]);

        records(storage.as_ref()).await;
        replacing(storage.as_ref(), a).await;
    }

    /// `bot import` through the seam: a bot's whole state replaced (what it had and the import
    /// lacks is gone, its record renamed), a new bot made whole, nobody else touched.
    async fn replacing(storage: &dyn StorageBackend, a: i64) {
        let other = 3_000_001;
        let untouched = (storage.load_bot_state(other).await.unwrap(), storage.list_files(other).await.unwrap());
        storage
            .apply(vec![
                Change::BotSetting { bot_id: a, key: "stale".into(), value: Some("x".into()) },
                Change::PushUpdate { owner: Owner::Bot(a), update: update(50, 1) },
            ])
            .await
            .unwrap();
        let mut bot = storage.load_bot(a).await.unwrap().unwrap();
        bot.first_name = "Imported".into();
        let mut state = BotState::default();
        state.settings =
            vec![("commands".to_owned(), "[1]".to_owned()), ("webhook".to_owned(), "{\"url\":1}".to_owned())];
        state.updates = vec![update(70, 3), update(71, 4)];
        let file = FileRecord::new(a, "beef".into(), "documents".into(), "documents/file_9".into(), 3, "{}".into(), 4);
        storage.replace_bot(&bot, &state, std::slice::from_ref(&file)).await.unwrap();
        assert_eq!(storage.load_bot(a).await.unwrap(), Some(bot.clone()));
        assert_eq!(storage.load_bot_state(a).await.unwrap(), state, "the stale setting and update are gone");
        assert_eq!(storage.list_files(a).await.unwrap(), vec![file], "the bot's earlier files are gone");
        assert_eq!(storage.bots_with_setting("webhook").await.unwrap(), vec![a], "the index follows");
        let fresh = BotRecord::new(3_999_999, Secret::new("f".repeat(35)), "fresh_bot".into(), "F".into(), 5);
        storage.replace_bot(&fresh, &BotState::default(), &[]).await.unwrap();
        assert_eq!(storage.load_bot(fresh.id).await.unwrap(), Some(fresh.clone()));
        assert!(storage.list_bots().await.unwrap().contains(&fresh));
        assert_eq!((storage.load_bot_state(other).await.unwrap(), storage.list_files(other).await.unwrap()), untouched);
    }

    /// Domains' rows: one change writes one row, scopes and tables keep apart, keys come back in
    /// bytewise order, a key is found across scopes, values keep whatever was typed.
    async fn records(storage: &dyn StorageBackend) {
        let put = |table: &str, scope, key: &str, value: &str| Change::PutRecord(Record::new(table, scope, key, value));
        let delete =
            |table: &str, scope, key: &str| Change::DeleteRecord { table: table.into(), scope, key: key.into() };
        assert_eq!(storage.load_record("invite", -5, "a").await.unwrap(), None);
        assert!(storage.record_scopes("invite").await.unwrap().is_empty());
        storage
            .apply(vec![
                put("invite", -5, "b", "B"),
                put("invite", -5, "a", "A"),
                put("invite", -5, "Z", "z"),
                put("invite", -7, "a", "A7"),
                put("invite", -100_000_000_001, "a", "far"),
                put("topic", -5, "a", "T"),
                put("vote", 9, "p", "💥\0 x"),
            ])
            .await
            .unwrap();
        storage
            .apply(vec![put("invite", -5, "b", "B2"), delete("invite", -5, "Z"), delete("invite", -5, "none")])
            .await
            .unwrap();
        let rows = storage.load_records("invite", -5).await.unwrap();
        assert_eq!(rows, vec![("a".to_owned(), "A".to_owned()), ("b".to_owned(), "B2".to_owned())]);
        assert_eq!(storage.load_record("invite", -5, "b").await.unwrap().as_deref(), Some("B2"), "replaced");
        assert_eq!(storage.load_record("invite", -5, "Z").await.unwrap(), None, "deleted");
        assert_eq!(storage.load_record("topic", -7, "a").await.unwrap(), None, "scopes keep apart");
        assert_eq!(storage.load_records("topic", -5).await.unwrap(), vec![("a".to_owned(), "T".to_owned())]);
        let found = storage.find_records("invite", "a").await.unwrap();
        let far = (-100_000_000_001, "far".to_owned());
        assert_eq!(found, vec![far, (-7, "A7".to_owned()), (-5, "A".to_owned())], "in scope order");
        assert!(storage.find_records("topic", "b").await.unwrap().is_empty());
        assert_eq!(storage.record_scopes("invite").await.unwrap(), vec![-100_000_000_001, -7, -5]);
        assert_eq!(storage.load_record("vote", 9, "p").await.unwrap().as_deref(), Some("💥\0 x"));
    }

    /// What a shared storage adds: appends numbered in commit order, counters, leases whose
    /// fence stops a former holder's batch whole, poll generations.
    async fn exercise_shared(storage: Arc<dyn StorageBackend>) {
        assert!(storage.shared());
        let owner = Owner::Bot(77);
        let append = |n: i64| Change::AppendUpdate { owner, update: update(0, n), first_id: 500 };
        storage.apply(vec![append(1), append(2)]).await.unwrap();
        storage.apply(vec![append(3)]).await.unwrap();
        let (read, first) = storage.load_updates_after(owner, 0, 10).await.unwrap();
        let ids: Vec<i64> = read.iter().map(|u| u.update_id).collect();
        assert_eq!((ids, first), (vec![500, 501, 502], Some(500)), "numbered from the first id, in order");
        let (read, _) = storage.load_updates_after(owner, 501, 10).await.unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(storage.next_message_id("c", 7).await.unwrap(), 7, "the floor the first time");
        assert_eq!(storage.next_message_id("c", 1).await.unwrap(), 8);
        assert_eq!(storage.next_number("n", 0).await.unwrap(), 0);
        assert_eq!(storage.next_number("n", 0).await.unwrap(), 1);

        // A lease: held and kept by its holder, refused to another while it lasts.
        let first = storage.lease("work", "one", 60).await.unwrap().expect("free");
        assert_eq!(storage.lease("work", "one", 60).await.unwrap(), Some(first), "kept, same epoch");
        assert_eq!(storage.lease("work", "two", 60).await.unwrap(), None, "held by another");
        let fenced = |holder: &str, epoch: i64, key: &str| {
            vec![
                Change::Fence { lease: "work".into(), holder: holder.into(), epoch },
                Change::PutRecord(Record::new("fenced", 0, key, "x")),
            ]
        };
        storage.apply(fenced("one", first, "a")).await.unwrap();
        // Given up (or expired): another takes it at a new epoch, and the former holder's
        // batches fail whole from then on.
        storage.release("work", "one").await.unwrap();
        let second = storage.lease("work", "two", 60).await.unwrap().expect("taken over");
        assert!(second > first, "{second} > {first}");
        let refused = storage.apply(fenced("one", first, "b")).await;
        assert!(matches!(refused, Err(StorageError::Fenced(_))), "{refused:?}");
        assert_eq!(storage.load_record("fenced", 0, "b").await.unwrap(), None, "nothing of it applied");
        storage.apply(fenced("two", second, "c")).await.unwrap();
        let leases = storage.leases().await.unwrap();
        assert!(leases.iter().any(|l| l.name == "work" && l.holder == "two" && l.epoch == second), "{leases:?}");

        let generation = storage.begin_poll(owner, 0).await.unwrap();
        assert_eq!(storage.begin_poll(owner, 1).await.unwrap(), generation + 1);
        assert_eq!(storage.poll_generation(owner).await.unwrap(), (generation + 1, 1));
        let alive = storage.heartbeat("one", 5, 30).await.unwrap();
        assert!(alive.iter().any(|i| i.id == "one" && i.started_at == 5), "{alive:?}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_shared_memory_storage_conforms_to_what_sharing_adds() {
        exercise_shared(Arc::new(memory::MemoryStorage::shared())).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_conforms() {
        let tmp = tempfile::tempdir().unwrap();
        exercise(Arc::new(sqlite::SqliteStorage::open(tmp.path()).unwrap())).await;
    }

    /// A throwaway PostgreSQL cluster; `None` (the test says why) where its binaries are not
    /// installed and this is not CI, which installs them (`.ci/test`).
    fn postgres_cluster() -> Option<msg_testkit::postgres::Cluster> {
        if msg_testkit::postgres::bin_dir().is_none() && std::env::var("CI").is_err() {
            eprintln!("skipped: PostgreSQL's server binaries are not installed (apt-get install postgresql)");
            return None;
        }
        Some(msg_testkit::postgres::Cluster::start(false))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres_conforms() {
        let Some(cluster) = postgres_cluster() else { return };
        for durability in ["power", "process"] {
            let url = cluster.create_database(&format!("conformance_{durability}"));
            let section = serde_json::json!({"url": url, "durability": durability});
            exercise(PostgresFactory.create(&section).unwrap()).await;
        }
        let url = cluster.create_database("conformance_shared");
        exercise_shared(PostgresFactory.create(&serde_json::json!({"url": url})).unwrap()).await;
    }

    /// An act's message ids hold their conversation until the act is done: the next act's id in
    /// it waits, then follows (ids in commit order); the floor is the highest stored message.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres_holds_an_acts_message_ids_until_it_is_done() {
        let Some(cluster) = postgres_cluster() else { return };
        let url = cluster.create_database("held_ids");
        let storage = PostgresFactory.create(&serde_json::json!({"url": url})).unwrap();
        let mut first = storage.message_ids().await.unwrap().expect("held ids");
        let id = first.next("c", 1).await.unwrap();
        assert_eq!(first.next("c", 1).await.unwrap(), id + 1, "the act's own second id does not wait");
        let other = storage.clone();
        let waiting = tokio::spawn(async move {
            let mut ids = other.message_ids().await.unwrap().expect("held ids");
            ids.next("c", 1).await.unwrap()
        });
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(connection);
        let waits =
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()";
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while client.query_one(waits, &[]).await.unwrap().get::<_, i64>(0) != 1 {
            assert!(std::time::Instant::now() < deadline && !waiting.is_finished(), "the next act did not wait");
            tokio::task::yield_now().await;
        }
        assert!(!waiting.is_finished(), "the next act waits while the first holds the conversation");
        drop(first);
        assert_eq!(waiting.await.unwrap(), id + 2, "then takes the next id");

        // A stored message above the counter (its act committed, the counter's move was lost
        // in a crash) is the floor.
        let message = MessageRecord { conversation: "d".into(), message_id: 100, payload: "{}".into(), date: 1 };
        storage.apply(vec![Change::PutMessage(message)]).await.unwrap();
        let mut ids = storage.message_ids().await.unwrap().expect("held ids");
        assert_eq!(ids.next("d", 1).await.unwrap(), 101);
    }

    /// The tables an older database kept people, groups and standings in are read once, then
    /// dropped (SQLite's own test: `sqlite::tests`).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres_reads_the_legacy_tables_once() {
        let Some(cluster) = postgres_cluster() else { return };
        let url = cluster.create_database("legacy");
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(connection);
        client
            .batch_execute(
                "CREATE TABLE users (id BIGINT PRIMARY KEY, secret TEXT NOT NULL, first_name BYTEA NOT NULL, last_name BYTEA,
                     username TEXT, language_code TEXT, created_at BIGINT NOT NULL, details TEXT NOT NULL DEFAULT '{}');
                 CREATE TABLE chats (id BIGINT PRIMARY KEY, kind TEXT NOT NULL, title BYTEA NOT NULL, created_at BIGINT NOT NULL,
                     details TEXT NOT NULL DEFAULT '{}');
                 CREATE TABLE members (chat_id BIGINT NOT NULL, user_id BIGINT NOT NULL, status TEXT NOT NULL,
                     details TEXT NOT NULL DEFAULT '{}', PRIMARY KEY (chat_id, user_id));
                 INSERT INTO users VALUES (7, 's', 'Al', NULL, NULL, NULL, 1, '{}');
                 INSERT INTO chats VALUES (-5, 'group', 'Club', 2, '{\"description\":\"d\"}');
                 INSERT INTO members VALUES (-5, 7, 'creator', '{}');",
            )
            .await
            .unwrap();
        let storage = PostgresFactory.create(&serde_json::json!({"url": url})).unwrap();
        storage
            .apply(vec![Change::PutMessage(MessageRecord {
                conversation: "-5".into(),
                message_id: 4,
                payload: "{}".into(),
                date: 1,
            })])
            .await
            .unwrap();
        let state = storage.legacy_platform().await.unwrap().expect("the legacy tables");
        assert_eq!(state.users, [msg_core::UserRecord::new(7, Secret::new("s"), "Al".into(), 1)]);
        let mut club = msg_core::ChatRecord::new(-5, "group".into(), "Club".into(), 2);
        club.details = r#"{"description":"d"}"#.into();
        assert_eq!(state.chats, [club]);
        assert_eq!(state.members, [msg_core::MemberRecord::new(-5, 7, "creator", "{}")]);
        assert_eq!(state.last_message_ids, [("-5".to_owned(), 4)]);
        storage.retire_legacy_platform().await.unwrap();
        assert_eq!(storage.legacy_platform().await.unwrap(), None);
        storage.retire_legacy_platform().await.unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn memory_conforms() {
        exercise(Arc::new(memory::MemoryStorage::new())).await;
    }
}
