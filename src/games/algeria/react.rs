//! The Government's React (9.23) after an FLN mission: who may react, the policy's
//! choice (its REACT standing orders, first match), the question put by mail when a
//! policy says ASK, and the combat that follows.

use super::board::{self, Log};
use super::combat::{self, Engagement};
use super::data::{Data, Side};
use super::dice::Roll;
use super::fln_missions::{Done, choices};
use super::psl;
use super::standing::{self, ReactLine, ReactWith};
use super::state::{Box_, State};

/// What the policy decides for one mission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// React with these units (and Air Points); `line` is the policy line used.
    React {
        units: Vec<String>,
        air: u32,
        helo: Option<String>,
        line: String,
    },
    No {
        line: String,
    },
    Ask,
}

/// The eligible Government units for a React in `area`.
pub fn eligible(state: &State, data: &Data, area: &str) -> Vec<String> {
    board::could_act(state, data, area)
}

/// The single strongest eligible unit (by firepower, then id).
fn best(state: &State, data: &Data, units: &[String]) -> Vec<String> {
    units
        .iter()
        .max_by_key(|id| (combat::firepower(state, data, id), std::cmp::Reverse((*id).clone())))
        .cloned()
        .into_iter()
        .collect()
}

/// ALL: every eligible unit in the area (and airmobile ones) if they may combine,
/// else the best one.
fn all(state: &State, data: &Data, area: &str, units: &[String]) -> Vec<String> {
    if board::check_team(state, data, area, units).is_ok() {
        units.to_vec()
    } else {
        let here: Vec<String> =
            units.iter().filter(|u| state.units.get(*u).is_some_and(|x| x.area == area)).cloned().collect();
        best(state, data, if here.is_empty() { units } else { &here })
    }
}

/// The policy's decision for a done mission (`skip_asks`: read past ASK lines, for a
/// question's default).
pub fn decide(state: &State, data: &Data, mission: &str, done: &Done, skip_asks: bool) -> Decision {
    let able = eligible(state, data, &done.area);
    let fp: u32 = done.units.iter().map(|u| combat::firepower(state, data, u)).sum();
    let lines: Vec<ReactLine> = state
        .standing(Side::Government, "REACT")
        .iter()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().skip(1).collect();
            standing::react(data, &words).ok()
        })
        .collect();
    for line in lines {
        let kinds_match = line.missions.iter().any(|m| m == "ANY" || m == mission);
        let area_match = line.areas.is_empty() || line.areas.contains(&done.area);
        if !kinds_match || !area_match || fp < line.min_fp {
            continue;
        }
        let units = match &line.with {
            ReactWith::Ask if skip_asks => continue,
            ReactWith::Ask => return Decision::Ask,
            ReactWith::None => return Decision::No { line: line.text },
            ReactWith::All => all(state, data, &done.area, &able),
            ReactWith::Best => best(state, data, &able),
            ReactWith::Units(ids) => {
                let mut ids: Vec<String> = ids.iter().filter(|i| able.contains(i)).cloned().collect();
                if let Some(h) = &line.helo
                    && !ids.contains(h)
                    && state.units.contains_key(h)
                {
                    ids.push(h.clone());
                }
                ids
            }
        };
        if units.is_empty() {
            continue;
        }
        return Decision::React { units, air: line.air, helo: line.helo.clone(), line: line.text };
    }
    // The default: a Strike is answered with everything that may react; nothing else.
    if done.strike && !able.is_empty() {
        return Decision::React {
            units: all(state, data, &done.area, &able),
            air: 0,
            helo: None,
            line: "the default for a Strike (REACT STRIKE WITH ALL)".into(),
        };
    }
    Decision::No { line: "the default (no React)".into() }
}

/// The answers a React question offers: each as a line the Government could send.
pub fn answers(state: &State, data: &Data, done: &Done) -> Vec<String> {
    let able = eligible(state, data, &done.area);
    let mut out = Vec::new();
    let team = all(state, data, &done.area, &able);
    if !team.is_empty() {
        out.push(format!("REACT WITH {}", team.join(" ")));
        if state.air > 0 && !board::urban(data, &done.area) {
            out.push(format!("REACT WITH {} AIR {}", team.join(" "), state.air.min(2)));
        }
    }
    for id in able.iter().take(4) {
        let line = format!("REACT WITH {id}");
        if !out.contains(&line) {
            out.push(line);
        }
    }
    // 11.12 (revision 3): Helo Points may be attached at any time, so a unit that could
    // be airmobilized now may react from afar.
    if state.options.revision >= 3 {
        for id in airmobile(state, data, &done.area).iter().take(4) {
            out.push(format!("REACT WITH {id} HELO {id}"));
        }
    }
    out.push("NO REACT".into());
    out
}

/// Units not yet in `area` nor airmobilized that could be airmobilized now and react
/// there alone (11.12: an elite brigade, or any brigade where a division is).
pub fn airmobile(state: &State, data: &Data, area: &str) -> Vec<String> {
    let mut ids: Vec<String> = state
        .units
        .values()
        .filter(|u| !u.helo && u.area != area && !board::abroad(data, &u.area))
        .filter(|u| !u.neutralized && matches!(u.at, Box_::Operations | Box_::Patrol))
        .map(|u| u.id.clone())
        .filter(|id| super::gov_missions::helo_ready(state, data, id).is_ok())
        .filter(|id| {
            let mut after = state.clone();
            airmobilize(&mut after, data, id, &mut Log::default())
                && board::check_team(&after, data, area, std::slice::from_ref(id)).is_ok()
        })
        .collect();
    ids.sort_by_key(|id| {
        data.kind_of(id).and_then(|k| k.counter_ids().iter().position(|c| c == id)).unwrap_or(0)
    });
    ids
}

