//! `umpire verify`: checks a campaign's public record, and with an audit bundle replays
//! every step. It names the first thing that does not match.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::error::{Context, Error, Result};

use super::bundle::{self, HiddenRoll};
use crate::campaign::adjudicate::StepTrust;
use crate::campaign::adjudicate::{Headline, compute_step, render_reports_with, report_templates};
use crate::campaign::event::{Event, Step};
use crate::campaign::signon;
use crate::campaign::{Config, ledger, open_engine, publish, read_json};
use crate::dice::{Stream, StreamKind};
use crate::engine::{self, GameData, Setup};
use crate::report::Templates;
use crate::trust::record::{Announcement, StepRecord, Version};
use crate::trust::{self, Chains};

/// What a successful verification covered.
#[derive(Debug, Default)]
pub struct Verified {
    pub steps: u64,
    pub ledger_lines: usize,
    pub public_dice: usize,
    pub hidden_dice: usize,
    pub receipts: usize,
    pub files_checked: usize,
    /// Salted commitments to private reports in the ledger.
    pub private_commitments: usize,
    /// Of those, how many the replay checked against the reports it rendered.
    pub commitments_checked: usize,
    pub replayed: bool,
    /// With the bundle: the seconds each step's replay took (adjudication, every
    /// reader's reports and pictures, the checks), in step order.
    pub step_seconds: Vec<f64>,
    /// Things not checked and why (a report file not present in this copy, say).
    pub notes: Vec<String>,
}

fn fail<T>(what: String) -> Result<T> {
    Err(Error::Trust(what.to_string()))
}

/// Verifies the campaign at `root`; with `bundle`, replays everything.
pub fn verify(root: &Path, bundle_path: Option<&Path>) -> Result<Verified> {
    std::thread::scope(|scope| {
        // Reading the bundle and opening the game it names (a map, its coastlines) need
        // nothing the public checks find: they run beside them, on a core that would
        // otherwise wait. Errors are still told in the order the checks come.
        let opening = bundle_path.map(|path| {
            let bundle = scope.spawn(move || open_bundle(path));
            let renderer = scope.spawn(|| Config::load(root).map(|c| open_renderer(root, c)));
            (path, bundle, renderer)
        });
        let (mut v, public) = public(root)?;
        if let Some((path, bundle, renderer)) = opening {
            let opened =
                bundle.join().map_err(|_| Error::Trust(format!("{}: reading it failed", path.display())))?;
            // The campaign's own game may still be laying out its real map: the replay
            // adjudicates every step meanwhile, and waits for it only to render the
            // reports. Without campaign.toml here (a published copy), the ledger's
            // settings.
            let settings = public.settings.as_ref();
            let mut pending = Some(renderer);
            let replayed = replay(
                root,
                &public,
                opened,
                || match pending.take().map(|handle| handle.join()) {
                    Some(Ok(Ok(opened))) => Some(opened),
                    _ => settings.map(|s| open_renderer(root, s.config())),
                },
                &mut v,
            );
            // Joined even where the replay stopped before it needed the renderer.
            if let Some(handle) = pending {
                let _ = handle.join();
            }
            replayed?;
        } else if v.private_commitments > 0 {
            v.notes.push(format!(
                "{} private report(s) are committed salted; the audit bundle checks them",
                v.private_commitments
            ));
        }
        Ok(v)
    })
}

/// The campaign's own system with its data files, to render the human reports with,
/// ready to draw.
fn open_renderer(root: &Path, config: Config) -> Result<(Box<dyn engine::Engine>, Config)> {
    let engine = open_engine(root, &config.system)?;
    if config.maps {
        engine.prepare_pictures();
    }
    Ok((engine, config))
}

/// What the public checks found, for the replay.
struct Public {
    announcement: Announcement,
    records: Vec<StepRecord>,
    record_bytes: Vec<Vec<u8>>,
    steps: Vec<Step>,
    settings: Option<publish::Settings>,
}

