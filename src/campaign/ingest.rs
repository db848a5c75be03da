//! `umpire ingest`: takes a mail or an orders file, stores it exactly as received,
//! checks it, and answers it once: accepted with a receipt, or refused with every bad
//! line and its reason. Nothing a player sends is lost, even when it is refused.

use std::ops::ControlFlow;
use std::path::PathBuf;

use crate::error::Result;
use serde::Serialize;
use serde_json::json;

use super::adjudicate::{self, Outcome};
use super::answer;
use super::event::{Accept, Event, Input};
use super::outbox::{self, Mail};
use super::{Campaign, Txn, store};
use crate::engine::{self, PhaseMode};
use crate::mail::{Inbound, parse_mail};
use crate::orders::{Envelope, parse_envelope};
use crate::report::context::{CampaignInfo, PhaseInfo};
use crate::report::{Format, Templates};
use crate::trust;

/// What became of one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Accepted {
        player: String,
        receipt: String,
    },
    Refused {
        reason: String,
    },
    /// An auto-reply, a bounce or a list mail: stored, never answered.
    Ignored {
        why: String,
    },
    /// The same mail delivered again: stored, answered the first time only.
    Duplicate,
    /// Press only: delivered or held for the next report; no orders changed.
    Press {
        player: String,
        sent: usize,
        refused: usize,
    },
    /// GM commands, carried out.
    Gm {
        done: Vec<String>,
        adjudicate: bool,
    },
}

pub struct Ingested {
    pub input: u64,
    pub stored: PathBuf,
    pub verdict: Verdict,
    /// Steps resolved because of this input (a dice request, say).
    pub steps: Vec<Outcome>,
}

#[derive(Serialize)]
struct LineError {
    line: usize,
    text: String,
    reason: String,
}

/// Stores `raw` in `inbox/` before anything else. The caller holds the lock.
pub fn store_raw(c: &Campaign, raw: &[u8]) -> Result<(u64, PathBuf)> {
    let dir = c.root.join("inbox");
    store::create_dirs(&dir)?;
    let mut n = c.ledger.inputs().map(|i| i.input).max().unwrap_or(0);
    for entry in std::fs::read_dir(&dir)?.flatten() {
        if let Some(k) =
            entry.file_name().to_str().and_then(|s| s.split('.').next()).and_then(|s| s.parse::<u64>().ok())
        {
            n = n.max(k);
        }
    }
    let n = n + 1;
    let rel = PathBuf::from(format!("inbox/{n:06}.eml"));
    store::write_atomic(&c.root.join(&rel), raw)?;
    store::crash_point("raw-stored");
    Ok((n, rel))
}

