//! A player that plays sensibly: each decision is the legal choice that most improves
//! what the side would score at the next Control Phase, judged by the rules' own
//! arithmetic (control points for each Region held, the Government's doctrine
//! penalties of 16.3, the units each side keeps). Ties and one decision in ten are
//! settled at random, so that soak games still explore the rules.
//!
//! It is what `soak` plays Andartes with, and what shows (README, "Bot games") that
//! both sides can win under every doctrine.

use rand_core::RngCore;

use super::bot::{below, chance};
use super::control::{controller, garrisoned, points};
use super::orders::{Attack, Occupy};
use super::rules::Doctrine;
use super::state::{Loc, Log, Roller, Side, Stage, State, Unit};
use super::{conflict, crt, mobilization, movement, setup};

/// What `side` expects from the position: control points it would collect (and the
/// enemy's it would suffer), the Government's doctrine penalties, and a little for
/// the strength it keeps on the map.
pub fn value(state: &State, side: Side) -> f64 {
    let mut v = 0.0;
    for r in state.rules.map.regions.values() {
        match controller(state, &r.code) {
            Some(s) if s == side => v += f64::from(points(state, &r.code, s)),
            Some(s) => v -= f64::from(points(state, &r.code, s)),
            None => {}
        }
    }
    // Regions this side could take by attack this turn: strength enough in the Open
    // area against what the enemy has there and in the squares (11.2's odds).
    for r in state.rules.map.greece() {
        let enemy = side.other();
        let open_mine: i32 = state
            .units_in(&r.code)
            .filter(|u| u.side == side && u.at.square.is_none())
            .map(|u| state.strength(u))
            .sum();
        if open_mine == 0 {
            continue;
        }
        let strongest_square: i32 = state
            .units_in(&r.code)
            .filter(|u| u.side == enemy && u.at.square.is_some())
            .map(|u| state.strength(u))
            .max()
            .unwrap_or(0);
        let open_theirs: i32 = state
            .units_in(&r.code)
            .filter(|u| u.side == enemy && u.at.square.is_none())
            .map(|u| state.strength(u))
            .sum();
        if strongest_square > 0 && open_mine >= 3 * strongest_square && open_mine >= 2 * open_theirs {
            v += 0.5 * f64::from(points(state, &r.code, enemy) + points(state, &r.code, side));
        }
    }
    let penalty = doctrine_penalty(state);
    v += if side == Side::Government { -penalty } else { penalty };
    let strength = |s: Side| -> f64 {
        state.units.values().filter(|u| u.side == s).map(|u| f64::from(state.strength(u))).sum()
    };
    v + 0.05 * (strength(side) - strength(side.other()))
}

/// The Government's expected doctrine penalty at the Control Phase (16.3).
fn doctrine_penalty(state: &State) -> f64 {
    match state.politics.doctrine {
        Doctrine::Area => state
            .rules
            .map
            .greece()
            .filter(|r| !state.units_in(&r.code).any(|u| u.side == Side::Government))
            .count() as f64,
        // One die a Region: 3.5 on average.
        Doctrine::Tight => {
            3.5 * setup::tight_regions(state).iter().filter(|c| !garrisoned(state, c)).count() as f64
        }
        Doctrine::Aggressive => 0.0,
    }
}

/// The value of the position with `unit` standing at `at` instead (nothing else moved).
fn value_with(state: &mut State, side: Side, id: &str, at: &Loc) -> f64 {
    let Some(before) = state.units.get(id).map(|u| u.at.clone()) else {
        return f64::MIN;
    };
    if let Some(u) = state.units.get_mut(id) {
        u.at = at.clone();
    }
    let v = value(state, side);
    if let Some(u) = state.units.get_mut(id) {
        u.at = before;
    }
    v
}

/// The value with one more unit of `kind` at `at` (for set-up and builds).
fn value_adding(state: &mut State, side: Side, kind: &str, level: i32, at: &Loc) -> f64 {
    let id = "#candidate".to_string();
    state
        .units
        .insert(id.clone(), Unit { id: id.clone(), kind: kind.to_string(), side, level, at: at.clone() });
    let v = value(state, side);
    state.units.remove(&id);
    v
}

