//! `guerilla-warfare`: Guerilla Warfare II on the Abstraction board.
//!
//! On the surface a Diplomacy game, adjudicated by the `diplomacy` engine on the
//! Abstraction map with a monthly calendar from July 1914 (rules 1-4); underneath, a
//! hidden-movement game of fractional units (rules 5-10) that only their owner and
//! the GM see. The saved state holds everything, so the core's state commitment binds
//! the GM to every hidden position; the views decide who sees what.
//!
//! Players are the seven powers, by id: austria england france germany italy russia
//! turkey. Options (see RULINGS.md): `limit=nationality|all`, `dispersed=count|free`,
//! `landing=within-limit|always`,
//! `autumn=before-builds|november`, `year=standard|two-season` (the zine's way:
//! standing retreat preferences and build lists with the moves, see `two_season`).

pub mod calendar;
pub mod careless;
pub mod fractions;
pub mod frozen;
pub mod hidden;
pub mod moves;
pub mod orders;
pub mod random;
pub mod reform;
pub mod season;
pub mod state;
pub mod svg;
pub mod two_season;
pub mod view;
pub mod votes;

use std::collections::{BTreeMap, BTreeSet};

pub use orders::GwOrders;
pub use random::random_orders;
pub use state::State;
pub use svg::{board_svg, map_svg};

use crate::dice::Dice;
use crate::engine::error::{Broken, Error, Result};
use crate::engine::{
    OrderError, Phase, PhaseMode, PlayerId, Resolution, Setup, System, SystemInfo, View, Viewer,
};
use crate::games::diplomacy::check::{adjustment_count, build_sites};
use crate::games::diplomacy::map::{Map, PowerId, UnitKind};
use crate::games::diplomacy::notation::Names;
use calendar::{FIRST_MOVE, Stage, phase_id, phase_title};
use fractions::Limit;
use frozen::Ice;
use reform::Muster;
use state::{Autumn, Decoded, Dispersed, Rules, decode, encode_owners, encode_units, in_game};

/// The board, embedded.
pub const BOARD_TOML: &str = include_str!("../../../games/guerilla-warfare/abstraction.toml");
/// The sample game `umpire demo --system guerilla-warfare` plays.
/// Where each province lies on the board picture (see `crate::maps`).
pub const PICTURE_FILE: &str = "board.toml";
pub const PICTURE_TOML: &str = include_str!("../../../games/guerilla-warfare/board.toml");
/// The board on the real map of Europe (`picture=geography`, new campaigns): the
/// provinces at their real places, drawn on Diplomacy's Natural Earth coastlines
/// (`crate::games::diplomacy::COAST_TOML`, whose frame covers this board's).
pub const GEOGRAPHY_FILE: &str = "geography.toml";
pub const GEOGRAPHY_TOML: &str = include_str!("../../../games/guerilla-warfare/geography.toml");

pub const DEMO_TOML: &str = include_str!("../../../games/guerilla-warfare/demo.toml");

pub static INFO: SystemInfo = SystemInfo {
    name: "guerilla-warfare",
    title: "Guerilla Warfare II (Diplomacy variant on the Abstraction board, with hidden fractional units)",
    open: |data| {
        let text = data.text("abstraction.toml")?;
        let game = GuerillaWarfare::from_text(&text)?;
        let drawing = data.text(PICTURE_FILE)?;
        // The built-in drawing on the built-in map is laid out the first time a picture
        // needs it (campaigns on the real map never do); a GM's own file now, so that a
        // broken one is refused by name.
        let built_in = text == BOARD_TOML;
        let mut game = if drawing == PICTURE_TOML && built_in {
            GuerillaWarfare { board: Some(Drawing::BuiltIn), ..game }
        } else {
            let layout = crate::games::diplomacy::picture::layout(&game.map, PICTURE_FILE, &drawing)
                .map_err(|e| Error::data(PICTURE_FILE, e))?;
            game.with_board(layout)
        };
        // A GM's own board.toml replaces the drawing whatever the campaign's `picture`.
        if drawing != PICTURE_TOML {
            return Ok(Box::new(game));
        }
        let geography = data.text(GEOGRAPHY_FILE)?;
        // So is the built-in real map (campaigns made before draw the drawing).
        let real = if geography == GEOGRAPHY_TOML && built_in {
            RealMap::BuiltIn
        } else {
            RealMap::Own(Box::new(real_map(&game.map, &geography)?))
        };
        game.geography = Some(real);
        Ok(Box::new(game))
    },
    files: &[
        ("abstraction.toml", BOARD_TOML),
        (PICTURE_FILE, PICTURE_TOML),
        (GEOGRAPHY_FILE, GEOGRAPHY_TOML),
        ("demo.toml", DEMO_TOML),
    ],
    tools: crate::engine::Tools { what_if: None, bench: None, map: Some(svg::map_svg) },
    options: &[
        crate::engine::options::OptionSpec {
            key: "limit",
            values: &["nationality", "all"],
            help: "whose fractions count for the whole-unit limit (R19)",
        },
        crate::engine::options::OptionSpec {
            key: "autumn",
            values: &["before-builds", "november"],
            help: "which moves are autumn (R3)",
        },
        crate::engine::options::OptionSpec {
            key: "dispersed",
            values: &["count", "free"],
            help: "a dispersed unit at adjustments (R25; pinned: count)",
        },
        crate::engine::options::OptionSpec {
            key: "landing",
            values: &["within-limit", "always"],
            help: "a fleet's landing and the limit (R26; pinned: within-limit)",
        },
        crate::engine::options::OptionSpec {
            key: "year",
            values: &["standard", "two-season"],
            help: "two-season: retreat preferences with every move, build and removal lists with the moves before an adjustment month",
        },
        crate::engine::options::OptionSpec {
            key: "picture",
            values: &["drawing", "geography"],
            help: "the board the pictures are drawn on: geography (real places on real coastlines, geography.toml) or drawing (points read off the Pouch drawing, board.toml) (pinned: geography)",
        },
    ],
    rules: 1,
};

