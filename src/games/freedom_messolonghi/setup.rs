//! Game Setup (4): the board from `setup.toml`, the tracks, the areas; and, in the
//! step that resolves `SETUP` (both players' receipts keying it), both decks shuffled
//! on the hidden stream and eight cards dealt to each player.

use super::data::Data;
use super::state::{AreaState, Camp, Cannon, Players, Side, Stack, Stage, State};
use crate::dice::deck::Deck;
use crate::engine::Dice;

pub fn new_state(data: &Data, players: Players) -> State {
    let s = &data.setup;
    let mut units = std::collections::BTreeMap::new();
    for (sp, n) in &s.imperial.units {
        units.entry(sp.clone()).or_insert_with(Stack::default).expeditionary += n;
    }
    for (sp, n) in &s.insurgent.units {
        units.entry(sp.clone()).or_insert_with(Stack::default).insurgent += n;
    }
    let mut cannons = std::collections::BTreeMap::new();
    let mut camp_cannons = 0;
    for c in &s.imperial.cannons {
        if c == "CAMP" {
            camp_cannons += 1;
        } else {
            cannons.insert(c.clone(), Cannon { side: Side::Imperial, bombard: false });
        }
    }
    for c in &s.insurgent.cannons {
        cannons.insert(c.clone(), Cannon { side: Side::Insurgent, bombard: false });
    }
    if let Some(b) = &s.insurgent.bombard {
        cannons.insert(b.clone(), Cannon { side: Side::Insurgent, bombard: true });
    }
    let ids = |p: &str| -> Vec<String> {
        data.cards.iter().filter(|c| c.id.starts_with(p)).map(|c| c.id.clone()).collect()
    };
    State {
        players,
        stage: Stage::Setup,
        round: 0,
        units,
        cannons,
        camp_cannons,
        damage: Default::default(),
        civilians: s.start.civilians,
        areas: data
            .areas
            .iter()
            .map(|a| AreaState {
                id: a.id.clone(),
                side: if a.side == "imperial" { Side::Imperial } else { Side::Insurgent },
                support: a.support,
            })
            .collect(),
        imperial: Camp {
            morale: s.start.imperial_morale,
            supplies: s.start.imperial_supplies,
            money: s.start.imperial_money,
            ..Camp::default()
        },
        insurgent: Camp {
            morale: s.start.insurgent_morale,
            supplies: s.start.insurgent_supplies,
            ..Camp::default()
        },
        deck: Deck::new("Period A deck", ids("A")),
        deck_b: Deck::new("Period B deck", ids("B")),
        first: Side::Imperial,
        to_play: Side::Imperial,
        plays: 0,
        claimable: None,
        last_play: None,
        last_actions: Vec::new(),
        modifiers: Vec::new(),
        insurgent_cannon_built: false,
        gm_pending: None,
        unshuffled: false,
        revision: 1,
        map_orders: false,
        mails_round: 0,
        mails_game: 0,
        imperial_fired: false,
        over: None,
        winner: None,
    }
}

/// Both decks shuffled (Fisher-Yates on the hidden stream, labelled with the deck's
/// name only), eight cards dealt each, round 1's Opening next.
pub fn deal(state: &mut State, data: &Data, dice: &mut Dice) {
    if !state.unshuffled {
        dice.shuffle("shuffle: Period A deck", &mut state.deck.draw, true, &[]);
        dice.shuffle("shuffle: Period B deck", &mut state.deck_b.draw, true, &[]);
    }
    for side in [Side::Imperial, Side::Insurgent] {
        super::round::draw(state, side, data.setup.start.hand, dice);
    }
    state.round = 1;
    state.first = super::round::first_player(state);
    state.to_play = state.first;
    state.stage = Stage::Advance;
}
