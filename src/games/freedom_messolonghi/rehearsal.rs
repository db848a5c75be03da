//! The check at ingest: a side's lines rehearsed on a copy of the live board with the
//! functions resolution itself runs, so that "accepted" means "it will run". On a side's
//! own play nothing but its own dice can change the board before its lines run; the
//! rehearsal therefore carries, from line to line, every board those dice can lead to
//! (each roll of a play hits or misses by a threshold, so its lowest and highest faces
//! give every outcome there is). A line that fails on every such board is refused with
//! the reason; one that fails on some is accepted with a note saying it hangs on the
//! dice. What no rehearsal can know (a THEN block's turn, a cannon plan's phase) is
//! checked for what cannot change and noted for the rest. Campaigns at revision 3 and
//! later.

use super::actions::{self, Play, Said};
use super::data::{Data, Kind, Reach};
use super::events::{self, Choices};
use super::orders::space;
use super::play::{self, may_play_event};
use super::round;
use super::state::{Side, Stage, State};
use crate::engine::roll::Roll;

/// What the check says of one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// It cannot run, whatever happens before it: refused, with the reason.
    Refuse(String),
    /// It is accepted, but may not run: what it depends on.
    Note(String),
}

/// A line of the file: its number in the body and its canonical text.
pub type Numbered = (usize, String);

/// The lines of one file, as `parse` sorted them.
#[derive(Default)]
pub struct Lines {
    pub play: Vec<Numbered>,
    pub opening: Vec<Numbered>,
    pub fire: Vec<Numbered>,
    /// Each block: its `THEN` line and its lines.
    pub blocks: Vec<(Numbered, Vec<Numbered>)>,
    /// The file's standing orders (category, line), which stand before its play runs.
    pub standing: Vec<(String, String)>,
}

/// Every finding on `side`'s lines, by line number.
pub fn check(state: &State, data: &Data, side: Side, lines: &Lines) -> Vec<(usize, Finding)> {
    let mut out = Vec::new();
    let mut board = state.clone();
    // Resolution files the standing orders first (PLACE, DISCARD and MORALE steer
    // what an Event or a fallen last unit does).
    crate::engine::standing::replace_by_category(
        &mut board.camp_mut(side).standing,
        lines.standing.iter().cloned(),
    );
    match state.stage {
        Stage::Advance if side == Side::Imperial => {
            opening_advance(&mut board, data, &lines.opening, &mut out)
        }
        Stage::Regroup if side == Side::Insurgent => {
            opening_regroup(&mut board, data, &lines.opening, &mut out)
        }
        _ => {}
    }
    let due = (state.stage == Stage::Play && state.to_play == side)
        || (state.stage == Stage::Regroup && side == Side::Insurgent && state.first == Side::Insurgent);
    if due && out.is_empty() {
        rehearse_play(&board, data, side, &lines.play, &mut out);
    }
    let played: Vec<String> = lines.play.first().and_then(|(_, l)| card_of(l)).into_iter().collect();
    blocks(state, data, side, &lines.blocks, played, &mut out);
    fire(state, data, side, &lines.fire, &mut out);
    out
}

/// The card a PLAY line plays, or the card a CLAIM line discards: what leaves the hand.
fn card_of(line: &str) -> Option<String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    match w.as_slice() {
        ["PLAY", card, ..] => Some(card.to_string()),
        ["CLAIM", _, "DISCARD", card, ..] => Some(card.to_string()),
        _ => None,
    }
}

// ---- what the map and the cards alone decide ----

