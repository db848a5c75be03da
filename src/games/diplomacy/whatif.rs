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
//! The same position may be given as a JSON object (a file whose text starts with
//! `{`, or the `"position"` of a `what-if --batch` job), with the same fields, the
//! units under `"units"`:
//!
//! ```json
//! {"phase": "Fall 1901 Retreat", "contested": ["boh"],
//!  "units": [{"power": "england", "kind": "F", "at": "stp/nc"}],
//!  "dislodged": [{"power": "italy", "kind": "A", "at": "vie", "from": "tri", "by_convoy": false}],
//!  "centres": {"england": ["edi", "lon", "lvp"]}}
//! ```
//!
//! It is read straight into the position, without the TOML parser: in a batch of
//! thousands of phases, reading TOML positions was two fifths of the time.
//!
//! The orders file has one order a line, each starting with the power
//! (`England: F lon - nth`). Centres change hands after a Fall movement without
//! dislodgements, and after a Fall retreat.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::adjust::AdjustOutcome;
use super::board::{Board, Dislodged, Ownership};
use super::check::Stage;
use super::game::{self, PhaseKind, Position, Turn};
use super::map::{self, Map, RegionId};
use super::movement::retreat_options;
use super::notation::Names;
use super::retreat::RetreatOutcome;
use super::text::{self, Style};
use super::{orders, report, unit_from_record};
use crate::engine::WhatIfOutput;
use crate::engine::error::{Error, Result};
use crate::engine::what_if_jobs::{JobOf, Text};

/// The position file (TOML). Strings are owned: the toml crate unescapes every one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionFile {
    phase: String,
    #[serde(default)]
    contested: Vec<String>,
    #[serde(default)]
    unit: Vec<UnitEntry<String>>,
    #[serde(default)]
    dislodged: Vec<DislodgedEntry<String>>,
    centres: Option<BTreeMap<String, Vec<String>>>,
}

