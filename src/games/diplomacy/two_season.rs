//! The postal two-season year (`--option year=two-season`): zines ran a spring and
//! an autumn mailing, not five. With the moves each player sends standing
//! preferences ([`super::standing`]); one step resolves the moves and then, as long
//! as preferences settle them, the retreats and the adjustments, by chaining
//! [`game::advance`]. Where a dislodged unit or a power's adjustments have no
//! preference that applies, the step stops at that phase with only the powers still
//! to answer due; what the others' preferences settled is kept for it.

use std::collections::{BTreeMap, BTreeSet};

use super::board::{Board, Dislodged, Ownership, RetreatOrder};
use super::check::{PowerOrders, adjustment_count, build_sites};
use super::game::{self, PhaseKind, Position, Report};
use super::map::{Map, PowerId, ProvinceId};
use super::standing::{self, Held};

/// One step's outcome: the position it stops at, a report for each phase resolved
/// (in order), and what is kept for the phase left open.
pub struct Step<P = Position, R = Report> {
    pub next: P,
    pub reports: Vec<R>,
    pub held: Held,
}

/// A game whose retreat and adjustment phases standing preferences may settle: the
/// standard calendar here, and Guerilla Warfare II's months, which resolve their own
/// phases but chain them the same way.
pub trait Phases {
    /// A position between phases.
    type Pos;
    /// What resolving one phase tells.
    type Report;
    type Error;
    fn kind(&self, pos: &Self::Pos) -> PhaseKind;
    fn dislodged<'p>(&self, pos: &'p Self::Pos) -> &'p [Dislodged];
    fn board<'p>(&self, pos: &'p Self::Pos) -> (&'p Board, &'p Ownership);
    /// Did the phase just resolved (`report`, leading to `next`) end the game?
    fn ends(&self, next: &Self::Pos, report: &Self::Report) -> bool;
    /// Resolves the retreat or adjustment phase `pos` is in with `orders`; the
    /// retreats of `retreats` (by province) and the adjustments of `lists` (powers)
    /// came from standing preferences, which the report says.
    fn settle(
        &self,
        pos: &Self::Pos,
        orders: &BTreeMap<PowerId, PowerOrders>,
        retreats: &BTreeSet<ProvinceId>,
        lists: Vec<PowerId>,
    ) -> Result<(Self::Pos, Self::Report), Self::Error>;
}

/// Must `power` order adjustments on this board?
pub fn adjusts(map: &Map, board: &Board, ownership: &Ownership, power: PowerId) -> bool {
    let delta = adjustment_count(board, ownership, power);
    delta < 0 || delta > 0 && !build_sites(map, board, ownership, power).is_empty()
}

fn entry(orders: &mut BTreeMap<PowerId, PowerOrders>, power: PowerId) -> &mut PowerOrders {
    orders.entry(power).or_insert_with(|| PowerOrders { power: Some(power), ..PowerOrders::default() })
}

/// Is `power` due in `pos`, given what preferences already settled?
pub fn due(map: &Map, pos: &Position, held: &Held, power: PowerId) -> bool {
    match pos.turn.kind {
        PhaseKind::Movement => pos.has_orders_to_give(map, power),
        PhaseKind::Retreat => pos
            .dislodged
            .iter()
            .any(|d| d.unit.power == power && !held.retreats.contains_key(&map.province_of(d.unit.region))),
        PhaseKind::Adjustment => {
            pos.has_orders_to_give(map, power) && !lists_settle(map, &pos.board, &pos.ownership, held, power)
        }
    }
}

/// Do the lists `held` keeps for `power` settle its adjustments on this board?
pub fn lists_settle(map: &Map, board: &Board, ownership: &Ownership, held: &Held, power: PowerId) -> bool {
    held.lists.get(&power).is_some_and(|l| standing::adjustments(map, board, ownership, power, l).1)
}

