//! Questions about the board the missions ask: who is on Patrol, what a unit's
//! ratings are now, which Government units may act together.

use super::data::{AreaType, Data, Side};
use super::state::{Box_, State, Unit};

pub fn kind_side(data: &Data, u: &Unit) -> Option<Side> {
    data.kind(&u.kind).map(|k| k.side)
}

/// Ruling R7: Patrol DRMs count the non-neutralized Government units in the area's
/// PTL box, Police included.
pub fn patrol(state: &State, data: &Data, area: &str) -> u32 {
    state
        .units_in(area)
        .filter(|u| u.at == Box_::Patrol && !u.neutralized && kind_side(data, u) == Some(Side::Government))
        .count() as u32
}

/// Remote, or Resettled (9.27: treated as Remote for the rest of the game).
pub fn remote(state: &State, data: &Data, area: &str) -> bool {
    data.area(area).is_some_and(|a| a.kind == AreaType::Remote)
        || state.areas.get(area).is_some_and(|a| a.resettled)
}

pub fn urban(data: &Data, area: &str) -> bool {
    data.area(area).is_some_and(|a| a.kind == AreaType::Urban)
}

pub fn abroad(data: &Data, area: &str) -> bool {
    data.area(area).is_some_and(|a| a.kind == AreaType::Country)
}

/// A Government unit's Contact rating now: a Dispersed division's other face, +1
/// when airmobilized (ruling R14).
pub fn contact(state: &State, data: &Data, id: &str) -> u32 {
    let Some(u) = state.units.get(id) else { return 0 };
    let Some(k) = data.kind(&u.kind) else { return 0 };
    let base = match (&k.dispersed, u.dispersed) {
        (Some(face), true) => face.rating,
        _ => k.rating,
    };
    base + if u.helo { data.helo.rating_bonus } else { 0 }
}

/// An FLN unit's Evasion rating.
pub fn evasion(state: &State, data: &Data, id: &str) -> u32 {
    state.units.get(id).and_then(|u| data.kind(&u.kind)).map(|k| k.rating).unwrap_or(0)
}

pub fn is_elite(state: &State, data: &Data, id: &str) -> bool {
    state.units.get(id).and_then(|u| data.kind(&u.kind)).is_some_and(|k| k.elite)
}

/// 9.22: several units may act together only if all are elite or a French division
/// is in the area (any box).
pub fn may_combine(state: &State, data: &Data, area: &str, units: &[String]) -> bool {
    units.len() <= 1 || elite_or_division(state, data, area, units)
}

/// The condition of 9.22 and 11.12: every unit elite, or a French division in the area.
fn elite_or_division(state: &State, data: &Data, area: &str, units: &[String]) -> bool {
    units.iter().all(|u| is_elite(state, data, u)) || state.units_in(area).any(|u| u.kind == "division")
}

/// Government mobile units that could Flush or React in `area`: in its OPS or PTL
/// box and not neutralized, or airmobilized anywhere (they travel, 11.12).
pub fn could_act(state: &State, data: &Data, area: &str) -> Vec<String> {
    state
        .units
        .values()
        .filter(|u| {
            let k = data.kind(&u.kind);
            k.is_some_and(|k| k.side == Side::Government && k.mobile)
                && !u.neutralized
                && matches!(u.at, Box_::Operations | Box_::Patrol)
                && (u.area == area || u.helo)
                && !abroad(data, &u.area)
        })
        .map(|u| u.id.clone())
        .collect()
}

/// May these Government units Flush or React together in `area`? Those from
/// elsewhere must be airmobilized, and come only when units may combine there.
pub fn check_team(state: &State, data: &Data, area: &str, team: &[String]) -> Result<(), String> {
    if team.is_empty() {
        return Err("no units".into());
    }
    let able = could_act(state, data, area);
    for id in team {
        if !able.contains(id) {
            return Err(format!(
                "{id} is not a ready mobile unit in the OPS or PTL box of {area} (nor airmobilized)"
            ));
        }
    }
    if !may_combine(state, data, area, team) {
        return Err(format!(
            "several units act together in {area} only if all are elite or a division is there (9.22)"
        ));
    }
    let from_afar = team.iter().any(|id| state.units.get(id).is_some_and(|u| u.area != area));
    if from_afar && !elite_or_division(state, data, area, team) {
        return Err(
            "airmobilized units come from afar only for elite units or where a division is (11.12)".into()
        );
    }
    Ok(())
}

/// FLN unit `id` is on the map, in an OPS box and not neutralized.
pub fn fln_ready(state: &State, id: &str, area: Option<&str>) -> Result<(), String> {
    let u = state.units.get(id).ok_or_else(|| format!("{id} is not on the map"))?;
    if area.is_some_and(|a| a != u.area) {
        return Err(format!("{id} is in {}, not {}", u.area, area.unwrap_or("")));
    }
    if u.neutralized {
        return Err(format!("{id} is neutralized"));
    }
    if u.at != Box_::Operations {
        return Err(format!("{id} is in the {} box, not OPS (7)", u.at.code()));
    }
    Ok(())
}

/// A mission limited to one an area a turn (9.1, 9.2) has not been done there yet.
pub fn once(state: &State, area: &str, mission: &str) -> Result<(), String> {
    if state.areas.get(area).is_some_and(|a| a.done.contains(mission)) {
        return Err(format!("only one {mission} a turn in {area} (9)"));
    }
    Ok(())
}

/// Records such a mission as done in the area this turn.
pub fn mark(state: &mut State, area: &str, mission: &str) {
    state.areas.entry(area.to_string()).or_default().done.insert(mission.to_string());
}

/// 9: units that took part in a mission end in the area's OC box.
pub fn to_oc(state: &mut State, units: &[String]) {
    for id in units {
        if let Some(u) = state.units.get_mut(id) {
            u.at = Box_::Completed;
        }
    }
}

/// Where a report shows a line: everyone, or one side (and the GM).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    All,
    Side(Side),
}

/// A step's report lines, in order.
#[derive(Clone, Debug, Default)]
pub struct Log {
    pub lines: Vec<(To, String)>,
}

impl Log {
    pub fn say(&mut self, line: impl Into<String>) {
        self.lines.push((To::All, line.into()));
    }
    pub fn tell(&mut self, side: Side, line: impl Into<String>) {
        self.lines.push((To::Side(side), line.into()));
    }
    pub fn extend(&mut self, lines: Vec<String>) {
        for l in lines {
            self.say(l);
        }
    }
}
