//! Judges whether a written order is legal for one power in the current position,
//! and turns it into a typed order.
//!
//! "Legal" is the DATC's word (4.E.1): an order that, not knowing anyone's other
//! orders, could be carried out. Illegal orders are answered with the reason and
//! never changed into something else. Coasts follow the DATC's stated preferences:
//! a move that leaves out the coast where only one coast can be reached goes there
//! (6.B.2), a wrong coast written for one's own fleet's province is ignored (6.B.10),
//! and so is a coast written on an army's move (6.B.12); a coast is still required
//! where a fleet could reach both (4.B.1), and a wrong coast for a move's destination
//! is an error (4.B.3). With [`Checker::strict_coasts`] (option `coasts=strict`) the
//! three preferences become errors instead, the reading that every coast must be
//! written right. A support may name the province without the coast (4.B.4); a coast
//! it names must match the move.

use crate::engine::Refusal;
use std::collections::BTreeSet;

use super::board::{Adjustment, Board, Dislodged, Order, Ownership, RetreatOrder, Unit};
use super::convoy;
use super::map::{Map, PowerId, ProvinceId, RegionId, Terrain, UnitKind};
use super::notation::{Place, UnitRef, Written, WrittenStanding};
use super::standing::Standing;

/// Which kind of phase the orders are for, with what that phase needs to know.
#[derive(Clone, Copy)]
pub enum Stage<'a> {
    Movement,
    Retreat { dislodged: &'a [Dislodged] },
    Adjustment { ownership: &'a Ownership },
}

/// One power's accepted orders, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PowerOrders {
    /// Whose orders these are.
    pub power: Option<PowerId>,
    pub moves: Vec<(ProvinceId, Order)>,
    pub retreats: Vec<(ProvinceId, RetreatOrder)>,
    pub adjustments: Vec<Adjustment>,
    pub draw: bool,
    /// Retreat preferences and build and removal lists sent with the moves of a
    /// two-season year.
    pub standing: Standing,
}

/// Which standing preferences the moves may carry: none (the standard calendar),
/// retreats (two-season spring), or retreats and the adjustment lists (two-season
/// autumn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preferences {
    None,
    Retreats,
    RetreatsAndAdjustments,
}

/// Accumulates one power's orders line by line, refusing illegal ones.
#[derive(Clone)]
pub struct Checker<'a> {
    map: &'a Map,
    board: &'a Board,
    stage: Stage<'a>,
    power: PowerId,
    pub orders: PowerOrders,
    ordered: BTreeSet<ProvinceId>,
    built: BTreeSet<ProvinceId>,
    strict_coasts: bool,
    preferences: Preferences,
    /// The moves a removal list follows, as its refusals name them.
    lists_after: &'static str,
}

/// How many builds (positive) or removals (negative) a power has.
pub fn adjustment_count(board: &Board, ownership: &Ownership, power: PowerId) -> i64 {
    let off_board = ownership.off_board.get(power as usize).copied().unwrap_or(0);
    ownership.count(power) as i64 - board.count(power) as i64 - off_board as i64
}

/// The home centres a power may build in now: owned and empty.
pub fn build_sites(map: &Map, board: &Board, ownership: &Ownership, power: PowerId) -> Vec<ProvinceId> {
    map.homes(power)
        .filter(|&p| ownership.owner[p as usize] == Some(power) && board.unit(p).is_none())
        .collect()
}

impl<'a> Checker<'a> {
    pub fn new(map: &'a Map, board: &'a Board, stage: Stage<'a>, power: PowerId) -> Self {
        Checker {
            map,
            board,
            stage,
            power,
            orders: PowerOrders { power: Some(power), ..PowerOrders::default() },
            ordered: BTreeSet::new(),
            built: BTreeSet::new(),
            strict_coasts: false,
            preferences: Preferences::None,
            lists_after: "the autumn moves",
        }
    }

    /// Lets the moves carry standing preferences (option `year=two-season`).
    pub fn preferences(mut self, allowed: Preferences) -> Self {
        self.preferences = allowed;
        self
    }

    /// Names the moves a removal list follows ("the autumn moves" by default).
    pub fn lists_after(mut self, moves: &'static str) -> Self {
        self.lists_after = moves;
        self
    }

    pub fn allows_preferences(&self) -> bool {
        self.preferences != Preferences::None && matches!(self.stage, Stage::Movement)
    }

