//! The FLN's missions (9.1): Propaganda, Strike, Move, Raid and Harass. Each checks
//! its prerequisites first: a mission that may not be done is refused before any AP
//! is spent or any die rolled, and the reason goes to the FLN alone.

use super::board::{self, Log, mark, once, to_oc};
use super::combat::{self, Choices, Engagement};
use super::data::{Data, Side};
use super::dice::Roll;
use super::orders::{Mission, Split};
use super::psl;
use super::standing;
use super::state::{Box_, State};

/// What a done mission leaves for the Government's React (9.23).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Done {
    pub area: String,
    /// The FLN units that did it and are still on the map there.
    pub units: Vec<String>,
    pub strike: bool,
    /// France's Propaganda and missions abroad allow no React.
    pub reactable: bool,
}

/// The standing choices combat and losses read.
pub fn choices(state: &State) -> Choices {
    Choices {
        losses: standing::args(state.standing(Side::Fln, "LOSSES")),
        kills_add: standing::word(state.standing(Side::Government, "KILLS"), 1).as_deref() == Some("ADD"),
        hits_add: standing::word(state.standing(Side::Fln, "PSP"), 1).as_deref() == Some("ADD"),
        hits_split: match standing_split(state) {
            Split::Split(k) if state.options.revision >= 3 => Some(k),
            _ => None,
        },
    }
}

/// The FLN's standing PSP split (default SUBTRACT).
fn standing_split(state: &State) -> Split {
    let lines = state.standing(Side::Fln, "PSP");
    match standing::word(lines, 1).as_deref() {
        Some("ADD") => Split::Add,
        Some("SPLIT") => Split::Split(standing::word(lines, 2).and_then(|n| n.parse().ok()).unwrap_or(0)),
        _ => Split::Subtract,
    }
}

/// 9.11/9.12: `n` PSP shared as the FLN chose.
fn share(state: &mut State, n: u32, split: Split, why: &str, log: &mut Log) {
    let (add, sub) = match split {
        Split::Add => (n, 0),
        Split::Subtract => (0, n),
        Split::Split(k) => (k.min(n), n - k.min(n)),
    };
    if add > 0 {
        log.say(psl::add(state, Side::Fln, add as i32, why));
    }
    if sub > 0 {
        log.say(psl::add(state, Side::Government, -(sub as i32), why));
    }
}

fn pay(state: &mut State, ap: u32, what: &str) -> Result<(), String> {
    afford(state, ap, what)?;
    state.ap -= ap;
    Ok(())
}

/// A `+` on a mission: the unit is eliminated or reduced (C.6 applies).
fn lose(state: &mut State, data: &Data, id: &str, log: &mut Log) -> Option<String> {
    let mut lines = Vec::new();
    let kills_add = choices(state).kills_add;
    let new = combat::take_hit(state, data, id, kills_add, &mut lines);
    log.extend(lines);
    new
}

/// The MST roll, logged with its DRMs.
fn mst(
    data: &Data,
    dice: &mut dyn Roll,
    label: String,
    drms: &[(i32, &str)],
    log: &mut Log,
) -> super::data::Success {
    let die = dice.d6(label.clone());
    let drm: i32 = drms.iter().map(|(n, _)| n).sum();
    let roll = die as i32 + drm;
    let s = data.success(roll);
    let why: Vec<String> = drms.iter().filter(|(n, _)| *n != 0).map(|(n, w)| format!("{n:+} {w}")).collect();
    log.say(format!(
        "{label}: die {die}{} = {roll}: {}{}{}",
        if why.is_empty() { String::new() } else { format!(" ({})", why.join(", ")) },
        s.number,
        if s.plus { "+" } else { "" },
        if s.at { "@" } else { "" }
    ));
    s
}

