//! The saved state of a game, and its translation to the Diplomacy engine's board.
//!
//! The state is written with province ids (`bur`), not numbers, so that the GM and an
//! auditor can read it. It holds every power's fractions: hiding them is the views'
//! job, while the core's state commitment binds the GM to all of them at every step.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::calendar::{Date, Stage};
use super::fractions::{Limit, Size};
use crate::engine::error::{Error, Result};
use crate::games::diplomacy::board::{Board, Dislodged, Ownership, Unit};
use crate::games::diplomacy::map::{Map, PowerId, ProvinceId, UnitKind};
use crate::games::diplomacy::standing::HeldRecord;

/// A unit's kind as saved: `A` or `F`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    #[serde(rename = "A")]
    Army,
    #[serde(rename = "F")]
    Fleet,
}

impl Kind {
    pub fn unit(self) -> UnitKind {
        match self {
            Kind::Army => UnitKind::Army,
            Kind::Fleet => UnitKind::Fleet,
        }
    }
    pub fn of(k: UnitKind) -> Kind {
        match k {
            UnitKind::Army => Kind::Army,
            UnitKind::Fleet => Kind::Fleet,
        }
    }
    pub fn letter(self) -> &'static str {
        self.unit().letter()
    }
}

/// A conventional unit.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitRec {
    pub power: String,
    pub kind: Kind,
    /// The region: `bur`, or `stp/nc` on a board with split coasts.
    pub at: String,
}

/// A fractional unit (rules 5, 6, 8, 10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fraction {
    /// Unique within the game, in order of creation; fixes which of two alike
    /// fractions an order moves.
    pub id: u32,
    pub power: String,
    pub kind: Kind,
    pub size: Size,
    /// The province it is in, or the sea (or coast) of the fleet it is aboard.
    pub at: String,
    /// Aboard the owner's conventional fleet in `at` (rule 8).
    #[serde(default)]
    pub aboard: bool,
}

/// A unit dislodged in the last move, waiting for its retreat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DislodgedRec {
    pub power: String,
    pub kind: Kind,
    pub at: String,
    /// Where the attack came from; None for a unit dislodged by a reform.
    pub attacker_from: Option<String>,
    #[serde(default)]
    pub by_convoy: bool,
    pub retreats: Vec<String>,
}

/// The contested readings of the rules, chosen per campaign (see RULINGS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Rules {
    /// Rule 5's whole-unit limit: per nationality (default) or all fractions together.
    #[serde(default)]
    pub limit: Limit,
    /// Rule 7's "autumn".
    #[serde(default)]
    pub autumn: Autumn,
    /// Ruling R25: whether a dispersed unit counts as a unit at adjustments. Saved only
    /// when set, so that campaigns from before the option replay byte for byte.
    #[serde(default, skip_serializing_if = "Dispersed::is_free")]
    pub dispersed: Dispersed,
    /// Ruling R26: whether a fleet's automatic landing respects the whole-unit limit.
    #[serde(default, skip_serializing_if = "Landing::is_always")]
    pub landing: Landing,
    /// Option `year`: the zine's way (`two-season`) sends standing preferences with
    /// the moves (see `two_season`). Saved only when set.
    #[serde(default, skip_serializing_if = "Year::is_standard")]
    pub year: Year,
    /// Option `picture`: which board the step pictures are drawn on. A picture's data,
    /// not the rules', but the pictures are committed in the ledger, so new campaigns
    /// pin `geography` and those made before keep the drawing. Saved only when set.
    #[serde(default, skip_serializing_if = "Picture::is_drawing")]
    pub picture: Picture,
}

/// Option `picture`: the board the step pictures are drawn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Picture {
    /// Cells grown from points read off the Pouch drawing (`board.toml`; campaigns
    /// made before the option).
    #[default]
    Drawing,
    /// The provinces at their real places on Natural Earth's coastlines
    /// (`geography.toml`; pinned in new campaigns).
    Geography,
}

impl Picture {
    fn is_drawing(&self) -> bool {
        *self == Picture::Drawing
    }
}

