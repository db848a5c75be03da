//! 9.0 Mobilization Phase (odd turns from turn 3): building, upgrading and
//! disbanding units for Political Points, with the Government's doctrine limit
//! (9.5), American Aid (9.6, 17.2), population resettlement (16.5) and the
//! Stalin Score (17.1).

use crate::engine::Refusal;
use std::collections::{BTreeMap, BTreeSet};

use super::rules::{SquareRule, Where};
use super::state::{Loc, Log, Roller, Side, State};

/// Does this turn have Mobilization Phases (5.0: odd turns, none on turn 1)?
pub fn due(turn: u32) -> bool {
    turn >= 3 && turn % 2 == 1
}

/// What one Mobilization Phase has done so far.
#[derive(Clone, Debug, Default)]
pub struct Phase {
    pub spent: i32,
    /// Most the Government may spend (9.5 + 9.6); None for the DSE (no limit).
    pub limit: Option<i32>,
    pub built: BTreeSet<String>,
    pub upgraded: BTreeSet<String>,
    /// Unit kinds present in each Region at the start of the phase (9.1 note).
    pub present: BTreeMap<String, BTreeSet<String>>,
    /// Regions holding a level-2 guerrilla band at the start (17.3).
    pub level2_bands: BTreeSet<String>,
}

/// Opens a Mobilization Phase: American Aid check (17.2), Stalin Score (17.1).
pub fn begin(state: &mut State, side: Side, roller: &mut Roller, log: &mut Log) -> Phase {
    if !state.american_aid && (state.pi.government <= 30 || state.pi.dse >= 70) {
        state.american_aid = true;
        log.say(format!(
            "17.2 American Aid is triggered (Government PI {}, DSE PI {}) for the rest of the game",
            state.pi.government, state.pi.dse
        ));
    }
    let mut phase = Phase::default();
    if side == Side::Government {
        let mut limit = state.politics.pp_limit;
        if state.american_aid {
            state.adjust_pi(Side::Government, 10, "9.6/17.2 American Aid", log);
            limit += 10;
        }
        phase.limit = Some(limit);
    } else if state.options.tito && state.stalin.line.is_none() {
        super::tito::stalin_score(state, roller, log);
    }
    for u in state.units.values() {
        phase.present.entry(u.at.region.clone()).or_default().insert(u.kind.clone());
        if u.kind == "guerrilla" && u.level >= 2 {
            phase.level2_bands.insert(u.at.region.clone());
        }
    }
    phase
}

fn spend(
    state: &mut State,
    side: Side,
    cost: i32,
    phase: &mut Phase,
    what: &str,
    log: &mut Log,
) -> Result<(), Refusal> {
    if let Some(limit) = phase.limit
        && phase.spent + cost > limit
    {
        return Err(format!(
            "{what} costs {cost} PP; {} of the {limit} PP this phase allows are spent (9.5)",
            phase.spent
        )
        .into());
    }
    let pi = *state.pi.get(side);
    if pi - cost < 1 {
        return Err(format!(
            "{what} costs {cost} PP and the {} PI is {pi}: spending it would collapse the side (7.2)",
            side.name()
        )
        .into());
    }
    phase.spent += cost;
    state.adjust_pi(side, -cost, what, log);
    Ok(())
}

/// 16.5 Population Resettlement, announced at the start of the Government's phase.
pub fn resettle(state: &mut State, region: &str, roller: &mut Roller, log: &mut Log) -> Result<(), Refusal> {
    let r = state.region(region).ok_or("no such Region")?.clone();
    if r.kind != super::rules::RegionKind::Rural {
        return Err(format!("only rural Regions are resettled; {} is not (16.5)", r.name).into());
    }
    if state.resettled.contains(region) {
        return Err(format!("{} is already resettled (16.5)", r.name).into());
    }
    if !state.units_in(region).any(|u| u.side == Side::Government && !state.unconventional(u)) {
        return Err(format!("resettling {} needs a Government conventional unit there (16.5)", r.name).into());
    }
    state.resettled.insert(region.to_string());
    super::terror::place(state, region, "16.5b resettlement", log);
    log.say(format!("16.5 {} is resettled: R marker placed (1/1 from now on)", r.name));
    if let Some(d) = roller.d6(format!("16.5c resettlement of {}", r.name)) {
        let why = format!("16.5c resettlement of {} (rolled {d})", r.name);
        state.adjust_pi(Side::Dse, d as i32, &why, log);
        state.adjust_pi(Side::Government, -(d as i32), &why, log);
    } else {
        log.die_skipped();
    }
    Ok(())
}

