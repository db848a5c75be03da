//! What the rules fix about any position: space limits; never both sides on a space,
//! nor (Period B) Expeditionary with Allied outside the Camp; the counter mix; at
//! most 5 Support markers an area and 30 in all; the 100 cards all somewhere; equal
//! hands after the round's draws; tracks within their length.

use super::data::{Data, Kind};
use super::state::{Side, State};
use crate::engine::Broken;

pub fn check(state: &State, data: &Data) -> Result<(), Broken> {
    let bad = |s: String| Err(Broken(s));
    let (mut exp, mut all, mut ins) = (0, 0, 0);
    for (sp, st) in &state.units {
        let Some(space) = data.map.space(sp) else { return bad(format!("units on {sp}, which is no space")) };
        if st.imperial() > 0 && st.insurgent > 0 {
            return bad(format!("both sides on {sp}"));
        }
        if let Some(l) = space.limit
            && (st.imperial() > l || st.insurgent > l)
        {
            return bad(format!("{sp} holds more than its limit of {l}"));
        }
        if space.kind != Kind::Camp && st.expeditionary > 0 && st.allied > 0 {
            return bad(format!("Expeditionary and Allied units share {sp}"));
        }
        exp += st.expeditionary;
        all += st.allied;
        ins += st.insurgent;
    }
    let m = &data.setup.mix;
    if exp > m.expeditionary || all > m.allied || ins > m.insurgent {
        return bad(format!(
            "{exp} Expeditionary, {all} Allied, {ins} Insurgent units exceed the counter mix"
        ));
    }
    if state.cannons.len() as u32 + state.camp_cannons > m.cannons + m.bombard {
        return bad("more cannons than the counter mix".into());
    }
    let total: u32 = state.areas.iter().map(|a| a.support).sum();
    if state.areas.iter().any(|a| a.support > 5) || total > m.support_markers {
        return bad("Support markers beyond 5 an area or 30 in all".into());
    }
    let cards = state.imperial.hand.len()
        + state.insurgent.hand.len()
        + state.deck.draw.len()
        + state.deck.discard.len()
        + state.deck_b.draw.len()
        + state.deck_b.discard.len();
    if cards != data.cards.len() {
        return bad(format!("{cards} cards are accounted for, not {}", data.cards.len()));
    }
    for side in [Side::Imperial, Side::Insurgent] {
        let c = state.camp(side);
        if c.morale > data.tracks.tracks.morale_max || c.preparation > data.tracks.tracks.preparation_max {
            return bad(format!("{} tracks beyond their length", side.name()));
        }
        if c.supplies < 0 || c.money < 0 {
            return bad(format!("{} Supplies or Money below zero", side.name()));
        }
    }
    // After the round's draws both hands are the same size: a last-turn claimer spent
    // one card more and draws one more, and every Event that draws also discards.
    if state.stage == super::state::Stage::Advance && state.imperial.hand.len() != state.insurgent.hand.len()
    {
        return bad(format!(
            "unequal hands after the draws: Imperial {}, Insurgent {}",
            state.imperial.hand.len(),
            state.insurgent.hand.len()
        ));
    }
    if state.damage.values().any(|d| *d == 0 || *d > 2) || state.damage.len() as u32 > m.damage_markers {
        return bad("Wall damage is 1 (damaged) or 2 (destroyed), on at most 10 spaces".into());
    }
    Ok(())
}
