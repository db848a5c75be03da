//! The hidden half of a move: every fraction's move, in the order rule 8 gives it.
//!
//! 1. Dispersals put their parts on the board in the dispersing unit's province.
//! 2. Boarding, at the start of the move: fractional armies board their power's fleet
//!    in a neighbouring sea, if the fleet would then carry less than a whole unit.
//! 3. The fleets move (the conventional adjudication has already decided how); the
//!    fractions aboard go with them, and land at once when a fleet ends in a coastal
//!    province (under ruling R26, only within the whole-unit limit: those that would
//!    break it stay aboard, and try again whenever the fleet ends a move on a coast).
//! 4. Landing, at the end of the move: onto a coast next to the fleet, or onto another
//!    of the power's fleets in a neighbouring sea.
//! 5. Rule 5's whole-unit limit decides which moves into provinces fail.
//!
//! Conventional units never see any of this: nothing here changes the conventional
//! board. Every event is told to the fraction's owner alone.

use std::collections::BTreeMap;

use super::fractions::{Intent, WHOLE, whole_unit_limit};
use super::orders::{Action, Dispersal, GwOrders, Landing, sea_touches, show_frac, show_landing};
use super::state::Frac;
use super::state::{Landing as LandingRule, Rules};
use crate::engine::Event;
use crate::games::diplomacy::board::{Board, Order};
use crate::games::diplomacy::map::{Map, PowerId, ProvinceId, Terrain, UnitKind};
use crate::games::diplomacy::movement::Verdict;

/// The conventional move, as the fractions need to know it.
pub struct Moved<'a> {
    pub start: &'a Board,
    pub orders: &'a [Order],
    pub verdicts: &'a [Option<Verdict>],
    /// After the move, dislodged units taken off.
    pub end: &'a Board,
}

impl Moved<'_> {
    /// Where the fleet that stood in `p` at the start is now (its own province if it
    /// did not move, including when it was dislodged).
    fn fleet_end(&self, map: &Map, p: ProvinceId) -> ProvinceId {
        match (self.verdicts.get(p as usize).copied().flatten(), self.orders.get(p as usize)) {
            (Some(Verdict::Moved), Some(Order::Move { to, .. })) => map.province_of(*to),
            _ => p,
        }
    }

    fn own_fleet(board: &Board, p: ProvinceId, power: PowerId) -> bool {
        board.unit(p).is_some_and(|u| u.power == power && u.kind == UnitKind::Fleet)
    }
}

struct Work {
    frac: Frac,
    action: Action,
    /// Created by a dispersal this move.
    new: bool,
    /// The order line as the owner wrote it, for the report.
    label: String,
    note: Option<String>,
    /// Landed automatically with its fleet: cannot fail the whole-unit limit.
    fixed: bool,
    /// Landing automatically with its fleet, within the whole-unit limit (R26).
    auto_land: bool,
    /// Where a landing (or move) goes: (wanted, fallback).
    intent: Option<(Option<ProvinceId>, Option<ProvinceId>)>,
}

fn tell(map: &Map, power: PowerId, text: String) -> Event {
    Event::to_players(&[map.power(power).id.clone()], text)
}

