//! A board's layout: where each province lies on the picture and its shape, read from
//! a `board.toml` in the system's data folder.
//!
//! The file gives seed points, not outlines: a province is the union of the Voronoi
//! cells of its seeds (see [`super::voronoi`]). Seeds are pixels on the picture, or
//! latitude and longitude when the file sets a `[lonlat]` frame (the standard
//! Diplomacy board is drawn from the real places). `[[blank]]` seeds are land or sea
//! that is no province (Ireland, the Sahara), so that provinces stop at the coast. A
//! province the file does not name takes its seed from the system's own map (its
//! label point), so a GM's replacement file may be as short as the frame.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::voronoi::{self, Point};

/// `board.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    /// Where the seeds came from, and how sure they are.
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub reconstructed: bool,
    pub width: f64,
    pub height: f64,
    /// Seeds as `[latitude, longitude]` projected into this box (equirectangular,
    /// longitudes shrunk by the cosine of the middle latitude).
    #[serde(default)]
    pub lonlat: Option<Frame>,
    #[serde(default, rename = "area")]
    pub areas: Vec<AreaSeeds>,
    #[serde(default, rename = "blank")]
    pub blanks: Vec<BlankSeeds>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Frame {
    pub west: f64,
    pub east: f64,
    pub north: f64,
    pub south: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaSeeds {
    pub id: String,
    /// The first seed is where the label and the unit go.
    pub seeds: Vec<[f64; 2]>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlankSeeds {
    pub name: String,
    /// `land` or `sea`.
    pub kind: String,
    pub seeds: Vec<[f64; 2]>,
}

/// What a stretch of the picture is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    Land,
    Coast,
    Sea,
    /// Land no unit may enter (Switzerland, Ireland).
    Impassable,
}

/// One province of the system, as the layout needs it.
pub struct Place<'a> {
    pub id: &'a str,
    pub ground: Ground,
    /// The system's own label point, used when `board.toml` gives no seeds for it.
    pub at: Option<Point>,
}

/// A province's shape and the points where its label and unit go.
#[derive(Clone, Debug)]
pub struct Shape {
    pub id: String,
    pub ground: Ground,
    pub cells: Vec<Vec<Point>>,
    pub label: Point,
    /// The cells as an SVG path, written once: every picture of the board reuses it.
    pub d: String,
}

/// The whole picture's geometry.
#[derive(Clone, Debug)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    pub shapes: Vec<Shape>,
    /// Land and sea that is no province.
    pub blanks: Vec<(Ground, Vec<Point>)>,
    /// Lines between two provinces (or a province and a blank), with whether the line
    /// is a coast (land on one side, sea on the other).
    pub borders: Vec<(Point, Point, bool)>,
    /// The blanks and the borders as SVG, written once (see [`super::draw`]).
    pub blanks_svg: String,
    pub borders_svg: String,
    /// The latitude and longitude frame the seeds were given in, if any.
    pub lonlat: Option<Frame>,
    /// What the clear style draws from the layout alone, written at its first picture.
    pub clear_parts: std::sync::OnceLock<super::clear::Parts>,
    /// Where the clear style may put each province's name and centre, worked out at
    /// its first picture (they depend on the layout alone).
    pub clear_spots: std::sync::OnceLock<super::clear::Spots>,
    /// The last clear pictures drawn on this layout (see [`super::clear::Memo`]).
    pub memo: super::clear::Memo,
}

/// Real coastlines for a board drawn from latitude and longitude: each land province's
/// cells cut to the land (the outlines of a `coast.toml`, reduced once from Natural
/// Earth by `tools/coast.py`), as SVG paths written once.
#[derive(Clone, Debug, Default)]
pub struct Coast {
    /// All land, as one SVG path (under the provinces: land that is no province).
    pub land: String,
    /// Each land province's part of the land: (its index in `Layout::shapes`, path).
    pub pieces: Vec<(usize, String)>,
    /// The same parts as polygons, to tell whether a point lies on the province's land.
    pub parts: Vec<(usize, Vec<Vec<Point>>)>,
    /// Drawn with each province in one piece ([`Coast::merged`]): no line between two
    /// cells of one province. False for a coast as [`Coast::build`] reads it.
    pub merged: bool,
    /// With `merged`: the lines between two sea provinces (drawn under the land) and
    /// between two land provinces (drawn on the land only), as SVG path data.
    pub sea_borders: String,
    pub land_borders: String,
}

