//! Properties over every system's orders parser and over mail ingest (fixes list,
//! item 29): random and mutated inputs never panic, every refused line has a reason,
//! and a refused mail leaves the campaign as it was.
//!
//! Bounded for `cargo test` (64 cases per property); a longer run:
//! `PROPTEST_CASES=20000 cargo test --release --test properties`.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

use umpire::campaign::Campaign;
use umpire::campaign::adjudicate;
use umpire::campaign::ingest::{self, Verdict};
use umpire::campaign::new::{self, NewCampaign};

const SYSTEMS: [(&str, &[&str]); 7] = [
    ("dice", &["alice", "bob"]),
    ("diplomacy", &["austria", "england", "france", "germany", "italy", "russia", "turkey"]),
    ("guerilla-warfare", &["austria", "england", "france", "germany", "italy", "russia", "turkey"]),
    ("andartes", &["government", "dse"]),
    ("algeria", &["government", "fln"]),
    ("front-line", &["red", "green"]),
    ("freedom-messolonghi", &["imperial", "insurgent"]),
];

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64);
    Config { cases, failure_persistence: None, ..Config::default() }
}

/// A campaign of `system` whose open phase has someone due, with every player's secret.
fn campaign(dir: &Path, system: &str, players: &[&str]) -> BTreeMap<String, String> {
    umpire::games::install();
    let created = new::create(NewCampaign {
        system: system.into(),
        dir: dir.to_path_buf(),
        id: Some("g".into()),
        players: players.iter().map(|p| (p.to_string(), format!("{p}@example.org"))).collect(),
        gm_email: Some("gm@example.org".into()),
        address: Some("game@example.org".into()),
        scenario: None,
        options: BTreeMap::new(),
        chain_length: None,
        schedule: None,
        dice_key: None,
        keep_reports: None,
    })
    .expect("new");
    let mut c = Campaign::open(dir).expect("open");
    adjudicate::run_automatic(&mut c).expect("automatic steps");
    created.player_secrets.into_iter().collect()
}

/// Edits applied to a text: (position, kind, byte).
fn mutate(base: &str, edits: &[(u16, u8, u8)]) -> Vec<u8> {
    const NASTY: &[&str] = &[
        "(",
        ")",
        "/",
        "-",
        "->",
        "1/3",
        "\u{0}",
        "é",
        "\u{202e}",
        "ARC",
        "#",
        ",",
        "::",
        "999999999999999999999",
        "\r",
        "\n",
        " ",
        "S",
        "C",
        "TO",
        "END",
    ];
    let mut bytes = base.as_bytes().to_vec();
    for &(at, kind, b) in edits {
        let at = if bytes.is_empty() { 0 } else { at as usize % (bytes.len() + 1) };
        match kind % 4 {
            0 => bytes.insert(at, b),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 if at < bytes.len() => bytes[at] = b,
            _ => {
                let piece = NASTY[b as usize % NASTY.len()].as_bytes();
                bytes.splice(at..at, piece.iter().copied());
            }
        }
    }
    bytes
}

fn inputs() -> impl Strategy<Value = (bool, Vec<(u16, u8, u8)>, Vec<u8>)> {
    (
        any::<bool>(),
        prop::collection::vec(any::<(u16, u8, u8)>(), 0..24),
        prop::collection::vec(any::<u8>(), 0..600),
    )
}

#[test]
fn item_29_every_parser_gives_a_reason_per_bad_line_and_never_panics() {
    for (system, players) in SYSTEMS {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("g");
        campaign(&dir, system, players);
        let c = Campaign::open(&dir).unwrap();
        let engine = c.engine().unwrap();
        let state: Value = c.current_state().unwrap();
        let phase = engine.phase(&state).unwrap();
        let player = phase.due.first().cloned().unwrap_or_else(|| players[0].to_string());
        let base = engine.guide(&state, &player).unwrap().now.join("\n");
        drop(c);
        let mut runner = TestRunner::new(config());
        runner
            .run(&inputs(), |(random, edits, noise)| {
                let bytes = if random { noise } else { mutate(&base, &edits) };
                let body = String::from_utf8_lossy(&bytes).into_owned();
                let lines = body.lines().count().max(1);
                match engine.check(&state, &player, &body) {
                    Err(e) => prop_assert!(false, "{system}: check failed outright: {e:#}"),
                    Ok(Ok(_)) => {}
                    Ok(Err(errors)) => {
                        prop_assert!(!errors.is_empty(), "{system}: refused with no reason");
                        for e in &errors {
                            prop_assert!(
                                !e.reason.trim().is_empty(),
                                "{system}: line {} has no reason",
                                e.line
                            );
                            prop_assert!(e.line <= lines + 1, "{system}: line {} of {lines}", e.line);
                        }
                    }
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{system}: {e}"));
    }
}

/// Each waiting player's sealed orders, as bytes.
fn sealed(c: &Campaign) -> BTreeMap<String, Vec<u8>> {
    adjudicate::sealed_orders(c, c.steps() + 1).unwrap().into_iter().map(|(p, s)| (p, s.bytes)).collect()
}

#[test]
fn item_29_a_refused_mail_leaves_the_campaign_as_it_was() {
    for (system, players) in SYSTEMS {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("g");
        let secrets = campaign(&dir, system, players);
        let c = Campaign::open(&dir).unwrap();
        let engine = c.engine().unwrap();
        let state = c.current_state().unwrap();
        let phase = engine.phase(&state).unwrap();
        let player = phase.due.first().cloned().unwrap_or_else(|| players[0].to_string());
        let lines = engine.guide(&state, &player).unwrap().now.join("\r\n");
        drop(c);
        let base = format!(
            "From: {player}@example.org\r\nTo: game@example.org\r\nSubject: orders\r\nMessage-ID: <base@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nGAME g\r\nPLAYER {player}\r\nSECRET {}\r\n{lines}\r\nEND\r\n",
            secrets[&player]
        );
        let cases = if std::env::var("PROPTEST_CASES").is_ok() { config().cases } else { 48 };
        let mut runner = TestRunner::new(Config { cases, ..config() });
        runner
            .run(&inputs(), |(random, edits, noise)| {
                let raw = if random { noise } else { mutate(&base, &edits) };
                let mut c = Campaign::open(&dir).unwrap();
                let before = (c.steps(), c.current_state().unwrap(), sealed(&c));
                let done = ingest::ingest(&mut c, &raw);
                prop_assert!(done.is_ok(), "{system}: ingest failed: {:#}", done.err().unwrap());
                let done = done.unwrap();
                if matches!(
                    done.verdict,
                    Verdict::Refused { .. } | Verdict::Ignored { .. } | Verdict::Duplicate
                ) {
                    let after = (c.steps(), c.current_state().unwrap(), sealed(&c));
                    prop_assert!(
                        before == after,
                        "{system}: a refused mail changed the campaign: {:?}",
                        done.verdict
                    );
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{system}: {e}"));
    }
}
