//! The board as a picture, drawn from the data: each province at its `at` point on the
//! 900 x 662 Pouch drawing, a line for every border (brown for armies, blue dashes for
//! fleets, grey for both), supply centres in their owner's colour, units by power,
//! and fractions only for a viewer allowed to see them (their owner, the GM).

use std::fmt::Write;
use std::sync::{Arc, OnceLock};

use super::GuerillaWarfare;
use super::state::{State, decode};
use crate::engine::Viewer;
use crate::engine::error::{Error, Result};
use crate::games::diplomacy::map::{Map, PowerId, ProvinceId, Terrain, UnitKind};
use crate::maps::kept::Kept;
use crate::markup::xml as esc;

const WIDTH: i32 = 900;
const HEIGHT: i32 = 662;

fn colour(map: &Map, p: PowerId) -> &'static str {
    match map.power(p).id.as_str() {
        "austria" => "#d62728",
        "england" => "#1f3a93",
        "france" => "#5dade2",
        "germany" => "#555555",
        "italy" => "#2e8b57",
        "russia" => "#8e44ad",
        "turkey" => "#e6b800",
        _ => "#999999",
    }
}

fn at(map: &Map, p: ProvinceId) -> (i32, i32) {
    map.province(p).at.unwrap_or((WIDTH / 2, HEIGHT / 2))
}

/// May `viewer` see the fractions of `power`? Their owner and the GM may; the public
/// and every other power may not.
pub fn sees_fractions(map: &Map, viewer: &Viewer, power: PowerId) -> bool {
    match viewer {
        Viewer::Gm => true,
        Viewer::Player(id) => map.power(power).id == *id,
        Viewer::Public => false,
    }
}

/// The board for `viewer`. Fractions appear only for their owner and the GM.
pub fn board_svg(map: &Map, state: &State, viewer: &Viewer) -> String {
    Board::default().draw(map, state, viewer)
}

/// How many boards [`Board`] keeps: the states of the steps being drawn at once.
const KEPT: usize = 4;

/// The board pictures of one game, drawn once where they are the same for every reader:
/// the borders (the map's alone) once a process, and the board up to the fractions once
/// a state, so that each reader's copy adds only the fractions that reader may see.
/// Every picture is the bytes [`board_svg`] draws from scratch.
pub struct Board {
    borders: OnceLock<String>,
    /// The last states drawn, with their boards up to the fractions.
    base: Kept<State, Arc<str>>,
}

impl Default for Board {
    fn default() -> Board {
        Board { borders: OnceLock::new(), base: Kept::new(KEPT) }
    }
}

impl Board {
    /// The board for `viewer` (as [`board_svg`]).
    pub fn draw(&self, map: &Map, state: &State, viewer: &Viewer) -> String {
        let base = self.base.get_or(state, || {
            let borders = self.borders.get_or_init(|| borders(map));
            base(map, state, borders).into()
        });
        let dec = decode(map, state).ok();
        let mut s = String::with_capacity(base.len() + 4096);
        s.push_str(&base);
        if let Some(dec) = dec {
            fractions(&mut s, map, &dec, viewer);
        }
        s.push_str("</svg>");
        s
    }
}

