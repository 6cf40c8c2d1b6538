//! The stable C ABI between msg-bot-api (the host) and a dynamic plugin library: two `#[repr(C)]`
//! function tables, byte slices and buffers, status codes and the completion callback. It says
//! what crosses the boundary and who owns it; it does not load libraries (`msg-plugin-host`) or
//! implement a plugin (`msg-plugin-sdk`). No Rust type crosses the boundary: only integers, raw
//! pointers, `extern "C"` function pointers and UTF-8 JSON or text bytes.
//!
//! # Life of a plugin
//!
//! 1. The host opens the library once and never unloads it, then calls the exported
//!    [`ENTRY_SYMBOL`] (`msg_plugin_entry`, an [`EntryFn`]) which returns a pointer to the
//!    plugin's [`PluginTable`], valid for the life of the process.
//! 2. The host checks [`PluginTable::abi_version`] (must equal [`ABI_VERSION`]) and
//!    [`PluginTable::struct_size`] (at least [`PluginTable::MIN_SIZE`]), and that every function
//!    it needs is non-null.
//! 3. [`PluginTable::init`] once, with the plugin's settings as JSON and the host's
//!    [`HostTable`]. A plugin library is initialised at most once per process.
//! 4. [`PluginTable::describe`] once: the methods and stats exporters the plugin provides.
//! 5. Any number of [`PluginTable::call_method`] and [`PluginTable::render_stats`] calls, from
//!    any thread, concurrently. Meanwhile the plugin may call [`HostTable::call_method`] and
//!    [`HostTable::log`], also from any thread.
//!
//! # Ownership
//!
//! - A [`Slice`] is *borrowed*: it is valid only for the duration of the call it is passed to
//!   (for a [`Completion`], the duration of the callback). The receiver copies what it keeps.
//! - A [`Buffer`] is *owned*: a function result written through an out-pointer. It was allocated
//!   by the side that wrote it and must be released with that side's `free_buffer` (for plugin
//!   results: [`PluginTable::free_buffer`]), never with the reader's allocator. The host never
//!   hands the plugin a `Buffer`, so [`HostTable`] has no `free_buffer`.
//! - Tables and the strings in them (`name`, `version`) are `'static` on the side that
//!   publishes them.
//! - `user_data` passed with a [`Completion`] belongs to the caller; the callee only hands it
//!   back, exactly once.
//!
//! # Threads and calls
//!
//! Every function in both tables may be called from any thread, concurrently with any other
//! (except `init` and `describe`, which the host calls once, before anything else). Asynchronous
//! calls (`call_method` in either direction) return at once and report through the
//! [`Completion`] they were given, **exactly once**, either before returning or later from any
//! thread. A callee that cannot complete normally (it panicked, its task was dropped) completes
//! with [`Status::PANIC`] rather than never.
//!
//! Unwinding across `extern "C"` aborts the process, so every function on both sides catches
//! panics (`std::panic::catch_unwind`) and turns them into [`Status::PANIC`].
//!
//! # Evolution
//!
//! - Fields are only ever appended to a table, never removed, reordered or retyped. A new field
//!   starts at or after the previous version's `size_of`, never in trailing padding.
//! - Every table starts with `abi_version: u32, struct_size: u32`. `struct_size` is the
//!   publisher's `size_of` of the table; a reader copies `min(struct_size, its own size)` bytes
//!   ([`read_table`]), so fields the publisher does not know read as zero: `None` functions,
//!   empty slices. Readers treat such fields as "not offered".
//! - JSON payloads gain fields freely; readers ignore keys they do not know and default keys
//!   that are absent.
//! - [`ABI_VERSION`] is bumped on any incompatible change; the host refuses a plugin whose
//!   version differs and says which SDK to rebuild against.
//!
//! # Payloads (all UTF-8)
//!
//! The JSON shapes are defined by the serde types of the `wire` module (feature `wire`):
//!
//! | where | payload |
//! |---|---|
//! | `init` config | the plugin's `settings` as JSON (`null` when none) |
//! | `init` error out | the plugin's error message, text |
//! | `describe` out | [`wire::Description`]: `{"methods":[{"name","override"}],"exporters":[{"path","content_type"}]}` |
//! | `call_method` request (both directions) | [`wire::MethodRequest`]: `{"method","bot_id","bot_username","local_mode","params":[[name,value],...],"files":[...]}` |
//! | completion payload, `OK`/`ERROR` | the Bot API envelope: `{"ok":true,"result":...,"description"?}` or `{"ok":false,"error_code":400,"description":"...","parameters"?}` |
//! | completion payload, `PANIC` | the panic message, text (logged by the receiver, never shown to clients) |
//! | `render_stats` request | [`wire::StatsRequest`]: `{"path","bot_filter","snapshot":{...}}` |
//! | `render_stats` out | `OK`: the rendered body, text; otherwise the error or panic message |

