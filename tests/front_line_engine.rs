//! Front Line played by mail from the outside: the binary, real mails, real files.
//! The welcome mail's examples go back as they stand; an ASK goes to its player alone
//! and a wrong answer gets the list again; a WAIT stops the turn and a missing
//! continuation passes; standing reactions and a suspended turn's lines never show to
//! the other side or the public; the demo verifies and a changed die or policy line
//! does not; a GM's own Attack Results Table is used, named and verified.

mod common;

use common::*;
use std::collections::BTreeMap;
use std::path::Path;

fn send(tmp: &Path, dir: &Path, n: &mut usize, player: &str, secret: &str, body: &str) -> String {
    *n += 1;
    let text = format!("GAME g\nPLAYER {player}\nSECRET {secret}\n{body}\nEND\n");
    let f = file(tmp, &format!("m{n}.eml"), &mail(&format!("{player}@example.org"), &format!("m{n}"), &text));
    ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()])
}

fn adjudicate(dir: &Path) -> String {
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"])
}

fn echo(dir: &Path) -> Vec<String> {
    let ack = newest_ack(dir);
    let at = ack.find("Your orders as understood:").unwrap_or_else(|| panic!("{ack}"));
    ack[at..].lines().skip(1).take_while(|l| l.starts_with("  ")).map(|l| l.trim().to_string()).collect()
}

/// Every report and mail a reader may see, as one text.
fn everything_for(dir: &Path, reader: &str) -> String {
    let mut all = String::new();
    for e in std::fs::read_dir(dir.join("reports")).unwrap().flatten() {
        for ext in ["txt", "html", "md", "bbcode"] {
            if let Ok(t) = std::fs::read_to_string(e.path().join(format!("{reader}.{ext}"))) {
                all.push_str(&t);
            }
        }
    }
    if reader != "public" {
        for e in std::fs::read_dir(dir.join("outbox")).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if name.ends_with(&format!("-{reader}.eml")) {
                all.push_str(&mail_text(&e.path()));
            }
        }
    }
    all
}

#[test]
fn front_line_is_listed() {
    let out = ok(&["systems"]);
    assert!(out.contains("front-line"), "{out}");
    assert!(out.contains("edge_ready"), "{out}");
}

#[test]
fn the_welcome_examples_the_first_turn_blocks_and_their_echoes_are_accepted() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "front-line", &["anna", "ben"]);
    let blocks = |player: &str| -> (Vec<String>, Vec<String>) {
        let text = mail_text(&dir.join(format!("outbox/0000-welcome-{player}.eml")));
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.starts_with("  SECRET ")).unwrap() + 1;
        let end = start + lines[start..].iter().position(|l| l.trim() == "END").unwrap();
        let now = lines[start..end].iter().map(|l| l.trim().to_string()).collect();
        let at = lines.iter().position(|l| l.starts_with("Your first turn")).unwrap();
        let next: Vec<String> = lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("  "))
            .map(|l| l.trim().to_string())
            .collect();
        assert!(next.len() > 3, "{next:?}");
        (now, next)
    };
    let mut n = 0;
    let mut next = BTreeMap::new();
    for p in ["anna", "ben"] {
        let (now, nx) = blocks(p);
        assert!(now.contains(&"SETUP 1".to_string()), "{now:?}");
        assert!(
            send(tmp.path(), &dir, &mut n, p, &s[p], &now.join("\n")).contains("accepted"),
            "{}",
            newest_ack(&dir)
        );
        let e = echo(&dir);
        assert_eq!(e.len(), now.len());
        assert!(send(tmp.path(), &dir, &mut n, p, &s[p], &e.join("\n")).contains("accepted"));
        assert_eq!(echo(&dir), e, "the echo echoes itself");
        next.insert(p, nx);
    }
    adjudicate(&dir);
    let phase = open_phase(&dir);
    assert_eq!(phase, "SEP-1");
    let public = newest_report(&dir, "public");
    let first = if public.contains("Orders due from: anna") { "anna" } else { "ben" };
    let second = if first == "anna" { "ben" } else { "anna" };
    // The other player's turn block is not for now: it is refused, saying why.
    let said = send(tmp.path(), &dir, &mut n, second, &s[second], &next[second].join("\n"));
    assert!(
        said.contains("refused"),
        "{said}\n{}\n{}",
        newest_ack(&dir),
        ok(&["status", dir.to_str().unwrap()])
    );
    assert!(newest_ack(&dir).contains("it is not your turn"), "{}", newest_ack(&dir));
    // ...but standing reactions are welcome from it at any time.
    assert!(send(tmp.path(), &dir, &mut n, second, &s[second], "RALLY NEVER").contains("accepted"));
    let said = send(tmp.path(), &dir, &mut n, first, &s[first], &next[first].join("\n"));
    assert!(said.contains("accepted"), "{}", newest_ack(&dir));
    let e = echo(&dir);
    assert!(send(tmp.path(), &dir, &mut n, first, &s[first], &e.join("\n")).contains("accepted"));
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "SEP-2", "the block runs its turn to the end, with no pointless WAIT");
    // Every line of the block does something.
    let report = newest_report(&dir, first);
    for line in &next[first] {
        assert!(!report.contains(&format!("skipped: {line}")), "{line} was skipped:\n{report}");
    }
    for line in next[first].iter().filter(|l| l.starts_with("MOVE ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(report.contains(&format!("{} moves {}", words[1], words[2])), "{line}:\n{report}");
    }
    let said = send(tmp.path(), &dir, &mut n, second, &s[second], &next[second].join("\n"));
    assert!(said.contains("accepted"), "{}", newest_ack(&dir));
}