#[derive(Deserialize)]
struct CoastFile {
    #[serde(default)]
    land: Vec<LandRing>,
}

#[derive(Deserialize)]
struct LandRing {
    points: Vec<[f64; 2]>,
}

/// The part of `subject` inside the convex polygon `clip` (Sutherland-Hodgman).
pub fn clip_convex(subject: &[Point], clip: &[Point]) -> Vec<Point> {
    let n = clip.len();
    if n < 3 {
        return Vec::new();
    }
    let Some(c) = voronoi::centroid(clip) else { return Vec::new() };
    let mut out = subject.to_vec();
    for k in 0..n {
        let (a, b) = (clip[k], clip[(k + 1) % n]);
        let side = |p: Point| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
        let inner = side(c).signum();
        let input = std::mem::take(&mut out);
        for i in 0..input.len() {
            let p = input[i];
            let q = input[(i + input.len() - 1) % input.len()];
            let (sp, sq) = (side(p) * inner, side(q) * inner);
            let cut = || {
                let t = sq / (sq - sp);
                (q.0 + t * (p.0 - q.0), q.1 + t * (p.1 - q.1))
            };
            if sp >= 0.0 {
                if sq < 0.0 {
                    out.push(cut());
                }
                out.push(p);
            } else if sq >= 0.0 {
                out.push(cut());
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// A polygon's bounding box: left, top, right, bottom.
pub fn bbox(poly: &[Point]) -> (f64, f64, f64, f64) {
    poly.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
        (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
    })
}

/// Whether `p` lies inside the rings (even-odd: a ring inside another is a hole).
pub fn inside(p: Point, rings: &[Vec<Point>]) -> bool {
    let mut odd = false;
    for r in rings {
        for k in 0..r.len() {
            let (a, b) = (r[k], r[(k + 1) % r.len()]);
            if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0) {
                odd = !odd;
            }
        }
    }
    odd
}

/// The stretches of the segment `p`-`q` that lie inside the rings, in order from `p`:
/// a border between two cells drawn only where the land is.
pub fn segment_inside(p: Point, q: Point, rings: &[Vec<Point>]) -> Vec<(Point, Point)> {
    let d = (q.0 - p.0, q.1 - p.1);
    let mut ts = vec![0.0, 1.0];
    for r in rings {
        for k in 0..r.len() {
            let (a, b) = (r[k], r[(k + 1) % r.len()]);
            let e = (b.0 - a.0, b.1 - a.1);
            let den = d.0 * e.1 - d.1 * e.0;
            if den.abs() < 1e-12 {
                continue;
            }
            let w = (a.0 - p.0, a.1 - p.1);
            let t = (w.0 * e.1 - w.1 * e.0) / den;
            let u = (w.0 * d.1 - w.1 * d.0) / den;
            if t > 0.0 && t < 1.0 && (0.0..=1.0).contains(&u) {
                ts.push(t);
            }
        }
    }
    ts.sort_by(f64::total_cmp);
    let at = |t: f64| (p.0 + t * d.0, p.1 + t * d.1);
    let mut out: Vec<(Point, Point)> = Vec::new();
    let mut open: Option<f64> = None;
    for w in ts.windows(2) {
        let (t0, t1) = (w[0], w[1]);
        if t1 - t0 < 1e-9 {
            continue;
        }
        if inside(at((t0 + t1) / 2.0), rings) {
            open.get_or_insert(t0);
        } else if let Some(start) = open.take() {
            out.push((at(start), at(t0)));
        }
    }
    if let Some(start) = open {
        out.push((at(start), q));
    }
    out
}

impl Coast {
    /// The bytes of path data a picture on this coast copies (the land twice, as the
    /// unmerged picture writes it), to size the picture's buffer once.
    pub fn text_len(&self) -> usize {
        2 * self.land.len()
            + self.sea_borders.len()
            + self.land_borders.len()
            + self.pieces.iter().map(|(_, d)| d.len()).sum::<usize>()
    }

    /// Reads `text` (the file `name`, land rings as `[latitude, longitude]`) for
    /// `layout`, which must have been drawn from latitude and longitude.
    pub fn build(name: &str, text: &str, layout: &Layout) -> Result<Coast, String> {
        let file: CoastFile = toml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
        let Some(f) = layout.lonlat else { return Err(format!("{name}: the board has no [lonlat] frame")) };
        let project = |p: [f64; 2]| project(f, layout.width, layout.height, p);
        let rings: Vec<Vec<Point>> = file
            .land
            .iter()
            .map(|r| r.points.iter().map(|p| project(*p)).collect::<Vec<Point>>())
            .filter(|r| r.len() >= 3)
            .collect();
        let boxes: Vec<_> = rings.iter().map(|r| bbox(r)).collect();
        let land = path_of(&rings);
        let mut pieces = Vec::new();
        let mut all = Vec::new();
        for (i, shape) in layout.shapes.iter().enumerate() {
            if shape.ground == Ground::Sea {
                continue;
            }
            let mut parts: Vec<Vec<Point>> = Vec::new();
            for cell in &shape.cells {
                let cb = bbox(cell);
                for (ring, rb) in rings.iter().zip(&boxes) {
                    if rb.0 > cb.2 || rb.2 < cb.0 || rb.1 > cb.3 || rb.3 < cb.1 {
                        continue;
                    }
                    let part = clip_convex(ring, cell);
                    if part.len() >= 3 && voronoi::area(&part) > 0.5 {
                        parts.push(part);
                    }
                }
            }
            if !parts.is_empty() {
                pieces.push((i, path_of(&parts)));
                all.push((i, parts));
            }
        }
        Ok(Coast { land, pieces, parts: all, ..Coast::default() })
    }

    /// The same coast, drawn with each province in one piece: a board whose provinces
    /// have many seeds (Guerilla Warfare's) would otherwise show a line round every
    /// cell. Only the lines between two provinces are kept, those at sea apart from
    /// those on land (the shore between them is the real one).
    pub fn merged(mut self, layout: &Layout) -> Coast {
        let ground_at = |p: Point| -> Option<Ground> {
            if let Some(shape) = layout.shapes.iter().find(|sh| super::clear::inside(&sh.cells, p)) {
                return Some(shape.ground);
            }
            layout
                .blanks
                .iter()
                .find(|(_, c)| super::clear::inside(std::slice::from_ref(c), p))
                .map(|(g, _)| *g)
        };
        let (mut sea, mut land) = (Vec::new(), Vec::new());
        for &(p, q, shore) in &layout.borders {
            if shore {
                continue;
            }
            // Just off the middle of the line, on one side: both sides are sea or both land.
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let len = (dx * dx + dy * dy).sqrt();
            if len < 1e-6 {
                continue;
            }
            let m = ((p.0 + q.0) / 2.0 - dy / len * 0.5, (p.1 + q.1) / 2.0 + dx / len * 0.5);
            match ground_at(m) {
                Some(Ground::Sea) => sea.push(vec![p, q]),
                Some(_) => land.push(vec![p, q]),
                None => {}
            }
        }
        let lines = |segments: &[Vec<Point>]| -> String {
            use std::fmt::Write;
            let mut d = String::new();
            for seg in segments {
                if let [p, q] = seg.as_slice() {
                    let _ = write!(
                        d,
                        "M{:.1} {:.1} L{:.1} {:.1} ",
                        super::decimal::Fixed(p.0),
                        super::decimal::Fixed(p.1),
                        super::decimal::Fixed(q.0),
                        super::decimal::Fixed(q.1)
                    );
                }
            }
            d.trim_end().to_string()
        };
        self.sea_borders = lines(&sea);
        self.land_borders = lines(&land);
        self.merged = true;
        self
    }

    /// Does `p` lie on the land of the province at `index` in `Layout::shapes`?
    pub fn on_land(&self, index: usize, p: Point) -> bool {
        self.parts.iter().filter(|(i, _)| *i == index).flat_map(|(_, polys)| polys).any(|poly| {
            // Even-odd: a ray to the right crosses the outline an odd number of times.
            let n = poly.len();
            let mut odd = false;
            for k in 0..n {
                let (a, b) = (poly[k], poly[(k + 1) % n]);
                if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0) {
                    odd = !odd;
                }
            }
            odd
        })
    }
}

/// `[latitude, longitude]` on a `width` x `height` picture framed by `f`
/// (equirectangular, longitudes shrunk by the cosine of the middle latitude).
pub fn project(f: Frame, width: f64, height: f64, p: [f64; 2]) -> Point {
    let mid = ((f.north + f.south) / 2.0).to_radians().cos();
    let span_x = (f.east - f.west) * mid;
    let span_y = f.north - f.south;
    let k = (width / span_x).min(height / span_y);
    ((p[1] - f.west) * mid * k, (f.north - p[0]) * k)
}

/// Cells as an SVG path (`M x y L x y ... Z`), one decimal.
pub fn path_of(cells: &[Vec<Point>]) -> String {
    use std::fmt::Write;
    let mut d = String::new();
    for c in cells {
        for (k, p) in c.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.1} {:.1} ",
                if k == 0 { "M" } else { "L" },
                super::decimal::Fixed(p.0),
                super::decimal::Fixed(p.1)
            );
        }
        d.push_str("Z ");
    }
    d.trim_end().to_string()
}

