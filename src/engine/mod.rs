//! The engine every game stands on: the [`System`] trait a game implements, the
//! type-erased [`Engine`] the core drives, and what games share (options, seats, dice
//! glue, logs, standing orders, notation, errors).
//!
//! A game is a rules module in `src/games/<name>/` plus a data folder in
//! `games/<name>/`. The core only ever sees an [`Engine`] (state as JSON, orders as
//! the text the player sealed), and finds it by name in the [`registry`] that the
//! program installs at start; it never names a game. Orders are re-parsed from the
//! sealed bytes at adjudication: the sealed file, not a parse of it, is what the receipt
//! binds and what an auditor replays.

pub mod data;
pub mod error;
pub mod log;
pub mod notation;
pub mod options;
pub mod registry;
pub mod roll;
pub mod seats;
pub mod slips;
pub mod standing;
pub mod what_if_jobs;

pub use registry::find;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::Value;

pub use crate::dice::Dice;
pub use data::GameData;
pub use error::{Broken, Error, Refusal, Result};

/// The game master's id where a system takes orders from the GM (Freedom!'s event
/// cards, the toy's rulings): a `PLAYER gm` line signed with the GM's secret.
pub const GM: &str = "gm";

/// A player's id as it appears in `campaign.toml` and on the PLAYER line.
pub type PlayerId = String;

/// Who may see an event or a view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "to", content = "players")]
pub enum Audience {
    /// Everyone, including the public report.
    Public,
    /// These players (and the GM).
    Players(Vec<PlayerId>),
    /// The GM alone.
    Gm,
    /// Everyone but these players and the GM: the public stand-in ("hidden until the
    /// audit") for something those players see in full, so nobody reads it twice.
    Others(Vec<PlayerId>),
}

/// Who is reading a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    Public,
    Player(PlayerId),
    Gm,
}

impl Viewer {
    /// The name of this viewer's report files (`reports/<k>/<name>.<ext>`): `public`,
    /// `gm`, or the player's id (which is why no player may be named `public` or `gm`).
    pub fn report_name(&self) -> &str {
        match self {
            Viewer::Public => "public",
            Viewer::Gm => "gm",
            Viewer::Player(p) => p,
        }
    }
}

impl Audience {
    /// May `viewer` see something with this audience?
    pub fn admits(&self, viewer: &Viewer) -> bool {
        match (self, viewer) {
            (Audience::Others(list), Viewer::Player(p)) => !list.iter().any(|x| x == p),
            (Audience::Others(_), Viewer::Public) => true,
            (Audience::Others(_), Viewer::Gm) => false,
            (_, Viewer::Gm) => true,
            (Audience::Public, _) => true,
            (Audience::Players(list), Viewer::Player(p)) => list.iter().any(|x| x == p),
            _ => false,
        }
    }
}

/// Something that happened in a step, told to its audience.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    /// One line of report prose, in the game's own words.
    pub text: String,
    /// Structured detail for templates that want more than the line.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub data: Value,
}

impl Event {
    pub fn public(text: impl Into<String>) -> Self {
        Event { audience: Audience::Public, text: text.into(), data: Value::Null }
    }
    pub fn to_players(players: &[PlayerId], text: impl Into<String>) -> Self {
        Event { audience: Audience::Players(players.to_vec()), text: text.into(), data: Value::Null }
    }
    pub fn gm(text: impl Into<String>) -> Self {
        Event { audience: Audience::Gm, text: text.into(), data: Value::Null }
    }
}

/// How a phase is resolved once orders arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PhaseMode {
    /// Orders are collected until every due player has sent them or the deadline passes.
    #[default]
    Deadline,
    /// Each accepted orders file is resolved at once as a step of its own (a dice server).
    Immediate,
}

/// What a welcome mail shows a player about writing orders. Every order line in it is
/// accepted as it stands (a test sends each block back): `now` in the open phase, each
/// block of `next` in the move after `now` was resolved.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Guide {
    /// Orders the player could send now, unchanged.
    pub now: Vec<String>,
    /// Sentences about the notation and its limits; never order lines.
    pub notes: Vec<String>,
    /// Orders for the next move, once `now` has been resolved; each block on its own.
    pub next: Vec<ExampleBlock>,
    /// Tables a player keeps beside the map (a system's reference section).
    pub reference: Vec<Section>,
}

