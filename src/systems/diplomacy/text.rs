//! Orders and units written out, short (`F lon - nth`, as in files and JSON) or long
//! (`F London - North Sea`, as in a zine report).

use super::board::{Adjustment, Board, Order, RetreatOrder, Unit};
use super::map::{Map, ProvinceId, RegionId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Lowercase abbreviations, coasts as `stp/nc`.
    Short,
    /// Full names, coasts as `St Petersburg (north coast)`.
    Long,
}

pub fn region(map: &Map, r: RegionId, style: Style) -> String {
    match style {
        Style::Short => map.region_name(r),
        Style::Long => map.region_title(r),
    }
}

pub fn province(map: &Map, p: ProvinceId, style: Style) -> String {
    match style {
        Style::Short => map.province(p).id.clone(),
        Style::Long => map.province(p).name.clone(),
    }
}

/// `F lon`, `F St Petersburg (south coast)`.
pub fn unit(map: &Map, u: Unit, style: Style) -> String {
    format!("{} {}", u.kind.letter(), region(map, u.region, style))
}

fn unit_at(map: &Map, board: &Board, p: ProvinceId, style: Style) -> String {
    match board.unit(p) {
        Some(u) => unit(map, u, style),
        None => province(map, p, style),
    }
}

/// A movement order of the unit in `p`.
pub fn order(map: &Map, board: &Board, p: ProvinceId, o: &Order, style: Style) -> String {
    let me = unit_at(map, board, p, style);
    match *o {
        Order::Hold => format!("{me} H"),
        Order::Move { to, via_convoy } => {
            let via = if via_convoy { " via convoy" } else { "" };
            format!("{me} - {}{via}", region(map, to, style))
        }
        Order::SupportHold { unit } => format!("{me} S {}", unit_at(map, board, unit, style)),
        Order::SupportMove { unit, to, coast } => {
            let dest = match coast.and_then(|c| map.coast_region(to, c)) {
                Some(r) => region(map, r, style),
                None => province(map, to, style),
            };
            format!("{me} S {} - {dest}", unit_at(map, board, unit, style))
        }
        Order::Convoy { army, to } => {
            format!("{me} C {} - {}", unit_at(map, board, army, style), province(map, to, style))
        }
    }
}

pub fn retreat(map: &Map, u: Unit, o: &RetreatOrder, style: Style) -> String {
    match *o {
        RetreatOrder::Retreat(r) => format!("{} R {}", unit(map, u, style), region(map, r, style)),
        RetreatOrder::Disband => format!("{} D", unit(map, u, style)),
    }
}

pub fn adjustment(map: &Map, board: &Board, a: &Adjustment, style: Style) -> String {
    match *a {
        Adjustment::Build { kind, region: r } => {
            format!("Build {} {}", kind.letter(), region(map, r, style))
        }
        Adjustment::Remove(p) => format!("Remove {}", unit_at(map, board, p, style)),
        Adjustment::Waive => "Waive".to_string(),
    }
}
