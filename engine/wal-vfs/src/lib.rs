//! A VFS over SQLite's own (`unix`) that writes a commit's WAL frames with one system call.
//!
//! SQLite writes each WAL frame as two `pwrite`s (its 24-byte header, then the page), so a
//! commit of 60 pages made 120 system calls, and the kernel looked up and marked dirty each
//! 4 KiB page of the WAL three times (a frame is 4 120 bytes: the header's page, then the two
//! pages its data straddles). Under the platform's write load that was half the writer's time.
//! This layer keeps what SQLite appends to a WAL (the WAL's header when it starts over, each
//! frame's header, then that frame's page right after it) in a buffer, and hands it to the
//! `unix` VFS in as few writes as `unix` takes:
//!
//! - when the page of a commit frame (the frame header's "database size after commit" field is
//!   not 0) is written: SQLite publishes a commit in the WAL index only after all its frames
//!   are written, so no connection ever looks for a frame still in the buffer;
//! - before any other operation on the file (a read, a sync, a size, a truncation, a close, a
//!   file control), so SQLite always finds the file it wrote;
//! - before any other write, which then goes through at once: a frame SQLite rewrites in place
//!   within a transaction, or a frame header written before the furthest write since the WAL
//!   started over (SQLite rewrites the checksums of a transaction's frames, its commit frame's
//!   included, after writing that commit frame, when it rewrote one of them in place): writes
//!   reach the file in SQLite's order, and nothing is buffered after a commit's last append;
//! - when the buffer passes [`MAX_BUFFER`] (a big transaction's frames).
//!
//! A failed write is reported on the write that flushed, for a commit its last: SQLite then
//! treats the transaction as not committed, as if that frame's own `pwrite` had failed. What a
//! closing connection still holds belongs to a transaction that never committed, and is
//! dropped (SQLite's own rollback reads the WAL, which writes such frames while the
//! transaction still holds the write lock, before another connection may append there).
//!
//! The database file, its locks and shared memory, and the VFS's other methods are `unix`'s,
//! untouched: a file other than a WAL is opened by `unix` in place, in the memory SQLite gives
//! this VFS. Only `msg-storage`'s writer connections use it; its checkpoint thread
//! and readers use SQLite's default. The tests below fail if a SQLite upgrade changes how it
//! writes frames (the layer would then pass every write through, correct but slower).
// The crate is an FFI layer: its unsafe code is SQLite's VFS interface, each block saying why
// it holds (the workspace's other crates forbid unsafe code; see `.ci/check-boundaries`).

use std::ffi::{CStr, c_int, c_void};
use std::sync::OnceLock;

use rusqlite::ffi;

/// The name connections open the VFS by.
pub const NAME: &CStr = c"msg-wal";

/// A buffer past this many bytes is written even mid-transaction (a big one's frames).
const MAX_BUFFER: usize = 4 << 20;
/// The most room a buffer keeps between commits (a platform commit here is 50–250 KiB).
const KEPT_CAPACITY: usize = 512 << 10;

/// The most `unix`'s write takes in one call: it writes `count & 0x1ffff` bytes (it expects
/// SQLite's own writes, a page at most), so a longer buffer goes in pieces of this size.
const MAX_WRITE: usize = 0x1_ffff;

/// Bytes of a WAL frame's header; bytes 4..8 are the database size after a commit (else 0).
const FRAME_HEADER: c_int = 24;
/// Bytes of the WAL's own header, at its start.
const WAL_HEADER: c_int = 32;

thread_local! {
    /// Buffers written (each a run of frames, for most a whole commit) and writes passed
    /// through as they came, on this thread (SQLite calls a connection's files on the thread
    /// using it): what the tests read to know the layer still recognises SQLite's writes.
    static COUNTS: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
}

/// (buffers written, writes passed through) so far on this thread.
#[cfg(test)]
fn counts() -> (u64, u64) {
    COUNTS.get()
}

