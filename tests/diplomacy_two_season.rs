//! The postal two-season year (`--option year=two-season`), through the binary: the
//! moves carry retreat preferences and build and removal lists, one step resolves the
//! retreats and adjustments they settle, and only the powers without a preference
//! that applies are asked.

mod common;

use common::*;
use std::path::Path;

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

/// A two-season campaign `g` in `dir`.
fn two_season(dir: &Path) {
    let mut args = vec!["new".to_string(), "diplomacy".into(), dir.display().to_string()];
    for p in POWERS {
        args.extend(["--player".into(), format!("{p}={p}@example.org")]);
    }
    args.extend(["--gm-email", "gm@example.org", "--address", "game@example.org"].map(String::from));
    args.extend(["--option".into(), "year=two-season".into()]);
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
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

fn adjudicate(dir: &Path) {
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
}

/// The players the status shows as due: its lines for each player.
fn due(dir: &Path) -> String {
    let out = ok(&["status", dir.to_str().unwrap()]);
    out.lines().filter(|l| l.starts_with("  ")).map(str::trim).collect::<Vec<_>>().join("; ")
}

/// Spring 1901: Germany walks into Ruhr, Munich and Holland; France into Burgundy
/// (and its fleet as `fleet` says).
fn spring(dir: &Path, fleet: &str) {
    accepted(dir, "germany", "A mun - ruh\nA ber - mun\nF kie - hol");
    accepted(dir, "france", &format!("A par - bur\nA mar H\n{fleet}"));
    adjudicate(dir);
    assert_eq!(open_phase(dir), "F1901M");
}

#[test]
fn a_dislodgement_and_a_build_are_resolved_with_the_moves() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    spring(&dir, "F bre H");
    accepted(&dir, "germany", "A ruh - bur\nA mun S A ruh - bur\nF hol H\nBuild A ber, F kie\nRemove A mun");
    // Ruhr is where the attack comes from and Munich stays occupied: Paris is taken.
    accepted(&dir, "france", "A bur H\nA bur R ruh, mun, par\nF bre H\nA mar H");
    let ack = newest_ack(&dir);
    assert!(ack.contains("A Burgundy R Ruhr, Munich, Paris"), "{ack}");
    assert!(ack.contains("# runs only if the army in Burgundy is dislodged"), "{ack}");
    adjudicate(&dir);
    // One step: the moves, the retreat and the winter's build; the spring is open.
    assert_eq!(open_phase(&dir), "S1902M");
    let report = newest_report(&dir, "public");
    for line in [
        "The French army in Burgundy is dislodged by the unit from Ruhr",
        "Fall 1901 Retreat: resolved from the standing preferences sent with the moves",
        "France: A Burgundy R Paris (retreats; from the standing retreat preference)",
        "Holland is now German (was neutral)",
        "Winter 1901 Adjustment: resolved from the standing preferences sent with the moves",
        "Germany builds A Berlin (from the standing build list)",
        "Germany: 4 centres, 4 units",
    ] {
        assert!(report.contains(line), "missing '{line}' in\n{report}");
    }
    assert!(report.contains("France: F Brest, A Marseilles, A Paris"), "{report}");
    assert!(report.contains("Germany: A Berlin, A Burgundy, F Holland, A Munich"), "{report}");
    assert!(ok(&["verify", dir.to_str().unwrap()]).contains("verify: OK"));
}

#[test]
fn only_the_powers_without_a_preference_that_applies_are_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    accepted(&dir, "russia", "A mos - ukr");
    accepted(&dir, "austria", "A vie - gal");
    spring(&dir, "F bre - mao");
    accepted(&dir, "germany", "A ruh - bur\nA mun S A ruh - bur\nF hol H\nBuild A ber, F kie");
    // The zine's form; the only retreat named is where the attack comes from.
    accepted(&dir, "france", "A bur stands; retreat ruh\nF mao - por\nA mar H");
    accepted(&dir, "russia", "A war - gal\nA ukr S A war - gal");
    // Warsaw is where the attack comes from: Vienna is taken.
    accepted(&dir, "austria", "A gal H; R war, vie\nA bud H\nF tri H");
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "F1901R");
    assert!(due(&dir).contains("france") && !due(&dir).contains("austria"), "{}", due(&dir));
    let report = newest_report(&dir, "public");
    assert!(!report.contains("Retreat: resolved from the standing"), "{report}");
    // Austria's settled retreat is not told before the phase resolves.
    assert!(!report.contains("Vienna (retreats"), "{report}");

    accepted(&dir, "france", "A bur R par");
    adjudicate(&dir);
    // France took Portugal and sent no build list: the winter waits for France alone.
    assert_eq!(open_phase(&dir), "W1901A");
    let line = due(&dir);
    assert!(line.contains("france") && !line.contains("germany"), "{line}");
    let report = newest_report(&dir, "public");
    assert!(
        report.contains("Austria: A Galicia R Vienna (retreats; from the standing retreat preference)"),
        "{report}"
    );
    assert!(report.contains("France: A Burgundy R Paris (retreats)"), "{report}");
    assert!(!report.contains("Germany builds A"), "{report}");

    accepted(&dir, "france", "Build F bre");
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "S1902M");
    let report = newest_report(&dir, "public");
    assert!(report.contains("Germany builds A Berlin (from the standing build list)"), "{report}");
    assert!(report.contains("France builds F Brest"), "{report}");
    assert!(!report.contains("France builds F Brest (from"), "{report}");
}

