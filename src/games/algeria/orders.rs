//! The orders notation: one order a line, read for the side that wrote it, each
//! sorted into the section of the turn it belongs to (set-up, reinforcement,
//! deployment, the operations script or queue, standing orders). Lines are kept in
//! their canonical form, which is also the acknowledgement's echo, so a player may
//! send an echo back unchanged.

use super::data::{AreaType, Data, Side};
use crate::engine::Refusal;

/// The part of a turn an order belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    Placement,
    Reinforcement,
    Deployment,
    Script,
    Standing,
}

/// How the FLN shares a PSP result (9.11, 9.12): all to its PSL, all off the
/// Government's, or `n` to its own and the rest off the Government's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    Add,
    Subtract,
    Split(u32),
}

impl Split {
    fn text(self) -> String {
        match self {
            Split::Add => "ADD".into(),
            Split::Subtract => "SUBTRACT".into(),
            Split::Split(n) => format!("SPLIT {n}"),
        }
    }
}

/// A mission (9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mission {
    Propaganda {
        area: String,
        by: String,
        psp: Option<Split>,
    },
    Strike {
        area: String,
        by: String,
        with: Vec<String>,
        psp: Option<Split>,
    },
    Move {
        unit: String,
        to: String,
    },
    Raid {
        area: String,
        with: Vec<String>,
    },
    Harass {
        target: String,
        with: Vec<String>,
    },
    /// `helo`: units of `with` airmobilized for it (11.12: Helo Points may be
    /// attached at any time during the turn).
    Flush {
        area: String,
        with: Vec<String>,
        air: u32,
        helo: Vec<String>,
    },
    Intelligence {
        area: String,
    },
    CivilAffairs {
        area: String,
    },
    Suppression {
        area: String,
        with: Vec<String>,
    },
    Resettlement {
        area: String,
    },
}

impl Mission {
    /// The mission's name as REACT policies name it.
    pub fn name(&self) -> &'static str {
        match self {
            Mission::Propaganda { .. } => "PROPAGANDA",
            Mission::Strike { .. } => "STRIKE",
            Mission::Move { .. } => "MOVE",
            Mission::Raid { .. } => "RAID",
            Mission::Harass { .. } => "HARASS",
            Mission::Flush { .. } => "FLUSH",
            Mission::Intelligence { .. } => "INTELLIGENCE",
            Mission::CivilAffairs { .. } => "CIVIL AFFAIRS",
            Mission::Suppression { .. } => "SUPPRESSION",
            Mission::Resettlement { .. } => "RESETTLE",
        }
    }
}

/// A script condition (`IF ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// At least `n` FLN units in the area's OPS and OC boxes.
    Visible { area: String, n: u32 },
    /// The FLN has at least `n` AP.
    Ap(u32),
    /// The Government PSL is at least `n`.
    Psl(u32),
    /// The unit is on the map, not neutralized, and in an OPS (or PTL) box.
    Ready(String),
    /// At most `n` Government units on Patrol in the area.
    Patrol { area: String, n: u32 },
}

/// One order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    Place {
        unit: String,
        area: String,
        dispersed: bool,
    },
    Mobilize {
        kind: String,
        area: String,
    },
    MobilizePoints {
        what: String,
        n: u32,
    },
    MobilizeBorder,
    /// `ids` empty with `all`: every unit; `except` left out.
    Activate {
        all: bool,
        ids: Vec<String>,
        except: Vec<String>,
        border: bool,
    },
    RemovePolice(String),
    Build {
        kind: String,
        area: String,
    },
    Convert {
        unit: String,
        to: String,
    },
    Redeploy {
        unit: String,
        area: String,
    },
    Patrol(String),
    Mode {
        unit: String,
        dispersed: bool,
    },
    Helo(String),
    Deploy {
        area: String,
        units: Vec<String>,
    },
    Mission(Mission),
    Gov,
    Pass,
    Wait,
    If(Cond, Box<Order>),
    Standing {
        category: String,
    },
}

