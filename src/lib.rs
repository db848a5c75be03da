//! umpire: a game master's tool for board wargames played by email and on forums.
//!
//! Players mail orders files; umpire checks them, resolves each step with dice that
//! were committed before any orders existed, and writes every player's report. The
//! trust layer (`trust`, `dice`) lets anyone verify afterwards that nobody chose a die.

pub mod audit;
pub mod campaign;
pub mod dice;
pub mod disk;
pub mod engine;
pub mod error;
pub mod games;
pub mod mail;
pub mod maps;
pub mod markup;
pub mod orders;
pub mod report;
pub mod soak;
pub mod trust;
pub mod zine;
