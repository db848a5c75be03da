//! Convoy routes: chains of fleets at sea that carry an army from one coast to another.
//!
//! Under the 1971 rules a convoy is disrupted when any of its routes is (DATC 4.A.1),
//! so what matters is not one route but every fleet that lies on *some* route. A fleet
//! that is ordered to convoy but cannot be part of any route (DATC 6.F.12, a fleet
//! reachable from the army's coast but leading nowhere) does not count.
//!
//! "Lies on some route" means: on a simple path from the army's province to its
//! destination through the fleets. That is a two-disjoint-paths question, answered
//! here with a tiny max-flow, so it stays fast however many fleets are at sea.

// Decisions live in parallel arrays indexed by province; index loops read best here.
#![allow(clippy::needless_range_loop)]

use super::board::Board;
use super::map::{Map, ProvinceId, RegionId, Terrain, UnitKind};

/// Does a fleet in sea region `sea` touch the coast of province `p` (any coast)?
pub fn touches(map: &Map, sea: RegionId, p: ProvinceId) -> bool {
    map.province(p).fleet_regions.iter().any(|&r| map.fleet_adjacent(sea, r))
}

/// The fleets (as sea regions) that could take part in carrying an army from `from`
/// to `to`, with their graph.
pub struct SeaGraph {
    fleets: Vec<RegionId>,
    /// Row-major adjacency among `fleets`.
    adj: Vec<bool>,
    at_start: Vec<bool>,
    at_end: Vec<bool>,
}

impl SeaGraph {
    pub fn new(map: &Map, from: ProvinceId, to: ProvinceId, fleets: Vec<RegionId>) -> SeaGraph {
        let k = fleets.len();
        let mut adj = vec![false; k * k];
        for i in 0..k {
            for j in 0..k {
                adj[i * k + j] = i != j && map.fleet_adjacent(fleets[i], fleets[j]);
            }
        }
        let at_start = fleets.iter().map(|&f| touches(map, f, from)).collect();
        let at_end = fleets.iter().map(|&f| touches(map, f, to)).collect();
        SeaGraph { fleets, adj, at_start, at_end }
    }

    pub fn len(&self) -> usize {
        self.fleets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.fleets.is_empty()
    }

    pub fn fleet(&self, i: usize) -> RegionId {
        self.fleets[i]
    }