/// An order, its section and its canonical text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub section: Section,
    pub order: Order,
    pub text: String,
    /// The line's number in the file it came in (0 when read alone).
    pub number: usize,
}

/// Reads an area by id or name (a name may be several words): the area id and the
/// number of words used.
pub fn area_at(data: &Data, words: &[&str]) -> Option<(String, usize)> {
    let squash =
        |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    for n in (1..=words.len().min(3)).rev() {
        let w = squash(&words[..n].join(" "));
        if let Some(a) = data.areas.iter().find(|a| squash(&a.id) == w || squash(&a.name) == w) {
            return Some((a.id.clone(), n));
        }
    }
    None
}

fn upper(w: &str) -> String {
    w.to_ascii_uppercase()
}

/// A counter id of `side` (any kind), upper-cased.
fn unit_of(data: &Data, side: Side, w: &str) -> Result<String, Refusal> {
    let id = upper(w);
    match data.kind_of(&id) {
        Some(k) if k.side == side => Ok(id),
        Some(_) => Err(Refusal(format!("{id} is not one of your units"))),
        None => Err(Refusal(format!(
            "'{w}' is not a unit (ids like XX13, BR1, EL2, AL3, PO4, FT1, CA7, BD3, FK2)"
        ))),
    }
}

/// A counter id of either side.
fn any_unit(data: &Data, w: &str) -> Result<String, Refusal> {
    let id = upper(w);
    data.kind_of(&id).map(|_| id).ok_or_else(|| Refusal(format!("'{w}' is not a unit")))
}

fn number(w: Option<&&str>, what: &str) -> Result<u32, Refusal> {
    w.and_then(|w| w.parse().ok()).ok_or_else(|| Refusal(format!("{what} needs a number")))
}

struct Reader<'a> {
    data: &'a Data,
    side: Side,
    words: Vec<&'a str>,
    i: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<String> {
        self.words.get(self.i).map(|w| upper(w))
    }
    fn next(&mut self) -> Option<&'a str> {
        let w = self.words.get(self.i).copied();
        self.i += 1;
        w
    }
    fn done(&self) -> bool {
        self.i >= self.words.len()
    }
    fn area(&mut self, what: &str) -> Result<String, Refusal> {
        let rest = self.words.get(self.i..).unwrap_or(&[]);
        let (id, n) = area_at(self.data, rest)
            .ok_or_else(|| Refusal(format!("{what}: '{}' is not an area", rest.first().unwrap_or(&""))))?;
        self.i += n;
        Ok(id)
    }
    fn own(&mut self) -> Result<String, Refusal> {
        let w = self.next().ok_or_else(|| Refusal("a unit is missing".into()))?;
        unit_of(self.data, self.side, w)
    }
    /// Unit ids up to the next keyword (or the end).
    fn units_until(&mut self, stops: &[&str]) -> Result<Vec<String>, Refusal> {
        let mut out = Vec::new();
        while let Some(w) = self.peek() {
            if stops.contains(&w.as_str()) {
                break;
            }
            let w = self.next().unwrap_or_default();
            out.push(unit_of(self.data, self.side, w)?);
        }
        Ok(out)
    }
    fn expect(&mut self, word: &str) -> Result<(), Refusal> {
        match self.next() {
            Some(w) if w.eq_ignore_ascii_case(word) => Ok(()),
            other => Err(Refusal(format!("expected {word}, found '{}'", other.unwrap_or("")))),
        }
    }
    fn end(&self, form: &str) -> Result<(), Refusal> {
        if self.done() {
            Ok(())
        } else {
            Err(Refusal(format!("unexpected '{}': write {form}", self.words[self.i])))
        }
    }
    fn split(&mut self) -> Result<Option<Split>, Refusal> {
        if self.peek().as_deref() != Some("PSP") {
            return Ok(None);
        }
        self.i += 1;
        let s = match self.next().map(upper).as_deref() {
            Some("ADD") => Split::Add,
            Some("SUBTRACT") => Split::Subtract,
            Some("SPLIT") => Split::Split(number(self.words.get(self.i), "PSP SPLIT")?),
            _ => return Err(Refusal("PSP ADD, PSP SUBTRACT or PSP SPLIT <n>".into())),
        };
        if matches!(s, Split::Split(_)) {
            self.i += 1;
        }
        Ok(Some(s))
    }
}

