//! Regular actions, Missions and Tasks other than attacks: what makes each legal and
//! what it does (Actions & Tasks, Regular Actions In Full, Missions, Leadership). Each
//! check returns the reason a line is skipped, in the player's words.

use super::attack::Kind;
use super::data::{Data, Side, Square, Terrain};
use super::movement;
use super::state::{Leadership, Place, State, Supply, Unit};

/// What an action costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// One chit of any type, a Fallen chit included.
    Regular,
    /// `n` chits of this type (never a Fallen chit).
    Mission(Supply, u8),
}

/// Regular actions a unit may not repeat in a turn.
pub const REGULAR: &[&str] = &["MOVE", "AMPHIB", "ATTACK"];

/// Two actions a unit per turn, and never the same Regular action twice.
pub fn may_act(state: &State, unit: &str, action: &str) -> Result<(), String> {
    let done = state.current.actions.get(unit).map(Vec::as_slice).unwrap_or(&[]);
    if done.len() >= 2 {
        return Err(format!("{unit} has done two actions this turn"));
    }
    if REGULAR.contains(&action) && done.iter().any(|a| a == action) {
        return Err(format!("{unit} has already done {action} this turn"));
    }
    Ok(())
}

pub fn record(state: &mut State, unit: &str, action: &str) {
    state.current.actions.entry(unit.to_string()).or_default().push(action.to_string());
}

/// The stack a line would use when none is chosen yet: the mission's type; for a
/// Regular action the largest stack, ties Capital, Industry, Air, a Fallen chit last.
pub fn default_stack(state: &State, side: Side, need: Need) -> Option<usize> {
    let camp = state.camp(side);
    match need {
        Need::Mission(t, _) => camp.available().find(|(_, s)| s.supply == t).map(|(i, _)| i),
        Need::Regular => camp
            .available()
            .max_by_key(|(_, s)| {
                let order = match s.supply {
                    Supply::Capital => 3,
                    Supply::Industry => 2,
                    Supply::Air => 1,
                    _ => 0,
                };
                (!s.supply.fallen(), s.chits, order)
            })
            .map(|(i, _)| i),
    }
}

/// Whether the stack in use can pay.
pub fn can_pay(state: &State, side: Side, need: Need) -> Result<(), String> {
    let Some(i) = state.current.stack else { return Err("no supply stack is chosen".into()) };
    let Some(s) = state.camp(side).stacks.get(i) else { return Err("no supply stack is chosen".into()) };
    match need {
        Need::Regular if s.chits >= 1 => Ok(()),
        Need::Regular => Err(format!("the {} supply is used up", s.supply.name())),
        Need::Mission(t, _) if s.supply != t => {
            Err(format!("this needs {} supply; the turn's supply is {}", t.name(), s.supply.name()))
        }
        Need::Mission(_, n) if s.chits < n => {
            Err(format!("this needs {n} {} chits; {} left", s.supply.name(), s.chits))
        }
        Need::Mission(..) => Ok(()),
    }
}

pub fn pay(state: &mut State, side: Side, need: Need) {
    let n = match need {
        Need::Regular => 1,
        Need::Mission(_, n) => n,
    };
    if let Some(i) = state.current.stack
        && let Some(s) = state.camp_mut(side).stacks.get_mut(i)
    {
        s.chits = s.chits.saturating_sub(n);
    }
}

fn unit<'a>(state: &'a State, id: &str) -> Result<&'a Unit, String> {
    state.unit(id).ok_or_else(|| format!("{id} is not a unit"))
}

fn active_on_board(u: &Unit) -> Result<Square, String> {
    match (u.place, u.disrupted) {
        (Place::Board(_), true) => Err(format!("{} is disrupted (REGROUP it first)", u.id)),
        (Place::Board(s), false) => Ok(s),
        (Place::Reserve, _) => Err(format!("{} is in the reserve (BUILD it first)", u.id)),
        (Place::Gone, _) => Err(format!("{} has been Blitzed", u.id)),
    }
}

