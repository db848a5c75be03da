//! The board picture of a Diplomacy-style map (the standard board, and Guerilla
//! Warfare's Abstraction board, which shares the map model): province shapes from the
//! system's `board.toml`, units and centres from the position, and the step's orders
//! read back from its result lines (`England: F North Sea - Belgium (bounced)`), so
//! that the arrows show exactly what the report says and nothing more.

use super::board::{Board, Dislodged, Ownership};
use super::map::{Map, PowerId, ProvinceId, Terrain, UnitKind};
use super::notation::{self, Names, Written};
use crate::engine::Event;
use crate::maps::{Arrow, ArrowKind, Centre, Ground, Layout, Piece, Place, Scene};

/// A power's colour on every board, by its id (the colours web Diplomacy boards use).
pub fn colour(id: &str) -> &'static str {
    match id {
        "austria" => "#c0392b",
        "england" => "#1f3a93",
        "france" => "#3498db",
        "germany" => "#555555",
        "italy" => "#27ae60",
        "russia" => "#8e44ad",
        "turkey" => "#d4ac0d",
        _ => "#999999",
    }
}

/// The places of `map` as the layout reads them: a province with no neighbours at all
/// is impassable (Switzerland).
pub fn places(map: &Map) -> Vec<Place<'_>> {
    (0..map.province_count() as ProvinceId)
        .map(|p| {
            let prov = map.province(p);
            let ground = if prov.army.is_empty() && prov.fleet_regions.is_empty() {
                Ground::Impassable
            } else {
                match prov.terrain {
                    Terrain::Land => Ground::Land,
                    Terrain::Coast => Ground::Coast,
                    Terrain::Sea => Ground::Sea,
                }
            };
            Place { id: &prov.id, ground, at: prov.at.map(|(x, y)| (f64::from(x), f64::from(y))) }
        })
        .collect()
}

/// Reads `board.toml` for `map`.
pub fn layout(map: &Map, file: &str, text: &str) -> Result<Layout, String> {
    Layout::build(file, text, &places(map))
}

/// What is on the board: the units, who owns each centre, and the units waiting to
/// retreat.
pub struct OnBoard<'a> {
    pub board: &'a Board,
    pub ownership: &'a Ownership,
    pub dislodged: &'a [Dislodged],
}

/// The scene of `pos` with `results` (the step's result events) drawn as orders.
pub fn scene(map: &Map, names: &Names, title: String, pos: OnBoard, results: &[Event]) -> Scene {
    let mut scene = Scene { title, ..Scene::default() };
    for p in 0..map.province_count() as ProvinceId {
        let prov = map.province(p);
        if prov.centre {
            let owner = pos.ownership.owner.get(p as usize).copied().flatten();
            scene
                .centres
                .push(Centre { at: prov.id.clone(), colour: owner.map(|o| colour(&map.power(o).id).into()) });
        }
        if let Some(u) = pos.board.unit(p) {
            scene.units.push(piece(map, u.power, u.kind, p, false));
        }
    }
    for d in pos.dislodged {
        scene.units.push(piece(map, d.unit.power, d.unit.kind, map.province_of(d.unit.region), true));
    }
    for pw in 0..map.powers.len() as PowerId {
        let power = map.power(pw);
        scene.legend.push((power.name.clone(), colour(&power.id).into()));
    }
    scene.orders = orders(map, names, results);
    scene
}

/// `scene` made ready for the clear drawing (`Frame::clear`): the title with the
/// season and step, each supply centre's province filled by its owner, and the legend's
/// notes on the counters and marks.
pub fn clear(map: &Map, mut scene: Scene, title: String, ownership: &Ownership) -> Scene {
    scene.title = title;
    for p in 0..map.province_count() as ProvinceId {
        let prov = map.province(p);
        if let Some(o) = ownership.owner.get(p as usize).copied().flatten()
            && prov.centre
        {
            scene.tints.push((prov.id.clone(), colour(&map.power(o).id).into()));
        }
    }
    scene.notes = vec![
        "A army, F fleet".into(),
        "dot: supply centre (owner's colour; land filled by it)".into(),
        "arrow: move; thin: support; ring: convoy".into(),
        "dashed: failed".into(),
        "red ring and cross: dislodged".into(),
    ];
    scene
}

