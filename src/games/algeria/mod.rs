//! Algeria (Brian Train, V2-140): the FLN against the Government, 1954-1962, by mail.
//!
//! The rules are `../shared/rules/algeria.html`; the components are data in
//! `games/algeria/`. A turn is a conversation made short: each side's file carries
//! its orders for the open phase and, if it likes, for later phases of the turn
//! (its deployment, its operations script or queue) and standing orders that answer
//! the rules' questions in advance (who reacts, which units take losses). A step is
//! due only from a side whose next section is missing; `WAIT` in a script, or a
//! React policy's `ASK`, stops the Operations Phase until that side's next mail.

pub mod board;
pub mod bot;
pub mod careless;
pub mod combat;
pub mod data;
pub mod deploy;
pub mod dice;
pub mod events;
pub mod fln_missions;
pub mod geography;
pub mod gov_missions;
pub mod interphase;
pub mod invariants;
pub mod ops;
pub mod orders;
pub mod picture;
pub mod psl;
pub mod react;
pub mod real_map;
pub mod rehearsal;
pub mod reinforce;
pub mod report;
pub mod setup;
pub mod setup_orders;
pub mod standing;
pub mod state;
pub mod svg;

use std::collections::BTreeMap;
use std::sync::Arc;

use board::{Log, To};
use data::{Data, Side};
use orders::{Line, Section as Part};
use state::{Options, Players, Stage, State};

use crate::engine::error::Error;
use crate::engine::seats::{Legacy, Seating};
use crate::engine::{
    Broken, Dice, Event, GameData, Guide, OrderError, Phase, PhaseMode, PlayerId, Prompt, Resolution, Result,
    Setup, System, SystemInfo, View, Viewer,
};

/// The built-in areas: the real map (`geography`) fits them alone.
const AREAS_TOML: &str = include_str!("../../../games/algeria/areas.toml");

const ALL_FILES: &[(&str, &str)] = &[
    ("areas.toml", AREAS_TOML),
    ("forces.toml", include_str!("../../../games/algeria/forces.toml")),
    ("tables.toml", include_str!("../../../games/algeria/tables.toml")),
    ("scenarios.toml", include_str!("../../../games/algeria/scenarios.toml")),
    ("demo.toml", include_str!("../../../games/algeria/demo.toml")),
];

const ON_OFF: &[&str] = &["on", "off", "yes", "no"];

pub static INFO: SystemInfo = SystemInfo {
    name: "algeria",
    title: "Algeria: the War of Independence 1954-1962 (Brian Train, V2-140)",
    open: |data| Ok(Box::new(Algeria::load(data)?)),
    files: ALL_FILES,
    tools: crate::engine::Tools {
        what_if: None,
        bench: None,
        // `umpire map` draws the view's SVG, from the campaign's own data files.
        map: None,
    },
    options: &[
        crate::engine::options::OptionSpec {
            key: "seat.*",
            values: &[],
            help: "a player's side: seat.<player>=government|fln (default: the first player is the Government)",
        },
        crate::engine::options::OptionSpec {
            key: "government",
            values: &[],
            help: "the Government's player (as seat.<player>=government)",
        },
        crate::engine::options::OptionSpec {
            key: "scenario",
            values: &["1954", "1958", "1960"],
            help: "the scenario (C.8), as --scenario",
        },
        crate::engine::options::OptionSpec {
            key: "slow_reaction",
            values: ON_OFF,
            help: "13.1 Slow French Reaction (1954)",
        },
        crate::engine::options::OptionSpec {
            key: "independence",
            values: &["random", "deterministic"],
            help: "13.2 More Deterministic Independence (1954)",
        },
        crate::engine::options::OptionSpec { key: "shorter", values: ON_OFF, help: "13.3 Shorter Game" },
        crate::engine::options::OptionSpec {
            key: "reinforcement",
            values: &["together", "sequential"],
            help: "6.0: reinforcement by both at once (the players' agreement) or the Government first",
        },
        crate::engine::options::OptionSpec {
            key: "border_ap",
            values: ON_OFF,
            help: "Rally the Troops practice (not the rules): an active Border Zone also cuts the FLN's PSL income",
        },
        crate::engine::options::OptionSpec {
            key: "waits",
            values: &[],
            help: "WAITs a side may use in one Operations Phase (default 3)",
        },
        crate::engine::options::OptionSpec {
            key: "asks",
            values: &[],
            help: "React questions put to the Government a turn (default 2)",
        },
        crate::engine::options::OptionSpec {
            key: "map_orders",
            values: &["yes", "no"],
            help: "the results map draws the step's deployments, moves, reactions, builds, losses and missions (pinned: yes)",
        },
        crate::engine::options::OptionSpec {
            key: "revision",
            values: &["1", "2", "3", "4"],
            help: "2: every line not carried out is told as '<line>: skipped: <why>', and a React question with one answer is not asked; 3: also a Move abroad ends in OC (9.13), the Border Zone is paid for every turn (6.33), recovery DRMs add up (C.5), PSP SPLIT shares combat hits (C.6), Helo Points attach at any time (11.12); 4: also an event question with one real answer is not asked (UN at FLN PSL 99, 12.1; a Purge with FLN units in one wilaya at most) (pinned: 4)",
        },
    ],
    rules: 1,
};

