//! The orders notation: one order per line, case does not matter, `#` starts a
//! comment, a line `END` (or `SIGNOFF`) ends the orders. See README.md for the
//! whole notation with examples. This module reads the words; the phase modules
//! check the orders against the map.

use super::rules::Map;
use super::standing::{ControlChoice, InitiativeChoice, RetreatRule, StandingLine};
use super::state::Loc;
use crate::engine::Refusal;

/// What to do with a square cleared by an attack (11.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Occupy {
    /// Default: the first listed attacker still able to move in.
    First,
    Unit(String),
    No,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub target: Loc,
    pub units: Vec<String>,
    pub airstrike: bool,
    pub pp: bool,
    pub occupy: Occupy,
    /// Attack only if the final odds column is at least this (a condition the
    /// attacker could have decided at the table after earlier results, 11.1 note).
    pub min_odds: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    Place {
        kind: String,
        to: Loc,
    },
    Resettle {
        region: String,
    },
    Build {
        kind: String,
        to: Loc,
    },
    BuildAirstrike,
    Upgrade {
        id: String,
    },
    Disband {
        id: String,
    },
    Break {
        id: String,
    },
    Combine {
        ids: Vec<String>,
    },
    Mode {
        id: String,
        unconventional: bool,
    },
    Move {
        id: String,
        path: Vec<Loc>,
    },
    Attack(Attack),
    Standing(StandingLine),
    Pass,
    /// Asks for the reference tables in the acknowledgement; changes nothing.
    Reference,
}

impl Order {
    /// Which part of the turn the order belongs to, in the order they resolve.
    pub fn part(&self) -> Part {
        match self {
            Order::Place { .. } => Part::Setup,
            Order::Resettle { .. }
            | Order::Build { .. }
            | Order::BuildAirstrike
            | Order::Upgrade { .. }
            | Order::Disband { .. } => Part::Mobilization,
            Order::Break { .. } | Order::Combine { .. } | Order::Mode { .. } | Order::Move { .. } => {
                Part::Movement
            }
            Order::Attack(_) => Part::Conflict,
            Order::Standing(_) | Order::Pass | Order::Reference => Part::Standing,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    Setup,
    Mobilization,
    Movement,
    Conflict,
    Standing,
}

/// A numbered order line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    pub text: String,
    pub order: Order,
}

/// Splits a body into order lines; returns the lines and (number, text, reason)
/// for every line that cannot be read.
pub fn read(map: &Map, body: &str) -> (Vec<Line>, Vec<(usize, String, String)>) {
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in body.lines().enumerate() {
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let first = text.split_whitespace().next().unwrap_or("");
        if first.eq_ignore_ascii_case("end") || first.eq_ignore_ascii_case("signoff") {
            break;
        }
        match parse_line(map, text) {
            Ok(order) => lines.push(Line { number: i + 1, text: text.to_string(), order }),
            Err(reason) => errors.push((i + 1, text.to_string(), reason.into())),
        }
    }
    (lines, errors)
}

fn upper(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_ascii_uppercase()).collect()
}

/// `LAR` (Open area) or `LAR/2` (square 2); codes or full names.
pub fn parse_loc(map: &Map, word: &str) -> Result<Loc, Refusal> {
    let (name, square) = match word.split_once('/') {
        Some((n, s)) => (n, Some(s)),
        None => (word, None),
    };
    let region = map
        .get(name)
        .or_else(|| map.regions.values().find(|r| r.name.eq_ignore_ascii_case(name)))
        .ok_or_else(|| format!("'{name}' is not a Region on the map"))?;
    match square {
        None => Ok(Loc::open(&region.code)),
        Some(s) => {
            let n: u8 =
                s.parse().map_err(|_| format!("'{word}': a square is written REGION/number, as LAR/1"))?;
            if n == 0 || n > region.squares {
                return Err(format!(
                    "{} has {} infrastructure square(s); there is no square {n}",
                    region.name, region.squares
                )
                .into());
            }
            Ok(Loc::square(&region.code, n))
        }
    }
}

/// A unit kind as the rulebook or the player writes it: `division` or `army division`,
/// `lok` or `mountain raiders`, `guerrilla` or `guerilla band`, and so on.
fn kind_of(words: &[&str]) -> Result<String, Refusal> {
    let phrase = words.join(" ").to_ascii_lowercase();
    let has = |w: &str| phrase.split_whitespace().any(|x| x.trim_end_matches('s') == w);
    let kind = if has("division") || has("army") {
        "division"
    } else if has("brigade") {
        "brigade"
    } else if has("lok") || has("mountain") || has("raider") {
        "lok"
    } else if has("police") || has("gendarmerie") {
        "police"
    } else if has("front") {
        "front"
    } else if has("cadre") {
        "cadre"
    } else if has("guerrilla") || has("guerilla") || has("band") {
        "guerrilla"
    } else if has("partisan") {
        "partisan"
    } else if words.len() == 1 {
        // Another word is checked against the counter mix in use (a GM's forces.toml).
        return Ok(phrase);
    } else {
        return Err(format!(
            "'{phrase}' is not a unit kind (division, brigade, lok, police, front, cadre, guerrilla, partisan)"
        ).into());
    };
    Ok(kind.to_string())
}

