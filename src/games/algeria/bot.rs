//! A bot that writes legal orders for whatever the game waits for: set-up places,
//! reinforcement, deployment, scripts with GOV, PASS, WAIT and IF, REACT policies,
//! and answers to questions. Its choices are random among orders that make sense on
//! the board; `soak` and the conformance suite play it.
//!
//! It plays as a careful player by mail: its reinforcement file carries the whole
//! turn (the deployment and the script or queue, planned on the board its own
//! reinforcement leaves), its standing orders answer React and the events in advance
//! (now and then an `ASK` where a player would want the say), and it writes `WAIT`
//! only where it chooses to see a result first (the FLN after a Strike, the
//! Government rarely), never in the script that answers a WAIT.

use rand_core::RngCore;

use super::board::{self, Log};
use super::data::{AreaType, Data, Side};
use super::dice::Given;
use super::state::{Box_, Stage, State};
use super::{deploy, orders, rehearsal, reinforce};

fn pick<'a, T>(rng: &mut dyn RngCore, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() { None } else { items.get(rng.next_u32() as usize % items.len()) }
}

fn chance(rng: &mut dyn RngCore, percent: u32) -> bool {
    rng.next_u32() % 100 < percent
}

fn own(state: &State, data: &Data, side: Side) -> Vec<(String, String, String, Box_)> {
    state
        .units
        .values()
        .filter(|u| board::kind_side(data, u) == Some(side))
        .map(|u| (u.id.clone(), u.kind.clone(), u.area.clone(), u.at))
        .collect()
}

fn algeria(data: &Data) -> Vec<String> {
    data.areas.iter().filter(|a| a.kind != AreaType::Country).map(|a| a.id.clone()).collect()
}

fn standing(side: Side, rng: &mut dyn RngCore) -> Vec<String> {
    match side {
        Side::Government => {
            // Always answer a Strike (no React costs 1d6). The policy decides; a player
            // who wants the say in one case asks for it (each question is a mail).
            let policies = [
                "REACT RAID HARASS WITH BEST",
                "REACT MOVE IF FP 2 WITH BEST",
                "REACT PROPAGANDA WITH BEST AIR 1",
                "REACT ANY IF FP 3 WITH BEST",
            ];
            let mut out = Vec::new();
            if chance(rng, 10) {
                out.push("REACT STRIKE IN ALGIERS ASK".to_string());
            }
            out.push("REACT STRIKE WITH ALL".to_string());
            out.extend(pick(rng, &policies).map(|s| s.to_string()));
            out.push("REACT ANY IF FP 2 WITH BEST".into());
            if chance(rng, 5) {
                out.push("PURGE ASK".into());
            }
            out.push(pick(rng, &["KILLS ADD", "KILLS SUBTRACT"]).unwrap_or(&"KILLS ADD").to_string());
            out
        }
        Side::Fln if chance(rng, 5) => vec!["UN ASK".into(), "LOSSES BAND".into()],
        Side::Fln => vec![
            pick(rng, &["LOSSES BAND CADRE", "LOSSES CADRE BAND FAILEK FRONT", "LOSSES FAILEK"])
                .unwrap_or(&"LOSSES BAND")
                .to_string(),
            pick(rng, &["PSP ADD", "PSP SUBTRACT", "PSP SPLIT 2"]).unwrap_or(&"PSP SUBTRACT").to_string(),
        ],
    }
}

fn placement(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    for (id, kind, area, _) in own(state, data, side) {
        if !chance(rng, 40) {
            continue;
        }
        let wilaya = data.area(&area).map(|a| a.wilaya.clone()).unwrap_or_default();
        let options: Vec<String> = data
            .wilaya(&wilaya)
            .iter()
            .filter(|a| kind != "front" || a.kind != AreaType::Remote)
            .map(|a| a.id.clone())
            .collect();
        if let Some(to) = pick(rng, &options) {
            let dispersed = kind == "division" && chance(rng, 30) && !state.options.slow_reaction;
            out.push(format!("PLACE {id} {to}{}", if dispersed { " DISPERSED" } else { "" }));
        }
    }
    out
}

/// Areas where the FLN has units, most first.
fn hot(state: &State, data: &Data) -> Vec<String> {
    let mut areas: Vec<(usize, String)> = algeria(data)
        .into_iter()
        .map(|a| (state.units_in(&a).filter(|u| board::kind_side(data, u) == Some(Side::Fln)).count(), a))
        .filter(|(n, _)| *n > 0)
        .collect();
    areas.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    areas.into_iter().map(|(_, a)| a).collect()
}

