//! The movement adjudicator: the 1971 rules as the DATC (section 5) states them.
//!
//! Every move, support and convoy gets one yes/no decision, defined by the conditions
//! of DATC 5.B (attack, hold, defend and prevent strength, and the path of a convoyed
//! army). The decisions are found by the guess-and-check recursion of DATC 5.F: an
//! order met again deeper in its own recursion is guessed to fail, then to succeed;
//! when both guesses give the same answer that is the answer, and when they differ
//! the orders in the cycle get the backup rule:
//!
//! - a cycle of moves only is a circular movement: all of them succeed;
//! - a cycle with a convoy in it is a convoy paradox that the 1971 rulebook does not
//!   settle: the convoying fleets in it fail to convoy (Szykman's rule), and the rest
//!   is resolved again (DATC 6.F.18, 6.F.20, 6.F.22-6.F.24);
//! - anything else (not possible on a standard board) fails.
//!
//! The 1971 rules that differ from later rulebooks:
//!
//! - a convoy is disrupted when any fleet on any of its routes is dislodged
//!   (DATC 4.A.1; cases 6.F.9-6.F.11, 6.F.13, 6.F.19);
//! - "if a convoyed army attacks a fleet which is supporting a fleet which is attacking
//!   one of the convoy fleets, that support is not cut" -- not by the attack, and not
//!   by the army dislodging the supporter either (DATC 4.A.2; cases 6.F.14, 6.F.16,
//!   6.F.17, 6.G.11);
//! - an army moving to a neighbouring province goes by sea only when the unit there
//!   moves the other way and the convoy is not disrupted; otherwise it walks
//!   (DATC 4.A.3; cases 6.G.2, 6.G.4, 6.G.6, 6.G.7, 6.G.19). An army ordered
//!   `via convoy` goes by sea or not at all.
//!
//! Everything is a pure function of the map, the board and the orders.

// Decisions live in parallel arrays indexed by province; index loops read best here.
#![allow(clippy::needless_range_loop)]

use super::board::{Board, Dislodged, Order, Unit};
use super::convoy::SeaGraph;
use super::map::{Map, ProvinceId, RegionId, Terrain, UnitKind};

const NONE: u16 = u16::MAX;

/// How a move reaches its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// Over a border.
    Land,
    /// By sea only (not adjacent, or ordered `via convoy`).
    Sea,
    /// Adjacent, with a convoy ordered and the other unit coming the opposite way:
    /// by sea when the convoy holds, else over the border.
    Either,
}

/// What became of one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A hold, or a unit without orders.
    Held,
    Moved,
    /// The move failed against other units.
    Bounced,
    /// An army that needed a convoy found none, or it was disrupted.
    NoConvoy,
    SupportGiven,
    /// Cut by an attack or by dislodgement.
    SupportCut,
    /// The supported unit did not do what the support said.
    SupportVoid,
    ConvoyGiven,
    /// The fleet was dislodged.
    ConvoyDisrupted,
    /// No army moved along this convoy (the army did something else, or walked).
    ConvoyVoid,
    /// Another fleet on the army's routes was dislodged, so the convoy failed.
    ConvoyBroken,
    /// The fleet was part of a convoy paradox and its convoy fails (backup rule).
    ConvoyParadox,
}

impl Verdict {
    pub fn succeeded(self) -> bool {
        matches!(self, Verdict::Held | Verdict::Moved | Verdict::SupportGiven | Verdict::ConvoyGiven)
    }
}

/// The outcome of a movement phase.
#[derive(Clone, Debug)]
pub struct MovementResult {
    /// One verdict per province that held a unit (None elsewhere).
    pub verdicts: Vec<Option<Verdict>>,
    /// For each unit, the province of the unit that dislodged it, if it was.
    pub dislodged_by: Vec<Option<ProvinceId>>,
    /// The board after the moves, without the dislodged units.
    pub board: Board,
    pub dislodged: Vec<Dislodged>,
    /// Provinces left empty by a standoff: no retreat may enter them.
    pub contested: Vec<ProvinceId>,
    /// Moves that went by sea.
    pub by_sea: Vec<ProvinceId>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    None,
    Move,
    Support,
    Convoy,
}

