//! The leak test of press, maps, the zine and the site: play `umpire demo` (the dice
//! game and the Diplomacy, Guerilla Warfare and Andartes samples, with signed, grey
//! and private press), take everything it gives the public (the zine issue and the
//! archive site), and look in it for every private fact the campaigns hold: secrets,
//! private press, grey press's writer, the lines only one reader's report has (hidden
//! fractions among them), hidden counters on the GM's maps, and the bare hash of any
//! private file.

mod common;

use common::*;
use sha2::{Digest, Sha256};
use std::path::PathBuf;

fn is_public(rel: &str) -> bool {
    umpire::campaign::publish::is_public_report(rel)
}

#[test]
fn nothing_private_reaches_the_zine_or_the_site() {
    let tmp = tempfile::tempdir().unwrap();
    let demo = tmp.path().join("demo");
    ok(&["demo", "--dir", demo.to_str().unwrap()]);
    let campaigns: Vec<PathBuf> = std::iter::once(demo.clone())
        .chain(
            ["diplomacy", "guerilla-warfare", "andartes"]
                .iter()
                .map(|s| tmp.path().join(format!("demo.samples/{s}"))),
        )
        .collect();
    let public_files: Vec<PathBuf> = files_under(&tmp.path().join("demo.zine"))
        .into_iter()
        .chain(files_under(&tmp.path().join("demo.site")))
        .collect();
    let public: Vec<(PathBuf, String)> = public_files
        .iter()
        .map(|p| (p.clone(), String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned()))
        .collect();
    assert!(public.iter().any(|(p, _)| p.ends_with("issue-1.html")));
    let everything: String = public.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>().join("\n");

    let mut facts: Vec<(String, String)> = Vec::new();
    let mut private_hashes = Vec::new();
    for c in &campaigns {
        for p in files_under(c) {
            let rel = p.strip_prefix(c).unwrap().display().to_string();
            let bytes = std::fs::read(&p).unwrap();
            if !is_public(&rel) && !bytes.is_empty() {
                private_hashes.push((hex::encode(Sha256::digest(&bytes)), format!("{}: {rel}", c.display())));
            }
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if rel.starts_with("outbox/") && name.contains("welcome") {
                let secret = mail_text(&p)
                    .lines()
                    .find_map(|l| l.strip_prefix("Your secret: "))
                    .map(|s| s.trim().to_string());
                facts.extend(secret.map(|s| (s, format!("a secret in {rel}"))));
            }
            if rel.starts_with("outbox/") && name.contains("-press-") {
                let text = mail_text(&p).replace("\r\n", "\n");
                let letter = text.split("\n\n").nth(1).unwrap_or_default().trim().to_string();
                assert!(!letter.is_empty(), "{text}");
                facts.push((letter, format!("private press in {rel}")));
            }
            // Hidden counters on the GM's and players' own maps.
            if rel.starts_with("reports/") && name.ends_with(".svg") && !name.starts_with("public") {
                let svg = String::from_utf8_lossy(&bytes);
                for part in svg.split("class=\"unit hidden\"><title>").skip(1) {
                    let title = part.split('<').next().unwrap_or_default().to_string();
                    facts.push((format!(">{title}<"), format!("a hidden counter on {rel}")));
                }
            }
        }
        // Lines only one reader's report has.
        for k in 1..200u64 {
            let Ok(public) = std::fs::read_to_string(c.join(format!("reports/{k}/public.txt"))) else {
                continue;
            };
            for e in std::fs::read_dir(c.join(format!("reports/{k}"))).unwrap().flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if !name.ends_with(".txt") || name == "public.txt" {
                    continue;
                }
                let text = std::fs::read_to_string(e.path()).unwrap();
                for line in text.lines().map(str::trim) {
                    if line.len() >= 14
                        && !public.contains(line)
                        && !line.starts_with("Report for")
                        && !line.starts_with("GM report")
                    {
                        facts.push((line.to_string(), format!("reports/{k}/{name} of {}", c.display())));
                    }
                }
            }
        }
    }
    let kinds = |what: &str| facts.iter().filter(|(_, w)| w.contains(what)).count();
    assert!(kinds("a secret") >= 19, "the demo's secrets were found: {}", kinds("a secret"));
    assert!(kinds("private press") >= 2, "the demo's private press was found");
    assert!(kinds("hidden counter") > 0, "the Guerilla Warfare sample's fractions were found");
    assert!(kinds("reports/") > 50, "private report lines were found: {}", kinds("reports/"));

    for (fact, whence) in &facts {
        for (p, text) in &public {
            assert!(!text.contains(fact.as_str()), "{} shows {whence}: {fact}", p.display());
        }
    }
    for (hash, whence) in &private_hashes {
        assert!(!everything.contains(hash.as_str()), "the public files hold the bare SHA-256 of {whence}");
    }
    // Grey press: its text is public, its writer (Germany, in the Diplomacy sample) never
    // beside it.
    let grey = "Rumour has it that Vienna and St Petersburg both want Galicia.";
    let mut seen = 0;
    for (p, text) in &public {
        if p.extension().is_some_and(|e| e == "jsonl") {
            // The public ledger: the step line's press entry has no sender.
            for line in text.lines().filter(|l| l.contains(grey)) {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                let entry = v["press"]
                    .as_array()
                    .and_then(|a| a.iter().find(|e| e["text"] == grey))
                    .expect("a press entry");
                assert!(entry.get("by").is_none(), "{} names the grey press's writer: {entry}", p.display());
                seen += 1;
            }
            continue;
        }
        for (i, _) in text.match_indices(grey) {
            seen += 1;
            // The press's heading: "From ..." (text, Markdown, HTML) or "[quote=...]".
            let head = text[..i].rfind("From ").max(text[..i].rfind("[quote=")).unwrap_or(0);
            let before = &text[head..i];
            assert!(
                !before.to_lowercase().contains("germany"),
                "{} names the grey press's writer: {before}",
                p.display()
            );
            assert!(
                before.contains("unsigned"),
                "{} does not mark the press as unsigned: {before}",
                p.display()
            );
        }
    }
    assert!(seen >= 2, "the grey press is in the zine and on the site");
}