/// The system, with its board prepared.
pub struct GuerillaWarfare {
    pub map: Map,
    muster: Muster,
    names: Names,
    ice: Ice,
    board: Option<Drawing>,
    /// The board on the real map and its coastlines (`picture=geography`); None where a
    /// GM's own board.toml replaces every picture.
    geography: Option<RealMap>,
    /// The readers' board pictures (`View::svg`), drawn once where they are the same.
    boards: svg::Board,
    /// The step pictures last drawn, by what they show (see [`Shown`]).
    pictures: crate::maps::kept::Kept<Shown, Option<std::sync::Arc<String>>>,
}

/// The board on the real map: its layout, and the land cut to its cells (the built-in
/// board only).
type Geography = (crate::maps::Layout, Option<crate::maps::layout::Coast>);

/// The drawing the pictures are drawn on where they are not on the real map.
enum Drawing {
    /// A GM's own `board.toml` (or the built-in one on a GM's own map), laid out when
    /// the campaign was opened.
    Own(Box<crate::maps::Layout>),
    /// The built-in one on the built-in map: see [`built_in_drawing`].
    BuiltIn,
}

/// Where the real-map picture comes from.
enum RealMap {
    /// `geography.toml` as built in, on the built-in map: see [`built_in`].
    BuiltIn,
    /// A GM's own `geography.toml` (or board), laid out when the campaign was opened.
    Own(Box<Geography>),
}

/// Lays out `text` (a `geography.toml`) for `map`. Real coastlines go under the built-in
/// file only (a GM's own may frame another part of the world: its cells are drawn as
/// they are), each province in one piece.
fn real_map(map: &Map, text: &str) -> Result<Geography> {
    let board = crate::games::diplomacy::picture::layout(map, GEOGRAPHY_FILE, text)
        .map_err(|e| Error::data(GEOGRAPHY_FILE, e))?;
    if text != GEOGRAPHY_TOML {
        return Ok((board, None));
    }
    let coast = crate::maps::layout::Coast::build(
        crate::games::diplomacy::COAST_FILE,
        crate::games::diplomacy::COAST_TOML,
        &board,
    )
    .map_err(|e| Error::data(crate::games::diplomacy::COAST_FILE, e))?
    // Provinces of many seeds: one piece each, not a line round every cell.
    .merged(&board);
    Ok((board, Some(coast)))
}

/// The built-in board on its coastlines, the same every time: laying it out and cutting
/// the land to its cells (some 35 ms) is done once a process and only when a picture
/// needs it (a tick opens every campaign that is due, most of them drawing nothing), as
/// Diplomacy's is. `map` is the built-in map.
fn built_in(map: &Map) -> Option<&'static Geography> {
    static BUILT_IN: std::sync::OnceLock<Option<Geography>> = std::sync::OnceLock::new();
    BUILT_IN.get_or_init(|| real_map(map, GEOGRAPHY_TOML).ok()).as_ref()
}

/// The built-in drawing (`board.toml`) laid out on the built-in map, once a process and
/// only when a picture needs it. `map` is the built-in map.
fn built_in_drawing(map: &Map) -> Option<&'static crate::maps::Layout> {
    static DRAWING: std::sync::OnceLock<Option<crate::maps::Layout>> = std::sync::OnceLock::new();
    DRAWING
        .get_or_init(|| crate::games::diplomacy::picture::layout(map, PICTURE_FILE, PICTURE_TOML).ok())
        .as_ref()
}

