//! A movement phase: the conventional move (with dispersing units standing and reform
//! attempts moving in from their muster grounds), then the hidden move of the
//! fractions, then the votes.

use std::collections::{BTreeMap, BTreeSet};

use super::GuerillaWarfare;
use super::calendar::DISPERSAL_LIMIT_ENDS;
use super::hidden::{self, Moved};
use super::orders::{Dispersal, GwOrders, show_frac, show_order};
use super::reform::Attempt;
use super::season;
use super::state::{Autumn, Dispersed, State, decode, encode_dislodged, encode_fractions, encode_units};
use super::votes;
use crate::engine::Event;
use crate::engine::error::Result;
use crate::games::diplomacy::board::{Board, Order, Unit};
use crate::games::diplomacy::map::{Map, PowerId, ProvinceId};
use crate::games::diplomacy::movement::Verdict;

fn tell(map: &Map, power: PowerId, text: String) -> Event {
    Event::to_players(&[map.power(power).id.clone()], text)
}

fn unit_name(map: &Map, u: Unit) -> String {
    format!("{} {}", u.kind.letter(), map.region_name(u.region))
}

fn verdict_note(v: Option<Verdict>) -> &'static str {
    match v {
        Some(Verdict::Bounced) => " (bounced)",
        Some(Verdict::NoConvoy) => " (no convoy)",
        Some(Verdict::SupportCut) => " (cut)",
        Some(Verdict::SupportVoid) => " (void)",
        Some(Verdict::ConvoyDisrupted) => " (disrupted)",
        Some(Verdict::ConvoyVoid) => " (void)",
        Some(Verdict::ConvoyBroken) => " (convoy failed)",
        Some(Verdict::ConvoyParadox) => " (convoy paradox: fails)",
        _ => "",
    }
}

