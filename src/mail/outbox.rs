//! Sending what waits in a campaign's `outbox/`, and keeping each sent mail in `sent/`.
//!
//! The outbox is the only queue: a mail is sent, then kept in `sent/`'s pack
//! ([`super::sent`]) and removed from the outbox.
//! A mail that fails stays where it is with the reason beside it in `<name>.error`,
//! so the next run tries it again and the GM can read why it failed. Running the
//! command twice therefore sends nothing twice. The one gap is a crash between the
//! server accepting a mail and the rename: that mail is sent again on the next run,
//! which is the better failure for orders acknowledgements than one never sent.
//!
//! A report mail's board picture is drawn as the mail goes out ([`super::picture`]);
//! `sent/` keeps the mail as queued, with the picture's stand-in.

use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Context, Error};
use lettre::address::Envelope;
use lettre::{SendmailTransport, SmtpTransport, Transport as _};
use mail_parser::MessageParser;
use serde::{Deserialize, Serialize};

use super::smtp::{parse_smtp_url, smtp_transport};

/// How mail leaves this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transport {
    /// An SMTP server: see [`super::smtp`] for the URL forms.
    Smtp { url: String },
    /// A local `sendmail` program (default: `sendmail` on the PATH).
    Sendmail { program: Option<PathBuf> },
    /// Print what would be sent; send, move and write nothing.
    DryRun,
    /// Record every mail as sent without sending it anywhere (bot games, whose
    /// players are the bots: their kept campaigns look like a game whose mail went).
    Discard,
}

/// What one run of [`send_outbox`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SendReport {
    /// File names sent and moved into `sent/`, in the order sent.
    pub sent: Vec<String>,
    /// `(file name, error)` for mails that stay in the outbox.
    pub failed: Vec<(String, String)>,
    /// With [`Transport::DryRun`]: the file names that would have been sent.
    pub would_send: Vec<String>,
    /// With [`Transport::DryRun`]: one line per mail, to print.
    pub summaries: Vec<String>,
}

/// Where one mail goes, read from its own headers.
struct Addressing {
    envelope: Envelope,
    summary: String,
}

enum Sender {
    Smtp(Box<SmtpTransport>),
    Sendmail(SendmailTransport),
    DryRun,
    Discard,
}

impl Sender {
    fn new(transport: &Transport) -> crate::error::Result<Sender> {
        Ok(match transport {
            Transport::Smtp { url } => {
                let url = parse_smtp_url(url)?;
                Sender::Smtp(Box::new(smtp_transport(&url)?))
            }
            Transport::Sendmail { program: None } => Sender::Sendmail(SendmailTransport::new()),
            Transport::Sendmail { program: Some(program) } => {
                Sender::Sendmail(SendmailTransport::new_with_command(program.as_os_str()))
            }
            Transport::DryRun => Sender::DryRun,
            Transport::Discard => Sender::Discard,
        })
    }

    fn send(&self, envelope: &Envelope, bytes: &[u8]) -> crate::error::Result<()> {
        match self {
            // lettre ends DATA with CRLF.CRLF whether or not the mail already ends with
            // CRLF; giving it the mail without its final line break makes the server
            // receive exactly the bytes given (those kept in sent/, with the board
            // picture drawn in).
            Sender::Smtp(smtp) => smtp
                .send_raw(envelope, bytes.strip_suffix(b"\r\n").unwrap_or(bytes))
                .map(|_| ())
                .map_err(|e| Error::Mail(format!("SMTP: {e}"))),
            Sender::Sendmail(sendmail) => {
                sendmail.send_raw(envelope, bytes).map_err(|e| Error::Mail(format!("sendmail: {e}")))
            }
            Sender::DryRun | Sender::Discard => Ok(()),
        }
    }
}

/// Sends every `*.eml` in `outbox` (in name order) through `transport`, moving each
/// one sent into `sent` (created if missing). Errors with a single mail are reported
/// in [`SendReport::failed`] and written to `<name>.error` beside it; the function
/// itself fails only when the transport cannot be set up or a folder cannot be read.
///
/// A mail whose name is already in `sent/` with the same bytes was sent before (the
/// outbox copy is a leftover) and is removed without sending; with different bytes it
/// is a failure, since renaming would overwrite the record of what was sent.
///
/// Board pictures are drawn from the files of the campaign the outbox sits in, as they
/// are on disk; [`send_outbox_with`] takes a reader that can render pruned ones again.
pub fn send_outbox(outbox: &Path, sent: &Path, transport: &Transport) -> crate::error::Result<SendReport> {
    let root = outbox.parent().unwrap_or(Path::new(".")).to_path_buf();
    send_outbox_with(outbox, sent, transport, &mut |rel| std::fs::read(root.join(rel)).ok())
}

