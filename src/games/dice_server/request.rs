//! One line of a dice request: `ROLL <n>d<s>[+|-m] [HIDDEN] <label> [TO <players>]`.

use crate::engine::Refusal;
use serde::{Deserialize, Serialize};

use crate::dice::MAX_SIDES;

/// Most dice one request may roll.
pub const MAX_DICE: u32 = 100;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub count: u32,
    pub sides: u32,
    pub modifier: i64,
    pub hidden: bool,
    pub label: String,
    /// Players who get a copy of the result besides the requester (empty: everyone).
    pub to: Vec<String>,
}

impl Request {
    /// `2d6+1` style.
    pub fn spec(&self) -> String {
        let m = match self.modifier {
            0 => String::new(),
            m if m > 0 => format!("+{m}"),
            m => format!("{m}"),
        };
        format!("{}d{}{}", self.count, self.sides, m)
    }

    /// The request as a line the player may send again: `ROLL 2d6 attack`,
    /// `ROLL 1d10 HIDDEN scouting`, `ROLL 3d6-2 morale TO bob`. Who sees the roll is in
    /// the words themselves (public unless HIDDEN or TO).
    pub fn describe(&self) -> String {
        let mut line = format!("ROLL {}", self.spec());
        if self.hidden {
            line.push_str(" HIDDEN");
        }
        line.push(' ');
        line.push_str(&self.label);
        if !self.to.is_empty() {
            line.push_str(" TO ");
            line.push_str(&self.to.join(" "));
        }
        line
    }
}

/// Parses one request line. `players` are the campaign's players, for `TO`.
pub fn parse_request(line: &str, players: &[String]) -> Result<Request, Refusal> {
    let mut words = line.split_whitespace();
    match words.next() {
        Some(w) if w.eq_ignore_ascii_case("roll") => {}
        Some(w) => return Err(format!("'{w}' is not a request; a line starts with ROLL").into()),
        None => return Err("empty line".into()),
    }
    let spec = words.next().ok_or("ROLL needs dice, such as 2d6")?;
    let (count, sides, modifier) = parse_spec(spec)?;
    let mut rest: Vec<&str> = words.collect();
    let mut hidden = false;
    if rest.first().is_some_and(|w| w.eq_ignore_ascii_case("hidden")) {
        hidden = true;
        rest.remove(0);
    }
    let mut to = Vec::new();
    if let Some(pos) = rest.iter().position(|w| w.eq_ignore_ascii_case("to")) {
        let names: Vec<&str> =
            rest[pos + 1..].iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()).collect();
        if names.is_empty() {
            return Err("TO needs at least one player".into());
        }
        for name in names {
            let found = players
                .iter()
                .find(|p| p.eq_ignore_ascii_case(name))
                .ok_or_else(|| format!("TO names '{name}', who is not a player in this campaign"))?;
            if !to.contains(found) {
                to.push(found.clone());
            }
        }
        rest.truncate(pos);
    }
    if rest.last().is_some_and(|w| w.eq_ignore_ascii_case("hidden")) {
        hidden = true;
        rest.pop();
    }
    if hidden && !to.is_empty() {
        return Err("a HIDDEN roll is seen only by you and the GM; it cannot go TO others".into());
    }
    let label = rest.join(" ");
    if label.is_empty() {
        return Err("every roll needs a label saying what it is for (ROLL 2d6 attack on Larissa)".into());
    }
    if label.chars().count() > 200 {
        return Err("the label is longer than 200 characters".into());
    }
    Ok(Request { count, sides, modifier, hidden, label, to })
}

/// `NdS`, `dS`, `NdS+M`, `NdS-M`; `d%` is d100.
fn parse_spec(spec: &str) -> Result<(u32, u32, i64), Refusal> {
    let bad = || format!("'{spec}' is not a dice expression such as 2d6, d10 or 3d6+2");
    let lower = spec.to_ascii_lowercase();
    let (count, rest) = lower.split_once('d').ok_or_else(bad)?;
    let count: u32 = if count.is_empty() { 1 } else { count.parse().map_err(|_| bad())? };
    let split = rest.find(['+', '-']);
    let (sides, modifier) = match split {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let sides: u32 = if sides == "%" { 100 } else { sides.parse().map_err(|_| bad())? };
    let modifier: i64 = if modifier.is_empty() { 0 } else { modifier.parse().map_err(|_| bad())? };
    if count == 0 || count > MAX_DICE {
        return Err(format!("{count} dice: roll between 1 and {MAX_DICE} at a time").into());
    }
    if !(2..=MAX_SIDES).contains(&sides) {
        return Err(format!("a die needs between 2 and {MAX_SIDES} sides, not {sides}").into());
    }
    if modifier.unsigned_abs() > 1_000_000 {
        return Err("the modifier is larger than a million".into());
    }
    Ok((count, sides, modifier))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Vec<String> {
        vec!["alice".into(), "bob".into()]
    }

    #[test]
    fn reads_the_usual_forms() {
        let r = parse_request("roll 2d6+1 attack on Larissa at 3:1", &players()).unwrap();
        assert_eq!((r.count, r.sides, r.modifier, r.hidden), (2, 6, 1, false));
        assert_eq!(r.label, "attack on Larissa at 3:1");
        let r = parse_request("ROLL d% HIDDEN spy TO", &players());
        assert!(r.is_err());
        let r = parse_request("ROLL 1d10 HIDDEN spy check", &players()).unwrap();
        assert!(r.hidden);
        let r = parse_request("ROLL 3d6-2 morale TO Bob", &players()).unwrap();
        assert_eq!(r.to, vec!["bob".to_string()]);
        assert_eq!(r.spec(), "3d6-2");
    }

    #[test]
    fn refuses_with_reasons() {
        for bad in ["ROLL 2d6", "ROLL 0d6 x", "ROLL 2d1 x", "ROLL 2x6 x", "ROLL 2d6 x TO carol", "MOVE 2d6 x"]
        {
            assert!(parse_request(bad, &players()).is_err(), "{bad}");
        }
    }
}
