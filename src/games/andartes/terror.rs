//! 16.4 Terror markers: at most one per Region, placed by MD/OK results (12.2),
//! airstrike collateral damage in Urban Regions (16.2) and resettlement (16.5),
//! removed only by EA/VE results of Government attacks (12.2).

use super::state::{Log, State};

pub fn place(state: &mut State, region: &str, why: &str, log: &mut Log) {
    if state.terror.insert(region.to_string()) {
        log.say(format!("16.4 Terror marker placed in {region} ({why})"));
    } else {
        log.say(format!("16.4 {region} is already terrorized ({why}): one marker per Region"));
    }
}

pub fn remove(state: &mut State, region: &str, why: &str, log: &mut Log) {
    if state.terror.remove(region) {
        log.say(format!("16.4 Terror marker removed from {region} ({why})"));
    }
}
