//! The campaign's append-only ledger: one JSON line per event, each hashing the line
//! before it, so an edit anywhere but the very end breaks the chain and `verify` says so.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use serde_json::{Map, Value};

use super::{clock, store};
use crate::trust;

/// The `prev` of the first line.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

pub struct Ledger {
    path: PathBuf,
    lines: Vec<String>,
    entries: Vec<Value>,
}

impl Ledger {
    pub fn open(root: &Path) -> Result<Self> {
        let path = root.join("ledger.jsonl");
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        let mut lines = Vec::new();
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let v: Value = serde_json::from_str(line)
                .map_err(|e| anyhow!("{}:{}: not a JSON line: {e}", path.display(), i + 1))?;
            lines.push(line.to_string());
            entries.push(v);
        }
        Ok(Ledger { path, lines, entries })
    }

    pub fn entries(&self) -> &[Value] {
        &self.entries
    }

    /// Entries whose `event` field is `kind`.
    pub fn events<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        self.entries.iter().filter(move |e| e["event"] == kind)
    }

    pub fn has_txn(&self, id: &str) -> bool {
        self.entries.iter().any(|e| e["txn"] == id)
    }

    pub fn next_txn_id(&self) -> String {
        let n = self
            .entries
            .iter()
            .filter_map(|e| e["txn"].as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        format!("{:06}", n + 1)
    }

    /// Appends `entries` as one atomic rewrite of the ledger file.
    pub fn append(&mut self, txn: &str, entries: Vec<Value>) -> Result<()> {
        let mut lines = self.lines.clone();
        let mut added = Vec::new();
        for entry in entries {
            let prev = lines
                .last()
                .map(|l| trust::hex(&trust::h(&[l.as_bytes()])))
                .unwrap_or_else(|| GENESIS.to_string());
            let mut obj = Map::new();
            obj.insert("seq".into(), Value::from(lines.len() as u64 + 1));
            obj.insert("prev".into(), Value::from(prev));
            obj.insert("at".into(), Value::from(clock::now().to_rfc3339()));
            obj.insert("txn".into(), Value::from(txn));
            if let Value::Object(fields) = entry {
                for (k, v) in fields {
                    obj.entry(k).or_insert(v);
                }
            }
            let value = Value::Object(obj);
            lines.push(serde_json::to_string(&value)?);
            added.push(value);
        }
        let mut text = lines.join("\n");
        text.push('\n');
        store::write_atomic(&self.path, text.as_bytes())?;
        self.lines = lines;
        self.entries.extend(added);
        Ok(())
    }
}

/// Checks the hash chain of a ledger file; names the first line that breaks it.
pub fn check_chain(text: &str) -> Result<usize, String> {
    let mut prev = GENESIS.to_string();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let v: Value =
            serde_json::from_str(line).map_err(|e| format!("ledger line {}: not JSON ({e})", i + 1))?;
        if v["prev"].as_str() != Some(prev.as_str()) {
            return Err(format!(
                "ledger line {}: its prev does not hash the line before it (line {} was changed, or lines were removed)",
                i + 1,
                i.max(1)
            ));
        }
        prev = trust::hex(&trust::h(&[line.as_bytes()]));
        count += 1;
    }
    Ok(count)
}
