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
    for info in umpire::games::SYSTEMS.iter().chain(umpire::games::UNLISTED) {
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

/// Plays one bot game of `system` and keeps it: the campaign directory.
fn kept_game(tmp: &std::path::Path, system: &str, options: &[&str]) -> std::path::PathBuf {
    let keep = tmp.join(format!("{system}-{}", options.join("-")));
    let mut args = vec!["soak", "--system", system, "--games", "1", "--seed", "5", "--max-steps", "14"];
    let keep_s = keep.display().to_string();
    args.extend(["--keep", &keep_s]);
    for o in options {
        args.extend(["--option", o]);
    }
    ok(&args);
    keep.join("game-0")
}

/// Each step's events, as (step, events), from the kept `state/N.events.json`.
fn step_events(game: &std::path::Path) -> Vec<(u64, Vec<serde_json::Value>)> {
    let mut out: Vec<(u64, Vec<serde_json::Value>)> = std::fs::read_dir(game.join("state"))
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let n = name.strip_suffix(".events.json")?.parse::<u64>().ok()?;
            let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(e.path()).ok()?).ok()?;
            Some((n, v["events"].as_array()?.clone()))
        })
        .collect();
    out.sort_by_key(|(n, _)| *n);
    out
}

fn strings_in(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| strings_in(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| strings_in(x, out)),
        _ => {}
    }
}

/// The steps whose committed state holds one of the step's report lines verbatim.
fn steps_with_prose_in_state(game: &std::path::Path) -> Vec<u64> {
    step_events(game)
        .into_iter()
        .filter(|(n, events)| {
            let state: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(game.join(format!("state/{n}.json"))).unwrap())
                    .unwrap();
            let mut strings = Vec::new();
            strings_in(&state, &mut strings);
            events
                .iter()
                .filter_map(|e| e["text"].as_str())
                .any(|t| t.len() >= 25 && strings.iter().any(|s| s == t))
        })
        .map(|(n, _)| n)
        .collect()
}

/// Does an event's audience admit this report's reader ("public", "gm" or a player)?
fn admits(audience: &serde_json::Value, reader: &str) -> bool {
    let listed = || audience["players"].as_array().map(|a| a.iter().any(|p| p == reader)).unwrap_or(false);
    match (audience["to"].as_str().unwrap_or(""), reader) {
        ("public", _) => true,
        ("others", "gm") => false,
        ("others", _) => !listed(),
        (_, "gm") => true,
        ("players", _) => listed(),
        _ => false,
    }
}

/// Issue 13, parts 8 and 9: in a bot game of every system, (a) no committed state
/// holds report prose (a step's report lines live in its events), and (b) every
/// report admits only its audience: a line addressed to some players (or the GM)
/// appears in no other reader's report, unless that reader was told the same words
/// by an event of their own.
#[test]
fn no_prose_in_state_and_every_report_admits_only_its_audience() {
    let tmp = tempfile::tempdir().unwrap();
    for info in umpire::games::SYSTEMS.iter().chain(umpire::games::UNLISTED) {
        let game = kept_game(tmp.path(), info.name, &[]);
        assert_eq!(
            steps_with_prose_in_state(&game),
            Vec::<u64>::new(),
            "{}: report prose in state",
            info.name
        );
        let mut checked = 0;
        for (n, events) in step_events(&game) {
            let Ok(dir) = std::fs::read_dir(game.join(format!("reports/{n}"))) else { continue };
            for report in dir.flatten() {
                let path = report.path();
                if path.extension().and_then(|e| e.to_str()) != Some("txt") {
                    continue;
                }
                let reader = path.file_stem().unwrap().to_str().unwrap().to_string();
                let text = std::fs::read_to_string(&path).unwrap();
                let told: Vec<&str> = events
                    .iter()
                    .filter(|e| admits(&e["audience"], &reader))
                    .filter_map(|e| e["text"].as_str())
                    .collect();
                for e in events.iter().filter(|e| !admits(&e["audience"], &reader)) {
                    let line = e["text"].as_str().unwrap_or("");
                    if line.len() < 25 || told.iter().any(|t| t.contains(line)) {
                        continue;
                    }
                    checked += 1;
                    assert!(!text.contains(line), "{} step {n}: {reader}'s report shows {line:?}", info.name);
                }
            }
        }
        eprintln!("{}: {checked} private lines checked against other readers' reports", info.name);
    }
    // The check has teeth: Andartes' revision 2 kept the last step's lines in the state.
    let old = kept_game(tmp.path(), "andartes", &["revision=2"]);
    assert!(!steps_with_prose_in_state(&old).is_empty());
}
