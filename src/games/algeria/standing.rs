//! Standing orders: a side's answers to the questions the rules put to it mid-turn
//! (who reacts, which units take losses, how PSP are shared...), given in advance so
//! the question costs no mail. A new file's lines replace a category's old ones. Each
//! has a documented default.

use super::data::{Data, Side};
use super::orders::area_at;
use crate::engine::Refusal;

fn up(w: &str) -> String {
    w.to_ascii_uppercase()
}

/// Mission names a REACT line may name.
pub const REACTABLE: [&str; 6] = ["ANY", "PROPAGANDA", "STRIKE", "MOVE", "RAID", "HARASS"];

/// Checks one standing line's words (after its category).
pub fn check(data: &Data, side: Side, category: &str, w: &[&str]) -> Result<(), Refusal> {
    let unit = |x: &str| data.kind_of(&up(x)).is_some();
    let ok = match category {
        "REACT" => return react(data, w).map(|_| ()),
        "LOSSES" => {
            !w.is_empty()
                && w.iter().all(|x| unit(x) || ["BAND", "CADRE", "FAILEK", "FRONT"].contains(&up(x).as_str()))
        }
        "PSP" => {
            matches!(w.first().map(|x| up(x)).as_deref(), Some("ADD" | "SUBTRACT") if w.len() == 1)
                || (w.len() == 2 && up(w[0]) == "SPLIT" && w[1].parse::<u32>().is_ok())
        }
        "KILLS" => w.len() == 1 && matches!(up(w[0]).as_str(), "ADD" | "SUBTRACT"),
        "AIR" => w.len() == 2 && up(w[0]) == "DEFEND" && w[1].parse::<u32>().is_ok(),
        "OAS" => {
            w.len() == 1 && (up(w[0]) == "FRANCE" || (up(w[0]) == "REMOVE" && side == Side::Government))
                || area_at(data, w).is_some_and(|(a, n)| {
                    n == w.len() && data.area(&a).is_some_and(|x| x.kind == super::data::AreaType::Urban)
                })
        }
        "UN" => w.len() == 1 && matches!(up(w[0]).as_str(), "RAISE" | "LOWER" | "ASK"),
        "PURGE" => w.len() == 1 && (up(w[0]) == "ASK" || !data.wilaya(&up(w[0])).is_empty()),
        "NATO" | "SUEZ" => !w.is_empty() && w.iter().all(|x| unit(x)),
        "COUP" => match w.first().map(|x| up(x)).as_deref() {
            Some("REMOVE") => w[1..].iter().all(|x| unit(x)),
            Some("BUY") => coup_buys(data, &w[1..]).is_some_and(|b| !b.is_empty()),
            _ => false,
        },
        _ => false,
    };
    if ok { Ok(()) } else { Err(Refusal(format!("{category}: {}", form(category)))) }
}

/// What a read standing line names must be there to be used: units of the side's
/// own (LOSSES the FLN's; NATO, SUEZ and COUP REMOVE the Government's), and a REACT's
/// HELO unit one that can be airmobilized (11.12: no division). Checked at ingest
/// (the rehearsal), so that files sealed before keep their reading.
pub fn usable(data: &Data, side: Side, category: &str, w: &[&str]) -> Result<(), Refusal> {
    if matches!(category, "LOSSES" | "NATO" | "SUEZ" | "COUP")
        && let Some(x) = w.iter().find(|x| data.kind_of(&up(x)).is_some_and(|k| k.side != side))
    {
        return Err(Refusal(format!("{category}: {} is not one of your units", up(x))));
    }
    if category == "REACT"
        && let Ok(line) = react(data, w)
        && let Some(h) = &line.helo
        && data.kind_of(h).is_none_or(|k| k.helo.is_none() || k.side != Side::Government)
    {
        return Err(Refusal(format!("REACT: {h} cannot be airmobilized (11.12)")));
    }
    Ok(())
}

/// The form of each category, for refusals and the reference.
pub fn form(category: &str) -> &'static str {
    match category {
        "REACT" => {
            "REACT <missions|ANY> [IN <areas>] [IF FP n] WITH <units>|ALL|BEST|NONE [HELO <unit>] [AIR n], or ... ASK"
        }
        "LOSSES" => "LOSSES <kinds or units in the order they take hits> (default: BAND CADRE FAILEK FRONT)",
        "PSP" => "PSP ADD, PSP SUBTRACT or PSP SPLIT <n to add> (default SUBTRACT)",
        "KILLS" => "KILLS ADD or KILLS SUBTRACT (default SUBTRACT)",
        "AIR" => "AIR DEFEND <n> (Air Points on Harass return fire; default 0)",
        "OAS" => "OAS <Urban area>|FRANCE, or OAS REMOVE (Government, above PSL 70)",
        "UN" => "UN RAISE, UN LOWER or UN ASK (default: FLN LOWER, Government RAISE)",
        "PURGE" => "PURGE <wilaya> or PURGE ASK (default: the wilaya with most FLN units)",
        "NATO" | "SUEZ" => "NATO <units> or SUEZ <units>, in the order they leave",
        "COUP" => {
            "COUP REMOVE <elite units, in the order disbanded>, or COUP BUY <AIR|HELO|NAVAL, or a unit kind and the area it is placed in, e.g. ELITE ALGIERS>... (what a coup's free mobilization buys, in that order; default AIR)"
        }
        _ => "",
    }
}