fn odds(word: &str) -> Result<usize, Refusal> {
    let w = word.to_ascii_uppercase();
    match w.as_str() {
        "<1:1" | "0:1" => Ok(0),
        "1:1" => Ok(1),
        "2:1" => Ok(2),
        "3:1" => Ok(3),
        "4:1" => Ok(4),
        _ => Err(format!("'{word}' is not an odds column (<1:1, 1:1, 2:1, 3:1, 4:1)").into()),
    }
}

fn id(word: Option<&&str>, what: &str) -> Result<String, Refusal> {
    word.map(|w| w.to_ascii_uppercase()).ok_or_else(|| Refusal(format!("{what} needs a unit id")))
}

pub fn parse_line(map: &Map, text: &str) -> Result<Order, Refusal> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let verb = words.first().map(|w| w.to_ascii_uppercase()).unwrap_or_default();
    let rest = words.get(1..).unwrap_or(&[]);
    let exactly = |n: usize, form: &str| {
        if rest.len() == n { Ok(()) } else { Err(Refusal(format!("write it as: {form}"))) }
    };
    match verb.as_str() {
        "PASS" => {
            exactly(0, "PASS")?;
            Ok(Order::Pass)
        }
        "REFERENCE" => {
            exactly(0, "REFERENCE")?;
            Ok(Order::Reference)
        }
        "PLACE" | "BUILD" => {
            if verb == "BUILD" && rest.len() == 1 && rest[0].eq_ignore_ascii_case("airstrike") {
                return Ok(Order::BuildAirstrike);
            }
            if rest.len() < 2 {
                return Err(format!("write it as: {verb} <kind> <region or REGION/square>").into());
            }
            let (place, kind_words) = rest.split_last().unwrap_or((&"", &[]));
            let kind = kind_of(kind_words)?;
            let to = parse_loc(map, place)?;
            Ok(if verb == "PLACE" { Order::Place { kind, to } } else { Order::Build { kind, to } })
        }
        "RESETTLE" => {
            exactly(1, "RESETTLE <region>")?;
            let loc = parse_loc(map, rest[0])?;
            Ok(Order::Resettle { region: loc.region })
        }
        "UPGRADE" | "DISBAND" | "BREAK" => {
            exactly(1, &format!("{verb} <unit>"))?;
            let id = id(rest.first(), &verb)?;
            Ok(match verb.as_str() {
                "UPGRADE" => Order::Upgrade { id },
                "DISBAND" => Order::Disband { id },
                _ => Order::Break { id },
            })
        }
        "COMBINE" => {
            exactly(3, "COMBINE <brigade> <brigade> <brigade>")?;
            Ok(Order::Combine { ids: upper(rest) })
        }
        "LOK" => {
            exactly(2, "LOK <unit> CONVENTIONAL|UNCONVENTIONAL")?;
            let unconventional = match rest[1].to_ascii_uppercase().as_str() {
                "UNCONVENTIONAL" | "UNCONV" => true,
                "CONVENTIONAL" | "CONV" => false,
                other => {
                    return Err(format!("'{other}': a LOK mode is CONVENTIONAL or UNCONVENTIONAL").into());
                }
            };
            Ok(Order::Mode { id: id(rest.first(), "LOK")?, unconventional })
        }
        "MOVE" => {
            if rest.len() < 2 {
                return Err("write it as: MOVE <unit> <place> [<place> ...], e.g. MOVE D1 MAG MAG/1".into());
            }
            // `MAG MAG/1`, `VIO-KOR`, `TO MAG -> MAG/1`, `MAG, MAG/1` alike.
            let path = rest[1..]
                .iter()
                .flat_map(|w| w.split(['-', '>', ',']))
                .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("to"))
                .map(|w| parse_loc(map, w))
                .collect::<Result<Vec<_>, _>>()?;
            if path.is_empty() {
                return Err("MOVE needs a place to go to".into());
            }
            Ok(Order::Move { id: rest[0].to_ascii_uppercase(), path })
        }
        "ATTACK" => parse_attack(map, rest).map(Order::Attack),
        "INITIATIVE" => {
            exactly(1, "INITIATIVE FIRST|SECOND")?;
            match rest[0].to_ascii_uppercase().as_str() {
                "FIRST" => Ok(Order::Standing(StandingLine::Initiative(InitiativeChoice::First))),
                "SECOND" => Ok(Order::Standing(StandingLine::Initiative(InitiativeChoice::Second))),
                _ => Err("INITIATIVE is FIRST or SECOND".into()),
            }
        }
        "CONTROL" => {
            let Some((choice, regions)) = rest.split_first() else {
                return Err("write it as: CONTROL ADD|DEDUCT [<Region> ...]".into());
            };
            let choice = match choice.to_ascii_uppercase().as_str() {
                "ADD" => ControlChoice::Add,
                "DEDUCT" => ControlChoice::Deduct,
                _ => return Err("CONTROL is ADD or DEDUCT, then any Regions it is for (14.7)".into()),
            };
            if regions.is_empty() {
                return Ok(Order::Standing(StandingLine::Control(choice)));
            }
            let codes = regions
                .iter()
                .flat_map(|w| w.split(','))
                .filter(|w| !w.is_empty())
                .map(|w| match parse_loc(map, w)? {
                    l if l.square.is_none() => Ok(l.region),
                    _ => Err(format!("'{w}': CONTROL names Regions, not squares").into()),
                })
                .collect::<Result<Vec<_>, Refusal>>()?;
            Ok(Order::Standing(StandingLine::ControlIn(choice, codes)))
        }
        "LOSSES" => {
            if rest.is_empty() {
                return Err("write it as: LOSSES <unit> [<unit> ...]".into());
            }
            Ok(Order::Standing(StandingLine::Losses(upper(rest))))
        }
        "RETREAT" => {
            if rest.len() < 3 || !rest[1].eq_ignore_ascii_case("to") {
                return Err("write it as: RETREAT <unit or region> TO <place> [<place> ...]".into());
            }
            let to = rest[2..].iter().map(|w| parse_loc(map, w)).collect::<Result<Vec<_>, _>>()?;
            let who = match map.get(rest[0]) {
                Some(r) => r.code.clone(),
                None => rest[0].to_ascii_uppercase(),
            };
            Ok(Order::Standing(StandingLine::Retreat(RetreatRule { who, to })))
        }
        "DEFEND" => {
            exactly(2, "DEFEND AIRSTRIKE <odds>|NEVER or DEFEND PP <most PP>|NEVER")?;
            let never = rest[1].eq_ignore_ascii_case("never");
            match rest[0].to_ascii_uppercase().as_str() {
                "AIRSTRIKE" => Ok(Order::Standing(StandingLine::DefendAirstrike(if never {
                    None
                } else {
                    Some(odds(rest[1])?)
                }))),
                "PP" => {
                    let most = if never {
                        None
                    } else {
                        let n: i32 =
                            rest[1].parse().map_err(|_| format!("'{}' is not a number of PP", rest[1]))?;
                        if !(1..=5).contains(&n) {
                            return Err("11.6 costs are 1 to 5 PP".into());
                        }
                        Some(n)
                    };
                    Ok(Order::Standing(StandingLine::DefendPp(most)))
                }
                _ => Err("DEFEND AIRSTRIKE ... or DEFEND PP ...".into()),
            }
        }
        "" => Err("empty line".into()),
        other => Err(format!(
            "'{other}' is not an order (PLACE, BUILD, UPGRADE, DISBAND, RESETTLE, BREAK, COMBINE, LOK, MOVE, ATTACK, PASS, or a standing order: INITIATIVE, CONTROL, LOSSES, RETREAT, DEFEND)"
        ).into()),
    }
}

