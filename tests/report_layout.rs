//! How a new campaign's public report reads: Diplomacy's powers in the rulebook's
//! order (Austria, England, France, Germany, Italy, Russia, Turkey), the Results ending
//! on a labelled `Next:` line rather than a bare phase name, and the commitments in
//! one column whatever the step's number. A campaign pinned to the earlier revision
//! keeps the earlier text (the fixtures in `tests/compatibility.rs` replay byte for
//! byte).

mod common;

use common::*;
use std::path::Path;

fn diplomacy(dir: &Path, option: Option<&str>) -> String {
    let mut args = vec!["new".to_string(), "diplomacy".into(), dir.display().to_string()];
    for p in ["austria", "england", "france", "germany", "italy", "russia", "turkey"] {
        args.extend(["--player".into(), format!("{p}={p}@example.org")]);
    }
    args.extend(["--gm-email".into(), "gm@example.org".into()]);
    if let Some(o) = option {
        args.extend(["--option".into(), o.into()]);
    }
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    std::fs::read_to_string(dir.join("reports/1/public.txt")).unwrap()
}

/// The powers named at the start of the lines of a section, in order, once each.
fn powers_in(text: &str, section: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.split(&format!("\n{section}\n")).nth(1).unwrap_or("").lines() {
        let Some(line) = line.strip_prefix("  ") else { break };
        if let Some((who, _)) = line.split_once(": ")
            && let who = who.split(" (").next().unwrap_or(who)
            && who != "Next"
            && !out.iter().any(|o| o == who)
        {
            out.push(who.to_string());
        }
    }
    out
}

#[test]
fn powers_in_the_rulebooks_order_and_the_next_phase_labelled() {
    let tmp = tempfile::tempdir().unwrap();
    let rulebook = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];
    let text = diplomacy(&tmp.path().join("new"), None);
    for section in ["Results", "Units", "Supply centres"] {
        let seen = powers_in(&text, section);
        let expected: Vec<&str> =
            rulebook.iter().copied().chain(["Neutral"]).filter(|p| seen.iter().any(|s| s == p)).collect();
        assert_eq!(seen, expected, "{section}:\n{text}");
        assert!(seen.len() >= 7, "{section}: {seen:?}");
    }
    let results = text.split("\nResults\n").nth(1).unwrap().split("\n\n").next().unwrap();
    assert_eq!(results.lines().last(), Some("  Next: Fall 1901 Movement"), "{results}");
    // The four commitments start in one column, each under its label, and the whole
    // report keeps to a mail's 72 columns.
    let lines: Vec<&str> = text.lines().collect();
    let columns: Vec<usize> = lines
        .windows(2)
        .filter(|w| {
            ["revealed element:", "previous element:", "orders digest:", "state commitment:"]
                .iter()
                .any(|k| w[0].trim() == *k)
        })
        .map(|w| w[1].len() - 64)
        .collect();
    assert_eq!(columns.len(), 4, "{text}");
    assert!(columns.iter().all(|c| *c == columns[0]), "{columns:?}\n{text}");
    assert!(lines.iter().all(|l| l.chars().count() <= 72), "{text}");

    // Pinned to revision 2: the map's order, and the bare phase.
    let old = diplomacy(&tmp.path().join("old"), Some("revision=2"));
    assert_eq!(powers_in(&old, "Units").first().map(String::as_str), Some("England"));
    assert!(old.contains("\n  Fall 1901 Movement\n"), "{old}");
}
