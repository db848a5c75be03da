//! The two Conflict Resolution Tables (12.2) and their result codes, with the odds
//! columns of 11.2. The tables themselves are data: `games/andartes/crt.toml`,
//! transcribed from the rulebook, which a GM may replace with a corrected copy.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::rules::FILES;
use crate::engine::error::{Error, Result};

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

/// The two tables of 12.2 as their codes, rows die 1..6, columns <1:1..4:1; every
/// code is checked when the file is read, so looking one up cannot fail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crt {
    pub open: Vec<Vec<String>>,
    /// No airstrikes on it (11.4).
    pub infrastructure: Vec<Vec<String>>,
}

impl Crt {
    /// Reads `crt.toml`: two tables of six rows of five codes each.
    pub fn parse(text: &str) -> Result<Crt> {
        let crt: Crt = toml::from_str(text).map_err(|e| Error::data("crt.toml", e))?;
        for (name, table) in [("open", &crt.open), ("infrastructure", &crt.infrastructure)] {
            if table.len() != 6 || table.iter().any(|row| row.len() != COLUMNS) {
                return Err(Error::data(
                    "crt.toml",
                    format!("{name} needs six rows (die 1-6) of {COLUMNS} codes"),
                ));
            }
            for (r, row) in table.iter().enumerate() {
                for code in row {
                    if Outcome::parse(code).is_none() {
                        return Err(Error::data(
                            "crt.toml",
                            format!("{name}, die {}: '{code}' is not a result code (12.1)", r + 1),
                        ));
                    }
                }
            }
        }
        Ok(crt)
    }

    /// The built-in tables (the embedded `crt.toml`); a state that names no tables
    /// uses these, so campaigns made before the tables were data replay unchanged.
    pub fn builtin() -> Crt {
        Crt::embedded().clone()
    }

    /// The embedded tables, read once per process.
    fn embedded() -> &'static Crt {
        static BUILTIN: OnceLock<Crt> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            let text = FILES.iter().find(|(n, _)| *n == "crt.toml").map(|(_, t)| *t).unwrap_or("");
            // A test reads the embedded file; were it unreadable, every result would be "none".
            Crt::parse(text).unwrap_or(Crt { open: Vec::new(), infrastructure: Vec::new() })
        })
    }

    /// Saved in the state only when a GM's copy differs from the built-in tables
    /// (asked at every state written, so it compares without a copy).
    pub fn is_builtin(&self) -> bool {
        self == Crt::embedded()
    }

    /// The result for a (modified) die on a column of the Open or Infrastructure CRT.
    pub fn result(&self, infrastructure: bool, column: usize, die: u32) -> Outcome {
        let table = if infrastructure { &self.infrastructure } else { &self.open };
        let row = (die.clamp(1, 6) - 1) as usize;
        table
            .get(row)
            .and_then(|r| r.get(column.min(COLUMNS - 1)))
            .and_then(|code| Outcome::parse(code))
            .unwrap_or(Outcome::Levels { party: Party::Defender, half: true, levels: 0 })
    }
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
