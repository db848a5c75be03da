//! Plain text keeps to a mail's 72 columns: every text report of a new campaign, and
//! every plain-text mail umpire writes (welcome, acknowledgement, report, reminder,
//! private press), in every system's demo. What a player wrote is theirs and is left
//! as it came: the sealed file an acknowledgement quotes between its rules of dashes,
//! and the letter of a private press mail.

mod common;

use common::*;
use std::path::Path;

const WIDTH: usize = 72;
const SYSTEMS: [&str; 7] =
    ["diplomacy", "guerilla-warfare", "andartes", "algeria", "front-line", "freedom-messolonghi", "dice"];

/// The lines of `text` wider than the width, each with its width.
fn too_wide(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut quoted = false;
    for line in text.lines() {
        if line.len() >= 20 && line.bytes().all(|b| b == b'-') {
            quoted = !quoted;
            continue;
        }
        let n = line.chars().count();
        if !quoted && n > WIDTH {
            out.push((n, line.to_string()));
        }
    }
    out
}

/// A private press mail without its letter: the header line and the signature.
fn press_frame(text: &str) -> String {
    let head = text.lines().next().unwrap_or("");
    let tail = text.rsplit_once("\n-- \n").map_or("", |(_, t)| t);
    format!("{head}\n{tail}")
}

fn check(dir: &Path, wide: &mut Vec<String>) {
    for path in files_under(dir) {
        let rel = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
        let text = if rel.starts_with("reports/") && rel.ends_with(".txt") {
            std::fs::read_to_string(&path).unwrap()
        } else if (rel.starts_with("outbox/") || rel.starts_with("sent/")) && rel.ends_with(".eml") {
            let text = mail_text_as_sent(&path);
            if rel.contains("-press-") { press_frame(&text) } else { text }
        } else {
            continue;
        };
        for (n, line) in too_wide(&text) {
            wide.push(format!("{rel}: {n} columns: {line}"));
        }
    }
}

#[test]
fn every_demo_keeps_its_text_to_72_columns() {
    let tmp = tempfile::tempdir().unwrap();
    let mut wide = Vec::new();
    for system in SYSTEMS {
        let dir = tmp.path().join(system);
        ok(&["demo", "--seed", "1", "--system", system, "--dir", dir.to_str().unwrap()]);
        let before = wide.len();
        check(&dir, &mut wide);
        // The check can fail: a campaign's text reports were read at all.
        assert!(
            files_under(&dir).iter().any(|p| p.extension().is_some_and(|e| e == "txt")),
            "{system}: no text reports"
        );
        if wide.len() > before {
            wide.insert(before, format!("== {system}"));
        }
    }
    assert!(wide.is_empty(), "{} lines wider than {WIDTH} columns:\n{}", wide.len(), wide.join("\n"));
}

/// The check itself catches a wide line (and leaves a quoted sealed file alone).
#[test]
fn the_check_sees_a_wide_line() {
    let wide = format!("short\n{}\n", "x ".repeat(40));
    assert_eq!(too_wide(&wide).len(), 1);
    let sealed = format!("{r}\n{}\n{r}\n", "y".repeat(90), r = "-".repeat(70));
    assert!(too_wide(&sealed).is_empty());
}

/// Front Line's text battlefield: ten squares of seven characters, 72 columns at most,
/// where campaigns pinned to revision 3 keep their 78.
#[test]
fn front_lines_battlefield_fits_a_mail() {
    let tmp = tempfile::tempdir().unwrap();
    let widest = |option: Option<&str>, name: &str| {
        let dir = tmp.path().join(name);
        let mut args = vec!["new", "front-line", dir.to_str().unwrap()];
        args.extend(["--player", "anna=anna@example.org", "--player", "ben=ben@example.org"]);
        args.extend(["--gm-email", "gm@example.org"]);
        if let Some(o) = option {
            args.extend(["--option", o]);
        }
        ok(&args);
        let text = mail_text_as_sent(&dir.join("outbox/0000-welcome-anna.eml"));
        let grid: Vec<&str> =
            text.lines().skip_while(|l| !l.starts_with("Battlefield")).skip(1).take(7).collect();
        assert_eq!(grid.len(), 7, "{text}");
        grid.iter().map(|l| l.chars().count()).max().unwrap_or(0)
    };
    let new = widest(None, "new");
    assert!(new <= WIDTH, "{new}");
    assert!(widest(Some("revision=3"), "old") > WIDTH);
}
