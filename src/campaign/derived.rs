//! A step's derived files: its reports in every format and its board pictures.
//!
//! They are a pure function of what the campaign keeps anyway (the states before and
//! after the step, the step's events and dice, its public record, its ledger line and
//! the templates), and the ledger holds a hash of each (bare for public files, salted
//! for private ones). So a campaign need not keep them for every step: with
//! `keep_reports = n` (8 for new campaigns) a step removes the derived files of the
//! step n before it, `public.json` excepted (the next step's dice depend on its bytes), and
//! anything that needs one again (`report`, `publish`, the zine, a mail's picture,
//! `regenerate`) renders the step again and checks the result against the ledger
//! before using it. A file that does not come out byte for byte (templates edited
//! since, a data file changed) is refused, never passed off as the original.
//!
//! Regenerating reads the campaign without its lock: a resolved step never changes.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use super::adjudicate::{Computed, Headline, render_reports_with, report_templates};
use super::event::Step;
use super::{Config, Ledger, open_engine, read_json, read_json_as, signon};
use crate::error::{Context, Error, Result};
use crate::trust::record::{Announcement, StepRecord, Version};
use crate::trust::{self, Chains};

/// Is `rel` a step's derived file: `reports/<k>/<name>.<ext>` for k ≥ 1, other than
/// `public.json`? Returns k.
pub fn derived_step(rel: &str) -> Option<u64> {
    let mut parts = rel.split('/');
    let (Some("reports"), Some(k), Some(name), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let k: u64 = k.parse().ok().filter(|k| *k >= 1)?;
    let plain = !name.starts_with('.') && name.contains('.') && !name.contains('\\');
    (plain && name != "public.json").then_some(k)
}

/// Reads a campaign file; a pruned derived file is rendered again and checked first.
pub fn read(root: &Path, rel: &str) -> Result<Vec<u8>> {
    Derived::new(root).read(rel)
}

/// Reads several campaign files in order, rendering each pruned step at most once.
pub fn read_all(root: &Path, rels: &[String]) -> Result<Vec<Vec<u8>>> {
    let derived = Derived::new(root);
    rels.iter().map(|rel| derived.read(rel)).collect()
}

/// Renders every derived file of `step` again, each checked against the hash or the
/// salted commitment its step recorded in the ledger: (path relative to the campaign,
/// bytes).
pub fn render_step(root: &Path, step: u64) -> Result<Vec<(String, Vec<u8>)>> {
    Sources::load(root)?.render(step, false)
}

/// A step's rendered files: (path relative to the campaign, bytes).
type Files = Vec<(String, Vec<u8>)>;

/// A campaign's files read with pruned steps rendered again: the campaign's settings,
/// ledger and system are loaded once, and each step rendered at most once.
pub struct Derived {
    root: std::path::PathBuf,
    sources: std::cell::OnceCell<Sources>,
    rendered: std::cell::RefCell<BTreeMap<(u64, bool), Files>>,
}

impl Derived {
    pub fn new(root: &Path) -> Self {
        Derived { root: root.to_path_buf(), sources: Default::default(), rendered: Default::default() }
    }

    /// The file's bytes; a missing derived file of a resolved step is rendered again.
    pub fn read(&self, rel: &str) -> Result<Vec<u8>> {
        match self.read_if_kept(rel)? {
            Some(bytes) => Ok(bytes),
            None => Err(Error::Campaign(format!("{rel}: no such file, and its step never wrote one"))),
        }
    }

    /// As [`Derived::read`], but None for a file that is neither on disk nor one its
    /// step recorded (a picture in a campaign without pictures, say).
    pub fn read_if_kept(&self, rel: &str) -> Result<Option<Vec<u8>>> {
        match std::fs::read(self.root.join(rel)) {
            Ok(bytes) => return Ok(Some(bytes)),
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(Error::Io { path: self.root.join(rel), cause: e });
            }
            Err(_) => {}
        }
        let Some(step) = derived_step(rel) else { return Ok(None) };
        if !self.root.join("campaign.toml").exists() {
            return Ok(None); // a published copy: what is not there is not there
        }
        let sources = match self.sources.get() {
            Some(s) => s,
            None => {
                let loaded = Sources::load(&self.root)?;
                self.sources.get_or_init(|| loaded)
            }
        };
        if !sources.recorded(step, rel) {
            return Ok(None);
        }
        // A public file needs the public report alone, not every reader's.
        let key = (step, super::publish::is_public_report(rel));
        let mut rendered = self.rendered.borrow_mut();
        if let std::collections::btree_map::Entry::Vacant(slot) = rendered.entry(key) {
            slot.insert(sources.render(step, key.1)?);
        }
        Ok(rendered.get(&key).and_then(|files| files.iter().find(|(p, _)| p == rel)).map(|(_, b)| b.clone()))
    }
}