/// What is wrong with a play's first line whatever the board: an Event of the other
/// side's colour, a choice the Event lacks, a TARGET on an AP play.
fn fixed_first(data: &Data, side: Side, line: &str) -> Result<(), String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    if let ["CLAIM", card, "DISCARD", _, rest @ ..] = w.as_slice()
        && let Some(c) = data.card(card)
    {
        let mut choices = Choices::default();
        for pair in rest.chunks(2) {
            match pair {
                ["TARGET", sp] => choices.target = space(data, sp),
                ["AREA", a] => choices.area = data.area(a).map(|x| x.id.clone()),
                _ => {}
            }
        }
        if let Some(need) = events::missing(c, &choices) {
            return Err(format!("{}'s Event needs {need} on the CLAIM line (5.3.2)", c.id));
        }
    }
    if let ["PLAY", card, how, rest @ ..] = w.as_slice() {
        let c = data.card(card).ok_or(format!("'{card}' is not a card"))?;
        if *how == "AP" && !rest.is_empty() {
            return Err("TARGET and AREA go with EVENT: a card played for AP uses neither".into());
        }
        if *how == "EVENT" {
            if !may_play_event(side, &c.colour) {
                return Err(format!(
                    "{} is {}: its Event helps the other side (5.3.1); play it for AP",
                    c.id, c.colour
                ));
            }
            let mut choices = Choices::default();
            for pair in rest.chunks(2) {
                match pair {
                    ["TARGET", sp] => choices.target = space(data, sp),
                    ["AREA", a] => choices.area = data.area(a).map(|x| x.id.clone()),
                    _ => {}
                }
            }
            if let Some(need) = events::missing(c, &choices) {
                return Err(format!("{}'s Event needs {need} on the PLAY line", c.id));
            }
        }
    }
    Ok(())
}

/// What is wrong with an action line whatever the board: a step backwards, a space
/// not adjacent, a Raid the map has no line for, more Preparation than the track holds.
pub fn fixed_action(data: &Data, side: Side, line: &str) -> Result<(), String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let step = |a: &str, b: &str, slow: bool| -> Result<(), String> {
        if !data.map.imperial_steps(a).contains(&b) {
            return Err(format!("{a} to {b} is no forward or sideways step (never back toward the Camp)"));
        }
        if !slow && data.map.space(b).is_some_and(|s| s.slow) {
            return Err(format!("{b} is a slow space: SLOW {a}-{b} (1 AP a unit a space)"));
        }
        Ok(())
    };
    match w.as_slice() {
        ["MOVE", ..] if side == Side::Imperial => {
            let text = w[1..].join(" ");
            let paths: Vec<Vec<String>> = text
                .split(',')
                .map(|p| p.replace("ALLIED", "").replace("EXPEDITIONARY", ""))
                .map(|p| p.trim().split('-').filter_map(|x| space(data, x.trim())).collect())
                .collect();
            let steps: usize = paths.iter().map(|p| p.len().saturating_sub(1)).sum();
            if steps != 2 && !(paths.len() == 1 && steps == 1) || paths.iter().any(|p| p.len() < 2) {
                return Err("Normal Movement is two units one space each, or one unit two spaces".into());
            }
            for p in &paths {
                for pair in p.windows(2) {
                    step(&pair[0], &pair[1], false)?;
                }
            }
            Ok(())
        }
        ["SLOW", path] if side == Side::Imperial => {
            let parts: Vec<String> = path.split('-').filter_map(|x| space(data, x)).collect();
            match parts.as_slice() {
                [a, b] => step(a, b, true),
                _ => Err("SLOW a-b".into()),
            }
        }
        ["ATTACK", target, "FROM", rest @ ..] => {
            let target = space(data, target).unwrap_or_default();
            if side == Side::Imperial && rest.iter().any(|x| *x == "UNTIL" || *x == "EMPTY") {
                return Err(
                    "UNTIL EMPTY is the Insurgent's: each Imperial unit attacks once a turn (name its space once for each unit)"
                        .into(),
                );
            }
            let froms: Vec<String> = rest.iter().filter_map(|x| space(data, x)).collect();
            if froms.is_empty() {
                return Err("ATTACK <space> FROM <space> [<space> ...]".into());
            }
            match froms.iter().find(|f| !data.map.neighbours(f).contains(&target.as_str())) {
                Some(f) => Err(format!("{f} is not adjacent to {target}")),
                None => Ok(()),
            }
        }
        ["RAID", t, "FROM", f] => {
            let (t, f) = (space(data, t).unwrap_or_default(), space(data, f).unwrap_or_default());
            let (kfrom, outer, _, _) = &data.map.klisova;
            if (&f == kfrom && &t == outer) || data.map.raids.iter().any(|r| r.from == f && r.target == t) {
                Ok(())
            } else {
                Err(format!("{f} cannot raid {t} (only main land spaces beyond row 1, up its columns)"))
            }
        }
        ["PREPARE", n] => {
            let n: u32 = n.parse().unwrap_or(0);
            let max = data.tracks.tracks.preparation_max;
            if n == 0 {
                Err("PREPARE 0 stores nothing".into())
            } else if n > max {
                Err(format!("the Preparation track holds at most {max} AP"))
            } else {
                Ok(())
            }
        }
        ["BUILD", "CANNON", s] => {
            let sp = data.map.space(s).ok_or(format!("'{s}' is not a space"))?;
            match side {
                Side::Imperial if !matches!(sp.row, Some(1..=3)) => {
                    Err(format!("{} is not within the 3 rows closest to the Wall", sp.id))
                }
                Side::Insurgent if !matches!(sp.kind, Kind::Wall | Kind::South | Kind::Island) => {
                    Err(format!("{} is not on the Wall, in the city or on an island", sp.id))
                }
                _ => Ok(()),
            }
        }
        ["REPAIR", s] if data.map.space(s).is_none_or(|x| x.kind != Kind::Wall) => {
            Err(format!("{s} is not a Wall space"))
        }
        ["TRAIN", s] | ["REGROUP", _, s]
            if data
                .map
                .space(s)
                .is_none_or(|x| !matches!(x.kind, Kind::Wall | Kind::South | Kind::Island)) =>
        {
            Err(format!("{s} is outside the city and the islands"))
        }
        _ => Ok(()),
    }
}

