//! Outgoing mail written as RFC 5322 bytes, ready to lie in the outbox as a `.eml`.
//!
//! The caller gives the Message-ID and the date, so building the same reply twice
//! gives the same bytes: a command re-run after a crash rewrites an identical file
//! instead of a second, different mail.

use std::time::SystemTime;

use crate::error::{Context, Error};
use chrono::{DateTime, Utc};
use lettre::Message;
use lettre::message::header::{ContentType, HeaderName, HeaderValue, MIME_VERSION_1_0};
use lettre::message::{Mailbox, MultiPart, SinglePart};

/// One mail to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// `Name <address>` or a bare address.
    pub from: String,
    pub to: Vec<String>,
    pub reply_to: Option<String>,
    pub subject: String,
    pub text: String,
    /// When given, the mail is multipart/alternative with `text` as the plain part.
    pub html: Option<String>,
    /// Message-ID of the mail this answers, without `<>`.
    pub in_reply_to: Option<String>,
    /// The thread's Message-IDs, oldest first, without `<>`.
    pub references: Vec<String>,
    /// Marks the mail `Auto-Submitted: auto-replied` (RFC 3834), so well-behaved
    /// robots do not answer it, and asks Exchange not to send out-of-office replies.
    pub auto_submitted: bool,
    /// This mail's Message-ID, without `<>`; chosen by the caller so that it is stable.
    pub message_id: String,
    pub date: DateTime<Utc>,
    /// Files attached after the text: (file name, MIME type, bytes). The board's PNG
    /// goes here, for mail readers that show no SVG.
    pub attachments: Vec<(String, String, Vec<u8>)>,
    /// Pictures the HTML shows as `cid:<file name>`: (file name, MIME type, bytes),
    /// sent as inline parts beside the HTML (multipart/related).
    pub inline: Vec<(String, String, Vec<u8>)>,
}

/// Writes `m` as mail bytes: CRLF line endings, headers in ASCII (non-ASCII words
/// encoded per RFC 2047), UTF-8 bodies in quoted-printable or base64 as lettre finds
/// shortest. Errors name the field that cannot be written.
pub fn build_message(m: &Outgoing) -> crate::error::Result<Vec<u8>> {
    if !is_message_id(&m.message_id) {
        return Err(Error::Mail(format!(
            "message id '{}' is not usable: it needs a left part, '@', a right part and no spaces or <>",
            m.message_id
        )));
    }
    if m.to.is_empty() {
        return Err(Error::Mail("a mail needs at least one To address".into()));
    }
    let mut builder = Message::builder()
        .from(mailbox("From", &m.from)?)
        .subject(m.subject.clone())
        .date(SystemTime::from(m.date))
        .message_id(Some(format!("<{}>", m.message_id)));
    for to in &m.to {
        builder = builder.to(mailbox("To", to)?);
    }
    if let Some(reply_to) = &m.reply_to {
        builder = builder.reply_to(mailbox("Reply-To", reply_to)?);
    }
    // Ids come from incoming mail, which may be malformed; a bad one is left out
    // rather than blocking the reply, since threading is a convenience.
    if let Some(id) = m.in_reply_to.as_deref().filter(|id| is_thread_id(id)) {
        builder = builder.in_reply_to(format!("<{id}>"));
    }
    let references: Vec<String> =
        m.references.iter().filter(|id| is_thread_id(id)).map(|id| format!("<{id}>")).collect();
    if !references.is_empty() {
        builder = builder.references(references.join(" "));
    }
    if m.auto_submitted {
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-replied".to_string(),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("X-Auto-Response-Suppress"),
                "All".to_string(),
            ));
    }
    let message = match &m.html {
        Some(html) if !m.inline.is_empty() => {
            // The HTML and the pictures it shows travel together; the plain text beside.
            let mut related = MultiPart::related().singlepart(SinglePart::html(html.clone()));
            for (name, mime, bytes) in &m.inline {
                let kind = ContentType::parse(mime)
                    .map_err(|e| Error::Mail(format!("picture {name}: MIME type '{mime}': {e}")))?;
                related = related.singlepart(
                    lettre::message::Attachment::new_inline_with_name(name.clone(), name.clone())
                        .body(bytes.clone(), kind),
                );
            }
            let alternative =
                MultiPart::alternative().singlepart(SinglePart::plain(m.text.clone())).multipart(related);
            builder.multipart(alternative)
        }
        Some(html) if !m.attachments.is_empty() => {
            let mut mixed =
                MultiPart::mixed().multipart(MultiPart::alternative_plain_html(m.text.clone(), html.clone()));
            for (name, mime, bytes) in &m.attachments {
                let kind = ContentType::parse(mime)
                    .map_err(|e| Error::Mail(format!("attachment {name}: MIME type '{mime}': {e}")))?;
                mixed = mixed
                    .singlepart(lettre::message::Attachment::new(name.clone()).body(bytes.clone(), kind));
            }
            builder.multipart(mixed)
        }
        Some(html) => builder.multipart(MultiPart::alternative_plain_html(m.text.clone(), html.clone())),
        // A plain body goes in as the message body itself rather than as a MIME part,
        // which lettre would end with an extra blank line that readers would show.
        None => builder.header(MIME_VERSION_1_0).header(ContentType::TEXT_PLAIN).body(m.text.clone()),
    }
    .context("cannot build the mail")?;
    Ok(message.formatted())
}

fn mailbox(field: &str, text: &str) -> crate::error::Result<Mailbox> {
    text.parse::<Mailbox>().with_context(|| format!("{field} address '{text}' is not a mail address"))
}

/// `left@right`, printable ASCII, no spaces, no angle brackets.
fn is_message_id(id: &str) -> bool {
    is_thread_id(id)
        && id
            .split_once('@')
            .is_some_and(|(left, right)| !left.is_empty() && !right.is_empty() && !right.contains('@'))
}

/// Looser than [`is_message_id`]: some mail programs write ids without `@`, and
/// threading on them still works.
fn is_thread_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 900
        && id.bytes().all(|b| b.is_ascii_graphic() && b != b'<' && b != b'>' && b != b'"' && b != b'\\')
}
