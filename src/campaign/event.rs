//! The ledger's events as types: what each kind of line records, by name.
//!
//! A ledger line is a JSON object with the chain fields (`seq`, `prev`, `at`, `txn`)
//! and an `event` naming one of the kinds below. Commands record an [`Event`]; readers
//! (deadlines, ingest, verify, the audit bundle) match on it instead of picking fields
//! out of untyped JSON, so a misspelt field is a compile error, not a silent `null`.
//!
//! Lines written by earlier builds lack some fields (a step line before report
//! commitments has no `commitments`); those fields default. The public ledger that
//! `publish` writes holds the same kinds with fewer fields, and reads with the same
//! types. A kind this build does not know reads as [`Event::Other`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::trust::record::ReceiptEntry;

/// One event of a campaign's life, as the ledger records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum Event {
    /// The campaign was created: its players and the heads of its two hash chains.
    New(Creation),
    /// A mail or file arrived (GM's ledger only: it holds addresses and sizes).
    Input(Input),
    /// A player's orders were sealed for a step.
    Accept(Accept),
    /// A phase was adjudicated.
    Step(Step),
    /// Players were told their orders came too late.
    Late { step: u64, players: Vec<String> },
    /// Players who had not ordered were reminded `hours` before the deadline.
    Reminder { step: u64, hours: u64, players: Vec<String> },
    /// The GM moved a step's deadline.
    Extend { step: u64, deadline: String },
    /// The GM paused the campaign.
    Pause { step: u64 },
    /// The GM resumed it: the phase counts as opened again at `opened`.
    Resume { step: u64, opened: String },
    /// The GM handed a side to a new address (the address is in the GM's ledger only).
    Replace {
        player: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        email: Option<String>,
    },
    /// Outbox files that went out.
    Sent { files: Vec<String> },
    /// A kind of line this build does not know.
    #[serde(other)]
    Other,
}

/// The `new` line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Creation {
    pub campaign: String,
    pub system: String,
    pub players: Vec<String>,
    pub chain_length: u64,
    pub chain_public: String,
    pub chain_hidden: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened: Option<String>,
    /// The campaign's public settings (public ledger only; see `publish`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Value>,
}

/// The `input` line: what arrived and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Input {
    pub input: u64,
    pub file: String,
    pub sha256: String,
    /// The hash of the mail's text and attachments (a redelivery has other headers).
    pub content_sha256: String,
    pub bytes: u64,
    pub message_id: Option<String>,
    pub from: Option<String>,
    /// `{"accepted": player, "receipt": r}`, `{"refused": why}`, `{"ignored": why}`,
    /// `"duplicate"` or `{"gm": done}`.
    #[serde(default)]
    pub verdict: Value,
}

/// The `accept` line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accept {
    pub step: u64,
    pub player: String,
    pub receipt: String,
    /// The input it came from and the sealed file (GM's ledger only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// The `step` line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub step: u64,
    pub phase: String,
    pub due: Vec<String>,
    /// Each due player's sealed orders file (GM's ledger only).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sealed: BTreeMap<String, String>,
    pub receipts: Vec<ReceiptEntry>,
    /// Bare SHA-256 of the public files the step wrote (all files, in earlier builds).
    #[serde(default)]
    pub files: BTreeMap<String, String>,
    /// Salted commitments to the private reports (absent before they existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitments: Option<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opened: Option<String>,
    #[serde(default)]
    pub next_deadline: Option<String>,
    /// The broadcast press the step's reports carry, in the order it arrived (grey
    /// press without its sender). Absent when there was none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub press: Vec<super::press::Published>,
    /// Where each side stands after the step, in public (the zine's standings table).
    /// Absent in lines written before it existed, and for systems that keep no score.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub standings: Vec<crate::engine::Standing>,
}

/// A ledger line read back: its time, its transaction and its event.
#[derive(Clone, Debug)]
pub struct Entry {
    pub at: String,
    pub txn: Option<String>,
    pub event: Event,
}

impl Entry {
    /// Reads one ledger line; the error names the field that is wrong.
    pub fn from_value(v: &Value) -> crate::error::Result<Self> {
        let event = Event::deserialize(v)?;
        Ok(Entry {
            at: v["at"].as_str().unwrap_or_default().to_string(),
            txn: v["txn"].as_str().map(str::to_string),
            event,
        })
    }
}

impl Event {
    /// The line's fields, without the chain fields the ledger adds.
    pub fn to_value(&self) -> serde_json::Result<Value> {
        serde_json::to_value(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn old_step_lines_read_without_commitments() {
        let v = json!({"seq": 5, "prev": "00", "at": "2026-01-01T00:00:00+00:00", "txn": "000004",
            "event": "step", "step": 1, "phase": "S1901M", "due": ["a"], "sealed": {},
            "receipts": [{"player": "a", "receipt": null}], "files": {"reports/1/public.txt": "ab"},
            "next_deadline": null});
        let e = Entry::from_value(&v).unwrap();
        let Event::Step(s) = e.event else { panic!("not a step: {:?}", e.event) };
        assert_eq!(s.commitments, None);
        assert_eq!(s.files.len(), 1);
        assert_eq!(e.txn.as_deref(), Some("000004"));
    }

    #[test]
    fn unknown_kinds_read_as_other_and_bad_fields_are_errors() {
        let e = Entry::from_value(&json!({"event": "novel", "x": 1})).unwrap();
        assert_eq!(e.event, Event::Other);
        let err = Entry::from_value(&json!({"event": "late", "step": "two", "players": []})).unwrap_err();
        assert!(err.to_string().contains("invalid type"), "{err}");
    }

    #[test]
    fn events_write_the_fields_earlier_builds_wrote() {
        let v = Event::Late { step: 3, players: vec!["bob".into()] }.to_value().unwrap();
        assert_eq!(v, json!({"event": "late", "step": 3, "players": ["bob"]}));
        let v = Event::Replace { player: "bob".into(), email: Some("c@x".into()) }.to_value().unwrap();
        assert_eq!(v, json!({"event": "replace", "player": "bob", "email": "c@x"}));
    }
}
