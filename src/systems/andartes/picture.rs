//! The Andartes map as a picture: each Region a shape grown from its point (see
//! `crate::maps`), tinted by who controls it, a counter a side giving how many of its
//! units stand there, and the step's moves (`D3 moves VIO -> FOK (1 MP)`) as arrows.
//! Nothing in Andartes is hidden on the board, so every viewer gets the same picture.

use super::control::controller;
use super::state::{Side, State};
use crate::maps::{Arrow, ArrowKind, Ground, Layout, Piece, Place, Scene};
use crate::systems::Event;

const GOVERNMENT: &str = "#1646a0";
const DSE: &str = "#a01616";

/// Reads `board.toml` for the Regions of `map`.
pub fn layout(map: &super::rules::Map, file: &str, text: &str) -> Result<Layout, String> {
    let places: Vec<Place> = map
        .regions
        .values()
        .map(|r| Place {
            id: &r.code,
            ground: Ground::Land,
            at: Some((f64::from(r.at[0]), f64::from(r.at[1]))),
        })
        .collect();
    Layout::build(file, text, &places)
}

/// The scene of `state` with the moves told in `results`.
pub fn scene(state: &State, results: &[Event]) -> Scene {
    let map = &state.rules.map;
    let mut scene = Scene { title: format!("Andartes: turn {}", state.turn), ..Scene::default() };
    for r in map.regions.values() {
        match controller(state, &r.code) {
            Some(Side::Government) => scene.tints.push((r.code.clone(), GOVERNMENT.into())),
            Some(Side::Dse) => scene.tints.push((r.code.clone(), DSE.into())),
            None if r.foreign() => scene.tints.push((r.code.clone(), "#777777".into())),
            None => {}
        }
        for (side, letter, colour) in [(Side::Government, "G", GOVERNMENT), (Side::Dse, "D", DSE)] {
            let ids: Vec<&str> =
                state.units_in(&r.code).filter(|u| u.side == side).map(|u| u.id.as_str()).collect();
            if !ids.is_empty() {
                scene.units.push(Piece {
                    at: r.code.clone(),
                    letter: format!("{letter}{}", ids.len()),
                    colour: colour.into(),
                    title: format!("{} in {}: {}", side_name(side), r.name, ids.join(", ")),
                    dislodged: false,
                    hidden: false,
                });
            }
        }
    }
    scene.legend = vec![("Government".into(), GOVERNMENT.into()), ("DSE".into(), DSE.into())];
    scene.orders = results.iter().filter_map(|e| move_arrow(state, &e.text)).collect();
    scene
}

/// `scene` made ready for the clear drawing (`Frame::clear`): a counter gives how many
/// units of its side stand in the Region (not a letter that reads as a unit's id),
/// the title names the turn and the step, and the legend says what is what.
pub fn clear(state: &State, mut scene: Scene, step: u64) -> Scene {
    scene.title = format!("Andartes (Greece 1947-49): turn {}, step {step}", state.turn);
    for u in &mut scene.units {
        u.letter = u.letter.trim_start_matches(['G', 'D']).to_string();
    }
    scene.legend.push(("Foreign Area".into(), "#777777".into()));
    scene.notes = vec![
        "land filled: who controls the Region".into(),
        "counter: how many units of that side".into(),
        "arrow: move".into(),
    ];
    scene
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Government => "Government",
        Side::Dse => "DSE",
    }
}

/// `D3 moves VIO -> FOK (1 MP)`: a move between two Regions (a move to a square of
/// the same Region is no arrow).
fn move_arrow(state: &State, line: &str) -> Option<Arrow> {
    let (unit, rest) = line.trim().split_once(" moves ")?;
    let (from, rest) = rest.split_once(" -> ")?;
    let to = rest.split_whitespace().next()?;
    let region = |s: &str| s.split('/').next().unwrap_or(s).to_string();
    let (from, to) = (region(from), region(to));
    if from == to
        || !state.rules.map.regions.contains_key(&from)
        || !state.rules.map.regions.contains_key(&to)
    {
        return None;
    }
    let side = state.units.values().find(|u| u.id == unit.trim()).map(|u| u.side);
    let colour = match side {
        Some(Side::Dse) => DSE,
        _ => GOVERNMENT,
    };
    Some(Arrow {
        kind: ArrowKind::Move,
        from,
        to,
        via: None,
        failed: false,
        colour: colour.into(),
        title: line.trim().to_string(),
    })
}
