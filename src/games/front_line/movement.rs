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

/// Squares between for a unit of this kind: orthogonal steps for Infantry and
/// Artillery, diagonal ones too for Tanks.
pub fn steps_between(kind: Kind, from: Square, to: Square) -> u8 {
    let (dc, dr) = (from.col.abs_diff(to.col), from.row.abs_diff(to.row));
    if kind == Kind::Tank { dc.max(dr) } else { dc + dr }
}

fn kind_moves(kind: Kind) -> &'static str {
    match kind {
        Kind::Infantry => "Infantry moves",
        Kind::Tank => "a Tank moves",
        Kind::Artillery => "Artillery moves",
    }
}

/// The reason a move cannot be made, said as the player needs it (`revision=2`): its
/// start square written in, a square too far for the unit, the square it would end
/// on; else `checked`, the reason [`check`] gave for the squares as written.
#[allow(clippy::too_many_arguments)]
pub fn why_not(
    board: &Battlefield,
    units: &Units,
    side: Side,
    id: &str,
    kind: Kind,
    from: Square,
    path: &[Square],
    checked: String,
) -> String {
    let Some(&last) = path.last() else { return checked };
    if path.first() == Some(&from) {
        let rest: Vec<String> = path.iter().skip(1).map(|s| s.to_string()).collect();
        return if rest.is_empty() {
            format!("{id} stands on {from} already")
        } else {
            format!(
                "{from} is where {id} stands: write only the squares it enters (MOVE {id} {})",
                rest.join(" ")
            )
        };
    }
    if path.len() > 1 {
        return checked;
    }
    // One far square: the route was sought, so say what stops every route.
    let far = steps_between(kind, from, last);
    if far > 3 {
        return format!("{from} to {last} is {far} squares; {} 1 or 2 (3 through Desert)", kind_moves(kind));
    }
    match units.get(&last) {
        Some((s, _)) if *s == side => return format!("{last} is not empty: your own unit stands there"),
        Some(_) => return format!("{last} holds an enemy unit"),
        None => {}
    }
    if board.at(last) == Terrain::Water {
        return format!("{last} is Lake Nogo: no unit moves into it");
    }
    if checked.contains("Unfriendly City") && checked.starts_with(&last.to_string()) {
        return checked;
    }
    if far == 3 {
        return format!(
            "{from} to {last} is 3 squares; {} 1 or 2, and 3 only through Desert, which no open way to {last} crosses",
            kind_moves(kind)
        );
    }
    format!("every way from {from} to {last} is blocked (by an enemy unit, an Unfriendly City or Lake Nogo)")
}
