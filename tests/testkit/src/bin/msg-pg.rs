//! `msg-pg start <dir>` starts a throwaway PostgreSQL cluster in `<dir>` and prints its URL (for
//! `MSG_TEST_DATABASE_URL`); `msg-pg stop <dir>` stops it. `.ci/test` runs the e2e suite on one.

use std::path::Path;

use msg_testkit::postgres::Cluster;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match (args.first().map(String::as_str), args.get(1)) {
        (Some("start"), Some(dir)) => {
            let cluster = Cluster::start_in(Path::new(dir), false).keep();
            println!("{}", cluster.base_url());
        }
        (Some("stop"), Some(dir)) => Cluster::stop_in(Path::new(dir)),
        _ => {
            eprintln!("usage: msg-pg start|stop <dir>");
            std::process::exit(2);
        }
    }
}
