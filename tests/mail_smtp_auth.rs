//! SMTP login with the password from UMPIRE_SMTP_PASSWORD. This is its own test
//! program with a single test because it changes the process environment, which must
//! not happen while other threads may read it.

mod mail_support;

use std::fs;

use mail_support::Server;
use umpire::mail::{Transport, send_outbox};

#[test]
fn password_comes_from_the_environment() {
    let server = Server::start_with(true);
    let campaign = tempfile::tempdir().unwrap();
    let outbox = campaign.path().join("outbox");
    let sent = campaign.path().join("sent");
    fs::create_dir(&outbox).unwrap();
    fs::write(
        outbox.join("a.eml"),
        "From: umpire@example.org\r\nTo: anna@example.net\r\nSubject: hi\r\n\r\nhello\r\n",
    )
    .unwrap();
    let transport = Transport::Smtp { url: format!("smtp://gm%40example.org@127.0.0.1:{}", server.port) };

    // A user in the URL without the variable: refused before anything is sent.
    // SAFETY: this test program runs this one test; no other thread reads the
    // environment while it changes.
    unsafe { std::env::remove_var("UMPIRE_SMTP_PASSWORD") };
    let err = send_outbox(&outbox, &sent, &transport).unwrap_err().to_string();
    assert!(err.contains("UMPIRE_SMTP_PASSWORD"), "{err}");
    assert!(server.deliveries().is_empty());

    // SAFETY: as above.
    unsafe { std::env::set_var("UMPIRE_SMTP_PASSWORD", "correct horse") };
    let report = send_outbox(&outbox, &sent, &transport).unwrap();
    assert_eq!(report.sent, vec!["a.eml"], "{:?}", report.failed);
    let deliveries = server.deliveries();
    assert_eq!(deliveries.len(), 1);
    assert_eq!(deliveries[0].auth.as_deref(), Some("gm@example.org:correct horse"));
}
