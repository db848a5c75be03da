//! The check at ingest: "accepted" means the line will run. A turn's lines are run on a
//! copy of the live game with the resolution's own code (`turn::run_watched`, so the
//! one legality check of each action decides), until the run reaches what cannot be
//! known when the mail arrives: an attack's dice, or the opponent's chance to react
//! (its standing reactions are its secret and it may change them). Up to there, on a
//! side's own turn nothing changes before the lines run, so a line that fails is
//! refused with the reason. After it, a line is refused only for what no die and no
//! reaction can change (a unit the file has not yet used keeps its square and state; the
//! squares of a move, the range of an attack and the WAITs counted do not change);
//! every other line is accepted with a note saying what it waits on.

use std::collections::BTreeSet;

use super::actions;
use super::attack::Kind;
use super::data::{Data, Side, Square, Terrain};
use super::log::Log;
use super::movement;
use super::script::{self, Command};
use super::state::{Leadership, Place, Stage, State};
use super::turn::{self, Fate, Unknown, Watch};
use crate::engine::roll::Given;

/// What the check says of one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Runs,
    Refused(String),
    /// Accepted; what it depends on.
    Noted(String),
}

/// A script line of the file: its number in the file and its canonical text.
pub struct Numbered<'a> {
    pub number: usize,
    pub text: &'a str,
}

#[derive(Default)]
struct Seen {
    fates: Vec<Fate>,
    unknown: Option<(usize, Unknown)>,
}

impl Watch for Seen {
    fn fate(&mut self, _text: &str, fate: Fate) {
        self.fates.push(fate);
    }
    fn unknown(&mut self, why: Unknown) -> bool {
        self.unknown = Some((self.fates.len(), why));
        true
    }
}

/// The verdict on each of `side`'s script lines, sent now for its turn in `state`.
pub fn check(state: &State, data: &Data, side: Side, lines: &[Numbered]) -> Vec<Verdict> {
    if lines.is_empty() || state.stage != Stage::Turn || state.active_side() != side {
        return lines.iter().map(|_| Verdict::Runs).collect();
    }
    let mut trial = state.clone();
    // The opponent's standing reactions are its own: the copy runs without them, and
    // stops where they could answer.
    trial.camp_mut(side.other()).policy.clear();
    trial.current.question = None;
    trial.current.waiting = false;
    trial.current.lines = lines.iter().map(|l| l.text.to_string()).collect();
    let mut seen = Seen::default();
    let mut dice = Given::new(&[]);
    let mut log = Log::default();
    loop {
        turn::run_watched(&mut trial, data, &mut dice, &mut log, &mut seen);
        // A WAIT stops the turn for mail; the lines after it run on when the next file
        // carries no turn lines, as the copy does here.
        if seen.unknown.is_none()
            && trial.current.waiting
            && trial.stage == Stage::Turn
            && trial.over.is_none()
            && !trial.current.lines.is_empty()
        {
            trial.current.waiting = false;
            continue;
        }
        break;
    }
    let known = seen.unknown.as_ref().map_or(seen.fates.len(), |(k, _)| *k);
    let read: Vec<Option<script::ScriptLine>> = lines
        .iter()
        .map(|l| script::script_line(&l.text.split_whitespace().collect::<Vec<_>>(), state, side).ok())
        .collect();
    let mut out = Vec::new();
    for i in 0..lines.len() {
        let held = read.iter().take(i).position(|l| l.as_ref().is_some_and(|l| l.command == Command::Wait));
        // A WAIT or PASS that will surely be reached cannot fail but for the WAITs
        // counted.
        let sure = read[i].as_ref().is_some_and(|l| {
            !l.or && l.guard.is_none() && matches!(l.command, Command::Wait | Command::Pass(_))
        });
        let is_wait =
            |j: usize| read.get(j).and_then(|l| l.as_ref()).is_some_and(|l| l.command == Command::Wait);
        let mut verdict = if i < known {
            match &seen.fates[i] {
                Fate::Passed if is_wait(i) => Verdict::Noted(
                    "nothing will be left to do by then (supply used up, Leadership not Available), so this WAIT ends the turn".into(),
                ),
                Fate::Done | Fate::Waited | Fate::Passed => Verdict::Runs,
                Fate::Skipped(why) => Verdict::Refused(why.clone()),
                Fate::GuardFailed => {
                    Verdict::Noted("its IF does not hold as things stand, so it will be skipped".into())
                }
                Fate::NotTried => Verdict::Noted("not tried: the line above it will be done".into()),
            }
        } else if seen.unknown.is_none() {
            match seen.fates.iter().position(|f| *f == Fate::Passed) {
                Some(p) => Verdict::Refused(format!(
                    "the turn ends at the {} on line {}: nothing after it runs",
                    if is_wait(p) { "WAIT" } else { "PASS" },
                    lines.get(p).map_or(0, |l| l.number)
                )),
                None => Verdict::Noted("runs after the opponent's answer to a question".into()),
            }
        } else {
            let (k, why) = seen.unknown.as_ref().map_or((0, &Unknown::Dice), |(k, w)| (*k, w));
            let after = k.checked_sub(1).and_then(|j| lines.get(j));
            match certain_fault(state, data, side, lines, i) {
                Some(fault) => Verdict::Refused(fault),
                None if sure => Verdict::Runs,
                None => Verdict::Noted(match (why, after) {
                    // Notes name the line by its words, not its number: the echo,
                    // notes and all, is sent back, and its numbers are not the file's.
                    (Unknown::Dice, Some(a)) => {
                        format!("runs after the dice of {}: whether it can be done depends on them", a.text)
                    }
                    (Unknown::Reaction, Some(a)) => format!(
                        "runs after {}, when {} may react: whether it can be done depends on that",
                        a.text,
                        side.other().name()
                    ),
                    _ => "depends on what happens earlier in the turn".into(),
                }),
            }
        };
        if held.is_some() && !matches!(verdict, Verdict::Refused(_)) {
            let hold = "held after the WAIT: it runs only if your next file carries no turn lines (a new script replaces it; no file passes the turn)".to_string();
            verdict = Verdict::Noted(match verdict {
                Verdict::Noted(n) => format!("{hold}; and it {n}"),
                _ => hold,
            });
        }
        out.push(verdict);
    }
    out
}

