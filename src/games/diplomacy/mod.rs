//! `diplomacy`: Diplomacy by email under the 1971 rulebook, adjudicated as the DATC
//! describes, on the standard map (`games/diplomacy/standard.toml`).
//!
//! The engine is a set of pure functions over (map, position, orders) that know
//! nothing of seasons: [`movement::adjudicate`], [`retreat::resolve`],
//! [`adjust::resolve`]. [`game`] puts the standard calendar around them; Guerilla
//! Warfare II can put its months around them instead, on its own map.
//!
//! # Setting up a game
//!
//! Players are the powers. Either the players' ids are the seven powers (`england`,
//! `France`, `TUR`: any name of a power), or the GM maps each player to a power with
//! options `power.<player>=<power>`, for example `--option power.alice=england`. Every
//! power needs a player unless the option `unassigned=civil-disorder` is given: a
//! power without a player is in civil disorder from the start (its units hold, its
//! removals follow the distance rule, it builds nothing). The option `last_year=1910`
//! ends the game after that year's adjustments as a draw among the survivors. The
//! option `year=two-season` plays the zines' year of two mailings: the moves carry
//! standing retreat preferences and (in the autumn) build and removal lists, and a
//! step resolves the phases they settle ([`standing`], [`two_season`]).
//!
//! # No-orders defaults
//!
//! Units without orders hold; dislodged units without orders disband; builds not
//! ordered are waived; removals not ordered are taken by the 1971 civil-disorder rule.

pub mod adjust;
pub mod bench;
pub mod board;
pub mod bot;
pub mod check;
pub mod convoy;
pub mod game;
pub mod map;
pub mod movement;
pub mod notation;
pub mod orders;
pub mod picture;
pub mod report;
pub mod retreat;
pub mod standing;
pub mod text;
pub mod two_season;
pub mod whatif;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::error::{Error, Refusal, Result};
use crate::engine::seats;
use crate::engine::{
    Dice, Event, OrderError, Phase, PhaseMode, PlayerId, Resolution, Section, Setup, System, SystemInfo,
    View, Viewer,
};
use board::{Board, Dislodged, Ownership, Unit};
use check::{PowerOrders, Preferences, Stage, adjustment_count, build_sites};
use game::{PhaseKind, Position, Turn};
use map::{Map, PowerId, UnitKind};
use notation::Names;
use text::Style;

pub use bench::bench_report;
pub use whatif::what_if;

/// The map file, as embedded.
pub const MAP_FILE: &str = "standard.toml";

/// Where each province lies on the board picture (see `crate::maps`).
pub const BOARD_FILE: &str = "board.toml";
pub const BOARD_TOML: &str = include_str!("../../../games/diplomacy/board.toml");

/// The land's real outlines under the built-in board (Natural Earth, reduced once by
/// `tools/coast.py`): a picture's data, not the rules', so no campaign pins it.
pub const COAST_FILE: &str = "coast.toml";
pub const COAST_TOML: &str = include_str!("../../../games/diplomacy/coast.toml");

