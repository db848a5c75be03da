//! What players and GMs hit in daily play, each through the binary: a test per item of
//! the fixes list, named after it.

mod common;

use common::*;
use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn dice_orders(player: &str, secret: &str, lines: &str) -> String {
    format!("GAME g\nPLAYER {player}\nSECRET {secret}\n{lines}\nEND\n")
}

fn report(dir: &Path, step: u64, who: &str) -> String {
    std::fs::read_to_string(dir.join(format!("reports/{step}/{who}.txt"))).unwrap()
}

#[test]
fn item_19_the_public_report_lists_a_public_roll() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    let f = file(tmp.path(), "a.txt", &dice_orders("alice", &s["alice"], "ROLL 2d6 attack"));
    ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()]);
    let public = report(&dir, 1, "public");
    assert!(public.contains("alice rolls 2d6 for \"attack\": ["), "{public}");
    assert!(!public.contains("Nothing happened"), "{public}");
}

#[test]
fn item_20_a_private_report_shows_its_own_hidden_die_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    let f = file(
        tmp.path(),
        "a.txt",
        &dice_orders("alice", &s["alice"], "ROLL 1d6 HIDDEN secret\nROLL 1d6 parley TO bob"),
    );
    ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()]);
    let count = |text: &str, what: &str| text.matches(what).count();
    let alice = report(&dir, 1, "alice");
    assert_eq!(count(&alice, "for \"secret\""), 1, "{alice}");
    assert_eq!(count(&alice, "for \"parley\""), 1, "{alice}");
    assert!(!alice.contains("hidden until the audit"), "{alice}");
    let bob = report(&dir, 1, "bob");
    assert!(bob.contains("for \"secret\" (hidden until the audit)"), "{bob}");
    assert_eq!(count(&bob, "for \"parley\""), 1, "{bob}");
    let public = report(&dir, 1, "public");
    assert!(public.contains("for \"secret\" (hidden until the audit)"), "{public}");
    assert!(public.contains("for \"parley\" (seen by alice, bob only"), "{public}");
    let gm = report(&dir, 1, "gm");
    assert_eq!(count(&gm, "for \"secret\""), 1, "{gm}");
    assert!(ok(&["verify", dir.to_str().unwrap()]).contains("verify: OK"));
}