/// The public record alone: the ledger's chain, each step's record, dice and receipts,
/// and every file the ledger lists.
fn public(root: &Path) -> Result<(Verified, Public)> {
    let mut v = Verified::default();
    let ledger_text = std::fs::read_to_string(root.join("ledger.jsonl")).context("reading ledger.jsonl")?;
    v.ledger_lines = ledger::check_chain(&ledger_text).map_err(|e| Error::Trust(e.to_string()))?;
    let entries: Vec<Event> = ledger::read_entries(&ledger_text)?.into_iter().map(|e| e.event).collect();

    let announcement: Announcement = serde_json::from_value(read_json(&root.join("reports/0/public.json"))?)
        .map_err(|e| Error::Trust(format!("reports/0/public.json is not an announcement: {e}")))?;
    let Some(version) = Version::parse(&announcement.trust).filter(|_| announcement.step == 0) else {
        return fail("reports/0/public.json: not a Trust v1 or v2 announcement of step 0".into());
    };
    let new = entries
        .iter()
        .find_map(|e| if let Event::New(n) = e { Some(n) } else { None })
        .ok_or_else(|| Error::Trust("the ledger has no 'new' line".into()))?;
    if new.chain_public != announcement.chain_public || new.chain_hidden != announcement.chain_hidden {
        return fail("reports/0/public.json: its chain commitments differ from the ones the ledger recorded at creation".into());
    }

    let settings = publish::published_settings(new);
    let accepted = latest_receipts(&entries);
    let steps: Vec<&Step> =
        entries.iter().filter_map(|e| if let Event::Step(s) = e { Some(s) } else { None }).collect();
    let mut previous = announcement.chain_public.clone();
    // Version 2's `P`: the bytes of the previous public record, the announcement first.
    let mut previous_record =
        std::fs::read(root.join("reports/0/public.json")).context("reading reports/0/public.json")?;
    let mut records = Vec::new();
    let mut record_bytes = vec![previous_record.clone()];
    // The GM's own campaign may have pruned old steps' reports (`prune_reports`).
    let pruning = Config::load(root).is_ok_and(|c| c.keep_reports > 0);
    let mut pruned = 0;
    for (i, entry) in steps.iter().enumerate() {
        let k = i as u64 + 1;
        if entry.step != k {
            return fail(format!("ledger: the step lines are out of order at step {k}"));
        }
        let rel = format!("reports/{k}/public.json");
        let bytes = std::fs::read(root.join(&rel)).with_context(|| format!("reading {rel}"))?;
        check_file_hash(entry, &rel, &bytes)?;
        let record: StepRecord = serde_json::from_slice(&bytes)
            .map_err(|e| Error::Trust(format!("{rel}: not a step record: {e}")))?;
        check_public_step(&record, k, &announcement.campaign, &previous, &rel, version, &previous_record)?;
        if entry.receipts != record.receipts {
            return fail(format!(
                "{rel}: its receipts differ from the ones the ledger recorded for step {k}"
            ));
        }
        check_accepted_receipts(&accepted, k, &record, &rel)?;
        v.receipts += record.receipts.iter().filter(|r| r.receipt.is_some()).count();
        v.public_dice += record.rolls.iter().filter(|r| r.stream == StreamKind::Public).count();
        v.hidden_dice += record.rolls.iter().filter(|r| r.stream == StreamKind::Hidden).count();
        v.private_commitments += entry.commitments.as_ref().map_or(0, |c| c.len());
        // Every other file the step wrote must still be as written.
        for (file, hash) in &entry.files {
            match std::fs::read(root.join(file)) {
                Ok(b) => {
                    if *hash != trust::hex(&trust::h(&[&b])) {
                        return fail(format!("{file} was changed after step {k} was resolved"));
                    }
                    v.files_checked += 1;
                }
                Err(_) if !publish::is_public_report(file) => {} // private: not in a published copy
                Err(_) if pruning && crate::campaign::derived::derived_step(file).is_some() => pruned += 1,
                Err(_) => v.notes.push(format!("{file} is not in this copy; not checked")),
            }
        }
        previous = record.chain_reveal.clone();
        previous_record = bytes.clone();
        record_bytes.push(bytes);
        records.push(record);
    }
    v.steps = records.len() as u64;
    if pruned > 0 {
        v.notes.push(format!(
            "{pruned} public report file(s) of earlier steps are pruned from this campaign; `umpire regenerate` renders them again and checks them, and the audit bundle's replay checks them too"
        ));
    }
    check_published_files(root, settings.as_ref(), &mut v)?;
    let steps = steps.into_iter().cloned().collect();
    Ok((v, Public { announcement, records, record_bytes, steps, settings }))
}

