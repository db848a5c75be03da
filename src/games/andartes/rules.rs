//! The game's components read from `games/andartes/*.toml`: map, counter mix,
//! Mobilization Charts and Politics Table.
//!
//! They are copied into the campaign's state at set-up, so a game keeps the
//! components it started with even if a data file changes mid-campaign, and
//! `bot_orders`/`check_invariants` need nothing but the state.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::crt::Crt;
use super::state::Side;
use crate::engine::{Error, GameData, Result};

/// The data files, embedded so the binary runs anywhere.
/// The board picture of campaigns made before `board=greece`: cells grown from the
/// points of map.toml's reconstruction (a GM's own copy replaces either drawing).
pub const BOARD_TOML: &str = include_str!("../../../games/andartes/board.toml");
/// The Regions on the real map of Greece (drawn with `board=greece`).
pub const GREECE_TOML: &str = include_str!("../../../games/andartes/greece.toml");
/// The land and country outlines under it (Natural Earth, reduced once by
/// `tools/coast.py`).
pub const COAST_TOML: &str = include_str!("../../../games/andartes/coast.toml");
pub const MAP_TOML: &str = include_str!("../../../games/andartes/map.toml");

pub const FILES: &[(&str, &str)] = &[
    ("map.toml", MAP_TOML),
    ("demo.toml", include_str!("../../../games/andartes/demo.toml")),
    ("forces.toml", include_str!("../../../games/andartes/forces.toml")),
    ("mobilization.toml", include_str!("../../../games/andartes/mobilization.toml")),
    ("politics.toml", include_str!("../../../games/andartes/politics.toml")),
    ("crt.toml", include_str!("../../../games/andartes/crt.toml")),
    ("board.toml", BOARD_TOML),
    ("greece.toml", GREECE_TOML),
    ("coast.toml", COAST_TOML),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RegionKind {
    Rural,
    Urban,
    Foreign,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Region {
    pub code: String,
    pub name: String,
    pub kind: RegionKind,
    /// Political points: `[DSE, Government]`, left and right of the slash (2.5).
    pub pp: [i32; 2],
    pub squares: u8,
    pub at: [i32; 2],
    /// For the urban Regions: the Region that contains them (2.2 note, 10.4 note).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    /// Filled at load: every Region one move away (borders and arrows).
    #[serde(default)]
    pub neighbours: Vec<String>,
    /// Filled at load: the subset of `neighbours` reached by an arrow.
    #[serde(default)]
    pub arrows: Vec<String>,
}

impl Region {
    pub fn foreign(&self) -> bool {
        self.kind == RegionKind::Foreign
    }
    pub fn pp_for(&self, side: Side) -> i32 {
        match side {
            Side::Dse => self.pp[0],
            Side::Government => self.pp[1],
        }
    }
}

#[derive(Deserialize)]
struct MapFile {
    region: Vec<Region>,
    borders: Vec<[String; 2]>,
    arrows: Vec<[String; 2]>,
}

/// The Regions keyed by code, in code order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Map {
    pub regions: BTreeMap<String, Region>,
}

impl Map {
    pub fn parse(text: &str) -> Result<Map> {
        let file: MapFile = toml::from_str(text).map_err(|e| Error::data("map.toml", e))?;
        let mut regions = BTreeMap::new();
        for mut r in file.region {
            r.code = r.code.to_ascii_uppercase();
            if r.code.is_empty() || !r.code.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(Error::data(
                    "map.toml",
                    format!("region code '{}' must be letters and digits", r.code),
                ));
            }
            match r.kind {
                RegionKind::Foreign if r.squares != 0 => {
                    return Err(Error::data(
                        "map.toml",
                        format!("{} is a Foreign Area and has no squares (2.6)", r.code),
                    ));
                }
                RegionKind::Rural | RegionKind::Urban if !(1..=3).contains(&r.squares) => {
                    return Err(Error::data(
                        "map.toml",
                        format!("{} needs one to three squares (2.3)", r.code),
                    ));
                }
                _ => {}
            }
            r.neighbours.clear();
            r.arrows.clear();
            if regions.insert(r.code.clone(), r).is_some() {
                return Err(Error::data("map.toml", "region code appears twice"));
            }
        }
        let mut link = |pair: &[String; 2], arrow: bool| -> Result<()> {
            let a = pair[0].to_ascii_uppercase();
            let b = pair[1].to_ascii_uppercase();
            if a == b || !regions.contains_key(&a) || !regions.contains_key(&b) {
                return Err(Error::data(
                    "map.toml",
                    format!("connection {a}-{b} names an unknown or the same region"),
                ));
            }
            for (x, y) in [(&a, &b), (&b, &a)] {
                if let Some(r) = regions.get_mut(x) {
                    if r.neighbours.contains(y) {
                        return Err(Error::data("map.toml", format!("{x}-{y} is listed twice")));
                    }
                    r.neighbours.push(y.clone());
                    if arrow {
                        r.arrows.push(y.clone());
                    }
                    r.neighbours.sort();
                    r.arrows.sort();
                }
            }
            Ok(())
        };
        for pair in &file.borders {
            link(pair, false)?;
        }
        for pair in &file.arrows {
            link(pair, true)?;
        }
        let map = Map { regions };
        for r in map.regions.values() {
            if let Some(w) = &r.within
                && !map.regions.contains_key(w)
            {
                return Err(Error::data("map.toml", format!("{} lies within unknown region {w}", r.code)));
            }
            if r.neighbours.is_empty() {
                return Err(Error::data("map.toml", format!("{} has no connection", r.code)));
            }
        }
        Ok(map)
    }

    pub fn get(&self, code: &str) -> Option<&Region> {
        self.regions.get(&code.to_ascii_uppercase())
    }

    pub fn adjacent(&self, a: &str, b: &str) -> bool {
        self.regions.get(a).is_some_and(|r| r.neighbours.iter().any(|n| n == b))
    }

    /// Regions in Greece (not Foreign Areas), in code order.
    pub fn greece(&self) -> impl Iterator<Item = &Region> {
        self.regions.values().filter(|r| !r.foreign())
    }
}

