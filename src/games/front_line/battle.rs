//! An attack from declaration to its last consequence (Attack, City Only, Resolving
//! Die Rolls, Displacement, Fall/Free, the Edge): the dice, the table, an Edge
//! re-roll, the finalized result moving the Edge, a Rout's Retreat or Hold, the
//! attacker's Displacement, a city entered, and a Rally's reward.

use super::attack::{self, Attack, Kind, Take};
use super::data::{Data, Outcome, Side, Square, Terrain};
use super::edge;
use super::log::Log;
use super::policy;
use super::script::{Reward, RoutChoice, outcome_word};
use super::state::{Place, State, Unit};
use crate::engine::roll::Roll;

/// What the attacker wrote (or the defaults for an Opportunity Fire).
#[derive(Clone, Debug)]
pub struct Orders {
    pub take: Take,
    pub edge_if: Option<Vec<Outcome>>,
    pub retreat: Vec<Square>,
    pub displace: Option<bool>,
    /// The defender Rallied before the dice.
    pub rallied: bool,
}

impl Orders {
    pub fn defaults() -> Orders {
        Orders { take: Take::Best, edge_if: None, retreat: Vec::new(), displace: None, rallied: false }
    }
}

/// What is attacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Unit(String),
    /// An empty Unfriendly City, next to the attacker.
    City,
}

/// The attack is legal: the attacker active, the target an enemy unit within its
/// range or an empty Unfriendly City next to it.
pub fn check(state: &State, data: &Data, side: Side, attacker: &str, at: Square) -> Result<Target, String> {
    let a = state.unit(attacker).ok_or_else(|| format!("{attacker} is not a unit"))?;
    if a.side != side {
        return Err(format!("{attacker} is not yours"));
    }
    let from = match (a.place, a.disrupted) {
        (Place::Board(s), false) => s,
        (Place::Board(_), true) => return Err(format!("{attacker} is disrupted")),
        _ => return Err(format!("{attacker} is not on the board")),
    };
    let board = super::board(data, state);
    match state.at(at) {
        Some(t) if t.side != side => {
            let d = from.distance(at);
            if d > a.kind.range() {
                return Err(format!(
                    "{at} is {d} squares from {attacker}, beyond its range {}",
                    a.kind.range()
                ));
            }
            Ok(Target::Unit(t.id.clone()))
        }
        Some(_) => Err(format!("{at} holds your own unit")),
        None if state.unfriendly_city(board, at, side) => {
            if from.distance(at) != 1 {
                return Err(format!(
                    "an empty city is attacked only from next to it (EX3); {attacker} is not"
                ));
            }
            Ok(Target::City)
        }
        None => Err(format!("{at} holds no enemy unit and is not an Unfriendly City")),
    }
}

/// Rolls the white die, and the yellow when `two`.
fn roll(dice: &mut dyn Roll, label: &str, two: bool, again: bool) -> (u8, u8) {
    let suffix = if again { " re-roll (Edge)" } else { "" };
    let w = dice.d6(format!("{label} white{suffix}")) as u8;
    let y = if two { dice.d6(format!("{label} yellow{suffix}")) as u8 } else { 0 };
    (w, y)
}

/// A unit entering a city: Fall, Free, or the Capital won.
pub fn enter_city(state: &mut State, data: &Data, id: &str, sq: Square, log: &mut Log) {
    let board = super::board(data, state);
    let terrain = board.at(sq);
    let (Some(owner), Some(side)) = (state.city_owner(board, sq), state.unit(id).map(|u| u.side)) else {
        return;
    };
    if side != owner {
        if terrain == Terrain::Capital {
            state.over = Some(format!("{} wins: {id} occupies {}'s Capital {sq}", side.name(), owner.name()));
            state.winner = Some(side);
            log.say(format!(
                "{id} enters {}'s Capital {sq}: {} wins the game at once",
                owner.name(),
                side.name()
            ));
            return;
        }
        if !state.fallen.contains(&sq) {
            state.fallen.push(sq);
            state.fallen.sort();
            log.say(format!(
                "{id} enters {sq}: {}'s {} Falls (Fallen City marker)",
                owner.name(),
                terrain.name()
            ));
            super::supply::fall(state, owner, terrain, log);
        }
    } else if state.fallen.contains(&sq) {
        state.fallen.retain(|s| *s != sq);
        log.say(format!("{id} enters {sq}: {}'s {} is Freed", owner.name(), terrain.name()));
        super::supply::free(state, data, owner, terrain, log);
    }
}

/// Squares a routed unit may be retreated to: empty, land, around it, not next to an
/// active unit or city unfriendly to it.
pub fn retreat_squares(state: &State, data: &Data, id: &str) -> Vec<Square> {
    let board = super::board(data, state);
    let Some(u) = state.unit(id) else { return Vec::new() };
    let Some(at) = u.square() else { return Vec::new() };
    let side = u.side;
    let mut out: Vec<Square> = at
        .around()
        .filter(|s| board.at(*s) != Terrain::Water && state.at(*s).is_none())
        .filter(|s| !state.unfriendly_city(board, *s, side))
        .filter(|s| {
            !s.around().any(|n| {
                state.unfriendly_city(board, n, side)
                    || state.at(n).is_some_and(|o| o.side != side && o.active())
            })
        })
        .collect();
    out.sort_by_key(|s| s.to_string());
    out
}

