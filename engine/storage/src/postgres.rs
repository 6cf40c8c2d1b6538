//! The PostgreSQL backend (`[storage] kind = "postgres"`, or `MSG_DATABASE_URL` alone): every
//! bot's and the platform's state in one database, for an operator who already runs PostgreSQL
//! or wants the state off the server's disk. Each [`Journal::apply`] is one transaction
//! on a pooled connection; PostgreSQL itself groups concurrent commits. Durability maps onto
//! `synchronous_commit`: `power` waits for the WAL flush, `process` does not (the database is a
//! process of its own, so the server's crash loses nothing either way). Files stay under the
//! working directory; nothing else is kept there.
//!
//! Shared (`Journal::shared`, see `shared/design/scale-out.md` and
//! `docs/design/scale-out-audit.md`): the backend keeps no state of its own in this process, the
//! schema is created under an advisory lock, user ids are taken by conflict-free inserts, message
//! ids, file numbers and group ids come from counter rows, and an update gets its queue's next id
//! from the queue's counter row inside the batch that stores it (held until the commit, so ids
//! follow commit order), with a `NOTIFY` at the commit that wakes every server's readers. One
//! server holds an advisory lock for its lifetime and a second one is refused (`claim`), unless
//! each says `[storage] instances = "several"`: an operator's explicit word that the servers
//! are one deployment. A batch is one round trip (see [`pipeline`]).
//! Connections are plain TCP or a Unix socket (no TLS yet).

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use msg_core::{
    Administration, BotRecord, BotState, Change, ChatRecord, Durability, FileRecord, Journal, MemberRecord, Notice,
    Owner, PlatformState, Secret, StorageError, StoredUpdate, UserRecord,
};
use tokio_postgres::Row;

/// Connections the pool keeps at most.
const POOL_SIZE: usize = 16;
/// Connections the locks' pool keeps at most ([`Journal::lock`]: each held or awaited lock
/// takes one, apart from the pool the batches use, so a holder can always commit).
const LOCK_POOL_SIZE: usize = 64;
/// Connections the counters' pool keeps at most ([`PostgresStorage::count`]).
const COUNTER_POOL_SIZE: usize = 4;
/// Connections the message ids' pool keeps at most ([`Journal::message_ids`]: one per act in
/// flight that posts a message, held until the act has committed).
const IDS_POOL_SIZE: usize = 16;
/// How long an act waits for a conversation's counter row, or for a connection of the ids'
/// pool, before it is answered 429 (a flood of posts into one chat).
const IDS_WAIT: std::time::Duration = std::time::Duration::from_secs(5);
/// User ids are drawn from the same range as the SQLite backend's.
const ID_RANGE: std::ops::Range<i64> = 1_000_000_000..8_000_000_000;
/// Taken while the schema is created, so two instances starting together do not race.
const SCHEMA_LOCK: i64 = 0x006d_7367_5f61_7069;
/// Held by the serving instance for as long as it lives (`Administration::claim`): several
/// instances on one database are not safe yet (ids and queues are kept per process), so a
/// second server is refused instead of silently overwriting the first one's messages.
const SERVING_LOCK: i64 = 0x006d_7367_5f73_7276;