fn count(combined: u64, passed: u64) {
    COUNTS.set((COUNTS.get().0 + combined, COUNTS.get().1 + passed));
}

/// A WAL file opened through this VFS: SQLite's handle first (its methods are ours), then the
/// buffer, then, at [`real_offset`], the `unix` VFS's own file.
#[repr(C)]
struct WalFile {
    base: ffi::sqlite3_file,
    real: *mut ffi::sqlite3_file,
    buffer: Vec<u8>,
    /// The file offset of `buffer[0]`.
    start: i64,
    /// Where the page of the frame whose header was just buffered goes, and whether that frame
    /// ends a commit (its page is then the commit's last write).
    page_at: Option<(i64, bool)>,
    /// The end of the furthest write since the WAL last started over: a frame header written
    /// before it rewrites a frame already written (SQLite's checksums rewritten after a commit
    /// frame, say), and goes through at once.
    high: i64,
}

fn real_offset() -> usize {
    std::mem::size_of::<WalFile>().next_multiple_of(16)
}

/// The `unix` VFS this one is put over, once registered.
struct Unix(*mut ffi::sqlite3_vfs);

// SAFETY: it points to SQLite's `unix` VFS, which lives as long as the process and which SQLite
// itself calls from any thread (it serialises nothing on it).
unsafe impl Send for Unix {}
unsafe impl Sync for Unix {}

static UNIX: OnceLock<Option<Unix>> = OnceLock::new();

/// Registers the VFS (once); `false` when SQLite has no `unix` VFS to put it over (the caller
/// then opens with SQLite's default).
pub fn register() -> bool {
    UNIX.get_or_init(|| {
        // SAFETY: `sqlite3_vfs_find` and `sqlite3_vfs_register` are thread-safe once SQLite is
        // initialised (they initialise it); the registered struct is leaked, so it outlives
        // every connection.
        unsafe {
            let unix = ffi::sqlite3_vfs_find(c"unix".as_ptr());
            if unix.is_null() {
                return None;
            }
            let mut vfs = *unix;
            vfs.szOsFile = (real_offset() + (*unix).szOsFile as usize) as c_int;
            vfs.zName = NAME.as_ptr();
            vfs.pNext = std::ptr::null_mut();
            vfs.xOpen = Some(open);
            let ours = Box::into_raw(Box::new(vfs));
            if ffi::sqlite3_vfs_register(ours, 0) != ffi::SQLITE_OK {
                drop(Box::from_raw(ours));
                return None;
            }
            Some(Unix(unix))
        }
    })
    .is_some()
}

fn unix() -> *mut ffi::sqlite3_vfs {
    UNIX.get().and_then(Option::as_ref).map_or(std::ptr::null_mut(), |u| u.0)
}

static METHODS: ffi::sqlite3_io_methods = ffi::sqlite3_io_methods {
    iVersion: 1,
    xClose: Some(close),
    xRead: Some(read),
    xWrite: Some(write),
    xTruncate: Some(truncate),
    xSync: Some(sync),
    xFileSize: Some(file_size),
    xLock: Some(lock),
    xUnlock: Some(unlock),
    xCheckReservedLock: Some(check_reserved_lock),
    xFileControl: Some(file_control),
    xSectorSize: Some(sector_size),
    xDeviceCharacteristics: Some(device_characteristics),
    xShmMap: None,
    xShmLock: None,
    xShmBarrier: None,
    xShmUnmap: None,
    xFetch: None,
    xUnfetch: None,
};

