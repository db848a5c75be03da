//! The orders notation: one play (`PLAY card EVENT|AP`, `CLAIM card DISCARD card`)
//! with its actions, `THEN` blocks for the sender's next plays, the Opening's lines,
//! a cannon plan (`FIRE`), and standing orders. Each line is read to check it and
//! kept in one canonical form (upper case, single spaces, as echoed); the state keeps
//! those texts and the rules read them again when they run.

use super::data::{Data, Kind};
use super::state::{Side, State};

pub use crate::engine::notation::canonical;

/// A space code as the map writes it (`M3C` -> `M3c`), if it exists.
pub fn space(data: &Data, w: &str) -> Option<String> {
    data.map.space(w).map(|s| s.id.clone())
}

fn need_space(data: &Data, w: &str) -> Result<String, String> {
    space(data, w).ok_or_else(|| {
        format!("'{w}' is not a space of the map (CAMP, M3c, W4, F2, S1, O2, MAR, VAS.1, KLI.2 ...)")
    })
}

fn need_card(data: &Data, w: &str) -> Result<String, String> {
    data.card(w).map(|c| c.id.clone()).ok_or_else(|| format!("'{w}' is not a card (A01-A50, B01-B50)"))
}

/// Checks the `TARGET <space>` and `AREA <area>` pairs after a card.
fn choices(data: &Data, rest: &[&str]) -> Result<(), String> {
    for pair in rest.chunks(2) {
        match pair {
            ["TARGET", sp] => {
                need_space(data, sp)?;
            }
            ["AREA", a] => {
                data.area(a).ok_or(format!("'{a}' is not an area"))?;
            }
            _ => return Err("TARGET <space> or AREA <area>".into()),
        }
    }
    Ok(())
}

/// What a line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineKind {
    Play,
    Action,
    Then,
    Opening,
    Fire,
    Standing(&'static str),
    Ready,
}

