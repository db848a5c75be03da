//! Deadlines with a fake clock (`UMPIRE_NOW`): reminders once per offset, grace, late
//! players, early processing, GM commands by mail, and routing by the GAME line.

mod common;

use common::*;
use std::path::Path;

const T0: &str = "2026-11-23T10:00:00Z"; // a Monday

fn at(hours: f64) -> String {
    let t0 = chrono::DateTime::parse_from_rfc3339(T0).unwrap();
    (t0 + chrono::Duration::minutes((hours * 60.0) as i64)).to_rfc3339()
}

fn run_at(when: &str, args: &[&str]) -> String {
    let (code, out, err) = output(umpire().env("UMPIRE_NOW", when).args(args).output().unwrap());
    assert_eq!(code, 0, "umpire {args:?} at {when}: {out}\n{err}");
    out
}

fn create(dir: &Path, extra: &[&str]) -> std::collections::BTreeMap<String, String> {
    let d = dir.to_str().unwrap();
    let mut args = vec![
        "new",
        "dice",
        d,
        "--player",
        "alice=alice@example.org",
        "--player",
        "bob=bob@example.org",
        "--gm-email",
        "gm@example.org",
        "--option",
        "rounds=yes",
        "--timezone",
        "Europe/London",
    ];
    args.extend(extra);
    run_at(T0, &args);
    ["alice", "bob"].iter().map(|p| (p.to_string(), welcome_secret(dir, p))).collect()
}

fn send_orders(dir: &Path, when: &str, player: &str, secret: &str, body: &str) -> String {
    let f = dir.parent().unwrap().join(format!("{player}-{}.txt", when.replace(':', "")));
    std::fs::write(
        &f,
        format!(
            "GAME {}\nPLAYER {player}\nSECRET {secret}\n{body}\nEND\n",
            dir.file_name().unwrap().to_str().unwrap()
        ),
    )
    .unwrap();
    run_at(when, &["ingest", dir.to_str().unwrap(), f.to_str().unwrap()])
}

fn outbox_has(dir: &Path, name: &str) -> bool {
    dir.join("outbox").join(name).exists()
}

#[test]
fn reminders_grace_and_late_players() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = create(&dir, &["--deadline-hours", "48", "--reminders", "24,2", "--grace-minutes", "30"]);
    let d = dir.to_str().unwrap();

    assert!(run_at(&at(1.0), &["tick", d]).contains("nothing due"));
    let ack = send_orders(&dir, &at(2.0), "alice", &s["alice"], "ROLL 2d6 first round");
    assert!(ack.contains("accepted"), "{ack}");
    let ack_text = std::fs::read_to_string(dir.join("phases/1/acks/000001.txt")).unwrap();
    assert!(ack_text.contains("Deadline: Wed 25 Nov 2026 10:00 GMT (Europe/London)"), "{ack_text}");

    // 24 hours before the deadline: one reminder, to bob only, and only once.
    let out = run_at(&at(25.0), &["tick", d]);
    assert!(out.contains("1 reminder(s)"), "{out}");
    assert!(outbox_has(&dir, "0001-reminder-24h-bob.eml"));
    assert!(!outbox_has(&dir, "0001-reminder-24h-alice.eml"));
    assert!(run_at(&at(25.5), &["tick", d]).contains("nothing due"));
    // Two hours before: the second reminder.
    assert!(run_at(&at(46.5), &["tick", d]).contains("1 reminder(s)"));
    assert!(outbox_has(&dir, "0001-reminder-2h-bob.eml"));
    // Past the deadline but inside the grace period: still waiting.
    assert!(run_at(&at(48.2), &["tick", d]).contains("nothing due"));
    assert_eq!(ledger(&dir).iter().filter(|e| e["event"] == "step").count(), 0);
    // Past the grace: bob is late, the round is resolved with his default.
    let out = run_at(&at(48.6), &["tick", d]);
    assert!(out.contains("late: bob"), "{out}");
    assert!(out.contains("step 1"), "{out}");
    assert!(outbox_has(&dir, "0001-late-bob.eml"));
    let report = std::fs::read_to_string(dir.join("reports/1/public.txt")).unwrap();
    assert!(report.contains("bob sent no requests for round 1"), "{report}");
    // The next phase's deadline is in the report, counted from when it opened.
    assert!(report.contains("Deadline: Fri 27 Nov 2026 10:36 GMT"), "{report}");
    // Ticking again changes nothing.
    assert!(run_at(&at(48.7), &["tick", d]).contains("nothing due"));
    assert_eq!(ledger(&dir).iter().filter(|e| e["event"] == "step").count(), 1);

    // Early processing once everyone has ordered.
    send_orders(&dir, &at(50.0), "alice", &s["alice"], "ROLL 1d6 second");
    send_orders(&dir, &at(51.0), "bob", &s["bob"], "ROLL 1d6 second");
    let out = run_at(&at(51.5), &["tick", d]);
    assert!(out.contains("every due player has ordered") && out.contains("step 2"), "{out}");

    let bundle = tmp.path().join("b.json");
    run_at(&at(52.0), &["audit-bundle", d, "-o", bundle.to_str().unwrap()]);
    assert!(run_at(&at(52.0), &["verify", d, "--bundle", bundle.to_str().unwrap()]).contains("replayed"));
}

