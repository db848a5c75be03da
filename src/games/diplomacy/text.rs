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
    let mut out = String::with_capacity(16);
    push_unit(&mut out, map, u, style);
    out
}

// The orders of every unit are written each phase (`what-if --batch` writes thousands
// of phases): they are built in one string, not from a string for every part.

fn push_region(out: &mut String, map: &Map, r: RegionId, style: Style) {
    let reg = map.region(r);
    let prov = map.province(reg.province);
    match (style, reg.coast) {
        (Style::Short, None) => out.push_str(&prov.id),
        (Style::Short, Some(c)) => {
            out.push_str(&prov.id);
            out.push('/');
            out.push_str(c.abbr());
        }
        (Style::Long, _) => out.push_str(&map.region_title(r)),
    }
}

fn push_province(out: &mut String, map: &Map, p: ProvinceId, style: Style) {
    let prov = map.province(p);
    out.push_str(match style {
        Style::Short => &prov.id,
        Style::Long => &prov.name,
    });
}

fn push_unit(out: &mut String, map: &Map, u: Unit, style: Style) {
    out.push_str(u.kind.letter());
    out.push(' ');
    push_region(out, map, u.region, style);
}

fn push_unit_at(out: &mut String, map: &Map, board: &Board, p: ProvinceId, style: Style) {
    match board.unit(p) {
        Some(u) => push_unit(out, map, u, style),
        None => push_province(out, map, p, style),
    }
}

/// A movement order of the unit in `p`.
pub fn order(map: &Map, board: &Board, p: ProvinceId, o: &Order, style: Style) -> String {
    let mut out = String::with_capacity(24);
    push_unit_at(&mut out, map, board, p, style);
    match *o {
        Order::Hold => out.push_str(" H"),
        Order::Move { to, via_convoy } => {
            out.push_str(" - ");
            push_region(&mut out, map, to, style);
            if via_convoy {
                out.push_str(" via convoy");
            }
        }
        Order::SupportHold { unit } => {
            out.push_str(" S ");
            push_unit_at(&mut out, map, board, unit, style);
        }
        Order::SupportMove { unit, to, coast } => {
            out.push_str(" S ");
            push_unit_at(&mut out, map, board, unit, style);
            out.push_str(" - ");
            match coast.and_then(|c| map.coast_region(to, c)) {
                Some(r) => push_region(&mut out, map, r, style),
                None => push_province(&mut out, map, to, style),
            }
        }
        Order::Convoy { army, to } => {
            out.push_str(" C ");
            push_unit_at(&mut out, map, board, army, style);
            out.push_str(" - ");
            push_province(&mut out, map, to, style);
        }
    }
    out
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
        Adjustment::Remove(p) => {
            let mut out = String::from("Remove ");
            push_unit_at(&mut out, map, board, p, style);
            out
        }
        Adjustment::Waive => "Waive".to_string(),
    }
}
