//! The round around the card plays (5.1, 5.2, 5.5, 6, 3): Administration (the round
//! marker, late-round Morale, the draws), the Period change, the Opening's
//! Advancement and Allied placement, who plays first, Replenishment for both sides and
//! the checks for the end of the game.

use super::actions::{Said, remove_unit};
use super::data::{Data, Kind};
use super::state::{Side, Stage, State};
use crate::engine::Dice;
use crate::engine::roll::Roll;

/// Draws `n` cards for `side` from the current pile.
pub fn draw(state: &mut State, side: Side, n: usize, dice: &mut Dice) {
    for _ in 0..n {
        let Some(card) = state.deck.draw(dice) else { break };
        state.camp_mut(side).hand.push(card);
    }
    state.camp_mut(side).hand.sort();
}

/// The highest Morale plays first; a tie, the Imperial player (5.3).
pub fn first_player(state: &State) -> Side {
    if state.insurgent.morale > state.imperial.morale { Side::Insurgent } else { Side::Imperial }
}

/// Administration and, in round 4, the Period change; then the Opening begins.
pub fn administration(state: &mut State, data: &Data, dice: &mut Dice, log: &mut Said) {
    let g = &data.tracks.given;
    state.round += 1;
    log.say(format!("Round {}", state.round));
    if state.round >= 5 {
        state.imperial.morale -= g.late_round_morale;
        log.say(format!("the siege drags on: Imperial Morale -{}", g.late_round_morale));
    }
    if state.round == 4 {
        period_change(state, data, dice, log);
    } else {
        for side in [Side::Imperial, Side::Insurgent] {
            let extra = std::mem::take(&mut state.camp_mut(side).extra_draw);
            draw(state, side, if extra { 8 } else { 7 }, dice);
        }
        log.say("each player draws 7 cards (8 after a last-turn claim)");
    }
    state.imperial.played = 0;
    state.insurgent.played = 0;
    state.mails_round = 0;
    state.plays = 0;
    state.insurgent_cannon_built = false;
    state.imperial_fired = false;
    state.modifiers.clear();
    state.imperial.fire = None;
    state.insurgent.fire = None;
    state.stage = Stage::Advance;
}

/// 6: Period B's deck and hands, the Allied arrival, the new upkeep.
fn period_change(state: &mut State, data: &Data, dice: &mut Dice, log: &mut Said) {
    let g = &data.tracks.given;
    log.say("Period B begins: Ibrahim arrives");
    for side in [Side::Imperial, Side::Insurgent] {
        let old = std::mem::take(&mut state.camp_mut(side).hand);
        for c in old {
            state.deck.discard(c);
        }
        state.camp_mut(side).extra_draw = false;
    }
    // Period A's pile and discards are set aside where Period B's pile was.
    std::mem::swap(&mut state.deck, &mut state.deck_b);
    for side in [Side::Imperial, Side::Insurgent] {
        draw(state, side, 8, dice);
    }
    log.say("hands of Period A are discarded; each player draws 8 cards of Period B");
    state.stack_mut("CAMP").allied += g.period_b_allied_camp;
    for _ in 0..g.period_b_sea_support {
        let _ = super::actions::support(state, data, Side::Imperial, "SEA", log);
    }
    state.imperial.supplies += g.period_b_supplies;
    state.imperial.money += g.period_b_money;
    state.imperial.plea = (state.imperial.plea + g.period_b_plea_funds).min(data.tracks.tracks.plea_max);
    state.civilians += g.period_b_civilians;
    if !state.insurgent.plea_done {
        state.insurgent.plea = (state.insurgent.plea + g.period_b_plea_help).min(data.tracks.tracks.plea_max);
    }
    log.say(format!(
        "the Empire gains {} Allied units in the Camp (and {} to place), {} Supplies, {} Money; {} civilians enter the city",
        g.period_b_allied_camp, g.period_b_allied_map, g.period_b_supplies, g.period_b_money, g.period_b_civilians
    ));
}

