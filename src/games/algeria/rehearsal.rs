//! The check of an orders file at ingest: the side's file rehearsed on a copy of the
//! live game, with the same functions the step will run (`reinforce`, `deploy`, the
//! missions' `check`), so that "accepted" means "will run". A line that cannot run,
//! where nothing can change before it runs, is refused with the reason the step would
//! give; a line whose fate hangs on what is not known yet (a die, the other side's
//! turn, the Government's Naval Points, an earlier line that may fail) is accepted
//! with a note saying so. Nothing of the other side's hidden orders is read: its
//! parts are what the rehearsal does not know.
//!
//! A line stays certain until the first die, the other side's first chance to act,
//! or the side's own PASS, GOV or WAIT; after that every line is noted, and refused
//! only for what no die and no enemy can mend this turn (`lasting`): a unit of the
//! wrong kind, a Remote or foreign area, a unit already spent or neutralized when
//! the Operations Phase begins.

use std::collections::BTreeSet;

use super::board::{Log, To};
use super::data::{Data, Side};
use super::dice::Roll;
use super::orders::{self, Cond, Line, Mission, Order, Section};
use super::state::{Stage, State};
use super::{board, deploy, fln_missions, gov_missions, ops, reinforce};

/// What the rehearsal found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rehearsal {
    /// Lines that cannot run: (line number, line, why).
    pub refused: Vec<(usize, String, String)>,
    /// Accepted lines that may still not run: (line, what it depends on).
    pub notes: Vec<(String, String)>,
    /// What the acknowledgement tells besides (the counters new units take).
    pub told: Vec<String>,
}

/// What became of one line in a rehearsal.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Runs,
    Fails(String),
    Unsure(String),
}

/// Dice that are not rolled: every die reads 4 (a plain result on the Mission
/// Success Table) and is counted, so the rehearsal knows it went past one.
#[derive(Default)]
struct Unrolled {
    rolled: u32,
}

impl Roll for Unrolled {
    fn die(&mut self, sides: u32, _label: String) -> u32 {
        self.rolled += 1;
        sides.min(4)
    }
}

/// The standing orders one line rules alone (a second line would be silently
/// ignored, as the first decides): REACT policies may have many lines, OAS a
/// placement and a REMOVE.
fn single_category(text: &str) -> Option<String> {
    let w: Vec<&str> = text.split_whitespace().collect();
    match w.as_slice() {
        ["REACT", ..] => None,
        ["OAS", "REMOVE"] => Some("OAS REMOVE".into()),
        ["COUP", second, ..] => Some(format!("COUP {second}")),
        [first, ..] => Some(first.to_string()),
        [] => None,
    }
}

/// Rehearses `lines` (one file of `side`'s, read) on the live `state`.
pub fn rehearse(state: &State, data: &Data, side: Side, lines: &[Line]) -> Rehearsal {
    let mut out = Rehearsal::default();
    // Contradictory standing orders: the first line of a category decides, so a second
    // one would be taken and never used.
    let mut seen: Vec<(String, &Line)> = Vec::new();
    for l in lines.iter().filter(|l| l.section == Section::Standing) {
        let words: Vec<&str> = l.text.split_whitespace().collect();
        if let Some((category, rest)) = words.split_first()
            && let Err(why) = super::standing::usable(data, side, category, rest)
        {
            out.refused.push((l.number, l.text.clone(), why.0));
            continue;
        }
        let Some(cat) = single_category(&l.text) else { continue };
        if let Some((_, first)) = seen.iter().find(|(c, _)| *c == cat) {
            out.refused.push((
                l.number,
                l.text.clone(),
                format!(
                    "line {} already says {}: one {cat} line a file (the first decides)",
                    first.number, first.text
                ),
            ));
        } else {
            seen.push((cat, l));
        }
    }
    let (outcomes, told) = walk(state, data, side, lines, false);
    out.told = told;
    // In a Reinforcement Phase both sides send at once: the FLN's income is known only
    // up to the Naval Points the Government may mobilize before it (A.4).
    let naval_unknown = side == Side::Fln
        && state.stage == Stage::Reinforce
        && !(state.options.sequential && state.plans_government.reinforcement.is_some());
    let least = naval_unknown.then(|| walk(state, data, side, lines, true).0);
    for (i, l) in lines.iter().enumerate() {
        match (&outcomes[i], least.as_ref().map(|o| &o[i])) {
            (Outcome::Fails(why), _) => out.refused.push((l.number, l.text.clone(), why.clone())),
            (Outcome::Unsure(why), _) => out.notes.push((l.text.clone(), why.clone())),
            (Outcome::Runs, Some(Outcome::Fails(why))) => out.notes.push((
                l.text.clone(),
                format!(
                    "runs only if the Government mobilizes few enough Naval Points this turn (each takes 1 AP off your income, A.4); with the least income: {why}"
                ),
            )),
            (Outcome::Runs, Some(Outcome::Unsure(why))) => out.notes.push((l.text.clone(), why.clone())),
            _ => {}
        }
    }
    out.refused.sort_by_key(|(n, _, _)| *n);
    out
}

