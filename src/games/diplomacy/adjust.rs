//! The adjustment phase: builds in vacant owned home centres, removals, and the 1971
//! civil-disorder rule for removals a power did not order.
//!
//! The 1971 rulebook removes the units farthest from the power's home supply centres,
//! counting "the shortest available route, including convoys". As judges read it
//! before the 2023 rulebook (DATC 4.D.8): a fleet counts its own moves; an army counts
//! moves over land and sea alike, as if any sea could carry it; the distance is to the
//! nearest home centre whoever owns it now (DATC 6.J.11, 1971). Ties go fleets first,
//! then by the English name of the province in alphabetical order.

use std::collections::{BTreeMap, VecDeque};

use super::board::{Adjustment, Board, Ownership, Unit};
use super::check::adjustment_count;
use super::map::{Map, PowerId, ProvinceId, RegionId, UnitKind};

/// What happened to one adjustment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdjustOutcome {
    Built(Unit),
    Waived,
    Removed(Unit),
    /// Removed by the civil-disorder rule.
    RemovedInDisorder(Unit),
    /// An order that could no longer be carried out (its reason).
    Failed(String),
}

/// Moves from `unit` to the nearest home centre of its power (None: unreachable).
pub fn distance_home(map: &Map, unit: Unit) -> Option<u32> {
    let n = map.province_count();
    let home: Vec<bool> = (0..n as ProvinceId).map(|p| map.province(p).home == Some(unit.power)).collect();
    let start = map.province_of(unit.region);
    if home[start as usize] {
        return Some(0);
    }
    match unit.kind {
        UnitKind::Army => {
            let mut dist = vec![u32::MAX; n];
            dist[start as usize] = 0;
            let mut queue = VecDeque::from([start]);
            while let Some(p) = queue.pop_front() {
                let d = dist[p as usize];
                let mut next: Vec<ProvinceId> = map.province(p).army.clone();
                for &r in &map.province(p).fleet_regions {
                    next.extend(map.region(r).fleet.iter().map(|&s| map.province_of(s)));
                }
                for q in next {
                    if dist[q as usize] == u32::MAX {
                        dist[q as usize] = d + 1;
                        if home[q as usize] {
                            return Some(d + 1);
                        }
                        queue.push_back(q);
                    }
                }
            }
            None
        }
        UnitKind::Fleet => {
            let m = map.regions.len();
            let mut dist = vec![u32::MAX; m];
            dist[unit.region as usize] = 0;
            let mut queue = VecDeque::from([unit.region]);
            while let Some(r) = queue.pop_front() {
                let d = dist[r as usize];
                for &s in &map.region(r).fleet {
                    if dist[s as usize] == u32::MAX {
                        dist[s as usize] = d + 1;
                        if home[map.province_of(s) as usize] {
                            return Some(d + 1);
                        }
                        queue.push_back(s);
                    }
                }
            }
            None
        }
    }
}

/// The units of `power` that civil disorder removes, `count` of them, first first.
pub fn disorder_removals(map: &Map, board: &Board, power: PowerId, count: usize) -> Vec<ProvinceId> {
    let mut units: Vec<(ProvinceId, Unit)> =
        board.provinces_of(power).filter_map(|p| board.unit(p).map(|u| (p, u))).collect();
    units.sort_by(|(pa, a), (pb, b)| {
        let da = distance_home(map, *a).unwrap_or(u32::MAX);
        let db = distance_home(map, *b).unwrap_or(u32::MAX);
        db.cmp(&da)
            .then((b.kind == UnitKind::Fleet).cmp(&(a.kind == UnitKind::Fleet)))
            .then(map.province(*pa).name.cmp(&map.province(*pb).name))
    });
    units.into_iter().take(count).map(|(p, _)| p).collect()
}

