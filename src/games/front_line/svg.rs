//! The battlefield as a picture for the HTML report and `umpire map`: terrain with
//! height shading, the city hexes (W, 2, 3) and the purple 1s, Fallen City markers,
//! Lake Nogo's water, units in their side's colour with their type letter (a purple
//! cross when disrupted), and the Edge strip.

use std::fmt::Write;

use super::data::{Battlefield, COLUMNS, Data, Side, Square, Terrain};
use super::picture::{Mark, MarkKind};
use super::state::State;

const CELL: u32 = 64;
const LEFT: u32 = 24;
const TOP: u32 = 24;

fn fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Mountain => "#9a9a9a",
        Terrain::Hill => "#a97c50",
        Terrain::Valley => "#9ccc7a",
        Terrain::Desert => "#f0a64a",
        Terrain::Beach => "#f3e08a",
        Terrain::Port => "#b9d7ee",
        Terrain::Capital | Terrain::AirBase | Terrain::Industry => "#d8d8c8",
        Terrain::Water => "#3f7fc4",
    }
}

fn hex(out: &mut String, cx: u32, cy: u32, r: u32, colour: &str, label: &str) {
    let pts: Vec<String> = (0..6)
        .map(|i| {
            let a = std::f64::consts::PI / 3.0 * i as f64;
            format!("{:.1},{:.1}", cx as f64 + r as f64 * a.cos(), cy as f64 + r as f64 * a.sin())
        })
        .collect();
    let _ = write!(
        out,
        r##"<polygon points="{}" fill="{colour}" stroke="#333" stroke-width="1"/><text x="{cx}" y="{}" font-size="11" text-anchor="middle" font-family="sans-serif">{label}</text>"##,
        pts.join(" "),
        cy + 4
    );
}

pub fn svg(state: &State, data: &Data) -> String {
    svg_with(state, data, &[])
}

