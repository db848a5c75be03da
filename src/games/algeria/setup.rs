//! Setting up a scenario (3, C.8): markers and tracks, and every unit the scenario
//! lists, taken from the counter mix in order. Each side may place its units itself
//! (`PLACE`, in the set-up phases); this is the placement used when it does not:
//! spread over the wilaya's areas in data order, a Front never in a Remote area nor
//! beside another Front, divisions Concentrated.

use std::collections::BTreeMap;

use super::combat::free_counter;
use super::data::{AreaType, Data, Side};
use super::state::{AreaState, Box_, Options, Players, State, Unit};
use crate::engine::error::{Error, Result};

/// The box a unit of `kind` sets up in (C.8): Police PTL, Government mobile OPS,
/// FLN UG, FLN abroad OPS (ruling R12).
pub fn setup_box(data: &Data, kind: &str, area: &str) -> Box_ {
    let abroad = data.area(area).is_some_and(|a| a.kind == AreaType::Country);
    match data.kind(kind) {
        Some(k) if k.side == Side::Government && !k.mobile => Box_::Patrol,
        Some(k) if k.side == Side::Government => Box_::Operations,
        _ if abroad => Box_::Operations,
        _ => Box_::Underground,
    }
}

/// May a Front stand in `area` (6.2: not Remote, one an area; R12: not abroad)?
pub fn front_allowed(state: &State, data: &Data, area: &str) -> bool {
    data.area(area).is_some()
        && !super::board::remote(state, data, area)
        && !super::board::abroad(data, area)
        && !state.units_in(area).any(|u| u.kind == "front")
}

/// The scenario's starting state, with the default placement.
pub fn start(data: &Data, players: Players, options: Options) -> Result<State> {
    let s = data
        .scenarios
        .get(&options.scenario)
        .ok_or_else(|| {
            Error::setup(format!("scenario '{}' is unknown: 1954, 1958 or 1960", options.scenario))
        })?
        .clone();
    let mut state = State {
        players,
        options,
        turn: 1,
        government_psl: s.government_psl,
        fln_psl: s.fln_psl,
        ap: 0,
        air_max: s.air,
        air: s.air,
        helo_max: s.helo,
        helo: s.helo,
        naval: s.naval,
        border_zone: s.border_zone,
        border_active: false,
        independent: s.independent,
        oas: None,
        effects: Default::default(),
        suez_done: false,
        areas: data
            .areas
            .iter()
            .filter(|a| a.kind != AreaType::Country)
            .map(|a| (a.id.clone(), AreaState::default()))
            .collect(),
        units: BTreeMap::new(),
        disbanded: Default::default(),
        away: Default::default(),
        stage: super::state::Stage::SetupGovernment,
        ops: Default::default(),
        plans_government: Default::default(),
        plans_fln: Default::default(),
        event_question: None,
        leader: None,
        reaction_over: false,
        over: None,
    };
    for setup in [&s.government, &s.fln] {
        for (wilaya, units) in setup {
            let areas: Vec<String> = data.wilaya(wilaya).iter().map(|a| a.id.clone()).collect();
            let mut next = 0usize;
            // Fronts first, so they take the areas they may stand in.
            let mut order: Vec<(&String, &u32)> = units.iter().collect();
            order.sort_by_key(|(k, _)| *k != "front");
            for (kind, n) in order {
                for _ in 0..*n {
                    let id = free_counter(&state, data, kind).ok_or_else(|| {
                        Error::data("scenarios.toml", format!("no {kind} counter is left (R1)"))
                    })?;
                    let area = (0..areas.len())
                        .map(|i| &areas[(next + i) % areas.len()])
                        .find(|a| kind != "front" || front_allowed(&state, data, a))
                        .cloned()
                        .ok_or_else(|| {
                            Error::data("scenarios.toml", format!("no area of wilaya {wilaya} takes a Front"))
                        })?;
                    next = (areas.iter().position(|a| *a == area).unwrap_or(0) + 1) % areas.len();
                    let at = setup_box(data, kind, &area);
                    state.units.insert(id.clone(), Unit::fresh(&id, kind, &area, at));
                }
            }
        }
    }
    Ok(state)
}
