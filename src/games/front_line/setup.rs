//! Setup: the sealed placement of both sides (a recommended set-up or the player's
//! own squares), the supply cards, the die for who decides the first player, and
//! September's supply.

use std::collections::BTreeSet;

use super::attack::Kind;
use super::data::{Data, Side, Square, Terrain};
use super::log::Log;
use super::script::SetupLine;
use super::state::{Camp, Edge, Options, Place, Players, Stage, State, Turn, Unit};
use crate::engine::roll::Roll;

/// The card both sides use unless `supply=choose` (Setup: "1st game: both players use
/// Balanced Industry").
pub const DEFAULT_CARD: &str = "Balanced Industry";

/// The unit mix a side (Components): 11 Infantry, 6 Tanks, 3 Artillery; 9, 4 and 2 of
/// them placed, the rest in reserve (Setup).
pub const MIX: [(Kind, usize, usize); 3] =
    [(Kind::Infantry, 11, 9), (Kind::Tank, 6, 4), (Kind::Artillery, 3, 2)];

pub fn new_state(players: Players, options: Options) -> State {
    let mut units = Vec::new();
    for side in [Side::Red, Side::Green] {
        for (kind, total, _) in MIX {
            for n in 1..=total {
                units.push(Unit {
                    id: format!("{}{}{n}", side.letter(), kind.letter()),
                    side,
                    kind,
                    place: Place::Reserve,
                    disrupted: false,
                });
            }
        }
    }
    State {
        options,
        players,
        stage: Stage::Setup,
        month: 0,
        turn: 1,
        first: Side::Red,
        units,
        fallen: Vec::new(),
        red: Camp::new(DEFAULT_CARD),
        green: Camp::new(DEFAULT_CARD),
        edge: Edge::default(),
        current: Turn::default(),
        over: None,
        winner: None,
    }
}

/// The squares a side's set-up lines place, by kind; checked: the side's own country,
/// land, one unit a square, 9 Infantry, 4 Tanks and 2 Artillery.
pub fn placement(
    data: &Data,
    state: &State,
    side: Side,
    lines: &[SetupLine],
) -> Result<Vec<(Kind, Vec<Square>)>, String> {
    let mut named: Option<String> = None;
    let mut own: Vec<(Kind, Vec<Square>)> = Vec::new();
    for l in lines {
        match l {
            SetupLine::Recommended(n) => named = Some(n.clone()),
            SetupLine::Place(k, list) => own.push((*k, list.clone())),
            _ => {}
        }
    }
    if named.is_some() && !own.is_empty() {
        return Err("give a recommended SETUP or your own INFANTRY/TANK/ARTILLERY lines, not both".into());
    }
    let chosen = if own.is_empty() {
        let name = named.unwrap_or_else(|| "1".into());
        let card =
            data.setups.iter().find(|s| s.side == side && s.name.eq_ignore_ascii_case(&name)).ok_or_else(
                || {
                    let names: Vec<&str> =
                        data.setups.iter().filter(|s| s.side == side).map(|s| s.name.as_str()).collect();
                    format!("there is no recommended set-up '{name}' (yours: {})", names.join(", "))
                },
            )?;
        let sq = |l: &[String]| l.iter().filter_map(|w| Square::parse(w)).collect::<Vec<_>>();
        vec![
            (Kind::Infantry, sq(&card.infantry)),
            (Kind::Tank, sq(&card.tank)),
            (Kind::Artillery, sq(&card.artillery)),
        ]
    } else {
        own
    };
    let board = super::board(data, state);
    let mut seen = BTreeSet::new();
    for (kind, _, placed) in MIX {
        let n: usize = chosen.iter().filter(|(k, _)| *k == kind).map(|(_, l)| l.len()).sum();
        if n != placed {
            return Err(format!(
                "place {placed} {} units, not {n} (INFANTRY <9 squares>, TANK <4 squares>, ARTILLERY <2 squares>)",
                kind.name()
            ));
        }
    }
    for sq in chosen.iter().flat_map(|(_, l)| l) {
        if sq.country() != Some(side) {
            return Err(format!(
                "{sq} is not in your country ({})",
                if side == Side::Red { "A-C" } else { "H-J" }
            ));
        }
        if board.at(*sq) == Terrain::Water {
            return Err(format!("{sq} is water"));
        }
        if !seen.insert(*sq) {
            return Err(format!("{sq} is given twice: one unit a square"));
        }
    }
    Ok(chosen)
}

/// Puts a side's units on their squares, in id order: RI1 on the first Infantry square.
pub fn place(state: &mut State, side: Side, chosen: &[(Kind, Vec<Square>)]) {
    for (kind, _, _) in MIX {
        let squares: Vec<Square> =
            chosen.iter().filter(|(k, _)| *k == kind).flat_map(|(_, l)| l.clone()).collect();
        let mut ids = state.units.iter_mut().filter(|u| u.side == side && u.kind == kind);
        for sq in squares {
            if let Some(u) = ids.next() {
                u.place = Place::Board(sq);
            }
        }
    }
}

/// The first-player die (1-3 Red decides, 4-6 Green) and the decider's `FIRST`.
pub fn first_player(state: &mut State, dice: &mut dyn Roll, log: &mut Log) {
    let die = dice.d6("first-player die".into());
    let decider = if die <= 3 { Side::Red } else { Side::Green };
    let me = state.camp(decider).first.as_deref() != Some("YOU");
    state.first = if me { decider } else { decider.other() };
    log.say(format!(
        "first-player die: {die}: {} decides, and {} goes first",
        decider.name(),
        state.first.name()
    ));
    state.red.first = None;
    state.green.first = None;
}
