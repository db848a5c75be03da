//! Board pictures every system shares: a layout read from `games/<system>/board.toml`
//! (province shapes grown from seed points), a scene the system fills with what one
//! viewer may see, and the SVG and PNG drawn from them.

pub mod draw;
pub mod layout;
pub mod png;
pub mod voronoi;

pub use draw::{Arrow, ArrowKind, Centre, Piece, Scene};
pub use layout::{Ground, Layout, Place};
