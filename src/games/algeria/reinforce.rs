//! The Reinforcement Phase (6): the OAS comes or goes (11.3), Suez units return, the
//! Government mobilizes and activates (B.1, paid in half PSP, the total rounded up),
//! the OAS's controller places it, then the FLN gains AP (A.4) and builds (A.1).

use super::board::{self, Log};
use super::combat::free_counter;
use super::data::{AreaType, Data, Side};
use super::dice::Roll;
use super::orders::{self, Order};
use super::psl;
use super::setup::{front_allowed, setup_box};
use super::standing;
use super::state::{Box_, Oas, State, Unit};

/// Half PSP spent so far this phase, and what a new item would make the bill.
struct Bill {
    half: u32,
}

impl Bill {
    fn psp(&self) -> u32 {
        self.half.div_ceil(2)
    }
    /// Adds `half` if the Government could still pay the total (ruling R15: never to
    /// PSL 0).
    fn add(&mut self, state: &State, half: u32) -> bool {
        let after = (self.half + half).div_ceil(2);
        if after >= state.government_psl {
            return false;
        }
        self.half += half;
        true
    }
}

/// The Government's part of the phase, with what comes before it: the 13.1 check,
/// the OAS coming or going, units called away coming back, then mobilization and
/// activation (`lines` None: the Government sent none and activates everything it
/// can afford), and the OAS placed by its controller.
pub fn reinforce_government(
    state: &mut State,
    data: &Data,
    lines: Option<&[String]>,
    dice: &mut dyn Roll,
    log: &mut Log,
) {
    log.say(format!("Turn {}: Reinforcement Phase", state.turn));
    // 13.1: the restrictions end at the first Reinforcement Phase the FLN PSL leads.
    if state.options.slow_reaction && !state.reaction_over && state.fln_psl > state.government_psl {
        state.reaction_over = true;
        log.say("13.1: the FLN PSL leads; the Slow French Reaction restrictions end");
    }
    oas_comes_or_goes(state, dice, log);
    let back: Vec<(String, String)> = state
        .away
        .iter()
        .filter(|(_, (_, t))| *t <= state.turn)
        .map(|(id, (a, _))| (id.clone(), a.clone()))
        .collect();
    for (id, area) in back {
        state.away.remove(&id);
        if let Some(area) = area.strip_prefix("suez:") {
            let kind = data.kind_of(&id).map(|k| k.kind.clone()).unwrap_or_default();
            state.units.insert(id.clone(), Unit::fresh(&id, &kind, area, Box_::Operations));
            log.say(format!("{id} returns from Suez to {area}"));
        } else {
            log.say(format!("{id} may be mobilized again (NATO)"));
        }
    }
    government_reinforces(state, data, lines, log);
    oas_placed(state, data, log);
}

/// The FLN's part: its AP income (A.4), then its builds and conversions.
pub fn reinforce_fln(state: &mut State, data: &Data, lines: Option<&[String]>, log: &mut Log) {
    fln_reinforces(state, data, lines.unwrap_or(&[]), log);
}

/// 11.3: on at Government PSL 30 or less (ruling R3), controller by a die; off above 70
/// if the Government's standing order says OAS REMOVE (its default).
fn oas_comes_or_goes(state: &mut State, dice: &mut dyn Roll, log: &mut Log) {
    if state.oas.is_none() && state.government_psl <= 30 {
        let die = dice.d6("11.3 OAS control".into());
        let controller = if die <= 3 { Side::Fln } else { Side::Government };
        state.oas = Some(Oas { controller, at: None });
        log.say(format!(
            "the OAS appears (Government PSL {}): {die}, the {} controls it",
            state.government_psl,
            controller.name()
        ));
    } else if state.oas.is_some() && state.government_psl > 70 {
        let keep = state.standing(Side::Government, "OAS").iter().any(|l| !l.contains("REMOVE"));
        if !keep {
            state.oas = None;
            log.say("the Government removes the OAS (PSL above 70)");
        }
    }
}