#[test]
fn an_ask_goes_by_mail_and_policies_and_held_lines_stay_private() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "front-line", &["anna", "ben"]);
    let mut n = 0;
    send(tmp.path(), &dir, &mut n, "anna", &s["anna"], "SETUP 1\nFIRST ME\nOPFIRE NEVER\nEDGE WHEN ROUT");
    send(
        tmp.path(),
        &dir,
        &mut n,
        "ben",
        &s["ben"],
        "SETUP 1\nFIRST YOU\nRALLY ASK\nOPFIRE NEVER\nROUT RETREAT",
    );
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "SEP-1");
    let said = send(
        tmp.path(),
        &dir,
        &mut n,
        "anna",
        &s["anna"],
        "SUPPLY CAPITAL\nMOVE RT2 D4 E4 F4\nATTACK RT2 H4\nWAIT\nMOVE RT1 D3",
    );
    assert!(said.contains("accepted"), "{}", newest_ack(&dir));
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "SEP-1.R1");
    // The question goes to ben alone.
    let ben_mail = everything_for(&dir, "ben");
    assert!(ben_mail.contains("declares an attack on your tank GT1"), "{ben_mail}");
    assert!(!everything_for(&dir, "anna").contains("declares an attack on your"));
    // A wrong answer gets the list again; a number is taken.
    let said = send(tmp.path(), &dir, &mut n, "ben", &s["ben"], "7");
    assert!(said.contains("refused"), "{said}");
    assert!(newest_ack(&dir).contains("1. RALLY GT1"), "{}", newest_ack(&dir));
    assert!(send(tmp.path(), &dir, &mut n, "ben", &s["ben"], "1").contains("accepted"));
    adjudicate(&dir);
    assert!(newest_report(&dir, "public").contains("Green rallies GT1 \u{2014} answer by mail"));
    assert_eq!(open_phase(&dir), "SEP-1.2");
    assert!(newest_report(&dir, "anna").contains("MOVE RT1 D3"), "anna sees her own held line");
    // Standing reactions and held lines: never in the other side's or the public files.
    for (reader, secret) in [("public", "RALLY ASK"), ("anna", "RALLY ASK"), ("anna", "ROUT RETREAT")] {
        assert!(!everything_for(&dir, reader).contains(secret), "{reader} reads {secret}");
    }
    for secret in ["EDGE WHEN ROUT", "MOVE RT1 D3"] {
        for reader in ["public", "ben"] {
            assert!(!everything_for(&dir, reader).contains(secret), "{reader} reads {secret}");
        }
    }
    // A missing continuation passes: the held line never runs.
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "SEP-2");
    let state = std::fs::read_to_string(
        std::fs::read_dir(dir.join("state"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json") && !p.to_string_lossy().contains("events"))
            .max_by_key(|p| p.file_stem().and_then(|s| s.to_str()?.parse::<u64>().ok()).unwrap_or(0))
            .unwrap(),
    )
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&state).unwrap();
    let rt1 = v["units"].as_array().unwrap().iter().find(|u| u["id"] == "RT1").unwrap();
    assert_eq!(rt1["place"]["square"], "C3", "{rt1}");
    // Parse errors name the line and the reason.
    let said = send(tmp.path(), &dir, &mut n, "ben", &s["ben"], "SUPPLY AIR\nMOVE GX9 D4");
    assert!(said.contains("refused"));
    let ack = newest_ack(&dir);
    assert!(ack.contains("MOVE GX9 D4") && ack.contains("'GX9' is not a unit"), "{ack}");
}