/// A small counter only its viewer sees (a Guerilla Warfare fraction).
pub fn hidden_piece(map: &Map, power: PowerId, p: ProvinceId, letter: String, title: String) -> Piece {
    Piece {
        at: map.province(p).id.clone(),
        letter,
        colour: colour(&map.power(power).id).into(),
        title,
        dislodged: false,
        hidden: true,
    }
}

fn piece(map: &Map, power: PowerId, kind: UnitKind, p: ProvinceId, dislodged: bool) -> Piece {
    let pw = map.power(power);
    Piece {
        at: map.province(p).id.clone(),
        letter: kind.letter().into(),
        colour: colour(&pw.id).into(),
        title: format!(
            "{} {} in {}{}",
            pw.adjective,
            kind.word(),
            map.province(p).name,
            if dislodged { " (dislodged)" } else { "" }
        ),
        dislodged,
        hidden: false,
    }
}

/// The orders told in `results`, one arrow (or mark) each. Lines that are not orders
/// (centre counts, dislodgements, the next phase) are passed over.
pub fn orders(map: &Map, names: &Names, results: &[Event]) -> Vec<Arrow> {
    results
        .iter()
        .filter_map(|e| order_arrow(map, names, &e.text).or_else(|| adjustment_mark(map, names, &e.text)))
        .collect()
}

/// `Power: <order> (<outcome>)`: the order, whether it failed, and its power's colour.
fn order_arrow(map: &Map, names: &Names, line: &str) -> Option<Arrow> {
    let (power, rest) = notation::split_power(map, line);
    let power = power?;
    let (order, outcome) = match rest.rfind(" (") {
        Some(i) if rest.ends_with(')') => (&rest[..i], &rest[i + 2..rest.len() - 1]),
        _ => (rest, ""),
    };
    let failed =
        outcome.split(';').map(str::trim).any(|w| !w.is_empty() && w != "dislodged" && w != "retreats");
    // Guerilla Warfare writes a hold as `A tyr stands`.
    let order = order.strip_suffix(" stands").map(|o| format!("{o} H")).unwrap_or_else(|| order.to_string());
    let written = notation::parse(map, names, &order).ok()?;
    let id = |p: ProvinceId| map.province(p).id.clone();
    let colour = colour(&map.power(power).id).to_string();
    let arrow = |kind, from, to, via| Arrow {
        kind,
        from,
        to,
        via,
        failed,
        colour: colour.clone(),
        title: line.to_string(),
    };
    Some(match written {
        Written::Hold(u) => arrow(ArrowKind::Hold, id(u.place.province), id(u.place.province), None),
        Written::Move { unit, to, .. } => {
            arrow(ArrowKind::Move, id(unit.place.province), id(to.province), None)
        }
        Written::SupportHold { unit, target } => {
            arrow(ArrowKind::SupportHold, id(unit.place.province), id(target.place.province), None)
        }
        Written::SupportMove { unit, target, to } => arrow(
            ArrowKind::SupportMove,
            id(unit.place.province),
            id(to.province),
            Some(id(target.place.province)),
        ),
        Written::Convoy { unit, army, to } => {
            arrow(ArrowKind::Convoy, id(unit.place.province), id(to.province), Some(id(army.place.province)))
        }
        Written::Retreat { unit, to } => {
            arrow(ArrowKind::Retreat, id(unit.place.province), id(to.province), None)
        }
        Written::Disband(u) => arrow(ArrowKind::Remove, id(u.place.province), id(u.place.province), None),
        Written::Build { .. } | Written::Waive | Written::Draw => return None,
    })
}

/// `England builds F London` / `England removes A Kiel (civil disorder: ...)`.
fn adjustment_mark(map: &Map, names: &Names, line: &str) -> Option<Arrow> {
    let (who, kind, unit) = if let Some((who, u)) = line.split_once(" builds ") {
        (who, ArrowKind::Build, u)
    } else if let Some((who, u)) = line.split_once(" removes ") {
        (who, ArrowKind::Remove, u)
    } else {
        return None;
    };
    let power = map.power_by_name(who.trim())?;
    let unit = unit.split(" (").next().unwrap_or(unit);
    let Ok(Written::Hold(u)) = notation::parse(map, names, &format!("{unit} H")) else { return None };
    let at = map.province(u.place.province).id.clone();
    Some(Arrow {
        kind,
        from: at.clone(),
        to: at,
        via: None,
        failed: false,
        colour: colour(&map.power(power).id).into(),
        title: line.to_string(),
    })
}
