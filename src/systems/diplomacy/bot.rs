//! A random legal player for soak games: each unit gets a random order from the same
//! candidates the benchmark's random games draw from, written in the notation players
//! mail, and kept only if the system's own parser accepts the body with it.

use rand_core::RngCore;

use super::board::{Adjustment, RetreatOrder};
use super::check::{adjustment_count, build_sites};
use super::game::PhaseKind;
use super::map::{ProvinceId, Terrain, UnitKind};
use super::text::{self, Style};
use super::{Diplomacy, State};
use crate::systems::System;

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