/// Inputs stored before a crash but never answered, oldest first.
pub fn unanswered(c: &Campaign) -> Result<Vec<(u64, PathBuf)>> {
    let dir = c.root.join("inbox");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let done: std::collections::BTreeSet<u64> = c.ledger.inputs().map(|i| i.input).collect();
    let mut out: Vec<(u64, PathBuf)> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let n: u64 = name.strip_suffix(".eml")?.parse().ok()?;
            (!done.contains(&n)).then(|| (n, PathBuf::from("inbox").join(name)))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Finishes what an interrupted run left: inputs stored but not answered, and
/// accepted requests of an immediate phase not yet resolved. Returns the steps resolved.
pub fn finish_interrupted(c: &mut Campaign) -> Result<Vec<Outcome>> {
    let mut steps = Vec::new();
    for (n, rel) in unanswered(c)? {
        let bytes = std::fs::read(c.root.join(&rel))?;
        steps.extend(process(c, n, rel, &bytes)?.steps);
    }
    loop {
        let phase = c.phase(&c.current_state()?)?;
        if phase.mode != PhaseMode::Immediate || phase.game_over.is_some() {
            break;
        }
        let waiting = adjudicate::sealed_orders(c, c.steps() + 1)?;
        let Some(player) = waiting.keys().next().cloned() else {
            break;
        };
        steps.push(adjudicate::resolve_immediate(c, &player)?);
    }
    Ok(steps)
}

/// Stores, checks and answers one input.
pub fn ingest(c: &mut Campaign, raw: &[u8]) -> Result<Ingested> {
    let mut earlier = finish_interrupted(c)?;
    let (n, rel) = store_raw(c, raw)?;
    let mut result = process(c, n, rel, raw)?;
    earlier.append(&mut result.steps);
    result.steps = earlier;
    Ok(result)
}

/// Checks and answers an input already stored as `inbox/<n>.eml`.
pub fn process(c: &mut Campaign, n: u64, stored: PathBuf, raw: &[u8]) -> Result<Ingested> {
    let mail = parse_mail(raw);
    let raw_hash = trust::hex(&trust::h(&[raw]));
    // The same mail delivered again: same Message-ID and same content. The raw bytes
    // may differ (a second delivery adds its own Received lines), so the content is
    // what the mail says: its text and attachments.
    let mut content = mail.text.clone().into_bytes();
    for (name, text) in &mail.attachments {
        content.extend_from_slice(format!("\n--attachment {name}\n{text}").as_bytes());
    }
    let content_hash = trust::hex(&trust::h(&[&content]));
    let mut txn = Txn::new();
    let duplicate = mail.message_id.is_some()
        && c.ledger.inputs().any(|i| i.message_id == mail.message_id && i.content_sha256 == content_hash);
    let verdict = if duplicate {
        Verdict::Duplicate
    } else if let Some(why) = &mail.automated {
        Verdict::Ignored { why: why.clone() }
    } else {
        judge(c, n, raw, &mail, &mut txn)?
    };
    let verdict_value = match &verdict {
        Verdict::Accepted { player, receipt } => json!({"accepted": player, "receipt": receipt}),
        Verdict::Refused { reason } => json!({"refused": reason}),
        Verdict::Ignored { why } => json!({"ignored": why}),
        Verdict::Duplicate => json!("duplicate"),
        Verdict::Press { player, sent, refused } => {
            json!({"press": player, "sent": sent, "refused": refused})
        }
        Verdict::Gm { done, .. } => json!({"gm": done}),
    };
    // The accept entry (written by `judge`) follows the input entry in the ledger.
    let mut ordered = Txn::new();
    ordered.record(Event::Input(Input {
        input: n,
        file: stored.display().to_string(),
        sha256: raw_hash,
        content_sha256: content_hash,
        bytes: raw.len() as u64,
        message_id: mail.message_id.clone(),
        from: mail.from.clone(),
        verdict: verdict_value,
    }));
    ordered.absorb(txn);
    c.commit(ordered)?;

    let mut steps = Vec::new();
    if let Verdict::Gm { adjudicate, .. } = &verdict {
        // Only GM commands change campaign.toml (a replaced player's new secret).
        c.config = super::Config::load(&c.root)?;
        if *adjudicate {
            steps.extend(adjudicate::adjudicate(c, true)?);
        }
    }
    if let Verdict::Accepted { player, .. } = &verdict
        && c.phase(&c.current_state()?)?.mode == PhaseMode::Immediate
    {
        steps.push(adjudicate::resolve_immediate(c, player)?);
        steps.extend(adjudicate::run_automatic(c)?);
    }
    Ok(Ingested { input: n, stored, verdict, steps })
}

/// A step of [`judge`] either goes on with what it found or has answered the mail (a
/// refusal, or GM commands), and then judging ends with that verdict.
type Judged<T> = Result<ControlFlow<Verdict, T>>;

/// The value of a [`Judged`] step, or the end of [`judge`] with its verdict.
macro_rules! go_on {
    ($step:expr) => {
        match $step? {
            ControlFlow::Continue(value) => value,
            ControlFlow::Break(verdict) => return Ok(verdict),
        }
    };
}

/// Decides on an input and queues its one reply.
fn judge(c: &Campaign, n: u64, raw: &[u8], mail: &Inbound, txn: &mut Txn) -> Result<Verdict> {
    let step = c.steps() + 1;
    let engine = c.engine()?;
    let state = c.current_state()?;
    let phase = c.phase(&state)?;
    let mut reply = reply_to(c, n, step, &phase, mail)?;
    let found = go_on!(open_envelope(c, raw, mail, &phase, &mut reply, txn));
    let sender = go_on!(authenticate(c, &found, &phase, &mut reply, txn));
    if !found.press.is_empty() && !sender.gm_party && is_blank(&found.envelope.body) {
        return answer_press_only(c, n, step, &phase, &found, sender, &mut reply, txn);
    }
    let echo = go_on!(check(engine.as_ref(), &state, &phase, &found, &sender, &mut reply, txn));
    let sealed = go_on!(seal_orders(c, n, step, &found, &sender, &mut reply, txn));
    answer(c, n, step, &phase, &found, sender, echo, sealed, &mut reply, txn)
}

/// Ends judging with a refusal.
fn refused<T>(verdict: Result<Verdict>) -> Judged<T> {
    verdict.map(ControlFlow::Break)
}

/// Where the answer goes. Until the secret is checked, anyone may have written the From
/// and Reply-To: answer only at an address registered in this campaign (or, for a plain
/// file with no sender, the GM), never a stranger's, and quote nothing of the mail.
fn reply_to<'a>(
    c: &'a Campaign,
    n: u64,
    step: u64,
    phase: &'a engine::Phase,
    mail: &'a Inbound,
) -> Result<Reply<'a>> {
    let has_sender = mail.claimed_senders().next().is_some();
    let registered = mail.claimed_senders().find_map(|a| c.config.registered(a));
    let sched = c.schedule_for(phase);
    let deadline = super::schedule::deadline(&c.ledger, sched.as_ref(), step)?
        .and_then(|d| sched.as_ref().map(|s| s.show(d)));
    Ok(Reply { c, n, step, phase, deadline, mail, to: registered, authenticated: false, has_sender })
}

