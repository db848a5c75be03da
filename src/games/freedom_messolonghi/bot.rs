//! A player for soak games and the guide's examples: it claims the other side's
//! Events now and then, plays Events it can aim, and otherwise spends AP where they
//! tell (Imperial: attacks on the Wall, forward moves, Support, Pleas, cannons;
//! Insurgent: attacks, Raids, repairs, training, Support), storing what is left. Its
//! files use the whole notation (THEN blocks, FIRE plans, standing orders), and every
//! one of them is accepted by `parse`.

use rand_core::RngCore;

use super::actions;
use super::data::{Data, Kind, Reach};
use super::play::may_play_event;
use super::state::{Side, Stage, State};
use crate::engine::roll::Given;

fn chance(rng: &mut dyn RngCore, p: u32) -> bool {
    rng.next_u32() % 100 < p
}

fn pick<'a, T>(rng: &mut dyn RngCore, list: &'a [T]) -> Option<&'a T> {
    if list.is_empty() { None } else { list.get(rng.next_u32() as usize % list.len()) }
}

fn standing(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    if chance(rng, 20) {
        out.push(if chance(rng, 50) { "MORALE UP" } else { "MORALE DOWN" }.into());
    }
    if chance(rng, 15) {
        out.push(if chance(rng, 60) { "LASTCLAIM ALWAYS" } else { "LASTCLAIM NEVER" }.into());
    }
    if chance(rng, 10) {
        out.push(match side {
            Side::Insurgent => "PLACE F2 F3 W3".into(),
            Side::Imperial => "LOSSES CAMP M5a M5b".into(),
        });
    }
    if chance(rng, 15) {
        let guns: Vec<String> =
            state.cannons.iter().filter(|(_, c)| c.side == side).map(|(s, _)| s.clone()).collect();
        if let Some(g) = pick(rng, &guns) {
            let targets = data.cannons.targets.get(g).cloned().unwrap_or_default();
            let t: Vec<&(String, Reach)> = targets.iter().filter(|(_, r)| *r != Reach::Distance(4)).collect();
            match pick(rng, &t) {
                Some((t, _)) if chance(rng, 85) => out.push(format!("FIRE {g} AT {t}")),
                _ => out.push(format!("FIRE {g} HOLD")),
            }
        }
    }
    out
}

