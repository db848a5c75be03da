//! The actions a card's AP buy (5.3.2), both sides: what makes each legal, what it
//! costs, its dice and what it does. A play's AP and the Preparation track pay for
//! them; Preparation is drawn only for the actions 5.3.2 lists, only the shortfall
//! (ruling 12).

use super::data::{Data, Kind};
use super::state::{Side, State};
use crate::engine::log::Log;
use crate::engine::roll::Roll;

pub type Said = Log<Side>;

/// What one play has left and has done.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Play {
    pub side: Option<Side>,
    pub ap: u32,
    /// Reward Attack bought for this card (+2 to every Imperial attack roll).
    pub reward: bool,
    /// Imperial units that have attacked this turn, by space.
    pub attacked: std::collections::BTreeMap<String, u32>,
    /// The player's choice when a last unit falls: true raises his own Morale.
    pub morale_up: Option<bool>,
    /// A FROM of an ATTACK line that did not attack though an earlier one did (the
    /// line goes on without it): told to the check at ingest, which refuses or notes it.
    pub unused_from: Option<String>,
}

/// The actions whose cost Preparation may make up (5.3.2 IMPORTANT).
fn may_prepare(side: Side, action: &str) -> bool {
    match side {
        Side::Imperial => matches!(action, "BUILD" | "PLEA"),
        Side::Insurgent => matches!(action, "RAID" | "PLEA" | "REPAIR" | "TRAIN" | "BUILD"),
    }
}

/// Pays `cost` AP, drawing the shortfall from Preparation where allowed.
pub fn pay(
    state: &mut State,
    play: &mut Play,
    side: Side,
    action: &str,
    cost: u32,
    log: &mut Said,
) -> Result<(), String> {
    if play.ap >= cost {
        play.ap -= cost;
        return Ok(());
    }
    let short = cost - play.ap;
    let prep = state.camp(side).preparation;
    if may_prepare(side, action) && prep >= short {
        state.camp_mut(side).preparation -= short;
        play.ap = 0;
        log.say(format!("{} draws {short} AP from Preparation", side.name()));
        return Ok(());
    }
    Err(format!("it costs {cost} AP and {} are left", play.ap))
}

fn space_kind(data: &Data, id: &str) -> Option<Kind> {
    data.map.space(id).map(|s| s.kind)
}

/// The Morale choice when a side removes the last unit of a space: raise its own or
/// lower the other's (5.3.2); default lower (DOWN).
pub fn last_unit(state: &mut State, side: Side, up: Option<bool>, log: &mut Said) {
    let up = up
        .or_else(|| {
            state.camp(side).standing.get("MORALE").and_then(|l| l.first()).map(|l| l.ends_with("UP"))
        })
        .unwrap_or(false);
    if up {
        state.camp_mut(side).morale += 1;
        log.say(format!("the last unit there is gone: {} Morale +1", side.name()));
    } else {
        state.camp_mut(side.other()).morale -= 1;
        log.say(format!("the last unit there is gone: {} Morale -1", side.other().name()));
    }
}

/// A hit by `winner` on `target`: one of the other side's units is removed there, and
/// the last one brings the Morale choice.
pub fn takes_unit(state: &mut State, winner: Side, target: &str, up: Option<bool>, log: &mut Said) {
    let loser = winner.other();
    remove_unit(state, loser, target);
    log.say(format!("{target} loses an {} unit", loser.name()));
    if state.stack(target).of(loser) == 0 {
        last_unit(state, winner, up, log);
    }
}

/// Removes one unit of `side` from `space` (Expeditionary before Allied).
pub fn remove_unit(state: &mut State, side: Side, space: &str) -> bool {
    let s = state.stack_mut(space);
    let done = match side {
        Side::Insurgent if s.insurgent > 0 => {
            s.insurgent -= 1;
            true
        }
        Side::Imperial if s.expeditionary > 0 => {
            s.expeditionary -= 1;
            true
        }
        Side::Imperial if s.allied > 0 => {
            s.allied -= 1;
            true
        }
        _ => false,
    };
    state.tidy();
    done
}

// ---- Imperial movement ----

