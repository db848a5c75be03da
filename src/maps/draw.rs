//! A board drawn as SVG: the provinces as shapes, their names, supply centres in their
//! owners' colours, units in their powers' colours, and this turn's orders as arrows.
//!
//! Every element a reader (or a test) counts carries a class: `province` (one group a
//! province), `centre`, `unit`, `order` (with `move`, `support`, `convoy`, `hold`,
//! `retreat`, `build` or `remove`, and `failed` when it did not succeed), and
//! `dislodged` or `hidden` beside `unit`. The picture holds only what the scene gives it: a system decides what
//! a viewer may see before it builds the scene.

use std::fmt::Write;

use super::decimal::Fixed;
use super::layout::{Ground, Layout, path_of};
use super::voronoi::Point;
use crate::markup::xml as esc;

/// What one viewer is shown on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// The picture's title (the game and the phase).
    pub title: String,
    pub centres: Vec<Centre>,
    pub units: Vec<Piece>,
    pub orders: Vec<Arrow>,
    /// One line a colour: who is who.
    pub legend: Vec<(String, String)>,
    /// A province tinted in a side's colour (who controls it), by province id.
    pub tints: Vec<(String, String)>,
    /// Legend lines without a colour (what the counters and marks mean), drawn by the
    /// clear style only (see [`super::clear`]).
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Centre {
    pub at: String,
    /// The owner's colour, or `None` for a neutral centre.
    pub colour: Option<String>,
}

/// A unit, or a stack the system draws as one counter.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub at: String,
    /// What is printed on it (`A`, `F`, `2G`).
    pub letter: String,
    pub colour: String,
    /// Hover text.
    pub title: String,
    /// Driven out this turn: drawn aside, crossed.
    pub dislodged: bool,
    /// Seen only by this viewer (a hidden fraction): drawn small, with a dashed rim.
    pub hidden: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowKind {
    Move,
    /// Support for a unit holding (`to` is the supported unit's province).
    SupportHold,
    /// Support for a move: from the supporter to the middle of the move `via` -> `to`.
    SupportMove,
    /// A fleet's convoy of the army moving `via` -> `to`.
    Convoy,
    Hold,
    Retreat,
    Build,
    Remove,
}

impl ArrowKind {
    pub(crate) fn class(self) -> &'static str {
        match self {
            ArrowKind::Move => "move",
            ArrowKind::SupportHold | ArrowKind::SupportMove => "support",
            ArrowKind::Convoy => "convoy",
            ArrowKind::Hold => "hold",
            ArrowKind::Retreat => "retreat",
            ArrowKind::Build => "build",
            ArrowKind::Remove => "remove",
        }
    }
}

/// One order drawn on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub kind: ArrowKind,
    pub from: String,
    pub to: String,
    /// For supports of moves and convoys: where the supported move starts.
    pub via: Option<String>,
    pub failed: bool,
    pub colour: String,
    /// The order as written, for hover text.
    pub title: String,
}

fn fill(g: Ground) -> &'static str {
    match g {
        Ground::Land => "#eadfc2",
        Ground::Coast => "#dfe6c0",
        Ground::Sea => "#bcd7ee",
        Ground::Impassable => "#c9c3b5",
    }
}

/// Land and sea that is no province, as SVG (written once per layout).
pub fn blanks(blanks: &[(Ground, Vec<Point>)]) -> String {
    let mut s = String::new();
    for (g, cell) in blanks {
        let _ = write!(
            s,
            r##"<path d="{}" fill="{}" stroke="{}" stroke-width="0.6"/>"##,
            path_of(std::slice::from_ref(cell)),
            fill(*g),
            fill(*g)
        );
    }
    s
}

/// The borders, coasts thicker, as SVG (written once per layout).
pub fn borders(borders: &[(Point, Point, bool)]) -> String {
    let mut s = String::new();
    for (p, q, coast) in borders {
        let (col, wd) = if *coast { ("#5b6f82", 1.3) } else { ("#8a7f6a", 0.7) };
        let _ = write!(
            s,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{col}" stroke-width="{wd}"/>"##,
            p.0, p.1, q.0, q.1
        );
    }
    s
}

