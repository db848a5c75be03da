//! `andartes`: The Greek Civil War 1947-49, Government against the DSE, by email.
//!
//! Steps come in this order (phase ids in brackets):
//! 1. `SETUP-POLITICS`: the Government's Politics Table rolls (4.0, 16.3); no orders.
//! 2. `SETUP-GOV`, then `SETUP-DSE`: each side's set-up (4.0).
//! 3. Each turn n: `Tn-INIT` (initiative, 8.0, and any due Politics re-roll; no
//!    orders), the first player's turn `Tn-GOV` or `Tn-DSE` (mobilization on odd
//!    turns from 3, movement, conflict, all in one orders file), the second
//!    player's turn, then `Tn-END` (control, attrition on even turns, victory
//!    check; no orders).
//!
//! Players: exactly two. Option `government=<player>` names the Government
//! player (default: the first player given); the other plays the DSE. Other
//! options: `tito=on` (17.1), `start1944=on` or scenario `1944` (17.3),
//! `end=<5|10|15|20|25|30>` (the agreed Victory Check of 5.0/6.2).
//!
//! The demo (two turns from set-up) is in [`demo`]; the rules, notation and
//! reconstructed components are described in this module's README.md.

pub mod attrition;
pub mod bot;
pub mod careless;
pub mod conflict;
pub mod control;
pub mod crt;
pub mod initiative;
pub mod invariants;
pub mod mobilization;
pub mod movement;
pub mod orders;
pub mod picture;
pub mod politics;
pub mod reference;
pub mod report;
pub mod results;
pub mod rules;
pub mod setup;
pub mod standing;
pub mod state;
pub mod strategy;
pub mod terror;
pub mod tito;
pub mod turn;
pub mod victory;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

pub use bot::bot_orders;

/// The sensible player's orders; a line the checker refuses (the player judged on a
/// copy without dice) is dropped, and if nothing is left the random player's are used.
pub fn strategy_orders(state: &State, player: &str, rng: &mut impl rand_core::RngCore) -> String {
    let mut lines: Vec<String> = strategy::orders(state, player, rng).lines().map(String::from).collect();
    for _ in 0..5 {
        let body = lines.join("\n");
        match turn::check(state, player, &body) {
            Ok(_) => return body,
            Err(errors) => {
                let bad: Vec<usize> = errors.iter().map(|e| e.line).collect();
                lines = lines
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| !bad.contains(&(i + 1)))
                    .map(|(_, l)| l)
                    .collect();
            }
        }
    }
    bot_orders(state, player, rng)
}
pub use invariants::check_invariants;
pub use rules::Rules;
pub use state::{Side, State};

use crate::engine::{
    Broken, Dice, Error, Event, LineNote, OrderError, Phase, PhaseMode, PlayerId, Resolution, Result, Setup,
    System, SystemInfo, View, Viewer,
};
use state::{Options, Politics, Sides, Stage, Stalin};