/// The first phase of a step, made ready: its orders with what `held` settled added,
/// and what the phases after it will need.
pub struct Opening {
    /// The orders of the phase `pos` is in.
    pub orders: BTreeMap<PowerId, PowerOrders>,
    /// The retreat preferences sent with the moves, by the unit's province.
    pub prefs: BTreeMap<ProvinceId, Vec<RetreatOrder>>,
    pub held: Held,
    /// Retreats (by province) and powers' adjustments in `orders` that came from
    /// preferences.
    pub retreats: BTreeSet<ProvinceId>,
    pub lists: Vec<PowerId>,
}

/// Readies the phase `pos` is in: with the moves, the preferences they carry are
/// kept; in a retreat or adjustment phase left open, what preferences settled joins
/// the orders of those who answered (an order a player sent stands).
pub fn opening<P: Phases>(
    phases: &P,
    map: &Map,
    pos: &P::Pos,
    orders: &BTreeMap<PowerId, PowerOrders>,
    held: &Held,
) -> Opening {
    let mut held = held.clone();
    let mut prefs: BTreeMap<ProvinceId, Vec<RetreatOrder>> = BTreeMap::new();
    let mut first = orders.clone();
    let mut from_standing: BTreeSet<ProvinceId> = BTreeSet::new();
    let mut lists_used: Vec<PowerId> = Vec::new();
    let (board, ownership) = phases.board(pos);
    match phases.kind(pos) {
        PhaseKind::Movement => {
            held = Held::default();
            for (&power, o) in orders {
                for (p, list) in &o.standing.retreats {
                    if board.unit(*p).is_some_and(|u| u.power == power) {
                        prefs.insert(*p, list.clone());
                    }
                }
                if !o.standing.lists.is_empty() {
                    held.lists.insert(power, o.standing.lists.clone());
                }
            }
        }
        PhaseKind::Retreat => {
            // A power that answered may have ordered a unit whose preference was
            // settled: its new order stands.
            for (&p, &o) in &held.retreats {
                let Some(d) = phases.dislodged(pos).iter().find(|d| map.province_of(d.unit.region) == p)
                else {
                    continue;
                };
                let po = entry(&mut first, d.unit.power);
                if !po.retreats.iter().any(|(q, _)| *q == p) {
                    po.retreats.push((p, o));
                    from_standing.insert(p);
                }
            }
            held.retreats.clear();
        }
        PhaseKind::Adjustment => {
            for (&power, lists) in &held.lists {
                if first.get(&power).is_some_and(|o| !o.adjustments.is_empty()) {
                    continue;
                }
                let (list, _) = standing::adjustments(map, board, ownership, power, lists);
                if !list.is_empty() {
                    entry(&mut first, power).adjustments = list;
                    lists_used.push(power);
                }
            }
            held.lists.clear();
        }
    }
    Opening { orders: first, prefs, held, retreats: from_standing, lists: lists_used }
}

