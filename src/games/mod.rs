//! The games: each is its rules here (`src/games/<name>/`) plus its data in
//! `games/<name>/`, and one line in [`SYSTEMS`]. Every game implements
//! [`crate::engine::System`]; the core never names one, and finds it through the
//! registry [`install`] fills.

pub mod algeria;
pub mod andartes;
pub mod dice_server;
pub mod diplomacy;
pub mod freedom_messolonghi;
pub mod front_line;
pub mod guerilla_warfare;
pub mod toy;

use crate::engine::SystemInfo;
use crate::engine::registry::{self, Catalogue};

/// Every system this build lists. Adding a game adds one line here.
pub static SYSTEMS: &[&SystemInfo] = &[
    &dice_server::INFO,
    &diplomacy::INFO,
    &guerilla_warfare::INFO,
    &andartes::INFO,
    &algeria::INFO,
    &front_line::INFO,
    &freedom_messolonghi::INFO,
];

/// Systems this build runs but does not list: the engine's toy game, which its tests
/// drive through the binary.
pub static UNLISTED: &[&SystemInfo] = &[&toy::INFO];

/// Every game of this build, listed or not.
pub static CATALOGUE: Catalogue = Catalogue { listed: SYSTEMS, unlisted: UNLISTED };

/// Hands every game of this build to the core's registry (the binary does it at start).
pub fn install() {
    registry::install(CATALOGUE);
}

/// Looks a system up by name, listed or not.
pub fn find(name: &str) -> Option<&'static SystemInfo> {
    CATALOGUE.find(name)
}