/// A titled block of order lines that make one mail's orders.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ExampleBlock {
    pub title: String,
    pub lines: Vec<String>,
}

/// What the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    /// A short id players may write on a PHASE line, e.g. `S1901M` or `T3-GOV`.
    pub id: String,
    /// The phase as a report names it, e.g. "Spring 1901 Movement".
    pub title: String,
    /// Players who must send orders. Empty means the step resolves without orders.
    pub due: Vec<PlayerId>,
    pub mode: PhaseMode,
    /// Set when the game has ended: the result in one line. No orders are due then.
    pub game_over: Option<String>,
    /// What kind of phase it is (`movement`, `retreat`, `adjustment`, `set-up`, `turn`,
    /// `round`, `sign-on`): a campaign's schedule may give each kind its own deadline.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Players who may answer but need not: the phase waits for each to answer or
    /// pass until its deadline, where a missing one passes (no late notice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional: Vec<PlayerId>,
    /// Players who may send a file in this phase (standing orders for later, say) but
    /// whom it never waits for: not reminded, never late, and the step resolves as soon
    /// as the due and optional players are in. A file that came first is sealed into
    /// the step like anyone's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub welcome: Vec<PlayerId>,
    /// Questions put to players in this phase, by player: the player answers with the
    /// number or the words of one answer; the system reads the answer's words.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub prompts: BTreeMap<PlayerId, Prompt>,
}

/// A question a phase puts to one player: what happened and what they must decide,
/// the legal answers in the game's own words, and the one taken if none comes by the
/// deadline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    pub question: String,
    pub answers: Vec<String>,
    /// Index into `answers`.
    pub default: usize,
}

impl Prompt {
    /// The answer a reply gives: the first line that is not blank, a comment or quoted
    /// (`> `, the question a mail client quotes beneath a reply), as a number (1 = the
    /// first answer) or as an answer's words in any case.
    pub fn read(&self, body: &str) -> Result<usize, Refusal> {
        let line = body
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('>'))
            .unwrap_or("");
        let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        if let Ok(n) = line.parse::<usize>()
            && (1..=self.answers.len()).contains(&n)
        {
            return Ok(n - 1);
        }
        self.answers.iter().position(|a| words(a) == words(line)).ok_or_else(|| {
            Refusal(format!(
                "'{line}' is not one of the answers; reply with the number or the words of one: {}",
                self.list()
            ))
        })
    }

    /// The words of the answer a reply gives (see [`Prompt::read`]), or why it is
    /// none, as an error on the reply's first line: every system's `parse` reads a
    /// question's answer this way.
    pub fn answer(&self, body: &str) -> Result<String, Vec<OrderError>> {
        self.read(body)
            .map(|i| self.answers.get(i).cloned().unwrap_or_default())
            .map_err(|why| vec![OrderError::new(1, body.trim(), why)])
    }

    /// `1. take (the default), 2. gamble`.
    pub fn list(&self) -> String {
        self.answers
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{}. {a}{}", i + 1, if i == self.default { " (the default)" } else { "" }))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Phase {
    /// Marks the phase as the end of the game: id `OVER`, and a result if the state
    /// gave none.
    pub fn end(&mut self) {
        self.id = "OVER".into();
        if self.game_over.is_none() {
            self.game_over = Some("the game is over".into());
        }
    }

    /// Everyone the phase asks, required first: whose receipts enter the digest.
    pub fn asked(&self) -> Vec<PlayerId> {
        let mut all = self.waited_for();
        all.extend(self.welcome.iter().filter(|p| !all.contains(p)).cloned().collect::<Vec<_>>());
        all
    }

    /// The players the phase waits for: the due ones, then the optional ones.
    pub fn waited_for(&self) -> Vec<PlayerId> {
        let mut all = self.due.clone();
        all.extend(self.optional.iter().filter(|p| !self.due.contains(p)).cloned());
        all
    }
}

