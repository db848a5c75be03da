//! `dice`: a verifiable dice server for any game played by email.
//!
//! A player mails `ROLL 2d6 attack on Larissa at 3:1`; the request is resolved at once
//! as a step of its own, with dice keyed to that step's committed chain element and
//! the receipt of the request itself, so neither the GM nor the player chose them.
//!
//! With the option `rounds=yes` the server works in rounds instead: every player's
//! requests for a round are collected and rolled together when all are in or at the
//! deadline (a player with no requests simply rolls nothing), so that nobody rolls
//! knowing another's result.

pub mod request;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use request::{Request, parse_request};

use crate::engine::error::{Broken, Error, Result};
use crate::engine::{
    Audience, Dice, Event, OrderError, Phase, PhaseMode, PlayerId, Resolution, Section, Setup, System,
    SystemInfo, View, Viewer,
};

pub static INFO: SystemInfo = SystemInfo {
    name: "dice",
    title: "Verifiable dice server (any game)",
    open: |_| Ok(Box::new(DiceServer)),
    files: &[("demo.toml", include_str!("../../../games/dice/demo.toml"))],
    tools: crate::engine::NO_TOOLS,
    options: &[
        crate::engine::options::OptionSpec {
            key: "rounds",
            values: &["yes", "no", "true", "false", "1", "0"],
            help: "collect each round's requests and roll them together",
        },
        crate::engine::options::OptionSpec {
            key: "to",
            values: &["hidden", "public"],
            help: "TO rolls on the hidden stream (pinned: hidden)",
        },
        crate::engine::options::OptionSpec {
            key: "echo",
            values: &["once", "twice"],
            help: "a hidden roll shown once to those who see it (pinned: once)",
        },
        crate::engine::options::OptionSpec {
            key: "optional",
            values: &[],
            help: "players who may roll in a round or pass",
        },
    ],
    rules: 1,
};

/// Most requests one orders file may carry.
pub const MAX_REQUESTS: usize = 50;

pub struct DiceServer;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<PlayerId>,
    /// Requests resolved so far, by player.
    pub requests: BTreeMap<PlayerId, u64>,
    /// Rounds mode: requests are collected and rolled together.
    #[serde(default)]
    pub rounds: bool,
    /// The round now open (rounds mode), from 1.
    #[serde(default)]
    pub round: u64,
    /// A `TO` roll is rolled on the hidden stream and shown only to the roller and the
    /// players it names (option `to=hidden`, pinned in every new campaign). Campaigns
    /// made before this rule rolled it on the public stream and keep doing so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub to_hidden: bool,
    /// The public stand-in of a hidden or `TO` roll is not shown to those who see the
    /// roll itself (option `echo=once`, pinned in every new campaign); earlier campaigns
    /// showed them both lines and keep doing so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub echo_once: bool,
    /// Rounds mode: players who may roll in a round but need not (option
    /// `optional=bob,carol`); a round waits for them to roll or send PASS until its
    /// deadline.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional: Vec<PlayerId>,
}

impl System for DiceServer {
    type State = State;
    type Orders = Vec<Request>;