pub const GOV_KINDS: [&str; 5] = ["DIVISION", "BRIGADE", "ELITE", "ALGERIAN", "POLICE"];
/// Standing order categories, by side.
pub const STANDING_FLN: [&str; 4] = ["LOSSES", "PSP", "OAS", "UN"];
pub const STANDING_GOVERNMENT: [&str; 9] =
    ["REACT", "KILLS", "AIR", "OAS", "UN", "PURGE", "NATO", "SUEZ", "COUP"];

/// Reads one line (without its comment) for `side`.
pub fn parse_line(data: &Data, side: Side, text: &str) -> Result<Line, Refusal> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut r = Reader { data, side, words, i: 0 };
    let verb = r.next().map(upper).unwrap_or_default();
    let gov = side == Side::Government;
    let (section, order, canon) = match verb.as_str() {
        "PLACE" => {
            let w = r.next().ok_or_else(|| Refusal("PLACE <kind or unit> <area> [DISPERSED]".into()))?;
            let unit = match data.kinds.iter().find(|k| k.kind.eq_ignore_ascii_case(w)) {
                Some(k) if k.side == side => k.kind.clone(),
                Some(_) => return Err(Refusal(format!("{w} units are not yours"))),
                None => unit_of(data, side, w)?,
            };
            let area = r.area("PLACE")?;
            let dispersed = r.peek().as_deref() == Some("DISPERSED");
            if dispersed {
                r.i += 1;
            }
            r.end("PLACE <kind or unit> <area> [DISPERSED]")?;
            let canon = format!("PLACE {unit} {area}{}", if dispersed { " DISPERSED" } else { "" });
            (Section::Placement, Order::Place { unit, area, dispersed }, canon)
        }
        "MOBILIZE" if gov => {
            let what = r.next().map(upper).ok_or_else(|| Refusal("MOBILIZE what?".into()))?;
            match what.as_str() {
                k if GOV_KINDS.contains(&k) => {
                    let area = r.area("MOBILIZE")?;
                    r.end("MOBILIZE <kind> <area>")?;
                    let kind = k.to_ascii_lowercase();
                    (
                        Section::Reinforcement,
                        Order::Mobilize { kind: kind.clone(), area: area.clone() },
                        format!("MOBILIZE {what} {area}"),
                    )
                }
                "AIR" | "HELO" | "NAVAL" => {
                    let n = if r.done() { 1 } else { number(r.words.get(r.i), "MOBILIZE AIR")? };
                    r.i += usize::from(!r.done());
                    r.end("MOBILIZE AIR|HELO|NAVAL [n]")?;
                    (
                        Section::Reinforcement,
                        Order::MobilizePoints { what: what.clone(), n },
                        format!("MOBILIZE {what} {n}"),
                    )
                }
                "BORDER" => {
                    r.end("MOBILIZE BORDER")?;
                    (Section::Reinforcement, Order::MobilizeBorder, "MOBILIZE BORDER".into())
                }
                other => {
                    return Err(Refusal(format!(
                        "MOBILIZE {other}: mobilize DIVISION, BRIGADE, ELITE, ALGERIAN, POLICE <area>, AIR|HELO|NAVAL [n] or BORDER"
                    )));
                }
            }
        }
        "ACTIVATE" if gov => {
            let mut all = false;
            let mut border = false;
            let mut ids = Vec::new();
            let mut except = Vec::new();
            let mut excepting = false;
            while let Some(w) = r.next() {
                match upper(w).as_str() {
                    "ALL" => all = true,
                    "NONE" => {}
                    "BORDER" => border = true,
                    "EXCEPT" => excepting = true,
                    _ => {
                        let id = unit_of(data, side, w)?;
                        if excepting { except.push(id) } else { ids.push(id) }
                    }
                }
            }
            let border = border || (all && !except.iter().any(|e| e == "BORDER"));
            let canon = if all {
                format!(
                    "ACTIVATE ALL{}",
                    if except.is_empty() { String::new() } else { format!(" EXCEPT {}", except.join(" ")) }
                )
            } else if ids.is_empty() && !border {
                "ACTIVATE NONE".into()
            } else {
                format!(
                    "ACTIVATE {}{}",
                    ids.join(" "),
                    if border { if ids.is_empty() { "BORDER" } else { " BORDER" } } else { "" }
                )
            };
            (Section::Reinforcement, Order::Activate { all, ids, except, border }, canon)
        }
        "REMOVE" if gov => {
            let id = r.own()?;
            if data.kind_of(&id).map(|k| k.kind.as_str()) != Some("police") {
                return Err(Refusal(format!(
                    "REMOVE takes a Police unit off the map (6.31); {id} is not one"
                )));
            }
            r.end("REMOVE <police>")?;
            (Section::Reinforcement, Order::RemovePolice(id.clone()), format!("REMOVE {id}"))
        }
        "BUILD" if !gov => {
            let kind = r.next().map(upper).unwrap_or_default();
            if kind != "CADRE" && kind != "BAND" {
                return Err(Refusal("BUILD CADRE <area> or BUILD BAND <area> (6.2)".into()));
            }
            let area = r.area("BUILD")?;
            r.end("BUILD CADRE|BAND <area>")?;
            (
                Section::Reinforcement,
                Order::Build { kind: kind.to_ascii_lowercase(), area: area.clone() },
                format!("BUILD {kind} {area}"),
            )
        }
        "CONVERT" if !gov => {
            let unit = r.own()?;
            let to = r.next().map(upper).unwrap_or_default();
            if !["FRONT", "BAND", "FAILEK", "CADRE"].contains(&to.as_str()) {
                return Err(Refusal("CONVERT <unit> FRONT|BAND|FAILEK|CADRE (6.2)".into()));
            }
            r.end("CONVERT <unit> <kind>")?;
            (
                Section::Reinforcement,
                Order::Convert { unit: unit.clone(), to: to.to_ascii_lowercase() },
                format!("CONVERT {unit} {to}"),
            )
        }
        "MOVE" if gov => {
            let unit = r.own()?;
            let area = r.area("MOVE")?;
            r.end("MOVE <unit> <area>")?;
            (
                Section::Deployment,
                Order::Redeploy { unit: unit.clone(), area: area.clone() },
                format!("MOVE {unit} {area}"),
            )
        }
        "PATROL" if gov => {
            let unit = r.own()?;
            r.end("PATROL <unit>")?;
            (Section::Deployment, Order::Patrol(unit.clone()), format!("PATROL {unit}"))
        }
        "MODE" if gov => {
            let unit = r.own()?;
            let dispersed = match r.next().map(upper).as_deref() {
                Some("DISPERSED") => true,
                Some("CONCENTRATED") => false,
                _ => return Err(Refusal("MODE <division> DISPERSED|CONCENTRATED (11.7)".into())),
            };
            r.end("MODE <division> DISPERSED|CONCENTRATED")?;
            let canon = format!("MODE {unit} {}", if dispersed { "DISPERSED" } else { "CONCENTRATED" });
            (Section::Deployment, Order::Mode { unit, dispersed }, canon)
        }
        "HELO" if gov => {
            let unit = r.own()?;
            r.end("HELO <unit>")?;
            (Section::Deployment, Order::Helo(unit.clone()), format!("HELO {unit}"))
        }
        "DEPLOY" if !gov => {
            let first = r.words.get(r.i).copied().unwrap_or("");
            if data.kind_of(&upper(first)).is_some() {
                let unit = r.own()?;
                let area = r.area("DEPLOY")?;
                r.end("DEPLOY <cadre> FRANCE|<area>")?;
                (
                    Section::Deployment,
                    Order::Deploy { area: area.clone(), units: vec![unit.clone()] },
                    format!("DEPLOY {unit} {area}"),
                )
            } else {
                let area = r.area("DEPLOY")?;
                let units = if r.peek().as_deref() == Some("ALL") {
                    r.i += 1;
                    Vec::new()
                } else {
                    r.units_until(&[])?
                };
                if units.is_empty()
                    && r.words.len() == r.i
                    && !r.words.iter().any(|w| w.eq_ignore_ascii_case("ALL"))
                {
                    return Err(Refusal("DEPLOY <area> ALL or DEPLOY <area> <units>".into()));
                }
                r.end("DEPLOY <area> ALL|<units>")?;
                let canon = if units.is_empty() {
                    format!("DEPLOY {area} ALL")
                } else {
                    format!("DEPLOY {area} {}", units.join(" "))
                };
                (Section::Deployment, Order::Deploy { area, units }, canon)
            }
        }
        "PROPAGANDA" if !gov => {
            let area = r.area("PROPAGANDA")?;
            r.expect("BY")?;
            let by = r.own()?;
            let psp = r.split()?;
            r.end("PROPAGANDA <area> BY <front or cadre> [PSP ADD|SUBTRACT|SPLIT n]")?;
            let canon = format!(
                "PROPAGANDA {area} BY {by}{}",
                psp.map(|p| format!(" PSP {}", p.text())).unwrap_or_default()
            );
            (Section::Script, Order::Mission(Mission::Propaganda { area, by, psp }), canon)
        }
        "STRIKE" if !gov => {
            let area = r.area("STRIKE")?;
            r.expect("BY")?;
            let by = r.own()?;
            let with = if r.peek().as_deref() == Some("WITH") {
                r.i += 1;
                r.units_until(&["PSP"])?
            } else {
                Vec::new()
            };
            let psp = r.split()?;
            r.end("STRIKE <area> BY <front> [WITH <cadres>] [PSP ...]")?;
            let canon = format!(
                "STRIKE {area} BY {by}{}{}",
                if with.is_empty() { String::new() } else { format!(" WITH {}", with.join(" ")) },
                psp.map(|p| format!(" PSP {}", p.text())).unwrap_or_default()
            );
            (Section::Script, Order::Mission(Mission::Strike { area, by, with, psp }), canon)
        }
        "MOVE" => {
            let unit = r.own()?;
            let first = r.area("MOVE")?;
            // MOVE <unit> [<from>] <to>: a second area is the destination.
            let to = if r.done() { first } else { r.area("MOVE")? };
            r.end("MOVE <unit> [<from>] <to>")?;
            (
                Section::Script,
                Order::Mission(Mission::Move { unit: unit.clone(), to: to.clone() }),
                format!("MOVE {unit} {to}"),
            )
        }
        "RAID" if !gov => {
            let area = r.area("RAID")?;
            r.expect("WITH")?;
            let with = r.units_until(&[])?;
            if with.is_empty() {
                return Err(Refusal("RAID <area> WITH <bands or faileks>".into()));
            }
            let canon = format!("RAID {area} WITH {}", with.join(" "));
            (Section::Script, Order::Mission(Mission::Raid { area, with }), canon)
        }
        "HARASS" if !gov => {
            let target = any_unit(data, r.next().unwrap_or(""))?;
            r.expect("WITH")?;
            let with = r.units_until(&[])?;
            if with.is_empty() {
                return Err(Refusal("HARASS <Government unit> WITH <bands or faileks>".into()));
            }
            let canon = format!("HARASS {target} WITH {}", with.join(" "));
            (Section::Script, Order::Mission(Mission::Harass { target, with }), canon)
        }
        "FLUSH" if gov => {
            let area = r.area("FLUSH")?;
            r.expect("WITH")?;
            const FORM: &str = "FLUSH <area> WITH <units> [AIR n] [HELO <units of WITH to airmobilize>]";
            let with = r.units_until(&["AIR", "HELO"])?;
            let air = if r.peek().as_deref() == Some("AIR") {
                r.i += 1;
                let n = number(r.words.get(r.i), "AIR")?;
                r.i += 1;
                n
            } else {
                0
            };
            let helo = if r.peek().as_deref() == Some("HELO") {
                r.i += 1;
                r.units_until(&[])?
            } else {
                Vec::new()
            };
            r.end(FORM)?;
            if with.is_empty() || (r.words.iter().any(|w| w.eq_ignore_ascii_case("HELO")) && helo.is_empty())
            {
                return Err(Refusal(FORM.into()));
            }
            if let Some(h) = helo.iter().find(|h| !with.contains(h)) {
                return Err(Refusal(format!("HELO {h}: airmobilize units of the WITH list ({FORM})")));
            }
            let canon = format!(
                "FLUSH {area} WITH {}{}{}",
                with.join(" "),
                if air > 0 { format!(" AIR {air}") } else { String::new() },
                if helo.is_empty() { String::new() } else { format!(" HELO {}", helo.join(" ")) }
            );
            (Section::Script, Order::Mission(Mission::Flush { area, with, air, helo }), canon)
        }
        "INTELLIGENCE" | "INTEL" if gov => {
            let area = r.area("INTELLIGENCE")?;
            r.end("INTELLIGENCE <area>")?;
            (
                Section::Script,
                Order::Mission(Mission::Intelligence { area: area.clone() }),
                format!("INTELLIGENCE {area}"),
            )
        }
        "CIVIL" if gov => {
            if r.peek().as_deref() == Some("AFFAIRS") {
                r.i += 1;
            }
            let area = r.area("CIVIL AFFAIRS")?;
            r.end("CIVIL AFFAIRS <area>")?;
            (
                Section::Script,
                Order::Mission(Mission::CivilAffairs { area: area.clone() }),
                format!("CIVIL AFFAIRS {area}"),
            )
        }
        "SUPPRESSION" | "SUPPRESS" if gov => {
            let area = r.area("SUPPRESSION")?;
            let with = if r.peek().as_deref() == Some("WITH") {
                r.i += 1;
                r.units_until(&[])?
            } else {
                Vec::new()
            };
            r.end("SUPPRESSION <area> [WITH <elite units>]")?;
            let canon = format!(
                "SUPPRESSION {area}{}",
                if with.is_empty() { String::new() } else { format!(" WITH {}", with.join(" ")) }
            );
            (Section::Script, Order::Mission(Mission::Suppression { area, with }), canon)
        }
        "RESETTLE" | "RESETTLEMENT" if gov => {
            let area = r.area("RESETTLE")?;
            r.end("RESETTLE <area>")?;
            (
                Section::Script,
                Order::Mission(Mission::Resettlement { area: area.clone() }),
                format!("RESETTLE {area}"),
            )
        }
        "GOV" if !gov => {
            r.end("GOV")?;
            (Section::Script, Order::Gov, "GOV".into())
        }
        "PASS" => {
            r.end("PASS")?;
            (Section::Script, Order::Pass, "PASS".into())
        }
        "WAIT" => {
            r.end("WAIT")?;
            (Section::Script, Order::Wait, "WAIT".into())
        }
        "IF" => {
            let (cond, used) = condition(data, r.words.get(1..).unwrap_or(&[]))?;
            let rest = r.words.get(1 + used..).unwrap_or(&[]).join(" ");
            let inner = parse_line(data, side, &rest)?;
            if inner.section != Section::Script || matches!(inner.order, Order::If(..)) {
                return Err(Refusal("IF guards one line of the operations script".into()));
            }
            let canon = format!("IF {} {}", cond_text(&cond), inner.text);
            (Section::Script, Order::If(cond, Box::new(inner.order)), canon)
        }
        category => {
            let allowed: &[&str] = if gov { &STANDING_GOVERNMENT } else { &STANDING_FLN };
            if !allowed.contains(&category) {
                return Err(Refusal(format!(
                    "'{}' is not an order of the {} (see the welcome mail or REFERENCE)",
                    text.split_whitespace().next().unwrap_or(""),
                    side.name()
                )));
            }
            standing::check(data, side, category, r.words.get(1..).unwrap_or(&[]))?;
            let canon = r.words.iter().map(|w| upper(w)).collect::<Vec<_>>().join(" ");
            (Section::Standing, Order::Standing { category: category.to_string() }, canon)
        }
    };
    Ok(Line { section, order, text: canon, number: 0 })
}

