//! The engine end to end on its toy game (issue 13's acceptance): a reaction from an
//! optional responder, a question answered by mail (by number, by words, refused
//! otherwise), the question's default at the deadline, a standing order that answers
//! instead, a hidden hand drawn from a shuffled deck, and `verify --bundle` (and the
//! independent verifier) over it all.

mod common;

use common::*;
use std::path::Path;

const T0: &str = "2026-11-23T10:00:00Z";

fn at(hours: f64) -> String {
    let t0 = chrono::DateTime::parse_from_rfc3339(T0).unwrap();
    (t0 + chrono::Duration::minutes((hours * 60.0) as i64)).to_rfc3339()
}

fn run_at(when: &str, args: &[&str]) -> String {
    let (code, out, err) = output(umpire().env("UMPIRE_NOW", when).args(args).output().unwrap());
    assert_eq!(code, 0, "umpire {args:?} at {when}: {out}\n{err}");
    out
}

fn send(dir: &Path, when: &str, n: &mut u32, player: &str, secret: &str, body: &str) -> String {
    *n += 1;
    let f = dir.parent().unwrap().join(format!("in-{n}.txt"));
    std::fs::write(&f, format!("GAME g\nPLAYER {player}\nSECRET {secret}\n{body}\nEND\n")).unwrap();
    run_at(when, &["ingest", dir.to_str().unwrap(), f.to_str().unwrap()])
}

#[test]
fn a_reaction_a_question_by_mail_a_default_a_standing_answer_and_a_hidden_hand_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let args = [
        "new",
        "toy",
        d,
        "--player",
        "red=red@example.org",
        "--player",
        "blue=blue@example.org",
        "--gm-email",
        "gm@example.org",
        "--deadline-hours",
        "48",
        "--kind-deadline",
        "choice=12",
    ];
    run_at(T0, &args);
    let secret = |p: &str| welcome_secret(&dir, p);
    let (red, blue) = (secret("red"), secret("blue"));
    let mut n = 0;
    // Turn 1: red advances; the step waits for blue, who may react.
    assert!(send(&dir, &at(1.0), &mut n, "red", &red, "ADVANCE").contains("accepted"));
    assert!(!run_at(&at(2.0), &["tick", d]).contains("step 1"));
    assert!(run_at(&at(2.0), &["status", d]).contains("blue             waiting (optional: may pass)"));
    assert!(send(&dir, &at(3.0), &mut n, "blue", &blue, "REACT").contains("accepted"));
    assert!(run_at(&at(3.5), &["tick", d]).contains("step 1"));
    // Red's report asks the question; blue's does not, and only red sees the hand.
    let red_report = std::fs::read_to_string(dir.join("reports/1/red.txt")).unwrap();
    assert!(red_report.contains("Question for red") && red_report.contains("2. gamble"), "{red_report}");
    assert!(red_report.contains("card-"), "{red_report}");
    for who in ["blue", "public"] {
        let text = std::fs::read_to_string(dir.join(format!("reports/1/{who}.txt"))).unwrap();
        assert!(!text.contains("Question for red") && !text.contains("card-"), "{who}: {text}");
    }
    assert!(red_report.contains("blue reacts"), "{red_report}");
    // An answer that is not one of them is refused with the list; "2" is taken and
    // echoed as its words, which are accepted when sent back.
    assert!(send(&dir, &at(4.0), &mut n, "red", &red, "maybe").contains("refused"));
    assert!(newest_ack(&dir).contains("1. take (the default), 2. gamble"));
    assert!(send(&dir, &at(4.5), &mut n, "red", &red, "2").contains("accepted"));
    let ack = newest_ack(&dir);
    assert!(ack.lines().any(|l| l.trim() == "gamble"), "{ack}");
    assert!(send(&dir, &at(4.6), &mut n, "red", &red, "gamble").contains("accepted"));
    assert!(run_at(&at(5.0), &["tick", d]).contains("step 2"));
    assert!(std::fs::read_to_string(dir.join("reports/2/public.txt")).unwrap().contains("Red gambles"));
    // Turn 2: blue stays silent (passes at the deadline, not late), red advances and
    // then does not answer: the question's default (take) applies at its own
    // 12-hour deadline.
    assert!(send(&dir, &at(6.0), &mut n, "red", &red, "ADVANCE").contains("accepted"));
    let out = run_at(&at(5.0 + 49.0), &["tick", d]);
    assert!(out.contains("step 3") && !out.contains("late:"), "{out}");
    let out = run_at(&at(5.0 + 49.0 + 13.0), &["tick", d]);
    assert!(out.contains("step 4"), "{out}");
    assert!(std::fs::read_to_string(dir.join("reports/4/public.txt")).unwrap().contains("Red takes"));
    // Turn 3: red answers the question in advance (a standing order, sealed with the
    // move); blue passes. The choice then needs nobody's mail and resolves at once.
    assert!(send(&dir, &at(68.0), &mut n, "red", &red, "ADVANCE\nALWAYS GAMBLE").contains("accepted"));
    assert!(newest_ack(&dir).lines().any(|l| l.trim() == "ALWAYS GAMBLE"));
    assert!(send(&dir, &at(68.5), &mut n, "blue", &blue, "PASS").contains("accepted"));
    let out = run_at(&at(69.0), &["tick", d]);
    assert!(out.contains("step 5") && out.contains("step 6"), "{out}");
    let sixth = std::fs::read_to_string(dir.join("reports/6/public.txt")).unwrap();
    assert!(sixth.contains("Red's standing order answers: gamble"), "{sixth}");
    assert!(sixth.contains("The game is over"), "{sixth}");
    // Everything verifies, the hidden shuffle and draws included.
    let bundle = tmp.path().join("b.json");
    run_at(&at(70.0), &["audit-bundle", d, "-o", bundle.to_str().unwrap()]);
    assert!(run_at(&at(70.0), &["verify", d, "--bundle", bundle.to_str().unwrap()]).contains("verify: OK"));
    let record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("reports/1/public.json")).unwrap()).unwrap();
    let shuffle =
        record["rolls"].as_array().unwrap().iter().filter(|r| r["label"] == "toy deck: shuffle").count();
    assert_eq!(shuffle, 5, "six cards take five hidden dice");
    match std::process::Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/verify_trust.py"))
        .args([d, "--bundle", bundle.to_str().unwrap()])
        .output()
    {
        Ok(o) => assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout)),
        Err(_) => println!("SKIP: python3 not found"),
    }
}

