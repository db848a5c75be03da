//! The Turn Interphase (10): control and depreciation, recovery, redeployment, and
//! the final PSL adjustments with the coup check (10.4, C.6), in the rules' order.

use super::data::{AreaType, Data, Side};
use super::dice::Roll;
use super::psl;
use super::state::{Box_, State};

/// 10.1: a side's Control Points in an area: 3 for a Front or a Dispersed division,
/// 1 for any other unit; neutralized units count nothing; Government units need not
/// be activated.
pub fn control_points(state: &State, data: &Data, area: &str, side: Side) -> u32 {
    state
        .units_in(area)
        .filter(|u| !u.neutralized)
        .filter_map(|u| {
            let k = data.kind(&u.kind)?;
            let points = match (&k.dispersed, u.dispersed) {
                (Some(face), true) => face.control,
                _ => k.control,
            };
            (k.side == side).then_some(points)
        })
        .sum()
}

/// 10.1 for one area: twice the other's points or more wins Control; otherwise both
/// roll 1d6 against the difference and a lone success wins it; else Contested.
pub fn control_area(state: &State, data: &Data, area: &str, dice: &mut dyn Roll) -> (Option<Side>, String) {
    let fln = control_points(state, data, area, Side::Fln);
    let gov = control_points(state, data, area, Side::Government);
    let name = data.area(area).map(|a| a.name.as_str()).unwrap_or(area);
    if fln == 0 && gov == 0 {
        return (None, format!("{name}: no Control Points; Contested"));
    }
    if fln >= 2 * gov {
        return (Some(Side::Fln), format!("{name}: FLN {fln} to Government {gov}: FLN Control"));
    }
    if gov >= 2 * fln {
        return (
            Some(Side::Government),
            format!("{name}: Government {gov} to FLN {fln}: Government Control"),
        );
    }
    let diff = fln.abs_diff(gov);
    let f = dice.d6(format!("10.1 control of {name}: FLN"));
    let g = dice.d6(format!("10.1 control of {name}: Government"));
    let winner = match (f <= diff, g <= diff) {
        (true, false) => Some(Side::Fln),
        (false, true) => Some(Side::Government),
        _ => None,
    };
    let verdict = winner.map(|s| format!("{} Control", s.name())).unwrap_or_else(|| "Contested".into());
    (
        winner,
        format!(
            "{name}: FLN {fln} to Government {gov}, both roll {diff} or less: FLN {f}, Government {g}: {verdict}"
        ),
    )
}

/// The DRM a side's PSL gives depreciation and recovery rolls (C.4, C.5).
fn psl_drm(psl: u32) -> i32 {
    if psl <= 30 {
        -1
    } else if psl >= 70 {
        1
    } else {
        0
    }
}

/// C.5: a neutralized unit's recovery DRM: "+1 elite unit or PSL >= 70 / -1 PSL <=
/// 30". Revision 3 adds them up (+1 at most for being elite or well supported, -1 for
/// a PSL of 30 or less, so an elite unit at PSL 30 gets 0); before, ruling R13 gave an
/// elite unit +1 whatever the PSL.
pub fn recovery_drm(elite: bool, psl: u32, revision: u32) -> i32 {
    let up = i32::from(elite || psl >= 70);
    let down = i32::from(psl <= 30);
    if revision >= 3 {
        up - down
    } else if up == 1 {
        1
    } else {
        -down
    }
}

/// 10.11 / C.4: rolls against `points`; returns the points lost.
pub fn depreciate(data: &Data, points: u32, psl: u32, label: &str, dice: &mut dyn Roll) -> (u32, String) {
    let loss = data.loss_number(points);
    if loss == 0 {
        return (0, format!("{label}: none to depreciate"));
    }
    let die = dice.d6(format!("10.11 depreciation of {label}"));
    let roll = die as i32 + psl_drm(psl);
    let lost = if roll <= loss as i32 { loss.min(points) } else { 0 };
    (
        lost,
        format!("{label}: {points}, loss number {loss}, roll {die}{:+} = {roll}: {lost} lost", psl_drm(psl)),
    )
}

