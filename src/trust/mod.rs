//! Trust, version 1: the commitments that let anyone check a campaign afterwards.
//!
//! Everything here is written down to the byte in the README ("Trust, version 1"),
//! because an auditor re-implements it in another language. All hash inputs are raw
//! bytes: chain elements, receipts and digests enter the hash as their 32 raw bytes,
//! never as hex; strings enter as UTF-8; decimals as ASCII.

mod chain;
mod commit;
pub mod record;

pub use chain::{Chains, DEFAULT_CHAIN_LENGTH, MAX_CHAIN_LENGTH, follows};
pub use commit::{
    Receipt, dice_key, dice_key_v2, hidden_dice_key, hidden_dice_key_v2, orders_digest, receipt,
    report_commitment, report_salt, state_commitment,
};

use sha2::{Digest, Sha256};

/// A SHA-256 value.
pub type Hash = [u8; 32];

/// SHA-256 of the concatenation of `parts`.
pub fn h(parts: &[&[u8]]) -> Hash {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part);
    }
    hasher.finalize().into()
}

/// Lowercase hex, as every published hash is written.
pub fn hex(bytes: &[u8]) -> String {
    ::hex::encode(bytes)
}

/// Parses a 32-byte value from lowercase or uppercase hex.
pub fn parse_hash(text: &str) -> Option<Hash> {
    let bytes = ::hex::decode(text.trim()).ok()?;
    bytes.try_into().ok()
}

/// The file name of the browser page that checks a published record.
pub const VERIFY_PAGE_NAME: &str = "verify.html";

/// `verify.html`: one self-contained page (inline script, no network) that re-checks a
/// published record in a browser, written from the README's Trust specification, not
/// from this crate. `publish` and `site` write it beside the record; it is the same for
/// every campaign and holds nothing of any.
pub const VERIFY_PAGE: &str = include_str!("verify.html");