// The payload table links to `wire` types, which exist only with the `wire` feature.
#![cfg_attr(not(feature = "wire"), allow(rustdoc::broken_intra_doc_links))]

use core::ffi::c_void;
use core::mem::{MaybeUninit, size_of};

#[cfg(feature = "wire")]
pub mod wire;

/// The ABI version this crate describes. Bumped on any incompatible change.
pub const ABI_VERSION: u32 = 1;

/// The symbol every plugin library exports, NUL-terminated for `dlsym`. Its type is [`EntryFn`].
pub const ENTRY_SYMBOL: &[u8] = b"msg_plugin_entry\0";

/// [`ENTRY_SYMBOL`] without the NUL, for messages.
pub const ENTRY_SYMBOL_NAME: &str = "msg_plugin_entry";

/// The type of the exported [`ENTRY_SYMBOL`]: returns the plugin's table (or null when the
/// plugin cannot even describe itself). Cheap, idempotent, callable more than once; it must not
/// unwind.
pub type EntryFn = unsafe extern "C" fn() -> *const PluginTable;

/// Borrowed bytes: valid only for the duration of the call they are passed to.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Slice {
    /// The first byte; may be null when `len` is 0.
    pub ptr: *const u8,
    /// Length in bytes.
    pub len: usize,
}

impl Slice {
    /// The empty slice.
    pub const EMPTY: Slice = Slice { ptr: core::ptr::null(), len: 0 };

    /// Borrows `bytes` (the caller keeps them alive for as long as the slice is used).
    pub const fn new(bytes: &[u8]) -> Self {
        Self { ptr: bytes.as_ptr(), len: bytes.len() }
    }

    /// The bytes.
    ///
    /// # Safety
    /// `ptr` must point to `len` initialised bytes that stay valid and unchanged for `'a`, or
    /// `len` must be 0.
    pub unsafe fn as_bytes<'a>(&self) -> &'a [u8] {
        if self.len == 0 || self.ptr.is_null() {
            return &[];
        }
        // SAFETY: the caller guarantees `ptr..ptr+len` is valid for `'a`; non-null checked above.
        unsafe { core::slice::from_raw_parts(self.ptr, self.len) }
    }
}

/// Owned bytes returned through an out-pointer; released by the allocating side's `free_buffer`.
#[repr(C)]
#[derive(Debug)]
pub struct Buffer {
    /// The first byte; null when `len` is 0.
    pub ptr: *mut u8,
    /// Length in bytes. (For buffers made by [`Buffer::from_vec`], also the allocation's size.)
    pub len: usize,
}

impl Buffer {
    /// The empty buffer (freeing it is a no-op).
    pub const EMPTY: Buffer = Buffer { ptr: core::ptr::null_mut(), len: 0 };

    /// Hands out `bytes` as an owned buffer, to be released by [`Buffer::free`] on this same side
    /// (the allocating side's `free_buffer` calls it).
    pub fn from_vec(bytes: Vec<u8>) -> Self {
        if bytes.is_empty() {
            return Self::EMPTY;
        }
        let boxed: Box<[u8]> = bytes.into_boxed_slice();
        let len = boxed.len();
        Self { ptr: Box::into_raw(boxed).cast::<u8>(), len }
    }

    /// The bytes, borrowed.
    ///
    /// # Safety
    /// The buffer must not have been freed yet and must stay alive for `'a`.
    pub unsafe fn as_bytes<'a>(&self) -> &'a [u8] {
        // SAFETY: a live buffer points to `len` initialised bytes (or is empty); forwarded.
        unsafe { Slice { ptr: self.ptr, len: self.len }.as_bytes() }
    }

