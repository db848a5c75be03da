//! A random legal player for soak games: each unit gets a random order from the same
//! candidates the benchmark's random games draw from, written in the notation players
//! mail, and kept only if the system's own parser accepts the body with it.

use rand_core::RngCore;

use super::board::{Adjustment, RetreatOrder};
use super::board::{Board, Ownership, Unit};
use super::check::{adjustment_count, build_sites};
use super::game::PhaseKind;
use super::map::{Map, PowerId, ProvinceId, Terrain, UnitKind};
use super::text::{self, Style};
use super::{Diplomacy, State};
use crate::engine::System;

fn pick(rng: &mut dyn RngCore, n: usize) -> usize {
    if n == 0 { 0 } else { rng.next_u32() as usize % n }
}

/// A random orders body for `player` that `parse` accepts ("" when nothing is due).
pub fn orders(game: &Diplomacy, state: &State, player: &str, rng: &mut dyn RngCore) -> String {
    let map = &game.map;
    let (Some(power), Ok(pos)) = (state.player_power(map, player), state.position(map)) else {
        return String::new();
    };
    let mut text = String::new();
    let mut offer = |line: String| {
        let candidate = format!("{text}{line}\n");
        if game.parse(state, player, &candidate).is_ok() {
            text = candidate;
        }
    };
    match pos.turn.kind {
        PhaseKind::Movement => {
            let mut cand = Vec::new();
            let mut targets = Vec::new();
            let mine: Vec<ProvinceId> = pos.board.provinces_of(power).collect();
            for p in mine {
                super::bench::candidates(map, &pos.board, p, &mut cand);
                // A third of the time a move, if there is one: games move along.
                let moves: Vec<_> =
                    cand.iter().filter(|o| matches!(o, super::board::Order::Move { .. })).copied().collect();
                let o = if !moves.is_empty() && pick(rng, 3) == 0 {
                    moves[pick(rng, moves.len())]
                } else {
                    cand[pick(rng, cand.len())]
                };
                offer(text::order(map, &pos.board, p, &o, Style::Short));
                if let super::board::Order::Move { to, .. } = o {
                    targets.push((p, map.province_of(to)));
                }
            }
            if state.two_season {
                let plan = Plan {
                    board: &pos.board,
                    ownership: &pos.ownership,
                    power,
                    targets: &targets,
                    lists: pos.turn.season == super::game::Season::Fall,
                    at_risk_only: false,
                };
                for line in preferences(map, &plan, &|_, _| true, rng) {
                    offer(line);
                }
            }
        }
        PhaseKind::Retreat => {
            for d in pos.dislodged.iter().filter(|d| d.unit.power == power) {
                let k = pick(rng, d.retreats.len() + 1);
                let o = match d.retreats.get(k) {
                    Some(&r) => RetreatOrder::Retreat(r),
                    None => RetreatOrder::Disband,
                };
                offer(text::retreat(map, d.unit, &o, Style::Short));
            }
        }
        PhaseKind::Adjustment => {
            let delta = adjustment_count(&pos.board, &pos.ownership, power);
            if delta > 0 {
                let sites = build_sites(map, &pos.board, &pos.ownership, power);
                for &p in sites.iter().take(delta as usize) {
                    let kind = if map.province(p).terrain == Terrain::Land || pick(rng, 2) == 0 {
                        UnitKind::Army
                    } else {
                        UnitKind::Fleet
                    };
                    let region = match kind {
                        UnitKind::Army => map.main_region(p),
                        UnitKind::Fleet => match map.province(p).fleet_regions.first() {
                            Some(&r) => r,
                            None => continue,
                        },
                    };
                    offer(text::adjustment(
                        map,
                        &pos.board,
                        &Adjustment::Build { kind, region },
                        Style::Short,
                    ));
                }
            } else if delta < 0 {
                let mine: Vec<ProvinceId> = pos.board.provinces_of(power).collect();
                for &p in mine.iter().take((-delta) as usize) {
                    offer(text::adjustment(map, &pos.board, &Adjustment::Remove(p), Style::Short));
                }
            }
        }
    }
    text
}

