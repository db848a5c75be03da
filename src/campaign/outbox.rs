//! Mail the campaign sends: composed here, written to `outbox/` as .eml files inside
//! the same transaction as the event that caused them, and sent later by `send`.

use std::path::PathBuf;

use crate::error::Result;

use super::{Config, Txn, clock};
use crate::mail::{Outgoing, build_message};

/// A mail to add to the outbox.
pub struct Mail {
    /// The file name in `outbox/`, unique and stable (e.g. `0003-ack-00012`).
    pub name: String,
    pub to: Vec<String>,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
    /// The Message-ID of the mail this answers, for threading.
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    /// An automatic reply to a player's mail (acknowledgements).
    pub auto_reply: bool,
    /// (file name, MIME type, bytes), after the text.
    pub attachments: Vec<(String, String, Vec<u8>)>,
    /// Written into the Message-ID, which a reply names: a report's answer code.
    pub tag: Option<String>,
    /// Pictures the HTML shows as `cid:<file name>` (see `Outgoing::inline`).
    pub inline: Vec<(String, String, Vec<u8>)>,
}

impl Mail {
    /// A mail of the game's own (a report, a welcome, a reminder), not a reply.
    pub fn new(name: String, to: &str, subject: String, text: String, html: Option<String>) -> Self {
        Mail {
            name,
            to: vec![to.to_string()],
            subject,
            text,
            html,
            in_reply_to: None,
            references: Vec::new(),
            auto_reply: false,
            attachments: Vec::new(),
            tag: None,
            inline: Vec::new(),
        }
    }
}

/// Builds `mail` and adds it to `txn` as `outbox/<name>.eml`.
pub fn queue(config: &Config, txn: &mut Txn, mail: Mail) -> Result<PathBuf> {
    let domain = config.game_address.rsplit_once('@').map(|(_, d)| d).unwrap_or("umpire.invalid");
    let outgoing = Outgoing {
        from: config.game_address.clone(),
        to: mail.to,
        reply_to: Some(config.game_address.clone()),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        in_reply_to: mail.in_reply_to.clone(),
        references: {
            let mut r = mail.references;
            if let Some(id) = mail.in_reply_to.as_ref().filter(|id| !r.contains(id)) {
                r.push(id.clone());
            }
            r
        },
        auto_submitted: mail.auto_reply,
        message_id: match &mail.tag {
            Some(tag) => format!("{}.{tag}.{}@{}", mail.name, config.id, domain),
            None => format!("{}.{}@{}", mail.name, config.id, domain),
        },
        date: clock::now(),
        attachments: mail.attachments,
        inline: mail.inline,
    };
    let bytes = build_message(&outgoing)?;
    let path = PathBuf::from("outbox").join(format!("{}.eml", mail.name));
    txn.write(path.clone(), bytes);
    Ok(path)
}
