//! The checks every system in `SYSTEMS` passes, so that adding a system to the list is
//! all it takes to have it checked: a bot game through the whole GM loop (every bot
//! orders file accepted as a mail, every acknowledgement's echo accepted again, the
//! system's invariants after every step, `verify` replaying the campaign from its
//! ledger and audit bundle to the same states and reports), and `soak --max-turns`
//! stopping where it says for systems that count turns.

mod common;

use common::*;

#[test]
fn every_system_plays_a_bot_game_that_verifies() {
    for info in umpire::systems::SYSTEMS.iter().chain(umpire::systems::UNLISTED) {
        let out = ok(&["soak", "--system", info.name, "--games", "1", "--seed", "5", "--max-steps", "30"]);
        assert!(out.contains(&format!("soak {}: 1 games", info.name)), "{}: {out}", info.name);
        // The figure that decides whether a game is playable by mail.
        let trips = out
            .lines()
            .find_map(|l| l.strip_prefix("mail round trips: "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse::<f64>().ok())
            .unwrap_or_else(|| panic!("{}: no round-trip figure: {out}", info.name));
        assert!(trips > 0.0 && trips < 10.0, "{}: {trips}", info.name);
    }
}

#[test]
fn soak_max_turns_stops_where_it_says() {
    let tmp = tempfile::tempdir().unwrap();
    let keep = tmp.path().join("kept");
    let out = ok(&[
        "soak",
        "--system",
        "andartes",
        "--games",
        "1",
        "--seed",
        "5",
        "--max-turns",
        "2",
        "--keep",
        keep.to_str().unwrap(),
    ]);
    let dir = keep.join("game-0");
    let last = std::fs::read_dir(dir.join("state"))
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".json")?.parse::<u64>().ok())
        .max()
        .unwrap();
    let state: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(format!("state/{last}.json"))).unwrap())
            .unwrap();
    let turn = state["turn"].as_u64().unwrap();
    assert!(state["over"].is_string() || turn <= 3, "turn {turn}: {out}");
}

/// Issue 13, part 7: options are declared once per system; an unknown key or a bad
/// value is refused the same way for every system, naming what would do, and
/// `umpire systems` lists them.
#[test]
fn options_are_declared_listed_and_checked_alike() {
    let listing = ok(&["systems"]);
    assert!(
        listing.contains("--option coasts=datc|strict")
            && listing.contains("--option landing=within-limit|always")
    );
    let tmp = tempfile::tempdir().unwrap();
    for (system, players, bad, why) in [
        ("dice", vec!["a"], "roundz=yes", "has no option 'roundz'"),
        ("dice", vec!["a"], "rounds=maybe", "use yes or no"),
        (
            "guerilla-warfare",
            vec!["austria", "england", "france", "germany", "italy", "russia", "turkey"],
            "landing=sometimes",
            "use within-limit or always",
        ),
        ("andartes", vec!["gov", "dse"], "end=7", "use 5 or 10"),
    ] {
        let dir = tmp.path().join(format!("{system}-{}", bad.replace('=', "-")));
        let mut args: Vec<String> = vec!["new".into(), system.into(), dir.display().to_string()];
        for p in &players {
            args.extend(["--player".into(), format!("{p}={p}@example.org")]);
        }
        args.extend(["--gm-email".into(), "gm@example.org".into(), "--option".into(), bad.into()]);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = run(&refs);
        assert_ne!(code, 0, "{system} {bad}");
        assert!(err.contains(why), "{system} {bad}: {err}");
        assert!(!dir.join("campaign.toml").exists());
    }
}

/// Issue 13, part 7: one mapping from players to sides. `seat.<player>=<side>` works
/// alike in Andartes and Diplomacy; the older forms still seat the same way; a bad
/// seat is refused before anything is written.
#[test]
fn players_are_seated_one_way_in_every_system() {
    let tmp = tempfile::tempdir().unwrap();
    let make = |name: &str, system: &str, players: &[&str], options: &[&str]| {
        let dir = tmp.path().join(name);
        let mut args: Vec<String> = vec!["new".into(), system.into(), dir.display().to_string()];
        for p in players {
            args.extend(["--player".into(), format!("{p}={p}@example.org")]);
        }
        args.extend(["--gm-email".into(), "gm@example.org".into()]);
        for o in options {
            args.extend(["--option".into(), o.to_string()]);
        }
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        (run(&refs), dir)
    };
    let government_of = |dir: &std::path::Path| {
        let state: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("state/0.json")).unwrap()).unwrap();
        state["players"]["government"].as_str().unwrap().to_string()
    };
    let ((code, _, err), dir) = make("a1", "andartes", &["ann", "bob"], &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(government_of(&dir), "ann", "the first player is the Government");
    let ((code, _, err), dir) = make("a2", "andartes", &["ann", "bob"], &["seat.bob=Government"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(government_of(&dir), "bob");
    let ((code, _, err), dir) = make("a3", "andartes", &["ann", "bob"], &["government=bob"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(government_of(&dir), "bob", "the older form seats the same way");
    let ((code, _, err), dir) = make("a4", "andartes", &["ann", "bob"], &["seat.ann=king"]);
    assert_ne!(code, 0);
    assert!(err.contains("'king' is not a side (the sides: government, dse)"), "{err}");
    assert!(!dir.join("campaign.toml").exists());

    let ((code, _, err), dir) =
        make("d1", "diplomacy", &["alice", "france"], &["seat.alice=England", "unassigned=civil-disorder"]);
    assert_eq!(code, 0, "{err}");
    let state: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("state/0.json")).unwrap()).unwrap();
    assert_eq!(state["players"]["england"], "alice", "{state}");
    assert_eq!(state["players"]["france"], "france");
    let ((code, _, err), _) = make("d2", "diplomacy", &["alice", "france"], &["unassigned=civil-disorder"]);
    assert_ne!(code, 0);
    assert!(err.contains("--option seat.alice=<side>"), "{err}");
}
