//! Rule 6, reforming: fractions of one nationality and size, within one move of a
//! province, form a conventional unit there. The attempt "may be supported by
//! conventional units" and "will be reported only if successful".
//!
//! The new unit has to win its way into the province like any move, so the attempt is
//! adjudicated by the Diplomacy engine as a move: each province of the board gets a
//! muster ground, an extra province bordering it alone, where the forming unit stands
//! for the adjudicator and from where it moves in. Supports for the reform are supports
//! of that move.
//!
//! A failed attempt must leave no trace, so it must not have bounced, cut or blocked
//! anything either: the move is adjudicated again without the attempts that failed,
//! until every attempt left succeeds. Removing a failed attempt can only change other
//! attempts through the supports it cut, so this ends, at the latest with none left.

use crate::engine::error::{Error, Result};
use crate::games::diplomacy::board::{Board, Dislodged, Order, Unit};
use crate::games::diplomacy::map::{Map, PowerId, ProvinceId, RegionId, Terrain, UnitKind};
use crate::games::diplomacy::movement::{self, Verdict};

/// The board with a muster ground beside every province.
#[derive(Clone)]
pub struct Muster {
    pub map: Map,
    /// Provinces of the real board; province `p`'s muster ground is `real + p`.
    real: usize,
    /// Real region -> region of the same place on the muster map.
    lift: Vec<RegionId>,
}

/// One attempt to reform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub power: PowerId,
    pub kind: UnitKind,
    pub at: ProvinceId,
}

/// What the move came to, on the real board.
pub struct Outcome {
    /// Per real province that held a unit at the start.
    pub verdicts: Vec<Option<Verdict>>,
    /// The board after the moves, dislodged units taken off, formed units in place.
    pub board: Board,
    pub dislodged: Vec<Dislodged>,
    /// For each dislodged unit: dislodged by a forming unit.
    pub by_reform: Vec<bool>,
    /// Per attempt: the unit was formed.
    pub formed: Vec<bool>,
}