/// The units a command uses (moves, attacks with, builds, swaps).
fn units_of(c: &Command) -> Vec<&str> {
    match c {
        Command::Move { unit, .. }
        | Command::Amphib { unit, .. }
        | Command::Para { unit, .. }
        | Command::Maneuver { unit, .. } => vec![unit],
        Command::Attack(o) => vec![&o.unit],
        Command::Build(u) | Command::Regroup(u) => vec![u],
        Command::Relieve(a, b) => vec![a, b],
        _ => Vec::new(),
    }
}

/// Why line `i` can never run, whatever the dice and the opponent do before it: read
/// from the live state for the units no earlier line of the file uses (nothing but
/// the file's own lines moves or changes them on this turn), and from what never
/// changes (the board, the kinds, the WAITs counted).
fn certain_fault(state: &State, data: &Data, side: Side, lines: &[Numbered], i: usize) -> Option<String> {
    let read = |t: &str| {
        let words: Vec<&str> = t.split_whitespace().collect();
        script::script_line(&words, state, side).ok()
    };
    let line = read(lines.get(i)?.text)?;
    let earlier: Vec<script::ScriptLine> = lines.iter().take(i).filter_map(|l| read(l.text)).collect();
    let used: BTreeSet<&str> = earlier.iter().flat_map(|l| units_of(&l.command)).collect();
    let fixed = |id: &str| !used.contains(id);
    let board = super::board(data, state);
    // Where the side's units no earlier line uses stand: still there when the line runs.
    let standing: movement::Units = state
        .units
        .iter()
        .filter(|u| u.side == side && fixed(&u.id))
        .filter_map(|u| u.square().map(|s| (s, (u.side, u.kind))))
        .collect();
    let own_fixed_at = |sq: Square| standing.contains_key(&sq);
    let tasks_before = earlier
        .iter()
        .any(|l| matches!(l.command, Command::Cache | Command::Maneuver { .. } | Command::Relieve(..)));
    let leader = state.camp(side).leadership;
    let task_fault = || match leader {
        Leadership::Available => None,
        _ => actions::leader_ready(state, side).err(),
    };
    match &line.command {
        Command::Wait => {
            let waits =
                earlier.iter().filter(|l| !l.or && l.guard.is_none() && l.command == Command::Wait).count();
            (usize::from(state.current.waits) + waits >= usize::from(turn::MAX_WAITS))
                .then(|| format!("at most {} WAITs a turn: this would be one more", turn::MAX_WAITS))
        }
        // The line before the dice or the reaction paid from a stack.
        Command::Supply(_) => Some("the turn's supply is already chosen by the lines before it".into()),
        Command::Commission => match leader {
            Leadership::Commissioned => Some("your Leadership is already commissioned".into()),
            Leadership::Available if !tasks_before => Some("your Leadership is not Exhausted".into()),
            _ => None,
        },
        Command::Cache => task_fault(),
        Command::Move { unit, path } if fixed(unit) => {
            actions::may_act(state, unit, "MOVE").err().or_else(|| {
                let kind = state.unit(unit)?.kind;
                let from = match on_board(state, unit) {
                    Ok(s) => s,
                    Err(e) => return Some(e),
                };
                // The most the board allows: the side's fixed units, nothing else, in the
                // way, and every city open.
                let found = actions::route(board, &standing, side, kind, from, path, &|_| true);
                found.err().map(|e| movement::why_not(board, &standing, side, unit, kind, from, path, e))
            })
        }
        Command::Attack(o) if fixed(&o.unit) => {
            actions::may_act(state, &o.unit, "ATTACK").err().or_else(|| {
                let from = match on_board(state, &o.unit) {
                    Ok(s) => s,
                    Err(e) => return Some(e),
                };
                let kind = state.unit(&o.unit)?.kind;
                let d = from.distance(o.target);
                if own_fixed_at(o.target) {
                    Some(format!("{} holds your own unit", o.target))
                } else if d > kind.range() {
                    Some(format!(
                        "{} is {d} squares from {}, beyond its range {}",
                        o.target,
                        o.unit,
                        kind.range()
                    ))
                } else {
                    None
                }
            })
        }
        Command::Build(unit) => {
            let u = state.unit(unit)?;
            if u.place != Place::Reserve {
                return Some(format!("{unit} is not in the reserve"));
            }
            let sq = State::city_of(board, side, Terrain::Industry)?;
            own_fixed_at(sq).then(|| format!("your Industry {sq} is not empty"))
        }
        Command::Para { unit, to } => {
            let u = state.unit(unit)?;
            if u.kind != Kind::Infantry {
                return Some("only Infantry drop by Paratroop".into());
            }
            if board.at(*to).is_city() || board.at(*to) == Terrain::Water {
                return Some(format!("{to} is not a land square outside the cities"));
            }
            if own_fixed_at(*to) {
                return Some(format!("{to} is not empty"));
            }
            if !fixed(unit) {
                return None;
            }
            match on_board(state, unit) {
                Err(e) => Some(e),
                Ok(s) if board.at(s) != Terrain::AirBase => Some(format!("{unit} is not on an Air Base")),
                Ok(_) => None,
            }
        }
        Command::Regroup(unit) if fixed(unit) => {
            let u = state.unit(unit)?;
            (u.square().is_none() || !u.disrupted)
                .then(|| format!("{unit} is not a disrupted unit on the board"))
        }
        Command::Amphib { unit, to } => {
            if !matches!(board.at(*to), Terrain::Beach | Terrain::Port) {
                return Some(format!("{to} is not a Beach or Port"));
            }
            if !fixed(unit) {
                return None;
            }
            match on_board(state, unit) {
                Err(e) => Some(e),
                Ok(s) if board.at(s) != Terrain::Port => Some(format!("{unit} is not on a Port")),
                Ok(s) if s == *to => Some(format!("{unit} is on {to} already")),
                Ok(_) => None,
            }
        }
        Command::Maneuver { unit, to } => task_fault().or_else(|| {
            if board.at(*to) == Terrain::Water || own_fixed_at(*to) {
                return Some(format!("{to} is not an empty land square"));
            }
            if !fixed(unit) {
                return None;
            }
            match on_board(state, unit) {
                Err(e) => Some(e),
                Ok(s) if s.distance(*to) != 1 => Some(format!("{to} is not next to {unit}")),
                Ok(_) => None,
            }
        }),
        Command::Relieve(a, b) => task_fault().or_else(|| {
            if !(fixed(a) && fixed(b)) {
                return None;
            }
            actions::relieve_ok(state, side, a, b).err()
        }),
        _ => None,
    }
}

/// An active unit's square, or why it is not one.
fn on_board(state: &State, id: &str) -> Result<Square, String> {
    let u = state.unit(id).ok_or_else(|| format!("{id} is not a unit"))?;
    match (u.place, u.disrupted) {
        (Place::Board(_), true) => Err(format!("{id} is disrupted (REGROUP it first)")),
        (Place::Board(s), false) => Ok(s),
        (Place::Reserve, _) => Err(format!("{id} is in the reserve (BUILD it first)")),
        (Place::Gone, _) => Err(format!("{id} has been Blitzed")),
    }
}
