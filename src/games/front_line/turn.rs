//! A player turn run from its script (Turns, Actions & Tasks): lines in order, a line
//! that cannot be done skipped at no cost and told to its owner, `IF` guards and `OR`
//! alternatives, the opponent's windows after each action and before each attack's
//! dice, and the two ways a turn stops for mail: `WAIT` (the active player's next
//! file) and `ASK` (the opponent's answer). Then the turn's end, the month's end and
//! the game's.

use super::actions::{self, Need};
use super::battle::{self, Target};
use super::data::{Data, Side};
use super::log::Log;
use super::policy::{self, Facts, Reaction};
use super::script::{self, Command, Guard, SupplyWord};
use super::state::{Leadership, Place, Question, Stage, State, Supply, Turn};
use crate::engine::roll::Roll;

/// Prompts an opponent may be asked in one turn.
pub const MAX_ASKS: u8 = 2;
/// `WAIT`s in one turn.
pub const MAX_WAITS: u8 = 2;

/// A turn begins: the Edge held OFF by its player turns ON (`edge_ready=own-turn`).
pub fn start(state: &mut State, log: &mut Log) {
    let side = state.active_side();
    state.current = Turn { side: Some(side), ..Turn::default() };
    super::edge::turn_begins(state, side, log);
}

enum Done {
    /// The line was done; the opponent's window opens after it (with the unit that
    /// acted, if any) or not.
    Acted(Option<Option<String>>),
    Skipped(String),
    Ask,
    Wait,
    Pass,
}

fn guard_holds(state: &State, side: Side, g: &Guard) -> bool {
    match g {
        Guard::Active(id) => state.unit(id).is_some_and(|u| u.active()),
        Guard::Disrupted(id) => state.unit(id).is_some_and(|u| u.square().is_some() && u.disrupted),
        Guard::Gone(id) => state.unit(id).is_some_and(|u| u.place == Place::Gone),
        Guard::Empty(sq) => state.at(*sq).is_none(),
        Guard::Enemy(sq) => state.at(*sq).is_some_and(|u| u.side != side),
        Guard::Mine(sq) => state.at(*sq).is_some_and(|u| u.side == side),
        Guard::EdgeMine => state.edge.holder == Some(side) && state.edge.on,
    }
}

/// Takes a stack for the turn if none is in use: the one the line needs.
fn ensure_stack(state: &mut State, side: Side, need: Need, log: &mut Log) -> Result<(), String> {
    if state.current.stack.is_none() {
        let i = actions::default_stack(state, side, need).ok_or("no supply stack can pay for it")?;
        take_stack(state, side, i, log);
    }
    actions::can_pay(state, side, need)
}

fn take_stack(state: &mut State, side: Side, i: usize, log: &mut Log) {
    state.current.stack = Some(i);
    if let Some(s) = state.camp_mut(side).stacks.get_mut(i) {
        s.used = true;
        log.say(format!("{} takes its {} supply ({} chits)", side.name(), s.supply.name(), s.chits));
    }
}

/// Ruling 6: the stack a pass burns: the one named, else a Fallen chit, else the
/// smallest, ties Air, Capital, Industry.
fn burn(state: &mut State, side: Side, named: Option<SupplyWord>, log: &mut Log) {
    if state.current.stack.is_some() {
        return;
    }
    let camp = state.camp(side);
    let pick = named
        .and_then(|w| camp.available().find(|(_, s)| w.matches(s.supply)).map(|(i, _)| i))
        .or_else(|| camp.available().find(|(_, s)| s.supply.fallen()).map(|(i, _)| i))
        .or_else(|| camp.available().min_by_key(|(_, s)| (s.chits, s.supply)).map(|(i, _)| i));
    if let Some(i) = pick {
        state.current.stack = Some(i);
        if let Some(s) = state.camp_mut(side).stacks.get_mut(i) {
            s.used = true;
            log.say(format!(
                "{} burns its {} supply ({} chits unused)",
                side.name(),
                s.supply.name(),
                s.chits
            ));
            s.chits = 0;
        }
    }
}

