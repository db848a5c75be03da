//! `umpire adjudicate`: seals the open phase, resolves it with that step's committed
//! dice, writes every report and the public record, and opens the next phase.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{Context, Error, Result};
use serde_json::{Value, json};

use super::event;
use super::outbox::{self, Mail};
use super::{Campaign, Config, Txn, clock, state_path};
use crate::dice::{Dice, Roll};
use crate::engine::{self, Event, Phase, PhaseMode, PlayerId, Viewer};
use crate::orders::parse_envelope;
use crate::report::context::{self, PhaseInfo};
use crate::report::{Format, Templates, salts};
use crate::trust::record::{PublicRoll, ReceiptEntry, StepRecord, Version};
use crate::trust::{self, Hash};

/// Most steps resolved in a row without orders (a guard against a system that never waits).
const MAX_AUTOMATIC_STEPS: usize = 1000;

/// What one step did, for the GM's terminal.
pub struct Outcome {
    pub step: u64,
    pub phase: String,
    pub public_events: Vec<String>,
    pub next: Phase,
    /// Set once 90 % of the campaign's committed steps are used: what the GM must know.
    pub chain_warning: Option<String>,
}

/// The GM's warning when step `step` of a chain of `length` leaves few steps: from 90 %
/// used, every step says how many are left and what happens at the end.
pub fn chain_warning(step: u64, length: u64) -> Option<String> {
    if step * 10 < length * 9 {
        return None;
    }
    let left = length.saturating_sub(step);
    Some(format!(
        "this campaign's dice are committed for {length} steps and {step} are used ({left} left). After the last, every orders mail is refused. Finish the game within {left} steps, or start its continuation as a new campaign (umpire new ... --chain-length N, up to {}) from the position of the last report.",
        crate::trust::MAX_CHAIN_LENGTH
    ))
}

/// One accepted orders file waiting in the open phase.
pub struct Sealed {
    pub player: PlayerId,
    pub file: PathBuf,
    pub bytes: Vec<u8>,
}

/// The latest accepted orders of each player for step `step`, from the ledger.
pub fn sealed_orders(c: &Campaign, step: u64) -> Result<BTreeMap<PlayerId, Sealed>> {
    let mut latest: BTreeMap<PlayerId, PathBuf> = BTreeMap::new();
    for a in c.ledger.accepts().filter(|a| a.step == step) {
        if let Some(f) = &a.file {
            latest.insert(a.player.clone(), PathBuf::from(f));
        }
    }
    latest
        .into_iter()
        .map(|(player, file)| {
            let bytes =
                std::fs::read(c.root.join(&file)).with_context(|| format!("reading {}", file.display()))?;
            Ok((player.clone(), Sealed { player, file, bytes }))
        })
        .collect()
}

/// Adjudicates the open phase. Without `force`, refuses while a due player has no orders.
pub fn adjudicate(c: &mut Campaign, force: bool) -> Result<Vec<Outcome>> {
    let state = c.current_state()?;
    let phase = c.phase(&state)?;
    if let Some(result) = &phase.game_over {
        return Err(Error::Refused(format!("the game is over ({result}); there is nothing to adjudicate")));
    }
    let step = c.steps() + 1;
    let sealed = sealed_orders(c, step)?;
    // Optional players count too: the phase waits for them to answer or pass, and a
    // forced step lets them pass. Welcome players are never waited for.
    let asked = phase.asked();
    let waited = phase.waited_for();
    let missing: Vec<&PlayerId> = waited.iter().filter(|p| !sealed.contains_key(*p)).collect();
    if phase.mode == PhaseMode::Immediate {
        return Err(Error::Refused(format!(
            "{} resolves each orders file as it arrives; there is nothing to adjudicate",
            phase.title
        )));
    }
    if !missing.is_empty() && !force {
        return Err(Error::Refused(format!(
            "{} is waiting for orders from {}; adjudicate --force applies the no-orders default to them",
            phase.title,
            missing.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(", ")
        )));
    }
    let mut outcomes = vec![resolve_step(c, &asked, sealed)?];
    outcomes.extend(run_automatic(c)?);
    Ok(outcomes)
}