/// Checks one canonical line for `side`; returns its kind.
pub fn check(data: &Data, state: &State, side: Side, line: &str) -> Result<LineKind, String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let imperial = side == Side::Imperial;
    let only = |who: Side, what: &str| -> Result<(), String> {
        if side == who { Ok(()) } else { Err(format!("{what} is the {} player's action", who.name())) }
    };
    match w.as_slice() {
        ["READY"] => Ok(LineKind::Ready),
        ["PLAY", card, how, rest @ ..] if *how == "EVENT" || *how == "AP" => {
            need_card(data, card)?;
            let mut i = 0;
            while i < rest.len() {
                match (rest[i], rest.get(i + 1)) {
                    ("TARGET", Some(sp)) => {
                        need_space(data, sp)?;
                    }
                    ("AREA", Some(a)) => {
                        data.area(a).ok_or(format!("'{a}' is not an area"))?;
                    }
                    _ => return Err("PLAY <card> EVENT|AP [TARGET <space>] [AREA <area>]".into()),
                }
                i += 2;
            }
            Ok(LineKind::Play)
        }
        ["PLAY", ..] => Err("PLAY <card> EVENT|AP [TARGET <space>] [AREA <area>]".into()),
        ["CLAIM", card, "DISCARD", other] => {
            need_card(data, card)?;
            need_card(data, other)?;
            Ok(LineKind::Play)
        }
        // Revision 3: a claimed Event takes its TARGET and AREA too (5.3.2).
        ["CLAIM", card, "DISCARD", other, rest @ ..] if state.revision >= 3 => {
            need_card(data, card)?;
            need_card(data, other)?;
            choices(data, rest).map_err(|_| "CLAIM <card> DISCARD <card> [TARGET <space>] [AREA <area>]")?;
            Ok(LineKind::Play)
        }
        ["CLAIM", ..] if state.revision >= 3 => {
            Err("CLAIM <card> DISCARD <card> [TARGET <space>] [AREA <area>]".into())
        }
        ["CLAIM", ..] => Err("CLAIM <card> DISCARD <card>".into()),
        // Revision 5: plans (`THEN`, `THEN IF <conditions>`, `ELSE ...`; see `plan`).
        [w0, ..] if state.revision >= 5 && (*w0 == "THEN" || *w0 == "ELSE") => {
            super::plan::parse(data, line).map(|_| LineKind::Then)
        }
        ["THEN", "IF", "OPPONENT", "PLAYS", guard] => {
            if !matches!(*guard, "ANY" | "AP" | "EVENT" | "CLAIM") {
                need_card(data, guard)?;
            }
            Ok(LineKind::Then)
        }
        ["THEN", "IF", "OPPONENT", "PLAYS", how, card] if *how == "AP" || *how == "EVENT" => {
            need_card(data, card)?;
            Ok(LineKind::Then)
        }
        ["THEN", ..] => Err("THEN IF OPPONENT PLAYS ANY|AP|EVENT|CLAIM|<card>|AP <card>|EVENT <card>".into()),
        ["MOVE", rest @ ..] if !rest.is_empty() => {
            only(Side::Imperial, "MOVE")?;
            let text = rest.join(" ");
            let paths: Vec<&str> = text.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
            if paths.is_empty() || paths.len() > 2 {
                return Err("MOVE a-b, c-d or MOVE a-b-c".into());
            }
            for p in paths {
                let p = p.trim_end_matches(" ALLIED").trim_end_matches(" EXPEDITIONARY");
                for sp in p.split('-') {
                    need_space(data, sp.trim())?;
                }
            }
            Ok(LineKind::Action)
        }
        ["SLOW", path, ..] => {
            only(Side::Imperial, "SLOW")?;
            let parts: Vec<&str> = path.split('-').collect();
            if parts.len() != 2 {
                return Err("SLOW a-b".into());
            }
            for sp in parts {
                need_space(data, sp)?;
            }
            Ok(LineKind::Action)
        }
        ["ATTACK", target, "FROM", rest @ ..] if !rest.is_empty() => {
            need_space(data, target)?;
            for w in rest {
                if !matches!(*w, "UNTIL" | "EMPTY" | "MORALE" | "UP" | "DOWN") {
                    need_space(data, w)?;
                }
            }
            Ok(LineKind::Action)
        }
        ["REWARD"] => only(Side::Imperial, "REWARD").map(|_| LineKind::Action),
        ["PREPARE", n] => {
            n.parse::<u32>().map_err(|_| "PREPARE <AP>".to_string())?;
            Ok(LineKind::Action)
        }
        ["REST", "PREPARE"] => Ok(LineKind::Action),
        ["SUPPORT", a] => data.area(a).map(|_| LineKind::Action).ok_or(format!("'{a}' is not an area")),
        ["PLEA"] => Ok(LineKind::Action),
        ["BUILD", "CANNON", sp] => need_space(data, sp).map(|_| LineKind::Action),
        ["REGROUP", a, b] => {
            only(Side::Insurgent, "REGROUP")?;
            need_space(data, a)?;
            need_space(data, b)?;
            Ok(if state.stage == super::state::Stage::Regroup { LineKind::Opening } else { LineKind::Action })
        }
        ["RAID", t, "FROM", f] => {
            only(Side::Insurgent, "RAID")?;
            need_space(data, t)?;
            need_space(data, f)?;
            Ok(LineKind::Action)
        }
        ["REPAIR", sp] | ["TRAIN", sp] => {
            only(Side::Insurgent, w[0])?;
            need_space(data, sp).map(|_| LineKind::Action)
        }
        ["ADVANCE", moves @ ..] if !moves.is_empty() => {
            only(Side::Imperial, "ADVANCE")?;
            for m in moves {
                let parts: Vec<&str> = m.trim_end_matches(',').split('-').collect();
                if parts.len() != 2 {
                    return Err("ADVANCE a-b c-d ... (one space forward each)".into());
                }
                for sp in parts {
                    need_space(data, sp)?;
                }
            }
            Ok(LineKind::Opening)
        }
        ["ALLIES", rest @ ..] if !rest.is_empty() && rest.len() % 2 == 0 => {
            only(Side::Imperial, "ALLIES")?;
            for pair in rest.chunks(2) {
                need_space(data, pair[0])?;
                pair[1].parse::<u32>().map_err(|_| "ALLIES <space> <n> ...".to_string())?;
            }
            Ok(LineKind::Opening)
        }
        // Revision 5: the round's plan without naming a cannon: each fires at its
        // default target (`cannons`), so the Cannons phase need not wait for a mail.
        ["FIRE", "DEFAULT"] if state.revision >= 5 => Ok(LineKind::Fire),
        ["FIRE", sp, "HOLD"] => need_space(data, sp).map(|_| LineKind::Fire),
        ["FIRE", sp, "AT", rest @ ..] if !rest.is_empty() => {
            need_space(data, sp)?;
            for t in rest.iter().filter(|t| **t != "ELSE") {
                need_space(data, t)?;
            }
            Ok(LineKind::Fire)
        }
        ["PLACE", rest @ ..] if !rest.is_empty() => {
            only(Side::Insurgent, "PLACE")?;
            for sp in rest {
                let s = need_space(data, sp)?;
                if !data
                    .map
                    .space(&s)
                    .is_some_and(|x| matches!(x.kind, Kind::Wall | Kind::South | Kind::Island))
                {
                    return Err(format!("{s} is outside the city and the islands"));
                }
            }
            Ok(LineKind::Standing("PLACE"))
        }
        ["LOSSES", rest @ ..] if !rest.is_empty() => {
            only(Side::Imperial, "LOSSES")?;
            for sp in rest {
                need_space(data, sp)?;
            }
            Ok(LineKind::Standing("LOSSES"))
        }
        ["DISCARD", rest @ ..] if !rest.is_empty() => {
            for c in rest {
                need_card(data, c)?;
            }
            Ok(LineKind::Standing("DISCARD"))
        }
        ["MORALE", "UP"] | ["MORALE", "DOWN"] => Ok(LineKind::Standing("MORALE")),
        ["LASTCLAIM", rest @ ..] if !rest.is_empty() => {
            if !(rest == ["ALWAYS"] || rest == ["NEVER"]) {
                for c in rest {
                    need_card(data, c)?;
                }
            }
            Ok(LineKind::Standing("LASTCLAIM"))
        }
        [w0, ..] if rulebook_name(line).is_some() => {
            Err(format!("'{w0}' is not an order: {}", rulebook_name(line).unwrap_or_default()))
        }
        [w0, ..] => Err(format!(
            "'{w0}' is not an order{} (REFERENCE in a file lists the notation)",
            if imperial {
                " (PLAY, CLAIM, MOVE, SLOW, ATTACK, REWARD, PREPARE, SUPPORT, PLEA, BUILD CANNON, ADVANCE, ALLIES, FIRE, LOSSES, DISCARD, MORALE, LASTCLAIM, THEN)"
            } else {
                " (PLAY, CLAIM, REGROUP, ATTACK, PREPARE, SUPPORT, RAID, PLEA, REPAIR, TRAIN, BUILD CANNON, FIRE, PLACE, DISCARD, MORALE, LASTCLAIM, THEN)"
            }
        )),
        [] => Err("an empty line".into()),
    }
}