impl Layout {
    /// Reads `text` (the file `name`) and lays out `places` in their order.
    pub fn build(name: &str, text: &str, places: &[Place]) -> Result<Layout, String> {
        let file: BoardFile = toml::from_str(text).map_err(|e| format!("{name}: {e}"))?;
        let project = |p: [f64; 2]| -> Point {
            match file.lonlat {
                Some(f) => project(f, file.width, file.height, p),
                None => (p[0], p[1]),
            }
        };
        let mut given: BTreeMap<&str, Vec<Point>> = BTreeMap::new();
        for a in &file.areas {
            if !places.iter().any(|p| p.id.eq_ignore_ascii_case(&a.id)) {
                return Err(format!("{name}: area '{}' is no province of this board", a.id));
            }
            if a.seeds.is_empty() {
                return Err(format!("{name}: area '{}' has no seeds", a.id));
            }
            given.insert(a.id.as_str(), a.seeds.iter().map(|&s| project(s)).collect());
        }
        // Every seed with its owner: a province (index) or a blank (index).
        let mut seeds: Vec<(Owner, Point)> = Vec::new();
        for (i, p) in places.iter().enumerate() {
            let list = match given.iter().find(|(k, _)| k.eq_ignore_ascii_case(p.id)) {
                Some((_, v)) => v.clone(),
                None => match p.at {
                    Some(at) => vec![at],
                    None => return Err(format!("{name}: no seeds for province '{}'", p.id)),
                },
            };
            seeds.extend(list.into_iter().map(|s| (Owner::Place(i), s)));
        }
        for (i, b) in file.blanks.iter().enumerate() {
            if !matches!(b.kind.as_str(), "land" | "sea") {
                return Err(format!("{name}: blank '{}' has kind '{}' (land or sea)", b.name, b.kind));
            }
            seeds.extend(b.seeds.iter().map(|&s| (Owner::Blank(i), project(s))));
        }
        let points: Vec<Point> = seeds.iter().map(|s| s.1).collect();
        let cells = voronoi::cells(&points, file.width, file.height);
        let ground_of = |o: Owner| match o {
            Owner::Place(i) => places[i].ground,
            Owner::Blank(i) => {
                if file.blanks[i].kind == "sea" {
                    Ground::Sea
                } else {
                    Ground::Impassable
                }
            }
        };
        let mut shapes: Vec<Shape> = places
            .iter()
            .map(|p| Shape {
                id: p.id.to_string(),
                ground: p.ground,
                cells: Vec::new(),
                label: (0.0, 0.0),
                d: String::new(),
            })
            .collect();
        let mut labelled = vec![false; places.len()];
        let mut blanks = Vec::new();
        for (k, (owner, at)) in seeds.iter().enumerate() {
            match *owner {
                Owner::Place(i) => {
                    if !labelled[i] {
                        shapes[i].label = *at;
                        labelled[i] = true;
                    }
                    if !cells[k].is_empty() {
                        shapes[i].cells.push(cells[k].clone());
                    }
                }
                Owner::Blank(_) => blanks.push((ground_of(*owner), cells[k].clone())),
            }
        }
        let mut borders = Vec::new();
        for a in 0..seeds.len() {
            for b in (a + 1)..seeds.len() {
                if seeds[a].0 == seeds[b].0 {
                    continue;
                }
                let (ga, gb) = (ground_of(seeds[a].0), ground_of(seeds[b].0));
                if let (Owner::Blank(_), Owner::Blank(_)) = (seeds[a].0, seeds[b].0)
                    && (ga == Ground::Sea) == (gb == Ground::Sea)
                {
                    continue;
                }
                if let Some((p, q)) = voronoi::shared_edge(&cells[a], points[a], points[b]) {
                    borders.push((p, q, (ga == Ground::Sea) != (gb == Ground::Sea)));
                }
            }
        }
        for shape in &mut shapes {
            shape.d = path_of(&shape.cells);
        }
        let blanks_svg = super::draw::blanks(&blanks);
        let borders_svg = super::draw::borders(&borders);
        Ok(Layout {
            width: file.width,
            height: file.height,
            shapes,
            blanks,
            borders,
            blanks_svg,
            borders_svg,
            lonlat: file.lonlat,
            clear_parts: std::sync::OnceLock::new(),
            clear_spots: std::sync::OnceLock::new(),
            memo: Default::default(),
        })
    }

