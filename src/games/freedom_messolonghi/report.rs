//! What a reader sees: the round and phase, both sides' tracks, every occupied space
//! (units, cannons, Wall damage), the Surrounding Areas, hand and deck sizes and the
//! face-up discards; the reader's own hand (with each card's text), standing orders,
//! blocks and cannon plan; the data files in use. The other side's hand is a count.

use std::fmt::Write;

use super::data::Data;
use super::state::{Side, Stage, State};
use crate::engine::{Section, Viewer};

pub fn stage(state: &State) -> String {
    let r = state.round;
    match state.stage {
        Stage::Setup => "Set-up: standing orders, then the decks are shuffled and dealt".into(),
        Stage::Advance => format!("Round {r}: the Imperial Advancement"),
        Stage::Regroup => format!("Round {r}: the Insurgent Regroup"),
        Stage::Play => {
            format!("Round {r}: play {} of 14, the {} player", state.plays + 1, state.to_play.name())
        }
        Stage::LastClaim => format!("Round {r}: the {} player's last-turn claim", state.first.name()),
        Stage::Fire => format!("Round {r}: the Cannons"),
        Stage::Over => "The game is over".into(),
    }
}

/// The orders the open phase takes, in their notation, for the reports and
/// `REFERENCE` (revision 3).
pub fn syntax_now(state: &State) -> String {
    if let Some((_, card)) = &state.gm_pending {
        return format!(
            "the GM sends RULING {card}, then one operation a line (MORALE|SUPPLIES|PLEA|PREPARATION <side> <n>, MONEY <n>, CIVILIANS <n>, UNITS <side> <n> <CAMP|CITY|VASILADI|space>, CANNON IMPERIAL <n>, DAMAGE|REPAIR <wall space> <n>, SUPPORT <side> <area> <n>, MODIFIER <ATTACK|RAID|CANNON> <side> <n> <TURN|ROUND>)"
        );
    }
    match state.stage {
        Stage::Setup => "READY, with any standing orders (MORALE UP|DOWN, LOSSES <spaces>, PLACE <spaces>, DISCARD <cards>, LASTCLAIM ALWAYS|NEVER|<cards>)".into(),
        Stage::Advance if state.round == 4 => "the Imperial player: ADVANCE a-b c-d ... (up to five units of one row, one space forward each), and ALLIES <space> <n> ... for the 10 Allied units within two rows of the Camp".into(),
        Stage::Advance => "the Imperial player: ADVANCE a-b c-d ... (up to five units of one row, one space forward each)".into(),
        Stage::Regroup if state.first == Side::Insurgent => "the Insurgent player: REGROUP <from> <to> (one unit within the city and the islands), then the first play: PLAY <card> EVENT|AP ... or CLAIM <card> DISCARD <card>".into(),
        Stage::Regroup => "the Insurgent player: REGROUP <from> <to> (one unit within the city and the islands)".into(),
        Stage::Play => format!(
            "the {} player: PLAY <card> EVENT [TARGET <space>] [AREA <area>] or PLAY <card> AP, then one action a line; or CLAIM <card> DISCARD <card>; THEN IF OPPONENT PLAYS ... for later plays",
            state.to_play.name()
        ),
        Stage::LastClaim => "the answer 1 (claim) or 2 (decline), or its words".into(),
        Stage::Fire => "FIRE <space> AT <space> [ELSE <space> ...] or FIRE <space> HOLD for each of your cannons".into(),
        Stage::Over => "nothing: the game is over".into(),
    }
}

fn camp_line(state: &State, side: Side) -> String {
    let c = state.camp(side);
    let mut s = format!("{}: Morale {}, Supplies {}", side.name(), c.morale, c.supplies);
    if side == Side::Imperial {
        let _ = write!(s, ", Money {}", c.money);
    } else {
        let _ = write!(s, ", Population {} ({} civilians)", state.population(), state.civilians);
    }
    let _ = write!(
        s,
        ", Plea {}{}, Preparation {}, {} cards in hand",
        c.plea,
        if c.plea_done { " (answered)" } else { "" },
        c.preparation,
        c.hand.len()
    );
    s
}