/// Where the attacker retreats the unit: the first legal square it named, else the
/// legal square farthest from the attacker's Capital, ties by name.
fn retreat_to(state: &State, data: &Data, attacker: Side, id: &str, named: &[Square]) -> Option<Square> {
    let legal = retreat_squares(state, data, id);
    if let Some(s) = named.iter().find(|s| legal.contains(s)) {
        return Some(*s);
    }
    let board = super::board(data, state);
    let capital = State::city_of(board, attacker, Terrain::Capital)?;
    let far = legal.iter().map(|s| s.distance(capital)).max()?;
    legal.into_iter().find(|s| s.distance(capital) == far)
}

/// How an attack ended, for the turn that made it.
#[derive(Debug, Default)]
pub struct Ended {
    pub result: Option<Outcome>,
}

/// What the table needs of `a` on `from` attacking `t` on `at`.
#[allow(clippy::too_many_arguments)]
pub fn spec(
    state: &State,
    data: &Data,
    a: &Unit,
    from: Square,
    t: &Unit,
    at: Square,
    take: Take,
    rallied: bool,
) -> Attack {
    let board = super::board(data, state);
    Attack {
        attacker: a.kind,
        attacker_height: board.at(from).height(),
        target: t.kind,
        target_height: board.at(at).height(),
        target_terrain: board.at(at),
        target_disrupted: t.disrupted,
        range: from.distance(at),
        take: if a.kind == Kind::Tank { take } else { Take::Best },
        rallied,
    }
}

/// Runs an attack by `attacker` on `at` (checked legal) with a Rally decided.
pub fn attack(
    state: &mut State,
    data: &Data,
    attacker: &str,
    at: Square,
    orders: &Orders,
    dice: &mut dyn Roll,
    log: &mut Log,
) -> Ended {
    let rallied = orders.rallied;
    let Some(a) = state.unit(attacker).cloned() else { return Ended::default() };
    let Some(from) = a.square() else { return Ended::default() };
    let label = format!("{} {attacker}\u{2192}{at}", state.turn_id());
    match state.at(at).cloned() {
        None => city_attack(state, data, &a.id, a.side, at, orders, dice, &label, log),
        Some(t) => {
            let spec = spec(state, data, &a, from, &t, at, orders.take, rallied);
            let (mut w, mut y) = roll(dice, &label, spec.attacker_height > spec.target_height, false);
            let mut read = attack::resolve(&data.attack, &spec, w, y);
            log.say(describe(data, &a.id, &t.id, at, &spec, (w, y), &read));
            if edge::wants(state, a.side, orders, read.result) {
                edge::spend(state, log);
                (w, y) = roll(dice, &label, spec.attacker_height > spec.target_height, true);
                read = attack::resolve(&data.attack, &spec, w, y);
                log.say(describe(data, &a.id, &t.id, at, &spec, (w, y), &read));
            }
            edge::finalized(state, read.face, a.side, log);
            apply(state, data, &a.id, &t.id, at, from, orders, &read, dice, log);
            Ended { result: Some(read.result) }
        }
    }
}

fn describe(
    data: &Data,
    a: &str,
    t: &str,
    at: Square,
    spec: &Attack,
    (w, y): (u8, u8),
    read: &attack::Read,
) -> String {
    let dice = if spec.attacker_height > spec.target_height {
        format!("white {w}, yellow {y}")
    } else {
        format!("white {w}")
    };
    let icon = icon_of(data, read.face).map(|i| format!(" ({i} icon)")).unwrap_or_default();
    let cell = if read.yellow_column {
        format!("Advantage column, face {}{icon}", read.face)
    } else {
        format!("range {} column, face {}{icon}", read.column, read.face)
    };
    let mut s = format!(
        "{a} attacks {t} at {at} (range {}{}): {dice}; {cell}: {}",
        spec.range,
        if spec.rallied { ", Rallied" } else { "" },
        outcome_word(read.raw)
    );
    for why in &read.why {
        s.push_str(&format!("; {why}"));
    }
    s.push_str(&format!(" \u{2192} {}", outcome_word(read.result)));
    s
}

/// The icon a face's result carries, if any (City Defense and Dug In read it).
fn icon_of(data: &Data, face: u8) -> Option<&'static str> {
    [("capital", "Capital"), ("air-base", "Air Base"), ("industry", "Industry"), ("soldier", "Soldier")]
        .into_iter()
        .find(|(k, _)| data.attack.icons.get(*k) == Some(&face))
        .map(|(_, name)| name)
}

