//! 12.0 Conflict results: level changes within the counter mix, eliminations,
//! retreats (including infiltration retreats) and who chooses which unit.

use std::collections::BTreeSet;

use super::crt::{Outcome, Party, half_of};
use super::state::{Loc, Log, Side, State};

/// 3.1/12.2: moves a unit `delta` levels. Up: stops at the type's top level or
/// where no counter is free (the counter mix enforces the limits). Down: below the
/// lowest level the unit is eliminated; if no counter of the new level is free the
/// unit goes on down to the nearest level that has one (ruling), else it is
/// eliminated. Returns a line for the report.
pub fn change_level(state: &mut State, id: &str, delta: i32) -> String {
    let Some(u) = state.units.get(id).cloned() else {
        return format!("{id} is gone");
    };
    let Some(t) = state.rules.forces.get(&u.kind).cloned() else {
        return format!("{id} has an unknown kind");
    };
    let rule_3_1 = state.options.from(2);
    if delta > 0 && rule_3_1 && state.unconventional(&u) {
        return format!(
            "{id} stays at level {} (an unconventional unit does not rise above level 0, 3.1)",
            u.level
        );
    }
    if delta > 0 {
        let mut to = (u.level + delta).min(t.max_level);
        while to > u.level && !state.counter_free(&u.kind, to, Some(id)) {
            to -= 1;
        }
        if to == u.level {
            return format!("{id} stays at level {} (top level or no counter)", u.level);
        }
        if let Some(x) = state.units.get_mut(id) {
            x.level = to;
        }
        return format!("{id} rises to level {to}");
    }
    let mut to = u.level + delta;
    while to >= t.min_level && !state.counter_free(&u.kind, to, Some(id)) {
        to -= 1;
    }
    if to < t.min_level {
        state.units.remove(id);
        return format!("{id} is eliminated (reduced below level {})", t.min_level);
    }
    let becomes_unconventional = {
        let mut after = u.clone();
        after.level = to;
        state.unconventional(&after) && !state.unconventional(&u)
    };
    if rule_3_1 && becomes_unconventional {
        // Only 10.7 changes a LOK's mode; a loss below level 1 is its end.
        state.units.remove(id);
        return format!(
            "{id} is eliminated (a conventional unit is not reduced to its unconventional side, 3.1)"
        );
    }
    if let Some(x) = state.units.get_mut(id) {
        x.level = to;
    }
    format!("{id} drops to level {to}")
}

/// Orders units for a loss by the owner's LOSSES standing order, then by the
/// default: for eliminations the weakest first, for reductions the highest level
/// first (so fewest units die), ties by id. The flag says if a default decided.
pub fn loss_order(state: &State, side: Side, ids: &[String], eliminate: bool) -> (Vec<String>, bool) {
    let standing = state.standing.get(side);
    let mut list: Vec<(usize, i32, i32, String)> = ids
        .iter()
        .filter_map(|id| state.units.get(id))
        .map(|u| {
            let key = if eliminate { state.strength(u) } else { -u.level };
            (
                standing.loss_rank(&u.id),
                key,
                if eliminate { u.level } else { -state.strength(u) },
                u.id.clone(),
            )
        })
        .collect();
    list.sort();
    let by_default = list.iter().any(|(rank, ..)| *rank == usize::MAX);
    (list.into_iter().map(|(.., id)| id).collect(), by_default)
}

/// Units that could still rise, strongest first (the default choice for
/// increases: the owner gains most by raising his best units).
fn rise_order(state: &State, ids: &[String]) -> Vec<String> {
    let mut list: Vec<(i32, String)> = ids
        .iter()
        .filter_map(|id| state.units.get(id))
        .filter(|u| {
            state.utype(u).is_some_and(|t| {
                u.level < t.max_level && state.counter_free(&u.kind, u.level + 1, Some(&u.id))
            })
        })
        .map(|u| (-state.strength(u), u.id.clone()))
        .collect();
    list.sort();
    list.into_iter().map(|(_, id)| id).collect()
}