#[test]
fn no_early_waits_for_the_deadline() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = create(&dir, &["--deadline-days", "2", "--deadline-at", "20:00", "--no-early"]);
    let d = dir.to_str().unwrap();
    send_orders(&dir, &at(1.0), "alice", &s["alice"], "ROLL 1d6 a");
    send_orders(&dir, &at(1.0), "bob", &s["bob"], "ROLL 1d6 b");
    assert!(run_at(&at(2.0), &["tick", d]).contains("nothing due"));
    // Deadline: Wednesday 25 Nov 20:00 London = 20:00 UTC, i.e. T0 + 58h.
    assert!(run_at(&at(57.9), &["tick", d]).contains("nothing due"));
    let out = run_at(&at(58.0), &["tick", d]);
    assert!(out.contains("step 1") && !out.contains("late"), "{out}");
}

#[test]
fn gm_commands_by_mail() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = create(&dir, &["--deadline-hours", "24"]);
    let d = dir.to_str().unwrap();
    let gm = std::fs::read_to_string(dir.join("secret/gm-secret.txt")).unwrap().trim().to_string();

    // A wrong GM secret does nothing.
    let out = send_orders(&dir, &at(1.0), "gm", "AAAA-BBBB-CCCC-DDDD-EEEE", "PAUSE");
    assert!(out.contains("refused"), "{out}");
    // EXTEND moves the deadline; tick respects it.
    let out = send_orders(&dir, &at(1.0), "gm", &gm, "EXTEND 24");
    assert!(out.contains("GM commands"), "{out}");
    // Without the extension the deadline was T0+24h; now nothing is resolved at T0+30h
    // (only the 24-hour reminder, which is due).
    let out = run_at(&at(30.0), &["tick", d]);
    assert!(out.contains("2 reminder(s)") && !out.contains("step 1") && !out.contains("late"), "{out}");
    // PAUSE stops tick even past the deadline; RESUME reopens the phase from now.
    send_orders(&dir, &at(31.0), "gm", &gm, "PAUSE");
    assert!(run_at(&at(60.0), &["tick", d]).contains("paused"));
    send_orders(&dir, &at(61.0), "gm", &gm, "RESUME");
    assert!(run_at(&at(62.0), &["tick", d]).contains("nothing due"));
    // REPLACE: the old secret stops working, the new one (in the new welcome mail) works.
    let out = send_orders(&dir, &at(63.0), "gm", &gm, "REPLACE bob robert@example.org");
    assert!(out.contains("robert@example.org"), "{out}");
    let out = send_orders(&dir, &at(63.5), "bob", &s["bob"], "ROLL 1d6 old secret");
    assert!(out.contains("secret is wrong"), "{out}");
    let welcome = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().unwrap().to_str().unwrap().contains("welcome-bob-"))
        .expect("a new welcome mail for bob");
    let text = mail_text(&welcome);
    let new_secret = text.lines().find_map(|l| l.strip_prefix("Your secret: ")).unwrap().trim().to_string();
    assert_ne!(new_secret, s["bob"]);
    let out = send_orders(&dir, &at(64.0), "bob", &new_secret, "ROLL 1d6 new secret");
    assert!(out.contains("accepted for bob"), "{out}");
    // A bad command line is named; nothing is done.
    let out = send_orders(&dir, &at(64.5), "gm", &gm, "PAUSE\nREWIND 3");
    assert!(out.contains("refused"), "{out}");
    assert!(!run_at(&at(64.6), &["tick", d]).contains("paused"));
    // PROCESS adjudicates now with the default for alice.
    let out = send_orders(&dir, &at(65.0), "gm", &gm, "PROCESS");
    assert!(out.contains("step 1"), "{out}");
    assert!(run_at(&at(66.0), &["verify", d]).contains("verify: OK"));
}

