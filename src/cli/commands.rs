//! What each subcommand does, in terms of the library.

use crate::cli::out::{say, sayln};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

use super::Command;
use umpire::audit;
use umpire::campaign::adjudicate::{self, Outcome};
use umpire::campaign::ingest::{self, Verdict};
use umpire::campaign::new::{self, NewCampaign};
use umpire::campaign::{Campaign, Txn, route, tick};
use umpire::engine;
use umpire::mail::{self, Transport};
use umpire::report::Format;

/// Exit status when a mail could not be stored: the mail server keeps it and retries.
pub const EX_TEMPFAIL: i32 = 75;

pub fn dispatch(command: Command) -> Result<i32> {
    match command {
        Command::Systems => {
            for s in umpire::games::SYSTEMS {
                sayln!("{:<18} {}", s.name, s.title);
                for o in s.options {
                    sayln!("{:<18}   --option {:<40} {}", "", o.form(), o.help);
                }
            }
            Ok(0)
        }
        Command::New {
            system,
            dir,
            players,
            gm_email,
            address,
            id,
            scenario,
            options,
            chain_length,
            schedule,
        } => {
            let created = new::create(NewCampaign {
                dice_key: None,
                keep_reports: None,
                system,
                dir: dir.clone(),
                id,
                players: pairs(&players, "--player", "NAME=EMAIL")?,
                gm_email,
                address,
                scenario,
                options: pairs(&options, "--option", "KEY=VALUE")?.into_iter().collect(),
                chain_length,
                schedule: schedule.schedule(),
            })?;
            sayln!("created campaign {} in {}", created.id, dir.display());
            sayln!("  public chain commitment c[0]: {}", created.chain_public);
            sayln!(
                "  {} welcome mail(s) in {}/outbox (each carries that player's secret)",
                created.welcome_mails,
                dir.display()
            );
            sayln!("  your GM secret (also in secret/gm-secret.txt): {}", created.gm_secret);
            if let Some(warning) = new::umask_warning() {
                eprintln!("umpire: warning: {warning}");
            }
            sayln!(
                "next: umpire send {} --smtp smtp://user@host  (or --sendmail, or --dry-run)",
                dir.display()
            );
            Ok(0)
        }
        Command::Status { dir } => status(&dir),
        Command::Ingest { paths, stdin, maildir, mbox, root } => match root {
            Some(root) => ingest_routed(&root, paths, stdin, maildir, mbox),
            None => ingest_command(paths, stdin, maildir, mbox),
        },
        Command::Tick { dir, root, jobs } => tick_command(dir, root, jobs.map(usize::from)),
        Command::Adjudicate { dir, force } => {
            let mut c = Campaign::open(&dir)?;
            // Mail stored before a crash is answered before the phase is sealed.
            print_outcomes(&ingest::finish_interrupted(&mut c)?);
            let outcomes = adjudicate::adjudicate(&mut c, force)?;
            print_outcomes(&outcomes);
            Ok(0)
        }
        Command::Report { dir, step, viewer, format } => {
            let format = Format::parse(&format)
                .ok_or_else(|| anyhow!("unknown format '{format}': text, markdown, bbcode or html"))?;
            let c = Campaign::open(&dir)?;
            let step = step.unwrap_or(c.steps());
            if step == 0 && c.steps() == 0 {
                bail!("no step has been resolved yet; reports/0/public.json holds the announcement");
            }
            if step == 0 {
                bail!(
                    "step 0 is the campaign's announcement (reports/0/public.json), not a resolved step; reports exist for steps 1 to {}",
                    c.steps()
                );
            }
            if step > c.steps() {
                bail!("step {step} has not been resolved (the latest is {})", c.steps());
            }
            let who = match viewer.to_ascii_lowercase().as_str() {
                "public" => "public".to_string(),
                "gm" => "gm".to_string(),
                _ => c
                    .config
                    .player(&viewer)
                    .map(|p| p.id.clone())
                    .ok_or_else(|| anyhow!("no player '{viewer}' in this campaign"))?,
            };
            let rel = format!("reports/{step}/{who}.{}", format.ext());
            // A pruned step's report is rendered again and checked against the ledger.
            let bytes =
                umpire::campaign::derived::read(&dir, &rel).with_context(|| format!("reading {rel}"))?;
            say!("{}", String::from_utf8_lossy(&bytes));
            Ok(0)
        }
        Command::Send { dir, smtp, sendmail, dry_run, root } => {
            let transport = match (smtp, sendmail, dry_run) {
                (_, _, true) => Transport::DryRun,
                (Some(url), false, false) => Transport::Smtp { url },
                (None, true, false) => Transport::Sendmail { program: None },
                (None, false, false) => bail!("say how to send: --smtp URL, --sendmail or --dry-run"),
                _ => bail!("choose one of --smtp and --sendmail"),
            };
            let dirs = match root {
                Some(root) => {
                    let mut d: Vec<(PathBuf, bool)> =
                        route::campaigns(&root)?.into_iter().map(|(d, _)| (d, false)).collect();
                    d.push((root, true));
                    d
                }
                None => vec![(dir, false)],
            };
            let mut failures = 0;
            for (dir, is_root) in dirs {
                failures += send_one(&dir, &transport, is_root)?;
            }
            Ok(if failures == 0 { 0 } else { 1 })
        }
        Command::Verify { dir, bundle } => match audit::verify(&dir, bundle.as_deref()) {
            Ok(v) => {
                sayln!(
                    "verify: OK — {} step(s), {} ledger line(s) chained, {} receipt(s), {} public and {} hidden dice, {} file(s) unchanged, {} of {} private report commitment(s) checked{}",
                    v.steps,
                    v.ledger_lines,
                    v.receipts,
                    v.public_dice,
                    v.hidden_dice,
                    v.files_checked,
                    v.commitments_checked,
                    v.private_commitments,
                    if v.replayed { "; every step replayed from the audit bundle" } else { "" }
                );
                for note in &v.notes {
                    sayln!("  note: {note}");
                }
                Ok(0)
            }
            Err(e) => {
                eprintln!("verify: FAILED — {e:#}");
                Ok(1)
            }
        },
        Command::Regenerate { dir, step } => {
            let c = Campaign::open(&dir)?;
            let steps = match step {
                Some(k) if k == 0 || k > c.steps() => {
                    bail!("step {k} is not a resolved step (steps 1 to {} are)", c.steps())
                }
                Some(k) => vec![k],
                None => umpire::campaign::derived::pruned_steps(&dir)?,
            };
            let mut written = 0;
            for k in &steps {
                written += umpire::campaign::derived::restore(&dir, *k)?;
            }
            sayln!(
                "wrote {written} file(s) for {} step(s), each the same bytes the ledger recorded",
                steps.len()
            );
            Ok(0)
        }
        Command::Sent { dir, name, resend } => {
            let c = Campaign::open(&dir)?;
            let sent = mail::sent::Sent::open(&dir.join("sent"))?;
            let Some(name) = name else {
                for name in sent.names()? {
                    sayln!("{name}");
                }
                return Ok(0);
            };
            let bytes = sent.read(&name)?.ok_or_else(|| anyhow!("no mail named {name} was sent"))?;
            if !resend {
                use std::io::Write;
                std::io::stdout().write_all(&bytes)?;
                return Ok(0);
            }
            let stem = name.strip_suffix(".eml").unwrap_or(&name);
            let again = (1..)
                .map(|n| format!("{stem}-again-{n}.eml"))
                .find(|n| !dir.join("outbox").join(n).exists() && !sent.names().is_ok_and(|s| s.contains(n)))
                .unwrap_or_default();
            umpire::campaign::store::write_atomic(&dir.join("outbox").join(&again), &bytes)?;
            drop(c);
            sayln!("outbox/{again}: {name} again, for the next `umpire send`");
            Ok(0)
        }
        Command::Publish { dir, out } => {
            let p = umpire::campaign::publish::publish(&dir, &out)?;
            sayln!(
                "wrote {} file(s) to {} ({} public ledger line(s)); post or print that folder and nothing else \
                 (its verify.html checks it in a browser)",
                p.files,
                out.display(),
                p.ledger_lines
            );
            Ok(0)
        }
        Command::CheckReport { dir, mail } => match audit::check_report(&dir, &mail) {
            Ok(lines) => {
                for l in lines {
                    sayln!("check-report: OK — {l}");
                }
                Ok(0)
            }
            Err(e) => {
                eprintln!("check-report: FAILED — {e:#}");
                Ok(1)
            }
        },
        Command::AuditBundle { dir, output } => {
            let c = Campaign::open(&dir)?;
            let steps = audit::write_bundle(&c, &output)?;
            sayln!(
                "wrote {} ({steps} step(s)); it holds the master secret: publish it only when the game is over",
                output.display()
            );
            Ok(0)
        }
        Command::Demo { dir, system, seed } => super::demo::run(dir, &system, seed),
        Command::WhatIf { system, position, orders, json, svg, batch, jobs } => {
            let info = find_system(&system)?;
            let tool =
                info.tools.what_if.ok_or_else(|| anyhow!("system {} has no what-if tool", info.name))?;
            if batch {
                return what_if_batch(tool, jobs);
            }
            let read = |p: Option<PathBuf>| {
                let p = p.ok_or_else(|| anyhow!("--position and --orders are needed without --batch"))?;
                std::fs::read_to_string(&p).with_context(|| format!("reading {}", p.display()))
            };
            let output = match (json, svg) {
                (true, _) => engine::WhatIfOutput::Json,
                (_, true) => engine::WhatIfOutput::Svg,
                _ => engine::WhatIfOutput::Text,
            };
            let orders = read(orders)?;
            say!("{}", (tool.phase)(&read(position)?, &[orders.as_str()], output)?);
            Ok(0)
        }
        Command::Bench { system, games, dir, jobs, .. } if system == "tick" => {
            super::bench_tick::run(games.unwrap_or(20), dir, jobs.map(usize::from))
        }
        // Its cost is the GM loop's: bot games through it, each step and each replay timed.
        Command::Bench { system, games, seed, .. } if system == "guerilla-warfare" => {
            say!("{}", umpire::soak::cost::bench(&system, games.unwrap_or(1), seed.unwrap_or(5))?);
            Ok(0)
        }
        Command::Bench { system, reference, games, seed, .. } => {
            let (games, seed) = (games.unwrap_or(20), seed.unwrap_or(42));
            let info = find_system(&system)?;
            let bench = info.tools.bench.ok_or_else(|| anyhow!("system {} has no benchmark", info.name))?;
            let reference = match reference {
                Some(p) => {
                    Some(std::fs::read_to_string(&p).with_context(|| format!("reading {}", p.display()))?)
                }
                None => None,
            };
            say!("{}", bench(reference.as_deref(), games, seed)?);
            Ok(0)
        }
        Command::Zine { zine_toml } => {
            let w = umpire::zine::issue::make(&zine_toml)?;
            for f in &w.files {
                sayln!("wrote {}", f.display());
            }
            Ok(0)
        }
        Command::Site { campaign, out } => {
            let s = umpire::zine::site::build(&campaign, &out)?;
            sayln!(
                "wrote {} page(s) and {} public file(s) in {}; open {}",
                s.pages,
                s.record_files,
                out.display(),
                out.join("index.html").display()
            );
            Ok(0)
        }
        Command::Map { dir, viewer, step, output, format } => {
            let c = Campaign::open(&dir)?;
            let info = find_system(&c.config.system)?;
            let viewer = match viewer.to_ascii_lowercase().as_str() {
                "public" => engine::Viewer::Public,
                "gm" => engine::Viewer::Gm,
                _ => engine::Viewer::Player(
                    c.config
                        .player(&viewer)
                        .map(|p| p.id.clone())
                        .ok_or_else(|| anyhow!("no player '{viewer}'"))?,
                ),
            };
            let k = step.unwrap_or(c.steps());
            if k > c.steps() {
                bail!(
                    "there is no step {k}: {} has resolved {} step(s) so far (step 0 is the start)",
                    c.config.id,
                    c.steps()
                );
            }
            let state = c.state(k)?;
            let png = match format.as_deref() {
                Some("png") => true,
                Some("svg") => false,
                Some(other) => bail!("--format {other}: use svg or png"),
                None => output
                    .as_ref()
                    .is_some_and(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"))),
            };
            // The board picture with the step's orders, else a system's own map tool,
            // else the picture its reports carry (drawn from the campaign's data files).
            let events = c.events(k)?;
            let engine = c.engine()?;
            // Campaigns made before board pictures keep the drawing their reports have.
            let before = c.state(k.saturating_sub(1))?;
            let picture = if c.config.maps {
                let frame = umpire::maps::Frame { style: c.config.map_style, step: k };
                let read = engine.readers(
                    &before,
                    &state,
                    std::slice::from_ref(&viewer),
                    &events,
                    Some(&frame),
                    engine::Drawings::Unpictured,
                )?;
                read.into_iter().next().and_then(|(_, picture)| picture).map(std::sync::Arc::unwrap_or_clone)
            } else {
                None
            };
            let svg = match picture {
                Some(svg) => svg,
                None => match info.tools.map {
                    Some(draw) => draw(&state, &viewer)?,
                    None => engine
                        .view(&state, &viewer)?
                        .svg
                        .ok_or_else(|| anyhow!("system {} draws no map", info.name))?,
                },
            };
            let bytes = if png {
                umpire::maps::png::png(&svg, 1.5).map_err(|e| anyhow!("{e}"))?
            } else {
                svg.into_bytes()
            };
            match output {
                Some(path) => {
                    // Only the public picture may be read by others; a player's shows hidden units.
                    let mode =
                        (viewer == engine::Viewer::Public).then_some(umpire::campaign::store::PUBLIC_MODE);
                    umpire::campaign::store::write_atomic_mode(&path, &bytes, mode)?;
                    sayln!("wrote {}", path.display());
                }
                None => {
                    use std::io::Write;
                    std::io::stdout().write_all(&bytes)?;
                }
            }
            Ok(0)
        }
        Command::Soak { system, games, seed, max_steps, max_turns, options, keep, careless } => {
            let cfg = umpire::soak::SoakConfig {
                system,
                games,
                seed,
                max_steps,
                max_turns,
                options: pairs(&options, "--option", "KEY=VALUE")?.into_iter().collect(),
                keep,
                careless,
            };
            let r = umpire::soak::soak(&cfg, |line| eprintln!("{line}"))?;
            sayln!(
                "soak {}: {} games ({} ended, {} stopped at the limit), {} steps, {} orders files, {:.1} s in all, {:.3} s per game",
                cfg.system,
                r.games,
                r.ended,
                r.stopped,
                r.steps,
                r.orders,
                r.seconds,
                r.seconds / r.games.max(1) as f64
            );
            let l = &r.lines;
            if careless {
                sayln!(
                    "careless files: {} sent, {} refused ({} lines refused)",
                    l.files,
                    l.files_refused,
                    l.lines_refused
                );
            }
            sayln!("lines noted at ingest: {}, skipped at resolution: {}", l.lines_noted, l.lines_skipped);
            sayln!("accepted but not carried out: {}", l.unmet);
            for e in &l.examples {
                sayln!("  {e}");
            }
            sayln!(
                "mail round trips: {:.2} per player per game turn ({} orders files, {} players, {} game turns)",
                r.round_trips(),
                r.orders,
                r.players,
                r.turns
            );
            if let Some(per_year) = r.mails_per_year() {
                sayln!(
                    "mails per player per game year: {per_year:.2} ({} orders files, {} players, {} game years)",
                    r.orders,
                    r.players,
                    r.years
                );
            }
            if let Some(per_move) = r.mails_per_move() {
                sayln!(
                    "mails per player per move: {per_move:.2} ({} orders files, {} players, {} moves)",
                    r.orders,
                    r.players,
                    r.moves
                );
            }
            if !r.results.is_empty() {
                let winners: std::collections::BTreeSet<&String> = r.results.keys().map(|(_, w)| w).collect();
                let groups: std::collections::BTreeSet<&String> = r.results.keys().map(|(g, _)| g).collect();
                let header: Vec<String> = winners.iter().map(|w| format!("{w:>12}")).collect();
                sayln!("{:<20}{} {:>6}", "wins by", header.join(""), "games");
                for g in groups {
                    let row: Vec<usize> = winners
                        .iter()
                        .map(|w| r.results.get(&(g.clone(), (*w).clone())).copied().unwrap_or(0))
                        .collect();
                    let cells: Vec<String> = row.iter().map(|n| format!("{n:>12}")).collect();
                    sayln!("{g:<20}{} {:>6}", cells.join(""), row.iter().sum::<usize>());
                }
            }
            Ok(0)
        }
    }
}

fn tick_command(dir: Option<PathBuf>, root: Option<PathBuf>, jobs: Option<usize>) -> Result<i32> {
    let dirs = match (dir, root) {
        (Some(_), Some(_)) => bail!("give a campaign directory or --root, not both"),
        (None, Some(root)) => route::campaign_dirs(&root)?,
        (Some(dir), None) => vec![dir],
        (None, None) => vec![PathBuf::from(".")],
    };
    let mut failed = 0;
    // One campaign's trouble must not stop the others' deadlines.
    tick::tick_dirs(&dirs, jobs.unwrap_or_else(tick::default_jobs), |dir, result| match result {
        Ok(None) => sayln!("{}: nothing due", dir.display()),
        Ok(Some(t)) => {
            let mut parts = Vec::new();
            if t.reminders > 0 {
                parts.push(format!("{} reminder(s)", t.reminders));
            }
            if !t.late.is_empty() {
                parts.push(format!("late: {}", t.late.join(", ")));
            }
            if let Some(n) = &t.note {
                parts.push(n.clone());
            }
            let summary = if parts.is_empty() { "nothing due".to_string() } else { parts.join("; ") };
            sayln!("{}: {summary}", dir.display());
            print_outcomes(&t.steps);
        }
        Err(e) => {
            failed += 1;
            eprintln!("umpire: {}: {e:#}", dir.display());
        }
    });
    Ok(if failed == 0 { 0 } else { 1 })
}

/// Sends one outbox (a campaign's, or a routing root's); returns the failures.
///
/// The campaign's lock is held only to finish an interrupted command and to record
/// what went out, never while a mail server is being talked to: a slow or silent server
/// must not keep ingest and tick waiting. Two `send`s at once are kept apart by a lock
/// of their own, so no mail goes out twice.
fn send_one(dir: &Path, transport: &Transport, is_root: bool) -> Result<usize> {
    let campaign = dir.join("campaign.toml").exists();
    if !campaign && !is_root {
        bail!(
            "{} is not a campaign (no campaign.toml there); for a directory of campaigns use --root",
            dir.display()
        );
    }
    let Some(_sending) = umpire::campaign::lock_sending(dir)? else {
        sayln!("{}: another send is running; nothing sent", dir.display());
        return Ok(0);
    };
    if campaign {
        drop(Campaign::open(dir)?); // finishes a command a crash interrupted
    }
    // A pruned step's picture is rendered again and checked against the ledger.
    let mut files = None;
    let mut read =
        |rel: &str| files.get_or_insert_with(|| umpire::campaign::derived::Derived::new(dir)).read(rel).ok();
    let report = mail::send_outbox_with(&dir.join("outbox"), &dir.join("sent"), transport, &mut read)?;
    for line in &report.summaries {
        sayln!("{line}");
    }
    if campaign && !report.sent.is_empty() && !matches!(transport, Transport::DryRun) {
        let mut c = Campaign::open(dir)?;
        let mut txn = Txn::new();
        txn.record(umpire::campaign::event::Event::Sent { files: report.sent.clone() });
        c.commit(txn)?;
    }
    sayln!("{}: sent {} mail(s)", dir.display(), report.sent.len());
    for (file, error) in &report.failed {
        eprintln!("umpire: not sent: {file}: {error} (left in the outbox; it is tried again next time)");
    }
    Ok(report.failed.len())
}

/// `ingest --root`: each input goes to the campaign its GAME line names.
fn ingest_routed(
    root: &Path,
    paths: Vec<PathBuf>,
    stdin: bool,
    maildir: Option<PathBuf>,
    mbox: Option<PathBuf>,
) -> Result<i32> {
    // The largest any campaign here takes; each campaign checks its own on ingest.
    let limit = match route::campaigns(root) {
        Ok(list) => list
            .iter()
            .map(|(_, c)| c.max_input_bytes)
            .max()
            .unwrap_or(umpire::campaign::config::DEFAULT_MAX_INPUT),
        Err(e) if stdin => {
            eprintln!("umpire: {e:#}");
            return Ok(EX_TEMPFAIL);
        }
        Err(e) => return Err(e.into()),
    };
    let inputs = match gather(&paths, stdin, maildir.as_deref(), mbox.as_deref(), limit) {
        Ok(i) => i,
        Err(e) if stdin => {
            eprintln!("umpire: {e:#}");
            return Ok(EX_TEMPFAIL);
        }
        Err(e) => return Err(e),
    };
    for input in inputs {
        let (name, raw) = (&input.name, &input.raw);
        let result = route::route(root, raw)
            .and_then(|dir| match dir {
                Some(dir) => {
                    let mut c = Campaign::open(&dir)?;
                    let done = ingest::ingest(&mut c, raw)?;
                    sayln!("{name}: {}: {}", dir.display(), describe(&done.verdict));
                    print_outcomes(&done.steps);
                    Ok(())
                }
                None => {
                    let stored = route::unrouted(root, raw)?;
                    sayln!("{name}: names no game here; kept as {}", stored.display());
                    Ok(())
                }
            })
            .map_err(anyhow::Error::new)
            .and_then(|()| input.handled());
        if let Err(e) = result {
            eprintln!("umpire: {name}: {e:#}");
            if stdin {
                return Ok(EX_TEMPFAIL);
            }
            return Err(e);
        }
    }
    Ok(0)
}

/// One input to ingest: its name for messages, its bytes, and, for a maildir
/// message, its file (moved to `cur/` once handled).
struct Input {
    name: String,
    raw: Vec<u8>,
    maildir_file: Option<PathBuf>,
}

impl Input {
    fn new(name: String, raw: Vec<u8>) -> Self {
        Input { name, raw, maildir_file: None }
    }

    /// Marks a maildir message read, once it is stored and answered.
    fn handled(&self) -> Result<()> {
        match &self.maildir_file {
            Some(f) => Ok(mail::mark_seen(f)?),
            None => Ok(()),
        }
    }
}

/// Reads the inputs named on the command line (standard input first).
/// Reads every input, none of it beyond `limit` bytes (the campaign's
/// `max_input_bytes`): a larger one is read through but only its headers are kept.
fn gather(
    files: &[PathBuf],
    stdin: bool,
    maildir: Option<&Path>,
    mbox: Option<&Path>,
    limit: u64,
) -> Result<Vec<Input>> {
    use umpire::mail::capped::read_capped;
    let mut inputs = Vec::new();
    if stdin {
        let seconds = std::env::var("UMPIRE_STDIN_SECONDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(umpire::mail::capped::STDIN_SECONDS);
        let raw = umpire::mail::capped::read_stdin_capped(limit, seconds)
            .context("reading the mail from standard input")?;
        inputs.push(Input::new("standard input".into(), raw));
    }
    for f in files {
        let file = std::fs::File::open(f).with_context(|| format!("reading {}", f.display()))?;
        let raw = read_capped(file, limit).with_context(|| format!("reading {}", f.display()))?;
        inputs.push(Input::new(f.display().to_string(), raw));
    }
    if let Some(m) = maildir {
        for (path, raw) in mail::read_maildir(m, limit)? {
            inputs.push(Input { name: path.display().to_string(), raw, maildir_file: Some(path) });
        }
    }
    if let Some(m) = mbox {
        let bytes = std::fs::read(m).with_context(|| format!("reading {}", m.display()))?;
        for (i, raw) in mail::split_mbox(&bytes).into_iter().enumerate() {
            let raw = read_capped(&raw[..], limit)?;
            inputs.push(Input::new(format!("{} #{}", m.display(), i + 1), raw));
        }
    }
    Ok(inputs)
}

/// `what-if --batch`: one phase per JSON line in, one result per line out, in order
/// (see `engine::what_if_jobs`), on `jobs` threads, through one buffer flushed at the end.
fn what_if_batch(tool: engine::WhatIfTool, jobs: Option<u16>) -> Result<i32> {
    use umpire::engine::what_if_jobs::{Stopped, run_on};
    let workers =
        jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(8), usize::from);
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    // The handle, not its lock: with --jobs the lines are read on a thread of their own.
    let input = std::io::BufReader::with_capacity(256 * 1024, std::io::stdin());
    match run_on(tool, input, &mut out, workers) {
        Ok(()) => Ok(0),
        Err(Stopped::Reading(e)) => Err(anyhow::Error::new(e).context("reading standard input")),
        Err(Stopped::Writing(_)) => {
            super::out::mark_lost();
            Ok(0)
        }
    }
}

fn find_system(name: &str) -> Result<&'static engine::SystemInfo> {
    umpire::games::find(name).ok_or_else(|| anyhow!("unknown system '{name}' (see umpire systems)"))
}