#[allow(clippy::too_many_arguments)]
fn city_attack(
    state: &mut State,
    data: &Data,
    a: &str,
    side: Side,
    at: Square,
    orders: &Orders,
    dice: &mut dyn Roll,
    label: &str,
    log: &mut Log,
) -> Ended {
    let die = |dice: &mut dyn Roll, again: bool| {
        dice.d6(format!("{label} city die{}", if again { " re-roll (Edge)" } else { "" })) as u8
    };
    let verdict = |f: u8| if f <= 4 { Outcome::Blitz } else { Outcome::Miss };
    let mut face = die(dice, false);
    log.say(format!(
        "{a} attacks the empty city {at}: die {face}: {}",
        if face <= 4 { "taken" } else { "a miss" }
    ));
    if edge::wants(state, side, orders, verdict(face)) {
        edge::spend(state, log);
        face = die(dice, true);
        log.say(format!(
            "{a} attacks the empty city {at} again: die {face}: {}",
            if face <= 4 { "taken" } else { "a miss" }
        ));
    }
    edge::finalized(state, face, side, log);
    if face <= 4 {
        super::actions::shift(state, a, at);
        enter_city(state, data, a, at, log);
    }
    Ended { result: Some(verdict(face)) }
}

#[allow(clippy::too_many_arguments)]
fn apply(
    state: &mut State,
    data: &Data,
    a: &str,
    t: &str,
    at: Square,
    from: Square,
    orders: &Orders,
    read: &attack::Read,
    dice: &mut dyn Roll,
    log: &mut Log,
) {
    let Some(target) = state.unit(t).cloned() else { return };
    let Some(attacker_side) = state.unit(a).map(|u| u.side) else { return };
    let board = super::board(data, state);
    let in_city = board.at(at).is_city();
    let mut vacated = false;
    match read.result {
        Outcome::Blitz => {
            if let Some(u) = state.unit_mut(t) {
                u.place = Place::Gone;
            }
            log.say(format!("{t} is Blitzed and leaves the game"));
            vacated = true;
        }
        Outcome::Disrupt => {
            if let Some(u) = state.unit_mut(t) {
                u.disrupted = true;
            }
            log.say(format!("{t} is disrupted"));
        }
        Outcome::Rout => {
            let choice = policy::rout(state, target.side);
            let hold = match choice {
                RoutChoice::Hold => true,
                RoutChoice::Retreat => false,
                RoutChoice::HoldInCity => in_city,
            };
            let square = if hold { None } else { retreat_to(state, data, attacker_side, t, &orders.retreat) };
            match square {
                Some(sq) => {
                    super::actions::shift(state, t, sq);
                    log.say(format!("{t} Routs and Retreats: {} shifts it to {sq}", attacker_side.name()));
                    vacated = true;
                }
                None => {
                    if let Some(u) = state.unit_mut(t) {
                        u.disrupted = true;
                    }
                    log.say(if hold {
                        format!("{t} Routs and Holds: it is disrupted")
                    } else {
                        format!("{t} Routs with no safe square to retreat to: it is disrupted")
                    });
                }
            }
        }
        Outcome::Miss | Outcome::Adv => {
            if read.unadjusted_miss && state.current.rallied_target.as_deref() == Some(t) {
                reward(state, data, t, a, dice, log);
            }
        }
    }
    state.current.rallied_target = None;
    if vacated && from.distance(at) == 1 && state.at(at).is_none() {
        let must = in_city;
        if must || orders.displace == Some(true) {
            super::actions::shift(state, a, at);
            log.say(format!("{a} is displaced onto {at}{}", if must { " (compulsory: a city)" } else { "" }));
            if in_city {
                enter_city(state, data, a, at, log);
            }
        }
    }
}

/// A Rallied target the attack missed: a disrupted one regroups; an active one may
/// Maneuver or fire back for free (its side's `REWARD` line; default: fire if the
/// attacker is in range).
fn reward(state: &mut State, data: &Data, t: &str, a: &str, dice: &mut dyn Roll, log: &mut Log) {
    let Some(target) = state.unit(t).cloned() else { return };
    if target.disrupted {
        if let Some(u) = state.unit_mut(t) {
            u.disrupted = false;
        }
        log.say(format!("the Rally's reward: {t} regroups at once"));
        return;
    }
    let in_range = match (target.square(), state.unit(a).and_then(|u| u.square())) {
        (Some(x), Some(y)) => x.distance(y) <= target.kind.range(),
        _ => false,
    };
    match policy::reward(state, target.side) {
        Some(Reward::Nothing) => {}
        Some(Reward::Maneuver(sq))
            if super::actions::maneuver_ok(state, data, target.side, t, sq).is_ok() =>
        {
            super::actions::shift(state, t, sq);
            log.say(format!("the Rally's reward: {t} Maneuvers to {sq}"));
        }
        Some(Reward::Fire) | None if in_range => {
            let Some(to) = state.unit(a).and_then(|u| u.square()) else { return };
            log.say(format!("the Rally's reward: {t} fires back at {a} (Opportunity Fire, free)"));
            attack(state, data, t, to, &Orders::defaults(), dice, log);
        }
        _ => {}
    }
}
