//! Issue 24 for the older systems: an impossible line is refused at ingest with its
//! true reason, or accepted with a note saying what it depends on. Guerilla Warfare
//! II and Diplomacy are sent through `umpire ingest`; the positions no mail can reach
//! at once (an adjustment, a battle in progress) are checked in process through
//! `System::parse`, the check ingest calls.

mod common;

use common::*;
use std::collections::BTreeMap;
use std::path::Path;

use umpire::engine::{Dice, Setup, System};
use umpire::games::andartes::state::{Loc, Stage as AndartesStage};
use umpire::games::andartes::{Andartes, Side, State as AndartesState};
use umpire::games::guerilla_warfare::GuerillaWarfare;
use umpire::games::guerilla_warfare::calendar::Stage as GwStage;
use umpire::games::guerilla_warfare::fractions::Size;
use umpire::games::guerilla_warfare::state::{Fraction, Kind};

const POWERS: &[&str] = &["austria", "england", "france", "germany", "italy", "russia", "turkey"];

/// Sends `lines` as `player`'s orders and returns the acknowledgement.
fn send(dir: &Path, tmp: &Path, secrets: &BTreeMap<String, String>, player: &str, lines: &[&str]) -> String {
    let body = format!("GAME g\nPLAYER {player}\nSECRET {}\n{}\nEND\n", secrets[player], lines.join("\n"));
    let n = std::fs::read_dir(tmp).map(|d| d.count()).unwrap_or(0);
    let f = file(tmp, &format!("m{n}.eml"), &mail(&format!("{player}@example.org"), &format!("m{n}"), &body));
    ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()]);
    newest_ack(dir)
}

/// The acknowledgement's words on `line`: the line and the reason beneath it.
fn reason_for(ack: &str, line: &str) -> String {
    ack.lines()
        .skip_while(|l| !l.contains(line))
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn assert_refused(ack: &str, line: &str, because: &str) {
    assert!(ack.starts_with("REFUSED"), "not refused:\n{ack}");
    let why = reason_for(ack, line);
    assert!(why.contains(because), "'{line}' is not refused with '{because}':\n{ack}");
}

// ---- Guerilla Warfare II ----

#[test]
fn guerilla_warfare_refuses_each_careless_line_with_its_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let secrets = new_campaign(&dir, "guerilla-warfare", POWERS);
    let mails = tmp.path().join("mails");
    std::fs::create_dir_all(&mails).unwrap();
    let cases: &[(&str, &str)] = &[
        // A fraction told to disperse again: the ruling, not a reading error.
        ("1/3 A(Bur) disperses - 1/9 A(Par), 1/9 A(Pic), 1/9 A(Gas)", "R18"),
        // A fraction France does not have.
        ("1/3 A(Pic) - Bre", "you have no 1/3 A fraction in"),
        // Another power's unit.
        ("A(Vie) H", "France has no unit in Vienna"),
        // A move to a province that does not border.
        ("A(Par) - Mos", "Paris does not border Moscow"),
    ];
    for (line, because) in cases {
        let ack = send(&dir, &mails, &secrets, "france", &[line]);
        assert_refused(&ack, line, because);
        assert!(!ack.contains("is not a province"), "a reading error instead of the rule:\n{ack}");
    }
}

fn gw() -> (GuerillaWarfare, umpire::games::guerilla_warfare::State) {
    let g = GuerillaWarfare::new().expect("the embedded board");
    let players: Vec<String> = POWERS.iter().map(|p| p.to_string()).collect();
    let options: BTreeMap<String, String> =
        g.pinned_options().iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let s = g.setup(&Setup { campaign: "t", players: &players, scenario: None, options: &options }).unwrap();
    (g, s)
}

fn reasons<T: System>(system: &T, s: &T::State, player: &str, body: &str) -> String {
    match system.parse(s, player, body) {
        Ok(_) => panic!("'{body}' was accepted"),
        Err(e) => e.iter().map(|x| x.reason.clone()).collect::<Vec<_>>().join(" | "),
    }
}

#[test]
fn guerilla_warfare_reads_the_rulebook_notation_in_builds_and_answers_removals_of_fractions_with_r25() {
    let (g, mut s) = gw();
    s.stage = GwStage::Adjustment;
    // France has lost the army of Lyon: one build due, and Lyon is free.
    s.units.retain(|u| u.at != "lyo");
    for written in ["Build A(Lyo)", "build A(lyo)", "Build A lyo"] {
        let o = g.parse(&s, "france", written).unwrap_or_else(|e| panic!("'{written}': {e:?}"));
        assert_eq!(g.echo(&s, &o), vec!["build A lyo".to_string()], "{written}");
    }
    // Fractions are never removed; the answer is the ruling, with its reading.
    s.fractions.push(Fraction {
        id: s.next_fraction,
        power: "france".into(),
        kind: Kind::Army,
        size: Size::parse("1/3").unwrap(),
        at: "bur".into(),
        aboard: false,
    });
    s.next_fraction += 1;
    for written in ["Remove 1/3 A(Bur)", "remove 1/3 A bur", "1/3 A bur disband"] {
        let why = reasons(&g, &s, "france", written);
        assert!(why.contains("R25") && !why.contains("not a province"), "'{written}': {why}");
    }
}