/// Issue 13, part 13: the GM as a party. With `ruling=yes` the toy waits for the GM's
/// ruling after the last turn; the GM's file is sealed, receipted and replayed like
/// orders, while other GM mail is still commands.
#[test]
fn the_gm_rules_by_a_sealed_file_that_replays() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    run_at(
        T0,
        &[
            "new",
            "toy",
            d,
            "--player",
            "red=red@example.org",
            "--player",
            "blue=blue@example.org",
            "--gm-email",
            "gm@example.org",
            "--option",
            "ruling=yes",
        ],
    );
    let secret = |p: &str| welcome_secret(&dir, p);
    let red = secret("red");
    let gm = std::fs::read_to_string(dir.join("secret/gm-secret.txt")).unwrap().trim().to_string();
    let mut n = 0;
    for turn in 1..=3 {
        assert!(send(&dir, &at(turn as f64), &mut n, "red", &red, "WAIT").contains("accepted"));
        run_at(&at(turn as f64 + 0.1), &["adjudicate", d, "--force"]);
    }
    let status = run_at(&at(4.0), &["status", d]);
    assert!(status.contains("(RULING)") && status.contains("gm"), "{status}");
    // A wrong secret stores nothing; a command is still a command; the ruling is sealed.
    assert!(
        send(&dir, &at(4.1), &mut n, "gm", "AAAA-BBBB-CCCC-DDDD-EEEE", "RULING nobody").contains("refused")
    );
    assert!(send(&dir, &at(4.2), &mut n, "gm", &gm, "EXTEND 24").contains("GM commands"));
    let said = send(&dir, &at(4.3), &mut n, "gm", &gm, "RULING well played by both");
    assert!(said.contains("accepted for gm, receipt"), "{said}");
    run_at(&at(4.5), &["adjudicate", d]);
    let last = std::fs::read_to_string(dir.join("reports/4/public.txt")).unwrap();
    assert!(last.contains("the GM rules: well played by both"), "{last}");
    let record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("reports/4/public.json")).unwrap()).unwrap();
    assert!(
        record["receipts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["player"] == "gm" && r["receipt"].is_string())
    );
    let bundle = tmp.path().join("b.json");
    run_at(&at(5.0), &["audit-bundle", d, "-o", bundle.to_str().unwrap()]);
    assert!(run_at(&at(5.0), &["verify", d, "--bundle", bundle.to_str().unwrap()]).contains("verify: OK"));
}

