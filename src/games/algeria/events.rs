//! The Random Events Phase (5, C.2): who controls the OAS this turn, the optional
//! independence roll (13.2, before the d66: ruling R21), then one event.

use super::board::Log;
use super::combat;
use super::data::{Data, Side};
use super::dice::Roll;
use super::fln_missions::choices;
use super::interphase;
use super::psl;
use super::standing;
use super::state::{EventQuestion, State};

/// 11.21: Morocco and Tunisia become independent: both PSLs rise by 2d6 (rolled
/// apart), once. Rolled again (or in 1958/1960), the FLN gains the Mission Success
/// Table's number in AP instead.
pub fn independence(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    if state.independent {
        let die = dice.d6("C.2 independence again: FLN MST".into());
        let n = data.success(die as i32).number;
        state.ap = (state.ap + n).min(99);
        log.say(format!("Infiltration through the borders: die {die}, the FLN gains {n} AP"));
        return;
    }
    state.independent = true;
    log.say("Morocco and Tunisia gain their independence (11.21)");
    let f = dice.dice(2, "11.21 independence: FLN PSP");
    log.say(psl::add(state, Side::Fln, f as i32, "independence (2d6)"));
    let g = dice.dice(2, "11.21 independence: Government PSP");
    log.say(psl::add(state, Side::Government, g as i32, "independence (2d6)"));
}

/// The whole phase.
pub fn random_events(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    state.effects.clear();
    log.say(format!("Turn {}: Random Events", state.turn));
    if state.oas.is_some() {
        let die = dice.d6("11.3 OAS control".into());
        let controller = if die <= 3 { Side::Fln } else { Side::Government };
        if let Some(o) = state.oas.as_mut() {
            o.controller = controller;
        }
        log.say(format!("OAS control: {die}: the {}", controller.name()));
    }
    if state.options.deterministic_independence && state.options.scenario == "1954" && !state.independent {
        let die = dice.d6("13.2 independence".into());
        log.say(format!("13.2: {die} against turn {}", state.turn));
        if die <= state.turn {
            independence(state, data, dice, log);
        }
    }
    let tens = dice.d6("5 event tens".into());
    let ones = dice.d6("5 event ones".into());
    let roll = tens * 10 + ones;
    let event = data.event(roll).to_string();
    log.say(format!("Event roll {roll}: {}", describe(&event)));
    match event.as_str() {
        "arms" => {
            let n = dice.dice(2, "C.2 arms shipment");
            let ap = n.saturating_sub(state.naval);
            state.ap = (state.ap + ap).min(99);
            log.say(format!("2d6 = {n}, less {} Naval: the FLN gains {ap} AP", state.naval));
        }
        "jealousy" | "amnesty" => {
            state.effects.insert(event.clone());
        }
        "elections" => {
            let lines = interphase::coup(state, data, dice, false, false);
            log.extend(lines);
        }
        "un" => {
            // Ruling R4: the higher PSL chooses (a tie: the FLN).
            let chooser = if state.government_psl > state.fln_psl { Side::Government } else { Side::Fln };
            let default = if chooser == Side::Fln { "LOWER" } else { "RAISE" };
            let pick = standing::word(state.standing(chooser, "UN"), 1).unwrap_or_else(|| default.into());
            // Revision 4: at an FLN PSL of 99 raising it is lowering the Government's
            // (12.1: the excess comes off the other side), so the question has one
            // real answer and is not asked.
            let one_answer = state.options.revision >= 4 && state.fln_psl >= 99;
            if pick == "ASK" && one_answer {
                log.tell(
                    chooser,
                    "at an FLN PSL of 99 RAISE and LOWER are the same (12.1): the UN question is not asked",
                );
                un(state, chooser, default, dice, log);
                return;
            }
            if pick == "ASK" {
                let answers = vec!["RAISE".to_string(), "LOWER".to_string()];
                state.event_question = Some(EventQuestion {
                    event: "un".into(),
                    chooser,
                    text: format!(
                        "The UN debates Algerian independence and the {} chooses: RAISE the FLN PSL by 1d6, or LOWER the Government PSL by 1d6 (C.2).",
                        chooser.name()
                    ),
                    default: answers.iter().position(|a| a == default).unwrap_or(0),
                    answers,
                });
                log.say(format!("the {} is asked how the UN debate goes", chooser.name()));
                return;
            }
            un(state, chooser, &pick, dice, log);
        }
        "purge" => {
            let ask = standing::word(state.standing(Side::Government, "PURGE"), 1).as_deref() == Some("ASK");
            // Revision 4: only a wilaya with an FLN unit to neutralize is a real answer
            // (R19); with one or none the question is not asked.
            let real: Vec<String> = ["I", "II", "III", "IV", "V", "VI"]
                .iter()
                .filter(|w| !fln_in(state, data, w).is_empty())
                .map(|w| w.to_string())
                .collect();
            if ask && state.options.revision >= 4 && real.len() <= 1 {
                let wilaya = real.first().cloned().unwrap_or_else(|| most_fln(state, data));
                log.tell(
                    Side::Government,
                    match real.first() {
                        Some(w) => {
                            format!("only wilaya {w} holds FLN units: the Purge question is not asked")
                        }
                        None => {
                            "no wilaya holds FLN units to neutralize: the Purge question is not asked".into()
                        }
                    },
                );
                purge(state, data, &wilaya, dice, log);
                return;
            }
            if ask {
                let answers: Vec<String> = if state.options.revision >= 4 {
                    real
                } else {
                    ["I", "II", "III", "IV", "V", "VI"].iter().map(|w| w.to_string()).collect()
                };
                let most = most_fln(state, data);
                state.event_question = Some(EventQuestion {
                    event: "purge".into(),
                    chooser: Side::Government,
                    text: "FLN factional purge: name the wilaya where 1d6 FLN units are neutralized (C.2)."
                        .into(),
                    default: answers.iter().position(|a| *a == most).unwrap_or(0),
                    answers,
                });
                log.say("the Government is asked where the purge strikes");
                return;
            }
            let wilaya = standing::word(state.standing(Side::Government, "PURGE"), 1)
                .unwrap_or_else(|| most_fln(state, data));
            purge(state, data, &wilaya, dice, log);
        }
        "independence" => independence(state, data, dice, log),
        "nato" => nato(state, data, dice, log),
        "suez" => {
            if state.options.scenario != "1954" || state.suez_done {
                log.say("treated as no event (1954 only, once: C.2)");
            } else {
                suez(state, data, dice, log);
            }
        }
        "sartre" => log.say(psl::add(state, Side::Government, -1, "Sartre's article")),
        _ => {}
    }
}