struct Resolver<'a> {
    map: &'a Map,
    board: &'a Board,
    orders: &'a [Order],
    kind: Vec<Kind>,
    /// Destination province of each move.
    dest: Vec<ProvinceId>,
    path: Vec<Path>,
    /// Fleets on some route of each convoyed move, as a range into `route_fleets`.
    routes: Vec<(u32, u32)>,
    route_fleets: Vec<ProvinceId>,
    has_route: Vec<bool>,
    /// For each unit, the units validly supporting it (a move support if it moves,
    /// a hold support if not), as a range into `support_list`.
    supports: Vec<(u32, u32)>,
    support_list: Vec<ProvinceId>,
    movers: Vec<ProvinceId>,
    // Resolution state (DATC 5.F).
    resolved: Vec<bool>,
    resolution: Vec<bool>,
    visited: Vec<bool>,
    in_cycle: Vec<bool>,
    cycle: Vec<ProvinceId>,
    recursion_hits: u32,
    guess_based: bool,
    paradox: Vec<bool>,
}

/// Adjudicates one movement phase. `orders` has one entry per province; entries
/// where no unit stands are ignored, and a unit's entry is its (legal) order. Orders
/// must already be legal for their unit (the parser checks that): an illegal order
/// would be adjudicated as written.
pub fn adjudicate(map: &Map, board: &Board, orders: &[Order]) -> MovementResult {
    let mut r = Resolver::new(map, board, orders);
    r.run()
}

impl<'a> Resolver<'a> {
    fn new(map: &'a Map, board: &'a Board, orders: &'a [Order]) -> Self {
        let n = map.province_count();
        let mut kind = vec![Kind::None; n];
        let mut dest = vec![NONE; n];
        let mut movers = Vec::new();
        for p in 0..n {
            if board.units[p].is_none() {
                continue;
            }
            let o = orders.get(p).copied().unwrap_or(Order::Hold);
            let o = match o {
                Order::Move { to, .. } if to as usize >= map.regions.len() => Order::Hold,
                Order::SupportHold { unit } if unit as usize >= n => Order::Hold,
                Order::SupportMove { unit, to, .. } if unit as usize >= n || to as usize >= n => Order::Hold,
                Order::Convoy { army, to } if army as usize >= n || to as usize >= n => Order::Hold,
                o => o,
            };
            kind[p] = match o {
                Order::Hold => Kind::None,
                Order::Move { to, .. } => {
                    dest[p] = map.province_of(to);
                    movers.push(p as ProvinceId);
                    Kind::Move
                }
                Order::SupportHold { .. } | Order::SupportMove { .. } => Kind::Support,
                Order::Convoy { .. } => Kind::Convoy,
            };
        }
        let mut r = Resolver {
            map,
            board,
            orders,
            kind,
            dest,
            path: vec![Path::Land; n],
            routes: vec![(0, 0); n],
            route_fleets: Vec::new(),
            has_route: vec![false; n],
            supports: vec![(0, 0); n],
            support_list: Vec::new(),
            movers,
            resolved: vec![false; n],
            resolution: vec![false; n],
            visited: vec![false; n],
            in_cycle: vec![false; n],
            cycle: Vec::new(),
            recursion_hits: 0,
            guess_based: false,
            paradox: vec![false; n],
        };
        r.find_routes();
        r.find_supports();
        r
    }

    /// The order of the unit in `p`; an order naming a province or region that is not
    /// on the map (the parser never makes one) counts as a hold.
    fn order(&self, p: usize) -> Order {
        let o = self.orders.get(p).copied().unwrap_or(Order::Hold);
        let n = self.map.province_count();
        let ok = |q: ProvinceId| (q as usize) < n;
        let valid = match o {
            Order::Hold => true,
            Order::Move { to, .. } => (to as usize) < self.map.regions.len(),
            Order::SupportHold { unit } => ok(unit),
            Order::SupportMove { unit, to, .. } => ok(unit) && ok(to),
            Order::Convoy { army, to } => ok(army) && ok(to),
        };
        if valid { o } else { Order::Hold }
    }

    fn unit(&self, p: usize) -> Option<Unit> {
        self.board.units[p]
    }

