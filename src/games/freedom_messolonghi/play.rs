//! One card play (5.3): a card for its Event or its AP and the actions they buy, or a
//! claim of the other side's Event; then `THEN` blocks, which play the sender's next
//! card without a mail when the guard matches and every line is legal, and the
//! default play when no file comes.

use super::actions::{self, Play, Said};
use super::data::Data;
use super::events::{self, Choices};
use super::orders::space;
use super::state::{Side, State};
use crate::engine::roll::Roll;

/// Whether `side` may play `colour` as an Event (5.3.1).
pub fn may_play_event(side: Side, colour: &str) -> bool {
    matches!((side, colour), (_, "grey") | (Side::Insurgent, "blue") | (Side::Imperial, "red"))
}

/// The card's Event helps the other side (so they may claim it when it is played for AP).
fn claimable(side: Side, colour: &str) -> bool {
    matches!((side, colour), (Side::Imperial, "blue") | (Side::Insurgent, "red"))
}

/// Runs a play; `strict` refuses (Err) at the first line that cannot be done, for
/// `THEN` blocks; otherwise such a line is skipped and told.
pub fn run(
    state: &mut State,
    data: &Data,
    side: Side,
    lines: &[String],
    strict: bool,
    dice: &mut dyn Roll,
    log: &mut Said,
) -> Result<(), String> {
    let Some(first) = lines.first() else { return Err("no play".into()) };
    let label = state.play_id();
    let mut play = start(state, data, side, first, log)?;
    let mut done = Vec::new();
    for line in &lines[1..] {
        match action(state, data, side, &mut play, line, dice, &label, log) {
            Ok(()) => done.push(line.clone()),
            Err(why) => {
                if strict {
                    return Err(format!("{line}: {why}"));
                }
                log.tell(side, format!("skipped: {line}: {why}"));
            }
        }
    }
    if state.revision >= 5 {
        state.last_actions = done;
    }
    finish(state, side, &play, log);
    Ok(())
}