unsafe extern "C" fn open(
    _vfs: *mut ffi::sqlite3_vfs,
    name: ffi::sqlite3_filename,
    file: *mut ffi::sqlite3_file,
    flags: c_int,
    out_flags: *mut c_int,
) -> c_int {
    let unix = unix();
    // SAFETY: SQLite gives `file` as `szOsFile` bytes, more than `unix` needs; `unix` is the
    // registered VFS's base, alive for the process.
    unsafe {
        let Some(unix_open) = (*unix).xOpen else { return ffi::SQLITE_CANTOPEN };
        if flags & ffi::SQLITE_OPEN_WAL == 0 {
            // Not a WAL: `unix`'s own file, in place, with its own methods.
            return unix_open(unix, name, file, flags, out_flags);
        }
        let real = file.cast::<u8>().add(real_offset()).cast::<ffi::sqlite3_file>();
        let rc = unix_open(unix, name, real, flags, out_flags);
        if rc != ffi::SQLITE_OK {
            (*file).pMethods = std::ptr::null();
            return rc;
        }
        file.cast::<WalFile>().write(WalFile {
            base: ffi::sqlite3_file { pMethods: &METHODS },
            real,
            buffer: Vec::new(),
            start: 0,
            page_at: None,
            high: 0,
        });
        ffi::SQLITE_OK
    }
}

/// The handle behind SQLite's pointer.
///
/// SAFETY (for callers): `file` was opened by [`open`] as a WAL (its methods are [`METHODS`]),
/// and SQLite calls a file's methods from one thread at a time.
unsafe fn wal<'a>(file: *mut ffi::sqlite3_file) -> &'a mut WalFile {
    unsafe { &mut *file.cast::<WalFile>() }
}

/// The `unix` file's methods.
fn real_methods(w: &WalFile) -> &'static ffi::sqlite3_io_methods {
    // SAFETY: `unix` opened `real` successfully, so its methods are set and static.
    unsafe { &*(*w.real).pMethods }
}

/// Writes the buffer with one call of the `unix` file's write.
fn flush(w: &mut WalFile) -> c_int {
    if w.buffer.is_empty() {
        return ffi::SQLITE_OK;
    }
    let Some(write) = real_methods(w).xWrite else { return ffi::SQLITE_IOERR_WRITE };
    let mut rc = ffi::SQLITE_OK;
    let mut offset = w.start;
    for chunk in w.buffer.chunks(MAX_WRITE) {
        // SAFETY: `chunk` holds `chunk.len()` bytes (below `c_int::MAX`); `real` is an open
        // `unix` file.
        rc = unsafe { write(w.real, chunk.as_ptr().cast::<c_void>(), chunk.len() as c_int, offset) };
        if rc != ffi::SQLITE_OK {
            break;
        }
        offset += chunk.len() as i64;
    }
    w.buffer.clear();
    // A big transaction's buffer is not kept (up to 256 connections each hold one).
    w.buffer.shrink_to(KEPT_CAPACITY);
    w.page_at = None;
    count(1, 0);
    rc
}

unsafe extern "C" fn write(file: *mut ffi::sqlite3_file, data: *const c_void, amount: c_int, offset: i64) -> c_int {
    // SAFETY: see `wal`; SQLite's `data` holds `amount` bytes.
    let (w, bytes) = unsafe { (wal(file), std::slice::from_raw_parts(data.cast::<u8>(), amount.max(0) as usize)) };
    let end = w.start + w.buffer.len() as i64;
    let follows = w.buffer.is_empty() || offset == end;
    if amount == WAL_HEADER && offset == 0 {
        w.high = 0;
    }
    let appends = offset >= w.high;
    w.high = w.high.max(offset + i64::from(amount.max(0)));
    // What SQLite writes while appending frames: the WAL's header when it starts over, a new
    // frame's header, then that frame's page right after it.
    let page = w.page_at.take();
    let (buffered, commit) = match (amount, page) {
        (WAL_HEADER, _) if offset == 0 => (true, false),
        // A header is new when it comes past every write since the WAL started over, or right
        // after the buffered page of the frame before it (the WAL started over by another
        // connection); one written on its own before that rewrites a frame.
        (FRAME_HEADER, _) if follows && (appends || !w.buffer.is_empty()) => {
            w.page_at = Some((offset + i64::from(FRAME_HEADER), bytes[4..8] != [0; 4]));
            (true, false)
        }
        (_, Some((at, commit))) if at == offset && follows => (true, commit),
        _ => (false, false),
    };
    if !buffered || !follows {
        let rc = flush(w);
        if rc != ffi::SQLITE_OK {
            return rc;
        }
    }
    if !buffered {
        // Anything else (a frame rewritten in place, say) goes through at once, in order.
        count(0, 1);
        // SAFETY: SQLite's arguments, passed on to the `unix` file.
        return real_methods(w).xWrite.map_or(ffi::SQLITE_IOERR_WRITE, |f| unsafe { f(w.real, data, amount, offset) });
    }
    if w.buffer.is_empty() {
        w.start = offset;
    }
    w.buffer.extend_from_slice(bytes);
    if commit || w.buffer.len() >= MAX_BUFFER {
        return flush(w);
    }
    ffi::SQLITE_OK
}