/// 9.1 Building a new unit.
pub fn build(
    state: &mut State,
    side: Side,
    kind: &str,
    to: &Loc,
    phase: &mut Phase,
    log: &mut Log,
) -> Result<String, Refusal> {
    let line = state
        .rules
        .mobilization
        .line(side, kind)
        .cloned()
        .ok_or_else(|| format!("the {} Mobilization Chart has no {kind}", side.name()))?;
    let cost = line.cost.ok_or_else(|| format!("{kind} units are not built, only formed (10.6)"))?;
    let region = state.region(&to.region).ok_or("no such Region")?.clone();
    if region.foreign() && !state.may_enter(side, &region.code) {
        return Err(format!("{} units may not be placed in {} (2.6, 17.1)", side.name(), region.name).into());
    }
    let ok_where = match line.place {
        Where::Greece => !region.foreign(),
        Where::Foreign => region.foreign(),
        Where::GreeceOrForeign => true,
        Where::Regions => line.regions.contains(&region.code),
    };
    if !ok_where {
        let place = match line.place {
            Where::Greece => "in Greece".to_string(),
            Where::Foreign => "in a Foreign Area".to_string(),
            Where::GreeceOrForeign => "anywhere".to_string(),
            Where::Regions => format!("in {}", line.regions.join(", ")),
        };
        return Err(format!("the Mobilization Chart places {kind} units {place}").into());
    }
    match (line.square, to.square) {
        (SquareRule::Only, None) => {
            return Err(format!("{kind} units are placed in infrastructure squares").into());
        }
        (SquareRule::Never, Some(_)) => return Err(format!("{kind} units are placed in the Open").into()),
        _ => {}
    }
    if let Some(s) = to.square
        && let Some(u) = state.occupant(&region.code, s)
    {
        return Err(format!("{} is held by {} (9.1: one unit per square)", to.code(), u.id).into());
    }
    if line.not_terror && state.terror.contains(&region.code) {
        return Err(format!("{} is terrorized: no {kind} may be placed there (16.4b)", region.name).into());
    }
    let waived = line.needs_waived_abroad && region.foreign();
    if !line.needs.is_empty() && !waived {
        let present = phase.present.get(&region.code);
        if !line.needs.iter().any(|k| present.is_some_and(|p| p.contains(k))) {
            return Err(format!(
                "a {kind} is placed where a {} was already at the start of the phase (9.1)",
                line.needs.join(" or ")
            )
            .into());
        }
    }
    if state.options.start1944
        && side == Side::Dse
        && kind != "front"
        && !phase.level2_bands.contains(&region.code)
    {
        return Err(format!(
            "17.3: no new DSE unit but fronts in {} until a level 2 guerrilla band is there",
            region.name
        )
        .into());
    }
    let t = state.rules.unit_type(kind).map_err(|e| e.to_string())?;
    let level = t.build_level();
    if !state.counter_free(kind, level, None) {
        return Err(format!("every {kind} counter is in use (9.4)").into());
    }
    spend(state, side, cost, phase, &format!("9.1 build {kind}"), log)?;
    let id = state.add_unit(kind, side, level, to.clone());
    phase.built.insert(id.clone());
    log.say(format!("9.1 {} builds {id} ({kind}) at {}", side.name(), to.code()));
    Ok(id)
}

/// 9.1/2.8 Buying an Airstrike marker.
pub fn build_airstrike(
    state: &mut State,
    side: Side,
    phase: &mut Phase,
    log: &mut Log,
) -> Result<(), Refusal> {
    if side != Side::Government {
        return Err("only the Government has airstrikes (11.4)".into());
    }
    if state.airstrikes >= state.rules.forces.airstrikes {
        return Err(format!(
            "all {} airstrike markers are available already (9.4)",
            state.rules.forces.airstrikes
        )
        .into());
    }
    let cost = state.rules.mobilization.airstrike_cost;
    spend(state, side, cost, phase, "9.1 airstrike", log)?;
    state.airstrikes += 1;
    log.say(format!("9.1 Government buys an airstrike ({} available)", state.airstrikes));
    Ok(())
}

/// 9.2 Upgrading a unit one level.
pub fn upgrade(
    state: &mut State,
    side: Side,
    id: &str,
    phase: &mut Phase,
    log: &mut Log,
) -> Result<(), Refusal> {
    let u = state.unit(id).ok_or_else(|| format!("no unit {id}"))?.clone();
    if u.side != side {
        return Err(format!("{id} is not yours").into());
    }
    if phase.built.contains(&u.id) {
        return Err(format!("{id} was built this phase (9.2)").into());
    }
    if phase.upgraded.contains(&u.id) {
        return Err(format!("{id} was already upgraded this phase (9.2)").into());
    }
    if state.options.from(2) && state.unconventional(&u) {
        return Err(format!("{id} is unconventional and cannot rise above level 0 (3.1)").into());
    }
    let to = u.level + 1;
    let t = state.rules.unit_type(&u.kind).map_err(|e| e.to_string())?;
    if to > t.max_level {
        return Err(format!("{id} is at its highest level ({})", t.max_level).into());
    }
    let cost = state
        .rules
        .mobilization
        .line(side, &u.kind)
        .and_then(|l| l.upgrade_cost(to))
        .ok_or_else(|| format!("the Mobilization Chart has no upgrade of {} to level {to}", u.kind))?;
    if !state.counter_free(&u.kind, to, Some(&u.id)) {
        return Err(format!("no {} counter of level {to} is free (9.4)", u.kind).into());
    }
    spend(state, side, cost, phase, &format!("9.2 upgrade {id} to level {to}"), log)?;
    if let Some(unit) = state.units.get_mut(&u.id) {
        unit.level = to;
    }
    phase.upgraded.insert(u.id.clone());
    log.say(format!("9.2 {id} is upgraded to level {to}"));
    Ok(())
}

/// 9.3 Voluntary demobilization.
pub fn disband(state: &mut State, side: Side, id: &str, log: &mut Log) -> Result<(), Refusal> {
    let u = state.unit(id).ok_or_else(|| format!("no unit {id}"))?;
    if u.side != side {
        return Err(format!("{id} is not yours").into());
    }
    let key = u.id.clone();
    state.units.remove(&key);
    log.say(format!("9.3 {key} is demobilized"));
    Ok(())
}
