//! The orders notation: a turn script (actions, missions, Tasks, `IF` guards, `OR`
//! alternatives, `WAIT`, `PASS`), standing reactions, and the set-up lines. Each line
//! is read to a command and written back in one canonical form (upper case, single
//! spaces), which is what the acknowledgement echoes and what the state keeps; the
//! echo reads back to itself.

use super::attack::{Kind, Take};
use super::data::{Outcome, Square};
use super::state::{State, Supply};

/// A supply word: a type, or a Fallen chit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SupplyWord {
    Air,
    Capital,
    Industry,
    Fallen,
}

impl SupplyWord {
    fn parse(w: &str) -> Option<SupplyWord> {
        Some(match w {
            "AIR" => SupplyWord::Air,
            "CAPITAL" => SupplyWord::Capital,
            "INDUSTRY" => SupplyWord::Industry,
            "FALLEN" => SupplyWord::Fallen,
            _ => return None,
        })
    }
    pub fn matches(self, s: Supply) -> bool {
        match self {
            SupplyWord::Air => s == Supply::Air,
            SupplyWord::Capital => s == Supply::Capital,
            SupplyWord::Industry => s == Supply::Industry,
            SupplyWord::Fallen => s.fallen(),
        }
    }
}

/// A script line's guard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Guard {
    Active(String),
    Disrupted(String),
    Gone(String),
    Empty(Square),
    Enemy(Square),
    Mine(Square),
    EdgeMine,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackOrder {
    pub unit: String,
    pub target: Square,
    pub take: Take,
    /// Results the attacker re-rolls with an ON Edge (default: a Miss).
    pub edge_if: Option<Vec<Outcome>>,
    pub retreat: Vec<Square>,
    pub displace: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Supply(SupplyWord),
    Move { unit: String, path: Vec<Square> },
    Amphib { unit: String, to: Square },
    Attack(AttackOrder),
    Commission,
    Build(String),
    Para { unit: String, to: Square },
    Regroup(String),
    Cache,
    Maneuver { unit: String, to: Square },
    Relieve(String, String),
    Wait,
    Pass(Option<SupplyWord>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptLine {
    pub or: bool,
    pub guard: Option<Guard>,
    pub command: Command,
}

/// What a reaction condition may test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// The distance is n or less.
    Range(u8),
    TargetUnit(String),
    TargetKind(Kind),
    TargetDisrupted,
    TargetInCity,
    Attacker(Kind),
    Higher,
    Adjacent(Square),
}

/// `WHEN a AND b OR c`: any group whose conditions all hold. Empty: always.
pub type When = Vec<Vec<Cond>>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule<T> {
    Never,
    Ask,
    Do(T, When),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reward {
    Fire,
    Maneuver(Square),
    Nothing,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoutChoice {
    Hold,
    Retreat,
    /// Hold in a city, else Retreat (the default).
    HoldInCity,
}

/// Which enemy units an Opportunity Fire line shoots at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AtKind {
    Any,
    Kind(Kind),
    Disrupted,
    Unit(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Policy {
    Rally(Rule<()>),
    Reward(Reward),
    /// Firers (empty: any) and what they shoot at.
    OpFire(Rule<(Vec<String>, AtKind)>),
    Maneuver(Rule<(String, Square)>),
    Relieve(Rule<(String, String)>),
    Rout(RoutChoice),
    Edge(Option<Vec<Outcome>>),
}

impl Policy {
    pub fn category(&self) -> &'static str {
        match self {
            Policy::Rally(_) => "RALLY",
            Policy::Reward(_) => "REWARD",
            Policy::OpFire(_) => "OPFIRE",
            Policy::Maneuver(_) => "MANEUVER",
            Policy::Relieve(_) => "RELIEVE",
            Policy::Rout(_) => "ROUT",
            Policy::Edge(_) => "EDGE",
        }
    }
    pub fn asks(&self) -> bool {
        matches!(
            self,
            Policy::Rally(Rule::Ask)
                | Policy::OpFire(Rule::Ask)
                | Policy::Maneuver(Rule::Ask)
                | Policy::Relieve(Rule::Ask)
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupLine {
    Recommended(String),
    Place(Kind, Vec<Square>),
    Card(String),
    First(bool),
}

/// One line of a file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Script(ScriptLine),
    Policy(Policy),
    Setup(SetupLine),
}

pub use crate::engine::notation::canonical;

/// The rulebook's names of orders, read as the notation's (`PARATROOP` is `PARA`):
/// a canonical line with those words replaced, so the echo shows the order's name.
pub fn rulebook_words(text: &str) -> String {
    text.split(' ')
        .map(|w| match w {
            "PARATROOP" | "PARATROOPS" => "PARA",
            "AMPHIBIOUS" => "AMPHIB",
            "RELIVE" => "RELIEVE",
            "MANOEUVRE" => "MANEUVER",
            w => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn square(w: &str) -> Result<Square, String> {
    Square::parse(w).ok_or_else(|| format!("'{w}' is not a square (A1 to J6)"))
}

/// A unit id as written: side letter, kind letter, number (`RI4`, `GT12`).
fn unit_id(w: &str, state: &State) -> Result<String, String> {
    state
        .unit(w)
        .map(|u| u.id.clone())
        .ok_or_else(|| format!("'{w}' is not a unit (ids like RI4, RT2, RA1, GI7)"))
}

fn outcome(w: &str) -> Option<Outcome> {
    Some(match w {
        "BLITZ" => Outcome::Blitz,
        "DISRUPT" => Outcome::Disrupt,
        "ROUT" => Outcome::Rout,
        "MISS" => Outcome::Miss,
        _ => return None,
    })
}

pub fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Blitz => "Blitz",
        Outcome::Disrupt => "Disrupt",
        Outcome::Rout => "Rout",
        Outcome::Adv => "Adv",
        Outcome::Miss => "Miss",
    }
}

fn guard(words: &[&str], state: &State) -> Result<(Guard, usize), String> {
    match words {
        ["EDGE", "MINE", ..] => Ok((Guard::EdgeMine, 2)),
        [x, what, ..] => {
            let g = match *what {
                "ACTIVE" => Guard::Active(unit_id(x, state)?),
                "DISRUPTED" => Guard::Disrupted(unit_id(x, state)?),
                "GONE" => Guard::Gone(unit_id(x, state)?),
                "EMPTY" => Guard::Empty(square(x)?),
                "ENEMY" => Guard::Enemy(square(x)?),
                "MINE" => Guard::Mine(square(x)?),
                _ => {
                    return Err(format!(
                        "IF {x} {what}: a condition is <unit> ACTIVE|DISRUPTED|GONE, <square> EMPTY|ENEMY|MINE, or EDGE MINE"
                    ));
                }
            };
            Ok((g, 2))
        }
        _ => Err("IF needs a condition and an order".into()),
    }
}

fn own(id: &str, state: &State, side: super::data::Side) -> Result<String, String> {
    let id = unit_id(id, state)?;
    match state.unit(&id) {
        Some(u) if u.side == side => Ok(id),
        _ => Err(format!("{id} is not one of your units")),
    }
}

fn command(words: &[&str], state: &State, side: super::data::Side) -> Result<Command, String> {
    let need = |n: usize, form: &str| {
        if words.len() == n { Ok(()) } else { Err(format!("write it as {form}")) }
    };
    match words.first().copied() {
        Some("SUPPLY") => {
            need(2, "SUPPLY AIR|CAPITAL|INDUSTRY|FALLEN")?;
            SupplyWord::parse(words[1])
                .map(Command::Supply)
                .ok_or_else(|| "SUPPLY takes AIR, CAPITAL, INDUSTRY or FALLEN".into())
        }
        Some("MOVE") => {
            if !(3..=5).contains(&words.len()) {
                return Err("write it as MOVE <unit> <square> [<square> [<square>]]".into());
            }
            let path = words[2..].iter().map(|w| square(w)).collect::<Result<Vec<_>, _>>()?;
            Ok(Command::Move { unit: own(words[1], state, side)?, path })
        }
        Some("AMPHIB") => {
            need(3, "AMPHIB <unit> <square>")?;
            if !state.options.amphibious {
                return Err("Amphibious Move is not used in this game (option amphibious=on)".into());
            }
            Ok(Command::Amphib { unit: own(words[1], state, side)?, to: square(words[2])? })
        }
        Some("ATTACK") => attack(words, state, side).map(Command::Attack),
        Some("COMMISSION") => need(1, "COMMISSION").map(|_| Command::Commission),
        Some("BUILD") => {
            need(2, "BUILD <reserve unit>")?;
            Ok(Command::Build(own(words[1], state, side)?))
        }
        Some("PARA") => {
            need(3, "PARA <unit> <square>")?;
            Ok(Command::Para { unit: own(words[1], state, side)?, to: square(words[2])? })
        }
        Some("REGROUP") => {
            need(2, "REGROUP <unit>")?;
            Ok(Command::Regroup(own(words[1], state, side)?))
        }
        Some("CACHE") => need(1, "CACHE").map(|_| Command::Cache),
        Some("MANEUVER") => {
            need(3, "MANEUVER <unit> <square>")?;
            Ok(Command::Maneuver { unit: own(words[1], state, side)?, to: square(words[2])? })
        }
        Some("RELIEVE") => {
            need(3, "RELIEVE <unit> <unit>")?;
            Ok(Command::Relieve(own(words[1], state, side)?, own(words[2], state, side)?))
        }
        Some("WAIT") => need(1, "WAIT").map(|_| Command::Wait),
        Some("PASS") => match words {
            ["PASS"] => Ok(Command::Pass(None)),
            ["PASS", w] => SupplyWord::parse(w)
                .map(|s| Command::Pass(Some(s)))
                .ok_or_else(|| "PASS [AIR|CAPITAL|INDUSTRY|FALLEN]: the stack to burn".into()),
            _ => Err("write it as PASS [AIR|CAPITAL|INDUSTRY|FALLEN]".into()),
        },
        Some(w) => Err(format!("'{w}' is not an order")),
        None => Err("an empty order".into()),
    }
}

const ATTACK_KEYS: &[&str] = &["TAKE", "EDGE", "RETREAT", "DISPLACE", "NODISPLACE"];

fn attack(words: &[&str], state: &State, side: super::data::Side) -> Result<AttackOrder, String> {
    let form = "ATTACK <unit> <square> [TAKE WHITE|YELLOW|BEST] [EDGE IF <result>...] [RETREAT <square>...] [DISPLACE|NODISPLACE]";
    if words.len() < 3 {
        return Err(format!("write it as {form}"));
    }
    let mut order = AttackOrder {
        unit: own(words[1], state, side)?,
        target: square(words[2])?,
        take: Take::Best,
        edge_if: None,
        retreat: Vec::new(),
        displace: None,
    };
    let mut i = 3;
    while i < words.len() {
        match words[i] {
            "TAKE" => {
                order.take = match words.get(i + 1).copied() {
                    Some("WHITE") => Take::White,
                    Some("YELLOW") => Take::Yellow,
                    Some("BEST") => Take::Best,
                    _ => return Err("TAKE WHITE, TAKE YELLOW or TAKE BEST".into()),
                };
                i += 2;
            }
            "EDGE" => {
                if words.get(i + 1) != Some(&"IF") {
                    return Err("EDGE IF <result>... (BLITZ, DISRUPT, ROUT, MISS)".into());
                }
                i += 2;
                let mut list = Vec::new();
                while let Some(o) = words.get(i).and_then(|w| outcome(w)) {
                    list.push(o);
                    i += 1;
                }
                if list.is_empty() {
                    return Err("EDGE IF names one or more results: BLITZ, DISRUPT, ROUT, MISS".into());
                }
                order.edge_if = Some(list);
            }
            "RETREAT" => {
                i += 1;
                while let Some(w) = words.get(i).filter(|w| !ATTACK_KEYS.contains(w)) {
                    order.retreat.push(square(w)?);
                    i += 1;
                }
                if order.retreat.is_empty() {
                    return Err("RETREAT names one or more squares".into());
                }
            }
            "DISPLACE" => {
                order.displace = Some(true);
                i += 1;
            }
            "NODISPLACE" => {
                order.displace = Some(false);
                i += 1;
            }
            w => return Err(format!("'{w}' in an ATTACK: write it as {form}")),
        }
    }
    Ok(order)
}

fn when(words: &[&str], state: &State) -> Result<When, String> {
    let mut groups: When = vec![Vec::new()];
    let mut i = 0;
    while i < words.len() {
        let (c, n) = match &words[i..] {
            ["RANGE", n, ..] => {
                (Cond::Range(n.parse().ok().filter(|n| (1..=3).contains(n)).ok_or("RANGE 1, 2 or 3")?), 2)
            }
            ["TARGET", "IN", "CITY", ..] => (Cond::TargetInCity, 3),
            ["TARGET", "DISRUPTED", ..] => (Cond::TargetDisrupted, 2),
            ["TARGET", k, ..] if k.len() == 1 => {
                (Cond::TargetKind(k.chars().next().and_then(Kind::from_letter).ok_or("TARGET I, T or A")?), 2)
            }
            ["TARGET", u, ..] => (Cond::TargetUnit(unit_id(u, state)?), 2),
            ["ATTACKER", k, ..] => (
                Cond::Attacker(
                    k.chars()
                        .next()
                        .filter(|_| k.len() == 1)
                        .and_then(Kind::from_letter)
                        .ok_or("ATTACKER I, T or A")?,
                ),
                2,
            ),
            ["HIGHER", ..] => (Cond::Higher, 1),
            ["ADJACENT", sq, ..] => (Cond::Adjacent(square(sq)?), 2),
            [w, ..] => {
                return Err(format!(
                    "'{w}': a condition is RANGE n, TARGET <unit>|I|T|A|DISRUPTED|IN CITY, ATTACKER I|T|A, HIGHER or ADJACENT <square>"
                ));
            }
            [] => break,
        };
        if let Some(last) = groups.last_mut() {
            last.push(c);
        }
        i += n;
        match words.get(i).copied() {
            Some("AND") => i += 1,
            Some("OR") => {
                groups.push(Vec::new());
                i += 1;
            }
            None => {}
            Some(w) => return Err(format!("'{w}': conditions are joined by AND or OR")),
        }
    }
    if groups.iter().any(|g| g.is_empty()) {
        return Err("a condition is missing after WHEN, AND or OR".into());
    }
    Ok(groups)
}

/// Splits `X ... WHEN conds` into the part before WHEN and the conditions.
fn split_when<'a>(words: &'a [&'a str], state: &State) -> Result<(&'a [&'a str], When), String> {
    match words.iter().position(|w| *w == "WHEN") {
        Some(i) => Ok((&words[..i], when(&words[i + 1..], state)?)),
        None => Ok((words, Vec::new())),
    }
}

fn policy(words: &[&str], state: &State, side: super::data::Side) -> Result<Option<Policy>, String> {
    let rest = words.get(1..).unwrap_or(&[]);
    Ok(Some(match words.first().copied() {
        Some("RALLY") => Policy::Rally(match rest {
            ["NEVER"] => Rule::Never,
            ["ASK"] => Rule::Ask,
            [] => Rule::Do((), Vec::new()),
            ["WHEN", ..] => Rule::Do((), when(&rest[1..], state)?),
            _ => return Err("RALLY [WHEN <condition>...] | RALLY NEVER | RALLY ASK".into()),
        }),
        Some("REWARD") => Policy::Reward(match rest {
            ["FIRE"] => Reward::Fire,
            ["NONE"] => Reward::Nothing,
            ["MANEUVER", sq] => Reward::Maneuver(square(sq)?),
            _ => return Err("REWARD FIRE | REWARD MANEUVER <square> | REWARD NONE".into()),
        }),
        Some("OPFIRE") => Policy::OpFire(match rest {
            ["NEVER"] => Rule::Never,
            ["ASK"] => Rule::Ask,
            _ => {
                let (head, cond) = split_when(rest, state)?;
                let at = head
                    .iter()
                    .position(|w| *w == "AT")
                    .ok_or("OPFIRE <units>|ANY AT <target> [WHEN ...]")?;
                let firers = match &head[..at] {
                    ["ANY"] => Vec::new(),
                    [] => return Err("OPFIRE names its firers (or ANY) before AT".into()),
                    list => list.iter().map(|w| own(w, state, side)).collect::<Result<Vec<_>, _>>()?,
                };
                let target = match &head[at + 1..] {
                    ["ANY"] => AtKind::Any,
                    ["DISRUPTED"] => AtKind::Disrupted,
                    [k] if k.len() == 1 => AtKind::Kind(
                        k.chars()
                            .next()
                            .and_then(Kind::from_letter)
                            .ok_or("AT ANY, I, T, A, DISRUPTED or a unit")?,
                    ),
                    [u] => AtKind::Unit(unit_id(u, state)?),
                    _ => return Err("AT ANY, I, T, A, DISRUPTED or a unit".into()),
                };
                Rule::Do((firers, target), cond)
            }
        }),
        Some("MANEUVER") | Some("RELIEVE") if rest == ["ASK"] || rest == ["NEVER"] => {
            let ask = rest == ["ASK"];
            match (words[0], ask) {
                ("MANEUVER", true) => Policy::Maneuver(Rule::Ask),
                ("MANEUVER", false) => Policy::Maneuver(Rule::Never),
                (_, true) => Policy::Relieve(Rule::Ask),
                _ => Policy::Relieve(Rule::Never),
            }
        }
        Some("MANEUVER") if rest.contains(&"WHEN") => {
            let (head, cond) = split_when(rest, state)?;
            match head {
                [u, sq] => Policy::Maneuver(Rule::Do((own(u, state, side)?, square(sq)?), cond)),
                _ => return Err("MANEUVER <unit> <square> WHEN <condition>".into()),
            }
        }
        Some("RELIEVE") if rest.contains(&"WHEN") => {
            let (head, cond) = split_when(rest, state)?;
            match head {
                [a, b] => Policy::Relieve(Rule::Do((own(a, state, side)?, own(b, state, side)?), cond)),
                _ => return Err("RELIEVE <unit> <unit> WHEN <condition>".into()),
            }
        }
        Some("ROUT") => Policy::Rout(match rest {
            ["HOLD"] => RoutChoice::Hold,
            ["RETREAT"] => RoutChoice::Retreat,
            ["HOLD", "IN", "CITY", "ELSE", "RETREAT"] => RoutChoice::HoldInCity,
            _ => return Err("ROUT HOLD | ROUT RETREAT | ROUT HOLD IN CITY ELSE RETREAT".into()),
        }),
        Some("EDGE") => Policy::Edge(match rest {
            ["NEVER"] => None,
            ["WHEN", list @ ..] if !list.is_empty() => Some(
                list.iter()
                    .map(|w| {
                        outcome(w)
                            .ok_or_else(|| format!("'{w}' is not a result (BLITZ, DISRUPT, ROUT, MISS)"))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            _ => return Err("EDGE WHEN <result>... | EDGE NEVER".into()),
        }),
        _ => return Ok(None),
    }))
}

fn setup_line(words: &[&str], state: &State, cards: &[String]) -> Result<Option<SetupLine>, String> {
    let kind = |w: &str| match w {
        "INFANTRY" => Some(Kind::Infantry),
        "TANK" | "TANKS" => Some(Kind::Tank),
        "ARTILLERY" => Some(Kind::Artillery),
        _ => None,
    };
    Ok(Some(match words {
        ["SETUP", name] => SetupLine::Recommended(name.to_string()),
        ["FIRST", "ME"] => SetupLine::First(true),
        ["FIRST", "YOU"] => SetupLine::First(false),
        ["FIRST", ..] => return Err("FIRST ME or FIRST YOU".into()),
        ["CARD", name @ ..] => {
            if !state.options.choose_supply {
                return Err(
                    "this game uses Balanced Industry (option supply=choose lets each side pick)".into()
                );
            }
            let name = name.join(" ");
            let found = cards
                .iter()
                .find(|c| c.eq_ignore_ascii_case(&name))
                .ok_or_else(|| format!("'{name}' is not a supply card: {}", cards.join(", ")))?;
            SetupLine::Card(found.to_ascii_uppercase())
        }
        [first, squares @ ..] if kind(first).is_some() => {
            let list = squares.iter().map(|w| square(w)).collect::<Result<Vec<_>, _>>()?;
            SetupLine::Place(kind(first).unwrap_or(Kind::Infantry), list)
        }
        _ => return Ok(None),
    }))
}

/// Reads one line (already canonical) for `side`: a set-up line only when `setup`.
pub fn read_line(
    text: &str,
    state: &State,
    side: super::data::Side,
    setup: bool,
    cards: &[String],
) -> Result<Line, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if setup && let Some(l) = setup_line(&words, state, cards)? {
        return Ok(Line::Setup(l));
    }
    if let Some(p) = policy(&words, state, side)? {
        return Ok(Line::Policy(p));
    }
    if setup {
        return Err(format!(
            "'{}' cannot be sent in the set-up: SETUP <name>, INFANTRY/TANK/ARTILLERY <squares>, CARD <name>, FIRST ME|YOU and standing reactions",
            words.first().copied().unwrap_or("")
        ));
    }
    script_line(&words, state, side).map(Line::Script)
}

/// A script line from its words.
pub fn script_line(words: &[&str], state: &State, side: super::data::Side) -> Result<ScriptLine, String> {
    let (or, words) = match words {
        ["OR", rest @ ..] => (true, rest),
        _ => (false, words),
    };
    let (guard, words) = match words {
        ["IF", rest @ ..] => {
            let (g, n) = guard(rest, state)?;
            (Some(g), &rest[n..])
        }
        _ => (None, words),
    };
    if words.is_empty() {
        return Err("an IF or OR needs an order after it".into());
    }
    Ok(ScriptLine { or, guard, command: command(words, state, side)? })
}
