//! The state of one game: units on the map, both Political Indexes, markers,
//! doctrine, options and whose step it is.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::rules::{Doctrine, Region, Rules, UnitType};
use super::standing::Standing;
use crate::engine::Event;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Government,
    Dse,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Government => Side::Dse,
            Side::Dse => Side::Government,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Government => "Government",
            Side::Dse => "DSE",
        }
    }
    pub fn short(self) -> &'static str {
        match self {
            Side::Government => "GOV",
            Side::Dse => "DSE",
        }
    }
}

/// One value per side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Sides<T> {
    pub government: T,
    pub dse: T,
}

impl<T> Sides<T> {
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::Government => &self.government,
            Side::Dse => &self.dse,
        }
    }
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Government => &mut self.government,
            Side::Dse => &mut self.dse,
        }
    }
}

/// Where a unit stands: the Open area of a Region, or one of its squares (2.3).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Loc {
    pub region: String,
    /// 1-based infrastructure square, or None for the Open area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<u8>,
}

impl Loc {
    pub fn open(region: &str) -> Loc {
        Loc { region: region.to_string(), square: None }
    }
    pub fn square(region: &str, n: u8) -> Loc {
        Loc { region: region.to_string(), square: Some(n) }
    }
    /// `LAR` for the Open area, `LAR/2` for square 2: the notation players type.
    pub fn code(&self) -> String {
        match self.square {
            None => self.region.clone(),
            Some(n) => format!("{}/{n}", self.region),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    pub kind: String,
    pub side: Side,
    pub level: i32,
    pub at: Loc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Set-up's Politics Table rolls (4.0, 16.3): no orders due.
    Politics,
    SetupGovernment,
    SetupDse,
    /// Initiative Determination Phase (8.0), with any due Politics re-roll: no orders.
    Initiative,
    /// A player turn: mobilization, movement, conflict (5.0).
    PlayerTurn {
        second: bool,
    },
    /// Control, attrition, next turn, victory check: no orders.
    EndOfTurn,
    Over,
}

/// Campaign options (5.0 victory check, 17.1, 17.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Options {
    /// 17.1 Tito Breaks with Stalin.
    pub tito: bool,
    /// 17.3 1944 start.
    pub start1944: bool,
    /// 5.0/6.2: the turn at whose end the agreed Victory Check is made.
    pub end_turn: Option<u32>,
    /// Which corrections of earlier readings apply (option `revision`, pinned at 2 in
    /// new campaigns; 0 in campaigns made before it, which replay as they were):
    /// from 2, a Control Phase is scored whole before collapse is checked (6.1,
    /// 14.1), LOK levels keep rule 3.1, and a Military Disaster's retreat losses
    /// count the eliminated unit once (12.3). From 3 (pinned in new campaigns) the
    /// state keeps no report prose: `journal` and `conflicts` stay empty, and each
    /// attack is told in the results of the step that resolved it. From 4 (pinned in
    /// new campaigns) an attack on a place no enemy holds, with no attack before it
    /// whose retreats could bring one, is refused at ingest instead of skipped (a
    /// sealed file of an earlier campaign is read again at resolution, so it stays).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub revision: u32,
    /// The board picture is the real map of Greece, with each attack and loss of the
    /// step marked (option `board=greece`, pinned for new campaigns; campaigns made
    /// before keep the cells of `board.toml` and their pictures byte for byte).
    #[serde(default, skip_serializing_if = "is_false")]
    pub greece: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Options {
    /// Do the corrections of revision `n` apply?
    pub fn from(&self, n: u32) -> bool {
        self.revision >= n
    }
}

/// The Government's current posture from the Politics Table (16.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Politics {
    pub doctrine: Doctrine,
    /// Most PP the Government may spend in one Mobilization Phase (9.5).
    pub pp_limit: i32,
    /// The turn in whose Initiative Phase the table is rolled again.
    pub next_roll: u32,
}

/// 17.1: the Stalin Score and the line the party took.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Stalin {
    pub score: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// While a phase is scored whole (revision 2, 14.1): collapse waits for its end.
    #[serde(skip)]
    pub scoring: bool,
    pub rules: Rules,
    pub players: Sides<String>,
    pub options: Options,
    pub turn: u32,
    pub stage: Stage,
    /// This turn's first player (8.0).
    pub first: Side,
    pub pi: Sides<i32>,
    pub politics: Politics,
    pub american_aid: bool,
    pub stalin: Stalin,
    /// Foreign Areas closed by 17.1.
    pub closed: BTreeSet<String>,
    pub units: BTreeMap<String, Unit>,
    /// Last number given to a unit id, per kind (ids are never reused).
    pub numbers: BTreeMap<String, u32>,
    /// Airstrike markers in the Airstrikes Available box (2.8).
    pub airstrikes: u32,
    pub terror: BTreeSet<String>,
    pub resettled: BTreeSet<String>,
    pub standing: Sides<Standing>,
    /// The attacks of the current turn, one line each, for the report.
    pub conflicts: Vec<String>,
    /// What happened in the latest step, for the report.
    pub journal: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<String>,
}