/// What the envelope of an orders mail holds, press cut out.
struct Found {
    /// The orders file's text (without its press blocks).
    text: String,
    envelope: Envelope,
    press: Vec<super::press::Block>,
    /// The player whose report's answer code the mail carries (a plain reply to a
    /// question); `text` is then the orders file the answer stands for.
    by_reply: Option<String>,
}

/// Finds the envelope: the size cap, the orders file (or a plain reply's answer code),
/// the press blocks cut out, its header lines read, and its GAME and PLAYER lines.
fn open_envelope(
    c: &Campaign,
    raw: &[u8],
    mail: &Inbound,
    phase: &engine::Phase,
    reply: &mut Reply,
    txn: &mut Txn,
) -> Judged<Found> {
    let size = crate::mail::capped::oversize(raw).unwrap_or(raw.len() as u64);
    if size > c.config.max_input_bytes {
        let reason =
            format!("the mail is {size} bytes; this game takes at most {}", c.config.max_input_bytes);
        return refused(reply.refuse(txn, None, reason, Vec::new()));
    }
    // A plain reply to a report's question, without header lines: its answer code
    // (see `reply_answer`) stands in for the secret.
    let by_reply = find_envelope(mail)
        .is_none()
        .then(|| super::reply_answer::read(&c.config, mail, phase, c.steps()))
        .flatten();
    let found = match &by_reply {
        Some((_, text)) => Some((text.clone(), parse_envelope(text))),
        None => find_envelope(mail),
    };
    let Some((text, envelope)) = found else {
        let reason = if mail.text.trim().is_empty() && mail.attachments.is_empty() {
            "the mail is empty: no orders found".to_string()
        } else {
            "no orders found: an orders file starts with GAME, PLAYER and SECRET lines".to_string()
        };
        return refused(reply.refuse(txn, None, reason, Vec::new()));
    };
    // Press is cut out before anything is read as orders (see `press`); campaigns made
    // before press read every line as orders, as they always did.
    let (text, envelope, press) = match &c.config.press {
        None => (text, envelope, Vec::new()),
        Some(_) => match super::press::cut(&text) {
            Ok(cut) => {
                let envelope = parse_envelope(&cut.orders);
                (cut.orders, envelope, cut.blocks)
            }
            Err((line, reason)) => {
                let errors = vec![LineError { line, text: String::new(), reason }];
                return refused(reply.refuse(
                    txn,
                    None,
                    "the press in this mail is not right".into(),
                    errors,
                ));
            }
        },
    };
    let envelope = match envelope {
        Ok(e) => e,
        Err(errors) => {
            let errors = errors
                .into_iter()
                .map(|e| LineError { line: e.line, text: e.text, reason: e.reason })
                .collect();
            return refused(reply.refuse(txn, None, "the orders file's header is not right".into(), errors));
        }
    };
    match envelope.game.as_deref() {
        None => {
            return refused(reply.refuse(
                txn,
                None,
                "there is no GAME line naming the campaign".into(),
                Vec::new(),
            ));
        }
        Some(g) if !g.eq_ignore_ascii_case(&c.config.id) => {
            let reason = format!("this is game {}, but the GAME line names another game", c.config.id);
            return refused(reply.refuse(txn, None, reason, Vec::new()));
        }
        _ => {}
    }
    if envelope.player.is_none() {
        return refused(reply.refuse(txn, None, "there is no PLAYER line".into(), Vec::new()));
    }
    let by_reply = by_reply.map(|(id, _)| id);
    Ok(ControlFlow::Continue(Found { text, envelope, press, by_reply }))
}

