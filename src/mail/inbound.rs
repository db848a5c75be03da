//! One incoming mail (or a plain orders file) reduced to what umpire needs: who sent
//! it, how to thread a reply, the orders text, attached orders files, and whether it
//! was sent by a machine that must never be answered.

use mail_parser::{Message, MessageParser, MessagePart, MimeHeaders, PartType};
use serde::{Deserialize, Serialize};

use super::automated::automated_reason;
use super::html::html_to_text;

/// What umpire reads from one incoming mail.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inbound {
    /// The sender's bare address, lowercase.
    pub from: Option<String>,
    /// The sender's display name.
    pub from_name: Option<String>,
    /// The first Reply-To address, lowercase.
    pub reply_to: Option<String>,
    /// Message-ID without the angle brackets.
    pub message_id: Option<String>,
    /// Message-IDs to thread a reply under: References, then In-Reply-To, each once.
    pub references: Vec<String>,
    pub subject: Option<String>,
    /// The orders text: the text/plain body (HTML converted when there is no usable
    /// plain part), transfer encodings undone, format=flowed lines rejoined, in UTF-8,
    /// with `\n` line endings. Envelope line numbers count lines of this text.
    pub text: String,
    /// `(file name, text)` of text/plain attachments: an orders file sent as a file.
    pub attachments: Vec<(String, String)>,
    /// Why this mail must never get a reply (bounce, auto-reply, list), if it must not.
    pub automated: Option<String>,
    /// False when the input has no mail headers at all: a plain orders file.
    pub is_mail: bool,
}

impl Inbound {
    /// The addresses the mail claims to come from: Reply-To, then From. Anyone can write
    /// them, so they are only ever matched against addresses the campaign registered.
    pub fn claimed_senders(&self) -> impl Iterator<Item = &str> {
        [self.reply_to.as_deref(), self.from.as_deref()].into_iter().flatten()
    }
}

/// Header names that only mail has; one of them must be in the header block for the
/// input to count as mail, so that an orders file that starts `Game: x` stays a file.
const MAIL_HEADERS: &[&str] = &[
    "from",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "received",
    "return-path",
    "mime-version",
    "content-type",
    "reply-to",
    "sender",
    "delivered-to",
    "in-reply-to",
    "references",
];

/// Reads a mail, or a plain orders file, and never fails: whatever the input, the
/// result says what could be read. A plain text file gives `is_mail == false` and its
/// whole text.
pub fn parse_mail(raw: &[u8]) -> Inbound {
    let raw = skip_postmark(raw);
    if !looks_like_mail(raw) {
        return plain_file(raw);
    }
    let Some(message) = MessageParser::default().parse(raw) else {
        return plain_file(raw);
    };

    let from_addr = message.from().and_then(|a| a.first());
    let from = from_addr.and_then(|a| a.address()).map(|a| a.trim().to_lowercase()).filter(|a| !a.is_empty());
    let from_name = from_addr.and_then(|a| a.name()).map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    let reply_to = message
        .reply_to()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|a| a.trim().to_lowercase())
        .filter(|a| !a.is_empty());

    Inbound {
        automated: automated_reason(&message, from.as_deref()),
        from,
        from_name,
        reply_to,
        message_id: message.message_id().map(|id| id.to_string()),
        references: thread_ids(&message),
        subject: message.subject().map(|s| s.to_string()),
        text: body_text(&message),
        attachments: text_attachments(&message),
        is_mail: true,
    }
}

/// A message saved from an mbox may keep its `From sender date` line, which is not a
/// header; it is skipped.
fn skip_postmark(raw: &[u8]) -> &[u8] {
    if raw.starts_with(b"From ") {
        match raw.iter().position(|b| *b == b'\n') {
            Some(end) => &raw[end + 1..],
            None => &[],
        }
    } else {
        raw
    }
}

/// Is the start of `raw` a block of mail header fields (each `Name: value` or a folded
/// continuation) containing at least one header only mail has?
fn looks_like_mail(raw: &[u8]) -> bool {
    let mut known = false;
    for (index, line) in raw.split(|b| *b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line.starts_with(b" ") || line.starts_with(b"\t") {
            if index == 0 {
                return false;
            }
            continue;
        }
        let Some(colon) = line.iter().position(|b| *b == b':') else {
            return false;
        };
        let name = &line[..colon];
        if name.is_empty() || !name.iter().all(|b| (33..=126).contains(b)) {
            return false;
        }
        let name = String::from_utf8_lossy(name).to_ascii_lowercase();
        known |= MAIL_HEADERS.contains(&name.as_str());
    }
    known
}

/// A file that is not mail: its text, as UTF-8 if it is, else as Windows-1252 (the
/// usual charset of a text file written on an older PC, and a superset of Latin-1).
fn plain_file(raw: &[u8]) -> Inbound {
    Inbound { text: decode_text_file(raw), is_mail: false, ..Inbound::default() }
}

fn decode_text_file(raw: &[u8]) -> String {
    let text = match raw {
        [0xFF, 0xFE, rest @ ..] => decode_with(b"utf-16le", rest),
        [0xFE, 0xFF, rest @ ..] => decode_with(b"utf-16be", rest),
        _ => match std::str::from_utf8(raw) {
            Ok(text) => text.strip_prefix('\u{feff}').unwrap_or(text).to_string(),
            Err(_) => decode_with(b"windows-1252", raw),
        },
    };
    unix_lines(&text)
}