/// A line for every border: brown for armies, blue dashes for fleets, grey for both.
fn borders(map: &Map) -> String {
    let mut s = String::with_capacity(32 * 1024);
    let n = map.province_count() as ProvinceId;
    for a in 0..n {
        for b in (a + 1)..n {
            let army = map.army_adjacent(a, b);
            let fleet = map
                .province(a)
                .fleet_regions
                .iter()
                .any(|&r| map.province(b).fleet_regions.iter().any(|&q| map.fleet_adjacent(r, q)));
            if !army && !fleet {
                continue;
            }
            let (style, col) = match (army, fleet) {
                (true, true) => ("", "#aaaaaa"),
                (true, false) => ("", "#b08850"),
                _ => (r#" stroke-dasharray="3,2""#, "#6fa8dc"),
            };
            let ((x1, y1), (x2, y2)) = (at(map, a), at(map, b));
            let _ = write!(
                s,
                r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{col}" stroke-width="0.8"{style}/>"#
            );
        }
    }
    s
}

/// The board up to the fractions: the frame, the borders, the provinces and centres,
/// and (where the state decodes) the units; without the closing tag.
fn base(map: &Map, state: &State, borders: &str) -> String {
    let mut s = String::with_capacity(borders.len() + 32 * 1024);
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="9">"##
    );
    let _ = write!(
        s,
        r##"<title>{}</title><rect width="{WIDTH}" height="{HEIGHT}" fill="#f4f1e8"/>"##,
        esc(&format!("{}: {}", map.name, super::calendar::phase_title(state.date, state.stage)))
    );
    let n = map.province_count() as ProvinceId;
    s.push_str(borders);
    let dec = decode(map, state).ok();
    // Provinces and centres.
    for p in 0..n {
        let prov = map.province(p);
        let (x, y) = at(map, p);
        let fill = match prov.terrain {
            Terrain::Sea => "#d6eaf8",
            Terrain::Coast => "#e9f2d8",
            Terrain::Land => "#efe3c8",
        };
        let _ = write!(
            s,
            r##"<g><title>{}</title><circle cx="{x}" cy="{y}" r="9" fill="{fill}" stroke="#777" stroke-width="0.5"/>"##,
            esc(&prov.name)
        );
        if prov.centre {
            let owner = dec.as_ref().and_then(|d| d.ownership.owner[p as usize]);
            let c = owner.map(|o| colour(map, o)).unwrap_or("#ffffff");
            let _ = write!(
                s,
                r##"<circle cx="{}" cy="{}" r="3" fill="{c}" stroke="#000" stroke-width="0.6"/>"##,
                x + 8,
                y - 8
            );
        }
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" text-anchor="middle" fill="#333">{}</text></g>"##,
            y + 17,
            esc(&prov.id)
        );
    }
    let Some(dec) = dec else {
        return s;
    };
    // Units.
    for p in 0..n {
        let Some(u) = dec.board.unit(p) else { continue };
        let (x, y) = at(map, p);
        let c = colour(map, u.power);
        match u.kind {
            UnitKind::Army => {
                let _ = write!(
                    s,
                    r##"<circle cx="{x}" cy="{y}" r="6" fill="{c}" stroke="#000" stroke-width="0.7"/>"##
                );
            }
            UnitKind::Fleet => {
                let _ = write!(
                    s,
                    r##"<rect x="{}" y="{}" width="12" height="8" fill="{c}" stroke="#000" stroke-width="0.7"/>"##,
                    x - 6,
                    y - 4
                );
            }
        }
        let _ = write!(
            s,
            r##"<text x="{x}" y="{}" text-anchor="middle" fill="#fff" font-weight="bold" font-size="7">{}</text>"##,
            y + 3,
            u.kind.letter()
        );
    }
    s
}

/// The fractions `viewer` may see, each a counter beside its province.
fn fractions(s: &mut String, map: &Map, dec: &super::state::Decoded, viewer: &Viewer) {
    let sees = |power: PowerId| sees_fractions(map, viewer, power);
    let mut offset: std::collections::BTreeMap<ProvinceId, i32> = std::collections::BTreeMap::new();
    for f in dec.fractions.iter().filter(|f| sees(f.power)) {
        let (x, y) = at(map, f.at);
        let k = offset.entry(f.at).or_insert(0);
        let (fx, fy) = (x - 12 - *k * 9, y - 10);
        *k += 1;
        let c = colour(map, f.power);
        let _ = write!(
            s,
            r##"<g><title>{}</title><polygon points="{},{} {},{} {},{}" fill="{c}" stroke="#000" stroke-width="0.5"/><text x="{fx}" y="{}" text-anchor="middle" font-size="6">{}</text></g>"##,
            esc(&super::orders::show_frac(map, f)),
            fx,
            fy - 5,
            fx - 4,
            fy + 3,
            fx + 4,
            fy + 3,
            fy - 6,
            esc(&format!("{}{}", super::fractions::Size(f.size), f.kind.letter()))
        );
    }
}

/// The board picture of a saved state, for `umpire map`.
pub fn map_svg(state_json: &serde_json::Value, viewer: &Viewer) -> Result<String> {
    let g = GuerillaWarfare::new()?;
    let state: State = serde_json::from_value(state_json.clone())
        .map_err(|e| Error::state(format!("the state is not a guerilla-warfare state: {e}")))?;
    decode(&g.map, &state)?;
    Ok(board_svg(&g.map, &state, viewer))
}