pub fn sections(state: &State, data: &Data, viewer: &Viewer) -> Vec<Section> {
    let mut out = vec![Section {
        title: "Round".into(),
        lines: vec![
            stage(state),
            format!("orders files by mail: {} this round, {} this game", state.mails_round, state.mails_game),
        ],
    }];
    if state.unshuffled {
        out[0]
            .lines
            .push("the decks were dealt unshuffled (option deal=listed): a demonstration, not a game".into());
    }
    if let Some(o) = &state.over {
        out[0].lines.push(o.clone());
    }
    out.push(Section {
        title: "Tracks".into(),
        lines: vec![camp_line(state, Side::Imperial), camp_line(state, Side::Insurgent)],
    });
    let mut spaces = Vec::new();
    for sp in &data.map.spaces {
        let st = state.stack(&sp.id);
        let mut parts = Vec::new();
        if st.expeditionary > 0 {
            parts.push(format!("{} Expeditionary", st.expeditionary));
        }
        if st.allied > 0 {
            parts.push(format!("{} Allied", st.allied));
        }
        if st.insurgent > 0 {
            parts.push(format!("{} Insurgent", st.insurgent));
        }
        if let Some(c) = state.cannons.get(&sp.id) {
            parts.push(format!("{} {}", c.side.name(), if c.bombard { "Bombard" } else { "cannon" }));
        }
        match state.damage.get(&sp.id) {
            Some(1) => parts.push("damaged".into()),
            Some(_) => parts.push("destroyed".into()),
            None => {}
        }
        if !parts.is_empty() {
            spaces.push(format!("{:<6} {}", sp.id, parts.join(", ")));
        }
    }
    spaces.push(format!("Imperial cannons waiting in the Camp: {}", state.camp_cannons));
    out.push(Section { title: "The city and the siege lines".into(), lines: spaces });
    out.push(Section {
        title: "Surrounding Areas".into(),
        lines: state
            .areas
            .iter()
            .map(|a| {
                let name = data.area(&a.id).map(|x| x.name.as_str()).unwrap_or("");
                format!("{:<12} {} ({name}), {} Support", a.id, a.side.name(), a.support)
            })
            .collect(),
    });
    let discards: Vec<&str> = state.deck.discard.iter().rev().take(6).map(String::as_str).collect();
    out.push(Section {
        title: "Cards".into(),
        lines: vec![
            format!(
                "draw pile {} cards; discards (face up, newest first): {}",
                state.deck.draw.len(),
                discards.join(" ")
            ),
            state
                .claimable
                .as_ref()
                .map(|c| format!("claimable now: {c}"))
                .unwrap_or_else(|| "nothing to claim".into()),
        ],
    });
    let own = |side: Side| -> Vec<Section> {
        let c = state.camp(side);
        let hand = c
            .hand
            .iter()
            .filter_map(|h| data.card(h))
            .map(|k| {
                format!(
                    "{} {} ({} AP, {}{}): {}",
                    k.id,
                    k.name,
                    k.ap,
                    k.colour,
                    if k.id != "A01" { ", reconstructed" } else { "" },
                    k.text
                )
            })
            .collect();
        let mut orders: Vec<String> = c.standing.values().flatten().cloned().collect();
        for (g, l) in &c.blocks {
            orders.push(g.clone());
            orders.extend(l.iter().map(|x| format!("  {x}")));
        }
        orders.extend(c.fire.iter().flatten().cloned());
        vec![
            Section { title: format!("{}'s hand", side.name()), lines: hand },
            Section {
                title: format!("{}'s standing orders, blocks and cannon plan", side.name()),
                lines: orders,
            },
        ]
    };
    if state.revision >= 3 && state.over.is_none() {
        out.push(Section { title: "Orders due now".into(), lines: vec![syntax_now(state)] });
    }
    match viewer {
        Viewer::Player(p) => {
            if let Some(side) = state.side_of(p) {
                if state.stage == Stage::Play && state.to_play == side {
                    let default = super::play::default_play(state, data, side);
                    out.push(Section {
                        title: "Your play".into(),
                        lines: vec![format!(
                            "{} to play; no answer by the deadline: {}, all to Preparation",
                            side.name(),
                            default.first().cloned().unwrap_or_default()
                        )],
                    });
                }
                out.extend(own(side));
            }
        }
        Viewer::Gm => {
            out.extend(own(Side::Imperial));
            out.extend(own(Side::Insurgent));
        }
        Viewer::Public => {}
    }
    out.push(Section {
        title: "Data files".into(),
        lines: data.files.iter().map(crate::engine::data::FileInUse::footer).collect(),
    });
    out
}

