//! A careless player, for `soak --careless`: the sensible player's orders with the
//! slips made by mail in this game. An attack on a place no enemy holds, an attack
//! by a unit from another Region, an enemy's unit or one that does not exist moved,
//! a move to a Region far away, a build where the chart allows none, an attack that
//! waits on the odds. The check at ingest must refuse each with the reason, or note
//! what it depends on, or the line must run.

use rand_core::RngCore;

use super::state::{Stage, State};

fn pick<'a, T>(rng: &mut dyn RngCore, list: &'a [T]) -> Option<&'a T> {
    if list.is_empty() { None } else { list.get((rng.next_u32() as usize) % list.len()) }
}

/// A careless orders body for `player`.
pub fn orders(state: &State, player: &str, rng: &mut dyn RngCore) -> String {
    let careful = {
        let mut r = &mut *rng;
        super::strategy_orders(state, player, &mut r)
    };
    let Some(side) = state.side_of(player) else {
        return careful;
    };
    if !matches!(state.stage, Stage::PlayerTurn { .. }) {
        return careful;
    }
    let mine: Vec<&super::state::Unit> = state.units.values().filter(|u| u.side == side).collect();
    let theirs: Vec<&super::state::Unit> = state.units.values().filter(|u| u.side != side).collect();
    let regions: Vec<&String> = state.rules.map.regions.keys().collect();
    let empty: Vec<&String> =
        regions.iter().copied().filter(|r| !state.units_in(r).any(|u| u.side != side)).collect();
    let slip = |rng: &mut dyn RngCore| -> Option<String> {
        match rng.next_u32() % 7 {
            0 => {
                let r = pick(rng, &empty)?;
                let u = pick(rng, &mine)?;
                Some(format!("ATTACK {r} WITH {}", u.id))
            }
            1 => {
                let u = pick(rng, &mine)?;
                let r = pick(rng, &regions)?;
                Some(format!("ATTACK {r} WITH {}", u.id))
            }
            2 => {
                let u = pick(rng, &theirs)?;
                let r = pick(rng, &regions)?;
                Some(format!("MOVE {} {r}", u.id))
            }
            3 => {
                let r = pick(rng, &regions)?;
                Some(format!("MOVE {}99 {r}", if rng.next_u32().is_multiple_of(2) { "D" } else { "F" }))
            }
            4 => {
                let u = pick(rng, &mine)?;
                let far: Vec<&String> = regions
                    .iter()
                    .copied()
                    .filter(|r| {
                        state
                            .region(&u.at.region)
                            .is_some_and(|h| !h.neighbours.contains(*r) && h.code != **r)
                    })
                    .collect();
                Some(format!("MOVE {} {}", u.id, pick(rng, &far)?))
            }
            5 => {
                let r = pick(rng, &regions)?;
                Some(format!("BUILD {} {r}", pick(rng, &["division", "police", "front", "cadre"])?))
            }
            _ => {
                let u = pick(rng, &mine)?;
                Some(format!("ATTACK {} WITH {} IF ODDS 3:1", u.at.code(), u.id))
            }
        }
    };
    crate::engine::slips::mix(&careful, rng, slip)
}
