//! The schematic board as SVG: each area a disc at its `at` point, coloured by
//! wilaya, Urban bold, Remote hatched; lines for the adjacencies across borders; the
//! units counted by side and box; the tracks beneath. Not the printed map. The counts,
//! badges, tracks and legend are shared with the drawing on the real map
//! (`super::real_map`).

use super::board;
use super::data::{AreaType, Data, Side};
use super::picture::{Mark, MarkKind};
use super::state::{Box_, State};
use crate::markup::xml as esc;

fn colour(wilaya: &str) -> &'static str {
    match wilaya {
        "I" => "#e8d5b0",
        "II" => "#cfe3c1",
        "III" => "#c9d9ec",
        "IV" => "#f0c9c9",
        "V" => "#e3d0ec",
        "VI" => "#f3e9b5",
        _ => "#dddddd",
    }
}

pub fn svg(state: &State, data: &Data) -> String {
    svg_with(state, data, &[])
}

/// The board with the step's actions drawn on it (`super::picture`).
pub fn svg_with(state: &State, data: &Data, marks: &[Mark]) -> String {
    let mut s = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1000 600\" width=\"1000\" height=\"600\" font-family=\"sans-serif\" font-size=\"11\">\n",
    );
    s.push_str("<defs><pattern id=\"remote\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"><path d=\"M0,6 L6,0\" stroke=\"#888\" stroke-width=\"1\"/></pattern></defs>\n");
    s.push_str("<rect width=\"1000\" height=\"600\" fill=\"#f8f6f0\"/>\n");
    for a in &data.areas {
        for b in &a.adjacent {
            if a.id < *b
                && let Some(o) = data.area(b)
            {
                s.push_str(&format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n",
                    a.at[0], a.at[1], o.at[0], o.at[1]
                ));
            }
        }
    }
    for a in &data.areas {
        let st = state.areas.get(&a.id).cloned().unwrap_or_default();
        let remote = board::remote(state, data, &a.id);
        let stroke = match st.control {
            Some(Side::Fln) => "#1a7f1a",
            Some(Side::Government) => "#1a3f9f",
            None => "#555",
        };
        let width = if a.kind == AreaType::Urban { 4 } else { 1 };
        s.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"30\" fill=\"{}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\n",
            a.at[0],
            a.at[1],
            colour(&a.wilaya)
        ));
        if remote {
            s.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"30\" fill=\"url(#remote)\"/>\n",
                a.at[0], a.at[1]
            ));
        }
        let weight = if a.kind == AreaType::Urban { " font-weight=\"bold\"" } else { "" };
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\"{weight}>{}</text>\n",
            a.at[0],
            a.at[1] - 12,
            esc(&a.name)
        ));
        let count = |side: Side, b: Option<Box_>| {
            state
                .units_in(&a.id)
                .filter(|u| board::kind_side(data, u) == Some(side) && b.is_none_or(|b| u.at == b))
                .count()
        };
        let fln = format!(
            "F {}/{}/{}",
            count(Side::Fln, Some(Box_::Underground)),
            count(Side::Fln, Some(Box_::Operations)),
            count(Side::Fln, Some(Box_::Completed))
        );
        let gov = format!(
            "G {}/{}/{}",
            count(Side::Government, Some(Box_::Operations)),
            count(Side::Government, Some(Box_::Completed)),
            count(Side::Government, Some(Box_::Patrol))
        );
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#1a7f1a\">{fln}</text>\n",
            a.at[0],
            a.at[1] + 2
        ));
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#1a3f9f\">{gov}</text>\n",
            a.at[0],
            a.at[1] + 15
        ));
        if st.terror {
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" fill=\"#b00\" font-weight=\"bold\">T</text>\n",
                a.at[0] + 24,
                a.at[1] - 22
            ));
        }
    }
    draw_marks(&mut s, data, marks);
    let tracks = format!(
        "Turn {} | PSL Government {} FLN {} | FLN AP {} | Air {}/{} Helo {}/{} Naval {} | Border Zone {} | OAS {}",
        state.turn,
        state.government_psl,
        state.fln_psl,
        state.ap,
        state.air,
        state.air_max,
        state.helo,
        state.helo_max,
        state.naval,
        state.border_zone.map(|b| b.to_string()).unwrap_or_else(|| "-".into()),
        state.oas.as_ref().and_then(|o| o.at.clone()).unwrap_or_else(|| "-".into())
    );
    s.push_str(&format!("<text x=\"20\" y=\"560\">{}</text>\n", esc(&tracks)));
    s.push_str("<text x=\"20\" y=\"580\" fill=\"#555\">F UG/OPS/OC, G OPS/OC/PTL; bold ring: Urban; hatched: Remote; ring colour: control. Schematic, not the printed map.</text>\n");
    s.push_str("</svg>\n");
    s
}

