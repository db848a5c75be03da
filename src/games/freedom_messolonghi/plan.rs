//! Play plans (revision 5): a file may carry a player's next plays, each guarded by the
//! conditions under which it stands, with alternatives for the same play.
//!
//! By mail every play is a round trip, and a round is fourteen of them: a plan lets one
//! mail say what a player would do whatever comes, as a player across the table would
//! decide it on the spot. A plan is a list of groups, one group a play; a group is a
//! `THEN` block and the `ELSE` blocks after it. When the player's turn comes the blocks
//! of the next group are tried in order: the first whose conditions hold and whose
//! lines can be played (the same check a file sent then would meet) is played; when
//! none can be, the plan stops and the play is asked by mail, then and only then.
//!
//! ```text
//! THEN IF OPPONENT PLAYS AP AND HOLDING A07
//! PLAY A07 AP
//! ATTACK W3 FROM M1c
//! ELSE IF NOT OPPONENT ATTACKS W3
//! PLAY A12 EVENT
//! ELSE
//! PLAY A12 AP
//! REST PREPARE
//! ```
//!
//! Conditions, joined by `AND`, each may start with `NOT`:
//! - `OPPONENT PLAYS ANY|AP|EVENT|CLAIM|<card>|AP <card>|EVENT <card>|BLUE|RED|GREY`:
//!   the other side's play just before this one;
//! - `OPPONENT <verb> [<space or area>]`, verb `MOVES SLOWS ATTACKS RAIDS REPAIRS
//!   TRAINS SUPPORTS PLEADS PREPARES BUILDS REWARDS`: an action of that play carried
//!   out (naming the space or area, if given);
//! - `HOLDING <card>`: the card is still in the sender's hand;
//! - `[OPPONENT] MORALE|SUPPLIES|MONEY|PREPARATION AT LEAST|AT MOST <n>`: a track of the
//!   sender (or of the other side);
//! - `DAMAGE <wall space> AT LEAST|AT MOST <n>`;
//! - `CLAIMABLE`: the other side's last card may be claimed now.

use super::data::Data;
use super::orders;
use super::state::{Side, State};

/// What the other side's play did, by the word a condition uses and the order keyword
/// that made it.
const VERBS: &[(&str, &str)] = &[
    ("MOVES", "MOVE"),
    ("SLOWS", "SLOW"),
    ("ATTACKS", "ATTACK"),
    ("RAIDS", "RAID"),
    ("REPAIRS", "REPAIR"),
    ("TRAINS", "TRAIN"),
    ("SUPPORTS", "SUPPORT"),
    ("PLEADS", "PLEA"),
    ("PREPARES", "PREPARE"),
    ("BUILDS", "BUILD"),
    ("REWARDS", "REWARD"),
];

const TRACKS: &[&str] = &["MORALE", "SUPPLIES", "MONEY", "PREPARATION"];

/// One condition of a block.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cond {
    /// The other side's last play: `ANY`, `AP`, `EVENT`, `CLAIM`, a card, `AP card`,
    /// `EVENT card` or a colour.
    Plays(Vec<String>),
    /// An action of the other side's last play, with the space or area it names.
    Uses {
        keyword: &'static str,
        at: Option<String>,
    },
    Holding(String),
    Track {
        opponent: bool,
        track: String,
        least: bool,
        n: i64,
    },
    Damage {
        space: String,
        least: bool,
        n: i64,
    },
    Claimable,
    Not(Box<Cond>),
}

/// A block's head: `THEN` or `ELSE`, with its conditions (none: always).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    /// `ELSE`: another way to make the same play as the block before it.
    pub alternative: bool,
    conds: Vec<Cond>,
}

/// Is this line a block's head of the revision-5 form (`THEN`, `THEN IF ...`, `ELSE`,
/// `ELSE IF ...`), as against the older `THEN IF OPPONENT PLAYS x` alone?
pub fn is_head(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    first == "THEN" || first == "ELSE"
}

/// Reads a block's head; Err says what is wrong, for the player.
pub fn parse(data: &Data, line: &str) -> Result<Guard, String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let (alternative, rest) = match w.as_slice() {
        ["THEN"] => (false, &[][..]),
        ["ELSE"] => (true, &[][..]),
        ["THEN", "IF", rest @ ..] if !rest.is_empty() => (false, rest),
        ["ELSE", "IF", rest @ ..] if !rest.is_empty() => (true, rest),
        _ => {
            return Err(
                "THEN, THEN IF <condition> [AND <condition> ...], ELSE or ELSE IF <condition> ...".into()
            );
        }
    };
    let mut conds = Vec::new();
    if !rest.is_empty() {
        for part in rest.split(|x| *x == "AND") {
            conds.push(condition(data, part)?);
        }
    }
    Ok(Guard { alternative, conds })
}