/// After the first phase of a step (`next`, `report`): resolves the retreats and
/// adjustments that preferences settle, one phase after another, and stops at the
/// moves, at the end of the game, or at a phase where some power must still answer.
pub fn chain<P: Phases>(
    phases: &P,
    map: &Map,
    next: P::Pos,
    report: P::Report,
    prefs: &BTreeMap<ProvinceId, Vec<RetreatOrder>>,
    held: Held,
) -> Result<Step<P::Pos, P::Report>, P::Error> {
    let mut held = held;
    let mut next = next;
    let mut ended = phases.ends(&next, &report);
    let mut reports = vec![report];
    loop {
        if ended {
            break;
        }
        match phases.kind(&next) {
            PhaseKind::Movement => break,
            PhaseKind::Retreat => {
                let mut settled = BTreeMap::new();
                let mut open = false;
                for d in phases.dislodged(&next) {
                    let p = map.province_of(d.unit.region);
                    match prefs.get(&p).and_then(|list| standing::retreat_choice(d, list)) {
                        Some(o) => {
                            settled.insert(p, (d.unit.power, o));
                        }
                        None => open = true,
                    }
                }
                if open {
                    held.retreats = settled.into_iter().map(|(p, (_, o))| (p, o)).collect();
                    break;
                }
                let mut orders = BTreeMap::new();
                for (&p, &(power, o)) in &settled {
                    entry(&mut orders, power).retreats.push((p, o));
                }
                let all: BTreeSet<ProvinceId> = settled.keys().copied().collect();
                let (after, report) = phases.settle(&next, &orders, &all, Vec::new())?;
                ended = phases.ends(&after, &report);
                next = after;
                reports.push(report);
            }
            PhaseKind::Adjustment => {
                let mut orders = BTreeMap::new();
                let mut used = Vec::new();
                let mut open = false;
                let (board, ownership) = phases.board(&next);
                for power in 0..map.powers.len() as PowerId {
                    if !adjusts(map, board, ownership, power) {
                        continue;
                    }
                    let Some(lists) = held.lists.get(&power) else {
                        open = true;
                        continue;
                    };
                    let (list, settled) = standing::adjustments(map, board, ownership, power, lists);
                    if !settled {
                        open = true;
                        continue;
                    }
                    entry(&mut orders, power).adjustments = list;
                    used.push(power);
                }
                if open {
                    break;
                }
                let (after, report) = phases.settle(&next, &orders, &BTreeSet::new(), used)?;
                ended = phases.ends(&after, &report);
                held.lists.clear();
                next = after;
                reports.push(report);
            }
        }
    }
    let kind = phases.kind(&next);
    if kind != PhaseKind::Adjustment && kind != PhaseKind::Retreat {
        held = Held::default();
    }
    Ok(Step { next, reports, held })
}

/// The standard calendar's phases, resolved by [`game::advance`].
struct Standard<'m>(&'m Map);

impl Phases for Standard<'_> {
    type Pos = Position;
    type Report = Report;
    type Error = std::convert::Infallible;

    fn kind(&self, pos: &Position) -> PhaseKind {
        pos.turn.kind
    }

    fn dislodged<'p>(&self, pos: &'p Position) -> &'p [Dislodged] {
        &pos.dislodged
    }

    fn board<'p>(&self, pos: &'p Position) -> (&'p Board, &'p Ownership) {
        (&pos.board, &pos.ownership)
    }

    fn ends(&self, _next: &Position, report: &Report) -> bool {
        report.winner.is_some() || report.draw.is_some()
    }

    fn settle(
        &self,
        pos: &Position,
        orders: &BTreeMap<PowerId, PowerOrders>,
        retreats: &BTreeSet<ProvinceId>,
        lists: Vec<PowerId>,
    ) -> Result<(Position, Report), Self::Error> {
        let (after, mut report) = game::advance(self.0, pos, orders, &[]);
        mark(&mut report, retreats, lists);
        Ok((after, report))
    }
}

/// Resolves the phase `pos` is in with `orders` and what `held` keeps, then the
/// phases after it that preferences settle. `voters` count for a draw in the first
/// phase only (the chained ones have no mail of their own).
pub fn advance(
    map: &Map,
    pos: &Position,
    orders: &BTreeMap<PowerId, PowerOrders>,
    held: &Held,
    voters: &[PowerId],
) -> Step {
    let phases = Standard(map);
    let open = opening(&phases, map, pos, orders, held);
    let (next, mut report) = game::advance(map, pos, &open.orders, voters);
    mark(&mut report, &open.retreats, open.lists);
    match chain(&phases, map, next, report, &open.prefs, open.held) {
        Ok(step) => step,
        Err(never) => match never {},
    }
}

