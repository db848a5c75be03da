//! The Edge (The Edge; Setup "Edge Off"; ruling 3 and 10): who holds the token and
//! whether it is ON, a holder's wish to re-roll, spending it, where a finalized 1 or 6
//! sends it, and when a held OFF token turns ON.

use super::battle::Orders;
use super::data::{Outcome, Side};
use super::log::Log;
use super::policy;
use super::state::{EdgeReady, State};

/// The Edge holder's wish to re-roll `result`.
pub fn wants(state: &State, attacker: Side, orders: &Orders, result: Outcome) -> bool {
    let Some(holder) = state.edge.holder.filter(|_| state.edge.on) else { return false };
    // The attacker re-rolls what its line's EDGE IF names (a Miss by default); the
    // defender what its standing EDGE WHEN names (a Blitz by default).
    let list = if holder == attacker {
        orders.edge_if.clone().unwrap_or_else(|| vec![Outcome::Miss])
    } else {
        policy::edge(state, holder)
    };
    list.contains(&result)
}

pub fn spend(state: &mut State, log: &mut Log) {
    if let Some(h) = state.edge.holder {
        log.say(format!(
            "{} uses the Edge: every die is rolled again; the Edge goes to the Edge Is Off area",
            h.name()
        ));
    }
    state.edge = Default::default();
}

/// The Edge after a finalized roll: a 1 sends it to the defender, a 6 to the
/// attacker, OFF side up (ruling 3: the die that made the result).
pub fn finalized(state: &mut State, face: u8, attacker: Side, log: &mut Log) {
    let to = match face {
        1 if state.edge.holder != Some(attacker.other()) => Some(attacker.other()),
        6 if state.edge.holder != Some(attacker) => Some(attacker),
        _ => None,
    };
    if let Some(side) = to {
        let on = state.options.edge_ready == EdgeReady::AtOnce;
        state.edge = super::state::Edge { holder: Some(side), on };
        log.say(format!(
            "a finalized {face}: the Edge goes to {}, {}",
            side.name(),
            if on { "ON" } else { "OFF side up" }
        ));
    }
}

/// A turn begins: with `edge_ready=own-turn` the Edge its player holds OFF turns ON.
pub fn turn_begins(state: &mut State, side: Side, log: &mut Log) {
    if state.options.edge_ready == EdgeReady::OwnTurn && state.edge.holder == Some(side) && !state.edge.on {
        state.edge.on = true;
        log.say(format!("{}'s Edge turns ON", side.name()));
    }
}

/// A month begins: with `edge_ready=next-round` a held Edge turns ON.
pub fn month_begins(state: &mut State, log: &mut Log) {
    if state.options.edge_ready == EdgeReady::NextRound && state.edge.holder.is_some() && !state.edge.on {
        state.edge.on = true;
        log.say("a new month: the held Edge turns ON");
    }
}