    fn setup(&self, setup: &Setup) -> Result<State> {
        let mut rounds = false;
        let mut to_hidden = false;
        let mut echo_once = false;
        let mut optional = Vec::new();
        for (key, value) in setup.options {
            if key == "optional" {
                for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                    let p =
                        setup.players.iter().find(|p| p.eq_ignore_ascii_case(name)).ok_or_else(|| {
                            Error::setup(format!("option optional: '{name}' is not a player"))
                        })?;
                    optional.push(p.clone());
                }
                continue;
            }
            match (key.as_str(), value.to_ascii_lowercase().as_str()) {
                ("rounds", "yes" | "true" | "1") => rounds = true,
                ("rounds", "no" | "false" | "0") => rounds = false,
                ("rounds", other) => {
                    return Err(Error::setup(format!("option rounds={other}: use yes or no")));
                }
                ("to", "hidden") => to_hidden = true,
                ("to", "public") => to_hidden = false,
                ("to", other) => {
                    return Err(Error::setup(format!(
                        "option to={other}: use hidden (or public, the old rule)"
                    )));
                }
                ("echo", "once") => echo_once = true,
                ("echo", "twice") => echo_once = false,
                ("echo", other) => {
                    return Err(Error::setup(format!(
                        "option echo={other}: use once (or twice, the old rule)"
                    )));
                }
                _ => {
                    return Err(Error::setup(format!(
                        "the dice system has no option '{key}' (it has: rounds=yes|no, to=hidden|public, echo=once|twice, optional=<players>)"
                    )));
                }
            }
        }
        Ok(State {
            players: setup.players.to_vec(),
            requests: BTreeMap::new(),
            rounds,
            round: 1,
            to_hidden,
            echo_once,
            optional,
        })
    }

    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[("to", "hidden"), ("echo", "once")]
    }

    fn phase(&self, state: &State) -> Phase {
        if state.rounds {
            return Phase {
                id: format!("R{}", state.round),
                title: format!("Dice round {}", state.round),
                due: state.players.iter().filter(|p| !state.optional.contains(p)).cloned().collect(),
                mode: PhaseMode::Deadline,
                game_over: None,
                kind: "round".into(),
                optional: state.optional.clone(),
                welcome: Vec::new(),
                prompts: Default::default(),
            };
        }
        Phase {
            id: "ROLL".into(),
            title: "Dice requests (each resolved on arrival)".into(),
            due: state.players.clone(),
            mode: PhaseMode::Immediate,
            game_over: None,
            kind: "request".into(),
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: Default::default(),
        }
    }

    fn parse(&self, state: &State, _player: &str, body: &str) -> Result<Vec<Request>, Vec<OrderError>> {
        let mut requests = Vec::new();
        let mut errors = Vec::new();
        for (i, line) in body.lines().enumerate() {
            let text = line.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            match parse_request(text, &state.players) {
                Ok(r) => requests.push(r),
                Err(reason) => errors.push(OrderError::new(i + 1, text, reason)),
            }
        }
        let passes = state.rounds
            && body.lines().map(str::trim).any(|l| l.eq_ignore_ascii_case("pass"))
            && requests.is_empty();
        if passes {
            // An optional player (or anyone) passes the round: no dice.
            errors.retain(|e| !e.text.eq_ignore_ascii_case("pass"));
        } else if requests.is_empty() && errors.is_empty() {
            errors.push(OrderError::new(1, "", "no ROLL request found (in rounds, PASS to roll nothing)"));
        }
        if requests.len() > MAX_REQUESTS {
            errors.push(OrderError::new(
                body.lines().count(),
                "",
                format!("{} requests in one file; at most {MAX_REQUESTS}", requests.len()),
            ));
        }
        if errors.is_empty() { Ok(requests) } else { Err(errors) }
    }

    fn example_orders(&self, _state: &State, _player: &str) -> Vec<String> {
        vec!["ROLL 2d6 attack on Larissa at 3:1".into(), "ROLL 1d10 HIDDEN scouting report".into()]
    }

    fn echo(&self, _state: &State, orders: &Vec<Request>) -> Vec<String> {
        orders.iter().map(Request::describe).collect()
    }

    fn resolve(
        &self,
        state: &State,
        orders: &BTreeMap<PlayerId, Vec<Request>>,
        dice: &mut Dice,
    ) -> Result<Resolution<State>> {
        let mut next = state.clone();
        let mut events = Vec::new();
        for (player, requests) in orders {
            for r in requests {
                let label = format!("{player}: {}", r.label);
                let faces: Vec<u32> = (0..r.count)
                    .map(|_| {
                        if r.hidden {
                            dice.roll_hidden(label.clone(), r.sides, std::slice::from_ref(player))
                        } else if state.to_hidden && !r.to.is_empty() {
                            let mut seen_by = vec![player.clone()];
                            seen_by.extend(r.to.iter().cloned());
                            dice.roll_hidden(label.clone(), r.sides, &seen_by)
                        } else {
                            dice.roll(label.clone(), r.sides)
                        }
                    })
                    .collect();
                let total = faces.iter().map(|&f| f as i64).sum::<i64>() + r.modifier;
                let audience = if r.hidden {
                    Audience::Players(vec![player.clone()])
                } else if r.to.is_empty() {
                    Audience::Public
                } else {
                    let mut list = vec![player.clone()];
                    list.extend(r.to.iter().cloned());
                    Audience::Players(list)
                };
                events.push(Event {
                    audience: audience.clone(),
                    text: format!("{player} rolls {} for \"{}\": {}", r.spec(), r.label, show(&faces, r.modifier, total)),
                    data: serde_json::json!({"player": player, "label": r.label, "dice": r.spec(), "faces": faces, "modifier": r.modifier, "total": total, "hidden": r.hidden}),
                });
                // The stand-in everyone else reads; with echo=once, not those who
                // read the roll itself.
                let stand_in = |text: String| match (&audience, state.echo_once) {
                    (Audience::Players(seen_by), true) => Event {
                        audience: Audience::Others(seen_by.clone()),
                        text,
                        data: serde_json::Value::Null,
                    },
                    _ => Event::public(text),
                };
                if r.hidden {
                    events.push(stand_in(format!(
                        "{player} rolls {} for \"{}\" (hidden until the audit)",
                        r.spec(),
                        r.label
                    )));
                } else if state.to_hidden && !r.to.is_empty() {
                    events.push(stand_in(format!(
                        "{player} rolls {} for \"{}\" (seen by {} only, until the audit)",
                        r.spec(),
                        r.label,
                        std::iter::once(player).chain(&r.to).cloned().collect::<Vec<_>>().join(", ")
                    )));
                }
            }
            *next.requests.entry(player.clone()).or_insert(0) += 1;
        }
        if state.rounds {
            for p in state.players.iter().filter(|p| !orders.contains_key(*p)) {
                events.push(Event::public(format!("{p} sent no requests for round {}", state.round)));
            }
            next.round += 1;
        }
        Ok(Resolution { state: next, events })
    }

    fn random_orders(
        &self,
        state: &State,
        _player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<String> {
        let sides = [4u32, 6, 8, 10, 12, 20, 100];
        let n = 1 + rng.next_u32() % 3;
        let lines: Vec<String> = (0..n)
            .map(|i| {
                let count = 1 + rng.next_u32() % 4;
                let s = sides[(rng.next_u32() as usize) % sides.len()];
                let hidden = if rng.next_u32().is_multiple_of(4) { " HIDDEN" } else { "" };
                format!("ROLL {count}d{s}{hidden} soak roll {i} of round {}", state.round)
            })
            .collect();
        Some(lines.join("\n"))
    }

    fn check_invariants(&self, state: &State) -> Result<(), Broken> {
        match state.requests.keys().find(|p| !state.players.contains(p)) {
            Some(p) => Err(Broken(format!("requests counted for {p}, who is not a player"))),
            None => Ok(()),
        }
    }

    fn view(&self, state: &State, _viewer: &Viewer) -> View {
        let lines = state
            .players
            .iter()
            .map(|p| format!("{p}: {} request(s)", state.requests.get(p).copied().unwrap_or(0)))
            .collect();
        View { sections: vec![Section { title: "Players".into(), lines }], ..View::default() }
    }
}

fn show(faces: &[u32], modifier: i64, total: i64) -> String {
    let list: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
    let mut s = format!("[{}]", list.join(", "));
    if modifier != 0 {
        s.push_str(&format!(" {}{}", if modifier > 0 { "+" } else { "-" }, modifier.abs()));
    }
    s.push_str(&format!(" = {total}"));
    s
}
