//! Player secrets: generated, normalized, stored only as salted hashes, compared in
//! constant time.
//!
//! Secrets are Crockford base32 so that a player who copies one by hand cannot get it
//! wrong in the ways people usually do: case, spaces, dashes, and the letters O, I and L
//! that look like digits all normalize to the same value before hashing.

use rand_core::{OsRng, RngCore};
use subtle::ConstantTimeEq;

use crate::trust::h;

/// The 32 symbols of Crockford base32, in value order.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Bits of randomness in a new secret (20 symbols of 5 bits).
const SECRET_BITS: usize = 100;

/// Symbols per dash-separated group when a secret is shown.
const GROUP: usize = 4;

/// Domain separation for stored secret hashes.
const HASH_PREFIX: &[u8] = b"umpire-secret-v1\n";

/// The form of a secret that is hashed: ASCII letters uppercased; whitespace and dashes
/// (ASCII `-` and the typographic dashes U+2010..=U+2015, U+2212 that mail programs
/// substitute) dropped; `O` read as `0`, `I` and `L` as `1`. Only ASCII is case-mapped so
/// that a stored hash never depends on the Unicode tables of a compiler version.
pub fn normalize_secret(secret: &str) -> String {
    secret
        .chars()
        .filter(|c| !c.is_whitespace() && !is_dash(*c))
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect()
}

fn is_dash(c: char) -> bool {
    c == '-' || ('\u{2010}'..='\u{2015}').contains(&c) || c == '\u{2212}'
}

/// `SHA-256("umpire-secret-v1\n" + salt + normalized secret)`: what `campaign.toml`
/// keeps instead of the secret.
pub fn hash_secret(secret: &str, salt: &[u8]) -> [u8; 32] {
    h(&[HASH_PREFIX, salt, normalize_secret(secret).as_bytes()])
}

/// Does `secret` hash to `stored_hash` under `salt`? The comparison takes the same time
/// wherever the hashes differ, so timing tells a guesser nothing.
pub fn secret_matches(secret: &str, salt: &[u8], stored_hash: &[u8; 32]) -> bool {
    let candidate = hash_secret(secret, salt);
    candidate.ct_eq(stored_hash).into()
}

/// A fresh secret: 100 bits from the operating system's generator, written as 20
/// Crockford base32 symbols in groups of four, such as `K7QF-2M9X-8R4T-PW3D-6HJN`.
///
/// Panics only if the operating system cannot provide randomness at all, in which case
/// no secret could be made safely anyway.
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BITS.div_ceil(8)];
    OsRng.fill_bytes(&mut bytes);
    encode_secret(&bytes)
}

/// Writes the first 100 bits of `bytes` (most significant bit first) as grouped
/// Crockford base32. Missing bytes count as zero bits.
fn encode_secret(bytes: &[u8]) -> String {
    let bit = |i: usize| -> usize {
        let byte = bytes.get(i / 8).copied().unwrap_or(0);
        usize::from((byte >> (7 - i % 8)) & 1)
    };
    let symbols = SECRET_BITS / 5;
    let mut out = String::with_capacity(symbols + symbols / GROUP);
    for s in 0..symbols {
        if s > 0 && s % GROUP == 0 {
            out.push('-');
        }
        let value = (0..5).fold(0usize, |acc, k| (acc << 1) | bit(s * 5 + k));
        out.push(char::from(CROCKFORD[value]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_bits_in_order() {
        assert_eq!(encode_secret(&[0u8; 13]), "0000-0000-0000-0000-0000");
        assert_eq!(encode_secret(&[0xffu8; 13]), "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ");
        // 0b00001_00010_00011_... : the first three symbols are 1, 2, 3.
        assert!(
            encode_secret(&[0b0000_1000, 0b1000_0110, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).starts_with("123")
        );
    }

    #[test]
    fn normalizes_lookalikes() {
        assert_eq!(normalize_secret(" k7qf-2m9x  8r4t–pw3d "), "K7QF2M9X8R4TPW3D");
        assert_eq!(normalize_secret("oil-OIL"), "011011");
    }
}