impl State {
    pub fn player(&self, side: Side) -> &str {
        self.players.get(side)
    }

    pub fn side_of(&self, player: &str) -> Option<Side> {
        if self.players.government.eq_ignore_ascii_case(player) {
            Some(Side::Government)
        } else if self.players.dse.eq_ignore_ascii_case(player) {
            Some(Side::Dse)
        } else {
            None
        }
    }

    /// The side whose player turn it is, if any.
    pub fn active(&self) -> Option<Side> {
        match self.stage {
            Stage::SetupGovernment => Some(Side::Government),
            Stage::SetupDse => Some(Side::Dse),
            Stage::PlayerTurn { second } => Some(if second { self.first.other() } else { self.first }),
            _ => None,
        }
    }

    pub fn region(&self, code: &str) -> Option<&Region> {
        self.rules.map.get(code)
    }

    pub fn utype(&self, unit: &Unit) -> Option<&UnitType> {
        self.rules.forces.get(&unit.kind)
    }

    pub fn strength(&self, unit: &Unit) -> i32 {
        self.utype(unit).map_or(0, |t| t.strength(unit.level))
    }

    pub fn movement(&self, unit: &Unit) -> u32 {
        self.utype(unit).map_or(0, |t| t.movement(unit.level))
    }

    pub fn infiltrates(&self, unit: &Unit) -> bool {
        self.utype(unit).is_some_and(|t| t.infiltrates(unit.level))
    }

    pub fn unconventional(&self, unit: &Unit) -> bool {
        self.utype(unit).is_some_and(|t| t.unconventional(unit.level))
    }

    /// The unit with this id, as typed (any case).
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.get(&id.to_ascii_uppercase())
    }

    pub fn units_in(&self, region: &str) -> impl Iterator<Item = &Unit> {
        let region = region.to_string();
        self.units.values().filter(move |u| u.at.region == region)
    }

    pub fn units_at<'a>(&'a self, loc: &'a Loc) -> impl Iterator<Item = &'a Unit> {
        self.units.values().filter(move |u| &u.at == loc)
    }

    pub fn occupant(&self, region: &str, square: u8) -> Option<&Unit> {
        self.units.values().find(|u| u.at.region == region && u.at.square == Some(square))
    }

    /// Are there units of `side` in the Open area of `region`?
    pub fn in_open(&self, region: &str, side: Side) -> bool {
        self.units.values().any(|u| u.side == side && u.at.region == region && u.at.square.is_none())
    }

    /// May units of `side` ever enter `region` (10.5 International Borders, 17.1)?
    pub fn may_enter(&self, side: Side, region: &str) -> bool {
        match self.region(region) {
            None => false,
            Some(r) if r.foreign() => side == Side::Dse && !self.closed.contains(&r.code),
            Some(_) => true,
        }
    }

    /// The first empty square of `region`, if any.
    pub fn empty_squares(&self, region: &str) -> Vec<u8> {
        let n = self.region(region).map_or(0, |r| r.squares);
        (1..=n).filter(|&s| self.occupant(region, s).is_none()).collect()
    }

    /// How many counters of `kind` carrying `level` are free (9.4), not counting
    /// the counter `except` holds now.
    pub fn free_counters(&self, kind: &str, level: i32, except: Option<&str>) -> u32 {
        let Some(t) = self.rules.forces.get(kind) else {
            return 0;
        };
        let Some(g) = t.group(level) else {
            return 0;
        };
        let used = self
            .units
            .values()
            .filter(|u| u.kind == kind && Some(u.id.as_str()) != except && t.group(u.level) == Some(g))
            .count() as u32;
        t.counters[g].count.saturating_sub(used)
    }

    /// Would a unit of `kind` at `level` find a free counter (9.4)?
    pub fn counter_free(&self, kind: &str, level: i32, except: Option<&str>) -> bool {
        self.free_counters(kind, level, except) > 0
    }

    /// The id the next unit of `kind` will get.
    pub fn next_id(&self, kind: &str) -> String {
        let prefix = self.rules.forces.get(kind).map_or("U", |t| t.prefix.as_str());
        let n = self.numbers.get(kind).copied().unwrap_or(0) + 1;
        format!("{prefix}{n}")
    }

    /// Puts a new unit on the map and returns its id.
    pub fn add_unit(&mut self, kind: &str, side: Side, level: i32, at: Loc) -> String {
        let id = self.next_id(kind);
        *self.numbers.entry(kind.to_string()).or_insert(0) += 1;
        self.units.insert(id.clone(), Unit { id: id.clone(), kind: kind.to_string(), side, level, at });
        id
    }

    /// Changes a Political Index (7.1), capped at 99 (7.2); at zero or below the
    /// game ends at once (6.1).
    pub fn adjust_pi(&mut self, side: Side, delta: i32, why: &str, log: &mut Log) {
        if self.over.is_some() || delta == 0 {
            return;
        }
        let before = *self.pi.get(side);
        let after = (before + delta).min(99);
        *self.pi.get_mut(side) = after;
        log.say(format!(
            "{} PI {before} -> {after} ({}{delta}: {why})",
            side.name(),
            if delta > 0 { "+" } else { "" }
        ));
        if after <= 0 && !self.scoring {
            super::victory::collapse(self, side, log);
        }
    }

    pub fn describe(&self, unit: &Unit) -> String {
        let t = self.utype(unit);
        let mut s = format!(
            "{} {} {}-{}-{}",
            unit.id,
            t.map_or(unit.kind.as_str(), |t| t.name.as_str()),
            self.strength(unit),
            unit.level,
            self.movement(unit)
        );
        if self.infiltrates(unit) {
            s.push_str(" (inf)");
        }
        if self.unconventional(unit) {
            s.push_str(" (unconv)");
        }
        s
    }
}