pub fn resolve(
    g: &GuerillaWarfare,
    state: &State,
    orders: &BTreeMap<PowerId, GwOrders>,
) -> Result<(State, Vec<Event>)> {
    let map = &g.map;
    let dec = decode(map, state)?;
    let n = map.province_count();
    let mut conv = vec![Order::Hold; n];
    for o in orders.values() {
        for &(p, ord) in &o.conventional.moves {
            if let Some(slot) = conv.get_mut(p as usize) {
                *slot = ord;
            }
        }
    }
    let mut attempts = Vec::new();
    let mut attempt_of = Vec::new();
    for (&power, o) in orders {
        for r in &o.reforms {
            attempts.push(Attempt { power, kind: r.kind, at: r.at });
            attempt_of.push((power, r.clone()));
        }
    }
    let supports: Vec<(ProvinceId, ProvinceId)> =
        orders.values().flat_map(|o| o.reform_supports.iter().copied()).collect();
    let out = g.muster.adjudicate(map, &dec.board, &conv, &attempts, &supports);
    let formed_at: BTreeSet<ProvinceId> =
        attempts.iter().zip(&out.formed).filter(|(_, f)| **f).map(|(a, _)| a.at).collect();

    let dispersing: BTreeMap<ProvinceId, (PowerId, &Dispersal)> =
        orders.iter().flat_map(|(&pw, o)| o.dispersals.iter().map(move |d| (d.from, (pw, d)))).collect();
    let support_of: BTreeMap<ProvinceId, ProvinceId> = supports.iter().copied().collect();
    let dislodged_at: BTreeSet<ProvinceId> =
        out.dislodged.iter().map(|d| map.province_of(d.unit.region)).collect();

    let mut events = vec![Event::public(format!("Moves of {}:", state.date.name()))];
    for power in 0..map.powers.len() as PowerId {
        for p in dec.board.provinces_of(power).collect::<Vec<_>>() {
            let Some(u) = dec.board.unit(p) else { continue };
            let name = unit_name(map, u);
            let verdict = out.verdicts.get(p as usize).copied().flatten();
            let mut line = if let Some((_, d)) = dispersing.get(&p) {
                let parts: Vec<String> = d
                    .parts
                    .iter()
                    .map(|part| {
                        format!(
                            "{} {} {}{}",
                            super::fractions::Size(part.size),
                            d.kind.letter(),
                            if part.board { "aboard F " } else { "" },
                            map.province(part.to).id
                        )
                    })
                    .collect();
                events.push(tell(
                    map,
                    power,
                    format!("Guerillas (only you see this): {name} disperses - {}", parts.join(", ")),
                ));
                format!("{name} stands")
            } else if let Some(&t) = support_of.get(&p) {
                if formed_at.contains(&t) {
                    format!("{name} S reform in {}{}", map.province(t).id, verdict_note(verdict))
                } else {
                    events.push(tell(
                        map,
                        power,
                        format!(
                            "{name} S reform in {}: no unit formed there; reported to the others as holding",
                            map.province(t).id
                        ),
                    ));
                    format!("{name} H")
                }
            } else {
                format!("{}{}", show_order(map, &dec.board, u, &conv[p as usize]), verdict_note(verdict))
            };
            if dislodged_at.contains(&p) {
                line.push_str(" (dislodged)");
            }
            events.push(Event::public(format!("{}: {line}", map.power(power).name)));
        }
    }

    // Reforms: public if formed, told to the owner either way.
    let mut next_guerillas = state.guerilla_units.clone();
    let mut used: BTreeSet<u32> = BTreeSet::new();
    for ((power, r), formed) in attempt_of.iter().zip(&out.formed) {
        let list: Vec<String> =
            dec.fractions.iter().filter(|f| r.using.contains(&f.id)).map(|f| show_frac(map, f)).collect();
        let unit = format!("{} {}", r.kind.letter(), map.province(r.at).id);
        if *formed {
            used.extend(r.using.iter().copied());
            if let Some(n) = next_guerillas.get_mut(&map.power(*power).id) {
                *n = n.saturating_sub(1);
            }
            events.push(Event::public(format!(
                "{}: {unit} is formed by guerillas (rule 6)",
                map.power(*power).name
            )));
            events.push(tell(
                map,
                *power,
                format!("Guerillas (only you see this): {unit} formed from {}", list.join(", ")),
            ));
        } else {
            events.push(tell(
                map,
                *power,
                format!(
                    "Guerillas (only you see this): the reform of {unit} from {} did not succeed; the fractions stay where they were",
                    list.join(", ")
                ),
            ));
        }
    }

    // Dispersing units leave the board, whether or not they were dislodged.
    let mut board: Board = out.board.clone();
    let mut dislodged = out.dislodged.clone();
    let mut by_reform = out.by_reform.clone();
    let mut next = state.clone();
    next.stood.clear();
    let mut carried_out: Vec<(PowerId, Dispersal)> = Vec::new();
    for (&p, &(power, d)) in &dispersing {
        if let Some(i) = dislodged.iter().position(|x| map.province_of(x.unit.region) == p) {
            let u = dislodged.remove(i).unit;
            by_reform.remove(i);
            events.push(Event::public(format!(
                "Retreats: the {} {} was dislodged while dispersing; it leaves the board without retreating (rule 5)",
                map.power(power).adjective,
                unit_name(map, u)
            )));
        } else {
            board.units[p as usize] = None;
            let november_only = state.rules.autumn == Autumn::November && state.date.month != 11;
            if state.date.takes_centres() && november_only && map.province(p).centre {
                next.stood.insert(map.province(p).id.clone(), map.power(power).id.clone());
            }
        }
        if state.date < DISPERSAL_LIMIT_ENDS {
            *next.dispersed.entry(map.power(power).id.clone()).or_insert(0) += 1;
        }
        if state.rules.dispersed == Dispersed::Count {
            *next_guerillas.entry(map.power(power).id.clone()).or_insert(0) += 1;
        }
        carried_out.push((power, d.clone()));
    }
    next_guerillas.retain(|_, n| *n > 0);
    next.guerilla_units = next_guerillas;

    // The hidden move.
    let remaining: Vec<_> = dec.fractions.iter().filter(|f| !used.contains(&f.id)).copied().collect();
    let moved = Moved { start: &dec.board, orders: &conv, verdicts: &out.verdicts, end: &board };
    let mut next_id = state.next_fraction;
    let (fractions, hidden_events) =
        hidden::resolve(map, state.rules, &moved, remaining, orders, &carried_out, &mut next_id);
    events.extend(hidden_events);

    // Winter: no fleet retreats onto the ice.
    if state.date.is_winter() {
        for d in dislodged.iter_mut() {
            let kind = d.unit.kind;
            d.retreats.retain(|&r| g.ice.retreat_allowed(map, kind, map.province_of(r)));
        }
    }
    for d in &dislodged {
        let options: Vec<String> = d.retreats.iter().map(|&r| map.region_name(r)).collect();
        events.push(Event::public(format!(
            "Dislodged: the {} {}; may retreat to {}",
            map.power(d.unit.power).adjective,
            unit_name(map, d.unit),
            if options.is_empty() {
                "nowhere (it will be disbanded)".to_string()
            } else {
                options.join(", ")
            }
        )));
    }

    next.units = encode_units(map, &board);
    next.fractions = encode_fractions(map, &fractions);
    next.next_fraction = next_id;
    next.dislodged = encode_dislodged(map, &dislodged, &by_reform);

    // Votes (rule 3c), secret unless they pass.
    let voters: Vec<PowerId> = super::due_movement(map, &dec);
    let cast: BTreeMap<PowerId, votes::Vote> =
        orders.iter().filter_map(|(&p, o)| o.vote.map(|v| (p, v))).collect();
    for (&p, v) in &cast {
        events.push(tell(
            map,
            p,
            format!("Your {} (secret unless every power in the game votes the same)", v.show(map)),
        ));
    }
    if let Some(result) = votes::agreed(map, &voters, &cast) {
        events.push(Event::public(result.clone()));
        next.game_over = Some(result);
        next.dislodged.clear();
        return Ok((next, events));
    }

    if next.dislodged.is_empty() {
        season::after_moves(g, &mut next, &mut events)?;
    } else {
        next.stage = super::calendar::Stage::Retreat;
    }
    Ok((next, events))
}
