//! What a Front Line game remembers between steps: the units and where they stand,
//! the Fallen City markers, each side's supply stacks, Leadership and standing
//! reactions, the Edge token, and a turn left open by a `WAIT` or an `ASK`. No report
//! prose is kept: each step's events tell what happened once.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::attack::Kind;
use super::data::{Battlefield, Side, Square, Terrain};

pub const MONTHS: [&str; 4] = ["SEP", "OCT", "NOV", "DEC"];
pub const MONTH_NAMES: [&str; 4] = ["September", "October", "November", "December"];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EdgeReady {
    /// A held OFF token turns ON when its holder's turn begins (the default).
    OwnTurn,
    /// ... when the next round (month) begins.
    NextRound,
    /// ... at once.
    AtOnce,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// `main` or `nogo`.
    pub board: String,
    pub amphibious: bool,
    /// Each side picks its supply card in `SETUP` (else Balanced Industry).
    pub choose_supply: bool,
    pub edge_ready: EdgeReady,
    /// The results map draws the step's actions (`map_orders=yes`; absent in campaigns
    /// made before it, whose pictures stay as they were).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub map_orders: bool,
    /// The rules' revision (`revision=2`, pinned for new campaigns): a turn line that
    /// cannot run is refused at ingest (campaigns made before accepted it, and their
    /// sealed files must replay: there it is only noted), and a skipped move says how
    /// far it is or that its start square was written in. 3 (pictures only) draws an
    /// Amphibious Move by sea and a Blitzed unit's cross on a ghost of it. 4 fits the
    /// text battlefield to 72 columns. 5 asks no question with only one real answer
    /// (ruling 12): a `WAIT` with nothing left to do ends the turn, and a Rally that
    /// could change no roll's result is not asked. Absent (0)
    /// in campaigns made before, whose reports keep their words and pictures.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub revision: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Default for Options {
    fn default() -> Self {
        Options {
            board: "main".into(),
            amphibious: false,
            choose_supply: false,
            edge_ready: EdgeReady::OwnTurn,
            map_orders: false,
            revision: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    pub red: String,
    pub green: String,
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "at", content = "square")]
pub enum Place {
    Board(Square),
    Reserve,
    /// Blitzed: out of the game (never back to the reserve).
    Gone,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    pub side: Side,
    pub kind: Kind,
    pub place: Place,
    #[serde(default)]
    pub disrupted: bool,
}

impl Unit {
    pub fn square(&self) -> Option<Square> {
        match self.place {
            Place::Board(s) => Some(s),
            _ => None,
        }
    }
    pub fn active(&self) -> bool {
        self.square().is_some() && !self.disrupted
    }
}

/// A supply type; a Fallen chit remembers the city it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Supply {
    Air,
    Capital,
    Industry,
    FallenAir,
    FallenIndustry,
}

impl Supply {
    pub fn name(self) -> &'static str {
        match self {
            Supply::Air => "Air",
            Supply::Capital => "Capital",
            Supply::Industry => "Industry",
            Supply::FallenAir => "Fallen (Air Base)",
            Supply::FallenIndustry => "Fallen (Industry)",
        }
    }
    pub fn fallen(self) -> bool {
        matches!(self, Supply::FallenAir | Supply::FallenIndustry)
    }
    /// The card's column: Air 0, Capital 1, Industry 2.
    pub fn column(self) -> usize {
        match self {
            Supply::Air | Supply::FallenAir => 0,
            Supply::Capital => 1,
            Supply::Industry | Supply::FallenIndustry => 2,
        }
    }
}

/// One stack of chits on an Items card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    pub supply: Supply,
    pub chits: u8,
    /// In the Used Supply area (or in use this turn).
    pub used: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Leadership {
    Available,
    Exhausted,
    /// Commissioned this turn: Available when the turn ends.
    Commissioned,
}

/// One side's Items card and its standing reactions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Camp {
    pub card: String,
    pub stacks: Vec<Stack>,
    pub leadership: Leadership,
    /// Standing reaction lines by category (RALLY, REWARD, OPFIRE, MANEUVER, RELIEVE,
    /// ROUT, EDGE): hidden from the opponent.
    #[serde(default)]
    pub policy: BTreeMap<String, Vec<String>>,
    /// FIRST ME|YOU, kept from the set-up file until the die says who decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
}

impl Camp {
    pub fn new(card: &str) -> Camp {
        Camp {
            card: card.to_string(),
            stacks: Vec::new(),
            leadership: Leadership::Available,
            policy: BTreeMap::new(),
            first: None,
        }
    }
    /// Stacks not yet used this month.
    pub fn available(&self) -> impl Iterator<Item = (usize, &Stack)> {
        self.stacks.iter().enumerate().filter(|(_, s)| !s.used)
    }
}

/// The Edge token: held by a side or in the "Edge Is Off" area, ON or OFF.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    pub holder: Option<Side>,
    pub on: bool,
}