/// Who sent the orders, proved.
struct Sender {
    id: String,
    /// The GM as a party: the open phase asked the GM for a file (a ruling).
    gm_party: bool,
}

/// Authenticates the sender: a player's secret (or a plain reply's answer code), or
/// the GM's. A GM file is commands unless the open phase asks the GM for a file and it
/// starts with RULING: then it is sealed and committed like a player's orders.
fn authenticate(
    c: &Campaign,
    found: &Found,
    phase: &engine::Phase,
    reply: &mut Reply,
    txn: &mut Txn,
) -> Judged<Sender> {
    let envelope = &found.envelope;
    let name = envelope.player.as_deref().unwrap_or_default();
    let is_gm = name.trim().eq_ignore_ascii_case(GM);
    let gm_party = is_gm
        && phase.asked().iter().any(|p| p == GM)
        && envelope
            .body
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.to_ascii_uppercase().starts_with("RULING"));
    if is_gm && !gm_party {
        return gm(c, envelope, reply, txn).map(ControlFlow::Break);
    }
    let id = if gm_party {
        if !gm_signed(c, envelope, reply) {
            return refused(reply.refuse(
                txn,
                None,
                "the GM's secret is wrong; nothing was stored".into(),
                Vec::new(),
            ));
        }
        Ok(GM.to_string())
    } else {
        match c.config.player(name) {
            None => Err(format!("the PLAYER line names no player of game {}", c.config.id)),
            Some(player) if found.by_reply.as_ref().is_some_and(|id| *id == player.id) => {
                reply.to = Some(player.email.clone());
                reply.authenticated = true;
                Ok(player.id.clone())
            }
            Some(player) if !envelope.secret.as_deref().is_some_and(|s| player.secret_fits(s)) => {
                // The named player hears of it at their own address, whoever sent it.
                reply.to = Some(player.email.clone());
                let reason =
                    if envelope.secret.is_none() { "there is no SECRET line" } else { "the secret is wrong" };
                Err(format!("{reason} for player {}; nothing was stored as theirs", player.id))
            }
            Some(player) => {
                // From here on the sender is the player: answer at the player's own address.
                reply.to = Some(player.email.clone());
                reply.authenticated = true;
                Ok(player.id.clone())
            }
        }
    };
    match id {
        Ok(id) => Ok(ControlFlow::Continue(Sender { id, gm_party })),
        Err(reason) => refused(reply.refuse(txn, None, reason, Vec::new())),
    }
}

/// Press only: taken whatever phase is open, and the orders stay as they were.
#[allow(clippy::too_many_arguments)]
fn answer_press_only(
    c: &Campaign,
    n: u64,
    step: u64,
    phase: &engine::Phase,
    found: &Found,
    sender: Sender,
    reply: &mut Reply,
    txn: &mut Txn,
) -> Result<Verdict> {
    let press = super::press::take(c, txn, n, step, &sender.id, &found.press, phase.game_over.is_some())?;
    let ctx = json!({
        "accepted": true,
        "press_only": true,
        "campaign": reply.campaign_info()?,
        "player": sender.id,
        "phase": PhaseInfo::of(phase, reply.deadline.clone()),
        "deadline": reply.deadline,
        "step": step,
        "press": press,
    });
    reply.send(txn, "press", ctx)?;
    let sent = press.iter().filter(|p| p.accepted).count();
    Ok(Verdict::Press { player: sender.id, sent, refused: press.len() - sent })
}