    fn find_routes(&mut self) {
        let n = self.kind.len();
        for i in 0..self.movers.len() {
            let a = self.movers[i] as usize;
            let Some(unit) = self.unit(a) else { continue };
            if unit.kind != UnitKind::Army {
                continue;
            }
            let Order::Move { via_convoy, .. } = self.order(a) else {
                continue;
            };
            let t = self.dest[a];
            let fleets: Vec<RegionId> = (0..n)
                .filter(|&f| {
                    self.kind[f] == Kind::Convoy
                        && self.map.province(f as ProvinceId).terrain == Terrain::Sea
                        && self.unit(f).is_some_and(|u| u.kind == UnitKind::Fleet)
                        && self.order(f) == Order::Convoy { army: a as ProvinceId, to: t }
                })
                .filter_map(|f| self.unit(f).map(|u| u.region))
                .collect();
            let graph = SeaGraph::new(self.map, a as ProvinceId, t, fleets);
            let has_route = !graph.is_empty() && graph.has_route();
            let start = self.route_fleets.len() as u32;
            if has_route {
                for v in 0..graph.len() {
                    if graph.on_route(v) {
                        self.route_fleets.push(self.map.province_of(graph.fleet(v)));
                    }
                }
            }
            self.routes[a] = (start, self.route_fleets.len() as u32);
            self.has_route[a] = has_route;
            let adjacent = self.map.army_adjacent(a as ProvinceId, t);
            self.path[a] = if !adjacent || via_convoy {
                Path::Sea
            } else if has_route && self.dest[t as usize] == a as ProvinceId {
                Path::Either
            } else {
                Path::Land
            };
        }
    }

    fn find_supports(&mut self) {
        let n = self.kind.len();
        let mut pairs: Vec<(ProvinceId, ProvinceId)> = Vec::new();
        for s in 0..n {
            if self.kind[s] != Kind::Support {
                continue;
            }
            match self.order(s) {
                Order::SupportHold { unit } => {
                    let q = unit as usize;
                    if q < n && self.unit(q).is_some() && self.kind[q] != Kind::Move && q != s {
                        pairs.push((unit, s as ProvinceId));
                    }
                }
                Order::SupportMove { unit, to, coast } => {
                    let q = unit as usize;
                    if q >= n || self.unit(q).is_none() || self.kind[q] != Kind::Move {
                        continue;
                    }
                    if self.dest[q] != to {
                        continue;
                    }
                    if let (Some(c), Order::Move { to: region, .. }) = (coast, self.order(q))
                        && self.map.region(region).coast != Some(c)
                    {
                        continue;
                    }
                    pairs.push((unit, s as ProvinceId));
                }
                _ => {}
            }
        }
        pairs.sort_unstable();
        let mut i = 0;
        for q in 0..n {
            let start = self.support_list.len() as u32;
            while i < pairs.len() && pairs[i].0 as usize == q {
                self.support_list.push(pairs[i].1);
                i += 1;
            }
            self.supports[q] = (start, self.support_list.len() as u32);
        }
    }

    fn run(&mut self) -> MovementResult {
        let n = self.kind.len();
        for p in 0..n {
            if self.kind[p] != Kind::None {
                self.resolve(p);
            }
        }
        self.collect()
    }

    // ---- the resolution machinery (DATC 5.F) ----

