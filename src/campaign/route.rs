//! Several campaigns behind one game address: a root directory holds one campaign
//! directory each, and a mail goes to the campaign its GAME line names.

use std::path::{Path, PathBuf};

use crate::error::{Context, Result};

use super::{Config, store};
use crate::mail::{Outgoing, build_message, parse_mail};
use crate::orders::parse_envelope;

/// The campaign directories under `root`, with their configs, in name order.
pub fn campaigns(root: &Path) -> Result<Vec<(PathBuf, Config)>> {
    campaign_dirs(root)?
        .into_iter()
        .map(|dir| {
            let config = Config::load(&dir)?;
            Ok((dir, config))
        })
        .collect()
}

/// The campaign directories under `root` (those with a `campaign.toml`), sorted,
/// without reading their configs: what `tick --root` walks every minute.
pub fn campaign_dirs(root: &Path) -> Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(root).with_context(|| format!("reading {}", root.display()))?;
    let mut out: Vec<PathBuf> =
        entries.flatten().map(|e| e.path()).filter(|d| d.join("campaign.toml").exists()).collect();
    out.sort();
    Ok(out)
}

/// The GAME line of a mail (from its text or a text attachment), if any.
pub fn game_of(raw: &[u8]) -> Option<String> {
    let mail = parse_mail(raw);
    std::iter::once(mail.text.clone())
        .chain(mail.attachments.iter().map(|(_, t)| t.clone()))
        .find_map(|text| parse_envelope(&text).ok().and_then(|e| e.game))
}

/// Where a mail for `root` goes: the campaign its GAME line names.
pub fn route(root: &Path, raw: &[u8]) -> Result<Option<PathBuf>> {
    let Some(game) = game_of(raw) else { return Ok(None) };
    Ok(campaigns(root)?.into_iter().find(|(_, c)| c.id.eq_ignore_ascii_case(game.trim())).map(|(d, _)| d))
}

/// Keeps a mail that names no campaign here, and answers it only when its sender is a
/// registered player or GM of a campaign here: a stranger's From may be forged, so a
/// stranger gets nothing (the server must not mail whoever a forger names), and nobody
/// is told which games run here or has their own text quoted back.
pub fn unrouted(root: &Path, raw: &[u8]) -> Result<PathBuf> {
    let _lock = super::lock_new(root)?;
    let dir = root.join("unrouted");
    store::create_dirs(&dir)?;
    let n = std::fs::read_dir(&dir)?.flatten().count() + 1;
    let stored = dir.join(format!("{n:06}.eml"));
    store::write_atomic(&stored, raw)?;
    let mail = parse_mail(raw);
    let campaigns = campaigns(root)?;
    let registered = mail
        .claimed_senders()
        .find_map(|a| campaigns.iter().find_map(|(_, c)| c.registered(a).map(|r| (r, c))));
    let (Some((to, any)), None) = (registered, &mail.automated) else {
        return Ok(stored);
    };
    let text = format!(
        "REFUSED: {}\n\nStart your orders with the GAME line your welcome mail gives.\n",
        match game_of(raw) {
            Some(_) => "the GAME line names no game at this address",
            None => "no GAME line was found, so the mail could not be given to a game",
        },
    );
    let domain = any.game_address.rsplit_once('@').map(|(_, d)| d).unwrap_or("umpire.invalid");
    let bytes = build_message(&Outgoing {
        from: any.game_address.clone(),
        to: vec![to],
        reply_to: Some(any.game_address.clone()),
        subject: "Re: your mail to the games".into(),
        text,
        html: None,
        in_reply_to: mail.message_id.clone(),
        references: mail.references.iter().cloned().chain(mail.message_id.clone()).collect(),
        auto_submitted: true,
        message_id: format!("unrouted-{n}@{domain}"),
        date: super::clock::now(),
        attachments: Vec::new(),
        inline: Vec::new(),
    })?;
    store::write_atomic(&root.join("outbox").join(format!("unrouted-{n:06}.eml")), &bytes)?;
    Ok(stored)
}
