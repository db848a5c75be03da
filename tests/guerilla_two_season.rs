//! Guerilla Warfare II the zine's way (`--option year=two-season`), through the
//! binary: every move's mail carries its units' retreats in order of preference, and
//! the moves before an adjustment month the builds and removals; one step resolves
//! the moves with the retreats and adjustments these settle, asks only the powers
//! none applies to, and tells the public nothing of the guerillas.

mod common;

use common::*;
use std::path::Path;

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

fn two_season(dir: &Path) {
    new_campaign_with(dir, "guerilla-warfare", &POWERS, &["year=two-season"]);
}

/// Sends `lines` as `player`'s orders; returns the ingest's answer.
fn send(dir: &Path, player: &str, lines: &str) -> String {
    let secret = welcome_secret(dir, player);
    let n = std::fs::read_dir(dir.join("inbox")).map(|r| r.count()).unwrap_or(0);
    let body = format!("GAME g\nPLAYER {player}\nSECRET {secret}\n{lines}\nEND\n");
    let parent = dir.parent().unwrap();
    let f = file(
        parent,
        &format!("m{player}{n}.eml"),
        &mail(&format!("{player}@example.org"), &format!("m{n}"), &body),
    );
    ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()])
}

fn accepted(dir: &Path, player: &str, lines: &str) {
    let said = send(dir, player, lines);
    assert!(said.contains("accepted"), "{player}: {lines}\n{said}\n{}", newest_ack(dir));
}

fn refused(dir: &Path, player: &str, lines: &str, why: &str) {
    let said = send(dir, player, lines);
    let ack = newest_ack(dir);
    assert!(!said.contains("accepted"), "{player}: {lines} was accepted:\n{ack}");
    assert!(ack.contains(why), "{player}: {lines}: expected '{why}' in\n{ack}");
}

fn adjudicate(dir: &Path) {
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
}

/// The players the status shows as due.
fn due(dir: &Path) -> String {
    let out = ok(&["status", dir.to_str().unwrap()]);
    out.lines().filter(|l| l.starts_with("  ")).map(str::trim).collect::<Vec<_>>().join("; ")
}

/// July 1914: France into Burgundy, Germany into Ruhr and Holland, Austria's army in
/// Tyrolia into Swabia, England's army in Liverpool dispersing.
fn july(dir: &Path) {
    accepted(dir, "france", "A lyo - bur\nA par H\nF bre H\nF mar H");
    accepted(dir, "germany", "A mun - ruh\nF kie - hol\nA ber H\nA dre H");
    accepted(dir, "austria", "A tyr - swa");
    accepted(dir, "england", "A lvp disperses - 1/3 A wal, 1/3 A cly, 1/3 A edi");
    adjudicate(dir);
    assert_eq!(open_phase(dir), "AUG1914M");
}

/// The examples of a README for this game: the block after each marker, with the
/// phase and the power the marker names.
fn readme_examples(path: &str) -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let mut out = Vec::new();
    let mut rest = text.as_str();
    let marker = "<!-- guerilla two-season example: ";
    while let Some(at) = rest.find(marker) {
        let head = &rest[at + marker.len()..];
        let (who, after) = head.split_once(" -->").expect("a closed marker");
        let (phase, power) = who.trim().split_once(' ').expect("a phase and a power");
        let after = after.split_once("```\n").expect("a block").1;
        let (block, tail) = after.split_once("```").expect("a closed block");
        out.push((phase.to_string(), power.to_string(), block.trim_end().to_string()));
        rest = tail;
    }
    out
}

#[test]
fn a_retreat_and_a_build_are_resolved_with_the_moves() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    july(&dir);
    accepted(&dir, "germany", "A ruh - bur\nF hol H\nBuild A mun, A kie\nRemove F hol");
    accepted(&dir, "austria", "A swa S A ruh - bur");
    // Ruhr is where the attack comes from: Lyon, left empty in July, is taken.
    accepted(&dir, "france", "A bur H; R ruh, lyo, lor\nA par H");
    let ack = newest_ack(&dir);
    assert!(ack.contains("A bur R ruh, lyo, lor"), "{ack}");
    assert!(ack.contains("# runs only if the army in Burgundy is dislodged"), "{ack}");
    adjudicate(&dir);
    // One step: the August moves, the retreat, the centres and September's build.
    assert_eq!(open_phase(&dir), "SEP1914M");
    let report = newest_report(&dir, "public");
    for line in [
        "Germany: A ruh - bur",
        "France: A bur H (dislodged)",
        "August 1914 retreats: resolved from the standing preferences sent with the moves",
        "The French A bur retreats to lyo (from the standing retreat preference)",
        "September 1914 builds and removals: resolved from the standing preferences sent with the moves",
        "Germany builds A mun (from the standing build list)",
    ] {
        assert!(report.contains(line), "missing '{line}' in\n{report}");
    }
    // Germany has one build: the first of its list.
    assert!(!report.contains("Germany builds A kie"), "{report}");
    assert!(!report.contains("1/3"), "a fraction in the public report:\n{report}");
    assert!(ok(&["verify", dir.to_str().unwrap()]).contains("verify: OK"));
}