/// The play's first line: the card leaves the hand for its Event or its AP, or the
/// other side's Event is claimed. What it gives the actions that follow is returned;
/// an Err leaves `state` as it was.
pub fn start(
    state: &mut State,
    data: &Data,
    side: Side,
    first: &str,
    log: &mut Said,
) -> Result<Play, String> {
    let w: Vec<&str> = first.split_whitespace().collect();
    let mut play = Play { side: Some(side), ..Play::default() };
    match w.as_slice() {
        ["PLAY", card, how, rest @ ..] => {
            let c = data.card(card).ok_or("no such card")?.clone();
            let pos = state
                .camp(side)
                .hand
                .iter()
                .position(|h| h.eq_ignore_ascii_case(&c.id))
                .ok_or(format!("{} is not in your hand", c.id))?;
            let mut choices = Choices::default();
            for pair in rest.chunks(2) {
                match pair {
                    ["TARGET", sp] => choices.target = space(data, sp),
                    ["AREA", a] => choices.area = data.area(a).map(|x| x.id.clone()),
                    _ => {}
                }
            }
            if *how == "EVENT" {
                if !may_play_event(side, &c.colour) {
                    return Err(format!(
                        "{} is {}: its Event helps the other side; play it for AP",
                        c.id, c.colour
                    ));
                }
                if let Some(need) = events::missing(&c, &choices) {
                    return Err(format!("{}'s Event needs {need} on the PLAY line", c.id));
                }
                // Revision 3: a TARGET or AREA the Event cannot use refuses the play
                // rather than letting the operation do nothing or land elsewhere.
                if state.revision >= 3 {
                    events::check_choices(state, data, &c, side, &choices)?;
                }
                state.camp_mut(side).hand.remove(pos);
                state.deck.discard(c.id.clone());
                let (ap, _gm) = events::apply(state, data, &c, side, &choices, log);
                play.ap = ap;
                state.claimable = None;
            } else {
                state.camp_mut(side).hand.remove(pos);
                state.deck.discard(c.id.clone());
                play.ap = c.ap;
                log.say(format!("{} plays {} \u{201c}{}\u{201d} for {} AP", side.name(), c.id, c.name, c.ap));
                state.claimable = claimable(side, &c.colour).then(|| c.id.clone());
            }
            state.last_play = Some((side, c.id.clone(), how.to_string()));
        }
        ["CLAIM", card, "DISCARD", other, rest @ ..] => {
            let claim = state.claimable.clone().filter(|c| c.eq_ignore_ascii_case(card)).ok_or(format!(
                "{card} cannot be claimed now{}",
                state.claimable.as_ref().map(|c| format!(" (the claimable card is {c})")).unwrap_or_default()
            ))?;
            let pos = state
                .camp(side)
                .hand
                .iter()
                .position(|h| h.eq_ignore_ascii_case(other))
                .ok_or(format!("{other} is not in your hand"))?;
            let c = data.card(&claim).ok_or("no such card")?.clone();
            // Revision 3: the claimed Event is applied with the line's TARGET and
            // AREA (5.3.2: he "discards a card from his hand and performs the ability
            // of" the card, whole); before it, a claim carried none.
            let mut choices = Choices::default();
            if state.revision >= 3 {
                for pair in rest.chunks(2) {
                    match pair {
                        ["TARGET", sp] => choices.target = space(data, sp),
                        ["AREA", a] => choices.area = data.area(a).map(|x| x.id.clone()),
                        _ => {}
                    }
                }
                events::check_choices(state, data, &c, side, &choices)?;
            }
            let discarded = state.camp_mut(side).hand.remove(pos);
            state.deck.discard(discarded.clone());
            log.say(format!("{} discards {discarded} to claim {}", side.name(), c.id));
            let (ap, _) = events::apply(state, data, &c, side, &choices, log);
            play.ap = ap;
            state.claimable = None;
            state.last_play = Some((side, c.id.clone(), "CLAIM".into()));
        }
        _ => return Err("a play starts with PLAY or CLAIM".into()),
    }
    Ok(play)
}

/// After the last action: AP left unspent are lost and the play is over.
pub fn finish(state: &mut State, side: Side, play: &Play, log: &mut Said) {
    if play.ap > 0 {
        log.say(format!("{} AP unspent are lost", play.ap));
    }
    end(state, side);
}

/// The play is over: turn modifiers lapse, the count moves on.
fn end(state: &mut State, side: Side) {
    state.modifiers.retain(|m| m.until != "turn");
    state.plays += 1;
    state.camp_mut(side).played += 1;
    state.to_play = side.other();
}

