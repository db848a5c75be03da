//! 17.1 Tito Breaks with Stalin (optional): the Stalin Score grows by 2D6 at the
//! start of each DSE Mobilization Phase; at 50 the party picks a line and one or
//! two Foreign Areas close their borders.

use super::state::{Log, Roller, Side, State};

pub fn stalin_score(state: &mut State, roller: &mut Roller, log: &mut Log) {
    let Some(d) = roller.dice(2, "17.1 Stalin Score") else {
        return;
    };
    let add: u32 = d.iter().sum();
    state.stalin.score += add;
    log.say(format!("17.1 Stalin Score +{add} = {}", state.stalin.score));
    if state.stalin.score < 50 {
        return;
    }
    let Some(line) = roller.d6("17.1 Titoist or Stalinist line") else {
        return;
    };
    let (name, close, dice): (&str, Vec<&str>, u32) =
        if line <= 4 { ("Stalinist", vec!["YUG"], 2) } else { ("Titoist", vec!["ALB", "BUL"], 4) };
    state.stalin.line = Some(name.to_string());
    log.say(format!("17.1 rolled {line}: the party follows the {name} line"));
    for code in close {
        if state.region(code).is_none() {
            continue;
        }
        state.closed.insert(code.to_string());
        let lost: Vec<String> =
            state.units.values().filter(|u| u.at.region == code).map(|u| u.id.clone()).collect();
        for id in &lost {
            state.units.remove(id);
        }
        log.say(format!(
            "17.1 {code} closes its border{}",
            if lost.is_empty() { String::new() } else { format!("; eliminated there: {}", lost.join(", ")) }
        ));
    }
    if let Some(d) = roller.dice(dice, "17.1 purge") {
        let total: u32 = d.iter().sum();
        state.adjust_pi(Side::Dse, -(total as i32), &format!("17.1 {name} line ({dice}D6 = {total})"), log);
    }
}
