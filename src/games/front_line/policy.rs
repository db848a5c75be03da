//! Standing reactions: the lines a side keeps to answer the rules' questions on the
//! other side's turn (Rally, its reward, Opportunity Fire, Maneuver, Relieve, Rout,
//! the Edge), read when their window opens. The first line of a category that applies
//! decides; `ASK` puts the question by mail instead (at most two a turn), and then the
//! other lines give the default answer.

use super::data::{Data, Outcome, Side, Square};
use super::script::{AtKind, Cond, Line, Policy, Reward, RoutChoice, Rule, When};
use super::state::{Leadership, State, Unit};

/// The facts a condition is tested against.
pub struct Facts<'a> {
    /// The unit shot at: the defender's own unit for Rally, the enemy for OpFire.
    pub target: &'a Unit,
    /// The enemy unit that attacks or acted.
    pub enemy: &'a Unit,
    pub range: u8,
    /// The shooter is higher than the target.
    pub higher: bool,
    pub target_in_city: bool,
}

fn holds(c: &Cond, f: &Facts) -> bool {
    match c {
        Cond::Range(n) => f.range <= *n,
        Cond::TargetUnit(id) => f.target.id.eq_ignore_ascii_case(id),
        Cond::TargetKind(k) => f.target.kind == *k,
        Cond::TargetDisrupted => f.target.disrupted,
        Cond::TargetInCity => f.target_in_city,
        Cond::Attacker(k) => f.enemy.kind == *k,
        Cond::Higher => f.higher,
        Cond::Adjacent(sq) => f.enemy.square().is_some_and(|s| s.distance(*sq) <= 1),
    }
}

pub fn when_holds(w: &When, f: &Facts) -> bool {
    w.is_empty() || w.iter().any(|group| group.iter().all(|c| holds(c, f)))
}

/// A side's standing lines of one category, read.
pub fn lines(state: &State, side: Side, category: &str) -> Vec<(String, Policy)> {
    state
        .camp(side)
        .policy
        .get(category)
        .into_iter()
        .flatten()
        .filter_map(|text| match super::script::read_line(text, state, side, false, &[]) {
            Ok(Line::Policy(p)) => Some((text.clone(), p)),
            _ => None,
        })
        .collect()
}

/// Whether the side's lines of a category include `ASK`.
pub fn asks(state: &State, side: Side, category: &str) -> bool {
    lines(state, side, category).iter().any(|(_, p)| p.asks())
}

/// Rally: the standing decision (and the line that made it), `ASK` aside.
pub fn rally(state: &State, side: Side, f: &Facts) -> (bool, Option<String>) {
    if state.camp(side).leadership != Leadership::Available {
        return (false, None);
    }
    for (text, p) in lines(state, side, "RALLY") {
        match p {
            Policy::Rally(Rule::Never) => return (false, Some(text)),
            Policy::Rally(Rule::Do((), w)) if when_holds(&w, f) => return (true, Some(text)),
            _ => {}
        }
    }
    (false, None)
}

pub fn reward(state: &State, side: Side) -> Option<Reward> {
    lines(state, side, "REWARD").into_iter().find_map(|(_, p)| match p {
        Policy::Reward(r) => Some(r),
        _ => None,
    })
}

pub fn rout(state: &State, side: Side) -> RoutChoice {
    lines(state, side, "ROUT")
        .into_iter()
        .find_map(|(_, p)| match p {
            Policy::Rout(r) => Some(r),
            _ => None,
        })
        .unwrap_or(RoutChoice::HoldInCity)
}

/// The results this side re-rolls with an ON Edge as the defender: its `EDGE WHEN`
/// line, else a Blitz.
pub fn edge(state: &State, side: Side) -> Vec<Outcome> {
    for (_, p) in lines(state, side, "EDGE") {
        if let Policy::Edge(list) = p {
            return list.unwrap_or_default();
        }
    }
    vec![Outcome::Blitz]
}

/// A reaction after an opponent's action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reaction {
    OpFire { firer: String, target: String },
    Maneuver { unit: String, to: Square },
    Relieve(String, String),
}

impl Reaction {
    pub fn words(&self) -> String {
        match self {
            Reaction::OpFire { firer, target } => format!("OPFIRE {firer} AT {target}"),
            Reaction::Maneuver { unit, to } => format!("MANEUVER {unit} {to}"),
            Reaction::Relieve(a, b) => format!("RELIEVE {a} {b}"),
        }
    }

    /// An answer's words read back (`no reaction` is None).
    pub fn from_words(text: &str) -> Option<Reaction> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["OPFIRE", f, "AT", t] => Some(Reaction::OpFire { firer: f.to_string(), target: t.to_string() }),
            ["MANEUVER", u, sq] => Some(Reaction::Maneuver { unit: u.to_string(), to: Square::parse(sq)? }),
            ["RELIEVE", a, b] => Some(Reaction::Relieve(a.to_string(), b.to_string())),
            _ => None,
        }
    }
}

