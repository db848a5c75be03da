//! Incoming mail: the hand-written sample mails in tests/fixtures/mail, read the way
//! umpire reads a player's mail, then the envelope taken out of the text.

use std::fs;
use std::path::{Path, PathBuf};

use umpire::mail::{Inbound, parse_mail, read_maildir, split_mbox};
use umpire::orders::parse_envelope;

fn fixture(name: &str) -> Vec<u8> {
    let path = fixture_path(name);
    fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail").join(name)
}

fn read(name: &str) -> Inbound {
    parse_mail(&fixture(name))
}

#[test]
fn plain_mail_with_greeting_and_signature() {
    let mail = read("plain.eml");
    assert!(mail.is_mail);
    assert_eq!(mail.from.as_deref(), Some("anna@example.net"));
    assert_eq!(mail.from_name.as_deref(), Some("Anna Smith"));
    assert_eq!(mail.message_id.as_deref(), Some("plain-1@example.net"));
    assert_eq!(mail.subject.as_deref(), Some("my orders"));
    assert!(mail.references.is_empty());
    assert_eq!(mail.automated, None);
    assert!(!mail.text.contains('\r'));

    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(env.game.as_deref(), Some("spring-1901"));
    assert_eq!(env.player.as_deref(), Some("England"));
    assert_eq!(env.secret.as_deref(), Some("K7QF-2M9X-8R4T-PW3D-6HJN"));
    assert_eq!(env.body, "F LON-NTH\nF EDI-NWG\nA LVP-YOR");
    assert!(env.ended);
    // "Hi GM," and "here are my orders..." are lines 1 and 3 of the body text.
    assert_eq!(env.skipped, vec![1, 3]);
    assert_eq!(mail.text.lines().nth(env.body_first_line - 1), Some("F LON-NTH"));
}

#[test]
fn html_only_mail_is_converted_and_quotes_skipped() {
    let mail = read("html_only.eml");
    assert_eq!(mail.from.as_deref(), Some("bob@example.com"));
    assert_eq!(mail.references, vec!["ack-7@example.org"]);
    assert!(!mail.text.contains('<'), "{}", mail.text);
    assert!(!mail.text.contains("font-family"), "{}", mail.text);

    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(env.game.as_deref(), Some("spring-1901"));
    // The quoted "PLAYER Germany" in the blockquote is not read.
    assert_eq!(env.player.as_deref(), Some("France"));
    assert_eq!(env.secret.as_deref(), Some("ZZZZ-0000"));
    assert_eq!(env.body, "A PAR-BUR\nA MAR S A PAR-BUR\nF BRE-MAO & hope");
    assert!(env.ended);
}

#[test]
fn base64_body_is_decoded() {
    let mail = read("base64.eml");
    assert_eq!(mail.text, "GAME spring-1901\nPLAYER Austria\nSECRET QQQQ-1111\nA VIE-GAL\nF TRI-ALB\nEND\n");
    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(env.body, "A VIE-GAL\nF TRI-ALB");
    assert_eq!(env.body_first_line, 4);
}

#[test]
fn quoted_printable_body_and_encoded_headers() {
    let mail = read("quoted_printable.eml");
    assert_eq!(mail.from_name.as_deref(), Some("Renée"));
    assert_eq!(mail.subject.as_deref(), Some("ordres pour l'été"));
    assert!(mail.text.contains("A VEN-TYR \n"), "{:?}", mail.text);
    assert!(
        mail.text
            .contains("F NAP-ION = the long way round, this comment is long enough that the mail program wrapped it with a soft line break\n"),
        "{:?}",
        mail.text
    );
    assert!(mail.text.contains("Bonne journée — Renée"), "{:?}", mail.text);
    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(env.player.as_deref(), Some("Italy"));
    assert_eq!(env.body.lines().count(), 4);
}

#[test]
fn latin1_mail_becomes_utf8() {
    let mail = read("latin1.eml");
    assert_eq!(mail.from.as_deref(), Some("francois@example.fr"));
    assert_eq!(mail.from_name.as_deref(), Some("François Dupré"));
    assert_eq!(mail.subject.as_deref(), Some("ordres déjà prêts"));
    assert!(mail.text.ends_with("François, à bientôt\n"), "{:?}", mail.text);
    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(env.body, "A PAR-BUR\nF BRE-MAO");
}

