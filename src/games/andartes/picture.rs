//! The Andartes map as a picture: each Region a shape grown from its point (see
//! `crate::maps`), tinted by who controls it, a counter a side giving how many of its
//! units stand there, and the step's moves (`D3 moves VIO -> FOK (1 MP)`) as arrows.
//! Nothing in Andartes is hidden on the board, so every viewer gets the same picture.
//!
//! Campaigns made with `board=greece` (pinned for new ones) draw the Regions on the
//! real map of Greece ([`greece`]) and mark each attack and each loss of the step
//! ([`marks`]); campaigns made before keep the cells of `board.toml`, byte for byte.

use serde::Deserialize;

use super::control::controller;
use super::state::{Side, State};
use crate::engine::Event;
use crate::maps::layout::{Coast, clip_convex, path_of, project};
use crate::maps::merge;
use crate::maps::voronoi::{Point, area};
use crate::maps::{Arrow, ArrowKind, Ground, Layout, Piece, Place, Scene};

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

/// The file of the Regions on the real map (`[lonlat]` seeds, see `crate::maps::layout`).
pub const GREECE_FILE: &str = "greece.toml";
/// The land and country outlines under it.
pub const COAST_FILE: &str = "coast.toml";

/// The country whose land the Regions of Greece divide (its name in `coast.toml`).
const GREECE: &str = "Greece";

/// The countries each foreign Area is drawn as, by their names in `coast.toml`
/// (Natural Earth's): Yugoslavia as the republics of 1947 that reach into the frame.
/// A foreign Area of a GM's own map that is not here is drawn as its cells cut to the
/// land.
const ABROAD: [(&str, &[&str]); 3] = [
    ("ALB", &["Albania"]),
    ("YUG", &["Macedonia", "Serbia", "Kosovo", "Montenegro"]),
    ("BUL", &["Bulgaria"]),
];

#[derive(Deserialize)]
struct Outlines {
    #[serde(default)]
    land: Vec<Ring>,
    #[serde(default)]
    country: Vec<CountryRing>,
}

#[derive(Deserialize)]
struct Ring {
    points: Vec<[f64; 2]>,
}

#[derive(Deserialize)]
struct CountryRing {
    name: String,
    points: Vec<[f64; 2]>,
}

/// The seeds of `greece.toml`, read again to tell which islands hold a Region.
#[derive(Deserialize)]
struct Seeds {
    #[serde(default)]
    area: Vec<SeedsOf>,
}

#[derive(Deserialize)]
struct SeedsOf {
    id: String,
    seeds: Vec<[f64; 2]>,
}

/// `p` inside the ring `ring` (both `[latitude, longitude]`, even-odd rule)?
fn on_ring(ring: &[[f64; 2]], p: [f64; 2]) -> bool {
    let mut inside = false;
    let n = ring.len();
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + n - 1) % n]);
        if (a[0] > p[0]) != (b[0] > p[0]) && p[1] < (b[1] - a[1]) * (p[0] - a[0]) / (b[0] - a[0]) + a[1] {
            inside = !inside;
        }
    }
    inside
}

type Box4 = (f64, f64, f64, f64);

fn bbox(poly: &[Point]) -> Box4 {
    poly.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
        (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
    })
}

/// The parts of `rings` inside the convex `cells`.
fn cut(rings: &[(Vec<Point>, Box4)], cells: &[Vec<Point>]) -> Vec<Vec<Point>> {
    let mut parts = Vec::new();
    for cell in cells {
        let c = bbox(cell);
        for (ring, r) in rings {
            if r.0 > c.2 || r.2 < c.0 || r.1 > c.3 || r.3 < c.1 {
                continue;
            }
            let part = clip_convex(ring, cell);
            if part.len() >= 3 && area(&part) > 0.05 {
                parts.push(part);
            }
        }
    }
    parts
}

