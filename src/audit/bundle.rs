//! The audit bundle: the master secret, every sealed orders file, and the states, so
//! that `verify --bundle` can replay every step, hidden dice and hidden moves included.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::{Context, Error, Result};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::campaign::{Campaign, read_json, state_path};
use crate::dice::{Roll, StreamKind};
use crate::trust;

pub const BUNDLE_VERSION: &str = "umpire-audit-v1";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Bundle {
    pub bundle: String,
    pub campaign: String,
    pub system: String,
    pub scenario: Option<String>,
    pub options: BTreeMap<String, String>,
    pub players: Vec<String>,
    pub chain_length: u64,
    pub master_secret: String,
    pub initial_state: Value,
    /// The campaign's own data files that replaced the built-in ones, by name.
    #[serde(default)]
    pub data_files: BTreeMap<String, String>,
    pub steps: Vec<BundleStep>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BundleStep {
    pub step: u64,
    pub phase: String,
    pub due: Vec<String>,
    /// Each sealed orders file, base64 of its exact bytes.
    pub sealed: BTreeMap<String, String>,
    pub hidden_rolls: Vec<HiddenRoll>,
    pub state: Value,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenRoll {
    pub seq: u64,
    pub label: String,
    pub sides: u32,
    pub face: u32,
}

impl BundleStep {
    pub fn sealed_bytes(&self) -> Result<BTreeMap<String, Vec<u8>>> {
        self.sealed
            .iter()
            .map(|(p, b)| {
                let bytes = base64::engine::general_purpose::STANDARD.decode(b).map_err(|e| {
                    Error::Trust(format!("step {}: the sealed orders of {p} are not base64: {e}", self.step))
                })?;
                Ok((p.clone(), bytes))
            })
            .collect()
    }
}

/// Gathers the bundle of a campaign.
pub fn build(c: &Campaign) -> Result<Bundle> {
    let mut steps = Vec::new();
    for entry in c.ledger.steps() {
        let step = entry.step;
        let due = entry.due.clone();
        let mut sealed = BTreeMap::new();
        for (player, file) in &entry.sealed {
            let bytes = std::fs::read(c.root.join(file)).with_context(|| format!("reading {file}"))?;
            sealed.insert(player.clone(), base64::engine::general_purpose::STANDARD.encode(bytes));
        }
        let record = read_json(&c.root.join(format!("state/{step}.events.json")))?;
        let rolls: Vec<Roll> = serde_json::from_value(record["rolls"].clone()).unwrap_or_default();
        let hidden_rolls = rolls
            .into_iter()
            .filter(|r| r.stream == StreamKind::Hidden)
            .map(|r| HiddenRoll { seq: r.seq, label: r.label, sides: r.sides, face: r.face })
            .collect();
        steps.push(BundleStep {
            step,
            phase: entry.phase.clone(),
            due,
            sealed,
            hidden_rolls,
            state: c.state(step)?,
        });
    }
    let engine_data = crate::engine::find(&c.config.system)
        .map(|info| {
            crate::engine::GameData::new(info.name, info.files, Some(c.root.join("games").join(info.name)))
        })
        .map(|d| d.overrides())
        .unwrap_or_default();
    let mut data_files = BTreeMap::new();
    for (name, path) in engine_data {
        data_files.insert(
            name,
            std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?,
        );
    }
    Ok(Bundle {
        bundle: BUNDLE_VERSION.into(),
        campaign: c.config.id.clone(),
        system: c.config.system.clone(),
        scenario: c.config.scenario.clone(),
        options: c.config.options.clone(),
        players: c.config.player_ids(),
        chain_length: c.config.chain_length,
        master_secret: trust::hex(&c.master_secret()?),
        initial_state: read_json(&c.root.join(state_path(0)))?,
        data_files,
        steps,
    })
}

/// Writes the bundle of a campaign to `out`.
pub fn write_bundle(c: &Campaign, out: &Path) -> Result<usize> {
    let bundle = build(c)?;
    crate::campaign::store::write_atomic(out, &serde_json::to_vec_pretty(&bundle)?)?;
    Ok(bundle.steps.len())
}

pub fn load(path: &Path) -> Result<Bundle> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let bundle: Bundle = serde_json::from_slice(&bytes)
        .map_err(|e| Error::Trust(format!("{}: not an audit bundle: {e}", path.display())))?;
    if bundle.chain_length == 0 || bundle.chain_length > trust::MAX_CHAIN_LENGTH {
        return Err(Error::Trust(format!(
            "{}: chain_length must be 1 to {}",
            path.display(),
            trust::MAX_CHAIN_LENGTH
        )));
    }
    if bundle.bundle != BUNDLE_VERSION {
        return Err(Error::Trust(format!(
            "{}: bundle version {} is not {BUNDLE_VERSION}",
            path.display(),
            bundle.bundle
        )));
    }
    Ok(bundle)
}
