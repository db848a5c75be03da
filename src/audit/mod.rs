//! Checking a campaign from the outside: `verify` (the public record, and with an
//! audit bundle a full replay) and `audit-bundle` (the GM's disclosure after the game).

pub mod bundle;
pub mod verify;

pub use bundle::{Bundle, write_bundle};
pub use verify::{Verified, verify};

/// Writes a campaign's audit bundle to `bundle` and verifies the campaign with it:
/// the end of a demo or a soak game.
pub fn disclose_and_verify(dir: &std::path::Path, bundle: &std::path::Path) -> anyhow::Result<Verified> {
    write_bundle(&crate::campaign::Campaign::open(dir)?, bundle)?;
    verify(dir, Some(bundle))
}