/// A step's outcome: the new state and what happened.
pub struct Resolution<S> {
    pub state: S,
    pub events: Vec<Event>,
}

/// One bad line of an orders file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderError {
    /// 1-based line number within the body given to `parse`.
    pub line: usize,
    /// The line as written.
    pub text: String,
    pub reason: String,
}

impl OrderError {
    pub fn new(line: usize, text: impl Into<String>, reason: impl Into<String>) -> Self {
        OrderError { line, text: text.into(), reason: reason.into() }
    }
}

/// The refusal of a file from a player the state seats on no side.
pub fn plays_no_side(player: &str) -> Vec<OrderError> {
    vec![OrderError::new(1, "", format!("'{player}' plays no side in this game"))]
}

/// An accepted line whose fate the check at ingest could not know (an enemy's
/// reaction, a die, an earlier line that may fail): told on the acknowledgement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineNote {
    /// The line as echoed.
    pub line: String,
    /// What it depends on.
    pub note: String,
}

/// The default reading of [`System::skipped`]: events `player` may read that say
/// `skipped: <line>: <why>`.
pub fn skipped_lines(player: &str, events: &[Event]) -> Vec<String> {
    let viewer = Viewer::Player(player.to_string());
    events
        .iter()
        .filter(|e| e.audience != Audience::Public && e.audience.admits(&viewer))
        .filter_map(|e| e.text.strip_prefix("skipped: "))
        .map(|rest| rest.split_once(": ").map_or(rest, |(line, _)| line).to_string())
        .collect()
}

/// Lines compared as a player would: case and spacing aside.
pub fn same_line(a: &str, b: &str) -> bool {
    let fold = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_uppercase();
    fold(a) == fold(b)
}

/// A titled block of a report: a map table, a unit list, a track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Section {
    pub title: String,
    pub lines: Vec<String>,
}

/// What one viewer may see of a state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct View {
    pub sections: Vec<Section>,
    /// A picture of the board for the HTML report, if the system draws one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    /// Anything else a custom template may use. Must hold only what the viewer may see.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub data: Value,
}

/// Which readers' views [`Engine::readers`] gives the system's own drawing of the board
/// ([`System::drawing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawings {
    /// Every reader's, as [`Engine::view`] gives it.
    All,
    /// Only those of readers who get no board picture: the others' reports show the
    /// picture where a view's drawing would go.
    Unpictured,
    /// None: for a caller that reads the sections alone (the welcome mail).
    Never,
}

/// What `new` tells a system.
pub struct Setup<'a> {
    pub campaign: &'a str,
    /// Player ids in the order the GM gave them.
    pub players: &'a [PlayerId],
    pub scenario: Option<&'a str>,
    pub options: &'a BTreeMap<String, String>,
}

impl Setup<'_> {
    /// Refuses a campaign of other than two players, naming the game (`title`) and
    /// the count.
    pub fn two_players(&self, title: &str) -> Result<()> {
        if self.players.len() != 2 {
            return Err(Error::setup(format!(
                "{title} is played by two players, not {}",
                self.players.len()
            )));
        }
        Ok(())
    }

    /// The players' sides, filled the one way every system shares (see `seats`).
    pub fn seats(&self, seating: &seats::Seating) -> Result<seats::Seats> {
        seats::assign(self.players, self.options, seating)
    }
}

/// One game's rules.
pub trait System: Send + Sync {
    type State: Serialize + DeserializeOwned + Clone;
    type Orders;

    /// The starting state. Setup takes no dice: randomness at the start of a game
    /// belongs to a first step with no orders due, so it is keyed like any other.
    fn setup(&self, setup: &Setup) -> Result<Self::State>;

    /// Who must order now, or that the game is over.
    fn phase(&self, state: &Self::State) -> Phase;

    /// Checks one player's orders body. Every bad line is reported, not just the first.
    /// An error must never reveal what `player` may not see.
    fn parse(&self, state: &Self::State, player: &str, body: &str) -> Result<Self::Orders, Vec<OrderError>>;

