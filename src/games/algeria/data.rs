//! The game's components as data: the map's areas, the counter mix and ratings, the
//! tables, and the scenarios (`games/algeria/*.toml`), read and checked against what
//! the rules fix, so that a GM's corrected copy that breaks the game is refused with
//! the file and the reason.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::engine::GameData;
use crate::engine::error::{Error, Result};

/// The embedded data files.
pub const FILES: &[(&str, &str)] = &[
    ("areas.toml", include_str!("../../../games/algeria/areas.toml")),
    ("forces.toml", include_str!("../../../games/algeria/forces.toml")),
    ("tables.toml", include_str!("../../../games/algeria/tables.toml")),
    ("scenarios.toml", include_str!("../../../games/algeria/scenarios.toml")),
];

/// 2.2: an area's rating (a country is Morocco, Tunisia or France).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AreaType {
    Urban,
    Rural,
    Remote,
    Country,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: AreaType,
    /// I to VI, MOROCCO, TUNISIA; `none` for France.
    pub wilaya: String,
    /// Areas across a wilaya or international border that share a border with it.
    pub adjacent: Vec<String>,
    /// Position on the schematic board.
    pub at: [i32; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Government,
    Fln,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Government => "Government",
            Side::Fln => "FLN",
        }
    }
    pub fn other(self) -> Side {
        match self {
            Side::Government => Side::Fln,
            Side::Fln => Side::Government,
        }
    }
}

/// A division's other face (11.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub rating: u32,
    pub firepower: u32,
    pub control: u32,
}

/// One kind of counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kind {
    pub kind: String,
    pub name: String,
    pub side: Side,
    pub mobile: bool,
    pub elite: bool,
    /// Contact (Government) or Evasion (FLN) rating.
    pub rating: u32,
    pub firepower: u32,
    pub control: u32,
    #[serde(default)]
    pub dispersed: Option<Face>,
    /// Half PSP.
    #[serde(default)]
    pub mobilize: u32,
    /// Half PSP.
    #[serde(default)]
    pub activate: u32,
    /// Helo Points to airmobilize one; none: may not be (11.12).
    #[serde(default)]
    pub helo: Option<u32>,
    #[serde(default)]
    pub prefix: Option<String>,
    #[serde(default)]
    pub count: u32,
    #[serde(default)]
    pub ids: Vec<String>,
}

impl Kind {
    /// Every counter id of this kind, in order.
    pub fn counter_ids(&self) -> Vec<String> {
        if !self.ids.is_empty() {
            return self.ids.clone();
        }
        let prefix = self.prefix.clone().unwrap_or_default();
        (1..=self.count).map(|n| format!("{prefix}{n}")).collect()
    }
}

/// Point costs in half PSP (B.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointCosts {
    pub air: u32,
    pub helo: u32,
    pub naval: u32,
    pub border_zone: u32,
    pub border_zone_activate: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Helo {
    pub rating_bonus: u32,
}

#[derive(Deserialize)]
struct ForcesFile {
    kind: Vec<Kind>,
    points: PointCosts,
    helo: Helo,
}

#[derive(Deserialize)]
struct AreasFile {
    area: Vec<Area>,
}

/// One Mission Success Table result (A.3/B.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Success {
    pub number: u32,
    /// `+`: the mission's bad side effect.
    pub plus: bool,
    /// `@`: its special effect.
    pub at: bool,
}

