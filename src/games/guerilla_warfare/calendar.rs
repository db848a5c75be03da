//! The 1914–1918 calendar of rule 2: one move a month from July 1914, retreats after a
//! move when a unit was dislodged, adjustments in September, December, March and June,
//! and the end after the November 1918 moves and the December 1918 adjustments.
//!
//! Centres change hands after the move that comes just before an adjustment month
//! (August, November, February, May): the monthly counterpart of the standard
//! game's autumn.

use serde::{Deserialize, Serialize};

const MONTHS: [&str; 12] =
    ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/// The months' names, January first.
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A month of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Date {
    pub year: u16,
    /// 1 = January.
    pub month: u8,
}

/// What the game does in a month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Movement,
    Retreat,
    Adjustment,
}

impl Stage {
    fn letter(self) -> char {
        match self {
            Stage::Movement => 'M',
            Stage::Retreat => 'R',
            Stage::Adjustment => 'A',
        }
    }
    fn word(self) -> &'static str {
        match self {
            Stage::Movement => "moves",
            Stage::Retreat => "retreats",
            Stage::Adjustment => "builds and removals",
        }
    }
}

/// The first move (rule 2).
pub const FIRST_MOVE: Date = Date { year: 1914, month: 7 };
/// The last move (rule 2); its adjustments, in December 1918, end the game.
pub const LAST_MOVE: Date = Date { year: 1918, month: 11 };
/// Rule 5: the two-dispersal limit holds for moves before this month.
pub const DISPERSAL_LIMIT_ENDS: Date = Date { year: 1915, month: 3 };

impl Date {
    fn index(self) -> usize {
        (self.month.clamp(1, 12) - 1) as usize
    }

    pub fn next(self) -> Date {
        if self.month >= 12 {
            Date { year: self.year + 1, month: 1 }
        } else {
            Date { year: self.year, month: self.month + 1 }
        }
    }

    /// `JUL1914`.
    pub fn code(self) -> String {
        format!("{}{}", MONTHS[self.index()], self.year)
    }

    /// `July 1914`.
    pub fn name(self) -> String {
        format!("{} {}", MONTH_NAMES[self.index()], self.year)
    }

    /// Rule 4: January to April inclusive.
    pub fn is_winter(self) -> bool {
        (1..=4).contains(&self.month)
    }

    /// Rule 2: an adjustment month.
    pub fn is_adjustment_month(self) -> bool {
        matches!(self.month, 3 | 6 | 9 | 12)
    }

    /// Does the move of this month decide who owns the centres (the move just before an
    /// adjustment month)?
    pub fn takes_centres(self) -> bool {
        self.next().is_adjustment_month()
    }

    /// The number of the move of this month, from 1 (July 1914).
    pub fn move_number(self) -> i32 {
        (self.year as i32 - 1914) * 12 + self.month as i32 - 6
    }
}

/// A phase's id, as players write it on the PHASE line: `JUL1914M`, `JUL1914R`, `SEP1914A`.
pub fn phase_id(date: Date, stage: Stage) -> String {
    format!("{}{}", date.code(), stage.letter())
}

/// A phase's title: `July 1914 moves`.
pub fn phase_title(date: Date, stage: Stage) -> String {
    format!("{} {}", date.name(), stage.word())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_roll_over_and_codes_read_well() {
        let d = Date { year: 1914, month: 12 };
        assert_eq!(d.next(), Date { year: 1915, month: 1 });
        assert_eq!(phase_id(FIRST_MOVE, Stage::Movement), "JUL1914M");
        assert_eq!(phase_id(Date { year: 1914, month: 9 }, Stage::Adjustment), "SEP1914A");
        assert_eq!(phase_title(FIRST_MOVE, Stage::Retreat), "July 1914 retreats");
        assert_eq!(FIRST_MOVE.move_number(), 1);
        assert_eq!(LAST_MOVE.move_number(), 53);
    }

    #[test]
    fn centres_change_before_each_adjustment_month() {
        let taking: Vec<u8> = (1..=12).filter(|&m| Date { year: 1915, month: m }.takes_centres()).collect();
        assert_eq!(taking, vec![2, 5, 8, 11]);
        let winter: Vec<u8> = (1..=12).filter(|&m| Date { year: 1915, month: m }.is_winter()).collect();
        assert_eq!(winter, vec![1, 2, 3, 4]);
    }
}