/// `ATTACK <target> WITH <units> [AIRSTRIKE] [PP] [OCCUPY <unit>|NOOCCUPY] [IF ODDS <n:1>] [IF HELD]`
fn parse_attack(map: &Map, rest: &[&str]) -> Result<Attack, Refusal> {
    let form = "write it as: ATTACK <target> WITH <unit> [<unit> ...] [AIRSTRIKE] [PP] [OCCUPY <unit>|NOOCCUPY] [IF ODDS 2:1]";
    if rest.len() < 3 || !rest[1].eq_ignore_ascii_case("with") {
        return Err(form.into());
    }
    let target = parse_loc(map, rest[0])?;
    let mut attack = Attack {
        target,
        units: Vec::new(),
        airstrike: false,
        pp: false,
        occupy: Occupy::First,
        min_odds: None,
    };
    let mut i = 2;
    while i < rest.len() {
        let w = rest[i].to_ascii_uppercase();
        match w.as_str() {
            "AIRSTRIKE" | "AIR" => attack.airstrike = true,
            "PP" => attack.pp = true,
            "NOOCCUPY" => attack.occupy = Occupy::No,
            "OCCUPY" => {
                i += 1;
                attack.occupy = Occupy::Unit(id(rest.get(i), "OCCUPY")?);
            }
            "IF" => {
                i += 1;
                match rest.get(i).map(|w| w.to_ascii_uppercase()).as_deref() {
                    Some("HELD") => {}
                    Some("ODDS") => {
                        i += 1;
                        let w = rest.get(i).ok_or("IF ODDS needs odds, as 2:1")?;
                        attack.min_odds = Some(odds(w)?);
                    }
                    _ => return Err("a condition is IF ODDS <n:1> or IF HELD".into()),
                }
            }
            _ => {
                if !attack.units.contains(&w) {
                    attack.units.push(w);
                }
            }
        }
        i += 1;
    }
    if attack.units.is_empty() {
        return Err(form.into());
    }
    if let Occupy::Unit(u) = &attack.occupy
        && !attack.units.contains(u)
    {
        return Err(format!("OCCUPY {u}: only an attacking unit may occupy (11.5)").into());
    }
    Ok(attack)
}