pub struct Algeria {
    data: Data,
    /// The built-in areas (not a GM's own `areas.toml`), which the real map fits.
    built_in_areas: bool,
}

impl Algeria {
    pub fn load(data: &GameData) -> Result<Self> {
        let built_in_areas = data.text("areas.toml")? == AREAS_TOML;
        Ok(Algeria { data: Data::load(data)?, built_in_areas })
    }

    pub fn embedded() -> Result<Self> {
        Ok(Algeria { data: Data::embedded()?, built_in_areas: true })
    }

    pub fn data(&self) -> &Data {
        &self.data
    }

    /// The rehearsal of accepted orders (nothing for an answer, or before revision 2).
    fn rehearsed(&self, state: &State, orders: &Orders) -> rehearsal::Rehearsal {
        match orders.side {
            Some(side) if orders.answer.is_none() && state.options.revision >= 2 => {
                rehearsal::rehearse(state, &self.data, side, &orders.lines)
            }
            _ => rehearsal::Rehearsal::default(),
        }
    }
}

/// A side's orders file, read.
#[derive(Clone, Debug, Default)]
pub struct Orders {
    pub lines: Vec<Line>,
    /// The answer to a React question.
    pub answer: Option<String>,
    /// The side whose orders these are.
    pub side: Option<Side>,
}

fn seating() -> Seating {
    Seating {
        sides: vec!["government".into(), "fln".into()],
        aliases: vec![("gov".into(), "government".into()), ("french".into(), "government".into())],
        in_order: true,
        all_sides: true,
        legacy: &[Legacy::SideKey { key: "government", side: "government" }],
    }
}

fn on(v: &str) -> bool {
    matches!(v, "on" | "yes")
}

/// The sections a file may carry in the open phase.
fn allowed(state: &State, side: Side) -> &'static [Part] {
    match state.stage {
        Stage::SetupGovernment | Stage::SetupFln => &[Part::Placement, Part::Standing],
        Stage::Reinforce => &[Part::Reinforcement, Part::Deployment, Part::Script, Part::Standing],
        Stage::Deploy if side == Side::Government => &[Part::Deployment, Part::Script, Part::Standing],
        Stage::Operations if side == Side::Fln => &[Part::Deployment, Part::Script, Part::Standing],
        Stage::Suspended => &[Part::Script, Part::Standing],
        _ => &[Part::Standing],
    }
}

fn part_name(p: Part) -> &'static str {
    match p {
        Part::Placement => "set-up",
        Part::Reinforcement => "reinforcement",
        Part::Deployment => "deployment",
        Part::Script => "operations",
        Part::Standing => "standing orders",
    }
}

