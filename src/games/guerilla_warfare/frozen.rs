//! Rule 4, the frozen regions: from January to April the Arctic Ocean, the Barents Sea,
//! Archangel, Lapland and Iceland are iced over.
//!
//! The rule is applied as a filter on conventional orders before they reach the
//! Diplomacy adjudicator: an order the ice forbids is refused with its reason, in the
//! acknowledgement, like any other illegal order. Fractional units ignore the ice.

use crate::games::diplomacy::board::{Board, Order, Unit};
use crate::games::diplomacy::map::{Map, ProvinceId, Terrain, UnitKind};

/// The frozen regions as the rule writes them (ARC, BAR, Ark, Lap, Ice), by their ids
/// on the Abstraction board (see BOARD.md for why the Arctic Ocean is `aro`).
pub const FROZEN: [&str; 5] = ["aro", "bar", "arc", "lap", "ice"];
/// The frozen land provinces armies may enter in winter when empty.
pub const ICE_LAND: [&str; 2] = ["arc", "lap"];
/// Rule 4: armies may not be conveyed here in winter.
pub const ICELAND: &str = "ice";

/// The frozen provinces of a map, as numbers.
#[derive(Clone, Debug)]
pub struct Ice {
    frozen: Vec<ProvinceId>,
    land: Vec<ProvinceId>,
    iceland: Option<ProvinceId>,
}

impl Ice {
    pub fn new(map: &Map) -> Ice {
        Ice {
            frozen: FROZEN.iter().filter_map(|id| map.province_by_id(id)).collect(),
            land: ICE_LAND.iter().filter_map(|id| map.province_by_id(id)).collect(),
            iceland: map.province_by_id(ICELAND),
        }
    }

    pub fn is_frozen(&self, p: ProvinceId) -> bool {
        self.frozen.contains(&p)
    }

    /// Why the ice forbids `order` for `unit` in winter, if it does. `board` is the
    /// position at the start of the move (rule 4's "unoccupied").
    pub fn forbids(&self, map: &Map, board: &Board, unit: Unit, order: &Order) -> Option<String> {
        let from = map.province_of(unit.region);
        let name = |p: ProvinceId| map.province(p).name.clone();
        let fleet = unit.kind == UnitKind::Fleet;
        if fleet && self.is_frozen(from) && !matches!(order, Order::Hold) {
            return Some(format!(
                "{} is frozen from January to April: a fleet there may only hold (rule 4)",
                name(from)
            ));
        }
        match *order {
            Order::Hold => None,
            Order::Move { to, .. } => {
                let d = map.province_of(to);
                if fleet && self.is_frozen(d) {
                    return Some(format!(
                        "{} is frozen from January to April: fleets may not enter or attack it (rule 4)",
                        name(d)
                    ));
                }
                if !fleet && self.iceland == Some(d) {
                    return Some(
                        "armies may not be convoyed to Iceland from January to April (rule 4)".into(),
                    );
                }
                if !fleet && self.land.contains(&d) && board.unit(d).is_some() {
                    return Some(format!(
                        "from January to April armies may enter {} only when it is empty (rule 4)",
                        name(d)
                    ));
                }
                None
            }
            Order::SupportHold { unit: q } => (fleet && self.is_frozen(q)).then(|| {
                format!("{} is frozen from January to April: fleets may not support there (rule 4)", name(q))
            }),
            Order::SupportMove { to, .. } => {
                if fleet && self.is_frozen(to) {
                    return Some(format!(
                        "{} is frozen from January to April: fleets may not support attacks on it (rule 4)",
                        name(to)
                    ));
                }
                if self.land.contains(&to) && board.unit(to).is_some() {
                    return Some(format!(
                        "from January to April {} may be entered only when empty, so there is no attack on it to support (rule 4)",
                        name(to)
                    ));
                }
                None
            }
            Order::Convoy { to, .. } => (self.iceland == Some(to))
                .then(|| "armies may not be convoyed to Iceland from January to April (rule 4)".to_string()),
        }
    }

    /// Rule 4 for a reform in winter: an army may not form in an occupied Archangel or
    /// Lapland, which an army could not enter either. A fleet may form anywhere: the
    /// fractions ignore the ice, and the new fleet is then frozen in like any other.
    pub fn forbids_reform(&self, map: &Map, board: &Board, kind: UnitKind, at: ProvinceId) -> Option<String> {
        (kind == UnitKind::Army && self.land.contains(&at) && board.unit(at).is_some()).then(|| {
            format!(
                "from January to April an army may form in {} only when it is empty (rule 4)",
                map.province(at).name
            )
        })
    }

    /// Winter retreats: a fleet may not retreat into a frozen region.
    pub fn retreat_allowed(&self, map: &Map, kind: UnitKind, to: ProvinceId) -> bool {
        !(kind == UnitKind::Fleet && self.is_frozen(to) && map.province(to).terrain != Terrain::Land)
    }
}