/// The same position as a JSON object, read straight from the text it is given (a
/// `what-if --batch` job line): its strings are slices of that text where they hold
/// no escapes.
///
/// ```json
/// {"phase": "Fall 1901 Retreat",
///  "units": [{"power": "england", "kind": "F", "at": "stp/nc"}],
///  "dislodged": [{"power": "italy", "kind": "A", "at": "vie", "from": "tri", "by_convoy": false}],
///  "centres": {"england": ["edi", "lon", "lvp"]},
///  "contested": ["boh"]}
/// ```
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionJson<'a> {
    #[serde(borrow)]
    phase: Text<'a>,
    #[serde(default, borrow)]
    contested: Vec<Text<'a>>,
    #[serde(default, borrow)]
    units: Vec<UnitEntry<Text<'a>>>,
    #[serde(default, borrow)]
    dislodged: Vec<DislodgedEntry<Text<'a>>>,
    #[serde(default, borrow)]
    centres: Option<BTreeMap<Text<'a>, Vec<Text<'a>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitEntry<S> {
    power: S,
    kind: S,
    at: S,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DislodgedEntry<S> {
    power: S,
    kind: S,
    at: S,
    from: S,
    #[serde(default)]
    by_convoy: bool,
}

/// How the messages name the parts of a position: as the TOML file writes them, or
/// as the JSON object does.
struct Words {
    label: &'static str,
    dislodged: &'static str,
    centres: &'static str,
}

const TOML_WORDS: Words = Words { label: "position file", dislodged: "[[dislodged]]", centres: "[centres]" };
const JSON_WORDS: Words = Words { label: "position", dislodged: "dislodged", centres: "centres:" };

/// Reads a what-if position against a map: a JSON object when the text starts with
/// `{` (no TOML file can), else the TOML position file.
pub fn read_position(map: &Map, text: &str) -> Result<Position> {
    if text.trim_start().starts_with('{') {
        let file: PositionJson<'_> =
            serde_json::from_str(text).map_err(|e| Error::input(format!("position: {e}")))?;
        return json_position(map, &file);
    }
    let file: PositionFile = toml::from_str(text).map_err(|e| Error::input(format!("position file: {e}")))?;
    build_position(
        map,
        &TOML_WORDS,
        &file.phase,
        &file.contested,
        &file.unit,
        &file.dislodged,
        file.centres.as_ref(),
    )
}

/// A position object, checked against the map.
fn json_position(map: &Map, file: &PositionJson<'_>) -> Result<Position> {
    build_position(
        map,
        &JSON_WORDS,
        file.phase.as_ref(),
        &file.contested,
        &file.units,
        &file.dislodged,
        file.centres.as_ref(),
    )
}

/// One position from either form, checked against the map.
fn build_position<S: AsRef<str>>(
    map: &Map,
    words: &Words,
    phase: &str,
    contested_ids: &[S],
    units: &[UnitEntry<S>],
    dislodged_units: &[DislodgedEntry<S>],
    centres: Option<&BTreeMap<S, Vec<S>>>,
) -> Result<Position> {
    let label = words.label;
    let turn = Turn::parse(phase).ok_or_else(|| {
        Error::input(format!("{label}: phase '{phase}' is not like 'Spring 1901 Movement', 'Fall 1901 Retreat' or 'Winter 1901 Adjustment'"))
    })?;
    let mut board = Board::empty(map);
    for (i, u) in units.iter().enumerate() {
        let (power, kind, at) = (u.power.as_ref(), u.kind.as_ref(), u.at.as_ref());
        let unit = unit_from_record(map, power, kind, at)
            .map_err(|e| Error::input(format!("{label}: unit {}: {e}", i + 1)))?;
        if board.place(map, unit).is_some() {
            return Err(Error::input(format!("{label}: two units in {at}")));
        }
    }
    let mut contested = Vec::new();
    for c in contested_ids {
        let c = c.as_ref();
        contested.push(
            map.province_by_id(c)
                .ok_or_else(|| Error::input(format!("{label}: contested '{c}' is not a province")))?,
        );
    }
    let mut dislodged = Vec::new();
    for (i, d) in dislodged_units.iter().enumerate() {
        let unit = unit_from_record(map, d.power.as_ref(), d.kind.as_ref(), d.at.as_ref())
            .map_err(|e| Error::input(format!("{label}: dislodged unit {}: {e}", i + 1)))?;
        let from = map.province_by_id(d.from.as_ref()).ok_or_else(|| {
            Error::input(format!(
                "{label}: dislodged unit {}: from '{}' is not a province",
                i + 1,
                d.from.as_ref()
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
        return Err(Error::input(format!("{label}: {} units belong to a retreat phase", words.dislodged)));
    }
    let ownership = match centres {
        None => Ownership::start(map),
        Some(list) => {
            let mut own = Ownership { owner: vec![None; map.province_count()], off_board: Vec::new() };
            for (power, centres) in list {
                let power = power.as_ref();
                let pw = map.power_by_name(power).ok_or_else(|| {
                    Error::input(format!("{label}: {} '{power}' is not a power", words.centres))
                })?;
                for c in centres {
                    let c = c.as_ref();
                    let p = map.province_by_id(c).filter(|&p| map.province(p).centre).ok_or_else(|| {
                        Error::input(format!("{label}: {} '{c}' is not a supply centre", words.centres))
                    })?;
                    if own.owner[p as usize].is_some() {
                        return Err(Error::input(format!("{label}: {} {c} is listed twice", words.centres)));
                    }
                    own.owner[p as usize] = Some(pw);
                }
            }
            own
        }
    };
    Ok(Position { turn, board, dislodged, ownership })
}

/// One order's fate in the JSON result. Strings are borrowed from the map and the
/// phase's report where they can be.
#[derive(Serialize)]
struct JsonOrder<'a> {
    power: Option<&'a str>,
    order: Cow<'a, str>,
    result: &'static str,
    reason: Cow<'a, str>,
}

#[derive(Serialize)]
struct JsonUnit<'a> {
    power: &'a str,
    kind: &'static str,
    at: Cow<'a, str>,
}

#[derive(Serialize)]
struct JsonDislodged<'a> {
    power: &'a str,
    kind: &'static str,
    at: Cow<'a, str>,
    retreats: Vec<Cow<'a, str>>,
}

#[derive(Serialize)]
struct JsonOut<'a> {
    orders: Vec<JsonOrder<'a>>,
    units: Vec<JsonUnit<'a>>,
    dislodged: Vec<JsonDislodged<'a>>,
    centres: BTreeMap<&'a str, Vec<&'a str>>,
}

impl JsonOut<'_> {
    /// The result as one line of JSON, the bytes `serde_json::to_string` writes: a
    /// batch writes thousands, and serde's writer took a tenth of it.
    fn line(&self) -> String {
        let mut out = String::with_capacity(64 * (self.orders.len() + self.units.len()) + 512);
        out.push_str("{\"orders\":[");
        for (i, o) in self.orders.iter().enumerate() {
            out.push_str(if i == 0 { "{\"power\":" } else { ",{\"power\":" });
            match o.power {
                Some(p) => json_str(&mut out, p),
                None => out.push_str("null"),
            }
            out.push_str(",\"order\":");
            json_str(&mut out, &o.order);
            out.push_str(",\"result\":");
            json_str(&mut out, o.result);
            out.push_str(",\"reason\":");
            json_str(&mut out, &o.reason);
            out.push('}');
        }
        out.push_str("],\"units\":[");
        for (i, u) in self.units.iter().enumerate() {
            unit_fields(&mut out, i == 0, u.power, u.kind, &u.at);
            out.push('}');
        }
        out.push_str("],\"dislodged\":[");
        for (i, d) in self.dislodged.iter().enumerate() {
            unit_fields(&mut out, i == 0, d.power, d.kind, &d.at);
            out.push_str(",\"retreats\":");
            json_list(&mut out, d.retreats.iter().map(AsRef::as_ref));
            out.push('}');
        }
        out.push_str("],\"centres\":{");
        for (i, (power, list)) in self.centres.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_str(&mut out, power);
            out.push(':');
            json_list(&mut out, list.iter().copied());
        }
        out.push_str("}}");
        out
    }
}

