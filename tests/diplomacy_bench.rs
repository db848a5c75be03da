//! The benchmark library function runs end to end (figures from a debug build mean
//! little; `umpire bench diplomacy` on a release build gives the real ones).

use std::path::Path;

#[test]
fn bench_report_runs_on_the_datc_suite_and_random_games() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/diplomacy/datc_v3.json");
    let datc = match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) => {
            println!("SKIP: {} not found (random games only)", path.display());
            None
        }
    };
    // DIPLOMACY_BENCH_GAMES sets the number of random games (2 by default, to keep the
    // test quick); run with --release for figures worth quoting.
    let games = std::env::var("DIPLOMACY_BENCH_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(2);
    let report = umpire::games::diplomacy::bench_report(datc.as_deref(), games, 42).unwrap();
    println!("{report}");
    assert!(report.contains("movement phases/s"));
    if datc.is_some() {
        assert!(report.contains("DATC suite (171 cases)"), "{report}");
    }
}