    /// Refuses instead of following the DATC preferences 6.B.2, 6.B.10 and 6.B.12.
    pub fn strict_coasts(mut self, strict: bool) -> Self {
        self.strict_coasts = strict;
        self
    }

    fn name(&self, p: ProvinceId) -> &str {
        &self.map.province(p).name
    }

    fn unit_words(&self, u: Unit) -> String {
        format!("{} in {}", u.kind.word(), self.map.region_title(u.region))
    }

    fn power_adj(&self, p: PowerId) -> &str {
        &self.map.power(p).adjective
    }

    /// The unit a reference names, checked against what it says about kind, coast
    /// and nationality.
    fn find(&self, r: UnitRef, what: &str) -> Result<Unit, Refusal> {
        let p = r.place.province;
        let Some(u) = self.board.unit(p) else {
            return Err(format!("there is no unit in {}{what}", self.name(p)).into());
        };
        if let Some(k) = r.kind
            && k != u.kind
        {
            return Err(format!(
                "the unit in {} is {} {}, not {} {}",
                self.name(p),
                article(u.kind),
                u.kind.word(),
                article(k),
                k.word()
            )
            .into());
        }
        if let Some(pw) = r.power
            && pw != u.power
        {
            return Err(format!(
                "the {} is {}, not {}",
                self.unit_words(u),
                self.power_adj(u.power),
                self.power_adj(pw)
            )
            .into());
        }
        if let Some(c) = r.place.coast
            && self.strict_coasts
        {
            if u.kind == UnitKind::Army {
                return Err(
                    format!("the army in {} stands on land; armies have no coast", self.name(p)).into()
                );
            }
            if self.map.region(u.region).coast != Some(c) {
                return Err(format!(
                    "the fleet in {} is in {}, not on the {}",
                    self.name(p),
                    self.map.region_title(u.region),
                    c.name()
                )
                .into());
            }
        }
        Ok(u)
    }

    /// One's own unit, for a movement order.
    fn own(&self, r: UnitRef) -> Result<Unit, Refusal> {
        let p = r.place.province;
        match self.board.unit(p) {
            None => {
                Err(format!("{} has no unit in {}", self.map.power(self.power).name, self.name(p)).into())
            }
            Some(u) if u.power != self.power => Err(format!(
                "{} has no unit in {}; the {} there is {}",
                self.map.power(self.power).name,
                self.name(p),
                u.kind.word(),
                self.power_adj(u.power)
            )
            .into()),
            Some(_) => self.find(r, ""),
        }
    }

    fn once(&mut self, p: ProvinceId) -> Result<(), Refusal> {
        if !self.ordered.insert(p) {
            return Err(format!("the unit in {} already has an order above", self.name(p)).into());
        }
        Ok(())
    }

    /// Checks one written order and keeps it if legal.
    pub fn add(&mut self, w: &Written) -> Result<(), Refusal> {
        if let Written::Draw = w {
            self.orders.draw = true;
            return Ok(());
        }
        match self.stage {
            Stage::Movement => {
                let (p, o) = self.movement(w)?;
                self.once(p)?;
                self.orders.moves.push((p, o));
            }
            Stage::Retreat { dislodged } => {
                let (p, o) = self.retreat(w, dislodged)?;
                self.once(p)?;
                self.orders.retreats.push((p, o));
            }
            Stage::Adjustment { ownership } => {
                let a = self.adjustment(w, ownership)?;
                self.orders.adjustments.push(a);
            }
        }
        Ok(())
    }

