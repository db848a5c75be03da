//! Checking a campaign from the outside: `verify` (the public record, and with an
//! audit bundle a full replay) and `audit-bundle` (the GM's disclosure after the game).

pub mod bundle;
pub mod verify;

pub use bundle::{Bundle, write_bundle};
pub use verify::{Verified, verify};