/// Checks the orders against the open phase and the state they will run in (a dry run
/// of the system's own check); returns the lines echoed back to the player.
fn check(
    engine: &dyn engine::Engine,
    state: &serde_json::Value,
    phase: &engine::Phase,
    found: &Found,
    sender: &Sender,
    reply: &mut Reply,
    txn: &mut Txn,
) -> Judged<Vec<String>> {
    let player_id = &sender.id;
    let envelope = &found.envelope;
    if let Some(result) = &phase.game_over {
        let reason = format!("the game is over ({result}); no phase is open");
        return refused(reply.refuse(txn, Some(player_id), reason, Vec::new()));
    }
    if let Some(p) = envelope.phase.as_deref().filter(|p| !p.trim().eq_ignore_ascii_case(&phase.id)) {
        let reason = format!("phase {p} is not open; the open phase is {} ({})", phase.id, phase.title);
        return refused(reply.refuse(txn, Some(player_id), reason, Vec::new()));
    }
    if !phase.asked().contains(player_id) {
        let reason = if phase.asked().is_empty() {
            format!(
                "no orders are due from {player_id} in {}: it resolves by itself; the report after it says who is due next",
                phase.title
            )
        } else {
            format!(
                "no orders are due from {player_id} in {}: waiting for {}; keep your orders and send them once a report says yours are due",
                phase.title,
                phase.due.join(", ")
            )
        };
        return refused(reply.refuse(txn, Some(player_id), reason, Vec::new()));
    }
    let check = if let Some(prompt) = phase.prompts.get(player_id) {
        // An answer to a question: its number or its words; echoed as its words, which
        // the player may send again.
        match prompt.read(&envelope.body) {
            Ok(i) => Ok(vec![
                prompt.answers.get(i).cloned().unwrap_or_default(),
                format!("# answer {} of {} to: {}", i + 1, prompt.answers.len(), prompt.question),
            ]),
            Err(reason) => Err(vec![crate::engine::OrderError::new(1, envelope.body.trim(), reason)]),
        }
    } else if super::signon::is_sign_on(phase) {
        // Any text signs on: what matters is the receipt, which seeds later dice.
        Ok(vec!["# signed on: this file's receipt seeds the dice; your orders for the game come when a report says they are due".to_string()])
    } else {
        engine.check(state, player_id, &envelope.body)?
    };
    match check {
        Ok(echo) => Ok(ControlFlow::Continue(
            echo.iter().map(|l| answer::quote(l, answer::REASON_CHARS)).collect::<Vec<_>>(),
        )),
        Err(errors) => {
            let errors = in_the_mail(envelope, errors);
            refused(reply.refuse(txn, Some(player_id), "some orders are not right".into(), errors))
        }
    }
}

/// The orders as sealed, and their receipt.
struct Sealed {
    text: String,
    receipt: String,
    salt: String,
}

/// Seals the orders and records them: the sealed file under `phases/<step>/orders/`,
/// and its receipt in the ledger.
fn seal_orders(
    c: &Campaign,
    n: u64,
    step: u64,
    found: &Found,
    sender: &Sender,
    reply: &mut Reply,
    txn: &mut Txn,
) -> Judged<Sealed> {
    let player_id = &sender.id;
    let secret = found.envelope.secret.clone().unwrap_or_default();
    let sealed = seal(&found.text, &secret);
    let chains = c.chains()?;
    let Some(h_k) = chains.hidden(step) else {
        // An answer, not a failure: a temporary error would have the mail server retry
        // for days a mail that can never be taken.
        let reason = format!(
            "this campaign has used all {} steps its dice were committed for, so no more orders can be taken; the GM has been told (see the README, \"Running out of steps\")",
            chains.length()
        );
        return refused(reply.refuse(txn, Some(player_id), reason, Vec::new()));
    };
    let r = trust::receipt(&h_k, player_id, sealed.as_bytes());
    let receipt = trust::hex(&r.receipt);
    let file = PathBuf::from(format!("phases/{step}/orders/{player_id}-{n:06}.txt"));
    txn.write(file.clone(), sealed.clone());
    txn.record(Event::Accept(Accept {
        step,
        player: player_id.clone(),
        receipt: receipt.clone(),
        input: Some(n),
        file: Some(file.display().to_string()),
    }));
    Ok(ControlFlow::Continue(Sealed { text: sealed, receipt, salt: trust::hex(&r.salt) }))
}

