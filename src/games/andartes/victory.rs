//! 6.0 How to win: sudden death at a Political Index of zero (6.1) with the
//! victory levels, and the agreed Victory Check on a fifth turn (5.0, 6.2).

use super::state::{Log, Side, Stage, State};

/// 6.1 victory levels by the winner's Political Index.
pub fn level(points: i32) -> &'static str {
    match points {
        i32::MIN..=25 => "Draw (the civil war is over, for now)",
        26..=50 => "Marginal Victory",
        51..=75 => "Decisive Victory",
        _ => "Turning Point",
    }
}

/// 6.1: `side` has collapsed; the game ends at once.
pub fn collapse(state: &mut State, side: Side, log: &mut Log) {
    if state.over.is_some() {
        return;
    }
    let winner = side.other();
    let pts = *state.pi.get(winner);
    let text = format!(
        "{} collapses (PI {}): {} wins; victory level by its PI {pts}: {}",
        side.name(),
        state.pi.get(side),
        winner.name(),
        level(pts)
    );
    log.say(format!("6.1 {text}"));
    state.over = Some(text);
    state.stage = Stage::Over;
}

/// 6.1 after a phase scored whole: a side at zero or below collapses; if both are,
/// the lower collapses, and at the same Index both do and the war ends in a draw.
pub fn collapse_after_phase(state: &mut State, log: &mut Log) {
    let (g, d) = (state.pi.government, state.pi.dse);
    match (g <= 0, d <= 0) {
        (false, false) => {}
        (true, false) => collapse(state, Side::Government, log),
        (false, true) => collapse(state, Side::Dse, log),
        (true, true) if g < d => collapse(state, Side::Government, log),
        (true, true) if d < g => collapse(state, Side::Dse, log),
        (true, true) => {
            let text = format!("both sides collapse at the same Political Index ({g}): a draw");
            log.say(format!("6.1 {text}"));
            state.over = Some(text);
            state.stage = Stage::Over;
        }
    }
}

/// The agreed turns for the optional Victory Check (5.0).
pub const CHECK_TURNS: [u32; 6] = [5, 10, 15, 20, 25, 30];

/// 5.0 Victory Check Step at the end of `turn`.
pub fn check(state: &mut State, turn: u32, log: &mut Log) {
    if state.over.is_some() || state.options.end_turn != Some(turn) {
        return;
    }
    let (g, d) = (state.pi.government, state.pi.dse);
    let text = if g == d {
        format!("Victory Check at the end of turn {turn}: both PIs are {g}: a draw")
    } else {
        let winner = if g > d { Side::Government } else { Side::Dse };
        let pts = *state.pi.get(winner);
        format!(
            "Victory Check at the end of turn {turn}: Government {g}, DSE {d}: {} wins; victory level: {}",
            winner.name(),
            level(pts)
        )
    };
    log.say(format!("5.0 {text}"));
    state.over = Some(text);
    state.stage = Stage::Over;
}
