//! 14.0 Control Phase: who controls each Region, the points it gives (added or
//! deducted, 14.7), terror and resettlement (16.4c, 16.5e), the Government's
//! terror, refugee and doctrine penalties (14.5, 16.3) and the DSE penalty (14.6).

use super::rules::{Doctrine, RegionKind};
use super::standing::ControlChoice;
use super::state::{Log, Roller, Side, State};

/// 14.2-14.4: the side holding every square of a Region; Foreign Areas are the
/// DSE's unless closed (17.1).
pub fn controller(state: &State, region: &str) -> Option<Side> {
    let r = state.region(region)?;
    if r.foreign() {
        return (!state.closed.contains(&r.code)).then_some(Side::Dse);
    }
    let mut side = None;
    for s in 1..=r.squares {
        let u = state.occupant(region, s)?;
        match side {
            None => side = Some(u.side),
            Some(x) if x != u.side => return None,
            _ => {}
        }
    }
    side
}

/// The points a controlled Region gives its controller (2.5, 16.5e, 16.4c).
pub fn points(state: &State, region: &str, side: Side) -> i32 {
    let Some(r) = state.region(region) else {
        return 0;
    };
    if state.terror.contains(region) {
        return 0;
    }
    if state.resettled.contains(region) {
        return 1;
    }
    r.pp_for(side)
}

/// Does the Government garrison `region` with a division or three brigades (16.3)?
pub fn garrisoned(state: &State, region: &str) -> bool {
    let own = state.units_in(region).filter(|u| u.side == Side::Government);
    let (mut divisions, mut brigades) = (0, 0);
    for u in own {
        match u.kind.as_str() {
            "division" => divisions += 1,
            "brigade" => brigades += 1,
            _ => {}
        }
    }
    divisions > 0 || brigades >= 3
}

/// The Control Phase. From revision 2 the whole phase is scored before anyone can
/// collapse (6.1): a side's gains in a Region later in the list count as much as its
/// losses earlier in it.
pub fn resolve(state: &mut State, roller: &mut Roller, log: &mut Log) {
    let whole = state.options.from(2);
    state.scoring = whole;
    score(state, roller, log);
    state.scoring = false;
    if whole {
        super::victory::collapse_after_phase(state, log);
    }
}

fn score(state: &mut State, roller: &mut Roller, log: &mut Log) {
    log.say(format!("Turn {}: Control Phase (14.0)", state.turn));
    let codes: Vec<String> = state.rules.map.regions.keys().cloned().collect();
    let mut defaulted = [false, false];
    for code in &codes {
        if state.over.is_some() {
            return;
        }
        let Some(side) = controller(state, code) else {
            continue;
        };
        let pts = points(state, code, side);
        if pts == 0 {
            if state.terror.contains(code) {
                log.say(format!("14.1 {} controls {code}: terrorized, no points (16.4c)", side.name()));
            }
            continue;
        }
        let standing = state.standing.get(side);
        let choice = standing.control_in.get(code.as_str()).copied().or(standing.control);
        if choice.is_none() {
            defaulted[side as usize] = true;
        }
        match choice.unwrap_or(ControlChoice::Add) {
            ControlChoice::Add => state.adjust_pi(side, pts, &format!("14.1 control of {code}"), log),
            ControlChoice::Deduct => state.adjust_pi(
                side.other(),
                -pts,
                &format!("14.7 {} controls {code} and deducts", side.name()),
                log,
            ),
        }
    }
    for side in [Side::Government, Side::Dse] {
        if defaulted[side as usize] && state.over.is_none() {
            if state.options.from(2) {
                let player = state.player(side).to_string();
                log.tell(
                    &player,
                    "14.7 you gave no CONTROL standing order: your points were added (default ADD)",
                );
            } else {
                log.say(format!("14.7 {}: CONTROL not given, points added (default ADD)", side.name()));
            }
        }
    }
    // 14.5 / 16.4a / 16.5d
    let terror = state.terror.len() as i32;
    if terror > 0 {
        state.adjust_pi(Side::Government, -terror, &format!("14.5/16.4a {terror} terrorized Region(s)"), log);
    }
    let refugees = state
        .resettled
        .iter()
        .filter(|c| state.region(c).is_some_and(|r| r.kind == RegionKind::Rural))
        .count() as i32;
    if refugees > 0 {
        state.adjust_pi(
            Side::Government,
            -refugees,
            &format!("14.5/16.5d {refugees} resettled Region(s)"),
            log,
        );
    }
    match state.politics.doctrine {
        Doctrine::Tight => {
            for code in super::setup::tight_regions(state) {
                if state.over.is_some() {
                    return;
                }
                if !garrisoned(state, &code)
                    && let Some(d) = roller.d6(format!("16.3 Tight Defense: {code} ungarrisoned"))
                {
                    state.adjust_pi(
                        Side::Government,
                        -(d as i32),
                        &format!("16.3 Tight Defense: {code} lacks a division"),
                        log,
                    );
                }
            }
        }
        Doctrine::Area => {
            let empty: Vec<String> = state
                .rules
                .map
                .greece()
                .filter(|r| !state.units_in(&r.code).any(|u| u.side == Side::Government))
                .map(|r| r.code.clone())
                .collect();
            if !empty.is_empty() {
                let n = empty.len() as i32;
                state.adjust_pi(
                    Side::Government,
                    -n,
                    &format!("16.3 Area Defense: no Government unit in {}", empty.join(", ")),
                    log,
                );
            }
        }
        Doctrine::Aggressive => {}
    }
    // 14.6
    let dse_conventional = state.units.values().any(|u| {
        u.side == Side::Dse
            && !state.unconventional(u)
            && state.region(&u.at.region).is_some_and(|r| !r.foreign())
    });
    if !dse_conventional
        && state.over.is_none()
        && let Some(d) = roller.dice(2, "14.6 DSE penalty: no conventional unit in Greece")
    {
        let total: u32 = d.iter().sum();
        state.adjust_pi(Side::Dse, -(total as i32), "14.6 no DSE conventional unit in Greece", log);
    }
}
