//! Fractional units (rules 5, 6, 8, 10): their sizes, and the one way a fractional
//! move can fail, more than a whole unit of fractions ending in one province.
//!
//! Sizes are kept as whole numbers of 1/27720ths of a unit (27720 is the least common
//! multiple of 1..=12), so that adding fractions is exact and needs no rational type.
//! A size is written `1/3`, `1/4`, `2/9`: any fraction with a denominator up to 12.

use crate::engine::Refusal;
use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::diplomacy::map::{PowerId, ProvinceId};

/// One whole unit, in the smallest parts.
pub const WHOLE: u32 = 27720;
/// Rule 5: no fraction may be more than a third of a unit.
pub const MAX_PART: u32 = WHOLE / 3;
/// The largest denominator a size may have.
pub const MAX_DENOMINATOR: u32 = 12;

/// The size of a fraction, in 1/27720ths of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Size(pub u32);

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Size {
    /// Reads `1/3`. Refuses zero, denominators over 12, and anything not a fraction.
    pub fn parse(s: &str) -> Result<Size, Refusal> {
        let (n, d) = s.trim().split_once('/').ok_or_else(|| format!("'{s}' is not a fraction like 1/3"))?;
        let n: u32 = n.trim().parse().map_err(|_| format!("'{s}' is not a fraction like 1/3"))?;
        let d: u32 = d.trim().parse().map_err(|_| format!("'{s}' is not a fraction like 1/3"))?;
        if n == 0 || d == 0 {
            return Err(format!("'{s}' is no part of a unit").into());
        }
        if d > MAX_DENOMINATOR {
            return Err(format!(
                "'{s}': fractions are written with a denominator of at most {MAX_DENOMINATOR}"
            )
            .into());
        }
        if n >= d {
            return Err(format!("'{s}' is not less than a whole unit").into());
        }
        Ok(Size(WHOLE / d * n))
    }

    /// The size as written: `1/3`.
    pub fn show(self) -> String {
        let g = gcd(self.0, WHOLE).max(1);
        format!("{}/{}", self.0 / g, WHOLE / g)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.show())
    }
}

impl TryFrom<String> for Size {
    type Error = Refusal;
    fn try_from(s: String) -> Result<Size, Refusal> {
        Size::parse(&s)
    }
}

impl From<Size> for String {
    fn from(s: Size) -> String {
        s.show()
    }
}

/// Whose fractions count together under the whole-unit limit of rule 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Limit {
    /// Each power's own fractions only (the default: a failure reveals nothing about
    /// anyone else's fractions).
    #[default]
    Nationality,
    /// Every power's fractions together.
    All,
}

impl Limit {
    /// The pool a fraction of `power` counts in: its power's, or everyone's.
    pub fn pool(self, power: PowerId) -> Option<PowerId> {
        match self {
            Limit::Nationality => Some(power),
            Limit::All => None,
        }
    }
}

/// Where a fraction wants to end a move, and where it stays if that fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Intent<P> {
    pub power: PowerId,
    pub size: u32,
    /// The province it ends in if its move succeeds (None: not in a province, e.g. aboard).
    pub wanted: Option<ProvinceId>,
    /// Where it is if the move fails (None: aboard a fleet).
    pub fallback: Option<ProvinceId>,
    /// A payload the caller uses to apply the outcome.
    pub tag: P,
}

impl<P> Intent<P> {
    fn moves(&self) -> bool {
        self.wanted != self.fallback
    }
}