/// Why `side` can do nothing more this turn, if so (ruling 12): its turn's supply is
/// used up (or none is left to choose) and its Leadership is not Available, so a
/// continuation could only pass.
pub fn nothing_left(state: &State, side: Side) -> Option<String> {
    let camp = state.camp(side);
    if camp.leadership == Leadership::Available {
        return None;
    }
    let supply = match state.current.stack {
        Some(i) => match camp.stacks.get(i) {
            Some(s) if s.chits > 0 => return None,
            Some(s) => format!("the {} supply is used up", s.supply.name()),
            None => "no supply is left".to_string(),
        },
        None if camp.available().next().is_some() => return None,
        None => "no supply is left to choose".to_string(),
    };
    Some(format!("{supply} and its Leadership is not Available"))
}

/// What became of one script line, as a run tells it to its [`Watch`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    Done,
    /// Skipped with this reason (the guard's "the condition does not hold" apart).
    Skipped(String),
    /// Its `IF` did not hold.
    GuardFailed,
    /// An `OR` line not tried: the line above was done.
    NotTried,
    Waited,
    /// `PASS`: the lines after it are dropped.
    Passed,
}

/// Where a run leaves what can be known before the step resolves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// An attack's dice were rolled.
    Dice,
    /// The opponent, its Leadership Available, may react now.
    Reaction,
}

/// Who watches a run: nobody at resolution; the check at ingest, which stops the run
/// where its fate leaves what is known (`foresight`).
pub trait Watch {
    fn fate(&mut self, _text: &str, _fate: Fate) {}
    /// The run reaches the unknown; true stops it there.
    fn unknown(&mut self, _why: Unknown) -> bool {
        false
    }
}

/// Resolution's watch: nobody.
pub struct Nobody;
impl Watch for Nobody {}

/// Runs the active player's lines until the turn ends or stops for mail.
pub fn run(state: &mut State, data: &Data, dice: &mut dyn Roll, log: &mut Log) {
    run_watched(state, data, dice, log, &mut Nobody);
}