    /// Releases a buffer made by [`Buffer::from_vec`] in this same library.
    ///
    /// # Safety
    /// The buffer must come from [`Buffer::from_vec`] compiled into the calling side (same
    /// allocator) and must not be used or freed again.
    pub unsafe fn free(self) {
        if self.ptr.is_null() || self.len == 0 {
            return;
        }
        let slice = core::ptr::slice_from_raw_parts_mut(self.ptr, self.len);
        // SAFETY: `from_vec` produced this pointer with `Box::into_raw` of a `Box<[u8]>` of
        // exactly `len` bytes, with this side's allocator; the caller gives up the buffer.
        drop(unsafe { Box::from_raw(slice) });
    }
}

/// The outcome of a call. A `u32`, not an enum: an unknown value from a newer peer must not be
/// undefined behaviour. Readers treat unknown values like [`Status::PANIC`].
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Status(pub u32);

impl Status {
    /// Success; the payload is the result.
    pub const OK: Status = Status(0);
    /// An expected failure; the payload explains it (for methods: the Bot API error envelope).
    pub const ERROR: Status = Status(1);
    /// The callee panicked or failed internally; the payload is a message for the log.
    pub const PANIC: Status = Status(2);
}

/// Reports the outcome of an asynchronous call: called exactly once per call, from any thread,
/// with the `user_data` the caller supplied. `payload` is borrowed for the duration of the
/// callback. Implementations must not unwind.
pub type Completion = unsafe extern "C" fn(user_data: *mut c_void, status: Status, payload: Slice);

/// An asynchronous call across the boundary, with the same shape in both directions
/// ([`PluginTable::call_method`], [`HostTable::call_method`]): `host_ctx` identifies the host's
/// call context, `request` is a [`wire::MethodRequest`] JSON, and the outcome goes to
/// `completion(user_data, ...)` exactly once.
pub type CallMethodFn =
    unsafe extern "C" fn(host_ctx: u64, request: Slice, completion: Completion, user_data: *mut c_void);

/// Log levels for [`HostTable::log`] and [`HostTable::max_log_level`].
pub mod log_level {
    /// Nothing is logged (only meaningful as `max_log_level`).
    pub const OFF: u32 = 0;
    pub const ERROR: u32 = 1;
    pub const WARN: u32 = 2;
    pub const INFO: u32 = 3;
    pub const DEBUG: u32 = 4;
    pub const TRACE: u32 = 5;
}

/// What a plugin library exports, returned by [`ENTRY_SYMBOL`]. Published by the plugin, read by
/// the host (with [`read_table`]). All function fields are `Option` so that a null pointer is a
/// checkable `None` rather than undefined behaviour; in version 1 all of them are required.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct PluginTable {
    /// [`ABI_VERSION`] the plugin was built against.
    pub abi_version: u32,
    /// `size_of::<PluginTable>()` as the plugin knows it (see the crate docs on evolution).
    pub struct_size: u32,
    /// The plugin's name, UTF-8, `'static`; shown in logs and in registry clash errors.
    pub name: Slice,
    /// The plugin's version, UTF-8, `'static`.
    pub version: Slice,
    /// Initialises the plugin once: `config` is its settings as JSON (`null` when none), `host`
    /// the host's table (valid for the life of the process). Returns [`Status::OK`], or
    /// [`Status::ERROR`]/[`Status::PANIC`] with a message written to `*error_out` (a [`Buffer`]
    /// the host frees with `free_buffer`; left untouched on `OK`). A second call fails.
    pub init: Option<unsafe extern "C" fn(config: Slice, host: *const HostTable, error_out: *mut Buffer) -> Status>,
    /// Writes the [`wire::Description`] JSON to `*out` (freed by the host with `free_buffer`).
    /// Called once after a successful `init`. On `ERROR`/`PANIC`, `*out` holds a message.
    pub describe: Option<unsafe extern "C" fn(out: *mut Buffer) -> Status>,
    /// Runs one Bot API method asynchronously ([`CallMethodFn`]). The request's `method` is one
    /// the plugin described (matched case-insensitively, spelled as the client did). `host_ctx`
    /// is valid for [`HostTable::call_method`] until this call's completion has been invoked.
    pub call_method: Option<CallMethodFn>,
    /// Renders a stats page synchronously: `request` is a [`wire::StatsRequest`] JSON naming one
    /// of the described exporter paths. Writes the body (`OK`) or a message to `*out`, freed by
    /// the host with `free_buffer`.
    pub render_stats: Option<unsafe extern "C" fn(request: Slice, out: *mut Buffer) -> Status>,
    /// Releases a [`Buffer`] this plugin wrote to an out-pointer. Never unwinds.
    pub free_buffer: Option<unsafe extern "C" fn(buffer: Buffer)>,
}