/// An event's choice made by mail: the answer (or the default) carried out.
pub fn answer(state: &mut State, data: &Data, answer: &str, dice: &mut dyn Roll, log: &mut Log) {
    let Some(q) = state.event_question.take() else { return };
    let pick = if q.answers.iter().any(|a| a.eq_ignore_ascii_case(answer)) {
        answer.to_ascii_uppercase()
    } else {
        q.answers.get(q.default).cloned().unwrap_or_default()
    };
    match q.event.as_str() {
        "un" => un(state, q.chooser, &pick, dice, log),
        _ => purge(state, data, &pick, dice, log),
    }
}

/// The wilaya with most non-neutralized FLN units (the first of a tie).
fn most_fln(state: &State, data: &Data) -> String {
    ["I", "II", "III", "IV", "V", "VI"]
        .iter()
        .max_by_key(|w| (fln_in(state, data, w).len(), std::cmp::Reverse(**w)))
        .map(|w| w.to_string())
        .unwrap_or_default()
}

fn fln_in(state: &State, data: &Data, w: &str) -> Vec<String> {
    state
        .units
        .values()
        .filter(|u| !u.neutralized && data.area(&u.area).is_some_and(|a| a.wilaya == w))
        .filter(|u| data.kind(&u.kind).is_some_and(|k| k.side == Side::Fln))
        .map(|u| u.id.clone())
        .collect()
}

/// C.2 UN: RAISE the FLN's PSL or LOWER the Government's, by 1d6.
fn un(state: &mut State, chooser: Side, pick: &str, dice: &mut dyn Roll, log: &mut Log) {
    let n = dice.d6("C.2 UN debate".into()) as i32;
    log.say(format!(
        "the {} chooses to {}",
        chooser.name(),
        if pick == "RAISE" { "raise the FLN PSL" } else { "lower the Government PSL" }
    ));
    log.say(if pick == "RAISE" {
        psl::add(state, Side::Fln, n, "the UN debate")
    } else {
        psl::add(state, Side::Government, -n, "the UN debate")
    });
}