/// Revision 5: a file as a careful player by mail writes it: the play due (if any),
/// the cannons' plan and the last-turn claim answered at once, then a plan for the
/// side's other plays of the round, each a guarded block with a plain fallback.
fn planned(state: &State, data: &Data, side: Side, depth: u32, rng: &mut dyn RngCore) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut own: Vec<String> = Vec::new();
    match state.stage {
        Stage::Setup => lines.push("READY".into()),
        Stage::Advance if side == Side::Imperial => lines.extend(advance(state, data, rng)),
        Stage::Regroup if side == Side::Insurgent => {
            lines.extend(regroup(state, data, rng));
            if state.first == Side::Insurgent {
                own = play(state, data, side, rng);
            }
        }
        Stage::LastClaim if side == state.first => {
            return if chance(rng, 50) { "1".into() } else { "2".into() };
        }
        Stage::Play if state.to_play == side => own = play(state, data, side, rng),
        Stage::Fire => {}
        _ => return standing(state, data, side, rng).join("\n"),
    }
    lines.extend(own.iter().cloned());
    // The board as the bot expects it before each planned play: its own plays made
    // (every die falling low), the other side's unknown and left out.
    let mut trial = state.clone();
    let mut sink = actions::Said::default();
    if !own.is_empty() {
        let _ = super::play::run(&mut trial, data, side, &own, false, &mut Given::default(), &mut sink);
    }
    let played: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            match w.as_slice() {
                ["PLAY", c, ..] | ["CLAIM", _, "DISCARD", c] => Some(c.to_string()),
                _ => None,
            }
        })
        .collect();
    // Every cannon's plan for the round, and the last-turn claim, so that neither the
    // Cannons phase nor the last play waits for a mail.
    lines.push("FIRE DEFAULT".into());
    if state.stage == Stage::Fire {
        return lines.join("\n");
    }
    if side == state.first {
        lines.push(if chance(rng, 60) { "LASTCLAIM ALWAYS" } else { "LASTCLAIM NEVER" }.into());
    }
    let mut hand: Vec<String> =
        state.camp(side).hand.iter().filter(|h| !played.contains(h)).cloned().collect();
    let mine_left = 7u32.saturating_sub(state.camp(side).played + played.len() as u32).min(depth);
    for _ in 0..mine_left {
        if hand.is_empty() {
            break;
        }
        let i = rng.next_u32() as usize % hand.len();
        let id = hand.remove(i);
        let Some(card) = data.card(&id) else { continue };
        let guard = match rng.next_u32() % 5 {
            0 => "THEN IF OPPONENT PLAYS AP".to_string(),
            1 => "THEN IF NOT OPPONENT PLAYS EVENT".to_string(),
            2 => format!("THEN IF HOLDING {id}"),
            3 => "THEN IF NOT OPPONENT ATTACKS".to_string(),
            _ => "THEN".to_string(),
        };
        let mut ways: Vec<Vec<String>> = Vec::new();
        // The Empire's chance: should a Wall space next to its units be broken by then,
        // storm it and move in.
        let mut heads: Vec<String> = Vec::new();
        if side == Side::Imperial
            && let Some((wall, from)) = breach(&trial, data)
        {
            let mut way = vec![format!("PLAY {id} AP")];
            let n = trial.stack(&from).imperial().min(card.ap.saturating_sub(1)).max(1);
            for _ in 0..n {
                way.push(format!("ATTACK {wall} FROM {from}"));
            }
            way.push(format!("SLOW {from}-{wall}"));
            heads.push(format!("THEN IF DAMAGE {wall} AT LEAST 1"));
            ways.push(way);
        }
        if let Some(line) = event_line(&trial, data, side, card, rng) {
            let mut way = vec![line];
            let ap: i32 = card.effects.iter().filter(|e| e.op == "ap").map(|e| e.n).sum();
            if ap > 0 {
                way.extend(actions_for(&trial, data, side, ap as u32, rng));
            }
            ways.push(way);
        }
        let mut way = vec![format!("PLAY {id} AP")];
        way.extend(actions_for(&trial, data, side, card.ap, rng));
        ways.push(way);
        if let Some(first) = ways.first() {
            let _ = super::play::run(&mut trial, data, side, first, false, &mut Given::default(), &mut sink);
        }
        for (k, way) in ways.into_iter().enumerate() {
            lines.push(match (k, heads.get(k)) {
                (_, Some(h)) if k == 0 => h.clone(),
                (_, Some(h)) => h.replacen("THEN", "ELSE", 1),
                (k, None) if k == heads.len() => {
                    guard.replacen("THEN", if k == 0 { "THEN" } else { "ELSE" }, 1)
                }
                _ => "ELSE".into(),
            });
            lines.extend(way);
        }
        lines.push("ELSE".into());
        lines.push(format!("PLAY {id} AP"));
        lines.push("REST PREPARE".into());
    }
    lines.join("\n")
}

/// The Wall space the Empire would storm: one next to a space of at least two of its
/// units, the most damaged first.
fn breach(state: &State, data: &Data) -> Option<(String, String)> {
    let mut best: Option<(u32, String, String)> = None;
    for (sp, st) in &state.units {
        if st.imperial() < 2 {
            continue;
        }
        for n in data.map.neighbours(sp) {
            if data.map.space(n).is_some_and(|x| x.kind == Kind::Wall) {
                let d = state.damage.get(n).copied().unwrap_or(0);
                if best.as_ref().is_none_or(|(b, _, _)| d > *b) {
                    best = Some((d, n.to_string(), sp.clone()));
                }
            }
        }
    }
    best.map(|(_, w, f)| (w, f))
}

