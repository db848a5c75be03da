//! The schematic board as SVG: each area a disc at its `at` point, coloured by
//! wilaya, Urban bold, Remote hatched; lines for the adjacencies across borders; the
//! units counted by side and box; the tracks beneath. Not the printed map.

use super::board;
use super::data::{AreaType, Data, Side};
use super::picture::{Mark, MarkKind};
use super::state::{Box_, State};
use crate::report::xml as esc;

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