    /// Checks one standing preference against the map and keeps it if it could run.
    /// What depends on the moves (being dislodged, where the attack came from, a
    /// standoff, who owns a centre after the autumn) is left to the resolution; what
    /// never could be (a retreat the unit cannot make, a build outside the power's
    /// home centres, a removal of a unit the power could not have there) is refused.
    pub fn add_standing(&mut self, w: &WrittenStanding) -> Result<(), Refusal> {
        if !self.allows_preferences() {
            return Err("retreat preferences and build lists go with the moves of a two-season year".into());
        }
        match w {
            WrittenStanding::Retreats { unit, to } => {
                let u = self.own(*unit)?;
                let p = unit.place.province;
                if self.orders.standing.retreats.iter().any(|(q, _)| *q == p) {
                    return Err(format!(
                        "the unit in {} already has its retreats in a line above",
                        self.name(p)
                    )
                    .into());
                }
                let mut list = Vec::new();
                for place in to {
                    if list.last() == Some(&RetreatOrder::Disband) {
                        return Err("'disband' ends the list: nothing may follow it".into());
                    }
                    let o = match place {
                        None => RetreatOrder::Disband,
                        Some(place) => RetreatOrder::Retreat(self.retreat_preference(u, *place)?),
                    };
                    if list.contains(&o) {
                        return Err("the same retreat is twice in the list".into());
                    }
                    list.push(o);
                }
                self.orders.standing.retreats.push((p, list));
            }
            WrittenStanding::Builds(items) => {
                self.autumn_only("builds")?;
                if !self.orders.standing.lists.builds.is_empty() {
                    return Err("the builds are listed in a line above; write them in one list".into());
                }
                let name = self.map.power(self.power).name.clone();
                let mut list = Vec::new();
                for item in items {
                    let a = match *item {
                        None => Adjustment::Waive,
                        Some((kind, at)) => {
                            let p = at.province;
                            let prov = self.map.province(p);
                            if prov.home != Some(self.power) {
                                return Err(format!("{} is not a home centre of {name}", prov.name).into());
                            }
                            if list.iter().any(|a| {
                                matches!(a, Adjustment::Build { region, .. } if self.map.province_of(*region) == p)
                            }) {
                                return Err(format!("{} is twice in the list", prov.name).into());
                            }
                            let (kind, region) = self.build_kind(kind, at)?;
                            Adjustment::Build { kind, region }
                        }
                    };
                    list.push(a);
                }
                self.orders.standing.lists.builds = list;
            }
            WrittenStanding::Removals(units) => {
                self.autumn_only("removals")?;
                if !self.orders.standing.lists.removals.is_empty() {
                    return Err("the removals are listed in a line above; write them in one list".into());
                }
                let mut list = Vec::new();
                for r in units {
                    let p = r.place.province;
                    if list.iter().any(|(q, _)| *q == p) {
                        return Err(format!("{} is twice in the list", self.name(p)).into());
                    }
                    self.removal_preference(*r)?;
                    list.push((p, r.kind));
                }
                self.orders.standing.lists.removals = list;
            }
        }
        Ok(())
    }

    fn autumn_only(&self, what: &str) -> Result<(), Refusal> {
        if self.preferences == Preferences::RetreatsAndAdjustments {
            Ok(())
        } else {
            Err(format!("{what} are listed with the autumn moves, not the spring's").into())
        }
    }

    /// The region a preference sends `u` to, if it could ever be a retreat: one move
    /// over one border (retreats are never convoyed), the coast as for a move.
    fn retreat_preference(&self, u: Unit, to: Place) -> Result<RegionId, Refusal> {
        let from = self.map.province_of(u.region);
        let q = to.province;
        let never = |why: String| -> Refusal {
            format!("the {} can never retreat to {}: {why}", self.unit_words(u), self.name(q)).into()
        };
        if q == from {
            return Err(never("it is where the unit stands".into()));
        }
        if u.kind == UnitKind::Army {
            if self.map.province(q).terrain == Terrain::Sea {
                return Err(never("armies do not enter seas".into()));
            }
            if !self.map.army_adjacent(from, q) {
                return Err(never(format!(
                    "{} does not border it, and retreats are not convoyed",
                    self.name(from)
                )));
            }
        }
        self.move_target(u, to, false, None, false).map_err(|e| never(e.0))
    }

