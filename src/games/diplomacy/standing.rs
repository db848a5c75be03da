//! Standing preferences of the postal two-season year (`--option year=two-season`):
//! with the spring and autumn moves a player sends each unit's retreats in order of
//! preference, and with the autumn moves the builds and removals in order of
//! preference, so that the GM resolves a season's retreats and the year's adjustments
//! in the same step as the moves and asks only where no preference applies.
//!
//! This module holds the preferences as data and decides which one applies to a
//! position; [`super::check`] judges them at ingest and [`super::two_season`] chains
//! the phases.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::board::{Adjustment, Board, Dislodged, Ownership, RetreatOrder};
use super::check::{adjustment_count, build_sites};
use super::map::{Map, PowerId, ProvinceId, UnitKind};
use super::text::{self, Style};
use crate::engine::error::{Error, Result};

/// One power's builds and removals in order of preference, sent with the autumn moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lists {
    /// `Adjustment::Build` or `Adjustment::Waive`, first wanted first.
    pub builds: Vec<Adjustment>,
    /// The provinces of the units to remove, first first; a unit is named by where it
    /// stands after the autumn, with its kind if the player wrote it.
    pub removals: Vec<(ProvinceId, Option<UnitKind>)>,
}

impl Lists {
    pub fn is_empty(&self) -> bool {
        self.builds.is_empty() && self.removals.is_empty()
    }
}

/// The preferences one power sent with its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Each unit's retreats, by the province it stands in when the moves are ordered
    /// (a dislodged unit never left it); `RetreatOrder::Disband` may end a list.
    pub retreats: Vec<(ProvinceId, Vec<RetreatOrder>)>,
    pub lists: Lists,
}

impl Standing {
    pub fn is_empty(&self) -> bool {
        self.retreats.is_empty() && self.lists.is_empty()
    }
}

/// The retreat a preference list gives a dislodged unit: the first entry that is one
/// of the unit's retreats, or `disband`. `None`: no entry applies, so the player is
/// asked.
pub fn retreat_choice(d: &Dislodged, prefs: &[RetreatOrder]) -> Option<RetreatOrder> {
    prefs.iter().copied().find(|o| match o {
        RetreatOrder::Disband => true,
        RetreatOrder::Retreat(r) => d.retreats.contains(r),
    })
}

/// The adjustments a power's lists give in `board` (after the autumn), and whether
/// they settle all of them. Builds: the first valid ones, up to the number allowed; a
/// list settles the builds when it fills them, or when no build site is left empty.
/// Removals: the units named, in order, as many as required; a list settles the
/// removals only when it names enough units still on the board.
pub fn adjustments(
    map: &Map,
    board: &Board,
    ownership: &Ownership,
    power: PowerId,
    lists: &Lists,
) -> (Vec<Adjustment>, bool) {
    let delta = adjustment_count(board, ownership, power);
    let mut out = Vec::new();
    if delta > 0 {
        let mut after = board.clone();
        for a in &lists.builds {
            if out.len() as i64 >= delta {
                break;
            }
            match *a {
                Adjustment::Build { kind, region } => {
                    let p = map.province_of(region);
                    if build_sites(map, &after, ownership, power).contains(&p) {
                        after.place(map, super::board::Unit { power, kind, region });
                        out.push(*a);
                    }
                }
                Adjustment::Waive => out.push(Adjustment::Waive),
                Adjustment::Remove(_) => {}
            }
        }
        let filled = out.len() as i64 >= delta || build_sites(map, &after, ownership, power).is_empty();
        let settled = filled && !out.is_empty();
        (out, settled)
    } else if delta < 0 {
        let need = (-delta) as usize;
        for &(p, kind) in &lists.removals {
            if out.len() >= need {
                break;
            }
            let fits = board.unit(p).is_some_and(|u| u.power == power && kind.is_none_or(|k| k == u.kind));
            if fits && !out.contains(&Adjustment::Remove(p)) {
                out.push(Adjustment::Remove(p));
            }
        }
        let settled = out.len() >= need;
        (out, settled)
    } else {
        (out, true)
    }
}