/// In a published folder, the campaign's templates and data files must be the ones the
/// public ledger's first line lists.
fn check_published_files(root: &Path, settings: Option<&publish::Settings>, v: &mut Verified) -> Result<()> {
    let Some(settings) = settings else { return Ok(()) };
    for (file, hash) in &settings.files {
        let bytes = std::fs::read(root.join(file)).with_context(|| format!("reading {file}"))?;
        if *hash != trust::hex(&trust::h(&[&bytes])) {
            return fail(format!("{file} is not the file the published ledger lists"));
        }
        v.files_checked += 1;
    }
    Ok(())
}

fn check_file_hash(entry: &Step, rel: &str, bytes: &[u8]) -> Result<()> {
    if entry.files.get(rel) != Some(&trust::hex(&trust::h(&[bytes]))) {
        return fail(format!("{rel} was changed after it was published (the ledger recorded another hash)"));
    }
    Ok(())
}

/// Chain, digest and every public die of one step, from public facts alone.
fn check_public_step(
    record: &StepRecord,
    k: u64,
    campaign: &str,
    previous: &str,
    rel: &str,
    version: Version,
    previous_record: &[u8],
) -> Result<()> {
    if record.trust != version.as_str() || record.step != k || record.campaign != campaign {
        return fail(format!("{rel}: not the {} record of step {k} of {campaign}", version.as_str()));
    }
    if record.chain_previous != previous {
        return fail(format!("{rel}: chain_previous is not the element step {} revealed", k - 1));
    }
    let (Some(prev), Some(reveal)) = (trust::parse_hash(previous), trust::parse_hash(&record.chain_reveal))
    else {
        return fail(format!("{rel}: a chain element is not 64 hex digits"));
    };
    if !trust::follows(&prev, &reveal) {
        return fail(format!(
            "{rel}: chain_reveal does not hash to chain_previous: it is not the committed element"
        ));
    }
    let mut receipts = Vec::new();
    for r in &record.receipts {
        let hash = match &r.receipt {
            Some(h) => Some(trust::parse_hash(h).ok_or_else(|| {
                Error::Trust(format!("{rel}: the receipt of {} is not 64 hex digits", r.player))
            })?),
            None => None,
        };
        receipts.push((r.player.clone(), hash));
    }
    let digest = trust::orders_digest(&receipts);
    if trust::hex(&digest) != record.orders_digest {
        return fail(format!("{rel}: orders_digest does not match the receipts listed"));
    }
    let key = match version {
        Version::V1 => trust::dice_key(campaign, k, &reveal, &digest),
        Version::V2 => trust::dice_key_v2(campaign, k, &reveal, &digest, &trust::h(&[previous_record])),
    };
    let mut stream = Stream::new(&key);
    let mut next_public = 0;
    let mut next_hidden = 0;
    for roll in &record.rolls {
        match roll.stream {
            StreamKind::Public => {
                if roll.seq != next_public {
                    return fail(format!("{rel}: public die #{} is out of sequence", roll.seq));
                }
                let face = stream.face(roll.sides);
                if roll.face != Some(face) {
                    return fail(format!(
                        "{rel}: public die #{} ({}) shows {:?}, but the committed stream gives {face}",
                        roll.seq, roll.label, roll.face
                    ));
                }
                next_public += 1;
            }
            StreamKind::Hidden => {
                if roll.seq != next_hidden || roll.face.is_some() {
                    return fail(format!(
                        "{rel}: hidden die #{} is out of sequence or shows its face",
                        roll.seq
                    ));
                }
                next_hidden += 1;
            }
        }
    }
    Ok(())
}

