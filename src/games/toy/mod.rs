//! `toy`: the engine's own small game, for its tests and as the model of a system
//! whose turn is a conversation. It is not listed by `umpire systems`.
//!
//! Two players, red and blue, three turns. Each turn red draws a card from a hidden,
//! shuffled deck into a hand only red sees, then ADVANCEs or WAITs; blue may REACT
//! (an optional responder) or pass. An advance rolls a die (one less if blue
//! reacted), and red is asked: take the points, or gamble on a second die (4 or more
//! doubles them, less loses them). The higher score after three turns wins.
//!
//! Red may answer the question in advance with a standing order (`ALWAYS TAKE`,
//! `ALWAYS GAMBLE`, `ALWAYS ASK` to be asked again): the choice then needs nobody's
//! mail and resolves at once, and the report says the standing order answered.
//!
//! Red may order a second ADVANCE after the first: the turn stops at red's question
//! and the second advance waits in the committed state (hidden from blue), resumed
//! by the step that answers it (suspension). Blue has two reactions a game; once they
//! are spent, blue is no longer asked.
//!
//! With option `ruling=yes` the GM is a party: after the last turn the game waits for
//! the GM's file, `RULING <text>`, sealed and committed like orders, before it ends.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::deck::Deck;
use crate::engine::error::{Error, Result};
use crate::engine::{
    Dice, Event, OrderError, Phase, PhaseMode, PlayerId, Prompt, Resolution, Section, Setup, System,
    SystemInfo, View, Viewer,
};

pub static INFO: SystemInfo = SystemInfo {
    name: "toy",
    title: "The engine's toy duel (reactions, a question, a hidden hand)",
    open: |_| Ok(Box::new(Toy)),
    files: &[("demo.toml", include_str!("../../../games/toy/demo.toml"))],
    tools: crate::engine::NO_TOOLS,
    options: &[crate::engine::options::OptionSpec {
        key: "ruling",
        values: &["yes", "no"],
        help: "the GM rules on the result",
    }],
    rules: 1,
};

const TURNS: u32 = 3;

fn two() -> u32 {
    2
}

pub struct Toy;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub turn: u32,
    /// Set after an advance: the points at stake, and red must choose.
    pub stake: Option<u32>,
    pub score: BTreeMap<String, u32>,
    pub deck: Deck,
    pub shuffled: bool,
    /// Red's hand: only red (and the GM) see it.
    pub hand: Vec<String>,
    /// Red's standing answer to the question ("take" or "gamble"), sealed with the
    /// orders that gave it and kept here, committed like the rest of the state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub always: Option<String>,
    /// Red's orders not yet carried out (a second advance, suspended by the question):
    /// committed with the state, shown to nobody but red and the GM.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<String>,
    /// Blue's reactions left; blue is asked only while some are.
    #[serde(default = "two")]
    pub reactions: u32,
    /// Option `ruling=yes`: the result waits for the GM's ruling.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ruling: bool,
    /// The result, once the turns are over, while a ruling is awaited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    pub over: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    Advance,
    Wait,
    React,
    Pass,
    Take,
    Gamble,
    /// A standing answer to the question, or None to be asked.
    Always(Option<String>),
    /// The GM's ruling.
    Ruling(String),
}

fn prompt(stake: u32) -> Prompt {
    Prompt {
        question: format!(
            "You advanced for {stake} point(s): take them now, or gamble on a second die (4 or more doubles them, less loses them)?"
        ),
        answers: vec!["take".into(), "gamble".into()],
        default: 0,
    }
}

impl System for Toy {
    type State = State;
    type Orders = Vec<Order>;

    fn setup(&self, setup: &Setup) -> Result<State> {
        if setup.players != ["red", "blue"] {
            return Err(Error::setup("the toy is played by red and blue, in that order"));
        }
        let mut ruling = false;
        for (key, value) in setup.options {
            match (key.as_str(), value.as_str()) {
                ("ruling", "yes") => ruling = true,
                ("ruling", "no") => ruling = false,
                _ => {
                    return Err(Error::setup(format!(
                        "the toy has one option, ruling=yes|no (not {key}={value})"
                    )));
                }
            }
        }
        let cards = (1..=6).map(|n| format!("card-{n}")).collect();
        Ok(State {
            turn: 1,
            stake: None,
            score: BTreeMap::from([("red".into(), 0), ("blue".into(), 0)]),
            deck: Deck::new("toy deck", cards),
            shuffled: false,
            hand: Vec::new(),
            always: None,
            pending: Vec::new(),
            reactions: 2,
            ruling,
            result: None,
            over: None,
        })
    }