/// The Government keeps its PSL: it activates what a budget allows (cheap brigades
/// first, then divisions), and mobilizes only with PSL to spare.
fn government_reinforcement(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    let spare = state.government_psl.saturating_sub(35);
    let hot = hot(state, data);
    // Cheap presence first: Algerian brigades need no activation and Police patrol
    // for ever; both count for Control where the FLN is.
    let uncovered: Vec<String> = hot
        .iter()
        .filter(|a| !state.units_in(a).any(|u| board::kind_side(data, u) == Some(Side::Government)))
        .cloned()
        .collect();
    let mut bought = 0;
    for area in uncovered.iter().take(((spare / 6) as usize).min(3)) {
        let kind = if chance(rng, 50) { "ALGERIAN" } else { "POLICE" };
        out.push(format!("MOBILIZE {kind} {area}"));
        bought += 1;
    }
    if bought == 0 && spare > 20 && chance(rng, 40) {
        match rng.next_u32() % 3 {
            0 => out.push(format!(
                "MOBILIZE ELITE {}",
                pick(rng, &hot).cloned().unwrap_or_else(|| "ALGIERS".into())
            )),
            1 => out.push("MOBILIZE AIR 1".into()),
            _ => out.push(format!(
                "MOBILIZE POLICE {}",
                pick(rng, &hot).cloned().unwrap_or_else(|| "ALGIERS".into())
            )),
        }
    }
    if state.independent && state.border_zone.is_none() && spare > 20 && chance(rng, 30) {
        out.push("MOBILIZE BORDER".into());
    }
    // Half PSP to spend on activation this turn.
    let mut budget = (spare / 4 + 1) * 2;
    let mut mine: Vec<(String, u32, u32)> = own(state, data, Side::Government)
        .into_iter()
        .filter_map(|(id, kind, _, _)| {
            data.kind(&kind).filter(|k| k.mobile).map(|k| (id, k.activate, k.firepower))
        })
        .collect();
    mine.sort_by_key(|(id, cost, fp)| (*cost, std::cmp::Reverse(*fp), id.clone()));
    let mut chosen = Vec::new();
    for (id, cost, _) in mine {
        if cost == 0 {
            continue;
        }
        if cost <= budget {
            budget -= cost;
            chosen.push(id);
        }
    }
    out.push(if chosen.is_empty() {
        "ACTIVATE NONE".into()
    } else {
        format!("ACTIVATE {}", chosen.join(" "))
    });
    out
}

fn fln_reinforcement(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    let mine = own(state, data, Side::Fln);
    let fronts: Vec<String> = mine.iter().filter(|u| u.1 == "front").map(|u| u.2.clone()).collect();
    for _ in 0..(rng.next_u32() % 3) {
        if let Some(area) = pick(rng, &fronts) {
            out.push(format!("BUILD {} {area}", pick(rng, &["CADRE", "BAND"]).unwrap_or(&"CADRE")));
        }
    }
    if state.independent && chance(rng, 40) {
        out.push(format!("BUILD BAND {}", pick(rng, &["MOROCCO", "TUNISIA"]).unwrap_or(&"TUNISIA")));
    }
    let cadres: Vec<&(String, String, String, Box_)> = mine.iter().filter(|u| u.1 == "cadre").collect();
    if let Some(c) = pick(rng, &cadres)
        && chance(rng, 50)
    {
        out.push(format!("CONVERT {} {}", c.0, pick(rng, &["FRONT", "BAND"]).unwrap_or(&"BAND")));
    }
    let bands_abroad: Vec<&(String, String, String, Box_)> =
        mine.iter().filter(|u| u.1 == "band" && board::abroad(data, &u.2)).collect();
    if let Some(b) = pick(rng, &bands_abroad) {
        out.push(format!("CONVERT {} FAILEK", b.0));
    }
    out
}

/// Units go where the FLN is: some patrol where Fronts stand, others move to the
/// busiest areas; divisions disperse to hold ground.
fn government_deployment(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    let hot = hot(state, data);
    for (id, kind, area, at) in own(state, data, Side::Government) {
        if at != Box_::Operations || kind == "police" {
            continue;
        }
        let fronts_here = state.units_in(&area).any(|u| u.kind == "front");
        match rng.next_u32() % 4 {
            0 if fronts_here => out.push(format!("PATROL {id}")),
            0 | 1 => {
                if let Some(a) = hot.get(rng.next_u32() as usize % hot.len().clamp(1, 4))
                    && *a != area
                {
                    out.push(format!("MOVE {id} {a}"));
                }
            }
            2 if kind == "division" && !state.options.slow_reaction => {
                out.push(format!("MODE {id} DISPERSED"))
            }
            2 if kind == "elite" && state.helo > 0 => out.push(format!("HELO {id}")),
            _ => {}
        }
    }
    out
}

