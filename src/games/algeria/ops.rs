//! The Operations Phase (8) as the players' scripts play it: at each decision point
//! the side's next line runs; an FLN mission gives the Government its React; `WAIT`
//! and a React question suspend the phase until the next mail; two passes in a row
//! end it, and the Turn Interphase and the next turn's Random Events follow.

use super::board::{self, Log};
use super::data::{Data, Side};
use super::dice::Roll;
use super::events;
use super::fln_missions::{self, Done};
use super::gov_missions;
use super::interphase;
use super::orders::{self, Cond, Order};
use super::psl;
use super::react::{self, Decision};
use super::state::{Box_, Question, Stage, State};

/// Does a script condition hold now?
pub fn holds(state: &State, data: &Data, c: &Cond) -> bool {
    match c {
        Cond::Visible { area, n } => {
            state
                .units_in(area)
                .filter(|u| matches!(u.at, Box_::Operations | Box_::Completed))
                .filter(|u| board::kind_side(data, u) == Some(Side::Fln))
                .count() as u32
                >= *n
        }
        Cond::Ap(n) => state.ap >= *n,
        Cond::Psl(n) => state.government_psl >= *n,
        Cond::Ready(id) => state
            .units
            .get(id)
            .is_some_and(|u| !u.neutralized && matches!(u.at, Box_::Operations | Box_::Patrol)),
        Cond::Patrol { area, n } => board::patrol(state, data, area) <= *n,
    }
}

/// 11.3, ruling R6: the OAS in an Algerian Urban area makes a free Suppression first
/// in the Operations Phase, using that area's Suppression for the turn, and always
/// Terrorizes it.
fn oas(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    state.ops.oas_done = true;
    let Some(area) = state.oas.as_ref().and_then(|o| o.at.clone()) else { return };
    if area == "FRANCE" || state.areas.get(&area).is_some_and(|a| a.done.contains("Suppression")) {
        return;
    }
    state.areas.entry(area.clone()).or_default().done.insert("Suppression".into());
    gov_missions::suppress(state, data, &area, 0, "11.3 OAS Suppression", dice, log);
    fln_missions::terrorize(state, &area, log);
}

/// Runs the phase from where it stands until it suspends or ends.
pub fn run(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    if !state.ops.oas_done {
        oas(state, data, dice, log);
    }
    // Each pass of the loop uses a script line or a pass; the bound only guards
    // against a bug, never against a player's script.
    for _ in 0..10_000 {
        if state.over.is_some() {
            state.stage = Stage::Over;
            return;
        }
        if state.ops.waiting.is_some() || state.ops.question.is_some() {
            state.stage = Stage::Suspended;
            return;
        }
        if state.ops.passes >= 2 {
            end_of_turn(state, data, dice, log);
            return;
        }
        let side = if state.ops.government_next { Side::Government } else { Side::Fln };
        let next = state
            .plans_mut(side)
            .script
            .as_mut()
            .and_then(|s| if s.is_empty() { None } else { Some(s.remove(0)) });
        let Some(text) = next else {
            pass(state, side, log, "has nothing more to do");
            continue;
        };
        let Ok(line) = orders::parse_line(data, side, &text) else { continue };
        let mut order = line.order.clone();
        if let Order::If(cond, inner) = &order {
            if !holds(state, data, cond) {
                log.tell(side, format!("{text}: the condition does not hold; skipped"));
                continue;
            }
            order = (**inner).clone();
        }
        match order {
            Order::Pass => pass(state, side, log, "passes"),
            Order::Gov => {
                state.ops.passes = 0;
                state.ops.government_next = true;
                log.say("the FLN tells the Government to act");
            }
            Order::Wait => {
                let (used, limit) = match side {
                    Side::Fln => (state.ops.waits_fln, state.options.waits),
                    Side::Government => (state.ops.waits_government, state.options.waits),
                };
                if used >= limit {
                    log.tell(side, format!("WAIT: skipped: at most {limit} WAIT(s) a phase (option waits)"));
                    continue;
                }
                match side {
                    Side::Fln => state.ops.waits_fln += 1,
                    Side::Government => state.ops.waits_government += 1,
                }
                state.ops.k += 1;
                state.ops.waiting = Some(side);
                log.say(format!("the {} waits: its next orders are due (WAIT)", side.name()));
            }
            Order::Mission(m) if side == Side::Fln => match fln_missions::run(state, data, &m, dice, log) {
                Ok(done) => {
                    state.ops.passes = 0;
                    state.ops.government_next = false;
                    log.tell(Side::Fln, format!("(your line: {text})"));
                    if done.reactable {
                        after_fln_mission(state, data, m.name(), &text, done, dice, log);
                    }
                }
                Err(why) => log.tell(Side::Fln, format!("{text}: skipped: {why}")),
            },
            Order::Mission(m) => match gov_missions::run(state, data, &m, dice, log) {
                Ok(()) => {
                    state.ops.passes = 0;
                    state.ops.government_next = false;
                    log.tell(Side::Government, format!("(your line: {text})"));
                }
                Err(why) => log.tell(Side::Government, format!("{text}: skipped: {why}")),
            },
            _ => {}
        }
    }
}

fn pass(state: &mut State, side: Side, log: &mut Log, how: &str) {
    state.ops.passes += 1;
    state.ops.government_next = side == Side::Fln;
    log.say(format!("the {} {how}: a pass", side.name()));
}