/// The map as a picture: each space a circle at its place, its units and cannon.
pub fn svg(state: &State, data: &Data) -> String {
    svg_with(state, data, &[])
}

/// The board with the step's actions drawn on it (`super::picture`).
pub fn svg_with(state: &State, data: &Data, marks: &[super::picture::Mark]) -> String {
    let mut out = String::from(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="680" height="660" viewBox="0 0 680 660">"#,
    );
    for (a, b, _) in &data.map.links {
        if let (Some(x), Some(y)) = (data.map.space(a), data.map.space(b)) {
            let _ =
                write!(out, r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#bbb"/>"##, x.x, x.y, y.x, y.y);
        }
    }
    for sp in &data.map.spaces {
        let fill = match sp.kind {
            super::data::Kind::Camp => "#f2d7b6",
            super::data::Kind::Mainland => "#d9e8c4",
            super::data::Kind::Wall => match state.damage.get(&sp.id) {
                Some(1) => "#d9a35b",
                Some(_) => "#a05030",
                None => "#c8c8c8",
            },
            super::data::Kind::South => "#e8e0c8",
            super::data::Kind::Shore | super::data::Kind::Lagoon => "#bfe0f5",
            super::data::Kind::Island => "#e5d39c",
        };
        let st = state.stack(&sp.id);
        let _ = write!(
            out,
            r##"<g class="space" data-space="{}"><circle cx="{}" cy="{}" r="22" fill="{fill}" stroke="{}" stroke-width="{}"/><text x="{}" y="{}" font-size="9" text-anchor="middle" font-family="sans-serif">{}</text>"##,
            sp.id,
            sp.x,
            sp.y,
            if sp.fort { "#1f4fa0" } else { "#555" },
            if sp.fort { 3 } else { 1 },
            sp.x,
            sp.y - 8,
            sp.id
        );
        let label = [("#c62828", st.expeditionary), ("#2e7d32", st.allied), ("#1565c0", st.insurgent)]
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(c, n)| format!(r#"<tspan fill="{c}">{n}</tspan>"#))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" font-size="12" text-anchor="middle" font-family="sans-serif">{label}</text>"#,
            sp.x,
            sp.y + 6
        );
        if let Some(c) = state.cannons.get(&sp.id) {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="8" height="8" fill="{}"/>"#,
                sp.x + 12,
                sp.y + 8,
                if c.bombard { "#7b1fa2" } else { "#111" }
            );
        }
        out.push_str("</g>");
    }
    draw_marks(&mut out, data, marks);
    out.push_str("</svg>");
    out
}

