//! 15.0 Attrition Phase (even turns): half (rounded up) of the Government police
//! and DSE fronts in each Region the enemy controls lose one level, the second
//! player first.

use super::control::controller;
use super::crt::half_of;
use super::results::{change_level, loss_order};
use super::state::{Log, Side, State};

/// The unit kinds subject to attrition (15.0).
pub fn subject(side: Side) -> &'static str {
    match side {
        Side::Government => "police",
        Side::Dse => "front",
    }
}

pub fn due(turn: u32) -> bool {
    turn.is_multiple_of(2)
}

pub fn resolve(state: &mut State, log: &mut Log) {
    log.say(format!("Turn {}: Attrition Phase (15.0)", state.turn));
    let order = [state.first.other(), state.first];
    for side in order {
        let codes: Vec<String> = state.rules.map.regions.keys().cloned().collect();
        for code in codes {
            if controller(state, &code) != Some(side.other()) {
                continue;
            }
            let ids: Vec<String> = state
                .units_in(&code)
                .filter(|u| u.side == side && u.kind == subject(side))
                .map(|u| u.id.clone())
                .collect();
            if ids.is_empty() {
                continue;
            }
            let n = half_of(ids.len());
            let (chosen, by_default) = loss_order(state, side, &ids, false);
            let lines: Vec<String> = chosen.iter().take(n).map(|id| change_level(state, id, -1)).collect();
            log.say(format!(
                "15.1 {} attrition in {code} ({n} of {}): {}{}",
                side.name(),
                ids.len(),
                lines.join("; "),
                if by_default && n < ids.len() {
                    " (LOSSES not given: default, highest level first)"
                } else {
                    ""
                }
            ));
        }
    }
}
