//! `umpire what-if diplomacy --position FILE --orders FILE [--json]`: adjudicates one
//! phase from a position, without a campaign, to check a ruling.
//!
//! The position file (TOML):
//!
//! ```toml
//! phase = "Spring 1901 Movement"   # Spring or Fall: Movement or Retreat; Winter (or Fall) Adjustment
//! contested = ["boh"]              # optional, retreat phases: provinces left empty by a standoff
//!
//! [[unit]]
//! power = "england"                # id, name or abbreviation
//! kind = "F"
//! at = "stp/nc"
//!
//! [[dislodged]]                    # retreat phases: units waiting to retreat
//! power = "italy"
//! kind = "A"
//! at = "vie"
//! from = "tri"                     # where the attacker came from
//! by_convoy = false                # optional: the attacker came by convoy
//!
//! [centres]                        # optional; without it each power owns its home centres
//! england = ["edi", "lon", "lvp"]
//! ```
//!
//! The orders file has one order a line, each starting with the power
//! (`England: F lon - nth`). Centres change hands after a Fall movement without
//! dislodgements, and after a Fall retreat.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::adjust::AdjustOutcome;
use super::board::{Board, Dislodged, Ownership};
use super::check::Stage;
use super::game::{self, PhaseKind, Position, Turn};
use super::map::{self, Map, UnitKind};
use super::movement::retreat_options;
use super::notation::Names;
use super::retreat::RetreatOutcome;
use super::text::{self, Style};
use super::{centres_of, orders, report, unit_from_record, unit_record};
use crate::systems::WhatIfOutput;
use crate::systems::error::{Error, Result};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionFile {
    phase: String,
    #[serde(default)]
    contested: Vec<String>,
    #[serde(default)]
    unit: Vec<UnitEntry>,
    #[serde(default)]
    dislodged: Vec<DislodgedEntry>,
    centres: Option<BTreeMap<String, Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitEntry {
    power: String,
    kind: String,
    at: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DislodgedEntry {
    power: String,
    kind: String,
    at: String,
    from: String,
    #[serde(default)]
    by_convoy: bool,
}

/// Reads a what-if position file against a map.
pub fn read_position(map: &Map, text: &str) -> Result<Position> {
    let file: PositionFile = toml::from_str(text).map_err(|e| Error::input(format!("position file: {e}")))?;
    let turn = Turn::parse(&file.phase).ok_or_else(|| {
        Error::input(format!("position file: phase '{}' is not like 'Spring 1901 Movement', 'Fall 1901 Retreat' or 'Winter 1901 Adjustment'",
            file.phase))
    })?;
    let mut board = Board::empty(map);
    for (i, u) in file.unit.iter().enumerate() {
        let unit = unit_from_record(map, &u.power, &u.kind, &u.at)
            .map_err(|e| Error::input(format!("position file: unit {}: {e}", i + 1)))?;
        if board.place(map, unit).is_some() {
            return Err(Error::input(format!("position file: two units in {}", u.at)));
        }
    }
    let mut contested = Vec::new();
    for c in &file.contested {
        contested.push(
            map.province_by_id(c)
                .ok_or_else(|| Error::input(format!("position file: contested '{c}' is not a province")))?,
        );
    }
    let mut dislodged = Vec::new();
    for (i, d) in file.dislodged.iter().enumerate() {
        let unit = unit_from_record(map, &d.power, &d.kind, &d.at)
            .map_err(|e| Error::input(format!("position file: dislodged unit {}: {e}", i + 1)))?;
        let from = map.province_by_id(&d.from).ok_or_else(|| {
            Error::input(format!(
                "position file: dislodged unit {}: from '{}' is not a province",
                i + 1,
                d.from
            ))
        })?;
        let barred = (!d.by_convoy).then_some(from);
        dislodged.push(Dislodged {
            unit,
            attacker_from: from,
            by_convoy: d.by_convoy,
            retreats: retreat_options(map, &board, &contested, unit, barred),
        });
    }
    if !dislodged.is_empty() && turn.kind != PhaseKind::Retreat {
        return Err(Error::input("position file: [[dislodged]] units belong to a retreat phase"));
    }
    let ownership = match &file.centres {
        None => Ownership::start(map),
        Some(list) => {
            let mut own = Ownership { owner: vec![None; map.province_count()], off_board: Vec::new() };
            for (power, centres) in list {
                let pw = map.power_by_name(power).ok_or_else(|| {
                    Error::input(format!("position file: [centres] '{power}' is not a power"))
                })?;
                for c in centres {
                    let p = map.province_by_id(c).filter(|&p| map.province(p).centre).ok_or_else(|| {
                        Error::input(format!("position file: [centres] '{c}' is not a supply centre"))
                    })?;
                    if own.owner[p as usize].is_some() {
                        return Err(Error::input(format!("position file: [centres] {c} is listed twice")));
                    }
                    own.owner[p as usize] = Some(pw);
                }
            }
            own
        }
    };
    Ok(Position { turn, board, dislodged, ownership })
}

#[derive(Serialize)]
struct JsonOrder {
    power: Option<String>,
    order: String,
    result: &'static str,
    reason: String,
}

#[derive(Serialize)]
struct JsonUnit {
    power: String,
    kind: String,
    at: String,
}

#[derive(Serialize)]
struct JsonDislodged {
    power: String,
    kind: String,
    at: String,
    retreats: Vec<String>,
}

#[derive(Serialize)]
struct JsonOut {
    orders: Vec<JsonOrder>,
    units: Vec<JsonUnit>,
    dislodged: Vec<JsonDislodged>,
    centres: BTreeMap<String, Vec<String>>,
}

/// Adjudicates one phase of the standard map from a position file and an orders
/// file; returns JSON (`json`) or a zine-style text report.
pub fn what_if(position_toml: &str, orders_text: &str, output: WhatIfOutput) -> Result<String> {
    // Read once per process: `what-if --batch` adjudicates thousands of phases.
    static STANDARD: std::sync::OnceLock<std::result::Result<(Map, Names), String>> =
        std::sync::OnceLock::new();
    let loaded = STANDARD.get_or_init(|| {
        map::standard()
            .map(|m| {
                let names = Names::new(&m);
                (m, names)
            })
            .map_err(|e| format!("{e:#}"))
    });
    let (map, names) = loaded.as_ref().map_err(|e| Error::input(e.clone()))?;
    what_if_with(map, names, position_toml, orders_text, output)
}

/// The same on any map.
pub fn what_if_on(map: &Map, position_toml: &str, orders_text: &str, output: WhatIfOutput) -> Result<String> {
    what_if_with(map, &Names::new(map), position_toml, orders_text, output)
}

fn what_if_with(
    map: &Map,
    names: &Names,
    position_toml: &str,
    orders_text: &str,
    output: WhatIfOutput,
) -> Result<String> {
    let pos = read_position(map, position_toml)?;
    let stage = match pos.turn.kind {
        PhaseKind::Movement => Stage::Movement,
        PhaseKind::Retreat => Stage::Retreat { dislodged: &pos.dislodged },
        PhaseKind::Adjustment => Stage::Adjustment { ownership: &pos.ownership },
    };
    let read = orders::read(map, names, &pos.board, stage, None, orders_text);
    let (next, rep) = game::advance(map, &pos, &read.orders, &[]);
    let invalid: Vec<JsonOrder> = read
        .errors()
        .map(|l| JsonOrder {
            power: l.power.map(|p| map.power(p).id.clone()),
            order: crate::systems::diplomacy::notation::split_power(map, &l.text).1.to_string(),
            result: "invalid",
            reason: l.error.clone().unwrap_or_default(),
        })
        .collect();
    if output == WhatIfOutput::Svg {
        let layout = super::picture::layout(map, super::BOARD_FILE, super::BOARD_TOML)
            .map_err(|e| Error::data(super::BOARD_FILE, e))?;
        let events: Vec<crate::systems::Event> = report::blocks(map, &rep, &next)
            .into_iter()
            .flat_map(|b| {
                let section = b.title;
                b.lines.into_iter().map(move |text| crate::systems::Event {
                    audience: crate::systems::Audience::Public,
                    text,
                    data: serde_json::json!({ "section": section }),
                })
            })
            .collect();
        let on = super::picture::OnBoard {
            board: &next.board,
            ownership: &next.ownership,
            dislodged: &next.dislodged,
        };
        let title = format!("{} (what-if)", pos.turn.title());
        return Ok(crate::maps::draw::svg(&layout, &super::picture::scene(map, names, title, on, &events)));
    }
    if output == WhatIfOutput::Text {
        let mut out = String::new();
        out.push_str(&format!("{} (what-if)\n", pos.turn.title()));
        if !invalid.is_empty() {
            out.push_str("\nOrders not accepted (the units they name hold, or disband in a retreat):\n");
            for o in &invalid {
                let who = o
                    .power
                    .as_deref()
                    .and_then(|p| map.power_index(p))
                    .map(|p| map.power(p).name.clone())
                    .unwrap_or_else(|| "?".into());
                out.push_str(&format!("  {who}: {} -- {}\n", o.order, o.reason));
            }
        }
        for b in report::blocks(map, &rep, &next) {
            out.push_str(&format!("\n{}:\n", b.title));
            for l in b.lines {
                out.push_str(&format!("  {l}\n"));
            }
        }
        return Ok(out);
    }
    let mut list = Vec::new();
    let pid = |p: u8| Some(map.power(p).id.clone());
    for o in &rep.orders {
        list.push(JsonOrder {
            power: pid(o.power),
            order: o.short.clone(),
            result: if o.succeeded { "succeeds" } else { "fails" },
            reason: o.reason.clone(),
        });
    }
    for r in &rep.retreats {
        let (result, reason) = match &r.outcome {
            RetreatOutcome::Retreated(_) => ("succeeds", String::new()),
            RetreatOutcome::Disbanded if r.default => ("succeeds", "no order: disbands".to_string()),
            RetreatOutcome::Disbanded => ("succeeds", String::new()),
            RetreatOutcome::Collided(p) => {
                ("fails", format!("bounced with another retreat to {}; disbanded", map.province(*p).id))
            }
        };
        list.push(JsonOrder { power: pid(r.power), order: r.short.clone(), result, reason });
    }
    for (power, a) in &rep.adjustments {
        let (order, result, reason) = match a {
            AdjustOutcome::Built(u) => {
                (format!("Build {}", text::unit(map, *u, Style::Short)), "succeeds", String::new())
            }
            AdjustOutcome::Waived => ("Waive".to_string(), "succeeds", String::new()),
            AdjustOutcome::Removed(u) => {
                (format!("Remove {}", text::unit(map, *u, Style::Short)), "succeeds", String::new())
            }
            AdjustOutcome::RemovedInDisorder(u) => (
                format!("Remove {}", text::unit(map, *u, Style::Short)),
                "succeeds",
                "civil disorder: the unit farthest from home".to_string(),
            ),
            AdjustOutcome::Failed(why) => ("Build".to_string(), "fails", why.clone()),
        };
        list.push(JsonOrder { power: pid(*power), order, result, reason });
    }
    list.extend(invalid);
    let units = next
        .board
        .units
        .iter()
        .flatten()
        .map(|&u| {
            let r = unit_record(map, u);
            JsonUnit { power: r.power, kind: r.kind, at: r.at }
        })
        .collect();
    let dislodged = rep
        .dislodged
        .iter()
        .map(|d| JsonDislodged {
            power: map.power(d.unit.power).id.clone(),
            kind: match d.unit.kind {
                UnitKind::Army => "A".into(),
                UnitKind::Fleet => "F".into(),
            },
            at: map.region_name(d.unit.region),
            retreats: d.retreats.iter().map(|&r| map.region_name(r)).collect(),
        })
        .collect();
    let out = JsonOut { orders: list, units, dislodged, centres: centres_of(map, &next.ownership) };
    Ok(match output {
        WhatIfOutput::JsonLine => serde_json::to_string(&out)?,
        _ => serde_json::to_string_pretty(&out)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const POSITION: &str = r#"
phase = "Spring 1901 Movement"
[[unit]]
power = "austria"
kind = "A"
at = "vie"
[[unit]]
power = "italy"
kind = "A"
at = "ven"
[[unit]]
power = "germany"
kind = "A"
at = "mun"
"#;

    #[test]
    fn a_bounce_in_json() {
        let out = what_if(
            POSITION,
            "Austria: A vie - tyr\nItaly: A ven - tyr\nGermany: A mun - kie\nGermany: A xyz - par",
            WhatIfOutput::Json,
        )
        .unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let orders = v["orders"].as_array().unwrap();
        assert_eq!(orders.len(), 4);
        let vie = orders.iter().find(|o| o["order"] == "A vie - tyr").unwrap();
        assert_eq!(vie["result"], "fails");
        assert_eq!(vie["reason"], "bounced");
        assert_eq!(vie["power"], "austria");
        assert_eq!(orders[3]["result"], "invalid");
        assert!(v["units"].as_array().unwrap().iter().any(|u| u["at"] == "kie"));
        assert_eq!(v["centres"]["austria"][0], "bud");
    }

    #[test]
    fn text_report_reads_like_a_zine() {
        let out = what_if(POSITION, "Austria: A vie - tyr\nItaly: A ven - tyr", WhatIfOutput::Text).unwrap();
        assert!(out.contains("Austria: A Vienna - Tyrolia (bounced)"), "{out}");
        assert!(out.contains("Germany: A Munich H (no order: holds)"), "{out}");
    }

    #[test]
    fn bad_position_files_say_why() {
        let e = what_if("phase = \"Summer 1901 Movement\"", "", WhatIfOutput::Json).unwrap_err().to_string();
        assert!(e.contains("Summer"), "{e}");
        let e = what_if(
            "phase = \"Spring 1901 Movement\"\n[[unit]]\npower = \"england\"\nkind = \"A\"\nat = \"nth\"",
            "",
            WhatIfOutput::Json,
        )
        .unwrap_err();
        assert!(format!("{e:#}").contains("cannot stand there"), "{e:#}");
    }
}