pub static INFO: SystemInfo = SystemInfo {
    name: "diplomacy",
    title: "Diplomacy (1971 rules, DATC-conformant adjudication)",
    open: |data| {
        let text = data.text(MAP_FILE)?;
        // The built-in map is read and checked once a process: parsing its TOML was a
        // fifth of what a tick at the deadline spent on each campaign.
        let map = if text == map::STANDARD_TOML {
            static STANDARD: std::sync::OnceLock<std::result::Result<Map, String>> =
                std::sync::OnceLock::new();
            STANDARD
                .get_or_init(|| Map::from_toml(&text, MAP_FILE).map_err(|e| e.to_string()))
                .clone()
                .map_err(|e| Error::data(MAP_FILE, e))?
        } else {
            Map::from_toml(&text, MAP_FILE)?
        };
        let board_text = data.text(BOARD_FILE)?;
        type Drawn = (crate::maps::Layout, Option<crate::maps::layout::Coast>);
        let draw = |map: &Map| -> std::result::Result<Drawn, Error> {
            let board =
                picture::layout(map, BOARD_FILE, &board_text).map_err(|e| Error::data(BOARD_FILE, e))?;
            // Real coastlines under the built-in board only (a GM's own board.toml may
            // frame another part of the world); the clear drawing alone uses them.
            let coast = if board_text == BOARD_TOML {
                Some(
                    crate::maps::layout::Coast::build(COAST_FILE, COAST_TOML, &board)
                        .map_err(|e| Error::data(COAST_FILE, e))?,
                )
            } else {
                None
            };
            Ok((board, coast))
        };
        // The built-in map and board give the same picture geometry every time: laying
        // out the cells and cutting the land to them takes some 20 ms, so it is done
        // once a process (a tick opens every campaign that is due).
        let (board, coast) = if board_text == BOARD_TOML && text == map::STANDARD_TOML {
            static BUILT_IN: std::sync::OnceLock<std::result::Result<Drawn, String>> =
                std::sync::OnceLock::new();
            BUILT_IN
                .get_or_init(|| draw(&map).map_err(|e| e.to_string()))
                .clone()
                .map_err(|e| Error::data("the built-in board", e))?
        } else {
            draw(&map)?
        };
        let mut d = Diplomacy::new(map).with_board(board);
        d.coast = coast;
        Ok(Box::new(d))
    },
    files: &[
        (MAP_FILE, map::STANDARD_TOML),
        (BOARD_FILE, BOARD_TOML),
        ("demo.toml", include_str!("../../../games/diplomacy/demo.toml")),
    ],
    tools: crate::engine::Tools {
        what_if: Some(crate::engine::WhatIfTool {
            phase: whatif::what_if_lines,
            job: Some(whatif::what_if_job),
        }),
        bench: Some(bench::bench_report),
        map: None,
    },
    options: &[
        crate::engine::options::OptionSpec {
            key: "seat.*",
            values: &[],
            help: "the power a player plays: seat.<player>=<power> (default: the power the player is named after)",
        },
        crate::engine::options::OptionSpec {
            key: "power.*",
            values: &[],
            help: "the older form of seat.<player>=<power>",
        },
        crate::engine::options::OptionSpec {
            key: "unassigned",
            values: &["civil-disorder"],
            help: "powers without a player hold",
        },
        crate::engine::options::OptionSpec {
            key: "last_year",
            values: &[],
            help: "the game ends after this year",
        },
        crate::engine::options::OptionSpec {
            key: "revision",
            values: &["1", "2", "3"],
            help: "2: the state keeps no report prose, results are told once; 3: also the powers are listed in the rulebook's order (Austria, England, France, Germany, Italy, Russia, Turkey) and the phase that comes next reads 'Next: ...' (pinned: 3)",
        },
        crate::engine::options::OptionSpec {
            key: "coasts",
            values: &["datc", "strict"],
            help: "follow the DATC's coast preferences, or refuse",
        },
        crate::engine::options::OptionSpec {
            key: "year",
            values: &["standard", "two-season"],
            help: "two-season: the zines' two mailings a year; the spring and autumn moves carry retreat preferences ('A mun R ber, kie, sil'), the autumn moves build and removal lists ('Build A par, F bre', 'Remove F bre, A mun'), and the retreats and adjustments they settle are resolved with the moves (default: standard, every phase asked)",
        },
    ],
    rules: 1,
};

pub struct Diplomacy {
    map: Map,
    names: Names,
    board: Option<crate::maps::Layout>,
    /// Real coastlines for the clear drawing (the built-in board only).
    coast: Option<crate::maps::layout::Coast>,
}

impl Diplomacy {
    pub fn new(map: Map) -> Diplomacy {
        let names = Names::new(&map);
        Diplomacy { map, names, board: None, coast: None }
    }

    /// The same rules, drawing their board with `layout`.
    pub fn with_board(mut self, layout: crate::maps::Layout) -> Diplomacy {
        self.board = Some(layout);
        self
    }

    pub fn map(&self) -> &Map {
        &self.map
    }
}

/// A unit as saved: `{"power": "england", "kind": "F", "at": "stp/nc"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitRecord {
    pub power: String,
    pub kind: String,
    pub at: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DislodgedRecord {
    pub power: String,
    pub kind: String,
    pub at: String,
    /// Where the attacker came from.
    pub from: String,
    #[serde(default)]
    pub by_convoy: bool,
    pub retreats: Vec<String>,
}

/// The saved game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub turn: Turn,
    pub units: Vec<UnitRecord>,
    #[serde(default)]
    pub dislodged: Vec<DislodgedRecord>,
    /// Each power's supply centres.
    pub centres: BTreeMap<String, Vec<String>>,
    /// Power id -> player id.
    pub players: BTreeMap<String, PlayerId>,
    #[serde(default)]
    pub last_year: Option<i32>,
    /// The previous phase's report, for the view.
    #[serde(default)]
    pub last: Vec<Section>,
    #[serde(default)]
    pub game_over: Option<String>,
    /// Option `coasts=strict`: coasts the DATC would infer or ignore (6.B.2, 6.B.10,
    /// 6.B.12) are errors instead. Saved only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strict_coasts: bool,
    /// Option `revision`: from 2 (pinned in new campaigns) the state keeps no report
    /// prose: `last` stays empty and a phase's results are told once, in its events.
    /// Campaigns made before it have none (0) and replay as they were. From 3 the
    /// reports list the powers in the rulebook's order (by name) and label the phase
    /// that comes next.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub revision: u32,
    /// Option `year=two-season`: the moves carry standing preferences and a step
    /// resolves the retreats and adjustments they settle (see [`two_season`]). Saved
    /// only when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub two_season: bool,
    /// What preferences settled for a retreat or adjustment phase left open for
    /// others, and the autumn lists until the adjustments (two-season only).
    #[serde(default, skip_serializing_if = "standing::HeldRecord::is_empty")]
    pub standing: standing::HeldRecord,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

