//! The step's actions drawn on the board: the Advancement, Normal and Slow Movement
//! and the Regroup as arrows along their spaces, attacks and Raids (dashed when they
//! miss), cannon fire (dashed when it hits nothing), new units ringed, lost units
//! crossed out. Each is read back from the step's result lines, which name both ends
//! of every move and attack, so the map shows exactly what the report says.

use super::data::Data;
use super::state::Side;

/// What one mark shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Move,
    Attack,
    Fire,
    Build,
    Remove,
}

impl MarkKind {
    pub fn class(self) -> &'static str {
        match self {
            MarkKind::Move => "move",
            MarkKind::Attack => "attack",
            MarkKind::Fire => "fire",
            MarkKind::Build => "build",
            MarkKind::Remove => "remove",
        }
    }
}

/// One action: a path of space ids (one space for a new or lost unit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub kind: MarkKind,
    pub path: Vec<String>,
    pub side: Option<Side>,
    pub failed: bool,
    /// The result line, for hover text.
    pub title: String,
}

fn side(word: &str) -> Option<Side> {
    match word {
        "Imperial" => Some(Side::Imperial),
        "Insurgent" => Some(Side::Insurgent),
        _ => None,
    }
}

/// The marks one result line makes (none for most lines).
fn read(text: &str, data: &Data) -> Vec<Mark> {
    let space = |w: &str| data.map.space(w.trim_end_matches([',', ':', ';'])).map(|s| s.id.clone());
    let path = |p: &str| -> Option<Vec<String>> {
        let spaces: Option<Vec<String>> = p.split('-').map(space).collect();
        spaces.filter(|s| s.len() >= 2)
    };
    let mark =
        |kind, path: Vec<String>, side, failed| Mark { kind, path, side, failed, title: text.to_string() };
    let missed = text.trim_end().ends_with(": miss");
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["Advancement:", p] | ["Imperial", "Slow", "Movement:", p] => {
            path(p).map(|p| mark(MarkKind::Move, p, Some(Side::Imperial), false)).into_iter().collect()
        }
        ["Imperial", "Normal", "Movement:", paths @ ..] => paths
            .iter()
            .filter_map(|p| path(p.trim_end_matches(',')))
            .map(|p| mark(MarkKind::Move, p, Some(Side::Imperial), false))
            .collect(),
        ["Insurgent", "Regroup:", a, "to", b] => match (space(a), space(b)) {
            (Some(a), Some(b)) => vec![mark(MarkKind::Move, vec![a, b], Some(Side::Insurgent), false)],
            _ => Vec::new(),
        },
        [who, "attack", "from", a, "on", b, ..] => match (space(a), space(b)) {
            (Some(a), Some(b)) => vec![mark(MarkKind::Attack, vec![a, b], side(who), missed)],
            _ => Vec::new(),
        },
        ["Raid", "from", a, "on", b, ..] => match (space(a), space(b)) {
            (Some(a), Some(b)) => vec![mark(MarkKind::Attack, vec![a, b], Some(Side::Insurgent), missed)],
            _ => Vec::new(),
        },
        [who, "cannon", a, "fires", "at", b, ..] => match (space(a), space(b)) {
            (Some(a), Some(b)) => {
                let nothing = text.trim_end().ends_with(": 0 hits");
                vec![mark(MarkKind::Fire, vec![a, b], side(who), nothing)]
            }
            _ => Vec::new(),
        },
        ["civilians", "trained:", "a", "new", "unit", "on", s] => space(s)
            .map(|s| mark(MarkKind::Build, vec![s], Some(Side::Insurgent), false))
            .into_iter()
            .collect(),
        // "Imperial gains 3 unit(s) at CAMP"; revision 3 names every space a unit
        // went to, "at W2, S1 (MAR has no room)".
        [who, "gains", rest @ ..] if rest.contains(&"unit(s)") => {
            let mut at: Vec<&str> = rest
                .iter()
                .skip_while(|w| **w != "at")
                .skip(1)
                .take_while(|w| !w.starts_with('('))
                .map(|w| w.trim_end_matches(','))
                .collect();
            at.dedup();
            at.into_iter()
                .filter_map(&space)
                .map(|s| mark(MarkKind::Build, vec![s], side(who), false))
                .collect()
        }
        [s, "loses", "a", "unit"] | [s, "loses", "an", _, "unit"] => {
            space(s).map(|s| mark(MarkKind::Remove, vec![s], None, false)).into_iter().collect()
        }
        [who, "loses", _, "unit(s)", "from", s] => {
            space(s).map(|s| mark(MarkKind::Remove, vec![s], side(who), false)).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// The marks for the step whose result lines are `lines`.
pub fn marks(data: &Data, lines: &[String]) -> Vec<Mark> {
    lines.iter().flat_map(|l| read(l, data)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each form of line the rules modules write, as they write it.
    #[test]
    fn each_line_reads_as_the_report_writes_it() {
        let data = Data::embedded().expect("the built-in data");
        let kinds = |l: &str| -> Vec<(MarkKind, usize, bool)> {
            read(l, &data).iter().map(|m| (m.kind, m.path.len(), m.failed)).collect()
        };
        assert_eq!(kinds("Advancement: M5a-M4a"), [(MarkKind::Move, 2, false)]);
        assert_eq!(kinds("Imperial Normal Movement: M2c-M1c, M2d-M1d"), [(MarkKind::Move, 2, false); 2]);
        assert_eq!(kinds("Imperial Slow Movement: M2c-M1c"), [(MarkKind::Move, 2, false)]);
        assert_eq!(kinds("Insurgent Regroup: W4 to S1"), [(MarkKind::Move, 2, false)]);
        assert_eq!(
            kinds("Imperial attack from M1c on W4: 2d8 4, 1, +0, needing 8: miss"),
            [(MarkKind::Attack, 2, true)]
        );
        assert_eq!(
            kinds("Insurgent attack from W4 on M1c: 1d8 7, +0, needing 6: hit"),
            [(MarkKind::Attack, 2, false)]
        );
        assert_eq!(
            kinds("Raid from W4 on M2c (2 AP): 1d8 3, +0, needing 5: miss"),
            [(MarkKind::Attack, 2, true)]
        );
        assert_eq!(kinds("Insurgent cannon MAR fires at M3c: 2d6 5, 4: 0 hits"), [(MarkKind::Fire, 2, true)]);
        assert_eq!(kinds("Imperial cannon M3c fires at W4: 2d6 5, 6: 1 hit"), [(MarkKind::Fire, 2, false)]);
        assert_eq!(kinds("civilians trained: a new unit on W4"), [(MarkKind::Build, 1, false)]);
        assert_eq!(kinds("Imperial gains 3 unit(s) at CAMP"), [(MarkKind::Build, 1, false)]);
        assert_eq!(kinds("W4 loses an Insurgent unit"), [(MarkKind::Remove, 1, false)]);
        assert_eq!(kinds("M3c loses a unit"), [(MarkKind::Remove, 1, false)]);
        assert_eq!(kinds("Imperial loses 2 unit(s) from CAMP"), [(MarkKind::Remove, 1, false)]);
        assert!(kinds("Insurgent gains 1 unit(s)").is_empty(), "no space named: nothing drawn");
        assert!(kinds("Imperial holds Vrachori: its reward").is_empty());
    }
}
