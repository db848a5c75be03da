//! Crashes at every commit point, and two ingest processes at once: nothing is lost,
//! nothing is answered twice, and the campaign still verifies.

mod common;

use common::*;
use std::path::Path;

fn orders(player: &str, secret: &str, label: &str) -> String {
    format!("GAME g\nPLAYER {player}\nSECRET {secret}\nROLL 2d6 {label}\nROLL 1d6 HIDDEN {label} too\nEND\n")
}

fn consistent(dir: &Path, inputs: usize, steps: usize) {
    let ledger = ledger(dir);
    assert_eq!(ledger.iter().filter(|e| e["event"] == "input").count(), inputs, "inputs answered");
    assert_eq!(ledger.iter().filter(|e| e["event"] == "step").count(), steps, "steps resolved");
    assert_eq!(count_files(&dir.join("phases/1/acks")), 1.min(inputs));
    assert!(!dir.join("pending").exists() || count_files(&dir.join("pending")) == 0, "staging left behind");
    let out = ok(&["verify", dir.to_str().unwrap()]);
    assert!(out.contains("verify: OK"), "{out}");
}

#[test]
fn a_crash_at_any_point_is_finished_by_the_next_command() {
    // point, and whether the crash comes before the mail is even stored.
    for point in ["raw-stored", "staged", "committed", "applying", "staged#2", "committed#2", "applying#2"] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("g");
        let s = new_campaign(&dir, "dice", &["alice", "bob"]);
        let d = dir.to_str().unwrap();
        let f = file(tmp.path(), "a.txt", &orders("alice", &s["alice"], "crash test"));
        let (code, _, err) = output(
            umpire().env("UMPIRE_CRASH_AT", point).args(["ingest", d, f.to_str().unwrap()]).output().unwrap(),
        );
        assert_ne!(code, 0, "{point}: the simulated crash did not happen");
        assert!(err.contains("simulated crash"), "{point}: {err}");
        // The mail itself was stored before anything else.
        assert_eq!(
            std::fs::read(dir.join("inbox/000001.eml")).unwrap(),
            std::fs::read(&f).unwrap(),
            "{point}"
        );
        // The next command finishes the job.
        ok(&["ingest", d]);
        consistent(&dir, 1, 1);
        // And a repeat changes nothing.
        ok(&["ingest", d]);
        consistent(&dir, 1, 1);
    }
}

#[test]
fn a_crash_while_creating_leaves_no_half_campaign() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    let (code, _, _) = output(
        umpire()
            .env("UMPIRE_CRASH_AT", "staged")
            .args(["new", "dice", d, "--player", "a=a@example.org", "--gm-email", "gm@example.org"])
            .output()
            .unwrap(),
    );
    assert_ne!(code, 0);
    assert!(!dir.join("campaign.toml").exists(), "campaign.toml written before the commit point");
}

#[test]
fn two_ingest_processes_at_once_lose_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    let d = dir.to_str().unwrap();
    let mut children = Vec::new();
    for p in ["alice", "bob"] {
        let files: Vec<String> = (0..5)
            .map(|i| {
                file(tmp.path(), &format!("{p}{i}.txt"), &orders(p, &s[p], &format!("{p} volley {i}")))
                    .display()
                    .to_string()
            })
            .collect();
        let mut cmd = umpire();
        cmd.arg("ingest").arg(d).args(&files);
        children.push(cmd.spawn().unwrap());
    }
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let ledger = ledger(&dir);
    assert_eq!(ledger.iter().filter(|e| e["event"] == "input").count(), 10);
    assert_eq!(ledger.iter().filter(|e| e["event"] == "accept").count(), 10);
    assert_eq!(ledger.iter().filter(|e| e["event"] == "step").count(), 10);
    for i in 1..=10 {
        assert!(dir.join(format!("inbox/{i:06}.eml")).exists());
    }
    assert!(ok(&["verify", d]).contains("10 step(s)"));
}