    /// A few example orders lines for the welcome mail, for the default [`System::guide`]
    /// (a system that writes its own guide need not write these).
    fn example_orders(&self, _state: &Self::State, _player: &str) -> Vec<String> {
        Vec::new()
    }

    /// What the welcome mail teaches: by default, the example orders alone.
    fn guide(&self, state: &Self::State, player: &str) -> Guide {
        Guide { now: self.example_orders(state, player), ..Guide::default() }
    }

    /// The orders as understood, one line each, for the acknowledgement.
    fn echo(&self, _state: &Self::State, _orders: &Self::Orders) -> Vec<String> {
        Vec::new()
    }

    /// Resolves the phase. `orders` holds every due player who sent orders; the others
    /// get the system's documented no-orders default.
    fn resolve(
        &self,
        state: &Self::State,
        orders: &BTreeMap<PlayerId, Self::Orders>,
        dice: &mut Dice,
    ) -> Result<Resolution<Self::State>>;

    /// What `viewer` may see of `state`, but for its drawing of the board ([`drawing`]).
    ///
    /// [`drawing`]: System::drawing
    fn view(&self, state: &Self::State, viewer: &Viewer) -> View;

    /// The view's own drawing of the board (its `svg`), apart from [`view`] because it
    /// costs as much as the rest of the view and a report with a board picture shows the
    /// picture instead: [`Engine::readers`] draws it only where it can be seen.
    /// `None`: the system draws none.
    ///
    /// [`view`]: System::view
    fn drawing(&self, _state: &Self::State, _viewer: &Viewer) -> Option<String> {
        None
    }

    /// The board as a picture (SVG) of what `viewer` may see of `state`, with the
    /// orders of the step that led to it from `before` drawn on it. `results` are that
    /// step's events, those `viewer` may see only (a result line may name where a unit
    /// went and not where it stood, which `before` tells). `None`: the system draws no
    /// such board (its view's own `svg`, if any, stands). Campaigns made before board
    /// pictures never call this, so their reports replay as they were.
    ///
    /// `frame` says how to draw it (the campaign's pinned style, `Frame::style`: 0 as
    /// campaigns made before drew it, byte for byte) and which step it shows.
    ///
    /// A picture is shared, not owned: on real coastlines it is some 200 KB, and most
    /// readers of a step are shown the same one, which a system may keep and hand out.
    fn picture(
        &self,
        _before: &Self::State,
        _state: &Self::State,
        _viewer: &Viewer,
        _results: &[Event],
        _frame: &crate::maps::Frame,
    ) -> Option<Arc<String>> {
        None
    }

    /// A random legal orders body for `player`, for soak tests and bots; `None` if the
    /// system has no bot. Whatever it returns, `parse` must accept.
    fn random_orders(
        &self,
        _state: &Self::State,
        _player: &str,
        _rng: &mut dyn rand_core::RngCore,
    ) -> Option<String> {
        None
    }

    /// A careless player's orders body for `player`: plausible lines (real ids, real
    /// places, real cards) that are often impossible, for `soak --careless`. `None`:
    /// the soak makes them by mixing up the bot's own lines (see `careless`).
    fn careless_orders(
        &self,
        _state: &Self::State,
        _player: &str,
        _rng: &mut dyn rand_core::RngCore,
    ) -> Option<String> {
        None
    }

    /// What the check at ingest knows of accepted lines that may still not run: each
    /// note names the line (as echoed) and what it depends on ("runs only if A03 is
    /// still in your hand after the Raid"). A system that says nothing here promises
    /// that every accepted line runs; `soak --careless` holds it to that.
    fn notes(&self, _state: &Self::State, _player: &str, _orders: &Self::Orders) -> Vec<LineNote> {
        Vec::new()
    }

    /// The lines of `player`'s orders (as echoed) that a step's `events` say were
    /// skipped or replaced by a default. By default, the lines told to the player as
    /// `skipped: <line>: <why>`.
    fn skipped(&self, player: &str, events: &[Event]) -> Vec<String> {
        skipped_lines(player, events)
    }

    /// Checks what the rules fix about any state (stacking, tracks, counter limits).
    fn check_invariants(&self, _state: &Self::State) -> Result<(), Broken> {
        Ok(())
    }