/// What `abstraction.toml` gives: the map, its muster grounds, the provinces' names as
/// orders spell them, the frozen provinces.
#[derive(Clone)]
struct Parsed {
    map: Map,
    muster: Muster,
    names: Names,
    ice: Ice,
}

impl Parsed {
    fn of(text: &str) -> Result<Parsed> {
        let map = Map::from_toml(text, "abstraction.toml")?;
        if map.powers.len() != 7 {
            return Err(Error::data(
                "abstraction.toml",
                format!("Guerilla Warfare II needs the seven powers, found {}", map.powers.len()),
            ));
        }
        let muster = Muster::new(&map, text, "abstraction.toml")?;
        let names = Names::new(&map);
        let ice = Ice::new(&map);
        Ok(Parsed { map, muster, names, ice })
    }

    /// The built-in board's, read once a process: `verify --bundle` opens the game twice
    /// (the bundle's and the campaign's), and reading it is most of opening it.
    fn built_in() -> Option<&'static Parsed> {
        static BUILT_IN: std::sync::OnceLock<Option<Parsed>> = std::sync::OnceLock::new();
        BUILT_IN.get_or_init(|| Parsed::of(BOARD_TOML).ok()).as_ref()
    }
}

/// Everything a step picture is drawn from: the state, the results its reader sees, the
/// fractions (by their place in the state) that reader may see, and the frame. Readers
/// shown the same get the same picture, drawn once.
#[derive(Clone, PartialEq)]
struct Shown {
    state: State,
    results: Vec<crate::engine::Event>,
    fractions: Vec<usize>,
    style: u32,
    step: u64,
}

impl GuerillaWarfare {
    /// Opens the embedded board.
    pub fn new() -> Result<GuerillaWarfare> {
        GuerillaWarfare::from_text(BOARD_TOML)
    }

    pub fn from_text(text: &str) -> Result<GuerillaWarfare> {
        let Parsed { map, muster, names, ice } = match (text == BOARD_TOML).then(Parsed::built_in).flatten() {
            Some(parsed) => parsed.clone(),
            None => Parsed::of(text)?,
        };
        Ok(GuerillaWarfare {
            map,
            muster,
            names,
            ice,
            board: None,
            geography: None,
            boards: svg::Board::default(),
            // Every reader's of the steps drawn at once.
            pictures: crate::maps::kept::Kept::new(24),
        })
    }

    /// The layout of the drawing the pictures are drawn on where they are not on the
    /// real map: the campaign's own, else the built-in one ([`built_in_drawing`]).
    fn drawing_layout(&self) -> Option<&crate::maps::Layout> {
        match self.board.as_ref()? {
            Drawing::Own(layout) => Some(layout.as_ref()),
            Drawing::BuiltIn => built_in_drawing(&self.map),
        }
    }

    /// The same game, drawing its board with `layout`.
    pub fn with_board(mut self, layout: crate::maps::Layout) -> GuerillaWarfare {
        self.board = Some(Drawing::Own(Box::new(layout)));
        self
    }

    /// The starting state with the given rules.
    pub fn start(&self, rules: Rules) -> State {
        let board = crate::games::diplomacy::board::Board::start(&self.map);
        let owners = crate::games::diplomacy::board::Ownership::start(&self.map);
        State {
            date: FIRST_MOVE,
            stage: Stage::Movement,
            units: encode_units(&self.map, &board),
            owners: encode_owners(&self.map, &owners),
            fractions: Vec::new(),
            next_fraction: 1,
            dislodged: Vec::new(),
            dispersed: BTreeMap::new(),
            stood: BTreeMap::new(),
            rules,
            game_over: None,
            guerilla_units: BTreeMap::new(),
            standing: Default::default(),
        }
    }

    fn power_of(&self, player: &str) -> Option<PowerId> {
        self.map.power_index(player)
    }

    /// The standing preferences of `orders` (two-season moves) as echoed, each with
    /// what it depends on; Archangel written as the rules write it.
    fn standing_lines(&self, s: &State, orders: &GwOrders) -> Vec<(String, String)> {
        let Ok(dec) = decode(&self.map, s) else { return Vec::new() };
        if s.stage != Stage::Movement {
            return Vec::new();
        }
        crate::games::diplomacy::standing::lines(
            &self.map,
            &dec.board,
            &orders.conventional.standing,
            crate::games::diplomacy::text::Style::Short,
            "these moves",
        )
        .into_iter()
        .map(|(line, note)| (orders::as_the_rules_write(&line), note))
        .collect()
    }
}