/// Every place in `region`: its Open area and its empty squares.
fn places(state: &State, region: &str) -> Vec<Loc> {
    let mut out = vec![Loc::open(region)];
    out.extend(state.empty_squares(region).into_iter().map(|s| Loc::square(region, s)));
    out
}

/// Orders for `player` now ("" when none are due).
pub fn orders(state: &State, player: &str, rng: &mut impl RngCore) -> String {
    let Some(side) = state.side_of(player) else {
        return String::new();
    };
    if state.active() != Some(side) {
        return String::new();
    }
    let mut lines = standing(state, side);
    match state.stage {
        Stage::SetupGovernment | Stage::SetupDse => set_up(state, side, rng, &mut lines),
        _ => turn(state, side, rng, &mut lines),
    }
    if lines.is_empty() {
        lines.push("PASS".into());
    }
    lines.join("\n")
}

fn standing(state: &State, side: Side) -> Vec<String> {
    let (mine, theirs) = (*state.pi.get(side), *state.pi.get(side.other()));
    let mut lines = vec![
        "INITIATIVE FIRST".to_string(),
        // Points taken from a weaker enemy bring the end nearer; a side in danger
        // keeps them.
        format!("CONTROL {}", if theirs < mine && mine > 25 { "DEDUCT" } else { "ADD" }),
        format!("DEFEND PP {}", if mine > 30 { "2" } else { "NEVER" }),
    ];
    if side == Side::Government {
        lines.push("DEFEND AIRSTRIKE 2:1".into());
    }
    lines
}

fn set_up(state: &State, side: Side, rng: &mut impl RngCore, lines: &mut Vec<String>) {
    let mut trial = state.clone();
    let greece: Vec<String> = state.rules.map.greece().map(|r| r.code.clone()).collect();
    for &(kind, n, wh) in setup::forces(side) {
        for _ in 0..n {
            let mut best: Option<(f64, Loc)> = None;
            for region in &greece {
                for loc in places(&trial, region) {
                    let fits = match wh {
                        setup::Where::Open => loc.square.is_none(),
                        setup::Where::Square => loc.square.is_some(),
                        setup::Where::Either => true,
                    };
                    if !fits {
                        continue;
                    }
                    let v = value_adding(&mut trial, side, kind, 1, &loc)
                        + f64::from(below(rng, 100) as u32) * 1e-4;
                    if best.as_ref().is_none_or(|(b, _)| v > *b) {
                        let mut probe = trial.clone();
                        if setup::place(&mut probe, side, kind, &loc).is_ok() {
                            best = Some((v, loc));
                        }
                    }
                }
            }
            let Some((_, loc)) = best else {
                *lines = setup::default_lines(state, side);
                return;
            };
            if setup::place(&mut trial, side, kind, &loc).is_ok() {
                lines.push(format!("PLACE {kind} {}", loc.code()));
            }
        }
    }
    if setup::complete(&trial, side).is_err() {
        *lines = setup::default_lines(state, side);
        lines.extend(standing(state, side));
    }
}

