//! The library's errors, as types: what a command could not do, and why.
//!
//! The command line (`src/cli`) turns these into one line for the GM; code that
//! drives umpire as a library can match on them (a lock held by another command, a
//! campaign file that does not read, a refused setting, a record that does not
//! verify). Game rules have their own error type, [`crate::engine::Error`], carried
//! here as [`Error::System`].

use std::path::PathBuf;

/// An error of the campaign, audit, mail and report layers.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{}: {cause}", path.display())]
    Io { path: PathBuf, cause: std::io::Error },
    /// An I/O failure whose file is named by the context around it.
    #[error(transparent)]
    Os(#[from] std::io::Error),
    /// A campaign file is not what it should be (damaged, or edited by hand wrongly).
    #[error("{0}")]
    Campaign(String),
    /// A command, setting or argument that cannot be done as given; nothing changed.
    #[error("{0}")]
    Refused(String),
    /// The dice, the chains or the published records do not verify.
    #[error("{0}")]
    Trust(String),
    /// A mail could not be read, built or sent.
    #[error("{0}")]
    Mail(String),
    /// A report template failed.
    #[error("{0}")]
    Template(String),
    /// The game system failed.
    #[error(transparent)]
    System(#[from] crate::engine::Error),
    /// JSON that does not read or write.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// What was being done when the error beneath happened. The cause is written into
    /// the message itself and is not also given as `source()`: the command line prints
    /// an error's whole chain, which would say the cause twice.
    #[error("{what}: {cause}")]
    Context { what: String, cause: Box<Error> },
}

/// The library's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<toml::de::Error> for Error {
    fn from(e: toml::de::Error) -> Self {
        Error::Campaign(e.to_string())
    }
}

impl From<toml::ser::Error> for Error {
    fn from(e: toml::ser::Error) -> Self {
        Error::Campaign(e.to_string())
    }
}

impl From<minijinja::Error> for Error {
    fn from(e: minijinja::Error) -> Self {
        Error::Template(format!("{e:#}"))
    }
}

impl From<lettre::error::Error> for Error {
    fn from(e: lettre::error::Error) -> Self {
        Error::Mail(e.to_string())
    }
}

impl From<lettre::address::AddressError> for Error {
    fn from(e: lettre::address::AddressError) -> Self {
        Error::Mail(e.to_string())
    }
}

impl From<lettre::transport::smtp::Error> for Error {
    fn from(e: lettre::transport::smtp::Error) -> Self {
        Error::Mail(e.to_string())
    }
}

impl From<std::fmt::Error> for Error {
    fn from(e: std::fmt::Error) -> Self {
        Error::Campaign(e.to_string())
    }
}

impl From<std::string::FromUtf8Error> for Error {
    fn from(e: std::string::FromUtf8Error) -> Self {
        Error::Campaign(e.to_string())
    }
}

impl From<tempfile::PersistError> for Error {
    fn from(e: tempfile::PersistError) -> Self {
        Error::Os(e.error)
    }
}

/// Says what was being done, like `anyhow::Context`, keeping the error's type.
pub trait Context<T> {
    fn context(self, what: impl Into<String>) -> Result<T>;
    fn with_context<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T>;
}

impl<T, E: Into<Error>> Context<T> for std::result::Result<T, E> {
    fn context(self, what: impl Into<String>) -> Result<T> {
        self.map_err(|e| Error::Context { what: what.into(), cause: Box::new(e.into()) })
    }
    fn with_context<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T> {
        self.map_err(|e| Error::Context { what: what().into(), cause: Box::new(e.into()) })
    }
}

impl<T> Context<T> for Option<T> {
    fn context(self, what: impl Into<String>) -> Result<T> {
        self.ok_or_else(|| Error::Campaign(what.into()))
    }
    fn with_context<S: Into<String>>(self, what: impl FnOnce() -> S) -> Result<T> {
        self.ok_or_else(|| Error::Campaign(what().into()))
    }
}
