//! A careless player of Algeria, for `soak --careless`: the bot's sensible lines mixed
//! with the mistakes players by mail made: mobilizing beyond the pools or
//! the PSL, Moves into closed countries or France, a Flush abroad, a Harass by a
//! Cadre or against one's own Front, a unit ordered where it is not, a build without
//! a Front, a second PSP order contradicting the first, the enemy's units, one WAIT
//! too many. The check at ingest must refuse each one that cannot run, or say what
//! it depends on.

use rand_core::RngCore;

use super::bot;
use super::data::{AreaType, Data, Side};
use super::state::{Stage, State};

fn pick<'a, T>(rng: &mut dyn RngCore, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() { None } else { items.get(rng.next_u32() as usize % items.len()) }
}

fn ids(state: &State, data: &Data, side: Side, kinds: &[&str]) -> Vec<String> {
    state
        .units
        .values()
        .filter(|u| data.kind(&u.kind).is_some_and(|k| k.side == side))
        .filter(|u| kinds.is_empty() || kinds.contains(&u.kind.as_str()))
        .map(|u| u.id.clone())
        .collect()
}

fn areas(data: &Data, kind: Option<AreaType>) -> Vec<String> {
    data.areas.iter().filter(|a| kind.is_none_or(|k| a.kind == k)).map(|a| a.id.clone()).collect()
}

/// Lines a careless Government writes in this phase.
fn government_slips(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let mobile = ids(state, data, Side::Government, &["division", "brigade", "elite", "algerian"]);
    let divisions = ids(state, data, Side::Government, &["division"]);
    let police = ids(state, data, Side::Government, &["police"]);
    let fln = ids(state, data, Side::Fln, &[]);
    let any_area = areas(data, None);
    let urban = areas(data, Some(AreaType::Urban));
    let unit = |rng: &mut dyn RngCore| pick(rng, &mobile).cloned().unwrap_or_else(|| "XX2".into());
    let area = |rng: &mut dyn RngCore| pick(rng, &any_area).cloned().unwrap_or_else(|| "ALGIERS".into());
    let mut out = vec![
        format!("FLUSH {} WITH {}", pick(rng, &["MOROCCO", "TUNISIA"]).unwrap_or(&"MOROCCO"), unit(rng)),
        format!("FLUSH {} WITH {}", area(rng), unit(rng)),
        format!("FLUSH {} WITH {}", area(rng), pick(rng, &police).cloned().unwrap_or_else(|| "PO1".into())),
        format!("INTELLIGENCE {}", area(rng)),
        format!("RESETTLE {}", pick(rng, &urban).cloned().unwrap_or_else(|| "ORAN".into())),
        format!("CIVIL AFFAIRS {}", area(rng)),
        format!("SUPPRESSION {} WITH {}", area(rng), unit(rng)),
        format!("HARASS {} WITH {}", unit(rng), unit(rng)),
        format!("RAID {} WITH {}", area(rng), pick(rng, &fln).cloned().unwrap_or_else(|| "BD1".into())),
        "WAIT".into(),
        "KILLS ADD".into(),
        "KILLS SUBTRACT".into(),
        format!(
            "REACT ANY WITH {} HELO {}",
            unit(rng),
            pick(rng, &divisions).cloned().unwrap_or_else(|| "XX2".into())
        ),
    ];
    if matches!(state.stage, Stage::Reinforce | Stage::Deploy) {
        out.extend([
            format!(
                "MOVE {} {}",
                unit(rng),
                pick(rng, &["TUNISIA", "MOROCCO", "FRANCE"]).unwrap_or(&"TUNISIA")
            ),
            format!("MOVE {} {}", unit(rng), area(rng)),
            format!("PATROL {}", pick(rng, &police).cloned().unwrap_or_else(|| "PO1".into())),
            format!("MODE {} DISPERSED", unit(rng)),
            format!("HELO {}", pick(rng, &divisions).cloned().unwrap_or_else(|| unit(rng))),
        ]);
    }
    if state.stage == Stage::Reinforce {
        out.extend([
            format!("MOBILIZE DIVISION {}", area(rng)),
            format!("MOBILIZE ELITE {}", pick(rng, &["TUNISIA", "FRANCE", "ALGIERS"]).unwrap_or(&"ALGIERS")),
            format!("MOBILIZE AIR {}", 1 + rng.next_u32() % 40),
            format!("MOBILIZE HELO {}", 1 + rng.next_u32() % 12),
            "MOBILIZE BORDER".into(),
            format!("REMOVE {}", pick(rng, &police).cloned().unwrap_or_else(|| "PO9".into())),
            format!("ACTIVATE {}", mobile.join(" ")),
        ]);
    }
    out
}