/// Text a person or a bot typed is kept as bytes (`BYTEA`): PostgreSQL's `TEXT` refuses the NUL
/// character, which the Bot API lets through (JSON payloads escape it and stay `TEXT`).
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS bots (
    id BIGINT PRIMARY KEY, secret TEXT NOT NULL, username TEXT NOT NULL, first_name BYTEA NOT NULL,
    created_at BIGINT NOT NULL, revoked BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE IF NOT EXISTS bot_settings (
    bot_id BIGINT NOT NULL, key TEXT NOT NULL, value BYTEA NOT NULL, PRIMARY KEY (bot_id, key)
);
CREATE TABLE IF NOT EXISTS updates (
    owner_kind SMALLINT NOT NULL, owner_id BIGINT NOT NULL, update_id BIGINT NOT NULL, kind TEXT NOT NULL,
    payload TEXT NOT NULL, chat_key BIGINT NOT NULL, expires_at BIGINT NOT NULL,
    PRIMARY KEY (owner_kind, owner_id, update_id)
);
CREATE TABLE IF NOT EXISTS files (
    bot_id BIGINT NOT NULL, content TEXT NOT NULL, kind TEXT NOT NULL, path TEXT NOT NULL, size BIGINT NOT NULL,
    meta TEXT NOT NULL, created_at BIGINT NOT NULL, accessed_at BIGINT NOT NULL, PRIMARY KEY (bot_id, content, kind)
);
CREATE TABLE IF NOT EXISTS user_ids (id BIGINT PRIMARY KEY, kind TEXT NOT NULL, created_at BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
    conversation TEXT NOT NULL, message_id BIGINT NOT NULL, payload TEXT NOT NULL, date BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (conversation, message_id)
);
CREATE INDEX IF NOT EXISTS messages_by_date ON messages (date);
CREATE TABLE IF NOT EXISTS message_counters (conversation TEXT PRIMARY KEY, last_id BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS person_queue_heads (user_id BIGINT PRIMARY KEY, next_update_id BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS person_files (user_id BIGINT NOT NULL, content TEXT NOT NULL, PRIMARY KEY (user_id, content));
CREATE TABLE IF NOT EXISTS records (
    tbl TEXT NOT NULL, scope BIGINT NOT NULL, key BYTEA NOT NULL, value BYTEA NOT NULL, PRIMARY KEY (tbl, scope, key)
);
CREATE INDEX IF NOT EXISTS records_by_key ON records (tbl, key);
CREATE TABLE IF NOT EXISTS queue_heads (
    owner_kind SMALLINT NOT NULL, owner_id BIGINT NOT NULL, last_id BIGINT NOT NULL, PRIMARY KEY (owner_kind, owner_id)
);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, last_id BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS leases (
    name TEXT PRIMARY KEY, holder TEXT NOT NULL, epoch BIGINT NOT NULL, expires_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS instances (id TEXT PRIMARY KEY, started_at BIGINT NOT NULL, seen_at TIMESTAMPTZ NOT NULL);
CREATE TABLE IF NOT EXISTS polls (
    owner_kind SMALLINT NOT NULL, owner_id BIGINT NOT NULL, generation BIGINT NOT NULL, reason SMALLINT NOT NULL,
    PRIMARY KEY (owner_kind, owner_id)
);
CREATE OR REPLACE FUNCTION msg_fence(lease TEXT, who TEXT, at BIGINT) RETURNS VOID AS $fence$
BEGIN
    PERFORM 1 FROM leases WHERE name = lease AND holder = who AND epoch = at FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'lease % moved on', lease USING ERRCODE = 'MF001';
    END IF;
END
$fence$ LANGUAGE plpgsql;
";

/// The SQLSTATE `msg_fence` raises when a batch's lease moved on ([`Change::Fence`]).
const FENCED: &str = "MF001";

/// The channel a batch notifies at its commit with what it changed that other servers keep
/// copies of ([`notice_text`]): a queue appended to, a bot's settings.
const UPDATES_CHANNEL: &str = "msg_updates";

pub struct PostgresStorage {
    pool: Pool,
    /// The locks' connections ([`LOCK_POOL_SIZE`]).
    lock_pool: Pool,
    /// The counters' connections ([`COUNTER_POOL_SIZE`]), whose commits do not wait for the WAL
    /// flush ([`PostgresStorage::count`] says why nothing is lost).
    counter_pool: Pool,
    /// The connections acts hold their message ids on ([`IDS_POOL_SIZE`], [`HeldIds`]).
    ids_pool: Pool,
    /// How to connect, for the connection that listens for [`UPDATES_CHANNEL`].
    config: tokio_postgres::Config,
    /// Who to wake at a notification; the listening connection starts with the first.
    wakes: std::sync::Arc<std::sync::Mutex<Vec<msg_core::Wake>>>,
    /// Tables whose rows' changes are notified ([`Journal::watch`]).
    watched: std::sync::RwLock<std::collections::HashSet<String>>,
    /// Where the database is, without credentials, for error messages and logs.
    label: String,
    schema: tokio::sync::OnceCell<()>,
    /// The connection whose session holds [`SERVING_LOCK`], kept out of the pool while the
    /// server runs.
    claimed: tokio::sync::OnceCell<deadpool_postgres::Object>,
    /// Several servers may share the database ([`PostgresStorage::several`]).
    several: bool,
}

impl PostgresStorage {
    /// A pool for the database at `url` (connected on first use); commits wait for the WAL
    /// flush in `power` mode.
    pub fn connect(url: &str, durability: Durability) -> Result<Self, StorageError> {
        let bad = |message: String| StorageError::Database { path: "MSG_DATABASE_URL".into(), message };
        let mut config: tokio_postgres::Config =
            url.parse().map_err(|e| bad(format!("is not a PostgreSQL URL: {e}")))?;
        let synchronous_commit = match durability {
            Durability::Power => "on",
            Durability::Process => "off",
        };
        config.options(format!("-c synchronous_commit={synchronous_commit}"));
        config.application_name("msg-bot-api");
        config.connect_timeout(std::time::Duration::from_secs(10));
        let host = config
            .get_hosts()
            .first()
            .map(|h| match h {
                tokio_postgres::config::Host::Tcp(name) => name.clone(),
                tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
            })
            .unwrap_or_else(|| "localhost".into());
        let port = config.get_ports().first().copied().unwrap_or(5432);
        let label = format!("`{}` on {host}:{port}", config.get_dbname().unwrap_or("(default)"));
        let manager = Manager::from_config(
            config.clone(),
            tokio_postgres::NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let pool = Pool::builder(manager).max_size(POOL_SIZE).build().map_err(|e| bad(e.to_string()))?;
        let lock_manager = Manager::from_config(
            config.clone(),
            tokio_postgres::NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let lock_pool = Pool::builder(lock_manager).max_size(LOCK_POOL_SIZE).build().map_err(|e| bad(e.to_string()))?;
        let mut counter_config = config.clone();
        counter_config.options("-c synchronous_commit=off");
        let counter_manager = Manager::from_config(
            counter_config.clone(),
            tokio_postgres::NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let counter_pool =
            Pool::builder(counter_manager).max_size(COUNTER_POOL_SIZE).build().map_err(|e| bad(e.to_string()))?;
        let ids_manager = Manager::from_config(
            counter_config,
            tokio_postgres::NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let ids_pool = Pool::builder(ids_manager)
            .max_size(IDS_POOL_SIZE)
            .wait_timeout(Some(IDS_WAIT))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| bad(e.to_string()))?;
        Ok(Self {
            pool,
            lock_pool,
            counter_pool,
            ids_pool,
            config,
            wakes: Default::default(),
            watched: Default::default(),
            label,
            schema: tokio::sync::OnceCell::new(),
            claimed: tokio::sync::OnceCell::new(),
            several: false,
        })
    }

    /// Lets several servers use the database at once (`[storage] instances = "several"`): no
    /// serving lock is taken; what the servers share and how is the book's "Several instances" (Operators).
    pub fn several(mut self, several: bool) -> Self {
        self.several = several;
        self
    }

    fn error(&self, e: impl std::error::Error) -> StorageError {
        StorageError::Database { path: self.label.clone(), message: describe(&e) }
    }

    /// A pooled connection, the schema created on the first.
    async fn client(&self) -> Result<deadpool_postgres::Object, StorageError> {
        let mut client = self.pool.get().await.map_err(|e| match e {
            deadpool_postgres::PoolError::Backend(e) => StorageError::Database {
                path: self.label.clone(),
                message: format!(
                    "{} (check MSG_DATABASE_URL: host, port, user, password and database, and that the server accepts connections from here)",
                    describe(&e)
                ),
            },
            other => self.error(other),
        })?;
        self.schema
            .get_or_try_init(|| async {
                let tx = client.transaction().await.map_err(|e| self.error(e))?;
                tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK]).await.map_err(|e| self.error(e))?;
                tx.batch_execute(SCHEMA).await.map_err(|e| self.error(e))?;
                tx.commit().await.map_err(|e| self.error(e))
            })
            .await?;
        Ok(client)
    }

    async fn query(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Vec<Row>, StorageError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await.map_err(|e| self.error(e))?;
        client.query(&statement, params).await.map_err(|e| self.error(e))
    }

    /// Moves counter `key` of `table` (keyed by `column`) on by one, never below `at_least`
    /// (its value the first time): one statement, so two servers never get the same number.
    ///
    /// Its commit does not wait for the WAL flush (the counters' own pool), which halves the
    /// flushes a message costs, and loses nothing: a number is only ever used by a batch that
    /// commits later, and PostgreSQL flushes its WAL in order, so the batch's flush carries the
    /// counter's move with it. A crash can only forget a move no committed batch used.
    async fn count(&self, table: &str, column: &str, key: &str, at_least: i64) -> Result<i64, StorageError> {
        if self.schema.get().is_none() {
            drop(self.client().await?);
        }
        let sql = format!(
            "INSERT INTO {table} AS c ({column}, last_id) VALUES ($1, $2)
             ON CONFLICT ({column}) DO UPDATE SET last_id = GREATEST(c.last_id + 1, excluded.last_id)
             RETURNING last_id"
        );
        let client = self.counter_pool.get().await.map_err(|e| self.error(e))?;
        let statement = client.prepare_cached(&sql).await.map_err(|e| self.error(e))?;
        let row = client.query_opt(&statement, &[&key, &at_least]).await.map_err(|e| self.error(e))?;
        Ok(row.map_or(at_least, |r| r.get(0)))
    }

    async fn query_opt(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Option<Row>, StorageError> {
        Ok(self.query(sql, params).await?.into_iter().next())
    }
}

/// The setting a bot's queue keeps its next id in (the queue's; not imported to avoid a cycle).
const NEXT_ID_SETTING: &str = "next_update_id";

/// A held advisory lock ([`Journal::lock`]): dropping it unlocks on its connection, which then
/// goes back to the locks' pool; a connection that cannot unlock is closed instead (PostgreSQL
/// releases a session's locks when it ends), never pooled with the lock held.
struct AdvisoryLock {
    client: Option<deadpool_postgres::Object>,
    key: i64,
}

impl Drop for AdvisoryLock {
    fn drop(&mut self) {
        let Some(client) = self.client.take() else { return };
        let key = self.key;
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    if client.execute("SELECT pg_advisory_unlock($1)", &[&key]).await.is_err() {
                        drop(deadpool_postgres::Object::take(client));
                    }
                });
            }
            Err(_) => drop(deadpool_postgres::Object::take(client)),
        }
    }
}

/// Runs `statements` as one transaction in one round trip: BEGIN, each statement (prepared, so
/// once per connection a round trip each to prepare the new ones), COMMIT, all sent before any
/// answer is read (tokio-postgres pipelines requests made together, in the order made).
/// PostgreSQL runs them in order; after a failure it refuses the rest and the COMMIT rolls the
/// transaction back, so the batch is applied whole or not at all. Answers the first failure.
async fn pipeline(
    client: &deadpool_postgres::Object,
    statements: &[Statement<'_>],
) -> Result<(), tokio_postgres::Error> {
    let mut prepared = Vec::with_capacity(statements.len());
    for (sql, _) in statements {
        prepared.push(client.prepare_cached(sql).await?);
    }
    let params: Vec<Vec<&(dyn tokio_postgres::types::ToSql + Sync)>> = statements
        .iter()
        .map(|(_, params)| params.iter().map(|p| p.as_ref() as &(dyn tokio_postgres::types::ToSql + Sync)).collect())
        .collect();
    type Step<'f> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), tokio_postgres::Error>> + Send + 'f>>;
    let mut steps: Vec<Step<'_>> = Vec::with_capacity(statements.len() + 2);
    steps.push(Box::pin(client.batch_execute("BEGIN")));
    for (statement, params) in prepared.iter().zip(&params) {
        steps.push(Box::pin(async move { client.execute(statement, params).await.map(drop) }));
    }
    steps.push(Box::pin(client.batch_execute("COMMIT")));
    let outcomes = futures_util::future::join_all(steps).await;
    match outcomes.into_iter().find_map(Result::err) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Whether PostgreSQL rolled the transaction back for a reason a second try can pass: a
/// deadlock or a serialization failure.
fn retryable(e: &tokio_postgres::Error) -> bool {
    use tokio_postgres::error::SqlState;
    e.code().is_some_and(|c| *c == SqlState::T_R_DEADLOCK_DETECTED || *c == SqlState::T_R_SERIALIZATION_FAILURE)
}

/// Listens for [`UPDATES_CHANNEL`] on a connection of its own for as long as the process
/// lives, calling `wake` with each queue named; after its connection came back (or first
/// came), with `None`: it may have missed some while away.
async fn listen(config: tokio_postgres::Config, label: String, wake: msg_core::Wake) {
    let mut failing = false;
    loop {
        match config.connect(tokio_postgres::NoTls).await {
            Ok((client, mut connection)) => {
                let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
                let driver = tokio::spawn(async move {
                    while let Some(message) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                        match message {
                            Ok(tokio_postgres::AsyncMessage::Notification(n)) => {
                                if tx.send(n.payload().to_owned()).is_err() {
                                    return;
                                }
                            }
                            Ok(_) => {}
                            Err(_) => return,
                        }
                    }
                });
                if client.batch_execute(&format!("LISTEN {UPDATES_CHANNEL}")).await.is_ok() {
                    if failing {
                        tracing::info!("listening for other servers' updates on {label} again");
                        failing = false;
                    }
                    wake(Notice::Everything);
                    while let Some(payload) = rx.recv().await {
                        if let Some(notice) = notice_of_text(&payload) {
                            wake(notice);
                        }
                    }
                }
                driver.abort();
            }
            Err(e) if !failing => {
                tracing::warn!(
                    "cannot listen for other servers' updates on {label}: {} (trying again every second; queues are read back every second meanwhile)",
                    describe(&e)
                );
                failing = true;
            }
            Err(_) => {}
        }
        if !failing {
            tracing::warn!("the connection listening for other servers' updates on {label} ended; reconnecting");
            failing = true;
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

/// One act's message ids ([`Journal::message_ids`]): a transaction on a connection of its own
/// whose counter rows stay locked until it is dropped, after the act's batch has committed.
///
/// Its commit does not wait for the WAL flush and may even be lost in a crash after the act's
/// batch committed: the next id is never below the conversation's highest stored message, so
/// an id a committed batch used is never handed out again.
struct HeldIds {
    client: Option<deadpool_postgres::Object>,
    /// Whether the transaction was begun (then it is committed when dropped).
    began: bool,
    label: String,
}

#[async_trait::async_trait]
impl msg_core::MessageIds for HeldIds {
    async fn next(&mut self, conversation: &str, at_least: i64) -> Result<i64, StorageError> {
        let label = &self.label;
        let error = |e: tokio_postgres::Error| match e.code() {
            Some(&tokio_postgres::error::SqlState::LOCK_NOT_AVAILABLE) => StorageError::Busy(format!(
                "conversation {conversation}'s message counter stayed taken for {IDS_WAIT:?} (a flood of posts into it)"
            )),
            // Two acts posting into the same two conversations in opposite orders.
            Some(&tokio_postgres::error::SqlState::T_R_DEADLOCK_DETECTED) => {
                StorageError::Busy(format!("two acts posting into conversation {conversation} waited for each other"))
            }
            _ => StorageError::Database { path: label.clone(), message: describe(&e) },
        };
        let client = self.client.as_ref().expect("held until dropped");
        let statement = client
            .prepare_cached(
                "INSERT INTO message_counters AS c (conversation, last_id)
                 VALUES ($1, GREATEST($2, (SELECT COALESCE(MAX(message_id), 0) + 1 FROM messages WHERE conversation = $1)))
                 ON CONFLICT (conversation) DO UPDATE SET last_id = GREATEST(c.last_id + 1, excluded.last_id)
                 RETURNING last_id",
            )
            .await
            .map_err(error)?;
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 2] = [&conversation, &at_least];
        let next = client.query_one(&statement, &params);
        let row = if self.began {
            next.await.map_err(error)?
        } else {
            // Sent together: one round trip. The transaction is committed when this is dropped
            // even if the future is dropped halfway.
            self.began = true;
            let begin_sql = format!("BEGIN; SET LOCAL lock_timeout = {}", IDS_WAIT.as_millis());
            let begin = client.batch_execute(&begin_sql);
            let (begun, row) = tokio::join!(begin, next);
            begun.map_err(error)?;
            row.map_err(error)?
        };
        Ok(row.get(0))
    }
}

impl Drop for HeldIds {
    fn drop(&mut self) {
        let Some(client) = self.client.take() else { return };
        if !self.began {
            return;
        }
        // The connection goes back to the pool only once its transaction has ended; without a
        // runtime (the process is ending) it is closed, which ends the transaction too.
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    if client.batch_execute("COMMIT").await.is_err() {
                        drop(deadpool_postgres::Object::take(client));
                    }
                });
            }
            Err(_) => drop(deadpool_postgres::Object::take(client)),
        }
    }
}

/// An error with its causes: "error connecting to server: Connection refused (os error 111)".
fn describe(e: &dyn std::error::Error) -> String {
    let mut message = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        message.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    message
}

/// Owner kinds in the `updates` table.
fn owner_key(owner: Owner) -> (i16, i64) {
    match owner {
        Owner::Bot(id) => (0, id),
        Owner::User(id) => (1, id),
    }
}

/// A notice as [`UPDATES_CHANNEL`] carries it: `b:<bot id>` and `u:<user id>` for queues,
/// `s:<bot id>` for a bot's record or settings.
fn notice_text(notice: Notice) -> String {
    match notice {
        Notice::Queue(Owner::Bot(id)) => format!("b:{id}"),
        Notice::Queue(Owner::User(id)) => format!("u:{id}"),
        Notice::Bot(id) => format!("s:{id}"),
        Notice::Row { table, scope, key } => format!("r:{scope}:{table}:{key}"),
        Notice::Everything => "*".into(),
    }
}

fn notice_of_text(text: &str) -> Option<Notice> {
    if text == "*" {
        return Some(Notice::Everything);
    }
    if let Some(row) = text.strip_prefix("r:") {
        let (scope, rest) = row.split_once(':')?;
        let (table, key) = rest.split_once(':')?;
        return Some(Notice::Row { table: table.to_owned(), scope: scope.parse().ok()?, key: key.to_owned() });
    }
    let (kind, id) = text.split_once(':')?;
    let id = id.parse().ok()?;
    match kind {
        "b" => Some(Notice::Queue(Owner::Bot(id))),
        "u" => Some(Notice::Queue(Owner::User(id))),
        "s" => Some(Notice::Bot(id)),
        _ => None,
    }
}

/// What a change tells the other servers at its commit (rows: of the `watched` tables).
fn notice_of(change: &Change, watched: &std::collections::HashSet<String>) -> Option<Notice> {
    let row = |table: &str, scope: i64, key: &str| {
        // A notification's payload is limited (8000 bytes): a longer key is not told.
        (watched.contains(table) && key.len() < 4000).then(|| Notice::Row {
            table: table.to_owned(),
            scope,
            key: key.to_owned(),
        })
    };
    match change {
        Change::AppendUpdate { owner, .. } => Some(Notice::Queue(*owner)),
        Change::BotSetting { bot_id, .. } => Some(Notice::Bot(*bot_id)),
        Change::PutRecord(r) => row(&r.table, r.scope, &r.key),
        Change::DeleteRecord { table, scope, key } => row(table, *scope, key),
        _ => None,
    }
}

fn chat_row(r: &Row) -> ChatRecord {
    let mut chat = ChatRecord::new(r.get(0), r.get(1), text(r, 2), r.get(3));
    chat.details = r.get(4);
    chat
}

fn member_row(r: &Row) -> MemberRecord {
    MemberRecord::new(r.get(0), r.get(1), r.get::<_, String>(2), r.get::<_, String>(3))
}

/// A `BYTEA` column of text (see [`SCHEMA`]).
fn text(r: &Row, column: usize) -> String {
    String::from_utf8_lossy(r.get::<_, &[u8]>(column)).into_owned()
}

fn bot_row(r: &Row) -> BotRecord {
    let mut bot =
        BotRecord::new(r.get(0), Secret::new(r.get::<_, String>(1)), r.get(2), text(r, 3), r.get::<_, i64>(4));
    bot.revoked = r.get(5);
    bot
}

fn user_row(r: &Row) -> UserRecord {
    let mut u = UserRecord::new(r.get(0), Secret::new(r.get::<_, String>(1)), text(r, 2), r.get(6));
    u.last_name = r.get::<_, Option<&[u8]>>(3).map(|b| String::from_utf8_lossy(b).into_owned());
    u.username = r.get(4);
    u.language_code = r.get(5);
    u.details = r.get(7);
    u
}

fn update_row(r: &Row) -> StoredUpdate {
    StoredUpdate { update_id: r.get(0), kind: r.get(1), payload: r.get(2), chat_key: r.get(3), expires_at: r.get(4) }
}

fn file_row(bot_id: i64, r: &Row) -> FileRecord {
    let mut f = FileRecord::new(bot_id, r.get(0), r.get(1), r.get(2), r.get::<_, i64>(3) as u64, r.get(4), r.get(5));
    f.accessed_at = r.get(6);
    f
}

const BOT_COLUMNS: &str = "SELECT id, secret, username, first_name, created_at, revoked FROM bots";
const USER_COLUMNS: &str =
    "SELECT id, secret, first_name, last_name, username, language_code, created_at, details FROM users";
const UPDATE_COLUMNS: &str = "SELECT update_id, kind, payload, chat_key, expires_at FROM updates";
const FILE_COLUMNS: &str = "SELECT content, kind, path, size, meta, created_at, accessed_at FROM files";

/// A statement of a batch: its SQL and its parameters (owned, or borrowed from the change).
type Statement<'a> = (&'static str, Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send + 'a>>);

/// The statement that tells every server's listener of `notice` at the batch's commit.
fn notify<'a>(notice: String) -> Statement<'a> {
    ("SELECT pg_notify($1, $2)", vec![Box::new(UPDATES_CHANNEL), Box::new(notice)])
}

/// One change as one statement inside the batch's transaction (`None`: it has none here).
fn statement_of(change: &Change) -> Option<Statement<'_>> {
    macro_rules! run {
        ($sql:expr, $($param:expr),* $(,)?) => {{
            let params: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send + '_>> =
                vec![$(Box::new(ToOwned::to_owned($param))),*];
            return Some(($sql, params));
        }};
    }
    match change {
        Change::Fence { lease, holder, epoch } => {
            // Held (shared) until the commit, so the lease cannot change hands meanwhile; one
            // that moved on raises FENCED, which rolls the batch back whole.
            run!("SELECT msg_fence($1, $2, $3)", lease, holder, epoch)
        }
        Change::BotSetting { bot_id, key, value: Some(value) } => run!(
            "INSERT INTO bot_settings (bot_id, key, value) VALUES ($1, $2, $3)
             ON CONFLICT (bot_id, key) DO UPDATE SET value = excluded.value",
            bot_id,
            key,
            &value.as_bytes()
        ),
        Change::BotSetting { bot_id, key, value: None } => {
            run!("DELETE FROM bot_settings WHERE bot_id = $1 AND key = $2", bot_id, key)
        }
        Change::PushUpdate { owner, update: u } => {
            let (kind, id) = owner_key(*owner);
            run!(
                "INSERT INTO updates (owner_kind, owner_id, update_id, kind, payload, chat_key, expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (owner_kind, owner_id, update_id) DO UPDATE SET kind = excluded.kind,
                 payload = excluded.payload, chat_key = excluded.chat_key, expires_at = excluded.expires_at",
                &kind,
                &id,
                &u.update_id,
                &u.kind,
                &u.payload,
                &u.chat_key,
                &u.expires_at
            )
        }
        Change::AppendUpdate { owner, update: u, first_id } => {
            // The counter row stays locked until the batch commits: the next append to this
            // queue, from any server, waits for it and takes the id after.
            let (kind, id) = owner_key(*owner);
            run!(
                "WITH head AS (
                    INSERT INTO queue_heads AS h (owner_kind, owner_id, last_id) VALUES ($1, $2, $3)
                    ON CONFLICT (owner_kind, owner_id) DO UPDATE SET last_id = GREATEST(h.last_id + 1, excluded.last_id)
                    RETURNING last_id
                 )
                 INSERT INTO updates (owner_kind, owner_id, update_id, kind, payload, chat_key, expires_at)
                 SELECT $1, $2, last_id, $4, $5, $6, $7 FROM head",
                &kind,
                &id,
                first_id,
                &u.kind,
                &u.payload,
                &u.chat_key,
                &u.expires_at
            )
        }
        Change::DropUpdatesBelow { owner, below } => {
            let (kind, id) = owner_key(*owner);
            run!("DELETE FROM updates WHERE owner_kind = $1 AND owner_id = $2 AND update_id < $3", &kind, &id, below)
        }
        Change::DropUpdate { owner, update_id } => {
            let (kind, id) = owner_key(*owner);
            run!(
                "DELETE FROM updates WHERE owner_kind = $1 AND owner_id = $2 AND update_id = $3",
                &kind,
                &id,
                update_id
            )
        }
        Change::PutMessage(m) => run!(
            "INSERT INTO messages (conversation, message_id, payload, date) VALUES ($1, $2, $3, $4)
             ON CONFLICT (conversation, message_id) DO UPDATE SET payload = excluded.payload, date = excluded.date",
            &m.conversation,
            &m.message_id,
            &m.payload,
            &m.date
        ),
        Change::DeleteMessage { conversation, message_id } => {
            run!("DELETE FROM messages WHERE conversation = $1 AND message_id = $2", conversation, message_id)
        }
        Change::PutFile(f) => run!(
            "INSERT INTO files (bot_id, content, kind, path, size, meta, created_at, accessed_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (bot_id, content, kind) DO UPDATE SET path = excluded.path, size = excluded.size,
             meta = excluded.meta, created_at = excluded.created_at, accessed_at = excluded.accessed_at",
            &f.bot_id,
            &f.content,
            &f.kind,
            &f.path,
            &(f.size as i64),
            &f.meta,
            &f.created_at,
            &f.accessed_at
        ),
        Change::PersonQueueHead { user_id, next_update_id } => run!(
            "INSERT INTO person_queue_heads (user_id, next_update_id) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET
             next_update_id = GREATEST(person_queue_heads.next_update_id, excluded.next_update_id)",
            user_id,
            next_update_id
        ),
        Change::PersonFile { user_id, content } => {
            run!("INSERT INTO person_files (user_id, content) VALUES ($1, $2) ON CONFLICT DO NOTHING", user_id, content)
        }
        Change::PutRecord(r) => run!(
            "INSERT INTO records (tbl, scope, key, value) VALUES ($1, $2, $3, $4)
             ON CONFLICT (tbl, scope, key) DO UPDATE SET value = excluded.value",
            &r.table,
            &r.scope,
            &r.key.as_bytes(),
            &r.value.as_bytes()
        ),
        Change::DeleteRecord { table, scope, key } => {
            run!("DELETE FROM records WHERE tbl = $1 AND scope = $2 AND key = $3", table, scope, &key.as_bytes())
        }
        other => tracing::error!("change {other:?} has no place in the postgres backend"),
    }
    None
}

