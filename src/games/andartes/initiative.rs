//! 8.0 Initiative Phase: the player with the higher Political Index (the DSE on a
//! tie) chooses who goes first, by his INITIATIVE standing order.

use super::standing::InitiativeChoice;
use super::state::{Log, Roller, Side, Stage, State};

/// Who chooses this turn's order of play.
pub fn chooser(state: &State) -> Side {
    if state.pi.government > state.pi.dse { Side::Government } else { Side::Dse }
}

/// Resolves the Initiative Phase: any due Politics Table roll (16.3), then the
/// first player.
pub fn resolve(state: &mut State, roller: &mut Roller, log: &mut Log) {
    state.conflicts.clear();
    log.say(format!("Turn {}: Initiative Phase (8.0)", state.turn));
    if state.turn >= state.politics.next_roll {
        log.say("16.3: the Politics Table is due again".to_string());
        super::politics::roll(state, roller, log);
    }
    let who = chooser(state);
    let choice = state.standing.get(who).initiative;
    let first = match choice {
        Some(InitiativeChoice::Second) => who.other(),
        _ => who,
    };
    state.first = first;
    log.say(format!(
        "{} (PI {} vs {}{}) chooses: {} goes first{}",
        who.name(),
        state.pi.get(who),
        state.pi.get(who.other()),
        if state.pi.government == state.pi.dse { ", a tie goes to the DSE" } else { "" },
        first.name(),
        if choice.is_none() { " (standing order INITIATIVE not given: default FIRST)" } else { "" }
    ));
    state.stage = Stage::PlayerTurn { second: false };
}