pub static INFO: SystemInfo = SystemInfo {
    name: "andartes",
    title: "The Greek Civil War 1947-49 (Andartes)",
    open: |data| {
        let rules = Rules::load(data)?;
        let board_text = data.text("board.toml")?;
        let board = picture::layout(&rules.map, "board.toml", &board_text)
            .map_err(|e| Error::data("board.toml", e))?;
        // The real map too, unless the GM put his own board.toml (his drawing replaces
        // both). The built-in files are laid out when a picture first needs them, once
        // a process (campaigns made before board=greece never pay for it); a GM's own
        // greece.toml or coast.toml is laid out now, so a broken copy is refused by name.
        let greece = if board_text != rules::BOARD_TOML {
            RealMap::Replaced
        } else {
            let (map_text, greece_text, coast_text) =
                (data.text("map.toml")?, data.text(picture::GREECE_FILE)?, data.text(picture::COAST_FILE)?);
            if map_text == rules::MAP_TOML
                && greece_text == rules::GREECE_TOML
                && coast_text == rules::COAST_TOML
            {
                RealMap::BuiltIn
            } else {
                RealMap::Own(Box::new(
                    picture::greece(&rules.map, &greece_text, &coast_text)
                        .map_err(|e| Error::data(picture::GREECE_FILE, e))?,
                ))
            }
        };
        let mut a = Andartes::new(rules).with_board(board);
        a.greece = greece;
        Ok(Box::new(a))
    },
    files: rules::FILES,
    tools: crate::engine::Tools {
        what_if: None,
        bench: None,
        // Nothing in Andartes is hidden on the board: every viewer sees the same map.
        map: Some(|state, _viewer| Ok(report::svg(&serde_json::from_value(state.clone())?))),
    },
    options: &[
        crate::engine::options::OptionSpec {
            key: "seat.*",
            values: &[],
            help: "a player's side: seat.<player>=government|dse (default: the first player is the Government)",
        },
        crate::engine::options::OptionSpec {
            key: "government",
            values: &[],
            help: "the player of the Government (the older form of seat.<player>=government)",
        },
        crate::engine::options::OptionSpec {
            key: "tito",
            values: &["on", "off", "yes", "no", "true", "false", "1", "0"],
            help: "17.1 Tito breaks with Stalin",
        },
        crate::engine::options::OptionSpec {
            key: "start1944",
            values: &["on", "off", "yes", "no", "true", "false", "1", "0"],
            help: "17.3 the 1944 start",
        },
        crate::engine::options::OptionSpec {
            key: "1944",
            values: &["on", "off", "yes", "no", "true", "false", "1", "0"],
            help: "the same as start1944",
        },
        crate::engine::options::OptionSpec {
            key: "end",
            values: &["5", "10", "15", "20", "25", "30"],
            help: "the agreed Victory Check turn (5.0)",
        },
        crate::engine::options::OptionSpec {
            key: "revision",
            values: &["1", "2", "3", "4"],
            help: "the corrected readings (pinned: 4)",
        },
        crate::engine::options::OptionSpec {
            key: "board",
            values: &["greece", "points"],
            help: "the board picture: greece, the Regions on the real map with each attack and loss marked (pinned), or points, cells grown from the reconstruction's points as campaigns made before",
        },
    ],
    rules: 1,
};

/// The real map's layout and the land cut to it (see [`picture::greece`]).
type Greece = (crate::maps::Layout, crate::maps::layout::Coast);

/// Where the real map comes from.
enum RealMap {
    /// A GM's own board.toml replaces the drawing.
    Replaced,
    /// The built-in files, laid out once a process by [`built_in_greece`].
    BuiltIn,
    /// A campaign's own greece.toml, coast.toml or map.toml.
    Own(Box<Greece>),
}

/// The built-in real map, laid out at its first picture in this process (a tick opens
/// many campaigns; laying it out again for each would cost as much as drawing).
fn built_in_greece() -> Option<&'static Greece> {
    static BUILT_IN: std::sync::OnceLock<Option<Greece>> = std::sync::OnceLock::new();
    BUILT_IN
        .get_or_init(|| {
            let map = rules::Map::parse(rules::MAP_TOML).ok()?;
            picture::greece(&map, rules::GREECE_TOML, rules::COAST_TOML).ok()
        })
        .as_ref()
}

/// The system with the components it was opened with.
pub struct Andartes {
    pub rules: Rules,
    board: Option<crate::maps::Layout>,
    /// The real map, drawn for campaigns with `board=greece`.
    greece: RealMap,
}

impl Andartes {
    /// The same rules, drawing the map with `layout`.
    pub fn with_board(mut self, layout: crate::maps::Layout) -> Self {
        self.board = Some(layout);
        self
    }

    pub fn new(rules: Rules) -> Self {
        Andartes { rules, board: None, greece: RealMap::Replaced }
    }

    /// The system with the embedded components.
    pub fn embedded() -> Result<Self> {
        Ok(Andartes::new(Rules::embedded()?))
    }
}

