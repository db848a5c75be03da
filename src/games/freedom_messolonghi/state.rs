//! What a game of Freedom! remembers between steps: units, cannons and Wall damage by
//! space, the civilians, the Surrounding Areas, both sides' tracks, hands and standing
//! orders, the decks (their order is hidden state, committed each step), and where
//! the round stands. No report prose is kept.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::dice::deck::Deck;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Imperial,
    Insurgent,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Imperial => "Imperial",
            Side::Insurgent => "Insurgent",
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            Side::Imperial => "imperial",
            Side::Insurgent => "insurgent",
        }
    }
    pub fn other(self) -> Side {
        match self {
            Side::Imperial => Side::Insurgent,
            Side::Insurgent => Side::Imperial,
        }
    }
}

/// The units on one space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stack {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub expeditionary: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub allied: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub insurgent: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Stack {
    pub fn imperial(&self) -> u32 {
        self.expeditionary + self.allied
    }
    pub fn of(&self, side: Side) -> u32 {
        match side {
            Side::Imperial => self.imperial(),
            Side::Insurgent => self.insurgent,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.imperial() + self.insurgent == 0
    }
}

/// A cannon on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cannon {
    pub side: Side,
    #[serde(default)]
    pub bombard: bool,
}

/// One side's tracks, hand and standing orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Camp {
    pub morale: i32,
    pub supplies: i32,
    /// The Imperial player's alone (ruling 8).
    pub money: i32,
    pub plea: u32,
    /// The Insurgent's Plea for Help succeeded: he may not ask again.
    #[serde(default)]
    pub plea_done: bool,
    pub preparation: u32,
    pub hand: Vec<String>,
    /// Standing orders by keyword (PLACE, LOSSES, DISCARD, MORALE, LASTCLAIM).
    #[serde(default)]
    pub standing: BTreeMap<String, Vec<String>>,
    /// `THEN` blocks for the next plays: (guard, lines).
    #[serde(default)]
    pub blocks: Vec<(String, Vec<String>)>,
    /// This round's cannon plan (`FIRE` lines), if filed.
    #[serde(default)]
    pub fire: Option<Vec<String>>,
    /// Cards played this round (claims included).
    #[serde(default)]
    pub played: u32,
    /// Draws 8 next round for a last-turn claim (ruling 3).
    #[serde(default)]
    pub extra_draw: bool,
}

impl Camp {
    /// The words after the keyword of the standing lines of `key`, in order
    /// (`PLACE F2 W5` gives F2, W5).
    pub fn standing_words(&self, key: &str) -> Vec<String> {
        self.standing
            .get(key)
            .into_iter()
            .flatten()
            .flat_map(|l| l.split_whitespace().skip(1).map(str::to_string))
            .collect()
    }
}

