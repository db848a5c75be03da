//! Front Line's report lines: the shared [`crate::engine::log`] addressed by side.

use super::data::Side;

pub type To = crate::engine::log::To<Side>;
pub type Log = crate::engine::log::Log<Side>;
