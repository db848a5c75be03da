//! The zine's way (`--option year=two-season`) on Guerilla Warfare II's monthly
//! calendar. Rule 2 moves every month, so a year cannot be two mailings; what the
//! zines did for Diplomacy still saves the mails between the moves: each move's mail
//! carries its units' retreats in order of preference, and the moves before an
//! adjustment month (August, November, February, May) the builds and removals, so
//! the step of the moves also resolves the retreats and adjustments they settle and
//! stops only where some power must still answer. The preferences are Diplomacy's
//! ([`crate::games::diplomacy::standing`]), read and judged by its checker, and the
//! phases are chained by [`crate::games::diplomacy::two_season::chain`]; this
//! module only tells the chain how this game resolves a phase.
//!
//! Fractions have no part in it: they are never dislodged (rule 5), and a unit that
//! disperses never retreats (R17), so no preference names a hidden unit, and every
//! report line a preference makes is about a conventional unit the public sees.

use std::collections::{BTreeMap, BTreeSet};

use super::GuerillaWarfare;
use super::calendar::Stage;
use super::orders::GwOrders;
use super::season;
use super::state::{Decoded, State, decode};
use crate::engine::Event;
use crate::engine::error::{Error, Result};
use crate::games::diplomacy::board::RetreatOrder;
use crate::games::diplomacy::board::{Board, Dislodged, Ownership};
use crate::games::diplomacy::check::PowerOrders;
use crate::games::diplomacy::game::PhaseKind;
use crate::games::diplomacy::map::{PowerId, ProvinceId};
use crate::games::diplomacy::standing::{self, Held, HeldRecord, Standing};
use crate::games::diplomacy::text::Style;
use crate::games::diplomacy::two_season::{self as chain, Phases};

/// A state between phases, with its engine reading.
pub struct Now {
    pub state: State,
    pub dec: Decoded,
}

impl Now {
    pub fn of(g: &GuerillaWarfare, state: State) -> Result<Now> {
        let dec = decode(&g.map, &state)?;
        Ok(Now { state, dec })
    }
}

pub fn kind(stage: Stage) -> PhaseKind {
    match stage {
        Stage::Movement => PhaseKind::Movement,
        Stage::Retreat => PhaseKind::Retreat,
        Stage::Adjustment => PhaseKind::Adjustment,
    }
}

/// The game's phases as the chain sees them.
struct Months<'g>(&'g GuerillaWarfare);

impl Phases for Months<'_> {
    type Pos = Now;
    type Report = Vec<Event>;
    type Error = Error;

    fn kind(&self, now: &Now) -> PhaseKind {
        kind(now.state.stage)
    }

    fn dislodged<'p>(&self, now: &'p Now) -> &'p [Dislodged] {
        &now.dec.dislodged
    }

    fn board<'p>(&self, now: &'p Now) -> (&'p Board, &'p Ownership) {
        (&now.dec.board, &now.dec.ownership)
    }

    fn ends(&self, next: &Now, _report: &Vec<Event>) -> bool {
        next.state.game_over.is_some()
    }

    fn settle(
        &self,
        now: &Now,
        orders: &BTreeMap<PowerId, PowerOrders>,
        retreats: &BTreeSet<ProvinceId>,
        lists: Vec<PowerId>,
    ) -> Result<(Now, Vec<Event>)> {
        let g = self.0;
        let orders = wrap(orders);
        let mut events = vec![Event::public(format!(
            "{}: resolved from the standing preferences sent with the moves",
            super::calendar::phase_title(now.state.date, now.state.stage)
        ))];
        let (state, told) = match now.state.stage {
            Stage::Retreat => season::retreats(g, &now.state, &orders, retreats)?,
            Stage::Adjustment => season::adjustments(g, &now.state, &orders, &lists)?,
            Stage::Movement => return Err(Error::step("standing preferences never settle a move")),
        };
        events.extend(told);
        Ok((Now::of(g, state)?, events))
    }
}

/// Conventional orders as this game's orders.
fn wrap(orders: &BTreeMap<PowerId, PowerOrders>) -> BTreeMap<PowerId, GwOrders> {
    orders.iter().map(|(&p, o)| (p, GwOrders { conventional: o.clone(), ..GwOrders::default() })).collect()
}

/// Is `power` due in `now`, given what preferences already settled?
pub fn due(g: &GuerillaWarfare, now: &Now, held: &Held, power: PowerId) -> bool {
    let map = &g.map;
    match now.state.stage {
        Stage::Movement => true,
        Stage::Retreat => {
            now.dec.dislodged.iter().any(|d| {
                d.unit.power == power && !held.retreats.contains_key(&map.province_of(d.unit.region))
            })
        }
        Stage::Adjustment => !chain::lists_settle(map, &now.dec.board, &now.dec.ownership, held, power),
    }
}

/// One step of a two-season campaign: the phase `state` is in, with `orders` and
/// what the state keeps from preferences, then every retreat and adjustment phase
/// that preferences settle.
pub fn resolve(
    g: &GuerillaWarfare,
    state: &State,
    orders: &BTreeMap<PowerId, GwOrders>,
) -> Result<(State, Vec<Event>)> {
    let map = &g.map;
    let now = Now::of(g, state.clone())?;
    let held = state.standing.read(map)?;
    let phases = Months(g);
    let conventional: BTreeMap<PowerId, PowerOrders> =
        orders.iter().map(|(&p, o)| (p, o.conventional.clone())).collect();
    let open = chain::opening(&phases, map, &now, &conventional, &held);
    let mut first = orders.clone();
    for (p, o) in open.orders {
        first.entry(p).or_default().conventional = o;
    }
    let (after, events) = match state.stage {
        Stage::Movement => super::moves::resolve(g, state, &first)?,
        Stage::Retreat => season::retreats(g, state, &first, &open.retreats)?,
        Stage::Adjustment => season::adjustments(g, state, &first, &open.lists)?,
    };
    let step = chain::chain(&phases, map, Now::of(g, after)?, events, &open.prefs, open.held)?;
    let mut events: Vec<Event> = step.reports.into_iter().flatten().collect();
    if step.next.state.stage == Stage::Retreat {
        events.extend(unmet(g, &now, &step.next, &open.prefs, &step.held));
    }
    let mut next = step.next.state;
    next.standing =
        if next.game_over.is_some() { HeldRecord::default() } else { HeldRecord::of(map, &step.held) };
    Ok((next, events))
}

/// The retreat preferences of dislodged units that none of their entries settled,
/// told to their owners as skipped: the player is asked instead.
fn unmet(
    g: &GuerillaWarfare,
    before: &Now,
    after: &Now,
    prefs: &BTreeMap<ProvinceId, Vec<RetreatOrder>>,
    held: &Held,
) -> Vec<Event> {
    let map = &g.map;
    let mut out = Vec::new();
    for d in &after.dec.dislodged {
        let p = map.province_of(d.unit.region);
        let Some(list) = prefs.get(&p) else { continue };
        if held.retreats.contains_key(&p) {
            continue;
        }
        let one = Standing { retreats: vec![(p, list.clone())], ..Standing::default() };
        for (line, _) in standing::lines(map, &before.dec.board, &one, Style::Short, "these moves") {
            out.push(Event::to_players(
                &[map.power(d.unit.power).id.clone()],
                format!(
                    "skipped: {}: none of the places listed is open to it; you are asked for its retreat",
                    super::orders::as_the_rules_write(&line)
                ),
            ));
        }
    }
    out
}