/// The Regions of `map` on the real map: the layout of `board` (`greece.toml`, seeds
/// as latitude and longitude) and the land of `coast` (`coast.toml`) cut to it. A
/// Region of Greece is its cells cut to the land of Greece on which one of its seeds
/// lies (the mainland, Evia, an island it names); islands on which no Region's seed
/// lies are plain land (the game is played on the mainland and Evia); a foreign Area is the countries it stands for ([`ABROAD`]),
/// so the borders of Greece are the real ones. Each is drawn as one outline
/// (`crate::maps::merge`), not as the mesh of its cells. Errors name the file.
pub fn greece(map: &super::rules::Map, board: &str, coast: &str) -> Result<(Layout, Coast), String> {
    let places: Vec<Place> =
        map.regions.values().map(|r| Place { id: &r.code, ground: Ground::Land, at: None }).collect();
    let layout = Layout::build(GREECE_FILE, board, &places)?;
    let Some(frame) = layout.lonlat else { return Err(format!("{GREECE_FILE}: no [lonlat] frame")) };
    let outlines: Outlines = toml::from_str(coast).map_err(|e| format!("{COAST_FILE}: {e}"))?;
    let seeds: Seeds = toml::from_str(board).map_err(|e| format!("{GREECE_FILE}: {e}"))?;
    let foreign = |id: &str| map.regions.get(&id.to_ascii_uppercase()).is_some_and(|r| r.foreign());
    let seeds_of = |id: &str| -> Vec<[f64; 2]> {
        seeds
            .area
            .iter()
            .filter(|a| a.id.eq_ignore_ascii_case(id))
            .flat_map(|a| a.seeds.iter().copied())
            .collect()
    };
    let projected = |points: &[[f64; 2]]| -> Option<(Vec<Point>, Box4)> {
        let ring: Vec<Point> =
            points.iter().map(|p| project(frame, layout.width, layout.height, *p)).collect();
        (ring.len() >= 3).then(|| {
            let b = bbox(&ring);
            (ring, b)
        })
    };
    let land: Vec<(Vec<Point>, Box4)> = outlines.land.iter().filter_map(|r| projected(&r.points)).collect();
    let of = |names: &[&str]| -> Vec<(Vec<Point>, Box4)> {
        outlines
            .country
            .iter()
            .filter(|c| names.contains(&c.name.as_str()))
            .filter_map(|c| projected(&c.points))
            .collect()
    };
    // The land of Greece a Region holds: the mainland, or the island, on which one of
    // its own seeds lies (so Evia's cells take no shore of the mainland across the
    // strait, nor the mainland's any of Evia).
    let held = |id: &str| -> Vec<(Vec<Point>, Box4)> {
        let own = seeds_of(id);
        outlines
            .country
            .iter()
            .filter(|c| c.name == GREECE && own.iter().any(|s| on_ring(&c.points, *s)))
            .filter_map(|c| projected(&c.points))
            .collect()
    };
    let mut pieces = Vec::new();
    for (i, shape) in layout.shapes.iter().enumerate() {
        let parts = if !foreign(&shape.id) {
            cut(&held(&shape.id), &shape.cells)
        } else if let Some((_, names)) = ABROAD.iter().find(|(code, _)| code.eq_ignore_ascii_case(&shape.id))
        {
            of(names).into_iter().map(|(r, _)| r).collect()
        } else {
            cut(&land, &shape.cells)
        };
        let outline = merge::outline(&parts);
        if !outline.is_empty() {
            pieces.push((i, path_of(&outline)));
        }
    }
    let all: Vec<Vec<Point>> = land.into_iter().map(|(r, _)| r).collect();
    Ok((layout, Coast { land: path_of(&all), pieces, ..Default::default() }))
}

/// `scene` (made [`clear`]) with the step's attacks and losses, for campaigns with
/// `board=greece`: each attack a square round the Region's counters in the
/// attacker's colour (its hover text the result line), and the units a side lost in a
/// Region as one crossed counter beside it giving how many. A lost unit is one named
/// where a result line says "eliminated" that stood on the board before the step and
/// stands no more (a division broken down into brigades is no loss).
pub fn marks(before: &State, state: &State, results: &[Event], mut scene: Scene) -> Scene {
    scene.orders.extend(results.iter().filter_map(|e| attack(state, &e.text)));
    let mut lost: Vec<(String, Side, Vec<String>)> = Vec::new();
    for e in results {
        for clause in e.text.split(';').filter(|c| c.contains("eliminated")) {
            for word in clause.split(|c: char| !c.is_ascii_alphanumeric()) {
                let Some(u) = before.units.get(word) else { continue };
                if state.units.contains_key(word) {
                    continue;
                }
                match lost.iter_mut().find(|(r, side, _)| *r == u.at.region && *side == u.side) {
                    Some((_, _, ids)) if ids.iter().any(|i| i == word) => {}
                    Some((_, _, ids)) => ids.push(word.to_string()),
                    None => lost.push((u.at.region.clone(), u.side, vec![word.to_string()])),
                }
            }
        }
    }
    for (region, side, ids) in lost {
        let name = state.rules.map.regions.get(&region).map_or(region.as_str(), |r| r.name.as_str());
        scene.units.push(Piece {
            at: region.clone(),
            letter: ids.len().to_string(),
            colour: colour(side).into(),
            title: format!("{} lost in {name}: {}", side_name(side), ids.join(", ")),
            dislodged: true,
            hidden: false,
        });
    }
    scene.notes.push("square: an attack, in the attacker's colour".into());
    scene.notes.push("crossed counter: units lost this step".into());
    scene
}

/// `11.5 T1 GOV: D5+L1 (16) vs G1 (2) at EVR [Open CRT]: ...`: an attack in a Region.
fn attack(state: &State, line: &str) -> Option<Arrow> {
    let rest = line.trim().strip_prefix("11.5 T")?;
    let (_, rest) = rest.split_once(' ')?;
    let (side, rest) = rest.split_once(": ")?;
    let side = match side {
        "GOV" => Side::Government,
        "DSE" => Side::Dse,
        _ => return None,
    };
    let (_, rest) = rest.split_once(" vs ")?;
    let (_, rest) = rest.split_once(" at ")?;
    let target = rest.split_whitespace().next()?;
    let region = target.split('/').next().unwrap_or(target).to_string();
    if !state.rules.map.regions.contains_key(&region) {
        return None;
    }
    Some(Arrow {
        kind: ArrowKind::Hold,
        from: region.clone(),
        to: region,
        via: None,
        failed: false,
        colour: colour(side).into(),
        title: line.trim().to_string(),
    })
}

fn colour(side: Side) -> &'static str {
    match side {
        Side::Government => GOVERNMENT,
        Side::Dse => DSE,
    }
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