/// The step's actions over the spaces, half-transparent so the counts still read.
fn draw_marks(out: &mut String, data: &Data, marks: &[super::picture::Mark]) {
    use super::picture::MarkKind;
    if marks.is_empty() {
        return;
    }
    out.push_str(
        r##"<defs><marker id="fm-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>"##,
    );
    let at = |id: &str| data.map.space(id).map(|s| (f64::from(s.x), f64::from(s.y)));
    for m in marks {
        let class = format!("order {}{}", m.kind.class(), if m.failed { " failed" } else { "" });
        let dash = if m.failed { r#" stroke-dasharray="6 4""# } else { "" };
        let title = format!("<title>{}</title>", crate::markup::xml(&m.title));
        let side = match m.side {
            Some(Side::Imperial) => "#8e0000",
            Some(Side::Insurgent) => "#0d47a1",
            None => "#333",
        };
        let points: Vec<(f64, f64)> = m.path.iter().filter_map(|id| at(id)).collect();
        match (m.kind, points.as_slice()) {
            (MarkKind::Build, [(x, y), ..]) => {
                let _ = write!(
                    out,
                    r##"<circle class="{class}" cx="{x}" cy="{y}" r="26" fill="none" stroke="#1e8449" stroke-width="3" opacity="0.85">{title}</circle>"##
                );
            }
            (MarkKind::Remove, [(x, y), ..]) => {
                let _ = write!(
                    out,
                    r##"<path class="{class}" d="{}" stroke="#c0392b" stroke-width="4" opacity="0.85">{title}</path>"##,
                    crate::maps::draw::cross(*x, *y, 18.0)
                );
            }
            (kind, [first, .., last]) => {
                // Pulled in at both ends, so the arrow runs from rim to rim.
                let mut pts = points.clone();
                if let (Some(second), Some(before_last)) = (points.get(1), points.get(points.len() - 2)) {
                    let (x1, y1, _, _) = crate::maps::draw::shorten(*first, *second, 16.0, 0.0);
                    let (_, _, x2, y2) = crate::maps::draw::shorten(*before_last, *last, 0.0, 18.0);
                    pts[0] = (x1, y1);
                    let n = pts.len() - 1;
                    pts[n] = (x2, y2);
                }
                let (colour, width) = match kind {
                    MarkKind::Attack => ("#111", 3.0),
                    MarkKind::Fire => ("#6a1b9a", 2.5),
                    _ => (side, 3.5),
                };
                let text: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                let _ = write!(
                    out,
                    r##"<polyline class="{class}" points="{}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linejoin="round"{dash} opacity="0.85" marker-end="url(#fm-head)">{title}</polyline>"##,
                    text.join(" ")
                );
            }
            _ => {}
        }
    }
}

/// The siege drawn clear (`Frame::clear`, new campaigns): a title with the round and
/// the step; each space's name set where no other name or mark stands (inside the
/// circle, or beside it); the counts by side inside the circle, never covered; a lost
/// unit a red badge beside its space; each side's moves, attacks and cannon fire in
/// its own colour (fire dotted, a failed action dashed); and a legend.
pub fn svg_clear(state: &State, data: &Data, marks: &[super::picture::Mark], step: u64) -> String {
    use super::picture::MarkKind;
    use crate::maps::clear::{Placer, TITLE_H, text_box, text_width};
    let (w, h) = (680.0, 660.0);
    let top = TITLE_H;
    let legend_h = 84.0;
    let total = top + h + legend_h;
    let esc = crate::markup::xml;
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="board" width="{w:.0}" height="{total:.0}" viewBox="0 0 {w:.0} {total:.0}" font-family="DejaVu Sans, Verdana, sans-serif">"##
    );
    let title = format!("Freedom! Messolonghi 1825-26: {}, step {step}", round_title(state));
    let _ = write!(
        out,
        r##"<title>{}</title><rect width="{w:.0}" height="{total:.0}" fill="#f7f4ec"/><rect width="{w:.0}" height="{top:.0}" fill="#3b4a5a"/><text id="label-title" x="8" y="{:.1}" fill="#fff" font-size="13" font-weight="bold">{}</text>"##,
        esc(&title),
        top - 8.0,
        esc(&title)
    );
    out.push_str(r##"<defs><marker id="fm-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="context-stroke"/></marker></defs>"##);
    let _ = write!(out, r##"<g transform="translate(0 {top:.0})">"##);
    for (a, b, _) in &data.map.links {
        if let (Some(x), Some(y)) = (data.map.space(a), data.map.space(b)) {
            let _ =
                write!(out, r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#bbb"/>"##, x.x, x.y, y.x, y.y);
        }
    }
    let mut placer = Placer::new((1.0, 1.0, w - 1.0, h - 1.0));
    let mut texts = String::new();
    for sp in &data.map.spaces {
        let fill = match sp.kind {
            super::data::Kind::Camp => "#f2d7b6",
            super::data::Kind::Mainland => "#d9e8c4",
            super::data::Kind::Wall => match state.damage.get(&sp.id) {
                Some(1) => "#d9a35b",
                Some(_) => "#a05030",
                None => "#c8c8c8",
            },
            super::data::Kind::South => "#e8e0c8",
            super::data::Kind::Shore | super::data::Kind::Lagoon => "#bfe0f5",
            super::data::Kind::Island => "#e5d39c",
        };
        let (x, y) = (f64::from(sp.x), f64::from(sp.y));
        let _ = write!(
            out,
            r##"<g class="space" data-space="{}"><circle cx="{x}" cy="{y}" r="22" fill="{fill}" stroke="{}" stroke-width="{}"/></g>"##,
            esc(&sp.id),
            if sp.fort { "#1f4fa0" } else { "#555" },
            if sp.fort { 3 } else { 1 },
        );
        let st = state.stack(&sp.id);
        let counts: Vec<(&str, u32)> =
            [("#c62828", st.expeditionary), ("#2e7d32", st.allied), ("#1565c0", st.insurgent)]
                .into_iter()
                .filter(|(_, n)| *n > 0)
                .collect();
        if !counts.is_empty() {
            let text: String = counts.iter().map(|(_, n)| n.to_string()).collect::<Vec<_>>().join(" ");
            placer.take(text_box(x, y + 8.0, &text, 12.0, true));
            let spans: Vec<String> =
                counts.iter().map(|(c, n)| format!(r#"<tspan fill="{c}">{n}</tspan>"#)).collect();
            let _ = write!(
                texts,
                r#"<text id="label-count-{}" x="{x}" y="{}" font-size="12" font-weight="bold" text-anchor="middle">{}</text>"#,
                esc(&sp.id),
                y + 8.0,
                spans.join(" ")
            );
        }
        if let Some(c) = state.cannons.get(&sp.id) {
            let (cx, cy) = (x + 11.0, y + 11.0);
            placer.take((cx, cy, cx + 9.0, cy + 9.0));
            let _ = write!(
                out,
                r#"<g id="mark-cannon-{}"><title>cannon</title><rect x="{cx}" y="{cy}" width="9" height="9" fill="{}"/></g>"#,
                esc(&sp.id),
                if c.bombard { "#7b1fa2" } else { "#111" }
            );
        }
    }
    for sp in &data.map.spaces {
        let (x, y) = (f64::from(sp.x), f64::from(sp.y));
        let half = text_width(&sp.id, 9.0) / 2.0;
        let spots = [
            (x, y - 6.0),
            (x, y - 26.0),
            (x, y + 34.0),
            (x + half + 24.0, y + 3.0),
            (x - half - 24.0, y + 3.0),
            (x + half + 20.0, y - 18.0),
            (x - half - 20.0, y - 18.0),
        ];
        let cands: Vec<_> = spots.iter().map(|(sx, sy)| text_box(*sx, *sy, &sp.id, 9.0, true)).collect();
        let i = placer.place(&cands);
        let (sx, sy) = spots[i.min(spots.len() - 1)];
        let _ = write!(
            texts,
            r#"<text id="label-{}" x="{sx:.1}" y="{sy:.1}" font-size="9" text-anchor="middle">{}</text>"#,
            esc(&sp.id),
            esc(&sp.id)
        );
    }
    let at = |id: &str| data.map.space(id).map(|s| (f64::from(s.x), f64::from(s.y)));
    let mut lost: Vec<(String, u32, String)> = Vec::new();
    for m in marks {
        let class = format!("order {}{}", m.kind.class(), if m.failed { " failed" } else { "" });
        let title = format!("<title>{}</title>", esc(&m.title));
        let side = match m.side {
            Some(Side::Imperial) => "#8e0000",
            Some(Side::Insurgent) => "#0d47a1",
            None => "#333",
        };
        let points: Vec<(f64, f64)> = m.path.iter().filter_map(|id| at(id)).collect();
        match (m.kind, points.as_slice()) {
            (MarkKind::Build, [(x, y), ..]) => {
                let _ = write!(
                    out,
                    r##"<circle class="{class}" cx="{x}" cy="{y}" r="25" fill="none" stroke="#1e8449" stroke-width="3" opacity="0.85">{title}</circle>"##
                );
            }
            (MarkKind::Remove, [_, ..]) => {
                // One badge a lost unit, beside the space (its counts stay readable).
                let Some(space) = m.path.first() else { continue };
                lost.push((space.clone(), 1, m.title.clone()));
            }
            (kind, [first, .., last]) => {
                let mut pts = points.clone();
                if let (Some(second), Some(before_last)) = (points.get(1), points.get(points.len() - 2)) {
                    let (x1, y1, _, _) = crate::maps::draw::shorten(*first, *second, 16.0, 0.0);
                    let (_, _, x2, y2) = crate::maps::draw::shorten(*before_last, *last, 0.0, 18.0);
                    pts[0] = (x1, y1);
                    let n = pts.len() - 1;
                    pts[n] = (x2, y2);
                }
                let (width, pattern) = match kind {
                    MarkKind::Attack => (3.0, ""),
                    MarkKind::Fire => (2.6, r#" stroke-dasharray="1 5" stroke-linecap="round""#),
                    _ => (3.5, ""),
                };
                let pattern = if m.failed { r#" stroke-dasharray="7 4""# } else { pattern };
                let text: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                let _ = write!(
                    out,
                    r##"<polyline class="{class}" points="{}" fill="none" stroke="{side}" stroke-width="{width}" stroke-linejoin="round"{pattern} opacity="0.9" marker-end="url(#fm-head)">{title}</polyline>"##,
                    text.join(" ")
                );
            }
            _ => {}
        }
    }
    for (k, (space, n, t)) in lost.iter().enumerate() {
        let Some((x, y)) = at(space) else { continue };
        let spots: Vec<(f64, f64)> = (0..12)
            .map(|j| {
                let a = std::f64::consts::PI * (0.25 + f64::from(j) / 6.0);
                let d = if j < 8 { 31.0 } else { 44.0 };
                (x + d * a.cos(), y - d * a.sin())
            })
            .collect();
        let cands: Vec<_> = spots.iter().map(|(bx, by)| (bx - 9.0, by - 9.0, bx + 9.0, by + 9.0)).collect();
        let i = placer.place(&cands);
        let (bx, by) = spots[i.min(spots.len() - 1)];
        let _ = write!(
            out,
            r##"<g id="mark-lost-{k}-{}" class="order remove"><title>{}</title><circle cx="{bx:.1}" cy="{by:.1}" r="9" fill="#c0392b" stroke="#fff"/><text x="{bx:.1}" y="{:.1}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">-{n}</text></g>"##,
            esc(space),
            esc(t),
            by + 3.6
        );
    }
    out.push_str(&texts);
    out.push_str("</g>");
    let base = top + h;
    let _ = write!(
        out,
        r##"<rect y="{base:.0}" width="{w:.0}" height="{legend_h:.0}" fill="#fff" stroke="#999" stroke-width="0.6"/>"##
    );
    let swatches = [
        ("#c62828", "Expeditionary"),
        ("#2e7d32", "Allied"),
        ("#1565c0", "Insurgent"),
        ("#f2d7b6", "Camp"),
        ("#c8c8c8", "Wall"),
        ("#d9a35b", "damaged"),
        ("#a05030", "breached"),
        ("#bfe0f5", "sea"),
    ];
    let mut x = 8.0;
    for (k, (c, name)) in swatches.iter().enumerate() {
        let _ = write!(
            out,
            r##"<g id="mark-legend-{k}"><rect x="{x:.0}" y="{:.0}" width="11" height="11" fill="{c}" stroke="#111" stroke-width="0.6"/></g><text id="label-legend-{k}" x="{:.0}" y="{:.0}" font-size="10">{name}</text>"##,
            base + 7.0,
            x + 15.0,
            base + 16.5
        );
        x += 24.0 + text_width(name, 10.0);
    }
    let notes = [
        "numbers: units by side; blue ring: fort; square: cannon (purple: bombarding)",
        "arrows in the side's colour (Imperial red, Insurgent blue): thick move, attack,",
        "dotted cannon fire; dashed: failed; green ring: new unit; red badge: units lost",
    ];
    for (k, n) in notes.iter().enumerate() {
        let _ = write!(
            out,
            r##"<text id="label-note-{k}" x="8" y="{:.0}" font-size="10">{n}</text>"##,
            base + 36.0 + 15.0 * k as f64
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The round and stage, for the picture's title.
fn round_title(state: &State) -> String {
    match state.stage {
        Stage::Over => "the game is over".to_string(),
        _ => format!("round {}", state.round),
    }
}