/// Option `year`: how retreats and adjustments are ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Year {
    /// A mail for every phase: the moves, their retreats, the adjustments.
    #[default]
    Standard,
    /// The postal zine's way: each move's mail carries its units' retreats in order of
    /// preference, and the moves before an adjustment month the builds and removals,
    /// so one step resolves what they settle.
    TwoSeason,
}

impl Year {
    fn is_standard(&self) -> bool {
        *self == Year::Standard
    }
}

/// Ruling R25: a dispersed unit at adjustments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dispersed {
    /// Not counted (the reading of builds before the option existed).
    #[default]
    Free,
    /// Counted as one unit until its fractions reform (pinned in new campaigns).
    Count,
}

impl Dispersed {
    fn is_free(&self) -> bool {
        *self == Dispersed::Free
    }
}

/// Ruling R26: fractions aboard a fleet that ends its move on a coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Landing {
    /// They always land (campaigns from before the option).
    #[default]
    Always,
    /// They land only within rule 5's whole-unit limit, else stay aboard (pinned).
    WithinLimit,
}

impl Landing {
    fn is_always(&self) -> bool {
        *self == Landing::Always
    }
}

/// Which moves are "autumn" for rule 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Autumn {
    /// Every move after which centres change hands (August, November, February, May).
    #[default]
    BeforeBuilds,
    /// Only the November move; a unit dispersing out of a centre in the August, February
    /// or May move takes it as if it had stood there.
    November,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub date: Date,
    pub stage: Stage,
    pub units: Vec<UnitRec>,
    /// Supply centre -> owning power.
    pub owners: BTreeMap<String, String>,
    #[serde(default)]
    pub fractions: Vec<Fraction>,
    /// The id the next fraction gets.
    #[serde(default)]
    pub next_fraction: u32,
    #[serde(default)]
    pub dislodged: Vec<DislodgedRec>,
    /// Units each power dispersed in moves before March 1915 (rule 5's limit of two).
    #[serde(default)]
    pub dispersed: BTreeMap<String, u32>,
    /// Option autumn=november: centres a unit dispersed out of in an August, February or
    /// May move, held for it until centres change hands after that move's retreats.
    #[serde(default)]
    pub stood: BTreeMap<String, String>,
    #[serde(default)]
    pub rules: Rules,
    /// Set when the game has ended: the result.
    #[serde(default)]
    pub game_over: Option<String>,
    /// Ruling R25 (`dispersed=count`): units each power has dispersed and not yet
    /// reformed, public facts both; they count as units at adjustments.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub guerilla_units: BTreeMap<String, u32>,
    /// Option `year=two-season`: the retreats preferences settled while a retreat
    /// phase waits for others, and the build and removal lists until the adjustments.
    /// Like the fractions, bound by the state commitment and shown to nobody.
    #[serde(default, skip_serializing_if = "HeldRecord::is_empty")]
    pub standing: HeldRecord,
}

/// A fraction with its names turned into the engine's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frac {
    pub id: u32,
    pub power: PowerId,
    pub kind: UnitKind,
    pub size: u32,
    pub at: ProvinceId,
    pub aboard: bool,
}

/// The state as the engine sees it.
pub struct Decoded {
    pub board: Board,
    pub ownership: Ownership,
    pub fractions: Vec<Frac>,
    pub dislodged: Vec<Dislodged>,
}

fn power(map: &Map, id: &str) -> Result<PowerId> {
    map.power_index(id).ok_or_else(|| Error::state(format!("the saved state names an unknown power '{id}'")))
}

fn province(map: &Map, id: &str) -> Result<ProvinceId> {
    map.province_by_id(id)
        .ok_or_else(|| Error::state(format!("the saved state names an unknown province '{id}'")))
}

