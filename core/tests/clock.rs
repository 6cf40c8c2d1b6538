//! The manual clock in a process of its own (one clock per process: installing it here touches
//! no other test).

use std::time::Duration;

use msg_core::clock::{advance, install_manual, moves, now_unix, sleep_until, tick, timeout};

#[tokio::test]
async fn a_manual_clock_stands_still_until_advanced_and_then_wakes_its_waiters() {
    assert!(advance(1).is_err(), "the real clock does not move on request");
    assert!(install_manual(1_000));
    assert!(!install_manual(5), "installed once");
    assert_eq!(now_unix(), 1_000);
    let waiter = tokio::spawn(sleep_until(1_060));
    let timed = tokio::spawn(timeout(Duration::from_millis(1_500), std::future::pending::<()>()));
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(!waiter.is_finished() && !timed.is_finished(), "real time passing moves nothing");
    assert_eq!(advance(2), Ok(1_002));
    assert_eq!(timed.await.unwrap(), None, "2 s is past a deadline of 1.5 s rounded up");
    assert!(!waiter.is_finished());
    assert_eq!(advance(58), Ok(1_060));
    waiter.await.unwrap();
    assert!(advance(-1).is_err());
    let mut moves = moves();
    let mut interval = tokio::time::interval(Duration::from_secs(3_600));
    interval.tick().await;
    let ticking = tokio::spawn(async move { tick(&mut interval, &mut moves).await });
    tokio::time::sleep(Duration::from_millis(20)).await;
    advance(1).unwrap();
    ticking.await.unwrap();
}