/// The position a player plans its standing preferences in.
pub struct Plan<'a> {
    pub board: &'a Board,
    pub ownership: &'a Ownership,
    pub power: PowerId,
    /// The moves it orders: (from, to).
    pub targets: &'a [(ProvinceId, ProvinceId)],
    /// Builds and removals are listed with these moves.
    pub lists: bool,
    /// Retreats only for the units another power's unit could attack.
    pub at_risk_only: bool,
}

/// A careful player's standing preferences for a two-season year: every unit's
/// possible retreats (the supply centres first) that `allowed` lets it make, and
/// with the lists every home centre as a build and every place its units may stand
/// after the moves as a removal, the farthest from home first, so that the GM rarely
/// has to ask.
pub fn preferences(
    map: &Map,
    plan: &Plan,
    allowed: &dyn Fn(Unit, ProvinceId) -> bool,
    rng: &mut dyn RngCore,
) -> Vec<String> {
    let Plan { board, ownership, power, targets, .. } = *plan;
    let mut lines = Vec::new();
    let mut places: Vec<(u32, ProvinceId)> = Vec::new();
    for p in board.provinces_of(power).collect::<Vec<_>>() {
        let Some(u) = board.unit(p) else { continue };
        let mut options: Vec<super::map::RegionId> = Vec::new();
        for q in 0..map.province_count() as ProvinceId {
            if q == p {
                continue;
            }
            match u.kind {
                UnitKind::Army => {
                    if map.province(q).terrain != Terrain::Sea && map.army_adjacent(p, q) {
                        options.push(q);
                    }
                }
                UnitKind::Fleet => options.extend(map.fleet_targets_in(u.region, q)),
            }
        }
        // Shuffled, then the supply centres first (own, then others).
        for k in (1..options.len()).rev() {
            options.swap(k, pick(rng, k + 1));
        }
        let rank = |r: &super::map::RegionId| {
            let q = map.province_of(*r);
            match (map.province(q).centre, ownership.owner[q as usize] == Some(power)) {
                (true, true) => 0,
                (true, false) => 1,
                _ => 2,
            }
        };
        options.sort_by_key(rank);
        options.retain(|&r| allowed(u, map.province_of(r)));
        let at_risk = !plan.at_risk_only || under_threat(map, board, u);
        if !options.is_empty() && at_risk {
            let list: Vec<String> = options.iter().map(|&r| map.region_name(r)).collect();
            lines.push(format!("{} R {}", text::unit(map, u, Style::Short), list.join(", ")));
        }
        let far = super::adjust::distance_home(map, u).unwrap_or(u32::MAX);
        places.push((far, p));
        if let Some(&(_, t)) = targets.iter().find(|(from, _)| *from == p) {
            places.push((far, t));
        }
        for &r in &options {
            places.push((far, map.province_of(r)));
        }
    }
    if plan.lists {
        let builds: Vec<String> = map
            .homes(power)
            .filter_map(|p| {
                let fleet = map.province(p).terrain != Terrain::Land && pick(rng, 2) == 0;
                match (fleet, map.province(p).fleet_regions.first()) {
                    (true, Some(&r)) => Some(format!("F {}", map.region_name(r))),
                    _ if map.province(p).terrain != Terrain::Sea => Some(format!("A {}", map.province(p).id)),
                    _ => None,
                }
            })
            .collect();
        if !builds.is_empty() {
            lines.push(format!("Build {}", builds.join(", ")));
        }
        // Stable: each unit's own places keep their order (where it stands, where it
        // moves, where it may retreat).
        places.sort_by_key(|b| std::cmp::Reverse(b.0));
        let mut seen = std::collections::BTreeSet::new();
        let removals: Vec<String> = places
            .iter()
            .filter(|(_, p)| seen.insert(*p))
            .map(|&(_, p)| map.province(p).id.clone())
            .collect();
        if !removals.is_empty() {
            lines.push(format!("Remove {}", removals.join(", ")));
        }
    }
    lines
}

/// Could another power's unit move into `u`'s province this move (and so dislodge it)?
fn under_threat(map: &Map, board: &Board, u: Unit) -> bool {
    let here = map.province_of(u.region);
    (0..map.province_count() as ProvinceId)
        .filter_map(|q| board.unit(q))
        .any(|v| v.power != u.power && map.can_reach(v.kind, v.region, here))
}
