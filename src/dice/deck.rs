//! A deck of cards: a draw pile and a discard pile, shuffled only through
//! [`Dice::shuffle`] so that every order is committed and `verify` re-derives it.
//! A card is named by its id in the game's data. The draw pile's first card is its
//! top. What a viewer may see of a deck (the pile sizes; the top only by a rule that
//! says so) is for the system's view to decide: the deck itself is hidden state.

use serde::{Deserialize, Serialize};

use super::Dice;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// The name its shuffles are labelled with (`"Imperial deck"`).
    pub name: String,
    /// Top first.
    pub draw: Vec<String>,
    /// The most recent discard last.
    pub discard: Vec<String>,
}

impl Deck {
    /// A new deck in the order its data lists, not yet shuffled.
    pub fn new(name: &str, cards: Vec<String>) -> Deck {
        Deck { name: name.to_string(), draw: cards, discard: Vec::new() }
    }

    /// Shuffles the draw pile on the hidden stream (its order is secret), seen by
    /// nobody but the GM until the audit.
    pub fn shuffle(&mut self, dice: &mut Dice) {
        let label = format!("{}: shuffle", self.name);
        dice.shuffle(&label, &mut self.draw, true, &[]);
    }

    /// Takes the top card, reshuffling the discards into a new draw pile first if the
    /// draw pile is empty; None when both are empty.
    pub fn draw(&mut self, dice: &mut Dice) -> Option<String> {
        if self.draw.is_empty() {
            self.reshuffle_discards(dice);
        }
        if self.draw.is_empty() { None } else { Some(self.draw.remove(0)) }
    }

    /// Puts a played or discarded card on the discard pile.
    pub fn discard(&mut self, card: String) {
        self.discard.push(card);
    }

    /// The discard pile, shuffled, becomes the draw pile (under what is left of it).
    pub fn reshuffle_discards(&mut self, dice: &mut Dice) {
        let mut pile = std::mem::take(&mut self.discard);
        let label = format!("{}: reshuffle of the discards", self.name);
        dice.shuffle(&label, &mut pile, true, &[]);
        self.draw.extend(pile);
    }

    /// The top `n` cards, top first, without drawing them.
    pub fn top(&self, n: usize) -> &[String] {
        &self.draw[..n.min(self.draw.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice() -> Dice {
        Dice::new(&[1u8; 32], &[2u8; 32])
    }

    #[test]
    fn a_shuffle_is_fisher_yates_from_the_top_with_one_labelled_die_per_swap() {
        let mut d = dice();
        let mut items: Vec<u32> = (0..10).collect();
        d.shuffle("test deck", &mut items, true, &[]);
        let rolls = d.rolls();
        assert_eq!(rolls.len(), 9);
        assert!(rolls.iter().all(|r| r.label == "test deck" && r.stream == super::super::StreamKind::Hidden));
        // Replaying the faces by the specification gives the same order.
        let mut again: Vec<u32> = (0..10).collect();
        for (k, i) in (1..10usize).rev().enumerate() {
            assert_eq!(rolls[k].sides as usize, i + 1);
            again.swap(i, rolls[k].face as usize - 1);
        }
        assert_eq!(items, again);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..10).collect::<Vec<_>>());
        // One item: no dice.
        let mut one = vec![7];
        d.shuffle("x", &mut one, false, &[]);
        assert_eq!(d.rolls().len(), 9);
    }

    #[test]
    fn draw_discard_and_reshuffle() {
        let mut d = dice();
        let mut deck = Deck::new("deck", (1..=5).map(|n| format!("c{n}")).collect());
        deck.shuffle(&mut d);
        let mut seen = Vec::new();
        for _ in 0..5 {
            seen.push(deck.draw(&mut d).unwrap());
        }
        assert!(deck.draw.is_empty() && deck.draw(&mut d).is_none());
        seen.sort();
        assert_eq!(seen, vec!["c1", "c2", "c3", "c4", "c5"]);
        deck.discard("c1".into());
        deck.discard("c2".into());
        assert_eq!(deck.top(5).len(), 0);
        let card = deck.draw(&mut d).unwrap();
        assert!(card == "c1" || card == "c2");
        assert_eq!(deck.draw.len(), 1);
        assert!(d.rolls().iter().any(|r| r.label == "deck: reshuffle of the discards"));
    }
}
