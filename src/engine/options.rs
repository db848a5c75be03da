//! Campaign options, declared once per system: what each key may be, checked before
//! the system reads them, so every system refuses an unknown key or a bad value the
//! same clear way, and `umpire systems` can list them.

use crate::engine::error::{Error, Result};
use std::collections::BTreeMap;

/// One option a system takes.
pub struct OptionSpec {
    pub key: &'static str,
    /// The values it may take; empty: free text (a player's name, a number).
    pub values: &'static [&'static str],
    /// What it does, in a few words.
    pub help: &'static str,
}

impl OptionSpec {
    /// `rounds=yes|no` or `government=<text>`.
    pub fn form(&self) -> String {
        if self.values.is_empty() {
            format!("{}=<…>", self.key)
        } else {
            format!("{}={}", self.key, self.values.join("|"))
        }
    }

    /// Does this spec take `key`? A key ending in `.` takes every key it begins
    /// (Diplomacy's `power.<player>`).
    fn takes(&self, key: &str) -> bool {
        match self.key.strip_suffix(".*") {
            Some(prefix) => {
                key.strip_prefix(prefix).is_some_and(|rest| rest.starts_with('.') && rest.len() > 1)
            }
            None => self.key == key,
        }
    }
}

/// Refuses an option `specs` does not declare, or a value outside its list.
pub fn check(system: &str, options: &BTreeMap<String, String>, specs: &[OptionSpec]) -> Result<()> {
    for (key, value) in options {
        let Some(spec) = specs.iter().find(|s| s.takes(key)) else {
            let known: Vec<String> = specs.iter().map(OptionSpec::form).collect();
            return Err(Error::setup(format!(
                "the {system} system has no option '{key}' (it has: {})",
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            )));
        };
        if !spec.values.is_empty() && !spec.values.iter().any(|v| v.eq_ignore_ascii_case(value)) {
            return Err(Error::setup(format!("option {key}={value}: use {}", spec.values.join(" or "))));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec { key: "rounds", values: &["yes", "no"], help: "collect requests in rounds" },
        OptionSpec { key: "power.*", values: &[], help: "a player's power" },
    ];

    #[test]
    fn unknown_keys_and_bad_values_are_refused_with_what_would_do() {
        let ok = BTreeMap::from([
            ("rounds".to_string(), "YES".to_string()),
            ("power.ann".to_string(), "france".to_string()),
        ]);
        assert!(check("x", &ok, SPECS).is_ok());
        let e = check("x", &BTreeMap::from([("round".to_string(), "yes".to_string())]), SPECS)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no option 'round'") && e.contains("rounds=yes|no") && e.contains("power.*=<…>"),
            "{e}"
        );
        let e = check("x", &BTreeMap::from([("rounds".to_string(), "maybe".to_string())]), SPECS)
            .unwrap_err()
            .to_string();
        assert!(e.contains("use yes or no"), "{e}");
        assert!(check("x", &BTreeMap::from([("power.".to_string(), "f".to_string())]), SPECS).is_err());
    }
}