/// Every step of the interphase before the final PSL adjustments.
pub fn control_depreciation_recovery_redeployment(
    state: &mut State,
    data: &Data,
    dice: &mut dyn Roll,
) -> Vec<String> {
    let mut log = Vec::new();
    // 10.1 Control, areas in data order (countries are never controlled).
    for area in data.areas.iter().filter(|a| a.kind != AreaType::Country) {
        let (control, line) = control_area(state, data, &area.id, dice);
        state.areas.entry(area.id.clone()).or_default().control = control;
        log.push(line);
    }
    // 10.11 Depreciation: Air, Helo, then the FLN's AP.
    let gov = state.government_psl;
    let (lost, line) = depreciate(data, state.air_max, gov, "Air Points maximum", dice);
    state.air_max -= lost;
    log.push(line);
    let (lost, line) = depreciate(data, state.helo_max, gov, "Helo Points maximum", dice);
    state.helo_max -= lost;
    log.push(line);
    let (lost, line) = depreciate(data, state.ap, state.fln_psl, "FLN AP", dice);
    state.ap -= lost;
    log.push(line);
    // 10.2 Recovery: neutralized units by id, then Terrorized areas in data order.
    let ids: Vec<String> = state.units.values().filter(|u| u.neutralized).map(|u| u.id.clone()).collect();
    for id in ids {
        let Some(u) = state.units.get(&id) else { continue };
        let Some(k) = data.kind(&u.kind) else { continue };
        let own = state.psl(k.side);
        let drm = recovery_drm(k.elite, own, state.options.revision);
        let die = dice.d6(format!("10.2 recovery of {id}"));
        let ok = die as i32 + drm >= data.tables.recovery.at_least as i32;
        if ok && let Some(u) = state.units.get_mut(&id) {
            u.neutralized = false;
        }
        log.push(format!("{id} rolls {die}{drm:+}: {}", if ok { "recovers" } else { "stays neutralized" }));
    }
    for area in &data.areas {
        if !state.terror(&area.id) {
            continue;
        }
        let clear = !state
            .units_in(&area.id)
            .any(|u| !u.neutralized && data.kind(&u.kind).is_some_and(|k| k.side == Side::Fln));
        let drm = i32::from(clear);
        let die = dice.d6(format!("10.2 recovery of Terror in {}", area.name));
        let ok = die as i32 + drm >= data.tables.recovery.at_least as i32;
        if ok && let Some(a) = state.areas.get_mut(&area.id) {
            a.terror = false;
        }
        log.push(format!(
            "Terror in {} rolls {die}{drm:+}: {}",
            area.name,
            if ok { "lifted" } else { "stays" }
        ));
    }
    // 10.3 Redeployment.
    for u in state.units.values_mut() {
        let Some(k) = data.kind(&u.kind) else { continue };
        let abroad = data.area(&u.area).is_some_and(|a| a.kind == AreaType::Country);
        match k.side {
            // Ruling R12: abroad FLN units stay in OPS; France's Cadre stays there.
            Side::Fln if !abroad && k.mobile || k.kind == "front" => u.at = Box_::Underground,
            Side::Fln => u.at = Box_::Operations,
            Side::Government if k.mobile => u.at = Box_::Operations,
            Side::Government => u.at = Box_::Patrol,
        }
        u.helo = false;
    }
    state.air = state.air_max;
    state.helo = state.helo_max;
    state.border_active = false;
    for a in state.areas.values_mut() {
        a.done.clear();
    }
    log.push(
        "Redeployment: FLN units underground, Government mobile units in OPS, Air and Helo reset".into(),
    );
    log
}

/// 10.4 and C.6: the coup check, then every end-of-turn adjustment, in C.6's order.
pub fn final_adjustments(state: &mut State, data: &Data, dice: &mut dyn Roll) -> Vec<String> {
    let mut log = Vec::new();
    let oas_france = state.oas.as_ref().and_then(|o| o.at.as_deref()) == Some("FRANCE");
    // 11.4, ruling R3: a coup is possible at Government PSL 30 or less.
    if state.government_psl <= 30 {
        let die = dice.d6("11.4 coup attempt".into());
        let attempt = die + u32::from(oas_france) >= 6;
        log.push(format!(
            "Government PSL {}: coup check {die}{}: {}",
            state.government_psl,
            if oas_france { "+1 (OAS in France)" } else { "" },
            if attempt { "the Army attempts a coup" } else { "no coup" }
        ));
        if attempt {
            log.extend(coup(state, data, dice, oas_france, true));
        }
    }
    if let Some(at) = state.oas.as_ref().and_then(|o| o.at.clone()) {
        let n = if at == "FRANCE" { -2 } else { -1 };
        log.push(psl::add(state, Side::Government, n, &format!("the OAS in {at}")));
    }
    let terror = state.areas.values().filter(|a| a.terror).count() as i32;
    if terror > 0 {
        log.push(psl::add(state, Side::Government, -terror, "Terrorized areas"));
    }
    let resettled = state.areas.values().filter(|a| a.resettled).count() as i32;
    if resettled > 0 {
        log.push(psl::add(state, Side::Government, -resettled, "areas resettled"));
    }
    let in_algeria = state.units.values().any(|u| {
        !u.neutralized
            && data.kind(&u.kind).is_some_and(|k| k.side == Side::Fln && k.mobile)
            && data.area(&u.area).is_some_and(|a| a.kind != AreaType::Country)
    });
    if !in_algeria {
        let n = dice.dice(3, "C.6 no FLN mobile unit in Algeria");
        log.push(psl::add(
            state,
            Side::Fln,
            -(n as i32),
            "no non-neutralized FLN mobile unit in Algeria (3d6)",
        ));
    }
    let abroad: u32 = state
        .units
        .values()
        .filter(|u| matches!(u.area.as_str(), "MOROCCO" | "TUNISIA"))
        .filter(|u| data.kind(&u.kind).is_some_and(|k| k.side == Side::Fln && k.mobile))
        .map(|u| super::combat::firepower(state, data, &u.id))
        .sum();
    if abroad >= 10 {
        log.push(psl::add(state, Side::Fln, (abroad / 10) as i32, &format!("firepower {abroad} abroad")));
    }
    let count = |side| state.areas.values().filter(|a| a.control == Some(side)).count() as i32;
    let (f, g) = (count(Side::Fln), count(Side::Government));
    let half = (f - g).abs() / 2;
    if half > 0 {
        let side = if f > g { Side::Fln } else { Side::Government };
        log.push(psl::add(state, side, half, &format!("Control of {f} areas to {g}")));
    }
    log
}

