//! Land movement (Move; rulings 1 and 2): one or two steps, orthogonal for Infantry and
//! Artillery, diagonal too for Tanks; a third step when either of the first two
//! squares entered is Desert; through the mover's own units, never through an enemy
//! unit, an Unfriendly City or Lake Nogo; ending on an empty square that is not a city
//! unless the city is friendly.

use std::collections::BTreeMap;

use super::attack::Kind;
use super::data::{Battlefield, Side, Square, Terrain};

/// Who stands where.
pub type Units = BTreeMap<Square, (Side, Kind)>;

/// Checks a move of `side`'s `kind` from `from` along `path` (the squares entered, in
/// order); `friendly_city` says whether a city square is the mover's.
pub fn check(
    board: &Battlefield,
    units: &Units,
    side: Side,
    kind: Kind,
    from: Square,
    path: &[Square],
    friendly_city: &dyn Fn(Square) -> bool,
) -> Result<(), String> {
    let desert = path.iter().take(2).any(|s| board.at(*s) == Terrain::Desert);
    let most = if desert { 3 } else { 2 };
    if path.is_empty() || path.len() > most {
        return Err(format!("a move is 1 or 2 squares{}", if desert { " (3 through Desert)" } else { "" }));
    }
    let mut at = from;
    for (i, &next) in path.iter().enumerate() {
        let (dc, dr) = ((next.col as i8 - at.col as i8).abs(), (next.row as i8 - at.row as i8).abs());
        let step_ok = match kind {
            Kind::Tank => dc.max(dr) == 1,
            _ => dc + dr == 1,
        };
        if !step_ok {
            return Err(format!(
                "{at} to {next} is not a step for {} (orthogonal{})",
                if kind == Kind::Tank { "a Tank" } else { "Infantry or Artillery" },
                if kind == Kind::Tank { " or diagonal" } else { " only" }
            ));
        }
        if board.at(next) == Terrain::Water {
            return Err(format!("{next} is Lake Nogo: no unit moves into or through it"));
        }
        match units.get(&next) {
            Some((s, _)) if *s != side => return Err(format!("{next} holds an enemy unit")),
            Some(_) if i + 1 == path.len() => return Err(format!("{next} is not empty")),
            _ => {}
        }
        if board.at(next).is_city() && !friendly_city(next) {
            return Err(format!("{next} is an Unfriendly City (EX0)"));
        }
        at = next;
    }
    Ok(())
}