    /// A removal preference must name a place where one of the power's units could
    /// stand after the autumn: where one stands now, or within a move and a retreat
    /// of one of the right kind (armies also anywhere on a coast, by convoy).
    fn removal_preference(&self, r: UnitRef) -> Result<(), Refusal> {
        let p = r.place.province;
        let prov = self.map.province(p);
        let name = &self.map.power(self.power).name;
        let kinds: Vec<UnitKind> = match r.kind {
            Some(k) => vec![k],
            None => vec![UnitKind::Army, UnitKind::Fleet],
        };
        let mine: Vec<Unit> =
            self.board.provinces_of(self.power).filter_map(|q| self.board.unit(q)).collect();
        let could = kinds.iter().any(|&k| {
            let stands = match k {
                UnitKind::Army => prov.terrain != Terrain::Sea,
                UnitKind::Fleet => prov.terrain != Terrain::Land,
            };
            stands
                && mine.iter().filter(|u| u.kind == k).any(|u| {
                    let at = self.map.province_of(u.region);
                    at == p
                        || self.within_two(u.kind, at, p)
                        || k == UnitKind::Army
                            && convoy::is_shore(self.map, at)
                            && convoy::is_shore(self.map, p)
                })
        });
        if could {
            Ok(())
        } else {
            let what = match r.kind {
                Some(k) => format!("{} {}", article(k), k.word()),
                None => "a unit".into(),
            };
            Err(format!("{name} could not have {what} in {} after {}", prov.name, self.lists_after).into())
        }
    }

    /// Is `to` within two moves of a unit of `kind` in `from` (any coast)?
    fn within_two(&self, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
        let step = |a: ProvinceId, b: ProvinceId| match kind {
            UnitKind::Army => self.map.army_adjacent(a, b),
            UnitKind::Fleet => {
                self.map.province(a).fleet_regions.iter().any(|&r| self.map.can_reach(kind, r, b))
            }
        };
        let n = self.map.province_count() as ProvinceId;
        step(from, to) || (0..n).any(|m| step(from, m) && step(m, to))
    }

    fn movement(&self, w: &Written) -> Result<(ProvinceId, Order), Refusal> {
        match *w {
            Written::Hold(r) => {
                self.own(r)?;
                Ok((r.place.province, Order::Hold))
            }
            Written::Move { unit, to, via_convoy } => {
                let u = self.own(unit)?;
                let region = self.move_target(u, to, via_convoy, None, false)?;
                Ok((unit.place.province, Order::Move { to: region, via_convoy }))
            }
            Written::SupportHold { unit, target } => {
                let u = self.own(unit)?;
                let p = unit.place.province;
                let q = target.place.province;
                if q == p {
                    return Err("a unit cannot support itself".into());
                }
                self.find(target, " to support")?;
                if !self.map.can_reach(u.kind, u.region, q) {
                    return Err(format!(
                        "the {} cannot move to {}, so it cannot support there",
                        self.unit_words(u),
                        self.name(q)
                    )
                    .into());
                }
                Ok((p, Order::SupportHold { unit: q }))
            }
            Written::SupportMove { unit, target, to } => {
                let u = self.own(unit)?;
                let p = unit.place.province;
                let q = target.place.province;
                let d = to.province;
                if q == p {
                    return Err("a unit cannot support its own move".into());
                }
                if d == p {
                    return Err(format!(
                        "a unit cannot support a move into its own province ({})",
                        self.name(p)
                    )
                    .into());
                }
                let t = self.find(target, " to support")?;
                if !self.map.can_reach(u.kind, u.region, d) {
                    return Err(format!(
                        "the {} cannot move to {}, so it cannot support a move there",
                        self.unit_words(u),
                        self.name(d)
                    )
                    .into());
                }
                self.move_target(t, to, false, Some(p), true)
                    .map_err(|e| format!("the supported move is impossible: {e}"))?;
                Ok((p, Order::SupportMove { unit: q, to: d, coast: to.coast }))
            }
            Written::Convoy { unit, army, to } => {
                let u = self.own(unit)?;
                let p = unit.place.province;
                if u.kind != UnitKind::Fleet {
                    return Err("only fleets convoy".into());
                }
                if self.map.province(p).terrain != Terrain::Sea {
                    return Err(format!(
                        "a fleet in a coastal province ({}) cannot convoy; only fleets at sea can",
                        self.name(p)
                    )
                    .into());
                }
                let a = self.find(army, " to convoy")?;
                if a.kind != UnitKind::Army {
                    return Err("only armies can be convoyed".into());
                }
                let q = army.place.province;
                let d = to.province;
                if to.coast.is_some() {
                    return Err("armies have no coast; name the province only".into());
                }
                if q == d {
                    return Err("an army cannot be convoyed to the province it is in".into());
                }
                if !convoy::is_shore(self.map, q) || !convoy::is_shore(self.map, d) {
                    return Err("armies are convoyed only from one coastal province to another".into());
                }
                if !convoy::fleet_could_convoy(self.map, self.board, p, q, d) {
                    return Err(format!(
                        "the fleet in {} cannot be part of any convoy from {} to {} with the fleets now at sea",
                        self.name(p),
                        self.name(q),
                        self.name(d)
                    ).into());
                }
                Ok((p, Order::Convoy { army: q, to: d }))
            }
            Written::Retreat { .. } => Err("retreats are ordered in a retreat phase".into()),
            Written::Disband(_) => Err("units disband only in retreat or adjustment phases".into()),
            Written::Build { .. } | Written::Waive => Err("builds are ordered in an adjustment phase".into()),
            Written::Draw => Err("not an order".into()),
        }
    }