/// The rulebook's names of the actions (5.2, 5.3.2), answered with the order that
/// makes each, for a player who writes what the rules call it.
fn rulebook_name(line: &str) -> Option<&'static str> {
    const NAMES: &[(&str, &str)] = &[
        ("NORMAL MOVEMENT", "Normal Movement is MOVE a-b, c-d (two units) or MOVE a-b-c (one unit)"),
        ("SLOW MOVEMENT", "Slow Movement is SLOW a-b"),
        ("ADVANCEMENT", "the Advancement is ADVANCE a-b c-d ..."),
        ("REWARD ATTACK", "a Reward Attack is REWARD, before the ATTACK lines it helps"),
        ("PLEA FOR", "a Plea for Funds or for Help is PLEA"),
        ("SUPPORT AREA", "Support Area is SUPPORT <area>"),
        ("REPAIR WALL", "Repair Wall is REPAIR <wall space>"),
        ("TRAIN CIVILIANS", "Train Civilians is TRAIN <space>"),
        ("BUILD CANNONS", "Build Cannon is BUILD CANNON <space>"),
        ("PREPARATION", "storing AP on the Preparation track is PREPARE <n> or REST PREPARE"),
        ("MOVEMENT", "Normal Movement is MOVE a-b, c-d; Slow Movement is SLOW a-b"),
        ("CLAIM EVENT", "a claim is CLAIM <card> DISCARD <card>"),
        ("CANNON", "a cannon's plan is FIRE <space> AT <space> [ELSE <space>] or FIRE <space> HOLD"),
        ("ALLIED", "the Allied units' places in round 4 are ALLIES <space> <n> ..."),
        ("PASS", "there is no passing: a play is PLAY <card> AP with REST PREPARE"),
    ];
    NAMES.iter().find(|(words, _)| line.starts_with(words)).map(|(_, order)| *order)
}