impl PluginTable {
    /// The size of a version-1 table: the smallest `struct_size` a host of this version accepts.
    pub const MIN_SIZE: u32 = size_of::<PluginTable>() as u32;
}

/// What the host offers the plugin, passed to [`PluginTable::init`]. Published by the host
/// (valid for the life of the process), read by the plugin with [`read_table`]. A `None`
/// function is a service this host does not offer.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HostTable {
    /// [`ABI_VERSION`] of the host.
    pub abi_version: u32,
    /// `size_of::<HostTable>()` as the host knows it.
    pub struct_size: u32,
    /// The most verbose [`log_level`] the host currently records; plugins may skip formatting
    /// anything above it.
    pub max_log_level: u32,
    /// Reserved, zero. Keeps the fields that follow 8-byte aligned.
    pub reserved: u32,
    /// Invokes a method of the server (built-in or another plugin's) asynchronously
    /// ([`CallMethodFn`]), e.g. `sendMessage`. `host_ctx` is the value the host passed to the
    /// [`PluginTable::call_method`] being served; once that call has completed, the host answers
    /// with an error. The request's `bot_id` says which bot acts; `bot_username` and `local_mode`
    /// are ignored. The completion payload is the Bot API envelope of the answer.
    pub call_method: Option<CallMethodFn>,
    /// Writes a line to the server log at a [`log_level`]. `source` names the plugin (or a
    /// module of it); both slices are UTF-8 text. Synchronous and cheap; never unwinds.
    pub log: Option<unsafe extern "C" fn(level: u32, source: Slice, message: Slice)>,
}

impl HostTable {
    /// The size of a version-1 table.
    pub const MIN_SIZE: u32 = size_of::<HostTable>() as u32;
}

// SAFETY: the tables are immutable once published; their slices point to `'static`, immutable
// data and their functions may be called from any thread (see the crate docs).
unsafe impl Send for PluginTable {}
// SAFETY: as above.
unsafe impl Sync for PluginTable {}
// SAFETY: as above.
unsafe impl Send for HostTable {}
// SAFETY: as above.
unsafe impl Sync for HostTable {}

/// A `#[repr(C)]` table that starts with `abi_version: u32, struct_size: u32`.
///
/// # Safety
/// Implementors must have that header and be valid when any suffix of their bytes is zero
/// (integers, nullable pointers, `Option` function pointers, [`Slice`]s).
pub unsafe trait VersionedTable: Copy {}
// SAFETY: header first; every field is an integer, a `Slice` or an `Option<fn>`.
unsafe impl VersionedTable for PluginTable {}
// SAFETY: as above.
unsafe impl VersionedTable for HostTable {}

/// The first two fields of every table.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableHeader {
    pub abi_version: u32,
    pub struct_size: u32,
}

/// Reads a table's header without assuming anything about the rest.
///
/// # Safety
/// `table` must be non-null, aligned, and point to at least 8 readable bytes.
pub unsafe fn read_header<T: VersionedTable>(table: *const T) -> TableHeader {
    // SAFETY: the caller guarantees 8 readable, aligned bytes; every table starts with the header.
    unsafe { table.cast::<TableHeader>().read() }
}

/// Copies a table published by the peer. Only `min(struct_size, size_of::<T>())` bytes are read;
/// fields the peer's version does not have come out zero (`None`, empty). Check the header first
/// ([`read_header`]) when a minimum size matters.
///
/// # Safety
/// `table` must be non-null, aligned, and point to at least `struct_size` readable bytes (as
/// its header says) that stay unchanged during the copy.
pub unsafe fn read_table<T: VersionedTable>(table: *const T) -> T {
    // SAFETY: forwarded from the caller.
    let header = unsafe { read_header(table) };
    let len = (header.struct_size as usize).min(size_of::<T>());
    let mut out = MaybeUninit::<T>::zeroed();
    // SAFETY: the source has at least `len` readable bytes (caller), the destination is a
    // distinct local of `size_of::<T>() >= len` bytes, and `T` is valid with any zeroed suffix
    // (`VersionedTable` contract).
    unsafe {
        core::ptr::copy_nonoverlapping(table.cast::<u8>(), out.as_mut_ptr().cast::<u8>(), len);
        out.assume_init()
    }
}