/// Carries out the adjustments. `orders` holds each power's accepted adjustment
/// orders in the order written; powers with removals left over lose units by civil
/// disorder, and builds not ordered are waived.
pub fn resolve(
    map: &Map,
    board: &Board,
    ownership: &Ownership,
    orders: &BTreeMap<PowerId, Vec<Adjustment>>,
) -> (Board, Vec<(PowerId, AdjustOutcome)>) {
    let mut next = board.clone();
    let mut out = Vec::new();
    for power in 0..map.powers.len() as PowerId {
        let delta = adjustment_count(board, ownership, power);
        let list = orders.get(&power).map(Vec::as_slice).unwrap_or(&[]);
        if delta > 0 {
            let mut used = 0;
            for a in list {
                if used >= delta {
                    break;
                }
                match *a {
                    Adjustment::Build { kind, region } => {
                        if region as usize >= map.regions.len() {
                            continue;
                        }
                        let p = map.province_of(region);
                        if map.province(p).home != Some(power)
                            || ownership.owner[p as usize] != Some(power)
                            || next.unit(p).is_some()
                        {
                            out.push((
                                power,
                                AdjustOutcome::Failed(format!(
                                    "no build in {}: not a vacant owned home centre",
                                    map.province(p).name
                                )),
                            ));
                            continue;
                        }
                        let unit = Unit { power, kind, region: region as RegionId };
                        next.units[p as usize] = Some(unit);
                        out.push((power, AdjustOutcome::Built(unit)));
                        used += 1;
                    }
                    Adjustment::Waive => {
                        out.push((power, AdjustOutcome::Waived));
                        used += 1;
                    }
                    Adjustment::Remove(_) => {}
                }
            }
            for _ in used..delta {
                out.push((power, AdjustOutcome::Waived));
            }
        } else if delta < 0 {
            let need = (-delta) as usize;
            let mut removed = 0;
            for a in list {
                if removed >= need {
                    break;
                }
                if let Adjustment::Remove(p) = *a
                    && let Some(u) = next.unit(p)
                    && u.power == power
                {
                    next.units[p as usize] = None;
                    out.push((power, AdjustOutcome::Removed(u)));
                    removed += 1;
                }
            }
            if removed < need {
                for p in disorder_removals(map, &next, power, need - removed) {
                    if let Some(u) = next.units[p as usize].take() {
                        out.push((power, AdjustOutcome::RemovedInDisorder(u)));
                    }
                }
            }
        }
    }
    (next, out)
}

#[cfg(test)]
mod tests {
    use super::super::map::standard;
    use super::*;

    fn unit(m: &Map, power: &str, kind: UnitKind, at: &str) -> Unit {
        Unit { power: m.power_index(power).unwrap(), kind, region: m.region_by_name(at).unwrap() }
    }

    #[test]
    fn distances_to_home() {
        let m = standard().unwrap();
        let d = |u| distance_home(&m, u);
        assert_eq!(d(unit(&m, "russia", UnitKind::Fleet, "ska")), Some(2));
        assert_eq!(d(unit(&m, "russia", UnitKind::Fleet, "nao")), Some(3));
        assert_eq!(d(unit(&m, "russia", UnitKind::Fleet, "bal")), Some(2));
        assert_eq!(d(unit(&m, "russia", UnitKind::Army, "tyr")), Some(3));
        assert_eq!(d(unit(&m, "italy", UnitKind::Army, "alb")), Some(2));
        assert!(d(unit(&m, "italy", UnitKind::Army, "war")).is_some_and(|x| x > 1));
        assert_eq!(d(unit(&m, "russia", UnitKind::Army, "mos")), Some(0));
    }

    #[test]
    fn disorder_prefers_far_then_fleets_then_alphabet() {
        let m = standard().unwrap();
        let mut b = Board::empty(&m);
        for u in [
            unit(&m, "russia", UnitKind::Army, "boh"),
            unit(&m, "russia", UnitKind::Fleet, "ska"),
            unit(&m, "russia", UnitKind::Fleet, "nth"),
        ] {
            b.place(&m, u);
        }
        let r = disorder_removals(&m, &b, m.power_index("russia").unwrap(), 1);
        assert_eq!(r, vec![m.province_by_id("nth").unwrap()]);
    }
}