/// Flushes where FLN units are visible, Intelligence where Police can find them,
/// Civil Affairs against Terror; now and then (`may_wait`) a WAIT.
fn government_queue(state: &State, data: &Data, rng: &mut dyn RngCore, may_wait: bool) -> Vec<String> {
    let mut out = Vec::new();
    for area in hot(state, data).into_iter().take(6) {
        let here: Vec<String> = board::could_act(state, data, &area)
            .into_iter()
            .filter(|id| state.units.get(id).is_some_and(|u| u.area == area))
            .collect();
        let police = state.units_in(&area).any(|u| u.kind == "police" && !u.neutralized);
        if !here.is_empty() {
            let team =
                if board::may_combine(state, data, &area, &here) { here.join(" ") } else { here[0].clone() };
            let air =
                if state.air > 0 && !board::urban(data, &area) && chance(rng, 40) { " AIR 1" } else { "" };
            out.push(format!("IF {area} HAS 1 VISIBLE FLUSH {area} WITH {team}{air}"));
        }
        let hidden = state
            .units_in(&area)
            .filter(|u| u.at == Box_::Underground && board::kind_side(data, u) == Some(Side::Fln))
            .count();
        if police && hidden >= 2 && !out.iter().any(|l| l.starts_with("INTELLIGENCE")) && chance(rng, 60) {
            out.push(format!("INTELLIGENCE {area}"));
            if !here.is_empty() {
                let team = if board::may_combine(state, data, &area, &here) {
                    here.join(" ")
                } else {
                    here[0].clone()
                };
                out.push(format!("IF {area} HAS 1 VISIBLE FLUSH {area} WITH {team}"));
            }
        }
        if police && state.terror(&area) && chance(rng, 50) && !board::remote(state, data, &area) {
            out.push(format!("CIVIL AFFAIRS {area}"));
        }
    }
    // Now and then: "after these, let me see what the FLN did".
    if may_wait && chance(rng, 3) {
        out.push("WAIT".into());
    }
    out.push("PASS".into());
    out
}

fn fln_deployment(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    let mut areas: Vec<String> = own(state, data, Side::Fln)
        .into_iter()
        .filter(|u| u.3 == Box_::Underground && !board::abroad(data, &u.2))
        .map(|u| u.2)
        .collect();
    areas.sort();
    areas.dedup();
    for a in areas {
        if chance(rng, 75) {
            out.push(format!("DEPLOY {a} ALL"));
        }
    }
    let cadres: Vec<(String, String, String, Box_)> =
        own(state, data, Side::Fln).into_iter().filter(|u| u.1 == "cadre").collect();
    if state.units_in("FRANCE").count() == 0
        && let Some(c) = pick(rng, &cadres)
        && state.units_in(&c.2).any(|u| u.kind == "front")
        && chance(rng, 30)
    {
        out.push(format!("DEPLOY {} FRANCE", c.0));
    }
    out
}

/// Missions for the FLN's units; `may_wait`: after a Strike (a Front at stake on the
/// dice) it may WAIT to see the result before the rest.
fn fln_script(state: &State, data: &Data, rng: &mut dyn RngCore, may_wait: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mine = own(state, data, Side::Fln);
    for (id, kind, area, _) in &mine {
        if !chance(rng, 45) {
            continue;
        }
        let line = match kind.as_str() {
            "front" if board::urban(data, area) && chance(rng, 60) => {
                let helpers: Vec<String> = mine
                    .iter()
                    .filter(|u| u.1 == "cadre" && u.2 == *area)
                    .map(|u| u.0.clone())
                    .take(2)
                    .collect();
                format!(
                    "STRIKE {area} BY {id}{}",
                    if helpers.is_empty() { String::new() } else { format!(" WITH {}", helpers.join(" ")) }
                )
            }
            "front" | "cadre" if chance(rng, 70) || area == "FRANCE" => format!("PROPAGANDA {area} BY {id}"),
            "band" | "failek" if chance(rng, 50) && !board::abroad(data, area) => {
                format!("RAID {area} WITH {id}")
            }
            "band" | "failek" if chance(rng, 30) => {
                let target =
                    state.units_in(area).find(|u| board::kind_side(data, u) == Some(Side::Government));
                match target {
                    Some(t) => format!("HARASS {} WITH {id}", t.id),
                    None => continue,
                }
            }
            "cadre" | "band" | "failek" => {
                let here = data.area(area).map(|a| a.wilaya.clone()).unwrap_or_default();
                let mut options: Vec<String> =
                    data.wilaya(&here).iter().map(|a| a.id.clone()).filter(|a| a != area).collect();
                for a in data.wilaya(&here) {
                    options.extend(a.adjacent.iter().cloned());
                }
                match pick(rng, &options) {
                    Some(to) => format!("MOVE {id} {to}"),
                    None => continue,
                }
            }
            _ => continue,
        };
        let strike = line.starts_with("STRIKE");
        out.push(line);
        if strike && may_wait && chance(rng, 25) {
            out.push("WAIT".into());
            continue;
        }
        match rng.next_u32() % 10 {
            0 => out.push("GOV".into()),
            1 => out.push("IF AP 3 PASS".into()),
            _ => {}
        }
    }
    out.push("PASS".into());
    out
}

