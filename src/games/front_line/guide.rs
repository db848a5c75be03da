//! What the welcome mail and each report teach a player: lines legal now (taken from
//! the board as it stands, so each is accepted as written), the notation in a few
//! sentences, the first turn's block, and the Attack Results Table.

use super::data::{Data, Side, Square, Terrain};
use super::script::outcome_word;
use super::state::{Stage, State};
use crate::engine::{ExampleBlock, Guide, Section};

/// Standing reactions a new player might start with.
pub const STARTING_REACTIONS: &[&str] = &[
    "RALLY WHEN RANGE 1 OR TARGET A",
    "REWARD FIRE",
    "OPFIRE ANY AT ANY WHEN HIGHER",
    "ROUT HOLD IN CITY ELSE RETREAT",
    "EDGE WHEN BLITZ DISRUPT",
];

/// Where the side's units stand after its recommended set-up 1, by id.
fn after_setup_one(data: &Data, side: Side) -> Vec<(String, Square)> {
    let Some(card) = data.setups.iter().find(|s| s.side == side && s.name == "1") else { return Vec::new() };
    let mut out = Vec::new();
    for (letter, list) in [('I', &card.infantry), ('T', &card.tank), ('A', &card.artillery)] {
        for (i, w) in list.iter().enumerate() {
            if let Some(sq) = Square::parse(w) {
                out.push((format!("{}{letter}{}", side.letter(), i + 1), sq));
            }
        }
    }
    out
}

/// A forward step for one of `units` onto an empty, non-city land square; `taken`
/// squares (those already chosen) are skipped.
fn forward(
    data: &Data,
    board_name: &str,
    side: Side,
    units: &[(String, Square)],
    occupied: &[Square],
) -> Option<(String, Square, Square)> {
    forwards(data, board_name, side, units, occupied, 1).into_iter().next()
}

/// Up to `n` forward steps, each by a different Infantry onto a different square.
fn forwards(
    data: &Data,
    board_name: &str,
    side: Side,
    units: &[(String, Square)],
    occupied: &[Square],
    n: usize,
) -> Vec<(String, Square, Square)> {
    let board = if board_name == "nogo" { &data.nogo } else { &data.main };
    let dir: i8 = if side == Side::Red { 1 } else { -1 };
    units
        .iter()
        .filter(|(id, _)| id.contains('I'))
        .filter_map(|(id, sq)| {
            let col = sq.col as i8 + dir;
            let to = Square { col: u8::try_from(col).ok().filter(|c| *c < 10)?, row: sq.row };
            let free = !occupied.contains(&to);
            let land = !board.at(to).is_city() && board.at(to) != Terrain::Water;
            (free && land).then(|| (id.clone(), *sq, to))
        })
        .take(n)
        .collect()
}