fn on(value: &str, key: &str) -> Result<bool> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Ok(true),
        "off" | "no" | "false" | "0" => Ok(false),
        _ => Err(Error::setup(format!("option {key} is on or off, not '{value}'"))),
    }
}

/// The two sides (2.0), the Government first: with no seat options the first player
/// is the Government.
fn seating() -> crate::engine::seats::Seating {
    crate::engine::seats::Seating {
        sides: vec!["government".into(), "dse".into()],
        aliases: vec![("communist".into(), "dse".into()), ("communists".into(), "dse".into())],
        in_order: true,
        all_sides: true,
        legacy: &[crate::engine::seats::Legacy::SideKey { key: "government", side: "government" }],
    }
}

impl System for Andartes {
    type State = State;
    type Orders = Vec<orders::Line>;

    fn setup(&self, setup: &Setup) -> Result<State> {
        let players = setup.players;
        if players.len() != 2 {
            return Err(Error::setup(format!(
                "Andartes is a game for exactly two players, not {}",
                players.len()
            )));
        }
        if players[0].eq_ignore_ascii_case(&players[1]) {
            return Err(Error::setup("the two players need different ids"));
        }
        let seating = seating();
        let seats = setup.seats(&seating)?;
        let mut options = Options::default();
        for (key, value) in setup.options {
            if seating.reads(key) {
                continue;
            }
            match key.to_ascii_lowercase().as_str() {
                "tito" => options.tito = on(value, key)?,
                "start1944" | "1944" => options.start1944 = on(value, key)?,
                "end" => {
                    let t: u32 = value
                        .parse()
                        .map_err(|_| Error::setup(format!("option end={value} is not a turn number")))?;
                    if !victory::CHECK_TURNS.contains(&t) {
                        return Err(Error::setup(format!(
                            "option end is one of 5, 10, 15, 20, 25, 30 (5.0), not {t}"
                        )));
                    }
                    options.end_turn = Some(t);
                }
                "revision" => {
                    options.revision = match value.as_str() {
                        "1" => 1,
                        "2" => 2,
                        "3" => 3,
                        "4" => 4,
                        other => {
                            return Err(Error::setup(format!(
                                "option revision={other}: use 4 (current), 3, 2 or 1 (the first readings)"
                            )));
                        }
                    }
                }
                "board" => {
                    options.greece = match value.as_str() {
                        "greece" => true,
                        "points" => false,
                        other => {
                            return Err(Error::setup(format!("option board={other}: use greece or points")));
                        }
                    }
                }
                other => {
                    return Err(Error::setup(format!(
                        "the andartes system has no option '{other}' (government, tito, start1944, end, revision, board)"
                    )));
                }
            }
        }
        match setup.scenario {
            None | Some("1947") => {}
            Some("1944") => options.start1944 = true,
            Some(other) => {
                return Err(Error::setup(format!(
                    "scenario '{other}' is unknown: 1947 (default) or 1944 (17.3)"
                )));
            }
        }
        let government = seats.player_of("government").cloned().unwrap_or_default();
        let dse = seats.player_of("dse").cloned().unwrap_or_default();
        let doctrine = rules::Doctrine::Aggressive;
        Ok(State {
            scoring: false,
            rules: self.rules.clone(),
            players: Sides { government, dse },
            options,
            turn: 1,
            stage: Stage::Politics,
            first: Side::Dse,
            pi: Sides { government: 60, dse: 50 },
            politics: Politics { doctrine, pp_limit: self.rules.politics.limit(doctrine), next_roll: 1 },
            american_aid: false,
            stalin: Stalin::default(),
            closed: BTreeSet::new(),
            units: BTreeMap::new(),
            numbers: BTreeMap::new(),
            airstrikes: 0,
            terror: BTreeSet::new(),
            resettled: BTreeSet::new(),
            standing: Sides::default(),
            conflicts: Vec::new(),
            journal: Vec::new(),
            over: None,
        })
    }

