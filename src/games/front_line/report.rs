//! What a reader sees of a game: the 10×6 battlefield as text, the month and turn,
//! supply, Leadership, the Edge, reserves, the OP if the game ended now, the reader's
//! own standing reactions (never the other side's), and the data files in use with
//! their SHA-256.

use super::data::{Battlefield, COLUMNS, Data, Side, Square, Terrain};
use super::state::{Leadership, Place, Stage, State};
use crate::engine::data::FileInUse;
use crate::engine::{Section, Viewer};

/// The phase as a report names it.
pub fn stage(state: &State) -> String {
    match state.stage {
        Stage::Setup => "Set-up: placement, supply cards, who decides the first player".into(),
        Stage::Turn => {
            let side = state.active_side();
            let base = format!(
                "{} turn {}: {} ({})",
                state.month_name(),
                state.turn,
                side.name(),
                state.player(side)
            );
            if let Some(q) = &state.current.question {
                format!("{base}, {}'s reaction", q.to.name())
            } else if state.current.waiting {
                format!("{base}, after WAIT")
            } else {
                base
            }
        }
        Stage::Over => "The game is over".into(),
    }
}

/// A terrain's letter in the grid.
pub fn letter(t: Terrain) -> char {
    match t {
        Terrain::Mountain => 'M',
        Terrain::Hill => 'H',
        Terrain::Valley => 'V',
        Terrain::Desert => 'D',
        Terrain::Beach => 'B',
        Terrain::Port => 'P',
        Terrain::Capital => 'W',
        Terrain::AirBase => '2',
        Terrain::Industry => '3',
        Terrain::Water => '~',
    }
}

fn cell(state: &State, board: &Battlefield, sq: Square) -> String {
    let t = board.at(sq);
    let mark = if state.fallen.contains(&sq) {
        'F'
    } else if board.purple.contains(&sq) {
        '1'
    } else {
        ' '
    };
    let unit =
        state.at(sq).map(|u| format!("{}{}", u.id, if u.disrupted { "x" } else { "" })).unwrap_or_default();
    format!("{}{mark}{unit:<5}", letter(t))
}

/// The grid: row 1 at the top, columns A (Red's back edge) to J (Green's). Revision 4
/// (new campaigns) gives a square seven characters, so a row fits a mail's 72
/// columns; campaigns made before keep eight (a row of 78).
pub fn grid(state: &State, data: &Data) -> Vec<String> {
    let board = super::board(data, state);
    let narrow = state.options.revision >= 4;
    let (head, gap, lead) = if narrow { (7, "", " ") } else { (8, " ", "  ") };
    let mut lines = vec![format!(
        "{lead} {}",
        COLUMNS.chars().map(|c| format!("{c:<head$}")).collect::<String>().trim_end()
    )];
    for row in 1..=6u8 {
        let cells: Vec<String> = (0..10u8).map(|col| cell(state, board, Square { col, row })).collect();
        lines.push(format!("{row}{lead}{}", cells.join(gap).trim_end()));
    }
    lines.push("M Mountain, H Hill, V Valley, D Desert, B Beach, P Port, ~ Lake Nogo;".into());
    lines.push("cities W Capital, 2 Air Base, 3 Industry; 1 purple square; F Fallen;".into());
    lines.push("a unit's id, x if disrupted.".into());
    lines
}

pub fn placement_line(state: &State, side: Side) -> String {
    let list: Vec<String> = state
        .units
        .iter()
        .filter(|u| u.side == side)
        .filter_map(|u| u.square().map(|s| format!("{} {s}", u.id)))
        .collect();
    format!("{} sets up: {}", side.name(), list.join(", "))
}

