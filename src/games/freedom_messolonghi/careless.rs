//! A careless player for `soak --careless`: the bot's sensible lines, with the
//! mistakes a player of Freedom! makes by mail mixed in: a card from the other side's
//! hand or the discards, an Event of the wrong colour, a claim of a card nobody played
//! or a discard not held, a move backwards, an attack from a space not adjacent, more
//! Preparation than the track holds, the other side's cannons in a FIRE plan, THEN
//! blocks with wrong cards and spaces, an Opening that breaks its own rules. Real ids,
//! real spaces and real cards throughout, so the check at ingest must see the board.

use rand_core::RngCore;

use super::bot;
use super::data::Data;
use super::state::{Side, Stage, State};

fn chance(rng: &mut dyn RngCore, p: u32) -> bool {
    rng.next_u32() % 100 < p
}

fn pick<T: Clone>(rng: &mut dyn RngCore, list: &[T]) -> Option<T> {
    if list.is_empty() { None } else { list.get(rng.next_u32() as usize % list.len()).cloned() }
}

/// A careless file for `side`.
pub fn orders(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> String {
    let careful = bot::orders(state, data, side, rng);
    let mut lines: Vec<String> = careful.lines().map(str::to_string).collect();
    if lines.is_empty() || chance(rng, 25) {
        return lines.join("\n");
    }
    let slips = 1 + rng.next_u32() % 3;
    for _ in 0..slips {
        let slip = match state.stage {
            Stage::Advance if side == Side::Imperial => opening_slip(state, data, rng),
            Stage::Regroup if side == Side::Insurgent => regroup_slip(state, data, rng),
            Stage::Play if state.to_play == side => play_slip(state, data, side, rng, &mut lines),
            _ => fire_slip(state, data, rng),
        };
        if let Some(l) = slip {
            // After the play's first line, where actions go; anywhere else otherwise.
            let at = if lines.is_empty() { 0 } else { 1 + rng.next_u32() as usize % lines.len() };
            lines.insert(at.min(lines.len()), l);
        }
    }
    lines.join("\n")
}

fn spaces(data: &Data) -> Vec<String> {
    data.map.spaces.iter().map(|s| s.id.clone()).collect()
}

/// A move backwards, sideways onto a slow space, or from where no unit stands.
fn opening_slip(state: &State, data: &Data, rng: &mut dyn RngCore) -> Option<String> {
    let links: Vec<(String, String)> =
        data.map.links.iter().map(|(a, b, _)| (b.clone(), a.clone())).collect();
    match rng.next_u32() % 3 {
        0 => pick(rng, &links).map(|(a, b)| format!("ADVANCE {a}-{b}")),
        1 if state.round != 4 => pick(rng, &spaces(data)).map(|s| format!("ALLIES {s} 2")),
        _ => {
            let all = spaces(data);
            Some(format!("ADVANCE {}-{}", pick(rng, &all)?, pick(rng, &all)?))
        }
    }
}

fn regroup_slip(state: &State, data: &Data, rng: &mut dyn RngCore) -> Option<String> {
    let all = spaces(data);
    let held: Vec<String> =
        state.units.iter().filter(|(_, s)| s.imperial() > 0).map(|(k, _)| k.clone()).collect();
    Some(format!(
        "REGROUP {} {}",
        pick(rng, &all)?,
        if chance(rng, 50) { pick(rng, &held)? } else { pick(rng, &all)? }
    ))
}

/// A slip in a play: the play line itself (which is then replaced) or an action.
fn play_slip(
    state: &State,
    data: &Data,
    side: Side,
    rng: &mut dyn RngCore,
    lines: &mut [String],
) -> Option<String> {
    let other = state.camp(side.other()).hand.clone();
    let discards = state.deck.discard.clone();
    let own = state.camp(side).hand.clone();
    let all = spaces(data);
    let wrong_card = |rng: &mut dyn RngCore| -> Option<String> {
        if chance(rng, 50) { pick(rng, &other) } else { pick(rng, &discards) }
    };
    let k = rng.next_u32() % 12;
    if k < 3 && lines.first().is_some_and(|l| l.starts_with("PLAY") || l.starts_with("CLAIM")) {
        let line = match k {
            0 => format!("PLAY {} AP", wrong_card(rng).or_else(|| pick(rng, &own))?),
            1 => {
                // An Event of the other side's colour, or one aimed anywhere.
                let c = pick(rng, &own)?;
                format!("PLAY {c} EVENT TARGET {}", pick(rng, &all)?)
            }
            _ => format!(
                "CLAIM {} DISCARD {}",
                pick(rng, &discards).or_else(|| pick(rng, &own))?,
                wrong_card(rng).or_else(|| pick(rng, &own))?
            ),
        };
        lines[0] = line;
        return None;
    }
    let near: Vec<(String, String)> = data.map.links.iter().map(|(a, b, _)| (a.clone(), b.clone())).collect();
    Some(match k {
        3 => {
            let (a, b) = pick(rng, &near)?;
            format!("MOVE {b}-{a}")
        }
        4 => format!("ATTACK {} FROM {}", pick(rng, &all)?, pick(rng, &all)?),
        5 => format!("PREPARE {}", [5, 8, 12, 20][rng.next_u32() as usize % 4]),
        6 => {
            let guns: Vec<String> = state.cannons.keys().cloned().collect();
            let t = pick(rng, &all)?;
            format!("FIRE {} AT {t}", pick(rng, &guns).unwrap_or_else(|| t.clone()))
        }
        7 => format!(
            "THEN IF OPPONENT PLAYS ANY\nPLAY {} AP\nMOVE {}-{}",
            wrong_card(rng).or_else(|| pick(rng, &own))?,
            pick(rng, &all)?,
            pick(rng, &all)?
        ),
        8 if side == Side::Insurgent => format!("RAID {} FROM {}", pick(rng, &all)?, pick(rng, &all)?),
        8 => format!("SLOW {}-{}", pick(rng, &all)?, pick(rng, &all)?),
        9 => format!("BUILD CANNON {}", pick(rng, &all)?),
        10 if side == Side::Insurgent => format!("REPAIR {}", pick(rng, &all)?),
        10 => "REWARD".into(),
        _ => format!("SUPPORT {}", pick(rng, &data.areas.iter().map(|a| a.id.clone()).collect::<Vec<_>>())?),
    })
}

/// A cannon plan naming any cannon on the board, at any target in its reach or not.
fn fire_slip(state: &State, data: &Data, rng: &mut dyn RngCore) -> Option<String> {
    let guns: Vec<String> = state.cannons.keys().cloned().collect();
    let g = pick(rng, &guns)?;
    let reach: Vec<String> =
        data.cannons.targets.get(&g).into_iter().flatten().map(|(t, _)| t.clone()).collect();
    let t = if chance(rng, 60) { pick(rng, &reach) } else { pick(rng, &spaces(data)) }?;
    Some(format!("FIRE {g} AT {t}"))
}
