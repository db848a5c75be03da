//! Front Line's report lines: the shared [`crate::systems::log`] addressed by side.

use super::data::Side;

pub type To = crate::systems::log::To<Side>;
pub type Log = crate::systems::log::Log<Side>;