    fn resolve(&mut self, p: usize) -> bool {
        if self.resolved[p] {
            return self.resolution[p];
        }
        if self.in_cycle[p] {
            self.guess_based = true;
            return self.resolution[p];
        }
        if self.visited[p] {
            self.in_cycle[p] = true;
            self.cycle.push(p as ProvinceId);
            self.guess_based = true;
            self.recursion_hits += 1;
            return self.resolution[p];
        }
        self.visited[p] = true;
        let old_cycle_len = self.cycle.len();
        let old_guess_based = self.guess_based;
        let old_hits = self.recursion_hits;
        self.guess_based = false;
        self.resolution[p] = false;
        let first = self.adjudicate(p);
        if !self.guess_based {
            self.guess_based = old_guess_based;
            self.settle(p, first);
            return first;
        }
        if self.in_cycle[p] {
            self.recursion_hits -= 1;
        }
        if self.recursion_hits == old_hits {
            // This order is the ancestor of the whole cycle: try the other guess.
            self.truncate_cycle(old_cycle_len);
            self.resolution[p] = true;
            self.guess_based = false;
            let second = self.adjudicate(p);
            self.recursion_hits = old_hits;
            if first == second {
                self.truncate_cycle(old_cycle_len);
                self.guess_based = old_guess_based;
                self.settle(p, first);
                return first;
            }
            let mut members: Vec<ProvinceId> = self.cycle[old_cycle_len..].to_vec();
            if !members.contains(&(p as ProvinceId)) {
                members.push(p as ProvinceId);
            }
            self.truncate_cycle(old_cycle_len);
            self.backup_rule(&members);
            self.guess_based = old_guess_based;
            self.visited[p] = false;
            return self.resolve(p);
        }
        if !self.in_cycle[p] {
            self.in_cycle[p] = true;
            self.cycle.push(p as ProvinceId);
        }
        self.resolution[p] = first;
        self.visited[p] = false;
        first
    }

    fn settle(&mut self, p: usize, value: bool) {
        self.resolution[p] = value;
        self.resolved[p] = true;
        self.visited[p] = false;
    }

    fn truncate_cycle(&mut self, len: usize) {
        for &q in &self.cycle[len..] {
            self.in_cycle[q as usize] = false;
        }
        self.cycle.truncate(len);
    }

    fn backup_rule(&mut self, members: &[ProvinceId]) {
        let convoys: Vec<usize> =
            members.iter().map(|&q| q as usize).filter(|&q| self.kind[q] == Kind::Convoy).collect();
        if !convoys.is_empty() {
            for q in convoys {
                self.paradox[q] = true;
                self.settle(q, false);
            }
        } else if members.iter().all(|&q| self.kind[q as usize] == Kind::Move) {
            for &q in members {
                self.settle(q as usize, true);
            }
        } else {
            for &q in members {
                self.settle(q as usize, false);
            }
        }
    }

    fn adjudicate(&mut self, p: usize) -> bool {
        match self.kind[p] {
            Kind::Move => self.adjudicate_move(p),
            Kind::Support => self.adjudicate_support(p),
            Kind::Convoy => self.adjudicate_convoy(p),
            Kind::None => true,
        }
    }

    // ---- the conditions (DATC 5.B) ----

    /// Do all fleets on the army's routes still convoy? (1971: one disrupted route
    /// disrupts the convoy.)
    fn convoy_holds(&mut self, m: usize) -> bool {
        if !self.has_route[m] {
            return false;
        }
        let (a, b) = self.routes[m];
        for i in a..b {
            let f = self.route_fleets[i as usize] as usize;
            if !self.resolve(f) {
                return false;
            }
        }
        true
    }

    fn by_sea(&mut self, m: usize) -> bool {
        match self.path[m] {
            Path::Land => false,
            Path::Sea => true,
            Path::Either => self.convoy_holds(m),
        }
    }

    fn has_path(&mut self, m: usize) -> bool {
        match self.path[m] {
            Path::Land | Path::Either => true,
            Path::Sea => self.convoy_holds(m),
        }
    }

    /// The unit in `m`'s destination, if it is moving to `m` over the same border.
    fn head_to_head(&mut self, m: usize) -> Option<usize> {
        let q = self.dest[m] as usize;
        if self.kind[q] != Kind::Move || self.dest[q] as usize != m {
            return None;
        }
        if self.by_sea(m) || self.by_sea(q) {
            return None;
        }
        Some(q)
    }

    fn support_count(&mut self, q: usize, not_of: Option<u8>) -> u32 {
        let (a, b) = self.supports[q];
        let mut count = 0;
        for i in a..b {
            let s = self.support_list[i as usize] as usize;
            if let Some(power) = not_of
                && self.unit(s).is_some_and(|u| u.power == power)
            {
                continue;
            }
            if self.resolve(s) {
                count += 1;
            }
        }
        count
    }