/// The lines of a side that are not carried out in `log`: (line, why).
fn failures(log: &Log, side: Side) -> Vec<(String, String)> {
    log.lines
        .iter()
        .filter(|(to, _)| *to == To::Side(side))
        .filter_map(|(_, text)| text.split_once(": skipped: "))
        .map(|(line, why)| (line.to_string(), why.to_string()))
        .collect()
}

/// Marks the lines of `part` named in `failed` (in order: a line sent twice fails twice).
fn mark_failed(lines: &[Line], part: Section, failed: Vec<(String, String)>, outcomes: &mut [Outcome]) {
    for (text, why) in failed {
        if let Some(i) = lines
            .iter()
            .enumerate()
            .position(|(i, l)| l.section == part && l.text == text && outcomes[i] == Outcome::Runs)
        {
            outcomes[i] = Outcome::Fails(why);
        }
    }
}

/// The texts of one part of the file.
fn texts(lines: &[Line], part: Section) -> Vec<String> {
    lines.iter().filter(|l| l.section == part).map(|l| l.text.clone()).collect()
}

/// Runs the file's parts on a copy of the game, in the order the turn runs them.
/// `least_income`: the FLN's AP income without its PSL's share (as if the Government
/// mobilized every Naval Point it could).
fn walk(
    state: &State,
    data: &Data,
    side: Side,
    lines: &[Line],
    least_income: bool,
) -> (Vec<Outcome>, Vec<String>) {
    let mut outcomes = vec![Outcome::Runs; lines.len()];
    let mut told = Vec::new();
    let mut sim = state.clone();
    // The rehearsal reads every line not carried out in one form.
    sim.options.revision = sim.options.revision.max(2);
    super::hold(&mut sim, side, lines, false);
    if least_income {
        sim.naval = 999;
    }
    let mut log = Log::default();
    let mut dice = Unrolled::default();
    // Set-up: the side's PLACE lines, in order (nothing comes before them).
    if matches!(state.stage, Stage::SetupGovernment | Stage::SetupFln) {
        let own = texts(lines, Section::Placement);
        super::setup_orders::place(&mut sim, data, side, &own, &mut log);
        mark_failed(lines, Section::Placement, failures(&log, side), &mut outcomes);
        return (outcomes, told);
    }
    let reinforcing = state.stage == Stage::Reinforce;
    let deploying = reinforcing
        || (state.stage == Stage::Deploy && side == Side::Government)
        || (state.stage == Stage::Operations && side == Side::Fln);
    if reinforcing {
        let own = texts(lines, Section::Reinforcement);
        let before: BTreeSet<String> = sim.units.keys().cloned().collect();
        match side {
            Side::Government => {
                if !state.options.sequential || state.plans_government.reinforcement.is_none() {
                    reinforce::reinforce_government(&mut sim, data, Some(&own), &mut dice, &mut log);
                }
            }
            Side::Fln => reinforce::reinforce_fln(&mut sim, data, Some(&own), &mut log),
        }
        mark_failed(lines, Section::Reinforcement, failures(&log, side), &mut outcomes);
        let new: Vec<&String> = sim.units.keys().filter(|id| !before.contains(*id)).collect();
        if !new.is_empty() && !least_income {
            let named: Vec<String> = new
                .iter()
                .filter_map(|id| sim.units.get(*id))
                .filter(|u| board::kind_side(data, u) == Some(side))
                .map(|u| format!("{} ({} in {})", u.id, u.kind, u.area))
                .collect();
            if !named.is_empty() {
                told.push(format!("new units take the counters {}", named.join(", ")));
            }
        }
    }
    if deploying {
        let own = texts(lines, Section::Deployment);
        let mut log = Log::default();
        match side {
            Side::Government => deploy::government(&mut sim, data, &own, &mut log),
            Side::Fln => deploy::fln(&mut sim, data, &own, &mut log),
        }
        mark_failed(lines, Section::Deployment, failures(&log, side), &mut outcomes);
    }
    let unsure = match (state.stage, side) {
        (Stage::Reinforce | Stage::Deploy, Side::Government) => Some(
            "the FLN acts first in the Operations Phase: runs if still possible when its turn comes"
                .to_string(),
        ),
        (Stage::Reinforce | Stage::Operations, Side::Fln) => {
            oas_first(&sim, data, state.stage == Stage::Reinforce)
        }
        (Stage::Suspended, _) if state.ops.waiting == Some(side) => (state.ops.government_next
            != (side == Side::Government))
            .then(|| "the other side acts first: runs if still possible when its turn comes".to_string()),
        _ => return (outcomes, told),
    };
    // The FLN writing in the Reinforcement Phase does not know the Government's
    // deployment and spending, which come before its first line.
    let blind = side == Side::Fln && state.stage == Stage::Reinforce;
    script(&sim, data, side, lines, unsure, blind, &mut outcomes);
    (outcomes, told)
}