/// May this FLN mission be done now? Every prerequisite, in the order the rules
/// read them, checked before any AP is spent or any die rolled: `run` asks it first,
/// and so does the check of an orders file at ingest (`rehearsal`).
pub fn check(state: &State, data: &Data, m: &Mission) -> Result<(), String> {
    match m {
        Mission::Propaganda { area, by, .. } => {
            let france = area == "FRANCE";
            board::fln_ready(state, by, Some(area))?;
            let kind = state.units.get(by).map(|u| u.kind.clone()).unwrap_or_default();
            if kind != "front" && kind != "cadre" {
                return Err(format!("Propaganda is done by a Front or a Cadre; {by} is a {kind} (9.11)"));
            }
            if !france && (board::remote(state, data, area) || board::abroad(data, area)) {
                return Err(format!("no Propaganda in a Remote area or abroad ({area}, 9.11)"));
            }
            once(state, area, "Propaganda")?;
            afford(state, data.tables.cost.propaganda, "Propaganda")
        }
        Mission::Strike { area, by, with, .. } => {
            if !board::urban(data, area) {
                return Err(format!("a Strike is made in an Urban area only, not {area} (9.12)"));
            }
            board::fln_ready(state, by, Some(area))?;
            if state.units.get(by).map(|u| u.kind.as_str()) != Some("front") {
                return Err(format!("a Strike needs a Front; {by} is not one (9.12)"));
            }
            for c in with {
                board::fln_ready(state, c, Some(area))?;
                if state.units.get(c).map(|u| u.kind.as_str()) != Some("cadre") {
                    return Err(format!("only Cadres assist a Strike; {c} is not one (9.12)"));
                }
            }
            once(state, area, "Strike")?;
            afford(state, data.tables.cost.strike, "a Strike")
        }
        Mission::Move { unit, to } => {
            let u = state.units.get(unit).cloned().ok_or_else(|| format!("{unit} is not on the map"))?;
            board::fln_ready(state, unit, None)?;
            if !["cadre", "band", "failek"].contains(&u.kind.as_str()) {
                return Err(format!("only Cadres, Bands and Faileks Move; {unit} is a {} (9.13)", u.kind));
            }
            check_move(state, data, &u.area, to)
        }
        Mission::Raid { area, with } => {
            for id in with {
                board::fln_ready(state, id, Some(area))?;
                let k = state.units.get(id).map(|u| u.kind.as_str()).unwrap_or("");
                if k != "band" && k != "failek" {
                    return Err(format!("only Bands and Faileks Raid; {id} is a {k} (9.14)"));
                }
            }
            if board::remote(state, data, area) || board::abroad(data, area) {
                return Err(format!("no Raid in a Remote area or abroad ({area}, 9.14)"));
            }
            once(state, area, "Raid")?;
            afford(state, data.tables.cost.raid, "a Raid")
        }
        Mission::Harass { target, with } => {
            let t = state.units.get(target).cloned().ok_or_else(|| format!("{target} is not on the map"))?;
            if board::kind_side(data, &t) != Some(Side::Government) {
                return Err(format!("Harass fires at a Government unit; {target} is not one (9.15)"));
            }
            let area = t.area.clone();
            let mut faileks = 0;
            for id in with {
                board::fln_ready(state, id, Some(&area))?;
                let k = state.units.get(id).map(|u| u.kind.as_str()).unwrap_or("");
                match k {
                    "failek" => faileks += 1,
                    "band" => {}
                    _ => {
                        return Err(format!(
                            "only Bands and Faileks Harass; {id} is a {k} (9.15, ruling R23)"
                        ));
                    }
                }
            }
            if with.len() > 1 && faileks == 0 {
                return Err("units Harass singly unless a Failek leads them (9.15)".into());
            }
            Ok(())
        }
        _ => Err("that is a Government mission".into()),
    }
}

fn afford(state: &State, ap: u32, what: &str) -> Result<(), String> {
    if state.ap < ap {
        return Err(format!("{what} costs {ap} AP and the FLN has {}", state.ap));
    }
    Ok(())
}