pub fn unit_record(map: &Map, u: Unit) -> UnitRecord {
    UnitRecord {
        power: map.power(u.power).id.clone(),
        kind: u.kind.letter().to_string(),
        at: map.region_name(u.region),
    }
}

/// Reads a saved unit, checking it against the map.
pub fn unit_from_record(map: &Map, power: &str, kind: &str, at: &str) -> Result<Unit, Refusal> {
    let power = map
        .power_by_name(power)
        .ok_or_else(|| Refusal(format!("'{power}' is not a power of {}", map.name)))?;
    let kind =
        UnitKind::from_letter(kind).ok_or_else(|| Refusal(format!("unit kind '{kind}' is not A or F")))?;
    let region = map
        .region_by_name(at)
        .ok_or_else(|| Refusal(format!("'{at}' is not a province or coast of {}", map.name)))?;
    let p = map.province_of(region);
    let fits = match kind {
        UnitKind::Army => map.default_region(kind, p) == Some(region),
        UnitKind::Fleet => map.province(p).fleet_regions.contains(&region),
    };
    if !fits {
        return Err(Refusal(format!(
            "{} {at}: {} cannot stand there{}",
            kind.letter(),
            if kind == UnitKind::Army { "an army" } else { "a fleet" },
            if kind == UnitKind::Fleet && map.has_split_coasts(p) { " (name the coast)" } else { "" }
        )));
    }
    Ok(Unit { power, kind, region })
}

impl State {
    /// The position, checked against the map.
    pub fn position(&self, map: &Map) -> Result<Position> {
        let mut board = Board::empty(map);
        for u in &self.units {
            let unit = unit_from_record(map, &u.power, &u.kind, &u.at).map_err(Error::state)?;
            if board.place(map, unit).is_some() {
                return Err(Error::state(format!("two units in {}", u.at)));
            }
        }
        let mut dislodged = Vec::new();
        for d in &self.dislodged {
            let unit = unit_from_record(map, &d.power, &d.kind, &d.at).map_err(Error::state)?;
            let from = map
                .province_by_id(&d.from)
                .ok_or_else(|| Error::state(format!("'{}' is not a province", d.from)))?;
            let retreats = d
                .retreats
                .iter()
                .map(|r| map.region_by_name(r).ok_or_else(|| Error::state(format!("'{r}' is not a region"))))
                .collect::<Result<Vec<_>>>()?;
            dislodged.push(Dislodged { unit, attacker_from: from, by_convoy: d.by_convoy, retreats });
        }
        let mut ownership = Ownership { owner: vec![None; map.province_count()], off_board: Vec::new() };
        for (power, list) in &self.centres {
            let pw =
                map.power_by_name(power).ok_or_else(|| Error::state(format!("'{power}' is not a power")))?;
            for c in list {
                let p = map
                    .province_by_id(c)
                    .filter(|&p| map.province(p).centre)
                    .ok_or_else(|| Error::state(format!("'{c}' is not a supply centre")))?;
                ownership.owner[p as usize] = Some(pw);
            }
        }
        Ok(Position { turn: self.turn, board, dislodged, ownership })
    }

    fn store(&mut self, map: &Map, pos: &Position) {
        self.turn = pos.turn;
        self.units = pos.board.units.iter().flatten().map(|&u| unit_record(map, u)).collect();
        self.dislodged = pos
            .dislodged
            .iter()
            .map(|d| DislodgedRecord {
                power: map.power(d.unit.power).id.clone(),
                kind: d.unit.kind.letter().to_string(),
                at: map.region_name(d.unit.region),
                from: map.province(d.attacker_from).id.clone(),
                by_convoy: d.by_convoy,
                retreats: d.retreats.iter().map(|&r| map.region_name(r)).collect(),
            })
            .collect();
        self.centres = centres_of(map, &pos.ownership);
    }

    /// Which standing preferences the moves of this phase may carry.
    fn preferences(&self) -> Preferences {
        if !self.two_season {
            return Preferences::None;
        }
        match self.turn.season {
            game::Season::Spring => Preferences::Retreats,
            game::Season::Fall => Preferences::RetreatsAndAdjustments,
            game::Season::Winter => Preferences::None,
        }
    }

    fn player_power(&self, map: &Map, player: &str) -> Option<PowerId> {
        self.players.iter().find(|(_, p)| p.as_str() == player).and_then(|(power, _)| map.power_index(power))
    }
}

pub fn centres_of(map: &Map, own: &Ownership) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in map.centres() {
        if let Some(pw) = own.owner[p as usize] {
            out.entry(map.power(pw).id.clone()).or_default().push(map.province(p).id.clone());
        }
    }
    out
}