    fn phase(&self, state: &State) -> Phase {
        let turn = state.turn;
        let (id, title, due) = match state.stage {
            Stage::Politics => {
                ("SETUP-POLITICS".to_string(), "Set-up: Politics Table rolls (4.0, 16.3)".to_string(), vec![])
            }
            Stage::SetupGovernment => (
                "SETUP-GOV".into(),
                "Set-up: Government (4.0)".into(),
                vec![state.players.government.clone()],
            ),
            Stage::SetupDse => {
                ("SETUP-DSE".into(), "Set-up: DSE (4.0)".into(), vec![state.players.dse.clone()])
            }
            Stage::Initiative => {
                (format!("T{turn}-INIT"), format!("Turn {turn}: Initiative Phase (8.0)"), vec![])
            }
            Stage::PlayerTurn { second } => {
                let side = state.active().unwrap_or(Side::Government);
                (
                    format!("T{turn}-{}", side.short()),
                    format!(
                        "Turn {turn}: {} player turn ({} player){}",
                        side.name(),
                        if second { "second" } else { "first" },
                        if mobilization::due(turn) {
                            ": mobilization, movement, conflict"
                        } else {
                            ": movement, conflict"
                        }
                    ),
                    vec![state.player(side).to_string()],
                )
            }
            Stage::EndOfTurn => (
                format!("T{turn}-END"),
                format!(
                    "Turn {turn}: end of turn (control{}, victory check)",
                    if attrition::due(turn) { ", attrition" } else { "" }
                ),
                vec![],
            ),
            Stage::Over => ("OVER".into(), "Game over".into(), vec![]),
        };
        let kind = match state.stage {
            Stage::SetupGovernment | Stage::SetupDse | Stage::Politics => "set-up",
            _ => "turn",
        }
        .into();
        Phase {
            id,
            title,
            due,
            mode: PhaseMode::Deadline,
            game_over: state.over.clone(),
            kind,
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: Default::default(),
        }
    }