/// Takes the mail's press and answers: the echo, the receipt and its salt.
#[allow(clippy::too_many_arguments)]
fn answer(
    c: &Campaign,
    n: u64,
    step: u64,
    phase: &engine::Phase,
    found: &Found,
    sender: Sender,
    echo: Vec<String>,
    sealed: Sealed,
    reply: &mut Reply,
    txn: &mut Txn,
) -> Result<Verdict> {
    let press = super::press::take(c, txn, n, step, &sender.id, &found.press, false)?;
    let ctx = json!({
        "accepted": true,
        "campaign": reply.campaign_info()?,
        "player": sender.id,
        "phase": PhaseInfo::of(phase, reply.deadline.clone()),
        "deadline": reply.deadline,
        "step": step,
        "press": press,
        "echo": echo,
        "receipt": sealed.receipt,
        "salt": sealed.salt,
        "sealed": sealed.text.trim_end(),
    });
    reply.send(txn, "accepted", ctx)?;
    Ok(Verdict::Accepted { player: sender.id, receipt: sealed.receipt })
}

fn is_blank(body: &str) -> bool {
    body.lines().map(str::trim).all(|l| l.is_empty() || l.starts_with('#'))
}

/// A system's line errors, renumbered to the lines of the mail or file as sent.
fn in_the_mail(envelope: &Envelope, errors: Vec<crate::engine::OrderError>) -> Vec<LineError> {
    let offset = envelope.body_first_line.saturating_sub(1);
    errors.into_iter().map(|e| LineError { line: e.line + offset, text: e.text, reason: e.reason }).collect()
}

/// The GM's id where a phase asks the GM for a file (a ruling); the engine owns it.
pub use crate::engine::GM;

/// GM commands: authenticated with the GM's secret, answered at the GM's address.
/// Is the mail signed with the GM's secret? Either way the answer goes to the GM's
/// address (a wrong secret is the GM's to hear of, whoever sent it).
fn gm_signed(c: &Campaign, envelope: &Envelope, reply: &mut Reply) -> bool {
    let signed = envelope.secret.as_deref().is_some_and(|s| c.config.gm_secret_fits(s));
    if !signed {
        reply.to = c.config.gm_email.clone();
    } else if let Some(gm) = &c.config.gm_email {
        reply.to = Some(gm.clone());
    }
    reply.authenticated = signed;
    signed
}

fn gm(c: &Campaign, envelope: &Envelope, reply: &mut Reply, txn: &mut Txn) -> Result<Verdict> {
    if !gm_signed(c, envelope, reply) {
        return reply.refuse(txn, None, "the GM's secret is wrong; nothing was done".into(), Vec::new());
    }
    match super::gm_mail::apply(c, &envelope.body, txn)? {
        Err(errors) => {
            let errors = in_the_mail(envelope, errors);
            reply.refuse(
                txn,
                Some("gm"),
                "some GM commands are not right; none was carried out".into(),
                errors,
            )
        }
        Ok(outcome) => {
            let ctx = json!({
                "accepted": true,
                "gm": true,
                "campaign": reply.campaign_info()?,
                "player": "gm",
                "phase": PhaseInfo::of(reply.phase, reply.deadline.clone()),
                "step": reply.step,
                "echo": outcome.done,
            });
            reply.send(txn, "done", ctx)?;
            Ok(Verdict::Gm { done: outcome.done, adjudicate: outcome.adjudicate })
        }
    }
}

/// The orders text of a mail and its envelope: the body first, then any text attachment.
fn find_envelope(mail: &Inbound) -> Option<(String, Result<Envelope, Vec<crate::orders::EnvelopeError>>)> {
    let mut candidates = vec![mail.text.clone()];
    candidates.extend(mail.attachments.iter().map(|(_, t)| t.clone()));
    let mut first_error = None;
    for text in candidates {
        match parse_envelope(&text) {
            Ok(e) if e.game.is_some() || e.player.is_some() => return Some((text, Ok(e))),
            Ok(_) => {}
            Err(errors) => {
                if first_error.is_none() {
                    first_error = Some((text, Err(errors)));
                }
            }
        }
    }
    first_error
}

