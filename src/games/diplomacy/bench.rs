//! `umpire bench diplomacy`: how fast the adjudicator is.
//!
//! (a) The whole DATC suite, adjudicated in-process: the cases are read and their
//! orders parsed once, then every case is adjudicated, many times over; the median
//! pass is reported (and a pass that includes parsing every order line).
//! (b) Random games on the standard map: each unit gets a random legal order from a
//! seeded ChaCha stream; only the adjudication of movement phases is timed, which is
//! what `bench/python_diplomacy.py` times of the Python `diplomacy` package
//! (`Game.process()` on movement phases).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

use super::adjust;
use super::board::{Adjustment, Board, Order, Ownership, RetreatOrder, Unit};
use super::check::{PowerOrders, Stage, build_sites};
use super::convoy;
use super::game::{self, PhaseKind, Position};
use super::map::{self, Map, PowerId, ProvinceId, RegionId, Terrain, UnitKind};
use super::movement;
use super::notation::Names;
use super::orders;
use super::retreat;
use crate::engine::error::{Error, Result};

/// One prepared DATC case: what to adjudicate.
enum Prepared {
    Movement(Board, Vec<Order>),
    Retreat(Board, Vec<Order>, Vec<(String, Option<String>)>),
    Build(Board, Ownership, BTreeMap<PowerId, Vec<Adjustment>>),
}

fn unit_of(map: &Map, s: &str) -> Option<Unit> {
    let (power, rest) = s.split_once(':')?;
    let power = map.power_by_name(power.trim())?;
    let mut w = rest.split_whitespace();
    let kind = UnitKind::from_letter(w.next()?)?;
    let region = map.region_by_name(w.next()?)?;
    Some(Unit { power, kind, region })
}