    /// The welcome mail: which side the player has, when they are first due, and a
    /// complete legal set-up for that side (the set-up the engine would apply by
    /// default), so that the first orders file can be sent as it stands.
    /// New campaigns take the corrected readings (see [`Options::revision`]).
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[("revision", "4"), ("board", "greece")]
    }

    fn guide(&self, state: &State, player: &str) -> crate::engine::Guide {
        let mut g = crate::engine::Guide::default();
        let Some(side) = state.side_of(player) else { return g };
        g.notes.push(format!(
            "You play the {} side (player {player}).",
            match side {
                state::Side::Government => "Government",
                state::Side::Dse => "DSE (Democratic Army of Greece)",
            }
        ));
        if matches!(
            state.stage,
            state::Stage::Politics | state::Stage::SetupGovernment | state::Stage::SetupDse
        ) {
            g.now = setup::default_lines(state, side);
            g.now.push(match side {
                state::Side::Government => "INITIATIVE FIRST".into(),
                state::Side::Dse => "INITIATIVE SECOND".into(),
            });
            g.notes.push(match side {
                state::Side::Government => {
                    "The Government sets up first (4.0): the set-up above is complete and legal; change the places as you wish.".into()
                }
                state::Side::Dse => {
                    "The DSE sets up second (4.0), once the Government's set-up is resolved: keep these orders until the mail that says your set-up is due, then send them (or your own).".into()
                }
            });
        } else {
            g.now.push("PASS".into());
        }
        g.reference = reference::sections(state);
        g.notes.push(
            "One order per line: PLACE, BUILD, UPGRADE, DISBAND, RESETTLE, MOVE <unit> <path>, ATTACK <place> WITH <units>, PASS; places are Region codes (LAR) or squares (LAR/2); # starts a comment. The reference below lists the borders, units, charts and the Politics Table; add a line REFERENCE to any orders file to have it again in the reply.".into(),
        );
        g
    }

    fn parse(&self, state: &State, player: &str, body: &str) -> Result<Vec<orders::Line>, Vec<OrderError>> {
        turn::check(state, player, body)
    }

    fn echo(&self, state: &State, orders: &Vec<orders::Line>) -> Vec<String> {
        turn::narrate(state, orders)
    }

    /// Lines after a die the check could not roll, attacks that wait on earlier
    /// attacks, IF ODDS: the acknowledgement notes them (`turn::narrate`).
    fn notes(&self, state: &State, _player: &str, orders: &Vec<orders::Line>) -> Vec<LineNote> {
        turn::depends(state, orders)
            .into_iter()
            .filter_map(|(n, note)| {
                let line = orders.iter().find(|l| l.number == n)?.text.to_ascii_uppercase();
                Some(LineNote { line, note })
            })
            .collect()
    }

    /// Andartes reports a line it could not carry out as `line N (TEXT) does not take
    /// place: why`, to both players.
    fn skipped(&self, _player: &str, events: &[Event]) -> Vec<String> {
        turn::not_taken(events)
    }

    fn resolve(
        &self,
        state: &State,
        orders: &BTreeMap<PlayerId, Vec<orders::Line>>,
        dice: &mut Dice,
    ) -> Result<Resolution<State>> {
        let (next, log) = turn::resolve(state, orders, dice)?;
        let events: Vec<Event> = log.events;
        Ok(Resolution { state: next, events })
    }

    fn view(&self, state: &State, viewer: &Viewer) -> View {
        report::view(state, viewer)
    }

    fn drawing(&self, state: &State, _viewer: &Viewer) -> Option<String> {
        Some(report::svg(state))
    }

    fn prepare_pictures(&self) {
        if let RealMap::BuiltIn = self.greece {
            let _ = built_in_greece();
        }
    }

    fn picture(
        &self,
        before: &State,
        state: &State,
        _viewer: &Viewer,
        results: &[Event],
        frame: &crate::maps::Frame,
    ) -> Option<Arc<String>> {
        let scene = picture::scene(state, results);
        if frame.clear() {
            let clear = picture::clear(state, scene, frame.step);
            if !state.options.greece {
                return Some(Arc::new(crate::maps::clear::svg(self.board.as_ref()?, &clear)));
            }
            let scene = picture::marks(before, state, results, clear);
            let real = match &self.greece {
                RealMap::Replaced => None,
                RealMap::BuiltIn => built_in_greece(),
                RealMap::Own(g) => Some(g.as_ref()),
            };
            return Some(match real {
                Some((layout, coast)) => crate::maps::clear::svg_shared(layout, &scene, Some(coast)),
                None => Arc::new(crate::maps::clear::svg(self.board.as_ref()?, &scene)),
            });
        }
        Some(Arc::new(crate::maps::draw::svg(self.board.as_ref()?, &scene)))
    }

    fn random_orders(
        &self,
        state: &State,
        player: &str,
        mut rng: &mut dyn rand_core::RngCore,
    ) -> Option<String> {
        Some(strategy_orders(state, player, &mut rng))
    }

    fn careless_orders(
        &self,
        state: &State,
        player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<String> {
        Some(careless::orders(state, player, rng))
    }

    fn check_invariants(&self, state: &State) -> Result<(), Broken> {
        check_invariants(state)
    }

    fn game_turn(&self, state: &State) -> Option<String> {
        Some(state.turn.to_string())
    }

    fn soak_group(&self, state: &State) -> Option<String> {
        (state.stage != Stage::Politics).then(|| state.politics.doctrine.name().to_string())
    }

    /// Both Political Indexes (the report's "Political Index" section).
    fn standings(&self, state: &State) -> Vec<crate::engine::Standing> {
        use crate::engine::Standing;
        vec![
            Standing::new("Government", format!("PI {}", state.pi.government)),
            Standing::new("DSE", format!("PI {}", state.pi.dse)),
        ]
    }

    fn winner(&self, state: &State) -> Option<String> {
        let over = state.over.as_deref()?;
        Some(
            if over.contains("Government wins") {
                "Government"
            } else if over.contains("DSE wins") {
                "DSE"
            } else {
                "draw"
            }
            .to_string(),
        )
    }
}
