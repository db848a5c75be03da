//! The board drawn so that players read it at a glance (style 2, `Frame::clear`): a
//! title band naming the game, the season and the step; land filled in its owner's
//! colour; units at their provinces' points; supply centres, hidden fractions and
//! names set beside them where nothing else stands ([`Placer`]); every order in its
//! side's colour, a failed one dashed (cut supports too), a convoyed army's arrow
//! routed through the fleets that carry it; and a legend under the map.
//!
//! Every name, title and legend line is a `<text>` with an `id` starting `label-`;
//! every unit, centre or other mark a `<g>` with an `id` starting `unit-` or `mark-`.
//! The picture test (`tests/map_labels.rs`) reads those ids to check that no two
//! names overlap, none leaves the picture, and no unit or mark covers one.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

use super::decimal::{Fixed, fixed4, write_1, write_int};
use super::draw::{ArrowKind, Scene, cross, shorten};
use super::kept::Kept;
use super::layout::{Coast, Ground, Layout};
use super::voronoi::Point;
use crate::markup::{xml as esc, xml_into};

/// A box on the picture: left, top, right, bottom.
pub type Rect = (f64, f64, f64, f64);

/// The height of the title band above the map.
pub const TITLE_H: f64 = 26.0;

/// The box a line of text takes, centred on `x` with its baseline at `y` (DejaVu
/// Sans, measured generously: capitals and digits run about 0.7 em, and a line is
/// about 1.2 em from its ascent to its descent).
pub fn text_box(x: f64, y: f64, text: &str, size: f64, anchor_middle: bool) -> Rect {
    let w = text_width(text, size);
    let left = if anchor_middle { x - w / 2.0 } else { x };
    (left, y - 0.98 * size, left + w, y + 0.3 * size)
}

/// The width of `text` at `size` (generous, so a name placed by it has room).
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | ' ' => 0.36,
            'I' | 'f' | 't' | 'r' | '(' | ')' | '/' | '-' => 0.48,
            'M' | 'W' | 'm' | 'w' => 0.95,
            c if c.is_ascii_uppercase() => 0.74,
            c if c.is_ascii_digit() => 0.66,
            _ => 0.62,
        })
        .sum::<f64>()
        * size
        + 1.0
}

fn overlap(a: Rect, b: Rect) -> f64 {
    let w = a.2.min(b.2) - a.0.max(b.0);
    let h = a.3.min(b.3) - a.1.max(b.1);
    if w <= 0.0 || h <= 0.0 { 0.0 } else { w * h }
}

/// The side of a square of the [`Placer`]'s index, in picture units.
const CELL: f64 = 32.0;

/// Places names and marks so that none covers another: each taken box is kept, and a
/// new one goes at the first of its candidate places that is free and inside the
/// picture (or, if none is, where it covers least).
///
/// The taken boxes are filed by the squares of a grid over the picture they touch (a
/// box beyond an edge in the squares along it), so a candidate is measured against its
/// neighbours only; the boxes it overlaps are summed in the order they were taken, so
/// the cost (and the place chosen) is the one measuring it against every box gives.
#[derive(Default)]
pub struct Placer {
    taken: Vec<Rect>,
    pub bounds: Rect,
    columns: usize,
    rows: usize,
    index: Vec<Vec<u32>>,
    near: Vec<u32>,
}

impl Placer {
    pub fn new(bounds: Rect) -> Self {
        let span = |a: f64, b: f64| (((b - a) / CELL).ceil().max(0.0) as usize).clamp(1, 1024);
        let (columns, rows) = (span(bounds.0, bounds.2), span(bounds.1, bounds.3));
        Placer { bounds, columns, rows, index: vec![Vec::new(); columns * rows], ..Placer::default() }
    }

    /// The boxes taken so far, in the order they were taken.
    pub fn taken(&self) -> &[Rect] {
        &self.taken
    }

    /// The squares a box touches: first and last column, first and last row. Clamping
    /// keeps two overlapping boxes in a common square.
    fn squares(&self, r: Rect) -> (usize, usize, usize, usize) {
        let at = |v: f64, from: f64, n: usize| (((v - from) / CELL).floor().max(0.0) as usize).min(n - 1);
        let (c, w) = (self.bounds.0, self.columns.max(1));
        let (t, h) = (self.bounds.1, self.rows.max(1));
        (at(r.0, c, w), at(r.2, c, w), at(r.1, t, h), at(r.3, t, h))
    }

    /// Marks `r` as taken (a unit, a fixed mark).
    pub fn take(&mut self, r: Rect) {
        let k = self.taken.len() as u32;
        self.taken.push(r);
        if self.index.is_empty() {
            return;
        }
        let (x0, x1, y0, y1) = self.squares(r);
        for y in y0..=y1 {
            for x in x0..=x1 {
                if let Some(cell) = self.index.get_mut(y * self.columns + x) {
                    cell.push(k);
                }
            }
        }
    }