/// Flushes, then runs the `unix` file's method `f`; a failed flush's code is the answer.
fn then_real(
    file: *mut ffi::sqlite3_file,
    f: impl FnOnce(&ffi::sqlite3_io_methods, *mut ffi::sqlite3_file) -> c_int,
) -> c_int {
    // SAFETY: see `wal`.
    let w = unsafe { wal(file) };
    let rc = flush(w);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    f(real_methods(w), w.real)
}

/// Closes without writing what is buffered: every commit was written at its commit frame's
/// page, so anything still here belongs to a transaction that never committed (a connection
/// closed in the middle of one rolls it back), and writing it now, after the write lock went,
/// could land on frames another connection has committed since.
unsafe extern "C" fn close(file: *mut ffi::sqlite3_file) -> c_int {
    // SAFETY: see `wal`; after `unix`'s close the handle is not used again, so its buffer is
    // dropped here (SQLite frees the memory itself).
    unsafe {
        let w = wal(file);
        let closed = real_methods(w).xClose.map_or(ffi::SQLITE_OK, |f| f(w.real));
        std::ptr::drop_in_place(&mut w.buffer);
        closed
    }
}

/// The methods that flush, then hand SQLite's call to the `unix` file as it came:
/// `name(arguments) => unix's method, the answer when unix has none`.
macro_rules! flushing_then_unix {
    ($($name:ident($($arg:ident: $ty:ty),*) => $method:ident, $missing:expr;)*) => {$(
        unsafe extern "C" fn $name(file: *mut ffi::sqlite3_file, $($arg: $ty),*) -> c_int {
            then_real(file, |m, real| {
                // SAFETY: SQLite's arguments, passed on to the `unix` file.
                m.$method.map_or($missing, |f| unsafe { f(real, $($arg),*) })
            })
        }
    )*};
}

flushing_then_unix! {
    read(data: *mut c_void, amount: c_int, offset: i64) => xRead, ffi::SQLITE_IOERR_READ;
    sync(flags: c_int) => xSync, ffi::SQLITE_IOERR_FSYNC;
    file_size(size: *mut i64) => xFileSize, ffi::SQLITE_IOERR_FSTAT;
    lock(level: c_int) => xLock, ffi::SQLITE_OK;
    unlock(level: c_int) => xUnlock, ffi::SQLITE_OK;
    check_reserved_lock(out: *mut c_int) => xCheckReservedLock, ffi::SQLITE_OK;
    file_control(op: c_int, arg: *mut c_void) => xFileControl, ffi::SQLITE_NOTFOUND;
}

/// As the methods above, and what was written past `size` is gone.
unsafe extern "C" fn truncate(file: *mut ffi::sqlite3_file, size: i64) -> c_int {
    // SAFETY: see `wal`.
    let w = unsafe { wal(file) };
    let rc = flush(w);
    if rc != ffi::SQLITE_OK {
        return rc;
    }
    w.high = w.high.min(size);
    // SAFETY: SQLite's arguments, passed on to the `unix` file.
    real_methods(w).xTruncate.map_or(ffi::SQLITE_IOERR_TRUNCATE, |f| unsafe { f(w.real, size) })
}