/// Reads the state into engine types, refusing anything that does not fit the map.
pub fn decode(map: &Map, s: &State) -> Result<Decoded> {
    let mut board = Board::empty(map);
    for u in &s.units {
        let region = map.region_by_name(&u.at).ok_or_else(|| {
            Error::state(format!("the saved state puts a unit in unknown region '{}'", u.at))
        })?;
        let unit = Unit { power: power(map, &u.power)?, kind: u.kind.unit(), region };
        if board.place(map, unit).is_some() {
            return Err(Error::state(format!("the saved state has two units in {}", u.at)));
        }
    }
    let mut ownership = Ownership { owner: vec![None; map.province_count()], off_board: Vec::new() };
    if s.rules.dispersed == Dispersed::Count {
        ownership.off_board =
            map.powers.iter().map(|p| s.guerilla_units.get(&p.id).copied().unwrap_or(0)).collect();
    }
    for (centre, owner) in &s.owners {
        let p = province(map, centre)?;
        if !map.province(p).centre {
            return Err(Error::state(format!(
                "the saved state gives an owner to {centre}, which is not a supply centre"
            )));
        }
        ownership.owner[p as usize] = Some(power(map, owner)?);
    }
    let mut fractions = Vec::with_capacity(s.fractions.len());
    for f in &s.fractions {
        fractions.push(Frac {
            id: f.id,
            power: power(map, &f.power)?,
            kind: f.kind.unit(),
            size: f.size.0,
            at: province(map, &f.at)?,
            aboard: f.aboard,
        });
    }
    fractions.sort_by_key(|f| f.id);
    let mut dislodged = Vec::new();
    for d in &s.dislodged {
        let region = map
            .region_by_name(&d.at)
            .ok_or_else(|| Error::state(format!("unknown region '{}' in the saved state", d.at)))?;
        let mut retreats = Vec::new();
        for r in &d.retreats {
            retreats.push(
                map.region_by_name(r)
                    .ok_or_else(|| Error::state(format!("unknown region '{r}' in the saved state")))?,
            );
        }
        let from = map.province_of(region);
        dislodged.push(Dislodged {
            unit: Unit { power: power(map, &d.power)?, kind: d.kind.unit(), region },
            attacker_from: match &d.attacker_from {
                Some(a) => province(map, a)?,
                None => from,
            },
            by_convoy: d.by_convoy,
            retreats,
        });
    }
    Ok(Decoded { board, ownership, fractions, dislodged })
}

/// The conventional units of a board, as saved (in map order).
pub fn encode_units(map: &Map, board: &Board) -> Vec<UnitRec> {
    board
        .units
        .iter()
        .flatten()
        .map(|u| UnitRec {
            power: map.power(u.power).id.clone(),
            kind: Kind::of(u.kind),
            at: map.region_name(u.region),
        })
        .collect()
}

pub fn encode_owners(map: &Map, ownership: &Ownership) -> BTreeMap<String, String> {
    ownership
        .owner
        .iter()
        .enumerate()
        .filter_map(|(p, o)| o.map(|o| (map.province(p as ProvinceId).id.clone(), map.power(o).id.clone())))
        .collect()
}

pub fn encode_fractions(map: &Map, fractions: &[Frac]) -> Vec<Fraction> {
    let mut out: Vec<Fraction> = fractions
        .iter()
        .map(|f| Fraction {
            id: f.id,
            power: map.power(f.power).id.clone(),
            kind: Kind::of(f.kind),
            size: Size(f.size),
            at: map.province(f.at).id.clone(),
            aboard: f.aboard,
        })
        .collect();
    out.sort_by_key(|f| f.id);
    out
}

pub fn encode_dislodged(map: &Map, dislodged: &[Dislodged], by_reform: &[bool]) -> Vec<DislodgedRec> {
    dislodged
        .iter()
        .enumerate()
        .map(|(i, d)| DislodgedRec {
            power: map.power(d.unit.power).id.clone(),
            kind: Kind::of(d.unit.kind),
            at: map.region_name(d.unit.region),
            attacker_from: (!by_reform.get(i).copied().unwrap_or(false))
                .then(|| map.province(d.attacker_from).id.clone()),
            by_convoy: d.by_convoy,
            retreats: d.retreats.iter().map(|&r| map.region_name(r)).collect(),
        })
        .collect()
}

/// A power is in the game while it has a conventional unit or owns a centre; both are
/// public, so who is due never depends on fractions.
pub fn in_game(board: &Board, ownership: &Ownership, power: PowerId) -> bool {
    board.count(power) > 0 || ownership.count(power) > 0
}