/// Issue 13, part 12: suspension. Red orders two advances; the turn stops at red's
/// question after the first, the second waits in committed state (told to red alone),
/// and the step that answers resumes it. Who is asked comes from the state: blue's
/// reactions run out and blue is no longer asked.
#[test]
fn a_turn_stops_at_a_question_and_resumes_and_who_is_asked_follows_the_state() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    run_at(
        T0,
        &[
            "new",
            "toy",
            d,
            "--player",
            "red=red@example.org",
            "--player",
            "blue=blue@example.org",
            "--gm-email",
            "gm@example.org",
        ],
    );
    let secret = |p: &str| welcome_secret(&dir, p);
    let (red, blue) = (secret("red"), secret("blue"));
    let mut n = 0;
    assert!(send(&dir, &at(1.0), &mut n, "red", &red, "ADVANCE\nADVANCE").contains("accepted"));
    assert!(send(&dir, &at(1.1), &mut n, "blue", &blue, "REACT").contains("accepted"));
    run_at(&at(1.2), &["adjudicate", d]);
    let red_report = std::fs::read_to_string(dir.join("reports/1/red.txt")).unwrap();
    assert!(red_report.contains("Your second ADVANCE waits"), "{red_report}");
    for who in ["blue", "public"] {
        let text = std::fs::read_to_string(dir.join(format!("reports/1/{who}.txt"))).unwrap();
        assert!(!text.contains("second ADVANCE"), "{who} learns of red's suspended order: {text}");
    }
    // The answer resumes the suspended advance: a new stake and the question again.
    assert!(send(&dir, &at(2.0), &mut n, "red", &red, "take").contains("accepted"));
    run_at(&at(2.1), &["adjudicate", d]);
    let second = std::fs::read_to_string(dir.join("reports/2/public.txt")).unwrap();
    assert!(second.contains("Red advances again"), "{second}");
    assert!(run_at(&at(2.2), &["status", d]).contains("(T1-CHOICE)"));
    assert!(send(&dir, &at(2.3), &mut n, "red", &red, "1").contains("accepted"));
    run_at(&at(2.4), &["adjudicate", d]);
    // Turn 2: blue spends its last reaction; in turn 3 blue is not asked.
    assert!(send(&dir, &at(3.0), &mut n, "red", &red, "WAIT").contains("accepted"));
    assert!(send(&dir, &at(3.1), &mut n, "blue", &blue, "REACT").contains("accepted"));
    run_at(&at(3.2), &["adjudicate", d]);
    let status = run_at(&at(3.3), &["status", d]);
    assert!(status.contains("(T3-MOVE)") && !status.contains("blue"), "{status}");
    assert!(send(&dir, &at(3.4), &mut n, "blue", &blue, "REACT").contains("refused"));
    let bundle = tmp.path().join("b.json");
    run_at(&at(4.0), &["audit-bundle", d, "-o", bundle.to_str().unwrap()]);
    assert!(run_at(&at(4.0), &["verify", d, "--bundle", bundle.to_str().unwrap()]).contains("verify: OK"));
}

/// The Message-ID of a mail file in the outbox, without the angle brackets.
fn message_id(path: &Path) -> String {
    let raw = std::fs::read_to_string(path).unwrap();
    let line = raw.lines().find(|l| l.to_ascii_lowercase().starts_with("message-id:")).unwrap();
    line.split_once(':').unwrap().1.trim().trim_matches(|c| c == '<' || c == '>').to_string()
}