/// One Imperial step from `from` to `to`; `slow` for Slow Movement. `allied` says
/// which kind moves (for Period B's no-mixing rule).
pub fn imperial_step(
    state: &State,
    data: &Data,
    from: &str,
    to: &str,
    slow: bool,
    allied: bool,
    end: bool,
) -> Result<(), String> {
    if !data.map.imperial_steps(from).contains(&to) {
        return Err(format!("{from} to {to} is no forward or sideways step (never back toward the Camp)"));
    }
    let space = data.map.space(to).ok_or(format!("{to} is not a space"))?;
    if space.slow && !slow {
        return Err(format!("{to} is a slow space: SLOW {from}-{to} (1 AP a unit a space)"));
    }
    let there = state.stack(to);
    if there.insurgent > 0 {
        return Err(format!("{to} holds Insurgent units"));
    }
    if space.kind == Kind::Wall
        && space_kind(data, from) != Some(Kind::Wall)
        && state.damage.get(to).copied().unwrap_or(0) == 0
    {
        return Err(format!("the Wall at {to} is neither damaged nor destroyed"));
    }
    if let Some(island) = &space.thick
        && state.holder(island) != Some(Side::Imperial)
    {
        return Err(format!("{to} is entered only while the Imperial player holds {island}"));
    }
    if end {
        if space.limit.is_some_and(|l| there.imperial() >= l) {
            return Err(format!("{to} is full"));
        }
        if state.period_b()
            && space.kind != Kind::Camp
            && ((allied && there.expeditionary > 0) || (!allied && there.allied > 0))
        {
            return Err(format!("{to}: Expeditionary and Allied units do not share a space"));
        }
    }
    Ok(())
}

fn move_unit(state: &mut State, from: &str, to: &str, allied: bool) {
    let s = state.stack_mut(from);
    if allied {
        s.allied -= 1;
    } else {
        s.expeditionary -= 1;
    }
    let t = state.stack_mut(to);
    if allied {
        t.allied += 1;
    } else {
        t.expeditionary += 1;
    }
    state.tidy();
}

/// Which Imperial kind a move takes from `from`: Expeditionary if there, else Allied.
fn mover(state: &State, from: &str, allied: Option<bool>) -> Result<bool, String> {
    let s = state.stack(from);
    match allied {
        Some(true) if s.allied > 0 => Ok(true),
        Some(false) if s.expeditionary > 0 => Ok(false),
        None if s.expeditionary > 0 => Ok(false),
        None if s.allied > 0 => Ok(true),
        _ => Err(format!("no such Imperial unit on {from}")),
    }
}

/// Normal Movement: each path is one unit's (two paths of one step, or one of two).
pub fn normal_move(
    state: &mut State,
    data: &Data,
    paths: &[Vec<String>],
    allied: Option<bool>,
) -> Result<String, String> {
    let steps: usize = paths.iter().map(|p| p.len().saturating_sub(1)).sum();
    if steps != 2 && !(paths.len() == 1 && steps == 1) || paths.iter().any(|p| p.len() < 2) {
        return Err("Normal Movement is two units one space each, or one unit two spaces".into());
    }
    let mut trial = state.clone();
    for p in paths {
        let kind = mover(&trial, &p[0], allied)?;
        for (i, w) in p.windows(2).enumerate() {
            imperial_step(&trial, data, &w[0], &w[1], false, kind, i + 2 == p.len())?;
        }
        move_unit(&mut trial, &p[0], p.last().map(String::as_str).unwrap_or(""), kind);
    }
    *state = trial;
    Ok(paths.iter().map(|p| p.join("-")).collect::<Vec<_>>().join(", "))
}

pub fn slow_move(
    state: &mut State,
    data: &Data,
    from: &str,
    to: &str,
    allied: Option<bool>,
) -> Result<(), String> {
    let kind = mover(state, from, allied)?;
    imperial_step(state, data, from, to, true, kind, true)?;
    move_unit(state, from, to, kind);
    Ok(())
}

// ---- Attacks ----

/// An Imperial attack on `target` by one unit on `from` (2d8, ruling 4).
#[allow(clippy::too_many_arguments)]
pub fn imperial_attack(
    state: &mut State,
    data: &Data,
    play: &mut Play,
    target: &str,
    from: &str,
    dice: &mut dyn Roll,
    label: &str,
    log: &mut Said,
) -> Result<(), String> {
    let attackers = state.stack(from).imperial();
    let used = play.attacked.get(from).copied().unwrap_or(0);
    if attackers <= used {
        return Err(format!("no Imperial unit on {from} is left to attack this turn"));
    }
    if !data.map.neighbours(from).contains(&target) {
        return Err(format!("{from} is not next to {target}"));
    }
    if state.stack(target).insurgent == 0 {
        return Err(format!("{target} holds no Insurgent unit"));
    }
    pay(state, play, Side::Imperial, "ATTACK", 1, log)?;
    *play.attacked.entry(from.to_string()).or_default() += 1;
    let from_kind = space_kind(data, from);
    let to_space = data.map.space(target).ok_or("no such space")?;
    let mut bonus: i32 = state.modifier("attack", Side::Imperial);
    if play.reward {
        bonus += 2;
    }
    if to_space.kind == Kind::Wall && from_kind == Some(Kind::Mainland) {
        bonus += state.damage.get(target).copied().unwrap_or(0) as i32;
    }
    if to_space.fort {
        bonus -= 1;
    }
    let need = if matches!(from_kind, Some(Kind::Wall | Kind::South)) { 5 } else { 8 };
    let a = dice.die(8, format!("{label} attack {from}\u{2192}{target} (die 1 of 2)")) as i32;
    let b = dice.die(8, format!("{label} attack {from}\u{2192}{target} (die 2 of 2)")) as i32;
    let hit = a + bonus >= need || b + bonus >= need;
    log.say(format!(
        "Imperial attack from {from} on {target}: 2d8 {a}, {b}, {bonus:+}, needing {need}: {}",
        if hit { "hit" } else { "miss" }
    ));
    if hit {
        takes_unit(state, Side::Imperial, target, play.morale_up, log);
    }
    Ok(())
}