    /// For `soak`'s table of results: the group a game belongs to, read from a state
    /// once the game is set up (Andartes: the doctrine first rolled), and who won an
    /// ended game.
    fn soak_group(&self, _state: &Self::State) -> Option<String> {
        None
    }
    fn winner(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// Where each side stands, in public (supply centres, a track, points), one line a
    /// side: the zine's standings table across games reads it from the public ledger.
    fn standings(&self, _state: &Self::State) -> Vec<Standing> {
        Vec::new()
    }

    /// The game turn a state is in (a year's season, a month, a numbered turn), for
    /// `soak`'s count of mail round trips per player per game turn; None: each step
    /// is a turn.
    fn game_turn(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// The game year a state is in, where the system's turns are parts of a year (a
    /// Diplomacy season), for `soak`'s count of mails per player per game year; None:
    /// the system has no years of several turns.
    fn game_year(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// Builds now what the first picture would build (a real map's land cut to its
    /// provinces takes tens of milliseconds), for a caller with a core to spare before
    /// its workers start: `verify --bundle` does it beside its public checks, where the
    /// first step to draw would otherwise build it while the other workers wait.
    fn prepare_pictures(&self) {}

    /// Options `new` writes into every new campaign that does not set them: a rule this
    /// build changed is pinned that way, so a campaign made by an earlier build (which
    /// lacks the option) keeps its old rule and still replays byte for byte.
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
}

/// The face of a system the core uses: state as JSON, orders as sealed text.
pub trait Engine: Send + Sync {
    fn setup(&self, setup: &Setup) -> Result<Value>;
    fn phase(&self, state: &Value) -> Result<Phase>;
    /// Parses and echoes, or returns every bad line.
    fn check(&self, state: &Value, player: &str, body: &str) -> Result<Result<Vec<String>, Vec<OrderError>>>;
    /// Resolves with the sealed bodies. A body that no longer parses counts as no orders.
    fn resolve(
        &self,
        state: &Value,
        orders: &BTreeMap<PlayerId, String>,
        dice: &mut Dice,
    ) -> Result<(Value, Vec<Event>)>;
    /// What `viewer` may see of `state`, with the system's drawing of the board.
    fn view(&self, state: &Value, viewer: &Viewer) -> Result<View>;
    /// Each reader's view of `state` (as [`view`] gives it) and, with a `frame`, the board
    /// picture of the step from `before` with the results that reader is told
    /// ([`System::picture`]), the states read once for all the readers: a step's
    /// reports read them for a dozen readers, in every replay of every step. `drawings`
    /// says which views carry the system's own drawing ([`System::drawing`]).
    ///
    /// [`view`]: Engine::view
    fn readers(
        &self,
        before: &Value,
        state: &Value,
        viewers: &[Viewer],
        results: &[Event],
        frame: Option<&crate::maps::Frame>,
        drawings: Drawings,
    ) -> Result<Vec<(View, Option<Arc<String>>)>>;
    fn guide(&self, state: &Value, player: &str) -> Result<Guide>;
    fn random_orders(
        &self,
        state: &Value,
        player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Result<Option<String>>;
    fn careless_orders(
        &self,
        state: &Value,
        player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Result<Option<String>>;
    /// The notes on an accepted body's lines; `None` if the body is refused.
    fn notes(&self, state: &Value, player: &str, body: &str) -> Result<Option<Vec<LineNote>>>;
    fn skipped(&self, player: &str, events: &[Event]) -> Vec<String>;
    fn check_invariants(&self, state: &Value) -> Result<Result<(), Broken>>;
    fn soak_group(&self, state: &Value) -> Result<Option<String>>;
    fn winner(&self, state: &Value) -> Result<Option<String>>;
    fn game_turn(&self, state: &Value) -> Result<Option<String>>;
    fn standings(&self, state: &Value) -> Result<Vec<Standing>>;
    fn game_year(&self, state: &Value) -> Result<Option<String>>;
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)];
    fn prepare_pictures(&self);
}

fn load<S: DeserializeOwned>(state: &Value) -> Result<S> {
    S::deserialize(state).map_err(|e| Error::state(format!("it does not fit this system: {e}")))
}

impl<T: System> Engine for T {
    fn setup(&self, setup: &Setup) -> Result<Value> {
        Ok(serde_json::to_value(System::setup(self, setup)?)?)
    }

    fn phase(&self, state: &Value) -> Result<Phase> {
        Ok(System::phase(self, &load::<T::State>(state)?))
    }

    fn check(&self, state: &Value, player: &str, body: &str) -> Result<Result<Vec<String>, Vec<OrderError>>> {
        let state = load::<T::State>(state)?;
        Ok(self.parse(&state, player, body).map(|orders| self.echo(&state, &orders)))
    }

    fn resolve(
        &self,
        state: &Value,
        orders: &BTreeMap<PlayerId, String>,
        dice: &mut Dice,
    ) -> Result<(Value, Vec<Event>)> {
        let state = load::<T::State>(state)?;
        let mut parsed = BTreeMap::new();
        let mut events = Vec::new();
        for (player, body) in orders {
            match self.parse(&state, player, body) {
                Ok(o) => {
                    parsed.insert(player.clone(), o);
                }
                Err(_) => events.push(Event::gm(format!(
                    "{player}'s sealed orders no longer parse against this state; treated as no orders"
                ))),
            }
        }
        let resolution = System::resolve(self, &state, &parsed, dice)?;
        events.extend(resolution.events);
        Ok((serde_json::to_value(resolution.state)?, events))
    }

    fn view(&self, state: &Value, viewer: &Viewer) -> Result<View> {
        let state = load::<T::State>(state)?;
        let mut view = System::view(self, &state, viewer);
        if view.svg.is_none() {
            view.svg = System::drawing(self, &state, viewer);
        }
        Ok(view)
    }

    fn readers(
        &self,
        before: &Value,
        state: &Value,
        viewers: &[Viewer],
        results: &[Event],
        frame: Option<&crate::maps::Frame>,
        drawings: Drawings,
    ) -> Result<Vec<(View, Option<Arc<String>>)>> {
        let now = load::<T::State>(state)?;
        let before = match frame {
            Some(frame) => Some((load::<T::State>(before)?, frame)),
            None => None,
        };
        let read = |viewer: &Viewer| {
            let mut view = System::view(self, &now, viewer);
            let picture = before.as_ref().and_then(|(before, frame)| {
                let seen: Vec<Event> =
                    results.iter().filter(|e| e.audience.admits(viewer)).cloned().collect();
                System::picture(self, before, &now, viewer, &seen, frame)
            });
            let shown = match drawings {
                Drawings::All => true,
                Drawings::Unpictured => picture.is_none(),
                Drawings::Never => false,
            };
            if view.svg.is_none() && shown {
                view.svg = System::drawing(self, &now, viewer);
            }
            (view, picture)
        };
        Ok(viewers.iter().map(read).collect())
    }

    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        System::pinned_options(self)
    }

    fn prepare_pictures(&self) {
        System::prepare_pictures(self)
    }

    fn guide(&self, state: &Value, player: &str) -> Result<Guide> {
        Ok(self.guide(&load::<T::State>(state)?, player))
    }

    fn random_orders(
        &self,
        state: &Value,
        player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Result<Option<String>> {
        Ok(System::random_orders(self, &load::<T::State>(state)?, player, rng))
    }

    fn check_invariants(&self, state: &Value) -> Result<Result<(), Broken>> {
        Ok(System::check_invariants(self, &load::<T::State>(state)?))
    }
    fn careless_orders(
        &self,
        state: &Value,
        player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Result<Option<String>> {
        Ok(System::careless_orders(self, &load::<T::State>(state)?, player, rng))
    }

    fn notes(&self, state: &Value, player: &str, body: &str) -> Result<Option<Vec<LineNote>>> {
        let state = load::<T::State>(state)?;
        Ok(self.parse(&state, player, body).ok().map(|orders| System::notes(self, &state, player, &orders)))
    }

    fn skipped(&self, player: &str, events: &[Event]) -> Vec<String> {
        System::skipped(self, player, events)
    }

    fn soak_group(&self, state: &Value) -> Result<Option<String>> {
        Ok(System::soak_group(self, &load::<T::State>(state)?))
    }

    fn winner(&self, state: &Value) -> Result<Option<String>> {
        Ok(System::winner(self, &load::<T::State>(state)?))
    }

    fn game_turn(&self, state: &Value) -> Result<Option<String>> {
        Ok(System::game_turn(self, &load::<T::State>(state)?))
    }

    fn standings(&self, state: &Value) -> Result<Vec<Standing>> {
        Ok(System::standings(self, &load::<T::State>(state)?))
    }

    fn game_year(&self, state: &Value) -> Result<Option<String>> {
        Ok(System::game_year(self, &load::<T::State>(state)?))
    }
}

/// One side's standing, as the public may read it: `France` / `5 centres, 5 units`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub who: String,
    pub what: String,
}

impl Standing {
    pub fn new(who: impl Into<String>, what: impl Into<String>) -> Self {
        Standing { who: who.into(), what: what.into() }
    }
}

/// A registry entry.
pub struct SystemInfo {
    pub name: &'static str,
    pub title: &'static str,
    /// Opens the system with its data (the campaign's own copy where it has one).
    pub open: fn(&GameData) -> Result<Box<dyn Engine>>,
    /// The system's data files, embedded so the binary runs anywhere.
    pub files: &'static [(&'static str, &'static str)],
    /// Commands beyond the campaign loop that this system offers.
    pub tools: Tools,
    /// The campaign options it takes (checked before `setup` reads them; listed by
    /// `umpire systems`).
    pub options: &'static [options::OptionSpec],
    /// The revision of the system's rules code. A change that would resolve an
    /// existing campaign differently either comes with a pinned option (the usual
    /// way) or raises this; a campaign made by a build with a higher revision is
    /// refused by an older build, naming both.
    pub rules: u32,
}

/// `umpire what-if SYSTEM --position FILE --orders FILE [--json]`: one phase from a
/// position, without a campaign. The orders come as lines (each may hold more lines):
/// a `what-if --batch` job hands over slices of its own text.
pub type WhatIf = fn(position: &str, orders: &[&str], output: WhatIfOutput) -> Result<String>;

/// How `what-if` writes its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhatIfOutput {
    /// A zine-style report.
    Text,
    /// Indented JSON.
    Json,
    /// JSON on one line (`what-if --batch`).
    JsonLine,
    /// The board after the phase, with its orders drawn (`what-if --svg`).
    Svg,
}

/// `umpire bench SYSTEM`: a timing report. `reference` is an optional input file's text
/// (for Diplomacy, the DATC cases).
pub type Bench = fn(reference: Option<&str>, games: usize, seed: u64) -> Result<String>;

/// `umpire map DIR`: a picture of the board as `viewer` may see it.
pub type MapPicture = fn(state: &Value, viewer: &Viewer) -> Result<String>;

/// A system's what-if tool: one phase from a position's text, and for `what-if
/// --batch` perhaps a reader of whole job lines.
#[derive(Clone, Copy)]
pub struct WhatIfTool {
    pub phase: WhatIf,
    /// Reads a job line and its position object in one pass, as the system's own
    /// position, and answers it; the general reader first finds where the position
    /// ends and then reads it again, a tenth of a batch. `None` from it: the line is
    /// not one it takes whole (a position given as text, or anything malformed), and
    /// the general reader answers it, errors included, so the answers are the same.
    pub job: Option<WhatIfJob>,
}

/// See [`WhatIfTool::job`]: the job's id and its result, or `None`.
pub type WhatIfJob = fn(line: &str) -> Option<(serde_json::Value, Result<String>)>;

/// The optional commands of a system.
pub struct Tools {
    pub what_if: Option<WhatIfTool>,
    pub bench: Option<Bench>,
    pub map: Option<MapPicture>,
}

/// For systems that offer none of them.
pub const NO_TOOLS: Tools = Tools { what_if: None, bench: None, map: None };