/// `A=B` arguments into pairs.
fn pairs(args: &[String], flag: &str, shape: &str) -> Result<Vec<(String, String)>> {
    args.iter()
        .map(|a| {
            a.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .filter(|(k, _)| !k.is_empty())
                .ok_or_else(|| anyhow!("{flag} {a}: expected {shape}"))
        })
        .collect()
}

fn status(dir: &Path) -> Result<i32> {
    let c = Campaign::open(dir)?;
    let state = c.current_state()?;
    let phase = c.phase(&state)?;
    let step = c.steps() + 1;
    sayln!("campaign {} ({}), {} step(s) resolved", c.config.id, c.config.system, c.steps());
    if let Some(result) = &phase.game_over {
        sayln!("the game is over: {result}");
    } else {
        sayln!("open: {} ({}), step {step}", phase.title, phase.id);
        if umpire::campaign::schedule::paused(&c.ledger) {
            sayln!("paused by the GM: no reminders or deadlines until RESUME");
        }
        if phase.mode == umpire::engine::PhaseMode::Immediate {
            sayln!("each player's orders are resolved as they arrive; there is no deadline");
        } else if let Some(d) =
            umpire::campaign::schedule::deadline(&c.ledger, c.schedule_for(&phase).as_ref(), step)?
        {
            sayln!("deadline: {}", umpire::campaign::schedule::show_time(c.config.schedule.as_ref(), d));
        } else {
            sayln!("no deadline: adjudicate when every due player is in (or with --force)");
        }
        let sealed = adjudicate::sealed_orders(&c, step)?;
        let receipts: BTreeMap<String, String> = c
            .ledger
            .accepts()
            .filter(|a| a.step == step)
            .map(|a| (a.player.clone(), a.receipt.clone()))
            .collect();
        let asked = phase.asked();
        for p in &asked {
            let optional = if phase.due.contains(p) {
                ""
            } else if phase.optional.contains(p) {
                " (optional: may pass)"
            } else {
                " (may send standing orders; not waited for)"
            };
            match (sealed.get(p), receipts.get(p)) {
                (Some(_), Some(r)) => sayln!("  {p:<16} orders in, receipt {r}{optional}"),
                _ => sayln!("  {p:<16} waiting{optional}"),
            }
        }
        let waited = phase.waited_for();
        let waiting: Vec<&str> =
            waited.iter().filter(|p| !sealed.contains_key(*p)).map(String::as_str).collect();
        if !waited.is_empty() {
            sayln!(
                "this mail round: {} of {} in{}",
                waited.len() - waiting.len(),
                waited.len(),
                if waiting.is_empty() {
                    String::new()
                } else {
                    format!("; waiting for {}", waiting.join(", "))
                }
            );
        }
    }
    let count = |d: &str| {
        std::fs::read_dir(dir.join(d))
            .map(|r| r.flatten().filter(|e| e.path().extension().is_some_and(|x| x == "eml")).count())
            .unwrap_or(0)
    };
    sayln!("outbox: {} mail(s) waiting, {} sent", count("outbox"), count("sent"));
    Ok(0)
}

