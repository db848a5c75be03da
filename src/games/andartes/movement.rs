//! 10.0 Movement Phase: paths through Regions and squares with movement points,
//! halting in Regions with enemy units in the Open, infiltration, international
//! borders, breaking down and combining divisions, and LOK modes.

use crate::engine::Refusal;
use std::collections::BTreeSet;

use super::state::{Loc, Log, Side, State};

/// What the current Movement Phase has done so far.
#[derive(Debug, Default)]
pub struct Phase {
    pub moved: BTreeSet<String>,
    /// Units made by a breakdown or a combination this phase (10.6: not undone).
    pub formed: BTreeSet<String>,
    pub switched: BTreeSet<String>,
}

fn own(state: &State, side: Side, id: &str) -> Result<super::state::Unit, Refusal> {
    let u = state.unit(id).ok_or_else(|| format!("no unit {id}"))?;
    if u.side != side {
        return Err(format!("{id} is not yours").into());
    }
    Ok(u.clone())
}

/// Walks a path for `id` and returns where it ends and the movement points used,
/// without moving it.
pub fn walk(state: &State, side: Side, id: &str, path: &[Loc]) -> Result<(Loc, u32), Refusal> {
    let u = own(state, side, id)?;
    let allowance = state.movement(&u);
    if allowance == 0 {
        return Err(format!("{id} is a static unit and never moves (10.2)").into());
    }
    // A path may start where the unit stands, as players write it from the map.
    let path = match path.split_first() {
        Some((first, rest)) if *first == u.at && !rest.is_empty() => rest,
        _ => path,
    };
    let infiltrates = state.infiltrates(&u);
    let enemy = side.other();
    let mut at = u.at.clone();
    let mut used = 0u32;
    let mut halted: Option<String> = None;
    for step in path {
        if let Some(r) = &halted {
            return Err(format!("{id} must halt in {r}: enemy units are in its Open area (10.5)").into());
        }
        if step.region == at.region {
            if *step == at {
                return Err(format!("{id} is already at {}", step.code()).into());
            }
            used += 1;
            if step.square.is_none() && state.in_open(&at.region, enemy) && !infiltrates {
                halted = Some(at.region.clone());
            }
        } else {
            if !state.rules.map.adjacent(&at.region, &step.region) {
                return Err(format!(
                    "{} does not border {} and no arrow joins them (2.4)",
                    at.region, step.region
                )
                .into());
            }
            if !state.may_enter(side, &step.region) {
                return Err(format!(
                    "{} units may not enter {} (10.5 International Borders, 17.1)",
                    side.name(),
                    step.region
                )
                .into());
            }
            if at.square.is_some() {
                // 10.4: leaving a square is a move into the Open area first.
                used += 1;
                if state.in_open(&at.region, enemy) && !infiltrates {
                    return Err(format!(
                        "{id} leaving its square stops in the Open of {}: enemy units are there (10.4)",
                        at.region
                    )
                    .into());
                }
            }
            used += 1;
            if state.in_open(&step.region, enemy) && !infiltrates {
                halted = Some(step.region.clone());
            }
            if step.square.is_some() {
                if let Some(r) = &halted {
                    return Err(format!(
                        "{id} must halt in the Open of {r} and cannot go on into a square (10.5)"
                    )
                    .into());
                }
                used += 1;
            }
        }
        if let Some(s) = step.square
            && let Some(o) = state.occupant(&step.region, s)
            && o.id != u.id
        {
            return Err(format!("{} is held by {} (13.2: one unit per square)", step.code(), o.id).into());
        }
        if used > allowance {
            return Err(format!(
                "{id} has {allowance} movement point(s); this path needs {used} by {} (10.2-10.4)",
                step.code()
            )
            .into());
        }
        at = step.clone();
    }
    Ok((at, used))
}

/// Moves a unit along a path (10.1-10.5).
pub fn travel(
    state: &mut State,
    side: Side,
    id: &str,
    path: &[Loc],
    phase: &mut Phase,
    log: &mut Log,
) -> Result<(), Refusal> {
    let key = id.to_ascii_uppercase();
    if phase.moved.contains(&key) {
        return Err(format!("{key} has already moved this phase (10.1)").into());
    }
    let (to, used) = walk(state, side, &key, path)?;
    let from = state.unit(&key).map(|u| u.at.code()).unwrap_or_default();
    if let Some(u) = state.units.get_mut(&key) {
        u.at = to.clone();
    }
    phase.moved.insert(key.clone());
    let halted = !state.infiltrates(state.unit(&key).ok_or("gone")?)
        && to.square.is_none()
        && state.in_open(&to.region, side.other());
    log.say(format!(
        "{key} moves {from} -> {} ({used} MP){}",
        to.code(),
        if halted { ", halting among enemy units" } else { "" }
    ));
    Ok(())
}

