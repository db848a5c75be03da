//! What a report shows: map state per Region (Open area and squares), the PI
//! track, markers, doctrine, the turn's attacks, and an SVG map drawn from the
//! map data's coordinates. The game has no hidden information except standing
//! orders, which only their owner (and the GM) see.

use std::fmt::Write as _;

use super::control::controller;
use super::rules::RegionKind;
use super::state::{Side, State};
use crate::engine::{Section, View, Viewer};

fn region_line(state: &State, code: &str) -> String {
    let Some(r) = state.region(code) else {
        return String::new();
    };
    let kind = match r.kind {
        RegionKind::Rural => "R",
        RegionKind::Urban => "U",
        RegionKind::Foreign => "foreign",
    };
    let pp =
        if state.resettled.contains(code) { "1/1 R".to_string() } else { format!("{}/{}", r.pp[0], r.pp[1]) };
    let mut line = format!("{} {} ({kind}, {pp})", r.code, r.name);
    if let Some(w) = &r.within {
        let _ = write!(line, " within {w}");
    }
    match controller(state, code) {
        Some(s) => {
            let _ = write!(line, " control {}", s.short());
        }
        None if !r.foreign() => line.push_str(" disputed"),
        None => line.push_str(" closed"),
    }
    if state.terror.contains(code) {
        line.push_str(" TERROR");
    }
    let open: Vec<String> = state
        .units_in(code)
        .filter(|u| u.at.square.is_none())
        .map(|u| format!("{} {}", u.side.short(), state.describe(u)))
        .collect();
    let _ = write!(line, " | open: {}", if open.is_empty() { "-".to_string() } else { open.join(", ") });
    if r.squares > 0 {
        let squares: Vec<String> = (1..=r.squares)
            .map(|s| match state.occupant(code, s) {
                Some(u) => format!("{code}/{s} {} {}", u.side.short(), state.describe(u)),
                None => format!("{code}/{s} empty"),
            })
            .collect();
        let _ = write!(line, " | squares: {}", squares.join("; "));
    }
    line
}

