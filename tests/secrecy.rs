//! Secrecy, attacked from the outside: play a system's demo through the binary, take
//! what `umpire publish` says may be posted, and try to learn a hidden fact from it:
//!
//! (a) search every published file for hidden facts: the lines of every private report
//!     that no public report carries, the hidden dice's faces, the sealed orders of a
//!     hidden move, and anything of the mail (addresses, Message-IDs, sizes);
//! (b) take every hash in the published set and test it against every private file of
//!     the campaign, and against a hundred and more texts built by editing a private
//!     report's lines (the guesses an attacker who knows the template would try);
//! (c) check the modes: every hidden file 0600, the campaign directory 0700.

mod common;

use std::collections::BTreeSet;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use common::*;
use sha2::{Digest, Sha256};

fn rel(root: &Path, p: &Path) -> String {
    p.strip_prefix(root).unwrap().display().to_string()
}

fn sha(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Every 64-hex-digit token in a text.
fn hashes_in(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_hexdigit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                i += 1;
            }
            if i - start == 64 {
                out.insert(text[start..i].to_ascii_lowercase());
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Texts an attacker who knows the template would try: the real one, each line left
/// out, each digit changed, neighbouring lines swapped.
fn guesses(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = vec![text.to_string()];
    for i in 0..lines.len() {
        let mut v = lines.clone();
        v.remove(i);
        out.push(v.concat());
        if i + 1 < lines.len() {
            let mut v = lines.clone();
            v.swap(i, i + 1);
            out.push(v.concat());
        }
    }
    for (i, ch) in text.char_indices() {
        if let Some(d) = ch.to_digit(10) {
            for delta in 1..10 {
                let mut s = text.to_string();
                s.replace_range(i..i + 1, &((d + delta) % 10).to_string());
                out.push(s);
            }
        }
    }
    out
}

fn is_public_report(rel: &str) -> bool {
    let parts: Vec<&str> = rel.split('/').collect();
    parts.len() == 3 && parts[0] == "reports" && parts[2].starts_with("public.")
}

/// The hidden facts of a finished demo that the GM's own files show.
fn hidden_facts(dir: &Path) -> Vec<String> {
    let mut facts = Vec::new();
    // Hidden dice: the private events that carry their faces.
    for f in files_under(&dir.join("state")) {
        if !f.display().to_string().ends_with(".events.json") {
            continue;
        }
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&f).unwrap()).unwrap();
        for e in v["events"].as_array().into_iter().flatten() {
            // "public" events, and "others" ones (the public stand-in of a hidden roll,
            // withheld only from those who read the roll itself), are not hidden.
            let hidden = e["audience"]["to"] != "public" && e["audience"]["to"] != "others";
            if let (true, Some(t)) = (hidden, e["text"].as_str()) {
                facts.push(t.to_string());
            }
        }
    }
    // Hidden moves: the sealed lines that disperse a unit or move a fraction.
    for f in files_under(&dir.join("phases")) {
        if !f.display().to_string().contains("/orders/") {
            continue;
        }
        for line in std::fs::read_to_string(&f).unwrap().lines() {
            let l = line.trim();
            if l.to_ascii_lowercase().contains("disperse") || l.contains("1/3") || l.contains("2/3") {
                facts.push(l.to_string());
            }
        }
    }
    facts
}