    fn cost(&mut self, r: Rect) -> f64 {
        let (l, t, rr, b) = self.bounds;
        let outside = (l - r.0).max(0.0) + (r.2 - rr).max(0.0) + (t - r.1).max(0.0) + (r.3 - b).max(0.0);
        let pad = (r.0 - 0.8, r.1 - 0.8, r.2 + 0.8, r.3 + 0.8);
        if self.index.is_empty() {
            // A placer made without bounds (`Default`): every box.
            return self.taken.iter().map(|t| overlap(pad, *t)).sum::<f64>() + outside * 1000.0;
        }
        let (x0, x1, y0, y1) = self.squares(pad);
        self.near.clear();
        for y in y0..=y1 {
            for x in x0..=x1 {
                if let Some(cell) = self.index.get(y * self.columns + x) {
                    self.near.extend_from_slice(cell);
                }
            }
        }
        self.near.sort_unstable();
        self.near.dedup();
        // A box not near covers nothing of `pad`: its term would be zero, which leaves
        // the sum as it is.
        self.near.iter().filter_map(|&k| self.taken.get(k as usize)).map(|t| overlap(pad, *t)).sum::<f64>()
            + outside * 1000.0
    }

    /// The first candidate (by its box) that is free, else the least covered; it is
    /// taken. Returns its index.
    pub fn place(&mut self, candidates: &[Rect]) -> usize {
        let mut best = (f64::INFINITY, 0);
        for (i, r) in candidates.iter().enumerate() {
            let c = self.cost(*r);
            if c <= 0.0 {
                best = (0.0, i);
                break;
            }
            if c < best.0 {
                best = (c, i);
            }
        }
        if let Some(r) = candidates.get(best.1) {
            self.take(*r);
        }
        best.1
    }
}

/// A point inside one of `cells` (convex polygons)?
pub fn inside(cells: &[Vec<Point>], p: Point) -> bool {
    cells.iter().any(|c| {
        let n = c.len();
        let side = |k: usize| {
            let (a, b) = (c[k], c[(k + 1) % n]);
            (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
        };
        n >= 3 && ((0..n).all(|k| side(k) >= -1e-6) || (0..n).all(|k| side(k) <= 1e-6))
    })
}

fn fill(g: Ground) -> &'static str {
    match g {
        Ground::Land => "#efe6cc",
        Ground::Coast => "#e6ebcc",
        Ground::Sea => "#c4dcf0",
        Ground::Impassable => "#c9c3b5",
    }
}

/// Offsets around a point, nearest first: where a centre, a fraction or a name may go.
const RING: [(f64, f64); 16] = [
    (0.0, 1.0),
    (0.0, -1.0),
    (1.0, 0.0),
    (-1.0, 0.0),
    (1.0, 1.0),
    (-1.0, 1.0),
    (1.0, -1.0),
    (-1.0, -1.0),
    (0.0, 2.0),
    (0.0, -2.0),
    (2.0, 0.0),
    (-2.0, 0.0),
    (2.0, 1.0),
    (-2.0, 1.0),
    (2.0, -1.0),
    (-2.0, -1.0),
];

/// The picture of `scene` on `layout`, drawn clear (style 2).
pub fn svg(layout: &Layout, scene: &Scene) -> String {
    svg_on(layout, scene, None)
}

/// The parts of a clear picture that depend on the layout alone (the blanks, and each
/// province's shape up to its owner's tint), written once a layout.
#[derive(Clone, Debug, Default)]
pub struct Parts {
    blanks: String,
    heads: Vec<String>,
}

impl Parts {
    fn of(layout: &Layout) -> Parts {
        let mut blanks = String::new();
        for (g, cell) in &layout.blanks {
            let _ = write!(
                blanks,
                r##"<path d="{}" fill="{}" stroke="{}" stroke-width="0.6"/>"##,
                super::layout::path_of(std::slice::from_ref(cell)),
                fill(*g),
                fill(*g)
            );
        }
        let heads = layout
            .shapes
            .iter()
            .map(|shape| {
                let base = fill(shape.ground);
                format!(
                    r##"<g class="province" data-id="{}"><title>{}</title><path d="{}" fill="{base}" stroke="{base}" stroke-width="0.6"/>"##,
                    esc(&shape.id),
                    esc(&shape.id.to_ascii_uppercase()),
                    shape.d
                )
            })
            .collect();
        Parts { blanks, heads }
    }
}

/// The places a clear picture may give each province's marks, which depend on the
/// layout alone: worked out once a layout instead of once a picture (a step draws a
/// picture for each distinct reader, and a replay draws every step again).
#[derive(Clone, Debug, Default)]
pub struct Spots {
    /// By shape: the name as written, its points in order of preference, and the box
    /// of the name at each.
    names: Vec<(String, Vec<Point>, Vec<Rect>)>,
    /// By shape: the boxes a supply centre's dot may take, in order of preference.
    centres: Vec<Vec<Rect>>,
}