#[test]
fn item_21_a_huge_deadline_is_refused_and_a_stored_one_does_not_panic() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let base = ["new", "dice", d, "--player", "alice=a@example.org", "--gm-email", "gm@example.org"];
    let mut args = base.to_vec();
    args.extend(["--deadline-hours", "4294967295"]);
    let (code, _, err) = run(&args);
    assert_ne!(code, 0);
    assert!(err.contains("4294967295 hours: give 1 to"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!dir.exists(), "a failed new left {d} behind");
    // Hours and days together are refused rather than one silently winning.
    let mut args = base.to_vec();
    args.extend(["--deadline-hours", "24", "--deadline-days", "2"]);
    let (code, _, err) = run(&args);
    assert_ne!(code, 0);
    assert!(err.contains("cannot be used with"), "{err}");
    // A campaign.toml edited by hand to a huge deadline: every command says why.
    let mut args = base.to_vec();
    args.extend(["--deadline-hours", "24"]);
    ok(&args);
    let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    std::fs::write(dir.join("campaign.toml"), toml.replace("hours = 24", "hours = 4294967295")).unwrap();
    let (code, _, err) = run(&["tick", d]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("[schedule]") && err.contains("hours"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Runs umpire with its standard output a pipe whose reader is gone before the
/// child starts, so its first write fails whatever the timing.
fn with_closed_stdout(args: &[&str]) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = umpire().args(args).stdout(writer).stderr(Stdio::piped()).spawn().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (child.wait().unwrap().code().unwrap_or(-1), err)
}

#[test]
fn item_22_a_closed_pipe_is_an_error_and_ingest_still_takes_every_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    let (code, err) = with_closed_stdout(&["verify", d]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("broken pipe"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let files: Vec<String> = (0..3)
        .map(|i| {
            let f = file(
                tmp.path(),
                &format!("{i}.txt"),
                &dice_orders("alice", &s["alice"], &format!("ROLL 1d6 r{i}")),
            );
            f.display().to_string()
        })
        .collect();
    let mut args = vec!["ingest", d];
    args.extend(files.iter().map(String::as_str));
    let (code, err) = with_closed_stdout(&args);
    assert_eq!(code, 1, "{err}");
    let inputs = ledger(&dir).iter().filter(|e| e["event"] == "input").count();
    assert_eq!(inputs, 3, "every file is ingested though nobody reads the output");
}

#[test]
fn item_24_send_does_not_hold_the_campaign_while_a_server_is_silent() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap().to_string();
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    // A server that accepts connections and never says a word.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let _held = std::thread::spawn(move || {
        let mut open = Vec::new();
        for c in listener.incoming().flatten() {
            open.push(c);
        }
    });
    let mut send = umpire()
        .args(["send", &d, "--smtp", &format!("smtp://127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    assert!(send.try_wait().unwrap().is_none(), "send should still be waiting for the silent server");
    let f = file(tmp.path(), "a.txt", &dice_orders("alice", &s["alice"], "ROLL 1d6 meanwhile"));
    let start = Instant::now();
    let out = ok(&["ingest", &d, f.to_str().unwrap()]);
    assert!(out.contains("accepted"), "{out}");
    let waited = start.elapsed();
    // A second send while the first talks to the server sends nothing twice.
    let second = ok(&["send", &d, "--smtp", &format!("smtp://127.0.0.1:{port}")]);
    assert!(second.contains("another send is running"), "{second}");
    let _ = send.kill();
    let _ = send.wait();
    assert!(waited < Duration::from_secs(15), "ingest waited {waited:?} for send");
}

#[test]
fn item_25_a_modifier_that_overflows_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    let f = file(tmp.path(), "a.txt", &dice_orders("alice", &s["alice"], "ROLL 2d6-9223372036854775808 x"));
    let out = ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()]);
    assert!(out.contains("refused"), "{out}");
    let ack = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().contains("ack"))
        .unwrap();
    let text = mail_text(&ack.path());
    assert!(text.contains("the modifier is larger than a million"), "{text}");
}

#[test]
fn item_26_the_gm_is_warned_before_the_chain_runs_out_and_then_mail_is_refused_not_deferred() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    ok(&[
        "new",
        "dice",
        d,
        "--player",
        "alice=alice@example.org",
        "--gm-email",
        "gm@example.org",
        "--chain-length",
        "3",
    ]);
    let secret = welcome_secret(&dir, "alice");
    let mut warned = Vec::new();
    for i in 1..=3 {
        let f =
            file(tmp.path(), &format!("{i}.txt"), &dice_orders("alice", &secret, &format!("ROLL 1d6 r{i}")));
        let (code, _, err) = run(&["ingest", d, f.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        warned.push(err.contains("warning: this campaign's dice are committed for 3 steps"));
    }
    assert_eq!(warned, vec![false, false, true], "warned from 90 % used");
    let gm = mail_text(&dir.join("outbox/0003-report-gm.eml"));
    assert!(
        gm.starts_with("WARNING: this campaign's dice are committed for 3 steps and 3 are used (0 left)"),
        "{gm}"
    );
    // The fourth mail is answered with a refusal and exit 0, so the MTA does not retry.
    let f = file(tmp.path(), "4.txt", &dice_orders("alice", &secret, "ROLL 1d6 r4"));
    let out = {
        let mut child = umpire()
            .args(["ingest", "--stdin", d])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let raw = mail("alice@example.org", "r4", &std::fs::read_to_string(&f).unwrap());
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), raw.as_bytes()).unwrap();
        child.wait_with_output().unwrap()
    };
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("refused: this campaign has used all 3 steps"), "{text}");
}

#[test]
fn item_27_send_to_a_mistyped_directory_creates_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let typo = tmp.path().join("gmae");
    let (code, _, err) = run(&["send", typo.to_str().unwrap(), "--dry-run"]);
    assert_ne!(code, 0);
    assert!(err.contains("is not a campaign"), "{err}");
    assert!(!typo.exists(), "send created {}", typo.display());
}

