//! The step's actions drawn on the battlefield picture: moves along their paths,
//! attacks (dashed when they miss), retreats and displacements, builds and drops,
//! units Blitzed off the board.
//!
//! Everything is read back from the step's result lines, so the map shows exactly
//! what the report says. A line names where a unit went but not always where it came
//! from (`moves by sea to`, `is displaced onto`), so each unit is followed from its
//! square on the board before the step, line by line.

use std::collections::BTreeMap;

use super::data::{Side, Square};
use super::state::State;

/// What one mark shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Move,
    Attack,
    Retreat,
    Build,
    Remove,
}

impl MarkKind {
    pub fn class(self) -> &'static str {
        match self {
            MarkKind::Move => "move",
            MarkKind::Attack => "attack",
            MarkKind::Retreat => "retreat",
            MarkKind::Build => "build",
            MarkKind::Remove => "remove",
        }
    }
}

/// One action drawn on the board: a path of squares (one square for a build or a
/// removal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub kind: MarkKind,
    pub path: Vec<Square>,
    pub side: Option<Side>,
    pub failed: bool,
    /// The result line, for hover text.
    pub title: String,
    /// The unit the mark is about (a removal's cross stands on its counter).
    pub unit: String,
    /// An Amphibious Move: drawn by sea, round the board, not across the land
    /// (revision 3; campaigns made before keep their straight arrow).
    pub by_sea: bool,
}

/// How one result line moves units, as far as the picture cares.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    /// `U moves A-B-C`: the squares entered, in order (the start is where U stood).
    Path {
        unit: String,
        path: Vec<Square>,
    },
    /// A unit goes to a square from wherever it stood: by sea, displaced, a
    /// Maneuver (kind Move), or a Rout's retreat (kind Retreat).
    To {
        unit: String,
        to: Square,
        kind: MarkKind,
        by_sea: bool,
    },
    /// Relieve: two units swap squares.
    Swap {
        a: String,
        b: String,
    },
    /// A unit comes onto the board (built, or dropped by Paratroop).
    Appears {
        unit: String,
        at: Square,
    },
    /// A unit is Blitzed and leaves the game.
    Leaves {
        unit: String,
    },
    /// `A attacks T at X`, or an attack on an empty city (`target` None).
    Attack {
        attacker: String,
        target: Option<String>,
        at: Square,
        failed: bool,
    },
    Other,
}

fn square(word: &str) -> Option<Square> {
    Square::parse(word.trim_end_matches([',', ':', ';', '.']))
}

fn read(text: &str) -> Line {
    let words: Vec<&str> = text.split_whitespace().collect();
    let other = Line::Other;
    match words.as_slice() {
        [u, "moves", "by", "sea", "to", to, ..] => match square(to) {
            Some(to) => Line::To { unit: u.to_string(), to, kind: MarkKind::Move, by_sea: true },
            None => other,
        },
        [u, "moves", path] => {
            let squares: Option<Vec<Square>> = path.split('-').map(square).collect();
            match squares {
                Some(p) if !p.is_empty() => Line::Path { unit: u.to_string(), path: p },
                _ => other,
            }
        }
        [u, "is", "displaced", "onto", to, ..] => match square(to) {
            Some(to) => Line::To { unit: u.to_string(), to, kind: MarkKind::Move, by_sea: false },
            None => other,
        },
        [u, "Routs", "and", "Retreats:", _, "shifts", "it", "to", to, ..] => match square(to) {
            Some(to) => Line::To { unit: u.to_string(), to, kind: MarkKind::Retreat, by_sea: false },
            None => other,
        },
        ["the", "Rally's", "reward:", u, "Maneuvers", "to", to, ..] => match square(to) {
            Some(to) => Line::To { unit: u.to_string(), to, kind: MarkKind::Move, by_sea: false },
            None => other,
        },
        [_, "uses", "Maneuver:", u, "shifts", "to", to, ..] => match square(to) {
            Some(to) => Line::To { unit: u.to_string(), to, kind: MarkKind::Move, by_sea: false },
            None => other,
        },
        [_, "uses", "Relieve:", a, "and", b, "swap", "places", ..] => {
            Line::Swap { a: a.to_string(), b: b.to_string() }
        }
        [u, "is", "built", "on", at, ..] | [u, "drops", "by", "Paratroop", "onto", at, ..] => {
            match square(at) {
                Some(at) => Line::Appears { unit: u.to_string(), at },
                None => other,
            }
        }
        [u, "is", "Blitzed", "and", "leaves", "the", "game"] => Line::Leaves { unit: u.to_string() },
        [a, "attacks", "the", "empty", "city", at, ..] => match square(at) {
            Some(at) => Line::Attack {
                attacker: a.to_string(),
                target: None,
                at,
                failed: text.trim_end().ends_with("a miss"),
            },
            None => other,
        },
        [a, "attacks", t, "at", at, ..] => match square(at) {
            // The outcome after the last arrow is the one that stands.
            Some(at) => Line::Attack {
                attacker: a.to_string(),
                target: Some(t.to_string()),
                at,
                failed: text.rsplit('\u{2192}').next().is_some_and(|o| o.trim() == "Miss"),
            },
            None => other,
        },
        _ => other,
    }
}

