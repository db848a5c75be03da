//! What can go wrong inside a game system, as types the campaign layer can match on.
//!
//! A player's orders that do not read are not errors of this kind: they come back as
//! [`OrderError`](super::OrderError)s with a line and a reason, and the player is told.
//! These are the failures a GM has to act on: a data file that does not fit the
//! rules, a campaign option or scenario that cannot be set up, a saved state that
//! does not read, or a step asked of a game that cannot take it.

use std::path::PathBuf;

/// A failure of a game system, named by what the GM must look at.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A data file (the embedded one, or the GM's copy) is missing or does not fit
    /// the rules.
    #[error("{file}: {reason}")]
    Data { file: String, reason: String },
    /// The GM's copy of a data file could not be read.
    #[error("reading {}: {cause}", path.display())]
    Io { path: PathBuf, cause: std::io::Error },
    /// A campaign option, the scenario or the players cannot set this game up.
    #[error("{0}")]
    Setup(String),
    /// The committed state does not read as this system's state.
    #[error("the saved state does not read: {0}")]
    State(String),
    /// The game cannot take this step: it is over, or the state breaks a rule.
    #[error("{0}")]
    Step(String),
    /// A hand-made input to a GM tool (a what-if position, a DATC file) is wrong.
    #[error("{0}")]
    Input(String),
}

impl Error {
    pub fn data(file: impl Into<String>, reason: impl std::fmt::Display) -> Self {
        Error::Data { file: file.into(), reason: reason.to_string() }
    }
    pub fn setup(reason: impl Into<String>) -> Self {
        Error::Setup(reason.into())
    }
    pub fn state(reason: impl std::fmt::Display) -> Self {
        Error::State(reason.to_string())
    }
    pub fn step(reason: impl Into<String>) -> Self {
        Error::Step(reason.into())
    }
    pub fn input(reason: impl Into<String>) -> Self {
        Error::Input(reason.into())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::State(e.to_string())
    }
}

/// A system's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why one line of orders, one answer or one position cannot be taken, in words the
/// player reads. Parsers return it; the caller adds the line number and the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

impl From<String> for Refusal {
    fn from(s: String) -> Self {
        Refusal(s)
    }
}

impl From<&str> for Refusal {
    fn from(s: &str) -> Self {
        Refusal(s.to_string())
    }
}

impl From<Refusal> for String {
    fn from(r: Refusal) -> Self {
        r.0
    }
}

/// A rule every state must keep (stacking, tracks, counter limits) is broken: a bug in
/// the rules code, never the players' doing. Soak and the conformance suite look for it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Broken(pub String);

impl From<String> for Broken {
    fn from(s: String) -> Self {
        Broken(s)
    }
}

impl From<&str> for Broken {
    fn from(s: &str) -> Self {
        Broken(s.to_string())
    }
}

/// A refusal reads as its sentence (tests and callers search it like a `str`).
impl std::ops::Deref for Refusal {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}