/// `{"power":…,"kind":…,"at":…` of a unit or a dislodged unit, after a comma unless
/// it is the `first` of its list; the caller closes it.
fn unit_fields(out: &mut String, first: bool, power: &str, kind: &str, at: &str) {
    out.push_str(if first { "{\"power\":" } else { ",{\"power\":" });
    json_str(out, power);
    out.push_str(",\"kind\":");
    json_str(out, kind);
    out.push_str(",\"at\":");
    json_str(out, at);
}

/// A JSON string as serde_json writes it: as it stands when nothing in it needs an
/// escape (names, ids, most reasons), else through serde_json.
fn json_str(out: &mut String, s: &str) {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        out.push_str(&serde_json::Value::from(s).to_string());
    }
}

fn json_list<'s>(out: &mut String, items: impl Iterator<Item = &'s str>) {
    out.push('[');
    for (i, s) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, s);
    }
    out.push(']');
}

/// `lon`, `stp/nc`: [`Map::region_name`], borrowed when the region is a province.
fn region_id(map: &Map, r: RegionId) -> Cow<'_, str> {
    let reg = map.region(r);
    match reg.coast {
        Some(_) => Cow::Owned(map.region_name(r)),
        None => Cow::Borrowed(&map.province(reg.province).id),
    }
}

/// The standard map and its names, read once per process: `what-if --batch`
/// adjudicates thousands of phases.
fn standard() -> Result<&'static (Map, Names)> {
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
    loaded.as_ref().map_err(|e| Error::input(e.clone()))
}

/// Adjudicates one phase of the standard map from a position (the TOML file, or a
/// JSON object) and an orders text; returns JSON (`json`) or a zine-style text report.
pub fn what_if(position: &str, orders_text: &str, output: WhatIfOutput) -> Result<String> {
    let lines: Vec<&str> = orders_text.lines().collect();
    what_if_lines(position, &lines, output)
}

/// [`what_if`] with the orders already split into lines (each line may hold more
/// lines, which are split again).
pub fn what_if_lines(position: &str, orders: &[&str], output: WhatIfOutput) -> Result<String> {
    let (map, names) = standard()?;
    what_if_with(map, names, position, orders, output)
}