/// Powers due in a movement phase: those still in the game, by public facts alone.
pub fn due_movement(map: &Map, dec: &Decoded) -> Vec<PowerId> {
    (0..map.powers.len() as PowerId).filter(|&p| in_game(&dec.board, &dec.ownership, p)).collect()
}

/// Powers due in an adjustment phase: those with removals, or builds and somewhere to build.
pub fn due_adjustment(map: &Map, dec: &Decoded) -> Vec<PowerId> {
    (0..map.powers.len() as PowerId)
        .filter(|&p| {
            let delta = adjustment_count(&dec.board, &dec.ownership, p);
            delta < 0 || (delta > 0 && !build_sites(map, &dec.board, &dec.ownership, p).is_empty())
        })
        .collect()
}

fn parse_rules(options: &BTreeMap<String, String>) -> Result<Rules> {
    let mut rules = Rules::default();
    for (key, value) in options {
        match (key.as_str(), value.to_ascii_lowercase().as_str()) {
            ("limit", "nationality") => rules.limit = Limit::Nationality,
            ("limit", "all") => rules.limit = Limit::All,
            ("limit", other) => {
                return Err(Error::setup(format!("option limit={other}: use nationality or all")));
            }
            ("autumn", "before-builds") => rules.autumn = Autumn::BeforeBuilds,
            ("autumn", "november") => rules.autumn = Autumn::November,
            ("autumn", other) => {
                return Err(Error::setup(format!("option autumn={other}: use before-builds or november")));
            }
            ("dispersed", "count") => rules.dispersed = Dispersed::Count,
            ("dispersed", "free") => rules.dispersed = Dispersed::Free,
            ("dispersed", other) => {
                return Err(Error::setup(format!("option dispersed={other}: use count or free")));
            }
            ("landing", "within-limit") => rules.landing = state::Landing::WithinLimit,
            ("landing", "always") => rules.landing = state::Landing::Always,
            ("landing", other) => {
                return Err(Error::setup(format!("option landing={other}: use within-limit or always")));
            }
            ("year", "standard") => rules.year = state::Year::Standard,
            ("year", "two-season") => rules.year = state::Year::TwoSeason,
            ("year", other) => {
                return Err(Error::setup(format!("option year={other}: use standard or two-season")));
            }
            ("picture", "drawing") => rules.picture = state::Picture::Drawing,
            ("picture", "geography") => rules.picture = state::Picture::Geography,
            ("picture", other) => {
                return Err(Error::setup(format!("option picture={other}: use geography or drawing")));
            }
            _ => {
                return Err(Error::setup(format!(
                    "guerilla-warfare has no option '{key}' (it has: limit=nationality|all, autumn=before-builds|november, dispersed=count|free, landing=within-limit|always, year=standard|two-season, picture=geography|drawing)"
                )));
            }
        }
    }
    Ok(rules)
}

impl System for GuerillaWarfare {
    type State = State;
    type Orders = GwOrders;

    fn setup(&self, setup: &Setup) -> Result<State> {
        let rules = parse_rules(setup.options)?;
        if let Some(s) = setup.scenario
            && s != "standard"
        {
            return Err(Error::setup(format!(
                "guerilla-warfare has one scenario, 'standard' (the 1914 start); not '{s}'"
            )));
        }
        let wanted: BTreeSet<&str> = self.map.powers.iter().map(|p| p.id.as_str()).collect();
        let given: BTreeSet<&str> = setup.players.iter().map(String::as_str).collect();
        if given != wanted || setup.players.len() != wanted.len() {
            return Err(Error::setup(format!(
                "guerilla-warfare is played by the seven powers, named by id: {} (got: {})",
                wanted.iter().copied().collect::<Vec<_>>().join(" "),
                setup.players.join(" ")
            )));
        }
        Ok(self.start(rules))
    }

