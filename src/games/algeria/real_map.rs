//! The board drawn on the real map of Algeria (style 3, the built-in areas): each
//! area its part of Algeria (`super::geography`) filled by who controls it, hatched
//! when Remote, a dot at its town (a square for an Urban area), its counts by side and
//! box beside the town and its name where no other name, count or mark stands; wilaya
//! borders heavier than the borders inside a wilaya; Morocco, Tunisia and France as
//! boxes at the edges with their counts. The step's moves are arrows in their side's
//! colour and its losses, missions, builds and Terror badges beside the counts, as on
//! the schematic (`super::svg::svg_clear`), with the same title, tracks and legend.

use std::fmt::Write;

use super::board;
use super::data::{AreaType, Data, Side};
use super::geography::Geography;
use super::picture::{Mark, MarkKind};
use super::state::State;
use super::svg::{badges, counts, legend_rows, write_badge, write_legend};
use crate::maps::clear::{Placer, Rect, TITLE_H, text_box, text_width};
use crate::markup::xml as esc;

const FLN: &str = "#1a7f1a";
const GOV: &str = "#1a3f9f";

/// The fill of an area by who controls it.
fn control(state: &State, area: &str) -> &'static str {
    match state.areas.get(area).and_then(|a| a.control) {
        Some(Side::Fln) => "#cfe8cf",
        Some(Side::Government) => "#cfdaf2",
        None => "#ece8dc",
    }
}

