//! What each reader sees (the board, tracks and pools are public; a side's held
//! orders and standing orders are its own and the GM's), as report sections.

use super::combat::free_counter;
use super::data::{AreaType, Data, Side};
use super::state::{Box_, Stage, State, Unit};
use crate::engine::{Section, Viewer};

fn mark(u: &Unit) -> String {
    format!(
        "{}{}{}{}",
        u.id,
        if u.neutralized { "*" } else { "" },
        if u.helo { "^" } else { "" },
        if u.dispersed { "d" } else { "" }
    )
}

fn boxes(state: &State, area: &str) -> String {
    let mut parts = Vec::new();
    for b in [Box_::Underground, Box_::Operations, Box_::Completed, Box_::Patrol] {
        let ids: Vec<String> = state.units_in(area).filter(|u| u.at == b).map(mark).collect();
        if !ids.is_empty() {
            parts.push(format!("{} {}", b.code(), ids.join(" ")));
        }
    }
    if parts.is_empty() { "empty".into() } else { parts.join("; ") }
}

/// Where the turn stands, in words.
pub fn stage(state: &State) -> String {
    match state.stage {
        Stage::SetupGovernment => "Set-up: the Government places its units".into(),
        Stage::SetupFln => "Set-up: the FLN places its units".into(),
        Stage::Reinforce => format!("Turn {}: Reinforcement Phase", state.turn),
        Stage::Deploy => format!("Turn {}: Deployment Phase (the Government)", state.turn),
        Stage::Operations => format!("Turn {}: Deployment (the FLN) and Operations", state.turn),
        Stage::Suspended => format!("Turn {}: Operations Phase, waiting", state.turn),
        Stage::Event => format!("Turn {}: Random Events, a choice asked by mail", state.turn),
        Stage::Over => "The game is over".into(),
    }
}

pub fn sections(state: &State, data: &Data, viewer: &Viewer) -> Vec<Section> {
    let mut out = Vec::new();
    let oas = match &state.oas {
        None => "not active".to_string(),
        Some(o) => format!(
            "controlled by the {}, {}",
            o.controller.name(),
            o.at.as_deref().unwrap_or("not placed yet")
        ),
    };
    let mut tracks = vec![
        stage(state),
        format!("PSL: Government {}, FLN {}", state.government_psl, state.fln_psl),
        format!("FLN AP {}", state.ap),
        format!(
            "Government Points: Air {} of {}, Helo {} of {}, Naval {}",
            state.air, state.air_max, state.helo, state.helo_max, state.naval
        ),
        format!(
            "Border Zone: {}",
            match state.border_zone {
                None => "not mobilized".into(),
                Some(b) => format!("{b} ({})", if state.border_active { "active" } else { "inactive" }),
            }
        ),
        format!(
            "Morocco and Tunisia: {}",
            if state.independent { "independent" } else { "not yet independent" }
        ),
        format!("OAS: {oas}"),
    ];
    if !state.effects.is_empty() {
        tracks.push(format!(
            "In effect this turn: {}",
            state.effects.iter().cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    if let Some(over) = &state.over {
        tracks.push(format!("Result: {over}"));
    }
    out.push(Section { title: "Tracks".into(), lines: tracks });
    let mut areas = Vec::new();
    for a in data.areas.iter().filter(|a| a.kind != AreaType::Country) {
        let s = state.areas.get(&a.id).cloned().unwrap_or_default();
        let mut flags = Vec::new();
        flags.push(match s.control {
            Some(side) => format!("{} control", side.name()),
            None => "contested".into(),
        });
        if s.terror {
            flags.push("Terror".into());
        }
        if s.resettled {
            flags.push("Resettled".into());
        }
        areas.push(format!(
            "{} {} ({:?}, wilaya {}) [{}]: {}",
            a.id,
            a.name,
            if s.resettled { AreaType::Remote } else { a.kind },
            a.wilaya,
            flags.join(", "),
            boxes(state, &a.id)
        ));
    }
    out.push(Section { title: "Areas (* neutralized, ^ Helo, d Dispersed)".into(), lines: areas });
    let countries = ["FRANCE", "MOROCCO", "TUNISIA"]
        .iter()
        .map(|c| {
            let ids: Vec<String> = state.units_in(c).map(mark).collect();
            format!("{c}: {}", if ids.is_empty() { "empty".into() } else { ids.join(" ") })
        })
        .collect();
    out.push(Section { title: "Countries".into(), lines: countries });
    let mut pools = Vec::new();
    for k in &data.kinds {
        let free = k
            .counter_ids()
            .iter()
            .filter(|id| {
                !state.units.contains_key(*id)
                    && !state.disbanded.contains(*id)
                    && !state.away.contains_key(*id)
            })
            .count();
        pools.push(format!(
            "{} not on the map: {free}{}",
            k.name,
            if free_counter(state, data, &k.kind).is_none() { " (none left)" } else { "" }
        ));
    }
    if !state.away.is_empty() {
        pools.push(format!(
            "Away: {}",
            state.away.iter().map(|(id, (_, t))| format!("{id} (turn {t})")).collect::<Vec<_>>().join(", ")
        ));
    }
    if !state.disbanded.is_empty() {
        pools.push(format!(
            "Disbanded for good: {}",
            state.disbanded.iter().cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    out.push(Section { title: "Pools".into(), lines: pools });
    for side in [Side::Government, Side::Fln] {
        let shown = match viewer {
            Viewer::Gm => true,
            Viewer::Player(p) => state.side_of(p) == Some(side),
            Viewer::Public => false,
        };
        if !shown {
            continue;
        }
        let p = state.plans(side);
        let mut lines = Vec::new();
        for (name, held) in
            [("reinforcement", &p.reinforcement), ("deployment", &p.deployment), ("operations", &p.script)]
        {
            if let Some(l) = held {
                lines.push(format!(
                    "held for {name}: {}",
                    if l.is_empty() { "nothing".into() } else { l.join(" / ") }
                ));
            }
        }
        for l in p.standing.values().flatten() {
            lines.push(format!("standing: {l}"));
        }
        if lines.is_empty() {
            lines.push("no orders held; every standing order at its default".into());
        }
        out.push(Section { title: format!("The {}'s orders (private)", side.name()), lines });
    }
    out
}