/// Standing preferences written out as they are read back (`style`: the system's
/// echo), each with what it depends on; `after`: when the lists are used ("the
/// autumn").
pub fn lines(
    map: &Map,
    board: &Board,
    standing: &Standing,
    style: Style,
    after: &str,
) -> Vec<(String, String)> {
    let place = |p: ProvinceId| text::province(map, p, style);
    let mut out = Vec::new();
    for (p, list) in &standing.retreats {
        let Some(u) = board.unit(*p) else { continue };
        let items: Vec<String> = list
            .iter()
            .map(|o| match *o {
                RetreatOrder::Retreat(r) => text::region(map, r, style),
                RetreatOrder::Disband => "disband".into(),
            })
            .collect();
        let last =
            if list.last() == Some(&RetreatOrder::Disband) { "" } else { "; if none is open, you are asked" };
        out.push((
            format!("{} R {}", text::unit(map, u, style), items.join(", ")),
            format!(
                "runs only if the {} in {} is dislodged: it goes to the first of these it may retreat to (not where the attack came from, not occupied, not left empty by a standoff){last}",
                u.kind.word(),
                map.province(*p).name
            ),
        ));
    }
    let builds: Vec<String> = standing
        .lists
        .builds
        .iter()
        .map(|a| match *a {
            Adjustment::Build { kind, region } => {
                format!("{} {}", kind.letter(), text::region(map, region, style))
            }
            _ => "waive".into(),
        })
        .collect();
    if !builds.is_empty() {
        out.push((
            format!("Build {}", builds.join(", ")),
            format!("used after {after} if you have builds: the first of these whose centre is then yours and empty, as many as you may build; if they leave a build and an empty centre, you are asked"),
        ));
    }
    let removals: Vec<String> = standing
        .lists
        .removals
        .iter()
        .map(|&(p, kind)| match kind {
            Some(k) => format!("{} {}", k.letter(), place(p)),
            None => place(p),
        })
        .collect();
    if !removals.is_empty() {
        out.push((
            format!("Remove {}", removals.join(", ")),
            format!("used after {after} if you must remove units: these in order, each only if your unit stands there then, as many as you must; if they are too few, you are asked"),
        ));
    }
    out
}

/// What a two-season campaign keeps between phases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// Retreats settled by a preference while the retreat phase waits for others, by
    /// the dislodged unit's province.
    pub retreats: BTreeMap<ProvinceId, RetreatOrder>,
    /// The autumn lists, kept until the adjustments.
    pub lists: BTreeMap<PowerId, Lists>,
}

/// [`Held`] as saved: provinces and regions by their short names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldRecord {
    /// Dislodged unit's province -> `ber`, `stp/nc` or `disband`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreats: BTreeMap<String, String>,
    /// Power -> builds: `A par`, `F stp/nc`, `waive`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub builds: BTreeMap<String, Vec<String>>,
    /// Power -> removals: `A mun`, or `mun` when no kind was written.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub removals: BTreeMap<String, Vec<String>>,
}

impl HeldRecord {
    pub fn is_empty(&self) -> bool {
        self.retreats.is_empty() && self.builds.is_empty() && self.removals.is_empty()
    }

    /// Reads the record, checking every name against the map.
    pub fn read(&self, map: &Map) -> Result<Held> {
        let province = |s: &str| {
            map.province_by_id(s).ok_or_else(|| Error::state(format!("standing: '{s}' is not a province")))
        };
        let region = |s: &str| {
            map.region_by_name(s).ok_or_else(|| Error::state(format!("standing: '{s}' is not a region")))
        };
        let power = |s: &str| {
            map.power_index(s).ok_or_else(|| Error::state(format!("standing: '{s}' is not a power")))
        };
        let mut held = Held::default();
        for (at, to) in &self.retreats {
            let o = if to == "disband" { RetreatOrder::Disband } else { RetreatOrder::Retreat(region(to)?) };
            held.retreats.insert(province(at)?, o);
        }
        for (pw, list) in &self.builds {
            let lists = held.lists.entry(power(pw)?).or_default();
            for b in list {
                let a = match b.split_once(' ') {
                    None if b == "waive" => Adjustment::Waive,
                    Some((k, at)) => {
                        let kind = UnitKind::from_letter(k)
                            .ok_or_else(|| Error::state(format!("standing: '{b}' is not a build")))?;
                        Adjustment::Build { kind, region: region(at)? }
                    }
                    None => return Err(Error::state(format!("standing: '{b}' is not a build"))),
                };
                lists.builds.push(a);
            }
        }
        for (pw, list) in &self.removals {
            let lists = held.lists.entry(power(pw)?).or_default();
            for r in list {
                let (kind, at) = match r.split_once(' ') {
                    Some((k, at)) => (
                        Some(
                            UnitKind::from_letter(k)
                                .ok_or_else(|| Error::state(format!("standing: '{r}' is not a unit")))?,
                        ),
                        at,
                    ),
                    None => (None, r.as_str()),
                };
                lists.removals.push((province(at)?, kind));
            }
        }
        Ok(held)
    }