/// `what-if --batch`'s reader of a whole job line (see [`WhatIfTool::job`]): the
/// position object is read as [`PositionJson`] while the line is, so its text is
/// read once. The answer is the one [`what_if_lines`] gives for the same job.
///
/// [`WhatIfTool::job`]: crate::engine::WhatIfTool::job
pub fn what_if_job(line: &str) -> Option<(serde_json::Value, Result<String>)> {
    let job: JobOf<'_, PositionJson<'_>> = JobOf::read(line)?;
    let result = standard().and_then(|(map, names)| {
        let pos = json_position(map, &job.position)?;
        adjudicate(map, names, pos, &job.order_lines(), WhatIfOutput::JsonLine)
    });
    Some((job.id, result))
}

/// The same on any map.
pub fn what_if_on(map: &Map, position: &str, orders_text: &str, output: WhatIfOutput) -> Result<String> {
    let lines: Vec<&str> = orders_text.lines().collect();
    what_if_with(map, &Names::new(map), position, &lines, output)
}

fn what_if_with(
    map: &Map,
    names: &Names,
    position: &str,
    orders_lines: &[&str],
    output: WhatIfOutput,
) -> Result<String> {
    adjudicate(map, names, read_position(map, position)?, orders_lines, output)
}

/// One phase from a position read and checked: the result as `output` asks.
fn adjudicate(
    map: &Map,
    names: &Names,
    pos: Position,
    orders_lines: &[&str],
    output: WhatIfOutput,
) -> Result<String> {
    let stage = match pos.turn.kind {
        PhaseKind::Movement => Stage::Movement,
        PhaseKind::Retreat => Stage::Retreat { dislodged: &pos.dislodged },
        PhaseKind::Adjustment => Stage::Adjustment { ownership: &pos.ownership },
    };
    let rules = orders::Rules { strict_coasts: false, preferences: super::check::Preferences::None };
    let lines = orders_lines.iter().flat_map(|l| l.lines());
    let read = orders::read_lines(map, names, &pos.board, stage, None, lines, rules);
    let short_only = matches!(output, WhatIfOutput::Json | WhatIfOutput::JsonLine);
    let (next, rep) = if short_only {
        game::advance_short(map, &pos, &read.orders)
    } else {
        game::advance(map, &pos, &read.orders, &[])
    };
    let invalid: Vec<JsonOrder<'_>> = read
        .errors()
        .map(|l| JsonOrder {
            power: l.power.map(|p| map.power(p).id.as_str()),
            order: Cow::Borrowed(crate::games::diplomacy::notation::split_power(map, &l.text).1),
            result: "invalid",
            reason: Cow::Borrowed(l.error.as_deref().unwrap_or_default()),
        })
        .collect();
    if output == WhatIfOutput::Svg {
        let layout = super::picture::layout(map, super::BOARD_FILE, super::BOARD_TOML)
            .map_err(|e| Error::data(super::BOARD_FILE, e))?;
        let events: Vec<crate::engine::Event> = report::blocks(map, &rep, &next)
            .into_iter()
            .flat_map(|b| {
                let section = b.title;
                b.lines.into_iter().map(move |text| crate::engine::Event {
                    audience: crate::engine::Audience::Public,
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
    let mut list =
        Vec::with_capacity(rep.orders.len() + rep.retreats.len() + rep.adjustments.len() + invalid.len());
    let pid = |p: u8| Some(map.power(p).id.as_str());
    for o in &rep.orders {
        list.push(JsonOrder {
            power: pid(o.power),
            order: Cow::Borrowed(&o.short),
            result: if o.succeeded { "succeeds" } else { "fails" },
            reason: Cow::Borrowed(&o.reason),
        });
    }
    for r in &rep.retreats {
        let (result, reason) = match &r.outcome {
            RetreatOutcome::Retreated(_) => ("succeeds", Cow::Borrowed("")),
            RetreatOutcome::Disbanded if r.default => ("succeeds", Cow::Borrowed("no order: disbands")),
            RetreatOutcome::Disbanded => ("succeeds", Cow::Borrowed("")),
            RetreatOutcome::Collided(p) => (
                "fails",
                Cow::Owned(format!("bounced with another retreat to {}; disbanded", map.province(*p).id)),
            ),
        };
        list.push(JsonOrder { power: pid(r.power), order: Cow::Borrowed(&r.short), result, reason });
    }
    for (power, a) in &rep.adjustments {
        let (order, result, reason) = match a {
            AdjustOutcome::Built(u) => {
                (format!("Build {}", text::unit(map, *u, Style::Short)), "succeeds", Cow::Borrowed(""))
            }
            AdjustOutcome::Waived => ("Waive".to_string(), "succeeds", Cow::Borrowed("")),
            AdjustOutcome::Removed(u) => {
                (format!("Remove {}", text::unit(map, *u, Style::Short)), "succeeds", Cow::Borrowed(""))
            }
            AdjustOutcome::RemovedInDisorder(u) => (
                format!("Remove {}", text::unit(map, *u, Style::Short)),
                "succeeds",
                Cow::Borrowed("civil disorder: the unit farthest from home"),
            ),
            AdjustOutcome::Failed(why) => ("Build".to_string(), "fails", Cow::Borrowed(why.as_str())),
        };
        list.push(JsonOrder { power: pid(*power), order: Cow::Owned(order), result, reason });
    }
    list.extend(invalid);
    let units = next
        .board
        .units
        .iter()
        .flatten()
        .map(|u| JsonUnit {
            power: &map.power(u.power).id,
            kind: u.kind.letter(),
            at: region_id(map, u.region),
        })
        .collect();
    let dislodged = rep
        .dislodged
        .iter()
        .map(|d| JsonDislodged {
            power: &map.power(d.unit.power).id,
            kind: d.unit.kind.letter(),
            at: region_id(map, d.unit.region),
            retreats: d.retreats.iter().map(|&r| region_id(map, r)).collect(),
        })
        .collect();
    let mut centres: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for p in map.centres() {
        if let Some(pw) = next.ownership.owner[p as usize] {
            centres.entry(&map.power(pw).id).or_default().push(&map.province(p).id);
        }
    }
    let out = JsonOut { orders: list, units, dislodged, centres };
    Ok(match output {
        WhatIfOutput::JsonLine => out.line(),
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

    /// The batch's hand-written line is serde_json's, byte for byte: every kind of
    /// entry, a player's text that needs escapes, and no entries at all.
    #[test]
    fn the_json_line_is_serde_jsons() {
        let reason = "say \"hi\"\t\\ \u{1}\u{7f} é".to_string();
        let out = JsonOut {
            orders: vec![
                JsonOrder {
                    power: Some("austria"),
                    order: Cow::Borrowed("A vie - tyr"),
                    result: "fails",
                    reason: Cow::Borrowed("bounced"),
                },
                JsonOrder {
                    power: None,
                    order: Cow::Owned(reason.clone()),
                    result: "invalid",
                    reason: Cow::Owned(reason),
                },
            ],
            units: vec![JsonUnit { power: "england", kind: "F", at: Cow::Borrowed("stp/nc") }],
            dislodged: vec![
                JsonDislodged { power: "italy", kind: "A", at: Cow::Borrowed("vie"), retreats: vec![] },
                JsonDislodged {
                    power: "italy",
                    kind: "F",
                    at: Cow::Borrowed("tri"),
                    retreats: vec![Cow::Borrowed("adr"), Cow::Borrowed("alb")],
                },
            ],
            centres: [("austria", vec!["bud", "vie"]), ("england", vec![])].into_iter().collect(),
        };
        assert_eq!(out.line(), serde_json::to_string(&out).unwrap());
        let empty = JsonOut { orders: vec![], units: vec![], dislodged: vec![], centres: BTreeMap::new() };
        assert_eq!(empty.line(), serde_json::to_string(&empty).unwrap());
        // A whole result, with a player's line that needs escapes echoed back.
        let orders = "Austria: A vie - tyr\nItaly: A ven - tyr\nGermany: A \"xyz\" - par\t";
        let line = what_if(POSITION, orders, WhatIfOutput::JsonLine).unwrap();
        let pretty = what_if(POSITION, orders, WhatIfOutput::Json).unwrap();
        let v: serde_json::Value = serde_json::from_str(&pretty).unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&line).unwrap(), v);
        assert!(line.contains(r#""order":"A \"xyz\" - par","result":"invalid""#), "{line}");
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
