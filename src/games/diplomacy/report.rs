//! A phase's outcome as report lines, in the plain style of a zine's adjudication:
//! every order with its result, then dislodgements, retreats, adjustments, centres
//! changing hands and the centre count.

use super::adjust::AdjustOutcome;
use super::game::{PhaseKind, Position, Report};
use super::map::{Map, PowerId};
use super::retreat::RetreatOutcome;
use super::text::{self, Style};

/// A titled block of lines.
pub struct Block {
    pub title: String,
    pub lines: Vec<String>,
}

fn power_name(map: &Map, p: PowerId) -> &str {
    &map.power(p).name
}

fn owner_adj(map: &Map, p: Option<PowerId>) -> String {
    match p {
        Some(p) => map.power(p).adjective.clone(),
        None => "neutral".into(),
    }
}

/// The order results, one line each: `England: F London - North Sea (bounced)`.
pub fn order_lines(map: &Map, report: &Report) -> Vec<String> {
    report
        .orders
        .iter()
        .map(|o| {
            let note = if o.reason.is_empty() { String::new() } else { format!(" ({})", o.reason) };
            format!("{}: {}{note}", power_name(map, o.power), o.long)
        })
        .collect()
}

pub fn dislodged_lines(map: &Map, report: &Report) -> Vec<String> {
    report
        .dislodged
        .iter()
        .map(|d| {
            let options: Vec<String> =
                d.retreats.iter().map(|&r| text::region(map, r, Style::Long)).collect();
            let whereto = if options.is_empty() {
                "it cannot retreat and is disbanded".to_string()
            } else {
                format!("it may retreat to {}", options.join(", "))
            };
            format!(
                "The {} {} in {} is dislodged by the unit from {}{}; {whereto}.",
                map.power(d.unit.power).adjective,
                d.unit.kind.word(),
                text::region(map, d.unit.region, Style::Long),
                map.province(d.attacker_from).name,
                if d.by_convoy { " (by convoy)" } else { "" }
            )
        })
        .collect()
}

pub fn retreat_lines(map: &Map, report: &Report) -> Vec<String> {
    report
        .retreats
        .iter()
        .map(|r| {
            let (power, order) = (&r.power, &r.long);
            let mut result = match &r.outcome {
                RetreatOutcome::Retreated(_) => "retreats".to_string(),
                RetreatOutcome::Disbanded if r.default => "no order: disbanded".to_string(),
                RetreatOutcome::Disbanded => "disbanded".to_string(),
                RetreatOutcome::Collided(p) => {
                    format!("bounces with another retreat to {}; disbanded", map.province(*p).name)
                }
            };
            if r.standing {
                result.push_str("; from the standing retreat preference");
            }
            format!("{}: {order} ({result})", power_name(map, *power))
        })
        .collect()
}

pub fn adjustment_lines(map: &Map, report: &Report) -> Vec<String> {
    report
        .adjustments
        .iter()
        .map(|(power, o)| {
            let who = power_name(map, *power);
            let listed = report.standing.contains(power);
            match o {
                AdjustOutcome::Built(u) if listed => {
                    format!(
                        "{who} builds {} (from the standing build list)",
                        text::unit(map, *u, Style::Long)
                    )
                }
                AdjustOutcome::Built(u) => {
                    format!("{who} builds {}", text::unit(map, *u, Style::Long))
                }
                AdjustOutcome::Waived => format!("{who} waives a build"),
                AdjustOutcome::Removed(u) if listed => {
                    format!(
                        "{who} removes {} (from the standing removal list)",
                        text::unit(map, *u, Style::Long)
                    )
                }
                AdjustOutcome::Removed(u) => {
                    format!("{who} removes {}", text::unit(map, *u, Style::Long))
                }
                AdjustOutcome::RemovedInDisorder(u) => format!(
                    "{who} removes {} (civil disorder: the unit farthest from home)",
                    text::unit(map, *u, Style::Long)
                ),
                AdjustOutcome::Failed(why) => format!("{who}: {why}"),
            }
        })
        .collect()
}

pub fn change_lines(map: &Map, report: &Report) -> Vec<String> {
    report
        .changes
        .iter()
        .map(|(p, old, new)| {
            format!(
                "{} is now {} (was {})",
                map.province(*p).name,
                map.power(*new).adjective,
                owner_adj(map, *old)
            )
        })
        .collect()
}

/// `England: 5 centres, 4 units (1 to build)`, for every power still in the game;
/// the builds and removals are shown when the adjustment phase comes next.
pub fn count_lines(map: &Map, pos: &Position) -> Vec<String> {
    let winter = pos.turn.kind == PhaseKind::Adjustment;
    (0..map.powers.len() as PowerId)
        .filter(|&p| pos.survives(p))
        .map(|p| {
            let c = pos.ownership.count(p);
            let u = pos.board.count(p);
            let adj = match c as i64 - u as i64 {
                d if d > 0 && winter => format!(" ({d} to build)"),
                d if d < 0 && winter => format!(" ({} to remove)", -d),
                _ => String::new(),
            };
            format!(
                "{}: {c} centre{}, {u} unit{}{adj}",
                power_name(map, p),
                if c == 1 { "" } else { "s" },
                if u == 1 { "" } else { "s" }
            )
        })
        .collect()
}

/// The powers in the order reports list them: the map's, or (`by_name`) the
/// rulebook's, which names them alphabetically (Austria, England, France, ...).
pub fn powers(map: &Map, by_name: bool) -> Vec<PowerId> {
    let mut all: Vec<PowerId> = (0..map.powers.len() as PowerId).collect();
    if by_name {
        all.sort_by(|a, b| map.power(*a).name.cmp(&map.power(*b).name));
    }
    all
}

/// Revision 3: lines that start with a power's name (`England: ...`) in the rulebook's
/// order of powers, each power's own lines in the order they came; the next phase
/// labelled, so that the Results do not end on a bare `Fall 1901 Movement`.
pub fn in_rulebook_order(map: &Map, blocks: &mut [Block]) {
    let order = powers(map, true);
    let rank = |line: &str| {
        order
            .iter()
            .position(|&p| line.split_once(": ").is_some_and(|(who, _)| who == power_name(map, p)))
            .unwrap_or(order.len())
    };
    for b in blocks.iter_mut() {
        if b.title == "Next" {
            for line in &mut b.lines {
                *line = format!("Next: {line}");
            }
        } else {
            b.lines.sort_by_key(|l| rank(l));
        }
    }
}

/// The whole report of one phase, as titled blocks.
pub fn blocks(map: &Map, report: &Report, after: &Position) -> Vec<Block> {
    let mut out = Vec::new();
    let mut push = |title: &str, lines: Vec<String>| {
        if !lines.is_empty() {
            out.push(Block { title: title.to_string(), lines });
        }
    };
    push("Orders", order_lines(map, report));
    push("Dislodged", dislodged_lines(map, report));
    push("Retreats", retreat_lines(map, report));
    push("Adjustments", adjustment_lines(map, report));
    push("Supply centres changing hands", change_lines(map, report));
    let mut end = Vec::new();
    if let Some(w) = report.winner {
        end.push(format!("{} wins with {} supply centres.", power_name(map, w), after.ownership.count(w)));
    }
    if let Some(d) = &report.draw {
        let names: Vec<&str> = d.iter().map(|&p| power_name(map, p)).collect();
        end.push(format!("The game is drawn between {}.", names.join(", ")));
    }
    let over = !end.is_empty();
    push("Result", end);
    push("Centre count", count_lines(map, after));
    if !over {
        push("Next", vec![after.turn.title()]);
    }
    out
}
