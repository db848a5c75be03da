//! The standard calendar (Spring and Fall moves, retreats after each, Winter
//! adjustments) around the season-free adjudicators, and the report of each phase.
//!
//! Centres change hands after the Fall moves, or after the Fall retreats when there
//! are any; the game is won at the map's `victory_centres`, or drawn when every
//! surviving power with a player votes for a draw in the same phase.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::adjust::{self, AdjustOutcome};
use super::board::{Board, Dislodged, Order, Ownership, RetreatOrder};
use super::check::{PowerOrders, adjustment_count, build_sites};
use super::map::{Map, PowerId, ProvinceId};
use super::movement::{self, Verdict};
use super::retreat::{self, RetreatOutcome};
use super::text::{self, Style};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Season {
    Spring,
    Fall,
    Winter,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseKind {
    Movement,
    Retreat,
    Adjustment,
}

/// A phase of the standard calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub year: i32,
    pub season: Season,
    pub kind: PhaseKind,
}

impl Turn {
    pub fn first() -> Turn {
        Turn { year: 1901, season: Season::Spring, kind: PhaseKind::Movement }
    }

    /// `S1901M`, `F1901R`, `W1901A`.
    pub fn id(&self) -> String {
        let s = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
        let k = match self.kind {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        };
        format!("{s}{}{k}", self.year)
    }

    /// `Spring 1901 Movement`.
    pub fn title(&self) -> String {
        let s = match self.season {
            Season::Spring => "Spring",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        };
        let k = match self.kind {
            PhaseKind::Movement => "Movement",
            PhaseKind::Retreat => "Retreat",
            PhaseKind::Adjustment => "Adjustment",
        };
        format!("{s} {} {k}", self.year)
    }

    /// Reads `Spring 1901 Movement`, `Fall 1901 Retreats`, `Winter 1901 Adjustment`,
    /// `Fall 1901 Adjustment` (the same as Winter) or an id such as `S1901M`.
    pub fn parse(text: &str) -> Option<Turn> {
        let t = text.trim().to_ascii_lowercase();
        let mut words = t.split_whitespace();
        let first = words.next()?;
        if let Some(rest) = words.next() {
            let kind_word = words.next()?;
            if words.next().is_some() {
                return None;
            }
            let year: i32 = rest.parse().ok()?;
            let kind = match kind_word {
                "movement" | "moves" | "move" => PhaseKind::Movement,
                "retreat" | "retreats" => PhaseKind::Retreat,
                "adjustment" | "adjustments" | "builds" | "build" => PhaseKind::Adjustment,
                _ => return None,
            };
            let season = match first {
                "spring" => Season::Spring,
                "fall" | "autumn" if kind == PhaseKind::Adjustment => Season::Winter,
                "fall" | "autumn" => Season::Fall,
                "winter" if kind == PhaseKind::Adjustment => Season::Winter,
                _ => return None,
            };
            if season == Season::Winter && kind != PhaseKind::Adjustment
                || kind == PhaseKind::Adjustment && season != Season::Winter
            {
                return None;
            }
            return Some(Turn { year, season, kind });
        }
        let bytes = first.as_bytes();
        if bytes.len() < 3 {
            return None;
        }
        let season = match bytes[0] {
            b's' => Season::Spring,
            b'f' => Season::Fall,
            b'w' => Season::Winter,
            _ => return None,
        };
        let kind = match bytes[bytes.len() - 1] {
            b'm' => PhaseKind::Movement,
            b'r' => PhaseKind::Retreat,
            b'a' | b'b' => PhaseKind::Adjustment,
            _ => return None,
        };
        let year: i32 = first.get(1..first.len() - 1)?.parse().ok()?;
        let ok = match kind {
            PhaseKind::Adjustment => season == Season::Winter,
            _ => season != Season::Winter,
        };
        ok.then_some(Turn { year, season, kind })
    }