use super::standing;

fn condition(data: &Data, w: &[&str]) -> Result<(Cond, usize), Refusal> {
    let form = "IF <area> HAS n VISIBLE, IF AP n, IF PSL n, IF <unit> READY or IF PATROL <area> n";
    match w.first().map(|s| upper(s)).as_deref() {
        Some("AP") => Ok((Cond::Ap(number(w.get(1), "IF AP")?), 2)),
        Some("PSL") => Ok((Cond::Psl(number(w.get(1), "IF PSL")?), 2)),
        Some("PATROL") => {
            let (area, n) = area_at(data, &w[1..]).ok_or_else(|| Refusal(form.into()))?;
            Ok((Cond::Patrol { area, n: number(w.get(1 + n), "IF PATROL <area>")? }, 2 + n))
        }
        Some(first) if data.kind_of(first).is_some() => {
            if w.get(1).map(|s| upper(s)).as_deref() != Some("READY") {
                return Err(Refusal(form.into()));
            }
            Ok((Cond::Ready(first.to_string()), 2))
        }
        Some(_) => {
            let (area, n) = area_at(data, w).ok_or_else(|| Refusal(form.into()))?;
            if w.get(n).map(|s| upper(s)).as_deref() != Some("HAS")
                || w.get(n + 2).map(|s| upper(s)).as_deref() != Some("VISIBLE")
            {
                return Err(Refusal(form.into()));
            }
            Ok((Cond::Visible { area, n: number(w.get(n + 1), "IF <area> HAS")? }, n + 3))
        }
        None => Err(Refusal(form.into())),
    }
}