/// A question a turn waits on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub to: Side,
    pub text: String,
    pub answers: Vec<String>,
    pub default: usize,
    /// `rally` (before an attack's dice) or `after` (after an action).
    pub window: String,
    /// The enemy unit that acted (after) or the attacker (rally).
    pub unit: String,
    /// The policy line that answers when no reply comes, for the report.
    pub because: String,
}

/// The turn in progress: its supply, what each unit has done, and (while suspended)
/// the lines not yet run. Hidden: a report never shows `lines`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub side: Option<Side>,
    /// The stack in use (index into the side's stacks).
    pub stack: Option<usize>,
    /// Unit id -> the actions it did this turn.
    pub actions: BTreeMap<String, Vec<String>>,
    /// Lines still to run.
    pub lines: Vec<String>,
    /// An `OR` chain has had a line done.
    pub chain_done: bool,
    /// Continuations opened this turn by WAIT (the next is `.N+2`).
    pub waits: u8,
    /// ASK prompts put this turn (the next is `.R(N+1)`).
    pub asks: u8,
    /// The Rally answer decided for the attack at the head of `lines`, and how it
    /// was decided (for the report).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rally: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rally_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
    /// The unit Rallied in the attack being resolved (its reward on a Miss).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rallied_target: Option<String>,
    /// Waiting for the active player's continuation file.
    pub waiting: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Setup,
    Turn,
    Over,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub players: Players,
    pub stage: Stage,
    /// 0 September .. 3 December.
    pub month: u8,
    /// 1..=6 within the month.
    pub turn: u8,
    pub first: Side,
    pub units: Vec<Unit>,
    /// Cities with a Fallen City marker.
    pub fallen: Vec<Square>,
    pub red: Camp,
    pub green: Camp,
    pub edge: Edge,
    #[serde(default)]
    pub current: Turn,
    pub over: Option<String>,
    #[serde(default)]
    pub winner: Option<Side>,
}

impl State {
    pub fn camp(&self, side: Side) -> &Camp {
        match side {
            Side::Red => &self.red,
            Side::Green => &self.green,
        }
    }
    pub fn camp_mut(&mut self, side: Side) -> &mut Camp {
        match side {
            Side::Red => &mut self.red,
            Side::Green => &mut self.green,
        }
    }
    pub fn player(&self, side: Side) -> &str {
        match side {
            Side::Red => &self.players.red,
            Side::Green => &self.players.green,
        }
    }
    pub fn side_of(&self, player: &str) -> Option<Side> {
        if self.players.red == player {
            Some(Side::Red)
        } else if self.players.green == player {
            Some(Side::Green)
        } else {
            None
        }
    }
    /// Whose turn it is: the first player on odd turns.
    pub fn active_side(&self) -> Side {
        if self.turn % 2 == 1 { self.first } else { self.first.other() }
    }
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id.eq_ignore_ascii_case(id))
    }
    pub fn unit_mut(&mut self, id: &str) -> Option<&mut Unit> {
        self.units.iter_mut().find(|u| u.id.eq_ignore_ascii_case(id))
    }
    pub fn at(&self, sq: Square) -> Option<&Unit> {
        self.units.iter().find(|u| u.place == Place::Board(sq))
    }
    /// The city's owner (its country), if the square is a city.
    pub fn city_owner(&self, board: &Battlefield, sq: Square) -> Option<Side> {
        board.at(sq).is_city().then(|| sq.country()).flatten()
    }
    /// Who controls a city: its owner unless it has Fallen.
    pub fn controller(&self, board: &Battlefield, sq: Square) -> Option<Side> {
        let owner = self.city_owner(board, sq)?;
        Some(if self.fallen.contains(&sq) { owner.other() } else { owner })
    }
    pub fn friendly_city(&self, board: &Battlefield, sq: Square, side: Side) -> bool {
        self.controller(board, sq) == Some(side)
    }
    /// An Unfriendly City: a city the other side controls.
    pub fn unfriendly_city(&self, board: &Battlefield, sq: Square, side: Side) -> bool {
        self.controller(board, sq) == Some(side.other())
    }
    /// The side's city of a kind (its Capital, Air Base or Industry).
    pub fn city_of(board: &Battlefield, side: Side, t: Terrain) -> Option<Square> {
        Battlefield::squares().find(|s| s.country() == Some(side) && board.at(*s) == t)
    }
    /// `SEP`, the month's id.
    pub fn month_id(&self) -> &'static str {
        MONTHS.get(self.month as usize).copied().unwrap_or("DEC")
    }
    pub fn month_name(&self) -> &'static str {
        MONTH_NAMES.get(self.month as usize).copied().unwrap_or("December")
    }
    /// `SEP-3`: the turn's phase id.
    pub fn turn_id(&self) -> String {
        format!("{}-{}", self.month_id(), self.turn)
    }
    /// The side's turns left this month, this one included while it runs.
    pub fn turns_left(&self, side: Side) -> usize {
        (self.turn..=6).filter(|t| (if t % 2 == 1 { self.first } else { self.first.other() }) == side).count()
    }
}
