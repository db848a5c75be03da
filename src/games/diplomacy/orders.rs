//! Reading a whole orders text: one order a line, each judged on its own, every bad
//! line reported with its number and reason while the good lines are kept.
//!
//! A line may start with the power (`England: F lon - nth`); the what-if tool needs
//! that, and in a player's own orders it may be written or left out.

use std::collections::BTreeMap;

use super::board::Board;
use super::check::{Checker, PowerOrders, Preferences, Stage};
use super::map::{Map, PowerId, ProvinceId};
use super::notation::{self, Names, Written, WrittenStanding};

/// What became of one line.
#[derive(Clone, Debug)]
pub struct Line {
    /// 1-based line number in the text.
    pub number: usize,
    pub text: String,
    pub power: Option<PowerId>,
    /// The order as read, when it could be read.
    pub written: Option<Written>,
    /// Why the line was refused, if it was.
    pub error: Option<String>,
    /// The standing preference the line carries (two-season moves).
    pub standing: Option<WrittenStanding>,
}

impl Line {
    /// The province of the unit the line orders, when it names one.
    pub fn unit_province(&self) -> Option<ProvinceId> {
        match self.written.as_ref()? {
            Written::Build { at, .. } => Some(at.province),
            w => w.ordered_unit(),
        }
    }
}

/// The accepted orders of every power that wrote any, and every line's fate.
pub struct Read {
    pub orders: BTreeMap<PowerId, PowerOrders>,
    pub lines: Vec<Line>,
}

impl Read {
    pub fn errors(&self) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(|l| l.error.is_some())
    }
}

/// The most order lines one text may hold; the standard board has 34 units.
pub const MAX_LINES: usize = 300;

/// Is this line a comment or blank? `#` and `//` start comments.
fn is_blank(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#') || t.starts_with("//")
}

/// Does this line end the orders (a signature may follow)?
fn is_end(line: &str) -> bool {
    let t = line.trim();
    ["end", "signoff", "sign off", "-- ", "--"].iter().any(|w| t.eq_ignore_ascii_case(w))
}

/// Reads `text`. With `player` set, every line is that power's and a power prefix,
/// if written, must name it; without, every line must name its power.
pub fn read(
    map: &Map,
    names: &Names,
    board: &Board,
    stage: Stage<'_>,
    player: Option<PowerId>,
    text: &str,
) -> Read {
    read_with_coasts(map, names, board, stage, player, text, false)
}

/// [`read`], refusing instead of following the DATC's coast preferences when
/// `strict_coasts` (option `coasts=strict`).
pub fn read_with_coasts(
    map: &Map,
    names: &Names,
    board: &Board,
    stage: Stage<'_>,
    player: Option<PowerId>,
    text: &str,
    strict_coasts: bool,
) -> Read {
    read_with(map, names, board, stage, player, text, Rules { strict_coasts, preferences: Preferences::None })
}

/// The campaign's options that change how orders are read.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Option `coasts=strict`.
    pub strict_coasts: bool,
    /// Which standing preferences the moves may carry (option `year=two-season`).
    pub preferences: Preferences,
}

/// [`read`] under the campaign's `rules`.
pub fn read_with(
    map: &Map,
    names: &Names,
    board: &Board,
    stage: Stage<'_>,
    player: Option<PowerId>,
    text: &str,
    rules: Rules,
) -> Read {
    read_lines(map, names, board, stage, player, text.lines(), rules)
}