/// Carries out one FLN mission, or says why it may not be done (`check`).
pub fn run(
    state: &mut State,
    data: &Data,
    m: &Mission,
    dice: &mut dyn Roll,
    log: &mut Log,
) -> Result<Done, String> {
    check(state, data, m)?;
    match m {
        Mission::Propaganda { area, by, psp } => {
            let france = area == "FRANCE";
            pay(state, data.tables.cost.propaganda, "Propaganda")?;
            mark(state, area, "Propaganda");
            let drms: Vec<(i32, &str)> = if france {
                Vec::new()
            } else {
                vec![
                    (-(board::patrol(state, data, area) as i32), "Patrol"),
                    (-i32::from(state.terror(area)), "Terror"),
                ]
            };
            let s = mst(data, dice, format!("9.11 Propaganda in {area} by {by} MST"), &drms, log);
            // Ruling R2: doubled in an Urban area; France is not Urban (11.22).
            let n = if board::urban(data, area) { s.number * 2 } else { s.number };
            share(
                state,
                n,
                psp.unwrap_or_else(|| standing_split(state)),
                &format!("Propaganda in {area}"),
                log,
            );
            let mut units = vec![by.clone()];
            if s.plus {
                units = lose(state, data, by, log).into_iter().collect();
            }
            to_oc(state, &units);
            Ok(Done { area: area.clone(), units, strike: false, reactable: !france })
        }
        Mission::Strike { area, by, with, psp } => {
            pay(state, data.tables.cost.strike, "a Strike")?;
            mark(state, area, "Strike");
            let drms = [
                (-(board::patrol(state, data, area) as i32), "Patrol"),
                (-i32::from(state.terror(area)), "Terror"),
                (with.len() as i32, "Cadres assisting"),
            ];
            let s = mst(data, dice, format!("9.12 Strike in {area} by {by} MST"), &drms, log);
            let n = dice.dice(s.number, &format!("9.12 Strike in {area} PSP"));
            share(
                state,
                n,
                psp.unwrap_or_else(|| standing_split(state)),
                &format!("Strike in {area} ({}d6)", s.number),
                log,
            );
            let mut units: Vec<String> = std::iter::once(by.clone()).chain(with.iter().cloned()).collect();
            if s.at {
                let police: Vec<String> = state
                    .units_in(area)
                    .filter(|u| u.kind == "police" && !u.neutralized)
                    .map(|u| u.id.clone())
                    .collect();
                for p in &police {
                    if let Some(u) = state.units.get_mut(p) {
                        u.neutralized = true;
                    }
                }
                if !police.is_empty() {
                    log.say(format!("@: the Police in {area} are neutralized: {}", police.join(", ")));
                }
            }
            if s.plus {
                units = units.iter().filter_map(|u| lose(state, data, u, log)).collect();
            }
            to_oc(state, &units);
            Ok(Done { area: area.clone(), units, strike: true, reactable: true })
        }
        Mission::Move { unit, to } => {
            let u = state.units.get(unit).cloned().ok_or_else(|| format!("{unit} is not on the map"))?;
            let from = u.area.clone();
            let international = board::abroad(data, &from) || board::abroad(data, to);
            let border = match (international, state.border_zone, state.border_active) {
                (true, Some(b), true) => b,
                _ => 0,
            };
            let drms = [
                (-(board::patrol(state, data, to) as i32), "Patrol at the destination"),
                (border, "Border Zone"),
            ];
            let s = mst(data, dice, format!("9.13 Move {unit} {from} -> {to} MST"), &drms, log);
            if s.plus {
                lose_whole(state, data, unit, log);
                return Ok(Done { area: to.clone(), units: Vec::new(), strike: false, reactable: false });
            }
            if let Some(u) = state.units.get_mut(unit) {
                u.area = to.clone();
                // 9.13: "placed in the OC box of the area moved to", abroad too
                // (revision 3); before, a unit moved abroad stood in OPS and could
                // Move again in the same phase.
                u.at = if board::abroad(data, to) && state.options.revision < 3 {
                    Box_::Operations
                } else {
                    Box_::Completed
                };
            }
            log.say(format!("{unit} arrives in {to}"));
            Ok(Done {
                area: to.clone(),
                units: vec![unit.clone()],
                strike: false,
                reactable: !board::abroad(data, to),
            })
        }
        Mission::Raid { area, with } => {
            pay(state, data.tables.cost.raid, "a Raid")?;
            mark(state, area, "Raid");
            let drms = [
                (with.len() as i32 - 1, "more raiders"),
                (-(board::patrol(state, data, area) as i32), "Patrol"),
            ];
            let s = mst(data, dice, format!("9.14 Raid in {area} MST"), &drms, log);
            let ap = if board::urban(data, area) { s.number * 2 } else { s.number };
            state.ap = (state.ap + ap).min(99);
            log.say(format!("the FLN gains {ap} AP"));
            // Ruling R25, per chart A.2: + neutralizes a raider, @ a Police unit;
            // either Terrorizes the area.
            if s.plus {
                let order = choices(state).losses;
                if let Some(id) = combat::next_loss(state, data, &order, with)
                    && let Some(u) = state.units.get_mut(&id)
                {
                    u.neutralized = true;
                    log.say(format!("+: {id} is neutralized"));
                }
            }
            let police =
                state.units_in(area).find(|u| u.kind == "police" && !u.neutralized).map(|u| u.id.clone());
            if s.at
                && let Some(p) = police
                && let Some(u) = state.units.get_mut(&p)
            {
                u.neutralized = true;
                log.say(format!("@: {p} is neutralized"));
            }
            if s.plus || s.at {
                terrorize(state, area, log);
            }
            to_oc(state, with);
            Ok(Done { area: area.clone(), units: with.clone(), strike: false, reactable: true })
        }
        Mission::Harass { target, with } => {
            let area = state.units.get(target).map(|t| t.area.clone()).unwrap_or_default();
            let air = standing::word(state.standing(Side::Government, "AIR"), 2)
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            let e = Engagement {
                area: area.clone(),
                fln: with.clone(),
                government: vec![target.clone()],
                air,
                government_half: true,
            };
            log.say(format!("9.15 Harass: {} fire at {target} in {area}", with.join("+")));
            let c = choices(state);
            let fought = combat::fight(state, data, &e, &c, dice);
            log.extend(fought.lines);
            // Revision 3: a Harasser reduced in the fight (a Failek now a Band) goes to
            // OC under its new counter too; before, it stayed in OPS and could act again.
            let survivors: Vec<String> = if state.options.revision >= 3 {
                fought.fln
            } else {
                with.iter().filter(|id| state.units.contains_key(*id)).cloned().collect()
            };
            to_oc(state, &survivors);
            Ok(Done { area, units: survivors, strike: false, reactable: true })
        }
        _ => Err("that is a Government mission".into()),
    }
}