#[test]
fn item_27_a_failed_new_can_be_run_again() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let (code, _, err) = run(&[
        "new",
        "dice",
        d,
        "--player",
        "alice=a@example.org",
        "--gm-email",
        "gm@example.org",
        "--option",
        "rounds=maybe",
    ]);
    assert_ne!(code, 0, "{err}");
    ok(&["new", "dice", d, "--player", "alice=a@example.org", "--gm-email", "gm@example.org"]);
}

#[test]
fn item_27_temporary_files_left_by_a_crash_are_swept() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    new_campaign(&dir, "dice", &["alice"]);
    std::fs::write(dir.join(".tmp-abc123"), "half").unwrap();
    std::fs::create_dir_all(dir.join("inbox")).unwrap();
    std::fs::write(dir.join("inbox/.tmp-def456"), "half").unwrap();
    ok(&["status", dir.to_str().unwrap()]);
    assert!(!dir.join(".tmp-abc123").exists());
    assert!(!dir.join("inbox/.tmp-def456").exists());
}

#[test]
fn item_27_ingest_maildir_moves_what_it_took_to_cur() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let s = new_campaign(&dir, "dice", &["alice"]);
    let maildir = tmp.path().join("Maildir");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(maildir.join(sub)).unwrap();
    }
    let body = dice_orders("alice", &s["alice"], "ROLL 1d6 once");
    std::fs::write(maildir.join("new/1795000000.M1P1.host"), mail("alice@example.org", "m1", &body)).unwrap();
    let out = ok(&["ingest", d, "--maildir", maildir.to_str().unwrap()]);
    assert!(out.contains("accepted"), "{out}");
    assert_eq!(count_files(&maildir.join("new")), 0);
    assert!(maildir.join("cur/1795000000.M1P1.host:2,S").exists());
    ok(&["ingest", d, "--maildir", maildir.to_str().unwrap()]);
    assert_eq!(ledger(&dir).iter().filter(|e| e["event"] == "input").count(), 1, "stored once");
}

const GW_POWERS: &[&str] = &["austria", "england", "france", "germany", "italy", "russia", "turkey"];

/// Ingests `lines` as `power`'s orders; returns (accepted?, the reply's text).
fn gw_send(
    tmp: &Path,
    dir: &Path,
    secrets: &std::collections::BTreeMap<String, String>,
    power: &str,
    lines: &str,
) -> (bool, String) {
    let n = std::fs::read_dir(tmp).unwrap().count();
    let body = format!("GAME g\nPLAYER {power}\nSECRET {}\n{lines}\nEND\n", secrets[power]);
    let f = file(tmp, &format!("in-{n}.txt"), &body);
    let said = ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()]);
    (said.contains(": accepted"), newest_ack(dir))
}

#[test]
fn item_3_map_and_rulebook_notation_is_read_and_arc_is_told_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "guerilla-warfare", GW_POWERS);
    // The rulebook's brackets, ' - ' and '->' as move signs.
    let (ok1, ack) =
        gw_send(tmp.path(), &dir, &s, "france", "A(Par) - Pic\nA(Lyo) -> Bur\nF(Bre) H\nF mar - gol");
    assert!(ok1, "{ack}");
    // Archangel: only an army reading is legal for an army standing there.
    let (ok2, ack) = gw_send(tmp.path(), &dir, &s, "russia", "A ARC H");
    assert!(ok2, "{ack}");
    assert!(ack.contains("A ark H"), "Archangel is echoed as Ark: {ack}");
    // An English fleet sails to the Barents Sea, from where it could enter either.
    assert!(gw_send(tmp.path(), &dir, &s, "england", "F edi - nwg").0);
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    assert!(gw_send(tmp.path(), &dir, &s, "england", "F nwg - bar").0);
    for _ in 0..2 {
        ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    }
    let (ok3, ack) = gw_send(tmp.path(), &dir, &s, "england", "F bar - ARC");
    assert!(!ok3, "{ack}");
    assert!(ack.contains("Arctic Ocean (aro)") && ack.contains("Archangel (ark)"), "{ack}");
    let (ok4, ack) = gw_send(tmp.path(), &dir, &s, "england", "F bar - aro");
    assert!(ok4, "{ack}");
    let (ok5, ack) = gw_send(tmp.path(), &dir, &s, "england", "F bar - Ark");
    assert!(ok5, "{ack}");
}