    pub fn of(map: &Map, held: &Held) -> HeldRecord {
        let mut rec = HeldRecord::default();
        for (&p, o) in &held.retreats {
            let to = match *o {
                RetreatOrder::Retreat(r) => map.region_name(r),
                RetreatOrder::Disband => "disband".into(),
            };
            rec.retreats.insert(map.province(p).id.clone(), to);
        }
        for (&pw, lists) in &held.lists {
            let id = map.power(pw).id.clone();
            let builds: Vec<String> = lists
                .builds
                .iter()
                .filter_map(|a| match *a {
                    Adjustment::Build { kind, region } => {
                        Some(format!("{} {}", kind.letter(), map.region_name(region)))
                    }
                    Adjustment::Waive => Some("waive".into()),
                    Adjustment::Remove(_) => None,
                })
                .collect();
            if !builds.is_empty() {
                rec.builds.insert(id.clone(), builds);
            }
            let removals: Vec<String> = lists
                .removals
                .iter()
                .map(|&(p, kind)| match kind {
                    Some(k) => format!("{} {}", k.letter(), map.province(p).id),
                    None => map.province(p).id.clone(),
                })
                .collect();
            if !removals.is_empty() {
                rec.removals.insert(id, removals);
            }
        }
        rec
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Unit;
    use super::super::map::standard;
    use super::*;

    #[test]
    fn the_first_retreat_that_is_open_applies() {
        let m = standard().unwrap();
        let r = |s: &str| m.region_by_name(s).unwrap();
        let d = Dislodged {
            unit: Unit { power: 3, kind: UnitKind::Army, region: r("mun") },
            attacker_from: m.province_by_id("ber").unwrap(),
            by_convoy: false,
            retreats: vec![r("kie"), r("sil")],
        };
        let prefs = [RetreatOrder::Retreat(r("ber")), RetreatOrder::Retreat(r("sil"))];
        assert_eq!(retreat_choice(&d, &prefs), Some(RetreatOrder::Retreat(r("sil"))));
        assert_eq!(retreat_choice(&d, &prefs[..1]), None);
        let prefs = [RetreatOrder::Retreat(r("ber")), RetreatOrder::Disband];
        assert_eq!(retreat_choice(&d, &prefs), Some(RetreatOrder::Disband));
    }

    #[test]
    fn lists_settle_only_when_they_fill() {
        let m = standard().unwrap();
        let fr = m.power_index("france").unwrap();
        let r = |s: &str| m.region_by_name(s).unwrap();
        let p = |s: &str| m.province_by_id(s).unwrap();
        let mut own = Ownership::start(&m);
        own.owner[p("spa") as usize] = Some(fr);
        own.owner[p("por") as usize] = Some(fr);
        let mut b = Board::empty(&m);
        b.place(&m, Unit { power: fr, kind: UnitKind::Army, region: r("par") });
        // Five centres, one unit: four builds, but only Brest and Marseilles are empty.
        let build = |at: &str, kind| Adjustment::Build { kind, region: r(at) };
        let lists = Lists {
            builds: vec![build("par", UnitKind::Army), build("bre", UnitKind::Fleet)],
            ..Lists::default()
        };
        let (out, settled) = adjustments(&m, &b, &own, fr, &lists);
        assert_eq!(out, vec![build("bre", UnitKind::Fleet)]);
        assert!(!settled, "Marseilles is still empty");
        let lists = Lists {
            builds: vec![build("bre", UnitKind::Fleet), build("mar", UnitKind::Army)],
            ..Lists::default()
        };
        assert!(adjustments(&m, &b, &own, fr, &lists).1, "no site is left");
        // Removals: more units than centres.
        let mut b = Board::start(&m);
        b.place(&m, Unit { power: fr, kind: UnitKind::Army, region: r("bur") });
        let own = Ownership::start(&m);
        let lists = Lists { removals: vec![(p("bur"), Some(UnitKind::Fleet))], ..Lists::default() };
        assert!(!adjustments(&m, &b, &own, fr, &lists).1, "the unit in Burgundy is an army");
        let lists = Lists { removals: vec![(p("mun"), None), (p("bur"), None)], ..Lists::default() };
        assert_eq!(adjustments(&m, &b, &own, fr, &lists), (vec![Adjustment::Remove(p("bur"))], true));
    }

    #[test]
    fn the_record_reads_back() {
        let m = standard().unwrap();
        let mut held = Held::default();
        held.retreats.insert(m.province_by_id("mun").unwrap(), RetreatOrder::Disband);
        held.retreats.insert(
            m.province_by_id("nth").unwrap(),
            RetreatOrder::Retreat(m.region_by_name("stp/nc").unwrap()),
        );
        held.lists.insert(
            1,
            Lists {
                builds: vec![Adjustment::Waive],
                removals: vec![(m.province_by_id("lon").unwrap(), Some(UnitKind::Fleet)), (0, None)],
            },
        );
        let rec = HeldRecord::of(&m, &held);
        assert_eq!(rec.read(&m).unwrap(), held);
    }
}
