//! Rule 3, how the game ends: 23 centres at an adjustment (a), the most conventional
//! units after the December 1918 adjustments (b), or an agreed end (c): a DRAW or a
//! CONCEDE <power> voted by every power still in the game in the same move.
//!
//! Votes are secret: each voter's own report shows its vote; the public hears of the
//! vote only when it passes.

use std::collections::BTreeMap;

use crate::games::diplomacy::board::{Board, Ownership};
use crate::games::diplomacy::map::{Map, PowerId};

/// A proposal to end the game (rule 3c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Vote {
    /// A draw shared by every power still in the game.
    Draw,
    /// Every power concedes the game to this one.
    Concede(PowerId),
}

impl Vote {
    /// The vote as an order line, as the player may send it again.
    pub fn order(self, map: &Map) -> String {
        match self {
            Vote::Draw => "DRAW".into(),
            Vote::Concede(p) => format!("CONCEDE {}", map.power(p).id),
        }
    }

    pub fn show(self, map: &Map) -> String {
        match self {
            Vote::Draw => "vote DRAW".into(),
            Vote::Concede(p) => format!("vote CONCEDE to {}", map.power(p).name),
        }
    }
}

fn names(map: &Map, powers: &[PowerId]) -> String {
    let list: Vec<&str> = powers.iter().map(|&p| map.power(p).name.as_str()).collect();
    match list.len() {
        0 => "nobody".into(),
        1 => list[0].into(),
        n => format!("{} and {}", list[..n - 1].join(", "), list[n - 1]),
    }
}

/// The result of a unanimous vote of `voters` (the powers in the game), if it is one.
pub fn agreed(map: &Map, voters: &[PowerId], votes: &BTreeMap<PowerId, Vote>) -> Option<String> {
    let first = votes.get(voters.first()?)?;
    if !voters.iter().all(|p| votes.get(p) == Some(first)) {
        return None;
    }
    Some(match *first {
        Vote::Draw => format!("Agreed end (rule 3c): a draw shared by {}", names(map, voters)),
        Vote::Concede(p) => format!("Agreed end (rule 3c): the game is conceded to {}", map.power(p).name),
    })
}

/// Rule 3a: a power with the victory count of centres, checked at each adjustment.
pub fn centre_victory(map: &Map, ownership: &Ownership) -> Option<String> {
    let winners: Vec<PowerId> =
        (0..map.powers.len() as PowerId).filter(|&p| ownership.count(p) >= map.victory_centres).collect();
    match winners.as_slice() {
        [] => None,
        [w] => {
            Some(format!("{} wins with {} supply centres (rule 3a)", map.power(*w).name, ownership.count(*w)))
        }
        many => Some(format!(
            "{} share the victory with {} centres each (rule 3a)",
            names(map, many),
            map.victory_centres
        )),
    }
}

/// Rule 3b: after the December 1918 adjustments, the most conventional units wins;
/// powers tied for the most share the result.
pub fn unit_victory(map: &Map, board: &Board) -> String {
    let best = (0..map.powers.len() as PowerId).map(|p| board.count(p)).max().unwrap_or(0);
    let top: Vec<PowerId> = (0..map.powers.len() as PowerId).filter(|&p| board.count(p) == best).collect();
    if top.len() == 1 {
        format!(
            "{} wins with the most units, {best}, after the December 1918 adjustments (rule 3b)",
            names(map, &top)
        )
    } else {
        format!(
            "{} share the result with {best} units each after the December 1918 adjustments (rule 3b)",
            names(map, &top)
        )
    }
}
