//! What each reader sees: the public board for everyone, a player's own fractions for
//! that player alone, every fraction for the GM.

use super::GuerillaWarfare;
use super::calendar::Stage;
use super::orders::show_frac;
use super::state::{Decoded, State, decode};
use crate::engine::{Section, View, Viewer};
use crate::games::diplomacy::check::adjustment_count;
use crate::games::diplomacy::map::{Map, PowerId};

fn units_section(map: &Map, dec: &Decoded) -> Section {
    let lines = (0..map.powers.len() as PowerId)
        .map(|p| {
            let list: Vec<String> = dec
                .board
                .provinces_of(p)
                .filter_map(|q| dec.board.unit(q))
                .map(|u| format!("{} {}", u.kind.letter(), map.region_name(u.region)))
                .collect();
            format!(
                "{} ({}): {}",
                map.power(p).name,
                list.len(),
                if list.is_empty() { "none".into() } else { list.join(", ") }
            )
        })
        .collect();
    Section { title: "Units".into(), lines }
}

fn centres_section(map: &Map, dec: &Decoded) -> Section {
    let mut lines: Vec<String> = (0..map.powers.len() as PowerId)
        .map(|p| {
            let list: Vec<String> = map
                .centres()
                .filter(|&c| dec.ownership.owner[c as usize] == Some(p))
                .map(|c| map.province(c).id.clone())
                .collect();
            format!("{} ({}): {}", map.power(p).name, list.len(), list.join(", "))
        })
        .collect();
    let neutral: Vec<String> = map
        .centres()
        .filter(|&c| dec.ownership.owner[c as usize].is_none())
        .map(|c| map.province(c).id.clone())
        .collect();
    lines.push(format!("Neutral ({}): {}", neutral.len(), neutral.join(", ")));
    Section { title: format!("Supply centres ({} to win)", map.victory_centres), lines }
}

fn fraction_lines(map: &Map, dec: &Decoded, power: PowerId) -> Vec<String> {
    dec.fractions.iter().filter(|f| f.power == power).map(|f| show_frac(map, f)).collect()
}

/// The view of `viewer`.
pub fn view(g: &GuerillaWarfare, s: &State, viewer: &Viewer) -> View {
    let map = &g.map;
    let dec = match decode(map, s) {
        Ok(d) => d,
        Err(e) => {
            return View {
                sections: vec![Section { title: "State".into(), lines: vec![format!("unreadable: {e}")] }],
                ..View::default()
            };
        }
    };
    let mut sections = vec![
        Section {
            title: "Date".into(),
            lines: vec![format!(
                "{} ({})",
                super::calendar::phase_title(s.date, s.stage),
                if s.date.is_winter() { "winter: rule 4's regions are frozen" } else { "no ice" }
            )],
        },
        units_section(map, &dec),
        centres_section(map, &dec),
    ];
    if s.stage == Stage::Retreat && !dec.dislodged.is_empty() {
        let lines = dec
            .dislodged
            .iter()
            .map(|d| {
                let to: Vec<String> = d.retreats.iter().map(|&r| map.region_name(r)).collect();
                format!(
                    "{} {} {}: may retreat to {}",
                    map.power(d.unit.power).adjective,
                    d.unit.kind.letter(),
                    map.region_name(d.unit.region),
                    if to.is_empty() { "nowhere".into() } else { to.join(", ") }
                )
            })
            .collect();
        sections.push(Section { title: "Dislodged".into(), lines });
    }
    if s.stage == Stage::Adjustment {
        let lines = (0..map.powers.len() as PowerId)
            .map(|p| {
                let d = adjustment_count(&dec.board, &dec.ownership, p);
                let what = match d {
                    0 => "no change".to_string(),
                    d if d > 0 => format!("{d} build(s)"),
                    d => format!("{} removal(s)", -d),
                };
                format!("{}: {what}", map.power(p).name)
            })
            .collect();
        sections.push(Section { title: "Adjustments".into(), lines });
    }
    match viewer {
        Viewer::Player(id) => {
            if let Some(p) = map.power_index(id) {
                let mut lines = fraction_lines(map, &dec, p);
                if lines.is_empty() {
                    lines.push("none".into());
                }
                sections.push(Section { title: "Your guerillas (only you see these)".into(), lines });
            }
        }
        Viewer::Gm => {
            let mut lines = Vec::new();
            for p in 0..map.powers.len() as PowerId {
                let list = fraction_lines(map, &dec, p);
                if !list.is_empty() {
                    lines.push(format!("{}: {}", map.power(p).name, list.join(", ")));
                }
            }
            if lines.is_empty() {
                lines.push("none".into());
            }
            sections.push(Section { title: "Guerillas of every power (GM only)".into(), lines });
        }
        Viewer::Public => {}
    }
    View { sections, ..View::default() }
}

/// The Abstraction board as `viewer` may see it: a state that does not decode has none.
pub fn drawing(g: &GuerillaWarfare, s: &State, viewer: &Viewer) -> Option<String> {
    decode(&g.map, s).ok().map(|_| g.boards.draw(&g.map, s, viewer))
}