#[test]
fn utf8_mail_keeps_accents() {
    let mail = read("utf8.eml");
    assert_eq!(mail.from_name.as_deref(), Some("Jürgen Müller"));
    assert_eq!(mail.subject.as_deref(), Some("Befehle für Frühling"));
    assert!(mail.text.contains("Grüße aus München — Jürgen"));
    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(env.player.as_deref(), Some("Germany"));
    assert_eq!(env.body, "A BER-KIE\nA MUN-RUH\nF KIE-DEN");
}

#[test]
fn orders_file_attached_as_text() {
    let mail = read("attachment.eml");
    assert_eq!(mail.text, "My orders are in the attached file.\nDmitri\n");
    assert_eq!(mail.attachments.len(), 1);
    let (name, text) = &mail.attachments[0];
    assert_eq!(name, "russia-s1901.txt");
    let env = parse_envelope(text).unwrap();
    assert_eq!(env.player.as_deref(), Some("Russia"));
    assert_eq!(env.body, "A MOS-UKR\nA WAR-GAL\nF SEV-BLA\nF STP/SC-BOT");
}

#[test]
fn alternative_prefers_plain_and_threads() {
    let mail = read("alternative.eml");
    assert!(!mail.text.contains("HTML VERSION"), "{}", mail.text);
    assert_eq!(mail.reply_to.as_deref(), Some("eve.replies@example.org"));
    assert_eq!(
        mail.references,
        vec!["orders-1@example.org", "ack-1@umpire.example.org", "ack-2@umpire.example.org"]
    );
    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(env.player.as_deref(), Some("Turkey"));
    assert_eq!(env.body, "F ANK-BLA\nA CON-BUL\nA SMY-CON");
}

#[test]
fn machines_are_recognized() {
    let bounce = read("bounce.eml");
    assert!(bounce.automated.is_some());
    assert_eq!(bounce.from.as_deref(), Some("mailer-daemon@mx.example.org"));

    let report = read("bounce_report_only.eml");
    let why = report.automated.unwrap_or_default();
    assert!(why.contains("multipart/report"), "{why}");
    assert!(why.contains("delivery-status"), "{why}");

    let oof = read("autoreply.eml");
    let why = oof.automated.unwrap_or_default();
    assert!(why.contains("Auto-Submitted: auto-replied"), "{why}");

    let list = read("list.eml");
    let why = list.automated.unwrap_or_default();
    assert!(why.contains("Precedence") || why.contains("List-Id"), "{why}");

    // Auto-Submitted: no and an unknown Precedence are a person writing.
    assert_eq!(read("not_automated.eml").automated, None);
    assert_eq!(read("plain.eml").automated, None);
}

#[test]
fn each_bounce_sign_alone() {
    let base = "From: someone@example.com\r\nTo: umpire@example.org\r\nSubject: x\r\n";
    let cases = [
        "Return-Path: <>\r\n",
        "Precedence: bulk\r\n",
        "Precedence: junk\r\n",
        "List-Id: <a.b.c>\r\n",
        "X-Autoreply: yes\r\n",
        "X-Auto-Response-Suppress: All\r\n",
        "X-Failed-Recipients: gone@example.net\r\n",
        "Auto-Submitted: auto-generated\r\n",
    ];
    for extra in cases {
        let raw = format!("{base}{extra}\r\nbody\r\n");
        assert!(parse_mail(raw.as_bytes()).automated.is_some(), "{extra}");
    }
    let raw = "From: Postmaster@Example.com\r\nSubject: x\r\n\r\nbody\r\n";
    assert!(parse_mail(raw.as_bytes()).automated.is_some());
    let raw = format!("{base}\r\nbody\r\n");
    assert_eq!(parse_mail(raw.as_bytes()).automated, None);
}