/// An Insurgent attack (1d8, 6+, 5+ on Imperial units on the Wall or in the city).
#[allow(clippy::too_many_arguments)]
pub fn insurgent_attack(
    state: &mut State,
    data: &Data,
    play: &mut Play,
    target: &str,
    from: &str,
    dice: &mut dyn Roll,
    label: &str,
    log: &mut Said,
) -> Result<(), String> {
    if state.stack(from).insurgent == 0 {
        return Err(format!("no Insurgent unit on {from}"));
    }
    if !data.map.neighbours(from).contains(&target) {
        return Err(format!("{from} is not next to {target}"));
    }
    if state.stack(target).imperial() == 0 {
        return Err(format!("{target} holds no Imperial unit"));
    }
    pay(state, play, Side::Insurgent, "ATTACK", 1, log)?;
    let need = if matches!(space_kind(data, target), Some(Kind::Wall | Kind::South)) { 5 } else { 6 };
    let bonus = state.modifier("attack", Side::Insurgent);
    let a = dice.die(8, format!("{label} attack {from}\u{2192}{target}")) as i32;
    let hit = a + bonus >= need;
    log.say(format!(
        "Insurgent attack from {from} on {target}: 1d8 {a}, {bonus:+}, needing {need}: {}",
        if hit { "hit" } else { "miss" }
    ));
    if hit {
        takes_unit(state, Side::Insurgent, target, play.morale_up, log);
    }
    Ok(())
}

/// A Raid from a Wall space (or Klisova) on a main land space further away.
#[allow(clippy::too_many_arguments)]
pub fn raid(
    state: &mut State,
    data: &Data,
    play: &mut Play,
    target: &str,
    from: &str,
    dice: &mut dyn Roll,
    label: &str,
    log: &mut Said,
) -> Result<(), String> {
    if state.stack(from).insurgent == 0 {
        return Err(format!("no Insurgent unit on {from}"));
    }
    let (kfrom, outer, inner, kcost) = &data.map.klisova;
    let cost = if from == kfrom && target == outer {
        if state.holder(kfrom) != Some(Side::Insurgent) || state.stack(inner).imperial() > 0 {
            return Err("Klisova raids need the island held and no Imperial unit on the inner space".into());
        }
        *kcost
    } else {
        let line = data.map.raids.iter().find(|r| r.from == from && r.target == target).ok_or(format!(
            "{from} cannot raid {target} (only main land spaces beyond row 1, up its columns)"
        ))?;
        if let Some(b) = line.between.iter().find(|b| state.stack(b).imperial() > 0) {
            return Err(format!("Imperial units on {b} stand between"));
        }
        line.cost
    };
    if state.stack(target).imperial() == 0 {
        return Err(format!("{target} holds no Imperial unit"));
    }
    pay(state, play, Side::Insurgent, "RAID", cost, log)?;
    let bonus = state.modifier("raid", Side::Insurgent);
    let a = dice.die(8, format!("{label} raid {from}\u{2192}{target}")) as i32;
    let hit = a + bonus >= 5;
    log.say(format!(
        "Raid from {from} on {target} ({cost} AP): 1d8 {a}, {bonus:+}, needing 5: {}",
        if hit { "hit" } else { "miss" }
    ));
    if hit {
        takes_unit(state, Side::Insurgent, target, play.morale_up, log);
    }
    Ok(())
}

// ---- Areas, pleas, building ----

/// One Support Area procedure by `side` on `area` (5.3.2), within 5 markers an area
/// and the 30 in the box.
pub fn support(state: &mut State, data: &Data, side: Side, area: &str, log: &mut Said) -> Result<(), String> {
    let total: u32 = state.areas.iter().map(|a| a.support).sum();
    let a = state.areas.iter_mut().find(|a| a.id.eq_ignore_ascii_case(area)).ok_or_else(|| {
        format!(
            "'{area}' is not an area ({})",
            data.areas.iter().map(|a| a.id.as_str()).collect::<Vec<_>>().join(", ")
        )
    })?;
    if a.side == side {
        if a.support < 5 && total < data.setup.mix.support_markers {
            a.support += 1;
            log.say(format!("{} adds a Support marker in {} ({})", side.name(), a.id, a.support));
        } else {
            log.say(format!("{} supports {}: no marker can be added (5 an area)", side.name(), a.id));
        }
    } else if a.support > 0 {
        a.support -= 1;
        log.say(format!("{} removes a Support marker in {} ({} left)", side.name(), a.id, a.support));
    } else {
        a.side = side;
        log.say(format!("{} turns {} to its side", side.name(), a.id));
    }
    Ok(())
}

