//! The campaign's append-only ledger: one JSON line per event, each hashing the line
//! before it, so an edit anywhere but the very end breaks the chain and `verify` says so.

use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Context, Error, Result};
use serde_json::{Map, Value};

use super::event::{Accept, Entry, Event, Input, Step};
use super::{clock, store};
use crate::trust;

/// The `prev` of the first line.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

pub struct Ledger {
    path: PathBuf,
    lines: Vec<String>,
    typed: Vec<Entry>,
}

impl Ledger {
    /// Opens the ledger of the campaign at `root` (whose lock the caller holds). A torn
    /// tail, left by a crash in the middle of an append, is cut off: see [`torn_tail`].
    pub fn open(root: &Path) -> Result<Self> {
        let path = root.join("ledger.jsonl");
        let mut text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        if let Some(keep) = torn_tail(root, &text) {
            eprintln!(
                "umpire: {}: cutting an unfinished append ({} byte(s)) left by an interrupted command",
                path.display(),
                text.len() - keep
            );
            let file = fs::OpenOptions::new().write(true).open(&path)?;
            file.set_len(keep as u64)?;
            file.sync_all()?;
            text.truncate(keep);
        }
        let mut lines = Vec::new();
        let mut typed = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let v: Value = serde_json::from_str(line).map_err(|e| {
                Error::Campaign(format!("{}:{}: not a JSON line: {e}", path.display(), i + 1))
            })?;
            let entry = Entry::from_value(&v).map_err(|e| {
                Error::Campaign(format!("{}:{}: not a ledger event: {e}", path.display(), i + 1))
            })?;
            lines.push(line.to_string());
            typed.push(entry);
        }
        Ok(Ledger { path, lines, typed })
    }

    /// The lines as typed entries, oldest first.
    pub fn typed(&self) -> &[Entry] {
        &self.typed
    }

    /// The events, oldest first.
    pub fn events(&self) -> impl DoubleEndedIterator<Item = &Event> {
        self.typed.iter().map(|e| &e.event)
    }

    /// Every `accept` line: orders sealed for a step.
    pub fn accepts(&self) -> impl Iterator<Item = &Accept> {
        self.events().filter_map(|e| if let Event::Accept(a) = e { Some(a) } else { None })
    }

    /// Every `input` line: what arrived.
    pub fn inputs(&self) -> impl Iterator<Item = &Input> {
        self.events().filter_map(|e| if let Event::Input(i) = e { Some(i) } else { None })
    }

    /// Every `step` line: the phases adjudicated.
    pub fn steps(&self) -> impl Iterator<Item = &Step> {
        self.events().filter_map(|e| if let Event::Step(s) = e { Some(s) } else { None })
    }

    pub fn has_txn(&self, id: &str) -> bool {
        self.typed.iter().any(|e| e.txn.as_deref() == Some(id))
    }

    pub fn next_txn_id(&self) -> String {
        let n = self
            .typed
            .iter()
            .filter_map(|e| e.txn.as_deref())
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        format!("{:06}", n + 1)
    }

    /// Appends `events` with one write and an fsync of the file (and of its directory
    /// when the file is new). This is the commit point of a transaction: a crash in the
    /// middle leaves a torn tail, which the next [`Ledger::open`] cuts off.
    pub fn append(&mut self, txn: &str, events: Vec<Event>) -> Result<()> {
        let mut lines: Vec<String> = Vec::new();
        let mut added = Vec::new();
        for event in events {
            let entry = event.to_value()?;
            let at = clock::now().to_rfc3339();
            let prev = lines
                .last()
                .or(self.lines.last())
                .map(|l| trust::hex(&trust::h(&[l.as_bytes()])))
                .unwrap_or_else(|| GENESIS.to_string());
            let mut obj = Map::new();
            obj.insert("seq".into(), Value::from((self.lines.len() + lines.len()) as u64 + 1));
            obj.insert("prev".into(), Value::from(prev));
            obj.insert("at".into(), Value::from(at.clone()));
            obj.insert("txn".into(), Value::from(txn));
            if let Value::Object(fields) = entry {
                for (k, v) in fields {
                    obj.entry(k).or_insert(v);
                }
            }
            lines.push(serde_json::to_string(&Value::Object(obj))?);
            added.push(Entry { at, txn: Some(txn.to_string()), event });
        }
        let mut text = String::new();
        for l in &lines {
            text.push_str(l);
            text.push('\n');
        }
        let new_file = !self.path.exists();
        let mut options = fs::OpenOptions::new();
        options.create(true).append(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, store::HIDDEN_MODE);
        let mut file =
            options.open(&self.path).with_context(|| format!("opening {}", self.path.display()))?;
        std::io::Write::write_all(&mut file, text.as_bytes())
            .with_context(|| format!("appending to {}", self.path.display()))?;
        if store::durable() {
            file.sync_data().with_context(|| format!("syncing {}", self.path.display()))?;
            if let (true, Some(dir)) = (new_file, self.path.parent()) {
                fs::File::open(dir).and_then(|d| d.sync_all()).ok();
            }
        }
        self.lines.extend(lines);
        self.typed.extend(added);
        Ok(())
    }
}

