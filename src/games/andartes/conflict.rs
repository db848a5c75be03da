//! 11.0 Conflict: declaring attacks, odds (11.2), which CRT (11.3), airstrikes on
//! attack and defence (11.4), the die (11.5), political points spent by
//! unconventional units (11.6), hiding among the populace (16.1), collateral
//! damage (16.2) and occupying a cleared square (11.5).

use crate::engine::Refusal;
use std::collections::BTreeSet;

use super::crt::{self, Outcome};
use super::orders::{Attack, Occupy};
use super::state::{Log, Roller, Side, State};

/// What the current Conflict Phase has done so far.
#[derive(Debug, Default)]
pub struct Phase {
    /// Units that have attacked (each attacks once a phase, 11.2 note).
    pub attacked: BTreeSet<String>,
}

/// Checks that need no dice: who may attack what, in what order (11.1, 11.4).
/// `earlier` are the attacks of the same file before this one.
pub fn check(state: &State, side: Side, attack: &Attack, earlier: &[&Attack]) -> Result<(), Refusal> {
    let region = &attack.target.region;
    let r = state.region(region).ok_or("no such Region")?;
    for id in &attack.units {
        let u = state.unit(id).ok_or_else(|| format!("no unit {id}"))?;
        if u.side != side {
            return Err(format!("{id} is not yours").into());
        }
        if &u.at.region != region {
            return Err(format!(
                "{id} will be in {}, not {}: units attack only in their own Region (11.1)",
                u.at.code(),
                r.code
            )
            .into());
        }
        if attack.target.square.is_some() && u.at == attack.target {
            return Err(format!("{id} is in {} itself", attack.target.code()).into());
        }
        if earlier.iter().any(|a| a.units.contains(id)) {
            return Err(format!("{id} already attacks earlier in this file (11.2: once per phase)").into());
        }
    }
    if attack.airstrike {
        if side != Side::Government {
            return Err("the DSE never uses airstrikes (11.4)".into());
        }
        if attack.target.square.is_some() {
            return Err("an airstrike is never used against an infrastructure square (11.4)".into());
        }
    }
    if attack.pp && attack.target.square.is_none() {
        return Err("political points modify only Infrastructure combat (11.6)".into());
    }
    // With no attack before it, nothing can bring an enemy to an empty target: only
    // an earlier attack's retreats move the enemy during this phase (12.4).
    if state.options.from(4) && earlier.is_empty() && !state.units_at(&attack.target).any(|u| u.side != side)
    {
        return Err(format!(
            "no enemy unit is at {}: there is nothing to attack there (11.1)",
            attack.target.code()
        )
        .into());
    }
    if attack.target.square.is_some() && state.in_open(region, side.other()) {
        let open_attacked = earlier.iter().any(|a| a.target.region == *region && a.target.square.is_none());
        let exposed: Vec<&String> = attack
            .units
            .iter()
            .filter(|id| state.unit(id).is_some_and(|u| u.at.square.is_none() && !state.unconventional(u)))
            .collect();
        if !open_attacked && !exposed.is_empty() {
            return Err(format!(
                "enemy units hold the Open of {region} and no earlier attack targets them: {} may not attack a square (11.1, 16.1)",
                exposed.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
            ).into());
        }
    }
    if let Some(last) = earlier.last() {
        if last.target.region != *region && earlier.iter().any(|a| a.target.region == *region) {
            return Err(format!(
                "attacks in {region} must follow one another: finish a Region before starting another (11.1)"
            )
            .into());
        }
        if last.target.region == *region && last.target.square.is_some() && attack.target.square.is_none() {
            return Err(format!("in {region} the Open attacks come before the square attacks (5.0)").into());
        }
    }
    Ok(())
}

/// What an attack accepted by [`check`] still depends on when it comes to be made:
/// the earlier attacks' dice (which may clear or fill its target, or fail to clear
/// the Open before it) and its own IF ODDS condition. Empty: it will be made.
pub fn depends(state: &State, side: Side, attack: &Attack, earlier: &[&Attack]) -> Vec<String> {
    let mut out = Vec::new();
    let target = attack.target.code();
    let held = state.units_at(&attack.target).any(|u| u.side != side);
    if !held && earlier.is_empty() {
        // Campaigns before revision 4 accept it (see `check`).
        out.push(format!("no enemy unit is at {target}: the attack will not be made"));
    } else if !held {
        out.push(format!(
            "no enemy unit is at {target} now: it is made only if an earlier attack's retreat brings one there"
        ));
    } else if earlier.iter().any(|a| a.target == attack.target) {
        out.push(format!("made only if enemy units are still at {target} after the earlier attack on it"));
    }
    let region = &attack.target.region;
    if attack.target.square.is_some() && state.in_open(region, side.other()) {
        let exposed = attack
            .units
            .iter()
            .any(|id| state.unit(id).is_some_and(|u| u.at.square.is_none() && !state.unconventional(u)));
        if exposed {
            out.push(format!(
                "made only if the earlier attack clears the enemy from the Open of {region} (11.1, 16.1)"
            ));
        }
    }
    if let Some(min) = attack.min_odds {
        out.push(format!(
            "made only if the final odds are at least {} when it comes (IF ODDS); otherwise skipped",
            crt::column_name(min)
        ));
    }
    out
}