/// What rendering a step again needs, loaded once.
struct Sources {
    root: std::path::PathBuf,
    config: Config,
    steps: Vec<Step>,
    engine: Box<dyn crate::engine::Engine>,
    /// Read once for every step rendered.
    templates: crate::report::Templates,
    version: Version,
    chains: std::cell::OnceCell<Chains>,
}

impl Sources {
    fn load(root: &Path) -> Result<Sources> {
        let config = Config::load(root)?;
        let steps: Vec<Step> = Ledger::open(root)?.steps().cloned().collect();
        let engine = open_engine(root, &config.system)?;
        let announcement: Announcement = read_json_as(&root.join("reports/0/public.json"))?;
        let version = Version::parse(&announcement.trust).unwrap_or(Version::V1);
        let templates = report_templates(root, &config);
        Ok(Sources {
            root: root.to_path_buf(),
            config,
            steps,
            engine,
            templates,
            version,
            chains: Default::default(),
        })
    }

    fn line(&self, step: u64) -> Option<&Step> {
        step.checked_sub(1).and_then(|i| self.steps.get(i as usize))
    }

    /// Did step `step` write `rel` (its ledger line hashes or commits to it)?
    fn recorded(&self, step: u64, rel: &str) -> bool {
        self.line(step).is_some_and(|l| {
            l.files.contains_key(rel) || l.commitments.as_ref().is_some_and(|c| c.contains_key(rel))
        })
    }

    fn hidden(&self, step: u64) -> Result<[u8; 32]> {
        let chains = match self.chains.get() {
            Some(c) => c,
            None => {
                let chains = Chains::new(&super::master_secret_at(&self.root)?, self.config.chain_length);
                self.chains.get_or_init(|| chains)
            }
        };
        chains.hidden(step).ok_or_else(|| Error::Trust(format!("the hidden chain has no element {step}")))
    }

