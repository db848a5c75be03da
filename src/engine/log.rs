//! A step's report lines and who may read each: everyone, or one side alone (its own
//! skipped lines, its standing orders' names, its hand). A system turns them into
//! events addressed to the side's player.

/// Who reads a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum To<S> {
    All,
    Side(S),
}

#[derive(Debug)]
pub struct Log<S> {
    pub lines: Vec<(To<S>, String)>,
}

impl<S> Default for Log<S> {
    fn default() -> Self {
        Log { lines: Vec::new() }
    }
}

impl<S> Log<S> {
    /// The lines as a step's events: everyone's public, a side's to its player.
    pub fn into_events(self, player: impl Fn(&S) -> String) -> Vec<super::Event> {
        self.lines
            .into_iter()
            .map(|(to, text)| match to {
                To::All => super::Event::public(text),
                To::Side(side) => super::Event::to_players(&[player(&side)], text),
            })
            .collect()
    }

    pub fn say(&mut self, text: impl Into<String>) {
        self.lines.push((To::All, text.into()));
    }
    pub fn tell(&mut self, side: S, text: impl Into<String>) {
        self.lines.push((To::Side(side), text.into()));
    }
}
