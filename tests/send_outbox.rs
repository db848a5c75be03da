//! `umpire send` from the outside, against a loopback SMTP server: everything in the
//! outbox is delivered once, is kept in sent/, and a second run sends nothing.

mod common;
mod mail_support;

use common::*;

#[test]
fn send_delivers_each_mail_once() {
    let server = mail_support::Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob"]);
    let d = dir.to_str().unwrap();
    let f = file(
        tmp.path(),
        "a.txt",
        &format!("GAME g\nPLAYER alice\nSECRET {}\nROLL 2d6 volley\nEND\n", s["alice"]),
    );
    ok(&["ingest", d, f.to_str().unwrap()]);
    let waiting = count_files(&dir.join("outbox"));
    assert!(waiting >= 5, "{waiting}");

    // A dry run sends and moves nothing.
    let out = ok(&["send", d, "--dry-run"]);
    assert!(out.contains("sent 0"), "{out}");
    assert_eq!(count_files(&dir.join("outbox")), waiting);
    assert!(server.deliveries().is_empty());

    let url = format!("smtp+plain://127.0.0.1:{}", server.port);
    let out = ok(&["send", d, "--smtp", &url]);
    assert!(out.contains(&format!("sent {waiting}")), "{out}");
    assert_eq!(count_files(&dir.join("outbox")), 0);
    // sent/ keeps them in one pack, listed and readable again by `umpire sent`.
    assert_eq!(count_files(&dir.join("sent")), 2);
    let listed = ok(&["sent", d]);
    assert_eq!(listed.lines().count(), waiting, "{listed}");
    let first = listed.lines().next().unwrap();
    assert!(ok(&["sent", d, first]).contains("From: "), "the mail as queued");
    let deliveries = server.deliveries();
    assert_eq!(deliveries.len(), waiting);
    // Every delivery is a valid mail from the game address; acknowledgements thread.
    for d in &deliveries {
        let m = mail_parser::MessageParser::default().parse(&d.data[..]).expect("valid MIME");
        assert_eq!(m.from().and_then(|a| a.first()).and_then(|a| a.address()), Some("game@example.org"));
    }
    assert!(deliveries.iter().any(|d| {
        let text = String::from_utf8_lossy(&d.data);
        text.contains("Auto-Submitted: auto-replied") && d.rcpt_to.iter().any(|r| r.contains("alice"))
    }));

    // Twice sends nothing twice.
    let out = ok(&["send", d, "--smtp", &url]);
    assert!(out.contains("sent 0"), "{out}");
    assert_eq!(server.deliveries().len(), waiting);
    assert!(ledger(&dir).iter().any(|e| e["event"] == "sent"));
    assert!(ok(&["verify", d]).contains("verify: OK"));
}

#[test]
fn a_password_on_the_command_line_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    new_campaign(&dir, "dice", &["alice"]);
    let (code, _, err) = run(&["send", dir.to_str().unwrap(), "--smtp", "smtp://gm:hunter2@127.0.0.1:1"]);
    assert_ne!(code, 0);
    assert!(err.to_lowercase().contains("password"), "{err}");
    assert!(count_files(&dir.join("outbox")) > 0, "nothing may leave the outbox");
}