    fn next_movement(&self) -> Turn {
        match self.season {
            Season::Spring => Turn { year: self.year, season: Season::Fall, kind: PhaseKind::Movement },
            _ => Turn { year: self.year + 1, season: Season::Spring, kind: PhaseKind::Movement },
        }
    }
}

/// Everything on the board between two phases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub turn: Turn,
    pub board: Board,
    /// Units waiting to retreat (in a retreat phase).
    pub dislodged: Vec<Dislodged>,
    pub ownership: Ownership,
}

impl Position {
    pub fn start(map: &Map) -> Position {
        Position {
            turn: Turn::first(),
            board: Board::start(map),
            dislodged: Vec::new(),
            ownership: Ownership::start(map),
        }
    }

    /// Still in the game: has a unit or a centre.
    pub fn survives(&self, power: PowerId) -> bool {
        self.board.count(power) > 0 || self.ownership.count(power) > 0
    }

    /// Does `power` have anything to order in this phase?
    pub fn has_orders_to_give(&self, map: &Map, power: PowerId) -> bool {
        match self.turn.kind {
            PhaseKind::Movement => self.board.count(power) > 0,
            PhaseKind::Retreat => self.dislodged.iter().any(|d| d.unit.power == power),
            PhaseKind::Adjustment => {
                let delta = adjustment_count(&self.board, &self.ownership, power);
                delta < 0 || delta > 0 && !build_sites(map, &self.board, &self.ownership, power).is_empty()
            }
        }
    }

    fn adjustments_needed(&self, map: &Map) -> bool {
        (0..map.powers.len() as PowerId).any(|p| {
            let delta = adjustment_count(&self.board, &self.ownership, p);
            delta < 0 || delta > 0 && !build_sites(map, &self.board, &self.ownership, p).is_empty()
        })
    }

    pub fn winner(&self, map: &Map) -> Option<PowerId> {
        (0..map.powers.len() as PowerId).find(|&p| self.ownership.count(p) >= map.victory_centres)
    }
}

/// How one order (or default) turned out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderReport {
    pub power: PowerId,
    /// The order, short form (`F lon - nth`).
    pub short: String,
    /// The order, long form (`F London - North Sea`).
    pub long: String,
    pub succeeded: bool,
    /// Empty when it simply worked.
    pub reason: String,
    /// Not ordered: the no-orders default applied.
    pub default: bool,
}

/// How one dislodged unit's retreat went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetreatReport {
    pub power: PowerId,
    /// Where the dislodged unit stood.
    pub province: ProvinceId,
    pub short: String,
    pub long: String,
    pub outcome: RetreatOutcome,
    pub default: bool,
    /// The order came from a standing preference sent with the moves (two-season).
    pub standing: bool,
}

/// A phase's outcome, for reports.
#[derive(Clone, Debug)]
pub struct Report {
    pub turn: Turn,
    pub orders: Vec<OrderReport>,
    pub dislodged: Vec<Dislodged>,
    /// Power, order (short and long form), what happened, whether it was the default.
    pub retreats: Vec<RetreatReport>,
    pub adjustments: Vec<(PowerId, AdjustOutcome)>,
    /// Powers whose adjustments came from the lists sent with the autumn moves
    /// (two-season).
    pub standing: Vec<PowerId>,
    /// Centre, previous owner, new owner.
    pub changes: Vec<(ProvinceId, Option<PowerId>, PowerId)>,
    pub winner: Option<PowerId>,
    pub draw: Option<Vec<PowerId>>,
    pub next: Turn,
}

fn reason_of(v: Verdict) -> &'static str {
    match v {
        Verdict::Held | Verdict::Moved | Verdict::SupportGiven | Verdict::ConvoyGiven => "",
        Verdict::Bounced => "bounced",
        Verdict::NoConvoy => "no convoy",
        Verdict::SupportCut => "cut",
        Verdict::SupportVoid => "void: the supported unit did not do that",
        Verdict::ConvoyDisrupted => "the fleet was dislodged",
        Verdict::ConvoyVoid => "void: no army went by this convoy",
        Verdict::ConvoyBroken => "disrupted: another fleet of the convoy was dislodged",
        Verdict::ConvoyParadox => "convoy paradox: the fleet holds (backup rule)",
    }
}