    /// New campaigns count dispersed units at adjustments (R25), land a fleet's
    /// fractions only within the whole-unit limit (R26) and draw the board on the real
    /// map; campaigns made before keep the earlier readings and the drawing.
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[("dispersed", "count"), ("landing", "within-limit"), ("picture", "geography")]
    }

    fn phase(&self, s: &State) -> Phase {
        let id = phase_id(s.date, s.stage);
        let title = phase_title(s.date, s.stage);
        let kind = match s.stage {
            Stage::Movement => "movement",
            Stage::Retreat => "retreat",
            Stage::Adjustment => "adjustment",
        }
        .to_string();
        if let Some(result) = &s.game_over {
            return Phase {
                id,
                title,
                due: Vec::new(),
                mode: PhaseMode::Deadline,
                game_over: Some(result.clone()),
                kind,
                optional: Vec::new(),
                welcome: Vec::new(),
                prompts: Default::default(),
            };
        }
        let due: Vec<PowerId> = match decode(&self.map, s) {
            Err(_) => Vec::new(),
            Ok(dec) => match s.stage {
                Stage::Movement => due_movement(&self.map, &dec),
                Stage::Retreat => {
                    let set: BTreeSet<PowerId> = dec.dislodged.iter().map(|d| d.unit.power).collect();
                    set.into_iter().collect()
                }
                Stage::Adjustment => due_adjustment(&self.map, &dec),
            },
        };
        // Two-season: only those whose preferences left something open.
        let due = match (s.rules.year, s.standing.read(&self.map), decode(&self.map, s)) {
            (state::Year::TwoSeason, Ok(held), Ok(dec)) => {
                let now = two_season::Now { state: s.clone(), dec };
                due.into_iter().filter(|&p| two_season::due(self, &now, &held, p)).collect()
            }
            _ => due,
        };
        Phase {
            id,
            title,
            due: due.into_iter().map(|p| self.map.power(p).id.clone()).collect(),
            mode: PhaseMode::Deadline,
            game_over: None,
            kind,
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: Default::default(),
        }
    }

    fn parse(&self, s: &State, player: &str, body: &str) -> Result<GwOrders, Vec<OrderError>> {
        let Some(power) = self.power_of(player) else {
            return Err(vec![OrderError::new(0, "", format!("'{player}' is not a power of this game"))]);
        };
        let dec = match decode(&self.map, s) {
            Ok(d) => d,
            Err(e) => {
                return Err(vec![OrderError::new(0, "", format!("the game state cannot be read: {e}"))]);
            }
        };
        let ctx =
            orders::Ctx { map: &self.map, names: &self.names, ice: &self.ice, state: s, dec: &dec, power };
        orders::read(&ctx, body)
    }

    /// The welcome mail's lesson, in the rulebook's own style (`A(Par)`), built from the
    /// player's real position so that every line is accepted as it stands: this move's
    /// orders (one army disperses, the rest hold), the limits in words, and two ways to
    /// go on next move (move a guerilla; reform the unit, supported).
    fn guide(&self, s: &State, player: &str) -> crate::engine::Guide {
        let mut g = crate::engine::Guide { notes: guide_notes(), ..crate::engine::Guide::default() };
        let (Some(me), Ok(dec)) = (self.power_of(player), decode(&self.map, s)) else {
            return g;
        };
        if s.stage != Stage::Movement || s.game_over.is_some() {
            return g;
        }
        let map = &self.map;
        let cap = |p: crate::games::diplomacy::map::ProvinceId| {
            // Archangel as the rules write it, Ark: `Arc` could be read as their ARC.
            let id = if map.province(p).id == "arc" { "ark" } else { map.province(p).id.as_str() };
            let mut c = id.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
        };
        let army_moves = |q| {
            (0..map.province_count() as u16)
                .filter(move |&t| orders::one_move(map, UnitKind::Army, q, t))
                .collect::<Vec<_>>()
        };
        let limit_left = s.date >= calendar::DISPERSAL_LIMIT_ENDS
            || s.dispersed.get(&map.power(me).id).copied().unwrap_or(0) < 2;
        let disperser = dec.board.provinces_of(me).find(|&q| {
            limit_left
                && dec.board.unit(q).is_some_and(|u| u.kind == UnitKind::Army)
                && army_moves(q).len() >= 3
        });
        let mut near = Vec::new();
        for q in dec.board.provinces_of(me) {
            let Some(u) = dec.board.unit(q) else { continue };
            let letter = u.kind.letter();
            if Some(q) == disperser {
                near = army_moves(q).into_iter().take(3).collect();
                let parts: Vec<String> = near.iter().map(|&t| format!("1/3 A({})", cap(t))).collect();
                g.now.push(format!("A({}) disperses - {}", cap(q), parts.join(", ")));
            } else {
                g.now.push(format!("{letter}({}) H", cap(q)));
            }
        }
        if s.rules.year == state::Year::TwoSeason {
            two_season_guide(map, s.date, &dec, me, disperser, &mut g, &cap);
        }
        let Some(q) = disperser else { return g };
        let parts: Vec<String> = near.iter().map(|&t| format!("1/3 A({})", cap(t))).collect();
        if let Some(&first) = near.first()
            && let Some(to) = army_moves(first).into_iter().find(|t| !near.contains(t) && *t != q)
        {
            g.next.push(crate::engine::ExampleBlock {
                title: "To move a guerilla (one move, like an army; the others stay):".into(),
                lines: vec![format!("1/3 A({}) - {}", cap(first), cap(to))],
            });
        }
        let mut reform = vec![format!("reform A({}) from {}", cap(q), parts.join(", "))];
        if let Some((p, u)) =
            dec.board.provinces_of(me).filter(|&p| p != q).find_map(|p| {
                dec.board.unit(p).filter(|u| map.can_reach(u.kind, u.region, q)).map(|u| (p, u))
            })
        {
            reform.push(format!("{}({}) S reform {}", u.kind.letter(), cap(p), cap(q)));
        }
        g.next.push(crate::engine::ExampleBlock {
            title: "To form the unit again where its thirds can reach (rule 6), supported:".into(),
            lines: reform,
        });
        g
    }

    fn echo(&self, s: &State, orders: &GwOrders) -> Vec<String> {
        let standing = self.standing_lines(s, orders);
        if orders.echo.is_empty() && standing.is_empty() {
            return vec!["# no orders: every unit holds, every fraction stays".into()];
        }
        let mut out = orders.echo.clone();
        for (line, note) in standing {
            out.push(line);
            out.push(format!("# {note}"));
        }
        out
    }

    /// Standing preferences run only if the move gives them something to do.
    fn notes(&self, s: &State, _player: &str, orders: &GwOrders) -> Vec<crate::engine::LineNote> {
        self.standing_lines(s, orders)
            .into_iter()
            .map(|(line, note)| crate::engine::LineNote { line, note })
            .collect()
    }

    fn resolve(
        &self,
        s: &State,
        orders: &BTreeMap<PlayerId, GwOrders>,
        _dice: &mut Dice,
    ) -> Result<Resolution<State>> {
        if s.game_over.is_some() {
            return Err(Error::step("the game is over"));
        }
        let by_power: BTreeMap<PowerId, GwOrders> =
            orders.iter().filter_map(|(p, o)| self.power_of(p).map(|pw| (pw, o.clone()))).collect();
        let (state, events) = match (s.rules.year, s.stage) {
            (state::Year::TwoSeason, _) => two_season::resolve(self, s, &by_power)?,
            (_, Stage::Movement) => moves::resolve(self, s, &by_power)?,
            (_, Stage::Retreat) => season::retreats(self, s, &by_power, &BTreeSet::new())?,
            (_, Stage::Adjustment) => season::adjustments(self, s, &by_power, &[])?,
        };
        Ok(Resolution { state, events })
    }

    fn view(&self, s: &State, viewer: &Viewer) -> View {
        view::view(self, s, viewer)
    }

    fn drawing(&self, s: &State, viewer: &Viewer) -> Option<String> {
        view::drawing(self, s, viewer)
    }

    /// The Abstraction board: everyone's units and centres, the step's orders as the
    /// reports tell them, and the fractions of the viewer's own power only (all of
    /// them for the GM, none in public).
    fn picture(
        &self,
        _before: &State,
        s: &State,
        viewer: &Viewer,
        results: &[crate::engine::Event],
        frame: &crate::maps::Frame,
    ) -> Option<std::sync::Arc<String>> {
        let real = match (s.rules.picture, &self.geography) {
            (state::Picture::Geography, Some(RealMap::BuiltIn)) => built_in(&self.map),
            (state::Picture::Geography, Some(RealMap::Own(g))) => Some(g.as_ref()),
            _ => None,
        };
        let (layout, coast) = match real {
            Some((layout, coast)) => (layout, coast.as_ref()),
            None => (self.drawing_layout()?, None),
        };
        let dec = decode(&self.map, s).ok()?;
        let fractions: Vec<usize> = (0..dec.fractions.len())
            .filter(|&i| {
                dec.fractions.get(i).is_some_and(|f| svg::sees_fractions(&self.map, viewer, f.power))
            })
            .collect();
        let (style, step) = (frame.style, frame.step);
        self.pictures.find_or(
            |k| {
                k.style == style
                    && k.step == step
                    && k.fractions == fractions
                    && k.results == results
                    && k.state == *s
            },
            || Shown {
                state: s.clone(),
                results: results.to_vec(),
                fractions: fractions.clone(),
                style,
                step,
            },
            || self.draw_picture((layout, coast), s, &dec, viewer, results, frame),
        )
    }

    fn prepare_pictures(&self) {
        if let Some(RealMap::BuiltIn) = self.geography {
            let _ = built_in(&self.map);
        }
    }

    fn random_orders(&self, s: &State, player: &str, rng: &mut dyn rand_core::RngCore) -> Option<String> {
        Some(random::orders_for(self, s, player, rng))
    }

    fn careless_orders(&self, s: &State, player: &str, rng: &mut dyn rand_core::RngCore) -> Option<String> {
        Some(careless::orders(self, s, player, rng))
    }

    /// A month: one move (and its retreats and adjustments).
    /// Each power's supply centres (the report's "Supply centres" section).
    fn standings(&self, s: &State) -> Vec<crate::engine::Standing> {
        let Ok(dec) = state::decode(&self.map, s) else { return Vec::new() };
        (0..self.map.powers.len() as crate::games::diplomacy::map::PowerId)
            .map(|p| {
                let n = self.map.centres().filter(|&c| dec.ownership.owner[c as usize] == Some(p)).count();
                crate::engine::Standing::new(self.map.power(p).name.clone(), format!("{n} centres"))
            })
            .collect()
    }

    fn game_turn(&self, s: &State) -> Option<String> {
        Some(format!("{}-{:02}", s.date.year, s.date.month))
    }

    /// The game's year, July to June (the first move is July 1914): twelve moves and
    /// four adjustments, the last year (July to December 1918) shorter.
    fn game_year(&self, s: &State) -> Option<String> {
        let from = if s.date.month >= 7 { s.date.year } else { s.date.year.saturating_sub(1) };
        Some(format!("{from}-{}", from + 1))
    }

    fn check_invariants(&self, s: &State) -> Result<(), Broken> {
        invariants(&self.map, s)
    }
}

