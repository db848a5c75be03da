//! What follows a move: retreats, centres changing hands, adjustments, and the end of
//! the game (rules 2 and 3). Fractions ride along only where a fleet carries them.

use std::collections::{BTreeMap, BTreeSet};

use super::GuerillaWarfare;
use super::calendar::{LAST_MOVE, Stage};
use super::orders::GwOrders;
use super::state::{Frac, State, decode, encode_fractions, encode_owners, encode_units, in_game};
use super::votes;
use crate::engine::Event;
use crate::engine::error::Result;
use crate::games::diplomacy::adjust::{self, AdjustOutcome};
use crate::games::diplomacy::map::{Map, PowerId, ProvinceId, Terrain, UnitKind};
use crate::games::diplomacy::retreat::{self, RetreatOutcome};

fn tell(map: &Map, power: PowerId, text: String) -> Event {
    Event::to_players(&[map.power(power).id.clone()], text)
}

/// Fractions aboard `power`'s fleet in `p` are lost with it.
fn lose_aboard(map: &Map, fractions: &mut Vec<Frac>, power: PowerId, p: ProvinceId, events: &mut Vec<Event>) {
    fractions.retain(|f| {
        let lost = f.power == power && f.aboard && f.at == p;
        if lost {
            events.push(tell(
                map,
                power,
                format!(
                    "Guerillas (only you see this): {} are lost with their fleet",
                    super::orders::show_frac(map, f)
                ),
            ));
        }
        !lost
    });
}

/// A power out of the game (no units, no centres) loses its fractions.
fn drop_orphans(map: &Map, s: &mut State, events: &mut Vec<Event>) -> Result<()> {
    let dec = decode(map, s)?;
    let mut fractions = dec.fractions.clone();
    fractions.retain(|f| {
        let keep = in_game(&dec.board, &dec.ownership, f.power);
        if !keep {
            events.push(tell(
                map,
                f.power,
                format!(
                    "Guerillas (only you see this): with no units and no centres left, {} disband",
                    super::orders::show_frac(map, f)
                ),
            ));
        }
        keep
    });
    s.fractions = encode_fractions(map, &fractions);
    s.guerilla_units
        .retain(|p, _| map.power_index(p).is_some_and(|p| in_game(&dec.board, &dec.ownership, p)));
    Ok(())
}

/// After a move and its retreats: centres change hands after the move before an
/// adjustment month, then the calendar moves on.
pub fn after_moves(g: &GuerillaWarfare, s: &mut State, events: &mut Vec<Event>) -> Result<()> {
    let map = &g.map;
    if !s.date.takes_centres() {
        s.date = s.date.next();
        s.stage = Stage::Movement;
        return Ok(());
    }
    let mut dec = decode(map, s)?;
    for (centre, power) in &s.stood {
        if let (Some(p), Some(pw)) = (map.province_by_id(centre), map.power_index(power))
            && dec.board.unit(p).is_none()
        {
            dec.ownership.owner[p as usize] = Some(pw);
        }
    }
    s.stood.clear();
    dec.ownership.take_centres(map, &dec.board);
    s.owners = encode_owners(map, &dec.ownership);
    let counts: Vec<String> = (0..map.powers.len() as PowerId)
        .map(|p| format!("{} {}", map.power(p).name, dec.ownership.count(p)))
        .collect();
    events.push(Event::public(format!("Supply centres after {}: {}", s.date.name(), counts.join(", "))));
    if let Some(result) = votes::centre_victory(map, &dec.ownership) {
        events.push(Event::public(result.clone()));
        s.game_over = Some(result);
        return Ok(());
    }
    s.date = s.date.next();
    s.stage = Stage::Adjustment;
    skip_empty_adjustment(g, s, events)
}

/// An adjustment phase nobody has to order in passes at once.
fn skip_empty_adjustment(g: &GuerillaWarfare, s: &mut State, events: &mut Vec<Event>) -> Result<()> {
    let dec = decode(&g.map, s)?;
    if !super::due_adjustment(&g.map, &dec).is_empty() {
        return Ok(());
    }
    drop_orphans(&g.map, s, events)?;
    finish_adjustment(g, s, events)
}

fn finish_adjustment(g: &GuerillaWarfare, s: &mut State, events: &mut Vec<Event>) -> Result<()> {
    if s.date > LAST_MOVE {
        let dec = decode(&g.map, s)?;
        let result = votes::unit_victory(&g.map, &dec.board);
        events.push(Event::public(result.clone()));
        s.game_over = Some(result);
    } else {
        s.stage = Stage::Movement;
    }
    Ok(())
}

