//! Sending the outbox: over SMTP to a tiny server on 127.0.0.1 written here, through a
//! stand-in sendmail program, and as a dry run. Nothing leaves the machine.

mod mail_support;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use chrono::{TimeZone, Utc};
use mail_support::Server;
use umpire::mail::{Outgoing, Transport, build_message, send_outbox};

fn mail(n: u32, to: &str, body: &str) -> Vec<u8> {
    build_message(&Outgoing {
        from: "Umpire <umpire@example.org>".into(),
        to: vec![to.into()],
        reply_to: None,
        subject: format!("[spring-1901] reply {n}"),
        text: body.into(),
        html: None,
        in_reply_to: None,
        references: vec![],
        auto_submitted: true,
        message_id: format!("reply-{n}@umpire.example.org"),
        date: Utc.with_ymd_and_hms(2025, 3, 3, 9, 0, n).single().unwrap_or_default(),
        attachments: Vec::new(),
        inline: Vec::new(),
    })
    .unwrap()
}

/// A campaign folder with an empty outbox; the folder lives as long as the guard.
fn campaign() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let outbox = dir.path().join("outbox");
    let sent = dir.path().join("sent");
    fs::create_dir(&outbox).unwrap();
    (dir, outbox, sent)
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = match fs::read_dir(dir) {
        Ok(entries) => entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
}

#[test]
fn smtp_sends_moves_and_retries() {
    let server = Server::start();
    let (_campaign, outbox, sent) = campaign();
    // A body line starting with "." must survive SMTP dot-stuffing.
    let first = mail(1, "anna@example.net", "line one\n.hidden dot line\nEND\n");
    fs::write(outbox.join("0001-anna.eml"), &first).unwrap();
    fs::write(outbox.join("0002-reject.eml"), mail(2, "reject@example.net", "x\n")).unwrap();
    fs::write(outbox.join("0003-bob.eml"), mail(3, "Bob <bob@example.com>", "y\n")).unwrap();
    fs::write(outbox.join("notes.txt"), b"not mail").unwrap();

    let transport = Transport::Smtp { url: format!("smtp+plain://127.0.0.1:{}", server.port) };
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert_eq!(report.sent, vec!["0001-anna.eml", "0003-bob.eml"]);
    assert_eq!(report.failed.len(), 1);
    assert_eq!(report.failed[0].0, "0002-reject.eml");
    assert!(report.failed[0].1.contains("550"), "{}", report.failed[0].1);

    let deliveries = server.deliveries();
    assert_eq!(deliveries.len(), 2);
    assert_eq!(deliveries[0].mail_from, "umpire@example.org");
    assert_eq!(deliveries[0].rcpt_to, vec!["anna@example.net"]);
    assert_eq!(deliveries[0].data, first, "the server gets exactly the file's bytes");
    assert_eq!(deliveries[1].rcpt_to, vec!["bob@example.com"]);

    assert_eq!(names(&outbox), vec!["0002-reject.eml", "0002-reject.eml.error", "notes.txt"]);
    // sent/ keeps them packed, each readable again byte for byte.
    let kept = umpire::mail::sent::Sent::open(&sent).unwrap();
    assert_eq!(kept.names().unwrap(), vec!["0001-anna.eml", "0003-bob.eml"]);
    assert_eq!(kept.read("0001-anna.eml").unwrap().unwrap(), first);
    assert_eq!(names(&sent), vec!["index.jsonl", "mail.pack"]);
    let error = fs::read_to_string(outbox.join("0002-reject.eml.error")).unwrap();
    assert!(error.contains("no such mailbox"), "{error}");

    // Second run with the server still refusing: nothing sent twice, error replaced.
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert!(report.sent.is_empty());
    assert_eq!(report.failed.len(), 1);
    assert_eq!(server.deliveries().len(), 2);

    // The server accepts now: the failed mail goes, its error file goes away.
    server.rejecting.store(false, Ordering::SeqCst);
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert_eq!(report.sent, vec!["0002-reject.eml"]);
    assert!(report.failed.is_empty());
    assert_eq!(names(&outbox), vec!["notes.txt"]);
    assert_eq!(server.deliveries().len(), 3);

    // And once more: nothing at all.
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert!(report.sent.is_empty() && report.failed.is_empty());
    assert_eq!(server.deliveries().len(), 3);
}

#[test]
fn smtp_starttls_url_is_opportunistic_on_loopback() {
    // The test server offers no STARTTLS; on a loopback host smtp:// still delivers.
    let server = Server::start();
    let (_campaign, outbox, sent) = campaign();
    fs::write(outbox.join("a.eml"), mail(7, "carl@example.com", "z\n")).unwrap();
    let transport = Transport::Smtp { url: format!("smtp://localhost:{}", server.port) };
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert_eq!(report.sent, vec!["a.eml"], "{:?}", report.failed);
    assert_eq!(server.deliveries()[0].rcpt_to, vec!["carl@example.com"]);
}