/// The welcome of a two-season campaign: how preferences are written, a retreat
/// preference for the first unit that does not disperse, and the lists for the moves
/// before an adjustment month, from the power's own centres and units.
fn two_season_guide(
    map: &Map,
    date: calendar::Date,
    dec: &Decoded,
    me: PowerId,
    disperser: Option<crate::games::diplomacy::map::ProvinceId>,
    g: &mut crate::engine::Guide,
    cap: &dyn Fn(crate::games::diplomacy::map::ProvinceId) -> String,
) {
    g.notes.extend(
        [
            "The zine's way (year=two-season): with every move, give a unit's retreats in order",
            "of preference in case it is dislodged: A(Vie) R Gal, Boh (or A(Vie) H; R Gal, Boh);",
            "the first it may retreat to is taken, and disband may end the list. With the moves",
            "before an adjustment month (August, November, February, May), list builds and",
            "removals in order: Build A(Vie), F(Zar) and Remove F(Zar), A(Vie) (a unit named by",
            "where it will stand). The GM resolves the retreats and adjustments these settle",
            "with the moves and asks only where none applies. Guerillas never retreat.",
        ]
        .map(String::from),
    );
    let army = dec
        .board
        .provinces_of(me)
        .find(|&p| Some(p) != disperser && dec.board.unit(p).is_some_and(|u| u.kind == UnitKind::Army));
    if let Some(p) = army {
        let to: Vec<String> = (0..map.province_count() as crate::games::diplomacy::map::ProvinceId)
            .filter(|&t| orders::one_move(map, UnitKind::Army, p, t))
            .take(3)
            .map(cap)
            .collect();
        if !to.is_empty() {
            g.now.push(format!("A({}) R {}", cap(p), to.join(", ")));
        }
    }
    let builds: Vec<String> = map.homes(me).take(2).map(|p| format!("A({})", cap(p))).collect();
    let removals: Vec<String> = dec
        .board
        .provinces_of(me)
        .filter(|&p| Some(p) != disperser)
        .take(2)
        .filter_map(|p| dec.board.unit(p).map(|u| format!("{}({})", u.kind.letter(), cap(p))))
        .collect();
    // The next moves that carry the lists (the ones before an adjustment month).
    let mut at = date.next();
    while !at.takes_centres() {
        at = at.next();
    }
    let lists_month =
        calendar::MONTH_NAMES.get(at.month.saturating_sub(1) as usize).copied().unwrap_or("next");
    if !builds.is_empty() && !removals.is_empty() {
        g.next.push(crate::engine::ExampleBlock {
            title: format!("With the {} moves, builds and removals in order of preference:", lists_month),
            lines: vec![format!("Build {}", builds.join(", ")), format!("Remove {}", removals.join(", "))],
        });
    }
}

