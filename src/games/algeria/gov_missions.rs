//! The Government's missions (9.2): Flush, Intelligence, Civil Affairs, Suppression
//! and Population Resettlement (Patrol is a deployment, React is in `react`). As for
//! the FLN, a mission that may not be done is refused before anything is paid.

use super::board::{self, Log, mark, once, to_oc};
use super::combat::{self, Engagement};
use super::data::{Data, Side};
use super::dice::Roll;
use super::fln_missions::{choices, terrorize};
use super::orders::Mission;
use super::psl;
use super::react;
use super::state::{Box_, State};

fn pay(state: &mut State, psp: u32, what: &str, log: &mut Log) -> Result<(), String> {
    afford(state, psp, what)?;
    log.say(psl::add(state, Side::Government, -(psp as i32), what));
    Ok(())
}

fn police(state: &State, area: &str) -> Vec<String> {
    state.units_in(area).filter(|u| u.kind == "police" && !u.neutralized).map(|u| u.id.clone()).collect()
}

fn need_police(state: &State, area: &str, what: &str) -> Result<Vec<String>, String> {
    let p = police(state, area);
    if p.is_empty() {
        return Err(format!("{what} needs a non-neutralized Police unit in {area} (9.2)"));
    }
    Ok(p)
}

/// 13.1: until the FLN PSL first passes the Government's, no Civil Affairs,
/// Suppression or Resettlement.
fn slow(state: &State, what: &str) -> Result<(), String> {
    if state.options.slow_reaction && !state.reaction_over {
        return Err(format!("Slow French Reaction (13.1): no {what} yet"));
    }
    Ok(())
}

fn amnesty(state: &State) -> i32 {
    i32::from(state.effects.contains("amnesty"))
}

/// A contact roll against a total Contact rating (9.22, 9.24): the DRMs are +1 if the
/// unit's Evasion is higher, +1 Remote, +1 Terror, -1 Urban.
fn contacted(
    state: &State,
    data: &Data,
    area: &str,
    id: &str,
    total: u32,
    label: &str,
    dice: &mut dyn Roll,
) -> (bool, String) {
    let drm = i32::from(board::evasion(state, data, id) > total)
        + i32::from(board::remote(state, data, area))
        + i32::from(state.terror(area))
        - i32::from(board::urban(data, area));
    let die = dice.d6(format!("{label}: contact {id}"));
    let hit = die as i32 + drm <= total as i32;
    (hit, format!("{id}: {die}{drm:+} against {total}: {}", if hit { "contacted" } else { "not contacted" }))
}

/// May unit `id` be airmobilized now (11.12: a brigade, with the Helo Points free)?
pub fn helo_ready(state: &State, data: &Data, id: &str) -> Result<(), String> {
    let u = state.units.get(id).ok_or_else(|| format!("{id} is not on the map"))?;
    if u.helo {
        return Ok(());
    }
    let cost = data
        .kind(&u.kind)
        .filter(|k| k.side == Side::Government)
        .and_then(|k| k.helo)
        .ok_or_else(|| format!("{id} cannot be airmobilized (11.12: brigades only)"))?;
    if state.helo < cost {
        return Err(format!("{id} needs {cost} Helo Point(s); {} free (11.12)", state.helo));
    }
    Ok(())
}