fn turn(state: &State, side: Side, rng: &mut impl RngCore, lines: &mut Vec<String>) {
    let mut trial = state.clone();
    let mut log = Log::default();
    let mut roller = Roller::dry();
    if mobilization::due(state.turn) {
        build(&mut trial, side, rng, &mut roller, &mut log, lines);
    }
    let mut moves = movement::Phase::default();
    // Spread out: more units hold more squares. An Area Defense breaks divisions
    // down while Regions stand empty; any doctrine does while the DSE holds many
    // Regions; a Tight Defense never breaks the divisions of its garrisons.
    if side == Side::Government {
        let dse_held =
            trial.rules.map.greece().filter(|r| controller(&trial, &r.code) == Some(Side::Dse)).count();
        let spread =
            (trial.politics.doctrine == Doctrine::Area && doctrine_penalty(&trial) >= 3.0) || dse_held >= 5;
        if spread {
            let tight = setup::tight_regions(&trial);
            let keep_garrisons = trial.politics.doctrine == Doctrine::Tight;
            let divisions: Vec<String> = trial
                .units
                .values()
                .filter(|u| u.side == side && u.kind == "division" && u.at.square.is_none())
                .filter(|u| !(keep_garrisons && tight.contains(&u.at.region)))
                .map(|u| u.id.clone())
                .collect();
            for id in divisions.into_iter().take(3) {
                if movement::break_down(&mut trial, side, &id, &mut moves, &mut log).is_ok() {
                    lines.push(format!("BREAK {id}"));
                }
            }
        }
    }
    let mut ids: Vec<String> =
        trial.units.values().filter(|u| u.side == side).map(|u| u.id.clone()).collect();
    // Shuffle so that no unit always chooses first.
    for i in (1..ids.len()).rev() {
        ids.swap(i, below(rng, i + 1));
    }
    for id in ids {
        let Some(u) = trial.units.get(&id).cloned() else { continue };
        let mp = trial.movement(&u) as usize;
        if mp == 0 {
            continue;
        }
        let here = value(&trial, side);
        let mut options: Vec<(f64, Vec<Loc>)> = Vec::new();
        for path in paths(&trial, &u, mp) {
            let Some(end) = path.last().cloned() else { continue };
            if movement::walk(&trial, side, &id, &path).is_err() {
                continue;
            }
            let v = value_with(&mut trial, side, &id, &end);
            options.push((v, path));
        }
        if options.is_empty() {
            continue;
        }
        let pick = if chance(rng, 10) {
            below(rng, options.len())
        } else {
            let mut best = 0;
            for (i, (v, _)) in options.iter().enumerate() {
                if *v > options[best].0 || (*v == options[best].0 && chance(rng, 50)) {
                    best = i;
                }
            }
            if options[best].0 <= here + 1e-9 {
                continue;
            }
            best
        };
        let path = options.swap_remove(pick).1;
        if movement::travel(&mut trial, side, &id, &path, &mut moves, &mut log).is_ok() {
            let words: Vec<String> = path.iter().map(Loc::code).collect();
            lines.push(format!("MOVE {id} {}", words.join(" ")));
        }
    }
    attacks(&trial, side, lines);
}

/// Paths a unit could take: to each Region within its movement allowance (by the
/// shortest chain of borders), ending in the Open area or an empty square.
fn paths(state: &State, u: &Unit, mp: usize) -> Vec<Vec<Loc>> {
    let mut out: Vec<Vec<Loc>> = Vec::new();
    let mut frontier: Vec<(String, Vec<Loc>)> = vec![(u.at.region.clone(), Vec::new())];
    let mut seen = std::collections::BTreeSet::from([u.at.region.clone()]);
    for s in state.empty_squares(&u.at.region) {
        out.push(vec![Loc::square(&u.at.region, s)]);
    }
    if u.at.square.is_some() {
        out.push(vec![Loc::open(&u.at.region)]);
    }
    for _ in 0..mp {
        let mut next = Vec::new();
        for (region, path) in &frontier {
            let neighbours = state.region(region).map(|r| r.neighbours.clone()).unwrap_or_default();
            for n in neighbours {
                if !seen.insert(n.clone()) {
                    continue;
                }
                let mut p = path.clone();
                p.push(Loc::open(&n));
                for s in state.empty_squares(&n) {
                    let mut q = p.clone();
                    q.push(Loc::square(&n, s));
                    out.push(q);
                }
                out.push(p.clone());
                next.push((n, p));
            }
        }
        frontier = next;
    }
    out
}

