//! Outputs and inputs that cannot hurt (issue 27, item 5): `-o` writes a new regular
//! file and refuses a path that holds a device, a FIFO or a directory, leaving it as it
//! was; `ingest --stdin` reads before it locks the campaign, stops an endless input at
//! a bound and a stalled one after a time limit, and another ingest is never held up.

mod common;

use common::*;
use std::os::unix::fs::FileTypeExt;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn campaign(tmp: &std::path::Path) -> std::path::PathBuf {
    let dir = tmp.join("g");
    new_campaign(&dir, "dice", &["alice", "bob"]);
    dir
}

#[test]
fn output_onto_a_fifo_a_directory_or_a_device_is_refused_and_nothing_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    new_campaign(
        &dir,
        "diplomacy",
        &["austria", "england", "france", "germany", "italy", "russia", "turkey"],
    );
    let d = dir.to_str().unwrap();
    let fifo = tmp.path().join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads the path it is given.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let folder = tmp.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let mut targets = vec![fifo.clone(), folder.clone()];
    // A device node like /dev/full, made where losing it costs nothing (root only).
    let device = tmp.path().join("full");
    let c = std::ffi::CString::new(device.to_str().unwrap()).unwrap();
    // SAFETY: mknod reads the path it is given; 1,7 is /dev/full's number.
    if unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o600, libc::makedev(1, 7)) } == 0 {
        targets.push(device.clone());
    } else {
        println!("SKIP: the device-node case needs root (mknod refused)");
    }
    for target in &targets {
        let t = target.to_str().unwrap();
        for args in [vec!["audit-bundle", d, "-o", t], vec!["map", d, "-o", t]] {
            let (code, out, err) = run(&args);
            assert_ne!(code, 0, "{args:?} wrote onto {t}: {out}");
            assert!(err.contains("umpire writes only regular files"), "{args:?}: {err}");
        }
    }
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was replaced");
    assert!(std::fs::symlink_metadata(&folder).unwrap().is_dir(), "the directory was replaced");
    if targets.contains(&device) {
        assert!(
            std::fs::symlink_metadata(&device).unwrap().file_type().is_char_device(),
            "the device was replaced"
        );
    }
    // A regular file is still written, as a new file.
    let out = tmp.path().join("bundle.json");
    ok(&["audit-bundle", d, "-o", out.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&out).unwrap().contains("umpire"));
}

#[test]
fn an_endless_stdin_ends_and_a_stalled_one_blocks_no_other_ingest() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = campaign(tmp.path());
    let d = dir.to_str().unwrap();
    let secrets: Vec<String> = ["alice", "bob"].iter().map(|p| welcome_secret(&dir, p)).collect();

    // Endless: refused as too large, read no further than the bound.
    let started = Instant::now();
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let out = umpire().args(["ingest", d, "--stdin"]).stdin(zero).output().unwrap();
    let (code, said, err) = output(out);
    assert_eq!(code, 0, "{said}\n{err}");
    assert!(said.contains("refused") || said.contains("stored, not answered"), "{said}\n{err}");
    assert!(started.elapsed() < Duration::from_secs(60), "an endless stdin took {:?}", started.elapsed());

    // Stalled: a sender that writes half a mail and then nothing, never closing.
    let mut stalled = umpire()
        .env("UMPIRE_STDIN_SECONDS", "3")
        .args(["ingest", d, "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = stalled.stdin.take().unwrap();
    std::io::Write::write_all(&mut pipe, b"From: alice@example.org\r\nSubject: orders\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // Meanwhile bob's orders go in at once: the stalled input holds no lock.
    let started = Instant::now();
    let f = file(
        tmp.path(),
        "bob.txt",
        &format!("GAME g\nPLAYER bob\nSECRET {}\nROLL 1d6 test\nEND\n", secrets[1]),
    );
    let said = ok(&["ingest", d, f.to_str().unwrap()]);
    assert!(said.contains("accepted"), "{said}");
    assert!(started.elapsed() < Duration::from_secs(2), "the other ingest waited {:?}", started.elapsed());
    // The stalled one gives up after its time limit, asking the mail server to retry.
    let started = Instant::now();
    let status = stalled.wait().unwrap();
    drop(pipe);
    assert_eq!(status.code(), Some(75), "a stalled stdin should end with EX_TEMPFAIL");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// An error names its cause once: `umpire map` for a step that does not exist says so,
/// and a file that cannot be read is named with the reason, not the reason twice.
#[test]
fn errors_say_their_cause_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    new_campaign(
        &dir,
        "diplomacy",
        &["austria", "england", "france", "germany", "italy", "russia", "turkey"],
    );
    let d = dir.to_str().unwrap();
    let (code, _, err) = run(&["map", d, "--step", "999"]);
    assert_ne!(code, 0);
    assert!(err.contains("there is no step 999") && err.contains("0 step(s) so far"), "{err}");
    std::fs::remove_file(dir.join("state/0.json")).unwrap();
    let (code, _, err) = run(&["map", d, "--step", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("state/0.json"), "{err}");
    assert_eq!(err.matches("os error 2").count(), 1, "the cause said more than once: {err}");
}