pub fn view(state: &State, viewer: &Viewer) -> View {
    let mut sections = Vec::new();
    let phase_line = match state.stage {
        super::state::Stage::Over => {
            format!("Game over: {}", state.over.clone().unwrap_or_default())
        }
        _ => format!("Turn {}, first player {}", state.turn, state.first.name()),
    };
    sections.push(Section {
        title: "Game".into(),
        lines: vec![
            phase_line,
            format!("Government: {}; DSE: {}", state.players.government, state.players.dse),
            format!(
                "Options: Tito breaks with Stalin (17.1) {}; 1944 start (17.3) {}; agreed Victory Check {}",
                if state.options.tito { "on" } else { "off" },
                if state.options.start1944 { "on" } else { "off" },
                state.options.end_turn.map_or("none".to_string(), |t| format!("at the end of turn {t}"))
            ),
        ],
    });
    let mut track = vec![
        format!("Government PI {}", state.pi.government),
        format!("DSE PI {}", state.pi.dse),
        format!("American Aid (17.2): {}", if state.american_aid { "in effect" } else { "not yet" }),
    ];
    if state.options.tito {
        track.push(format!(
            "Stalin Score (17.1): {}{}",
            state.stalin.score,
            state.stalin.line.as_ref().map_or(String::new(), |l| format!(", {l} line"))
        ));
    }
    if !state.closed.is_empty() {
        track
            .push(format!("Closed borders: {}", state.closed.iter().cloned().collect::<Vec<_>>().join(", ")));
    }
    sections.push(Section { title: "Political Index".into(), lines: track });
    let rev2 = state.options.from(2);
    let doctrine = if rev2 && state.stage == super::state::Stage::Politics {
        "not rolled yet: the Politics Table is rolled at set-up, before the Government places its units (4.0, 16.3)"
            .to_string()
    } else {
        format!(
            "{}; Mobilization limit {} PP; next Politics Table roll in turn {}",
            state.politics.doctrine.name(),
            state.politics.pp_limit,
            state.politics.next_roll
        )
    };
    sections.push(Section {
        title: "Government doctrine (16.3)".into(),
        lines: vec![
            doctrine,
            format!("Airstrikes available: {} of {}", state.airstrikes, state.rules.forces.airstrikes),
        ],
    });
    sections.push(Section {
        title: "Map (Region, type, points DSE/Gov, control | Open area | squares)".into(),
        // Revision 2: north to south, as on the map; earlier campaigns by code.
        lines: if rev2 {
            super::reference::geographic(state).iter().map(|c| region_line(state, c)).collect()
        } else {
            state.rules.map.regions.keys().map(|c| region_line(state, c)).collect()
        },
    });
    let list = |set: &std::collections::BTreeSet<String>| {
        if set.is_empty() { "none".to_string() } else { set.iter().cloned().collect::<Vec<_>>().join(", ") }
    };
    sections.push(Section {
        title: "Markers".into(),
        lines: vec![
            format!("Terror (16.4): {}", list(&state.terror)),
            format!("Resettled, R (16.5): {}", list(&state.resettled)),
        ],
    });
    if !state.options.from(3) {
        sections.push(Section {
            title: "Attacks this turn (odds, shifts, die, result)".into(),
            lines: if state.conflicts.is_empty() { vec!["none".into()] } else { state.conflicts.clone() },
        });
    }
    if !rev2 {
        // The same lines as the report's results; revision 2 no longer repeats them.
        sections.push(Section { title: "Last step".into(), lines: state.journal.clone() });
    }
    for side in [Side::Government, Side::Dse] {
        let allowed = match viewer {
            Viewer::Gm => true,
            Viewer::Player(p) => state.side_of(p) == Some(side),
            Viewer::Public => false,
        };
        if allowed {
            sections.push(Section {
                title: format!("{} standing orders (seen by their owner only)", side.name()),
                lines: state.standing.get(side).describe(),
            });
        }
    }
    View { sections, svg: None, data: serde_json::Value::Null }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Half a Region box's width and height in the drawing.
const BOX: (f64, f64) = (28.0, 15.0);

fn point(at: &[i32]) -> (f64, f64) {
    (f64::from(at.first().copied().unwrap_or(0)), f64::from(at.get(1).copied().unwrap_or(0)))
}

/// Points along a border from `p` to `q`, straight or bent through `c`.
fn along(p: (f64, f64), q: (f64, f64), c: Option<(f64, f64)>) -> impl Iterator<Item = (f64, f64)> {
    (1..48).map(move |i| {
        let t = f64::from(i) / 48.0;
        match c {
            None => (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t),
            Some(c) => {
                let u = 1.0 - t;
                (u * u * p.0 + 2.0 * u * t * c.0 + t * t * q.0, u * u * p.1 + 2.0 * u * t * c.1 + t * t * q.1)
            }
        }
    })
}

/// A border as drawn: its two Regions, and the control point of its curve if bent.
pub type Border = (String, String, Option<(f64, f64)>);

/// Every border once, with a bend where the straight line would cross another
/// Region's box (so that no border seems to run through a third Region): the
/// control point of a curve, tried further and further to either side.
pub fn border_lines(map: &super::rules::Map) -> Vec<Border> {
    let mut out = Vec::new();
    for r in map.regions.values() {
        for n in &r.neighbours {
            let Some(o) = map.regions.get(n) else { continue };
            if r.code >= *n {
                continue;
            }
            // A bend must clear the boxes by a little, so the curve is seen to pass.
            let clear = |c: Option<(f64, f64)>| !passes_box(map, &r.code, n, c, 2.0);
            let mut bend = None;
            if !clear(None) {
                let (p, q) = (point(&r.at), point(&o.at));
                let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt().max(1.0);
                let (nx, ny) = (-(q.1 - p.1) / len, (q.0 - p.0) / len);
                bend = (2..60)
                    .flat_map(|k| [f64::from(k) * 10.0, -f64::from(k) * 10.0])
                    .map(|off| Some((mx + nx * off, my + ny * off)))
                    .find(|c| clear(*c))
                    .flatten();
            }
            out.push((r.code.clone(), n.clone(), bend));
        }
    }
    out
}

/// Does the drawn border `(a, b, bend)` pass through a third Region's box?
pub fn crosses_a_box(map: &super::rules::Map, a: &str, b: &str, bend: Option<(f64, f64)>) -> bool {
    passes_box(map, a, b, bend, 0.0)
}

/// Does the border from `a` to `b` (bent through `bend`) come within `margin` of a
/// third Region's box?
fn passes_box(map: &super::rules::Map, a: &str, b: &str, bend: Option<(f64, f64)>, margin: f64) -> bool {
    let (Some(r), Some(o)) = (map.regions.get(a), map.regions.get(b)) else { return false };
    along(point(&r.at), point(&o.at), bend).any(|(x, y)| {
        map.regions.values().filter(|k| k.code != a && k.code != b).any(|k| {
            let (kx, ky) = point(&k.at);
            (x - kx).abs() <= BOX.0 + margin && (y - ky).abs() <= BOX.1 + margin
        })
    })
}

/// A simple drawing: Regions as boxes at their map coordinates, borders as lines,
/// arrows dashed, control by colour, terror in red outline, units as counts.
pub fn svg(state: &State) -> String {
    let mut s = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 620 680\" width=\"620\" height=\"680\" font-family=\"sans-serif\" font-size=\"10\">\n<rect width=\"620\" height=\"680\" fill=\"#eef4fa\"/>\n",
    );
    let map = &state.rules.map;
    // Revision 2 bends a border around a third Region's box; earlier campaigns keep
    // their straight lines, so that their reports replay byte for byte.
    let bends = state.options.from(2);
    for (a, b, bend) in border_lines(map) {
        let (Some(r), Some(o)) = (map.regions.get(&a), map.regions.get(&b)) else { continue };
        let dash = if r.arrows.contains(&b) { " stroke-dasharray=\"4 3\"" } else { "" };
        if !bends {
            let _ = writeln!(
                s,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#99a\"{dash}/>",
                r.at[0], r.at[1], o.at[0], o.at[1]
            );
            continue;
        }
        let d = match bend {
            None => format!("M {} {} L {} {}", r.at[0], r.at[1], o.at[0], o.at[1]),
            Some((cx, cy)) => format!("M {} {} Q {cx:.0} {cy:.0} {} {}", r.at[0], r.at[1], o.at[0], o.at[1]),
        };
        let _ = writeln!(s, "<path d=\"{d}\" fill=\"none\" stroke=\"#99a\"{dash}/>");
    }
    for r in map.regions.values() {
        let fill = match controller(state, &r.code) {
            Some(Side::Government) => "#bcd3f2",
            Some(Side::Dse) => "#f2c0bc",
            None if r.foreign() => "#ddd",
            None => "#fff",
        };
        let stroke = if state.terror.contains(&r.code) { "#c00\" stroke-width=\"3" } else { "#333" };
        let count = |side: Side| state.units_in(&r.code).filter(|u| u.side == side).count();
        let (g, d) = (count(Side::Government), count(Side::Dse));
        let _ = writeln!(
            s,
            "<g><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"56\" height=\"30\" rx=\"4\" fill=\"{fill}\" stroke=\"{stroke}\"/>\
<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">{}{}</text>\
<text x=\"{}\" y=\"{}\" text-anchor=\"middle\"><tspan fill=\"#1646a0\">G{g}</tspan> <tspan fill=\"#a01616\">D{d}</tspan></text></g>",
            escape(&region_line(state, &r.code)),
            r.at[0] - 28,
            r.at[1] - 15,
            r.at[0],
            r.at[1] - 3,
            escape(&r.code),
            if state.resettled.contains(&r.code) { " R" } else { "" },
            r.at[0],
            r.at[1] + 10,
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"10\" y=\"670\">Turn {} | Government PI {} | DSE PI {} | {}</text>\n</svg>",
        state.turn,
        state.pi.government,
        state.pi.dse,
        state.politics.doctrine.name()
    );
    s
}