/// The battlefield with the step's actions drawn over the units (`super::picture`).
pub fn svg_with(state: &State, data: &Data, marks: &[Mark]) -> String {
    let board = super::board(data, state);
    let width = LEFT + CELL * 10 + 90;
    let height = TOP + CELL * 6 + 20;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    for (i, c) in COLUMNS.chars().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{}" y="16" font-size="12" text-anchor="middle" font-family="sans-serif">{c}</text>"#,
            LEFT + CELL * i as u32 + CELL / 2
        );
    }
    for sq in Battlefield::squares() {
        let x = LEFT + CELL * sq.col as u32;
        let y = TOP + CELL * (sq.row as u32 - 1);
        let t = board.at(sq);
        let _ = write!(
            out,
            r##"<rect class="square" data-square="{sq}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" stroke="#555" stroke-width="0.5"/>"##,
            fill(t)
        );
        if t.height() > 0 {
            let _ = write!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#4a3a2a" stroke-width="{}" opacity="0.6"/>"##,
                x + 3,
                y + 3,
                CELL - 6,
                CELL - 6,
                t.height() * 2
            );
        }
    }
    // The purple borders between the countries and the neutral middle.
    for col in [3u32, 7] {
        let _ = write!(
            out,
            r##"<line x1="{x}" y1="{TOP}" x2="{x}" y2="{}" stroke="#7a3fa0" stroke-width="4"/>"##,
            TOP + CELL * 6,
            x = LEFT + CELL * col
        );
    }
    for row in 1..=6u32 {
        let _ = write!(
            out,
            r#"<text x="10" y="{}" font-size="12" text-anchor="middle" font-family="sans-serif">{row}</text>"#,
            TOP + CELL * (row - 1) + CELL / 2 + 4
        );
    }
    for sq in Battlefield::squares() {
        let cx = LEFT + CELL * sq.col as u32 + CELL / 2;
        let cy = TOP + CELL * (sq.row as u32 - 1) + CELL / 2;
        let label = match board.at(sq) {
            Terrain::Capital => Some("W"),
            Terrain::AirBase => Some("2"),
            Terrain::Industry => Some("3"),
            _ if board.purple.contains(&sq) => Some("1"),
            _ => None,
        };
        if let Some(l) = label {
            let colour = if l == "1" { "#c7a0e0" } else { "#f5f5f0" };
            hex(&mut out, cx - 18, cy - 18, 11, colour, l);
        }
        if state.fallen.contains(&sq) {
            let _ = write!(
                out,
                r##"<circle class="fallen" cx="{}" cy="{}" r="9" fill="#111"/><text x="{}" y="{}" font-size="10" fill="#fff" text-anchor="middle" font-family="sans-serif">F</text>"##,
                cx + 18,
                cy - 18,
                cx + 18,
                cy - 14
            );
        }
    }
    for u in &state.units {
        let Some(sq) = u.square() else { continue };
        draw_unit(&mut out, sq, u.side, u.kind.letter(), &u.id, u.disrupted);
    }
    draw_marks(&mut out, state, marks);
    // The Edge strip: Red's end, the Edge Is Off area, Green's end.
    let sx = LEFT + CELL * 10 + 20;
    let slots = [(Some(Side::Red), "Red"), (None, "Off"), (Some(Side::Green), "Green")];
    for (i, (who, name)) in slots.iter().enumerate() {
        let y = TOP + 20 + i as u32 * 110;
        let _ = write!(
            out,
            r##"<rect x="{sx}" y="{y}" width="56" height="90" fill="#eee" stroke="#333"/><text x="{}" y="{}" font-size="11" text-anchor="middle" font-family="sans-serif">{name}</text>"##,
            sx + 28,
            y + 14
        );
        if state.edge.holder == *who {
            let _ = write!(
                out,
                r##"<circle class="edge" cx="{}" cy="{}" r="18" fill="{}" stroke="#000"/><text x="{}" y="{}" font-size="10" text-anchor="middle" font-family="sans-serif">{}</text>"##,
                sx + 28,
                y + 52,
                if state.edge.on { "#ffd700" } else { "#bbb" },
                sx + 28,
                y + 56,
                if state.edge.on { "ON" } else { "OFF" }
            );
        }
    }
    out.push_str("</svg>");
    out
}

fn draw_unit(out: &mut String, sq: Square, side: Side, kind: char, id: &str, disrupted: bool) {
    let x = LEFT + CELL * sq.col as u32 + 14;
    let y = TOP + CELL * (sq.row as u32 - 1) + 20;
    let colour = if side == Side::Red { "#c62828" } else { "#2e7d32" };
    let _ = write!(
        out,
        r##"<g class="unit" data-unit="{id}"><rect x="{x}" y="{y}" width="36" height="36" rx="4" fill="{colour}" stroke="#000"/><text x="{}" y="{}" font-size="16" fill="#fff" text-anchor="middle" font-family="sans-serif" font-weight="bold">{kind}</text><text x="{}" y="{}" font-size="9" fill="#fff" text-anchor="middle" font-family="sans-serif">{id}</text>"##,
        x + 18,
        y + 18,
        x + 18,
        y + 31
    );
    if disrupted {
        let _ = write!(
            out,
            r##"<line x1="{x}" y1="{y}" x2="{}" y2="{}" stroke="#8e24aa" stroke-width="4"/><line x1="{}" y1="{y}" x2="{x}" y2="{}" stroke="#8e24aa" stroke-width="4"/>"##,
            x + 36,
            y + 36,
            x + 36,
            y + 36
        );
    }
    out.push_str("</g>");
}

