//! Bot-versus-bot soak games through the whole GM loop: every phase's orders come from
//! the system's bot as real mails, every one must be accepted, the system's invariants
//! are checked after every step, and every finished campaign must pass `verify` with
//! its audit bundle. This is what shows a rules module holds up over whole games.

pub mod careless;
pub mod cost;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use crate::error::{Error, Result};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

use crate::audit;
use crate::campaign::Campaign;
use crate::campaign::adjudicate;
use crate::campaign::ingest::{self, Verdict};
use crate::campaign::new::{self, NewCampaign};
use crate::engine::{self, GameData, PhaseMode};

pub struct SoakConfig {
    pub system: String,
    pub games: usize,
    pub seed: u64,
    /// Stop a game after this many steps if it has not ended.
    pub max_steps: u64,
    /// Stop a game once its state's top-level `turn` passes this (systems with turns).
    pub max_turns: Option<u64>,
    pub options: BTreeMap<String, String>,
    /// Keep each game's campaign here (as `game-<n>`) instead of a temporary directory.
    pub keep: Option<PathBuf>,
    /// Players send careless orders first (see `careless`), and the careful bot's only
    /// after a refusal.
    pub careless: bool,
}

#[derive(Debug, Default)]
pub struct SoakReport {
    pub games: usize,
    pub ended: usize,
    pub stopped: usize,
    pub steps: u64,
    pub orders: u64,
    pub seconds: f64,
    /// Ended games by (group, winner), where the system tells them (Andartes: the
    /// doctrine first rolled, and the side that won).
    pub results: BTreeMap<(String, String), usize>,
    /// Game turns played, summed over the games (steps where the system has no turns).
    pub turns: u64,
    /// Game years played, summed over the games, where the system's turns are parts
    /// of a year (a year the game ended in counts whole); 0 otherwise.
    pub years: u64,
    /// Movement phases resolved, summed over the games (a step that starts at the
    /// moves counts one, whatever it chains after them).
    pub moves: u64,
    /// Players seated in each game.
    pub players: usize,
    /// What became of the lines the players sent (careless or not).
    pub lines: careless::Tally,
    /// The GM's `adjudicate` at each deadline: the seconds it took in all, and the
    /// steps it resolved (each with every reader's reports and pictures, written).
    pub adjudicate_seconds: f64,
    pub adjudicated_steps: u64,
}

impl SoakReport {
    /// Mail round trips per player per game turn: orders files over players and turns.
    pub fn round_trips(&self) -> f64 {
        self.orders as f64 / (self.players.max(1) as f64 * self.turns.max(1) as f64)
    }

    /// Mails (orders files) per player per game year; None where the system has no
    /// years of several turns.
    pub fn mails_per_year(&self) -> Option<f64> {
        (self.years > 0).then(|| self.orders as f64 / (self.players.max(1) as f64 * self.years as f64))
    }

    /// Mails (orders files) per player per move, where the system has years of
    /// several turns: the figure that compares a monthly calendar (Guerilla Warfare
    /// II, twelve moves a year) with a seasonal one.
    pub fn mails_per_move(&self) -> Option<f64> {
        (self.years > 0 && self.moves > 0)
            .then(|| self.orders as f64 / (self.players.max(1) as f64 * self.moves as f64))
    }
}

