//! Algeria's board on the real map (campaigns whose pictures are style 3 or later):
//! each area is the part of Algeria nearer its town than any other area's town (the
//! Voronoi cells of the towns, cut to Algeria's outline, as Diplomacy's provinces are
//! cut to the land); Morocco, Tunisia and France, which are areas in the rules but no
//! part of the map, are boxes at its edges (Morocco left, Tunisia right, France top
//! centre).
//!
//! The outlines and the towns' coordinates are `games/algeria/geography.toml`, reduced
//! once from Natural Earth and GeoNames by `tools/algeria_map.py`: a picture's data,
//! not the rules', so no campaign pins it. They fit the built-in `areas.toml` only; a
//! GM's own areas file keeps the schematic of discs at its own `at` points.
//!
//! The geometry is the same for every picture, so it is built once a process.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Deserialize;

use super::data::{AreaType, Data};
use crate::maps::decimal::Fixed;
use crate::maps::layout::{self, Frame, path_of};
use crate::maps::voronoi::{self, Point};

pub const GEOGRAPHY_FILE: &str = "geography.toml";
pub const GEOGRAPHY_TOML: &str = include_str!("../../../games/algeria/geography.toml");

/// The map's width on the picture; its height follows from the frame.
pub const WIDTH: f64 = 1000.0;
/// A country's box: width and height.
pub const INSET: (f64, f64) = (108.0, 54.0);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeographyFile {
    #[serde(default)]
    #[allow(dead_code)]
    source: String,
    frame: Frame,
    town: Vec<Town>,
    algeria: Vec<Ring>,
    #[serde(default)]
    land: Vec<Land>,
    france: Ring,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Town {
    area: String,
    #[allow(dead_code)]
    town: String,
    #[allow(dead_code)]
    geonameid: u64,
    /// Latitude and longitude.
    at: [f64; 2],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Ring {
    points: Vec<[f64; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Land {
    #[allow(dead_code)]
    name: String,
    points: Vec<[f64; 2]>,
}

/// A box on the picture: left, top, right, bottom.
pub type Rect = (f64, f64, f64, f64);

/// The map's geometry, as SVG written once.
#[derive(Debug)]
pub struct Geography {
    pub width: f64,
    pub height: f64,
    /// The latitudes and longitudes the map shows.
    pub frame: Frame,
    /// Each area's point: its town, or the centre of its country's box.
    pub points: BTreeMap<String, Point>,
    /// The countries' boxes, by area id.
    pub insets: BTreeMap<String, Rect>,
    /// Each Algerian area's part of Algeria, as an SVG path.
    pub cells: BTreeMap<String, String>,
    /// Algeria's outline (coast and borders).
    pub algeria: String,
    /// The other countries' land in the frame.
    pub land: String,
    /// Borders between areas of one wilaya, and between wilayas (drawn heavier).
    pub borders: String,
    pub wilaya_borders: String,
    /// Mainland France drawn inside its box.
    pub france: String,
}

fn segments(parts: &[(Point, Point)]) -> String {
    let mut d = String::new();
    for (p, q) in parts {
        let _ = write!(d, "M{:.1} {:.1} L{:.1} {:.1} ", Fixed(p.0), Fixed(p.1), Fixed(q.0), Fixed(q.1));
    }
    d.trim_end().to_string()
}

impl Geography {
    /// Reads `text` (the file `name`) for the areas of `data`; every area but the
    /// countries must have its town.
    pub fn build(name: &str, text: &str, data: &Data) -> Result<Geography, String> {
        let file: GeographyFile = toml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
        let f = file.frame;
        let mid = ((f.north + f.south) / 2.0).to_radians().cos();
        if f.east <= f.west || f.north <= f.south {
            return Err(format!("{name}: the frame is empty"));
        }
        let (width, height) = (WIDTH, WIDTH * (f.north - f.south) / ((f.east - f.west) * mid));
        let project = |p: [f64; 2]| layout::project(f, width, height, p);
        let towns: Vec<&super::data::Area> =
            data.areas.iter().filter(|a| a.kind != AreaType::Country).collect();
        let mut seeds = Vec::new();
        for a in &towns {
            let t = file
                .town
                .iter()
                .find(|t| t.area == a.id)
                .ok_or_else(|| format!("{name}: no town for area {}", a.id))?;
            seeds.push(project(t.at));
        }
        let rings: Vec<Vec<Point>> = file
            .algeria
            .iter()
            .map(|r| r.points.iter().map(|p| project(*p)).collect::<Vec<_>>())
            .filter(|r| r.len() >= 3)
            .collect();
        let cells = voronoi::cells(&seeds, width, height);
        let mut shapes = BTreeMap::new();
        for (a, cell) in towns.iter().zip(&cells) {
            let parts: Vec<Vec<Point>> = rings
                .iter()
                .map(|r| layout::clip_convex(r, cell))
                .filter(|p| p.len() >= 3 && voronoi::area(p) > 0.5)
                .collect();
            shapes.insert(a.id.clone(), path_of(&parts));
        }
        let (mut inner, mut outer) = (Vec::new(), Vec::new());
        for i in 0..towns.len() {
            for j in (i + 1)..towns.len() {
                let Some((p, q)) = voronoi::shared_edge(&cells[i], seeds[i], seeds[j]) else { continue };
                let parts = layout::segment_inside(p, q, &rings);
                if towns[i].wilaya == towns[j].wilaya { &mut inner } else { &mut outer }.extend(parts);
            }
        }
        let mut points: BTreeMap<String, Point> =
            towns.iter().zip(&seeds).map(|(a, s)| (a.id.clone(), *s)).collect();
        // The countries' boxes: beside the areas they touch (Morocco west, Tunisia
        // east, level with them), or at the top centre for one that touches none.
        let mut insets = BTreeMap::new();
        for c in data.areas.iter().filter(|a| a.kind == AreaType::Country) {
            let near: Vec<Point> = c.adjacent.iter().filter_map(|id| points.get(id).copied()).collect();
            let (w, h) = INSET;
            let rect = if near.is_empty() {
                (width / 2.0 - w / 2.0, 8.0, width / 2.0 + w / 2.0, 8.0 + h)
            } else {
                let n = near.len() as f64;
                let x = near.iter().map(|p| p.0).sum::<f64>() / n;
                let y =
                    (near.iter().map(|p| p.1).sum::<f64>() / n).clamp(h / 2.0 + 8.0, height - h / 2.0 - 8.0);
                if x < width / 2.0 {
                    (8.0, y - h / 2.0, 8.0 + w, y + h / 2.0)
                } else {
                    (width - 8.0 - w, y - h / 2.0, width - 8.0, y + h / 2.0)
                }
            };
            insets.insert(c.id.clone(), rect);
        }
        for (id, r) in &insets {
            points.insert(id.clone(), ((r.0 + r.2) / 2.0, (r.1 + r.3) / 2.0));
        }
        let land: Vec<Vec<Point>> = file
            .land
            .iter()
            .map(|l| l.points.iter().map(|p| project(*p)).collect::<Vec<_>>())
            .filter(|r| r.len() >= 3)
            .collect();
        let france = insets.get("FRANCE").map(|r| fit(&file.france.points, *r)).unwrap_or_default();
        Ok(Geography {
            width,
            height,
            frame: f,
            points,
            insets,
            cells: shapes,
            algeria: path_of(&rings),
            land: path_of(&land),
            borders: segments(&inner),
            wilaya_borders: segments(&outer),
            france,
        })
    }
}

/// `points` (latitude, longitude) fitted into the right part of `r`, as a path.
fn fit(points: &[[f64; 2]], r: Rect) -> String {
    if points.is_empty() {
        return String::new();
    }
    let (mut s, mut n, mut w, mut e) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in points {
        (s, n, w, e) = (s.min(p[0]), n.max(p[0]), w.min(p[1]), e.max(p[1]));
    }
    let frame = Frame { west: w, east: e, south: s, north: n };
    let (bw, bh) = ((r.3 - r.1) - 8.0, (r.3 - r.1) - 8.0);
    let ring: Vec<Point> = points
        .iter()
        .map(|p| {
            let (x, y) = layout::project(frame, bw, bh, *p);
            (r.2 - bw - 4.0 + x, r.1 + 4.0 + y)
        })
        .collect();
    path_of(&[ring])
}

/// The built-in geography for the built-in areas, built the first time a picture
/// needs it (`None` if the file does not fit them: a fault of this build, caught by
/// its tests).
pub fn built_in(data: &Data) -> Option<&'static Geography> {
    static BUILT_IN: std::sync::OnceLock<Result<Geography, String>> = std::sync::OnceLock::new();
    BUILT_IN.get_or_init(|| Geography::build(GEOGRAPHY_FILE, GEOGRAPHY_TOML, data)).as_ref().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_area_has_its_point_and_its_part_of_algeria() {
        let data = Data::embedded().expect("the built-in data");
        let g = Geography::build(GEOGRAPHY_FILE, GEOGRAPHY_TOML, &data).expect("the built-in geography");
        for a in &data.areas {
            let p = g.points.get(&a.id).copied().expect("a point for every area");
            assert!(p.0 > 0.0 && p.0 < g.width && p.1 > 0.0 && p.1 < g.height, "{}: {p:?}", a.id);
            if a.kind == AreaType::Country {
                assert!(g.insets.contains_key(&a.id), "{}", a.id);
                continue;
            }
            let d = g.cells.get(&a.id).expect("a cell");
            assert!(d.starts_with('M') && d.ends_with('Z'), "{}: {d}", a.id);
        }
        // Morocco to the west of every town, Tunisia to the east, France above.
        let x = |id: &str| g.points.get(id).map(|p| p.0).unwrap_or(f64::NAN);
        let towns = data.areas.iter().filter(|a| a.kind != AreaType::Country);
        assert!(towns.clone().all(|a| x("MOROCCO") < x(&a.id) && x(&a.id) < x("TUNISIA")));
        assert!(g.insets["FRANCE"].3 < g.points["ALGIERS"].1);
        assert!(!g.wilaya_borders.is_empty() && !g.borders.is_empty() && !g.france.is_empty());
    }

    #[test]
    fn an_area_without_its_town_is_refused_by_name() {
        let data = Data::embedded().expect("the built-in data");
        let text = GEOGRAPHY_TOML.replace("area = \"V-8\"", "area = \"V-88\"");
        let e = Geography::build("geography.toml", &text, &data).expect_err("refused");
        assert!(e.contains("geography.toml") && e.contains("V-8"), "{e}");
    }
}