#[test]
fn item_3_the_map_label_form_moves_a_third() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "guerilla-warfare", GW_POWERS);
    let (ok1, ack) = gw_send(
        tmp.path(),
        &dir,
        &s,
        "england",
        "A(Lvp) disperses - 1/3A(Wal), 1/3A(Cly), 1/3A(Edi)\nF edi - nth",
    );
    assert!(ok1, "{ack}");
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    let (ok2, ack) = gw_send(tmp.path(), &dir, &s, "england", "1/3A wal -> lvp\n1/3A(Cly) - Edi");
    assert!(ok2, "{ack}");
}

#[test]
fn item_4_a_refused_dispersal_names_the_limit_and_the_welcome_lists_them() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "guerilla-warfare", GW_POWERS);
    let welcome = mail_text(&dir.join("outbox/0000-welcome-france.eml"));
    for limit in [
        "at least three parts",
        "none over 1/3",
        "different province",
        "two units before March 1915",
        "whole unit",
    ] {
        assert!(
            welcome.replace('\n', " ").contains(limit),
            "the welcome mail does not list '{limit}':\n{welcome}"
        );
    }
    let cases = [
        ("A par disperses - 1/3 A pic, 2/3 A bur", "at least three parts"),
        ("A par disperses - 1/2 A pic, 1/4 A bur, 1/4 A gas", "no fraction may be more than 1/3"),
        ("A par disperses - 1/3 A pic, 1/3 A pic, 1/3 A bur", "different province"),
        ("A par disperses - 1/3 A pic, 1/3 A bur, 1/4 A gas", "not one whole unit"),
    ];
    for (line, why) in cases {
        let (accepted, ack) = gw_send(tmp.path(), &dir, &s, "france", line);
        assert!(!accepted && ack.contains(why), "{line}: expected '{why}':\n{ack}");
    }
    let (two, ack) = gw_send(
        tmp.path(),
        &dir,
        &s,
        "france",
        "A(Par) disperses - 1/3 A(Pic), 1/3 A(Bre), 1/3 A(Gas)\nA(Lyo) disperses - 1/3 A(Mar), 1/3 A(Bur), 1/3 A(Lor)",
    );
    assert!(two, "{ack}");
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    let (third, ack) =
        gw_send(tmp.path(), &dir, &s, "france", "F mar disperses - 1/3 F gol, 1/3 F cat, 1/3 F pie");
    assert!(!third && ack.contains("more than two units dispersed before March 1915"), "{ack}");
}

/// A Guerilla Warfare campaign with extra `--option`s; returns the secrets.
fn gw_campaign(dir: &Path, options: &[&str]) -> std::collections::BTreeMap<String, String> {
    let mut args: Vec<String> = vec!["new".into(), "guerilla-warfare".into(), dir.display().to_string()];
    for p in GW_POWERS {
        args.push("--player".into());
        args.push(format!("{p}={p}@example.org"));
    }
    args.extend([
        "--gm-email".into(),
        "gm@example.org".into(),
        "--address".into(),
        "game@example.org".into(),
    ]);
    for o in options {
        args.push("--option".into());
        args.push(o.to_string());
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    ok(&refs);
    GW_POWERS.iter().map(|p| (p.to_string(), welcome_secret(dir, p))).collect()
}

/// Plays England's orders move by move (everyone else holds); each must be accepted.
fn england_plays(
    tmp: &Path,
    dir: &Path,
    s: &std::collections::BTreeMap<String, String>,
    story: &[(&str, &str)],
) {
    for (phase, lines) in story {
        for _ in 0..3 {
            if open_phase(dir) == *phase {
                break;
            }
            ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
        }
        assert_eq!(open_phase(dir), *phase);
        let (accepted, ack) = gw_send(tmp, dir, s, "england", lines);
        assert!(accepted, "{phase}: {ack}");
    }
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
}

fn state(dir: &Path) -> serde_json::Value {
    let n = std::fs::read_dir(dir.join("state"))
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".json")?.parse::<u64>().ok())
        .max()
        .unwrap();
    serde_json::from_str(&std::fs::read_to_string(dir.join(format!("state/{n}.json"))).unwrap()).unwrap()
}