/// Plays `games` soak games; `progress` gets one line per game.
pub fn soak(cfg: &SoakConfig, mut progress: impl FnMut(&str)) -> Result<SoakReport> {
    // The harness plays this build's games, whoever calls it.
    crate::games::install();
    let info = engine::find(&cfg.system)
        .ok_or_else(|| Error::Campaign(format!("unknown system '{}'", cfg.system)))?;
    let demo = GameData::embedded(info.name, info.files).demo_script()?;
    let players = demo.players.clone();
    let mut options = demo.options();
    options.extend(cfg.options.clone());

    // Soak campaigns are thrown away: no need to wait for the disk on every write.
    crate::campaign::store::set_durable(false);
    let mut report = SoakReport::default();
    let started = Instant::now();
    for game in 0..cfg.games {
        let game_started = Instant::now();
        let tmp;
        let dir = match &cfg.keep {
            Some(root) => root.join(format!("game-{game}")),
            None => {
                tmp = tempfile::tempdir()?;
                tmp.path().join(format!("soak-{game}"))
            }
        };
        let created = new::create(NewCampaign {
            system: info.name.into(),
            dir: dir.clone(),
            id: Some(format!("soak-{game}")),
            players: players.iter().map(|p| (p.clone(), format!("{p}@example.org"))).collect(),
            gm_email: None,
            address: Some("soak@example.org".into()),
            scenario: None,
            options: options.clone(),
            chain_length: None,
            schedule: None,
            // The seed fixes the dice as well as the bots, so that a soak's figures can
            // be had again with the same command.
            dice_key: Some(new::sample_key(cfg.seed.wrapping_add(game as u64), &format!("soak-{game}"))),
            keep_reports: None,
        })?;
        let secrets: BTreeMap<String, String> = created.player_secrets.into_iter().collect();
        let mut rng = ChaCha20Rng::seed_from_u64(cfg.seed.wrapping_add(game as u64));
        let mut c = Campaign::open(&dir)?;
        let engine = c.engine()?;
        let mut ended = false;
        let mut group: Option<String> = None;
        let mut winner: Option<String> = None;
        let mut turns: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
        let mut years: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
        let mut watched: BTreeMap<String, careless::Watched> = BTreeMap::new();
        report.players = players.len();
        while c.steps() < cfg.max_steps {
            let state = c.current_state()?;
            if group.is_none() {
                group = engine.soak_group(&state)?;
            }
            if let Err(e) = engine.check_invariants(&state)? {
                return Err(Error::Campaign(format!("game {game}, after step {}: {e}", c.steps())));
            }
            if cfg.max_turns.is_some_and(|t| state["turn"].as_u64().is_some_and(|n| n > t)) {
                break;
            }
            let phase = c.phase(&state)?;
            let steps_seen = c.steps();
            if phase.game_over.is_some() {
                ended = true;
                winner = engine.winner(&state)?;
                break;
            }
            turns.insert(engine.game_turn(&state)?.unwrap_or_else(|| format!("step {}", c.steps())));
            if let Some(y) = engine.game_year(&state)? {
                years.insert(y);
            }
            if phase.kind == "movement" {
                report.moves += 1;
            }
            // Every question's default must be an answer the system itself accepts.
            for (player, prompt) in &phase.prompts {
                let default = prompt.answers.get(prompt.default).ok_or_else(|| {
                    Error::Campaign(format!(
                        "game {game}: {player}'s question has no answer {}",
                        prompt.default
                    ))
                })?;
                if engine.check(&state, player, default)?.is_err() {
                    return Err(Error::Campaign(format!(
                        "game {game}: the default answer '{default}' to {player}'s question is not accepted"
                    )));
                }
            }
            // The bot writes for the players the phase waits for; a welcome player's
            // standing orders ride on its own turns.
            for player in &phase.waited_for() {
                let state = c.current_state()?;
                let sign_on = crate::campaign::signon::is_sign_on(&phase);
                let careless_taken = cfg.careless
                    && !sign_on
                    && !phase.prompts.contains_key(player)
                    && send_careless(
                        &mut c,
                        &mut rng,
                        &players,
                        &secrets,
                        game,
                        player,
                        &mut report.lines,
                        &mut watched,
                    )?;
                if careless_taken {
                    report.orders += 1;
                    // Accepted: it stands (and an immediate phase has already resolved).
                    if phase.mode == PhaseMode::Immediate {
                        break;
                    }
                    continue;
                }
                let body = if sign_on {
                    "signing on".to_string()
                } else {
                    let body = engine.random_orders(&state, player, &mut rng)?.ok_or_else(|| {
                        Error::Campaign(format!("system {} has no bot for {player}", info.name))
                    })?;
                    echo_round_trip(engine.as_ref(), &state, player, &body)
                        .map_err(|e| Error::Campaign(format!("game {game}, step {}: {e}", c.steps() + 1)))?;
                    body
                };
                let secret =
                    secrets.get(player).ok_or_else(|| Error::Campaign(format!("no secret for {player}")))?;
                let text = format!("GAME soak-{game}\nPLAYER {player}\nSECRET {secret}\n{body}\nEND\n");
                let done = ingest::ingest(&mut c, text.as_bytes())?;
                match done.verdict {
                    Verdict::Accepted { .. } => {
                        report.orders += 1;
                        if !sign_on {
                            watch(engine.as_ref(), &state, player, &body, &mut report.lines, &mut watched)?;
                        }
                    }
                    other => {
                        let ack = read_ack(&dir, c.steps() + 1, done.input);
                        return Err(Error::Campaign(format!(
                            "game {game}, step {}: the bot's orders for {player} were not accepted ({other:?}):\n{body}\n{ack}",
                            c.steps() + 1
                        )));
                    }
                }
                if phase.mode == PhaseMode::Immediate {
                    break;
                }
            }
            if phase.mode == PhaseMode::Deadline {
                let started = Instant::now();
                let before = c.steps();
                adjudicate::adjudicate(&mut c, false)?;
                report.adjudicate_seconds += started.elapsed().as_secs_f64();
                report.adjudicated_steps += c.steps() - before;
            }
            for step in steps_seen + 1..=c.steps() {
                let events = c.events(step)?;
                for (player, w) in watched.iter_mut() {
                    for line in engine.skipped(player, &events) {
                        match w.skip(&line) {
                            Some(true) => {
                                report.lines.lines_skipped += 1;
                                report.lines.unmet += 1;
                                if report.lines.examples.len() < 10 {
                                    report
                                        .lines
                                        .examples
                                        .push(format!("game {game}, step {step}, {player}: {line}"));
                                }
                            }
                            Some(false) => report.lines.lines_skipped += 1,
                            None => {}
                        }
                    }
                }
            }
        }
        let steps = c.steps();
        report.steps += steps;
        report.turns += turns.len() as u64;
        report.years += years.len() as u64;
        drop(c);
        // The bots' mail goes nowhere, but is filed as sent, as a game's would be.
        crate::mail::send_outbox(&dir.join("outbox"), &dir.join("sent"), &crate::mail::Transport::Discard)?;
        // The audit bundle is the soak's, not part of the campaign: it lies beside it.
        let bundle = dir.with_file_name(format!("game-{game}.audit-bundle.json"));
        audit::disclose_and_verify(&dir, &bundle)
            .map_err(|e| Error::Campaign(format!("game {game}: verify failed: {e:#}")))?;
        report.games += 1;
        if let Some(w) = &winner {
            *report.results.entry((group.clone().unwrap_or_else(|| "all".into()), w.clone())).or_insert(0) +=
                1;
        }
        if ended {
            report.ended += 1;
        } else {
            report.stopped += 1;
        }
        progress(&format!(
            "game {}/{}: {} after {steps} steps, verified ({:.2} s)",
            game + 1,
            cfg.games,
            if ended { "ended" } else { "stopped" },
            game_started.elapsed().as_secs_f64()
        ));
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// An acknowledgement's echo is what the player may send again: read back, it must be
/// accepted and echo the same lines.
fn echo_round_trip(
    engine: &dyn engine::Engine,
    state: &serde_json::Value,
    player: &str,
    body: &str,
) -> Result<()> {
    let Ok(echo) = engine.check(state, player, body)? else {
        return Ok(()); // refused: ingest says why
    };
    let again = echo.join("\n");
    match engine.check(state, player, &again)? {
        Ok(second) if second == echo => Ok(()),
        Ok(second) => Err(Error::Campaign(format!(
            "{player}'s echo, sent back, echoes differently:\n{again}\n---\n{}",
            second.join("\n")
        ))),
        Err(errors) => {
            let why: Vec<String> =
                errors.iter().map(|e| format!("line {}: {}: {}", e.line, e.text, e.reason)).collect();
            Err(Error::Campaign(format!(
                "{player}'s echo is refused when sent back:\n{again}\n---\n{}",
                why.join("\n")
            )))
        }
    }
}

fn read_ack(dir: &std::path::Path, step: u64, input: u64) -> String {
    std::fs::read_to_string(dir.join(format!("phases/{step}/acks/{input:06}.txt"))).unwrap_or_default()
}

/// Notes the lines of an accepted file for the tally.
fn watch(
    engine: &dyn engine::Engine,
    state: &serde_json::Value,
    player: &str,
    body: &str,
    tally: &mut careless::Tally,
    watched: &mut BTreeMap<String, careless::Watched>,
) -> Result<()> {
    let Ok(echo) = engine.check(state, player, body)? else {
        return Ok(());
    };
    let notes = engine.notes(state, player, body)?.unwrap_or_default();
    let w = careless::Watched::of(&echo, &notes);
    tally.lines_noted += w.noted.len() as u64;
    watched.insert(player.to_string(), w);
    Ok(())
}

/// One careless file through ingest: refused (every bad line counted) or accepted and
/// watched. The ingest's verdict must agree with the system's check.
#[allow(clippy::too_many_arguments)]
fn send_careless(
    c: &mut Campaign,
    rng: &mut ChaCha20Rng,
    players: &[String],
    secrets: &BTreeMap<String, String>,
    game: usize,
    player: &str,
    tally: &mut careless::Tally,
    watched: &mut BTreeMap<String, careless::Watched>,
) -> Result<bool> {
    let engine = c.engine()?;
    let state = c.current_state()?;
    let Some(body) = careless::orders(engine.as_ref(), &state, player, players, rng)? else {
        return Ok(false);
    };
    let secret = secrets.get(player).ok_or_else(|| Error::Campaign(format!("no secret for {player}")))?;
    let text = format!("GAME soak-{game}\nPLAYER {player}\nSECRET {secret}\n{body}\nEND\n");
    let checked = engine.check(&state, player, &body)?;
    tally.files += 1;
    let done = ingest::ingest(c, text.as_bytes())?;
    match (done.verdict, checked) {
        (Verdict::Accepted { .. }, Ok(_)) => {
            watch(engine.as_ref(), &state, player, &body, tally, watched)?;
            Ok(true)
        }
        (Verdict::Refused { .. }, Err(errors)) => {
            tally.files_refused += 1;
            tally.lines_refused += errors.len() as u64;
            Ok(false)
        }
        (verdict, checked) => Err(Error::Campaign(format!(
            "game {game}, step {}: {player}'s careless file: ingest said {verdict:?}, the check said {}:\n{body}",
            c.steps() + 1,
            if checked.is_ok() { "accepted" } else { "refused" }
        ))),
    }
}
