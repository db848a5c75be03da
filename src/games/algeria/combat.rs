//! Combat (C.3): each side's firepower read on the Combat Results Table with one die;
//! hits on FLN units eliminate or reduce them, hits on Government units cost PSP; the
//! side that took more hits (as rolled) has its remaining units neutralized.

use super::data::{Data, Side};
use super::dice::Roll;
use super::psl;
use super::state::State;

/// Who fires in one combat.
#[derive(Clone, Debug, Default)]
pub struct Engagement {
    pub area: String,
    pub fln: Vec<String>,
    pub government: Vec<String>,
    /// Air Points the Government adds (+1d6 each; none in Urban areas, 11.11).
    pub air: u32,
    /// Harass: the Government fires back at half firepower, rounded up (9.15).
    pub government_half: bool,
}

/// The players' standing choices that combat reads.
#[derive(Clone, Debug)]
pub struct Choices {
    /// The FLN's LOSSES order: kinds or counter ids, first taken first; the rest
    /// follow the default order Band, Cadre, Failek, Front, then by counter.
    pub losses: Vec<String>,
    /// The Government's KILLS choice for a Cadre or Band eliminated: +1 to its own
    /// PSL (true) or -1 to the FLN's.
    pub kills_add: bool,
    /// The FLN's choice for a hit on a Government unit: +1 to its own PSL (true) or
    /// -1 to the Government's.
    pub hits_add: bool,
    /// With a standing `PSP SPLIT n` (revision 3): the first n hits of a combat add to
    /// the FLN's PSL, the rest come off the Government's (C.6: "the FLN player's
    /// choice", as for Propaganda and Strike).
    pub hits_split: Option<u32>,
}

impl Default for Choices {
    /// The documented defaults: KILLS SUBTRACT, PSP SUBTRACT.
    fn default() -> Self {
        Choices { losses: Vec::new(), kills_add: false, hits_add: false, hits_split: None }
    }
}

/// What a combat did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fought {
    /// The FLN units of the engagement still on the map afterwards, a reduced unit
    /// under its new counter (a Failek hit once is now a Band).
    pub fln: Vec<String>,
    pub lines: Vec<String>,
    pub hits_on_fln: u32,
    pub hits_on_government: u32,
}

/// A unit's firepower now (a Dispersed division fires with its other face).
pub fn firepower(state: &State, data: &Data, id: &str) -> u32 {
    let Some(u) = state.units.get(id) else { return 0 };
    let Some(k) = data.kind(&u.kind) else { return 0 };
    match (&k.dispersed, u.dispersed) {
        (Some(face), true) => face.firepower,
        _ => k.firepower,
    }
}

/// The first counter of `kind` that is on no map, in no pool and not disbanded.
pub fn free_counter(state: &State, data: &Data, kind: &str) -> Option<String> {
    let k = data.kind(kind)?;
    k.counter_ids().into_iter().find(|id| {
        !state.units.contains_key(id) && !state.disbanded.contains(id) && !state.away.contains_key(id)
    })
}

const DEFAULT_LOSSES: [&str; 4] = ["band", "cadre", "failek", "front"];

/// The order in which the FLN takes hits among `units`.
fn loss_rank(state: &State, data: &Data, order: &[String], id: &str) -> (usize, usize, usize) {
    let kind = state.units.get(id).map(|u| u.kind.as_str()).unwrap_or("");
    let named = order.iter().position(|o| o.eq_ignore_ascii_case(id));
    let by_kind = order.iter().position(|o| o.eq_ignore_ascii_case(kind));
    let default = DEFAULT_LOSSES.iter().position(|k| *k == kind).unwrap_or(DEFAULT_LOSSES.len());
    let counter = data.kind(kind).and_then(|k| k.counter_ids().iter().position(|c| c == id)).unwrap_or(0);
    match (named, by_kind) {
        (Some(n), _) => (0, n, counter),
        (None, Some(k)) => (1, k, counter),
        (None, None) => (2, default, counter),
    }
}