unsafe extern "C" fn sector_size(file: *mut ffi::sqlite3_file) -> c_int {
    // SAFETY: see `wal`; a question about the device, nothing to flush.
    let w = unsafe { wal(file) };
    real_methods(w).xSectorSize.map_or(4096, |f| unsafe { f(w.real) })
}

unsafe extern "C" fn device_characteristics(file: *mut ffi::sqlite3_file) -> c_int {
    // SAFETY: as `sector_size`.
    let w = unsafe { wal(file) };
    real_methods(w).xDeviceCharacteristics.map_or(0, |f| unsafe { f(w.real) })
}

#[cfg(test)]
mod tests {
    use rusqlite::{Connection, OpenFlags};

    use super::*;

    fn writer(path: &std::path::Path) -> Connection {
        assert!(register(), "the VFS registers over unix");
        let conn = Connection::open_with_flags_and_vfs(path, OpenFlags::default(), NAME).unwrap();
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;").unwrap();
        conn
    }

    /// Rows of `len` random bytes, `rows` of them, in one transaction.
    fn insert(conn: &Connection, rows: usize, len: usize) {
        let tx = conn.unchecked_transaction().unwrap();
        for _ in 0..rows {
            tx.execute("INSERT INTO t (v) VALUES (randomblob(?1))", [len as i64]).unwrap();
        }
        tx.commit().unwrap();
    }