/// A roll bonus from a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub roll: String,
    pub side: Side,
    pub n: i32,
    /// `turn` (this play) or `round`.
    pub until: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaState {
    pub id: String,
    pub side: Side,
    pub support: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    Setup,
    Advance,
    Regroup,
    Play,
    LastClaim,
    Fire,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    pub imperial: String,
    pub insurgent: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub players: Players,
    pub stage: Stage,
    pub round: u32,
    pub units: BTreeMap<String, Stack>,
    pub cannons: BTreeMap<String, Cannon>,
    /// Imperial cannons waiting in the Camp, and those off the board.
    pub camp_cannons: u32,
    /// Wall space -> 1 damaged, 2 destroyed.
    pub damage: BTreeMap<String, u32>,
    pub civilians: u32,
    pub areas: Vec<AreaState>,
    pub imperial: Camp,
    pub insurgent: Camp,
    /// The current Period's draw pile (hidden) and the face-up discards.
    pub deck: Deck,
    /// Period B's pile, shuffled at the set-up.
    pub deck_b: Deck,
    /// Who plays first this round, and whose play is next.
    pub first: Side,
    pub to_play: Side,
    /// Plays made this round (claims included), 0-14.
    pub plays: u32,
    /// The card the other side may claim now (played for AP, its colour theirs).
    #[serde(default)]
    pub claimable: Option<String>,
    /// The last play, for THEN guards: (side, card, how).
    #[serde(default)]
    pub last_play: Option<(Side, String, String)>,
    /// The action lines the last play carried out, for a plan's `OPPONENT ATTACKS W3`
    /// (revision 5; empty, and not written, before).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_actions: Vec<String>,
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
    #[serde(default)]
    pub insurgent_cannon_built: bool,
    /// Option `deal=listed`: the decks are dealt in `cards.toml` order, unshuffled (a
    /// demonstration; every report says so).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unshuffled: bool,
    /// Which corrections apply (option `revision`, pinned at 2 in campaigns made since
    /// it exists; those made before have none and resolve as they did). 2: standing
    /// `LOSSES` and `PLACE` orders name their spaces in any case.
    #[serde(default = "first_revision", skip_serializing_if = "is_first_revision")]
    pub revision: u32,
    /// The results map draws the step's actions (`map_orders=yes`; absent in campaigns
    /// made before it, whose pictures stay as they were).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub map_orders: bool,
    /// Orders files taken this round and in the whole game (mail round trips).
    #[serde(default)]
    pub mails_round: u32,
    #[serde(default)]
    pub mails_game: u32,
    /// An Event whose effect is the GM's to give (op `gm`): the game waits for the
    /// GM's signed file of operations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gm_pending: Option<(Side, String)>,
    /// Cannon phase: the Imperial plan has fired.
    #[serde(default)]
    pub imperial_fired: bool,
    pub over: Option<String>,
    #[serde(default)]
    pub winner: Option<Side>,
}

impl State {
    pub fn camp(&self, side: Side) -> &Camp {
        match side {
            Side::Imperial => &self.imperial,
            Side::Insurgent => &self.insurgent,
        }
    }
    pub fn camp_mut(&mut self, side: Side) -> &mut Camp {
        match side {
            Side::Imperial => &mut self.imperial,
            Side::Insurgent => &mut self.insurgent,
        }
    }
    pub fn player(&self, side: Side) -> &str {
        match side {
            Side::Imperial => &self.players.imperial,
            Side::Insurgent => &self.players.insurgent,
        }
    }
    pub fn side_of(&self, player: &str) -> Option<Side> {
        if self.players.imperial == player {
            Some(Side::Imperial)
        } else if self.players.insurgent == player {
            Some(Side::Insurgent)
        } else {
            None
        }
    }
    pub fn stack(&self, space: &str) -> Stack {
        self.units.get(space).copied().unwrap_or_default()
    }
    pub fn stack_mut(&mut self, space: &str) -> &mut Stack {
        self.units.entry(space.to_string()).or_default()
    }
    /// Drops empty stacks so the state stays canonical.
    pub fn tidy(&mut self) {
        self.units.retain(|_, s| !s.is_empty());
    }
    /// Period B from round 4.
    pub fn period_b(&self) -> bool {
        self.round >= 4
    }
    /// An island's holder: whoever has a unit on it.
    pub fn holder(&self, island: &str) -> Option<Side> {
        let s = self.stack(island);
        if s.insurgent > 0 {
            Some(Side::Insurgent)
        } else if s.imperial() > 0 {
            Some(Side::Imperial)
        } else {
            None
        }
    }
    /// `R2-P06` and the like.
    pub fn play_id(&self) -> String {
        format!("R{}-P{:02}", self.round, self.plays + 1)
    }
    /// Units, civilians included, for the Population track.
    pub fn population(&self) -> u32 {
        self.units.values().map(|s| s.insurgent).sum::<u32>() + self.civilians
    }
    /// Units in play: (Expeditionary, Allied, Insurgent).
    pub fn counts(&self) -> (u32, u32, u32) {
        self.units
            .values()
            .fold((0, 0, 0), |(e, a, i), s| (e + s.expeditionary, a + s.allied, i + s.insurgent))
    }
    pub fn modifier(&self, roll: &str, side: Side) -> i32 {
        self.modifiers.iter().filter(|m| m.roll == roll && m.side == side).map(|m| m.n).sum()
    }
}

fn first_revision() -> u32 {
    1
}

fn is_first_revision(n: &u32) -> bool {
    *n == 1
}