/// Keeps a file's sections in the side's plans: standing orders replace their
/// category; the others are held for their phase.
fn hold(state: &mut State, side: Side, lines: &[Line], whole_turn: bool) {
    let texts = |p: Part| -> Vec<String> {
        lines.iter().filter(|l| l.section == p).map(|l| l.text.clone()).collect()
    };
    let plans = state.plans_mut(side);
    let standing = lines.iter().filter(|l| l.section == Part::Standing).map(|l| {
        // COUP REMOVE and COUP BUY are two kinds of order.
        let words: Vec<&str> = l.text.split_whitespace().collect();
        let cat = match words.as_slice() {
            ["COUP", second, ..] => format!("COUP {second}"),
            [first, ..] => first.to_string(),
            [] => String::new(),
        };
        (cat, l.text.clone())
    });
    crate::engine::standing::replace_by_category(&mut plans.standing, standing);
    let deployment = texts(Part::Deployment);
    let script = texts(Part::Script);
    if whole_turn || !deployment.is_empty() || !script.is_empty() {
        plans.deployment = Some(deployment);
        plans.script = Some(script);
    }
}

fn present(state: &State, side: Side) -> bool {
    let p = state.plans(side);
    p.deployment.is_some() || p.script.is_some()
}

/// Runs the turn on from where it stands until it needs a mail.
fn advance(state: &mut State, data: &Data, dice: &mut dyn dice::Roll, log: &mut Log) {
    for _ in 0..16 {
        match state.stage {
            Stage::Deploy if present(state, Side::Government) => {
                let lines = state.plans_government.deployment.take().unwrap_or_default();
                log.say(format!("Turn {}: Deployment Phase", state.turn));
                deploy::government(state, data, &lines, log);
                if state.plans_government.script.is_none() {
                    state.plans_government.script = Some(Vec::new());
                }
                state.stage = Stage::Operations;
            }
            Stage::Operations if present(state, Side::Fln) => {
                let lines = state.plans_fln.deployment.take().unwrap_or_default();
                deploy::fln(state, data, &lines, log);
                if state.plans_fln.script.is_none() {
                    state.plans_fln.script = Some(Vec::new());
                }
                log.say(format!("Turn {}: Operations Phase", state.turn));
                ops::run(state, data, dice, log);
            }
            _ => return,
        }
    }
}

fn events_of(state: &State, log: Log) -> Vec<Event> {
    log.lines
        .into_iter()
        .map(|(to, text)| match to {
            To::All => Event::public(text),
            To::Side(side) => Event::to_players(&[state.players.get(side).to_string()], text),
        })
        .collect()
}

impl System for Algeria {
    type State = State;
    type Orders = Orders;

    fn setup(&self, setup: &Setup) -> Result<State> {
        setup.two_players("Algeria")?;
        let seating = seating();
        let seats = setup.seats(&seating)?;
        let players = Players {
            government: seats.player_of("government").cloned().unwrap_or_default(),
            fln: seats.player_of("fln").cloned().unwrap_or_default(),
        };
        let mut options = Options::default();
        if let Some(s) = setup.scenario {
            options.scenario = s.to_string();
        }
        for (key, value) in setup.options {
            if seating.reads(key) {
                continue;
            }
            match key.as_str() {
                "scenario" => options.scenario = value.clone(),
                "slow_reaction" => options.slow_reaction = on(value),
                "independence" => options.deterministic_independence = value == "deterministic",
                "shorter" => options.shorter = on(value),
                "reinforcement" => options.sequential = value == "sequential",
                "border_ap" => options.border_ap = on(value),
                "map_orders" => options.map_orders = on(value),
                "revision" => {
                    options.revision = match value.as_str() {
                        "4" => 4,
                        "3" => 3,
                        "2" => 2,
                        _ => 1,
                    }
                }
                "waits" | "asks" => {
                    let n: u32 =
                        value.parse().ok().filter(|n| *n <= 9).ok_or_else(|| {
                            Error::setup(format!("option {key}={value}: a number from 0 to 9"))
                        })?;
                    if key == "waits" { options.waits = n } else { options.asks = n }
                }
                other => return Err(Error::setup(format!("the algeria system has no option '{other}'"))),
            }
        }
        setup::start(&self.data, players, options)
    }

