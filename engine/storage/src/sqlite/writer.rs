//! The one writer thread: jobs queued by callers, committed together in one transaction per
//! database file (group commit), each caller answered after the commit that holds its changes;
//! the checkpoint thread beside it.

use super::*;

/// The writer's counters (jobs committed; transactions committed, one per database file per
/// batch; WAL flushes made before answering, one per commit in `power` mode), raised together
/// once per commit before its jobs are answered, so a reader sees them agree.
pub(super) type WriterCounts = std::sync::Mutex<StorageActivity>;

pub(super) type Finish = Box<dyn FnOnce(Result<(), String>) + Send>;
/// A write that can run again (see [`Work::Again`]).
pub(super) type Write = Box<dyn FnMut(&Connection) -> rusqlite::Result<()> + Send>;

/// A job's outcome, as its caller waits for it.
pub(super) type Answer = tokio::sync::oneshot::Receiver<Result<(), String>>;

/// Calls an `apply_then`'s `then` once each of its jobs (one per database file) has finished,
/// from the writer thread, before the last one answers; with `false` if one failed, or was
/// dropped unfinished (the writer gone).
pub(super) struct Settling {
    left: AtomicUsize,
    failed: AtomicBool,
    then: Mutex<Option<Settle>>,
}

impl Settling {
    pub(super) fn new(jobs: usize, then: Settle) -> Self {
        let settling =
            Self { left: AtomicUsize::new(jobs), failed: AtomicBool::new(false), then: Mutex::new(Some(then)) };
        if jobs == 0 {
            settling.fire();
        }
        settling
    }

    pub(super) fn finished(&self, ok: bool) {
        if !ok {
            self.failed.store(true, Ordering::Release);
        }
        if self.left.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.fire();
        }
    }

    fn fire(&self) {
        let then = self.then.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(then) = then {
            // The caller's code, on the writer thread: a panic there must not end the writer.
            let durable = !self.failed.load(Ordering::Acquire);
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| then(durable))).is_err() {
                tracing::error!("settling a commit's outcome panicked");
            }
        }
    }
}

impl Drop for Settling {
    fn drop(&mut self) {
        // Only if a job was dropped unfinished: then it did not commit.
        self.failed.store(true, Ordering::Release);
        self.fire();
    }
}

/// A job that runs once (see [`Work::Once`]).
pub(super) type OnceWork = Box<dyn FnOnce(&Connection) -> Finish + Send>;

/// What a job does on the writer's connection, inside the batch's transaction.
pub(super) enum Work {
    /// Runs once, inside a savepoint of its own (so a failure undoes only it); answers with
    /// what tells its caller the outcome once the batch has committed. Reads, and writes that
    /// cannot run twice.
    Once(OnceWork),
    /// A write that can run again (`apply`'s changes): run first with no savepoint, and again,
    /// each inside one, only if a write of its batch failed (see `writer_loop`). A savepoint
    /// copies every page its job changes into a journal first, for each job: a tenth of the
    /// writer's time at full load.
    Again(Write, Finish),
}

pub(super) struct Job {
    pub(super) db: DbFile,
    pub(super) work: Work,
}

/// Most connections the writer keeps open at once.
pub(super) const MAX_OPEN: usize = 256;
/// Most jobs committed in one transaction.
pub(super) const MAX_BATCH: usize = 4096;
/// Prepared statements the writer keeps for the platform database.
pub(super) const PLATFORM_STATEMENTS: usize = 64;
/// Most free pages one retention step gives back (4 MiB of 4 KiB pages), so the writer is never
/// held for long.
pub(super) const VACUUM_STEP_PAGES: i64 = 1024;

/// The writer's two ends of the checkpoint thread: files whose WAL is due for a checkpoint go
/// out, files whose checkpoint the writer is to finish come back.
pub(super) struct Checkpoints {
    pub(super) due: mpsc::Sender<DbFile>,
    pub(super) finished: mpsc::Receiver<DbFile>,
}