/// England's fractions in `at`: (thirds ashore, thirds aboard).
fn english_thirds(dir: &Path, at: &str) -> (usize, usize) {
    let st = state(dir);
    let fr = st["fractions"].as_array().unwrap();
    let here = |aboard: bool| {
        fr.iter()
            .filter(|f| {
                f["power"] == "england" && f["at"] == at && f["aboard"].as_bool().unwrap_or(false) == aboard
            })
            .count()
    };
    (here(false), here(true))
}

#[test]
fn item_5_a_dispersed_unit_counts_at_adjustments_unless_the_campaign_says_free() {
    let first = [("JUL1914M", "A(Lvp) disperses - 1/3 A(Wal), 1/3 A(Cly), 1/3 A(Edi)\nF edi - nth")];
    for (options, builds) in [(&[][..], false), (&["dispersed=free"][..], true)] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("g");
        let s = gw_campaign(&dir, options);
        england_plays(tmp.path(), &dir, &s, &first);
        ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
        if builds {
            // Four centres and three fleets: a build, the dispersed army is free.
            assert_eq!(open_phase(&dir), "SEP1914A");
            let (accepted, ack) = gw_send(tmp.path(), &dir, &s, "england", "build A lvp");
            assert!(accepted, "{ack}");
        } else {
            // The dispersed army counts: no build for anyone, so the adjustments pass.
            assert_eq!(open_phase(&dir), "SEP1914M");
            let st = state(&dir);
            assert_eq!(st["guerilla_units"]["england"], 1, "{st}");
        }
    }
}

#[test]
fn item_6_a_fleet_lands_its_fractions_only_within_the_whole_unit_limit() {
    // England gathers three thirds in Liverpool, then sails a fleet carrying a fourth in.
    let story = [
        ("JUL1914M", "A(Lvp) disperses - 1/3 A(Wal), 1/3 A(Cly), 1/3 A(Edi)\nF edi - nth\nF ply - iri"),
        ("AUG1914M", "1/3 A wal board iri\nF nth - nwy"),
        ("SEP1914A", "build A lvp"),
        ("SEP1914M", "1/3 A cly - lvp\n1/3 A edi - lvp"),
        ("OCT1914M", "A lvp disperses - 1/3 A wal, 1/3 A cly, 1/3 A yor"),
        ("NOV1914M", "1/3 A yor - lvp"),
    ];
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = gw_campaign(&dir, &[]);
    england_plays(tmp.path(), &dir, &s, &story);
    for _ in 0..3 {
        if open_phase(&dir) == "DEC1914M" {
            break;
        }
        ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    }
    assert_eq!(english_thirds(&dir, "lvp"), (3, 0));
    assert_eq!(english_thirds(&dir, "iri"), (0, 1));
    assert!(gw_send(tmp.path(), &dir, &s, "england", "F iri - lvp").0);
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    // The fourth third stays aboard the fleet, now in Liverpool; the limit holds.
    assert_eq!(english_thirds(&dir, "lvp"), (3, 1));
    let mut reports: Vec<_> =
        std::fs::read_dir(dir.join("reports")).unwrap().flatten().map(|e| e.path()).collect();
    reports.sort_by_key(|p| p.file_name().and_then(|n| n.to_str()?.parse::<u64>().ok()));
    let england = std::fs::read_to_string(reports.last().unwrap().join("england.txt")).unwrap();
    assert!(england.contains("stay aboard (ruling R26)"), "{england}");

    // A campaign pinned to the earlier reading lands it anyway (and replays so).
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = gw_campaign(&dir, &["landing=always"]);
    england_plays(tmp.path(), &dir, &s, &story);
    for _ in 0..3 {
        if open_phase(&dir) == "DEC1914M" {
            break;
        }
        ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    }
    assert!(gw_send(tmp.path(), &dir, &s, "england", "F iri - lvp").0);
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    assert_eq!(english_thirds(&dir, "lvp"), (4, 0));
}