/// The receipt acknowledged for each player's latest accepted orders of each step (the
/// ones sealed into it), by (step, player).
fn latest_receipts(entries: &[Event]) -> BTreeMap<(u64, &str), &str> {
    let mut latest = BTreeMap::new();
    for e in entries {
        if let Event::Accept(a) = e {
            latest.insert((a.step, a.player.as_str()), a.receipt.as_str());
        }
    }
    latest
}

/// Each published receipt must be the one given to its player when their latest orders
/// for the step were accepted.
fn check_accepted_receipts(
    accepted: &BTreeMap<(u64, &str), &str>,
    k: u64,
    record: &StepRecord,
    rel: &str,
) -> Result<()> {
    for r in &record.receipts {
        match (&r.receipt, accepted.get(&(k, r.player.as_str()))) {
            (None, None) => {}
            (Some(receipt), Some(a)) if *a == receipt.as_str() => {}
            _ => {
                return fail(format!(
                    "{rel}: the receipt of {} is not the one acknowledged to them",
                    r.player
                ));
            }
        }
    }
    Ok(())
}

/// Replays every step from the bundle and compares with what was published.
fn replay(
    root: &Path,
    public: &Public,
    opened: Opened,
    renderer: impl FnOnce() -> Option<Result<(Box<dyn engine::Engine>, Config)>>,
    v: &mut Verified,
) -> Result<()> {
    let Public { announcement, records, record_bytes, steps: step_lines, .. } = public;
    let (b, game) = opened?;
    let master = trust::parse_hash(&b.master_secret)
        .ok_or_else(|| Error::Trust("bundle: master_secret is not 64 hex digits".into()))?;
    if b.campaign != announcement.campaign || b.chain_length != announcement.chain_length {
        return Err(Error::Trust(format!(
            "bundle: it is for campaign {} with chain length {}, not this one",
            b.campaign, b.chain_length
        )));
    }
    let chains = Chains::new(&master, b.chain_length);
    let c0 = chains.public(0).map(|h| trust::hex(&h));
    let h0 = chains.hidden(0).map(|h| trust::hex(&h));
    if c0.as_deref() != Some(announcement.chain_public.as_str())
        || h0.as_deref() != Some(announcement.chain_hidden.as_str())
    {
        return Err(Error::Trust(
            "bundle: its master secret does not produce the chains announced in reports/0/public.json".into(),
        ));
    }
    if b.steps.len() != records.len() {
        return Err(Error::Trust(format!(
            "bundle: it has {} steps; the campaign has published {}",
            b.steps.len(),
            records.len()
        )));
    }
    let (_data_dir, engine, initial) = game?;
    if initial != b.initial_state {
        return Err(Error::Trust(
            "bundle: the set-up of the game does not give the initial state in the bundle".into(),
        ));
    }
    let version = Version::parse(&announcement.trust).unwrap_or(Version::V1);
    // Whether the game was signed on before each step: the published receipts tell it
    // (each step's are checked against its replay below).
    let mut signed_on = Vec::with_capacity(records.len() + 1);
    signed_on.push(false);
    for r in records {
        let before = signed_on.last().copied().unwrap_or(false);
        signed_on.push(before || r.receipts.iter().any(|r| r.receipt.is_some()));
    }
    let replay = Replay {
        root,
        engine: engine.as_ref(),
        bundle: &b,
        chains: &chains,
        version,
        initial: &initial,
        records,
        record_bytes,
        step_lines,
        signed_on: &signed_on,
    };
    let n = b.steps.len().min(records.len());
    let adjudicated = each_step(n, || (), |i, _| replay.adjudicate(i));
    // The human reports are re-rendered with the campaign's own system and templates,
    // where this copy has its campaign.toml or its ledger's settings. A failure to open
    // them is told before any step's.
    let renderer = renderer().transpose()?;
    // Steps after the first that failed to adjudicate are not rendered.
    let adjudicated_through = adjudicated.iter().position(|a| !matches!(a, Some(Ok(_)))).unwrap_or(n);
    let rendered = match &renderer {
        Some((engine_here, config)) => each_step(
            adjudicated_through,
            || report_templates(root, config),
            |i, templates| match adjudicated.get(i) {
                Some(Some(Ok((a, _)))) => replay.render(i, a, engine_here.as_ref(), config, templates),
                _ => Err(Error::Trust(format!("step {}: not replayed", i + 1))),
            },
        ),
        None => (0..adjudicated_through).map(|_| Some(Ok(((0, 0), 0.0)))).collect(),
    };
    // The first step that failed, either way, as a replay one step after another would
    // name it.
    let mut rendered = rendered.into_iter();
    for (i, a) in adjudicated.into_iter().enumerate() {
        let adjudicating = match a {
            Some(Ok((_, seconds))) => seconds,
            Some(Err(e)) => return Err(e),
            None => return Err(Error::Trust(format!("step {}: not replayed", i + 1))),
        };
        let (commitments, files, seconds) = match rendered.next().flatten() {
            Some(Ok(((commitments, files), seconds))) => (commitments, files, seconds),
            Some(Err(e)) => return Err(e),
            None => return Err(Error::Trust(format!("step {}: not replayed", i + 1))),
        };
        v.commitments_checked += commitments;
        v.files_checked += files;
        v.step_seconds.push(adjudicating + seconds);
    }
    if renderer.is_some() && v.commitments_checked != v.private_commitments {
        return Err(Error::Trust(format!(
            "the ledger commits to {} private report(s), but the replay produced {} of them",
            v.private_commitments, v.commitments_checked
        )));
    }
    if renderer.is_none() && v.private_commitments > 0 {
        v.notes.push("no campaign settings here: private report commitments not checked".into());
    }
    v.replayed = true;
    Ok(())
}