/// [`run`], telling `watch` each line's fate; the run stops where `watch` says.
pub fn run_watched(
    state: &mut State,
    data: &Data,
    dice: &mut dyn Roll,
    log: &mut Log,
    watch: &mut dyn Watch,
) {
    let side = state.active_side();
    while let Some(text) = state.current.lines.first().cloned() {
        if state.over.is_some() {
            return;
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let line = match script::script_line(&words, state, side) {
            Ok(l) => l,
            Err(e) => {
                log.tell(side, format!("skipped: {text}: {e}"));
                watch.fate(&text, Fate::Skipped(e));
                state.current.lines.remove(0);
                continue;
            }
        };
        if line.or && state.current.chain_done {
            watch.fate(&text, Fate::NotTried);
            state.current.lines.remove(0);
            continue;
        }
        if !line.or {
            state.current.chain_done = false;
        }
        if let Some(g) = &line.guard
            && !guard_holds(state, side, g)
        {
            log.tell(side, format!("skipped: {text}: the condition does not hold"));
            watch.fate(&text, Fate::GuardFailed);
            state.current.lines.remove(0);
            continue;
        }
        match execute(state, data, side, &line.command, dice, log) {
            Done::Ask => return,
            Done::Wait => {
                watch.fate(&text, Fate::Waited);
                state.current.lines.remove(0);
                log.say(format!("{} waits for the report before going on", side.name()));
                return;
            }
            Done::Pass => {
                watch.fate(&text, Fate::Passed);
                state.current.lines.clear();
                break;
            }
            Done::Skipped(why) => {
                log.tell(side, format!("skipped: {text}: {why}"));
                watch.fate(&text, Fate::Skipped(why));
                state.current.lines.remove(0);
            }
            Done::Acted(window) => {
                state.current.chain_done = true;
                state.current.lines.remove(0);
                watch.fate(&text, Fate::Done);
                if matches!(line.command, Command::Attack(_)) && watch.unknown(Unknown::Dice) {
                    return;
                }
                if let Some(acted) = window
                    && state.over.is_none()
                {
                    if state.camp(side.other()).leadership == Leadership::Available
                        && watch.unknown(Unknown::Reaction)
                    {
                        return;
                    }
                    if after_window(state, data, side.other(), acted.as_deref(), dice, log) {
                        return;
                    }
                }
            }
        }
    }
    if state.over.is_none() {
        end(state, data, log);
    }
}

fn execute(
    state: &mut State,
    data: &Data,
    side: Side,
    c: &Command,
    dice: &mut dyn Roll,
    log: &mut Log,
) -> Done {
    match try_execute(state, data, side, c, dice, log) {
        Ok(done) => done,
        Err(why) => Done::Skipped(why),
    }
}

fn try_execute(
    state: &mut State,
    data: &Data,
    side: Side,
    c: &Command,
    dice: &mut dyn Roll,
    log: &mut Log,
) -> Result<Done, String> {
    match c {
        Command::Supply(w) => {
            if state.current.stack.is_some() {
                return Err("the turn's supply is already chosen".into());
            }
            let i = state
                .camp(side)
                .available()
                .find(|(_, s)| w.matches(s.supply))
                .map(|(i, _)| i)
                .ok_or("no such stack is available")?;
            take_stack(state, side, i, log);
            Ok(Done::Acted(None))
        }
        Command::Wait => {
            if state.current.waits >= MAX_WAITS {
                return Err(format!("at most {MAX_WAITS} WAITs a turn"));
            }
            if state.options.revision >= 5
                && let Some(why) = nothing_left(state, side)
            {
                log.say(format!(
                    "{} has nothing left to do this turn ({why}): the WAIT ends the turn",
                    side.name()
                ));
                return Ok(Done::Pass);
            }
            state.current.waits += 1;
            state.current.waiting = true;
            Ok(Done::Wait)
        }
        Command::Pass(w) => {
            burn(state, side, *w, log);
            log.say(format!("{} passes", side.name()));
            Ok(Done::Pass)
        }
        Command::Commission => {
            if state.camp(side).leadership != Leadership::Exhausted {
                return Err("your Leadership is not Exhausted".into());
            }
            ensure_stack(state, side, Need::Regular, log)?;
            actions::pay(state, side, Need::Regular);
            state.camp_mut(side).leadership = Leadership::Commissioned;
            log.say(format!("{} commissions its Leadership (Available at the end of the turn)", side.name()));
            Ok(Done::Acted(Some(None)))
        }
        Command::Move { unit, path } => {
            actions::may_act(state, unit, "MOVE")?;
            let route = actions::move_path(state, data, side, unit, path)?;
            ensure_stack(state, side, Need::Regular, log)?;
            actions::pay(state, side, Need::Regular);
            if let Some(last) = route.last() {
                actions::shift(state, unit, *last);
            }
            actions::record(state, unit, "MOVE");
            log.say(format!(
                "{unit} moves {}",
                route.iter().map(|s| s.to_string()).collect::<Vec<_>>().join("-")
            ));
            Ok(Done::Acted(Some(Some(unit.clone()))))
        }
        Command::Amphib { unit, to } => {
            actions::may_act(state, unit, "AMPHIB")?;
            actions::amphib_ok(state, data, unit, *to)?;
            ensure_stack(state, side, Need::Regular, log)?;
            actions::pay(state, side, Need::Regular);
            actions::shift(state, unit, *to);
            actions::record(state, unit, "AMPHIB");
            log.say(format!("{unit} moves by sea to {to}"));
            Ok(Done::Acted(Some(Some(unit.clone()))))
        }
        Command::Attack(o) => {
            let target = battle::check(state, data, side, &o.unit, o.target)?;
            actions::may_act(state, &o.unit, "ATTACK")?;
            ensure_stack(state, side, Need::Regular, log)?;
            if let Target::Unit(t) = &target
                && state.current.rally.is_none()
            {
                let defender = side.other();
                if state.camp(defender).leadership == Leadership::Available {
                    let (Some(tu), Some(au)) = (state.unit(t), state.unit(&o.unit)) else {
                        return Err("the units are gone".into());
                    };
                    // The defender's view: its unit is the target, the attacker the enemy.
                    let facts = Facts { enemy: au, ..policy::facts_for(state, data, au, tu) };
                    let (standing, why) = policy::rally(state, defender, &facts);
                    let (range, two_dice) = (facts.range, facts.higher);
                    let real = state.options.revision < 5
                        || match (au.square(), tu.square()) {
                            (Some(from), Some(at)) => super::attack::rally_matters(
                                &data.attack,
                                &battle::spec(state, data, au, from, tu, at, o.take, false),
                            ),
                            _ => true,
                        };
                    if policy::asks(state, defender, "RALLY") && state.current.asks < MAX_ASKS && real {
                        let asked = Asked { attacker: &o.unit, target: t, range, two_dice, standing, why };
                        ask_rally(state, data, defender, asked);
                        return Ok(Done::Ask);
                    }
                    state.current.rally = Some(standing);
                    state.current.rally_by = Some(match why {
                        Some(line) if standing => format!("standing order: {line}"),
                        _ => String::new(),
                    });
                }
            }
            let rally = state.current.rally.take().unwrap_or(false);
            let by = state.current.rally_by.take().unwrap_or_default();
            actions::pay(state, side, Need::Regular);
            actions::record(state, &o.unit, "ATTACK");
            if rally && let Target::Unit(t) = &target {
                let defender = side.other();
                actions::exhaust(state, defender);
                state.current.rallied_target = Some(t.clone());
                let (public, private) = match by.split_once(": ") {
                    Some((how, line)) => (how.to_string(), Some(line.to_string())),
                    None => (by.clone(), None),
                };
                log.say(format!("{} rallies {t} \u{2014} {public}", defender.name()));
                if let Some(line) = private {
                    log.tell(defender, format!("the line that answered: {line}"));
                }
            }
            let orders = battle::Orders {
                take: o.take,
                edge_if: o.edge_if.clone(),
                retreat: o.retreat.clone(),
                displace: o.displace,
                rallied: rally,
            };
            battle::attack(state, data, &o.unit, o.target, &orders, dice, log);
            Ok(Done::Acted(Some(Some(o.unit.clone()))))
        }
        Command::Build(unit) => {
            actions::may_act(state, unit, "BUILD")?;
            let (sq, cost) = actions::build_ok(state, data, side, unit)?;
            ensure_stack(state, side, Need::Mission(Supply::Industry, cost), log)?;
            actions::pay(state, side, Need::Mission(Supply::Industry, cost));
            if let Some(u) = state.unit_mut(unit) {
                u.place = Place::Board(sq);
                u.disrupted = false;
            }
            actions::record(state, unit, "BUILD");
            log.say(format!("{unit} is built on {sq} ({cost} Industry)"));
            Ok(Done::Acted(Some(Some(unit.clone()))))
        }
        Command::Para { unit, to } => {
            actions::may_act(state, unit, "PARA")?;
            actions::para_ok(state, data, side, unit, *to)?;
            ensure_stack(state, side, Need::Mission(Supply::Air, 1), log)?;
            actions::pay(state, side, Need::Mission(Supply::Air, 1));
            actions::shift(state, unit, *to);
            actions::record(state, unit, "PARA");
            log.say(format!("{unit} drops by Paratroop onto {to}"));
            Ok(Done::Acted(Some(Some(unit.clone()))))
        }
        Command::Regroup(unit) => {
            actions::may_act(state, unit, "REGROUP")?;
            actions::regroup_ok(state, unit)?;
            ensure_stack(state, side, Need::Mission(Supply::Capital, 1), log)?;
            actions::pay(state, side, Need::Mission(Supply::Capital, 1));
            if let Some(u) = state.unit_mut(unit) {
                u.disrupted = false;
            }
            actions::record(state, unit, "REGROUP");
            log.say(format!("{unit} regroups (1 Capital)"));
            Ok(Done::Acted(Some(Some(unit.clone()))))
        }
        Command::Cache => {
            actions::leader_ready(state, side)?;
            let i = state.current.stack.ok_or("choose the turn's supply first (SUPPLY ...)")?;
            let (supply, chits) =
                state.camp(side).stacks.get(i).map(|s| (s.supply, s.chits)).ok_or("no stack is in use")?;
            let most = super::supply::card_value(state, data, side, supply);
            if chits >= most {
                return Err(format!("the {} stack is at its maximum of {most}", supply.name()));
            }
            actions::exhaust(state, side);
            if let Some(s) = state.camp_mut(side).stacks.get_mut(i) {
                s.chits += 1;
            }
            log.say(format!("{} uses Cache: one more {} chit", side.name(), supply.name()));
            Ok(Done::Acted(None))
        }
        Command::Maneuver { unit, to } => {
            actions::leader_ready(state, side)?;
            actions::maneuver_ok(state, data, side, unit, *to)?;
            actions::exhaust(state, side);
            actions::shift(state, unit, *to);
            log.say(format!("{} uses Maneuver: {unit} shifts to {to}", side.name()));
            Ok(Done::Acted(None))
        }
        Command::Relieve(a, b) => {
            actions::leader_ready(state, side)?;
            actions::relieve_ok(state, side, a, b)?;
            actions::exhaust(state, side);
            actions::relieve(state, a, b);
            log.say(format!("{} uses Relieve: {a} and {b} swap places", side.name()));
            Ok(Done::Acted(None))
        }
    }
}

/// An attack the defender is asked about: who attacks whom, at what range, with how
/// many dice, and what the standing lines would answer.
struct Asked<'a> {
    attacker: &'a str,
    target: &'a str,
    range: u8,
    two_dice: bool,
    standing: bool,
    why: Option<String>,
}