/// The controller places the OAS: its standing OAS order, else (FLN) France or
/// (Government) the Urban area with most FLN units.
fn oas_placed(state: &mut State, data: &Data, log: &mut Log) {
    let Some(controller) = state.oas.as_ref().map(|o| o.controller) else { return };
    let named = standing::args(state.standing(controller, "OAS")).join(" ");
    let named = orders::area_at(data, &named.split_whitespace().collect::<Vec<_>>())
        .map(|(a, _)| a)
        .filter(|a| a == "FRANCE" || board::urban(data, a));
    let at = named.unwrap_or_else(|| match controller {
        Side::Fln => "FRANCE".to_string(),
        Side::Government => data
            .areas
            .iter()
            .filter(|a| a.kind == AreaType::Urban)
            .max_by_key(|a| {
                state.units_in(&a.id).filter(|u| board::kind_side(data, u) == Some(Side::Fln)).count()
            })
            .map(|a| a.id.clone())
            .unwrap_or_else(|| "ALGIERS".into()),
    });
    log.say(format!("the {} places the OAS in {at}", controller.name()));
    if let Some(o) = state.oas.as_mut() {
        o.at = Some(at);
    }
}

fn government_reinforces(state: &mut State, data: &Data, lines: Option<&[String]>, log: &mut Log) {
    let mut bill = Bill { half: 0 };
    let mut mobilized: Vec<String> = Vec::new();
    let mut activations: Option<Order> = None;
    let mut activation_line: Option<String> = None;
    let mut limited = 0; // 13.1: mobile units and Points mobilized this turn
    let slow = state.options.slow_reaction && !state.reaction_over;
    let mut border_bought = false;
    let orders: Vec<(String, Order)> = lines
        .unwrap_or(&[])
        .iter()
        .filter_map(|l| orders::parse_line(data, Side::Government, l).ok().map(|l| (l.text, l.order)))
        .collect();
    // Revision 2 tells every line not carried out as `<line>: skipped: <why>`, as the
    // other phases do; campaigns made before keep their words.
    let uniform = state.options.revision >= 2;
    for (text, o) in &orders {
        let refuse = |log: &mut Log, old: String| {
            let why = old.split_once(": ").map_or(old.as_str(), |(_, why)| why);
            log.tell(Side::Government, if uniform { format!("{text}: skipped: {why}") } else { old.clone() })
        };
        match o {
            Order::Mobilize { kind, area } => {
                let Some(k) = data.kind(kind) else { continue };
                if !orders::in_algeria(data, area) {
                    refuse(log, format!("MOBILIZE {kind} {area}: units are mobilized in Algeria (6.31)"));
                    continue;
                }
                if slow && k.mobile && limited >= 1 {
                    refuse(log, format!("MOBILIZE {kind}: one mobile unit or Point a turn under 13.1"));
                    continue;
                }
                let Some(id) = free_counter(state, data, kind) else {
                    refuse(log, format!("MOBILIZE {kind}: no {kind} counter is free"));
                    continue;
                };
                if !bill.add(state, k.mobilize) {
                    refuse(log, format!("MOBILIZE {kind} {area}: not affordable"));
                    continue;
                }
                limited += u32::from(k.mobile);
                let at = setup_box(data, kind, area);
                state.units.insert(id.clone(), Unit::fresh(&id, kind, area, at));
                mobilized.push(id.clone());
                log.say(format!("the Government mobilizes {id} in {area}"));
            }
            Order::MobilizePoints { what, n } => {
                for _ in 0..*n {
                    if slow && limited >= 1 {
                        refuse(log, format!("MOBILIZE {what}: one mobile unit or Point a turn under 13.1"));
                        break;
                    }
                    let cost = match what.as_str() {
                        "AIR" => data.points.air,
                        "HELO" => data.points.helo,
                        _ => data.points.naval,
                    };
                    if !bill.add(state, cost) {
                        refuse(log, format!("MOBILIZE {what}: not affordable"));
                        break;
                    }
                    limited += 1;
                    match what.as_str() {
                        "AIR" => {
                            state.air_max += 1;
                            state.air += 1;
                        }
                        "HELO" => {
                            state.helo_max += 1;
                            state.helo += 1;
                        }
                        _ => state.naval += 1,
                    }
                    log.say(format!("the Government mobilizes a {} Point", what.to_ascii_lowercase()));
                }
            }
            Order::MobilizeBorder => {
                if !state.independent {
                    refuse(
                        log,
                        "MOBILIZE BORDER: only once Morocco and Tunisia are independent (11.21)".into(),
                    );
                    continue;
                }
                // Ruling R14: to -3 at most, one step a turn.
                if border_bought || state.border_zone.is_some_and(|b| b <= -3) {
                    refuse(log, "MOBILIZE BORDER: one step a turn, to -3 at most".into());
                    continue;
                }
                if !bill.add(state, data.points.border_zone) {
                    refuse(log, "MOBILIZE BORDER: not affordable".into());
                    continue;
                }
                border_bought = true;
                state.border_zone = Some(state.border_zone.map(|b| b - 1).unwrap_or(0));
                // 6.33 / 11.21: "must also be activated each turn"; revision 3 asks the
                // activation of a turn a step is bought too (below).
                state.border_active = state.options.revision < 3;
                log.say(format!("the Border Zone is mobilized to {}", state.border_zone.unwrap_or(0)));
            }
            Order::RemovePolice(id) => {
                if state.units.get(id).is_some_and(|u| u.kind == "police") {
                    state.units.remove(id);
                    log.say(format!("{id} is taken off the map"));
                } else {
                    refuse(log, format!("REMOVE {id}: it is not a Police unit on the map"));
                }
            }
            Order::Activate { .. } => {
                activations = Some(o.clone());
                activation_line = Some(text.clone());
            }
            _ => {}
        }
    }
    // 6.32: activation; none given: everything, as affordable.
    let (all, ids, except, border) = match activations {
        Some(Order::Activate { all, ids, except, border }) => (all, ids, except, border),
        _ => (true, Vec::new(), Vec::new(), true),
    };
    let mut candidates: Vec<String> = state
        .units
        .values()
        .filter(|u| data.kind(&u.kind).is_some_and(|k| k.side == Side::Government && k.mobile))
        .filter(|u| !mobilized.contains(&u.id))
        .map(|u| u.id.clone())
        .collect();
    candidates.sort_by_key(|id| {
        data.kind_of(id).and_then(|k| k.counter_ids().iter().position(|c| c == id)).unwrap_or(0)
    });
    let mut unpaid = Vec::new();
    let mut wanted_unpaid = Vec::new();
    for id in candidates {
        let cost = data.kind_of(&id).map(|k| k.activate).unwrap_or(0);
        let wanted = if all { !except.contains(&id) } else { ids.contains(&id) };
        if cost == 0 || (wanted && bill.add(state, cost)) {
            continue;
        }
        if wanted && !all {
            wanted_unpaid.push(id.clone());
        }
        unpaid.push(id.clone());
        if let Some(u) = state.units.get_mut(&id) {
            u.at = Box_::Completed;
        }
    }
    if state.border_zone.is_some() && (!border_bought || state.options.revision >= 3) {
        state.border_active = border && bill.add(state, data.points.border_zone_activate);
    }
    // Units named by ACTIVATE (not ALL, which is "as far as it can pay") that the
    // Government could not pay for.
    if uniform && let Some(line) = &activation_line {
        let named_missing: Vec<&String> = ids.iter().filter(|id| !state.units.contains_key(*id)).collect();
        if !wanted_unpaid.is_empty() {
            log.tell(
                Side::Government,
                format!("{line}: skipped: not affordable: {}", wanted_unpaid.join(" ")),
            );
        } else if !named_missing.is_empty() {
            let names: Vec<&str> = named_missing.iter().map(|s| s.as_str()).collect();
            log.tell(
                Side::Government,
                format!("{line}: skipped: not mobile units on the map: {}", names.join(" ")),
            );
        }
    }
    let psp = bill.psp();
    if psp > 0 {
        log.say(psl::add(state, Side::Government, -(psp as i32), "mobilization and activation"));
    }
    if !unpaid.is_empty() {
        log.say(format!("not activated (to OC): {}", unpaid.join(", ")));
    }
    if state.border_zone.is_some() {
        log.say(format!("the Border Zone is {}", if state.border_active { "active" } else { "inactive" }));
    }
}