/// The audit bundle read, and the game it names opened on the bundle's data files and
/// set up: what the replay starts from, made while the public checks run. The game's
/// error, if any, waits until the replay has checked the bundle against the campaign.
type Opened = Result<(bundle::Bundle, Result<Game>)>;

/// The data files' folder (kept while the game is open), the game, its first state.
type Game = (tempfile::TempDir, Box<dyn engine::Engine>, serde_json::Value);

fn open_bundle(path: &Path) -> Opened {
    let bundle = bundle::load(path)?;
    let game = open_game(&bundle);
    Ok((bundle, game))
}

fn open_game(b: &bundle::Bundle) -> Result<Game> {
    let info = engine::find(&b.system)
        .ok_or_else(|| Error::Trust(format!("bundle: unknown system {}", b.system)))?;
    let data_dir = tempfile::tempdir()?;
    for (name, text) in &b.data_files {
        if name.contains('/') || name.contains('\\') || name.starts_with('.') {
            return Err(Error::Trust(format!("bundle: data file name '{name}' is not a plain file name")));
        }
        std::fs::write(data_dir.path().join(name), text)?;
    }
    let engine = (info.open)(&GameData::new(info.name, info.files, Some(data_dir.path().to_path_buf())))?;
    let initial = engine.setup(&Setup {
        campaign: &b.campaign,
        players: &b.players,
        scenario: b.scenario.as_deref(),
        options: &b.options,
    })?;
    Ok((data_dir, engine, initial))
}

/// A step adjudicated again and checked against its published record and the bundle:
/// what its reports are rendered from.
struct Adjudicated {
    computed: crate::campaign::adjudicate::Computed,
    /// The phase open before the step, as live adjudication found it.
    phase: engine::Phase,
    /// Whether the game was signed on after the step.
    signed_on_after: bool,
}

/// What a step's work gave, with the seconds it took.
type Timed<T> = Result<(T, f64)>;