/// One physical counter type: which levels it carries and how many exist (3.1, 9.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CounterGroup {
    pub levels: Vec<i32>,
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitType {
    pub kind: String,
    pub name: String,
    pub side: Side,
    pub prefix: String,
    pub min_level: i32,
    pub max_level: i32,
    pub strength: Vec<i32>,
    pub movement: Vec<u32>,
    pub infiltration: Vec<bool>,
    pub unconventional: Vec<bool>,
    pub counters: Vec<CounterGroup>,
}

impl UnitType {
    fn index(&self, level: i32) -> usize {
        (level.clamp(self.min_level, self.max_level) - self.min_level) as usize
    }
    pub fn strength(&self, level: i32) -> i32 {
        self.strength.get(self.index(level)).copied().unwrap_or(0)
    }
    pub fn movement(&self, level: i32) -> u32 {
        self.movement.get(self.index(level)).copied().unwrap_or(0)
    }
    pub fn infiltrates(&self, level: i32) -> bool {
        self.infiltration.get(self.index(level)).copied().unwrap_or(false)
    }
    pub fn unconventional(&self, level: i32) -> bool {
        self.unconventional.get(self.index(level)).copied().unwrap_or(false)
    }
    /// The level a newly built unit has: 1, or the type's only level (9.1).
    pub fn build_level(&self) -> i32 {
        1.clamp(self.min_level, self.max_level)
    }
    /// The counter group carrying `level`.
    pub fn group(&self, level: i32) -> Option<usize> {
        self.counters.iter().position(|g| g.levels.contains(&level))
    }
}

