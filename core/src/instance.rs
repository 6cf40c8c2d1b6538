//! This process's id among the servers of a shared storage: the host's name (a container's id)
//! and a random part drawn from the system (never the seeded generator: two servers replaying
//! one seed are still two holders), new at each start. Leases name it as their holder, the
//! stats page shows it.

use std::sync::OnceLock;

static INSTANCE: OnceLock<String> = OnceLock::new();

/// The id, made on first use.
pub fn instance() -> &'static str {
    INSTANCE.get_or_init(|| {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
        let host = host.trim();
        format!("{}-{:08x}", if host.is_empty() { "msg-bot-api" } else { host }, rand::random::<u32>())
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_id_names_the_host_and_stays_the_same() {
        let id = super::instance();
        assert_eq!(super::instance(), id);
        let (_, random) = id.rsplit_once('-').unwrap();
        assert_eq!(random.len(), 8, "{id}");
    }
}
