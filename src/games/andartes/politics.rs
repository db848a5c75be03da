//! 16.3 Greek Politics: the Government's doctrine, Mobilization PP limit and how
//! long they last, rolled at set-up and again in the Initiative Phase when due.

use super::state::{Log, Politics, Roller, State};

/// Rolls the Politics Table: doctrine, then (17.3 only) the PP limit, then the
/// duration. A dry roller leaves the politics as they are.
pub fn roll(state: &mut State, roller: &mut Roller, log: &mut Log) {
    let Some(d) = roller.dice(2, "16.3 Politics Table: doctrine") else {
        return;
    };
    let doctrine_roll: u32 = d.iter().sum();
    let table = &state.rules.politics;
    let Some(row) = table.row(doctrine_roll) else {
        return;
    };
    let doctrine = row.doctrine;
    let mut pp_limit = table.limit(doctrine);
    let mut limit_note = format!("{pp_limit} PP (9.5)");
    if state.options.start1944
        && let Some(d) = roller.dice(2, "17.3 Politics Table: Mobilization PP limit")
    {
        let r: u32 = d.iter().sum();
        if let Some(row) = state.rules.politics.row(r) {
            pp_limit = row.pp_limit;
            limit_note = format!("{pp_limit} PP (17.3, rolled {r})");
        }
    }
    let Some(d) = roller.dice(2, "16.3 Politics Table: duration") else {
        return;
    };
    let duration_roll: u32 = d.iter().sum();
    let duration = state.rules.politics.row(duration_roll).map_or(1, |r| r.duration);
    state.politics = Politics { doctrine, pp_limit, next_roll: state.turn + duration };
    log.say(format!(
        "16.3 Politics Table: rolled {doctrine_roll}: {}; Mobilization limit {limit_note}; duration rolled {duration_roll}: {duration} turn(s), next roll in the Initiative Phase of turn {}",
        doctrine.name(),
        state.turn + duration
    ));
}
