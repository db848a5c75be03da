//! `umpire publish`: the public set, defined once. What it writes is exactly what a GM
//! may post to a forum or print in a zine; everything else in the campaign directory
//! stays with the GM until the audit bundle.
//!
//! The public set is:
//! - every public report, in every format, and every `public.json` (`reports/<k>/public.*`);
//! - `ledger.jsonl`, the public ledger: each line of the GM's ledger that auditors need,
//!   reduced to its public fields (no mail address, Message-ID, size or file name), and
//!   chained anew (`prev` hashes the previous public line). It is a pure function of the
//!   GM's ledger, so a later publication extends an earlier one line for line;
//! - the campaign's own templates and data files, whose hashes the public ledger's first
//!   line lists, so a replay renders the reports as the campaign did;
//! - `verify.html`, the page that checks the record in a browser (the same page for
//!   every campaign: it holds nothing of this one).
//!
//! The campaign's public settings (id, system, scenario, options, player ids, the game's
//! address) ride in the first line of the public ledger; player addresses and secrets
//! never leave the GM's directory.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::error::{Context, Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::event::Creation;
use super::ledger::GENESIS;
use super::{Config, Player, store};
use crate::trust;

/// Is `rel` (a path relative to the campaign directory) a file of the public set?
/// Public reports and records are `reports/<k>/public.<ext>`.
pub fn is_public_report(rel: &str) -> bool {
    let mut parts = rel.split('/');
    matches!(
        (parts.next(), parts.next(), parts.next(), parts.next()),
        (Some("reports"), Some(k), Some(name), None)
            if k.parse::<u64>().is_ok() && name.starts_with("public.") && !name.contains("..")
    )
}

/// The campaign's public settings, as the public ledger's first line carries them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Settings {
    pub id: String,
    pub system: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    pub game_address: String,
    pub chain_length: u64,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub players: Vec<String>,
    /// Reports escape values in Markdown and BBCode (see `Config::escape_reports`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub escape_reports: bool,
    /// The reports' layout (see `Config::report_layout`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub report_layout: u32,
    /// Reports carry board pictures (see `Config::maps`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub maps: bool,
    /// How the board pictures are drawn (see `Config::map_style`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub map_style: u32,
    /// HTML reports show the board from its file (see `Config::linked_pictures`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub linked_pictures: bool,
    /// Where the record is published, as the public reports name it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    /// SHA-256 of each template and data file the campaign overrides (path → hex).
    #[serde(default)]
    pub files: BTreeMap<String, String>,
}

impl Settings {
    fn of(config: &Config, files: BTreeMap<String, String>) -> Self {
        Settings {
            id: config.id.clone(),
            system: config.system.clone(),
            scenario: config.scenario.clone(),
            game_address: config.game_address.clone(),
            chain_length: config.chain_length,
            options: config.options.clone(),
            players: config.player_ids(),
            escape_reports: config.escape_reports,
            report_layout: config.report_layout,
            maps: config.maps,
            map_style: config.map_style,
            linked_pictures: config.linked_pictures,
            published: config.published.clone(),
            files,
        }
    }

    /// A configuration good for rendering reports (no addresses, no secrets).
    pub fn config(&self) -> Config {
        Config {
            id: self.id.clone(),
            system: self.system.clone(),
            scenario: self.scenario.clone(),
            game_address: self.game_address.clone(),
            gm_email: None,
            chain_length: self.chain_length,
            max_input_bytes: super::config::DEFAULT_MAX_INPUT,
            options: self.options.clone(),
            directory_mode: None,
            escape_reports: self.escape_reports,
            report_layout: self.report_layout,
            maps: self.maps,
            map_style: self.map_style,
            mail_pictures: false,
            linked_pictures: self.linked_pictures,
            keep_reports: 0,
            published: self.published.clone(),
            press: None,
            schedule: None,
            rules: None,
            players: self
                .players
                .iter()
                .map(|id| Player {
                    id: id.clone(),
                    email: String::new(),
                    secret_salt: String::new(),
                    secret_hash: String::new(),
                })
                .collect(),
            gm_secret_salt: String::new(),
            gm_secret_hash: String::new(),
        }
    }
}