fn describe(event: &str) -> &'static str {
    match event {
        "arms" => "FLN foreign arms shipment",
        "jealousy" => "Jealousy and Paranoia: no FLN Move across wilaya borders this turn",
        "elections" => "Elections in France",
        "un" => "the UN debates Algerian independence",
        "purge" => "FLN factional purge",
        "independence" => "Morocco and Tunisia gain independence",
        "nato" => "NATO presses France to boost European defence",
        "suez" => "the Suez crisis",
        "amnesty" => "Amnesty: +1 to Civil Affairs and Suppression this turn",
        "sartre" => "Jean-Paul Sartre condemns the war",
        _ => "no event",
    }
}

/// C.2 Purge (ruling R19): in the wilaya the Government names, 1d6 FLN units are
/// neutralized, the FLN choosing which (its LOSSES order).
fn purge(state: &mut State, data: &Data, wilaya: &str, dice: &mut dyn Roll, log: &mut Log) {
    let n = dice.d6(format!("C.2 purge in wilaya {wilaya}"));
    log.say(format!("the Government names wilaya {wilaya}; {n} FLN units there are neutralized"));
    let order = choices(state).losses;
    for _ in 0..n {
        let pool = fln_in(state, data, wilaya);
        let Some(id) = combat::next_loss(state, data, &order, &pool) else { break };
        if let Some(u) = state.units.get_mut(&id) {
            u.neutralized = true;
        }
        log.say(format!("{id} is neutralized"));
    }
}

/// C.2 NATO (ruling R18): 1d6 brigades' worth of French regular brigades and
/// divisions (a division is three) leave the map, the last one may overshoot; they
/// may be mobilized again from the next turn.
fn nato(state: &mut State, _data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    let n = dice.d6("C.2 NATO".into());
    let named = standing::args(state.standing(Side::Government, "NATO"));
    let mut pool: Vec<(String, String, bool)> = state
        .units
        .values()
        .filter(|u| u.kind == "brigade" || u.kind == "division")
        .map(|u| (u.id.clone(), u.kind.clone(), u.neutralized))
        .collect();
    pool.sort_by_key(|(id, kind, neut)| {
        (named.iter().position(|x| x == id).unwrap_or(usize::MAX), kind == "division", !neut, id.clone())
    });
    let mut left = n as i32;
    let mut gone = Vec::new();
    for (id, kind, _) in pool {
        if left <= 0 {
            break;
        }
        left -= if kind == "division" { 3 } else { 1 };
        if let Some(u) = state.units.remove(&id) {
            state.away.insert(id.clone(), (u.area, state.turn + 1));
        }
        gone.push(id);
    }
    log.say(format!(
        "NATO: {n} brigades' worth leave: {}",
        if gone.is_empty() { "none".into() } else { gone.join(", ") }
    ));
}

/// C.2 Suez (1954, once): 1d6 elite units leave, back in their areas' OPS boxes at
/// the next Reinforcement Phase, to be activated.
fn suez(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    state.suez_done = true;
    let n = dice.d6("C.2 Suez".into());
    let named = standing::args(state.standing(Side::Government, "SUEZ"));
    let mut elites: Vec<(String, bool)> = state
        .units
        .values()
        .filter(|u| data.kind(&u.kind).is_some_and(|k| k.elite))
        .map(|u| (u.id.clone(), u.neutralized))
        .collect();
    elites.sort_by_key(|(id, neut)| {
        (named.iter().position(|x| x == id).unwrap_or(usize::MAX), !neut, id.clone())
    });
    let mut gone = Vec::new();
    for (id, _) in elites.into_iter().take(n as usize) {
        if let Some(u) = state.units.remove(&id) {
            state.away.insert(id.clone(), (format!("suez:{}", u.area), state.turn + 1));
        }
        gone.push(id);
    }
    log.say(format!(
        "Suez: {n} elite units called away: {}",
        if gone.is_empty() { "none".into() } else { gone.join(", ") }
    ));
}