/// Who may fire at `target` (an enemy unit on the board): the side's active units in
/// range, best placed first (higher than the target, then Artillery, then by id).
pub fn firers<'a>(state: &'a State, data: &Data, side: Side, target: &Unit) -> Vec<&'a Unit> {
    let board = super::board(data, state);
    let Some(at) = target.square() else { return Vec::new() };
    let mut list: Vec<&Unit> = state
        .units
        .iter()
        .filter(|u| u.side == side && u.active())
        .filter(|u| u.square().is_some_and(|s| s.distance(at) <= u.kind.range()))
        .collect();
    let height = |u: &Unit| u.square().map(|s| board.at(s).height()).unwrap_or(0);
    list.sort_by_key(|u| {
        (std::cmp::Reverse(height(u)), u.kind != super::attack::Kind::Artillery, u.id.clone())
    });
    list
}

/// The facts of `shooter` firing at `target`: the range between them, whether the
/// shooter stands higher, whether the target is in a city.
pub fn facts_for<'a>(state: &State, data: &Data, shooter: &'a Unit, target: &'a Unit) -> Facts<'a> {
    let board = super::board(data, state);
    let (s, t) = (shooter.square(), target.square());
    Facts {
        target,
        enemy: target,
        range: match (s, t) {
            (Some(a), Some(b)) => a.distance(b),
            _ => 9,
        },
        higher: match (s, t) {
            (Some(a), Some(b)) => board.at(a).height() > board.at(b).height(),
            _ => false,
        },
        target_in_city: t.is_some_and(|b| board.at(b).is_city()),
    }
}

/// The standing reaction of `side` after `acted` (an enemy unit, or None after a
/// Commission), `ASK` aside, with the line that chose it.
pub fn after_action(
    state: &State,
    data: &Data,
    side: Side,
    acted: Option<&Unit>,
) -> Option<(Reaction, String)> {
    if state.camp(side).leadership != Leadership::Available {
        return None;
    }
    if let Some(enemy) = acted.filter(|u| u.square().is_some()) {
        for (text, p) in lines(state, side, "OPFIRE") {
            let Policy::OpFire(Rule::Do((names, at), w)) = p else { continue };
            let kind_ok = match &at {
                AtKind::Any => true,
                AtKind::Kind(k) => enemy.kind == *k,
                AtKind::Disrupted => enemy.disrupted,
                AtKind::Unit(id) => enemy.id.eq_ignore_ascii_case(id),
            };
            if !kind_ok {
                continue;
            }
            let mut candidates = firers(state, data, side, enemy);
            if !names.is_empty() {
                candidates = names
                    .iter()
                    .filter_map(|n| candidates.iter().find(|u| u.id.eq_ignore_ascii_case(n)).copied())
                    .collect();
            }
            if let Some(f) =
                candidates.into_iter().find(|f| when_holds(&w, &facts_for(state, data, f, enemy)))
            {
                return Some((Reaction::OpFire { firer: f.id.clone(), target: enemy.id.clone() }, text));
            }
        }
    }
    // For Maneuver and Relieve the conditions test the acting enemy unit, seen from
    // the unit that would shift.
    for (text, p) in lines(state, side, "MANEUVER") {
        let Policy::Maneuver(Rule::Do((unit, to), w)) = p else { continue };
        let Some(u) = state.unit(&unit) else { continue };
        let ok = match acted {
            Some(enemy) => when_holds(&w, &facts_for(state, data, u, enemy)),
            None => w.is_empty(),
        };
        if ok && super::actions::maneuver_ok(state, data, side, &unit, to).is_ok() {
            return Some((Reaction::Maneuver { unit, to }, text));
        }
    }
    for (text, p) in lines(state, side, "RELIEVE") {
        let Policy::Relieve(Rule::Do((a, b), w)) = p else { continue };
        let Some(u) = state.unit(&a) else { continue };
        let ok = match acted {
            Some(enemy) => when_holds(&w, &facts_for(state, data, u, enemy)),
            None => w.is_empty(),
        };
        if ok && super::actions::relieve_ok(state, side, &a, &b).is_ok() {
            return Some((Reaction::Relieve(a, b), text));
        }
    }
    None
}

/// Every reaction `side` could make now, for a question: Opportunity Fire at the unit
/// that acted, and Maneuvers and Reliefs of units within two squares of it.
pub fn options(
    state: &State,
    data: &Data,
    side: Side,
    acted: Option<&Unit>,
    asked: &[&str],
) -> Vec<Reaction> {
    let mut out = Vec::new();
    let near = |u: &Unit| match (u.square(), acted.and_then(|a| a.square())) {
        (Some(a), Some(b)) => a.distance(b) <= 2,
        _ => false,
    };
    if asked.contains(&"OPFIRE")
        && let Some(enemy) = acted
    {
        for f in firers(state, data, side, enemy) {
            out.push(Reaction::OpFire { firer: f.id.clone(), target: enemy.id.clone() });
        }
    }
    let own: Vec<&Unit> =
        state.units.iter().filter(|u| u.side == side && u.square().is_some() && near(u)).collect();
    if asked.contains(&"MANEUVER") {
        for u in &own {
            for to in u.square().into_iter().flat_map(|s| s.around()) {
                if super::actions::maneuver_ok(state, data, side, &u.id, to).is_ok() {
                    out.push(Reaction::Maneuver { unit: u.id.clone(), to });
                }
            }
        }
    }
    if asked.contains(&"RELIEVE") {
        for a in &own {
            for b in &own {
                if a.id < b.id && super::actions::relieve_ok(state, side, &a.id, &b.id).is_ok() {
                    out.push(Reaction::Relieve(a.id.clone(), b.id.clone()));
                }
            }
        }
    }
    out.truncate(20);
    out
}