fn cond_text(c: &Cond) -> String {
    match c {
        Cond::Visible { area, n } => format!("{area} HAS {n} VISIBLE"),
        Cond::Ap(n) => format!("AP {n}"),
        Cond::Psl(n) => format!("PSL {n}"),
        Cond::Ready(u) => format!("{u} READY"),
        Cond::Patrol { area, n } => format!("PATROL {area} {n}"),
    }
}

/// Reads a whole orders body: its lines, or every line that cannot be read. Blank
/// lines and `#` comments are skipped; `END` or `SIGNOFF` ends the orders.
pub fn read(data: &Data, side: Side, body: &str) -> (Vec<Line>, Vec<(usize, String, String)>) {
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in body.lines().enumerate() {
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let first = upper(text.split_whitespace().next().unwrap_or(""));
        if first == "END" || first == "SIGNOFF" {
            break;
        }
        match parse_line(data, side, text) {
            Ok(l) => lines.push(Line { number: i + 1, ..l }),
            Err(e) => errors.push((i + 1, text.to_string(), e.0)),
        }
    }
    (lines, errors)
}

/// Is `area` one the rules let missions happen in (not a country)?
pub fn in_algeria(data: &Data, area: &str) -> bool {
    data.area(area).is_some_and(|a| a.kind != AreaType::Country)
}