/// Runs `work` for steps `0..n` on every core (each worker with its own `setup()`), in
/// the order of the steps; once a step fails, no worker starts a later one. Each step's
/// result with the seconds it took, `None` for a step not run.
fn each_step<T: Send, S>(
    n: usize,
    setup: impl Fn() -> S + Sync,
    work: impl Fn(usize, &S) -> Result<T> + Sync,
) -> Vec<Option<Timed<T>>> {
    let workers = std::thread::available_parallelism().map_or(1, |w| w.get()).clamp(1, 4).min(n.max(1));
    let next = AtomicUsize::new(0);
    // The lowest step index that failed so far.
    let failed = AtomicUsize::new(usize::MAX);
    let results: Vec<Mutex<Option<Timed<T>>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let run = || {
        let state = setup();
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            if i >= n || i > failed.load(Ordering::SeqCst) {
                break;
            }
            let started = Instant::now();
            let r = work(i, &state).map(|t| (t, started.elapsed().as_secs_f64()));
            if r.is_err() {
                failed.fetch_min(i, Ordering::SeqCst);
            }
            if let Some(slot) = results.get(i)
                && let Ok(mut slot) = slot.lock()
            {
                *slot = Some(r);
            }
        }
    };
    if workers > 1 {
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(run);
            }
        });
    } else {
        run();
    }
    results.into_iter().map(|slot| slot.into_inner().ok().flatten()).collect()
}

/// Everything a step's replay reads. Each step starts from the state the bundle gives
/// for the one before (and each step's own state is checked against the bundle), so the
/// steps are independent and are replayed on every core: first adjudicated, which needs
/// only the bundle's game, then rendered with the campaign's own. The first step that
/// fails is the one named, as a replay one step after another would name it.
struct Replay<'a> {
    root: &'a Path,
    engine: &'a dyn engine::Engine,
    bundle: &'a bundle::Bundle,
    chains: &'a Chains,
    version: Version,
    initial: &'a serde_json::Value,
    records: &'a [StepRecord],
    record_bytes: &'a [Vec<u8>],
    step_lines: &'a [Step],
    /// Whether the game was signed on before step i + 1 (and after the last step).
    signed_on: &'a [bool],
}