    /// The region a unit would enter moving to `to`, or why it cannot. `supporter` is
    /// left out of the fleets that could convoy (a fleet cannot convoy and support).
    /// A support may leave out the coast (`for_support`): it supports into the
    /// province, whichever coast the move takes.
    fn move_target(
        &self,
        u: Unit,
        to: Place,
        via_convoy: bool,
        supporter: Option<ProvinceId>,
        for_support: bool,
    ) -> Result<RegionId, Refusal> {
        let from = self.map.province_of(u.region);
        let d = to.province;
        if d == from {
            return Err(format!("a unit cannot move to the province it is in ({})", self.name(d)).into());
        }
        match u.kind {
            UnitKind::Army => {
                if to.coast.is_some() && self.strict_coasts {
                    return Err(format!(
                        "armies have no coast: write {} without one",
                        self.map.province(d).id
                    )
                    .into());
                }
                if self.map.province(d).terrain == Terrain::Sea {
                    return Err(format!("an army cannot enter a sea ({})", self.name(d)).into());
                }
                let adjacent = self.map.army_adjacent(from, d);
                if adjacent && !via_convoy {
                    return Ok(d);
                }
                if convoy::possible(self.map, self.board, from, d, supporter) {
                    return Ok(d);
                }
                Err(if adjacent {
                    format!(
                        "no fleets at sea could convoy the army from {} to {}",
                        self.name(from),
                        self.name(d)
                    )
                    .into()
                } else {
                    format!(
                        "{} does not border {} and no fleets at sea could convoy an army there",
                        self.name(from),
                        self.name(d)
                    )
                    .into()
                })
            }
            UnitKind::Fleet => {
                if via_convoy {
                    return Err("only armies are convoyed".into());
                }
                if self.map.province(d).terrain == Terrain::Land {
                    return Err(format!("a fleet cannot go inland ({})", self.name(d)).into());
                }
                let reachable = self.map.fleet_targets_in(u.region, d);
                if reachable.is_empty() {
                    return Err(format!(
                        "a fleet in {} cannot reach {}",
                        self.map.region_title(u.region),
                        self.name(d)
                    )
                    .into());
                }
                let list = |rs: &[RegionId]| {
                    rs.iter().map(|&r| self.map.region_name(r)).collect::<Vec<_>>().join(" or ")
                };
                match to.coast {
                    Some(c) => {
                        let Some(region) = self.map.coast_region(d, c) else {
                            return Err(format!("{} has no {}", self.name(d), c.name()).into());
                        };
                        if !reachable.contains(&region) {
                            return Err(format!(
                                "a fleet in {} cannot reach the {} of {} (it can reach {})",
                                self.map.region_title(u.region),
                                c.name(),
                                self.name(d),
                                list(&reachable)
                            )
                            .into());
                        }
                        Ok(region)
                    }
                    None if self.map.has_split_coasts(d)
                        && !for_support
                        && (reachable.len() > 1 || self.strict_coasts) =>
                    {
                        Err(if reachable.len() > 1 {
                            format!("say which coast of {}: {}", self.name(d), list(&reachable)).into()
                        } else {
                            format!(
                                "say which coast of {}: from {} a fleet reaches only {}",
                                self.name(d),
                                self.map.region_title(u.region),
                                list(&reachable)
                            )
                            .into()
                        })
                    }
                    None => Ok(reachable[0]),
                }
            }
        }
    }

