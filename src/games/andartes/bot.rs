//! A random player for soak tests: legal orders, in the notation players type,
//! built by trying each candidate order on a copy of the state with the same
//! code that checks and resolves orders.

use rand_core::RngCore;

use super::orders::Attack;
use super::state::{Loc, Log, Roller, Side, Stage, State};
use super::{conflict, mobilization, movement, setup, turn};

pub(super) fn below(rng: &mut impl RngCore, n: usize) -> usize {
    if n == 0 { 0 } else { rng.next_u32() as usize % n }
}

pub(super) fn chance(rng: &mut impl RngCore, percent: u32) -> bool {
    rng.next_u32() % 100 < percent
}

fn pick<'a, T>(rng: &mut impl RngCore, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() { None } else { items.get(below(rng, items.len())) }
}

fn random_loc(state: &State, rng: &mut impl RngCore, region: &str, squares: bool) -> Loc {
    let n = state.region(region).map_or(0, |r| r.squares);
    if squares && n > 0 && chance(rng, 50) {
        Loc::square(region, 1 + below(rng, n as usize) as u8)
    } else {
        Loc::open(region)
    }
}

/// A random legal orders body for `player` in the current phase ("" if none due).
pub fn bot_orders(state: &State, player: &str, rng: &mut impl RngCore) -> String {
    let Some(side) = state.side_of(player) else {
        return String::new();
    };
    if state.active() != Some(side) {
        return String::new();
    }
    let mut lines = match state.stage {
        Stage::SetupGovernment | Stage::SetupDse => setup_lines(state, side, rng),
        _ => turn_lines(state, side, rng),
    };
    // Every line was tried on a copy already; this guards the whole body.
    for _ in 0..5 {
        let body = lines.join("\n");
        match turn::check(state, player, &body) {
            Ok(_) => return body,
            Err(errors) => {
                let bad: Vec<usize> = errors.iter().map(|e| e.line).collect();
                lines = lines
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| !bad.contains(&(i + 1)))
                    .map(|(_, l)| l)
                    .collect();
            }
        }
    }
    match state.stage {
        Stage::SetupGovernment | Stage::SetupDse => setup::default_lines(state, side).join("\n"),
        _ => "PASS".into(),
    }
}

fn setup_lines(state: &State, side: Side, rng: &mut impl RngCore) -> Vec<String> {
    let mut trial = state.clone();
    let mut lines = Vec::new();
    let greece: Vec<String> = state.rules.map.greece().map(|r| r.code.clone()).collect();
    let tight = setup::tight_regions(state);
    for &(kind, n, wh) in setup::forces(side) {
        for i in 0..n {
            let mut placed = false;
            for _ in 0..40 {
                let region = if side == Side::Government
                    && kind == "division"
                    && state.politics.doctrine == super::rules::Doctrine::Tight
                    && i < tight.len()
                {
                    tight[i].clone()
                } else {
                    pick(rng, &greece).cloned().unwrap_or_default()
                };
                let loc = match wh {
                    setup::Where::Open => Loc::open(&region),
                    setup::Where::Square => Loc::square(
                        &region,
                        1 + below(rng, trial.region(&region).map_or(1, |r| r.squares as usize)) as u8,
                    ),
                    setup::Where::Either => random_loc(&trial, rng, &region, true),
                };
                if setup::place(&mut trial, side, kind, &loc).is_ok() {
                    lines.push(format!("PLACE {kind} {}", loc.code()));
                    placed = true;
                    break;
                }
            }
            if !placed {
                return setup::default_lines(state, side);
            }
        }
    }
    if setup::complete(&trial, side).is_err() {
        return setup::default_lines(state, side);
    }
    lines.extend(standing_lines(state, side, rng));
    lines
}

fn standing_lines(state: &State, side: Side, rng: &mut impl RngCore) -> Vec<String> {
    let mut lines = Vec::new();
    if chance(rng, 30) {
        lines.push(format!("INITIATIVE {}", if chance(rng, 70) { "FIRST" } else { "SECOND" }));
    }
    if chance(rng, 30) {
        lines.push(format!("CONTROL {}", if chance(rng, 60) { "ADD" } else { "DEDUCT" }));
    }
    if side == Side::Government && chance(rng, 30) {
        let odds = ["NEVER", "1:1", "2:1", "3:1", "4:1"];
        lines.push(format!("DEFEND AIRSTRIKE {}", pick(rng, &odds).unwrap_or(&"NEVER")));
    }
    if chance(rng, 30) {
        lines.push(format!("DEFEND PP {}", 1 + below(rng, 5)));
    }
    let own: Vec<String> = state.units.values().filter(|u| u.side == side).map(|u| u.id.clone()).collect();
    if chance(rng, 30) && !own.is_empty() {
        let ids: Vec<String> = (0..3).filter_map(|_| pick(rng, &own).cloned()).collect();
        lines.push(format!("LOSSES {}", ids.join(" ")));
    }
    if chance(rng, 20)
        && let Some(u) = pick(rng, &own).and_then(|id| state.units.get(id))
    {
        let neighbours = state.region(&u.at.region).map(|r| r.neighbours.clone()).unwrap_or_default();
        if let Some(n) = pick(rng, &neighbours) {
            lines.push(format!("RETREAT {} TO {n}", u.id));
        }
    }
    lines
}

