//! 5.0 Sequence of play: which step comes next, and one runner for a player's
//! orders used both to check them (without dice) and to resolve them.

use std::collections::BTreeMap;

use super::orders::{self, Line, Order, Part};
use super::standing::StandingLine;
use super::state::{Log, Roller, Side, Stage, State};
use super::{attrition, conflict, control, initiative, mobilization, movement, politics, setup, victory};
use crate::engine::{Dice, Error, OrderError, PlayerId, Result};

/// Checks a player's orders body against the state: every bad line is named.
pub fn check(state: &State, player: &str, body: &str) -> Result<Vec<Line>, Vec<OrderError>> {
    let Some(side) = state.side_of(player) else {
        return Err(vec![OrderError::new(1, "", format!("{player} is not a player in this game"))]);
    };
    if state.active() != Some(side) {
        return Err(vec![OrderError::new(1, "", "no orders are due from you in this phase".to_string())]);
    }
    let (lines, bad) = orders::read(&state.rules.map, body);
    let mut errors: Vec<OrderError> =
        bad.into_iter().map(|(n, text, reason)| OrderError::new(n, text, reason)).collect();
    let setup_stage = matches!(state.stage, Stage::SetupGovernment | Stage::SetupDse);
    let mut usable = Vec::new();
    for line in lines {
        let part = line.order.part();
        let wrong = match part {
            Part::Setup if !setup_stage => Some("PLACE is for set-up; build with BUILD (9.1)".to_string()),
            Part::Setup | Part::Standing => None,
            _ if setup_stage => Some("set-up takes PLACE lines and standing orders only (4.0)".to_string()),
            Part::Mobilization if !mobilization::due(state.turn) => {
                Some(format!("turn {} has no Mobilization Phase (odd turns from turn 3, 5.0)", state.turn))
            }
            _ => None,
        };
        match wrong {
            Some(reason) => errors.push(OrderError::new(line.number, line.text.clone(), reason)),
            None => usable.push(line),
        }
    }
    let mut trial = state.clone();
    let mut log = Log::default();
    let mut roller = Roller::dry();
    let mut on_error = |line: &Line, reason: String| {
        errors.push(OrderError::new(line.number, line.text.clone(), reason));
    };
    if setup_stage {
        run_setup(&mut trial, side, &usable, &mut log, &mut on_error);
    } else {
        run_turn(&mut trial, side, &usable, &mut roller, &mut log, &mut on_error);
    }
    if errors.is_empty() {
        Ok(usable)
    } else {
        errors.sort_by_key(|e| e.line);
        Err(errors)
    }
}

/// The acknowledgement of accepted orders: what the orders will do when nothing
/// changes before they resolve (new unit ids, paths and movement points), then
/// the attacks and standing orders as read.
pub fn narrate(state: &State, lines: &[Line]) -> Vec<String> {
    // The orders as read, each a line the player could send again unchanged.
    let mut out: Vec<String> = lines.iter().map(|l| l.text.to_ascii_uppercase()).collect();
    let Some(side) = state.active() else {
        return out;
    };
    let mut trial = state.clone();
    let mut log = Log::default();
    let mut ignore = |_: &Line, _: String| {};
    if matches!(state.stage, Stage::SetupGovernment | Stage::SetupDse) {
        run_setup(&mut trial, side, lines, &mut log, &mut ignore);
    } else {
        run_turn(&mut trial, side, lines, &mut Roller::dry(), &mut log, &mut ignore);
    }
    for w in warnings(state, side, lines) {
        out.push(format!("# warning: {w}"));
    }
    for (n, why) in &log.depends {
        let text =
            lines.iter().find(|l| l.number == *n).map(|l| l.text.to_ascii_uppercase()).unwrap_or_default();
        out.push(format!("# note: line {n} ({text}) {why}"));
    }
    if lines.iter().any(|l| matches!(l.order, Order::Reference)) {
        for s in super::reference::sections(state) {
            out.push(format!("# {}", s.title));
            out.extend(s.lines.iter().map(|l| format!("#   {l}")));
        }
    }
    let said = log.lines();
    if !said.is_empty() {
        out.push("# What they do, checked now without dice:".into());
    }
    // After the first die the check could not roll, nothing is certain.
    let certain = log.uncertain_from.unwrap_or(usize::MAX);
    for (i, text) in said.into_iter().enumerate() {
        if i >= certain {
            out.push(format!("# {text} (if the dice allow: they are rolled at resolution)"));
        } else {
            out.push(format!("# {text}"));
        }
    }
    out
}