    fn retreat(&self, w: &Written, dislodged: &[Dislodged]) -> Result<(ProvinceId, RetreatOrder), Refusal> {
        let (r, to) = match *w {
            Written::Retreat { unit, to } => (unit, Some(to)),
            Written::Move { unit, to, via_convoy } => {
                if via_convoy {
                    return Err("there are no convoys in a retreat phase".into());
                }
                (unit, Some(to))
            }
            Written::Disband(unit) => (unit, None),
            Written::SupportHold { .. } | Written::SupportMove { .. } => {
                return Err("there are no supports in a retreat phase".into());
            }
            Written::Convoy { .. } => return Err("there are no convoys in a retreat phase".into()),
            Written::Hold(_) => {
                return Err("a dislodged unit retreats or disbands; it cannot hold".into());
            }
            _ => return Err("not a retreat order".into()),
        };
        let p = r.place.province;
        let Some(d) =
            dislodged.iter().find(|d| self.map.province_of(d.unit.region) == p && d.unit.power == self.power)
        else {
            return Err(match self.board.unit(p) {
                Some(u) if u.power == self.power => format!(
                    "the {} was not dislodged; only dislodged units have orders now",
                    self.unit_words(u)
                )
                .into(),
                _ => format!("{} has no dislodged unit in {}", self.map.power(self.power).name, self.name(p))
                    .into(),
            });
        };
        if let Some(k) = r.kind
            && k != d.unit.kind
        {
            return Err(format!(
                "the dislodged unit in {} is {} {}",
                self.name(p),
                article(d.unit.kind),
                d.unit.kind.word()
            )
            .into());
        }
        let Some(to) = to else {
            return Ok((p, RetreatOrder::Disband));
        };
        let q = to.province;
        let options: Vec<RegionId> =
            d.retreats.iter().copied().filter(|&x| self.map.province_of(x) == q).collect();
        if options.is_empty() {
            let why = if d.attacker_from == q && !d.by_convoy {
                "the attack came from there".to_string()
            } else if !self.map.can_reach(d.unit.kind, d.unit.region, q) {
                "it cannot move there".to_string()
            } else {
                "it is occupied or was left empty by a standoff".to_string()
            };
            let list: Vec<String> = d.retreats.iter().map(|&x| self.map.region_name(x)).collect();
            return Err(format!(
                "the {} cannot retreat to {}: {why}; it may retreat to {}",
                self.unit_words(d.unit),
                self.name(q),
                if list.is_empty() { "nowhere".to_string() } else { list.join(", ") }
            )
            .into());
        }
        let region = self.move_target(d.unit, to, false, None, false)?;
        if !options.contains(&region) {
            return Err(format!(
                "the {} cannot retreat to {}",
                self.unit_words(d.unit),
                self.map.region_title(region)
            )
            .into());
        }
        Ok((p, RetreatOrder::Retreat(region)))
    }

    /// The kind and region of a build written as `kind` at `at`: inland an army by
    /// default; on a coast say which; on a split coast name the coast.
    fn build_kind(&self, kind: Option<UnitKind>, at: Place) -> Result<(UnitKind, RegionId), Refusal> {
        let p = at.province;
        let prov = self.map.province(p);
        let kind = match kind {
            Some(k) => k,
            None if at.coast.is_some() => UnitKind::Fleet,
            None if prov.terrain == Terrain::Land => UnitKind::Army,
            None => {
                return Err(format!("say whether to build an army or a fleet in {}", prov.name).into());
            }
        };
        let region = match kind {
            UnitKind::Army => {
                if at.coast.is_some() {
                    return Err("armies have no coast".into());
                }
                p
            }
            UnitKind::Fleet => {
                if prov.terrain == Terrain::Land {
                    return Err(format!("a fleet cannot be built inland ({})", prov.name).into());
                }
                match at.coast {
                    Some(c) => self
                        .map
                        .coast_region(p, c)
                        .ok_or_else(|| format!("{} has no {}", prov.name, c.name()))?,
                    None => self.map.default_region(UnitKind::Fleet, p).ok_or_else(|| {
                        let coasts: Vec<String> =
                            prov.fleet_regions.iter().map(|&r| self.map.region_name(r)).collect();
                        format!("say which coast to build on: {}", coasts.join(" or "))
                    })?,
                }
            }
        };
        Ok((kind, region))
    }

