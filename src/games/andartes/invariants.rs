//! Facts the rules fix that must hold after every step; the soak test checks
//! them after each one.

use std::collections::BTreeMap;

use super::state::{Side, State};
use crate::engine::Broken;

pub fn check_invariants(state: &State) -> Result<(), Broken> {
    let mut squares: BTreeMap<(String, u8), String> = BTreeMap::new();
    for (key, u) in &state.units {
        if *key != u.id {
            return Err(format!("unit {} is filed under {key}", u.id).into());
        }
        let t =
            state.rules.forces.get(&u.kind).ok_or_else(|| format!("{} has unknown kind {}", u.id, u.kind))?;
        if t.side != u.side {
            return Err(format!("{} belongs to the wrong side", u.id).into());
        }
        if u.level < t.min_level || u.level > t.max_level {
            return Err(format!(
                "{} is at level {}, outside {}..{} (3.1)",
                u.id, u.level, t.min_level, t.max_level
            )
            .into());
        }
        let r = state
            .region(&u.at.region)
            .ok_or_else(|| format!("{} is in unknown region {}", u.id, u.at.region))?;
        if r.foreign() {
            if u.side == Side::Government {
                return Err(format!("Government unit {} is in {} (2.6)", u.id, r.code).into());
            }
            if state.closed.contains(&r.code) {
                return Err(format!("{} is in closed {} (17.1)", u.id, r.code).into());
            }
        }
        if let Some(s) = u.at.square {
            if s == 0 || s > r.squares {
                return Err(
                    format!("{} is in square {s} of {}, which has {}", u.id, r.code, r.squares).into()
                );
            }
            if let Some(other) = squares.insert((r.code.clone(), s), u.id.clone()) {
                return Err(format!("{} and {other} share square {}/{s} (2.3)", u.id, r.code).into());
            }
        }
    }
    for (kind, t) in &state.rules.forces.types {
        for (g, group) in t.counters.iter().enumerate() {
            let used = state.units.values().filter(|u| &u.kind == kind && t.group(u.level) == Some(g)).count()
                as u32;
            if used > group.count {
                return Err(format!(
                    "{used} {kind} units at levels {:?} but only {} counters (9.4)",
                    group.levels, group.count
                )
                .into());
            }
        }
    }
    if state.airstrikes > state.rules.forces.airstrikes {
        return Err(format!(
            "{} airstrikes available, more than the {} markers",
            state.airstrikes, state.rules.forces.airstrikes
        )
        .into());
    }
    for side in [Side::Government, Side::Dse] {
        let pi = *state.pi.get(side);
        if pi > 99 {
            return Err(format!("{} PI {pi} is above 99 (7.2)", side.name()).into());
        }
        if pi <= 0 && state.over.is_none() {
            return Err(format!("{} PI {pi} and the game goes on (6.1)", side.name()).into());
        }
    }
    if state.terror.iter().chain(state.resettled.iter()).any(|c| state.region(c).is_none_or(|r| r.foreign()))
    {
        return Err("a marker lies outside Greece".into());
    }
    for c in &state.resettled {
        if state.region(c).is_some_and(|r| r.kind != super::rules::RegionKind::Rural) {
            return Err(format!("{c} is resettled but not rural (16.5)").into());
        }
    }
    if state.over.is_some() != (state.stage == super::state::Stage::Over) {
        return Err("game over and stage disagree".into());
    }
    Ok(())
}