/// A.4: the FLN's AP for the turn.
pub fn income(state: &State, data: &Data) -> (u32, String) {
    let mut areas = 0u32;
    for a in data.areas.iter().filter(|a| a.kind != AreaType::Country) {
        let table = match (a.kind, board::remote(state, data, &a.id)) {
            (_, true) => data.tables.income.remote,
            (AreaType::Urban, _) => data.tables.income.urban,
            _ => data.tables.income.rural,
        };
        let here = state.areas.get(&a.id);
        let fln_present =
            state.units_in(&a.id).any(|u| !u.neutralized && board::kind_side(data, u) == Some(Side::Fln));
        let base = match here.and_then(|h| h.control) {
            Some(Side::Fln) => table[0],
            None if fln_present => table[1],
            _ => 0,
        };
        let terror = if here.is_some_and(|h| h.terror) { data.tables.income.terror } else { 0 };
        areas += base.saturating_sub(terror);
    }
    // Ruling R15: the PSL's share never goes below 0.
    let border = match (state.options.border_ap, state.border_active, state.border_zone) {
        (true, true, Some(b)) => b.unsigned_abs(),
        _ => 0,
    };
    let from_psl = state.fln_psl.div_ceil(10).saturating_sub(state.naval + border);
    (
        areas + from_psl,
        format!(
            "the FLN gains {} AP: {areas} from areas, {from_psl} from its PSL less Naval Points",
            areas + from_psl
        ),
    )
}