/// The caller's side of one asynchronous call: a [`Completion`] and its `user_data`, invoked
/// exactly once. [`Completer::complete`] reports the outcome; dropping a `Completer` that was
/// never completed (a panic, a task dropped at shutdown) reports [`Status::PANIC`], so the
/// caller is never left waiting.
#[derive(Debug)]
pub struct Completer {
    completion: Completion,
    user_data: *mut c_void,
    done: bool,
}

// SAFETY: the ABI requires completions to be callable from any thread with their `user_data`
// (see the crate docs); the `Completer` only ever calls it once.
unsafe impl Send for Completer {}

impl Completer {
    /// The message a dropped, never-completed call reports.
    pub const DROPPED: &'static str = "the call ended without an answer";

    /// Wraps a completion received across the boundary.
    ///
    /// # Safety
    /// `completion` and `user_data` must come from the peer for one call, and must not be
    /// invoked by anything else.
    pub unsafe fn new(completion: Completion, user_data: *mut c_void) -> Self {
        Self { completion, user_data, done: false }
    }

    /// Reports the outcome; `payload` is borrowed for the duration of the callback.
    pub fn complete(mut self, status: Status, payload: &[u8]) {
        self.fire(status, payload);
    }

    fn fire(&mut self, status: Status, payload: &[u8]) {
        if self.done {
            return;
        }
        self.done = true;
        // SAFETY: `new`'s contract: a completion and its user data for one call, invoked exactly
        // once (guarded by `done`); the payload outlives the callback.
        unsafe { (self.completion)(self.user_data, status, Slice::new(payload)) }
    }
}

impl Drop for Completer {
    fn drop(&mut self) {
        self.fire(Status::PANIC, Self::DROPPED.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_round_trip_and_empty_ones_need_no_allocation() {
        let buffer = Buffer::from_vec(b"hello".to_vec());
        // SAFETY: freshly made, not freed.
        assert_eq!(unsafe { buffer.as_bytes() }, b"hello");
        // SAFETY: made by `from_vec` here, freed once.
        unsafe { buffer.free() };
        let empty = Buffer::from_vec(Vec::new());
        assert!(empty.ptr.is_null());
        // SAFETY: empty buffers are valid to read and free.
        unsafe {
            assert_eq!(empty.as_bytes(), b"");
            empty.free();
        }
    }

    #[test]
    fn a_shorter_table_reads_with_missing_fields_as_none() {
        unsafe extern "C" fn log(_: u32, _: Slice, _: Slice) {}
        let full = HostTable {
            abi_version: ABI_VERSION,
            struct_size: HostTable::MIN_SIZE,
            max_log_level: log_level::INFO,
            reserved: 0,
            call_method: None,
            log: Some(log),
        };
        // An older peer whose table ended before `log`.
        let older = HostTable { struct_size: core::mem::offset_of!(HostTable, log) as u32, ..full };
        // SAFETY: both point to complete, live tables.
        let (a, b) = unsafe { (read_table(&full), read_table(&older)) };
        assert!(a.log.is_some());
        assert!(b.log.is_none());
        assert_eq!(b.max_log_level, log_level::INFO);
    }

    #[test]
    fn a_completer_fires_exactly_once_even_when_dropped() {
        use std::sync::atomic::{AtomicU32, Ordering};
        static CALLS: AtomicU32 = AtomicU32::new(0);
        static LAST: AtomicU32 = AtomicU32::new(99);
        unsafe extern "C" fn done(_: *mut c_void, status: Status, _: Slice) {
            CALLS.fetch_add(1, Ordering::SeqCst);
            LAST.store(status.0, Ordering::SeqCst);
        }
        // SAFETY: `done` ignores its user data.
        let completer = unsafe { Completer::new(done, core::ptr::null_mut()) };
        completer.complete(Status::OK, b"{}");
        assert_eq!((CALLS.load(Ordering::SeqCst), LAST.load(Ordering::SeqCst)), (1, 0));
        // SAFETY: as above.
        drop(unsafe { Completer::new(done, core::ptr::null_mut()) });
        assert_eq!((CALLS.load(Ordering::SeqCst), LAST.load(Ordering::SeqCst)), (2, Status::PANIC.0));
    }
}