impl Diplomacy {
    fn stage<'a>(&self, pos: &'a Position) -> Stage<'a> {
        match pos.turn.kind {
            PhaseKind::Movement => Stage::Movement,
            PhaseKind::Retreat => Stage::Retreat { dislodged: &pos.dislodged },
            PhaseKind::Adjustment => Stage::Adjustment { ownership: &pos.ownership },
        }
    }

    /// `held`: what standing preferences settled for a phase left open (two-season).
    fn echo_lines(
        &self,
        pos: &Position,
        power: PowerId,
        orders: &PowerOrders,
        held: &standing::Held,
    ) -> Vec<String> {
        let map = &self.map;
        let mut out = Vec::new();
        match pos.turn.kind {
            PhaseKind::Movement => {
                for (p, o) in &orders.moves {
                    out.push(text::order(map, &pos.board, *p, o, Style::Long));
                }
                let missing: Vec<String> = pos
                    .board
                    .provinces_of(power)
                    .filter(|p| !orders.moves.iter().any(|(q, _)| q == p))
                    .filter_map(|p| pos.board.unit(p))
                    .map(|u| text::unit(map, u, Style::Long))
                    .collect();
                if !missing.is_empty() {
                    out.push(format!("# No order (will hold): {}", missing.join(", ")));
                }
                for (line, note) in self.standing_lines(pos, orders) {
                    out.push(line);
                    out.push(format!("# {note}"));
                }
            }
            PhaseKind::Retreat => {
                for (p, o) in &orders.retreats {
                    if let Some(d) = pos.dislodged.iter().find(|d| map.province_of(d.unit.region) == *p) {
                        out.push(text::retreat(map, d.unit, o, Style::Long));
                    }
                }
                let unordered =
                    pos.dislodged.iter().filter(|d| d.unit.power == power).filter(|d| {
                        !orders.retreats.iter().any(|(q, _)| *q == map.province_of(d.unit.region))
                    });
                let mut missing = Vec::new();
                for d in unordered {
                    match held.retreats.get(&map.province_of(d.unit.region)) {
                        Some(o) => out.push(format!(
                            "# From your standing preference: {}",
                            text::retreat(map, d.unit, o, Style::Long)
                        )),
                        None => missing.push(text::unit(map, d.unit, Style::Long)),
                    }
                }
                if !missing.is_empty() {
                    out.push(format!("# No order (will disband): {}", missing.join(", ")));
                }
            }
            PhaseKind::Adjustment => {
                for a in &orders.adjustments {
                    out.push(text::adjustment(map, &pos.board, a, Style::Long));
                }
                let delta = adjustment_count(&pos.board, &pos.ownership, power);
                let n = orders.adjustments.len() as i64;
                if delta > n {
                    out.push(format!("# {} build(s) not ordered will be waived", delta - n));
                } else if -delta > n {
                    out.push(format!(
                        "# {} removal(s) not ordered will follow the civil-disorder rule",
                        -delta - n
                    ));
                }
            }
        }
        if orders.draw {
            out.push("DRAW".into());
        }
        out
    }

    /// A retreat preference for the power's first unit: up to three places it could
    /// retreat to, by their abbreviations.
    fn example_retreats(&self, pos: &Position, power: PowerId) -> Option<String> {
        let map = &self.map;
        let p = pos.board.provinces_of(power).next()?;
        let u = pos.board.unit(p)?;
        let options: Vec<String> = (0..map.province_count() as map::ProvinceId)
            .filter(|&q| q != p)
            .flat_map(|q| match u.kind {
                UnitKind::Army => {
                    if map.province(q).terrain != map::Terrain::Sea && map.army_adjacent(p, q) {
                        vec![q]
                    } else {
                        Vec::new()
                    }
                }
                UnitKind::Fleet => map.fleet_targets_in(u.region, q),
            })
            .take(3)
            .map(|r| map.region_name(r))
            .collect();
        (!options.is_empty())
            .then(|| format!("{} R {}", text::unit(map, u, Style::Short), options.join(", ")))
    }

    /// The autumn's lists for the welcome mail: two home centres to build in, and the
    /// power's first two units to remove where they stand now.
    fn example_lists(&self, power: PowerId) -> Option<Vec<String>> {
        let map = &self.map;
        let builds: Vec<String> = map
            .homes(power)
            .take(2)
            .filter_map(|p| match map.province(p).terrain {
                map::Terrain::Land => Some(format!("A {}", map.province(p).id)),
                _ => map.province(p).fleet_regions.first().map(|&r| format!("F {}", map.region_name(r))),
            })
            .collect();
        let board = Board::start(map);
        let removals: Vec<String> = board
            .provinces_of(power)
            .take(2)
            .filter_map(|p| board.unit(p))
            .map(|u| text::unit(map, u, Style::Short))
            .collect();
        if builds.is_empty() || removals.is_empty() {
            return None;
        }
        Some(vec![format!("Build {}", builds.join(", ")), format!("Remove {}", removals.join(", "))])
    }

    /// The standing preferences of `orders` written out as they are read back, each
    /// with what it depends on.
    fn standing_lines(&self, pos: &Position, orders: &PowerOrders) -> Vec<(String, String)> {
        standing::lines(&self.map, &pos.board, &orders.standing, Style::Long, "the autumn")
    }

    /// The seven powers are the sides; a player named after one (by any of its names)
    /// plays it, and there is no order to fall back on: a player must be named or
    /// seated. Powers left empty are in civil disorder if the campaign allows it.
    fn seating(&self) -> seats::Seating {
        seats::Seating {
            sides: self.map.powers.iter().map(|p| p.id.clone()).collect(),
            aliases: self.map.power_aliases(),
            in_order: false,
            all_sides: false,
            legacy: &[seats::Legacy::PlayerKey("power")],
        }
    }

    fn voters(&self, state: &State, pos: &Position) -> Vec<PowerId> {
        state.players.keys().filter_map(|p| self.map.power_index(p)).filter(|&p| pos.survives(p)).collect()
    }
}

