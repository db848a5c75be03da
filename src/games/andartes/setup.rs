//! 4.0 How to set up the game: the Government places its divisions, LOK and
//! police as its doctrine allows, then the DSE places its fronts, cadres and bands.

use crate::engine::Refusal;
use std::collections::BTreeMap;

use super::rules::Doctrine;
use super::state::{Loc, Side, State};

/// What each side sets up (4.0): kind, number, where.
pub fn forces(side: Side) -> &'static [(&'static str, usize, Where)] {
    match side {
        Side::Government => {
            &[("division", 7, Where::Open), ("lok", 1, Where::Open), ("police", 5, Where::Square)]
        }
        Side::Dse => {
            &[("front", 3, Where::Either), ("cadre", 4, Where::Either), ("guerrilla", 5, Where::Either)]
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    Open,
    Square,
    Either,
}

/// Regions the Tight Defense doctrine garrisons (16.3): the urban Regions and the
/// Regions containing them.
pub fn tight_regions(state: &State) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in state.rules.map.regions.values() {
        if r.kind == super::rules::RegionKind::Urban {
            out.push(r.code.clone());
            if let Some(w) = &r.within {
                out.push(w.clone());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Places one set-up unit, checking 4.0 and the doctrine's deployment.
pub fn place(state: &mut State, side: Side, kind: &str, to: &Loc) -> Result<String, Refusal> {
    let Some(&(_, limit, wh)) = forces(side).iter().find(|(k, _, _)| *k == kind) else {
        let names: Vec<&str> = forces(side).iter().map(|(k, _, _)| *k).collect();
        return Err(format!("the {} sets up only {} (4.0)", side.name(), names.join(", ")).into());
    };
    let region = state.region(&to.region).ok_or_else(|| format!("no Region {}", to.region))?;
    if region.foreign() {
        return Err(format!("set-up is within Greece, not {} (4.0)", region.name).into());
    }
    match (wh, to.square) {
        (Where::Open, Some(_)) => {
            return Err(format!("{kind} units set up in the Open area (4.0)").into());
        }
        (Where::Square, None) => {
            return Err(format!("{kind} units set up in infrastructure squares (4.0)").into());
        }
        _ => {}
    }
    if let Some(s) = to.square
        && let Some(u) = state.occupant(&to.region, s)
    {
        return Err(format!("{} is already held by {} (2.3)", to.code(), u.id).into());
    }
    let placed = state.units.values().filter(|u| u.side == side && u.kind == kind).count();
    if placed >= limit {
        return Err(format!("the set-up has only {limit} {kind} unit(s) (4.0)").into());
    }
    if side == Side::Government
        && state.politics.doctrine == Doctrine::Area
        && let Some(u) = state.units_in(&to.region).find(|u| u.side == side)
    {
        return Err(format!(
            "Area Defense (16.3): the set-up spreads one unit to a Region while Regions stay empty; {} is already in {}",
            u.id, to.region
        ).into());
    }
    let t = state.rules.forces.get(kind).ok_or_else(|| format!("forces.toml has no {kind}"))?;
    let level = t.build_level();
    if !state.counter_free(kind, level, None) {
        return Err(format!("no {kind} counter left (9.4)").into());
    }
    Ok(state.add_unit(kind, side, level, to.clone()))
}

/// After the last PLACE line: every set-up unit placed, doctrine satisfied.
pub fn complete(state: &State, side: Side) -> Result<(), Refusal> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for u in state.units.values().filter(|u| u.side == side) {
        *counts.entry(u.kind.as_str()).or_insert(0) += 1;
    }
    let mut missing = Vec::new();
    for &(kind, n, _) in forces(side) {
        let have = counts.get(kind).copied().unwrap_or(0);
        if have < n {
            missing.push(format!("{} more {kind}", n - have));
        }
    }
    if !missing.is_empty() {
        return Err(format!("the set-up is incomplete: place {} (4.0)", missing.join(", ")).into());
    }
    if side == Side::Government && state.politics.doctrine == Doctrine::Tight {
        for code in tight_regions(state) {
            if !state.units_in(&code).any(|u| u.side == side && u.kind == "division") {
                return Err(
                    format!("Tight Defense (16.3): {code} must hold an army division at set-up").into()
                );
            }
        }
    }
    Ok(())
}

/// The documented set-up used when a player sends none: it satisfies every
/// doctrine (divisions in the garrison Regions first, one unit per Region).
pub fn default_lines(state: &State, side: Side) -> Vec<String> {
    let mut lines = Vec::new();
    let mut used: Vec<String> = Vec::new();
    let greece: Vec<&super::rules::Region> = state.rules.map.greece().collect();
    match side {
        Side::Government => {
            let mut regions: Vec<String> = tight_regions(state);
            for r in &greece {
                if !regions.contains(&r.code) && r.kind == super::rules::RegionKind::Rural {
                    regions.push(r.code.clone());
                }
            }
            let mut it = regions.into_iter();
            for _ in 0..7 {
                if let Some(c) = it.next() {
                    lines.push(format!("PLACE division {c}"));
                    used.push(c);
                }
            }
            if let Some(c) = it.next() {
                lines.push(format!("PLACE lok {c}"));
                used.push(c);
            }
            for c in it.take(5) {
                lines.push(format!("PLACE police {c}/1"));
            }
        }
        Side::Dse => {
            // Mountain Regions with the most DSE points first, then code order.
            let mut regions: Vec<&super::rules::Region> =
                greece.iter().copied().filter(|r| r.kind == super::rules::RegionKind::Rural).collect();
            regions.sort_by(|a, b| b.pp[0].cmp(&a.pp[0]).then(a.code.cmp(&b.code)));
            let mut it = regions.iter().cycle();
            for &(kind, n, _) in forces(Side::Dse) {
                for _ in 0..n {
                    if let Some(r) = it.next() {
                        lines.push(format!("PLACE {kind} {}", r.code));
                    }
                }
            }
        }
    }
    lines
}
