//! Front Line (Savage Game Designs): Red against Green, four months of six
//! alternating turns, by mail.
//!
//! The rules are `../shared/rules/front-line.txt`; the components are data in
//! `games/front-line/` (the battlefields, the Advantage column, the icons, five of the
//! six supply cards and the set-ups are reconstructed, each with the passages it rests
//! on). A turn is one mail from the active player: a script of actions run in order.
//! The other side's answers to the rules' questions on that turn (Rally, Opportunity
//! Fire, Maneuver, Relieve, Rout, the Edge) come from its standing reactions, so a turn
//! never waits for it; a reaction line that says `ASK` puts the question by mail
//! instead, and `WAIT` lets the active player read the report halfway.

pub mod actions;
pub mod attack;
pub mod battle;
pub mod bot;
pub mod careless;
pub mod data;
pub mod edge;
pub mod foresight;
pub mod guide;
pub mod invariants;
pub mod log;
pub mod movement;
pub mod picture;
pub mod policy;
pub mod report;
pub mod score;
pub mod script;
pub mod setup;
pub mod state;
pub mod supply;
pub mod svg;
pub mod turn;

use std::collections::BTreeMap;
use std::sync::Arc;

use data::{Data, Side};
use log::Log;
use script::{Line, SetupLine};
use state::{EdgeReady, Options, Players, Stage, State};

use crate::engine::error::Error;
use crate::engine::seats::{Legacy, Seating};
use crate::engine::{
    Broken, Dice, GameData, Guide, OrderError, Phase, PhaseMode, PlayerId, Prompt, Resolution, Result, Setup,
    System, SystemInfo, View, Viewer,
};

const ALL_FILES: &[(&str, &str)] = &[
    ("battlefields.toml", include_str!("../../../games/front-line/battlefields.toml")),
    ("attack-table.toml", include_str!("../../../games/front-line/attack-table.toml")),
    ("supply-cards.toml", include_str!("../../../games/front-line/supply-cards.toml")),
    ("setups.toml", include_str!("../../../games/front-line/setups.toml")),
    ("demo.toml", include_str!("../../../games/front-line/demo.toml")),
];

const ON_OFF: &[&str] = &["on", "off", "yes", "no"];

pub static INFO: SystemInfo = SystemInfo {
    name: "front-line",
    title: "Front Line (Savage Game Designs)",
    open: |data| Ok(Box::new(FrontLine::load(data)?)),
    files: ALL_FILES,
    // `umpire map` draws the view's SVG.
    tools: crate::engine::Tools { what_if: None, bench: None, map: None },
    options: &[
        crate::engine::options::OptionSpec {
            key: "seat.*",
            values: &[],
            help: "a player's side: seat.<player>=red|green (default: the first player is Red)",
        },
        crate::engine::options::OptionSpec {
            key: "red",
            values: &[],
            help: "Red's player (as seat.<player>=red)",
        },
        crate::engine::options::OptionSpec {
            key: "board",
            values: &["main", "nogo"],
            help: "the battlefield (Setup: Main for a first game)",
        },
        crate::engine::options::OptionSpec {
            key: "amphibious",
            values: ON_OFF,
            help: "Amphibious Move (optional; off in a first game)",
        },
        crate::engine::options::OptionSpec {
            key: "supply",
            values: &["balanced-industry", "choose"],
            help: "both sides use Balanced Industry, or each picks its card in SETUP",
        },
        crate::engine::options::OptionSpec {
            key: "edge_ready",
            values: &["own-turn", "next-round", "at-once"],
            help: "when a held Edge turns ON (reconstructed: own-turn)",
        },
        crate::engine::options::OptionSpec {
            key: "map_orders",
            values: &["yes", "no"],
            help: "the results map draws the step's moves, attacks, retreats, builds and losses (pinned: yes)",
        },
        crate::engine::options::OptionSpec {
            key: "revision",
            values: &["1", "2", "3", "4", "5"],
            help: "2: a skipped move says how far it is or that its start square was written in; 3: also the results map draws an Amphibious Move by sea and a Blitzed unit's cross on its own ghost counter; 4: also the text battlefield fits a mail's 72 columns; 5: also no question with only one real answer (a WAIT with nothing left to do ends the turn, a Rally that could change nothing is not asked) (pinned: 5)",
        },
    ],
    rules: 1,
};