impl Muster {
    /// Builds the muster map from the board's own TOML text.
    pub fn new(real: &Map, text: &str, file: &str) -> Result<Muster> {
        let mut doc: toml::Value = toml::from_str(text).map_err(|e| Error::data(file, e))?;
        let provinces = doc
            .get_mut("province")
            .and_then(|p| p.as_array_mut())
            .ok_or_else(|| Error::data(file, "no [[province]] list"))?;
        let mut ghosts = Vec::new();
        for raw in provinces.iter_mut() {
            let id = raw.get("id").and_then(|v| v.as_str()).unwrap_or_default().to_string();
            let p = real
                .province_by_id(&id)
                .ok_or_else(|| Error::data(file, format!("province '{id}' not in the board")))?;
            let prov = real.province(p);
            let ghost_id = format!("muster.{id}");
            let mut g = toml::map::Map::new();
            g.insert("id".into(), ghost_id.clone().into());
            g.insert("name".into(), format!("Muster ground of {}", prov.name).into());
            let kind = match prov.terrain {
                Terrain::Land => "land",
                Terrain::Coast => "coast",
                Terrain::Sea => "sea",
            };
            g.insert("kind".into(), kind.into());
            let push = |v: Option<&mut toml::Value>| {
                if let Some(toml::Value::Array(a)) = v {
                    a.push(ghost_id.clone().into());
                }
            };
            if prov.terrain != Terrain::Sea {
                push(raw.get_mut("army"));
                g.insert("army".into(), toml::Value::Array(vec![id.clone().into()]));
            }
            if prov.terrain != Terrain::Land {
                if let Some(coasts) = raw.get_mut("coasts").and_then(|c| c.as_table_mut()) {
                    let mut names = Vec::new();
                    for (c, list) in coasts.iter_mut() {
                        push(Some(list));
                        names.push(toml::Value::from(format!("{id}/{c}")));
                    }
                    g.insert("fleet".into(), toml::Value::Array(names));
                } else {
                    push(raw.get_mut("fleet"));
                    g.insert("fleet".into(), toml::Value::Array(vec![id.clone().into()]));
                }
            }
            ghosts.push(toml::Value::Table(g));
        }
        provinces.extend(ghosts);
        let text = toml::to_string(&doc)
            .map_err(|e| Error::data(file, format!("the muster map does not write: {e}")))?;
        let map = Map::from_toml(&text, &format!("{file} with muster grounds"))?;
        let lift = (0..real.regions.len() as RegionId)
            .map(|r| {
                map.region_by_name(&real.region_name(r)).ok_or_else(|| {
                    Error::data(file, format!("region {} missing from the muster map", real.region_name(r)))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Muster { map, real: real.province_count(), lift })
    }

    fn ghost(&self, p: ProvinceId) -> ProvinceId {
        (self.real + p as usize) as ProvinceId
    }

    fn lift(&self, r: RegionId) -> RegionId {
        self.lift.get(r as usize).copied().unwrap_or(r)
    }

    /// The real region of a muster-map region, None for a muster ground.
    fn lower(&self, real: &Map, r: RegionId) -> Option<RegionId> {
        let p = self.map.province_of(r);
        if p as usize >= self.real {
            return None;
        }
        match self.map.region(r).coast {
            None => Some(p),
            Some(c) => real.coast_region(p, c),
        }
    }

    fn lift_order(&self, o: Order) -> Order {
        match o {
            Order::Move { to, via_convoy } => Order::Move { to: self.lift(to), via_convoy },
            other => other,
        }
    }

    /// Adjudicates a move with reform attempts. `orders` is indexed by real province;
    /// `supports` are (supporting unit's province, province of the reform supported).
    pub fn adjudicate(
        &self,
        real: &Map,
        board: &Board,
        orders: &[Order],
        attempts: &[Attempt],
        supports: &[(ProvinceId, ProvinceId)],
    ) -> Outcome {
        // Two attempts on one province stand each other off; neither may show.
        let mut active: Vec<bool> =
            attempts.iter().map(|a| attempts.iter().filter(|b| b.at == a.at).count() == 1).collect();
        loop {
            let n = self.map.province_count();
            let mut b = Board::empty(&self.map);
            let mut o = vec![Order::Hold; n];
            for (p, u) in board.units.iter().enumerate() {
                if let Some(u) = u {
                    b.units[p] = Some(Unit { region: self.lift(u.region), ..*u });
                    o[p] = self.lift_order(orders.get(p).copied().unwrap_or(Order::Hold));
                }
            }
            for (a, _) in attempts.iter().zip(&active).filter(|(_, on)| **on) {
                let g = self.ghost(a.at);
                let to = match a.kind {
                    UnitKind::Army => a.at,
                    UnitKind::Fleet => {
                        self.map.fleet_targets_in(g, a.at).first().copied().unwrap_or(self.lift(a.at))
                    }
                };
                b.units[g as usize] = Some(Unit { power: a.power, kind: a.kind, region: g });
                o[g as usize] = Order::Move { to, via_convoy: false };
            }
            for &(from, at) in supports {
                let on = attempts.iter().zip(&active).any(|(a, on)| *on && a.at == at);
                o[from as usize] = if on {
                    Order::SupportMove { unit: self.ghost(at), to: at, coast: None }
                } else {
                    Order::Hold
                };
            }
            let result = movement::adjudicate(&self.map, &b, &o);
            let mut changed = false;
            for (i, a) in attempts.iter().enumerate() {
                if active[i] && result.verdicts[self.ghost(a.at) as usize] != Some(Verdict::Moved) {
                    active[i] = false;
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            return self.lower_outcome(real, board, &result, active);
        }
    }

    fn lower_outcome(
        &self,
        real: &Map,
        start: &Board,
        result: &movement::MovementResult,
        formed: Vec<bool>,
    ) -> Outcome {
        let mut board = Board::empty(real);
        for p in 0..self.real {
            if let Some(u) = result.board.units[p]
                && let Some(region) = self.lower(real, u.region)
            {
                board.units[p] = Some(Unit { region, ..u });
            }
        }
        let mut dislodged = Vec::new();
        let mut by_reform = Vec::new();
        for d in &result.dislodged {
            let Some(region) = self.lower(real, d.unit.region) else { continue };
            let from = real.province_of(region);
            let reform = d.attacker_from as usize >= self.real;
            dislodged.push(Dislodged {
                unit: Unit { region, ..d.unit },
                attacker_from: if reform { from } else { d.attacker_from },
                by_convoy: d.by_convoy,
                retreats: d.retreats.iter().filter_map(|&r| self.lower(real, r)).collect(),
            });
            by_reform.push(reform);
        }
        let verdicts = (0..self.real)
            .map(|p| if start.units[p].is_some() { result.verdicts[p] } else { None })
            .collect();
        Outcome { verdicts, board, dislodged, by_reform, formed }
    }
}