    fn attack_strength(&mut self, m: usize) -> u32 {
        if !self.has_path(m) {
            return 0;
        }
        let q = self.dest[m] as usize;
        let Some(occupant) = self.unit(q) else {
            return 1 + self.support_count(m, None);
        };
        let h2h = self.head_to_head(m);
        if h2h.is_none() && self.kind[q] == Kind::Move && self.resolve(q) {
            return 1 + self.support_count(m, None);
        }
        let attacker = self.unit(m).map(|u| u.power);
        if attacker == Some(occupant.power) {
            return 0;
        }
        1 + self.support_count(m, Some(occupant.power))
    }

    fn hold_strength(&mut self, q: usize) -> u32 {
        if self.unit(q).is_none() {
            return 0;
        }
        if self.kind[q] == Kind::Move {
            return if self.resolve(q) { 0 } else { 1 };
        }
        1 + self.support_count(q, None)
    }

    fn prevent_strength(&mut self, m: usize) -> u32 {
        if !self.has_path(m) {
            return 0;
        }
        if let Some(o) = self.head_to_head(m)
            && self.resolve(o)
        {
            return 0;
        }
        1 + self.support_count(m, None)
    }

    fn adjudicate_move(&mut self, m: usize) -> bool {
        let attack = self.attack_strength(m);
        if attack == 0 {
            return false;
        }
        let q = self.dest[m] as usize;
        match self.head_to_head(m) {
            Some(o) => {
                let defend = 1 + self.support_count(o, None);
                if attack <= defend {
                    return false;
                }
            }
            None => {
                if attack <= self.hold_strength(q) {
                    return false;
                }
            }
        }
        for i in 0..self.movers.len() {
            let r = self.movers[i] as usize;
            if r != m && self.dest[r] as usize == q && attack <= self.prevent_strength(r) {
                return false;
            }
        }
        true
    }

    /// The 1971 convoy rule: army `a` comes by sea and `s` supports an attack on a
    /// fleet of that army's convoy.
    fn protected_by_convoy_rule(&self, a: usize, s: usize) -> bool {
        if self.path[a] != Path::Sea {
            return false;
        }
        let Order::SupportMove { to, .. } = self.order(s) else {
            return false;
        };
        let (x, y) = self.routes[a];
        self.route_fleets[x as usize..y as usize].contains(&to)
    }

    fn adjudicate_support(&mut self, s: usize) -> bool {
        let Some(supporter) = self.unit(s) else {
            return false;
        };
        let against_origin_of = match self.order(s) {
            Order::SupportMove { to, .. } => Some(to as usize),
            _ => None,
        };
        for i in 0..self.movers.len() {
            let a = self.movers[i] as usize;
            if self.dest[a] as usize != s {
                continue;
            }
            if self.unit(a).is_some_and(|u| u.power == supporter.power) {
                continue;
            }
            if self.protected_by_convoy_rule(a, s) {
                continue;
            }
            if against_origin_of == Some(a) {
                // The unit the support is aimed at cannot cut it by attacking, only
                // by dislodging the supporter.
                if self.resolve(a) {
                    return false;
                }
            } else if self.has_path(a) {
                return false;
            }
        }
        true
    }

    fn adjudicate_convoy(&mut self, f: usize) -> bool {
        for i in 0..self.movers.len() {
            let a = self.movers[i] as usize;
            if self.dest[a] as usize == f && self.resolve(a) {
                return false;
            }
        }
        true
    }

    // ---- results ----