/// Resolves a dice-server style request at once: the step's only due player is its sender.
pub fn resolve_immediate(c: &mut Campaign, player: &str) -> Result<Outcome> {
    let step = c.steps() + 1;
    let mut sealed = sealed_orders(c, step)?;
    sealed.retain(|p, _| p == player);
    resolve_step(c, &[player.to_string()], sealed)
}

/// Resolves steps that need no orders (set-up rolls, end of turn) until one does.
pub fn run_automatic(c: &mut Campaign) -> Result<Vec<Outcome>> {
    let mut outcomes = Vec::new();
    for _ in 0..MAX_AUTOMATIC_STEPS {
        let phase = c.phase(&c.current_state()?)?;
        if phase.game_over.is_some() || !phase.waited_for().is_empty() {
            return Ok(outcomes);
        }
        outcomes.push(resolve_step(c, &[], BTreeMap::new())?);
    }
    Err(Error::Campaign(format!(
        "{MAX_AUTOMATIC_STEPS} steps in a row needed no orders; the system is not waiting for anyone"
    )))
}

/// Everything a step computes before anything is written; also what `verify` replays.
pub struct Computed {
    pub state: Value,
    pub events: Vec<Event>,
    pub rolls: Vec<Roll>,
    pub record: StepRecord,
}

/// What a step's trust needs beyond its orders.
pub struct StepTrust<'a> {
    pub version: Version,
    /// The bytes of `reports/<k-1>/public.json` (version 2's `P`).
    pub previous_record: &'a [u8],
    /// Has a receipt entered an earlier step's digest?
    pub signed_on: bool,
    /// Is this step version 2's sign-on (the system's state does not change)?
    pub sign_on: bool,
}

/// The pure part of a step: receipts, digest, dice keys, resolution, commitment.
#[allow(clippy::too_many_arguments)]
pub fn compute_step(
    engine: &dyn engine::Engine,
    campaign: &str,
    step: u64,
    chains: &trust::Chains,
    state: &Value,
    due: &[PlayerId],
    sealed: &BTreeMap<PlayerId, Vec<u8>>,
    how: &StepTrust,
) -> Result<Computed> {
    let c_prev = chains
        .public(step - 1)
        .ok_or_else(|| Error::Trust(format!("the chain has no element {}", step - 1)))?;
    let c_k = chains.public(step).ok_or_else(|| {
        Error::Trust(format!("the campaign has used all {} steps of its chain", chains.length()))
    })?;
    let h_k =
        chains.hidden(step).ok_or_else(|| Error::Trust(format!("the hidden chain has no element {step}")))?;
    let mut receipts: Vec<(String, Option<Hash>)> = Vec::new();
    let mut bodies = BTreeMap::new();
    // A question's answer reaches the system as the answer's words; a player who did
    // not answer gets the question's default.
    let prompts = if how.sign_on { BTreeMap::new() } else { engine.phase(state)?.prompts };
    for player in due {
        let r = sealed.get(player).map(|o| trust::receipt(&h_k, player, o).receipt);
        receipts.push((player.clone(), r));
        let body = sealed.get(player).map(|o| {
            let text = String::from_utf8_lossy(o);
            parse_envelope(&text).map(|e| e.body).unwrap_or_default()
        });
        match (prompts.get(player), body) {
            (Some(p), body) => {
                let i = body.as_deref().and_then(|b| p.read(b).ok()).unwrap_or(p.default);
                bodies.insert(player.clone(), p.answers.get(i).cloned().unwrap_or_default());
            }
            (None, Some(body)) => {
                bodies.insert(player.clone(), body);
            }
            (None, None) => {}
        }
    }
    receipts.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let digest = trust::orders_digest(&receipts);
    let mut dice = match how.version {
        Version::V1 => Dice::new(
            &trust::dice_key(campaign, step, &c_k, &digest),
            &trust::hidden_dice_key(campaign, step, &h_k, &digest),
        ),
        Version::V2 => {
            let p = trust::h(&[how.previous_record]);
            Dice::new(
                &trust::dice_key_v2(campaign, step, &c_k, &digest, &p),
                &trust::hidden_dice_key_v2(campaign, step, &h_k, &digest, &p),
            )
        }
    };
    let (state, events) = if how.sign_on {
        let signed: Vec<&str> =
            receipts.iter().filter(|(_, r)| r.is_some()).map(|(p, _)| p.as_str()).collect();
        let text = if signed.is_empty() {
            "Nobody signed on; the game waits for a sign-on".to_string()
        } else {
            format!("Signed on: {} (their receipts seed the dice from here on)", signed.join(", "))
        };
        (state.clone(), vec![Event::public(text)])
    } else {
        engine.resolve(state, &bodies, &mut dice)?
    };
    let rolls = dice.into_rolls();
    let any_receipt = receipts.iter().any(|(_, r)| r.is_some());
    if how.version == Version::V2 && !how.signed_on && !any_receipt && !rolls.is_empty() {
        return Err(Error::Trust("Trust v2: no die may be rolled before a step in which a player's receipt entered the digest; wait for at least one player's orders".into()));
    }
    let record = StepRecord {
        trust: how.version.as_str().into(),
        campaign: campaign.into(),
        step,
        chain_previous: trust::hex(&c_prev),
        chain_reveal: trust::hex(&c_k),
        receipts: receipts
            .iter()
            .map(|(p, r)| ReceiptEntry { player: p.clone(), receipt: r.map(|r| trust::hex(&r)) })
            .collect(),
        orders_digest: trust::hex(&digest),
        rolls: rolls.iter().map(PublicRoll::of).collect(),
        state_commitment: trust::hex(&trust::state_commitment(&h_k, &state)),
    };
    Ok(Computed { state, events, rolls, record })
}

