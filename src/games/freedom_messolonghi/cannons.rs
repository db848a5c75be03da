//! The Cannons phase (5.4): the Imperial cannons fire first, then the Insurgent ones,
//! each by its side's plan (`FIRE sp AT sp [ELSE sp…]`, `FIRE sp HOLD`), else by the
//! default (Imperial: the nearest undamaged or least damaged Wall space, forts first;
//! Insurgent: the space with most Imperial units, nearest first). A cannon fires only
//! while its side has a unit on its space.

use super::actions::{Said, last_unit, remove_unit, takes_unit};
use super::data::{Data, Kind, Reach};
use super::state::{Side, State};
use crate::engine::roll::Roll;

/// Legal targets for the cannon on `space` now, with their reach.
pub fn targets(state: &State, data: &Data, space: &str) -> Vec<(String, Reach)> {
    let Some(cannon) = state.cannons.get(space) else { return Vec::new() };
    data.cannons
        .targets
        .get(space)
        .into_iter()
        .flatten()
        .filter(|(_, r)| *r != Reach::Distance(4) || cannon.bombard)
        .filter(|(t, _)| match cannon.side {
            // Imperial shots: the Wall (damage), or Marmarou's unit.
            Side::Imperial => {
                data.map.space(t).is_some_and(|s| s.kind == Kind::Wall) || state.stack(t).insurgent > 0
            }
            Side::Insurgent => {
                state.stack(t).imperial() > 0
                    || state.cannons.get(t).is_some_and(|c| c.side == Side::Imperial)
            }
        })
        .cloned()
        .collect()
}

/// The default target of a cannon, if any.
fn default_target(state: &State, data: &Data, space: &str, side: Side) -> Option<String> {
    let list = targets(state, data, space);
    let near = |r: &Reach| match r {
        Reach::Distance(d) => *d,
        Reach::Six => 5,
    };
    match side {
        Side::Imperial => list
            .iter()
            .filter(|(t, _)| data.map.space(t).is_some_and(|s| s.kind == Kind::Wall))
            .min_by_key(|(t, r)| {
                let fort = data.map.space(t).is_some_and(|s| s.fort);
                (state.damage.get(t).copied().unwrap_or(0) >= 2, near(r), !fort, t.clone())
            })
            .map(|(t, _)| t.clone()),
        Side::Insurgent => list
            .iter()
            .max_by_key(|(t, r)| {
                (state.stack(t).imperial(), std::cmp::Reverse(near(r)), std::cmp::Reverse(t.clone()))
            })
            .map(|(t, _)| t.clone()),
    }
}

/// One cannon's plan line: the targets in order, or None to hold fire.
fn plan_for(state: &State, side: Side, space: &str) -> Option<Option<Vec<String>>> {
    let lines = state.camp(side).fire.as_ref()?;
    for l in lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        match words.as_slice() {
            ["FIRE", sp, "HOLD"] if sp.eq_ignore_ascii_case(space) => return Some(None),
            ["FIRE", sp, "AT", rest @ ..] if sp.eq_ignore_ascii_case(space) => {
                return Some(Some(rest.iter().filter(|w| **w != "ELSE").map(|w| w.to_string()).collect()));
            }
            _ => {}
        }
    }
    None
}

/// Fires every cannon of `side`, in the order of their spaces.
pub fn fire(state: &mut State, data: &Data, side: Side, dice: &mut dyn Roll, log: &mut Said) {
    let guns: Vec<String> =
        state.cannons.iter().filter(|(_, c)| c.side == side).map(|(sp, _)| sp.clone()).collect();
    let label = format!("R{}-FIRE", state.round);
    for space in guns {
        if state.stack(&space).of(side) == 0 {
            continue;
        }
        let legal = targets(state, data, &space);
        let target = match plan_for(state, side, &space) {
            Some(None) => {
                log.say(format!("the {} cannon on {space} holds fire", side.name()));
                continue;
            }
            Some(Some(list)) => {
                list.into_iter().find(|t| legal.iter().any(|(l, _)| l.eq_ignore_ascii_case(t)))
            }
            None => default_target(state, data, &space, side),
        };
        let Some(target) =
            target.and_then(|t| legal.iter().find(|(l, _)| l.eq_ignore_ascii_case(&t)).cloned())
        else {
            continue;
        };
        shoot(state, data, side, &space, &target.0, target.1, dice, &label, log);
    }
}

#[allow(clippy::too_many_arguments)]
fn shoot(
    state: &mut State,
    data: &Data,
    side: Side,
    from: &str,
    target: &str,
    reach: Reach,
    dice: &mut dyn Roll,
    label: &str,
    log: &mut Said,
) {
    let c = &data.cannons;
    let need = match reach {
        Reach::Distance(d) => c.hits[(d as usize).clamp(1, 4) - 1],
        Reach::Six => c.six,
    } as i32;
    let bombard = state.cannons.get(from).is_some_and(|x| x.bombard);
    let mut bonus = state.modifier("cannon", side);
    if bombard {
        bonus += c.bombard_bonus as i32;
    }
    if side == Side::Imperial && state.stack(from).allied > 0 {
        bonus += c.allied_bonus as i32;
    }
    let a = dice.d6(format!("{label} cannon {from}\u{2192}{target} (die 1 of 2)")) as i32;
    let b = dice.d6(format!("{label} cannon {from}\u{2192}{target} (die 2 of 2)")) as i32;
    // A "six" hits on a natural 6 only.
    let hit = |d: i32| if reach == Reach::Six { d == 6 } else { d + bonus >= need };
    let hits = u32::from(hit(a)) + u32::from(hit(b));
    log.say(format!(
        "{} cannon {from} fires at {target}: 2d6 {a}, {b}{}: {hits} hit{}",
        side.name(),
        if bonus != 0 { format!(" ({bonus:+})") } else { String::new() },
        if hits == 1 { "" } else { "s" }
    ));
    for _ in 0..hits {
        match side {
            Side::Imperial if data.map.space(target).is_some_and(|s| s.kind == Kind::Wall) => {
                let d = state.damage.entry(target.to_string()).or_default();
                if *d < 2 {
                    *d += 1;
                    log.say(format!(
                        "the Wall at {target} is {}",
                        if *d == 1 { "damaged" } else { "destroyed" }
                    ));
                } else if state.stack(target).insurgent > 0 {
                    takes_unit(state, Side::Imperial, target, None, log);
                } else if state.cannons.remove(target).is_some() {
                    log.say(format!("the cannon on {target} is destroyed"));
                }
            }
            _ => {
                let enemy = side.other();
                if state.stack(target).of(enemy) > 0 {
                    remove_unit(state, enemy, target);
                    log.say(format!("{target} loses a unit"));
                    if state.stack(target).of(enemy) == 0 {
                        last_unit(state, side, None, log);
                    }
                } else if state.cannons.get(target).is_some_and(|c| c.side == enemy) {
                    state.cannons.remove(target);
                    log.say(format!("the cannon on {target} is destroyed"));
                }
            }
        }
    }
}