fn turn_lines(state: &State, side: Side, rng: &mut impl RngCore) -> Vec<String> {
    let mut trial = state.clone();
    let mut log = Log::default();
    let mut roller = Roller::dry();
    let mut lines = standing_lines(state, side, rng);
    if mobilization::due(state.turn) {
        let mut phase = mobilization::begin(&mut trial, side, &mut roller, &mut log);
        if side == Side::Government && chance(rng, 10) {
            let rural: Vec<String> = trial.rules.map.greece().map(|r| r.code.clone()).collect();
            if let Some(r) = pick(rng, &rural).cloned()
                && mobilization::resettle(&mut trial, &r, &mut roller, &mut log).is_ok()
            {
                lines.push(format!("RESETTLE {r}"));
            }
        }
        let chart: Vec<String> = trial
            .rules
            .mobilization
            .chart(side)
            .iter()
            .filter(|l| l.cost.is_some())
            .map(|l| l.kind.clone())
            .collect();
        let regions: Vec<String> = trial.rules.map.regions.keys().cloned().collect();
        for _ in 0..(2 + below(rng, 6)) {
            if side == Side::Government && chance(rng, 20) {
                if mobilization::build_airstrike(&mut trial, side, &mut phase, &mut log).is_ok() {
                    lines.push("BUILD airstrike".into());
                }
                continue;
            }
            let (Some(kind), Some(region)) = (pick(rng, &chart).cloned(), pick(rng, &regions).cloned())
            else {
                continue;
            };
            let loc = random_loc(&trial, rng, &region, true);
            if mobilization::build(&mut trial, side, &kind, &loc, &mut phase, &mut log).is_ok() {
                lines.push(format!("BUILD {kind} {}", loc.code()));
            }
        }
        let own: Vec<String> =
            trial.units.values().filter(|u| u.side == side).map(|u| u.id.clone()).collect();
        for _ in 0..below(rng, 4) {
            if let Some(id) = pick(rng, &own).cloned()
                && mobilization::upgrade(&mut trial, side, &id, &mut phase, &mut log).is_ok()
            {
                lines.push(format!("UPGRADE {id}"));
            }
        }
        if chance(rng, 5)
            && let Some(id) = pick(rng, &own).cloned()
            && mobilization::disband(&mut trial, side, &id, &mut log).is_ok()
        {
            lines.push(format!("DISBAND {id}"));
        }
    }
    let mut moves = movement::Phase::default();
    let own: Vec<String> = trial.units.values().filter(|u| u.side == side).map(|u| u.id.clone()).collect();
    for id in &own {
        let Some(u) = trial.units.get(id).cloned() else {
            continue;
        };
        let spread = trial.politics.doctrine == super::rules::Doctrine::Area;
        if u.kind == "division"
            && chance(rng, if spread { 60 } else { 10 })
            && movement::break_down(&mut trial, side, id, &mut moves, &mut log).is_ok()
        {
            lines.push(format!("BREAK {id}"));
            continue;
        }
        if u.kind == "lok" && chance(rng, 20) {
            let to_unconv = u.level == 1;
            if movement::mode(&mut trial, side, id, to_unconv, &mut moves, &mut log).is_ok() {
                lines.push(format!("LOK {id} {}", if to_unconv { "UNCONVENTIONAL" } else { "CONVENTIONAL" }));
            }
        }
        if !chance(rng, if spread { 90 } else { 60 }) || keeps_garrison(&trial, &u) {
            continue;
        }
        let mp = trial.movement(&u) as usize;
        if mp == 0 {
            continue;
        }
        let mut path: Vec<Loc> = Vec::new();
        let mut at = u.at.clone();
        for _ in 0..(1 + below(rng, mp)) {
            let neighbours = trial.region(&at.region).map(|r| r.neighbours.clone()).unwrap_or_default();
            let next = if chance(rng, 25) {
                random_loc(&trial, rng, &at.region, true)
            } else {
                // Under Area Defense the Government spreads out (16.3): it
                // prefers Regions of Greece it has no unit in.
                let empty: Vec<String> = neighbours
                    .iter()
                    .filter(|n| {
                        side == Side::Government
                            && trial.politics.doctrine == super::rules::Doctrine::Area
                            && trial.region(n).is_some_and(|r| !r.foreign())
                            && !trial.units_in(n).any(|x| x.side == side)
                    })
                    .cloned()
                    .collect();
                let choices = if empty.is_empty() || chance(rng, 20) { &neighbours } else { &empty };
                match pick(rng, choices) {
                    Some(n) => {
                        let squares = chance(rng, 30);
                        random_loc(&trial, rng, n, squares)
                    }
                    None => break,
                }
            };
            let mut candidate = path.clone();
            candidate.push(next.clone());
            if movement::walk(&trial, side, id, &candidate).is_ok() {
                path = candidate;
                at = next;
            } else {
                break;
            }
        }
        if !path.is_empty() && movement::travel(&mut trial, side, id, &path, &mut moves, &mut log).is_ok() {
            let words: Vec<String> = path.iter().map(Loc::code).collect();
            lines.push(format!("MOVE {id} {}", words.join(" ")));
        }
    }
    let brigades: Vec<String> = trial
        .units
        .values()
        .filter(|u| u.side == side && u.kind == "brigade")
        .map(|u| u.id.clone())
        .collect();
    if brigades.len() >= 3 && chance(rng, 20) {
        let ids: Vec<String> = brigades.iter().take(3).cloned().collect();
        if movement::combine(&mut trial, side, &ids, &mut moves, &mut log).is_ok() {
            lines.push(format!("COMBINE {}", ids.join(" ")));
        }
    }
    let mut attacks: Vec<Attack> = Vec::new();
    let regions: Vec<String> = trial.rules.map.regions.keys().cloned().collect();
    for region in regions {
        let enemy_locs: Vec<Loc> = {
            let mut l: Vec<Loc> =
                trial.units_in(&region).filter(|u| u.side != side).map(|u| u.at.clone()).collect();
            l.sort();
            l.dedup();
            l
        };
        if enemy_locs.is_empty() {
            continue;
        }
        let mut targets = enemy_locs.clone();
        targets.sort_by_key(|l| l.square.is_some());
        for target in targets {
            if !chance(rng, 70) {
                continue;
            }
            let used: Vec<String> = attacks.iter().flat_map(|a| a.units.clone()).collect();
            let mine: Vec<String> = trial
                .units_in(&region)
                .filter(|u| u.side == side && u.at != target && !used.contains(&u.id))
                .filter(|_| chance(rng, 80))
                .map(|u| u.id.clone())
                .collect();
            if mine.is_empty() {
                continue;
            }
            let attack = Attack {
                target: target.clone(),
                units: mine,
                airstrike: side == Side::Government
                    && target.square.is_none()
                    && trial.airstrikes > 0
                    && chance(rng, 40),
                pp: target.square.is_some() && chance(rng, 30),
                occupy: if chance(rng, 20) {
                    super::orders::Occupy::No
                } else {
                    super::orders::Occupy::First
                },
                min_odds: if chance(rng, 20) { Some(below(rng, 4)) } else { None },
            };
            let earlier: Vec<&Attack> = attacks.iter().collect();
            if conflict::check(&trial, side, &attack, &earlier).is_ok() {
                attacks.push(attack);
            }
        }
    }
    for a in &attacks {
        let mut line = format!("ATTACK {} WITH {}", a.target.code(), a.units.join(" "));
        if a.airstrike {
            line.push_str(" AIRSTRIKE");
        }
        if a.pp {
            line.push_str(" PP");
        }
        if a.occupy == super::orders::Occupy::No {
            line.push_str(" NOOCCUPY");
        }
        if let Some(m) = a.min_odds {
            line.push_str(&format!(" IF ODDS {}", super::crt::column_name(m)));
        }
        lines.push(line);
    }
    if lines.is_empty() {
        lines.push("PASS".into());
    }
    lines
}

/// A bot under Tight Defense keeps one division in each garrison Region (16.3),
/// so soak games last long enough to reach the later rules.
fn keeps_garrison(state: &State, unit: &super::state::Unit) -> bool {
    unit.kind == "division"
        && state.politics.doctrine == super::rules::Doctrine::Tight
        && setup::tight_regions(state).contains(&unit.at.region)
        && state.units_in(&unit.at.region).filter(|u| u.side == unit.side && u.kind == "division").count()
            == 1
}
