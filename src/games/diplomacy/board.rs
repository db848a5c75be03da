//! What stands where, and the orders units can be given, as plain data over a
//! [`Map`]. Nothing here knows about seasons or years: the same types serve the
//! standard calendar and Guerilla Warfare II's months.

use super::map::{Coast, Map, PowerId, ProvinceId, RegionId, UnitKind};

/// One unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub power: PowerId,
    pub kind: UnitKind,
    /// The region it stands in: the province, or one coast of a split province.
    pub region: RegionId,
}

/// The units on the board, one slot per province (a province holds at most one unit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub units: Vec<Option<Unit>>,
}

impl Board {
    pub fn empty(map: &Map) -> Board {
        Board { units: vec![None; map.province_count()] }
    }

    /// The starting position of the map.
    pub fn start(map: &Map) -> Board {
        let mut b = Board::empty(map);
        for u in &map.start {
            b.units[map.province_of(u.region) as usize] =
                Some(Unit { power: u.power, kind: u.kind, region: u.region });
        }
        b
    }

    pub fn unit(&self, p: ProvinceId) -> Option<Unit> {
        self.units.get(p as usize).copied().flatten()
    }

    /// Puts a unit on the board; returns the one it replaced, if any.
    pub fn place(&mut self, map: &Map, unit: Unit) -> Option<Unit> {
        let p = map.province_of(unit.region) as usize;
        self.units[p].replace(unit)
    }

    pub fn count(&self, power: PowerId) -> usize {
        self.units.iter().flatten().filter(|u| u.power == power).count()
    }

    /// Provinces holding a unit of `power`, in map order.
    pub fn provinces_of(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.is_some_and(|u| u.power == power))
            .map(|(p, _)| p as ProvinceId)
    }
}

/// An order for a unit in a movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Hold,
    /// `to` is the region entered: the province for an army, the coast for a fleet.
    /// `via_convoy` is the player's statement that an army goes by sea even where it
    /// could walk.
    Move {
        to: RegionId,
        via_convoy: bool,
    },
    SupportHold {
        unit: ProvinceId,
    },
    /// Support for the unit in `unit` moving to province `to`; `coast` is set when the
    /// order named one, and must then match the move.
    SupportMove {
        unit: ProvinceId,
        to: ProvinceId,
        coast: Option<Coast>,
    },
    Convoy {
        army: ProvinceId,
        to: ProvinceId,
    },
}

/// A dislodged unit's order in a retreat phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetreatOrder {
    Retreat(RegionId),
    Disband,
}

/// One order of an adjustment phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjustment {
    Build {
        kind: UnitKind,
        region: RegionId,
    },
    Remove(ProvinceId),
    /// Gives up one build.
    Waive,
}

/// A unit driven out of its province.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dislodged {
    pub unit: Unit,
    /// Where the unit that dislodged it came from.
    pub attacker_from: ProvinceId,
    /// The attacker came by convoy; the 1971 bar on retreating to the attacker's
    /// province then does not apply (DATC 4.A.5, cases 6.H.11 and 6.H.12).
    pub by_convoy: bool,
    /// The regions it may retreat to.
    pub retreats: Vec<RegionId>,
}

/// Supply-centre owners, one slot per province (None for neutral or not a centre).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ownership {
    pub owner: Vec<Option<PowerId>>,
    /// Units a power has off the board that still count against its centres at
    /// adjustments, by power (Guerilla Warfare's dispersed units, its ruling R25);
    /// empty in Diplomacy.
    pub off_board: Vec<u32>,
}

impl Ownership {
    /// Each power owns its home centres.
    pub fn start(map: &Map) -> Ownership {
        Ownership { owner: map.provinces.iter().map(|p| p.home).collect(), off_board: Vec::new() }
    }

    pub fn count(&self, power: PowerId) -> usize {
        self.owner.iter().filter(|o| **o == Some(power)).count()
    }

    /// After the last movement (or retreat) of a year: every centre with a unit in it
    /// belongs to that unit's power; empty centres keep their owner.
    pub fn take_centres(&mut self, map: &Map, board: &Board) {
        for p in map.centres() {
            if let Some(u) = board.unit(p) {
                self.owner[p as usize] = Some(u.power);
            }
        }
    }
}