/// The fields of each kind of ledger line that are public; other kinds stay private
/// (`input`: addresses, Message-IDs and sizes; `reminder` and `late`: who has not yet
/// ordered).
fn public_fields(event: &str) -> Option<&'static [&'static str]> {
    Some(match event {
        "new" => &["campaign", "system", "players", "chain_length", "chain_public", "chain_hidden", "opened"],
        "accept" => &["step", "player", "receipt"],
        "step" => &[
            "step",
            "phase",
            "due",
            "receipts",
            "files",
            "commitments",
            "opened",
            "next_deadline",
            "press",
            "standings",
        ],
        "extend" => &["step", "deadline"],
        "pause" => &["step"],
        "resume" => &["step", "opened"],
        "replace" => &["player"],
        _ => return None,
    })
}

/// The public part of one ledger line (its time, its kind and its public fields), or
/// None for a kind that stays private.
fn public_part(entry: &Value) -> Option<Map<String, Value>> {
    let event = entry["event"].as_str().unwrap_or_default();
    let fields = public_fields(event)?;
    let mut obj = Map::new();
    obj.insert("at".into(), entry["at"].clone());
    obj.insert("event".into(), json!(event));
    for f in fields {
        let mut v = entry[*f].clone();
        if *f == "files" {
            // Earlier builds hashed every report here, private ones bare: keep only
            // the public files' hashes.
            if let Value::Object(m) = &mut v {
                m.retain(|path, _| is_public_report(path));
            }
        }
        if !v.is_null() {
            obj.insert((*f).into(), v);
        }
    }
    Some(obj)
}

/// The public parts of the lines of a ledger (the GM's or a published one: the public
/// ledger's lines are their own public part), for readers such as the zine that may
/// see only what `publish` would publish.
pub fn public_lines(ledger: &str) -> Result<Vec<Map<String, Value>>> {
    let mut out = Vec::new();
    for (i, line) in ledger.lines().enumerate() {
        let entry: Value = serde_json::from_str(line)
            .map_err(|e| Error::Campaign(format!("ledger.jsonl:{}: not a JSON line: {e}", i + 1)))?;
        out.extend(public_part(&entry));
    }
    Ok(out)
}

/// The public ledger: the public lines of `private` (the GM's ledger text), chained anew.
pub fn public_ledger(private: &str, settings: &Settings) -> Result<String> {
    let mut out = String::new();
    let mut prev = GENESIS.to_string();
    let mut seq = 0u64;
    for part in public_lines(private)? {
        let event = part.get("event").and_then(Value::as_str).unwrap_or_default().to_string();
        seq += 1;
        let mut obj = Map::new();
        obj.insert("seq".into(), json!(seq));
        obj.insert("prev".into(), json!(prev));
        obj.extend(part);
        if event == "new" {
            obj.insert("settings".into(), serde_json::to_value(settings)?);
        }
        let text = serde_json::to_string(&Value::Object(obj))?;
        prev = trust::hex(&trust::h(&[text.as_bytes()]));
        out.push_str(&text);
        out.push('\n');
    }
    Ok(out)
}