impl Spots {
    fn of(layout: &Layout) -> Spots {
        let names = layout
            .shapes
            .iter()
            .map(|shape| {
                // Below the point, above, beside, further out.
                let name = shape.id.to_ascii_uppercase();
                let (x0, y0) = shape.label;
                let size = 9.0;
                let half = text_width(&name, size) / 2.0;
                let mut spots: Vec<(f64, f64)> = vec![(x0, y0 + 19.0), (x0, y0 - 11.0)];
                spots.extend([(x0 + half + 11.0, y0 + 3.5), (x0 - half - 11.0, y0 + 3.5)]);
                for (dx, dy) in RING.iter().skip(4) {
                    spots.push((x0 + dx * (half + 10.0), y0 + 3.5 + dy * 13.0));
                }
                spots.extend([(x0, y0 + 30.0), (x0, y0 - 22.0), (x0, y0 + 41.0), (x0, y0 - 33.0)]);
                let cands = spots.iter().map(|(x, y)| text_box(*x, *y, &name, size, true)).collect();
                (name, spots, cands)
            })
            .collect();
        let centres = layout
            .shapes
            .iter()
            .map(|shape| {
                // A dot beside the province's point, inside the province.
                let (x0, y0) = shape.label;
                let cands: Vec<Rect> = RING
                    .iter()
                    .map(|(dx, dy)| (x0 + dx * 13.0, y0 + dy * 12.0))
                    .filter(|p| inside(&shape.cells, *p))
                    .map(|(x, y)| (x - 4.5, y - 4.5, x + 4.5, y + 4.5))
                    .collect();
                if cands.is_empty() { vec![(x0 + 6.5, y0 - 15.5, x0 + 15.5, y0 - 6.5)] } else { cands }
            })
            .collect();
        Spots { names, centres }
    }
}

/// How many pictures of one layout [`Memo`] keeps: every reader's of a step or two.
const KEPT: usize = 24;

/// The last pictures drawn on a layout, by their scene (and coastline). A step draws
/// one picture a reader, and most readers see the same scene (everyone's, in a game
/// without hidden pieces; all but those with hidden fractions in Guerilla Warfare), so
/// the same picture is drawn once and copied. A picture depends on nothing but its
/// layout, scene and coast, so a kept one is the bytes drawing it again would give.
pub struct Memo {
    pictures: Kept<(Scene, Option<usize>), Arc<String>>,
    /// The ground on a coastline (sea, land, each province in its owner's tint), by the
    /// tints and the coast: three quarters of a picture's bytes, and the same for every
    /// reader of a step, whose pictures differ only in the pieces each may see.
    grounds: Kept<(Tints, usize), Arc<String>>,
    /// Where a hidden fraction's counter may stand, by province (its index in the
    /// layout), the counter's half width (as bits) and the coast: a counter's places are
    /// tested against the province's cells and the real shore, which a picture with a
    /// dozen fractions did again for every reader of every step.
    fraction_spots: Mutex<HashMap<FractionKey, Arc<[Rect]>>>,
}

/// A province's index, a fraction counter's half width (its bits) and the coast's
/// address: what a hidden fraction's places depend on ([`fraction_spots`]).
type FractionKey = (usize, u64, Option<usize>);

/// Provinces by id, each with the colour it is tinted (a scene's `tints`).
type Tints = Vec<(String, String)>;

/// How many grounds [`Memo`] keeps: a step's, and the one before on another thread.
const GROUNDS: usize = 4;

impl Default for Memo {
    fn default() -> Memo {
        Memo { pictures: Kept::new(KEPT), grounds: Kept::new(GROUNDS), fraction_spots: Mutex::default() }
    }
}