/// Lines resolution would run but to no purpose, which the check refuses: more AP
/// stored than the track has room for, Support where no marker can be added.
fn wasted(state: &State, data: &Data, side: Side, line: &str) -> Result<(), String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    match w.as_slice() {
        ["PREPARE", n] => {
            let n: u32 = n.parse().unwrap_or(0);
            let (max, now) = (data.tracks.tracks.preparation_max, state.camp(side).preparation);
            if now + n > max {
                return Err(format!(
                    "Preparation is at {now} and holds at most {max}: PREPARE {} at most",
                    max.saturating_sub(now)
                ));
            }
            Ok(())
        }
        ["SUPPORT", a] => {
            let total: u32 = state.areas.iter().map(|a| a.support).sum();
            match state.areas.iter().find(|x| x.id.eq_ignore_ascii_case(a)) {
                Some(x) if x.side == side && (x.support >= 5 || total >= data.setup.mix.support_markers) => {
                    Err(format!("{} holds {} Support markers: no marker can be added", x.id, x.support))
                }
                _ => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

// ---- the Opening ----

fn opening_advance(board: &mut State, data: &Data, lines: &[Numbered], out: &mut Vec<(usize, Finding)>) {
    let mut moves: Vec<(usize, String, String)> = Vec::new();
    for (n, l) in lines {
        let w: Vec<&str> = l.split_whitespace().collect();
        if let ["ADVANCE", ms @ ..] = w.as_slice() {
            for m in ms {
                let parts: Vec<&str> = m.trim_end_matches(',').split('-').collect();
                if let (Some(a), Some(b)) =
                    (parts.first().and_then(|x| space(data, x)), parts.get(1).and_then(|x| space(data, x)))
                {
                    moves.push((*n, a, b));
                }
            }
        }
    }
    let pairs: Vec<(String, String)> = moves.iter().map(|(_, a, b)| (a.clone(), b.clone())).collect();
    let mut log = Said::default();
    let errors = round::advance(board, data, &pairs, &mut log);
    let mut at = 0;
    for e in errors {
        // Each error names its move first, in the order the moves were given.
        while let Some((n, a, b)) = moves.get(at) {
            at += 1;
            if e.starts_with(&format!("{a}-{b}:")) {
                out.push((*n, Finding::Refuse(e.clone())));
                break;
            }
        }
    }
    let mut left = data.tracks.given.period_b_allied_map;
    for (n, l) in lines.iter().filter(|(_, l)| l.starts_with("ALLIES")) {
        if board.round != 4 {
            out.push((
                *n,
                Finding::Refuse("Allied units are placed in round 4 only, when Period B begins (6)".into()),
            ));
            continue;
        }
        let w: Vec<&str> = l.split_whitespace().skip(1).collect();
        let mut why = None;
        'wishes: for pair in w.chunks(2) {
            let (Some(sp), Some(k)) = (space(data, pair[0]), pair.get(1).and_then(|k| k.parse::<u32>().ok()))
            else {
                continue;
            };
            for _ in 0..k {
                if left == 0 {
                    why = Some(format!(
                        "only {} Allied units are placed on the map",
                        data.tracks.given.period_b_allied_map
                    ));
                    break 'wishes;
                }
                if !round::allied_room(board, data).contains(&sp) {
                    why = Some(format!(
                        "{sp} has no room for another Allied unit (within two rows of the Camp, no other units, at most its limit)"
                    ));
                    break 'wishes;
                }
                board.stack_mut(&sp).allied += 1;
                left -= 1;
            }
        }
        if let Some(why) = why {
            out.push((*n, Finding::Refuse(why)));
        }
    }
}

fn opening_regroup(board: &mut State, data: &Data, lines: &[Numbered], out: &mut Vec<(usize, Finding)>) {
    for (i, (n, l)) in lines.iter().enumerate() {
        if i > 0 {
            out.push((*n, Finding::Refuse("one REGROUP in the Opening (5.2)".into())));
            continue;
        }
        let w: Vec<&str> = l.split_whitespace().collect();
        if let ["REGROUP", a, b] = w.as_slice()
            && let (Some(a), Some(b)) = (space(data, a), space(data, b))
            && let Err(e) = actions::regroup(board, data, &a, &b)
        {
            out.push((*n, Finding::Refuse(e)));
        }
    }
}

// ---- the play ----

/// Dice that fall at either end of their faces, by a pattern of low (false) and high
/// (true); a die beyond the pattern falls low and lengthens it.
struct Ends {
    pattern: Vec<bool>,
    used: usize,
}

impl Roll for Ends {
    fn die(&mut self, sides: u32, _label: String) -> u32 {
        if self.used >= self.pattern.len() {
            self.pattern.push(false);
        }
        let high = self.pattern.get(self.used).copied().unwrap_or(false);
        self.used += 1;
        if high { sides } else { 1 }
    }
}

/// The boards the check carries from line to line at most; past that (never seen in
/// play) a line that fails on some of them is noted rather than refused.
const BOARDS: usize = 512;

fn rehearse_play(
    board: &State,
    data: &Data,
    side: Side,
    lines: &[Numbered],
    out: &mut Vec<(usize, Finding)>,
) {
    let Some((n0, first)) = lines.first() else {
        return;
    };
    // Fixed faults first: their reasons are the clearest.
    let mut fixed = false;
    if let Err(e) = fixed_first(data, side, first) {
        out.push((*n0, Finding::Refuse(e)));
        fixed = true;
    }
    for (n, l) in &lines[1..] {
        if let Err(e) = fixed_action(data, side, l) {
            out.push((*n, Finding::Refuse(e)));
            fixed = true;
        }
    }
    if fixed {
        return;
    }
    let mut start = board.clone();
    let mut log = Said::default();
    let play = match play::start(&mut start, data, side, first, &mut log) {
        Ok(p) => p,
        Err(e) => {
            out.push((*n0, Finding::Refuse(e)));
            return;
        }
    };
    let label = start.play_id();
    // Every board the play can have reached before each line, each once: a line's
    // dice are tried at both ends, and what they lead to carried on.
    let mut boards: Vec<(State, Play)> = vec![(start, play)];
    let mut complete = true;
    for (n, line) in &lines[1..] {
        let mut next: Vec<(State, Play)> = Vec::new();
        let (mut ran, mut failed): (usize, Option<String>) = (0, None);
        for (st, p) in &boards {
            let mut pattern: Vec<bool> = Vec::new();
            loop {
                let (mut st, mut p) = (st.clone(), p.clone());
                let mut dice = Ends { pattern: std::mem::take(&mut pattern), used: 0 };
                let waste = wasted(&st, data, side, line);
                let result =
                    play::action(&mut st, data, side, &mut p, line, &mut dice, &label, &mut Said::default());
                let result = match (waste, result, p.unused_from.take()) {
                    (Err(w), _, _) => Err(w),
                    (_, Ok(()), Some(from)) => Err(from),
                    (_, r, _) => r,
                };
                match result {
                    Ok(()) => ran += 1,
                    Err(e) => {
                        failed.get_or_insert(e);
                    }
                }
                if !next.iter().any(|(s, q)| *s == st && *q == p) {
                    if next.len() < BOARDS {
                        next.push((st, p));
                    } else {
                        complete = false;
                    }
                }
                // The next pattern: the last low die rolled turned high, those after it low.
                let mut turn = dice.pattern;
                turn.truncate(dice.used);
                while turn.last() == Some(&true) {
                    turn.pop();
                }
                match turn.last_mut() {
                    None => break,
                    Some(last) => *last = true,
                }
                pattern = turn;
            }
        }
        boards = next;
        if let Some(why) = failed {
            if ran == 0 && complete {
                out.push((*n, Finding::Refuse(why)));
            } else {
                out.push((
                    *n,
                    Finding::Note(format!("runs only if the dice allow: as they may fall, {why}")),
                ));
            }
        }
    }
}

// ---- THEN blocks ----

fn blocks(
    state: &State,
    data: &Data,
    side: Side,
    list: &[(Numbered, Vec<Numbered>)],
    mut gone: Vec<String>,
    out: &mut Vec<(usize, Finding)>,
) {
    let hand = &state.camp(side).hand;
    let held = |c: &str| hand.iter().any(|h| h.eq_ignore_ascii_case(c));
    let discarded = |c: &str| state.deck.discard.iter().any(|d| d.eq_ignore_ascii_case(c));
    // Revision 5, plans: a group is a THEN block and the ELSE blocks after it. A card
    // every block of an earlier group plays is surely gone; one only some play may be.
    let plan = state.revision >= 5;
    let file_plays = !gone.is_empty();
    let mut group = 0usize;
    let mut group_cards: Vec<Vec<String>> = Vec::new();
    let mut maybe_gone: Vec<String> = Vec::new();
    let close_group = |cards: &mut Vec<Vec<String>>, gone: &mut Vec<String>, maybe: &mut Vec<String>| {
        let all: Vec<String> = cards.iter().flatten().cloned().collect();
        for c in &all {
            if cards.iter().all(|g| g.contains(c)) {
                gone.push(c.clone());
            } else {
                maybe.push(c.clone());
            }
        }
        cards.clear();
    };
    for (i, ((gn, head), lines)) in list.iter().enumerate() {
        if plan {
            let alternative = head.starts_with("ELSE");
            if !alternative && i > 0 {
                close_group(&mut group_cards, &mut gone, &mut maybe_gone);
                group += 1;
            }
            group_cards.push(Vec::new());
            let last = list.get(i + 1).is_none_or(|((_, h), _)| !h.starts_with("ELSE"));
            let when = super::plan::parse(data, head).map(|g| super::plan::describe(&g)).unwrap_or_default();
            let play = super::plan::play_of(state, side, file_plays, group)
                .map(|p| format!("for {p}"))
                .unwrap_or_else(|| format!("for your play {} of the plan", group + 1));
            out.push((
                *gn,
                Finding::Note(format!(
                    "{play}{}: played {}, when its lines can be played then; {}",
                    if alternative { ", instead" } else { "" },
                    if when == "always" { "whatever the other side did" } else { when.as_str() },
                    if last {
                        "otherwise your plan stops here and that play is asked by mail"
                    } else {
                        "otherwise the ELSE below"
                    }
                )),
            ));
        } else {
            out.push((
                *gn,
                Finding::Note(
                    "a block runs only if the other side's play matches it when your turn comes and every line of it can be played then; otherwise your play is asked by mail"
                        .into(),
                ),
            ));
        }
        let Some((n0, first)) = lines.first() else { continue };
        let w: Vec<&str> = first.split_whitespace().collect();
        let mut bad = fixed_first(data, side, first).err();
        if bad.is_none()
            && let ["CLAIM", claim, ..] = w.as_slice()
        {
            bad = if held(claim) {
                Some(format!("{claim} is in your hand: a claim takes the other side's card"))
            } else if discarded(claim) || gone.iter().any(|g| g.eq_ignore_ascii_case(claim)) {
                Some(format!("{claim} has been played already"))
            } else {
                data.card(claim).filter(|c| !claims(side, &c.colour)).map(|c| {
                    format!("{} is {}: only an Event that helps you can be claimed (5.3.2)", c.id, c.colour)
                })
            };
        }
        if bad.is_none()
            && let Some(card) = card_of(first)
        {
            if plan && maybe_gone.iter().any(|g| g.eq_ignore_ascii_case(&card)) && held(&card) {
                out.push((
                    *n0,
                    Finding::Note(format!(
                        "{card} is played by an earlier block of this plan, if that block runs"
                    )),
                ));
            }
            if let Some(g) = group_cards.last_mut() {
                g.push(card.clone());
            }
            if gone.iter().any(|g| g.eq_ignore_ascii_case(&card)) {
                bad = Some(format!("{card} is played by an earlier line of this file"));
            } else if discarded(&card) {
                bad = Some(format!("{card} is in the discards"));
            } else if !held(&card) {
                out.push((
                    *n0,
                    Finding::Note(format!(
                        "{card} is not in your hand now: this play runs only if you draw it first"
                    )),
                ));
            }
            if !plan {
                gone.push(card);
            }
        }
        if let Some(e) = bad {
            out.push((*n0, Finding::Refuse(e)));
        }
        for (n, l) in &lines[1..] {
            if let Err(e) = fixed_action(data, side, l) {
                out.push((*n, Finding::Refuse(e)));
            } else if plan && l != "REST PREPARE" {
                out.push((
                    *n,
                    Finding::Note(
                        "checked on the board as it stands when the block's turn comes: should it fail whatever the dice then, this block gives way; should the dice leave it nothing to do, it is skipped and you are told"
                            .into(),
                    ),
                ));
            }
        }
    }
}

/// Whether `side` may ever claim a card of `colour`: one whose Event helps it, played
/// for AP by the other side.
fn claims(side: Side, colour: &str) -> bool {
    matches!((side, colour), (Side::Insurgent, "blue") | (Side::Imperial, "red"))
}

// ---- the cannon plan ----

fn fire(state: &State, data: &Data, side: Side, lines: &[Numbered], out: &mut Vec<(usize, Finding)>) {
    let mut planned: Vec<String> = Vec::new();
    for (n, l) in lines {
        let w: Vec<&str> = l.split_whitespace().collect();
        let Some(sp) = w.get(1).and_then(|x| space(data, x)) else { continue };
        let reach = data.cannons.targets.get(&sp);
        let wanted: Vec<String> =
            w.iter().skip(3).filter(|x| **x != "ELSE").filter_map(|x| space(data, x)).collect();
        let buildable = match side {
            Side::Imperial => data.map.space(&sp).is_some_and(|s| matches!(s.row, Some(1..=3))),
            Side::Insurgent => {
                data.map.space(&sp).is_some_and(|s| matches!(s.kind, Kind::Wall | Kind::South | Kind::Island))
            }
        };
        let finding = if planned.contains(&sp) {
            Some(Finding::Refuse(format!("a second plan for the cannon on {sp}")))
        } else if let Some(c) = state.cannons.get(&sp).filter(|c| c.side != side) {
            Some(Finding::Refuse(format!(
                "the cannon on {sp} is {}: your plan names your own cannons",
                c.side.name()
            )))
        } else if reach.is_none() || !(buildable || state.cannons.contains_key(&sp)) {
            Some(Finding::Refuse(format!("no {} cannon stands on {sp}", side.name())))
        } else if let Some(t) = wanted.iter().find(|t| !reach.into_iter().flatten().any(|(r, _)| r == *t)) {
            Some(Finding::Refuse(format!("the cannon on {sp} cannot reach {t}")))
        } else if let Some(t) = wanted.iter().find(|t| {
            !state.cannons.get(&sp).is_some_and(|c| c.bombard)
                && reach.into_iter().flatten().any(|(r, d)| r == *t && *d == Reach::Distance(4))
        }) {
            Some(Finding::Refuse(format!("only the Bombard fires at the 4th row from the Wall ({t}) (5.4)")))
        } else if !state.cannons.contains_key(&sp) {
            Some(Finding::Note(format!(
                "no cannon of yours stands on {sp} now: this plan counts only if one does by the Cannons phase"
            )))
        } else {
            None
        };
        planned.push(sp);
        if let Some(f) = finding {
            out.push((*n, f));
        }
    }
}