    fn render(&self, step: u64, public_only: bool) -> Result<Vec<(String, Vec<u8>)>> {
        let root = self.root.as_path();
        let line =
            self.line(step).ok_or_else(|| Error::Campaign(format!("step {step} has not been resolved")))?;
        let before = read_json(&root.join(super::state_path(step - 1)))?;
        let after = read_json(&root.join(super::state_path(step)))?;
        let recorded: Recorded = read_json_as(&root.join(format!("state/{step}.events.json")))?;
        let computed = Computed {
            state: after,
            events: recorded.events,
            rolls: recorded.rolls,
            record: read_json_as::<StepRecord>(&root.join(format!("reports/{step}/public.json")))?,
        };
        let receipted = |s: &Step| s.receipts.iter().any(|r| r.receipt.is_some());
        let signed_on = self.steps.iter().take(step as usize - 1).any(receipted);
        let signed_on_after = signed_on || computed.record.receipts.iter().any(|r| r.receipt.is_some());
        let players = self.config.player_ids();
        let phase = signon::open(self.engine.phase(&before)?, self.version, signed_on, &players);
        let next = signon::open(self.engine.phase(&computed.state)?, self.version, signed_on_after, &players);
        let headline = Headline {
            step,
            phase: &phase,
            next: &next,
            next_deadline: line.next_deadline.clone(),
            press: &line.press,
        };
        let rendered = render_reports_with(
            &self.templates,
            &self.config,
            self.engine.as_ref(),
            &headline,
            &before,
            &computed,
            public_only,
        )?;
        let mut out = Vec::with_capacity(rendered.len());
        for (path, text, _) in rendered {
            let rel = path.display().to_string();
            let ok = if let Some(hash) = line.files.get(&rel) {
                *hash == trust::hex(&trust::h(&[text.as_bytes()]))
            } else if let Some(commitment) = line.commitments.as_ref().and_then(|c| c.get(&rel)) {
                let salt = trust::report_salt(&self.hidden(step)?, &rel);
                *commitment == trust::hex(&trust::report_commitment(&salt, text.as_bytes()))
            } else {
                false
            };
            if !ok {
                return Err(Error::Campaign(format!(
                    "{rel}: rendering step {step} again does not give the file its ledger line recorded (were templates, data files or report settings changed since?); it cannot be regenerated byte for byte"
                )));
            }
            out.push((rel, Arc::unwrap_or_clone(text).into_bytes()));
        }
        Ok(out)
    }
}

/// Writes back every derived file of `step` that is missing; returns how many.
pub fn restore(root: &Path, step: u64) -> Result<usize> {
    let mut written = 0;
    for (rel, bytes) in render_step(root, step)? {
        let path = root.join(&rel);
        if path.exists() {
            continue;
        }
        if super::publish::is_public_report(&rel) {
            super::store::write_atomic_mode(&path, &bytes, Some(super::store::PUBLIC_MODE))?;
        } else {
            super::store::write_atomic(&path, &bytes)?;
        }
        written += 1;
    }
    Ok(written)
}

/// Removes the derived files of `step` (its `public.json` stays). Run after the next
/// step has been committed: a crash between the two leaves files that can be removed
/// again, never a step without its record.
pub fn prune(root: &Path, step: u64) -> Result<usize> {
    let dir = root.join(format!("reports/{step}"));
    let Ok(entries) = std::fs::read_dir(&dir) else { return Ok(0) };
    let mut removed = 0;
    for entry in entries {
        let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if derived_step(&format!("reports/{step}/{name}")).is_some() {
            std::fs::remove_file(entry.path())
                .with_context(|| format!("removing {}", entry.path().display()))?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// The steps whose derived files are not all on disk (pruned), of those resolved.
pub fn pruned_steps(root: &Path) -> Result<Vec<u64>> {
    let ledger = Ledger::open(root)?;
    let mut out = Vec::new();
    for line in ledger.steps() {
        let missing = line
            .files
            .keys()
            .chain(line.commitments.iter().flat_map(BTreeMap::keys))
            .any(|rel| derived_step(rel).is_some() && !root.join(rel).exists());
        if missing {
            out.push(line.step);
        }
    }
    Ok(out)
}

#[derive(serde::Deserialize)]
struct Recorded {
    events: Vec<crate::engine::Event>,
    #[serde(default)]
    rolls: Vec<crate::dice::Roll>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_steps_reports_and_pictures_are_derived() {
        assert_eq!(derived_step("reports/3/france.txt"), Some(3));
        assert_eq!(derived_step("reports/3/public.svg"), Some(3));
        assert_eq!(derived_step("reports/3/public.json"), None);
        assert_eq!(derived_step("reports/0/public.txt"), None);
        assert_eq!(derived_step("reports/x/public.txt"), None);
        assert_eq!(derived_step("reports/3/sub/public.txt"), None);
        assert_eq!(derived_step("reports/3/.tmp-1"), None);
        assert_eq!(derived_step("state/3.json"), None);
    }
}
