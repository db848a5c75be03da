//! The saved game: tracks, areas, units and the turn's place in the sequence of play.
//! Everything here is public in the rules (17: no hidden units) except what the
//! system later keeps for a player's scripts; the data (map, mix, tables) is not
//! saved here but read from the campaign's data files, pinned by their hashes.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::data::Side;

/// A unit's box in its area (2.2). Abroad (Morocco, Tunisia) units are always in
/// OPS (ruling R12); the Cadre in France has no box of its own: it is `Ops` there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Box_ {
    #[serde(rename = "UG")]
    Underground,
    #[serde(rename = "OPS")]
    Operations,
    #[serde(rename = "OC")]
    Completed,
    #[serde(rename = "PTL")]
    Patrol,
}

impl Box_ {
    pub fn code(self) -> &'static str {
        match self {
            Box_::Underground => "UG",
            Box_::Operations => "OPS",
            Box_::Completed => "OC",
            Box_::Patrol => "PTL",
        }
    }
}

/// One counter on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    pub kind: String,
    pub area: String,
    #[serde(rename = "box")]
    pub at: Box_,
    #[serde(default, skip_serializing_if = "is_false")]
    pub neutralized: bool,
    /// Airmobilized (11.12) until the Redeployment Segment.
    #[serde(default, skip_serializing_if = "is_false")]
    pub helo: bool,
    /// A division in Dispersed mode (11.7).
    #[serde(default, skip_serializing_if = "is_false")]
    pub dispersed: bool,
}

impl Unit {
    /// A counter as it comes onto the map (set up, mobilized, built, back from Suez):
    /// ready, not airmobilized, concentrated.
    pub fn fresh(id: &str, kind: &str, area: &str, at: Box_) -> Unit {
        Unit {
            id: id.into(),
            kind: kind.into(),
            area: area.into(),
            at,
            neutralized: false,
            helo: false,
            dispersed: false,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// An area's markers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaState {
    /// None: Contested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<Side>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub terror: bool,
    /// 9.27: treated as Remote for the rest of the game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resettled: bool,
    /// Missions limited to one an area a turn that were done here this turn.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub done: BTreeSet<String>,
}

/// The OAS marker (11.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Oas {
    pub controller: Side,
    /// An Urban area's id or FRANCE; None until placed.
    #[serde(default)]
    pub at: Option<String>,
}

/// The players, by side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    pub government: String,
    pub fln: String,
}

impl Players {
    pub fn get(&self, side: Side) -> &str {
        match side {
            Side::Government => &self.government,
            Side::Fln => &self.fln,
        }
    }
}

/// Campaign options (13, and the mail game's limits).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub scenario: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub slow_reaction: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub deterministic_independence: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub shorter: bool,
    /// Reinforcement in turn, Government first (6.0), instead of together.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sequential: bool,
    /// Rally the Troops practice, not the rules: an active Border Zone's DRM also
    /// comes off the FLN's income from its PSL.
    #[serde(default, skip_serializing_if = "is_false")]
    pub border_ap: bool,
    /// WAITs a side may use in one Operations Phase.
    pub waits: u32,
    /// React questions (ASK) put to the Government in one turn.
    pub asks: u32,
    /// The results map draws the step's actions (`map_orders=yes`; absent in campaigns
    /// made before it, whose pictures stay as they were).
    #[serde(default, skip_serializing_if = "is_false")]
    pub map_orders: bool,
    /// The rules module's revision (`revision=4` for new campaigns): 2 tells every
    /// line not carried out as `<line>: skipped: <why>` and asks no React question
    /// whose only answer is NO REACT; 3 reads five rules as their text says (9.13 a
    /// Move abroad ends in OC, 6.33 the Border Zone activated every turn, C.5 recovery
    /// DRMs cumulative, C.6 a standing PSP SPLIT shares combat hits, 11.12 Helo Points
    /// attached at any time); 4 asks no event question with one real answer (the UN
    /// at an FLN PSL of 99, 12.1; a Purge where one wilaya at most holds FLN units,
    /// R19) and offers a Purge only the wilayas that hold some. Campaigns made before
    /// lack it (1) or pin 2 or 3, and resolve as they did.
    #[serde(default = "first_revision", skip_serializing_if = "is_first_revision")]
    pub revision: u32,
}

fn first_revision() -> u32 {
    1
}

fn is_first_revision(n: &u32) -> bool {
    *n <= 1
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scenario: "1954".into(),
            slow_reaction: false,
            deterministic_independence: false,
            shorter: false,
            sequential: false,
            border_ap: false,
            waits: 3,
            asks: 2,
            map_orders: false,
            revision: 1,
        }
    }
}