/// Which step a set of reports tells of: the phase resolved and the one now open.
pub struct Headline<'a> {
    pub step: u64,
    pub phase: &'a Phase,
    pub next: &'a Phase,
    /// The open phase's deadline as players read it (recorded in the ledger).
    pub next_deadline: Option<String>,
    /// The broadcast press published with the step (recorded in the ledger), letters to
    /// the zine included (the reports leave those out).
    pub press: &'a [super::press::Published],
}

/// The rendered reports of one step: (path relative to the campaign, text, reader). A
/// text is shared, not owned: a picture is the one the system drew and keeps for the
/// step's other readers, some 200 KB that a copy for each would spend time on.
pub fn render_reports(
    root: &Path,
    config: &Config,
    engine: &dyn engine::Engine,
    headline: &Headline,
    before: &Value,
    computed: &Computed,
) -> Result<Vec<(PathBuf, Arc<String>, Viewer)>> {
    let templates = report_templates(root, config);
    render_reports_with(&templates, config, engine, headline, before, computed, false)
}

/// The templates a campaign's reports are rendered with (its own copies first).
pub fn report_templates(root: &Path, config: &Config) -> Templates {
    Templates::with_escaping(Some(root), config.escape_reports)
}

/// As [`render_reports`], with the campaign's templates read once for many steps
/// (`verify` replays every step with one set, `derived` renders pruned ones); with
/// `public_only`, the public report and picture alone (what publishing a pruned step
/// needs, at a ninth of the cost in Diplomacy).
pub fn render_reports_with(
    templates: &Templates,
    config: &Config,
    engine: &dyn engine::Engine,
    headline: &Headline,
    before: &Value,
    computed: &Computed,
    public_only: bool,
) -> Result<Vec<(PathBuf, Arc<String>, Viewer)>> {
    let Headline { step, phase, next, next_deadline, press } = headline;
    let step = *step;
    let campaign = super::config::campaign_info(config)?;
    let mut viewers = vec![Viewer::Public];
    if !public_only {
        viewers.push(Viewer::Gm);
        viewers.extend(config.players.iter().map(|p| Viewer::Player(p.id.clone())));
    }
    let mut out = Vec::new();
    let mut public_svg: Option<Arc<String>> = None;
    // The board picture with the step's orders (campaigns made with maps only).
    let frame = crate::maps::Frame { style: config.map_style, step };
    // A reader's picture takes the place of the system's own drawing: in the view where
    // pictures travel inlined, in the default templates' HTML where they are linked. A
    // campaign's own templates may show both.
    let drawings = if config.linked_pictures && !templates.are_default() {
        engine::Drawings::All
    } else {
        engine::Drawings::Unpictured
    };
    let readers = engine.readers(
        before,
        &computed.state,
        &viewers,
        &computed.events,
        config.maps.then_some(&frame),
        drawings,
    )?;
    for (viewer, (mut view, picture)) in viewers.into_iter().zip(readers) {
        let kind = if viewer == Viewer::Public { "public" } else { "player" };
        let mut svg_file = None;
        // A reader's own copy is written only where it differs from the public one: the
        // same picture again would be a private file whose bare hash is published.
        if let Some(svg) = picture {
            let own = public_svg.as_ref().is_none_or(|p| !Arc::ptr_eq(p, &svg) && **p != *svg);
            let path = || PathBuf::from(format!("reports/{step}/{}.svg", viewer.report_name()));
            if viewer == Viewer::Public {
                public_svg = Some(svg.clone());
            }
            if config.linked_pictures {
                // The HTML shows the file: the reader's own where it differs.
                let name = if own { viewer.report_name() } else { "public" };
                svg_file = Some(format!("{name}.svg"));
                if own {
                    out.push((path(), svg, viewer.clone()));
                }
            } else {
                if own {
                    out.push((path(), svg.clone(), viewer.clone()));
                }
                view.svg = Some(Arc::unwrap_or_clone(svg));
            }
        }
        let mut ctx = context::report(
            campaign.clone(),
            step,
            &viewer,
            PhaseInfo::of(phase, None),
            PhaseInfo::of(next, next_deadline.clone()),
            &computed.events,
            view,
            &computed.rolls,
            &computed.record,
            match &config.published {
                Some(place) => format!(
                    "open verify.html in the published record ({place}) in a browser, or run: umpire verify <your copy of it>"
                ),
                None => format!("umpire verify {}", config.id),
            },
        );
        // Letters to the zine stay in the ledger, where the zine reads them.
        ctx.press = press.iter().filter(|p| p.to.is_none()).map(super::press::info).collect();
        ctx.svg_file = svg_file;
        ctx.layout = config.report_layout;
        // The context made a template value once for the four formats.
        let ctx = minijinja::Value::from_serialize(&ctx);
        for format in Format::ALL {
            let path = PathBuf::from(format!("reports/{step}/{}.{}", viewer.report_name(), format.ext()));
            let text = templates.render(kind, format, &ctx)?;
            // Layout 3 (new campaigns) keeps the text report to a mail's 72 columns.
            let text = if format == Format::Text && config.report_layout >= 3 {
                crate::report::wrap::wrap(&text, crate::report::wrap::WIDTH)
            } else {
                text
            };
            out.push((path, Arc::new(text), viewer.clone()));
        }
    }
    Ok(out)
}