/// A data file in use: its name, SHA-256, and whether it is the built-in copy.
pub struct FrontLine {
    data: Data,
    files: Vec<crate::engine::data::FileInUse>,
}

impl FrontLine {
    pub fn load(game: &GameData) -> Result<Self> {
        let mut texts = Vec::new();
        let mut files = Vec::new();
        for (name, _) in data::FILES {
            let (text, file) = game.text_in_use(name)?;
            files.push(file);
            texts.push(text);
        }
        let data = Data::from_texts(&texts[0], &texts[1], &texts[2], &texts[3])?;
        Ok(FrontLine { data, files })
    }

    pub fn embedded() -> Result<Self> {
        FrontLine::load(&GameData::embedded("front-line", ALL_FILES))
    }

    pub fn data(&self) -> &Data {
        &self.data
    }
}

/// A side's file, read.
#[derive(Clone, Debug, Default)]
pub struct Orders {
    /// Canonical lines, as echoed.
    pub lines: Vec<String>,
    pub setup: Vec<SetupLine>,
    pub script: Vec<String>,
    /// (category, line)
    pub policies: Vec<(String, String)>,
    /// The answer to a question, in the answer's words.
    pub answer: Option<String>,
    /// What the check at ingest found that an accepted line depends on: (index in
    /// `lines`, the note).
    pub notes: Vec<(usize, String)>,
}

fn seating() -> Seating {
    Seating {
        sides: vec!["red".into(), "green".into()],
        aliases: Vec::new(),
        in_order: true,
        all_sides: true,
        legacy: &[Legacy::SideKey { key: "red", side: "red" }],
    }
}

fn on(v: &str) -> bool {
    matches!(v, "on" | "yes")
}

impl System for FrontLine {
    type State = State;
    type Orders = Orders;

    fn setup(&self, setup: &Setup) -> Result<State> {
        setup.two_players("Front Line")?;
        let seating = seating();
        let seats = setup.seats(&seating)?;
        let players = Players {
            red: seats.player_of("red").cloned().unwrap_or_default(),
            green: seats.player_of("green").cloned().unwrap_or_default(),
        };
        let mut options = Options::default();
        for (key, value) in setup.options {
            if seating.reads(key) {
                continue;
            }
            match key.as_str() {
                "board" => options.board = value.clone(),
                "amphibious" => options.amphibious = on(value),
                "map_orders" => options.map_orders = on(value),
                "revision" => {
                    options.revision = match value.as_str() {
                        "5" => 5,
                        "4" => 4,
                        "3" => 3,
                        "2" => 2,
                        _ => 1,
                    }
                }
                "supply" => options.choose_supply = value == "choose",
                "edge_ready" => {
                    options.edge_ready = match value.as_str() {
                        "next-round" => EdgeReady::NextRound,
                        "at-once" => EdgeReady::AtOnce,
                        _ => EdgeReady::OwnTurn,
                    }
                }
                other => return Err(Error::setup(format!("the front-line system has no option '{other}'"))),
            }
        }
        Ok(setup::new_state(players, options))
    }