/// Mobilization: what raises the expected score most for its price, within the
/// doctrine's limit and keeping a margin of Political Index.
fn build(
    trial: &mut State,
    side: Side,
    rng: &mut impl RngCore,
    roller: &mut Roller,
    log: &mut Log,
    lines: &mut Vec<String>,
) {
    let mut phase = mobilization::begin(trial, side, roller, log);
    for _ in 0..8 {
        let pi = *trial.pi.get(side);
        if pi < 20 {
            break;
        }
        let chart: Vec<(String, i32)> = trial
            .rules
            .mobilization
            .chart(side)
            .iter()
            .filter_map(|l| l.cost.map(|c| (l.kind.clone(), c)))
            .collect();
        let here = value(trial, side);
        let mut best: Option<(f64, String, Loc)> = None;
        let regions: Vec<String> = trial.rules.map.regions.keys().cloned().collect();
        for (kind, cost) in &chart {
            if pi - cost < 15 {
                continue;
            }
            for region in &regions {
                for loc in places(trial, region) {
                    let gain = (value_adding(trial, side, kind, 1, &loc) - here) / f64::from((*cost).max(1));
                    let gain = gain + f64::from(below(rng, 100) as u32) * 1e-5;
                    if gain > 0.25 && best.as_ref().is_none_or(|(b, ..)| gain > *b) {
                        let mut probe = trial.clone();
                        let mut probe_phase = phase.clone();
                        let mut quiet = Log::default();
                        if mobilization::build(&mut probe, side, kind, &loc, &mut probe_phase, &mut quiet)
                            .is_ok()
                        {
                            best = Some((gain, kind.clone(), loc));
                        }
                    }
                }
            }
        }
        let Some((_, kind, loc)) = best else { break };
        if mobilization::build(trial, side, &kind, &loc, &mut phase, log).is_ok() {
            lines.push(format!("BUILD {kind} {}", loc.code()));
        } else {
            break;
        }
    }
    if side == Side::Government
        && trial.politics.doctrine == Doctrine::Aggressive
        && *trial.pi.get(side) > 35
        && mobilization::build_airstrike(trial, side, &mut phase, log).is_ok()
    {
        lines.push("BUILD airstrike".into());
    }
}

/// Attacks where the odds are good: every unit in the Region's Open area that can
/// join, on the Open area first and then the squares (11.1), with an airstrike
/// where it moves the column.
fn attacks(trial: &State, side: Side, lines: &mut Vec<String>) {
    let mut made: Vec<Attack> = Vec::new();
    let regions: Vec<String> = trial.rules.map.regions.keys().cloned().collect();
    for region in regions {
        let mut targets: Vec<Loc> =
            trial.units_in(&region).filter(|u| u.side != side).map(|u| u.at.clone()).collect();
        targets.sort_by_key(|l| l.square.is_some());
        targets.dedup();
        for target in targets {
            let used: Vec<String> = made.iter().flat_map(|a| a.units.clone()).collect();
            let mine: Vec<&Unit> = trial
                .units_in(&region)
                .filter(|u| u.side == side && u.at.square.is_none() && !used.contains(&u.id))
                .collect();
            if mine.is_empty() {
                continue;
            }
            let att: i32 = mine.iter().map(|u| trial.strength(u)).sum();
            let def: i32 = trial.units_at(&target).map(|u| trial.strength(u)).sum();
            let mut column = crt::odds_column(att, def.max(1));
            let open = target.square.is_none();
            let air = side == Side::Government && open && trial.airstrikes > 0 && column < crt::COLUMNS - 1;
            if air {
                column = crt::shifted(column, 1);
            }
            let wanted = if open { 2 } else { 3 };
            if column < wanted {
                continue;
            }
            let attack = Attack {
                target: target.clone(),
                units: mine.iter().map(|u| u.id.clone()).collect(),
                airstrike: air,
                pp: false,
                occupy: Occupy::First,
                min_odds: Some(wanted),
            };
            let earlier: Vec<&Attack> = made.iter().collect();
            if conflict::check(trial, side, &attack, &earlier).is_ok() {
                made.push(attack);
            }
        }
    }
    for a in &made {
        let mut line = format!("ATTACK {} WITH {}", a.target.code(), a.units.join(" "));
        if a.airstrike {
            line.push_str(" AIRSTRIKE");
        }
        if let Some(m) = a.min_odds {
            line.push_str(&format!(" IF ODDS {}", crt::column_name(m)));
        }
        lines.push(line);
    }
}