/// Orders that are accepted but can do nothing as things stand: said in the
/// acknowledgement, so a player does not count on them.
fn warnings(state: &State, side: Side, lines: &[Line]) -> Vec<String> {
    use super::standing::StandingLine;
    let mut out = Vec::new();
    let built_air = lines.iter().filter(|l| matches!(l.order, Order::BuildAirstrike)).count() as u32;
    for l in lines {
        let n = l.number;
        match &l.order {
            Order::Attack(a) => {
                if a.airstrike && side == Side::Government && state.airstrikes + built_air == 0 {
                    out.push(format!(
                        "line {n}: no airstrike marker is available, so AIRSTRIKE will add nothing"
                    ));
                }
                let unconventional =
                    a.units.iter().filter_map(|id| state.units.get(id)).any(|u| state.unconventional(u));
                if a.pp && !unconventional {
                    out.push(format!(
                        "line {n}: PP is spent only by an unconventional attacker (11.6), and none of these is one now"
                    ));
                }
            }
            Order::Standing(StandingLine::DefendAirstrike(_)) if side == Side::Dse => {
                out.push(format!(
                    "line {n}: DEFEND AIRSTRIKE is the Government's; it does nothing for the DSE"
                ));
            }
            Order::Standing(StandingLine::Losses(ids)) => {
                for id in ids {
                    if state.units.get(id).is_none_or(|u| u.side != side) {
                        out.push(format!("line {n}: LOSSES names {id}, which is not one of your units now"));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn standing(state: &mut State, side: Side, lines: &[Line]) {
    let updates: Vec<StandingLine> = lines
        .iter()
        .filter_map(|l| match &l.order {
            Order::Standing(s) => Some(s.clone()),
            _ => None,
        })
        .collect();
    if !updates.is_empty() {
        let next = state.standing.get(side).updated(&updates);
        *state.standing.get_mut(side) = next;
    }
}

fn run_setup(
    state: &mut State,
    side: Side,
    lines: &[Line],
    log: &mut Log,
    on_error: &mut dyn FnMut(&Line, String),
) {
    standing(state, side, lines);
    let mut last = None;
    for line in lines {
        if let Order::Place { kind, to } = &line.order {
            last = Some(line);
            match setup::place(state, side, kind, to) {
                Ok(id) => log.say(format!("4.0 {} sets up {id} ({kind}) at {}", side.name(), to.code())),
                Err(e) => on_error(line, e.to_string()),
            }
        }
    }
    if let Err(e) = setup::complete(state, side) {
        let fallback = Line { number: 1, text: String::new(), order: Order::Pass };
        on_error(last.unwrap_or(&fallback), e.to_string());
    }
}

/// Plays one player turn's orders: standing orders, mobilization (resettlement
/// first, 16.5), movement, then conflict, each in the order written.
pub fn run_turn(
    state: &mut State,
    side: Side,
    lines: &[Line],
    roller: &mut Roller,
    log: &mut Log,
    on_error: &mut dyn FnMut(&Line, String),
) {
    standing(state, side, lines);
    if mobilization::due(state.turn) {
        log.say(format!("{} Mobilization Phase (9.0)", side.name()));
        let mut phase = mobilization::begin(state, side, roller, log);
        let (resettle, rest): (Vec<&Line>, Vec<&Line>) = lines
            .iter()
            .filter(|l| l.order.part() == Part::Mobilization)
            .partition(|l| matches!(l.order, Order::Resettle { .. }));
        for line in resettle.into_iter().chain(rest) {
            if state.over.is_some() {
                return;
            }
            after_a_die(roller, log, line);
            let done = match &line.order {
                Order::Resettle { region } if side == Side::Government => {
                    mobilization::resettle(state, region, roller, log)
                }
                Order::Resettle { .. } => Err("only the Government resettles (16.5)".into()),
                Order::Build { kind, to } => {
                    mobilization::build(state, side, kind, to, &mut phase, log).map(|_| ())
                }
                Order::BuildAirstrike => mobilization::build_airstrike(state, side, &mut phase, log),
                Order::Upgrade { id } => mobilization::upgrade(state, side, id, &mut phase, log),
                Order::Disband { id } => mobilization::disband(state, side, id, log),
                _ => Ok(()),
            };
            if let Err(e) = done {
                on_error(line, e.to_string());
            }
        }
    }
    if state.over.is_some() {
        return;
    }
    let mut moves = movement::Phase::default();
    for line in lines.iter().filter(|l| l.order.part() == Part::Movement) {
        after_a_die(roller, log, line);
        let done = match &line.order {
            Order::Move { id, path } => movement::travel(state, side, id, path, &mut moves, log),
            Order::Break { id } => movement::break_down(state, side, id, &mut moves, log).map(|_| ()),
            Order::Combine { ids } => movement::combine(state, side, ids, &mut moves, log).map(|_| ()),
            Order::Mode { id, unconventional } => {
                movement::mode(state, side, id, *unconventional, &mut moves, log)
            }
            _ => Ok(()),
        };
        if let Err(e) = done {
            on_error(line, e.to_string());
        }
    }
    let attacks: Vec<&Line> = lines.iter().filter(|l| l.order.part() == Part::Conflict).collect();
    if roller.is_real() {
        if !attacks.is_empty() {
            log.say(format!("{} Conflict Phase (11.0)", side.name()));
        }
        let mut phase = conflict::Phase::default();
        for line in attacks {
            if state.over.is_some() {
                return;
            }
            if let Order::Attack(a) = &line.order
                && let Err(e) = conflict::resolve(state, side, a, &mut phase, roller, log)
            {
                on_error(line, e.to_string());
            }
        }
    } else {
        let mut earlier = Vec::new();
        for line in attacks {
            if let Order::Attack(a) = &line.order {
                after_a_die(roller, log, line);
                match conflict::check(state, side, a, &earlier) {
                    Err(e) => on_error(line, e.to_string()),
                    Ok(()) => {
                        for why in conflict::depends(state, side, a, &earlier) {
                            log.depends_on(line.number, why);
                        }
                    }
                }
                earlier.push(a);
            }
        }
    }
}

/// In a check without dice, a line that comes after a die the check could not roll
/// (a resettlement's, 16.5c; the Stalin Score's, 17.1) is checked as if the die
/// allowed it: noted, since the die may not.
fn after_a_die(roller: &Roller, log: &mut Log, line: &Line) {
    if !roller.is_real() && log.uncertain_from.is_some() {
        log.depends_on(
            line.number,
            "comes after a die rolled only at resolution (16.5c resettlement or 17.1 Stalin Score): checked as if it allows this",
        );
    }
}

/// The accepted lines whose fate the check cannot know, each with what it depends
/// on: a dry run of the turn, as `check` makes it.
pub fn depends(state: &State, lines: &[Line]) -> Vec<(usize, String)> {
    let Some(side) = state.active() else {
        return Vec::new();
    };
    if matches!(state.stage, Stage::SetupGovernment | Stage::SetupDse) {
        return Vec::new();
    }
    let mut trial = state.clone();
    let mut log = Log::default();
    run_turn(&mut trial, side, lines, &mut Roller::dry(), &mut log, &mut |_, _| {});
    log.depends
}

/// The lines a step's report says did not take place (`line N (TEXT) does not take
/// place: why`), as the acknowledgement echoed them.
pub fn not_taken(events: &[crate::engine::Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| {
            let rest = e.text.strip_prefix("line ")?;
            let (_, rest) = rest.split_once(" (")?;
            let (text, _) = rest.rsplit_once(") does not take place")?;
            Some(text.to_ascii_uppercase())
        })
        .collect()
}

/// Resolves the current step.
pub fn resolve(
    state: &State,
    orders: &BTreeMap<PlayerId, Vec<Line>>,
    dice: &mut Dice,
) -> Result<(State, Log)> {
    let mut next = state.clone();
    let mut log = Log::default();
    let mut roller = Roller::real(dice);
    match state.stage {
        Stage::Over => return Err(Error::step("the game is over")),
        Stage::Politics => {
            log.say("Set-up (4.0): the Government rolls on the Politics Table");
            politics::roll(&mut next, &mut roller, &mut log);
            next.stage = Stage::SetupGovernment;
        }
        Stage::SetupGovernment | Stage::SetupDse => {
            let side = if state.stage == Stage::SetupGovernment { Side::Government } else { Side::Dse };
            let lines = match player_lines(state, side, orders) {
                Some(l) => l.to_vec(),
                None => {
                    log.say(format!("{} sent no set-up: the default set-up is used (README)", side.name()));
                    let body = setup::default_lines(state, side).join("\n");
                    orders::read(&state.rules.map, &body).0
                }
            };
            let mut problems = Vec::new();
            run_setup(&mut next, side, &lines, &mut log, &mut |l, e| {
                problems.push(format!("line {}: {e}", l.number))
            });
            if !problems.is_empty() {
                return Err(Error::step(format!(
                    "the {} set-up does not fit the rules: {}",
                    side.name(),
                    problems.join("; ")
                )));
            }
            next.stage = if side == Side::Government { Stage::SetupDse } else { Stage::Initiative };
        }
        Stage::Initiative => initiative::resolve(&mut next, &mut roller, &mut log),
        Stage::PlayerTurn { second } => {
            let side = state.active().unwrap_or(Side::Government);
            log.say(format!("Turn {}: {} player turn", state.turn, side.name()));
            let lines = match player_lines(state, side, orders) {
                Some(l) => l.to_vec(),
                None => {
                    log.say(format!("{} sent no orders: no builds, moves or attacks", side.name()));
                    Vec::new()
                }
            };
            let mut skipped = Vec::new();
            run_turn(&mut next, side, &lines, &mut roller, &mut log, &mut |l, e| {
                skipped.push(format!("line {} ({}) does not take place: {e}", l.number, l.text));
            });
            for s in skipped {
                log.say(s);
            }
            if next.over.is_none() {
                next.stage = if second { Stage::EndOfTurn } else { Stage::PlayerTurn { second: true } };
            }
        }
        Stage::EndOfTurn => {
            control::resolve(&mut next, &mut roller, &mut log);
            if attrition::due(next.turn) && next.over.is_none() {
                attrition::resolve(&mut next, &mut log);
            }
            let ended = next.turn;
            victory::check(&mut next, ended, &mut log);
            if next.over.is_none() {
                next.turn += 1;
                next.stage = Stage::Initiative;
                log.say(format!("Turn {ended} ends; turn {} begins", next.turn));
            }
        }
    }
    // Revision 3: the report's prose lives in the step's events, not in the state.
    next.journal = if next.options.from(3) { Vec::new() } else { log.lines() };
    Ok((next, log))
}

fn player_lines<'a>(
    state: &State,
    side: Side,
    orders: &'a BTreeMap<PlayerId, Vec<Line>>,
) -> Option<&'a Vec<Line>> {
    orders.iter().find(|(p, _)| p.eq_ignore_ascii_case(state.player(side))).map(|(_, l)| l)
}