/// 10.6 Breaking a division down into three brigades of its level.
pub fn break_down(
    state: &mut State,
    side: Side,
    id: &str,
    phase: &mut Phase,
    log: &mut Log,
) -> Result<Vec<String>, Refusal> {
    let u = own(state, side, id)?;
    if u.kind != "division" {
        return Err(format!("{} is not an army division (10.6)", u.id).into());
    }
    if phase.moved.contains(&u.id) {
        return Err(format!("{} has moved; it breaks down only before moving (10.6)", u.id).into());
    }
    if phase.formed.contains(&u.id) {
        return Err(format!("{} was combined this phase (10.6)", u.id).into());
    }
    if u.at.square.is_some() {
        return Err(format!(
            "{} is in a square, which holds one unit: it breaks down in the Open (ruling on 10.6)",
            u.id
        )
        .into());
    }
    if state.free_counters("brigade", u.level, None) < 3 {
        return Err(format!("fewer than three level {} brigade counters are free (9.4)", u.level).into());
    }
    state.units.remove(&u.id);
    let ids: Vec<String> = (0..3).map(|_| state.add_unit("brigade", side, u.level, u.at.clone())).collect();
    for b in &ids {
        phase.formed.insert(b.clone());
    }
    log.say(format!("10.6 {} breaks down into {} at {}", u.id, ids.join(", "), u.at.code()));
    Ok(ids)
}

/// 10.6 note: three brigades of one level in one Region combine into a division.
pub fn combine(
    state: &mut State,
    side: Side,
    ids: &[String],
    phase: &mut Phase,
    log: &mut Log,
) -> Result<String, Refusal> {
    let mut units = Vec::new();
    for id in ids {
        let u = own(state, side, id)?;
        if u.kind != "brigade" {
            return Err(format!("{} is not a brigade (10.6)", u.id).into());
        }
        if phase.moved.contains(&u.id) || phase.formed.contains(&u.id) {
            return Err(format!("{} has moved or was formed this phase (10.6)", u.id).into());
        }
        if units.iter().any(|x: &super::state::Unit| x.id == u.id) {
            return Err(format!("{} is named twice", u.id).into());
        }
        units.push(u);
    }
    let [a, b, c] = units.as_slice() else {
        return Err("three brigades combine into one division (10.6)".into());
    };
    if a.at.region != b.at.region || a.at.region != c.at.region {
        return Err("the three brigades must be in the same Region (10.6)".into());
    }
    if a.level != b.level || a.level != c.level {
        return Err("the three brigades must be of the same level (10.6)".into());
    }
    if !state.counter_free("division", a.level, None) {
        return Err(format!("no level {} division counter is free (9.4)", a.level).into());
    }
    for u in &units {
        state.units.remove(&u.id);
    }
    let region = a.at.region.clone();
    let d = state.add_unit("division", side, a.level, Loc::open(&region));
    phase.formed.insert(d.clone());
    log.say(format!("10.6 {}, {}, {} combine into {d} in the Open of {region}", a.id, b.id, c.id));
    Ok(d)
}

/// 10.7 LOK modes: a level 1 (conventional) LOK flips to its level 0
/// unconventional side and back; higher levels have no unconventional side.
pub fn mode(
    state: &mut State,
    side: Side,
    id: &str,
    unconventional: bool,
    phase: &mut Phase,
    log: &mut Log,
) -> Result<(), Refusal> {
    let u = own(state, side, id)?;
    if u.kind != "lok" {
        return Err(format!("{} is not a LOK unit (10.7)", u.id).into());
    }
    if phase.moved.contains(&u.id) || phase.switched.contains(&u.id) {
        return Err(format!("{} has moved or switched mode this phase (10.7)", u.id).into());
    }
    let to = match (unconventional, u.level) {
        (true, 1) => 0,
        (false, 0) => 1,
        (true, 0) => return Err(format!("{} is unconventional already", u.id).into()),
        (false, _) => return Err(format!("{} is conventional already", u.id).into()),
        (true, l) => {
            return Err(format!(
                "{} is level {l}; only a level 1 LOK has an unconventional side (ruling on 10.7)",
                u.id
            )
            .into());
        }
    };
    if !state.counter_free("lok", to, Some(&u.id)) {
        return Err("no LOK counter free (9.4)".into());
    }
    if let Some(x) = state.units.get_mut(&u.id) {
        x.level = to;
    }
    phase.switched.insert(u.id.clone());
    log.say(format!(
        "10.7 {} switches to {} mode",
        u.id,
        if unconventional { "unconventional" } else { "conventional" }
    ));
    Ok(())
}
