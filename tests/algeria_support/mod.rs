//! What the Algeria tests that drive the rules module directly share: the data, a
//! state set up from options, and a counter put where a test needs it.

#![allow(dead_code)]

use umpire::games::algeria::data::Data;
use umpire::games::algeria::setup;
use umpire::games::algeria::state::{Box_, Options, Players, State, Unit};

pub fn data() -> Data {
    Data::embedded().expect("the embedded Algeria data reads")
}

/// A game set up with `options`, the Government played by "gov", the FLN by "fln".
pub fn start(options: Options) -> State {
    let players = Players { government: "gov".into(), fln: "fln".into() };
    setup::start(&data(), players, options).unwrap()
}

pub fn put(s: &mut State, id: &str, kind: &str, area: &str, at: Box_) {
    s.units.insert(id.into(), Unit::fresh(id, kind, area, at));
}
