//! Algeria's dice are the shared [`crate::engine::roll`] ones: every die a public roll
//! labelled with its rule and subject.

pub use crate::engine::roll::{Given, Roll};