fn ask_rally(state: &mut State, data: &Data, defender: Side, asked: Asked) {
    let Asked { attacker, target, range, two_dice, standing, why } = asked;
    let board = super::board(data, state);
    let place = |id: &str| {
        state
            .unit(id)
            .and_then(|u| u.square())
            .map(|s| format!("{} {s}", board.at(s).name()))
            .unwrap_or_default()
    };
    let (au, tu) = (state.unit(attacker).cloned(), state.unit(target).cloned());
    let (Some(au), Some(tu)) = (au, tu) else { return };
    let text = format!(
        "{} {} {attacker} ({}) declares an attack on your {} {target} ({}), range {range}, {}. Your Leadership is Available.",
        au.side.name(),
        au.kind.name(),
        place(attacker),
        tu.kind.name(),
        place(target),
        if two_dice { "two dice" } else { "one die" }
    );
    state.current.asks += 1;
    state.current.question = Some(Question {
        to: defender,
        text,
        answers: vec![format!("RALLY {target}"), "no reaction".into()],
        default: if standing { 0 } else { 1 },
        window: "rally".into(),
        unit: attacker.to_string(),
        because: why.unwrap_or_else(|| "RALLY ASK".into()),
    });
}

/// The opponent's window after an action: a standing reaction, or a question when
/// its policy asks. True when the turn stops for the answer.
fn after_window(
    state: &mut State,
    data: &Data,
    reactor: Side,
    acted: Option<&str>,
    dice: &mut dyn Roll,
    log: &mut Log,
) -> bool {
    if state.camp(reactor).leadership != Leadership::Available {
        return false;
    }
    let acted_unit = acted.and_then(|id| state.unit(id)).filter(|u| u.square().is_some()).cloned();
    let standing = policy::after_action(state, data, reactor, acted_unit.as_ref());
    let asked: Vec<&str> =
        ["OPFIRE", "MANEUVER", "RELIEVE"].into_iter().filter(|c| policy::asks(state, reactor, c)).collect();
    if !asked.is_empty() && state.current.asks < MAX_ASKS {
        let options = policy::options(state, data, reactor, acted_unit.as_ref(), &asked);
        if !options.is_empty() {
            let mut answers: Vec<String> = options.iter().map(Reaction::words).collect();
            answers.push("no reaction".into());
            let default = standing
                .as_ref()
                .and_then(|(r, _)| answers.iter().position(|a| *a == r.words()))
                .unwrap_or(answers.len() - 1);
            let what = match &acted_unit {
                Some(u) => format!(
                    "{} {} {} has just acted and stands on {}.",
                    u.side.name(),
                    u.kind.name(),
                    u.id,
                    u.square().map(|s| s.to_string()).unwrap_or_default()
                ),
                None => format!("{} has just commissioned its Leadership.", reactor.other().name()),
            };
            state.current.asks += 1;
            state.current.question = Some(Question {
                to: reactor,
                text: format!("{what} Your Leadership is Available: you may react."),
                answers,
                default,
                window: "after".into(),
                unit: acted.unwrap_or_default().to_string(),
                because: format!("{} ASK", asked.join("/")),
            });
            return true;
        }
    }
    if let Some((r, line)) = standing {
        react(state, data, reactor, &r, "standing order", Some(&line), dice, log);
    }
    false
}