impl GuerillaWarfare {
    /// The step picture for `viewer` (see `picture`).
    fn draw_picture(
        &self,
        (layout, coast): (&crate::maps::Layout, Option<&crate::maps::layout::Coast>),
        s: &State,
        dec: &Decoded,
        viewer: &Viewer,
        results: &[crate::engine::Event],
        frame: &crate::maps::Frame,
    ) -> Option<std::sync::Arc<String>> {
        use crate::games::diplomacy::picture;
        let title = format!("{}: {}", self.map.name, calendar::phase_title(s.date, s.stage));
        let on = picture::OnBoard { board: &dec.board, ownership: &dec.ownership, dislodged: &dec.dislodged };
        let mut scene = picture::scene(&self.map, &self.names, title, on, results);
        for f in dec.fractions.iter().filter(|f| svg::sees_fractions(&self.map, viewer, f.power)) {
            let letter = format!("{}{}", fractions::Size(f.size), f.kind.letter());
            scene.units.push(picture::hidden_piece(
                &self.map,
                f.power,
                f.at,
                letter,
                orders::show_frac(&self.map, f),
            ));
        }
        if frame.clear() {
            let title = format!(
                "Guerilla Warfare II: {}, step {}",
                calendar::phase_title(s.date, s.stage),
                frame.step
            );
            let mut scene = picture::clear(&self.map, scene, title, &dec.ownership);
            scene.notes.push("small dashed counters: your own hidden fractions".into());
            return Some(crate::maps::clear::svg_shared(layout, &scene, coast));
        }
        Some(std::sync::Arc::new(crate::maps::draw::svg(layout, &scene)))
    }
}

