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
                    next.units[p as usize] = Some(Unit { region: r, ..d.unit });
                    RetreatOutcome::Retreated(r)
                }
            }
        };
        out.push((d.unit, outcome));
    }
    (next, out)
}

#[cfg(test)]
mod tests {
    use super::super::map::{UnitKind, standard};
    use super::*;

    #[test]
    fn two_retreats_to_one_province_both_disband() {
        let m = standard().unwrap();
        let r = |s: &str| m.region_by_name(s).unwrap();
        let unit = |at: &str| Unit { power: 3, kind: UnitKind::Army, region: r(at) };
        let d = |at: &str, options: &[&str]| Dislodged {
            unit: unit(at),
            attacker_from: 0,
            by_convoy: false,
            retreats: options.iter().map(|s| r(s)).collect(),
        };
        let list = vec![d("vie", &["tyr", "gal"]), d("boh", &["tyr"]), d("ser", &["alb"])];
        let mut orders = BTreeMap::new();
        orders.insert(m.province_by_id("vie").unwrap(), RetreatOrder::Retreat(r("tyr")));
        orders.insert(m.province_by_id("boh").unwrap(), RetreatOrder::Retreat(r("tyr")));
        orders.insert(m.province_by_id("ser").unwrap(), RetreatOrder::Retreat(r("alb")));
        let (board, out) = resolve(&m, &Board::empty(&m), &list, &orders);
        let tyr = m.province_by_id("tyr").unwrap();
        assert_eq!(out[0].1, RetreatOutcome::Collided(tyr));
        assert_eq!(out[1].1, RetreatOutcome::Collided(tyr));
        assert_eq!(out[2].1, RetreatOutcome::Retreated(r("alb")));
        assert!(board.unit(tyr).is_none());
        assert_eq!(board.count(3), 1);
    }
}