/// The sealed form of an orders text: LF line ends, the secret replaced by `[secret]`.
pub fn seal(text: &str, secret: &str) -> String {
    let mut s = text.replace("\r\n", "\n");
    if secret.len() >= 4 {
        s = s.replace(secret, "[secret]");
    }
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

struct Reply<'a> {
    c: &'a Campaign,
    n: u64,
    step: u64,
    phase: &'a engine::Phase,
    deadline: Option<String>,
    mail: &'a Inbound,
    to: Option<String>,
    /// The sender proved who they are (a player's or the GM's secret).
    authenticated: bool,
    /// The mail has a From or Reply-To (it is not a plain file the GM ingested).
    has_sender: bool,
}

impl Reply<'_> {
    fn campaign_info(&self) -> Result<CampaignInfo> {
        super::config::campaign_info(&self.c.config)
    }

    fn refuse(
        &mut self,
        txn: &mut Txn,
        player: Option<&str>,
        reason: String,
        mut errors: Vec<LineError>,
    ) -> Result<Verdict> {
        for e in &mut errors {
            // Nothing of an unauthenticated mail is quoted back; a player's line at
            // most in part, and never a control character.
            e.text =
                if self.authenticated { answer::quote(&e.text, answer::QUOTE_CHARS) } else { String::new() };
            e.reason = answer::quote(&e.reason, answer::REASON_CHARS);
        }
        let reason = answer::quote(&reason, answer::REASON_CHARS);
        let ctx = json!({
            "accepted": false,
            "campaign": self.campaign_info()?,
            "player": player,
            "phase": PhaseInfo::of(self.phase, self.deadline.clone()),
            "deadline": self.deadline,
            "step": self.step,
            "reason": reason,
            "errors": errors,
        });
        if self.to.is_none() && !self.has_sender {
            // A plain file with no sender: the GM who ingested it gets the answer.
            self.to = self.c.config.gm_email.clone();
        }
        self.send(txn, "refused", ctx)?;
        Ok(Verdict::Refused { reason })
    }

    fn send(&self, txn: &mut Txn, what: &str, mut ctx: serde_json::Value) -> Result<()> {
        let templates = Templates::new(Some(&self.c.root));
        let (text, html) = super::answer::fit(&mut ctx, |ctx| {
            let text = templates.render("ack", Format::Text, ctx)?;
            Ok((
                crate::report::wrap::wrap(&text, crate::report::wrap::WIDTH),
                templates.render("ack", Format::Html, ctx)?,
            ))
        })?;
        txn.write(format!("phases/{}/acks/{:06}.txt", self.step, self.n), text.clone());
        let Some(to) = self.to.clone() else {
            return Ok(());
        };
        // The game and the phase in the title, so a player with several games sees
        // which one answered, after the player's own subject (`Re: ...`), which mail
        // readers thread by; an earlier answer's tag is not repeated. A stranger's
        // mail is told no more than the game's name.
        let tag = format!("[{}] {}: orders {what}", self.c.config.id, self.phase.title);
        let subject = match &self.mail.subject {
            _ if !self.authenticated => format!("[{}] orders {what}", self.c.config.id),
            Some(s) if !s.trim().is_empty() => {
                let own = s.split(&format!(" \u{2014} [{}]", self.c.config.id)).next().unwrap_or(s).trim();
                let own = if own.to_ascii_lowercase().starts_with("re:") {
                    own.to_string()
                } else {
                    format!("Re: {own}")
                };
                format!("{own} \u{2014} {tag}")
            }
            _ => tag,
        };
        outbox::queue(
            &self.c.config,
            txn,
            Mail {
                name: format!("{:04}-ack-{:06}", self.step, self.n),
                to: vec![to],
                subject,
                text,
                html: Some(html),
                in_reply_to: self.mail.message_id.clone(),
                references: self.mail.references.clone(),
                auto_reply: true,
                attachments: Vec::new(),
                tag: None,
                inline: Vec::new(),
            },
        )?;
        Ok(())
    }
}