/// The picture of `scene` on `layout`.
pub fn svg(layout: &Layout, scene: &Scene) -> String {
    let (w, h) = (layout.width, layout.height);
    let legend_h = if scene.legend.is_empty() { 0.0 } else { 22.0 };
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w:.0} {:.0}" width="{w:.0}" height="{:.0}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="10">"##,
        h + legend_h,
        h + legend_h
    );
    let _ = write!(s, "<title>{}</title>", esc(&scene.title));
    s.push_str(concat!(
        r##"<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker>"##,
        r##"<marker id="headk" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0 0L10 5L0 10z" fill="#222"/></marker></defs>"##
    ));
    let _ = write!(s, r##"<rect width="{w:.0}" height="{:.0}" fill="#f7f4ec"/>"##, h + legend_h);
    s.push_str(&layout.blanks_svg);
    // Every province is labelled with its id, upper-cased (the abbreviation players write).
    let label_of = |id: &str| id.to_ascii_uppercase();
    for shape in &layout.shapes {
        let base = fill(shape.ground);
        let tint =
            scene.tints.iter().find(|(k, _)| k.eq_ignore_ascii_case(&shape.id)).map(|(_, c)| c.as_str());
        let _ = write!(
            s,
            r##"<g class="province" data-id="{}"><title>{}</title><path d="{}" fill="{base}" stroke="{base}" stroke-width="0.6"/>"##,
            esc(&shape.id),
            esc(&label_of(&shape.id)),
            shape.d
        );
        if let Some(t) = tint {
            let _ = write!(s, r##"<path d="{}" fill="{}" fill-opacity="0.35"/>"##, shape.d, esc(t));
        }
        s.push_str("</g>");
    }
    s.push_str(&layout.borders_svg);
    for c in &scene.centres {
        let Some(shape) = layout.shape(&c.at) else { continue };
        let (x, y) = (shape.label.0 + 11.0, shape.label.1 - 9.0);
        let col = c.colour.as_deref().unwrap_or("#ffffff");
        let _ = write!(
            s,
            r##"<circle class="centre" cx="{x:.1}" cy="{y:.1}" r="4" fill="{}" stroke="#222" stroke-width="0.8"/>"##,
            esc(col)
        );
    }
    for shape in &layout.shapes {
        let (x, y) = shape.label;
        let _ = write!(
            s,
            r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#333" font-size="8.5">{}</text>"##,
            y + 17.0,
            esc(&label_of(&shape.id))
        );
    }
    let centre_of = |id: &str| layout.shape(id).map(|sh| sh.label);
    // Orders under the units, so a counter is never hidden by a line.
    for a in &scene.orders {
        let (Some(from), Some(to)) = (centre_of(&a.from), centre_of(&a.to)) else { continue };
        let dash = if a.failed { r#" stroke-dasharray="6 4""# } else { "" };
        let class = format!("order {}{}", a.kind.class(), if a.failed { " failed" } else { "" });
        let title = format!("<title>{}</title>", esc(&a.title));
        match a.kind {
            ArrowKind::Move | ArrowKind::Retreat => {
                let (x1, y1, x2, y2) = shorten(from, to, 7.0, 9.0);
                let width = if a.kind == ArrowKind::Move { 2.6 } else { 2.0 };
                let col = if a.kind == ArrowKind::Retreat { "#c0392b" } else { a.colour.as_str() };
                let _ = write!(
                    s,
                    r##"<line class="{class}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}" stroke-width="{width}"{dash} marker-end="url(#head)">{title}</line>"##,
                    esc(col)
                );
            }
            ArrowKind::SupportMove | ArrowKind::Convoy => {
                let Some(start) = a.via.as_deref().and_then(centre_of) else { continue };
                let mid = ((start.0 + to.0) / 2.0, (start.1 + to.1) / 2.0);
                let (x1, y1, x2, y2) = shorten(from, mid, 7.0, 2.0);
                let (w, pattern) =
                    if a.kind == ArrowKind::Convoy { (1.6, r#" stroke-dasharray="1 3""#) } else { (1.3, "") };
                let pattern = if a.failed { dash } else { pattern };
                let _ = write!(
                    s,
                    r##"<line class="{class}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#222" stroke-width="{w}"{pattern} marker-end="url(#headk)">{title}</line>"##
                );
            }
            ArrowKind::SupportHold => {
                let (x1, y1, x2, y2) = shorten(from, to, 7.0, 10.0);
                let _ = write!(
                    s,
                    r##"<g class="{class}">{title}<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#222" stroke-width="1.3"{dash}/><circle cx="{:.1}" cy="{:.1}" r="10" fill="none" stroke="#222" stroke-width="1.3"{dash}/></g>"##,
                    to.0, to.1
                );
            }
            ArrowKind::Hold => {
                let _ = write!(
                    s,
                    r##"<rect class="{class}" x="{:.1}" y="{:.1}" width="18" height="18" fill="none" stroke="{}" stroke-width="1.5"{dash}>{title}</rect>"##,
                    from.0 - 9.0,
                    from.1 - 9.0,
                    esc(&a.colour)
                );
            }
            ArrowKind::Build => {
                let _ = write!(
                    s,
                    r##"<circle class="{class}" cx="{:.1}" cy="{:.1}" r="11" fill="none" stroke="#1e8449" stroke-width="2.2"{dash}>{title}</circle>"##,
                    from.0, from.1
                );
            }
            ArrowKind::Remove => {
                let _ = write!(
                    s,
                    r##"<path class="{class}" d="{}" stroke="#c0392b" stroke-width="2.4"{dash}>{title}</path>"##,
                    cross(from.0, from.1, 9.0)
                );
            }
        }
    }
    let mut stacked: Vec<(String, i32)> = Vec::new();
    for u in &scene.units {
        let Some((x0, y0)) = centre_of(&u.at) else { continue };
        let n = match stacked.iter_mut().find(|(k, _)| *k == u.at) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                stacked.push((u.at.clone(), 0));
                0
            }
        };
        let (x, y) = if u.dislodged {
            (x0 + 10.0, y0 + 8.0)
        } else if u.hidden {
            (x0 - 14.0 - 10.0 * f64::from(n), y0 - 10.0)
        } else {
            (x0 + 15.0 * f64::from(n), y0)
        };
        let r = if u.hidden { 5.5 } else { 7.0 };
        let rim = if u.hidden { r#" stroke-dasharray="2 1.5""# } else { "" };
        let class = match (u.dislodged, u.hidden) {
            (true, _) => "unit dislodged",
            (false, true) => "unit hidden",
            (false, false) => "unit",
        };
        let _ = write!(
            s,
            r##"<g class="{class}"><title>{}</title><circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{}" stroke="#111" stroke-width="1"{rim}/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#fff" font-weight="bold" font-size="{}">{}</text>"##,
            esc(&u.title),
            esc(&u.colour),
            y + 3.2,
            if u.hidden { 6 } else { 8 },
            esc(&u.letter)
        );
        if u.dislodged {
            let _ = write!(s, r##"<path d="{}" stroke="#c0392b" stroke-width="2"/>"##, cross(x, y, 8.0));
        }
        s.push_str("</g>");
    }
    let mut x = 8.0;
    for (name, colour) in &scene.legend {
        let _ = write!(
            s,
            r##"<g class="legend"><rect x="{x:.0}" y="{:.0}" width="10" height="10" fill="{}" stroke="#111" stroke-width="0.6"/><text x="{:.0}" y="{:.0}" font-size="10">{}</text></g>"##,
            h + 6.0,
            esc(colour),
            x + 14.0,
            h + 15.0,
            esc(name)
        );
        x += 20.0 + 6.5 * name.chars().count() as f64;
    }
    s.push_str("</svg>\n");
    s
}

/// An X of half-width `r` centred on (`x`, `y`), as an SVG path's `d`: a unit removed or
/// dislodged, on any system's board.
pub fn cross(x: f64, y: f64, r: f64) -> String {
    format!(
        "M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}",
        Fixed(x - r),
        Fixed(y - r),
        Fixed(x + r),
        Fixed(y + r),
        Fixed(x - r),
        Fixed(y + r),
        Fixed(x + r),
        Fixed(y - r)
    )
}

/// The segment `a`-`b` pulled in by `da` at its start and `db` at its end, so that an
/// arrow starts at a counter's rim and its head stops short of the next (any system's
/// board: a segment too short to pull in is left whole).
pub fn shorten(a: Point, b: Point, da: f64, db: f64) -> (f64, f64, f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < da + db + 1.0 {
        return (a.0, a.1, b.0, b.1);
    }
    let (ux, uy) = (dx / len, dy / len);
    (a.0 + ux * da, a.1 + uy * da, b.0 - ux * db, b.1 - uy * db)
}
