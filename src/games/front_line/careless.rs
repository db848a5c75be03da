//! A careless player by mail, for `soak --careless`: the sensible bot's file with the
//! mistakes Front Line players were seen to make mixed in (a move onto an occupied
//! square or too far, the start square written in, an attack beyond range, a third
//! `WAIT`, a unit that does not exist or is the enemy's, a build of a unit already on
//! the board, the rulebook's `PARATROOP`), at the start of the file or after its first
//! lines. Each is a real id on a real square, so only the check at ingest can tell.

use rand_core::RngCore;

use super::bot;
use super::data::{Battlefield, Data, Side, Square};
use super::state::{Stage, State};

fn below(rng: &mut dyn RngCore, n: usize) -> usize {
    (rng.next_u32() as usize) % n.max(1)
}

fn one<T: Clone>(rng: &mut dyn RngCore, list: &[T]) -> Option<T> {
    if list.is_empty() { None } else { list.get(below(rng, list.len())).cloned() }
}

/// A set-up file with a slip in it now and then: too few squares, a square outside
/// the side's country, a set-up name that is not there.
fn setup(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> String {
    let body = bot::orders(state, data, side, rng);
    let (home, away) = if side == Side::Red { ('B', 'H') } else { ('H', 'B') };
    let slip = match below(rng, 4) {
        0 => format!("INFANTRY {home}1 {home}2 {home}3"),
        1 => format!("TANK {away}1 {away}2 {away}3 {away}4"),
        2 => "SETUP 7".into(),
        _ => return body,
    };
    let mut lines: Vec<String> = body.lines().map(str::to_string).collect();
    lines.retain(|l| !(slip.starts_with("SETUP") && l.starts_with("SETUP")));
    lines.insert(below(rng, lines.len() + 1), slip);
    lines.join("\n")
}

/// One mistake of the kinds seen by mail, on the board as it stands.
fn mistake(state: &State, side: Side, rng: &mut dyn RngCore) -> Option<String> {
    let mine: Vec<(String, Square)> = state
        .units
        .iter()
        .filter(|u| u.side == side && u.active())
        .filter_map(|u| u.square().map(|s| (u.id.clone(), s)))
        .collect();
    let theirs: Vec<(String, Square)> = state
        .units
        .iter()
        .filter(|u| u.side != side)
        .filter_map(|u| u.square().map(|s| (u.id.clone(), s)))
        .collect();
    let occupied: Vec<Square> = state.units.iter().filter_map(|u| u.square()).collect();
    let (id, from) = one(rng, &mine)?;
    let range = state.unit(&id).map_or(1, |u| u.kind.range());
    Some(match below(rng, 10) {
        // Onto a square someone stands on.
        0 => {
            let taken: Vec<Square> = from.around().filter(|s| occupied.contains(s)).collect();
            format!("MOVE {id} {}", one(rng, &taken)?)
        }
        // Too far.
        1 => {
            let far: Vec<Square> =
                Battlefield::squares().filter(|s| (3..=5).contains(&s.distance(from))).collect();
            format!("MOVE {id} {}", one(rng, &far)?)
        }
        // The start square written in.
        2 => {
            let next: Vec<Square> = from.around().filter(|s| !occupied.contains(s)).collect();
            format!("MOVE {id} {from} {}", one(rng, &next)?)
        }
        // Beyond range.
        3 => {
            let far: Vec<&(String, Square)> =
                theirs.iter().filter(|(_, s)| s.distance(from) > range).collect();
            let (_, at) = one(rng, &far)?;
            format!("ATTACK {id} {at}")
        }
        // The enemy's unit, or a number past the mix.
        4 => {
            let (enemy, at) = one(rng, &theirs)?;
            let to = at.around().find(|s| !occupied.contains(s))?;
            if below(rng, 2) == 0 {
                format!("MOVE {enemy} {to}")
            } else {
                format!("MOVE {}I{} {to}", side.letter(), 12 + below(rng, 3))
            }
        }
        // A unit on the board built again, or an active one regrouped.
        5 => format!("BUILD {id}"),
        6 => format!("REGROUP {id}"),
        // The rulebook's word, with a unit that may not be on an Air Base.
        7 => {
            let empty: Vec<Square> = Battlefield::squares().filter(|s| !occupied.contains(s)).collect();
            format!("PARATROOP {id} {}", one(rng, &empty)?)
        }
        8 => "COMMISSION".into(),
        _ => "SUPPLY AIR".into(),
    })
}

/// A careless file for `side` now.
pub fn orders(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> Option<String> {
    match state.stage {
        Stage::Setup => Some(setup(state, data, side, rng)),
        Stage::Turn if state.active_side() == side && state.current.question.is_none() => {
            let body = bot::orders(state, data, side, rng);
            let mut lines: Vec<String> = body.lines().map(str::to_string).collect();
            let slips = 1 + below(rng, 3);
            for _ in 0..slips {
                let slip = if below(rng, 8) == 0 {
                    vec!["WAIT".to_string(); 3]
                } else {
                    mistake(state, side, rng).into_iter().collect()
                };
                for l in slip {
                    // Early in the file (where the check knows everything) or anywhere.
                    let at = if below(rng, 2) == 0 {
                        below(rng, 2.min(lines.len() + 1))
                    } else {
                        below(rng, lines.len() + 1)
                    };
                    lines.insert(at.min(lines.len()), l);
                }
            }
            // Now and then a unit that has been Blitzed or waits in the reserve.
            if below(rng, 6) == 0
                && let Some(u) = state.units.iter().find(|u| u.side == side && u.square().is_none())
            {
                lines.insert(0, format!("MOVE {} {}", u.id, if side == Side::Red { "C3" } else { "H3" }));
            }
            Some(lines.join("\n"))
        }
        _ => None,
    }
}