/// 11.3: may the OAS make its Suppression at the start of the Operations Phase (a
/// die before the FLN's first line)? `to_come`: the Reinforcement Phase, where it
/// may appear or be placed, is still to come.
fn oas_first(sim: &State, data: &Data, to_come: bool) -> Option<String> {
    let why = |at: &str| {
        Some(format!("the OAS's Suppression in {at} comes first (11.3): runs if still possible then"))
    };
    if sim.ops.oas_done {
        return None;
    }
    match &sim.oas {
        Some(o) if o.at.as_deref().is_some_and(|a| a != "FRANCE" && board::urban(data, a)) => {
            why(o.at.as_deref().unwrap_or(""))
        }
        Some(o) if to_come && o.controller == Side::Government => why("an Urban area"),
        Some(_) if to_come => {
            // The FLN places it: its own OAS order (or France).
            let named = super::standing::args(sim.standing(Side::Fln, "OAS")).join(" ");
            let words: Vec<&str> = named.split_whitespace().collect();
            match orders::area_at(data, &words) {
                Some((a, _)) if board::urban(data, &a) => why(&a),
                _ => None,
            }
        }
        None if to_come && sim.government_psl <= 30 => why("an Urban area, if it appears"),
        _ => None,
    }
}

/// The operations script or queue, line by line, as the Operations Phase runs it
/// while the side keeps acting; `unsure`: why lines are no longer certain.
fn script(
    sim: &State,
    data: &Data,
    side: Side,
    lines: &[Line],
    mut unsure: Option<String>,
    blind: bool,
    outcomes: &mut [Outcome],
) {
    let mut sim = sim.clone();
    // The most the Operations Phase could hand a line: every AP and PSP it may need.
    let mut best = sim.clone();
    best.ap = 99;
    best.government_psl = 999;
    let mut waits = match side {
        Side::Fln => sim.ops.waits_fln,
        Side::Government => sim.ops.waits_government,
    };
    let limit = sim.options.waits;
    let mut moving: BTreeSet<String> = BTreeSet::new();
    let mut dice = Unrolled::default();
    for (i, l) in lines.iter().enumerate() {
        if l.section != Section::Script {
            continue;
        }
        let (cond, order) = match &l.order {
            Order::If(c, inner) => (Some(c), (**inner).clone()),
            o => (None, o.clone()),
        };
        if let Order::Mission(m) = &order
            && let Err(why) = lasting(&best, data, side, m, &moving)
        {
            // `IF <unit> READY` asks the very question: once the line is no longer
            // certain, it is the guard's to pass over (a file written for any dice).
            outcomes[i] = match cond {
                Some(Cond::Ready(u)) if unsure.is_some() => Outcome::Unsure(format!(
                    "cannot run as things stand ({why}): IF {u} READY will pass it over"
                )),
                _ => Outcome::Fails(why),
            };
            continue;
        }
        if order == Order::Wait {
            if waits >= limit {
                outcomes[i] = Outcome::Fails(format!("at most {limit} WAIT(s) a phase (option waits)"));
                continue;
            }
            waits += 1;
        }
        if let Order::Mission(Mission::Move { unit, .. }) = &order {
            moving.insert(unit.clone());
        }
        if let Some(why) = &unsure {
            outcomes[i] = Outcome::Unsure(why.clone());
            continue;
        }
        // What the Government's deployment (a Harass's target may move) and spending
        // (its PSL) decide is not known to an FLN writing before them.
        let hidden = matches!(order, Order::Mission(Mission::Harass { .. }))
            || matches!(cond, Some(Cond::Patrol { .. } | Cond::Psl(_)));
        if blind && hidden {
            outcomes[i] = Outcome::Unsure(
                "the Government deploys and spends before it runs (a Harass's target may move, Patrols and its PSL change)"
                    .into(),
            );
            unsure = Some(format!("after {} (which depends on the Government's deployment)", l.text));
            continue;
        }
        if let Some(c) = cond
            && !ops::holds(&sim, data, c)
        {
            outcomes[i] = Outcome::Fails(format!(
                "the condition does not hold now ({}), and nothing changes before this line runs",
                condition_now(&sim, data, c)
            ));
            continue;
        }
        match order {
            Order::Pass => unsure = Some("after your PASS the other side may act".to_string()),
            Order::Gov => unsure = Some("after GOV the Government acts".to_string()),
            Order::Wait => {
                unsure = Some("after your WAIT, your next mail may replace the lines after it".to_string())
            }
            Order::Mission(m) => {
                let done = match side {
                    Side::Fln => {
                        fln_missions::run(&mut sim, data, &m, &mut dice, &mut Log::default()).map(|_| ())
                    }
                    Side::Government => gov_missions::run(&mut sim, data, &m, &mut dice, &mut Log::default()),
                };
                match done {
                    Err(why) => outcomes[i] = Outcome::Fails(why),
                    Ok(()) => {
                        unsure = Some(match side {
                            Side::Fln => format!(
                                "after the dice and the Government's React of {}: runs if still possible then",
                                l.text
                            ),
                            Side::Government => {
                                format!("after {} the FLN acts: runs if still possible then", l.text)
                            }
                        })
                    }
                }
            }
            _ => {}
        }
    }
}

