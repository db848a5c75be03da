//! The two Conflict Resolution Tables (12.2) and their result codes, transcribed
//! from the rulebook, with the odds columns of 11.2.

use serde::{Deserialize, Serialize};

/// Odds columns: 0 = <1:1, 1 = 1:1, 2 = 2:1, 3 = 3:1, 4 = 4:1.
pub const COLUMNS: usize = 5;

pub fn column_name(c: usize) -> &'static str {
    match c {
        0 => "<1:1",
        1 => "1:1",
        2 => "2:1",
        3 => "3:1",
        _ => "4:1",
    }
}

/// 11.2: divide attack by defence, drop the fraction, below 1 is the <1:1 column,
/// above 4 the 4:1 column.
pub fn odds_column(attack: i32, defence: i32) -> usize {
    if defence <= 0 {
        return COLUMNS - 1;
    }
    ((attack.max(0) / defence) as usize).min(COLUMNS - 1)
}

/// Moves a column by `shift` (airstrikes, 11.4), staying on the table.
pub fn shifted(column: usize, shift: i32) -> usize {
    (column as i32 + shift).clamp(0, COLUMNS as i32 - 1) as usize
}

/// Which side a percentage result hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    Attacker,
    Defender,
}

/// One result code of 12.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Military Disaster: half the attackers eliminated, the rest retreat; Terror.
    Md,
    /// `pct`% of `party`'s units change `levels` levels (negative: reduced).
    Levels { party: Party, half: bool, levels: i32 },
    /// Effective Action: half the defenders eliminated, the rest retreat; removes Terror.
    Ea,
    /// Very Effective Action: all defenders eliminated; removes Terror.
    Ve,
    /// Overkill: all defenders eliminated; Terror.
    Ok,
}

impl Outcome {
    /// Parses a code as the table prints it: `MD`, `50%A(-2)`, `100%D(+1)`, `EA`...
    pub fn parse(code: &str) -> Option<Outcome> {
        match code {
            "MD" => return Some(Outcome::Md),
            "EA" => return Some(Outcome::Ea),
            "VE" => return Some(Outcome::Ve),
            "OK" => return Some(Outcome::Ok),
            _ => {}
        }
        let (pct, rest) = code.split_once('%')?;
        let half = match pct {
            "50" => true,
            "100" => false,
            _ => return None,
        };
        let party = match rest.chars().next()? {
            'A' => Party::Attacker,
            'D' => Party::Defender,
            _ => return None,
        };
        let levels: i32 = rest.get(1..)?.strip_prefix('(')?.strip_suffix(')')?.parse().ok()?;
        if levels == 0 {
            return None;
        }
        Some(Outcome::Levels { party, half, levels })
    }

    pub fn code(&self) -> String {
        match self {
            Outcome::Md => "MD".into(),
            Outcome::Ea => "EA".into(),
            Outcome::Ve => "VE".into(),
            Outcome::Ok => "OK".into(),
            Outcome::Levels { party, half, levels } => format!(
                "{}%{}({}{levels})",
                if *half { 50 } else { 100 },
                if *party == Party::Attacker { 'A' } else { 'D' },
                if *levels > 0 { "+" } else { "" }
            ),
        }
    }

    /// 12.2 "Terror?" column: MD and OK place a Terror marker whoever attacked.
    pub fn places_terror(&self) -> bool {
        matches!(self, Outcome::Md | Outcome::Ok)
    }

    /// 12.2 "Removed?" column: EA and VE remove Terror, on Government attacks only.
    pub fn removes_terror(&self) -> bool {
        matches!(self, Outcome::Ea | Outcome::Ve)
    }
}

/// The Open CRT, rows die 1..6, columns <1:1..4:1.
pub const OPEN: [[&str; COLUMNS]; 6] = [
    ["MD", "50%A(-2)", "50%D(+2)", "50%A(-1)", "50%D(-1)"],
    ["50%D(+2)", "100%D(+1)", "50%A(-1)", "100%D(-1)", "100%A(+1)"],
    ["100%A(-1)", "50%A(-1)", "50%D(-1)", "50%A(+1)", "50%D(-2)"],
    ["100%D(+2)", "50%D(-1)", "50%A(+1)", "100%D(-2)", "50%A(+2)"],
    ["50%A(+1)", "100%A(+1)", "EA", "EA", "EA"],
    ["100%D(-1)", "EA", "OK", "OK", "VE"],
];

/// The Infrastructure CRT (no airstrikes on it, 11.4).
pub const INFRASTRUCTURE: [[&str; COLUMNS]; 6] = [
    ["MD", "MD", "100%A(-2)", "50%A(-2)", "50%A(-2)"],
    ["MD", "100%D(+2)", "100%D(+2)", "100%D(+1)", "100%D(+1)"],
    ["100%D(+2)", "100%A(-1)", "50%A(-2)", "50%A(-1)", "50%A(+1)"],
    ["50%A(-2)", "50%D(+1)", "50%D(+2)", "50%D(-1)", "50%D(-1)"],
    ["50%D(+2)", "50%A(-1)", "50%A(+1)", "100%A(+1)", "EA"],
    ["50%A(+1)", "50%D(-1)", "100%D(-1)", "OK", "OK"],
];

/// The result for a (modified) die on a column of the Open or Infrastructure CRT.
pub fn result(infrastructure: bool, column: usize, die: u32) -> Outcome {
    let table = if infrastructure { &INFRASTRUCTURE } else { &OPEN };
    let row = (die.clamp(1, 6) - 1) as usize;
    let code = table[row][column.min(COLUMNS - 1)];
    // Every entry is checked by a test; an unreadable one could only come from an
    // edit to the constants above, and then no result is the safe reading.
    Outcome::parse(code).unwrap_or(Outcome::Levels { party: Party::Defender, half: true, levels: 0 })
}

/// 11.6: what a +1/-1 costs, by final odds column, (defender, attacker).
pub fn pp_cost(column: usize, attacker: bool) -> i32 {
    let c = column.min(COLUMNS - 1) as i32;
    if attacker { 5 - c } else { 1 + c }
}

/// 12.1: half of `n` units, fractions rounded up.
pub fn half_of(n: usize) -> usize {
    n.div_ceil(2)
}