#[test]
fn only_the_powers_without_a_preference_that_applies_are_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    july(&dir);
    accepted(&dir, "germany", "A ruh - bur\nF hol H\nBuild A mun");
    accepted(&dir, "austria", "A swa S A ruh - bur");
    // The only retreat named is where the attack comes from.
    accepted(&dir, "france", "A bur stands; retreat ruh\nA par H");
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "AUG1914R");
    let line = due(&dir);
    assert!(line.contains("france") && !line.contains("germany"), "{line}");
    accepted(&dir, "france", "A bur R lyo");
    adjudicate(&dir);
    // The retreat answered, the build comes from Germany's list in the same step.
    assert_eq!(open_phase(&dir), "SEP1914M");
    let report = newest_report(&dir, "public");
    assert!(report.contains("The French A bur retreats to lyo"), "{report}");
    assert!(!report.contains("retreats to lyo (from"), "{report}");
    assert!(report.contains("Germany builds A mun (from the standing build list)"), "{report}");
}

#[test]
fn a_preference_that_could_never_run_is_refused_by_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    // The mail's GAME, PLAYER and SECRET lines come first: the orders start at line 4.
    for (player, lines, why) in [
        ("germany", "A mun R hel", "can never retreat to Heligoland Bight: armies do not enter seas"),
        ("germany", "A mun R par", "does not border it"),
        ("germany", "Build A mun", "moves before an adjustment month"),
        ("germany", "Remove A mun", "moves before an adjustment month"),
        (
            "england",
            "A lvp R wal\nA lvp disperses - 1/3 A wal, 1/3 A cly, 1/3 A edi",
            "disperses this move and never retreats",
        ),
    ] {
        refused(&dir, player, lines, why);
    }
    july(&dir);
    refused(&dir, "england", "1/3 A wal R lvp", "a fraction is never dislodged");
    refused(&dir, "england", "Remove 1/3 A wal", "conventional units only");
    refused(&dir, "germany", "Build A par", "Paris is not a home centre of Germany");
    refused(&dir, "germany", "Remove A mos", "could not have an army in Moscow after these moves");
    // The standard calendar reads none of it.
    let other = tempfile::tempdir().unwrap();
    let plain = other.path().join("g");
    new_campaign(&plain, "guerilla-warfare", &POWERS);
    refused(&plain, "germany", "A mun R ber", "retreat");
}

#[test]
fn the_welcome_shows_the_zines_way() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    let text = mail_text(&dir.join("outbox/0000-welcome-france.eml"));
    assert!(text.contains("The zine's way (year=two-season)"), "{text}");
    assert!(text.contains(") R "), "a retreat preference with the moves:\n{text}");
    assert!(text.contains("With the August moves, builds and removals in order"), "{text}");
    assert!(text.contains("Build A(Bre), A(Lyo)"), "{text}");
}

#[test]
fn every_readme_example_is_accepted_as_it_stands_and_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    july(&dir);
    let examples: Vec<(String, String, String)> = ["README.md", "src/games/guerilla_warfare/README.md"]
        .iter()
        .flat_map(|p| readme_examples(p))
        .collect();
    assert!(examples.len() >= 2, "{examples:?}");
    for (phase, power, block) in &examples {
        assert_eq!(phase, "AUG1914M", "the examples are for the August moves after july()");
        accepted(&dir, power, block);
    }
    accepted(&dir, "austria", "A swa S A ruh - bur");
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "SEP1914M");
    let report = newest_report(&dir, "public");
    assert!(report.contains("(from the standing retreat preference)"), "{report}");
    assert!(report.contains("(from the standing build list)"), "{report}");
}

/// A careless power's preferences (retreats to anywhere, a fraction's retreats, lists
/// in any month, a fraction in a list) are refused at ingest or accepted with what
/// they depend on: no line accepted goes unexecuted without having said why.
#[test]
fn a_careless_soak_leaves_nothing_accepted_unexecuted() {
    let out = ok(&[
        "soak",
        "--system",
        "guerilla-warfare",
        "--games",
        "1",
        "--seed",
        "3",
        "--careless",
        "--max-steps",
        "30",
        "--option",
        "year=two-season",
    ]);
    let figure = |label: &str| -> u64 {
        let at = out.find(label).unwrap_or_else(|| panic!("no '{label}' in\n{out}"));
        out[at + label.len()..]
            .trim_start()
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no number after '{label}' in\n{out}"))
    };
    assert_eq!(figure("accepted but not carried out:"), 0, "{out}");
    assert!(figure("lines noted at ingest:") > 0, "the preferences were noted:\n{out}");
    assert!(figure("refused (") > 0, "careless lines were refused:\n{out}");
    assert!(out.contains("mails per player per move: "), "{out}");
}
