//! The set-up phases' PLACE orders (3, C.8): each side moves its scenario units
//! within the wilaya the scenario gives them.

use std::collections::BTreeSet;

use super::board::Log;
use super::data::{Data, Side};
use super::orders::{self, Order};
use super::setup::{front_allowed, setup_box};
use super::state::State;

/// Carries out a side's PLACE lines; one that cannot be done is skipped and its
/// reason told to that side.
pub fn place(state: &mut State, data: &Data, side: Side, lines: &[String], log: &mut Log) {
    let mut placed: BTreeSet<String> = BTreeSet::new();
    for text in lines {
        let Ok(line) = orders::parse_line(data, side, text) else { continue };
        let Order::Place { unit, area, dispersed } = &line.order else { continue };
        match place_one(state, data, side, unit, area, *dispersed, &placed) {
            Ok(id) => {
                placed.insert(id);
            }
            Err(why) => log.tell(side, format!("{}: skipped: {why}", line.text)),
        }
    }
    log.say(format!("the {} sets up", side.name()));
}

fn place_one(
    state: &mut State,
    data: &Data,
    side: Side,
    unit: &str,
    area: &str,
    dispersed: bool,
    placed: &BTreeSet<String>,
) -> Result<String, String> {
    let target = data.area(area).ok_or("unknown area")?;
    let by_id = data.kind_of(unit).is_some();
    let candidate = state
        .units
        .values()
        .filter(|u| if by_id { u.id == unit } else { u.kind == unit })
        .filter(|u| data.kind(&u.kind).is_some_and(|k| k.side == side))
        .filter(|u| !placed.contains(&u.id))
        .find(|u| data.area(&u.area).is_some_and(|a| a.wilaya == target.wilaya))
        .map(|u| u.id.clone())
        .ok_or_else(|| format!("no {unit} of yours sets up in wilaya {} (C.8)", target.wilaya))?;
    let kind = state.units[&candidate].kind.clone();
    if kind == "front" {
        // A Front moving elsewhere is not itself in `area`, so it cannot block it.
        if state.units[&candidate].area != area && !front_allowed(state, data, area) {
            return Err(format!("a Front may not stand in {area} (Remote, or a Front is there: 6.2)"));
        }
    }
    if dispersed && kind != "division" {
        return Err("only a division is Dispersed (11.7)".into());
    }
    if dispersed && state.options.slow_reaction && !state.reaction_over {
        return Err("no Dispersed mode yet (13.1)".into());
    }
    let at = setup_box(data, &kind, area);
    if let Some(u) = state.units.get_mut(&candidate) {
        u.area = area.to_string();
        u.at = at;
        u.dispersed = dispersed;
    }
    Ok(candidate)
}