/// What a condition reads now, for a refusal.
fn condition_now(sim: &State, data: &Data, c: &Cond) -> String {
    match c {
        Cond::Visible { area, .. } => format!(
            "{} visible in {area}",
            sim.units_in(area)
                .filter(|u| matches!(u.at, super::state::Box_::Operations | super::state::Box_::Completed))
                .filter(|u| board::kind_side(data, u) == Some(Side::Fln))
                .count()
        ),
        Cond::Ap(_) => format!("the FLN has {} AP", sim.ap),
        Cond::Psl(_) => format!("the Government PSL is {}", sim.government_psl),
        Cond::Ready(id) => format!("{id} is not ready"),
        Cond::Patrol { area, .. } => format!("{} on Patrol in {area}", board::patrol(sim, data, area)),
    }
}

/// The mission's own check, on the game as it stands when the Operations Phase begins
/// with every AP and PSP it could need: what fails there fails whatever the dice and
/// the other side do this turn (kinds, areas, units already spent or neutralized: no
/// unit returns to OPS and none is restored before the Turn Interphase). Only the
/// places that may change are given their best case: a unit the script moved earlier,
/// a Government target that may React into the Harassers' area, and a Flush team that
/// a division may yet join (each unit checked alone).
fn lasting(
    best: &State,
    data: &Data,
    side: Side,
    m: &Mission,
    moving: &BTreeSet<String>,
) -> Result<(), String> {
    let named: Vec<&String> = match m {
        Mission::Propaganda { by, .. } => vec![by],
        Mission::Strike { by, with, .. } => std::iter::once(by).chain(with).collect(),
        Mission::Move { unit, .. } => vec![unit],
        Mission::Raid { with, .. } | Mission::Harass { with, .. } => with.iter().collect(),
        _ => Vec::new(),
    };
    if named.iter().any(|u| moving.contains(*u)) {
        return Ok(());
    }
    match (side, m) {
        (Side::Fln, Mission::Harass { target, with }) => {
            let mut best = best.clone();
            let harassers = with.first().and_then(|id| best.units.get(id)).map(|u| u.area.clone());
            let mobile = best.units.get(target).and_then(|t| data.kind(&t.kind)).is_some_and(|k| k.mobile);
            if let (Some(area), true) = (harassers, mobile)
                && let Some(t) = best.units.get_mut(target)
                && board::kind_side(data, t) == Some(Side::Government)
            {
                t.area = area;
            }
            fln_missions::check(&best, data, m)
        }
        (Side::Fln, _) => fln_missions::check(best, data, m),
        (Side::Government, Mission::Flush { area, with, air, helo }) => {
            for id in with {
                let helo = helo.iter().filter(|h| *h == id).cloned().collect();
                gov_missions::check(
                    best,
                    data,
                    &Mission::Flush { area: area.clone(), with: vec![id.clone()], air: *air, helo },
                )?;
            }
            // Helo Points are shared: the whole team's airmobilization must be paid.
            if helo.is_empty() { Ok(()) } else { gov_missions::check(best, data, m) }
        }
        (Side::Government, _) => gov_missions::check(best, data, m),
    }
}

