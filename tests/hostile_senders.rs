//! What a stranger can make the server do, and what a player can put in a report.

mod common;

use common::*;

fn outbox_recipients(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir.join("outbox")).unwrap().flatten() {
        let raw = std::fs::read_to_string(e.path()).unwrap();
        let to = raw.lines().find_map(|l| l.strip_prefix("To: ")).unwrap_or_default().to_string();
        out.push((e.file_name().to_string_lossy().into_owned(), to));
    }
    out
}

#[test]
fn a_stranger_with_a_wrong_secret_makes_no_mail_but_to_registered_addresses() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    new_campaign(&dir, "dice", &["alice", "bob"]);
    let d = dir.to_str().unwrap();
    let before = outbox_recipients(&dir).len();
    let spam = "GAME g\nPLAYER alice\nSECRET AAAA-BBBB-CCCC-DDDD-EEEE\nVisit [url=http://evil.example]prizes[/url]\nEND\n";
    let m = file(tmp.path(), "spam.eml", &mail("victim@elsewhere.example", "s1", spam));
    ok(&["ingest", d, m.to_str().unwrap()]);
    let unknown = "GAME g\nPLAYER mallory\nSECRET x\nBUY NOW\nEND\n";
    let m = file(tmp.path(), "spam2.eml", &mail("victim@elsewhere.example", "s2", unknown));
    ok(&["ingest", d, m.to_str().unwrap()]);
    let after = outbox_recipients(&dir);
    assert_eq!(after.len(), before + 1, "{after:?}");
    for (name, to) in &after {
        assert!(
            to.contains("@example.org") && !to.contains("elsewhere"),
            "{name} goes to {to}, not a registered address"
        );
    }
    // The one new mail tells alice, at her own address, and quotes nothing of the mail.
    for e in std::fs::read_dir(dir.join("outbox")).unwrap().flatten() {
        let text = mail_text(&e.path());
        assert!(!text.contains("evil") && !text.contains("prizes") && !text.contains("BUY NOW"), "{text}");
    }
}

#[test]
fn new_refuses_a_player_named_public() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("g");
    let (code, _, err) = run(&[
        "new",
        "dice",
        d.to_str().unwrap(),
        "--player",
        "PUBLIC=p@example.org",
        "--player",
        "b=b@example.org",
        "--gm-email",
        "gm@example.org",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("'public' the public report's"), "{err}");
}

#[test]
fn labels_are_escaped_in_forum_reports_and_to_rolls_are_hidden() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob", "carol"]);
    let d = dir.to_str().unwrap();
    let body = format!(
        "GAME g\nPLAYER alice\nSECRET {}\nROLL 1d6 see [url=http://evil.example]this[/url] *now*\nROLL 1d20 morale TO bob\nEND\n",
        s["alice"]
    );
    let f = file(tmp.path(), "a.txt", &body);
    ok(&["ingest", d, f.to_str().unwrap()]);
    let bb = std::fs::read_to_string(dir.join("reports/1/public.bbcode")).unwrap();
    assert!(!bb.contains("[url=") && bb.contains("［url=http://evil.example］"), "{bb}");
    let md = std::fs::read_to_string(dir.join("reports/1/public.md")).unwrap();
    assert!(md.contains("\\[url=http://evil.example\\]") && md.contains("\\*now\\*"), "{md}");
    // The TO roll is on the hidden stream: no face in public, a face for bob, none for carol.
    let public: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("reports/1/public.json")).unwrap()).unwrap();
    let to_roll = public["rolls"].as_array().unwrap().iter().find(|r| r["label"] == "alice: morale").unwrap();
    assert_eq!(to_roll["stream"], "hidden");
    assert!(to_roll.get("face").is_none());
    let bob = std::fs::read_to_string(dir.join("reports/1/bob.txt")).unwrap();
    let carol = std::fs::read_to_string(dir.join("reports/1/carol.txt")).unwrap();
    let public_txt = std::fs::read_to_string(dir.join("reports/1/public.txt")).unwrap();
    assert!(bob.contains("rolls 1d20 for \"morale\": "), "{bob}");
    assert!(
        !carol.contains("rolls 1d20 for \"morale\": ") && !public_txt.contains("rolls 1d20 for \"morale\": ")
    );
}

/// The outbox's newest acknowledgement file: its whole text and its size in bytes.
fn newest_ack_file(dir: &std::path::Path) -> (String, u64) {
    let mut acks: Vec<std::path::PathBuf> = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("-ack-"))
        .collect();
    acks.sort();
    let last = acks.last().expect("an acknowledgement");
    (mail_text(last), std::fs::metadata(last).unwrap().len())
}

#[test]
fn a_flood_of_bad_lines_is_answered_in_at_most_16_kib_with_lines_quoted_short_and_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let secrets = new_campaign(
        &dir,
        "diplomacy",
        &["austria", "england", "france", "germany", "italy", "russia", "turkey"],
    );
    let d = dir.to_str().unwrap();
    // 20,000 bad lines, one of them 3,000 characters long with an escape sequence in it.
    let mut body = format!("GAME g\nPLAYER france\nSECRET {}\n", secrets["france"]);
    body.push_str(&format!("A Par - \u{1b}[31m{}\n", "Bur".repeat(1000)));
    for i in 0..20_000 {
        body.push_str(&format!("A Nowhere{i} - Mun\n"));
    }
    body.push_str("END\n");
    let m = file(tmp.path(), "flood.eml", &mail("france@example.org", "flood", &body));
    ok(&["ingest", d, m.to_str().unwrap()]);
    let (text, bytes) = newest_ack_file(&dir);
    assert!(text.starts_with("REFUSED"), "{}", &text[..text.len().min(400)]);
    assert!(text.len() <= 16 * 1024, "the answer's text is {} bytes", text.len());
    // The whole mail, text and HTML parts with their headers, stays near the bound too.
    assert!(bytes <= 40 * 1024, "the answer mail is {bytes} bytes");
    assert!(text.contains("left out: errors: "), "{}", &text[text.len().saturating_sub(600)..]);
    assert!(!text.contains('\u{1b}'), "a control character came back");
    assert!(text.contains("\\u{1b}[31m"), "the escape is not shown escaped");
    let long_line = text.lines().find(|l| l.contains("\\u{1b}")).unwrap();
    assert!(long_line.chars().count() < 150, "a line quoted at {} characters", long_line.chars().count());
}