fn ingest_command(
    paths: Vec<PathBuf>,
    stdin: bool,
    maildir: Option<PathBuf>,
    mbox: Option<PathBuf>,
) -> Result<i32> {
    let (dir, files) = match paths.split_first() {
        Some((first, rest)) if first.join("campaign.toml").exists() => (first.clone(), rest.to_vec()),
        _ if Path::new("campaign.toml").exists() => (PathBuf::from("."), paths.clone()),
        _ => bail!("name the campaign directory first: umpire ingest DIR FILE..."),
    };
    // The inputs are read before the campaign is locked: a slow or endless sender
    // must not hold up every other ingest of the campaign.
    let limit = match umpire::campaign::config::Config::load(&dir) {
        Ok(config) => config.max_input_bytes,
        Err(e) if stdin => {
            eprintln!("umpire: {e:#}");
            return Ok(EX_TEMPFAIL);
        }
        Err(e) => return Err(e.into()),
    };
    let inputs = match gather(&files, stdin, maildir.as_deref(), mbox.as_deref(), limit) {
        Ok(i) => i,
        Err(e) if stdin => {
            eprintln!("umpire: could not read the mail: {e:#}");
            return Ok(EX_TEMPFAIL);
        }
        Err(e) => return Err(e),
    };
    let mut c = match Campaign::open(&dir) {
        Ok(c) => c,
        Err(e) if stdin => {
            eprintln!("umpire: {e:#}");
            return Ok(EX_TEMPFAIL);
        }
        Err(e) => return Err(e.into()),
    };
    if inputs.is_empty() {
        // Only finish what an interrupted run stored but never answered or resolved.
        let waiting = ingest::unanswered(&c)?.len();
        let steps = ingest::finish_interrupted(&mut c)?;
        print_outcomes(&steps);
        sayln!("{waiting} stored input(s) were waiting for an answer; {} step(s) resolved", steps.len());
        return Ok(0);
    }
    for input in inputs {
        let name = &input.name;
        let done = match ingest::ingest(&mut c, &input.raw) {
            Ok(d) => d,
            Err(e) if stdin => {
                // Stored or not, the mail server must keep it if we could not finish.
                eprintln!("umpire: {name}: {e:#}");
                return Ok(EX_TEMPFAIL);
            }
            Err(e) => return Err(anyhow::Error::new(e).context(name.clone())),
        };
        // A refusal is an answer, not a failure: the mail was handled, so exit 0.
        sayln!("{name}: {}", describe(&done.verdict));
        print_outcomes(&done.steps);
        input.handled()?;
    }
    Ok(0)
}

fn describe(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Accepted { player, receipt } => {
            format!("accepted for {player}, receipt {receipt}")
        }
        Verdict::Refused { reason } => format!("refused: {reason}"),
        Verdict::Ignored { why } => format!("stored, not answered ({why})"),
        Verdict::Duplicate => "the same mail again; stored, answered before".into(),
        Verdict::Press { player, sent, refused } => {
            format!("press from {player}: {sent} sent, {refused} not sent; orders unchanged")
        }
        Verdict::Gm { done, .. } => format!("GM commands: {}", done.join("; ")),
    }
}

pub fn print_outcomes(outcomes: &[Outcome]) {
    for o in outcomes {
        sayln!("step {}: {} resolved", o.step, o.phase);
        if let Some(w) = &o.chain_warning {
            eprintln!("umpire: warning: {w}");
        }
        for e in &o.public_events {
            sayln!("  {e}");
        }
        match &o.next.game_over {
            Some(r) => sayln!("the game is over: {r}"),
            None if o.next.due.is_empty() => {}
            None => sayln!("next: {} — orders due from {}", o.next.title, o.next.due.join(", ")),
        }
    }
}