#[test]
fn envelope_from_to_and_cc_and_refusals() {
    let server = Server::start();
    let (_campaign, outbox, sent) = campaign();
    fs::write(
        outbox.join("1-cc.eml"),
        "From: Umpire <umpire@example.org>\r\nTo: a@example.net, B <b@example.net>\r\nCc: gm@example.org, a@example.net\r\nSubject: cc\r\n\r\nhello\r\n",
    )
    .unwrap();
    fs::write(
        outbox.join("2-bcc.eml"),
        "From: umpire@example.org\r\nTo: a@example.net\r\nBcc: secret@example.net\r\nSubject: bcc\r\n\r\nhello\r\n",
    )
    .unwrap();
    fs::write(outbox.join("3-nobody.eml"), "From: umpire@example.org\r\nSubject: x\r\n\r\nhi\r\n").unwrap();
    fs::write(outbox.join("4-junk.eml"), [0u8, 1, 2, 255]).unwrap();
    let transport = Transport::Smtp { url: format!("smtp+plain://127.0.0.1:{}", server.port) };
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert_eq!(report.sent, vec!["1-cc.eml"]);
    let failed: Vec<&str> = report.failed.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(failed, vec!["2-bcc.eml", "3-nobody.eml", "4-junk.eml"]);
    assert!(report.failed[0].1.contains("Bcc"));
    assert!(report.failed[1].1.contains("no To or Cc"));
    assert_eq!(server.deliveries()[0].rcpt_to, vec!["a@example.net", "b@example.net", "gm@example.org"]);
}

#[test]
fn already_sent_is_not_sent_again() {
    let server = Server::start();
    let (_campaign, outbox, sent) = campaign();
    fs::create_dir(&sent).unwrap();
    let same = mail(1, "a@example.net", "same\n");
    fs::write(outbox.join("x.eml"), &same).unwrap();
    fs::write(sent.join("x.eml"), &same).unwrap();
    fs::write(outbox.join("y.eml"), mail(2, "a@example.net", "new\n")).unwrap();
    fs::write(sent.join("y.eml"), mail(2, "a@example.net", "old\n")).unwrap();
    let transport = Transport::Smtp { url: format!("smtp+plain://127.0.0.1:{}", server.port) };
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert!(report.sent.is_empty());
    assert_eq!(report.failed.len(), 1);
    assert_eq!(report.failed[0].0, "y.eml");
    assert!(server.deliveries().is_empty());
    assert_eq!(names(&outbox), vec!["y.eml", "y.eml.error"]);
}

#[test]
fn bad_urls_fail_before_sending() {
    let (_campaign, outbox, sent) = campaign();
    fs::write(outbox.join("a.eml"), mail(1, "a@example.net", "x\n")).unwrap();
    for url in ["smtp://gm:pw@127.0.0.1:2525", "smtp+plain://mail.example.org", "ftp://127.0.0.1"] {
        let transport = Transport::Smtp { url: url.into() };
        let result = send_outbox(&outbox, &sent, &transport);
        assert!(result.is_err(), "{url}");
    }
    assert_eq!(names(&outbox), vec!["a.eml"]);
}

#[test]
fn dry_run_moves_nothing() {
    let (_campaign, outbox, sent) = campaign();
    fs::write(outbox.join("a.eml"), mail(1, "a@example.net", "x\n")).unwrap();
    fs::write(outbox.join("b.eml"), b"no headers here").unwrap();
    let report = send_outbox(&outbox, &sent, &Transport::DryRun).unwrap();
    assert_eq!(report.would_send, vec!["a.eml"]);
    assert!(report.sent.is_empty());
    assert_eq!(report.failed.len(), 1);
    assert_eq!(names(&outbox), vec!["a.eml", "b.eml"]);
    assert!(!sent.exists());

    // A missing outbox is an empty one.
    let missing = outbox.with_file_name("none");
    let report = send_outbox(&missing, &sent, &Transport::DryRun).unwrap();
    assert_eq!(report, Default::default());
}

#[cfg(unix)]
#[test]
fn sendmail_program_gets_envelope_and_bytes() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, outbox, sent) = campaign();
    let record = dir.path().join("record");
    fs::create_dir(&record).unwrap();
    let program = dir.path().join("fake-sendmail");
    fs::write(
        &program,
        format!(
            "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '{0}/args'\ncat > '{0}/mail'\ncase \"$*\" in *refuse*) echo 'no thanks' >&2; exit 1;; esac\n",
            record.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();

    let bytes = mail(1, "anna@example.net", "hello\n");
    fs::write(outbox.join("a.eml"), &bytes).unwrap();
    let transport = Transport::Sendmail { program: Some(program.clone()) };
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert_eq!(report.sent, vec!["a.eml"], "{:?}", report.failed);
    let args = fs::read_to_string(record.join("args")).unwrap();
    assert_eq!(args, "-i\n-f\numpire@example.org\n--\nanna@example.net\n");
    assert_eq!(fs::read(record.join("mail")).unwrap(), bytes);
    assert_eq!(umpire::mail::sent::Sent::open(&sent).unwrap().names().unwrap(), vec!["a.eml"]);

    fs::write(outbox.join("b.eml"), mail(2, "refuse@example.net", "x\n")).unwrap();
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert_eq!(report.failed.len(), 1);
    assert!(report.failed[0].1.contains("no thanks"), "{}", report.failed[0].1);
    assert!(outbox.join("b.eml.error").exists());
}
