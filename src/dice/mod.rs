//! Dice from a committed key: ChaCha20 keystreams read as little-endian u32 words.
//!
//! A die of n sides rejects words at or above `2^32 - (2^32 mod n)` and shows
//! `1 + w mod n`, so every face is exactly equally likely and an auditor in any
//! language gets the same faces. `gen_range` is never used: its mapping is neither
//! exact nor stable across versions of rand.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// A SHA-256 value (the trust layer's `Hash`; the dice name the type themselves so
/// they stand below the trust layer, which records them).
type Hash = [u8; 32];

/// The largest die a stream rolls.
pub const MAX_SIDES: u32 = 1 << 31;

pub mod deck;

/// One keystream of faces.
pub struct Stream {
    rng: ChaCha20Rng,
}

impl Stream {
    pub fn new(key: &Hash) -> Self {
        Stream { rng: ChaCha20Rng::from_seed(*key) }
    }

    /// One die of `sides` faces. Sides outside 2..=2^31 are clamped into that range:
    /// callers validate what players ask for; this never panics.
    pub fn face(&mut self, sides: u32) -> u32 {
        let n = sides.clamp(2, MAX_SIDES) as u64;
        let zone = (1u64 << 32) - ((1u64 << 32) % n);
        loop {
            let w = self.rng.next_u32() as u64;
            if w < zone {
                return 1 + (w % n) as u32;
            }
        }
    }
}

/// Which key a roll came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StreamKind {
    Public,
    Hidden,
}

/// One die rolled during a step, in the order it was rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub stream: StreamKind,
    /// Position of this roll in its own stream, from 0.
    pub seq: u64,
    pub label: String,
    pub sides: u32,
    pub face: u32,
    /// For hidden rolls: the players who may see the face (the GM always may).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seen_by: Vec<String>,
}

/// The dice of one step: a public stream from key K and a hidden one from key J.
pub struct Dice {
    public: Stream,
    hidden: Stream,
    rolls: Vec<Roll>,
    public_seq: u64,
    hidden_seq: u64,
}

impl Dice {
    pub fn new(public_key: &Hash, hidden_key: &Hash) -> Self {
        Dice {
            public: Stream::new(public_key),
            hidden: Stream::new(hidden_key),
            rolls: Vec::new(),
            public_seq: 0,
            hidden_seq: 0,
        }
    }

    /// A public die: everyone sees its face in the step's public record.
    pub fn roll(&mut self, label: impl Into<String>, sides: u32) -> u32 {
        let face = self.public.face(sides);
        self.rolls.push(Roll {
            stream: StreamKind::Public,
            seq: self.public_seq,
            label: label.into(),
            sides: sides.clamp(2, MAX_SIDES),
            face,
            seen_by: Vec::new(),
        });
        self.public_seq += 1;
        face
    }

    /// A hidden die: its face is shown only to `seen_by` and the GM until the audit.
    /// Its label is public, so it must not give away what it decides.
    pub fn roll_hidden(&mut self, label: impl Into<String>, sides: u32, seen_by: &[String]) -> u32 {
        let face = self.hidden.face(sides);
        self.rolls.push(Roll {
            stream: StreamKind::Hidden,
            seq: self.hidden_seq,
            label: label.into(),
            sides: sides.clamp(2, MAX_SIDES),
            face,
            seen_by: seen_by.to_vec(),
        });
        self.hidden_seq += 1;
        face
    }

    /// Shuffles `items` in place, exactly as the trust specification says ("Shuffles"):
    /// Fisher–Yates from the top, for i = n−1 down to 1, j = (one die with i+1 sides)
    /// − 1, swap items i and j; item 0 is the first item as the data lists it before,
    /// and the top card after. Each die is a roll labelled `label` (the deck's name):
    /// on the hidden stream, seen by `seen_by` and the GM, when the order must stay
    /// secret (`hidden`), else on the public stream. Fewer than two items: no dice.
    pub fn shuffle<T>(&mut self, label: &str, items: &mut [T], hidden: bool, seen_by: &[String]) {
        for i in (1..items.len()).rev() {
            let sides = u32::try_from(i + 1).unwrap_or(MAX_SIDES).min(MAX_SIDES);
            let face = if hidden { self.roll_hidden(label, sides, seen_by) } else { self.roll(label, sides) };
            let j = (face as usize - 1).min(i);
            items.swap(i, j);
        }
    }

    /// Every roll so far, in rolling order.
    pub fn rolls(&self) -> &[Roll] {
        &self.rolls
    }

    pub fn into_rolls(self) -> Vec<Roll> {
        self.rolls
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_stay_in_range_and_cover_every_side() {
        let mut s = Stream::new(&[1u8; 32]);
        let mut seen = [false; 6];
        for _ in 0..600 {
            let f = s.face(6);
            assert!((1..=6).contains(&f));
            seen[(f - 1) as usize] = true;
        }
        assert!(seen.iter().all(|&x| x));
    }

    #[test]
    fn a_die_that_divides_2_to_32_never_rejects() {
        // With 2 sides the zone is the whole word range: the face is 1 + w mod 2.
        let mut words = ChaCha20Rng::from_seed([9u8; 32]);
        let mut s = Stream::new(&[9u8; 32]);
        for _ in 0..50 {
            assert_eq!(s.face(2), 1 + words.next_u32() % 2);
        }
    }

    #[test]
    fn public_and_hidden_streams_number_separately() {
        let mut d = Dice::new(&[1u8; 32], &[2u8; 32]);
        d.roll("a", 6);
        d.roll_hidden("b", 6, &["x".into()]);
        d.roll("c", 6);
        let seqs: Vec<_> = d.rolls().iter().map(|r| (r.stream, r.seq)).collect();
        assert_eq!(seqs, vec![(StreamKind::Public, 0), (StreamKind::Hidden, 0), (StreamKind::Public, 1)]);
    }
}