fn supply_line(state: &State, side: Side) -> String {
    let camp = state.camp(side);
    let stacks: Vec<String> = camp
        .stacks
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let in_use = state.current.side == Some(side) && state.current.stack == Some(i);
            if in_use {
                format!("{} in use, {} left", s.supply.name(), s.chits)
            } else if s.used {
                format!("{} used", s.supply.name())
            } else {
                format!("{} {}", s.supply.name(), s.chits)
            }
        })
        .collect();
    format!("{} ({}): {}", side.name(), camp.card, stacks.join("; "))
}

fn leadership(l: Leadership) -> &'static str {
    match l {
        Leadership::Available => "Available",
        Leadership::Exhausted => "Exhausted",
        Leadership::Commissioned => "Commissioned (Available at the end of the turn)",
    }
}

pub fn sections(state: &State, data: &Data, files: &[FileInUse], viewer: &Viewer) -> Vec<Section> {
    let mut out = vec![Section {
        title: format!("Battlefield ({})", if state.options.board == "nogo" { "Lake Nogo" } else { "Main" }),
        lines: grid(state, data),
    }];
    let mut turn = vec![stage(state)];
    if state.stage != Stage::Setup {
        turn.push(format!("{} moves first each month", state.first.name()));
    }
    if let Some(o) = &state.over {
        turn.push(o.clone());
    }
    out.push(Section { title: "Month and turn".into(), lines: turn });
    if state.stage != Stage::Setup {
        out.push(Section {
            title: "Supply".into(),
            lines: vec![supply_line(state, Side::Red), supply_line(state, Side::Green)],
        });
    }
    let edge = match state.edge.holder {
        Some(h) => format!("the Edge: held by {}, {}", h.name(), if state.edge.on { "ON" } else { "OFF" }),
        None => "the Edge: in the Edge Is Off area".into(),
    };
    out.push(Section {
        title: "Leadership and the Edge".into(),
        lines: vec![
            format!("Red's Leadership: {}", leadership(state.red.leadership)),
            format!("Green's Leadership: {}", leadership(state.green.leadership)),
            edge,
        ],
    });
    let reserve = |side: Side| {
        let list: Vec<&str> = state
            .units
            .iter()
            .filter(|u| u.side == side && u.place == Place::Reserve)
            .map(|u| u.id.as_str())
            .collect();
        let gone = state.units.iter().filter(|u| u.side == side && u.place == Place::Gone).count();
        format!(
            "{}: reserve {}; Blitzed {gone}",
            side.name(),
            if list.is_empty() { "empty".into() } else { list.join(" ") }
        )
    };
    out.push(Section { title: "Reserves".into(), lines: vec![reserve(Side::Red), reserve(Side::Green)] });
    if state.stage != Stage::Setup {
        let (r, _) = super::score::op(state, data, Side::Red);
        let (g, _) = super::score::op(state, data, Side::Green);
        out.push(Section {
            title: "Occupation Points (were the game to end now)".into(),
            lines: vec![format!("Red {r}, Green {g}")],
        });
    }
    let own = |side: Side| -> Vec<String> {
        let lines: Vec<String> = state.camp(side).policy.values().flatten().cloned().collect();
        if lines.is_empty() { vec!["none (the defaults apply)".into()] } else { lines }
    };
    match viewer {
        Viewer::Player(p) => {
            if let Some(side) = state.side_of(p) {
                out.push(Section { title: "Your standing reactions".into(), lines: own(side) });
                if state.current.side == Some(side) && !state.current.lines.is_empty() {
                    out.push(Section {
                        title: "Your lines still to run".into(),
                        lines: state.current.lines.clone(),
                    });
                }
            }
        }
        Viewer::Gm => {
            for side in [Side::Red, Side::Green] {
                out.push(Section {
                    title: format!("{}'s standing reactions", side.name()),
                    lines: own(side),
                });
            }
            if !state.current.lines.is_empty() {
                out.push(Section { title: "Lines still to run".into(), lines: state.current.lines.clone() });
            }
        }
        Viewer::Public => {}
    }
    out.push(Section { title: "Data files".into(), lines: files.iter().map(FileInUse::footer).collect() });
    out
}