/// The events of one step; its public lines become the state's journal.
#[derive(Default)]
pub struct Log {
    pub events: Vec<Event>,
    /// In a check without dice: the public line from which on a skipped die could
    /// change what is said.
    pub uncertain_from: Option<usize>,
    /// In a check without dice: lines (by number) whose fate the check cannot know,
    /// and what each depends on, for the acknowledgement's notes.
    pub depends: Vec<(usize, String)>,
}

impl Log {
    pub fn say(&mut self, text: impl Into<String>) {
        self.events.push(Event::public(text));
    }
    /// A line for one player alone (what their standing orders did or did not say).
    pub fn tell(&mut self, player: &str, text: impl Into<String>) {
        self.events.push(Event::to_players(&[player.to_string()], text));
    }

    /// A check without dice skipped a roll here: what follows may differ at resolution.
    pub fn die_skipped(&mut self) {
        if self.uncertain_from.is_none() {
            let public = self.events.iter().filter(|e| e.audience == crate::engine::Audience::Public).count();
            self.uncertain_from = Some(public);
        }
    }

    /// A check without dice notes that line `number` may still not run, and why.
    pub fn depends_on(&mut self, number: usize, why: impl Into<String>) {
        self.depends.push((number, why.into()));
    }

    pub fn lines(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| e.audience == crate::engine::Audience::Public)
            .map(|e| e.text.clone())
            .collect()
    }
}

/// The dice of a step, or none when orders are only being checked: a check walks
/// the same code as the resolution but skips what only a die can decide.
pub struct Roller<'a> {
    dice: Option<&'a mut crate::engine::Dice>,
}

impl<'a> Roller<'a> {
    pub fn real(dice: &'a mut crate::engine::Dice) -> Self {
        Roller { dice: Some(dice) }
    }
    pub fn dry() -> Self {
        Roller { dice: None }
    }
    pub fn is_real(&self) -> bool {
        self.dice.is_some()
    }
    /// One six-sided die, labelled with the rule it serves.
    pub fn d6(&mut self, label: impl Into<String>) -> Option<u32> {
        self.dice.as_mut().map(|d| d.roll(label, 6))
    }
    /// `n` six-sided dice, each labelled "(die i of n)"; their faces.
    pub fn dice(&mut self, n: u32, label: &str) -> Option<Vec<u32>> {
        let d = self.dice.as_mut()?;
        Some((1..=n).map(|i| d.roll(format!("{label} (die {i} of {n})"), 6)).collect())
    }
}