    fn phase(&self, state: &State) -> Phase {
        let mut p = Phase {
            id: String::new(),
            title: report::stage(state),
            due: Vec::new(),
            mode: PhaseMode::Deadline,
            game_over: state.over.clone(),
            kind: "turn".into(),
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: BTreeMap::new(),
        };
        match state.stage {
            Stage::Setup => {
                p.id = "SETUP".into();
                p.kind = "set-up".into();
                p.due = vec![state.players.red.clone(), state.players.green.clone()];
            }
            Stage::Turn => {
                let active = state.active_side();
                let c = &state.current;
                if let Some(q) = &c.question {
                    let who = state.player(q.to).to_string();
                    p.id = format!("{}.R{}", state.turn_id(), c.asks);
                    p.kind = "reaction".into();
                    p.due = vec![who.clone()];
                    p.prompts.insert(
                        who,
                        Prompt { question: q.text.clone(), answers: q.answers.clone(), default: q.default },
                    );
                } else {
                    if c.waiting {
                        p.id = format!("{}.{}", state.turn_id(), c.waits + 1);
                        p.kind = "continuation".into();
                    } else {
                        p.id = state.turn_id();
                    }
                    p.due = vec![state.player(active).to_string()];
                    p.welcome = vec![state.player(active.other()).to_string()];
                }
            }
            Stage::Over => p.end(),
        }
        p
    }

    fn parse(&self, state: &State, player: &str, body: &str) -> std::result::Result<Orders, Vec<OrderError>> {
        let Some(side) = state.side_of(player) else {
            return Err(crate::engine::plays_no_side(player));
        };
        if let Some(prompt) = self.phase(state).prompts.get(player) {
            return prompt.answer(body).map(|words| Orders { answer: Some(words), ..Orders::default() });
        }
        let in_setup = state.stage == Stage::Setup;
        let my_turn = state.stage == Stage::Turn && state.active_side() == side;
        let cards: Vec<String> = self.data.supply.iter().map(|c| c.name.clone()).collect();
        let mut out = Orders::default();
        let mut errors = Vec::new();
        let mut first_setup_line = 0;
        // The turn's lines: (line number, the raw line, index in `out.lines`).
        let mut turn_lines: Vec<(usize, &str, usize)> = Vec::new();
        for (i, raw) in body.lines().enumerate() {
            let text = script::rulebook_words(&script::canonical(raw));
            if text.is_empty() {
                continue;
            }
            match script::read_line(&text, state, side, in_setup, &cards) {
                Ok(Line::Setup(l)) => {
                    if first_setup_line == 0 {
                        first_setup_line = i + 1;
                    }
                    out.setup.push(l);
                }
                Ok(Line::Policy(p)) => out.policies.push((p.category().to_string(), text.clone())),
                Ok(Line::Script(_)) if !my_turn => {
                    errors.push(OrderError::new(
                        i + 1,
                        raw.trim(),
                        "it is not your turn: a file now may carry standing reactions only",
                    ));
                    continue;
                }
                Ok(Line::Script(_)) => {
                    turn_lines.push((i + 1, raw.trim(), out.lines.len()));
                    out.script.push(text.clone());
                }
                Err(e) => {
                    errors.push(OrderError::new(i + 1, raw.trim(), e));
                    continue;
                }
            }
            out.lines.push(text);
        }
        if in_setup
            && errors.is_empty()
            && let Err(e) = setup::placement(&self.data, state, side, &out.setup)
        {
            errors.push(OrderError::new(first_setup_line.max(1), "", e));
        }
        if errors.is_empty() && my_turn {
            let numbered: Vec<foresight::Numbered> = turn_lines
                .iter()
                .zip(&out.script)
                .map(|((number, _, _), text)| foresight::Numbered { number: *number, text })
                .collect();
            for ((number, raw, at), verdict) in
                turn_lines.iter().zip(foresight::check(state, &self.data, side, &numbered))
            {
                match verdict {
                    foresight::Verdict::Runs => {}
                    // Campaigns made before the check (no `revision=2`) accepted these
                    // lines and replay them so: there it is a note.
                    foresight::Verdict::Refused(why) if state.options.revision < 2 => {
                        out.notes.push((*at, format!("it cannot be done and will be skipped: {why}")))
                    }
                    foresight::Verdict::Refused(why) => errors.push(OrderError::new(*number, *raw, why)),
                    foresight::Verdict::Noted(note) => out.notes.push((*at, note)),
                }
            }
        }
        if errors.is_empty() { Ok(out) } else { Err(errors) }
    }

