//! Board pictures every system shares: a layout read from `games/<system>/board.toml`
//! (province shapes grown from seed points), a scene the system fills with what one
//! viewer may see, and the SVG and PNG drawn from them.

pub mod clear;
pub mod decimal;
pub mod draw;
pub mod kept;
pub mod layout;
pub mod merge;
pub mod png;
pub mod voronoi;

/// The picture style new campaigns pin (`Config::map_style`).
pub const STYLE: u32 = 3;

/// How a system draws one picture: the campaign's pinned style (0: as campaigns made
/// before drew it, byte for byte; 2: titled, owners' colours, names kept clear, a
/// legend; 3: also Algeria on its real map instead of a schematic of discs) and the
/// step it shows.
#[derive(Clone, Copy, Debug, Default)]
pub struct Frame {
    pub style: u32,
    pub step: u64,
}

impl Frame {
    /// The new drawing (style 2 or later)?
    pub fn clear(&self) -> bool {
        self.style >= 2
    }

    /// Boards drawn on their real map where the system has one (style 3 or later):
    /// campaigns that pinned style 2 keep the pictures their ledger hashed.
    pub fn real_map(&self) -> bool {
        self.style >= 3
    }
}

pub use draw::{Arrow, ArrowKind, Centre, Piece, Scene};
pub use layout::{Ground, Layout, Place};
