//! Receipts, the orders digest, dice keys and the state commitment.

use super::{Hash, h};

/// A receipt for one accepted orders file, and the salt that lets its sender check it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    pub salt: [u8; 16],
    pub receipt: Hash,
}

/// `s = H("umpire-receipt\n" + h[k] + player + "\n" + O)[..16]`, `r = H(s + O)`.
///
/// The salt comes from the hidden chain, so nobody can confirm a guess of a secret
/// orders file from its published receipt, and the GM cannot pick the salt.
pub fn receipt(hidden_k: &Hash, player: &str, orders: &[u8]) -> Receipt {
    let salt = first_16(h(&[b"umpire-receipt\n", hidden_k, player.as_bytes(), b"\n", orders]));
    Receipt { salt, receipt: h(&[&salt, orders]) }
}

/// The salt of a file only some viewers may read, committed in step k:
/// `t = H("umpire-report\n" + h[k] + path + "\n")[..16]`, `path` relative to the
/// campaign directory (`reports/7/france.txt`).
///
/// It comes from the hidden chain, so nobody can test a guess of a private report
/// against its commitment before the audit reveals `h[k]`; the report's reader gets
/// `t` beside the report and can check their own copy.
pub fn report_salt(hidden_k: &Hash, path: &str) -> [u8; 16] {
    first_16(h(&[b"umpire-report\n", hidden_k, path.as_bytes(), b"\n"]))
}

/// The first 16 bytes of a hash: a salt.
fn first_16(full: Hash) -> [u8; 16] {
    let mut salt = [0u8; 16];
    salt.copy_from_slice(&full[..16]);
    salt
}

/// The commitment to a private file: `H(t + bytes)`.
pub fn report_commitment(salt: &[u8; 16], bytes: &[u8]) -> Hash {
    h(&[salt, bytes])
}

/// `D = H(for each due player in byte order: player + "\n" + (hex(r) or "none") + "\n")`.
///
/// `due` need not be sorted; it is sorted here by the bytes of the player id.
pub fn orders_digest(due: &[(String, Option<Hash>)]) -> Hash {
    let mut sorted: Vec<&(String, Option<Hash>)> = due.iter().collect();
    sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut text = Vec::new();
    for (player, r) in sorted {
        text.extend_from_slice(player.as_bytes());
        text.push(b'\n');
        match r {
            Some(r) => text.extend_from_slice(super::hex(r).as_bytes()),
            None => text.extend_from_slice(b"none"),
        }
        text.push(b'\n');
    }
    h(&[&text])
}

/// The public dice key of step k: `H("umpire-dice-v1\n" + campaign + "\n" + k + "\n" + c[k] + D)`.
pub fn dice_key(campaign: &str, step: u64, public_k: &Hash, digest: &Hash) -> Hash {
    key(b"umpire-dice-v1\n", campaign, step, public_k, digest)
}

/// The hidden dice key of step k: as [`dice_key`] with `"umpire-dice-v1-hidden\n"` and `h[k]`.
pub fn hidden_dice_key(campaign: &str, step: u64, hidden_k: &Hash, digest: &Hash) -> Hash {
    key(b"umpire-dice-v1-hidden\n", campaign, step, hidden_k, digest)
}

/// Version 2's public dice key: `H("umpire-dice-v2\n" + campaign + "\n" + k + "\n" +
/// c[k] + D + P)`, `P` the hash of the bytes of `reports/<k-1>/public.json` (for step 1,
/// the announcement), so that every step's dice depend on every earlier receipt.
pub fn dice_key_v2(campaign: &str, step: u64, public_k: &Hash, digest: &Hash, previous: &Hash) -> Hash {
    h(&[
        b"umpire-dice-v2\n",
        campaign.as_bytes(),
        b"\n",
        step.to_string().as_bytes(),
        b"\n",
        public_k,
        digest,
        previous,
    ])
}

/// Version 2's hidden dice key: as [`dice_key_v2`] with `"umpire-dice-v2-hidden\n"` and `h[k]`.
pub fn hidden_dice_key_v2(
    campaign: &str,
    step: u64,
    hidden_k: &Hash,
    digest: &Hash,
    previous: &Hash,
) -> Hash {
    h(&[
        b"umpire-dice-v2-hidden\n",
        campaign.as_bytes(),
        b"\n",
        step.to_string().as_bytes(),
        b"\n",
        hidden_k,
        digest,
        previous,
    ])
}

fn key(tag: &[u8], campaign: &str, step: u64, element: &Hash, digest: &Hash) -> Hash {
    h(&[tag, campaign.as_bytes(), b"\n", step.to_string().as_bytes(), b"\n", element, digest])
}

/// `H("umpire-state-v1\n" + h[k] + canonical JSON)`. Canonical JSON is serde_json's
/// compact form of a `Value` (object keys sorted by their bytes, no whitespace, no
/// floats in any state).
pub fn state_commitment(hidden_k: &Hash, state: &serde_json::Value) -> Hash {
    let canonical = serde_json::to_vec(state).unwrap_or_default();
    h(&[b"umpire-state-v1\n", hidden_k, &canonical])
}
