//! Random legal orders, for long test games: every line offered is kept only if the
//! system's own parser accepts the body with it, so the result always parses.

use std::sync::OnceLock;

use rand_core::RngCore;

use super::GuerillaWarfare;
use super::calendar::{DISPERSAL_LIMIT_ENDS, Stage};
use super::fractions::WHOLE;
use super::orders::{one_move, sea_touches, show_frac};
use super::state::{Frac, State, Year, decode};
use crate::engine::System;
use crate::games::diplomacy::board::Unit;
use crate::games::diplomacy::bot::{Plan, preferences};
use crate::games::diplomacy::check::{adjustment_count, build_sites};
use crate::games::diplomacy::map::{Map, ProvinceId, Terrain, UnitKind};

/// The embedded game, opened once.
pub fn embedded() -> Option<&'static GuerillaWarfare> {
    static GAME: OnceLock<Option<GuerillaWarfare>> = OnceLock::new();
    GAME.get_or_init(|| GuerillaWarfare::new().ok()).as_ref()
}

fn pick<T: Copy>(rng: &mut dyn RngCore, list: &[T]) -> Option<T> {
    if list.is_empty() { None } else { Some(list[(rng.next_u32() as usize) % list.len()]) }
}

fn chance(rng: &mut dyn RngCore, percent: u32) -> bool {
    rng.next_u32() % 100 < percent
}

fn reachable(map: &Map, kind: UnitKind, from: ProvinceId) -> Vec<ProvinceId> {
    (0..map.province_count() as ProvinceId).filter(|&q| one_move(map, kind, from, q)).collect()
}

struct Body<'a> {
    g: &'a GuerillaWarfare,
    state: &'a State,
    power: &'a str,
    text: String,
}

impl Body<'_> {
    /// Adds `line` if the orders still parse with it.
    fn offer(&mut self, line: String) -> bool {
        let candidate = format!("{}{line}\n", self.text);
        if self.g.parse(self.state, self.power, &candidate).is_ok() {
            self.text = candidate;
            true
        } else {
            false
        }
    }
}

/// A random orders body for `power` in the open phase that this system's `parse`
/// accepts (empty when the power has nothing to order), on the embedded board.
pub fn random_orders(state: &State, power: &str, rng: &mut impl RngCore) -> String {
    match embedded() {
        Some(g) => orders_for(g, state, power, rng),
        None => String::new(),
    }
}

/// The same, for an opened game.
pub fn orders_for(g: &GuerillaWarfare, state: &State, power: &str, rng: &mut dyn RngCore) -> String {
    let map = &g.map;
    let (Some(me), Ok(dec)) = (map.power_index(power), decode(map, state)) else {
        return String::new();
    };
    let mut body = Body { g, state, power, text: String::new() };
    match state.stage {
        Stage::Retreat => {
            for d in dec.dislodged.iter().filter(|d| d.unit.power == me) {
                let here = format!("{} {}", d.unit.kind.letter(), map.region_name(d.unit.region));
                let line = match pick(rng, &d.retreats) {
                    Some(r) if chance(rng, 80) => format!("{here} R {}", map.region_name(r)),
                    _ => format!("{here} disband"),
                };
                body.offer(line);
            }
        }
        Stage::Adjustment => {
            let delta = adjustment_count(&dec.board, &dec.ownership, me);
            if delta > 0 {
                let mut sites = build_sites(map, &dec.board, &dec.ownership, me);
                for _ in 0..delta {
                    let Some(p) = pick(rng, &sites) else { break };
                    sites.retain(|&q| q != p);
                    let kind =
                        if map.province(p).terrain == Terrain::Coast && chance(rng, 50) { "F" } else { "A" };
                    body.offer(format!("build {kind} {}", map.province(p).id));
                }
            } else if delta < 0 {
                let mut mine: Vec<ProvinceId> = dec.board.provinces_of(me).collect();
                for _ in 0..(-delta) {
                    let Some(p) = pick(rng, &mine) else { break };
                    mine.retain(|&q| q != p);
                    body.offer(format!("remove {}", map.province(p).id));
                }
            }
        }
        Stage::Movement => {
            let planned = movement(&mut body, &dec, me, rng);
            if state.rules.year == Year::TwoSeason {
                plan(&mut body, &dec, me, &planned, rng);
            }
        }
    }
    body.text
}

/// Option `year=two-season`: the preferences a careful player mails with the moves,
/// and no more: retreats for the units another power's unit could attack (none for
/// a unit that disperses, none onto the ice in winter), and with the moves before
/// an adjustment month the build and removal lists.
fn plan(
    body: &mut Body,
    dec: &super::state::Decoded,
    me: u8,
    planned: &[(ProvinceId, ProvinceId)],
    rng: &mut dyn RngCore,
) {
    let g = body.g;
    let map = &g.map;
    let date = body.state.date;
    let dispersing: Vec<String> = body
        .text
        .lines()
        .filter(|l| l.contains("disperses"))
        .filter_map(|l| l.split_whitespace().nth(1).map(str::to_string))
        .collect();
    let plan = Plan {
        board: &dec.board,
        ownership: &dec.ownership,
        power: me,
        targets: planned,
        lists: date.takes_centres(),
        at_risk_only: true,
    };
    let allowed = |u: Unit, to: ProvinceId| {
        !dispersing.contains(&map.region_name(u.region))
            && (!date.is_winter() || g.ice.retreat_allowed(map, u.kind, to))
    };
    for line in preferences(map, &plan, &allowed, rng) {
        body.offer(line);
    }
}