    fn collect(&mut self) -> MovementResult {
        let n = self.kind.len();
        let mut verdicts = vec![None; n];
        let mut moved = vec![false; n];
        let mut entered_by = vec![NONE; n];
        let mut by_sea = Vec::new();
        for i in 0..self.movers.len() {
            let m = self.movers[i] as usize;
            if self.resolve(m) {
                moved[m] = true;
                entered_by[self.dest[m] as usize] = m as ProvinceId;
                if self.by_sea(m) {
                    by_sea.push(m as ProvinceId);
                }
            }
        }
        // Which convoys carried an army, and which belonged to a convoy that broke.
        let mut carried = vec![false; n];
        let mut broken = vec![false; n];
        for i in 0..self.movers.len() {
            let m = self.movers[i] as usize;
            if self.path[m] == Path::Land {
                continue;
            }
            let holds = self.convoy_holds(m);
            let (a, b) = self.routes[m];
            for j in a..b {
                let f = self.route_fleets[j as usize] as usize;
                if holds {
                    carried[f] = true;
                } else if self.path[m] == Path::Sea {
                    broken[f] = true;
                }
            }
        }
        for p in 0..n {
            if self.unit(p).is_none() {
                continue;
            }
            let v = match self.kind[p] {
                Kind::None => Verdict::Held,
                Kind::Move => {
                    if moved[p] {
                        Verdict::Moved
                    } else if !self.has_path(p) {
                        Verdict::NoConvoy
                    } else {
                        Verdict::Bounced
                    }
                }
                Kind::Support => {
                    let valid = match self.order(p) {
                        Order::SupportHold { unit } | Order::SupportMove { unit, .. } => {
                            let (a, b) = self.supports.get(unit as usize).copied().unwrap_or((0, 0));
                            self.support_list[a as usize..b as usize].contains(&(p as ProvinceId))
                        }
                        _ => false,
                    };
                    if !valid {
                        Verdict::SupportVoid
                    } else if self.resolve(p) {
                        Verdict::SupportGiven
                    } else {
                        Verdict::SupportCut
                    }
                }
                Kind::Convoy => {
                    if self.paradox[p] {
                        Verdict::ConvoyParadox
                    } else if !self.resolve(p) {
                        Verdict::ConvoyDisrupted
                    } else if carried[p] {
                        Verdict::ConvoyGiven
                    } else if broken[p] {
                        Verdict::ConvoyBroken
                    } else {
                        Verdict::ConvoyVoid
                    }
                }
            };
            verdicts[p] = Some(v);
        }
        // Dislodgements and the new board.
        let mut dislodged_by = vec![None; n];
        let mut board = self.board.clone();
        let mut dislodged_units = Vec::new();
        for p in 0..n {
            let Some(unit) = self.unit(p) else { continue };
            if moved[p] {
                board.units[p] = None;
            } else if entered_by[p] != NONE {
                let a = entered_by[p] as usize;
                dislodged_by[p] = Some(a as ProvinceId);
                board.units[p] = None;
                dislodged_units.push((p, unit, a));
            }
        }
        for p in 0..n {
            if moved[p]
                && let (Some(unit), Order::Move { to, .. }) = (self.unit(p), self.order(p))
            {
                board.units[self.dest[p] as usize] = Some(Unit { region: to, ..unit });
            }
        }
        // Standoffs: a province left empty although a move into it with a path failed,
        // not counting a unit beaten over the border by the unit of that province.
        let mut contested = Vec::new();
        for q in 0..n {
            if board.units[q].is_some() {
                continue;
            }
            let mut standoff = false;
            for i in 0..self.movers.len() {
                let m = self.movers[i] as usize;
                if self.dest[m] as usize != q || moved[m] || !self.has_path(m) {
                    continue;
                }
                let beaten_from_q =
                    dislodged_by[m] == Some(q as ProvinceId) && self.head_to_head(m).is_some();
                if !beaten_from_q {
                    standoff = true;
                    break;
                }
            }
            if standoff {
                contested.push(q as ProvinceId);
            }
        }
        let dislodged = dislodged_units
            .into_iter()
            .map(|(_, unit, a)| {
                let by_convoy = self.by_sea(a);
                Dislodged {
                    unit,
                    attacker_from: a as ProvinceId,
                    by_convoy,
                    retreats: retreat_options(
                        self.map,
                        &board,
                        &contested,
                        unit,
                        (!by_convoy).then_some(a as ProvinceId),
                    ),
                }
            })
            .collect();
        MovementResult { verdicts, dislodged_by, board, dislodged, contested, by_sea }
    }
}