/// Move (by land): a path of one or two squares (three through Desert). A single
/// far square is reached by the first legal path, tried in order.
pub fn move_path(
    state: &State,
    data: &Data,
    side: Side,
    id: &str,
    path: &[Square],
) -> Result<Vec<Square>, String> {
    let u = unit(state, id)?;
    let from = active_on_board(u)?;
    let board = super::board(data, state);
    let units: movement::Units =
        state.units.iter().filter_map(|u| u.square().map(|s| (s, (u.side, u.kind)))).collect();
    let friendly = |sq: Square| state.friendly_city(board, sq, side);
    let found = route(board, &units, side, u.kind, from, path, &friendly);
    if state.options.revision >= 2 {
        found.map_err(|e| movement::why_not(board, &units, side, id, u.kind, from, path, e))
    } else {
        found
    }
}

/// The squares a move enters: `path` as written, or for one far square the first
/// legal route to it through the squares around.
pub fn route(
    board: &super::data::Battlefield,
    units: &movement::Units,
    side: Side,
    kind: Kind,
    from: Square,
    path: &[Square],
    friendly: &dyn Fn(Square) -> bool,
) -> Result<Vec<Square>, String> {
    let check = |p: &[Square]| movement::check(board, units, side, kind, from, p, friendly);
    match check(path) {
        Ok(()) => Ok(path.to_vec()),
        Err(e) if path.len() == 1 && path[0].distance(from) > 1 => {
            // One far square: look for a route through the squares around.
            let to = path[0];
            for a in from.around() {
                if check(&[a, to]).is_ok() {
                    return Ok(vec![a, to]);
                }
                for b in a.around() {
                    if check(&[a, b, to]).is_ok() {
                        return Ok(vec![a, b, to]);
                    }
                }
            }
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// Amphibious Move: from any Port to an empty Beach or Port.
pub fn amphib_ok(state: &State, data: &Data, id: &str, to: Square) -> Result<(), String> {
    let u = unit(state, id)?;
    let from = active_on_board(u)?;
    let board = super::board(data, state);
    if board.at(from) != Terrain::Port {
        return Err(format!("{id} is not on a Port"));
    }
    if !matches!(board.at(to), Terrain::Beach | Terrain::Port) || state.at(to).is_some() || to == from {
        return Err(format!("{to} is not an empty Beach or Port"));
    }
    Ok(())
}

/// Build: a reserve unit onto the side's empty Industry; 2 Industry for Infantry or
/// Artillery, 3 for a Tank.
pub fn build_ok(state: &State, data: &Data, side: Side, id: &str) -> Result<(Square, u8), String> {
    let u = unit(state, id)?;
    if u.place != Place::Reserve {
        return Err(format!("{id} is not in the reserve"));
    }
    let board = super::board(data, state);
    let sq = State::city_of(board, side, Terrain::Industry).ok_or("your country has no Industry")?;
    if state.fallen.contains(&sq) {
        return Err(format!("your Industry {sq} has fallen"));
    }
    if state.at(sq).is_some() {
        return Err(format!("your Industry {sq} is not empty"));
    }
    Ok((sq, if u.kind == Kind::Tank { 3 } else { 2 }))
}

/// Squares between, counted over dry land only (Lake Nogo: "may not count water").
pub fn land_distance(state: &State, data: &Data, from: Square, to: Square, most: u8) -> Option<u8> {
    let board = super::board(data, state);
    let mut frontier = vec![from];
    let mut seen = vec![from];
    for d in 1..=most {
        let mut next = Vec::new();
        for s in &frontier {
            for n in s.around() {
                if board.at(n) == Terrain::Water || seen.contains(&n) {
                    continue;
                }
                if n == to {
                    return Some(d);
                }
                seen.push(n);
                next.push(n);
            }
        }
        frontier = next;
    }
    None
}

/// Paratroop: an active Infantry on any Air Base to an empty non-city square one or
/// two squares from a friendly active unit or city.
pub fn para_ok(state: &State, data: &Data, side: Side, id: &str, to: Square) -> Result<(), String> {
    let u = unit(state, id)?;
    let from = active_on_board(u)?;
    let board = super::board(data, state);
    if u.kind != Kind::Infantry {
        return Err("only Infantry drop by Paratroop".into());
    }
    if board.at(from) != Terrain::AirBase {
        return Err(format!("{id} is not on an Air Base"));
    }
    if board.at(to).is_city() || board.at(to) == Terrain::Water || state.at(to).is_some() {
        return Err(format!("{to} is not an empty land square outside the cities"));
    }
    let anchors = state
        .units
        .iter()
        .filter(|o| o.side == side && o.active() && o.id != u.id)
        .filter_map(|o| o.square())
        .chain(super::data::Battlefield::squares().filter(|s| state.friendly_city(board, *s, side)));
    let near = anchors.into_iter().any(|a| land_distance(state, data, a, to, 2).is_some());
    if !near {
        return Err(format!(
            "{to} is not one or two squares (over land) from a friendly active unit or city"
        ));
    }
    Ok(())
}

pub fn regroup_ok(state: &State, id: &str) -> Result<(), String> {
    let u = unit(state, id)?;
    if u.square().is_none() || !u.disrupted {
        return Err(format!("{id} is not a disrupted unit on the board"));
    }
    Ok(())
}

/// Maneuver: an active unit to an empty square around it (diagonals too), not an
/// unoccupied Unfriendly City, not water.
pub fn maneuver_ok(state: &State, data: &Data, side: Side, id: &str, to: Square) -> Result<(), String> {
    let u = unit(state, id)?;
    if u.side != side {
        return Err(format!("{id} is not yours"));
    }
    let from = active_on_board(u)?;
    let board = super::board(data, state);
    if from.distance(to) != 1 {
        return Err(format!("{to} is not next to {id}"));
    }
    if state.at(to).is_some() || board.at(to) == Terrain::Water {
        return Err(format!("{to} is not an empty land square"));
    }
    if state.unfriendly_city(board, to, side) {
        return Err(format!("{to} is an Unfriendly City (EX8)"));
    }
    Ok(())
}

/// Relieve: two of the side's units side by side (diagonals too), one at least active.
pub fn relieve_ok(state: &State, side: Side, a: &str, b: &str) -> Result<(), String> {
    let (ua, ub) = (unit(state, a)?, unit(state, b)?);
    if ua.side != side || ub.side != side || ua.id == ub.id {
        return Err("two of your own units".into());
    }
    match (ua.square(), ub.square()) {
        (Some(x), Some(y)) if x.distance(y) == 1 => {}
        _ => return Err(format!("{a} and {b} are not next to each other")),
    }
    if ua.disrupted && ub.disrupted {
        return Err("one of the two must be active".into());
    }
    Ok(())
}

pub fn relieve(state: &mut State, a: &str, b: &str) {
    let pa = state.unit(a).map(|u| u.place);
    let pb = state.unit(b).map(|u| u.place);
    if let (Some(pa), Some(pb)) = (pa, pb) {
        if let Some(u) = state.unit_mut(a) {
            u.place = pb;
        }
        if let Some(u) = state.unit_mut(b) {
            u.place = pa;
        }
    }
}

pub fn shift(state: &mut State, id: &str, to: Square) {
    if let Some(u) = state.unit_mut(id) {
        u.place = Place::Board(to);
    }
}

/// Leadership is Available for a Task.
pub fn leader_ready(state: &State, side: Side) -> Result<(), String> {
    match state.camp(side).leadership {
        Leadership::Available => Ok(()),
        Leadership::Exhausted => Err("your Leadership is Exhausted".into()),
        Leadership::Commissioned => {
            Err("your Leadership is commissioned and ready only at the end of the turn".into())
        }
    }
}

pub fn exhaust(state: &mut State, side: Side) {
    state.camp_mut(side).leadership = Leadership::Exhausted;
}