pub fn svg(state: &State, data: &Data, geo: &Geography, marks: &[Mark], step: u64) -> String {
    let (w, h) = (geo.width, geo.height);
    let top = TITLE_H;
    let f = geo.frame;
    let legend: Vec<(Option<&'static str>, String)> = vec![
        (Some("#cfe8cf"), "FLN control".into()),
        (Some("#cfdaf2"), "Government control".into()),
        (Some("#ece8dc"), "contested".into()),
        (None, "F UG/OPS/OC: FLN units Underground, in Operations, Operations Completed".into()),
        (None, "G OPS/OC/PTL: Government units in Operations, Completed, on Patrol".into()),
        (None, "square town, bold name: Urban; hatched: Remote; heavy line: wilaya border; arrow: move (side's colour)".into()),
        (None, "red badge: units lost; gold badge: mission (letter); T: Terror".into()),
        (
            None,
            format!(
                "Areas at their towns (GeoNames); outlines Natural Earth; the Sahara south of {}\u{b0}N is cut off",
                f.south
            ),
        ),
    ];
    let rows = legend_rows(&legend, w);
    let legend_h = 30.0 + 16.0 * rows.len() as f64;
    let total = top + h + legend_h;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {w:.0} {total:.0}" width="{w:.0}" height="{total:.0}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="11">"##
    );
    let title = format!("Algeria 1954-1962: turn {}, step {step}", state.turn);
    let _ = write!(s, "<title>{}</title>", esc(&title));
    s.push_str(r##"<defs><pattern id="remote" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,6 L6,0" stroke="#888" stroke-width="1"/></pattern><marker id="al-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>"##);
    let _ = write!(s, r##"<rect width="{w:.0}" height="{total:.0}" fill="#f8f6f0"/>"##);
    let _ = write!(
        s,
        r##"<rect width="{w:.0}" height="{top:.0}" fill="#3b4a5a"/><text id="label-title" x="10" y="{:.1}" fill="#fff" font-size="13" font-weight="bold">{}</text>"##,
        top - 8.0,
        esc(&title)
    );
    let _ = write!(s, r##"<g transform="translate(0 {top:.0})">"##);
    // The sea, the land around, each area's part of Algeria, the borders.
    let _ = write!(s, r##"<rect width="{w:.0}" height="{h:.1}" fill="#d6e6f2"/>"##);
    let _ = write!(s, r##"<path d="{}" fill="#e7e2d4" stroke="#a39a86" stroke-width="0.7"/>"##, geo.land);
    for a in data.areas.iter().filter(|a| a.kind != AreaType::Country) {
        let Some(d) = geo.cells.get(&a.id) else { continue };
        let _ = write!(
            s,
            r##"<g class="province" data-id="{}"><title>{}</title><path d="{d}" fill="{}"/>"##,
            esc(&a.id),
            esc(&a.name),
            control(state, &a.id)
        );
        if board::remote(state, data, &a.id) {
            let _ = write!(s, r##"<path d="{d}" fill="url(#remote)" opacity="0.55"/>"##);
        }
        s.push_str("</g>");
    }
    let _ = write!(s, r##"<path d="{}" fill="none" stroke="#8f8672" stroke-width="0.8"/>"##, geo.borders);
    let _ = write!(
        s,
        r##"<path d="{}" fill="none" stroke="#4a4237" stroke-width="2.2" stroke-linecap="round"/>"##,
        geo.wilaya_borders
    );
    let _ = write!(s, r##"<path d="{}" fill="none" stroke="#3f566b" stroke-width="1.3"/>"##, geo.algeria);
    let _ = write!(
        s,
        r##"<line x1="0" y1="{h:.1}" x2="{w:.0}" y2="{h:.1}" stroke="#777" stroke-width="1" stroke-dasharray="6 4"/>"##
    );

    let mut placer = Placer::new((1.0, 1.0, w - 1.0, h - 1.0));
    let mut texts = String::new();
    let mut n = 0;
    let mut label = |s: &mut String, x: f64, y: f64, text: &str, extra: &str| {
        let _ = write!(s, r##"<text id="label-{n}" x="{x:.1}" y="{y:.1}"{extra}>{}</text>"##, esc(text));
        n += 1;
    };
    const MIDDLE: &str = r#" text-anchor="middle""#;
    // The countries' boxes, their names and counts inside.
    for a in data.areas.iter().filter(|a| a.kind == AreaType::Country) {
        let Some(&(x0, y0, x1, y1)) = geo.insets.get(&a.id) else { continue };
        let _ = write!(
            s,
            r##"<g class="province" data-id="{}"><title>{}</title><rect x="{x0:.1}" y="{y0:.1}" width="{:.1}" height="{:.1}" rx="4" fill="#f4f1e8" fill-opacity="0.93" stroke="#555" stroke-width="1.2"/>"##,
            esc(&a.id),
            esc(&a.name),
            x1 - x0,
            y1 - y0
        );
        if a.id == "FRANCE" && !geo.france.is_empty() {
            let _ = write!(
                s,
                r##"<path d="{}" fill="#ddd5c3" stroke="#a39a86" stroke-width="0.6"/>"##,
                geo.france
            );
        }
        s.push_str("</g>");
        placer.take((x0, y0, x1, y1));
        let (fln, gov) = counts(state, data, &a.id);
        let x = x0 + 8.0;
        label(&mut texts, x, y0 + 15.0, &a.name, r##" fill="#222" font-weight="bold""##);
        label(&mut texts, x, y0 + 31.0, &fln, &format!(r##" font-size="10" fill="{FLN}""##));
        label(&mut texts, x, y0 + 45.0, &gov, &format!(r##" font-size="10" fill="{GOV}""##));
    }
    // Each town's dot, taken first: nothing may cover it.
    let towns: Vec<_> = data
        .areas
        .iter()
        .filter(|a| a.kind != AreaType::Country)
        .filter_map(|a| geo.points.get(&a.id).map(|p| (a, *p)))
        .collect();
    for (a, (x, y)) in &towns {
        if a.kind == AreaType::Urban {
            let _ = write!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="7" height="7" fill="#222"/>"##,
                x - 3.5,
                y - 3.5
            );
            placer.take((x - 3.5, y - 3.5, x + 3.5, y + 3.5));
        } else {
            let _ = write!(s, r##"<circle cx="{x:.1}" cy="{y:.1}" r="2.6" fill="#222"/>"##);
            placer.take((x - 2.6, y - 2.6, x + 2.6, y + 2.6));
        }
    }
    // The counts beside each town: below it, else above, right or left.
    let mut blocks: Vec<(String, Rect)> = Vec::new();
    for (a, (x, y)) in &towns {
        let (fln, gov) = counts(state, data, &a.id);
        let bw = text_width(&fln, 10.0).max(text_width(&gov, 10.0));
        let spots = [
            (*x, y + 14.0),
            (*x, y - 18.0),
            (x + bw / 2.0 + 6.0, y + 2.0),
            (x - bw / 2.0 - 6.0, y + 2.0),
            (x + bw / 2.0 + 6.0, y + 14.0),
            (x - bw / 2.0 - 6.0, y + 14.0),
        ];
        let boxes: Vec<Rect> = spots
            .iter()
            .map(|(sx, sy)| {
                let (f, g) =
                    (text_box(*sx, *sy, &fln, 10.0, true), text_box(*sx, sy + 12.0, &gov, 10.0, true));
                (f.0.min(g.0), f.1, f.2.max(g.2), g.3)
            })
            .collect();
        let i = placer.place(&boxes).min(spots.len() - 1);
        let (cx, cy) = spots[i];
        label(&mut texts, cx, cy, &fln, &format!(r##"{MIDDLE} font-size="10" fill="{FLN}""##));
        label(&mut texts, cx, cy + 12.0, &gov, &format!(r##"{MIDDLE} font-size="10" fill="{GOV}""##));
        blocks.push((a.id.clone(), boxes[i]));
    }
    // Names: above the town, below its counts, to either side, further out.
    for (a, (x, y)) in &towns {
        let half = text_width(&a.name, 11.0) / 2.0;
        let b = blocks.iter().find(|(id, _)| *id == a.id).map(|(_, r)| *r).unwrap_or((*x, *y, *x, *y));
        let spots = [
            (*x, y - 6.0),
            (*x, b.3 + 12.0),
            (b.2.max(x + 4.0) + half + 3.0, y + 4.0),
            (b.0.min(x - 4.0) - half - 3.0, y + 4.0),
            (x + half + 6.0, y - 6.0),
            (x - half - 6.0, y - 6.0),
            (*x, b.1.min(y - 6.0) - 4.0),
            (*x, b.3 + 25.0),
            (*x, y - 30.0),
        ];
        let cands: Vec<_> = spots.iter().map(|(sx, sy)| text_box(*sx, *sy, &a.name, 11.0, true)).collect();
        let i = placer.place(&cands).min(spots.len() - 1);
        let (sx, sy) = spots[i];
        let weight = if a.kind == AreaType::Urban { r#" font-weight="bold""# } else { "" };
        label(&mut texts, sx, sy, &a.name, &format!(r##"{MIDDLE} fill="#222"{weight}"##));
    }
    // Where the map is cut.
    let note = format!("Sahara: the map stops at {}\u{b0}N", f.south);
    let spots = [(w / 2.0, h - 6.0), (w * 0.35, h - 6.0), (w * 0.65, h - 6.0)];
    let cands: Vec<_> = spots.iter().map(|(sx, sy)| text_box(*sx, *sy, &note, 10.0, true)).collect();
    let i = placer.place(&cands).min(spots.len() - 1);
    label(&mut texts, spots[i].0, spots[i].1, &note, &format!(r##"{MIDDLE} font-size="10" fill="#555""##));

    // Moves as arrows; losses, missions, builds and Terror as badges beside the counts.
    let point = |id: &str| geo.points.get(id).copied();
    let reach = |id: &str| if geo.insets.contains_key(id) { 30.0 } else { 6.0 };
    for m in marks {
        let Some((x, y)) = point(&m.area) else { continue };
        let colour = match m.side {
            Some(Side::Fln) => FLN,
            Some(Side::Government) => GOV,
            None => "#333",
        };
        match (&m.kind, m.from.as_deref().and_then(|f| point(f).map(|p| (f, p)))) {
            (MarkKind::Move, Some((from, start))) => {
                let (x1, y1, x2, y2) =
                    crate::maps::draw::shorten(start, (x, y), reach(from), reach(&m.area) + 2.0);
                let _ = write!(
                    s,
                    r##"<line class="order move" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}" stroke-width="3" opacity="0.85" marker-end="url(#al-head)"><title>{}</title></line>"##,
                    esc(&m.title)
                );
            }
            (MarkKind::Move, None) => {
                let _ = write!(
                    s,
                    r##"<circle class="order move" cx="{x:.1}" cy="{y:.1}" r="{:.0}" fill="none" stroke="{colour}" stroke-width="2.5" opacity="0.8"><title>{}</title></circle>"##,
                    reach(&m.area) + 6.0,
                    esc(&m.title)
                );
            }
            _ => {}
        }
    }
    for (k, (area, colour, text, class, title)) in badges(state, data, marks).iter().enumerate() {
        let r = 8.5_f64.max(text_width(text, 10.0) / 2.0 + 2.0);
        let spots: Vec<(f64, f64)> = match geo.insets.get(area) {
            // Along the box's edges, outside it.
            Some(&(x0, y0, x1, y1)) => (0..12)
                .map(|j| {
                    let along = x0 + r + f64::from(j % 6) * (x1 - x0 - 2.0 * r) / 5.0;
                    (along, if j < 6 { y1 + r + 2.0 } else { y0 - r - 2.0 })
                })
                .collect(),
            None => {
                let Some((x, y)) = point(area) else { continue };
                let block = blocks.iter().find(|(id, _)| id == area).map(|(_, b)| *b);
                let (cx, cy) = block.map_or((x, y), |b| ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0));
                let reach = block.map_or(12.0, |b| ((b.2 - b.0).max(b.3 - b.1)) / 2.0 + 2.0);
                (0..16)
                    .map(|j| {
                        let angle = std::f64::consts::PI * (0.25 + 0.125 * f64::from(j));
                        let dist = if j < 8 { reach + r } else { reach + 3.0 * r };
                        (cx + dist * angle.cos(), cy - dist * angle.sin())
                    })
                    .collect()
            }
        };
        write_badge(&mut s, &mut placer, &spots, r, k, (colour, text, class, title));
    }
    s.push_str(&texts);
    s.push_str("</g>");
    // Tracks and legend under the map.
    let base = top + h;
    let _ = write!(
        s,
        r##"<rect y="{base:.1}" width="{w:.0}" height="{legend_h:.0}" fill="#fff" stroke="#999" stroke-width="0.6"/>"##
    );
    write_legend(&mut s, state, &rows, base);
    s.push_str("</svg>\n");
    s
}