/// Where a dislodged `unit` may go: a neighbouring region that is empty after the
/// moves, not left empty by a standoff, and not the province the attacker came from.
pub fn retreat_options(
    map: &Map,
    board: &Board,
    contested: &[ProvinceId],
    unit: Unit,
    barred: Option<ProvinceId>,
) -> Vec<RegionId> {
    let from = map.province_of(unit.region);
    let candidates: Vec<RegionId> = match unit.kind {
        UnitKind::Army => map.province(from).army.clone(),
        UnitKind::Fleet => map.region(unit.region).fleet.clone(),
    };
    let mut out: Vec<RegionId> = candidates
        .into_iter()
        .filter(|&r| {
            let p = map.province_of(r);
            board.unit(p).is_none() && !contested.contains(&p) && Some(p) != barred
        })
        .collect();
    out.sort_by(|&a, &b| {
        let (ra, rb) = (map.region(a), map.region(b));
        map.province(ra.province)
            .id
            .cmp(&map.province(rb.province).id)
            .then(ra.coast.map(|c| c.abbr()).cmp(&rb.coast.map(|c| c.abbr())))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::super::map::standard;
    use super::*;

    fn setup(m: &Map, units: &[(u8, UnitKind, &str)]) -> Board {
        let mut b = Board::empty(m);
        for &(power, kind, at) in units {
            b.place(m, Unit { power, kind, region: m.region_by_name(at).unwrap() });
        }
        b
    }

    #[test]
    fn a_swap_by_convoy_and_a_kidnapped_army() {
        // DATC 6.G.2 under the 1971 rules: the German convoy makes the English army
        // and the Russian fleet swap, wanted or not.
        let m = standard().unwrap();
        let p = |s: &str| m.province_by_id(s).unwrap();
        let r = |s: &str| m.region_by_name(s).unwrap();
        let b = setup(
            &m,
            &[(0, UnitKind::Army, "nwy"), (5, UnitKind::Fleet, "swe"), (2, UnitKind::Fleet, "ska")],
        );
        let mut orders = vec![Order::Hold; m.province_count()];
        orders[p("nwy") as usize] = Order::Move { to: r("swe"), via_convoy: false };
        orders[p("swe") as usize] = Order::Move { to: r("nwy"), via_convoy: false };
        orders[p("ska") as usize] = Order::Convoy { army: p("nwy"), to: p("swe") };
        let res = adjudicate(&m, &b, &orders);
        assert_eq!(res.verdicts[p("nwy") as usize], Some(Verdict::Moved));
        assert_eq!(res.verdicts[p("swe") as usize], Some(Verdict::Moved));
        assert_eq!(res.verdicts[p("ska") as usize], Some(Verdict::ConvoyGiven));
        assert_eq!(res.by_sea, vec![p("nwy")]);
        // Without the convoy it is a head-to-head bounce.
        orders[p("ska") as usize] = Order::Hold;
        let res = adjudicate(&m, &b, &orders);
        assert_eq!(res.verdicts[p("nwy") as usize], Some(Verdict::Bounced));
        assert_eq!(res.verdicts[p("swe") as usize], Some(Verdict::Bounced));
    }

    #[test]
    fn standoffs_leave_the_province_contested() {
        let m = standard().unwrap();
        let p = |s: &str| m.province_by_id(s).unwrap();
        let r = |s: &str| m.region_by_name(s).unwrap();
        let b = setup(
            &m,
            &[
                (4, UnitKind::Army, "vie"),
                (3, UnitKind::Army, "ven"),
                (4, UnitKind::Army, "tri"),
                (4, UnitKind::Army, "bud"),
                (3, UnitKind::Army, "ser"),
            ],
        );
        let mut orders = vec![Order::Hold; m.province_count()];
        orders[p("vie") as usize] = Order::Move { to: r("tyr"), via_convoy: false };
        orders[p("ven") as usize] = Order::Move { to: r("tyr"), via_convoy: false };
        orders[p("tri") as usize] = Order::Move { to: r("ser"), via_convoy: false };
        orders[p("bud") as usize] = Order::SupportMove { unit: p("tri"), to: p("ser"), coast: None };
        let res = adjudicate(&m, &b, &orders);
        assert_eq!(res.contested, vec![p("tyr")]);
        assert_eq!(res.dislodged.len(), 1);
        let d = &res.dislodged[0];
        assert_eq!(d.attacker_from, p("tri"));
        let names: Vec<String> = d.retreats.iter().map(|&x| m.region_name(x)).collect();
        assert_eq!(names, ["alb", "bul", "gre", "rum"]);
    }
}
