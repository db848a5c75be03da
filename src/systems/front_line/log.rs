//! A step's report lines and who may read each: everyone, or one side (its own
//! skipped lines, its standing reactions' names, its prompts).

use super::data::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    All,
    Side(Side),
}

#[derive(Debug, Default)]
pub struct Log {
    pub lines: Vec<(To, String)>,
}

impl Log {
    pub fn say(&mut self, text: impl Into<String>) {
        self.lines.push((To::All, text.into()));
    }
    pub fn tell(&mut self, side: Side, text: impl Into<String>) {
        self.lines.push((To::Side(side), text.into()));
    }
}