fn decode_with(charset: &[u8], bytes: &[u8]) -> String {
    match mail_parser::decoders::charsets::map::charset_decoder(charset) {
        Some(decode) => decode(bytes),
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}

fn unix_lines(text: &str) -> String {
    text.replace("\r\n", "\n")
}

/// References first (oldest first, as the header lists them), then In-Reply-To, each
/// id once.
fn thread_ids(message: &Message<'_>) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for value in [message.references(), message.in_reply_to()] {
        let listed: Vec<&str> = match value.as_text_list() {
            Some(list) => list.iter().map(|s| s.as_ref()).collect(),
            None => value.as_text().into_iter().collect(),
        };
        for id in listed {
            let id = id.trim().trim_start_matches('<').trim_end_matches('>');
            if !id.is_empty() && !ids.iter().any(|seen| seen == id) {
                ids.push(id.to_string());
            }
        }
    }
    ids
}

/// The orders text: every body part the mail shows as its text, in order (some
/// programs split the body around an inline picture). mail-parser already chose the
/// plain alternative where there is one; an HTML part is converted. If the plain parts
/// are empty but HTML exists (a few programs send an empty text/plain alternative),
/// the HTML is used instead.
fn body_text(message: &Message<'_>) -> String {
    let mut pieces: Vec<String> = Vec::new();
    for part in message.text_bodies() {
        match &part.body {
            PartType::Text(text) => match flowed(part) {
                Some(delsp) => pieces.push(unflow(&unix_lines(text), delsp)),
                None => pieces.push(text.to_string()),
            },
            PartType::Html(html) => pieces.push(html_to_text(html)),
            _ => {}
        }
    }
    let mut text = pieces.join("\n");
    if text.trim().is_empty() {
        let html: Vec<String> = message
            .html_bodies()
            .filter_map(|part| match &part.body {
                PartType::Html(html) => Some(html_to_text(html)),
                _ => None,
            })
            .collect();
        if !html.is_empty() {
            text = html.join("\n");
        }
    }
    unix_lines(&text)
}

/// `Some(delsp)` when a text part is `format=flowed` (RFC 3676), as Thunderbird and
/// others send by default.
fn flowed(part: &MessagePart<'_>) -> Option<bool> {
    let ct = part.content_type()?;
    if !ct.attribute("format")?.eq_ignore_ascii_case("flowed") {
        return None;
    }
    Some(ct.attribute("delsp").is_some_and(|d| d.eq_ignore_ascii_case("yes")))
}

/// Undoes format=flowed: a line ending in a space continues on the next line (the
/// sender wrapped a long line), and a space the sender put before a line that starts
/// with a space, `>` or `From ` is removed. Without this a long order wrapped by the
/// mail program would read as two broken lines. Quoted lines join only with lines of
/// the same quote depth and keep a `> ` prefix per level.
fn unflow(text: &str, delsp: bool) -> String {
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut continues = false;
    for line in text.split('\n') {
        let depth = line.bytes().take_while(|b| *b == b'>').count();
        let content = &line[depth..];
        let content = content.strip_prefix(' ').unwrap_or(content);
        let soft = content.ends_with(' ') && content != "-- ";
        let piece = match content.strip_suffix(' ') {
            Some(without) if soft && delsp => without,
            _ => content,
        };
        match lines.last_mut() {
            Some((last_depth, last)) if continues && *last_depth == depth => last.push_str(piece),
            _ => lines.push((depth, piece.to_string())),
        }
        continues = soft;
    }
    lines
        .into_iter()
        .map(|(depth, text)| match depth {
            0 => text,
            _ => format!("{} {text}", ">".repeat(depth)),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Attached orders files: text/plain attachments, and attachments named `*.txt` whose
/// bytes are UTF-8 even if the sending program labelled them as binary.
fn text_attachments(message: &Message<'_>) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for (index, part) in message.attachments().enumerate() {
        let name = part.attachment_name().map(|n| n.to_string());
        let is_plain = part.content_type().is_none_or(|ct| {
            ct.ctype().eq_ignore_ascii_case("text")
                && ct.subtype().is_none_or(|s| s.eq_ignore_ascii_case("plain"))
        });
        let named_txt = name.as_deref().is_some_and(|n| n.to_ascii_lowercase().ends_with(".txt"));
        let text = match &part.body {
            PartType::Text(text) if is_plain || named_txt => Some(text.to_string()),
            PartType::Binary(bytes) | PartType::InlineBinary(bytes) if named_txt => {
                std::str::from_utf8(bytes).ok().map(|s| s.to_string())
            }
            _ => None,
        };
        if let Some(text) = text {
            let name = name.unwrap_or_else(|| format!("attachment-{}.txt", index + 1));
            files.push((name, unix_lines(&text)));
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_block_detection() {
        assert!(looks_like_mail(b"From: a@b.c\r\nSubject: x\r\n\r\nbody"));
        assert!(looks_like_mail(b"Subject: x\n folded\nX-Thing: y\n\nbody"));
        assert!(!looks_like_mail(b"GAME x\nPLAYER y\n"));
        assert!(!looks_like_mail(b"Game: x\nPlayer: y\n\nA PAR-BUR\n"));
        assert!(!looks_like_mail(b""));
        assert!(!looks_like_mail(b" Subject: x\n"));
    }

    #[test]
    fn flowed_lines_are_joined() {
        let text = "GAME g\nF NAP-ION, and a comment long enough to be \nwrapped by the program\n From stuffed\n> quoted \n> more\n-- \nsig\n";
        assert_eq!(
            unflow(text, false),
            "GAME g\nF NAP-ION, and a comment long enough to be wrapped by the program\nFrom stuffed\n> quoted more\n-- \nsig\n"
        );
        assert_eq!(unflow("ab \ncd", true), "abcd");
    }

    #[test]
    fn latin1_file() {
        let inbound = parse_mail(b"GAME x\r\nPLAYER Fran\xe7ois\r\n");
        assert!(!inbound.is_mail);
        assert_eq!(inbound.text, "GAME x\nPLAYER François\n");
    }
}
