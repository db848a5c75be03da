//! What a player's mail says about where it comes from: an acknowledgement is titled
//! with the game and the phase (a player with several games sees which one answered),
//! and a campaign that names where its record is published sends players there, to
//! its `verify.html`, instead of naming a command only the GM can run.

mod common;

use common::*;

fn subject(path: &std::path::Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let parsed = mail_parser::MessageParser::default().parse(&bytes[..]).expect("a mail");
    parsed.subject().unwrap_or_default().to_string()
}

#[test]
fn an_acknowledgement_names_the_game_and_the_phase() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    let d = dir.to_str().unwrap();
    let mail = file(
        tmp.path(),
        "a.eml",
        &format!(
            "From: alice@example.org\nTo: game@example.org\nSubject: my turn\nMessage-ID: <a1@example.org>\n\nGAME g\nPLAYER alice\nSECRET {}\nROLL 2d6 volley\nEND\n",
            s["alice"]
        ),
    );
    ok(&["ingest", d, mail.to_str().unwrap()]);
    let acks: Vec<std::path::PathBuf> = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("-ack-"))
        .collect();
    let title = subject(acks.first().expect("an acknowledgement"));
    let status = ok(&["status", d]);
    let open = status.lines().find_map(|l| l.strip_prefix("open: ")).unwrap_or_else(|| panic!("{status}"));
    let phase = open.rsplit_once(" (").map_or(open, |(t, _)| t).to_string();
    assert!(
        title.starts_with("Re: my turn \u{2014} [g] ") && title.ends_with(": orders accepted"),
        "{title}"
    );
    assert!(title.contains(&phase), "the phase '{phase}' in '{title}'");
    // A reply to that answer keeps one tag, not two.
    let again = file(
        tmp.path(),
        "b.eml",
        &format!(
            "From: alice@example.org\nTo: game@example.org\nSubject: {title}\nMessage-ID: <a2@example.org>\n\nGAME g\nPLAYER alice\nSECRET {}\nROLL 1d6 again\nEND\n",
            s["alice"]
        ),
    );
    ok(&["ingest", d, again.to_str().unwrap()]);
    let newest = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("-ack-") && !acks.contains(p))
        .max()
        .expect("a second acknowledgement");
    let second = subject(&newest);
    assert_eq!(second.matches("[g]").count(), 1, "{second}");
    assert!(second.starts_with("Re: my turn \u{2014} [g] "), "{second}");
    // A stranger is told the game's name and nothing more.
    let stranger = file(
        tmp.path(),
        "s.eml",
        "From: eve@example.org\nSubject: hi\nMessage-ID: <s1@example.org>\n\nGAME g\nPLAYER alice\nSECRET wrong\nROLL 1d6\nEND\n",
    );
    ok(&["ingest", d, stranger.to_str().unwrap()]);
    let acks: Vec<std::path::PathBuf> = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("-ack-") && !acks.contains(p))
        .collect();
    let a = acks.iter().max().expect("the stranger's answer");
    assert_eq!(subject(a), "[g] orders refused");
}

#[test]
fn the_published_place_is_where_players_check() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, option, expect) in [
        (
            "named",
            Some("published=https://zine.example.org/g"),
            "open verify.html in the published record (https://zine.example.org/g)",
        ),
        ("plain", None, "umpire verify plain"),
    ] {
        let dir = tmp.path().join(name);
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
        let text = unfold(&std::fs::read_to_string(dir.join("reports/1/public.txt")).unwrap());
        assert!(text.contains(&format!("Check it yourself: {expect}")), "{name}: {text}");
        // The published record carries the setting: its reports verify from it alone.
        let out = tmp.path().join(format!("{name}-published"));
        ok(&["publish", dir.to_str().unwrap(), out.to_str().unwrap()]);
        assert!(ok(&["verify", out.to_str().unwrap()]).contains("verify: OK"), "{name}");
        assert!(ok(&["verify", dir.to_str().unwrap()]).contains("verify: OK"), "{name}");
    }
}