    fn phase(&self, state: &State) -> Phase {
        let gov = state.players.government.clone();
        let fln = state.players.fln.clone();
        let t = state.turn;
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
            Stage::SetupGovernment => {
                p.id = "SETUP-GOV".into();
                p.due = vec![gov];
            }
            Stage::SetupFln => {
                p.id = "SETUP-FLN".into();
                p.due = vec![fln];
            }
            Stage::Reinforce
                if state.options.sequential && state.plans_government.reinforcement.is_none() =>
            {
                p.id = format!("T{t}-REINF.GOV");
                p.due = vec![gov];
            }
            Stage::Reinforce if state.options.sequential => {
                p.id = format!("T{t}-REINF.FLN");
                p.due = vec![fln];
            }
            Stage::Reinforce => {
                p.id = format!("T{t}-REINF");
                p.due = vec![gov, fln];
            }
            Stage::Deploy => {
                p.id = format!("T{t}-DEPLOY");
                p.due = vec![gov];
            }
            Stage::Operations => {
                p.id = format!("T{t}-OPS");
                p.due = vec![fln];
            }
            Stage::Suspended => {
                p.kind = "prompt".into();
                if let Some(q) = &state.ops.question {
                    p.id = format!("T{t}-REACT.{}", state.ops.k);
                    p.title = format!("Turn {t}: the Government's React in {}", q.area);
                    p.due = vec![gov.clone()];
                    p.prompts.insert(
                        gov,
                        Prompt { question: q.text.clone(), answers: q.answers.clone(), default: q.default },
                    );
                } else if let Some(side) = state.ops.waiting {
                    p.id = format!("T{t}-OPS.{}", state.ops.k);
                    p.title = format!("Turn {t}: the {}'s next operations (after WAIT)", side.name());
                    p.due = vec![state.players.get(side).to_string()];
                }
            }
            Stage::Event => {
                p.kind = "prompt".into();
                p.id = format!("T{t}-EVENT");
                if let Some(q) = &state.event_question {
                    let chooser = state.players.get(q.chooser).to_string();
                    p.title = format!("Turn {t}: the {}'s choice in the Random Events", q.chooser.name());
                    p.due = vec![chooser.clone()];
                    p.prompts.insert(
                        chooser,
                        Prompt { question: q.text.clone(), answers: q.answers.clone(), default: q.default },
                    );
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
        // A React or event question: the answer is read as the engine reads any
        // question's (a number or an answer's words), and reaches `resolve` as its words.
        if let Some(prompt) = self.phase(state).prompts.get(player) {
            return prompt.answer(body).map(|words| Orders {
                lines: Vec::new(),
                answer: Some(words),
                side: Some(side),
            });
        }
        // Units this file builds may be named by their kind in its later lines.
        let body = rehearsal::name_new_units(state, &self.data, side, body);
        let (lines, errors) = orders::read(&self.data, side, &body);
        let mut errors: Vec<OrderError> =
            errors.into_iter().map(|(n, t, r)| OrderError::new(n, t, r)).collect();
        let ok = allowed(state, side);
        for l in &lines {
            if !ok.contains(&l.section) {
                errors.push(OrderError::new(
                    0,
                    l.text.clone(),
                    format!(
                        "a {} order cannot be sent now ({}); now: {}",
                        part_name(l.section),
                        report::stage(state),
                        ok.iter().map(|p| part_name(*p)).collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        }
        // "Accepted" means it will run: the file rehearsed on the live game (campaigns
        // made before revision 2 re-read their sealed files as they were accepted).
        if errors.is_empty() && state.options.revision >= 2 {
            let r = rehearsal::rehearse(state, &self.data, side, &lines);
            errors.extend(r.refused.into_iter().map(|(n, text, why)| OrderError::new(n, text, why)));
        }
        if errors.is_empty() { Ok(Orders { lines, answer: None, side: Some(side) }) } else { Err(errors) }
    }

    /// The lines as read, each followed by what the check at ingest knows of it
    /// (`# ...`: what it depends on), and the counters new units take.
    fn echo(&self, state: &State, orders: &Orders) -> Vec<String> {
        if let Some(a) = &orders.answer {
            return vec![a.clone()];
        }
        let r = self.rehearsed(state, orders);
        let mut out = Vec::new();
        let mut noted: Vec<&(String, String)> = r.notes.iter().collect();
        for l in &orders.lines {
            out.push(l.text.clone());
            if let Some(i) = noted.iter().position(|(line, _)| *line == l.text) {
                out.push(format!("#   ^ {}", noted.remove(i).1));
            }
        }
        out.extend(r.told.iter().map(|t| format!("# {t}")));
        out
    }

    fn notes(&self, state: &State, _player: &str, orders: &Orders) -> Vec<crate::engine::LineNote> {
        self.rehearsed(state, orders)
            .notes
            .into_iter()
            .map(|(line, note)| crate::engine::LineNote { line, note })
            .collect()
    }

    /// Algeria tells a line not carried out as `<line>: skipped: <why>`, to its owner
    /// alone (a line whose IF condition does not hold is passed over as asked).
    fn skipped(&self, player: &str, events: &[Event]) -> Vec<String> {
        let viewer = Viewer::Player(player.to_string());
        events
            .iter()
            .filter(|e| e.audience != crate::engine::Audience::Public && e.audience.admits(&viewer))
            .filter_map(|e| e.text.split_once(": skipped: ").map(|(line, _)| line.to_string()))
            .collect()
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
        let of = |side: Side| orders.get(state.players.get(side));
        let lines = |side: Side| of(side).map(|o| o.lines.clone()).unwrap_or_default();
        match state.stage {
            Stage::SetupGovernment => {
                let ls = lines(Side::Government);
                hold(&mut next, Side::Government, &ls, false);
                let place: Vec<String> =
                    ls.iter().filter(|l| l.section == Part::Placement).map(|l| l.text.clone()).collect();
                setup_orders::place(&mut next, data, Side::Government, &place, &mut log);
                next.stage = Stage::SetupFln;
            }
            Stage::SetupFln => {
                let ls = lines(Side::Fln);
                hold(&mut next, Side::Fln, &ls, false);
                let place: Vec<String> =
                    ls.iter().filter(|l| l.section == Part::Placement).map(|l| l.text.clone()).collect();
                setup_orders::place(&mut next, data, Side::Fln, &place, &mut log);
                let ap = dice::Roll::dice(dice, 2, "3 the FLN's starting AP (2d6)");
                next.ap = ap;
                log.say(format!("the FLN starts with {ap} AP (2d6)"));
                events::random_events(&mut next, data, dice, &mut log);
                next.stage = ops::after_events(&next);
            }
            Stage::Reinforce => {
                let gov_turn = state.options.sequential && state.plans_government.reinforcement.is_none();
                let sides: &[Side] = if !state.options.sequential {
                    &[Side::Government, Side::Fln]
                } else if gov_turn {
                    &[Side::Government]
                } else {
                    &[Side::Fln]
                };
                for side in sides {
                    let ls = lines(*side);
                    hold(&mut next, *side, &ls, false);
                    let reinf: Vec<String> = ls
                        .iter()
                        .filter(|l| l.section == Part::Reinforcement)
                        .map(|l| l.text.clone())
                        .collect();
                    next.plans_mut(*side).reinforcement =
                        if of(*side).is_some() { Some(reinf) } else { None };
                }
                if gov_turn {
                    // The Government reinforces first; the FLN sees it before writing.
                    let g = next.plans_government.reinforcement.clone();
                    reinforce::reinforce_government(&mut next, data, g.as_deref(), dice, &mut log);
                    next.plans_government.reinforcement = Some(g.unwrap_or_default());
                } else {
                    if !state.options.sequential {
                        let g = next.plans_government.reinforcement.clone();
                        reinforce::reinforce_government(&mut next, data, g.as_deref(), dice, &mut log);
                    }
                    let f = next.plans_fln.reinforcement.take();
                    reinforce::reinforce_fln(&mut next, data, f.as_deref(), &mut log);
                    next.plans_government.reinforcement = None;
                    next.stage = Stage::Deploy;
                    advance(&mut next, data, dice, &mut log);
                }
            }
            Stage::Deploy => {
                hold(&mut next, Side::Government, &lines(Side::Government), true);
                advance(&mut next, data, dice, &mut log);
            }
            Stage::Operations => {
                hold(&mut next, Side::Fln, &lines(Side::Fln), true);
                advance(&mut next, data, dice, &mut log);
            }
            Stage::Suspended => {
                if state.ops.question.is_some() {
                    let answer = of(Side::Government)
                        .and_then(|o| o.answer.clone())
                        .unwrap_or_else(|| "NO REACT".into());
                    log.tell(Side::Government, format!("your answer: {answer}"));
                    ops::answer(&mut next, data, &answer, dice, &mut log);
                } else if let Some(side) = state.ops.waiting {
                    if let Some(o) = of(side) {
                        let ls = &o.lines;
                        hold(&mut next, side, ls, false);
                        let script: Vec<String> =
                            ls.iter().filter(|l| l.section == Part::Script).map(|l| l.text.clone()).collect();
                        if !script.is_empty() {
                            next.plans_mut(side).script = Some(script);
                        }
                    } else {
                        log.tell(side, "no new orders came: the rest of your script runs on");
                    }
                    next.ops.waiting = None;
                }
                next.stage = Stage::Operations;
                ops::run(&mut next, data, dice, &mut log);
            }
            Stage::Event => {
                let chooser = state.event_question.as_ref().map(|q| q.chooser).unwrap_or(Side::Government);
                let answer = of(chooser).and_then(|o| o.answer.clone()).unwrap_or_default();
                events::answer(&mut next, data, &answer, dice, &mut log);
                next.stage = ops::after_events(&next);
            }
            Stage::Over => {}
        }
        if next.over.is_some() {
            next.stage = Stage::Over;
        }
        let events = events_of(&next, log);
        Ok(Resolution { state: next, events })
    }

    fn prepare_pictures(&self) {
        if self.built_in_areas {
            let _ = geography::built_in(&self.data);
        }
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
            let marks = picture::marks(before, &self.data, &lines);
            // On the real map from style 3 (a GM's own areas keep the schematic).
            if frame.real_map()
                && self.built_in_areas
                && let Some(geo) = geography::built_in(&self.data)
            {
                return Some(Arc::new(real_map::svg(state, &self.data, geo, &marks, frame.step)));
            }
            return Some(Arc::new(svg::svg_clear(state, &self.data, &marks, frame.step)));
        }
        if !state.options.map_orders {
            return Some(Arc::new(svg::svg(state, &self.data)));
        }
        Some(Arc::new(svg::svg_with(state, &self.data, &picture::marks(before, &self.data, &lines))))
    }

    /// New campaigns draw the step's actions on the results map; campaigns made before
    /// lack the option and keep the picture their reports have.
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[("map_orders", "yes"), ("revision", "4")]
    }

    fn view(&self, state: &State, viewer: &Viewer) -> View {
        View {
            sections: report::sections(state, &self.data, viewer),
            svg: None,
            data: serde_json::json!({"turn": state.turn, "government_psl": state.government_psl, "fln_psl": state.fln_psl}),
        }
    }

    fn drawing(&self, state: &State, _viewer: &Viewer) -> Option<String> {
        Some(svg::svg(state, &self.data))
    }

    fn random_orders(&self, state: &State, player: &str, rng: &mut dyn rand_core::RngCore) -> Option<String> {
        let side = state.side_of(player)?;
        Some(bot::orders(state, &self.data, side, rng))
    }

    fn check_invariants(&self, state: &State) -> std::result::Result<(), Broken> {
        invariants::check(state, &self.data)
    }

    fn game_turn(&self, state: &State) -> Option<String> {
        Some(state.turn.to_string())
    }

    fn soak_group(&self, state: &State) -> Option<String> {
        Some(format!("scenario {}", state.options.scenario))
    }

    /// Both sides' Political Support Levels.
    fn standings(&self, state: &State) -> Vec<crate::engine::Standing> {
        use crate::engine::Standing;
        vec![
            Standing::new("Government", format!("PSL {}", state.government_psl)),
            Standing::new("FLN", format!("PSL {}", state.fln_psl)),
        ]
    }

    fn winner(&self, state: &State) -> Option<String> {
        let over = state.over.as_deref()?;
        if over.contains("the FLN wins") {
            Some("FLN".into())
        } else if over.contains("the Government wins") {
            Some("Government".into())
        } else {
            None
        }
    }
}

pub mod guide;