/// The way by sea from one coastal square to another: each square's coast is the
/// board's long edge nearer to it (the Ports and Beaches stand on rows 1 and 6).
fn sea_path(from: Square, to: Square) -> Vec<(f64, f64)> {
    let top = f64::from(TOP) - 6.0;
    let bottom = f64::from(TOP + CELL * 6) + 8.0;
    let coast = |sq: Square| if sq.row <= 3 { top } else { bottom };
    let (a, b) = (centre(from), centre(to));
    let (ya, yb) = (coast(from), coast(to));
    let mut path = vec![a, (a.0, ya)];
    if ya != yb {
        // Round the nearer short end of the board.
        let left = f64::from(LEFT) - 12.0;
        let right = f64::from(LEFT + CELL * 10) + 10.0;
        let x = if (a.0 + b.0) / 2.0 - left <= right - (a.0 + b.0) / 2.0 { left } else { right };
        path.extend([(x, ya), (x, yb)]);
    }
    path.extend([(b.0, yb), b]);
    path
}

/// The centre of a square in the picture.
fn centre(sq: Square) -> (f64, f64) {
    (
        f64::from(LEFT + CELL * u32::from(sq.col) + CELL / 2),
        f64::from(TOP + CELL * (u32::from(sq.row) - 1) + CELL / 2 + 6),
    )
}