/// The retreat phase. The retreats of the units in `standing` (by province) came
/// from the preferences sent with the moves (option `year=two-season`), and the
/// report says so.
pub fn retreats(
    g: &GuerillaWarfare,
    s: &State,
    orders: &BTreeMap<PowerId, GwOrders>,
    standing: &BTreeSet<ProvinceId>,
) -> Result<(State, Vec<Event>)> {
    let map = &g.map;
    let dec = decode(map, s)?;
    let wanted: BTreeMap<ProvinceId, _> =
        orders.values().flat_map(|o| o.conventional.retreats.iter().copied()).collect();
    let (board, outcomes) = retreat::resolve(map, &dec.board, &dec.dislodged, &wanted);
    let mut fractions = dec.fractions.clone();
    let mut events = vec![Event::public(format!("Retreats of {}:", s.date.name()))];
    for (unit, outcome) in outcomes {
        let from = map.province_of(unit.region);
        let why = if standing.contains(&from) { " (from the standing retreat preference)" } else { "" };
        let name = format!(
            "{} {} {}",
            map.power(unit.power).adjective,
            unit.kind.letter(),
            map.region_name(unit.region)
        );
        match outcome {
            RetreatOutcome::Retreated(r) => {
                let to = map.province_of(r);
                events.push(Event::public(format!("The {name} retreats to {}{why}", map.region_name(r))));
                let within_limit = s.rules.landing == super::state::Landing::WithinLimit;
                let pool = s.rules.limit.pool(unit.power);
                let counts = |f: &Frac| s.rules.limit.pool(f.power) == pool;
                let mut ashore: u32 =
                    fractions.iter().filter(|f| !f.aboard && f.at == to && counts(f)).map(|f| f.size).sum();
                for f in fractions.iter_mut().filter(|f| f.power == unit.power && f.aboard && f.at == from) {
                    f.at = to;
                    if map.province(to).terrain == Terrain::Coast {
                        // R26: only within the whole-unit limit; the rest stay aboard.
                        if !within_limit || ashore + f.size <= super::fractions::WHOLE {
                            ashore += f.size;
                            f.aboard = false;
                        }
                    }
                    events.push(tell(
                        map,
                        unit.power,
                        format!(
                            "Guerillas (only you see this): carried with the fleet, now {}",
                            super::orders::show_frac(map, f)
                        ),
                    ));
                }
            }
            RetreatOutcome::Disbanded => {
                events.push(Event::public(format!("The {name} is disbanded{why}")));
                if unit.kind == UnitKind::Fleet {
                    lose_aboard(map, &mut fractions, unit.power, from, &mut events);
                }
            }
            RetreatOutcome::Collided(p) => {
                events.push(Event::public(format!(
                    "The {name} is disbanded: another unit retreated to {} too{why}",
                    map.province(p).id
                )));
                if unit.kind == UnitKind::Fleet {
                    lose_aboard(map, &mut fractions, unit.power, from, &mut events);
                }
            }
        }
    }
    let mut next = s.clone();
    next.units = encode_units(map, &board);
    next.fractions = encode_fractions(map, &fractions);
    next.dislodged.clear();
    after_moves(g, &mut next, &mut events)?;
    Ok((next, events))
}

/// The adjustment phase (builds and removals). The adjustments of the powers in
/// `lists` came from the lists sent with the moves (option `year=two-season`), and
/// the report says so.
pub fn adjustments(
    g: &GuerillaWarfare,
    s: &State,
    orders: &BTreeMap<PowerId, GwOrders>,
    lists: &[PowerId],
) -> Result<(State, Vec<Event>)> {
    let map = &g.map;
    let dec = decode(map, s)?;
    let wanted: BTreeMap<PowerId, Vec<_>> =
        orders.iter().map(|(&p, o)| (p, o.conventional.adjustments.clone())).collect();
    let (board, outcomes) = adjust::resolve(map, &dec.board, &dec.ownership, &wanted);
    let mut fractions = dec.fractions.clone();
    let mut events = vec![Event::public(format!("Adjustments of {}:", s.date.name()))];
    for (power, outcome) in outcomes {
        let name = &map.power(power).name;
        let unit = |u: crate::games::diplomacy::board::Unit| {
            format!("{} {}", u.kind.letter(), map.region_name(u.region))
        };
        let listed = lists.contains(&power);
        let text = match outcome {
            AdjustOutcome::Built(u) if listed => {
                format!("{name} builds {} (from the standing build list)", unit(u))
            }
            AdjustOutcome::Built(u) => format!("{name} builds {}", unit(u)),
            AdjustOutcome::Waived if listed => {
                format!("{name} waives a build (from the standing build list)")
            }
            AdjustOutcome::Waived => format!("{name} waives a build"),
            AdjustOutcome::Removed(u) | AdjustOutcome::RemovedInDisorder(u) => {
                if u.kind == UnitKind::Fleet {
                    lose_aboard(map, &mut fractions, power, map.province_of(u.region), &mut events);
                }
                if matches!(outcome, AdjustOutcome::Removed(_)) && listed {
                    format!("{name} removes {} (from the standing removal list)", unit(u))
                } else if matches!(outcome, AdjustOutcome::Removed(_)) {
                    format!("{name} removes {}", unit(u))
                } else {
                    format!("{name} removes {} (no orders: civil disorder rule)", unit(u))
                }
            }
            AdjustOutcome::Failed(why) => format!("{name}: {why}"),
        };
        events.push(Event::public(text));
    }
    let mut next = s.clone();
    next.units = encode_units(map, &board);
    next.fractions = encode_fractions(map, &fractions);
    drop_orphans(map, &mut next, &mut events)?;
    finish_adjustment(g, &mut next, &mut events)?;
    Ok((next, events))
}