/// The marks for the step whose result lines are `lines`, from the board `before` it
/// to the board `after` it.
pub fn marks(before: &State, after: &State, lines: &[String]) -> Vec<Mark> {
    let read: Vec<Line> = lines.iter().map(|l| read(l)).collect();
    let side_of = |unit: &str| {
        after.unit(unit).map(|u| u.side).or(match unit.chars().next() {
            Some('R') => Some(Side::Red),
            Some('G') => Some(Side::Green),
            _ => None,
        })
    };
    // Each unit's square as the lines go: where the step found it, then where each
    // line puts it.
    let mut known: BTreeMap<String, Square> =
        before.units.iter().filter_map(|u| u.square().map(|s| (u.id.clone(), s))).collect();
    let mut out = Vec::new();
    for (i, (line, text)) in read.iter().zip(lines).enumerate() {
        let at = |unit: &str, known: &BTreeMap<String, Square>| known.get(unit).copied();
        let mut mark = |kind: MarkKind, path: Vec<Square>, unit: &str, failed: bool| {
            let unit = unit.to_string();
            out.push(Mark {
                kind,
                path,
                side: side_of(&unit),
                failed,
                title: text.clone(),
                unit,
                by_sea: false,
            });
        };
        match line {
            Line::Path { unit, path } => {
                let whole: Vec<Square> = at(unit, &known).into_iter().chain(path.iter().copied()).collect();
                mark(MarkKind::Move, whole, unit, false);
                if let Some(last) = path.last() {
                    known.insert(unit.clone(), *last);
                }
            }
            Line::To { unit, to, kind, by_sea } => {
                let path = match at(unit, &known) {
                    Some(from) if from != *to => vec![from, *to],
                    _ => vec![*to],
                };
                mark(*kind, path, unit, false);
                if let Some(m) = out.last_mut() {
                    m.by_sea = *by_sea && after.options.revision >= 3;
                }
                known.insert(unit.clone(), *to);
            }
            Line::Swap { a, b } => {
                if let (Some(pa), Some(pb)) = (at(a, &known), at(b, &known)) {
                    mark(MarkKind::Move, vec![pa, pb], a, false);
                    mark(MarkKind::Move, vec![pb, pa], b, false);
                    known.insert(a.clone(), pb);
                    known.insert(b.clone(), pa);
                }
            }
            Line::Appears { unit, at: sq } => {
                mark(MarkKind::Build, vec![*sq], unit, false);
                known.insert(unit.clone(), *sq);
            }
            Line::Leaves { unit } => {
                if let Some(sq) = at(unit, &known) {
                    mark(MarkKind::Remove, vec![sq], unit, false);
                }
                known.remove(unit);
            }
            Line::Attack { attacker, target, at: sq, failed } => {
                if let Some(from) = at(attacker, &known) {
                    mark(MarkKind::Attack, vec![from, *sq], attacker, *failed);
                }
                match target {
                    Some(t) => {
                        known.insert(t.clone(), *sq);
                    }
                    // An empty city taken is entered at once, with no line of its own,
                    // unless the Edge rolls the die again (the next line says).
                    None if !failed => {
                        let again = matches!(read.get(i + 1),
                            Some(Line::Attack { attacker: a, target: None, at: s, .. }) if a == attacker && s == sq);
                        if !again {
                            known.insert(attacker.clone(), *sq);
                        }
                    }
                    None => {}
                }
            }
            Line::Other => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// A unit that takes an empty city stands in it for the lines after; one whose
    /// die the Edge rolls again stays where it was until the last roll.
    #[test]
    fn an_empty_city_taken_is_entered() {
        use crate::games::front_line::setup::new_state;
        use crate::games::front_line::state::{Options, Place, Players};
        let mut before = new_state(Players { red: "r".into(), green: "g".into() }, Options::default());
        let id = before.units.first().map(|u| u.id.clone()).unwrap_or_default();
        if let Some(u) = before.unit_mut(&id) {
            u.place = Place::Board(sq("E3"));
        }
        let after = before.clone();
        let lines = |v: &[&str]| v.iter().map(|l| l.replace("U", &id)).collect::<Vec<_>>();
        let taken =
            marks(&before, &after, &lines(&["U attacks the empty city F3: die 2: taken", "U moves F4"]));
        assert_eq!(taken.last().map(|m| m.path.clone()), Some(vec![sq("F3"), sq("F4")]));
        let again = marks(
            &before,
            &after,
            &lines(&[
                "U attacks the empty city F3: die 2: taken",
                "U attacks the empty city F3 again: die 6: a miss",
                "U moves E4",
            ]),
        );
        assert_eq!(again.get(1).map(|m| m.path.clone()), Some(vec![sq("E3"), sq("F3")]));
        assert_eq!(again.last().map(|m| m.path.clone()), Some(vec![sq("E3"), sq("E4")]));
    }

    #[test]
    fn each_line_reads_as_the_report_writes_it() {
        assert_eq!(
            read("RT2 moves F3-F4-G4"),
            Line::Path { unit: "RT2".into(), path: vec![sq("F3"), sq("F4"), sq("G4")] }
        );
        assert_eq!(
            read("RT2 is displaced onto H4 (compulsory: a city)"),
            Line::To { unit: "RT2".into(), to: sq("H4"), kind: MarkKind::Move, by_sea: false }
        );
        assert_eq!(
            read("GT1 Routs and Retreats: Red shifts it to I5"),
            Line::To { unit: "GT1".into(), to: sq("I5"), kind: MarkKind::Retreat, by_sea: false }
        );
        assert!(matches!(
            read(
                "RT2 attacks GT1 at H4 (range 2, Rallied): white 5; range 2 column, face 5: Miss; no advantage die was rolled: Adv reads as a Miss \u{2192} Miss"
            ),
            Line::Attack { failed: true, .. }
        ));
        assert!(matches!(
            read("RT2 attacks GT1 at H4 (range 1): white 2; range 1 column, face 2: Miss \u{2192} Blitz"),
            Line::Attack { failed: false, .. }
        ));
        assert!(matches!(
            read("RI1 attacks the empty city I3: die 6: a miss"),
            Line::Attack { failed: true, target: None, .. }
        ));
        let to = |l: &str| match read(l) {
            Line::To { to, kind, .. } => Some((to, kind)),
            _ => None,
        };
        assert_eq!(to("RT2 moves by sea to B6"), Some((sq("B6"), MarkKind::Move)));
        assert_eq!(to("the Rally's reward: GT1 Maneuvers to I4"), Some((sq("I4"), MarkKind::Move)));
        assert_eq!(to("Green uses Maneuver: GT1 shifts to I4"), Some((sq("I4"), MarkKind::Move)));
        assert_eq!(
            to("Green uses Maneuver: GT1 shifts to I4 \u{2014} standing order"),
            Some((sq("I4"), MarkKind::Move))
        );
        assert_eq!(
            read("Red uses Relieve: RT2 and RI1 swap places"),
            Line::Swap { a: "RT2".into(), b: "RI1".into() }
        );
        assert_eq!(
            read("RI10 is built on A4 (3 Industry)"),
            Line::Appears { unit: "RI10".into(), at: sq("A4") }
        );
        assert_eq!(
            read("GI10 drops by Paratroop onto E2"),
            Line::Appears { unit: "GI10".into(), at: sq("E2") }
        );
        assert_eq!(read("GT1 is Blitzed and leaves the game"), Line::Leaves { unit: "GT1".into() });
        assert_eq!(read("Green rallies GT1 \u{2014} answer by mail"), Line::Other);
    }
    /// Revision 3: an Amphibious Move goes by sea (out to the coast, round the board's
    /// end, in to the landing), and a Blitzed unit's cross stands on a ghost of it, not
    /// on the attacker displaced into its square. Revision 2 drew a straight arrow and
    /// the cross on the square's centre, over the attacker.
    #[test]
    fn a_landing_goes_by_sea_and_a_blitz_crosses_its_own_unit() {
        use crate::games::front_line::data::Data;
        use crate::games::front_line::setup::new_state;
        use crate::games::front_line::state::{Options, Place, Players};
        let data = Data::embedded().unwrap();
        for revision in [2, 3] {
            let options = Options { revision, ..Options::default() };
            let mut before = new_state(Players { red: "r".into(), green: "g".into() }, options);
            let ids: Vec<String> = before.units.iter().take(3).map(|u| u.id.clone()).collect();
            let [sailor, attacker, victim] = [&ids[0], &ids[1], &ids[2]];
            for (id, at) in [(sailor, "A1"), (attacker, "E3"), (victim, "F3")] {
                if let Some(u) = before.unit_mut(id) {
                    u.place = Place::Board(sq(at));
                }
            }
            let mut after = before.clone();
            if let Some(u) = after.unit_mut(sailor) {
                u.place = Place::Board(sq("I6"));
            }
            if let Some(u) = after.unit_mut(victim) {
                u.place = Place::Gone;
            }
            if let Some(u) = after.unit_mut(attacker) {
                u.place = Place::Board(sq("F3"));
            }
            let lines = [
                format!("{sailor} moves by sea to I6"),
                format!(
                    "{attacker} attacks {victim} at F3 (range 1): white 6; range 1 column, face 6: Blitz"
                ),
                format!("{victim} is Blitzed and leaves the game"),
                format!("{attacker} is displaced onto F3"),
            ];
            let drawn = marks(&before, &after, &lines);
            assert_eq!(drawn[0].by_sea, revision == 3);
            let svg = crate::games::front_line::svg::svg_with(&after, &data, &drawn);
            let sea = svg
                .split("class=\"order move sea\" points=\"")
                .nth(1)
                .map(|r| r.split('"').next().unwrap_or(""));
            let ghost = svg.contains(&format!("class=\"order remove ghost\" data-unit=\"{victim}\""));
            if revision == 3 {
                let points = sea.expect("a sea path").split(' ').count();
                assert!(
                    points >= 5,
                    "from A1 on the top coast to I6 on the bottom: round the end, {points} points"
                );
                assert!(ghost, "the cross on a ghost of {victim}");
            } else {
                assert!(sea.is_none() && !ghost, "revision 2 keeps its pictures");
            }
        }
    }
}