/// May this Government mission be done now? Every prerequisite, in the order the
/// rules read them, before anything is paid: `run` asks it first, and so does the
/// check of an orders file at ingest (`rehearsal`).
pub fn check(state: &State, data: &Data, m: &Mission) -> Result<(), String> {
    match m {
        Mission::Flush { area, with, helo, .. } => {
            if board::abroad(data, area) {
                return Err("the Government never enters Morocco, Tunisia or France (11.2)".into());
            }
            if helo.is_empty() {
                return board::check_team(state, data, area, with);
            }
            // 11.12: the Helo Points are attached now; the team is judged as it will be.
            let mut after = state.clone();
            for id in helo {
                helo_ready(&after, data, id)?;
                react::airmobilize(&mut after, data, id, &mut Log::default());
            }
            board::check_team(&after, data, area, with)
        }
        Mission::Intelligence { area } => {
            need_police(state, area, "Intelligence")?;
            afford(state, data.tables.cost.intelligence, &format!("Intelligence in {area}"))
        }
        Mission::CivilAffairs { area } => {
            slow(state, "Civil Affairs")?;
            need_police(state, area, "Civil Affairs")?;
            if board::remote(state, data, area) {
                return Err(format!("no Civil Affairs in a Remote area ({area}, 9.25)"));
            }
            once(state, area, "Civil Affairs")?;
            afford(state, data.tables.cost.civil_affairs, &format!("Civil Affairs in {area}"))
        }
        Mission::Suppression { area, with } => {
            slow(state, "Suppression")?;
            need_police(state, area, "Suppression")?;
            for id in with {
                if !board::is_elite(state, data, id) {
                    return Err(format!("only elite units assist a Suppression; {id} is not one (9.26)"));
                }
                if !board::could_act(state, data, area).contains(id)
                    || state.units.get(id).is_some_and(|u| u.area != *area)
                {
                    return Err(format!("{id} is not ready in {area}"));
                }
            }
            once(state, area, "Suppression")?;
            afford(state, data.tables.cost.suppression, &format!("Suppression in {area}"))
        }
        Mission::Resettlement { area } => {
            slow(state, "Population Resettlement")?;
            need_police(state, area, "Resettlement")?;
            let rural = data.area(area).is_some_and(|a| a.kind == super::data::AreaType::Rural);
            if !rural || state.areas.get(area).is_some_and(|a| a.resettled) {
                return Err(format!("only a Rural area can be resettled ({area}, 9.27)"));
            }
            afford(state, data.tables.cost.resettlement, &format!("Resettlement of {area}"))
        }
        _ => Err("that is an FLN mission".into()),
    }
}

/// Ruling R15: the Government may not spend its PSL to 0.
fn afford(state: &State, psp: u32, what: &str) -> Result<(), String> {
    if state.government_psl <= psp {
        return Err(format!("{what} costs {psp} PSP and the Government PSL is {}", state.government_psl));
    }
    Ok(())
}

/// Carries out one Government mission, or says why it may not be done (`check`).
pub fn run(
    state: &mut State,
    data: &Data,
    m: &Mission,
    dice: &mut dyn Roll,
    log: &mut Log,
) -> Result<(), String> {
    check(state, data, m)?;
    match m {
        Mission::Flush { area, with, air, helo } => {
            for id in helo {
                react::airmobilize(state, data, id, log);
            }
            let total: u32 = with.iter().map(|id| board::contact(state, data, id)).sum();
            for id in with {
                if let Some(u) = state.units.get_mut(id) {
                    u.area = area.clone();
                }
            }
            log.say(format!("9.22 Flush in {area} with {} (Contact {total})", with.join("+")));
            let targets: Vec<String> = state
                .units_in(area)
                .filter(|u| matches!(u.at, Box_::Operations | Box_::Completed))
                .filter(|u| board::kind_side(data, u) == Some(Side::Fln))
                .map(|u| u.id.clone())
                .collect();
            let mut hit = Vec::new();
            for id in &targets {
                let (ok, line) =
                    contacted(state, data, area, id, total, &format!("9.22 Flush in {area}"), dice);
                log.say(line);
                if ok {
                    hit.push(id.clone());
                }
            }
            if !hit.is_empty() {
                let e = Engagement {
                    area: area.clone(),
                    fln: hit.clone(),
                    government: with.clone(),
                    air: *air,
                    government_half: false,
                };
                let c = choices(state);
                let fought = combat::fight(state, data, &e, &c, dice);
                log.extend(fought.lines);
                // Revision 3: a unit reduced in the fight goes to OC under its new counter.
                if state.options.revision >= 3 {
                    hit = fought.fln;
                }
            }
            to_oc(state, with);
            to_oc(state, &hit);
            Ok(())
        }
        Mission::Intelligence { area } => {
            let p = police(state, area);
            pay(state, data.tables.cost.intelligence, &format!("Intelligence in {area}"), log)?;
            let total: u32 = p.iter().map(|id| board::contact(state, data, id)).sum();
            let targets: Vec<String> = state
                .units_in(area)
                .filter(|u| u.at == Box_::Underground && board::kind_side(data, u) == Some(Side::Fln))
                .map(|u| u.id.clone())
                .collect();
            log.say(format!("9.24 Intelligence in {area} (Police Contact {total})"));
            for id in targets {
                let (ok, line) =
                    contacted(state, data, area, &id, total, &format!("9.24 Intelligence in {area}"), dice);
                log.say(line);
                if ok && let Some(u) = state.units.get_mut(&id) {
                    u.at = Box_::Completed;
                }
            }
            Ok(())
        }
        Mission::CivilAffairs { area } => {
            pay(state, data.tables.cost.civil_affairs, &format!("Civil Affairs in {area}"), log)?;
            mark(state, area, "Civil Affairs");
            let die = dice.d6(format!("9.25 Civil Affairs in {area} MST"));
            let s = data.success(die as i32 + amnesty(state));
            log.say(format!("9.25 Civil Affairs in {area}: die {die}{:+}: {}", amnesty(state), s.number));
            if s.number > 0 {
                log.say(psl::add(state, Side::Fln, -(s.number as i32), &format!("Civil Affairs in {area}")));
            }
            if (s.at || s.plus)
                && let Some(a) = state.areas.get_mut(area)
                && a.terror
            {
                a.terror = false;
                log.say(format!("the Terror in {area} is lifted"));
            }
            Ok(())
        }
        Mission::Suppression { area, with } => {
            pay(state, data.tables.cost.suppression, &format!("Suppression in {area}"), log)?;
            mark(state, area, "Suppression");
            suppress(state, data, area, with.len() as i32 + amnesty(state), "9.26 Suppression", dice, log);
            to_oc(state, with);
            Ok(())
        }
        Mission::Resettlement { area } => {
            pay(state, data.tables.cost.resettlement, &format!("Resettlement of {area}"), log)?;
            state.areas.entry(area.clone()).or_default().resettled = true;
            log.say(format!("9.27 {area} is resettled: Remote for the rest of the game"));
            terrorize(state, area, log);
            let n = dice.dice(3, &format!("9.27 Resettlement of {area}: FLN PSP"));
            log.say(psl::add(state, Side::Fln, n as i32, &format!("Resettlement of {area} (3d6)")));
            let fronts: Vec<String> =
                state.units_in(area).filter(|u| u.kind == "front").map(|u| u.id.clone()).collect();
            for f in fronts {
                let mut lines = Vec::new();
                let kills_add = choices(state).kills_add;
                combat::take_hit(state, data, &f, kills_add, &mut lines);
                log.extend(lines);
            }
            Ok(())
        }
        _ => Err("that is an FLN mission".into()),
    }
}