fn number(w: &str) -> Result<i64, String> {
    w.parse::<i64>().map_err(|_| format!("'{w}' is not a number"))
}

fn bound(words: &[&str]) -> Result<(bool, i64), String> {
    match words {
        ["AT", "LEAST", n] => Ok((true, number(n)?)),
        ["AT", "MOST", n] => Ok((false, number(n)?)),
        _ => Err("AT LEAST <n> or AT MOST <n>".into()),
    }
}

fn card(data: &Data, w: &str) -> Result<String, String> {
    data.card(w).map(|c| c.id.clone()).ok_or_else(|| format!("'{w}' is not a card (A01-A50, B01-B50)"))
}

fn condition(data: &Data, w: &[&str]) -> Result<Cond, String> {
    let plays = "OPPONENT PLAYS ANY|AP|EVENT|CLAIM|<card>|AP <card>|EVENT <card>|BLUE|RED|GREY";
    match w {
        ["NOT", rest @ ..] if !rest.is_empty() => Ok(Cond::Not(Box::new(condition(data, rest)?))),
        ["OPPONENT", "PLAYS", what @ ..] => {
            let ok = match what {
                [x] if ["ANY", "AP", "EVENT", "CLAIM", "BLUE", "RED", "GREY"].contains(x) => true,
                [c] => card(data, c).is_ok(),
                [how, c] if *how == "AP" || *how == "EVENT" => card(data, c).is_ok(),
                _ => false,
            };
            if !ok {
                return Err(plays.into());
            }
            let mut words: Vec<String> = what.iter().map(|s| s.to_string()).collect();
            if let Some(last) = words.last_mut()
                && let Ok(id) = card(data, last)
            {
                *last = id;
            }
            Ok(Cond::Plays(words))
        }
        ["OPPONENT", verb, at @ ..] if VERBS.iter().any(|(v, _)| v == verb) && at.len() <= 1 => {
            let keyword = VERBS.iter().find(|(v, _)| v == verb).map(|(_, k)| *k).unwrap_or("");
            let at = match at.first() {
                None => None,
                Some(x) => Some(match orders::space(data, x) {
                    Some(sp) => sp,
                    None => data
                        .area(x)
                        .map(|a| a.id.clone())
                        .ok_or_else(|| format!("'{x}' is neither a space nor an area"))?,
                }),
            };
            Ok(Cond::Uses { keyword, at })
        }
        ["OPPONENT", t, b @ ..] if TRACKS.contains(t) => {
            let (least, n) = bound(b)?;
            Ok(Cond::Track { opponent: true, track: t.to_string(), least, n })
        }
        [t, b @ ..] if TRACKS.contains(t) => {
            let (least, n) = bound(b)?;
            Ok(Cond::Track { opponent: false, track: t.to_string(), least, n })
        }
        ["DAMAGE", sp, b @ ..] => {
            let space = orders::space(data, sp).ok_or_else(|| format!("'{sp}' is not a space of the map"))?;
            if data.map.space(&space).is_none_or(|s| s.kind != super::data::Kind::Wall) {
                return Err(format!("{space} is not on the Wall: only the Wall takes damage"));
            }
            let (least, n) = bound(b)?;
            Ok(Cond::Damage { space, least, n })
        }
        ["HOLDING", c] => Ok(Cond::Holding(card(data, c)?)),
        ["CLAIMABLE"] => Ok(Cond::Claimable),
        ["OPPONENT", ..] => Err(format!(
            "{plays}, OPPONENT <{}> [<space>] or OPPONENT <track> AT LEAST|AT MOST <n>",
            VERBS.iter().map(|(v, _)| *v).collect::<Vec<_>>().join("|")
        )),
        _ => Err(format!(
            "'{}' is no condition: OPPONENT PLAYS ..., OPPONENT ATTACKS [<space>] (and MOVES, RAIDS ...), HOLDING <card>, MORALE|SUPPLIES|MONEY|PREPARATION AT LEAST|AT MOST <n>, DAMAGE <wall space> AT LEAST|AT MOST <n>, CLAIMABLE; joined by AND, each may start with NOT",
            w.join(" ")
        )),
    }
}

fn track(state: &State, side: Side, name: &str) -> i64 {
    let camp = state.camp(side);
    match name {
        "MORALE" => camp.morale as i64,
        "SUPPLIES" => camp.supplies as i64,
        "MONEY" => camp.money as i64,
        _ => camp.preparation as i64,
    }
}