/// Carries out a reaction, if still legal.
#[allow(clippy::too_many_arguments)]
pub fn react(
    state: &mut State,
    data: &Data,
    side: Side,
    r: &Reaction,
    how: &str,
    line: Option<&str>,
    dice: &mut dyn Roll,
    log: &mut Log,
) {
    if actions::leader_ready(state, side).is_err() {
        return;
    }
    let told = |log: &mut Log| {
        if let Some(l) = line {
            log.tell(side, format!("the line that answered: {l}"));
        }
    };
    match r {
        Reaction::OpFire { firer, target } => {
            let (Some(f), Some(t)) = (state.unit(firer).cloned(), state.unit(target).cloned()) else {
                return;
            };
            let (Some(fs), Some(ts)) = (f.square(), t.square()) else { return };
            if f.side != side || !f.active() || t.side == side || fs.distance(ts) > f.kind.range() {
                log.tell(side, format!("{}: no longer possible", r.words()));
                return;
            }
            actions::exhaust(state, side);
            log.say(format!(
                "{} uses Opportunity Fire: {firer} fires at {target} \u{2014} {how}",
                side.name()
            ));
            told(log);
            battle::attack(state, data, firer, ts, &battle::Orders::defaults(), dice, log);
        }
        Reaction::Maneuver { unit, to } => {
            if let Err(e) = actions::maneuver_ok(state, data, side, unit, *to) {
                log.tell(side, format!("{}: {e}", r.words()));
                return;
            }
            actions::exhaust(state, side);
            actions::shift(state, unit, *to);
            log.say(format!("{} uses Maneuver: {unit} shifts to {to} \u{2014} {how}", side.name()));
            told(log);
        }
        Reaction::Relieve(a, b) => {
            if let Err(e) = actions::relieve_ok(state, side, a, b) {
                log.tell(side, format!("{}: {e}", r.words()));
                return;
            }
            actions::exhaust(state, side);
            actions::relieve(state, a, b);
            log.say(format!("{} uses Relieve: {a} and {b} swap places \u{2014} {how}", side.name()));
            told(log);
        }
    }
}