/// The spaces within two rows of the Camp where Allied units may be placed now.
pub fn allied_room(state: &State, data: &Data) -> Vec<String> {
    let max_row = data.map.spaces.iter().filter_map(|s| s.row).max().unwrap_or(0);
    data.map
        .spaces
        .iter()
        .filter(|s| s.row.is_some_and(|r| r + 1 >= max_row))
        .filter(|s| state.stack(&s.id).expeditionary == 0 && state.stack(&s.id).insurgent == 0)
        .filter(|s| state.stack(&s.id).allied < s.limit.unwrap_or(3))
        .map(|s| s.id.clone())
        .collect()
}

/// Places the round-4 Allied units: the player's `ALLIES sp n` lines first, then the
/// rest in map order; what does not fit goes to the Camp (6).
pub fn place_allies(state: &mut State, data: &Data, wishes: &[(String, u32)], log: &mut Said) {
    let mut left = data.tracks.given.period_b_allied_map;
    for (sp, n) in wishes {
        for _ in 0..*n {
            if left > 0 && allied_room(state, data).iter().any(|r| r.eq_ignore_ascii_case(sp)) {
                state.stack_mut(sp).allied += 1;
                left -= 1;
            }
        }
    }
    while left > 0 {
        let Some(sp) = allied_room(state, data).into_iter().next() else { break };
        state.stack_mut(&sp).allied += 1;
        left -= 1;
    }
    if left > 0 {
        state.stack_mut("CAMP").allied += left;
        log.say(format!("{left} Allied units find no room and stay in the Camp"));
    }
    log.say("the Allied units take their places within two rows of the Camp");
}

/// The Advancement: up to 5 units of a row (or the Camp) one space forward each.
pub fn advance(state: &mut State, data: &Data, moves: &[(String, String)], log: &mut Said) -> Vec<String> {
    let mut errors = Vec::new();
    let mut row: Option<Option<u32>> = None;
    let mut done = 0;
    for (from, to) in moves {
        let r = data.map.space(from).and_then(|s| s.row);
        if row.is_some_and(|x| x != r) {
            errors.push(format!("{from}-{to}: one row (or the Camp) a round"));
            continue;
        }
        let forward =
            data.map.links.iter().any(|(a, b, k)| a == from && b == to && *k == super::data::Link::Forward);
        let slow = data.map.space(to).is_some_and(|s| s.slow);
        let step = super::actions::imperial_step(
            state,
            data,
            from,
            to,
            false,
            state.stack(from).expeditionary == 0,
            true,
        );
        if done >= 5 || !forward || slow || step.is_err() {
            errors.push(format!(
                "{from}-{to}: {}",
                if done >= 5 {
                    "five units a round".to_string()
                } else if !forward || slow {
                    "one space forward, not sideways, not onto a slow space".to_string()
                } else {
                    step.err().unwrap_or_default()
                }
            ));
            continue;
        }
        row = Some(r);
        let allied = state.stack(from).expeditionary == 0;
        let _ = super::actions::slow_move(state, data, from, to, Some(allied));
        done += 1;
        log.say(format!("Advancement: {from}-{to}"));
    }
    errors
}

