//! Political Support Levels (2.3, 12): 0 to 99; an excess above 99 comes off the other
//! side (12.1); the first to reach 0 loses at once (12.2, ruling R24).

use super::data::Side;
use super::state::State;

/// 12.2: the scale of a victory by the winner's PSL.
pub fn level(psl: u32) -> &'static str {
    match psl {
        0..=25 => "Marginal",
        26..=50 => "Substantial",
        _ => "Decisive",
    }
}

fn level_mut(state: &mut State, side: Side) -> &mut u32 {
    match side {
        Side::Government => &mut state.government_psl,
        Side::Fln => &mut state.fln_psl,
    }
}

/// Adds `n` PSP to `side` (a negative `n` subtracts). Returns the report line. Once
/// the game is over nothing changes.
pub fn add(state: &mut State, side: Side, n: i32, why: &str) -> String {
    if state.over.is_some() || n == 0 {
        return format!("{} PSL {n:+} ({why}): no change", side.name());
    }
    let before = state.psl(side) as i32;
    let after = before + n;
    let mut line = format!("{} PSL {before} {n:+} = {}", side.name(), after.clamp(0, 99));
    if after > 99 {
        *level_mut(state, side) = 99;
        let excess = after - 99;
        line.push_str(&format!(
            " ({why}); the excess {excess} comes off the {} PSL (12.1)",
            side.other().name()
        ));
        let other = state.psl(side.other()) as i32;
        *level_mut(state, side.other()) = (other - excess).max(0) as u32;
        if other - excess <= 0 {
            end(state, side);
        }
        return line;
    }
    *level_mut(state, side) = after.max(0) as u32;
    line.push_str(&format!(" ({why})"));
    if after <= 0 {
        end(state, side.other());
    }
    line
}

/// 12.2: `winner` wins, at the level of its PSL now.
fn end(state: &mut State, winner: Side) {
    let psl = state.psl(winner);
    state.over = Some(format!(
        "the {} PSL is 0: the {} wins a {} victory (PSL {psl}, 12.2)",
        winner.other().name(),
        winner.name(),
        level(psl)
    ));
}