fn attack(system: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("campaign");
    let out = tmp.path().join("published");
    ok(&["demo", "--system", system, "--dir", dir.to_str().unwrap()]);
    ok(&["publish", dir.to_str().unwrap(), out.to_str().unwrap()]);

    // The published set: its files and every hash in them. verify.html, the browser
    // check, is the page from the sources, the same for every campaign.
    let page = out.join(umpire::audit::VERIFY_PAGE_NAME);
    assert_eq!(std::fs::read_to_string(&page).unwrap(), umpire::audit::VERIFY_PAGE, "{system}: verify.html");
    let published: Vec<_> = files_under(&out).into_iter().filter(|p| *p != page).collect();
    assert!(published.iter().any(|p| rel(&out, p) == "ledger.jsonl"), "{system}: no public ledger");
    let mut text = String::new();
    for p in &published {
        let r = rel(&out, p);
        assert!(r == "ledger.jsonl" || is_public_report(&r), "{system}: {r} is published but not public");
        text.push_str(&String::from_utf8_lossy(&std::fs::read(p).unwrap()));
        text.push('\n');
    }
    let hashes = hashes_in(&text);
    assert!(hashes.len() > 10, "{system}: the published set has too few hashes to be a record");

    // (a) hidden facts, and anything of the mail.
    let mut public_lines = BTreeSet::new();
    for p in &published {
        if is_public_report(&rel(&out, p)) {
            public_lines.extend(std::fs::read_to_string(p).unwrap().lines().map(|l| l.trim().to_string()));
        }
    }
    let mut facts = hidden_facts(&dir);
    for p in files_under(&dir.join("reports")) {
        let r = rel(&dir, p.as_path());
        if is_public_report(&r) {
            continue;
        }
        for line in std::fs::read_to_string(&p).unwrap().lines() {
            let l = line.trim();
            if l.len() >= 16 && !public_lines.contains(l) {
                facts.push(l.to_string());
            }
        }
    }
    let lower = text.to_ascii_lowercase();
    let mut leaked = Vec::new();
    for fact in &facts {
        if fact.len() >= 8 && lower.contains(&fact.to_ascii_lowercase()) {
            leaked.push(fact.clone());
        }
    }
    assert!(leaked.is_empty(), "{system}: hidden facts in the published set: {leaked:#?}");
    let config: toml::Value =
        toml::from_str(&std::fs::read_to_string(dir.join("campaign.toml")).unwrap()).unwrap();
    let mut marks: Vec<String> = config["player"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["email"].as_str().unwrap().to_string())
        .collect();
    marks.extend(config.get("gm_email").and_then(|g| g.as_str()).map(str::to_string));
    marks.extend(["message_id", "\"bytes\"", "\"from\"", "\"sealed\"", "inbox/"].map(String::from));
    for mark in marks {
        assert!(!text.contains(&mark), "{system}: the published set shows {mark}");
    }

    // (b) no hash in the published set is the SHA-256 of a private file, or of a guess
    // at a private report.
    let mut tried = 0usize;
    for p in files_under(&dir) {
        let r = rel(&dir, &p);
        if is_public_report(&r) {
            continue;
        }
        let bytes = std::fs::read(&p).unwrap();
        if bytes.is_empty() {
            continue; // the lock file: the hash of nothing tells nothing
        }
        assert!(!hashes.contains(&sha(&bytes)), "{system}: the published set holds the plain SHA-256 of {r}");
        tried += 1;
        if r.starts_with("reports/") && r.ends_with(".txt") {
            let text = String::from_utf8(bytes).unwrap();
            let g = guesses(&text);
            assert!(g.len() > 100, "{system}: only {} guesses at {r}", g.len());
            for guess in g {
                assert!(
                    !hashes.contains(&sha(guess.as_bytes())),
                    "{system}: a guess at {r} matches a published hash"
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 100, "{system}: only {tried} texts tried");

    // (c) modes.
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700, "{system}: the campaign directory is not 0700");
    for p in files_under(&dir) {
        let r = rel(&dir, &p);
        if !is_public_report(&r) {
            assert_eq!(mode(&p), 0o600, "{system}: {r} is {:o}, not 0600", mode(&p));
        }
    }

    // The published folder verifies on its own, and catches a one-byte edit of any file.
    let verified = ok(&["verify", out.to_str().unwrap()]);
    assert!(verified.contains("verify: OK"), "{verified}");
    let bundle = dir.join("audit-bundle.json");
    let replayed = ok(&["verify", out.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
    assert!(replayed.contains("every step replayed"), "{replayed}");
    for p in &published {
        let original = std::fs::read(p).unwrap();
        let mut edited = original.clone();
        let at = edited.iter().position(|b| b.is_ascii_digit()).unwrap_or(0);
        edited[at] = if edited[at] == b'1' { b'2' } else { b'1' };
        std::fs::write(p, &edited).unwrap();
        let (code, _, _) = run(&["verify", out.to_str().unwrap()]);
        assert_ne!(code, 0, "{system}: a one-byte edit of {} passed verify", rel(&out, p));
        std::fs::write(p, &original).unwrap();
    }
}

#[test]
fn secrecy_guerilla_warfare() {
    attack("guerilla-warfare");
}

#[test]
fn secrecy_andartes() {
    attack("andartes");
}

#[test]
fn secrecy_dice() {
    attack("dice");
}

#[test]
fn secrecy_diplomacy() {
    attack("diplomacy");
}