/// Replenishment (5.5) for both sides, then the end-of-round check (ruling 10).
pub fn replenish(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Said) {
    let g = data.tracks.given.clone();
    let b = state.period_b();
    // 5.5.1
    if b {
        state.imperial.morale -= g.period_b_replenish_morale;
        log.say(format!("the siege wears on: Imperial Morale -{}", g.period_b_replenish_morale));
    }
    reward(state, data, Side::Imperial, log);
    let pay = if b { g.imperial_money_b } else { g.imperial_money_a };
    if state.imperial.money >= pay {
        state.imperial.money -= pay;
        log.say(format!("the Empire pays its mercenaries {pay} Money"));
    } else {
        let short = pay - state.imperial.money;
        state.imperial.money = 0;
        for _ in 0..short {
            imperial_loss(state, data, log);
        }
        state.imperial.morale -= g.unpaid_money_morale;
        log.say(format!(
            "{short} Money unpaid: {short} units leave and Imperial Morale -{}",
            g.unpaid_money_morale
        ));
    }
    let eat = if b { g.imperial_supplies_b } else { g.imperial_supplies_a };
    let short = (eat - state.imperial.supplies).max(0);
    state.imperial.supplies = (state.imperial.supplies - eat).max(0);
    if short > 0 {
        state.imperial.morale -= short;
        log.say(format!("{short} Supplies short: Imperial Morale -{short}"));
    }
    let deserters = data.tracks.deserters(state.imperial.morale.max(0));
    for _ in 0..deserters {
        imperial_loss(state, data, log);
    }
    if deserters > 0 {
        log.say(format!("{deserters} Imperial units desert"));
    }
    if morale_end(state) {
        return;
    }
    // 5.5.2: "He counts his Units and Civilian cubes on the map. He then adjusts his
    // Population track accordingly", then gains the areas' rewards, then "reduces his
    // Supplies according to the number listed in his Population track": the track
    // set before the rewards. Revision 3; before it, the count came after them.
    let counted = state.population();
    reward(state, data, Side::Insurgent, log);
    let pop = if state.revision >= 3 { counted } else { state.population() };
    let eat = data.tracks.eaten(pop);
    let short = (eat - state.insurgent.supplies).max(0);
    state.insurgent.supplies = (state.insurgent.supplies - eat).max(0);
    log.say(format!("the city of {pop} eats {eat} Supplies"));
    if short > 0 {
        state.insurgent.morale -= short;
        log.say(format!("{short} Supplies short: Insurgent Morale -{short}"));
    }
    if morale_end(state) {
        return;
    }
    if !state.insurgent.plea_done {
        let label = format!("R{} Plea for Help", state.round);
        let a = dice.d6(format!("{label} (die 1 of 2)"));
        let bb = dice.d6(format!("{label} (die 2 of 2)"));
        let total = a + bb + state.insurgent.plea;
        if total >= g.plea_help_target {
            state.insurgent.plea_done = true;
            state.insurgent.supplies += g.plea_help_supplies;
            state.insurgent.morale += g.plea_help_morale;
            for _ in 0..g.plea_help_units {
                place_insurgent(state, data);
            }
            log.say(format!(
                "Plea for Help: {a}+{bb}+{} = {total}: the Government sends help",
                state.insurgent.plea
            ));
        } else {
            log.say(format!("Plea for Help: {a}+{bb}+{} = {total}: no answer yet", state.insurgent.plea));
            state.insurgent.plea = (state.insurgent.plea + 1).min(data.tracks.tracks.plea_max);
        }
    }
    clamp(state, data);
    // 3.1: the end of the round.
    if let Some(v) = data.map.victory.iter().find(|v| state.stack(v).imperial() > 0) {
        state.over = Some(format!("the Empire wins: its units hold {v} at the end of round {}", state.round));
        state.winner = Some(Side::Imperial);
    } else if state.round >= 6 {
        state.over = Some("the Insurgents win: Messolonghi stands at the end of the sixth round".into());
        state.winner = Some(Side::Insurgent);
    }
}

/// Tracks stay on their lengths: Morale at most the track's top, nothing below zero.
pub fn clamp(state: &mut State, data: &Data) {
    let max = data.tracks.tracks.morale_max;
    for side in [Side::Imperial, Side::Insurgent] {
        let c = state.camp_mut(side);
        c.morale = c.morale.min(max);
        c.supplies = c.supplies.max(0);
        c.money = c.money.max(0);
    }
}

/// Morale 0 ends the game at once (3).
pub fn morale_end(state: &mut State) -> bool {
    if state.over.is_some() {
        return true;
    }
    if state.insurgent.morale <= 0 {
        state.over = Some("the Empire wins: the Insurgents' Morale is broken".into());
        state.winner = Some(Side::Imperial);
    } else if state.imperial.morale <= 0 {
        state.over = Some("the Insurgents win: the Imperial Morale is broken".into());
        state.winner = Some(Side::Insurgent);
    }
    state.over.is_some()
}

