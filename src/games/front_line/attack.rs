//! One attack's result (Attacking, Resolving Die Rolls, City Defense, Dug In): which
//! column is read, which die decides, what the icons cancel, and what a result does
//! to an active or a disrupted target. Pure: the dice are given.

use super::data::{AttackTable, Outcome, Terrain};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    Infantry,
    Tank,
    Artillery,
}

impl Kind {
    /// `I`, `T` or `A`, as in unit ids.
    pub fn letter(self) -> char {
        match self {
            Kind::Infantry => 'I',
            Kind::Tank => 'T',
            Kind::Artillery => 'A',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'I' => Some(Kind::Infantry),
            'T' => Some(Kind::Tank),
            'A' => Some(Kind::Artillery),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Tank => "tank",
            Kind::Artillery => "artillery",
        }
    }

    /// Attacking: Infantry one space, Tanks two, Artillery three.
    pub fn range(self) -> u8 {
        match self {
            Kind::Infantry => 1,
            Kind::Tank => 2,
            Kind::Artillery => 3,
        }
    }
}

/// A Tank rolling two dice takes the white result or the yellow column (`TAKE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    White,
    Yellow,
    /// The better: Blitz, then Disrupt, then Rout, then Miss.
    Best,
}

/// Everything the table needs.
#[derive(Clone, Copy, Debug)]
pub struct Attack {
    pub attacker: Kind,
    pub attacker_height: u8,
    pub target: Kind,
    pub target_height: u8,
    pub target_terrain: Terrain,
    pub target_disrupted: bool,
    /// Squares away (8-neighbour, ruling 1).
    pub range: u8,
    pub take: Take,
    /// The defender Rallied before the dice: the result is lessened one step.
    pub rallied: bool,
}

/// The dice and the result as finalized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The range column read (1-3).
    pub column: u8,
    /// The yellow die is rolled (the attacker is higher).
    pub two_dice: bool,
    /// The result before icons and the target's state.
    pub raw: Outcome,
    /// The die face that produced it (white, or yellow when the yellow column was read).
    pub face: u8,
    pub yellow_column: bool,
    pub result: Outcome,
    /// The result before a Rally was a Miss (City Defense and Dug In included): a
    /// Rallied target earns its reward.
    pub unadjusted_miss: bool,
    pub why: Vec<&'static str>,
}

/// The column: the target's range; one to the right for Infantry or a Tank lower than
/// its target; Artillery never adjusts (EX4).
pub fn column(a: &Attack) -> u8 {
    let lower = a.attacker_height < a.target_height;
    let adjust = lower && a.attacker != Kind::Artillery;
    (a.range + u8::from(adjust)).clamp(1, 3)
}

fn rank(o: Outcome) -> u8 {
    match o {
        Outcome::Blitz => 0,
        Outcome::Disrupt => 1,
        Outcome::Rout => 2,
        Outcome::Miss | Outcome::Adv => 3,
    }
}

/// Whether a Rally could change anything in this attack (ruling 12): some roll gives a
/// different result Rallied, or an unadjusted Miss, which a Rally turns into a reward.
/// Only then has the Rally question two real answers.
pub fn rally_matters(t: &AttackTable, a: &Attack) -> bool {
    let plain = Attack { rallied: false, ..*a };
    let rallied = Attack { rallied: true, ..*a };
    (1..=6).any(|white| {
        (1..=6).any(|yellow| {
            let with = resolve(t, &rallied, white, yellow);
            with.unadjusted_miss || with.result != resolve(t, &plain, white, yellow).result
        })
    })
}

/// Reads the table for `white` (and `yellow`, rolled only when the attacker is higher).
pub fn resolve(t: &AttackTable, a: &Attack, white: u8, yellow: u8) -> Read {
    let col = column(a);
    let two = a.attacker_height > a.target_height;
    let at = |list: &[Outcome], face: u8| {
        list.get(face.clamp(1, 6) as usize - 1).copied().unwrap_or(Outcome::Miss)
    };
    let white_result = at(&t.ranges[col as usize - 1], white);
    let yellow_result = at(&t.adv, yellow);
    let mut why = Vec::new();
    let (raw, face, yellow_column) = if !two {
        if white_result == Outcome::Adv {
            why.push("no advantage die was rolled: Adv reads as a Miss");
            (Outcome::Miss, white, false)
        } else {
            (white_result, white, false)
        }
    } else if a.attacker == Kind::Tank {
        let yellow_wins = match a.take {
            Take::White => white_result == Outcome::Adv,
            Take::Yellow => true,
            Take::Best => rank(yellow_result) < rank(white_result),
        };
        if yellow_wins { (yellow_result, yellow, true) } else { (white_result, white, false) }
    } else if white_result == Outcome::Adv {
        (yellow_result, yellow, true)
    } else {
        (white_result, white, false)
    };
    let mut result = raw;
    // City Defense and Dug In: the icon on the face that produced the result.
    let icon = |name: &str| t.icons.get(name).copied() == Some(face);
    let city = match a.target_terrain {
        Terrain::Capital => Some("capital"),
        Terrain::AirBase => Some("air-base"),
        Terrain::Industry => Some("industry"),
        _ => None,
    };
    if result != Outcome::Miss && city.is_some_and(icon) {
        why.push("City Defense: the result carries the city's icon");
        result = Outcome::Miss;
    }
    if result != Outcome::Miss
        && a.target == Kind::Infantry
        && matches!(a.target_terrain, Terrain::Hill | Terrain::Mountain)
        && icon("soldier")
    {
        why.push("Dug In: a soldier icon against Infantry on high ground");
        result = Outcome::Miss;
    }
    let unadjusted_miss = result == Outcome::Miss;
    if a.rallied {
        // Rally: Blitz becomes Disrupt, Disrupt Rout, Rout a Miss.
        let lesser = match result {
            Outcome::Blitz => Outcome::Disrupt,
            Outcome::Disrupt => Outcome::Rout,
            _ => Outcome::Miss,
        };
        if lesser != result {
            why.push("Rally lessens the result one step");
        }
        result = lesser;
    }
    if a.target_disrupted && matches!(result, Outcome::Disrupt | Outcome::Rout) {
        why.push("a disrupted target is Blitzed by a Disrupt or Rout");
        result = Outcome::Blitz;
    } else if !a.target_disrupted
        && result == Outcome::Rout
        && matches!(a.target_terrain, Terrain::Beach | Terrain::Desert | Terrain::Port)
    {
        why.push("Rout on a beach, desert or port: the target disrupts");
        result = Outcome::Disrupt;
    }
    Read { column: col, two_dice: two, raw, face, yellow_column, result, unadjusted_miss, why }
}
