//! The step's actions drawn on the schematic board: deployments, moves and reactions
//! as arrows between areas, units mobilized, built or back from Suez ringed where they
//! arrive, eliminated units crossed out where they stood, and each mission
//! (Propaganda, Strike, Raid, Harass, Flush, Intelligence, Civil Affairs) and each
//! Terror marked on its area with its letter.
//!
//! Everything is read back from the step's result lines, so the map shows exactly
//! what the report says. The lines name where a unit went; where it came from is
//! followed from the board before the step, line by line (the board is open, rule 17,
//! so the start of a move tells nothing hidden).

use std::collections::BTreeMap;

use super::board;
use super::data::{Data, Side};
use super::state::State;

/// What one mark shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// A unit went from `from` (when known) to the area.
    Move,
    /// A unit came onto the board in the area.
    Build,
    /// A unit left the game in the area.
    Remove,
    /// A mission or a Terror in the area: its class name and the letter shown.
    Mission { class: &'static str, letter: &'static str },
}

impl MarkKind {
    pub fn class(&self) -> &'static str {
        match self {
            MarkKind::Move => "move",
            MarkKind::Build => "build",
            MarkKind::Remove => "remove",
            MarkKind::Mission { class, .. } => class,
        }
    }
}

/// One action drawn on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub kind: MarkKind,
    /// The area the unit left, for a move whose start is known.
    pub from: Option<String>,
    /// The area the action took place in (area ids, as `areas.toml` has them).
    pub area: String,
    pub side: Option<Side>,
    /// The result line, for hover text.
    pub title: String,
}

/// How one result line moves units or marks an area.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    Goes {
        units: Vec<String>,
        to: String,
    },
    Comes {
        unit: String,
        to: String,
    },
    Leaves {
        unit: String,
    },
    /// A unit goes on under another counter in the same area (reduced or converted).
    Becomes {
        unit: String,
        new: String,
    },
    Mission {
        area: String,
        class: &'static str,
        letter: &'static str,
    },
    Other,
}

fn read(text: &str, data: &Data) -> Line {
    let words: Vec<&str> = text.split_whitespace().collect();
    let area = |w: &str| {
        let w = w.trim_end_matches([',', ':', ';', '.', ')']);
        data.area(w).map(|a| a.id.clone())
    };
    let mission = |w: &str, class, letter| match area(w) {
        Some(area) => Line::Mission { area, class, letter },
        None => Line::Other,
    };
    match words.as_slice() {
        [u, "deploys", "to", to, ..] | [u, "arrives", "in", to] => match area(to) {
            Some(to) => Line::Goes { units: vec![u.to_string()], to },
            None => Line::Other,
        },
        ["The", "Government", "reacts", "in", to, "with", team @ ..] => match area(to) {
            Some(to) => {
                Line::Goes { units: team.iter().map(|u| u.trim_end_matches(',').to_string()).collect(), to }
            }
            None => Line::Other,
        },
        [u, "returns", "from", "Suez", "to", to] | ["the", "Government", "mobilizes", u, "in", to] => {
            match area(to) {
                Some(to) => Line::Comes { unit: u.to_string(), to },
                None => Line::Other,
            }
        }
        ["the", "FLN", "builds", _, u, "in", to] => match area(to) {
            Some(to) => Line::Comes { unit: u.to_string(), to },
            None => Line::Other,
        },
        ["FLN", "units", "deploy", "in", to, team @ ..] => match area(to) {
            Some(to) => {
                Line::Goes { units: team.iter().map(|u| u.trim_end_matches(',').to_string()).collect(), to }
            }
            None => Line::Other,
        },
        [u, "is", "eliminated", ..] => Line::Leaves { unit: u.to_string() },
        [u, "is", "reduced", "to", _, new] | ["the", "FLN", "converts", u, "to", _, new] => {
            Line::Becomes { unit: u.to_string(), new: new.to_string() }
        }
        // A mission is told in more than one line (its dice, then its outcome): each
        // pattern matches the one line that names the mission once.
        ["9.11", "Propaganda", "in", a, "by", ..] => mission(a, "propaganda", "P"),
        ["9.12", "Strike", "in", a, "by", ..] => mission(a, "strike", "S"),
        ["9.14", "Raid", "in", a, "MST:", ..] => mission(a, "raid", "R"),
        ["9.22", "Flush", "in", a, "with", ..] => mission(a, "flush", "F"),
        ["9.24", "Intelligence", "in", a, "(Police", ..] => mission(a, "intelligence", "I"),
        ["9.25", "Civil", "Affairs", "in", a, "die", ..] if a.ends_with(':') => {
            mission(a, "civil-affairs", "C")
        }
        ["9.15", "Harass:", rest @ ..] => match rest.iter().rposition(|w| *w == "in") {
            Some(i) => rest.get(i + 1).map_or(Line::Other, |a| mission(a, "harass", "H")),
            None => Line::Other,
        },
        [a, "is", "Terrorized"] => mission(a, "terror", "T"),
        _ => Line::Other,
    }
}