/// [`read_with`] on lines already split: `what-if --batch` hands over slices of its
/// job line rather than joining them into a text to split again.
pub fn read_lines<'t>(
    map: &Map,
    names: &Names,
    board: &Board,
    stage: Stage<'_>,
    player: Option<PowerId>,
    text: impl IntoIterator<Item = &'t str>,
    rules: Rules,
) -> Read {
    let preferences = rules.preferences;
    let mut checkers: BTreeMap<PowerId, Checker<'_>> = BTreeMap::new();
    let mut lines = Vec::new();
    let mut counted = 0;
    for (i, raw) in text.into_iter().enumerate() {
        if is_end(raw) {
            break;
        }
        if is_blank(raw) {
            continue;
        }
        counted += 1;
        if counted > MAX_LINES {
            lines.push(Line {
                number: i + 1,
                text: raw.trim().chars().take(80).collect(),
                power: player,
                written: None,
                error: Some(format!("more than {MAX_LINES} order lines; the rest is not read")),
                standing: None,
            });
            break;
        }
        let (prefix, body) = notation::split_power(map, raw);
        let mut line = Line {
            number: i + 1,
            text: raw.trim().to_string(),
            power: prefix.or(player),
            written: None,
            error: None,
            standing: None,
        };
        let power = match (player, prefix) {
            (Some(me), Some(p)) if p != me => {
                line.error = Some(format!(
                    "this line is for {}, but these are {}'s orders",
                    map.power(p).name,
                    map.power(me).name
                ));
                lines.push(line);
                continue;
            }
            (_, Some(p)) | (Some(p), None) => p,
            (None, None) => {
                line.error = Some("start the line with the power, as in 'England: F lon - nth'".into());
                lines.push(line);
                continue;
            }
        };
        let standing = if preferences != Preferences::None && matches!(stage, Stage::Movement) {
            notation::parse_standing(map, names, body).map_err(|e| e.to_string())
        } else {
            Ok(None)
        };
        match standing {
            Err(e) => line.error = Some(e),
            Ok(Some((order, pref))) => {
                let checker = checker_of(&mut checkers, (map, board, stage), power, rules);
                let mut result = Ok(());
                if let Some(w) = &order {
                    result = checker.add(w);
                }
                if result.is_ok() {
                    result = checker.add_standing(&pref);
                }
                if let Err(e) = result {
                    line.error = Some(e.to_string());
                }
                line.standing = Some(pref);
                line.written = order;
            }
            Ok(None) => match notation::parse(map, names, body) {
                Err(e) => line.error = Some(e.to_string()),
                Ok(w) => {
                    if let Err(e) = checker_of(&mut checkers, (map, board, stage), power, rules).add(&w) {
                        line.error = Some(e.to_string());
                    }
                    line.written = Some(w);
                }
            },
        }
        lines.push(line);
    }
    let orders = checkers.into_iter().map(|(p, c)| (p, c.orders)).collect();
    Read { orders, lines }
}

/// The checker of `power`'s lines, made on its first good line.
fn checker_of<'m, 'c>(
    checkers: &'c mut BTreeMap<PowerId, Checker<'m>>,
    (map, board, stage): (&'m Map, &'m Board, Stage<'m>),
    power: PowerId,
    rules: Rules,
) -> &'c mut Checker<'m> {
    checkers.entry(power).or_insert_with(|| {
        Checker::new(map, board, stage, power)
            .strict_coasts(rules.strict_coasts)
            .preferences(rules.preferences)
    })
}

#[cfg(test)]
mod tests {
    use super::super::map::standard;
    use super::*;

    #[test]
    fn every_bad_line_is_named_and_a_signature_is_ignored() {
        let m = standard().unwrap();
        let names = Names::new(&m);
        let b = Board::start(&m);
        let eng = m.power_index("england");
        let text = "# my orders\nF lon - nth\nA lvp - wal\nF edi - cly please\nFrance: A par - bur\nEND\nyours, Alice\nF lon - eng";
        let r = read(&m, &names, &b, Stage::Movement, eng, text);
        let bad: Vec<(usize, &str)> =
            r.errors().map(|l| (l.number, l.error.as_deref().unwrap_or(""))).collect();
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert_eq!(bad[0].0, 4);
        assert!(bad[0].1.contains("unexpected"));
        assert_eq!(bad[1].0, 5);
        assert!(bad[1].1.contains("these are England's orders"));
        assert_eq!(r.orders[&eng.unwrap()].moves.len(), 2);
    }

    #[test]
    fn lines_need_their_power_without_a_player() {
        let m = standard().unwrap();
        let names = Names::new(&m);
        let b = Board::start(&m);
        let r = read(&m, &names, &b, Stage::Movement, None, "F lon - nth\nGER: A mun - ruh");
        assert!(r.lines[0].error.as_deref().unwrap().contains("start the line with the power"));
        assert!(r.lines[1].error.is_none());
        let long = "A mun H\n".repeat(MAX_LINES + 5);
        let r = read(&m, &names, &b, Stage::Movement, m.power_index("germany"), &long);
        assert!(r.errors().any(|l| l.error.as_deref().unwrap().contains("more than")));
    }
}