/// One thing a coup's free mobilization buys (B.2: "mobilize 2d6/1d6 PSP of units for
/// free"): Points, bought as often as the PSP allow, or one unit placed in an area of
/// Algeria as 6.31 places a mobilized one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoupBuy {
    Points(String),
    Unit { kind: String, area: String },
}

/// Reads a `COUP BUY` line's words (after BUY); None if one is not understood.
pub fn coup_buys(data: &Data, w: &[&str]) -> Option<Vec<CoupBuy>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(x) = w.get(i) {
        let x = up(x);
        if matches!(x.as_str(), "AIR" | "HELO" | "NAVAL") {
            out.push(CoupBuy::Points(x));
            i += 1;
        } else if super::orders::GOV_KINDS.contains(&x.as_str()) {
            let (area, n) = area_at(data, w.get(i + 1..).unwrap_or_default())?;
            if !super::orders::in_algeria(data, &area) {
                return None;
            }
            out.push(CoupBuy::Unit { kind: x.to_ascii_lowercase(), area });
            i += 1 + n;
        } else {
            return None;
        }
    }
    Some(out)
}

/// One REACT policy line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReactLine {
    pub missions: Vec<String>,
    pub areas: Vec<String>,
    pub min_fp: u32,
    pub with: ReactWith,
    pub helo: Option<String>,
    pub air: u32,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReactWith {
    Units(Vec<String>),
    All,
    Best,
    None,
    Ask,
}

/// Reads a REACT line's words (after REACT).
pub fn react(data: &Data, w: &[&str]) -> Result<ReactLine, Refusal> {
    let bad = || Refusal(format!("REACT: {}", form("REACT")));
    let mut i = 0;
    let mut missions = Vec::new();
    while let Some(x) = w.get(i) {
        let m = up(x);
        if m == "CIVIL" {
            return Err(bad());
        }
        if !REACTABLE.contains(&m.as_str()) {
            break;
        }
        missions.push(m);
        i += 1;
    }
    if missions.is_empty() {
        return Err(bad());
    }
    let mut areas = Vec::new();
    if w.get(i).map(|x| up(x)).as_deref() == Some("IN") {
        i += 1;
        while let Some((a, n)) = area_at(data, w.get(i..).unwrap_or(&[])) {
            areas.push(a);
            i += n;
        }
        if areas.is_empty() {
            return Err(bad());
        }
    }
    let mut min_fp = 0;
    if w.get(i).map(|x| up(x)).as_deref() == Some("IF") {
        if w.get(i + 1).map(|x| up(x)).as_deref() != Some("FP") {
            return Err(bad());
        }
        min_fp = w.get(i + 2).and_then(|n| n.parse().ok()).ok_or_else(bad)?;
        i += 3;
    }
    let with = match w.get(i).map(|x| up(x)).as_deref() {
        Some("ASK") => {
            i += 1;
            ReactWith::Ask
        }
        Some("WITH") => {
            i += 1;
            match w.get(i).map(|x| up(x)).as_deref() {
                Some("ALL") => {
                    i += 1;
                    ReactWith::All
                }
                Some("BEST") => {
                    i += 1;
                    ReactWith::Best
                }
                Some("NONE") => {
                    i += 1;
                    ReactWith::None
                }
                _ => {
                    let mut ids = Vec::new();
                    while let Some(x) = w.get(i) {
                        match data.kind_of(&up(x)) {
                            Some(k) if k.side == Side::Government && k.mobile => {
                                ids.push(up(x));
                                i += 1;
                            }
                            _ => break,
                        }
                    }
                    if ids.is_empty() {
                        return Err(bad());
                    }
                    ReactWith::Units(ids)
                }
            }
        }
        _ => return Err(bad()),
    };
    let mut helo = None;
    let mut air = 0;
    while let Some(x) = w.get(i) {
        match up(x).as_str() {
            "HELO" => {
                let u = w.get(i + 1).map(|x| up(x)).filter(|u| data.kind_of(u).is_some()).ok_or_else(bad)?;
                helo = Some(u);
                i += 2;
            }
            "AIR" => {
                air = w.get(i + 1).and_then(|n| n.parse().ok()).ok_or_else(bad)?;
                i += 2;
            }
            _ => return Err(bad()),
        }
    }
    let text =
        std::iter::once("REACT".to_string()).chain(w.iter().map(|x| up(x))).collect::<Vec<_>>().join(" ");
    Ok(ReactLine { missions, areas, min_fp, with, helo, air, text })
}

/// The first word after a category, upper-cased (PSP ADD -> "ADD").
pub fn word(lines: &[String], n: usize) -> Option<String> {
    lines.first().and_then(|l| l.split_whitespace().nth(n)).map(up)
}

/// The words after the category of the first line.
pub fn args(lines: &[String]) -> Vec<String> {
    lines.first().map(|l| l.split_whitespace().skip(1).map(up).collect()).unwrap_or_default()
}
