//! A cheap monotonic clock, precise to the kernel's tick (a few milliseconds), for what every
//! request reads: connection deadlines, rate windows, caches' freshness. There a precise clock
//! read costs more than the work around it. Not for measuring how long something took, and not
//! the platform's clock ([`crate::clock`]), which tests may stop and advance.

use std::time::Duration;

/// Time since an unspecified start, never going back.
pub fn now() -> Duration {
    imp::now()
}

#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
mod imp {
    use std::time::Duration;

    /// `CLOCK_MONOTONIC_COARSE`: the time of the last tick, read from the vDSO.
    pub fn now() -> Duration {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::MonotonicCoarse);
        Duration::new(u64::try_from(t.tv_sec).unwrap_or(0), u32::try_from(t.tv_nsec).unwrap_or(0))
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_os = "freebsd")))]
mod imp {
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};

    pub fn now() -> Duration {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_follows_real_time_to_the_tick() {
        let (before, precise) = (now(), std::time::Instant::now());
        std::thread::sleep(Duration::from_millis(50));
        let (passed, real) = (now() - before, precise.elapsed());
        // Within two ticks (at most 10 ms each) of the precise clock.
        assert!(passed.abs_diff(real) <= Duration::from_millis(20), "{passed:?} against {real:?}");
        assert!(now() >= before + passed);
    }
}