#[test]
fn item_15_coasts_follow_the_datc_preferences_unless_the_campaign_is_strict() {
    for (options, accepted) in [(&[][..], true), (&["coasts=strict"][..], false)] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("g");
        let mut args: Vec<String> = vec!["new".into(), "diplomacy".into(), dir.display().to_string()];
        for p in GW_POWERS {
            args.push("--player".into());
            args.push(format!("{p}={p}@example.org"));
        }
        args.extend(["--gm-email".into(), "gm@example.org".into()]);
        for o in options {
            args.extend(["--option".into(), o.to_string()]);
        }
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&refs);
        let secret = |p: &str| welcome_secret(&dir, p);
        // 6.B.12: a coast on an army's move; 6.B.10: the wrong coast of one's own fleet.
        for (power, line) in [("france", "A mar - spa(nc)"), ("russia", "F stp(nc) - bot")] {
            let body = format!("GAME g\nPLAYER {power}\nSECRET {}\n{line}\nEND\n", secret(power));
            let f = file(tmp.path(), &format!("{power}.txt"), &body);
            let said = ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()]);
            assert_eq!(said.contains(": accepted"), accepted, "{options:?} {line}: {said}");
        }
    }
}

#[test]
fn item_28_status_report_extend_new_and_accents_say_what_a_gm_needs() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    // Immediate mode has no deadline and says so.
    let status = ok(&["status", d]);
    assert!(status.contains("resolved as they arrive") && !status.contains("deadline:"), "{status}");
    // Two steps resolved: step 0 is explained, not "nothing resolved".
    for n in 0..2 {
        let f = file(tmp.path(), &format!("r{n}.txt"), &dice_orders("alice", &s["alice"], "ROLL 1d6 test"));
        ok(&["ingest", d, f.to_str().unwrap()]);
    }
    let (code, _, err) = run(&["report", d, "--step", "0"]);
    assert_eq!(code, 1);
    assert!(err.contains("announcement") && err.contains("steps 1 to 2"), "{err}");
    // EXTEND without a schedule answers with a readable time, not an RFC 3339 stamp.
    let gm = std::fs::read_to_string(dir.join("secret/gm-secret.txt")).unwrap().trim().to_string();
    let f = file(tmp.path(), "gm.txt", &format!("GAME g\nPLAYER gm\nSECRET {gm}\nEXTEND 48\nEND\n"));
    ok(&["ingest", d, f.to_str().unwrap()]);
    let mut acks: Vec<_> =
        std::fs::read_dir(dir.join("outbox")).unwrap().flatten().map(|e| e.path()).collect();
    acks.sort();
    let reply = mail_text(acks.last().unwrap());
    let line = reply.lines().find(|l| l.contains("deadline of step")).unwrap_or_else(|| panic!("{reply}"));
    assert!(line.contains(" UTC") && !line.contains("+00:00"), "{line}");
    // A paused campaign says so.
    let f = file(tmp.path(), "gm2.txt", &format!("GAME g\nPLAYER gm\nSECRET {gm}\nPAUSE\nEND\n"));
    ok(&["ingest", d, f.to_str().unwrap()]);
    assert!(ok(&["status", d]).contains("paused by the GM"));

    // A rounds campaign (the README's walk-through) adjudicates, and shows no deadline.
    let dir2 = tmp.path().join("kursk");
    let d2 = dir2.to_str().unwrap();
    ok(&[
        "new",
        "dice",
        d2,
        "--option",
        "rounds=yes",
        "--player",
        "anna=anna@example.org",
        "--player",
        "ben=ben@example.org",
        "--gm-email",
        "gm@example.org",
    ]);
    assert!(ok(&["status", d2]).contains("no deadline"));
    ok(&["adjudicate", d2, "--force"]);

    // `new` without --gm-email is refused before anything is made.
    let dir3 = tmp.path().join("nogm");
    let (code, _, err) = run(&["new", "dice", dir3.to_str().unwrap(), "--player", "a=a@example.org"]);
    assert_ne!(code, 0);
    assert!(err.contains("--gm-email"), "{err}");
    assert!(!dir3.exists());

    // An accented name is read as the player meant it.
    let dir4 = tmp.path().join("dip");
    let s4 = new_campaign(
        &dir4,
        "diplomacy",
        &["austria", "england", "france", "germany", "italy", "russia", "turkey"],
    );
    let f = file(
        tmp.path(),
        "eng.txt",
        &format!("GAME dip\nPLAYER england\nSECRET {}\nF Lón - nth\nEND\n", s4["england"]),
    );
    let said = ok(&["ingest", dir4.to_str().unwrap(), f.to_str().unwrap()]);
    assert!(said.contains(": accepted"), "{said}");
}