/// The moves; returns the conventional moves ordered (from, to).
fn movement(
    body: &mut Body,
    dec: &super::state::Decoded,
    me: u8,
    rng: &mut dyn RngCore,
) -> Vec<(ProvinceId, ProvinceId)> {
    let map = &body.g.map;
    let state = body.state;
    let may_disperse = state.date >= DISPERSAL_LIMIT_ENDS
        || state.dispersed.get(&map.power(me).id).copied().unwrap_or(0) < 2;
    let units: Vec<ProvinceId> = dec.board.provinces_of(me).collect();
    // Moves already ordered, so that later units can support them.
    let mut planned: Vec<(ProvinceId, ProvinceId)> = Vec::new();
    for p in units {
        let Some(u) = dec.board.unit(p) else { continue };
        let here = format!("{} {}", u.kind.letter(), map.region_name(u.region));
        let targets = reachable(map, u.kind, p);
        let roll = rng.next_u32() % 100;
        if roll < 6 && may_disperse && targets.len() >= 3 {
            let mut t = targets.clone();
            let mut parts = Vec::new();
            for _ in 0..3 {
                let Some(q) = pick(rng, &t) else { break };
                t.retain(|&x| x != q);
                parts.push(format!("1/3 {} {}", u.kind.letter(), map.province(q).id));
            }
            if body.offer(format!("{here} disperses - {}", parts.join(", "))) {
                continue;
            }
        }
        let backing: Vec<(ProvinceId, ProvinceId)> =
            planned.iter().copied().filter(|&(_, d)| d != p && targets.contains(&d)).collect();
        if roll < 30
            && let Some((q, d)) = pick(rng, &backing)
            && body.offer(format!("{here} S {} - {}", map.province(q).id, map.province(d).id))
        {
            continue;
        }
        if roll < 60
            && let Some(q) = pick(rng, &targets)
            && body.offer(format!("{here} - {}", map.province(q).id))
        {
            planned.push((p, q));
            continue;
        }
        if roll < 72 {
            // Support a neighbour's move into a province this unit can reach too.
            let mut options = Vec::new();
            for &q in &targets {
                if let Some(v) = dec.board.unit(q) {
                    for d in reachable(map, v.kind, q) {
                        if d != p && targets.contains(&d) {
                            options.push((q, d));
                        }
                    }
                }
            }
            if let Some((q, d)) = pick(rng, &options)
                && body.offer(format!("{here} S {} - {}", map.province(q).id, map.province(d).id))
            {
                continue;
            }
        }
        if roll < 80 {
            let friends: Vec<ProvinceId> =
                targets.iter().copied().filter(|&q| dec.board.unit(q).is_some()).collect();
            if let Some(q) = pick(rng, &friends)
                && body.offer(format!("{here} S {}", map.province(q).id))
            {
                continue;
            }
        }
        body.offer(format!("{here} H"));
    }
    // Reforms first, so that the fractions they use get no other order.
    let mine: Vec<Frac> = dec.fractions.iter().filter(|f| f.power == me).copied().collect();
    for f in &mine {
        if !chance(rng, 40) {
            continue;
        }
        let mut spots = reachable(map, f.kind, f.at);
        spots.push(f.at);
        let Some(at) = pick(rng, &spots) else { continue };
        let near: Vec<&Frac> = mine
            .iter()
            .filter(|g| {
                g.kind == f.kind
                    && g.size == f.size
                    && !g.aboard
                    && (g.at == at || one_move(map, g.kind, g.at, at))
            })
            .collect();
        let need = (WHOLE / f.size) as usize;
        if near.len() >= need {
            let list: Vec<String> = near.iter().take(need).map(|g| show_frac(map, g)).collect();
            body.offer(format!(
                "reform {} {} from {}",
                f.kind.letter(),
                map.province(at).id,
                list.join(", ")
            ));
        }
    }
    for f in &mine {
        let here = show_frac(map, f);
        if f.aboard {
            let shores: Vec<ProvinceId> =
                (0..map.province_count() as ProvinceId).filter(|&q| sea_touches(map, f.at, q)).collect();
            if chance(rng, 50)
                && let Some(q) = pick(rng, &shores)
            {
                body.offer(format!("{here} - {}", map.province(q).id));
            }
            continue;
        }
        if f.kind == UnitKind::Army && chance(rng, 25) {
            let fleets: Vec<ProvinceId> = (0..map.province_count() as ProvinceId)
                .filter(|&s| {
                    sea_touches(map, s, f.at)
                        && dec.board.unit(s).is_some_and(|u| u.power == me && u.kind == UnitKind::Fleet)
                })
                .collect();
            if let Some(s) = pick(rng, &fleets)
                && body.offer(format!("{here} board {}", map.province(s).id))
            {
                continue;
            }
        }
        if chance(rng, 60)
            && let Some(q) = pick(rng, &reachable(map, f.kind, f.at))
        {
            body.offer(format!("{here} - {}", map.province(q).id));
        }
    }
    if chance(rng, 1) {
        body.offer("DRAW".into());
    }
    planned
}
