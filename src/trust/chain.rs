//! The two hash chains: public (`c`) and hidden (`h`).
//!
//! `c[N] = H("umpire-public\n" + M)`, `h[N] = H("umpire-hidden\n" + M)` and
//! `x[i-1] = H(x[i])`. Element 0 of each is announced when the campaign is created;
//! step k reveals `c[k]`, so each reveal is checked against the one before it and the
//! GM cannot choose step k's randomness after seeing step k's orders.

use super::{Hash, h};

/// The default number of steps a campaign's chains cover.
pub const DEFAULT_CHAIN_LENGTH: u64 = 4096;

/// Both chains of a campaign, derived from its master secret.
#[derive(Clone)]
pub struct Chains {
    public_top: Hash,
    hidden_top: Hash,
    length: u64,
}

impl Chains {
    pub fn new(master: &[u8; 32], length: u64) -> Self {
        Chains {
            public_top: h(&[b"umpire-public\n", master]),
            hidden_top: h(&[b"umpire-hidden\n", master]),
            length,
        }
    }

    pub fn length(&self) -> u64 {
        self.length
    }

    /// `c[k]`, or `None` past the end of the chain.
    pub fn public(&self, k: u64) -> Option<Hash> {
        walk(self.public_top, self.length, k)
    }

    /// `h[k]`, or `None` past the end of the chain.
    pub fn hidden(&self, k: u64) -> Option<Hash> {
        walk(self.hidden_top, self.length, k)
    }
}

fn walk(top: Hash, length: u64, k: u64) -> Option<Hash> {
    if k > length {
        return None;
    }
    let mut x = top;
    for _ in k..length {
        x = h(&[&x]);
    }
    Some(x)
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