/// The writer thread: takes whatever jobs are queued, runs them per database file inside one
/// transaction, commits, then answers each job; asks for a checkpoint when a file's WAL is big.
///
/// With `flush` (`power` mode) each committed file's WAL is flushed to the disk before its jobs
/// are answered, one flush per file per batch. `counts` counts the commits, their jobs and the
/// flushes.
pub(super) fn writer_loop(
    dir: &Path,
    jobs: &mpsc::Receiver<Job>,
    checkpoints: Checkpoints,
    flush: bool,
    counts: &WriterCounts,
) {
    let mut open_conns: HashMap<DbFile, Connection> = HashMap::new();
    // Files whose directory entry was flushed since their connection opened.
    let mut dirs_synced: HashSet<DbFile> = HashSet::new();
    // Files the checkpoint thread is working on: their WAL's size (pages) when it began, after
    // their last commit since, and how many times it was sent back (see below).
    let mut checkpointing: HashMap<DbFile, (i32, i32, u32)> = HashMap::new();
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let mut groups: Vec<(DbFile, Vec<Work>)> = Vec::new();
        for job in batch {
            match groups.iter_mut().find(|(db, _)| *db == job.db) {
                Some((_, works)) => works.push(job.work),
                None => groups.push((job.db, vec![job.work])),
            }
        }
        // The platform's file commits first: it is the commit point of acts across files
        // (`acts.rs`), whose bot parts may be in this batch too.
        groups.sort_by_key(|(db, _)| *db != DbFile::Platform);
        if open_conns.len() + groups.len() > MAX_OPEN {
            open_conns.clear();
            dirs_synced.clear();
        }
        for (db, works) in groups {
            let conn = match open_conns.entry(db) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => match open_for_writer(dir, db) {
                    Ok(conn) => e.insert(conn),
                    Err(message) => {
                        tracing::error!("cannot open {}: {message}", db_path(dir, db).display());
                        // A job must still be answered: it fails.
                        let mut once = Vec::new();
                        for work in works {
                            match work {
                                Work::Once(work) => once.push(work),
                                Work::Again(_, finish) => finish(Err(message.clone())),
                            }
                        }
                        for finish in on_scratch(once) {
                            finish(Err(message.clone()));
                        }
                        continue;
                    }
                },
            };
            WAL_PAGES.set(0);
            let mut again = Vec::new();
            let mut once = Vec::new();
            for work in works {
                match work {
                    Work::Again(write, finish) => again.push((write, finish)),
                    Work::Once(work) => once.push(work),
                }
            }
            let mut began = exec(conn, "BEGIN IMMEDIATE", []).map_err(|e| e.to_string());
            // The writes that can run again go first, with no savepoints. If one fails (maybe
            // halfway), the transaction is rolled back and they run again, each inside a
            // savepoint of its own, so only the failing one fails; nothing else ran yet.
            let mut written: Vec<Result<(), String>> = Vec::with_capacity(again.len());
            if began.is_ok() {
                written.extend(again.iter_mut().map(|(write, _)| write(conn).map_err(|e| e.to_string())));
                if written.iter().any(Result::is_err) {
                    let _ = conn.execute_batch("ROLLBACK");
                    began = exec(conn, "BEGIN IMMEDIATE", []).map_err(|e| e.to_string());
                    written.clear();
                    if began.is_ok() {
                        written.extend(
                            again.iter_mut().map(|(write, _)| in_savepoint(conn, write).map_err(|e| e.to_string())),
                        );
                    }
                }
            }
            // With no transaction, a job would commit its writes on its own (its savepoint would
            // be the transaction): it runs where its writes go nowhere, and is told it failed.
            let finishes: Vec<Finish> = match &began {
                Ok(_) => once.into_iter().map(|work| work(conn)).collect(),
                Err(_) => on_scratch(once),
            };
            let mut committed = began.and_then(|_| exec(conn, "COMMIT", []).map(drop).map_err(|e| e.to_string()));
            // The WAL hook reports only a commit that wrote frames. A batch of reads changed
            // nothing, and what it read was flushed before it was answered: the writer flushes
            // each commit before it runs the next, so it needs no flush of its own. Except on a
            // connection's first commit: the file may hold commits nobody flushed (the server
            // killed between a commit and its flush, or a flush that failed and dropped the
            // connection before), so that one is flushed whatever it did.
            let wrote = WAL_PAGES.get() > 0;
            let mut flushed = false;
            if committed.is_ok() && flush && (wrote || !dirs_synced.contains(&db)) {
                let path = db_path(dir, db);
                let mut synced = dirs_synced.contains(&db);
                match flush_wal(&path, &mut synced) {
                    Ok(()) => {
                        flushed = true;
                        if synced {
                            dirs_synced.insert(db);
                        }
                    }
                    Err(e) => {
                        // Committed but maybe not on the disk: the callers are told it failed.
                        tracing::error!("cannot flush {}: {e}", path.display());
                        committed = Err(format!("flushing the commit to the disk failed: {e}"));
                    }
                }
            }
            if committed.is_err() {
                let _ = conn.execute_batch("ROLLBACK");
                open_conns.remove(&db);
                dirs_synced.remove(&db);
            } else {
                let mut counts = counts.lock().expect("writer counts");
                if wrote || flushed {
                    counts.writes += (again.len() + finishes.len()) as u64;
                    counts.commits += 1;
                }
                counts.flushes += u64::from(flushed);
                drop(counts);
            }
            if wrote && committed.is_ok() {
                let pages = WAL_PAGES.get();
                match checkpointing.get_mut(&db) {
                    Some((_, latest, _)) => *latest = pages,
                    None if pages >= checkpoint_pages(db) => {
                        checkpointing.insert(db, (pages, pages, 0));
                        let _ = checkpoints.due.send(db);
                    }
                    None => {}
                }
            }
            for (i, (_, finish)) in again.into_iter().enumerate() {
                finish(committed.clone().and(written.get(i).cloned().unwrap_or(Ok(()))));
            }
            for finish in finishes {
                finish(committed.clone());
            }
        }
        // Copy the few frames committed while the checkpoint thread worked, so the next commit
        // to that file starts the WAL over instead of growing it. Many frames (a slow disk, a
        // long WAL) go back to the checkpoint thread first, twice at most (under a load it
        // never catches up with, the WAL must still start over): the writer copies only a few.
        for db in checkpoints.finished.try_iter() {
            let Some((began, latest, rounds)) = checkpointing.remove(&db) else { continue };
            if latest - began > checkpoint_pages(db) / 8 && rounds < 2 {
                checkpointing.insert(db, (latest, latest, rounds + 1));
                let _ = checkpoints.due.send(db);
                continue;
            }
            if let Some(conn) = open_conns.get(&db)
                && let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
            {
                tracing::warn!("cannot checkpoint {}: {e}", db_path(dir, db).display());
            }
        }
    }
}