/// B.2: a coup (or, for the Elections event, its PSP alone). The free mobilization
/// buys Points at once, by the Government's `COUP BUY` order (default: Air Points);
/// the elite units disbanded follow its `COUP REMOVE` order, then neutralized first.
pub fn coup(
    state: &mut State,
    data: &Data,
    dice: &mut dyn Roll,
    oas_france: bool,
    full: bool,
) -> Vec<String> {
    let remove_order: Vec<String> =
        super::standing::args(state.standing(Side::Government, "COUP REMOVE")).into_iter().skip(1).collect();
    use super::standing::CoupBuy;
    let words: Vec<String> =
        super::standing::args(state.standing(Side::Government, "COUP BUY")).into_iter().skip(1).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut buy = super::standing::coup_buys(data, &words).unwrap_or_default();
    if buy.is_empty() {
        buy.push(CoupBuy::Points("AIR".into()));
    }
    let mut log = Vec::new();
    let a = dice.d6("B.2 Coup Table (die 1 of 2)".into());
    let b = dice.d6("B.2 Coup Table (die 2 of 2)".into());
    let roll = a + b + u32::from(oas_france && full);
    let Some(row) = data.coup(roll).cloned() else { return log };
    log.push(format!("Coup Table {a}+{b}{} = {roll}", if oas_france && full { "+1" } else { "" }));
    if row.psp != 0 {
        let n = dice.dice(row.psp.unsigned_abs(), "B.2 coup PSP");
        log.push(psl::add(state, Side::Government, n as i32 * row.psp.signum(), "the coup"));
    }
    if !full {
        return log;
    }
    if row.mobilize > 0 {
        let n = dice.dice(row.mobilize, "B.2 free mobilization");
        let mut half = n * 2;
        let mut bought = Vec::new();
        for what in &buy {
            let what = match what {
                CoupBuy::Points(what) => what,
                // B.2 "mobilize ... PSP of units": one unit, placed as 6.31 places it.
                CoupBuy::Unit { kind, area } => {
                    let cost = data.kind(kind).map_or(0, |k| k.mobilize);
                    let counter = super::combat::free_counter(state, data, kind);
                    if let Some(id) = counter.filter(|_| cost > 0 && half >= cost) {
                        half -= cost;
                        let at = super::setup::setup_box(data, kind, area);
                        state.units.insert(id.clone(), super::state::Unit::fresh(&id, kind, area, at));
                        bought.push(format!("{id} in {area}"));
                    }
                    continue;
                }
            };
            let cost = match what.as_str() {
                "AIR" => data.points.air,
                "HELO" => data.points.helo,
                _ => data.points.naval,
            };
            while cost > 0 && half >= cost {
                half -= cost;
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
                bought.push(what.to_ascii_lowercase());
            }
        }
        log.push(format!(
            "{n} PSP of free mobilization buy: {}",
            if bought.is_empty() { "nothing".to_string() } else { bought.join(", ") }
        ));
    }
    let remove = row.remove
        + if row.remove_dice > 0 { dice.dice(row.remove_dice, "B.2 elite units removed") } else { 0 };
    for _ in 0..remove {
        let mut elites: Vec<&super::state::Unit> =
            state.units.values().filter(|u| data.kind(&u.kind).is_some_and(|k| k.elite)).collect();
        // COUP REMOVE order first, then neutralized ones, then by id.
        elites.sort_by_key(|u| {
            (
                remove_order.iter().position(|r| r.eq_ignore_ascii_case(&u.id)).unwrap_or(usize::MAX),
                !u.neutralized,
            )
        });
        let Some(id) = elites.first().map(|u| u.id.clone()) else { break };
        state.units.remove(&id);
        state.disbanded.insert(id.clone());
        log.push(format!("{id} is disbanded (11.4)"));
    }
    log
}
