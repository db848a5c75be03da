//! A player that plays with sense, not at random: it builds and regroups when it can,
//! takes empty enemy cities, attacks where the table favours it (disrupted targets,
//! from high ground), and moves toward the points (the purple squares, the enemy's
//! country) and high ground, keeping its Capital held. Its files use the whole
//! notation (guards, `OR`, standing reactions) as a careful player by mail would: no
//! `WAIT` and no `ASK`, each a round trip more; it still answers questions, which the
//! careless player and the demo's September raise.

use rand_core::RngCore;

use super::actions;
use super::attack::{self, Attack, Kind, Take};
use super::data::{Data, Outcome, Side, Square, Terrain};
use super::guide::supply_word;
use super::state::{Leadership, Place, Stage, State, Supply};

fn pick<'a>(rng: &mut dyn RngCore, list: &[&'a str]) -> &'a str {
    list[(rng.next_u32() as usize) % list.len()]
}

fn chance(rng: &mut dyn RngCore, percent: u32) -> bool {
    rng.next_u32() % 100 < percent
}

/// A random set of standing reactions, `ASK` among them now and then.
pub fn policies(rng: &mut dyn RngCore) -> Vec<String> {
    let out = vec![
        pick(
            rng,
            &[
                "RALLY WHEN RANGE 1 OR TARGET A",
                "RALLY WHEN TARGET DISRUPTED",
                "RALLY",
                "RALLY NEVER",
                "RALLY WHEN ATTACKER T AND HIGHER",
            ],
        )
        .to_string(),
        pick(rng, &["REWARD FIRE", "REWARD FIRE", "REWARD NONE"]).to_string(),
        pick(
            rng,
            &[
                "OPFIRE ANY AT ANY WHEN HIGHER",
                "OPFIRE ANY AT DISRUPTED",
                "OPFIRE ANY AT T",
                "OPFIRE ANY AT ANY",
                "OPFIRE NEVER",
            ],
        )
        .to_string(),
        pick(rng, &["ROUT HOLD IN CITY ELSE RETREAT", "ROUT RETREAT", "ROUT HOLD"]).to_string(),
        pick(rng, &["EDGE WHEN BLITZ DISRUPT", "EDGE WHEN BLITZ", "EDGE WHEN BLITZ DISRUPT ROUT"])
            .to_string(),
    ];
    // No `ASK`: a careful player by mail lets standing reactions answer, since each
    // question is a round trip (the demo's September and the careless player still ask).
    out
}

