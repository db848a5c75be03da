//! What every state must satisfy, checked after each step by `soak` and the
//! conformance suite.

use std::collections::BTreeSet;

use super::board;
use super::data::{Data, Side};
use super::state::{Box_, State};
use crate::engine::Broken;

pub fn check(state: &State, data: &Data) -> Result<(), Broken> {
    let mut seen = BTreeSet::new();
    let mut fronts = BTreeSet::new();
    for (key, u) in &state.units {
        if *key != u.id {
            return Err(format!("{} is filed under {key}", u.id).into());
        }
        let k = data.kind_of(&u.id).ok_or_else(|| Broken(format!("{} is not a counter of the mix", u.id)))?;
        if k.kind != u.kind {
            return Err(format!("{} is a {} counter but plays as {}", u.id, k.kind, u.kind).into());
        }
        if !seen.insert(u.id.clone()) || state.disbanded.contains(&u.id) || state.away.contains_key(&u.id) {
            return Err(format!("{} is on the map and in a pool", u.id).into());
        }
        if data.area(&u.area).is_none() {
            return Err(format!("{} is in unknown area {}", u.id, u.area).into());
        }
        let abroad = board::abroad(data, &u.area);
        match k.side {
            Side::Fln if u.at == Box_::Patrol => return Err(format!("{} (FLN) is in a PTL box", u.id).into()),
            Side::Government if u.at == Box_::Underground || abroad => {
                return Err(format!("{} (Government) is underground or abroad", u.id).into());
            }
            Side::Government if !k.mobile && u.at != Box_::Patrol => {
                return Err(format!("{} (Police) is out of its PTL box", u.id).into());
            }
            _ => {}
        }
        if u.kind == "front" {
            if abroad || board::remote(state, data, &u.area) {
                return Err(format!("{} (Front) stands in {}", u.id, u.area).into());
            }
            if !fronts.insert(u.area.clone()) {
                return Err(format!("two Fronts in {}", u.area).into());
            }
        }
        if u.dispersed && u.kind != "division" {
            return Err(format!("{} is Dispersed and not a division", u.id).into());
        }
    }
    if state.units_in("FRANCE").count() > 1 || state.units_in("FRANCE").any(|u| u.kind != "cadre") {
        return Err("France holds one Cadre at most".into());
    }
    if state.government_psl > 99 || state.fln_psl > 99 || state.ap > 99 {
        return Err("a track is above 99".into());
    }
    if state.over.is_none() && (state.government_psl == 0 || state.fln_psl == 0) {
        return Err("a PSL is 0 and the game goes on".into());
    }
    if state.air > state.air_max || state.helo > state.helo_max {
        return Err("more Points available than mobilized".into());
    }
    if state.border_zone.is_some_and(|b| !(-3..=0).contains(&b)) {
        return Err("the Border Zone lies outside 0..-3".into());
    }
    Ok(())
}