#[derive(Deserialize)]
struct ForcesFile {
    airstrikes: u32,
    unit: Vec<UnitType>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forces {
    pub airstrikes: u32,
    pub types: BTreeMap<String, UnitType>,
}

impl Forces {
    pub fn parse(text: &str) -> Result<Forces> {
        let file: ForcesFile = toml::from_str(text).map_err(|e| Error::data("forces.toml", e))?;
        let mut types = BTreeMap::new();
        let mut prefixes = BTreeSet::new();
        for mut t in file.unit {
            t.kind = t.kind.to_ascii_lowercase();
            t.prefix = t.prefix.to_ascii_uppercase();
            let n = (t.max_level - t.min_level + 1).max(0) as usize;
            if t.min_level < 0 || t.max_level > 4 || n == 0 {
                return Err(Error::data("forces.toml", format!("{} levels must lie within 0..4", t.kind)));
            }
            if t.strength.len() != n
                || t.movement.len() != n
                || t.infiltration.len() != n
                || t.unconventional.len() != n
            {
                return Err(Error::data(
                    "forces.toml",
                    format!(
                        "{} needs {n} entries in strength, movement, infiltration and unconventional",
                        t.kind
                    ),
                ));
            }
            for level in t.min_level..=t.max_level {
                let groups = t.counters.iter().filter(|g| g.levels.contains(&level)).count();
                if groups != 1 {
                    return Err(Error::data(
                        "forces.toml",
                        format!("level {level} of {} must be on exactly one counter", t.kind),
                    ));
                }
            }
            if t.prefix.is_empty() || !t.prefix.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(Error::data("forces.toml", format!("prefix of {} must be letters", t.kind)));
            }
            if !prefixes.insert(t.prefix.clone()) {
                return Err(Error::data("forces.toml", format!("prefix {} is used twice", t.prefix)));
            }
            if types.insert(t.kind.clone(), t).is_some() {
                return Err(Error::data("forces.toml", "a kind appears twice"));
            }
        }
        Ok(Forces { airstrikes: file.airstrikes, types })
    }