impl System for Diplomacy {
    type State = State;
    type Orders = PowerOrders;

    fn setup(&self, setup: &Setup) -> Result<State> {
        let map = &self.map;
        let seating = self.seating();
        let seats = setup.seats(&seating)?;
        let players: BTreeMap<String, PlayerId> =
            seats.iter().map(|(p, side)| (side.to_string(), p.clone())).collect();
        let mut unassigned_ok = false;
        let mut last_year = None;
        let mut strict_coasts = false;
        let mut revision = 0;
        let mut two_season = false;
        for (key, value) in setup.options {
            if seating.reads(key) {
                continue;
            }
            if key == "revision" {
                revision = match value.as_str() {
                    "1" => 1,
                    "2" => 2,
                    "3" => 3,
                    other => {
                        return Err(Error::setup(format!(
                            "option revision={other}: use 3 (current), 2 or 1"
                        )));
                    }
                };
            } else if key == "coasts" {
                strict_coasts = match value.as_str() {
                    "datc" => false,
                    "strict" => true,
                    other => return Err(Error::setup(format!("option coasts={other}: use datc or strict"))),
                };
            } else if key == "year" {
                two_season = match value.as_str() {
                    "standard" => false,
                    "two-season" => true,
                    other => {
                        return Err(Error::setup(format!("option year={other}: use standard or two-season")));
                    }
                };
            } else if key == "unassigned" {
                if value != "civil-disorder" {
                    return Err(Error::setup("option unassigned: the only value is 'civil-disorder'"));
                }
                unassigned_ok = true;
            } else if key == "last_year" {
                let y: i32 = value
                    .parse()
                    .map_err(|_| Error::setup(format!("option last_year: '{value}' is not a year")))?;
                if y < 1901 {
                    return Err(Error::setup("option last_year: the game starts in 1901"));
                }
                last_year = Some(y);
            } else {
                return Err(Error::setup(format!(
                    "the diplomacy system has no option '{key}' (it has power.<player>=<power>, unassigned=civil-disorder, last_year=<year>, coasts=datc|strict, year=standard|two-season)"
                )));
            }
        }
        if !unassigned_ok {
            let missing: Vec<&str> =
                map.powers.iter().filter(|p| !players.contains_key(&p.id)).map(|p| p.id.as_str()).collect();
            if !missing.is_empty() {
                return Err(Error::setup(format!(
                    "no player for {}; give every power a player, or --option unassigned=civil-disorder",
                    missing.join(", ")
                )));
            }
        }
        let pos = Position::start(map);
        let mut state = State {
            turn: pos.turn,
            units: Vec::new(),
            dislodged: Vec::new(),
            centres: BTreeMap::new(),
            players,
            last_year,
            last: Vec::new(),
            game_over: None,
            strict_coasts,
            revision,
            two_season,
            standing: standing::HeldRecord::default(),
        };
        state.store(map, &pos);
        Ok(state)
    }

    fn phase(&self, state: &State) -> Phase {
        let mut phase = Phase {
            id: state.turn.id(),
            title: state.turn.title(),
            due: Vec::new(),
            mode: PhaseMode::Deadline,
            game_over: state.game_over.clone(),
            kind: match state.turn.kind {
                game::PhaseKind::Movement => "movement",
                game::PhaseKind::Retreat => "retreat",
                game::PhaseKind::Adjustment => "adjustment",
            }
            .into(),
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: Default::default(),
        };
        if state.game_over.is_some() {
            return phase;
        }
        match state.position(&self.map) {
            Ok(pos) => {
                let held = state.standing.read(&self.map).unwrap_or_default();
                for (power, player) in &state.players {
                    if let Some(pw) = self.map.power_index(power)
                        && two_season::due(&self.map, &pos, &held, pw)
                    {
                        phase.due.push(player.clone());
                    }
                }
            }
            Err(e) => {
                phase.title = format!("{} (the saved state does not fit the map: {e})", phase.title);
                phase.due = state.players.values().cloned().collect();
            }
        }
        phase.due.sort();
        phase
    }