/// Resolves one attack: returns Err with the reason when it cannot take place
/// (it is then skipped and reported).
pub fn resolve(
    state: &mut State,
    side: Side,
    attack: &Attack,
    phase: &mut Phase,
    roller: &mut Roller,
    log: &mut Log,
) -> Result<(), Refusal> {
    let target = attack.target.clone();
    let region = state.region(&target.region).ok_or("no such Region")?.clone();
    let infra = target.square.is_some();
    let mut attackers = Vec::new();
    let mut absent = Vec::new();
    for id in &attack.units {
        match state.unit(id) {
            Some(u) if u.side == side && u.at.region == region.code && (!infra || u.at != target) => {
                if phase.attacked.contains(&u.id) {
                    return Err(format!("{} has attacked already this phase (11.2)", u.id).into());
                }
                attackers.push(u.id.clone());
            }
            _ => absent.push(id.clone()),
        }
    }
    if attackers.is_empty() {
        return Err(format!("none of {} is in {} any more", attack.units.join(", "), region.code).into());
    }
    let defenders: Vec<String> =
        state.units_at(&target).filter(|u| u.side != side).map(|u| u.id.clone()).collect();
    if defenders.is_empty() {
        return Err(format!("no enemy unit is at {} (IF HELD)", target.code()).into());
    }
    if infra && state.in_open(&region.code, side.other()) {
        let exposed: Vec<&String> = attackers
            .iter()
            .filter(|id| {
                state.units.get(*id).is_some_and(|u| u.at.square.is_none() && !state.unconventional(u))
            })
            .collect();
        if !exposed.is_empty() {
            return Err(format!(
                "enemy units hold the Open of {}: {} may not attack a square until they are gone (11.1; only units in squares and unconventional units may, 16.1)",
                region.code,
                exposed.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
            ).into());
        }
    }
    let sum = |state: &State, ids: &[String]| -> i32 {
        ids.iter().filter_map(|id| state.units.get(id)).map(|u| state.strength(u)).sum()
    };
    let attack_strength = sum(state, &attackers);
    let defence_strength = sum(state, &defenders);
    let base = crt::odds_column(attack_strength, defence_strength);
    let mut column = base;
    let mut notes: Vec<String> = Vec::new();
    let mut air_attack = false;
    let rev2 = state.options.from(2);
    // Revision 2: a marker is spent only where it moves the column (11.4).
    let top = crt::shifted(column, 1) == column;
    if attack.airstrike && rev2 && top && state.airstrikes > 0 {
        notes.push("airstrike not used: the odds are already at the highest column".into());
    } else if attack.airstrike {
        if state.airstrikes > 0 {
            air_attack = true;
            column = crt::shifted(column, 1);
            notes.push("attacking airstrike +1 column".into());
        } else {
            notes.push("no airstrike available".into());
        }
    }
    let mut air_defence = false;
    let defender = side.other();
    if defender == Side::Government && !infra {
        let left = state.airstrikes - u32::from(air_attack);
        match state.standing.government.defend_airstrike {
            Some(Some(at)) if column >= at && left > 0 && rev2 && crt::shifted(column, -1) == column => {
                let player = state.player(Side::Government).to_string();
                log.tell(&player, format!(
                    "11.4 no defensive airstrike at {}: already the lowest column, it would change nothing",
                    target.code()
                ));
            }
            Some(Some(at)) if column >= at && left > 0 => {
                air_defence = true;
                column = crt::shifted(column, -1);
                notes.push("defending airstrike -1 column".into());
            }
            None if left > 0 && rev2 => {
                let player = state.player(Side::Government).to_string();
                log.tell(&player, format!(
                    "11.4 no defensive airstrike at {}: you gave no DEFEND AIRSTRIKE standing order (default NEVER)",
                    target.code()
                ));
            }
            None if left > 0 => {
                notes.push("no defensive airstrike (DEFEND AIRSTRIKE not given: default NEVER)".into())
            }
            _ => {}
        }
    }
    if let Some(min) = attack.min_odds
        && column < min
    {
        return Err(format!(
            "odds {} are below the condition IF ODDS {}",
            crt::column_name(column),
            crt::column_name(min)
        )
        .into());
    }
    let mut drm = 0;
    if infra {
        let att_unconv =
            attackers.iter().any(|id| state.units.get(id).is_some_and(|u| state.unconventional(u)));
        if attack.pp {
            let cost = crt::pp_cost(column, true);
            if !att_unconv {
                notes.push("PP asked but no attacking unit is unconventional (11.6)".into());
            } else if *state.pi.get(side) - cost < 1 {
                notes.push(format!("PP asked but {cost} PP would collapse the {}", side.name()));
            } else {
                state.adjust_pi(side, -cost, &format!("11.6 +1 on the attack on {}", target.code()), log);
                drm += 1;
                notes.push(format!("attacker spends {cost} PP: +1"));
            }
        }
        let def_unconv =
            defenders.iter().any(|id| state.units.get(id).is_some_and(|u| state.unconventional(u)));
        if def_unconv {
            let cost = crt::pp_cost(column, false);
            match state.standing.get(defender).defend_pp {
                Some(Some(most)) if cost <= most && *state.pi.get(defender) - cost >= 1 => {
                    state.adjust_pi(
                        defender,
                        -cost,
                        &format!("11.6 -1 on the defence of {}", target.code()),
                        log,
                    );
                    drm -= 1;
                    notes.push(format!("defender spends {cost} PP: -1"));
                }
                None if rev2 => {
                    let player = state.player(defender).to_string();
                    log.tell(&player, format!(
                        "11.6 no PP spent on the defence of {}: you gave no DEFEND PP standing order (default NEVER)",
                        target.code()
                    ));
                }
                None => notes.push("defender spends no PP (DEFEND PP not given: default NEVER)".into()),
                _ => {}
            }
        }
    }
    if air_attack {
        state.airstrikes -= 1;
    }
    if air_defence {
        state.airstrikes = state.airstrikes.saturating_sub(1);
    }
    for id in &attackers {
        phase.attacked.insert(id.clone());
    }
    let table = if infra { "Infrastructure" } else { "Open" };
    let label = format!(
        "11.5 {table} CRT: {} attack on {} ({})",
        crt::column_name(column),
        target.code(),
        region.name
    );
    let Some(die) = roller.d6(label) else {
        log.die_skipped();
        return Ok(());
    };
    let modified = (die as i32 + drm).clamp(1, 6) as u32;
    let outcome = state.rules.crt.result(infra, column, modified);
    let line = format!(
        "T{} {}: {} ({attack_strength}) vs {} ({defence_strength}) at {} [{table} CRT]: odds {}{}{}, die {die}{} -> {}",
        state.turn,
        side.short(),
        attackers.join("+"),
        defenders.join("+"),
        target.code(),
        crt::column_name(base),
        if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) },
        if column != base { format!(", final column {}", crt::column_name(column)) } else { String::new() },
        if drm != 0 { format!("{drm:+} = {modified}") } else { String::new() },
        outcome.code()
    );
    if !absent.is_empty() {
        log.say(format!("{} no longer in {}: they do not attack", absent.join(", "), region.code));
    }
    log.say(format!("11.5 {line}"));
    if !state.options.from(3) {
        state.conflicts.push(line);
    }
    super::results::apply(state, outcome, side, &attackers, &defenders, log);
    if outcome.places_terror() {
        super::terror::place(state, &region.code, &format!("{} result", outcome.code()), log);
    }
    if outcome.removes_terror() && side == Side::Government {
        super::terror::remove(
            state,
            &region.code,
            &format!("{} result of a Government attack", outcome.code()),
            log,
        );
    }
    if (air_attack || air_defence) && region.kind == super::rules::RegionKind::Urban {
        super::terror::place(state, &region.code, "16.2 airstrike collateral damage", log);
    }
    if infra && matches!(outcome, Outcome::Ea | Outcome::Ve | Outcome::Ok | Outcome::Levels { .. }) {
        occupy(state, side, attack, &attackers, log);
    }
    Ok(())
}

/// 11.5: after a square is cleared, one attacking unit may move in.
fn occupy(state: &mut State, side: Side, attack: &Attack, attackers: &[String], log: &mut Log) {
    let target = &attack.target;
    let Some(s) = target.square else { return };
    if state.occupant(&target.region, s).is_some() {
        return;
    }
    let able = |state: &State, id: &str| {
        state
            .units
            .get(id)
            .is_some_and(|u| u.side == side && u.at.region == target.region && state.movement(u) > 0)
    };
    let who = match &attack.occupy {
        Occupy::No => {
            log.say(format!("11.5 {} is cleared; NOOCCUPY: nobody moves in", target.code()));
            return;
        }
        Occupy::Unit(id) if able(state, id) => Some(id.clone()),
        Occupy::Unit(id) => {
            log.say(format!("11.5 {id} cannot occupy {} (gone or static)", target.code()));
            None
        }
        Occupy::First => attackers.iter().find(|id| able(state, id)).cloned(),
    };
    if let Some(id) = who {
        if let Some(u) = state.units.get_mut(&id) {
            u.at = target.clone();
        }
        log.say(format!("11.5 {id} occupies the cleared square {}", target.code()));
    }
}