    fn adjustment(&mut self, w: &Written, ownership: &Ownership) -> Result<Adjustment, Refusal> {
        let delta = adjustment_count(self.board, ownership, self.power);
        let name = self.map.power(self.power).name.clone();
        let builds_used =
            self.orders.adjustments.iter().filter(|a| !matches!(a, Adjustment::Remove(_))).count() as i64;
        let removals_used = self.orders.adjustments.len() as i64 - builds_used;
        match *w {
            Written::Build { kind, at } => {
                if delta <= 0 {
                    return Err(no_builds(&name, delta).into());
                }
                if builds_used >= delta {
                    return Err(format!("{name} has only {delta} build(s); this one is too many").into());
                }
                let p = at.province;
                let prov = self.map.province(p);
                if prov.home != Some(self.power) {
                    return Err(format!("{} is not a home centre of {name}", prov.name).into());
                }
                if ownership.owner[p as usize] != Some(self.power) {
                    return Err(format!("{name} does not own {} now", prov.name).into());
                }
                if self.board.unit(p).is_some() {
                    return Err(format!("{} is occupied", prov.name).into());
                }
                if self.built.contains(&p) {
                    return Err(format!("{} already has a build above", prov.name).into());
                }
                let (kind, region) = self.build_kind(kind, at)?;
                self.built.insert(p);
                Ok(Adjustment::Build { kind, region })
            }
            Written::Waive => {
                if delta <= 0 {
                    return Err(no_builds(&name, delta).into());
                }
                if builds_used >= delta {
                    return Err(
                        format!("{name} has only {delta} build(s); this waiver is one too many").into()
                    );
                }
                Ok(Adjustment::Waive)
            }
            Written::Disband(r) => {
                if delta >= 0 {
                    return Err(format!("{name} has no units to remove").into());
                }
                let u = self.own(r)?;
                let p = self.map.province_of(u.region);
                if self.orders.adjustments.contains(&Adjustment::Remove(p)) {
                    return Err(format!("the unit in {} is already removed above", self.name(p)).into());
                }
                if removals_used >= -delta {
                    return Err(format!(
                        "{name} removes only {} unit(s); this removal is one too many",
                        -delta
                    )
                    .into());
                }
                Ok(Adjustment::Remove(p))
            }
            _ => Err("not an adjustment order (build, remove or waive)".into()),
        }
    }
}

fn no_builds(name: &str, delta: i64) -> String {
    if delta < 0 {
        format!("{name} must remove {} unit(s) and cannot build", -delta)
    } else {
        format!("{name} has no builds")
    }
}