/// The step's actions over the areas, half-transparent so the counts still read.
fn draw_marks(s: &mut String, data: &Data, marks: &[Mark]) {
    if marks.is_empty() {
        return;
    }
    s.push_str("<defs><marker id=\"al-head\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"context-stroke\"/></marker></defs>\n");
    // Marks on one area stand in rings one outside the other.
    let mut rings: Vec<(String, u32)> = Vec::new();
    for m in marks {
        let Some(to) = data.area(&m.area) else { continue };
        let (x, y) = (f64::from(to.at[0]), f64::from(to.at[1]));
        let class = format!("order {}", m.kind.class());
        let title = format!("<title>{}</title>", esc(&m.title));
        let colour = match m.side {
            Some(Side::Fln) => "#1a7f1a",
            Some(Side::Government) => "#1a3f9f",
            None => "#333",
        };
        let mut ring = || {
            let n = match rings.iter_mut().find(|(a, _)| *a == m.area) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    rings.push((m.area.clone(), 0));
                    0
                }
            };
            34.0 + 5.0 * f64::from(n)
        };
        match (&m.kind, m.from.as_deref().and_then(|f| data.area(f))) {
            (MarkKind::Move, Some(from)) => {
                let start = (f64::from(from.at[0]), f64::from(from.at[1]));
                let (x1, y1, x2, y2) = crate::maps::draw::shorten(start, (x, y), 31.0, 33.0);
                s.push_str(&format!(
                    "<line class=\"{class}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" stroke-width=\"3.5\" opacity=\"0.8\" marker-end=\"url(#al-head)\">{title}</line>\n"
                ));
            }
            (MarkKind::Move | MarkKind::Build, _) => {
                let r = ring();
                let stroke = if m.kind == MarkKind::Build { "#1e8449" } else { colour };
                s.push_str(&format!(
                    "<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{r:.0}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"3\" opacity=\"0.8\">{title}</circle>\n"
                ));
            }
            (MarkKind::Remove, _) => {
                s.push_str(&format!(
                    "<path class=\"{class}\" d=\"{}\" stroke=\"#c0392b\" stroke-width=\"4\" opacity=\"0.8\">{title}</path>\n",
                    crate::maps::draw::cross(x, y, 22.0)
                ));
            }
            (MarkKind::Mission { letter, .. }, _) => {
                let r = ring();
                s.push_str(&format!(
                    "<g class=\"{class}\">{title}<circle cx=\"{x}\" cy=\"{y}\" r=\"{r:.0}\" fill=\"none\" stroke=\"#b8860b\" stroke-width=\"2.5\" stroke-dasharray=\"5 3\"/><text x=\"{:.1}\" y=\"{:.1}\" font-weight=\"bold\" fill=\"#8a6508\">{letter}</text></g>\n",
                    x - r - 4.0,
                    y - r * 0.6
                ));
            }
        }
    }
}