#[async_trait::async_trait]
impl Journal for PostgresStorage {
    async fn list_bots(&self) -> Result<Vec<BotRecord>, StorageError> {
        Ok(self.query(&format!("{BOT_COLUMNS} ORDER BY id"), &[]).await?.iter().map(bot_row).collect())
    }
    async fn load_bot(&self, bot_id: i64) -> Result<Option<BotRecord>, StorageError> {
        Ok(self.query_opt(&format!("{BOT_COLUMNS} WHERE id = $1"), &[&bot_id]).await?.as_ref().map(bot_row))
    }
    async fn bots_with_setting(&self, key: &str) -> Result<Vec<i64>, StorageError> {
        let rows = self.query("SELECT bot_id FROM bot_settings WHERE key = $1 ORDER BY bot_id", &[&key]).await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
    async fn allocate_user_id(&self) -> Result<i64, StorageError> {
        for _ in 0..64 {
            let id = msg_core::random::between(ID_RANGE.start, ID_RANGE.end - 1);
            let taken = self
                .query(
                    "INSERT INTO user_ids (id, kind, created_at) SELECT $1, 'user', $2
                     WHERE NOT EXISTS (SELECT 1 FROM bots WHERE id = $1)
                     ON CONFLICT DO NOTHING RETURNING id",
                    &[&id, &msg_core::storage::now_unix()],
                )
                .await?;
            if !taken.is_empty() {
                return Ok(id);
            }
        }
        Err(StorageError::Conflict("could not find a free user id".into()))
    }
    fn shared(&self) -> bool {
        true
    }
    async fn next_message_id(&self, conversation: &str, at_least: i64) -> Result<i64, StorageError> {
        self.count("message_counters", "conversation", conversation, at_least).await
    }
    async fn message_ids(&self) -> Result<Option<Box<dyn msg_core::MessageIds>>, StorageError> {
        if self.schema.get().is_none() {
            drop(self.client().await?);
        }
        let client = self.ids_pool.get().await.map_err(|e| match e {
            deadpool_postgres::PoolError::Timeout(_) => {
                StorageError::Busy(format!("every connection for message ids stayed taken for {IDS_WAIT:?}"))
            }
            other => self.error(other),
        })?;
        Ok(Some(Box::new(HeldIds { client: Some(client), began: false, label: self.label.clone() })))
    }
    async fn next_number(&self, name: &str, at_least: i64) -> Result<i64, StorageError> {
        self.count("counters", "name", name, at_least).await
    }
    async fn begin_poll(&self, owner: Owner, reason: i16) -> Result<i64, StorageError> {
        let (kind, id) = owner_key(owner);
        let row = self
            .query_opt(
                "WITH poll AS (
                    INSERT INTO polls AS p (owner_kind, owner_id, generation, reason) VALUES ($1, $2, 1, $3)
                    ON CONFLICT (owner_kind, owner_id) DO UPDATE SET generation = p.generation + 1, reason = $3
                    RETURNING generation
                 ), woken AS (SELECT pg_notify($4, $5))
                 SELECT generation FROM poll, woken",
                &[&kind, &id, &reason, &UPDATES_CHANNEL, &notice_text(Notice::Queue(owner))],
            )
            .await?;
        Ok(row.map_or(0, |r| r.get(0)))
    }
    async fn lease(&self, name: &str, holder: &str, ttl: i64) -> Result<Option<i64>, StorageError> {
        // The database's clock decides expiry, whatever the servers' clocks say.
        let row = self
            .query_opt(
                "INSERT INTO leases AS l (name, holder, epoch, expires_at)
                 VALUES ($1, $2, 1, now() + make_interval(secs => $3))
                 ON CONFLICT (name) DO UPDATE SET
                    epoch = CASE WHEN l.holder = excluded.holder THEN l.epoch ELSE l.epoch + 1 END,
                    holder = excluded.holder, expires_at = excluded.expires_at
                 WHERE l.holder = excluded.holder OR l.expires_at < now()
                 RETURNING epoch",
                &[&name, &holder, &(ttl as f64)],
            )
            .await?;
        Ok(row.map(|r| r.get(0)))
    }
    async fn release(&self, name: &str, holder: &str) -> Result<(), StorageError> {
        let sql = "UPDATE leases SET expires_at = now() - interval '1 second' WHERE name = $1 AND holder = $2";
        self.query(sql, &[&name, &holder]).await.map(drop)
    }
    async fn leases(&self) -> Result<Vec<msg_core::Lease>, StorageError> {
        let sql = "SELECT name, holder, epoch, floor(extract(epoch FROM expires_at - now()))::BIGINT FROM leases ORDER BY name";
        let rows = self.query(sql, &[]).await?;
        Ok(rows
            .iter()
            .map(|r| msg_core::Lease::new(r.get::<_, String>(0), r.get::<_, String>(1), r.get(2), r.get(3)))
            .collect())
    }
    async fn heartbeat(&self, id: &str, started_at: i64, within: i64) -> Result<Vec<msg_core::Instance>, StorageError> {
        self.query(
            "INSERT INTO instances (id, started_at, seen_at) VALUES ($1, $2, now())
             ON CONFLICT (id) DO UPDATE SET seen_at = now()",
            &[&id, &started_at],
        )
        .await?;
        self.instances(within).await
    }
    async fn leave(&self, id: &str) -> Result<(), StorageError> {
        self.query("DELETE FROM instances WHERE id = $1", &[&id]).await.map(|_| ())
    }
    async fn instances(&self, within: i64) -> Result<Vec<msg_core::Instance>, StorageError> {
        let rows = self
            .query(
                "SELECT id, started_at, floor(extract(epoch FROM now() - seen_at))::BIGINT FROM instances
                 WHERE seen_at > now() - make_interval(secs => $1) ORDER BY id",
                &[&(within as f64)],
            )
            .await?;
        Ok(rows.iter().map(|r| msg_core::Instance::new(r.get::<_, String>(0), r.get(1), r.get(2))).collect())
    }
    async fn deployment_id(&self) -> Result<Option<String>, StorageError> {
        // The cluster's identifier (kept by its physical replicas: a failover stays the same
        // deployment) and the database's name.
        let sql = "SELECT system_identifier::text || '/' || current_database() FROM pg_control_system()";
        Ok(self.query_opt(sql, &[]).await?.map(|r| r.get::<_, String>(0)))
    }
    async fn poll_generation(&self, owner: Owner) -> Result<(i64, i16), StorageError> {
        let (kind, id) = owner_key(owner);
        let sql = "SELECT generation, reason FROM polls WHERE owner_kind = $1 AND owner_id = $2";
        Ok(self.query_opt(sql, &[&kind, &id]).await?.map_or((0, 0), |r| (r.get(0), r.get(1))))
    }
    async fn lock(&self, key: i64) -> Result<Option<msg_core::StorageLock>, StorageError> {
        // Taken in a task of its own: a wait dropped early must not leave a pooled connection
        // holding the lock once PostgreSQL grants it; the task gives it back instead.
        let (pool, label) = (self.lock_pool.clone(), self.label.clone());
        let (tx, rx) = tokio::sync::oneshot::channel();
        tokio::spawn(async move {
            let taken = async {
                let client = pool.get().await.map_err(|e| describe(&e))?;
                client.execute("SELECT pg_advisory_lock($1)", &[&key]).await.map_err(|e| describe(&e))?;
                Ok::<_, String>(AdvisoryLock { client: Some(client), key })
            };
            // Dropped unsent (nobody waits any more), the lock is given back by its Drop.
            let _ = tx.send(taken.await);
        });
        match rx.await {
            Ok(Ok(lock)) => Ok(Some(Box::new(lock))),
            Ok(Err(message)) => Err(StorageError::Database { path: label, message }),
            Err(_) => Err(StorageError::Task("taking a lock ended without an answer".into())),
        }
    }
    fn watch(&self, tables: &[&str]) {
        self.watched.write().expect("watched").extend(tables.iter().map(|t| (*t).to_owned()));
    }
    fn listen(&self, wake: msg_core::Wake) {
        let mut wakes = self.wakes.lock().expect("wakes");
        wakes.push(wake);
        if wakes.len() == 1 {
            let everyone = self.wakes.clone();
            let wake: msg_core::Wake = std::sync::Arc::new(move |notice: Notice| {
                let wakes = everyone.lock().expect("wakes").clone();
                wakes.iter().for_each(|wake| wake(notice.clone()));
            });
            tokio::spawn(listen(self.config.clone(), self.label.clone(), wake));
        }
    }
    async fn apply(&self, changes: Vec<Change>) -> Result<(), StorageError> {
        if changes.is_empty() {
            return Ok(());
        }
        // Counter rows are taken first and in one order (by queue), so two batches appending
        // to the same two queues wait for each other instead of deadlocking; each queue's own
        // appends keep their order.
        let mut ordered: Vec<&Change> = changes.iter().collect();
        ordered.sort_by_key(|c| match c {
            Change::Fence { .. } => (0, (0, 0)),
            Change::AppendUpdate { owner, .. } => (1, owner_key(*owner)),
            _ => (2, (0, 0)),
        });
        let mut notices: Vec<String> = Vec::new();
        let watched = self.watched.read().expect("watched").clone();
        for notice in ordered.iter().filter_map(|c| notice_of(c, &watched)).map(notice_text) {
            if !notices.contains(&notice) {
                notices.push(notice);
            }
        }
        let mut statements: Vec<Statement<'_>> = ordered.iter().filter_map(|c| statement_of(c)).collect();
        statements.extend(notices.into_iter().map(notify));
        let mut tries = 0;
        loop {
            tries += 1;
            let client = self.client().await?;
            match pipeline(&client, &statements).await {
                Ok(()) => return Ok(()),
                Err(e) if e.code().is_some_and(|c| c.code() == FENCED) => {
                    let lease = ordered.iter().find_map(|c| match c {
                        Change::Fence { lease, .. } => Some(lease.clone()),
                        _ => None,
                    });
                    return Err(StorageError::Fenced(lease.unwrap_or_default()));
                }
                // A deadlock or a serialization failure rolled it back whole: once more.
                Err(e) if tries < 3 && retryable(&e) => {
                    tracing::debug!("a batch is applied again after {e}");
                }
                Err(e) => return Err(self.error(e)),
            }
        }
    }
    async fn load_updates_after(
        &self,
        owner: Owner,
        after: i64,
        limit: usize,
    ) -> Result<(Vec<StoredUpdate>, Option<i64>), StorageError> {
        let (kind, id) = owner_key(owner);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let sql = format!(
            "{UPDATE_COLUMNS} WHERE owner_kind = $1 AND owner_id = $2 AND update_id > $3 ORDER BY update_id LIMIT $4"
        );
        let updates = self.query(&sql, &[&kind, &id, &after, &limit]).await?.iter().map(update_row).collect();
        let first = self
            .query_opt("SELECT MIN(update_id) FROM updates WHERE owner_kind = $1 AND owner_id = $2", &[&kind, &id])
            .await?
            .and_then(|r| r.get::<_, Option<i64>>(0));
        Ok((updates, first))
    }
    async fn load_bot_state(&self, bot_id: i64) -> Result<BotState, StorageError> {
        let mut state = BotState::default();
        state.settings = self
            .query("SELECT key, value FROM bot_settings WHERE bot_id = $1 ORDER BY key", &[&bot_id])
            .await?
            .iter()
            .map(|r| (r.get(0), text(r, 1)))
            .collect();
        // The queue's counter is where its next id is kept (its setting is what a single server
        // wrote, or an imported bot brought).
        let head = "SELECT last_id FROM queue_heads WHERE owner_kind = 0 AND owner_id = $1";
        if let Some(last) = self.query_opt(head, &[&bot_id]).await?.map(|r| r.get::<_, i64>(0)) {
            state.settings.retain(|(key, _)| key != NEXT_ID_SETTING);
            state.settings.push((NEXT_ID_SETTING.into(), (last + 1).to_string()));
            state.settings.sort();
        }
        state.updates = self
            .query(&format!("{UPDATE_COLUMNS} WHERE owner_kind = 0 AND owner_id = $1 ORDER BY update_id"), &[&bot_id])
            .await?
            .iter()
            .map(update_row)
            .collect();
        Ok(state)
    }
    async fn load_bot_setting(&self, bot_id: i64, key: &str) -> Result<Option<String>, StorageError> {
        let row =
            self.query_opt("SELECT value FROM bot_settings WHERE bot_id = $1 AND key = $2", &[&bot_id, &key]).await?;
        Ok(row.map(|r| text(&r, 0)))
    }
    async fn load_user_updates(&self, user_id: i64) -> Result<Vec<StoredUpdate>, StorageError> {
        let sql = format!("{UPDATE_COLUMNS} WHERE owner_kind = 1 AND owner_id = $1 ORDER BY update_id");
        Ok(self.query(&sql, &[&user_id]).await?.iter().map(update_row).collect())
    }
    async fn load_updates(&self, owner: Owner, ids: &[i64]) -> Result<Vec<StoredUpdate>, StorageError> {
        let (kind, id) = owner_key(owner);
        let sql = format!(
            "{UPDATE_COLUMNS} WHERE owner_kind = $1 AND owner_id = $2 AND update_id = ANY($3) ORDER BY update_id"
        );
        Ok(self.query(&sql, &[&kind, &id, &ids]).await?.iter().map(update_row).collect())
    }
    async fn person_has_file(&self, user_id: i64, content: &str) -> Result<bool, StorageError> {
        let sql = "SELECT 1 FROM person_files WHERE user_id = $1 AND content = $2";
        Ok(self.query_opt(sql, &[&user_id, &content]).await?.is_some())
    }
    async fn load_person_queue_head(&self, user_id: i64) -> Result<Option<i64>, StorageError> {
        let sql = "SELECT GREATEST(
                (SELECT next_update_id FROM person_queue_heads WHERE user_id = $1),
                (SELECT last_id + 1 FROM queue_heads WHERE owner_kind = 1 AND owner_id = $1))";
        Ok(self.query_opt(sql, &[&user_id]).await?.and_then(|r| r.get::<_, Option<i64>>(0)))
    }
    async fn last_message_id(&self, conversation: &str) -> Result<i64, StorageError> {
        let sql = "SELECT GREATEST(
                COALESCE((SELECT MAX(message_id) FROM messages WHERE conversation = $1), 0),
                COALESCE((SELECT last_id FROM message_counters WHERE conversation = $1), 0))";
        Ok(self.query_opt(sql, &[&conversation]).await?.map_or(0, |r| r.get(0)))
    }
    async fn load_record(&self, table: &str, scope: i64, key: &str) -> Result<Option<String>, StorageError> {
        let sql = "SELECT value FROM records WHERE tbl = $1 AND scope = $2 AND key = $3";
        Ok(self.query_opt(sql, &[&table, &scope, &key.as_bytes()]).await?.map(|r| text(&r, 0)))
    }
    async fn load_records(&self, table: &str, scope: i64) -> Result<Vec<(String, String)>, StorageError> {
        let sql = "SELECT key, value FROM records WHERE tbl = $1 AND scope = $2 ORDER BY key";
        let rows = self.query(sql, &[&table, &scope]).await?;
        Ok(rows.iter().map(|r| (text(r, 0), text(r, 1))).collect())
    }
    async fn find_records(&self, table: &str, key: &str) -> Result<Vec<(i64, String)>, StorageError> {
        let sql = "SELECT scope, value FROM records WHERE tbl = $1 AND key = $2 ORDER BY scope";
        let rows = self.query(sql, &[&table, &key.as_bytes()]).await?;
        Ok(rows.iter().map(|r| (r.get(0), text(r, 1))).collect())
    }
    async fn record_scopes(&self, table: &str) -> Result<Vec<i64>, StorageError> {
        let sql = "SELECT DISTINCT scope FROM records WHERE tbl = $1 ORDER BY scope";
        Ok(self.query(sql, &[&table]).await?.iter().map(|r| r.get(0)).collect())
    }
    async fn load_message(&self, conversation: &str, message_id: i64) -> Result<Option<String>, StorageError> {
        let sql = "SELECT payload FROM messages WHERE conversation = $1 AND message_id = $2";
        Ok(self.query_opt(sql, &[&conversation, &message_id]).await?.map(|r| r.get(0)))
    }
    async fn load_messages(
        &self,
        conversation: &str,
        after: i64,
        before: i64,
        limit: usize,
    ) -> Result<Vec<(i64, String)>, StorageError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = self
            .query(
                "SELECT message_id, payload FROM messages WHERE conversation = $1 AND message_id > $2
                 AND message_id < $3 ORDER BY message_id DESC LIMIT $4",
                &[&conversation, &after, &before, &limit],
            )
            .await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }
    async fn load_file(&self, bot_id: i64, content: &str, kind: &str) -> Result<Option<FileRecord>, StorageError> {
        let sql = format!("{FILE_COLUMNS} WHERE bot_id = $1 AND content = $2 AND kind = $3");
        Ok(self.query_opt(&sql, &[&bot_id, &content, &kind]).await?.map(|r| file_row(bot_id, &r)))
    }
    async fn list_files(&self, bot_id: i64) -> Result<Vec<FileRecord>, StorageError> {
        let sql = format!("{FILE_COLUMNS} WHERE bot_id = $1 ORDER BY created_at");
        Ok(self.query(&sql, &[&bot_id]).await?.iter().map(|r| file_row(bot_id, r)).collect())
    }
}

