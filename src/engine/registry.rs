//! The systems a program runs, looked up by name.
//!
//! The core (campaigns, reports, audits) finds a campaign's system here and never
//! names a game: the program that links the games hands their list over once at start
//! (`umpire::games::install`), so the games depend on the engine and not the other way
//! round.

use std::sync::OnceLock;

use super::SystemInfo;

/// The systems this program runs: those it lists (`umpire systems`) and those it runs
/// without listing (the engine's toy game, which the tests drive through the binary).
#[derive(Clone, Copy)]
pub struct Catalogue {
    pub listed: &'static [&'static SystemInfo],
    pub unlisted: &'static [&'static SystemInfo],
}

impl Catalogue {
    /// A system by name, listed or not, in any case.
    pub fn find(&self, name: &str) -> Option<&'static SystemInfo> {
        self.listed.iter().chain(self.unlisted).copied().find(|s| s.name.eq_ignore_ascii_case(name))
    }
}

static INSTALLED: OnceLock<Catalogue> = OnceLock::new();

/// Hands the program's systems to the core. The first call wins; later ones (a test
/// that installs again) change nothing.
pub fn install(catalogue: Catalogue) {
    let _ = INSTALLED.get_or_init(|| catalogue);
}

/// The systems installed, listed ones only; empty before [`install`].
pub fn listed() -> &'static [&'static SystemInfo] {
    INSTALLED.get().map_or(&[], |c| c.listed)
}

/// Looks a system up by name, listed or not; None before [`install`].
pub fn find(name: &str) -> Option<&'static SystemInfo> {
    INSTALLED.get()?.find(name)
}
