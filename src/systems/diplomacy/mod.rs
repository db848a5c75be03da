//! `diplomacy`: the 1971 Diplomacy rules, DATC-conformant, as a play-by-email system.

pub mod adjust;
pub mod board;
pub mod check;
pub mod convoy;
pub mod map;
pub mod movement;
pub mod notation;
pub mod orders;
pub mod retreat;