#[test]
fn guerilla_warfare_refuses_a_fraction_dispersing_again_with_r18_but_reads_a_dispersal_naming_fractions() {
    let (g, mut s) = gw();
    s.fractions.push(Fraction {
        id: s.next_fraction,
        power: "france".into(),
        kind: Kind::Army,
        size: Size::parse("1/3").unwrap(),
        at: "bur".into(),
        aboard: false,
    });
    s.next_fraction += 1;
    let why = reasons(&g, &s, "france", "1/3 A bur disperses - 1/9 A par, 1/9 A pic, 1/9 A lor");
    assert!(why.contains("R18"), "{why}");
    // A unit's own dispersal names fractions too, and stands.
    assert!(g.parse(&s, "france", "A par disperses - 1/3 A pic, 1/3 A gas, 1/3 A bre").is_ok());
}

// ---- Diplomacy ----

#[test]
fn diplomacy_refuses_a_unit_the_power_does_not_have_and_a_place_that_does_not_border() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let secrets = new_campaign(&dir, "diplomacy", POWERS);
    let mails = tmp.path().join("mails");
    std::fs::create_dir_all(&mails).unwrap();
    let ack = send(&dir, &mails, &secrets, "england", &["A par - bur"]);
    assert_refused(&ack, "A par - bur", "England has no unit in Paris");
    let ack = send(&dir, &mails, &secrets, "england", &["A lvp - mos"]);
    assert_refused(&ack, "A lvp - mos", "Liverpool does not border Moscow");
    // The welcome's example moves a unit of England's and is accepted as it stands.
    let welcome = mail_text(&dir.join("outbox/0000-welcome-england.eml"));
    let moves: Vec<&str> =
        welcome.lines().map(str::trim).filter(|l| l.len() < 30 && l.contains(" - ")).collect();
    assert!(!moves.is_empty(), "the welcome shows no move:\n{welcome}");
    let ack = send(&dir, &mails, &secrets, "england", &moves);
    assert!(ack.starts_with("ACCEPTED"), "{ack}");
}

// ---- Andartes ----

fn andartes(revision: u32) -> (Andartes, AndartesState) {
    let system = Andartes::embedded().expect("embedded data");
    let players = vec!["gov".to_string(), "dse".to_string()];
    let mut state = system
        .setup(&Setup { campaign: "t", players: &players, scenario: None, options: &BTreeMap::new() })
        .expect("setup");
    state.stage = AndartesStage::PlayerTurn { second: false };
    state.first = Side::Government;
    state.turn = 2;
    state.options.revision = revision;
    (system, state)
}

#[test]
fn andartes_refuses_an_attack_on_an_empty_region_and_notes_one_that_waits_on_an_earlier_attack() {
    let (a, mut s) = andartes(4);
    let d1 = s.add_unit("division", Side::Government, 1, Loc::open("LAR"));
    let d2 = s.add_unit("division", Side::Government, 1, Loc::open("EVR"));
    let d3 = s.add_unit("division", Side::Government, 1, Loc::open("EVR"));
    s.add_unit("front", Side::Dse, 1, Loc::open("EVR"));
    // Nothing can bring an enemy to Larissa: refused, with the reason.
    let why = reasons(&a, &s, "gov", &format!("ATTACK LAR WITH {d1}"));
    assert!(why.contains("no enemy unit is at LAR"), "{why}");
    // After an attack its retreats may: accepted, and noted in the acknowledgement.
    let body = format!("ATTACK EVR WITH {d2}\nATTACK EVR WITH {d3}\nATTACK LAR WITH {d1}");
    let o = a.parse(&s, "gov", &body).unwrap_or_else(|e| panic!("{e:?}"));
    let notes = a.notes(&s, "gov", &o);
    let noted: Vec<&str> = notes.iter().map(|n| n.line.as_str()).collect();
    assert!(!noted.contains(&format!("ATTACK EVR WITH {d2}").as_str()), "{notes:?}");
    assert!(noted.contains(&format!("ATTACK LAR WITH {d1}").as_str()), "{notes:?}");
    assert!(noted.contains(&format!("ATTACK EVR WITH {d3}").as_str()), "{notes:?}");
    let echo = a.echo(&s, &o);
    assert!(echo.iter().any(|l| l.starts_with("# note: line 3")), "{echo:?}");
    // The echo, notes and all, is accepted again as it stands.
    let again = a.parse(&s, "gov", &echo.join("\n")).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(a.echo(&s, &again), echo);
    // IF ODDS is a condition: noted.
    let o = a.parse(&s, "gov", &format!("ATTACK EVR WITH {d2} IF ODDS 3:1")).unwrap();
    assert!(a.notes(&s, "gov", &o).iter().any(|n| n.note.contains("IF ODDS")));
}

#[test]
fn andartes_before_revision_4_notes_the_attack_on_an_empty_region_and_counts_it_skipped() {
    let (a, mut s) = andartes(3);
    let d1 = s.add_unit("division", Side::Government, 1, Loc::open("LAR"));
    let line = format!("ATTACK LAR WITH {d1}");
    let o = a.parse(&s, "gov", &line).unwrap_or_else(|e| panic!("{e:?}"));
    let notes = a.notes(&s, "gov", &o);
    assert!(notes.iter().any(|n| n.line == line && n.note.contains("will not be made")), "{notes:?}");
    // At resolution the report says the line did not take place, and `skipped` reads it.
    let mut dice = Dice::new(&[1; 32], &[2; 32]);
    let orders = BTreeMap::from([("gov".to_string(), o)]);
    let r = a.resolve(&s, &orders, &mut dice).expect("resolves");
    assert_eq!(a.skipped("gov", &r.events), vec![line]);
}