/// Where to cut a ledger text that a crash left torn, or `None` if it is whole.
///
/// A whole ledger ends with a newline and every line is JSON. A torn one ends in part of
/// a line: that fragment goes. If the last whole line's transaction is still staged
/// under `pending/` (so it was never applied), the fragment belongs to it, and its whole
/// lines go too: a transaction is in the ledger entirely or not at all. (Transactions
/// run one at a time under the lock, and a staged one is applied before the next
/// begins, so only the last can be unfinished.)
pub fn torn_tail(root: &Path, text: &str) -> Option<usize> {
    if text.is_empty() || text.ends_with('\n') {
        return None;
    }
    let mut keep = text.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let last_txn = |upto: usize| -> Option<String> {
        let line = text[..upto].trim_end_matches('\n').rsplit('\n').next()?;
        serde_json::from_str::<Value>(line).ok()?["txn"].as_str().map(str::to_string)
    };
    if let Some(txn) = last_txn(keep).filter(|t| store::is_staged(root, t)) {
        while keep > 0 && last_txn(keep).as_deref() == Some(txn.as_str()) {
            keep = text[..keep - 1].rfind('\n').map(|i| i + 1).unwrap_or(0);
        }
    }
    Some(keep)
}

/// Reads a ledger's text (a GM's or a published one) as typed entries; the error names
/// the line. For auditors' copies: the campaign's own is opened with [`Ledger::open`].
pub fn read_entries(text: &str) -> Result<Vec<Entry>> {
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let v: Value = serde_json::from_str(line)
                .map_err(|e| Error::Campaign(format!("ledger line {}: not JSON ({e})", i + 1)))?;
            Entry::from_value(&v).map_err(|e| Error::Campaign(format!("ledger line {}: {e}", i + 1)))
        })
        .collect()
}

/// Checks the hash chain of a ledger file; names the first line that breaks it.
pub fn check_chain(text: &str) -> Result<usize> {
    let mut prev = GENESIS.to_string();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line)
            .map_err(|e| Error::Trust(format!("ledger line {}: not JSON ({e})", i + 1)))?;
        if v["prev"].as_str() != Some(prev.as_str()) {
            return Err(Error::Trust(format!(
                "ledger line {}: its prev does not hash the line before it (line {} was changed, or lines were removed)",
                i + 1,
                i.max(1)
            )));
        }
        prev = trust::hex(&trust::h(&[line.as_bytes()]));
        count += 1;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pause(step: u64) -> Event {
        Event::Pause { step }
    }

    fn ledger_with_two_txns(dir: &Path) -> String {
        let mut l = Ledger::open(dir).unwrap();
        l.append("000001", vec![pause(1)]).unwrap();
        l.append("000002", vec![pause(2), Event::Resume { step: 2, opened: "x".into() }]).unwrap();
        fs::read_to_string(dir.join("ledger.jsonl")).unwrap()
    }

    #[test]
    fn a_torn_last_line_is_cut_and_the_chain_holds() {
        let dir = tempfile::tempdir().unwrap();
        let whole = ledger_with_two_txns(dir.path());
        assert_eq!(check_chain(&whole).unwrap(), 3);
        // A crash in the middle of the next append: half a line, no newline.
        let torn = format!("{whole}{{\"seq\":4,\"prev\":\"ab");
        fs::write(dir.path().join("ledger.jsonl"), &torn).unwrap();
        let l = Ledger::open(dir.path()).unwrap();
        assert_eq!(l.typed().len(), 3);
        assert_eq!(fs::read_to_string(dir.path().join("ledger.jsonl")).unwrap(), whole);
        // The next append continues the chain.
        let mut l = l;
        l.append("000003", vec![pause(3)]).unwrap();
        assert_eq!(check_chain(&fs::read_to_string(dir.path().join("ledger.jsonl")).unwrap()).unwrap(), 4);
    }

    #[test]
    fn a_torn_transaction_goes_whole() {
        let dir = tempfile::tempdir().unwrap();
        let whole = ledger_with_two_txns(dir.path());
        // Transaction 000003 wrote one whole line and half of its second, and is still staged.
        let mut l = Ledger::open(dir.path()).unwrap();
        l.append("000003", vec![pause(3)]).unwrap();
        let with_first = fs::read_to_string(dir.path().join("ledger.jsonl")).unwrap();
        fs::write(dir.path().join("ledger.jsonl"), format!("{with_first}{{\"seq\":5")).unwrap();
        fs::create_dir_all(dir.path().join("pending/000003")).unwrap();
        let l = Ledger::open(dir.path()).unwrap();
        assert_eq!(l.typed().len(), 3);
        assert_eq!(fs::read_to_string(dir.path().join("ledger.jsonl")).unwrap(), whole);
        assert!(!l.has_txn("000003"));
    }

    #[test]
    fn a_torn_transaction_staged_in_the_manifest_goes_whole() {
        let dir = tempfile::tempdir().unwrap();
        let whole = ledger_with_two_txns(dir.path());
        let mut l = Ledger::open(dir.path()).unwrap();
        l.append("000003", vec![pause(3)]).unwrap();
        let with_first = fs::read_to_string(dir.path().join("ledger.jsonl")).unwrap();
        fs::write(dir.path().join("ledger.jsonl"), format!("{with_first}{{\"seq\":5")).unwrap();
        fs::write(dir.path().join("pending.json"), r#"{"txn":"000003","files":[]}"#).unwrap();
        let l = Ledger::open(dir.path()).unwrap();
        assert_eq!(fs::read_to_string(dir.path().join("ledger.jsonl")).unwrap(), whole);
        assert!(!l.has_txn("000003"));
    }
}