/// 9.26 (and the OAS's free Suppression, 11.3): Bands and Faileks neutralized, the
/// FLN choosing which by its LOSSES order; @ also neutralizes Cadres and Fronts and
/// Terrorizes; + Terrorizes and costs the Government 1d6.
pub fn suppress(
    state: &mut State,
    data: &Data,
    area: &str,
    drm: i32,
    label: &str,
    dice: &mut dyn Roll,
    log: &mut Log,
) {
    let die = dice.d6(format!("{label} in {area} MST"));
    let s = data.success(die as i32 + drm);
    log.say(format!(
        "{label} in {area}: die {die}{drm:+}: {}{}{}",
        s.number,
        if s.plus { "+" } else { "" },
        if s.at { "@" } else { "" }
    ));
    let order = choices(state).losses;
    for _ in 0..s.number {
        let pool: Vec<String> = state
            .units_in(area)
            .filter(|u| (u.kind == "band" || u.kind == "failek") && !u.neutralized)
            .map(|u| u.id.clone())
            .collect();
        let Some(id) = combat::next_loss(state, data, &order, &pool) else { break };
        if let Some(u) = state.units.get_mut(&id) {
            u.neutralized = true;
        }
        log.say(format!("{id} is neutralized"));
    }
    if s.at {
        let more: Vec<String> = state
            .units_in(area)
            .filter(|u| (u.kind == "cadre" || u.kind == "front") && !u.neutralized)
            .map(|u| u.id.clone())
            .collect();
        for id in &more {
            if let Some(u) = state.units.get_mut(id) {
                u.neutralized = true;
            }
        }
        if !more.is_empty() {
            log.say(format!("@: {} neutralized", more.join(", ")));
        }
        terrorize(state, area, log);
    }
    if s.plus {
        terrorize(state, area, log);
        let n = dice.dice(1, &format!("{label} in {area} backfires"));
        log.say(psl::add(state, Side::Government, -(n as i32), "a Suppression backfires"));
    }
}