/// Moves every fraction. `fractions` are those at the start of the move that were not
/// used by a reform; `dispersals` the dispersals carried out, by power.
pub fn resolve(
    map: &Map,
    rules: Rules,
    moved: &Moved,
    fractions: Vec<Frac>,
    orders: &BTreeMap<PowerId, GwOrders>,
    dispersals: &[(PowerId, Dispersal)],
    next_id: &mut u32,
) -> (Vec<Frac>, Vec<Event>) {
    let actions: BTreeMap<u32, Action> =
        orders.values().flat_map(|o| o.fractions.iter().map(|f| (f.id, f.action))).collect();
    let mut work: Vec<Work> = fractions
        .into_iter()
        .map(|f| {
            let action = actions.get(&f.id).copied().unwrap_or(Action::Stay);
            Work {
                label: show_frac(map, &f),
                frac: f,
                action,
                new: false,
                note: None,
                fixed: false,
                auto_land: false,
                intent: None,
            }
        })
        .collect();
    // 1. Dispersals.
    for (power, d) in dispersals {
        for part in &d.parts {
            let frac = Frac {
                id: *next_id,
                power: *power,
                kind: d.kind,
                size: part.size,
                at: d.from,
                aboard: false,
            };
            *next_id += 1;
            let action =
                if part.board { Action::Board { sea: part.to, then: None } } else { Action::Move(part.to) };
            let label = format!(
                "{} {} dispersed from {}",
                super::fractions::Size(frac.size),
                frac.kind.letter(),
                map.province(d.from).id
            );
            work.push(Work {
                frac,
                action,
                new: true,
                label,
                note: None,
                fixed: false,
                auto_land: false,
                intent: None,
            });
        }
    }
    // 2. Boarding.
    let mut load: BTreeMap<(PowerId, ProvinceId), u32> = BTreeMap::new();
    for w in work.iter().filter(|w| w.frac.aboard) {
        *load.entry((w.frac.power, w.frac.at)).or_insert(0) += w.frac.size;
    }
    for w in &work {
        if let Action::Board { sea, .. } = w.action
            && !w.frac.aboard
        {
            *load.entry((w.frac.power, sea)).or_insert(0) += w.frac.size;
        }
    }
    for w in work.iter_mut() {
        if let Action::Board { sea, .. } = w.action
            && !w.frac.aboard
        {
            let power = w.frac.power;
            if !Moved::own_fleet(moved.start, sea, power) || !sea_touches(map, sea, w.frac.at) {
                w.note = Some(format!("no fleet of yours in {} to board; stays", map.province(sea).id));
            } else if load.get(&(power, sea)).copied().unwrap_or(0) >= WHOLE {
                w.note = Some(format!(
                    "boarding failed: F {} would carry a whole unit or more (rule 8); stays",
                    map.province(sea).id
                ));
            } else {
                w.frac.aboard = true;
                w.frac.at = sea;
                w.note = Some(format!("boarded F {}", map.province(sea).id));
            }
        }
    }
    // 3. Carried by the fleets.
    for w in work.iter_mut().filter(|w| w.frac.aboard) {
        let s = w.frac.at;
        if !Moved::own_fleet(moved.start, s, w.frac.power) {
            continue;
        }
        let d = moved.fleet_end(map, s);
        let within_limit = rules.landing == LandingRule::WithinLimit;
        let on_coast = map.province(d).terrain == Terrain::Coast;
        if within_limit && on_coast && Moved::own_fleet(moved.end, d, w.frac.power) {
            // R26: the landing is a move into the province, which the limit may stop.
            w.frac.at = d;
            w.auto_land = true;
            w.intent = Some((Some(d), None));
        } else if d != s {
            w.frac.at = d;
            if on_coast {
                w.frac.aboard = false;
                w.fixed = true;
                w.note =
                    Some(format!("carried to {} and landed with the fleet (rule 8)", map.province(d).id));
            }
        }
    }
    // 4. Landing, at the end of the move.
    let mut transfers: BTreeMap<(PowerId, ProvinceId), u32> = BTreeMap::new();
    for w in work.iter().filter(|w| w.frac.aboard) {
        *transfers.entry((w.frac.power, w.frac.at)).or_insert(0) += w.frac.size;
    }
    let landing_of = |w: &Work| match w.action {
        Action::Land(l) => Some(l),
        Action::Board { then, .. } => then,
        _ => None,
    };
    let mut onto: Vec<(usize, ProvinceId)> = Vec::new();
    for (i, w) in work.iter_mut().enumerate() {
        if !w.frac.aboard || w.auto_land {
            continue;
        }
        let Some(l) = landing_of(w) else { continue };
        let at = w.frac.at;
        match l {
            Landing::Shore(p) => {
                if sea_touches(map, at, p) {
                    w.intent = Some((Some(p), None));
                } else {
                    w.note = Some(format!(
                        "the fleet is in {}, not next to {}; stays aboard",
                        map.province(at).id,
                        map.province(p).id
                    ));
                }
            }
            Landing::Fleet(s) => {
                let next_to = super::orders::one_move(map, UnitKind::Fleet, at, s);
                if next_to && Moved::own_fleet(moved.end, s, w.frac.power) {
                    onto.push((i, s));
                    *transfers.entry((w.frac.power, s)).or_insert(0) += w.frac.size;
                } else {
                    w.note = Some(format!(
                        "no fleet of yours in {} next to {}; stays aboard",
                        map.province(s).id,
                        map.province(at).id
                    ));
                }
            }
        }
    }
    for (i, s) in onto {
        let w = &mut work[i];
        if transfers.get(&(w.frac.power, s)).copied().unwrap_or(0) >= WHOLE {
            w.note = Some(format!(
                "F {} would carry a whole unit or more (rule 8); stays aboard",
                map.province(s).id
            ));
        } else {
            w.frac.at = s;
            w.note = Some(format!("moved onto F {}", map.province(s).id));
        }
    }
    // 5. Moves into provinces, and the whole-unit limit.
    for w in work.iter_mut() {
        if w.intent.is_some() || w.frac.aboard {
            continue;
        }
        let here = Some(w.frac.at);
        w.intent = Some(match w.action {
            Action::Move(to) if !w.fixed => (Some(to), here),
            _ => (here, here),
        });
    }
    let intents: Vec<Intent<usize>> = work
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            w.intent.map(|(wanted, fallback)| Intent {
                power: w.frac.power,
                size: w.frac.size,
                wanted,
                fallback,
                tag: i,
            })
        })
        .collect();
    let ok = whole_unit_limit(&intents, rules.limit);
    for (intent, ok) in intents.iter().zip(ok) {
        let w = &mut work[intent.tag];
        let moving = intent.wanted != intent.fallback;
        match (ok, intent.wanted, intent.fallback) {
            (true, Some(p), _) if w.auto_land => {
                w.note =
                    Some(format!("carried to {} and landed with the fleet (rule 8)", map.province(p).id));
                w.frac.at = p;
                w.frac.aboard = false;
            }
            (false, Some(p), _) if w.auto_land => {
                w.note = Some(format!(
                    "with F {p}: landing would leave more than a whole unit of your fractions in {p} (rule 5), so they stay aboard (ruling R26)",
                    p = map.province(p).id
                ));
            }
            (true, Some(p), _) => {
                if moving {
                    w.note = Some(if w.frac.aboard {
                        format!("{}: landed", show_landing(map, Landing::Shore(p)))
                    } else {
                        format!("moved to {}", map.province(p).id)
                    });
                }
                w.frac.at = p;
                w.frac.aboard = false;
            }
            (false, Some(p), fallback) => {
                w.note = Some(format!(
                    "failed: more than a whole unit of fractions would be in {} (rule 5); {}",
                    map.province(p).id,
                    if fallback.is_some() { "stays" } else { "stays aboard" }
                ));
                if let Some(f) = fallback {
                    w.frac.at = f;
                }
            }
            _ => {}
        }
    }
    let mut events = Vec::new();
    let mut out = Vec::with_capacity(work.len());
    for w in work {
        let ordered = w.new || !matches!(w.action, Action::Stay) || w.note.is_some();
        if ordered {
            let result = w.note.clone().unwrap_or_else(|| "stays".into());
            events.push(tell(
                map,
                w.frac.power,
                format!(
                    "Guerillas (only you see this): {}: {result}; now {}",
                    w.label,
                    show_frac(map, &w.frac)
                ),
            ));
        }
        out.push(w.frac);
    }
    out.sort_by_key(|f| f.id);
    (out, events)
}