    /// The lines as read, each followed by what the check at ingest found it depends
    /// on, as a `#` comment (so the echo may be sent again as it stands).
    fn echo(&self, _state: &State, orders: &Orders) -> Vec<String> {
        if let Some(a) = &orders.answer {
            return vec![a.clone()];
        }
        let mut out = Vec::new();
        for (i, line) in orders.lines.iter().enumerate() {
            out.push(line.clone());
            out.extend(orders.notes.iter().filter(|(at, _)| *at == i).map(|(_, n)| format!("# {n}")));
        }
        out
    }

    fn notes(&self, _state: &State, _player: &str, orders: &Orders) -> Vec<crate::engine::LineNote> {
        orders
            .notes
            .iter()
            .filter_map(|(at, note)| {
                orders
                    .lines
                    .get(*at)
                    .map(|line| crate::engine::LineNote { line: line.clone(), note: note.clone() })
            })
            .collect()
    }

    fn guide(&self, state: &State, player: &str) -> Guide {
        guide::guide(state, &self.data, player)
    }

    fn resolve(
        &self,
        state: &State,
        orders: &BTreeMap<PlayerId, Orders>,
        dice: &mut Dice,
    ) -> Result<Resolution<State>> {
        if state.over.is_some() {
            return Err(Error::step("the game is over"));
        }
        let data = &self.data;
        let mut next = state.clone();
        let mut log = Log::default();
        let of = |side: Side| orders.get(state.player(side));
        for side in [Side::Red, Side::Green] {
            if let Some(o) = of(side) {
                turn::keep_policies(&mut next, side, &o.policies);
            }
        }
        match state.stage {
            Stage::Setup => {
                for side in [Side::Red, Side::Green] {
                    let lines = of(side).map(|o| o.setup.clone()).unwrap_or_default();
                    let chosen = setup::placement(data, &next, side, &lines)
                        .or_else(|_| setup::placement(data, &next, side, &[]))
                        .map_err(Error::step)?;
                    setup::place(&mut next, side, &chosen);
                    let card = lines.iter().find_map(|l| match l {
                        SetupLine::Card(c) => data.supply.iter().find(|s| s.name.eq_ignore_ascii_case(c)),
                        _ => None,
                    });
                    if let Some(c) = card {
                        next.camp_mut(side).card = c.name.clone();
                    }
                    next.camp_mut(side).first = Some(
                        match lines.iter().find_map(|l| match l {
                            SetupLine::First(me) => Some(*me),
                            _ => None,
                        }) {
                            Some(false) => "YOU".into(),
                            _ => "ME".into(),
                        },
                    );
                    log.say(report::placement_line(&next, side));
                }
                setup::first_player(&mut next, dice, &mut log);
                for side in [next.first, next.first.other()] {
                    supply::deal(&mut next, data, side, &mut log);
                }
                next.stage = Stage::Turn;
                turn::start(&mut next, &mut log);
            }
            Stage::Turn => {
                let active = state.active_side();
                if let Some(q) = &state.current.question {
                    let words = of(q.to).and_then(|o| o.answer.clone());
                    turn::answer(&mut next, data, words.as_deref(), dice, &mut log);
                } else {
                    let file = of(active);
                    let script = file.map(|o| o.script.clone()).unwrap_or_default();
                    if state.current.waiting {
                        next.current.waiting = false;
                        match file {
                            Some(_) if !script.is_empty() => next.current.lines = script,
                            Some(_) => {}
                            None => {
                                log.tell(active, "no continuation came by the deadline: the turn passes");
                                next.current.lines = vec!["PASS".into()];
                            }
                        }
                    } else if file.is_none() {
                        log.say(format!("no orders from {} by the deadline: the turn passes", active.name()));
                        next.current.lines = vec!["PASS".into()];
                    } else {
                        next.current.lines = script;
                    }
                    turn::run(&mut next, data, dice, &mut log);
                }
            }
            Stage::Over => {}
        }
        if next.over.is_some() {
            next.stage = Stage::Over;
            next.current = Default::default();
        }
        let events = log.into_events(|side| next.player(*side).to_string());
        Ok(Resolution { state: next, events })
    }