    pub fn get(&self, kind: &str) -> Option<&UnitType> {
        self.types.get(kind)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Where {
    Greece,
    Foreign,
    GreeceOrForeign,
    Regions,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SquareRule {
    Any,
    Only,
    Never,
}

/// One line of a Mobilization Chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChartLine {
    pub kind: String,
    /// None: this type cannot be built, only upgraded.
    #[serde(default)]
    pub cost: Option<i32>,
    #[serde(default)]
    pub upgrades: Vec<(i32, i32)>,
    #[serde(rename = "where")]
    pub place: Where,
    #[serde(default)]
    pub regions: Vec<String>,
    pub square: SquareRule,
    #[serde(default)]
    pub needs: Vec<String>,
    #[serde(default)]
    pub needs_waived_abroad: bool,
    #[serde(default)]
    pub not_terror: bool,
}

impl ChartLine {
    pub fn upgrade_cost(&self, to_level: i32) -> Option<i32> {
        self.upgrades.iter().find(|(l, _)| *l == to_level).map(|(_, c)| *c)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mobilization {
    pub airstrike_cost: i32,
    pub government: Vec<ChartLine>,
    pub dse: Vec<ChartLine>,
}

impl Mobilization {
    pub fn parse(text: &str, forces: &Forces, map: &Map) -> Result<Mobilization> {
        let mut m: Mobilization = toml::from_str(text).map_err(|e| Error::data("mobilization.toml", e))?;
        for (side, lines) in [(Side::Government, &mut m.government), (Side::Dse, &mut m.dse)] {
            for line in lines.iter_mut() {
                line.kind = line.kind.to_ascii_lowercase();
                let t = forces
                    .get(&line.kind)
                    .ok_or_else(|| Error::data("mobilization.toml", format!("unknown kind {}", line.kind)))?;
                if t.side != side {
                    return Err(Error::data(
                        "mobilization.toml",
                        format!("{} is not a {} unit", line.kind, side.name()),
                    ));
                }
                for code in line.regions.iter_mut() {
                    *code = code.to_ascii_uppercase();
                    if map.get(code).is_none() {
                        return Err(Error::data(
                            "mobilization.toml",
                            format!("{} names unknown region {code}", line.kind),
                        ));
                    }
                }
                for need in &line.needs {
                    if forces.get(need).is_none() {
                        return Err(Error::data(
                            "mobilization.toml",
                            format!("{} needs unknown kind {need}", line.kind),
                        ));
                    }
                }
            }
        }
        Ok(m)
    }

    pub fn chart(&self, side: Side) -> &[ChartLine] {
        match side {
            Side::Government => &self.government,
            Side::Dse => &self.dse,
        }
    }

    pub fn line(&self, side: Side, kind: &str) -> Option<&ChartLine> {
        self.chart(side).iter().find(|l| l.kind == kind)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Doctrine {
    Tight,
    Area,
    Aggressive,
}

impl Doctrine {
    pub fn name(self) -> &'static str {
        match self {
            Doctrine::Tight => "Tight Defense",
            Doctrine::Area => "Area Defense",
            Doctrine::Aggressive => "Aggressive",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoliticsRow {
    pub roll: u32,
    pub doctrine: Doctrine,
    pub pp_limit: i32,
    pub duration: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    pub tight: i32,
    pub area: i32,
    pub aggressive: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoliticsTable {
    pub limits: Limits,
    pub row: Vec<PoliticsRow>,
}

impl PoliticsTable {
    pub fn parse(text: &str) -> Result<PoliticsTable> {
        let t: PoliticsTable = toml::from_str(text).map_err(|e| Error::data("politics.toml", e))?;
        for roll in 2..=12 {
            if t.row.iter().filter(|r| r.roll == roll).count() != 1 {
                return Err(Error::data("politics.toml", format!("roll {roll} must appear exactly once")));
            }
        }
        if t.row.iter().any(|r| r.duration == 0) {
            return Err(Error::data("politics.toml", "a duration must be at least one turn"));
        }
        Ok(t)
    }

    pub fn row(&self, roll: u32) -> Option<&PoliticsRow> {
        self.row.iter().find(|r| r.roll == roll)
    }

    pub fn limit(&self, d: Doctrine) -> i32 {
        match d {
            Doctrine::Tight => self.limits.tight,
            Doctrine::Area => self.limits.area,
            Doctrine::Aggressive => self.limits.aggressive,
        }
    }
}

/// Every component the rules leave to the printed game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub map: Map,
    pub forces: Forces,
    pub mobilization: Mobilization,
    pub politics: PoliticsTable,
    /// 12.2's tables; saved only when they differ from the built-in ones.
    #[serde(default = "Crt::builtin", skip_serializing_if = "Crt::is_builtin")]
    pub crt: Crt,
}

impl Rules {
    /// Reads the components through `data`, so a campaign's own copy wins.
    pub fn load(data: &GameData) -> Result<Rules> {
        Rules::from_texts(
            &data.text("map.toml")?,
            &data.text("forces.toml")?,
            &data.text("mobilization.toml")?,
            &data.text("politics.toml")?,
            &data.text("crt.toml")?,
        )
    }

    /// The embedded components.
    pub fn embedded() -> Result<Rules> {
        Rules::load(&GameData::embedded("andartes", FILES))
    }

    pub fn from_texts(
        map: &str,
        forces: &str,
        mobilization: &str,
        politics: &str,
        crt: &str,
    ) -> Result<Rules> {
        let map = Map::parse(map)?;
        let forces = Forces::parse(forces)?;
        for (kind, side) in [
            ("division", Side::Government),
            ("brigade", Side::Government),
            ("lok", Side::Government),
            ("police", Side::Government),
            ("front", Side::Dse),
            ("cadre", Side::Dse),
            ("guerrilla", Side::Dse),
        ] {
            match forces.get(kind) {
                Some(t) if t.side == side => {}
                _ => {
                    return Err(Error::data(
                        "forces.toml",
                        format!("the rules need a {} kind '{kind}'", side.name()),
                    ));
                }
            }
        }
        let mobilization = Mobilization::parse(mobilization, &forces, &map)?;
        let politics = PoliticsTable::parse(politics)?;
        let crt = Crt::parse(crt)?;
        Ok(Rules { map, forces, mobilization, politics, crt })
    }

    pub fn unit_type(&self, kind: &str) -> Result<&UnitType> {
        self.forces.get(kind).ok_or_else(|| Error::step(format!("unknown unit kind {kind}")))
    }
}