/// The campaign's own templates and data files, by path relative to the campaign.
fn overrides(root: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for top in ["templates", "games"] {
        let mut stack = vec![root.join(top)];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if !e.file_name().to_string_lossy().starts_with('.') {
                    out.push(p.strip_prefix(root).map(Path::to_path_buf).unwrap_or(p));
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// What `publish` wrote.
pub struct Published {
    pub files: usize,
    pub ledger_lines: usize,
}

/// Writes the public set of the campaign at `root` into `out` (which must be new or empty).
pub fn publish(root: &Path, out: &Path) -> Result<Published> {
    let config = Config::load(root)?;
    if out.exists()
        && std::fs::read_dir(out).with_context(|| format!("reading {}", out.display()))?.next().is_some()
    {
        return Err(Error::Refused(format!(
            "{} exists and is not empty; publish into a new directory",
            out.display()
        )));
    }
    let lock = super::lock_new(root)?;
    let mut files = BTreeMap::new();
    let mut copies: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for rel in overrides(root)? {
        let bytes = std::fs::read(root.join(&rel)).with_context(|| format!("reading {}", rel.display()))?;
        files.insert(rel.display().to_string(), trust::hex(&trust::h(&[&bytes])));
        copies.push((rel, bytes));
    }
    let reports = root.join("reports");
    let mut steps: Vec<u64> = std::fs::read_dir(&reports)
        .with_context(|| format!("reading {}", reports.display()))?
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse().ok()))
        .collect();
    steps.sort();
    // A step's public files: those on disk and those its ledger line recorded (a
    // pruned step's, rendered again and checked).
    let ledger_files: BTreeMap<u64, Vec<String>> = if config.keep_reports > 0 {
        super::Ledger::open(root)?
            .steps()
            .map(|s| (s.step, s.files.keys().filter(|f| is_public_report(f)).cloned().collect()))
            .collect()
    } else {
        BTreeMap::new() // a campaign that keeps every step's reports has them on disk
    };
    for k in steps {
        let dir = reports.join(k.to_string());
        let mut names: BTreeSet<String> = std::fs::read_dir(&dir)?
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(|n| format!("reports/{k}/{n}")))
            .filter(|rel| is_public_report(rel))
            .collect();
        names.extend(ledger_files.get(&k).into_iter().flatten().cloned());
        let names: Vec<String> = names.into_iter().collect();
        for (rel, bytes) in names.iter().zip(super::derived::read_all(root, &names)?) {
            copies.push((PathBuf::from(rel), bytes));
        }
    }
    let private = std::fs::read_to_string(root.join("ledger.jsonl")).context("reading ledger.jsonl")?;
    let ledger = public_ledger(&private, &Settings::of(&config, files))?;
    drop(lock);

    store::create_dirs(out)?;
    for (rel, bytes) in &copies {
        store::write_atomic_mode(&out.join(rel), bytes, Some(store::PUBLIC_MODE))?;
    }
    store::write_atomic_mode(&out.join("ledger.jsonl"), ledger.as_bytes(), Some(store::PUBLIC_MODE))?;
    write_verify_page(out)?;
    set_public_dirs(out)?;
    Ok(Published { files: copies.len() + 2, ledger_lines: ledger.lines().count() })
}

/// Writes `verify.html`, the browser check of the record, into `dir`.
pub fn write_verify_page(dir: &Path) -> Result<()> {
    use crate::trust::{VERIFY_PAGE, VERIFY_PAGE_NAME};
    store::write_atomic_mode(&dir.join(VERIFY_PAGE_NAME), VERIFY_PAGE.as_bytes(), Some(store::PUBLIC_MODE))
}

/// The published folder is for everyone: its directories open up (0755).
fn set_public_dirs(out: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mut stack = vec![out.to_path_buf()];
        while let Some(dir) = stack.pop() {
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755))?;
            for e in std::fs::read_dir(&dir)?.flatten() {
                if e.path().is_dir() {
                    stack.push(e.path());
                }
            }
        }
    }
    #[cfg(not(unix))]
    let _ = out;
    Ok(())
}

/// The settings a published ledger carries in its `new` line, if it has them.
pub fn published_settings(new_line: &Creation) -> Option<Settings> {
    serde_json::from_value(new_line.settings.clone()?).ok()
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_reports_are_the_public_set() {
        assert!(is_public_report("reports/3/public.txt"));
        assert!(is_public_report("reports/0/public.json"));
        assert!(!is_public_report("reports/3/france.txt"));
        assert!(!is_public_report("reports/3/gm.md"));
        assert!(!is_public_report("reports/x/public.txt"));
        assert!(!is_public_report("reports/3/sub/public.txt"));
        assert!(!is_public_report("state/3/public.txt"));
    }
}