impl Success {
    fn parse(code: &str) -> Option<Success> {
        let (digits, mark) = code.split_at(code.find(['+', '@']).unwrap_or(code.len()));
        let number = digits.parse().ok()?;
        match mark {
            "" => Some(Success { number, plus: false, at: false }),
            "+" => Some(Success { number, plus: true, at: false }),
            "@" => Some(Success { number, plus: false, at: true }),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoupRow {
    pub rolls: [u32; 2],
    pub psp: i32,
    #[serde(default)]
    pub mobilize: u32,
    #[serde(default)]
    pub remove: u32,
    #[serde(default)]
    pub remove_dice: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRow {
    pub rolls: [u32; 2],
    pub event: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub columns: Vec<u32>,
    pub rows: Vec<Vec<u32>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depreciation {
    pub from: Vec<u32>,
    pub loss: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Income {
    pub urban: [u32; 2],
    pub rural: [u32; 2],
    pub remote: [u32; 2],
    pub terror: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Build {
    pub cadre_or_band: u32,
    pub cadre_or_band_abroad: u32,
    pub cadre_to_front: u32,
    pub cadre_to_band: u32,
    pub band_to_failek: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Costs {
    pub propaganda: u32,
    pub strike: u32,
    pub raid: u32,
    pub intelligence: u32,
    pub civil_affairs: u32,
    pub suppression: u32,
    pub resettlement: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovery {
    pub at_least: u32,
}

#[derive(Deserialize)]
struct TablesFile {
    mission_success: BTreeMap<String, String>,
    combat: Combat,
    depreciation: Depreciation,
    recovery: Recovery,
    income: Income,
    build: Build,
    cost: Costs,
    coup: Vec<CoupRow>,
    event: Vec<EventRow>,
}

/// The tables, checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tables {
    /// Index 0 is the modified roll -1, index 9 the roll 8.
    pub mission_success: Vec<Success>,
    pub combat: Combat,
    pub depreciation: Depreciation,
    pub recovery: Recovery,
    pub income: Income,
    pub build: Build,
    pub cost: Costs,
    pub coup: Vec<CoupRow>,
    pub event: Vec<EventRow>,
}

/// The events the rules define (C.2); a table may only name these.
pub const EVENTS: &[&str] = &[
    "none",
    "arms",
    "jealousy",
    "elections",
    "un",
    "purge",
    "independence",
    "nato",
    "suez",
    "amnesty",
    "sartre",
];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub government_psl: u32,
    pub fln_psl: u32,
    pub air: u32,
    pub helo: u32,
    pub naval: u32,
    #[serde(default)]
    pub border_zone: Option<i32>,
    pub independent: bool,
    /// Wilaya -> kind -> count.
    pub government: BTreeMap<String, BTreeMap<String, u32>>,
    pub fln: BTreeMap<String, BTreeMap<String, u32>>,
}

#[derive(Deserialize)]
struct ScenariosFile {
    scenario: BTreeMap<String, Scenario>,
}

/// Every component, checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Data {
    pub areas: Vec<Area>,
    pub kinds: Vec<Kind>,
    pub points: PointCosts,
    pub helo: Helo,
    pub tables: Tables,
    pub scenarios: BTreeMap<String, Scenario>,
}

impl Data {
    /// Reads the components through `data`, so a campaign's own copy wins.
    pub fn load(data: &GameData) -> Result<Data> {
        Data::from_texts(
            &data.text("areas.toml")?,
            &data.text("forces.toml")?,
            &data.text("tables.toml")?,
            &data.text("scenarios.toml")?,
        )
    }

    /// The embedded components.
    pub fn embedded() -> Result<Data> {
        Data::load(&GameData::embedded("algeria", FILES))
    }

    pub fn from_texts(areas: &str, forces: &str, tables: &str, scenarios: &str) -> Result<Data> {
        let areas =
            check_areas(toml::from_str::<AreasFile>(areas).map_err(|e| Error::data("areas.toml", e))?.area)?;
        let forces: ForcesFile = toml::from_str(forces).map_err(|e| Error::data("forces.toml", e))?;
        check_kinds(&forces.kind)?;
        let tables = check_tables(toml::from_str(tables).map_err(|e| Error::data("tables.toml", e))?)?;
        let scenarios: ScenariosFile =
            toml::from_str(scenarios).map_err(|e| Error::data("scenarios.toml", e))?;
        let data = Data {
            areas,
            kinds: forces.kind,
            points: forces.points,
            helo: forces.helo,
            tables,
            scenarios: scenarios.scenario,
        };
        data.check_scenarios()?;
        Ok(data)
    }

    pub fn area(&self, id: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.id == id)
    }

    pub fn kind(&self, kind: &str) -> Option<&Kind> {
        self.kinds.iter().find(|k| k.kind == kind)
    }

    /// The areas of a wilaya (Morocco and Tunisia are one each), in data order.
    pub fn wilaya(&self, wilaya: &str) -> Vec<&Area> {
        self.areas.iter().filter(|a| a.wilaya == wilaya).collect()
    }

    /// The kind of a counter id (`XX13` a division, `BD4` a band).
    pub fn kind_of(&self, id: &str) -> Option<&Kind> {
        self.kinds.iter().find(|k| k.counter_ids().iter().any(|c| c == id))
    }

    /// A.3/B.4: the result for a modified roll, clamped to -1..8.
    pub fn success(&self, roll: i32) -> Success {
        let i = (roll.clamp(-1, 8) + 1) as usize;
        self.tables.mission_success.get(i).copied().unwrap_or(Success { number: 0, plus: true, at: false })
    }

    /// C.3: hits for a total firepower and a die.
    pub fn hits(&self, firepower: u32, die: u32) -> u32 {
        let column = self.tables.combat.columns.iter().rposition(|&from| firepower >= from);
        let Some(column) = column else { return 0 };
        let row = (die.clamp(1, 6) - 1) as usize;
        self.tables.combat.rows.get(row).and_then(|r| r.get(column)).copied().unwrap_or(0)
    }

    /// C.4: the loss number for a number of points (0 points: nothing to lose).
    pub fn loss_number(&self, points: u32) -> u32 {
        let d = &self.tables.depreciation;
        d.from.iter().rposition(|&from| points >= from).and_then(|i| d.loss.get(i)).copied().unwrap_or(0)
    }

    /// C.2: the event for a d66 roll.
    pub fn event(&self, d66: u32) -> &str {
        self.tables
            .event
            .iter()
            .find(|e| (e.rolls[0]..=e.rolls[1]).contains(&d66))
            .map(|e| e.event.as_str())
            .unwrap_or("none")
    }

    /// B.2: the Coup Table row for a modified 2d6.
    pub fn coup(&self, roll: u32) -> Option<&CoupRow> {
        self.tables.coup.iter().find(|r| (r.rolls[0]..=r.rolls[1]).contains(&roll.clamp(2, 13)))
    }

    fn check_scenarios(&self) -> Result<()> {
        const F: &str = "scenarios.toml";
        for name in ["1954", "1958", "1960"] {
            if !self.scenarios.contains_key(name) {
                return Err(Error::data(F, format!("scenario {name} is missing (C.8)")));
            }
        }
        for (name, s) in &self.scenarios {
            if s.government_psl > 99 || s.fln_psl > 99 || s.government_psl == 0 || s.fln_psl == 0 {
                return Err(Error::data(F, format!("{name}: a PSL lies within 1..99 (2.3)")));
            }
            for (side, setup) in [(Side::Government, &s.government), (Side::Fln, &s.fln)] {
                let mut totals: BTreeMap<&str, u32> = BTreeMap::new();
                for (wilaya, units) in setup {
                    if self.wilaya(wilaya).is_empty() {
                        return Err(Error::data(F, format!("{name}: '{wilaya}' is not a wilaya")));
                    }
                    for (kind, n) in units {
                        let k = self.kind(kind).filter(|k| k.side == side).ok_or_else(|| {
                            Error::data(F, format!("{name}: '{kind}' is not a {} unit", side.name()))
                        })?;
                        *totals.entry(k.kind.as_str()).or_default() += n;
                    }
                }
                for (kind, n) in totals {
                    let mix = self.kind(kind).map(|k| k.counter_ids().len() as u32).unwrap_or(0);
                    if n > mix {
                        return Err(Error::data(
                            F,
                            format!("{name}: {n} {kind} units, and the counter mix has {mix} (ruling R1)"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

fn check_areas(areas: Vec<Area>) -> Result<Vec<Area>> {
    const F: &str = "areas.toml";
    let ids: BTreeSet<&str> = areas.iter().map(|a| a.id.as_str()).collect();
    if ids.len() != areas.len() {
        return Err(Error::data(F, "an area id appears twice"));
    }
    for a in &areas {
        for b in &a.adjacent {
            let other = areas
                .iter()
                .find(|x| x.id == *b)
                .ok_or_else(|| Error::data(F, format!("{} is adjacent to unknown area {b}", a.id)))?;
            if !other.adjacent.contains(&a.id) {
                return Err(Error::data(
                    F,
                    format!("{} lists {b} as adjacent but {b} does not list it", a.id),
                ));
            }
            if other.wilaya == a.wilaya {
                return Err(Error::data(
                    F,
                    format!("{} and {b} share a wilaya: list only adjacencies across borders", a.id),
                ));
            }
        }
        if a.kind == AreaType::Country && !["FRANCE", "MOROCCO", "TUNISIA"].contains(&a.id.as_str()) {
            return Err(Error::data(
                F,
                format!("{} is a country, and the countries are France, Morocco, Tunisia", a.id),
            ));
        }
    }
    for id in ["FRANCE", "MOROCCO", "TUNISIA"] {
        if !areas.iter().any(|a| a.id == id && a.kind == AreaType::Country) {
            return Err(Error::data(F, format!("{id} must be a country (2.2)")));
        }
    }
    Ok(areas)
}

fn check_kinds(kinds: &[Kind]) -> Result<()> {
    const F: &str = "forces.toml";
    let needed = [
        ("division", Side::Government),
        ("brigade", Side::Government),
        ("elite", Side::Government),
        ("algerian", Side::Government),
        ("police", Side::Government),
        ("front", Side::Fln),
        ("cadre", Side::Fln),
        ("band", Side::Fln),
        ("failek", Side::Fln),
    ];
    for (kind, side) in needed {
        if !kinds.iter().any(|k| k.kind == kind && k.side == side) {
            return Err(Error::data(F, format!("the rules need the {} kind '{kind}'", side.name())));
        }
    }
    let mut ids = BTreeSet::new();
    for k in kinds {
        if k.counter_ids().is_empty() {
            return Err(Error::data(F, format!("{} has no counters", k.kind)));
        }
        for id in k.counter_ids() {
            if !id.chars().all(|c| c.is_ascii_alphanumeric()) || !ids.insert(id.clone()) {
                return Err(Error::data(
                    F,
                    format!("counter id '{id}' is not letters and digits, or is used twice"),
                ));
            }
        }
    }
    Ok(())
}

fn check_tables(t: TablesFile) -> Result<Tables> {
    const F: &str = "tables.toml";
    let mut mission_success = Vec::new();
    for roll in -1..=8 {
        let code = t
            .mission_success
            .get(&roll.to_string())
            .ok_or_else(|| Error::data(F, format!("mission_success has no row {roll}")))?;
        mission_success
            .push(Success::parse(code).ok_or_else(|| Error::data(F, format!("'{code}' is not a result")))?);
    }
    if t.combat.rows.len() != 6 || t.combat.rows.iter().any(|r| r.len() != t.combat.columns.len()) {
        return Err(Error::data(F, "combat needs six rows, one number per column"));
    }
    if !t.combat.columns.windows(2).all(|w| w[0] < w[1]) || t.combat.columns.first() != Some(&1) {
        return Err(Error::data(F, "combat columns start at 1 and rise"));
    }
    let d = &t.depreciation;
    if d.from.len() != d.loss.len() || d.from.first() != Some(&1) || !d.from.windows(2).all(|w| w[0] < w[1]) {
        return Err(Error::data(F, "depreciation: one loss number per column, columns from 1 upwards"));
    }
    for e in &t.event {
        if !EVENTS.contains(&e.event.as_str()) {
            return Err(Error::data(F, format!("event '{}' is not one of {}", e.event, EVENTS.join(", "))));
        }
    }
    for d66 in (11..=66).filter(|n| (1..=6).contains(&(n / 10)) && (1..=6).contains(&(n % 10))) {
        if t.event.iter().filter(|e| (e.rolls[0]..=e.rolls[1]).contains(&d66)).count() != 1 {
            return Err(Error::data(F, format!("the d66 roll {d66} must name exactly one event")));
        }
    }
    for roll in 2..=13 {
        if t.coup.iter().filter(|r| (r.rolls[0]..=r.rolls[1]).contains(&roll)).count() != 1 {
            return Err(Error::data(F, format!("the coup roll {roll} must have exactly one row")));
        }
    }
    Ok(Tables {
        mission_success,
        combat: t.combat,
        depreciation: t.depreciation,
        recovery: t.recovery,
        income: t.income,
        build: t.build,
        cost: t.cost,
        coup: t.coup,
        event: t.event,
    })
}