/// The board drawn clear (`Frame::clear`, new campaigns): each area a disc filled by
/// who controls it, its name set where no other name, count or mark stands, the
/// counts by side and box inside it, each loss, mission and Terror a badge beside the
/// disc (never over a count), moves as arrows in their side's colour, a title with the
/// turn and the step, and a legend. A schematic: the areas at their `at` points on
/// the drawing. Campaigns that pinned style 2 keep it (their ledger hashes every
/// picture), and so does a GM's own `areas.toml`; style 3 draws the built-in areas on
/// the real map instead (`super::real_map`).
pub fn svg_clear(state: &State, data: &Data, marks: &[Mark], step: u64) -> String {
    use crate::maps::clear::{Placer, TITLE_H, text_box, text_width};
    use std::fmt::Write;
    const W: f64 = 1000.0;
    const H: f64 = 560.0;
    const FLN: &str = "#1a7f1a";
    const GOV: &str = "#1a3f9f";
    let top = TITLE_H;
    let legend: Vec<(Option<&'static str>, String)> = vec![
        (Some("#cfe8cf"), "FLN control".into()),
        (Some("#cfdaf2"), "Government control".into()),
        (Some("#ece8dc"), "contested".into()),
        (None, "F UG/OPS/OC: FLN units Underground, in Operations, Operations Completed".into()),
        (None, "G OPS/OC/PTL: Government units in Operations, Completed, on Patrol".into()),
        (None, "thick ring: Urban; hatched: Remote; arrow: move (side's colour)".into()),
        (None, "red badge: units lost; gold badge: mission (letter); T: Terror".into()),
    ];
    let rows = legend_rows(&legend, W);
    let legend_h = 30.0 + 16.0 * rows.len() as f64;
    let total = top + H + legend_h;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 1000 {total:.0}" width="1000" height="{total:.0}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="11">"##
    );
    let title = format!("Algeria 1954-1962 (schematic): turn {}, step {step}", state.turn);
    let _ = write!(s, "<title>{}</title>", esc(&title));
    s.push_str(r##"<defs><pattern id="remote" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,6 L6,0" stroke="#888" stroke-width="1"/></pattern><marker id="al-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>"##);
    let _ = write!(s, r##"<rect width="1000" height="{total:.0}" fill="#f8f6f0"/>"##);
    let _ = write!(
        s,
        r##"<rect width="1000" height="{top:.0}" fill="#3b4a5a"/><text id="label-title" x="10" y="{:.1}" fill="#fff" font-size="13" font-weight="bold">{}</text>"##,
        top - 8.0,
        esc(&title)
    );
    let _ = write!(s, r##"<g transform="translate(0 {top:.0})">"##);
    for a in &data.areas {
        for b in &a.adjacent {
            if a.id < *b
                && let Some(o) = data.area(b)
            {
                let _ = write!(
                    s,
                    r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#aaa" stroke-dasharray="4 3"/>"##,
                    a.at[0], a.at[1], o.at[0], o.at[1]
                );
            }
        }
    }
    let mut placer = Placer::new((1.0, 1.0, W - 1.0, H - 1.0));
    let mut texts = String::new();
    let mut n = 0;
    let mut label = |s: &mut String, x: f64, y: f64, text: &str, extra: &str| {
        let _ = write!(
            s,
            r##"<text id="label-{n}" x="{x:.1}" y="{y:.1}" text-anchor="middle"{extra}>{}</text>"##,
            esc(text)
        );
        n += 1;
    };
    // Discs, and the counts inside them (taken first: nothing may cover them).
    for a in &data.areas {
        let st = state.areas.get(&a.id).cloned().unwrap_or_default();
        let (x, y) = (f64::from(a.at[0]), f64::from(a.at[1]));
        let (fill, ring) = match st.control {
            Some(Side::Fln) => ("#cfe8cf", FLN),
            Some(Side::Government) => ("#cfdaf2", GOV),
            None => ("#ece8dc", "#666"),
        };
        let width = if a.kind == AreaType::Urban { 4 } else { 1 };
        let _ = write!(
            s,
            r##"<circle cx="{x}" cy="{y}" r="30" fill="{fill}" stroke="{ring}" stroke-width="{width}"/>"##
        );
        if board::remote(state, data, &a.id) {
            let _ = write!(s, r##"<circle cx="{x}" cy="{y}" r="30" fill="url(#remote)" opacity="0.6"/>"##);
        }
        let (fln, gov) = counts(state, data, &a.id);
        for (t, dy, col) in [(fln, -2.0, FLN), (gov, 12.0, GOV)] {
            placer.take(text_box(x, y + dy, &t, 10.0, true));
            label(&mut texts, x, y + dy, &t, &format!(r##" font-size="10" fill="{col}""##));
        }
    }
    // Names: above the disc, below it, to either side.
    for a in &data.areas {
        let (x, y) = (f64::from(a.at[0]), f64::from(a.at[1]));
        let half = text_width(&a.name, 11.0) / 2.0;
        let spots = [
            (x, y - 16.0),
            (x, y - 34.0),
            (x, y + 43.0),
            (x + half + 32.0, y - 16.0),
            (x - half - 32.0, y - 16.0),
            (x + half + 32.0, y + 4.0),
            (x - half - 32.0, y + 4.0),
            (x, y - 47.0),
            (x, y + 56.0),
        ];
        let cands: Vec<_> = spots.iter().map(|(sx, sy)| text_box(*sx, *sy, &a.name, 11.0, true)).collect();
        let i = placer.place(&cands);
        let (sx, sy) = spots[i.min(spots.len() - 1)];
        let weight = if a.kind == AreaType::Urban { r#" font-weight="bold""# } else { "" };
        label(&mut texts, sx, sy, &a.name, &format!(r##" fill="#222"{weight}"##));
    }
    // Moves as arrows; losses, missions, builds and Terror as badges beside the disc.
    for m in marks {
        let Some(to) = data.area(&m.area) else { continue };
        let (x, y) = (f64::from(to.at[0]), f64::from(to.at[1]));
        let colour = match m.side {
            Some(Side::Fln) => FLN,
            Some(Side::Government) => GOV,
            None => "#333",
        };
        match (&m.kind, m.from.as_deref().and_then(|f| data.area(f))) {
            (MarkKind::Move, Some(from)) => {
                let start = (f64::from(from.at[0]), f64::from(from.at[1]));
                let (x1, y1, x2, y2) = crate::maps::draw::shorten(start, (x, y), 31.0, 33.0);
                let _ = write!(
                    s,
                    r##"<line class="order move" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}" stroke-width="3.2" opacity="0.85" marker-end="url(#al-head)"><title>{}</title></line>"##,
                    esc(&m.title)
                );
            }
            (MarkKind::Move, None) => {
                let _ = write!(
                    s,
                    r##"<circle class="order move" cx="{x}" cy="{y}" r="34" fill="none" stroke="{colour}" stroke-width="2.5" opacity="0.8"><title>{}</title></circle>"##,
                    esc(&m.title)
                );
            }
            _ => {}
        }
    }
    for (k, (area, colour, text, class, title)) in badges(state, data, marks).iter().enumerate() {
        let Some(a) = data.area(area) else { continue };
        let (x, y) = (f64::from(a.at[0]), f64::from(a.at[1]));
        let r = 8.5_f64.max(text_width(text, 10.0) / 2.0 + 2.0);
        let spots: Vec<(f64, f64)> = (0..16)
            .map(|j| {
                let angle = std::f64::consts::PI * (0.25 + 0.125 * f64::from(j));
                let dist = if j < 8 { 30.0 + r } else { 30.0 + 3.0 * r };
                (x + dist * angle.cos(), y - dist * angle.sin())
            })
            .collect();
        write_badge(&mut s, &mut placer, &spots, r, k, (colour, text, class, title));
    }
    s.push_str(&texts);
    s.push_str("</g>");
    // Tracks and legend under the map.
    let base = top + H;
    let _ = write!(
        s,
        r##"<rect y="{base:.0}" width="1000" height="{legend_h:.0}" fill="#fff" stroke="#999" stroke-width="0.6"/>"##
    );
    write_legend(&mut s, state, &rows, base);
    s.push_str("</svg>\n");
    s
}

/// An area's counts by side and box: `F UG/OPS/OC` and `G OPS/OC/PTL`.
pub(super) fn counts(state: &State, data: &Data, area: &str) -> (String, String) {
    let count = |side: Side, b: Box_| {
        state.units_in(area).filter(|u| board::kind_side(data, u) == Some(side) && u.at == b).count()
    };
    let fln = format!(
        "F {}/{}/{}",
        count(Side::Fln, Box_::Underground),
        count(Side::Fln, Box_::Operations),
        count(Side::Fln, Box_::Completed)
    );
    let gov = format!(
        "G {}/{}/{}",
        count(Side::Government, Box_::Operations),
        count(Side::Government, Box_::Completed),
        count(Side::Government, Box_::Patrol)
    );
    (fln, gov)
}

/// One legend row: each entry's left edge, its swatch colour (if any) and its text.
pub(super) type LegendRow = Vec<(f64, Option<&'static str>, String)>;

/// The legend's entries in rows `width` wide (one entry a row for the long notes,
/// swatches side by side).
pub(super) fn legend_rows(legend: &[(Option<&'static str>, String)], width: f64) -> Vec<LegendRow> {
    use crate::maps::clear::text_width;
    let mut rows: Vec<LegendRow> = vec![Vec::new()];
    let mut x = 10.0;
    for (c, t) in legend {
        let w = text_width(t, 10.0) + if c.is_some() { 16.0 } else { 0.0 } + 16.0;
        if x + w > width - 6.0 && rows.last().is_some_and(|r| !r.is_empty()) {
            rows.push(Vec::new());
            x = 10.0;
        }
        if let Some(r) = rows.last_mut() {
            r.push((x, *c, t.clone()));
        }
        x += w;
    }
    rows
}

/// The tracks line and the legend rows, from `base` down.
pub(super) fn write_legend(s: &mut String, state: &State, rows: &[LegendRow], base: f64) {
    use std::fmt::Write;
    let tracks = format!(
        "Turn {} | PSL Government {} FLN {} | FLN AP {} | Air {}/{} Helo {}/{} Naval {} | Border Zone {} | OAS {}",
        state.turn,
        state.government_psl,
        state.fln_psl,
        state.ap,
        state.air,
        state.air_max,
        state.helo,
        state.helo_max,
        state.naval,
        state.border_zone.map(|b| b.to_string()).unwrap_or_else(|| "-".into()),
        state.oas.as_ref().and_then(|o| o.at.clone()).unwrap_or_else(|| "-".into())
    );
    let _ = write!(
        s,
        r##"<text id="label-tracks" x="10" y="{:.0}" font-size="11" font-weight="bold">{}</text>"##,
        base + 18.0,
        esc(&tracks)
    );
    for (r, row) in rows.iter().enumerate() {
        let y = base + 28.0 + 16.0 * r as f64;
        for (k, (x, c, t)) in row.iter().enumerate() {
            let mut tx = *x;
            if let Some(c) = c {
                let _ = write!(
                    s,
                    r##"<g id="mark-legend-{r}-{k}"><rect x="{x:.0}" y="{:.0}" width="11" height="11" fill="{c}" stroke="#111" stroke-width="0.6"/></g>"##,
                    y + 1.0
                );
                tx += 16.0;
            }
            let _ = write!(
                s,
                r##"<text id="label-legend-{r}-{k}" x="{tx:.0}" y="{:.0}" font-size="10" fill="#222">{}</text>"##,
                y + 10.5,
                esc(t)
            );
        }
    }
}

/// A badge beside an area: the area, its colour, its text, its class and its hover text.
pub(super) type Badge = (String, &'static str, String, &'static str, String);

/// Writes badge number `k` (its colour, text, class and title) at the first of `spots`
/// the placer finds free: one drawing for the schematic and the real map.
pub(super) fn write_badge(
    s: &mut String,
    placer: &mut crate::maps::clear::Placer,
    spots: &[(f64, f64)],
    r: f64,
    k: usize,
    (colour, text, class, title): (&str, &str, &str, &str),
) {
    use std::fmt::Write;
    let cands: Vec<_> = spots.iter().map(|(bx, by)| (bx - r, by - r, bx + r, by + r)).collect();
    let i = placer.place(&cands).min(spots.len().saturating_sub(1));
    let Some(&(bx, by)) = spots.get(i) else { return };
    let _ = write!(
        s,
        r##"<g id="mark-{k}" class="order {class}"><title>{}</title><circle cx="{bx:.1}" cy="{by:.1}" r="{r:.1}" fill="{colour}" stroke="#fff" stroke-width="1"/><text x="{bx:.1}" y="{:.1}" text-anchor="middle" fill="#fff" font-size="10" font-weight="bold">{}</text></g>"##,
        esc(title),
        by + 3.6,
        esc(text)
    );
}

/// One badge a lost unit, mission or build of the step, in the order the results
/// tell them, then one a Terror marker on the board.
pub(super) fn badges(state: &State, data: &Data, marks: &[Mark]) -> Vec<Badge> {
    let mut out: Vec<Badge> = Vec::new();
    for m in marks.iter().filter(|m| data.area(&m.area).is_some()) {
        match &m.kind {
            MarkKind::Build => out.push((m.area.clone(), "#1e8449", "+".into(), "build", m.title.clone())),
            MarkKind::Remove => out.push((m.area.clone(), "#c0392b", "-1".into(), "remove", m.title.clone())),
            MarkKind::Mission { letter, class } => {
                out.push((m.area.clone(), "#b8860b", (*letter).to_string(), class, m.title.clone()))
            }
            MarkKind::Move => {}
        }
    }
    for a in &data.areas {
        if state.areas.get(&a.id).is_some_and(|st| st.terror) {
            out.push((
                a.id.clone(),
                "#b00000",
                "T".into(),
                "marker terror-marker",
                format!("Terror in {}", a.name),
            ));
        }
    }
    out
}