    /// Is there any chain of these fleets from the start to the end?
    pub fn has_route(&self) -> bool {
        let k = self.fleets.len();
        let mut seen = vec![false; k];
        let mut stack: Vec<usize> = (0..k).filter(|&i| self.at_start[i]).collect();
        for &i in &stack {
            seen[i] = true;
        }
        while let Some(i) = stack.pop() {
            if self.at_end[i] {
                return true;
            }
            for j in 0..k {
                if self.adj[i * k + j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        false
    }

    /// Is fleet `v` on some simple route from the start to the end? True when two
    /// routes leave `v`, one reaching the start and one the end, sharing no fleet.
    pub fn on_route(&self, v: usize) -> bool {
        let k = self.fleets.len();
        // Nodes: fleet i has in = 2i, out = 2i+1; then S (start), E (end), T (sink).
        let s = 2 * k;
        let e = s + 1;
        let t = s + 2;
        let size = t + 1;
        let mut cap = vec![0u8; size * size];
        let mut set = |a: usize, b: usize, c: u8| cap[a * size + b] = c;
        for i in 0..k {
            set(2 * i, 2 * i + 1, if i == v { 2 } else { 1 });
            for j in 0..k {
                if self.adj[i * k + j] && j != v {
                    set(2 * i + 1, 2 * j, 1);
                }
            }
            if self.at_start[i] {
                set(2 * i + 1, s, 1);
            }
            if self.at_end[i] {
                set(2 * i + 1, e, 1);
            }
        }
        set(s, t, 1);
        set(e, t, 1);
        let source = 2 * v;
        let mut flow = 0;
        while flow < 2 {
            // Breadth-first search for an augmenting path.
            let mut prev = vec![usize::MAX; size];
            prev[source] = source;
            let mut queue = std::collections::VecDeque::from([source]);
            while let Some(a) = queue.pop_front() {
                if a == t {
                    break;
                }
                for b in 0..size {
                    if prev[b] == usize::MAX && cap[a * size + b] > 0 {
                        prev[b] = a;
                        queue.push_back(b);
                    }
                }
            }
            if prev[t] == usize::MAX {
                break;
            }
            let mut b = t;
            while b != source {
                let a = prev[b];
                cap[a * size + b] -= 1;
                cap[b * size + a] += 1;
                b = a;
            }
            flow += 1;
        }
        flow == 2
    }
}

/// The sea regions holding a fleet, other than `except`.
fn fleets_at_sea(map: &Map, board: &Board, except: Option<ProvinceId>) -> Vec<RegionId> {
    board
        .units
        .iter()
        .enumerate()
        .filter_map(|(p, u)| {
            let u = (*u)?;
            let sea = map.province(p as ProvinceId).terrain == Terrain::Sea;
            (sea && u.kind == UnitKind::Fleet && Some(p as ProvinceId) != except).then_some(u.region)
        })
        .collect()
}

/// Could the fleets now at sea (leaving out `except`) carry an army from `from` to
/// `to`? This is what makes a convoyed move legal before anyone's orders are known.
pub fn possible(
    map: &Map,
    board: &Board,
    from: ProvinceId,
    to: ProvinceId,
    except: Option<ProvinceId>,
) -> bool {
    if from == to || !is_shore(map, from) || !is_shore(map, to) {
        return false;
    }
    SeaGraph::new(map, from, to, fleets_at_sea(map, board, except)).has_route()
}

/// Could the fleet in `fleet` take part in some convoy from `from` to `to` with the
/// fleets now at sea? A convoy order that could never matter is refused (DATC 4.E.1).
pub fn fleet_could_convoy(
    map: &Map,
    board: &Board,
    fleet: ProvinceId,
    from: ProvinceId,
    to: ProvinceId,
) -> bool {
    if from == to || !is_shore(map, from) || !is_shore(map, to) {
        return false;
    }
    let fleets = fleets_at_sea(map, board, None);
    let Some(v) = fleets.iter().position(|&r| map.province_of(r) == fleet) else {
        return false;
    };
    SeaGraph::new(map, from, to, fleets).on_route(v)
}

/// A coastal province, where armies embark and land.
pub fn is_shore(map: &Map, p: ProvinceId) -> bool {
    map.province(p).terrain == Terrain::Coast
}

#[cfg(test)]
mod tests {
    use super::super::board::Unit;
    use super::super::map::standard;
    use super::*;

    fn board_with_fleets(map: &Map, seas: &[&str]) -> Board {
        let mut b = Board::empty(map);
        for s in seas {
            let r = map.region_by_name(s).unwrap();
            b.place(map, Unit { power: 0, kind: UnitKind::Fleet, region: r });
        }
        b
    }

    #[test]
    fn routes_and_fleets_on_them() {
        let m = standard().unwrap();
        let p = |s: &str| m.province_by_id(s).unwrap();
        let b = board_with_fleets(&m, &["eng", "iri", "mao"]);
        assert!(possible(&m, &b, p("lon"), p("bel"), None));
        assert!(!possible(&m, &b, p("lon"), p("bel"), Some(p("eng"))));
        assert!(fleet_could_convoy(&m, &b, p("eng"), p("lon"), p("bel")));
        // The Irish Sea touches neither end usefully: no simple route through it (6.F.12).
        assert!(!fleet_could_convoy(&m, &b, p("iri"), p("lon"), p("bel")));
        // But it carries Wales to Brest together with the Mid-Atlantic.
        assert!(fleet_could_convoy(&m, &b, p("iri"), p("lvp"), p("bre")));
        assert!(!possible(&m, &b, p("lon"), p("par"), None));
        let b = board_with_fleets(&m, &["aeg", "bla"]);
        assert!(!possible(&m, &b, p("gre"), p("sev"), None));
    }

    #[test]
    fn a_long_chain_is_found() {
        let m = standard().unwrap();
        let p = |s: &str| m.province_by_id(s).unwrap();
        let b = board_with_fleets(&m, &["nth", "eng", "mao", "wes", "tys", "ion"]);
        assert!(possible(&m, &b, p("edi"), p("gre"), None));
        assert!(fleet_could_convoy(&m, &b, p("wes"), p("edi"), p("gre")));
        assert!(!fleet_could_convoy(&m, &b, p("wes"), p("edi"), p("bel")));
    }
}
