//! Issue 27 item 3: `tick --root` on a host with many campaigns. A campaign that found
//! nothing due records until when nothing can fall due (`tick-quiet.json`); the next
//! ticks skip it without opening it, and anything that could change the answer (the
//! moment coming, an orders mail, a GM's edit of the schedule) sends tick back to the
//! full check. Shown from the outside: a quiet campaign is skipped even while another
//! command holds its lock, and a due one waits for the lock.

mod common;

use common::*;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

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

/// Holds the campaign's lock, as a long command would.
fn hold_lock(dir: &Path) -> std::fs::File {
    let f = std::fs::OpenOptions::new().write(true).open(dir.join(".lock")).unwrap();
    f.lock().unwrap();
    f
}

/// `tick --root` at `when`: Ok(stdout) if it ended within `limit`, else the child still
/// waiting.
fn tick_within(root: &Path, when: &str, limit: Duration) -> Result<String, std::process::Child> {
    let mut child = umpire()
        .env("UMPIRE_NOW", when)
        .args(["tick", "--root", root.to_str().unwrap(), "--jobs", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            let out = child.wait_with_output().unwrap();
            return Ok(String::from_utf8_lossy(&out.stdout).into_owned());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err(child)
}

fn quiet(dir: &Path, when: &str) -> bool {
    let now = chrono::DateTime::parse_from_rfc3339(when).unwrap().with_timezone(&chrono::Utc);
    umpire::campaign::quiet::is_quiet(dir, now)
}

#[test]
fn a_quiet_campaign_is_not_opened_until_something_can_be_due() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("root");
    let dir = root.join("g");
    std::fs::create_dir_all(&root).unwrap();
    let d = dir.to_str().unwrap();
    run_at(
        T0,
        &[
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
            "--deadline-hours",
            "48",
            "--reminders",
            "24",
        ],
    );
    assert!(!quiet(&dir, &at(1.0)), "a new campaign has not been looked at yet");
    assert!(run_at(&at(1.0), &["tick", "--root", root.to_str().unwrap()]).contains("nothing due"));
    assert!(quiet(&dir, &at(1.0)) && quiet(&dir, &at(23.9)), "quiet until the 24-hour reminder");
    assert!(!quiet(&dir, &at(24.0)), "the reminder is due at 24 hours");

    // Quiet: skipped without its lock, which another command holds.
    let lock = hold_lock(&dir);
    let out = tick_within(&root, &at(2.0), Duration::from_secs(20));
    assert!(out.as_ref().is_ok_and(|o| o.contains("nothing due")), "a quiet campaign waited for its lock");
    // Due: tick opens it, so it waits for the lock, then sends the reminder.
    let Err(child) = tick_within(&root, &at(24.5), Duration::from_secs(2)) else {
        panic!("a campaign with a reminder due was skipped")
    };
    drop(lock);
    let done = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&done.stdout);
    assert!(said.contains("reminder(s)"), "{said}");
    assert!(dir.join("outbox/0001-reminder-24h-alice.eml").exists());
    assert!(quiet(&dir, &at(25.0)), "quiet again until the deadline");
    assert!(!quiet(&dir, &at(48.0)), "the deadline falls due");

    // An orders mail changes the campaign: the next tick looks again.
    let secret = welcome_secret(&dir, "alice");
    let mail = tmp.path().join("orders.txt");
    std::fs::write(&mail, format!("GAME g\nPLAYER alice\nSECRET {secret}\nROLL 2d6 first\nEND\n")).unwrap();
    run_at(&at(26.0), &["ingest", d, mail.to_str().unwrap()]);
    assert!(!quiet(&dir, &at(26.0)), "an accepted mail must end the quiet");
    run_at(&at(26.5), &["tick", d]);
    assert!(quiet(&dir, &at(26.5)));

    // The GM edits the schedule by hand: looked at again.
    std::thread::sleep(Duration::from_millis(20));
    let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    std::fs::write(dir.join("campaign.toml"), toml).unwrap();
    assert!(!quiet(&dir, &at(26.5)), "an edited campaign.toml must end the quiet");

    // At the deadline the no-orders default applies, quiet file or not.
    let out = run_at(&at(48.1), &["tick", "--root", root.to_str().unwrap()]);
    assert!(out.contains("late: bob"), "{out}");
    assert!(dir.join("reports/1/public.txt").exists());
}

/// `tick --root --jobs N` works on several campaigns at once, yet prints them in the
/// order of their folders, each resolved at its deadline as one at a time would; one
/// campaign whose lock another command holds does not stop the others.
#[test]
fn campaigns_ticked_together_report_in_folder_order_and_a_locked_one_holds_up_none() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("root");
    std::fs::create_dir_all(&root).unwrap();
    let names = ["a1", "b2", "c3", "d4", "e5", "f6"];
    for name in names {
        let d = root.join(name);
        run_at(
            T0,
            &[
                "new",
                "dice",
                d.to_str().unwrap(),
                "--player",
                "alice=alice@example.org",
                "--player",
                "bob=bob@example.org",
                "--gm-email",
                "gm@example.org",
                "--option",
                "rounds=yes",
                "--deadline-hours",
                "48",
            ],
        );
    }
    // The first campaign is busy with another command past the deadline.
    let lock = hold_lock(&root.join("a1"));
    let out = match tick_within(&root, &at(48.5), Duration::from_secs(2)) {
        Ok(out) => panic!("tick finished although a due campaign's lock is held: {out}"),
        Err(child) => {
            // Meanwhile the others were resolved, on the other workers.
            let deadline = Instant::now() + Duration::from_secs(60);
            while !names[1..].iter().all(|n| root.join(n).join("reports/1/public.txt").exists()) {
                assert!(Instant::now() < deadline, "the unlocked campaigns were held up by the locked one");
                std::thread::sleep(Duration::from_millis(50));
            }
            assert!(!root.join("a1/reports/1/public.txt").exists(), "the locked campaign was changed");
            drop(lock);
            let done = child.wait_with_output().unwrap();
            String::from_utf8_lossy(&done.stdout).into_owned()
        }
    };
    let firsts: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix(root.to_str().unwrap()))
        .filter_map(|l| l.trim_start_matches('/').split(':').next())
        .collect();
    assert_eq!(firsts, names, "{out}");
    assert_eq!(out.matches("late: alice, bob").count(), names.len(), "{out}");
    for name in names {
        assert!(root.join(name).join("reports/1/public.txt").exists(), "{name} not resolved");
    }
    // One at a time gives the same lines.
    let again = run_at(&at(49.0), &["tick", "--root", root.to_str().unwrap(), "--jobs", "1"]);
    assert_eq!(again.matches("nothing due").count(), names.len(), "{again}");
}