/// 9.23: the Government's React to a done FLN mission: its policy, or a question.
fn after_fln_mission(
    state: &mut State,
    data: &Data,
    mission: &str,
    text: &str,
    done: Done,
    dice: &mut dyn Roll,
    log: &mut Log,
) {
    if done.units.is_empty() && !done.strike {
        return;
    }
    let decision = react::decide(state, data, mission, &done, false);
    // Revision 2: a question whose only answer is NO REACT is not asked;
    // the answer is applied and told.
    // Revision 3 also offers units that could be airmobilized (11.12).
    let one_answer = state.options.revision >= 2
        && react::eligible(state, data, &done.area).is_empty()
        && (state.options.revision < 3 || react::airmobile(state, data, &done.area).is_empty());
    if decision == Decision::Ask && one_answer && !done.units.is_empty() {
        log.tell(
            Side::Government,
            format!("no unit may react in {}: the React question is not asked (NO REACT)", done.area),
        );
    }
    if decision == Decision::Ask
        && state.ops.asks < state.options.asks
        && !done.units.is_empty()
        && !one_answer
    {
        state.ops.asks += 1;
        state.ops.k += 1;
        state.ops.question = Some(question(state, data, mission, text, &done));
        log.say(format!("the Government is asked whether it reacts in {}", done.area));
        return;
    }
    let decision =
        if decision == Decision::Ask { react::decide(state, data, mission, &done, true) } else { decision };
    react::carry_out(state, data, &done, &decision, dice, log);
}

/// The React question, with its answers and the default the policy gives.
pub fn question(state: &State, data: &Data, mission: &str, text: &str, done: &Done) -> Question {
    let mut answers = react::answers(state, data, done);
    let default = match react::decide(state, data, mission, done, true) {
        Decision::React { units, air, .. } => {
            let line = format!(
                "REACT WITH {}{}",
                units.join(" "),
                if air > 0 { format!(" AIR {air}") } else { String::new() }
            );
            if !answers.contains(&line) {
                answers.insert(0, line.clone());
            }
            answers.iter().position(|a| *a == line).unwrap_or(0)
        }
        _ => answers.len().saturating_sub(1),
    };
    let eligible: Vec<String> = react::eligible(state, data, &done.area)
        .iter()
        .map(|id| {
            let u = &state.units[id];
            format!("{id} ({}, {}{})", u.area, u.at.code(), if u.helo { ", Helo" } else { "" })
        })
        .collect();
    let text = format!(
        "The FLN's {} ({text}) is done in {}; there now: {}. Eligible to React: {}. Air {} available{}.",
        mission.to_ascii_lowercase(),
        done.area,
        done.units.join(", "),
        if eligible.is_empty() { "none".into() } else { eligible.join("; ") },
        state.air,
        if done.strike { "; no React to a Strike costs 1d6 PSP" } else { "" }
    );
    Question {
        mission: mission.to_string(),
        area: done.area.clone(),
        units: done.units.clone(),
        strike: done.strike,
        text,
        answers,
        default,
    }
}

/// The Government's answer (or the default) to the React question, then the phase
/// goes on.
pub fn answer(state: &mut State, data: &Data, answer: &str, dice: &mut dyn Roll, log: &mut Log) {
    let Some(q) = state.ops.question.take() else { return };
    let done = Done { area: q.area.clone(), units: q.units.clone(), strike: q.strike, reactable: true };
    let decision = react::read_answer(state, data, &done, answer);
    react::carry_out(state, data, &done, &decision, dice, log);
    state.ops.government_next = false;
}

/// The Turn Interphase (10), the 13.3 check, and the next turn's Random Events.
pub fn end_of_turn(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    log.say(format!("Turn {}: the Operations Phase ends; Turn Interphase", state.turn));
    let lines = interphase::control_depreciation_recovery_redeployment(state, data, dice);
    log.extend(lines);
    let lines = interphase::final_adjustments(state, data, dice);
    log.extend(lines);
    if state.options.shorter && state.turn.is_multiple_of(6) && state.over.is_none() {
        shorter_check(state, log);
    }
    if state.over.is_some() {
        state.stage = Stage::Over;
        return;
    }
    state.turn += 1;
    state.ops = Default::default();
    for side in [Side::Government, Side::Fln] {
        let p = state.plans_mut(side);
        p.reinforcement = None;
        p.deployment = None;
        p.script = None;
    }
    events::random_events(state, data, dice, log);
    state.stage = after_events(state);
}

/// Where the turn goes after the Random Events: a choice asked by mail, or the
/// Reinforcement Phase.
pub fn after_events(state: &State) -> Stage {
    if state.over.is_some() {
        Stage::Over
    } else if state.event_question.is_some() {
        Stage::Event
    } else {
        Stage::Reinforce
    }
}

/// 13.3 (ruling R22): every sixth turn, a lead of 26 or more two checks running wins,
/// at the level of the lead.
fn shorter_check(state: &mut State, log: &mut Log) {
    let (g, f) = (state.government_psl, state.fln_psl);
    let leader = if f >= g + 26 {
        Some(Side::Fln)
    } else if g >= f + 26 {
        Some(Side::Government)
    } else {
        None
    };
    log.say(format!(
        "13.3 check: Government {g}, FLN {f}{}",
        leader.map(|s| format!(": the {} leads by 26 or more", s.name())).unwrap_or_default()
    ));
    if leader.is_some() && leader == state.leader {
        let s = leader.unwrap_or(Side::Fln);
        let lead = g.abs_diff(f);
        state.over = Some(format!(
            "13.3: the {} wins a {} victory, leading by {lead} two checks running",
            s.name(),
            psl::level(lead)
        ));
    }
    state.leader = leader;
}