/// The step's actions, over the units: a counter fills most of its square, so a line
/// beneath would hardly show. Half-transparent, so the counters still read through.
fn draw_marks(out: &mut String, state: &State, marks: &[Mark]) {
    if marks.is_empty() {
        return;
    }
    out.push_str(
        r##"<defs><marker id="fl-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>"##,
    );
    for m in marks {
        let class = format!("order {}{}", m.kind.class(), if m.failed { " failed" } else { "" });
        let dash = if m.failed { r#" stroke-dasharray="7 5""# } else { "" };
        let title = format!("<title>{}</title>", crate::markup::xml(&m.title));
        let side = match m.side {
            Some(Side::Red) => "#8e0000",
            Some(Side::Green) => "#1b5e20",
            None => "#222",
        };
        match (m.kind, m.path.as_slice()) {
            (MarkKind::Build, [at, ..]) => {
                let (x, y) = centre(*at);
                let _ = write!(
                    out,
                    r##"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="24" fill="none" stroke="#1e8449" stroke-width="3"{dash} opacity="0.85">{title}</circle>"##
                );
            }
            // Revision 3: a unit removed where another now stands (a Blitz and the
            // attacker displaced in) is shown as a ghost in the square's corner, and
            // the cross stands on it, not on the unit that is there now.
            (MarkKind::Remove, [at, ..]) if state.options.revision >= 3 && state.at(*at).is_some() => {
                let gx = LEFT + CELL * u32::from(at.col) + 2;
                let gy = TOP + CELL * (u32::from(at.row) - 1) + 2;
                let _ = write!(
                    out,
                    r##"<g class="{class} ghost" data-unit="{id}"><rect x="{gx}" y="{gy}" width="26" height="26" rx="3" fill="#fff" fill-opacity="0.85" stroke="{side}" stroke-dasharray="3 2"/><text x="{}" y="{}" font-size="8" text-anchor="middle" font-family="sans-serif" fill="{side}">{id}</text><path d="{}" stroke="#c0392b" stroke-width="3" opacity="0.9"/>{title}</g>"##,
                    gx + 13,
                    gy + 16,
                    crate::maps::draw::cross(f64::from(gx + 13), f64::from(gy + 13), 11.0),
                    id = crate::markup::xml(&m.unit),
                );
            }
            (MarkKind::Remove, [at, ..]) => {
                let (x, y) = centre(*at);
                let _ = write!(
                    out,
                    r##"<path class="{class}" d="{}" stroke="#c0392b" stroke-width="4" opacity="0.85">{title}</path>"##,
                    crate::maps::draw::cross(x, y, 20.0)
                );
            }
            // An Amphibious Move by sea: out from the coast, along the board's edge
            // (round its nearer end when the coasts face apart), in to the landing.
            (MarkKind::Move, [from, to]) if m.by_sea => {
                let points: Vec<String> =
                    sea_path(*from, *to).iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                let _ = write!(
                    out,
                    r##"<polyline class="{class} sea" points="{}" fill="none" stroke="{side}" stroke-width="4" stroke-linejoin="round" stroke-dasharray="2 6" stroke-linecap="round" opacity="0.85" marker-end="url(#fl-head)">{title}</polyline>"##,
                    points.join(" ")
                );
            }
            (kind, path) if path.len() >= 2 => {
                let (colour, width) = match kind {
                    MarkKind::Attack => ("#111", 3.0),
                    MarkKind::Retreat => ("#c0392b", 3.0),
                    _ => (side, 4.0),
                };
                let points: Vec<String> = path
                    .iter()
                    .map(|sq| {
                        let (x, y) = centre(*sq);
                        format!("{x:.1},{y:.1}")
                    })
                    .collect();
                let _ = write!(
                    out,
                    r##"<polyline class="{class}" points="{}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linejoin="round"{dash} opacity="0.85" marker-end="url(#fl-head)">{title}</polyline>"##,
                    points.join(" ")
                );
            }
            // A move whose start is unknown: a ring where it ended.
            (_, [at]) => {
                let (x, y) = centre(*at);
                let _ = write!(
                    out,
                    r##"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="24" fill="none" stroke="{side}" stroke-width="3"{dash} opacity="0.85">{title}</circle>"##
                );
            }
            _ => {}
        }
    }
}

/// The battlefield drawn clear (`Frame::clear`, new campaigns): a title with the month
/// and the step, the squares' city and purple marks in one corner and units in the
/// other (a counter never covers a mark's name), an anchor on each Port, every move
/// and attack in its side's colour (a missed attack dashed), a removed unit's cross on
/// its own ghost counter, and a legend of terrain, marks and arrows.
pub fn svg_clear(state: &State, data: &Data, marks: &[Mark], step: u64) -> String {
    use crate::maps::clear::TITLE_H;
    let board = super::board(data, state);
    let cell = f64::from(CELL);
    let (left, top) = (26.0, TITLE_H + 22.0);
    let width = left + cell * 10.0 + 92.0;
    let map_bottom = top + cell * 6.0 + 14.0;
    let legend_h = 76.0;
    let height = map_bottom + legend_h;
    let at = |sq: Square| (left + cell * f64::from(sq.col), top + cell * f64::from(sq.row - 1));
    let side_colour = |s: Option<Side>| match s {
        Some(Side::Red) => "#b71c1c",
        Some(Side::Green) => "#1b5e20",
        None => "#333",
    };
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Verdana, sans-serif">"##
    );
    let title = format!("Front Line: {}, step {step}", super::report::stage(state));
    let _ = write!(
        out,
        r##"<title>{}</title><rect width="{width:.0}" height="{height:.0}" fill="#f7f4ec"/><rect width="{width:.0}" height="{TITLE_H:.0}" fill="#3b4a5a"/><text id="label-title" x="8" y="{:.1}" fill="#fff" font-size="13" font-weight="bold">{}</text>"##,
        crate::markup::xml(&title),
        TITLE_H - 8.0,
        crate::markup::xml(&title)
    );
    out.push_str(r##"<defs><marker id="fl-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>"##);
    for (i, c) in COLUMNS.chars().enumerate() {
        let _ = write!(
            out,
            r#"<text id="label-col-{c}" x="{:.0}" y="{:.0}" font-size="12" text-anchor="middle">{c}</text>"#,
            left + cell * i as f64 + cell / 2.0,
            top - 7.0
        );
    }
    for row in 1..=6u32 {
        let _ = write!(
            out,
            r#"<text id="label-row-{row}" x="12" y="{:.0}" font-size="12" text-anchor="middle">{row}</text>"#,
            top + cell * f64::from(row - 1) + cell / 2.0 + 4.0
        );
    }
    for sq in Battlefield::squares() {
        let (x, y) = at(sq);
        let t = board.at(sq);
        let _ = write!(
            out,
            r##"<rect class="square" data-square="{sq}" x="{x:.0}" y="{y:.0}" width="{CELL}" height="{CELL}" fill="{}" stroke="#555" stroke-width="0.5"/>"##,
            fill(t)
        );
        if t.height() > 0 {
            let _ = write!(
                out,
                r##"<rect x="{:.0}" y="{:.0}" width="{}" height="{}" fill="none" stroke="#4a3a2a" stroke-width="{}" opacity="0.6"/>"##,
                x + 3.0,
                y + 3.0,
                CELL - 6,
                CELL - 6,
                t.height() * 2
            );
        }
    }
    for col in [3.0, 7.0] {
        let _ = write!(
            out,
            r##"<line x1="{x:.0}" y1="{top:.0}" x2="{x:.0}" y2="{:.0}" stroke="#7a3fa0" stroke-width="4"/>"##,
            top + cell * 6.0,
            x = left + cell * col
        );
    }
    // Top left: the city or purple mark; top right: Fallen; bottom left: the anchor.
    for sq in Battlefield::squares() {
        let (x, y) = at(sq);
        let t = board.at(sq);
        let label = match t {
            Terrain::Capital => Some("W"),
            Terrain::AirBase => Some("2"),
            Terrain::Industry => Some("3"),
            _ if board.purple.contains(&sq) => Some("1"),
            _ => None,
        };
        if let Some(l) = label {
            let colour = if l == "1" { "#c7a0e0" } else { "#f5f5f0" };
            let (cx, cy) = (x + 14.0, y + 14.0);
            let pts: Vec<String> = (0..6)
                .map(|i| {
                    let a = std::f64::consts::PI / 3.0 * f64::from(i);
                    format!("{:.1},{:.1}", cx + 11.0 * a.cos(), cy + 11.0 * a.sin())
                })
                .collect();
            let _ = write!(
                out,
                r##"<polygon points="{}" fill="{colour}" stroke="#333" stroke-width="1"/><text id="label-city-{sq}" x="{cx:.0}" y="{:.0}" font-size="11" text-anchor="middle">{l}</text>"##,
                pts.join(" "),
                cy + 4.0
            );
        }
        if t == Terrain::Port {
            let _ = write!(
                out,
                r##"<g id="mark-port-{sq}"><title>Port</title><circle cx="{:.0}" cy="{:.0}" r="9" fill="#fff" stroke="#1a4f8a"/><text x="{:.0}" y="{:.0}" font-size="12" text-anchor="middle" fill="#1a4f8a">⚓</text></g>"##,
                x + 14.0,
                y + 50.0,
                x + 14.0,
                y + 54.5
            );
        }
        if state.fallen.contains(&sq) {
            let _ = write!(
                out,
                r##"<g id="mark-fallen-{sq}" class="fallen"><circle cx="{:.0}" cy="{:.0}" r="9" fill="#111"/><text x="{:.0}" y="{:.0}" font-size="10" fill="#fff" text-anchor="middle">F</text></g>"##,
                x + 50.0,
                y + 14.0,
                x + 50.0,
                y + 18.0
            );
        }
    }
    // Units: bottom right of their square.
    for u in &state.units {
        let Some(sq) = u.square() else { continue };
        let (x, y) = at(sq);
        let (ux, uy) = (x + 28.0, y + 26.0);
        let colour = if u.side == Side::Red { "#c62828" } else { "#2e7d32" };
        let id = crate::markup::xml(&u.id);
        let _ = write!(
            out,
            r##"<g id="unit-{id}" class="unit" data-unit="{id}"><rect x="{ux:.0}" y="{uy:.0}" width="34" height="34" rx="4" fill="{colour}" stroke="#000"/><text x="{:.0}" y="{:.0}" font-size="15" fill="#fff" text-anchor="middle" font-weight="bold">{}</text><text x="{:.0}" y="{:.0}" font-size="9" fill="#fff" text-anchor="middle">{id}</text>"##,
            ux + 17.0,
            uy + 17.0,
            u.kind.letter(),
            ux + 17.0,
            uy + 30.0
        );
        if u.disrupted {
            let _ = write!(
                out,
                r##"<path d="M{ux:.0} {uy:.0}l34 34M{:.0} {uy:.0}l-34 34" stroke="#8e24aa" stroke-width="4"/>"##,
                ux + 34.0
            );
        }
        out.push_str("</g>");
    }
    // The step's actions, in the acting side's colour.
    let centre_of = |sq: Square| {
        let (x, y) = at(sq);
        (x + cell / 2.0 + 8.0, y + cell / 2.0 + 10.0)
    };
    for m in marks {
        let class = format!("order {}{}", m.kind.class(), if m.failed { " failed" } else { "" });
        let dash = if m.failed { r#" stroke-dasharray="7 5""# } else { "" };
        let title = format!("<title>{}</title>", crate::markup::xml(&m.title));
        let side = side_colour(m.side);
        match (m.kind, m.path.as_slice()) {
            (MarkKind::Build, [sq, ..]) => {
                let (x, y) = centre_of(*sq);
                let _ = write!(
                    out,
                    r##"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="22" fill="none" stroke="#1e8449" stroke-width="3"{dash} opacity="0.85">{title}</circle>"##
                );
            }
            (MarkKind::Remove, [sq, ..]) => {
                // The cross on a ghost counter at the square's bottom left.
                let (x, y) = at(*sq);
                let (gx, gy) = (x + 2.0, y + 36.0);
                let _ = write!(
                    out,
                    r##"<g class="{class} ghost" data-unit="{id}"><rect x="{gx:.0}" y="{gy:.0}" width="24" height="24" rx="3" fill="#fff" fill-opacity="0.9" stroke="{side}" stroke-dasharray="3 2"/><text x="{:.0}" y="{:.0}" font-size="8" text-anchor="middle" fill="{side}">{id}</text><path d="{}" stroke="#c0392b" stroke-width="2.5"/>{title}</g>"##,
                    gx + 12.0,
                    gy + 15.0,
                    crate::maps::draw::cross(gx + 12.0, gy + 12.0, 10.0),
                    id = crate::markup::xml(&m.unit),
                );
            }
            (MarkKind::Move, [from, to]) if m.by_sea => {
                let y_of = |sq: Square| if sq.row <= 3 { top - 4.0 } else { top + cell * 6.0 + 6.0 };
                let (a, b) = (centre_of(*from), centre_of(*to));
                let mut pts = vec![a, (a.0, y_of(*from))];
                if y_of(*from) != y_of(*to) {
                    let x = if (a.0 + b.0) / 2.0 < left + cell * 5.0 {
                        left - 10.0
                    } else {
                        left + cell * 10.0 + 8.0
                    };
                    pts.extend([(x, y_of(*from)), (x, y_of(*to))]);
                }
                pts.extend([(b.0, y_of(*to)), b]);
                let points: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                let _ = write!(
                    out,
                    r##"<polyline class="{class} sea" points="{}" fill="none" stroke="{side}" stroke-width="3.5" stroke-linejoin="round" stroke-dasharray="2 6" stroke-linecap="round" opacity="0.9" marker-end="url(#fl-head)">{title}</polyline>"##,
                    points.join(" ")
                );
            }
            (kind, path) if path.len() >= 2 => {
                let (colour, width, extra) = match kind {
                    MarkKind::Attack => (side, 2.6, r#" stroke-linecap="round""#),
                    MarkKind::Retreat => ("#c0392b", 3.0, ""),
                    _ => (side, 4.0, ""),
                };
                let dash =
                    if kind == MarkKind::Attack && !m.failed { r#" stroke-dasharray="1 0""# } else { dash };
                let points: Vec<String> = path
                    .iter()
                    .map(|sq| {
                        let (x, y) = centre_of(*sq);
                        format!("{x:.1},{y:.1}")
                    })
                    .collect();
                let _ = write!(
                    out,
                    r##"<polyline class="{class}" points="{}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linejoin="round"{extra}{dash} opacity="0.9" marker-end="url(#fl-head)">{title}</polyline>"##,
                    points.join(" ")
                );
            }
            (_, [sq]) => {
                let (x, y) = centre_of(*sq);
                let _ = write!(
                    out,
                    r##"<circle class="{class}" cx="{x:.1}" cy="{y:.1}" r="22" fill="none" stroke="{side}" stroke-width="3"{dash} opacity="0.85">{title}</circle>"##
                );
            }
            _ => {}
        }
    }
    // The Edge strip.
    let sx = left + cell * 10.0 + 22.0;
    for (i, (who, name)) in
        [(Some(Side::Red), "Red"), (None, "Off"), (Some(Side::Green), "Green")].iter().enumerate()
    {
        let y = top + 10.0 + i as f64 * 124.0;
        let _ = write!(
            out,
            r##"<rect x="{sx:.0}" y="{y:.0}" width="60" height="100" fill="#eee" stroke="#333"/><text id="label-edge-{i}" x="{:.0}" y="{:.0}" font-size="11" text-anchor="middle">{name}</text>"##,
            sx + 30.0,
            y + 15.0
        );
        if state.edge.holder == *who {
            let _ = write!(
                out,
                r##"<g id="mark-edge" class="edge"><circle cx="{:.0}" cy="{:.0}" r="19" fill="{}" stroke="#000"/><text x="{:.0}" y="{:.0}" font-size="10" text-anchor="middle">Edge {}</text></g>"##,
                sx + 30.0,
                y + 58.0,
                if state.edge.on { "#ffd700" } else { "#bbb" },
                sx + 30.0,
                y + 62.0,
                if state.edge.on { "ON" } else { "OFF" }
            );
        }
    }
    // The legend.
    let ly = map_bottom + 6.0;
    let _ = write!(
        out,
        r##"<rect y="{map_bottom:.0}" width="{width:.0}" height="{legend_h:.0}" fill="#fff" stroke="#999" stroke-width="0.6"/>"##
    );
    let swatches = [
        ("#c62828", "Red unit"),
        ("#2e7d32", "Green unit"),
        (fill(Terrain::Mountain), "Mountain"),
        (fill(Terrain::Hill), "Hill"),
        (fill(Terrain::Valley), "Valley"),
        (fill(Terrain::Desert), "Desert"),
        (fill(Terrain::Beach), "Beach"),
        (fill(Terrain::Port), "Port (anchor)"),
        (fill(Terrain::Water), "Lake"),
    ];
    let mut x = 8.0;
    for (k, (c, name)) in swatches.iter().enumerate() {
        let _ = write!(
            out,
            r##"<g id="mark-legend-{k}"><rect x="{x:.0}" y="{:.0}" width="11" height="11" fill="{c}" stroke="#111" stroke-width="0.6"/></g><text id="label-legend-{k}" x="{:.0}" y="{:.0}" font-size="10">{name}</text>"##,
            ly + 1.0,
            x + 15.0,
            ly + 10.5
        );
        x += 26.0 + crate::maps::clear::text_width(name, 10.0);
    }
    let notes = [
        "cities: W Capital, 2 Air Base, 3 Industry; 1 purple square; F Fallen; purple cross: disrupted",
        "thick arrow: move, thin: attack (the side's colour; dashed: missed), red: retreat, dotted: by sea",
        "green ring: new unit; crossed counter: unit lost; I infantry, T tank, A artillery",
    ];
    for (k, n) in notes.iter().enumerate() {
        let _ = write!(
            out,
            r##"<text id="label-note-{k}" x="8" y="{:.0}" font-size="10">{n}</text>"##,
            ly + 27.0 + 15.0 * k as f64
        );
    }
    out.push_str("</svg>\n");
    out
}
