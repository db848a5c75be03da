//! The retreat phase: dislodged units move to an allowed region or disband.
//!
//! Two or more units retreating to the same province are all disbanded (DATC 6.H.7,
//! 6.H.8); a unit without a (legal) retreat order disbands.

use std::collections::BTreeMap;

use super::board::{Board, Dislodged, RetreatOrder, Unit};
use super::map::{Map, ProvinceId, RegionId};

/// What happened to one dislodged unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RetreatOutcome {
    Retreated(RegionId),
    /// Ordered to disband, or no order.
    Disbanded,
    /// Bounced with another retreat to the same province, and so disbanded.
    Collided(ProvinceId),
}

/// Applies the retreats. `orders` maps a dislodged unit's province to its order; the
/// result lists each dislodged unit (in the order given) with its fate.
pub fn resolve(
    map: &Map,
    board: &Board,
    dislodged: &[Dislodged],
    orders: &BTreeMap<ProvinceId, RetreatOrder>,
) -> (Board, Vec<(Unit, RetreatOutcome)>) {
    let mut wanted: BTreeMap<ProvinceId, usize> = BTreeMap::new();
    let mut choice = Vec::with_capacity(dislodged.len());
    for d in dislodged {
        let from = map.province_of(d.unit.region);
        let target = match orders.get(&from) {
            Some(RetreatOrder::Retreat(r)) if d.retreats.contains(r) => Some(*r),
            _ => None,
        };
        if let Some(r) = target {
            *wanted.entry(map.province_of(r)).or_insert(0) += 1;
        }
        choice.push(target);
    }
    let mut next = board.clone();
    let mut out = Vec::with_capacity(dislodged.len());
    for (d, target) in dislodged.iter().zip(choice) {
        let outcome = match target {
            None => RetreatOutcome::Disbanded,
            Some(r) => {
                let p = map.province_of(r);
                if wanted.get(&p).copied().unwrap_or(0) > 1 || next.unit(p).is_some() {
                    RetreatOutcome::Collided(p)
                } else {
                    next.units[p as usize] = Some(Unit {
                        region: r,
                        ..d.unit
                    });
                    RetreatOutcome::Retreated(r)
                }
            }
        };
        out.push((d.unit, outcome));
    }
    (next, out)
}
