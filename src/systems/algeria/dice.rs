//! Algeria's dice are the shared [`crate::systems::roll`] ones: every die a public roll
//! labelled with its rule and subject.

pub use crate::systems::roll::{Given, Roll};
