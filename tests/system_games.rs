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
    let out = ok(&["demo", "--system", system, "--dir", dir.to_str().unwrap()]);
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