/// The file a report shows as an example: the bot's, with a plan two plays deep.
pub fn example(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> String {
    if state.revision >= 5 {
        return planned(state, data, side, 2, rng);
    }
    orders(state, data, side, rng)
}

fn regroup(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let from: Vec<String> =
        state.units.iter().filter(|(_, s)| s.insurgent > 0).map(|(sp, _)| sp.clone()).collect();
    let to: Vec<String> = data
        .map
        .spaces
        .iter()
        .filter(|s| actions::insurgent_room(state, data, &s.id).is_ok())
        .map(|s| s.id.clone())
        .collect();
    match (pick(rng, &from), pick(rng, &to)) {
        (Some(a), Some(b)) if a != b && chance(rng, 60) => vec![format!("REGROUP {a} {b}")],
        _ => Vec::new(),
    }
}

pub fn orders(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> String {
    if state.revision >= 5 {
        return planned(state, data, side, 7, rng);
    }
    let mut lines: Vec<String> = Vec::new();
    match state.stage {
        Stage::Setup => lines.push("READY".into()),
        Stage::Advance if side == Side::Imperial => lines.extend(advance(state, data, rng)),
        Stage::Regroup if side == Side::Insurgent => {
            lines.extend(regroup(state, data, rng));
            if state.first == Side::Insurgent {
                lines.extend(play(state, data, side, rng));
            }
        }
        Stage::LastClaim if side == state.first => {
            return if chance(rng, 50) { "1".into() } else { "2".into() };
        }
        Stage::Play if state.to_play == side => {
            lines.extend(play(state, data, side, rng));
            if chance(rng, 15) {
                let hand = &state.camp(side).hand;
                if hand.len() >= 2 {
                    let guard = pick(rng, &["ANY", "AP", "EVENT"]).copied().unwrap_or("ANY");
                    lines.push(format!("THEN IF OPPONENT PLAYS {guard}"));
                    lines.push(format!("PLAY {} AP", hand[hand.len() - 1]));
                    lines.push("REST PREPARE".into());
                }
            }
        }
        _ => {}
    }
    lines.extend(standing(state, data, side, rng));
    lines.join("\n")
}

fn advance(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    let rows: Vec<Option<u32>> = {
        let mut r: Vec<Option<u32>> = state
            .units
            .iter()
            .filter(|(_, s)| s.imperial() > 0)
            .filter_map(|(sp, _)| data.map.space(sp))
            .filter(|s| matches!(s.kind, Kind::Mainland | Kind::Camp))
            .map(|s| s.row)
            .collect();
        r.sort();
        r.dedup();
        r
    };
    if let Some(row) = pick(rng, &rows).copied() {
        let mut moves = Vec::new();
        let mut trial = state.clone();
        for sp in
            data.map.spaces.iter().filter(|s| s.row == row && matches!(s.kind, Kind::Mainland | Kind::Camp))
        {
            for _ in 0..trial.stack(&sp.id).imperial() {
                if moves.len() >= 5 {
                    break;
                }
                if trial.cannons.contains_key(&sp.id) && trial.stack(&sp.id).imperial() <= 1 {
                    break;
                }
                let allied = trial.stack(&sp.id).expeditionary == 0;
                let steps: Vec<String> = data
                    .map
                    .links
                    .iter()
                    .filter(|(a, _, k)| *a == sp.id && *k == super::data::Link::Forward)
                    .map(|(_, b, _)| b.clone())
                    .filter(|b| !data.map.space(b).is_some_and(|x| x.slow))
                    .filter(|b| actions::imperial_step(&trial, data, &sp.id, b, false, allied, true).is_ok())
                    .collect();
                if let Some(b) = pick(rng, &steps) {
                    let _ = actions::slow_move(&mut trial, data, &sp.id, b, Some(allied));
                    moves.push(format!("{}-{b}", sp.id));
                }
            }
        }
        if !moves.is_empty() {
            out.push(format!("ADVANCE {}", moves.join(" ")));
        }
    }
    if state.round == 4 {
        let room = super::round::allied_room(state, data);
        let spots: Vec<String> = room.iter().take(4).map(|r| format!("{r} 3")).collect();
        if !spots.is_empty() {
            out.push(format!("ALLIES {}", spots.join(" ")));
        }
    }
    out
}

/// A choice of TARGET for a card's operations, if one fits.
fn target_for(state: &State, data: &Data, side: Side, card: &super::data::Card) -> Option<String> {
    let e = card.effects.iter().find(|e| e.at.as_deref() == Some("target"))?;
    let who = match e.side.as_deref() {
        Some("imperial") => Side::Imperial,
        Some("insurgent") => Side::Insurgent,
        Some("enemy") => side.other(),
        _ => side,
    };
    let spaces = data.map.spaces.iter();
    let pick = match e.op.as_str() {
        "damage" => spaces
            .filter(|s| s.kind == Kind::Wall && state.damage.get(&s.id).copied().unwrap_or(0) < 2)
            .map(|s| s.id.clone())
            .next(),
        "repair" => spaces
            .filter(|s| s.kind == Kind::Wall && state.damage.contains_key(&s.id))
            .map(|s| s.id.clone())
            .next(),
        "units" if e.n < 0 => spaces
            .filter(|s| state.stack(&s.id).of(who) > 0 && s.kind != Kind::Camp)
            .map(|s| s.id.clone())
            .next(),
        "units" => spaces
            .filter(|s| {
                if who == Side::Insurgent {
                    actions::insurgent_room(state, data, &s.id).is_ok()
                } else {
                    s.kind == Kind::Mainland
                }
            })
            .map(|s| s.id.clone())
            .next(),
        _ => None,
    };
    pick.or_else(|| data.map.walls().next().map(|w| w.id.clone()))
}

fn play(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> Vec<String> {
    let hand = state.camp(side).hand.clone();
    if hand.is_empty() {
        return Vec::new();
    }
    if let Some(c) = &state.claimable
        && hand.len() >= 2
        && chance(rng, 40)
        && let Some(discard) = hand.iter().filter_map(|h| data.card(h)).min_by_key(|k| (k.ap, k.id.clone()))
    {
        return vec![format!("CLAIM {c} DISCARD {}", discard.id)];
    }
    let id = pick(rng, &hand).cloned().unwrap_or_default();
    let Some(card) = data.card(&id).cloned() else { return Vec::new() };
    let mut out = Vec::new();
    if let Some(line) = event_line(state, data, side, &card, rng) {
        out.push(line);
        let ap: i32 = card.effects.iter().filter(|e| e.op == "ap").map(|e| e.n).sum();
        if ap > 0 {
            out.extend(actions_for(state, data, side, ap as u32, rng));
        }
        return out;
    }
    out.push(format!("PLAY {} AP", card.id));
    out.extend(actions_for(state, data, side, card.ap, rng));
    out
}

/// The card's Event as a play line, now and then, where the side may play it.
fn event_line(
    state: &State,
    data: &Data,
    side: Side,
    card: &super::data::Card,
    rng: &mut dyn RngCore,
) -> Option<String> {
    if may_play_event(side, &card.colour) && !card.effects.iter().any(|e| e.op == "gm") && chance(rng, 40) {
        let mut line = format!("PLAY {} EVENT", card.id);
        if card.effects.iter().any(|e| e.at.as_deref() == Some("target"))
            && let Some(t) = target_for(state, data, side, card)
        {
            line.push_str(&format!(" TARGET {t}"));
        }
        if card
            .effects
            .iter()
            .any(|e| e.at.as_deref() == Some("area") || (e.op == "support" && e.at.is_none()))
        {
            let areas: Vec<String> = data.areas.iter().map(|a| a.id.clone()).collect();
            if let Some(a) = pick(rng, &areas) {
                line.push_str(&format!(" AREA {a}"));
            }
        }
        return Some(line);
    }
    None
}

/// Lines that spend about `ap` AP sensibly; more than can be paid is harmless (the
/// rest are skipped), and REST PREPARE keeps what is left.
fn actions_for(state: &State, data: &Data, side: Side, ap: u32, rng: &mut dyn RngCore) -> Vec<String> {
    let mut out = Vec::new();
    let mut budget = ap as i32;
    let enemy = side.other();
    // Attacks on adjacent enemy units.
    let mut attacks = Vec::new();
    for (sp, st) in &state.units {
        if st.of(side) == 0 || sp == "CAMP" {
            continue;
        }
        for n in data.map.neighbours(sp) {
            if state.stack(n).of(enemy) > 0 {
                attacks.push(format!("ATTACK {n} FROM {sp}"));
            }
        }
    }
    // A unit attacks once a play: no more attacks from a space than units on it.
    if state.revision >= 5 {
        let mut used: std::collections::BTreeMap<String, u32> = Default::default();
        attacks.retain(|a| {
            let from = a.rsplit(' ').next().unwrap_or("").to_string();
            let n = used.entry(from.clone()).or_insert(0);
            *n += 1;
            *n <= state.stack(&from).of(side)
        });
    }
    // The Imperial side hammers the most damaged Wall spaces, forts first; the
    // Insurgents strike wherever they can.
    if side == Side::Imperial {
        attacks.sort_by_key(|a| {
            let t = a.split_whitespace().nth(1).unwrap_or("");
            let fort = data.map.space(t).is_some_and(|s| s.fort);
            (std::cmp::Reverse(state.damage.get(t).copied().unwrap_or(0)), !fort, t.to_string())
        });
        let n = attacks.len().min(budget.max(0) as usize);
        out.extend(attacks.iter().take(n).cloned());
        budget -= n as i32;
        // Into any broken Wall space its defenders have left (skipped while they hold).
        for (sp, st) in &state.units {
            if st.imperial() < 2 {
                continue;
            }
            for n in data.map.neighbours(sp) {
                if data.map.space(n).is_some_and(|x| x.kind == Kind::Wall) && state.damage.contains_key(n) {
                    out.push(format!("SLOW {sp}-{n}"));
                }
            }
        }
    } else {
        while budget > 0 {
            let Some(a) = pick(rng, &attacks).cloned() else { break };
            if !chance(rng, 70) {
                break;
            }
            out.push(a);
            budget -= 1;
        }
    }
    match side {
        Side::Imperial => {
            // Money first: a Plea for Funds when the next upkeep cannot be paid.
            if budget >= 3 && state.imperial.money < 6 {
                out.insert(0, "PLEA".into());
                budget -= 3;
            }
            // A cannon as near the Wall as the AP and the Preparation track allow.
            let can = budget.max(0) as u32 + state.imperial.preparation;
            if state.camp_cannons > 0 && budget >= 1 {
                let best = data
                    .map
                    .spaces
                    .iter()
                    .filter_map(|s| actions::imperial_cannon_cost(state, data, &s.id).ok().map(|c| (c, s)))
                    .filter(|(c, _)| *c <= can)
                    .max_by_key(|(c, s)| (*c, std::cmp::Reverse(s.id.clone())));
                if let Some((c, sp)) = best {
                    out.insert(0, format!("BUILD CANNON {}", sp.id));
                    budget -= c as i32;
                }
            }
            if budget >= 1 && state.imperial.money > 6 && chance(rng, 15) && !out.is_empty() {
                out.insert(0, "REWARD".into());
            }
            // Forward moves and slow steps onto a broken Wall; a cannon keeps its crew.
            let mut trial = state.clone();
            for (sp, st) in &state.units {
                if budget <= 0 || st.imperial() == 0 {
                    continue;
                }
                if state.cannons.get(sp).is_some_and(|c| c.side == Side::Imperial)
                    && trial.stack(sp).imperial() <= 1
                {
                    continue;
                }
                let allied = st.expeditionary == 0;
                let steps: Vec<String> = data
                    .map
                    .imperial_steps(sp)
                    .into_iter()
                    .filter(|b| actions::imperial_step(&trial, data, sp, b, true, allied, true).is_ok())
                    .map(str::to_string)
                    .collect();
                if let Some(b) = pick(rng, &steps)
                    && chance(rng, 35)
                {
                    let slow = data.map.space(b).is_some_and(|x| x.slow);
                    if slow {
                        out.push(format!("SLOW {sp}-{b}"));
                    } else {
                        out.push(format!("MOVE {sp}-{b}"));
                    }
                    let _ = actions::slow_move(&mut trial, data, sp, b, Some(allied));
                    budget -= 1;
                }
            }
        }
        Side::Insurgent => {
            for r in data.map.raids.iter().filter(|r| r.cost <= budget as u32) {
                if state.stack(&r.from).insurgent > 0
                    && state.stack(&r.target).imperial() > 0
                    && chance(rng, 30)
                {
                    out.push(format!("RAID {} FROM {}", r.target, r.from));
                    budget -= r.cost as i32;
                    break;
                }
            }
            if budget >= 4 {
                if let Some(w) = data
                    .map
                    .walls()
                    .find(|w| state.damage.contains_key(&w.id) && state.stack(&w.id).insurgent > 0)
                {
                    out.push(format!("REPAIR {}", w.id));
                    budget -= 4;
                } else if state.civilians > 0
                    && chance(rng, 50)
                    && let Some(w) =
                        data.map.walls().find(|w| actions::insurgent_room(state, data, &w.id).is_ok())
                {
                    out.push(format!("TRAIN {}", w.id));
                    budget -= 4;
                }
            }
            if budget >= 3 && !state.insurgent.plea_done && chance(rng, 30) {
                out.push("PLEA".into());
                budget -= 3;
            }
        }
    }
    if budget >= 2 && chance(rng, 60) {
        let mine: Vec<String> =
            state.areas.iter().filter(|a| a.side != side || a.support < 5).map(|a| a.id.clone()).collect();
        if let Some(a) = pick(rng, &mine) {
            out.push(format!("SUPPORT {a}"));
        }
    }
    out.push("REST PREPARE".into());
    out
}