/// Resolves one combat: both sides fire, then the hits are taken.
pub fn fight(
    state: &mut State,
    data: &Data,
    e: &Engagement,
    choices: &Choices,
    dice: &mut dyn Roll,
) -> Fought {
    let mut out = Fought::default();
    let urban = data.area(&e.area).is_some_and(|a| a.kind == super::data::AreaType::Urban);
    let fln_fp: u32 = e.fln.iter().map(|id| firepower(state, data, id)).sum();
    let mut gov_fp: u32 = e
        .government
        .iter()
        .map(|id| {
            let fp = firepower(state, data, id);
            if e.government_half { fp.div_ceil(2) } else { fp }
        })
        .sum();
    let air = if urban { 0 } else { e.air.min(state.air) };
    state.air -= air;
    let mut air_dice = Vec::new();
    for i in 1..=air {
        let d = dice.d6(format!("C.3 Air Point {i} of {air} in {}", e.area));
        air_dice.push(d);
        gov_fp += d;
    }
    let fln_die = dice.d6(format!("C.3 FLN fire in {} (firepower {fln_fp})", e.area));
    let gov_die = dice.d6(format!("C.3 Government fire in {} (firepower {gov_fp})", e.area));
    let on_gov = if fln_fp == 0 { 0 } else { data.hits(fln_fp, fln_die) };
    let on_fln = if gov_fp == 0 { 0 } else { data.hits(gov_fp, gov_die) };
    out.hits_on_government = on_gov;
    out.hits_on_fln = on_fln;
    out.lines.push(format!(
        "Combat in {}: FLN {} fire {fln_fp}, die {fln_die}: {on_gov} hit(s); Government {} fire {gov_fp}{}{}, die {gov_die}: {on_fln} hit(s)",
        e.area,
        e.fln.join("+"),
        e.government.join("+"),
        if e.government_half { " (half)" } else { "" },
        if air_dice.is_empty() {
            String::new()
        } else {
            format!(" with {air} Air ({})", air_dice.iter().map(u32::to_string).collect::<Vec<_>>().join("+"))
        },
    ));
    // Hits on Government units cost PSP, one each (ruling R8); the FLN chooses how.
    for hit in 0..on_gov {
        let line = if choices.hits_add || choices.hits_split.is_some_and(|k| hit < k) {
            psl::add(state, Side::Fln, 1, "a hit on a Government unit")
        } else {
            psl::add(state, Side::Government, -1, "a hit on a Government unit")
        };
        out.lines.push(line);
    }
    // Hits on FLN units: each eliminates a Cadre or Band or reduces a Front or Failek;
    // a reduced unit may take a further hit (ruling R9); excess hits are lost.
    let mut involved: Vec<String> = e.fln.clone();
    for _ in 0..on_fln {
        involved.retain(|id| state.units.contains_key(id));
        let Some(target) = next_loss(state, data, &choices.losses, &involved) else {
            break;
        };
        if let Some(new_id) = take_hit(state, data, &target, choices.kills_add, &mut out.lines)
            && let Some(slot) = involved.iter_mut().find(|i| **i == target)
        {
            *slot = new_id;
        }
    }
    out.fln = involved.iter().filter(|id| state.units.contains_key(*id)).cloned().collect();
    // The side that took more hits, as rolled, is neutralized; none on a tie.
    let losers: Vec<String> = if on_fln > on_gov {
        involved.into_iter().filter(|id| state.units.contains_key(id)).collect()
    } else if on_gov > on_fln {
        e.government.clone()
    } else {
        Vec::new()
    };
    for id in &losers {
        if let Some(u) = state.units.get_mut(id) {
            u.neutralized = true;
        }
    }
    if !losers.is_empty() {
        out.lines.push(format!("Neutralized: {}", losers.join(", ")));
    }
    out
}

/// One loss to an FLN unit (C.3, C.6): a Cadre or Band is eliminated, a Front
/// reduced to a Cadre, a Failek to a Band (on a free counter: none free, it is
/// eliminated). The PSLs change as C.6 says; the Government's KILLS choice decides
/// an elimination's. Returns the new counter of a reduced unit.
pub fn take_hit(
    state: &mut State,
    data: &Data,
    id: &str,
    kills_add: bool,
    lines: &mut Vec<String>,
) -> Option<String> {
    let kind = state.units.get(id).map(|u| u.kind.clone())?;
    let reduce_to = match kind.as_str() {
        "front" => Some("cadre"),
        "failek" => Some("band"),
        _ => None,
    };
    match reduce_to.and_then(|to| free_counter(state, data, to).map(|new| (to, new))) {
        Some((to, new_id)) => {
            if let Some(mut u) = state.units.remove(id) {
                u.id = new_id.clone();
                u.kind = to.to_string();
                state.units.insert(new_id.clone(), u);
            }
            lines.push(format!("{id} is reduced to {to} {new_id}"));
            lines.push(psl::add(state, Side::Government, 2, &format!("{id} reduced")));
            lines.push(psl::add(state, Side::Fln, -1, &format!("{id} reduced")));
            Some(new_id)
        }
        None => {
            state.units.remove(id);
            let why = if reduce_to.is_some() { " (no free counter to reduce it to)" } else { "" };
            lines.push(format!("{id} is eliminated{why}"));
            lines.push(if kills_add {
                psl::add(state, Side::Government, 1, &format!("{id} eliminated"))
            } else {
                psl::add(state, Side::Fln, -1, &format!("{id} eliminated"))
            });
            None
        }
    }
}

/// The next FLN unit among `units` to take a loss, by the LOSSES order.
pub fn next_loss(state: &State, data: &Data, order: &[String], units: &[String]) -> Option<String> {
    units
        .iter()
        .filter(|id| state.units.contains_key(*id))
        .min_by_key(|id| loss_rank(state, data, order, id))
        .cloned()
}