#[test]
fn a_preference_that_could_never_run_is_refused_by_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    // The mail's GAME, PLAYER and SECRET lines come first: the orders start at line 4.
    for (lines, line, why) in [
        ("A mun H\nA mun R nth", "line 5", "can never retreat to North Sea: armies do not enter seas"),
        ("A mun R ber, war", "line 4", "does not border it"),
        ("F kie R kie", "line 4", "it is where the unit stands"),
        ("A mun R ber\nA mun R kie", "line 5", "already has its retreats"),
        ("A mun R disband, ber", "line 4", "nothing may follow"),
        ("Build A ber", "line 4", "autumn moves"),
        ("Remove A mun", "line 4", "autumn moves"),
        ("A mun H; ber", "line 4", "retreats in order"),
    ] {
        let said = send(&dir, "germany", lines);
        let ack = newest_ack(&dir);
        assert!(!said.contains("accepted"), "{lines}: {said}");
        assert!(ack.contains(line) && ack.contains(why), "{lines}: expected {line}: {why} in\n{ack}");
    }
    adjudicate(&dir);
    for (lines, why) in [
        ("Build A par", "Paris is not a home centre of Germany"),
        ("Build F mun", "a fleet cannot be built inland"),
        ("Build A ber, A ber", "Berlin is twice in the list"),
        ("Build A ber\nBuild A kie", "listed in a line above"),
        ("Remove A mos", "Germany could not have an army in Moscow"),
        ("Remove F mun", "could not have a fleet in Munich"),
    ] {
        let said = send(&dir, "germany", lines);
        let ack = newest_ack(&dir);
        assert!(!said.contains("accepted"), "{lines}: {said}");
        assert!(ack.contains(why), "{lines}: expected '{why}' in\n{ack}");
    }
    // The standard year reads none of it.
    let tmp = tempfile::tempdir().unwrap();
    let plain = tmp.path().join("g");
    new_campaign(&plain, "diplomacy", &POWERS);
    let said = send(&plain, "germany", "A mun R ber");
    assert!(!said.contains("accepted"), "{said}");
    assert!(newest_ack(&plain).contains("retreats are ordered in a retreat phase"));
}

/// The orders block of a welcome mail, as the player copies it.
fn welcome_block(dir: &Path, player: &str) -> String {
    let text = mail_text(&dir.join(format!("outbox/0000-welcome-{player}.eml")));
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.starts_with("  GAME ")).expect("a GAME line");
    let end = start + lines[start..].iter().position(|l| l.trim() == "END").expect("an END line");
    lines[start + 3..end].iter().map(|l| l.trim()).collect::<Vec<_>>().join("\n")
}

/// The autumn block a welcome mail shows: its indented lines after the title.
fn welcome_autumn(dir: &Path, player: &str) -> String {
    let text = mail_text(&dir.join(format!("outbox/0000-welcome-{player}.eml")));
    let at = text.find("With the autumn moves, builds and removals").expect("the autumn block");
    text[at..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The examples of the two-season year in a README: the block after the marker line.
fn readme_examples(path: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap();
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("<!-- two-season example: ") {
        let head = &rest[at + "<!-- two-season example: ".len()..];
        let (who, after) = head.split_once(" -->").expect("a closed marker");
        let after = after.split_once("```\n").expect("a block").1;
        let (block, tail) = after.split_once("```").expect("a closed block");
        out.push((who.trim().to_string(), block.trim_end().to_string()));
        rest = tail;
    }
    out
}

#[test]
fn every_example_shown_is_accepted_as_it_stands() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    two_season(&dir);
    let readme: Vec<(String, String)> =
        ["README.md", "src/games/diplomacy/README.md"].iter().flat_map(|p| readme_examples(p)).collect();
    assert!(readme.len() >= 3, "{readme:?}");
    for p in POWERS {
        let block = welcome_block(&dir, p);
        assert!(block.contains(" R "), "{p}: the welcome shows a retreat preference:\n{block}");
        accepted(&dir, p, &block);
    }
    for (who, block) in readme.iter().filter(|(w, _)| w.starts_with("spring ")) {
        accepted(&dir, who.trim_start_matches("spring "), block);
    }
    // The README's autumn for France starts from France's units at home.
    accepted(&dir, "france", "A par H\nA mar H\nF bre H");
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "F1901M");
    for p in POWERS {
        accepted(&dir, p, &welcome_autumn(&dir, p));
    }
    for (who, block) in readme.iter().filter(|(w, _)| w.starts_with("autumn ")) {
        accepted(&dir, who.trim_start_matches("autumn "), block);
    }
}