fn fln_reinforces(state: &mut State, data: &Data, lines: &[String], log: &mut Log) {
    let (ap, line) = income(state, data);
    state.ap = (state.ap + ap).min(99);
    log.say(line);
    for text in lines {
        let Ok(line) = orders::parse_line(data, Side::Fln, text) else { continue };
        let result = match &line.order {
            Order::Build { kind, area } => build(state, data, kind, area),
            Order::Convert { unit, to } => convert(state, data, unit, to),
            _ => continue,
        };
        match result {
            Ok(done) => log.say(done),
            Err(why) => log.tell(Side::Fln, format!("{}: skipped: {why}", line.text)),
        }
    }
}

fn spend(state: &mut State, ap: u32, what: &str) -> Result<(), String> {
    if state.ap < ap {
        return Err(format!("{what} costs {ap} AP and the FLN has {}", state.ap));
    }
    state.ap -= ap;
    Ok(())
}

/// A.1 / 6.2: a Cadre or Band in the UG box of an area with a non-neutralized Front,
/// or in an independent Morocco or Tunisia (cheaper there).
fn build(state: &mut State, data: &Data, kind: &str, area: &str) -> Result<String, String> {
    let abroad = matches!(area, "MOROCCO" | "TUNISIA");
    if abroad && !state.independent {
        return Err(format!("{area} is not independent yet (11.21)"));
    }
    if !abroad && !state.units_in(area).any(|u| u.kind == "front" && !u.neutralized) {
        return Err(format!("no non-neutralized Front in {area} (6.2)"));
    }
    let id = free_counter(state, data, kind).ok_or_else(|| format!("no {kind} counter is free"))?;
    let cost = if abroad { data.tables.build.cadre_or_band_abroad } else { data.tables.build.cadre_or_band };
    spend(state, cost, "a build")?;
    let at = setup_box(data, kind, area);
    state.units.insert(id.clone(), Unit::fresh(&id, kind, area, at));
    Ok(format!("the FLN builds {kind} {id} in {area}"))
}

/// A.1 / 6.2: conversions, each onto a free counter.
fn convert(state: &mut State, data: &Data, id: &str, to: &str) -> Result<String, String> {
    let u = state.units.get(id).cloned().ok_or_else(|| format!("{id} is not on the map"))?;
    if u.neutralized {
        return Err(format!("{id} is neutralized"));
    }
    if u.area == "FRANCE" {
        return Err("the Cadre in France makes Propaganda only (11.22)".into());
    }
    let abroad = board::abroad(data, &u.area);
    let cost = match (u.kind.as_str(), to) {
        ("cadre", "front") => {
            if abroad || !front_allowed(state, data, &u.area) {
                return Err(format!("no Front in {} (Remote, abroad, or one is there already: 6.2)", u.area));
            }
            data.tables.build.cadre_to_front
        }
        ("cadre", "band") => data.tables.build.cadre_to_band,
        ("band", "failek") => {
            if !abroad {
                return Err("a Band becomes a Failek only in Morocco or Tunisia (A.1)".into());
            }
            data.tables.build.band_to_failek
        }
        ("front", "cadre") => 0,
        (from, to) => return Err(format!("a {from} cannot become a {to} (6.2)")),
    };
    let new = free_counter(state, data, to).ok_or_else(|| format!("no {to} counter is free"))?;
    spend(state, cost, "the conversion")?;
    state.units.remove(id);
    state.units.insert(new.clone(), Unit { id: new.clone(), kind: to.into(), ..u });
    Ok(format!("the FLN converts {id} to {to} {new}"))
}