/// Rewards of the tiles a side holds (5.5).
fn reward(state: &mut State, data: &Data, side: Side, log: &mut Said) {
    let held: Vec<String> = state.areas.iter().filter(|a| a.side == side).map(|a| a.id.clone()).collect();
    for id in held {
        let Some(area) = data.area(&id) else { continue };
        let r = if side == Side::Imperial { area.imperial.clone() } else { area.insurgent.clone() };
        let c = state.camp_mut(side);
        c.supplies += r.supplies;
        c.morale += r.morale;
        for _ in 0..r.unit {
            if side == Side::Imperial {
                if super::actions::in_box(state, data, Side::Imperial, false) {
                    state.stack_mut("CAMP").expeditionary += 1;
                }
            } else {
                place_insurgent(state, data);
            }
        }
        for _ in 0..r.cannon {
            if side == Side::Imperial {
                state.camp_cannons += 1;
            } else {
                place_cannon(state, data);
            }
        }
        if r.vasiladi > 0 && side == Side::Imperial {
            let ring = "VAS.1";
            let room = data.map.space(ring).and_then(|s| s.limit).unwrap_or(3);
            for _ in 0..3 {
                let s = state.stack(ring);
                if s.insurgent == 0
                    && s.imperial() < room
                    && super::actions::in_box(state, data, Side::Imperial, false)
                {
                    state.stack_mut(ring).expeditionary += 1;
                }
            }
        }
        log.say(format!("{} holds {}: its reward", side.name(), area.name));
    }
}

/// Standing orders are kept as echoed (upper case); the state names spaces by their
/// map ids (`M5a`), so each word is looked up on the map before use. Words that are
/// no space were refused when the order came in; any left are dropped here.
/// Campaigns made before this (revision 1) used the words as they stood, and still do,
/// so they replay as they were.
fn map_ids(state: &State, data: &Data, words: Vec<String>) -> Vec<String> {
    if state.revision < 2 {
        return words;
    }
    words.iter().filter_map(|w| data.map.space(w).map(|s| s.id.clone())).collect()
}

/// A new Insurgent unit where the standing PLACE says, else the Wall space with fewest
/// units, forts first.
pub fn place_insurgent(state: &mut State, data: &Data) {
    if !super::actions::in_box(state, data, Side::Insurgent, false) {
        return;
    }
    let standing = map_ids(state, data, state.insurgent.standing_words("PLACE"));
    let pick =
        standing.iter().find(|sp| super::actions::insurgent_room(state, data, sp).is_ok()).cloned().or_else(
            || {
                data.map
                    .walls()
                    .filter(|w| super::actions::insurgent_room(state, data, &w.id).is_ok())
                    .min_by_key(|w| (state.stack(&w.id).insurgent, !w.fort, w.id.clone()))
                    .map(|w| w.id.clone())
            },
        );
    if let Some(sp) = pick {
        state.stack_mut(&sp).insurgent += 1;
    }
}

fn place_cannon(state: &mut State, data: &Data) {
    if let Some(w) =
        data.map.walls().find(|w| !state.cannons.contains_key(&w.id) && state.stack(&w.id).insurgent > 0)
    {
        state.cannons.insert(w.id.clone(), super::state::Cannon { side: Side::Insurgent, bombard: false });
    }
}

/// An Imperial unit lost to upkeep: the standing LOSSES spaces first, else the Camp,
/// then the row farthest from the Wall.
pub fn imperial_loss(state: &mut State, data: &Data, _log: &mut Said) {
    let mut order = map_ids(state, data, state.imperial.standing_words("LOSSES"));
    order.push("CAMP".into());
    let mut rows: Vec<(u32, String)> = data
        .map
        .spaces
        .iter()
        .filter(|s| s.kind != Kind::Camp)
        .map(|s| (s.row.unwrap_or(0), s.id.clone()))
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    order.extend(rows.into_iter().map(|(_, id)| id));
    if let Some(sp) = order.iter().find(|sp| state.stack(sp).imperial() > 0) {
        let sp = sp.clone();
        remove_unit(state, Side::Imperial, &sp);
    }
}