/// [`send_outbox`] with `read`, which gives a file of the campaign by its path inside
/// it (the SVG a report mail's picture is drawn from), or None.
pub fn send_outbox_with(
    outbox: &Path,
    sent: &Path,
    transport: &Transport,
    read: &mut dyn FnMut(&str) -> Option<Vec<u8>>,
) -> crate::error::Result<SendReport> {
    let sender = Sender::new(transport)?;
    let dry_run = matches!(sender, Sender::DryRun);
    let mut report = SendReport::default();
    // Board pictures are drawn from the campaign's reports, each once a run.
    let mut drawn = super::picture::Drawn::new(read);
    let mut record = super::sent::Sent::open(sent)?;
    for name in outbox_files(outbox)? {
        let path = outbox.join(&name);
        let error_path = outbox.join(format!("{name}.error"));
        let discard = matches!(sender, Sender::Discard);
        let outcome = send_one(&sender, &path, &mut record, &name, |bytes| {
            // Nothing goes on the wire when discarding: no picture to draw.
            if discard { bytes.to_vec() } else { super::picture::fill(bytes, &mut drawn) }
        });
        match outcome {
            Ok(Outcome::Sent) => {
                report.sent.push(name);
                remove_if_present(&error_path)?;
            }
            Ok(Outcome::WouldSend(summary)) => {
                report.would_send.push(name.clone());
                report.summaries.push(format!("would send {name}: {summary}"));
            }
            Ok(Outcome::AlreadySent) => remove_if_present(&error_path)?,
            Err(error) => {
                if !dry_run {
                    write_error(&error_path, &error.to_string())?;
                }
                report.failed.push((name, error.to_string()));
            }
        }
    }
    Ok(report)
}

enum Outcome {
    Sent,
    WouldSend(String),
    AlreadySent,
}

/// Sends the mail at `path` and moves it to `target`. What goes on the wire is
/// `wire(bytes)` (the board picture drawn in); what is kept is the file as queued.
fn send_one(
    sender: &Sender,
    path: &Path,
    record: &mut super::sent::Sent,
    name: &str,
    wire: impl FnOnce(&[u8]) -> Vec<u8>,
) -> crate::error::Result<Outcome> {
    let bytes = fs::read(path).map_err(|cause| Error::Io { path: path.to_path_buf(), cause })?;
    if let Some(hash) = record.hash_of(name)? {
        if hash == crate::trust::hex(&crate::trust::h(&[&bytes])) {
            if !matches!(sender, Sender::DryRun) {
                fs::remove_file(path).map_err(|e| {
                    Error::Mail(format!("already sent, but cannot remove {}: {e}", path.display()))
                })?;
            }
            return Ok(Outcome::AlreadySent);
        }
        return Err(Error::Mail(format!(
            "a different mail named {name} was already sent (kept in sent/); rename this one"
        )));
    }
    let addressing = addressing(&bytes)?;
    if matches!(sender, Sender::DryRun) {
        return Ok(Outcome::WouldSend(addressing.summary));
    }
    sender.send(&addressing.envelope, &wire(&bytes))?;
    record.add(name, &bytes).map_err(|e| {
        Error::Mail(format!("sent, but could not keep it in sent/ ({e}); it will be sent again next time"))
    })?;
    fs::remove_file(path).map_err(|e| {
        Error::Mail(format!("sent and kept in sent/, but could not remove {} ({e})", path.display()))
    })?;
    Ok(Outcome::Sent)
}

/// The SMTP envelope of a mail from its own From, To and Cc headers. A mail with a Bcc
/// header is refused: sending its bytes as they are would show the Bcc list to everyone.
fn addressing(bytes: &[u8]) -> crate::error::Result<Addressing> {
    let message = MessageParser::default().parse_headers(bytes).context("not a mail: no headers")?;
    if message.bcc().is_some() {
        return Err(Error::Mail(
            "the mail has a Bcc header, which would be delivered to every recipient".into(),
        ));
    }
    let from = message
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .context("the mail has no From address")?;
    let from: lettre::Address =
        from.parse().with_context(|| format!("From address '{from}' is not a mail address"))?;
    let mut to: Vec<lettre::Address> = Vec::new();
    for addr in message.all_to().chain(message.all_cc()).flat_map(|a| a.iter()) {
        let Some(text) = addr.address() else { continue };
        let parsed: lettre::Address =
            text.parse().with_context(|| format!("recipient '{text}' is not a mail address"))?;
        if !to.contains(&parsed) {
            to.push(parsed);
        }
    }
    if to.is_empty() {
        return Err(Error::Mail("the mail has no To or Cc address".into()));
    }
    let summary = format!(
        "from {from} to {}, subject \"{}\", {} bytes",
        to.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", "),
        message.subject().unwrap_or(""),
        bytes.len()
    );
    let envelope = Envelope::new(Some(from), to).context("cannot form the SMTP envelope")?;
    Ok(Addressing { envelope, summary })
}

/// Names of the `*.eml` files in `outbox`, sorted; none if the folder does not exist.
fn outbox_files(outbox: &Path) -> crate::error::Result<Vec<String>> {
    let entries = match fs::read_dir(outbox) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot list {}", outbox.display())),
    };
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot list {}", outbox.display()))?;
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if name.starts_with('.') || !name.ends_with(".eml") || !entry.path().is_file() {
            continue;
        }
        names.push(name);
    }
    names.sort();
    Ok(names)
}

/// Writes `<name>.error` whole or not at all (temporary file, then rename).
fn write_error(path: &Path, error: &str) -> crate::error::Result<()> {
    let temporary = path.with_extension("error.tmp");
    fs::write(&temporary, format!("{error}\n"))
        .and_then(|()| fs::rename(&temporary, path))
        .with_context(|| format!("cannot write {}", path.display()))
}

fn remove_if_present(path: &Path) -> crate::error::Result<()> {
    match fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("cannot remove {}", path.display())),
    }
}