/// Resolves the phase `pos` is in with the accepted orders of the powers that sent
/// any. `voters` are the powers whose votes count for a draw (surviving powers that
/// have a player); the draw happens when all of them voted in this phase.
pub fn advance(
    map: &Map,
    pos: &Position,
    orders: &BTreeMap<PowerId, PowerOrders>,
    voters: &[PowerId],
) -> (Position, Report) {
    advance_worded(map, pos, orders, voters, true)
}

/// [`advance`] writing only the short form of each order and retreat (the long form
/// is left empty): what-if's JSON shows no other, and writing both was a tenth of a
/// `what-if --batch` phase.
pub fn advance_short(
    map: &Map,
    pos: &Position,
    orders: &BTreeMap<PowerId, PowerOrders>,
) -> (Position, Report) {
    advance_worded(map, pos, orders, &[], false)
}

fn advance_worded(
    map: &Map,
    pos: &Position,
    orders: &BTreeMap<PowerId, PowerOrders>,
    voters: &[PowerId],
    long_form: bool,
) -> (Position, Report) {
    let long = |style_long: &dyn Fn() -> String| if long_form { style_long() } else { String::new() };
    let mut report = Report {
        turn: pos.turn,
        orders: Vec::new(),
        dislodged: Vec::new(),
        retreats: Vec::new(),
        adjustments: Vec::new(),
        standing: Vec::new(),
        changes: Vec::new(),
        winner: None,
        draw: None,
        next: pos.turn,
    };
    let mut next = pos.clone();
    let year_ends;
    match pos.turn.kind {
        PhaseKind::Movement => {
            let n = map.province_count();
            let mut list = vec![Order::Hold; n];
            let mut given = vec![false; n];
            for (&power, po) in orders {
                for &(p, o) in &po.moves {
                    if pos.board.unit(p).is_some_and(|u| u.power == power) {
                        list[p as usize] = o;
                        given[p as usize] = true;
                    }
                }
            }
            let result = movement::adjudicate(map, &pos.board, &list);
            for p in 0..n {
                let (Some(u), Some(v)) = (pos.board.units[p], result.verdicts[p]) else {
                    continue;
                };
                let o = &list[p];
                let mut reason = reason_of(v).to_string();
                let dislodged = result.dislodged_by[p].is_some();
                if dislodged {
                    if !reason.is_empty() {
                        reason.push_str("; ");
                    }
                    reason.push_str("dislodged");
                }
                if !given[p] {
                    reason = if reason.is_empty() {
                        "no order: holds".into()
                    } else {
                        format!("no order: holds; {reason}")
                    };
                }
                report.orders.push(OrderReport {
                    power: u.power,
                    short: text::order(map, &pos.board, p as ProvinceId, o, Style::Short),
                    long: long(&|| text::order(map, &pos.board, p as ProvinceId, o, Style::Long)),
                    succeeded: v.succeeded() && !dislodged,
                    reason,
                    default: !given[p],
                });
            }
            report.orders.sort_by_key(|o| o.power);
            next.board = result.board;
            // A dislodged unit with nowhere to go is disbanded at once; the retreat
            // phase is held only for units that have a choice.
            next.dislodged = result.dislodged.iter().filter(|d| !d.retreats.is_empty()).cloned().collect();
            report.dislodged = result.dislodged;
            if next.dislodged.is_empty() {
                year_ends = pos.turn.season == Season::Fall;
                next.turn = pos.turn.next_movement();
            } else {
                year_ends = false;
                next.turn = Turn { kind: PhaseKind::Retreat, ..pos.turn };
            }
        }
        PhaseKind::Retreat => {
            let mut chosen: BTreeMap<ProvinceId, RetreatOrder> = BTreeMap::new();
            for (&power, po) in orders {
                for &(p, o) in &po.retreats {
                    if pos
                        .dislodged
                        .iter()
                        .any(|d| d.unit.power == power && map.province_of(d.unit.region) == p)
                    {
                        chosen.insert(p, o);
                    }
                }
            }
            let (board, outcomes) = retreat::resolve(map, &pos.board, &pos.dislodged, &chosen);
            for (u, outcome) in outcomes {
                let p = map.province_of(u.region);
                let given = chosen.get(&p).copied();
                let order = given.unwrap_or(RetreatOrder::Disband);
                report.retreats.push(RetreatReport {
                    power: u.power,
                    province: p,
                    short: text::retreat(map, u, &order, Style::Short),
                    long: long(&|| text::retreat(map, u, &order, Style::Long)),
                    outcome,
                    default: given.is_none(),
                    standing: false,
                });
            }
            next.board = board;
            next.dislodged = Vec::new();
            year_ends = pos.turn.season == Season::Fall;
            next.turn = pos.turn.next_movement();
        }
        PhaseKind::Adjustment => {
            let adj: BTreeMap<PowerId, Vec<_>> =
                orders.iter().map(|(p, o)| (*p, o.adjustments.clone())).collect();
            let (board, outcomes) = adjust::resolve(map, &pos.board, &pos.ownership, &adj);
            next.board = board;
            report.adjustments = outcomes;
            year_ends = false;
            next.turn = Turn { year: pos.turn.year + 1, season: Season::Spring, kind: PhaseKind::Movement };
        }
    }
    if year_ends {
        let before = next.ownership.clone();
        next.ownership.take_centres(map, &next.board);
        for p in map.centres() {
            let (old, new) = (before.owner[p as usize], next.ownership.owner[p as usize]);
            if let Some(new) = new
                && old != Some(new)
            {
                report.changes.push((p, old, new));
            }
        }
        report.winner = next.winner(map);
        if report.winner.is_none() && next.adjustments_needed(map) {
            next.turn = Turn { year: pos.turn.year, season: Season::Winter, kind: PhaseKind::Adjustment };
        }
    }
    if report.winner.is_none() && !voters.is_empty() {
        let all = voters.iter().all(|p| orders.get(p).is_some_and(|o| o.draw));
        if all {
            let mut survivors: Vec<PowerId> =
                (0..map.powers.len() as PowerId).filter(|&p| next.survives(p)).collect();
            survivors.sort_unstable();
            report.draw = Some(survivors);
        }
    }
    report.next = next.turn;
    (next, report)
}

