//! GM commands by mail: an orders file whose PLAYER is `gm`, signed with the GM's
//! secret, can move the game without the GM at a keyboard.
//!
//! ```text
//! EXTEND 48                 the open phase's deadline moves 48 hours later
//! EXTEND 2026-12-01 20:00   ...or to this local time
//! PAUSE / RESUME            tick does nothing while paused; RESUME reopens the phase now
//! REPLACE bob new@mail.org  bob gets a new secret at a new address; the old one stops working
//! PROCESS                   adjudicate now, with the no-orders default for missing players
//! ```

use super::event::Event;
use crate::error::Result;
use chrono::{Duration, NaiveDateTime, TimeZone, Utc};

use super::welcome::{self, Commitments, Welcome};
use super::{Campaign, Config, Txn, clock, schedule};
use crate::engine::OrderError;
use crate::report::Templates;

/// What must happen after the commands' transaction is committed.
#[derive(Default)]
pub struct GmOutcome {
    /// One line per command, for the acknowledgement.
    pub done: Vec<String>,
    pub adjudicate: bool,
}

/// Checks and applies the GM's commands into `txn`, or returns every bad line.
pub fn apply(c: &Campaign, body: &str, into: &mut Txn) -> Result<Result<GmOutcome, Vec<OrderError>>> {
    // All or nothing: the commands go into their own transaction, kept only if every line is right.
    let mut own = Txn::new();
    let txn = &mut own;
    let step = c.steps() + 1;
    let mut out = GmOutcome::default();
    let mut errors = Vec::new();
    let mut config = c.config.clone();
    let mut config_changed = false;
    for (i, line) in body.lines().enumerate() {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let verb = words.first().map(|w| w.to_ascii_uppercase()).unwrap_or_default();
        let bad = |reason: String| OrderError::new(i + 1, text, reason);
        match verb.as_str() {
            "EXTEND" => match new_deadline(c, step, &words[1..]) {
                Ok(d) => {
                    txn.record(Event::Extend { step, deadline: d.to_rfc3339() });
                    let shown = super::schedule::show_time(config.schedule.as_ref(), d);
                    out.done.push(format!("deadline of step {step} is now {shown}"));
                }
                Err(reason) => errors.push(bad(reason)),
            },
            "PAUSE" => {
                txn.record(Event::Pause { step });
                out.done.push("paused: tick will not remind or adjudicate until RESUME".into());
            }
            "RESUME" => {
                txn.record(Event::Resume { step, opened: clock::now().to_rfc3339() });
                out.done.push("resumed: the open phase's deadline counts from now".into());
            }
            "PROCESS" | "FORCE" => {
                out.adjudicate = true;
                out.done.push("the open phase will be adjudicated now".into());
            }
            "REPLACE" => {
                match (words.get(1), words.get(2)) {
                    (Some(name), Some(email)) if email.contains('@') => {
                        let Some(index) = config.players.iter().position(|p| p.id.eq_ignore_ascii_case(name))
                        else {
                            errors.push(bad(format!("there is no player '{name}'")));
                            continue;
                        };
                        let player = &mut config.players[index];
                        player.email = email.to_string();
                        let secret = player.reissue();
                        let id = player.id.clone();
                        welcome_replacement(c, &config, txn, &id, email, &secret)?;
                        txn.record(Event::Replace { player: id.clone(), email: Some(email.to_string()) });
                        out.done.push(format!("{id} is now played from {email} with a new secret; the old secret no longer works"));
                        config_changed = true;
                    }
                    _ => errors.push(bad(
                        "REPLACE needs a player and a new address: REPLACE bob bob@example.org".into(),
                    )),
                }
            }
            other => errors.push(bad(format!(
                "'{other}' is not a GM command (EXTEND, PAUSE, RESUME, REPLACE, PROCESS)"
            ))),
        }
    }
    if !errors.is_empty() {
        return Ok(Err(errors));
    }
    if out.done.is_empty() {
        return Ok(Err(vec![OrderError::new(1, "", "no GM command found")]));
    }
    if config_changed {
        txn.write("campaign.toml", config.to_toml()?);
    }
    into.absorb(own);
    Ok(Ok(out))
}

fn new_deadline(c: &Campaign, step: u64, args: &[&str]) -> Result<chrono::DateTime<Utc>, String> {
    match args {
        [hours] => {
            let h: i64 = hours.parse().map_err(|_| format!("'{hours}' is not a number of hours"))?;
            if !(1..=24 * 365).contains(&h) {
                return Err("extend by 1 hour to a year".into());
            }
            let phase = c.current_state().and_then(|s| c.phase(&s)).map_err(|e| e.to_string())?;
            let current = schedule::deadline(&c.ledger, c.schedule_for(&phase).as_ref(), step)
                .map_err(|e| e.to_string())?
                .unwrap_or_else(clock::now);
            Ok(current.max(clock::now()) + Duration::hours(h))
        }
        [date, time] => {
            let naive = NaiveDateTime::parse_from_str(&format!("{date} {time}"), "%Y-%m-%d %H:%M")
                .map_err(|_| format!("'{date} {time}' is not a time like 2026-12-01 20:00"))?;
            let tz = c.config.schedule.as_ref().map(|s| s.tz()).transpose().map_err(|e| e.to_string())?;
            let t = match tz {
                Some(tz) => tz.from_local_datetime(&naive).earliest().map(|t| t.with_timezone(&Utc)),
                None => Utc.from_local_datetime(&naive).earliest(),
            };
            let t = t.ok_or_else(|| format!("{naive} does not exist in the campaign's time zone"))?;
            if t <= clock::now() {
                return Err("that time has passed".into());
            }
            Ok(t)
        }
        _ => Err("EXTEND takes hours (EXTEND 48) or a local time (EXTEND 2026-12-01 20:00)".into()),
    }
}

fn welcome_replacement(
    c: &Campaign,
    config: &Config,
    txn: &mut Txn,
    id: &str,
    email: &str,
    secret: &str,
) -> Result<()> {
    let announcement = super::read_json(&c.root.join("reports/0/public.json"))?;
    let commitments = Commitments {
        public: announcement["chain_public"].as_str().unwrap_or_default(),
        hidden: announcement["chain_hidden"].as_str().unwrap_or_default(),
    };
    let state = c.current_state()?;
    let phase = c.phase(&state)?;
    let welcome = Welcome {
        phase: &phase,
        player: id,
        email,
        secret,
        mail_name: format!("{:04}-welcome-{id}-{}", c.steps() + 1, c.ledger.typed().len()),
        subject: format!("[{}] Welcome: you now play {id}", config.id),
        deadline: super::schedule::deadline(&c.ledger, c.schedule_for(&phase).as_ref(), c.steps() + 1)?
            .and_then(|d| config.schedule.as_ref().map(|s| s.show(d))),
    };
    let engine = c.engine()?;
    let templates = Templates::new(Some(&c.root));
    welcome::queue(config, txn, &templates, engine.as_ref(), &state, &commitments, welcome)
}
