//! Whether this server is a test server (`--testing`): the platform's test environment, where
//! what the public platform allows only there is allowed too (Web App and login URLs over plain
//! HTTP, as TDLib's test DC takes them). Set once at start; off by default.

use std::sync::atomic::{AtomicBool, Ordering};

static TEST: AtomicBool = AtomicBool::new(false);

/// Makes this process a test server's (or not).
pub fn set_test(on: bool) {
    TEST.store(on, Ordering::Relaxed);
}

/// Whether this process is a test server's.
pub fn is_test() -> bool {
    TEST.load(Ordering::Relaxed)
}