    fn phase(&self, s: &State) -> Phase {
        let base = |id: String, title: String| Phase {
            id,
            title,
            due: vec!["red".into()],
            mode: PhaseMode::Deadline,
            game_over: s.over.clone(),
            kind: "turn".into(),
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: BTreeMap::new(),
        };
        if s.over.is_some() {
            let mut p = base("OVER".into(), "Game over".into());
            p.due.clear();
            return p;
        }
        if s.result.is_some() {
            let mut p = base("RULING".into(), "The GM's ruling on the result".into());
            p.due = vec![crate::engine::GM.into()];
            p.kind = "ruling".into();
            return p;
        }
        match s.stake {
            Some(stake) => {
                let mut p = base(format!("T{}-CHOICE", s.turn), format!("Turn {}: red's choice", s.turn));
                p.kind = "choice".into();
                if s.always.is_some() {
                    // A standing answer: nobody is asked, the step runs at once.
                    p.due.clear();
                } else {
                    p.prompts.insert("red".into(), prompt(stake));
                }
                p
            }
            None => {
                let title = if s.reactions > 0 {
                    format!("Turn {}: red moves, blue may react", s.turn)
                } else {
                    format!("Turn {}: red moves", s.turn)
                };
                let mut p = base(format!("T{}-MOVE", s.turn), title);
                // Who is asked comes from the state: blue only while it can react.
                if s.reactions > 0 {
                    p.optional = vec!["blue".into()];
                }
                p
            }
        }
    }