/// A report mail's HTML shows the attached board (`cid:`) where the report shows the
/// SVG file beside it (the reader's own, or the public one): the picture travels once,
/// as the PNG mail readers display.
fn show_inline(mail: &mut Mail, reader: &str) {
    let Some(html) = mail.html.as_mut() else { return };
    let Some((png, _, _)) = mail.attachments.first() else { return };
    let cid = format!("src=\"cid:{png}\"");
    for file in [format!("{reader}.svg"), "public.svg".to_string()] {
        *html = html.replace(&format!("src=\"{file}\""), &cid);
    }
    mail.inline = std::mem::take(&mut mail.attachments);
}

fn resolve_step(c: &mut Campaign, due: &[PlayerId], sealed: BTreeMap<PlayerId, Sealed>) -> Result<Outcome> {
    let engine = c.engine()?;
    let step = c.steps() + 1;
    let state = c.current_state()?;
    let phase = c.phase(&state)?;
    let chains = c.chains()?;
    let bytes: BTreeMap<PlayerId, Vec<u8>> =
        sealed.iter().map(|(p, s)| (p.clone(), s.bytes.clone())).collect();
    let version = c.trust_version()?;
    let previous_path = c.root.join(format!("reports/{}/public.json", step - 1));
    let previous_record = match version {
        Version::V1 => Vec::new(),
        Version::V2 => {
            std::fs::read(&previous_path).with_context(|| format!("reading {}", previous_path.display()))?
        }
    };
    let how = StepTrust {
        version,
        previous_record: &previous_record,
        signed_on: c.signed_on(),
        sign_on: super::signon::is_sign_on(&phase),
    };
    let computed = compute_step(engine.as_ref(), &c.config.id, step, chains, &state, due, &bytes, &how)?;
    let signed_on_after = how.signed_on || computed.record.receipts.iter().any(|r| r.receipt.is_some());
    let next =
        super::signon::open(engine.phase(&computed.state)?, version, signed_on_after, &c.config.player_ids());
    // The next phase opens now; its deadline is fixed here and recorded, so a replay
    // renders the same reports.
    let opened = clock::now();
    let next_deadline =
        match (&c.schedule_for(&next), next.game_over.is_none() && !next.waited_for().is_empty()) {
            (Some(s), true) => Some(s.show(s.deadline(opened)?)),
            _ => None,
        };

    let mut txn = Txn::new();
    txn.write(state_path(step), serde_json::to_vec_pretty(&computed.state)?);
    txn.write(
        format!("state/{step}.events.json"),
        serde_json::to_vec_pretty(&json!({"events": computed.events, "rolls": computed.rolls}))?,
    );
    let public_json = serde_json::to_vec_pretty(&computed.record)?;
    let mut hashes = BTreeMap::new();
    hashes.insert(format!("reports/{step}/public.json"), trust::hex(&trust::h(&[&public_json])));
    txn.write_public(format!("reports/{step}/public.json"), public_json);

    let shuffle = c
        .config
        .press
        .as_ref()
        .is_some_and(|p| p.shuffle_grey)
        .then_some(computed.record.chain_reveal.as_str());
    let press = super::press::published(&super::press::waiting(&c.root, step)?, shuffle);
    let headline =
        Headline { step, phase: &phase, next: &next, next_deadline: next_deadline.clone(), press: &press };
    let reports = render_reports(&c.root, &c.config, engine.as_ref(), &headline, &state, &computed)?;
    // Each reader's text and HTML reports, and whether they have a picture of their own.
    let mut texts: BTreeMap<String, (String, String, bool)> = BTreeMap::new();
    // A private report is committed salted (never hashed bare: its hash would let anyone
    // test guesses of its text); its reader gets the salt in the mail.
    let mut commitments = BTreeMap::new();
    let mut salts: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let h_k =
        chains.hidden(step).ok_or_else(|| Error::Trust(format!("the hidden chain has no element {step}")))?;
    for (path, text, viewer) in &reports {
        let rel = path.display().to_string();
        let who = viewer.report_name().to_string();
        if *viewer == Viewer::Public {
            hashes.insert(rel, trust::hex(&trust::h(&[text.as_bytes()])));
            txn.write_public(path.clone(), text.as_bytes());
        } else {
            let salt = trust::report_salt(&h_k, &rel);
            commitments.insert(rel.clone(), trust::hex(&trust::report_commitment(&salt, text.as_bytes())));
            txn.write(path.clone(), text.as_bytes());
            salts.entry(who.clone()).or_default().push((rel, trust::hex(&salt)));
        }
        let entry = texts.entry(who).or_default();
        if path.extension().is_some_and(|e| e == "txt") {
            entry.0 = String::clone(text);
        } else if path.extension().is_some_and(|e| e == "html") {
            entry.1 = String::clone(text);
        } else if path.extension().is_some_and(|e| e == "svg") {
            entry.2 = true;
        }
    }
    // The board as PNG for each mail (mail readers seldom show SVG), drawn when the
    // mail is sent (see `mail::picture`): the mail carries the path of the reader's own
    // SVG, or of the public one for a reader without a picture of their own.
    let public_svg = texts.get("public").is_some_and(|t| t.2).then(|| format!("reports/{step}/public.svg"));
    let mail_pictures = c.config.mail_pictures;
    let attach = |who: &str, own_svg: bool| -> Vec<(String, String, Vec<u8>)> {
        if !mail_pictures {
            return Vec::new();
        }
        let own = own_svg.then(|| format!("reports/{step}/{who}.svg"));
        let Some(path) = own.or_else(|| public_svg.clone()) else { return Vec::new() };
        vec![crate::mail::picture::stand_in(&format!("board-step-{step}.png"), &path)]
    };

    // Mail each player who was due or whom an event of this step concerns.
    let subject = format!("[{}] Step {step}: {}", c.config.id, phase.title);
    for player in &c.config.players {
        let viewer = Viewer::Player(player.id.clone());
        let concerned =
            due.contains(&player.id) || computed.events.iter().any(|e| e.audience.admits(&viewer));
        if !concerned {
            continue;
        }
        let (text, html, svg) = texts.get(&player.id).cloned().unwrap_or_default();
        let text = salts::append(text, salts.get(&player.id).map_or(&[][..], Vec::as_slice));
        let mut mail = Mail::new(
            format!("{step:04}-report-{}", player.id),
            &player.email,
            subject.clone(),
            text,
            Some(html),
        );
        mail.attachments = attach(&player.id, svg);
        if c.config.linked_pictures {
            show_inline(&mut mail, &player.id);
        }
        if let Some(prompt) = next.prompts.get(&player.id) {
            // A question: the mail says how to answer it by a plain reply, and its
            // Message-ID carries the code that reply is known by.
            let how = super::reply_answer::how_to_answer(&c.config, &player.id, &next, prompt);
            mail.text = format!("{how}\n{}", mail.text);
            mail.tag = Some(super::reply_answer::code(&c.config, player, step));
        }
        outbox::queue(&c.config, &mut txn, mail)?;
    }
    let chain_warning = chain_warning(step, c.config.chain_length);
    if let Some(gm) = c.config.gm_email.clone() {
        let (text, html, svg) = texts.get("gm").cloned().unwrap_or_default();
        let text = match &chain_warning {
            Some(w) => format!("WARNING: {w}\n\n{text}"),
            None => text,
        };
        let text = salts::append(text, salts.get("gm").map_or(&[][..], Vec::as_slice));
        let mut mail =
            Mail::new(format!("{step:04}-report-gm"), &gm, format!("{subject} (GM)"), text, Some(html));
        mail.attachments = attach("gm", svg);
        if c.config.linked_pictures {
            show_inline(&mut mail, "gm");
        }
        outbox::queue(&c.config, &mut txn, mail)?;
    }
    // Informational (the zine's table): a system that cannot say leaves it out.
    let standings = engine.standings(&computed.state).unwrap_or_default();
    let sealed_files: BTreeMap<PlayerId, String> =
        sealed.iter().map(|(p, s)| (p.clone(), s.file.display().to_string())).collect();
    txn.record(event::Event::Step(event::Step {
        step,
        phase: phase.id.clone(),
        due: due.to_vec(),
        sealed: sealed_files,
        receipts: computed.record.receipts.clone(),
        files: hashes,
        commitments: Some(commitments),
        opened: Some(opened.to_rfc3339()),
        next_deadline,
        press,
        standings,
    }));
    c.commit(txn)?;
    // Older steps' reports and pictures can be rendered again from what the campaign
    // keeps (see `derived`); the newest steps' stay for the mail and the GM.
    let keep = c.config.keep_reports;
    if keep > 0 && step > keep {
        super::derived::prune(&c.root, step - keep)?;
    }
    Ok(Outcome {
        step,
        phase: phase.title,
        public_events: computed
            .events
            .iter()
            .filter(|e| e.audience.admits(&Viewer::Public))
            .map(|e| e.text.clone())
            .collect(),
        next,
        chain_warning,
    })
}