/// Every place `id` may retreat to from where it stands (12.4).
pub fn retreat_options(state: &State, id: &str) -> Vec<Loc> {
    let Some(u) = state.units.get(id) else {
        return Vec::new();
    };
    let side = u.side;
    let enemy = side.other();
    let here = u.at.region.clone();
    let mut out: Vec<Loc> = state
        .empty_squares(&here)
        .into_iter()
        .map(|s| Loc::square(&here, s))
        .filter(|l| *l != u.at)
        .collect();
    let allowance = state.movement(u);
    if allowance == 0 {
        // 10.2: a static band never leaves its Region.
        return out;
    }
    let neighbours = state.region(&here).map(|r| r.neighbours.clone()).unwrap_or_default();
    if !state.infiltrates(u) {
        for n in neighbours {
            if state.may_enter(side, &n) && !state.in_open(&n, enemy) {
                out.push(Loc::open(&n));
            }
        }
        return out;
    }
    // Infiltration retreat: up to the movement allowance, through enemy units,
    // ending where no enemy is in the Open; may end in a free square.
    let mut reached: BTreeSet<String> = BTreeSet::new();
    let mut frontier = vec![here.clone()];
    for _ in 0..allowance {
        let mut next = Vec::new();
        for r in &frontier {
            for n in state.region(r).map(|r| r.neighbours.clone()).unwrap_or_default() {
                if n != here && state.may_enter(side, &n) && reached.insert(n.clone()) {
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    for r in reached {
        if state.in_open(&r, enemy) {
            continue;
        }
        out.push(Loc::open(&r));
        for s in state.empty_squares(&r) {
            out.push(Loc::square(&r, s));
        }
    }
    out
}

/// Default retreat: a free square in the same Region, then a neighbouring Region
/// with friendly units in the Open, then any legal neighbour, in code order.
fn default_retreat(state: &State, id: &str, options: &[Loc]) -> Option<Loc> {
    let u = state.units.get(id)?;
    let here = &u.at.region;
    if let Some(l) = options.iter().find(|l| &l.region == here) {
        return Some(l.clone());
    }
    let neighbour = |l: &&Loc| l.square.is_none() && state.rules.map.adjacent(here, &l.region);
    options
        .iter()
        .filter(neighbour)
        .find(|l| state.in_open(&l.region, u.side))
        .or_else(|| options.iter().find(neighbour))
        .or_else(|| options.first())
        .cloned()
}

/// 12.4: retreats one unit, or eliminates it when it has nowhere to go.
pub fn retreat(state: &mut State, id: &str, log: &mut Log) {
    let Some(u) = state.units.get(id).cloned() else {
        return;
    };
    let options = retreat_options(state, id);
    let wanted = state.standing.get(u.side).retreat_for(id, &u.at.region);
    let chosen = wanted.iter().find(|w| options.contains(w)).cloned();
    let (dest, mut note) = match chosen {
        Some(d) => (Some(d), ""),
        None => (
            default_retreat(state, id, &options),
            if wanted.is_empty() {
                " (no RETREAT standing order: default)"
            } else {
                " (no standing RETREAT destination was open: default)"
            },
        ),
    };
    if state.options.from(2) && !note.is_empty() && dest.is_some() {
        // Whether a player gave standing orders is theirs to know, not the public's.
        log.tell(state.player(u.side), format!("12.4 {id}'s retreat{note}"));
        note = "";
    }
    match dest {
        Some(d) => {
            log.say(format!("12.4 {id} retreats {} -> {}{note}", u.at.code(), d.code()));
            if let Some(x) = state.units.get_mut(id) {
                x.at = d;
            }
        }
        None => {
            state.units.remove(id);
            log.say(format!("12.4 {id} has nowhere to retreat and is eliminated"));
        }
    }
}

fn eliminate(state: &mut State, side: Side, ids: &[String], count: usize, log: &mut Log) -> Vec<String> {
    let (mut order, by_default) = loss_order(state, side, ids, true);
    if state.options.from(2) {
        // Where the standing order is silent, a unit that could not retreat goes first:
        // it would be lost anyway, so the result costs the fewest units (12.3, 12.4).
        let standing = state.standing.get(side).clone();
        let stuck = |id: &String| retreat_options(state, id).is_empty();
        let (named, rest): (Vec<String>, Vec<String>) =
            order.into_iter().partition(|id| standing.loss_rank(id) != usize::MAX);
        let (first, then): (Vec<String>, Vec<String>) = rest.into_iter().partition(stuck);
        order = named.into_iter().chain(first).chain(then).collect();
        let gone: Vec<String> = order.into_iter().take(count).collect();
        for id in &gone {
            state.units.remove(id);
        }
        if !gone.is_empty() {
            log.say(format!("12.3 eliminated: {}", gone.join(", ")));
            let unnamed: Vec<&String> =
                gone.iter().filter(|id| standing.loss_rank(id) == usize::MAX).collect();
            if !unnamed.is_empty() && count < ids.len() {
                let list: Vec<&str> = unnamed.iter().map(|s| s.as_str()).collect();
                log.tell(
                    state.player(side),
                    format!(
                        "12.3 your LOSSES standing order did not name {}: chosen by default (a unit that could not retreat first, then the weakest)",
                        list.join(", ")
                    ),
                );
            }
        }
        return gone;
    }
    let gone: Vec<String> = order.into_iter().take(count).collect();
    for id in &gone {
        state.units.remove(id);
    }
    if !gone.is_empty() {
        log.say(format!(
            "12.3 eliminated: {}{}",
            gone.join(", "),
            if by_default && count < ids.len() {
                " (LOSSES standing order silent: default, weakest first)"
            } else {
                ""
            }
        ));
    }
    gone
}

/// Applies one result code to the units of one attack (12.1-12.4). `attackers`
/// and `defenders` are the units involved; the result applies to them only.
pub fn apply(
    state: &mut State,
    outcome: Outcome,
    attacker: Side,
    attackers: &[String],
    defenders: &[String],
    log: &mut Log,
) {
    let alive = |state: &State, ids: &[String]| -> Vec<String> {
        ids.iter().filter(|id| state.units.contains_key(*id)).cloned().collect()
    };
    match outcome {
        Outcome::Levels { party, half, levels } => {
            let (side, ids) = match party {
                Party::Attacker => (attacker, alive(state, attackers)),
                Party::Defender => (attacker.other(), alive(state, defenders)),
            };
            let n = if half { half_of(ids.len()) } else { ids.len() };
            let (chosen, by_default) = if levels < 0 {
                let (order, d) = loss_order(state, side, &ids, false);
                (order.into_iter().take(n).collect::<Vec<_>>(), d && half)
            } else {
                let mut order = rise_order(state, &ids);
                // Units already at the top take the rest of the share (no effect).
                for id in &ids {
                    if !order.contains(id) {
                        order.push(id.clone());
                    }
                }
                (order.into_iter().take(n).collect(), half && ids.len() > 1)
            };
            let lines: Vec<String> = chosen.iter().map(|id| change_level(state, id, levels)).collect();
            if state.options.from(2) {
                log.say(format!("12.2 {}", lines.join("; ")));
                if by_default {
                    log.tell(
                        state.player(side),
                        "12.2 which units: chosen by default (no LOSSES standing order named them)",
                    );
                }
            } else {
                log.say(format!(
                    "12.2 {}{}",
                    lines.join("; "),
                    if by_default { " (owner's choice by default)" } else { "" }
                ));
            }
        }
        Outcome::Md => {
            let ids = alive(state, attackers);
            eliminate(state, attacker, &ids, half_of(ids.len()), log);
            for id in alive(state, &ids) {
                retreat(state, &id, log);
            }
        }
        Outcome::Ea => {
            let ids = alive(state, defenders);
            eliminate(state, attacker.other(), &ids, half_of(ids.len()), log);
            for id in alive(state, &ids) {
                retreat(state, &id, log);
            }
        }
        Outcome::Ve | Outcome::Ok => {
            let ids = alive(state, defenders);
            let n = ids.len();
            eliminate(state, attacker.other(), &ids, n, log);
        }
    }
}