fn article(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Army => "an",
        UnitKind::Fleet => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::super::map::standard;
    use super::super::notation::{self, Names};
    use super::*;

    fn board(m: &Map, units: &[(&str, UnitKind, &str)]) -> Board {
        let mut b = Board::empty(m);
        for &(power, kind, at) in units {
            b.place(
                m,
                Unit { power: m.power_index(power).unwrap(), kind, region: m.region_by_name(at).unwrap() },
            );
        }
        b
    }

    fn judge(m: &Map, b: &Board, power: &str, line: &str) -> Result<(), String> {
        let names = Names::new(m);
        let w = notation::parse(m, &names, line).map_err(String::from)?;
        Checker::new(m, b, Stage::Movement, m.power_index(power).unwrap())
            .strict_coasts(true)
            .add(&w)
            .map_err(String::from)
    }

    fn judge_datc(m: &Map, b: &Board, power: &str, line: &str) -> Result<(), String> {
        let names = Names::new(m);
        let w = notation::parse(m, &names, line).map_err(String::from)?;
        Checker::new(m, b, Stage::Movement, m.power_index(power).unwrap()).add(&w).map_err(String::from)
    }

    #[test]
    fn coasts_follow_the_datc_preferences_unless_strict() {
        let m = standard().unwrap();
        let b = board(
            &m,
            &[
                ("france", UnitKind::Fleet, "gas"),
                ("france", UnitKind::Fleet, "por"),
                ("france", UnitKind::Army, "mar"),
                ("france", UnitKind::Fleet, "spa/sc"),
            ],
        );
        // 6.B.2: the only reachable coast; 6.B.10: a wrong coast of one's own province;
        // 6.B.12: a coast on an army's move.
        for line in ["F gas - spa", "F spa/nc - lyo", "A mar - spa/nc"] {
            assert!(judge_datc(&m, &b, "france", line).is_ok(), "{line}");
            assert!(judge(&m, &b, "france", line).is_err(), "strict: {line}");
        }
        // Still errors: two reachable coasts, and an unreachable coast.
        assert!(judge_datc(&m, &b, "france", "F por - spa").is_err());
        assert!(judge_datc(&m, &b, "france", "F gas - spa/sc").is_err());
    }

    #[test]
    fn coasts_are_never_guessed() {
        let m = standard().unwrap();
        let b = board(
            &m,
            &[
                ("france", UnitKind::Fleet, "gas"),
                ("france", UnitKind::Fleet, "por"),
                ("france", UnitKind::Army, "mar"),
                ("france", UnitKind::Fleet, "spa/sc"),
            ],
        );
        let e = judge(&m, &b, "france", "F gas - spa").unwrap_err();
        assert!(e.contains("reaches only spa/nc"), "{e}");
        let e = judge(&m, &b, "france", "F por - spa").unwrap_err();
        assert!(e.contains("spa/nc or spa/sc"), "{e}");
        let e = judge(&m, &b, "france", "F gas - spa/sc").unwrap_err();
        assert!(e.contains("cannot reach the south coast"), "{e}");
        assert!(judge(&m, &b, "france", "F gas - spa/nc").is_ok());
        let e = judge(&m, &b, "france", "A mar - spa/nc").unwrap_err();
        assert!(e.contains("armies have no coast"), "{e}");
        let e = judge(&m, &b, "france", "F spa/nc - lyo").unwrap_err();
        assert!(e.contains("not on the north coast"), "{e}");
        // A support names the province; the coast may be left out.
        assert!(judge(&m, &b, "france", "F por S F gas - spa").is_ok());
        // The supporter must reach the province itself.
        let e = judge(&m, &b, "france", "F spa/sc S A mar - gas").unwrap_err();
        assert!(e.contains("cannot move to Gascony"), "{e}");
    }

    #[test]
    fn supports_and_convoys_must_be_possible() {
        let m = standard().unwrap();
        let b = board(
            &m,
            &[
                ("austria", UnitKind::Army, "rum"),
                ("turkey", UnitKind::Fleet, "bla"),
                ("turkey", UnitKind::Fleet, "con"),
                ("turkey", UnitKind::Army, "gre"),
            ],
        );
        // DATC 6.D.31: the only convoy is through the supporting fleet itself.
        let e = judge(&m, &b, "turkey", "F bla S A rum - arm").unwrap_err();
        assert!(e.contains("supported move is impossible"), "{e}");
        assert!(judge(&m, &b, "austria", "A rum - arm").is_ok());
        // DATC 6.F.1: a fleet in a coastal province does not convoy.
        let e = judge(&m, &b, "turkey", "F con C A gre - sev").unwrap_err();
        assert!(e.contains("cannot convoy"), "{e}");
        let e = judge(&m, &b, "turkey", "F bla C F con - sev").unwrap_err();
        assert!(e.contains("only armies"), "{e}");
        let e = judge(&m, &b, "turkey", "F bla S F bla").unwrap_err();
        assert!(e.contains("cannot support itself"), "{e}");
        let e = judge(&m, &b, "turkey", "A rum H").unwrap_err();
        assert!(e.contains("the army there is Austrian"), "{e}");
        let e = judge(&m, &b, "turkey", "F bla S English F con").unwrap_err();
        assert!(e.contains("is Turkish, not English"), "{e}");
    }

    #[test]
    fn adjustments_count_and_place() {
        let m = standard().unwrap();
        let names = Names::new(&m);
        let b = board(&m, &[("russia", UnitKind::Fleet, "stp/sc")]);
        let own = Ownership::start(&m);
        let mut c =
            Checker::new(&m, &b, Stage::Adjustment { ownership: &own }, m.power_index("russia").unwrap());
        let mut add = |line: &str| c.add(&notation::parse(&m, &names, line).unwrap());
        assert!(add("Build A mos").is_ok());
        assert!(add("Build A mos").unwrap_err().contains("already has a build"));
        assert!(add("Build F war").unwrap_err().contains("inland"));
        assert!(add("Build F stp/nc").unwrap_err().contains("occupied"));
        assert!(add("Build sev").unwrap_err().contains("army or a fleet"));
        assert!(add("Build F sev").is_ok());
        assert!(add("waive").is_ok());
        assert!(add("Build A war").unwrap_err().contains("too many"));
        assert!(add("Remove F stp").unwrap_err().contains("no units to remove"));
    }
}