/// Where the turn is (4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Set-up (3): the Government places, then the FLN.
    SetupGovernment,
    SetupFln,
    /// Waiting for reinforcement sections (6); the Random Events are done.
    Reinforce,
    /// Waiting for the Government's deployment and operations queue (7).
    Deploy,
    /// Waiting for the FLN's deployment and operations script (7, 8).
    Operations,
    /// Operations under way, stopped at a WAIT or a React question.
    Suspended,
    /// The Random Events Phase, stopped at a choice its chooser asked to make by mail.
    Event,
    Over,
}

/// A side's orders not yet carried out: sealed with the file that brought them,
/// committed with the state, shown to their owner and the GM alone.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plans {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reinforcement: Option<Vec<String>>,
    /// Deployment lines (run at the Deployment Phase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment: Option<Vec<String>>,
    /// The operations script (FLN) or queue (Government): lines not yet run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<Vec<String>>,
    /// Standing orders by category (REACT, LOSSES, PSP...), in the owner's words.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub standing: BTreeMap<String, Vec<String>>,
}

/// A React question waiting for the Government's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub mission: String,
    pub area: String,
    /// The FLN units that did the mission and are still there.
    pub units: Vec<String>,
    pub strike: bool,
    pub text: String,
    pub answers: Vec<String>,
    pub default: usize,
}

/// An event's choice put to a side by mail (its standing order says ASK).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventQuestion {
    /// `un` or `purge`.
    pub event: String,
    pub chooser: Side,
    pub text: String,
    pub answers: Vec<String>,
    pub default: usize,
}

/// The Operations Phase's bookkeeping (8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ops {
    /// Passes in a row; two end the phase.
    pub passes: u32,
    /// The Government acts next (told by GOV, or after an FLN pass).
    pub government_next: bool,
    pub waits_government: u32,
    pub waits_fln: u32,
    /// React questions asked this turn.
    pub asks: u32,
    /// Suspended for this side's new script (a WAIT).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
    /// Numbers the continuation phases of a turn (`T3-OPS.1`, `T3-REACT.2`).
    pub k: u32,
    /// The OAS has made its Suppression this turn (ruling R6).
    pub oas_done: bool,
}

/// The game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: Players,
    pub options: Options,
    pub turn: u32,
    pub government_psl: u32,
    pub fln_psl: u32,
    pub ap: u32,
    pub air_max: u32,
    pub air: u32,
    pub helo_max: u32,
    pub helo: u32,
    pub naval: u32,
    /// None: not mobilized; else the DRM step, 0 to -3.
    #[serde(default)]
    pub border_zone: Option<i32>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub border_active: bool,
    pub independent: bool,
    #[serde(default)]
    pub oas: Option<Oas>,
    /// Events in effect this turn (amnesty, jealousy).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub effects: BTreeSet<String>,
    /// Suez (1954, once) has happened.
    #[serde(default, skip_serializing_if = "is_false")]
    pub suez_done: bool,
    pub areas: BTreeMap<String, AreaState>,
    pub units: BTreeMap<String, Unit>,
    /// Elite units disbanded by a coup: never rebuilt (11.4).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub disbanded: BTreeSet<String>,
    /// Units off the map until a turn: id -> (area it returns to, turn). Suez units
    /// come back by themselves (C.2); NATO's may be mobilized again from that turn.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub away: BTreeMap<String, (String, u32)>,
    pub stage: Stage,
    #[serde(default)]
    pub ops: Ops,
    pub plans_government: Plans,
    pub plans_fln: Plans,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_question: Option<EventQuestion>,
    /// 13.3: the side that led by 26 or more at the last check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<Side>,
    /// 13.1: the restrictions have ended.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reaction_over: bool,
    /// Set when a PSL reaches 0: the winner and the level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<String>,
}

impl State {
    pub fn psl(&self, side: Side) -> u32 {
        match side {
            Side::Government => self.government_psl,
            Side::Fln => self.fln_psl,
        }
    }

    pub fn side_of(&self, player: &str) -> Option<Side> {
        if self.players.government == player {
            Some(Side::Government)
        } else if self.players.fln == player {
            Some(Side::Fln)
        } else {
            None
        }
    }

    /// The units in an area, by id.
    pub fn units_in<'a>(&'a self, area: &'a str) -> impl Iterator<Item = &'a Unit> + 'a {
        self.units.values().filter(move |u| u.area == area)
    }

    pub fn plans(&self, side: Side) -> &Plans {
        match side {
            Side::Government => &self.plans_government,
            Side::Fln => &self.plans_fln,
        }
    }

    pub fn plans_mut(&mut self, side: Side) -> &mut Plans {
        match side {
            Side::Government => &mut self.plans_government,
            Side::Fln => &mut self.plans_fln,
        }
    }

    /// A standing order's lines (empty: the default).
    pub fn standing(&self, side: Side, category: &str) -> &[String] {
        self.plans(side).standing.get(category).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn terror(&self, area: &str) -> bool {
        self.areas.get(area).is_some_and(|a| a.terror)
    }
}