/// Waits for `child` and returns its exit code and its own largest resident size, in
/// KiB. (`getrusage(RUSAGE_CHILDREN)` would also count the children of the other tests
/// that run beside this one, such as a Guerilla Warfare step drawing its real map.)
fn wait_with_max_rss_kib(child: std::process::Child) -> (Option<i32>, i64) {
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 only writes the status and the struct it is given; the child is
    // ours and not waited for elsewhere.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 on the ingest process");
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    (code, usage.ru_maxrss)
}

#[test]
fn item_23_an_oversized_mail_is_refused_without_being_held_in_memory_or_kept_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    new_campaign(&dir, "dice", &["alice", "bob"]);
    let big: usize = 64 << 20; // 64 MiB; the campaign takes 1 MiB
    let chunk = "padding line of an enormous mail\r\n".repeat(1 << 15);
    // Written and sent in pieces, so that this test process stays small itself.
    let write_mail = |w: &mut dyn std::io::Write, id: &str| {
        let head = mail("alice@example.org", id, "GAME g\nPLAYER alice\nSECRET x\nROLL 1d6 x\n");
        w.write_all(head.as_bytes()).unwrap();
        for _ in 0..big / chunk.len() {
            w.write_all(chunk.as_bytes()).unwrap();
        }
    };
    let path = tmp.path().join("big.eml");
    write_mail(&mut std::fs::File::create(&path).unwrap(), "big-file");
    let said_file = tmp.path().join("said.txt");
    let ingest = umpire()
        .args(["ingest", d, path.to_str().unwrap()])
        .stdout(std::fs::File::create(&said_file).unwrap())
        .spawn()
        .unwrap();
    let (code, child) = wait_with_max_rss_kib(ingest);
    let said = std::fs::read_to_string(&said_file).unwrap();
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("refused: the mail is") && said.contains("at most 1048576"), "{said}");
    assert!(child < 48 * 1024, "ingest used {child} KiB for a {big}-byte mail");
    // Through standard input, as a mail server delivers it: read to the end, refused.
    let mut p = umpire()
        .args(["ingest", d, "--stdin"])
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&said_file).unwrap())
        .spawn()
        .unwrap();
    if let Some(mut stdin) = p.stdin.take() {
        write_mail(&mut stdin, "big-stdin");
    }
    let (code, child) = wait_with_max_rss_kib(p);
    let said = std::fs::read_to_string(&said_file).unwrap();
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("refused: the mail is"), "{said}");
    assert!(child < 48 * 1024, "ingest --stdin used {child} KiB for a {big}-byte mail");
    // Only the beginning (the headers) is kept in the inbox.
    for e in std::fs::read_dir(dir.join("inbox")).unwrap().flatten() {
        let len = e.metadata().unwrap().len();
        assert!(len < 100_000, "{} keeps {len} bytes", e.path().display());
    }
    // The refusal went to the sender's registered address.
    assert!(
        std::fs::read_dir(dir.join("outbox"))
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().contains("-ack-"))
    );
}