    fn parse(&self, state: &State, player: &str, body: &str) -> Result<PowerOrders, Vec<OrderError>> {
        let Some(power) = state.player_power(&self.map, player) else {
            return Err(vec![OrderError::new(1, "", format!("'{player}' plays no power in this game"))]);
        };
        if let Some(g) = &state.game_over {
            return Err(vec![OrderError::new(1, "", format!("the game is over: {g}"))]);
        }
        let pos = state.position(&self.map).map_err(|e| {
            vec![OrderError::new(1, "", format!("the saved state does not fit the map: {e}"))]
        })?;
        let read = orders::read_with(
            &self.map,
            &self.names,
            &pos.board,
            self.stage(&pos),
            Some(power),
            body,
            orders::Rules { strict_coasts: state.strict_coasts, preferences: state.preferences() },
        );
        let errors: Vec<OrderError> = read
            .errors()
            .map(|l| OrderError::new(l.number, l.text.clone(), l.error.clone().unwrap_or_default()))
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(read
            .orders
            .get(&power)
            .cloned()
            .unwrap_or(PowerOrders { power: Some(power), ..PowerOrders::default() }))
    }

    /// A season of a year: a movement and its retreats (the winter builds go with the
    /// autumn).
    /// New campaigns keep no report prose in the state (see [`State::revision`]).
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[("revision", "3")]
    }

    /// Each power's supply centres and units, in the rulebook's order.
    fn standings(&self, state: &State) -> Vec<crate::engine::Standing> {
        let Ok(pos) = state.position(&self.map) else { return Vec::new() };
        report::powers(&self.map, true)
            .into_iter()
            .map(|pw| {
                crate::engine::Standing::new(
                    self.map.power(pw).name.clone(),
                    format!("{} centres, {} units", pos.ownership.count(pw), pos.board.count(pw)),
                )
            })
            .collect()
    }

    fn game_turn(&self, state: &State) -> Option<String> {
        Some(format!("{} {:?}", state.turn.year, state.turn.season).replace("Winter", "Fall"))
    }

    /// The year: a game turn is a season, and a two-season year has two mailings.
    fn game_year(&self, state: &State) -> Option<String> {
        Some(state.turn.year.to_string())
    }

    fn random_orders(&self, state: &State, player: &str, rng: &mut dyn rand_core::RngCore) -> Option<String> {
        Some(bot::orders(self, state, player, rng))
    }

    /// The welcome mail's orders: this power's own units, one of them moving into an
    /// empty neighbouring province and the others holding, so the example is accepted
    /// as it stands and shows both forms on the power's real position.
    fn example_orders(&self, state: &State, player: &str) -> Vec<String> {
        let (Some(power), Ok(pos)) = (state.player_power(&self.map, player), state.position(&self.map))
        else {
            return Vec::new();
        };
        if pos.turn.kind != game::PhaseKind::Movement || state.game_over.is_some() {
            return Vec::new();
        }
        let map = &self.map;
        let mut moved = false;
        let mut lines = Vec::new();
        for p in pos.board.provinces_of(power).collect::<Vec<_>>() {
            let Some(u) = pos.board.unit(p) else { continue };
            let here = format!("{} {}", u.kind.letter(), map.region_name(u.region));
            // A province one coast only, so a fleet's move needs no coast written.
            let target = (0..map.province_count() as map::ProvinceId).find(|&t| {
                t != p
                    && pos.board.unit(t).is_none()
                    && map.province(t).fleet_regions.len() <= 1
                    && map.can_reach(u.kind, u.region, t)
            });
            match target {
                Some(t) if !moved => {
                    moved = true;
                    lines.push(format!("{here} - {}", map.province(t).id));
                }
                _ => lines.push(format!("{here} H")),
            }
        }
        if state.two_season
            && let Some(line) = self.example_retreats(&pos, power)
        {
            lines.push(line);
        }
        lines
    }

    /// The welcome mail of a two-season year: how preferences are written, with the
    /// autumn's lists for the power's own centres and units.
    fn guide(&self, state: &State, player: &str) -> crate::engine::Guide {
        let now = self.example_orders(state, player);
        let (true, Some(power), false) =
            (state.two_season, state.player_power(&self.map, player), now.is_empty())
        else {
            return crate::engine::Guide { now, ..crate::engine::Guide::default() };
        };
        let notes = [
            "A two-season year: with the moves, give a unit's retreats in order of preference,",
            "in case it is dislodged: A Mun R Ber, Kie, Sil (or A Mun H; R Ber, Kie, Sil). The",
            "first it may retreat to is taken; end the list with disband if none of them will do.",
            "With the autumn moves, list builds and removals in order: Build A Par, F Bre and",
            "Remove F Bre, A Mun (a unit named by where it will stand). The GM resolves the",
            "retreats and adjustments these settle with the moves, and asks only where none applies.",
        ]
        .map(String::from)
        .to_vec();
        let next = self
            .example_lists(power)
            .map(|lines| {
                vec![crate::engine::ExampleBlock {
                    title: "With the autumn moves, builds and removals in order of preference:".into(),
                    lines,
                }]
            })
            .unwrap_or_default();
        crate::engine::Guide { now, notes, next, ..crate::engine::Guide::default() }
    }

    /// Standing preferences run only if the moves give them something to do.
    fn notes(&self, state: &State, _player: &str, orders: &PowerOrders) -> Vec<crate::engine::LineNote> {
        let Ok(pos) = state.position(&self.map) else {
            return Vec::new();
        };
        if pos.turn.kind != PhaseKind::Movement {
            return Vec::new();
        }
        self.standing_lines(&pos, orders)
            .into_iter()
            .map(|(line, note)| crate::engine::LineNote { line, note })
            .collect()
    }

    fn echo(&self, state: &State, orders: &PowerOrders) -> Vec<String> {
        let Ok(pos) = state.position(&self.map) else {
            return Vec::new();
        };
        match orders.power {
            Some(pw) => {
                self.echo_lines(&pos, pw, orders, &state.standing.read(&self.map).unwrap_or_default())
            }
            None => vec!["# No orders".into()],
        }
    }

    fn resolve(
        &self,
        state: &State,
        orders: &BTreeMap<PlayerId, PowerOrders>,
        _dice: &mut Dice,
    ) -> Result<Resolution<State>> {
        let map = &self.map;
        if let Some(g) = &state.game_over {
            return Err(Error::step(format!("the game is over: {g}")));
        }
        let pos = state.position(map)?;
        let mut by_power: BTreeMap<PowerId, PowerOrders> = BTreeMap::new();
        for (player, o) in orders {
            if let Some(pw) = state.player_power(map, player) {
                by_power.insert(pw, o.clone());
            }
        }
        let voters = self.voters(state, &pos);
        let held = state.standing.read(map)?;
        let step = if state.two_season {
            two_season::advance(map, &pos, &by_power, &held, &voters)
        } else {
            let (next, report) = game::advance(map, &pos, &by_power, &voters);
            two_season::Step { next, reports: vec![report], held }
        };
        let next = step.next;
        let mut events = Vec::new();
        let count = step.reports.len();
        let mut blocks = Vec::new();
        for (k, report) in step.reports.iter().enumerate() {
            let mut these = report::blocks(map, report, &next);
            if k + 1 < count {
                // The counts and the next phase are told once, after the last phase.
                these.retain(|b| b.title != "Centre count" && b.title != "Next");
            }
            if k > 0 {
                blocks.push((
                    report.turn.id(),
                    report::Block {
                        title: "Standing preferences".into(),
                        lines: vec![format!(
                            "{}: resolved from the standing preferences sent with the moves",
                            report.turn.title()
                        )],
                    },
                ));
            }
            if state.revision >= 3 {
                report::in_rulebook_order(map, &mut these);
            }
            blocks.extend(these.into_iter().map(|b| (report.turn.id(), b)));
        }
        let Some(report) = step.reports.last() else {
            return Err(Error::step("no phase was resolved"));
        };
        let title = report.turn.title();
        for (phase, b) in &blocks {
            for line in &b.lines {
                events.push(Event {
                    audience: crate::engine::Audience::Public,
                    text: line.clone(),
                    data: serde_json::json!({"phase": phase, "section": b.title}),
                });
            }
        }
        let blocks: Vec<report::Block> = blocks.into_iter().map(|(_, b)| b).collect();
        let mut new_state = state.clone();
        new_state.store(map, &next);
        new_state.standing = standing::HeldRecord::of(map, &step.held);
        new_state.last = if state.revision >= 2 {
            Vec::new()
        } else {
            std::iter::once(Section { title: format!("{title}: results"), lines: Vec::new() })
                .chain(blocks.into_iter().map(|b| Section { title: b.title, lines: b.lines }))
                .filter(|s| !s.lines.is_empty())
                .collect()
        };
        if let Some(w) = report.winner {
            new_state.game_over = Some(format!(
                "{} wins with {} supply centres ({})",
                map.power(w).name,
                next.ownership.count(w),
                title
            ));
        } else if let Some(d) = &report.draw {
            let names: Vec<&str> = d.iter().map(|&p| map.power(p).name.as_str()).collect();
            new_state.game_over = Some(format!("Draw between {} ({title})", names.join(", ")));
        } else if let Some(y) = state.last_year
            && next.turn.year > y
        {
            let names: Vec<&str> = (0..map.powers.len() as PowerId)
                .filter(|&p| next.survives(p))
                .map(|p| map.power(p).name.as_str())
                .collect();
            let text = format!("The game ends after {y}: draw between {}", names.join(", "));
            events.push(Event::public(text.clone()));
            new_state.game_over = Some(text);
        }
        Ok(Resolution { state: new_state, events })
    }

    fn picture(
        &self,
        _before: &State,
        state: &State,
        _viewer: &Viewer,
        results: &[Event],
        frame: &crate::maps::Frame,
    ) -> Option<Arc<String>> {
        let layout = self.board.as_ref()?;
        let pos = state.position(&self.map).ok()?;
        let title = format!("{}: {}", self.map.name, state.turn.title());
        let on = picture::OnBoard { board: &pos.board, ownership: &pos.ownership, dislodged: &pos.dislodged };
        let scene = picture::scene(&self.map, &self.names, title, on, results);
        if frame.clear() {
            let title = format!("Diplomacy ({}): {}, step {}", self.map.name, state.turn.title(), frame.step);
            let scene = picture::clear(&self.map, scene, title, &pos.ownership);
            return Some(crate::maps::clear::svg_shared(layout, &scene, self.coast.as_ref()));
        }
        Some(Arc::new(crate::maps::draw::svg(layout, &scene)))
    }

    fn view(&self, state: &State, viewer: &Viewer) -> View {
        let map = &self.map;
        let mut sections = Vec::new();
        let pos = match state.position(map) {
            Ok(p) => p,
            Err(e) => {
                return View {
                    sections: vec![Section {
                        title: "Error".into(),
                        lines: vec![format!("the saved state does not fit the map: {e}")],
                    }],
                    ..View::default()
                };
            }
        };
        let me = match viewer {
            Viewer::Player(p) => state.player_power(map, p),
            _ => None,
        };
        let mut head = vec![match &state.game_over {
            Some(g) => format!("Game over: {g}"),
            None => format!("Now: {}", state.turn.title()),
        }];
        if let Some(pw) = me {
            head.push(format!("You play {}.", map.power(pw).name));
        }
        sections.push(Section { title: "Game".into(), lines: head });
        let powers = report::powers(map, state.revision >= 3);
        let mut units = Vec::new();
        for &pw in &powers {
            let list: Vec<String> = pos
                .board
                .provinces_of(pw)
                .filter_map(|p| pos.board.unit(p))
                .map(|u| text::unit(map, u, Style::Long))
                .collect();
            if !list.is_empty() {
                units.push(format!("{}: {}", map.power(pw).name, list.join(", ")));
            }
        }
        sections.push(Section { title: "Units".into(), lines: units });
        let mut centres = Vec::new();
        for &pw in &powers {
            let list: Vec<&str> = map
                .centres()
                .filter(|&p| pos.ownership.owner[p as usize] == Some(pw))
                .map(|p| map.province(p).name.as_str())
                .collect();
            if !list.is_empty() {
                centres.push(format!("{} ({}): {}", map.power(pw).name, list.len(), list.join(", ")));
            }
        }
        let neutral: Vec<&str> = map
            .centres()
            .filter(|&p| pos.ownership.owner[p as usize].is_none())
            .map(|p| map.province(p).name.as_str())
            .collect();
        if !neutral.is_empty() {
            centres.push(format!("Neutral ({}): {}", neutral.len(), neutral.join(", ")));
        }
        sections.push(Section { title: "Supply centres".into(), lines: centres });
        if !pos.dislodged.is_empty() {
            let lines = pos
                .dislodged
                .iter()
                .map(|d| {
                    let opts: Vec<String> = d.retreats.iter().map(|&r| map.region_title(r)).collect();
                    format!(
                        "{} {}: may retreat to {}",
                        map.power(d.unit.power).name,
                        text::unit(map, d.unit, Style::Long),
                        if opts.is_empty() { "nowhere (disbands)".into() } else { opts.join(", ") }
                    )
                })
                .collect();
            sections.push(Section { title: "Dislodged units".into(), lines });
        }
        if pos.turn.kind == PhaseKind::Adjustment {
            let lines = (0..map.powers.len() as PowerId)
                .filter_map(|pw| {
                    let d = adjustment_count(&pos.board, &pos.ownership, pw);
                    let name = &map.power(pw).name;
                    if d > 0 {
                        let sites: Vec<&str> = build_sites(map, &pos.board, &pos.ownership, pw)
                            .into_iter()
                            .map(|p| map.province(p).name.as_str())
                            .collect();
                        Some(format!(
                            "{name} builds {d} (in {})",
                            if sites.is_empty() {
                                "nowhere: no vacant home centre".into()
                            } else {
                                sites.join(", ")
                            }
                        ))
                    } else if d < 0 {
                        Some(format!("{name} removes {}", -d))
                    } else {
                        None
                    }
                })
                .collect();
            sections.push(Section { title: "Adjustments".into(), lines });
        }
        sections.extend(state.last.iter().cloned());
        View {
            sections,
            svg: None,
            data: serde_json::json!({
                "phase": state.turn.id(),
                "units": state.units,
                "dislodged": state.dislodged,
                "centres": state.centres,
            }),
        }
    }
}
