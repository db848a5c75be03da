//! Supply (Setup, Turns, Fall, Free): each month a side's card grants three stacks,
//! one per type, and a Fallen city's stack is a single Fallen chit instead; a turn
//! uses one stack; a city that falls or is freed swaps its stack as the rules say
//! (ruling 7 for a stack in use).

use super::data::{Data, Side, Terrain};
use super::log::Log;
use super::state::{Stack, State, Supply, Turn};

/// This month's card value for a supply type (Cache's maximum; a Fallen chit's is 2).
pub fn card_value(state: &State, data: &Data, side: Side, supply: Supply) -> u8 {
    if supply.fallen() {
        return 2;
    }
    let card = &state.camp(side).card;
    data.supply
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(card))
        .and_then(|c| c.months.get(state.month as usize))
        .and_then(|m| m.get(supply.column()))
        .copied()
        .unwrap_or(3)
}

/// The month's stacks: Air (or a Fallen chit if the Air Base has fallen), Capital,
/// Industry (or a Fallen chit).
pub fn deal(state: &mut State, data: &Data, side: Side, log: &mut Log) {
    let board = super::board(data, state);
    let fallen = |t: Terrain| State::city_of(board, side, t).is_some_and(|sq| state.fallen.contains(&sq));
    let mut stacks = Vec::new();
    for (normal, fallen_kind, t) in [
        (Supply::Air, Supply::FallenAir, Some(Terrain::AirBase)),
        (Supply::Capital, Supply::Capital, None),
        (Supply::Industry, Supply::FallenIndustry, Some(Terrain::Industry)),
    ] {
        if t.is_some_and(fallen) {
            stacks.push(Stack { supply: fallen_kind, chits: 1, used: false });
        } else {
            stacks.push(Stack { supply: normal, chits: card_value(state, data, side, normal), used: false });
        }
    }
    log.say(format!(
        "{} supply for {}: {}",
        side.name(),
        state.month_name(),
        stacks.iter().map(|s| format!("{} {}", s.supply.name(), s.chits)).collect::<Vec<_>>().join(", ")
    ));
    state.camp_mut(side).stacks = stacks;
}

/// The supply a city grants, and the Fallen chit that stands for it once it falls.
fn city_supply(city: Terrain) -> Option<(Supply, Supply)> {
    match city {
        Terrain::AirBase => Some((Supply::Air, Supply::FallenAir)),
        Terrain::Industry => Some((Supply::Industry, Supply::FallenIndustry)),
        _ => None,
    }
}

fn in_use(turn: &Turn, side: Side, index: usize) -> bool {
    turn.side == Some(side) && turn.stack == Some(index)
}

/// Fall: `owner`'s Air Base or Industry took a Fallen City marker.
pub fn fall(state: &mut State, owner: Side, city: Terrain, log: &mut Log) {
    let Some((normal, fallen)) = city_supply(city) else { return };
    let turn = state.current.clone();
    let camp = state.camp_mut(owner);
    if let Some((i, s)) = camp.stacks.iter_mut().enumerate().find(|(_, s)| s.supply == normal) {
        if in_use(&turn, owner, i) {
            // Ruling 7: the stack in use keeps one Fallen chit for its unused chits.
            s.chits = s.chits.min(1);
            log.say(format!(
                "{}'s {} stack in use becomes a Fallen chit (ruling 7)",
                owner.name(),
                normal.name()
            ));
        } else if s.used {
            s.chits = 0;
        } else {
            s.chits = 1;
            log.say(format!(
                "{}'s unused {} stack is swapped for a Fallen chit",
                owner.name(),
                normal.name()
            ));
        }
        s.supply = fallen;
    }
}

/// Free: the owner retook its city; an unused Fallen chit becomes this month's stack.
pub fn free(state: &mut State, data: &Data, owner: Side, city: Terrain, log: &mut Log) {
    let Some((normal, fallen)) = city_supply(city) else { return };
    let value = card_value(state, data, owner, normal);
    let turn = state.current.clone();
    let camp = state.camp_mut(owner);
    if let Some((i, s)) = camp.stacks.iter_mut().enumerate().find(|(_, s)| s.supply == fallen) {
        if in_use(&turn, owner, i) {
            // A Fallen chit in use stays as it is this turn (ruling 9).
            return;
        }
        s.supply = normal;
        if !s.used {
            s.chits = value;
            log.say(format!(
                "{}'s unused Fallen chit is replaced by {value} {} chits",
                owner.name(),
                normal.name()
            ));
        }
    }
}
