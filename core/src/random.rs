//! The server's one source of randomness for what a test may want to repeat: update id starts,
//! dice, ids of people and bots, token secrets, invite link hashes, query, poll, album and charge
//! ids. Unseeded it is the system's; `--seed N` (a test server's) makes it a generator seeded
//! with `N`, so two runs that make the same requests in the same order give the same answers.
//! Transport (webhook backoff jitter, temporary file names) keeps the system's.
//!
//! One generator per process, installed once, at start.

use std::sync::{Mutex, OnceLock};

use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};

static SEEDED: OnceLock<Mutex<StdRng>> = OnceLock::new();

/// Seeds the generator with `seed`; `false` when it already was.
pub fn seed(seed: u64) -> bool {
    SEEDED.set(Mutex::new(StdRng::seed_from_u64(seed))).is_ok()
}

/// Whether the generator is seeded.
pub fn is_seeded() -> bool {
    SEEDED.get().is_some()
}

fn with<T>(draw: impl FnOnce(&mut dyn RngCore) -> T) -> T {
    match SEEDED.get() {
        Some(seeded) => draw(&mut *seeded.lock().expect("the seeded generator")),
        None => draw(&mut rand::rng()),
    }
}

/// A random `u64`.
pub fn next_u64() -> u64 {
    with(|rng| rng.next_u64())
}

/// `N` random bytes.
pub fn bytes<const N: usize>() -> [u8; N] {
    let mut out = [0u8; N];
    with(|rng| rng.fill_bytes(&mut out));
    out
}

/// `n` characters of `alphabet` for a secret (a token's, a provider token's). They come from a
/// generator of their own, keyed with 32 bytes of the shared one: seeded runs whose draws are
/// shifted by a few (each `bot create` is a process of its own, and one that made a bot more
/// draws more) then give unrelated secrets, not overlapping windows of one stream, so one token
/// never gives the next away.
pub fn secret(n: usize, alphabet: &[u8]) -> String {
    let mut own = with(|rng| {
        let mut key = [0u8; 32];
        rng.fill_bytes(&mut key);
        StdRng::from_seed(key)
    });
    (0..n).map(|_| alphabet[(own.next_u64() % alphabet.len() as u64) as usize] as char).collect()
}

/// A random number in `low..=high`.
pub fn between(low: i64, high: i64) -> i64 {
    with(|rng| {
        let span = (high - low) as u64 + 1;
        low + (rng.next_u64() % span) as i64
    })
}

/// A random index below `n` (`n` > 0).
pub fn below(n: usize) -> usize {
    with(|rng| (rng.next_u64() % n as u64) as usize)
}