impl Clone for Memo {
    /// A copied layout starts with no pictures of its own.
    fn clone(&self) -> Memo {
        Memo::default()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// The same, on real coastlines where the board has them (`coast`): the sea first, the
/// land over it, each land province's part of the land in its colour, the coast drawn
/// along the real shore. A picture drawn before of the same scene is copied
/// ([`Memo`]).
pub fn svg_on(layout: &Layout, scene: &Scene, coast: Option<&Coast>) -> String {
    String::clone(&svg_shared(layout, scene, coast))
}

/// [`svg_on`] as the kept copy itself, for a caller that keeps pictures of its own:
/// a picture on real coastlines is some 200 KB, and each copy of it costs (so the
/// picture is kept as the `String` it was written into, not copied into an `Arc<str>`).
pub fn svg_shared(layout: &Layout, scene: &Scene, coast: Option<&Coast>) -> Arc<String> {
    let coast_at = coast.map(coast_key);
    layout.memo.pictures.find_or(
        |(s, c)| *c == coast_at && s == scene,
        || (scene.clone(), coast_at),
        || Arc::new(draw_on(layout, scene, coast)),
    )
}

/// How [`Memo`] tells one coastline from another: the coast is the board's, kept beside
/// the layout for the engine's life, so its address names it.
fn coast_key(coast: &Coast) -> usize {
    std::ptr::from_ref(coast) as usize
}

fn draw_on(layout: &Layout, scene: &Scene, coast: Option<&Coast>) -> String {
    let (w, h) = (layout.width, layout.height);
    let top = TITLE_H;
    // The legend: entries laid out in rows under the map.
    let mut entries: Vec<(Option<String>, String)> =
        scene.legend.iter().map(|(name, colour)| (Some(colour.clone()), name.clone())).collect();
    for note in &scene.notes {
        entries.push((None, note.clone()));
    }
    let mut rows: Vec<Vec<(f64, Option<String>, String)>> = vec![Vec::new()];
    let mut x = 8.0;
    for (colour, text) in entries {
        let width = text_width(&text, 10.0) + if colour.is_some() { 16.0 } else { 0.0 } + 14.0;
        if x + width > w - 4.0 && rows.last().is_some_and(|r| !r.is_empty()) {
            rows.push(Vec::new());
            x = 8.0;
        }
        if let Some(row) = rows.last_mut() {
            row.push((x, colour, text));
        }
        x += width;
    }
    let legend_h = 8.0 + 16.0 * rows.len() as f64;
    let total_h = top + h + legend_h;
    // Room for the whole picture at once: on real coastlines most of it is the coast's
    // paths, which growing the string would copy again and again.
    let mut s = String::with_capacity(layout.shapes.len() * 700 + 16_384 + coast.map_or(0, Coast::text_len));
    {
        // The numbers the frame writes, by the fast fixed-decimal writer.
        let (w, total_h, top) = (Fixed(w), Fixed(total_h), Fixed(top));
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w:.0} {total_h:.0}" width="{w:.0}" height="{total_h:.0}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="10">"##
        );
        let _ = write!(s, "<title>{}</title>", esc(&scene.title));
        s.push_str(
            r##"<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4.5" markerHeight="4.5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>"##,
        );
        let _ = write!(s, r##"<rect width="{w:.0}" height="{total_h:.0}" fill="#f7f4ec"/>"##);
        let _ = write!(
            s,
            r##"<rect width="{w:.0}" height="{top:.0}" fill="#3b4a5a"/><text id="label-title" x="8" y="{:.1}" fill="#ffffff" font-size="13" font-weight="bold">{}</text>"##,
            Fixed(top.0 - 8.0),
            esc(&scene.title)
        );
        let _ = write!(s, r##"<g transform="translate(0 {top:.0})">"##);
    }
    // Ground, provinces (filled by their owner where the scene says), borders.
    if let Some(coast) = coast {
        s.push_str(&ground(layout, &scene.tints, coast));
    }
    let parts = (coast.is_none()).then(|| layout.clear_parts.get_or_init(|| Parts::of(layout)));
    if let Some(parts) = parts {
        s.push_str(&parts.blanks);
    }
    for (shape, head) in layout.shapes.iter().zip(parts.iter().flat_map(|p| p.heads.iter())) {
        let tint = scene.tints.iter().find(|(k, _)| k.eq_ignore_ascii_case(&shape.id)).map(|(_, c)| c);
        s.push_str(head);
        if let Some(t) = tint {
            let _ = write!(s, r##"<path d="{}" fill="{}" fill-opacity="0.42"/>"##, shape.d, esc(t));
        }
        s.push_str("</g>");
    }
    if coast.is_none() {
        s.push_str(&layout.borders_svg);
    }

    let mut placer = Placer::new((1.0, 1.0, w - 1.0, h - 1.0));
    let at = |id: &str| layout.shape(id).map(|sh| sh.label);
    // Units first, at their provinces' points (stacks side by side); then the marks
    // and names around them.
    struct Drawn {
        x: f64,
        y: f64,
        r: f64,
        k: usize,
    }
    let mut units: Vec<Drawn> = Vec::new();
    let mut stacked: Vec<(String, i32)> = Vec::new();
    for (k, u) in scene.units.iter().enumerate() {
        if u.hidden {
            continue;
        }
        let Some((x0, y0)) = at(&u.at) else { continue };
        let n = match stacked.iter_mut().find(|(id, _)| *id == u.at) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                stacked.push((u.at.clone(), 0));
                0
            }
        };
        let (x, y) = if u.dislodged { (x0 + 12.0, y0 + 10.0) } else { (x0 + 16.0 * f64::from(n), y0) };
        let r = if u.letter.chars().count() > 1 { 8.5 } else { 7.5 };
        placer.take((x - r, y - r, x + r, y + r));
        units.push(Drawn { x, y, r, k });
    }
    let spots = layout.clear_spots.get_or_init(|| Spots::of(layout));
    // Centres: a dot beside the province's point.
    let mut centres: Vec<(f64, f64, &Option<String>)> = Vec::new();
    for c in &scene.centres {
        let Some(cands) = layout.shape_index(&c.at).and_then(|i| spots.centres.get(i)) else { continue };
        let i = placer.place(cands);
        let Some(r) = cands.get(i) else { continue };
        centres.push(((r.0 + r.2) / 2.0, (r.1 + r.3) / 2.0, &c.colour));
    }
    // Hidden fractions: small counters inside their province, clear of the rest.
    let mut hidden: Vec<(f64, f64, usize)> = Vec::new();
    for (k, u) in scene.units.iter().enumerate().filter(|(_, u)| u.hidden) {
        let Some(index) = layout.shape_index(&u.at) else {
            continue;
        };
        let cands = fraction_spots(layout, index, text_width(&u.letter, 8.0) / 2.0 + 3.0, coast);
        let i = placer.place(&cands);
        let Some(r) = cands.get(i).or(cands.last()) else { continue };
        hidden.push(((r.0 + r.2) / 2.0, (r.1 + r.3) / 2.0, k));
    }
    // Names: below the point, above, beside, further out (see [`Spots`]).
    let mut names: Vec<(f64, f64, &str)> = Vec::with_capacity(spots.names.len());
    for (name, points, cands) in &spots.names {
        let i = placer.place(cands);
        let Some(&(x, y)) = points.get(i) else { continue };
        names.push((x, y, name));
    }

    // Orders, under the units. A convoyed army's move runs through its fleets.
    let colour_of = |c: &str| esc(c);
    for (k, a) in scene.orders.iter().enumerate() {
        let (Some(from), Some(to)) = (at(&a.from), at(&a.to)) else { continue };
        let dash = if a.failed { r#" stroke-dasharray="6 4""# } else { "" };
        let class = format!("order {}{}", a.kind.class(), if a.failed { " failed" } else { "" });
        let title = format!("<title>{}</title>", esc(&a.title));
        let col = colour_of(&a.colour);
        match a.kind {
            ArrowKind::Move | ArrowKind::Retreat => {
                let fleets: Vec<Point> = convoy_route(scene, k, &at);
                let mut pts = vec![from];
                pts.extend(fleets);
                pts.push(to);
                let width = if a.kind == ArrowKind::Move { 2.6 } else { 2.2 };
                let d = polyline(&pts, 8.0, 9.0);
                let _ = write!(
                    s,
                    r##"<path class="{class}" d="{d}" fill="none" stroke="{col}" stroke-width="{width}" stroke-linejoin="round"{dash} marker-end="url(#head)">{title}</path>"##
                );
                if a.kind == ArrowKind::Retreat {
                    let (x1, y1, x2, y2) = fixed4(shorten(from, to, 8.0, 9.0));
                    let _ = write!(
                        s,
                        r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#c0392b" stroke-width="0.8"{dash}/>"##
                    );
                }
            }
            ArrowKind::SupportMove | ArrowKind::Convoy => {
                let Some(start) = a.via.as_deref().and_then(at) else { continue };
                if a.kind == ArrowKind::Convoy {
                    // The army's arrow runs through this fleet; the fleet is ringed.
                    let _ = write!(
                        s,
                        r##"<circle class="{class}" cx="{:.1}" cy="{:.1}" r="11.5" fill="none" stroke="{col}" stroke-width="1.6" stroke-dasharray="{}">{title}</circle>"##,
                        Fixed(from.0),
                        Fixed(from.1),
                        if a.failed { "6 4" } else { "2 2" }
                    );
                    continue;
                }
                let mid = ((start.0 + to.0) / 2.0, (start.1 + to.1) / 2.0);
                let (x1, y1, x2, y2) = fixed4(shorten(from, mid, 8.0, 2.0));
                let _ = write!(
                    s,
                    r##"<line class="{class}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{col}" stroke-width="1.5"{dash} marker-end="url(#head)">{title}</line>"##
                );
            }
            ArrowKind::SupportHold => {
                let (x1, y1, x2, y2) = fixed4(shorten(from, to, 8.0, 11.0));
                let _ = write!(
                    s,
                    r##"<g class="{class}">{title}<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{col}" stroke-width="1.5"{dash}/><circle cx="{:.1}" cy="{:.1}" r="11" fill="none" stroke="{col}" stroke-width="1.5"{dash}/></g>"##,
                    Fixed(to.0),
                    Fixed(to.1)
                );
            }
            ArrowKind::Hold => {
                let _ = write!(
                    s,
                    r##"<rect class="{class}" x="{:.1}" y="{:.1}" width="20" height="20" fill="none" stroke="{col}" stroke-width="1.5"{dash}>{title}</rect>"##,
                    Fixed(from.0 - 10.0),
                    Fixed(from.1 - 10.0)
                );
            }
            ArrowKind::Build => {
                let _ = write!(
                    s,
                    r##"<circle class="{class}" cx="{:.1}" cy="{:.1}" r="11.5" fill="none" stroke="#1e8449" stroke-width="2.2"{dash}>{title}</circle>"##,
                    Fixed(from.0),
                    Fixed(from.1)
                );
            }
            ArrowKind::Remove => {
                let _ = write!(
                    s,
                    r##"<path class="{class}" d="{}" stroke="#c0392b" stroke-width="2.4"{dash}>{title}</path>"##,
                    cross(from.0, from.1, 10.0)
                );
            }
        }
    }
    // Centres, units, fractions, names.
    // The marks written most often (a few hundred a picture) are written piece by piece:
    // by `write!`, the formatting machinery was a sixth of drawing a picture.
    for (n, (x, y, colour)) in centres.iter().enumerate() {
        let col = colour.as_deref().unwrap_or("#ffffff");
        s.push_str(r##"<g id="mark-centre-"##);
        write_int(&mut s, n as u64);
        s.push_str(r##"" class="centre"><circle cx=""##);
        write_1(&mut s, *x);
        s.push_str(r##"" cy=""##);
        write_1(&mut s, *y);
        s.push_str(r##"" r="4" fill=""##);
        xml_into(&mut s, col);
        s.push_str(r##"" stroke="#222" stroke-width="0.9"/></g>"##);
    }
    for d in &units {
        let Some(u) = scene.units.get(d.k) else { continue };
        let class = if u.dislodged { "unit dislodged" } else { "unit" };
        let size = if u.letter.chars().count() > 1 { 8.0 } else { 9.0 };
        let _ = write!(s, r##"<g id="unit-{}" class="{class}"><title>"##, d.k);
        xml_into(&mut s, &u.title);
        s.push_str(r##"</title><circle cx=""##);
        write_1(&mut s, d.x);
        s.push_str(r##"" cy=""##);
        write_1(&mut s, d.y);
        let _ = write!(s, r##"" r="{}" fill=""##, d.r);
        xml_into(&mut s, &u.colour);
        s.push_str(r##"" stroke="#111" stroke-width="1"/><text x=""##);
        write_1(&mut s, d.x);
        s.push_str(r##"" y=""##);
        write_1(&mut s, d.y + size * 0.36);
        let _ = write!(s, r##"" text-anchor="middle" fill="#fff" font-weight="bold" font-size="{size}">"##);
        xml_into(&mut s, &u.letter);
        s.push_str("</text>");
        if u.dislodged {
            let _ = write!(
                s,
                r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="#c0392b" stroke-width="1.6"/><path d="{}" stroke="#c0392b" stroke-width="1.8"/>"##,
                Fixed(d.x),
                Fixed(d.y),
                Fixed(d.r + 0.5),
                cross(d.x, d.y, d.r * 0.75)
            );
        }
        s.push_str("</g>");
    }
    for &(x, y, k) in &hidden {
        let Some(u) = scene.units.get(k) else { continue };
        let rw = text_width(&u.letter, 8.0) / 2.0 + 2.5;
        let fx = Fixed(x);
        let _ = write!(
            s,
            r##"<g id="unit-{k}" class="unit hidden"><title>{}</title><rect x="{:.1}" y="{:.1}" width="{:.1}" height="12" rx="3" fill="{}" stroke="#111" stroke-width="0.9" stroke-dasharray="2 1.5"/><text x="{fx:.1}" y="{:.1}" text-anchor="middle" fill="#fff" font-weight="bold" font-size="8">{}</text></g>"##,
            esc(&u.title),
            Fixed(x - rw),
            Fixed(y - 6.0),
            Fixed(2.0 * rw),
            esc(&u.colour),
            Fixed(y + 2.9),
            esc(&u.letter)
        );
    }
    for (n, (x, y, name)) in names.iter().enumerate() {
        s.push_str(r##"<text id="label-"##);
        write_int(&mut s, n as u64);
        s.push_str(r##"" x=""##);
        write_1(&mut s, *x);
        s.push_str(r##"" y=""##);
        write_1(&mut s, *y);
        s.push_str(
            r##"" text-anchor="middle" fill="#222" font-size="9" stroke="#f7f4ec" stroke-width="2.4" stroke-opacity="0.85" paint-order="stroke">"##,
        );
        xml_into(&mut s, name);
        s.push_str("</text>");
    }
    s.push_str("</g>");
    // The legend.
    let base = top + h;
    let _ = write!(
        s,
        r##"<rect y="{:.0}" width="{:.0}" height="{:.0}" fill="#ffffff" stroke="#999" stroke-width="0.6"/>"##,
        Fixed(base),
        Fixed(w),
        Fixed(legend_h)
    );
    let mut n = 0;
    for (r, row) in rows.iter().enumerate() {
        let y = base + 6.0 + 16.0 * r as f64;
        for (x, colour, text) in row {
            let mut tx = *x;
            let x = Fixed(*x);
            if let Some(c) = colour {
                let _ = write!(
                    s,
                    r##"<g id="mark-legend-{n}"><rect x="{x:.0}" y="{:.0}" width="11" height="11" fill="{}" stroke="#111" stroke-width="0.6"/></g>"##,
                    Fixed(y + 1.0),
                    esc(c)
                );
                tx += 16.0;
            }
            let tx = Fixed(tx);
            let _ = write!(
                s,
                r##"<text id="label-legend-{n}" x="{tx:.0}" y="{:.0}" font-size="10" fill="#222">{}</text>"##,
                Fixed(y + 10.5),
                esc(text)
            );
            n += 1;
        }
    }
    s.push_str("</svg>\n");
    s
}

/// Where a hidden fraction's counter of half width `rw` may stand in the province at
/// `index` (never none), nearest first; worked out once a layout ([`Memo`]).
fn fraction_spots(layout: &Layout, index: usize, rw: f64, coast: Option<&Coast>) -> Arc<[Rect]> {
    let key = (index, rw.to_bits(), coast.map(coast_key));
    if let Ok(memo) = layout.memo.fraction_spots.lock()
        && let Some(spots) = memo.get(&key)
    {
        return spots.clone();
    }
    let Some(shape) = layout.shapes.get(index) else { return Arc::from([]) };
    // On a merged coast, a land province's counter stands on its land, not in the
    // water its cells reach into.
    let on_land = |p: Point| match coast {
        Some(c) if c.merged && shape.ground != Ground::Sea => c.on_land(index, p),
        _ => true,
    };
    let (x0, y0) = shape.label;
    // On a merged coast a small island (Sicily) may leave no spot of the two rings
    // on its land: a ring nearer in, then the province's own point, which is.
    let nearer = coast.is_some_and(|c| c.merged);
    let closer = RING.iter().filter(|_| nearer).map(|(dx, dy)| (x0 + dx * (rw + 2.0), y0 + dy * 8.0));
    let cands: Vec<Rect> = RING
        .iter()
        .chain(RING.iter())
        .enumerate()
        .map(|(j, (dx, dy))| {
            let f = if j < RING.len() { 1.0 } else { 1.8 };
            (x0 + dx * (rw + 9.0) * f, y0 + dy * 15.0 * f)
        })
        .chain(closer)
        .chain(nearer.then_some((x0, y0)))
        .filter(|p| inside(&shape.cells, *p) && on_land(*p))
        .map(|(x, y)| (x - rw, y - 6.5, x + rw, y + 6.5))
        .collect();
    let spots: Arc<[Rect]> = if cands.is_empty() {
        Arc::from([(x0 - 2.0 * rw, y0 - 20.0, x0, y0 - 7.0)])
    } else {
        Arc::from(cands)
    };
    if let Ok(mut memo) = layout.memo.fraction_spots.lock() {
        memo.insert(key, spots.clone());
    }
    spots
}

/// The ground on `coast` with the provinces in `tints`, written once for all the
/// pictures that share it ([`Memo`]).
fn ground(layout: &Layout, tints: &[(String, String)], coast: &Coast) -> Arc<String> {
    let key = (tints.to_vec(), coast_key(coast));
    layout.memo.grounds.get_or(&key, || {
        let mut s = String::with_capacity(layout.shapes.len() * 500 + 1024 + coast.text_len());
        if coast.merged {
            // The land reaches past the frame's edges (the outlines are cut to a wider
            // frame): it is clipped to the map so that it never covers the title bar.
            let _ = write!(
                s,
                r##"<clipPath id="map-frame"><rect width="{:.0}" height="{:.0}"/></clipPath><g clip-path="url(#map-frame)">"##,
                Fixed(layout.width),
                Fixed(layout.height)
            );
            on_coast_merged(&mut s, layout, tints, coast);
            s.push_str("</g>");
        } else {
            on_coast(&mut s, layout, tints, coast);
        }
        Arc::new(s)
    })
}

/// The ground on real coastlines: the sea's cells, the land over them, each land
/// province's share of the land, and the shore.
fn on_coast(s: &mut String, layout: &Layout, tints: &[(String, String)], coast: &Coast) {
    let sea = fill(Ground::Sea);
    let _ = write!(
        s,
        r##"<rect width="{:.0}" height="{:.0}" fill="{sea}"/>"##,
        Fixed(layout.width),
        Fixed(layout.height)
    );
    let tint_of = |id: &str| tints.iter().find(|(k, _)| k.eq_ignore_ascii_case(id)).map(|(_, c)| c);
    for shape in layout.shapes.iter().filter(|sh| sh.ground == Ground::Sea) {
        let _ = write!(
            s,
            r##"<g class="province" data-id="{}"><title>{}</title><path d="{}" fill="{sea}" stroke="#9fbfdc" stroke-width="0.8"/>"##,
            esc(&shape.id),
            esc(&shape.id.to_ascii_uppercase()),
            shape.d
        );
        if let Some(t) = tint_of(&shape.id) {
            let _ = write!(s, r##"<path d="{}" fill="{}" fill-opacity="0.42"/>"##, shape.d, esc(t));
        }
        s.push_str("</g>");
    }
    let _ = write!(s, r##"<path d="{}" fill="#d8d2c2" fill-rule="nonzero"/>"##, coast.land);
    for (i, shape) in layout.shapes.iter().enumerate().filter(|(_, sh)| sh.ground != Ground::Sea) {
        let base = fill(shape.ground);
        let _ = write!(
            s,
            r##"<g class="province" data-id="{}"><title>{}</title>"##,
            esc(&shape.id),
            esc(&shape.id.to_ascii_uppercase())
        );
        for (_, d) in coast.pieces.iter().filter(|(k, _)| *k == i) {
            let _ = write!(s, r##"<path d="{d}" fill="{base}" stroke="#8a7f6a" stroke-width="0.7"/>"##);
            if let Some(t) = tint_of(&shape.id) {
                let _ = write!(s, r##"<path d="{d}" fill="{}" fill-opacity="0.42"/>"##, esc(t));
            }
        }
        s.push_str("</g>");
    }
    let _ = write!(s, r##"<path d="{}" fill="none" stroke="#5b6f82" stroke-width="1.1"/>"##, coast.land);
}

/// The ground on real coastlines with each province in one piece ([`Coast::merged`]):
/// the sea, the lines between seas, the land, each land province's share without a
/// line round each of its cells, the lines between land provinces (on the land only),
/// and the shore.
fn on_coast_merged(s: &mut String, layout: &Layout, tints: &[(String, String)], coast: &Coast) {
    let sea = fill(Ground::Sea);
    let _ = write!(
        s,
        r##"<defs><path id="coast-land" d="{}"/><clipPath id="coast-clip"><use href="#coast-land"/></clipPath></defs><rect width="{:.0}" height="{:.0}" fill="{sea}"/>"##,
        coast.land,
        Fixed(layout.width),
        Fixed(layout.height)
    );
    let tint_of = |id: &str| tints.iter().find(|(k, _)| k.eq_ignore_ascii_case(id)).map(|(_, c)| c);
    for shape in layout.shapes.iter().filter(|sh| sh.ground == Ground::Sea) {
        let _ = write!(
            s,
            r##"<g class="province" data-id="{}"><title>{}</title><path d="{}" fill="{sea}" stroke="{sea}" stroke-width="0.6"/>"##,
            esc(&shape.id),
            esc(&shape.id.to_ascii_uppercase()),
            shape.d
        );
        if let Some(t) = tint_of(&shape.id) {
            let _ = write!(s, r##"<path d="{}" fill="{}" fill-opacity="0.42"/>"##, shape.d, esc(t));
        }
        s.push_str("</g>");
    }
    let _ =
        write!(s, r##"<path d="{}" fill="none" stroke="#8fb3d6" stroke-width="0.9"/>"##, coast.sea_borders);
    // The land's outline is written once and used three times (fill, clip, shore).
    s.push_str(r##"<use href="#coast-land" fill="#d8d2c2" fill-rule="nonzero"/>"##);
    for (i, shape) in layout.shapes.iter().enumerate().filter(|(_, sh)| sh.ground != Ground::Sea) {
        let base = fill(shape.ground);
        let _ = write!(
            s,
            r##"<g class="province" data-id="{}"><title>{}</title>"##,
            esc(&shape.id),
            esc(&shape.id.to_ascii_uppercase())
        );
        for (_, d) in coast.pieces.iter().filter(|(k, _)| *k == i) {
            let _ = write!(s, r##"<path d="{d}" fill="{base}" stroke="{base}" stroke-width="0.6"/>"##);
            if let Some(t) = tint_of(&shape.id) {
                let _ = write!(s, r##"<path d="{d}" fill="{}" fill-opacity="0.42"/>"##, esc(t));
            }
        }
        s.push_str("</g>");
    }
    let _ = write!(
        s,
        r##"<path d="{}" fill="none" stroke="#7a6f5a" stroke-width="0.9" clip-path="url(#coast-clip)"/>"##,
        coast.land_borders
    );
    s.push_str(r##"<use href="#coast-land" fill="none" stroke="#5b6f82" stroke-width="1.1"/>"##);
}

/// The fleets that convoy the move `scene.orders[k]` (same army, same end), in the
/// order the army passes them: each next the nearest to the last.
fn convoy_route(scene: &Scene, k: usize, at: &dyn Fn(&str) -> Option<Point>) -> Vec<Point> {
    let Some(m) = scene.orders.get(k) else { return Vec::new() };
    if m.kind != ArrowKind::Move {
        return Vec::new();
    }
    let mut fleets: Vec<Point> = scene
        .orders
        .iter()
        .filter(|c| {
            c.kind == ArrowKind::Convoy
                && c.to.eq_ignore_ascii_case(&m.to)
                && c.via.as_deref().is_some_and(|v| v.eq_ignore_ascii_case(&m.from))
        })
        .filter_map(|c| at(&c.from))
        .collect();
    let mut route = Vec::new();
    let mut last = match at(&m.from) {
        Some(p) => p,
        None => return route,
    };
    while !fleets.is_empty() {
        let d = |p: &Point| (p.0 - last.0).powi(2) + (p.1 - last.1).powi(2);
        let (i, _) = fleets.iter().enumerate().min_by(|a, b| d(a.1).total_cmp(&d(b.1))).unwrap_or((0, &last));
        let p = fleets.remove(i);
        route.push(p);
        last = p;
    }
    route
}

/// A path through `pts`, pulled in by `da` at its start and `db` at its end.
fn polyline(pts: &[Point], da: f64, db: f64) -> String {
    let n = pts.len();
    if n < 2 {
        return String::new();
    }
    let mut p = pts.to_vec();
    let (x1, y1, _, _) = shorten(p[0], p[1], da, 0.0);
    p[0] = (x1, y1);
    let (_, _, x2, y2) = shorten(p[n - 2], p[n - 1], 0.0, db);
    p[n - 1] = (x2, y2);
    let mut d = String::new();
    for (i, q) in p.iter().enumerate() {
        let _ = write!(d, "{}{:.1} {:.1}", if i == 0 { "M" } else { "L" }, Fixed(q.0), Fixed(q.1));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placer_takes_the_first_free_spot_and_stays_inside() {
        let mut p = Placer::new((0.0, 0.0, 100.0, 100.0));
        p.take((40.0, 40.0, 60.0, 60.0));
        let i = p.place(&[(45.0, 45.0, 55.0, 55.0), (95.0, 0.0, 110.0, 10.0), (0.0, 0.0, 10.0, 10.0)]);
        assert_eq!(i, 2);
        let j = p.place(&[(0.0, 0.0, 10.0, 10.0), (20.0, 0.0, 30.0, 10.0)]);
        assert_eq!(j, 1, "the spot just taken is no longer free");
    }

    #[test]
    fn a_point_is_inside_a_square_cell_either_way_round() {
        let sq = vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        let back: Vec<Point> = sq.iter().rev().copied().collect();
        assert!(inside(std::slice::from_ref(&sq), (5.0, 5.0)));
        assert!(inside(&[back], (5.0, 5.0)));
        assert!(!inside(&[sq], (15.0, 5.0)));
    }
}