/// The answer to the open question (its words; None: the deadline passed), then the
/// turn runs on.
pub fn answer(state: &mut State, data: &Data, words: Option<&str>, dice: &mut dyn Roll, log: &mut Log) {
    let Some(q) = state.current.question.take() else { return };
    let by_mail = words.is_some();
    let chosen = words.map(str::to_string).or_else(|| q.answers.get(q.default).cloned()).unwrap_or_default();
    let how = if by_mail {
        "answer by mail".to_string()
    } else {
        format!("no answer by the deadline: the default ({})", q.because)
    };
    log.tell(q.to, format!("your answer: {chosen}{}", if by_mail { "" } else { " (the default)" }));
    if q.window == "rally" {
        let yes = chosen.starts_with("RALLY");
        state.current.rally = Some(yes);
        state.current.rally_by = Some(how);
    } else if let Some(r) = policy::Reaction::from_words(&chosen) {
        react(state, data, q.to, &r, &how, None, dice, log);
    }
    run(state, data, dice, log);
}

/// The turn ends: a turn that used no stack burns one (ruling 6), a commissioned
/// Leadership becomes Available, and the next turn, month or the end follows.
pub fn end(state: &mut State, data: &Data, log: &mut Log) {
    let side = state.active_side();
    burn(state, side, None, log);
    if let Some(i) = state.current.stack
        && let Some(s) = state.camp_mut(side).stacks.get_mut(i)
    {
        s.chits = 0;
    }
    if state.camp(side).leadership == Leadership::Commissioned {
        state.camp_mut(side).leadership = Leadership::Available;
        log.say(format!("{}'s Leadership is Available again", side.name()));
    }
    state.current = Turn::default();
    if state.turn >= 6 {
        if state.month >= 3 {
            super::score::end(state, data, log);
            state.stage = Stage::Over;
            return;
        }
        state.month += 1;
        state.turn = 1;
        let first = state.first;
        for s in [first, first.other()] {
            super::supply::deal(state, data, s, log);
        }
        super::edge::month_begins(state, log);
    } else {
        state.turn += 1;
    }
    start(state, log);
}

/// Ruling on standing lines: a file's reaction lines replace that category's earlier
/// lines; the others stay.
pub fn keep_policies(state: &mut State, side: Side, lines: &[(String, String)]) {
    crate::engine::standing::replace_by_category(&mut state.camp_mut(side).policy, lines.iter().cloned());
}
