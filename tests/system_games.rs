//! Each system's sample game and bot games, through the binary and the whole GM loop:
//! every orders file a mail, every step a commit, every campaign verified at the end.
//! `UMPIRE_SOAK_GAMES` raises the number of bot games (CI keeps it small).

mod common;

use common::*;

fn soak_games(default: usize) -> String {
    std::env::var("UMPIRE_SOAK_GAMES").unwrap_or_else(|_| default.to_string())
}

fn demo(system: &str) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let out = ok(&["demo", "--seed", "1", "--system", system, "--dir", dir.to_str().unwrap()]);
    assert!(out.contains("verify with the audit bundle: OK"), "{out}");
    // The public verify of the same directory passes too, and the Python auditor agrees.
    assert!(ok(&["verify", dir.to_str().unwrap()]).contains("verify: OK"));
    out
}

#[test]
fn andartes_demo_plays_two_turns_and_verifies() {
    let out = demo("andartes");
    assert!(out.contains("Turn 2: end of turn"), "{out}");
    assert!(out.contains("orders of gov: accepted") && out.contains("orders of dse: accepted"), "{out}");
    assert!(!out.contains("refused"), "{out}");
}

#[test]
fn andartes_bot_games_verify() {
    let games = soak_games(2);
    let out = ok(&["soak", "--system", "andartes", "--games", &games, "--max-turns", "30", "--seed", "7"]);
    assert!(out.contains(&format!("{games} games")), "{out}");
}

#[test]
fn dice_round_bot_games_verify() {
    let out = ok(&["soak", "--system", "dice", "--games", "2", "--max-steps", "6"]);
    assert!(out.contains("2 games") && out.contains("12 steps"), "{out}");
}

#[test]
fn diplomacy_demo_plays_the_first_year_and_verifies() {
    let out = demo("diplomacy");
    for expected in [
        "Spring 1901 Movement",
        "Fall 1901 Retreat",
        "Winter 1901 Adjustment",
        "Russia builds F St Petersburg (north coast)",
    ] {
        assert!(out.contains(expected), "{expected}: {out}");
    }
    assert!(!out.contains("refused"), "{out}");
}

#[test]
fn what_if_from_files_in_text_and_json() {
    let ex = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/diplomacy/examples");
    let pos = ex.join("paradox.position.toml");
    let ord = ex.join("paradox.orders.txt");
    let text =
        ok(&["what-if", "diplomacy", "--position", pos.to_str().unwrap(), "--orders", ord.to_str().unwrap()]);
    assert!(text.contains("dislodged"), "{text}");
    let json = ok(&[
        "what-if",
        "diplomacy",
        "--position",
        pos.to_str().unwrap(),
        "--orders",
        ord.to_str().unwrap(),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("what-if --json prints JSON");
    let orders = v["orders"].as_array().expect("orders");
    assert!(
        orders.iter().all(|o| ["succeeds", "fails", "invalid"].contains(&o["result"].as_str().unwrap_or("")))
    );
    assert!(
        v["units"].as_array().is_some() && v["dislodged"].as_array().is_some() && v["centres"].is_object()
    );
    // An illegal order is reported with its reason, not guessed and not a crash.
    let tmp = tempfile::tempdir().unwrap();
    let bad = file(tmp.path(), "bad.txt", "England: F lon - mos\n");
    let (code, out, err) = run(&[
        "what-if",
        "diplomacy",
        "--position",
        pos.to_str().unwrap(),
        "--orders",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("F lon - mos") && out.contains("cannot go inland"), "{out}");
}

#[test]
fn bench_reports_figures() {
    let mut args = vec!["bench", "diplomacy", "--games", "1"];
    let datc = shared("data/diplomacy/datc_v3.json");
    let path = datc.as_ref().map(|p| p.display().to_string());
    if let Some(p) = &path {
        args.extend(["--reference", p.as_str()]);
    }
    let out = ok(&args);
    assert!(out.contains("phases"), "{out}");
    if path.is_some() {
        assert!(out.contains("DATC"), "{out}");
    }
}

/// Every public report of a campaign, by step, as text.
fn public_reports(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = files_under(&dir.join("reports"))
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "public.txt"))
        .map(|p| (p.strip_prefix(dir).unwrap().display().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

#[test]
fn a_seeded_demo_plays_the_same_game_again_and_an_unseeded_one_does_not() {
    let tmp = tempfile::tempdir().unwrap();
    let play = |name: &str, seed: Option<&str>| {
        let dir = tmp.path().join(name);
        let mut args = vec!["demo", "--system", "front-line", "--dir", dir.to_str().unwrap()];
        if let Some(s) = seed {
            args.extend(["--seed", s]);
        }
        let out = ok(&args);
        assert_eq!(out.contains("dice key made from --seed"), seed.is_some(), "{out}");
        public_reports(&dir)
    };
    let (a, b) = (play("a", Some("1")), play("b", Some("1")));
    assert!(a.len() >= 2, "the demo publishes reports: {a:?}");
    assert_eq!(a, b, "the same seed plays the same dice");
    assert_ne!(a, play("c", Some("2")), "another seed, other dice");
    assert_ne!(a, play("d", None), "without a seed the dice are fresh");
}