/// A reply mail from `from`, answering the mail `parent`, with `body`.
fn reply_mail(from: &str, id: &str, parent: &str, body: &str) -> String {
    format!(
        "From: {from}\r\nTo: game@example.org\r\nSubject: Re: [g] Step 1\r\nMessage-ID: <{id}@example.org>\r\nIn-Reply-To: <{parent}>\r\nReferences: <{parent}>\r\nDate: Mon, 23 Nov 2026 14:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    )
}

/// Issue 24, item 4: a question answered by a bare reply to the report mail, the
/// question quoted beneath it and no header lines; the report mail shows the whole
/// orders file to copy. A reply is known by the answer code in the report mail's
/// Message-ID: the same reply from another address, a reply naming no code, and blue
/// replying with red's code are read as any other mail.
#[test]
fn a_question_is_answered_by_a_bare_reply_to_the_report_mail_and_by_no_one_else() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    run_at(
        T0,
        &[
            "new",
            "toy",
            d,
            "--player",
            "red=red@example.org",
            "--player",
            "blue=blue@example.org",
            "--gm-email",
            "gm@example.org",
            "--address",
            "game@example.org",
        ],
    );
    let red = welcome_secret(&dir, "red");
    let mut n = 0;
    assert!(send(&dir, &at(1.0), &mut n, "red", &red, "ADVANCE").contains("accepted"));
    run_at(&at(2.0), &["adjudicate", d, "--force"]);
    let report = dir.join("outbox/0001-report-red.eml");
    let text = mail_text(&report).replace("\r\n", "\n");
    assert!(text.contains("Question for red"), "{text}");
    assert!(text.contains("reply to this mail with the number"), "{text}");
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let orders =
        ["  GAME g", "  PLAYER red", "  SECRET (your secret)", "  PHASE T1-CHOICE", "  take", "  END"];
    assert!(lines.windows(orders.len()).any(|w| w == orders), "{text}");
    let parent = message_id(&report);
    let quoted: String = text.lines().map(|l| format!("> {l}\n")).collect();
    let body = format!("2\n\nOn Monday the game wrote:\n{quoted}");
    let ingest = |name: &str, raw: String| {
        let f = file(tmp.path(), name, &raw);
        run_at(&at(3.0), &["ingest", d, f.to_str().unwrap()])
    };
    // Attacks first: none of them is taken as red's answer.
    let forged_from = ingest("a1.eml", reply_mail("mallory@elsewhere.example", "a1", &parent, &body));
    assert!(!forged_from.contains("accepted"), "{forged_from}");
    let no_code =
        ingest("a2.eml", reply_mail("red@example.org", "a2", "0001-report-red.g@example.org", &body));
    assert!(!no_code.contains("accepted"), "{no_code}");
    let blue_with_reds = ingest("a3.eml", reply_mail("blue@example.org", "a3", &parent, &body));
    assert!(!blue_with_reds.contains("accepted"), "{blue_with_reds}");
    assert!(run_at(&at(3.0), &["status", d]).contains("(T1-CHOICE)"));
    // Red's own reply is the answer, echoed as its words.
    let said = ingest("r.eml", reply_mail("red@example.org", "r", &parent, &body));
    assert!(said.contains("accepted"), "{said}\n{}", newest_ack(&dir));
    let ack = newest_ack(&dir);
    assert!(ack.lines().any(|l| l.trim() == "gamble"), "{ack}");
    run_at(&at(4.0), &["adjudicate", d, "--force"]);
    assert!(std::fs::read_to_string(dir.join("reports/2/public.txt")).unwrap().contains("Red gambles"));
    // Once answered, the same reply answers nothing.
    let again = ingest("r2.eml", reply_mail("red@example.org", "r2", &parent, &body));
    assert!(!again.contains("accepted"), "{again}");
    let bundle = tmp.path().join("bundle.json");
    run_at(&at(5.0), &["audit-bundle", d, "-o", bundle.to_str().unwrap()]);
    assert!(
        run_at(&at(5.0), &["verify", d, "--bundle", bundle.to_str().unwrap()])
            .contains("every step replayed")
    );
}