/// A unit lost outright on a Move (+): eliminated, whatever its kind.
fn lose_whole(state: &mut State, data: &Data, id: &str, log: &mut Log) {
    let mut next = Some(id.to_string());
    while let Some(u) = next {
        next = lose(state, data, &u, log);
    }
}

/// 11.5: at most one Terror marker an area.
pub fn terrorize(state: &mut State, area: &str, log: &mut Log) {
    let a = state.areas.entry(area.to_string()).or_default();
    if !a.terror {
        a.terror = true;
        log.say(format!("{area} is Terrorized"));
    }
}

/// 9.13: within the wilaya, or into an area of a neighbouring wilaya (or country)
/// that borders the unit's wilaya; Jealousy bars wilaya borders this turn.
pub fn check_move(state: &State, data: &Data, from: &str, to: &str) -> Result<(), String> {
    if from == to {
        return Err(format!("{to} is where it is"));
    }
    let (Some(a), Some(b)) = (data.area(from), data.area(to)) else {
        return Err("unknown area".into());
    };
    if to == "FRANCE" || from == "FRANCE" {
        return Err("France is reached by deployment, not by Move (11.22)".into());
    }
    if (board::abroad(data, to) || board::abroad(data, from)) && !state.independent {
        return Err("Morocco and Tunisia are closed until they are independent (11.21)".into());
    }
    if a.wilaya == b.wilaya {
        return Ok(());
    }
    let borders = data.wilaya(&a.wilaya).iter().any(|x| x.adjacent.iter().any(|y| y == to));
    if !borders {
        return Err(format!("{to} does not border wilaya {} (9.13)", a.wilaya));
    }
    let international = board::abroad(data, from) || board::abroad(data, to);
    if !international && state.effects.contains("jealousy") {
        return Err("Jealousy and Paranoia: no Move across a wilaya border this turn (C.2)".into());
    }
    Ok(())
}
