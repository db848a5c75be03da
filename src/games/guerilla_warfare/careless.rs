//! A careless power, for `soak --careless`: the bot's orders with the slips a player
//! by mail makes in this game. A fraction told to disperse again (ruling R18), a
//! fraction that is not there, a move to a province that does not border, another
//! power's unit, a build written as the rules write units (`Build A(Lyo)`) where the
//! power may not build, fractions named for removal at adjustments (ruling R25). The
//! check at ingest must refuse each of them with the reason, or the line must run.

use rand_core::RngCore;

use super::GuerillaWarfare;
use super::calendar::Stage;
use super::orders::{one_move, show_frac};
use super::random::orders_for;
use super::state::{Decoded, State, Year, decode};
use crate::games::diplomacy::map::{Map, ProvinceId};

/// The rulebook's way of writing a place: `Lyo`, `Ark` for Archangel.
fn written(map: &Map, p: ProvinceId) -> String {
    let id = map.province(p).id.as_str();
    let id = if id == "arc" { "ark" } else { id };
    let mut c = id.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
}

fn pick<T: Copy>(rng: &mut dyn RngCore, list: &[T]) -> Option<T> {
    if list.is_empty() { None } else { Some(list[(rng.next_u32() as usize) % list.len()]) }
}

/// A careless orders body for `player`: the careful bot's lines, some of them swapped
/// for a slip and some slips added.
pub fn orders(g: &GuerillaWarfare, s: &State, player: &str, rng: &mut dyn RngCore) -> String {
    let careful = orders_for(g, s, player, rng);
    let map = &g.map;
    let (Some(me), Ok(dec)) = (map.power_index(player), decode(map, s)) else {
        return careful;
    };
    let provinces: Vec<ProvinceId> = (0..map.province_count() as ProvinceId).collect();
    let own_units: Vec<ProvinceId> = dec.board.provinces_of(me).collect();
    let others: Vec<ProvinceId> =
        provinces.iter().copied().filter(|&p| dec.board.unit(p).is_some_and(|u| u.power != me)).collect();
    let own_fracs: Vec<usize> = (0..dec.fractions.len()).filter(|&i| dec.fractions[i].power == me).collect();
    let two_season = s.rules.year == Year::TwoSeason && s.stage == Stage::Movement;
    let slip = |rng: &mut dyn RngCore| -> Option<String> {
        if two_season && rng.next_u32().is_multiple_of(2) {
            return preference_slip(map, &dec, me, &own_fracs, rng);
        }
        match (s.stage, rng.next_u32() % 6) {
            (Stage::Movement, 0) => {
                let f = dec.fractions[pick(rng, &own_fracs)?];
                let near: Vec<ProvinceId> =
                    provinces.iter().copied().filter(|&q| one_move(map, f.kind, f.at, q)).take(3).collect();
                let parts: Vec<String> =
                    near.iter().map(|&q| format!("1/9 A({})", written(map, q))).collect();
                Some(format!("{} disperses - {}", show_frac(map, &f), parts.join(", ")))
            }
            (Stage::Movement, 1) => {
                let at = pick(rng, &provinces)?;
                let to = pick(rng, &provinces)?;
                Some(format!("1/3 A({}) - {}", written(map, at), written(map, to)))
            }
            (Stage::Movement, 2) => {
                let p = pick(rng, &own_units)?;
                let u = dec.board.unit(p)?;
                let far: Vec<ProvinceId> =
                    provinces.iter().copied().filter(|&q| q != p && !one_move(map, u.kind, p, q)).collect();
                Some(format!("{}({}) - {}", u.kind.letter(), written(map, p), written(map, pick(rng, &far)?)))
            }
            (Stage::Adjustment, 0 | 1) => {
                let at = pick(rng, &provinces)?;
                Some(format!("Build A({})", written(map, at)))
            }
            (Stage::Adjustment, 2 | 3) => {
                let f = dec.fractions[pick(rng, &own_fracs)?];
                Some(format!("Remove {}", show_frac(map, &f)))
            }
            (_, 3) => {
                let p = pick(rng, &others)?;
                let u = dec.board.unit(p)?;
                Some(format!("{}({}) H", u.kind.letter(), written(map, p)))
            }
            (_, 4) => {
                let p = pick(rng, &own_units)?;
                let u = dec.board.unit(p)?;
                Some(format!(
                    "{}({}) - {}",
                    u.kind.letter(),
                    written(map, p),
                    written(map, pick(rng, &provinces)?)
                ))
            }
            _ => None,
        }
    };
    crate::engine::slips::mix(&careful, rng, slip)
}

/// A careless standing preference (option `year=two-season`): a unit's retreats to
/// places picked anywhere, a fraction's retreats (fractions are never dislodged), a
/// build list in any month and anywhere, a fraction named for removal (R25).
fn preference_slip(
    map: &Map,
    dec: &Decoded,
    me: u8,
    own_fracs: &[usize],
    rng: &mut dyn RngCore,
) -> Option<String> {
    let provinces: Vec<ProvinceId> = (0..map.province_count() as ProvinceId).collect();
    let own_units: Vec<ProvinceId> = dec.board.provinces_of(me).collect();
    match rng.next_u32() % 4 {
        0 => {
            let p = pick(rng, &own_units)?;
            let u = dec.board.unit(p)?;
            let to: Vec<String> =
                (0..3).filter_map(|_| pick(rng, &provinces)).map(|q| written(map, q)).collect();
            Some(format!("{}({}) R {}", u.kind.letter(), written(map, p), to.join(", ")))
        }
        1 => {
            let f = dec.fractions.get(pick(rng, own_fracs)?)?;
            let to = pick(rng, &provinces)?;
            Some(format!("{} R {}", show_frac(map, f), written(map, to)))
        }
        2 => {
            let a = pick(rng, &provinces)?;
            let b = pick(rng, &provinces)?;
            Some(format!("Build A({}), A({})", written(map, a), written(map, b)))
        }
        _ => {
            let f = dec.fractions.get(pick(rng, own_fracs)?)?;
            Some(format!("Remove {}", show_frac(map, f)))
        }
    }
}