#[cfg(test)]
mod tests {
    use super::super::map::standard;
    use super::*;

    #[test]
    fn turn_ids_and_titles_read_back() {
        for t in ["S1901M", "F1901R", "W1905A"] {
            assert_eq!(Turn::parse(t).unwrap().id(), t);
        }
        let t = Turn::parse("Fall 1901 Adjustment").unwrap();
        assert_eq!(t.title(), "Winter 1901 Adjustment");
        assert_eq!(Turn::parse("Spring 1901 Movement"), Some(Turn::first()));
        assert_eq!(Turn::parse("Winter 1901 Movement"), None);
        assert_eq!(Turn::parse("Summer 1901 Movement"), None);
    }

    #[test]
    fn a_quiet_year_goes_spring_fall_spring() {
        let m = standard().unwrap();
        let pos = Position::start(&m);
        let (pos, r) = advance(&m, &pos, &BTreeMap::new(), &[]);
        assert_eq!(pos.turn.id(), "F1901M");
        assert_eq!(r.orders.len(), 22);
        assert!(r.orders.iter().all(|o| o.default && o.succeeded));
        let (pos, r) = advance(&m, &pos, &BTreeMap::new(), &[]);
        assert_eq!(pos.turn.id(), "S1902M");
        assert!(r.changes.is_empty());
    }
}