/// Plea for Funds from the High Porte: 2d6 + the track, under 12 succeeds.
pub fn plea_funds(state: &mut State, data: &Data, dice: &mut dyn Roll, label: &str, log: &mut Said) {
    let g = &data.tracks.given;
    let a = dice.d6(format!("{label} Plea for Funds (die 1 of 2)"));
    let b = dice.d6(format!("{label} Plea for Funds (die 2 of 2)"));
    let total = a + b + state.imperial.plea;
    if total < g.plea_funds_target {
        state.imperial.money += g.plea_funds_money;
        state.imperial.plea = (state.imperial.plea + g.plea_funds_step).min(data.tracks.tracks.plea_max);
        log.say(format!(
            "Plea for Funds: {a}+{b}+{} = {total}: granted, +{} Money",
            total - a - b,
            g.plea_funds_money
        ));
    } else {
        log.say(format!("Plea for Funds: {a}+{b}+{} = {total}: refused", total - a - b));
    }
}

/// Build Cannon (Imperial): 3/5/7 AP in rows 3/2/1, a cannon from the Camp, a unit
/// there and no cannon yet.
pub fn imperial_cannon_cost(state: &State, data: &Data, space: &str) -> Result<u32, String> {
    let s = data.map.space(space).ok_or(format!("{space} is not a space"))?;
    let cost = match s.row {
        Some(3) => 3,
        Some(2) => 5,
        Some(1) => 7,
        _ => return Err(format!("{space} is not within the 3 rows closest to the Wall")),
    };
    if state.camp_cannons == 0 {
        return Err("no cannon waits in the Camp".into());
    }
    if state.stack(space).imperial() == 0 || state.cannons.contains_key(space) {
        return Err(format!("{space} needs an Imperial unit and no cannon"));
    }
    Ok(cost)
}

/// Build Cannon (Insurgent): 4 AP and 1 Supply, once a round, a unit there, no cannon.
pub fn insurgent_cannon_ok(state: &State, data: &Data, space: &str) -> Result<(), String> {
    let kind = space_kind(data, space).ok_or(format!("{space} is not a space"))?;
    if !matches!(kind, Kind::Wall | Kind::South | Kind::Island) {
        return Err(format!("{space} is not on the Wall, in the city or on an island"));
    }
    if state.insurgent_cannon_built {
        return Err("a cannon has already been built this round".into());
    }
    if state.stack(space).insurgent == 0 || state.cannons.contains_key(space) {
        return Err(format!("{space} needs an Insurgent unit and no cannon"));
    }
    if state.insurgent.supplies < 1 {
        return Err("it costs 1 Supply".into());
    }
    Ok(())
}

/// Whether another unit of this kind is left in the box (2 Components' counter mix).
pub fn in_box(state: &State, data: &Data, side: Side, allied: bool) -> bool {
    let (e, a, i) = state.counts();
    let m = &data.setup.mix;
    match (side, allied) {
        (Side::Insurgent, _) => i < m.insurgent,
        (Side::Imperial, true) => a < m.allied,
        (Side::Imperial, false) => e < m.expeditionary,
    }
}

/// Where an Insurgent unit may be: the Wall, the city, an island not held by the
/// Imperial player; within the limit.
pub fn insurgent_room(state: &State, data: &Data, space: &str) -> Result<(), String> {
    let s = data.map.space(space).ok_or(format!("{space} is not a space"))?;
    if !matches!(s.kind, Kind::Wall | Kind::South | Kind::Island) {
        return Err(format!("{space} is outside the city and the islands"));
    }
    let there = state.stack(space);
    if there.imperial() > 0 {
        return Err(format!("{space} holds Imperial units"));
    }
    if s.limit.is_some_and(|l| there.insurgent >= l) {
        return Err(format!("{space} is full"));
    }
    Ok(())
}

/// Regroup: one Insurgent unit anywhere within the city or the islands.
pub fn regroup(state: &mut State, data: &Data, from: &str, to: &str) -> Result<(), String> {
    if state.stack(from).insurgent == 0 {
        return Err(format!("no Insurgent unit on {from}"));
    }
    insurgent_room(state, data, to)?;
    state.stack_mut(from).insurgent -= 1;
    state.stack_mut(to).insurgent += 1;
    state.tidy();
    Ok(())
}