#[test]
fn plain_orders_file_is_not_mail() {
    let file = read("orders.txt");
    assert!(!file.is_mail);
    assert_eq!(file.from, None);
    assert_eq!(file.text, String::from_utf8(fixture("orders.txt")).unwrap_or_default());
    // A file whose first line looks a bit like a header is still a file.
    let file = parse_mail(b"Game: spring-1901\nPlayer: England\n\nF LON-NTH\n");
    assert!(!file.is_mail);
    assert!(file.text.starts_with("Game: spring-1901\n"));
    // Garbage never fails.
    let junk = parse_mail(&[0xff, 0x00, 0xfe, b'\n', b':']);
    assert!(!junk.is_mail);
    assert!(parse_mail(b"").text.is_empty());
}

#[test]
fn mbox_of_three() {
    let messages = split_mbox(&fixture("three.mbox"));
    assert_eq!(messages.len(), 3);
    let mails: Vec<Inbound> = messages.iter().map(|m| parse_mail(m)).collect();
    let subjects: Vec<_> = mails.iter().map(|m| m.subject.as_deref()).collect();
    assert_eq!(subjects, vec![Some("first"), Some("second"), Some("third")]);
    assert_eq!(mails[0].text, "GAME spring-1901\nPLAYER England\nFrom the north sea we go.\nEND\n");
    assert!(mails[1].text.contains("\n>From quoted twice\n"));
    assert_eq!(mails[2].from.as_deref(), Some("carl@example.com"));
    // The mbox's own blank line before the next separator is not part of a message.
    assert!(messages[0].ends_with(b"END\n"));
    assert!(!messages[0].ends_with(b"END\n\n"));
}

#[test]
fn mbox_without_blank_line_before_postmark() {
    let mbox = b"From a@example.com Mon Mar  3 09:12:44 2025\nSubject: one\n\nFrom the top\nhello\nFrom b@example.com Mon Mar  3 09:13:00 2025\nSubject: two\n\nbye\n";
    let messages = split_mbox(mbox);
    assert_eq!(messages.len(), 2);
    assert_eq!(parse_mail(&messages[0]).text, "From the top\nhello\n");
    assert_eq!(parse_mail(&messages[1]).subject.as_deref(), Some("two"));
    assert!(split_mbox(b"").is_empty());
    assert!(split_mbox(b"no separator at all\n").is_empty());
}

#[test]
fn maildir_new_in_name_order_and_cur_is_already_read() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["new", "cur", "tmp"] {
        fs::create_dir(dir.path().join(sub)).unwrap();
    }
    fs::write(dir.path().join("cur/1741000002.M2P1.host:2,S"), fixture("base64.eml")).unwrap();
    fs::write(dir.path().join("new/1741000001.M1P1.host"), fixture("plain.eml")).unwrap();
    fs::write(dir.path().join("new/1741000003.M3P1.host"), fixture("utf8.eml")).unwrap();
    fs::write(dir.path().join("tmp/1741000000.M0P1.host"), b"half written").unwrap();
    fs::write(dir.path().join("new/.hidden"), b"not mail").unwrap();

    let mails = read_maildir(dir.path(), 1 << 20).unwrap();
    let names: Vec<String> =
        mails.iter().map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    assert_eq!(names, vec!["1741000001.M1P1.host", "1741000003.M3P1.host"]);
    assert_eq!(mails[1].1, fixture("utf8.eml"));
    assert_eq!(parse_mail(&mails[0].1).message_id.as_deref(), Some("plain-1@example.net"));
    // Handled, a message moves to cur/ with the Seen flag and is not read again.
    umpire::mail::mark_seen(&mails[0].0).unwrap();
    assert!(dir.path().join("cur/1741000001.M1P1.host:2,S").exists());
    assert_eq!(read_maildir(dir.path(), 1 << 20).unwrap().len(), 1);

    let not_maildir = tempfile::tempdir().unwrap();
    let err = read_maildir(not_maildir.path(), 1 << 20).unwrap_err().to_string();
    assert!(err.contains("not a maildir"), "{err}");
}

#[test]
fn format_flowed_long_lines_are_rejoined() {
    let mail = read("flowed.eml");
    let env = parse_envelope(&mail.text).unwrap();
    assert_eq!(
        env.body,
        "A VEN H\nF NAP-ION (if the Austrian fleet moves to Albania this still goes, as we agreed by mail last week)\nFrom here on nothing is stuffed"
    );
    assert!(env.ended);
}