#[test]
fn one_address_many_games() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let mut secrets = Vec::new();
    for g in ["east", "west"] {
        secrets.push(new_campaign(&root.join(g), "dice", &["ann", "bo"]));
    }
    let r = root.to_str().unwrap();
    let m = file(
        root,
        "m.eml",
        &mail(
            "ann@example.org",
            "r1",
            &format!("GAME west\nPLAYER ann\nSECRET {}\nROLL 1d6 west roll\nEND\n", secrets[1]["ann"]),
        ),
    );
    let out = ok(&["ingest", "--root", r, m.to_str().unwrap()]);
    assert!(out.contains("west") && out.contains("accepted for ann"), "{out}");
    assert!(root.join("west/inbox/000001.eml").exists());
    assert!(!root.join("east/inbox").exists());
    let m = file(
        root,
        "n.eml",
        &mail("ann@example.org", "r2", "GAME north\nPLAYER ann\nSECRET x\nROLL 1d6 lost\nEND\n"),
    );
    let out = ok(&["ingest", "--root", r, m.to_str().unwrap()]);
    assert!(out.contains("names no game"), "{out}");
    assert!(root.join("unrouted/000001.eml").exists());
    // A registered player is answered, without the list of games or their own words.
    let answer = std::fs::read_dir(root.join("outbox")).unwrap().flatten().next().expect("an answer").path();
    let text = mail_text(&answer);
    assert!(text.contains("names no game"), "{text}");
    assert!(!text.contains("north") && !text.contains("east") && !text.contains("west"), "{text}");
    // A stranger is not answered at all: their From may be anyone's.
    let m = file(
        root,
        "s.eml",
        &mail("victim@elsewhere.example", "r3", "GAME north\nPLAYER x\nSECRET x\nBUY NOW\nEND\n"),
    );
    ok(&["ingest", "--root", r, m.to_str().unwrap()]);
    assert!(root.join("unrouted/000002.eml").exists());
    assert_eq!(std::fs::read_dir(root.join("outbox")).unwrap().count(), 1, "a stranger was answered");
    assert!(ok(&["tick", "--root", r]).contains("east"));
}

/// Issue 13, part 5: a kind of phase may have its own deadline (a Diplomacy retreat or
/// adjustment is often quicker than a move); `status` sums up the mail round.
#[test]
fn a_kind_of_phase_has_its_own_deadline_and_status_sums_up_the_round() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let powers = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];
    let mut args: Vec<String> = vec!["new".into(), "diplomacy".into(), d.into()];
    for p in powers {
        args.extend(["--player".into(), format!("{p}={p}@example.org")]);
    }
    args.extend(
        [
            "--gm-email",
            "gm@example.org",
            "--deadline-hours",
            "72",
            "--kind-deadline",
            "movement=24",
            "--kind-deadline",
            "retreat=12",
        ]
        .map(String::from),
    );
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run_at(T0, &refs);
    let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    assert!(toml.contains("[schedule.kinds.retreat]") && toml.contains("hours = 12"), "{toml}");
    // The first phase is a movement: due 24 hours after it opened, not 72.
    let status = run_at(&at(1.0), &["status", d]);
    assert!(status.contains("deadline: Tue 24 Nov 2026 10:00"), "{status}");
    assert!(status.contains("this mail round: 0 of 7 in; waiting for austria"), "{status}");
    // At 25 hours tick resolves the movement (everyone late), which the general 72
    // hours would have left open.
    let out = run_at(&at(25.0), &["tick", d]);
    assert!(out.contains("step 1"), "{out}");
    // A bad kind deadline is refused when the campaign is made.
    let (code, _, err) = output(
        umpire()
            .args([
                "new",
                "dice",
                tmp.path().join("h").to_str().unwrap(),
                "--player",
                "a=a@example.org",
                "--gm-email",
                "gm@example.org",
                "--deadline-hours",
                "24",
                "--kind-deadline",
                "round=0",
            ])
            .output()
            .unwrap(),
    );
    assert_ne!(code, 0, "{err}");
}

/// Issue 13, part 1: an optional responder. The round waits for ben to roll or pass,
/// resolves the moment he does, and at the deadline lets him pass without a late
/// notice; his receipt enters the digest like anyone's.
#[test]
fn an_optional_player_is_waited_for_until_he_answers_or_the_deadline_passes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let s = create(&dir, &["--deadline-hours", "24", "--option", "optional=bob"]);
    let status = run_at(&at(0.5), &["status", d]);
    assert!(status.contains("bob") && status.contains("(optional: may pass)"), "{status}");
    assert!(send_orders(&dir, &at(1.0), "alice", &s["alice"], "ROLL 2d6 scouting").contains("accepted"));
    // Alice is in, but the round waits for bob's answer.
    assert!(!run_at(&at(2.0), &["tick", d]).contains("step 1"));
    assert!(send_orders(&dir, &at(3.0), "bob", &s["bob"], "PASS").contains("accepted"));
    assert!(run_at(&at(3.5), &["tick", d]).contains("step 1"));
    let record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("reports/1/public.json")).unwrap()).unwrap();
    let receipts = record["receipts"].as_array().unwrap();
    assert!(receipts.iter().any(|r| r["player"] == "bob" && r["receipt"].is_string()), "{record}");
    // Round 2: bob stays silent; at the deadline the round resolves and nobody is late.
    assert!(send_orders(&dir, &at(4.0), "alice", &s["alice"], "ROLL 1d6 morale").contains("accepted"));
    let out = run_at(&at(28.0), &["tick", d]);
    assert!(out.contains("step 2") && !out.contains("late"), "{out}");
    assert!(
        !dir.join("outbox")
            .read_dir()
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().contains("late"))
    );
    run_at(&at(29.0), &["audit-bundle", d, "-o", tmp.path().join("b.json").to_str().unwrap()]);
    assert!(
        run_at(&at(29.0), &["verify", d, "--bundle", tmp.path().join("b.json").to_str().unwrap()])
            .contains("verify: OK")
    );
}
