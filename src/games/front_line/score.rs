//! Occupation Points and the end of the game (OP, OP Check List, Game Ends): counted
//! after December's sixth turn; a tie goes to the side with more units on the board,
//! and is a draw if those are equal too.

use super::data::{Data, Side, Terrain};
use super::log::Log;
use super::state::{Leadership, State};

/// A side's OP now, with the items that make it.
pub fn op(state: &State, data: &Data, side: Side) -> (u32, Vec<String>) {
    let board = super::board(data, state);
    let enemy = side.other();
    let mut items = Vec::new();
    let mut total = 0;
    for u in state.units.iter().filter(|u| u.side == side) {
        let Some(sq) = u.square() else { continue };
        if board.purple.contains(&sq) {
            total += 1;
            items.push(format!("{} on purple {sq}: 1", u.id));
        } else if sq.country() == Some(enemy) && !board.at(sq).is_city() {
            total += 1;
            items.push(format!("{} in {}'s country at {sq}: 1", u.id, enemy.name()));
        }
    }
    for (t, points) in [(Terrain::AirBase, 2), (Terrain::Industry, 3)] {
        if let Some(sq) = State::city_of(board, enemy, t)
            && state.fallen.contains(&sq)
        {
            total += points;
            items.push(format!("{}'s {} {sq} Fallen: {points}", enemy.name(), t.name()));
        }
    }
    if state.camp(side).leadership == Leadership::Available {
        total += 1;
        items.push("Leadership Available: 1".into());
    }
    (total, items)
}

pub fn units_on_board(state: &State, side: Side) -> usize {
    state.units.iter().filter(|u| u.side == side && u.square().is_some()).count()
}

/// After December: OP, then units, else a draw.
pub fn end(state: &mut State, data: &Data, log: &mut Log) {
    let (r, ri) = op(state, data, Side::Red);
    let (g, gi) = op(state, data, Side::Green);
    log.say(format!("December is over. Red {r} OP ({}); Green {g} OP ({})", list(&ri), list(&gi)));
    let (ur, ug) = (units_on_board(state, Side::Red), units_on_board(state, Side::Green));
    let winner = if r != g {
        Some(if r > g { Side::Red } else { Side::Green })
    } else if ur != ug {
        log.say(format!("OP tied: Red has {ur} units on the board, Green {ug}"));
        Some(if ur > ug { Side::Red } else { Side::Green })
    } else {
        None
    };
    state.winner = winner;
    state.over = Some(match winner {
        Some(w) if r != g => format!("{} wins on OP: Red {r}, Green {g}", w.name()),
        Some(w) => {
            format!("{} wins on units after an OP tie ({r} each): Red {ur} units, Green {ug}", w.name())
        }
        None => format!("a draw: Red {r} OP, Green {g} OP, {ur} units each. Peace In Our Time!"),
    });
}

fn list(items: &[String]) -> String {
    if items.is_empty() { "none".into() } else { items.join("; ") }
}