fn holds(c: &Cond, state: &State, side: Side, data: &Data) -> bool {
    // The other side's play just before, made this round (a round's first play has none).
    let last = state.last_play.as_ref().filter(|(s, _, _)| *s != side && state.plays > 0);
    match c {
        Cond::Not(inner) => !holds(inner, state, side, data),
        Cond::Plays(words) => {
            let Some((_, card, how)) = last else { return false };
            let colour = data.card(card).map(|c| c.colour.to_uppercase()).unwrap_or_default();
            match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                ["ANY"] => true,
                ["AP"] => how == "AP",
                ["EVENT"] => how == "EVENT",
                ["CLAIM"] => how == "CLAIM",
                [x] if ["BLUE", "RED", "GREY"].contains(x) => colour == *x,
                ["AP", c] => how == "AP" && card.eq_ignore_ascii_case(c),
                ["EVENT", c] => how == "EVENT" && card.eq_ignore_ascii_case(c),
                [c] => card.eq_ignore_ascii_case(c),
                _ => false,
            }
        }
        Cond::Uses { keyword, at } => {
            last.is_some()
                && state.last_actions.iter().any(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    w.first() == Some(keyword)
                        && at.as_ref().is_none_or(|sp| {
                            w.iter().skip(1).any(|x| x.split(['-', ',']).any(|p| p.eq_ignore_ascii_case(sp)))
                        })
                })
        }
        Cond::Holding(card) => state.camp(side).hand.iter().any(|h| h.eq_ignore_ascii_case(card)),
        Cond::Track { opponent, track: t, least, n } => {
            let v = track(state, if *opponent { side.other() } else { side }, t);
            if *least { v >= *n } else { v <= *n }
        }
        Cond::Damage { space, least, n } => {
            let v = state.damage.get(space).copied().unwrap_or(0) as i64;
            if *least { v >= *n } else { v <= *n }
        }
        Cond::Claimable => state.claimable.is_some(),
    }
}

/// Do the guard's conditions all hold for `side`, whose play is next, on `state`?
pub fn matches(guard: &Guard, state: &State, side: Side, data: &Data) -> bool {
    guard.conds.iter().all(|c| holds(c, state, side, data))
}

fn words(c: &Cond) -> String {
    match c {
        Cond::Not(inner) => format!("not ({})", words(inner)),
        Cond::Plays(w) => match w.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["ANY"] => "the other side has played".into(),
            ["AP"] => "the other side's play is for AP".into(),
            ["EVENT"] => "the other side's play is an Event".into(),
            ["CLAIM"] => "the other side's play is a claim".into(),
            [x] if ["BLUE", "RED", "GREY"].contains(x) => {
                format!("the other side's card is {}", x.to_lowercase())
            }
            [how, c] => {
                format!("the other side plays {c} for its {}", if *how == "AP" { "AP" } else { "Event" })
            }
            [c] => format!("the other side plays {c}"),
            _ => String::new(),
        },
        Cond::Uses { keyword, at } => format!(
            "the other side's play makes a {keyword}{}",
            at.as_ref().map(|a| format!(" naming {a}")).unwrap_or_default()
        ),
        Cond::Holding(c) => format!("{c} is still in your hand"),
        Cond::Track { opponent, track, least, n } => format!(
            "{} {} is at {} {n}",
            if *opponent { "the other side's" } else { "your" },
            track.to_lowercase(),
            if *least { "least" } else { "most" }
        ),
        Cond::Damage { space, least, n } => {
            format!("{space}'s damage is at {} {n}", if *least { "least" } else { "most" })
        }
        Cond::Claimable => "the other side's last card may be claimed".into(),
    }
}

/// The guard in words, for the acknowledgement.
pub fn describe(guard: &Guard) -> String {
    if guard.conds.is_empty() {
        return "always".into();
    }
    format!("if {}", guard.conds.iter().map(words).collect::<Vec<_>>().join(" and "))
}

/// The phase id of the sender's play that the plan's `group`-th play (0 the first)
/// stands for, when it can be told now: plays alternate, so it is two plays on from
/// the sender's next.
pub fn play_of(state: &State, side: Side, file_plays: bool, group: usize) -> Option<String> {
    use super::state::Stage;
    let next = match state.stage {
        Stage::Play if state.to_play == side => state.plays + 1 + u32::from(file_plays) * 2,
        Stage::Play => state.plays + 2,
        Stage::Advance | Stage::Regroup => {
            let own = if state.first == side { 1 } else { 2 };
            own + u32::from(file_plays) * 2
        }
        _ => return None,
    };
    let n = next + 2 * group as u32;
    (n <= 14).then(|| format!("R{}-P{n:02}", state.round))
}
