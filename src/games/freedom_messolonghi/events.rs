//! A card played as its Event (5.3.1), or claimed: its operations, from
//! `cards.toml`, applied in order for the side that plays it. `TARGET` and `AREA` on
//! the play line give the space and area an operation asks for; an operation that
//! cannot be done is told and skipped, the rest go on.

use super::actions::{Said, remove_unit, support};
use super::data::{Card, Data, Kind};
use super::state::{Modifier, Side, State};

/// The choices a play line gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    pub target: Option<String>,
    pub area: Option<String>,
}

/// The operations that need a choice the line lacks (a play is refused without them).
pub fn missing(card: &Card, c: &Choices) -> Option<&'static str> {
    for e in &card.effects {
        match e.at.as_deref() {
            Some("target") if c.target.is_none() => return Some("TARGET <space>"),
            Some("area") if c.area.is_none() => return Some("AREA <area>"),
            _ => {}
        }
    }
    None
}

/// Whether the play line's TARGET and AREA fit what the Event does with them, on the
/// board as it stands: a Wall space for damage or repair, a space holding the units to
/// remove or with room for the new one, and no TARGET or AREA the Event does not use.
/// The check at ingest uses it, and so do plays at revision 3 (a THEN block's play
/// that no longer fits is asked by mail instead).
pub fn check_choices(state: &State, data: &Data, card: &Card, side: Side, c: &Choices) -> Result<(), String> {
    let uses = |at: &str| card.effects.iter().any(|e| e.at.as_deref() == Some(at));
    // Support with no area of its own takes the play's AREA too.
    let area = uses("area") || card.effects.iter().any(|e| e.op == "support" && e.at.is_none());
    if c.target.is_some() && !uses("target") {
        return Err(format!("{}'s Event takes no TARGET", card.id));
    }
    if c.area.is_some() && !area {
        return Err(format!("{}'s Event takes no AREA", card.id));
    }
    let Some(t) = c.target.as_deref() else { return Ok(()) };
    for e in card.effects.iter().filter(|e| e.at.as_deref() == Some("target")) {
        let s = who(side, e.side.as_deref());
        let wall = data.map.space(t).is_some_and(|x| x.kind == Kind::Wall);
        match e.op.as_str() {
            "damage" | "repair" if !wall => return Err(format!("{}'s TARGET must be a Wall space", card.id)),
            "units" if e.n < 0 && state.stack(t).of(s) == 0 => {
                return Err(format!("{t} holds no {} unit", s.name()));
            }
            "units" if e.n > 0 && !super::actions::in_box(state, data, s, false) => {
                return Err(format!("no {} unit is left to place", s.name()));
            }
            "units" if e.n > 0 && s == Side::Insurgent => super::actions::insurgent_room(state, data, t)?,
            "units" if e.n > 0 => {
                let there = state.stack(t);
                if there.insurgent > 0 || there.allied > 0 {
                    return Err(format!(
                        "{t} holds {} units",
                        if there.insurgent > 0 { "Insurgent" } else { "Allied" }
                    ));
                }
                if data.map.space(t).and_then(|x| x.limit).is_some_and(|l| there.imperial() >= l) {
                    return Err(format!("{t} is full"));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn who(side: Side, word: Option<&str>) -> Side {
    match word.unwrap_or("own") {
        "imperial" => Side::Imperial,
        "insurgent" => Side::Insurgent,
        "enemy" => side.other(),
        _ => side,
    }
}

/// Applies the card for `side`; returns the AP it grants for actions (op `ap`), and
/// whether the step must wait for a GM file (op `gm`).
pub fn apply(
    state: &mut State,
    data: &Data,
    card: &Card,
    side: Side,
    c: &Choices,
    log: &mut Said,
) -> (u32, bool) {
    let mut ap = 0;
    let mut gm = false;
    log.say(format!("{} plays {} \u{201c}{}\u{201d} as its event", side.name(), card.id, card.name));
    for e in &card.effects {
        let s = who(side, e.side.as_deref());
        let n = e.n;
        match e.op.as_str() {
            "morale" => {
                state.camp_mut(s).morale += n;
                log.say(format!("{} Morale {n:+}", s.name()));
            }
            "supplies" => {
                let c = state.camp_mut(s);
                c.supplies = (c.supplies + n).max(0);
                log.say(format!("{} Supplies {n:+}", s.name()));
            }
            "money" if s == Side::Imperial => {
                state.imperial.money = (state.imperial.money + n).max(0);
                log.say(format!("Imperial Money {n:+}"));
            }
            "money" => log.say("the Insurgents keep no Money: nothing happens (ruling 8)"),
            "plea" => {
                let c = state.camp_mut(s);
                if !c.plea_done {
                    c.plea = (c.plea as i32 + n).clamp(0, data.tracks.tracks.plea_max as i32) as u32;
                    log.say(format!("{} Plea track {n:+}", s.name()));
                }
            }
            "preparation" => {
                let c = state.camp_mut(s);
                c.preparation =
                    (c.preparation as i32 + n).clamp(0, data.tracks.tracks.preparation_max as i32) as u32;
                log.say(format!("{} Preparation {n:+}", s.name()));
            }
            "civilians" => {
                state.civilians = (state.civilians as i32 + n).max(0) as u32;
                log.say(format!("civilians {n:+}"));
            }
            "units" => units(state, data, s, n, e.at.as_deref().unwrap_or("camp"), c, log),
            "cannon" if s == Side::Imperial && n > 0 => {
                state.camp_cannons += n as u32;
                log.say(format!("{n} Imperial cannon(s) reach the Camp"));
            }
            "cannon" => log.say("the cannon has nowhere to go"),
            "damage" | "repair" => {
                let Some(t) =
                    c.target.as_deref().filter(|t| data.map.space(t).is_some_and(|x| x.kind == Kind::Wall))
                else {
                    log.tell(side, format!("{}: TARGET must be a Wall space", card.id));
                    continue;
                };
                let d = state.damage.entry(t.to_string()).or_default();
                *d = if e.op == "damage" {
                    (*d + n.max(0) as u32).min(2)
                } else {
                    d.saturating_sub(n.max(0) as u32)
                };
                let now = *d;
                state.damage.retain(|_, v| *v > 0);
                log.say(format!(
                    "the Wall at {t} is now {}",
                    ["whole", "damaged", "destroyed"][now.min(2) as usize]
                ));
            }
            "support" => {
                let area = match e.at.as_deref() {
                    Some("area") | None => c.area.clone(),
                    Some(a) => Some(a.to_string()),
                };
                if let Some(a) = area {
                    for _ in 0..n.max(0) {
                        if let Err(why) = support(state, data, s, &a, log) {
                            log.tell(side, why);
                            break;
                        }
                    }
                }
            }
            "modifier" => {
                let roll = e.roll.clone().unwrap_or_else(|| "attack".into());
                let until = e.until.clone().unwrap_or_else(|| "turn".into());
                log.say(format!("{} {roll} rolls {n:+} until the end of the {until}", s.name()));
                state.modifiers.push(Modifier { roll, side: s, n, until });
            }
            "ap" => ap += n.max(0) as u32,
            "draw" => {
                // From the top of the pile; an empty pile gives nothing (no reshuffle).
                let mut got = 0;
                for _ in 0..n.max(0) {
                    if state.deck.draw.is_empty() {
                        break;
                    }
                    let card = state.deck.draw.remove(0);
                    state.camp_mut(s).hand.push(card);
                    got += 1;
                }
                state.camp_mut(s).hand.sort();
                log.say(format!("{} draws {got} card(s)", s.name()));
            }
            "discard" => {
                for _ in 0..n.max(0) {
                    let Some(card) = discard_choice(state, data, s) else { break };
                    state.camp_mut(s).hand.retain(|h| *h != card);
                    state.deck.discard(card.clone());
                    log.say(format!("{} discards {card}", s.name()));
                }
            }
            "gm" => {
                gm = true;
                state.gm_pending = Some((side, card.id.clone()));
                log.say(format!("{}: the GM rules on this Event's effect", card.id));
            }
            other => log.tell(side, format!("{}: '{other}' does nothing here", card.id)),
        }
    }
    (ap, gm)
}

/// The card a forced discard takes: the first of the side's standing `DISCARD` cards
/// it holds, else its lowest-AP card (then the lowest id).
fn discard_choice(state: &State, data: &Data, side: Side) -> Option<String> {
    let hand = &state.camp(side).hand;
    let wished = state
        .camp(side)
        .standing_words("DISCARD")
        .iter()
        .find_map(|c| hand.iter().find(|h| h.eq_ignore_ascii_case(c)).cloned());
    wished.or_else(|| {
        hand.iter().filter_map(|h| data.card(h)).min_by_key(|c| (c.ap, c.id.clone())).map(|c| c.id.clone())
    })
}

fn units(state: &mut State, data: &Data, s: Side, n: i32, at: &str, c: &Choices, log: &mut Said) {
    let space = match at {
        "camp" => Some("CAMP".to_string()),
        "vasiladi" => Some("VAS.1".to_string()),
        "target" => c.target.clone(),
        "city" => None,
        other => Some(other.to_string()),
    };
    if n > 0 {
        let mut placed: Vec<String> = Vec::new();
        for _ in 0..n {
            if !super::actions::in_box(state, data, s, false) {
                break;
            }
            let before = state.units.clone();
            match (s, &space) {
                (Side::Imperial, Some(sp))
                    if state.stack(sp).insurgent == 0
                        && state.stack(sp).allied == 0
                        && data
                            .map
                            .space(sp)
                            .is_some_and(|x| x.limit.is_none_or(|l| state.stack(sp).imperial() < l)) =>
                {
                    state.stack_mut(sp).expeditionary += 1
                }
                (Side::Imperial, _) => state.stack_mut("CAMP").expeditionary += 1,
                (Side::Insurgent, Some(sp)) if super::actions::insurgent_room(state, data, sp).is_ok() => {
                    state.stack_mut(sp).insurgent += 1
                }
                (Side::Insurgent, _) => super::round::place_insurgent(state, data),
            }
            if let Some((sp, _)) =
                state.units.iter().find(|(k, v)| before.get(*k).copied().unwrap_or_default() != **v)
            {
                placed.push(sp.clone());
            }
        }
        if state.revision >= 3 {
            // Revision 3: the report says where each unit really went, and why
            // when that is not where the card sends it.
            log.say(placed_units(s, n, space.as_deref(), &placed));
        } else {
            log.say(format!(
                "{} gains {n} unit(s){}",
                s.name(),
                space.map(|sp| format!(" at {sp}")).unwrap_or_default()
            ));
        }
    } else {
        let mut gone = 0;
        for _ in 0..(-n) {
            let from = space.clone().unwrap_or_else(|| "CAMP".into());
            if remove_unit(state, s, &from) {
                gone += 1;
            }
        }
        log.say(format!(
            "{} loses {gone} unit(s){}",
            s.name(),
            space.map(|sp| format!(" from {sp}")).unwrap_or_default()
        ));
    }
    state.tidy();
}

/// "Insurgent gains 1 unit(s) at W2 (MAR has no room)", "... 1 of 2 (none is left in
/// the box)".
fn placed_units(s: Side, n: i32, asked: Option<&str>, placed: &[String]) -> String {
    let k = placed.len();
    let mut out = format!(
        "{} gains {}",
        s.name(),
        if k as i32 == n { format!("{n} unit(s)") } else { format!("{k} of {n} unit(s)") }
    );
    if !placed.is_empty() {
        out.push_str(&format!(" at {}", placed.join(", ")));
    }
    let mut why = Vec::new();
    if let Some(a) = asked.filter(|a| placed.iter().any(|p| p != a)) {
        why.push(format!("{a} has no room"));
    }
    if (k as i32) < n {
        why.push("none is left in the box".to_string());
    }
    if !why.is_empty() {
        out.push_str(&format!(" ({})", why.join("; ")));
    }
    out
}

/// One line of the GM's file for a `gm` Event, in the operations' words:
/// `MORALE|SUPPLIES|PLEA|PREPARATION <side> <n>`, `MONEY <n>`, `CIVILIANS <n>`,
/// `UNITS <side> <n> <CAMP|CITY|VASILADI|space>`, `CANNON IMPERIAL <n>`,
/// `DAMAGE <wall space> <n>`, `REPAIR <wall space> <n>`, `SUPPORT <side> <area> <n>`,
/// `MODIFIER <ATTACK|RAID|CANNON> <side> <n> <TURN|ROUND>`.
pub fn gm_line(data: &Data, line: &str) -> Result<(super::data::Effect, Option<String>), String> {
    use super::data::Effect;
    let w: Vec<&str> = line.split_whitespace().collect();
    let side = |s: &str| match s {
        "IMPERIAL" | "INSURGENT" => Ok(s.to_ascii_lowercase()),
        _ => Err(format!("'{s}' is no side (IMPERIAL or INSURGENT)")),
    };
    let num = |s: &str| s.parse::<i32>().map_err(|_| format!("'{s}' is no number"));
    let e = |op: &str, side: Option<String>, n: i32, at: Option<String>| Effect {
        op: op.to_string(),
        side,
        n,
        at,
        roll: None,
        until: None,
    };
    Ok(match w.as_slice() {
        [op @ ("MORALE" | "SUPPLIES" | "PLEA" | "PREPARATION"), s, n] => {
            (e(&op.to_ascii_lowercase(), Some(side(s)?), num(n)?, None), None)
        }
        ["MONEY", n] => (e("money", Some("imperial".into()), num(n)?, None), None),
        ["CIVILIANS", n] => (e("civilians", None, num(n)?, None), None),
        ["UNITS", s, n, at] => {
            let at = match *at {
                "CAMP" | "CITY" | "VASILADI" => at.to_ascii_lowercase(),
                sp => data.map.space(sp).map(|x| x.id.clone()).ok_or(format!("'{sp}' is not a space"))?,
            };
            (e("units", Some(side(s)?), num(n)?, Some(at)), None)
        }
        ["CANNON", "IMPERIAL", n] => {
            (e("cannon", Some("imperial".into()), num(n)?, Some("camp".into())), None)
        }
        [op @ ("DAMAGE" | "REPAIR"), sp, n] => {
            let id = data
                .map
                .space(sp)
                .filter(|x| x.kind == Kind::Wall)
                .map(|x| x.id.clone())
                .ok_or(format!("'{sp}' is not a Wall space"))?;
            (e(&op.to_ascii_lowercase(), None, num(n)?, Some("target".into())), Some(id))
        }
        ["SUPPORT", s, area, n] => {
            let a = data.area(area).map(|x| x.id.clone()).ok_or(format!("'{area}' is not an area"))?;
            (e("support", Some(side(s)?), num(n)?, Some(a)), None)
        }
        ["MODIFIER", roll @ ("ATTACK" | "RAID" | "CANNON"), s, n, until @ ("TURN" | "ROUND")] => {
            let mut x = e("modifier", Some(side(s)?), num(n)?, None);
            x.roll = Some(roll.to_ascii_lowercase());
            x.until = Some(until.to_ascii_lowercase());
            (x, None)
        }
        _ => {
            return Err(format!(
                "'{line}' is not an operation the GM can give (MORALE, SUPPLIES, MONEY, PLEA, PREPARATION, CIVILIANS, UNITS, CANNON, DAMAGE, REPAIR, SUPPORT, MODIFIER)"
            ));
        }
    })
}

/// Applies the GM's operations for the pending `gm` Event.
pub fn apply_gm(state: &mut State, data: &Data, lines: &[String], log: &mut Said) {
    let Some((side, id)) = state.gm_pending.take() else { return };
    let mut card = super::data::Card {
        id: id.clone(),
        name: data.card(&id).map(|c| c.name.clone()).unwrap_or_default(),
        ap: 0,
        colour: "grey".into(),
        kind: "event".into(),
        effects: Vec::new(),
        text: String::new(),
    };
    let mut choices = Choices::default();
    for l in lines {
        if let Ok((e, target)) = gm_line(data, l) {
            if target.is_some() {
                choices.target = target;
            }
            card.effects.push(e);
        }
    }
    if card.effects.is_empty() {
        log.say(format!("{id}: the GM gave no effect"));
        return;
    }
    log.say(format!("the GM's ruling on {id}:"));
    apply(state, data, &card, side, &choices, log);
}