    fn parse(&self, s: &State, player: &str, body: &str) -> Result<Vec<Order>, Vec<OrderError>> {
        let mut orders = Vec::new();
        let mut errors = Vec::new();
        for (i, line) in body.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let upper = t.to_ascii_uppercase();
            if player == crate::engine::GM {
                match t.get(..6) {
                    Some(w) if w.eq_ignore_ascii_case("ruling") && s.result.is_some() => {
                        orders.push(Order::Ruling(t[6..].trim().to_string()))
                    }
                    _ => errors.push(OrderError::new(
                        i + 1,
                        t,
                        "the GM's file here is RULING and the ruling's text",
                    )),
                }
                continue;
            }
            let always = match upper.split_whitespace().collect::<Vec<_>>().as_slice() {
                ["ALWAYS", "TAKE"] => Some(Some("take".to_string())),
                ["ALWAYS", "GAMBLE"] => Some(Some("gamble".to_string())),
                ["ALWAYS", "ASK"] => Some(None),
                _ => None,
            };
            if let Some(a) = always {
                if player == "red" && s.stake.is_none() {
                    orders.push(Order::Always(a));
                } else {
                    errors.push(OrderError::new(i + 1, t, "only red gives a standing answer, with a move"));
                }
                continue;
            }
            let o = match (upper.as_str(), player, s.stake.is_some()) {
                ("ADVANCE", "red", false) => Order::Advance,
                ("WAIT", "red", false) => Order::Wait,
                ("REACT", "blue", false) => Order::React,
                ("PASS", "blue", false) => Order::Pass,
                ("TAKE", "red", true) => Order::Take,
                ("GAMBLE", "red", true) => Order::Gamble,
                _ => {
                    errors.push(OrderError::new(
                        i + 1,
                        t,
                        "not an order here (red: ADVANCE or WAIT; blue: REACT or PASS)",
                    ));
                    continue;
                }
            };
            orders.push(o);
        }
        let actions: Vec<&Order> = orders.iter().filter(|o| !matches!(o, Order::Always(_))).collect();
        let two_advances = actions.len() == 2 && actions.iter().all(|o| **o == Order::Advance);
        if actions.len() > 1 && !two_advances {
            errors.push(OrderError::new(1, "", "one order a turn (or ADVANCE twice)"));
        }
        if orders.contains(&Order::React) && s.reactions == 0 {
            errors.push(OrderError::new(1, "", "blue has no reactions left"));
        }
        if errors.is_empty() { Ok(orders) } else { Err(errors) }
    }

    fn example_orders(&self, s: &State, player: &str) -> Vec<String> {
        match (player, s.stake.is_some()) {
            ("red", false) => vec!["ADVANCE".into()],
            ("blue", false) => vec!["REACT".into()],
            _ => vec!["take".into()],
        }
    }

    fn echo(&self, _s: &State, orders: &Vec<Order>) -> Vec<String> {
        orders
            .iter()
            .map(|o| match o {
                Order::Always(Some(a)) => format!("ALWAYS {}", a.to_ascii_uppercase()),
                Order::Always(None) => "ALWAYS ASK".into(),
                Order::Ruling(text) => format!("RULING {text}"),
                other => format!("{other:?}").to_ascii_uppercase(),
            })
            .collect()
    }

    fn resolve(
        &self,
        s: &State,
        orders: &BTreeMap<PlayerId, Vec<Order>>,
        dice: &mut Dice,
    ) -> Result<Resolution<State>> {
        let mut next = s.clone();
        let mut events = Vec::new();
        if let Some(result) = &s.result {
            let ruling = orders
                .get(crate::engine::GM)
                .and_then(|o| o.first())
                .and_then(|o| if let Order::Ruling(t) = o { Some(t.clone()) } else { None });
            let text = match ruling {
                Some(t) => format!("{result}; the GM rules: {t}"),
                None => format!("{result} (no ruling came)"),
            };
            events.push(Event::public(format!("The game is over: {text}")));
            next.result = None;
            next.over = Some(text);
            return Ok(Resolution { state: next, events });
        }
        let red_orders = orders.get("red").cloned().unwrap_or_default();
        if let Some(Order::Always(a)) = red_orders.iter().find(|o| matches!(o, Order::Always(_))) {
            next.always = a.clone();
        }
        let mut actions = red_orders.into_iter().filter(|o| !matches!(o, Order::Always(_)));
        let red = actions.next();
        if s.stake.is_none() && actions.next() == Some(Order::Advance) {
            // The second advance waits for the question's answer (suspension).
            next.pending = vec!["ADVANCE".into()];
            events.push(Event::to_players(&["red".into()], "Your second ADVANCE waits until you answer"));
        }
        match s.stake {
            None => {
                if !next.shuffled {
                    next.deck.shuffle(dice);
                    next.shuffled = true;
                }
                if let Some(card) = next.deck.draw(dice) {
                    events.push(Event::to_players(
                        &["red".into()],
                        format!("You draw {card} (only you see it)"),
                    ));
                    next.hand.push(card);
                }
                let reacted = orders.get("blue").is_some_and(|o| o.first() == Some(&Order::React));
                if reacted {
                    next.reactions = next.reactions.saturating_sub(1);
                }
                if red == Some(Order::Advance) {
                    let die = dice.roll(format!("turn {}: red advances", s.turn), 6);
                    let stake = if reacted { die.saturating_sub(1).max(1) } else { die };
                    events.push(Event::public(format!(
                        "Red advances and rolls {die}{}: {stake} point(s) at stake",
                        if reacted { "; blue reacts: one less" } else { "" }
                    )));
                    next.stake = Some(stake);
                } else {
                    events.push(Event::public("Red waits"));
                    next.turn += 1;
                }
            }
            Some(stake) => {
                let red = match (&red, s.always.as_deref()) {
                    (None, Some(a)) => {
                        events.push(Event::public(format!("Red's standing order answers: {a}")));
                        Some(if a == "gamble" { Order::Gamble } else { Order::Take })
                    }
                    _ => red,
                };
                let gained = if red == Some(Order::Gamble) {
                    let die = dice.roll(format!("turn {}: red gambles", s.turn), 6);
                    let g = if die >= 4 { stake * 2 } else { 0 };
                    events.push(Event::public(format!("Red gambles and rolls {die}: {g} point(s)")));
                    g
                } else {
                    events.push(Event::public(format!("Red takes {stake} point(s)")));
                    stake
                };
                *next.score.entry("red".into()).or_insert(0) += gained;
                *next.score.entry("blue".into()).or_insert(0) += 1;
                next.stake = None;
                if next.pending.is_empty() {
                    next.turn += 1;
                } else {
                    // Resume the suspended rest of red's orders.
                    next.pending.clear();
                    let die = dice.roll(format!("turn {}: red advances again", s.turn), 6);
                    events.push(Event::public(format!(
                        "Red advances again (an order given with the first) and rolls {die}: {die} point(s) at stake"
                    )));
                    next.stake = Some(die);
                }
            }
        }
        if next.turn > TURNS && next.stake.is_none() {
            let (r, b) = (next.score["red"], next.score["blue"]);
            let result = match r.cmp(&b) {
                std::cmp::Ordering::Greater => format!("red wins, {r} to {b}"),
                std::cmp::Ordering::Less => format!("blue wins, {b} to {r}"),
                std::cmp::Ordering::Equal => format!("a draw, {r} all"),
            };
            if next.ruling {
                next.result = Some(result);
            } else {
                next.over = Some(result);
            }
        }
        Ok(Resolution { state: next, events })
    }

    fn view(&self, s: &State, viewer: &Viewer) -> View {
        let mut sections = vec![Section {
            title: "Score".into(),
            lines: vec![format!(
                "turn {}; red {}, blue {}",
                s.turn.min(TURNS),
                s.score["red"],
                s.score["blue"]
            )],
        }];
        if matches!(viewer, Viewer::Gm) || *viewer == Viewer::Player("red".into()) {
            sections.push(Section { title: "Red's hand (only red sees it)".into(), lines: s.hand.clone() });
        }
        View { sections, svg: None, data: serde_json::Value::Null }
    }

    fn random_orders(&self, s: &State, player: &str, rng: &mut dyn rand_core::RngCore) -> Option<String> {
        let coin = rng.next_u32().is_multiple_of(2);
        Some(
            match (player, s.stake.is_some()) {
                ("red", false) if rng.next_u32().is_multiple_of(4) => "ADVANCE\nALWAYS TAKE",
                ("red", false) => {
                    if coin {
                        "ADVANCE"
                    } else {
                        "WAIT"
                    }
                }
                ("blue", false) => {
                    if coin {
                        "REACT"
                    } else {
                        "PASS"
                    }
                }
                _ => {
                    if coin {
                        "take"
                    } else {
                        "gamble"
                    }
                }
            }
            .to_string(),
        )
    }

    fn game_turn(&self, s: &State) -> Option<String> {
        Some(s.turn.to_string())
    }
}