    /// The board as every report draws it (the same for every reader: nothing hidden
    /// is on it), so that report mails carry it as a PNG and the zine and site show it;
    /// with `map_orders=yes` (new campaigns) the step's actions are drawn on it
    /// (`picture`), otherwise the board alone, as campaigns made before had it.
    fn picture(
        &self,
        before: &State,
        state: &State,
        _viewer: &Viewer,
        results: &[crate::engine::Event],
        frame: &crate::maps::Frame,
    ) -> Option<Arc<String>> {
        let lines: Vec<String> = results.iter().map(|e| e.text.clone()).collect();
        if frame.clear() {
            let marks = picture::marks(before, state, &lines);
            return Some(Arc::new(svg::svg_clear(state, &self.data, &marks, frame.step)));
        }
        if !state.options.map_orders {
            return Some(Arc::new(svg::svg(state, &self.data)));
        }
        Some(Arc::new(svg::svg_with(state, &self.data, &picture::marks(before, state, &lines))))
    }

    /// New campaigns draw the step's actions on the results map; campaigns made before
    /// lack the option and keep the picture their reports have.
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[("map_orders", "yes"), ("revision", "5")]
    }

    fn view(&self, state: &State, viewer: &Viewer) -> View {
        View {
            sections: report::sections(state, &self.data, &self.files, viewer),
            svg: None,
            data: serde_json::json!({"month": state.month_name(), "turn": state.turn}),
        }
    }

    fn drawing(&self, state: &State, _viewer: &Viewer) -> Option<String> {
        Some(svg::svg(state, &self.data))
    }

    fn random_orders(&self, state: &State, player: &str, rng: &mut dyn rand_core::RngCore) -> Option<String> {
        let side = state.side_of(player)?;
        Some(bot::orders(state, &self.data, side, rng))
    }

    fn careless_orders(
        &self,
        state: &State,
        player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<String> {
        let side = state.side_of(player)?;
        careless::orders(state, &self.data, side, rng)
    }

    fn check_invariants(&self, state: &State) -> std::result::Result<(), Broken> {
        invariants::check(state, &self.data)
    }

    fn game_turn(&self, state: &State) -> Option<String> {
        Some(match state.stage {
            Stage::Setup => "SETUP".into(),
            _ => state.turn_id(),
        })
    }

    fn soak_group(&self, state: &State) -> Option<String> {
        Some(format!("board {}", state.options.board))
    }

    /// Each side's Occupation Points as they stand (counted for real after December)
    /// and its units on the board, the tie-break.
    fn standings(&self, state: &State) -> Vec<crate::engine::Standing> {
        [Side::Red, Side::Green]
            .into_iter()
            .map(|side| {
                let (op, _) = score::op(state, &self.data, side);
                crate::engine::Standing::new(
                    side.name(),
                    format!("{op} OP, {} units on the board", score::units_on_board(state, side)),
                )
            })
            .collect()
    }

    fn winner(&self, state: &State) -> Option<String> {
        state.over.as_ref()?;
        Some(state.winner.map(|s| s.name().to_string()).unwrap_or_else(|| "draw".into()))
    }
}

/// The battlefield the game is played on.
pub fn board<'a>(data: &'a data::Data, state: &state::State) -> &'a data::Battlefield {
    if state.options.board == "nogo" { &data.nogo } else { &data.main }
}
