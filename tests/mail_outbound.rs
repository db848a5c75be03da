//! Outgoing mail: what `build_message` writes must read back, with its threading
//! headers, through a strict parser.

use chrono::{TimeZone, Utc};
use mail_parser::{MessageParser, MimeHeaders, PartType};
use umpire::mail::{Outgoing, build_message, parse_mail};

fn reply() -> Outgoing {
    Outgoing {
        from: "Umpire of spring-1901 <umpire@example.org>".into(),
        to: vec!["Anna Smith <anna@example.net>".into(), "gm@example.org".into()],
        reply_to: Some("orders@example.org".into()),
        subject: "[spring-1901] Orders accepted — Frühling 1901".into(),
        text: "Your orders for S1901M are accepted.\n\nReceipt: 3f2a…\nÀ bientôt.\n".into(),
        html: None,
        in_reply_to: Some("plain-1@example.net".into()),
        references: vec!["orders-0@example.net".into(), "plain-1@example.net".into()],
        auto_submitted: true,
        message_id: "ack.spring-1901.0007.england@umpire.example.org".into(),
        date: Utc.with_ymd_and_hms(2025, 3, 3, 9, 15, 0).single().unwrap_or_default(),
        attachments: Vec::new(),
        inline: Vec::new(),
    }
}

#[test]
fn reply_reads_back_with_threading() {
    let bytes = build_message(&reply()).unwrap();
    assert!(bytes.is_ascii(), "headers and bodies are 7-bit encoded");
    for line in bytes.split(|b| *b == b'\n') {
        assert!(line.len() <= 998, "line too long for RFC 5322");
        assert!(line.is_empty() || line.ends_with(b"\r"), "bare LF line ending");
    }

    let message = MessageParser::default().parse(&bytes).unwrap();
    assert_eq!(message.message_id(), Some("ack.spring-1901.0007.england@umpire.example.org"));
    assert_eq!(message.in_reply_to().as_text(), Some("plain-1@example.net"));
    let references: Vec<String> = message
        .references()
        .as_text_list()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .unwrap_or_default();
    assert_eq!(references, vec!["orders-0@example.net", "plain-1@example.net"]);
    assert_eq!(message.subject(), Some("[spring-1901] Orders accepted — Frühling 1901"));
    assert_eq!(message.header_raw("Auto-Submitted").map(str::trim), Some("auto-replied"));
    assert_eq!(message.date().map(|d| d.to_timestamp()), Some(1_740_993_300));
    let to: Vec<&str> =
        message.to().map(|a| a.iter().filter_map(|x| x.address()).collect()).unwrap_or_default();
    assert_eq!(to, vec!["anna@example.net", "gm@example.org"]);
    assert_eq!(
        message.body_text(0).as_deref(),
        Some("Your orders for S1901M are accepted.\r\n\r\nReceipt: 3f2a…\r\nÀ bientôt.\r\n")
    );

    // Our own inbound reader threads it too.
    let inbound = parse_mail(&bytes);
    assert_eq!(inbound.from.as_deref(), Some("umpire@example.org"));
    assert_eq!(inbound.reply_to.as_deref(), Some("orders@example.org"));
    assert_eq!(inbound.references, vec!["orders-0@example.net", "plain-1@example.net"]);
    // And would never answer it: it says it is an automatic reply.
    assert!(inbound.automated.is_some());
}

#[test]
fn same_input_same_bytes() {
    let a = build_message(&reply()).unwrap();
    let b = build_message(&reply()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn html_alternative() {
    let mut m = reply();
    m.auto_submitted = false;
    m.html = Some("<p>Your orders are <b>accepted</b>.</p>".into());
    let bytes = build_message(&m).unwrap();
    let message = MessageParser::default().parse(&bytes).unwrap();
    let ct = message.root_part().content_type().unwrap();
    assert_eq!(ct.ctype(), "multipart");
    assert_eq!(ct.subtype(), Some("alternative"));
    assert!(message.header_raw("Auto-Submitted").is_none());
    assert_eq!(message.body_html(0).as_deref(), Some("<p>Your orders are <b>accepted</b>.</p>"));
    let plain = message.text_bodies().next().map(|p| &p.body);
    assert!(matches!(plain, Some(PartType::Text(t)) if t.starts_with("Your orders for S1901M")));
    assert!(parse_mail(&bytes).text.starts_with("Your orders for S1901M are accepted."));
}

#[test]
fn bad_fields_are_errors_not_panics() {
    let mut m = reply();
    m.to = vec!["not an address".into()];
    let err = build_message(&m).unwrap_err().to_string();
    assert!(err.contains("To address 'not an address'"), "{err}");

    let mut m = reply();
    m.to.clear();
    assert!(build_message(&m).is_err());

    let mut m = reply();
    m.message_id = "<has brackets@x>".into();
    assert!(build_message(&m).is_err());

    // A malformed id from someone else's mail is left out, not fatal.
    let mut m = reply();
    m.in_reply_to = Some("bad id with spaces".into());
    m.references = vec!["ok@x".into(), "also bad>".into()];
    let bytes = build_message(&m).unwrap();
    let message = MessageParser::default().parse(&bytes).unwrap();
    assert!(message.in_reply_to().is_empty());
    assert_eq!(message.references().as_text(), Some("ok@x"));
}

#[test]
fn long_headers_fold_and_read_back() {
    let mut m = reply();
    m.subject = ["Überlange Betreffzeile für die Frühjahrsrunde 1901"; 8].join(" ");
    m.references =
        (0..40).map(|i| format!("thread-{i:03}.a-rather-long-local-part@umpire.example.org")).collect();
    let bytes = build_message(&m).unwrap();
    let longest = bytes.split(|b| *b == b'\n').map(<[u8]>::len).max();
    assert!(longest.is_some_and(|n| n <= 998), "{longest:?}");
    let message = MessageParser::default().parse(&bytes).unwrap();
    assert_eq!(message.subject(), Some(m.subject.as_str()));
    let references: Vec<String> = message
        .references()
        .as_text_list()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .unwrap_or_default();
    assert_eq!(references, m.references);
}

#[test]
fn an_attached_board_rides_after_the_text_and_is_read_back() {
    let mut m = reply();
    m.html = Some("<p>The board is attached.</p>".into());
    let png = umpire::maps::png::png(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#36c"/></svg>"##,
        1.0,
    )
    .expect("drawn");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG file");
    m.attachments = vec![("board-step-1.png".into(), "image/png".into(), png.clone())];
    let bytes = build_message(&m).expect("built");
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("multipart/mixed"), "{text}");
    assert!(text.contains("filename=\"board-step-1.png\""), "{text}");
    let parsed = mail_parser::MessageParser::default().parse(&bytes).expect("parses");
    let found =
        parsed.attachments().find(|a| a.attachment_name() == Some("board-step-1.png")).expect("attached");
    assert_eq!(found.contents(), png.as_slice());
    assert!(parsed.body_text(0).is_some_and(|t| t.contains(&m.text[..10])), "the text part stays first");
}
