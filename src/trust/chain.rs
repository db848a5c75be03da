//! The two hash chains: public (`c`) and hidden (`h`).
//!
//! `c[N] = H("umpire-public\n" + M)`, `h[N] = H("umpire-hidden\n" + M)` and
//! `x[i-1] = H(x[i])`. Element 0 of each is announced when the campaign is created;
//! step k reveals `c[k]`, so each reveal is checked against the one before it and the
//! GM cannot choose step k's randomness after seeing step k's orders.

use super::{Hash, h};

/// The default number of steps a campaign's chains cover.
pub const DEFAULT_CHAIN_LENGTH: u64 = 4096;

/// The longest chain umpire accepts from a file (both chains are kept in memory).
pub const MAX_CHAIN_LENGTH: u64 = 1 << 20;

/// Both chains of a campaign, derived from its master secret. Every element is
/// computed once, here: a step needs several of them, and a replay needs them all.
#[derive(Clone)]
pub struct Chains {
    /// `public[k]` is `c[k]`, for k = 0..=length.
    public: Vec<Hash>,
    hidden: Vec<Hash>,
}

impl Chains {
    pub fn new(master: &[u8; 32], length: u64) -> Self {
        Chains {
            public: build(h(&[b"umpire-public\n", master]), length),
            hidden: build(h(&[b"umpire-hidden\n", master]), length),
        }
    }

    pub fn length(&self) -> u64 {
        self.public.len() as u64 - 1
    }

    /// `c[k]`, or `None` past the end of the chain.
    pub fn public(&self, k: u64) -> Option<Hash> {
        usize::try_from(k).ok().and_then(|k| self.public.get(k)).copied()
    }

    /// `h[k]`, or `None` past the end of the chain.
    pub fn hidden(&self, k: u64) -> Option<Hash> {
        usize::try_from(k).ok().and_then(|k| self.hidden.get(k)).copied()
    }
}

/// `[x[0], …, x[length]]` from `x[length] = top` and `x[i-1] = H(x[i])`.
fn build(top: Hash, length: u64) -> Vec<Hash> {
    let mut chain = Vec::with_capacity(length as usize + 1);
    chain.push(top);
    for _ in 0..length {
        let next = h(&[chain.last().unwrap_or(&top)]);
        chain.push(next);
    }
    chain.reverse();
    chain
}

/// True when `revealed` is the element that follows `previous` (`H(revealed) == previous`).
pub fn follows(previous: &Hash, revealed: &Hash) -> bool {
    &h(&[revealed]) == previous
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_element_hashes_to_the_one_before() {
        let chains = Chains::new(&[7u8; 32], 16);
        for k in 1..=16 {
            let c = chains.public(k).unwrap();
            let before = chains.public(k - 1).unwrap();
            assert!(follows(&before, &c));
            assert!(!follows(&c, &before));
        }
        assert!(chains.public(17).is_none());
        assert_ne!(chains.public(3), chains.hidden(3));
    }
}