/// Rule 5: "fractional moves will always succeed, except if the effect would be to
/// cause there to be more than a whole unit in fractions in one province, in which case
/// all relevant moves fail". Returns, for each intent, whether its move succeeds.
///
/// A move that fails stays where it was, which may in turn overfill that province, so
/// the check is repeated until nothing changes; each round fails at least one move, so
/// it ends. Intents that do not move (or cannot fail) are counted but never fail.
pub fn whole_unit_limit<P>(intents: &[Intent<P>], limit: Limit) -> Vec<bool> {
    let mut ok: Vec<bool> = vec![true; intents.len()];
    loop {
        let mut load: BTreeMap<(ProvinceId, Option<PowerId>), u32> = BTreeMap::new();
        let key = |p: ProvinceId, power: PowerId| (p, limit.pool(power));
        for (i, f) in intents.iter().enumerate() {
            let at = if ok[i] { f.wanted } else { f.fallback };
            if let Some(p) = at {
                *load.entry(key(p, f.power)).or_insert(0) += f.size;
            }
        }
        let mut changed = false;
        for (i, f) in intents.iter().enumerate() {
            if ok[i]
                && f.moves()
                && let Some(p) = f.wanted
                && load.get(&key(p, f.power)).copied().unwrap_or(0) > WHOLE
            {
                ok[i] = false;
                changed = true;
            }
        }
        if !changed {
            return ok;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_and_print() {
        assert_eq!(Size::parse("1/3").unwrap().0, MAX_PART);
        assert_eq!(Size::parse("2/6").unwrap().show(), "1/3");
        assert_eq!(Size::parse("1/12").unwrap().show(), "1/12");
        assert!(Size::parse("1/13").is_err());
        assert!(Size::parse("3/3").is_err());
        assert!(Size::parse("0/3").is_err());
        assert!(Size::parse("x").is_err());
        let s: Size = serde_json::from_str("\"1/4\"").unwrap();
        assert_eq!(serde_json::to_string(&s).unwrap(), "\"1/4\"");
    }

    fn intent(power: PowerId, size: u32, from: ProvinceId, to: ProvinceId) -> Intent<()> {
        Intent { power, size, wanted: Some(to), fallback: Some(from), tag: () }
    }

    #[test]
    fn a_whole_unit_fits_but_more_fails_and_failures_cascade() {
        let third = MAX_PART;
        // Three thirds into province 9: fits exactly.
        let v = [intent(0, third, 1, 9), intent(0, third, 2, 9), intent(0, third, 3, 9)];
        assert_eq!(whole_unit_limit(&v, Limit::Nationality), vec![true; 3]);
        // A fourth: all four fail.
        let v =
            [intent(0, third, 1, 9), intent(0, third, 2, 9), intent(0, third, 3, 9), intent(0, third, 4, 9)];
        assert_eq!(whole_unit_limit(&v, Limit::Nationality), vec![false; 4]);
        // Another power's fractions do not count by default, but do with Limit::All.
        let v =
            [intent(0, third, 1, 9), intent(0, third, 2, 9), intent(1, third, 3, 9), intent(1, third, 4, 9)];
        assert_eq!(whole_unit_limit(&v, Limit::Nationality), vec![true; 4]);
        assert_eq!(whole_unit_limit(&v, Limit::All), vec![false; 4]);
        // Cascade: two thirds stay in 1; a third fails to leave 2 for 9 and the one
        // moving 3 -> 2 then overfills nothing (2 holds 2/3), but a chain into 1 does.
        let stay = |p| Intent { power: 0, size: third, wanted: Some(p), fallback: Some(p), tag: () };
        let v = [stay(1), stay(1), intent(0, third, 5, 1), intent(0, third, 1, 5)];
        // 1 would hold 2/3 + 1/3 = 1 whole while the fourth leaves: all succeed.
        assert_eq!(whole_unit_limit(&v, Limit::Nationality), vec![true; 4]);
        let v = [stay(1), stay(1), stay(5), stay(5), intent(0, third, 6, 5), intent(0, third, 5, 1)];
        // 5 would hold 1 whole (two staying, one in, one out): fine, and 1 gets 1 whole.
        assert_eq!(whole_unit_limit(&v, Limit::Nationality), vec![true; 6]);
        let v = [stay(1), stay(1), stay(1), stay(5), stay(5), intent(0, third, 6, 5), intent(0, third, 5, 1)];
        // 1 is full, so 5 -> 1 fails; then 5 holds 4/3 and 6 -> 5 fails too.
        assert_eq!(
            whole_unit_limit(&v, Limit::Nationality),
            vec![true, true, true, true, true, false, false]
        );
    }
}