/// The marks for the step whose result lines are `lines`, from the board `before` it.
pub fn marks(before: &State, data: &Data, lines: &[String]) -> Vec<Mark> {
    let mut known: BTreeMap<String, String> =
        before.units.iter().map(|(id, u)| (id.clone(), u.area.clone())).collect();
    let side_of = |unit: &str| {
        before.units.get(unit).and_then(|u| board::kind_side(data, u)).or(match unit {
            u if u.starts_with("FLN") => Some(Side::Fln),
            _ => None,
        })
    };
    let mut out = Vec::new();
    for text in lines {
        let mark = |kind: MarkKind, from: Option<String>, area: &str, unit: Option<&str>| Mark {
            kind,
            from,
            area: area.to_string(),
            side: unit.and_then(side_of),
            title: text.clone(),
        };
        match read(text, data) {
            Line::Goes { units, to } => {
                for u in units {
                    let from = known.get(&u).filter(|f| **f != to).cloned();
                    // A unit already there (a reaction by the area's own units) did not move.
                    if from.is_some() || !known.contains_key(&u) {
                        out.push(mark(MarkKind::Move, from, &to, Some(&u)));
                    }
                    known.insert(u, to.clone());
                }
            }
            Line::Comes { unit, to } => {
                out.push(mark(MarkKind::Build, None, &to, Some(&unit)));
                known.insert(unit, to);
            }
            Line::Leaves { unit } => {
                if let Some(at) = known.remove(&unit) {
                    out.push(mark(MarkKind::Remove, None, &at, Some(&unit)));
                }
            }
            Line::Becomes { unit, new } => {
                if let Some(at) = known.remove(&unit) {
                    known.insert(new, at);
                }
            }
            Line::Mission { area, class, letter } => {
                out.push(mark(MarkKind::Mission { class, letter }, None, &area, None));
            }
            Line::Other => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each form of line the rules modules write, as they write it.
    #[test]
    fn each_line_reads_as_the_report_writes_it() {
        let data = Data::embedded().expect("the built-in data");
        let area = data.areas.first().map(|a| a.id.clone()).unwrap_or_default();
        let goes = |l: &str| matches!(read(l, &data), Line::Goes { .. });
        let kind = |l: &str| match read(l, &data) {
            Line::Mission { class, .. } => class,
            _ => "",
        };
        assert!(goes(&format!("AL1 deploys to {area} (OPS)")));
        assert!(goes(&format!("FT2 arrives in {area}")));
        assert!(goes(&format!("The Government reacts in {area} with EL1, AL2")));
        assert!(goes(&format!("FLN units deploy in {area}: CA2, FT1")));
        assert!(matches!(read(&format!("EL3 returns from Suez to {area}"), &data), Line::Comes { .. }));
        assert!(matches!(read(&format!("the FLN builds band BA1 in {area}"), &data), Line::Comes { .. }));
        assert_eq!(kind(&format!("9.11 Propaganda in {area} by FT1 MST: die 4 = 4: 2")), "propaganda");
        assert_eq!(kind(&format!("9.12 Strike in {area} by FT1 MST: die 4 = 4: 2")), "strike");
        assert_eq!(kind(&format!("9.12 Strike in {area} PSP: die 3")), "", "the Strike's second line");
        assert_eq!(kind(&format!("9.14 Raid in {area} MST: die 5 = 5: 2")), "raid");
        assert_eq!(kind(&format!("9.15 Harass: FT1 fire at EL1 in {area}")), "harass");
        assert_eq!(kind(&format!("9.22 Flush in {area} with AL1 (Contact 1)")), "flush");
        assert_eq!(kind(&format!("9.24 Intelligence in {area} (Police Contact 2)")), "intelligence");
        assert_eq!(kind(&format!("9.25 Civil Affairs in {area}: die 4+1: 1 Control Point")), "civil-affairs");
        assert_eq!(kind(&format!("9.25 Civil Affairs in {area} MST: die 3 = 3: 1")), "", "its dice line");
        assert_eq!(kind(&format!("{area} is Terrorized")), "terror");
        assert_eq!(
            read("FT2 is reduced to cadre CA9", &data),
            Line::Becomes { unit: "FT2".into(), new: "CA9".into() }
        );
        assert_eq!(
            read("the FLN converts CA2 to band BA4", &data),
            Line::Becomes { unit: "CA2".into(), new: "BA4".into() }
        );
        assert_eq!(read("the FLN passes: a pass", &data), Line::Other);
    }
}
