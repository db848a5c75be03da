//! Runs `tests/e2e-mail.sh`, the end-to-end test behind a real mail server (Postfix on
//! a loopback port, swaks as the players' mail client), with this build's binary.
//!
//! The script needs root (to start Postfix) and the Debian packages postfix, swaks and
//! python3, which `.ci/run` installs. Where any of that is missing the test prints a
//! `SKIP:` line and passes, so `cargo test` still works on a developer's machine.

use std::io::Write;
use std::path::Path;
use std::process::Command;

/// The script's exit status for "something it needs is missing".
const SKIPPED: i32 = 77;

/// Is `tool` on the PATH, or in the sbin directories a non-login root shell may lack?
fn found(tool: &str) -> bool {
    let mut dirs: Vec<std::path::PathBuf> =
        std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    dirs.extend(["/usr/sbin", "/sbin"].map(Into::into));
    dirs.iter().any(|d| d.join(tool).is_file())
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

#[test]
fn orders_answers_and_reports_travel_through_a_real_mail_server() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e-mail.sh");
    let missing: Vec<&str> =
        ["postfix", "swaks", "python3", "bash"].into_iter().filter(|t| !found(t)).collect();
    if !missing.is_empty() {
        println!(
            "SKIP: {} not found; the end-to-end mail test was not run (apt-get install postfix swaks python3)",
            missing.join(", ")
        );
        return;
    }
    if !is_root() {
        println!(
            "SKIP: not root; the end-to-end mail test needs root to start Postfix (sudo tests/e2e-mail.sh)"
        );
        return;
    }
    let out = Command::new("bash")
        .arg(&script)
        .env("UMPIRE_BIN", env!("CARGO_BIN_EXE_umpire"))
        .output()
        .unwrap_or_else(|e| panic!("could not run {}: {e}", script.display()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Straight to standard error, past the test harness's capture, so that CI's log shows
    // every check. Indented, so the script's closing tally is not read as cargo's.
    let mut shown = String::new();
    for line in stdout.lines().chain(stderr.lines()) {
        shown.push_str("    e2e | ");
        shown.push_str(line);
        shown.push('\n');
    }
    let _ = std::io::stderr().write_all(shown.as_bytes());
    if out.status.code() == Some(SKIPPED) {
        let why = stdout
            .lines()
            .find(|l| l.starts_with("SKIP:"))
            .unwrap_or("SKIP: the end-to-end mail test was not run");
        println!("{why}");
        return;
    }
    assert!(out.status.success(), "tests/e2e-mail.sh failed ({}); its checks are above", out.status);
    assert!(
        stdout.lines().any(|l| l.ends_with(" passed, 0 failed")),
        "tests/e2e-mail.sh exited 0 without its closing tally"
    );
}