/// Reads an answer (`REACT WITH ... [AIR n]` or `NO REACT`) into a decision.
pub fn read_answer(state: &State, data: &Data, done: &Done, answer: &str) -> Decision {
    let words: Vec<String> = answer.split_whitespace().map(|w| w.to_ascii_uppercase()).collect();
    if words.first().map(String::as_str) != Some("REACT") {
        return Decision::No { line: answer.to_string() };
    }
    let able = eligible(state, data, &done.area);
    let mut units = Vec::new();
    let mut air = 0;
    let mut helo = None;
    let mut i = 2;
    while let Some(w) = words.get(i) {
        if w == "AIR" {
            air = words.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(0);
            i += 2;
            continue;
        }
        // `HELO <unit>`: only offered from revision 3 (see `answers`).
        if w == "HELO" {
            helo = words.get(i + 1).filter(|h| units.contains(*h)).cloned();
            i += 2;
            continue;
        }
        if able.contains(w) || (state.options.revision >= 3 && airmobile(state, data, &done.area).contains(w))
        {
            units.push(w.clone());
        }
        i += 1;
    }
    if units.is_empty() {
        return Decision::No { line: answer.to_string() };
    }
    Decision::React { units, air, helo, line: answer.to_string() }
}

/// Carries out a decision: the React's combat, or the Strike penalty without one.
pub fn carry_out(
    state: &mut State,
    data: &Data,
    done: &Done,
    decision: &Decision,
    dice: &mut dyn Roll,
    log: &mut Log,
) {
    let units: Vec<String> = done.units.iter().filter(|u| state.units.contains_key(*u)).cloned().collect();
    match decision {
        Decision::React { units: team, air, helo, line } if !units.is_empty() => {
            let mut team = team.clone();
            if let Some(h) = helo {
                airmobilize(state, data, h, log);
            }
            team.retain(|id| state.units.get(id).is_some_and(|u| u.area == done.area || u.helo));
            if let Err(why) = board::check_team(state, data, &done.area, &team) {
                log.tell(Side::Government, format!("React by {line} is not possible: {why}"));
                return strike_penalty(state, done, dice, log);
            }
            log.say(format!("The Government reacts in {} with {}", done.area, team.join(", ")));
            log.tell(Side::Government, format!("(by your standing order or answer: {line})"));
            for id in &team {
                if let Some(u) = state.units.get_mut(id) {
                    u.area = done.area.clone();
                }
            }
            // 9.23: contact is automatic; each unit may evade underground (R11).
            let mut stay = Vec::new();
            for id in &units {
                let ev = board::evasion(state, data, id);
                let die = dice.d6(format!("9.23 React in {}: {id} evades", done.area));
                if die <= ev {
                    if let Some(u) = state.units.get_mut(id) {
                        u.at = Box_::Underground;
                    }
                    log.say(format!("{id} rolls {die} against Evasion {ev}: evades underground"));
                } else {
                    log.say(format!("{id} rolls {die} against Evasion {ev}: caught"));
                    stay.push(id.clone());
                }
            }
            if !stay.is_empty() {
                let e = Engagement {
                    area: done.area.clone(),
                    fln: stay.clone(),
                    government: team.clone(),
                    air: *air,
                    government_half: false,
                };
                let c = choices(state);
                let fought = combat::fight(state, data, &e, &c, dice);
                log.extend(fought.lines);
                // Revision 3: a unit reduced in the fight goes to OC under its new counter.
                if state.options.revision >= 3 {
                    stay = fought.fln;
                }
            }
            board::to_oc(state, &team);
            board::to_oc(state, &stay);
        }
        Decision::React { .. } => {
            log.tell(
                Side::Government,
                format!("No FLN unit is left in {} to react against (ruling R5)", done.area),
            );
            strike_penalty(state, done, dice, log);
        }
        Decision::No { line } => {
            if !units.is_empty() {
                log.tell(Side::Government, format!("No React (by {line})"));
            }
            strike_penalty(state, done, dice, log);
        }
        Decision::Ask => strike_penalty(state, done, dice, log),
    }
}

/// 9.12: a Strike not reacted to costs the Government 1d6 (ruling R5: it stands even
/// when no FLN unit is left to react against).
fn strike_penalty(state: &mut State, done: &Done, dice: &mut dyn Roll, log: &mut Log) {
    if done.strike {
        let n = dice.d6(format!("9.12 no React to the Strike in {}", done.area));
        log.say(psl::add(state, Side::Government, -(n as i32), "no React to a Strike"));
    }
}

/// 11.12: attaches Helo Points to a brigade (1 for an elite, 2 for another); a
/// division cannot be airmobilized.
pub fn airmobilize(state: &mut State, data: &Data, id: &str, log: &mut Log) -> bool {
    let Some(u) = state.units.get(id) else { return false };
    if u.helo {
        return true;
    }
    let Some(cost) = data.kind(&u.kind).and_then(|k| k.helo) else {
        log.tell(Side::Government, format!("{id} cannot be airmobilized (11.12)"));
        return false;
    };
    if state.helo < cost {
        log.tell(Side::Government, format!("{id} needs {cost} Helo Points; {} available", state.helo));
        return false;
    }
    state.helo -= cost;
    if let Some(u) = state.units.get_mut(id) {
        u.helo = true;
    }
    log.say(format!("{id} is airmobilized ({cost} Helo Point(s))"));
    true
}