pub fn orders(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> String {
    match state.stage {
        Stage::Setup => {
            let mut lines = vec![
                pick(rng, &["SETUP 1", "SETUP 2"]).to_string(),
                if chance(rng, 85) { "FIRST ME" } else { "FIRST YOU" }.to_string(),
            ];
            if state.options.choose_supply {
                let n = (rng.next_u32() as usize) % data.supply.len().max(1);
                if let Some(c) = data.supply.get(n) {
                    lines.push(format!("CARD {}", c.name.to_ascii_uppercase()));
                }
            }
            lines.extend(policies(rng));
            lines.join("\n")
        }
        Stage::Turn => {
            if let Some(q) = state.current.question.as_ref().filter(|q| q.to == side) {
                let i = if chance(rng, 60) {
                    q.default
                } else {
                    (rng.next_u32() as usize) % q.answers.len().max(1)
                };
                return q.answers.get(i).cloned().unwrap_or_default();
            }
            if state.active_side() != side {
                return policies(rng).join("\n");
            }
            let mut lines = checked(state, data, side, script(state, data, side, rng));
            if chance(rng, 15) {
                lines.extend(policies(rng));
            }
            lines.join("\n")
        }
        Stage::Over => String::new(),
    }
}

/// The lines the check at ingest accepts: the bot plans on a scratch board that does
/// not see every rule (two actions a unit), so it drops what would be refused, one
/// line at a time (dropping one may change the next).
pub fn checked(state: &State, data: &Data, side: Side, mut lines: Vec<String>) -> Vec<String> {
    for _ in 0..lines.len() {
        let numbered: Vec<super::foresight::Numbered> = lines
            .iter()
            .enumerate()
            .map(|(i, text)| super::foresight::Numbered { number: i + 1, text })
            .collect();
        let verdicts = super::foresight::check(state, data, side, &numbered);
        let Some(bad) = verdicts.iter().position(|v| matches!(v, super::foresight::Verdict::Refused(_)))
        else {
            break;
        };
        lines.remove(bad);
    }
    lines
}

/// Expected harm of an attack, from every face of the dice (a Blitz 3, a Disrupt 1.5,
/// a Rout 1).
fn attack_value(data: &Data, spec: &Attack) -> f64 {
    let two = spec.attacker_height > spec.target_height;
    let yellows: &[u8] = if two { &[1, 2, 3, 4, 5, 6] } else { &[1] };
    let mut total = 0.0;
    let mut n = 0.0;
    for w in 1..=6u8 {
        for &y in yellows {
            let r = attack::resolve(&data.attack, spec, w, y);
            total += match r.result {
                Outcome::Blitz => 3.0,
                Outcome::Disrupt => 1.5,
                Outcome::Rout => 1.0,
                _ => 0.0,
            };
            n += 1.0;
        }
    }
    total / n
}

/// How much a square is worth standing on for `side`.
fn square_value(state: &State, data: &Data, side: Side, kind: Kind, sq: Square) -> f64 {
    let board = super::board(data, state);
    let mut v = 0.0;
    if board.purple.contains(&sq) {
        v += 2.0;
    }
    if sq.country() == Some(side.other()) && !board.at(sq).is_city() {
        v += 1.5;
    }
    let forward = if side == Side::Red { sq.col as f64 } else { 9.0 - sq.col as f64 };
    v += forward * 0.25;
    v += board.at(sq).height() as f64 * if kind == Kind::Artillery { 0.8 } else { 0.4 };
    // Next to an enemy city nobody holds: a city attack from here may take it.
    for n in sq.around() {
        if state.at(n).is_none() && state.unfriendly_city(board, n, side) {
            v += if board.at(n) == Terrain::Capital { 3.0 } else { 1.5 };
        }
    }
    // Next to active enemies that stand higher is a poor place.
    for n in sq.around() {
        if state.at(n).is_some_and(|e| e.side != side && e.active())
            && board.at(n).height() > board.at(sq).height()
        {
            v -= 0.6;
        }
    }
    v
}

fn script(state: &State, data: &Data, side: Side, rng: &mut dyn RngCore) -> Vec<String> {
    let board = super::board(data, state);
    let mut scratch = state.clone();
    let mut lines = Vec::new();
    let camp = state.camp(side);
    let avail = |t: Supply| camp.available().find(|(_, s)| s.supply == t).map(|(_, s)| s.chits);
    let reserve: Vec<&super::state::Unit> =
        state.units.iter().filter(|u| u.side == side && u.place == Place::Reserve).collect();
    let industry = State::city_of(board, side, Terrain::Industry);
    let industry_free = industry.is_some_and(|sq| state.at(sq).is_none() && !state.fallen.contains(&sq));
    let disrupted: Vec<&super::state::Unit> =
        state.units.iter().filter(|u| u.side == side && u.square().is_some() && u.disrupted).collect();
    let on_air_base: Vec<&super::state::Unit> = state
        .units
        .iter()
        .filter(|u| u.side == side && u.active() && u.kind == Kind::Infantry)
        .filter(|u| u.square().is_some_and(|s| board.at(s) == Terrain::AirBase))
        .collect();
    let mut chits;
    if let (Some(n), false, true) = (avail(Supply::Industry), reserve.is_empty(), industry_free)
        && n >= 2
    {
        lines.push("SUPPLY INDUSTRY".into());
        let tank = reserve.iter().find(|u| u.kind == Kind::Tank);
        let other = reserve.iter().find(|u| u.kind != Kind::Tank);
        let unit = if n >= 3 { tank.or(other) } else { other };
        chits = n;
        if let Some(u) = unit {
            lines.push(format!("BUILD {}", u.id));
            chits -= if u.kind == Kind::Tank { 3 } else { 2 };
            if let Some(sq) = industry {
                actions::shift(&mut scratch, &u.id, sq);
            }
        }
    } else if let (Some(n), false) = (avail(Supply::Capital), disrupted.is_empty()) {
        lines.push("SUPPLY CAPITAL".into());
        chits = n;
        for u in disrupted.iter().take(n as usize) {
            lines.push(format!("REGROUP {}", u.id));
            if let Some(x) = scratch.unit_mut(&u.id) {
                x.disrupted = false;
            }
            chits -= 1;
        }
    } else if let (Some(n), Some(u)) = (avail(Supply::Air), on_air_base.first()) {
        lines.push("SUPPLY AIR".into());
        chits = n;
        // The best empty square to drop on.
        let best = super::data::Battlefield::squares()
            .filter(|sq| actions::para_ok(state, data, side, &u.id, *sq).is_ok())
            .max_by(|a, b| {
                square_value(state, data, side, Kind::Infantry, *a).total_cmp(&square_value(
                    state,
                    data,
                    side,
                    Kind::Infantry,
                    *b,
                ))
            });
        if let Some(sq) = best {
            lines.push(format!("PARA {} {sq}", u.id));
            actions::shift(&mut scratch, &u.id, sq);
            chits -= 1;
        }
    } else {
        let best = camp
            .available()
            .max_by_key(|(_, s)| (!s.supply.fallen(), s.chits))
            .map(|(_, s)| (s.supply, s.chits));
        let Some((t, n)) = best else { return vec!["PASS".into()] };
        lines.push(format!("SUPPLY {}", supply_word(t)));
        chits = n;
    }
    if camp.leadership == Leadership::Available && chance(rng, 8) {
        lines.push("CACHE".into());
    }
    let mut attacked: Vec<String> = Vec::new();
    let mut moved: Vec<String> = Vec::new();
    let capital = State::city_of(board, side, Terrain::Capital);
    for _ in 0..chits {
        if let Some(l) = best_action(&mut scratch, data, side, &mut attacked, &mut moved, capital, rng) {
            lines.push(l);
        }
    }
    if state.camp(side).leadership == Leadership::Exhausted && chance(rng, 60) {
        lines.push("COMMISSION".into());
    }
    lines
}

/// The best next line on the scratch board; applies a move to it.
fn best_action(
    scratch: &mut State,
    data: &Data,
    side: Side,
    attacked: &mut Vec<String>,
    moved: &mut Vec<String>,
    capital: Option<Square>,
    rng: &mut dyn RngCore,
) -> Option<String> {
    let board = super::board(data, scratch);
    // (value, line, the move it makes, whether it is an attack)
    type Candidate = (f64, String, Option<(String, Square)>, bool);
    let mut best: Option<Candidate> = None;
    let own: Vec<super::state::Unit> =
        scratch.units.iter().filter(|u| u.side == side && u.active()).cloned().collect();
    for u in &own {
        let Some(from) = u.square() else { continue };
        if !attacked.contains(&u.id) {
            for n in from.around() {
                if scratch.at(n).is_none() && scratch.unfriendly_city(board, n, side) {
                    let v = match board.at(n) {
                        Terrain::Capital => 100.0,
                        Terrain::Industry => 8.0,
                        _ => 6.0,
                    };
                    let line = format!("ATTACK {} {n}", u.id);
                    if best.as_ref().is_none_or(|b| v > b.0) {
                        best = Some((v, line, None, true));
                    }
                }
            }
            for e in scratch.units.iter().filter(|e| e.side != side) {
                let Some(at) = e.square() else { continue };
                let d = from.distance(at);
                if d > u.kind.range() {
                    continue;
                }
                let spec = Attack {
                    attacker: u.kind,
                    attacker_height: board.at(from).height(),
                    target: e.kind,
                    target_height: board.at(at).height(),
                    target_terrain: board.at(at),
                    target_disrupted: e.disrupted,
                    range: d,
                    take: Take::Best,
                    rallied: false,
                };
                let v = attack_value(data, &spec) * 2.0;
                if v < 1.0 {
                    continue;
                }
                let mut line = format!("ATTACK {} {at}", u.id);
                if u.kind == Kind::Tank && chance(rng, 30) {
                    line.push_str(" TAKE BEST");
                }
                if chance(rng, 30) {
                    line.push_str(" EDGE IF MISS ROUT");
                }
                if d == 1 && chance(rng, 50) {
                    line.push_str(" DISPLACE");
                }
                if chance(rng, 40) {
                    line = format!("IF {at} ENEMY {line}");
                }
                if best.as_ref().is_none_or(|b| v > b.0) {
                    best = Some((v, line, None, true));
                }
            }
        }
        if moved.contains(&u.id) || Some(from) == capital {
            continue;
        }
        let here = square_value(scratch, data, side, u.kind, from);
        for to in super::data::Battlefield::squares().filter(|s| s.distance(from) <= 3 && *s != from) {
            let gain = square_value(scratch, data, side, u.kind, to) - here;
            if gain <= 0.2 || best.as_ref().is_some_and(|b| gain <= b.0) {
                continue;
            }
            if actions::move_path(scratch, data, side, &u.id, &[to]).is_ok() {
                let line = if chance(rng, 40) {
                    format!("IF {to} EMPTY MOVE {} {to}", u.id)
                } else {
                    format!("MOVE {} {to}", u.id)
                };
                best = Some((gain, line, Some((u.id.clone(), to)), false));
            }
        }
    }
    let (_, line, shift, attack) = best?;
    if let Some((id, to)) = shift {
        actions::shift(scratch, &id, to);
        moved.push(id);
    }
    if attack && let Some(id) = line.split_whitespace().skip_while(|w| *w != "ATTACK").nth(1) {
        attacked.push(id.to_string());
    }
    Some(line)
}