/// Marks the retreats (by province) and the powers' adjustments that came from
/// standing preferences, so the report says so.
fn mark(report: &mut Report, retreats: &BTreeSet<ProvinceId>, lists: Vec<PowerId>) {
    for r in &mut report.retreats {
        if retreats.contains(&r.province) {
            r.standing = true;
        }
    }
    report.standing = lists;
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, Ownership, Unit};
    use super::super::check::{Preferences, Stage};
    use super::super::game::{Season, Turn};
    use super::super::map::{UnitKind, standard};
    use super::super::notation::Names;
    use super::super::orders::{self, Rules};
    use super::super::retreat::RetreatOutcome;
    use super::*;

    /// Two units whose preferences send them to the same province both disband (1971
    /// rules, DATC 6.H.7), in the step of the moves, and the report says it came from
    /// their preferences.
    #[test]
    fn two_preferred_retreats_to_one_province_both_disband() {
        let m = standard().unwrap();
        let names = Names::new(&m);
        let mut board = Board::empty(&m);
        for (power, at) in [
            ("france", "bur"),
            ("germany", "mun"),
            ("germany", "ruh"),
            ("italy", "pie"),
            ("austria", "tyr"),
            ("austria", "ven"),
        ] {
            let power = m.power_index(power).unwrap();
            board.place(&m, Unit { power, kind: UnitKind::Army, region: m.region_by_name(at).unwrap() });
        }
        let pos = Position {
            turn: Turn { year: 1901, season: Season::Spring, kind: PhaseKind::Movement },
            board,
            dislodged: Vec::new(),
            ownership: Ownership::start(&m),
        };
        let text = "Germany: A mun - bur\nGermany: A ruh S A mun - bur\nAustria: A tyr - pie\n\
                    Austria: A ven S A tyr - pie\nFrance: A bur H; R mun, mar, gas\nItaly: A pie R tyr, mar";
        let rules = Rules { strict_coasts: false, preferences: Preferences::Retreats };
        let read = orders::read_with(&m, &names, &pos.board, Stage::Movement, None, text, rules);
        assert_eq!(read.errors().count(), 0, "{:?}", read.errors().collect::<Vec<_>>());
        let step = advance(&m, &pos, &read.orders, &Held::default(), &[]);
        assert_eq!(step.reports.len(), 2, "the moves and the retreats in one step");
        assert_eq!(step.next.turn.season, Season::Fall);
        let mar = m.province_by_id("mar").unwrap();
        let retreats = &step.reports[1].retreats;
        assert_eq!(retreats.len(), 2);
        for r in retreats {
            assert_eq!(r.outcome, RetreatOutcome::Collided(mar), "{r:?}");
            assert!(r.standing);
        }
        assert!(step.next.board.unit(mar).is_none());
        assert!(step.held.retreats.is_empty() && step.held.lists.is_empty());
    }

    /// A fleet's retreat names the coast where it could reach both, as a move does;
    /// the zine's words and `or` may stand between the entries.
    #[test]
    fn fleet_preferences_name_their_coast() {
        let m = standard().unwrap();
        let names = Names::new(&m);
        let mut board = Board::empty(&m);
        let france = m.power_index("france").unwrap();
        board.place(
            &m,
            Unit { power: france, kind: UnitKind::Fleet, region: m.region_by_name("mao").unwrap() },
        );
        let rules = Rules { strict_coasts: false, preferences: Preferences::RetreatsAndAdjustments };
        let read =
            |text: &str| orders::read_with(&m, &names, &board, Stage::Movement, Some(france), text, rules);
        let r = read("F mao R spa");
        let why = r.errors().next().and_then(|l| l.error.clone()).unwrap_or_default();
        assert!(why.contains("can never retreat to Spain: say which coast"), "{why}");
        let r = read("F mao stands; retreat spa/nc or por, then disband");
        assert_eq!(r.errors().count(), 0);
        let list = &r.orders[&france].standing.retreats[0].1;
        assert_eq!(
            list,
            &vec![
                RetreatOrder::Retreat(m.region_by_name("spa/nc").unwrap()),
                RetreatOrder::Retreat(m.region_by_name("por").unwrap()),
                RetreatOrder::Disband
            ]
        );
    }
}