/// Lines a careless FLN writes in this phase.
fn fln_slips(state: &State, data: &Data, rng: &mut dyn RngCore) -> Vec<String> {
    let cadres = ids(state, data, Side::Fln, &["cadre"]);
    let bands = ids(state, data, Side::Fln, &["band", "failek"]);
    let fronts = ids(state, data, Side::Fln, &["front"]);
    let mine = ids(state, data, Side::Fln, &[]);
    let gov = ids(state, data, Side::Government, &[]);
    let any_area = areas(data, None);
    let remote = areas(data, Some(AreaType::Remote));
    let rural = areas(data, Some(AreaType::Rural));
    let area = |rng: &mut dyn RngCore| pick(rng, &any_area).cloned().unwrap_or_else(|| "I-1".into());
    let band = |rng: &mut dyn RngCore| pick(rng, &bands).cloned().unwrap_or_else(|| "BD16".into());
    let cadre = |rng: &mut dyn RngCore| pick(rng, &cadres).cloned().unwrap_or_else(|| "CA1".into());
    let front = |rng: &mut dyn RngCore| pick(rng, &fronts).cloned().unwrap_or_else(|| "FT1".into());
    let mut out = vec![
        format!("MOVE {} {}", band(rng), pick(rng, &["TUNISIA", "MOROCCO", "FRANCE"]).unwrap_or(&"TUNISIA")),
        format!("MOVE {} {}", band(rng), area(rng)),
        format!("MOVE {} TUNISIA", pick(rng, &gov).cloned().unwrap_or_else(|| "XX2".into())),
        format!("HARASS {} WITH {}", pick(rng, &gov).cloned().unwrap_or_else(|| "XX2".into()), cadre(rng)),
        format!("HARASS {} WITH {}", front(rng), band(rng)),
        format!("HARASS {} WITH {}", pick(rng, &gov).cloned().unwrap_or_else(|| "XX2".into()), band(rng)),
        format!("RAID {} WITH {}", area(rng), band(rng)),
        format!("RAID {} WITH {}", pick(rng, &remote).cloned().unwrap_or_else(|| "I-1".into()), band(rng)),
        format!("PROPAGANDA {} BY {}", area(rng), cadre(rng)),
        format!("PROPAGANDA {} BY {}", area(rng), band(rng)),
        format!("STRIKE {} BY {}", pick(rng, &rural).cloned().unwrap_or_else(|| "I-1".into()), front(rng)),
        format!("FLUSH MOROCCO WITH {}", band(rng)),
        format!("IF AP {} PASS", 5 + rng.next_u32() % 20),
        "WAIT".into(),
        "WAIT".into(),
        "PSP ADD".into(),
        "PSP SUBTRACT".into(),
        format!("LOSSES {}", pick(rng, &gov).cloned().unwrap_or_else(|| "XX2".into())),
    ];
    if matches!(state.stage, Stage::Reinforce | Stage::Operations) {
        out.extend([
            format!("DEPLOY {} ALL", area(rng)),
            format!("DEPLOY {} {}", area(rng), pick(rng, &mine).cloned().unwrap_or_else(|| "CA1".into())),
            format!("DEPLOY {} FRANCE", cadre(rng)),
            format!("DEPLOY {} FRANCE", band(rng)),
        ]);
    }
    if state.stage == Stage::Reinforce {
        out.extend([
            format!("BUILD BAND {}", area(rng)),
            format!("BUILD CADRE {}", area(rng)),
            format!("BUILD BAND {}", pick(rng, &["MOROCCO", "TUNISIA"]).unwrap_or(&"TUNISIA")),
            format!("CONVERT {} FAILEK", band(rng)),
            format!("CONVERT {} FRONT", cadre(rng)),
            format!("CONVERT {} BAND", front(rng)),
            format!("MOBILIZE DIVISION {}", area(rng)),
        ]);
        if let Some(f) = fronts.first().and_then(|f| state.units.get(f)) {
            // A build named in the same file by its kind, deployed and sent to Raid.
            out.push(format!("BUILD BAND {}\nDEPLOY {} BAND\nRAID {} WITH BAND", f.area, f.area, f.area));
        }
    }
    out
}

/// A careless file for `side`: the bot's lines with one to three slips among them
/// (a file in five has none but is shuffled: a PASS early, a line twice).
pub fn orders(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> Option<String> {
    if !matches!(state.stage, Stage::Reinforce | Stage::Deploy | Stage::Operations | Stage::Suspended) {
        return None;
    }
    if state.stage == Stage::Suspended && state.ops.question.is_some() {
        return None;
    }
    let careful = bot::orders(state, data, side, rng);
    let mut lines: Vec<String> = careful.lines().map(str::to_string).collect();
    let slips = match side {
        Side::Government => government_slips(state, data, rng),
        Side::Fln => fln_slips(state, data, rng),
    };
    let n = rng.next_u32() % 4;
    if n == 0 {
        // No slip, but shuffled carelessly.
        if lines.len() > 1 {
            let a = rng.next_u32() as usize % lines.len();
            let b = rng.next_u32() as usize % lines.len();
            lines.swap(a, b);
            let again = lines[rng.next_u32() as usize % lines.len()].clone();
            lines.push(again);
        }
    }
    for _ in 0..n {
        if let Some(slip) = pick(rng, &slips) {
            let at = rng.next_u32() as usize % (lines.len() + 1);
            lines.insert(at, slip.clone());
        }
    }
    Some(lines.join("\n"))
}
