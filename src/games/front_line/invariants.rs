//! What the rules fix about any position: one unit a square and none on water; the
//! unit mix and a reserve no larger than at the start; at most four Fallen City
//! markers, on Air Bases and Industries only; at most eight chits of a type and four
//! Fallen chits; as many unused stacks as turns left; one Edge; two actions a unit and
//! no Regular action twice.

use std::collections::BTreeSet;

use super::actions::REGULAR;
use super::data::{Data, Side, Terrain};
use super::setup::MIX;
use super::state::{Place, Stage, State, Supply};
use crate::engine::Broken;

pub fn check(state: &State, data: &Data) -> Result<(), Broken> {
    let board = super::board(data, state);
    let broken = |s: String| Err(Broken(s));
    let mut seen = BTreeSet::new();
    for u in &state.units {
        if let Place::Board(sq) = u.place {
            if !seen.insert(sq) {
                return broken(format!("two units on {sq}"));
            }
            if board.at(sq) == Terrain::Water {
                return broken(format!("{} stands on Lake Nogo at {sq}", u.id));
            }
        }
    }
    for side in [Side::Red, Side::Green] {
        for (kind, total, placed) in MIX {
            let of = state.units.iter().filter(|u| u.side == side && u.kind == kind);
            if of.clone().count() != total {
                return broken(format!(
                    "{} has {} {} units, not {total}",
                    side.name(),
                    of.count(),
                    kind.name()
                ));
            }
            let reserve = of.filter(|u| u.place == Place::Reserve).count();
            if state.stage != Stage::Setup && reserve > total - placed {
                return broken(format!(
                    "{}'s reserve holds {reserve} {}, more than at the start",
                    side.name(),
                    kind.name()
                ));
            }
        }
    }
    if state.fallen.len() > 4 {
        return broken(format!("{} Fallen City markers: there are four", state.fallen.len()));
    }
    if let Some(sq) =
        state.fallen.iter().find(|s| !matches!(board.at(**s), Terrain::AirBase | Terrain::Industry))
    {
        return broken(format!("a Fallen City marker on {sq}, which is no Air Base or Industry"));
    }
    for t in [Supply::Air, Supply::Capital, Supply::Industry] {
        let n: u32 = [&state.red, &state.green]
            .iter()
            .flat_map(|c| c.stacks.iter())
            .filter(|s| s.supply == t)
            .map(|s| s.chits as u32)
            .sum();
        if n > 8 {
            return broken(format!("{n} {} chits in play: there are eight", t.name()));
        }
    }
    let fallen_chits = [&state.red, &state.green]
        .iter()
        .flat_map(|c| c.stacks.iter())
        .filter(|s| s.supply.fallen() && s.chits > 0)
        .count();
    if fallen_chits > 4 {
        return broken(format!("{fallen_chits} Fallen chits in play: there are four"));
    }
    if state.stage == Stage::Turn {
        for side in [Side::Red, Side::Green] {
            let available = state.camp(side).available().count();
            let taken = usize::from(state.current.side == Some(side) && state.current.stack.is_some());
            let left = state.turns_left(side).saturating_sub(taken);
            if available != left {
                return broken(format!(
                    "{} has {available} unused stacks and {left} turns to use them",
                    side.name()
                ));
            }
        }
    }
    for (unit, done) in &state.current.actions {
        if done.len() > 2 {
            return broken(format!("{unit} did {} actions this turn", done.len()));
        }
        for r in REGULAR {
            if done.iter().filter(|a| a == r).count() > 1 {
                return broken(format!("{unit} did {r} twice this turn"));
            }
        }
    }
    Ok(())
}