/// The notation and the limits, in words (the welcome mail's notes).
fn guide_notes() -> Vec<String> {
    [
        "Units: A(Par) or A par; guerillas: 1/3 A(Bur), 1/3A bur or 1/3 A bur; moves: -, -> or to.",
        "Archangel is Ark and the Arctic Ocean is ARO (ARC is read by what the unit could do).",
        "A dispersal (rule 5): at least three parts, none over 1/3, adding up to one unit,",
        "each to a different province the unit could reach in one move; no power may",
        "disperse more than two units before March 1915; and no move may leave more than one",
        "whole unit of your guerillas in a province (such moves fail and the guerillas stay).",
        "Votes (rule 3c, secret unless unanimous): a line DRAW, or CONCEDE and a power's name.",
    ]
    .map(String::from)
    .to_vec()
}

/// What every state must satisfy: it fits the board, no fraction is over a third, and
/// every fraction aboard is on its power's fleet, which carries less than a whole unit.
pub fn invariants(map: &Map, s: &State) -> Result<(), Broken> {
    let dec = decode(map, s).map_err(|e| e.to_string())?;
    let mut load: BTreeMap<(PowerId, crate::games::diplomacy::map::ProvinceId), u32> = BTreeMap::new();
    for f in &dec.fractions {
        if f.size > fractions::MAX_PART {
            return Err(format!("fraction {} is more than a third of a unit", f.id).into());
        }
        if f.aboard {
            let on_board =
                dec.board.unit(f.at).is_some_and(|u| u.power == f.power && u.kind == UnitKind::Fleet);
            let dislodged = dec.dislodged.iter().any(|d| {
                d.unit.power == f.power
                    && d.unit.kind == UnitKind::Fleet
                    && map.province_of(d.unit.region) == f.at
            });
            if !on_board && !dislodged {
                return Err(format!(
                    "fraction {} is aboard a fleet that is not there ({})",
                    f.id,
                    map.province(f.at).id
                )
                .into());
            }
            *load.entry((f.power, f.at)).or_insert(0) += f.size;
        } else if f.kind == UnitKind::Army
            && map.province(f.at).terrain == crate::games::diplomacy::map::Terrain::Sea
        {
            return Err(format!("fractional army {} is at sea without a fleet", f.id).into());
        }
    }
    if let Some(((_, p), _)) = load.iter().find(|(_, l)| **l >= fractions::WHOLE) {
        return Err(format!("a fleet in {} carries a whole unit of fractions", map.province(*p).id).into());
    }
    // Rule 5's whole-unit limit after every step (ruling R26 makes landings keep it).
    if s.rules.landing == state::Landing::WithinLimit {
        let mut ashore: BTreeMap<(Option<PowerId>, crate::games::diplomacy::map::ProvinceId), u32> =
            BTreeMap::new();
        for f in dec.fractions.iter().filter(|f| !f.aboard) {
            *ashore.entry((s.rules.limit.pool(f.power), f.at)).or_insert(0) += f.size;
        }
        if let Some(((_, p), l)) = ashore.iter().find(|(_, l)| **l > fractions::WHOLE) {
            return Err(format!(
                "{} of a unit in fractions in {}: more than the whole-unit limit (rule 5)",
                fractions::Size(*l).show(),
                map.province(*p).id
            )
            .into());
        }
    }
    if s.next_fraction <= dec.fractions.iter().map(|f| f.id).max().unwrap_or(0) {
        return Err("a fraction id is not below next_fraction".into());
    }
    Ok(())
}