impl Replay<'_> {
    /// The state before step index `i`: the bundle's after the step before.
    fn state_before(&self, i: usize) -> &serde_json::Value {
        match i.checked_sub(1) {
            None => self.initial,
            Some(p) => self.bundle.steps.get(p).map(|s| &s.state).unwrap_or(self.initial),
        }
    }

    /// Adjudicates step index `i` (step i + 1) again with its sealed orders and the
    /// committed dice, and checks the result against the published record and the
    /// bundle.
    fn adjudicate(&self, i: usize) -> Result<Adjudicated> {
        let (Some(step), Some(record)) = (self.bundle.steps.get(i), self.records.get(i)) else {
            return Err(Error::Trust(format!("step {}: not in the bundle", i + 1)));
        };
        let b = self.bundle;
        let version = self.version;
        let signed_on = self.signed_on.get(i).copied().unwrap_or(false);
        let state = self.state_before(i);
        let engine = self.engine;
        let k = step.step;
        let rel = format!("reports/{k}/public.json");
        let sealed = step.sealed_bytes()?;
        // The phase open before the step, as live adjudication found it.
        let phase = signon::open(engine.phase(state)?, version, signed_on, &b.players);
        let how = StepTrust {
            version,
            previous_record: self.record_bytes.get(i).map(Vec::as_slice).unwrap_or_default(),
            signed_on,
            sign_on: signon::is_sign_on(&phase),
        };
        let computed = compute_step(engine, &b.campaign, k, self.chains, state, &step.due, &sealed, &how)?;
        let signed_on_after = signed_on || computed.record.receipts.iter().any(|r| r.receipt.is_some());
        if computed.record.receipts != record.receipts {
            return Err(Error::Trust(format!(
                "step {k}: a sealed orders file in the bundle does not give the receipt published in {rel}"
            )));
        }
        if computed.record != *record {
            return Err(Error::Trust(format!(
                "step {k}: replaying the sealed orders with the committed dice does not give {rel} ({})",
                first_difference(&computed.record, record)
            )));
        }
        let hidden: Vec<HiddenRoll> = computed
            .rolls
            .iter()
            .filter(|r| r.stream == StreamKind::Hidden)
            .map(|r| HiddenRoll { seq: r.seq, label: r.label.clone(), sides: r.sides, face: r.face })
            .collect();
        if hidden != step.hidden_rolls {
            return Err(Error::Trust(format!(
                "step {k}: the hidden dice in the bundle are not the ones the committed hidden stream gives"
            )));
        }
        if computed.state != step.state {
            return Err(Error::Trust(format!(
                "step {k}: the state in the bundle is not the state the step produces"
            )));
        }
        Ok(Adjudicated { computed, phase, signed_on_after })
    }

    /// Renders step index `i`'s human reports with the campaign's own system
    /// (`engine_here`), settings and templates, and checks them against the ledger's
    /// commitments and the files in this copy; the private commitments and the files it
    /// checked.
    fn render(
        &self,
        i: usize,
        a: &Adjudicated,
        engine_here: &dyn engine::Engine,
        config: &Config,
        templates: &Templates,
    ) -> Result<(usize, usize)> {
        let Some(step) = self.bundle.steps.get(i) else {
            return Err(Error::Trust(format!("step {}: not in the bundle", i + 1)));
        };
        let b = self.bundle;
        let k = step.step;
        let (mut commitments_checked, mut files_checked) = (0, 0);
        let next =
            signon::open(self.engine.phase(&a.computed.state)?, self.version, a.signed_on_after, &b.players);
        let line = self.step_lines.get(i);
        let deadline = line.and_then(|e| e.next_deadline.clone());
        let press = line.map(|e| e.press.clone()).unwrap_or_default();
        let h_k = self
            .chains
            .hidden(k)
            .ok_or_else(|| Error::Trust(format!("the hidden chain has no element {k}")))?;
        let committed = line.and_then(|e| e.commitments.as_ref());
        for (file, text, _) in render_reports_with(
            templates,
            config,
            engine_here,
            &Headline { step: k, phase: &a.phase, next: &next, next_deadline: deadline, press: &press },
            self.state_before(i),
            &a.computed,
            false,
        )? {
            let rel = file.display().to_string();
            // A pruned public file: the replay checks it against its bare hash.
            let public_hash = line.and_then(|e| e.files.get(&rel));
            if let Some(hash) = public_hash.filter(|_| !self.root.join(&file).exists()) {
                if *hash != trust::hex(&trust::h(&[text.as_bytes()])) {
                    return Err(Error::Trust(format!(
                        "{rel}: the report step {k} produces is not the one the ledger recorded"
                    )));
                }
                files_checked += 1;
            }
            if let Some(c) = committed.and_then(|c| c.get(&rel)) {
                let salt = trust::report_salt(&h_k, &rel);
                if *c != trust::hex(&trust::report_commitment(&salt, text.as_bytes())) {
                    return Err(Error::Trust(format!(
                        "{rel}: the report step {k} produces is not the one the ledger committed to"
                    )));
                }
                commitments_checked += 1;
            }
            if let Ok(on_disk) = std::fs::read(self.root.join(&file)) {
                if on_disk != text.as_bytes() {
                    return Err(Error::Trust(format!(
                        "{}: it is not the report that step {k} produces",
                        file.display()
                    )));
                }
                files_checked += 1;
            }
        }
        Ok((commitments_checked, files_checked))
    }
}

fn first_difference(a: &StepRecord, b: &StepRecord) -> &'static str {
    if a.chain_reveal != b.chain_reveal {
        "chain_reveal"
    } else if a.orders_digest != b.orders_digest {
        "orders_digest"
    } else if a.rolls != b.rolls {
        "rolls"
    } else if a.state_commitment != b.state_commitment {
        "state_commitment"
    } else {
        "another field"
    }
}
