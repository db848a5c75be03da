//! Mail in and mail out.
//!
//! In: a single mail (`.eml`, stdin), an mbox file or a maildir, each reduced to an
//! [`Inbound`]: sender, threading ids, the orders text (whatever the mail program did
//! to it: HTML, base64, quoted-printable, any charset), attached orders files, and
//! whether a machine sent it. A plain orders file passes through as its text.
//!
//! Out: [`build_message`] writes a reply as `.eml` bytes for the campaign's outbox;
//! [`send_outbox`] sends the outbox over SMTP or sendmail and files what went out,
//! drawing each report's board picture on the way ([`picture`]).

pub mod automated;
pub mod capped;
pub mod html;
pub mod inbound;
pub mod mailbox;
pub mod outbound;
pub mod outbox;
pub mod picture;
pub mod sent;
pub mod smtp;

pub use inbound::{Inbound, parse_mail};
pub use mailbox::{mark_seen, read_maildir, split_mbox};
pub use outbound::{Outgoing, build_message};
pub use outbox::{SendReport, Transport, send_outbox, send_outbox_with};
