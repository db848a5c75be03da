//! A system's data files: embedded defaults, overridable by a campaign's own copy.
//!
//! A GM who owns the printed game puts corrected files in `<campaign>/games/<system>/`;
//! those win over the embedded ones. The audit bundle carries any such file.

use std::path::PathBuf;

use super::{Error, Result};

pub struct GameData {
    pub system: &'static str,
    embedded: &'static [(&'static str, &'static str)],
    override_dir: Option<PathBuf>,
}

impl GameData {
    pub fn new(
        system: &'static str,
        embedded: &'static [(&'static str, &'static str)],
        override_dir: Option<PathBuf>,
    ) -> Self {
        GameData { system, embedded, override_dir }
    }

    /// The embedded files only.
    pub fn embedded(system: &'static str, embedded: &'static [(&'static str, &'static str)]) -> Self {
        GameData::new(system, embedded, None)
    }

    /// The text of `file` (a name like `standard.toml`).
    pub fn text(&self, file: &str) -> Result<String> {
        if let Some(dir) = &self.override_dir {
            let path = dir.join(file);
            if path.exists() {
                return std::fs::read_to_string(&path).map_err(|cause| Error::Io { path, cause });
            }
        }
        self.embedded
            .iter()
            .find(|(name, _)| *name == file)
            .map(|(_, text)| text.to_string())
            .ok_or_else(|| Error::data(file, format!("system {} has no such data file", self.system)))
    }

    /// The text of `file` with what a report's footer says of it: its SHA-256 and
    /// whether it is the built-in copy or the campaign's own.
    pub fn text_in_use(&self, file: &str) -> Result<(String, FileInUse)> {
        let text = self.text(file)?;
        let builtin = self.embedded.iter().any(|(name, t)| *name == file && *t == text);
        let sha256 = crate::trust::hex(&crate::trust::h(&[text.as_bytes()]));
        Ok((text, FileInUse { name: file.to_string(), sha256, builtin }))
    }

    /// The system's sample game, `demo.toml`: what `demo` plays and whom `soak` seats.
    pub fn demo_script(&self) -> Result<DemoScript> {
        let text = self
            .text("demo.toml")
            .map_err(|_| Error::setup(format!("there is no demo for system '{}'", self.system)))?;
        toml::from_str(&text).map_err(|e| Error::data(format!("{}'s demo.toml", self.system), e))
    }

    /// The campaign's own copies that replace embedded files, as (name, path).
    pub fn overrides(&self) -> Vec<(String, PathBuf)> {
        let Some(dir) = &self.override_dir else {
            return Vec::new();
        };
        self.embedded
            .iter()
            .map(|(name, _)| (name.to_string(), dir.join(name)))
            .filter(|(_, p)| p.exists())
            .collect()
    }
}

/// A data file in use, as a report's footer names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileInUse {
    pub name: String,
    pub sha256: String,
    /// The embedded copy, not a GM's own.
    pub builtin: bool,
}

impl FileInUse {
    /// `map.toml sha256 <hex> (built-in)`, or `(the GM's copy)`.
    pub fn footer(&self) -> String {
        format!(
            "{} sha256 {} ({})",
            self.name,
            self.sha256,
            if self.builtin { "built-in" } else { "the GM's copy" }
        )
    }
}

/// `games/<system>/demo.toml`: the players, then each phase's orders bodies in turn.
#[derive(serde::Deserialize)]
pub struct DemoScript {
    pub about: Option<String>,
    pub players: Vec<String>,
    #[serde(default)]
    pub scenario: Option<String>,
    /// Options for the sample game and for `soak`'s games alike.
    #[serde(default)]
    options: std::collections::BTreeMap<String, toml::Value>,
    /// Options for the sample game alone (a dealing or a timing that makes its fixed
    /// orders show what they mean to), never for `soak`, which plays the game itself.
    #[serde(default)]
    demo_options: std::collections::BTreeMap<String, toml::Value>,
    #[serde(default)]
    pub phase: Vec<DemoPhase>,
}

fn as_text(
    options: &std::collections::BTreeMap<String, toml::Value>,
) -> std::collections::BTreeMap<String, String> {
    options
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())))
        .collect()
}

impl DemoScript {
    /// The campaign options `soak` plays with, each as text (`rounds = "yes"`, `end = 30`
    /// alike).
    pub fn options(&self) -> std::collections::BTreeMap<String, String> {
        as_text(&self.options)
    }

    /// The sample game's options: the shared ones and its own.
    pub fn demo_options(&self) -> std::collections::BTreeMap<String, String> {
        let mut all = as_text(&self.options);
        all.extend(as_text(&self.demo_options));
        all
    }
}

#[derive(serde::Deserialize)]
pub struct DemoPhase {
    /// The phase id the game must be at (a check that the script and the rules agree).
    pub id: String,
    /// Each player's orders body (no envelope); players left out send nothing.
    #[serde(default)]
    pub orders: std::collections::BTreeMap<String, String>,
    /// After this phase's orders, the system's bot writes every file the game waits
    /// for until the phase with this id opens (or `END`: until the game ends), so a
    /// short scripted opening can run on to a whole game.
    #[serde(default)]
    pub bots_until: Option<String>,
}