fn board_of(map: &Map, starting: &[String], keys: &[String]) -> Board {
    let mut b = Board::empty(map);
    for s in starting.iter().chain(keys) {
        if let Some(u) = unit_of(map, s)
            && b.unit(map.province_of(u.region)).is_none()
        {
            b.place(map, u);
        }
    }
    b
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

fn keys(v: &serde_json::Value) -> Vec<String> {
    v.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default()
}

fn movement_orders(map: &Map, names: &Names, board: &Board, lines: &[String]) -> Vec<Order> {
    let read = orders::read(map, names, board, Stage::Movement, None, &lines.join("\n"));
    let mut list = vec![Order::Hold; map.province_count()];
    for po in read.orders.values() {
        for &(p, o) in &po.moves {
            list[p as usize] = o;
        }
    }
    list
}

fn prepare(map: &Map, names: &Names, suite: &serde_json::Value) -> Vec<Prepared> {
    let mut out = Vec::new();
    let Some(cases) = suite["cases"].as_array() else {
        return out;
    };
    for c in cases {
        let starting = strings(&c["starting_state"]);
        match c["phase"].as_str() {
            Some("Main") => {
                let k = keys(&c["orders"]);
                let b = board_of(map, &starting, &k);
                let o = movement_orders(map, names, &b, &k);
                out.push(Prepared::Movement(b, o));
            }
            Some("Retreat") => {
                let pre = &c["preceding_main_phase"];
                let k = keys(&pre["orders"]);
                let b = board_of(map, &strings(&pre["starting_state"]), &k);
                let o = movement_orders(map, names, &b, &k);
                let r = keys(&c["orders"]).into_iter().map(|s| (s, None)).collect();
                out.push(Prepared::Retreat(b, o, r));
            }
            Some("Build") => {
                let b = board_of(map, &starting, &[]);
                let mut own = Ownership::start(map);
                own.take_centres(map, &b);
                if let Some(occ) = c["occupiers"].as_object() {
                    for (prov, power) in occ {
                        if let (Some(p), Some(pw)) =
                            (map.province_by_id(prov), power.as_str().and_then(|s| map.power_by_name(s)))
                        {
                            own.owner[p as usize] = Some(pw);
                        }
                    }
                }
                let k = keys(&c["orders"]);
                let read =
                    orders::read(map, names, &b, Stage::Adjustment { ownership: &own }, None, &k.join("\n"));
                let adj = read.orders.into_iter().map(|(p, o)| (p, o.adjustments)).collect();
                out.push(Prepared::Build(b, own, adj));
            }
            _ => {}
        }
    }
    out
}

fn adjudicate_all(map: &Map, names: &Names, cases: &[Prepared]) -> usize {
    let mut work = 0;
    for c in cases {
        match c {
            Prepared::Movement(b, o) => {
                work += movement::adjudicate(map, b, o).dislodged.len() + 1;
            }
            Prepared::Retreat(b, o, r) => {
                let res = movement::adjudicate(map, b, o);
                let lines: Vec<String> = r.iter().map(|(k, _)| k.clone()).collect();
                let read = orders::read(
                    map,
                    names,
                    &res.board,
                    Stage::Retreat { dislodged: &res.dislodged },
                    None,
                    &lines.join("\n"),
                );
                let chosen: BTreeMap<ProvinceId, RetreatOrder> =
                    read.orders.values().flat_map(|po| po.retreats.iter().copied()).collect();
                work += retreat::resolve(map, &res.board, &res.dislodged, &chosen).1.len();
            }
            Prepared::Build(b, own, adj) => {
                work += adjust::resolve(map, b, own, adj).1.len();
            }
        }
    }
    work
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Picks uniformly below `n` (n > 0). Modulo bias is irrelevant for a benchmark.
fn pick(rng: &mut ChaCha20Rng, n: usize) -> usize {
    (rng.next_u32() as usize) % n.max(1)
}

/// Every legal order of the unit in `p` that the random games draw from: hold, each
/// move over a border, convoyed moves along one fleet, supports into reachable
/// provinces (hold, or a move over a border), convoys along one fleet.
pub(crate) fn candidates(map: &Map, board: &Board, p: ProvinceId, out: &mut Vec<Order>) {
    out.clear();
    let Some(u) = board.unit(p) else { return };
    out.push(Order::Hold);
    let targets: Vec<RegionId> = match u.kind {
        UnitKind::Army => map.province(p).army.clone(),
        UnitKind::Fleet => map.region(u.region).fleet.clone(),
    };
    for &t in &targets {
        out.push(Order::Move { to: t, via_convoy: false });
    }
    let reach: Vec<ProvinceId> = {
        let mut v: Vec<ProvinceId> = targets.iter().map(|&r| map.province_of(r)).collect();
        v.dedup();
        v
    };
    for &q in &reach {
        if let Some(other) = board.unit(q) {
            let _ = other;
            out.push(Order::SupportHold { unit: q });
        }
        // Units that could move into q over a border.
        for (s, other) in board.units.iter().enumerate() {
            let Some(other) = other else { continue };
            let s = s as ProvinceId;
            if s == p || s == q {
                continue;
            }
            let can = match other.kind {
                UnitKind::Army => map.army_adjacent(s, q),
                UnitKind::Fleet => !map.fleet_targets_in(other.region, q).is_empty(),
            };
            if can {
                out.push(Order::SupportMove { unit: s, to: q, coast: None });
            }
        }
    }
    // Supports for armies that one fleet (not this unit) could carry into a
    // province this unit reaches.
    for &q in &reach {
        if !convoy::is_shore(map, q) {
            continue;
        }
        for (s, other) in board.units.iter().enumerate() {
            let Some(other) = other else { continue };
            let s = s as ProvinceId;
            if s == p || s == q || other.kind != UnitKind::Army || map.army_adjacent(s, q) {
                continue;
            }
            if convoy::possible(map, board, s, q, Some(p)) {
                out.push(Order::SupportMove { unit: s, to: q, coast: None });
            }
        }
    }
    let sea = map.province(p).terrain == Terrain::Sea;
    if u.kind == UnitKind::Fleet && sea {
        let shores: Vec<ProvinceId> = (0..map.province_count() as ProvinceId)
            .filter(|&c| convoy::is_shore(map, c) && convoy::touches(map, u.region, c))
            .collect();
        for &a in &shores {
            if board.unit(a).is_some_and(|x| x.kind == UnitKind::Army) {
                for &d in &shores {
                    if d != a {
                        out.push(Order::Convoy { army: a, to: d });
                    }
                }
            }
        }
    }
    if u.kind == UnitKind::Army && convoy::is_shore(map, p) {
        for (f, fl) in board.units.iter().enumerate() {
            let Some(fl) = fl else { continue };
            if fl.kind != UnitKind::Fleet
                || map.province(f as ProvinceId).terrain != Terrain::Sea
                || !convoy::touches(map, fl.region, p)
            {
                continue;
            }
            for d in 0..map.province_count() as ProvinceId {
                if d != p && convoy::is_shore(map, d) && convoy::touches(map, fl.region, d) {
                    out.push(Order::Move { to: d, via_convoy: map.army_adjacent(p, d) });
                }
            }
        }
    }
}

/// A random legal game: returns the number of movement phases adjudicated and the
/// time spent adjudicating them (and in `game::advance` for them, with reports).
fn random_game(map: &Map, rng: &mut ChaCha20Rng, last_year: i32) -> (usize, Duration, Duration) {
    let mut pos = Position::start(map);
    let mut phases = 0;
    let mut pure = Duration::ZERO;
    let mut full = Duration::ZERO;
    let mut cand = Vec::new();
    while pos.turn.year <= last_year && pos.winner(map).is_none() {
        let mut by_power: BTreeMap<PowerId, PowerOrders> = BTreeMap::new();
        match pos.turn.kind {
            PhaseKind::Movement => {
                let mut list = vec![Order::Hold; map.province_count()];
                for p in 0..map.province_count() as ProvinceId {
                    let Some(u) = pos.board.unit(p) else { continue };
                    candidates(map, &pos.board, p, &mut cand);
                    let o = cand[pick(rng, cand.len())];
                    list[p as usize] = o;
                    by_power.entry(u.power).or_default().moves.push((p, o));
                }
                let t = Instant::now();
                let result = movement::adjudicate(map, &pos.board, &list);
                pure += t.elapsed();
                std::hint::black_box(&result);
                let t = Instant::now();
                let (next, report) = game::advance(map, &pos, &by_power, &[]);
                full += t.elapsed();
                std::hint::black_box(&report);
                pos = next;
                phases += 1;
                continue;
            }
            PhaseKind::Retreat => {
                for d in &pos.dislodged {
                    let p = map.province_of(d.unit.region);
                    let k = pick(rng, d.retreats.len() + 1);
                    let o = match d.retreats.get(k) {
                        Some(&r) => RetreatOrder::Retreat(r),
                        None => RetreatOrder::Disband,
                    };
                    by_power.entry(d.unit.power).or_default().retreats.push((p, o));
                }
            }
            PhaseKind::Adjustment => {
                for pw in 0..map.powers.len() as PowerId {
                    let delta = pos.ownership.count(pw) as i64 - pos.board.count(pw) as i64;
                    let po = by_power.entry(pw).or_default();
                    if delta > 0 {
                        let mut sites = build_sites(map, &pos.board, &pos.ownership, pw);
                        for _ in 0..delta {
                            if sites.is_empty() {
                                break;
                            }
                            let p = sites.remove(pick(rng, sites.len()));
                            let prov = map.province(p);
                            let fleet = prov.terrain == Terrain::Coast && pick(rng, 2) == 0;
                            let a = if fleet {
                                let r = prov.fleet_regions[pick(rng, prov.fleet_regions.len())];
                                Adjustment::Build { kind: UnitKind::Fleet, region: r }
                            } else {
                                Adjustment::Build { kind: UnitKind::Army, region: p }
                            };
                            po.adjustments.push(a);
                        }
                    } else if delta < 0 {
                        let mut mine: Vec<ProvinceId> = pos.board.provinces_of(pw).collect();
                        for _ in 0..(-delta) {
                            if mine.is_empty() {
                                break;
                            }
                            let p = mine.remove(pick(rng, mine.len()));
                            po.adjustments.push(Adjustment::Remove(p));
                        }
                    }
                }
            }
        }
        pos = game::advance(map, &pos, &by_power, &[]).0;
    }
    (phases, pure, full)
}

/// Runs the benchmark and returns its report.
pub fn bench_report(datc_json: Option<&str>, games: usize, seed: u64) -> Result<String> {
    let map = map::standard()?;
    let names = Names::new(&map);
    let mut out = String::new();
    out.push_str("umpire bench diplomacy\n");
    if cfg!(debug_assertions) {
        out.push_str("(debug build: build with --release for meaningful figures)\n");
    }
    if let Some(text) = datc_json {
        let suite: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| Error::input(format!("the DATC file is not JSON: {e}")))?;
        let cases = prepare(&map, &names, &suite);
        let rounds = 51;
        let mut times = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            let t = Instant::now();
            std::hint::black_box(adjudicate_all(&map, &names, &cases));
            times.push(t.elapsed());
        }
        let adj = median(times);
        let mut times = Vec::with_capacity(11);
        for _ in 0..11 {
            let t = Instant::now();
            let cases = prepare(&map, &names, &suite);
            std::hint::black_box(adjudicate_all(&map, &names, &cases));
            times.push(t.elapsed());
        }
        let full = median(times);
        out.push_str(&format!(
            "DATC suite ({} cases): adjudication {:.3} ms (median of {rounds}); with reading and checking every order line {:.3} ms\n",
            cases.len(),
            adj.as_secs_f64() * 1e3,
            full.as_secs_f64() * 1e3
        ));
    }
    if games > 0 {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut phases = 0;
        let mut pure = Duration::ZERO;
        let mut full = Duration::ZERO;
        for _ in 0..games {
            let (n, p, f) = random_game(&map, &mut rng, 1920);
            phases += n;
            pure += p;
            full += f;
        }
        let per = |d: Duration| {
            if phases == 0 { 0.0 } else { phases as f64 / d.as_secs_f64().max(1e-12) }
        };
        out.push_str(&format!(
            "Random games: {games} game(s) from 1901 to 1920 or a win (seed {seed}), {phases} movement phases\n"
        ));
        out.push_str(&format!(
            "  adjudication: {:.0} movement phases/s ({:.2} us each)\n",
            per(pure),
            pure.as_secs_f64() * 1e6 / phases.max(1) as f64
        ));
        out.push_str(&format!(
            "  with the phase report (game::advance): {:.0} movement phases/s ({:.2} us each)\n",
            per(full),
            full.as_secs_f64() * 1e6 / phases.max(1) as f64
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_are_reproducible_and_legal() {
        let map = map::standard().unwrap();
        let mut a = ChaCha20Rng::seed_from_u64(7);
        let mut b = ChaCha20Rng::seed_from_u64(7);
        let (na, _, _) = random_game(&map, &mut a, 1903);
        let (nb, _, _) = random_game(&map, &mut b, 1903);
        assert_eq!(na, nb);
        assert!(na >= 6);
        // Every candidate order passes the legality check of mailed orders.
        let names = Names::new(&map);
        let board = Board::start(&map);
        let mut cand = Vec::new();
        for p in 0..map.province_count() as ProvinceId {
            let Some(u) = board.unit(p) else { continue };
            candidates(&map, &board, p, &mut cand);
            for o in &cand {
                let line = super::super::text::order(&map, &board, p, o, super::super::text::Style::Short);
                let read = orders::read(&map, &names, &board, Stage::Movement, Some(u.power), &line);
                assert!(read.errors().next().is_none(), "{line}: {:?}", read.lines[0].error);
            }
        }
    }

    #[test]
    fn random_movement_phases_keep_every_unit() {
        // Many short random games: no unit is ever lost or doubled by a movement
        // phase, and no province ends with two units.
        let map = map::standard().unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(2024);
        let names = Names::new(&map);
        let mut cand = Vec::new();
        for _ in 0..40 {
            let mut board = Board::start(&map);
            for _ in 0..12 {
                let mut list = vec![Order::Hold; map.province_count()];
                for p in 0..map.province_count() as ProvinceId {
                    if board.unit(p).is_none() {
                        continue;
                    }
                    candidates(&map, &board, p, &mut cand);
                    list[p as usize] = cand[pick(&mut rng, cand.len())];
                    // The order, written out, reads back as the same legal order.
                    let line = super::super::text::order(
                        &map,
                        &board,
                        p,
                        &list[p as usize],
                        super::super::text::Style::Short,
                    );
                    let power = board.unit(p).map(|u| u.power);
                    let read = orders::read(&map, &names, &board, Stage::Movement, power, &line);
                    assert!(read.errors().next().is_none(), "{line}: {:?}", read.lines[0].error);
                    let back = read.orders.values().next().map(|o| o.moves[0].1);
                    assert_eq!(back, Some(list[p as usize]), "{line}");
                }
                let before = board.units.iter().flatten().count();
                let res = movement::adjudicate(&map, &board, &list);
                let after = res.board.units.iter().flatten().count();
                assert_eq!(before, after + res.dislodged.len());
                for d in &res.dislodged {
                    for &r in &d.retreats {
                        assert!(res.board.unit(map.province_of(r)).is_none());
                    }
                }
                for (p, u) in res.board.units.iter().enumerate() {
                    if let Some(u) = u {
                        assert_eq!(map.province_of(u.region) as usize, p);
                    }
                }
                board = res.board;
            }
        }
    }

    #[test]
    fn the_report_has_both_figures() {
        let r = bench_report(None, 1, 1).unwrap();
        assert!(r.contains("movement phases/s"), "{r}");
    }
}
