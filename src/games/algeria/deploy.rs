//! The Deployment Phase (7): the Government first (moves, Patrol, division modes,
//! Helo), then the FLN (underground units to OPS, the Cadre to or from France).

use std::collections::BTreeSet;

use super::board::{self, Log};
use super::data::{Data, Side};
use super::orders::{self, Order};
use super::react::airmobilize;
use super::state::{Box_, State};

/// The Government's deployment lines, in order; a line that may not be done is
/// skipped and its reason told to the Government.
pub fn government(state: &mut State, data: &Data, lines: &[String], log: &mut Log) {
    let mut moved: BTreeSet<String> = BTreeSet::new();
    for text in lines {
        let Ok(line) = orders::parse_line(data, Side::Government, text) else { continue };
        let result = match &line.order {
            Order::Redeploy { unit, area } => ready(state, data, unit, &moved).and_then(|()| {
                if !orders::in_algeria(data, area) {
                    return Err("Government units deploy in Algeria only (7)".into());
                }
                let u = state.units.get_mut(unit).ok_or("gone")?;
                u.area = area.clone();
                u.at = Box_::Operations;
                moved.insert(unit.clone());
                Ok(format!("{unit} deploys to {area} (OPS)"))
            }),
            Order::Patrol(unit) => ready(state, data, unit, &moved).and_then(|()| {
                let u = state.units.get_mut(unit).ok_or("gone")?;
                u.at = Box_::Patrol;
                moved.insert(unit.clone());
                Ok(format!("{unit} patrols {}", u.area))
            }),
            Order::Mode { unit, dispersed } => {
                if state.units.get(unit).map(|u| u.kind.as_str()) != Some("division") {
                    Err(format!("{unit} is not a division on the map (11.7)"))
                } else if *dispersed && state.options.slow_reaction && !state.reaction_over {
                    Err("no Dispersed mode yet (13.1)".into())
                } else {
                    if let Some(u) = state.units.get_mut(unit) {
                        u.dispersed = *dispersed;
                    }
                    Ok(format!("{unit} is {}", if *dispersed { "Dispersed" } else { "Concentrated" }))
                }
            }
            Order::Helo(unit) => {
                if airmobilize(state, data, unit, log) {
                    Ok(String::new())
                } else {
                    Err("not airmobilized".into())
                }
            }
            _ => continue,
        };
        match result {
            Ok(said) if said.is_empty() => {}
            Ok(said) => log.say(said),
            Err(why) => log.tell(Side::Government, format!("{}: skipped: {why}", line.text)),
        }
    }
}

/// An activated (OPS), non-neutralized mobile unit not yet deployed this phase.
fn ready(state: &State, data: &Data, id: &str, moved: &BTreeSet<String>) -> Result<(), String> {
    let u = state.units.get(id).ok_or_else(|| format!("{id} is not on the map"))?;
    if !data.kind(&u.kind).is_some_and(|k| k.mobile) {
        return Err(format!("{id} is static"));
    }
    if u.neutralized {
        return Err(format!("{id} is neutralized"));
    }
    if u.at != Box_::Operations {
        return Err(format!("{id} is in the {} box: only activated units deploy (6.32)", u.at.code()));
    }
    if moved.contains(id) {
        return Err(format!("{id} has already deployed"));
    }
    Ok(())
}

/// The FLN's deployment lines: `DEPLOY <area> ALL|<units>` (UG to OPS, not the
/// neutralized: ruling R12), `DEPLOY <cadre> FRANCE` from an area with a Front, and
/// the Cadre's return from France to such an area.
pub fn fln(state: &mut State, data: &Data, lines: &[String], log: &mut Log) {
    for text in lines {
        let Ok(line) = orders::parse_line(data, Side::Fln, text) else { continue };
        let Order::Deploy { area, units } = &line.order else { continue };
        let result = if units.len() == 1 && state.units.get(&units[0]).is_some_and(|u| u.area != *area) {
            cadre(state, data, &units[0], area)
        } else {
            let chosen: Vec<String> = state
                .units_in(area)
                .filter(|u| u.at == Box_::Underground && !u.neutralized)
                .filter(|u| board::kind_side(data, u) == Some(Side::Fln))
                .filter(|u| units.is_empty() || units.contains(&u.id))
                .map(|u| u.id.clone())
                .collect();
            let missing: Vec<&String> = units.iter().filter(|u| !chosen.contains(u)).collect();
            for id in &chosen {
                if let Some(u) = state.units.get_mut(id) {
                    u.at = Box_::Operations;
                }
            }
            if !missing.is_empty() {
                // Revision 2 words it as every line not (wholly) carried out.
                log.tell(
                    Side::Fln,
                    format!(
                        "{}: {}not underground and ready in {area}: {}",
                        line.text,
                        if state.options.revision >= 2 && !chosen.is_empty() { "skipped: " } else { "" },
                        missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                );
            }
            if chosen.is_empty() {
                Err("nothing to deploy".into())
            } else {
                Ok(format!("FLN units deploy in {area}: {}", chosen.join(", ")))
            }
        };
        match result {
            Ok(said) => log.say(said),
            Err(why) => log.tell(Side::Fln, format!("{}: skipped: {why}", line.text)),
        }
    }
}

/// 11.22: one Cadre in France at most, sent from (and returning to) an area with a Front.
fn cadre(state: &mut State, data: &Data, id: &str, to: &str) -> Result<String, String> {
    let u = state.units.get(id).cloned().ok_or_else(|| format!("{id} is not on the map"))?;
    if u.kind != "cadre" || u.neutralized {
        return Err(format!("{id} is not a ready Cadre"));
    }
    let has_front = |area: &str| state.units_in(area).any(|x| x.kind == "front");
    if to == "FRANCE" {
        if state.units_in("FRANCE").count() > 0 {
            return Err("one Cadre in France at most (11.22)".into());
        }
        if !has_front(&u.area) {
            return Err(format!(
                "a Cadre goes to France from an area with a Front; {} has none (11.22)",
                u.area
            ));
        }
    } else if u.area != "FRANCE" {
        return Err(format!("DEPLOY {id} {to}: FLN units deploy in their own area (7)"));
    } else if !has_front(to) || !orders::in_algeria(data, to) {
        return Err(format!("the Cadre returns to an area with a Front; {to} has none (11.22)"));
    }
    if let Some(x) = state.units.get_mut(id) {
        x.area = to.to_string();
        x.at = Box_::Operations;
    }
    Ok(format!("{id} deploys to {to}"))
}