/// One action line of a play, paid from `play`'s AP: Err (with the reason) when it
/// cannot be done, and then nothing of it is done.
#[allow(clippy::too_many_arguments)]
pub fn action(
    state: &mut State,
    data: &Data,
    side: Side,
    play: &mut Play,
    line: &str,
    dice: &mut dyn Roll,
    label: &str,
    log: &mut Said,
) -> Result<(), String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let sp = |x: &str| space(data, x).ok_or(format!("{x} is not a space"));
    match (side, w.as_slice()) {
        (Side::Imperial, ["MOVE", ..]) => {
            let text = w[1..].join(" ");
            let allied = if text.contains("ALLIED") { Some(true) } else { None };
            let paths: Vec<Vec<String>> = text
                .split(',')
                .map(|p| p.replace("ALLIED", "").replace("EXPEDITIONARY", ""))
                .map(|p| p.trim().split('-').filter_map(|x| space(data, x.trim())).collect())
                .collect();
            let mut trial = state.clone();
            let done = actions::normal_move(&mut trial, data, &paths, allied)?;
            actions::pay(&mut trial, play, side, "MOVE", 1, log)?;
            *state = trial;
            log.say(format!("Imperial Normal Movement: {done}"));
            Ok(())
        }
        (Side::Imperial, ["SLOW", path]) => {
            let parts: Vec<&str> = path.split('-').collect();
            let (a, b) =
                (sp(parts.first().copied().unwrap_or(""))?, sp(parts.get(1).copied().unwrap_or(""))?);
            let mut trial = state.clone();
            actions::slow_move(&mut trial, data, &a, &b, None)?;
            actions::pay(&mut trial, play, side, "SLOW", 1, log)?;
            *state = trial;
            log.say(format!("Imperial Slow Movement: {a}-{b}"));
            Ok(())
        }
        (_, ["ATTACK", target, "FROM", rest @ ..]) => {
            let target = sp(target)?;
            play.morale_up = if rest.contains(&"UP") {
                Some(true)
            } else if rest.contains(&"DOWN") {
                Some(false)
            } else {
                None
            };
            let until_empty = rest.contains(&"EMPTY");
            let froms: Vec<String> = rest.iter().filter_map(|x| space(data, x)).collect();
            let mut any = false;
            for from in &froms {
                let mut again = false;
                loop {
                    let r = if side == Side::Imperial {
                        actions::imperial_attack(state, data, play, &target, from, dice, label, log)
                    } else {
                        actions::insurgent_attack(state, data, play, &target, from, dice, label, log)
                    };
                    match r {
                        Ok(()) => any = true,
                        Err(e) if !any => return Err(e),
                        Err(e) => {
                            // Not a repeat of UNTIL EMPTY: this FROM did not attack at all.
                            if !again {
                                play.unused_from = Some(format!("{from}: {e}"));
                            }
                            break;
                        }
                    }
                    again = true;
                    if !(until_empty
                        && side == Side::Insurgent
                        && state.stack(&target).imperial() > 0
                        && play.ap > 0)
                    {
                        break;
                    }
                }
            }
            Ok(())
        }
        (Side::Imperial, ["REWARD"]) => {
            if state.imperial.money < 1 {
                return Err("a Reward costs 1 Money".into());
            }
            actions::pay(state, play, side, "REWARD", 1, log)?;
            state.imperial.money -= 1;
            play.reward = true;
            log.say("the Imperial player offers a Reward: +2 to his attacks with this card");
            Ok(())
        }
        (_, ["PREPARE", n]) => {
            let n: u32 = n.parse().map_err(|_| "PREPARE <AP>")?;
            actions::pay(state, play, side, "PREPARE", n, log)?;
            let max = data.tracks.tracks.preparation_max;
            let c = state.camp_mut(side);
            c.preparation = (c.preparation + n).min(max);
            log.say(format!("{} stores {n} AP (Preparation {})", side.name(), c.preparation));
            Ok(())
        }
        (_, ["REST", "PREPARE"]) => {
            let n = std::mem::take(&mut play.ap);
            let max = data.tracks.tracks.preparation_max;
            let c = state.camp_mut(side);
            c.preparation = (c.preparation + n).min(max);
            log.say(format!("{} stores its last {n} AP (Preparation {})", side.name(), c.preparation));
            Ok(())
        }
        (_, ["SUPPORT", a]) => {
            actions::pay(state, play, side, "SUPPORT", 2, log)?;
            actions::support(state, data, side, a, log)
        }
        (Side::Imperial, ["PLEA"]) => {
            actions::pay(state, play, side, "PLEA", 3, log)?;
            actions::plea_funds(state, data, dice, label, log);
            Ok(())
        }
        (Side::Insurgent, ["PLEA"]) => {
            if state.insurgent.plea_done {
                return Err("the Government has answered: no more pleas".into());
            }
            actions::pay(state, play, side, "PLEA", 3, log)?;
            state.insurgent.plea = (state.insurgent.plea + 1).min(data.tracks.tracks.plea_max);
            log.say(format!("Plea for Help: the track moves to {}", state.insurgent.plea));
            Ok(())
        }
        (Side::Imperial, ["BUILD", "CANNON", s]) => {
            let s = sp(s)?;
            let cost = actions::imperial_cannon_cost(state, data, &s)?;
            actions::pay(state, play, side, "BUILD", cost, log)?;
            state.camp_cannons -= 1;
            state.cannons.insert(s.clone(), super::state::Cannon { side, bombard: false });
            log.say(format!("the Imperial player builds a cannon on {s} ({cost} AP)"));
            Ok(())
        }
        (Side::Insurgent, ["BUILD", "CANNON", s]) => {
            let s = sp(s)?;
            actions::insurgent_cannon_ok(state, data, &s)?;
            actions::pay(state, play, side, "BUILD", 4, log)?;
            state.insurgent.supplies -= 1;
            state.insurgent_cannon_built = true;
            state.cannons.insert(s.clone(), super::state::Cannon { side, bombard: false });
            log.say(format!("the Insurgents build a cannon on {s} (4 AP, 1 Supply)"));
            Ok(())
        }
        (Side::Insurgent, ["REGROUP", a, b]) => {
            let (a, b) = (sp(a)?, sp(b)?);
            let mut trial = state.clone();
            actions::regroup(&mut trial, data, &a, &b)?;
            actions::pay(&mut trial, play, side, "REGROUP", 1, log)?;
            *state = trial;
            log.say(format!("Insurgent Regroup: {a} to {b}"));
            Ok(())
        }
        (Side::Insurgent, ["RAID", t, "FROM", f]) => {
            let (t, f) = (sp(t)?, sp(f)?);
            actions::raid(state, data, play, &t, &f, dice, label, log)
        }
        (Side::Insurgent, ["REPAIR", s]) => {
            let s = sp(s)?;
            if state.damage.get(&s).copied().unwrap_or(0) == 0 || state.stack(&s).insurgent == 0 {
                return Err(format!("{s} needs damage to repair and an Insurgent unit on it"));
            }
            actions::pay(state, play, side, "REPAIR", 4, log)?;
            if let Some(d) = state.damage.get_mut(&s) {
                *d -= 1;
            }
            state.damage.retain(|_, d| *d > 0);
            log.say(format!("the Insurgents repair the Wall at {s}"));
            Ok(())
        }
        (Side::Insurgent, ["TRAIN", s]) => {
            let s = sp(s)?;
            if state.civilians == 0 {
                return Err("no civilian is left to train".into());
            }
            if !actions::in_box(state, data, Side::Insurgent, false) {
                return Err("all the Insurgent units are in play".into());
            }
            actions::insurgent_room(state, data, &s)?;
            actions::pay(state, play, side, "TRAIN", 4, log)?;
            state.civilians -= 1;
            state.stack_mut(&s).insurgent += 1;
            log.say(format!("civilians trained: a new unit on {s}"));
            Ok(())
        }
        _ => Err("not an action this side can take in a play".into()),
    }
}

/// The default when no file comes: the lowest-AP card (then the lowest id) for its AP,
/// all of them to Preparation.
pub fn default_play(state: &State, data: &Data, side: Side) -> Vec<String> {
    let best = state
        .camp(side)
        .hand
        .iter()
        .filter_map(|h| data.card(h))
        .min_by_key(|c| (c.ap, c.id.clone()))
        .map(|c| c.id.clone());
    match best {
        Some(id) => vec![format!("PLAY {id} AP"), "REST PREPARE".into()],
        None => Vec::new(),
    }
}

/// Does the guard of a `THEN` block match the other side's last play?
pub fn guard_matches(state: &State, guard: &str) -> bool {
    let Some((_, card, how)) = &state.last_play else { return false };
    let w: Vec<&str> = guard.split_whitespace().skip(4).collect();
    match w.as_slice() {
        ["ANY"] => true,
        ["AP"] => how == "AP",
        ["EVENT"] => how == "EVENT",
        ["CLAIM"] => how == "CLAIM",
        ["AP", c] => how == "AP" && card.eq_ignore_ascii_case(c),
        ["EVENT", c] => how == "EVENT" && card.eq_ignore_ascii_case(c),
        [c] => card.eq_ignore_ascii_case(c),
        _ => false,
    }
}