/// The checkpoint thread: copies a database's WAL back into the database file when the writer
/// says it has grown to [`checkpoint_pages`], on a connection of its own, so the
/// copying and its fsyncs happen while the writer goes on committing. The writer then finishes
/// with the few frames committed meanwhile (see `writer_loop`). It opens a file only if it still
/// exists, so a bot directory moved away is never recreated.
pub(super) fn checkpoint_loop(dir: &Path, due: &mpsc::Receiver<DbFile>, finished: &mpsc::Sender<DbFile>) {
    while let Ok(first) = due.recv() {
        let mut dbs = vec![first];
        dbs.extend(due.try_iter());
        dbs.sort_unstable_by_key(|db| match db {
            DbFile::Platform => 0,
            DbFile::Bot(id) => *id,
        });
        dbs.dedup();
        for db in dbs {
            let path = db_path(dir, db);
            let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
            let done = Connection::open_with_flags(&path, flags).and_then(|conn| {
                conn.busy_timeout(Duration::from_secs(5))?;
                conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
            });
            if let Err(e) = done {
                tracing::warn!("cannot checkpoint {}: {e}", path.display());
            }
            let _ = finished.send(db);
        }
    }
}

/// Runs one statement through the connection's statement cache (the writer runs the same few
/// statements all day; parsing them each time was most of its work).
pub(super) fn exec(conn: &Connection, sql: &str, params: impl rusqlite::Params) -> rusqlite::Result<usize> {
    conn.prepare_cached(sql)?.execute(params)
}

/// Runs jobs that cannot be committed on a throwaway in-memory connection, where their writes
/// go nowhere, for what reports their outcome (which the caller then fails). Without that
/// connection they are dropped, and their callers hear that the writer dropped them.
pub(super) fn on_scratch(once: Vec<OnceWork>) -> Vec<Finish> {
    match Connection::open_in_memory() {
        Ok(scratch) => once.into_iter().map(|work| work(&scratch)).collect(),
        Err(_) => Vec::new(),
    }
}

/// `f` inside a savepoint of its own: a failure undoes what `f` did, and only that.
pub(super) fn in_savepoint<T>(
    conn: &Connection,
    f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    exec(conn, "SAVEPOINT job", [])?;
    let result = f(conn);
    if result.is_err() {
        exec(conn, "ROLLBACK TO job", [])?;
    }
    exec(conn, "RELEASE job", [])?;
    result
}