#[async_trait::async_trait]
impl Administration for PostgresStorage {
    async fn claim(&self) -> Result<(), StorageError> {
        if self.several {
            tracing::info!(
                "[storage] instances = \"several\": this server shares {} with the deployment's others (the book: Operators, \"Several instances\")",
                self.label
            );
            return self.ready().await;
        }
        self.claimed
            .get_or_try_init(|| async {
                let client = self.client().await?;
                let row = client
                    .query_one("SELECT pg_try_advisory_lock($1)", &[&SERVING_LOCK])
                    .await
                    .map_err(|e| self.error(e))?;
                if !row.get::<_, bool>(0) {
                    return Err(StorageError::Database {
                        path: self.label.clone(),
                        message: "another msg-bot-api server serves this database already (it holds the serving lock); several instances on one database are not supported yet: stop the other server, or give this one its own database in MSG_DATABASE_URL".into(),
                    });
                }
                Ok(client)
            })
            .await?;
        Ok(())
    }

    fn kind(&self) -> &str {
        "postgres"
    }
    async fn save_bot(&self, bot: &BotRecord) -> Result<(), StorageError> {
        self.query(
            "INSERT INTO bots (id, secret, username, first_name, created_at, revoked) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (id) DO UPDATE SET secret = excluded.secret, username = excluded.username,
             first_name = excluded.first_name, revoked = excluded.revoked",
            &[&bot.id, &bot.secret.expose(), &bot.username, &bot.first_name.as_bytes(), &bot.created_at, &bot.revoked],
        )
        .await?;
        // Every server drops its copy (a new token, a revocation).
        self.query("SELECT pg_notify($1, $2)", &[&UPDATES_CHANNEL, &notice_text(Notice::Bot(bot.id))]).await?;
        Ok(())
    }
    async fn ready(&self) -> Result<(), StorageError> {
        self.client().await.map(drop)
    }
    async fn legacy_platform(&self) -> Result<Option<PlatformState>, StorageError> {
        let exists = |table: &'static str| async move {
            let row = self.query_opt("SELECT to_regclass($1) IS NOT NULL", &[&table]).await?;
            Ok::<bool, StorageError>(row.is_some_and(|r| r.get(0)))
        };
        let (users, chats, members) = (exists("users").await?, exists("chats").await?, exists("members").await?);
        if !(users || chats || members) {
            return Ok(None);
        }
        let mut state = PlatformState::default();
        if users {
            state.users = self.query(&format!("{USER_COLUMNS} ORDER BY id"), &[]).await?.iter().map(user_row).collect();
        }
        if chats {
            let sql = "SELECT id, kind, title, created_at, details FROM chats ORDER BY id";
            state.chats = self.query(sql, &[]).await?.iter().map(chat_row).collect();
        }
        if members {
            let sql = "SELECT chat_id, user_id, status, details FROM members ORDER BY chat_id, user_id";
            state.members = self.query(sql, &[]).await?.iter().map(member_row).collect();
        }
        state.last_message_ids = self
            .query(
                "SELECT conversation, MAX(id) FROM (
                    SELECT conversation, MAX(message_id) AS id FROM messages GROUP BY conversation
                    UNION ALL SELECT conversation, last_id FROM message_counters
                 ) AS ids GROUP BY conversation",
                &[],
            )
            .await?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        Ok(Some(state))
    }
    async fn retire_legacy_platform(&self) -> Result<(), StorageError> {
        let client = self.client().await?;
        client
            .batch_execute("DROP TABLE IF EXISTS members; DROP TABLE IF EXISTS chats; DROP TABLE IF EXISTS users;")
            .await
            .map_err(|e| self.error(e))
    }
    async fn forget_messages(&self, before: i64, limit: usize) -> Result<usize, StorageError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        // One statement: the oldest messages go, and their conversations' ids stay taken.
        let row = self
            .query_opt(
                "WITH gone AS (
                    DELETE FROM messages WHERE ctid IN (
                        SELECT ctid FROM messages WHERE date < $1 ORDER BY date LIMIT $2
                    ) RETURNING conversation, message_id
                 ), counted AS (
                    INSERT INTO message_counters (conversation, last_id)
                    SELECT conversation, MAX(message_id) FROM gone GROUP BY conversation
                    ON CONFLICT (conversation) DO UPDATE SET
                    last_id = GREATEST(message_counters.last_id, excluded.last_id)
                    RETURNING 1
                 )
                 SELECT (SELECT COUNT(*) FROM gone)",
                &[&before, &limit],
            )
            .await?;
        Ok(row.map_or(0, |r| r.get::<_, i64>(0)) as usize)
    }
    async fn replace_bot(&self, bot: &BotRecord, state: &BotState, files: &[FileRecord]) -> Result<(), StorageError> {
        let changes = crate::bot_changes(bot.id, state, files);
        let by_id = |sql: &'static str| -> Statement<'_> { (sql, vec![Box::new(bot.id)]) };
        let mut statements = vec![
            by_id("DELETE FROM bot_settings WHERE bot_id = $1"),
            by_id("DELETE FROM updates WHERE owner_kind = 0 AND owner_id = $1"),
            by_id("DELETE FROM files WHERE bot_id = $1"),
            // The imported state's next id (a setting) seeds the counter again.
            by_id("DELETE FROM queue_heads WHERE owner_kind = 0 AND owner_id = $1"),
        ];
        statements.push((
            "INSERT INTO bots (id, secret, username, first_name, created_at, revoked) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (id) DO UPDATE SET secret = excluded.secret, username = excluded.username,
             first_name = excluded.first_name, created_at = excluded.created_at, revoked = excluded.revoked",
            vec![
                Box::new(bot.id),
                Box::new(bot.secret.expose()),
                Box::new(bot.username.as_str()),
                Box::new(bot.first_name.as_bytes()),
                Box::new(bot.created_at),
                Box::new(bot.revoked),
            ],
        ));
        statements.extend(changes.iter().filter_map(statement_of));
        statements.push(notify(notice_text(Notice::Bot(bot.id))));
        statements.push(notify(notice_text(Notice::Queue(Owner::Bot(bot.id)))));
        let client = self.client().await?;
        pipeline(&client, &statements).await.map_err(|e| self.error(e))
    }
}