/// A legal orders body for `side` now: the bot's choices, less every line the check
/// at ingest would refuse (the same rehearsal the step's functions run).
pub fn orders(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> String {
    let body = choices(state, data, side, rng);
    if matches!(state.stage, Stage::Suspended if state.ops.question.is_some())
        || (state.stage == Stage::Event && state.event_question.is_some())
    {
        return body;
    }
    legal(state, data, side, body)
}

/// Drops the lines the check refuses until none is (dropping one may spoil another
/// that depended on it).
fn legal(state: &State, data: &Data, side: Side, body: String) -> String {
    let mut lines: Vec<String> = body.lines().map(str::to_string).collect();
    for _ in 0..8 {
        let text = lines.join("\n");
        let (read, errors) = orders::read(data, side, &text);
        let mut bad: Vec<usize> = errors.iter().map(|(n, _, _)| *n).collect();
        if bad.is_empty() {
            bad = rehearsal::rehearse(state, data, side, &read).refused.iter().map(|(n, _, _)| *n).collect();
        }
        if bad.is_empty() {
            break;
        }
        lines =
            lines.into_iter().enumerate().filter(|(i, _)| !bad.contains(&(i + 1))).map(|(_, l)| l).collect();
    }
    if lines.is_empty() {
        lines.push("PASS".into());
    }
    lines.join("\n")
}

/// The board as the side's own reinforcement leaves it (in a sequential phase the
/// Government's is already done): what the rest of its file is planned on.
fn after_reinforcement(state: &State, data: &Data, side: Side, lines: &[String]) -> State {
    let mut sim = state.clone();
    let mut log = Log::default();
    match side {
        Side::Government => {
            // The OAS's control die does not change what the Government plans.
            reinforce::reinforce_government(&mut sim, data, Some(lines), &mut Given::default(), &mut log)
        }
        Side::Fln => reinforce::reinforce_fln(&mut sim, data, Some(lines), &mut log),
    }
    sim
}

/// The side's deployment and its script or queue, the script planned on the board
/// its deployment leaves.
fn rest_of_turn(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> Vec<String> {
    let mut sim = state.clone();
    let mut log = Log::default();
    let mut lines = Vec::new();
    match side {
        Side::Government => {
            let deployment = government_deployment(state, data, rng);
            deploy::government(&mut sim, data, &deployment, &mut log);
            lines.extend(deployment);
            lines.extend(government_queue(&sim, data, rng, true));
        }
        Side::Fln => {
            let deployment = fln_deployment(state, data, rng);
            deploy::fln(&mut sim, data, &deployment, &mut log);
            lines.extend(deployment);
            lines.extend(fln_script(&sim, data, rng, true));
        }
    }
    lines
}

fn choices(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> String {
    let mut lines: Vec<String> = Vec::new();
    match state.stage {
        Stage::SetupGovernment | Stage::SetupFln => {
            lines.extend(placement(state, data, side, rng));
            lines.extend(standing(side, rng));
        }
        Stage::Reinforce => {
            // The whole turn in one file: the reinforcement, then the deployment and
            // the script or queue for the board it leaves.
            let reinforcement = match side {
                Side::Government => government_reinforcement(state, data, rng),
                Side::Fln => fln_reinforcement(state, data, rng),
            };
            let after = after_reinforcement(state, data, side, &reinforcement);
            lines.extend(reinforcement);
            lines.extend(rest_of_turn(&after, data, side, rng));
            // Standing orders stand: changed now and then, not sent again every turn.
            if chance(rng, 5) {
                lines.extend(standing(side, rng));
            }
        }
        Stage::Deploy | Stage::Operations => lines.extend(rest_of_turn(state, data, side, rng)),
        Stage::Suspended => {
            if let Some(q) = &state.ops.question {
                return pick(rng, &q.answers).cloned().unwrap_or_else(|| "NO REACT".into());
            }
            // After its WAIT the side writes the rest of its turn, and waits no more.
            match side {
                Side::Government => lines.extend(government_queue(state, data, rng, false)),
                Side::Fln => lines.extend(fln_script(state, data, rng, false)),
            }
        }
        Stage::Event => {
            if let Some(q) = &state.event_question {
                return pick(rng, &q.answers).cloned().unwrap_or_default();
            }
        }
        Stage::Over => {}
    }
    if lines.is_empty() {
        lines.push("PASS".into());
    }
    lines.join("\n")
}