/// A unit this file builds may be named in its later lines by
/// its kind (`BUILD BAND I-1`, then `DEPLOY I-1 BAND`, `RAID I-1 WITH BAND`): each
/// such word becomes the counter the unit will take, which the rehearsal knows at
/// ingest (free counters are taken in order and nothing else takes one before the
/// FLN builds). The kind names the unit built or converted in the line's area, else
/// the only one of that kind; several in a line take them in turn.
pub fn name_new_units(state: &State, data: &Data, side: Side, body: &str) -> String {
    if side != Side::Fln || state.stage != Stage::Reinforce {
        return body.to_string();
    }
    let (lines, _) = orders::read(data, side, body);
    let own = texts(&lines, Section::Reinforcement);
    if own.is_empty() {
        return body.to_string();
    }
    let mut sim = state.clone();
    let before: BTreeSet<String> = sim.units.keys().cloned().collect();
    reinforce::reinforce_fln(&mut sim, data, Some(&own), &mut Log::default());
    let new: Vec<(String, String, String)> = sim
        .units
        .values()
        .filter(|u| !before.contains(&u.id))
        .map(|u| (u.kind.to_ascii_uppercase(), u.area.clone(), u.id.clone()))
        .collect();
    if new.is_empty() {
        return body.to_string();
    }
    const VERBS: [&str; 7] = ["DEPLOY", "PROPAGANDA", "STRIKE", "MOVE", "RAID", "HARASS", "IF"];
    let mut out = Vec::new();
    for raw in body.lines() {
        let (text, comment) = match raw.find('#') {
            Some(at) => (&raw[..at], &raw[at..]),
            None => (raw, ""),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        let verb = words.first().map(|w| w.to_ascii_uppercase()).unwrap_or_default();
        let kinds = ["CADRE", "BAND", "FAILEK", "FRONT"];
        if !VERBS.contains(&verb.as_str())
            || !words.iter().skip(1).any(|w| kinds.contains(&w.to_ascii_uppercase().as_str()))
        {
            out.push(raw.to_string());
            continue;
        }
        let areas: Vec<String> =
            (0..words.len()).filter_map(|i| orders::area_at(data, &words[i..]).map(|(a, _)| a)).collect();
        let mut taken: Vec<String> = Vec::new();
        let mut rewritten: Vec<String> = vec![words[0].to_string()];
        for w in &words[1..] {
            let up = w.to_ascii_uppercase();
            if !kinds.contains(&up.as_str()) {
                rewritten.push(w.to_string());
                continue;
            }
            let of_kind: Vec<&(String, String, String)> = new.iter().filter(|(k, _, _)| *k == up).collect();
            let here: Vec<&&(String, String, String)> =
                of_kind.iter().filter(|(_, a, _)| areas.contains(a)).collect();
            let pool: Vec<&String> = if here.is_empty() {
                of_kind.iter().map(|(_, _, id)| id).collect()
            } else {
                here.iter().map(|(_, _, id)| id).collect()
            };
            match pool.into_iter().find(|id| !taken.contains(id)) {
                Some(id) => {
                    taken.push(id.clone());
                    rewritten.push(id.clone());
                }
                None => rewritten.push(w.to_string()),
            }
        }
        out.push(format!("{}{}{comment}", rewritten.join(" "), if comment.is_empty() { "" } else { " " }));
    }
    out.join("\n")
}