    /// The shape of province `id`.
    pub fn shape(&self, id: &str) -> Option<&Shape> {
        self.shape_index(id).and_then(|i| self.shapes.get(i))
    }

    /// Where the province `id` (any case) stands in `shapes`.
    pub fn shape_index(&self, id: &str) -> Option<usize> {
        self.shapes.iter().position(|s| s.id.eq_ignore_ascii_case(id))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    Place(usize),
    Blank(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provinces_take_the_seeds_the_file_gives_or_their_own_point() {
        let text = "width = 100\nheight = 100\n[[area]]\nid = \"a\"\nseeds = [[10, 10], [10, 90]]\n";
        let places = [
            Place { id: "a", ground: Ground::Land, at: None },
            Place { id: "b", ground: Ground::Sea, at: Some((90.0, 50.0)) },
        ];
        let l = Layout::build("board.toml", text, &places).expect("lays out");
        assert_eq!(l.shapes[0].cells.len(), 2);
        assert_eq!(l.shapes[1].cells.len(), 1);
        assert_eq!(l.shapes[0].label, (10.0, 10.0));
        assert!(l.borders.iter().all(|b| b.2), "every border here is a coast");
    }

    #[test]
    fn a_ring_is_cut_to_a_convex_cell_either_way_round() {
        let ring = vec![(-5.0, -5.0), (5.0, -5.0), (5.0, 5.0), (-5.0, 5.0)];
        let cell = vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        let back: Vec<Point> = cell.iter().rev().copied().collect();
        for c in [cell, back] {
            let part = clip_convex(&ring, &c);
            assert!((voronoi::area(&part) - 25.0).abs() < 1e-9, "{part:?}");
        }
    }

    #[test]
    fn a_segment_keeps_only_its_stretches_inside_the_land() {
        // A U-shaped ring: the line y = 5 crosses its two arms and the gap between.
        let u = vec![
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (7.0, 10.0),
            (7.0, 3.0),
            (3.0, 3.0),
            (3.0, 10.0),
            (0.0, 10.0),
        ];
        let rings = vec![u];
        let parts = segment_inside((-5.0, 5.0), (15.0, 5.0), &rings);
        assert_eq!(parts.len(), 2, "{parts:?}");
        assert!((parts[0].0.0 - 0.0).abs() < 1e-9 && (parts[0].1.0 - 3.0).abs() < 1e-9, "{parts:?}");
        assert!((parts[1].0.0 - 7.0).abs() < 1e-9 && (parts[1].1.0 - 10.0).abs() < 1e-9, "{parts:?}");
        assert!(segment_inside((-5.0, 20.0), (15.0, 20.0), &rings).is_empty());
        let whole = segment_inside((1.0, 1.0), (9.0, 1.0), &rings);
        assert_eq!(whole, vec![((1.0, 1.0), (9.0, 1.0))]);
    }

    #[test]
    fn an_unknown_area_is_refused_by_name() {
        let text = "width = 100\nheight = 100\n[[area]]\nid = \"zz\"\nseeds = [[1, 1]]\n";
        let places = [Place { id: "a", ground: Ground::Land, at: Some((5.0, 5.0)) }];
        let e = Layout::build("board.toml", text, &places).expect_err("refused");
        assert!(e.contains("board.toml") && e.contains("zz"), "{e}");
    }
}