#[test]
fn the_demo_verifies_draws_its_map_and_a_changed_die_or_policy_line_does_not() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let out = ok(&["demo", "--seed", "1", "--system", "front-line", "--dir", dir.to_str().unwrap()]);
    for needle in [
        "(SEP-1.R1)",
        "Green rallies GT1 \u{2014} answer by mail",
        "rallies",
        "standing order",
        "RI1 drops by Paratroop onto G4",
        "RT5 is built on A4",
        "(SEP-3.2)",
        "Opportunity Fire",
        "-- the bots play on until END",
        "the game is over",
        "verify with the audit bundle: OK",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    // The published set holds no standing reaction of either side.
    let published = tmp.path().join("pub");
    ok(&["publish", dir.to_str().unwrap(), published.to_str().unwrap()]);
    let mut stack = vec![published.clone()];
    let mut files = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
                continue;
            }
            files += 1;
            let bytes = std::fs::read(e.path()).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            for secret in ["RALLY WHEN RANGE 1 OR RANGE 2", "RALLY ASK", "EDGE WHEN BLITZ DISRUPT ROUT"] {
                assert!(!text.contains(secret), "{} holds {secret}", e.path().display());
            }
        }
    }
    assert!(files > 20, "{files}");
    let svg = tmp.path().join("m.svg");
    ok(&["map", dir.to_str().unwrap(), "--for", "public", "-o", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    assert_eq!(text.matches("<text").count(), text.matches("</text>").count());
    assert_eq!(text.matches("<g ").count(), text.matches("</g>").count());
    assert_eq!(text.matches("class=\"square\"").count(), 60);
    // A published die changed: verify names the record.
    let p = dir.join("reports/3/public.json");
    let t = std::fs::read_to_string(&p).unwrap();
    let rec: serde_json::Value = serde_json::from_str(&t).unwrap();
    let face = rec["rolls"][0]["face"].as_u64().unwrap();
    std::fs::write(&p, t.replacen(&format!("\"face\": {face}"), &format!("\"face\": {}", face % 6 + 1), 1))
        .unwrap();
    let (code, _, err) = run(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("reports/3/public.json"), "{err}");
    std::fs::write(&p, t).unwrap();
    // One standing reaction changed in a sealed file of the bundle: its receipt fails.
    let bundle_path = dir.join("audit-bundle.json");
    let bundle = std::fs::read_to_string(&bundle_path).unwrap();
    let b: serde_json::Value = serde_json::from_str(&bundle).unwrap();
    let sealed = b["steps"][0]["sealed"]["ben"].as_str().unwrap().to_string();
    use base64::Engine;
    let raw = base64::engine::general_purpose::STANDARD.decode(&sealed).unwrap();
    let text = String::from_utf8(raw).unwrap();
    assert!(text.contains("RALLY ASK"));
    let forged_text = text.replace("RALLY ASK", "RALLY NEVER");
    let forged = bundle.replace(&sealed, &base64::engine::general_purpose::STANDARD.encode(forged_text));
    let tampered = tmp.path().join("tampered.json");
    std::fs::write(&tampered, forged).unwrap();
    let (code, _, err) = run(&["verify", dir.to_str().unwrap(), "--bundle", tampered.to_str().unwrap()]);
    assert_eq!(code, 1, "a changed policy line passed");
    assert!(err.contains("receipt"), "{err}");
}

#[test]
fn a_gms_own_attack_table_is_used_named_in_the_footer_and_verified() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "front-line", &["anna", "ben"]);
    let own = dir.join("games/front-line");
    std::fs::create_dir_all(&own).unwrap();
    let builtin = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("games/front-line/attack-table.toml"),
    )
    .unwrap();
    let mine = builtin.replace(
        "column = [\"blitz\", \"blitz\", \"blitz\", \"disrupt\", \"rout\", \"rout\"]",
        "column = [\"blitz\", \"blitz\", \"blitz\", \"blitz\", \"rout\", \"rout\"]",
    );
    assert_ne!(mine, builtin);
    std::fs::write(own.join("attack-table.toml"), &mine).unwrap();
    // Changed on purpose before the first step: its pin in campaign.toml goes.
    let config = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    let unpinned: Vec<&str> = config.lines().filter(|l| !l.contains("attack-table.toml")).collect();
    assert!(unpinned.len() < config.lines().count(), "{config}");
    std::fs::write(dir.join("campaign.toml"), unpinned.join("\n") + "\n").unwrap();
    let mut n = 0;
    send(tmp.path(), &dir, &mut n, "anna", &s["anna"], "SETUP 1\nFIRST ME");
    send(tmp.path(), &dir, &mut n, "ben", &s["ben"], "SETUP 1\nFIRST YOU");
    adjudicate(&dir);
    send(tmp.path(), &dir, &mut n, "anna", &s["anna"], "MOVE RT2 D4 E4 F4\nATTACK RT2 H4");
    adjudicate(&dir);
    let report = newest_report(&dir, "public");
    assert!(report.contains("attack-table.toml sha256"), "{report}");
    assert!(report.contains("(the GM's copy)"), "{report}");
    assert!(report.contains("battlefields.toml sha256") && report.contains("(built-in)"));
    let bundle = tmp.path().join("b.json");
    ok(&["audit-bundle", dir.to_str().unwrap(), "-o", bundle.to_str().unwrap()]);
    let out = ok(&["verify", dir.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
    assert!(out.contains("every step replayed"), "{out}");
    // A copy that breaks the rules' constraints is refused, naming the file.
    let broken = builtin.replace("column = [\"blitz\"", "column = [\"adv\"");
    std::fs::write(own.join("attack-table.toml"), broken).unwrap();
    let (code, _, err) = run(&["status", dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("attack-table.toml"), "{err}");
}

/// The system README's turn example is accepted as it stands in Red's turn, and so is
/// its echo.
#[test]
fn the_readme_turn_example_is_accepted_as_it_stands() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/front_line/README.md"))
            .unwrap();
    let section = &readme[readme.find("## A turn by mail").unwrap()..];
    let block: Vec<&str> =
        section.split("```").nth(1).unwrap().lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(block.len() >= 10, "{block:?}");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "front-line", &["anna", "ben"]);
    let mut n = 0;
    send(tmp.path(), &dir, &mut n, "anna", &s["anna"], "SETUP 1\nFIRST ME");
    send(tmp.path(), &dir, &mut n, "ben", &s["ben"], "SETUP 1\nFIRST YOU");
    adjudicate(&dir);
    let said = send(tmp.path(), &dir, &mut n, "anna", &s["anna"], &block.join("\n"));
    assert!(said.contains("accepted"), "{}", newest_ack(&dir));
    let e = echo(&dir);
    assert_eq!(e.iter().filter(|l| !l.starts_with('#')).count(), block.len(), "{e:?}");
    assert!(send(tmp.path(), &dir, &mut n, "anna", &s["anna"], &e.join("\n")).contains("accepted"));
    adjudicate(&dir);
    assert_eq!(open_phase(&dir), "SEP-1.2", "the example stops its turn with WAIT");
}