pub fn guide(state: &State, data: &Data, player: &str) -> Guide {
    let Some(side) = state.side_of(player) else { return Guide::default() };
    let mut now = Vec::new();
    let mut next = Vec::new();
    match state.stage {
        Stage::Setup => {
            now.push("SETUP 1".into());
            if state.options.choose_supply {
                now.push("CARD BALANCED INDUSTRY".into());
            }
            now.push("FIRST ME".into());
            now.extend(STARTING_REACTIONS.iter().map(|s| s.to_string()));
            let units = after_setup_one(data, side);
            // September's Capital stack (3 chits on every card) moves three Infantry
            // out of the country's front column: squares the other side cannot reach
            // first, so every line runs whoever moves first.
            let mut lines = vec!["SUPPLY CAPITAL".to_string()];
            let occupied: Vec<Square> = units.iter().map(|(_, s)| *s).collect();
            for (id, _, to) in forwards(data, &state.options.board, side, &units, &occupied, 3) {
                lines.push(format!("MOVE {id} {to}"));
            }
            next.push(ExampleBlock {
                title: "Your first turn (SEP-1 if you move first, else SEP-2), after SETUP 1:".into(),
                lines,
            });
        }
        Stage::Turn => {
            if let Some(q) = state.current.question.as_ref().filter(|q| q.to == side) {
                now.push(q.answers.get(q.default).cloned().unwrap_or_default());
            } else if state.active_side() == side {
                if let Some((_, s)) = state.camp(side).available().next() {
                    now.push(format!("SUPPLY {}", supply_word(s.supply)));
                }
                let units: Vec<(String, Square)> = state
                    .units
                    .iter()
                    .filter(|u| u.side == side && u.active())
                    .filter_map(|u| u.square().map(|s| (u.id.clone(), s)))
                    .collect();
                let occupied: Vec<Square> = state.units.iter().filter_map(|u| u.square()).collect();
                if let Some((id, _, to)) = forward(data, &state.options.board, side, &units, &occupied) {
                    now.push(format!("MOVE {id} {to}"));
                }
                now.push("PASS".into());
            } else {
                now.extend(STARTING_REACTIONS.iter().take(2).map(|s| s.to_string()));
            }
        }
        Stage::Over => {}
    }
    let mut notes = Vec::new();
    if state.stage == Stage::Setup {
        notes.push(format!(
            "Instead of SETUP 1 you may place your own: INFANTRY <9 squares>, TANK <4 squares>, ARTILLERY <2 squares>, one unit a square, all in your country ({}); the units take their numbers in the order the squares are given.",
            if side == Side::Red { "columns A-C" } else { "columns H-J" }
        ));
    }
    Guide {
        now,
        notes: notes.into_iter().chain([

            "Squares are A1 to J6: column A is Red's back edge, J Green's. Units are RI1-RI11, RT1-RT6, RA1-RA3 (Green G...).".into(),
            "A turn file runs line by line: SUPPLY, MOVE, AMPHIB, ATTACK, COMMISSION, BUILD, PARA (or PARATROOP), REGROUP, CACHE, MANEUVER, RELIEVE, WAIT (two a turn at most), PASS. MOVE names the squares entered, not the one the unit stands on.".into(),
            "IF <unit> ACTIVE|DISRUPTED|GONE, IF <square> EMPTY|ENEMY|MINE or IF EDGE MINE guards a line; OR starts a line tried only when the one above was not done.".into(),
            "Standing reactions (RALLY, REWARD, OPFIRE, MANEUVER ... WHEN, RELIEVE ... WHEN, ROUT, EDGE WHEN) answer on the other side's turn; ASK instead asks you by mail. They may come in any file, and only you see them.".into(),
            "A line that cannot be done as the game stands is refused at once, with the reason; a line that runs after an attack's dice or after the other side may react is accepted with a # note saying so.".into(),
        ]).collect(),
        next,
        reference: vec![reference(data)],
    }
}

pub fn supply_word(s: super::state::Supply) -> &'static str {
    use super::state::Supply::*;
    match s {
        Air => "AIR",
        Capital => "CAPITAL",
        Industry => "INDUSTRY",
        FallenAir | FallenIndustry => "FALLEN",
    }
}

fn reference(data: &Data) -> Section {
    let row = |name: &str, list: &[super::data::Outcome]| {
        format!(
            "{name:<9} {}",
            list.iter().map(|o| format!("{:<8}", outcome_word(*o))).collect::<String>().trim_end()
        )
    };
    let mut lines =
        vec![format!("{:<9} {}", "face", (1..=6).map(|f| format!("{f:<8}")).collect::<String>().trim_end())];
    for (i, r) in data.attack.ranges.iter().enumerate() {
        lines.push(row(&format!("range {}", i + 1), r));
    }
    lines.push(row("Adv", &data.attack.adv));
    lines.push(format!(
        "icons: Capital on face {}, Air Base {}, Industry {}, Soldier {}",
        data.attack.icons.get("capital").copied().unwrap_or(0),
        data.attack.icons.get("air-base").copied().unwrap_or(0),
        data.attack.icons.get("industry").copied().unwrap_or(0),
        data.attack.icons.get("soldier").copied().unwrap_or(0)
    ));
    Section { title: "Attack Results Table".into(), lines }
}