    /// A writer of `dir/db.sqlite` with table `t`, a 10-page cache (a big transaction writes
    /// frames before its commit, and rewrites some in place) and no automatic checkpoint.
    fn small_cache_writer(dir: &std::path::Path) -> Connection {
        let conn = writer(&dir.join("db.sqlite"));
        conn.execute_batch(
            "PRAGMA wal_autocheckpoint = 0; PRAGMA cache_size = 10;
             CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)",
        )
        .unwrap();
        conn
    }

    /// Table `t`'s rows and bytes, after an integrity check.
    fn contents(conn: &Connection) -> (i64, i64) {
        let ok: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(ok, "ok");
        conn.query_row("SELECT count(*), coalesce(sum(length(v)), 0) FROM t", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
    }

    #[test]
    fn each_commit_is_written_at_once_and_seen_at_once_by_another_connection() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        let conn = writer(&path);
        // No checkpoint: the WAL starting over has its header flushed on its own (SQLite syncs it).
        conn.execute_batch("PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)")
            .unwrap();
        // A connection of SQLite's own VFS, as the checkpoint thread and the readers are.
        let reader = Connection::open(&path).unwrap();
        let (combined, passed) = counts();
        for i in 1..=100 {
            // 40 rows of 3 000 bytes: some 40 pages, over 160 KiB of frames (more than `unix`
            // writes in one call), then a small commit.
            let (rows, len) = if i % 2 == 0 { (40, 3000) } else { (1, 10) };
            let before: i64 = reader.query_row("SELECT count(*) FROM t", [], |r| r.get(0)).unwrap();
            insert(&conn, rows, len);
            let after: i64 = reader.query_row("SELECT count(*) FROM t", [], |r| r.get(0)).unwrap();
            assert_eq!(after, before + rows as i64, "commit {i} is seen as soon as it returns");
        }
        let (combined, passed) = (counts().0 - combined, counts().1 - passed);
        assert!(combined >= 100, "a buffer written per commit at least ({combined})");
        // Every commit's frames went as one buffer: 2 per commit would mean the big ones were
        // cut (see MAX_BUFFER), more that the layer no longer recognises SQLite's writes.
        assert!(combined <= 100, "{combined} buffers for 100 commits");
        assert_eq!(passed, 0, "no write passed through");
        let ok: String = reader.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(ok, "ok");
    }

    /// The files as they are on the disk while the writer's connection is still open (as a
    /// crash would leave them), opened elsewhere: SQLite recovers the WAL from its frames'
    /// checksums, so a frame header still in a buffer, or stale on the disk, loses commits.
    fn as_left_by_a_crash(dir: &std::path::Path) -> Connection {
        let copy = dir.join("copy");
        std::fs::create_dir_all(&copy).unwrap();
        for name in ["db.sqlite", "db.sqlite-wal"] {
            std::fs::copy(dir.join(name), copy.join(name)).unwrap();
        }
        Connection::open(copy.join("db.sqlite")).unwrap()
    }

    #[test]
    fn a_commit_that_rewrites_its_own_frames_is_whole_on_the_disk_when_it_returns() {
        let dir = tempfile::tempdir().unwrap();
        let conn = small_cache_writer(dir.path());
        // Pages written before the commit change again: SQLite rewrites their frames in place
        // and, after the commit frame, the checksums of every frame from there (the commit's
        // own included).
        let tx = conn.unchecked_transaction().unwrap();
        for _ in 0..300 {
            tx.execute("INSERT INTO t (v) VALUES (randomblob(3000))", []).unwrap();
        }
        tx.execute("UPDATE t SET v = randomblob(10) WHERE id <= 5", []).unwrap();
        tx.commit().unwrap();
        assert_eq!(contents(&as_left_by_a_crash(dir.path())), (300, 295 * 3000 + 5 * 10));
    }

    #[test]
    fn frames_of_a_rolled_back_transaction_never_reach_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let conn = small_cache_writer(dir.path());
        // Frames written before a commit that never comes.
        let tx = conn.unchecked_transaction().unwrap();
        for _ in 0..100 {
            tx.execute("INSERT INTO t (v) VALUES (randomblob(3000))", []).unwrap();
        }
        tx.rollback().unwrap();
        // Another connection (SQLite's own VFS) commits where those frames would have gone.
        let path = dir.path().join("db.sqlite");
        Connection::open(&path).unwrap().execute("INSERT INTO t (v) VALUES (randomblob(7))", []).unwrap();
        // The writer's connection closes: what it still held must not land on that commit.
        drop(conn);
        assert_eq!(contents(&Connection::open(&path).unwrap()), (1, 7));
    }

    #[test]
    fn spilled_rewritten_and_rolled_back_frames_leave_the_right_database() {
        let dir = tempfile::tempdir().unwrap();
        let conn = small_cache_writer(dir.path());
        // SQLite's own checkpoints too, through this layer (at 1000 pages).
        conn.execute_batch("PRAGMA wal_autocheckpoint = 1000").unwrap();
        insert(&conn, 2000, 3000); // about 6 MB: past MAX_BUFFER as well
        let tx = conn.unchecked_transaction().unwrap();
        tx.execute("UPDATE t SET v = randomblob(2500) WHERE id % 3 = 0", []).unwrap();
        tx.execute("UPDATE t SET v = randomblob(2000) WHERE id % 5 = 0", []).unwrap();
        tx.commit().unwrap();
        let tx = conn.unchecked_transaction().unwrap();
        tx.execute("UPDATE t SET v = randomblob(10) WHERE id % 2 = 0", []).unwrap();
        tx.rollback().unwrap();
        insert(&conn, 3, 100);
        // 2003 rows: 3000 bytes, except multiples of 5 (2000) and other multiples of 3 (2500);
        // the rolled-back update left no trace.
        let fives = 2000 / 5;
        let threes = 2000 / 3 - 2000 / 15;
        let expected = (2000 - fives - threes) as i64 * 3000 + fives as i64 * 2000 + threes as i64 * 2500 + 300;
        let path = dir.path().join("db.sqlite");
        assert_eq!(contents(&Connection::open(&path).unwrap()), (2003, expected));
        assert_eq!(contents(&as_left_by_a_crash(dir.path())), (2003, expected));
        drop(conn);
        // Closed (the WAL folded back) and opened again by SQLite's own VFS.
        assert_eq!(contents(&Connection::open(&path).unwrap()), (2003, expected));
    }
}
