//! The reference a player needs beside the map: every border, the unit ratings by
//! level with the counters left, both Mobilization Charts and the Politics Table.
//! Sent once in the welcome mail, and in an acknowledgement whenever an orders file
//! carries the line `REFERENCE`. All of it comes from the game's data files (and the
//! state, for the counters left), so a GM's corrected copy shows as corrected.

use std::fmt::Write as _;

use super::rules::{Doctrine, Where};
use super::state::{Side, State};
use crate::engine::Section;

/// The reference sections for `state`.
pub fn sections(state: &State) -> Vec<Section> {
    let rules = &state.rules;
    let mut borders = Vec::new();
    for code in geographic(state) {
        let Some(r) = rules.map.regions.get(&code) else { continue };
        let mut line = format!("{} {}:", r.code, r.name);
        for n in &r.neighbours {
            let _ = write!(line, " {n}{}", if r.arrows.contains(n) { " (arrow)" } else { "" });
        }
        borders.push(line);
    }
    let mut units = Vec::new();
    for t in rules.forces.types.values() {
        let levels: Vec<String> = (t.min_level..=t.max_level)
            .map(|l| {
                let u = t.unconventional.get((l - t.min_level) as usize).copied().unwrap_or(false);
                let i = t.infiltration.get((l - t.min_level) as usize).copied().unwrap_or(false);
                format!(
                    "level {l}: {}-{l}-{}{}{} ({} counter(s) left)",
                    t.strength(l),
                    t.movement.get((l - t.min_level) as usize).copied().unwrap_or(0),
                    if i { " infiltrates" } else { "" },
                    if u { " unconventional" } else { "" },
                    state.free_counters(&t.kind, l, None),
                )
            })
            .collect();
        units.push(format!(
            "{} ({}, {}, ids {}n): {}",
            t.name,
            t.kind,
            t.side.name(),
            t.prefix,
            levels.join("; ")
        ));
    }
    let mut charts = Vec::new();
    for side in [Side::Government, Side::Dse] {
        for l in rules.mobilization.chart(side) {
            let cost = l.cost.map_or("not built (formed only)".to_string(), |c| format!("{c} PP"));
            let ups: Vec<String> = l.upgrades.iter().map(|(to, c)| format!("to {to}: {c} PP")).collect();
            let place = match l.place {
                Where::Greece => "in Greece",
                Where::Foreign => "in a Foreign Area",
                Where::GreeceOrForeign => "in Greece or a Foreign Area",
                Where::Regions => "only in",
            };
            charts.push(format!(
                "{} {}: build {cost}; upgrade {}; placed {place}{}",
                side.name(),
                l.kind,
                if ups.is_empty() { "none".to_string() } else { ups.join(", ") },
                if l.regions.is_empty() { String::new() } else { format!(" ({})", l.regions.join(", ")) }
            ));
        }
    }
    charts.push(format!("Government airstrike marker: {} PP", rules.mobilization.airstrike_cost));
    let mut politics: Vec<String> = rules
        .politics
        .row
        .iter()
        .map(|r| {
            format!(
                "2D6 = {}: {}, Mobilization limit {} PP, lasts {} turn(s)",
                r.roll,
                r.doctrine.name(),
                r.pp_limit,
                r.duration
            )
        })
        .collect();
    politics.push(format!(
        "Doctrine limits (16.3): {} {}, {} {}, {} {}",
        Doctrine::Tight.name(),
        rules.politics.limits.tight,
        Doctrine::Area.name(),
        rules.politics.limits.area,
        Doctrine::Aggressive.name(),
        rules.politics.limits.aggressive
    ));
    vec![
        Section {
            title: "Reference: borders (2.4; arrows cross only one way of moving)".into(),
            lines: borders,
        },
        Section { title: "Reference: units (strength-level-movement by level)".into(), lines: units },
        Section { title: "Reference: Mobilization Charts (9.0)".into(), lines: charts },
        Section { title: "Reference: Politics Table (16.3)".into(), lines: politics },
    ]
}

/// Region codes north to south, then west to east within bands of the drawing, the
/// order a player reads the map in.
pub fn geographic(state: &State) -> Vec<String> {
    let mut codes: Vec<(i32, i32, String)> =
        state.rules.map.regions.values().map(|r| (r.at[1] / 70, r.at[0], r.code.clone())).collect();
    codes.sort();
    codes.into_iter().map(|(.., c)| c).collect()
}
